//! The test-JVM shim: two small Java classes, compiled with javac at run time.
//!
//! Why Java: the tests must run inside a JVM that stays up across thousands of mutant
//! runs, flips `MutantSwitch.active` between them and reads the coverage array, and only
//! code running in that JVM can drive the JUnit Platform Launcher and touch those
//! statics. Rust starts, feeds and reads that JVM; everything else (choosing mutants,
//! rewriting classes, scheduling, timeouts, classification, reports) stays in Rust.
//! - `MutantSwitch`: the `active` mutant id and the `hits` coverage array the rewritten
//!   classes use.
//! - `MutationRunner`: discovers the tests once (JUnit 5 and, through the Vintage engine,
//!   JUnit 4), then runs single tests by unique id on request (see its Javadoc for the
//!   line protocol).

use std::path::{Path, PathBuf};

use mimic_jvm::{compile, CompileOptions, Jdk, JunitRuntime};

use crate::error::MutateError;

const SOURCES: &[(&str, &str)] = &[
    (
        "mimic/mutate/MutantSwitch.java",
        include_str!("../java/mimic/mutate/MutantSwitch.java"),
    ),
    (
        "mimic/mutate/MutationRunner.java",
        include_str!("../java/mimic/mutate/MutationRunner.java"),
    ),
];

/// Compile the shim into `work/shim` and return that directory.
pub fn build_shim(jdk: &Jdk, runtime: &JunitRuntime, work: &Path) -> Result<PathBuf, MutateError> {
    let src = work.join("shim-src");
    let mut files = Vec::new();
    for (name, text) in SOURCES {
        let path = src.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| MutateError::io("create", parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| MutateError::io("write", &path, e))?;
        files.push(path);
    }
    let out = work.join("shim");
    compile(
        jdk,
        &files,
        &[runtime.console_standalone.clone()],
        &out,
        &CompileOptions {
            release: Some(11),
            extra_args: vec!["-nowarn".into()],
        },
    )?;
    Ok(out)
}
