//! Rewrite 3, body replacement: the whole Code attribute becomes a two- to four-instruction
//! `return <constant>;` body (a method returning a box, `Integer`, gets its constant boxed
//! by `valueOf`, as Descartes does); no frames are needed. Which constant goes where (the
//! Descartes operators) is `mutate`'s decision, not this crate's.

use crate::method_at;
use mimic_classfile::access::*;
use mimic_classfile::assembler::CodeBuilder;
use mimic_classfile::class_file::{Attribute, ClassFile};
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::error::{ClassFileError, Result};

/// The new body of a method.
#[derive(Debug, Clone, PartialEq)]
pub enum Replacement {
    /// `return;` (void methods).
    Empty,
    /// `return null;` (any reference type).
    Null,
    /// `return <int>;` for boolean, byte, short, char and int (booleans as 0/1).
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    /// `return "<text>";` (String or a supertype of it).
    String(String),
    /// `return new T[0];` (array types).
    EmptyArray,
}

impl Replacement {
    /// A primitive constant (which a method returning its box gets boxed).
    fn is_primitive(&self) -> bool {
        matches!(
            self,
            Replacement::Int(_)
                | Replacement::Long(_)
                | Replacement::Float(_)
                | Replacement::Double(_)
        )
    }
}

impl std::fmt::Display for Replacement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Replacement::Empty => write!(f, "empty body"),
            Replacement::Null => write!(f, "null"),
            Replacement::Int(v) => write!(f, "{v}"),
            Replacement::Long(v) => write!(f, "{v}L"),
            Replacement::Float(v) => write!(f, "{v:?}f"),
            Replacement::Double(v) => write!(f, "{v:?}"),
            Replacement::String(s) => write!(f, "{s:?}"),
            Replacement::EmptyArray => write!(f, "empty array"),
        }
    }
}

/// Whether `replacement` is a valid body for a method returning `ret`.
pub fn fits(replacement: &Replacement, ret: Option<&FieldType>) -> bool {
    use FieldType::*;
    match (replacement, ret) {
        (Replacement::Empty, None) => true,
        (Replacement::Null, Some(t)) => t.is_reference(),
        (Replacement::Int(_), Some(Int | Short | Byte | Char | Boolean)) => true,
        (Replacement::Long(_), Some(Long)) => true,
        (Replacement::Float(_), Some(Float)) => true,
        (Replacement::Double(_), Some(Double)) => true,
        // A constant for a method returning its box (returned through `valueOf`).
        (r, Some(Object(n))) if r.is_primitive() => {
            FieldType::unboxed(n).is_some_and(|held| fits(r, Some(&held)))
        }
        (Replacement::String(_), Some(Object(n))) => {
            matches!(
                n.as_str(),
                "java/lang/String" | "java/lang/Object" | "java/lang/CharSequence"
            )
        }
        (Replacement::EmptyArray, Some(Array(_))) => true,
        _ => false,
    }
}

/// Replace the body of method `method_index`. Nested Code attributes (line numbers, local
/// variables, frames) are dropped with the old body; other method attributes stay.
pub fn replace_body(
    class: &mut ClassFile,
    method_index: usize,
    replacement: &Replacement,
) -> Result<()> {
    let (method, what) = method_at(class, method_index)?;
    let cp = &class.constant_pool;
    let position = method.attribute_position(cp, "Code").ok_or_else(|| {
        ClassFileError::rewrite(format!("cannot replace the body of {what}: it has none"))
    })?;
    if method.name(cp)?.starts_with('<') {
        return Err(ClassFileError::rewrite(format!(
            "cannot replace the body of {what}: constructor or initialiser"
        )));
    }
    let desc = MethodDescriptor::parse(&method.descriptor(cp)?)?;
    if !fits(replacement, desc.ret.as_ref()) {
        return Err(ClassFileError::rewrite(format!(
            "{replacement} does not fit the return type of {what}"
        )));
    }
    let class_name = class.name()?;
    let mut b = CodeBuilder::for_method(
        &mut class.constant_pool,
        &class_name,
        method.has_flag(STATIC),
        &desc,
    );
    push_replacement_value(&mut b, replacement, desc.ret.as_ref())?;
    b.return_value(desc.ret.as_ref());
    let code = b.finish(false)?;
    let name_index = class.methods[method_index].attributes[position].name_index;
    class.methods[method_index].attributes[position] = Attribute {
        name_index,
        data: code.to_bytes()?,
    };
    Ok(())
}

