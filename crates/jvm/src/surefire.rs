//! `SurefireSelection`: which test classes a Maven module's own build runs — the
//! `includes` / `excludes` of its `maven-surefire-plugin` (as the effective POM gives them,
//! or Surefire's defaults when it gives none), so that `mimic mutate --project` runs the
//! tests `mvn test` runs and no others (commons-codec's build leaves its
//! `*PerformanceTest` benchmarks out; a module's `*IT` classes are Failsafe's).
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
        let description = match (config.includes.is_empty(), config.excludes.is_empty()) {
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
            excludes: vec![],
        });
        assert_eq!(bad, vec!["%regex[(]".to_string()]);
        assert!(s.accepts_class("a.FooTest"));
    }
}
