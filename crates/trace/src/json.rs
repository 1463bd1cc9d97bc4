//! Streaming JSON text of [`Value`]s and [`Outcome`]s, for writers that build values
//! without materialising the tree (the agent's snapshot walk): every function appends to
//! a `String` exactly the bytes `serde_json::to_string` produces for the equivalent
//! value, so the stored format is the one `docs/trace-format.md` documents and every
//! reader parses it with serde as usual. Also the already-encoded invocation and call
//! rows such a writer hands to [`Store::write_encoded_batch`](crate::Store).

use std::fmt::Write as _;

use crate::record::{CallRecord, InvocationRecord};
use crate::value::Value;

/// A JSON string literal (with its quotes), escaped as serde_json escapes: `"`, `\` and
/// control characters (`\b \t \n \f \r`, others as `\u00xx`); everything else verbatim.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x09 => "\\t",
            0x0a => "\\n",
            0x0c => "\\f",
            0x0d => "\\r",
            0x00..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            let _ = write!(out, "\\u{:04x}", b);
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// `s` as a JSON string literal.
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    string(&mut out, s);
    out
}

pub fn null(out: &mut String) {
    out.push_str("{\"t\":\"null\"}");
}

pub fn boolean(out: &mut String, v: bool) {
    out.push_str(if v {
        "{\"t\":\"boolean\",\"v\":true}"
    } else {
        "{\"t\":\"boolean\",\"v\":false}"
    });
}

macro_rules! number {
    ($name:ident, $t:ty, $tag:literal, $key:literal) => {
        pub fn $name(out: &mut String, v: $t) {
            out.push_str(concat!("{\"t\":\"", $tag, "\",\"", $key, "\":"));
            let _ = write!(out, "{v}");
            out.push('}');
        }
    };
}

number!(byte, i8, "byte", "v");
number!(char, u16, "char", "v");
number!(short, i16, "short", "v");
number!(int, i32, "int", "v");
number!(long, i64, "long", "v");
number!(float_bits, u32, "float", "bits");
number!(double_bits, u64, "double", "bits");

pub fn str(out: &mut String, v: &str) {
    out.push_str("{\"t\":\"str\",\"v\":");
    string(out, v);
    out.push('}');
}

/// A `Ref` to the value with this id.
/// The recorded invocation's own receiver ([`crate::Value::Receiver`]).
pub fn receiver(out: &mut String) {
    out.push_str("{\"t\":\"receiver\"}");
}

/// In a call's answer, the object the call was made on ([`crate::Value::Mock`]).
pub fn mock(out: &mut String) {
    out.push_str("{\"t\":\"mock\"}");
}

pub fn reference(out: &mut String, id: u32) {
    let _ = write!(out, "{{\"t\":\"ref\",\"id\":{id}}}");
}

/// An argument that is the object recorded in the receiver under `id`
/// ([`crate::Value::InReceiver`]).
pub fn in_receiver(out: &mut String, id: u32) {
    let _ = write!(out, "{{\"t\":\"in_receiver\",\"id\":{id}}}");
}

/// `{"t":"<tag>","class":<class>,"<key>":` + the text — for `enum` (`name`), `text`
/// (`text`), `opaque` (`reason`), `redacted` (`rule`) and `thrown` (`message`).
/// `class` is an already quoted JSON string (see [`quoted`]).
fn class_and_text(out: &mut String, tag: &str, class: &str, key: &str, text: Option<&str>) {
    out.push_str("{\"t\":\"");
    out.push_str(tag);
    out.push_str("\",\"class\":");
    out.push_str(class);
    out.push_str(",\"");
    out.push_str(key);
    out.push_str("\":");
    match text {
        Some(t) => string(out, t),
        None => out.push_str("null"),
    }
    out.push('}');
}

/// An enum constant; `class` quoted.
pub fn enumeration(out: &mut String, class: &str, name: &str) {
    class_and_text(out, "enum", class, "name", Some(name));
}

/// A value captured as its `toString()` text; `class` quoted.
pub fn text(out: &mut String, class: &str, text: &str) {
    class_and_text(out, "text", class, "text", Some(text));
}

