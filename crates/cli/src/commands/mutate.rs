//! `mimic mutate`: extreme mutation of application classes against their test suite;
//! finds pseudo-tested and partially-tested methods (Descartes' classification) and
//! writes Descartes' `methods.json`, a summary and an HTML page.

use std::path::PathBuf;

use anyhow::Context;
use mimic_mutate::progress::Progress;
use mimic_mutate::run::run_mutation_with;
use mimic_mutate::{operators, Classification, MutateConfig, StopKind};

use crate::exit_code;

/// Arguments of `mimic mutate`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MutateArgs {
    #[command(subcommand)]
    pub action: Option<MutateAction>,
    /// Application classes to mutate: a directory or jar; repeatable (with `--tests`,
    /// instead of `--project`).
    #[arg(long, value_name = "DIR|JAR")]
    pub classes: Vec<PathBuf>,
    /// Test classes (JUnit 5 and JUnit 4): a directory or jar; repeatable.
    #[arg(long, value_name = "DIR|JAR")]
    pub tests: Vec<PathBuf>,
    /// Everything else the tests need (`a.jar:b.jar` or repeated).
    #[arg(long, value_name = "PATHS")]
    pub classpath: Vec<String>,
    #[command(flatten)]
    pub project: super::project::ProjectArgs,
    /// Only the methods whose lines a change touches: a file holding a unified diff, or
    /// a git revision the working tree is compared with (`git diff <rev>`, run in the
    /// project directory, else the current one). Tests are still chosen by coverage.
    #[arg(long, value_name = "FILE|REV")]
    pub in_diff: Option<String>,
    /// Explain every surviving mutant (Reneri's infection and propagation analysis): run
    /// its covering tests on the original and on the mutant, observe the method's
    /// result, arguments and receiver at each exit and every value the test code
    /// computes, and say why no test fails: no-infection (the tests need other inputs),
    /// no-propagation (the change is masked before the tests: test the method more
    /// directly) or weak-oracle (a test holds the changed value: the assertion to add).
    #[arg(long)]
    pub explain: bool,
    /// With `--explain`: runs per side; only properties every run saw alike count
    /// (Reneri's stability filter: raise it for suites with rarer nondeterminism).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub explain_runs: usize,
    /// With `--explain`: write the diagnoses as a Markdown report, grouped by symptom.
    #[arg(long, value_name = "FILE", requires = "explain")]
    pub explain_report: Option<PathBuf>,
    /// With `--explain`: a production trace store of the same program (`mimic record`);
    /// a no-infection suggestion then proposes the recorded inputs the mutant would
    /// change the result or state of.
    #[arg(long, value_name = "FILE", requires = "explain")]
    pub store: Option<PathBuf>,
    /// Operators to use, as Descartes ids, comma separated (default: Reneri Table I:
    /// void,null,empty,true,false,0,1,(byte)0,(byte)1,(short)0,(short)1,0L,1L,0.0,0.1,
    /// 0.0f,0.1f,' ','A',"","A").
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub operators: Vec<String>,
    /// Stop-method kinds to mutate anyway (Descartes' `except`), comma separated: empty,
    /// enum, to_string, hash_code, deprecated, synthetic, lambda, getter, setter, constant,
    /// delegate, clinit, empty_array, null_return, return_this, return_param,
    /// kotlin_setter.
    #[arg(
        long = "include-stop-methods",
        value_delimiter = ',',
        value_name = "KINDS"
    )]
    pub include_stop_methods: Vec<String>,
    /// Test JVMs running mutants in parallel (default: one per core, at most 4).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Under a mutant, a test may use its baseline CPU time × factor plus
    /// `--timeout-const-ms` of CPU time, and its baseline wall time × 2 × factor plus
    /// `--wall-timeout-const-ms`; past either it is stopped and the mutant timed out.
    #[arg(long, default_value_t = 2.0)]
    pub timeout_factor: f64,
    /// The CPU-time constant of the timeout, in milliseconds.
    #[arg(long, default_value_t = 500)]
    pub timeout_const_ms: u64,
    /// The wall-time constant of the timeout, in milliseconds (catches mutants that block
    /// rather than loop).
    #[arg(long, default_value_t = 5000)]
    pub wall_timeout_const_ms: u64,
    /// Mutants sharing one launch of tests at most: each test runs with its own mutant
    /// switched on, so one launch's set-up serves many mutants. 1 gives every mutant
    /// launches of its own.
    #[arg(long, default_value_t = 32)]
    pub mutants_per_launch: usize,
    /// An option for the test JVMs (`-Xmx2g`, `-Dkey=value`…); repeatable.
    #[arg(long = "jvm-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// Keep intermediate files (rewritten classes, shim, JVM logs) in this directory.
    #[arg(long, value_name = "DIR")]
    pub work_dir: Option<PathBuf>,
    /// The test JVMs' working directory, where relative paths in tests (e.g.
    /// `src/test/resources/…`) resolve, as under Maven from the module directory.
    /// Default: the current directory.
    #[arg(long, value_name = "DIR")]
    pub test_dir: Option<PathBuf>,
    #[command(flatten)]
    pub selection: super::test_selection::TestSelectionArgs,
    /// Run the tests of every class found in the test output, whatever its name. Default:
    /// with `--project`, the test classes a module's build runs (its
    /// `maven-surefire-plugin` includes/excludes, or Surefire's defaults `**/Test*.java`,
    /// `**/*Test.java`, `**/*Tests.java`, `**/*TestCase.java`); otherwise classes with
    /// JUnit's standard test-class names (`Test*`, `*Test`, `*Tests`).
    #[arg(long)]
    pub all_test_classes: bool,
    /// Let the tests draw their random numbers as they would. Default: the test classes'
    /// `new Random()`, `Math.random()`, `Collections.shuffle(list)` and `ThreadLocalRandom` draws are seeded per test (the seed follows from the
    /// test's JUnit id), so a test that draws random data covers the same code, and gets
    /// the same verdicts, in every run.
    #[arg(long)]
    pub unseeded_random: bool,
    #[command(flatten)]
    pub outputs: ReportArgs,
    /// Take shard K of N of the methods (balanced by cost, the same partition on every
    /// shard), to split one run across CI machines; join the shards' `--report` files
    /// with `mimic mutate merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Read the baseline (every test once without mutants) from this file when it exists
    /// and was made from the same classes and tests; otherwise run it and write it here.
    /// Shards given the same file skip the baseline and partition by its test times.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Stop after the baseline, written to `--baseline` (the first job of a split run).
    #[arg(long, requires = "baseline")]
    pub baseline_only: bool,
}

