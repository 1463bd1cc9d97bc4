//! The worklist: interprets a method body from its entry frame over every path (branches,
//! switches, exception handlers, subroutines), merging frames where paths meet until
//! nothing changes, and applies each opcode's stack effect (taken from the opcode family
//! in [`mimic_classfile::opcodes`]) around the [`Interpreter`] hooks.
//!
//! Choices, documented once for every analysis built on it:
//! - A handler covering an instruction is entered with the locals and the interpreter's
//!   path state both before and after that instruction, and a stack holding only the
//!   caught exception.
//! - Frames (locals, stack, and the interpreter's path state) are merged at every
//!   instruction with more than one predecessor; an instruction is interpreted again
//!   whenever its frame changes.
//! - Subroutines are handled: `jsr` jumps to its target with a return address pushed;
//!   `ret` continues after every `jsr` of the method (a sound over-approximation that
//!   needs no subroutine inlining; such code only exists in class files before Java 7).
//! - Every load, store and `iinc` checks its local index; every pop checks for underflow;
//!   reaching the end of the code, jumping into an instruction, or meeting stacks of two
//!   heights is a [`FlowError`] naming the offset.
//! - A method whose fixpoint takes more than 200,000 instruction visits (or 200 per
//!   instruction in a larger method) is [`FlowError::NoConvergence`].

use std::collections::VecDeque;

use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::{self, Kind};
use mimic_classfile::{CodeAttribute, Constant, ConstantPool, FieldType, MethodDescriptor};

use crate::error::FlowError;
use crate::frame::Frame;
use crate::interpreter::Interpreter;

/// Instructions interpreted before the engine gives up on a method: this many, or
/// [`STEPS_PER_INSTRUCTION`] times the method's instruction count if that is more.
const MAX_STEPS: usize = 200_000;

/// Visits allowed per instruction on average in a large method (its frame may change
/// that often before the fixpoint: a path state with many entries grows step by step).
const STEPS_PER_INSTRUCTION: usize = 200;

/// The result: every instruction with the frame before it (`None` if unreachable).
#[derive(Debug, Clone)]
pub struct Analysis<V, S = ()> {
    pub instructions: Vec<Instruction>,
    pub frames: Vec<Option<Frame<V, S>>>,
}

/// The frame type of interpreter `I`.
type FrameOf<I> = Frame<<I as Interpreter>::Value, <I as Interpreter>::State>;