/// An opaque value; `class` quoted.
pub fn opaque(out: &mut String, class: &str, reason: &str) {
    class_and_text(out, "opaque", class, "reason", Some(reason));
}

/// An array's opaque value with its length (cut by the depth limit); `class` quoted.
pub fn opaque_array(out: &mut String, class: &str, reason: &str, length: u32) {
    class_and_text(out, "opaque", class, "reason", Some(reason));
    one_more(out, "length", &length.to_string());
}

/// A lambda's opaque value with the functional interface it implements; `class` and
/// `implements` quoted.
pub fn lambda(out: &mut String, class: &str, reason: &str, implements: &str) {
    class_and_text(out, "opaque", class, "reason", Some(reason));
    one_more(out, "implements", implements);
}

/// One more member, `key` (plain) with `raw` JSON, in the object just written to `out`.
fn one_more(out: &mut String, key: &str, raw: &str) {
    out.pop();
    out.push_str(",\"");
    out.push_str(key);
    out.push_str("\":");
    out.push_str(raw);
    out.push('}');
}

/// A redacted value; `class` quoted.
pub fn redacted(out: &mut String, class: &str, rule: &str) {
    class_and_text(out, "redacted", class, "rule", Some(rule));
}

/// A thrown exception; `class` quoted.
/// A thrown exception; `message_overridden`: its class's `getMessage()` is the
/// application's, and `message` is the detail message it was built with.
pub fn thrown(out: &mut String, class: &str, message: Option<&str>, message_overridden: bool) {
    class_and_text(out, "thrown", class, "message", message);
    if message_overridden {
        out.pop();
        out.push_str(",\"message_overridden\":true}");
    }
}

/// Opens a boxed primitive: write the primitive, then [`close`].
pub fn begin_boxed(out: &mut String, class: &str) {
    out.push_str("{\"t\":\"boxed\",\"class\":");
    out.push_str(class);
    out.push_str(",\"value\":");
}

/// Closes a boxed primitive.
pub fn close(out: &mut String) {
    out.push('}');
}

/// Opens an `array`, `collection` or `map`: `{"t":..,"id":..,"class":..,"length"/"size":..,
/// "elements"/"entries":[`. Write the items separated by [`comma`] (map entries with
/// [`begin_entry`]/[`between_key_and_value`]/[`end_entry`]), then [`end_container`].
fn begin_container(
    out: &mut String,
    tag: &str,
    id: u32,
    class: &str,
    count: (&str, u32),
    items: &str,
) {
    out.push_str("{\"t\":\"");
    out.push_str(tag);
    let _ = write!(out, "\",\"id\":{id},\"class\":");
    out.push_str(class);
    let _ = write!(out, ",\"{}\":{},\"{items}\":[", count.0, count.1);
}

pub fn begin_array(out: &mut String, id: u32, class: &str, length: u32) {
    begin_container(out, "array", id, class, ("length", length), "elements");
}

/// A whole primitive array (or its first elements, `truncated`), packed: `elements` is
/// the element type's descriptor letter (`B`, `I`, `J`…), `:`, and the elements'
/// little-endian bytes in base64 (a 4 KB `byte[]` takes 5.5 KB, not 73 KB of one JSON
/// object per element). [`crate::Value`] reads it back as the list of its elements.
pub fn packed_array(
    out: &mut String,
    id: u32,
    class: &str,
    length: u32,
    (letter, raw): (char, &[u8]),
    truncated: bool,
) {
    use base64::Engine;
    let _ = write!(
        out,
        "{{\"t\":\"array\",\"id\":{id},\"class\":{class},\"length\":{length},\"elements\":\"{letter}:"
    );
    base64::engine::general_purpose::STANDARD.encode_string(raw, out);
    out.push_str(if truncated {
        "\",\"truncated\":true}"
    } else {
        "\",\"truncated\":false}"
    });
}

pub fn begin_collection(out: &mut String, id: u32, class: &str, size: u32) {
    begin_container(out, "collection", id, class, ("size", size), "elements");
}

