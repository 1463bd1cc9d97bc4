//! Plan-driven instrumentation, as the agent performs it at class load: bridge every call
//! site of the plan in a class (site id = its index in the plan's [`SiteTable`]) and wrap
//! every MUT of the class (method id = its index in the plan). The class loaded at run
//! time must be the one analysed: a site whose instruction no longer calls the planned
//! method is an error, and the caller keeps the class unchanged.

use std::collections::HashMap;

use mimic_classfile::{ClassFile, ClassFileError, MemberRef};
use mimic_plan::Plan;
use mimic_plan::SiteTable;
use mimic_rewrite::probe::ProbeApi;
use mimic_rewrite::{bridge, construct, reference, wrap};

use crate::everything::ClassReport;

#[derive(Debug, Default, Clone)]
struct ClassWork {
    /// (MUT index, method name, descriptor, the static fields it reads)
    muts: Vec<(i32, String, String, Vec<MemberRef>)>,
    sites: Vec<SiteWork>,
    /// `new C(…)` sites reported as invocations of a constructor under test: (MUT index,
    /// method name, descriptor, offset of the `new`, offset of the `invokespecial`).
    constructions: Vec<(i32, String, String, u32, u32)>,
}

/// One call site to bridge and the call the plan expects there.
#[derive(Debug, Clone)]
struct SiteWork {
    id: i32,
    method: String,
    descriptor: String,
    /// The invoke instruction (for a constructor, its `invokespecial`).
    offset: u32,
    /// For an environment constructor: the `new` whose object it initialises.
    new_offset: Option<u32>,
    /// An environment call returning a lazy stream (`Files.lines`): recorded as the list
    /// it yields.
    materialize_stream: bool,
    /// The call a bound method reference makes; `offset` is its `invokedynamic`.
    method_reference: bool,
    /// The expected callee: owner (internal), name, descriptor.
    owner: String,
    callee: String,
    callee_desc: String,
}

/// What to do to each class of a plan.
#[derive(Debug, Clone)]
pub struct PlanInstrumentation {
    probe: ProbeApi,
    sites: SiteTable,
    /// Keyed by internal class name.
    work: HashMap<String, ClassWork>,
}

/// The index of the plan's method in the loaded class, or the error that leaves the class
/// unchanged (`what` prefixes its name: `MUT `).
fn method_in(
    class: &ClassFile,
    what: &str,
    internal_name: &str,
    method: &str,
    descriptor: &str,
) -> Result<usize, ClassFileError> {
    class.find_method(method, descriptor).ok_or_else(|| {
        ClassFileError::rewrite(format!(
            "{what}{internal_name}.{method}{descriptor} is not in the loaded class"
        ))
    })
}

fn internal(dotted: &str) -> String {
    dotted.replace('.', "/")
}

impl PlanInstrumentation {
    pub fn new(plan: &Plan, probe: ProbeApi) -> PlanInstrumentation {
        let sites = SiteTable::from_plan(plan);
        let mut work: HashMap<String, ClassWork> = HashMap::new();
        for (i, m) in plan.muts.iter().enumerate() {
            // A constructor is observed where it is called.
            for c in &m.constructions {
                work.entry(internal(&c.class))
                    .or_default()
                    .constructions
                    .push((
                        i as i32,
                        c.method.clone(),
                        c.descriptor.clone(),
                        c.new_offset,
                        c.offset,
                    ));
            }
            if m.is_constructor() {
                continue;
            }
            work.entry(internal(&m.class)).or_default().muts.push((
                i as i32,
                m.method.clone(),
                m.descriptor.clone(),
                m.static_reads
                    .iter()
                    .map(|r| MemberRef {
                        owner: internal(&r.class),
                        name: r.name.clone(),
                        descriptor: r.descriptor.clone(),
                        interface: false,
                    })
                    .collect(),
            ));
        }
        for (id, site) in sites.sites.iter().enumerate() {
            // The callee expected at the site, from the first plan call it stands for.
            let (m, c) = site.uses[0];
            let mt = &plan.muts[m as usize];
            let call = mt.plan_call(c).expect("site table built from this plan");
            work.entry(internal(&site.key.class))
                .or_default()
                .sites
                .push(SiteWork {
                    id: id as i32,
                    method: site.key.method.clone(),
                    descriptor: site.key.descriptor.clone(),
                    offset: site.key.offset,
                    new_offset: call.new_offset,
                    materialize_stream: call.receiver.is_environment()
                        && call.descriptor.ends_with(")Ljava/util/stream/Stream;"),
                    method_reference: call.method_reference,
                    owner: internal(&call.owner),
                    callee: call.name.clone(),
                    callee_desc: call.descriptor.clone(),
                });
        }
        PlanInstrumentation { probe, sites, work }
    }

