//! `mimic mocks`: detects mock objects in existing test suites (MockDetector on bytecode)
//! and prints, per test class and method, mock-creation sites, calls on mocks,
//! mock-holding fields and focal-method candidates; `--json` for machines.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use mimic_mocks::report::{MethodReport, MockInvocation, Report};
use mimic_mocks::{analyse_paths, MockApis, Options};

use crate::exit_code;

/// Arguments of `mimic mocks`.
#[derive(Debug, clap::Args)]
pub struct MocksArgs {
    /// Test classes: jars or class directories (or `--project`).
    pub inputs: Vec<PathBuf>,
    /// Production classes and libraries (`:`-separated, repeatable), used for supertypes
    /// only: mocks are never propagated into these classes.
    #[arg(long, value_delimiter = if cfg!(windows) { ';' } else { ':' })]
    pub classpath: Vec<PathBuf>,
    /// Print the report as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// The paper's intraprocedural analysis: no propagation into or out of helpers and
    /// lambdas (fields set by set-up code still count).
    #[arg(long)]
    pub intraprocedural: bool,
    /// JSON file adding mock APIs (sources, pass-through calls, annotations) to the defaults.
    #[arg(long)]
    pub config: Option<PathBuf>,
    #[command(flatten)]
    pub project: super::project::ProjectArgs,
}

/// Runs `mimic mocks`.
pub fn run(args: &MocksArgs) -> anyhow::Result<u8> {
    let mut apis = MockApis::defaults();
    if let Some(path) = &args.config {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading --config {}", path.display()))?;
        let more = MockApis::from_json(&text)
            .with_context(|| format!("parsing --config {}", path.display()))?;
        apis.extend(more);
    }
    let explicit = !args.inputs.is_empty() || !args.classpath.is_empty();
    if explicit && args.project.project.is_some() {
        anyhow::bail!(
            "--project replaces the test-class inputs and --classpath: give one or the other"
        );
    }
    // (module, test classes, class path) per analysis.
    let runs: Vec<(Option<String>, Vec<PathBuf>, Vec<PathBuf>)> = match args.project.dir(explicit)? {
        Some(dir) => args
            .project
            .modules(&dir, "mocks", true)?
            .into_iter()
            .map(|m| {
                let mut cp = vec![m.classes];
                cp.extend(m.classpath);
                (Some(m.artifact_id), vec![m.test_classes], cp)
            })
            .collect(),
        None if args.inputs.is_empty() => anyhow::bail!(
            "nothing to analyse: give test-class jars or directories, or --project <dir of a pom.xml>"
        ),
        None => vec![(None, args.inputs.clone(), args.classpath.clone())],
    };
    for (_, inputs, _) in &runs {
        for input in inputs {
            if !input.exists() {
                anyhow::bail!("{}: no such file or directory", input.display());
            }
        }
    }
    let options = Options {
        interprocedural: !args.intraprocedural,
        apis,
    };
    let several = runs.len() > 1;
    let mut text = String::new();
    let mut json = serde_json::Map::new();
    let mut problems = Vec::new();
    for (module, inputs, classpath) in runs {
        let started = Instant::now();
        let report = analyse_paths(&inputs, &classpath, &options);
        let elapsed = started.elapsed();
        if report.summary.classes == 0 {
            let why = report
                .problems
                .first()
                .map(|p| p.to_string())
                .unwrap_or_else(|| "the inputs hold no class files".to_string());
            anyhow::bail!("no test classes could be read ({why})");
        }
        if args.json {
            json.insert(
                module.clone().unwrap_or_default(),
                serde_json::to_value(&report)?,
            );
        } else {
            if several {
                let _ = writeln!(text, "== module {}", module.as_deref().unwrap_or("?"));
            }
            text.push_str(&render(&report, elapsed.as_secs_f64()));
        }
        problems.extend(report.problems);
    }
    if args.json {
        let value = if several {
            serde_json::Value::Object(json)
        } else {
            json.into_iter().next().map(|(_, v)| v).unwrap_or_default()
        };
        text = serde_json::to_string_pretty(&value)?;
        text.push('\n');
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(exit_code::SUCCESS),
        other => other.context("writing the report")?,
    }
    for p in &problems {
        eprintln!("mimic mocks: {p}");
    }
    Ok(exit_code::SUCCESS)
}

