//! Every test's own time limit, and the shim that enforces it inside the test JVM.
//!
//! A generated test's limit comes from the production invocation it replays:
//! [`TIMEOUT_FACTOR`] × its recorded duration, never under [`DEFAULT_TIMEOUT_FLOOR`]
//! (`--test-timeout` sets one limit for all). One limit for the whole suite, from its
//! slowest invocation, let a test of a 1 ms method loop for minutes because another test
//! replays a 0.7 s one.
//!
//! The shim (`mimic.verify.TestTimeout`, Java because only code inside the test JVM can
//! run a test method on a thread of its own and stop it) is a Jupiter extension, loaded
//! through extension auto-detection: it runs each test method on its own thread, and when
//! the test outruns its limit it fails it with Jupiter's kind of timeout failure and
//! *stops* the thread: `Thread.stop` up to Java 19, the JVMTI agent `libmimic_stopper.so`
//! from Java 20 on. Jupiter's own timeout (kept as a backstop, past the longest limit)
//! leaves the thread running, and a test spinning on a mock's default answer then keeps a
//! core busy for the rest of the run, slowing or timing out the tests after it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mimic_generate::manifest::Manifest;
use mimic_jvm::{Jdk, JunitRuntime, JvmError, Shim};

/// The shortest default per-test timeout.
pub const DEFAULT_TIMEOUT_FLOOR: Duration = Duration::from_secs(10);
/// The default per-test timeout as a multiple of the recorded production duration.
pub const TIMEOUT_FACTOR: u32 = 100;

const SOURCES: &[(&str, &str)] = &[
    (
        "mimic/verify/TestTimeout.java",
        include_str!("../java/mimic/verify/TestTimeout.java"),
    ),
    mimic_jvm::shim::STOPPER,
];

/// The service registration that lets Jupiter's extension auto-detection load the shim.
const SERVICES: (&str, &str) = (
    "META-INF/services/org.junit.jupiter.api.extension.Extension",
    "mimic.verify.TestTimeout\n",
);

/// The time limit of a test replaying an invocation that took `recorded_ns` in production.
pub fn limit_of(recorded_ns: u64) -> Duration {
    DEFAULT_TIMEOUT_FLOOR.max(Duration::from_nanos(recorded_ns) * TIMEOUT_FACTOR)
}

/// The limit of a test the manifest does not list: that of the slowest invocation listed.
pub fn default_test_timeout(manifest: Option<&Manifest>) -> Duration {
    let slowest = manifest
        .and_then(|m| m.tests.iter().map(|t| t.recorded_ns).max())
        .unwrap_or(0);
    limit_of(slowest)
}

/// Each test's limit, by `class#method`, and the limit of any other test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeLimits {
    pub per_test: BTreeMap<String, Duration>,
    pub default: Duration,
}

impl TimeLimits {
    /// `chosen` for every test (`--test-timeout`), else each manifest test's own.
    pub fn new(chosen: Option<Duration>, manifest: Option<&Manifest>) -> TimeLimits {
        if let Some(d) = chosen {
            return TimeLimits {
                per_test: BTreeMap::new(),
                default: d,
            };
        }
        let mut per_test = BTreeMap::new();
        for t in manifest.iter().flat_map(|m| &m.tests) {
            let limit = limit_of(t.recorded_ns);
            let entry = per_test
                .entry(format!("{}#{}", t.class, t.method))
                .or_insert(limit);
            *entry = (*entry).max(limit);
        }
        TimeLimits {
            per_test,
            default: default_test_timeout(manifest),
        }
    }

    /// The longest limit any test has.
    pub fn longest(&self) -> Duration {
        self.per_test
            .values()
            .copied()
            .chain([self.default])
            .max()
            .unwrap_or(self.default)
    }

    /// The shortest limit any test has.
    pub fn shortest(&self) -> Duration {
        self.per_test
            .values()
            .copied()
            .chain([self.default])
            .min()
            .unwrap_or(self.default)
    }

    /// In words, for the progress line: `10.0 s per test at most`, or the range.
    pub fn describe(&self) -> String {
        let (low, high) = (self.shortest(), self.longest());
        if low == high {
            format!("{:.1} s per test at most", high.as_secs_f64())
        } else {
            format!(
                "{:.1} to {:.1} s per test at most (each test's own limit)",
                low.as_secs_f64(),
                high.as_secs_f64()
            )
        }
    }

