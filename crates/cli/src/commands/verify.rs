//! `mimic verify`: compiles generated tests, runs them N times on the JUnit Platform and
//! classifies each one as the rick paper does, with the paper's per-MUT table.

use std::path::{Path, PathBuf};

use anyhow::Context;
use mimic_jvm::{ArtifactCache, Jdk, JunitRuntime, Maven};
use mimic_verify::{verify_with, Report, VerifyOptions};

use crate::exit_code;

/// Arguments of `mimic verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// Test source root written by `mimic generate` (not with `--project`).
    #[arg(long)]
    pub tests: Option<PathBuf>,
    /// The application's classes and jars, ':'-separated (repeatable; not with
    /// `--project`).
    #[arg(long, short = 'c')]
    pub classpath: Vec<String>,
    /// With `--project`: the tests mimic generated into each module's test tree (`mimic
    /// generate --project`), run with the module's classes and test class path, from the
    /// module's directory.
    #[command(flatten)]
    pub project: super::project::ProjectArgs,
    /// How many times to run the tests (flakiness shows as differing outcomes).
    #[arg(long, default_value_t = 10)]
    pub runs: usize,
    /// Where to compile and keep reports (default: a `.mimic-verify` directory beside the tests).
    #[arg(long)]
    pub work: Option<PathBuf>,
    /// One timeout for every test, in seconds (default: each test's own, 10 s or 100× the
    /// production invocation it replays, whichever is longer). A test past it is stopped
    /// and classified `timeout`.
    #[arg(long, value_name = "SECONDS")]
    pub test_timeout: Option<f64>,
    /// An extra flag for the test JVMs (repeatable), e.g. `--jvm-arg=-Xmx2g`.
    #[arg(long = "jvm-arg", value_name = "FLAG", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// The test JVMs' working directory, where relative paths in tests resolve (default:
    /// the current directory).
    #[arg(long)]
    pub test_dir: Option<PathBuf>,
    #[command(flatten)]
    pub selection: super::test_selection::TestSelectionArgs,
    /// Run every test once more under each perturbation of its environment (the clock a
    /// year later, another time zone and locale, another working directory, no network)
    /// and report those whose outcome changes as unstable.
    #[arg(long)]
    pub perturb: bool,
    #[command(flatten)]
    pub coverage: super::coverage::CoverageArgs,
    /// After the runs, take every test that did not successfully mimic (in every run, and
    /// under every perturbation with `--perturb`) out of the generated sources and
    /// `mimic-tests.json`, leaving a comment with its verdict and first failure line (not
    /// with `--project`).
    #[arg(long)]
    pub prune: bool,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &VerifyArgs) -> anyhow::Result<u8> {
    if let Some(dir) = args.project.dir(args.tests.is_some())? {
        if args.prune {
            anyhow::bail!(
                "--prune edits the tests written by `mimic generate --out` (--tests); with --project, regenerate instead"
            );
        }
        return run_project(args, &dir);
    }
    let (Some(tests), false) = (&args.tests, args.classpath.is_empty()) else {
        anyhow::bail!(
            "give the generated tests (--tests) and their class path (-c), or --project <dir of a pom.xml>"
        );
    };
    let classpath = crate::classpath_arg::split(&args.classpath);
    let work = args
        .work
        .clone()
        .unwrap_or_else(|| tests.with_file_name(".mimic-verify"));
    let (jdk, runtime) = toolchain()?;
    verify_tests(
        args,
        (&jdk, &runtime),
        tests,
        &classpath,
        &work,
        args.test_dir.as_deref(),
    )
}

/// `verify --project`: per module, the tests mimic generated into its test tree, staged
/// apart from the project's own tests (`target/mimic-verify/tests`) and verified with the
/// module's classes and test class path, from the module's directory; a module without
/// them is named and skipped. The exit code is the worst of the modules'.
fn run_project(args: &VerifyArgs, dir: &Path) -> anyhow::Result<u8> {
    let modules = args.project.modules(dir, "verify", false)?;
    let (jdk, runtime) = toolchain()?;
    let mut code = exit_code::SUCCESS;
    let mut verified = 0;
    for module in &modules {
        let work = args
            .work
            .as_ref()
            .map(|w| w.join(&module.artifact_id))
            .unwrap_or_else(|| module.dir.join("target/mimic-verify"));
        let staged = work.join("tests");
        let count = super::generate_project::stage_generated(
            &module.test_sources,
            &module.test_resources,
            &staged,
        )?;
        if count == 0 {
            eprintln!(
                "verify: module {} skipped: no test mimic generated in {}",
                module.artifact_id,
                module.test_sources.display()
            );
            continue;
        }
        eprintln!(
            "verify: module {}: {count} generated test class(es) from {}",
            module.artifact_id,
            module.test_sources.display()
        );
        println!("== module {}", module.artifact_id);
        let mut classpath = vec![module.classes.clone()];
        classpath.extend(module.classpath.iter().cloned());
        let test_dir = args.test_dir.clone().unwrap_or_else(|| module.dir.clone());
        let module_code = verify_tests(
            args,
            (&jdk, &runtime),
            &staged,
            &classpath,
            &work,
            Some(&test_dir),
        )?;
        code = code.max(module_code);
        verified += 1;
    }
    if verified == 0 {
        anyhow::bail!(
            "no module of {} holds tests mimic generated (write them with `mimic generate --project`)",
            dir.display()
        );
    }
    Ok(code)
}

