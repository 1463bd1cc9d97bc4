//! Where the values a method works on come from: an abstract interpretation of locals and
//! the operand stack over every path of a method body (branches, switches, exception
//! handlers), tracking for each reference whether it is `this`, a parameter, a field of
//! `this` or a static field, through copies, `dup`s, casts and stores to other locals.
//! The result is, for every invoke instruction, the origin of its receiver and arguments.
//!
//! The stack is modelled slot by slot (long and double take two slots), which makes the
//! `dup2`/`pop2` family exact without type information.

use std::collections::VecDeque;

use mimic_classfile::code::CodeAttribute;
use mimic_classfile::constant_pool::{Constant, MemberRef};
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::*;
use mimic_classfile::{ClassFile, ClassFileError, ConstantPool};

/// Where a value comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Anything else (computed, merged from different origins, or not a reference).
    Unknown,
    This,
    /// Declared parameter number (0-based, not counting `this`).
    Param(u16),
    /// A field read from `this` (owner as named by the `getfield`).
    Field {
        owner: String,
        name: String,
        descriptor: String,
    },
    /// A static field.
    StaticField {
        owner: String,
        name: String,
        descriptor: String,
    },
}

/// The locals and operand stack before an instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub locals: Vec<Origin>,
    pub stack: Vec<Origin>,
}

impl Frame {
    /// The entry frame of a method: `this` (unless static) then one origin per
    /// parameter (`params[i]`, default `Param(i)`), long/double taking two slots.
    pub fn entry(
        is_static: bool,
        descriptor: &MethodDescriptor,
        max_locals: u16,
        params: Option<&[Origin]>,
        this: Origin,
    ) -> Frame {
        let mut locals = Vec::new();
        if !is_static {
            locals.push(this);
        }
        for (i, p) in descriptor.params.iter().enumerate() {
            let o = params
                .and_then(|ps| ps.get(i).cloned())
                .unwrap_or(Origin::Param(i as u16));
            locals.push(o);
            if p.slots() == 2 {
                locals.push(Origin::Unknown);
            }
        }
        while locals.len() < max_locals as usize {
            locals.push(Origin::Unknown);
        }
        Frame {
            locals,
            stack: Vec::new(),
        }
    }
}

/// An invoke instruction with the origins of its receiver and arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub offset: u32,
    pub opcode: u8,
    pub callee: MemberRef,
    /// `None` for `invokestatic`.
    pub receiver: Option<Origin>,
    pub args: Vec<Origin>,
}

fn merge(a: &Origin, b: &Origin) -> Origin {
    if a == b {
        a.clone()
    } else {
        Origin::Unknown
    }
}

fn merge_frames(old: &Frame, new: &Frame) -> Result<Frame, String> {
    if old.stack.len() != new.stack.len() {
        return Err(format!(
            "stack heights {} and {} meet",
            old.stack.len(),
            new.stack.len()
        ));
    }
    Ok(Frame {
        locals: old
            .locals
            .iter()
            .zip(&new.locals)
            .map(|(a, b)| merge(a, b))
            .collect(),
        stack: old
            .stack
            .iter()
            .zip(&new.stack)
            .map(|(a, b)| merge(a, b))
            .collect(),
    })
}

