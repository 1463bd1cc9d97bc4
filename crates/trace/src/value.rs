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
        /// Written as a list, or packed by the recorder ([`crate::json::packed_array`]).
        #[serde(deserialize_with = "packed::elements")]
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
    /// An object production held in a static final field of its own class (an interned
    /// flyweight such as `COSName.DEVICERGB`, a shared default such as a private
    /// `GlyphList.DEFAULT`): code may compare it by identity (`name ==
    /// COSName.DEVICERGB`), so a test uses that very object, by its name, and nothing of
    /// it is recorded beyond that.
    Constant {
        id: u32,
        class: String,
        field: String,
        /// The class declaring the field when a test cannot name it in source (the field
        /// or that class is not public): the test reads it reflectively.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner: Option<String>,
    },
    /// The same object as the earlier value with this id (sharing or a cycle).
    Ref {
        id: u32,
    },
    /// The receiver of the recorded invocation itself (`this` of the method under test),
    /// passed on as an argument of one of its calls.
    Receiver,
    /// An argument of the method under test that is an object recorded in its receiver
    /// (before the call) under this id: a part handed to its own bin's `remove`, a node
    /// of the tree it is removed from. A test passes that very object.
    InReceiver {
        id: u32,
    },
    /// In a call's answer: the very object the call was made on, which a test mocks
    /// (a parser's record that points back to its parser, a builder returning itself).
    Mock,
    /// A thrown exception.
    Thrown {
        class: String,
        message: Option<String>,
        /// The class's `getMessage()` is the application's: `message` is the detail
        /// message the exception was built with, not what `getMessage()` returns.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        message_overridden: bool,
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
        /// For a lambda (a hidden class), the functional interface it implements
        /// (`java.util.function.Consumer`): a test may stand a mock of it in for the
        /// lambda where the method only hands it on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        implements: Option<String>,
        /// For an array cut by the depth limit, its length: a test may stand an array of
        /// that many default elements in for it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        length: Option<u32>,
    },
}

/// The pseudo-field holding the elements of a project subclass of a JDK collection
/// (`class Playlist extends ArrayList<Song>`): a [`Value::Collection`] of the JDK class,
/// declared in it, after the object's own fields.
pub const ELEMENTS_FIELD: &str = "<elements>";
/// The pseudo-field holding the entries of a project subclass of a JDK map: a
/// [`Value::Map`] of the JDK class.
pub const ENTRIES_FIELD: &str = "<entries>";

/// The class of a set a map backs (`Collections.newSetFromMap`): recorded as an
/// [`Value::Object`] whose one field `m` is that map (its keys are the set's elements).
pub const SET_FROM_MAP: &str = "java.util.Collections$SetFromMap";

/// The JDK classes recorded as `Text` whose text changes in place (writers and builders
/// in memory): their `equals` is identity, and a call may append to one it is given
/// ([`crate::CallEffects`]).
pub const TEXT_HOLDERS: [&str; 4] = [
    "java.io.StringWriter",
    "java.io.CharArrayWriter",
    "java.lang.StringBuilder",
    "java.lang.StringBuffer",
];

/// Is `class` (a binary name) one of the [`TEXT_HOLDERS`]?
pub fn is_text_holder(class: &str) -> bool {
    TEXT_HOLDERS.contains(&class)
}

/// The class of a [`Value::Opaque`] the agent could not look at: the run's value budget
/// spent, a value that could not be read (never a class name: nothing builds it).
pub const UNKNOWN_CLASS: &str = "?";

/// The class a [`Value::Collection`] is recorded with for a JDK iterator over a list
/// (`ArrayList`'s): its elements are those it has yet to return. Rebuilt as an iterator
/// over a new list of them; compared by identity (never asserted equal, matched by type).
pub const ITERATOR: &str = "java.util.Iterator";

