//! A whole run: toolchain, schema classes, shim, then one baseline run that also records
//! which test reaches which method, then every covered mutant against only the tests that
//! reach its method (fastest first, stopping at the first failure), spread over several
//! long-lived test JVMs.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use mimic_jvm::{pinned, ArtifactCache, Jdk, JunitRuntime, Maven};

use crate::error::MutateError;
use crate::inputs::{prepare_schema, test_dirs};
use crate::operators::Operator;
use crate::result::{
    Classification, MethodResult, MutantOutcome, MutantStatus, MutationReport, RedTest,
};
use crate::shim::build_shim;
use crate::stop::StopKind;
use crate::worker::{RunEnd, Status, Worker, WorkerSpec};

/// What to mutate and how.
#[derive(Debug, Clone)]
pub struct MutateConfig {
    /// Application classes: directories or jars.
    pub classes: Vec<PathBuf>,
    /// Test classes: directories or jars (JUnit 5 and JUnit 4).
    pub tests: Vec<PathBuf>,
    /// Everything else the tests need.
    pub classpath: Vec<PathBuf>,
    pub operators: Vec<Operator>,
    /// Stop-method kinds to skip.
    pub stop_kinds: Vec<StopKind>,
    /// Test JVMs running mutants in parallel.
    pub workers: usize,
    /// Timeout of one launch of tests under a mutant: the sum of `baseline × factor` over
    /// its tests, plus the constant.
    pub timeout_factor: f64,
    pub timeout_const_ms: u64,
    /// Timeout of each test in the baseline run.
    pub baseline_timeout_ms: u64,
    /// Keep intermediate files here (default: a temporary directory, removed).
    pub work_dir: Option<PathBuf>,
}

impl MutateConfig {
    /// Defaults: Table I operators, every stop kind, one JVM per core (at most 4),
    /// timeouts `2 × baseline + 2 s` per launch, 60 s per baseline test.
    pub fn new(classes: Vec<PathBuf>, tests: Vec<PathBuf>, classpath: Vec<PathBuf>) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        MutateConfig {
            classes,
            tests,
            classpath,
            operators: crate::operators::defaults(),
            stop_kinds: crate::stop::ALL_STOP_KINDS.to_vec(),
            workers: cores.clamp(1, 4),
            timeout_factor: 2.0,
            timeout_const_ms: 2000,
            baseline_timeout_ms: 60_000,
            work_dir: None,
        }
    }
}

/// The jars of `coordinates` from the cache, fetching with Maven only when missing.
pub fn cached_or_fetched(
    cache: &ArtifactCache,
    coordinates: &[&str],
) -> Result<Vec<PathBuf>, MutateError> {
    let artifacts = pinned::artifacts(coordinates);
    match cache.cached(&artifacts) {
        Ok(jars) => Ok(jars),
        Err(_) => Ok(cache.fetch(&Maven::locate()?, &artifacts)?),
    }
}

fn junit_runtime(cache: &ArtifactCache) -> Result<JunitRuntime, MutateError> {
    match JunitRuntime::cached(cache) {
        Ok(r) => Ok(r),
        Err(_) => Ok(JunitRuntime::fetch(cache, &Maven::locate()?)?),
    }
}

