//! `mutate --explain`, infection analysis (Reneri, first half): for a surviving mutant,
//! does running its covering tests change the program state where the method exits?
//!
//! The schema wrappers call `MutantSwitch.exit` before every return of the method the
//! test JVM is told to observe ([`crate::protocol::observe_request`]); the shim writes the
//! basic state of the result, each argument and the receiver (one level of fields) as
//! `<exit ordinal> <location> <path>=<value>` lines. The covering tests run `runs` times
//! on the original and `runs` times with the mutant on; a property counts only when every
//! run of a side saw it with the same value (identity hashes, times and other noise drop
//! out), and the two sides' stable properties are compared. No difference: the tests
//! never make the mutant change the state (no-infection: they need other inputs). A
//! difference: the state is infected and the tests miss it (propagation analysis, which
//! tells no-propagation from a weak oracle, is not built yet).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::error::MutateError;
use crate::worker::{Budget, Limits, RunEnd, TestResult, Worker};

/// What the analysis found for one surviving mutant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnosis {
    pub symptom: Symptom,
    /// Runs per side.
    pub runs: usize,
    /// The covering tests that ran, in order.
    pub tests: Vec<String>,
    /// Stable properties that differ (at most [`MAX_DIFFERENCES`]).
    pub infection: Vec<Difference>,
    /// How many stable properties were compared.
    pub compared: usize,
    pub suggestion: String,
}

/// Reneri's symptoms, as far as infection analysis tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symptom {
    /// The tests never make the mutant change what the method leaves behind.
    NoInfection,
    /// They do, and no test fails: no-propagation or a weak oracle.
    Infected,
}

/// One property the mutant changes.
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

/// Differences kept per diagnosis.
pub const MAX_DIFFERENCES: usize = 20;

/// `(test, exit, location)` → value.
type Properties = BTreeMap<(String, u32, String), String>;

/// Parse one observation line into its key and value.
fn parse(test: &str, line: &str) -> Option<((String, u32, String), String)> {
    let (ordinal, rest) = line.split_once(' ')?;
    let (key, value) = rest.split_once('=')?;
    // `receiver .version` → `receiver.version`; `result ` → `result`.
    let location = key.trim_end().replace(" .", ".");
    Some((
        (test.to_string(), ordinal.parse().ok()?, location),
        value.to_string(),
    ))
}

/// The properties every run saw with the same value.
fn stable(runs: &[Properties]) -> Properties {
    let Some((first, rest)) = runs.split_first() else {
        return Properties::new();
    };
    first
        .iter()
        .filter(|(k, v)| rest.iter().all(|r| r.get(*k) == Some(*v)))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Keys any run saw.
fn seen(runs: &[Properties]) -> BTreeSet<(String, u32, String)> {
    runs.iter().flat_map(|r| r.keys().cloned()).collect()
}

/// Compare the stable properties of the two sides: those both hold with other values,
/// and those one side always has and the other never.
pub fn compare(original: &[Properties], mutant: &[Properties]) -> (Vec<Difference>, usize) {
    let (a, b) = (stable(original), stable(mutant));
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
            let (test, exit, location) = key;
            out.push(Difference {
                test,
                exit,
                location,
                original: va.cloned().unwrap_or_else(|| "(no such exit)".into()),
                mutant: vb.cloned().unwrap_or_else(|| "(no such exit)".into()),
            });
        }
    }
    (out, compared)
}

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
) -> Result<Option<Vec<Properties>>, MutateError> {
    let mut out = Vec::new();
    for _ in 0..runs {
        let reply = worker.run(mutant, false, false, limits, tests)?;
        if reply.end != RunEnd::Done {
            return Ok(None);
        }
        out.push(properties(&reply.results, names));
    }
    Ok(Some(out))
}

fn properties(results: &[TestResult], names: &[String]) -> Properties {
    let mut props = Properties::new();
    for r in results {
        let name = names.get(r.index).map_or("?", String::as_str);
        props.extend(r.observed.iter().filter_map(|l| parse(name, l)));
    }
    props
}

/// Diagnose surviving mutant `mutant` of target method `method`, covered by `tests`.
/// `None` when the tests could not be observed (their JVM died or timed out).
#[allow(clippy::too_many_arguments)]
pub fn diagnose(
    worker: &mut Worker,
    limits: Limits,
    method: u32,
    mutant: u32,
    tests: &[(usize, Budget)],
    names: &[String],
    runs: usize,
    method_name: &str,
) -> Result<Option<Diagnosis>, MutateError> {
    worker.observe(method, limits)?;
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
    let (mut infection, compared) = compare(&original, &mutated);
    let test_names: Vec<String> = tests
        .iter()
        .map(|(i, _)| names.get(*i).cloned().unwrap_or_default())
        .collect();
    let symptom = if infection.is_empty() {
        Symptom::NoInfection
    } else {
        Symptom::Infected
    };
    let suggestion = match symptom {
        Symptom::NoInfection => format!(
            "No covering test makes this mutant change what {method_name} returns or leaves in its arguments and receiver ({} exit(s) compared, {runs} runs each): add a test that calls {method_name} with inputs for which the transformed body gives another result or state than the original ({}).",
            original.first().map_or(0, |r| r.keys().map(|(t, e, _)| (t, e)).collect::<BTreeSet<_>>().len()),
            test_names.join(", ")
        ),
        Symptom::Infected => {
            let d = &infection[0];
            format!(
                "The mutant changes {} at exit {} of {method_name} in {} ({} instead of {}), and no test fails: assert on that value in the test, or test {method_name} more directly.",
                d.location, d.exit, d.test, d.mutant, d.original
            )
        }
    };
    infection.truncate(MAX_DIFFERENCES);
    Ok(Some(Diagnosis {
        symptom,
        runs,
        tests: test_names,
        infection,
        compared,
        suggestion,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[(&str, &str)]) -> Properties {
        lines.iter().filter_map(|(t, l)| parse(t, l)).collect()
    }

    #[test]
    fn lines_parse_into_locations() {
        let (key, value) = parse("T#a()", "2 receiver .version=Long:1").unwrap();
        assert_eq!(
            key,
            ("T#a()".to_string(), 2, "receiver.version".to_string())
        );
        assert_eq!(value, "Long:1");
        let (key, value) = parse("T#a()", "0 argument 1 =String:a=b").unwrap();
        assert_eq!(key.2, "argument 1");
        assert_eq!(value, "String:a=b");
    }

    #[test]
    fn unstable_properties_are_ignored_and_real_changes_found() {
        let original = [
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:17"),
            ]),
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:99"),
            ]),
        ];
        let same = [
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:5"),
            ]),
            run(&[
                ("t", "0 result =Boolean:true"),
                ("t", "0 receiver .stamp=Long:6"),
            ]),
        ];
        let (d, compared) = compare(&original, &same);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(compared, 1);
        let other = [
            run(&[("t", "0 result =Boolean:false")]),
            run(&[("t", "0 result =Boolean:false")]),
        ];
        let (d, _) = compare(&original, &other);
        assert_eq!(d.len(), 1);
        assert_eq!(
            (
                d[0].location.as_str(),
                d[0].original.as_str(),
                d[0].mutant.as_str()
            ),
            ("result", "Boolean:true", "Boolean:false")
        );
        // An exit the mutant never reaches is a difference.
        let fewer = [run(&[]), run(&[])];
        let (d, _) = compare(&original, &fewer);
        assert_eq!(d[0].mutant, "(no such exit)");
    }
}