/// The JDK classes recorded as `Text` by what they were made with whose `equals` is
/// identity: a charset's decoders and encoders (`UTF-8 REPORT REPLACE fffd`), rebuilt
/// through `Charset.newDecoder()`; a `java.awt.geom.Area` by its outline (`M 0 0 L 10 0
/// … Z`), drawn again as a path. Never asserted equal; matched by type.
pub const IDENTITY_TEXTS: [&str; 3] = [
    "java.nio.charset.CharsetDecoder",
    "java.nio.charset.CharsetEncoder",
    // `equals(Area)` compares outlines, `equals(Object)` only identity.
    "java.awt.geom.Area",
];

/// Does a `Text` value of `class` compare by identity (a [`TEXT_HOLDERS`] writer or
/// builder, or one of the [`IDENTITY_TEXTS`])?
pub fn compares_by_identity(class: &str) -> bool {
    is_text_holder(class) || IDENTITY_TEXTS.contains(&class)
}

/// The JDK's optional values, recorded as a [`Value::Object`] of their own fields (a
/// `java.util.Optional`'s `value`, null when empty; `isPresent` and `value` of the
/// primitive ones) and rebuilt through their factories (`Optional.ofNullable`).
pub const OPTIONALS: [&str; 4] = [
    "java.util.Optional",
    "java.util.OptionalInt",
    "java.util.OptionalLong",
    "java.util.OptionalDouble",
];

/// Every JDK class recorded as a [`Value::Object`] of some of its own fields (read as
/// fields, never through a method, whatever the read tree says) and rebuilt through its
/// API, each field with the method that reads it back: the [`OPTIONALS`]; a `Pattern` by
/// its `pattern` and `flags` (`Pattern.compile(pattern, flags)`); an `AtomicReference` by
/// its `value`; a `java.util.logging.Logger` by its name (`Logger.getLogger(name)`); a
/// lock by nothing (a new, unlocked one: what a method finds when it takes it, unless it
/// is called with the lock held); a soft or weak reference by its `referent` (a cache
/// entry: `new SoftReference<>(referent)`, what `get()` answered while it was alive); an
/// `AffineTransform` by its six matrix entries.
pub const JDK_BY_FIELDS: [(&str, &[(&str, &str)]); 12] = [
    ("java.util.Optional", &[("value", "get")]),
    (
        "java.util.OptionalInt",
        &[("isPresent", "isPresent"), ("value", "getAsInt")],
    ),
    (
        "java.util.OptionalLong",
        &[("isPresent", "isPresent"), ("value", "getAsLong")],
    ),
    (
        "java.util.OptionalDouble",
        &[("isPresent", "isPresent"), ("value", "getAsDouble")],
    ),
    (
        "java.util.regex.Pattern",
        &[("pattern", "pattern"), ("flags", "flags")],
    ),
    (
        "java.util.concurrent.atomic.AtomicReference",
        &[("value", "get")],
    ),
    ("java.util.logging.Logger", &[("name", "getName")]),
    ("java.util.concurrent.locks.ReentrantLock", &[]),
    ("java.util.concurrent.locks.ReentrantReadWriteLock", &[]),
    ("java.lang.ref.SoftReference", &[("referent", "get")]),
    ("java.lang.ref.WeakReference", &[("referent", "get")]),
    (
        "java.awt.geom.AffineTransform",
        &[
            ("m00", "getScaleX"),
            ("m10", "getShearY"),
            ("m01", "getShearX"),
            ("m11", "getScaleY"),
            ("m02", "getTranslateX"),
            ("m12", "getTranslateY"),
        ],
    ),
];

