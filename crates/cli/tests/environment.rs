//! Issue 17 end to end: a program that reads the clock, randomness, files it deletes
//! afterwards, environment variables, properties, the machine, standard input and an HTTP
//! server it stops at the end, and writes a journal, through `mimic run`. Its methods
//! become MUTs for their environment interactions alone; the generated tests replay what
//! production read, check the writes without performing them, and pass (every run) with
//! the files and the server gone; a secret environment variable is never stored.

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

mod common;

use common::{compile_dir, example_src, files_under, mimic, run_mimic, write_plan};
use mimic_jvm::Jdk;
use serde_json::Value;

const SECRET: &str = "s3cr3t-token-4711";

/// Run `command` (the example's workload, under mimic) to its end, with its standard
/// input: a name and a quantity.
fn with_workload_input(mut command: std::process::Command) -> std::process::Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"Ada\n3\n").unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn environment_reads_are_recorded_and_replayed_so_tests_pass_without_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    compile_dir(&example_src("environment"), &classes);
    let out = dir.path().join("out");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let test_class = |name: &str| {
        mimic_test_support::mimic_tests_of(
            &out.join("src/test/java/se/kth/castor/environment"),
            name,
        )
    };
    let java = Jdk::locate().unwrap().java();
    let mut command = mimic();
    command
        .args([
            "run",
            "-c",
            &s(&classes),
            "--out",
            &s(&out),
            "--runs",
            "3",
            "--perturb",
            "--",
        ])
        .arg(&java)
        .args(["-cp", &s(&classes), "se.kth.castor.environment.Main"])
        .env("MIMIC_EXAMPLE_API_TOKEN", SECRET)
        .env("MIMIC_EXAMPLE_REGION", "north");
    let run = with_workload_input(command);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stdout}\n{stderr}");

    // The plan: environment interactions of every category, found in the MUTs' bodies and
    // in a private helper (`Settings.header` → `today` → `LocalDate.now()`).
    let plan: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("plan.json")).unwrap()).unwrap();
    let mut categories = std::collections::BTreeSet::new();
    for m in plan["muts"].as_array().unwrap() {
        for c in m["mockable_calls"]
            .as_array()
            .unwrap()
            .iter()
            .chain(m["deeper_calls"].as_array().unwrap())
        {
            if c["receiver"]["kind"] == "environment" {
                categories.insert(c["receiver"]["category"].as_str().unwrap().to_string());
            }
        }
    }
    assert_eq!(
        categories.into_iter().collect::<Vec<_>>(),
        ["files", "input", "network", "process", "randomness", "time"]
    );
    let header = plan["muts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["method"] == "header")
        .expect("Settings.header is a MUT through its helper's clock read");
    assert_eq!(header["deeper_calls"][0]["via"]["method"], "today");
    assert_eq!(
        header["deeper_calls"][0]["receiver"]["key"],
        "LocalDate.now()"
    );

    // Every generated test passes in all three runs, though the clock moved, the
    // randomness differs and the footer file was deleted when the workload ended.
    assert!(stdout.contains("successfully mimic (100.0%)"), "{stdout}");
    assert!(stdout.contains("0 flaky"), "{stdout}");
    // … and under another date, time zone and locale, working directory, without network.
    assert!(
        stdout.contains("perturbed (the clock a year and a day later; time zone Pacific/Kiritimati, locale tr-TR; another working directory; no network): 0 unstable test(s)"),
        "{stdout}\n{stderr}"
    );
    let stamper = test_class("Stamper");
    assert!(
        stamper
            .contains("EnvironmentReplay environment = EnvironmentReplay.replay(Stamper.class);"),
        "{stamper}"
    );
    // A template method's step overridden in a subclass (`HomeLocator.roots` reading
    // `user.home`): the read is the method's, replayed in the subclass too. Before, only
    // `Locator` was redirected, the real property was read, and the call oracle saw one
    // call fewer than production (fontbox's `NativeFontDirFinder.find`).
    let locator = test_class("Locator");
    assert!(
        locator.contains(
            "EnvironmentReplay.replay(Locator.class, \"se.kth.castor.environment.HomeLocator\");"
        ) && locator.contains("environment.answer(\"System.getProperty(String)\", "),
        "{locator}"
    );
    // An anonymous class's read is replayed in that class, which the test names by its
    // receiver (the interface it calls it through makes no call).
    let anonymous = test_class("Settings1");
    assert!(
        anonymous.contains(
            "IntSupplier receiver = Fixtures.create(\"se.kth.castor.environment.Settings$1\");"
        ) && anonymous.contains("EnvironmentReplay.replay(receiver.getClass());"),
        "{anonymous}"
    );
    for key in [
        "System.currentTimeMillis()",
        "Random.nextInt(int)",
        "Files.readString(Path)",
        "Files.exists(Path, LinkOption[])",
    ] {
        assert!(
            stamper.contains(&format!("environment.answer(\"{key}\", ")),
            "{key}: {stamper}"
        );
    }
    let footer = first_path(&stamper).expect("the footer's path is rebuilt");
    assert!(
        !Path::new(footer).exists(),
        "{footer} was deleted by the workload"
    );
    assert!(out
        .join("src/test/java/mimic/EnvironmentReplay.java")
        .is_file());

    // Each MUT that read the environment has tests, the one whose read is a secret too:
    // its value is redacted when recorded and replayed as a placeholder, so the test
    // learns the secret is there, never what it is.
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("src/test/java/mimic-tests.json")).unwrap(),
    )
    .unwrap();
    let tested: std::collections::BTreeSet<&str> = manifest["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["mut_method"].as_str().unwrap())
        .collect();
    for m in [
        "stamp",
        "footerOrDefault",
        "newId",
        "roll",
        "chance",
        "greeting",
        "workers",
        "header",
        "language",
        "zone",
        "ticket",
        "ask",
        "quantity",
        "fetch",
        "raw",
        "append",
        "entries",
        "authenticated",
        "firstLine",
        "size",
        "firstWord",
        "label",
        "weekday",
        "offsetHours",
        "connect",
        "ask",
        "words",
        "siblings",
        "die",
    ] {
        assert!(
            tested.contains(m),
            "{m}: {tested:?}\ngaps {}\nskipped {}\n{stdout}\n{stderr}",
            manifest["gaps"],
            manifest["skipped"]
        );
    }
    let gaps = manifest["gaps"].as_array().unwrap();
    assert!(gaps.is_empty(), "{gaps:?}");
    // Static state the MUT read is set as production had it and restored after: the
    // second ticket's test expects serial 2 whichever test runs first.
    let ids = test_class("Ids");
    for serial in [0, 1] {
        assert!(
            ids.contains(&format!(
                "Object previousIssued = Fixtures.setStatic(Ids.class, \"issued\", {serial});"
            )),
            "{ids}"
        );
    }
    assert!(
        ids.contains("Fixtures.setStatic(Ids.class, \"issued\", previousIssued);"),
        "{ids}"
    );
    // Constructors that read the environment are replayed too: `new Date()` answers the
    // recorded instant, `new FileReader(file)` a stand-in whose reads are replayed.
    let archive = test_class("Archive");
    assert!(
        archive.contains("environment.answer(\"new Date()\", new java.util.Date("),
        "{archive}"
    );
    assert!(
        archive.contains("environment.answer(\"new FileReader(File)\", new java.io.FileReader("),
        "{archive}"
    );
    // A lazy stream of the file system comes back over the list production's yielded.
    assert!(
        archive.contains(
            "environment.answer(\"Files.lines(Path)\", java.util.List.of(\"Thank you, run "
        ),
        "{archive}"
    );
    // A socket connects to an unconnected stand-in; what came back through it is replayed.
    let echo = test_class("Echo");
    assert!(
        echo.contains("environment.answer(\"new Socket(String, int)\", new java.net.Socket());"),
        "{echo}"
    );
    assert!(
        echo.contains("environment.answer(\"BufferedReader.readLine()\", \"echo hello #"),
        "{echo}"
    );
    let settings = test_class("Settings");
    assert!(
        settings.contains(
            "environment.answer(\"Calendar.getInstance()\", new java.util.Calendar.Builder()"
        ),
        "{settings}"
    );
    assert!(
        settings.contains("EnvironmentReplay.REDACTED);"),
        "{settings}"
    );
    // Nowhere in what mimic wrote: the trace store (and its journal), its log, the plan,
    // the tests, verify's work.
    for file in files_under(&out) {
        let bytes = std::fs::read(&file).unwrap();
        assert!(
            !bytes.windows(SECRET.len()).any(|w| w == SECRET.as_bytes()),
            "the secret environment variable's value is in {}",
            file.display()
        );
    }
    // What standard input gave is replayed to the scanner the prompt holds.
    let prompt = test_class("Prompt");
    assert!(
        prompt.contains("environment.answer(\"Scanner.nextLine()\", \"Ada\");"),
        "{prompt}"
    );
    // The HTTP exchange: the request checked by its summary, the response replayed.
    let quotes = test_class("Quotes");
    assert!(
        quotes.contains("EnvironmentReplay.described(\"http://127.0.0.1:"),
        "{quotes}"
    );
    assert!(
        quotes.contains("environment.answer(\"HttpResponse.statusCode()\", 404);"),
        "{quotes}"
    );
    // Writes are checked, not performed: the journal the tests "append" to stays gone.
    let journal = test_class("Journal");
    assert!(
        journal.contains(
            "environment.assertCalledWith(\"Files.writeString(Path, CharSequence, OpenOption[])\", java.nio.file.Path.of("
        ),
        "{journal}"
    );
    let journal_file = first_path(&journal).expect("the journal's path is rebuilt");
    assert!(
        journal_file.ends_with("journal.txt") && !Path::new(journal_file).exists(),
        "{journal_file} was deleted by the workload and not written by the tests"
    );
    // A value that is not a secret is replayed as production read it.
    let settings = test_class("Settings");
    assert!(
        settings.contains("environment.answer(\"System.getenv(String)\", \"north\");"),
        "{settings}"
    );
}

