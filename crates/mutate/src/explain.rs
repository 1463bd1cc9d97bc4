//! `mutate --explain`: why a surviving mutant survives (Reneri's infection and propagation
//! analysis).
//!
//! **Infection.** The schema wrappers call `MutantSwitch.exit` before every return of the
//! method the test JVM is told to observe ([`crate::protocol::observe_request`]); the shim
//! writes the basic state of the result, each argument and the receiver (one level of
//! fields) as `<exit ordinal> <location> <path>=<value>` lines, and, for the first exits
//! of each test, the stack path from the innermost test call site to the method
//! (`<exit ordinal> @ <site> <frames>`).
//!
//! **Propagation.** The test classes run rewritten ([`crate::test_sites`]): every call
//! they make writes its result (or exception) and its receiver after the call as
//! `v <site> <occurrence> <location> <path>=<value>` lines.
//!
//! The covering tests run `runs` times on the original and `runs` times with the mutant
//! on; a property counts only when every run of a side saw it with the same value
//! (identity hashes, times and other noise drop out), and the two sides' stable
//! properties are compared. No difference where the method exits: the tests never make
//! the mutant change the state (no-infection: they need other inputs). A difference there
//! and none in the test code's values: the change is masked on its way to the tests
//! (no-propagation: test the method more directly). A difference in a value the test code
//! holds: the tests see it and assert nothing on it (weak-oracle: the assertion to add).
//! The wording of the suggestions is [`crate::suggest`]'s.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::error::MutateError;
use crate::suggest::Suggester;
use crate::test_sites::TestSite;
use crate::worker::{Budget, Limits, RunEnd, TestResult, Worker};

/// What the analysis found for one surviving mutant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnosis {
    pub symptom: Symptom,
    /// Runs per side.
    pub runs: usize,
    /// The covering tests that ran, in order.
    pub tests: Vec<String>,
    /// Stable properties at the method's exits that differ (at most [`MAX_DIFFERENCES`]).
    pub infection: Vec<Difference>,
    /// How many stable properties at the method's exits were compared.
    pub compared: usize,
    /// Stable values of the test code that differ (at most [`MAX_DIFFERENCES`]).
    pub propagation: Vec<Propagated>,
    /// How many stable values of the test code were compared (0 when not observed).
    pub propagation_compared: usize,
    /// Activation records from the closest test call to the method (1: the test calls it
    /// directly), over the exits whose path was taken.
    pub stack_distance: Option<usize>,
    /// That closest path: the test's call site, then each frame down to the method.
    pub stack: Vec<String>,
    pub suggestion: String,
    /// No-infection with `--store`: recorded production invocations the mutant would
    /// infect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub production: Option<crate::production::ProductionInputs>,
}

/// Reneri's symptoms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symptom {
    /// The tests never make the mutant change what the method leaves behind.
    NoInfection,
    /// They do, and no value the test code computes shows it.
    NoPropagation,
    /// A value the test code holds differs, and no assertion checks it.
    WeakOracle,
    /// They do; the test code could not be observed (its classes could not be rewritten).
    Infected,
}

impl Symptom {
    pub fn name(self) -> &'static str {
        match self {
            Symptom::NoInfection => "no-infection",
            Symptom::NoPropagation => "no-propagation",
            Symptom::WeakOracle => "weak-oracle",
            Symptom::Infected => "infected",
        }
    }
}

/// One property the mutant changes where the method exits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    pub test: String,
    /// Which exit of the method in that test (0: the first).
    pub exit: u32,
    /// `result`, `argument 0`, `receiver`, with a field path (`receiver.version`).
    pub location: String,
    pub original: String,
    pub mutant: String,
}

/// One value of the test code the mutant changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Propagated {
    pub test: String,
    /// `FooTest.java:12`.
    pub at: String,
    /// The test-code method the call is in.
    pub method: String,
    /// The call: `list.size()`.
    pub expression: String,
    /// Which call of that site in the test (0: the first).
    pub occurrence: u32,
    /// `result`, `receiver` or `thrown`, with a field path (`receiver.version`).
    pub location: String,
    pub original: String,
    pub mutant: String,
}

/// Differences kept per diagnosis.
pub const MAX_DIFFERENCES: usize = 20;

type ExitKey = (String, u32, String);
type ValueKey = (String, u32, u32, String);

