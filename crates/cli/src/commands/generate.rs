//! `mimic generate`: turns the recorded invocations of a trace store into JUnit 5 +
//! Mockito tests (output, parameter and call oracles) under a test source root.

use std::path::PathBuf;

use anyhow::{bail, Context};
use mimic_generate::{generate, Options, Oracle, SkipReason};
use mimic_trace::Store;

use crate::exit_code;

/// Arguments of `mimic generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The trace store written by `mimic record`.
    #[arg(long)]
    pub store: PathBuf,
    /// Test source root to write into (e.g. src/test/java); or `--project`.
    #[arg(long, required_unless_present = "project")]
    pub out: Option<PathBuf>,
    /// Write into a Maven project's own test tree: each test class into the
    /// `src/test/java` of the module holding the class under test, never overwriting a
    /// file mimic did not generate; checks that the module's tests can use JUnit 5 and
    /// Mockito 5, printing the `<dependency>` elements to add otherwise.
    #[command(flatten)]
    pub project: super::project::ProjectArgs,
    /// With `--project`: insert the missing test dependencies into the module's pom.xml.
    #[arg(long, requires = "project")]
    pub add_dependencies: bool,
    /// Oracles to generate, comma-separated: oo (output), po (parameters), co (calls).
    #[arg(long, default_value = "oo,po,co")]
    pub oracles: String,
    /// Distinct invocations per MUT turned into tests.
    #[arg(long, default_value_t = 5)]
    pub max_per_mut: usize,
    /// A test class past this many lines continues in the next (`FooMimic2Test`, …).
    #[arg(long, default_value_t = mimic_generate::CLASS_LINES, value_parser = clap::value_parser!(usize))]
    pub class_lines: usize,
    /// The run to generate from (default: the latest).
    #[arg(long)]
    pub run: Option<i64>,
    /// Resource root for the JSON files of large recorded values (e.g. src/test/resources);
    /// default: beside the test sources.
    #[arg(long)]
    pub resources: Option<PathBuf>,
    /// Print the manifest as JSON.
    #[arg(long)]
    pub json: bool,
}

fn oracles(text: &str) -> anyhow::Result<Vec<Oracle>> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        out.push(match part.to_ascii_lowercase().as_str() {
            "oo" => Oracle::Output,
            "po" => Oracle::Parameters,
            "co" => Oracle::Calls,
            other => bail!("unknown oracle {other:?}: use oo, po and/or co"),
        });
    }
    if out.is_empty() {
        bail!("--oracles needs at least one of oo, po, co");
    }
    Ok(out)
}

pub fn run(args: &GenerateArgs) -> anyhow::Result<u8> {
    let store = Store::open_read(&args.store)?;
    if let Some(run) = args.run {
        if !store.runs()?.iter().any(|r| r.id == run) {
            anyhow::bail!(
                "{}: no run {run} (see `mimic traces`)",
                args.store.display()
            );
        }
    }
    let options = Options {
        oracles: oracles(&args.oracles)?,
        max_per_mut: args.max_per_mut,
        run: args.run,
        // Absolute, as the manifest keeps it: `verify` and `mutate` put it on the test
        // class path from wherever they are started.
        resources: args
            .resources
            .as_ref()
            .map(|r| std::path::absolute(r).unwrap_or_else(|_| r.clone())),
        class_lines: args.class_lines,
    };
    let staging;
    let (out, placing) = match (&args.out, &args.project.project) {
        (Some(_), Some(_)) => bail!("--project replaces --out: give one or the other"),
        (Some(out), None) => (out.clone(), None),
        (None, Some(dir)) => {
            let modules = args.project.modules(dir, "generate", false)?;
            staging = tempfile::Builder::new()
                .prefix("mimic-generate-")
                .tempdir()
                .context("creating a staging directory")?;
            (staging.path().join("java"), Some(modules))
        }
        (None, None) => bail!("give --out <test source root> or --project <dir of a pom.xml>"),
    };
    // With --project, large values go beside the staged tests, then into testResources.
    let staged_resources = out.with_file_name("resources");
    let mut options = options;
    if placing.is_some() {
        options.resources = Some(staged_resources.clone());
    }
    let manifest = generate(&store, &out, &options)
        .with_context(|| format!("generating into {}", out.display()))?;
    let mut written_to = out.display().to_string();
    if let Some(modules) = &placing {
        let placement = super::generate_project::place(
            &out,
            &staged_resources,
            modules,
            args.add_dependencies,
        )?;
        written_to = placement
            .modules
            .iter()
            .map(|(module, dir, files)| format!("{} ({module}, {files} files)", dir.display()))
            .collect::<Vec<_>>()
            .join(", ");
        if written_to.is_empty() {
            written_to = "no module (no test generated)".into();
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&manifest)?);
    } else {
        let classes: std::collections::BTreeSet<&str> =
            manifest.tests.iter().map(|t| t.class.as_str()).collect();
        let muts: std::collections::BTreeSet<(&str, &str, &str)> = manifest
            .tests
            .iter()
            .map(|t| {
                (
                    t.mut_class.as_str(),
                    t.mut_method.as_str(),
                    t.mut_descriptor.as_str(),
                )
            })
            .collect();
        println!(
            "generated {} tests for {} of {} invoked MUTs in {} test classes under {}; {} invocations skipped",
            manifest.tests.len(),
            muts.len(),
            manifest.invoked_muts,
            classes.len(),
            written_to,
            manifest.skipped.len()
        );
        if manifest.delegating_muts > 0 {
            println!(
                "{} of the MUTs with tests are trivial delegations (the method only forwards one mocked call: its tests check that forwarding)",
                manifest.delegating_muts
            );
        }
        if manifest.stand_in_muts > 0 {
            println!(
                "{} of the MUTs with tests have them only with stand-ins (mocks or default arrays for objects the recorder's depth limit cut, empty streams for streams it left opaque; a comment in each test says which; `mimic verify` says whether they mimic)",
                manifest.stand_in_muts
            );
        }
        if !manifest.gaps.is_empty() {
            println!(
                "{} invoked MUTs without tests, by reason (mimic-tests.json lists each MUT and invocation):",
                manifest.gaps.len()
            );
            let mut cut = false;
            for (reason, muts, invocations) in mimic_generate::gaps::by_reason(&manifest.gaps) {
                println!(
                    "  {:<22} {muts:>4} MUTs  {invocations:>5} invocations",
                    reason.id()
                );
                cut |= matches!(
                    reason,
                    SkipReason::ReceiverNotRecorded | SkipReason::TruncatedValue
                );
            }
            if cut {
                println!(
                    "  (values cut by the recorder's limits: `mimic record --nodes N --value-bytes B --depth D` records more, each skip in mimic-tests.json names the limit)"
                );
            }
        }
    }
    Ok(exit_code::SUCCESS)
}
