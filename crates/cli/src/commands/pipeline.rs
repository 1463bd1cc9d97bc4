//! `mimic run`: the whole pipeline in one command — find the methods under test
//! (`targets`), run the Java command under the recording agent (`record`), generate tests
//! from what it did (`generate`) and run them (`verify`) — with every file in one output
//! directory. Each step is the separate command with its own flags parsed by clap, so the
//! two ways of working (one command to get first tests; plan once, record in production,
//! generate later) behave the same.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::project::ProjectArgs;

/// Arguments of `mimic run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The program's classes and libraries (`:`-separated, repeatable; the first entry is
    /// the project), or `--project`.
    #[arg(long, short = 'c', value_name = "PATHS")]
    pub classpath: Vec<String>,
    #[command(flatten)]
    pub project: ProjectArgs,
    /// Where the plan, the trace store, the generated tests and verify's work go.
    #[arg(long, default_value = "mimic-run", value_name = "DIR")]
    pub out: PathBuf,
    /// Whole-program mode for the plan: every public method is a method under test
    /// (`mimic targets --all`).
    #[arg(long)]
    pub all: bool,
    /// How many times verify runs the generated tests.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// Verify also under perturbations of the environment (`mimic verify --perturb`).
    #[arg(long)]
    pub perturb: bool,
    /// Measure coverage with JaCoCo: the workload once more under JaCoCo after the
    /// recording (`mimic record --coverage`), and the tests beside it (`mimic verify
    /// --coverage`), per class.
    #[arg(long)]
    pub coverage: bool,
    /// A redaction rules file for the recording (`mimic record --redact-rules`).
    #[arg(long, value_name = "FILE")]
    pub redact_rules: Option<PathBuf>,
    /// Distinct invocations per MUT turned into tests (`mimic generate --max-per-mut`).
    #[arg(long, default_value_t = 5)]
    pub max_per_mut: usize,
    /// The Java command whose behaviour becomes tests (`java -cp … Main`).
    #[arg(last = true, required = true, value_name = "JAVA COMMAND")]
    pub command: Vec<String>,
}

/// Parse `argv` as the flags of one subcommand.
fn parse<T: clap::Args + clap::FromArgMatches>(
    name: &'static str,
    argv: Vec<String>,
) -> anyhow::Result<T> {
    let command = T::augment_args(clap::Command::new(name));
    let matches = command
        .try_get_matches_from(std::iter::once(name.to_string()).chain(argv))
        .with_context(|| format!("preparing the {name} step"))?;
    Ok(T::from_arg_matches(&matches)?)
}

fn text(p: &Path) -> String {
    p.display().to_string()
}

pub fn run(args: &RunArgs) -> anyhow::Result<u8> {
    let explicit = !args.classpath.is_empty();
    if explicit && args.project.project.is_some() {
        anyhow::bail!("--project replaces --classpath: give one or the other");
    }
    // What the plan is made from, and the class path the generated tests run with.
    let (targets_input, test_classpath): (Vec<String>, String) =
        match args.project.dir(explicit)? {
            Some(dir) => {
                // Maven once: the plan gets the modules' class path and packages directly.
                let modules = args.project.modules(&dir, "run", false)?;
                let (entries, packages) = super::project::plan_inputs(&modules);
                let cp = std::env::join_paths(&entries)?.to_string_lossy().into_owned();
                let mut input = vec!["-c".to_string(), cp.clone()];
                for p in packages {
                    input.extend(["--project-package".to_string(), p]);
                }
                (input, cp)
            }
            None if explicit => {
                let cp = args.classpath.join(":");
                (vec!["-c".to_string(), cp.clone()], cp)
            }
            None => anyhow::bail!(
                "give the program's class path (-c) or --project <dir of a pom.xml>, then -- and the java command"
            ),
        };
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let plan = args.out.join("plan.json");
    let store = args.out.join("traces.db");
    let tests = args.out.join("src/test/java");
    let work = args.out.join("verify");

    eprintln!("run: 1/4 targets → {}", plan.display());
    let mut argv = targets_input;
    argv.extend(["-o".to_string(), text(&plan)]);
    if args.all {
        argv.push("--all".into());
    }
    let targets: super::targets::TargetsArgs = parse("targets", argv)?;
    super::targets::run(&targets)?;

    eprintln!("run: 2/4 record → {}", store.display());
    let mut argv = vec![
        "--plan".to_string(),
        text(&plan),
        "--store".to_string(),
        text(&store),
    ];
    if let Some(rules) = &args.redact_rules {
        argv.extend(["--redact-rules".to_string(), text(rules)]);
    }
    if args.coverage {
        argv.push("--coverage".into());
    }
    argv.push("--".to_string());
    argv.extend(args.command.iter().cloned());
    let record: super::record::RecordArgs = parse("record", argv)?;
    let recorded = super::record::run(&record)?;
    if recorded != crate::exit_code::SUCCESS {
        eprintln!("run: the recorded command ended with status {recorded}; going on with what was recorded");
    }

    eprintln!("run: 3/4 generate → {}", tests.display());
    let generate: super::generate::GenerateArgs = parse(
        "generate",
        vec![
            "--store".into(),
            text(&store),
            "--out".into(),
            text(&tests),
            "--max-per-mut".into(),
            args.max_per_mut.to_string(),
        ],
    )?;
    super::generate::run(&generate)?;

    eprintln!("run: 4/4 verify ({} runs)", args.runs);
    let mut verify_argv = vec![
        "--tests".into(),
        text(&tests),
        "-c".into(),
        test_classpath,
        "--runs".into(),
        args.runs.to_string(),
        "--work".into(),
        text(&work),
    ];
    if args.perturb {
        verify_argv.push("--perturb".into());
    }
    if args.coverage {
        verify_argv.push("--coverage".into());
    }
    let verify: super::verify::VerifyArgs = parse("verify", verify_argv)?;
    let code = super::verify::run(&verify)?;
    println!(
        "run: plan {}, traces {}, tests {}, verify's work {}",
        plan.display(),
        store.display(),
        tests.display(),
        work.display()
    );
    Ok(code)
}