/// What one run of the covering tests showed.
#[derive(Debug, Default, Clone)]
struct Observed {
    exits: BTreeMap<ExitKey, String>,
    values: BTreeMap<ValueKey, String>,
    /// `(test, site, frames)` per exit whose path was taken.
    paths: Vec<(String, i64, Vec<String>)>,
}

impl Observed {
    /// Add another run's observations (of other tests).
    fn merge(&mut self, other: Observed) {
        self.exits.extend(other.exits);
        self.values.extend(other.values);
        self.paths.extend(other.paths);
    }

    fn add(&mut self, test: &str, line: &str) {
        if let Some(rest) = line.strip_prefix("v ") {
            let mut parts = rest.splitn(3, ' ');
            let (Some(site), Some(occurrence), Some(rest)) =
                (parts.next(), parts.next(), parts.next())
            else {
                return;
            };
            let (Ok(site), Ok(occurrence)) = (site.parse(), occurrence.parse()) else {
                return;
            };
            if let Some((location, value)) = location_value(rest) {
                self.values
                    .insert((test.to_string(), site, occurrence, location), value);
            }
            return;
        }
        let Some((ordinal, rest)) = line.split_once(' ') else {
            return;
        };
        let Ok(ordinal) = ordinal.parse::<u32>() else {
            return;
        };
        if let Some(path) = rest.strip_prefix("@ ") {
            let (site, frames) = path.split_once(' ').unwrap_or((path, ""));
            let frames: Vec<String> = frames
                .split(';')
                .filter(|f| !f.is_empty())
                .map(str::to_string)
                .collect();
            if let Ok(site) = site.parse() {
                self.paths.push((test.to_string(), site, frames));
            }
            return;
        }
        if let Some((location, value)) = location_value(rest) {
            self.exits
                .insert((test.to_string(), ordinal, location), value);
        }
    }
}

/// `receiver .version=Long:1` → (`receiver.version`, `Long:1`).
fn location_value(rest: &str) -> Option<(String, String)> {
    let (key, value) = rest.split_once('=')?;
    Some((key.trim_end().replace(" .", "."), value.to_string()))
}

/// The properties every run saw with the same value.
fn stable<K: Ord + Clone>(runs: &[&BTreeMap<K, String>]) -> BTreeMap<K, String> {
    let Some((first, rest)) = runs.split_first() else {
        return BTreeMap::new();
    };
    first
        .iter()
        .filter(|(k, v)| rest.iter().all(|r| r.get(*k) == Some(*v)))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// A stable property that differs: key, original value, mutant value (`None`: that side
/// never had it).
type Diff<K> = (K, Option<String>, Option<String>);

/// Compare the stable properties of the two sides: those both hold with other values,
/// and those one side always has and the other never. Also returns how many were compared.
fn compare<K: Ord + Clone>(
    original: &[&BTreeMap<K, String>],
    mutant: &[&BTreeMap<K, String>],
) -> (Vec<Diff<K>>, usize) {
    let (a, b) = (stable(original), stable(mutant));
    let seen = |runs: &[&BTreeMap<K, String>]| -> BTreeSet<K> {
        runs.iter().flat_map(|r| r.keys().cloned()).collect()
    };
    let (seen_a, seen_b) = (seen(original), seen(mutant));
    let mut out = Vec::new();
    let keys: BTreeSet<_> = a.keys().chain(b.keys()).cloned().collect();
    let mut compared = 0;
    for key in keys {
        let (va, vb) = (a.get(&key), b.get(&key));
        let differs = match (va, vb) {
            (Some(x), Some(y)) => x != y,
            (Some(_), None) => !seen_b.contains(&key),
            (None, Some(_)) => !seen_a.contains(&key),
            (None, None) => false,
        };
        if va.is_some() && vb.is_some() || differs {
            compared += 1;
        }
        if differs {
            out.push((key, va.cloned(), vb.cloned()));
        }
    }
    (out, compared)
}

/// The value of a property one side never had.
pub const ABSENT: &str = "(none)";

/// Run `tests` `runs` times with `mutant` (0: the original) and collect each run's
/// observations. `None` when a run did not end normally (the mutant's tests passed
/// before, so this is a JVM that died or timed out: no diagnosis).
fn observe_runs(
    worker: &mut Worker,
    mutant: u32,
    limits: Limits,
    tests: &[(usize, Budget)],
    names: &[String],
    runs: usize,
) -> Result<Option<Vec<Observed>>, MutateError> {
    let mut out = Vec::new();
    for _ in 0..runs {
        let reply = worker.run(mutant, false, false, limits, tests)?;
        if reply.end != RunEnd::Done {
            return Ok(None);
        }
        out.push(observed(&reply.results, names));
    }
    Ok(Some(out))
}

fn observed(results: &[TestResult], names: &[String]) -> Observed {
    let mut out = Observed::default();
    for r in results {
        let name = names.get(r.index).map_or("?", String::as_str);
        for line in &r.observed {
            out.add(name, line);
        }
    }
    out
}

/// What every diagnosis of a run shares.
pub struct Setup<'a> {
    pub limits: Limits,
    /// Test names by index.
    pub names: &'a [String],
    pub runs: usize,
    /// The test code's call sites; empty when the test classes are not rewritten.
    pub sites: &'a [TestSite],
    pub suggester: &'a Suggester,
}

