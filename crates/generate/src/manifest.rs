//! `mimic-tests.json`: what was generated, per test (its MUT, oracle, the figures of the
//! rick paper's tables) and per skipped invocation (why). `mimic verify` reads it.

use std::path::Path;

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
}

impl Manifest {
    pub fn new(store: &Path, run: i64) -> Manifest {
        Manifest {
            schema_version: 1,
            store: store.display().to_string(),
            run,
            resource_root: None,
            resources: 0,
            tests: Vec::new(),
            skipped: Vec::new(),
        }
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
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SkippedInvocation {
    pub mut_class: String,
    pub mut_method: String,
    pub mut_descriptor: String,
    pub invocation: u64,
    pub reason: String,
}
