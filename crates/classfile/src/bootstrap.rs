//! The `BootstrapMethods` attribute (JVMS 4.7.23): one row per bootstrap method an
//! `invokedynamic` or dynamic constant refers to, each a method-handle index and the
//! indices of its static arguments; read ([`bootstrap_methods`]), written back
//! ([`set_bootstrap_methods`]), and resolved for the one bootstrap every analysis and
//! rewrite needs to see through: `LambdaMetafactory`, which creates lambdas and method
//! references ([`lambda_target`]). What a lambda means to an analysis is its business.

use crate::bytes::{Reader, Writer};
use crate::class_file::{Attribute, ClassFile};
use crate::constant_pool::{Constant, ConstantPool, MemberRef};
use crate::error::{ClassFileError, Result};

/// One row of the `BootstrapMethods` attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BootstrapMethod {
    /// Constant-pool index of the bootstrap `MethodHandle`.
    pub method_handle: u16,
    /// Constant-pool indices of the static arguments.
    pub arguments: Vec<u16>,
}

/// The rows of `class`'s `BootstrapMethods` attribute; empty when it has none, an error
/// when the attribute is malformed.
pub fn bootstrap_methods(class: &ClassFile) -> Result<Vec<BootstrapMethod>> {
    let cp = &class.constant_pool;
    let Some(attr) = class
        .attributes
        .iter()
        .find(|a| cp.utf8_is(a.name_index, "BootstrapMethods"))
    else {
        return Ok(Vec::new());
    };
    let mut r = Reader::new(&attr.data);
    let n = r.u2("num_bootstrap_methods")?;
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let method_handle = r.u2("bootstrap_method_ref")?;
        let count = r.u2("num_bootstrap_arguments")?;
        let arguments = (0..count)
            .map(|_| r.u2("bootstrap_argument"))
            .collect::<Result<Vec<_>>>()?;
        out.push(BootstrapMethod {
            method_handle,
            arguments,
        });
    }
    Ok(out)
}

/// Replace (or add) `class`'s `BootstrapMethods` attribute with these rows.
pub fn set_bootstrap_methods(class: &mut ClassFile, rows: &[BootstrapMethod]) -> Result<()> {
    let too_many = || ClassFileError::rewrite("more than 65535 bootstrap methods or arguments");
    let mut w = Writer::default();
    w.u2(u16::try_from(rows.len()).map_err(|_| too_many())?);
    for row in rows {
        w.u2(row.method_handle);
        w.u2(u16::try_from(row.arguments.len()).map_err(|_| too_many())?);
        for a in &row.arguments {
            w.u2(*a);
        }
    }
    let data = w.buf;
    let cp = &class.constant_pool;
    match class
        .attributes
        .iter_mut()
        .find(|a| cp.utf8_is(a.name_index, "BootstrapMethods"))
    {
        Some(attr) => attr.data = data,
        None => {
            let name_index = class.constant_pool.add_utf8("BootstrapMethods")?;
            class.attributes.push(Attribute { name_index, data });
        }
    }
    Ok(())
}

/// Method-handle kind `REF_invokeVirtual` (JVMS 5.4.3.5).
pub const REF_INVOKE_VIRTUAL: u8 = 5;
/// Method-handle kind `REF_invokeStatic`.
pub const REF_INVOKE_STATIC: u8 = 6;
/// Method-handle kind `REF_invokeInterface`.
pub const REF_INVOKE_INTERFACE: u8 = 9;

/// What an `invokedynamic` creating a lambda or method reference points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LambdaTarget {
    /// Method-handle kind (5 virtual, 6 static, 7 special, 8 newInvokeSpecial, 9 interface).
    pub kind: u8,
    pub method: MemberRef,
    /// The `invokedynamic` call-site descriptor: its parameters are the captured values.
    pub site_descriptor: String,
    /// Made by `altMetafactory` (serializable, marker interfaces, bridges), not
    /// `metafactory`.
    pub alternate: bool,
}

/// Resolves the `invokedynamic` at constant-pool index `index`; `None` when it is not a
/// `LambdaMetafactory` site (string concatenation, records, other bootstraps) or malformed.
pub fn lambda_target(
    cp: &ConstantPool,
    bootstraps: &[BootstrapMethod],
    index: u16,
) -> Option<LambdaTarget> {
    let Ok(Constant::InvokeDynamic {
        bootstrap,
        name_and_type,
    }) = cp.get(index)
    else {
        return None;
    };
    let (_, site_descriptor) = cp.name_and_type(*name_and_type).ok()?;
    let bsm = bootstraps.get(*bootstrap as usize)?;
    let Ok(Constant::MethodHandle { reference, .. }) = cp.get(bsm.method_handle) else {
        return None;
    };
    let factory = cp.member_ref(*reference).ok()?;
    if factory.owner != "java/lang/invoke/LambdaMetafactory" {
        return None;
    }
    let Ok(Constant::MethodHandle { kind, reference }) = cp.get(*bsm.arguments.get(1)?) else {
        return None;
    };
    Some(LambdaTarget {
        kind: *kind,
        method: cp.member_ref(*reference).ok()?,
        site_descriptor,
        alternate: factory.name == "altMetafactory",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class_with(data: Vec<u8>) -> ClassFile {
        let mut class = ClassFile::new("p/A", "java/lang/Object", 0x21, 61).unwrap();
        let name_index = class.constant_pool.add_utf8("BootstrapMethods").unwrap();
        class.attributes.push(Attribute { name_index, data });
        class
    }

    #[test]
    fn rows_are_read_in_order() {
        let class = class_with(vec![0, 2, 0, 7, 0, 2, 0, 8, 0, 9, 0, 10, 0, 0]);
        assert_eq!(
            bootstrap_methods(&class).unwrap(),
            vec![
                BootstrapMethod {
                    method_handle: 7,
                    arguments: vec![8, 9]
                },
                BootstrapMethod {
                    method_handle: 10,
                    arguments: vec![]
                }
            ]
        );
    }

    #[test]
    fn truncated_attribute_is_an_error_and_absent_is_empty() {
        assert!(bootstrap_methods(&class_with(vec![0, 1, 0, 7, 0, 2, 0])).is_err());
        let plain = ClassFile::new("p/B", "java/lang/Object", 0x21, 61).unwrap();
        assert!(bootstrap_methods(&plain).unwrap().is_empty());
    }
}
