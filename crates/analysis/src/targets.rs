//! Target selection (rick phase 1) on bytecode: methods under test and their mockable
//! call sites, plus the deeper interactions inside same-class helpers.
//!
//! A **MUT** is a public, non-abstract, non-native, non-synthetic, non-bridge,
//! non-deprecated, non-empty method (not a constructor or initialiser) of a named project
//! class, with at least one mockable call site in its own body, or an environment
//! interaction (a call of [`mimic_plan::environment::METHODS`], on any object) in its
//! body or in the same-class helpers it calls (issue 17; not `main`, the program's entry
//! point). A **mockable call** is an
//! `invokevirtual`/`invokeinterface` whose receiver is, on every path, a field of `this`,
//! a static field of the MUT's class, or a parameter, whose declared type is a project type
//! other than the MUT's class that Mockito 5 can mock and a test in the MUT's package can
//! name, and whose method Mockito can stub. Value objects (records, and final classes
//! with only final instance fields that define `equals`) are not mocked: generated tests
//! rebuild them from their recorded state ("don't mock value objects").

use std::cell::{OnceCell, RefCell};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use globset::{Glob, GlobSet, GlobSetBuilder};
use mimic_classfile::access::*;

use crate::reads::ReadAnalysis;
use mimic_classfile::annotations::has_annotation;
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::frame::stack_map_offsets;
use mimic_classfile::instruction::{decode, decode_at, Operand};
use mimic_classfile::opcodes::{
    ALOAD_3, CHECKCAST, DUP, GETFIELD, GETSTATIC, INVOKEDYNAMIC, INVOKEINTERFACE, INVOKESPECIAL,
    INVOKESTATIC, INVOKEVIRTUAL, IRETURN, NEW, NOP, POP, POP2, RETURN,
};
use mimic_classfile::parameters::parameter_names;
use mimic_classfile::{ClassFile, ClassFileError, Member, MemberRef};

use crate::class_index::{dotted, package_of, ClassIndex, ClassInfo};
use crate::origins::{
    analyse, analyse_with_getters, calls, entry_frame, Analysis, Call, FieldRead, Frame, Origin,
};
use mimic_plan::environment;
use mimic_plan::*;

/// How deep helper calls are followed for deeper interactions.
const HELPER_DEPTH: usize = 3;

/// Methods Mockito cannot stub (final or special in `Object`).
const UNSTUBBABLE: [&str; 6] = [
    "equals",
    "hashCode",
    "getClass",
    "wait",
    "notify",
    "notifyAll",
];

/// A `--methods` entry: `com.x.Foo#bar` or `com.x.Foo#bar(I)V`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodFilter {
    pub class: String,
    pub method: String,
    pub descriptor: Option<String>,
}

impl MethodFilter {
    /// Parse one line; `None` for blank lines and `#` comments.
    pub fn parse(line: &str) -> Option<Result<MethodFilter, TargetsError>> {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") || line.starts_with("# ") || line == "#" {
            return None;
        }
        let Some((class, rest)) = line.split_once('#') else {
            return Some(Err(TargetsError::MethodFilter {
                line: line.to_string(),
            }));
        };
        let (method, descriptor) = match rest.find('(') {
            Some(i) => (&rest[..i], Some(rest[i..].to_string())),
            None => (rest, None),
        };
        Some(Ok(MethodFilter {
            class: class.to_string(),
            method: method.to_string(),
            descriptor,
        }))
    }

    fn matches(&self, class: &str, method: &str, descriptor: &str) -> bool {
        self.class == class
            && self.method == method
            && self.descriptor.as_deref().is_none_or(|d| d == descriptor)
    }
}

/// What to select.
#[derive(Debug, Clone, Default)]
pub struct TargetOptions {
    /// Dotted package prefixes whose classes are project types; empty: the packages of the
    /// first classpath entry.
    pub project_packages: Vec<String>,
    /// Globs over dotted class names (`org.apache.pdfbox.**`): only these / not these.
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub methods: Option<Vec<MethodFilter>>,
    /// Record why each public project method is not a MUT.
    pub explain: bool,
    /// Whole-program mode (first part): every candidate method is a MUT, also one with no
    /// mockable call (its tests rebuild the receiver and arguments and assert the
    /// outcome), not only rick's methods with a mockable call.
    pub all: bool,
}

/// Why targets could not be computed at all (a class that cannot be read is a diagnostic
/// in the plan, not an error).
#[derive(Debug, thiserror::Error)]
pub enum TargetsError {
    #[error("bad class pattern {pattern:?}: {message}")]
    Pattern { pattern: String, message: String },
    #[error("{line:?}: expected class#method or class#method(descriptor)")]
    MethodFilter { line: String },
}

fn globset(patterns: &[String]) -> Result<Option<GlobSet>, TargetsError> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let bad = |pattern: &str, e: globset::Error| TargetsError::Pattern {
        pattern: pattern.to_string(),
        message: e.to_string(),
    };
    let mut b = GlobSetBuilder::new();
    for p in patterns {
        // `*` stays within a package level; `**` crosses levels.
        let glob = p.replace('.', "/");
        b.add(Glob::new(&glob).map_err(|e| bad(p, e))?);
    }
    b.build().map(Some).map_err(|e| bad(&patterns.join(" "), e))
}

/// Which classes are project types.
pub struct Project {
    packages: Vec<String>,
    exact: bool,
}

impl Project {
    pub fn new(index: &ClassIndex, packages: &[String]) -> Project {
        if packages.is_empty() {
            let mut own: Vec<String> = index
                .classes
                .values()
                .filter(|c| c.origin.input == Some(0))
                .map(|c| package_of(&c.name).to_string())
                .collect();
            own.sort();
            own.dedup();
            Project {
                packages: own,
                exact: true,
            }
        } else {
            Project {
                packages: packages.iter().map(|p| p.replace('.', "/")).collect(),
                exact: false,
            }
        }
    }

    pub fn contains(&self, internal: &str) -> bool {
        let pkg = package_of(internal);
        self.packages.iter().any(|p| {
            pkg == p
                || (!self.exact && pkg.starts_with(p.as_str()) && pkg[p.len()..].starts_with('/'))
        })
    }

    /// Dotted package names.
    pub fn packages(&self) -> Vec<String> {
        self.packages.iter().map(|p| dotted(p)).collect()
    }
}

/// Compute the plan over an index whose project classes were kept parsed.
pub fn find_targets(index: &ClassIndex, options: &TargetOptions) -> Result<Plan, TargetsError> {
    let project = Project::new(index, &options.project_packages);
    let include = globset(&options.include)?;
    let exclude = globset(&options.exclude)?;
    let mut muts = Vec::new();
    let mut not_muts = Vec::new();
    let reads = ReadAnalysis::new(index);
    let mut summary = Summary {
        classes: index.classes.len(),
        unparsed: index.unparsed.len(),
        ..Summary::default()
    };
    for name in project_classes(index, &project) {
        let class = &index.parsed[name];
        let info = &index.classes[name];
        summary.project_classes += 1;
        // An anonymous or local class's methods are tested through a nameable supertype
        // (`Analyser::called_through`), in both modes.
        if class.access_flags & SYNTHETIC != 0 {
            continue;
        }
        if include.as_ref().is_some_and(|g| !g.is_match(name))
            || exclude.as_ref().is_some_and(|g| g.is_match(name))
        {
            continue;
        }
        let analyser = Analyser {
            index,
            project: &project,
            class,
            class_name: name,
            info,
            all: options.all,
            own_getters: OnceCell::new(),
            getters_on_this: OnceCell::new(),
            field_constructor: OnceCell::new(),
            reads: &reads,
        };
        for method in &class.methods {
            let cp = &class.constant_pool;
            let (Ok(mname), Ok(desc)) = (method.name(cp), method.descriptor(cp)) else {
                continue;
            };
            if let Some(filters) = &options.methods {
                if !filters
                    .iter()
                    .any(|f| f.matches(&dotted(name), &mname, &desc))
                {
                    continue;
                }
            }
            let explain = |reason: String, not_muts: &mut Vec<NotMut>| {
                if options.explain && method.has_flag(PUBLIC) && !mname.starts_with('<') {
                    not_muts.push(NotMut {
                        class: dotted(name),
                        method: mname.clone(),
                        descriptor: desc.clone(),
                        reason,
                    });
                }
            };
            if let Err(reason) = analyser.candidate(method, &mname) {
                explain(reason, &mut not_muts);
                continue;
            }
            summary.candidate_methods += 1;
            match analyser.mut_of(method, &mname, &desc) {
                Ok(m) if (options.all && !is_entry_point(&m)) || is_target(&m) => muts.push(m),
                Ok(_) => explain(analyser.why_no_mockable_call(method, &desc), &mut not_muts),
                Err(e) => explain(format!("not analysed: {e}"), &mut not_muts),
            }
        }
    }
    add_overrides(index, &project, &mut muts);
    if muts.iter().any(Mut::is_constructor) {
        add_constructions(index, &project, &mut muts);
        // A constructor the project never calls in a shape the recorder can observe is
        // not planned.
        muts.retain(|m| !m.is_constructor() || !m.constructions.is_empty());
    }
    for m in &muts {
        summary.environment_calls += environment_calls(m);
        summary.mockable_calls += m.mockable_calls.len();
        summary.deeper_calls += m.deeper_calls.len();
    }
    summary.muts = muts.len();
    Ok(Plan {
        schema_version: PLAN_SCHEMA_VERSION,
        classpath: index
            .entries
            .iter()
            .map(|e| e.display().to_string())
            .collect(),
        project_packages: project.packages(),
        muts,
        unparsed: index.unparsed.clone(),
        summary,
        not_muts,
    })
}

