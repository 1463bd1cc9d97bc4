//! Writing results: Descartes' `methods.json` (same fields, same spellings), the same plus
//! mimic's extras (stop methods, red tests, problems, totals) for `--json`, and a text
//! summary for people.

use serde_json::{json, Value};

use crate::result::{Classification, MethodResult, MutationReport};

/// Descartes' `methods.json` as verdicts: `{"methods": [...], "analysis": {"mutators"}}`,
/// per method its classification, the operators detected and not, and its tests (sorted).
/// How each mutant was detected (status, killing test and failure, tests run, times) and
/// Descartes' `analysis.time` are in [`full_json`]: on commons-codec they differed between
/// runs that reached the same verdicts (random test data in failure lines, a looping
/// mutant timed out in one run and out of memory in the other, a cache filled under
/// another mutant changing which test fails first), so that runs reaching the same
/// verdicts give byte-identical files.
pub fn methods_json(report: &MutationReport) -> Value {
    json!({
        "methods": report.methods.iter().map(method_json).collect::<Vec<_>>(),
        "analysis": {
            "mutators": report.operators,
        },
    })
}

/// `methods.json` plus `summary`, `red-tests`, `skipped-methods` and `problems`.
pub fn full_json(report: &MutationReport) -> Value {
    let mut value = methods_json(report);
    value["analysis"]["time"] = json!((report.seconds * 1000.0) as u64);
    for (method, m) in value["methods"]
        .as_array_mut()
        .into_iter()
        .flatten()
        .zip(&report.methods)
    {
        add_mutation_details(&mut method["mutations"], m);
    }
    value["summary"] = json!({
        "methods": report.methods.len(),
        "tested": report.count(Classification::Tested),
        "partially-tested": report.count(Classification::PartiallyTested),
        "pseudo-tested": report.count(Classification::PseudoTested),
        "not-covered": report.count(Classification::NotCovered),
        "mutants": report.mutant_count(),
        "detected": report.detected_count(),
        "tests": report.tests_total,
        "green-invocations": report.baseline.iter().map(|t| u64::from(t.invocations)).sum::<u64>(),
        "red-tests": report.red_tests.len(),
        "stop-methods": report.skipped.len(),
        "workers": report.workers,
        "started-workers": report.started_workers,
        "jvm-starts": report.jvm_starts,
        "stopped-tests": report.stopped_tests,
        "seconds": report.seconds,
        "phases": report.phases.iter().map(|(n, s)| json!({"phase": n, "seconds": s})).collect::<Vec<_>>(),
        "test-jvm": report.test_jvm,
        "outside-diff": report.outside_diff,
    });
    value["red-tests"] = json!(report.red_tests);
    value["baseline"] = json!(report.baseline);
    value["skipped-methods"] = json!(report.skipped);
    value["problems"] = json!(report.problems);
    value
}

fn method_json(m: &MethodResult) -> Value {
    let (package, class) = split_class(&m.method.class);
    let ops = |detected: bool| -> Vec<String> {
        m.mutants
            .iter()
            .filter(|o| o.status.is_detected() == detected)
            .map(|o| o.operator.clone())
            .collect()
    };
    let mut value = json!({
        "name": m.method.name,
        "description": m.method.descriptor,
        "class": class,
        "package": package,
        "file-name": m.method.file_name.clone().unwrap_or_default(),
        "line-number": m.method.line.unwrap_or(0),
        "classification": m.classification.as_str(),
        "detected": ops(true),
        "not-detected": ops(false),
        "tests": sorted(&m.tests),
        "mutations": mutations_json(m),
    });
    let diagnoses: Vec<Value> = m
        .mutants
        .iter()
        .filter_map(|o| {
            o.diagnosis
                .as_ref()
                .map(|d| json!({"mutator": o.operator, "diagnosis": d}))
        })
        .collect();
    if !diagnoses.is_empty() {
        value["diagnoses"] = json!(diagnoses);
    }
    value
}

/// How each mutant of `m` fared, in `methods.json`: status, and for a detected mutant the
/// test that detected it and the first line of its failure (exception class and message,
/// identity hashes removed), `timed out`, or how it took its JVM down.
fn mutations_json(m: &MethodResult) -> Value {
    json!(m
        .mutants
        .iter()
        .map(|o| json!({
            "status": o.status,
            "mutator": o.operator,
            "killing-tests": o.killing_test.iter().collect::<Vec<_>>(),
            "killing-failures": o.failure.iter().map(|f| stable_failure(f)).collect::<Vec<_>>(),
        }))
        .collect::<Vec<_>>())
}

/// A failure line as `methods.json` shows it: without identity hashes, and a timeout
/// without the time it ran (which differs from run to run).
fn stable_failure(failure: &str) -> String {
    if failure.starts_with("timed out") {
        let unstable = failure.ends_with(UNSTABLE);
        return format!("timed out{}", if unstable { UNSTABLE } else { "" });
    }
    without_identity_hashes(failure)
}

