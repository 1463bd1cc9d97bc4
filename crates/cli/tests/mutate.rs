//! `mimic mutate` end to end on `examples/versioned-set` (Reneri's VersionedSet with a
//! JUnit 5 suite, a JUnit 4 test class and a red test): every method's classification,
//! the stop methods, the red baseline test, and the three outputs.

use std::path::{Path, PathBuf};
use std::process::Command;

use mimic_jvm::{compile, java_sources_under, ArtifactCache, CompileOptions, Jdk, JunitRuntime};
use mimic_test_support::files_under;
use serde_json::Value;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compile the example and its tests (plus the red test) into `dir`.
/// The VersionedSet example with its tests plus the test fixtures under `fixtures`
/// (directories of `tests/fixtures/`).
fn build_example(dir: &Path) -> (PathBuf, PathBuf, Vec<PathBuf>) {
    build_example_with(dir, &["mutate-red"])
}

fn build_example_with(dir: &Path, fixtures: &[&str]) -> (PathBuf, PathBuf, Vec<PathBuf>) {
    let jdk = Jdk::locate().expect("a JDK 17+");
    let cache = ArtifactCache::default_location();
    let runtime =
        JunitRuntime::fetch(&cache, &mimic_jvm::Maven::locate().unwrap()).expect("JUnit runtime");
    let junit4 = mimic_mutate::run::cached_or_fetched(&cache, mimic_jvm::pinned::JUNIT4_RUNTIME)
        .expect("JUnit 4");
    let example = repo_root().join("examples/versioned-set");
    let classes = dir.join("classes");
    let tests = dir.join("test-classes");
    let fixture_dir = |f: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(f)
    };
    // A fixture's `app/` sources join the application; the rest are tests.
    let mut app_sources = java_sources_under(example.join("src"));
    for fixture in fixtures {
        app_sources.extend(java_sources_under(fixture_dir(fixture).join("app")));
    }
    compile(
        &jdk,
        &app_sources,
        &[],
        &classes,
        &CompileOptions::default(),
    )
    .unwrap();
    let mut sources = java_sources_under(example.join("test"));
    for fixture in fixtures {
        sources.extend(
            java_sources_under(fixture_dir(fixture))
                .into_iter()
                .filter(|s| !s.starts_with(fixture_dir(fixture).join("app"))),
        );
    }
    let mut cp = vec![classes.clone(), runtime.jupiter_api.clone()];
    cp.extend(runtime.test_classpath());
    cp.extend(junit4.iter().cloned());
    // With local variable names, as Maven compiles (`-g`).
    let debug = CompileOptions {
        extra_args: vec!["-g".into()],
        ..CompileOptions::default()
    };
    compile(&jdk, &sources, &cp, &tests, &debug).unwrap();
    (classes, tests, junit4)
}

/// `mimic mutate` over a built example (classes, tests, JUnit 4 jars) with `extra` flags.
fn mutate(
    (classes, tests, junit4): (&Path, &Path, &[PathBuf]),
    extra: &[&std::ffi::OsStr],
) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mimic"))
        .arg("mutate")
        .arg("--classes")
        .arg(classes)
        .arg("--tests")
        .arg(tests)
        .arg("--classpath")
        .arg(std::env::join_paths(junit4).unwrap())
        .args(extra)
        .output()
        .unwrap()
}

/// A command's `--json` report from its stdout; a panic with its stderr when it is not one.
fn json_of(output: &std::process::Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)))
}

fn method<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == name)
        .unwrap_or_else(|| panic!("no method {name} in {report:#}"))
}

fn strings(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn classifies_every_versioned_set_method() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example(dir.path());
    let methods_json = dir.path().join("methods.json");
    let html = dir.path().join("html");
    let output = mutate(
        (&classes, &tests, &junit4),
        &[
            "--json".as_ref(),
            "--timeout-const-ms".as_ref(),
            "1500".as_ref(),
            "-o".as_ref(),
            methods_json.as_os_str(),
            "--html".as_ref(),
            html.as_os_str(),
            "--sources".as_ref(),
            repo_root().join("examples/versioned-set/src").as_os_str(),
        ],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    // Piped, progress is a line per phase, and the run ends with a one-line summary.
    for phase in ["] prepare: ", "] start: ", "] baseline: ", "] mutants: "] {
        assert!(stderr.contains(phase), "{phase}: {stderr}");
    }
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("mutate [")
            && last.contains(" methods: ")
            && last.contains("mutants detected"),
        "{stderr}"
    );

    let expected = [
        ("add", "tested"),
        ("incrementVersion", "pseudo-tested"),
        ("isEmpty", "pseudo-tested"),
        ("equals", "partially-tested"),
        ("intersect", "tested"),
        ("clear", "tested"),
        ("union", "not-covered"),
        ("addRange", "tested"),
        ("next", "tested"),
    ];
    assert_eq!(
        report["methods"].as_array().unwrap().len(),
        expected.len(),
        "{report:#}"
    );
    for (name, classification) in expected {
        assert_eq!(
            method(&report, name)["classification"],
            classification,
            "{name}: {report:#}"
        );
    }
    // The paper's seven transformations, and which of them the tests detect.
    assert_eq!(strings(&method(&report, "equals")["detected"]), ["false"]);
    assert_eq!(
        strings(&method(&report, "equals")["not-detected"]),
        ["true"]
    );
    assert_eq!(
        strings(&method(&report, "isEmpty")["not-detected"]),
        ["false", "true"]
    );
    assert_eq!(strings(&method(&report, "intersect")["detected"]), ["null"]);
    assert_eq!(strings(&method(&report, "add")["detected"]), ["void"]);
    // Both mutants of next() loop forever: detected by timeout, after the time the test
    // really ran (its budget: at least the 1500 ms constant).
    for m in method(&report, "next")["mutations"].as_array().unwrap() {
        assert_eq!(m["status"], "TIMED_OUT", "{m}");
        assert!(m["millis"].as_f64().unwrap() >= 1000.0, "{m}");
        let failure = m["killing-failures"][0].as_str().unwrap();
        assert!(failure.starts_with("timed out after "), "{m}");
    }
    // Every detected mutant names the test that detected it and how; the others none.
    for method in report["methods"].as_array().unwrap() {
        for m in method["mutations"].as_array().unwrap() {
            let detected =
                ["KILLED", "TIMED_OUT", "RUN_ERROR"].contains(&m["status"].as_str().unwrap());
            let killers = m["killing-tests"].as_array().unwrap();
            let failures = m["killing-failures"].as_array().unwrap();
            assert_eq!(killers.len(), usize::from(detected), "{m}");
            assert_eq!(failures.len(), usize::from(detected), "{m}");
        }
    }
    let add = &method(&report, "add")["mutations"][0];
    assert_eq!(add["status"], "KILLED");
    assert!(
        add["killing-failures"][0]
            .as_str()
            .unwrap()
            .starts_with("org.opentest4j.AssertionFailedError: "),
        "{add}"
    );
    // ...and the looping test is stopped and its JVM goes on, on every JDK (Java 20+
    // through the JVMTI agent `libmimic_stopper.so`, as `Thread.stop` no longer can): no
    // JVM is started beyond the test JVMs themselves.
    assert_eq!(
        report["summary"]["jvm-starts"], report["summary"]["started-workers"],
        "{:#}",
        report["summary"]
    );
    // Only the JUnit 4 test reaches clear().
    assert_eq!(
        strings(&method(&report, "clear")["tests"]),
        ["se.kth.castor.versionedset.VersionedSetLegacyTest#clearEmptiesTheSet()"]
    );
    // Coverage selects tests: isEmpty is reached by testIntersection alone.
    assert_eq!(
        strings(&method(&report, "isEmpty")["tests"]),
        ["se.kth.castor.versionedset.VersionedSetTest#testIntersection()"]
    );
    // The red test is reported, and its coverage of union() does not count.
    let red = report["red-tests"].as_array().unwrap();
    assert_eq!(red.len(), 1, "{red:?}");
    assert!(red[0]["name"]
        .as_str()
        .unwrap()
        .contains("unionIsMisunderstood"));
    // ...with the first line of its failure.
    assert_eq!(
        red[0]["reason"], "failed: org.opentest4j.AssertionFailedError: expected: <3> but was: <2>",
        "{red:?}"
    );
    assert_eq!(
        strings(&method(&report, "union")["tests"]),
        Vec::<String>::new()
    );
    // Stop methods: the paper's three, plus hashCode and toString.
    let skipped: Vec<(String, String)> = report["skipped-methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert_eq!(s["severity"], "skipped", "{s}");
            assert_eq!(
                s["location"]["class"], "se.kth.castor.versionedset.VersionedSet",
                "{s}"
            );
            let method = s["location"]["method"].as_str().unwrap();
            (
                method[..method.find('(').unwrap()].into(),
                s["message"].as_str().unwrap().into(),
            )
        })
        .collect();
    for (name, reason) in [
        ("getVersion", "stop method: getter"),
        ("size", "stop method: delegate"),
        ("contains", "stop method: delegate"),
        ("hashCode", "stop method: hash_code"),
        ("toString", "stop method: to_string"),
    ] {
        assert!(
            skipped.contains(&(name.to_string(), reason.to_string())),
            "{name} {reason}: {skipped:?}"
        );
    }
    assert_eq!(report["summary"]["tests"], 6);
    // The test JVMs run with the JVM's own ergonomics, and the report says so.
    let jvm = &report["summary"]["test-jvm"];
    assert!(jvm["version"].as_str().unwrap().len() > 1, "{jvm}");
    for forced in ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"] {
        assert!(
            !strings(&jvm["args"]).contains(&forced.to_string()),
            "{jvm}"
        );
    }
    // Hot exceptions keep their messages, so failure lines do not depend on the JIT.
    assert!(
        strings(&jvm["args"]).contains(&"-XX:-OmitStackTraceInFastThrow".to_string()),
        "{jvm}"
    );

    // methods.json: Descartes' fields.
    let descartes: Value =
        serde_json::from_str(&std::fs::read_to_string(&methods_json).unwrap()).unwrap();
    let inc = method(&descartes, "incrementVersion");
    assert_eq!(inc["class"], "VersionedSet");
    assert_eq!(inc["package"], "se/kth/castor/versionedset");
    assert_eq!(inc["description"], "()V");
    assert_eq!(inc["file-name"], "VersionedSet.java");
    assert!(inc["line-number"].as_u64().unwrap() > 0);
    assert!(descartes["analysis"]["mutators"].as_array().unwrap().len() > 10);
    assert!(descartes.get("red-tests").is_none());
    // methods.json names each killed mutant's test and the first line of its failure
    // (a timeout without its time); times and counts, which differ between runs that
    // reach the same verdicts, are in --json only.
    let add = &method(&descartes, "add")["mutations"][0];
    assert_eq!(add["status"], "KILLED");
    assert_eq!(
        strings(&add["killing-tests"]),
        ["se.kth.castor.versionedset.VersionedSetTest#testAdd()"]
    );
    assert_eq!(
        strings(&add["killing-failures"]),
        ["org.opentest4j.AssertionFailedError: expected: <1> but was: <0>"]
    );
    assert!(add.get("millis").is_none() && add.get("tests-run").is_none());
    for m in method(&descartes, "next")["mutations"].as_array().unwrap() {
        assert_eq!(strings(&m["killing-failures"]), ["timed out"], "{m}");
    }
    assert_eq!(
        strings(&method(&report, "add")["mutations"][0]["killing-failure-kinds"]),
        ["org.opentest4j.AssertionFailedError"]
    );
    assert!(descartes["analysis"].get("time").is_none());

    // The HTML page lists pseudo- and partially-tested methods first, then every method
    // (tested ones too, with the test that detected each transformation), filterable.
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    let (weak, all) = page.split_once("<h2>All methods</h2>").unwrap();
    assert!(weak.contains("VersionedSet.incrementVersion"), "{page}");
    assert!(weak.contains("VersionedSet.equals"), "{page}");
    assert!(!weak.contains("VersionedSet.intersect"), "{page}");
    assert!(
        weak.contains("VersionedSetTest#testIntersection()"),
        "{page}"
    );
    assert!(
        all.contains("<tr class=\"m tested\"><td>tested</td><td><code>VersionedSet se.kth.castor.versionedset.VersionedSet.intersect(VersionedSet)</code>"),
        "{all}"
    );
    assert!(
        all.contains("<code>null</code> KILLED by <code>se.kth.castor.versionedset.VersionedSetTest#testIntersection()</code>"),
        "{all}"
    );
    assert!(all.contains("id=\"all-pseudo\""), "{all}");
    // With --sources: each method links to its line on its source file's page, where
    // the method's lines are shaded by classification and annotated.
    assert!(
        all.contains("<a href=\"src/se/kth/castor/versionedset/VersionedSet.html#L22\">VersionedSet.java:22</a>"),
        "{all}"
    );
    let source =
        std::fs::read_to_string(html.join("src/se/kth/castor/versionedset/VersionedSet.html"))
            .unwrap();
    assert!(
        source.contains("<tr id=\"L22\" class=\"pseudo-tested\">"),
        "{source}"
    );
    assert!(
        source.contains("<b>pseudo-tested</b>: <code>void</code> SURVIVED"),
        "{source}"
    );
    assert!(source.contains("public class VersionedSet"), "{source}");
}

