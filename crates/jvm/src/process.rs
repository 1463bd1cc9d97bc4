//! `run_java`: running the located JDK's `java` with arguments in a directory.

use std::path::Path;
use std::process::{Command, Output};

use crate::error::JvmError;
use crate::jdk::Jdk;

/// Runs `java args…` in `cwd` and waits for it, capturing stdout and stderr.
/// A non-zero exit is not an error here; look at `Output::status`.
pub fn run_java<S: AsRef<std::ffi::OsStr>>(
    jdk: &Jdk,
    args: &[S],
    cwd: &Path,
) -> Result<Output, JvmError> {
    let java = jdk.java();
    Command::new(&java)
        .args(args)
        .current_dir(cwd)
        .output()
        .map_err(|e| JvmError::spawn(&java, e))
}