/// `--json` adds to each mutation the whole failure line (a timeout's time too), its kind, the tests run, their time and
/// the diagnosis (`--explain`).
fn add_mutation_details(mutations: &mut Value, m: &MethodResult) {
    for (value, o) in mutations
        .as_array_mut()
        .into_iter()
        .flatten()
        .zip(&m.mutants)
    {
        value["killing-failures"] = json!(o
            .failure
            .iter()
            .map(|f| without_identity_hashes(f))
            .collect::<Vec<_>>());
        value["killing-failure-kinds"] = json!(o
            .failure
            .iter()
            .map(|f| failure_kind(f))
            .collect::<Vec<_>>());
        value["tests-run"] = json!(o.tests_run);
        value["millis"] = json!((o.millis * 10.0).round() / 10.0);
        value["diagnosis"] = json!(o.diagnosis);
    }
}

fn sorted(names: &[String]) -> Vec<&String> {
    let mut names: Vec<&String> = names.iter().collect();
    names.sort();
    names
}

/// What a kill that did not repeat adds to its failure line.
const UNSTABLE: &str = " (it passed when run again)";

/// What kind of failure detected a mutant: the exception class
/// (`org.opentest4j.AssertionFailedError`), `timed out` or `the test JVM died`, and whether
/// the kill did not repeat; for grouping and comparing runs (the first line often holds
/// values a test draws at random, or times).
pub fn failure_kind(failure: &str) -> String {
    let (line, unstable) = match failure.strip_suffix(UNSTABLE) {
        Some(line) => (line, UNSTABLE),
        None => (failure, ""),
    };
    let kind = if line.starts_with("timed out") {
        "timed out"
    } else if line.starts_with("the test JVM died") {
        "the test JVM died"
    } else {
        line.split(':').next().unwrap_or(line).trim()
    };
    format!("{kind}{unstable}")
}

/// A failure line with the identity hashes of `Object.toString()` (`Foo@1b6d3586`,
/// `[B@4554617c`) blanked and lambda classes named by their host (`Foo$$Lambda`): they
/// differ from run to run and say nothing to a reader.
pub fn without_identity_hashes(text: &str) -> String {
    static HASH: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let hash = HASH
        .get_or_init(|| regex::Regex::new(r"([\w$;\]])@[0-9a-f]{1,8}\b").expect("a valid pattern"));
    static LAMBDA: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    // `Foo$$Lambda$447/0x00007f50880dca28` (Java 17), `Foo$$Lambda/0x…` (21+): the counter
    // and the hidden class's address depend on what the JVM ran before.
    let lambda = LAMBDA.get_or_init(|| {
        regex::Regex::new(r"\$\$Lambda(\$\d+)?/0x[0-9a-f]+").expect("a valid pattern")
    });
    let text = lambda.replace_all(text, "$$$$Lambda");
    hash.replace_all(&text, "${1}@…").into_owned()
}

/// `eu/stamp/VersionedSet` → (`eu/stamp`, `VersionedSet`).
pub fn split_class(internal: &str) -> (&str, &str) {
    match internal.rfind('/') {
        Some(i) => (&internal[..i], &internal[i + 1..]),
        None => ("", internal),
    }
}

/// `eu/stamp/VersionedSet` + `add` → `eu.stamp.VersionedSet.add`.
pub fn java_name(m: &MethodResult) -> String {
    format!("{}.{}", m.method.class.replace('/', "."), m.method.name)
}

/// The method as a Java reader names it: `byte[] org.x.Codec.encode(byte[], int)` (the
/// descriptor as is when it does not parse).
pub fn java_signature(m: &MethodResult) -> String {
    match mimic_classfile::MethodDescriptor::parse(&m.method.descriptor) {
        Ok(d) => d.java_signature(&java_name(m)),
        Err(_) => format!("{}{}", java_name(m), m.method.descriptor),
    }
}

