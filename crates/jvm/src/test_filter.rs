//! Which tests a run takes: `--include-tests` / `--exclude-tests` globs, as PIT's
//! `targetTests` / `excludedTestClasses` and Surefire's `-Dtest` do.
//!
//! A pattern without `#` names test classes by their binary name (`*IT`,
//! `org.acme.slow.*`, `*$Nested`); `Class#method` names test methods (`*Test#*Slow*`),
//! without parameter types. `*` matches any run of characters (dots included), `?` one.
//! A test runs when no include is given or one matches, and no exclude matches.

use globset::{Glob, GlobMatcher};

use crate::error::JvmError;

/// A set of include and exclude patterns.
#[derive(Debug, Clone, Default)]
pub struct TestFilter {
    include: Vec<Pattern>,
    exclude: Vec<Pattern>,
}

#[derive(Debug, Clone)]
struct Pattern {
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
                class: glob(class)?,
                method: Some(glob(method)?),
            },
            None => Pattern {
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
        })
    }

    /// Whether the filter keeps every test.
    pub fn is_empty(&self) -> bool {
        self.include.is_empty() && self.exclude.is_empty()
    }

    /// Whether test `method` of `class` runs.
    pub fn accepts(&self, class: &str, method: &str) -> bool {
        (self.include.is_empty() || self.include.iter().any(|p| p.matches(class, Some(method))))
            && !self.exclude.iter().any(|p| p.matches(class, Some(method)))
    }

    /// Whether a test named as mimic names them (`pkg.Class#method(params)`, or a display
    /// name without `#`, which only class patterns can match) runs.
    pub fn accepts_name(&self, name: &str) -> bool {
        match name.split_once('#') {
            Some((class, rest)) => {
                let method = rest.split(['(', '[']).next().unwrap_or(rest);
                self.accepts(class, method)
            }
            None => {
                (self.include.is_empty() || self.include.iter().any(|p| p.matches(name, None)))
                    && !self.exclude.iter().any(|p| p.matches(name, None))
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