/// The first path a generated test rebuilds (`java.nio.file.Path.of("…")`).
fn first_path(source: &str) -> Option<&str> {
    source
        .split("java.nio.file.Path.of(\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
}

/// `verify --perturb` is not blind: hand-written tests that read the real clock, the
/// default locale and the working directory pass normally and are each reported
/// unstable under the perturbation that changes what they read; a test that reads
/// nothing is not.
#[test]
fn perturbation_finds_tests_that_read_the_real_environment() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    compile_dir(&example_src("environment"), &classes);
    let example = example_src("environment").join("..");
    let run = mimic()
        .args(["verify", "--tests"])
        .arg(example.join("dependent-tests"))
        .arg("-c")
        .arg(&classes)
        .args(["--runs", "2", "--perturb", "--json", "--test-dir"])
        .arg(&example)
        .arg("--work")
        .arg(dir.path().join("work"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["summary"]["successfully_mimic"], 4, "{stdout}");
    assert_eq!(report["summary"]["unstable"], 3, "{stdout}");
    let found: std::collections::BTreeMap<&str, &str> = report["unstable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["method"].as_str().unwrap(),
                u["perturbation"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        std::collections::BTreeMap::from([
            (
                "clockAgreesWithTheFileSystem",
                "the clock a year and a day later"
            ),
            ("readsItsSourcesByRelativePath", "another working directory"),
            (
                "upperCaseInTheDefaultLocale",
                "time zone Pacific/Kiritimati, locale tr-TR"
            ),
        ])
    );
}

/// Found running `mimic mutate` on generated tests: the tests that replay the environment
/// were red under mutation (20 of 35 methods of this example "not covered"), because the
/// replay redirected the environment calls of every method but the synthetic ones, where
/// the mutant schema keeps the original bodies. With the generated tests as the suite,
/// every test is green without mutants and the methods that read the environment are
/// tested.
#[test]
fn environment_replay_holds_under_mutation() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    compile_dir(&example_src("environment"), &classes);
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let (plan, store, tests, work) = (
        dir.path().join("plan.json"),
        dir.path().join("traces.db"),
        dir.path().join("tests"),
        dir.path().join("verify"),
    );
    let ok = |(code, out, err): (Option<i32>, String, String)| {
        assert_eq!(code, Some(0), "{out}{err}");
        out
    };
    write_plan(&classes, &plan);
    let java = Jdk::locate().unwrap().java();
    let mut command = mimic();
    command
        .args(["record", "--plan", &s(&plan), "--store", &s(&store), "--"])
        .arg(&java)
        .args(["-cp", &s(&classes), "se.kth.castor.environment.Main"]);
    let recorded = with_workload_input(command);
    assert_eq!(recorded.status.code(), Some(0), "{recorded:?}");
    ok(run_mimic(&[
        "generate",
        "--store",
        &s(&store),
        "--out",
        &s(&tests),
    ]));
    ok(run_mimic(&[
        "verify",
        "--tests",
        &s(&tests),
        "-c",
        &s(&classes),
        "--runs",
        "1",
        "--work",
        &s(&work),
    ]));
    let runtime = mimic_jvm::JunitRuntime::fetch(
        &mimic_jvm::ArtifactCache::default_location(),
        &mimic_jvm::Maven::locate().unwrap(),
    )
    .unwrap();
    let mut classpath = vec![tests.clone()];
    classpath.extend(runtime.test_classpath());
    let out = mimic()
        .args([
            "mutate",
            "--classes",
            &s(&classes),
            "--tests",
            &s(&work.join("classes")),
        ])
        .arg("--classpath")
        .arg(std::env::join_paths(&classpath).unwrap())
        .args(["--workers", "1", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        report["red-tests"].as_array().unwrap().len(),
        0,
        "{:#}",
        report["red-tests"]
    );
    let new_id = report["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["class"] == "Ids" && m["name"] == "newId")
        .expect("Ids.newId is mutated");
    assert_eq!(new_id["classification"], "tested", "{new_id:#}");
}
