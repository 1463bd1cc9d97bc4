//! The test-JVM shim: small Java classes, compiled with javac at run time.
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
//! - `mimic.stopper.Stopper` (shared with verify's shim, `mimic_jvm::shim::STOPPER`): stops
//!   it on Java 20+, where `Thread.stop` throws, through the JVMTI agent
//!   `libmimic_stopper.so` (crate `mimic-stopper`) the test JVMs load there.
//! - `Protocol`: writes the replies as JSON lines.
//! - `State`: the basic state of a value, for `--explain`'s observation of a method's exits.
//! - `FreshLoader`: loads the application and the tests again, so that a mutant of a
//!   method only static initialisers reach runs with their initialisation under it.
//! - `SeededRandom`: the `Random` that the test classes' `new Random()`, `Math.random()`
//!   and `Collections.shuffle` are rewritten to use ([`crate::seeded_random`]), seeded per
//!   test.
//! - `FailFast`: a Jupiter execution condition (auto-detected through `META-INF/services`)
//!   that skips a parameterised test's remaining invocations once one failed under a mutant.

use std::path::{Path, PathBuf};

use mimic_jvm::{Jdk, JunitRuntime, Shim};

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
    mimic_jvm::shim::STOPPER,
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
        "mimic/mutate/SeededRandom.java",
        include_str!("../java/mimic/mutate/SeededRandom.java"),
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
/// compiled before by this JDK ([`Shim::build`]).
pub fn build_shim(
    jdk: &Jdk,
    runtime: &JunitRuntime,
    cache_dir: &Path,
) -> Result<PathBuf, MutateError> {
    let shim = Shim {
        name: "mutate-shim",
        sources: SOURCES,
        resources: &[SERVICES],
        marker: "mimic/mutate/MutationRunner.class",
    };
    Ok(shim.build(
        jdk,
        std::slice::from_ref(&runtime.console_standalone),
        cache_dir,
    )?)
}
