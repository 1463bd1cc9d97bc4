//! Field and method descriptors (JVMS 4.3): parsing, slot sizes, boxing names.

use crate::error::{ClassFileError, Result};

/// A field type as written in descriptors.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FieldType {
    Byte,
    Char,
    Double,
    Float,
    Int,
    Long,
    Short,
    Boolean,
    /// Internal class name, e.g. `java/lang/String`.
    Object(String),
    /// Array of the element type.
    Array(Box<FieldType>),
}

impl FieldType {
    /// Parse one complete field descriptor.
    pub fn parse(descriptor: &str) -> Result<FieldType> {
        let (t, rest) = parse_field(descriptor, descriptor)?;
        if !rest.is_empty() {
            return Err(bad(descriptor, "trailing characters"));
        }
        Ok(t)
    }

    /// Local-variable / operand-stack slots taken: 2 for long and double, else 1.
    pub fn slots(&self) -> u16 {
        match self {
            FieldType::Long | FieldType::Double => 2,
            _ => 1,
        }
    }

    pub fn is_reference(&self) -> bool {
        matches!(self, FieldType::Object(_) | FieldType::Array(_))
    }

    /// The descriptor text (`I`, `Ljava/lang/String;`, `[J`).
    pub fn descriptor(&self) -> String {
        match self {
            FieldType::Byte => "B".into(),
            FieldType::Char => "C".into(),
            FieldType::Double => "D".into(),
            FieldType::Float => "F".into(),
            FieldType::Int => "I".into(),
            FieldType::Long => "J".into(),
            FieldType::Short => "S".into(),
            FieldType::Boolean => "Z".into(),
            FieldType::Object(n) => format!("L{n};"),
            FieldType::Array(e) => format!("[{}", e.descriptor()),
        }
    }

    /// The name used in `Class` constants: internal name for classes, descriptor for arrays.
    pub fn class_constant_name(&self) -> Option<String> {
        match self {
            FieldType::Object(n) => Some(n.clone()),
            FieldType::Array(_) => Some(self.descriptor()),
            _ => None,
        }
    }

    /// For primitives: the wrapper class (`java/lang/Integer`).
    pub fn box_class(&self) -> Option<&'static str> {
        Some(match self {
            FieldType::Byte => "java/lang/Byte",
            FieldType::Char => "java/lang/Character",
            FieldType::Double => "java/lang/Double",
            FieldType::Float => "java/lang/Float",
            FieldType::Int => "java/lang/Integer",
            FieldType::Long => "java/lang/Long",
            FieldType::Short => "java/lang/Short",
            FieldType::Boolean => "java/lang/Boolean",
            _ => return None,
        })
    }

    /// For a wrapper class (`java/lang/Integer`): the primitive it boxes
    /// ([`FieldType::box_class`]'s inverse).
    pub fn unboxed(class: &str) -> Option<FieldType> {
        use FieldType::*;
        [Boolean, Byte, Char, Short, Int, Long, Float, Double]
            .into_iter()
            .find(|p| p.box_class() == Some(class))
    }
}

/// A method descriptor: parameter types and return type (`None` for void).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodDescriptor {
    pub params: Vec<FieldType>,
    pub ret: Option<FieldType>,
}

impl FieldType {
    /// The type as Java source shows it to a reader: `int`, `String[]`, `Map.Entry` (simple
    /// names; nested classes dotted).
    pub fn java_name(&self) -> String {
        match self {
            FieldType::Byte => "byte".into(),
            FieldType::Char => "char".into(),
            FieldType::Double => "double".into(),
            FieldType::Float => "float".into(),
            FieldType::Int => "int".into(),
            FieldType::Long => "long".into(),
            FieldType::Short => "short".into(),
            FieldType::Boolean => "boolean".into(),
            FieldType::Object(n) => n.rsplit('/').next().unwrap_or(n).replace('$', "."),
            FieldType::Array(e) => format!("{}[]", e.java_name()),
        }
    }
}

