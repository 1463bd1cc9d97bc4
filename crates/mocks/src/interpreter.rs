//! The mock analysis of one method, as an [`Interpreter`] on `mimic-flow`: the engine
//! walks the method (every opcode's stack effect, slot by slot; branches, switches,
//! `jsr`/`ret`, exception handlers; merging until a fixpoint) carrying a [`Value`] per
//! local and stack slot and the path [`State`] (fields written, container contents, the
//! classes mocked by `mockStatic`/`mockConstruction`), and this module says what the
//! instructions that matter to mocks make of them: invocations (calls on mocks, the
//! mocking APIs' sources, factories and verifiers, container operations, calls into
//! test code), `invokedynamic` (lambdas and method references), field reads and writes,
//! array element loads and stores, `new`, `ldc` of class literals and `areturn`. It
//! records what the method shows: invocations on mocks, mock-creation sites, container
//! writes. Effects on other methods (their parameters, fields written by set-up code,
//! returns) go into [`Facts`].
//!
//! Every other instruction gives "nothing known" ([`Value::NONE`]), except that `aload`,
//! `astore`, `checkcast` and the `dup`/`swap` family keep the value. The engine visits an
//! instruction again whenever its frame grows; what a visit observes (a receiver, a
//! creation, a container write, a fact) is joined with the earlier visits, so the method's
//! result is what its fixpoint frames show. Malformed code, or a method that does not
//! converge, is the engine's error, kept as the method's `problem` next to what was
//! observed before it.

use std::collections::BTreeMap;
use std::rc::Rc;

use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::{
    AALOAD, AASTORE, ALOAD, ALOAD_0, ALOAD_3, ANEWARRAY, ARETURN, ASTORE, ASTORE_0, ASTORE_3,
    INVOKEDYNAMIC, INVOKEINTERFACE, INVOKESPECIAL, INVOKESTATIC, INVOKEVIRTUAL, LDC, LDC_W,
    NEWARRAY,
};
use mimic_classfile::{Constant, FieldType, MemberRef, MethodDescriptor};
use mimic_flow::{analyze, Frame, Interpreter};

use crate::calls::{ApiRole, CallCache, CallInfo};
use crate::containers::ContainerOp;
use crate::facts::{Facts, Key};
use crate::program::{MethodId, Program};
use crate::sources::MockApis;
use crate::state::State;
use crate::value::{Contents, Value, ARRAY, COLL, CONTAINER, FACTORY, MOCK, NESTED, VERIFIER};
use mimic_classfile::bootstrap::lambda_target;

/// Allocation identities at or above this are the method's parameters (base + slot).
pub const PARAM_BASE: u32 = 0x8000_0000;

/// Shared inputs of a method analysis.
pub struct Context<'a> {
    pub program: &'a Program,
    pub apis: &'a MockApis,
    pub facts: &'a mut Facts,
    pub calls: &'a mut CallCache,
    pub interprocedural: bool,
}

/// What one invoke-like instruction turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteKind {
    /// `invokevirtual`/`invokeinterface`/`invokespecial` (constructors excluded).
    Instance,
    /// `invokestatic` on a class mocked by `mockStatic` in scope.
    StaticMocked,
    /// `invokedynamic` binding a method reference to a mock receiver (`mock::foo`).
    MethodReference,
}

/// An invoke site with the receiver's abstract value.
#[derive(Debug, Clone)]
pub struct Site {
    pub index: usize,
    pub offset: u32,
    pub kind: SiteKind,
    pub owner: String,
    pub name: String,
    pub descriptor: String,
    /// The receiver (for static mocks and method references: the mock's value).
    pub receiver: Value,
}

/// The outcome of analysing one method.
#[derive(Debug, Default, Clone)]
pub struct MethodResult {
    pub sites: Vec<Site>,
    /// (offset, via id) of each mock-creation call.
    pub creations: Vec<(u32, u32)>,
    /// (offset, ARRAY or COLL) of each write of a mock into a container.
    pub container_writes: Vec<(u32, u8)>,
    /// Union of the flags of every value the method touched.
    pub seen: u8,
    /// Facts the analysis read (the driver re-runs it when they change).
    pub reads: Vec<Key>,
    /// Why the method could not be (fully) analysed.
    pub problem: Option<String>,
    /// Number of instance invocations (`invokevirtual`/`interface`/`special`, constructors
    /// included, as Jimple's `InstanceInvokeExpr`s).
    pub instance_invokes: usize,
}

