//! Rewrite 2b, constructor bridging: an environment constructor (`new Date()`,
//! `new FileReader(file)`) compiled as `new C; dup; <arguments>; invokespecial C.<init>`
//! becomes `nop`s for the `new` and `dup` and `invokestatic` of a generated bridge that
//! takes the arguments, constructs the object between the call probes and returns it. The
//! stack after the site is unchanged (one initialised `C`), offsets never move, and only
//! sites with no stack map frame between `new` and `<init>` (no branch inside the
//! arguments, the javac shape of every simple `new C(a, b)`) are bridged: a frame there
//! would name the uninitialised object that no longer exists.
//!
//! The same bridge records a constructor under test (whole-program mode, issue 16): at
//! every site that builds an object of the class, the bridge reports the construction to
//! the method probes as an invocation of the constructor's MUT id (no receiver, the
//! arguments, the new object as the result; [`bridge_construction`]). A constructor cannot
//! be wrapped like a method (its body must call `super(…)` on the object it initialises),
//! so it is observed where it is called.

use crate::bridge::{build_bridge, Bridged, Site};
use crate::probe::ProbeApi;
use crate::probes::{push_params, ProbeTriple, Probed, CALL_PROBES, METHOD_PROBES};
use crate::{method_at, method_code};
use mimic_classfile::assembler::Invoke;
use mimic_classfile::class_file::ClassFile;
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::error::{ClassFileError, Result};
use mimic_classfile::frame::stack_map_offsets;
use mimic_classfile::instruction::{decode, Operand};
use mimic_classfile::opcodes::{DUP, INVOKESPECIAL, NEW, NOP};

/// Bridge the constructor call whose `new` is at `new_offset` and whose
/// `invokespecial <init>` is at `offset`; the call probes receive `site_id`.
pub fn bridge_constructor_site(
    class: &mut ClassFile,
    method_index: usize,
    new_offset: u32,
    offset: u32,
    site_id: i32,
    api: &ProbeApi,
) -> Result<Bridged> {
    bridge_new(
        class,
        method_index,
        (new_offset, offset),
        site_id,
        api,
        ("new", &CALL_PROBES),
    )
}

/// Bridge the constructor call whose `new` is at `new_offset` and whose
/// `invokespecial <init>` is at `offset` as an invocation of the constructor under test
/// `method_id`: the method probes receive it, with no receiver and the new object as the
/// result.
pub fn bridge_construction(
    class: &mut ClassFile,
    method_index: usize,
    new_offset: u32,
    offset: u32,
    method_id: i32,
    api: &ProbeApi,
) -> Result<Bridged> {
    bridge_new(
        class,
        method_index,
        (new_offset, offset),
        method_id,
        api,
        ("construct", &METHOD_PROBES),
    )
}

fn bridge_new(
    class: &mut ClassFile,
    method_index: usize,
    (new_offset, offset): (u32, u32),
    id: i32,
    api: &ProbeApi,
    (kind, probes): (&str, &ProbeTriple),
) -> Result<Bridged> {
    let (method, what) = method_at(class, method_index)?;
    let fail = |why: String| {
        ClassFileError::rewrite(format!(
            "cannot bridge the constructor at offset {offset} in {what}: {why}"
        ))
    };
    let (position, mut code) = method_code(class, &method)?;
    let insns = decode(&code.code)?;
    let at = |o: u32| insns.iter().find(|i| i.offset == o);
    let created = match at(new_offset) {
        Some(i) if i.opcode == NEW => match i.operand {
            Operand::Pool(c) => class.constant_pool.class_name(c)?,
            _ => return Err(fail("malformed new".into())),
        },
        _ => return Err(fail(format!("no new at offset {new_offset}"))),
    };
    if at(new_offset + 3).map(|i| i.opcode) != Some(DUP) {
        return Err(fail("the new is not followed by dup".into()));
    }
    let insn = at(offset)
        .filter(|i| i.opcode == INVOKESPECIAL)
        .ok_or_else(|| fail("no invokespecial there".into()))?;
    let Operand::Pool(index) = insn.operand else {
        return Err(fail("malformed invokespecial".into()));
    };
    let callee = class.constant_pool.member_ref(index)?;
    if callee.name != "<init>" || callee.owner != created {
        return Err(fail(format!(
            "the call there is {}.{}, not {created}'s constructor",
            callee.owner, callee.name
        )));
    }
    if let Some(a) = code.attribute(&class.constant_pool, "StackMapTable") {
        if let Some(frame) = stack_map_offsets(&a.data)?
            .into_iter()
            .find(|f| *f > new_offset && *f <= offset)
        {
            return Err(fail(format!(
                "a stack map frame at offset {frame} lies inside the constructor's arguments"
            )));
        }
    }

    let init_desc = MethodDescriptor::parse(&callee.descriptor)?;
    let bridge_desc = MethodDescriptor {
        params: init_desc.params.clone(),
        ret: Some(FieldType::Object(created.clone())),
    };
    // The object is now created by the bridge: `new` and `dup` go.
    for byte in &mut code.code[new_offset as usize..new_offset as usize + 4] {
        *byte = NOP;
    }
    let site = Site {
        method_index,
        position,
        offset,
        length: insn.length,
    };
    let probed = Probed {
        id,
        has_receiver: false,
        desc: &bridge_desc,
        statics: &[],
        materialize_stream: false,
    };
    let (bridge_name, bridge_descriptor) = build_bridge(
        class,
        &site,
        &mut code,
        &what,
        kind,
        &bridge_desc,
        api,
        probes,
        &probed,
        |b| {
            b.new_object(&created).dup_value();
            push_params(b, &init_desc.params, 0);
            b.invoke(
                Invoke::Special,
                &created,
                "<init>",
                &callee.descriptor,
                false,
            );
        },
    )?;
    Ok(Bridged {
        bridge_name,
        bridge_descriptor,
        callee,
    })
}