/// Run extreme mutation.
pub fn run_mutation(config: &MutateConfig) -> Result<MutationReport, MutateError> {
    let started = Instant::now();
    for p in config.classes.iter().chain(&config.tests) {
        if !p.exists() {
            return Err(MutateError::Usage(format!(
                "{} does not exist",
                p.display()
            )));
        }
    }
    let temp;
    let work: PathBuf = match &config.work_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| MutateError::io("create", dir, e))?;
            dir.clone()
        }
        None => {
            temp = tempfile::Builder::new()
                .prefix("mimic-mutate-")
                .tempdir()
                .map_err(|e| MutateError::io("create", std::env::temp_dir(), e))?;
            temp.path().to_path_buf()
        }
    };
    let jdk = Jdk::locate()?;
    let cache = ArtifactCache::default_location();
    let runtime = junit_runtime(&cache)?;
    let junit4 = cached_or_fetched(&cache, crate::pinned::JUNIT4_RUNTIME)?;

    let schema_dir = work.join("schema");
    std::fs::create_dir_all(&schema_dir).map_err(|e| MutateError::io("create", &schema_dir, e))?;
    let selection = prepare_schema(
        &config.classes,
        &config.operators,
        &config.stop_kinds,
        &schema_dir,
    )?;
    let method_slots = selection
        .methods
        .iter()
        .map(|m| m.id as usize + 1)
        .max()
        .unwrap_or(0);
    let tests = test_dirs(&config.tests, &work)?;
    let shim = build_shim(&jdk, &runtime, cache.root())?;

    let mut classpath = vec![schema_dir];
    classpath.extend(config.classes.iter().cloned());
    classpath.extend(tests.iter().cloned());
    classpath.extend(config.classpath.iter().cloned());
    classpath.push(shim);
    classpath.extend(junit4);
    classpath.extend(runtime.run_classpath());
    let mut jvm_args = vec![format!("-javaagent:{}", runtime.mockito_agent().display())];
    if jdk.feature_version > pinned::BYTE_BUDDY_NEWEST_JAVA {
        jvm_args.push("-Dnet.bytebuddy.experimental=true".into());
    }
    let spec = |n: usize| WorkerSpec {
        java: jdk.java(),
        jvm_args: jvm_args.clone(),
        classpath: classpath.clone(),
        method_count: method_slots,
        test_roots: tests.clone(),
        log: work.join(format!("worker-{n}.log")),
        startup_timeout: Duration::from_secs(300),
    };

    let mut phases = vec![("prepare".to_string(), started.elapsed().as_secs_f64())];
    let phase_start = Instant::now();
    let mut starts = 1;
    let mut first = Worker::start(&spec(0))?;
    let names: Vec<String> = first.tests.iter().map(|t| t.name.clone()).collect();
    let baseline = run_baseline(
        &mut first,
        &spec(0),
        config.baseline_timeout_ms,
        &mut starts,
    )?;

    // Coverage: green tests only, each method's tests fastest first.
    let mut covering: Vec<Vec<usize>> = vec![Vec::new(); method_slots];
    let mut red_tests = Vec::new();
    for (index, outcome) in baseline.iter().enumerate() {
        match outcome {
            Baseline::Green { hits, .. } => {
                for h in hits {
                    if let Some(list) = covering.get_mut(*h as usize) {
                        list.push(index);
                    }
                }
            }
            Baseline::Red(reason) => red_tests.push(RedTest {
                name: names[index].clone(),
                reason: reason.clone(),
            }),
            Baseline::Skipped => {}
        }
    }
    let nanos = |i: usize| match &baseline[i] {
        Baseline::Green { nanos, .. } => *nanos,
        _ => 0,
    };
    for list in &mut covering {
        list.sort_by_key(|i| (nanos(*i), *i));
    }

    let mut jobs: VecDeque<Job> = VecDeque::new();
    for (mi, method) in selection.methods.iter().enumerate() {
        let tests = &covering[method.id as usize];
        if tests.is_empty() {
            continue;
        }
        let with_timeouts: Vec<(usize, u64)> = tests
            .iter()
            .map(|i| {
                let ms = nanos(*i) as f64 / 1e6;
                (*i, (ms * config.timeout_factor).ceil() as u64)
            })
            .collect();
        for (ki, mutant) in method.mutants.iter().enumerate() {
            jobs.push_back(Job {
                method: mi,
                mutant: ki,
                id: mutant.id,
                tests: with_timeouts.clone(),
            });
        }
    }
    phases.push(("baseline".into(), phase_start.elapsed().as_secs_f64()));
    let phase_start = Instant::now();
    let workers = config.workers.max(1).min(jobs.len().max(1));
    let outcomes = run_jobs(
        first,
        &spec,
        workers,
        config.timeout_const_ms,
        jobs,
        &names,
        &mut starts,
    )?;
    phases.push(("mutants".into(), phase_start.elapsed().as_secs_f64()));

    let methods = selection
        .methods
        .iter()
        .enumerate()
        .map(|(mi, method)| {
            let tests = &covering[method.id as usize];
            let mutants: Vec<MutantOutcome> = method
                .mutants
                .iter()
                .enumerate()
                .map(|(ki, m)| {
                    outcomes
                        .iter()
                        .find(|(a, b, _)| *a == mi && *b == ki)
                        .map(|(_, _, o)| MutantOutcome {
                            operator: m.operator.id(),
                            ..o.clone()
                        })
                        .unwrap_or_else(|| MutantOutcome {
                            id: m.id,
                            operator: m.operator.id(),
                            status: MutantStatus::NoCoverage,
                            tests_run: 0,
                            killing_test: None,
                        })
                })
                .collect();
            let statuses: Vec<MutantStatus> = mutants.iter().map(|m| m.status).collect();
            MethodResult {
                method: method.clone(),
                classification: Classification::of(&statuses),
                mutants,
                tests: tests.iter().map(|i| names[*i].clone()).collect(),
            }
        })
        .collect();
    let baseline_tests = baseline
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let (status, nanos, reached) = match b {
                Baseline::Green { nanos, hits } => ("green", *nanos, hits.len()),
                Baseline::Red(_) => ("red", 0, 0),
                Baseline::Skipped => ("skipped", 0, 0),
            };
            crate::result::BaselineTest {
                name: names[i].clone(),
                status: status.into(),
                millis: nanos as f64 / 1e6,
                methods_reached: reached,
            }
        })
        .collect();
    Ok(MutationReport {
        methods,
        baseline: baseline_tests,
        skipped: selection.skipped,
        problems: selection.problems,
        red_tests,
        tests_total: names.len(),
        workers,
        jvm_starts: starts,
        seconds: started.elapsed().as_secs_f64(),
        phases,
        operators: config.operators.iter().map(Operator::id).collect(),
    })
}