/// What the method shows, by bytecode offset, joined over every visit of the engine.
#[derive(Default)]
struct Observed {
    receivers: BTreeMap<u32, Value>,
    statics: BTreeMap<u32, Value>,
    method_refs: BTreeMap<u32, Value>,
    creations: BTreeMap<u32, u32>,
    writes: BTreeMap<u32, u8>,
    seen: u8,
    reads: Vec<Key>,
}

/// The mock analysis of one method, plugged into [`mimic_flow::analyze`].
struct Mocks<'c, 'a> {
    ctx: &'c mut Context<'a>,
    class: u32,
    method: MethodId,
    initializer: bool,
    obs: Observed,
}

/// Analyses method `id`.
pub fn analyse_method(ctx: &mut Context<'_>, id: MethodId) -> MethodResult {
    let program = ctx.program;
    let (class_index, _) = program.methods[id as usize];
    let (class, method) = program.method(id);
    let Some(code) = &method.code else {
        return MethodResult::default();
    };
    let md = match MethodDescriptor::parse(&method.descriptor) {
        Ok(md) => md,
        Err(e) => {
            return MethodResult {
                problem: Some(e.to_string()),
                ..MethodResult::default()
            }
        }
    };

    // Entry frame: `this` and the parameters, each with its own identity.
    let initializer = crate::discovery::role(program, class, method).initializes_fields()
        || ctx.facts.initializer[id as usize];
    let mut locals = vec![Value::NONE; code.max_locals as usize];
    let mut slot = 0usize;
    let mut param_slots = Vec::new();
    if !method.is_static() {
        param_slots.push((0usize, None));
        slot = 1;
    }
    for (pi, p) in md.params.iter().enumerate() {
        param_slots.push((slot, Some(pi)));
        slot += p.slots() as usize;
    }
    if locals.len() < slot {
        locals.resize(slot, Value::NONE);
    }
    let mut obs = Observed {
        reads: vec![Key::Params(id)],
        ..Observed::default()
    };
    for (s, pi) in param_slots {
        let mut v = Value {
            alloc: PARAM_BASE + s as u32,
            ..Value::NONE
        };
        if ctx.interprocedural {
            if let Some(p) = ctx.facts.params[id as usize].get(s) {
                v = v.join(p);
                v.alloc = PARAM_BASE + s as u32;
            }
        }
        if let Some(pi) = pi {
            if let Some(annotations) = method.parameter_annotations.get(pi) {
                if let Some(a) = annotations
                    .iter()
                    .find(|a| ctx.apis.parameter_annotations.contains(a))
                {
                    let via = ctx.facts.vias.intern(&format!(
                        "{} parameter",
                        crate::sources::annotation_label(a)
                    ));
                    v.add(MOCK, via);
                }
            }
        }
        obs.seen |= v.flags;
        locals[s] = v;
    }
    let entry = Frame {
        locals,
        stack: Vec::new(),
        state: State::default(),
    };

    let mut mocks = Mocks {
        ctx,
        class: class_index,
        method: id,
        initializer,
        obs,
    };
    let cp = &class.file.constant_pool;
    match analyze(&mut mocks, cp, code, entry) {
        Ok(analysis) => mocks.finish(&analysis.instructions, None),
        // What was seen before the engine gave up still counts.
        Err(e) => mocks.finish(&decode(&code.code).unwrap_or_default(), Some(e.to_string())),
    }
}

fn key_order(k: &Key) -> (u8, u32) {
    match *k {
        Key::Field(f) => (0, f),
        Key::Return(m) => (1, m),
        Key::Params(m) => (2, m),
        Key::ParamEffects(m) => (3, m),
    }
}

fn is_aload(op: u8) -> bool {
    matches!(op, ALOAD | ALOAD_0..=ALOAD_3)
}

fn is_astore(op: u8) -> bool {
    matches!(op, ASTORE | ASTORE_0..=ASTORE_3)
}

/// The constant-pool index an invoke refers to.
fn pool_index(insn: &Instruction) -> Option<u16> {
    match insn.operand {
        Operand::Pool(p) | Operand::Interface(p, _) => Some(p),
        _ => None,
    }
}

/// The identity of the object an instruction defines.
fn identity(insn: &Instruction) -> u32 {
    insn.offset + 1
}

