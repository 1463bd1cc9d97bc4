//! The abstract interpreter for one method: a worklist over basic blocks (branches,
//! switches, `jsr`/`ret`, exception handlers) computing, for every program point, which
//! locals and operand-stack slots may hold mocks or mock-holding containers, and
//! recording what the method shows: invocations on mocks, mock-creation sites, container
//! writes. Every opcode's stack effect is modelled in slots (`long`/`double` take two),
//! so `dup2`, `pop2` and friends are exact. Effects on other methods (their parameters,
//! fields written by set-up code, returns) go into [`Facts`].

use std::rc::Rc;

use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::{Constant, FieldType, MethodDescriptor};

use crate::calls::{ApiRole, CallCache, CallInfo};
use crate::containers::ContainerOp;
use crate::facts::{Facts, Key};
use crate::lambda::lambda_target;
use crate::program::{MethodId, Program};
use crate::sources::MockApis;
use crate::state::State;
use crate::value::{Contents, Value, ARRAY, COLL, CONTAINER, FACTORY, MOCK, NESTED, VERIFIER};

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

struct Observed {
    receivers: Vec<Value>,
    statics: Vec<Value>,
    method_refs: Vec<Value>,
    creations: Vec<u32>,
    writes: Vec<u8>,
    seen: u8,
    reads: Vec<Key>,
}

