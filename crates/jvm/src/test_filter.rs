//! Which tests a run takes: `--include-tests` / `--exclude-tests` globs, as PIT's
//! `targetTests` / `excludedTestClasses` and Surefire's `-Dtest` do.
//!
//! A pattern without `#` names test classes by their binary name (`*IT`,
//! `org.acme.slow.*`, `*$Nested`); `Class#method` names test methods (`*Test#*Slow*`),
//! without parameter types. `*` matches any run of characters (dots included), `?` one.
//! A test runs when no include is given or one matches, and no exclude matches.
//! With a build's own selection (`with_build`, Surefire's includes/excludes under
//! `--project`), the test's class must also be one the build runs.

use globset::{Glob, GlobMatcher};

use crate::error::JvmError;
use crate::surefire::SurefireSelection;

/// A set of include and exclude patterns.
#[derive(Debug, Clone, Default)]
pub struct TestFilter {
    include: Vec<Pattern>,
    exclude: Vec<Pattern>,
    /// The build's own selection of test classes, when the tests come from a build.
    build: Option<SurefireSelection>,
    /// Tests left out by name (`Class#method(params)` as mimic names them): those a
    /// build's tag selection leaves out, found by the test JVM.
    left_out: std::collections::HashSet<String>,
}

#[derive(Debug, Clone)]
struct Pattern {
    /// As given.
    text: String,
    class: GlobMatcher,
    /// `None`: every method of a matching class.
    method: Option<GlobMatcher>,
}

impl Pattern {
    fn parse(text: &str) -> Result<Pattern, JvmError> {
        let glob = |p: &str| {
            Glob::new(p).map(|g| g.compile_matcher()).map_err(|e| {
                JvmError::BadTestPattern(format!("test pattern `{text}` is not a valid glob: {e}"))
            })
        };
        Ok(match text.split_once('#') {
            Some((class, method)) => Pattern {
                text: text.into(),
                class: glob(class)?,
                method: Some(glob(method)?),
            },
            None => Pattern {
                text: text.into(),
                class: glob(text)?,
                method: None,
            },
        })
    }

    fn matches(&self, class: &str, method: Option<&str>) -> bool {
        if !self.class.is_match(class) {
            return false;
        }
        match (&self.method, method) {
            (None, _) => true,
            (Some(m), Some(name)) => m.is_match(name),
            // A method pattern says nothing of a class as a whole.
            (Some(_), None) => false,
        }
    }
}

impl TestFilter {
    /// Parse the patterns; a malformed one is a usage error naming it.
    pub fn new(include: &[String], exclude: &[String]) -> Result<TestFilter, JvmError> {
        let parse = |list: &[String]| -> Result<Vec<Pattern>, JvmError> {
            list.iter().map(|p| Pattern::parse(p)).collect()
        };
        Ok(TestFilter {
            include: parse(include)?,
            exclude: parse(exclude)?,
            build: None,
            left_out: Default::default(),
        })
    }

    /// The same, leaving out the tests named.
    pub fn leaving_out(mut self, names: impl IntoIterator<Item = String>) -> TestFilter {
        self.left_out.extend(names);
        self
    }

    /// The same, keeping only test classes the build's own selection runs.
    pub fn with_build(mut self, build: SurefireSelection) -> TestFilter {
        self.build = Some(build);
        self
    }

    /// What leaves tests out, for reports (`None`: nothing does).
    pub fn describe(&self) -> Option<String> {
        let mut parts = Vec::new();
        let list = |l: &[Pattern]| {
            l.iter()
                .map(|p| p.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        if !self.include.is_empty() {
            parts.push(format!("--include-tests {}", list(&self.include)));
        }
        if !self.exclude.is_empty() {
            parts.push(format!("--exclude-tests {}", list(&self.exclude)));
        }
        if let Some(build) = &self.build {
            parts.push(format!(
                "the build's Surefire selection: {}",
                build.describe()
            ));
        }
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// Whether the filter keeps every test.
    pub fn is_empty(&self) -> bool {
        self.include.is_empty()
            && self.exclude.is_empty()
            && self.build.is_none()
            && self.left_out.is_empty()
    }

    /// Whether the build's selection (if any) runs test class `class`.
    fn build_runs(&self, class: &str) -> bool {
        self.build.as_ref().is_none_or(|b| b.accepts_class(class))
    }

    /// Whether test `method` of `class` runs.
    pub fn accepts(&self, class: &str, method: &str) -> bool {
        (self.include.is_empty() || self.include.iter().any(|p| p.matches(class, Some(method))))
            && !self.exclude.iter().any(|p| p.matches(class, Some(method)))
            && self.build_runs(class)
    }

    /// Whether a test named as mimic names them (`pkg.Class#method(params)`, or a display
    /// name without `#`, which only class patterns can match) runs.
    pub fn accepts_name(&self, name: &str) -> bool {
        if self.left_out.contains(name) {
            return false;
        }
        match name.split_once('#') {
            Some((class, rest)) => {
                let method = rest.split(['(', '[']).next().unwrap_or(rest);
                self.accepts(class, method)
            }
            None => {
                (self.include.is_empty() || self.include.iter().any(|p| p.matches(name, None)))
                    && !self.exclude.iter().any(|p| p.matches(name, None))
                    && self.build_runs(name.split_whitespace().next().unwrap_or(name))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(include: &[&str], exclude: &[&str]) -> TestFilter {
        let own = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        TestFilter::new(&own(include), &own(exclude)).unwrap()
    }

    #[test]
    fn classes_and_methods_by_glob() {
        let all = filter(&[], &[]);
        assert!(all.is_empty());
        assert!(all.accepts("a.FooTest", "x"));

        let no_it = filter(&[], &["*IT", "a.slow.*"]);
        assert!(no_it.accepts("a.FooTest", "x"));
        assert!(!no_it.accepts("a.FooIT", "x"));
        assert!(!no_it.accepts("a.slow.BarTest", "x"));

        let only_foo = filter(&["a.Foo*"], &["*#*Slow*"]);
        assert!(only_foo.accepts("a.FooTest", "fast"));
        assert!(!only_foo.accepts("a.FooTest", "isSlowToo"));
        assert!(!only_foo.accepts("a.BarTest", "fast"));

        assert!(only_foo.accepts_name("a.FooTest#fast(int, java.lang.String)"));
        assert!(!only_foo.accepts_name("a.FooTest#beSlow()"));
        assert!(only_foo.accepts_name("a.FooTest#fast()[3]"));
        // A display name: only class patterns see it.
        assert!(only_foo.accepts_name("a.Foo dynamic"));
    }

    #[test]
    fn a_bad_pattern_is_a_usage_error() {
        let err = TestFilter::new(&["a.[Foo".into()], &[]).unwrap_err();
        assert!(err.to_string().contains("a.[Foo"), "{err}");
    }
}
