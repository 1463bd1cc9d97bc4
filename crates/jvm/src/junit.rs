//! Running tests on the JUnit Platform console launcher and reading its
//! legacy XML reports into `TestOutcome`s.

use std::path::{Path, PathBuf};
use std::process::Command;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::xml::attribute;

use crate::cache::ArtifactCache;
use crate::error::{describe_status, last_lines, JvmError};
use crate::javac::classpath_string;
use crate::jdk::Jdk;
use crate::maven::Maven;
use crate::pinned;

/// What the console launcher prints once the whole test plan has run (`--details=summary`).
const PLAN_FINISHED: &str = "Test run finished after";

/// The launcher's main class (in the console-standalone jar).
pub const CONSOLE_LAUNCHER_MAIN: &str = "org.junit.platform.console.ConsoleLauncher";

/// The jars of the pinned JUnit 5 + Mockito test runtime, from the cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JunitRuntime {
    /// junit-platform-console-standalone (launcher, Jupiter and Vintage engines).
    pub console_standalone: PathBuf,
    /// junit-jupiter-api.
    pub jupiter_api: PathBuf,
    /// junit-jupiter-engine.
    pub jupiter_engine: PathBuf,
    /// junit-jupiter-params.
    pub jupiter_params: PathBuf,
    /// junit-platform-commons.
    pub platform_commons: PathBuf,
    /// junit-platform-engine.
    pub platform_engine: PathBuf,
    /// opentest4j.
    pub opentest4j: PathBuf,
    /// apiguardian-api.
    pub apiguardian: PathBuf,
    /// mockito-core.
    pub mockito_core: PathBuf,
    /// mockito-junit-jupiter.
    pub mockito_junit_jupiter: PathBuf,
    /// byte-buddy.
    pub byte_buddy: PathBuf,
    /// byte-buddy-agent.
    pub byte_buddy_agent: PathBuf,
    /// objenesis.
    pub objenesis: PathBuf,
}

impl JunitRuntime {
    /// The runtime from `cache`, fetching whatever is missing with `maven`.
    pub fn fetch(cache: &ArtifactCache, maven: &Maven) -> Result<JunitRuntime, JvmError> {
        Ok(Self::from_jars(
            cache.fetch(maven, &pinned::test_runtime())?,
        ))
    }

    /// The runtime from `cache` without running Maven; fails if a jar is missing.
    pub fn cached(cache: &ArtifactCache) -> Result<JunitRuntime, JvmError> {
        Ok(Self::from_jars(cache.cached(&pinned::test_runtime())?))
    }

    /// `jars` in the order of [`pinned::TEST_RUNTIME`].
    fn from_jars(jars: Vec<PathBuf>) -> JunitRuntime {
        let [console_standalone, jupiter_api, jupiter_engine, jupiter_params, platform_commons, platform_engine, opentest4j, apiguardian, mockito_core, mockito_junit_jupiter, byte_buddy, byte_buddy_agent, objenesis]: [PathBuf; 13] =
            jars.try_into().expect("pinned::TEST_RUNTIME has 13 entries");
        JunitRuntime {
            console_standalone,
            jupiter_api,
            jupiter_engine,
            jupiter_params,
            platform_commons,
            platform_engine,
            opentest4j,
            apiguardian,
            mockito_core,
            mockito_junit_jupiter,
            byte_buddy,
            byte_buddy_agent,
            objenesis,
        }
    }

    /// What test sources compile against: Jupiter API and params, Mockito
    /// (core and JUnit extension), Byte Buddy (+agent), Objenesis, opentest4j,
    /// apiguardian, platform commons.
    pub fn test_classpath(&self) -> Vec<PathBuf> {
        vec![
            self.jupiter_api.clone(),
            self.jupiter_params.clone(),
            self.platform_commons.clone(),
            self.opentest4j.clone(),
            self.apiguardian.clone(),
            self.mockito_core.clone(),
            self.mockito_junit_jupiter.clone(),
            self.byte_buddy.clone(),
            self.byte_buddy_agent.clone(),
            self.objenesis.clone(),
        ]
    }