/// The value of reading one element out of a container with `c`.
fn element_flags(c: &Contents) -> u8 {
    let mut f = 0;
    if c.flags & (ARRAY | COLL) != 0 {
        f |= MOCK;
    }
    if c.flags & NESTED != 0 {
        f |= ARRAY | COLL;
    }
    f
}

/// Container bits a container gets when `v` (an element) is put into it.
fn element_write_flags(v: &Value, container_bit: u8) -> u8 {
    let mut f = 0;
    if v.flags & MOCK != 0 {
        f |= container_bit;
    }
    if v.flags & CONTAINER != 0 {
        f |= NESTED;
    }
    f
}

/// Container bits a container gets when all elements of `c` are copied into it.
fn copy_flags(c: &Contents, container_bit: u8) -> u8 {
    let mut f = 0;
    if c.flags & (ARRAY | COLL) != 0 {
        f |= container_bit;
    }
    f | (c.flags & NESTED)
}

impl Interpreter for Mocks<'_, '_> {
    type Value = Value;
    type State = State;

    fn unknown(&mut self) -> Value {
        Value::NONE
    }

    fn merge(&mut self, a: &Value, b: &Value) -> Value {
        a.join(b)
    }

    fn merge_state(&mut self, a: &State, b: &State) -> State {
        let mut m = a.clone();
        m.join(b);
        m
    }

    /// `ldc`: an identity, and the class for `Foo.class` (`mockStatic(Foo.class)`).
    fn constant(&mut self, insn: &Instruction, _: &mut State) -> Value {
        let (LDC | LDC_W, &Operand::Pool(p)) = (insn.opcode, &insn.operand) else {
            return Value::NONE;
        };
        let mut v = Value::NONE;
        let cp = &self.ctx.program.classes[self.class as usize]
            .file
            .constant_pool;
        if let Ok(Constant::Class(_)) = cp.get(p) {
            if let Ok(name) = cp.class_name(p) {
                v.class_literal = self.ctx.facts.names.intern(&name);
            }
        }
        v.alloc = identity(insn);
        v
    }

    fn load(&mut self, insn: &Instruction, local: &Value, _: &mut State) -> Value {
        if is_aload(insn.opcode) {
            self.seen(*local)
        } else {
            Value::NONE
        }
    }

    fn store(&mut self, insn: &Instruction, value: Value, _: &mut State) -> Value {
        if is_astore(insn.opcode) {
            value
        } else {
            Value::NONE
        }
    }

    /// `newarray`/`anewarray`: a new identity.
    fn unary(&mut self, insn: &Instruction, _: &Value, _: &mut State) -> Value {
        match insn.opcode {
            NEWARRAY | ANEWARRAY => Value {
                alloc: identity(insn),
                ..Value::NONE
            },
            _ => Value::NONE,
        }
    }

    /// `aaload`: an element of the array.
    fn binary(&mut self, insn: &Instruction, array: &Value, _: &Value, st: &mut State) -> Value {
        if insn.opcode != AALOAD {
            return Value::NONE;
        }
        let c = st.contents(array);
        let flags = element_flags(&c);
        let via = if flags != 0 {
            self.ctx.facts.derive_via("array element", c.via)
        } else {
            0
        };
        let mut v = Value::with_flags(flags, via);
        v.alloc = identity(insn);
        self.seen(v)
    }

    /// `aastore`: the array now holds what was stored.
    fn array_store(&mut self, insn: &Instruction, [array, _, value]: [&Value; 3], st: &mut State) {
        if insn.opcode != AASTORE {
            return;
        }
        let v = st.resolved(value);
        let flags = element_write_flags(&v, ARRAY);
        if flags != 0 {
            *self.obs.writes.entry(insn.offset).or_default() |= ARRAY;
            self.fill(st, array, flags, v.via);
        }
    }

    /// A reference field: what set-up code and this method wrote into it.
    fn get_field(
        &mut self,
        insn: &Instruction,
        field: &MemberRef,
        _: Option<&Value>,
        st: &mut State,
    ) -> Value {
        let Some(id) = self.reference_field(field) else {
            return Value::NONE;
        };
        self.obs.reads.push(Key::Field(id));
        let mut v = self.ctx.facts.field(id);
        if let Some(local) = st.fields.get(id) {
            v = v.join(&local);
        }
        v.alloc = identity(insn);
        v.class_literal = 0;
        st.links.set(v.alloc, id);
        self.seen(v)
    }

