//! Stop methods: methods extreme mutation skips by default because developers rarely test
//! them directly. Each kind is matched on the whole body the way Descartes' stop-method
//! matchers match it (same names, so `--include` takes Descartes' `except` values).

use mimic_classfile::access::{STATIC, SYNTHETIC};
use mimic_classfile::instruction::{Instruction, Operand};
use mimic_classfile::opcodes::*;
use mimic_classfile::{ClassFile, Member};

/// One kind of stop method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StopKind {
    /// `empty`: a void method whose body is just `return`.
    EmptyVoid,
    /// `enum`: `values()`, `valueOf(String)` (and `$values()`) of an enum.
    Enum,
    /// `to_string`: `toString()`.
    ToString,
    /// `hash_code`: `hashCode()`.
    HashCode,
    /// `deprecated`: the method or its class is deprecated.
    Deprecated,
    /// `synthetic`: compiler-generated (bridges, accessors), lambdas excepted.
    Synthetic,
    /// `lambda`: the body of a lambda expression (`lambda$…`, synthetic). Descartes 1.2
    /// skips them; later Descartes versions mutate them.
    Lambda,
    /// `getter`: `return this.f;` or `return F;`.
    Getter,
    /// `setter`: `this.f = p;` (optionally `return this;`) or `F = p;`.
    Setter,
    /// `constant`: `return <constant>;`.
    Constant,
    /// `delegate`: `return target.m(params…);` with the target a local, a static or a field.
    Delegate,
    /// `clinit`: static initialisers.
    StaticInitializer,
    /// `empty_array`: `return new T[0];`.
    EmptyArray,
    /// `null_return`: `return null;`.
    NullReturn,
    /// `return_this`: `return this;`.
    ReturnThis,
    /// `return_param`: `return <parameter>;`.
    ReturnParam,
    /// `kotlin_setter`: a Kotlin-generated setter with its null check.
    KotlinSetter,
}

/// Every kind, in the order they are checked.
pub const ALL_STOP_KINDS: &[StopKind] = &[
    StopKind::StaticInitializer,
    StopKind::Synthetic,
    StopKind::Lambda,
    StopKind::Enum,
    StopKind::ToString,
    StopKind::HashCode,
    StopKind::Deprecated,
    StopKind::EmptyVoid,
    StopKind::Getter,
    StopKind::Setter,
    StopKind::Constant,
    StopKind::Delegate,
    StopKind::EmptyArray,
    StopKind::NullReturn,
    StopKind::ReturnThis,
    StopKind::ReturnParam,
    StopKind::KotlinSetter,
];

impl StopKind {
    /// Descartes' name for this kind.
    pub fn name(self) -> &'static str {
        match self {
            StopKind::EmptyVoid => "empty",
            StopKind::Enum => "enum",
            StopKind::ToString => "to_string",
            StopKind::HashCode => "hash_code",
            StopKind::Deprecated => "deprecated",
            StopKind::Synthetic => "synthetic",
            StopKind::Lambda => "lambda",
            StopKind::Getter => "getter",
            StopKind::Setter => "setter",
            StopKind::Constant => "constant",
            StopKind::Delegate => "delegate",
            StopKind::StaticInitializer => "clinit",
            StopKind::EmptyArray => "empty_array",
            StopKind::NullReturn => "null_return",
            StopKind::ReturnThis => "return_this",
            StopKind::ReturnParam => "return_param",
            StopKind::KotlinSetter => "kotlin_setter",
        }
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<StopKind> {
        ALL_STOP_KINDS.iter().copied().find(|k| k.name() == name)
    }
}

/// The first enabled stop kind `method` of `class` matches; `insns` is its decoded body
/// (empty for methods without code).
pub fn stop_kind(
    class: &ClassFile,
    method: &Member,
    insns: &[Instruction],
    enabled: &[StopKind],
) -> Option<StopKind> {
    enabled
        .iter()
        .copied()
        .find(|k| matches_kind(*k, class, method, insns))
}

