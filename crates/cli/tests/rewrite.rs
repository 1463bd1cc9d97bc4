//! `mimic rewrite` end to end on the bundled examples: rewritten programs print exactly
//! what the originals print under `-Xverify:all`; bad input is reported, not fatal.

use std::path::Path;
use std::process::Command;

mod common;

use common::{compile_dir, example_src, mimic};
use mimic_jvm::Jdk;

fn run_java(jdk: &Jdk, cp: &Path, main: &str) -> (String, String) {
    let out = Command::new(jdk.java())
        .args(["-Xverify:all", "-cp"])
        .arg(cp)
        .arg(main)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{main}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn rewritten_examples_behave_identically() {
    let jdk = mimic_test_support::jdk();
    for (name, main) in [
        ("reservations", "se.kth.castor.reservations.Main"),
        ("mockables", "se.kth.castor.mockables.Main"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let classes = dir.path().join("classes");
        compile_dir(&example_src(name), &classes);
        let out = dir.path().join("rewritten");
        let result = mimic()
            .arg("rewrite")
            .arg(&classes)
            .arg("-o")
            .arg(&out)
            .arg("--json")
            .output()
            .unwrap();
        assert_eq!(
            result.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&result.stdout).unwrap();
        assert!(report["methods_wrapped"].as_u64().unwrap() >= 5, "{report}");
        assert!(report["calls_bridged"].as_u64().unwrap() >= 5, "{report}");
        assert_eq!(report["failures"].as_array().unwrap().len(), 0);

        let (expected, _) = run_java(&jdk, &classes, main);
        let (actual, stderr) = run_java(&jdk, &out, main);
        assert_eq!(actual, expected, "{name}");
        assert!(stderr.contains("mimic-probe: enter="), "{stderr}");
    }
}

#[test]
fn a_corrupt_class_is_reported_and_copied_unchanged() {
    let jdk = mimic_test_support::jdk();
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    compile_dir(&example_src("mockables"), &classes);
    let broken = classes.join("se/kth/castor/mockables/Broken.class");
    std::fs::write(&broken, [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0]).unwrap();
    let out = dir.path().join("rewritten");
    let result = mimic()
        .arg("rewrite")
        .arg(&classes)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "se/kth/castor/mockables/Broken.class: left unchanged: at offset 8: truncated"
        ),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(out.join("se/kth/castor/mockables/Broken.class")).unwrap(),
        std::fs::read(&broken).unwrap()
    );
    // The rest was rewritten and still runs.
    let (actual, _) = run_java(&jdk, &out, "se.kth.castor.mockables.Main");
    assert!(!actual.is_empty());
}

#[test]
fn missing_input_is_a_usage_error() {
    let result = mimic()
        .args(["rewrite", "/no/such/dir", "-o", "/tmp/x"])
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(
        stderr.trim(),
        "mimic: /no/such/dir: no such jar or directory"
    );
}

/// Issue 13, item 8: `-o` naming the input (or a path inside it) is refused before
/// anything is written; the input stays as it was.
#[test]
fn rewriting_into_the_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    compile_dir(&example_src("mockables"), &classes);
    let main_class = classes.join("se/kth/castor/mockables/Main.class");
    let before = std::fs::read(&main_class).unwrap();
    for output in [classes.clone(), classes.join("."), classes.join("nested")] {
        let result = mimic()
            .arg("rewrite")
            .arg(&classes)
            .arg("-o")
            .arg(&output)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("inside the input"), "{stderr}");
    }
    assert_eq!(std::fs::read(&main_class).unwrap(), before);
    assert!(!classes.join("nested").exists());
}