/// What the runs of one method's covering tests (or a shard of them) showed.
#[derive(Debug, Default)]
pub struct Shard {
    /// Run k of the original: run 0 on every test, the others on the tests run again.
    original: Vec<Observed>,
    /// Per surviving mutant, its runs likewise (`None`: its tests could not be observed).
    mutated: Vec<Option<Vec<Observed>>>,
}

/// Observe target method `method` and its surviving `mutants` (ids) on `tests` (all its
/// covering tests or a shard of them). Every run observes the method's exits and the
/// test code's values. The original runs once on every test (with the stack paths from
/// the tests), then each mutant once; a test where the two differ in nothing cannot
/// differ after more runs either (more runs only drop properties from a side's stable
/// set, never add differences), so only the tests where they differ run the remaining
/// `runs - 1` times on each side (the original's extra runs shared by the method's
/// mutants). `None` when the original's run did not end normally. A JVM that dies is
/// replaced from `spec`. Also returns the JVMs started.
pub fn observe_method(
    worker: &mut Worker,
    spec: &crate::worker::WorkerSpec,
    setup: &Setup<'_>,
    method: &crate::targets::TargetMethod,
    mutants: &[u32],
    tests: &[(usize, Budget)],
) -> Result<(Option<Shard>, usize), MutateError> {
    let (limits, names, runs) = (setup.limits, setup.names, setup.runs.max(1));
    let test_values = !setup.sites.is_empty();
    let mut starts = 0;
    // Tests new to this JVM run once unobserved first: what happens only the first time
    // (a class initialised inside the test, a cache filled) must not make the original's
    // first run differ from the others.
    let cold: Vec<(usize, Budget)> = tests
        .iter()
        .filter(|(i, _)| !worker.is_warm(*i))
        .copied()
        .collect();
    if !cold.is_empty() {
        if !worker.is_alive() {
            *worker = Worker::start(spec)?;
            starts += 1;
        }
        worker.observe(None, crate::protocol::Observe::default(), limits)?;
        if worker.run(0, false, false, limits, &cold)?.end != RunEnd::Done {
            return Ok((None, starts));
        }
    }
    let mut ready = |worker: &mut Worker, paths: bool| -> Result<(), MutateError> {
        if !worker.is_alive() {
            *worker = Worker::start(spec)?;
            starts += 1;
        }
        let what = crate::protocol::Observe { test_values, paths };
        worker.observe(Some(method.id), what, limits)
    };
    ready(worker, true)?;
    let Some(mut original) = observe_runs(worker, 0, limits, tests, names, 1)? else {
        return Ok((None, starts));
    };
    original.resize_with(runs, Observed::default);
    let mut shard = Shard {
        original,
        mutated: Vec::new(),
    };
    let mut extended: BTreeSet<usize> = BTreeSet::new();
    for &mutant in mutants {
        ready(worker, false)?;
        let Some(mut mutated) = observe_runs(worker, mutant, limits, tests, names, 1)? else {
            shard.mutated.push(None);
            continue;
        };
        let (differing, _) = compare(&exits(&shard.original[..1]), &exits(&mutated));
        let differing: BTreeSet<&str> = differing
            .iter()
            .map(|((t, _, _), _, _)| t.as_str())
            .collect();
        let again: Vec<(usize, Budget)> = tests
            .iter()
            .filter(|(i, _)| {
                names
                    .get(*i)
                    .is_some_and(|n| differing.contains(n.as_str()))
            })
            .copied()
            .collect();
        if !again.is_empty() && runs > 1 {
            let missing: Vec<(usize, Budget)> = again
                .iter()
                .filter(|(i, _)| !extended.contains(i))
                .copied()
                .collect();
            if !missing.is_empty() {
                ready(worker, false)?;
                let Some(more) = observe_runs(worker, 0, limits, &missing, names, runs - 1)? else {
                    shard.mutated.push(None);
                    continue;
                };
                for (run, extra) in shard.original[1..].iter_mut().zip(more) {
                    run.merge(extra);
                }
                extended.extend(missing.iter().map(|(i, _)| *i));
            }
            ready(worker, false)?;
            let Some(more) = observe_runs(worker, mutant, limits, &again, names, runs - 1)? else {
                shard.mutated.push(None);
                continue;
            };
            mutated.extend(more);
        }
        shard.mutated.push(Some(mutated));
    }
    if worker.is_alive() {
        worker.observe(None, crate::protocol::Observe::default(), limits)?;
    }
    Ok((Some(shard), starts))
}

