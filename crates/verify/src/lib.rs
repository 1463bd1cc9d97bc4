//! Verifying generated tests: compile them (isolating files that do not compile), run
//! them on the JUnit Platform N times, and classify every test as rick does —
//! successfully mimics (passes every run), incompletely mimics (an oracle fails),
//! unhandled behaviour (an exception before the oracle), flaky (outcome differs between
//! runs) or does not compile — with the per-MUT figures of the paper's tables.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mimic_generate::manifest::MANIFEST_FILE;
use mimic_generate::{Manifest, Oracle};
use mimic_jvm::{
    compile, java_sources_under, run_junit, CompileOptions, Jdk, JunitRuntime, JunitSelect,
    JvmError, TestStatus,
};
use serde::Serialize;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum VerifyError {
    #[error(transparent)]
    Jvm(#[from] JvmError),
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("{0}: no Java test sources")]
    NoTests(PathBuf),
}

/// The verdict on one generated test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    SuccessfullyMimics,
    IncompletelyMimics,
    Unhandled,
    Flaky,
    DoesNotCompile,
}

#[derive(Debug, Clone, Serialize)]
pub struct TestVerdict {
    pub class: String,
    pub method: String,
    pub oracle: Option<Oracle>,
    pub verdict: Verdict,
    /// The failure of the first failing run, if any: exception class and message.
    pub failure: Option<String>,
    pub mut_key: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub tests: usize,
    pub successfully_mimic: usize,
    pub incompletely_mimic: usize,
    pub unhandled: usize,
    pub flaky: usize,
    pub compile_errors: usize,
}

/// One row of the per-MUT table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MutRow {
    pub mut_key: String,
    pub tests: usize,
    pub captured_bytes: usize,
    pub mock_objects: usize,
    pub mock_methods: usize,
    pub stubs: usize,
    pub oo_statements: usize,
    pub po_statements: usize,
    pub co_statements: usize,
    pub successfully_mimic: usize,
    pub incompletely_mimic: usize,
    pub unhandled: usize,
    pub flaky: usize,
    pub compile_errors: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub summary: Summary,
    pub runs: usize,
    pub muts: Vec<MutRow>,
    pub tests: Vec<TestVerdict>,
    /// javac's diagnostics for files that did not compile.
    pub compile_diagnostics: Vec<(String, String)>,
}

/// Exception classes that mean "an oracle failed" rather than "the MUT fell over".
fn is_oracle_failure(kind: &str) -> bool {
    kind.starts_with("org.opentest4j.")
        || kind.starts_with("org.mockito.exceptions.verification.")
        || kind == "java.lang.AssertionError"
        || kind.starts_with("org.junit.")
}

fn class_of_source(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap_or(file);
    rel.with_extension("")
        .to_string_lossy()
        .replace(['/', '\\'], ".")
}

