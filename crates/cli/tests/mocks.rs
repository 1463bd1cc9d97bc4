//! `mimic mocks` run as the built binary on hand-written test classes (the mocks crate's
//! fixtures) compiled with javac against the real JUnit 5 and Mockito jars.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use mimic_jvm::pinned;
use mimic_test_support::{compile_for_analysis, fetched};

struct Compiled {
    tests: PathBuf,
    prod: PathBuf,
}

/// Three of the mocks crate's fixture test classes and the production code they use.
fn compiled() -> &'static Compiled {
    static C: OnceLock<Compiled> = OnceLock::new();
    C.get_or_init(|| {
        let libs = fetched(&pinned::test_runtime());
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../mocks/tests/fixtures");
        let prod = compile_for_analysis(
            &mimic_jvm::java_sources_under(fixtures.join("prod")),
            &[],
            "mimic-cli-mocks-prod-",
        );
        let sources: Vec<PathBuf> = ["MockitoLocalsTest", "LambdaTest", "InterprocTest"]
            .iter()
            .map(|n| fixtures.join(format!("tests/fx/{n}.java")))
            .collect();
        let mut cp = vec![prod.clone()];
        cp.extend(libs);
        let tests = compile_for_analysis(&sources, &cp, "mimic-cli-mocks-tests-");
        Compiled { tests, prod }
    })
}

fn mimic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(args)
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = mimic(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap()
}

#[test]
fn json_lists_calls_on_mocks_with_offsets_and_via() {
    let c = compiled();
    let tests = c.tests.display().to_string();
    let prod = c.prod.display().to_string();
    let report = json(&["mocks", "--json", "--classpath", &prod, &tests]);
    let calls = report["mock_invocations"].as_array().unwrap();
    let verify: Vec<_> = calls
        .iter()
        .filter(|m| m["method"] == "verifyAndWhen")
        .collect();
    assert_eq!(verify.len(), 4, "{verify:?}");
    for m in calls {
        for key in [
            "class",
            "method",
            "descriptor",
            "offset",
            "line",
            "callee",
            "via",
        ] {
            assert!(!m[key].is_null(), "{key} missing in {m}");
        }
    }
    let helper = calls
        .iter()
        .find(|m| m["method"] == "helperReturnsMock")
        .expect("a mock returned by a helper");
    assert_eq!(helper["class"], "fx.InterprocTest");
    assert_eq!(helper["callee"], "fx.prod.Service.run()V");
    assert_eq!(
        helper["via"],
        "returned by InterprocTest.makeMock ← Mockito.mock"
    );
    assert!(calls.iter().all(|m| m["method"] != "realLocal"));
    let summary = &report["summary"];
    assert_eq!(summary["interprocedural"], true);
    assert_eq!(summary["test_classes"], 3);
    assert!(summary["mock_invocations"].as_u64().unwrap() >= 15);
    let methods = report["methods"].as_array().unwrap();
    let consume = methods
        .iter()
        .find(|m| m["method"] == "neverIntoProduction")
        .unwrap();
    assert_eq!(consume["role"], "test");
    assert!(consume["focal_candidates"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["callee"] == "fx.prod.Consumer.consume()V"));

    let intra = json(&[
        "mocks",
        "--json",
        "--intraprocedural",
        "--classpath",
        &prod,
        &tests,
    ]);
    assert!(intra["summary"]["mock_invocations"].as_u64() < summary["mock_invocations"].as_u64());
}

#[test]
fn human_output_groups_by_class_and_method() {
    let c = compiled();
    let out = mimic(&["mocks", &c.tests.display().to_string()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("3 classes"), "{text}");
    assert!(text.contains("\nfx.MockitoLocalsTest\n"), "{text}");
    assert!(text.contains("  castAndCopy()V [test]"), "{text}");
    assert!(text.contains("creates Mockito.mock"), "{text}");
    assert!(
        text.contains("mock call fx.prod.Service.run()V  (via Mockito.mock)"),
        "{text}"
    );
    assert!(text.contains("method reference on mock"), "{text}");
}

#[test]
fn bad_input_is_a_usage_error() {
    let out = mimic(&["mocks", "/nonexistent/tests.jar"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/tests.jar"));

    let dir = tempfile::tempdir().unwrap();
    let jar = dir.path().join("broken.jar");
    std::fs::write(&jar, b"not a zip").unwrap();
    let out = mimic(&["mocks", &jar.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a readable jar"));

    let config = dir.path().join("bad.json");
    std::fs::write(&config, "{").unwrap();
    let c = compiled();
    let out = mimic(&[
        "mocks",
        "--config",
        &config.display().to_string(),
        &c.tests.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn config_adds_mock_sources() {
    let c = compiled();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("apis.json");
    // Treat the test's own helper as a mock source.
    std::fs::write(
        &config,
        r#"{"sources":[{"owner":"fx/InterprocTest","names":["makeReal"]}]}"#,
    )
    .unwrap();
    let report = json(&[
        "mocks",
        "--json",
        "--intraprocedural",
        "--config",
        &config.display().to_string(),
        &c.tests.display().to_string(),
    ]);
    assert!(report["mock_invocations"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["method"] == "helperReturnsMock" && m["via"] == "InterprocTest.makeReal"));
}
