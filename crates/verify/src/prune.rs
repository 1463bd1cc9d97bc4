//! `mimic verify --prune`: every generated test that did not successfully mimic (in every
//! run, and under every perturbation when there were some) is taken out of the generated
//! sources, leaving a one-line comment with its verdict and first failure, and out of
//! `mimic-tests.json`, so that what stays is a suite a developer can keep.
//!
//! The test methods are cut by lines, as `compile` cuts what javac rejects: `mimic
//! generate` writes each one as `    @Test`, its annotations, `    void name() throws
//! Throwable {` and a closing `    }` (a Java parser would find the same bounds).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use mimic_generate::java::comment_text;
use mimic_generate::manifest::MANIFEST_FILE;
use mimic_generate::Manifest;

use crate::compile::write_text;
use crate::{Report, Verdict, VerifyError};

/// What `prune` took out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Test methods removed.
    pub tests: usize,
    /// Source files changed.
    pub files: usize,
    /// Tests that did not mimic but were not found in their source (class, method).
    pub not_found: Vec<(String, String)>,
}

/// Remove from the sources under `tests_dir` (and its manifest) the tests `report` did not
/// find to successfully mimic.
pub fn prune(tests_dir: &Path, report: &Report) -> Result<Pruned, VerifyError> {
    let unstable: HashSet<(&str, &str)> = report
        .unstable
        .iter()
        .map(|u| (u.class.as_str(), u.method.as_str()))
        .collect();
    // Per class: (method, why).
    let mut by_class: BTreeMap<&str, Vec<(&str, String)>> = BTreeMap::new();
    for t in &report.tests {
        let why = if t.verdict != Verdict::SuccessfullyMimics {
            format!("{:?}", t.verdict)
        } else if unstable.contains(&(t.class.as_str(), t.method.as_str())) {
            "unstable under a perturbation".to_string()
        } else {
            continue;
        };
        let first = t
            .failure
            .as_deref()
            .and_then(|f| f.lines().map(str::trim).find(|l| !l.is_empty()))
            .map(|f| format!(": {f}"))
            .unwrap_or_default();
        by_class
            .entry(t.class.as_str())
            .or_default()
            .push((t.method.as_str(), format!("{why}{first}")));
    }
    let mut pruned = Pruned::default();
    let mut removed: HashSet<(String, String)> = HashSet::new();
    for (class, methods) in by_class {
        let file: PathBuf = tests_dir.join(format!("{}.java", class.replace('.', "/")));
        let Ok(text) = std::fs::read_to_string(&file) else {
            pruned.not_found.extend(
                methods
                    .iter()
                    .map(|(m, _)| (class.to_string(), m.to_string())),
            );
            continue;
        };
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut changed = false;
        for (method, why) in methods {
            match method_lines(&lines, method) {
                Some((start, end)) => {
                    lines.splice(
                        start..=end,
                        [format!(
                            "    // mimic verify --prune: {method} removed ({})",
                            comment_text(&why)
                        )],
                    );
                    removed.insert((class.to_string(), method.to_string()));
                    pruned.tests += 1;
                    changed = true;
                }
                None => pruned
                    .not_found
                    .push((class.to_string(), method.to_string())),
            }
        }
        if changed {
            write_text(&file, &(lines.join("\n") + "\n"))?;
            pruned.files += 1;
        }
    }
    let manifest_path = tests_dir.join(MANIFEST_FILE);
    if !removed.is_empty() {
        if let Some(mut manifest) = Manifest::read_in(tests_dir) {
            manifest
                .tests
                .retain(|t| !removed.contains(&(t.class.clone(), t.method.clone())));
            let json = serde_json::to_string_pretty(&manifest).unwrap_or_default();
            write_text(&manifest_path, &json)?;
        }
    }
    Ok(pruned)
}

/// The lines of test method `name`: from its `@Test` line to its closing brace.
fn method_lines(lines: &[String], name: &str) -> Option<(usize, usize)> {
    let header = format!("    void {name}() throws Throwable {{");
    let h = lines.iter().position(|l| *l == header)?;
    let start = (0..h).rev().find(|&i| lines[i] == "    @Test")?;
    // Only annotations between `@Test` and the header.
    if !lines[start + 1..h]
        .iter()
        .all(|l| l.trim_start().starts_with('@'))
    {
        return None;
    }
    let end = (h..lines.len()).find(|&i| lines[i] == "    }")?;
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_method_is_found_from_its_test_line_to_its_closing_brace() {
        let source = "class AMimicTest {\n    @Test\n    @DisplayName(\"x\")\n    void x_1_output() throws Throwable {\n        int a = 1;\n    }\n\n    @Test\n    void y_1_output() throws Throwable {\n    }\n}\n";
        let lines: Vec<String> = source.lines().map(str::to_string).collect();
        assert_eq!(method_lines(&lines, "x_1_output"), Some((1, 5)));
        assert_eq!(method_lines(&lines, "y_1_output"), Some((7, 9)));
        assert_eq!(method_lines(&lines, "z_1_output"), None);
    }
}
