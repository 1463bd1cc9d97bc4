//! `Maven`: finding the `mvn` launcher (MAVEN_HOME, M2_HOME, then PATH) and
//! reading its version.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::{last_lines, JvmError};
use crate::jdk::{executable, find_on_path};

/// A located Maven installation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maven {
    /// The `mvn` launcher.
    pub mvn: PathBuf,
    /// What `mvn -v` reports, e.g. "3.8.7".
    pub version: String,
}

impl Maven {
    /// Finds Maven: `MAVEN_HOME/bin/mvn`, `M2_HOME/bin/mvn`, then `mvn` on `PATH`,
    /// and asks it for its version.
    pub fn locate() -> Result<Maven, JvmError> {
        let mut searched = Vec::new();
        for var in ["MAVEN_HOME", "M2_HOME"] {
            match std::env::var_os(var).filter(|v| !v.is_empty()) {
                Some(home) => {
                    let mvn = Path::new(&home).join("bin").join(MVN);
                    if executable(&mvn).is_some() {
                        return Self::at(mvn);
                    }
                    searched.push(format!("{var}={} has no bin/mvn", mvn.display()));
                }
                None => searched.push(format!("{var} is not set")),
            }
        }
        match find_on_path(MVN) {
            Some(mvn) => Self::at(mvn),
            None => {
                searched.push("no mvn on PATH".to_string());
                Err(JvmError::MavenNotFound {
                    searched: searched.join(", "),
                })
            }
        }
    }

    /// Describes the Maven whose launcher is `mvn` by running `mvn -v`.
    pub fn at(mvn: impl Into<PathBuf>) -> Result<Maven, JvmError> {
        let mvn = mvn.into();
        let output = crate::process::run(
            Command::new(&mvn).args(["-v", "-B", "-Dstyle.color=never"]),
            Some(crate::process::QUERY_TIMEOUT),
        )
        .map(crate::process::Finished::into_output)
        .map_err(|e| JvmError::spawn(&mvn, e))?;
        let text = strip_ansi(&format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
        match parse_version(&text) {
            Some(version) if output.status.success() => Ok(Maven { mvn, version }),
            _ => Err(JvmError::MavenBroken {
                mvn,
                detail: last_lines(&text, 5),
            }),
        }
    }
}

/// The launcher's file name.
const MVN: &str = if cfg!(windows) { "mvn.cmd" } else { "mvn" };

/// "3.8.7" from a line "Apache Maven 3.8.7 (…)".
fn parse_version(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("Apache Maven ")?;
        rest.split_whitespace().next().map(str::to_string)
    })
}

/// `text` without ANSI escape sequences (ESC '[' … final byte).
pub(crate) fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_version_line() {
        let text = "\u{1b}[1mApache Maven 3.8.7\u{1b}[m\nMaven home: /usr/share/maven\n";
        assert_eq!(parse_version(&strip_ansi(text)).as_deref(), Some("3.8.7"));
        let text = "Apache Maven 3.9.9 (8e8579a9e76f7d015ee5ec7bfcdc97d260186937)\n";
        assert_eq!(parse_version(text).as_deref(), Some("3.9.9"));
        assert_eq!(parse_version("Error: JAVA_HOME is not defined"), None);
    }

    #[test]
    fn a_missing_launcher_is_a_spawn_error() {
        let err = Maven::at("/nonexistent/bin/mvn").unwrap_err();
        assert!(matches!(err, JvmError::Spawn { .. }), "{err}");
    }
}
