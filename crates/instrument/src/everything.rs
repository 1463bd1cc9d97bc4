//! Rewriting every eligible method (wrapping) and call site (bridging) of a class, and
//! optionally replacing some bodies with extreme transformations.

use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::{ClassFile, ClassFileError};
use mimic_diagnostic::Diagnostic;
use mimic_rewrite::probe::ProbeApi;
use mimic_rewrite::replace::{self, Replacement};
use mimic_rewrite::{bridge, wrap};

/// Which rewrites to apply.
#[derive(Debug, Clone)]
pub struct Options {
    pub probe: ProbeApi,
    pub wrap_methods: bool,
    pub bridge_calls: bool,
    /// Replace the body of every n-th method that has one (after wrapping and bridging
    /// were decided); `None` replaces nothing.
    pub replace_bodies: Option<BodyReplacement>,
    /// Raise class version 50 (Java 6) to 51 in rewritten classes, so that the JVM's
    /// type-checking verifier cannot fall back to type inference: proves our frames.
    pub strict_verification: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            probe: ProbeApi::default(),
            wrap_methods: true,
            bridge_calls: true,
            replace_bodies: None,
            strict_verification: false,
        }
    }
}

/// Which bodies to replace and with what. The choice of body per return type is the
/// caller's (`mimic rewrite` takes it from `mutate`'s operator set); a method for which
/// `body_for` has nothing is left alone.
#[derive(Debug, Clone, Copy)]
pub struct BodyReplacement {
    /// Every n-th method with a body, counted over the whole run (n ≥ 1).
    pub every_nth: usize,
    /// The new body for a method returning this type (`None`: void).
    pub body_for: fn(Option<&FieldType>) -> Option<Replacement>,
}

/// Running id counters shared over many classes, so that ids are unique in a run.
#[derive(Debug, Default, Clone)]
pub struct Ids {
    pub next_method: i32,
    pub next_site: i32,
    method_counter: usize,
}

/// What happened to one class.
#[derive(Debug, Default, Clone)]
pub struct ClassReport {
    pub class_name: String,
    pub wrapped: usize,
    pub bridged: usize,
    pub replaced: usize,
    /// Methods or sites left alone, with the reason (not counting the ineligible kinds
    /// that are simply out of scope: constructors, abstract methods…).
    pub skipped: Vec<Diagnostic>,
}

/// Rewrite one class. On success returns the new bytes (equal to the input bytes when
/// nothing applied) and a report. A class that fails part-way is returned as an error and
/// must be used unchanged by the caller.
pub fn instrument_class(
    bytes: &[u8],
    options: &Options,
    ids: &mut Ids,
) -> Result<(Vec<u8>, ClassReport), ClassFileError> {
    let mut class = ClassFile::parse(bytes)?;
    let mut report = ClassReport {
        class_name: class.name()?,
        ..ClassReport::default()
    };
    if class.access_flags & mimic_classfile::access::MODULE != 0 {
        return Ok((bytes.to_vec(), report));
    }
    let original_methods = class.methods.len();
    if options.bridge_calls {
        for m in 0..original_methods {
            if class.methods[m]
                .attribute(&class.constant_pool, "Code")
                .is_none()
            {
                continue;
            }
            for (offset, site) in bridge::call_sites(&class, m)? {
                if let Err(why) = site {
                    let cp = &class.constant_pool;
                    let method = &class.methods[m];
                    report.skipped.push(
                        Diagnostic::skipped(why.to_string())
                            .in_class(report.class_name.as_str())
                            .in_method(&method.name(cp)?, &method.descriptor(cp)?)
                            .at_offset(offset),
                    );
                    continue;
                }
                bridge::bridge_call_site(
                    &mut class,
                    m,
                    offset,
                    ids.next_site,
                    &options.probe,
                    false,
                )?;
                ids.next_site += 1;
                report.bridged += 1;
            }
        }
    }
    if options.wrap_methods {
        for m in 0..original_methods {
            if wrap::ineligibility(&class, m).is_some() {
                continue;
            }
            wrap::wrap_method(&mut class, m, ids.next_method, &options.probe, &[])?;
            ids.next_method += 1;
            report.wrapped += 1;
        }
    }
    if let Some(bodies) = options.replace_bodies.filter(|b| b.every_nth > 0) {
        for m in 0..class.methods.len() {
            let method = &class.methods[m];
            let cp = &class.constant_pool;
            if method.attribute(cp, "Code").is_none() || method.name(cp)?.starts_with('<') {
                continue;
            }
            ids.method_counter += 1;
            if !ids.method_counter.is_multiple_of(bodies.every_nth) {
                continue;
            }
            let desc = MethodDescriptor::parse(&method.descriptor(cp)?)?;
            let Some(replacement) = (bodies.body_for)(desc.ret.as_ref()) else {
                continue;
            };
            replace::replace_body(&mut class, m, &replacement)?;
            report.replaced += 1;
        }
    }
    if report.wrapped + report.bridged + report.replaced == 0 {
        return Ok((bytes.to_vec(), report));
    }
    if options.strict_verification && class.major_version == 50 {
        class.major_version = 51;
    }
    Ok((class.to_bytes()?, report))
}
