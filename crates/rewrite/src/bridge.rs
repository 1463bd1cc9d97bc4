//! Rewrite 2, call-site bridging: the `invokevirtual`/`invokeinterface` at a given offset
//! becomes `invokestatic` of a generated `private static synthetic` bridge taking the
//! receiver first, padded with `nop`s to the original length. An `invokestatic` (an
//! environment interaction such as `System.currentTimeMillis()`) is bridged the same way,
//! with no receiver. The operand stack before
//! and after the call is unchanged, so no offset, branch, handler or frame moves.

use crate::probe::ProbeApi;
use crate::probes::{emit_probed_call, push_params, ProbeTriple, Probed, CALL_PROBES};
use crate::{cannot_bridge, fresh_method_name, method_code, site_code, MARKER};
use mimic_classfile::access::*;
use mimic_classfile::assembler::{CodeBuilder, Invoke};
use mimic_classfile::class_file::{Attribute, ClassFile};
use mimic_classfile::constant_pool::MemberRef;
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::error::{ClassFileError, Result};
use mimic_classfile::instruction::{decode, Operand};
use mimic_classfile::opcodes::{INVOKEINTERFACE, INVOKESTATIC, INVOKEVIRTUAL, NOP};

/// What bridging did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bridged {
    pub bridge_name: String,
    pub bridge_descriptor: String,
    /// The call that the bridge now performs.
    pub callee: MemberRef,
}

/// Signature-polymorphic owners: their call descriptors are not method descriptors of a
/// declared method, so a bridge could not re-issue the call faithfully.
const POLYMORPHIC_OWNERS: [&str; 2] = [
    "java/lang/invoke/MethodHandle",
    "java/lang/invoke/VarHandle",
];

/// The bridgeable call sites of a method: offsets of its `invokevirtual` and
/// `invokeinterface` instructions, with why any other such site is not bridgeable.
pub fn call_sites(
    class: &ClassFile,
    method_index: usize,
) -> Result<Vec<(u32, Result<MemberRef, String>)>> {
    let method = &class.methods[method_index];
    let (_, code) = method_code(class, method)?;
    let mut out = Vec::new();
    for insn in decode(&code.code)? {
        if insn.opcode != INVOKEVIRTUAL && insn.opcode != INVOKEINTERFACE {
            continue;
        }
        let index = match insn.operand {
            Operand::Pool(i) | Operand::Interface(i, _) => i,
            _ => continue,
        };
        let r = class
            .constant_pool
            .member_ref(index)
            .map_err(|e| e.to_string())
            .and_then(|m| {
                if POLYMORPHIC_OWNERS.contains(&m.owner.as_str()) {
                    Err(format!("{}.{} is signature-polymorphic", m.owner, m.name))
                } else {
                    Ok(m)
                }
            });
        out.push((insn.offset, r));
    }
    Ok(out)
}

/// The call the `invoke*` instruction at `offset` makes (virtual, interface or static),
/// or why there is none a bridge could take.
pub fn call_at(
    class: &ClassFile,
    method_index: usize,
    offset: u32,
) -> Result<std::result::Result<MemberRef, String>> {
    let method = &class.methods[method_index];
    let (_, code) = method_code(class, method)?;
    let Some(insn) = mimic_classfile::instruction::at(&code.code, offset)? else {
        return Ok(Err("no instruction starts there".into()));
    };
    let index = match (insn.opcode, &insn.operand) {
        (INVOKEVIRTUAL | INVOKESTATIC, Operand::Pool(i))
        | (INVOKEINTERFACE, Operand::Interface(i, _)) => *i,
        _ => return Ok(Err(format!("the instruction there is {}", insn.mnemonic()))),
    };
    Ok(class
        .constant_pool
        .member_ref(index)
        .map_err(|e| e.to_string()))
}