pub fn begin_map(out: &mut String, id: u32, class: &str, size: u32) {
    begin_container(out, "map", id, class, ("size", size), "entries");
}

/// A [`crate::Value::Constant`]: the object of class `class` (quoted) in the static
/// final field `field`, declared in `owner` (quoted) when a test reads it reflectively.
pub fn constant(out: &mut String, id: u32, class: &str, field: &str, owner: Option<&str>) {
    let _ = write!(out, "{{\"t\":\"constant\",\"id\":{id},\"class\":");
    out.push_str(class);
    out.push_str(",\"field\":");
    string(out, field);
    if let Some(owner) = owner {
        out.push_str(",\"owner\":");
        out.push_str(owner);
    }
    out.push('}');
}

/// Opens an `object`; then each field is its prefix ([`field_prefix`]), its value and
/// [`close`], separated by [`comma`]; then [`end_container`].
pub fn begin_object(out: &mut String, id: u32, class: &str) {
    let _ = write!(out, "{{\"t\":\"object\",\"id\":{id},\"class\":");
    out.push_str(class);
    out.push_str(",\"fields\":[");
}

/// The text that opens one field of an object, up to its value:
/// `{"name":<name>,"declared_in":<declared_in>,"value":`. Computed once per field.
pub fn field_prefix(name: &str, declared_in: &str) -> String {
    let mut out = String::with_capacity(name.len() + declared_in.len() + 40);
    out.push_str("{\"name\":");
    string(&mut out, name);
    out.push_str(",\"declared_in\":");
    string(&mut out, declared_in);
    out.push_str(",\"value\":");
    out
}

pub fn comma(out: &mut String) {
    out.push(',');
}

pub fn begin_entry(out: &mut String) {
    out.push('[');
}

pub fn between_key_and_value(out: &mut String) {
    out.push(',');
}

pub fn end_entry(out: &mut String) {
    out.push(']');
}

/// Closes an array, collection, map or object.
pub fn end_container(out: &mut String, truncated: bool) {
    out.push_str(if truncated {
        "],\"truncated\":true}"
    } else {
        "],\"truncated\":false}"
    });
}

/// Opens an `Outcome`: then the value, then [`close`].
pub fn begin_outcome(out: &mut String, thrown: bool) {
    out.push_str(if thrown {
        "{\"kind\":\"threw\",\"exception\":"
    } else {
        "{\"kind\":\"returned\",\"value\":"
    });
}

/// A whole value through serde (for the few values built as [`Value`]s).
pub fn value(out: &mut String, v: &Value) {
    out.push_str(&to_json(v));
}

/// One mockable call, already encoded: `arguments` is a JSON array of values and
/// `outcome` an Outcome's JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct EncodedCall {
    pub seq: u32,
    pub plan_call: u32,
    pub arguments: String,
    pub outcome: String,
    /// [`CallRecord::receiver_identity`] and [`CallRecord::answer_identity`].
    pub receiver_identity: Option<i32>,
    pub answer_identity: Option<i32>,
    /// [`CallRecord::effects`] as JSON.
    pub effects: Option<String>,
}

/// One completed invocation, its values already encoded (the columns of
/// `docs/trace-format.md`).
#[derive(Debug, Clone, PartialEq)]
pub struct EncodedInvocation {
    pub id: u64,
    pub mut_index: u32,
    pub seq: u64,
    pub thread_id: u64,
    pub thread_name: String,
    pub parent: Option<u64>,
    pub receiver_before: Option<String>,
    pub receiver_after: Option<String>,
    pub arguments: String,
    /// JSON array of the static reads' values; `None` when the MUT reads none.
    pub statics: Option<String>,
    pub outcome: String,
    pub calls: Vec<EncodedCall>,
    pub started_ns: u64,
    pub duration_ns: u64,
}

