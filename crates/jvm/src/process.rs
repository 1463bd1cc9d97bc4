//! Every child process mimic starts (JVMs, javac, Maven, jcmd) goes through here: it is
//! registered while it runs, so that an interrupt to mimic (SIGINT, SIGTERM, SIGHUP) ends
//! it too — politely first (SIGTERM, so a recording JVM's agent can flush), then with
//! SIGKILL after [`GRACE`]; a second interrupt kills at once. A wait can have a deadline,
//! after which the child is killed and the result says so ([`Finished::timed_out`]).
//! Output is drained on threads while waiting, so a chatty child never blocks on a full
//! pipe. Signal handling uses the `signal-hook` crate.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::error::JvmError;
use crate::jdk::Jdk;

/// How long children get between SIGTERM and SIGKILL when mimic is interrupted.
pub const GRACE: Duration = Duration::from_secs(5);

/// Deadline for a tool asked a quick question (`mvn -v`, `javac -version`, `jcmd`).
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(120);

/// Deadline for a long tool run with no finer limit of its own (a javac of a big suite,
/// a first Maven fetch on a fresh machine, a JUnit launch): long, but never endless.
pub const TOOL_TIMEOUT: Duration = Duration::from_secs(60 * 60);

/// The first interrupt mimic received (0: none).
static INTERRUPTED: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// The signal that interrupted mimic, if one did: a command that returns after an
/// interrupt must exit with 128 + this signal, not with its children's codes.
pub fn interrupted() -> Option<i32> {
    match INTERRUPTED.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

fn children() -> &'static Mutex<BTreeSet<u32>> {
    static CHILDREN: OnceLock<Mutex<BTreeSet<u32>>> = OnceLock::new();
    CHILDREN.get_or_init(Default::default)
}

fn registered() -> Vec<u32> {
    children()
        .lock()
        .map(|c| c.iter().copied().collect())
        .unwrap_or_default()
}

fn signal_all(signal: i32) {
    for pid in registered() {
        // SAFETY: kill(2) with a pid we started and have not yet reaped.
        unsafe {
            libc::kill(pid as libc::pid_t, signal);
        }
    }
}

/// A started child, registered until it is reaped (or this guard is dropped, which kills
/// it if it still runs).
pub struct Supervised {
    child: Child,
    reaped: bool,
}

/// Start `command` as a registered child.
pub fn spawn(command: &mut Command) -> std::io::Result<Supervised> {
    // Register under the lock, so an interrupt never misses a child that just started.
    let mut registry = children().lock().unwrap_or_else(|p| p.into_inner());
    let child = command.spawn()?;
    registry.insert(child.id());
    Ok(Supervised {
        child,
        reaped: false,
    })
}

/// How a supervised child ended.
#[derive(Debug)]
pub struct Finished {
    /// `None` when it was killed at the deadline.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub timed_out: bool,
    /// Wall time from the start of the wait to its end.
    pub elapsed: Duration,
}

impl Finished {
    /// The same as `std::process::Output` (a timed-out child counts as killed by SIGKILL).
    pub fn into_output(self) -> Output {
        use std::os::unix::process::ExitStatusExt;
        Output {
            status: self
                .status
                .unwrap_or_else(|| ExitStatus::from_raw(libc::SIGKILL)),
            stdout: self.stdout,
            stderr: self.stderr,
        }
    }
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> Option<JoinHandle<Vec<u8>>> {
    pipe.map(|mut p| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = p.read_to_end(&mut bytes);
            bytes
        })
    })
}