/// Diagnose the `count` surviving mutants of `method` from what the shards of its
/// covering tests (`tests`, all of them) showed. One entry per mutant, `None` when its
/// tests could not be observed (a JVM died or timed out, or the method's exits were
/// never seen: nothing to say, which is not "no infection").
pub fn diagnose_method(
    setup: &Setup<'_>,
    method: &crate::targets::TargetMethod,
    tests: &[(usize, Budget)],
    count: usize,
    shards: Vec<Option<Shard>>,
) -> Vec<Option<Diagnosis>> {
    let runs = setup.runs.max(1);
    let Some(shards) = shards.into_iter().collect::<Option<Vec<Shard>>>() else {
        return vec![None; count];
    };
    let mut original: Vec<Observed> = vec![Observed::default(); runs];
    let mut mutated: Vec<Option<Vec<Observed>>> = vec![Some(Vec::new()); count];
    for shard in shards {
        for (all, run) in original.iter_mut().zip(shard.original) {
            all.merge(run);
        }
        for (all, runs_of) in mutated.iter_mut().zip(shard.mutated) {
            match (all.as_mut(), runs_of) {
                (Some(all), Some(runs_of)) => {
                    if all.len() < runs_of.len() {
                        all.resize_with(runs_of.len(), Observed::default);
                    }
                    for (a, r) in all.iter_mut().zip(runs_of) {
                        a.merge(r);
                    }
                }
                _ => *all = None,
            }
        }
    }
    if original.iter().all(|o| o.exits.is_empty()) {
        return vec![None; count];
    }
    mutated
        .into_iter()
        .map(|m| {
            m.map(|m| {
                // A mutant that ran once everywhere is compared with the original's first
                // run (its other runs are of other mutants' tests).
                let original_runs = if m.len() == 1 {
                    &original[..1]
                } else {
                    &original[..]
                };
                diagnose(setup, method, tests, original_runs, &m)
            })
        })
        .collect()
}

