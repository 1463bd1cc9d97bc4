//! A constructor that only stores its parameters in the fields of a new object (issue 16
//! item 2, "construct the receiver with its constructor when possible"): javac's shape
//! `aload_0; invokespecial Object.<init>; (aload_0; <load parameter>; putfield)*; return`,
//! each parameter stored once, in a field the class declares, covering every instance
//! field of the class, whose superclass is `Object`. Calling it with a recorded object's
//! field values builds that very state, so a test can write `new Meter("kg")` instead of
//! setting the fields by reflection. A constructor that checks, computes or calls anything
//! else is not one: its effects are not in the record.

use std::collections::BTreeSet;

use mimic_classfile::access::{PRIVATE, STATIC};
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::{
    ALOAD, ALOAD_0, ALOAD_3, DLOAD_3, ILOAD, ILOAD_0, INVOKESPECIAL, PUTFIELD, RETURN,
};
use mimic_classfile::{ClassFile, CodeAttribute};
use mimic_plan::FieldConstructor;

/// The field constructor of `class` (named `name`, internal), if it has one.
pub fn field_constructor(class: &ClassFile, name: &str) -> Option<FieldConstructor> {
    let cp = &class.constant_pool;
    if class.super_name().ok()?.as_deref() != Some("java/lang/Object") {
        return None;
    }
    let instance_fields: BTreeSet<String> = class
        .fields
        .iter()
        .filter(|f| f.access_flags & STATIC == 0)
        .filter_map(|f| f.name(cp).ok())
        .collect();
    class.methods.iter().find_map(|method| {
        let mname = method.name(cp).ok()?;
        if mname != "<init>" || method.access_flags & PRIVATE != 0 {
            return None;
        }
        let descriptor = method.descriptor(cp).ok()?;
        let desc = MethodDescriptor::parse(&descriptor).ok()?;
        let code = CodeAttribute::parse(&method.attribute(cp, "Code")?.data, cp).ok()?;
        let ins = decode(&code.code).ok()?;
        let fields = stores(&ins, class, name, &desc)?;
        // Each field stored once (two parameters in one field is not this shape), and
        // every field of the class.
        let assigned: BTreeSet<String> = fields.iter().cloned().collect();
        (assigned.len() == fields.len() && assigned == instance_fields)
            .then_some(FieldConstructor { descriptor, fields })
    })
}

/// The fields the parameters are stored in, in parameter order, when the body is
/// exactly the shape above.
fn stores(
    ins: &[Instruction],
    class: &ClassFile,
    name: &str,
    desc: &MethodDescriptor,
) -> Option<Vec<String>> {
    let cp = &class.constant_pool;
    let [first, init, body @ .., last] = ins else {
        return None;
    };
    if first.opcode != ALOAD_0 || init.opcode != INVOKESPECIAL || last.opcode != RETURN {
        return None;
    }
    let Operand::Pool(i) = init.operand else {
        return None;
    };
    let called = cp.member_ref(i).ok()?;
    if called.owner != "java/lang/Object" || called.name != "<init>" {
        return None;
    }
    // Local slot of each parameter.
    let mut slots = Vec::new();
    let mut slot = 1u16;
    for p in &desc.params {
        slots.push(slot);
        slot += if matches!(p, FieldType::Long | FieldType::Double) {
            2
        } else {
            1
        };
    }
    let mut fields: Vec<Option<String>> = vec![None; desc.params.len()];
    for triple in body.chunks(3) {
        let [this, load, put] = triple else {
            return None;
        };
        if this.opcode != ALOAD_0 || put.opcode != PUTFIELD {
            return None;
        }
        let index = slots.iter().position(|s| Some(*s) == load_slot(load))?;
        let Operand::Pool(f) = put.operand else {
            return None;
        };
        let field = cp.member_ref(f).ok()?;
        if field.owner != name
            || field.descriptor != desc.params[index].descriptor()
            || fields[index].is_some()
        {
            return None;
        }
        fields[index] = Some(field.name);
    }
    fields.into_iter().collect()
}

/// The local a load instruction reads.
fn load_slot(i: &Instruction) -> Option<u16> {
    match (i.opcode, &i.operand) {
        (ILOAD..=ALOAD, Operand::Local(n)) => Some(*n),
        (ILOAD_0..=DLOAD_3, _) => Some(u16::from((i.opcode - ILOAD_0) % 4)),
        (ALOAD_0..=ALOAD_3, _) => Some(u16::from(i.opcode - ALOAD_0)),
        _ => None,
    }
}
