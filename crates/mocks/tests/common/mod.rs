//! Shared set-up of the fixture tests: fetch the real test and mocking libraries from
//! Maven Central (once, into mimic's artifact cache), compile the hand-written fixtures
//! with javac once per test binary, and run the analysis on them.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mimic_jvm::{java_sources_under, pinned};
use mimic_mocks::report::{MethodReport, MockInvocation, Report};
use mimic_mocks::{analyse_paths, Options};
use mimic_test_support::{compile_for_analysis, fetched};

pub struct Fixtures {
    pub tests: PathBuf,
    pub prod: PathBuf,
    pub libraries: Vec<PathBuf>,
}

pub fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Fixtures> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let libraries = fetched(&pinned::mock_detection_fixture_libraries());
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let prod = compile_for_analysis(&java_sources_under(root.join("prod")), &[], "mocks-prod-");
        let mut cp = vec![prod.clone()];
        cp.extend(libraries.iter().cloned());
        let tests =
            compile_for_analysis(&java_sources_under(root.join("tests")), &cp, "mocks-tests-");
        Fixtures {
            tests,
            prod,
            libraries,
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