/// Fields `a` and `b` of each object of the array `items`, as strings.
fn pairs(items: &Value, a: &str, b: &str) -> Vec<(String, String)> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m[a].as_str().unwrap().to_string(),
                m[b].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Classifications per method name, from `--json` output.
fn classifications(report: &Value) -> Vec<(String, String)> {
    let mut out = pairs(&report["methods"], "name", "classification");
    out.sort();
    out
}

#[test]
fn one_mutant_per_launch_classifies_as_many_per_launch() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example(dir.path());
    let run = |per_launch: &str| -> Value {
        let output = mutate(
            (&classes, &tests, &junit4),
            &[
                "--json".as_ref(),
                "--workers".as_ref(),
                "1".as_ref(),
                "--mutants-per-launch".as_ref(),
                per_launch.as_ref(),
            ],
        );
        assert_eq!(
            output.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_str(&String::from_utf8_lossy(&output.stdout)).unwrap()
    };
    let alone = run("1");
    let shared = run("32");
    assert_eq!(classifications(&alone), classifications(&shared));
    assert_eq!(classifications(&alone).len(), 9);
    // Same statuses mutant by mutant, too.
    for m in ["equals", "isEmpty", "next", "add"] {
        let statuses = |r: &Value| -> Vec<String> {
            method(r, m)["mutations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x["status"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(statuses(&alone), statuses(&shared), "{m}");
    }
}

#[test]
fn a_method_reached_only_in_class_set_up_is_mutated_for_the_set_up() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-setup"]);
    let (report, _) = on_one_jvm((&classes, &tests, &junit4), &[], &[]);
    // union() runs only in VersionedSetSetupTest's @BeforeAll: its null mutant breaks the
    // set-up, so the class's test fails.
    let union = method(&report, "union");
    assert_eq!(
        strings(&union["tests"]),
        ["se.kth.castor.versionedset.VersionedSetSetupTest#unionHoldsBoth()"]
    );
    assert_eq!(union["classification"], "tested", "{union:#}");
}

#[test]
fn a_missing_input_is_a_usage_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args([
            "mutate",
            "--classes",
            "/nonexistent/classes",
            "--tests",
            "/nonexistent/tests",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not exist"));
}

/// Issue 14: an `OutOfMemoryError` that escapes the test engine poisons the JVM. The test
/// that threw it is red with the reason, the test after it still runs (in a fresh JVM)
/// with its coverage, and every method keeps the classification it has without it.
#[test]
fn a_test_that_poisons_its_jvm_is_red_and_the_next_one_still_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-red", "mutate-poison"]);
    // A bounded heap, so the 16 GB array fails on any machine.
    let output = mutate(
        (&classes, &tests, &junit4),
        &[
            "--json".as_ref(),
            "--workers".as_ref(),
            "1".as_ref(),
            "--jvm-arg=-Xmx256m".as_ref(),
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report: Value = json_of(&output);
    let poison = "se.kth.castor.versionedset.VersionedSetPoisonTest";
    let red = report["red-tests"].as_array().unwrap();
    let heap = red
        .iter()
        .find(|t| t["name"] == format!("{poison}#aExhaustsTheHeap()"))
        .unwrap_or_else(|| panic!("not red: {report:#}"));
    assert!(
        heap["reason"].as_str().unwrap().starts_with("crashed"),
        "{heap:#}"
    );
    assert!(
        strings(&method(&report, "isEmpty")["tests"])
            .contains(&format!("{poison}#bTouchesIsEmpty()")),
        "{report:#}"
    );
    let expected = [
        ("add", "tested"),
        ("addRange", "tested"),
        ("clear", "tested"),
        ("equals", "partially-tested"),
        ("incrementVersion", "pseudo-tested"),
        ("intersect", "tested"),
        ("isEmpty", "pseudo-tested"),
        ("next", "tested"),
        ("union", "not-covered"),
    ]
    .map(|(a, b)| (a.to_string(), b.to_string()));
    assert_eq!(classifications(&report), expected, "{stderr}");
}

/// Issue 14 (found on PDFBox's generated tests): a failure caused by a `ThreadDeath` the
/// watchdog never threw is no stop. In a JVM that never stopped a thread it is the test's
/// own failure and detects the mutant; in one that did, it is an earlier stop kept in
/// static state (Mockito's mock maker caching the start a stop cut short), and the JVM,
/// poisoned, is replaced before its tests run again. Such tests were counted "not run",
/// retried, then passing: 167 of 170 PDFBox mutants survived that way.
#[test]
fn a_failure_caused_by_a_thread_death_no_stop_threw_detects_the_mutant() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-threaddeath"]);
    let (report, _) = on_one_jvm((&classes, &tests, &junit4), &[], &[]);
    let is_empty = method(&report, "isEmpty");
    assert_eq!(is_empty["classification"], "tested", "{is_empty:#}");
    let test =
        "se.kth.castor.versionedset.VersionedSetThreadDeathTest#isEmptyOnlyBeforeTheFirstAdd()";
    for m in is_empty["mutations"].as_array().unwrap() {
        assert_eq!(m["status"], "KILLED", "{is_empty:#}");
        assert_eq!(m["killing-tests"][0], test, "{is_empty:#}");
        assert!(
            m["killing-failures"][0]
                .as_str()
                .unwrap()
                .starts_with("java.lang.IllegalStateException"),
            "{is_empty:#}"
        );
    }
}

/// Issue 19 item 5: `--quiet` silences the progress (phase lines, the one-line summary
/// on stderr); the report still prints.
#[test]
fn quiet_leaves_only_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example(dir.path());
    let output = mutate(
        (&classes, &tests, &junit4),
        &["--quiet".as_ref(), "--workers".as_ref(), "1".as_ref()],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!stderr.contains("mutate ["), "{stderr}");
    assert!(stdout.contains("methods mutated"), "{stdout}");
}

/// Issue 14: test JVMs run where `--test-dir` says, so a test reading a file by a
/// relative path is green there (and red from elsewhere, as it would be under Maven).
#[test]
fn tests_run_in_the_test_directory() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-resources"]);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mutate-resources");
    let run = |test_dir: Option<&Path>| -> Value {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mimic"));
        command
            .current_dir(dir.path())
            .args(["mutate", "--json", "--workers", "1", "--classes"])
            .arg(&classes)
            .arg("--tests")
            .arg(&tests)
            .arg("--classpath")
            .arg(std::env::join_paths(&junit4).unwrap());
        if let Some(d) = test_dir {
            command.arg("--test-dir").arg(d);
        }
        let output = command.output().unwrap();
        json_of(&output)
    };
    let red_names = |r: &Value| -> Vec<String> {
        r["red-tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let there = run(Some(&fixture));
    assert!(red_names(&there).is_empty(), "{there:#}");
    assert!(
        strings(&method(&there, "add")["tests"])
            .iter()
            .any(|t| t.contains("VersionedSetResourceTest")),
        "{there:#}"
    );
    let elsewhere = run(None);
    assert_eq!(
        red_names(&elsewhere),
        ["se.kth.castor.versionedset.VersionedSetResourceTest#addsWhatTheFileLists()"]
    );
}

/// Issue 14: a kill that does not repeat when the killing test runs against the mutant
/// again is reported `UNSTABLE` (with both facts), never picked as killed or survived.
#[test]
fn a_kill_that_does_not_repeat_is_unstable() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-flaky"]);
    let test_dir = dir.path().join("run");
    std::fs::create_dir_all(&test_dir).unwrap();
    let output = mutate(
        (&classes, &tests, &junit4),
        &[
            "--json".as_ref(),
            "--timeout-const-ms".as_ref(),
            "1500".as_ref(),
            "--test-dir".as_ref(),
            test_dir.as_os_str(),
        ],
    );
    let report: Value = json_of(&output);
    let is_empty = method(&report, "isEmpty");
    let mutation = |op: &str| {
        is_empty["mutations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["mutator"] == op)
            .unwrap_or_else(|| panic!("no {op}: {is_empty:#}"))
            .clone()
    };
    let wrong = mutation("true");
    assert_eq!(wrong["status"], "UNSTABLE", "{is_empty:#}");
    assert_eq!(
        strings(&wrong["killing-tests"]),
        ["se.kth.castor.versionedset.VersionedSetFlakyTest#noticesEveryOtherTime()"]
    );
    assert_eq!(
        strings(&wrong["killing-failures"]),
        ["org.opentest4j.AssertionFailedError: a set holding 1 says it is empty (it passed when run again)"]
    );
    // Twice: the first failure, and the run that did not repeat it.
    let seen = std::fs::read_to_string(test_dir.join("wrong-answers.txt")).unwrap();
    assert_eq!(seen.trim(), "2");
    // Not detected reliably: it counts as not detected.
    assert_eq!(is_empty["classification"], "pseudo-tested", "{is_empty:#}");
    assert_eq!(mutation("false")["status"], "SURVIVED");
}

/// Issue 14: `--exclude-tests` leaves a test out (it is neither run nor red), and naming
/// the same `--classes` / `--tests` directory twice gives the same report as once.
#[test]
fn excluded_tests_do_not_run_and_duplicate_inputs_count_once() {
    use std::ffi::OsString;
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example(dir.path());
    let run = |extra: &[OsString]| -> Value {
        let extra: Vec<&std::ffi::OsStr> = extra.iter().map(|a| a.as_os_str()).collect();
        let output = mutate((&classes, &tests, &junit4), &extra);
        json_of(&output)
    };
    let once: Vec<OsString> = [
        "--json",
        "--workers",
        "1",
        "--timeout-const-ms",
        "1500",
        "--exclude-tests",
        "*RedTest",
    ]
    .map(OsString::from)
    .to_vec();
    let excluded = run(&once);
    assert!(
        excluded["red-tests"].as_array().unwrap().is_empty(),
        "{excluded:#}"
    );
    let statuses = |report: &Value| pairs(&report["baseline"], "name", "status");
    let red = statuses(&excluded)
        .into_iter()
        .find(|(name, _)| name.contains("VersionedSetRedTest"))
        .unwrap();
    assert_eq!(red.1, "excluded");

    let mut twice = once.clone();
    twice.extend([
        OsString::from("--classes"),
        classes.clone().into(),
        OsString::from("--tests"),
        tests.clone().into(),
    ]);
    let doubled = run(&twice);
    assert_eq!(classifications(&doubled), classifications(&excluded));
    assert_eq!(statuses(&doubled), statuses(&excluded));
    assert_eq!(doubled["summary"]["tests"], excluded["summary"]["tests"]);
}

/// Issue 14: a method only a static initialiser calls is mutated in a fresh JVM, where the
/// initialisation happens under the mutant, and tested by every test that uses the class:
/// the same verdict whichever test JVM happened to initialise the class first.
#[test]
fn a_method_only_a_static_initialiser_calls_is_judged_the_same_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-init"]);
    let mut seen = Vec::new();
    for _ in 0..2 {
        let output = mutate(
            (&classes, &tests, &junit4),
            &[
                "--json".as_ref(),
                "--workers".as_ref(),
                "2".as_ref(),
                "--timeout-const-ms".as_ref(),
                "1500".as_ref(),
            ],
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        let report: Value = json_of(&output);
        let compute = method(&report, "computeMax").clone();
        assert_eq!(compute["classification"], "tested", "{compute:#}\n{stderr}");
        // The repeated test is one test of three invocations.
        let repeated = report["baseline"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"].as_str().unwrap().contains("LimitsRepeatedTest"))
            .unwrap();
        assert_eq!(repeated["invocations"], 3, "{repeated}");
        let green = |r: &Value| r["status"] == "green";
        let tests = report["baseline"].as_array().unwrap();
        assert_eq!(
            report["summary"]["green-invocations"].as_u64().unwrap(),
            tests.iter().filter(|t| green(t)).count() as u64 + 2
        );
        // Every test that uses Limits is one of its tests, not just the one that
        // happened to initialise it.
        assert_eq!(
            strings(&compute["tests"]),
            [
                "se.kth.castor.versionedset.LimitsOtherTest#aHundredDoesNot()",
                "se.kth.castor.versionedset.LimitsRepeatedTest#smallFits()",
                "se.kth.castor.versionedset.LimitsTest#tenFits()"
            ]
        );
        for m in compute["mutations"].as_array().unwrap() {
            assert_eq!(
                strings(&m["killing-tests"]),
                ["se.kth.castor.versionedset.LimitsTest#tenFits()"],
                "{m}"
            );
        }
        seen.push(compute);
    }
    assert_eq!(without_times(&seen[0]), without_times(&seen[1]));
}

/// Issue 14: a static-initialiser mutant runs with the application and the tests loaded
/// again by a fresh class loader inside a running test JVM, not in a JVM of its own; a
/// kill there counts only when its test passes in such a loader without the mutant. The
/// catalog's test finds its class through the system class loader and fails in any fresh
/// loader: its mutants are judged in JVMs of their own, so `stamp`, which no test checks,
/// is pseudo-tested rather than "killed" by the loader.
#[test]
fn a_static_initialiser_mutant_runs_in_a_fresh_loader_unless_its_test_cannot() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) =
        build_example_with(dir.path(), &["mutate-init", "mutate-init-loader"]);
    let run = |include: &str| on_one_jvm((&classes, &tests, &junit4), &[include], &[]);
    // Limits' tests run in a fresh loader: its mutants are killed there, and no JVM is
    // started for them.
    let (report, stderr) = run("*LimitsTest");
    let compute = method(&report, "computeMax");
    assert_eq!(compute["classification"], "tested", "{compute:#}\n{stderr}");
    assert_eq!(
        report["summary"]["jvm-starts"], report["summary"]["started-workers"],
        "{:#}\n{stderr}",
        report["summary"]
    );
    // The catalog's test fails in a fresh loader: JVMs of their own judge its mutants.
    let (report, stderr) = run("*CatalogTest");
    let count = method(&report, "countNames");
    assert_eq!(count["classification"], "tested", "{count:#}\n{stderr}");
    for m in count["mutations"].as_array().unwrap() {
        assert_eq!(
            strings(&m["killing-tests"]),
            ["se.kth.castor.versionedset.CatalogTest#theSystemCatalogHoldsTwoNames()"],
            "{m}"
        );
    }
    let stamp = method(&report, "stamp");
    assert_eq!(
        stamp["classification"], "pseudo-tested",
        "{stamp:#}\n{stderr}"
    );
    assert!(
        report["summary"]["jvm-starts"].as_u64().unwrap()
            > report["summary"]["started-workers"].as_u64().unwrap(),
        "{:#}",
        report["summary"]
    );
    // A static-initialiser mutant that makes its test loop: stopped in the fresh loader
    // (Java 17), or taking the JVM with it (Java 20+, no `Thread.stop`), after which the
    // check without the mutant runs in a new JVM.
    let (report, stderr) = run("*SpinnerTest");
    let step = method(&report, "step");
    assert_eq!(
        pairs(&step["mutations"], "mutator", "status"),
        [
            ("0".to_string(), "TIMED_OUT".to_string()),
            ("1".to_string(), "KILLED".to_string())
        ],
        "{step:#}\n{stderr}"
    );
}

