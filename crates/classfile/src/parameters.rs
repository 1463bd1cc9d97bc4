//! The source names of a method's parameters, from its `MethodParameters` attribute
//! (javac `-parameters`) or, failing that, from the `LocalVariableTable` of its Code
//! (javac `-g`): the slots a parameter occupies at offset 0. `None` where neither says.

use crate::bytes::Reader;
use crate::class_file::Member;
use crate::code::CodeAttribute;
use crate::constant_pool::ConstantPool;
use crate::descriptor::{FieldType, MethodDescriptor};

/// One name per declared parameter (`this` not counted), `None` where unknown.
pub fn parameter_names(cp: &ConstantPool, method: &Member) -> Vec<Option<String>> {
    let Some(descriptor) = method
        .descriptor(cp)
        .ok()
        .and_then(|d| MethodDescriptor::parse(&d).ok())
    else {
        return Vec::new();
    };
    let count = descriptor.params.len();
    if let Some(names) = method
        .attribute(cp, "MethodParameters")
        .and_then(|a| from_method_parameters(cp, &a.data))
        .filter(|n| n.len() == count)
    {
        return names;
    }
    let is_static = method.has_flag(crate::access::STATIC);
    method
        .attribute(cp, "Code")
        .and_then(|a| CodeAttribute::parse(&a.data, cp).ok())
        .map(|code| from_local_variables(cp, &code, &descriptor.params, is_static))
        .unwrap_or_else(|| vec![None; count])
}

fn from_method_parameters(cp: &ConstantPool, data: &[u8]) -> Option<Vec<Option<String>>> {
    let mut r = Reader::new(data);
    let n = r.u1("parameters_count").ok()?;
    (0..n)
        .map(|_| {
            let name = r.u2("name_index").ok()?;
            r.u2("access_flags").ok()?;
            Some((name != 0).then(|| cp.utf8(name).ok()).flatten())
        })
        .collect()
}

fn from_local_variables(
    cp: &ConstantPool,
    code: &CodeAttribute,
    params: &[FieldType],
    is_static: bool,
) -> Vec<Option<String>> {
    // slot -> name of the local variable live at offset 0 in that slot
    let at_entry: Vec<(u16, String)> = code
        .local_variables(cp)
        .into_iter()
        .filter(|v| v.start == 0)
        .map(|v| (v.slot, v.name))
        .collect();
    let mut slot: u16 = if is_static { 0 } else { 1 };
    params
        .iter()
        .map(|p| {
            let name = at_entry
                .iter()
                .find(|(s, _)| *s == slot)
                .map(|(_, n)| n.clone());
            slot += if matches!(p, FieldType::Long | FieldType::Double) {
                2
            } else {
                1
            };
            name
        })
        .collect()
}