    /// What `run_junit` adds after the caller's class path: the launcher (which
    /// bundles the JUnit jars) and Mockito with its dependencies.
    pub fn run_classpath(&self) -> Vec<PathBuf> {
        vec![
            self.console_standalone.clone(),
            self.mockito_core.clone(),
            self.mockito_junit_jupiter.clone(),
            self.byte_buddy.clone(),
            self.byte_buddy_agent.clone(),
            self.objenesis.clone(),
        ]
    }

    /// The jar to load with `-javaagent:` so Mockito's inline mock maker needs
    /// no dynamic attach (mockito-core).
    pub fn mockito_agent(&self) -> PathBuf {
        self.mockito_core.clone()
    }
}

/// Which tests to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JunitSelect {
    /// Every test class in the directories of the class path, with JUnit's
    /// default class-name filter (`Test*`, `*Test`, `*Tests`).
    ScanClassPath,
    /// These fully qualified classes.
    Classes(Vec<String>),
    /// These methods, as `com.acme.FooTest#bar` (or `…#bar(int)`).
    Methods(Vec<String>),
}

/// How one test ended.
#[derive(Debug, Clone, PartialEq)]
pub enum TestStatus {
    /// It passed.
    Passed,
    /// An assertion failed (JUnit's `<failure>`).
    Failed {
        /// The throwable's class, e.g. "org.opentest4j.AssertionFailedError".
        kind: String,
        /// Its message, if it had one.
        message: Option<String>,
    },
    /// Something other than an assertion was thrown (JUnit's `<error>`).
    Errored {
        /// The throwable's class, e.g. "java.lang.IllegalStateException".
        kind: String,
        /// Its message, if it had one.
        message: Option<String>,
    },
    /// Disabled or aborted (an assumption did not hold).
    Skipped {
        /// Why, if JUnit said.
        message: Option<String>,
    },
}

/// One test case from a JUnit report.
#[derive(Debug, Clone, PartialEq)]
pub struct TestOutcome {
    /// The `classname` attribute: the test class, e.g. "demo.CalcTest".
    pub class_name: String,
    /// The `name` attribute, e.g. `adds()` or `add(int, int)[1]`.
    pub method_name: String,
    /// How it ended.
    pub status: TestStatus,
    /// How long it took.
    pub time_seconds: f64,
}

/// The result of one JUnit Platform run.
#[derive(Debug, Clone)]
pub struct JunitRun {
    /// Every test case of every report, in report order.
    pub outcomes: Vec<TestOutcome>,
    /// The launcher's exit code (0 all passed, 1 some failed).
    pub exit_code: Option<i32>,
    /// What the tests and the launcher printed on stdout.
    pub stdout: String,
    /// What they printed on stderr.
    pub stderr: String,
    /// The command line that was run.
    pub command: String,
    /// The report files that were read.
    pub reports: Vec<PathBuf>,
}

impl JunitRun {
    /// The outcome of `class_name`'s test `method_name` (the report's `name`).
    pub fn outcome(&self, class_name: &str, method_name: &str) -> Option<&TestOutcome> {
        self.outcomes
            .iter()
            .find(|o| o.class_name == class_name && o.method_name == method_name)
    }

    /// How many tests passed.
    pub fn passed(&self) -> usize {
        self.count(|s| matches!(s, TestStatus::Passed))
    }

    /// How many tests failed or errored.
    pub fn failed(&self) -> usize {
        self.count(|s| matches!(s, TestStatus::Failed { .. } | TestStatus::Errored { .. }))
    }

    /// How many tests were skipped.
    pub fn skipped(&self) -> usize {
        self.count(|s| matches!(s, TestStatus::Skipped { .. }))
    }

    fn count(&self, pred: impl Fn(&TestStatus) -> bool) -> usize {
        self.outcomes.iter().filter(|o| pred(&o.status)).count()
    }
}

/// How a launch is bounded and where it runs.
#[derive(Debug, Clone)]
pub struct LaunchOptions {
    /// The launch is killed past this wall time.
    pub timeout: std::time::Duration,
    /// The JVM's working directory (relative paths in tests resolve from it); `None`:
    /// mimic's own.
    pub dir: Option<PathBuf>,
    /// Environment variables set for the JVM (beside the inherited ones).
    pub env: Vec<(String, String)>,
}

impl Default for LaunchOptions {
    fn default() -> Self {
        LaunchOptions {
            timeout: crate::process::TOOL_TIMEOUT,
            dir: None,
            env: Vec::new(),
        }
    }
}

