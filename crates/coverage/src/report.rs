//! JaCoCo's XML report read into what Table I compares: per class its counters and its
//! methods' counters, and the set of covered lines (package, source file, line number).
//! Parsed with quick-xml; the report's DOCTYPE is not fetched.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use serde::Serialize;

use mimic_jvm::xml::attribute;

use crate::CoverageError;

/// Covered and missed items of one kind (JaCoCo's `<counter>`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counter {
    pub covered: u64,
    pub missed: u64,
}

impl Counter {
    pub fn total(&self) -> u64 {
        self.covered + self.missed
    }

    fn add(&mut self, other: Counter) {
        self.covered += other.covered;
        self.missed += other.missed;
    }
}

/// The counters Table I shows (instructions stand in for the thesis's blocks).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    pub methods: Counter,
    pub branches: Counter,
    pub lines: Counter,
    pub instructions: Counter,
}

impl Counters {
    pub fn add(&mut self, other: &Counters) {
        self.methods.add(other.methods);
        self.branches.add(other.branches);
        self.lines.add(other.lines);
        self.instructions.add(other.instructions);
    }

    /// Whether anything was covered.
    pub fn any_covered(&self) -> bool {
        self.instructions.covered > 0
    }

    fn set(&mut self, kind: &str, counter: Counter) {
        match kind {
            "METHOD" => self.methods = counter,
            "BRANCH" => self.branches = counter,
            "LINE" => self.lines = counter,
            "INSTRUCTION" => self.instructions = counter,
            _ => {}
        }
    }
}

/// One method as JaCoCo reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MethodCoverage {
    pub name: String,
    pub descriptor: String,
    /// Its first line, when the class has line numbers.
    pub line: Option<u32>,
    pub counters: Counters,
}

/// One class: its counters and its methods'.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ClassCoverage {
    pub source_file: Option<String>,
    pub counters: Counters,
    pub methods: Vec<MethodCoverage>,
}

/// A source line: package (internal form), source file name, line number.
pub type LineKey = (String, String, u32);

/// A JaCoCo XML report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CoverageReport {
    /// By internal class name (`com/x/Foo$Bar`).
    pub classes: BTreeMap<String, ClassCoverage>,
    /// Every line with at least one covered instruction.
    pub covered_lines: BTreeSet<LineKey>,
}

impl CoverageReport {
    pub fn read(path: &Path) -> Result<CoverageReport, CoverageError> {
        let text = std::fs::read_to_string(path).map_err(|e| CoverageError::io(path, e))?;
        CoverageReport::parse(&text).map_err(|message| CoverageError::BadReport {
            path: path.to_path_buf(),
            message,
        })
    }

    pub fn parse(xml: &str) -> Result<CoverageReport, String> {
        let mut reader = Reader::from_str(xml);
        let mut parser = Parser::default();
        loop {
            let event = reader
                .read_event()
                .map_err(|e| format!("at byte {}: {e}", reader.buffer_position()))?;
            match event {
                Event::Start(e) => parser.open(&e)?,
                // An empty element opens and closes at once.
                Event::Empty(e) => {
                    parser.open(&e)?;
                    parser.close(e.name().as_ref());
                }
                Event::End(e) => parser.close(e.name().as_ref()),
                Event::Eof => break,
                _ => {}
            }
        }
        if !parser.saw_report {
            return Err("no <report> element".into());
        }
        Ok(parser.report)
    }
}

/// Where the reader is in the report.
#[derive(Default)]
struct Parser {
    report: CoverageReport,
    saw_report: bool,
    package: String,
    class: Option<(String, ClassCoverage)>,
    method: Option<MethodCoverage>,
    source: Option<String>,
}

