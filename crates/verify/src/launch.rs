//! Running compiled test classes so that a test cannot take others down with it. Every
//! test has a timeout (Jupiter's, in a separate thread, so a loop cannot stall the
//! launch) and every launch one; a launch that ends abnormally (`System.exit`, an
//! `OutOfMemoryError`, a crash, its timeout) gives no result at all: its classes are run
//! again one per JVM, and a class whose JVM dies has its tests run one per JVM, so each
//! test's outcome comes from a launch that finished, or the test is named as the one
//! whose JVM died.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mimic_jvm::{launch_junit, Jdk, JunitRuntime, JunitSelect, JvmError, LaunchEnd, LaunchOptions};

use crate::classify::Observed;

/// A test as JUnit names it: its class and its method, with the invocation index of a
/// parameterised or repeated test (`add[2]`).
pub type TestKey = (String, String);

/// How the tests are launched.
#[derive(Debug, Clone)]
pub struct Launcher<'a> {
    pub jdk: &'a Jdk,
    pub runtime: &'a JunitRuntime,
    pub classpath: Vec<PathBuf>,
    pub jvm_args: Vec<String>,
    /// The longest per-test timeout (the launch's timeout is counted from it).
    pub test_timeout: Duration,
    /// The shim that gives each test its own limit and stops a test past it (`None`:
    /// Jupiter's timeout at `test_timeout`, leaving such a test running).
    pub guard: Option<crate::time_limits::Guard>,
    /// The test JVMs' working directory.
    pub dir: Option<PathBuf>,
    /// Environment variables for the test JVMs (a perturbation's).
    pub env: Vec<(String, String)>,
    /// Test methods per class (from the sources), to isolate a class whose JVM dies.
    pub methods: BTreeMap<String, Vec<String>>,
    /// Select the tests method by method (the methods of `methods`), not class by class:
    /// `--include-tests`/`--exclude-tests` left some of a class's methods out.
    pub by_method: bool,
}

/// The method part of a report's test name: `name()` → `name`, `add(int, int)[2]` →
/// `add[2]`.
pub fn method_key(report_name: &str) -> String {
    match report_name.split_once('(') {
        Some((name, rest)) => match rest.rfind(")[") {
            Some(i) => format!("{name}{}", &rest[i + 1..]),
            None => name.to_string(),
        },
        None => report_name.to_string(),
    }
}