/// Issue 14: a mutant that breaks a class's static initialiser leaves the class unusable in
/// its JVM; the tests of later mutants that meet it there fail with `NoClassDefFoundError:
/// Could not initialize class`, which are no kills. The JVM is ended after the launch, and
/// the mutant judged again in a fresh class loader, where the initialisation happens under
/// it (PDFBox: 131 mutants "killed" by `Could not initialize class PDType1Font`, and the
/// count of tested methods went from 210 to 291 between two identical runs). Run from a
/// baseline file so that the test JVM starts cold, and with one mutant per launch, so that
/// `Boot.load`'s mutant (Boot sorts first) runs before `Labels.made`'s.
#[test]
fn a_mutant_that_breaks_a_static_initialiser_takes_no_later_mutant_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-init-broken"]);
    let baseline = dir.path().join("baseline.json");
    let run = || {
        on_one_jvm(
            (&classes, &tests, &junit4),
            &["*GateTest", "*LabelsTest"],
            &[
                "--mutants-per-launch".as_ref(),
                "1".as_ref(),
                "--baseline".as_ref(),
                baseline.as_os_str(),
            ],
        )
    };
    // The first run writes the baseline; the second reads it, so its JVM is cold.
    run();
    let (report, stderr) = run();
    let made = method(&report, "made");
    assert_eq!(
        made["classification"], "pseudo-tested",
        "{made:#}\n{stderr}"
    );
    let load = method(&report, "load");
    assert_eq!(load["classification"], "tested", "{load:#}\n{stderr}");
    let failures = strings(&load["mutations"][0]["killing-failures"]);
    assert!(
        failures[0].contains("ExceptionInInitializerError") || failures[0].contains("not booted"),
        "{load:#}"
    );
    assert!(
        !report.to_string().contains("Could not initialize class"),
        "{report:#}"
    );
    // The JVM the class broke in was ended, and another started.
    assert!(
        report["summary"]["jvm-starts"].as_u64().unwrap()
            > report["summary"]["started-workers"].as_u64().unwrap(),
        "{:#}",
        report["summary"]
    );
}

