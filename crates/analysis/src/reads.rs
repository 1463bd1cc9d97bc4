//! What state a method under test may use (issue 15: capture what the invocation used,
//! not a fixed-depth snapshot): an access-path interpretation over [`mimic_flow`]. Each
//! reference is the set of paths it may be (`this.doc.trailer`, `param0.items`); every
//! `getfield` on such a value adds the field to the tree of its root ([`Reads`]), and
//! every use the analysis cannot see through marks the object whole: handed to the JDK,
//! to abstract or native code, to a lambda; written into a field of the receiver or an
//! argument that the state oracle may compare (of a JDK type: `compared_type`), stored
//! in an array or a static field, thrown.
//!
//! Calls the plan mocks (the method's own, and the deeper calls its helpers make on the
//! same mocks, whose summaries are then kept apart per set of such calls) use only the
//! identity of their receiver and arguments: the mock never reads them, and the call
//! oracle matches an object argument by type or identity (a JDK collection, array or
//! text by contents, which the recorder captures whatever the tree says below it). What
//! a direct mocked call returns is a root of its own ([`Root::Answer`]): the test's stub
//! answers with it, built as far as the method reads it.
//!
//! Calls into project methods with code (helpers, constructors, methods of
//! collaborators that are not mocked, inherited ones) are followed through a summary per
//! method — the trees of its receiver and parameters, and which of their paths it
//! returns — computed once and grafted under the caller's paths.
//!
//! Objects the method creates (`new`) are followed too (an abstract heap, one object
//! per `new` instruction): what is written into their fields, by the method or by their
//! constructor (followed like any method; its summary says which of its roots' fields
//! it wrote, and with what), is what a later read of those fields may be. So
//! `new Catalog(this).count()` uses of `this` what `count()` reads through the field the
//! constructor stored it in, not the whole receiver. A followed method hands the objects
//! it created back to its caller (those it returns or writes into its roots' objects,
//! with what they hold), and a write into a field of a single object replaces what was
//! there. A created object is used whole only when it escapes to code that is not
//! followed (the JDK, an array, a thrown exception); then
//! everything written into it is whole. A created object returned by the method under
//! test or stored into its receiver is rebuilt by the test itself: the oracles compare
//! its literal fields, not what it holds.
//!
//! An array's elements are a path of their own (`items.[]`, from `aaload`): what is read
//! of the element loaded is read of every element, since the index is not known.
//!
//! A virtual call is followed into every method it may run in the project: the one each
//! concrete project class at or below the named class declares or inherits (class
//! hierarchy analysis), so an override's reads count too: up to [`MAX_TARGETS`] distinct
//! bodies, however many classes share them (JavaParser's hundreds of AST nodes share two
//! `getParentNodeForChildren()`).
//!
//! A lambda of the class handed straight to a JDK collection's `forEach`
//! (`observers.forEach(o -> o.propertyChange(this, …))`, an observer list) runs once per
//! element. When the collection is a path of the roots and following the lambda would
//! make more of them whole (it reached every observer implementation and took the
//! receiver and the arguments whole), the lambda is left out (what it captures needs only
//! to be there) and the collection's node is marked [`EACH_RUNS`]: the generator checks
//! the recorded collection was empty, so that nothing the lambda would have read is
//! missing. A lambda that costs nothing (`items.forEach(i -> sink.send(i))`, a mocked
//! call) is followed as before, and its invocations keep their tests whatever the list
//! held. Where a followed
//! method's such collection is, in its caller, one the caller created or a mock answered,
//! nothing can check it: that collection is used whole there (what the lambda captured
//! beyond it is not).
//!
//! A recursive call first assumes the method uses nothing, and the method is interpreted
//! again with what it was found to use until that stops growing ([`MAX_ROUNDS`]);
//! summaries computed on such an assumption are kept only for that round.
//!
//! It is an over-approximation by design; reflection is not seen (nor aliasing between
//! two paths of the roots). Paths stop growing at a repeated field or past
//! [`MAX_PATH`] fields (a linked structure), and a value that may be more than
//! [`MAX_PATHS`] paths is marked whole: the recorder then captures those objects whole,
//! within its usual limits. A root's tree keeps at most [`MAX_TREE`] nodes, in every
//! followed method's summary and in the plan ([`ReadNode::bound`]): a recursive
//! structure whose classes read many different fields of each other has more paths that
//! repeat no field than any test needs (FreeMarker's expressions: two million).

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use mimic_classfile::access::{ABSTRACT, INTERFACE, STATIC};
use mimic_classfile::bootstrap::{bootstrap_methods, lambda_target, REF_INVOKE_STATIC};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::constant_pool::MemberRef;
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::*;
use mimic_classfile::ClassFile;
use mimic_flow::{analyze, Frame, Interpreter};
use mimic_plan::{ReadNode, Reads, EACH_RUNS, ELEMENTS_READ};

use crate::ClassIndex;

/// Fields in a path before the object it reaches is captured whole.
pub const MAX_PATH: usize = 12;
/// Paths one value may be before they are all captured whole.
pub const MAX_PATHS: usize = 16;
/// Calls followed below the method under test.
pub const MAX_CALLS: usize = 32;
/// Interpretations of a recursive method before it is not followed.
pub const MAX_ROUNDS: usize = 4;
/// Method bodies interpreted for a whole plan before calls are no longer followed.
pub const MAX_WORK: usize = 500_000;
/// Distinct method bodies a virtual call may dispatch to before it is not followed.
pub const MAX_TARGETS: usize = 32;
/// Nodes a root's read tree keeps, in a followed method's summary and in the plan
/// ([`ReadNode::bound`]).
pub const MAX_TREE: usize = 2_000;
/// Concrete classes whose method a virtual call's dispatch looks up (a hierarchy of
/// hundreds of AST nodes that share two implementations of a method is followed into
/// those two) before it is not followed.
pub const MAX_DISPATCH_CLASSES: usize = 4096;

/// Where a path starts: a root of the method (0 the receiver, `i + 1` parameter `i`), an
/// object the method creates ([`Site`]), or, in a [`Summary`] only, the `i`-th object
/// the summarised method created and handed back (returned or written into a root's
/// object).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Root {
    Param(u16),
    Fresh(Site),
    Made(u16),
    /// What the method under test's mocked call at this offset returned: the stub's
    /// answer, a root the test builds like an argument.
    Answer(u32),
}

/// An object a method creates: the offset of its `new` and 0, or the offset of a call and
/// `i + 1` for the `i`-th object the callee created and handed back.
type Site = (u32, u16);

/// A root and the fields read from it in turn (none for a created object: its fields
/// are what the [`Heap`] says was written there).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Path {
    root: Root,
    fields: Vec<Rc<str>>,
}

impl Path {
    fn fresh(&self) -> Option<Site> {
        match self.root {
            Root::Fresh(site) => Some(site),
            Root::Param(_) | Root::Made(_) | Root::Answer(_) => None,
        }
    }
}

/// An object's field that was written.
type Written = (Path, Rc<str>);

