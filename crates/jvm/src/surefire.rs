//! What a Maven module's `maven-surefire-plugin` is told (`SurefireConfig`, as the
//! effective POM gives it), so that `mimic mutate --project` runs the tests `mvn test` runs,
//! and runs them as it does:
//! - `SurefireSelection`: which test classes — its `includes` / `excludes`, or Surefire's
//!   defaults when it gives none (commons-codec's build leaves its `*PerformanceTest`
//!   benchmarks out; a module's `*IT` classes are Failsafe's);
//! - `SurefireConfig::jvm_args`: the test JVM's options — its `argLine` and
//!   `systemPropertyVariables` (`--add-opens`, heap, properties the tests read) — and
//!   `environment`, its `environmentVariables`.
//!
//! Surefire's pattern forms, each matched against the test class's path in the test
//! output directory: Ant paths (`**/*Test.java`, `**/slow/**`; `*` stays inside one
//! directory, `**` crosses them; `.java` and `.class` are the same), a plain class name
//! (`FooTest` means `**/FooTest`, `org.acme.FooTest` means `org/acme/FooTest`),
//! `%regex[…]` (a regular expression over `org/acme/FooTest.class`), several patterns in
//! one entry separated by commas, and `!` before a pattern moving it to the other list.
//! A `#method` part is dropped: a build's selection is read per class here.
//!
//! A nested class (`Outer$Inner`) is judged by its top-level class: Surefire's default
//! exclude `**/*$*` keeps it from being run on its own, and the JUnit Platform runs it
//! (`@Nested`) through its enclosing class.

use globset::{GlobBuilder, GlobMatcher};
use regex::Regex;

/// Surefire's default `includes`, used when the build names none.
pub const DEFAULT_INCLUDES: &[&str] = &[
    "**/Test*.java",
    "**/*Test.java",
    "**/*Tests.java",
    "**/*TestCase.java",
];

/// The build's test-class selection, as written in its POM.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SurefireConfig {
    /// `<includes>`: empty means Surefire's defaults.
    pub includes: Vec<String>,
    /// `<excludes>`: empty means Surefire's default (`**/*$*`, moot here: nested classes
    /// are judged by their top-level class).
    pub excludes: Vec<String>,
    /// `<argLine>`: options of the forked test JVM (empty: none).
    pub arg_line: String,
    /// `<systemPropertyVariables>`, in POM order.
    pub system_properties: Vec<(String, String)>,
    /// `<environmentVariables>`, in POM order: set in the test JVM's environment.
    pub environment: Vec<(String, String)>,
    /// `<groups>`: JUnit tag expressions, comma-separated; a test runs when it matches one
    /// (empty: every test).
    pub groups: String,
    /// `<excludedGroups>`: a test matching one of these does not run.
    pub excluded_groups: String,
}

impl SurefireConfig {
    /// Take one element of a Surefire `<configuration>`: `path` is where it sits under
    /// the configuration (`["excludes", "exclude"]`, `["argLine"]`,
    /// `["systemPropertyVariables", key]`…), `value` its text. Other elements are not
    /// Surefire's business here.
    pub fn read(&mut self, path: &[&str], value: &str) {
        match path {
            ["includes", "include"] => self.includes.push(value.into()),
            ["excludes", "exclude"] => self.excludes.push(value.into()),
            ["argLine"] => self.arg_line = value.into(),
            ["groups"] => self.groups = value.into(),
            ["excludedGroups"] => self.excluded_groups = value.into(),
            ["systemPropertyVariables", key] => {
                self.system_properties.push((key.to_string(), value.into()))
            }
            ["environmentVariables", key] => self.environment.push((key.to_string(), value.into())),
            _ => {}
        }
    }

    /// `self` with what `execution` (the `default-test` execution's configuration, which
    /// `mvn test` uses) sets put over it, field by field.
    pub fn overridden_by(mut self, execution: SurefireConfig) -> SurefireConfig {
        if !execution.includes.is_empty() {
            self.includes = execution.includes;
        }
        if !execution.excludes.is_empty() {
            self.excludes = execution.excludes;
        }
        if !execution.arg_line.is_empty() {
            self.arg_line = execution.arg_line;
        }
        if !execution.groups.is_empty() {
            self.groups = execution.groups;
        }
        if !execution.excluded_groups.is_empty() {
            self.excluded_groups = execution.excluded_groups;
        }
        put_over(&mut self.system_properties, execution.system_properties);
        put_over(&mut self.environment, execution.environment);
        self
    }

