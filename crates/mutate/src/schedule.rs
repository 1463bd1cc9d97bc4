//! Mutant scheduling: which tests run against each mutant, in which order, on which test
//! JVM. A mutant's tests are the green tests that reach its method, tried in this order:
//! tests that already detected another mutant of the same method, then by how slow they
//! are in orders of magnitude (under three seconds, under thirty, beyond: a test hashing a
//! huge input goes after the quick ones, [`time_tier`]), then tests of the
//! method's own test class (`FooTest` for `Foo`), then those reaching the fewest target
//! methods first (a cost proxy less noisy than time). Jobs are
//! queued round-robin over methods (every method's first mutant, then every second one…),
//! and a method's mutants run one after the other, so that each profits from its
//! siblings' kills in the same order whatever the timing.
//!
//! Launching tests costs more than most tests (the platform resolves and sets up each
//! launch), so one launch serves many mutants: distinct tests, each with its own mutant
//! switched on while it runs. A mutant brings one test to its first launch, then 2, 4…
//! while no test detects it.
//!
//! A test class runs much slower the first time in a JVM (its classes load, the code it
//! reaches is interpreted until compiled), so each test class has a home JVM: the one
//! that ran it first (in the baseline, or the first to take it here). A JVM takes the
//! mutants whose next tests are at home with it (or have no home yet) first, and others'
//! only when none is left, so that two JVMs do not both pay every class's warm-up. Which
//! JVM runs a mutant never changes its verdict or its killing test.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Condvar, Mutex};

use crate::error::MutateError;
use crate::progress::ProgressSink;
use crate::result::{MutantOutcome, MutantStatus};
use crate::stable_line::stable_line;
use crate::worker::{Budget, Limits, RunEnd, RunReply, Status, TestResult, Worker, WorkerSpec};

/// One mutant to run: indices into the selection, its id and its tests with budgets.
#[derive(Debug, Clone)]
pub struct Job {
    pub method: usize,
    pub mutant: usize,
    pub id: u32,
    pub tests: Vec<(usize, Budget)>,
    /// The method is reached outside tests (class set-up): the mutant needs launches of
    /// its own, switched on from their start.
    pub alone: bool,
    /// The method is reached only from static initialisers (or a class's initialisation
    /// failed under the mutant: [`Pending::isolate_further`]): the mutant runs with the
    /// application's classes and the tests loaded again (a fresh class loader, or a JVM of
    /// its own when that loader cannot run its killing test soundly: [`Isolation`]), so
    /// that the initialisation happens with it switched on.
    pub fresh: bool,
}

/// (method index, mutant index, outcome) per job run.
pub type Outcomes = Vec<(usize, usize, MutantOutcome)>;

/// `org/x/Foo$Bar` → `Foo`.
fn simple_class(internal: &str) -> &str {
    let simple = internal.rsplit('/').next().unwrap_or(internal);
    simple.split('$').next().unwrap_or(simple)
}

/// `org.x.FooTest#m()` (or a display name) → `FooTest`.
fn test_class(name: &str) -> &str {
    let class = name.split('#').next().unwrap_or(name);
    let simple = class.rsplit('.').next().unwrap_or(class);
    simple.split('$').next().unwrap_or(simple)
}

/// Whether `test_name` belongs to the test class named after `class` (internal name).
pub fn is_own_test(class: &str, test_name: &str) -> bool {
    let c = simple_class(class);
    let t = test_class(test_name);
    t.strip_suffix("Test")
        .or_else(|| t.strip_suffix("Tests"))
        .or_else(|| t.strip_suffix("TestCase"))
        .or_else(|| t.strip_suffix("IT"))
        .or_else(|| t.strip_prefix("Test"))
        == Some(c)
}

/// How much cheaper a test of the method's own test class counts when ordering: such a
/// test is much more likely to detect a mutant of the method.
const OWN_TEST_DISCOUNT: u64 = 4;

/// What orders a mutant's tests: how slow the test is, in orders of magnitude
/// ([`time_tier`]), then how many target methods it reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TestCost {
    pub tier: u8,
    pub reach: u64,
}

/// A test's slowness in orders of magnitude, from its baseline run: 0 under three seconds,
/// 1 under thirty, 2 beyond. The time is the larger of its CPU time and a quarter of its
/// wall time (a test that sleeps or waits is slow too; wall time on a busy machine counts
/// little). The first tier is wide on purpose: a test paying a one-time set-up in the
/// baseline (the first to load a library's rules) costs a second or two there and
/// little under mutants, and a test's time moves between runs, so only a test clearly
/// slow in every run (hashing gigabytes) changes tier. A test near three seconds may still
/// fall on either side from run to run; that changes which test is named as detecting
/// a mutant only when both it and a test on the other side detect it.
///
/// A test whose thread allocated a gigabyte or more is in tier 1 at least, whatever its
/// time: the time of such a test is mostly the memory's (page faults, collections) and
/// moves the most between runs (commons-codec's tests that grow a buffer past 2 GB took
/// 2.5 s in one run and 3.5 s in the next, and the test named as detecting two mutants
/// changed with it), while what it allocates does not.
pub fn time_tier(wall_nanos: u64, cpu_nanos: u64, alloc_bytes: u64) -> u8 {
    let millis = cpu_nanos.max(wall_nanos / 4) / 1_000_000;
    let by_time = match millis {
        0..=2_999 => 0,
        3_000..=29_999 => 1,
        _ => 2,
    };
    let by_memory = u8::from(alloc_bytes >= GIGABYTE);
    by_time.max(by_memory)
}

/// What [`time_tier`] counts as a test allocating much.
const GIGABYTE: u64 = 1 << 30;

/// A test's [`TestCost`] from its baseline result (a test not green costs the most).
pub fn test_cost(baseline: &crate::baseline::Baseline) -> TestCost {
    match baseline {
        crate::baseline::Baseline::Green {
            hits,
            nanos,
            cpu_nanos,
            alloc_bytes,
            ..
        } => TestCost {
            tier: time_tier(*nanos, *cpu_nanos, *alloc_bytes),
            reach: hits.len() as u64,
        },
        _ => TestCost {
            tier: u8::MAX,
            reach: u64::MAX,
        },
    }
}

/// Order `tests` for a method of `class`: by `cost`'s tier, then by its reach, tests of
/// its own test class counting [`OWN_TEST_DISCOUNT`] times cheaper.
pub fn order_tests(
    class: &str,
    tests: &mut [usize],
    names: &[String],
    cost: impl Fn(usize) -> TestCost,
) {
    let key = |i: usize| {
        let TestCost { tier, reach } = cost(i);
        let reach = reach.max(1);
        let reach = if is_own_test(class, &names[i]) {
            reach
        } else {
            reach.saturating_mul(OWN_TEST_DISCOUNT)
        };
        (tier, reach)
    };
    tests.sort_by_key(|&i| (key(i), i));
}

