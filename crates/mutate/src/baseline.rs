//! The baseline run: every test once without mutants, spread over the test JVMs by test
//! class (each JVM takes the next class from a shared queue and launches its tests
//! together), recording per test its outcome,
//! wall and CPU time and the target methods it enters. That coverage picks each mutant's
//! tests, and the times set their budgets.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Mutex;

use std::collections::{BTreeMap, BTreeSet};

use crate::error::MutateError;
use crate::progress::{Progress, ProgressSink, StepCounter};
use crate::worker::{Budget, DiscoveredTest, Limits, RunEnd, RunReply, Status, Worker, WorkerSpec};

/// A test's result without mutants.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Baseline {
    Green {
        /// Wall time.
        nanos: u64,
        /// CPU time of the thread that ran it.
        cpu_nanos: u64,
        /// Target methods it entered.
        hits: Vec<u32>,
        /// Invocations that ran (a parameterised or repeated test has one per case).
        invocations: u32,
        /// Bytes the thread that ran it allocated (0: not measured; files before it).
        #[serde(default)]
        alloc_bytes: u64,
    },
    Red(String),
    Skipped,
    /// Left out by `--include-tests` / `--exclude-tests`: not run.
    Excluded,
}

/// The container a test belongs to (its class, for JUnit 4 and 5): its unique id without
/// the last segment.
fn container(test: &DiscoveredTest) -> &str {
    test.unique_id
        .rsplit_once("/[")
        .map_or(test.unique_id.as_str(), |(parent, _)| parent)
}

/// The tests of each class (container) that `keep` keeps, in discovery order; largest
/// class first, so that JVMs taking them in turn end at about the same time.
pub fn class_ranges(tests: &[DiscoveredTest], keep: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let mut ranges: Vec<Range<usize>> = Vec::new();
    let mut start = 0;
    for i in 1..=tests.len() {
        if i == tests.len() || container(&tests[i]) != container(&tests[i - 1]) {
            ranges.push(start..i);
            start = i;
        }
    }
    let mut classes: Vec<Vec<usize>> = ranges
        .into_iter()
        .map(|r| r.filter(|&i| keep(i)).collect::<Vec<_>>())
        .filter(|c| !c.is_empty())
        .collect();
    classes.sort_by_key(|c| (std::cmp::Reverse(c.len()), c[0]));
    classes
}

/// What the baseline run leaves: the test JVMs, each test's result, JVMs started.
pub struct BaselineRun {
    pub workers: Vec<Worker>,
    pub results: Vec<Baseline>,
    pub starts: usize,
    /// Target methods reached outside any test, by any class.
    pub outside: OutsideTests,
}

/// What the baseline saw reached outside any test's own run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OutsideTests {
    /// Target methods reached in class set-up (`@BeforeAll`, a rule): every launch of
    /// the class reaches them.
    pub shared: BTreeSet<u32>,
    /// Target methods reached from static initialisers, with the classes initialised
    /// (binary names).
    pub inits: BTreeMap<u32, BTreeSet<String>>,
}

impl OutsideTests {
    fn add(&mut self, reply: &RunReply) {
        self.shared.extend(reply.shared_hits.iter().copied());
        for (id, class) in &reply.inits {
            self.inits.entry(*id).or_default().insert(class.clone());
        }
    }

    fn merge(&mut self, other: OutsideTests) {
        self.shared.extend(other.shared);
        for (id, classes) in other.inits {
            self.inits.entry(id).or_default().extend(classes);
        }
    }
}

/// A test JVM being started on another thread.
pub type Starting<'scope> = std::thread::ScopedJoinHandle<'scope, Result<Worker, MutateError>>;