/// A test's result without mutants.
#[derive(Debug, Clone)]
enum Baseline {
    Green { nanos: u64, hits: Vec<u32> },
    Red(String),
    Skipped,
}

/// Run every test once without mutants, recording hits; a test that hangs or kills the
/// JVM is red and the rest go on in a new JVM.
fn run_baseline(
    worker: &mut Worker,
    spec: &WorkerSpec,
    timeout_ms: u64,
    starts: &mut usize,
) -> Result<Vec<Baseline>, MutateError> {
    let count = worker.tests.len();
    let mut results: Vec<Option<Baseline>> = vec![None; count];
    let mut next = 0;
    while next < count {
        if !worker.is_alive() {
            *worker = Worker::start(spec)?;
            *starts += 1;
        }
        let batch: Vec<(usize, u64)> = (next..count).map(|i| (i, 0)).collect();
        let reply = worker.run(0, false, true, timeout_ms, &batch)?;
        for r in &reply.results {
            results[r.index] = Some(match r.status {
                Status::Passed => Baseline::Green {
                    nanos: r.nanos,
                    hits: r.hits.clone(),
                },
                Status::Failed => Baseline::Red("failed".into()),
                Status::Skipped => Baseline::Skipped,
            });
        }
        match reply.end {
            RunEnd::Done => break,
            RunEnd::TimedOut(i) => {
                results[i] = Some(Baseline::Red("timed out".into()));
                next = i + 1;
            }
            RunEnd::Crashed(i, why) => {
                results[i.min(count - 1)] = Some(Baseline::Red(format!("crashed: {why}")));
                next = i + 1;
            }
        }
    }
    Ok(results
        .into_iter()
        .map(|r| r.unwrap_or(Baseline::Skipped))
        .collect())
}

/// One mutant to run: indices into the selection, its id and its tests with timeouts.
#[derive(Debug, Clone)]
struct Job {
    method: usize,
    mutant: usize,
    id: u32,
    tests: Vec<(usize, u64)>,
}

type Outcomes = Vec<(usize, usize, MutantOutcome)>;

/// Run `jobs` on `workers` JVMs (the first one already started).
fn run_jobs(
    first: Worker,
    spec: &(dyn Fn(usize) -> WorkerSpec + Sync),
    workers: usize,
    constant_ms: u64,
    jobs: VecDeque<Job>,
    names: &[String],
    starts: &mut usize,
) -> Result<Outcomes, MutateError> {
    let queue = Mutex::new(jobs);
    let outcomes: Mutex<Outcomes> = Mutex::new(Vec::new());
    let restarts = Mutex::new(0usize);
    let first = Mutex::new(Some(first));
    let errors: Vec<MutateError> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|n| {
                let (queue, outcomes, restarts, first) = (&queue, &outcomes, &restarts, &first);
                scope.spawn(move || -> Result<(), MutateError> {
                    let my_spec = spec(n);
                    let mut worker = match first.lock().expect("lock").take() {
                        Some(w) if n == 0 => w,
                        _ => {
                            *restarts.lock().expect("lock") += 1;
                            Worker::start(&my_spec)?
                        }
                    };
                    loop {
                        let Some(job) = queue.lock().expect("lock").pop_front() else {
                            return Ok(());
                        };
                        if !worker.is_alive() {
                            *restarts.lock().expect("lock") += 1;
                            worker = Worker::start(&my_spec)?;
                        }
                        let reply = worker.run(job.id, true, false, constant_ms, &job.tests)?;
                        let failed = reply.results.iter().find(|r| r.status == Status::Failed);
                        let (status, killer) = match (&reply.end, failed) {
                            (_, Some(r)) => (MutantStatus::Killed, Some(r.index)),
                            (RunEnd::Done, None) => (MutantStatus::Survived, None),
                            (RunEnd::TimedOut(i), None) => (MutantStatus::TimedOut, Some(*i)),
                            (RunEnd::Crashed(i, _), None) => (MutantStatus::RunError, Some(*i)),
                        };
                        let tests_run =
                            reply.results.len() + usize::from(reply.end != RunEnd::Done);
                        outcomes.lock().expect("lock").push((
                            job.method,
                            job.mutant,
                            MutantOutcome {
                                id: job.id,
                                operator: String::new(),
                                status,
                                tests_run,
                                killing_test: killer.and_then(|i| names.get(i).cloned()),
                            },
                        ));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| {
                h.join()
                    .unwrap_or_else(|_| {
                        Err(MutateError::Worker("a scheduler thread panicked".into()))
                    })
                    .err()
            })
            .collect()
    });
    *starts += restarts.into_inner().expect("lock");
    let left = queue.into_inner().expect("lock").len();
    if let Some(e) = errors.into_iter().next() {
        if left > 0 || outcomes.lock().expect("lock").is_empty() {
            return Err(e);
        }
    }
    Ok(outcomes.into_inner().expect("lock"))
}
