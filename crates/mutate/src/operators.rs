//! The extreme transformations (mutation operators) and which return types each applies
//! to, named as Descartes names them so that a methods.json and a Descartes configuration
//! speak the same language: `void`, `null`, `empty`, `true`, `false`, int literals (`0`),
//! `(byte)0`, `(short)0`, `0L`, `0.0`, `0.0f`, char literals (`'A'`) and strings (`"A"`).

use mimic_classfile::FieldType;
use mimic_rewrite::replace::Replacement;

/// Reneri Table I, as Descartes operator identifiers (the default set). `null` applies to
/// every reference return type (String and arrays included), `empty` to arrays.
pub const DEFAULT_OPERATORS: &[&str] = &[
    "void", "null", "empty", "true", "false", "0", "1", "(byte)0", "(byte)1", "(short)0",
    "(short)1", "0L", "1L", "0.0", "0.1", "0.0f", "0.1f", "' '", "'A'", "\"\"", "\"A\"",
];

/// One extreme transformation: the whole body becomes `return <value>;`.
#[derive(Debug, Clone, PartialEq)]
pub enum Operator {
    /// `void`: empty body (void methods).
    Void,
    /// `null` (any reference type).
    Null,
    /// `empty`: an empty array (array types).
    EmptyArray,
    Boolean(bool),
    Int(i32),
    Byte(i8),
    Short(i16),
    Long(i64),
    Float(f32),
    Double(f64),
    Char(char),
    /// A string literal (methods returning `java.lang.String`).
    Str(String),
}

/// An operator identifier that is none of Descartes' forms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown operator {id:?} (known forms: {})", DEFAULT_OPERATORS.join(" "))]
pub struct UnknownOperator {
    pub id: String,
}