/// Issue 14: a method that a static initialiser calls and tests call too is judged by the
/// tests that call it, with the initialiser's class initialised before any mutant runs,
/// in a test JVM that ran the baseline as in a cold one. `ParserTest` uses `Table` before
/// it calls `Parser.split`: in a cold JVM `Table`'s initialisation ran under `split`'s
/// `empty` mutant and failed (killed), in one that ran the baseline it had run before
/// (survived). The second run reads the first one's baseline file, so its JVM starts cold.
#[test]
fn a_method_a_static_initialiser_and_tests_both_call_is_judged_alike_in_cold_and_warm_jvms() {
    split_is_judged_alike_in_cold_and_warm_jvms(&["mutate-init-shared"], &[]);
}

/// Issue 14: a JVM that died initialising a class ahead of the tests (`Exiting`'s
/// initialiser calls `System.exit` unless a test set it up) gave up the whole list, so
/// `Table` was no longer initialised ahead either and `Parser.split` was judged in cold
/// JVMs as the test above shows it must not be. The shim names each class before it
/// initialises it: only `Exiting` is dropped.
#[test]
fn a_jvm_that_dies_initialising_one_class_ahead_drops_only_that_class() {
    let report = split_is_judged_alike_in_cold_and_warm_jvms(
        &["mutate-init-shared", "mutate-init-exit"],
        &["*ExitingTest"],
    );
    let problems = report["problems"].to_string();
    assert!(
        problems.contains(
            "se.kth.castor.versionedset.Exiting is not initialised ahead of the mutants' tests: \
             the test JVM ended in its static initialiser"
        ),
        "{problems}"
    );
    assert!(!problems.contains("Table is not"), "{problems}");
}

/// `ParserTest` and `TableTest` (with `more` tests) over `fixtures`, twice, the second run
/// from the first one's baseline file: `Parser.split` is judged alike (see the test
/// above). The second run's report.
fn split_is_judged_alike_in_cold_and_warm_jvms(fixtures: &[&str], more: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), fixtures);
    let baseline = dir.path().join("baseline.json");
    let mut includes = vec!["*ParserTest", "*TableTest"];
    includes.extend_from_slice(more);
    let run = || {
        on_one_jvm(
            (&classes, &tests, &junit4),
            &includes,
            &["--baseline".as_ref(), baseline.as_os_str()],
        )
    };
    let mut seen = Vec::new();
    let mut last = Value::Null;
    for _ in 0..2 {
        let (report, stderr) = run();
        let split = method(&report, "split");
        assert_eq!(
            split["classification"], "partially-tested",
            "{split:#}\n{stderr}"
        );
        assert_eq!(
            strings(&split["tests"]),
            ["se.kth.castor.versionedset.ParserTest#splitsSomething()"]
        );
        let mut statuses = pairs(&split["mutations"], "mutator", "status");
        statuses.sort();
        assert_eq!(
            statuses,
            [
                ("empty".to_string(), "SURVIVED".to_string()),
                ("null".to_string(), "KILLED".to_string())
            ],
            "{split:#}\n{stderr}"
        );
        seen.push(without_times(split));
        last = report.clone();
    }
    assert_eq!(seen[0], seen[1]);
    last
}

/// A parameterised test stops at its first failing invocation under a mutant (the mutant
/// is detected by then), while the baseline runs all of them: `ParityTest` notes each of
/// its twenty invocations in a file of the tests' working directory.
#[test]
fn a_parameterised_test_stops_at_its_first_failing_invocation_under_a_mutant() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-failfast"]);
    let run_dir = dir.path().join("run");
    std::fs::create_dir_all(&run_dir).unwrap();
    let output = mutate(
        (&classes, &tests, &junit4),
        &[
            "--json".as_ref(),
            "--test-dir".as_ref(),
            run_dir.as_os_str(),
            "--include-tests".as_ref(),
            "*ParityTest*".as_ref(),
        ],
    );
    let report: Value = json_of(&output);
    let parity = method(&report, "isEven");
    assert_eq!(parity["classification"], "tested", "{parity:#}");
    for m in parity["mutations"].as_array().unwrap() {
        assert_eq!(
            strings(&m["killing-tests"]),
            ["se.kth.castor.versionedset.ParityTest#parity(int)"],
            "{m}"
        );
    }
    let log = std::fs::read_to_string(run_dir.join("invocations.log")).unwrap();
    let invocations: Vec<&str> = log.lines().collect();
    // The baseline runs all twenty; `false` fails at 0 and `true` at 1, each run twice
    // (the kill is confirmed by a second run): 20 + 2 × 1 + 2 × 2.
    assert_eq!(invocations.len(), 26, "{invocations:?}");
    let report_invocations = report["baseline"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"].as_str().unwrap().contains("ParityTest"))
        .unwrap()["invocations"]
        .clone();
    assert_eq!(report_invocations, 20);
}

/// A class's `@AfterAll` that fails whenever only some of its tests run (it checks they all
/// ran, as commons-codec's `ColognePhoneticTest` does) is no kill: it fails the same way
/// without the mutant. One that fails only under the mutant still kills, named by the test
/// whose run it ended.
#[test]
fn a_class_teardown_that_fails_without_the_mutant_too_is_no_kill() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-afterall"]);
    let (report, _) = on_one_jvm((&classes, &tests, &junit4), &[], &[]);
    let polite = method(&report, "isPolite");
    assert_eq!(
        strings(&polite["tests"]),
        ["se.kth.castor.versionedset.GreeterEveryTestRanTest#checksPoliteness()"]
    );
    assert_eq!(polite["classification"], "pseudo-tested", "{polite:#}");
    assert_eq!(strings(&polite["not-detected"]), ["false", "true"]);

    let audit = method(&report, "audit");
    assert_eq!(audit["classification"], "tested", "{audit:#}");
    for mutation in audit["mutations"].as_array().unwrap() {
        assert_eq!(mutation["status"], "KILLED", "{mutation:#}");
        assert_eq!(
            strings(&mutation["killing-tests"]),
            ["se.kth.castor.versionedset.GreeterAuditTest#greetsBob()"]
        );
        let failure = strings(&mutation["killing-failures"]).join("");
        assert!(failure.contains("expected: <last: Bob>"), "{mutation:#}");
    }
}

/// A test that is slow only on its first run in a JVM (a shared table built on first use)
/// is fast in the baseline and slow in the fresh JVM a static-initialiser mutant runs in:
/// its timeout there is the cold JVM, not the mutant, and the mutant is judged again with
/// a patient budget (the finding: a method "tested" by a timeout PIT did not see).
#[test]
fn a_test_slow_only_in_a_cold_jvm_does_not_time_a_mutant_out() {
    let (report, stderr) = fixture_on_one_jvm(
        "mutate-cold",
        "*ScaleColdTest",
        &["--timeout-const-ms".as_ref(), "300".as_ref()],
    );
    let compute = method(&report, "computeFactor");
    assert_eq!(
        strings(&compute["tests"]),
        ["se.kth.castor.versionedset.ScaleColdTest#namesItsUnit()"]
    );
    for mutation in compute["mutations"].as_array().unwrap() {
        assert_eq!(mutation["status"], "SURVIVED", "{compute:#}\n{stderr}");
    }
    assert_eq!(compute["classification"], "pseudo-tested", "{compute:#}");
}

/// `mimic mutate --json` on one test JVM over the example with `fixture`, running the
/// tests `include` names, with `extra` flags: the report and stderr.
fn fixture_on_one_jvm(fixture: &str, include: &str, extra: &[&std::ffi::OsStr]) -> (Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &[fixture]);
    on_one_jvm((&classes, &tests, &junit4), &[include], extra)
}

/// [`fixture_on_one_jvm`] keeping the worker's log: the report, stderr, and the log's
/// `mimic: stopping` lines (one per test the watchdog stopped past its budget), which the
/// report counts too (`summary.stopped-tests`).
fn fixture_with_stops(
    fixture: &str,
    include: &str,
    extra: &[&std::ffi::OsStr],
) -> (Value, String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("work");
    let mut args = extra.to_vec();
    args.extend(["--work-dir".as_ref(), work.as_os_str()]);
    let (report, stderr) = fixture_on_one_jvm(fixture, include, &args);
    let log = std::fs::read_to_string(work.join("worker-0.log")).unwrap();
    let stops: Vec<String> = log
        .lines()
        .filter(|l| l.starts_with("mimic: stopping"))
        .map(str::to_string)
        .collect();
    // The report counts them too.
    assert_eq!(
        report["summary"]["stopped-tests"],
        stops.len(),
        "{stops:#?}\n{stderr}"
    );
    (report, stderr, stops)
}

