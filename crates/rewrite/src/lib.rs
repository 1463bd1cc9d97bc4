//! Class transformations, none of which moves an existing bytecode offset, and the probe
//! ABI the transformed code calls ([`probe`]; [`probes`] emits the calls). This crate
//! executes what it is told: which methods to wrap, which sites to bridge and which body
//! to put where is decided by its callers (`instrument` from a plan, `mutate` from its
//! operator set). It parses and writes classes only through `mimic-classfile`.
//!
//! 1. [`wrap`]: method wrapping — the original body moves to a private synthetic method and
//!    a generated method with the original signature calls it between probes.
//! 2. [`bridge`]: call-site bridging — an `invokevirtual`/`invokeinterface` becomes an
//!    `invokestatic` of a generated bridge (plus `nop` padding) that calls probes around
//!    the original call; [`reference`] does the same for the call a bound method
//!    reference (`this.parser::nextRecord`) makes, which has no call site in the class.
//! 3. [`replace`]: body replacement — a method's body becomes `return <constant>;` (the
//!    extreme transformations of mutation testing are built from it by `mutate`).

pub mod bridge;
pub mod construct;
pub mod probe;
pub mod probes;
pub mod reference;
pub mod replace;
pub mod wrap;

use mimic_classfile::class_file::{ClassFile, Member};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::error::{ClassFileError, Result};

/// Suffix of renamed originals and prefix of bridges; never produced by javac.
pub const MARKER: &str = "$mimic";

/// The decoded Code attribute of a method and its position in the attribute list.
pub(crate) fn method_code(class: &ClassFile, method: &Member) -> Result<(usize, CodeAttribute)> {
    let cp = &class.constant_pool;
    let position = method
        .attribute_position(cp, "Code")
        .ok_or_else(|| ClassFileError::rewrite("method has no Code attribute"))?;
    let code = CodeAttribute::parse(&method.attributes[position].data, cp)?;
    Ok((position, code))
}

/// A copy of method `method_index` of `class` and its description for messages.
pub(crate) fn method_at(class: &ClassFile, method_index: usize) -> Result<(Member, String)> {
    let method = class
        .methods
        .get(method_index)
        .ok_or_else(|| ClassFileError::rewrite(format!("no method #{method_index}")))?
        .clone();
    let what = describe(class, &method);
    Ok((method, what))
}

/// Why the `kind` (`call`, `method reference`) at `offset` in `what` cannot be bridged.
pub(crate) fn cannot_bridge(kind: &str, offset: u32, what: &str, why: &str) -> ClassFileError {
    ClassFileError::rewrite(format!(
        "cannot bridge the {kind} at offset {offset} in {what}: {why}"
    ))
}

/// The site a bridge replaces: method `method_index` described for messages, the
/// position of its Code attribute among its attributes, the code, and the instruction at
/// `offset` (none there: an error naming the `kind` of site).
pub(crate) fn site_code(
    class: &ClassFile,
    method_index: usize,
    offset: u32,
    kind: &str,
) -> Result<(
    String,
    usize,
    CodeAttribute,
    mimic_classfile::instruction::Instruction,
)> {
    let (method, what) = method_at(class, method_index)?;
    let (position, code) = method_code(class, &method)?;
    let insn = mimic_classfile::instruction::at(&code.code, offset)?
        .ok_or_else(|| cannot_bridge(kind, offset, &what, "no instruction starts there"))?;
    Ok((what, position, code, insn))
}

/// `name descriptor` of a method, for messages.
pub(crate) fn describe(class: &ClassFile, method: &Member) -> String {
    let cp = &class.constant_pool;
    format!(
        "{}.{}{}",
        class.name().unwrap_or_else(|_| "?".into()),
        method.name(cp).unwrap_or_else(|_| "?".into()),
        method.descriptor(cp).unwrap_or_else(|_| "?".into())
    )
}

/// A method name not yet used in the class, built from `base` with a counter.
pub(crate) fn fresh_method_name(class: &ClassFile, base: &str) -> String {
    let cp = &class.constant_pool;
    (0..)
        .map(|i| {
            if i == 0 {
                base.to_string()
            } else {
                format!("{base}${i}")
            }
        })
        .find(|n| !class.methods.iter().any(|m| cp.utf8_is(m.name_index, n)))
        .expect("some name is free")
}
