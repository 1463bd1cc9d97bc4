//! Test generation (rick phase 3): every distinct recorded invocation of a MUT becomes up
//! to three JUnit 5 + Mockito tests — output, parameter and call oracles — in one test
//! class per class under test, in its package, plus the `mimic.Fixtures` helper and a
//! manifest (`mimic-tests.json`) that `mimic verify` reads. A method whose invocations
//! give no test because the recorder's depth limit cut objects it is fed (or because a
//! stream it writes to or reads from is opaque) is tried once more with stand-ins for
//! them ([`testcase::StandIns`]). Output is deterministic.

pub mod check;
pub mod each_lambda;
pub mod environment;
pub mod fixtures;
pub mod gaps;
pub mod java;
pub mod manifest;
pub mod model;
pub mod output;
pub mod render;
pub mod selection;
pub mod testcase;
pub mod values;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mimic_trace::{Store, StoreError};
use thiserror::Error;

pub use gaps::{Gap, SkipReason};
pub use manifest::{skipped_invocation, Manifest, ManifestTest, SkippedInvocation};
pub use testcase::{Oracle, StandIns};

#[derive(Debug, Error)]
pub enum GenerateError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("the trace store has no recorded run")]
    NoRun,
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    pub oracles: Vec<Oracle>,
    /// Distinct invocations turned into tests per MUT (the first ones recorded).
    pub max_per_mut: usize,
    /// Run to read; the latest when `None`.
    pub run: Option<i64>,
    /// Where JSON resources for large values go (a resource root, laid out by package);
    /// `None`: beside the test sources in `out`.
    pub resources: Option<PathBuf>,
    /// A test class past this many lines is continued in the next ([`CLASS_LINES`]).
    pub class_lines: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            oracles: vec![Oracle::Output, Oracle::Parameters, Oracle::Calls],
            max_per_mut: 5,
            run: None,
            resources: None,
            class_lines: CLASS_LINES,
        }
    }
}

/// Test class name for a class under test: `com.x.Outer$Inner` → `OuterInnerMimicTest`.
pub fn test_class_name(binary: &str) -> String {
    let simple = binary.rsplit('.').next().unwrap_or(binary);
    format!(
        "{}MimicTest",
        simple.split('$').map(java::capitalised).collect::<String>()
    )
}

/// The relative path of `file` in the directory of `package` (`com.x` → `com/x/file`).
fn in_package(package: &str, file: &str) -> PathBuf {
    let mut path: PathBuf = package.split('.').filter(|p| !p.is_empty()).collect();
    path.push(file);
    path
}

