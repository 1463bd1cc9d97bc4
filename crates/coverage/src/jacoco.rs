//! JaCoCo, run as its own tools: `jacococli instrument` (offline instrumentation),
//! `jacococli report --xml`, and the java agent for a coverage run of a workload.
//!
//! The generated tests are measured against offline-instrumented classes, not with the
//! java agent: a test that replays its environment redefines the class under test from
//! the class's bytes on the class path (`Instrumentation.redefineClasses`), and the JVM
//! refuses a redefinition that drops the method JaCoCo's agent added; offline, the bytes
//! on the class path already carry JaCoCo's probes. The workload, which no replay
//! touches, is measured with the agent.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use mimic_jvm::{pinned, Artifact, ArtifactCache, Jdk, Maven};

use crate::CoverageError;

/// How long one `jacococli` command may run (a large jar instruments in seconds).
const TOOL_TIMEOUT: Duration = Duration::from_secs(15 * 60);

/// The system property offline-instrumented classes read their output file from.
pub const DESTFILE_PROPERTY: &str = "jacoco-agent.destfile";

/// The JaCoCo command-line tool and agent (also the runtime of offline-instrumented
/// classes), from mimic's artifact cache.
#[derive(Debug, Clone)]
pub struct Jacoco {
    pub cli: PathBuf,
    pub agent: PathBuf,
}

/// A class path prepared for measuring: its entries (instrumented where JaCoCo could)
/// with JaCoCo's runtime last, and the entries left as they were, with why.
#[derive(Debug, Clone, Default)]
pub struct Instrumented {
    pub classpath: Vec<PathBuf>,
    pub left_out: Vec<(PathBuf, String)>,
}

impl Jacoco {
    /// The pinned JaCoCo jars, fetched into `cache` when missing.
    pub fn fetch(cache: &ArtifactCache, maven: &Maven) -> Result<Jacoco, CoverageError> {
        let wanted = [
            Artifact::parse(pinned::JACOCO_CLI)?,
            Artifact::parse(pinned::JACOCO_AGENT)?,
        ];
        let mut jars = cache.fetch(maven, &wanted)?.into_iter();
        let (Some(cli), Some(agent)) = (jars.next(), jars.next()) else {
            unreachable!("fetch returns one path per artifact");
        };
        Ok(Jacoco { cli, agent })
    }

    /// `-javaagent:` for a coverage run that writes `destfile` (replacing it).
    pub fn agent_flag(&self, destfile: &Path) -> String {
        format!(
            "-javaagent:{}=destfile={},append=false",
            self.agent.display(),
            destfile.display()
        )
    }

    /// The flag that makes offline-instrumented classes write `destfile`.
    pub fn offline_flag(destfile: &Path) -> String {
        format!("-D{DESTFILE_PROPERTY}={}", destfile.display())
    }

    /// Instruments every directory and jar of `classpath` whose classes `wanted` accepts
    /// into `dest` (one numbered directory per entry); other entries stay as they are.
    /// An entry JaCoCo cannot instrument stays as it is too, and is named with JaCoCo's
    /// message; its classes then show as not covered.
    pub fn instrument(
        &self,
        jdk: &Jdk,
        classpath: &[PathBuf],
        wanted: &dyn Fn(&Path) -> bool,
        dest: &Path,
    ) -> Result<Instrumented, CoverageError> {
        if dest.exists() {
            std::fs::remove_dir_all(dest).map_err(|e| CoverageError::io(dest, e))?;
        }
        let mut out = Instrumented::default();
        for (i, entry) in classpath.iter().enumerate() {
            if !entry.exists() || !wanted(entry) {
                out.classpath.push(entry.clone());
                continue;
            }
            let target = dest.join(i.to_string());
            let result = self.run(
                jdk,
                "instrument",
                &[
                    "instrument".as_ref(),
                    entry.as_os_str(),
                    "--dest".as_ref(),
                    target.as_os_str(),
                    "--quiet".as_ref(),
                ],
            );
            match result {
                Ok(()) if entry.is_dir() => out.classpath.push(target),
                Ok(()) => out
                    .classpath
                    .push(target.join(entry.file_name().unwrap_or_default())),
                Err(e) => {
                    out.left_out.push((entry.clone(), e.to_string()));
                    out.classpath.push(entry.clone());
                }
            }
        }
        out.classpath.push(self.agent.clone());
        Ok(out)
    }

    /// JaCoCo's XML report of the execution data `exec` over the class files of
    /// `classfiles` (directories and jars), written to `xml`.
    pub fn report_xml(
        &self,
        jdk: &Jdk,
        exec: &Path,
        classfiles: &[PathBuf],
        xml: &Path,
    ) -> Result<(), CoverageError> {
        if !exec.is_file() {
            return Err(CoverageError::Jacoco {
                what: "report".into(),
                message: format!("{}: no execution data", exec.display()),
            });
        }
        let mut args: Vec<&std::ffi::OsStr> = vec!["report".as_ref(), exec.as_os_str()];
        for c in classfiles.iter().filter(|c| c.exists()) {
            args.extend(["--classfiles".as_ref(), c.as_os_str()]);
        }
        args.extend(["--xml".as_ref(), xml.as_os_str(), "--quiet".as_ref()]);
        self.run(jdk, "report", &args)
    }

    fn run(&self, jdk: &Jdk, what: &str, args: &[&std::ffi::OsStr]) -> Result<(), CoverageError> {
        let java = jdk.java();
        let mut command = Command::new(&java);
        command.arg("-jar").arg(&self.cli).args(args);
        let finished = mimic_jvm::process::run(&mut command, Some(TOOL_TIMEOUT))
            .map_err(|e| CoverageError::io(&java, format!("cannot start it: {e}")))?;
        if finished.timed_out {
            return Err(CoverageError::Jacoco {
                what: what.into(),
                message: format!("stopped after {} s", TOOL_TIMEOUT.as_secs()),
            });
        }
        if finished.status.is_some_and(|s| s.success()) {
            return Ok(());
        }
        let stderr = String::from_utf8_lossy(&finished.stderr);
        let stdout = String::from_utf8_lossy(&finished.stdout);
        let message = stderr
            .lines()
            .chain(stdout.lines())
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("at "))
            .take(3)
            .collect::<Vec<_>>()
            .join(" | ");
        Err(CoverageError::Jacoco {
            what: what.into(),
            message: if message.is_empty() {
                format!("exit status {:?}", finished.status.and_then(|s| s.code()))
            } else {
                message
            },
        })
    }
}

/// The entries of `classpath` that hold one of `classes` (internal names): what coverage
/// is measured over. Without classes, the class directories (a project's own classes;
/// jars are most often libraries).
pub fn entries_holding(
    classpath: &[PathBuf],
    classes: &std::collections::BTreeSet<String>,
) -> Vec<PathBuf> {
    if classes.is_empty() {
        return classpath.iter().filter(|e| e.is_dir()).cloned().collect();
    }
    let source = mimic_classpath::ClassSource::new(classpath);
    classpath
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            source
                .names_in_input(*i)
                .map(|names| names.iter().any(|n| classes.contains(n)))
                .unwrap_or(false)
        })
        .map(|(_, e)| e.clone())
        .collect()
}