/// The test-code values of `side`, of the tests in `wanted` only.
fn values_of(side: &[Observed], wanted: &BTreeSet<&str>) -> Vec<BTreeMap<ValueKey, String>> {
    side.iter()
        .map(|r| {
            r.values
                .iter()
                .filter(|((t, _, _, _), _)| wanted.contains(t.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .collect()
}

/// Compare the observations of the original and of one mutant.
fn diagnose(
    setup: &Setup<'_>,
    method: &crate::targets::TargetMethod,
    tests: &[(usize, Budget)],
    original: &[Observed],
    mutated: &[Observed],
) -> Diagnosis {
    let (names, runs) = (setup.names, setup.runs);
    let test_names: Vec<String> = tests
        .iter()
        .map(|(i, _)| names.get(*i).cloned().unwrap_or_default())
        .collect();
    let (infection, compared) = compare(&exits(original), &exits(mutated));
    let infection: Vec<Difference> = infection
        .into_iter()
        .map(|((test, exit, location), a, b)| Difference {
            test,
            exit,
            location,
            original: a.unwrap_or_else(|| ABSENT.into()),
            mutant: b.unwrap_or_else(|| ABSENT.into()),
        })
        .collect();
    // Propagation: the test-code values, in the tests the mutant infects.
    let infected: BTreeSet<&str> = infection.iter().map(|d| d.test.as_str()).collect();
    let values = (
        values_of(original, &infected),
        values_of(mutated, &infected),
    );
    let (mut propagation, propagation_compared) = if infection.is_empty() {
        (Vec::new(), 0)
    } else {
        let (diffs, n) = compare(&refs(&values.0), &refs(&values.1));
        let diffs = diffs
            .into_iter()
            .filter_map(|((test, site, occurrence, location), a, b)| {
                let s = setup.sites.get(site as usize)?;
                Some(Propagated {
                    test,
                    at: s.place(),
                    method: format!("{}.{}", s.class, s.method),
                    expression: s.expression.clone(),
                    occurrence,
                    location,
                    original: a.unwrap_or_else(|| ABSENT.into()),
                    mutant: b.unwrap_or_else(|| ABSENT.into()),
                })
            })
            .collect::<Vec<_>>();
        (diffs, n)
    };
    // The first test (in covering order) that shows a difference, then by line.
    let order: BTreeMap<&str, usize> = test_names
        .iter()
        .enumerate()
        .map(|(i, t)| (t.as_str(), i))
        .collect();
    // Values both sides have first: a value only one side has means the test took
    // another path, which no single assertion states.
    propagation.sort_by_key(|p| {
        (
            p.original == ABSENT || p.mutant == ABSENT,
            order.get(p.test.as_str()).copied().unwrap_or(usize::MAX),
            line_of(&p.at),
            p.occurrence,
        )
    });
    let (stack_distance, stack) = closest_path(original, setup.sites);
    let symptom = if infection.is_empty() {
        Symptom::NoInfection
    } else if setup.sites.is_empty() {
        Symptom::Infected
    } else if propagation.is_empty() {
        Symptom::NoPropagation
    } else {
        Symptom::WeakOracle
    };
    let exits_compared = original.first().map_or(0, |r| {
        r.exits
            .keys()
            .map(|(t, e, _)| (t, e))
            .collect::<BTreeSet<_>>()
            .len()
    });
    let mut diagnosis = Diagnosis {
        symptom,
        runs,
        tests: test_names,
        infection,
        compared,
        propagation,
        propagation_compared,
        stack_distance,
        stack,
        suggestion: String::new(),
        production: None,
    };
    let inputs = inputs_of(&stable(&exits(original)));
    let original_values = stable(&refs(&values.0));
    diagnosis.suggestion = setup.suggester.suggest(
        method,
        &diagnosis,
        exits_compared,
        &inputs,
        &original_values,
        setup.sites,
    );
    diagnosis.infection.truncate(MAX_DIFFERENCES);
    diagnosis.propagation.truncate(MAX_DIFFERENCES);
    diagnosis
}

/// Calls whose inputs a no-infection suggestion lists.
const INPUTS_SHOWN: usize = 3;

/// The distinct argument lists the method's exits had, at most [`INPUTS_SHOWN`]:
/// `(argument 0 = Integer:1, argument 1 = String:a)`.
fn inputs_of(exits: &BTreeMap<ExitKey, String>) -> Vec<String> {
    let mut calls: BTreeMap<(&str, u32), Vec<String>> = BTreeMap::new();
    for ((test, exit, location), value) in exits {
        if location.starts_with("argument ") && !location.contains('.') {
            calls
                .entry((test.as_str(), *exit))
                .or_default()
                .push(format!("{location} = {value}"));
        }
    }
    let mut out: Vec<String> = Vec::new();
    for args in calls.into_values() {
        let call = format!("({})", args.join(", "));
        if !out.contains(&call) {
            out.push(call);
        }
        if out.len() == INPUTS_SHOWN {
            break;
        }
    }
    out
}

fn exits(side: &[Observed]) -> Vec<&BTreeMap<ExitKey, String>> {
    side.iter().map(|o| &o.exits).collect()
}

fn refs(maps: &[BTreeMap<ValueKey, String>]) -> Vec<&BTreeMap<ValueKey, String>> {
    maps.iter().collect()
}

fn line_of(place: &str) -> u32 {
    place
        .rsplit_once(':')
        .and_then(|(_, l)| l.parse().ok())
        .unwrap_or(u32::MAX)
}

/// The shortest stack path from a test call site to the method over every exit whose
/// path was taken (first run of the original): its length and the path, the test's call
/// first.
fn closest_path(original: &[Observed], sites: &[TestSite]) -> (Option<usize>, Vec<String>) {
    let Some(first) = original.first() else {
        return (None, Vec::new());
    };
    let best = first
        .paths
        .iter()
        .filter(|(_, site, _)| *site >= 0)
        .min_by_key(|(_, _, frames)| frames.len());
    let Some((test, site, frames)) = best else {
        return (None, Vec::new());
    };
    let mut path = Vec::new();
    match sites.get(*site as usize) {
        Some(s) => path.push(format!("{} at {} ({test})", s.expression, s.place())),
        None => path.push(test.clone()),
    }
    path.extend(frames.iter().rev().cloned());
    (Some(frames.len()), path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[(&str, &str)]) -> Observed {
        let mut o = Observed::default();
        for (t, l) in lines {
            o.add(t, l);
        }
        o
    }

    #[test]
    fn lines_parse_into_exits_values_and_paths() {
        let o = run(&[
            ("T#a()", "2 receiver .version=Long:1"),
            ("T#a()", "0 argument 1 =String:a=b"),
            ("T#a()", "0 @ 4 a.B.m;a.B.caller:12"),
            ("T#a()", "v 4 1 receiver .version=Long:0"),
            (
                "T#a()",
                "v 5 0 thrown =<java.lang.IllegalStateException> no",
            ),
        ]);
        assert_eq!(
            o.exits.get(&("T#a()".into(), 2, "receiver.version".into())),
            Some(&"Long:1".to_string())
        );
        assert_eq!(
            o.exits.get(&("T#a()".into(), 0, "argument 1".into())),
            Some(&"String:a=b".to_string())
        );
        assert_eq!(
            o.paths,
            vec![(
                "T#a()".to_string(),
                4,
                vec!["a.B.m".to_string(), "a.B.caller:12".to_string()]
            )]
        );
        assert_eq!(
            o.values
                .get(&("T#a()".into(), 4, 1, "receiver.version".into())),
            Some(&"Long:0".to_string())
        );
        assert_eq!(
            o.values.get(&("T#a()".into(), 5, 0, "thrown".into())),
            Some(&"<java.lang.IllegalStateException> no".to_string())
        );
    }

    #[test]
    fn unstable_properties_are_ignored_and_real_changes_found() {
        fn refs(v: &[BTreeMap<ExitKey, String>]) -> Vec<&BTreeMap<ExitKey, String>> {
            v.iter().collect()
        }
        let exits = |o: &[Observed]| o.iter().map(|r| r.exits.clone()).collect::<Vec<_>>();
        let original = exits(&[
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:17"),
            ]),
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:99"),
            ]),
        ]);
        let same = exits(&[
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:5"),
            ]),
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:6"),
            ]),
        ]);
        let (d, compared) = compare(&refs(&original), &refs(&same));
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(compared, 1);
        let other = exits(&[
            run(&[("t", "0 result =Boolean:false")]),
            run(&[("t", "0 result =Boolean:false")]),
        ]);
        let (d, _) = compare(&refs(&original), &refs(&other));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].0 .2, "result");
        assert_eq!(
            (d[0].1.as_deref(), d[0].2.as_deref()),
            (Some("Boolean:true"), Some("Boolean:false"))
        );
        // An exit the mutant never reaches is a difference.
        let fewer = exits(&[run(&[]), run(&[])]);
        let (d, _) = compare(&refs(&original), &refs(&fewer));
        assert_eq!(d[0].2, None);
    }

    #[test]
    fn the_closest_path_starts_at_the_test_call() {
        let sites = vec![TestSite {
            class: "a.BTest".into(),
            method: "test".into(),
            file: Some("BTest.java".into()),
            line: Some(9),
            expression: "b.run()".into(),
            void: true,
        }];
        let o = run(&[
            ("BTest#test()", "0 @ 0 a.B.m;a.B.helper:20;a.B.run:12"),
            ("BTest#test()", "1 @ 0 a.B.m;a.B.run:14"),
            ("BTest#test()", "2 @ -1 "),
        ]);
        let (distance, path) = closest_path(&[o], &sites);
        assert_eq!(distance, Some(2));
        assert_eq!(
            path,
            vec![
                "b.run() at BTest.java:9 (BTest#test())".to_string(),
                "a.B.run:14".to_string(),
                "a.B.m".to_string()
            ]
        );
    }
}
