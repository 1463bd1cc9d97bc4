//! A whole run: toolchain, schema classes and shim, then the test JVMs (started at once),
//! the baseline shared among them ([`crate::baseline`]), and every covered mutant against
//! only the tests that reach its method, stopping at the first failure
//! ([`crate::schedule`]).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mimic_jvm::{pinned, ArtifactCache, Jdk, JunitRuntime, Maven};

use crate::baseline::Baseline;
use crate::baseline_file::BaselineFile;
use crate::error::MutateError;
use crate::inputs::{prepare_schema, test_dirs};
use crate::operators::Operator;
use crate::progress::{Progress, ProgressSink};
use crate::result::{
    Classification, MethodResult, MutantOutcome, MutantStatus, MutationReport, RedTest, TestJvm,
};
use crate::schedule::{order_tests, round_robin, run_jobs, test_cost, Job};
use crate::shim::build_shim;
use crate::stop::StopKind;
use crate::worker::{write_tests_file, Budget, Limits, Worker, WorkerSpec};

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
    /// Test JVMs running tests in parallel.
    pub workers: usize,
    /// Under a mutant a test may use `factor ×` its baseline CPU time plus
    /// `timeout_const_ms` of CPU time, and `2 × factor ×` its baseline wall time plus
    /// `wall_timeout_const_ms`; past either it is stopped and the mutant timed out.
    pub timeout_factor: f64,
    pub timeout_const_ms: u64,
    pub wall_timeout_const_ms: u64,
    /// Mutants sharing one launch of tests at most (1: a launch per mutant, for suites
    /// whose tests interfere when one test's mutant leaves state behind).
    pub mutants_per_launch: usize,
    /// Timeout of each test in the baseline run (CPU and wall time).
    pub baseline_timeout_ms: u64,
    /// Extra options for the test JVMs.
    pub jvm_args: Vec<String>,
    /// `libmimic_stopper.so`, loaded into the test JVMs: it counts the classes whose
    /// static initialiser failed (a JVM holding one is ended), and on Java 20+ stops a
    /// test past its budget (`None`: neither; such a test ends its JVM there).
    pub stopper: Option<PathBuf>,
    /// Environment variables set for the test JVMs (a build's Surefire
    /// `environmentVariables`).
    pub jvm_env: Vec<(String, String)>,
    /// JUnit tag expressions: a test runs when it matches one of `include_tags` (if any)
    /// and none of `exclude_tags` (a build's Surefire `groups` / `excludedGroups`).
    pub include_tags: Vec<String>,
    pub exclude_tags: Vec<String>,
    /// Keep intermediate files here (default: a temporary directory, removed).
    pub work_dir: Option<PathBuf>,
    /// The test JVMs' working directory, where relative paths in tests resolve (as under
    /// Maven, the module directory); `None`: the current directory.
    pub test_dir: Option<PathBuf>,
    /// Which discovered tests run (`--include-tests`, `--exclude-tests`, the build's
    /// Surefire selection).
    pub test_filter: mimic_jvm::TestFilter,
    /// Discover the tests of every class in the test roots, not only of classes with
    /// JUnit's standard test-class names (`Test*`, `*Test`, `*Tests`): the build's own
    /// selection in `test_filter` decides (Surefire also runs `*TestCase`), or every
    /// class runs (`--all-test-classes`).
    pub every_class_name: bool,
    /// Only the methods whose lines this diff touches (`--in-diff`); all when `None`.
    pub in_diff: Option<crate::diff::ChangedLines>,
    /// `--explain`: runs per side of the infection analysis of each surviving mutant
    /// (0: no analysis).
    pub explain_runs: usize,
    /// `--store`: a production trace store whose recorded inputs no-infection
    /// suggestions may propose.
    pub production_store: Option<PathBuf>,
    /// `--baseline`: read the baseline from this file when it exists (made from the same
    /// methods and tests), else run it and write it there ([`crate::baseline_file`]).
    pub baseline_file: Option<PathBuf>,
    /// `--baseline-only`: stop after the baseline (written to `baseline_file`).
    pub baseline_only: bool,
    /// `--shard k/n`: only this shard's share of the methods ([`crate::shard`]).
    pub shard: Option<crate::shard::Shard>,
    /// Seed the tests' `new Random()`, `Math.random()` and `Collections.shuffle` per test
    /// ([`crate::seeded_random`]; `--unseeded-random` turns it off).
    pub seed_random: bool,
}

