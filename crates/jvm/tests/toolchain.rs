//! End-to-end: the real JDK, Maven and JUnit Platform, through mimic_jvm.
//! Needs Java 17+ and Maven (and, the first time, Maven Central).

use std::path::{Path, PathBuf};

use mimic_jvm::{
    compile, java_sources_under, run_junit, ArtifactCache, CompileOptions, Jdk, JunitRuntime,
    JunitSelect, JvmError, TestStatus,
};

const CALC: &str = r#"package demo;

public class Calc {
    public int add(int a, int b) {
        return a + b;
    }

    // final: mocking it needs Mockito's inline mock maker.
    public final int twice(int x) {
        return 2 * x;
    }
}
"#;

const CALC_TEST: &str = r#"package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

class CalcTest {
    @Test
    void passes() {
        assertEquals(4, new Calc().add(2, 2));
    }

    @Test
    void fails() {
        assertEquals(5, new Calc().add(2, 2), "two plus two");
    }

    @Test
    void errors() {
        if (new Calc().add(1, 1) == 2) {
            throw new IllegalStateException("boom before the assertion");
        }
        assertEquals(1, 1);
    }

    @Test
    void mocks() {
        Calc calc = mock(Calc.class);
        when(calc.twice(3)).thenReturn(7);
        assertEquals(7, calc.twice(3));
        verify(calc).twice(3);
    }

    @Test
    @Disabled("not today")
    void skipped() {
    }
}
"#;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn runtime() -> JunitRuntime {
    let maven = mimic_test_support::maven();
    JunitRuntime::fetch(&ArtifactCache::default_location(), &maven).expect("fetch test runtime")
}

/// Compiles Calc and CalcTest under `dir`; returns (main classes, test classes).
fn build(jdk: &Jdk, rt: &JunitRuntime, dir: &Path) -> (PathBuf, PathBuf) {
    write(&dir.join("src/main/demo/Calc.java"), CALC);
    write(&dir.join("src/test/demo/CalcTest.java"), CALC_TEST);
    let main_out = dir.join("classes");
    let test_out = dir.join("test-classes");
    let options = CompileOptions {
        release: Some(17),
        extra_args: vec!["-g".into()],
    };
    let out = compile(
        jdk,
        &java_sources_under(dir.join("src/main")),
        &[],
        &main_out,
        &options,
    )
    .expect("compile Calc");
    assert_eq!(out.warnings, 0, "{}", out.diagnostics);
    assert!(main_out.join("demo/Calc.class").is_file());

    let mut cp = vec![main_out.clone()];
    cp.extend(rt.test_classpath());
    compile(
        jdk,
        &java_sources_under(dir.join("src/test")),
        &cp,
        &test_out,
        &options,
    )
    .expect("compile CalcTest");
    assert!(test_out.join("demo/CalcTest.class").is_file());
    (main_out, test_out)
}

fn assert_calc_outcomes(run: &mimic_jvm::JunitRun) {
    let mut got: Vec<(String, String, TestStatus)> = run
        .outcomes
        .iter()
        .map(|o| {
            (
                o.class_name.clone(),
                o.method_name.clone(),
                o.status.clone(),
            )
        })
        .collect();
    got.sort_by(|a, b| a.1.cmp(&b.1));
    let t = |m: &str, s: TestStatus| ("demo.CalcTest".to_string(), m.to_string(), s);
    let expected = vec![
        t(
            "errors()",
            TestStatus::Errored {
                kind: "java.lang.IllegalStateException".into(),
                message: Some("boom before the assertion".into()),
            },
        ),
        t(
            "fails()",
            TestStatus::Failed {
                kind: "org.opentest4j.AssertionFailedError".into(),
                message: Some("two plus two ==> expected: <5> but was: <4>".into()),
            },
        ),
        t("mocks()", TestStatus::Passed),
        t("passes()", TestStatus::Passed),
        t(
            "skipped()",
            TestStatus::Skipped {
                message: Some("not today".into()),
            },
        ),
    ];
    assert_eq!(
        got, expected,
        "stdout:\n{}\nstderr:\n{}",
        run.stdout, run.stderr
    );
    assert_eq!((run.passed(), run.failed(), run.skipped()), (2, 2, 1));
    assert_eq!(
        run.exit_code,
        Some(1),
        "failing tests make the launcher exit 1"
    );
    assert!(run.outcomes.iter().all(|o| o.time_seconds >= 0.0));
}

#[test]
fn locates_a_jdk_17_or_newer() {
    let jdk = mimic_test_support::jdk();
    assert!(jdk.feature_version >= 17, "{jdk:?}");
    assert!(jdk.java().is_file(), "{jdk:?}");
    assert!(jdk.javac().is_file(), "{jdk:?}");
    assert!(jdk.tool("javap").is_file(), "{jdk:?}");
    assert!(jdk
        .version_string
        .starts_with(&jdk.feature_version.to_string()));
    assert_eq!(Jdk::at(&jdk.home).unwrap(), jdk);
}

