//! Instrumenting every class of a jar whose name matches a filter, writing a new jar with
//! the probe class added. Classes that cannot be rewritten are copied unchanged and listed.

use std::path::Path;

use mimic_classpath::{rewrite_jar, ClasspathError};

use crate::everything::{instrument_class, Ids, Options};

/// Totals over a jar.
#[derive(Debug, Default, Clone)]
pub struct JarReport {
    pub classes_seen: usize,
    pub classes_rewritten: usize,
    pub methods_wrapped: usize,
    pub calls_bridged: usize,
    pub bodies_replaced: usize,
    /// Internal names of the rewritten classes, in jar order.
    pub rewritten: Vec<String>,
    /// (entry name, reason) for classes left unchanged because rewriting failed.
    pub failures: Vec<(String, String)>,
}

/// Rewrite the classes of `input` whose entry names start with one of `prefixes`
/// (`org/apache/pdfbox/`), adding `extra` entries (the probe class) to `output`.
pub fn instrument_jar(
    input: &Path,
    output: &Path,
    prefixes: &[&str],
    options: &Options,
    extra: &[(String, Vec<u8>)],
) -> Result<JarReport, ClasspathError> {
    let mut report = JarReport::default();
    let mut ids = Ids::default();
    rewrite_jar(
        input,
        output,
        |name, bytes| {
            if !name.ends_with(".class") || !prefixes.iter().any(|p| name.starts_with(p)) {
                return None;
            }
            report.classes_seen += 1;
            match instrument_class(bytes, options, &mut ids) {
                Ok((new, r)) => {
                    report.methods_wrapped += r.wrapped;
                    report.calls_bridged += r.bridged;
                    report.bodies_replaced += r.replaced;
                    if r.wrapped + r.bridged + r.replaced == 0 {
                        return None;
                    }
                    report.classes_rewritten += 1;
                    report.rewritten.push(r.class_name);
                    Some(new)
                }
                Err(e) => {
                    report.failures.push((name.to_string(), e.to_string()));
                    None
                }
            }
        },
        extra,
    )?;
    Ok(report)
}
