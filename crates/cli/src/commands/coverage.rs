//! `--coverage` of `mimic verify` (and `mimic run`): the generated tests run against
//! JaCoCo-instrumented classes; their coverage is printed beside the recorded run's
//! (`mimic record --coverage`, or `--run-exec`) class by class, as the trace-based
//! thesis's Table I, with every method the run covered that no test covers and why.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Context;
use mimic_coverage::{jacoco, CoverageReport, Explainer, Jacoco, TableOne};
use mimic_generate::Manifest;
use mimic_jvm::{ArtifactCache, Jdk, Maven};

/// The flags.
#[derive(Debug, Clone, clap::Args)]
pub struct CoverageArgs {
    /// Measure the tests' coverage with JaCoCo and print it per class beside the recorded
    /// run's (when its coverage data is at hand), with the methods the run covered that no
    /// test covers and why.
    #[arg(long)]
    pub coverage: bool,
    /// The recorded workload's JaCoCo execution data (default: the one `mimic record
    /// --coverage` wrote beside the tests' trace store). Implies --coverage.
    #[arg(long, value_name = "FILE")]
    pub run_exec: Option<PathBuf>,
}

/// JaCoCo's jars from mimic's artifact cache, fetched when missing (`verify --coverage`,
/// `record --coverage`).
pub fn jacoco() -> anyhow::Result<Jacoco> {
    Jacoco::fetch(&ArtifactCache::default_location(), &Maven::locate()?).context("fetching JaCoCo")
}

/// The JaCoCo execution data `mimic record --coverage` writes beside `store`.
pub fn exec_beside(store: &Path) -> PathBuf {
    let mut s = store.as_os_str().to_os_string();
    s.push(".jacoco.exec");
    PathBuf::from(s)
}

/// A measurement under way: what is measured and where its data goes.
pub struct Measuring {
    jacoco: Jacoco,
    /// The class path entries measured (as given, not instrumented).
    measured: Vec<PathBuf>,
    dir: PathBuf,
    exec: PathBuf,
    manifest: Option<Manifest>,
    run_exec: Option<PathBuf>,
}

impl CoverageArgs {
    fn wanted(&self) -> bool {
        self.coverage || self.run_exec.is_some()
    }

    /// With `--coverage`: instruments the class path's entries that hold the tests'
    /// classes under test into `work/coverage`; returns the measurement and the class path
    /// the tests run with, and adds the flag that writes the tests' data to `jvm_args`.
    pub fn prepare(
        &self,
        jdk: &Jdk,
        tests: &Path,
        classpath: &[PathBuf],
        work: &Path,
        jvm_args: &mut Vec<String>,
    ) -> anyhow::Result<Option<(Measuring, Vec<PathBuf>)>> {
        if !self.wanted() {
            return Ok(None);
        }
        if let Some(exec) = &self.run_exec {
            if !exec.is_file() {
                anyhow::bail!("--run-exec {}: no such file", exec.display());
            }
        }
        let jacoco = jacoco()?;
        let manifest = Manifest::read_in(tests);
        let classes: BTreeSet<String> = manifest
            .iter()
            .flat_map(|m| {
                let tested = m.tests.iter().map(|t| t.mut_class.as_str());
                tested.chain(m.gaps.iter().map(|g| g.mut_class.as_str()))
            })
            .map(|c| c.replace('.', "/"))
            .collect();
        let measured = jacoco::entries_holding(classpath, &classes);
        if measured.is_empty() {
            anyhow::bail!(
                "--coverage: no entry of the class path holds the tests' classes under test"
            );
        }
        let dir = work.join("coverage");
        let wanted = |e: &Path| measured.iter().any(|m| m == e);
        let instrumented = jacoco
            .instrument(jdk, classpath, &wanted, &dir.join("instrumented"))
            .context("instrumenting for coverage")?;
        for (entry, why) in &instrumented.left_out {
            eprintln!(
                "coverage: {} left uninstrumented (its classes show as not covered): {why}",
                entry.display()
            );
        }
        let exec = dir.join("tests.exec");
        if exec.exists() {
            std::fs::remove_file(&exec).with_context(|| format!("removing {}", exec.display()))?;
        }
        jvm_args.push(Jacoco::offline_flag(&exec));
        let run_exec = self.run_exec.clone().or_else(|| {
            manifest
                .as_ref()
                .map(|m| exec_beside(Path::new(&m.store)))
                .filter(|e| e.is_file())
        });
        Ok(Some((
            Measuring {
                jacoco,
                measured,
                dir,
                exec,
                manifest,
                run_exec,
            },
            instrumented.classpath,
        )))
    }
}

