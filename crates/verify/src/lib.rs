//! Verifying generated tests: compile them (isolating files that do not compile), run
//! them on the JUnit Platform N times, and classify every test as rick does —
//! successfully mimics (passes every run), incompletely mimics (an oracle fails),
//! unhandled behaviour (an exception before the oracle), flaky (outcome differs between
//! runs) or does not compile, or ran out of time or took its JVM down — with the
//! per-MUT figures of the paper's tables. Compiling is in `compile`, launching with
//! timeouts and isolation of dead JVMs in `launch`, the verdict rules in `classify`.

pub mod classify;
pub mod compile;
pub mod launch;
pub mod perturb;
pub mod prune;
pub mod time_limits;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mimic_generate::{Manifest, Oracle};
use mimic_jvm::{java_sources_under, Jdk, JunitRuntime, JvmError};
use serde::Serialize;
use thiserror::Error;

pub use classify::{classify, Observed, Verdict};

#[derive(Debug, Error)]
pub enum VerifyError {
    #[error(transparent)]
    Jvm(#[from] JvmError),
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("{0}: no Java test sources")]
    NoTests(PathBuf),
}

#[derive(Debug, Clone, Serialize)]
pub struct TestVerdict {
    pub class: String,
    pub method: String,
    pub oracle: Option<Oracle>,
    pub verdict: Verdict,
    /// The failure of the first failing run, if any: exception class and message.
    pub failure: Option<String>,
    pub mut_key: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub tests: usize,
    pub successfully_mimic: usize,
    pub incompletely_mimic: usize,
    pub unhandled: usize,
    pub flaky: usize,
    pub compile_errors: usize,
    pub timeouts: usize,
    pub jvm_died: usize,
    /// With `--perturb`: tests whose outcome changed under a perturbation.
    pub unstable: usize,
    /// Methods under test with at least one test.
    pub muts: usize,
    /// Of those, the ones with at least one test that successfully mimics.
    pub muts_mimicked: usize,
}

/// One row of the per-MUT table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MutRow {
    pub mut_key: String,
    pub tests: usize,
    pub captured_bytes: usize,
    pub mock_objects: usize,
    pub mock_methods: usize,
    pub stubs: usize,
    pub oo_statements: usize,
    pub po_statements: usize,
    pub co_statements: usize,
    pub successfully_mimic: usize,
    pub incompletely_mimic: usize,
    pub unhandled: usize,
    pub flaky: usize,
    pub compile_errors: usize,
    pub timeouts: usize,
    pub jvm_died: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub summary: Summary,
    pub runs: usize,
    /// The per-test timeout the tests ran with.
    pub test_timeout_ms: u64,
    /// The flags the test JVMs were started with (beyond class path and Mockito agent).
    pub jvm_args: Vec<String>,
    /// Where the test JVMs ran.
    pub test_dir: Option<String>,
    pub muts: Vec<MutRow>,
    pub tests: Vec<TestVerdict>,
    /// javac's diagnostics for files that did not compile.
    pub compile_diagnostics: Vec<(String, String)>,
    /// With `--perturb`: the perturbations every test ran under, one run each.
    pub perturbations: Vec<String>,
    /// A perturbation that could not be applied, and why.
    pub perturbations_skipped: Vec<String>,
    /// Tests whose outcome changed under a perturbation.
    pub unstable: Vec<perturb::Unstable>,
}

