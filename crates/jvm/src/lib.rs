//! The Java toolchain mimic drives: JDK discovery, artifact cache, javac, JUnit Platform runs.
//!
//! Every function here runs the real tools (javac, java, mvn); nothing is emulated.

pub mod artifact;
pub mod cache;
pub mod error;
pub mod javac;
pub mod jdk;
pub mod junit;
pub mod maven;
pub mod maven_project;
pub mod pinned;
pub mod process;
pub mod shim;
pub mod surefire;
pub mod target_jvm;
pub mod test_filter;
pub mod xml;

pub use artifact::Artifact;
pub use cache::ArtifactCache;
pub use error::JvmError;
pub use javac::{
    classpath_string, compile, files_under, java_sources_under, CompileOptions, CompileOutput,
};
pub use jdk::Jdk;
pub use junit::{
    launch_junit, run_junit, JunitLaunch, JunitRun, JunitRuntime, JunitSelect, LaunchEnd,
    LaunchOptions, TestOutcome, TestStatus,
};
pub use maven::Maven;
pub use maven_project::{MavenModule, MavenProject};
pub use process::run_java;
pub use shim::Shim;
pub use surefire::{SurefireConfig, SurefireSelection};
pub use test_filter::TestFilter;
