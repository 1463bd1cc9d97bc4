//! `MutateError`: what stops a whole `mimic mutate` run (problems with single classes,
//! methods or tests are reported in the result instead).

use std::path::PathBuf;

/// Why a mutation run could not be carried out.
#[derive(Debug, thiserror::Error)]
pub enum MutateError {
    /// The Java toolchain failed (no JDK, Maven fetch, javac).
    #[error(transparent)]
    Jvm(#[from] mimic_jvm::JvmError),
    /// A jar or directory of classes could not be read.
    #[error(transparent)]
    Classpath(#[from] mimic_classpath::ClasspathError),
    /// A file or directory could not be read or written.
    #[error("could not {action} {path}: {message}")]
    Io {
        action: &'static str,
        path: PathBuf,
        message: String,
    },
    /// Bad options (unknown operator or stop-method name, missing input…).
    #[error("{0}")]
    Usage(String),
    /// The test JVM misbehaved in a way that is not a test outcome.
    #[error("test JVM: {0}")]
    Worker(String),
}

impl MutateError {
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        e: impl std::fmt::Display,
    ) -> Self {
        MutateError::Io {
            action,
            path: path.into(),
            message: e.to_string(),
        }
    }
}