/// What the method has written into fields so far on a path through its code: into the
/// objects it created and into its roots' objects. A read of such a field may be what
/// was written there (and, on a root's object, what was there before).
/// Shared between frames until one of them writes (most instructions write nothing).
#[derive(Debug, Clone, Default)]
struct Heap {
    /// Values behind `Rc`: frames share them, and equal ones compare by pointer first.
    written: Rc<BTreeMap<Written, Rc<Value>>>,
    /// Created objects handed to code that is not followed: what is written into them
    /// afterwards is used whole.
    escaped: Rc<BTreeSet<Site>>,
}

impl Heap {
    /// What was written into the fields of created object `site`.
    fn fields_of(&self, site: Site) -> impl Iterator<Item = (&Rc<str>, &Rc<Value>)> {
        self.written
            .iter()
            .filter(move |((o, _), _)| o.fresh() == Some(site))
            .map(|((_, f), v)| (f, v))
    }
}

impl PartialEq for Heap {
    fn eq(&self, other: &Heap) -> bool {
        (Rc::ptr_eq(&self.written, &other.written) || self.written == other.written)
            && (Rc::ptr_eq(&self.escaped, &other.escaped) || self.escaped == other.escaped)
    }
}

/// What a value may be: some paths (none: nothing of the roots' state), or `Top`:
/// derived from the roots in a way no longer tracked, its objects already marked whole.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Paths(BTreeSet<Path>),
    Top,
}

impl Value {
    fn none() -> Value {
        Value::Paths(BTreeSet::new())
    }

    fn root(root: u16) -> Value {
        Value::Paths(BTreeSet::from([Path {
            root: Root::Param(root),
            fields: Vec::new(),
        }]))
    }

    fn fresh(site: Site) -> Value {
        Value::Paths(BTreeSet::from([Path {
            root: Root::Fresh(site),
            fields: Vec::new(),
        }]))
    }

    /// The created objects it may be.
    fn sites(&self) -> impl Iterator<Item = Site> + '_ {
        let ps = match self {
            Value::Paths(ps) => Some(ps),
            Value::Top => None,
        };
        ps.into_iter().flatten().filter_map(Path::fresh)
    }
}

/// A method's use of its roots, relative to them: the trees (index as in
/// [`Root::Param`]), the paths it returns, and the fields of its roots' objects it
/// writes, with what (`(object, field, value, compared)`: [`compared_type`]).
#[derive(Debug, PartialEq)]
struct Summary {
    roots: Vec<ReadNode>,
    used: Vec<bool>,
    returns: Value,
    stores: Vec<(Path, Rc<str>, Value, bool)>,
    /// What each object it created and handed back ([`Root::Made`]) holds.
    made: Vec<Vec<(Rc<str>, Value)>>,
}

impl Summary {
    /// What a recursive method is first assumed to use: nothing.
    fn nothing(roots: usize) -> Summary {
        Summary {
            roots: vec![ReadNode::default(); roots],
            used: vec![false; roots],
            returns: Value::none(),
            stores: Vec::new(),
            made: Vec::new(),
        }
    }
}

/// A method whose summary is being computed: what its recursive calls are assumed to
/// use meanwhile, whether one was met, and the outermost such method below which a
/// recursive call used an assumption (a summary resting on it is kept for that round
/// only).
struct Computing {
    key: MethodKey,
    assumed: Rc<Summary>,
    recursed: bool,
    rests_on: Option<usize>,
    /// Which interpretation of the method this is (unique over the analysis).
    round: u64,
}

/// A summary that rests on the assumption of the method at this depth of the stack, in
/// this round of it: good for as long as that round lasts.
type Provisional = (usize, u64, Option<Rc<Summary>>);
/// A method (class, name, descriptor) and the offsets of the calls in it a test answers
/// with a mock (a deeper call of the method under test: the helper's calls on its
/// mocked objects), which use only the identity of what they are given.
type MethodKey = (String, String, String, Rc<BTreeSet<u32>>);
/// The deeper calls of the method under test, by the method they are in (class, name,
/// descriptor).
pub type DeeperOffsets = HashMap<(String, String, String), Rc<BTreeSet<u32>>>;

/// The calls of a method under test that a test answers with a mock.
#[derive(Debug, Default)]
pub struct MockedCalls {
    /// Its own mockable calls, by offset.
    pub direct: BTreeSet<u32>,
    /// Those of them whose answer is a recorded value (not the environment's, whose
    /// answers are replayed): each a [`Root::Answer`].
    pub answered: BTreeSet<u32>,
    /// Its deeper calls, made in the methods it calls.
    pub deeper: DeeperOffsets,
}

/// The read analysis of one classpath: method summaries are computed once and shared by
/// every method under test.
pub struct ReadAnalysis<'i> {
    index: &'i ClassIndex,
    summaries: RefCell<HashMap<MethodKey, Option<Rc<Summary>>>>,
    /// The deeper calls of the method under test being analysed.
    deeper: RefCell<Rc<DeeperOffsets>>,
    /// The methods being computed, outermost first.
    active: RefCell<Vec<Computing>>,
    /// Method bodies interpreted so far (bounded by [`MAX_WORK`]).
    work: std::cell::Cell<usize>,
    /// Summaries resting on an assumption, for the round they were computed in.
    provisional: RefCell<HashMap<MethodKey, Provisional>>,
    rounds: std::cell::Cell<u64>,
    /// Direct subclasses and implementations of each class of the entries.
    subtypes: HashMap<&'i str, Vec<&'i str>>,
    /// The concrete project classes at or below a class, found once per class.
    concrete_below: RefCell<HashMap<String, Rc<Vec<&'i str>>>>,
}