/// The fields [`JDK_BY_FIELDS`] records of `class`, with the method reading each back,
/// if it is one of them.
pub fn jdk_by_fields(class: &str) -> Option<&'static [(&'static str, &'static str)]> {
    JDK_BY_FIELDS
        .iter()
        .find(|(c, _)| *c == class)
        .map(|(_, fields)| *fields)
}

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
            | Value::Constant { class, .. }
            | Value::Thrown { class, .. }
            | Value::Redacted { class, .. }
            | Value::Opaque { class, .. } => Some(class),
            _ => None,
        }
    }

    /// Is this a value a test writes inline as a literal: a primitive, a string, a box or
    /// an enum constant?
    pub fn is_literal(&self) -> bool {
        self.is_primitive()
            || matches!(
                self,
                Value::Str { .. } | Value::Boxed { .. } | Value::Enum { .. }
            )
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

    /// The values directly inside this one: a box's value, the elements of an array or
    /// collection, a map's keys and values (each key before its value), an object's
    /// fields' values.
    pub fn children(&self) -> Box<dyn Iterator<Item = &Value> + '_> {
        match self {
            Value::Boxed { value, .. } => Box::new(std::iter::once(&**value)),
            Value::Array { elements, .. } | Value::Collection { elements, .. } => {
                Box::new(elements.iter())
            }
            Value::Map { entries, .. } => Box::new(entries.iter().flat_map(|(k, v)| [k, v])),
            Value::Object { fields, .. } => Box::new(fields.iter().map(|f| &f.value)),
            _ => Box::new(std::iter::empty()),
        }
    }

    /// [`Value::children`], to change them.
    fn children_mut(&mut self) -> Box<dyn Iterator<Item = &mut Value> + '_> {
        match self {
            Value::Boxed { value, .. } => Box::new(std::iter::once(&mut **value)),
            Value::Array { elements, .. } | Value::Collection { elements, .. } => {
                Box::new(elements.iter_mut())
            }
            Value::Map { entries, .. } => Box::new(entries.iter_mut().flat_map(|(k, v)| [k, v])),
            Value::Object { fields, .. } => Box::new(fields.iter_mut().map(|f| &mut f.value)),
            _ => Box::new(std::iter::empty()),
        }
    }

    /// The id of an object with an identity (an object, array, collection or map).
    pub fn id(&self) -> Option<u32> {
        match self {
            Value::Array { id, .. }
            | Value::Collection { id, .. }
            | Value::Map { id, .. }
            | Value::Object { id, .. }
            | Value::Constant { id, .. } => Some(*id),
            _ => None,
        }
    }

    /// Every value with an identity in this one (itself included), by id, into `out`
    /// (the first occurrence wins): where a [`Value::Ref`] with that id is written out.
    pub fn definitions<'v>(&'v self, out: &mut std::collections::HashMap<u32, &'v Value>) {
        if let Some(id) = self.id() {
            out.entry(id).or_insert(self);
        }
        self.children().for_each(|c| c.definitions(out));
    }

    /// The object id this value has or refers to (a [`Value::Ref`]'s), to change it.
    fn id_mut(&mut self) -> Option<&mut u32> {
        match self {
            Value::Array { id, .. }
            | Value::Collection { id, .. }
            | Value::Map { id, .. }
            | Value::Object { id, .. }
            | Value::Constant { id, .. }
            | Value::Ref { id } => Some(id),
            _ => None,
        }
    }

    /// Does the value hold [`Value::Mock`] (which only the test's code can name)?
    pub fn has_mock(&self) -> bool {
        matches!(self, Value::Mock) || self.children().any(Value::has_mock)
    }

    /// The node or byte limit of the recorder's that cut something inside this value
    /// (`value byte limit 8192`, `node limit 100`), as the first opaque part it left says:
    /// the limits that leave an object's later fields out, what a user would raise
    /// (`mimic record --value-bytes`, `--nodes`). A depth cut is not one of them.
    pub fn limit_cut(&self) -> Option<&str> {
        match self {
            Value::Opaque { reason, .. }
                if reason.contains("node limit") || reason.contains("byte limit") =>
            {
                Some(reason)
            }
            other => other.children().find_map(Value::limit_cut),
        }
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
            other => other.children().any(Value::has_unbuildable),
        }
    }

    /// Add `by` to every object id in this value (its objects' and its references'):
    /// ids are local to each recorded value, so values recorded apart (the receiver, an
    /// argument, a call's answer) are given disjoint ids before they are used together.
    pub fn offset_ids(&mut self, by: u32) {
        if let Some(id) = self.id_mut() {
            *id += by;
        }
        self.children_mut().for_each(|c| c.offset_ids(by));
    }

    /// Each [`Value::InReceiver`] in this value as the [`Value::Ref`] to the receiver's
    /// object it names: for values used beside the receiver, whose ids are not moved
    /// ([`Value::offset_ids`] leaves an `InReceiver` alone).
    pub fn link_to_receiver(&mut self) {
        if let Value::InReceiver { id } = self {
            *self = Value::Ref { id: *id };
        }
        self.children_mut().for_each(Value::link_to_receiver);
    }

    /// The largest object id in this value, its references' included (0 when it has
    /// none).
    pub fn max_id(&self) -> u32 {
        let own = match self {
            Value::Ref { id } => *id,
            other => other.id().unwrap_or(0),
        };
        self.children().map(Value::max_id).fold(own, u32::max)
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
            Value::Array { class, length, .. } => array_brief(class, *length),
            Value::Collection { class, size, .. } => format!("{}(size {size})", short(class)),
            Value::Map { class, size, .. } => format!("{}(size {size})", short(class)),
            Value::Object { class, id, .. } => format!("{}#{id}", short(class)),
            Value::Constant { class, field, .. } => format!("{}.{field}", short(class)),
            Value::Ref { id } => format!("@{id}"),
            Value::Receiver => "this".into(),
            Value::InReceiver { id } => format!("this@{id}"),
            Value::Mock => "the mock".into(),
            Value::Thrown { class, message, .. } => match message {
                Some(m) => format!("{}({m:?})", short(class)),
                None => short(class).to_string(),
            },
            Value::Redacted { class, rule } => format!("<{} redacted by {rule}>", short(class)),
            Value::Opaque {
                implements: Some(i),
                ..
            } => format!("a {} lambda", short(i)),
            Value::Opaque { class, reason, .. } if class.contains("$$Lambda") => {
                format!("<a lambda opaque: {reason}>")
            }
            Value::Opaque { class, reason, .. } => format!("<{} opaque: {reason}>", short(class)),
        }
    }
}