impl MethodDescriptor {
    /// `name` with this descriptor as a Java signature: `String[] snapshot(int, Map.Entry)`
    /// (`void` for no return type).
    pub fn java_signature(&self, name: &str) -> String {
        let params: Vec<String> = self.params.iter().map(FieldType::java_name).collect();
        let ret = self
            .ret
            .as_ref()
            .map_or_else(|| "void".to_string(), FieldType::java_name);
        format!("{ret} {name}({})", params.join(", "))
    }

    pub fn parse(descriptor: &str) -> Result<MethodDescriptor> {
        let mut rest = descriptor
            .strip_prefix('(')
            .ok_or_else(|| bad(descriptor, "does not start with '('"))?;
        let mut params = Vec::new();
        while !rest.starts_with(')') {
            if rest.is_empty() {
                return Err(bad(descriptor, "missing ')'"));
            }
            let (t, r) = parse_field(rest, descriptor)?;
            params.push(t);
            rest = r;
        }
        rest = &rest[1..];
        let ret = if rest == "V" {
            None
        } else {
            Some(FieldType::parse(rest).map_err(|_| bad(descriptor, "bad return type"))?)
        };
        Ok(MethodDescriptor { params, ret })
    }

    /// Slots taken by the parameters (without `this`).
    pub fn param_slots(&self) -> u16 {
        self.params.iter().map(FieldType::slots).sum()
    }

    pub fn to_descriptor(&self) -> String {
        let mut s = String::from("(");
        for p in &self.params {
            s.push_str(&p.descriptor());
        }
        s.push(')');
        match &self.ret {
            None => s.push('V'),
            Some(t) => s.push_str(&t.descriptor()),
        }
        s
    }
}

fn bad(descriptor: &str, why: &str) -> ClassFileError {
    ClassFileError::rewrite(format!("malformed descriptor {descriptor:?}: {why}"))
}

fn parse_field<'a>(s: &'a str, whole: &str) -> Result<(FieldType, &'a str)> {
    let mut chars = s.chars();
    let t = match chars.next() {
        Some('B') => FieldType::Byte,
        Some('C') => FieldType::Char,
        Some('D') => FieldType::Double,
        Some('F') => FieldType::Float,
        Some('I') => FieldType::Int,
        Some('J') => FieldType::Long,
        Some('S') => FieldType::Short,
        Some('Z') => FieldType::Boolean,
        Some('L') => {
            let end = s
                .find(';')
                .ok_or_else(|| bad(whole, "class name without ';'"))?;
            if end == 1 {
                return Err(bad(whole, "empty class name"));
            }
            return Ok((FieldType::Object(s[1..end].to_string()), &s[end + 1..]));
        }
        Some('[') => {
            let (e, rest) = parse_field(&s[1..], whole)?;
            return Ok((FieldType::Array(Box::new(e)), rest));
        }
        _ => return Err(bad(whole, "unknown type character")),
    };
    Ok((t, &s[1..]))
}

#[cfg(test)]
mod tests {
    #[test]
    fn java_signatures_read_as_source() {
        let d = MethodDescriptor::parse("(I[Ljava/lang/String;Ljava/util/Map$Entry;)[[B").unwrap();
        assert_eq!(
            d.java_signature("pack"),
            "byte[][] pack(int, String[], Map.Entry)"
        );
        let v = MethodDescriptor::parse("()V").unwrap();
        assert_eq!(v.java_signature("run"), "void run()");
    }

    use super::*;

    #[test]
    fn parses_method_descriptors() {
        let d = MethodDescriptor::parse("(IJ[Ljava/lang/String;[[D)Ljava/util/List;").unwrap();
        assert_eq!(d.params.len(), 4);
        assert_eq!(d.param_slots(), 5);
        assert_eq!(d.ret, Some(FieldType::Object("java/util/List".into())));
        assert_eq!(
            d.to_descriptor(),
            "(IJ[Ljava/lang/String;[[D)Ljava/util/List;"
        );
        assert_eq!(MethodDescriptor::parse("()V").unwrap().ret, None);
    }

    #[test]
    fn rejects_malformed_descriptors() {
        for d in [
            "",
            "I)V",
            "(L;)V",
            "(Ljava/lang/String)V",
            "(Q)V",
            "()",
            "(I",
        ] {
            assert!(MethodDescriptor::parse(d).is_err(), "{d}");
        }
    }
}