impl EncodedInvocation {
    /// Roughly the bytes this record holds in memory (its JSON text and names).
    pub fn approx_bytes(&self) -> u64 {
        let values = self.receiver_before.as_ref().map_or(0, String::len)
            + self.receiver_after.as_ref().map_or(0, String::len)
            + self.arguments.len()
            + self.statics.as_ref().map_or(0, String::len)
            + self.outcome.len()
            + self.thread_name.len();
        let calls: usize = self
            .calls
            .iter()
            .map(|c| c.arguments.len() + c.outcome.len() + 32)
            .sum();
        (values + calls + 128) as u64
    }
}

/// `v` through serde; what cannot be serialised becomes an opaque value saying why.
fn to_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| {
        let mut out = String::new();
        opaque(&mut out, "\"?\"", &format!("unserialisable: {e}"));
        out
    })
}

impl EncodedCall {
    pub fn encode(c: &CallRecord) -> EncodedCall {
        EncodedCall {
            seq: c.seq,
            plan_call: c.plan_call,
            arguments: to_json(&c.arguments),
            outcome: to_json(&c.outcome),
            receiver_identity: c.receiver_identity,
            answer_identity: c.answer_identity,
            effects: c.effects.as_ref().map(EncodedCall::effects_json),
        }
    }

    /// The `effects` column's JSON.
    pub fn effects_json(effects: &crate::record::CallEffects) -> String {
        to_json(effects)
    }
}

impl EncodedInvocation {
    pub fn encode(r: &InvocationRecord) -> EncodedInvocation {
        EncodedInvocation {
            id: r.id,
            mut_index: r.mut_index,
            seq: r.seq,
            thread_id: r.thread_id,
            thread_name: r.thread_name.clone(),
            parent: r.parent,
            receiver_before: r.receiver_before.as_ref().map(to_json),
            receiver_after: r.receiver_after.as_ref().map(to_json),
            arguments: to_json(&r.arguments),
            statics: (!r.statics.is_empty()).then(|| to_json(&r.statics)),
            outcome: to_json(&r.outcome),
            calls: r.calls.iter().map(EncodedCall::encode).collect(),
            started_ns: r.started_ns,
            duration_ns: r.duration_ns,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Outcome;
    use crate::value::FieldValue;

    /// Streams `v` with the functions above (what the agent's walk does).
    fn stream(out: &mut String, v: &Value) {
        match v {
            Value::Null => null(out),
            Value::Boolean { v } => boolean(out, *v),
            Value::Byte { v } => byte(out, *v),
            Value::Char { v } => char(out, *v),
            Value::Short { v } => short(out, *v),
            Value::Int { v } => int(out, *v),
            Value::Long { v } => long(out, *v),
            Value::Float { bits } => float_bits(out, *bits),
            Value::Double { bits } => double_bits(out, *bits),
            Value::Str { v } => str(out, v),
            Value::Boxed { class, value } => {
                begin_boxed(out, &quoted(class));
                stream(out, value);
                close(out);
            }
            Value::Enum { class, name } => enumeration(out, &quoted(class), name),
            Value::Text { class, text: t } => text(out, &quoted(class), t),
            Value::Array {
                id,
                class,
                length,
                elements,
                truncated,
            } => {
                begin_array(out, *id, &quoted(class), *length);
                items(out, elements);
                end_container(out, *truncated);
            }
            Value::Collection {
                id,
                class,
                size,
                elements,
                truncated,
            } => {
                begin_collection(out, *id, &quoted(class), *size);
                items(out, elements);
                end_container(out, *truncated);
            }
            Value::Map {
                id,
                class,
                size,
                entries,
                truncated,
            } => {
                begin_map(out, *id, &quoted(class), *size);
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        comma(out);
                    }
                    begin_entry(out);
                    stream(out, k);
                    between_key_and_value(out);
                    stream(out, v);
                    end_entry(out);
                }
                end_container(out, *truncated);
            }
            Value::Object {
                id,
                class,
                fields,
                truncated,
            } => {
                begin_object(out, *id, &quoted(class));
                for (i, f) in fields.iter().enumerate() {
                    if i > 0 {
                        comma(out);
                    }
                    out.push_str(&field_prefix(&f.name, &f.declared_in));
                    stream(out, &f.value);
                    close(out);
                }
                end_container(out, *truncated);
            }
            Value::Ref { id } => reference(out, *id),
            Value::Constant {
                id,
                class,
                field,
                owner,
            } => constant(
                out,
                *id,
                &quoted(class),
                field,
                owner.as_deref().map(quoted).as_deref(),
            ),
            Value::Receiver => receiver(out),
            Value::InReceiver { id } => in_receiver(out, *id),
            Value::Mock => mock(out),
            Value::Thrown {
                class,
                message,
                message_overridden,
            } => thrown(out, &quoted(class), message.as_deref(), *message_overridden),
            Value::Redacted { class, rule } => redacted(out, &quoted(class), rule),
            Value::Opaque {
                class,
                reason,
                implements: None,
                length: None,
            } => opaque(out, &quoted(class), reason),
            Value::Opaque {
                class,
                reason,
                implements: None,
                length: Some(n),
            } => opaque_array(out, &quoted(class), reason, *n),
            Value::Opaque {
                class,
                reason,
                implements: Some(i),
                ..
            } => lambda(out, &quoted(class), reason, &quoted(i)),
        }
    }

