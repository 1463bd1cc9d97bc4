//! The value model of snapshots: what a recorded Java value was, captured by meaning for
//! JDK types (strings, boxed values, enums, collections, maps, java.time) and field by
//! field for other objects, bounded, with sharing and cycles as back-references and
//! anything that cannot be captured as an explicit opaque value with its reason.

use serde::{Deserialize, Serialize};

/// One recorded value. Class names are binary names (`java.util.ArrayList`,
/// `com.x.Outer$Inner`); arrays use descriptors (`[I`, `[Ljava.lang.String;`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Value {
    Null,
    Boolean {
        v: bool,
    },
    Byte {
        v: i8,
    },
    /// A UTF-16 code unit.
    Char {
        v: u16,
    },
    Short {
        v: i16,
    },
    Int {
        v: i32,
    },
    Long {
        v: i64,
    },
    /// IEEE bits, so NaN and infinities survive JSON.
    Float {
        bits: u32,
    },
    Double {
        bits: u64,
    },
    Str {
        v: String,
    },
    /// A boxed primitive (`java.lang.Integer` …) holding a primitive value.
    Boxed {
        class: String,
        value: Box<Value>,
    },
    Enum {
        class: String,
        name: String,
    },
    /// java.time values, `java.util.UUID`, `java.math.BigDecimal`/`BigInteger`: their
    /// `toString()` text, which their `parse`/constructors accept.
    Text {
        class: String,
        text: String,
    },
    Array {
        id: u32,
        class: String,
        length: u32,
        elements: Vec<Value>,
        truncated: bool,
    },
    /// A JDK `Collection` (list, set, queue…): its elements in iteration order.
    Collection {
        id: u32,
        class: String,
        size: u32,
        elements: Vec<Value>,
        truncated: bool,
    },
    /// A JDK `Map`: its entries in iteration order.
    Map {
        id: u32,
        class: String,
        size: u32,
        entries: Vec<(Value, Value)>,
        truncated: bool,
    },
    /// Any other object, field by field (declared fields of the class and its
    /// superclasses, static fields excluded).
    Object {
        id: u32,
        class: String,
        fields: Vec<FieldValue>,
        truncated: bool,
    },
    /// The same object as the earlier value with this id (sharing or a cycle).
    Ref {
        id: u32,
    },
    /// The receiver of the recorded invocation itself (`this` of the method under test),
    /// passed on as an argument of one of its calls.
    Receiver,
    /// A thrown exception.
    Thrown {
        class: String,
        message: Option<String>,
    },
    /// Replaced by a redaction rule before leaving the JVM.
    Redacted {
        class: String,
        rule: String,
    },
    /// Could not or should not be captured (threads, class loaders, lambdas, streams,
    /// sockets, depth or budget exhausted…).
    Opaque {
        class: String,
        reason: String,
    },
}

/// The pseudo-field holding the elements of a project subclass of a JDK collection
/// (`class Playlist extends ArrayList<Song>`): a [`Value::Collection`] of the JDK class,
/// declared in it, after the object's own fields.
pub const ELEMENTS_FIELD: &str = "<elements>";
/// The pseudo-field holding the entries of a project subclass of a JDK map: a
/// [`Value::Map`] of the JDK class.
pub const ENTRIES_FIELD: &str = "<entries>";

/// One field of a captured object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldValue {
    pub name: String,
    /// Binary name of the class declaring the field.
    pub declared_in: String,
    pub value: Value,
}

impl Value {
    pub fn float(v: f32) -> Value {
        Value::Float { bits: v.to_bits() }
    }

    pub fn double(v: f64) -> Value {
        Value::Double { bits: v.to_bits() }
    }

    /// The class name of a reference value, if it has one.
    pub fn class(&self) -> Option<&str> {
        match self {
            Value::Str { .. } => Some("java.lang.String"),
            Value::Boxed { class, .. }
            | Value::Enum { class, .. }
            | Value::Text { class, .. }
            | Value::Array { class, .. }
            | Value::Collection { class, .. }
            | Value::Map { class, .. }
            | Value::Object { class, .. }
            | Value::Thrown { class, .. }
            | Value::Redacted { class, .. }
            | Value::Opaque { class, .. } => Some(class),
            _ => None,
        }
    }