struct Frame<'c, 'a> {
    ctx: &'c mut Context<'a>,
    class: u32,
    method: MethodId,
    initializer: bool,
    insns: &'c [Instruction],
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
    let insns = match decode(&code.code) {
        Ok(i) => i,
        Err(e) => {
            return MethodResult {
                problem: Some(format!("undecodable bytecode: {e}")),
                ..MethodResult::default()
            }
        }
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
    let n = insns.len();
    let mut index_of = vec![u32::MAX; code.code.len() + 1];
    for (i, insn) in insns.iter().enumerate() {
        index_of[insn.offset as usize] = i as u32;
    }
    index_of[code.code.len()] = n as u32;
    let at = |offset: u32| -> Option<usize> {
        index_of
            .get(offset as usize)
            .copied()
            .filter(|&i| i != u32::MAX && (i as usize) < n)
            .map(|i| i as usize)
    };

    // Basic blocks.
    let mut leader = vec![false; n];
    if n > 0 {
        leader[0] = true;
    }
    let mut jsr_returns = Vec::new();
    for (i, insn) in insns.iter().enumerate() {
        let (falls, targets) = successors(insn);
        for t in targets {
            if let Some(j) = at(t) {
                leader[j] = true;
            }
        }
        if matches!(insn.opcode, 0xa8 | 0xc9) && i + 1 < n {
            jsr_returns.push(i + 1);
        }
        if (!falls || is_branch(insn.opcode)) && i + 1 < n {
            leader[i + 1] = true;
        }
    }
    let mut handlers = Vec::new();
    for h in &code.exception_table {
        if let (Some(s), Some(hp)) = (at(h.start_pc as u32), at(h.handler_pc as u32)) {
            let e = index_of
                .get(h.end_pc as usize)
                .copied()
                .filter(|&i| i != u32::MAX)
                .map_or(n, |i| i as usize);
            leader[hp] = true;
            leader[s] = true;
            if e < n {
                leader[e] = true;
            }
            handlers.push((s, e, hp));
        }
    }
    for &r in &jsr_returns {
        leader[r] = true;
    }
    let block_of: Vec<usize> = {
        let mut b = 0usize;
        let mut out = Vec::with_capacity(n);
        for (i, &l) in leader.iter().enumerate() {
            if l && i > 0 {
                b += 1;
            }
            out.push(b);
        }
        out
    };
    let starts: Vec<usize> = (0..n).filter(|&i| leader[i]).collect();

    // Entry state.
    let initializer = crate::discovery::role(program, class, method).initializes_fields()
        || ctx.facts.initializer[id as usize];
    let mut entry = State {
        locals: vec![Value::NONE; code.max_locals as usize],
        ..State::default()
    };
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
    if entry.locals.len() < slot {
        entry.locals.resize(slot, Value::NONE);
    }
    let mut obs = Observed {
        receivers: vec![Value::NONE; n],
        statics: vec![Value::NONE; n],
        method_refs: vec![Value::NONE; n],
        creations: vec![0; n],
        writes: vec![0; n],
        seen: 0,
        reads: vec![Key::Params(id)],
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
        entry.locals[s] = v;
    }

    let mut frame = Frame {
        ctx,
        class: class_index,
        method: id,
        initializer,
        insns: &insns,
        obs,
    };

    let blocks = starts.len();
    let mut in_states: Vec<Option<State>> = vec![None; blocks];
    let mut queued = vec![false; blocks];
    let mut work = std::collections::VecDeque::new();
    if blocks > 0 {
        in_states[0] = Some(entry);
        queued[0] = true;
        work.push_back(0usize);
    }
    let mut steps = 0usize;
    let limit = 200 * n + 10_000;
    while let Some(b) = work.pop_front() {
        queued[b] = false;
        steps += 1;
        if steps > limit {
            frame.obs.reads.sort_unstable_by_key(key_order);
            return finish(frame, Some("no fixpoint within the step limit".into()));
        }
        let Some(mut st) = in_states[b].clone() else {
            continue;
        };
        let mut i = starts[b];
        loop {
            for &(s, e, hp) in &handlers {
                if i >= s && i < e {
                    let hb = block_of[hp];
                    let changed = match &mut in_states[hb] {
                        Some(h) => h.join_as_handler(&st),
                        slot @ None => {
                            *slot = Some(State::for_handler(&st));
                            true
                        }
                    };
                    if changed && !queued[hb] {
                        queued[hb] = true;
                        work.push_back(hb);
                    }
                }
            }
            let insn = &insns[i];
            frame.step(i, insn, &mut st);
            let (falls, targets) = successors(insn);
            let mut succ: Vec<usize> = targets.iter().filter_map(|&t| at(t)).collect();
            if matches!(insn.opcode, 0xa9) {
                succ.extend(jsr_returns.iter().copied());
            }
            let last = i + 1 >= n || leader[i + 1] || !falls || is_branch(insn.opcode);
            if !last {
                i += 1;
                continue;
            }
            if falls && i + 1 < n {
                succ.push(i + 1);
            }
            for s in succ {
                let sb = block_of[s];
                let mut entry_state = st.clone();
                if matches!(insn.opcode, 0xa8 | 0xc9) && s != i + 1 {
                    entry_state.stack.push(Value::NONE);
                }
                let changed = match &mut in_states[sb] {
                    Some(existing) => existing.join(&entry_state),
                    slot @ None => {
                        *slot = Some(entry_state);
                        true
                    }
                };
                if changed && !queued[sb] {
                    queued[sb] = true;
                    work.push_back(sb);
                }
            }
            break;
        }
    }
    finish(frame, None)
}

fn key_order(k: &Key) -> (u8, u32) {
    match *k {
        Key::Field(f) => (0, f),
        Key::Return(m) => (1, m),
        Key::Params(m) => (2, m),
        Key::ParamEffects(m) => (3, m),
    }
}

fn finish(frame: Frame<'_, '_>, problem: Option<String>) -> MethodResult {
    let Frame {
        ctx,
        class,
        insns,
        mut obs,
        ..
    } = frame;
    let program = ctx.program;
    let cp = &program.classes[class as usize].file.constant_pool;
    let mut result = MethodResult {
        problem,
        seen: obs.seen,
        ..MethodResult::default()
    };
    for (i, insn) in insns.iter().enumerate() {
        let pool = match insn.operand {
            Operand::Pool(p) | Operand::Interface(p, _) => p,
            _ => continue,
        };
        match insn.opcode {
            0xb6 | 0xb7 | 0xb9 => {
                let Ok(r) = cp.member_ref(pool) else { continue };
                result.instance_invokes += 1;
                if r.name == "<init>" {
                    continue;
                }
                result.sites.push(Site {
                    index: i,
                    offset: insn.offset,
                    kind: SiteKind::Instance,
                    owner: r.owner,
                    name: r.name,
                    descriptor: r.descriptor,
                    receiver: obs.receivers[i],
                });
            }
            0xb8 if obs.statics[i].is_mock() => {
                let Ok(r) = cp.member_ref(pool) else { continue };
                result.sites.push(Site {
                    index: i,
                    offset: insn.offset,
                    kind: SiteKind::StaticMocked,
                    owner: r.owner,
                    name: r.name,
                    descriptor: r.descriptor,
                    receiver: obs.statics[i],
                });
            }
            0xba if obs.method_refs[i].is_mock() => {
                let bootstraps = &program.classes[class as usize].bootstraps;
                let Some(t) = lambda_target(cp, bootstraps, pool) else {
                    continue;
                };
                result.sites.push(Site {
                    index: i,
                    offset: insn.offset,
                    kind: SiteKind::MethodReference,
                    owner: t.method.owner,
                    name: t.method.name,
                    descriptor: t.method.descriptor,
                    receiver: obs.method_refs[i],
                });
            }
            _ => {}
        }
        if obs.creations[i] != 0 {
            result.creations.push((insn.offset, obs.creations[i]));
        }
    }
    for (i, insn) in insns.iter().enumerate() {
        if obs.writes[i] != 0 {
            result.container_writes.push((insn.offset, obs.writes[i]));
        }
    }
    obs.reads.sort_unstable_by_key(key_order);
    obs.reads.dedup();
    result.reads = obs.reads;
    result
}

fn is_branch(op: u8) -> bool {
    matches!(op, 0x99..=0xa6 | 0xc6 | 0xc7)
}

/// (falls through, explicit targets) of an instruction.
fn successors(insn: &Instruction) -> (bool, Vec<u32>) {
    match (&insn.operand, insn.opcode) {
        (Operand::Branch(t), 0xa7 | 0xc8 | 0xa8 | 0xc9) => (false, vec![*t]),
        (Operand::Branch(t), _) => (true, vec![*t]),
        (Operand::Switch { default, targets }, _) => {
            let mut v: Vec<u32> = targets.iter().map(|(_, t)| *t).collect();
            v.push(*default);
            v.sort_unstable();
            v.dedup();
            (false, v)
        }
        (_, 0xac..=0xb1 | 0xbf | 0xa9) => (false, Vec::new()),
        _ => (true, Vec::new()),
    }
}

fn pop(st: &mut State) -> Value {
    st.stack.pop().unwrap_or(Value::NONE)
}

fn pop_n(st: &mut State, n: usize) {
    let len = st.stack.len();
    st.stack.truncate(len.saturating_sub(n));
}

fn push_n(st: &mut State, n: usize) {
    for _ in 0..n {
        st.stack.push(Value::NONE);
    }
}

fn local(st: &State, i: u16) -> Value {
    st.locals.get(i as usize).copied().unwrap_or(Value::NONE)
}

fn set_local(st: &mut State, i: u16, v: Value) {
    let i = i as usize;
    if i >= st.locals.len() {
        st.locals.resize(i + 1, Value::NONE);
    }
    st.locals[i] = v;
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

impl Frame<'_, '_> {
    fn push(&mut self, st: &mut State, v: Value) {
        self.obs.seen |= v.flags;
        st.stack.push(v);
    }

    fn identity(&self, i: usize) -> u32 {
        self.insns[i].offset + 1
    }

    /// Records that the object of `v` now holds mocks, and follows the links from that
    /// object to fields and to the caller's argument.
    fn fill(&mut self, st: &mut State, v: &Value, flags: u8, via: u32) {
        if flags == 0 || v.alloc == 0 {
            return;
        }
        self.obs.seen |= flags;
        st.fill(v, flags, via);
        let contents = st.contents(v);
        if v.alloc >= PARAM_BASE && self.ctx.interprocedural {
            let slot = (v.alloc - PARAM_BASE) as usize;
            self.ctx
                .facts
                .write_param_effect(self.method, slot, contents);
        }
        if let Some(field) = st.links.get(v.alloc) {
            let fv = Value::with_flags(contents.flags, contents.via);
            st.fields.join_with(field, fv, Value::join);
            if self.initializer {
                self.ctx.facts.write_field(field, fv);
            }
        }
    }

    fn field_id(&mut self, pool: u16) -> Option<(u32, FieldType)> {
        let program = self.ctx.program;
        let cp = &program.classes[self.class as usize].file.constant_pool;
        let r = cp.member_ref(pool).ok()?;
        let t = FieldType::parse(&r.descriptor).ok()?;
        let declarer = program.field_declarer(&r.owner, &r.name);
        let id = self
            .ctx
            .facts
            .names
            .intern(&format!("{declarer}.{}", r.name));
        Some((id, t))
    }

    fn step(&mut self, i: usize, insn: &Instruction, st: &mut State) {
        let op = insn.opcode;
        match op {
            0x00 => {}
            0x01..=0x08 | 0x0b..=0x0d | 0x10 | 0x11 => push_n(st, 1),
            0x09 | 0x0a | 0x0e | 0x0f | 0x14 => push_n(st, 2),
            0x12 | 0x13 => {
                let mut v = Value::NONE;
                if let Operand::Pool(p) = insn.operand {
                    let cp = &self.ctx.program.classes[self.class as usize]
                        .file
                        .constant_pool;
                    if let Ok(Constant::Class(_)) = cp.get(p) {
                        if let Ok(name) = cp.class_name(p) {
                            v.class_literal = self.ctx.facts.names.intern(&name);
                        }
                    }
                    v.alloc = self.identity(i);
                }
                self.push(st, v);
            }
            // Loads.
            0x15 | 0x17 | 0x1a..=0x1d | 0x22..=0x25 => push_n(st, 1),
            0x16 | 0x18 | 0x1e..=0x21 | 0x26..=0x29 => push_n(st, 2),
            0x19 | 0x2a..=0x2d => {
                let Operand::Local(l) = insn.operand else {
                    return;
                };
                let v = local(st, l);
                self.push(st, v);
            }
            // Array loads.
            0x2e | 0x30 | 0x33..=0x35 => {
                pop_n(st, 2);
                push_n(st, 1);
            }
            0x2f | 0x31 => {
                pop_n(st, 2);
                push_n(st, 2);
            }
            0x32 => {
                pop(st);
                let arr = pop(st);
                let c = st.contents(&arr);
                let flags = element_flags(&c);
                let via = if flags != 0 {
                    self.ctx.facts.derive_via("array element", c.via)
                } else {
                    0
                };
                let mut v = Value::with_flags(flags, via);
                v.alloc = self.identity(i);
                self.push(st, v);
            }
            // Stores.
            0x36 | 0x38 | 0x3b..=0x3e | 0x43..=0x46 => {
                pop(st);
                if let Operand::Local(l) = insn.operand {
                    set_local(st, l, Value::NONE);
                }
            }
            0x37 | 0x39 | 0x3f..=0x42 | 0x47..=0x4a => {
                pop_n(st, 2);
                if let Operand::Local(l) = insn.operand {
                    set_local(st, l, Value::NONE);
                    set_local(st, l + 1, Value::NONE);
                }
            }
            0x3a | 0x4b..=0x4e => {
                let v = pop(st);
                if let Operand::Local(l) = insn.operand {
                    set_local(st, l, v);
                }
            }
            // Array stores.
            0x4f | 0x51 | 0x54..=0x56 => pop_n(st, 3),
            0x50 | 0x52 => pop_n(st, 4),
            0x53 => {
                let raw = pop(st);
                let v = st.resolved(&raw);
                pop(st);
                let arr = pop(st);
                let flags = element_write_flags(&v, ARRAY);
                if flags != 0 {
                    self.obs.writes[i] |= ARRAY;
                    self.fill(st, &arr, flags, v.via);
                }
            }
            // Stack manipulation (slot-exact).
            0x57 => pop_n(st, 1),
            0x58 => pop_n(st, 2),
            0x59 => {
                let a = pop(st);
                st.stack.extend([a, a]);
            }
            0x5a => {
                let a = pop(st);
                let b = pop(st);
                st.stack.extend([a, b, a]);
            }
            0x5b => {
                let a = pop(st);
                let b = pop(st);
                let c = pop(st);
                st.stack.extend([a, c, b, a]);
            }
            0x5c => {
                let a = pop(st);
                let b = pop(st);
                st.stack.extend([b, a, b, a]);
            }
            0x5d => {
                let a = pop(st);
                let b = pop(st);
                let c = pop(st);
                st.stack.extend([b, a, c, b, a]);
            }
            0x5e => {
                let a = pop(st);
                let b = pop(st);
                let c = pop(st);
                let d = pop(st);
                st.stack.extend([b, a, d, c, b, a]);
            }
            0x5f => {
                let a = pop(st);
                let b = pop(st);
                st.stack.extend([a, b]);
            }
            // Arithmetic.
            0x60 | 0x62 | 0x64 | 0x66 | 0x68 | 0x6a | 0x6c | 0x6e | 0x70 | 0x72 | 0x78 | 0x7a
            | 0x7c | 0x7e | 0x80 | 0x82 => {
                pop_n(st, 2);
                push_n(st, 1);
            }
            0x61 | 0x63 | 0x65 | 0x67 | 0x69 | 0x6b | 0x6d | 0x6f | 0x71 | 0x73 | 0x7f | 0x81
            | 0x83 => {
                pop_n(st, 4);
                push_n(st, 2);
            }
            0x79 | 0x7b | 0x7d => {
                pop_n(st, 3);
                push_n(st, 2);
            }
            0x74 | 0x76 => {
                pop_n(st, 1);
                push_n(st, 1);
            }
            0x75 | 0x77 => {
                pop_n(st, 2);
                push_n(st, 2);
            }
            0x84 => {}
            // Conversions.
            0x85 | 0x87 | 0x8c | 0x8d => {
                pop_n(st, 1);
                push_n(st, 2);
            }
            0x86 | 0x8b | 0x91..=0x93 => {
                pop_n(st, 1);
                push_n(st, 1);
            }
            0x88 | 0x89 | 0x8e | 0x90 => {
                pop_n(st, 2);
                push_n(st, 1);
            }
            0x8a | 0x8f => {
                pop_n(st, 2);
                push_n(st, 2);
            }
            // Comparisons.
            0x94 | 0x97 | 0x98 => {
                pop_n(st, 4);
                push_n(st, 1);
            }
            0x95 | 0x96 => {
                pop_n(st, 2);
                push_n(st, 1);
            }
            0x99..=0x9e | 0xc6 | 0xc7 | 0xaa | 0xab => pop_n(st, 1),
            0x9f..=0xa6 => pop_n(st, 2),
            0xa7 | 0xc8 | 0xa8 | 0xc9 | 0xa9 => {}
            // Returns.
            0xac | 0xae | 0xad | 0xaf | 0xb1 => {}
            0xb0 => {
                let raw = pop(st);
                let v = st.resolved(&raw);
                if self.ctx.interprocedural {
                    self.ctx.facts.write_return(self.method, v);
                }
            }
            0xb2 | 0xb4 => {
                if op == 0xb4 {
                    pop(st);
                }
                let Operand::Pool(p) = insn.operand else {
                    return;
                };
                let Some((id, t)) = self.field_id(p) else {
                    push_n(st, 1);
                    return;
                };
                if !t.is_reference() {
                    push_n(st, t.slots() as usize);
                    return;
                }
                self.obs.reads.push(Key::Field(id));
                let mut v = self.ctx.facts.field(id);
                if let Some(local) = st.fields.get(id) {
                    v = v.join(&local);
                }
                v.alloc = self.identity(i);
                v.class_literal = 0;
                st.links.set(v.alloc, id);
                self.push(st, v);
            }
            0xb3 | 0xb5 => {
                let Operand::Pool(p) = insn.operand else {
                    return;
                };
                let Some((id, t)) = self.field_id(p) else {
                    return;
                };
                if !t.is_reference() {
                    pop_n(st, t.slots() as usize + usize::from(op == 0xb5));
                    return;
                }
                let raw = pop(st);
                if op == 0xb5 {
                    pop(st);
                }
                let v = st.resolved(&raw);
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
            0xb6..=0xb9 => self.invoke(i, insn, st),
            0xba => self.invokedynamic(i, insn, st),
            0xbb => {
                let mut v = Value {
                    alloc: self.identity(i),
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
                self.push(st, v);
            }
            0xbc | 0xbd => {
                pop(st);
                let v = Value {
                    alloc: self.identity(i),
                    ..Value::NONE
                };
                self.push(st, v);
            }
            0xbe | 0xc1 => {
                pop(st);
                push_n(st, 1);
            }
            0xbf | 0xc2 | 0xc3 => {
                pop(st);
            }
            0xc0 => {}
            0xc5 => {
                if let Operand::MultiArray(_, dims) = insn.operand {
                    pop_n(st, dims as usize);
                }
                let v = Value {
                    alloc: self.identity(i),
                    ..Value::NONE
                };
                self.push(st, v);
            }
            _ => {}
        }
    }

    fn invoke(&mut self, i: usize, insn: &Instruction, st: &mut State) {
        let op = insn.opcode;
        let pool = match insn.operand {
            Operand::Pool(p) | Operand::Interface(p, _) => p,
            _ => return,
        };
        let program = self.ctx.program;
        let Some(call) = self
            .ctx
            .calls
            .call(program, self.ctx.apis, self.class, pool, op)
        else {
            // Unusable reference: nothing sensible to pop; leave the stack as is.
            return;
        };
        let mut args: Vec<Value> = Vec::with_capacity(call.arg_slots.len());
        for &s in call.arg_slots.iter().rev() {
            pop_n(st, s as usize - 1);
            args.push(pop(st));
        }
        args.reverse();
        let is_static = op == 0xb8;
        let receiver = if is_static { None } else { Some(pop(st)) };
        let resolved_receiver = receiver.map(|r| st.resolved(&r));
        if let Some(r) = resolved_receiver {
            if call.name != "<init>" {
                self.obs.receivers[i] = self.obs.receivers[i].join(&r);
                self.obs.seen |= r.flags;
            }
        }
        if is_static {
            if let Some(owner) = self.ctx.facts.names.lookup(&call.owner) {
                if let Some(via) = st.static_mocks.get(owner) {
                    self.obs.statics[i] = self.obs.statics[i].join(&Value::with_flags(MOCK, via));
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
                self.obs.creations[i] = via;
            }
            ApiRole::StaticSource(label) | ApiRole::ConstructionSource(label) => {
                let via = self.ctx.facts.vias.intern(label);
                self.obs.creations[i] = via;
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
                    self.obs.creations[i] = via;
                } else {
                    res.add(FACTORY, r.via);
                }
            }
            if r.flags & VERIFIER != 0 && self.ctx.apis.verifier_products.contains(&call.name) {
                res.add(MOCK, r.via);
            }
        }
        self.containers(
            i,
            &call,
            receiver.as_ref(),
            &args,
            &resolved_args,
            st,
            &mut res,
        );
        if self.ctx.interprocedural && !call.targets.is_empty() {
            self.propagate_into_test_code(
                &call,
                receiver.as_ref(),
                &args,
                &resolved_args,
                st,
                &mut res,
            );
        }
        if call.ret_slots > 0 {
            if call.ret_reference {
                if res.alloc == 0 {
                    res.alloc = self.identity(i);
                }
                self.push(st, res);
            } else {
                push_n(st, call.ret_slots as usize);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn containers(
        &mut self,
        i: usize,
        call: &CallInfo,
        receiver: Option<&Value>,
        args: &[Value],
        resolved_args: &[Value],
        st: &mut State,
        res: &mut Value,
    ) {
        let write_flags = |k: usize, a: &Value, st: &State| -> (u8, u32) {
            if call.bulk_args.get(k).copied().unwrap_or(false) {
                let c = st.contents(a);
                (copy_flags(&c, COLL), c.via)
            } else {
                (element_write_flags(a, COLL), a.via)
            }
        };
        match call.container {
            ContainerOp::None => {}
            ContainerOp::Write => {
                if let Some(r) = receiver {
                    for (k, a) in resolved_args.iter().enumerate() {
                        let (flags, via) = write_flags(k, a, st);
                        if flags != 0 {
                            self.obs.writes[i] |= COLL;
                            self.fill(st, r, flags, via);
                        }
                    }
                    if call.ret_reference && call.name != "<init>" {
                        let c = st.contents(r);
                        res.add(element_flags(&c), c.via);
                    }
                }
            }
            ContainerOp::Read => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    let f = element_flags(&c);
                    if f != 0 {
                        let via = self.ctx.facts.derive_via("collection element", c.via);
                        res.add(f, via);
                    }
                }
            }
            ContainerOp::View => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    res.add(copy_flags(&c, COLL), c.via);
                }
            }
            ContainerOp::Entries => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    if c.flags != 0 {
                        res.add(NESTED, c.via);
                    }
                }
            }
            ContainerOp::ToArray => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    let f = copy_flags(&c, ARRAY);
                    res.add(f, c.via);
                    if let Some(a) = args.first() {
                        self.fill(st, a, f, c.via);
                    }
                }
            }
            ContainerOp::Build => {
                for (k, a) in resolved_args.iter().enumerate() {
                    let (flags, via) = write_flags(k, a, st);
                    res.add(flags, via);
                }
            }
            ContainerOp::StaticRead => {
                if let Some(a) = args.first() {
                    let c = st.contents(a);
                    let f = element_flags(&c);
                    if f != 0 {
                        let via = self.ctx.facts.derive_via("collection element", c.via);
                        res.add(f, via);
                    }
                }
            }
            ContainerOp::StaticWrite => {
                if let Some(target) = args.first() {
                    let bit = if call.owner == "java/util/Arrays" {
                        ARRAY
                    } else {
                        COLL
                    };
                    for (k, a) in resolved_args.iter().enumerate().skip(1) {
                        let (flags, via) = write_flags(k, a, st);
                        let flags = if bit == ARRAY && flags & COLL != 0 {
                            (flags & !COLL) | ARRAY
                        } else {
                            flags
                        };
                        if flags != 0 {
                            self.obs.writes[i] |= bit;
                            self.fill(st, target, flags, via);
                        }
                    }
                }
            }
            ContainerOp::Identity => {
                if let Some(a) = resolved_args.first() {
                    *res = *a;
                    res.alloc = args[0].alloc;
                }
            }
        }
        // Lambdas handed to a container (`forEach`, `removeIf`, stream operations) see
        // its elements as their own parameters.
        if self.ctx.interprocedural {
            if let Some(r) = receiver {
                let c = st.contents(r);
                let f = element_flags(&c);
                if f != 0 {
                    for a in args.iter().filter(|a| a.lambda != 0) {
                        let via = self.ctx.facts.derive_via("collection element", c.via);
                        self.lambda_elements(a.lambda - 1, Value::with_flags(f, via));
                    }
                }
            }
        }
    }

    /// Gives the non-captured parameters of lambda body `target` the value `v`.
    fn lambda_elements(&mut self, target: MethodId, v: Value) {
        let program = self.ctx.program;
        let (_, m) = program.method(target);
        let Ok(md) = MethodDescriptor::parse(&m.descriptor) else {
            return;
        };
        let captured = self
            .ctx
            .facts
            .lambda_captured
            .get(&target)
            .copied()
            .unwrap_or(0);
        let mut slot = usize::from(!m.is_static());
        for p in &md.params {
            if slot >= captured && p.is_reference() {
                self.ctx.facts.write_param(target, slot, v);
            }
            slot += p.slots() as usize;
        }
    }

    fn propagate_into_test_code(
        &mut self,
        call: &Rc<CallInfo>,
        receiver: Option<&Value>,
        args: &[Value],
        resolved_args: &[Value],
        st: &mut State,
        res: &mut Value,
    ) {
        let program = self.ctx.program;
        // A call on a mock reaches the mock, not any test-code implementation.
        if receiver.is_some_and(|r| st.resolved(r).is_mock()) {
            return;
        }
        for &t in &call.targets {
            let labels = self.ctx.calls.labels(program, t);
            // The callee's `this` is never a mock: a call on a mock does not get here.
            let mut slot = usize::from(receiver.is_some());
            let mut arg_slot = Vec::with_capacity(args.len());
            for (k, a) in resolved_args.iter().enumerate() {
                arg_slot.push(slot);
                if a.flags != 0 || a.lambda != 0 {
                    let via = self.ctx.facts.derive_via(&labels.1, a.via);
                    self.ctx.facts.write_param(t, slot, Value { via, ..*a });
                }
                slot += call.arg_slots[k] as usize;
            }
            if self.initializer {
                self.ctx.facts.mark_initializer(t);
            }
            self.obs.reads.push(Key::Return(t));
            self.obs.reads.push(Key::ParamEffects(t));
            let ret = self.ctx.facts.returns[t as usize];
            if ret.flags != 0 {
                let via = self.ctx.facts.derive_via(&labels.0, ret.via);
                res.add(ret.flags, via);
            }
            let effects = self.ctx.facts.param_effects[t as usize].clone();
            for (s, c) in effects.iter().enumerate() {
                if c.flags == 0 {
                    continue;
                }
                let target = if receiver.is_some() && s == 0 {
                    receiver.copied()
                } else {
                    arg_slot.iter().position(|&x| x == s).map(|k| args[k])
                };
                if let Some(v) = target {
                    self.fill(st, &v, c.flags, c.via);
                }
            }
        }
    }

    fn invokedynamic(&mut self, i: usize, insn: &Instruction, st: &mut State) {
        let Operand::Pool(pool) = insn.operand else {
            return;
        };
        let program = self.ctx.program;
        let class = &program.classes[self.class as usize];
        let cp = &class.file.constant_pool;
        let site_desc = match cp.get(pool) {
            Ok(Constant::InvokeDynamic { name_and_type, .. }) => {
                cp.name_and_type(*name_and_type).ok().map(|(_, d)| d)
            }
            _ => None,
        };
        let Some(md) = site_desc.and_then(|d| MethodDescriptor::parse(&d).ok()) else {
            return;
        };
        let mut captured = Vec::with_capacity(md.params.len());
        for p in md.params.iter().rev() {
            pop_n(st, p.slots() as usize - 1);
            captured.push(pop(st));
        }
        captured.reverse();
        let captured: Vec<Value> = captured.iter().map(|c| st.resolved(c)).collect();
        let mut res = Value {
            alloc: self.identity(i),
            ..Value::NONE
        };
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
                        self.obs.method_refs[i] = self.obs.method_refs[i].join(r);
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
        self.push(st, res);
    }
}