/// Interpret a method body from `entry`; returns every invoke with its origins.
pub fn calls(
    class: &ClassFile,
    code: &CodeAttribute,
    entry: Frame,
) -> Result<Vec<Call>, ClassFileError> {
    let cp = &class.constant_pool;
    let insns = decode(&code.code)?;
    let index_of = |offset: u32| insns.binary_search_by_key(&offset, |i| i.offset).ok();
    let fail = |offset: u32, why: String| {
        ClassFileError::malformed(offset as usize, format!("dataflow: {why}"))
    };
    let mut states: Vec<Option<Frame>> = vec![None; insns.len()];
    let mut calls: Vec<Option<Call>> = vec![None; insns.len()];
    let mut work = VecDeque::new();
    if insns.is_empty() {
        return Ok(Vec::new());
    }
    states[0] = Some(entry);
    work.push_back(0usize);
    let mut steps = 0usize;
    while let Some(i) = work.pop_front() {
        steps += 1;
        if steps > 200_000 {
            return Err(fail(insns[i].offset, "does not converge".into()));
        }
        let insn = &insns[i];
        let before = states[i].clone().expect("queued instructions have a state");
        let mut frame = before.clone();
        let effect = step(&mut frame, insn, cp).map_err(|e| fail(insn.offset, e))?;
        if let Some(call) = effect.call {
            calls[i] = Some(call);
        }
        // (target offset, frame) pairs, then the fall-through.
        let mut targets: Vec<(u32, Frame)> = Vec::new();
        match &insn.operand {
            Operand::Branch(t) if insn.opcode == JSR || insn.opcode == JSR_W => {
                let mut sub = frame.clone();
                sub.stack.push(Origin::Unknown);
                targets.push((*t, sub));
            }
            Operand::Branch(t) => targets.push((*t, frame.clone())),
            Operand::Switch {
                default,
                targets: cases,
            } => {
                targets.push((*default, frame.clone()));
                targets.extend(cases.iter().map(|(_, t)| (*t, frame.clone())));
            }
            _ => {}
        }
        // Exception handlers see the locals before and after this instruction.
        for h in &code.exception_table {
            if (h.start_pc as u32) <= insn.offset && insn.offset < h.end_pc as u32 {
                for locals in [&before.locals, &frame.locals] {
                    targets.push((
                        h.handler_pc as u32,
                        Frame {
                            locals: locals.clone(),
                            stack: vec![Origin::Unknown],
                        },
                    ));
                }
            }
        }
        let mut successors: Vec<(usize, Frame)> = Vec::with_capacity(targets.len() + 1);
        for (offset, f) in targets {
            let j = index_of(offset).ok_or_else(|| {
                fail(
                    insn.offset,
                    format!("jump into the middle of an instruction at {offset}"),
                )
            })?;
            successors.push((j, f));
        }
        if !effect.ends_flow {
            if i + 1 < insns.len() {
                successors.push((i + 1, frame));
            } else {
                return Err(fail(insn.offset, "code falls off the end".into()));
            }
        }
        for (j, f) in successors {
            let merged = match &states[j] {
                None => f,
                Some(old) => {
                    let m = merge_frames(old, &f).map_err(|e| fail(insns[j].offset, e))?;
                    if &m == old {
                        continue;
                    }
                    m
                }
            };
            states[j] = Some(merged);
            if !work.contains(&j) {
                work.push_back(j);
            }
        }
    }
    Ok(calls.into_iter().flatten().collect())
}

struct Effect {
    call: Option<Call>,
    ends_flow: bool,
}

fn pop(f: &mut Frame) -> Result<Origin, String> {
    f.stack
        .pop()
        .ok_or_else(|| "operand stack underflow".to_string())
}

fn pop_n(f: &mut Frame, n: usize) -> Result<(), String> {
    for _ in 0..n {
        pop(f)?;
    }
    Ok(())
}

fn push_n(f: &mut Frame, n: usize) {
    for _ in 0..n {
        f.stack.push(Origin::Unknown);
    }
}

fn set_local(f: &mut Frame, slot: u16, values: &[Origin]) -> Result<(), String> {
    let s = slot as usize;
    if s + values.len() > f.locals.len() {
        return Err(format!(
            "local {slot} is beyond max_locals {}",
            f.locals.len()
        ));
    }
    f.locals[s..s + values.len()].clone_from_slice(values);
    Ok(())
}

fn field_slots(cp: &ConstantPool, index: u16) -> Result<(MemberRef, usize), String> {
    let r = cp.member_ref(index).map_err(|e| e.to_string())?;
    let t = FieldType::parse(&r.descriptor).map_err(|e| e.to_string())?;
    let n = t.slots() as usize;
    Ok((r, n))
}

/// Slots pushed by `ldc`/`ldc_w`: 1, whatever the constant (`ldc2_w` pushes 2).
fn ldc_slots(cp: &ConstantPool, index: u16) -> Result<usize, String> {
    match cp.get(index).map_err(|e| e.to_string())? {
        Constant::Long(_) | Constant::Double(_) => Ok(2),
        Constant::Dynamic { name_and_type, .. } => {
            let (_, d) = cp
                .name_and_type(*name_and_type)
                .map_err(|e| e.to_string())?;
            Ok(if d == "J" || d == "D" { 2 } else { 1 })
        }
        _ => Ok(1),
    }
}