/// `mimic mutate --json` on one test JVM over a built example, running the tests
/// `includes` name, with `extra` flags: the report and stderr.
fn on_one_jvm(
    built: (&Path, &Path, &[PathBuf]),
    includes: &[&str],
    extra: &[&std::ffi::OsStr],
) -> (Value, String) {
    let mut args: Vec<&std::ffi::OsStr> =
        vec!["--json".as_ref(), "--workers".as_ref(), "1".as_ref()];
    for include in includes {
        args.push("--include-tests".as_ref());
        args.push(include.as_ref());
    }
    args.extend_from_slice(extra);
    let output = mutate(built, &args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (json_of(&output), stderr)
}

/// A mutation report's method without its mutants' times (which vary from run to run).
fn without_times(method: &Value) -> Value {
    let mut method = method.clone();
    for m in method["mutations"].as_array_mut().unwrap() {
        m.as_object_mut().unwrap().remove("millis");
    }
    method
}

/// Over `fixture`'s test class `class`, whose tests `heavy` and `quick` both detect every
/// mutant of `of`: each mutant is named as detected by `quick`, which ran first.
fn quick_test_detects_every_mutant_of_of(fixture: &str, class: &str, heavy: &str, quick: &str) {
    let (report, stderr) = fixture_on_one_jvm(fixture, &format!("*{class}"), &[]);
    let of = method(&report, "of");
    let name = |test: &str| format!("se.kth.castor.versionedset.{class}#{test}()");
    assert_eq!(strings(&of["tests"]), [name(heavy), name(quick)]);
    let mutations = of["mutations"].as_array().unwrap();
    assert!(!mutations.is_empty(), "{of:#}");
    for mutation in mutations {
        assert_eq!(mutation["status"], "KILLED", "{of:#}\n{stderr}");
        assert_eq!(strings(&mutation["killing-tests"]), [name(quick)], "{of:#}");
    }
}

/// Issue 14: a test that took seconds in the baseline runs after the quick tests of a
/// mutant, even when it reaches fewer methods (commons-codec's huge-input hashing test
/// ran first for every `MurmurHash3` mutant a 2 ms test detects). `hugeInput` reaches one
/// method and `smallInputs` two, so by reach alone the slow one would run first and
/// detect them all; it spent seconds of CPU in the baseline, so the quick one runs first.
#[test]
fn a_slow_test_goes_after_a_quick_one_whatever_it_reaches() {
    quick_test_detects_every_mutant_of_of(
        "mutate-slow",
        "ChecksumTest",
        "hugeInput",
        "smallInputs",
    );
}

/// Issue 14: a test that spends its time in garbage collection is measured alike in the
/// baseline and under a mutant. The watchdog counts a test's thread CPU time plus
/// collection time against its budget, but the baseline recorded the thread's CPU time
/// alone, so `collectsMuch` (full collections over a million live objects, a few
/// milliseconds on its own thread) got a budget of about the constant and outran it under
/// `note`'s mutant, which changes nothing it checks: a survivor reported as timed out.
#[test]
fn a_test_that_collects_much_is_not_timed_out_by_its_own_collections() {
    let (report, stderr) = fixture_on_one_jvm(
        "mutate-collect",
        "*LedgerTest",
        &["--timeout-const-ms".as_ref(), "200".as_ref()],
    );
    let of = |name: &str| -> Vec<(String, String)> {
        let m = report["methods"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["class"] == "Ledger" && m["name"] == name)
            .unwrap_or_else(|| panic!("no Ledger.{name} in {report:#}"));
        pairs(&m["mutations"], "mutator", "status")
    };
    assert_eq!(of("note"), [("void".into(), "SURVIVED".into())], "{stderr}");
    for name in ["add", "count"] {
        let statuses = of(name);
        assert!(!statuses.is_empty());
        for (mutator, status) in statuses {
            assert_eq!(status, "KILLED", "{name} {mutator}\n{stderr}");
        }
    }
}

/// Issue 14: a test whose thread allocated a gigabyte in the baseline runs after the quick
/// tests of a mutant, however quick it was there: such a test's time is the memory's and
/// moves between runs (commons-codec's buffer-growing tests fell on either side of the
/// three-second tier from run to run, and the test named as detecting two mutants with
/// them).
#[test]
fn a_test_allocating_gigabytes_goes_after_a_quick_one_however_quick_it_was() {
    quick_test_detects_every_mutant_of_of("mutate-memory", "TallyTest", "bigInputs", "smallInputs");
}

/// Issue 14: tests that draw random data (`new Random()` in a test instance, a helper or a
/// static field, `Math.random()`, `Collections.shuffle`, `ThreadLocalRandom`) reach
/// different methods from run to run, so two identical runs named different covering tests
/// (commons-codec's `Base64Test#testEncodeDecodeRandom` and `BaseNCodec.resizeBuffer`; its
/// `HexTest` and `MurmurHash3Test` draw from `ThreadLocalRandom`, which one codec run in
/// nine showed in a failure line). Seeded per test, two runs cover alike (which of 52 coin
/// tosses reach `heads` would otherwise match with a chance of one in 2^52), and a test
/// that draws from the static field or from `ThreadLocalRandom` draws the same when the
/// tests that drew before it in the whole run do not run.
#[test]
fn tests_drawing_random_numbers_cover_the_same_methods_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-random"]);
    let built = (classes.as_path(), tests.as_path(), junit4.as_slice());
    let covering = |includes: &[&str], extra: &[&std::ffi::OsStr], sites: usize| {
        let (report, stderr) = on_one_jvm(built, includes, extra);
        let jvm = &report["summary"]["test-jvm"];
        assert_eq!(jvm["seeded_random_sites"], sites, "{jvm}\n{stderr}");
        assert_eq!(jvm["seeded_random_classes"], 2 * sites.min(1), "{jvm}");
        let heads = strings(&method(&report, "heads")["tests"]);
        let tails = strings(&method(&report, "tails")["tests"]);
        (heads, tails)
    };
    // The test instance's field, the static field, eight `Math.random()`, four
    // `Collections.shuffle`, the helper's `new Random()`, eight `ThreadLocalRandom` draws.
    let all = ["*CoinTest"];
    let first = covering(&all, &[], 23);
    assert_eq!(first.0.len() + first.1.len(), 52, "{first:?}");
    assert!(!first.0.is_empty() && !first.1.is_empty(), "{first:?}");
    assert_eq!(covering(&all, &[], 23), first);
    // As drawn: another toss (the same with a chance of one in 2^52).
    assert_ne!(covering(&all, &["--unseeded-random".as_ref()], 0), first);
    // Half the static field's tests alone, and half of the `ThreadLocalRandom` ones: each
    // draws what it drew in the whole run.
    let mut half: Vec<String> = (9..=16).map(|n| format!("fromStatic{n}")).collect();
    half.extend((5..=8).map(|n| format!("fromThreadLocal{n}")));
    let globs: Vec<String> = half.iter().map(|t| format!("*CoinTest#{t}")).collect();
    let globs: Vec<&str> = globs.iter().map(String::as_str).collect();
    let alone = covering(&globs, &[], 23);
    let of_half = |tests: &[String]| -> Vec<String> {
        tests
            .iter()
            .filter(|t| half.iter().any(|h| t.ends_with(&format!("#{h}()"))))
            .cloned()
            .collect()
    };
    assert_eq!(alone.0.len() + alone.1.len(), 12, "{alone:?}");
    assert_eq!((alone.0, alone.1), (of_half(&first.0), of_half(&first.1)));
}

/// Issue 14: a method the garbage collector's finalizer thread calls (a `finalize` that
/// releases, as PDFBox's `COSDocument` and `TrueTypeFont` close themselves) was a hit of
/// whichever test a collection landed in, so identical PDFBox runs named different
/// covering tests. Calls on the finalizer and cleaner threads count for no test: `release`
/// is covered by the test that calls it, not by the ones that collect. One of them holds
/// the finalizer thread busy so that `System.runFinalization` runs the handles' finalizers
/// on a "Secondary finalizer" thread of its own (CI's first run of this test took that path
/// by chance and named `forgets`).
#[test]
fn a_call_from_the_finalizer_thread_covers_no_test() {
    let (report, stderr) = fixture_on_one_jvm("mutate-finalize", "*HandleTest", &[]);
    let release = method(&report, "release");
    assert_eq!(
        strings(&release["tests"]),
        ["se.kth.castor.versionedset.HandleTest#closes()"],
        "{release:#}\n{stderr}"
    );
}

/// Issue 14: a launch that several looping mutants share (one test each) stopped each of
/// them but settled only the first as timed out; the others "did not run" and went again,
/// to loop again in the next launch (commons-codec: 73 stops of about 0.6 s for 20
/// timed-out mutants, most of the mutant phase). Each test the watchdog stops a launch for
/// times its own mutant out: one stop per looping mutant.
#[test]
fn every_looping_mutant_of_a_shared_launch_times_out_at_its_first_stop() {
    let (report, stderr, stops) = fixture_with_stops("mutate-loops", "*CursorsTest", &[]);
    for name in ["moreLetters", "moreDigits", "moreWords"] {
        let more = method(&report, name);
        let statuses: Vec<(String, String)> = pairs(&more["mutations"], "mutator", "status");
        assert_eq!(
            statuses,
            [
                ("true".to_string(), "TIMED_OUT".to_string()),
                ("false".to_string(), "KILLED".to_string())
            ],
            "{more:#}\n{stderr}"
        );
    }
    assert_eq!(stops.len(), 3, "{stops:#?}");
}

/// Issue 14: once a test detects a mutant in a launch (it fails, or the watchdog stops
/// it), that mutant's later tests in the launch run without it: the first detecting test
/// decides the verdict, and a later one that loops under the mutant cost another stop
/// (commons-codec's looping `DoubleMetaphone` mutants brought two or three tests each to
/// a launch: 28 stops for 20 timed-out mutants). Here `hasNext`'s mutant brings both
/// counting tests to one launch and `hasMore`'s a failing test and a looping one: one
/// stop in all (two before).
#[test]
fn a_mutant_detected_in_a_launch_leaves_its_later_tests_there_unmutated() {
    let (report, stderr, stops) = fixture_with_stops(
        "mutate-loops-later",
        "*PagesTest",
        &["--operators".as_ref(), "true".as_ref()],
    );
    let mutation = |name: &str| method(&report, name)["mutations"][0].clone();
    let next = mutation("hasNext");
    assert_eq!(next["status"], "TIMED_OUT", "{next:#}\n{stderr}");
    assert_eq!(
        strings(&next["killing-tests"]),
        ["se.kth.castor.versionedset.PagesTest#bCountsOne()"],
        "{next:#}"
    );
    let more = mutation("hasMore");
    assert_eq!(more["status"], "KILLED", "{more:#}\n{stderr}");
    assert_eq!(
        strings(&more["killing-tests"]),
        ["se.kth.castor.versionedset.PagesTest#bRefusesPastEnd()"],
        "{more:#}"
    );
    assert_eq!(stops.len(), 1, "{stops:#?}");
    assert!(stops[0].contains("bCountsOne"), "{stops:#?}");
}

/// A copy of `examples/maven-project` (two modules under an aggregator) in `dir`.
fn maven_project(dir: &Path) -> PathBuf {
    let from = repo_root().join("examples/maven-project");
    let to = dir.join("shop");
    for entry in files_under(&from) {
        let rel = entry.strip_prefix(&from).unwrap();
        if rel.components().any(|c| c.as_os_str() == "target") {
            continue;
        }
        let dest = to.join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&entry, &dest).unwrap();
    }
    to
}