/// The human-readable report.
fn render(report: &Report, seconds: f64) -> String {
    let s = &report.summary;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} classes ({} test classes), {} methods analysed in {:.3} s ({})",
        s.classes,
        s.test_classes,
        s.methods_analysed,
        seconds,
        if s.interprocedural {
            "interprocedural within test code"
        } else {
            "intraprocedural"
        }
    );
    let _ = writeln!(
        out,
        "test-related methods: {} ({} with mocks, {} with mock arrays, {} with mock collections)",
        s.test_related_methods,
        s.test_related_with_mocks,
        s.test_related_with_mock_arrays,
        s.test_related_with_mock_collections
    );
    let _ = writeln!(
        out,
        "instance invocations: {} ({} in test-related methods), on mocks: {} (+{} static/method-reference); {} creation sites, {} mock fields, {} focal candidates",
        s.instance_invocations,
        s.instance_invocations_in_test_related,
        s.mock_invocations,
        s.other_mock_call_sites,
        s.mock_creation_sites,
        s.mock_fields,
        s.focal_candidates
    );

    let mut calls: BTreeMap<(&str, &str, &str), Vec<&MockInvocation>> = BTreeMap::new();
    for m in &report.mock_invocations {
        calls
            .entry((&m.class, &m.method, &m.descriptor))
            .or_default()
            .push(m);
    }
    let mut by_class: BTreeMap<&str, Vec<&MethodReport>> = BTreeMap::new();
    for m in &report.methods {
        let interesting = m.has_mocks
            || m.has_mock_arrays
            || m.has_mock_collections
            || !m.creation_sites.is_empty();
        if interesting {
            by_class.entry(&m.class).or_default().push(m);
        }
    }
    for (class, methods) in by_class {
        let _ = writeln!(out, "\n{class}");
        for f in report.fields.iter().filter(|f| f.class == class) {
            let _ = writeln!(
                out,
                "  field {}: {} (via {})",
                f.field,
                f.holds.join(", "),
                f.via
            );
        }
        for m in methods {
            let role = serde_json::to_value(m.role)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            let _ = writeln!(out, "  {}{} [{role}]", m.method, m.descriptor);
            for c in &m.creation_sites {
                let _ = writeln!(out, "    {} creates {}", at(c.line, c.offset), c.api);
            }
            for w in &m.container_writes {
                let _ = writeln!(
                    out,
                    "    {} puts a mock into a {}",
                    at(w.line, w.offset),
                    w.container
                );
            }
            if let Some(list) =
                calls.get(&(m.class.as_str(), m.method.as_str(), m.descriptor.as_str()))
            {
                for c in list {
                    let kind = match c.kind {
                        "static" => "static mock call",
                        "method_reference" => "method reference on mock",
                        _ => "mock call",
                    };
                    let _ = writeln!(
                        out,
                        "    {} {kind} {}  (via {})",
                        at(c.line, c.offset),
                        c.callee,
                        c.via
                    );
                }
            }
            if !m.focal_candidates.is_empty() {
                let names: Vec<&str> = m
                    .focal_candidates
                    .iter()
                    .map(|f| f.callee.split('(').next().unwrap_or(&f.callee))
                    .collect();
                let _ = writeln!(out, "    focal candidates: {}", names.join(", "));
            }
        }
    }
    out
}

fn at(line: Option<u16>, offset: u32) -> String {
    match line {
        Some(l) => format!("L{l} @{offset}"),
        None => format!("@{offset}"),
    }
}