/// The text summary: totals, red tests, then every pseudo- and partially-tested method.
pub fn summary(report: &MutationReport) -> String {
    let mut out = String::new();
    let n = |c| report.count(c);
    out.push_str(&format!(
        "{} methods mutated ({} mutants, {} detected), {} stop methods skipped\n",
        report.methods.len(),
        report.mutant_count(),
        report.detected_count(),
        report.skipped.len()
    ));
    if let Some(outside) = report.outside_diff {
        out.push_str(&format!(
            "  only the methods the diff touches: {outside} other method(s) not mutated\n"
        ));
    }
    out.push_str(&format!(
        "  tested: {}  partially-tested: {}  pseudo-tested: {}  not-covered: {}\n",
        n(Classification::Tested),
        n(Classification::PartiallyTested),
        n(Classification::PseudoTested),
        n(Classification::NotCovered)
    ));
    let invocations: u64 = report
        .baseline
        .iter()
        .map(|t| u64::from(t.invocations))
        .sum();
    let jvms = if report.started_workers > report.workers {
        format!(
            "{} test JVM(s) ({} for mutants)",
            report.started_workers, report.workers
        )
    } else {
        format!("{} test JVM(s)", report.workers)
    };
    out.push_str(&format!(
        "{} tests ({invocations} green invocations; {} red, excluded), {jvms}, {} JVM start(s), \
         {} test(s) stopped past their budget, {:.1} s\n",
        report.tests_total,
        report.red_tests.len(),
        report.jvm_starts,
        report.stopped_tests,
        report.seconds
    ));
    for m in &report.methods {
        for o in &m.mutants {
            if let Some(d) = &o.diagnosis {
                let symptom = d.symptom.name();
                out.push_str(&format!(
                    "  {} → {}: {symptom}: {}\n",
                    java_signature(m),
                    o.operator,
                    d.suggestion
                ));
            }
        }
    }
    let phases: Vec<String> = report
        .phases
        .iter()
        .map(|(name, s)| format!("{name} {s:.1} s"))
        .collect();
    out.push_str(&format!("phases: {}\n", phases.join(", ")));
    let jvm = &report.test_jvm;
    out.push_str(&format!(
        "test JVMs: {} ({}), options: {}\n",
        jvm.java,
        jvm.version,
        if jvm.args.is_empty() {
            "none (the JVM's own ergonomics)".to_string()
        } else {
            format!(
                "{} (otherwise the JVM's own ergonomics)",
                jvm.args.join(" ")
            )
        }
    ));
    if jvm.seeded_random_sites > 0 {
        out.push_str(&format!(
            "random numbers: seeded per test ({} `new Random()` / `Math.random()` / \
             `Collections.shuffle` / `ThreadLocalRandom` site(s) in {} test class(es); \
             --unseeded-random draws them as the tests would)\n",
            jvm.seeded_random_sites, jvm.seeded_random_classes
        ));
    }
    for red in &report.red_tests {
        out.push_str(&format!(
            "red baseline test (excluded): {} ({})\n",
            red.name, red.reason
        ));
    }
    for problem in &report.problems {
        out.push_str(&format!("{problem}\n"));
    }
    for c in [
        Classification::PseudoTested,
        Classification::PartiallyTested,
    ] {
        for m in report.methods.iter().filter(|m| m.classification == c) {
            let undetected: Vec<&str> = m
                .mutants
                .iter()
                .filter(|o| !o.status.is_detected())
                .map(|o| o.operator.as_str())
                .collect();
            out.push_str(&format!(
                "{}: {} (line {}) survives {} ; covered by {}\n",
                c.as_str(),
                java_signature(m),
                m.method.line.unwrap_or(0),
                undetected.join(", "),
                m.tests.join(", ")
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_kinds_hold_nothing_that_varies() {
        assert_eq!(
            failure_kind("org.opentest4j.AssertionFailedError: expected: <7f34> but was: <>"),
            "org.opentest4j.AssertionFailedError"
        );
        assert_eq!(
            failure_kind("java.lang.NullPointerException"),
            "java.lang.NullPointerException"
        );
        assert_eq!(failure_kind("timed out after 685 ms"), "timed out");
        assert_eq!(
            failure_kind("the test JVM died: exit 1"),
            "the test JVM died"
        );
        assert_eq!(
            failure_kind("java.lang.AssertionError: x (it passed when run again)"),
            "java.lang.AssertionError (it passed when run again)"
        );
    }

    #[test]
    fn identity_hashes_are_blanked() {
        assert_eq!(
            without_identity_hashes(
                "org.opentest4j.AssertionFailedError: expected: <[B@4554617c> but was: <x.Foo$Bar@1b6d3586>"
            ),
            "org.opentest4j.AssertionFailedError: expected: <[B@…> but was: <x.Foo$Bar@…>"
        );
        // Regression (commons-cli OptionTest#testSerialization under getConverter -> null):
        // the lambda's counter and address differed between two runs.
        assert_eq!(
            without_identity_hashes(
                "expected: <org.apache.commons.cli.Converter$$Lambda$447/0x00007f50880dca28@3c0ecd4b> but was: <null>"
            ),
            "expected: <org.apache.commons.cli.Converter$$Lambda@…> but was: <null>"
        );
        assert_eq!(
            without_identity_hashes("<a.B$$Lambda/0x000071c3a8012345@1f>"),
            "<a.B$$Lambda@…>"
        );
        // Not an identity hash: no class name before it, or not hexadecimal.
        assert_eq!(
            without_identity_hashes("mail @dead and a@xyz"),
            "mail @dead and a@xyz"
        );
    }
}
