//! Is a process a JVM that `mimic attach` may safely attach to? Decided from `/proc`
//! before `jcmd` or any signal is involved, because the attach mechanism signals the
//! target with SIGQUIT, which ends a process that does not handle it: the process must
//! exist, belong to the same user, have HotSpot's `libjvm.so` mapped, catch SIGQUIT
//! (a JVM started with `-Xrs` does not) and not have its attach mechanism disabled.
//! Linux only (elsewhere every check passes and `jcmd` decides).

use std::path::PathBuf;

/// Why a process cannot be attached to, in words for the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotAttachable {
    #[error("no process {pid}")]
    NoProcess { pid: u32 },
    #[error("process {pid} ({what}) belongs to user id {owner}, not to you (user id {me}); run mimic attach as its user")]
    OtherUser {
        pid: u32,
        what: String,
        owner: u32,
        me: u32,
    },
    #[error(
        "process {pid} is {what}, not a HotSpot JVM (no libjvm.so mapped); it was left untouched"
    )]
    NotAJvm { pid: u32, what: String },
    #[error("process {pid} ({what}) does not handle SIGQUIT (started with -Xrs?): attaching would end it, so it was left untouched")]
    NoSigquitHandler { pid: u32, what: String },
    #[error("process {pid} ({what}) was started with -XX:+DisableAttachMechanism: no agent can be loaded into it")]
    AttachDisabled { pid: u32, what: String },
}

/// A description of process `pid` for messages: its command name and executable.
fn describe(pid: u32) -> String {
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    let comm = std::fs::read_to_string(proc_dir.join("comm"))
        .map(|c| c.trim().to_string())
        .unwrap_or_else(|_| "?".into());
    match std::fs::read_link(proc_dir.join("exe")) {
        Ok(exe) => format!("'{comm}', {}", exe.display()),
        Err(_) => format!("'{comm}'"),
    }
}

/// The value of a `Key:\tvalue` line of `/proc/<pid>/status`.
fn status_field(status: &str, key: &str) -> Option<String> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
        .map(|v| v.trim().to_string())
}

/// Check that `pid` is a HotSpot JVM of this user that handles SIGQUIT and allows attach.
#[cfg(target_os = "linux")]
pub fn check_attachable(pid: u32) -> Result<(), NotAttachable> {
    let proc_dir = PathBuf::from(format!("/proc/{pid}"));
    let Ok(status) = std::fs::read_to_string(proc_dir.join("status")) else {
        return Err(NotAttachable::NoProcess { pid });
    };
    let what = describe(pid);
    // SAFETY: geteuid has no preconditions.
    let me = unsafe { libc::geteuid() };
    let owner = status_field(&status, "Uid")
        .and_then(|v| v.split_whitespace().nth(1).and_then(|e| e.parse().ok()))
        .unwrap_or(u32::MAX);
    if owner != me {
        return Err(NotAttachable::OtherUser {
            pid,
            what,
            owner,
            me,
        });
    }
    let maps = std::fs::read_to_string(proc_dir.join("maps")).unwrap_or_default();
    if !maps
        .lines()
        .any(|l| l.ends_with("/libjvm.so") || l.contains("/libjvm.so "))
    {
        return Err(NotAttachable::NotAJvm { pid, what });
    }
    let caught = status_field(&status, "SigCgt")
        .and_then(|m| u64::from_str_radix(&m, 16).ok())
        .unwrap_or(0);
    if caught & (1 << (libc::SIGQUIT - 1)) == 0 {
        return Err(NotAttachable::NoSigquitHandler { pid, what });
    }
    let words = |file: &str| -> Vec<String> {
        std::fs::read(proc_dir.join(file))
            .map(|b| {
                b.split(|c| *c == 0)
                    .map(|w| String::from_utf8_lossy(w).into_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    let disabled = |text: &str| text.contains("-XX:+DisableAttachMechanism");
    let environment_disables = words("environ").iter().any(|var| {
        ["JAVA_TOOL_OPTIONS=", "JDK_JAVA_OPTIONS=", "_JAVA_OPTIONS="]
            .iter()
            .any(|k| var.starts_with(k) && disabled(var))
    });
    if words("cmdline").iter().any(|w| disabled(w)) || environment_disables {
        return Err(NotAttachable::AttachDisabled { pid, what });
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
pub fn check_attachable(_pid: u32) -> Result<(), NotAttachable> {
    Ok(())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_process_that_is_not_a_jvm_is_refused_and_left_alive() {
        let mut sleeper = std::process::Command::new("sleep")
            .arg("600")
            .spawn()
            .unwrap();
        let err = check_attachable(sleeper.id()).unwrap_err();
        assert!(matches!(err, NotAttachable::NotAJvm { .. }), "{err}");
        // Named by its executable (its `comm` may still be the parent thread's name right
        // after the spawn: seen once in CI).
        assert!(err.to_string().contains("/sleep"), "{err}");
        assert!(
            sleeper.try_wait().unwrap().is_none(),
            "the process must live"
        );
        sleeper.kill().unwrap();
        let _ = sleeper.wait();
    }

    #[test]
    fn a_missing_process_is_named() {
        // Pid numbers above the kernel's pid_max never exist.
        let err = check_attachable(u32::MAX - 1).unwrap_err();
        assert_eq!(err, NotAttachable::NoProcess { pid: u32::MAX - 1 });
    }

    #[test]
    fn another_users_process_is_refused() {
        // Pid 1 belongs to root; the check is only meaningful when the tests are not root.
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            let err = check_attachable(1).unwrap_err();
            assert!(matches!(err, NotAttachable::OtherUser { .. }), "{err}");
        }
    }

    #[test]
    fn status_fields_are_read_by_key() {
        let status = "Name:\tjava\nUid:\t1000\t1001\t1000\t1000\nSigCgt:\t0000000000000004\n";
        assert_eq!(
            status_field(status, "SigCgt").as_deref(),
            Some("0000000000000004")
        );
        assert_eq!(
            status_field(status, "Uid").as_deref(),
            Some("1000\t1001\t1000\t1000")
        );
        assert_eq!(status_field(status, "Gid"), None);
    }
}