/// Generate tests from `store` into the source root `out`.
pub fn generate(store: &Store, out: &Path, options: &Options) -> Result<Manifest, GenerateError> {
    let run = match options.run {
        Some(r) => r,
        None => store.latest_run()?.ok_or(GenerateError::NoRun)?,
    };
    // Per class under test: its test classes' methods and its skipped-invocation comments.
    let mut classes: BTreeMap<String, ClassOut> = BTreeMap::new();
    let mut staged = output::Staged::default();
    let mut manifest = Manifest::new(store.path(), run);
    let mut name_counters: std::collections::HashMap<(String, String), usize> =
        std::collections::HashMap::new();
    manifest.resource_root = options.resources.as_ref().map(|p| p.display().to_string());
    for summary in store.mut_summaries(run)? {
        if summary.invocations == 0 {
            continue;
        }
        manifest.invoked_muts += 1;
        let m = store.mut_entry(run, summary.mut_index)?;
        let tests_before = manifest.tests.len();
        // Why each of its invocations got no test.
        let mut reasons: Vec<SkipReason> = Vec::new();
        if let Err(rejected) = check::mut_entry(&m) {
            // Nothing of this MUT reaches Java source or a path; each invocation is
            // named as skipped, with the row that holds the bad name.
            for id in store.invocation_ids(run, Some(summary.mut_index))? {
                manifest.skipped.push(skipped_invocation(
                    &m.class,
                    &m.method,
                    &m.descriptor,
                    id,
                    format!("MUT {} of run {run}: {rejected}", summary.mut_index),
                ));
                reasons.push(SkipReason::RejectedStore);
            }
            manifest
                .gaps
                .push(Gap::new(&m.class, &m.method, &m.descriptor, &reasons));
            continue;
        }
        let entry = classes.entry(m.class.clone()).or_default();
        // Test names number invocations per method name, across overloads.
        let counter = name_counters
            .entry((m.class.clone(), m.method.clone()))
            .or_insert(0);
        let selected = selection::select(
            store,
            run,
            summary.mut_index,
            &m,
            options.max_per_mut,
            &mut manifest,
            &mut reasons,
        )?;
        let first = *counter;
        let test_class = test_class_name(&m.class);
        let attempt = |stand_ins| -> Vec<Result<testcase::Generated, testcase::Skipped>> {
            selected
                .iter()
                .enumerate()
                .map(|(i, inv)| {
                    let (ordinal, oracles) = (first + i + 1, &options.oracles);
                    testcase::tests_for(&m, inv, ordinal, oracles, &test_class, stand_ins)
                })
                .collect()
        };
        let mut results = attempt(StandIns::Recorded);
        // A method that would get no test: again with mocks standing in for the objects
        // the depth limit cut (and empty streams for those it writes to or reads from),
        // kept if that gives it one.
        let cut = |r: &Result<_, testcase::Skipped>| {
            r.as_ref().is_err_and(|s| {
                s.kind == SkipReason::OpaqueValue
                    && (s.reason.contains("depth limit")
                        || [values::OUTPUT_STREAM, values::INPUT_STREAM]
                            .iter()
                            .any(|why| s.reason.contains(&format!("({why})"))))
            })
        };
        let mut stand_ins = false;
        if results.iter().all(Result::is_err) && results.iter().any(cut) {
            let retried = attempt(StandIns::CutObjects);
            if retried.iter().any(Result::is_ok) {
                results = retried;
                stand_ins = true;
                manifest.stand_in_muts += 1;
            }
        }
        *counter += selected.len();
        for (inv, result) in selected.into_iter().zip(results) {
            let captured = serde_json::to_string(&inv).map(|s| s.len()).unwrap_or(0);
            match result {
                Ok(generated) => {
                    let resource_root = options.resources.as_deref().unwrap_or(out);
                    for (file, json) in generated.resources {
                        let path = in_package(java::package_of(&m.class), &file);
                        staged.add(resource_root, &path, json)?;
                        manifest.resources += 1;
                    }
                    for t in generated.tests {
                        let part = entry.add(&t.source, t.replays_environment, options.class_lines);
                        let test_class = format!(
                            "{}.{}",
                            java::package_of(&m.class),
                            part_name(&test_class, part)
                        )
                        .trim_start_matches('.')
                        .to_string();
                        manifest.tests.push(ManifestTest {
                            class: test_class,
                            method: t.name,
                            oracle: t.oracle,
                            mut_class: m.class.clone(),
                            mut_method: m.method.clone(),
                            mut_descriptor: m.descriptor.clone(),
                            invocation: inv.id,
                            captured_bytes: captured,
                            recorded_ns: inv.duration_ns,
                            mock_objects: t.mock_objects,
                            mock_methods: t.mock_methods,
                            stubs: t.stubs,
                            oracle_statements: t.oracle_statements,
                            stand_ins,
                        });
                    }
                }
                Err(s) => {
                    entry.skipped.push(format!(
                        "    // Not generated for production invocation {} of {}{}: {}\n",
                        inv.id,
                        m.method,
                        m.descriptor,
                        java::comment_text(&s.reason)
                    ));
                    manifest.skipped.push(skipped_invocation(
                        &m.class,
                        &m.method,
                        &m.descriptor,
                        inv.id,
                        s.reason,
                    ));
                    reasons.push(s.kind);
                }
            }
        }
        if manifest.tests.len() == tests_before {
            manifest
                .gaps
                .push(Gap::new(&m.class, &m.method, &m.descriptor, &reasons));
        } else if m.delegation {
            manifest.delegating_muts += 1;
        }
    }
    let header = format!(
        "// Generated by mimic from production behaviour recorded in {} (run {run}).\n// Regenerate with `mimic generate` rather than editing by hand.\n",
        java::comment_text(
            &store
                .path()
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_default()
        )
    );
    let mut replays_environment = false;
    let only_skipped = [Part::default()];
    for (class, out_class) in &classes {
        let package = java::package_of(class);
        // A class whose invocations were all skipped still gets a test class saying why.
        let parts: &[Part] = match (out_class.parts.is_empty(), out_class.skipped.is_empty()) {
            (false, _) => &out_class.parts,
            (true, false) => &only_skipped,
            (true, true) => continue,
        };
        for (i, part) in parts.iter().enumerate() {
            // The skipped invocations are listed once, in the first test class.
            let skipped: &[String] = if i == 0 { &out_class.skipped } else { &[] };
            replays_environment |= part.replays;
            let name = part_name(&test_class_name(class), i);
            let src = test_class_source(&header, class, package, &name, part, skipped);
            staged.add(out, &in_package(package, &format!("{name}.java")), src)?;
        }
    }
    staged.add(
        out,
        Path::new(fixtures::FIXTURES_PATH),
        fixtures::FIXTURES_SOURCE.to_string(),
    )?;
    if replays_environment {
        staged.add(
            out,
            Path::new(environment::ENVIRONMENT_PATH),
            environment::helper_source(),
        )?;
    }
    staged.add(
        out,
        Path::new(manifest::MANIFEST_FILE),
        serde_json::to_string_pretty(&manifest).unwrap_or_default(),
    )?;
    staged.commit()?;
    Ok(manifest)
}