/// Keep a constructor's call only if a test can give its receiver: a field the
/// constructor set from a mocked parameter becomes that parameter; other fields of the
/// object under construction cannot hold a mock.
fn constructor_receiver(call: &mut MockableCall, param_fields: &[ParamField]) -> bool {
    let Receiver::Field {
        name,
        is_static: false,
        ..
    } = &call.receiver
    else {
        return true;
    };
    match param_fields.iter().find(|p| &p.field == name) {
        Some(p) if p.mock => {
            call.receiver = Receiver::Param {
                index: p.index,
                declared_type: p.declared_type.clone(),
            };
            true
        }
        _ => false,
    }
}

/// The parsed project classes' internal names, sorted.
fn project_classes<'i>(index: &'i ClassIndex, project: &Project) -> Vec<&'i String> {
    let mut names: Vec<&String> = index
        .parsed
        .keys()
        .filter(|n| project.contains(n))
        .collect();
    names.sort();
    names
}

/// Is the `new` at `at` whose constructor is called at `offset` in javac's shape, `new;
/// dup; <arguments without a branch>; invokespecial`, which a bridge can replace (a stack
/// map frame inside the arguments would name the object the bridge creates)?
fn bridgeable_new(class: &ClassFile, code: &CodeAttribute, at: u32, offset: u32) -> bool {
    let dup_follows = code.code.get(at as usize + 3) == Some(&DUP);
    let frame_inside = code
        .attribute(&class.constant_pool, "StackMapTable")
        .map(|a| stack_map_offsets(&a.data).unwrap_or_else(|_| vec![offset]))
        .unwrap_or_default()
        .into_iter()
        .any(|f| f > at && f <= offset);
    dup_follows && !frame_inside
}

/// Every `new C(…)` of the project's code, in javac's shape ([`bridgeable_new`]), that
/// builds an object with a constructor under test: where the recorder observes it.
fn add_constructions(index: &ClassIndex, project: &Project, muts: &mut [Mut]) {
    let by_constructor: HashMap<(String, String), usize> = muts
        .iter()
        .enumerate()
        .filter(|(_, m)| m.is_constructor())
        .map(|(i, m)| ((m.class.replace('.', "/"), m.descriptor.clone()), i))
        .collect();
    let built: HashSet<&str> = by_constructor.keys().map(|(c, _)| c.as_str()).collect();
    for name in project_classes(index, project) {
        let class = &index.parsed[name];
        let cp = &class.constant_pool;
        for method in &class.methods {
            let (Ok(mname), Ok(mdesc)) = (method.name(cp), method.descriptor(cp)) else {
                continue;
            };
            let Some(code) = code_of(class, method) else {
                continue;
            };
            // Only bodies that create one of those classes are interpreted.
            let creates = decode(&code.code).unwrap_or_default().iter().any(|i| {
                matches!((i.opcode, &i.operand), (NEW, Operand::Pool(c))
                    if cp.class_name(*c).is_ok_and(|n| built.contains(n.as_str())))
            });
            if !creates {
                continue;
            }
            let Ok(desc) = MethodDescriptor::parse(&mdesc) else {
                continue;
            };
            let entry = entry_frame(
                method.has_flag(STATIC),
                &desc,
                code.max_locals,
                None,
                Origin::This,
            );
            let Ok(found) = calls(class, &code, entry) else {
                continue;
            };
            for c in found {
                let Some(Origin::New(at)) = c.receiver else {
                    continue;
                };
                if c.opcode != INVOKESPECIAL || c.callee.name != "<init>" {
                    continue;
                }
                let key = (c.callee.owner.clone(), c.callee.descriptor.clone());
                let Some(&i) = by_constructor.get(&key) else {
                    continue;
                };
                if bridgeable_new(class, &code, at, c.offset) {
                    muts[i].constructions.push(Construction {
                        class: dotted(name),
                        method: mname.clone(),
                        descriptor: mdesc.clone(),
                        new_offset: at,
                        offset: c.offset,
                    });
                }
            }
        }
    }
}

/// rick's rule (a mockable call on an object of the program), or an environment
/// interaction anywhere in the method or its helpers unless it is the entry point.
fn is_target(m: &Mut) -> bool {
    m.mockable_calls
        .iter()
        .any(|c| !c.receiver.is_environment())
        || (environment_calls(m) > 0 && !is_entry_point(m))
}

/// How many of the method's calls, its helpers' included, are environment interactions.
fn environment_calls(m: &Mut) -> usize {
    m.plan_calls()
        .filter(|c| c.receiver.is_environment())
        .count()
}

/// Does the method only forward one mockable call: its body nothing but loads (of
/// locals, constants and fields), casts, that one call and a return?
fn is_delegation(code: &CodeAttribute, calls: &[MockableCall], deeper: &[DeeperCall]) -> bool {
    let [call] = calls else { return false };
    if call.receiver.is_environment() || !deeper.is_empty() {
        return false;
    }
    let Ok(insns) = decode(&code.code) else {
        return false;
    };
    let invokes = insns
        .iter()
        .filter(|i| (INVOKEVIRTUAL..=INVOKEDYNAMIC).contains(&i.opcode))
        .count();
    invokes == 1
        && insns.iter().all(|i| {
            matches!(
                i.opcode,
                NOP..=ALOAD_3 | GETFIELD | GETSTATIC | CHECKCAST | IRETURN..=RETURN
            ) || i.offset == call.offset
        })
}

/// `public static void main(String[])`: the whole program, not a unit. It is a MUT for a
/// mockable call (rick's rule), not for reading the environment, which every program's
/// entry point does (its test would run the program, writing its real files).
fn is_entry_point(m: &Mut) -> bool {
    m.is_static && m.method == "main" && m.descriptor == "([Ljava/lang/String;)V"
}

/// Fill each instance MUT's [`Mut::overridden_by`]: the project classes below its own
/// whose objects run an override of the method: those that declare it again (not
/// static, not private) and every project class below one of them, sorted.
fn add_overrides(index: &ClassIndex, project: &Project, muts: &mut [Mut]) {
    let classes: Vec<&String> = project_classes(index, project);
    let mut declaring: HashMap<(&str, &str), Vec<&str>> = HashMap::new();
    for name in classes.iter().copied() {
        for m in &index.classes[name].methods {
            if m.access & (STATIC | PRIVATE) == 0 && !m.name.starts_with('<') {
                declaring
                    .entry((m.name.as_str(), m.descriptor.as_str()))
                    .or_default()
                    .push(name);
            }
        }
    }
    for m in muts
        .iter_mut()
        .filter(|m| !m.is_static && !m.is_constructor())
    {
        let own = m.class.replace('.', "/");
        let Some(declarers) = declaring.get(&(m.method.as_str(), m.descriptor.as_str())) else {
            continue;
        };
        let overriding: Vec<&str> = declarers
            .iter()
            .copied()
            .filter(|c| *c != own && index.is_subtype(c, &own))
            .collect();
        if overriding.is_empty() {
            continue;
        }
        let mut below: Vec<String> = classes
            .iter()
            .filter(|c| overriding.iter().any(|o| index.is_subtype(c, o)))
            .map(|c| dotted(c))
            .collect();
        below.sort();
        m.overridden_by = below;
    }
}