/// Expected mutant work (the shard cost model's microseconds, from baseline times) that
/// one test JVM is given at least before another is used in the mutant phase. Measured
/// on two cores (docs/results.md, session 31): commons-cli shards with about 6 s of
/// expected work ran in 4.7–5.3 s on one JVM and 5.1–8.9 s on two (each JVM's JIT
/// compiler and collector take the core the other JVM needs while it warms up), while
/// commons-codec (about 120 s) ran 1.2× faster on two.
const WORK_PER_JVM_MICROS: u64 = 10_000_000;

/// How many of `started` test JVMs the mutant phase uses for `expected_micros` of work:
/// one per [`WORK_PER_JVM_MICROS`], at least one.
fn worker_count_for(expected_micros: u64, started: usize) -> usize {
    (expected_micros.div_ceil(WORK_PER_JVM_MICROS) as usize).clamp(1, started.max(1))
}

impl MutateConfig {
    /// Defaults: Table I operators, every stop kind, one JVM per core (at most 4),
    /// timeouts `2 × baseline + 0.5 s` of CPU time and `4 × baseline + 5 s` of wall time
    /// per test, 60 s per baseline test.
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
            timeout_const_ms: 500,
            wall_timeout_const_ms: 5000,
            mutants_per_launch: 32,
            baseline_timeout_ms: 60_000,
            jvm_args: Vec::new(),
            stopper: None,
            jvm_env: Vec::new(),
            include_tags: Vec::new(),
            exclude_tags: Vec::new(),
            work_dir: None,
            test_dir: None,
            test_filter: Default::default(),
            every_class_name: false,
            in_diff: None,
            explain_runs: 0,
            production_store: None,
            baseline_file: None,
            baseline_only: false,
            shard: None,
            seed_random: true,
        }
    }

    pub(crate) fn limits(&self) -> Limits {
        Limits {
            cpu_const_ms: self.timeout_const_ms,
            wall_const_ms: self.wall_timeout_const_ms,
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
    run_mutation_with(config, &crate::progress::silent)
}

/// Run extreme mutation, telling `progress` what it does.
pub fn run_mutation_with(
    config: &MutateConfig,
    progress: ProgressSink<'_>,
) -> Result<MutationReport, MutateError> {
    let started = Instant::now();
    progress(Progress::Phase {
        name: "prepare".into(),
        detail: "reading and rewriting the classes, building the test-JVM shim".into(),
        total: 0,
    });
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
    // Opened before anything runs: a store that cannot be read is a usage error.
    let production = match (&config.production_store, config.explain_runs) {
        (Some(path), runs) if runs > 0 => Some(crate::production::Production::open(path)?),
        _ => None,
    };
    let jdk = Jdk::locate()?;
    let cache = ArtifactCache::default_location();
    let runtime = junit_runtime(&cache)?;
    let junit4 = cached_or_fetched(&cache, pinned::JUNIT4_RUNTIME)?;

    let schema_dir = work.join("schema");
    std::fs::create_dir_all(&schema_dir).map_err(|e| MutateError::io("create", &schema_dir, e))?;
    let mut selection = prepare_schema(
        &config.classes,
        &config.operators,
        &config.stop_kinds,
        &schema_dir,
    )?;
    let method_keys = crate::baseline_file::method_keys(&selection.methods);
    let known = match &config.baseline_file {
        Some(path) if path.exists() => Some(BaselineFile::load(path)?),
        _ => None,
    };
    // Methods outside the diff keep their (never switched on) mutants in the rewritten
    // classes but get no jobs and no verdict.
    let before = selection.methods.len();
    if let Some(changed) = &config.in_diff {
        selection.methods.retain(|m| m.is_touched_by(changed));
    }
    let outside_diff = config
        .in_diff
        .as_ref()
        .map(|_| before - selection.methods.len());
    let method_slots = selection
        .methods
        .iter()
        .map(|m| m.id as usize + 1)
        .max()
        .unwrap_or(0);
    let tests = test_dirs(&config.tests, &work)?;
    let shim = build_shim(&jdk, &runtime, cache.root())?;

    // The test classes that draw random numbers, seeded, go before the tests.
    let seeded = if config.seed_random {
        let seeded =
            crate::seeded_random::seed_tests(&tests, &work.join(crate::seeded_random::DIR))?;
        selection.problems.extend(seeded.problems.iter().cloned());
        (seeded.classes > 0).then_some(seeded)
    } else {
        None
    };
    let mut classpath = vec![schema_dir];
    classpath.extend(config.classes.iter().cloned());
    classpath.extend(seeded.iter().map(|s| s.dir.clone()));
    classpath.extend(tests.iter().cloned());
    // What a fresh loader loads again for a static-initialiser mutant.
    let reload = classpath.clone();
    classpath.extend(config.classpath.iter().cloned());
    classpath.push(shim);
    classpath.extend(junit4);
    classpath.extend(runtime.run_classpath());
    let mut jvm_args = Vec::new();
    // Mockito attaches its agent itself when a test first mocks; loading it up front only
    // spares the warning newer JVMs print for agents loaded late, and costs every start.
    if jdk.feature_version >= 21 && uses_mockito(&config.classpath) {
        jvm_args.push(format!("-javaagent:{}", runtime.mockito_agent().display()));
    }
    if jdk.feature_version > pinned::BYTE_BUDDY_NEWEST_JAVA {
        jvm_args.push("-Dnet.bytebuddy.experimental=true".into());
    }
    // The JVMTI agent tells the shim when a class failed its static initialisation (the
    // JVM then ends: that class would fail every later test that uses it), and on Java
    // 20+, which cannot `Thread.stop` a looping test, stops it, which spares a JVM start
    // per looping mutant.
    if let Some(stopper) = &config.stopper {
        jvm_args.push(format!("-agentpath:{}", stopper.display()));
    }
    // A hot exception keeps its message (HotSpot otherwise throws a preallocated one
    // without it once the code is compiled): a kill's failure line, and the word-by-word
    // agreement of its two runs, must not depend on the JIT.
    jvm_args.push("-XX:-OmitStackTraceInFastThrow".into());
    // Otherwise the JVM's own ergonomics, as the project's build would run its tests
    // (heap, collector and compilers as the JVM chooses); `--jvm-arg` adds to them.
    jvm_args.extend(config.jvm_args.iter().cloned());
    let tests_file = work.join("tests.tsv");
    // Filled once the baseline has seen which classes' static initialisers reach target
    // methods: the mutant phase's JVMs initialise them before any mutant runs.
    let init_list = std::sync::Arc::new(crate::worker::InitList::default());
    let stops = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let spec = |n: usize| WorkerSpec {
        java: jdk.java(),
        jvm_args: jvm_args.clone(),
        classpath: classpath.clone(),
        reload: reload.clone(),
        method_count: method_slots,
        test_roots: tests.clone(),
        tests_file: Some(tests_file.clone()),
        log: work.join(format!("worker-{n}.log")),
        startup_timeout: Duration::from_secs(300),
        dir: config.test_dir.clone(),
        every_class_name: config.every_class_name,
        env: config.jvm_env.clone(),
        include_tags: config.include_tags.clone(),
        exclude_tags: config.exclude_tags.clone(),
        initialise: Some(init_list.clone()),
        stops: stops.clone(),
    };

    let mut phases = vec![("prepare".to_string(), started.elapsed().as_secs_f64())];
    let phase_start = Instant::now();
    progress(Progress::Phase {
        name: "start".into(),
        detail: format!(
            "{} target methods, {} mutants; starting {} test JVM(s), discovering the tests",
            selection.methods.len(),
            selection
                .methods
                .iter()
                .map(|m| m.mutants.len())
                .sum::<usize>(),
            config.workers.max(1)
        ),
        total: 0,
    });
    // The first JVM discovers the tests; the others start at the same time and read them
    // from the tests file once it is written.
    let _ = std::fs::remove_file(&tests_file);
    let run = std::thread::scope(|scope| {
        let others: Vec<_> = (1..config.workers.max(1))
            .map(|k| {
                let spec = &spec;
                scope.spawn(move || Worker::start(&spec(k)))
            })
            .collect();
        let first = Worker::start(&WorkerSpec {
            tests_file: None,
            ..spec(0)
        })
        .and_then(|first| write_tests_file(&tests_file, &first.tests).map(|()| first));
        let first = match first {
            Ok(first) => first,
            Err(e) => {
                // Release the waiting JVMs.
                let _ = write_tests_file(&tests_file, &[]);
                return Err(e);
            }
        };
        phases.push(("start".into(), phase_start.elapsed().as_secs_f64()));
        let baseline_start = Instant::now();
        // The tests the JVM's tag filter left out (a build's groups/excludedGroups) are
        // left out like those the name filters leave out.
        let filter = config.test_filter.clone().leaving_out(
            first
                .tests
                .iter()
                .filter(|t| t.left_out_by_tags)
                .map(|t| t.name.clone()),
        );
        if let Some(file) = &known {
            let path = config.baseline_file.as_deref().unwrap_or(Path::new(""));
            file.check(path, &method_keys, &first.tests, &|name| {
                filter.accepts_name(name)
            })?;
            return crate::baseline::join_started(
                first,
                others,
                file.results.clone(),
                file.outside(),
            )
            .map(|run| (run, baseline_start, filter));
        }
        crate::baseline::run_parallel(
            first,
            others,
            &spec,
            config.baseline_timeout_ms,
            &filter,
            progress,
        )
        .map(|run| (run, baseline_start, filter))
    })?;
    let (run, phase_start, filter) = run;
    if let (Some(path), None) = (&config.baseline_file, &known) {
        BaselineFile::new(
            method_keys,
            &run.workers[0].tests,
            &run.results,
            &run.outside,
        )
        .save(path)?;
    }
    let names: Vec<String> = run.workers[0]
        .tests
        .iter()
        .map(|t| t.name.clone())
        .collect();
    let (mut workers, mut baseline) = (run.workers, run.results);
    for (i, name) in names.iter().enumerate() {
        if !filter.accepts_name(name) {
            baseline[i] = Baseline::Excluded;
        }
    }
    let mut starts = 1 + run.starts;

    // Coverage: green tests only.
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
            Baseline::Skipped | Baseline::Excluded => {}
        }
    }
    // Methods reached only from static initialisers: which test triggers a class's
    // initialisation depends on which ran first in its JVM, so their tests are every
    // green test that uses an initialised class (reaches one of its methods, or is it),
    // and their mutants run in fresh class loaders (or JVMs) where the initialisation
    // happens under them. (A method tests reach too is judged by those tests in the
    // shared JVMs; if its mutant breaks a class's initialisation there, the shim says so
    // and the mutant is judged again from a fresh loader: `Pending::isolate_further`.)
    init_list.set(run.outside.inits.values().flatten().cloned().collect());
    let mut fresh = BTreeSet::new();
    let class_of: HashMap<u32, String> = selection
        .methods
        .iter()
        .map(|m| (m.id, m.class.replace('/', ".")))
        .collect();
    for (id, classes) in &run.outside.inits {
        let slot = *id as usize;
        if slot >= covering.len() || !covering[slot].is_empty() {
            continue;
        }
        let users: Vec<usize> = baseline
            .iter()
            .enumerate()
            .filter_map(|(i, b)| match b {
                Baseline::Green { hits, .. } => {
                    let test_class = names[i].split('#').next().unwrap_or_default();
                    let uses = classes.contains(test_class)
                        || hits
                            .iter()
                            .any(|h| class_of.get(h).is_some_and(|c| classes.contains(c)));
                    uses.then_some(i)
                }
                _ => None,
            })
            .collect();
        if !users.is_empty() {
            covering[slot] = users;
            fresh.insert(*id);
        }
    }
    // Each method's expected cost: what a shard given the baseline file partitions by, and
    // what sets how many JVMs the mutant phase uses.
    let mut costs = crate::shard_cost::method_costs(
        &selection.methods,
        &covering,
        &names,
        &baseline,
        &fresh,
        &run.outside.shared,
    );
    let outside_shard = match config.shard {
        Some(shard) if !config.baseline_only => {
            let before = selection.methods.len();
            let partition_costs: Vec<u64> = match &config.baseline_file {
                // Each shard measured its own baseline: only what every shard shares.
                None => selection
                    .methods
                    .iter()
                    .map(|m| m.mutants.len() as u64)
                    .collect(),
                // The file's baseline, read or just written: every shard given the file
                // partitions by the same costs.
                Some(_) => costs.clone(),
            };
            let groups: Vec<&str> = selection
                .methods
                .iter()
                .map(|m| m.class.split('$').next().unwrap_or(&m.class))
                .collect();
            let takes = shard.takes_grouped(&partition_costs, &groups);
            let mut i = 0;
            selection.methods.retain(|_| {
                i += 1;
                takes[i - 1]
            });
            costs = costs
                .iter()
                .zip(&takes)
                .filter(|(_, t)| **t)
                .map(|(c, _)| *c)
                .collect();
            Some(before - selection.methods.len())
        }
        _ => None,
    };
    let times = |i: usize| match &baseline[i] {
        Baseline::Green {
            nanos, cpu_nanos, ..
        } => (*nanos, *cpu_nanos),
        _ => (0, 0),
    };
    let budget = |i: usize| {
        let (wall, cpu) = times(i);
        Budget {
            cpu_ms: (cpu as f64 / 1e6 * config.timeout_factor).ceil() as u64,
            wall_ms: (wall as f64 / 1e6 * 2.0 * config.timeout_factor).ceil() as u64,
        }
    };
    let mut per_method = Vec::new();
    for (mi, method) in selection.methods.iter().enumerate() {
        let tests = &mut covering[method.id as usize];
        if tests.is_empty() {
            continue;
        }
        // By time in orders of magnitude, then by how many target methods each test
        // reaches (a cost proxy less noisy than time; lazily filled caches still make it
        // differ a little between runs).
        order_tests(&method.class, tests, &names, |i| test_cost(&baseline[i]));
        let with_budgets: Vec<(usize, Budget)> = tests.iter().map(|i| (*i, budget(*i))).collect();
        per_method.push(
            method
                .mutants
                .iter()
                .enumerate()
                .map(|(ki, mutant)| Job {
                    method: mi,
                    mutant: ki,
                    id: mutant.id,
                    tests: with_budgets.clone(),
                    alone: run.outside.shared.contains(&method.id) || fresh.contains(&method.id),
                    fresh: fresh.contains(&method.id),
                })
                .collect(),
        );
    }
    if config.baseline_only {
        per_method.clear();
    }
    let jobs = round_robin(per_method);
    // Only as many JVMs as the mutants' expected work pays for: each JVM beyond the first
    // costs a warm-up and, on few cores, the others' JIT and collector time.
    let expected_micros: u64 = costs.iter().sum();
    let started_workers = workers.len();
    let worker_count = worker_count_for(expected_micros, started_workers);
    for mut spare in workers.drain(worker_count..) {
        spare.retire();
    }
    phases.push(("baseline".into(), phase_start.elapsed().as_secs_f64()));
    let phase_start = Instant::now();
    progress(Progress::Phase {
        name: "mutants".into(),
        detail: if worker_count < started_workers {
            format!(
                "{} covered mutants on {worker_count} of the {started_workers} JVMs \
                 ({:.1} s of expected test time: one JVM per {} s)",
                jobs.len(),
                expected_micros as f64 / 1e6,
                WORK_PER_JVM_MICROS / 1_000_000
            )
        } else {
            format!("{} covered mutants on {worker_count} JVM(s)", jobs.len())
        },
        total: jobs.len(),
    });
    let (outcomes, restarts) = run_jobs(
        workers,
        &spec,
        config.limits(),
        config.mutants_per_launch,
        jobs,
        &names,
        progress,
    )?;
    starts += restarts;
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
                            failure: None,
                            millis: 0.0,
                            diagnosis: None,
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
    let mut methods: Vec<MethodResult> = methods;
    if config.baseline_only {
        methods.clear();
    }
    if config.explain_runs > 0 {
        let phase_start = Instant::now();
        starts += crate::explain_run::explain_survivors(
            &mut methods,
            &covering,
            &budget,
            &names,
            config,
            // Its runs observe what the tests see, a class's initialisation included.
            &WorkerSpec {
                initialise: None,
                ..spec(started_workers)
            },
            &work,
            production.as_ref(),
            &mut selection.problems,
            progress,
        )?;
        phases.push(("explain".into(), phase_start.elapsed().as_secs_f64()));
    }
    for (class, why) in init_list.dropped() {
        selection
            .problems
            .push(mimic_diagnostic::Diagnostic::warning(format!(
                "{class} is not initialised ahead of the mutants' tests: {why} (the tests \
             initialise it, under whichever mutant is on)"
            )));
    }
    let baseline_tests = baseline
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let (status, nanos, reached, invocations) = match b {
                Baseline::Green {
                    nanos,
                    hits,
                    invocations,
                    ..
                } => ("green", *nanos, hits.len(), *invocations),
                Baseline::Red(_) => ("red", 0, 0, 0),
                Baseline::Skipped => ("skipped", 0, 0, 0),
                Baseline::Excluded => ("excluded", 0, 0, 0),
            };
            crate::result::BaselineTest {
                name: names[i].clone(),
                status: status.into(),
                millis: nanos as f64 / 1e6,
                methods_reached: reached,
                invocations,
            }
        })
        .collect();
    Ok(MutationReport {
        methods,
        baseline: baseline_tests,
        skipped: selection.skipped,
        problems: selection.problems,
        outside_diff,
        shard: config.shard.filter(|_| !config.baseline_only),
        outside_shard,
        red_tests,
        tests_total: names.len(),
        workers: worker_count,
        started_workers,
        jvm_starts: starts,
        stopped_tests: stops.load(std::sync::atomic::Ordering::Relaxed),
        seconds: started.elapsed().as_secs_f64(),
        phases,
        operators: config.operators.iter().map(Operator::id).collect(),
        test_jvm: TestJvm {
            java: jdk.java().display().to_string(),
            version: jdk.version_string.clone(),
            args: jvm_args,
            seeded_random_classes: seeded.as_ref().map_or(0, |s| s.classes),
            seeded_random_sites: seeded.as_ref().map_or(0, |s| s.sites),
        },
    })
}

/// Whether the tests' class path holds Mockito.
fn uses_mockito(classpath: &[PathBuf]) -> bool {
    classpath.iter().any(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("mockito-core") || n.starts_with("mockito-inline"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jvm_per_ten_seconds_of_expected_work_at_least_one_at_most_the_started() {
        assert_eq!(worker_count_for(0, 2), 1);
        assert_eq!(worker_count_for(6_300_000, 2), 1);
        assert_eq!(worker_count_for(10_000_000, 2), 1);
        assert_eq!(worker_count_for(12_500_000, 2), 2);
        assert_eq!(worker_count_for(119_000_000, 2), 2);
        assert_eq!(worker_count_for(119_000_000, 4), 4);
        assert_eq!(worker_count_for(5, 0), 1);
    }
}