impl Measuring {
    /// After the tests ran: JaCoCo's reports of the tests and of the run, compared.
    pub fn finish(self, jdk: &Jdk, verified: &mimic_verify::Report) -> anyhow::Result<TableOne> {
        let tests_xml = self.dir.join("tests.xml");
        if !self.exec.is_file() {
            anyhow::bail!(
                "the test JVMs wrote no coverage data ({}): no test ran to its end",
                self.exec.display()
            );
        }
        self.jacoco
            .report_xml(jdk, &self.exec, &self.measured, &tests_xml)
            .context("reporting the tests' coverage")?;
        let tests = CoverageReport::read(&tests_xml)?;
        let run = match &self.run_exec {
            Some(exec) => {
                let xml = self.dir.join("run.xml");
                self.jacoco
                    .report_xml(jdk, exec, &self.measured, &xml)
                    .with_context(|| {
                        format!("reporting the run's coverage ({})", exec.display())
                    })?;
                eprintln!("coverage: the run's data: {}", exec.display());
                Some(CoverageReport::read(&xml)?)
            }
            None => {
                eprintln!(
                    "coverage: no coverage data of the recorded run (record with `mimic record --coverage`, or give --run-exec): the tests' coverage only"
                );
                None
            }
        };
        let planned = match &self.manifest {
            Some(m) => match Explainer::planned_in_store(m) {
                Ok(p) => Some(p),
                Err(e) => {
                    eprintln!("coverage: the plan's methods are not known ({e})");
                    None
                }
            },
            None => None,
        };
        let explainer = Explainer::new(self.manifest.as_ref(), verified, planned, &self.measured);
        Ok(TableOne::compare(run.as_ref(), &tests, &explainer))
    }
}

/// `covered/all`.
fn ratio(c: mimic_coverage::Counter) -> String {
    format!("{}/{}", c.covered, c.total())
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The table, the uncovered methods and a one-line summary.
pub fn print(t: &TableOne) {
    let with_run = t.run_total.is_some();
    println!(
        "{:<56} {:>15} {:>15} {:>15} {:>15}",
        "coverage per class (JaCoCo)", "methods", "branches", "lines", "instructions"
    );
    let row = |label: &str, c: &mimic_coverage::Counters| {
        println!(
            "{:<56} {:>15} {:>15} {:>15} {:>15}",
            label,
            ratio(c.methods),
            ratio(c.branches),
            ratio(c.lines),
            ratio(c.instructions)
        );
    };
    for r in &t.rows {
        let name = super::verify::last_chars(&r.class, 48);
        if let Some(run) = &r.run {
            row(&format!("{name} run"), run);
        }
        row(
            &format!("{name} {}", if with_run { "tests" } else { "" }),
            &r.tests,
        );
    }
    if let Some(run) = &t.run_total {
        row("total, run", run);
    }
    row(
        if with_run { "total, tests" } else { "total" },
        &t.tests_total,
    );
    for u in &t.uncovered {
        println!(
            "  not covered by the tests: {}: {}",
            super::verify::java_signature(&format!("{}.{}{}", u.class, u.method, u.descriptor)),
            u.reason
        );
    }
    let kinds: Vec<String> = t
        .uncovered_by_kind()
        .into_iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    let why = if kinds.is_empty() {
        String::new()
    } else {
        format!(" ({})", kinds.join(", "))
    };
    match (t.run_total, t.run_lines, t.lines_covered_again) {
        (Some(run), Some(lines), Some(again)) => println!(
            "coverage: the tests cover {again} of the {lines} lines the run covered ({}{}), {} of its {} methods; {} method(s) the run covered are not covered{why}",
            percent(again, lines),
            if t.entry_point_lines > 0 {
                format!("; its entry points' {} lines left out", t.entry_point_lines)
            } else {
                String::new()
            },
            run.methods.covered as usize - t.uncovered.len().min(run.methods.covered as usize),
            run.methods.covered,
            t.uncovered.len()
        ),
        _ => println!(
            "coverage: the tests cover {} lines, {} methods over {} classes; {} method(s) under test are not covered{why}",
            t.tests_total.lines.covered,
            t.tests_total.methods.covered,
            t.tests_classes,
            t.uncovered.len()
        ),
    }
}