/// Issue 19: `--project` asks Maven for each module's classes, tests and class path
/// (compiling them first), mutates every module with tests in its own directory (a test
/// reads `src/test/resources/…` relative to its module), and reports per module.
#[test]
fn a_maven_project_is_mutated_module_by_module() {
    let dir = tempfile::tempdir().unwrap();
    let project = maven_project(dir.path());
    let output = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(["mutate", "--json", "--workers", "1", "--project"])
        .arg(&project)
        .arg("-o")
        .arg(dir.path().join("methods.json"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report: Value = json_of(&output);
    let modules: Vec<&String> = report.as_object().unwrap().keys().collect();
    assert_eq!(modules, ["shop-app", "shop-core"], "{stderr}");
    assert!(
        stderr.contains("module shop skipped: an aggregator"),
        "{stderr}"
    );

    let core = &report["shop-core"];
    assert_eq!(core["red-tests"].as_array().unwrap().len(), 0, "{core:#}");
    let classification =
        |module: &Value, name: &str| method(module, name)["classification"].clone();
    assert_eq!(classification(core, "total"), "tested");
    assert_eq!(classification(core, "format"), "tested");
    assert_eq!(classification(core, "isFree"), "pseudo-tested");
    let app = &report["shop-app"];
    assert_eq!(classification(app, "total"), "tested");
    assert_eq!(classification(app, "count"), "pseudo-tested");
    // The tests the build runs, no others: the parent pom's Surefire excludes
    // `**/*PerformanceTest.java` (core's `PricePerformanceTest` would detect a broken
    // `isFree`), and app's `BasketChecks` is not a test class by Surefire's default names
    // (it would detect a broken `count`). Each is listed as left out, with the reason.
    let status = |module: &Value, class: &str| {
        let tests = module["baseline"].as_array().unwrap();
        let of_class: Vec<&Value> = tests
            .iter()
            .filter(|t| t["name"].as_str().unwrap().contains(class))
            .collect();
        assert!(!of_class.is_empty(), "{class}: {module:#}");
        of_class[0]["status"].as_str().unwrap().to_string()
    };
    assert_eq!(status(core, "PricePerformanceTest"), "excluded");
    // A @Nested class runs through its enclosing class; a static nested one is not a
    // test class of its own (Surefire's default exclude **/*$*): neither is listed.
    assert_eq!(status(core, "FormatTest$WhenSmall#cents()"), "green");
    assert!(!core["baseline"].to_string().contains("Helper"), "{core:#}");
    // Tagged `slow`, which the build's excludedGroups leaves out.
    assert_eq!(status(core, "PriceTest#knowsAFreePriceSlowly"), "excluded");
    assert_eq!(status(core, "PriceTest"), "green");
    assert_eq!(status(app, "BasketChecks"), "excluded");
    assert!(
        stderr.contains("test JVMs get the build's Surefire environment variables SHOP_ENV\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "2 test(s) left out by the build's Surefire selection: \
             Surefire's default includes, excludes **/*PerformanceTest.java, excludedGroups slow"
        ) && stderr.contains(
            "1 test(s) left out by the build's Surefire selection: \
             Surefire's default includes, excludes **/*PerformanceTest.java, excludedGroups slow"
        ),
        "{stderr}"
    );
    // --all-test-classes runs them all: both methods are then tested.
    let all = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args([
            "mutate",
            "--json",
            "--workers",
            "1",
            "--all-test-classes",
            "--project",
        ])
        .arg(&project)
        .output()
        .unwrap();
    let all_report: Value = json_of(&all);
    assert_eq!(
        classification(&all_report["shop-core"], "isFree"),
        "tested",
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    assert_eq!(classification(&all_report["shop-app"], "count"), "tested");
    assert!(!String::from_utf8_lossy(&all.stderr).contains("left out"));
    // One methods.json per module.
    for module in ["shop-core", "shop-app"] {
        let file = dir.path().join(format!("methods-{module}.json"));
        assert!(file.is_file(), "{}", file.display());
    }

    // --module picks one; a module that does not exist is named with the ones that do.
    let one = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args([
            "mutate",
            "--workers",
            "1",
            "--module",
            "shop-app",
            "--project",
        ])
        .arg(&project)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&one.stdout);
    assert_eq!(one.status.code(), Some(1), "{text}");
    // Methods as a Java reader names them, not as JVM descriptors.
    assert!(
        text.contains("pseudo-tested: int se.kth.castor.shop.app.Basket.count() (line"),
        "{text}"
    );
    // The test JVMs get the build's Surefire argLine and system properties (core's
    // PriceTest, green above, reads them), before --jvm-arg's.
    assert!(
        // (Java 21+ adds -Dnet.bytebuddy.experimental=true before them.)
        text.contains("-XX:-OmitStackTraceInFastThrow -Dshop.currency=EUR -Xss2m -Dshop.region=north (otherwise"),
        "{text}"
    );
    assert!(!String::from_utf8_lossy(&one.stderr).contains("module shop-core\n"));
    let wrong = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(["mutate", "--module", "shop-web", "--project"])
        .arg(&project)
        .output()
        .unwrap();
    assert_eq!(wrong.status.code(), Some(2));
    let why = String::from_utf8_lossy(&wrong.stderr);
    assert!(
        why.contains("no module shop-web") && why.contains("shop-core"),
        "{why}"
    );

    // `mocks` takes the same project: each module's tests, with its class path.
    let mocks = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(["mocks", "--json", "--project"])
        .arg(&project)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&mocks.stderr);
    assert_eq!(mocks.status.code(), Some(0), "{stderr}");
    let report: Value = serde_json::from_slice(&mocks.stdout).unwrap();
    let modules: Vec<&String> = report.as_object().unwrap().keys().collect();
    assert_eq!(modules, ["shop-app", "shop-core"], "{stderr}");
    // Every test class is read, run by the build or not (core: PriceTest,
    // PricePerformanceTest, FormatTest and its two nested classes).
    assert_eq!(
        report["shop-core"]["summary"]["test_classes"], 5,
        "{report:#}"
    );
    assert_eq!(
        report["shop-app"]["summary"]["test_classes"], 2,
        "{report:#}"
    );

    // `targets` plans the whole project: every module's classes are project classes.
    let plan = dir.path().join("plan.json");
    let targets = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(["targets", "--json", "--project"])
        .arg(&project)
        .arg("-o")
        .arg(&plan)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&targets.stderr);
    assert_eq!(targets.status.code(), Some(0), "{stderr}");
    let plan: Value = serde_json::from_slice(&targets.stdout).unwrap();
    assert_eq!(
        strings(&plan["project_packages"]),
        ["se.kth.castor.shop", "se.kth.castor.shop.app"],
        "{plan:#}"
    );
    assert!(
        plan["classpath"].as_array().unwrap().len() >= 3,
        "both modules' classes and JUnit: {plan:#}"
    );
}

/// A project Maven cannot build is a usage error that says where, with Maven's first
/// error line.
#[test]
fn a_maven_project_that_does_not_compile_is_named_with_mavens_error() {
    let dir = tempfile::tempdir().unwrap();
    let project = maven_project(dir.path());
    let price = project.join("core/src/main/java/se/kth/castor/shop/Price.java");
    let source = std::fs::read_to_string(&price).unwrap();
    std::fs::write(
        &price,
        source.replace("return cents == 0;", "return cents == 0"),
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(["mutate", "--project"])
        .arg(&project)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let why = String::from_utf8_lossy(&output.stderr);
    assert!(
        why.contains("Maven failed") && why.contains("Price.java"),
        "{why}"
    );
}

/// Issue 19: `--in-diff` mutates only the methods a change touches, named by a git
/// revision (the working tree against it) or by a diff file.
/// `git args…` in `dir` as a fixed user; it must succeed; its standard output.
fn git_in(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=mimic",
            "-c",
            "user.email=mimic@example.org",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn in_diff_mutates_only_the_methods_a_change_touches() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example(dir.path());
    // A repository holding the example's sources, and a one-line change to isEmpty().
    let repo = dir.path().join("repo");
    let from = repo_root().join("examples/versioned-set/src");
    for file in files_under(&from) {
        let dest = repo.join("src").join(file.strip_prefix(&from).unwrap());
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&file, &dest).unwrap();
    }
    let git = |args: &[&str]| git_in(&repo, args);
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "versioned set"]);
    let source = repo.join("src/se/kth/castor/versionedset/VersionedSet.java");
    let text = std::fs::read_to_string(&source).unwrap();
    let changed = text.replace(
        "public boolean isEmpty() { return size() == 0; }",
        "public boolean isEmpty() { return size() == 0; } // empty means no element",
    );
    assert_ne!(text, changed);
    std::fs::write(&source, changed).unwrap();

    let mutated = |output: std::process::Output| -> (Vec<String>, Value) {
        let report: Value = json_of(&output);
        let names = report["methods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap().to_string())
            .collect();
        (names, report["summary"]["outside-diff"].clone())
    };
    let by_rev = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .current_dir(&repo)
        .args([
            "mutate",
            "--json",
            "--workers",
            "1",
            "--in-diff",
            "HEAD",
            "--classes",
        ])
        .arg(&classes)
        .arg("--tests")
        .arg(&tests)
        .arg("--classpath")
        .arg(std::env::join_paths(&junit4).unwrap())
        .output()
        .unwrap();
    let (names, outside) = mutated(by_rev);
    assert_eq!(names, ["isEmpty"]);
    assert_eq!(outside, 8);

    // The same change as a diff file, from anywhere.
    let patch = dir.path().join("change.diff");
    std::fs::write(&patch, git(&["diff"])).unwrap();
    let by_file = mutate(
        (&classes, &tests, &junit4),
        &[
            "--json".as_ref(),
            "--workers".as_ref(),
            "1".as_ref(),
            "--in-diff".as_ref(),
            patch.as_os_str(),
        ],
    );
    let (names, _) = mutated(by_file);
    assert_eq!(names, ["isEmpty"]);

    // Neither a file nor a revision: a usage error that says so.
    let wrong = mutate(
        (&classes, &tests, &junit4),
        &["--in-diff".as_ref(), "no-such-rev".as_ref()],
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&wrong.stderr).contains("neither a diff file nor a git revision")
    );
}