/// A test class past this many lines is continued in the next (`FooMimic2Test`, …), so
/// that no generated file grows beyond what a developer reads (issue 15).
pub const CLASS_LINES: usize = 600;

/// The generated test classes of one class under test.
#[derive(Default)]
struct ClassOut {
    parts: Vec<Part>,
    /// Comments naming the invocations that got no test.
    skipped: Vec<String>,
}

/// One test class: its test methods, their lines, whether one replays the environment.
#[derive(Default)]
struct Part {
    methods: Vec<String>,
    lines: usize,
    replays: bool,
}

impl ClassOut {
    /// Add a test method to the last test class, or to a new one when it would pass
    /// `limit` lines; returns the index of the test class it went into.
    fn add(&mut self, source: &str, replays: bool, limit: usize) -> usize {
        let lines = source.lines().count() + 1;
        let full = self
            .parts
            .last()
            .is_none_or(|p| !p.methods.is_empty() && p.lines + lines > limit);
        if full {
            self.parts.push(Part::default());
        }
        let part = self.parts.last_mut().expect("pushed above");
        part.methods.push(source.to_string());
        part.lines += lines;
        part.replays |= replays;
        self.parts.len() - 1
    }
}

/// The name of the `index`-th test class of a class under test: `FooMimicTest`, then
/// `FooMimic2Test`, `FooMimic3Test`, … (ending in `Test`, so that JUnit's and Maven
/// Surefire's default class-name patterns find them).
fn part_name(name: &str, index: usize) -> String {
    if index == 0 {
        name.to_string()
    } else {
        format!("{}{}Test", name.trim_end_matches("Test"), index + 1)
    }
}

/// The source of one test class: `header`, then `part`'s test methods and the
/// `skipped` comments.
fn test_class_source(
    header: &str,
    class: &str,
    package: &str,
    name: &str,
    part: &Part,
    skipped: &[String],
) -> String {
    let mut src = header.to_string();
    if !package.is_empty() {
        src.push_str(&format!("package {package};\n\n"));
    }
    src.push_str("import static org.junit.jupiter.api.Assertions.*;\nimport static org.mockito.Mockito.*;\n\n");
    src.push_str("import mimic.Fixtures;\n");
    if part.replays {
        src.push_str(&format!(
            "import mimic.{};\n",
            environment::ENVIRONMENT_CLASS
        ));
    }
    src.push_str("import org.junit.jupiter.api.DisplayName;\nimport org.junit.jupiter.api.Test;\nimport org.mockito.InOrder;\n\n");
    src.push_str(&format!(
        "@DisplayName({})\nclass {name} {{\n",
        java::string_literal(&format!(
            "{} as production used it",
            java::class_name(class, package)
        ))
    ));
    src.push_str(&part.methods.join("\n"));
    if !skipped.is_empty() {
        if !part.methods.is_empty() {
            src.push('\n');
        }
        src.push_str(&skipped.concat());
    }
    src.push_str("}\n");
    src
}