    fn items(out: &mut String, elements: &[Value]) {
        for (i, e) in elements.iter().enumerate() {
            if i > 0 {
                comma(out);
            }
            stream(out, e);
        }
    }

    fn every_kind() -> Value {
        let awkward = "quote \" backslash \\ nl \n tab \t cr \r bs \u{8} ff \u{c} nul \0 \u{1f} del \u{7f} é 😀 </script>";
        Value::Object {
            id: 1,
            class: "com.x.Foo$Bar".into(),
            truncated: true,
            fields: vec![
                FieldValue {
                    name: "all".into(),
                    declared_in: "com.x.Base".into(),
                    value: Value::Array {
                        id: 2,
                        class: "[Ljava.lang.Object;".into(),
                        length: 40,
                        truncated: true,
                        elements: vec![
                            Value::Null,
                            Value::Boolean { v: true },
                            Value::Boolean { v: false },
                            Value::Byte { v: -128 },
                            Value::Char { v: 0xd800 },
                            Value::Short { v: i16::MIN },
                            Value::Int { v: i32::MIN },
                            Value::Long { v: i64::MAX },
                            Value::float(f32::NAN),
                            Value::float(-0.0),
                            Value::double(f64::INFINITY),
                            Value::double(1.5e300),
                            Value::Str { v: awkward.into() },
                            Value::Str { v: String::new() },
                            Value::Boxed {
                                class: "java.lang.Integer".into(),
                                value: Box::new(Value::Int { v: 7 }),
                            },
                            Value::Constant {
                                id: 9,
                                class: "a.Name".into(),
                                field: "DEVICE_RGB".into(),
                                owner: None,
                            },
                            Value::Constant {
                                id: 10,
                                class: "a.GlyphList".into(),
                                field: "DEFAULT".into(),
                                owner: Some("a.GlyphList".into()),
                            },
                            Value::Enum {
                                class: "com.x.Colour".into(),
                                name: "RED".into(),
                            },
                            Value::Text {
                                class: "java.math.BigDecimal".into(),
                                text: "1.50".into(),
                            },
                            Value::Collection {
                                id: 3,
                                class: "java.util.ArrayList".into(),
                                size: 0,
                                elements: vec![],
                                truncated: false,
                            },
                            Value::Map {
                                id: 4,
                                class: "java.util.HashMap".into(),
                                size: 2,
                                entries: vec![
                                    (Value::Str { v: "k".into() }, Value::Ref { id: 1 }),
                                    (Value::Null, Value::Int { v: 1 }),
                                ],
                                truncated: false,
                            },
                            Value::Receiver,
                            Value::InReceiver { id: 7 },
                            Value::Mock,
                            Value::Thrown {
                                class: "java.io.IOException".into(),
                                message: None,
                                message_overridden: false,
                            },
                            Value::Thrown {
                                class: "java.io.IOException".into(),
                                message: Some(awkward.into()),
                                message_overridden: true,
                            },
                            Value::Redacted {
                                class: "java.lang.String".into(),
                                rule: "password".into(),
                            },
                            Value::Opaque {
                                class: "?".into(),
                                reason: "depth limit 3".into(),
                                implements: None,
                                length: None,
                            },
                            Value::Opaque {
                                class: "a.B$$Lambda/0x01".into(),
                                reason: "a lambda or hidden class".into(),
                                implements: Some(awkward.into()),
                                length: None,
                            },
                        ],
                    },
                },
                FieldValue {
                    name: awkward.into(),
                    declared_in: "com.x.Foo$Bar".into(),
                    value: Value::Object {
                        id: 5,
                        class: "java.lang.Object".into(),
                        fields: vec![],
                        truncated: false,
                    },
                },
            ],
        }
    }

