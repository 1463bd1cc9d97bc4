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

    /// The manifest `mimic generate` wrote in test source root `tests_dir`: `Ok(None)`
    /// when there is none, an error naming the file when it is there but cannot be read
    /// or is not a manifest.
    pub fn load_from(tests_dir: &Path) -> Result<Option<Manifest>, String> {
        let path = tests_dir.join(MANIFEST_FILE);
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: cannot be read: {e}", path.display())),
        };
        serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| format!("{}: not a manifest of mimic generate: {e}", path.display()))
    }

    /// The manifest in `tests_dir`, if it is there and reads back; one that is there but
    /// does not is named on stderr with why, and the caller goes on without it (tests
    /// are then judged without what generate recorded about them).
    pub fn read_in(tests_dir: &Path) -> Option<Manifest> {
        Self::load_from(tests_dir).unwrap_or_else(|why| {
            eprintln!("mimic: {why}; going on without it");
            None
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_that_is_there_but_does_not_read_back_is_named_with_why() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(Manifest::load_from(dir.path()), Ok(None)));
        std::fs::write(dir.path().join(MANIFEST_FILE), "{\"tests\": [").unwrap();
        let why = Manifest::load_from(dir.path()).unwrap_err();
        assert!(why.contains(MANIFEST_FILE), "{why}");
        assert!(why.contains("not a manifest"), "{why}");
        assert!(Manifest::read_in(dir.path()).is_none());
        let empty = Manifest::new(Path::new("traces.db"), 1);
        std::fs::write(
            dir.path().join(MANIFEST_FILE),
            serde_json::to_string(&empty).unwrap(),
        )
        .unwrap();
        assert!(Manifest::load_from(dir.path()).unwrap().is_some());
    }
}
