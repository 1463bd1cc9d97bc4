//! Errors of the class source: an input that cannot be opened or is not a readable jar.

use std::path::{Path, PathBuf};

use thiserror::Error;

#[derive(Debug, Clone, Error)]
pub enum ClasspathError {
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("{path}: not a readable jar: {message}")]
    Jar { path: PathBuf, message: String },
    #[error("{path}: not a readable JDK image: {message}")]
    Jdk { path: PathBuf, message: String },
}

pub(crate) fn io(path: &Path, e: impl std::fmt::Display) -> ClasspathError {
    ClasspathError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

pub(crate) fn jar(path: &Path, e: impl std::fmt::Display) -> ClasspathError {
    ClasspathError::Jar {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}
