//! `mimic verify` on a suite that misbehaves (examples/poller, issue 14): a test that
//! loops for ever is classified `timeout`, a test that calls `System.exit` and one that
//! exhausts the heap are named as having taken their JVM down, and every other test gets
//! exactly the verdict it gets in a suite without them; relative paths resolve from
//! `--test-dir`.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{example_src, mimic};

fn poller() -> PathBuf {
    example_src("poller").parent().unwrap().to_path_buf()
}

/// Run `mimic verify --json` on `tests`; the verdict of each test by `Class.method`.
fn verify(
    tests: &Path,
    app: &Path,
    work: &Path,
    extra: &[&str],
    cwd: &Path,
) -> (BTreeMap<String, String>, serde_json::Value, String) {
    let out = mimic()
        .current_dir(cwd)
        .args(["verify", "--runs", "2", "--test-timeout", "3", "--json"])
        .arg("--jvm-arg=-Xmx128m")
        .arg("--tests")
        .arg(tests)
        .arg("-c")
        .arg(app)
        .arg("--work")
        .arg(work)
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(matches!(out.status.code(), Some(0) | Some(1)), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let verdicts = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                format!(
                    "{}.{}",
                    t["class"]
                        .as_str()
                        .unwrap()
                        .trim_start_matches("demo.poller."),
                    t["method"].as_str().unwrap()
                ),
                t["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (verdicts, report, stderr)
}

#[test]
fn loops_exits_and_exhausted_heaps_are_named_and_harm_no_other_test() {
    let dir = tempfile::tempdir().unwrap();
    let app = dir.path().join("app");
    common::compile_dir(&example_src("poller"), &app);
    let hostile = poller().join("hostile-tests");

    let (verdicts, report, stderr) = verify(
        &hostile,
        &app,
        &dir.path().join("work"),
        &["--test-dir", poller().to_str().unwrap()],
        dir.path(),
    );
    let expected: BTreeMap<String, String> = [
        ("PollerTest.readsWhenReady", "successfully_mimics"),
        ("PollerTest.waitsForever", "timeout"),
        ("PollerTest.readsAgain", "successfully_mimics"),
        ("PollerTest.nothingLeftRunning", "successfully_mimics"),
        ("ExitTest.readsWithoutExiting", "successfully_mimics"),
        ("ExitTest.exits", "jvm_died"),
        ("ExitTest.assertsWrongly", "incompletely_mimics"),
        ("MemoryTest.exhaustsTheHeap", "jvm_died"),
        ("MemoryTest.totals", "successfully_mimics"),
        ("ResourceTest.readsByRelativePath", "successfully_mimics"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    assert_eq!(verdicts, expected, "{stderr}");
    // Each is named with why.
    let failure = |name: &str| {
        report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["method"] == name)
            .unwrap()["failure"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(failure("waitsForever").contains("timed out"), "{report:#}");
    assert!(failure("exits").contains("status 1"), "{report:#}");
    assert!(
        failure("exhaustsTheHeap").contains("OutOfMemoryError"),
        "{report:#}"
    );
    assert_eq!(report["summary"]["timeouts"], 1);
    assert_eq!(report["summary"]["jvm_died"], 2);
    // The flags used are in the report; progress went to stderr.
    let flags = report["jvm_args"].as_array().unwrap();
    assert!(flags.iter().any(|f| f == "-Xmx128m"), "{report:#}");
    assert!(stderr.contains("run 2/2"), "{stderr}");
    assert!(
        stderr.contains("running each test class in its own JVM"),
        "{stderr}"
    );

    // The same well-behaved tests alone, from another directory with --test-dir: the
    // same verdicts.
    let calm = dir.path().join("calm/demo/poller");
    std::fs::create_dir_all(&calm).unwrap();
    for (file, drop) in [
        ("PollerTest.java", "waitsForever"),
        ("ExitTest.java", "exits"),
        ("MemoryTest.java", "exhaustsTheHeap"),
        ("ResourceTest.java", "-"),
    ] {
        let text = std::fs::read_to_string(hostile.join("demo/poller").join(file)).unwrap();
        std::fs::write(calm.join(file), without_test(&text, drop)).unwrap();
    }
    let (calm_verdicts, _, stderr) = verify(
        &dir.path().join("calm"),
        &app,
        &dir.path().join("work-calm"),
        &["--test-dir", poller().to_str().unwrap()],
        &app,
    );
    let mut expected_calm = expected.clone();
    expected_calm.retain(|k, _| {
        ![
            "PollerTest.waitsForever",
            "ExitTest.exits",
            "MemoryTest.exhaustsTheHeap",
        ]
        .contains(&k.as_str())
    });
    assert_eq!(calm_verdicts, expected_calm, "{stderr}");
    assert!(!stderr.contains("its own JVM"), "{stderr}");

    // The same, leaving the hostile tests out with --exclude-tests (by method) and
    // --include-tests (by class) instead of editing the sources.
    let (excluded_verdicts, _, stderr) = verify(
        &hostile,
        &app,
        &dir.path().join("work-excluded"),
        &[
            "--test-dir",
            poller().to_str().unwrap(),
            "--include-tests",
            "demo.poller.*Test",
            "--exclude-tests",
            "*#waitsForever",
            "--exclude-tests",
            "*Test#exits",
            "--exclude-tests",
            "demo.poller.MemoryTest#exhausts*",
        ],
        dir.path(),
    );
    assert_eq!(excluded_verdicts, expected_calm, "{stderr}");
    assert!(stderr.contains("3 test(s) left out"), "{stderr}");
    assert!(!stderr.contains("its own JVM"), "{stderr}");
}

/// `source` without the `@Test` method named `name`.
fn without_test(source: &str, name: &str) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let Some(header) = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("void {name}(")))
    else {
        return source.to_string();
    };
    // With its annotations (`@Test`, `@Order(…)`).
    let start = (0..header)
        .rev()
        .take_while(|&i| lines[i].trim_start().starts_with('@'))
        .last()
        .unwrap_or(header);
    let end = (header..lines.len())
        .find(|&i| lines[i] == "    }")
        .unwrap();
    let mut kept: Vec<&str> = lines[..start].to_vec();
    kept.extend(&lines[end + 1..]);
    kept.join("\n") + "\n"
}

/// Relative `-c` and `--work` paths are the user's, from where mimic runs, even when the
/// test JVMs run in another directory (`--test-dir`).
#[test]
fn relative_paths_hold_when_the_tests_run_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    common::compile_dir(&example_src("poller"), &dir.path().join("app"));
    let calm = dir.path().join("calm/demo/poller");
    std::fs::create_dir_all(&calm).unwrap();
    let hostile = poller().join("hostile-tests/demo/poller");
    for file in ["ResourceTest.java", "MemoryTest.java"] {
        let text = std::fs::read_to_string(hostile.join(file)).unwrap();
        std::fs::write(calm.join(file), without_test(&text, "exhaustsTheHeap")).unwrap();
    }
    let out = mimic()
        .current_dir(dir.path())
        .args([
            "verify", "--runs", "1", "--json", "--tests", "calm", "-c", "app",
        ])
        .args(["--work", "work", "--test-dir"])
        .arg(poller())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["summary"]["successfully_mimic"], 2, "{report:#}");
}
