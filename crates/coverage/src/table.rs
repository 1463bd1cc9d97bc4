//! Table I of the trace-based test generation thesis, per class: what the recorded run
//! covered beside what the generated tests cover (methods, branches, lines, and
//! instructions for the thesis's blocks), the run's covered lines the tests cover again,
//! and every method the run covered that no test covers, with why.

use std::collections::BTreeMap;

use mimic_classpath::{dotted, package_of};
use serde::Serialize;

use crate::report::{Counters, CoverageReport, MethodCoverage};

/// Says why a method is not covered by the tests, and which methods are under test.
pub trait Why {
    /// Why the tests do not cover `method` of `class` (internal name): a short kind from
    /// a closed list (`entry-point`, `no-test:<skip reason>`, `tests-fail`, …) and the
    /// sentence a reader gets.
    fn why(&self, class: &str, method: &MethodCoverage) -> (String, String);
    /// Whether it is the program's entry point (`static void main(String[])`): the
    /// workload, which the comparison of lines leaves out as the thesis does.
    fn is_entry_point(&self, class: &str, name: &str, descriptor: &str) -> bool;
    /// The source lines of its code.
    fn lines(&self, class: &str, name: &str, descriptor: &str) -> Vec<u32>;
    /// Whether the tests were generated for it (a MUT with tests or a gap).
    fn is_mut(&self, class: &str, name: &str, descriptor: &str) -> bool;
}

/// One class of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassRow {
    /// Binary name, dotted.
    pub class: String,
    /// What the run covered (`None` without the run's coverage data).
    pub run: Option<Counters>,
    pub tests: Counters,
}

/// A method the run covered (or, without the run's data, a method under test) that no
/// test covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Uncovered {
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub kind: String,
    pub reason: String,
}

/// The comparison.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableOne {
    pub rows: Vec<ClassRow>,
    pub run_total: Option<Counters>,
    pub tests_total: Counters,
    /// Classes with something covered, by the run and by the tests (over the rows).
    pub run_classes: Option<usize>,
    pub tests_classes: usize,
    /// The run's covered lines (entry points' lines left out), and how many of them the
    /// tests cover again.
    pub run_lines: Option<usize>,
    /// The run's covered lines in entry points, left out of `run_lines`.
    pub entry_point_lines: usize,
    pub lines_covered_again: Option<usize>,
    pub uncovered: Vec<Uncovered>,
}