    /// The tag expressions of `groups` and `excludedGroups` (JUnit's syntax: `fast`,
    /// `slow & !db`), each list split at its commas.
    pub fn tags(&self) -> (Vec<String>, Vec<String>) {
        let split = |s: &str| {
            s.split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        };
        (split(&self.groups), split(&self.excluded_groups))
    }

    /// The test JVM options the build gives (`argLine` split as a shell would, then
    /// `-Dkey=value` per system property), and the `argLine` words left out: those naming
    /// a property Maven did not resolve (`@{argLine}`, Surefire's late replacement that a
    /// plugin such as JaCoCo fills in during the build; `${…}`), or an `argLine` that does
    /// not split (an unclosed quote: all of it).
    pub fn jvm_args(&self) -> (Vec<String>, Vec<String>) {
        let mut args = Vec::new();
        let mut dropped = Vec::new();
        let line = self.arg_line.trim();
        if !line.is_empty() {
            match shlex::split(line) {
                Some(words) => {
                    for word in words {
                        if word.contains("@{") || word.contains("${") {
                            dropped.push(word);
                        } else {
                            args.push(word);
                        }
                    }
                }
                None => dropped.push(line.to_string()),
            }
        }
        for (key, value) in &self.system_properties {
            args.push(format!("-D{key}={value}"));
        }
        (args, dropped)
    }
}

/// `over`'s entries in `base`: a key already there takes the new value in its place.
fn put_over(base: &mut Vec<(String, String)>, over: Vec<(String, String)>) {
    for (key, value) in over {
        match base.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => base.push((key, value)),
        }
    }
}

/// A compiled `SurefireConfig`.
#[derive(Debug, Clone)]
pub struct SurefireSelection {
    include: Vec<PathPattern>,
    exclude: Vec<PathPattern>,
    /// What the selection is, for reports: `includes … excludes …`.
    description: String,
}

#[derive(Debug, Clone)]
enum PathPattern {
    Ant(GlobMatcher),
    Regex(Regex),
}

impl PathPattern {
    /// `path`: `org/acme/FooTest` (no extension).
    fn matches(&self, path: &str) -> bool {
        match self {
            PathPattern::Ant(glob) => glob.is_match(path),
            PathPattern::Regex(re) => re.is_match(&format!("{path}.class")),
        }
    }
}

impl SurefireSelection {
    /// Compile a build's selection. A pattern mimic cannot read is returned by name in
    /// the error list and left out of the selection (the rest still applies).
    pub fn new(config: &SurefireConfig) -> (SurefireSelection, Vec<String>) {
        let mut include = Vec::new();
        let mut exclude = Vec::new();
        let mut bad = Vec::new();
        let defaults: Vec<String> = DEFAULT_INCLUDES.iter().map(|s| s.to_string()).collect();
        let includes = if config.includes.is_empty() {
            &defaults
        } else {
            &config.includes
        };
        for (entries, positive) in [(includes, true), (&config.excludes, false)] {
            for entry in entries {
                for part in split_entry(entry) {
                    let (text, negated) = match part.strip_prefix('!') {
                        Some(rest) => (rest.trim(), true),
                        None => (part, false),
                    };
                    match compile(text) {
                        Some(p) if positive != negated => include.push(p),
                        Some(p) => exclude.push(p),
                        None => bad.push(part.to_string()),
                    }
                }
            }
        }
        let list = |l: &[String]| l.join(", ");
        let mut description = match (config.includes.is_empty(), config.excludes.is_empty()) {
            (true, true) => format!(
                "Surefire's default includes ({})",
                DEFAULT_INCLUDES.join(", ")
            ),
            (true, false) => format!(
                "Surefire's default includes, excludes {}",
                list(&config.excludes)
            ),
            (false, true) => format!("includes {}", list(&config.includes)),
            (false, false) => format!(
                "includes {}, excludes {}",
                list(&config.includes),
                list(&config.excludes)
            ),
        };
        let (groups, excluded_groups) = config.tags();
        if !groups.is_empty() {
            description.push_str(&format!(", groups {}", list(&groups)));
        }
        if !excluded_groups.is_empty() {
            description.push_str(&format!(", excludedGroups {}", list(&excluded_groups)));
        }
        (
            SurefireSelection {
                include,
                exclude,
                description,
            },
            bad,
        )
    }

