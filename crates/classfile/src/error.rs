//! Errors of the class-file engine: what went wrong and at which byte offset.

use thiserror::Error;

/// A class file could not be read or a rewrite could not be applied.
///
/// Parse errors carry the byte offset in the input where the problem was found; callers
/// that know the file name add it with [`ClassFileError::in_file`].
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ClassFileError {
    #[error("{context}at offset {offset}: {message}")]
    Malformed {
        context: String,
        offset: usize,
        message: String,
    },
    #[error(
        "{context}unsupported class file version {major}.{minor} (supported: 45.0 to {max}.x)"
    )]
    UnsupportedVersion {
        context: String,
        major: u16,
        minor: u16,
        max: u16,
    },
    #[error("{context}{message}")]
    Rewrite { context: String, message: String },
}

impl ClassFileError {
    pub fn malformed(offset: usize, message: impl Into<String>) -> Self {
        ClassFileError::Malformed {
            context: String::new(),
            offset,
            message: message.into(),
        }
    }

    pub fn rewrite(message: impl Into<String>) -> Self {
        ClassFileError::Rewrite {
            context: String::new(),
            message: message.into(),
        }
    }

    /// Prefix the error with the file (or jar entry) it came from.
    pub fn in_file(mut self, file: &str) -> Self {
        match &mut self {
            ClassFileError::Malformed { context, .. }
            | ClassFileError::UnsupportedVersion { context, .. }
            | ClassFileError::Rewrite { context, .. } => {
                *context = format!("{file}: {context}");
            }
        }
        self
    }
}

pub type Result<T, E = ClassFileError> = std::result::Result<T, E>;