impl Supervised {
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The child itself (e.g. to take its stdin or stdout).
    pub fn child_mut(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Wait for the child to end, killing it at `timeout` (none: wait as long as it runs).
    pub fn wait(mut self, timeout: Option<Duration>) -> std::io::Result<Finished> {
        let started = Instant::now();
        let out = drain(self.child.stdout.take());
        let err = drain(self.child.stderr.take());
        let mut timed_out = false;
        let status = if timeout.is_none() {
            // Nothing to watch: block until it ends (an interrupt still reaches it).
            Some(self.child.wait()?)
        } else {
            loop {
            if let Some(status) = self.child.try_wait()? {
                break Some(status);
            }
            if timeout.is_some_and(|t| started.elapsed() >= t) {
                timed_out = true;
                let _ = self.child.kill();
                let _ = self.child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
            }
        };
        self.unregister();
        let join =
            |h: Option<JoinHandle<Vec<u8>>>| h.and_then(|h| h.join().ok()).unwrap_or_default();
        Ok(Finished {
            status,
            stdout: join(out),
            stderr: join(err),
            timed_out,
            elapsed: started.elapsed(),
        })
    }

    fn unregister(&mut self) {
        self.reaped = true;
        if let Ok(mut c) = children().lock() {
            c.remove(&self.child.id());
        }
    }
}

impl Drop for Supervised {
    fn drop(&mut self) {
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.unregister();
        }
    }
}

/// Run `command` to its end with piped output, killed at `timeout` if one is given.
pub fn run(command: &mut Command, timeout: Option<Duration>) -> std::io::Result<Finished> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    spawn(command)?.wait(timeout)
}

/// Install, once per process, the interrupt handling described in the module doc: on
/// SIGINT, SIGTERM or SIGHUP every registered child gets SIGTERM, then SIGKILL after
/// [`GRACE`], and mimic exits with 128 + the signal number; a second interrupt kills the
/// children and exits at once.
pub fn end_children_on_interrupt() {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return;
    }
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        let mut first: Option<i32> = None;
        for signal in signals.forever() {
            if first.is_some() {
                signal_all(libc::SIGKILL);
                std::process::exit(128 + signal);
            }
            first = Some(signal);
            INTERRUPTED.store(signal, Ordering::SeqCst);
            std::thread::spawn(move || {
                let pending = registered().len();
                signal_all(libc::SIGTERM);
                let until = Instant::now() + GRACE;
                while !registered().is_empty() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(20));
                }
                signal_all(libc::SIGKILL);
                if pending > 0 {
                    eprintln!("mimic: interrupted; ended {pending} child process(es)");
                }
                std::process::exit(128 + signal);
            });
        }
    });
}

/// Runs `java args…` in `cwd` and waits for it, capturing stdout and stderr.
/// A non-zero exit is not an error here; look at `Output::status`.
pub fn run_java<S: AsRef<std::ffi::OsStr>>(
    jdk: &Jdk,
    args: &[S],
    cwd: &Path,
) -> Result<Output, JvmError> {
    let java = jdk.java();
    run(Command::new(&java).args(args).current_dir(cwd), None)
        .map(Finished::into_output)
        .map_err(|e| JvmError::spawn(&java, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_collected_and_the_child_unregistered() {
        let f = run(
            Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]),
            None,
        )
        .unwrap();
        assert_eq!(f.status.and_then(|s| s.code()), Some(3));
        assert_eq!(f.stdout, b"out\n");
        assert_eq!(f.stderr, b"err\n");
        assert!(!f.timed_out);
        assert!(registered().is_empty() || !registered().contains(&0));
    }

    #[test]
    fn a_child_past_its_deadline_is_killed_and_reaped() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo started; exec sleep 600"]);
        let f = run(&mut cmd, Some(Duration::from_millis(300))).unwrap();
        assert!(f.timed_out);
        assert!(f.status.is_none());
        assert_eq!(f.stdout, b"started\n");
        assert!(!f.into_output().status.success());
    }

    #[test]
    fn dropping_the_guard_kills_a_running_child() {
        let guard = spawn(Command::new("sleep").arg("600")).unwrap();
        let pid = guard.id();
        assert!(registered().contains(&pid));
        drop(guard);
        assert!(!registered().contains(&pid));
        // SAFETY: signal 0 only checks whether the pid exists.
        let alive = unsafe { libc::kill(pid as libc::pid_t, 0) } == 0;
        assert!(!alive, "pid {pid} still runs");
    }

    #[test]
    fn a_big_output_does_not_block_the_child() {
        let f = run(
            Command::new("sh").args(["-c", "head -c 1000000 /dev/zero"]),
            Some(Duration::from_secs(60)),
        )
        .unwrap();
        assert!(!f.timed_out);
        assert_eq!(f.stdout.len(), 1_000_000);
    }
}
