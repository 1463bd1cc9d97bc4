//! What a method compares its `int`-like parameters with (issue 16: invocations on
//! different paths). javac compiles `if (quantity >= GROUP_SIZE)` to `iload p; bipush 10;
//! if_icmplt`, and `if (quantity <= 0)` or `if (flag)` to `iload p; ifgt`/`ifeq`: each
//! such comparison of an unchanged parameter with a constant is a threshold. Two
//! invocations whose arguments fall on different sides of one most likely took
//! different branches, which the record (calls, result) may not show. A pattern over
//! javac's shape, not a dataflow question: a parameter compared after arithmetic, or one
//! the method assigns, gives no threshold.

use std::collections::BTreeSet;

use mimic_classfile::code::CodeAttribute;
use mimic_classfile::constant_pool::{Constant, ConstantPool};
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::*;
use mimic_plan::Threshold;

/// The thresholds of a method's parameters, sorted, each once.
pub fn thresholds(
    code: &CodeAttribute,
    cp: &ConstantPool,
    desc: &MethodDescriptor,
    is_static: bool,
) -> Vec<Threshold> {
    let Ok(ins) = decode(&code.code) else {
        return Vec::new();
    };
    // Local slot of each int-like parameter (booleans, chars, bytes, shorts, ints).
    let mut slot = u16::from(!is_static);
    let mut params = Vec::new();
    for (i, t) in desc.params.iter().enumerate() {
        if matches!(
            t,
            FieldType::Boolean
                | FieldType::Byte
                | FieldType::Char
                | FieldType::Short
                | FieldType::Int
        ) {
            params.push((slot, i as u16));
        }
        slot += if matches!(t, FieldType::Long | FieldType::Double) {
            2
        } else {
            1
        };
    }
    // A parameter the method assigns is not the argument any more.
    let written: BTreeSet<u16> = ins.iter().filter_map(int_store_slot).collect();
    let param_at = |i: &Instruction| {
        let s = int_load_slot(i)?;
        params
            .iter()
            .find(|(slot, _)| *slot == s && !written.contains(slot))
            .map(|(_, p)| *p)
    };
    let mut out = BTreeSet::new();
    for (j, i) in ins.iter().enumerate() {
        if (IFEQ..=IFLE).contains(&i.opcode) && j >= 1 {
            if let Some(p) = param_at(&ins[j - 1]) {
                out.insert((p, 0));
            }
        } else if (IF_ICMPEQ..=IF_ICMPLE).contains(&i.opcode) && j >= 2 {
            let (a, b) = (&ins[j - 2], &ins[j - 1]);
            let found = match (
                param_at(a),
                int_constant(b, cp),
                int_constant(a, cp),
                param_at(b),
            ) {
                (Some(p), Some(c), _, _) | (_, _, Some(c), Some(p)) => Some((p, c)),
                _ => None,
            };
            out.extend(found);
        }
    }
    out.into_iter()
        .map(|(param, value)| Threshold { param, value })
        .collect()
}

fn int_load_slot(i: &Instruction) -> Option<u16> {
    match (i.opcode, &i.operand) {
        (ILOAD, Operand::Local(n)) => Some(*n),
        (ILOAD_0..=ILOAD_3, _) => Some(u16::from(i.opcode - ILOAD_0)),
        _ => None,
    }
}

fn int_store_slot(i: &Instruction) -> Option<u16> {
    match (i.opcode, &i.operand) {
        (ISTORE, Operand::Local(n)) => Some(*n),
        (ISTORE_0..=ISTORE_3, _) => Some(u16::from(i.opcode - ISTORE_0)),
        (IINC, Operand::Iinc(n, _)) => Some(*n),
        _ => None,
    }
}

fn int_constant(i: &Instruction, cp: &ConstantPool) -> Option<i32> {
    match (i.opcode, &i.operand) {
        (ICONST_M1..=ICONST_5, _) => Some(i32::from(i.opcode) - i32::from(ICONST_0)),
        (BIPUSH | SIPUSH, Operand::Immediate(v)) => Some(*v),
        (LDC | LDC_W, Operand::Pool(idx)) => match cp.get(*idx) {
            Ok(Constant::Integer(v)) => Some(*v),
            _ => None,
        },
        _ => None,
    }
}
