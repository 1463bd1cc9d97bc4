//! What state a method under test may use (issue 15: capture what the invocation used,
//! not a fixed-depth snapshot): an access-path interpretation over [`mimic_flow`]. Each
//! reference is the set of paths it may be (`this.doc.trailer`, `param0.items`); every
//! `getfield` on such a value adds the field to the tree of its root ([`Reads`]), and
//! every use the analysis cannot see through marks the object whole: handed to the JDK,
//! to abstract or native code, to a constructor or a lambda; written, stored, returned or
//! thrown; an argument of a mocked call (its call oracle compares it whole). Calls into
//! project methods with code (helpers, methods of collaborators that are not mocked,
//! inherited ones) are followed through a summary per method — the trees of its receiver
//! and parameters, and which of their paths it returns — computed once and grafted under
//! the caller's paths. Calls the plan mocks use only their receiver's identity.
//!
//! A virtual call is followed into every method it may run in the project: the one each
//! concrete project class at or below the named class declares or inherits (class
//! hierarchy analysis), so an override's reads count too.
//!
//! A recursive call first assumes the method uses nothing, and the method is interpreted
//! again with what it was found to use until that stops growing ([`MAX_ROUNDS`]);
//! summaries computed on such an assumption are kept only for that round.
//!
//! It is an over-approximation by design; reflection is not seen. Paths stop growing at a repeated field or past
//! [`MAX_PATH`] fields (a linked structure), and a value that may be more than
//! [`MAX_PATHS`] paths is marked whole: the recorder then captures those objects whole,
//! within its usual limits.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use mimic_classfile::access::{ABSTRACT, INTERFACE, STATIC};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::constant_pool::MemberRef;
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::instruction::Instruction;
use mimic_classfile::opcodes::*;
use mimic_classfile::ClassFile;
use mimic_flow::{analyze, Frame, Interpreter};
use mimic_plan::{ReadNode, Reads};

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
/// Concrete classes a virtual call may dispatch to before it is not followed.
pub const MAX_TARGETS: usize = 32;

/// A root (0 the receiver, `i + 1` parameter `i`) and the fields read from it in turn.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Path {
    root: u16,
    fields: Vec<Rc<str>>,
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
            root,
            fields: Vec::new(),
        }]))
    }
}

/// A method's use of its roots, relative to them: the trees (index as in [`Path::root`])
/// and the paths it returns.
#[derive(Debug, PartialEq)]
struct Summary {
    roots: Vec<ReadNode>,
    used: Vec<bool>,
    returns: Value,
}

impl Summary {
    /// What a recursive method is first assumed to use: nothing.
    fn nothing(roots: usize) -> Summary {
        Summary {
            roots: vec![ReadNode::default(); roots],
            used: vec![false; roots],
            returns: Value::none(),
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
type MethodKey = (String, String, String);

/// The read analysis of one classpath: method summaries are computed once and shared by
/// every method under test.
pub struct ReadAnalysis<'i> {
    index: &'i ClassIndex,
    summaries: RefCell<HashMap<MethodKey, Option<Rc<Summary>>>>,
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
            active: RefCell::new(Vec::new()),
            work: std::cell::Cell::new(0),
            provisional: RefCell::new(HashMap::new()),
            rounds: std::cell::Cell::new(0),
            subtypes,
            concrete_below: RefCell::new(HashMap::new()),
        }
    }