    /// Is this a primitive value (`boolean` … `double`, not boxed)?
    pub fn is_primitive(&self) -> bool {
        matches!(
            self,
            Value::Boolean { .. }
                | Value::Byte { .. }
                | Value::Char { .. }
                | Value::Short { .. }
                | Value::Int { .. }
                | Value::Long { .. }
                | Value::Float { .. }
                | Value::Double { .. }
        )
    }

    /// Does this value (or anything inside it) contain a part a test cannot rebuild
    /// faithfully: an opaque, redacted or truncated one?
    pub fn has_unbuildable(&self) -> bool {
        match self {
            Value::Opaque { .. } | Value::Redacted { .. } => true,
            Value::Array {
                truncated: true, ..
            }
            | Value::Collection {
                truncated: true, ..
            }
            | Value::Map {
                truncated: true, ..
            }
            | Value::Object {
                truncated: true, ..
            } => true,
            Value::Boxed { value, .. } => value.has_unbuildable(),
            Value::Array { elements, .. } | Value::Collection { elements, .. } => {
                elements.iter().any(Value::has_unbuildable)
            }
            Value::Map { entries, .. } => entries
                .iter()
                .any(|(k, v)| k.has_unbuildable() || v.has_unbuildable()),
            Value::Object { fields, .. } => fields.iter().any(|f| f.value.has_unbuildable()),
            _ => false,
        }
    }

    /// A short readable rendering (for `mimic traces --show` and display names).
    pub fn brief(&self) -> String {
        match self {
            Value::Null => "null".into(),
            Value::Boolean { v } => v.to_string(),
            Value::Byte { v } => format!("(byte) {v}"),
            Value::Char { v } => match char::from_u32(*v as u32) {
                Some(c) => format!("{c:?}"),
                None => format!("'\\u{v:04x}'"),
            },
            Value::Short { v } => format!("(short) {v}"),
            Value::Int { v } => v.to_string(),
            Value::Long { v } => format!("{v}L"),
            Value::Float { bits } => format!("{:?}f", f32::from_bits(*bits)),
            Value::Double { bits } => format!("{:?}", f64::from_bits(*bits)),
            Value::Str { v } => format!("{v:?}"),
            Value::Boxed { value, .. } => value.brief(),
            Value::Enum { class, name } => format!("{}.{name}", short(class)),
            Value::Text { class, text } => format!("{}({text:?})", short(class)),
            Value::Array { class, length, .. } => {
                format!("{}[{length}]", class.trim_start_matches('['))
            }
            Value::Collection { class, size, .. } => format!("{}(size {size})", short(class)),
            Value::Map { class, size, .. } => format!("{}(size {size})", short(class)),
            Value::Object { class, id, .. } => format!("{}#{id}", short(class)),
            Value::Ref { id } => format!("@{id}"),
            Value::Receiver => "this".into(),
            Value::Thrown { class, message } => match message {
                Some(m) => format!("{}({m:?})", short(class)),
                None => short(class).to_string(),
            },
            Value::Redacted { class, rule } => format!("<{} redacted by {rule}>", short(class)),
            Value::Opaque { class, reason } => format!("<{} opaque: {reason}>", short(class)),
        }
    }
}

fn short(class: &str) -> &str {
    class.rsplit(['.', '$']).next().unwrap_or(class)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_json_including_nan() {
        let v = Value::Object {
            id: 1,
            class: "com.x.Foo".into(),
            fields: vec![
                FieldValue {
                    name: "ratio".into(),
                    declared_in: "com.x.Foo".into(),
                    value: Value::double(f64::NAN),
                },
                FieldValue {
                    name: "self".into(),
                    declared_in: "com.x.Foo".into(),
                    value: Value::Ref { id: 1 },
                },
            ],
            truncated: false,
        };
        let json = serde_json::to_string(&v).unwrap();
        let back: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        assert_eq!(Value::Int { v: 3 }.brief(), "3");
        assert_eq!(Value::Str { v: "a\"b".into() }.brief(), "\"a\\\"b\"");
    }
}