/// How to verify.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// How many times every test runs.
    pub runs: usize,
    /// One timeout for every test; `None`: each test's own, [`DEFAULT_TIMEOUT_FLOOR`] or
    /// [`TIMEOUT_FACTOR`] × its recorded production invocation, whichever is longer
    /// ([`TimeLimits`]).
    pub test_timeout: Option<Duration>,
    /// Extra flags for the test JVMs.
    pub jvm_args: Vec<String>,
    /// The test JVMs' working directory (`None`: mimic's).
    pub test_dir: Option<PathBuf>,
    /// Which tests run (`--include-tests`, `--exclude-tests`).
    pub test_filter: mimic_jvm::TestFilter,
    /// Run every test once more under each perturbation of its environment, with the
    /// clock-shifting library for the date perturbation or why there is none (that
    /// perturbation is then left out, and the reason reported).
    pub perturb: Option<Result<PathBuf, String>>,
    /// `libmimic_stopper.so`, which stops a test past its limit on Java 20+ (`None`: such
    /// a test is failed but left running there).
    pub stopper: Option<PathBuf>,
    /// Where the time-limit shim is compiled once and kept (`None`: the artifact cache).
    pub shim_cache: Option<PathBuf>,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            runs: 10,
            test_timeout: None,
            jvm_args: Vec::new(),
            test_dir: None,
            test_filter: Default::default(),
            perturb: None,
            stopper: None,
            shim_cache: None,
        }
    }
}

pub use time_limits::{default_test_timeout, TimeLimits, DEFAULT_TIMEOUT_FLOOR, TIMEOUT_FACTOR};

/// Compile, run `runs` times, classify (the default options but for `runs`).
pub fn verify(
    jdk: &Jdk,
    runtime: &JunitRuntime,
    tests_dir: &Path,
    app_classpath: &[PathBuf],
    work: &Path,
    runs: usize,
) -> Result<Report, VerifyError> {
    let options = VerifyOptions {
        runs,
        ..VerifyOptions::default()
    };
    verify_with(
        jdk,
        runtime,
        tests_dir,
        app_classpath,
        work,
        &options,
        &mut |_| {},
    )
}

