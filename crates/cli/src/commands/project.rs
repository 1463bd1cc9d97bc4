//! `--project` and `--module`, shared by the commands that take a Maven project as it is:
//! which directory (given, or the current one when it holds a `pom.xml` and the command
//! got no explicit inputs), Maven's description of its modules (`mimic_jvm::MavenProject`),
//! and which modules the command works on, each skipped one said with its reason.

use std::path::{Path, PathBuf};

use mimic_jvm::{MavenModule, MavenProject};

/// How long Maven may take to build and describe a project.
const MAVEN_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30 * 60);

/// The Maven project flags.
#[derive(Debug, clap::Args)]
pub struct ProjectArgs {
    /// A Maven project (the directory of its pom.xml; default: the current directory when
    /// it holds one and no explicit inputs are given). Maven compiles it and says, per
    /// module, where its classes and tests are and what class path they need.
    #[arg(long, value_name = "DIR")]
    pub project: Option<PathBuf>,
    /// With `--project`: only this module (its artifactId); repeatable.
    #[arg(long = "module", value_name = "ARTIFACT_ID")]
    pub modules: Vec<String>,
}

impl ProjectArgs {
    /// The project directory to use: `--project`, else the current directory when it
    /// holds a `pom.xml` and `explicit` (the command's own inputs) is false.
    pub fn dir(&self, explicit: bool) -> anyhow::Result<Option<PathBuf>> {
        if let Some(dir) = &self.project {
            return Ok(Some(dir.clone()));
        }
        if !self.modules.is_empty() && explicit {
            anyhow::bail!("--module needs --project");
        }
        if explicit {
            return Ok(None);
        }
        let here = std::env::current_dir()?;
        Ok(here.join("pom.xml").is_file().then_some(here))
    }

    /// The modules of the project in `dir` the command works on: those picked by
    /// `--module` (all by default) that have compiled classes, and tests when `tests`;
    /// every other one is named on stderr with why (`command` prefixes the lines).
    pub fn modules(
        &self,
        dir: &std::path::Path,
        command: &str,
        tests: bool,
    ) -> anyhow::Result<Vec<MavenModule>> {
        let maven = mimic_jvm::Maven::locate()?;
        eprintln!(
            "{command}: asking Maven about {} ({}, class paths)",
            dir.display(),
            if tests { "test-compile" } else { "compile" }
        );
        let project = MavenProject::load(&maven, dir, tests, MAVEN_TIMEOUT)?;
        for wanted in &self.modules {
            if !project.modules.iter().any(|m| &m.artifact_id == wanted) {
                anyhow::bail!(
                    "no module {wanted} in {} (modules: {})",
                    project.dir.display(),
                    project
                        .modules
                        .iter()
                        .map(|m| m.artifact_id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
        }
        let mut picked = Vec::new();
        for module in project.modules {
            if !self.modules.is_empty() && !self.modules.contains(&module.artifact_id) {
                continue;
            }
            let why = if module.packaging == "pom" {
                Some("an aggregator (packaging pom)")
            } else if !module.classes.is_dir() {
                Some("no compiled classes")
            } else if tests && !module.has_tests() {
                Some("no compiled tests")
            } else {
                None
            };
            match why {
                Some(why) => eprintln!("{command}: module {} skipped: {why}", module.artifact_id),
                None => picked.push(module),
            }
        }
        if picked.is_empty() {
            anyhow::bail!(
                "no module of {} has {} to work on",
                dir.display(),
                if tests {
                    "classes and tests"
                } else {
                    "classes"
                }
            );
        }
        Ok(picked)
    }
}

/// What a plan over `modules` reads: every module's classes first, then their
/// dependencies (each once); and the project packages, every package holding a class of
/// a module.
pub fn plan_inputs(modules: &[MavenModule]) -> (Vec<PathBuf>, Vec<String>) {
    let mut entries: Vec<PathBuf> = modules.iter().map(|m| m.classes.clone()).collect();
    for module in modules {
        for entry in &module.classpath {
            if !entries.contains(entry) {
                entries.push(entry.clone());
            }
        }
    }
    let mut packages = std::collections::BTreeSet::new();
    for module in modules {
        packages_under(&module.classes, &module.classes, &mut packages);
    }
    (entries, packages.into_iter().collect())
}

/// The packages (dotted) of the class files under `dir`, a class directory rooted at `root`.
fn packages_under(root: &Path, dir: &Path, out: &mut std::collections::BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            packages_under(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "class") {
            if let Some(package) = path.parent().and_then(|p| p.strip_prefix(root).ok()) {
                let dotted = package.to_string_lossy().replace(['/', '\\'], ".");
                if !dotted.is_empty() {
                    out.insert(dotted);
                }
            }
        }
    }
}