/// Queue jobs round-robin over methods: `per_method[m]` are method `m`'s jobs in order.
pub fn round_robin(per_method: Vec<Vec<Job>>) -> VecDeque<Job> {
    let mut queues: Vec<VecDeque<Job>> = per_method.into_iter().map(VecDeque::from).collect();
    let mut out = VecDeque::new();
    loop {
        let mut any = false;
        for q in &mut queues {
            if let Some(job) = q.pop_front() {
                out.push_back(job);
                any = true;
            }
        }
        if !any {
            return out;
        }
    }
}

/// Move the tests that detected earlier mutants of the method to the front, most recent
/// first, keeping the rest in order.
fn with_killers_first(tests: &[(usize, Budget)], killers: &[usize]) -> Vec<(usize, Budget)> {
    let mut out: Vec<(usize, Budget)> = Vec::with_capacity(tests.len());
    for k in killers.iter().rev() {
        if let Some(t) = tests.iter().find(|(i, _)| i == k) {
            if !out.iter().any(|(i, _)| i == k) {
                out.push(*t);
            }
        }
    }
    out.extend(tests.iter().filter(|(i, _)| !killers.contains(i)));
    out
}

/// Tests one mutant contributes to one launch at most (its share grows 1, 2, 4…).
const MUTANT_TESTS: usize = 32;

/// A mutant on its way through its tests.
struct Pending {
    job: Job,
    /// Its tests in the order they are tried (killers of sibling mutants first, fixed
    /// when it is first launched).
    ordered: bool,
    /// Tests already run without detecting it.
    next: usize,
    /// Tests it gets in its next launch.
    share: usize,
    /// Wall time of its tests so far.
    millis: f64,
    /// Launches it was sent back from because some of its tests did not run.
    retried: u8,
    /// A kill to confirm: the test that failed, the first line of its failure, and how
    /// many tests had run. Before it counts, the same test runs against the mutant again
    /// in another launch; a kill it does not repeat makes the mutant unstable.
    confirming: Option<(usize, String, usize)>,
    /// One of its tests timed out on its first run in a JVM, which may have been the cold
    /// JVM rather than the mutant: before it runs again, its tests that have not run in
    /// the JVM yet run there once without it (a static-initialiser mutant, which must
    /// find its classes uninitialised in a fresh loader or JVM, gets patient budgets
    /// instead: [`Budget::patient`]).
    patient: bool,
    /// A fresh job whose killing test failed in a fresh class loader without the mutant
    /// too: it runs in JVMs of its own instead.
    fresh_jvm: bool,
}

/// Where a mutant's launches of its own run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Isolation {
    /// In the worker's JVM, its classes as they are.
    Shared,
    /// In the worker's JVM, the application and the tests loaded again by a class loader
    /// of the run's own ([`Worker::run_fresh`]): a fresh job's way, which spares a JVM
    /// start and keeps the JDK and the test engines warm.
    Loader,
    /// In a JVM started for the run and retired after it.
    Jvm,
}

impl Pending {
    fn isolation(&self) -> Isolation {
        match (self.job.fresh, self.fresh_jvm) {
            (false, _) => Isolation::Shared,
            (true, false) => Isolation::Loader,
            (true, true) => Isolation::Jvm,
        }
    }

    /// A class failed its static initialisation under this mutant (the JVM it ran in
    /// ended): whether a class is initialised when a test meets it depends on what ran
    /// before in a JVM, so the mutant is judged again from the start, where every
    /// initialisation happens under it: in a fresh loader, or from a fresh loader (where a
    /// class shared with the JVM broke) in a JVM of its own. False when it ran in a JVM of
    /// its own already: its results stand.
    fn isolate_further(&mut self) -> bool {
        match self.isolation() {
            Isolation::Shared => {
                self.job.fresh = true;
                self.job.alone = true;
            }
            Isolation::Loader => self.fresh_jvm = true,
            Isolation::Jvm => return false,
        }
        self.next = 0;
        self.confirming = None;
        self.retried = 0;
        true
    }
}

struct Pool {
    queue: VecDeque<Pending>,
    in_flight: usize,
    outcomes: Outcomes,
    /// Per method, the tests that detected its mutants, in mutant order.
    killers: HashMap<usize, Vec<usize>>,
    /// Per method, how many of its mutants have settled. A method's mutants run one after
    /// the other, so that each is tried against its siblings' killers in the same order
    /// on every run: the test that detects a mutant never depends on timing.
    settled: HashMap<usize, usize>,
    restarts: usize,
    /// Mutants per launch at most.
    launch_mutants: usize,
    /// Per test, its test class (an index into [`Pool::home`]); empty: no affinity.
    class_of: Vec<usize>,
    /// Per test class, the JVM (worker index) it runs at home in, once one ran it.
    home: Vec<Option<usize>>,
}

/// Mutants taken for one launch, each with the tests it brings.
type Launch = Vec<(Pending, Vec<(usize, Budget)>)>;

impl Pending {
    /// A mutant not run yet.
    fn new(job: Job) -> Pending {
        Pending {
            job,
            ordered: false,
            next: 0,
            share: 1,
            millis: 0.0,
            retried: 0,
            confirming: None,
            patient: false,
            fresh_jvm: false,
        }
    }
}

impl Pool {
    /// An empty pool taking up to `launch_mutants` mutants per launch.
    fn new(launch_mutants: usize) -> Pool {
        Pool {
            queue: VecDeque::new(),
            in_flight: 0,
            outcomes: Vec::new(),
            killers: HashMap::new(),
            settled: HashMap::new(),
            restarts: 0,
            launch_mutants: launch_mutants.max(1),
            class_of: Vec::new(),
            home: Vec::new(),
        }
    }

    /// Give each test its class (from its name, `org.x.FooTest#m()`), and each class whose
    /// tests ran in one of the `jvms` started JVMs (`warm(jvm, test)`) that JVM as home
    /// (the first such JVM).
    fn set_homes(&mut self, names: &[String], jvms: usize, warm: impl Fn(usize, usize) -> bool) {
        let mut ids: HashMap<&str, usize> = HashMap::new();
        self.class_of = names
            .iter()
            .map(|n| {
                let class = n.split('#').next().unwrap_or(n);
                let next = ids.len();
                *ids.entry(class).or_insert(next)
            })
            .collect();
        self.home = vec![None; ids.len()];
        for (test, &class) in self.class_of.iter().enumerate() {
            if self.home[class].is_none() {
                self.home[class] = (0..jvms).find(|&jvm| warm(jvm, test));
            }
        }
    }

    /// Whether `test` runs at home in JVM `me` (or has no home yet).
    fn at_home(&self, test: usize, me: usize) -> bool {
        match self.class_of.get(test) {
            Some(&class) => self.home[class].is_none_or(|h| h == me),
            None => true,
        }
    }

    /// Make JVM `me` the home of the classes of `tests` that have none.
    fn claim(&mut self, tests: &[(usize, Budget)], me: usize) {
        for (test, _) in tests {
            if let Some(&class) = self.class_of.get(*test) {
                self.home[class].get_or_insert(me);
            }
        }
    }