    /// The limits as the shim reads them: a properties file of `class#method=ms`.
    pub fn properties(&self) -> String {
        self.per_test
            .iter()
            .map(|(test, d)| format!("{test}={}\n", d.as_millis()))
            .collect()
    }
}

/// What the test JVMs need to enforce the limits: the compiled shim, the limits file and
/// the stopping agent (Java 20+).
#[derive(Debug, Clone)]
pub struct Guard {
    pub classes: PathBuf,
    pub limits_file: PathBuf,
    pub default: Duration,
    pub stopper: Option<PathBuf>,
}

impl Guard {
    /// Compile the shim (or reuse it from `cache_dir`) and write `limits` into `work`.
    pub fn prepare(
        jdk: &Jdk,
        runtime: &JunitRuntime,
        cache_dir: &Path,
        work: &Path,
        limits: &TimeLimits,
        stopper: Option<PathBuf>,
    ) -> Result<Guard, JvmError> {
        let shim = Shim {
            name: "verify-shim",
            sources: SOURCES,
            resources: &[SERVICES],
            marker: "mimic/verify/TestTimeout.class",
        };
        let classes = shim.build(jdk, &runtime.test_classpath(), cache_dir)?;
        let limits_file = mimic_jvm::shim::write_file(
            &work.join("time-limits.properties"),
            &limits.properties(),
        )?;
        Ok(Guard {
            classes,
            limits_file,
            default: limits.default,
            stopper: stopper.filter(|_| jdk.feature_version >= 20),
        })
    }

    /// The flags that switch the shim on in a test JVM.
    pub fn jvm_args(&self) -> Vec<String> {
        let mut args = vec![
            "-Djunit.jupiter.extensions.autodetection.enabled=true".to_string(),
            format!("-Dmimic.verify.timeouts={}", self.limits_file.display()),
            format!("-Dmimic.verify.timeout={}", self.default.as_millis()),
        ];
        if let Some(stopper) = &self.stopper {
            args.push(format!("-agentpath:{}", stopper.display()));
        }
        args
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_generate::manifest::ManifestTest;
    use mimic_generate::Oracle;

    fn test(class: &str, method: &str, recorded_ms: u64) -> ManifestTest {
        ManifestTest {
            stand_ins: false,
            class: class.into(),
            method: method.into(),
            oracle: Oracle::Output,
            mut_class: "a.B".into(),
            mut_method: "m".into(),
            mut_descriptor: "()V".into(),
            invocation: 1,
            captured_bytes: 0,
            recorded_ns: recorded_ms * 1_000_000,
            mock_objects: 0,
            mock_methods: 0,
            stubs: 0,
            oracle_statements: 0,
        }
    }

    #[test]
    fn each_test_gets_the_limit_of_the_invocation_it_replays() {
        let mut manifest = Manifest::new(Path::new("traces.db"), 1);
        manifest.tests = vec![
            test("a.BMimicTest", "quick_1_output", 1),
            test("a.BMimicTest", "slow_1_output", 700),
            test("a.B$InnerMimicTest", "medium_1_output", 150),
        ];
        let limits = TimeLimits::new(None, Some(&manifest));
        let ms = |k: &str| limits.per_test[k].as_millis();
        // A 1 ms method is not given the 70 s of the slowest one.
        assert_eq!(ms("a.BMimicTest#quick_1_output"), 10_000);
        assert_eq!(ms("a.BMimicTest#slow_1_output"), 70_000);
        assert_eq!(ms("a.B$InnerMimicTest#medium_1_output"), 15_000);
        // A test the manifest does not list: the slowest's limit.
        assert_eq!(limits.default.as_millis(), 70_000);
        assert_eq!(
            (limits.shortest().as_secs(), limits.longest().as_secs()),
            (10, 70)
        );
        assert_eq!(
            limits.properties(),
            "a.B$InnerMimicTest#medium_1_output=15000\na.BMimicTest#quick_1_output=10000\na.BMimicTest#slow_1_output=70000\n"
        );
        assert!(
            limits.describe().contains("10.0 to 70.0 s"),
            "{}",
            limits.describe()
        );

        // `--test-timeout` is every test's limit.
        let chosen = TimeLimits::new(Some(Duration::from_secs(3)), Some(&manifest));
        assert!(chosen.per_test.is_empty());
        assert_eq!(chosen.longest(), Duration::from_secs(3));
        assert_eq!(chosen.describe(), "3.0 s per test at most");
        // No manifest (tests a developer wrote): the floor.
        assert_eq!(TimeLimits::new(None, None).default, DEFAULT_TIMEOUT_FLOOR);
    }
}