/// `libmimic_stopper.so`, which the test JVMs of Java 20+ need to stop a test past its
/// time limit (before, `Thread.stop` does): said when it is missing there.
fn stopper(jdk: &Jdk) -> Option<PathBuf> {
    if jdk.feature_version < 20 {
        return None;
    }
    crate::native::stopper()
        .map_err(|e| {
            eprintln!("verify: {e:#}; a test past its time limit is failed but left running")
        })
        .ok()
}

/// The JDK and the JUnit runtime the test runs use, found once per command.
fn toolchain() -> anyhow::Result<(Jdk, JunitRuntime)> {
    let jdk = Jdk::locate()?;
    let runtime = JunitRuntime::fetch(&ArtifactCache::default_location(), &Maven::locate()?)?;
    Ok((jdk, runtime))
}

/// Verify the generated tests under `tests` against `classpath`, compiling into `work`,
/// the test JVMs started in `test_dir`; print the table (or JSON) and say the exit code.
fn verify_tests(
    args: &VerifyArgs,
    (jdk, runtime): (&Jdk, &JunitRuntime),
    tests: &Path,
    classpath: &[PathBuf],
    work: &Path,
    test_dir: Option<&Path>,
) -> anyhow::Result<u8> {
    let test_timeout = match args.test_timeout {
        Some(s) if s.is_finite() && s > 0.0 => Some(std::time::Duration::from_secs_f64(s)),
        Some(s) => anyhow::bail!("--test-timeout {s}: give a positive number of seconds"),
        None => None,
    };
    if let Some(dir) = test_dir {
        if !dir.is_dir() {
            anyhow::bail!("--test-dir {}: not a directory", dir.display());
        }
    }
    let mut jvm_args = args.jvm_args.clone();
    let measuring = args
        .coverage
        .prepare(jdk, tests, classpath, work, &mut jvm_args)?;
    let classpath = match &measuring {
        Some((_, instrumented)) => instrumented.as_slice(),
        None => classpath,
    };
    let options = VerifyOptions {
        runs: args.runs,
        test_timeout,
        jvm_args,
        test_dir: test_dir.map(Path::to_path_buf),
        test_filter: args.selection.filter()?,
        perturb: args.perturb.then(|| {
            crate::native::library(
                None,
                "MIMIC_TIMESHIFT",
                "clock-shifting library",
                "mimic_timeshift",
                "mimic-timeshift",
            )
            .map_err(|e| format!("{e:#}"))
        }),
        stopper: stopper(jdk),
        shim_cache: None,
    };
    let reporter = crate::progress::Reporter::new("verify");
    reporter.phase(
        "verify",
        &format!("{} run(s) of every test", options.runs),
        options.runs,
    );
    let mut say = |line: &str| {
        // "run 2/10: …" begins a run: one step of the bar.
        if let Some(done) = line
            .strip_prefix("run ")
            .and_then(|rest| rest.split('/').next())
            .and_then(|n| n.parse::<usize>().ok())
        {
            reporter.step(done.saturating_sub(1), line);
        }
        reporter.line(line);
    };
    let report = verify_with(jdk, runtime, tests, classpath, work, &options, &mut say)
        .with_context(|| format!("verifying {}", tests.display()))?;
    reporter.step(options.runs, "done");
    reporter.finish();
    let s = &report.summary;
    let unstable = if report.perturbations.is_empty() {
        String::new()
    } else {
        format!(", {} unstable under perturbation", s.unstable)
    };
    reporter.line(&format!(
        "{} tests: {} successfully mimic, {} incompletely, {} unhandled, {} flaky, {} do not compile, {} timeout, {} JVM died{unstable}",
        s.tests,
        s.successfully_mimic,
        s.incompletely_mimic,
        s.unhandled,
        s.flaky,
        s.compile_errors,
        s.timeouts,
        s.jvm_died
    ));
    let mut coverage_failed = false;
    let table = measuring.and_then(|(m, _)| match m.finish(jdk, &report) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("coverage: {e:#}");
            coverage_failed = true;
            None
        }
    });
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        if let Some(t) = &table {
            value["coverage"] = serde_json::to_value(t)?;
        }
        println!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        print_table(&report);
        print_perturbed(&report);
        if let Some(t) = &table {
            super::coverage::print(t);
        }
    }
    if args.prune {
        let pruned = mimic_verify::prune::prune(tests, &report)
            .with_context(|| format!("pruning {}", tests.display()))?;
        for (class, method) in &pruned.not_found {
            eprintln!("prune: {class}.{method} not found in its source: left as it is");
        }
        reporter.line(&format!(
            "pruned {} test(s) that did not successfully mimic from {} source file(s) under {}",
            pruned.tests,
            pruned.files,
            tests.display()
        ));
    }
    let s = &report.summary;
    Ok(
        if s.tests > 0 && s.successfully_mimic == s.tests && s.unstable == 0 && !coverage_failed {
            exit_code::SUCCESS
        } else {
            exit_code::FINDINGS
        },
    )
}

