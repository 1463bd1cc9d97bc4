//! Coverage of the generated tests against the recorded run's (issue 16, the
//! trace-based test generation thesis's Table I), measured with JaCoCo from Maven Central.
//!
//! - [`jacoco`]: the JaCoCo jars, offline instrumentation of a class path, the agent flag
//!   for a coverage run of the workload, and JaCoCo's XML report. JaCoCo itself does the
//!   measuring; nothing here re-implements it.
//! - [`report`]: JaCoCo's XML report read into per-class and per-method counters and the
//!   covered lines.
//! - [`table`]: the run's coverage beside the tests', class by class, and the methods the
//!   run covered that no test covers.
//! - [`reasons`]: why such a method is not covered, from the generated tests' manifest,
//!   their verdicts, the trace store's plan and the class files.

pub mod jacoco;
pub mod reasons;
pub mod report;
pub mod table;

use std::path::PathBuf;

use thiserror::Error;

pub use jacoco::Jacoco;
pub use reasons::Explainer;
pub use report::{ClassCoverage, Counter, Counters, CoverageReport, MethodCoverage};
pub use table::{ClassRow, TableOne, Uncovered};

#[derive(Debug, Error)]
pub enum CoverageError {
    #[error(transparent)]
    Jvm(#[from] mimic_jvm::JvmError),
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("JaCoCo {what} failed: {message}")]
    Jacoco { what: String, message: String },
    #[error("{path}: not a JaCoCo XML report: {message}")]
    BadReport { path: PathBuf, message: String },
}

impl CoverageError {
    fn io(path: impl Into<PathBuf>, e: impl std::fmt::Display) -> CoverageError {
        CoverageError::Io {
            path: path.into(),
            message: e.to_string(),
        }
    }
}