impl Operator {
    /// Parse a Descartes operator identifier.
    pub fn parse(id: &str) -> Result<Operator, UnknownOperator> {
        let bad = || UnknownOperator { id: id.to_string() };
        let id = id.trim();
        Ok(match id {
            "void" => Operator::Void,
            "null" => Operator::Null,
            "empty" => Operator::EmptyArray,
            "true" => Operator::Boolean(true),
            "false" => Operator::Boolean(false),
            _ => {
                if let Some(rest) = id.strip_prefix("(byte)") {
                    Operator::Byte(rest.parse().map_err(|_| bad())?)
                } else if let Some(rest) = id.strip_prefix("(short)") {
                    Operator::Short(rest.parse().map_err(|_| bad())?)
                } else if let Some(text) = id.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
                    Operator::Str(text.to_string())
                } else if let Some(text) = id.strip_prefix('\'').and_then(|s| s.strip_suffix('\''))
                {
                    Operator::Char(parse_char(text).ok_or_else(bad)?)
                } else if let Some(rest) = id.strip_suffix(['L', 'l']) {
                    Operator::Long(rest.parse().map_err(|_| bad())?)
                } else if let Some(rest) = id.strip_suffix(['f', 'F']) {
                    Operator::Float(rest.parse().map_err(|_| bad())?)
                } else if id.contains('.') || id.ends_with(['d', 'D']) {
                    Operator::Double(id.trim_end_matches(['d', 'D']).parse().map_err(|_| bad())?)
                } else {
                    Operator::Int(id.parse().map_err(|_| bad())?)
                }
            }
        })
    }

    /// The Descartes identifier (`parse(op.id()) == op`).
    pub fn id(&self) -> String {
        match self {
            Operator::Void => "void".into(),
            Operator::Null => "null".into(),
            Operator::EmptyArray => "empty".into(),
            Operator::Boolean(b) => b.to_string(),
            Operator::Int(v) => v.to_string(),
            Operator::Byte(v) => format!("(byte){v}"),
            Operator::Short(v) => format!("(short){v}"),
            Operator::Long(v) => format!("{v}L"),
            Operator::Float(v) => format!("{v:?}f"),
            Operator::Double(v) => format!("{v:?}"),
            Operator::Char(c) => format!("'{c}'"),
            Operator::Str(s) => format!("\"{s}\""),
        }
    }

    /// Whether this operator applies to a method returning `ret` (`None`: void). A literal
    /// applies to its primitive type and to that type's box (`0` to `int` and `Integer`),
    /// as Descartes' do (it returns the box then).
    pub fn applies(&self, ret: Option<&FieldType>) -> bool {
        use FieldType as T;
        if let Some(T::Object(name)) = ret {
            if FieldType::unboxed(name).is_some_and(|held| self.applies(Some(&held))) {
                return true;
            }
        }
        match (self, ret) {
            (Operator::Void, None) => true,
            (Operator::Null, Some(t)) => t.is_reference(),
            (Operator::EmptyArray, Some(T::Array(_))) => true,
            (Operator::Boolean(_), Some(T::Boolean)) => true,
            (Operator::Int(_), Some(T::Int)) => true,
            (Operator::Byte(_), Some(T::Byte)) => true,
            (Operator::Short(_), Some(T::Short)) => true,
            (Operator::Long(_), Some(T::Long)) => true,
            (Operator::Float(_), Some(T::Float)) => true,
            (Operator::Double(_), Some(T::Double)) => true,
            (Operator::Char(_), Some(T::Char)) => true,
            (Operator::Str(_), Some(T::Object(n))) => n == "java/lang/String",
            _ => false,
        }
    }

    /// The body this operator gives a method it applies to.
    pub fn replacement(&self) -> Replacement {
        match self {
            Operator::Void => Replacement::Empty,
            Operator::Null => Replacement::Null,
            Operator::EmptyArray => Replacement::EmptyArray,
            Operator::Boolean(b) => Replacement::Int(i32::from(*b)),
            Operator::Int(v) => Replacement::Int(*v),
            Operator::Byte(v) => Replacement::Int(i32::from(*v)),
            Operator::Short(v) => Replacement::Int(i32::from(*v)),
            Operator::Long(v) => Replacement::Long(*v),
            Operator::Float(v) => Replacement::Float(*v),
            Operator::Double(v) => Replacement::Double(*v),
            Operator::Char(c) => Replacement::Int(*c as i32),
            Operator::Str(s) => Replacement::String(s.clone()),
        }
    }
}

/// A char literal's content: one character, or an escape (`\40` octal, `\u0041`, `\n`…).
fn parse_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let first = chars.next()?;
    if first != '\\' {
        return chars.next().is_none().then_some(first);
    }
    let rest: String = chars.collect();
    match rest.as_str() {
        "n" => Some('\n'),
        "t" => Some('\t'),
        "r" => Some('\r'),
        "0" => Some('\0'),
        "'" => Some('\''),
        "\\" => Some('\\'),
        _ => {
            let code = if let Some(hex) = rest.strip_prefix('u') {
                u32::from_str_radix(hex, 16).ok()?
            } else {
                u32::from_str_radix(&rest, 8).ok()?
            };
            char::from_u32(code)
        }
    }
}

/// Parse a list of operator identifiers.
pub fn parse_all(ids: &[String]) -> Result<Vec<Operator>, UnknownOperator> {
    ids.iter().map(|id| Operator::parse(id)).collect()
}

/// The default operators.
pub fn defaults() -> Vec<Operator> {
    DEFAULT_OPERATORS
        .iter()
        .map(|id| Operator::parse(id).expect("default operators parse"))
        .collect()
}

