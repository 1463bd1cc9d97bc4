//! `MavenProject`: a Maven build as mimic needs it — per module its compiled classes, its
//! compiled tests, the class path its tests run with, and the directory its tests run in —
//! learnt by asking Maven itself, never by reading POMs: one `mvn` run compiles what is
//! stale (`test-compile`), writes each module's test class path
//! (`dependency:build-classpath`, test scope, into `target/mimic-test-classpath.txt`) and
//! the effective POM of the whole reactor (`help:effective-pom`), from which the output
//! directories are read. Maven's own resolution (parents, profiles, properties, the
//! reactor's modules built in this run) is therefore the one the project's build uses.
//!
//! A module's directory (where Surefire runs its tests and where relative paths in tests
//! resolve) is the parent of its build directory when that is named `target`, Maven's
//! default; otherwise the parent of `src/main/java` when its source directory ends so;
//! otherwise the project directory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use quick_xml::events::Event;
use quick_xml::Reader;

use crate::error::JvmError;
use crate::maven::Maven;
use crate::surefire::SurefireConfig;

/// Where each module's test class path is written, relative to the module directory.
pub const CLASSPATH_FILE: &str = "target/mimic-test-classpath.txt";
/// The project's quality gates bound before `test-compile` (license headers, style,
/// enforcer rules, bytecode checks), skipped: mimic needs the classes compiled, and files
/// mimic or the user added (reports) must not fail a license check.
const SKIP_GATES: &[&str] = &[
    "-Drat.skip=true",
    "-Dcheckstyle.skip=true",
    "-Denforcer.skip=true",
    "-Dspotless.check.skip=true",
    "-Dpmd.skip=true",
    "-Dcpd.skip=true",
    "-Dspotbugs.skip=true",
    "-Danimal.sniffer.skip=true",
    "-Djapicmp.skip=true",
    "-Drevapi.skip=true",
    "-Dmaven.javadoc.skip=true",
    "-Djacoco.skip=true",
];

/// Where the reactor's effective POM is written, relative to the project directory.
const EFFECTIVE_POM: &str = "target/mimic-effective-pom.xml";

/// One module of a Maven build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MavenModule {
    pub artifact_id: String,
    pub packaging: String,
    /// The module directory: tests run here.
    pub dir: PathBuf,
    /// `project.build.outputDirectory`.
    pub classes: PathBuf,
    /// `project.build.testOutputDirectory`.
    pub test_classes: PathBuf,
    /// `project.build.sourceDirectory` (`src/main/java` unless the POM says otherwise).
    pub sources: PathBuf,
    /// `project.build.testSourceDirectory` (`src/test/java` unless the POM says otherwise).
    pub test_sources: PathBuf,
    /// The first `project.build.testResources` directory (`src/test/resources`).
    pub test_resources: PathBuf,
    /// The test class path without the module's own two directories: dependencies (jars,
    /// or other modules' class directories from this reactor), in Maven's order.
    pub classpath: Vec<PathBuf>,
    /// Which test classes the module's Surefire runs (its `includes`/`excludes`).
    pub surefire: SurefireConfig,
}

impl MavenModule {
    /// Whether the module has compiled tests to run.
    pub fn has_tests(&self) -> bool {
        std::fs::read_dir(&self.test_classes).is_ok_and(|mut d| d.next().is_some())
    }
}

/// A Maven build: its modules in reactor order (an aggregator `pom` module included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MavenProject {
    pub dir: PathBuf,
    pub modules: Vec<MavenModule>,
}