    /// A packed primitive array reads back as its elements, for every element type, and
    /// bad packing is a named error.
    #[test]
    fn packed_primitive_arrays_read_back_as_their_elements() {
        let cases: Vec<(char, Vec<u8>, Vec<Value>)> = vec![
            (
                'B',
                vec![0, 1, 0xff],
                vec![
                    Value::Byte { v: 0 },
                    Value::Byte { v: 1 },
                    Value::Byte { v: -1 },
                ],
            ),
            (
                'Z',
                vec![1, 0],
                vec![Value::Boolean { v: true }, Value::Boolean { v: false }],
            ),
            (
                'C',
                0x263au16.to_le_bytes().to_vec(),
                vec![Value::Char { v: 0x263a }],
            ),
            (
                'S',
                (-2i16).to_le_bytes().to_vec(),
                vec![Value::Short { v: -2 }],
            ),
            (
                'I',
                [7i32.to_le_bytes(), (-7i32).to_le_bytes()].concat(),
                vec![Value::Int { v: 7 }, Value::Int { v: -7 }],
            ),
            (
                'J',
                i64::MIN.to_le_bytes().to_vec(),
                vec![Value::Long { v: i64::MIN }],
            ),
            (
                'F',
                f32::NAN.to_bits().to_le_bytes().to_vec(),
                vec![Value::Float {
                    bits: f32::NAN.to_bits(),
                }],
            ),
            (
                'D',
                2.5f64.to_bits().to_le_bytes().to_vec(),
                vec![Value::Double {
                    bits: 2.5f64.to_bits(),
                }],
            ),
        ];
        for (letter, raw, elements) in cases {
            let mut out = String::new();
            let class = format!("\"[{letter}\"");
            packed_array(&mut out, 3, &class, 9, (letter, &raw), true);
            let back: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(
                back,
                Value::Array {
                    id: 3,
                    class: format!("[{letter}"),
                    length: 9,
                    elements,
                    truncated: true,
                },
                "{out}"
            );
        }
        for bad in [
            r#"{"t":"array","id":1,"class":"[I","length":1,"elements":"I:AAA","truncated":false}"#,
            r#"{"t":"array","id":1,"class":"[I","length":1,"elements":"Q:AAAA","truncated":false}"#,
            r#"{"t":"array","id":1,"class":"[I","length":1,"elements":"AAAA","truncated":false}"#,
        ] {
            let e = serde_json::from_str::<Value>(bad).unwrap_err().to_string();
            assert!(e.contains("packed"), "{e}");
        }
    }

    #[test]
    fn streamed_json_is_byte_identical_to_serde() {
        let v = every_kind();
        let mut out = String::new();
        stream(&mut out, &v);
        assert_eq!(out, serde_json::to_string(&v).unwrap());
        let back: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back, v);
        for thrown in [false, true] {
            let mut o = String::new();
            begin_outcome(&mut o, thrown);
            stream(&mut o, &v);
            close(&mut o);
            let expected = if thrown {
                Outcome::Threw {
                    exception: v.clone(),
                }
            } else {
                Outcome::Returned { value: v.clone() }
            };
            assert_eq!(o, serde_json::to_string(&expected).unwrap());
        }
        let mut s = String::new();
        for c in 0u8..=0x7f {
            s.push(c as char);
        }
        assert_eq!(quoted(&s), serde_json::to_string(&s).unwrap());
    }
}