/// Apply one instruction to the frame.
fn step(f: &mut Frame, insn: &Instruction, cp: &ConstantPool) -> Result<Effect, String> {
    let op = insn.opcode;
    let mut call = None;
    let mut ends_flow = false;
    let local = || match insn.operand {
        Operand::Local(n) => Ok(n),
        _ => Err("load/store without a local".to_string()),
    };
    match op {
        NOP => {}
        ACONST_NULL..=0x08 | BIPUSH | SIPUSH | FCONST_0..=FCONST_2 => push_n(f, 1),
        LCONST_0 | LCONST_1 | DCONST_0 | DCONST_1 | LDC2_W => push_n(f, 2),
        LDC | LDC_W => {
            let Operand::Pool(i) = insn.operand else {
                return Err("ldc without index".into());
            };
            let n = ldc_slots(cp, i)?;
            push_n(f, n);
        }
        // Loads.
        ILOAD | FLOAD | 0x1a..=0x1d | 0x22..=0x25 => push_n(f, 1),
        LLOAD | DLOAD | 0x1e..=0x21 | 0x26..=0x29 => push_n(f, 2),
        ALOAD | 0x2a..=0x2d => {
            let n = local()? as usize;
            let v = f
                .locals
                .get(n)
                .cloned()
                .ok_or_else(|| format!("aload of local {n} beyond max_locals"))?;
            f.stack.push(v);
        }
        // Array loads: arrayref, index → value.
        0x2e | 0x30 | 0x32..=0x35 => {
            pop_n(f, 2)?;
            push_n(f, 1);
        }
        0x2f | 0x31 => {
            pop_n(f, 2)?;
            push_n(f, 2);
        }
        // Stores.
        ISTORE | FSTORE | 0x3b..=0x3e | 0x43..=0x46 => {
            pop(f)?;
            set_local(f, local()?, &[Origin::Unknown])?;
        }
        LSTORE | DSTORE | 0x3f..=0x42 | 0x47..=0x4a => {
            pop_n(f, 2)?;
            set_local(f, local()?, &[Origin::Unknown, Origin::Unknown])?;
        }
        ASTORE | 0x4b..=0x4e => {
            let v = pop(f)?;
            set_local(f, local()?, &[v])?;
        }
        // Array stores: arrayref, index, value.
        0x4f | 0x51 | 0x53..=0x56 => pop_n(f, 3)?,
        0x50 | 0x52 => pop_n(f, 4)?,
        POP => pop_n(f, 1)?,
        POP2 => pop_n(f, 2)?,
        DUP => {
            let v = f.stack.last().cloned().ok_or("dup on an empty stack")?;
            f.stack.push(v);
        }
        DUP_X1 | DUP_X2 | DUP2 | DUP2_X1 | DUP2_X2 => {
            // (slots copied, slots skipped below them)
            let (copy, under) = match op {
                DUP_X1 => (1, 1),
                DUP_X2 => (1, 2),
                DUP2 => (2, 0),
                DUP2_X1 => (2, 1),
                _ => (2, 2),
            };
            let len = f.stack.len();
            if len < copy + under {
                return Err("operand stack underflow".into());
            }
            let top: Vec<Origin> = f.stack[len - copy..].to_vec();
            let at = len - copy - under;
            for (k, v) in top.into_iter().enumerate() {
                f.stack.insert(at + k, v);
            }
        }
        SWAP => {
            let a = pop(f)?;
            let b = pop(f)?;
            f.stack.push(a);
            f.stack.push(b);
        }
        // Arithmetic: add, sub, mul, div, rem over int, long, float, double.
        0x60..=0x73 => match (op - 0x60) % 4 {
            0 | 2 => {
                pop_n(f, 2)?;
                push_n(f, 1);
            }
            _ => {
                pop_n(f, 4)?;
                push_n(f, 2);
            }
        },
        0x74 | 0x76 => {
            pop_n(f, 1)?;
            push_n(f, 1);
        }
        0x75 | 0x77 => {
            pop_n(f, 2)?;
            push_n(f, 2);
        }
        // Shifts: value, int amount.
        0x78 | 0x7a | 0x7c => {
            pop_n(f, 2)?;
            push_n(f, 1);
        }
        0x79 | 0x7b | 0x7d => {
            pop_n(f, 3)?;
            push_n(f, 2);
        }
        // and, or, xor.
        0x7e | 0x80 | 0x82 => {
            pop_n(f, 2)?;
            push_n(f, 1);
        }
        0x7f | 0x81 | 0x83 => {
            pop_n(f, 4)?;
            push_n(f, 2);
        }
        IINC => {}
        // Conversions: (slots popped, slots pushed).
        0x85..=0x93 => {
            let (p, q) = match op {
                0x85 => (1, 2),
                0x86 => (1, 1),
                0x87 => (1, 2),
                0x88 => (2, 1),
                0x89 => (2, 1),
                0x8a => (2, 2),
                0x8b => (1, 1),
                0x8c => (1, 2),
                0x8d => (1, 2),
                0x8e => (2, 1),
                0x8f => (2, 2),
                0x90 => (2, 1),
                _ => (1, 1),
            };
            pop_n(f, p)?;
            push_n(f, q);
        }
        0x94 | 0x97 | 0x98 => {
            pop_n(f, 4)?;
            push_n(f, 1);
        }
        0x95 | 0x96 => {
            pop_n(f, 2)?;
            push_n(f, 1);
        }
        IFEQ..=0x9e | IFNULL | IFNONNULL => pop_n(f, 1)?,
        IF_ICMPEQ..=IF_ACMPNE => pop_n(f, 2)?,
        GOTO | GOTO_W => ends_flow = true,
        // The subroutine is followed as a branch (with its return address pushed, see
        // `calls`); flow resumes after it as if it returned.
        JSR | JSR_W => {}
        RET => ends_flow = true,
        TABLESWITCH | LOOKUPSWITCH => {
            pop_n(f, 1)?;
            ends_flow = true;
        }
        IRETURN..=RETURN | ATHROW => ends_flow = true,
        GETSTATIC => {
            let Operand::Pool(i) = insn.operand else {
                return Err("getstatic without index".into());
            };
            let (r, n) = field_slots(cp, i)?;
            if n == 1 {
                f.stack.push(Origin::StaticField {
                    owner: r.owner,
                    name: r.name,
                    descriptor: r.descriptor,
                });
            } else {
                push_n(f, 2);
            }
        }
        PUTSTATIC => {
            let Operand::Pool(i) = insn.operand else {
                return Err("putstatic without index".into());
            };
            let (_, n) = field_slots(cp, i)?;
            pop_n(f, n)?;
        }
        GETFIELD => {
            let Operand::Pool(i) = insn.operand else {
                return Err("getfield without index".into());
            };
            let (r, n) = field_slots(cp, i)?;
            let receiver = pop(f)?;
            if n == 1 && receiver == Origin::This {
                f.stack.push(Origin::Field {
                    owner: r.owner,
                    name: r.name,
                    descriptor: r.descriptor,
                });
            } else {
                push_n(f, n);
            }
        }
        PUTFIELD => {
            let Operand::Pool(i) = insn.operand else {
                return Err("putfield without index".into());
            };
            let (_, n) = field_slots(cp, i)?;
            pop_n(f, n + 1)?;
        }
        INVOKEVIRTUAL..=INVOKEINTERFACE => {
            let i = match insn.operand {
                Operand::Pool(i) | Operand::Interface(i, _) => i,
                _ => return Err("invoke without index".into()),
            };
            let callee = cp.member_ref(i).map_err(|e| e.to_string())?;
            let desc = MethodDescriptor::parse(&callee.descriptor).map_err(|e| e.to_string())?;
            let mut args = Vec::with_capacity(desc.params.len());
            for p in desc.params.iter().rev() {
                if p.slots() == 2 {
                    pop_n(f, 2)?;
                    args.push(Origin::Unknown);
                } else {
                    args.push(pop(f)?);
                }
            }
            args.reverse();
            let receiver = if op == INVOKESTATIC {
                None
            } else {
                Some(pop(f)?)
            };
            if let Some(r) = &desc.ret {
                push_n(f, r.slots() as usize);
            }
            call = Some(Call {
                offset: insn.offset,
                opcode: op,
                callee,
                receiver,
                args,
            });
        }
        INVOKEDYNAMIC => {
            let Operand::Pool(i) = insn.operand else {
                return Err("invokedynamic without index".into());
            };
            let nat = match cp.get(i).map_err(|e| e.to_string())? {
                Constant::InvokeDynamic { name_and_type, .. } => *name_and_type,
                _ => return Err("invokedynamic without InvokeDynamic constant".into()),
            };
            let (_, d) = cp.name_and_type(nat).map_err(|e| e.to_string())?;
            let desc = MethodDescriptor::parse(&d).map_err(|e| e.to_string())?;
            pop_n(f, desc.param_slots() as usize)?;
            if let Some(r) = &desc.ret {
                push_n(f, r.slots() as usize);
            }
        }
        NEW => push_n(f, 1),
        NEWARRAY | ANEWARRAY | ARRAYLENGTH | INSTANCEOF => {
            pop_n(f, 1)?;
            push_n(f, 1);
        }
        CHECKCAST => {}
        MONITORENTER | MONITOREXIT => pop_n(f, 1)?,
        MULTIANEWARRAY => {
            let Operand::MultiArray(_, dims) = insn.operand else {
                return Err("multianewarray without dims".into());
            };
            pop_n(f, dims as usize)?;
            push_n(f, 1);
        }
        other => return Err(format!("unsupported opcode 0x{other:02x}")),
    }
    Ok(Effect { call, ends_flow })
}
