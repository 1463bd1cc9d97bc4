//! Rewrite 2b, method-reference bridging: a bound method reference
//! (`this.parser::nextRecord`, an `invokedynamic` whose `LambdaMetafactory` handle is
//! `invokeVirtual`/`invokeInterface` on the one object it captures) makes its call from a
//! class the JVM spins, where no call site can be bridged. So the bridge [`crate::bridge`]
//! would put at a call site (a `private static synthetic` method taking the receiver
//! first, calling the probes around the call) is added to the class, and the
//! `invokedynamic` is pointed at it: a new `BootstrapMethods` row, the same as the old
//! one but for its implementation handle (`invokeStatic` of the bridge, whose type is the
//! old handle's with the receiver first, so `LambdaMetafactory` adapts it the same way),
//! and a new `InvokeDynamic` constant naming that row. The instruction keeps its length;
//! no offset moves.

use mimic_classfile::assembler::Invoke;
use mimic_classfile::bootstrap::{
    bootstrap_methods, lambda_target, set_bootstrap_methods, REF_INVOKE_INTERFACE,
    REF_INVOKE_STATIC, REF_INVOKE_VIRTUAL,
};
use mimic_classfile::class_file::Attribute;
use mimic_classfile::constant_pool::Constant;
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::error::Result;
use mimic_classfile::instruction::Operand;
use mimic_classfile::opcodes::INVOKEDYNAMIC;
use mimic_classfile::ClassFile;

use crate::bridge::{add_bridge, Bridged, Site};
use crate::probe::ProbeApi;
use crate::probes::{push_params, Probed, CALL_PROBES};
use crate::{cannot_bridge, site_code};

/// Bridge the call the bound method reference created at `offset` of method
/// `method_index` makes; probes receive `site_id`.
pub fn bridge_method_reference(
    class: &mut ClassFile,
    method_index: usize,
    offset: u32,
    site_id: i32,
    api: &ProbeApi,
) -> Result<Bridged> {
    let (what, position, mut code, insn) =
        site_code(class, method_index, offset, "method reference")?;
    let fail = |why: String| cannot_bridge("method reference", offset, &what, &why);
    let (INVOKEDYNAMIC, Operand::Pool(index)) = (insn.opcode, &insn.operand) else {
        return Err(fail(format!(
            "the instruction there is {}",
            insn.mnemonic()
        )));
    };
    let mut rows = bootstrap_methods(class)?;
    let target = lambda_target(&class.constant_pool, &rows, *index)
        .ok_or_else(|| fail("it is no LambdaMetafactory call site".into()))?;
    let kind = match target.kind {
        REF_INVOKE_VIRTUAL => Invoke::Virtual,
        REF_INVOKE_INTERFACE => Invoke::Interface,
        k => {
            return Err(fail(format!(
                "its handle is of kind {k}, not a virtual call"
            )))
        }
    };
    if target.alternate {
        // A serializable reference is deserialized by its implementation's name.
        return Err(fail("it is made by altMetafactory".into()));
    }
    if MethodDescriptor::parse(&target.site_descriptor)?
        .params
        .len()
        != 1
    {
        return Err(fail("it captures more than its receiver".into()));
    }
    let Constant::InvokeDynamic {
        bootstrap,
        name_and_type,
    } = class.constant_pool.get(*index)?.clone()
    else {
        return Err(fail("no InvokeDynamic constant".into()));
    };
    let callee = target.method;
    let call_desc = MethodDescriptor::parse(&callee.descriptor)?;
    let receiver = FieldType::Object(callee.owner.clone());
    let mut bridge_desc = call_desc.clone();
    bridge_desc.params.insert(0, receiver.clone());
    let site = Site {
        method_index,
        position,
        offset,
        length: insn.length,
    };
    let probed = Probed {
        id: site_id,
        has_receiver: true,
        desc: &call_desc,
        statics: &[],
        materialize_stream: false,
    };
    let (bridge_name, bridge_descriptor, bridge_ref) = add_bridge(
        class,
        &site,
        &what,
        "ref",
        &bridge_desc,
        api,
        &CALL_PROBES,
        &probed,
        |b| {
            b.load(&receiver, 0);
            push_params(b, &call_desc.params, 1);
            b.invoke(
                kind,
                &callee.owner,
                &callee.name,
                &callee.descriptor,
                callee.interface,
            );
        },
    )?;
    // The reference now calls the bridge: a row like the old one but for its handle.
    let handle = class.constant_pool.add(Constant::MethodHandle {
        kind: REF_INVOKE_STATIC,
        reference: bridge_ref,
    })?;
    let mut row = rows
        .get(bootstrap as usize)
        .cloned()
        .ok_or_else(|| fail("its bootstrap row is missing".into()))?;
    row.arguments[1] = handle;
    let row_index = u16::try_from(rows.len())
        .map_err(|_| fail("the class has 65535 bootstrap rows already".into()))?;
    rows.push(row);
    set_bootstrap_methods(class, &rows)?;
    let site_constant = class.constant_pool.add(Constant::InvokeDynamic {
        bootstrap: row_index,
        name_and_type,
    })?;
    let at = offset as usize;
    code.code[at + 1..at + 3].copy_from_slice(&site_constant.to_be_bytes());
    let attribute = &mut class.methods[method_index].attributes[position];
    *attribute = Attribute {
        name_index: attribute.name_index,
        data: code.to_bytes()?,
    };
    Ok(Bridged {
        bridge_name,
        bridge_descriptor,
        callee,
    })
}
