//! `mimic-tests.json`: what was generated, per test (its MUT, oracle, the figures of the
//! rick paper's tables) and per skipped invocation (why). `mimic verify` reads it.

use std::path::Path;

use mimic_diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};

use crate::testcase::Oracle;

pub const MANIFEST_FILE: &str = "mimic-tests.json";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    pub schema_version: u32,
    pub store: String,
    pub run: i64,
    /// Resource root of the JSON files large values are read from (`None`: the test
    /// source root itself), and how many were written.
    #[serde(default)]
    pub resource_root: Option<String>,
    #[serde(default)]
    pub resources: usize,
    pub tests: Vec<ManifestTest>,
    pub skipped: Vec<SkippedInvocation>,
    /// MUTs the run invoked.
    #[serde(default)]
    pub invoked_muts: usize,
    /// Every invoked MUT that got no test, with the reason (closed list).
    #[serde(default)]
    pub gaps: Vec<crate::gaps::Gap>,
    /// MUTs with tests that only forward one mocked call (`Mut::delegation`): their tests
    /// check a forwarding, counted apart.
    #[serde(default)]
    pub delegating_muts: usize,
    /// MUTs whose tests have mocks (or default arrays) standing in for objects the
    /// recorder's depth limit cut: they would have had none otherwise.
    #[serde(default)]
    pub stand_in_muts: usize,
}

impl Manifest {
    pub fn new(store: &Path, run: i64) -> Manifest {
        Manifest {
            schema_version: 2,
            store: store.display().to_string(),
            run,
            resource_root: None,
            resources: 0,
            tests: Vec::new(),
            skipped: Vec::new(),
            invoked_muts: 0,
            gaps: Vec::new(),
            delegating_muts: 0,
            stand_in_muts: 0,
        }
    }

    /// The manifest `mimic generate` wrote in test source root `tests_dir`, if it is
    /// there and reads back.
    pub fn read_in(tests_dir: &Path) -> Option<Manifest> {
        std::fs::read(tests_dir.join(MANIFEST_FILE))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ManifestTest {
    /// Binary name of the test class.
    pub class: String,
    pub method: String,
    pub oracle: Oracle,
    pub mut_class: String,
    pub mut_method: String,
    pub mut_descriptor: String,
    pub invocation: u64,
    /// Size of the recorded invocation (JSON bytes).
    pub captured_bytes: usize,
    /// How long the recorded production invocation took (what the default per-test
    /// timeout of `mimic verify` is derived from).
    #[serde(default)]
    pub recorded_ns: u64,
    pub mock_objects: usize,
    pub mock_methods: usize,
    pub stubs: usize,
    pub oracle_statements: usize,
    /// Mocks (or default arrays) stand in for objects the recorder's depth limit cut.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stand_ins: bool,
}

/// An invocation no test was generated for: mimic's one diagnostic type (severity
/// `skipped`), with the MUT's class and method and the invocation's id.
pub type SkippedInvocation = Diagnostic;

/// The diagnostic for invocation `invocation` of a MUT, skipped because of `reason`.
pub fn skipped_invocation(
    class: &str,
    method: &str,
    descriptor: &str,
    invocation: u64,
    reason: impl Into<String>,
) -> Diagnostic {
    Diagnostic::skipped(reason)
        .in_class(class)
        .in_method(method, descriptor)
        .for_invocation(invocation)
}