/// Run the baseline on `first` (started, it discovered the tests) and the JVMs in
/// `others` (still starting): each takes test classes from a shared queue, as soon as it
/// is up, and runs each in one launch; a JVM that dies is replaced from `spec(n)` and goes on after the test that killed
/// it.
pub fn run_parallel(
    first: Worker,
    others: Vec<Starting<'_>>,
    spec: &(dyn Fn(usize) -> WorkerSpec + Sync),
    timeout_ms: u64,
    filter: &mimic_jvm::TestFilter,
    progress: ProgressSink<'_>,
) -> Result<BaselineRun, MutateError> {
    let total = first.tests.len();
    let count = others.len() + 1;
    let ranges = class_ranges(&first.tests, |i| filter.accepts_name(&first.tests[i].name));
    progress(Progress::Phase {
        name: "baseline".into(),
        detail: format!(
            "{} tests in {} classes on {count} JVM(s), without mutants",
            ranges.iter().map(Vec::len).sum::<usize>(),
            ranges.len()
        ),
        total: ranges.iter().map(Vec::len).sum(),
    });
    let counter = StepCounter::new(progress);
    let counter = &counter;
    let classes = Mutex::new(VecDeque::from(ranges));
    let expected = first.tests.clone();
    let mut starting: Vec<Option<Starting>> = others.into_iter().map(Some).collect();
    let mut first = Some(first);
    type Share = Result<(Worker, Vec<(usize, Baseline)>, usize, OutsideTests), MutateError>;
    let shares: Vec<Share> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..count)
            .map(|n| {
                let classes = &classes;
                let given = if n == 0 { first.take() } else { None };
                let pending = if n == 0 { None } else { starting[n - 1].take() };
                let expected = &expected;
                scope.spawn(move || -> Share {
                    let my_spec = spec(n);
                    let mut worker = match (given, pending) {
                        (Some(w), _) => w,
                        (None, Some(handle)) => joined(handle, expected)?,
                        (None, None) => Worker::start(&my_spec)?,
                    };
                    if worker.tests != *expected {
                        return Err(disagreeing());
                    }
                    let (mut results, mut restarts, mut shared) =
                        (Vec::new(), 0, OutsideTests::default());
                    loop {
                        let Some(range) = classes.lock().expect("lock").pop_front() else {
                            break;
                        };
                        let first_test = range[0];
                        let (r, n, h) = run_share(&mut worker, &my_spec, range, timeout_ms)?;
                        counter.add(r.len(), || {
                            let name = &expected[first_test].name;
                            name.split('#').next().unwrap_or(name).to_string()
                        });
                        results.extend(r);
                        restarts += n;
                        shared.merge(h);
                    }
                    Ok((worker, results, restarts, shared))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(MutateError::Worker("a baseline thread panicked".into()))
                })
            })
            .collect()
    });
    let mut run = BaselineRun {
        workers: Vec::new(),
        results: vec![Baseline::Skipped; total],
        starts: count - 1,
        outside: Default::default(),
    };
    for share in shares {
        let (worker, results, restarts, shared) = share?;
        run.workers.push(worker);
        run.starts += restarts;
        run.outside.merge(shared);
        for (i, b) in results {
            if let Some(slot) = run.results.get_mut(i) {
                *slot = b;
            }
        }
    }
    Ok(run)
}

/// The baseline read from a file (`--baseline`): join the JVMs still starting, and take
/// the results as given.
pub fn join_started(
    first: Worker,
    others: Vec<Starting<'_>>,
    results: Vec<Baseline>,
    outside: OutsideTests,
) -> Result<BaselineRun, MutateError> {
    let starts = others.len();
    let mut workers = vec![first];
    for handle in others {
        let worker = joined(handle, &workers[0].tests)?;
        workers.push(worker);
    }
    Ok(BaselineRun {
        workers,
        results,
        starts,
        outside,
    })
}

/// The JVM `handle` started, which must have discovered the `expected` tests.
fn joined(handle: Starting<'_>, expected: &[DiscoveredTest]) -> Result<Worker, MutateError> {
    let worker = handle
        .join()
        .unwrap_or_else(|_| Err(MutateError::Worker("a start thread panicked".into())))?;
    if worker.tests != expected {
        return Err(disagreeing());
    }
    Ok(worker)
}

fn disagreeing() -> MutateError {
    MutateError::Worker("the test JVMs disagree on the tests".into())
}

/// One class's results: per test, JVMs started anew, methods reached outside tests.
type ClassRun = (Vec<(usize, Baseline)>, usize, OutsideTests);