/// What a walk through the MUT's helpers follows and collects.
struct HelperWalk<'w> {
    /// Which helper calls to enter.
    follow: &'w dyn Fn(&Call) -> bool,
    /// Enter them knowing their parameters' origins (the call's arguments).
    with_args: bool,
    /// Also enter the static methods and constructors of other project classes (code the
    /// MUT hands its mockable objects to, which makes calls on them).
    other_classes: bool,
    /// With `other_classes`: the arguments each such callee was first seen called with,
    /// and the callees seen called with different ones. A call site in such a callee
    /// stands for a mock of the MUT only if every call passes it the same objects: the
    /// recorder attributes every call made at the site during the invocation, whatever
    /// it is made on (`IOUtils.closeAndLogException(x, …)` called on three fields).
    args_of: RefCell<HashMap<MethodRef, Vec<Origin>>>,
    ambiguous: RefCell<HashSet<MethodRef>>,
}

/// What a walk through the helpers does with each body it enters.
type VisitHelper<'v, 'a> = dyn FnMut(&HelperBody<'a>) + 'v;

/// A helper body a walk enters: its class file, reference, code, and what the analysis
/// found in it (its calls, those whose results escape).
struct HelperBody<'a> {
    class: &'a ClassFile,
    via: MethodRef,
    code: CodeAttribute,
    inner: Analysis,
    /// The receiver classes (dotted) it runs for: an override in a subclass, or a body
    /// reached from one ([`DeeperCall::only_in`]). Empty: any.
    only_in: Vec<String>,
}

/// Concrete classes a call on `this` may dispatch to before the overrides in them are
/// not followed for deeper calls.
const MAX_OVERRIDING_CLASSES: usize = 32;

struct Analyser<'a> {
    index: &'a ClassIndex,
    project: &'a Project,
    class: &'a ClassFile,
    class_name: &'a str,
    /// The class's summary in the index.
    info: &'a ClassInfo,
    /// Whole-program mode (`--all`): service interfaces of libraries and the JDK
    /// (`java.sql.Connection`) are mockable too, the thesis's "mock everything".
    all: bool,
    /// The class's own getters and field constructor: facts of the class, found once
    /// for all its MUTs.
    own_getters: OnceCell<Vec<Getter>>,
    /// The getters a call on `this` reaches, inherited ones included: such a call reads
    /// the field ([`crate::getters::getters_on_this`]).
    getters_on_this: OnceCell<HashMap<(String, String), MemberRef>>,
    field_constructor: OnceCell<Option<FieldConstructor>>,
    /// Method summaries of the read analysis, shared by every class's MUTs.
    reads: &'a ReadAnalysis<'a>,
}

/// JDK packages whose interfaces are values or plumbing a test keeps real (collections,
/// functions, text, streams, files: the environment has its own replay), never mocks.
const REAL_PACKAGES: [&str; 7] = [
    "java/lang/",
    "java/util/",
    "java/time/",
    "java/math/",
    "java/text/",
    "java/io/",
    "java/nio/",
];

pub(crate) fn code_of(class: &ClassFile, method: &Member) -> Option<CodeAttribute> {
    let attr = method.attribute(&class.constant_pool, "Code")?;
    CodeAttribute::parse(&attr.data, &class.constant_pool).ok()
}

fn is_deprecated(class: &ClassFile, method: &Member) -> bool {
    let cp = &class.constant_pool;
    method.attribute(cp, "Deprecated").is_some()
        || has_annotation(method, cp, "Ljava/lang/Deprecated;")
}

/// Does the method drop the result of the call at `offset` at once (the next instruction
/// is a `pop` or `pop2` and the callee returns a value)? Then nothing of it is used.
fn result_discarded(code: &CodeAttribute, offset: u32, descriptor: &str) -> bool {
    let returns_value = MethodDescriptor::parse(descriptor).is_ok_and(|d| d.ret.is_some());
    let next = decode_at(&code.code, offset as usize)
        .and_then(|call| decode_at(&code.code, (offset + call.length) as usize));
    returns_value && next.is_ok_and(|n| n.opcode == POP || n.opcode == POP2)
}

fn returns_of(index: &ClassIndex, descriptor: &str) -> Returns {
    let Ok(d) = MethodDescriptor::parse(descriptor) else {
        return Returns::Object;
    };
    match d.ret {
        None => Returns::Void,
        Some(FieldType::Array(_)) => Returns::Array,
        Some(FieldType::Object(n)) => match n.as_str() {
            "java/lang/String" => Returns::String,
            "java/lang/Integer"
            | "java/lang/Long"
            | "java/lang/Short"
            | "java/lang/Byte"
            | "java/lang/Character"
            | "java/lang/Boolean"
            | "java/lang/Float"
            | "java/lang/Double" => Returns::Boxed,
            _ if index.get(&n).is_some_and(|c| c.is_enum()) => Returns::Enum,
            _ => Returns::Object,
        },
        Some(_) => Returns::Primitive,
    }
}

impl<'a> Analyser<'a> {
    /// Every MUT rule except "has a mockable call".
    fn candidate(&self, method: &Member, name: &str) -> Result<(), String> {
        let flags = method.access_flags;
        let anonymous_or_local = self.info.anonymous_or_local;
        if anonymous_or_local {
            if name.starts_with('<') {
                return Err(
                    "constructor of an anonymous or local class (it runs where the class is declared)"
                        .into(),
                );
            }
            let descriptor = method
                .descriptor(&self.class.constant_pool)
                .map_err(|e| e.to_string())?;
            if flags & STATIC != 0 || self.called_through(name, &descriptor).is_none() {
                return Err(
                    "method of an anonymous or local class that no nameable supertype declares"
                        .into(),
                );
            }
        }
        if name == "<init>" && self.all {
            self.constructible()?;
        } else if name.starts_with('<') {
            return Err("constructor or initialiser".into());
        }
        // Public methods only, in both modes. Whole-program mode could also plan the
        // package-private and protected ones a test in the package can call; measured on
        // PDFBox (session 34) that added 260 tests, 2 covered lines of 9,290, and tests
        // that do not compile (pre-Java 5 compilers' `class$`/`access$000` lack the
        // synthetic flag) or verify interactions of `finalize`: left out.
        if flags & PUBLIC == 0 {
            return Err("not public".into());
        }
        if flags & ABSTRACT != 0 {
            return Err("abstract".into());
        }
        if flags & NATIVE != 0 {
            return Err("native".into());
        }
        if flags & (SYNTHETIC | BRIDGE) != 0 {
            return Err("synthetic or bridge".into());
        }
        if is_deprecated(self.class, method) {
            return Err("deprecated".into());
        }
        // A test in the class's package must be able to name the class (or the supertype
        // it is called through) and the parameter types.
        let package = package_of(self.class_name);
        if !anonymous_or_local && !self.info.accessible_from(package) {
            return Err("the class is not accessible from its package's tests".into());
        }
        if let Ok(desc) = method
            .descriptor(&self.class.constant_pool)
            .and_then(|d| MethodDescriptor::parse(&d))
        {
            for p in &desc.params {
                if let FieldType::Object(t) = p {
                    if self
                        .index
                        .get(t)
                        .is_some_and(|c| !c.accessible_from(package))
                    {
                        return Err(format!(
                            "parameter type {} is not accessible from the class's package",
                            dotted(t)
                        ));
                    }
                }
            }
        }
        match code_of(self.class, method) {
            None => Err("no code".into()),
            Some(c) if c.code == [RETURN] => Err("empty".into()),
            Some(_) => Ok(()),
        }
    }

    /// Can a test build this class with `new` (a constructor under test)?
    fn constructible(&self) -> Result<(), String> {
        let info = self.info;
        if info.access & (ABSTRACT | INTERFACE) != 0 || info.is_enum() {
            return Err("constructor of an abstract class, interface or enum".into());
        }
        if self.outer_instance() {
            // `outer.new Inner(…)`: the outer class must be nameable too.
            let outer = self.class_name.rsplit_once('$').map_or("", |(o, _)| o);
            if !self
                .index
                .get(outer)
                .is_some_and(|o| o.accessible_from(package_of(self.class_name)))
            {
                return Err(
                    "constructor of an inner class whose outer class is not accessible".into(),
                );
            }
        }
        Ok(())
    }

    /// Is the class an inner (non-static member) class, whose constructors take the outer
    /// instance first?
    fn outer_instance(&self) -> bool {
        !self.info.anonymous_or_local && self.info.inner_access.is_some_and(|a| a & STATIC == 0)
    }