/// One extreme transformation per return type, for rewriting a sample of methods (`mimic
/// rewrite --replace-every`): the first default operator that applies, `null` only where
/// no other does (so strings get `""` and arrays an empty array).
pub fn representative_body(ret: Option<&FieldType>) -> Option<Replacement> {
    let defaults = defaults();
    let applicable = || defaults.iter().filter(|op| op.applies(ret));
    applicable()
        .find(|op| **op != Operator::Null)
        .or_else(|| applicable().next())
        .map(Operator::replacement)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn representative_bodies_prefer_a_value_to_null() {
        use FieldType as T;
        let body = |t: Option<FieldType>| representative_body(t.as_ref());
        assert_eq!(body(None), Some(Replacement::Empty));
        assert_eq!(body(Some(T::Boolean)), Some(Replacement::Int(1)));
        assert_eq!(body(Some(T::Byte)), Some(Replacement::Int(0)));
        assert_eq!(body(Some(T::Char)), Some(Replacement::Int(' ' as i32)));
        assert_eq!(body(Some(T::Long)), Some(Replacement::Long(0)));
        assert_eq!(body(Some(T::Double)), Some(Replacement::Double(0.0)));
        assert_eq!(
            body(Some(T::Object("java/lang/String".into()))),
            Some(Replacement::String(String::new()))
        );
        assert_eq!(
            body(Some(T::Array(Box::new(T::Int)))),
            Some(Replacement::EmptyArray)
        );
        assert_eq!(
            body(Some(T::Object("java/util/List".into()))),
            Some(Replacement::Null)
        );
    }

    #[test]
    fn every_default_round_trips() {
        for id in DEFAULT_OPERATORS {
            let op = Operator::parse(id).unwrap();
            assert_eq!(&op.id(), id, "{op:?}");
        }
        assert_eq!(Operator::parse("'\\40'").unwrap(), Operator::Char(' '));
        assert!(Operator::parse("banana").is_err());
    }

    #[test]
    fn applicability_follows_table_one() {
        let string = FieldType::Object("java/lang/String".into());
        let list = FieldType::Object("java/util/List".into());
        let ops_for = |ret: Option<&FieldType>| -> Vec<String> {
            defaults()
                .iter()
                .filter(|o| o.applies(ret))
                .map(Operator::id)
                .collect()
        };
        assert_eq!(ops_for(None), ["void"]);
        assert_eq!(ops_for(Some(&FieldType::Boolean)), ["true", "false"]);
        assert_eq!(ops_for(Some(&FieldType::Int)), ["0", "1"]);
        assert_eq!(ops_for(Some(&FieldType::Long)), ["0L", "1L"]);
        assert_eq!(ops_for(Some(&FieldType::Double)), ["0.0", "0.1"]);
        assert_eq!(ops_for(Some(&FieldType::Float)), ["0.0f", "0.1f"]);
        assert_eq!(ops_for(Some(&FieldType::Char)), ["' '", "'A'"]);
        assert_eq!(ops_for(Some(&string)), ["null", "\"\"", "\"A\""]);
        assert_eq!(ops_for(Some(&list)), ["null"]);
        let array = FieldType::Array(Box::new(FieldType::Int));
        assert_eq!(ops_for(Some(&array)), ["null", "empty"]);
        // A box gets `null` and its primitive's literals, boxed (Descartes: the constant's
        // class is the method's return type).
        let boxed = |n: &str| FieldType::Object(format!("java/lang/{n}"));
        assert_eq!(ops_for(Some(&boxed("Integer"))), ["null", "0", "1"]);
        assert_eq!(ops_for(Some(&boxed("Boolean"))), ["null", "true", "false"]);
        assert_eq!(
            ops_for(Some(&boxed("Byte"))),
            ["null", "(byte)0", "(byte)1"]
        );
        assert_eq!(ops_for(Some(&boxed("Character"))), ["null", "' '", "'A'"]);
        assert_eq!(ops_for(Some(&boxed("Double"))), ["null", "0.0", "0.1"]);
    }
}

/// Serde for an [`Operator`] as its Descartes id (`"(byte)0"`).
pub mod by_id {
    use super::Operator;

    pub fn serialize<S: serde::Serializer>(op: &Operator, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&op.id())
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Operator, D::Error> {
        let id = <String as serde::Deserialize>::deserialize(d)?;
        Operator::parse(&id).map_err(serde::de::Error::custom)
    }
}