/// Compile the tests under `tests_dir`, run them `options.runs` times and classify each;
/// `say` hears each phase and anything that went wrong in a launch.
pub fn verify_with(
    jdk: &Jdk,
    runtime: &JunitRuntime,
    tests_dir: &Path,
    app_classpath: &[PathBuf],
    work: &Path,
    options: &VerifyOptions,
    say: &mut dyn FnMut(&str),
) -> Result<Report, VerifyError> {
    let manifest = Manifest::read_in(tests_dir);
    let sources = java_sources_under(tests_dir);
    if sources.is_empty() {
        return Err(VerifyError::NoTests(tests_dir.to_path_buf()));
    }
    let mut cp: Vec<PathBuf> = app_classpath.to_vec();
    cp.extend(runtime.test_classpath());
    let classes = work.join("classes");
    let src = work.join("src");
    say(&format!("compiling {} test sources", sources.len()));
    let compiled = compile::compile_isolating(jdk, tests_dir, &sources, &cp, &src, &classes)?;
    let broken = compiled.broken_files;
    let broken_methods = compiled.broken_methods;
    let mut methods = BTreeMap::new();
    let mut test_classes = Vec::new();
    let (mut by_method, mut excluded) = (false, 0);
    for s in compiled
        .good
        .iter()
        .filter(|s| s.to_string_lossy().ends_with("Test.java"))
    {
        let class = compile::class_of_source(&src, s);
        let text = std::fs::read_to_string(s).unwrap_or_default();
        let all = launch::test_methods(&text);
        let kept: Vec<String> = all
            .iter()
            .filter(|m| options.test_filter.accepts(&class, m))
            .cloned()
            .collect();
        by_method |= kept.len() != all.len();
        if kept.is_empty() && !all.is_empty() {
            excluded += all.len();
            continue;
        }
        excluded += all.len() - kept.len();
        methods.insert(class.clone(), kept);
        test_classes.push(class);
    }
    if excluded > 0 {
        say(&format!(
            "{excluded} test(s) left out by --include-tests/--exclude-tests"
        ));
    }

    let mut run_cp = vec![classes.clone()];
    // JSON resources for large values: their root, or the test source root itself.
    match manifest.as_ref().and_then(|m| m.resource_root.clone()) {
        Some(root) => run_cp.push(PathBuf::from(root)),
        None => run_cp.push(tests_dir.to_path_buf()),
    }
    run_cp.extend(app_classpath.iter().cloned());
    let limits = TimeLimits::new(options.test_timeout, manifest.as_ref());
    let cache = options.shim_cache.clone().unwrap_or_else(|| {
        mimic_jvm::ArtifactCache::default_location()
            .root()
            .to_path_buf()
    });
    let guard = match time_limits::Guard::prepare(
        jdk,
        runtime,
        &cache,
        work,
        &limits,
        options.stopper.clone(),
    ) {
        Ok(guard) => Some(guard),
        Err(e) => {
            say(&format!(
                "the per-test time limits cannot be enforced ({e}); Jupiter's timeout applies, and a test past it is left running"
            ));
            None
        }
    };
    if let Some(guard) = &guard {
        run_cp.push(guard.classes.clone());
    }
    let test_timeout = limits.longest();
    let launcher = launch::Launcher {
        jdk,
        runtime,
        classpath: run_cp,
        jvm_args: options.jvm_args.clone(),
        test_timeout,
        guard,
        dir: options.test_dir.clone(),
        env: Vec::new(),
        methods,
        by_method,
    };
    let runs = options.runs.max(1);
    let mut statuses: BTreeMap<(String, String), Vec<Observed>> = BTreeMap::new();
    if !test_classes.is_empty() {
        for i in 0..runs {
            say(&format!(
                "run {}/{runs}: {} test classes, {}",
                i + 1,
                test_classes.len(),
                limits.describe()
            ));
            let reports = work.join(format!("reports/run-{i}"));
            let _ = std::fs::remove_dir_all(&reports);
            for (key, observed) in launcher.run(&test_classes, &reports, say)? {
                statuses.entry(key).or_default().push(observed);
            }
        }
    }

    let (mut perturbations, mut perturbations_skipped, mut unstable) =
        (Vec::new(), Vec::new(), Vec::new());
    if let (Some(timeshift), false) = (&options.perturb, test_classes.is_empty()) {
        let (list, skipped) = perturb::perturbations(timeshift.as_ref().map(PathBuf::as_path));
        perturbations_skipped.extend(skipped);
        for (i, p) in list.iter().enumerate() {
            say(&format!(
                "perturbed run {}/{}: {}",
                i + 1,
                list.len(),
                p.name
            ));
            let mut perturbed = launcher.clone();
            perturbed.jvm_args.extend(p.jvm_args.iter().cloned());
            perturbed.env = p.env.clone();
            if p.fresh_dir {
                perturbed.dir = Some(perturb::fresh_dir(work, i).map_err(|e| VerifyError::Io {
                    path: work.to_path_buf(),
                    message: format!("creating a working directory for a perturbed run: {e}"),
                })?);
            }
            let reports = work.join(format!("reports/perturbed-{i}"));
            let _ = std::fs::remove_dir_all(&reports);
            let seen = perturbed.run(&test_classes, &reports, say)?;
            unstable.extend(perturb::unstable(&statuses, &seen, &p.name));
            perturbations.push(p.name.clone());
        }
    }

    let lookup = |class: &str, method: &str| {
        manifest.as_ref().and_then(|m| {
            m.tests
                .iter()
                .find(|t| t.class == class && t.method == method)
        })
    };
    let mut tests = Vec::new();
    for ((class, method), st) in &statuses {
        let (verdict, failure) = classify(st, runs);
        let t = lookup(class, method);
        tests.push(TestVerdict {
            class: class.clone(),
            method: method.clone(),
            oracle: t.map(|t| t.oracle),
            verdict,
            failure,
            mut_key: t.map(|t| format!("{}.{}{}", t.mut_class, t.mut_method, t.mut_descriptor)),
        });
    }
    for (class, method, error) in &broken_methods {
        let t = lookup(class, method);
        tests.push(TestVerdict {
            class: class.clone(),
            method: method.clone(),
            oracle: t.map(|t| t.oracle),
            verdict: Verdict::DoesNotCompile,
            failure: Some(error.clone()),
            mut_key: t.map(|t| format!("{}.{}{}", t.mut_class, t.mut_method, t.mut_descriptor)),
        });
    }
    // Tests of files that did not compile.
    if let Some(m) = &manifest {
        for t in &m.tests {
            if broken.iter().any(|(c, _)| c == &t.class) {
                tests.push(TestVerdict {
                    class: t.class.clone(),
                    method: t.method.clone(),
                    oracle: Some(t.oracle),
                    verdict: Verdict::DoesNotCompile,
                    failure: None,
                    mut_key: Some(format!(
                        "{}.{}{}",
                        t.mut_class, t.mut_method, t.mut_descriptor
                    )),
                });
            }
        }
    }

    let mut unstable_tests: Vec<(&str, &str)> = unstable
        .iter()
        .map(|u: &perturb::Unstable| (u.class.as_str(), u.method.as_str()))
        .collect();
    unstable_tests.sort();
    unstable_tests.dedup();
    let mut summary = Summary {
        tests: tests.len(),
        unstable: unstable_tests.len(),
        ..Summary::default()
    };
    let mut rows: BTreeMap<String, MutRow> = BTreeMap::new();
    for t in &tests {
        let row = t.mut_key.as_ref().map(|k| {
            rows.entry(k.clone()).or_insert_with(|| MutRow {
                mut_key: k.clone(),
                ..MutRow::default()
            })
        });
        let (s, r) = match t.verdict {
            Verdict::SuccessfullyMimics => (
                &mut summary.successfully_mimic,
                row.map(|r| &mut r.successfully_mimic),
            ),
            Verdict::IncompletelyMimics => (
                &mut summary.incompletely_mimic,
                row.map(|r| &mut r.incompletely_mimic),
            ),
            Verdict::Unhandled => (&mut summary.unhandled, row.map(|r| &mut r.unhandled)),
            Verdict::Flaky => (&mut summary.flaky, row.map(|r| &mut r.flaky)),
            Verdict::DoesNotCompile => (
                &mut summary.compile_errors,
                row.map(|r| &mut r.compile_errors),
            ),
            Verdict::Timeout => (&mut summary.timeouts, row.map(|r| &mut r.timeouts)),
            Verdict::JvmDied => (&mut summary.jvm_died, row.map(|r| &mut r.jvm_died)),
        };
        *s += 1;
        if let Some(r) = r {
            *r += 1;
        }
    }
    if let Some(m) = &manifest {
        for t in &m.tests {
            let key = format!("{}.{}{}", t.mut_class, t.mut_method, t.mut_descriptor);
            let row = rows.entry(key.clone()).or_insert_with(|| MutRow {
                mut_key: key,
                ..MutRow::default()
            });
            row.tests += 1;
            row.captured_bytes = row.captured_bytes.max(t.captured_bytes);
            row.mock_objects = row.mock_objects.max(t.mock_objects);
            row.mock_methods = row.mock_methods.max(t.mock_methods);
            row.stubs = row.stubs.max(t.stubs);
            match t.oracle {
                Oracle::Output => row.oo_statements += t.oracle_statements,
                Oracle::Parameters => row.po_statements += t.oracle_statements,
                Oracle::Calls => row.co_statements += t.oracle_statements,
            }
        }
    }
    // Every row is there for a test (a verdict or a manifest entry).
    summary.muts = rows.len();
    summary.muts_mimicked = rows.values().filter(|r| r.successfully_mimic > 0).count();
    Ok(Report {
        summary,
        runs,
        test_timeout_ms: test_timeout.as_millis() as u64,
        jvm_args: launcher.args(),
        test_dir: options.test_dir.as_ref().map(|d| d.display().to_string()),
        muts: rows.into_values().collect(),
        tests,
        compile_diagnostics: broken,
        perturbations,
        perturbations_skipped,
        unstable,
    })
}
