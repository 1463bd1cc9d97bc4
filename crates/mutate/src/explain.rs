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

use serde::Serialize;

use crate::error::MutateError;
use crate::suggest::Suggester;
use crate::test_sites::TestSite;
use crate::worker::{Budget, Limits, RunEnd, TestResult, Worker};

/// What the analysis found for one surviving mutant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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

const ABSENT: &str = "(none)";

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

/// Diagnose surviving mutant `mutant` of target method `method` (id, internal class name,
/// name and descriptor), covered by `tests`. `None` when the tests could not be observed
/// (their JVM died or timed out).
pub fn diagnose(
    worker: &mut Worker,
    setup: &Setup<'_>,
    method: &crate::targets::TargetMethod,
    mutant: u32,
    tests: &[(usize, Budget)],
) -> Result<Option<Diagnosis>, MutateError> {
    let (limits, names, runs) = (setup.limits, setup.names, setup.runs);
    worker.observe(method.id, limits)?;
    let original = observe_runs(worker, 0, limits, tests, names, runs)?;
    let mutated = match original {
        Some(_) => observe_runs(worker, mutant, limits, tests, names, runs)?,
        None => None,
    };
    if worker.is_alive() {
        worker.observe(0, limits)?;
    }
    let (Some(original), Some(mutated)) = (original, mutated) else {
        return Ok(None);
    };
    let test_names: Vec<String> = tests
        .iter()
        .map(|(i, _)| names.get(*i).cloned().unwrap_or_default())
        .collect();
    let (infection, compared) = compare(&exits(&original), &exits(&mutated));
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
    let (mut propagation, propagation_compared) = if infection.is_empty() {
        (Vec::new(), 0)
    } else {
        let (diffs, n) = compare(&values(&original), &values(&mutated));
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
    propagation.sort_by_key(|p| {
        (
            order.get(p.test.as_str()).copied().unwrap_or(usize::MAX),
            line_of(&p.at),
            p.occurrence,
        )
    });
    let (stack_distance, stack) = closest_path(&original, setup.sites);
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
    let inputs = inputs_of(&stable(&exits(&original)));
    diagnosis.suggestion = setup.suggester.suggest(
        method,
        &diagnosis,
        exits_compared,
        &inputs,
        &stable(&values(&original)),
        setup.sites,
    );
    diagnosis.infection.truncate(MAX_DIFFERENCES);
    diagnosis.propagation.truncate(MAX_DIFFERENCES);
    Ok(Some(diagnosis))
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

fn values(side: &[Observed]) -> Vec<&BTreeMap<ValueKey, String>> {
    side.iter().map(|o| &o.values).collect()
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