impl MavenProject {
    /// Ask Maven (run in `dir`, which holds a `pom.xml`) for the project's modules,
    /// compiling its code first; `timeout` bounds the Maven run.
    /// `tests`: compile the tests too (`test-compile`); otherwise only the main classes
    /// (`compile`), for commands that write tests rather than run them.
    pub fn load(
        maven: &Maven,
        dir: &Path,
        tests: bool,
        timeout: Duration,
    ) -> Result<MavenProject, JvmError> {
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        if !dir.join("pom.xml").is_file() {
            return Err(JvmError::MavenProject {
                dir,
                reason: "no pom.xml there".into(),
            });
        }
        let finished = crate::process::run(
            Command::new(&maven.mvn)
                .current_dir(&dir)
                .args([
                    "-B",
                    "-q",
                    "-Dstyle.color=never",
                    if tests { "test-compile" } else { "compile" },
                    "dependency:build-classpath",
                    &format!("-Dmdep.outputFile={CLASSPATH_FILE}"),
                    "-Dmdep.includeScope=test",
                    "help:effective-pom",
                    &format!("-Doutput={EFFECTIVE_POM}"),
                ])
                .args(SKIP_GATES),
            Some(timeout),
        )
        .map_err(|e| JvmError::spawn(&maven.mvn, e))?;
        if finished.timed_out {
            return Err(JvmError::MavenProject {
                dir,
                reason: format!("Maven did not finish within {} s", timeout.as_secs()),
            });
        }
        let output = finished.into_output();
        if !output.status.success() {
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            return Err(JvmError::MavenProject {
                dir,
                reason: format!("Maven failed: {}", first_error(&text)),
            });
        }
        let pom_path = dir.join(EFFECTIVE_POM);
        let pom = std::fs::read_to_string(&pom_path).map_err(|e| JvmError::MavenProject {
            dir: dir.clone(),
            reason: format!(
                "Maven wrote no effective POM at {}: {e}",
                pom_path.display()
            ),
        })?;
        let mut modules = Vec::new();
        for found in parse_effective_pom(&pom) {
            let module_dir = module_dir(&found, &dir);
            let cp_file = module_dir.join(CLASSPATH_FILE);
            let classpath = match std::fs::read_to_string(&cp_file) {
                Ok(text) => std::env::split_paths(text.trim())
                    .filter(|p| !p.as_os_str().is_empty())
                    .filter(|p| *p != found.classes && *p != found.test_classes)
                    .collect(),
                // An aggregator has no class path of its own.
                Err(_) if found.packaging == "pom" => Vec::new(),
                Err(e) => {
                    return Err(JvmError::MavenProject {
                        dir,
                        reason: format!(
                            "module {}: no test class path at {}: {e}",
                            found.artifact_id,
                            cp_file.display()
                        ),
                    })
                }
            };
            let or_default = |p: PathBuf, default: &str| {
                if p.as_os_str().is_empty() {
                    module_dir.join(default)
                } else {
                    p
                }
            };
            modules.push(MavenModule {
                artifact_id: found.artifact_id,
                packaging: found.packaging,
                sources: or_default(found.source_directory.clone(), "src/main/java"),
                test_sources: or_default(found.test_sources, "src/test/java"),
                test_resources: or_default(found.test_resources, "src/test/resources"),
                dir: module_dir,
                classes: found.classes,
                test_classes: found.test_classes,
                classpath,
                surefire: found.surefire,
            });
        }
        if modules.is_empty() {
            return Err(JvmError::MavenProject {
                dir,
                reason: format!("no project in Maven's effective POM {}", pom_path.display()),
            });
        }
        Ok(MavenProject { dir, modules })
    }
}

/// What the effective POM says of one project.
#[derive(Debug, Clone, PartialEq, Eq)]
struct EffectiveProject {
    artifact_id: String,
    packaging: String,
    build_directory: PathBuf,
    source_directory: PathBuf,
    classes: PathBuf,
    test_classes: PathBuf,
    test_sources: PathBuf,
    test_resources: PathBuf,
    surefire: SurefireConfig,
}

/// The `maven-surefire-plugin` entry being read: its plugin-level configuration, and that
/// of its `default-test` execution (what it sets is what `mvn test` uses).
#[derive(Default)]
struct PluginEntry {
    artifact_id: String,
    plugin: SurefireConfig,
    execution_id: String,
    execution: SurefireConfig,
    default_test: Option<SurefireConfig>,
}

