//! Bad input never stops the analysis: unreadable classes and inputs are reported with
//! where they came from, and everything else is still analysed.

mod common;

use mimic_mocks::program::program_from_bytes;
use mimic_mocks::{analyse, analyse_paths, Options};

#[test]
fn malformed_classes_are_reported_and_skipped() {
    let good_path = common::fixtures().tests.join("fx/MockitoLocalsTest.class");
    let good = std::fs::read(&good_path).unwrap();
    let mut truncated = good.clone();
    truncated.truncate(good.len() / 2);
    let program = program_from_bytes(
        &[
            ("garbage.class".into(), b"not a class".to_vec()),
            ("truncated.class".into(), truncated),
            ("good.class".into(), good),
        ],
        &[],
    );
    let report = analyse(&program, &Options::default());
    let locations: Vec<&str> = report
        .problems
        .iter()
        .map(|p| p.location.as_str())
        .collect();
    assert_eq!(locations, ["garbage.class", "truncated.class"]);
    assert!(report
        .mock_invocations
        .iter()
        .any(|m| m.method == "mockLocal"));
}

#[test]
fn unreadable_inputs_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let jar = dir.path().join("broken.jar");
    std::fs::write(&jar, b"not a zip").unwrap();
    let report = analyse_paths(&[jar, dir.path().join("missing")], &[], &Options::default());
    assert_eq!(report.problems.len(), 2, "{:?}", report.problems);
    assert!(report.problems[0].message.contains("not a readable jar"));
    assert_eq!(report.summary.classes, 0);
}