/// How a launch ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaunchEnd {
    /// The launcher finished its test plan and wrote its reports (exit 0: all passed, 1:
    /// some failed).
    Normal,
    /// Killed at the launch's timeout.
    TimedOut,
    /// It ended without finishing the plan or without reports: a test called
    /// `System.exit`, an `OutOfMemoryError` or `StackOverflowError` escaped, the JVM
    /// crashed or was killed. What it said, in a line.
    Abnormal(String),
}

/// One JUnit Platform launch, however it ended. Only a [`LaunchEnd::Normal`] launch has
/// outcomes (those of its reports).
#[derive(Debug, Clone)]
pub struct JunitLaunch {
    pub end: LaunchEnd,
    pub run: JunitRun,
    pub elapsed: std::time::Duration,
}

/// Runs tests on the JUnit Platform like [`launch_junit`] with the default limits, and
/// makes any abnormal end an error.
pub fn run_junit(
    jdk: &Jdk,
    cache_jars: &JunitRuntime,
    classpath: &[PathBuf],
    select: &JunitSelect,
    reports_dir: &Path,
    extra_jvm_args: &[String],
) -> Result<JunitRun, JvmError> {
    let launch = launch_junit(
        jdk,
        cache_jars,
        classpath,
        select,
        reports_dir,
        extra_jvm_args,
        &LaunchOptions::default(),
    )?;
    if launch.end != LaunchEnd::Normal {
        let detail = match &launch.end {
            LaunchEnd::TimedOut => "timed out".to_string(),
            LaunchEnd::Abnormal(why) => why.clone(),
            LaunchEnd::Normal => unreachable!(),
        };
        let run = launch.run;
        return Err(JvmError::Junit {
            command: run.command,
            status: run
                .exit_code
                .map(|c| format!("exit status {c}"))
                .unwrap_or_else(|| "killed".into()),
            reports_dir: reports_dir.to_path_buf(),
            detail: format!(
                "{detail}; last output:\n{}",
                last_lines(&format!("{}\n{}", run.stdout, run.stderr), 15)
            ),
        });
    }
    Ok(launch.run)
}

/// Why a launch that ended without a report ended, in one line: the uncaught
/// throwable the JVM printed, or its exit status.
fn abnormal_reason(status: &str, stderr: &str) -> String {
    let thrown = stderr
        .lines()
        .find(|l| l.starts_with("Exception in thread ") || l.contains("java.lang.OutOfMemoryError"))
        .map(str::trim);
    match thrown {
        Some(line) => format!("{status}: {line}"),
        None => {
            format!("{status} before its reports were written (System.exit in a test? a crash?)")
        }
    }
}

