//! `mimic rewrite`: applies the class-file rewrites to every eligible method and call site
//! of a jar or class directory and writes the result with a probe class added — the
//! rewrite-and-verify demonstration of the class-file engine, and a way to inspect what
//! the agent's instrumentation does to a class (`javap -p -c` on the output).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use mimic_diagnostic::Diagnostic;
use mimic_instrument::{instrument_dir, instrument_jar, BatchReport, BodyReplacement, Options};
use mimic_rewrite::probe::{counting_probe_class, native_probe_class, ProbeApi};
use serde::Serialize;

use crate::exit_code;

/// Which probe class to add to the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProbeKind {
    /// Counts probe calls and prints the counts to stderr at JVM exit.
    Counting,
    /// `native` methods, bound by the mimic agent.
    Native,
    /// No probe class (supply your own `mimic/Probe`).
    None,
}

/// Arguments of `mimic rewrite`.
#[derive(Debug, clap::Args)]
pub struct RewriteArgs {
    /// A jar or a directory of class files.
    pub input: PathBuf,
    /// Where to write: a jar for a jar input, a directory for a directory input.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Only rewrite classes whose resource name starts with this prefix
    /// (`org/apache/pdfbox/`); repeatable; default: every class.
    #[arg(long = "only", value_name = "PREFIX")]
    pub only: Vec<String>,
    /// Do not wrap methods (rewrite 1).
    #[arg(long)]
    pub no_wrap: bool,
    /// Do not bridge call sites (rewrite 2).
    #[arg(long)]
    pub no_bridge: bool,
    /// Also replace the body of every N-th method by its first extreme transformation
    /// (rewrite 3).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub replace_every: usize,
    /// Raise rewritten Java 6 classes (version 50) to 51 so the JVM verifies every frame
    /// with the type-checking verifier instead of falling back to type inference.
    #[arg(long)]
    pub strict_verification: bool,
    /// The probe class to add.
    #[arg(long, value_enum, default_value_t = ProbeKind::Counting)]
    pub probe: ProbeKind,
    /// Print the report as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    input: String,
    output: String,
    classes_seen: usize,
    classes_rewritten: usize,
    methods_wrapped: usize,
    calls_bridged: usize,
    bodies_replaced: usize,
    failures: Vec<Diagnostic>,
}

/// The output must not be the input or lie inside it: rewriting in place would lose the
/// originals (and half of them on a failure).
fn refuse_output_inside_input(input: &Path, output: &Path) -> anyhow::Result<()> {
    let input = std::fs::canonicalize(input)?;
    // The output may not exist yet: resolve its closest existing ancestor.
    let mut existing = output.to_path_buf();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_os_string());
                existing = parent.to_path_buf();
            }
            _ => break,
        }
        if existing.as_os_str().is_empty() {
            existing = PathBuf::from(".");
        }
    }
    let mut resolved = std::fs::canonicalize(&existing)?;
    resolved.extend(rest.iter().rev());
    if resolved.starts_with(&input) {
        bail!(
            "{}: the output is the input or inside the input {}; choose another -o",
            output.display(),
            input.display()
        );
    }
    Ok(())
}

pub fn run(args: &RewriteArgs) -> anyhow::Result<u8> {
    if !args.input.exists() {
        bail!("{}: no such jar or directory", args.input.display());
    }
    refuse_output_inside_input(&args.input, &args.output)?;
    let api = ProbeApi::default();
    let probe = match args.probe {
        ProbeKind::Counting => Some(counting_probe_class(&api)?),
        ProbeKind::Native => Some(native_probe_class(&api)?),
        ProbeKind::None => None,
    };
    let extra: Vec<(String, Vec<u8>)> = probe
        .into_iter()
        .map(|b| (format!("{}.class", api.class_name), b))
        .collect();
    let options = Options {
        probe: api,
        wrap_methods: !args.no_wrap,
        bridge_calls: !args.no_bridge,
        replace_bodies: (args.replace_every > 0).then_some(BodyReplacement {
            every_nth: args.replace_every,
            body_for: mimic_mutate::operators::representative_body,
        }),
        strict_verification: args.strict_verification,
    };
    let prefixes: Vec<&str> = args.only.iter().map(String::as_str).collect();
    let report: BatchReport = if args.input.is_dir() {
        instrument_dir(&args.input, &args.output, &prefixes, &options, &extra)
    } else {
        instrument_jar(&args.input, &args.output, &prefixes, &options, &extra)
    }
    .with_context(|| format!("rewriting {}", args.input.display()))?;

    let out = Report {
        input: args.input.display().to_string(),
        output: args.output.display().to_string(),
        classes_seen: report.classes_seen,
        classes_rewritten: report.classes_rewritten,
        methods_wrapped: report.methods_wrapped,
        calls_bridged: report.calls_bridged,
        bodies_replaced: report.bodies_replaced,
        failures: report.failures,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        println!(
            "rewrote {} of {} classes: {} methods wrapped, {} call sites bridged, {} bodies replaced -> {}",
            out.classes_rewritten, out.classes_seen, out.methods_wrapped, out.calls_bridged, out.bodies_replaced, out.output
        );
        for f in &out.failures {
            eprintln!("{f}");
        }
    }
    Ok(if out.failures.is_empty() {
        exit_code::SUCCESS
    } else {
        exit_code::FINDINGS
    })
}