/// Where a report goes: shared by `mimic mutate` and `mimic mutate merge`.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// Print the full report as JSON on stdout instead of the summary.
    #[arg(long)]
    pub json: bool,
    /// Write Descartes' methods.json here.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write an HTML page (index.html) into this directory.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Write the whole report, losslessly, as JSON: what `mimic mutate merge` reads.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Application sources for the HTML report (a directory laid out by package, or a
    /// `-sources.jar`; repeatable): each method links to its line on a page of its source
    /// file. With `--project`, each module's source directory too.
    #[arg(long, value_name = "DIR|JAR")]
    pub sources: Vec<PathBuf>,
}

/// `mimic mutate`'s subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum MutateAction {
    /// Join the `--report` files of the shards of one split run (`--shard k/n`) into the
    /// report one unsplit run gives: methods.json, HTML, summary, JSON.
    Merge(MergeArgs),
}

/// Arguments of `mimic mutate merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' reports (`--report` of each `--shard k/n` run), in any order.
    #[arg(required = true, value_name = "REPORT")]
    pub reports: Vec<PathBuf>,
    #[command(flatten)]
    pub outputs: ReportArgs,
}

/// What to mutate: one set of inputs, named by the module it comes from (if any).
struct Target {
    module: Option<String>,
    classes: Vec<PathBuf>,
    tests: Vec<PathBuf>,
    classpath: Vec<PathBuf>,
    test_dir: Option<PathBuf>,
    /// Application sources for the HTML report.
    sources: Vec<PathBuf>,
    /// How the module's build runs its tests (a Maven module's Surefire configuration:
    /// which test classes, with which JVM options).
    build_tests: Option<mimic_jvm::SurefireConfig>,
}