/// Launches tests on the JUnit Platform:
/// `java [extra_jvm_args] -javaagent:<mockito-core> -cp <classpath + runtime> ConsoleLauncher execute
/// --disable-banner --details=summary <selection> --reports-dir <reports_dir>`.
///
/// The class path is `classpath` (test classes, application classes and their
/// jars) followed by [`JunitRuntime::run_classpath`]. Everything is on the
/// JVM's own class path (not the launcher's `--class-path`) so that Mockito
/// loaded as a Java agent sees Byte Buddy. The Mockito agent is added unless
/// `extra_jvm_args` already has a `-javaagent:` naming mockito-core. On a JVM
/// newer than [`pinned::BYTE_BUDDY_NEWEST_JAVA`] Byte Buddy's experimental
/// mode is switched on (`-Dnet.bytebuddy.experimental=true`). JUnit
/// configuration parameters can be passed as system properties in
/// `extra_jvm_args`, e.g. `-Djunit.jupiter.execution.timeout.default=60s`.
///
/// Every path given to the JVM is absolute, so relative ones mean the same wherever the
/// JVM runs ([`LaunchOptions::dir`]).
///
/// Failing tests and a JVM that dies are not errors: [`JunitLaunch::end`] says how it
/// ended. An error means the launcher could not be started or a report is unreadable.
/// Old `TEST-*.xml` files in `reports_dir` are removed first.
pub fn launch_junit(
    jdk: &Jdk,
    cache_jars: &JunitRuntime,
    classpath: &[PathBuf],
    select: &JunitSelect,
    reports_dir: &Path,
    extra_jvm_args: &[String],
    options: &LaunchOptions,
) -> Result<JunitLaunch, JvmError> {
    std::fs::create_dir_all(reports_dir)
        .map_err(|e| JvmError::io("create directory", reports_dir, e))?;
    for old in report_files(reports_dir)? {
        std::fs::remove_file(&old).map_err(|e| JvmError::io("remove old report", &old, e))?;
    }

    let mut full_classpath = classpath.to_vec();
    full_classpath.extend(cache_jars.run_classpath());
    // The JVM may run in another directory (`options.dir`): every path it is given is
    // made absolute against mimic's own, where the caller wrote it.
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let full_classpath: Vec<PathBuf> = full_classpath.iter().map(|p| absolute(p)).collect();
    let reports_arg = absolute(reports_dir);
    let argdir = tempfile::Builder::new()
        .prefix("mimic-junit-")
        .tempdir()
        .map_err(|e| JvmError::io("create a temporary directory in", std::env::temp_dir(), e))?;
    let argfile = argdir.path().join("java.args");
    let argfile_text = format!(
        "{}{}",
        crate::javac::argfile_line("-cp"),
        crate::javac::argfile_line(&classpath_string(&full_classpath))
    );
    std::fs::write(&argfile, argfile_text).map_err(|e| JvmError::io("write", &argfile, e))?;

    let mut args: Vec<String> = extra_jvm_args.to_vec();
    let has_mockito_agent = extra_jvm_args
        .iter()
        .any(|a| a.starts_with("-javaagent:") && a.contains("mockito-core"));
    if !has_mockito_agent {
        args.push(format!(
            "-javaagent:{}",
            cache_jars.mockito_agent().display()
        ));
    }
    if jdk.feature_version > pinned::BYTE_BUDDY_NEWEST_JAVA
        && !extra_jvm_args
            .iter()
            .any(|a| a.starts_with("-Dnet.bytebuddy.experimental"))
    {
        args.push("-Dnet.bytebuddy.experimental=true".to_string());
    }
    args.push(format!("@{}", argfile.display()));
    args.push(CONSOLE_LAUNCHER_MAIN.to_string());
    args.extend(
        [
            "execute",
            "--disable-banner",
            "--disable-ansi-colors",
            // The summary ends with "Test run finished after …": the sign that the whole
            // plan ran (reports are written engine by engine, so their presence is not).
            "--details=summary",
        ]
        .map(String::from),
    );
    match select {
        JunitSelect::ScanClassPath => {
            let dirs: Vec<PathBuf> = classpath
                .iter()
                .filter(|p| p.is_dir())
                .map(|p| absolute(p))
                .collect();
            if dirs.is_empty() {
                args.push("--scan-class-path".to_string());
            }
            args.extend(
                dirs.iter()
                    .map(|d| format!("--scan-class-path={}", d.display())),
            );
        }
        JunitSelect::Classes(classes) => {
            args.extend(classes.iter().map(|c| format!("--select-class={c}")));
        }
        JunitSelect::Methods(methods) => {
            args.extend(methods.iter().map(|m| format!("--select-method={m}")));
        }
    }
    args.push(format!("--reports-dir={}", reports_arg.display()));

    let java = jdk.java();
    // Shown in errors: the class path in place of the (temporary) @argfile.
    let command = format!("{} {}", java.display(), args.join(" ")).replace(
        &format!("@{}", argfile.display()),
        &format!("-cp {}", classpath_string(&full_classpath)),
    );
    let mut cmd = Command::new(&java);
    cmd.args(&args);
    if let Some(dir) = &options.dir {
        cmd.current_dir(dir);
    }
    cmd.envs(options.env.iter().map(|(k, v)| (k, v)));
    let finished = crate::process::run(&mut cmd, Some(options.timeout))
        .map_err(|e| JvmError::spawn(&java, e))?;
    let timed_out = finished.timed_out;
    let elapsed = finished.elapsed;
    let output = finished.into_output();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let exit_code = if timed_out {
        None
    } else {
        output.status.code()
    };
    let reports = report_files(reports_dir)?;
    let end = if timed_out {
        LaunchEnd::TimedOut
    } else if reports.is_empty()
        || !matches!(exit_code, Some(0) | Some(1))
        || !stdout.contains(PLAN_FINISHED)
    {
        LaunchEnd::Abnormal(abnormal_reason(&describe_status(output.status), &stderr))
    } else {
        LaunchEnd::Normal
    };
    let mut outcomes = Vec::new();
    if end == LaunchEnd::Normal {
        for report in &reports {
            outcomes.extend(parse_report_file(report)?);
        }
    }
    Ok(JunitLaunch {
        end,
        run: JunitRun {
            outcomes,
            exit_code,
            stdout,
            stderr,
            command,
            reports,
        },
        elapsed,
    })
}

