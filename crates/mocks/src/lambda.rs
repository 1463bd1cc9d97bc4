//! Lambdas and method references: resolving an `invokedynamic` whose bootstrap is
//! `LambdaMetafactory` to its implementation method (the synthetic `lambda$…` body or
//! the referenced method), from the class's `BootstrapMethods` attribute (JVMS 4.7.23).

use mimic_classfile::{ClassFile, Constant, ConstantPool, MemberRef};

/// One row of the `BootstrapMethods` attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bootstrap {
    pub method_handle: u16,
    pub arguments: Vec<u16>,
}

/// The `BootstrapMethods` attribute of `class` (empty when absent or malformed).
pub fn bootstrap_methods(class: &ClassFile) -> Vec<Bootstrap> {
    let cp = &class.constant_pool;
    let Some(attr) = class
        .attributes
        .iter()
        .find(|a| cp.utf8_is(a.name_index, "BootstrapMethods"))
    else {
        return Vec::new();
    };
    let d = &attr.data;
    let u2 =
        |at: usize| -> Option<u16> { Some(u16::from_be_bytes([*d.get(at)?, *d.get(at + 1)?])) };
    let mut out = Vec::new();
    let Some(n) = u2(0) else { return out };
    let mut at = 2;
    for _ in 0..n {
        let (Some(method_handle), Some(count)) = (u2(at), u2(at + 2)) else {
            break;
        };
        at += 4;
        let mut arguments = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let Some(a) = u2(at) else { return out };
            arguments.push(a);
            at += 2;
        }
        out.push(Bootstrap {
            method_handle,
            arguments,
        });
    }
    out
}

/// What an `invokedynamic` creating a lambda or method reference points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LambdaTarget {
    /// Method-handle kind (5 virtual, 6 static, 7 special, 8 newInvokeSpecial, 9 interface).
    pub kind: u8,
    pub method: MemberRef,
    /// The `invokedynamic` call-site descriptor: its parameters are the captured values.
    pub site_descriptor: String,
}

/// Resolves the `invokedynamic` at constant-pool index `index`; `None` when it is not a
/// `LambdaMetafactory` site (string concatenation, records, other bootstraps) or malformed.
pub fn lambda_target(
    cp: &ConstantPool,
    bootstraps: &[Bootstrap],
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
    })
}