fn matches_kind(kind: StopKind, class: &ClassFile, method: &Member, insns: &[Instruction]) -> bool {
    let cp = &class.constant_pool;
    let name = method.name(cp).unwrap_or_default();
    let desc = method.descriptor(cp).unwrap_or_default();
    let ops: Vec<u8> = insns.iter().map(|i| i.opcode).collect();
    match kind {
        StopKind::StaticInitializer => name == "<clinit>",
        StopKind::Synthetic => is_synthetic(cp, method) && !name.starts_with("lambda$"),
        StopKind::Lambda => is_synthetic(cp, method) && name.starts_with("lambda$"),
        StopKind::Enum => {
            let this = class.name().unwrap_or_default();
            let is_enum = class.super_name().ok().flatten().as_deref() == Some("java/lang/Enum");
            is_enum
                && method.has_flag(STATIC)
                && ((name == "valueOf" && desc == format!("(Ljava/lang/String;)L{this};"))
                    || ((name == "values" || name == "$values") && desc == format!("()[L{this};")))
        }
        StopKind::ToString => name == "toString" && desc == "()Ljava/lang/String;",
        StopKind::HashCode => name == "hashCode" && desc == "()I",
        StopKind::Deprecated => {
            method.attribute(cp, "Deprecated").is_some()
                || class
                    .attributes
                    .iter()
                    .any(|a| cp.utf8_is(a.name_index, "Deprecated"))
        }
        StopKind::EmptyVoid => ops == [RETURN],
        StopKind::Getter => match insns {
            [a, r] => a.opcode == GETSTATIC && is_return(r.opcode),
            [a, g, r] => is_aload(a) && g.opcode == GETFIELD && is_return(r.opcode),
            _ => false,
        },
        StopKind::Setter => {
            let (body, tail) = match insns {
                [body @ .., a, r] if is_aload(a) && r.opcode == ARETURN => (body, true),
                [body @ .., r] if r.opcode == RETURN => (body, true),
                _ => (insns, false),
            };
            tail && match body {
                [a, l, p] => is_aload(a) && load_of(l).is_some() && p.opcode == PUTFIELD,
                [l, p] => load_of(l).is_some_and(|(kind, _)| kind == 0) && p.opcode == PUTSTATIC,
                _ => false,
            }
        }
        StopKind::Constant => {
            ops.len() == 2 && (ACONST_NULL..=LDC2_W).contains(&ops[0]) && is_return(ops[1])
        }
        StopKind::Delegate => is_delegate(insns),
        StopKind::EmptyArray => {
            ops.len() == 3
                && ops[0] == ICONST_0
                && (ops[1] == NEWARRAY || ops[1] == ANEWARRAY)
                && ops[2] == ARETURN
        }
        StopKind::NullReturn => ops == [ACONST_NULL, ARETURN],
        StopKind::ReturnThis => match insns {
            [l, r] => load_of(l).is_some_and(|(_, var)| var == 0) && r.opcode == ARETURN,
            _ => false,
        },
        StopKind::ReturnParam => match insns {
            [l, r] => {
                load_of(l).is_some_and(|(_, var)| var > 0)
                    && (IRETURN..=ARETURN).contains(&r.opcode)
            }
            _ => false,
        },
        StopKind::KotlinSetter => {
            insns.len() == 7
                && load_of(&insns[0]) == Some((4, 1))
                && matches!(insns[1].opcode, LDC | LDC_W)
                && insns[2].opcode == INVOKESTATIC
                && invoked(class, &insns[2]).is_some_and(|(owner, name)| {
                    owner == "kotlin/jvm/internal/Intrinsics" && name == "checkParameterIsNotNull"
                })
                && load_of(&insns[3]) == Some((4, 0))
                && load_of(&insns[4]) == Some((4, 1))
                && insns[5].opcode == PUTFIELD
                && insns[6].opcode == RETURN
        }
    }
}

/// `(target | target.field) load* invoke(virtual|special|interface) return`, or
/// `load* invokestatic return`.
fn is_delegate(insns: &[Instruction]) -> bool {
    let Some((ret, rest)) = insns.split_last() else {
        return false;
    };
    let Some((call, prefix)) = rest.split_last() else {
        return false;
    };
    if !is_return(ret.opcode) {
        return false;
    }
    let all_loads = |s: &[Instruction]| s.iter().all(|i| load_of(i).is_some());
    match call.opcode {
        INVOKESTATIC => all_loads(prefix),
        INVOKEVIRTUAL | INVOKESPECIAL | INVOKEINTERFACE => match prefix {
            [first, params @ ..] if first.opcode == GETSTATIC || is_aload(first) => {
                all_loads(params)
                    || (is_aload(first)
                        && params.first().is_some_and(|g| g.opcode == GETFIELD)
                        && all_loads(&params[1..]))
            }
            _ => false,
        },
        _ => false,
    }
}

fn is_synthetic(cp: &mimic_classfile::ConstantPool, method: &Member) -> bool {
    method.has_flag(SYNTHETIC) || method.attribute(cp, "Synthetic").is_some()
}

fn is_return(opcode: u8) -> bool {
    (IRETURN..=RETURN).contains(&opcode)
}

fn is_aload(i: &Instruction) -> bool {
    load_of(i).is_some_and(|(kind, _)| kind == 4)
}

/// A load instruction as (kind 0=int 1=long 2=float 3=double 4=reference, local index).
fn load_of(i: &Instruction) -> Option<(u8, u16)> {
    match i.opcode {
        ILOAD..=ALOAD => match i.operand {
            Operand::Local(var) => Some((i.opcode - ILOAD, var)),
            _ => None,
        },
        0x1a..=0x2d => {
            let n = i.opcode - 0x1a;
            Some((n / 4, u16::from(n % 4)))
        }
        _ => None,
    }
}

/// Owner and name of the method an invoke instruction calls.
fn invoked(class: &ClassFile, i: &Instruction) -> Option<(String, String)> {
    let index = match i.operand {
        Operand::Pool(p) | Operand::Interface(p, _) => p,
        _ => return None,
    };
    let r = class.constant_pool.member_ref(index).ok()?;
    Some((r.owner, r.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in ALL_STOP_KINDS {
            assert_eq!(StopKind::from_name(k.name()), Some(*k));
        }
        assert_eq!(StopKind::from_name("nope"), None);
    }
}
