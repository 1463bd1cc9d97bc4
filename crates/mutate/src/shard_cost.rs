//! What each mutated method is expected to cost a shard, from a baseline file's test
//! times, so that [`crate::shard::Shard::takes_grouped`] can balance shards by time.
//!
//! Per mutant: a launch's share, the test the scheduler tries first against it (the same
//! order as [`crate::schedule::order_tests`]: most mutants are detected by it, often in
//! its first assertion) and a hundredth of the other covering tests (the rare survivor
//! runs them all). A method reached from static initialisers costs a JVM per mutant, one
//! reached in class set-up launches of its own.
//!
//! Per class (a method's top-level class, the unit shards take), once: the time of its own
//! test class's covering tests, which a shard's cold test JVMs pay when they first load and
//! warm them up — not once per method, which made a class with many small methods (the
//! help formatter of commons-cli) weigh as much as the rest of the run.
//!
//! One test's baseline time can be a one-off (its class's first test pays the class's
//! loading, a collection that happened to run then): a test counts at most
//! [`OUTLIER_FACTOR`] times the median time of its class's tests.

use std::collections::{BTreeSet, HashMap};

use crate::baseline::Baseline;
use crate::schedule::{is_own_test, order_tests, test_cost};
use crate::targets::TargetMethod;

/// How many times its class's median time one test may count per mutant.
pub const OUTLIER_FACTOR: u64 = 5;

/// Microseconds of a mutant's launch share: multiplexed, alone (class set-up), in a fresh
/// class loader (static initialisers: the application and its tests loaded and run cold
/// again; a JVM of its own when the loader cannot run its killing test, which this
/// figure, set when every such mutant took a JVM, still assumes). Multiplexed: a mutant's share of its launches (the platform
/// resolves each) and of its kill's confirming run; measured on commons-cli shards on one
/// JVM, a mutant phase took 8–14 ms per mutant beyond its tests' own time (session 31;
/// 5 ms before, which left one shard 1.4× the other).
const LAUNCH_MICROS: u64 = 20_000;
const ALONE_MICROS: u64 = 100_000;
const FRESH_MICROS: u64 = 1_000_000;

/// Each test's wall time in microseconds, as run in the baseline (0 when not green).
fn micros(baseline: &[Baseline]) -> Vec<u64> {
    baseline
        .iter()
        .map(|b| match b {
            Baseline::Green { nanos, .. } => nanos / 1000,
            _ => 0,
        })
        .collect()
}

/// Each test's time capped at [`OUTLIER_FACTOR`] × the median of its class's green tests.
fn robust_micros(names: &[String], baseline: &[Baseline]) -> Vec<u64> {
    let raw = micros(baseline);
    let class = |i: usize| names[i].split('#').next().unwrap_or(&names[i]);
    let mut per_class: HashMap<&str, Vec<u64>> = HashMap::new();
    for (i, b) in baseline.iter().enumerate() {
        if matches!(b, Baseline::Green { .. }) {
            per_class.entry(class(i)).or_default().push(raw[i]);
        }
    }
    let median: HashMap<&str, u64> = per_class
        .into_iter()
        .map(|(c, mut times)| {
            times.sort_unstable();
            (c, times[times.len() / 2])
        })
        .collect();
    (0..raw.len())
        .map(|i| match median.get(class(i)) {
            Some(&m) => raw[i].min(m.max(1).saturating_mul(OUTLIER_FACTOR)),
            None => raw[i],
        })
        .collect()
}

/// The partition cost of each of `methods`, in order; `covering[id]` are the green tests
/// reaching method `id`; `fresh` the methods whose mutants each run in a fresh loader,
/// `alone` those run in launches of their own.
pub fn method_costs(
    methods: &[TargetMethod],
    covering: &[Vec<usize>],
    names: &[String],
    baseline: &[Baseline],
    fresh: &BTreeSet<u32>,
    alone: &BTreeSet<u32>,
) -> Vec<u64> {
    let raw = micros(baseline);
    let robust = robust_micros(names, baseline);
    // Own test-class tests already counted for a top-level class.
    let mut own_counted: HashMap<&str, BTreeSet<usize>> = HashMap::new();
    methods
        .iter()
        .map(|method| {
            let mut tests = covering
                .get(method.id as usize)
                .cloned()
                .unwrap_or_default();
            order_tests(&method.class, &mut tests, names, |i| {
                test_cost(&baseline[i])
            });
            let Some(&first) = tests.first() else {
                return 0;
            };
            let others: u64 = tests.iter().skip(1).map(|&i| robust[i]).sum();
            let launch = if fresh.contains(&method.id) {
                FRESH_MICROS
            } else if alone.contains(&method.id) {
                ALONE_MICROS
            } else {
                LAUNCH_MICROS
            };
            let per_mutant = launch + robust[first] + others / 100;
            let top = method.class.split('$').next().unwrap_or(&method.class);
            let counted = own_counted.entry(top).or_default();
            let cold: u64 = tests
                .iter()
                .filter(|&&i| is_own_test(&method.class, &names[i]) && counted.insert(i))
                .map(|&i| raw[i])
                .sum();
            method.mutants.len() as u64 * per_mutant + cold
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operators::Operator;
    use crate::targets::{Mutant, TargetMethod};

    fn green(millis: u64, hits: Vec<u32>) -> Baseline {
        Baseline::Green {
            nanos: millis * 1_000_000,
            cpu_nanos: millis * 1_000_000,
            hits,
            invocations: 1,
            alloc_bytes: 0,
        }
    }

    fn method(id: u32, class: &str, mutants: usize) -> TargetMethod {
        TargetMethod {
            id,
            class: class.into(),
            name: format!("m{id}"),
            descriptor: "()V".into(),
            file_name: None,
            line: None,
            lines: None,
            is_static: true,
            mutants: (0..mutants)
                .map(|k| Mutant {
                    id: k as u32 + 1,
                    operator: Operator::parse("void").unwrap(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_class_pays_its_own_tests_once_and_one_slow_run_counts_as_five_medians() {
        let names: Vec<String> = [
            "p.FormatTest#slowFirst",
            "p.FormatTest#a",
            "p.FormatTest#b",
            "p.FormatTest#c",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // The slow test (still under a second: the same time tier) reaches fewer methods,
        // so the scheduler tries it first.
        let baseline = vec![
            green(900, vec![0, 1]),
            green(1, vec![0, 1, 2]),
            green(2, vec![0, 1, 2]),
            green(1, vec![0, 1, 2]),
        ];
        let methods = vec![method(0, "p/Format", 3), method(1, "p/Format", 3)];
        let covering = vec![vec![0, 1, 2, 3], vec![0, 1, 2, 3]];
        let costs = method_costs(
            &methods,
            &covering,
            &names,
            &baseline,
            &BTreeSet::new(),
            &BTreeSet::new(),
        );
        // Per mutant 20 ms + min(900, 5 × the class's median 2) = 10 ms + others/100; the
        // class's own tests (904 ms) once, on its first method.
        let per_mutant = 20_000 + 10_000 + (1_000 + 2_000 + 1_000) / 100;
        assert_eq!(costs[0], 3 * per_mutant + 904_000);
        assert_eq!(costs[1], 3 * per_mutant);
    }
}