impl<'i> ReadAnalysis<'i> {
    pub fn new(index: &'i ClassIndex) -> ReadAnalysis<'i> {
        let mut subtypes: HashMap<&str, Vec<&str>> = HashMap::new();
        for info in index.classes.values() {
            for parent in info.super_name.iter().chain(&info.interfaces) {
                subtypes
                    .entry(parent.as_str())
                    .or_default()
                    .push(info.name.as_str());
            }
        }
        subtypes.values_mut().for_each(|v| v.sort_unstable());
        ReadAnalysis {
            index,
            summaries: RefCell::new(HashMap::new()),
            deeper: RefCell::default(),
            active: RefCell::new(Vec::new()),
            work: std::cell::Cell::new(0),
            provisional: RefCell::new(HashMap::new()),
            rounds: std::cell::Cell::new(0),
            subtypes,
            concrete_below: RefCell::new(HashMap::new()),
        }
    }

    /// The concrete project classes that are `class` or below it.
    pub(crate) fn concrete_below(&self, class: &str) -> Rc<Vec<&'i str>> {
        if let Some(known) = self.concrete_below.borrow().get(class) {
            return known.clone();
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut todo: Vec<&str> = self
            .index
            .classes
            .get_key_value(class)
            .map(|(k, _)| k.as_str())
            .into_iter()
            .collect();
        while let Some(c) = todo.pop() {
            if !seen.insert(c) {
                continue;
            }
            if let Some(info) = self.index.get(c) {
                if info.access & (ABSTRACT | INTERFACE) == 0 && self.index.parsed.contains_key(c) {
                    out.push(c);
                }
            }
            todo.extend(self.subtypes.get(c).into_iter().flatten().copied());
        }
        out.sort_unstable();
        let out = Rc::new(out);
        self.concrete_below
            .borrow_mut()
            .insert(class.to_string(), out.clone());
        out
    }

    /// The summaries of every method a call may run: the one it names for
    /// `invokestatic`/`invokespecial`; for a virtual call, the one each concrete project
    /// class at or below the named class inherits or declares (class hierarchy
    /// analysis). `None` when one of them cannot be followed (the JDK's, abstract,
    /// native, too many, too deep, recursive).
    fn targets(&self, callee: &MemberRef, opcode: u8, depth: usize) -> Option<Vec<Rc<Summary>>> {
        if !matches!(opcode, INVOKEVIRTUAL | INVOKEINTERFACE) {
            let resolved = self.resolve(&callee.owner, &callee.name, &callee.descriptor)?;
            return self.summary(resolved, callee, depth).map(|s| vec![s]);
        }
        let classes = self.concrete_below(&callee.owner);
        if classes.is_empty() || classes.len() > MAX_DISPATCH_CLASSES {
            return None;
        }
        let mut bodies = Vec::new();
        let mut seen = HashSet::new();
        for c in classes.iter() {
            let resolved = self.resolve(c, &callee.name, &callee.descriptor)?;
            if seen.insert(resolved.0.name().ok()?) {
                if bodies.len() == MAX_TARGETS {
                    return None;
                }
                bodies.push(resolved);
            }
        }
        bodies
            .into_iter()
            .map(|resolved| self.summary(resolved, callee, depth))
            .collect()
    }

    /// The state `method` of `class` may use, given the calls a test answers with a
    /// mock. `None` when its code cannot be interpreted.
    pub fn reads(
        &self,
        class: &ClassFile,
        code: &CodeAttribute,
        is_static: bool,
        descriptor: &str,
        mocked: MockedCalls,
    ) -> Option<Reads> {
        let desc = MethodDescriptor::parse(descriptor).ok()?;
        *self.deeper.borrow_mut() = Rc::new(mocked.deeper);
        let mut interp = Paths::new(self, &desc, true, 0);
        interp.mocked = mocked.direct;
        interp.answered = mocked.answered;
        interp.lambdas = lambda_bodies(class, code);
        interp.each = for_each_calls(class, code, &interp.lambdas);
        let analysis = analyze(
            &mut interp,
            &class.constant_pool,
            code,
            entry(is_static, &desc, code.max_locals),
        )
        .ok()?;
        interp.finish(analysis.frames);
        let take = |i: usize| interp.used[i].then(|| bounded(interp.roots[i].clone()));
        Some(Reads {
            receiver: if is_static { None } else { take(0) },
            params: (0..desc.params.len()).map(|i| take(i + 1)).collect(),
            answers: std::mem::take(&mut interp.answers)
                .into_iter()
                .map(|(offset, tree)| (offset, bounded(tree)))
                .collect(),
        })
    }

    /// The summary of `callee` as resolved (a project class's method with code, by
    /// [`ReadAnalysis::resolve`]), if it can be followed.
    fn summary(
        &self,
        (class, index): (&'i ClassFile, usize),
        callee: &MemberRef,
        depth: usize,
    ) -> Option<Rc<Summary>> {
        if depth >= MAX_CALLS || callee.name == "<clinit>" {
            return None;
        }
        let method = (
            class.name().ok()?,
            callee.name.clone(),
            callee.descriptor.clone(),
        );
        let mocked = self
            .deeper
            .borrow()
            .get(&method)
            .cloned()
            .unwrap_or_default();
        let key = (method.0, method.1, method.2, mocked);
        if let Some(known) = self.summaries.borrow().get(&key) {
            return known.clone();
        }
        {
            // Recursion: the inner call uses what the method is assumed to use so far;
            // the method is interpreted again until that stops growing, and what was
            // computed between the two calls is kept for that round only.
            let mut active = self.active.borrow_mut();
            let top = active.len();
            let rest_on = |active: &mut Vec<Computing>, at: usize| {
                active[at].recursed = true;
                for c in &mut active[at + 1..top] {
                    c.rests_on = Some(c.rests_on.map_or(at, |r| r.min(at)));
                }
            };
            if let Some(at) = active.iter().position(|c| c.key == key) {
                rest_on(&mut active, at);
                return Some(active[at].assumed.clone());
            }
            // Computed earlier in the same round of the method it rests on.
            let provisional = self.provisional.borrow();
            if let Some((at, round, known)) = provisional.get(&key) {
                if active.get(*at).is_some_and(|c| c.round == *round) {
                    rest_on(&mut active, *at);
                    return known.clone();
                }
            }
        }
        let roots = MethodDescriptor::parse(&callee.descriptor)
            .ok()?
            .params
            .len()
            + 1;
        let mut assumed = Rc::new(Summary::nothing(roots));
        let mut result = None;
        let mut rests_on = None;
        for _ in 0..MAX_ROUNDS {
            self.rounds.set(self.rounds.get() + 1);
            self.active.borrow_mut().push(Computing {
                key: key.clone(),
                assumed: assumed.clone(),
                recursed: false,
                rests_on: None,
                round: self.rounds.get(),
            });
            let computed = self.compute(class, index, &callee.descriptor, depth, &key.3);
            let done = self.active.borrow_mut().pop().expect("pushed above");
            rests_on = done.rests_on;
            match computed {
                Some(c) if done.recursed && *c != *assumed => assumed = c,
                other => {
                    result = Some(other);
                    break;
                }
            }
        }
        // Still growing after MAX_ROUNDS: not followed.
        let result = result.flatten();
        let mut active = self.active.borrow_mut();
        match rests_on {
            // Rests on an outer method's assumption: its callers learn it, and it is
            // kept for that method's current round only.
            Some(at) => {
                let parent = active.len().checked_sub(1);
                if let Some(p) = parent.filter(|&p| at < p) {
                    let parent = &mut active[p];
                    parent.rests_on = Some(parent.rests_on.map_or(at, |r| r.min(at)));
                }
                if let Some(c) = active.get(at) {
                    self.provisional
                        .borrow_mut()
                        .insert(key, (at, c.round, result.clone()));
                }
            }
            None => {
                self.summaries.borrow_mut().insert(key, result.clone());
            }
        }
        result
    }

    fn compute(
        &self,
        class: &ClassFile,
        index: usize,
        descriptor: &str,
        depth: usize,
        mocked: &BTreeSet<u32>,
    ) -> Option<Rc<Summary>> {
        self.work.set(self.work.get() + 1);
        if self.work.get() > MAX_WORK {
            return None;
        }
        let method = &class.methods[index];
        let code = crate::targets::code_of(class, method)?;
        let desc = MethodDescriptor::parse(descriptor).ok()?;
        let is_static = method.has_flag(STATIC);
        let mut interp = Paths::new(self, &desc, false, depth);
        interp.mocked = mocked.clone();
        interp.lambdas = lambda_bodies(class, &code);
        interp.each = for_each_calls(class, &code, &interp.lambdas);
        interp.constructor = method
            .name(&class.constant_pool)
            .is_ok_and(|n| n == "<init>");
        let analysis = analyze(
            &mut interp,
            &class.constant_pool,
            &code,
            entry(is_static, &desc, code.max_locals),
        )
        .ok()?;
        if interp.exits.is_none() {
            // It never returns normally: what it wrote into the objects it created and
            // stored somewhere is not handed back, so it is used whole.
            let stored: Vec<Site> = (interp.stores.values())
                .flat_map(|(v, _)| v.sites())
                .collect();
            interp.lost.extend(stored);
        }
        interp.finish(analysis.frames);
        Some(Rc::new(interp.summary()))
    }

    /// The class file and method index `owner.name descriptor` resolves to among the
    /// parsed classes, searching superclasses; only methods with code.
    fn resolve(&self, owner: &str, name: &str, descriptor: &str) -> Option<(&'i ClassFile, usize)> {
        self.index.method_with_code(owner, name, descriptor)
    }
}

/// `tree` within [`MAX_TREE`] nodes.
fn bounded(mut tree: ReadNode) -> ReadNode {
    tree.bound(MAX_TREE);
    tree
}

/// The lambdas a method body creates whose bodies are `lambda$…` methods of its class,
/// static or bound to `this`: by `invokedynamic` offset, the invoke instruction that
/// calls the body and the body. Their captured values are its first arguments.
fn lambda_bodies(class: &ClassFile, code: &CodeAttribute) -> HashMap<u32, (u8, MemberRef)> {
    let mut out = HashMap::new();
    let Ok(bootstraps) = bootstrap_methods(class) else {
        return out;
    };
    if bootstraps.is_empty() {
        return out;
    }
    let Ok(name) = class.name() else {
        return out;
    };
    let Ok(insns) = decode(&code.code) else {
        return out;
    };
    for insn in insns {
        let (INVOKEDYNAMIC, Operand::Pool(index)) = (insn.opcode, &insn.operand) else {
            continue;
        };
        let Some(t) = lambda_target(&class.constant_pool, &bootstraps, *index) else {
            continue;
        };
        if t.method.owner != name || !t.method.name.starts_with("lambda$") {
            continue;
        }
        let opcode = match t.kind {
            REF_INVOKE_STATIC => INVOKESTATIC,
            _ => INVOKESPECIAL,
        };
        out.insert(insn.offset, (opcode, t.method));
    }
    out
}

/// The lambdas of `lambdas` handed straight to a JDK collection's or map's `forEach`
/// (the `invokedynamic` followed by the call, as javac compiles `xs.forEach(x -> …)`):
/// by `invokedynamic` offset, the offset of the `forEach` call.
fn for_each_calls(
    class: &ClassFile,
    code: &CodeAttribute,
    lambdas: &HashMap<u32, (u8, MemberRef)>,
) -> HashMap<u32, u32> {
    let mut out = HashMap::new();
    if lambdas.is_empty() {
        return out;
    }
    let Ok(insns) = decode(&code.code) else {
        return out;
    };
    for pair in insns.windows(2) {
        let [make, call] = pair else { continue };
        if !lambdas.contains_key(&make.offset)
            || !matches!(call.opcode, INVOKEVIRTUAL | INVOKEINTERFACE)
        {
            continue;
        }
        let (Operand::Pool(index) | Operand::Interface(index, _)) = &call.operand else {
            continue;
        };
        let Ok(callee) = class.constant_pool.member_ref(*index) else {
            continue;
        };
        if callee.name == "forEach"
            && callee.owner.starts_with("java/util/")
            && matches!(
                callee.descriptor.as_str(),
                "(Ljava/util/function/Consumer;)V" | "(Ljava/util/function/BiConsumer;)V"
            )
        {
            out.insert(make.offset, call.offset);
        }
    }
    out
}

/// Whether a field of type `descriptor` may be one the state oracle compares after the
/// call (the generator's `state_changes`: a receiver's field left holding a primitive,
/// string, boxed or enum value, or a collection or map of such): any JDK type, array or
/// primitive. A field declared as a project (or library) class or interface holds a
/// project object, which it never compares (an enum of the project is a literal,
/// recorded whatever the tree says): writing a root's object there does not make it
/// whole (Velocity's `cartridge.setRuntimeServices(rsvc)` took the whole runtime).
fn compared_type(descriptor: &str) -> bool {
    match descriptor.strip_prefix('L') {
        Some(class) => class.starts_with("java/") || class.starts_with("javax/"),
        None => true,
    }
}

/// The entry frame: the receiver is root 0, each reference parameter its own root;
/// nothing written yet.
fn entry(is_static: bool, desc: &MethodDescriptor, max_locals: u16) -> Frame<Value, Heap> {
    Frame::entry(
        (!is_static).then(|| Value::root(0)),
        desc,
        max_locals,
        |i| {
            if desc.params[i as usize].is_reference() {
                Value::root(i + 1)
            } else {
                Value::none()
            }
        },
        Value::none(),
    )
    .with_state(Heap::default())
}

/// The interpretation of one method body.
struct Paths<'a, 'i> {
    analysis: &'a ReadAnalysis<'i>,
    /// One tree per root, and whether the root is used at all.
    roots: Vec<ReadNode>,
    used: Vec<bool>,
    /// The method under test, whose result goes to an oracle (a followed method's
    /// flows back to its caller).
    is_mut: bool,
    /// The calls in this method a test answers with a mock: the method under test's
    /// mockable calls, or in a followed method the deeper calls made there.
    mocked: BTreeSet<u32>,
    /// The mocked calls whose answer is a recorded value (a [`Root::Answer`]).
    answered: BTreeSet<u32>,
    /// The trees of the mocked calls' answers ([`Root::Answer`]), by call offset.
    answers: BTreeMap<u32, ReadNode>,
    returns: Value,
    /// A followed method's writes into its roots' objects, for its caller to apply, and
    /// whether one of them was into a field the state oracle may compare
    /// ([`compared_type`]).
    stores: BTreeMap<(Path, Rc<str>), (Value, bool)>,
    /// Created objects merged into a value no longer tracked (too many paths): used
    /// whole once the interpretation is done, in every heap it reached.
    lost: BTreeSet<Site>,
    /// A constructor: its receiver is an object being created.
    constructor: bool,
    /// The heap where a followed method returns (all its returns merged).
    exits: Option<Heap>,
    depth: usize,
    /// The lambdas this body creates, by `invokedynamic` offset: their bodies
    /// (`lambda$…` methods of the class), followed as calls ([`lambda_bodies`]).
    lambdas: HashMap<u32, (u8, MemberRef)>,
    /// Those lambdas handed straight to a JDK `forEach`: by `invokedynamic` offset, the
    /// offset of that call ([`for_each_calls`]).
    each: HashMap<u32, u32>,
    /// Such a lambda made and not yet handed on: by the offset of its `forEach`, its
    /// body (with the invoke instruction that calls it), receiver and captured values.
    pending_each: HashMap<u32, PendingLambda>,
}

/// A lambda about to be handed to `forEach` ([`Paths::pending_each`]).
type PendingLambda = (u8, MemberRef, Option<Value>, Vec<Value>);

/// The state of a [`Paths`] before a lambda was followed ([`Paths::save`]).
struct Saved {
    roots: Vec<ReadNode>,
    used: Vec<bool>,
    answers: BTreeMap<u32, ReadNode>,
    stores: BTreeMap<(Path, Rc<str>), (Value, bool)>,
    lost: BTreeSet<Site>,
    heap: Heap,
    whole_nodes: usize,
}

impl<'a, 'i> Paths<'a, 'i> {
    fn new(
        analysis: &'a ReadAnalysis<'i>,
        desc: &MethodDescriptor,
        is_mut: bool,
        depth: usize,
    ) -> Paths<'a, 'i> {
        let n = desc.params.len() + 1;
        Paths {
            analysis,
            roots: vec![ReadNode::default(); n],
            used: vec![false; n],
            is_mut,
            mocked: BTreeSet::new(),
            answered: BTreeSet::new(),
            answers: BTreeMap::new(),
            returns: Value::none(),
            stores: BTreeMap::new(),
            lost: BTreeSet::new(),
            constructor: false,
            exits: None,
            depth,
            lambdas: HashMap::new(),
            each: HashMap::new(),
            pending_each: HashMap::new(),
        }
    }

    /// After the fixpoint: created objects that were lost in a merge are used whole,
    /// with what any path wrote into them.
    fn finish(&mut self, mut frames: Vec<Option<Frame<Value, Heap>>>) {
        if self.lost.is_empty() {
            return;
        }
        let lost: Vec<Site> = self.lost.iter().copied().collect();
        let mut seen = HashSet::new();
        // Every frame stays alive meanwhile, so no heap's address is reused.
        for frame in frames.iter_mut().flatten() {
            if !seen.insert(Rc::as_ptr(&frame.state.written)) {
                continue;
            }
            for &site in &lost {
                self.whole(&Value::fresh(site), &mut frame.state);
            }
        }
    }

    /// The followed method's summary, once interpreted: the objects it created that it
    /// hands back (returned, or written into its roots' objects, and what those hold in
    /// turn) become [`Root::Made`]; an object that escaped is not handed back (it was
    /// used whole).
    fn summary(mut self) -> Summary {
        let heap = self.exits.take().unwrap_or_default();
        let mut order: Vec<Site> = Vec::new();
        let mut todo: Vec<Site> = self.returns.sites().collect();
        todo.extend(self.stores.values().flat_map(|(v, _)| v.sites()));
        while let Some(site) = todo.pop() {
            if heap.escaped.contains(&site) || order.contains(&site) {
                continue;
            }
            order.push(site);
            todo.extend(heap.fields_of(site).flat_map(|(_, v)| v.sites()));
        }
        let rename = |v: &Value| -> Value {
            match v {
                Value::Top => Value::Top,
                Value::Paths(ps) => Value::Paths(
                    ps.iter()
                        .filter_map(|p| match p.fresh() {
                            None => Some(p.clone()),
                            Some(site) => order.iter().position(|&s| s == site).map(|i| Path {
                                root: Root::Made(i as u16),
                                fields: Vec::new(),
                            }),
                        })
                        .collect(),
                ),
            }
        };
        let made = order
            .iter()
            .map(|&site| {
                heap.fields_of(site)
                    .map(|(f, v)| (f.clone(), rename(v)))
                    .collect()
            })
            .collect();
        Summary {
            returns: rename(&self.returns),
            stores: self
                .stores
                .iter()
                .map(|((object, field), (value, compared))| {
                    (object.clone(), field.clone(), rename(value), *compared)
                })
                .collect(),
            made,
            roots: self.roots.into_iter().map(bounded).collect(),
            used: self.used,
        }
    }

    /// The tree node of a root's path (never a created object's: those have none).
    fn node(&mut self, p: &Path) -> &mut ReadNode {
        let mut n = match p.root {
            Root::Param(r) => {
                self.used[r as usize] = true;
                &mut self.roots[r as usize]
            }
            Root::Answer(offset) => self.answers.entry(offset).or_default(),
            Root::Fresh(_) | Root::Made(_) => unreachable!("a created object has no read tree"),
        };
        for f in &p.fields {
            // Most steps find the node there: no key is made for them.
            if !n.fields.contains_key(&**f) {
                n.fields.insert(f.to_string(), ReadNode::default());
            }
            n = n.fields.get_mut(&**f).expect("inserted above");
        }
        n
    }

    fn present(&mut self, v: &Value) {
        if let Value::Paths(ps) = v {
            for p in ps.iter().filter(|p| p.fresh().is_none()) {
                self.node(p);
            }
        }
    }

    /// The method tests the class of what `v` may be ([`ReadNode::typed`]).
    fn typed(&mut self, v: &Value) {
        if let Value::Paths(ps) = v {
            for p in ps.iter().filter(|p| p.fresh().is_none()) {
                self.node(p).typed = true;
            }
        }
    }

    /// What a followed lambda may change, to undo it ([`Paths::restore`]).
    fn save(&self, heap: &Heap) -> Saved {
        Saved {
            roots: self.roots.clone(),
            used: self.used.clone(),
            answers: self.answers.clone(),
            stores: self.stores.clone(),
            lost: self.lost.clone(),
            heap: heap.clone(),
            whole_nodes: self.whole_nodes(),
        }
    }

    fn restore(&mut self, saved: Saved, heap: &mut Heap) {
        self.roots = saved.roots;
        self.used = saved.used;
        self.answers = saved.answers;
        self.stores = saved.stores;
        self.lost = saved.lost;
        *heap = saved.heap;
    }

    /// Nodes marked whole in the roots' and answers' trees.
    fn whole_nodes(&self) -> usize {
        fn count(n: &ReadNode) -> usize {
            usize::from(n.whole) + n.fields.values().map(count).sum::<usize>()
        }
        self.roots
            .iter()
            .chain(self.answers.values())
            .map(count)
            .sum()
    }

    /// `v` is used in ways not followed: each root's path is whole, and so is everything
    /// written into each created object (which escapes).
    fn whole(&mut self, v: &Value, heap: &mut Heap) {
        let Value::Paths(ps) = v else { return };
        for p in ps {
            match p.fresh() {
                None => self.node(p).whole = true,
                Some(site) => {
                    if heap.escaped.contains(&site) || !Rc::make_mut(&mut heap.escaped).insert(site)
                    {
                        continue;
                    }
                    let held: Vec<Rc<Value>> =
                        heap.fields_of(site).map(|(_, v)| v.clone()).collect();
                    for h in held {
                        self.whole(&h, heap);
                    }
                }
            }
        }
    }

    /// `v` as the value of a field the state oracle compares: the roots' paths whole; a
    /// created object is rebuilt by the test itself, whose oracles compare its literal
    /// fields only. A root itself (the receiver or an argument, `child.parent = this`)
    /// is the test's own variable: only its identity is needed, not all it holds.
    fn compared(&mut self, v: &Value) {
        if let Value::Paths(ps) = v {
            for p in ps.iter().filter(|p| p.fresh().is_none()) {
                let node = self.node(p);
                if !p.fields.is_empty() {
                    node.whole = true;
                }
            }
        }
    }

    /// `base` followed by `fields`, each path stopping (whole) at a repeated field or
    /// past [`MAX_PATH`]; a field written during the method may also be what was
    /// written there.
    fn extend(&mut self, base: &Value, fields: &[Rc<str>], heap: &mut Heap) -> Value {
        let mut v = base.clone();
        for f in fields {
            v = self.step(&v, f, heap);
        }
        v
    }

    /// One field read on each path of `base`.
    fn step(&mut self, base: &Value, field: &Rc<str>, heap: &mut Heap) -> Value {
        let Value::Paths(ps) = base else {
            return Value::Top;
        };
        let mut out = BTreeSet::new();
        let mut lost = false;
        for p in ps {
            match heap.written.get(&(p.clone(), field.clone())).map(|v| &**v) {
                // Written on every path here (what was there before among the values
                // where only some paths wrote it).
                Some(Value::Paths(ws)) => {
                    let ws = Value::Paths(ws.clone());
                    self.present(&ws);
                    if let Value::Paths(ws) = ws {
                        out.extend(ws);
                    }
                    continue;
                }
                Some(Value::Top) => {
                    lost = true;
                    continue;
                }
                None => {}
            }
            if p.fresh().is_some() || self.unset(p) {
                continue;
            }
            let mut q = p.clone();
            let repeated = q.fields.contains(field);
            q.fields.push(field.clone());
            if repeated || q.fields.len() > MAX_PATH {
                self.node(&q).whole = true;
                lost = true;
            } else {
                self.node(&q);
                out.insert(q);
            }
        }
        if lost {
            self.whole(&Value::Paths(out), heap);
            Value::Top
        } else {
            self.bounded(out, Some(heap))
        }
    }

    /// A constructor's own object before anything is written into it: its fields are
    /// their defaults (whatever its superclass's constructor writes is in the heap).
    fn unset(&self, p: &Path) -> bool {
        self.constructor && p.root == Root::Param(0) && p.fields.is_empty()
    }

    /// What `field` of `object` held when the method started: nothing on a created
    /// object, else the path to it (`Top` for a path no longer followed).
    fn before(&self, object: &Path, field: &Rc<str>) -> Value {
        if object.fresh().is_some() || self.unset(object) {
            return Value::none();
        }
        if object.fields.contains(field) || object.fields.len() >= MAX_PATH {
            return Value::Top;
        }
        let mut q = object.clone();
        q.fields.push(field.clone());
        Value::Paths(BTreeSet::from([q]))
    }

    /// `ps`, or `Top` past [`MAX_PATHS`], its objects then whole (a created object among
    /// them at once if the heap is at hand, else when the interpretation is done).
    fn bounded(&mut self, ps: BTreeSet<Path>, heap: Option<&mut Heap>) -> Value {
        if ps.len() <= MAX_PATHS {
            return Value::Paths(ps);
        }
        let v = Value::Paths(ps);
        match heap {
            Some(heap) => self.whole(&v, heap),
            None => {
                self.compared(&v);
                self.lost.extend(v.sites());
            }
        }
        Value::Top
    }

    fn union(&mut self, a: &Value, b: &Value, heap: Option<&mut Heap>) -> Value {
        match (a, b) {
            (Value::Paths(x), Value::Paths(y)) => {
                if x == y || y.is_subset(x) {
                    return a.clone();
                }
                let union = x.union(y).cloned().collect();
                self.bounded(union, heap)
            }
            _ => Value::Top,
        }
    }

    /// Add `tree` (a callee's use of one of its roots) below `at`; a field that repeats
    /// one on the way (a recursive structure) or goes past [`MAX_PATH`] is whole there.
    /// Below a created object, and below a field written during the method, the tree
    /// goes on at what was written there.
    fn graft(&mut self, at: &Path, tree: &ReadNode, heap: &mut Heap) {
        if tree.fields.contains_key(EACH_RUNS) && !matches!(at.root, Root::Param(_)) {
            // A followed method's `forEach` on a collection that is, here, one the method
            // created or a mock answered: nothing checks it was empty, so it is used
            // whole (a created one escapes, with all written into it).
            self.whole(&Value::Paths(BTreeSet::from([at.clone()])), heap);
        }
        if at.fresh().is_some() {
            if tree.whole {
                self.whole(&Value::Paths(BTreeSet::from([at.clone()])), heap);
            }
        } else {
            let node = self.node(at);
            node.whole |= tree.whole;
            node.literals |= tree.literals;
            node.typed |= tree.typed;
        }
        for (name, child) in &tree.fields {
            let field: Rc<str> = Rc::from(name.as_str());
            if let Some(Value::Paths(ws)) =
                heap.written.get(&(at.clone(), field.clone())).map(|v| &**v)
            {
                for w in ws.clone() {
                    self.graft(&w, child, heap);
                }
            }
            if at.fresh().is_some() {
                continue;
            }
            let repeated = at.fields.contains(&field);
            let mut below = at.clone();
            below.fields.push(field);
            if repeated || below.fields.len() > MAX_PATH {
                self.node(&below).whole = true;
            } else {
                self.graft(&below, child, heap);
            }
        }
    }

    /// A call that is not followed: everything it is handed is used whole.
    fn opaque_call(&mut self, receiver: Option<&Value>, args: &[Value], heap: &mut Heap) {
        if let Some(r) = receiver {
            self.whole(r, heap);
        }
        for a in args {
            self.whole(a, heap);
        }
    }

    /// `value` written into `field` of each object `object` may be; `strong` when the
    /// write certainly happens (a `putfield`, not a followed method's possible write):
    /// then, on a single object, the field holds that value only.
    fn store(
        &mut self,
        object: &Value,
        field: &Rc<str>,
        value: &Value,
        (strong, compared): (bool, bool),
        heap: &mut Heap,
    ) {
        let Value::Paths(objects) = object else {
            // An object no longer tracked: what it holds may be read anywhere.
            self.whole(value, heap);
            return;
        };
        for o in objects {
            match o.fresh() {
                Some(site) if heap.escaped.contains(&site) => self.whole(value, heap),
                Some(_) => {}
                None if self.is_mut => {
                    // Written by the method under test: the state oracle compares the
                    // field's new value (captured whole, before and after) — unless the
                    // field holds a project object, which it never compares: then the
                    // object written into and the value need only be there.
                    if compared {
                        let mut q = o.clone();
                        q.fields.push(field.clone());
                        self.node(&q).whole = true;
                        self.compared(value);
                    } else {
                        self.node(o);
                        self.present(value);
                    }
                }
                None => {
                    // Written by a followed method: its caller applies the write (into
                    // an object it created, or as the method under test's), objects
                    // this method created included.
                    let key = (o.clone(), field.clone());
                    let (old, was) =
                        (self.stores.get(&key).cloned()).unwrap_or_else(|| (Value::none(), false));
                    let merged = self.union(&old, value, Some(heap));
                    self.stores.insert(key, (merged, was || compared));
                }
            }
            // Nothing of the roots (a primitive, null, a JDK object): the field is left
            // as it was in the heap, an over-approximation that keeps the heap small.
            if *value == Value::none() {
                continue;
            }
            let key = (o.clone(), field.clone());
            let merged = if strong && objects.len() == 1 {
                value.clone()
            } else {
                let old = match heap.written.get(&key) {
                    Some(old) => (**old).clone(),
                    None => self.before(o, field),
                };
                self.union(&old, value, Some(heap))
            };
            if heap.written.get(&key).map(|v| &**v) != Some(&merged) {
                Rc::make_mut(&mut heap.written).insert(key, Rc::new(merged));
            }
        }
    }

    /// Graft the summary of a followed call under the caller's paths, apply its writes;
    /// its result.
    fn apply(
        &mut self,
        s: &Summary,
        call: u32,
        receiver: Option<&Value>,
        args: &[Value],
        heap: &mut Heap,
    ) -> Value {
        let root_value = |r: Root| -> Option<Value> {
            match r {
                Root::Param(0) => receiver.cloned(),
                Root::Param(r) => args.get(r as usize - 1).cloned(),
                Root::Made(i) => Some(Value::fresh((call, i + 1))),
                // A followed method has no mocked calls.
                Root::Fresh(_) | Root::Answer(_) => None,
            }
        };
        for (r, tree) in s.roots.iter().enumerate() {
            if !s.used[r] {
                continue;
            }
            if let Some(Value::Paths(ps)) = root_value(Root::Param(r as u16)) {
                for p in ps {
                    self.graft(&p, tree, heap);
                }
            }
        }
        // The callee's value `v` (relative to its roots) as the caller's.
        let translate = |this: &mut Self, v: &Value, heap: &mut Heap| -> Value {
            match v {
                Value::Top => Value::Top,
                Value::Paths(rs) => {
                    let mut out = Value::none();
                    for q in rs {
                        let Some(base) = root_value(q.root) else {
                            continue;
                        };
                        let v = this.extend(&base, &q.fields, heap);
                        out = this.union(&out, &v, Some(heap));
                    }
                    out
                }
            }
        };
        for (i, fields) in s.made.iter().enumerate() {
            let object = Value::fresh((call, i as u16 + 1));
            for (field, value) in fields {
                let value = translate(self, value, heap);
                self.store(&object, field, &value, (false, true), heap);
            }
        }
        for (object, field, value, compared) in &s.stores {
            let object = translate(self, &Value::Paths(BTreeSet::from([object.clone()])), heap);
            let value = translate(self, value, heap);
            self.store(&object, field, &value, (false, *compared), heap);
        }
        translate(self, &s.returns, heap)
    }
}

impl Interpreter for Paths<'_, '_> {
    type Value = Value;
    type State = Heap;

    fn unknown(&mut self) -> Value {
        Value::none()
    }

    fn merge(&mut self, a: &Value, b: &Value) -> Value {
        self.union(a, b, None)
    }

    fn merge_state(&mut self, a: &Heap, b: &Heap) -> Heap {
        if Rc::ptr_eq(&a.written, &b.written) && Rc::ptr_eq(&a.escaped, &b.escaped) {
            return a.clone();
        }
        // A field written on one path only may still hold what it held before. Both
        // maps are walked in key order at once; `a`'s map is kept if nothing changes.
        let mut changes: Vec<(Written, Value)> = Vec::new();
        if !Rc::ptr_eq(&a.written, &b.written) {
            let mut xs = a.written.iter().peekable();
            let mut ys = b.written.iter().peekable();
            loop {
                let order = match (xs.peek(), ys.peek()) {
                    (None, None) => break,
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (Some((kx, _)), Some((ky, _))) => kx.cmp(ky),
                };
                match order {
                    std::cmp::Ordering::Equal => {
                        let ((key, x), (_, y)) =
                            (xs.next().expect("peeked"), ys.next().expect("peeked"));
                        if x != y {
                            let merged = self.union(x, y, None);
                            if merged != **x {
                                changes.push((key.clone(), merged));
                            }
                        }
                    }
                    std::cmp::Ordering::Less => {
                        let (key, x) = xs.next().expect("peeked");
                        let y = self.before(&key.0, &key.1);
                        let merged = self.union(x, &y, None);
                        if merged != **x {
                            changes.push((key.clone(), merged));
                        }
                    }
                    std::cmp::Ordering::Greater => {
                        let (key, y) = ys.next().expect("peeked");
                        let x = self.before(&key.0, &key.1);
                        let merged = self.union(&x, y, None);
                        changes.push((key.clone(), merged));
                    }
                }
            }
        }
        let mut written = a.written.clone();
        if !changes.is_empty() {
            let map = Rc::make_mut(&mut written);
            for (key, v) in changes {
                map.insert(key, Rc::new(v));
            }
        }
        let escaped = if a.escaped.is_superset(&b.escaped) {
            a.escaped.clone()
        } else {
            Rc::new(a.escaped.union(&b.escaped).copied().collect())
        };
        Heap { written, escaped }
    }

    fn load(&mut self, insn: &Instruction, local: &Value, _: &mut Heap) -> Value {
        match insn.opcode {
            ALOAD | ALOAD_0..=ALOAD_3 => local.clone(),
            _ => Value::none(),
        }
    }

    fn store(&mut self, insn: &Instruction, value: Value, _: &mut Heap) -> Value {
        match insn.opcode {
            ASTORE | ASTORE_0..=ASTORE_3 => value,
            _ => Value::none(),
        }
    }

    fn unary(&mut self, insn: &Instruction, value: &Value, _: &mut Heap) -> Value {
        match insn.opcode {
            // An array is recorded with its length, whatever is read of its elements.
            ARRAYLENGTH => self.present(value),
            INSTANCEOF => self.typed(value),
            _ => {}
        }
        Value::none()
    }

    fn cast(&mut self, _: &Instruction, value: Value, _: &mut Heap) -> Value {
        self.typed(&value);
        value
    }

    fn binary(&mut self, insn: &Instruction, a: &Value, _: &Value, heap: &mut Heap) -> Value {
        match insn.opcode {
            // Any element may be the one loaded: what is read of it is read of each
            // (the pseudo-field `[]`), so a dictionary's entries are recorded as far as
            // a lookup reads them, not whole.
            AALOAD => self.step(a, &Rc::from(ELEMENTS_READ), heap),
            IALOAD..=SALOAD => {
                self.whole(a, heap);
                Value::none()
            }
            _ => Value::none(),
        }
    }

    fn array_store(&mut self, _: &Instruction, values: [&Value; 3], heap: &mut Heap) {
        self.whole(values[0], heap);
        self.whole(values[2], heap);
    }

    fn get_field(
        &mut self,
        _: &Instruction,
        f: &MemberRef,
        receiver: Option<&Value>,
        heap: &mut Heap,
    ) -> Value {
        let Some(r) = receiver else {
            // Static fields are the plan's static reads, captured apart.
            return Value::none();
        };
        let field: Rc<str> = Rc::from(f.name.as_str());
        let v = self.step(&r.clone(), &field, heap);
        if FieldType::parse(&f.descriptor).is_ok_and(|t| t.is_reference()) {
            v
        } else {
            Value::none()
        }
    }

    fn put_field(
        &mut self,
        _: &Instruction,
        f: &MemberRef,
        receiver: Option<&Value>,
        value: &Value,
        heap: &mut Heap,
    ) {
        match receiver {
            Some(r) => {
                let compared = compared_type(&f.descriptor);
                let field = Rc::from(f.name.as_str());
                self.store(&r.clone(), &field, value, (true, compared), heap)
            }
            // A static field: what is stored there may be used anywhere.
            None => self.whole(value, heap),
        }
    }

    fn new_object(&mut self, insn: &Instruction, _: &mut Heap) -> Value {
        Value::fresh((insn.offset, 0))
    }

    fn exit(&mut self, insn: &Instruction, value: Option<&Value>, heap: &mut Heap) {
        if !self.is_mut && insn.opcode != ATHROW {
            self.exits = Some(match self.exits.take() {
                None => heap.clone(),
                Some(h) => self.merge_state(&h, heap),
            });
        }
        let Some(v) = value else { return };
        match (insn.opcode, self.is_mut) {
            // Returned by a followed method (objects it created included: the
            // summary hands them back).
            (ARETURN, false) => {
                let merged = self.union(&self.returns.clone(), v, Some(heap));
                self.returns = merged;
            }
            // Returned by the method under test: its output oracle compares a returned
            // object's literal fields (a JDK value is captured whole by meaning anyway;
            // a created object is rebuilt by the test).
            (ARETURN, true) => {
                if let Value::Paths(ps) = v {
                    for p in ps.iter().filter(|p| p.fresh().is_none()) {
                        self.node(p).literals = true;
                    }
                }
            }
            _ => self.whole(v, heap),
        }
    }

    fn invoke_dynamic(
        &mut self,
        insn: &Instruction,
        _: &str,
        _: &str,
        args: &[Value],
        heap: &mut Heap,
    ) -> Value {
        if self.mocked.contains(&insn.offset) {
            // A bound method reference to a mocked call: it captures the mock, whose
            // identity is all that matters, and whatever calls the reference gets the
            // stub's answer, which this code never sees.
            for v in args {
                self.present(v);
            }
            return Value::none();
        }
        if let Some((opcode, body)) = self.lambdas.get(&insn.offset).cloned() {
            // A lambda of this class: its body reads what it captured as a method called
            // with it would, whenever it runs; what it returns goes to code not seen.
            let params = MethodDescriptor::parse(&body.descriptor)
                .map(|d| d.params.len())
                .unwrap_or_default();
            let (receiver, captured) = match opcode {
                INVOKESTATIC => (None, args),
                _ => (args.first(), args.get(1..).unwrap_or_default()),
            };
            if captured.len() <= params {
                let mut all = captured.to_vec();
                all.resize(params, Value::none());
                if let Some(call) = self.each.get(&insn.offset) {
                    // Followed or not once the collection it runs on is known.
                    self.pending_each
                        .insert(*call, (opcode, body, receiver.cloned(), all));
                    return Value::none();
                }
                let returned = self.invoke(insn, &body, receiver, &all, heap);
                self.whole(&returned, heap);
                return Value::none();
            }
        }
        self.opaque_call(None, args, heap);
        Value::none()
    }

    fn invoke(
        &mut self,
        insn: &Instruction,
        callee: &MemberRef,
        receiver: Option<&Value>,
        args: &[Value],
        heap: &mut Heap,
    ) -> Value {
        if let Some((opcode, body, lambda_receiver, captured)) =
            self.pending_each.remove(&insn.offset)
        {
            // Only a collection the recorder captures at entry (a path of the receiver or
            // an argument) can be checked empty.
            let each_root = match receiver {
                Some(Value::Paths(ps)) => {
                    !ps.is_empty() && ps.iter().all(|p| matches!(p.root, Root::Param(_)))
                }
                _ => false,
            };
            // Followed as a call, as any other lambda; left out only where following it
            // makes more of the roots whole (a listener reaching every observer), since a
            // lambda left out costs the invocations whose collection held elements.
            let saved = each_root.then(|| self.save(heap));
            let call = Instruction {
                opcode,
                ..insn.clone()
            };
            let returned = self.invoke(&call, &body, lambda_receiver.as_ref(), &captured, heap);
            self.whole(&returned, heap);
            if let Some(saved) = saved {
                if self.whole_nodes() > saved.whole_nodes {
                    self.restore(saved, heap);
                    // Runs once per element of a collection the test rebuilds: checked
                    // empty by the generator, where the lambda never ran.
                    if let Some(Value::Paths(ps)) = receiver {
                        for p in ps.clone() {
                            self.node(&p)
                                .fields
                                .entry(EACH_RUNS.to_string())
                                .or_default();
                        }
                    }
                    for v in lambda_receiver.iter().chain(&captured) {
                        self.present(v);
                    }
                }
            }
        }
        if self.mocked.contains(&insn.offset) {
            // A mock answers: only the receiver's identity matters. Its arguments are
            // handed to the mock, never read: the call oracle matches an object by its
            // type (or by identity), and a JDK collection, array or text by contents,
            // which the recorder captures whatever the tree says below it. So an
            // object passed through to a mock (an output stream, a document) needs
            // only to be there.
            for v in receiver.into_iter().chain(args) {
                self.present(v);
            }
            // Its answer is a root of its own, built by the test's stub: what the method
            // does with it says how much of it to record.
            let returns_object = self.answered.contains(&insn.offset)
                && MethodDescriptor::parse(&callee.descriptor)
                    .is_ok_and(|d| d.ret.as_ref().is_some_and(FieldType::is_reference));
            return match returns_object {
                true => Value::Paths(BTreeSet::from([Path {
                    root: Root::Answer(insn.offset),
                    fields: Vec::new(),
                }])),
                false => Value::none(),
            };
        }
        match (callee.owner.as_str(), callee.name.as_str()) {
            // Every constructor's first call: reads and writes nothing.
            ("java/lang/Object", "<init>") => return Value::none(),
            ("java/lang/Object", "getClass") => {
                self.present(receiver.unwrap_or(&Value::none()));
                return Value::none();
            }
            ("java/util/Objects", "requireNonNull") => {
                for a in args {
                    self.present(a);
                }
                return args.first().cloned().unwrap_or_else(Value::none);
            }
            ("java/util/Objects", "isNull" | "nonNull") => {
                for a in args {
                    self.present(a);
                }
                return Value::none();
            }
            _ => {}
        }
        match self.analysis.targets(callee, insn.opcode, self.depth + 1) {
            Some(summaries) => {
                let args = args.to_vec();
                let receiver = receiver.cloned();
                let mut result = Value::none();
                for s in summaries {
                    let v = self.apply(&s, insn.offset, receiver.as_ref(), &args, heap);
                    result = self.union(&result, &v, Some(heap));
                }
                result
            }
            // A JDK superclass's constructor: it has the object being built, but reads
            // nothing of a project subclass (whose methods it may call are not followed
            // from JDK code anyway: any later JDK call on the object makes it whole).
            None if callee.name == "<init>" => {
                self.opaque_call(None, args, heap);
                Value::none()
            }
            None => {
                self.opaque_call(receiver, args, heap);
                Value::none()
            }
        }
    }
}