    /// The concrete project classes that are `class` or below it.
    fn concrete_below(&self, class: &str) -> Rc<Vec<&'i str>> {
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
        if classes.is_empty() || classes.len() > MAX_TARGETS {
            return None;
        }
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for c in classes.iter() {
            let resolved = self.resolve(c, &callee.name, &callee.descriptor)?;
            if seen.insert(resolved.0.name().ok()?) {
                out.push(self.summary(resolved, callee, depth)?);
            }
        }
        Some(out)
    }

    /// The state `method` of `class` may use; the invokes at `mocked` (offsets in its
    /// code) are calls a test answers with a mock. `None` when its code cannot be
    /// interpreted.
    pub fn reads(
        &self,
        class: &ClassFile,
        code: &CodeAttribute,
        is_static: bool,
        descriptor: &str,
        mocked: &BTreeSet<u32>,
    ) -> Option<Reads> {
        let desc = MethodDescriptor::parse(descriptor).ok()?;
        let mut interp = Paths::new(self, &desc, Some(mocked), 0);
        analyze(
            &mut interp,
            &class.constant_pool,
            code,
            entry(is_static, &desc, code.max_locals),
        )
        .ok()?;
        let take = |i: usize| interp.used[i].then(|| interp.roots[i].clone());
        Some(Reads {
            receiver: if is_static { None } else { take(0) },
            params: (0..desc.params.len()).map(|i| take(i + 1)).collect(),
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
        if depth >= MAX_CALLS || callee.name.starts_with('<') {
            return None;
        }
        let key = (
            class.name().ok()?,
            callee.name.clone(),
            callee.descriptor.clone(),
        );
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
            let computed = self.compute(class, index, &callee.descriptor, depth);
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
    ) -> Option<Rc<Summary>> {
        self.work.set(self.work.get() + 1);
        if self.work.get() > MAX_WORK {
            return None;
        }
        let method = &class.methods[index];
        let code = crate::targets::code_of(class, method)?;
        let desc = MethodDescriptor::parse(descriptor).ok()?;
        let is_static = method.has_flag(STATIC);
        let mut interp = Paths::new(self, &desc, None, depth);
        analyze(
            &mut interp,
            &class.constant_pool,
            &code,
            entry(is_static, &desc, code.max_locals),
        )
        .ok()?;
        Some(Rc::new(Summary {
            roots: interp.roots,
            used: interp.used,
            returns: interp.returns,
        }))
    }

    /// The class file and method index `owner.name descriptor` resolves to among the
    /// parsed classes, searching superclasses; only methods with code.
    fn resolve(&self, owner: &str, name: &str, descriptor: &str) -> Option<(&'i ClassFile, usize)> {
        self.index.method_with_code(owner, name, descriptor)
    }
}

/// The entry frame: the receiver is root 0, each reference parameter its own root.
fn entry(is_static: bool, desc: &MethodDescriptor, max_locals: u16) -> Frame<Value> {
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
}

/// The interpretation of one method body.
struct Paths<'a, 'i> {
    analysis: &'a ReadAnalysis<'i>,
    /// One tree per root, and whether the root is used at all.
    roots: Vec<ReadNode>,
    used: Vec<bool>,
    /// The method under test's mocked calls; `None` in a followed method, whose result
    /// flows back to its caller rather than to an oracle.
    mocked: Option<&'a BTreeSet<u32>>,
    returns: Value,
    depth: usize,
}

impl<'a, 'i> Paths<'a, 'i> {
    fn new(
        analysis: &'a ReadAnalysis<'i>,
        desc: &MethodDescriptor,
        mocked: Option<&'a BTreeSet<u32>>,
        depth: usize,
    ) -> Paths<'a, 'i> {
        let n = desc.params.len() + 1;
        Paths {
            analysis,
            roots: vec![ReadNode::default(); n],
            used: vec![false; n],
            mocked,
            returns: Value::none(),
            depth,
        }
    }

    fn node(&mut self, p: &Path) -> &mut ReadNode {
        let r = p.root as usize;
        self.used[r] = true;
        let mut n = &mut self.roots[r];
        for f in &p.fields {
            n = n.fields.entry(f.to_string()).or_default();
        }
        n
    }

    fn present(&mut self, v: &Value) {
        if let Value::Paths(ps) = v {
            for p in ps {
                self.node(p);
            }
        }
    }

    fn whole(&mut self, v: &Value) {
        if let Value::Paths(ps) = v {
            for p in ps {
                self.node(p).whole = true;
            }
        }
    }

    /// `base` followed by `fields`, each path stopping (whole) at a repeated field or
    /// past [`MAX_PATH`].
    fn extend(&mut self, base: &Value, fields: &[Rc<str>]) -> Value {
        let Value::Paths(ps) = base else {
            return Value::Top;
        };
        let mut out = BTreeSet::new();
        let mut lost = false;
        for p in ps {
            let mut q = p.clone();
            for f in fields {
                let repeated = q.fields.contains(f);
                q.fields.push(f.clone());
                if repeated || q.fields.len() > MAX_PATH {
                    self.node(&q).whole = true;
                    lost = true;
                    break;
                }
            }
            if !lost {
                self.node(&q);
                out.insert(q);
            }
        }
        if lost {
            self.whole(&Value::Paths(out));
            Value::Top
        } else {
            self.bounded(out)
        }
    }

    fn bounded(&mut self, ps: BTreeSet<Path>) -> Value {
        if ps.len() > MAX_PATHS {
            let v = Value::Paths(ps);
            self.whole(&v);
            Value::Top
        } else {
            Value::Paths(ps)
        }
    }

    /// Add `tree` (a callee's use of one of its roots) below `at`; a field that repeats
    /// one on the way (a recursive structure) or goes past [`MAX_PATH`] is whole there.
    fn graft(&mut self, at: &Path, tree: &ReadNode) {
        let node = self.node(at);
        node.whole |= tree.whole;
        node.literals |= tree.literals;
        for (name, child) in &tree.fields {
            let field: Rc<str> = Rc::from(name.as_str());
            let repeated = at.fields.contains(&field);
            let mut below = at.clone();
            below.fields.push(field);
            if repeated || below.fields.len() > MAX_PATH {
                self.node(&below).whole = true;
            } else {
                self.graft(&below, child);
            }
        }
    }

    /// A call that is not followed: everything it is handed is used whole.
    fn opaque_call(&mut self, receiver: Option<&Value>, args: &[Value]) {
        if let Some(r) = receiver {
            self.whole(r);
        }
        for a in args {
            self.whole(a);
        }
    }

    /// Graft the summary of a followed call under the caller's paths; its result.
    fn apply(&mut self, s: &Summary, receiver: Option<&Value>, args: &[Value]) -> Value {
        let root_value = |r: usize| -> Option<&Value> {
            if r == 0 {
                receiver
            } else {
                args.get(r - 1)
            }
        };
        for (r, tree) in s.roots.iter().enumerate() {
            if !s.used[r] {
                continue;
            }
            if let Some(Value::Paths(ps)) = root_value(r) {
                for p in ps.clone() {
                    self.graft(&p, tree);
                }
            }
        }
        match &s.returns {
            Value::Top => Value::Top,
            Value::Paths(rs) => {
                let mut out = Value::none();
                for q in rs {
                    let Some(base) = root_value(q.root as usize).cloned() else {
                        continue;
                    };
                    let v = self.extend(&base, &q.fields);
                    out = self.merge(&out, &v);
                }
                out
            }
        }
    }
}

impl Interpreter for Paths<'_, '_> {
    type Value = Value;
    type State = ();

    fn unknown(&mut self) -> Value {
        Value::none()
    }

    fn merge(&mut self, a: &Value, b: &Value) -> Value {
        match (a, b) {
            (Value::Paths(x), Value::Paths(y)) => {
                if x == y || y.is_subset(x) {
                    return a.clone();
                }
                let union = x.union(y).cloned().collect();
                self.bounded(union)
            }
            _ => Value::Top,
        }
    }

    fn merge_state(&mut self, _: &(), _: &()) {}

    fn load(&mut self, insn: &Instruction, local: &Value, _: &mut ()) -> Value {
        match insn.opcode {
            ALOAD | ALOAD_0..=ALOAD_3 => local.clone(),
            _ => Value::none(),
        }
    }

    fn store(&mut self, insn: &Instruction, value: Value, _: &mut ()) -> Value {
        match insn.opcode {
            ASTORE | ASTORE_0..=ASTORE_3 => value,
            _ => Value::none(),
        }
    }

    fn unary(&mut self, insn: &Instruction, value: &Value, _: &mut ()) -> Value {
        match insn.opcode {
            // Arrays are captured with their elements: a length needs the array.
            ARRAYLENGTH => self.whole(value),
            INSTANCEOF => self.present(value),
            _ => {}
        }
        Value::none()
    }

    fn binary(&mut self, insn: &Instruction, a: &Value, _: &Value, _: &mut ()) -> Value {
        if (IALOAD..=SALOAD).contains(&insn.opcode) {
            self.whole(a);
        }
        Value::none()
    }

    fn array_store(&mut self, _: &Instruction, values: [&Value; 3], _: &mut ()) {
        self.whole(values[0]);
        self.whole(values[2]);
    }

    fn get_field(
        &mut self,
        _: &Instruction,
        f: &MemberRef,
        receiver: Option<&Value>,
        _: &mut (),
    ) -> Value {
        let Some(r) = receiver else {
            // Static fields are the plan's static reads, captured apart.
            return Value::none();
        };
        let field: Rc<str> = Rc::from(f.name.as_str());
        let v = self.extend(&r.clone(), &[field]);
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
        _: &mut (),
    ) {
        // The field's new value is what the state oracle compares: captured whole
        // (before and after), and so is the object written there.
        if let Some(Value::Paths(ps)) = receiver {
            for p in ps.clone() {
                let mut q = p;
                q.fields.push(Rc::from(f.name.as_str()));
                self.node(&q).whole = true;
            }
        }
        self.whole(value);
    }

    fn exit(&mut self, insn: &Instruction, value: Option<&Value>, _: &mut ()) {
        let Some(v) = value else { return };
        match (insn.opcode, self.mocked.is_some()) {
            (ARETURN, false) => {
                let merged = self.merge(&self.returns.clone(), v);
                self.returns = merged;
            }
            // Returned by the method under test: its output oracle compares a returned
            // object's literal fields (a JDK value is captured whole by meaning anyway).
            (ARETURN, true) => {
                if let Value::Paths(ps) = v {
                    for p in ps {
                        self.node(p).literals = true;
                    }
                }
            }
            _ => self.whole(v),
        }
    }

    fn invoke_dynamic(
        &mut self,
        _: &Instruction,
        _: &str,
        _: &str,
        args: &[Value],
        _: &mut (),
    ) -> Value {
        self.opaque_call(None, args);
        Value::none()
    }

    fn invoke(
        &mut self,
        insn: &Instruction,
        callee: &MemberRef,
        receiver: Option<&Value>,
        args: &[Value],
        _: &mut (),
    ) -> Value {
        if self.mocked.is_some_and(|m| m.contains(&insn.offset)) {
            // A mock answers: only the receiver's identity matters, and the call oracle
            // compares the arguments (the receiver itself by identity).
            if let Some(r) = receiver {
                self.present(r);
            }
            for a in args {
                if *a == Value::root(0) {
                    self.present(a);
                } else {
                    self.whole(a);
                }
            }
            return Value::none();
        }
        match (callee.owner.as_str(), callee.name.as_str()) {
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
                    let v = self.apply(&s, receiver.as_ref(), &args);
                    result = self.merge(&result, &v);
                }
                result
            }
            None => {
                self.opaque_call(receiver, args);
                Value::none()
            }
        }
    }
}
