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
    fn one_line_keeps_first_lines_of_the_chain() {
        let error = anyhow::anyhow!("inner problem\nwith details").context("reading x.jar");
        assert_eq!(one_line(&error), "reading x.jar: inner problem");
    }
}