/// Issue 14: a kill in a launch of its own (a method reached only in class set-up) is
/// confirmed too: one that does not repeat makes the mutant unstable.
#[test]
fn a_set_up_mutants_kill_that_does_not_repeat_is_unstable() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests, junit4) = build_example_with(dir.path(), &["mutate-setup-flaky"]);
    let test_dir = dir.path().join("run");
    std::fs::create_dir_all(&test_dir).unwrap();
    let output = mutate(
        (&classes, &tests, &junit4),
        &[
            "--json".as_ref(),
            "--workers".as_ref(),
            "1".as_ref(),
            "--test-dir".as_ref(),
            test_dir.as_os_str(),
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report: Value = json_of(&output);
    let union = method(&report, "union");
    let null = union["mutations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["mutator"] == "null")
        .unwrap_or_else(|| panic!("{union:#}"))
        .clone();
    assert_eq!(null["status"], "UNSTABLE", "{union:#}\n{stderr}");
    assert!(
        strings(&null["killing-failures"])
            .join("")
            .contains("(it passed when run again)"),
        "{null:#}"
    );
    let seen = std::fs::read_to_string(test_dir.join("wrong-unions.txt")).unwrap();
    assert_eq!(seen.trim(), "2");
}

/// Issue 18: `--explain` classifies the surviving mutants of VersionedSet exactly as Reneri
/// §2.3 does: `equals` → true and `isEmpty` → false are no-infection (`testEquals`
/// compares two empty sets, true either way; `isEmpty`'s tests only ask non-empty sets);
/// `isEmpty` → true infects the state but `intersect` returns an empty set either way
/// (no-propagation: test `isEmpty` directly); `incrementVersion` leaves `version` 0
/// instead of 1 in the set the test holds, which no assertion reads (weak-oracle: assert
/// `getVersion()`).
#[test]
fn explain_classifies_the_versioned_set_as_the_paper_does() {
    let dir = tempfile::tempdir().unwrap();
    let built = build_example_with(dir.path(), &[]);
    let markdown = dir.path().join("why.md");
    let html = dir.path().join("html");
    let out = mutate(
        (&built.0, &built.1, &built.2),
        &[
            "--json".as_ref(),
            "--explain".as_ref(),
            "--explain-report".as_ref(),
            markdown.as_os_str(),
            "--html".as_ref(),
            html.as_os_str(),
        ],
    );
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let diagnosis = |name: &str, mutator: &str| -> Value {
        let m = method(&report, name);
        let found = m["diagnoses"]
            .as_array()
            .unwrap_or_else(|| panic!("no diagnoses for {name}: {m:#}"))
            .iter()
            .find(|d| d["mutator"] == mutator)
            .unwrap_or_else(|| panic!("no diagnosis of {name} → {mutator}: {m:#}"))
            .clone();
        found["diagnosis"].clone()
    };
    let equals = diagnosis("equals", "true");
    assert_eq!(equals["symptom"], "no-infection", "{equals:#}");
    assert_eq!(
        strings(&equals["tests"]),
        ["se.kth.castor.versionedset.VersionedSetTest#testEquals()"]
    );
    assert!(equals["compared"].as_u64().unwrap() > 0, "{equals:#}");
    let empty_false = diagnosis("isEmpty", "false");
    assert_eq!(empty_false["symptom"], "no-infection", "{empty_false:#}");
    let empty_true = diagnosis("isEmpty", "true");
    assert_eq!(empty_true["symptom"], "no-propagation", "{empty_true:#}");
    assert!(
        empty_true["propagation_compared"].as_u64().unwrap() > 0,
        "{empty_true:#}"
    );
    let suggestion = empty_true["suggestion"].as_str().unwrap();
    assert!(
        suggestion.contains("calls se.kth.castor.versionedset.VersionedSet.isEmpty directly"),
        "{suggestion}"
    );
    // testIntersection calls intersect, which calls isEmpty.
    assert_eq!(empty_true["stack_distance"], 2, "{empty_true:#}");
    let stack = strings(&empty_true["stack"]);
    assert!(
        stack[0].starts_with("one.intersect(…) at VersionedSetTest.java:"),
        "{stack:?}"
    );
    assert!(
        stack[1].starts_with("se.kth.castor.versionedset.VersionedSet.intersect:"),
        "{stack:?}"
    );
    assert_eq!(
        stack[2], "se.kth.castor.versionedset.VersionedSet.isEmpty",
        "{stack:?}"
    );
    let d = &empty_true["infection"][0];
    assert_eq!(
        (
            d["location"].as_str(),
            d["original"].as_str(),
            d["mutant"].as_str()
        ),
        (Some("result"), Some("Boolean:false"), Some("Boolean:true")),
        "{empty_true:#}"
    );
    let version = diagnosis("incrementVersion", "void");
    assert_eq!(version["symptom"], "weak-oracle", "{version:#}");
    assert!(
        version["propagation"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["location"] == "receiver.version"
                && p["expression"] == "list.add(…)"
                && p["test"] == "se.kth.castor.versionedset.VersionedSetTest#testAdd()"
                && p["original"] == "Long:1"
                && p["mutant"] == "Long:0"),
        "{version:#}"
    );
    let suggestion = version["suggestion"].as_str().unwrap();
    assert!(suggestion.contains(".getVersion());`"), "{suggestion}");
    assert!(
        version["infection"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["location"] == "receiver.version"
                && d["original"] == "Long:1"
                && d["mutant"] == "Long:0"),
        "{version:#}"
    );
    // The Markdown report groups them by symptom, with the paper's split beside them.
    let md = std::fs::read_to_string(&markdown).unwrap();
    for section in [
        "## no-infection (2)",
        "## no-propagation (1)",
        "## weak-oracle (1)",
        "| no-infection | 2 | 50% | 37% |",
    ] {
        assert!(md.contains(section), "{section} not in\n{md}");
    }
    assert!(
        md.contains("`receiver.version` of `list.add(…)` at VersionedSetTest.java:"),
        "{md}"
    );
    let page = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(page.contains("<b>weak-oracle</b>"), "{page}");
    // Detected mutants get no diagnosis; the summary line names every survivor.
    let add = method(&report, "add");
    assert!(add.get("diagnoses").is_none(), "{add:#}");
    let phases = report["summary"]["phases"].as_array().unwrap();
    assert!(phases.iter().any(|p| p["phase"] == "explain"), "{phases:?}");
}

/// Issue 18, beyond Reneri: with `--store` (a production trace store of the same
/// program), a no-infection suggestion proposes the recorded inputs the mutant would
/// change: production asked an empty set `isEmpty()` (true, which `isEmpty` → false
/// changes) and compared two different sets (false, which `equals` → true changes).
#[test]
fn explain_proposes_production_inputs_that_infect() {
    let dir = tempfile::tempdir().unwrap();
    let built = build_example_with(dir.path(), &[]);
    let workload = dir.path().join("workload");
    let jdk = Jdk::locate().unwrap();
    compile(
        &jdk,
        &java_sources_under(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/explain-production"),
        ),
        std::slice::from_ref(&built.0),
        &workload,
        &CompileOptions::default(),
    )
    .unwrap();
    let plan = dir.path().join("plan.json");
    let store = dir.path().join("traces.db");
    let mimic = || Command::new(env!("CARGO_BIN_EXE_mimic"));
    let targets = mimic()
        .args(["targets", "--all", "-c"])
        .arg(&built.0)
        .arg("-o")
        .arg(&plan)
        .output()
        .unwrap();
    assert!(
        targets.status.success(),
        "{}",
        String::from_utf8_lossy(&targets.stderr)
    );
    let classpath = std::env::join_paths([&built.0, &workload]).unwrap();
    let record = mimic()
        .arg("record")
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(&store)
        .arg("--")
        .arg(jdk.java())
        .arg("-cp")
        .arg(&classpath)
        .arg("se.kth.castor.versionedset.Workload")
        .output()
        .unwrap();
    assert!(
        record.status.success(),
        "{}",
        String::from_utf8_lossy(&record.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&record.stdout).trim(),
        "true false false"
    );

    let out = mutate(
        (&built.0, &built.1, &built.2),
        &[
            "--json".as_ref(),
            "--explain".as_ref(),
            "--store".as_ref(),
            store.as_os_str(),
        ],
    );
    let report: Value = json_of(&out);
    let diagnosis = |name: &str, mutator: &str| -> Value {
        method(&report, name)["diagnoses"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["mutator"] == mutator)
            .unwrap()["diagnosis"]
            .clone()
    };
    let empty = diagnosis("isEmpty", "false");
    assert_eq!(empty["symptom"], "no-infection", "{empty:#}");
    assert_eq!(empty["production"]["invocations"], 2, "{empty:#}");
    assert_eq!(empty["production"]["infecting"], 1, "{empty:#}");
    assert!(
        empty["suggestion"]
            .as_str()
            .unwrap()
            .contains("1 of which this mutant would change: test with their inputs, e.g. () returned true in production"),
        "{empty:#}"
    );
    let equals = diagnosis("equals", "true");
    assert_eq!(equals["production"]["infecting"], 1, "{equals:#}");
    // Infected mutants get no production inputs: their tests already infect.
    assert!(diagnosis("isEmpty", "true").get("production").is_none());

    // A file that is not a trace store is a usage error before anything runs.
    let bogus = dir.path().join("not-a-store.db");
    std::fs::write(&bogus, "hello").unwrap();
    let out = mutate(
        (&built.0, &built.1, &built.2),
        &["--explain".as_ref(), "--store".as_ref(), bogus.as_os_str()],
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("--store"));
}

/// Regression (commons-codec's `Rule.pattern`): a class initialised inside the test calls
/// the observed method thousands of times before the test's own calls; those exits must
/// not use up the budget of the test's values, or a weak oracle reads as no-propagation.
/// `Codes.code` → 0 leaves `last` 0 instead of 3 in the object the test holds.
#[test]
fn explain_sees_the_tests_values_after_a_class_initialiser_floods_the_exits() {
    let dir = tempfile::tempdir().unwrap();
    let built = build_example_with(dir.path(), &["explain-clinit"]);
    let out = mutate(
        (&built.0, &built.1, &built.2),
        &[
            "--json".as_ref(),
            "--explain".as_ref(),
            "--include-tests".as_ref(),
            "*CodesTest".as_ref(),
        ],
    );
    let report: Value = json_of(&out);
    let code = method(&report, "code");
    let diagnosis = code["diagnoses"]
        .as_array()
        .unwrap_or_else(|| panic!("{code:#}"))
        .iter()
        .find(|d| d["mutator"] == "0")
        .unwrap_or_else(|| panic!("{code:#}"))["diagnosis"]
        .clone();
    assert_eq!(diagnosis["symptom"], "weak-oracle", "{diagnosis:#}");
    assert!(
        diagnosis["propagation"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["location"] == "receiver.last" && p["original"] == "Integer:3"),
        "{diagnosis:#}"
    );
}

/// Two shards of one split run, merged, give the unsplit run's methods.json, with the
/// baseline run once and shared, and without it (each shard runs its own).
#[test]
fn two_shards_merged_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let built = build_example(dir.path());
    let inputs = (built.0.as_path(), built.1.as_path(), built.2.as_slice());
    let d = |name: &str| dir.path().join(name);
    let run = |extra: &[&std::ffi::OsStr], code: i32| {
        let mut args: Vec<&std::ffi::OsStr> = vec!["--workers".as_ref(), "1".as_ref()];
        args.extend(extra);
        let out = mutate(inputs, &args);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(code), "{stderr}");
        stderr
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    // Regression: output files in directories that do not exist yet (they are created).
    let whole = d("reports/whole.json");
    run(&["-o".as_ref(), whole.as_os_str()], 1);
    let whole_methods = serde_json::from_str::<Value>(&read(&whole)).unwrap()["methods"]
        .as_array()
        .unwrap()
        .len();

    // The baseline once, then each shard from it.
    let base = d("baselines/baseline.json");
    let said = run(
        &[
            "--baseline".as_ref(),
            base.as_os_str(),
            "--baseline-only".as_ref(),
        ],
        0,
    );
    assert!(said.contains("baseline of 6 tests (1 red)"), "{said}");
    let merged_from = |label: &str, baseline: Option<&Path>| -> Vec<PathBuf> {
        let mut reports = Vec::new();
        let mut counts = Vec::new();
        for k in 1..=2 {
            let report = d(&format!("shards/{label}-{k}.json"));
            let methods = d(&format!("{label}-{k}-methods.json"));
            let shard = format!("{k}/2");
            let mut args: Vec<&std::ffi::OsStr> = vec![
                "--shard".as_ref(),
                shard.as_ref(),
                "--report".as_ref(),
                report.as_os_str(),
                "-o".as_ref(),
                methods.as_os_str(),
            ];
            if let Some(file) = baseline {
                args.extend(["--baseline".as_ref(), file.as_os_str()]);
            }
            // A shard may hold only tested methods (exit 0) or not (1).
            let mut all: Vec<&std::ffi::OsStr> = vec!["--workers".as_ref(), "1".as_ref()];
            all.extend(&args);
            let out = mutate(inputs, &all);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(matches!(out.status.code(), Some(0 | 1)), "{stderr}");
            assert!(stderr.contains(&format!("(shard {k}/2; ")), "{stderr}");
            if baseline.is_some() && (label == "shared" || k == 2) {
                assert!(
                    !stderr.contains("without mutants"),
                    "baseline run again: {stderr}"
                );
            }
            let n = serde_json::from_str::<Value>(&read(&methods)).unwrap()["methods"]
                .as_array()
                .unwrap()
                .len();
            counts.push(n);
            reports.push(report);
        }
        assert_eq!(counts.iter().sum::<usize>(), whole_methods, "{counts:?}");
        assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
        reports
    };
    // Regression: the first shard given a baseline file that does not exist yet runs the
    // baseline and writes it; the second reads it. Both must partition by the same costs.
    let written = d("written/baseline.json");
    for (label, baseline) in [
        ("shared", Some(base.as_path())),
        ("own", None),
        ("first-writes", Some(written.as_path())),
    ] {
        let reports = merged_from(label, baseline);
        let merged = d(&format!("merged/{label}.json"));
        let html = d(&format!("{label}-html"));
        let out = Command::new(env!("CARGO_BIN_EXE_mimic"))
            .args(["mutate", "merge"])
            .arg(&reports[1])
            .arg(&reports[0])
            .arg("-o")
            .arg(&merged)
            .arg("--html")
            .arg(&html)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert_eq!(
            read(&merged),
            read(&whole),
            "{label}: merged shards differ from one run"
        );
        assert!(read(&html.join("index.html")).contains("VersionedSet.incrementVersion"));
        let summary = String::from_utf8_lossy(&out.stdout);
        assert!(summary.contains("pseudo-tested"), "{summary}");
    }

    // A missing shard, and a baseline made from other methods, are usage errors.
    let out = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args(["mutate", "merge"])
        .arg(d("shards/shared-1.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 2/2 is missing"));
    let text = read(&base).replacen("VersionedSet.", "VersionedSet.x", 1);
    std::fs::write(&base, text).unwrap();
    let said = run(&["--baseline".as_ref(), base.as_os_str()], 2);
    assert!(
        said.contains("was made from other inputs (target method 0"),
        "{said}"
    );
}

/// Issue 19: on the example Maven project, `--in-diff` with a one-method change (git,
/// in the project directory) mutates exactly that method, in its module; the other
/// module mutates nothing.
#[test]
fn in_diff_on_a_maven_project_mutates_exactly_the_changed_method() {
    let dir = tempfile::tempdir().unwrap();
    let project = maven_project(dir.path());
    let git = |args: &[&str]| git_in(&project, args);
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "shop"]);
    let source = project.join("core/src/main/java/se/kth/castor/shop/Price.java");
    let text = std::fs::read_to_string(&source).unwrap();
    let changed = text.replace("return cents == 0;", "return cents == 0L;");
    assert_ne!(text, changed);
    std::fs::write(&source, changed).unwrap();

    let output = Command::new(env!("CARGO_BIN_EXE_mimic"))
        .args([
            "mutate",
            "--json",
            "--workers",
            "1",
            "--in-diff",
            "HEAD",
            "--project",
        ])
        .arg(&project)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report: Value = json_of(&output);
    let names = |module: &str| -> Vec<String> {
        report[module]["methods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                format!(
                    "{}.{}",
                    m["class"].as_str().unwrap(),
                    m["name"].as_str().unwrap()
                )
            })
            .collect()
    };
    assert_eq!(names("shop-core"), ["Price.isFree"], "{stderr}");
    assert!(names("shop-app").is_empty(), "{stderr}");
    assert_eq!(
        report["shop-core"]["summary"]["outside-diff"], 2,
        "{stderr}"
    );
    assert_eq!(
        method(&report["shop-core"], "isFree")["classification"],
        "pseudo-tested"
    );
}

