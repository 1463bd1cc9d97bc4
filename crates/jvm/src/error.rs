//! `JvmError`: every way the Java toolchain can fail, each message naming the
//! file or command involved and, where there is one, the fix.

use std::path::PathBuf;

/// The fix printed when no usable JDK is found.
pub const JDK_FIX: &str = "install a JDK 17+ (apt-get install openjdk-17-jdk) or set JAVA_HOME";
/// The fix printed when Maven is not found.
pub const MAVEN_FIX: &str =
    "install Maven (apt-get install maven) or set MAVEN_HOME to a Maven installation";

/// An error from the Java toolchain.
#[derive(Debug, thiserror::Error)]
pub enum JvmError {
    /// Neither `JAVA_HOME` nor `PATH` leads to a `javac`.
    #[error("no JDK found ({searched}); {JDK_FIX}")]
    JdkNotFound {
        /// What was looked at, e.g. "JAVA_HOME is not set and no javac on PATH".
        searched: String,
    },

    /// A directory that was expected to be a JDK is not one.
    #[error("{home} is not a usable JDK: {reason}; {JDK_FIX}")]
    JdkInvalid {
        /// The directory given or found.
        home: PathBuf,
        /// What is wrong with it.
        reason: String,
    },

    /// Maven could not describe or build a project (`--project`).
    #[error("Maven project {dir}: {reason}")]
    MavenProject {
        /// The project directory.
        dir: PathBuf,
        /// What went wrong, with Maven's first error line when it failed.
        reason: String,
    },

    /// A test pattern (`--include-tests`, `--exclude-tests`) that is not a glob.
    #[error("{0}")]
    BadTestPattern(String),

    /// A JDK was found but it is older than 17.
    #[error(
        "the JDK at {home} is Java {version_string} but mimic needs Java 17 or newer; {JDK_FIX}"
    )]
    JdkTooOld {
        /// The JDK directory.
        home: PathBuf,
        /// Its version as reported, e.g. "11.0.21".
        version_string: String,
    },

    /// Maven could not be found.
    #[error("Maven not found ({searched}); {MAVEN_FIX}")]
    MavenNotFound {
        /// What was looked at.
        searched: String,
    },

    /// `mvn -v` ran but did not say which Maven it is.
    #[error("{mvn} -v did not report a Maven version ({detail}); {MAVEN_FIX}")]
    MavenBroken {
        /// The `mvn` that was run.
        mvn: PathBuf,
        /// What it printed or why it failed.
        detail: String,
    },

    /// A Maven coordinate that is not `group:artifact:version[:classifier]`.
    #[error("bad Maven coordinate {input:?}: {reason} (expected group:artifact:version or group:artifact:version:classifier)")]
    BadCoordinate {
        /// The text given.
        input: String,
        /// What is wrong with it.
        reason: String,
    },

    /// Maven ran but some artifacts are still not in the cache.
    #[error(
        "could not fetch {} artifact(s) into {repository}: {}\n`{command}` {status}; its last output lines:\n{output_tail}\n\
         fix: check the network connection to Maven Central and that the coordinates exist, then retry",
        missing.len(),
        missing.join(", ")
    )]
    Fetch {
        /// The coordinates still missing afterwards.
        missing: Vec<String>,
        /// The local repository fetched into.
        repository: PathBuf,
        /// The Maven command line.
        command: String,
        /// How Maven ended, e.g. "exited with status 1".
        status: String,
        /// The last lines Maven printed.
        output_tail: String,
    },

    /// A program could not be started at all.
    #[error("could not run {program}: {source}")]
    Spawn {
        /// The program.
        program: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },

    /// A file system operation failed.
    #[error("could not {action} {path}: {source}")]
    Io {
        /// What was being done, e.g. "create directory".
        action: &'static str,
        /// On which path.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },

    /// `compile` was asked to compile nothing.
    #[error("no Java source files given to compile into {out_dir}")]
    NoSources {
        /// The output directory that was asked for.
        out_dir: PathBuf,
    },

    /// javac reported errors.
    #[error("javac failed compiling {sources} source file(s) into {out_dir}: {first_error}")]
    Compile {
        /// How many sources were given.
        sources: usize,
        /// The output directory.
        out_dir: PathBuf,
        /// The first line of javac's output that reports an error.
        first_error: String,
        /// Everything javac printed.
        diagnostics: String,
    },

    /// The JUnit console launcher ran but wrote no report, or its report is unreadable.
    #[error("JUnit run `{command}` {status} without a usable report in {reports_dir}: {detail}")]
    Junit {
        /// The command line.
        command: String,
        /// How it ended.
        status: String,
        /// Where the report was expected.
        reports_dir: PathBuf,
        /// Its last output lines or the parse problem.
        detail: String,
    },

    /// A JUnit XML report that cannot be parsed.
    #[error("could not parse JUnit report {path}: {reason}")]
    Report {
        /// The report file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

impl JvmError {
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        source: std::io::Error,
    ) -> Self {
        JvmError::Io {
            action,
            path: path.into(),
            source,
        }
    }

    pub(crate) fn spawn(program: impl Into<PathBuf>, source: std::io::Error) -> Self {
        JvmError::Spawn {
            program: program.into(),
            source,
        }
    }
}

/// The last `n` non-empty lines of `text`, joined with newlines.
pub(crate) fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !matches!(l.trim(), "" | "[ERROR]" | "[WARNING]"))
        .collect();
    let start = lines.len().saturating_sub(n);
    lines[start..].join("\n")
}

/// A short description of how a process ended.
pub(crate) fn describe_status(status: std::process::ExitStatus) -> String {
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "was killed by a signal".to_string(),
    }
}