    /// For a method of an anonymous or local class: the nearest supertype a test in the
    /// class's package can name that declares the method (name and descriptor, not
    /// static or private, and public unless the supertype is in that package), dotted.
    fn called_through(&self, name: &str, descriptor: &str) -> Option<String> {
        let package = package_of(self.class_name);
        let hierarchy = self.index.hierarchy();
        hierarchy
            .supertypes(self.class_name)
            .iter()
            .filter_map(|s| hierarchy.class(s))
            .find(|c| {
                !c.anonymous_or_local
                    && c.accessible_from(package)
                    && c.methods.iter().any(|m| {
                        m.name == name
                            && m.descriptor == descriptor
                            && m.access & (STATIC | PRIVATE) == 0
                            && (m.access & PUBLIC != 0 || c.package() == package)
                    })
            })
            .map(|c| dotted(&c.name))
    }

    /// [`analyse`] a body of the class, its calls of inherited getters on `this` reads of
    /// their fields.
    fn analyse_own(&self, code: &CodeAttribute, entry: Frame) -> Result<Analysis, ClassFileError> {
        let getters = self
            .getters_on_this
            .get_or_init(|| crate::getters::getters_on_this(self.index, self.class));
        analyse_with_getters(self.class, code, entry, getters.clone())
    }

    /// An answer the method stores in a field it makes mockable calls through
    /// (`if (filter == null) filter = registry.getFilter(name); … filter.apply(…)`,
    /// Pebble's lazily found collaborator): a test answers it with a mock, so that the
    /// calls production made on that very object (the recorder sees their receiver is
    /// the answer) are stubbed on it instead of meeting a half-recorded real object.
    fn mock_stored_answers(&self, stores: &[(MemberRef, Origin)], calls: &mut [MockableCall]) {
        for (field, origin) in stores {
            let Origin::Result(producer) = origin else {
                continue;
            };
            let called_through = calls.iter().any(|c| {
                matches!(&c.receiver, Receiver::Field { name, is_static: false, .. }
                    if *name == field.name)
            });
            if !called_through {
                continue;
            }
            let Some(call) = calls.iter_mut().find(|c| {
                c.offset == *producer && c.returns_mock.is_none() && !c.receiver.is_environment()
            }) else {
                continue;
            };
            let Ok(Some(FieldType::Object(t))) =
                MethodDescriptor::parse(&call.descriptor).map(|d| d.ret)
            else {
                continue;
            };
            if self.mockable_type(&t).is_ok() {
                call.returns_mock = Some(dotted(&t));
            }
        }
    }

    fn line(&self, code: &CodeAttribute, offset: u32) -> Option<u16> {
        code.line_of(&self.class.constant_pool, offset as u16)
    }

    fn mut_of(&self, method: &Member, name: &str, descriptor: &str) -> Result<Mut, String> {
        let code = code_of(self.class, method).ok_or("no code")?;
        let desc = MethodDescriptor::parse(descriptor).map_err(|e| e.to_string())?;
        let is_static = method.has_flag(STATIC);
        let entry = entry_frame(is_static, &desc, code.max_locals, None, Origin::This);
        let analysis = self.analyse_own(&code, entry).map_err(|e| e.to_string())?;
        let (found, field_reads) = (&analysis.calls, &analysis.field_reads);
        let mut mockable_calls = Vec::new();
        for c in found {
            if let Some(m) = self
                .mockable(c, &desc, self.class, &code)
                .ok()
                .or_else(|| self.environment(c, &code))
            {
                mockable_calls.push(m);
            }
        }
        let constructor = name == "<init>";
        let param_fields = if constructor {
            self.param_fields(&analysis.this_stores, &desc)
        } else {
            Vec::new()
        };
        if constructor {
            // The object does not exist before its constructor runs: a test cannot put a
            // mock in its fields. A field the constructor sets from a parameter is that
            // parameter; calls on any other field are the constructor's own business.
            mockable_calls.retain_mut(|c| constructor_receiver(c, &param_fields));
        }
        self.chain(
            found,
            &analysis.escapes,
            &desc,
            self.class,
            &code,
            &mut mockable_calls,
        );
        self.mock_stored_answers(&analysis.this_stores, &mut mockable_calls);
        let mut deeper_calls = Vec::new();
        let mut seen = HashSet::new();
        seen.insert(self.key(name, descriptor));
        self.deeper(found, &desc, &mut seen, &mut deeper_calls);
        // Every helper the MUT calls runs as part of it, whatever it is passed: one walk
        // collects their environment interactions and the static fields they read.
        let mut static_reads = Vec::new();
        self.add_static_reads(&code, &mut static_reads);
        let mut seen = HashSet::new();
        seen.insert(self.key(name, descriptor));
        let every_helper = HelperWalk {
            follow: &|_| true,
            with_args: false,
            other_classes: false,
            args_of: RefCell::default(),
            ambiguous: RefCell::default(),
        };
        let calls_itself = |c: &Call| {
            c.callee.name == name
                && c.callee.descriptor == descriptor
                && c.callee.owner == self.class_name
        };
        let mut recursive = found.iter().any(calls_itself);
        self.walk_helpers(found, 0, &[], &mut seen, &every_helper, &mut |body| {
            recursive |= body.inner.calls.iter().any(calls_itself);
            for c in &body.inner.calls {
                if let Some(call) = self.environment(c, &body.code) {
                    deeper_calls.push(DeeperCall {
                        via: body.via.clone(),
                        call,
                        only_in: body.only_in.clone(),
                    });
                }
            }
            self.add_static_reads(&body.code, &mut static_reads);
        });
        let collaborator_fields =
            self.collaborator_fields(field_reads, &desc, &mockable_calls, &param_fields);
        let runs = self.runs_callbacks(found);
        let delegation = is_delegation(&code, &mockable_calls, &deeper_calls);
        if constructor {
            // Observed where it is called, from another class: it cannot read this
            // class's private statics there; and its helpers' calls on fields are on
            // fields a test cannot set.
            static_reads.clear();
            deeper_calls.retain_mut(|d| constructor_receiver(&mut d.call, &param_fields));
        }
        // Calls a mock answers (the method's own and its helpers' deeper calls) use
        // only the identity of what they are given.
        let mut mocked = crate::reads::MockedCalls {
            direct: mockable_calls.iter().map(|c| c.offset).collect(),
            answered: mockable_calls
                .iter()
                .filter(|c| !c.receiver.is_environment())
                .map(|c| c.offset)
                .collect(),
            deeper: Default::default(),
        };
        for d in &deeper_calls {
            let via = &d.via;
            let key = (
                via.class.replace('.', "/"),
                via.method.clone(),
                via.descriptor.clone(),
            );
            std::rc::Rc::make_mut(mocked.deeper.entry(key).or_default()).insert(d.call.offset);
        }
        let reads = self
            .reads
            .reads(self.class, &code, is_static, descriptor, mocked);
        Ok(Mut {
            class: dotted(self.class_name),
            method: name.to_string(),
            descriptor: descriptor.to_string(),
            line: code.first_line(&self.class.constant_pool),
            is_static,
            mockable_calls,
            deeper_calls,
            param_names: {
                let names = parameter_names(&self.class.constant_pool, method);
                if names.iter().all(Option::is_none) {
                    Vec::new()
                } else {
                    names
                }
            },
            static_reads,
            collaborator_fields,
            delegation,
            constructions: Vec::new(),
            param_fields,
            outer_instance: constructor && self.outer_instance(),
            // Walked for anonymous and local classes only.
            called_through: if self.info.anonymous_or_local {
                self.called_through(name, descriptor)
            } else {
                None
            },
            thresholds: crate::thresholds::thresholds(
                &code,
                &self.class.constant_pool,
                &desc,
                is_static,
            ),
            getters: self.getters(constructor, &desc),
            field_constructor: if is_static || constructor {
                None
            } else {
                self.field_constructor()
            },
            runs_params: runs.0,
            runs_fields: runs.1,
            overridden_by: Vec::new(),
            recursive,
            reads,
        })
    }

    /// The parameters and fields of `this` the method runs itself ([`Mut::runs_params`]):
    /// the receivers of its calls of JDK methods, and what it passes to JDK methods
    /// (`Objects`' checks aside, which only look at it).
    fn runs_callbacks(&self, found: &[Call]) -> (Vec<u16>, Vec<String>) {
        let jdk = |owner: &str| {
            ["java/", "javax/", "jdk/", "sun/"]
                .iter()
                .any(|p| owner.starts_with(p))
        };
        let (mut params, mut fields) = (Vec::new(), Vec::new());
        let mut note = |origin: &Origin| match origin {
            Origin::Param(i) if !params.contains(i) => params.push(*i),
            Origin::Field { name, .. } if !fields.contains(name) => fields.push(name.clone()),
            _ => {}
        };
        for c in found
            .iter()
            .filter(|c| jdk(&c.callee.owner) && !c.method_reference)
        {
            if let Some(r) = &c.receiver {
                note(r);
            }
            if c.callee.owner != "java/util/Objects" {
                c.args.iter().for_each(&mut note);
            }
        }
        params.sort_unstable();
        fields.sort();
        (params, fields)
    }