/// Push the value `replacement` returns (nothing for `Empty`); `ret` is the method's
/// return type (needed for empty arrays). Shared with mutant schemata.
pub fn push_replacement_value(
    b: &mut CodeBuilder,
    replacement: &Replacement,
    ret: Option<&FieldType>,
) -> Result<()> {
    match replacement {
        Replacement::Empty => {}
        Replacement::Null => {
            b.aconst_null();
        }
        Replacement::Int(v) => {
            b.push_int(*v);
        }
        Replacement::Long(v) => {
            b.push_long(*v);
        }
        Replacement::Float(v) => {
            b.push_float(*v);
        }
        Replacement::Double(v) => {
            b.push_double(*v);
        }
        Replacement::String(s) => {
            b.push_string(s);
        }
        Replacement::EmptyArray => {
            let Some(FieldType::Array(element)) = ret else {
                return Err(ClassFileError::rewrite(
                    "an empty array for a method that does not return an array",
                ));
            };
            b.push_int(0).new_array(element);
        }
    }
    // A constant for a method returning its box: `Integer.valueOf(0)`.
    if let (true, Some(FieldType::Object(name))) = (replacement.is_primitive(), ret) {
        if let Some(held) = FieldType::unboxed(name) {
            b.box_value(&held);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(d: &str) -> FieldType {
        FieldType::parse(d).unwrap()
    }

    #[test]
    fn each_body_fits_exactly_the_return_types_the_jvm_accepts_for_it() {
        assert!(fits(&Replacement::Empty, None));
        assert!(!fits(&Replacement::Empty, Some(&t("I"))));
        for d in ["Z", "B", "S", "C", "I"] {
            assert!(fits(&Replacement::Int(1), Some(&t(d))), "{d}");
        }
        assert!(!fits(&Replacement::Int(1), Some(&t("J"))));
        assert!(fits(&Replacement::Long(1), Some(&t("J"))));
        assert!(fits(&Replacement::Float(1.0), Some(&t("F"))));
        assert!(!fits(&Replacement::Float(1.0), Some(&t("D"))));
        assert!(fits(&Replacement::Double(1.0), Some(&t("D"))));
        for d in ["Ljava/util/List;", "[I", "Ljava/lang/String;"] {
            assert!(fits(&Replacement::Null, Some(&t(d))), "{d}");
        }
        assert!(!fits(&Replacement::Null, Some(&t("I"))));
        assert!(!fits(&Replacement::Null, None));
        for d in [
            "Ljava/lang/String;",
            "Ljava/lang/Object;",
            "Ljava/lang/CharSequence;",
        ] {
            assert!(fits(&Replacement::String("".into()), Some(&t(d))), "{d}");
        }
        assert!(!fits(
            &Replacement::String("".into()),
            Some(&t("Ljava/lang/Integer;"))
        ));
        assert!(fits(&Replacement::EmptyArray, Some(&t("[[J"))));
        assert!(!fits(
            &Replacement::EmptyArray,
            Some(&t("Ljava/util/List;"))
        ));
    }

    #[test]
    fn bodies_read_as_descartes_names_them() {
        assert_eq!(Replacement::Empty.to_string(), "empty body");
        assert_eq!(Replacement::Long(-1).to_string(), "-1L");
        assert_eq!(Replacement::Float(0.0).to_string(), "0.0f");
        assert_eq!(Replacement::String("A".into()).to_string(), "\"A\"");
    }
}