    /// Whether `pending` may run now: every earlier mutant of its method has settled.
    fn is_next_of_its_method(&self, pending: &Pending) -> bool {
        pending.job.mutant == self.settled.get(&pending.job.method).copied().unwrap_or(0)
    }

    /// Record a settled mutant.
    fn settle(
        &mut self,
        method: usize,
        mutant: usize,
        outcome: MutantOutcome,
        killer: Option<usize>,
    ) {
        if let Some(k) = killer {
            self.killers.entry(method).or_default().push(k);
        }
        *self.settled.entry(method).or_default() += 1;
        self.outcomes.push((method, mutant, outcome));
    }

    /// Put a launch that could not run back at the front of the queue, in order.
    fn give_back(&mut self, launch: Launch) {
        self.in_flight -= launch.len();
        for (pending, _) in launch.into_iter().rev() {
            self.queue.push_front(pending);
        }
    }
}

/// A mutant whose tests were sent back [`NOT_RUN_TRIES`] times from shared launches runs
/// in launches of its own from now on, where no other mutant's stop can break them off.
fn alone_if_not_run(mut pending: Pending) -> Pending {
    if pending.retried >= NOT_RUN_TRIES {
        pending.job.alone = true;
        pending.retried = 0;
    }
    pending
}

/// `tests` with patient budgets.
fn patient(tests: Vec<(usize, Budget)>) -> Vec<(usize, Budget)> {
    tests.into_iter().map(|(i, b)| (i, b.patient())).collect()
}

/// Whether a mutant detected by `status` from test `killer`, which had not run to its end
/// in the JVM before (`cold`), must run again with patient budgets before it counts.
fn judge_again(pending: &Pending, status: MutantStatus, cold: bool) -> bool {
    status == MutantStatus::TimedOut && cold && !pending.patient
}

/// Take mutants for one launch for JVM `me`: those whose next tests are at home in it
/// first ([`Pool::at_home`]), from the front of the queue; when there are none, any.
fn take_launch(pool: &mut Pool, me: usize) -> Launch {
    let launch = take_launch_where(pool, Some(me));
    let launch = if launch.is_empty() {
        take_launch_where(pool, None)
    } else {
        launch
    };
    for (_, tests) in &launch {
        pool.claim(tests, me);
    }
    launch
}

/// Take mutants for one launch from the front of the queue (with `at_home_in`, only those
/// whose next tests are at home in that JVM): each brings its next `share` tests, and no
/// test appears twice in a launch.
fn take_launch_where(pool: &mut Pool, at_home_in: Option<usize>) -> Launch {
    let mut taken = Vec::new();
    let mut used = std::collections::HashSet::new();
    let mut tests = 0;
    let mut skipped = VecDeque::new();
    while let Some(mut p) = pool.queue.pop_front() {
        if taken.len() >= pool.launch_mutants || tests >= 2 * pool.launch_mutants {
            skipped.push_back(p);
            break;
        }
        if p.job.alone || !pool.is_next_of_its_method(&p) {
            skipped.push_back(p);
            continue;
        }
        if !p.ordered {
            let known = pool.killers.get(&p.job.method).cloned().unwrap_or_default();
            p.job.tests = with_killers_first(&p.job.tests, &known);
            p.ordered = true;
        }
        let room = (2 * pool.launch_mutants - tests).min(p.share);
        let mine: Vec<(usize, Budget)> = match &p.confirming {
            Some((killer, _, _)) => p
                .job
                .tests
                .iter()
                .filter(|(i, _)| i == killer && !used.contains(i))
                .copied()
                .collect(),
            None => p.job.tests[p.next..]
                .iter()
                .take_while(|(i, _)| !used.contains(i))
                .take(room)
                .copied()
                .collect(),
        };
        let away = at_home_in.is_some_and(|me| mine.iter().any(|(i, _)| !pool.at_home(*i, me)));
        if mine.is_empty() || away {
            skipped.push_back(p);
            continue;
        }
        used.extend(mine.iter().map(|(i, _)| *i));
        tests += mine.len();
        taken.push((p, mine));
    }
    while let Some(p) = skipped.pop_back() {
        pool.queue.push_front(p);
    }
    taken
}