fn short(class: &str) -> &str {
    class.rsplit(['.', '$']).next().unwrap_or(class)
}

/// An array by its Java element type and length: `[Ljava.lang.Object;` of 2 is
/// `Object[2]`, `[[I` of 3 is `int[3][]` (never the JVM's descriptor in a display name).
fn array_brief(class: &str, length: u32) -> String {
    let element = class.trim_start_matches('[');
    let dimensions = class.len() - element.len();
    let name = match element {
        "Z" => "boolean",
        "B" => "byte",
        "C" => "char",
        "S" => "short",
        "I" => "int",
        "J" => "long",
        "F" => "float",
        "D" => "double",
        other => short(other.trim_start_matches('L').trim_end_matches(';')),
    };
    format!(
        "{name}[{length}]{}",
        "[]".repeat(dimensions.saturating_sub(1))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_that_cut_an_objects_fields_is_a_node_or_byte_limit() {
        let opaque = |reason: &str| Value::Opaque {
            class: "a.B".into(),
            reason: reason.into(),
            implements: None,
            length: None,
        };
        let field = |name: &str, value: Value| FieldValue {
            name: name.into(),
            declared_in: "a.A".into(),
            value,
        };
        let cut = Value::Object {
            id: 1,
            class: "a.A".into(),
            fields: vec![
                field("deep", opaque("depth limit 3")),
                field("stream", opaque("an output stream")),
                field("big", opaque("value byte limit 8192")),
            ],
            truncated: true,
        };
        assert_eq!(cut.limit_cut(), Some("value byte limit 8192"));
        let deep = Value::Object {
            id: 1,
            class: "a.A".into(),
            fields: vec![field("deep", opaque("depth limit 3"))],
            truncated: false,
        };
        // A depth cut leaves no field out: not the limit that truncated an object.
        assert_eq!(deep.limit_cut(), None);
        assert_eq!(opaque("an output stream").limit_cut(), None);
    }

    /// Display names show an array by its Java type, not its JVM descriptor.
    #[test]
    fn an_array_is_shown_by_its_java_type() {
        let array = |class: &str, length| Value::Array {
            id: 1,
            class: class.into(),
            length,
            elements: vec![],
            truncated: false,
        };
        assert_eq!(array("[Ljava.lang.Object;", 2).brief(), "Object[2]");
        assert_eq!(array("[I", 3).brief(), "int[3]");
        assert_eq!(array("[[Lcom.acme.Outer$Cell;", 4).brief(), "Cell[4][]");
    }

    /// A lambda is shown by its interface, not its hidden class's address
    /// (`<0x00007f7c0c001450 opaque: …>` before).
    #[test]
    fn a_lambda_is_shown_by_its_interface() {
        let lambda = |implements: Option<&str>| Value::Opaque {
            class: "a.Main$$Lambda/0x00007f7c0c001450".into(),
            reason: "a lambda or hidden class".into(),
            implements: implements.map(Into::into),
            length: None,
        };
        assert_eq!(
            lambda(Some("java.util.function.Predicate")).brief(),
            "a Predicate lambda"
        );
        assert_eq!(
            lambda(Some("a.Walker$Listener")).brief(),
            "a Listener lambda"
        );
        assert_eq!(
            lambda(None).brief(),
            "<a lambda opaque: a lambda or hidden class>"
        );
    }

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

/// Reading a primitive array's elements in either of their forms: a JSON list of
/// values, or the recorder's packed string (descriptor letter, `:`, base64 of the
/// little-endian elements).
mod packed {
    use super::Value;
    use serde::de::{Error, SeqAccess, Visitor};
    use serde::Deserializer;

    pub fn elements<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Value>, D::Error> {
        d.deserialize_any(Elements)
    }

    struct Elements;

    impl<'de> Visitor<'de> for Elements {
        type Value = Vec<Value>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list of values or a packed primitive array")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Value>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(v) = seq.next_element::<Value>()? {
                out.push(v);
            }
            Ok(out)
        }

        fn visit_str<E: Error>(self, s: &str) -> Result<Vec<Value>, E> {
            unpack(s).map_err(E::custom)
        }
    }

    /// The elements of a packed primitive array.
    pub fn unpack(s: &str) -> Result<Vec<Value>, String> {
        use base64::Engine;
        let (letter, data) = s
            .split_once(':')
            .ok_or_else(|| "a packed array without its element type".to_string())?;
        let raw = base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|e| format!("a packed {letter} array: {e}"))?;
        let width = match letter {
            "Z" | "B" => 1,
            "C" | "S" => 2,
            "I" | "F" => 4,
            "J" | "D" => 8,
            other => return Err(format!("a packed array of unknown type {other:?}")),
        };
        if raw.len() % width != 0 {
            return Err(format!("a packed {letter} array of {} bytes", raw.len()));
        }
        Ok(raw
            .chunks_exact(width)
            .map(|c| {
                let mut b = [0u8; 8];
                b[..width].copy_from_slice(c);
                let bits = u64::from_le_bytes(b);
                match letter {
                    "Z" => Value::Boolean { v: bits != 0 },
                    "B" => Value::Byte {
                        v: bits as u8 as i8,
                    },
                    "C" => Value::Char { v: bits as u16 },
                    "S" => Value::Short {
                        v: bits as u16 as i16,
                    },
                    "I" => Value::Int {
                        v: bits as u32 as i32,
                    },
                    "F" => Value::Float { bits: bits as u32 },
                    "J" => Value::Long { v: bits as i64 },
                    _ => Value::Double { bits },
                }
            })
            .collect())
    }
}
