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
//!   JUnit 4), then runs the tests it is sent (requests and replies: [`crate::protocol`]).
//! - `Launch`: one launch's listener (outcomes, failures, times, hits per test).
//! - `Watchdog`: runs a launch on its own thread and stops a test that outruns its budget.
//! - `Stopper`: stops it on Java 20+, where `Thread.stop` throws, through the JVMTI agent
//!   `libmimic_stopper.so` (crate `mimic-stopper`) the test JVMs load there.
//! - `Protocol`: writes the replies as JSON lines.
//! - `State`: the basic state of a value, for `--explain`'s observation of a method's exits.
//! - `FreshLoader`: loads the application and the tests again, so that a mutant of a
//!   method only static initialisers reach runs with their initialisation under it.
//! - `FailFast`: a Jupiter execution condition (auto-detected through `META-INF/services`)
//!   that skips a parameterised test's remaining invocations once one failed under a mutant.

use std::hash::{Hash, Hasher};
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
    (
        "mimic/mutate/Launch.java",
        include_str!("../java/mimic/mutate/Launch.java"),
    ),
    (
        "mimic/mutate/Watchdog.java",
        include_str!("../java/mimic/mutate/Watchdog.java"),
    ),
    (
        "mimic/mutate/Stopper.java",
        include_str!("../java/mimic/mutate/Stopper.java"),
    ),
    (
        "mimic/mutate/Protocol.java",
        include_str!("../java/mimic/mutate/Protocol.java"),
    ),
    (
        "mimic/mutate/State.java",
        include_str!("../java/mimic/mutate/State.java"),
    ),
    (
        "mimic/mutate/TestProbe.java",
        include_str!("../java/mimic/mutate/TestProbe.java"),
    ),
    (
        "mimic/mutate/FreshLoader.java",
        include_str!("../java/mimic/mutate/FreshLoader.java"),
    ),
    (
        "mimic/mutate/FailFast.java",
        include_str!("../java/mimic/mutate/FailFast.java"),
    ),
];

/// The service registration that lets Jupiter's extension auto-detection load `FailFast`.
const SERVICES: (&str, &str) = (
    "META-INF/services/org.junit.jupiter.api.extension.Extension",
    "mimic.mutate.FailFast\n",
);

/// The compiled shim: reused from `cache_dir/mutate-shim-<hash>` when these sources were
/// compiled before by this JDK, else compiled there (through a temporary directory, so
/// concurrent runs never see half-written classes).
pub fn build_shim(
    jdk: &Jdk,
    runtime: &JunitRuntime,
    cache_dir: &Path,
) -> Result<PathBuf, MutateError> {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    SOURCES.hash(&mut hasher);
    SERVICES.hash(&mut hasher);
    jdk.feature_version.hash(&mut hasher);
    runtime.console_standalone.hash(&mut hasher);
    let out = cache_dir.join(format!("mutate-shim-{:016x}", hasher.finish()));
    if out.join("mimic/mutate/MutationRunner.class").is_file() {
        return Ok(out);
    }
    std::fs::create_dir_all(cache_dir).map_err(|e| MutateError::io("create", cache_dir, e))?;
    let staging = tempfile::Builder::new()
        .prefix("mutate-shim-")
        .tempdir_in(cache_dir)
        .map_err(|e| MutateError::io("create a directory in", cache_dir, e))?;
    let src = staging.path().join("src");
    let mut files = Vec::new();
    for (name, text) in SOURCES {
        let path = src.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| MutateError::io("create", parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| MutateError::io("write", &path, e))?;
        files.push(path);
    }
    let classes = staging.path().join("classes");
    compile(
        jdk,
        &files,
        std::slice::from_ref(&runtime.console_standalone),
        &classes,
        &CompileOptions {
            release: Some(11),
            extra_args: vec!["-nowarn".into()],
        },
    )?;
    let services = classes.join(SERVICES.0);
    if let Some(parent) = services.parent() {
        std::fs::create_dir_all(parent).map_err(|e| MutateError::io("create", parent, e))?;
    }
    std::fs::write(&services, SERVICES.1).map_err(|e| MutateError::io("write", &services, e))?;
    if std::fs::rename(&classes, &out).is_err() && !out.is_dir() {
        return Err(MutateError::io(
            "move the compiled shim to",
            &out,
            "rename failed",
        ));
    }
    Ok(out)
}
