//! Shared set-up of the fixture tests: fetch the real test and mocking libraries from
//! Maven Central (once, into mimic's artifact cache), compile the hand-written fixtures
//! with javac once per test binary, and run the analysis on them.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mimic_jvm::{compile, java_sources_under, pinned, ArtifactCache, CompileOptions, Jdk, Maven};
use mimic_mocks::report::{MethodReport, MockInvocation, Report};
use mimic_mocks::{analyse_paths, Options};

pub struct Fixtures {
    pub tests: PathBuf,
    pub prod: PathBuf,
    pub libraries: Vec<PathBuf>,
    _dir: tempfile::TempDir,
}

pub fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Fixtures> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let jdk = Jdk::locate().expect("a JDK 17+");
        let maven = Maven::locate().expect("Maven");
        let cache = ArtifactCache::default_location();
        let libraries = cache
            .fetch(&maven, &pinned::mock_detection_fixture_libraries())
            .expect("fixture libraries from Maven Central");
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let dir = tempfile::Builder::new()
            .prefix("mocks-fixtures-")
            .tempdir()
            .unwrap();
        let prod = dir.path().join("prod");
        let tests = dir.path().join("tests");
        let options = CompileOptions {
            release: Some(17),
            extra_args: vec!["-g".into(), "-nowarn".into(), "-proc:none".into()],
        };
        compile(
            &jdk,
            &java_sources_under(root.join("prod")),
            &[],
            &prod,
            &options,
        )
        .expect("production fixtures compile");
        let mut cp = vec![prod.clone()];
        cp.extend(libraries.iter().cloned());
        compile(
            &jdk,
            &java_sources_under(root.join("tests")),
            &cp,
            &tests,
            &options,
        )
        .expect("test fixtures compile");
        Fixtures {
            tests,
            prod,
            libraries,
            _dir: dir,
        }
    })
}

/// The fixture report, interprocedural or not.
pub fn report(interprocedural: bool) -> Report {
    let f = fixtures();
    let mut cp = vec![f.prod.clone()];
    cp.extend(f.libraries.iter().cloned());
    let options = Options {
        interprocedural,
        ..Options::default()
    };
    analyse_paths(std::slice::from_ref(&f.tests), &cp, &options)
}

/// Mock invocations in `class` (simple name) / `method`, as `callee-name` strings.
pub fn mock_calls(report: &Report, class: &str, method: &str) -> Vec<String> {
    let class = format!("fx.{class}");
    report
        .mock_invocations
        .iter()
        .filter(|m| m.class == class && (m.method == method || method_is_lambda_of(m, method)))
        .map(|m| {
            let name = m.callee.split('(').next().unwrap_or("");
            name.rsplit('.').next().unwrap_or("").to_string()
        })
        .collect()
}

fn method_is_lambda_of(m: &MockInvocation, method: &str) -> bool {
    m.method.starts_with(&format!("lambda${method}$"))
}

pub fn method<'a>(report: &'a Report, class: &str, method: &str) -> &'a MethodReport {
    let class = format!("fx.{class}");
    report
        .methods
        .iter()
        .find(|m| m.class == class && m.method == method)
        .unwrap_or_else(|| panic!("{class}.{method} not in the report"))
}
