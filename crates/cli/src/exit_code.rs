//! The process exit codes every subcommand uses, and the one-line error
//! reason printed on stderr when a command stops with an error.

/// The command did what was asked and found nothing to complain about.
pub const SUCCESS: u8 = 0;
/// The command ran, and found something a CI should fail on (e.g. `doctor`
/// found no JDK 17+, `verify` found failing tests).
pub const FINDINGS: u8 = 1;
/// Bad usage or bad input: unknown flag, unreadable file, …; also what clap
/// exits with on a usage error.
pub const USAGE: u8 = 2;
/// mimic itself failed (a bug: an internal panic); the message asks for a report.
pub const INTERNAL: u8 = 3;
// An interrupted command (SIGINT, SIGTERM, SIGHUP) exits with 128 + the signal number,
// after ending the JVMs it started (`mimic_jvm::process`).

/// What a panic says, for the one-line internal-error message.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// `error` and its causes on one line: the first line of each, joined by ": ".
pub fn one_line(error: &anyhow::Error) -> String {
    error
        .chain()
        .map(|cause| {
            cause
                .to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_are_described_by_their_message() {
        let caught = std::panic::catch_unwind(|| panic!("index {} out of range", 3)).unwrap_err();
        assert_eq!(panic_message(caught.as_ref()), "index 3 out of range");
        let caught = std::panic::catch_unwind(|| std::panic::panic_any(7u8)).unwrap_err();
        assert_eq!(panic_message(caught.as_ref()), "unknown panic");
    }

    #[test]
    fn one_line_keeps_first_lines_of_the_chain() {
        let error = anyhow::anyhow!("inner problem\nwith details").context("reading x.jar");
        assert_eq!(one_line(&error), "reading x.jar: inner problem");
    }
}