pub fn run(args: &MutateArgs) -> anyhow::Result<u8> {
    if let Some(MutateAction::Merge(merge)) = &args.action {
        return run_merge(merge);
    }
    let targets = targets(args)?;
    let in_diff = match &args.in_diff {
        Some(spec) => {
            let dir = match &args.project.project {
                Some(dir) => dir.clone(),
                None => std::env::current_dir()?,
            };
            let changed = changed_lines(spec, &dir)?;
            eprintln!(
                "mutate: --in-diff {spec}: {} changed file(s)",
                changed.file_count()
            );
            Some(changed)
        }
        None => None,
    };
    let several = targets.len() > 1;
    let mut code = exit_code::SUCCESS;
    let mut reports = Vec::new();
    for target in targets {
        if let Some(module) = &target.module {
            eprintln!("mutate: module {module}");
        }
        let report = run_one(args, &target, in_diff.clone())?;
        if args.baseline_only {
            continue;
        }
        if has_findings(&report) {
            code = exit_code::FINDINGS;
        }
        write_outputs(
            args,
            &report,
            target.module.as_deref().filter(|_| several),
            &target.sources,
        )?;
        reports.push((target.module, report));
    }
    if reports.is_empty() {
        return Ok(code);
    }
    if args.outputs.json {
        let value = if several {
            serde_json::Value::Object(
                reports
                    .iter()
                    .map(|(m, r)| {
                        (
                            m.clone().unwrap_or_default(),
                            mimic_mutate::report::full_json(r),
                        )
                    })
                    .collect(),
            )
        } else {
            mimic_mutate::report::full_json(&reports[0].1)
        };
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        for (module, report) in &reports {
            if several {
                println!("== module {}", module.as_deref().unwrap_or("?"));
            }
            print!("{}", mimic_mutate::report::summary(report));
        }
        if several {
            let sum = |c: Classification| reports.iter().map(|(_, r)| r.count(c)).sum::<usize>();
            println!(
                "project: {} modules, {} methods: {} tested, {} partially tested, {} pseudo-tested, {} not covered",
                reports.len(),
                reports.iter().map(|(_, r)| r.methods.len()).sum::<usize>(),
                sum(Classification::Tested),
                sum(Classification::PartiallyTested),
                sum(Classification::PseudoTested),
                sum(Classification::NotCovered),
            );
        }
    }
    Ok(code)
}

/// The inputs given (`--classes`, `--tests`), or the modules of a Maven project.
fn targets(args: &MutateArgs) -> anyhow::Result<Vec<Target>> {
    let explicit = !args.classes.is_empty() || !args.tests.is_empty() || !args.classpath.is_empty();
    if explicit && args.project.project.is_some() {
        anyhow::bail!(
            "--project replaces --classes, --tests and --classpath: give one or the other"
        );
    }
    let Some(dir) = args.project.dir(explicit)? else {
        if args.classes.is_empty() || args.tests.is_empty() {
            anyhow::bail!(
                "nothing to mutate: give --classes and --tests, or --project <dir of a pom.xml> \
                 (or run in a directory with a pom.xml)"
            );
        }
        let classpath = crate::classpath_arg::split(&args.classpath);
        return Ok(vec![Target {
            module: None,
            classes: args.classes.clone(),
            tests: args.tests.clone(),
            classpath,
            test_dir: args.test_dir.clone(),
            sources: args.outputs.sources.clone(),
            build_tests: None,
        }]);
    };
    Ok(args
        .project
        .modules(&dir, "mutate", true)?
        .into_iter()
        .map(|module| Target {
            module: Some(module.artifact_id),
            classes: vec![module.classes],
            tests: vec![module.test_classes],
            classpath: module.classpath,
            test_dir: Some(args.test_dir.clone().unwrap_or(module.dir)),
            sources: [module.sources]
                .into_iter()
                .chain(args.outputs.sources.iter().cloned())
                .collect(),
            build_tests: Some(module.surefire),
        })
        .collect())
}