    /// The getters the state oracle can read through: of the class (when a test names
    /// the receiver by it, not through a supertype) and of the class the method returns.
    fn getters(&self, constructor: bool, desc: &MethodDescriptor) -> Vec<Getter> {
        let package = package_of(self.class_name);
        let hierarchy = self.index.hierarchy();
        let mut out = self
            .own_getters
            .get_or_init(|| {
                if self.info.anonymous_or_local {
                    Vec::new()
                } else {
                    crate::getters::getters(hierarchy, self.class_name, package)
                }
            })
            .clone();
        if let (false, Some(FieldType::Object(t))) = (constructor, &desc.ret) {
            // The class's own getters are in already (unless it is anonymous or local).
            let own = t == self.class_name && !self.info.anonymous_or_local;
            if !t.starts_with("java/") && !own {
                out.extend(crate::getters::getters(hierarchy, t, package));
            }
        }
        out
    }

    /// The class's field constructor, for receivers a test names by the class and builds
    /// without an outer instance.
    fn field_constructor(&self) -> Option<FieldConstructor> {
        self.field_constructor
            .get_or_init(|| {
                let info = self.info;
                if info.anonymous_or_local
                    || self.outer_instance()
                    || info.access & (ABSTRACT | INTERFACE) != 0
                {
                    None
                } else {
                    crate::field_constructor::field_constructor(self.class, self.class_name)
                }
            })
            .clone()
    }

    /// A constructor's parameters it stores in fields of the new object (`this.a = a`),
    /// each field once (the first store).
    fn param_fields(
        &self,
        stores: &[(mimic_classfile::MemberRef, Origin)],
        desc: &MethodDescriptor,
    ) -> Vec<ParamField> {
        let mut out: Vec<ParamField> = Vec::new();
        for (field, value) in stores {
            let Origin::Param(i) = value else { continue };
            let Some(FieldType::Object(t)) = desc.params.get(*i as usize) else {
                continue;
            };
            if !out.iter().any(|p| p.field == field.name) {
                out.push(ParamField {
                    index: *i,
                    field: field.name.clone(),
                    declared_type: t.clone(),
                    mock: self.mockable_type(t).is_ok(),
                });
            }
        }
        out
    }

    /// The fields the method reads directly on the collaborators its mockable calls are
    /// made on (each once): a test must give the mock the recorded values.
    fn collaborator_fields(
        &self,
        reads: &[FieldRead],
        desc: &MethodDescriptor,
        calls: &[MockableCall],
        param_fields: &[ParamField],
    ) -> Vec<CollaboratorField> {
        let mut out: Vec<CollaboratorField> = Vec::new();
        for r in reads {
            let Ok(receiver) = self.receiver(&r.receiver, desc) else {
                continue;
            };
            // A collaborator the method calls, or one a constructor stores that its test
            // passes as a mock (JEXL's `TemplateEngine(Engine jexl, …)` reads
            // `jexl.cacheFactory` and `jexl.logger` before storing it).
            let stored_mock = matches!(&receiver, Receiver::Param { index, .. }
                if param_fields.iter().any(|p| p.mock && p.index == *index));
            let mocked = stored_mock || calls.iter().any(|c| c.receiver == receiver);
            let field = CollaboratorField {
                receiver,
                name: r.field.name.clone(),
                descriptor: r.field.descriptor.clone(),
            };
            if mocked && !out.contains(&field) {
                out.push(field);
            }
        }
        out
    }

    /// Add the static fields of this class's hierarchy that `code` reads and the program
    /// may change: neither `final` nor synthetic. A class's own hierarchy only: it is
    /// initialised before its methods run, so the recorder may read them on entry without
    /// running a static initialiser early; other classes' statics are left to the run.
    fn add_static_reads(&self, code: &CodeAttribute, out: &mut Vec<StaticRead>) {
        let cp = &self.class.constant_pool;
        for ins in decode(&code.code).unwrap_or_default() {
            let (GETSTATIC, Operand::Pool(i)) = (ins.opcode, &ins.operand) else {
                continue;
            };
            let Ok(r) = cp.member_ref(*i) else { continue };
            let own = r.owner == self.class_name
                || (self.index.get(&r.owner).is_some()
                    && self.index.is_subtype(self.class_name, &r.owner));
            let mutable = self
                .index
                .find_field(&r.owner, &r.name)
                .is_some_and(|(_, f)| f.is_static() && f.access & (FINAL | SYNTHETIC) == 0);
            let read = StaticRead {
                class: dotted(&r.owner),
                name: r.name,
                descriptor: r.descriptor,
            };
            if own && mutable && !out.contains(&read) {
                out.push(read);
            }
        }
    }