/// The projects of an effective POM (`<project>`, or `<projects>` for a reactor), reading
/// only the direct `artifactId`, `packaging` and `build` children of each `<project>`.
fn parse_effective_pom(xml: &str) -> Vec<EffectiveProject> {
    let mut reader = Reader::from_str(xml);
    let mut out = Vec::new();
    // Element names from the current <project> down.
    let mut path: Vec<String> = Vec::new();
    let mut current: Option<EffectiveProject> = None;
    let mut plugin = PluginEntry::default();
    let mut text = String::new();
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
                if name == "project" && current.is_none() {
                    current = Some(EffectiveProject {
                        artifact_id: String::new(),
                        packaging: "jar".into(),
                        build_directory: PathBuf::new(),
                        source_directory: PathBuf::new(),
                        classes: PathBuf::new(),
                        test_classes: PathBuf::new(),
                        test_sources: PathBuf::new(),
                        test_resources: PathBuf::new(),
                        surefire: SurefireConfig::default(),
                    });
                    plugin = PluginEntry::default();
                    path.clear();
                } else if current.is_some() {
                    path.push(name);
                }
                text.clear();
            }
            Ok(Event::Text(t)) => {
                text.push_str(&t.unescape().map(|s| s.into_owned()).unwrap_or_default());
            }
            Ok(Event::End(e)) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
                if name == "project" && path.is_empty() {
                    if let Some(p) = current.take() {
                        if !p.artifact_id.is_empty() {
                            out.push(p);
                        }
                    }
                    continue;
                }
                if let Some(p) = current.as_mut() {
                    let value = text.trim();
                    match path.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                        ["artifactId"] => p.artifact_id = value.into(),
                        ["packaging"] => p.packaging = value.into(),
                        ["build", "directory"] => p.build_directory = value.into(),
                        ["build", "sourceDirectory"] => p.source_directory = value.into(),
                        ["build", "outputDirectory"] => p.classes = value.into(),
                        ["build", "testOutputDirectory"] => p.test_classes = value.into(),
                        ["build", "testSourceDirectory"] => p.test_sources = value.into(),
                        ["build", "testResources", "testResource", "directory"]
                            if p.test_resources.as_os_str().is_empty() =>
                        {
                            p.test_resources = value.into()
                        }
                        ["build", "plugins", "plugin", "artifactId"] => {
                            plugin.artifact_id = value.into()
                        }
                        ["build", "plugins", "plugin", "executions", "execution", "id"] => {
                            plugin.execution_id = value.into()
                        }
                        ["build", "plugins", "plugin", "configuration", ref rest @ ..] => {
                            plugin.plugin.read(rest, value)
                        }
                        ["build", "plugins", "plugin", "executions", "execution", "configuration", ref rest @ ..] => {
                            plugin.execution.read(rest, value)
                        }
                        ["build", "plugins", "plugin", "executions", "execution"] => {
                            let execution = std::mem::take(&mut plugin.execution);
                            if std::mem::take(&mut plugin.execution_id) == "default-test" {
                                plugin.default_test = Some(execution);
                            }
                        }
                        ["build", "plugins", "plugin"] => {
                            let entry = std::mem::take(&mut plugin);
                            if entry.artifact_id == "maven-surefire-plugin" {
                                p.surefire = match entry.default_test {
                                    Some(e) => entry.plugin.overridden_by(e),
                                    None => entry.plugin,
                                };
                            }
                        }
                        _ => {}
                    }
                    path.pop();
                }
                text.clear();
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    out
}

/// The module directory of `p` (see the module documentation).
fn module_dir(p: &EffectiveProject, project_dir: &Path) -> PathBuf {
    if p.build_directory.file_name().is_some_and(|n| n == "target") {
        if let Some(parent) = p.build_directory.parent() {
            return parent.to_path_buf();
        }
    }
    let mut source = p.source_directory.clone();
    if source.ends_with("src/main/java") {
        for _ in 0..3 {
            source.pop();
        }
        return source;
    }
    project_dir.to_path_buf()
}