/// One class's tests on `worker`; returns the results, how many JVMs it had to start
/// anew, and the methods reached outside any test.
fn run_share(
    worker: &mut Worker,
    spec: &WorkerSpec,
    range: Vec<usize>,
    timeout_ms: u64,
) -> Result<ClassRun, MutateError> {
    let mut results = Vec::new();
    let mut restarts = 0;
    let mut shared = OutsideTests::default();
    // Every test, and the time between tests (class setup), gets the whole timeout.
    let limits = Limits {
        cpu_const_ms: timeout_ms,
        wall_const_ms: timeout_ms,
    };
    let none = Budget {
        cpu_ms: 0,
        wall_ms: 0,
    };
    // Tests still without a result: a launch that ends early (a crash, a timeout)
    // leaves the ones it did not report to a fresh JVM, never to a guess.
    let mut pending: Vec<usize> = range;
    let mut crashed_once = std::collections::HashSet::new();
    while !pending.is_empty() {
        if !worker.is_alive() {
            *worker = Worker::start(spec)?;
            restarts += 1;
        }
        let batch: Vec<(usize, Budget)> = pending.iter().map(|&i| (i, none)).collect();
        let reply = worker.run(0, false, true, limits, &batch)?;
        shared.add(&reply);
        let mut reported = std::collections::HashSet::new();
        for r in &reply.results {
            reported.insert(r.index);
            results.push((
                r.index,
                match r.status {
                    Status::Passed => Baseline::Green {
                        nanos: r.nanos,
                        cpu_nanos: r.cpu_nanos,
                        hits: r.hits.clone(),
                        invocations: r.invocations,
                        alloc_bytes: r.alloc_bytes,
                    },
                    Status::Failed => Baseline::Red(format!(
                        "failed: {}",
                        r.failure.as_deref().unwrap_or("(no failure reported)")
                    )),
                    Status::TimedOut => Baseline::Red(timed_out(r.nanos)),
                    Status::Skipped | Status::NotRun => Baseline::Skipped,
                },
            ));
        }
        match reply.end {
            RunEnd::Done => break,
            RunEnd::TimedOut(i, nanos) => {
                results.push((i, Baseline::Red(timed_out(nanos))));
                reported.insert(i);
            }
            RunEnd::Crashed(i, why) => {
                // Once more in a fresh JVM before it counts as red: a test that needs
                // most of the heap can run out of it only because of what ran before it
                // in its JVM (or the other test JVM's use of the machine's memory).
                if crashed_once.insert(i) {
                    let before = pending.len();
                    pending.retain(|p| !reported.contains(p));
                    if pending.len() < before || pending.first() == Some(&i) {
                        continue;
                    }
                }
                results.push((i, Baseline::Red(format!("crashed: {why}"))));
                reported.insert(i);
            }
        }
        let before = pending.len();
        pending.retain(|i| !reported.contains(i));
        if pending.len() == before {
            // Nothing was learnt (the culprit is not one of ours): give up on these
            // tests loudly rather than loop.
            for &i in &pending {
                results.push((i, Baseline::Red("its test JVM kept dying".into())));
            }
            break;
        }
    }
    // What the class's launches reached outside any test counts for every test of the
    // class, not only for those of the launch that reached it: a crash splits a class
    // into several launches, differently from run to run.
    for (_, outcome) in &mut results {
        if let Baseline::Green { hits, .. } = outcome {
            hits.extend(shared.shared.iter().copied());
            hits.sort_unstable();
            hits.dedup();
        }
    }
    Ok((results, restarts, shared))
}

/// The reason of a test stopped after `nanos` of wall time.
fn timed_out(nanos: u64) -> String {
    format!("timed out after {} ms", nanos / 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(class: &str, method: &str) -> DiscoveredTest {
        DiscoveredTest {
            unique_id: format!("[engine:junit-jupiter]/[class:{class}]/[method:{method}()]"),
            name: format!("{class}#{method}()"),
            left_out_by_tags: false,
        }
    }

    #[test]
    fn class_ranges_largest_first() {
        let tests = vec![
            test("A", "a1"),
            test("B", "b1"),
            test("B", "b2"),
            test("B", "b3"),
            test("C", "c1"),
            test("C", "c2"),
        ];
        let all = |_| true;
        assert_eq!(
            class_ranges(&tests, all),
            vec![vec![1, 2, 3], vec![4, 5], vec![0]]
        );
        assert!(class_ranges(&[], all).is_empty());
        // Excluded tests are left out, and a class left empty with them.
        assert_eq!(
            class_ranges(&tests, |i| i != 2 && i != 0),
            vec![vec![1, 3], vec![4, 5]]
        );
    }
}