/// Run `jobs` on the started `workers` (one thread each), up to `launch_mutants` mutants
/// per launch (each test with its own mutant switched on); a dead JVM is replaced from `spec(n)`. Returns
/// the outcomes and the number of JVMs started anew.
pub fn run_jobs(
    workers: Vec<Worker>,
    spec: &(dyn Fn(usize) -> WorkerSpec + Sync),
    limits: Limits,
    launch_mutants: usize,
    jobs: VecDeque<Job>,
    names: &[String],
    progress: ProgressSink<'_>,
) -> Result<(Outcomes, usize), MutateError> {
    let mut pool = Pool {
        queue: jobs.into_iter().map(Pending::new).collect(),
        ..Pool::new(launch_mutants)
    };
    pool.set_homes(names, workers.len(), |jvm, test| workers[jvm].is_warm(test));
    let pool = Mutex::new(pool);
    let changed = Condvar::new();
    let errors: Vec<MutateError> = std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .into_iter()
            .enumerate()
            .map(|(n, worker)| {
                let (pool, changed) = (&pool, &changed);
                scope.spawn(move || {
                    let result = work(n, worker, &spec(n), limits, pool, changed, names, progress);
                    // Let the others finish (or see the queue empty) whatever happened here.
                    changed.notify_all();
                    result
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
    let pool = pool.into_inner().expect("lock");
    if let Some(e) = errors.into_iter().next() {
        if !pool.queue.is_empty() || pool.outcomes.is_empty() {
            return Err(e);
        }
    }
    Ok((pool.outcomes, pool.restarts))
}

/// The test a JVM that went down was running, and what that makes of its mutant.
#[derive(Debug, Clone, PartialEq)]
struct Culprit {
    test: usize,
    status: MutantStatus,
    /// How long it ran, in milliseconds (0 when unknown).
    millis: f64,
    /// What happened, for the report.
    why: String,
}

fn culprit(end: &RunEnd) -> Option<Culprit> {
    match end {
        RunEnd::Done => None,
        RunEnd::TimedOut(test, nanos) => Some(Culprit {
            test: *test,
            status: MutantStatus::TimedOut,
            millis: *nanos as f64 / 1e6,
            why: format!("timed out after {} ms", nanos / 1_000_000),
        }),
        RunEnd::Crashed(test, log) => Some(Culprit {
            test: *test,
            status: MutantStatus::RunError,
            millis: 0.0,
            why: format!(
                "the test JVM died: {}",
                log.lines().last().unwrap_or("(nothing in its log)")
            ),
        }),
    }
}

/// What one launch says of one mutant.
#[derive(Debug, Clone, PartialEq)]
enum Settle {
    /// This test detected it (failed, timed out, or took its JVM down), and how.
    Detected(MutantStatus, usize, String),
    /// Every test it brought ran and passed.
    Passed,
    /// Some of its tests did not run (the JVM went down, or the launch broke off): run
    /// them again.
    Again,
}

#[derive(Debug, Clone, PartialEq)]
struct Verdict {
    end: Settle,
    /// Tests that ran against it in this launch.
    ran: usize,
    /// Their wall time.
    millis: f64,
}

/// Shared launches a test that did not run ([`Status::NotRun`]: other mutants' timeouts
/// broke them off) is sent back to before its mutant runs in launches of its own. A test
/// that did not run never counts as passing: that made a looping mutant "survive" tests
/// that never ran, in some runs and not others (and more often on a loaded machine).
const NOT_RUN_TRIES: u8 = 4;

/// Judge one mutant's `tests` from a launch's results. `culprit`: the test a JVM that
/// went down was running, and the status that gives. A test green in the baseline that
/// reports skipped did not run (the launch broke off); after `retried` launches it
/// counts as passing (it skips itself under this mutant). A test that did not run at
/// all ([`Status::NotRun`]) always goes again.
fn settle(
    tests: &[(usize, Budget)],
    results: &HashMap<usize, &TestResult>,
    culprit: Option<&Culprit>,
    retried: u8,
) -> Verdict {
    let mut verdict = Verdict {
        end: Settle::Passed,
        ran: 0,
        millis: 0.0,
    };
    let give_up = retried >= 1 && culprit.is_none();
    for (i, _) in tests {
        if let Some(c) = culprit {
            if c.test == *i {
                verdict.ran += 1;
                verdict.millis += c.millis;
                verdict.end = Settle::Detected(c.status, c.test, c.why.clone());
                return verdict;
            }
        }
        match results.get(i) {
            Some(r) if r.status == Status::NotRun => verdict.end = Settle::Again,
            Some(r) if r.status != Status::Skipped || give_up => {
                verdict.ran += 1;
                verdict.millis += r.nanos as f64 / 1e6;
                match r.status {
                    Status::Failed => {
                        let why = r.failure.clone().unwrap_or_else(|| "failed".into());
                        verdict.end = Settle::Detected(MutantStatus::Killed, *i, why)
                    }
                    Status::TimedOut => {
                        let why = format!("timed out after {} ms", r.nanos / 1_000_000);
                        verdict.end = Settle::Detected(MutantStatus::TimedOut, *i, why)
                    }
                    _ => continue,
                }
                return verdict;
            }
            None if give_up => verdict.ran += 1,
            _ => verdict.end = Settle::Again,
        }
    }
    verdict
}

fn outcome(
    pending: &Pending,
    status: MutantStatus,
    ran: usize,
    killer: Option<(usize, String)>,
    names: &[String],
) -> MutantOutcome {
    let (killing_test, failure) = match killer {
        Some((i, why)) => (names.get(i).cloned(), Some(why)),
        None => (None, None),
    };
    MutantOutcome {
        id: pending.job.id,
        operator: String::new(),
        status,
        tests_run: pending.next + ran,
        killing_test,
        failure,
        millis: pending.millis,
        diagnosis: None,
    }
}

type Settled = (usize, usize, MutantOutcome, Option<usize>, usize);

/// Run one mutant in launches of its own (the shim switches it on for each whole launch:
/// the first test alone, then 2, 4… until one fails). Returns (method, mutant, outcome,
/// killer, JVMs started), or the mutant back with the error.
fn run_alone(
    worker: &mut Worker,
    spec: &WorkerSpec,
    limits: Limits,
    mut pending: Pending,
    names: &[String],
) -> Result<Settled, Box<(Pending, MutateError)>> {
    let mut restarted = match worker_for(worker, spec, &pending) {
        Ok(started) => started,
        Err(e) => return Err(Box::new((pending, e))),
    };
    let tests = match (pending.patient, pending.job.fresh) {
        (true, true) => patient(pending.job.tests.clone()),
        (true, false) => {
            let cold: Vec<(usize, Budget)> = pending
                .job
                .tests
                .iter()
                .copied()
                .filter(|(i, _)| !worker.is_warm(*i))
                .collect();
            if let Err(e) = warm_up_tests(worker, spec, limits, &cold) {
                return Err(Box::new((pending, e)));
            }
            pending.job.tests.clone()
        }
        (false, _) => pending.job.tests.clone(),
    };
    let isolation = pending.isolation();
    // In a fresh loader every test's classes are new: all cold.
    let cold: HashSet<usize> = tests
        .iter()
        .map(|(i, _)| *i)
        .filter(|i| isolation == Isolation::Loader || !worker.is_warm(*i))
        .collect();
    let reply = match run_isolated(worker, isolation, pending.job.id, limits, &tests) {
        Ok(reply) => reply,
        Err(e) => return Err(Box::new((pending, e))),
    };
    if reply.broke.is_some() && pending.isolate_further() {
        return run_alone(worker, spec, limits, pending, names).map(
            |(method, mutant, outcome, killer, again)| {
                (method, mutant, outcome, killer, again + restarted)
            },
        );
    }
    let by_test: HashMap<usize, &TestResult> = reply.results.iter().map(|r| (r.index, r)).collect();
    let culprit = culprit(&reply.end);
    let culprit = culprit.as_ref();
    // The shim ran the tests in order and stopped at the first that detected the mutant:
    // one that did not run after that is not another launch's business (retried = 1).
    let verdict = settle(&pending.job.tests, &by_test, culprit, 1);
    if verdict.end == Settle::Again && !worker.is_alive() && pending.retried < NOT_RUN_TRIES {
        // A poisoned JVM (a stop of an earlier launch kept in static state) ended: its
        // tests that did not run go again in a new one.
        pending.retried += 1;
        return run_alone(worker, spec, limits, pending, names).map(
            |(method, mutant, outcome, killer, again)| {
                (method, mutant, outcome, killer, again + restarted)
            },
        );
    }
    let (status, killer) = match (verdict.end, culprit) {
        (Settle::Detected(status, killer, why), _) => (status, Some((killer, why))),
        (_, Some(c)) => (c.status, Some((c.test, c.why.clone()))),
        // Launches of its own kept breaking off before these tests ran: the mutant's
        // doing (PIT's run error), never a pass.
        (Settle::Again, None) => {
            let not_run = pending
                .job
                .tests
                .iter()
                .map(|(i, _)| *i)
                .find(|i| by_test.get(i).is_none_or(|r| r.status == Status::NotRun));
            match not_run {
                Some(test) => (
                    MutantStatus::RunError,
                    Some((
                        test,
                        format!(
                            "its tests did not run in {} launches of its own",
                            pending.retried + 1
                        ),
                    )),
                ),
                None => (MutantStatus::Survived, None),
            }
        }
        _ => (MutantStatus::Survived, None),
    };
    if let Some((test, _)) = &killer {
        if judge_again(&pending, status, cold.contains(test)) {
            // Again, with patient budgets (in a new JVM if the timeout ended this one).
            pending.patient = true;
            return run_alone(worker, spec, limits, pending, names).map(
                |(method, mutant, outcome, killer, again)| {
                    (method, mutant, outcome, killer, again + restarted)
                },
            );
        }
    }
    // A kill in a fresh loader counts only if its test passes in one without the mutant:
    // otherwise the loader, not the mutant, may have failed it, and a JVM of its own
    // judges the mutant.
    if let (Isolation::Loader, Some((test, _))) = (isolation, &killer) {
        // A mutant that outran its budget where threads cannot be stopped (Java 20+)
        // took the JVM with it: the check runs in a new one.
        match worker_for(worker, spec, &pending) {
            Ok(started) => restarted += started,
            Err(e) => return Err(Box::new((pending, e))),
        }
        match sound_in_fresh_loader(worker, limits, &pending, *test) {
            Ok(true) => {}
            Ok(false) => {
                pending.fresh_jvm = true;
                pending.patient = false;
                return run_alone(worker, spec, limits, pending, names).map(
                    |(method, mutant, outcome, killer, again)| {
                        (method, mutant, outcome, killer, again + restarted)
                    },
                );
            }
            Err(e) => return Err(Box::new((pending, e))),
        }
    }
    // A kill counts once its test fails against the mutant again, in a launch (and, for a
    // static-initialiser mutant, a fresh loader or JVM) of its own; one it does not repeat
    // is unstable.
    let (status, killer) = match (status, killer) {
        (MutantStatus::Killed, Some((test, why))) => {
            let again = confirm_alone(worker, spec, limits, &pending, test);
            restarted += again.1;
            match again.0 {
                Ok(Some((status, why_again))) => (
                    MutantStatus::Killed,
                    Some((test, confirmed_line(&why, status, &why_again))),
                ),
                Ok(None) => (
                    MutantStatus::Unstable,
                    Some((test, format!("{why} (it passed when run again)"))),
                ),
                Err(e) => return Err(Box::new((pending, e))),
            }
        }
        other => other,
    };
    // Every test of the shim's last batch ran, also those after the one that detected it.
    pending.millis = reply
        .results
        .iter()
        .map(|r| r.nanos as f64 / 1e6)
        .sum::<f64>()
        + culprit.map_or(0.0, |c| c.millis);
    let ran = reply.results.len() + usize::from(reply.end != RunEnd::Done);
    let killer_index = killer.as_ref().map(|(i, _)| *i);
    let outcome = outcome(&pending, status, ran, killer, names);
    Ok((
        pending.job.method,
        pending.job.mutant,
        outcome,
        killer_index,
        restarted,
    ))
}

/// Make `worker` ready for a launch of `pending`'s own: a new JVM if it is dead, and
/// always for [`Isolation::Jvm`] (no class may be initialised yet; the JVM is retired
/// after the run, its classes initialised under the mutant). Returns the JVMs started.
fn worker_for(
    worker: &mut Worker,
    spec: &WorkerSpec,
    pending: &Pending,
) -> Result<usize, MutateError> {
    if worker.is_alive() && pending.isolation() != Isolation::Jvm {
        return Ok(0);
    }
    *worker = if pending.isolation() == Isolation::Jvm {
        // Its classes initialise under the mutant: none ahead of it.
        Worker::start_uninitialised(spec)?
    } else {
        Worker::start(spec)?
    };
    Ok(1)
}

/// Run `tests` against `mutant` until one fails, isolated as `isolation` says; a JVM
/// started for the run is retired after it (its classes were initialised under the
/// mutant: no other mutant may run there).
fn run_isolated(
    worker: &mut Worker,
    isolation: Isolation,
    mutant: u32,
    limits: Limits,
    tests: &[(usize, Budget)],
) -> Result<RunReply, MutateError> {
    let reply = match isolation {
        Isolation::Loader => worker.run_fresh(mutant, limits, tests)?,
        Isolation::Shared | Isolation::Jvm => worker.run(mutant, true, false, limits, tests)?,
    };
    if isolation == Isolation::Jvm {
        worker.retire();
    }
    Ok(reply)
}

/// Whether `test` passes in a fresh class loader with no mutant switched on (known per
/// JVM once asked): a kill it gave in one is then the mutant's doing.
fn sound_in_fresh_loader(
    worker: &mut Worker,
    limits: Limits,
    pending: &Pending,
    test: usize,
) -> Result<bool, MutateError> {
    if let Some(known) = worker.fresh_loader_sound(test) {
        return Ok(known);
    }
    let Some(budget) = budget_of(pending, test) else {
        return Ok(true);
    };
    let reply = worker.run_fresh(0, limits, &[(test, budget.patient())])?;
    let sound = reply.end == RunEnd::Done
        && reply
            .results
            .iter()
            .any(|r| r.index == test && r.status == Status::Passed);
    worker.set_fresh_loader_sound(test, sound);
    Ok(sound)
}

/// Run the killing `test` against `pending`'s mutant once more, as the kill ran (a fresh
/// loader or JVM for a static-initialiser mutant): how it was detected again (failed,
/// timed out or took the JVM down) with its failure line, or `None` when it passed; and
/// the JVMs started.
fn confirm_alone(
    worker: &mut Worker,
    spec: &WorkerSpec,
    limits: Limits,
    pending: &Pending,
    test: usize,
) -> (Result<Option<(MutantStatus, String)>, MutateError>, usize) {
    let mut started = match worker_for(worker, spec, pending) {
        Ok(started) => started,
        Err(e) => return (Err(e), 0),
    };
    let Some(budget) = budget_of(pending, test) else {
        // Not one of its tests: nothing to run again, the kill stands as it was.
        return (Ok(Some((MutantStatus::RunError, String::new()))), started);
    };
    let budget = if pending.patient {
        budget.patient()
    } else {
        budget
    };
    for attempt in 0..NOT_RUN_TRIES {
        if attempt > 0 {
            // The last JVM was poisoned by an earlier stop and ended: a new one.
            match worker_for(worker, spec, pending) {
                Ok(n) => started += n,
                Err(e) => return (Err(e), started),
            }
        }
        let reply = match run_isolated(
            worker,
            pending.isolation(),
            pending.job.id,
            limits,
            &[(test, budget)],
        ) {
            Ok(reply) => reply,
            Err(e) => return (Err(e), started),
        };
        let by_test: HashMap<usize, &TestResult> =
            reply.results.iter().map(|r| (r.index, r)).collect();
        // A JVM that went down under it detected it, whichever test it was blamed on.
        let again = match culprit(&reply.end) {
            Some(c) => Some((c.status, c.why)),
            None => match settle(&[(test, budget)], &by_test, None, 1).end {
                Settle::Detected(status, _, why) => Some((status, why)),
                Settle::Again if !worker.is_alive() => continue,
                Settle::Passed | Settle::Again => None,
            },
        };
        return (Ok(again), started);
    }
    (Ok(None), started)
}

/// `test`'s budget among `pending`'s tests (`None`: not one of them).
fn budget_of(pending: &Pending, test: usize) -> Option<Budget> {
    pending
        .job
        .tests
        .iter()
        .find(|(i, _)| *i == test)
        .map(|(_, b)| *b)
}

/// The failure line a confirmed kill reports: what the kill's line `why` and the
/// confirmation's agree on ([`stable_line`]), when the confirmation failed too; the
/// kill's own line when it ended otherwise (timed out, took the JVM down).
fn confirmed_line(why: &str, again: MutantStatus, why_again: &str) -> String {
    if again == MutantStatus::Killed {
        stable_line(why, why_again)
    } else {
        why.to_string()
    }
}

/// Run `tests` once without any mutant (what they report does not matter: they have run
/// in this JVM after it); a JVM that does not survive it is replaced.
fn warm_up_tests(
    worker: &mut Worker,
    spec: &WorkerSpec,
    limits: Limits,
    tests: &[(usize, Budget)],
) -> Result<(), MutateError> {
    if tests.is_empty() {
        return Ok(());
    }
    let patient: Vec<(usize, Budget)> = tests.iter().map(|(i, b)| (*i, b.patient())).collect();
    worker.run(0, false, false, limits, &patient)?;
    if !worker.is_alive() {
        *worker = Worker::start(spec)?;
    }
    Ok(())
}

/// One test JVM's loop: take a launch, run it, settle its mutants.
#[allow(clippy::too_many_arguments)]
fn work(
    me: usize,
    mut worker: Worker,
    spec: &WorkerSpec,
    limits: Limits,
    pool: &Mutex<Pool>,
    changed: &Condvar,
    names: &[String],
    progress: ProgressSink<'_>,
) -> Result<(), MutateError> {
    // A JVM that ran the baseline initialises the classes the mutant phase's JVMs start
    // with (one whose initialisation failed there ends it: a new one comes below).
    worker.initialise(spec)?;
    let tell = |p: &Pool| {
        if let Some((_, _, outcome)) = p.outcomes.last() {
            progress(crate::progress::Progress::Step {
                done: p.outcomes.len(),
                last: format!("mutant {} {:?}", outcome.id, outcome.status),
            });
        }
    };
    loop {
        let launch = {
            let mut p = pool.lock().expect("lock");
            loop {
                if p.queue.is_empty() && p.in_flight == 0 {
                    return Ok(());
                }
                if let Some(at) = p
                    .queue
                    .iter()
                    .position(|f| f.job.alone && p.is_next_of_its_method(f))
                {
                    let mut pending = p.queue.remove(at).expect("present");
                    p.in_flight += 1;
                    let known = p
                        .killers
                        .get(&pending.job.method)
                        .cloned()
                        .unwrap_or_default();
                    pending.job.tests = with_killers_first(&pending.job.tests, &known);
                    drop(p);
                    let done = run_alone(&mut worker, spec, limits, pending, names);
                    p = pool.lock().expect("lock");
                    p.in_flight -= 1;
                    match done {
                        Ok((method, mutant, outcome, killer, restarted)) => {
                            p.restarts += restarted;
                            p.settle(method, mutant, outcome, killer);
                            tell(&p);
                        }
                        Err(failed) => {
                            let (pending, e) = *failed;
                            p.queue.push_front(pending);
                            drop(p);
                            changed.notify_all();
                            return Err(e);
                        }
                    }
                    changed.notify_all();
                    continue;
                }
                let launch = take_launch(&mut p, me);
                if !launch.is_empty() {
                    p.in_flight += launch.len();
                    break launch;
                }
                p = changed.wait(p).expect("lock");
            }
        };
        if !worker.is_alive() {
            match Worker::start(spec) {
                Ok(w) => worker = w,
                Err(e) => {
                    pool.lock().expect("lock").give_back(launch);
                    return Err(e);
                }
            }
            pool.lock().expect("lock").restarts += 1;
        }
        // A mutant judged again after a cold timeout: its tests warm up unmutated first.
        let warm_up: Vec<(usize, Budget)> = launch
            .iter()
            .filter(|(p, _)| p.patient)
            .flat_map(|(_, tests)| tests.iter().copied())
            .filter(|(i, _)| !worker.is_warm(*i))
            .collect();
        if let Err(e) = warm_up_tests(&mut worker, spec, limits, &warm_up) {
            pool.lock().expect("lock").give_back(launch);
            return Err(e);
        }
        let request: Vec<(usize, u32, Budget)> = launch
            .iter()
            .flat_map(|(p, tests)| tests.iter().map(|(i, b)| (*i, p.job.id, *b)))
            .collect();
        let cold: HashSet<usize> = request
            .iter()
            .map(|(i, _, _)| *i)
            .filter(|i| !worker.is_warm(*i))
            .collect();
        let reply = match worker.run_multiplexed(limits, &request) {
            Ok(reply) => reply,
            Err(e) => {
                pool.lock().expect("lock").give_back(launch);
                return Err(e);
            }
        };
        let by_test: HashMap<usize, &TestResult> =
            reply.results.iter().map(|r| (r.index, r)).collect();
        let culprit = culprit(&reply.end);
        let culprit = culprit.as_ref();
        let mut p = pool.lock().expect("lock");
        p.in_flight -= launch.len();
        // The mutant a class failed its static initialisation under, in this launch.
        let broke_by = reply.broke.flatten();
        for (mut pending, tests) in launch {
            if broke_by.is_some_and(|t| tests.iter().any(|(i, _)| *i == t))
                && pending.isolate_further()
            {
                p.queue.push_front(pending);
                continue;
            }
            let verdict = settle(&tests, &by_test, culprit, pending.retried);
            pending.millis += verdict.millis;
            if let Some((killer, why, ran)) = pending.confirming.clone() {
                let (status, why) = match verdict.end {
                    Settle::Again => {
                        if culprit.is_none() {
                            pending.retried += 1;
                        }
                        p.queue.push_front(alone_if_not_run(pending));
                        continue;
                    }
                    Settle::Detected(again, _, why_again) => (
                        MutantStatus::Killed,
                        confirmed_line(&why, again, &why_again),
                    ),
                    Settle::Passed => (
                        MutantStatus::Unstable,
                        format!("{why} (it passed when run again)"),
                    ),
                };
                let outcome = outcome(&pending, status, ran, Some((killer, why)), names);
                let killer = (status == MutantStatus::Killed).then_some(killer);
                p.settle(pending.job.method, pending.job.mutant, outcome, killer);
                continue;
            }
            match verdict.end {
                Settle::Again => {
                    if culprit.is_none() {
                        pending.retried += 1;
                    }
                    p.queue.push_front(alone_if_not_run(pending));
                }
                Settle::Detected(status, killer, _)
                    if judge_again(&pending, status, cold.contains(&killer)) =>
                {
                    pending.patient = true;
                    pending.retried = 0;
                    p.queue.push_front(pending);
                }
                Settle::Detected(MutantStatus::Killed, killer, why) => {
                    // Run the killing test once more before the kill counts.
                    pending.confirming = Some((killer, why, verdict.ran));
                    pending.retried = 0;
                    p.queue.push_front(pending);
                }
                Settle::Detected(status, killer, why) => {
                    let outcome =
                        outcome(&pending, status, verdict.ran, Some((killer, why)), names);
                    p.settle(
                        pending.job.method,
                        pending.job.mutant,
                        outcome,
                        Some(killer),
                    );
                }
                Settle::Passed if pending.next + tests.len() >= pending.job.tests.len() => {
                    let outcome =
                        outcome(&pending, MutantStatus::Survived, verdict.ran, None, names);
                    p.settle(pending.job.method, pending.job.mutant, outcome, None);
                }
                Settle::Passed => {
                    pending.next += tests.len();
                    pending.share = (pending.share * 2).min(MUTANT_TESTS);
                    p.queue.push_back(pending);
                }
            }
        }
        tell(&p);
        drop(p);
        changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(index: usize, status: Status) -> TestResult {
        TestResult {
            index,
            status,
            nanos: 2_000_000,
            cpu_nanos: 0,
            invocations: 1,
            alloc_bytes: 0,
            hits: Vec::new(),
            failure: (status == Status::Failed).then(|| format!("AssertionError: test {index}")),
            observed: Vec::new(),
        }
    }

    fn died(test: usize) -> Culprit {
        culprit(&RunEnd::Crashed(test, "starting\nboom".into())).expect("a culprit")
    }

    #[test]
    fn a_timed_out_test_counts_the_time_it_really_ran() {
        let c = culprit(&RunEnd::TimedOut(3, 1_900_000_000)).expect("a culprit");
        assert_eq!(c.millis, 1900.0);
        assert_eq!(c.why, "timed out after 1900 ms");
        let b = Budget {
            cpu_ms: 1,
            wall_ms: 1,
        };
        let v = settle(&[(3, b)], &HashMap::new(), Some(&c), 0);
        assert_eq!(v.millis, 1900.0);
    }

    #[test]
    fn settles_a_mutant_from_its_tests() {
        let b = Budget {
            cpu_ms: 1,
            wall_ms: 1,
        };
        let tests = [(1, b), (2, b), (3, b)];
        let all = [
            result(1, Status::Passed),
            result(2, Status::Failed),
            result(3, Status::Passed),
        ];
        let map = |rs: &[TestResult]| -> HashMap<usize, TestResult> {
            rs.iter().map(|r| (r.index, r.clone())).collect()
        };
        let owned = map(&all);
        let by: HashMap<usize, &TestResult> = owned.iter().map(|(k, v)| (*k, v)).collect();
        let v = settle(&tests, &by, None, 0);
        assert_eq!(
            v.end,
            Settle::Detected(MutantStatus::Killed, 2, "AssertionError: test 2".into())
        );
        assert_eq!(v.ran, 2);
        // Every test passed.
        let owned = map(&[
            result(1, Status::Passed),
            result(2, Status::Passed),
            result(3, Status::Passed),
        ]);
        let by: HashMap<usize, &TestResult> = owned.iter().map(|(k, v)| (*k, v)).collect();
        assert_eq!(settle(&tests, &by, None, 0).end, Settle::Passed);
        // A green test that reports skipped did not run: again, then (once retried) passing.
        let owned = map(&[
            result(1, Status::Passed),
            result(2, Status::Skipped),
            result(3, Status::Passed),
        ]);
        let by: HashMap<usize, &TestResult> = owned.iter().map(|(k, v)| (*k, v)).collect();
        assert_eq!(settle(&tests, &by, None, 0).end, Settle::Again);
        assert_eq!(settle(&tests, &by, None, 1).end, Settle::Passed);
        // Regression (commons-codec, two runs disagreeing on a looping mutant's killing
        // test): a test that did not run because another mutant's stop broke its launch
        // off goes again, also after a retry.
        let owned = map(&[
            result(1, Status::Passed),
            result(2, Status::NotRun),
            result(3, Status::Passed),
        ]);
        let by: HashMap<usize, &TestResult> = owned.iter().map(|(k, v)| (*k, v)).collect();
        assert_eq!(settle(&tests, &by, None, 1).end, Settle::Again);
        // Regression (PDFBox's generated suite on a loaded machine, 85 of 88 methods
        // tested on a quiet one, 66 under load): never counted as passing, however often
        // it was sent back (its mutant then runs in launches of its own).
        assert_eq!(settle(&tests, &by, None, NOT_RUN_TRIES).end, Settle::Again);
        assert_eq!(settle(&tests, &by, None, 100).end, Settle::Again);
        // The JVM went down while test 2 ran: detected by it; another mutant's tests that
        // have no results go again, however often they were retried.
        let by: HashMap<usize, &TestResult> = HashMap::new();
        assert_eq!(
            settle(&tests, &by, Some(&died(2)), 0).end,
            Settle::Detected(MutantStatus::RunError, 2, "the test JVM died: boom".into())
        );
        assert_eq!(settle(&tests, &by, Some(&died(9)), 3).end, Settle::Again);
        // A stopped test (timed out, JVM went on).
        let owned = map(&[result(1, Status::TimedOut)]);
        let by: HashMap<usize, &TestResult> = owned.iter().map(|(k, v)| (*k, v)).collect();
        assert_eq!(
            settle(&tests, &by, None, 0).end,
            Settle::Detected(MutantStatus::TimedOut, 1, "timed out after 2 ms".into())
        );
    }

    #[test]
    fn a_methods_mutants_run_one_after_the_other() {
        let b = Budget {
            cpu_ms: 1,
            wall_ms: 1,
        };
        let pending = |method: usize, mutant: usize, test: usize| {
            Pending::new(Job {
                method,
                mutant,
                id: (10 * method + mutant) as u32,
                tests: vec![(test, b)],
                alone: false,
                fresh: false,
            })
        };
        let mut pool = Pool {
            queue: [pending(0, 0, 1), pending(1, 0, 2), pending(0, 1, 3)].into(),
            ..Pool::new(32)
        };
        let ids = |launch: &Launch| launch.iter().map(|(p, _)| p.job.id).collect::<Vec<_>>();
        // Method 0's second mutant waits for its first.
        let first = take_launch(&mut pool, 0);
        assert_eq!(ids(&first), vec![0, 10]);
        assert_eq!(pool.queue.len(), 1);
        let (done, _) = first.into_iter().next().unwrap();
        let o = outcome(
            &done,
            MutantStatus::Killed,
            1,
            Some((1, "boom".into())),
            &[],
        );
        pool.settle(0, 0, o, Some(1));
        let second = take_launch(&mut pool, 0);
        assert_eq!(ids(&second), vec![1]);
        assert_eq!(pool.killers[&0], vec![1]);
    }

    #[test]
    fn a_jvm_takes_the_mutants_whose_test_classes_are_at_home_with_it_first() {
        let b = Budget {
            cpu_ms: 1,
            wall_ms: 1,
        };
        let pending = |method: usize, test: usize| {
            Pending::new(Job {
                method,
                mutant: 0,
                id: method as u32,
                tests: vec![(test, b)],
                alone: false,
                fresh: false,
            })
        };
        let names: Vec<String> = [
            "a.ATest#one()",
            "a.ATest#two()",
            "a.BTest#one()",
            "a.CTest#one()",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut pool = Pool {
            queue: [pending(0, 0), pending(1, 2), pending(2, 1), pending(3, 3)].into(),
            ..Pool::new(32)
        };
        // JVM 0 ran ATest#one in the baseline, JVM 1 ran BTest#one.
        pool.set_homes(&names, 2, |jvm, test| {
            (jvm, test) == (0, 0) || (jvm, test) == (1, 2)
        });
        let ids = |launch: &Launch| launch.iter().map(|(p, _)| p.job.id).collect::<Vec<_>>();
        // JVM 1 takes BTest's mutant and CTest's (no home yet, now its own), not ATest's.
        let first = take_launch(&mut pool, 1);
        assert_eq!(ids(&first), vec![1, 3]);
        // JVM 0 takes both of ATest's (ATest#two is at home with ATest#one).
        let second = take_launch(&mut pool, 0);
        assert_eq!(ids(&second), vec![0, 2]);
        // With nothing at home left, a JVM takes another's.
        pool.queue.push_back(pending(4, 3));
        let third = take_launch(&mut pool, 0);
        assert_eq!(ids(&third), vec![4]);
    }

    #[test]
    fn only_a_timeout_on_a_tests_first_run_in_its_jvm_is_judged_again_patiently() {
        let mut pending = Pending::new(Job {
            method: 0,
            mutant: 0,
            id: 1,
            tests: vec![(
                3,
                Budget {
                    cpu_ms: 10,
                    wall_ms: 20,
                },
            )],
            alone: false,
            fresh: false,
        });
        assert!(judge_again(&pending, MutantStatus::TimedOut, true));
        assert!(!judge_again(&pending, MutantStatus::TimedOut, false));
        assert!(!judge_again(&pending, MutantStatus::Killed, true));
        pending.patient = true;
        assert!(!judge_again(&pending, MutantStatus::TimedOut, true));
        // A patient budget is four times as much and 4 s more.
        let budget = Budget {
            cpu_ms: 10,
            wall_ms: 20,
        };
        assert_eq!(
            budget.patient(),
            Budget {
                cpu_ms: 4040,
                wall_ms: 4080
            }
        );
        drop(pending);
    }

    #[test]
    fn a_kill_to_confirm_brings_only_its_killing_test() {
        let b = Budget {
            cpu_ms: 1,
            wall_ms: 1,
        };
        let mut confirming = Pending::new(Job {
            method: 0,
            mutant: 0,
            id: 1,
            tests: vec![(4, b), (7, b), (9, b)],
            alone: false,
            fresh: false,
        });
        confirming.ordered = true;
        confirming.share = 4;
        confirming.confirming = Some((7, "AssertionError".into(), 2));
        let mut pool = Pool {
            queue: [confirming].into(),
            ..Pool::new(32)
        };
        let launch = take_launch(&mut pool, 0);
        assert_eq!(launch.len(), 1);
        assert_eq!(launch[0].1, vec![(7, b)]);
    }

    #[test]
    fn own_test_classes() {
        let c = "org/apache/commons/cli/OptionValidator";
        assert!(is_own_test(
            c,
            "org.apache.commons.cli.OptionValidatorTest#validateTest()"
        ));
        assert!(is_own_test(c, "x.TestOptionValidator#t()"));
        assert!(is_own_test("a/Foo$Inner", "a.FooTests$Nested#t()"));
        assert!(!is_own_test("a/Option", "a.OptionValidatorTest#t()"));
        assert!(!is_own_test("a/Option", "a.OptionTestUtil#t()"));
    }

    #[test]
    fn orders_own_tests_as_cheaper() {
        let names: Vec<String> = [
            "a.BarTest#x()",
            "a.FooTest#slow()",
            "a.BazTest#y()",
            "a.FooTest#fast()",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let cost = [5, 100, 1, 50];
        let mut tests = vec![0, 1, 2, 3];
        order_tests("a/Foo", &mut tests, &names, |i| TestCost {
            tier: 0,
            reach: cost[i],
        });
        // Own tests count 4x cheaper: 50 → 50, 100 → 100 against 1 → 4, 5 → 20.
        assert_eq!(tests, vec![2, 0, 3, 1]);
    }

    #[test]
    fn slow_tests_go_after_quick_ones_whatever_they_reach() {
        let names: Vec<String> = ["a.FooTest#huge()", "a.BarTest#wide()", "a.FooTest#small()"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // The own test reaching one method but running for nine seconds goes last.
        let cost = [
            (time_tier(9_000_000_000, 8_000_000_000, 0), 1),
            (0, 40),
            (0, 3),
        ];
        let mut tests = vec![0, 1, 2];
        order_tests("a/Foo", &mut tests, &names, |i| TestCost {
            tier: cost[i].0,
            reach: cost[i].1,
        });
        assert_eq!(tests, vec![2, 1, 0]);
    }

    #[test]
    fn time_tiers_are_orders_of_magnitude_of_cpu_or_a_quarter_of_the_wall_time() {
        let s = 1_000_000_000;
        assert_eq!(time_tier(0, 0, 0), 0);
        assert_eq!(time_tier(2 * s, 13 * s / 10, 0), 0, "a one-time set-up");
        assert_eq!(time_tier(9 * s, 8 * s, 0), 1);
        assert_eq!(time_tier(20 * s, 0, 0), 1, "a test that waits is slow too");
        assert_eq!(time_tier(32 * s, 25 * s, 0), 1);
        assert_eq!(time_tier(0, 200 * s, 0), 2);
        // Gigabytes allocated: tier 1 however quick this run was; a tier its time gives
        // beyond that stands.
        assert_eq!(time_tier(2 * s, 2 * s, 3 << 30), 1);
        assert_eq!(time_tier(2 * s, 2 * s, 1 << 29), 0);
        assert_eq!(time_tier(0, 200 * s, 3 << 30), 2);
    }

    #[test]
    fn round_robin_and_killers_first() {
        let job = |m: usize, k: usize| Job {
            method: m,
            mutant: k,
            id: 0,
            tests: Vec::new(),
            alone: false,
            fresh: false,
        };
        let queued: Vec<(usize, usize)> =
            round_robin(vec![vec![job(0, 0), job(0, 1)], vec![job(1, 0)]])
                .into_iter()
                .map(|j| (j.method, j.mutant))
                .collect();
        assert_eq!(queued, vec![(0, 0), (1, 0), (0, 1)]);
        let b = Budget {
            cpu_ms: 1,
            wall_ms: 1,
        };
        let tests = vec![(4, b), (7, b), (9, b)];
        let order: Vec<usize> = with_killers_first(&tests, &[9, 7, 9])
            .iter()
            .map(|(i, _)| *i)
            .collect();
        assert_eq!(order, vec![9, 7, 4]);
    }
}