    /// A reference field written: with a mock, for this method and (from set-up code)
    /// for every method; the stored object stays linked to the field.
    fn put_field(
        &mut self,
        _: &Instruction,
        field: &MemberRef,
        _: Option<&Value>,
        raw: &Value,
        st: &mut State,
    ) {
        let Some(id) = self.reference_field(field) else {
            return;
        };
        let v = st.resolved(raw);
        if raw.alloc != 0 {
            st.links.set(raw.alloc, id);
        }
        let kept = v.flags & (MOCK | CONTAINER | FACTORY | VERIFIER);
        if kept != 0 {
            let name = self.ctx.facts.names.text(id).replace('/', ".");
            let via = self.ctx.facts.derive_via(&format!("field {name}"), v.via);
            let fv = Value::with_flags(kept, via);
            st.fields.join_with(id, fv, Value::join);
            if self.initializer {
                self.ctx.facts.write_field(id, fv);
            }
        }
    }

    fn invoke(
        &mut self,
        insn: &Instruction,
        _: &MemberRef,
        receiver: Option<&Value>,
        args: &[Value],
        st: &mut State,
    ) -> Value {
        let op = insn.opcode;
        let program = self.ctx.program;
        let Some(call) = pool_index(insn).and_then(|pool| {
            self.ctx
                .calls
                .call(program, self.ctx.apis, self.class, pool, op)
        }) else {
            return Value::NONE;
        };
        let offset = insn.offset;
        let receiver = receiver.copied();
        let is_static = op == INVOKESTATIC;
        let resolved_receiver = receiver.map(|r| st.resolved(&r));
        if let Some(r) = resolved_receiver {
            if call.name != "<init>" {
                let e = self.obs.receivers.entry(offset).or_default();
                *e = e.join(&r);
                self.obs.seen |= r.flags;
            }
        }
        if is_static {
            if let Some(owner) = self.ctx.facts.names.lookup(&call.owner) {
                if let Some(via) = st.static_mocks.get(owner) {
                    let e = self.obs.statics.entry(offset).or_default();
                    *e = e.join(&Value::with_flags(MOCK, via));
                    self.obs.seen |= MOCK;
                }
            }
        }
        let resolved_args: Vec<Value> = args.iter().map(|a| st.resolved(a)).collect();

        let mut res = Value::NONE;
        match &call.api {
            ApiRole::None => {}
            ApiRole::Source(label) => {
                let via = self.ctx.facts.vias.intern(label);
                res.add(MOCK, via);
                self.obs.creations.insert(offset, via);
            }
            ApiRole::StaticSource(label) | ApiRole::ConstructionSource(label) => {
                let via = self.ctx.facts.vias.intern(label);
                self.obs.creations.insert(offset, via);
                if let Some(class) = args.first().map(|a| a.class_literal).filter(|&c| c != 0) {
                    if matches!(call.api, ApiRole::StaticSource(_)) {
                        st.static_mocks.set(class, via);
                    } else {
                        st.construction_mocks.set(class, via);
                    }
                }
            }
            ApiRole::Factory(label) => {
                let via = self.ctx.facts.vias.intern(label);
                res.add(FACTORY, via);
            }
            ApiRole::PassThrough(n) => {
                if let Some(a) = resolved_args.get(*n) {
                    res.add(a.flags & (MOCK | CONTAINER), a.via);
                }
            }
            ApiRole::Verifier => {
                if let Some(a) = resolved_args.first().filter(|a| a.is_mock()) {
                    res.add(VERIFIER, a.via);
                }
            }
        }
        if let Some(r) = resolved_receiver {
            if r.flags & FACTORY != 0 && call.ret_reference {
                if self.ctx.apis.factory_products.contains(&call.name) {
                    let via = self.ctx.facts.vias.intern(&call.label);
                    res.add(MOCK, via);
                    self.obs.creations.insert(offset, via);
                } else {
                    res.add(FACTORY, r.via);
                }
            }
            if r.flags & VERIFIER != 0 && self.ctx.apis.verifier_products.contains(&call.name) {
                res.add(MOCK, r.via);
            }
        }
        self.containers(
            offset,
            &call,
            receiver.as_ref(),
            args,
            &resolved_args,
            st,
            &mut res,
        );
        if self.ctx.interprocedural && !call.targets.is_empty() {
            self.propagate_into_test_code(
                &call,
                receiver.as_ref(),
                args,
                &resolved_args,
                st,
                &mut res,
            );
        }
        if !call.ret_reference {
            return Value::NONE;
        }
        if res.alloc == 0 {
            res.alloc = identity(insn);
        }
        self.seen(res)
    }