impl Parser {
    fn open(&mut self, e: &BytesStart<'_>) -> Result<(), String> {
        match e.name().as_ref() {
            b"report" => self.saw_report = true,
            b"package" => self.package = attribute(e, b"name")?.unwrap_or_default(),
            b"class" => {
                let name = required(e, b"class", b"name")?;
                let source_file = attribute(e, b"sourcefilename")?;
                let class = ClassCoverage {
                    source_file,
                    ..Default::default()
                };
                self.class = Some((name, class));
            }
            b"method" => {
                self.method = Some(MethodCoverage {
                    name: required(e, b"method", b"name")?,
                    descriptor: required(e, b"method", b"desc")?,
                    line: number(e, b"line")?.map(|n| n as u32),
                    counters: Counters::default(),
                })
            }
            b"sourcefile" => self.source = Some(required(e, b"sourcefile", b"name")?),
            b"counter" => {
                let kind = required(e, b"counter", b"type")?;
                let counter = Counter {
                    covered: number(e, b"covered")?.unwrap_or(0),
                    missed: number(e, b"missed")?.unwrap_or(0),
                };
                if let Some(m) = self.method.as_mut() {
                    m.counters.set(&kind, counter);
                } else if let Some((_, c)) = self.class.as_mut() {
                    c.counters.set(&kind, counter);
                }
            }
            b"line" => {
                if let Some(file) = &self.source {
                    let nr = number(e, b"nr")?.unwrap_or(0) as u32;
                    if number(e, b"ci")?.unwrap_or(0) > 0 {
                        let key = (self.package.clone(), file.clone(), nr);
                        self.report.covered_lines.insert(key);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn close(&mut self, name: &[u8]) {
        match name {
            b"method" => {
                if let (Some(m), Some((_, c))) = (self.method.take(), self.class.as_mut()) {
                    c.methods.push(m);
                }
            }
            b"class" => {
                if let Some((name, c)) = self.class.take() {
                    self.report.classes.insert(name, c);
                }
            }
            b"sourcefile" => self.source = None,
            b"package" => self.package.clear(),
            _ => {}
        }
    }
}

fn required(e: &BytesStart<'_>, element: &[u8], name: &[u8]) -> Result<String, String> {
    attribute(e, name)?.ok_or_else(|| {
        format!(
            "a <{}> has no {} attribute",
            String::from_utf8_lossy(element),
            String::from_utf8_lossy(name)
        )
    })
}

fn number(e: &BytesStart<'_>, name: &[u8]) -> Result<Option<u64>, String> {
    attribute(e, name)?
        .map(|v| {
            v.parse::<u64>().map_err(|_| {
                format!(
                    "attribute {} is {v:?}, not a number",
                    String::from_utf8_lossy(name)
                )
            })
        })
        .transpose()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The shape of a JaCoCo 0.8 XML report, cut down to one class of two methods.
    pub(crate) const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd"><report name="JaCoCo Coverage Report"><sessioninfo id="x" start="1" dump="2"/><package name="abc"><class name="abc/A" sourcefilename="A.java"><method name="&lt;init&gt;" desc="(Labc/B;)V" line="5"><counter type="INSTRUCTION" missed="0" covered="6"/><counter type="LINE" missed="0" covered="3"/><counter type="COMPLEXITY" missed="0" covered="1"/><counter type="METHOD" missed="0" covered="1"/></method><method name="go" desc="(I)I" line="9"><counter type="INSTRUCTION" missed="4" covered="0"/><counter type="BRANCH" missed="2" covered="0"/><counter type="LINE" missed="2" covered="0"/><counter type="METHOD" missed="1" covered="0"/></method><counter type="INSTRUCTION" missed="4" covered="6"/><counter type="BRANCH" missed="2" covered="0"/><counter type="LINE" missed="2" covered="3"/><counter type="METHOD" missed="1" covered="1"/><counter type="CLASS" missed="0" covered="1"/></class><sourcefile name="A.java"><line nr="5" mi="0" ci="2" mb="0" cb="0"/><line nr="9" mi="4" ci="0" mb="2" cb="0"/><counter type="LINE" missed="2" covered="3"/></sourcefile><counter type="LINE" missed="2" covered="3"/></package><counter type="LINE" missed="2" covered="3"/></report>"#;

    #[test]
    fn classes_methods_and_covered_lines_are_read() {
        let r = CoverageReport::parse(SAMPLE).unwrap();
        let a = &r.classes["abc/A"];
        assert_eq!(a.source_file.as_deref(), Some("A.java"));
        assert_eq!(
            a.counters.lines,
            Counter {
                covered: 3,
                missed: 2
            }
        );
        assert_eq!(a.counters.methods.total(), 2);
        assert_eq!(a.methods.len(), 2);
        assert_eq!(a.methods[0].name, "<init>");
        assert_eq!(a.methods[1].descriptor, "(I)I");
        assert_eq!(a.methods[1].line, Some(9));
        assert_eq!(a.methods[1].counters.branches.missed, 2);
        assert!(!a.methods[1].counters.any_covered());
        assert_eq!(
            r.covered_lines.iter().collect::<Vec<_>>(),
            [&("abc".to_string(), "A.java".to_string(), 5)]
        );
    }

    #[test]
    fn what_is_not_a_report_says_so() {
        assert!(CoverageReport::parse("<html/>")
            .unwrap_err()
            .contains("no <report>"));
        let bad = SAMPLE.replace(r#"covered="6""#, r#"covered="six""#);
        assert!(CoverageReport::parse(&bad).unwrap_err().contains("\"six\""));
        assert!(CoverageReport::parse("<report><class/></report>")
            .unwrap_err()
            .contains("<class> has no name"));
    }
}
