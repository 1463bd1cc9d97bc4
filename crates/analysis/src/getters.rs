//! Getters (issue 16: "assert changed fields through getters when the class has them"):
//! a method that only returns one field of its object, in javac's shape `aload_0;
//! getfield f; xreturn` (a record's accessor, a `getTotal()`), found on a class and
//! inherited from its superclasses, the first declaration of a name winning as at run
//! time. Only methods a test in `test_package` can call on a reference of the class's
//! type: public ones, or any but private in that package.

use std::collections::HashSet;

use mimic_classfile::access::{PRIVATE, PUBLIC, STATIC};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::opcodes::{ALOAD_0, ARETURN, DRETURN, FRETURN, GETFIELD, IRETURN, LRETURN};
use mimic_classfile::ClassFile;
use mimic_classpath::{dotted, package_of, Hierarchy};
use mimic_plan::Getter;

/// The getters of `class` (internal name) a test in `test_package` can call.
pub fn getters(hierarchy: &Hierarchy, class: &str, test_package: &str) -> Vec<Getter> {
    if !hierarchy
        .class(class)
        .is_some_and(|c| c.accessible_from(test_package))
    {
        return Vec::new();
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut current = Some(class.to_string());
    while let Some(name) = current.take() {
        let Some(info) = hierarchy.class(&name) else {
            break;
        };
        current = info.super_name.clone();
        let Some(file) = hierarchy
            .source()
            .find(&name)
            .and_then(|found| ClassFile::parse(&found.bytes).ok())
        else {
            continue;
        };
        let cp = &file.constant_pool;
        for method in &file.methods {
            let (Ok(method_name), Ok(descriptor)) = (method.name(cp), method.descriptor(cp)) else {
                continue;
            };
            if !seen.insert((method_name.clone(), descriptor.clone())) {
                continue; // overridden below
            }
            let flags = method.access_flags;
            let callable =
                flags & PUBLIC != 0 || (flags & PRIVATE == 0 && package_of(&name) == test_package);
            if !callable || flags & STATIC != 0 || method_name.starts_with('<') {
                continue;
            }
            let Some(returned) = descriptor.strip_prefix("()") else {
                continue;
            };
            let Some(code) = method
                .attribute(cp, "Code")
                .and_then(|a| CodeAttribute::parse(&a.data, cp).ok())
            else {
                continue;
            };
            let Some(field) = returned_field(&code.code, cp) else {
                continue;
            };
            if field.descriptor != returned {
                continue;
            }
            let Ok(resolved) = hierarchy.resolve_field(&field.owner, &field.name, None) else {
                continue;
            };
            out.push(Getter {
                class: dotted(class),
                field: field.name,
                declared_in: dotted(&resolved.class.name),
                method: method_name,
            });
        }
    }
    out.sort_by(|a, b| (&a.field, &a.method).cmp(&(&b.field, &b.method)));
    out
}

/// The class's own getters of reference fields it declares (`getStringLookup()`
/// returning `this.variableResolver`), by name and descriptor: a call through one on
/// `this` is a read of that field ([`crate::origins`]), so the calls the method makes on
/// what it returns are calls on the field's collaborator.
pub fn own_getters(
    class: &ClassFile,
) -> std::collections::HashMap<(String, String), mimic_classfile::MemberRef> {
    let cp = &class.constant_pool;
    let own = class.name().unwrap_or_default();
    let mut out = std::collections::HashMap::new();
    for method in &class.methods {
        let (Ok(name), Ok(descriptor)) = (method.name(cp), method.descriptor(cp)) else {
            continue;
        };
        if method.access_flags & STATIC != 0 || !descriptor.starts_with("()L") {
            continue;
        }
        let Some(field) = method
            .attribute(cp, "Code")
            .and_then(|a| CodeAttribute::parse(&a.data, cp).ok())
            .and_then(|code| returned_field(&code.code, cp))
        else {
            continue;
        };
        if field.owner == own && descriptor.ends_with(&field.descriptor) {
            out.insert((name, descriptor), field);
        }
    }
    out
}

/// The getters a call on `this` reaches in `class`: its own ([`own_getters`]) and those
/// it inherits from the project's superclasses (`getLeftExpression()` declared in a
/// `BinaryExpression`, returning the field it declares), the first declaration of a
/// name and descriptor up the chain winning, as at run time: a method of that name a
/// class overrides with something else is no getter.
pub fn getters_on_this(
    index: &crate::ClassIndex,
    class: &ClassFile,
) -> std::collections::HashMap<(String, String), mimic_classfile::MemberRef> {
    let mut out = std::collections::HashMap::new();
    let mut declared: HashSet<(String, String)> = HashSet::new();
    let mut current = Some(class);
    for _ in 0..32 {
        let Some(c) = current else {
            break;
        };
        for (key, field) in own_getters(c) {
            if !declared.contains(&key) {
                out.insert(key, field);
            }
        }
        let cp = &c.constant_pool;
        for method in &c.methods {
            if let (Ok(name), Ok(descriptor)) = (method.name(cp), method.descriptor(cp)) {
                declared.insert((name, descriptor));
            }
        }
        current = c
            .super_name()
            .ok()
            .flatten()
            .and_then(|s| index.parsed.get(&s));
    }
    out
}

/// The field `aload_0; getfield f; <x>return` returns.
fn returned_field(
    code: &[u8],
    cp: &mimic_classfile::ConstantPool,
) -> Option<mimic_classfile::MemberRef> {
    let [ALOAD_0, GETFIELD, hi, lo, ret] = *code else {
        return None;
    };
    if !matches!(ret, IRETURN | LRETURN | FRETURN | DRETURN | ARETURN) {
        return None;
    }
    cp.member_ref(u16::from_be_bytes([hi, lo])).ok()
}