/// Interpret `code` from `entry` until a fixpoint.
pub fn analyze<I: Interpreter>(
    interp: &mut I,
    cp: &ConstantPool,
    code: &CodeAttribute,
    entry: Frame<I::Value, I::State>,
) -> Result<Analysis<I::Value, I::State>, FlowError> {
    let insns = decode(&code.code)?;
    let mut frames: Vec<Option<Frame<I::Value, I::State>>> = vec![None; insns.len()];
    if insns.is_empty() {
        return Ok(Analysis {
            instructions: insns,
            frames,
        });
    }
    let index_of = |from: u32, target: u32| {
        insns
            .binary_search_by_key(&target, |i| i.offset)
            .map_err(|_| FlowError::BadTarget {
                offset: from,
                target,
            })
    };
    let jsr_returns: Vec<usize> = insns
        .iter()
        .enumerate()
        .filter(|(_, i)| opcodes::TABLE[i.opcode as usize].kind == Kind::Jsr)
        .map(|(k, _)| k + 1)
        .filter(|&k| k < insns.len())
        .collect();
    let mut queued = vec![false; insns.len()];
    let mut work = VecDeque::new();
    frames[0] = Some(entry);
    queued[0] = true;
    work.push_back(0usize);
    let mut steps = 0usize;
    let max_steps = MAX_STEPS.max(STEPS_PER_INSTRUCTION * insns.len());
    while let Some(i) = work.pop_front() {
        queued[i] = false;
        let insn = &insns[i];
        steps += 1;
        if steps > max_steps {
            return Err(FlowError::NoConvergence {
                offset: insn.offset,
            });
        }
        let mut frame = frames[i].clone().expect("queued instructions have a frame");
        let handlers: Vec<_> = code
            .exception_table
            .iter()
            .filter(|h| (h.start_pc as u32) <= insn.offset && insn.offset < h.end_pc as u32)
            .collect();
        let before = (!handlers.is_empty()).then(|| frame.clone());
        let flow = Step {
            interp: &mut *interp,
            cp,
            insn,
            frame: &mut frame,
        }
        .run()?;
        let mut successors: Vec<(usize, FrameOf<I>)> = Vec::new();
        match (&insn.operand, flow) {
            (Operand::Branch(t), Flow::Jsr) => {
                let mut sub = frame.clone();
                let ra = interp.return_address(insn, &mut sub.state);
                sub.stack.push(ra);
                successors.push((index_of(insn.offset, *t)?, sub));
            }
            (Operand::Branch(t), _) => successors.push((index_of(insn.offset, *t)?, frame.clone())),
            (Operand::Switch { default, targets }, _) => {
                successors.push((index_of(insn.offset, *default)?, frame.clone()));
                for (_, t) in targets {
                    successors.push((index_of(insn.offset, *t)?, frame.clone()));
                }
            }
            (_, Flow::Ret) => {
                for &r in &jsr_returns {
                    successors.push((r, frame.clone()));
                }
            }
            _ => {}
        }
        if let Some(before) = &before {
            for h in handlers {
                let j = index_of(insn.offset, h.handler_pc as u32)?;
                for f in [before, &frame] {
                    let caught = interp.caught(h.handler_pc as u32, h.catch_type);
                    successors.push((
                        j,
                        Frame {
                            locals: f.locals.clone(),
                            stack: vec![caught],
                            state: f.state.clone(),
                        },
                    ));
                }
            }
        }
        if flow == Flow::Next {
            if i + 1 < insns.len() {
                successors.push((i + 1, frame));
            } else {
                return Err(FlowError::FallsOffEnd {
                    offset: insn.offset,
                });
            }
        }
        for (j, f) in successors {
            let merged = match &frames[j] {
                None => f,
                Some(old) => {
                    let m = merge(interp, old, &f, insns[j].offset)?;
                    if &m == old {
                        continue;
                    }
                    m
                }
            };
            frames[j] = Some(merged);
            if !queued[j] {
                queued[j] = true;
                work.push_back(j);
            }
        }
    }
    Ok(Analysis {
        instructions: insns,
        frames,
    })
}

fn merge<I: Interpreter>(
    interp: &mut I,
    old: &Frame<I::Value, I::State>,
    new: &Frame<I::Value, I::State>,
    offset: u32,
) -> Result<Frame<I::Value, I::State>, FlowError> {
    if old.stack.len() != new.stack.len() {
        return Err(FlowError::HeightMismatch {
            offset,
            first: old.stack.len(),
            second: new.stack.len(),
        });
    }
    let mut join = |a: &[I::Value], b: &[I::Value]| -> Vec<I::Value> {
        a.iter().zip(b).map(|(x, y)| interp.merge(x, y)).collect()
    };
    let locals = join(&old.locals, &new.locals);
    let stack = join(&old.stack, &new.stack);
    Ok(Frame {
        locals,
        stack,
        state: interp.merge_state(&old.state, &new.state),
    })
}

/// How control leaves an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// Falls through to the next instruction (and branches, if it has targets).
    Next,
    /// Only its branch or switch targets, or nothing (returns, `athrow`).
    End,
    Jsr,
    Ret,
}

/// Slots of the type a mnemonic's first letter names (`l`/`d` take two).
fn slots_of(prefix: u8) -> usize {
    if matches!(prefix, b'l' | b'd') {
        2
    } else {
        1
    }
}

/// One instruction applied to one frame.
struct Step<'a, I: Interpreter> {
    interp: &'a mut I,
    cp: &'a ConstantPool,
    insn: &'a Instruction,
    frame: &'a mut Frame<I::Value, I::State>,
}