impl TableOne {
    /// Compares the tests' coverage with the run's. The rows are the classes the run
    /// covered; without the run's data, the classes the tests cover and those holding a
    /// method under test.
    pub fn compare(
        run: Option<&CoverageReport>,
        tests: &CoverageReport,
        why: &dyn Why,
    ) -> TableOne {
        let names: Vec<&String> = match run {
            Some(run) => run
                .classes
                .iter()
                .filter(|(_, c)| c.counters.any_covered())
                .map(|(n, _)| n)
                .collect(),
            None => tests
                .classes
                .iter()
                .filter(|(name, c)| {
                    c.counters.any_covered()
                        || c.methods
                            .iter()
                            .any(|m| why.is_mut(name, &m.name, &m.descriptor))
                })
                .map(|(n, _)| n)
                .collect(),
        };
        let mut rows = Vec::new();
        let mut uncovered = Vec::new();
        let mut tests_total = Counters::default();
        let mut run_total = run.map(|_| Counters::default());
        let mut entry_points: std::collections::BTreeSet<crate::report::LineKey> =
            Default::default();
        for name in names {
            let in_tests = tests.classes.get(name);
            let test_counters = in_tests.map(|c| c.counters).unwrap_or_default();
            tests_total.add(&test_counters);
            let run_class = run.and_then(|r| r.classes.get(name));
            if let (Some(total), Some(c)) = (run_total.as_mut(), run_class) {
                total.add(&c.counters);
            }
            // The methods to account for: the run's covered ones, or the MUTs.
            let methods: Vec<&MethodCoverage> = match (run, run_class, in_tests) {
                (Some(_), Some(c), _) => c
                    .methods
                    .iter()
                    .filter(|m| m.counters.any_covered())
                    .collect(),
                (None, _, Some(c)) => c
                    .methods
                    .iter()
                    .filter(|m| why.is_mut(name, &m.name, &m.descriptor))
                    .collect(),
                _ => Vec::new(),
            };
            let covered: BTreeMap<(&str, &str), bool> = in_tests
                .map(|c| {
                    c.methods
                        .iter()
                        .map(|m| {
                            (
                                (m.name.as_str(), m.descriptor.as_str()),
                                m.counters.any_covered(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            for m in &methods {
                if !why.is_entry_point(name, &m.name, &m.descriptor) {
                    continue;
                }
                let (package, source) = (
                    package_of(name),
                    run_class.and_then(|c| c.source_file.clone()),
                );
                if let Some(source) = source {
                    for line in why.lines(name, &m.name, &m.descriptor) {
                        entry_points.insert((package.to_string(), source.clone(), line));
                    }
                }
            }
            for m in methods {
                if covered.get(&(m.name.as_str(), m.descriptor.as_str())) == Some(&true) {
                    continue;
                }
                let (kind, reason) = why.why(name, m);
                uncovered.push(Uncovered {
                    class: dotted(name),
                    method: m.name.clone(),
                    descriptor: m.descriptor.clone(),
                    kind,
                    reason,
                });
            }
            rows.push(ClassRow {
                class: dotted(name),
                run: run_class.map(|c| c.counters),
                tests: test_counters,
            });
        }
        let count = |f: &dyn Fn(&ClassRow) -> bool| rows.iter().filter(|r| f(r)).count();
        TableOne {
            run_classes: run.map(|_| count(&|r| r.run.is_some_and(|c| c.any_covered()))),
            tests_classes: count(&|r| r.tests.any_covered()),
            run_lines: run.map(|r| r.covered_lines.difference(&entry_points).count()),
            entry_point_lines: run
                .map_or(0, |r| r.covered_lines.intersection(&entry_points).count()),
            lines_covered_again: run.map(|r| {
                r.covered_lines
                    .intersection(&tests.covered_lines)
                    .filter(|l| !entry_points.contains(*l))
                    .count()
            }),
            rows,
            run_total,
            tests_total,
            uncovered,
        }
    }

    /// Uncovered methods per kind, most first.
    pub fn uncovered_by_kind(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for u in &self.uncovered {
            *counts.entry(u.kind.as_str()).or_default() += 1;
        }
        let mut out: Vec<(String, usize)> = counts
            .into_iter()
            .map(|(k, n)| (k.to_string(), n))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::CoverageReport;

    /// Names every method not tested; `entry` makes the constructor (line 5) the entry point.
    struct Fake {
        entry: bool,
    }
    const PLAIN: Fake = Fake { entry: false };
    impl Why for Fake {
        fn why(&self, _: &str, m: &MethodCoverage) -> (String, String) {
            ("fake".into(), format!("{} is not tested", m.name))
        }
        fn is_entry_point(&self, _: &str, name: &str, _: &str) -> bool {
            self.entry && name == "<init>"
        }
        fn lines(&self, _: &str, name: &str, _: &str) -> Vec<u32> {
            if name == "<init>" {
                vec![5, 6, 7]
            } else {
                vec![9, 10]
            }
        }
        fn is_mut(&self, _: &str, name: &str, _: &str) -> bool {
            name == "go"
        }
    }

    fn tests_report() -> CoverageReport {
        // The tests ran the constructor and `go`; the run ran only the constructor.
        let xml = crate::report::tests::SAMPLE
            .replace(r#"<counter type="INSTRUCTION" missed="4" covered="0"/><counter type="BRANCH" missed="2" covered="0"/><counter type="LINE" missed="2" covered="0"/><counter type="METHOD" missed="1" covered="0"/></method>"#,
                     r#"<counter type="INSTRUCTION" missed="0" covered="4"/><counter type="BRANCH" missed="1" covered="1"/><counter type="LINE" missed="0" covered="2"/><counter type="METHOD" missed="0" covered="1"/></method>"#)
            .replace(r#"<line nr="9" mi="4" ci="0""#, r#"<line nr="9" mi="0" ci="4""#)
            .replace(
                r#"<counter type="METHOD" missed="1" covered="1"/><counter type="CLASS""#,
                r#"<counter type="METHOD" missed="0" covered="2"/><counter type="CLASS""#,
            );
        CoverageReport::parse(&xml).unwrap()
    }

    #[test]
    fn the_runs_covered_methods_the_tests_miss_are_named_with_why() {
        let run = CoverageReport::parse(crate::report::tests::SAMPLE).unwrap();
        // Tests that cover nothing: the run's constructor is uncovered, `go` (which the
        // run did not cover) is not listed.
        let mut nothing = run.clone();
        for c in nothing.classes.values_mut() {
            for m in &mut c.methods {
                m.counters = Counters::default();
            }
            c.counters = Counters::default();
        }
        nothing.covered_lines.clear();
        let t = TableOne::compare(Some(&run), &nothing, &PLAIN);
        assert_eq!(t.rows.len(), 1);
        assert_eq!(t.run_classes, Some(1));
        assert_eq!(t.tests_classes, 0);
        assert_eq!((t.run_lines, t.lines_covered_again), (Some(1), Some(0)));
        assert_eq!(t.uncovered.len(), 1);
        assert_eq!(t.uncovered[0].method, "<init>");
        assert_eq!(t.uncovered[0].reason, "<init> is not tested");
        assert_eq!(t.uncovered_by_kind(), [("fake".to_string(), 1)]);
        // The entry point's covered line is left out of the lines compared.
        let t = TableOne::compare(Some(&run), &nothing, &Fake { entry: true });
        assert_eq!((t.run_lines, t.entry_point_lines), (Some(0), 1));
        assert_eq!(t.uncovered.len(), 1);
        // Tests that cover more than the run: nothing uncovered, the line covered again.
        let t = TableOne::compare(Some(&run), &tests_report(), &PLAIN);
        assert!(t.uncovered.is_empty());
        assert_eq!(t.lines_covered_again, Some(1));
        assert_eq!(t.tests_total.methods.covered, 2);
        assert_eq!(t.run_total.unwrap().methods.covered, 1);
    }

    #[test]
    fn without_the_runs_data_the_methods_under_test_are_accounted_for() {
        let run = CoverageReport::parse(crate::report::tests::SAMPLE).unwrap();
        // `run` as the tests' report: `go` is a MUT and not covered.
        let t = TableOne::compare(None, &run, &PLAIN);
        assert_eq!(t.run_total, None);
        assert_eq!(t.uncovered.len(), 1);
        assert_eq!(t.uncovered[0].method, "go");
        assert!(TableOne::compare(None, &tests_report(), &PLAIN)
            .uncovered
            .is_empty());
    }
}
