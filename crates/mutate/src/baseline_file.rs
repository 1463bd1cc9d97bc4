//! `--baseline FILE`: the baseline run ([`crate::baseline`]) saved once and reused, so
//! that the shards of a split run (`--shard k/n`) do not each run the whole suite again,
//! and all of them partition the methods by the same test times ([`crate::shard`]).
//!
//! The file holds, per discovered test, its result without mutants (times, target
//! methods reached, invocations; red with its reason), and what was reached outside the
//! tests (class set-up, static initialisers). Method ids are the schema's, so the file
//! names every target method and every test it was made from: a run whose classes,
//! operators, stop methods or tests differ, or that runs a test the file's run left out
//! (`--include-tests`/`--exclude-tests`), refuses it with a usage error rather than
//! reading coverage for other methods or none for that test.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::baseline::{Baseline, OutsideTests};
use crate::error::MutateError;
use crate::targets::TargetMethod;
use crate::worker::DiscoveredTest;

const SCHEMA: u32 = 1;

/// A saved baseline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BaselineFile {
    pub schema: u32,
    /// Every target method of the selection, `id class.name descriptor`.
    pub methods: Vec<String>,
    /// The discovered tests' unique ids, in discovery order.
    pub tests: Vec<String>,
    /// Per test, in the same order.
    pub results: Vec<Baseline>,
    /// Target methods reached in class set-up.
    pub shared: BTreeSet<u32>,
    /// Target methods reached from static initialisers, with the classes initialised.
    pub inits: BTreeMap<u32, BTreeSet<String>>,
}

/// `id class.name descriptor` per method: what a baseline's method ids mean.
pub fn method_keys(methods: &[TargetMethod]) -> Vec<String> {
    methods
        .iter()
        .map(|m| format!("{} {}.{} {}", m.id, m.class, m.name, m.descriptor))
        .collect()
}

impl BaselineFile {
    pub fn new(
        methods: Vec<String>,
        tests: &[DiscoveredTest],
        results: &[Baseline],
        outside: &OutsideTests,
    ) -> Self {
        BaselineFile {
            schema: SCHEMA,
            methods,
            tests: tests.iter().map(|t| t.unique_id.clone()).collect(),
            results: results.to_vec(),
            shared: outside.shared.clone(),
            inits: outside.inits.clone(),
        }
    }

    /// Write it (JSON).
    pub fn save(&self, path: &Path) -> Result<(), MutateError> {
        crate::json_file::write(path, self)
    }

    /// Read one written by [`BaselineFile::save`].
    pub fn load(path: &Path) -> Result<Self, MutateError> {
        let file: BaselineFile =
            crate::json_file::read(path, "a baseline file written by mimic mutate")?;
        if file.schema != SCHEMA || file.results.len() != file.tests.len() {
            return Err(MutateError::Usage(format!(
                "{}: schema {} with {} results for {} tests (this mimic writes schema {SCHEMA})",
                path.display(),
                file.schema,
                file.results.len(),
                file.tests.len()
            )));
        }
        Ok(file)
    }

    /// Whether it was made from these methods and tests, with no test this run runs
    /// (`runs`, by name: its `--include-tests`/`--exclude-tests`) left out; the first
    /// difference if not.
    pub fn check(
        &self,
        path: &Path,
        methods: &[String],
        tests: &[DiscoveredTest],
        runs: &dyn Fn(&str) -> bool,
    ) -> Result<(), MutateError> {
        let stale = |what: String| {
            Err(MutateError::Usage(format!(
                "--baseline {} was made from other inputs ({what}): delete it to run the baseline again",
                path.display()
            )))
        };
        if let Some(i) = (0..methods.len().max(self.methods.len()))
            .find(|&i| methods.get(i) != self.methods.get(i))
        {
            return stale(format!(
                "target method {}: {} here, {} in the file",
                i,
                methods.get(i).map_or("none", String::as_str),
                self.methods.get(i).map_or("none", String::as_str)
            ));
        }
        if let Some(i) = (0..tests.len().max(self.tests.len()))
            .find(|&i| tests.get(i).map(|t| &t.unique_id) != self.tests.get(i))
        {
            return stale(format!(
                "test {}: {} here, {} in the file",
                i,
                tests.get(i).map_or("none", |t| t.unique_id.as_str()),
                self.tests.get(i).map_or("none", String::as_str)
            ));
        }
        if let Some((test, _)) = tests
            .iter()
            .zip(&self.results)
            .find(|(t, r)| matches!(r, Baseline::Excluded) && runs(&t.name))
        {
            return stale(format!(
                "test {} was left out by --include-tests/--exclude-tests when it was made",
                test.name
            ));
        }
        Ok(())
    }

    /// What was reached outside the tests.
    pub fn outside(&self) -> OutsideTests {
        OutsideTests {
            shared: self.shared.clone(),
            inits: self.inits.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(id: &str) -> DiscoveredTest {
        DiscoveredTest {
            unique_id: id.into(),
            name: id.into(),
            left_out_by_tags: false,
        }
    }

    #[test]
    fn round_trips_and_refuses_other_inputs() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("baseline.json");
        let tests = [test("[a]"), test("[b]")];
        let results = [
            Baseline::Green {
                nanos: 5,
                cpu_nanos: 4,
                hits: vec![0, 2],
                invocations: 3,
                alloc_bytes: 7,
            },
            Baseline::Red("failed".into()),
        ];
        let mut outside = OutsideTests::default();
        outside.shared.insert(2);
        outside.inits.entry(1).or_default().insert("p.C".into());
        let methods = vec!["0 p/C.f ()I".to_string(), "1 p/C.g ()V".into()];
        let file = BaselineFile::new(methods.clone(), &tests, &results, &outside);
        file.save(&path).unwrap();
        let read = BaselineFile::load(&path).unwrap();
        assert_eq!(read, file);
        assert_eq!(read.outside(), outside);
        read.check(&path, &methods, &tests, &|_| true).unwrap();

        let err = read
            .check(&path, &methods[..1], &tests, &|_| true)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("target method 1: none here, 1 p/C.g ()V in the file"),
            "{err}"
        );
        let err = read
            .check(&path, &methods, &[test("[a]"), test("[c]")], &|_| true)
            .unwrap_err()
            .to_string();
        assert!(err.contains("test 1: [c] here, [b] in the file"), "{err}");

        // Regression: a test left out (--exclude-tests) when the file was made has no
        // coverage in it; a run that includes it must not read it as excluded.
        let excluded = BaselineFile::new(
            methods.clone(),
            &tests,
            &[results[0].clone(), Baseline::Excluded],
            &outside,
        );
        excluded
            .check(&path, &methods, &tests, &|name| name != "[b]")
            .unwrap();
        let err = excluded
            .check(&path, &methods, &tests, &|_| true)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("test [b] was left out by --include-tests/--exclude-tests"),
            "{err}"
        );

        std::fs::write(&path, "{\"schema\": 1}").unwrap();
        let err = BaselineFile::load(&path).unwrap_err().to_string();
        assert!(
            err.contains("not a baseline file written by mimic mutate"),
            "{err}"
        );
    }
}
