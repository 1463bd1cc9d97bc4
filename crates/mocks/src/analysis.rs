//! The driver: seeds annotated fields, analyses every test-code method, re-analyses the
//! methods whose inputs (fields, callee returns, parameters, parameter effects) changed
//! until nothing does, then assembles the [`Report`].

use std::collections::{HashMap, HashSet, VecDeque};

use crate::calls::CallCache;
use crate::discovery::{is_test_class, role, Role};
use crate::facts::{Facts, Key};
use crate::interpreter::{analyse_method, Context, MethodResult, SiteKind};
use crate::program::{MethodId, Problem, Program};
use crate::report::{
    ContainerWrite, CreationSite, FieldReport, FocalCandidate, MethodReport, MockInvocation,
    Report, Summary,
};
use crate::sources::{annotation_label, MockApis};
use crate::value::{Value, ARRAY, COLL, MOCK, NESTED};

/// How to analyse.
#[derive(Debug, Clone)]
pub struct Options {
    /// Propagate mocks into and out of test-code methods (helpers, lambdas). Off gives the
    /// paper's intraprocedural analysis (fields from set-up code still count).
    pub interprocedural: bool,
    pub apis: MockApis,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            interprocedural: true,
            apis: MockApis::defaults(),
        }
    }
}

/// Packages whose classes are never "classes under test".
const LIBRARY_PREFIXES: &[&str] = &[
    "java/",
    "javax/",
    "jdk/",
    "sun/",
    "com/sun/",
    "kotlin/",
    "scala/",
    "groovy/",
    "junit/",
    "org/junit/",
    "org/testng/",
    "org/mockito/",
    "org/easymock/",
    "org/powermock/",
    "mockit/",
    "org/jmock/",
    "org/hamcrest/",
    "org/assertj/",
    "com/google/common/truth/",
    "org/springframework/test/",
    "net/bytebuddy/",
    "org/objenesis/",
    "org/slf4j/",
];

fn is_library(owner: &str) -> bool {
    LIBRARY_PREFIXES.iter().any(|p| owner.starts_with(p))
}

fn dotted(internal: &str) -> String {
    internal.replace('/', ".")
}

/// Runs the analysis over every method of the test code.
pub fn analyse(program: &Program, options: &Options) -> Report {
    let n = program.methods.len();
    let mut facts = Facts::new(n);
    let mut calls = CallCache::default();

    for class in &program.classes {
        for f in &class.fields {
            if let Some(a) = f
                .annotations
                .iter()
                .find(|a| options.apis.field_annotations.contains(a))
            {
                let id = facts.names.intern(&format!("{}.{}", class.name, f.name));
                let base = facts.vias.intern(&annotation_label(a));
                let route = format!("field {}.{}", dotted(&class.name), f.name);
                let via = facts.derive_via(&route, base);
                facts.write_field(id, Value::with_flags(MOCK, via));
            }
        }
    }
    facts.changed.clear();

    let mut results: Vec<MethodResult> = vec![MethodResult::default(); n];
    let mut readers: HashMap<Key, HashSet<MethodId>> = HashMap::new();
    let mut queue: VecDeque<MethodId> = VecDeque::new();
    let mut queued = vec![false; n];
    for id in 0..n as MethodId {
        if program.method(id).1.code.is_some() {
            queue.push_back(id);
            queued[id as usize] = true;
        }
    }
    let methods_analysed = queue.len();
    let mut runs = 0usize;
    let budget = 64 * n + 1000;
    while let Some(id) = queue.pop_front() {
        queued[id as usize] = false;
        runs += 1;
        let mut ctx = Context {
            program,
            apis: &options.apis,
            facts: &mut facts,
            calls: &mut calls,
            interprocedural: options.interprocedural,
        };
        let result = analyse_method(&mut ctx, id);
        for k in &result.reads {
            readers.entry(*k).or_default().insert(id);
        }
        results[id as usize] = result;
        let changed = std::mem::take(&mut facts.changed);
        if runs > budget {
            continue;
        }
        for key in changed {
            let mut enqueue = |m: MethodId| {
                if !queued[m as usize] {
                    queued[m as usize] = true;
                    queue.push_back(m);
                }
            };
            if let Key::Params(m) = key {
                enqueue(m);
            }
            if let Some(rs) = readers.get(&key) {
                let mut rs: Vec<MethodId> = rs.iter().copied().collect();
                rs.sort_unstable();
                for m in rs {
                    enqueue(m);
                }
            }
        }
    }

    build_report(program, options, &facts, &results, methods_analysed, runs)
}

