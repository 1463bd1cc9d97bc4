//! Lambdas and method references: resolving an `invokedynamic` whose bootstrap is
//! `LambdaMetafactory` to its implementation method (the synthetic `lambda$…` body or
//! the referenced method), from the class's `BootstrapMethods` attribute (JVMS 4.7.23,
//! parsed by `mimic_classfile::bootstrap`).

use mimic_classfile::bootstrap::BootstrapMethod;
use mimic_classfile::{Constant, ConstantPool, MemberRef};

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
    })
}
