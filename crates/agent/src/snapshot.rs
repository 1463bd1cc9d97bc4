//! Object-graph snapshots through JNI and JVMTI: a bounded walk (depth, node and byte
//! limits) from one Java value to a [`Value`], with sharing and cycles as `Ref`s
//! (identity by JVMTI object hash code, confirmed with `IsSameObject`), JDK types by
//! meaning, other objects field by field, redacted fields and opaque values with reasons.
//! Each snapshot runs inside its own JNI local frame; every call into Java is followed by
//! an exception check.

use std::collections::HashMap;

use jvmti_bindings::env::{JniEnv, Jvmti};
use jvmti_bindings::sys::jni;
use mimic_trace::{FieldValue, Value};

use crate::classinfo::{Classes, Kind, Prim};
use crate::jdk::{self, clear, Jdk};
use crate::options::Options;

/// Everything a snapshot needs besides the JNI environment.
pub struct Context<'a> {
    pub jvmti: &'a Jvmti,
    pub jdk: &'a Jdk,
    pub classes: &'a Classes,
    pub options: &'a Options,
}

/// How a value was declared where it was recorded: the probes box primitives, so a
/// declared primitive is unboxed back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Declared {
    Prim(Prim),
    Reference,
}

/// Approximate JSON size of one primitive value (`{"t":"int","v":3}`).
const ELEMENT_BYTES: u64 = 18;

/// Primitive array elements read per array at most.
const MAX_PRIMITIVE_ELEMENTS: usize = 4096;

struct Walk<'a> {
    env: &'a JniEnv,
    cx: &'a Context<'a>,
    seen: HashMap<i32, Vec<(jni::jobject, u32)>>,
    next_id: u32,
    nodes: u32,
    bytes: u64,
}

/// Capture `obj` (a live reference on this thread). Returns the value and its approximate
/// size in bytes.
///
/// # Safety
/// `obj` must be null or a live reference valid on the thread that owns `env`.
pub unsafe fn capture(
    env: &JniEnv,
    cx: &Context,
    obj: jni::jobject,
    declared: Declared,
) -> (Value, u64) {
    let capacity = (cx.options.nodes as i32)
        .saturating_mul(2)
        .saturating_add(64);
    if unsafe { env.push_local_frame_raw(capacity) }.is_err() {
        clear(env);
        return (opaque("?", "no JNI local frame"), 0);
    }
    let mut walk = Walk {
        env,
        cx,
        seen: HashMap::new(),
        next_id: 1,
        nodes: 0,
        bytes: 0,
    };
    let value = unsafe { walk.top(obj, declared) };
    unsafe { env.pop_local_frame_raw(std::ptr::null_mut()) };
    clear(env);
    (value, walk.bytes)
}

/// A thrown exception: its class and message.
///
/// # Safety
/// `t` must be null or a live reference valid on the thread that owns `env`.
pub unsafe fn thrown(env: &JniEnv, cx: &Context, t: jni::jobject) -> Value {
    if t.is_null() {
        return Value::Null;
    }
    let mut walk = Walk {
        env,
        cx,
        seen: HashMap::new(),
        next_id: 1,
        nodes: 0,
        bytes: 0,
    };
    let class = unsafe { walk.class_name(t) };
    unsafe { walk.thrown(t, class) }
}

fn opaque(class: &str, reason: &str) -> Value {
    Value::Opaque {
        class: class.to_string(),
        reason: reason.to_string(),
    }
}