/// With `--perturb`: what was changed, and every test whose outcome changed with it.
fn print_perturbed(r: &Report) {
    for why in &r.perturbations_skipped {
        println!("perturbation left out: {why}");
    }
    if r.perturbations.is_empty() {
        return;
    }
    for u in &r.unstable {
        println!(
            "  Unstable: {}.{} under {}: normally {}, then {}",
            u.class, u.method, u.perturbation, u.normally, u.perturbed
        );
    }
    println!(
        "perturbed ({}): {} unstable test(s)",
        r.perturbations.join("; "),
        r.summary.unstable
    );
}

fn print_table(r: &Report) {
    println!(
        "{:<70} {:>5} {:>9} {:>5} {:>5} {:>5} {:>3} {:>3} {:>3}  {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4}",
        "MUT",
        "tests",
        "captured",
        "mocks",
        "mmeth",
        "stubs",
        "OO",
        "PO",
        "CO",
        "ok",
        "inc",
        "unh",
        "flky",
        "cerr",
        "tout",
        "died"
    );
    for m in &r.muts {
        let name = last_chars(&java_signature(&m.mut_key), 70);
        println!(
            "{:<70} {:>5} {:>8}B {:>5} {:>5} {:>5} {:>3} {:>3} {:>3}  {:>4} {:>4} {:>4} {:>4} {:>4} {:>4} {:>4}",
            name,
            m.tests,
            m.captured_bytes,
            m.mock_objects,
            m.mock_methods,
            m.stubs,
            m.oo_statements,
            m.po_statements,
            m.co_statements,
            m.successfully_mimic,
            m.incompletely_mimic,
            m.unhandled,
            m.flaky,
            m.compile_errors,
            m.timeouts,
            m.jvm_died
        );
    }
    for t in r
        .tests
        .iter()
        .filter(|t| t.verdict != mimic_verify::Verdict::SuccessfullyMimics)
    {
        println!(
            "  {:?}: {}.{}: {}",
            t.verdict,
            t.class,
            t.method,
            t.failure.as_deref().unwrap_or("")
        );
    }
    for (class, diag) in &r.compile_diagnostics {
        println!(
            "  does not compile: {class}: {}",
            diag.lines().take(3).collect::<Vec<_>>().join(" | ")
        );
    }
    let s = &r.summary;
    let pct = |n: usize| {
        if s.tests == 0 {
            0.0
        } else {
            100.0 * n as f64 / s.tests as f64
        }
    };
    println!(
        "{} tests over {} runs: {} successfully mimic ({:.1}%), {} incompletely mimic ({:.1}%), {} unhandled behaviour ({:.1}%), {} flaky, {} do not compile, {} timed out, {} took their JVM down",
        s.tests,
        r.runs,
        s.successfully_mimic,
        pct(s.successfully_mimic),
        s.incompletely_mimic,
        pct(s.incompletely_mimic),
        s.unhandled,
        pct(s.unhandled),
        s.flaky,
        s.compile_errors,
        s.timeouts,
        s.jvm_died
    );
    if s.muts > 0 {
        println!(
            "{} methods under test with tests, {} of them with a test that successfully mimics",
            s.muts, s.muts_mimicked
        );
    }
    println!(
        "test JVMs ran with {} in {}",
        r.jvm_args.join(" "),
        r.test_dir.as_deref().unwrap_or("the current directory")
    );
}

/// A MUT key (`com.x.Foo.pay(I)Z`) as a Java reader names the method
/// (`boolean com.x.Foo.pay(int)`); the key as is when its descriptor does not parse.
pub fn java_signature(key: &str) -> String {
    let Some(open) = key.find('(') else {
        return key.to_string();
    };
    match mimic_classfile::MethodDescriptor::parse(&key[open..]) {
        Ok(d) => d.java_signature(&key[..open]),
        Err(_) => key.to_string(),
    }
}

/// The last `n` characters of `s` (counted in characters, never cutting one), with `…`
/// in front when it was longer.
pub fn last_chars(s: &str, n: usize) -> String {
    let count = s.chars().count();
    if count <= n {
        return s.to_string();
    }
    let tail: String = s.chars().skip(count - (n - 1)).collect();
    format!("…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mut_keys_read_as_java_and_long_ones_keep_their_end() {
        assert_eq!(
            java_signature("com.x.Foo.pay(ILjava/lang/String;)Z"),
            "boolean com.x.Foo.pay(int, String)"
        );
        assert_eq!(java_signature("not a key"), "not a key");
        // Never cut inside a character (a non-ASCII class name).
        let long = format!("{}.Bücher.größe()I", "é".repeat(80));
        let shown = last_chars(&java_signature(&long), 70);
        assert_eq!(shown.chars().count(), 70);
        assert!(shown.starts_with('…') && shown.ends_with("Bücher.größe()"));
    }
}