    /// The first reason no call of the method is mockable (for `--explain`).
    fn why_no_mockable_call(&self, method: &Member, descriptor: &str) -> String {
        let Some(code) = code_of(self.class, method) else {
            return "no code".into();
        };
        let Ok(desc) = MethodDescriptor::parse(descriptor) else {
            return "bad descriptor".into();
        };
        let entry = entry_frame(
            method.has_flag(STATIC),
            &desc,
            code.max_locals,
            None,
            Origin::This,
        );
        let Ok(found) = calls(self.class, &code, entry) else {
            return "not analysed".into();
        };
        let reasons: Vec<String> = found
            .iter()
            .filter_map(|c| self.mockable(c, &desc, self.class, &code).err())
            .collect();
        if reasons.is_empty() {
            return "no virtual or interface calls".into();
        }
        let mut counts: Vec<(String, usize)> = Vec::new();
        for r in reasons {
            match counts.iter_mut().find(|(k, _)| *k == r) {
                Some((_, n)) => *n += 1,
                None => counts.push((r, 1)),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let parts: Vec<String> = counts.iter().map(|(r, n)| format!("{n}× {r}")).collect();
        format!("no mockable call: {}", parts.join("; "))
    }

    /// The receiver of a call, if it is a field of `this`, a static field of this class, or
    /// a parameter; with its declared type.
    fn receiver(&self, origin: &Origin, mut_desc: &MethodDescriptor) -> Result<Receiver, String> {
        match origin {
            Origin::Param(i) => match mut_desc.params.get(*i as usize) {
                Some(FieldType::Object(t)) => Ok(Receiver::Param {
                    index: *i,
                    declared_type: t.clone(),
                }),
                Some(_) => Err("receiver is an array parameter".into()),
                None => Err("receiver is an unknown parameter".into()),
            },
            Origin::Field {
                name, descriptor, ..
            } => match FieldType::parse(descriptor) {
                Ok(FieldType::Object(t)) => Ok(Receiver::Field {
                    name: name.clone(),
                    declared_type: t,
                    is_static: false,
                }),
                _ => Err("receiver is a field of array type".into()),
            },
            Origin::StaticField {
                owner,
                name,
                descriptor,
            } => {
                let declaring = self
                    .index
                    .find_field(owner, name)
                    .map(|(c, _)| c.name.clone())
                    .unwrap_or(owner.clone());
                if !self.index.is_subtype(self.class_name, &declaring) {
                    return Err("receiver is a static field of another class".into());
                }
                // A test cannot put a mock in a `static final` field (nor would the JIT
                // see it there).
                if self
                    .index
                    .find_field(owner, name)
                    .is_some_and(|(_, f)| f.access & FINAL != 0)
                {
                    return Err("receiver is a static final field".into());
                }
                match FieldType::parse(descriptor) {
                    Ok(FieldType::Object(t)) => Ok(Receiver::Field {
                        name: name.clone(),
                        declared_type: t,
                        is_static: true,
                    }),
                    _ => Err("receiver is a static field of array type".into()),
                }
            }
            Origin::This => Err("receiver is this".into()),
            Origin::Result(_) => Err("receiver is the result of a call".into()),
            Origin::Unknown | Origin::New(_) | Origin::MaybeResult(_) => {
                Err("receiver is a local object or a computed value".into())
            }
        }
    }

    /// Can Mockito 5 mock `t`, and can a test in the MUT's package name it?
    fn mockable_type(&self, t: &str) -> Result<(), String> {
        if t == self.class_name {
            return Err("receiver type is the MUT's own class".into());
        }
        if !self.project.contains(t) {
            return if self.all && self.service_interface(t) {
                Ok(())
            } else {
                Err("receiver type is not a project type".into())
            };
        }
        let Some(info) = self.index.get(t) else {
            return Err("receiver type is not on the classpath".into());
        };
        if info.is_enum() {
            return Err("receiver type is an enum".into());
        }
        if info.is_value_type() {
            return Err(
                "receiver type is a value object (record or immutable class with equals)".into(),
            );
        }
        if info.sealed {
            return Err("receiver type is sealed".into());
        }
        if info.anonymous_or_local {
            return Err("receiver type is anonymous or local".into());
        }
        if !info.accessible_from(package_of(self.class_name)) {
            return Err("receiver type is not accessible from the MUT's package".into());
        }
        if let Some(base) = self.jdk_container_base(t) {
            return Err(format!(
                "receiver type extends {}: data, rebuilt with its contents, not mocked",
                dotted(&base)
            ));
        }
        Ok(())
    }

    /// The JDK collection or map class `t` extends, when one that holds elements
    /// (`java/util/ArrayList`, not `java/util/AbstractList`): such a class is data.
    fn jdk_container_base(&self, t: &str) -> Option<String> {
        let mut current = self.index.get(t)?.super_name.clone()?;
        for _ in 0..64 {
            if current.starts_with("java/") || current.starts_with("javax/") {
                let container = self.index.is_subtype(&current, "java/util/Collection")
                    || self.index.is_subtype(&current, "java/util/Map");
                let stateless =
                    current == "java/lang/Object" || current.starts_with("java/util/Abstract");
                return (container && !stateless).then_some(current);
            }
            current = self.index.get(&current)?.super_name.clone()?;
        }
        None
    }

    /// A public interface of a library or the JDK that stands for a service rather than
    /// a value (`java.sql.Connection`, `javax.sql.DataSource`), outside [`REAL_PACKAGES`].
    fn service_interface(&self, t: &str) -> bool {
        !REAL_PACKAGES.iter().any(|p| t.starts_with(p))
            && self
                .index
                .hierarchy()
                .class(t)
                .is_some_and(|c| c.is_interface() && c.access & PUBLIC != 0)
    }

    /// The calls made on objects that earlier mockable calls returned, when each such
    /// object is only ever the receiver of mockable calls or passed to them (the thesis's
    /// tree of mocks: `connection.prepareStatement(…)` answers a statement the MUT calls
    /// `executeQuery()` on, which answers a result set it reads): they join `calls` (in
    /// bytecode order), the calls whose results a test answers with a mock get
    /// `returns_mock`, and every argument that is one of the test's mocks a
    /// [`MockArg`]. An object used any other way ([`crate::origins::Analysis::escapes`],
    /// a call that is not mockable, a merge with other values) stays a recorded value.
    fn chain(
        &self,
        found: &[Call],
        escapes: &BTreeSet<u32>,
        mut_desc: &MethodDescriptor,
        class: &ClassFile,
        code: &CodeAttribute,
        calls: &mut Vec<MockableCall>,
    ) {
        let ret_of = |descriptor: &str| match MethodDescriptor::parse(descriptor).map(|d| d.ret) {
            Ok(Some(FieldType::Object(t))) => Some(t),
            _ => None,
        };
        // The producers: mockable calls on objects of the program, by offset, with the
        // type their result is declared as.
        let direct: BTreeMap<u32, String> = calls
            .iter()
            .filter(|c| !c.receiver.is_environment())
            .filter_map(|c| ret_of(&c.descriptor).map(|t| (c.offset, t)))
            .collect();
        let on_program: BTreeSet<u32> = calls
            .iter()
            .filter(|c| !c.receiver.is_environment())
            .map(|c| c.offset)
            .collect();
        let mut escaped = escapes.clone();
        let mut chained: Vec<(MockableCall, String)>;
        // Every producer's declared result type, and every mockable call's offset.
        let mut producers: BTreeMap<u32, String>;
        let mut mockable: BTreeSet<u32>;
        loop {
            // Calls on the results of producers, chains of chains included.
            producers = direct.clone();
            chained = Vec::new();
            loop {
                let mut added = false;
                for c in found {
                    let Some(Origin::Result(p)) = &c.receiver else {
                        continue;
                    };
                    if escaped.contains(p) || chained.iter().any(|(m, _)| m.offset == c.offset) {
                        continue;
                    }
                    let Some(declared) = producers.get(p) else {
                        continue;
                    };
                    if let Ok((call, mock_type)) = self.chained_call(c, *p, declared, class, code) {
                        if let Some(t) = ret_of(&call.descriptor) {
                            producers.insert(c.offset, t);
                        }
                        chained.push((call, mock_type));
                        added = true;
                    }
                }
                if !added {
                    break;
                }
            }
            // Any other use of a producer's result: a call on it that is not mockable, an
            // argument of a call that is not, a result whose type cannot be mocked.
            mockable = on_program.clone();
            mockable.extend(chained.iter().map(|(m, _)| m.offset));
            let mut now = escaped.clone();
            for c in found {
                match &c.receiver {
                    Some(Origin::Result(_)) if mockable.contains(&c.offset) => {}
                    Some(r) => now.extend(r.results()),
                    None => {}
                }
                for a in &c.args {
                    match a {
                        Origin::Result(p) if mockable.contains(&c.offset) => {
                            if producers
                                .get(p)
                                .cloned()
                                .is_none_or(|t| self.mockable_type(&t).is_err())
                            {
                                now.insert(*p);
                            }
                        }
                        a => now.extend(a.results()),
                    }
                }
            }
            if now == escaped {
                break;
            }
            escaped = now;
        }
        // The mock each producer answers: the type a cast named on it, if its calls agree
        // on one, else its declared result type.
        let mut mock_types: BTreeMap<u32, String> = BTreeMap::new();
        for (call, mock_type) in &chained {
            if let Receiver::Result { call: p, .. } = &call.receiver {
                mock_types
                    .entry(*p)
                    .and_modify(|t| {
                        if self.index.is_subtype(mock_type, t) {
                            *t = mock_type.clone();
                        }
                    })
                    .or_insert_with(|| mock_type.clone());
            }
        }
        // A producer whose result is only passed on answers a mock of its declared type.
        for c in found.iter().filter(|c| mockable.contains(&c.offset)) {
            for a in &c.args {
                if let Origin::Result(p) = a {
                    if !escaped.contains(p) && !mock_types.contains_key(p) {
                        if let Some(t) = producers.get(p) {
                            mock_types.insert(*p, t.clone());
                        }
                    }
                }
            }
        }
        calls.extend(chained.into_iter().map(|(mut call, _)| {
            if let Receiver::Result {
                call: p,
                declared_type,
            } = &mut call.receiver
            {
                *declared_type = mock_types[p].clone();
            }
            call
        }));
        calls.sort_by_key(|c| c.offset);
        // The mocks, and the arguments that are mocks.
        let receivers: Vec<Receiver> = calls
            .iter()
            .filter(|c| !c.receiver.is_environment())
            .map(|c| c.receiver.clone())
            .collect();
        for call in calls.iter_mut() {
            if let Some(t) = mock_types.get(&call.offset) {
                call.returns_mock = Some(dotted(t));
            }
            if call.receiver.is_environment() {
                continue;
            }
            let Some(c) = found.iter().find(|c| c.offset == call.offset) else {
                continue;
            };
            for (i, a) in c.args.iter().enumerate() {
                let mock = match a {
                    Origin::Result(p) => mock_types.get(p).map(|t| Receiver::Result {
                        call: *p,
                        declared_type: t.clone(),
                    }),
                    a => self
                        .receiver(a, mut_desc)
                        .ok()
                        .filter(|r| receivers.contains(r)),
                };
                if let Some(mock) = mock {
                    call.mock_args.push(MockArg {
                        index: i as u16,
                        mock,
                    });
                }
            }
        }
    }

    /// A call on the object the mockable call at `producer` returned (declared as
    /// `declared`), if a test can stub it on a mock: with the type to mock (a cast's, when
    /// the call names a subtype).
    fn chained_call(
        &self,
        c: &Call,
        producer: u32,
        declared: &str,
        class: &ClassFile,
        code: &CodeAttribute,
    ) -> Result<(MockableCall, String), String> {
        if c.opcode != INVOKEVIRTUAL && c.opcode != INVOKEINTERFACE {
            return Err("not a virtual or interface call".into());
        }
        if UNSTUBBABLE.contains(&c.callee.name.as_str()) {
            return Err(format!("Mockito cannot stub {}", c.callee.name));
        }
        let owner = &c.callee.owner;
        let mock_type = if owner != declared && self.index.is_subtype(owner, declared) {
            owner.clone()
        } else {
            declared.to_string()
        };
        self.mockable_type(&mock_type)?;
        let receiver = Receiver::Result {
            call: producer,
            declared_type: mock_type.clone(),
        };
        Ok((self.virtual_call(c, class, code, receiver), mock_type))
    }

    /// The plan's entry for the `invokevirtual`/`invokeinterface` `c` made on `receiver`,
    /// in `code` of `class` (the MUT's, or a helper's of another class).
    fn virtual_call(
        &self,
        c: &Call,
        class: &ClassFile,
        code: &CodeAttribute,
        receiver: Receiver,
    ) -> MockableCall {
        let access = self.access_of(&c.callee.owner, &c.callee.name, &c.callee.descriptor);
        MockableCall {
            offset: c.offset,
            line: code.line_of(&class.constant_pool, c.offset as u16),
            owner: dotted(&c.callee.owner),
            name: c.callee.name.clone(),
            descriptor: c.callee.descriptor.clone(),
            instruction: if c.opcode == INVOKEINTERFACE {
                "invokeinterface"
            } else {
                "invokevirtual"
            }
            .into(),
            receiver,
            returns: returns_of(self.index, &c.callee.descriptor),
            new_offset: None,
            returns_mock: None,
            // What a method reference's caller does with the result is not this code's.
            discarded: !c.method_reference
                && result_discarded(code, c.offset, &c.callee.descriptor),
            mock_args: Vec::new(),
            method_reference: c.method_reference,
            package_private: access.is_some_and(|a| a & (PUBLIC | PROTECTED | PRIVATE) == 0),
            protected: access.is_some_and(|a| a & PROTECTED != 0),
        }
    }

    /// The access flags of the method `owner.name descriptor` resolves to; `None` when it
    /// does not resolve (taken as visible).
    fn access_of(&self, owner: &str, name: &str, descriptor: &str) -> Option<u16> {
        let hierarchy = self.index.hierarchy();
        let resolved = hierarchy
            .resolve_method(owner, name, descriptor)
            .or_else(|_| hierarchy.resolve_interface_method(owner, name, descriptor));
        resolved.ok().map(|r| r.method().access)
    }

    fn mockable(
        &self,
        c: &Call,
        mut_desc: &MethodDescriptor,
        class: &ClassFile,
        code: &CodeAttribute,
    ) -> Result<MockableCall, String> {
        if c.opcode != INVOKEVIRTUAL && c.opcode != INVOKEINTERFACE {
            return Err("not a virtual or interface call".into());
        }
        let receiver = self.receiver(c.receiver.as_ref().ok_or("static call")?, mut_desc)?;
        let (Receiver::Field { declared_type, .. } | Receiver::Param { declared_type, .. }) =
            &receiver
        else {
            return Err("not a call on an object of the program".into());
        };
        let declared = declared_type.clone();
        self.mockable_type(&declared)?;
        if UNSTUBBABLE.contains(&c.callee.name.as_str()) {
            return Err(format!("Mockito cannot stub {}", c.callee.name));
        }
        Ok(self.virtual_call(c, class, code, receiver))
    }

    /// The call as an environment interaction, if its method is one
    /// ([`mimic_plan::environment`]), whatever object it is made on.
    fn environment(&self, c: &Call, code: &CodeAttribute) -> Option<MockableCall> {
        let e = environment::lookup(&c.callee.owner, &c.callee.name, &c.callee.descriptor)?;
        if (c.opcode == INVOKESTATIC) != e.is_static {
            return None;
        }
        // A constructor (`new Date()`): the site is the `new` … `invokespecial` pair.
        // Bridged only in javac's shape, `new; dup; <arguments without a branch>; <init>`:
        // a stack map frame inside the arguments would name the object the bridge creates.
        let new_offset = match (c.callee.name.as_str(), &c.receiver) {
            ("<init>", Some(Origin::New(at))) if c.opcode == INVOKESPECIAL => Some(*at),
            ("<init>", _) => return None,
            _ => None,
        };
        if let Some(at) = new_offset {
            if !bridgeable_new(self.class, code, at, c.offset) {
                return None;
            }
        }
        Some(MockableCall {
            new_offset,
            returns_mock: None,
            discarded: false,
            mock_args: Vec::new(),
            method_reference: false,
            package_private: false,
            protected: false,
            offset: c.offset,
            line: self.line(code, c.offset),
            owner: dotted(&c.callee.owner),
            name: c.callee.name.clone(),
            descriptor: c.callee.descriptor.clone(),
            instruction: match c.opcode {
                INVOKESTATIC => "invokestatic",
                INVOKEINTERFACE => "invokeinterface",
                INVOKESPECIAL => "new",
                _ => "invokevirtual",
            }
            .into(),
            receiver: Receiver::Environment {
                category: e.category,
                key: e.key.to_string(),
            },
            returns: if new_offset.is_some() {
                Returns::Object
            } else {
                returns_of(self.index, &c.callee.descriptor)
            },
        })
    }

    /// Is `c` a call of a method of this class on `this`, or a static one (a helper that
    /// runs as part of the method under test)? Named after this class, a project
    /// superclass (in an inherited helper's body, `BaseParser.parseCOSName`, its own
    /// calls on `this` name the superclass) or a subclass (in an override's body, whose
    /// `this` is the same object).
    fn is_helper_call(&self, c: &Call) -> bool {
        let on_this = match c.opcode {
            INVOKESTATIC => true,
            INVOKESPECIAL | INVOKEVIRTUAL => c.receiver == Some(Origin::This),
            _ => false,
        };
        let static_helper = c.opcode == INVOKESTATIC;
        on_this
            && !c.callee.name.starts_with('<')
            && (c.callee.owner == self.class_name
                || (c.opcode != INVOKESPECIAL
                    && self.index.is_subtype(self.class_name, &c.callee.owner))
                || (!static_helper && self.index.is_subtype(&c.callee.owner, self.class_name)))
    }

    /// Is `c` a `super.m(…)` call (`invokespecial` on `this` of a superclass's method)?
    /// Bound statically and run on the same object, the superclass's body is a helper
    /// like a private method of the class: a visitor's override that walks on through
    /// `super.visit(node, arg)` makes the calls in it.
    fn is_super_call(&self, c: &Call) -> bool {
        c.opcode == INVOKESPECIAL
            && c.receiver == Some(Origin::This)
            && c.callee.owner != self.class_name
            && !c.callee.name.starts_with('<')
            && self.index.is_subtype(self.class_name, &c.callee.owner)
    }

    /// A method of this class as a walk's `seen` set holds it.
    fn key(&self, name: &str, descriptor: &str) -> MethodRef {
        MethodRef {
            class: dotted(self.class_name),
            method: name.to_string(),
            descriptor: descriptor.to_string(),
        }
    }

    /// The class file and method index of what `c` calls when it is code of another
    /// project class that runs as part of the MUT: a static method (found in the named
    /// class or a superclass) or a constructor, with code.
    fn other_class_callee(&self, c: &Call) -> Option<(&'a ClassFile, usize)> {
        let constructor = c.opcode == INVOKESPECIAL && c.callee.name == "<init>";
        if !(c.opcode == INVOKESTATIC || constructor) || c.callee.owner == self.class_name {
            return None;
        }
        let (class, i) =
            self.index
                .method_with_code(&c.callee.owner, &c.callee.name, &c.callee.descriptor)?;
        (class.methods[i].has_flag(STATIC) != constructor).then_some((class, i))
    }

    /// The helper bodies `c` may run (in this class, or with `other_classes` a static
    /// method or constructor of another project class): each one's class file,
    /// reference, code, the calls in it (its parameters' origins from `args` when given)
    /// and the receiver classes it runs for ([`HelperBody::only_in`]). In another class,
    /// `this` is no object of the MUT's. `context`: the receiver classes the calling body
    /// runs for (empty: any).
    fn helper_calls(
        &self,
        c: &Call,
        args: Option<&[Origin]>,
        other_classes: bool,
        context: &[String],
    ) -> Vec<HelperBody<'a>> {
        // The method the named class has or inherits, with code.
        let named = || {
            self.index
                .method_with_code(&c.callee.owner, &c.callee.name, &c.callee.descriptor)
        };
        let mut bodies: Vec<(&'a ClassFile, usize, Origin, Vec<String>)> = Vec::new();
        if self.is_helper_call(c) {
            // Named after a subclass: the call is in an override's body (below), whose
            // `this` is an object of that subclass.
            let below = c.callee.owner != self.class_name
                && self.index.is_subtype(&c.callee.owner, self.class_name);
            // A virtual call on `this` runs this class's override if it has one; a static
            // one, the method of the class it names.
            let own = (!below && (c.opcode != INVOKESTATIC || c.callee.owner == self.class_name))
                .then(|| self.class.find_method(&c.callee.name, &c.callee.descriptor))
                .flatten();
            let primary = match own {
                Some(i) => Some((self.class, i)),
                // Inherited from a project superclass (`skipSpaces()` of a parser's
                // `BaseParser`): its body runs on this object as the class's own
                // helpers do, and makes its calls on the same mocks.
                None => named(),
            };
            let primary_only_in = if below {
                self.classes_below(&c.callee.owner, context)
            } else {
                Some(context.to_vec())
            };
            if let (Some((class, i)), Some(only_in)) = (primary, primary_only_in) {
                bodies.push((class, i, Origin::This, only_in));
            }
            if matches!(c.opcode, INVOKEVIRTUAL | INVOKEINTERFACE) {
                // A template method's step: the overrides in the project's subclasses
                // run for objects of those classes (class hierarchy analysis), and make
                // their calls on the same mocks.
                let base = if below {
                    c.callee.owner.as_str()
                } else {
                    self.class_name
                };
                for (class, i, only_in) in self.overrides(c, base, primary, context) {
                    bodies.push((class, i, Origin::This, only_in));
                }
            }
        } else if self.is_super_call(c) {
            if let Some((class, i)) = named() {
                bodies.push((class, i, Origin::This, context.to_vec()));
            }
        } else if other_classes {
            if let Some((class, i)) = self.other_class_callee(c) {
                bodies.push((class, i, Origin::Unknown, context.to_vec()));
            }
        }
        bodies
            .into_iter()
            .filter_map(|(class, index, this, only_in)| {
                let helper = &class.methods[index];
                let code = code_of(class, helper)?;
                let hdesc = MethodDescriptor::parse(&c.callee.descriptor).ok()?;
                let this = if helper.has_flag(STATIC) {
                    Origin::Unknown
                } else {
                    this
                };
                let on_this = this == Origin::This;
                let entry =
                    entry_frame(helper.has_flag(STATIC), &hdesc, code.max_locals, args, this);
                let inner = if std::ptr::eq(class, self.class) {
                    self.analyse_own(&code, entry)
                } else if on_this && self.index.is_subtype(&class.name().ok()?, self.class_name) {
                    // An override's `this` is the receiver: its getters, inherited ones
                    // included, read its fields.
                    analyse_with_getters(
                        class,
                        &code,
                        entry,
                        crate::getters::getters_on_this(self.index, class),
                    )
                } else {
                    analyse(class, &code, entry)
                }
                .ok()?;
                let via = MethodRef {
                    class: dotted(&class.name().ok()?),
                    method: c.callee.name.clone(),
                    descriptor: c.callee.descriptor.clone(),
                };
                Some(HelperBody {
                    class,
                    via,
                    code,
                    inner,
                    only_in,
                })
            })
            .collect()
    }

    /// The concrete project classes at or below `class` that `context` allows (empty:
    /// all), dotted; `None` when there is none.
    fn classes_below(&self, class: &str, context: &[String]) -> Option<Vec<String>> {
        let out: Vec<String> = self
            .reads
            .concrete_below(class)
            .iter()
            .map(|c| dotted(c))
            .filter(|c| context.is_empty() || context.contains(c))
            .collect();
        (!out.is_empty()).then_some(out)
    }

    /// The bodies other than `primary` that a virtual call on `this` runs in the concrete
    /// project classes at or below `base` that `context` allows, each with those classes;
    /// none past [`MAX_OVERRIDING_CLASSES`] classes.
    fn overrides(
        &self,
        c: &Call,
        base: &str,
        primary: Option<(&'a ClassFile, usize)>,
        context: &[String],
    ) -> Vec<(&'a ClassFile, usize, Vec<String>)> {
        let Some(classes) = self.classes_below(base, context) else {
            return Vec::new();
        };
        if classes.len() > MAX_OVERRIDING_CLASSES {
            return Vec::new();
        }
        let mut out: Vec<(&'a ClassFile, usize, Vec<String>)> = Vec::new();
        for class in classes {
            let Some((body, i)) = self.index.method_with_code(
                &class.replace('.', "/"),
                &c.callee.name,
                &c.callee.descriptor,
            ) else {
                continue;
            };
            if primary.is_some_and(|(p, pi)| std::ptr::eq(p, body) && pi == i) {
                continue;
            }
            match out
                .iter_mut()
                .find(|(b, bi, _)| std::ptr::eq(*b, body) && *bi == i)
            {
                Some((_, _, only_in)) => only_in.push(class),
                None => out.push((body, i, vec![class])),
            }
        }
        out
    }

    /// Walk the helpers the MUT calls ([`HELPER_DEPTH`] calls deep, each once, depth
    /// first): those `follow` accepts, with their parameters' origins when `with_args`;
    /// `visit` sees each one's class file, reference, code and the calls in it.
    fn walk_helpers(
        &self,
        found: &[Call],
        depth: usize,
        context: &[String],
        seen: &mut HashSet<MethodRef>,
        policy: &HelperWalk,
        visit: &mut VisitHelper<'_, 'a>,
    ) {
        if depth >= HELPER_DEPTH {
            return;
        }
        if policy.other_classes {
            // Every call of another class's code counts, followed or not.
            for c in found {
                if self.is_helper_call(c) || self.is_super_call(c) {
                    continue;
                }
                let Some(Ok(owner)) = self.other_class_callee(c).map(|(class, _)| class.name())
                else {
                    continue;
                };
                let key = MethodRef {
                    class: dotted(&owner),
                    method: c.callee.name.clone(),
                    descriptor: c.callee.descriptor.clone(),
                };
                let mut args_of = policy.args_of.borrow_mut();
                let first = args_of.entry(key.clone()).or_insert_with(|| c.args.clone());
                if *first != c.args {
                    policy.ambiguous.borrow_mut().insert(key);
                }
            }
        }
        for c in found {
            if !(policy.follow)(c) {
                continue;
            }
            let args = policy.with_args.then_some(c.args.as_slice());
            for body in self.helper_calls(c, args, policy.other_classes, context) {
                if !seen.insert(body.via.clone()) {
                    continue;
                }
                visit(&body);
                self.walk_helpers(
                    &body.inner.calls,
                    depth + 1,
                    &body.only_in,
                    seen,
                    policy,
                    visit,
                );
            }
        }
    }

    /// Mockable calls inside the helpers whose arguments carry the MUT's mockable objects.
    fn deeper(
        &self,
        found: &[Call],
        mut_desc: &MethodDescriptor,
        seen: &mut HashSet<MethodRef>,
        out: &mut Vec<DeeperCall>,
    ) {
        let policy = HelperWalk {
            follow: &|c| {
                c.args
                    .iter()
                    .any(|a| !a.is_unknown() && !matches!(a, Origin::This | Origin::Result(_)))
                    || c.receiver == Some(Origin::This)
            },
            with_args: true,
            other_classes: true,
            args_of: RefCell::default(),
            ambiguous: RefCell::default(),
        };
        let mut found_deeper = Vec::new();
        self.walk_helpers(found, 0, &[], seen, &policy, &mut |body| {
            let other_class = body.via.class != dotted(self.class_name);
            let mut calls = Vec::new();
            for c in &body.inner.calls {
                // Another class's code names the type it takes (`java.io.Closeable`):
                // a mock of the field's own type must answer the call.
                if other_class && !self.project.contains(&c.callee.owner) {
                    continue;
                }
                if let Ok(call) = self.mockable(c, mut_desc, body.class, &body.code) {
                    calls.push(call);
                }
            }
            // The helper's own tree of mocks: calls on what its mocked calls answer
            // (`collector.collectEvents().consume()`), as in the method's body.
            if !calls.is_empty() {
                self.chain(
                    &body.inner.calls,
                    &body.inner.escapes,
                    mut_desc,
                    body.class,
                    &body.code,
                    &mut calls,
                );
            }
            found_deeper.extend(calls.into_iter().map(|call| DeeperCall {
                via: body.via.clone(),
                call,
                only_in: body.only_in.clone(),
            }));
        });
        let ambiguous = policy.ambiguous.borrow();
        out.extend(
            found_deeper
                .into_iter()
                .filter(|d| !ambiguous.contains(&d.via)),
        );
    }
}