/// The `TEST-*.xml` files in `dir`, sorted (`TEST-junit-jupiter.xml`,
/// `TEST-junit-vintage.xml`, …).
fn report_files(dir: &Path) -> Result<Vec<PathBuf>, JvmError> {
    let entries = std::fs::read_dir(dir).map_err(|e| JvmError::io("list", dir, e))?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("TEST-") && n.ends_with(".xml"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Reads one legacy (Ant-style) JUnit XML report.
pub fn parse_report_file(path: &Path) -> Result<Vec<TestOutcome>, JvmError> {
    let xml = std::fs::read_to_string(path).map_err(|e| JvmError::io("read", path, e))?;
    parse_report(&xml).map_err(|reason| JvmError::Report {
        path: path.to_path_buf(),
        reason,
    })
}

/// Parses the text of a legacy JUnit XML report.
pub fn parse_report(xml: &str) -> Result<Vec<TestOutcome>, String> {
    let mut reader = Reader::from_str(xml);
    let mut outcomes = Vec::new();
    let mut current: Option<TestOutcome> = None;
    // The text of `<skipped>` while inside it (the reason, when not an attribute).
    let mut skipped_text: Option<String> = None;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("at byte {}: {e}", reader.error_position()))?;
        match event {
            Event::Start(e) if e.name().as_ref() == b"testcase" => {
                current = Some(start_testcase(&e)?);
            }
            Event::Empty(e) if e.name().as_ref() == b"testcase" => {
                outcomes.push(start_testcase(&e)?);
            }
            Event::End(e) if e.name().as_ref() == b"testcase" => {
                outcomes.extend(current.take());
            }
            Event::Start(e) => {
                if let Some(outcome) = current.as_mut() {
                    if apply_result(outcome, &e)? {
                        skipped_text = Some(String::new());
                    }
                }
            }
            Event::Empty(e) => {
                if let Some(outcome) = current.as_mut() {
                    apply_result(outcome, &e)?;
                }
            }
            Event::Text(t) => {
                if let Some(text) = skipped_text.as_mut() {
                    let t = t.unescape().map_err(|e| e.to_string())?;
                    text.push_str(&t);
                }
            }
            Event::CData(c) => {
                if let Some(text) = skipped_text.as_mut() {
                    text.push_str(&String::from_utf8_lossy(&c.into_inner()));
                }
            }
            Event::End(e) if e.name().as_ref() == b"skipped" => {
                let text = skipped_text.take().unwrap_or_default();
                if let Some(TestOutcome {
                    status: TestStatus::Skipped { message },
                    ..
                }) = current.as_mut()
                {
                    if message.is_none() {
                        *message = skip_reason(&text);
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if current.is_some() {
        return Err("the report ends inside a <testcase>".to_string());
    }
    Ok(outcomes)
}

/// Records a `<failure>`, `<error>` or `<skipped>` child of a `<testcase>`;
/// true for `<skipped>`.
fn apply_result(outcome: &mut TestOutcome, e: &BytesStart<'_>) -> Result<bool, String> {
    let message = attribute(e, b"message")?.filter(|m| !m.is_empty());
    let kind = attribute(e, b"type")?.unwrap_or_default();
    match e.name().as_ref() {
        b"failure" => outcome.status = TestStatus::Failed { kind, message },
        b"error" => outcome.status = TestStatus::Errored { kind, message },
        b"skipped" => {
            outcome.status = TestStatus::Skipped { message };
            return Ok(true);
        }
        _ => {}
    }
    Ok(false)
}

/// The reason in a `<skipped>` element's text: a `@Disabled` reason as is, or
/// for an aborted test the exception line(s) before its stack trace.
fn skip_reason(text: &str) -> Option<String> {
    let reason: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim_start().starts_with("at "))
        .collect();
    let reason = reason.join("\n").trim().to_string();
    (!reason.is_empty()).then_some(reason)
}

/// A passed `TestOutcome` from a `<testcase>` element's attributes.
fn start_testcase(e: &BytesStart<'_>) -> Result<TestOutcome, String> {
    let class_name = attribute(e, b"classname")?.unwrap_or_default();
    let method_name = attribute(e, b"name")?.ok_or("a <testcase> has no name attribute")?;
    let time_seconds = attribute(e, b"time")?
        .and_then(|t| t.replace(',', "").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    Ok(TestOutcome {
        class_name,
        method_name,
        status: TestStatus::Passed,
        time_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What console-standalone 1.11.4 writes (trimmed stack traces).
    const REPORT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="JUnit Jupiter" tests="5" skipped="2" failures="1" errors="1" time="0.062">
<properties>
<property name="java.version" value="17.0.15"/>
</properties>
<testcase name="aborted()" classname="demo.T" time="0.021">
<skipped><![CDATA[org.opentest4j.TestAbortedException: Assumption failed: assumption <x>
	at org.junit.jupiter.api.Assumptions.throwAssumptionFailed(Assumptions.java:316)
	at demo.T.aborted(T.java:7)
]]></skipped>
<system-out><![CDATA[
unique-id: [engine:junit-jupiter]/[class:demo.T]/[method:aborted()]
]]></system-out>
</testcase>
<testcase name="ok()" classname="demo.T" time="0">
<system-out><![CDATA[
display-name: ok()
]]></system-out>
</testcase>
<testcase name="dis()" classname="demo.T" time="0">
<skipped><![CDATA[not & today]]></skipped>
</testcase>
<testcase name="fail()" classname="demo.T" time="0.004">
<failure message="" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError
	at demo.T.fail(T.java:8)
]]></failure>
</testcase>
<testcase name="add(int, int)[1]" classname="demo.T$Inner" time="1,234.5">
<error message="a &lt;b&gt; &amp; &quot;c&quot;" type="java.lang.IllegalStateException">trace</error>
</testcase>
<testcase name="empty()" classname="demo.T" time="0.5"/>
<system-out><![CDATA[
unique-id: [engine:junit-jupiter]
]]></system-out>
</testsuite>
"#;

    #[test]
    fn parses_every_kind_of_outcome() {
        let outcomes = parse_report(REPORT).unwrap();
        let got: Vec<(&str, &str, &TestStatus, f64)> = outcomes
            .iter()
            .map(|o| {
                (
                    o.class_name.as_str(),
                    o.method_name.as_str(),
                    &o.status,
                    o.time_seconds,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "demo.T",
                    "aborted()",
                    &TestStatus::Skipped {
                        message: Some(
                            "org.opentest4j.TestAbortedException: Assumption failed: assumption <x>"
                                .into()
                        )
                    },
                    0.021
                ),
                ("demo.T", "ok()", &TestStatus::Passed, 0.0),
                (
                    "demo.T",
                    "dis()",
                    &TestStatus::Skipped {
                        message: Some("not & today".into())
                    },
                    0.0
                ),
                (
                    "demo.T",
                    "fail()",
                    &TestStatus::Failed {
                        kind: "org.opentest4j.AssertionFailedError".into(),
                        message: None
                    },
                    0.004
                ),
                (
                    "demo.T$Inner",
                    "add(int, int)[1]",
                    &TestStatus::Errored {
                        kind: "java.lang.IllegalStateException".into(),
                        message: Some("a <b> & \"c\"".into())
                    },
                    1234.5
                ),
                ("demo.T", "empty()", &TestStatus::Passed, 0.5),
            ]
        );
    }

    #[test]
    fn an_empty_suite_has_no_outcomes() {
        let xml = r#"<?xml version="1.0"?><testsuite name="JUnit Vintage" tests="0"><properties></properties></testsuite>"#;
        assert_eq!(parse_report(xml).unwrap(), vec![]);
    }

    #[test]
    fn a_truncated_report_is_an_error() {
        let xml = r#"<testsuite><testcase name="a()" classname="X">"#;
        assert!(parse_report(xml).is_err());
        assert!(parse_report("<testsuite><testcase classname=\"X\"/></testsuite>").is_err());
    }
}