impl<I: Interpreter> Step<'_, I> {
    fn underflow(&self) -> FlowError {
        FlowError::StackUnderflow {
            offset: self.insn.offset,
        }
    }

    fn bad_constant(&self, why: impl ToString) -> FlowError {
        FlowError::BadConstant {
            offset: self.insn.offset,
            why: why.to_string(),
        }
    }

    /// Pop a value of `slots` slots; returns its lower slot.
    fn pop(&mut self, slots: usize) -> Result<I::Value, FlowError> {
        if self.frame.stack.len() < slots {
            return Err(self.underflow());
        }
        let at = self.frame.stack.len() - slots;
        Ok(self.frame.stack.drain(at..).next().expect("slots >= 1"))
    }

    fn push(&mut self, value: I::Value, slots: usize) {
        self.frame.stack.push(value);
        if slots == 2 {
            let filler = self.interp.unknown();
            self.frame.stack.push(filler);
        }
    }

    fn local_index(&self) -> Result<u16, FlowError> {
        let n = match self.insn.operand {
            Operand::Local(n) | Operand::Iinc(n, _) => n,
            _ => 0,
        };
        Ok(n)
    }

    fn check_local(&self, n: u16, slots: usize) -> Result<usize, FlowError> {
        let s = n as usize;
        if s + slots > self.frame.locals.len() {
            return Err(FlowError::BadLocal {
                offset: self.insn.offset,
                local: n,
                max_locals: self.frame.locals.len(),
            });
        }
        Ok(s)
    }

    fn pool(&self) -> Result<u16, FlowError> {
        match self.insn.operand {
            Operand::Pool(i) | Operand::Interface(i, _) | Operand::MultiArray(i, _) => Ok(i),
            _ => Err(self.bad_constant("instruction without a constant-pool index")),
        }
    }

    fn member(&self) -> Result<mimic_classfile::MemberRef, FlowError> {
        self.cp
            .member_ref(self.pool()?)
            .map_err(|e| self.bad_constant(e))
    }

    /// Slots pushed by `ldc`/`ldc_w` (a dynamic constant of type `J`/`D` takes two).
    fn ldc_slots(&self) -> Result<usize, FlowError> {
        match self
            .cp
            .get(self.pool()?)
            .map_err(|e| self.bad_constant(e))?
        {
            Constant::Long(_) | Constant::Double(_) => Ok(2),
            Constant::Dynamic { name_and_type, .. } => {
                let (_, d) = self
                    .cp
                    .name_and_type(*name_and_type)
                    .map_err(|e| self.bad_constant(e))?;
                Ok(if d == "J" || d == "D" { 2 } else { 1 })
            }
            _ => Ok(1),
        }
    }

    /// Pop one value per declared parameter, in declaration order.
    fn pop_args(&mut self, desc: &MethodDescriptor) -> Result<Vec<I::Value>, FlowError> {
        let mut args = Vec::with_capacity(desc.params.len());
        for p in desc.params.iter().rev() {
            args.push(self.pop(p.slots() as usize)?);
        }
        args.reverse();
        Ok(args)
    }

    fn run(mut self) -> Result<Flow, FlowError> {
        let insn = self.insn;
        let op = insn.opcode;
        let m = opcodes::TABLE[op as usize].mnemonic.as_bytes();
        match opcodes::TABLE[op as usize].kind {
            Kind::Nop => {}
            Kind::Constant => {
                let slots = match op {
                    opcodes::LDC | opcodes::LDC_W => self.ldc_slots()?,
                    opcodes::LDC2_W => 2,
                    _ => slots_of(m[0]),
                };
                let v = self.interp.constant(insn, &mut self.frame.state);
                self.push(v, slots);
            }
            Kind::Load => {
                let slots = slots_of(m[0]);
                let s = self.check_local(self.local_index()?, slots)?;
                let v = self
                    .interp
                    .load(insn, &self.frame.locals[s], &mut self.frame.state);
                self.push(v, slots);
            }
            Kind::Store => {
                let slots = slots_of(m[0]);
                let s = self.check_local(self.local_index()?, slots)?;
                let v = self.pop(slots)?;
                self.frame.locals[s] = self.interp.store(insn, v, &mut self.frame.state);
                if slots == 2 {
                    self.frame.locals[s + 1] = self.interp.unknown();
                }
            }
            Kind::ArrayLoad => {
                let index = self.pop(1)?;
                let array = self.pop(1)?;
                let v = self
                    .interp
                    .binary(insn, &array, &index, &mut self.frame.state);
                self.push(v, slots_of(m[0]));
            }
            Kind::ArrayStore => {
                let value = self.pop(slots_of(m[0]))?;
                let index = self.pop(1)?;
                let array = self.pop(1)?;
                self.interp
                    .array_store(insn, [&array, &index, &value], &mut self.frame.state);
            }
            Kind::Stack => self.stack_op(op)?,
            Kind::Unary => {
                let v = self.pop(slots_of(m[0]))?;
                let r = self.interp.unary(insn, &v, &mut self.frame.state);
                self.push(r, slots_of(m[0]));
            }
            Kind::Binary => {
                let shift = m.ends_with(b"shl") || m.ends_with(b"shr");
                let b = self.pop(if shift { 1 } else { slots_of(m[0]) })?;
                let a = self.pop(slots_of(m[0]))?;
                let r = self.interp.binary(insn, &a, &b, &mut self.frame.state);
                self.push(r, slots_of(m[0]));
            }
            Kind::Iinc => {
                let s = self.check_local(self.local_index()?, 1)?;
                let v = self.frame.locals[s].clone();
                self.frame.locals[s] = self.interp.unary(insn, &v, &mut self.frame.state);
            }
            Kind::Conversion => {
                let v = self.pop(slots_of(m[0]))?;
                let r = self.interp.unary(insn, &v, &mut self.frame.state);
                self.push(r, slots_of(m[2]));
            }
            Kind::Compare => {
                let b = self.pop(slots_of(m[0]))?;
                let a = self.pop(slots_of(m[0]))?;
                let r = self.interp.binary(insn, &a, &b, &mut self.frame.state);
                self.push(r, 1);
            }
            Kind::UnaryBranch => {
                self.pop(1)?;
            }
            Kind::BinaryBranch => {
                self.pop(1)?;
                self.pop(1)?;
            }
            Kind::Goto => return Ok(Flow::End),
            Kind::Jsr => return Ok(Flow::Jsr),
            Kind::Ret => {
                self.check_local(self.local_index()?, 1)?;
                return Ok(Flow::Ret);
            }
            Kind::Switch => {
                self.pop(1)?;
                return Ok(Flow::End);
            }
            Kind::Return => {
                let v = match m[0] {
                    b'r' => None,
                    p => Some(self.pop(slots_of(p))?),
                };
                self.interp.exit(insn, v.as_ref(), &mut self.frame.state);
                return Ok(Flow::End);
            }
            Kind::Throw => {
                let v = self.pop(1)?;
                self.interp.exit(insn, Some(&v), &mut self.frame.state);
                return Ok(Flow::End);
            }
            Kind::Field => self.field(op)?,
            Kind::Invoke => self.invoke(op)?,
            Kind::New => {
                let v = self.interp.new_object(insn, &mut self.frame.state);
                self.push(v, 1);
            }
            Kind::NewArray if op == opcodes::MULTIANEWARRAY => {
                let Operand::MultiArray(_, dims) = insn.operand else {
                    return Err(self.bad_constant("multianewarray without dimensions"));
                };
                let mut counts = Vec::with_capacity(dims as usize);
                for _ in 0..dims {
                    counts.push(self.pop(1)?);
                }
                counts.reverse();
                let v = self
                    .interp
                    .new_multi_array(insn, &counts, &mut self.frame.state);
                self.push(v, 1);
            }
            Kind::NewArray | Kind::ArrayLength => {
                let v = self.pop(1)?;
                let r = self.interp.unary(insn, &v, &mut self.frame.state);
                self.push(r, 1);
            }
            Kind::TypeCheck if op == opcodes::CHECKCAST => {
                let v = self.pop(1)?;
                let r = self.interp.cast(insn, v, &mut self.frame.state);
                self.push(r, 1);
            }
            Kind::TypeCheck => {
                let v = self.pop(1)?;
                let r = self.interp.unary(insn, &v, &mut self.frame.state);
                self.push(r, 1);
            }
            Kind::Monitor => {
                self.pop(1)?;
            }
            // The decoder folds `wide` into the instruction it modifies.
            Kind::Wide => {}
        }
        Ok(Flow::Next)
    }

    /// `pop*`, `dup*`, `swap`: slot moves, exact without types.
    fn stack_op(&mut self, op: u8) -> Result<(), FlowError> {
        let stack = &mut self.frame.stack;
        let (pops, copy, under) = match op {
            opcodes::POP => (1, 0, 0),
            opcodes::POP2 => (2, 0, 0),
            opcodes::DUP => (0, 1, 0),
            opcodes::DUP_X1 => (0, 1, 1),
            opcodes::DUP_X2 => (0, 1, 2),
            opcodes::DUP2 => (0, 2, 0),
            opcodes::DUP2_X1 => (0, 2, 1),
            opcodes::DUP2_X2 => (0, 2, 2),
            _ => {
                // swap
                let len = stack.len();
                if len < 2 {
                    return Err(self.underflow());
                }
                stack.swap(len - 1, len - 2);
                return Ok(());
            }
        };
        let len = stack.len();
        if len < pops + copy + under {
            return Err(self.underflow());
        }
        if pops > 0 {
            stack.truncate(len - pops);
            return Ok(());
        }
        let top: Vec<I::Value> = stack[len - copy..].to_vec();
        let at = len - copy - under;
        for (k, v) in top.into_iter().enumerate() {
            stack.insert(at + k, v);
        }
        Ok(())
    }

    fn field(&mut self, op: u8) -> Result<(), FlowError> {
        let field = self.member()?;
        let slots = FieldType::parse(&field.descriptor)
            .map_err(|e| self.bad_constant(e))?
            .slots() as usize;
        match op {
            opcodes::GETSTATIC => {
                let v = self
                    .interp
                    .get_field(self.insn, &field, None, &mut self.frame.state);
                self.push(v, slots);
            }
            opcodes::GETFIELD => {
                let receiver = self.pop(1)?;
                let v = self.interp.get_field(
                    self.insn,
                    &field,
                    Some(&receiver),
                    &mut self.frame.state,
                );
                self.push(v, slots);
            }
            opcodes::PUTSTATIC => {
                let v = self.pop(slots)?;
                self.interp
                    .put_field(self.insn, &field, None, &v, &mut self.frame.state);
            }
            _ => {
                let v = self.pop(slots)?;
                let receiver = self.pop(1)?;
                self.interp.put_field(
                    self.insn,
                    &field,
                    Some(&receiver),
                    &v,
                    &mut self.frame.state,
                );
            }
        }
        Ok(())
    }

    fn invoke(&mut self, op: u8) -> Result<(), FlowError> {
        if op == opcodes::INVOKEDYNAMIC {
            let nat = match self
                .cp
                .get(self.pool()?)
                .map_err(|e| self.bad_constant(e))?
            {
                Constant::InvokeDynamic { name_and_type, .. } => *name_and_type,
                _ => return Err(self.bad_constant("invokedynamic without InvokeDynamic constant")),
            };
            let (name, d) = self
                .cp
                .name_and_type(nat)
                .map_err(|e| self.bad_constant(e))?;
            let desc = MethodDescriptor::parse(&d).map_err(|e| self.bad_constant(e))?;
            let args = self.pop_args(&desc)?;
            let v = self
                .interp
                .invoke_dynamic(self.insn, &name, &d, &args, &mut self.frame.state);
            if let Some(r) = &desc.ret {
                self.push(v, r.slots() as usize);
            }
            return Ok(());
        }
        let callee = self.member()?;
        let desc = MethodDescriptor::parse(&callee.descriptor).map_err(|e| self.bad_constant(e))?;
        let args = self.pop_args(&desc)?;
        let receiver = if op == opcodes::INVOKESTATIC {
            None
        } else {
            Some(self.pop(1)?)
        };
        let v = self.interp.invoke(
            self.insn,
            &callee,
            receiver.as_ref(),
            &args,
            &mut self.frame.state,
        );
        if let Some(r) = &desc.ret {
            self.push(v, r.slots() as usize);
        }
        Ok(())
    }
}