/// Compile, run `runs` times, classify.
pub fn verify(
    jdk: &Jdk,
    runtime: &JunitRuntime,
    tests_dir: &Path,
    app_classpath: &[PathBuf],
    work: &Path,
    runs: usize,
) -> Result<Report, VerifyError> {
    let manifest: Option<Manifest> = std::fs::read(tests_dir.join(MANIFEST_FILE))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok());
    let sources = java_sources_under(tests_dir);
    if sources.is_empty() {
        return Err(VerifyError::NoTests(tests_dir.to_path_buf()));
    }
    let mut cp: Vec<PathBuf> = app_classpath.to_vec();
    cp.extend(runtime.test_classpath());
    let classes = work.join("classes");
    let _ = std::fs::remove_dir_all(&classes);
    let options = CompileOptions {
        release: None,
        extra_args: vec!["-g".into(), "-nowarn".into()],
    };

    // Compile a working copy; remove each test method javac rejects (recording why) and
    // retry, so that one bad method does not sink its whole class. Errors outside any test
    // method drop the whole file.
    let src = work.join("src");
    let _ = std::fs::remove_dir_all(&src);
    for s in &sources {
        let target = src.join(s.strip_prefix(tests_dir).unwrap_or(s));
        let io = |e: std::io::Error| VerifyError::Io {
            path: target.clone(),
            message: e.to_string(),
        };
        std::fs::create_dir_all(target.parent().unwrap_or(&src)).map_err(io)?;
        std::fs::copy(s, &target).map_err(io)?;
    }
    let mut broken: Vec<(String, String)> = Vec::new();
    let mut broken_methods: Vec<(String, String, String)> = Vec::new();
    let mut good = java_sources_under(&src);
    for _attempt in 0..20 {
        let _ = std::fs::remove_dir_all(&classes);
        match compile(jdk, &good, &cp, &classes, &options) {
            Ok(_) => break,
            Err(JvmError::Compile { diagnostics, .. }) => {
                let removed =
                    remove_failing_methods(&src, &diagnostics, &mut broken_methods, &mut broken)?;
                good = java_sources_under(&src);
                good.retain(|f| !broken.iter().any(|(c, _)| class_of_source(&src, f) == *c));
                if !removed {
                    return Err(VerifyError::Io {
                        path: src.clone(),
                        message: format!("tests do not compile: {diagnostics}"),
                    });
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    let test_classes: Vec<String> = good
        .iter()
        .filter(|s| s.to_string_lossy().ends_with("Test.java"))
        .map(|s| class_of_source(&src, s))
        .collect();

    // Run N times.
    let mut run_cp = vec![classes.clone()];
    // JSON resources for large values: their root, or the test source root itself.
    match manifest.as_ref().and_then(|m| m.resource_root.clone()) {
        Some(root) => run_cp.push(PathBuf::from(root)),
        None => run_cp.push(tests_dir.to_path_buf()),
    }
    run_cp.extend(app_classpath.iter().cloned());
    let mut statuses: BTreeMap<(String, String), Vec<TestStatus>> = BTreeMap::new();
    if !test_classes.is_empty() {
        for i in 0..runs.max(1) {
            let reports = work.join(format!("reports/run-{i}"));
            let run = run_junit(
                jdk,
                runtime,
                &run_cp,
                &JunitSelect::Classes(test_classes.clone()),
                &reports,
                &[],
            )?;
            for o in run.outcomes {
                let method = o
                    .method_name
                    .split('(')
                    .next()
                    .unwrap_or(&o.method_name)
                    .to_string();
                statuses
                    .entry((o.class_name, method))
                    .or_default()
                    .push(o.status);
            }
        }
    }

    let lookup = |class: &str, method: &str| {
        manifest.as_ref().and_then(|m| {
            m.tests
                .iter()
                .find(|t| t.class == class && t.method == method)
        })
    };
    let mut tests = Vec::new();
    for ((class, method), st) in &statuses {
        let all_pass = st.iter().all(|s| matches!(s, TestStatus::Passed));
        let same = st
            .windows(2)
            .all(|w| std::mem::discriminant(&w[0]) == std::mem::discriminant(&w[1]));
        let failure = st.iter().find_map(|s| match s {
            TestStatus::Failed { kind, message } | TestStatus::Errored { kind, message } => {
                Some(format!("{kind}: {}", message.as_deref().unwrap_or("")))
            }
            TestStatus::Skipped { message } => {
                Some(format!("skipped: {}", message.as_deref().unwrap_or("")))
            }
            TestStatus::Passed => None,
        });
        let verdict = if all_pass {
            Verdict::SuccessfullyMimics
        } else if !same || st.len() < runs.max(1) {
            Verdict::Flaky
        } else {
            match &st[0] {
                TestStatus::Failed { kind, .. } | TestStatus::Errored { kind, .. }
                    if is_oracle_failure(kind) =>
                {
                    Verdict::IncompletelyMimics
                }
                _ => Verdict::Unhandled,
            }
        };
        let t = lookup(class, method);
        tests.push(TestVerdict {
            class: class.clone(),
            method: method.clone(),
            oracle: t.map(|t| t.oracle),
            verdict,
            failure,
            mut_key: t.map(|t| format!("{}.{}{}", t.mut_class, t.mut_method, t.mut_descriptor)),
        });
    }
    for (class, method, error) in &broken_methods {
        let t = lookup(class, method);
        tests.push(TestVerdict {
            class: class.clone(),
            method: method.clone(),
            oracle: t.map(|t| t.oracle),
            verdict: Verdict::DoesNotCompile,
            failure: Some(error.clone()),
            mut_key: t.map(|t| format!("{}.{}{}", t.mut_class, t.mut_method, t.mut_descriptor)),
        });
    }
    // Tests of files that did not compile.
    if let Some(m) = &manifest {
        for t in &m.tests {
            if broken.iter().any(|(c, _)| c == &t.class) {
                tests.push(TestVerdict {
                    class: t.class.clone(),
                    method: t.method.clone(),
                    oracle: Some(t.oracle),
                    verdict: Verdict::DoesNotCompile,
                    failure: None,
                    mut_key: Some(format!(
                        "{}.{}{}",
                        t.mut_class, t.mut_method, t.mut_descriptor
                    )),
                });
            }
        }
    }

    let mut summary = Summary {
        tests: tests.len(),
        ..Summary::default()
    };
    let mut rows: BTreeMap<String, MutRow> = BTreeMap::new();
    for t in &tests {
        let row = t.mut_key.as_ref().map(|k| {
            rows.entry(k.clone()).or_insert_with(|| MutRow {
                mut_key: k.clone(),
                ..MutRow::default()
            })
        });
        let (s, r) = match t.verdict {
            Verdict::SuccessfullyMimics => (
                &mut summary.successfully_mimic,
                row.map(|r| &mut r.successfully_mimic),
            ),
            Verdict::IncompletelyMimics => (
                &mut summary.incompletely_mimic,
                row.map(|r| &mut r.incompletely_mimic),
            ),
            Verdict::Unhandled => (&mut summary.unhandled, row.map(|r| &mut r.unhandled)),
            Verdict::Flaky => (&mut summary.flaky, row.map(|r| &mut r.flaky)),
            Verdict::DoesNotCompile => (
                &mut summary.compile_errors,
                row.map(|r| &mut r.compile_errors),
            ),
        };
        *s += 1;
        if let Some(r) = r {
            *r += 1;
        }
    }
    if let Some(m) = &manifest {
        for t in &m.tests {
            let key = format!("{}.{}{}", t.mut_class, t.mut_method, t.mut_descriptor);
            let row = rows.entry(key.clone()).or_insert_with(|| MutRow {
                mut_key: key,
                ..MutRow::default()
            });
            row.tests += 1;
            row.captured_bytes = row.captured_bytes.max(t.captured_bytes);
            row.mock_objects = row.mock_objects.max(t.mock_objects);
            row.mock_methods = row.mock_methods.max(t.mock_methods);
            row.stubs = row.stubs.max(t.stubs);
            match t.oracle {
                Oracle::Output => row.oo_statements += t.oracle_statements,
                Oracle::Parameters => row.po_statements += t.oracle_statements,
                Oracle::Calls => row.co_statements += t.oracle_statements,
            }
        }
    }
    Ok(Report {
        summary,
        runs: runs.max(1),
        muts: rows.into_values().collect(),
        tests,
        compile_diagnostics: broken,
    })
}

/// Parse javac's `File.java:LINE: error: …` lines; cut the enclosing `@Test` method out of
/// each file (recording it in `methods`), or give up on the whole file (`files`) when an
/// error is outside any test method. Returns whether anything was removed.
fn remove_failing_methods(
    src: &Path,
    diagnostics: &str,
    methods: &mut Vec<(String, String, String)>,
    files: &mut Vec<(String, String)>,
) -> Result<bool, VerifyError> {
    let mut by_file: BTreeMap<PathBuf, Vec<(usize, String)>> = BTreeMap::new();
    for line in diagnostics.lines() {
        let Some(at) = line.find(".java:") else {
            continue;
        };
        let file = PathBuf::from(&line[..at + 5]);
        let rest = &line[at + 6..];
        let Some((number, message)) = rest.split_once(": error: ") else {
            continue;
        };
        let Ok(n) = number.parse::<usize>() else {
            continue;
        };
        by_file
            .entry(file)
            .or_default()
            .push((n, message.to_string()));
    }
    let mut removed = false;
    for (file, errors) in by_file {
        let class = class_of_source(src, &file);
        let text = std::fs::read_to_string(&file).map_err(|e| VerifyError::Io {
            path: file.clone(),
            message: e.to_string(),
        })?;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut cut: Vec<(usize, usize, String, String)> = Vec::new();
        let mut whole_file = false;
        for (n, message) in &errors {
            let idx = n.saturating_sub(1).min(lines.len().saturating_sub(1));
            // The method header at or above the error, and its @Test line.
            let header = (0..=idx).rev().find(|&i| {
                lines[i].starts_with("    void ") && lines[i].ends_with("throws Throwable {")
            });
            let Some(h) = header else {
                whole_file = true;
                break;
            };
            let start = (0..h).rev().find(|&i| lines[i] == "    @Test").unwrap_or(h);
            let Some(end) = (h..lines.len()).find(|&i| lines[i] == "    }") else {
                whole_file = true;
                break;
            };
            if idx > end {
                whole_file = true;
                break;
            }
            let name = lines[h]
                .trim_start_matches("    void ")
                .split('(')
                .next()
                .unwrap_or("")
                .to_string();
            if !cut.iter().any(|c| c.0 == start) {
                cut.push((start, end, name, message.clone()));
            }
        }
        if whole_file {
            files.push((
                class,
                errors
                    .iter()
                    .map(|(n, m)| format!("line {n}: {m}"))
                    .collect::<Vec<_>>()
                    .join("; "),
            ));
            removed = true;
            continue;
        }
        cut.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (start, end, name, message) in cut {
            lines.splice(
                start..=end,
                [format!(
                    "    // mimic verify: {name} does not compile: {message}"
                )],
            );
            methods.push((class.clone(), name, message));
            removed = true;
        }
        std::fs::write(&file, lines.join("\n") + "\n").map_err(|e| VerifyError::Io {
            path: file.clone(),
            message: e.to_string(),
        })?;
    }
    Ok(removed)
}