/// The lines `--in-diff` names: a unified diff file, or `git diff <rev>` in `dir`.
fn changed_lines(
    spec: &str,
    dir: &std::path::Path,
) -> anyhow::Result<mimic_mutate::diff::ChangedLines> {
    let file = std::path::Path::new(spec);
    let text = if file.is_file() {
        std::fs::read_to_string(file).with_context(|| format!("reading --in-diff {spec}"))?
    } else {
        let finished = mimic_jvm::process::run(
            std::process::Command::new("git").current_dir(dir).args([
                "diff",
                "--unified=0",
                "--no-color",
                "--no-ext-diff",
                spec,
                "--",
            ]),
            Some(std::time::Duration::from_secs(120)),
        )
        .with_context(|| format!("--in-diff {spec}: running git in {}", dir.display()))?;
        let output = finished.into_output();
        if !output.status.success() {
            let why = String::from_utf8_lossy(&output.stderr);
            anyhow::bail!(
                "--in-diff {spec}: neither a diff file nor a git revision in {}: {}",
                dir.display(),
                why.lines().next().unwrap_or("git failed")
            );
        }
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    Ok(mimic_mutate::diff::ChangedLines::parse(&text))
}

/// Mutate one target and print its one-line summary.
fn run_one(
    args: &MutateArgs,
    target: &Target,
    in_diff: Option<mimic_mutate::diff::ChangedLines>,
) -> anyhow::Result<mimic_mutate::MutationReport> {
    let mut config = MutateConfig::new(
        target.classes.clone(),
        target.tests.clone(),
        target.classpath.clone(),
    );
    if !args.operators.is_empty() {
        config.operators = operators::parse_all(&args.operators)?;
    }
    for name in &args.include_stop_methods {
        let kind = StopKind::from_name(name.trim())
            .with_context(|| format!("unknown stop-method kind {name:?}"))?;
        config.stop_kinds.retain(|k| *k != kind);
    }
    if let Some(n) = args.workers {
        config.workers = n.max(1);
    }
    config.timeout_factor = args.timeout_factor;
    config.timeout_const_ms = args.timeout_const_ms;
    config.wall_timeout_const_ms = args.wall_timeout_const_ms;
    config.mutants_per_launch = args.mutants_per_launch.max(1);
    // The build's own test JVM options first (Surefire's argLine and system properties
    // under --project), then --jvm-arg's, which win where they disagree.
    config.jvm_args = Vec::new();
    if let Some(build) = &target.build_tests {
        let (build_args, dropped) = build.jvm_args();
        for word in dropped {
            eprintln!(
                "mutate: the build's Surefire argLine word {word:?} names a property Maven did not resolve; it is left out"
            );
        }
        config.jvm_args = build_args;
        config.jvm_env = build.environment.clone();
        if !config.jvm_env.is_empty() {
            // Names only: values may be secrets.
            let names: Vec<&str> = config.jvm_env.iter().map(|(k, _)| k.as_str()).collect();
            eprintln!(
                "mutate: test JVMs get the build's Surefire environment variables {}",
                names.join(", ")
            );
        }
    }
    config.jvm_args.extend(args.jvm_args.iter().cloned());
    config.stopper = match crate::native::stopper() {
        Ok(path) => Some(path),
        Err(e) => {
            eprintln!(
                "mutate: {e:#}; a class whose static initialiser fails under a mutant goes \
                 unseen (later tests meeting it count as kills), and on Java 20+ a test past \
                 its budget ends its test JVM"
            );
            None
        }
    };
    config.test_filter = args.selection.filter()?;
    if let (Some(build), false) = (&target.build_tests, args.all_test_classes) {
        let (selection, unreadable) = mimic_jvm::SurefireSelection::new(build);
        for pattern in unreadable {
            eprintln!(
                "mutate: the build's Surefire pattern {pattern:?} cannot be read; it is not applied"
            );
        }
        config.test_filter = config.test_filter.with_build(selection);
        (config.include_tags, config.exclude_tags) = build.tags();
    }
    config.every_class_name = args.all_test_classes || target.build_tests.is_some();
    config.seed_random = !args.unseeded_random;
    config.work_dir = match (&args.work_dir, &target.module) {
        (Some(dir), Some(module)) => Some(dir.join(module)),
        (dir, _) => dir.clone(),
    };
    if let Some(dir) = &target.test_dir {
        if !dir.is_dir() {
            anyhow::bail!("--test-dir {}: not a directory", dir.display());
        }
    }
    config.test_dir = target.test_dir.clone();
    config.in_diff = in_diff;
    config.shard = args
        .shard
        .as_deref()
        .map(mimic_mutate::shard::Shard::parse)
        .transpose()?;
    config.baseline_file = args
        .baseline
        .as_ref()
        .map(|p| per_module(p, target.module.as_deref()));
    config.baseline_only = args.baseline_only;
    if args.explain {
        if args.explain_runs == 0 {
            anyhow::bail!("--explain-runs must be at least 1");
        }
        config.explain_runs = args.explain_runs;
        config.production_store = args.store.clone();
    }

    let reporter = crate::progress::Reporter::new("mutate");
    let sink = |p: Progress| match p {
        Progress::Phase {
            name,
            detail,
            total,
        } => reporter.phase(&name, &detail, total),
        Progress::Step { done, last } => reporter.step(done, &last),
    };
    let report = run_mutation_with(&config, &sink)?;
    reporter.finish();
    if let (true, Some(path)) = (config.baseline_only, &config.baseline_file) {
        reporter.line(&format!(
            "baseline of {} tests ({} red) in {}; {:.1} s",
            report.tests_total,
            report.red_tests.len(),
            path.display(),
            report.seconds
        ));
        return Ok(report);
    }
    let shard = match (report.shard, report.outside_shard) {
        (Some(shard), Some(others)) => {
            format!(" (shard {shard}; {others} methods in the other shards)")
        }
        _ => String::new(),
    };
    let left_out = report
        .baseline
        .iter()
        .filter(|t| t.status == "excluded")
        .count();
    if let (true, Some(why)) = (left_out > 0, config.test_filter.describe()) {
        reporter.line(&format!("{left_out} test(s) left out by {why}"));
    }
    reporter.line(&format!(
        "{}; {}/{} mutants detected; {} red test(s); {:.1} s{shard}",
        classification_counts(&report),
        report.detected_count(),
        report.mutant_count(),
        report.red_tests.len(),
        report.seconds
    ));

    Ok(report)
}

/// `path` as is, or with `-<module>` before its extension when there are modules.
fn per_module(path: &std::path::Path, module: Option<&str>) -> PathBuf {
    match module {
        Some(m) => {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            let ext = path
                .extension()
                .map(|e| format!(".{}", e.to_string_lossy()))
                .unwrap_or_default();
            path.with_file_name(format!("{stem}-{m}{ext}"))
        }
        None => path.to_path_buf(),
    }
}

/// `mimic mutate merge`: join the shards' reports and write what one run writes.
fn run_merge(args: &MergeArgs) -> anyhow::Result<u8> {
    let reports = args
        .reports
        .iter()
        .map(|p| mimic_mutate::merge::load_report(p))
        .collect::<Result<Vec<_>, _>>()?;
    let report = mimic_mutate::merge::merge(reports)?;
    write_report_files(
        &report,
        args.outputs.output.as_deref(),
        args.outputs.html.as_deref(),
        args.outputs.report.as_deref(),
        &args.outputs.sources,
    )?;
    if args.outputs.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&mimic_mutate::report::full_json(&report))?
        );
    } else {
        print!("{}", mimic_mutate::report::summary(&report));
    }
    eprintln!(
        "mutate merge: {} shard reports, {}{}{}",
        args.reports.len(),
        classification_counts(&report),
        args.outputs
            .output
            .as_ref()
            .map(|p| format!("; {}", p.display()))
            .unwrap_or_default(),
        args.outputs
            .html
            .as_ref()
            .map(|p| format!("; {}", p.join("index.html").display()))
            .unwrap_or_default(),
    );
    Ok(if has_findings(&report) {
        exit_code::FINDINGS
    } else {
        exit_code::SUCCESS
    })
}

