//! The baseline run: every test once without mutants, spread over the test JVMs by test
//! class (each JVM launches one class's tests together), recording per test its outcome,
//! wall and CPU time and the target methods it enters. That coverage picks each mutant's
//! tests, and the times set their budgets.

use std::ops::Range;

use crate::error::MutateError;
use crate::worker::{Budget, DiscoveredTest, Limits, RunEnd, Status, Worker, WorkerSpec};

/// A test's result without mutants.
#[derive(Debug, Clone, PartialEq)]
pub enum Baseline {
    Green {
        /// Wall time.
        nanos: u64,
        /// CPU time of the thread that ran it.
        cpu_nanos: u64,
        /// Target methods it entered.
        hits: Vec<u32>,
    },
    Red(String),
    Skipped,
}

/// The container a test belongs to (its class, for JUnit 4 and 5): its unique id without
/// the last segment.
fn container(test: &DiscoveredTest) -> &str {
    test.unique_id
        .rsplit_once("/[")
        .map_or(test.unique_id.as_str(), |(parent, _)| parent)
}

/// Cut the tests (in discovery order, grouped by class) into at most `parts` contiguous
/// ranges of about equal size, only between classes: a range ends at the first class
/// boundary once it holds at least half its share.
pub fn partition(tests: &[DiscoveredTest], parts: usize) -> Vec<Range<usize>> {
    let parts = parts.max(1);
    let target = tests.len().div_ceil(parts).max(1);
    let mut ranges = Vec::new();
    let mut start = 0;
    for i in 1..=tests.len() {
        let boundary = i == tests.len() || container(&tests[i]) != container(&tests[i - 1]);
        let last_part = ranges.len() + 1 == parts;
        if boundary && (i == tests.len() || (!last_part && 2 * (i - start) >= target)) {
            ranges.push(start..i);
            start = i;
        }
    }
    ranges
}

/// What the baseline run leaves: the test JVMs, each test's result, JVMs started.
pub struct BaselineRun {
    pub workers: Vec<Worker>,
    pub results: Vec<Baseline>,
    pub starts: usize,
}

/// Run the baseline over `count` test JVMs: `first` (already started, it discovered the
/// tests) and `count - 1` more started from `spec(n)` while `first` runs its share. Each
/// runs its share of the tests by class; a JVM that dies is replaced and goes on after
/// the test that killed it.
pub fn run_parallel(
    first: Worker,
    spec: &(dyn Fn(usize) -> WorkerSpec + Sync),
    count: usize,
    timeout_ms: u64,
) -> Result<BaselineRun, MutateError> {
    let total = first.tests.len();
    let ranges = partition(&first.tests, count);
    let expected = first.tests.clone();
    let mut first = Some(first);
    type Share = Result<(Worker, Vec<(usize, Baseline)>, usize), MutateError>;
    let shares: Vec<Share> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..count.max(1))
            .map(|n| {
                let range = ranges.get(n).cloned().unwrap_or(total..total);
                let given = if n == 0 { first.take() } else { None };
                let expected = &expected;
                scope.spawn(move || -> Share {
                    let my_spec = spec(n);
                    let (mut worker, mut starts) = match given {
                        Some(w) => (w, 0),
                        None => (Worker::start(&my_spec)?, 1),
                    };
                    if worker.tests != *expected {
                        return Err(MutateError::Worker(
                            "the test JVMs disagree on the tests".into(),
                        ));
                    }
                    let (results, restarts) = run_share(&mut worker, &my_spec, range, timeout_ms)?;
                    starts += restarts;
                    Ok((worker, results, starts))
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
        starts: 0,
    };
    for share in shares {
        let (worker, results, starts) = share?;
        run.workers.push(worker);
        run.starts += starts;
        for (i, b) in results {
            if let Some(slot) = run.results.get_mut(i) {
                *slot = b;
            }
        }
    }
    Ok(run)
}

/// One worker's share; returns the results and how many JVMs it had to start anew.
fn run_share(
    worker: &mut Worker,
    spec: &WorkerSpec,
    range: Range<usize>,
    timeout_ms: u64,
) -> Result<(Vec<(usize, Baseline)>, usize), MutateError> {
    let mut results = Vec::new();
    let mut restarts = 0;
    let mut next = range.start;
    // Every test, and the time between tests (class setup), gets the whole timeout.
    let limits = Limits {
        cpu_const_ms: timeout_ms,
        wall_const_ms: timeout_ms,
    };
    let none = Budget {
        cpu_ms: 0,
        wall_ms: 0,
    };
    while next < range.end {
        if !worker.is_alive() {
            *worker = Worker::start(spec)?;
            restarts += 1;
        }
        let batch: Vec<(usize, Budget)> = (next..range.end).map(|i| (i, none)).collect();
        let reply = worker.run(0, false, true, limits, &batch)?;
        for r in &reply.results {
            results.push((
                r.index,
                match r.status {
                    Status::Passed => Baseline::Green {
                        nanos: r.nanos,
                        cpu_nanos: r.cpu_nanos,
                        hits: r.hits.clone(),
                    },
                    Status::Failed => Baseline::Red("failed".into()),
                    Status::TimedOut => Baseline::Red("timed out".into()),
                    Status::Skipped => Baseline::Skipped,
                },
            ));
        }
        match reply.end {
            RunEnd::Done => break,
            RunEnd::TimedOut(i) => {
                results.push((i, Baseline::Red("timed out".into())));
                next = i + 1;
            }
            RunEnd::Crashed(i, why) => {
                results.push((i, Baseline::Red(format!("crashed: {why}"))));
                next = i + 1;
            }
        }
    }
    Ok((results, restarts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(class: &str, method: &str) -> DiscoveredTest {
        DiscoveredTest {
            unique_id: format!("[engine:junit-jupiter]/[class:{class}]/[method:{method}()]"),
            name: format!("{class}#{method}()"),
        }
    }

    #[test]
    fn partitions_between_classes_only() {
        let tests = vec![
            test("A", "a1"),
            test("A", "a2"),
            test("A", "a3"),
            test("B", "b1"),
            test("C", "c1"),
            test("C", "c2"),
        ];
        assert_eq!(partition(&tests, 2), vec![0..3, 3..6]);
        assert_eq!(partition(&tests, 1), vec![0..6]);
        assert_eq!(partition(&tests, 3), vec![0..3, 3..4, 4..6]);
        assert_eq!(partition(&tests[3..], 2), vec![0..1, 1..3]);
        assert_eq!(partition(&tests[..3], 2), vec![0..3]);
        // More parts than classes: one class per part.
        assert_eq!(partition(&tests[..3], 4), vec![0..3]);
        assert!(partition(&[], 2).is_empty());
    }
}