#[test]
fn locates_maven() {
    let maven = mimic_test_support::maven();
    assert!(
        maven.version.starts_with('3') || maven.version.starts_with('4'),
        "{maven:?}"
    );
}

#[test]
fn compiles_and_runs_junit_tests_with_mockito() {
    let jdk = mimic_test_support::jdk();
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let (main_out, test_out) = build(&jdk, &rt, dir.path());

    let reports = dir.path().join("reports");
    let cp = vec![test_out.clone(), main_out.clone()];
    let run = run_junit(
        &jdk,
        &rt,
        &cp,
        &JunitSelect::Classes(vec!["demo.CalcTest".into()]),
        &reports,
        &[],
    )
    .expect("JUnit runs");
    assert_calc_outcomes(&run);
    assert!(reports.join("TEST-junit-jupiter.xml").is_file());
    assert!(
        !run.stderr.contains("dynamically"),
        "Mockito was loaded as an agent, so no self-attach warning:\n{}",
        run.stderr
    );

    // Scanning the class path finds the same tests; old reports are replaced.
    let run = run_junit(&jdk, &rt, &cp, &JunitSelect::ScanClassPath, &reports, &[]).unwrap();
    assert_calc_outcomes(&run);

    // One method only.
    let run = run_junit(
        &jdk,
        &rt,
        &cp,
        &JunitSelect::Methods(vec!["demo.CalcTest#passes".into()]),
        &reports,
        &[],
    )
    .unwrap();
    assert_eq!(run.outcomes.len(), 1);
    assert_eq!(
        run.outcome("demo.CalcTest", "passes()").unwrap().status,
        TestStatus::Passed
    );
    assert_eq!(run.exit_code, Some(0));
}

#[test]
fn a_compile_error_carries_javac_diagnostics() {
    let jdk = mimic_test_support::jdk();
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src/Broken.java");
    write(&src, "class Broken { int x = \"not an int\"; }\n");
    let err = compile(
        &jdk,
        &[src],
        &[],
        &dir.path().join("out"),
        &CompileOptions::default(),
    )
    .unwrap_err();
    match &err {
        JvmError::Compile {
            first_error,
            diagnostics,
            sources,
            ..
        } => {
            assert_eq!(*sources, 1);
            assert!(
                first_error.contains("Broken.java:1: error"),
                "{first_error}"
            );
            assert!(diagnostics.contains("incompatible types"), "{diagnostics}");
        }
        other => panic!("expected a compile error, got {other}"),
    }
    assert!(err.to_string().contains("javac failed"), "{err}");
}

#[test]
fn counts_warnings_and_handles_spaces_in_paths() {
    let jdk = mimic_test_support::jdk();
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("dir with spaces/Raw.java");
    write(
        &src,
        "import java.util.*;\nclass Raw { List l = new ArrayList(); void f() { l.add(1); } }\n",
    );
    let out = compile(
        &jdk,
        &[src],
        &[],
        &dir.path().join("out dir"),
        &CompileOptions {
            release: Some(17),
            extra_args: vec!["-Xlint:all".into()],
        },
    )
    .unwrap();
    assert!(out.warnings >= 2, "{}", out.diagnostics);
    assert!(dir.path().join("out dir/Raw.class").is_file());
}

/// Every other JDK 17+ installed beside the default one (e.g. a Temurin 25 in
/// /usr/lib/jvm) compiles and runs the same tests with the same outcomes, and
/// Mockito, loaded as an agent, prints no dynamic-attach warning on 21+. On
/// Java 25+ this also covers Byte Buddy's experimental mode, which run_junit
/// turns on past the newest Java the pinned Byte Buddy knows.
#[test]
fn other_installed_jdks_give_the_same_outcomes() {
    let default = mimic_test_support::jdk();
    let Ok(entries) = std::fs::read_dir("/usr/lib/jvm") else {
        return;
    };
    let mut homes: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| !p.is_symlink())
        .collect();
    homes.sort();
    let rt = runtime();
    for home in homes {
        let Ok(jdk) = Jdk::at(&home) else { continue };
        if jdk.feature_version < 17
            || jdk.home.canonicalize().ok() == default.home.canonicalize().ok()
        {
            continue;
        }
        eprintln!(
            "checking {} (Java {})",
            jdk.home.display(),
            jdk.version_string
        );
        let dir = tempfile::tempdir().unwrap();
        let (main_out, test_out) = build(&jdk, &rt, dir.path());
        let run = run_junit(
            &jdk,
            &rt,
            &[test_out, main_out],
            &JunitSelect::Classes(vec!["demo.CalcTest".into()]),
            &dir.path().join("reports"),
            &[],
        )
        .unwrap();
        assert_calc_outcomes(&run);
        assert!(
            !run.stderr.contains("loaded dynamically"),
            "{}: {}",
            jdk.home.display(),
            run.stderr
        );
    }
}