fn build_report(
    program: &Program,
    options: &Options,
    facts: &Facts,
    results: &[MethodResult],
    methods_analysed: usize,
    runs: usize,
) -> Report {
    let mut report = Report {
        problems: program.problems.clone(),
        ..Report::default()
    };
    let mut summary = Summary {
        interprocedural: options.interprocedural,
        classes: program.classes.len(),
        methods_analysed,
        analyses_run: runs,
        ..Summary::default()
    };
    let test_classes: Vec<bool> = program
        .classes
        .iter()
        .map(|c| is_test_class(program, c))
        .collect();
    summary.test_classes = test_classes.iter().filter(|&&t| t).count();

    for (id, result) in results.iter().enumerate() {
        let (ci, _) = program.methods[id];
        let (class, method) = program.method(id as MethodId);
        let Some(code) = &method.code else { continue };
        let cp = &class.file.constant_pool;
        let line = |offset: u32| code.line_of(cp, offset as u16);
        let r = role(program, class, method);
        let in_test_class = test_classes[ci as usize] && class.is_public_concrete();
        let class_name = dotted(&class.name);
        let mut mock_invocations = 0usize;
        let mut focal = Vec::new();
        for site in &result.sites {
            let callee = format!("{}.{}{}", dotted(&site.owner), site.name, site.descriptor);
            if site.receiver.is_mock() {
                let kind = match site.kind {
                    SiteKind::Instance => {
                        mock_invocations += 1;
                        "invoke"
                    }
                    SiteKind::StaticMocked => "static",
                    SiteKind::MethodReference => "method_reference",
                };
                if site.kind != SiteKind::Instance {
                    summary.other_mock_call_sites += 1;
                }
                report.mock_invocations.push(MockInvocation {
                    class: class_name.clone(),
                    method: method.name.clone(),
                    descriptor: method.descriptor.clone(),
                    offset: site.offset,
                    line: line(site.offset),
                    callee,
                    via: facts.vias.text(site.receiver.via).to_string(),
                    kind,
                });
            } else if r == Role::Test
                && site.kind == SiteKind::Instance
                && !program.is_test_code(&site.owner)
                && !is_library(&site.owner)
            {
                focal.push(FocalCandidate {
                    offset: site.offset,
                    line: line(site.offset),
                    callee,
                });
            }
        }
        summary.instance_invocations += result.instance_invokes;
        if r.is_test_related() {
            summary.instance_invocations_in_test_related += result.instance_invokes;
        }
        summary.mock_invocations += mock_invocations;
        summary.mock_creation_sites += result.creations.len();
        summary.focal_candidates += focal.len();
        let has_mocks = result.seen & MOCK != 0;
        let has_arrays = result.seen & ARRAY != 0;
        let has_collections = result.seen & (COLL | NESTED) != 0;
        if in_test_class && r.is_test_related() {
            summary.test_related_methods += 1;
            summary.test_related_with_mocks += usize::from(has_mocks);
            summary.test_related_with_mock_arrays += usize::from(has_arrays);
            summary.test_related_with_mock_collections += usize::from(has_collections);
        }
        let interesting = r.is_test_related()
            || has_mocks
            || has_arrays
            || has_collections
            || result.problem.is_some();
        if !interesting {
            continue;
        }
        report.methods.push(MethodReport {
            class: class_name,
            method: method.name.clone(),
            descriptor: method.descriptor.clone(),
            role: r,
            in_test_class,
            has_mocks,
            has_mock_arrays: has_arrays,
            has_mock_collections: has_collections,
            creation_sites: result
                .creations
                .iter()
                .map(|&(offset, via)| CreationSite {
                    offset,
                    line: line(offset),
                    api: facts.vias.text(via).to_string(),
                })
                .collect(),
            container_writes: result
                .container_writes
                .iter()
                .map(|&(offset, kind)| ContainerWrite {
                    offset,
                    line: line(offset),
                    container: if kind & ARRAY != 0 {
                        "array"
                    } else {
                        "collection"
                    },
                })
                .collect(),
            instance_invocations: result.instance_invokes,
            mock_invocations,
            focal_candidates: focal,
            problem: result.problem.clone(),
        });
        if let Some(p) = &result.problem {
            report.problems.push(
                Problem::error(p.clone())
                    .in_class(class.name.replace('/', "."))
                    .in_method(&method.name, &method.descriptor),
            );
        }
    }

    let mut fields: Vec<FieldReport> = facts
        .fields
        .iter()
        .filter(|(_, v)| v.flags & (MOCK | ARRAY | COLL | NESTED) != 0)
        .map(|(&id, v)| {
            let name = facts.names.text(id);
            let (class, field) = name.rsplit_once('.').unwrap_or(("", name));
            let mut holds = Vec::new();
            if v.flags & MOCK != 0 {
                holds.push("mock");
            }
            if v.flags & ARRAY != 0 {
                holds.push("array");
            }
            if v.flags & (COLL | NESTED) != 0 {
                holds.push("collection");
            }
            FieldReport {
                class: dotted(class),
                field: field.to_string(),
                holds,
                via: facts.vias.text(v.via).to_string(),
            }
        })
        .collect();
    fields.sort_by(|a, b| (&a.class, &a.field).cmp(&(&b.class, &b.field)));
    summary.mock_fields = fields.len();
    report.fields = fields;
    summary.problems = report.problems.len();
    report.summary = summary;
    report
}