/// Bridge the call at `offset` of method `method_index`; probes receive `site_id`. With
/// `materialize_stream` (an environment call returning a lazy `Stream`), the bridge
/// collects the stream, reports the list and returns a stream over it.
pub fn bridge_call_site(
    class: &mut ClassFile,
    method_index: usize,
    offset: u32,
    site_id: i32,
    api: &ProbeApi,
    materialize_stream: bool,
) -> Result<Bridged> {
    let (what, position, mut code, insn) = site_code(class, method_index, offset, "call")?;
    let fail = |why: String| cannot_bridge("call", offset, &what, &why);
    let index = match (insn.opcode, &insn.operand) {
        (INVOKEVIRTUAL | INVOKESTATIC, Operand::Pool(i))
        | (INVOKEINTERFACE, Operand::Interface(i, _)) => *i,
        _ => {
            return Err(fail(format!(
                "the instruction there is {}",
                insn.mnemonic()
            )))
        }
    };
    let callee = class.constant_pool.member_ref(index)?;
    if POLYMORPHIC_OWNERS.contains(&callee.owner.as_str()) {
        return Err(fail(format!(
            "{}.{} is signature-polymorphic",
            callee.owner, callee.name
        )));
    }
    let call_desc = MethodDescriptor::parse(&callee.descriptor)?;
    let receiver = if callee.owner.starts_with('[') {
        FieldType::parse(&callee.owner)?
    } else {
        FieldType::Object(callee.owner.clone())
    };
    let is_static = insn.opcode == INVOKESTATIC;
    let mut bridge_desc = call_desc.clone();
    if !is_static {
        bridge_desc.params.insert(0, receiver.clone());
    }
    let site = Site {
        method_index,
        position,
        offset,
        length: insn.length,
    };
    let probed = Probed {
        id: site_id,
        has_receiver: !is_static,
        desc: &call_desc,
        statics: &[],
        materialize_stream,
    };
    let (bridge_name, bridge_descriptor) = build_bridge(
        class,
        &site,
        &mut code,
        &what,
        "call",
        &bridge_desc,
        api,
        &CALL_PROBES,
        &probed,
        |b| {
            if !is_static {
                b.load(&receiver, 0);
            }
            push_params(b, &call_desc.params, u16::from(!is_static));
            let kind = match insn.opcode {
                INVOKEINTERFACE => Invoke::Interface,
                INVOKESTATIC => Invoke::Static,
                _ => Invoke::Virtual,
            };
            b.invoke(
                kind,
                &callee.owner,
                &callee.name,
                &callee.descriptor,
                callee.interface,
            );
        },
    )?;
    Ok(Bridged {
        bridge_name,
        bridge_descriptor,
        callee,
    })
}

/// Where a bridged call sits: the method, its Code attribute's position among the
/// method's attributes, and the instruction (offset, length) that becomes the bridge call.
pub(crate) struct Site {
    pub method_index: usize,
    pub position: usize,
    pub offset: u32,
    pub length: u32,
}

/// Build a bridge named `{MARKER}${kind}…` with descriptor `bridge_desc` around the
/// call probes (`emit_call` performs the call itself), add it to the class, and make the
/// instruction at `site` call it: `invokestatic`, padded with `nop`s to the instruction's
/// length, in `code`, which is then written back. Returns the bridge's name and
/// descriptor.
#[allow(clippy::too_many_arguments)]
pub(crate) fn build_bridge(
    class: &mut ClassFile,
    site: &Site,
    code: &mut mimic_classfile::CodeAttribute,
    what: &str,
    kind: &str,
    bridge_desc: &MethodDescriptor,
    api: &ProbeApi,
    probes: &ProbeTriple,
    probed: &Probed,
    emit_call: impl Fn(&mut CodeBuilder),
) -> Result<(String, String)> {
    let (bridge_name, bridge_descriptor, target) = add_bridge(
        class,
        site,
        what,
        kind,
        bridge_desc,
        api,
        probes,
        probed,
        emit_call,
    )?;
    let at = site.offset as usize;
    code.code[at] = INVOKESTATIC;
    code.code[at + 1..at + 3].copy_from_slice(&target.to_be_bytes());
    for byte in &mut code.code[at + 3..at + site.length as usize] {
        *byte = NOP;
    }
    let attribute = &mut class.methods[site.method_index].attributes[site.position];
    *attribute = Attribute {
        name_index: attribute.name_index,
        data: code.to_bytes()?,
    };
    Ok((bridge_name, bridge_descriptor))
}

/// Add the bridge [`build_bridge`] describes to the class without touching the site:
/// its name, descriptor and the constant-pool index of its method reference.
#[allow(clippy::too_many_arguments)]
pub(crate) fn add_bridge(
    class: &mut ClassFile,
    site: &Site,
    what: &str,
    kind: &str,
    bridge_desc: &MethodDescriptor,
    api: &ProbeApi,
    probes: &ProbeTriple,
    probed: &Probed,
    emit_call: impl Fn(&mut CodeBuilder),
) -> Result<(String, String, u16)> {
    // Checked here, where the private method is added, for every kind of bridge.
    if class.is_interface() && class.major_version < 52 {
        return Err(ClassFileError::rewrite(format!(
            "cannot add a {kind} bridge for offset {} in {what}: interfaces before class version 52 cannot have private methods",
            site.offset
        )));
    }
    // Named after the site, so that the first candidate is free (a counter from one
    // base name made every bridge test all the names before it).
    let bridge_name = fresh_method_name(
        class,
        &format!("{MARKER}${kind}${}${}", site.method_index, site.offset),
    );
    let bridge_descriptor = bridge_desc.to_descriptor();
    let class_name = class.name()?;
    let interface = class.is_interface();
    let mut b = CodeBuilder::for_method(&mut class.constant_pool, &class_name, true, bridge_desc);
    emit_probed_call(&mut b, api, probes, probed, emit_call)?;
    let bridge_code = b
        .finish(class.major_version >= 50)
        .map_err(|e| e.in_file(what))?;
    let bridge = class.new_method(
        PRIVATE | STATIC | SYNTHETIC,
        &bridge_name,
        &bridge_descriptor,
        Some(&bridge_code),
    )?;
    let target = class.constant_pool.add_method_ref(
        &class_name,
        &bridge_name,
        &bridge_descriptor,
        interface,
    )?;
    class.methods.push(bridge);
    Ok((bridge_name, bridge_descriptor, target))
}
