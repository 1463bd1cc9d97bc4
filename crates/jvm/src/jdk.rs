//! `Jdk`: finding a JDK 17+ (JAVA_HOME, then `javac` on PATH), reading its
//! version, and naming its tools.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::JvmError;

/// The oldest Java feature release mimic works with.
pub const MIN_FEATURE_VERSION: u32 = 17;

/// A located JDK.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jdk {
    /// The JDK directory (the one holding `bin/javac`).
    pub home: PathBuf,
    /// The feature release, e.g. 17 for "17.0.15".
    pub feature_version: u32,
    /// The full version, e.g. "17.0.15".
    pub version_string: String,
}

impl Jdk {
    /// Finds a JDK 17+: `JAVA_HOME` if it holds `bin/javac`, else `javac` on
    /// `PATH` with symlinks resolved (so `/usr/bin/javac` leads to the real JDK).
    pub fn locate() -> Result<Jdk, JvmError> {
        let mut searched = Vec::new();
        match std::env::var_os("JAVA_HOME").filter(|v| !v.is_empty()) {
            Some(home) => {
                let home = PathBuf::from(home);
                if executable(&home.join("bin").join(exe("javac"))).is_some() {
                    return Self::at(&home).and_then(Self::require_supported);
                }
                searched.push(format!("JAVA_HOME={} has no bin/javac", home.display()));
            }
            None => searched.push("JAVA_HOME is not set".to_string()),
        }
        match find_on_path(&exe("javac")) {
            Some(javac) => {
                let real = javac
                    .canonicalize()
                    .map_err(|e| JvmError::io("resolve symlinks of", &javac, e))?;
                let home =
                    real.parent()
                        .and_then(Path::parent)
                        .ok_or_else(|| JvmError::JdkInvalid {
                            home: real.clone(),
                            reason: "javac is not inside a bin directory".to_string(),
                        })?;
                Self::at(home).and_then(Self::require_supported)
            }
            None => {
                searched.push("no javac on PATH".to_string());
                Err(JvmError::JdkNotFound {
                    searched: searched.join(", "),
                })
            }
        }
    }

    /// Describes the JDK in `home` (any version; `locate` is the one that
    /// insists on 17+). Reads `home/release`, falling back to `javac -version`.
    pub fn at(home: impl AsRef<Path>) -> Result<Jdk, JvmError> {
        let home = home.as_ref();
        let javac = home.join("bin").join(exe("javac"));
        if executable(&javac).is_none() {
            return Err(JvmError::JdkInvalid {
                home: home.to_path_buf(),
                reason: format!("{} is missing (a JRE is not enough)", javac.display()),
            });
        }
        let version_string = match release_file_version(home) {
            Some(v) => v,
            None => javac_reported_version(&javac)?,
        };
        let feature_version =
            parse_feature_version(&version_string).ok_or_else(|| JvmError::JdkInvalid {
                home: home.to_path_buf(),
                reason: format!("cannot read a Java version from {version_string:?}"),
            })?;
        Ok(Jdk {
            home: home.to_path_buf(),
            feature_version,
            version_string,
        })
    }

    fn require_supported(self) -> Result<Jdk, JvmError> {
        if self.feature_version < MIN_FEATURE_VERSION {
            return Err(JvmError::JdkTooOld {
                home: self.home,
                version_string: self.version_string,
            });
        }
        Ok(self)
    }

    /// `home/bin/java`.
    pub fn java(&self) -> PathBuf {
        self.tool("java")
    }

    /// `home/bin/javac`.
    pub fn javac(&self) -> PathBuf {
        self.tool("javac")
    }

    /// `home/bin/<name>` (with `.exe` on Windows), e.g. `jar`, `javap`, `jcmd`.
    pub fn tool(&self, name: &str) -> PathBuf {
        self.home.join("bin").join(exe(name))
    }
}

/// `name` with the platform's executable suffix.
pub(crate) fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

/// `path` if it is a file that can be executed.
pub(crate) fn executable(path: &Path) -> Option<PathBuf> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return None;
        }
    }
    Some(path.to_path_buf())
}

/// The first executable file called `file_name` in a directory of `PATH`.
pub(crate) fn find_on_path(file_name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .find_map(|dir| executable(&dir.join(file_name)))
}

/// `JAVA_VERSION="17.0.15"` from the JDK's `release` file.
fn release_file_version(home: &Path) -> Option<String> {
    let text = std::fs::read_to_string(home.join("release")).ok()?;
    text.lines().find_map(|line| {
        let value = line.strip_prefix("JAVA_VERSION=")?;
        let value = value.trim().trim_matches('"').trim();
        (!value.is_empty()).then(|| value.to_string())
    })
}

/// The version from `javac -version` ("javac 17.0.15").
fn javac_reported_version(javac: &Path) -> Result<String, JvmError> {
    let output = crate::process::run(
        Command::new(javac).arg("-version"),
        Some(crate::process::QUERY_TIMEOUT),
    )
    .map(crate::process::Finished::into_output)
    .map_err(|e| JvmError::spawn(javac, e))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    text.lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("javac ")
                .map(|v| v.trim().to_string())
        })
        .ok_or_else(|| JvmError::JdkInvalid {
            home: javac
                .parent()
                .and_then(Path::parent)
                .unwrap_or(javac)
                .to_path_buf(),
            reason: format!("`{} -version` printed {:?}", javac.display(), text.trim()),
        })
}

/// The feature release of a Java version string: "1.8.0_392" → 8,
/// "17.0.15" → 17, "21-ea" → 21, "25" → 25.
pub fn parse_feature_version(version: &str) -> Option<u32> {
    let mut parts = version.trim().split(|c: char| !c.is_ascii_digit());
    let first: u32 = parts.next()?.parse().ok()?;
    if first == 1 {
        return parts.next()?.parse().ok();
    }
    Some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_versions() {
        assert_eq!(parse_feature_version("1.8.0_392"), Some(8));
        assert_eq!(parse_feature_version("11.0.21"), Some(11));
        assert_eq!(parse_feature_version("17.0.15"), Some(17));
        assert_eq!(parse_feature_version("21-ea"), Some(21));
        assert_eq!(parse_feature_version("25"), Some(25));
        assert_eq!(parse_feature_version(""), None);
        assert_eq!(parse_feature_version("abc"), None);
    }

    #[test]
    fn at_rejects_a_directory_without_javac() {
        let dir = tempfile::tempdir().unwrap();
        let err = Jdk::at(dir.path()).unwrap_err().to_string();
        assert!(err.contains("bin/javac is missing"), "{err}");
        assert!(err.contains("apt-get install openjdk-17-jdk"), "{err}");
    }
}