/// `N methods: a tested, b partially tested, c pseudo-tested, d not covered`.
fn classification_counts(report: &mimic_mutate::MutationReport) -> String {
    format!(
        "{} methods: {} tested, {} partially tested, {} pseudo-tested, {} not covered",
        report.methods.len(),
        report.count(Classification::Tested),
        report.count(Classification::PartiallyTested),
        report.count(Classification::PseudoTested),
        report.count(Classification::NotCovered),
    )
}

/// Whether some covered method is pseudo- or partially-tested (exit code 1).
fn has_findings(report: &mimic_mutate::MutationReport) -> bool {
    report.count(Classification::PseudoTested) + report.count(Classification::PartiallyTested) > 0
}

/// methods.json, the HTML page and the lossless report, where asked.
fn write_report_files(
    report: &mimic_mutate::MutationReport,
    methods_json: Option<&std::path::Path>,
    html: Option<&std::path::Path>,
    lossless: Option<&std::path::Path>,
    sources: &[PathBuf],
) -> anyhow::Result<()> {
    if let Some(path) = methods_json {
        let text = serde_json::to_string_pretty(&mimic_mutate::report::methods_json(report))?;
        crate::output_file::write(path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(dir) = html {
        let sources = mimic_mutate::html::Sources {
            roots: sources.to_vec(),
        };
        mimic_mutate::html::write(report, dir, &sources)
            .with_context(|| format!("writing the HTML report into {}", dir.display()))?;
    }
    if let Some(path) = lossless {
        mimic_mutate::merge::save_report(report, path)?;
    }
    Ok(())
}

/// `-o` and `--html` for one report; with several modules, one file or page per module
/// (`methods-<module>.json`, `<html>/<module>/index.html`).
fn write_outputs(
    args: &MutateArgs,
    report: &mimic_mutate::MutationReport,
    module: Option<&str>,
    sources: &[PathBuf],
) -> anyhow::Result<()> {
    if let Some(path) = &args.explain_report {
        let path = match module {
            Some(m) => {
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                path.with_file_name(format!("{stem}-{m}.md"))
            }
            None => path.clone(),
        };
        crate::output_file::write(
            &path,
            mimic_mutate::explain_report::markdown(report).as_bytes(),
        )
        .with_context(|| format!("writing {}", path.display()))?;
    }
    let output = args
        .outputs
        .output
        .as_deref()
        .map(|p| per_module(p, module));
    let html = args.outputs.html.as_ref().map(|d| match module {
        Some(m) => d.join(m),
        None => d.clone(),
    });
    let lossless = args
        .outputs
        .report
        .as_deref()
        .map(|p| per_module(p, module));
    write_report_files(
        report,
        output.as_deref(),
        html.as_deref(),
        lossless.as_deref(),
        sources,
    )
}