impl Launcher<'_> {
    fn options(&self, tests: usize) -> LaunchOptions {
        // Start-up, then every test at its timeout and a little more.
        let per_test = self.test_timeout + Duration::from_secs(2);
        LaunchOptions {
            timeout: Duration::from_secs(60) + per_test * tests.max(1) as u32,
            dir: self.dir.clone(),
            env: self.env.clone(),
        }
    }

    /// The flags every test JVM gets: the extra ones, then the timeout settings.
    pub fn args(&self) -> Vec<String> {
        let mut args = self.jvm_args.clone();
        // With the shim, Jupiter's timeout is only a backstop past every test's own limit
        // and the shim's grace to stop it.
        let backstop = match &self.guard {
            Some(guard) => {
                args.extend(guard.jvm_args());
                self.test_timeout + Duration::from_secs(30)
            }
            None => self.test_timeout,
        };
        args.push(format!(
            "-Djunit.jupiter.execution.timeout.default={}ms",
            backstop.as_millis()
        ));
        args.push("-Djunit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD".into());
        args
    }

    /// What a launch of `classes` selects.
    fn select(&self, classes: &[String]) -> JunitSelect {
        if !self.by_method {
            return JunitSelect::Classes(classes.to_vec());
        }
        JunitSelect::Methods(
            classes
                .iter()
                .flat_map(|c| {
                    self.methods
                        .get(c)
                        .into_iter()
                        .flatten()
                        .map(move |m| format!("{c}#{m}"))
                })
                .collect(),
        )
    }

    fn tests_in(&self, classes: &[String]) -> usize {
        classes
            .iter()
            .map(|c| self.methods.get(c).map_or(1, Vec::len))
            .sum()
    }

    /// Run `classes` once; every test gets an observation. `say` hears what happens.
    pub fn run(
        &self,
        classes: &[String],
        reports: &Path,
        say: &mut dyn FnMut(&str),
    ) -> Result<BTreeMap<TestKey, Observed>, JvmError> {
        let mut seen = BTreeMap::new();
        let select = self.select(classes);
        let end = self.launch(&select, self.tests_in(classes), reports, &mut seen)?;
        if end == LaunchEnd::Normal {
            return Ok(seen);
        }
        say(&format!(
            "the test JVM {}; running each test class in its own JVM",
            describe(&end)
        ));
        for (i, class) in classes.iter().enumerate() {
            let dir = reports.join(format!("class-{i}"));
            let select = self.select(std::slice::from_ref(class));
            let end = self.launch(
                &select,
                self.tests_in(std::slice::from_ref(class)),
                &dir,
                &mut seen,
            )?;
            if end != LaunchEnd::Normal {
                self.isolate_methods(class, &end, &dir, &mut seen, say)?;
            }
        }
        Ok(seen)
    }

    fn isolate_methods(
        &self,
        class: &str,
        class_end: &LaunchEnd,
        reports: &Path,
        seen: &mut BTreeMap<TestKey, Observed>,
        say: &mut dyn FnMut(&str),
    ) -> Result<(), JvmError> {
        let methods = self.methods.get(class).cloned().unwrap_or_default();
        if methods.len() <= 1 {
            let method = methods.first().cloned().unwrap_or_else(|| "<all>".into());
            say(&format!(
                "{class}.{method}: the test JVM {}",
                describe(class_end)
            ));
            seen.insert((class.to_string(), method), observed(class_end));
            return Ok(());
        }
        say(&format!(
            "{class}: the test JVM {}; running its {} tests one per JVM",
            describe(class_end),
            methods.len()
        ));
        for (i, method) in methods.iter().enumerate() {
            let dir = reports.join(format!("method-{i}"));
            let select = JunitSelect::Methods(vec![format!("{class}#{method}")]);
            let end = self.launch(&select, 1, &dir, seen)?;
            if end != LaunchEnd::Normal {
                say(&format!(
                    "{class}.{method}: the test JVM {}",
                    describe(&end)
                ));
                seen.insert((class.to_string(), method.clone()), observed(&end));
            }
        }
        Ok(())
    }

    /// One launch; its outcomes go into `seen` only if it ended normally.
    fn launch(
        &self,
        select: &JunitSelect,
        tests: usize,
        reports: &Path,
        seen: &mut BTreeMap<TestKey, Observed>,
    ) -> Result<LaunchEnd, JvmError> {
        let launch = launch_junit(
            self.jdk,
            self.runtime,
            &self.classpath,
            select,
            reports,
            &self.args(),
            &self.options(tests),
        )?;
        if launch.end == LaunchEnd::Normal {
            for o in launch.run.outcomes {
                seen.insert(
                    (o.class_name, method_key(&o.method_name)),
                    Observed::from_report(o.status),
                );
            }
        }
        Ok(launch.end)
    }
}

fn observed(end: &LaunchEnd) -> Observed {
    match end {
        LaunchEnd::TimedOut => Observed::TimedOut {
            detail: "the test JVM outran its timeout".into(),
        },
        LaunchEnd::Abnormal(reason) => Observed::JvmDied {
            reason: reason.clone(),
        },
        LaunchEnd::Normal => Observed::Reported(mimic_jvm::TestStatus::Passed),
    }
}

fn describe(end: &LaunchEnd) -> String {
    match end {
        LaunchEnd::Normal => "ended normally".into(),
        LaunchEnd::TimedOut => "outran its timeout and was killed".into(),
        LaunchEnd::Abnormal(reason) => reason.clone(),
    }
}

/// The test methods of a Java test source: each method declared after a `@Test`,
/// `@RepeatedTest`, `@ParameterizedTest` or `@TestFactory` annotation, in order.
pub fn test_methods(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut annotated = false;
    for line in source.lines().map(str::trim) {
        if [
            "@Test",
            "@RepeatedTest",
            "@ParameterizedTest",
            "@TestFactory",
            "@TestTemplate",
        ]
        .iter()
        .any(|a| {
            line == *a || line.starts_with(&format!("{a}(")) || line.starts_with(&format!("{a} "))
        }) {
            annotated = true;
            continue;
        }
        if annotated && !line.starts_with('@') && line.contains('(') {
            let before = &line[..line.find('(').unwrap_or(0)];
            if let Some(name) = before.split_whitespace().last() {
                if !out.iter().any(|m| m == name) {
                    out.push(name.to_string());
                }
            }
            annotated = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_names_keep_the_invocation_index() {
        assert_eq!(method_key("adds()"), "adds");
        assert_eq!(method_key("add(int, int)[2]"), "add[2]");
        assert_eq!(method_key("repeat(RepetitionInfo)[10]"), "repeat[10]");
        assert_eq!(method_key("plain"), "plain");
    }

    #[test]
    fn test_methods_are_found_after_their_annotations() {
        let src = r#"
class T {
    @Test
    @DisplayName("x")
    void first() throws Throwable {
    }

    void helper() {}

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    public void second(int x) {}

    @RepeatedTest(3)
    void third(RepetitionInfo info) {}
}
"#;
        assert_eq!(test_methods(src), ["first", "second", "third"]);
    }
}