/// Issue 14: a test runner with a class loader of its own (PowerMock's, junit-clptr's
/// `ClassLoaderPerTestRunner`, which Apache Commons Validator 1.9.0's
/// `DomainValidatorStartupTest` runs with) defines the application's classes again, and
/// mimic's mutant switch with them: that copy had no coverage array, so each such test
/// failed with `ArrayIndexOutOfBoundsException` (21 red tests on Validator, all green under
/// Maven) and its mutants could not be switched on. The copy follows the class path's
/// switch: the tests are green, cover what they call, and detect its mutants.
#[test]
fn tests_run_from_a_class_loader_of_their_own_cover_and_detect() {
    let (report, stderr) = fixture_on_one_jvm("mutate-own-loader", "*DoublerTest", &[]);
    assert_eq!(
        report["summary"]["red-tests"], 0,
        "{:#}\n{stderr}",
        report["red-tests"]
    );
    for name in ["twice", "positive"] {
        let m = method(&report, name);
        assert_eq!(m["classification"], "tested", "{m:#}\n{stderr}");
        let mutations = m["mutations"].as_array().unwrap();
        assert!(!mutations.is_empty(), "{m:#}");
        for mutation in mutations {
            assert_eq!(
                mutation["status"], "KILLED",
                "{name}: {mutation:#}\n{stderr}"
            );
            let killer = strings(&mutation["killing-tests"]);
            assert!(
                killer.len() == 1 && killer[0].contains("DoublerTest#"),
                "{name}: {mutation:#}"
            );
        }
    }
}

/// Descartes' literals apply to a method returning their type's box too (`0` and `1` to
/// `Integer`, returned as `Integer.valueOf(0)`), which mimic left with `null` alone: on
/// Apache Commons Validator 1.9.0, `GenericTypeValidator.formatByte` & co. were tested for
/// mimic and partially tested for PIT + Descartes, whose `(byte)0`/`(byte)1` survive. Every
/// box gets `null` and its literals; a test that checks only an empty list leaves `0` alive.
#[test]
fn literals_apply_to_boxes_as_descartes_applies_them() {
    let (report, stderr) = fixture_on_one_jvm("mutate-boxed", "*BoxesTest", &[]);
    let statuses = |name: &str| pairs(&method(&report, name)["mutations"], "mutator", "status");
    let killed = |ops: &[&str]| -> Vec<(String, String)> {
        ops.iter()
            .map(|o| (o.to_string(), "KILLED".to_string()))
            .collect()
    };
    let count = method(&report, "boxCount");
    assert_eq!(
        count["classification"], "partially-tested",
        "{count:#}\n{stderr}"
    );
    assert_eq!(
        statuses("boxCount"),
        [
            ("null".into(), "KILLED".into()),
            ("0".into(), "SURVIVED".into()),
            ("1".into(), "KILLED".into())
        ],
        "{stderr}"
    );
    assert_eq!(
        statuses("boxBlank"),
        killed(&["null", "true", "false"]),
        "{stderr}"
    );
    assert_eq!(
        statuses("boxInitial"),
        killed(&["null", "' '", "'A'"]),
        "{stderr}"
    );
    assert_eq!(
        statuses("boxTotal"),
        killed(&["null", "0L", "1L"]),
        "{stderr}"
    );
    assert_eq!(
        statuses("boxHalf"),
        killed(&["null", "0.0", "0.1"]),
        "{stderr}"
    );
}