    /// Does the class (internal name) need rewriting?
    pub fn wants(&self, internal_name: &str) -> bool {
        self.work.contains_key(internal_name)
    }

    /// Internal names of every class the plan rewrites.
    pub fn classes(&self) -> impl Iterator<Item = &str> {
        self.work.keys().map(String::as_str)
    }

    pub fn site_table(&self) -> &SiteTable {
        &self.sites
    }

    /// Rewrite one class of the plan. An error means: load the class unchanged.
    pub fn instrument(
        &self,
        internal_name: &str,
        bytes: &[u8],
    ) -> Result<(Vec<u8>, ClassReport), ClassFileError> {
        let Some(work) = self.work.get(internal_name) else {
            return Ok((
                bytes.to_vec(),
                ClassReport {
                    class_name: internal_name.to_string(),
                    ..ClassReport::default()
                },
            ));
        };
        let mut class = ClassFile::parse(bytes)?;
        let name = class.name()?;
        if name != internal_name {
            return Err(ClassFileError::rewrite(format!(
                "expected class {internal_name}, the bytes define {name}"
            )));
        }
        let mut report = ClassReport {
            class_name: name,
            ..ClassReport::default()
        };
        for site in &work.sites {
            let SiteWork {
                id,
                method,
                descriptor,
                offset,
                owner,
                callee,
                callee_desc,
                ..
            } = site;
            let m = method_in(&class, "", internal_name, method, descriptor)?;
            if let Some(new_offset) = site.new_offset {
                // Checks the `new`, `dup` and constructor itself.
                construct::bridge_constructor_site(
                    &mut class,
                    m,
                    new_offset,
                    *offset,
                    *id,
                    &self.probe,
                )?;
                report.bridged += 1;
                continue;
            }
            if site.method_reference {
                let made =
                    reference::bridge_method_reference(&mut class, m, *offset, *id, &self.probe)?;
                let r = &made.callee;
                if &r.owner != owner || &r.name != callee || &r.descriptor != callee_desc {
                    return Err(ClassFileError::rewrite(format!(
                        "{internal_name}.{method}{descriptor} at offset {offset} refers to {}.{}{}, the plan expects {owner}.{callee}{callee_desc}",
                        r.owner, r.name, r.descriptor
                    )));
                }
                report.bridged += 1;
                continue;
            }
            match bridge::call_at(&class, m, *offset)? {
                Ok(r) if &r.owner == owner && &r.name == callee && &r.descriptor == callee_desc => {}
                Ok(r) => {
                    return Err(ClassFileError::rewrite(format!(
                        "{internal_name}.{method}{descriptor} at offset {offset} calls {}.{}{}, the plan expects {owner}.{callee}{callee_desc}",
                        r.owner, r.name, r.descriptor
                    )))
                }
                Err(why) => return Err(ClassFileError::rewrite(format!("{internal_name}.{method}{descriptor} at {offset}: {why}: the class differs from the analysed one"))),
            }
            bridge::bridge_call_site(
                &mut class,
                m,
                *offset,
                *id,
                &self.probe,
                site.materialize_stream,
            )?;
            report.bridged += 1;
        }
        for (id, method, descriptor, new_offset, offset) in &work.constructions {
            let m = method_in(&class, "", internal_name, method, descriptor)?;
            // Checks the `new`, `dup` and constructor itself.
            construct::bridge_construction(&mut class, m, *new_offset, *offset, *id, &self.probe)?;
            report.bridged += 1;
        }
        for (id, method, descriptor, statics) in &work.muts {
            let m = method_in(&class, "MUT ", internal_name, method, descriptor)?;
            wrap::wrap_method(&mut class, m, *id, &self.probe, statics)?;
            report.wrapped += 1;
        }
        Ok((class.to_bytes()?, report))
    }
}