impl Walk<'_> {
    unsafe fn top(&mut self, obj: jni::jobject, declared: Declared) -> Value {
        match declared {
            Declared::Prim(p) if !obj.is_null() => {
                let class = unsafe { self.env.get_object_class(obj) };
                let info = unsafe { self.info(class) };
                unsafe { self.env.delete_local_ref(class) };
                match info.as_deref().map(|i| &i.kind) {
                    Some(Kind::Boxed(_, id)) => unsafe { self.read_prim(obj, id.0, p) },
                    _ => opaque("?", "expected a boxed primitive"),
                }
            }
            _ => unsafe { self.value(obj, 0) },
        }
    }

    unsafe fn info(
        &self,
        class: jni::jclass,
    ) -> Option<std::sync::Arc<crate::classinfo::ClassInfo>> {
        let cx = self.cx;
        unsafe {
            cx.classes
                .info(self.env, cx.jvmti, cx.jdk, cx.options, class)
        }
    }

    unsafe fn class_name(&self, obj: jni::jobject) -> String {
        let class = unsafe { self.env.get_object_class(obj) };
        let name = unsafe { self.info(class) }.map(|i| i.name.clone());
        unsafe { self.env.delete_local_ref(class) };
        name.unwrap_or_else(|| "?".into())
    }

    unsafe fn read_prim(&mut self, obj: jni::jobject, field: jni::jfieldID, p: Prim) -> Value {
        let e = self.env;
        self.bytes += ELEMENT_BYTES;
        unsafe {
            match p {
                Prim::Boolean => Value::Boolean {
                    v: e.get_boolean_field(obj, field),
                },
                Prim::Byte => Value::Byte {
                    v: e.get_byte_field(obj, field),
                },
                Prim::Char => Value::Char {
                    v: e.get_char_field(obj, field),
                },
                Prim::Short => Value::Short {
                    v: e.get_short_field(obj, field),
                },
                Prim::Int => Value::Int {
                    v: e.get_int_field(obj, field),
                },
                Prim::Long => Value::Long {
                    v: e.get_long_field(obj, field),
                },
                Prim::Float => Value::float(e.get_float_field(obj, field)),
                Prim::Double => Value::double(e.get_double_field(obj, field)),
            }
        }
    }

    fn limit_reason(&self, depth: u32) -> Option<String> {
        let o = self.cx.options;
        if depth > o.depth {
            Some(format!("depth limit {}", o.depth))
        } else if self.nodes >= o.nodes {
            Some(format!("node limit {}", o.nodes))
        } else if self.bytes >= o.value_bytes {
            Some(format!("value byte limit {}", o.value_bytes))
        } else {
            None
        }
    }

    fn full(&self) -> bool {
        self.nodes >= self.cx.options.nodes || self.bytes >= self.cx.options.value_bytes
    }

    /// The id of an object already captured in this snapshot.
    unsafe fn seen_before(&self, obj: jni::jobject, hash: i32) -> Option<u32> {
        let list = self.seen.get(&hash)?;
        list.iter()
            .find(|(o, _)| unsafe { self.env.is_same_object(*o, obj) })
            .map(|(_, id)| *id)
    }

    fn register(&mut self, obj: jni::jobject, hash: i32) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.seen.entry(hash).or_default().push((obj, id));
        id
    }

    unsafe fn value(&mut self, obj: jni::jobject, depth: u32) -> Value {
        if obj.is_null() {
            self.bytes += 12;
            return Value::Null;
        }
        self.nodes += 1;
        let class = unsafe { self.env.get_object_class(obj) };
        let info = unsafe { self.info(class) };
        unsafe { self.env.delete_local_ref(class) };
        let Some(info) = info else {
            return opaque("?", "class could not be inspected");
        };
        let name = info.name.clone();
        // Roughly the JSON envelope: tag, id, class name.
        self.bytes += 30 + name.len() as u64;
        match &info.kind {
            Kind::Str => {
                let text = unsafe { jdk::string(self.env, obj) }.unwrap_or_default();
                if self.bytes + text.len() as u64 > self.cx.options.value_bytes {
                    return opaque(
                        &name,
                        &format!("string of {} bytes over the value byte limit", text.len()),
                    );
                }
                self.bytes += text.len() as u64;
                Value::Str { v: text }
            }
            Kind::Boxed(p, id) => Value::Boxed {
                value: Box::new(unsafe { self.read_prim(obj, id.0, *p) }),
                class: name,
            },
            Kind::Enum(class) => {
                let n = unsafe { self.env.get_object_field(obj, self.cx.jdk.enum_name.0) };
                let text = unsafe { jdk::string(self.env, n) }.unwrap_or_default();
                self.bytes += text.len() as u64;
                Value::Enum {
                    class: class.clone(),
                    name: text,
                }
            }
            Kind::Text => match unsafe { jdk::to_string(self.env, self.cx.jdk, obj) } {
                Some(text) => {
                    self.bytes += text.len() as u64;
                    Value::Text { class: name, text }
                }
                None => opaque(&name, "toString() failed"),
            },
            Kind::Thrown => unsafe { self.thrown(obj, name) },
            Kind::Opaque(reason) => opaque(&name, reason),
            _ => {
                let hash = unsafe { self.cx.jvmti.get_object_hash_code(obj) }.unwrap_or(0);
                if let Some(id) = unsafe { self.seen_before(obj, hash) } {
                    return Value::Ref { id };
                }
                if let Some(reason) = self.limit_reason(depth) {
                    return opaque(&name, &reason);
                }
                let id = self.register(obj, hash);
                match &info.kind {
                    Kind::Array(Some(p)) => unsafe { self.primitive_array(obj, id, name, *p) },
                    Kind::Array(None) => {
                        let (length, elements, truncated) =
                            unsafe { self.object_elements(obj, depth) };
                        Value::Array {
                            id,
                            class: name,
                            length,
                            elements,
                            truncated,
                        }
                    }
                    Kind::Collection => {
                        let arr = unsafe {
                            self.env
                                .call_object_method(obj, self.cx.jdk.to_array.0, &[])
                        };
                        if clear(self.env) || arr.is_null() {
                            return opaque(&name, "toArray() failed");
                        }
                        let (size, elements, truncated) =
                            unsafe { self.object_elements(arr, depth) };
                        Value::Collection {
                            id,
                            class: name,
                            size,
                            elements,
                            truncated,
                        }
                    }
                    Kind::Map => unsafe { self.map(obj, id, name, depth) },
                    Kind::Object(fields) => unsafe { self.object(obj, id, name, fields, depth) },
                    _ => unreachable!("leaf kinds handled above"),
                }
            }
        }
    }

    unsafe fn thrown(&mut self, t: jni::jobject, class: String) -> Value {
        let m = unsafe {
            self.env
                .call_object_method(t, self.cx.jdk.get_message.0, &[])
        };
        let message = if clear(self.env) {
            None
        } else {
            unsafe { jdk::string(self.env, m) }
        };
        self.bytes += message.as_ref().map_or(0, |m| m.len() as u64);
        Value::Thrown { class, message }
    }

    /// Elements of an object array: (length, captured elements, truncated).
    unsafe fn object_elements(&mut self, arr: jni::jobject, depth: u32) -> (u32, Vec<Value>, bool) {
        let length = unsafe { self.env.get_array_length(arr) }.max(0) as u32;
        let mut elements = Vec::new();
        for i in 0..length {
            if self.full() {
                break;
            }
            let e = unsafe { self.env.get_object_array_element(arr, i as i32) };
            if clear(self.env) {
                break;
            }
            elements.push(unsafe { self.value(e, depth + 1) });
        }
        let truncated = (elements.len() as u32) < length;
        (length, elements, truncated)
    }

    unsafe fn primitive_array(
        &mut self,
        arr: jni::jobject,
        id: u32,
        class: String,
        p: Prim,
    ) -> Value {
        let env = self.env;
        let length = unsafe { env.get_array_length(arr) }.max(0) as usize;
        let room =
            (self.cx.options.value_bytes.saturating_sub(self.bytes) / ELEMENT_BYTES) as usize;
        let n = length.min(MAX_PRIMITIVE_ELEMENTS).min(room);
        macro_rules! read {
            ($get:ident, $t:ty, $wrap:expr) => {{
                let mut buf: Vec<$t> = vec![Default::default(); n];
                unsafe { env.$get(arr, 0, n as i32, &mut buf) };
                buf.into_iter().map($wrap).collect::<Vec<Value>>()
            }};
        }
        let elements = match p {
            Prim::Boolean => read!(get_boolean_array_region, u8, |v| Value::Boolean {
                v: v != 0
            }),
            Prim::Byte => read!(get_byte_array_region, i8, |v| Value::Byte { v }),
            Prim::Char => read!(get_char_array_region, u16, |v| Value::Char { v }),
            Prim::Short => read!(get_short_array_region, i16, |v| Value::Short { v }),
            Prim::Int => read!(get_int_array_region, i32, |v| Value::Int { v }),
            Prim::Long => read!(get_long_array_region, i64, |v| Value::Long { v }),
            Prim::Float => read!(get_float_array_region, f32, Value::float),
            Prim::Double => read!(get_double_array_region, f64, Value::double),
        };
        clear(env);
        self.bytes += ELEMENT_BYTES * n as u64;
        Value::Array {
            id,
            class,
            length: length as u32,
            truncated: n < length,
            elements,
        }
    }

    unsafe fn map(&mut self, obj: jni::jobject, id: u32, class: String, depth: u32) -> Value {
        let jdk = self.cx.jdk;
        let env = self.env;
        let set = unsafe { env.call_object_method(obj, jdk.entry_set.0, &[]) };
        if clear(env) || set.is_null() {
            return opaque(&class, "entrySet() failed");
        }
        let arr = unsafe { env.call_object_method(set, jdk.to_array.0, &[]) };
        if clear(env) || arr.is_null() {
            return opaque(&class, "entrySet().toArray() failed");
        }
        let size = unsafe { env.get_array_length(arr) }.max(0) as u32;
        let mut entries = Vec::new();
        for i in 0..size {
            if self.full() {
                break;
            }
            let e = unsafe { env.get_object_array_element(arr, i as i32) };
            if clear(env) || e.is_null() {
                break;
            }
            let k = unsafe { env.call_object_method(e, jdk.entry_key.0, &[]) };
            let v = if clear(env) {
                break;
            } else {
                unsafe { env.call_object_method(e, jdk.entry_value.0, &[]) }
            };
            if clear(env) {
                break;
            }
            let key = unsafe { self.value(k, depth + 1) };
            let value = unsafe { self.value(v, depth + 1) };
            entries.push((key, value));
        }
        Value::Map {
            id,
            class,
            size,
            truncated: (entries.len() as u32) < size,
            entries,
        }
    }

    unsafe fn object(
        &mut self,
        obj: jni::jobject,
        id: u32,
        class: String,
        fields: &[crate::classinfo::FieldInfo],
        depth: u32,
    ) -> Value {
        let mut values = Vec::with_capacity(fields.len());
        let mut truncated = false;
        for f in fields {
            if self.full() {
                truncated = true;
                break;
            }
            self.bytes += 40 + (f.name.len() + f.declared_in.len()) as u64;
            let value = if let Some(rule) = &f.redact {
                Value::Redacted {
                    class: f.declared_type.clone(),
                    rule: rule.clone(),
                }
            } else if let Some(p) = f.prim {
                unsafe { self.read_prim(obj, f.id.0, p) }
            } else {
                let child = unsafe { self.env.get_object_field(obj, f.id.0) };
                if clear(self.env) {
                    opaque(&f.declared_type, "field could not be read")
                } else {
                    unsafe { self.value(child, depth + 1) }
                }
            };
            values.push(FieldValue {
                name: f.name.clone(),
                declared_in: f.declared_in.clone(),
                value,
            });
        }
        Value::Object {
            id,
            class,
            fields: values,
            truncated,
        }
    }
}
