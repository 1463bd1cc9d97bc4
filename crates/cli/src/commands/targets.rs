//! `mimic targets`: finds the methods under test and their mockable call sites in the
//! project classes of a classpath and writes the plan (`plan.json`) the agent records.

use std::path::PathBuf;

use anyhow::{bail, Context};
use mimic_analysis::{find_targets, ClassIndex, MethodFilter, TargetOptions};
use mimic_plan::{MockableCall, Plan, Receiver};

use crate::exit_code;

/// Arguments of `mimic targets`.
#[derive(Debug, clap::Args)]
pub struct TargetsArgs {
    /// Jars and class directories, separated by ':' (repeatable). The first entry is the
    /// project unless `--project-package` says otherwise. (Or `--project`.)
    #[arg(long, short = 'c', value_name = "PATHS")]
    pub classpath: Vec<String>,
    #[command(flatten)]
    pub project: super::project::ProjectArgs,
    /// A package (and its sub-packages) whose classes are project types (repeatable).
    /// Default: every package of the first classpath entry.
    #[arg(long = "project-package", value_name = "PACKAGE")]
    pub project_packages: Vec<String>,
    /// Only classes matching this glob over dotted names (`org.apache.pdfbox.**`).
    #[arg(long, value_name = "GLOB")]
    pub include: Vec<String>,
    /// Skip classes matching this glob.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// A file listing the only methods to consider, one per line:
    /// `com.x.Foo#bar` or `com.x.Foo#bar(I)V`.
    #[arg(long, value_name = "FILE")]
    pub methods: Option<PathBuf>,
    /// Write the plan to this file (created owner-only).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print the plan as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also list every public project method that is not a MUT, with the reason.
    #[arg(long)]
    pub explain: bool,
    /// Whole-program mode: every public method with a body of the project classes is a
    /// MUT, also those without a mockable call (their tests assert the outcome on the
    /// rebuilt receiver and arguments), not only rick's methods with one.
    #[arg(long)]
    pub all: bool,
}

pub fn run(args: &TargetsArgs) -> anyhow::Result<u8> {
    let explicit = !args.classpath.is_empty();
    if explicit && args.project.project.is_some() {
        bail!("--project replaces --classpath: give one or the other");
    }
    let (entries, project_packages) = match args.project.dir(explicit)? {
        Some(dir) => project_inputs(args, &dir)?,
        None if args.classpath.is_empty() => {
            bail!("nothing to analyse: give --classpath (-c), or --project <dir of a pom.xml>")
        }
        None => (
            crate::classpath_arg::split(&args.classpath),
            args.project_packages.clone(),
        ),
    };
    for e in &entries {
        if !e.exists() {
            bail!("{}: no such jar or directory", e.display());
        }
    }
    let methods = match &args.methods {
        None => None,
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            let mut filters = Vec::new();
            for (n, line) in text.lines().enumerate() {
                match MethodFilter::parse(line) {
                    None => {}
                    Some(Ok(f)) => filters.push(f),
                    Some(Err(e)) => bail!("{}:{}: {e}", file.display(), n + 1),
                }
            }
            Some(filters)
        }
    };
    let options = TargetOptions {
        project_packages,
        include: args.include.clone(),
        exclude: args.exclude.clone(),
        methods,
        explain: args.explain,
        all: args.all,
    };
    let project = options
        .project_packages
        .iter()
        .map(|p| p.replace('.', "/"))
        .collect::<Vec<_>>();
    let first = entries.first().cloned();
    // Keep parsed class files only for entries that can hold project classes.
    let index = ClassIndex::build(&entries, |i| {
        project.is_empty() && i == 0 || !project.is_empty()
    });
    if index.classes.is_empty() {
        bail!(
            "no class could be read from {}",
            std::env::join_paths(&entries)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
    }
    let plan = find_targets(&index, &options)?;
    if let Some(out) = &args.output {
        // Compact: every recorded JVM's agent reads it whole at start-up (a 2,000-MUT plan is
        // 3.8 MB so, 5.7 MB indented); `--json` prints it indented.
        crate::output_file::write_owner_only(out, &serde_json::to_vec(&plan)?)
            .with_context(|| format!("writing {}", out.display()))?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&plan)?);
    } else {
        print_table(&plan, first.as_ref());
    }
    for u in &plan.unparsed {
        eprintln!("{u}");
    }
    Ok(exit_code::SUCCESS)
}

/// A Maven project's class path for the plan and its project packages
/// ([`super::project::plan_inputs`]); `--project-package` wins when given.
fn project_inputs(
    args: &TargetsArgs,
    dir: &std::path::Path,
) -> anyhow::Result<(Vec<PathBuf>, Vec<String>)> {
    let modules = args.project.modules(dir, "targets", false)?;
    let (entries, packages) = super::project::plan_inputs(&modules);
    if args.project_packages.is_empty() {
        Ok((entries, packages))
    } else {
        Ok((entries, args.project_packages.clone()))
    }
}

fn short(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

fn call_text(c: &MockableCall) -> String {
    let line = c
        .line
        .map(|l| format!("line {l}"))
        .unwrap_or_else(|| "line ?".into());
    format!(
        "@{:<5} {:<9} {:<22} {}.{}{}  -> {:?}",
        c.offset,
        line,
        Receiver::describe(&c.receiver),
        short(&c.owner),
        c.name,
        c.descriptor,
        c.returns
    )
}

fn print_table(plan: &Plan, first: Option<&PathBuf>) {
    for m in &plan.muts {
        let line = m.line.map(|l| format!(" (line {l})")).unwrap_or_default();
        println!("{}.{}{}{}", m.class, m.method, m.descriptor, line);
        for c in &m.mockable_calls {
            println!("    {}", call_text(c));
        }
        for d in &m.deeper_calls {
            // A helper of another class (a mock handed to its code) is named with it.
            let class = if d.via.class == m.class {
                String::new()
            } else {
                format!("{}.", d.via.class)
            };
            // An override's call: only receivers of those classes make it.
            let only = if d.only_in.is_empty() {
                String::new()
            } else {
                format!(", for {} only", d.only_in.join(", "))
            };
            println!(
                "    {}  [in {class}{}{}{only}]",
                call_text(&d.call),
                d.via.method,
                d.via.descriptor
            );
        }
    }
    for n in &plan.not_muts {
        println!(
            "not a MUT: {}.{}{}: {}",
            n.class, n.method, n.descriptor, n.reason
        );
    }
    let s = &plan.summary;
    let environment = if s.environment_calls > 0 {
        format!(" ({} of them environment reads)", s.environment_calls)
    } else {
        String::new()
    };
    println!(
        "{} MUTs with {} mockable calls and {} deeper calls{environment}, among {} candidate methods of {} project classes ({} classes on the classpath{}); {} classes skipped",
        s.muts,
        s.mockable_calls,
        s.deeper_calls,
        s.candidate_methods,
        s.project_classes,
        s.classes,
        first.map(|f| format!(", project: {}", f.display())).filter(|_| plan.project_packages.len() < 4).unwrap_or_default(),
        s.unparsed
    );
}