    /// A lambda or method reference: captured values reach the lambda body's parameters;
    /// a method reference bound to a mock is a call on it.
    fn invoke_dynamic(
        &mut self,
        insn: &Instruction,
        _: &str,
        _: &str,
        args: &[Value],
        st: &mut State,
    ) -> Value {
        let mut res = Value {
            alloc: identity(insn),
            ..Value::NONE
        };
        let Some(pool) = pool_index(insn) else {
            return self.seen(res);
        };
        let program = self.ctx.program;
        let class = &program.classes[self.class as usize];
        let cp = &class.file.constant_pool;
        let captured: Vec<Value> = args.iter().map(|c| st.resolved(c)).collect();
        if let Some(t) = lambda_target(cp, &class.bootstraps, pool) {
            let bound_receiver = matches!(t.kind, 5 | 7 | 9);
            let targets: Vec<MethodId> = match t.kind {
                5 | 9 => {
                    program.resolve_virtual(&t.method.owner, &t.method.name, &t.method.descriptor)
                }
                _ => program
                    .resolve_direct(&t.method.owner, &t.method.name, &t.method.descriptor)
                    .into_iter()
                    .collect(),
            };
            if targets.is_empty() {
                // A method reference into production or library code: bound to a mock,
                // each call through the functional interface is a call on the mock.
                if bound_receiver {
                    if let Some(r) = captured.first().filter(|r| r.is_mock()) {
                        let e = self.obs.method_refs.entry(insn.offset).or_default();
                        *e = e.join(r);
                        self.obs.seen |= MOCK;
                    }
                }
            } else if self.ctx.interprocedural {
                let labels_route = "captured by lambda";
                for &target in &targets {
                    let (_, m) = program.method(target);
                    let Ok(tmd) = MethodDescriptor::parse(&m.descriptor) else {
                        continue;
                    };
                    let mut slots = Vec::new();
                    let mut s = 0usize;
                    if !m.is_static() {
                        slots.push(0usize);
                        s = 1;
                    }
                    for p in &tmd.params {
                        slots.push(s);
                        s += p.slots() as usize;
                    }
                    // Record how many entry slots are captured, so elements go after them.
                    let captured_slots = slots.get(captured.len()).copied().unwrap_or(s);
                    self.ctx
                        .facts
                        .lambda_captured
                        .insert(target, captured_slots);
                    for (k, c) in captured.iter().enumerate() {
                        if let Some(&slot) = slots.get(k) {
                            if c.flags != 0 {
                                let via = self.ctx.facts.derive_via(labels_route, c.via);
                                self.ctx
                                    .facts
                                    .write_param(target, slot, Value { via, ..*c });
                            }
                        }
                    }
                    if self.initializer {
                        self.ctx.facts.mark_initializer(target);
                    }
                }
                res.lambda = targets[0] + 1;
            }
        }
        self.seen(res)
    }

    /// `new`: a new identity; a mock where `mockConstruction` covers the class.
    fn new_object(&mut self, insn: &Instruction, st: &mut State) -> Value {
        let mut v = Value {
            alloc: identity(insn),
            ..Value::NONE
        };
        if let Operand::Pool(p) = insn.operand {
            let cp = &self.ctx.program.classes[self.class as usize]
                .file
                .constant_pool;
            if let Ok(name) = cp.class_name(p) {
                if let Some(id) = self.ctx.facts.names.lookup(&name) {
                    if let Some(via) = st.construction_mocks.get(id) {
                        v.add(MOCK, via);
                    }
                }
            }
        }
        self.seen(v)
    }

    fn new_multi_array(&mut self, insn: &Instruction, _: &[Value], _: &mut State) -> Value {
        Value {
            alloc: identity(insn),
            ..Value::NONE
        }
    }

    /// `areturn`: what the method returns, for its callers.
    fn exit(&mut self, insn: &Instruction, value: Option<&Value>, st: &mut State) {
        if let (ARETURN, Some(raw), true) = (insn.opcode, value, self.ctx.interprocedural) {
            let v = st.resolved(raw);
            self.ctx.facts.write_return(self.method, v);
        }
    }
}

mod effects;