    /// Whether the build runs test class `class` (a binary name, `org.acme.FooTest` or
    /// `org.acme.FooTest$Inner`).
    pub fn accepts_class(&self, class: &str) -> bool {
        let top = class.split('$').next().unwrap_or(class);
        let path = top.replace('.', "/");
        self.include.iter().any(|p| p.matches(&path))
            && !self.exclude.iter().any(|p| p.matches(&path))
    }

    /// What the selection is, for reports.
    pub fn describe(&self) -> &str {
        &self.description
    }
}

/// The patterns of one `<include>`/`<exclude>` entry (comma-separated, except inside a
/// `%regex[…]`, whose expression may hold commas).
fn split_entry(entry: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut depth = 0usize;
    let bytes = entry.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if entry[i..].starts_with("%regex[") || entry[i..].starts_with("%ant[") {
            depth += 1;
            i += entry[i..].find('[').unwrap_or(0) + 1;
            continue;
        }
        match bytes[i] {
            b'[' if depth > 0 => depth += 1,
            b']' if depth > 0 => depth -= 1,
            b',' if depth == 0 => {
                out.push(entry[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(entry[start..].trim());
    out.retain(|p| !p.is_empty());
    out
}

/// One pattern, or `None` when it cannot be read.
fn compile(text: &str) -> Option<PathPattern> {
    let text = text.split('#').next().unwrap_or(text).trim();
    if let Some(re) = text
        .strip_prefix("%regex[")
        .and_then(|r| r.strip_suffix(']'))
    {
        // Surefire matches the whole path.
        return Regex::new(&format!("^(?:{re})$"))
            .ok()
            .map(PathPattern::Regex);
    }
    let text = text
        .strip_prefix("%ant[")
        .and_then(|r| r.strip_suffix(']'))
        .unwrap_or(text);
    if text.is_empty() {
        return None;
    }
    let text = text
        .strip_suffix(".java")
        .or_else(|| text.strip_suffix(".class"))
        .unwrap_or(text);
    // A class name with dots is a path; one without a directory is anywhere.
    let mut path = if text.contains('/') {
        text.to_string()
    } else {
        text.replace('.', "/")
    };
    if !path.contains('/') {
        path = format!("**/{path}");
    }
    let path = path.trim_start_matches('/');
    GlobBuilder::new(path)
        .literal_separator(true)
        .build()
        .ok()
        .map(|g| PathPattern::Ant(g.compile_matcher()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selection(includes: &[&str], excludes: &[&str]) -> SurefireSelection {
        let own = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (s, bad) = SurefireSelection::new(&SurefireConfig {
            includes: own(includes),
            excludes: own(excludes),
            ..SurefireConfig::default()
        });
        assert!(bad.is_empty(), "{bad:?}");
        s
    }

    #[test]
    fn the_defaults_take_test_class_names_and_judge_nested_classes_by_their_outer_class() {
        let s = selection(&[], &[]);
        for yes in [
            "org.acme.FooTest",
            "FooTest",
            "org.acme.TestFoo",
            "org.acme.FooTests",
            "org.acme.FooTestCase",
            "org.acme.FooTest$WhenEmpty",
        ] {
            assert!(s.accepts_class(yes), "{yes}");
        }
        for no in [
            "org.acme.FooIT",
            "org.acme.FooSpec",
            "org.acme.Helper$FooTest",
        ] {
            assert!(!s.accepts_class(no), "{no}");
        }
    }

    #[test]
    fn commons_codecs_excludes_leave_its_performance_tests_out() {
        // commons-codec 1.17.1's pom.
        let s = selection(&[], &["**/*AbstractTest.java", "**/*PerformanceTest.java"]);
        assert!(s.accepts_class("org.apache.commons.codec.language.bm.PhoneticEngineTest"));
        assert!(
            !s.accepts_class("org.apache.commons.codec.language.bm.PhoneticEnginePerformanceTest")
        );
        assert!(!s.accepts_class("org.apache.commons.codec.BinaryEncoderAbstractTest"));
        assert!(
            s.describe().contains("**/*PerformanceTest.java"),
            "{}",
            s.describe()
        );
    }

    #[test]
    fn every_surefire_pattern_form() {
        // Ant: `*` stays in a directory, `**` crosses; .class like .java.
        let s = selection(&["org/acme/*Test.class", "**/slow/**/*Check.java"], &[]);
        assert!(s.accepts_class("org.acme.FooTest"));
        assert!(!s.accepts_class("org.acme.sub.FooTest"));
        assert!(s.accepts_class("a.slow.b.c.SizeCheck"));
        // A class name, plain or qualified; several in one entry; `!` negates.
        let s = selection(
            &["FooTest, org.acme.BarTest, !%regex[.*Skip.*]", "Zed*"],
            &[],
        );
        assert!(s.accepts_class("x.y.FooTest"));
        assert!(s.accepts_class("org.acme.BarTest"));
        assert!(!s.accepts_class("x.BarTest"));
        assert!(s.accepts_class("q.ZedOne"));
        assert!(!s.accepts_class("q.ZedSkipOne"));
        // A regex over the class file's path, commas inside kept; a method part dropped.
        let s = selection(&["%regex[.*(Cat|Dog)Test.*]"], &["DogTest#slow*"]);
        assert!(s.accepts_class("pets.CatTest"));
        assert!(!s.accepts_class("pets.DogTest"));
        assert_eq!(
            split_entry("%regex[a{1,2}], B"),
            vec!["%regex[a{1,2}]", "B"]
        );
    }

    #[test]
    fn a_pattern_that_cannot_be_read_is_named_and_the_rest_applies() {
        let (s, bad) = SurefireSelection::new(&SurefireConfig {
            includes: vec!["%regex[(]".into(), "**/*Test.java".into()],
            ..SurefireConfig::default()
        });
        assert_eq!(bad, vec!["%regex[(]".to_string()]);
        assert!(s.accepts_class("a.FooTest"));
    }

    #[test]
    fn the_test_jvm_gets_the_builds_arg_line_and_system_properties() {
        let config = SurefireConfig {
            arg_line: "@{argLine}\n   -Xmx1g --add-opens java.base/java.lang=ALL-UNNAMED \
                       \"-Dgreeting=hello world\" ${jacoco.agent}"
                .into(),
            system_properties: vec![("shop.region".into(), "north".into())],
            ..SurefireConfig::default()
        };
        let (args, dropped) = config.jvm_args();
        assert_eq!(
            args,
            vec![
                "-Xmx1g",
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                "-Dgreeting=hello world",
                "-Dshop.region=north"
            ]
        );
        assert_eq!(dropped, vec!["@{argLine}", "${jacoco.agent}"]);
        let unclosed = SurefireConfig {
            arg_line: "-Xmx1g \"-Da=b".into(),
            ..SurefireConfig::default()
        };
        assert_eq!(
            unclosed.jvm_args(),
            (vec![], vec!["-Xmx1g \"-Da=b".to_string()])
        );
    }

    #[test]
    fn the_default_test_execution_overrides_what_it_sets() {
        let plugin = SurefireConfig {
            excludes: vec!["**/*PerformanceTest.java".into()],
            arg_line: "-Xmx1g".into(),
            system_properties: vec![("a".into(), "1".into()), ("b".into(), "2".into())],
            ..SurefireConfig::default()
        };
        let execution = SurefireConfig {
            includes: vec!["**/*Spec.java".into()],
            system_properties: vec![("b".into(), "3".into()), ("c".into(), "4".into())],
            environment: vec![("SHOP_ENV".into(), "test".into())],
            ..SurefireConfig::default()
        };
        let merged = plugin.overridden_by(execution);
        assert_eq!(merged.includes, vec!["**/*Spec.java"]);
        assert_eq!(merged.excludes, vec!["**/*PerformanceTest.java"]);
        assert_eq!(merged.arg_line, "-Xmx1g");
        let props: Vec<(&str, &str)> = merged
            .system_properties
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(props, vec![("a", "1"), ("b", "3"), ("c", "4")]);
        assert_eq!(merged.environment, vec![("SHOP_ENV".into(), "test".into())]);
        let tagged = SurefireConfig {
            groups: "fast, unit & !db".into(),
            excluded_groups: "slow".into(),
            ..SurefireConfig::default()
        };
        assert_eq!(
            tagged.tags(),
            (
                vec!["fast".to_string(), "unit & !db".to_string()],
                vec!["slow".to_string()]
            )
        );
        let (selection, _) = SurefireSelection::new(&tagged);
        assert!(
            selection
                .describe()
                .ends_with(", groups fast, unit & !db, excludedGroups slow"),
            "{}",
            selection.describe()
        );
    }
}
