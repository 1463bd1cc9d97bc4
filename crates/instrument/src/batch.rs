//! Instrumenting every class of a jar or class directory whose name matches a filter,
//! writing a new jar or directory with extra entries (the probe class) added. Classes
//! that cannot be rewritten are copied unchanged and listed with the reason.

use std::path::Path;

use mimic_classpath::{rewrite_jar, ClasspathError};
use mimic_diagnostic::Diagnostic;

use crate::everything::{instrument_class, Ids, Options};

/// Totals over a jar or directory.
#[derive(Debug, Default, Clone)]
pub struct BatchReport {
    pub classes_seen: usize,
    pub classes_rewritten: usize,
    pub methods_wrapped: usize,
    pub calls_bridged: usize,
    pub bodies_replaced: usize,
    /// Internal names of the rewritten classes, in input order.
    pub rewritten: Vec<String>,
    /// Classes left unchanged because they could not be read or rewritten.
    pub failures: Vec<Diagnostic>,
}

struct Batch<'a> {
    input: &'a Path,
    prefixes: &'a [&'a str],
    options: &'a Options,
    ids: Ids,
    report: BatchReport,
}

impl Batch<'_> {
    /// The replacement bytes for one resource, or `None` to keep it.
    fn process(&mut self, name: &str, bytes: &[u8]) -> Option<Vec<u8>> {
        let matches = self.prefixes.is_empty() || self.prefixes.iter().any(|p| name.starts_with(p));
        if !name.ends_with(".class") || name.starts_with("META-INF/") || !matches {
            return None;
        }
        self.report.classes_seen += 1;
        match instrument_class(bytes, self.options, &mut self.ids) {
            Ok((new, r)) => {
                self.report.methods_wrapped += r.wrapped;
                self.report.calls_bridged += r.bridged;
                self.report.bodies_replaced += r.replaced;
                if r.wrapped + r.bridged + r.replaced == 0 {
                    return None;
                }
                self.report.classes_rewritten += 1;
                self.report.rewritten.push(r.class_name);
                Some(new)
            }
            Err(e) => {
                self.report
                    .failures
                    .push(left_unchanged(self.input, name, e.to_string()));
                None
            }
        }
    }
}

/// A class kept as it was: in a directory the class file, in a jar the jar and its entry.
fn left_unchanged(input: &Path, name: &str, why: String) -> Diagnostic {
    let d = Diagnostic::error(format!("left unchanged: {why}"));
    if input.is_dir() {
        d.in_file(input.join(name).display().to_string())
    } else {
        d.in_file(input.display().to_string()).at_entry(name)
    }
}

/// Rewrite the classes of jar `input` whose entry names start with one of `prefixes`
/// (all classes when empty), adding `extra` entries to `output`.
pub fn instrument_jar(
    input: &Path,
    output: &Path,
    prefixes: &[&str],
    options: &Options,
    extra: &[(String, Vec<u8>)],
) -> Result<BatchReport, ClasspathError> {
    let mut batch = Batch {
        input,
        prefixes,
        options,
        ids: Ids::default(),
        report: BatchReport::default(),
    };
    rewrite_jar(
        input,
        output,
        |name, bytes| batch.process(name, bytes),
        extra,
    )?;
    Ok(batch.report)
}

/// Rewrite the classes of directory `input` into directory `output` (which receives a
/// copy of every class file, rewritten or not, plus the `extra` entries).
pub fn instrument_dir(
    input: &Path,
    output: &Path,
    prefixes: &[&str],
    options: &Options,
    extra: &[(String, Vec<u8>)],
) -> Result<BatchReport, ClasspathError> {
    let mut batch = Batch {
        input,
        prefixes,
        options,
        ids: Ids::default(),
        report: BatchReport::default(),
    };
    let entry = mimic_classpath::read_classes(input, false)?;
    for bad in &entry.unreadable {
        let failure = left_unchanged(input, &bad.name, bad.reason.clone());
        batch.report.failures.push(failure);
    }
    let write = |name: &str, bytes: &[u8]| -> Result<(), ClasspathError> {
        let path = output.join(name);
        let fail = |e: std::io::Error| ClasspathError::Io {
            path: path.clone(),
            message: e.to_string(),
        };
        std::fs::create_dir_all(path.parent().unwrap_or(output)).map_err(fail)?;
        std::fs::write(&path, bytes).map_err(fail)
    };
    for class in &entry.classes {
        let new = batch.process(&class.name, &class.bytes);
        write(&class.name, new.as_deref().unwrap_or(&class.bytes))?;
    }
    for (name, bytes) in extra {
        write(name, bytes)?;
    }
    Ok(batch.report)
}
