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
    let locations: Vec<String> = report
        .problems
        .iter()
        .map(|p| p.location.to_string())
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

/// A method whose code the dataflow engine rejects (here: `pop` on an empty stack) is a
/// problem of that method, naming the offset; the class's other methods are analysed.
#[test]
fn malformed_code_is_a_problem_of_its_method() {
    use mimic_classfile::{ClassFile, CodeAttribute};
    let code = |bytes: &[u8]| CodeAttribute {
        max_stack: 2,
        max_locals: 1,
        code: bytes.to_vec(),
        exception_table: Vec::new(),
        attributes: Vec::new(),
    };
    let mut class = ClassFile::new("fx/BrokenTest", "java/lang/Object", 0x21, 52).unwrap();
    // nop; pop; return
    let broken = class
        .new_method(0x0001, "broken", "()V", Some(&code(&[0x00, 0x57, 0xb1])))
        .unwrap();
    // return
    let fine = class
        .new_method(0x0001, "fine", "()V", Some(&code(&[0xb1])))
        .unwrap();
    class.methods.extend([broken, fine]);
    let good_path = common::fixtures().tests.join("fx/MockitoLocalsTest.class");
    let program = program_from_bytes(
        &[
            ("broken.class".into(), class.to_bytes().unwrap()),
            ("good.class".into(), std::fs::read(good_path).unwrap()),
        ],
        &[],
    );
    let report = analyse(&program, &Options::default());
    let problems: Vec<(String, &str)> = report
        .problems
        .iter()
        .map(|p| (p.location.to_string(), p.message.as_str()))
        .collect();
    assert_eq!(
        problems,
        [(
            "fx.BrokenTest.broken()V".to_string(),
            "operand stack underflow at offset 1"
        )]
    );
    assert!(report
        .mock_invocations
        .iter()
        .any(|m| m.method == "mockLocal"));
}