/// The first telling `[ERROR]` line of Maven's output (past a bare `COMPILATION ERROR :`
/// heading), or its last line.
fn first_error(text: &str) -> String {
    let text = crate::maven::strip_ansi(text);
    text.lines()
        .map(|l| l.trim())
        .filter_map(|l| l.strip_prefix("[ERROR]").map(str::trim))
        .find(|l| !l.is_empty() && !l.starts_with("COMPILATION ERROR"))
        .or_else(|| text.lines().rev().map(str::trim).find(|l| !l.is_empty()))
        .unwrap_or("(no output)")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const REACTOR: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<projects>
  <project xmlns="http://maven.apache.org/POM/4.0.0">
    <artifactId>shop</artifactId>
    <packaging>pom</packaging>
    <dependencies><dependency><artifactId>junit</artifactId></dependency></dependencies>
    <build>
      <sourceDirectory>/p/src/main/java</sourceDirectory>
      <directory>/p/target</directory>
      <outputDirectory>/p/target/classes</outputDirectory>
      <testOutputDirectory>/p/target/test-classes</testOutputDirectory>
      <plugins><plugin><artifactId>x</artifactId><configuration><outputDirectory>/p/site</outputDirectory></configuration></plugin></plugins>
    </build>
  </project>
  <project>
    <parent><artifactId>shop</artifactId></parent>
    <artifactId>shop-core</artifactId>
    <build>
      <sourceDirectory>/p/core/src/main/java</sourceDirectory>
      <directory>/p/core/out</directory>
      <outputDirectory>/p/core/out/classes</outputDirectory>
      <testOutputDirectory>/p/core/out/test-classes</testOutputDirectory>
    </build>
  </project>
</projects>"#;

    #[test]
    fn an_effective_pom_gives_each_projects_own_directories() {
        let projects = parse_effective_pom(REACTOR);
        assert_eq!(projects.len(), 2);
        assert_eq!(projects[0].artifact_id, "shop");
        assert_eq!(projects[0].packaging, "pom");
        // The plugin's <outputDirectory> is not the build's.
        assert_eq!(projects[0].classes, Path::new("/p/target/classes"));
        assert_eq!(projects[1].artifact_id, "shop-core");
        assert_eq!(projects[1].packaging, "jar");
        assert_eq!(
            projects[1].test_classes,
            Path::new("/p/core/out/test-classes")
        );
        assert_eq!(module_dir(&projects[0], Path::new("/p")), Path::new("/p"));
        // A build directory not named target: the source directory says where.
        assert_eq!(
            module_dir(&projects[1], Path::new("/p")),
            Path::new("/p/core")
        );
    }

    #[test]
    fn a_single_project_pom_is_one_project() {
        let xml = "<project><artifactId>one</artifactId><build><directory>/o/target</directory>\
                   <outputDirectory>/o/target/classes</outputDirectory></build></project>";
        let projects = parse_effective_pom(xml);
        assert_eq!(projects.len(), 1);
        assert_eq!(module_dir(&projects[0], Path::new("/x")), Path::new("/o"));
    }

    #[test]
    fn the_surefire_selection_is_the_plugins_or_its_default_test_executions() {
        let xml = |execution: &str| {
            format!(
                "<project><artifactId>one</artifactId><build><plugins>\
                 <plugin><artifactId>maven-compiler-plugin</artifactId><configuration>\
                 <excludes><exclude>Not/This.java</exclude></excludes></configuration></plugin>\
                 <plugin><artifactId>maven-surefire-plugin</artifactId><executions>\
                 <execution><id>other</id><configuration><includes><include>**/*IT.java</include>\
                 </includes></configuration></execution>{execution}</executions>\
                 <configuration><excludes><exclude>**/*AbstractTest.java</exclude>\
                 <exclude>**/*PerformanceTest.java</exclude></excludes><argLine>-Xss2m</argLine>\
                 <systemPropertyVariables><shop.region>north</shop.region>\
                 </systemPropertyVariables><environmentVariables><SHOP_ENV>test</SHOP_ENV>\
                 </environmentVariables><excludedGroups>slow</excludedGroups>\
                 </configuration></plugin>\
                 </plugins></build></project>"
            )
        };
        let plugin_level = &parse_effective_pom(&xml(""))[0].surefire;
        assert!(plugin_level.includes.is_empty());
        assert_eq!(plugin_level.arg_line, "-Xss2m");
        assert_eq!(
            plugin_level.system_properties,
            vec![("shop.region".to_string(), "north".to_string())]
        );
        assert_eq!(
            plugin_level.environment,
            vec![("SHOP_ENV".to_string(), "test".to_string())]
        );
        assert_eq!(plugin_level.excluded_groups, "slow");
        assert_eq!(
            plugin_level.excludes,
            vec!["**/*AbstractTest.java", "**/*PerformanceTest.java"]
        );
        let default_test = &parse_effective_pom(&xml(
            "<execution><id>default-test</id><configuration><includes>\
             <include>**/*Spec.java</include></includes></configuration></execution>",
        ))[0]
            .surefire;
        assert_eq!(default_test.includes, vec!["**/*Spec.java"]);
        // What the execution does not set comes from the plugin's configuration.
        assert_eq!(
            default_test.excludes,
            vec!["**/*AbstractTest.java", "**/*PerformanceTest.java"]
        );
        // No Surefire entry: its defaults.
        let none = "<project><artifactId>one</artifactId><build></build></project>";
        assert_eq!(
            parse_effective_pom(none)[0].surefire,
            SurefireConfig::default()
        );
    }

    #[test]
    fn mavens_first_error_line_is_the_reason() {
        let out = "[INFO] x\n[ERROR] COMPILATION ERROR : \n[ERROR] Foo.java:[3,1] oops\n";
        assert_eq!(first_error(out), "Foo.java:[3,1] oops");
        assert_eq!(first_error("just this\n"), "just this");
        // Maven colours its lines even when asked not to.
        let coloured = "\u{1b}[0m\u{1b}[0m[ERROR] Failed to execute goal rat: too many files\n\
                        [ERROR] To see the full stack trace of the errors, re-run Maven\n";
        assert_eq!(
            first_error(coloured),
            "Failed to execute goal rat: too many files"
        );
    }
}
