//! What a recorded mockable call does to the objects it is given (`CallEffects`):
//! the text it appends to a JDK text holder among its arguments (`encoder.encode(value,
//! out)` writing into a `StringWriter`) and which argument, if any, it returns (a step
//! that appends to the builder it is handed and gives it back). A test's stub replays
//! both; a mock that did nothing would leave the code under test without that text.
//!
//! Only JDK text holders are watched: on entry by their length (the JDK count the
//! snapshot sizes them by), on exit by their `toString()` (JDK code, never the
//! application's), and only while the call runs: the arguments are held by one global
//! reference from the call's entry to its exit.
//!
//! An argument that is the receiver of an invocation being recorded (`parent.
//! removeContent(this)`) is watched too: its fields are read, one level deep, on entry
//! and on exit, and those that the call changed to a null, a primitive, a string, a box
//! or an enum are its `receiver_fields` (a test's stub sets them, or the receiver after
//! the call would not be production's).

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;
use mimic_trace::value::{FieldValue, Value};
use mimic_trace::{is_text_holder, CallEffects};

use crate::classinfo::{Kind, TextSize};
use crate::jdk;
use crate::snapshot::{self, Context, Declared};

/// The arguments of a call in flight, kept to compare on its exit.
pub struct Watched {
    /// A global reference to the call's `Object[]` of arguments (null: nothing kept).
    args: jni::jobject,
    /// The text holders among them: index and length of their text (UTF-16 units).
    texts: Vec<(u32, usize)>,
    /// Whether the call returns a reference (it may be one of its arguments).
    returns_reference: bool,
    /// The arguments that are a recorded invocation's receiver: index and their fields
    /// on entry ([`shallow_fields`]).
    receivers: Vec<(u32, Vec<FieldValue>)>,
}

impl Watched {
    pub const NONE: Watched = Watched {
        args: std::ptr::null_mut(),
        texts: Vec::new(),
        returns_reference: false,
        receivers: Vec::new(),
    };

    /// Look at a call's arguments on entry: keeps them when one holds text, is one of
    /// `receivers` (the receivers of the invocations the call is recorded for), or when
    /// the call returns a reference.
    ///
    /// # Safety
    /// `args` is the probe's live `Object[]` (or null) on this thread; `receivers` are
    /// live references on it.
    pub unsafe fn enter(
        env: &JniEnv,
        cx: &Context,
        args: jni::jobject,
        returns_reference: bool,
        receivers: &[jni::jobject],
    ) -> Watched {
        if args.is_null() {
            return Watched::NONE;
        }
        let len = unsafe { env.get_array_length(args) }.max(0);
        let mut texts = Vec::new();
        let mut watched_receivers = Vec::new();
        for i in 0..len {
            let e = unsafe { env.get_object_array_element(args, i) };
            if jdk::clear(env) || e.is_null() {
                continue;
            }
            if receivers
                .iter()
                .any(|&r| !r.is_null() && unsafe { env.is_same_object(e, r) })
            {
                if let Some(fields) = unsafe { shallow_fields(env, cx, e) } {
                    watched_receivers.push((i as u32, fields));
                }
            }
            // Its length, from the JDK's own count: the text itself is built on exit.
            let length = unsafe { holder_size(env, cx, e) }
                .and_then(|size| unsafe { snapshot::text_units(env, e, &size) });
            if let Some(n) = length {
                texts.push((i as u32, n as usize));
            }
            unsafe { env.delete_local_ref(e) };
        }
        if texts.is_empty() && !returns_reference && watched_receivers.is_empty() {
            return Watched::NONE;
        }
        Watched {
            args: unsafe { env.new_global_ref(args) },
            texts,
            returns_reference,
            receivers: watched_receivers,
        }
    }

    /// What the call did, on its normal exit with `result` (`None`: nothing seen).
    ///
    /// # Safety
    /// `result` is the call's live result (or null) on this thread.
    pub unsafe fn exit(
        &self,
        env: &JniEnv,
        cx: &Context,
        result: jni::jobject,
    ) -> Option<CallEffects> {
        if self.args.is_null() {
            return None;
        }
        let mut effects = CallEffects::default();
        if self.returns_reference && !result.is_null() {
            let len = unsafe { env.get_array_length(self.args) }.max(0);
            for i in 0..len {
                let e = unsafe { env.get_object_array_element(self.args, i) };
                if jdk::clear(env) || e.is_null() {
                    continue;
                }
                let same = unsafe { env.is_same_object(e, result) };
                unsafe { env.delete_local_ref(e) };
                if same {
                    effects.returned_argument = Some(i as u32);
                    break;
                }
            }
        }
        for &(i, before) in &self.texts {
            let e = unsafe { env.get_object_array_element(self.args, i as i32) };
            if jdk::clear(env) || e.is_null() {
                continue;
            }
            let text = match unsafe { holder_size(env, cx, e) } {
                Some(_) => unsafe { jdk::to_string(env, cx.jdk, e) },
                None => None,
            };
            unsafe { env.delete_local_ref(e) };
            let Some(text) = text else { continue };
            let units: Vec<u16> = text.encode_utf16().collect();
            // Only text added at the end is replayed; a holder the call cleared or
            // rewrote, or one past the value byte limit, is left as it is recorded.
            if units.len() > before && (units.len() - before) as u64 <= cx.options.value_bytes {
                effects
                    .appended
                    .push((i, String::from_utf16_lossy(&units[before..])));
            }
        }
        for (i, before) in &self.receivers {
            let e = unsafe { env.get_object_array_element(self.args, *i as i32) };
            if jdk::clear(env) || e.is_null() {
                continue;
            }
            let after = unsafe { shallow_fields(env, cx, e) };
            unsafe { env.delete_local_ref(e) };
            for field in changed_literals(before, after.unwrap_or_default()) {
                effects.receiver_fields.push((*i, field));
            }
        }
        (!effects.is_empty()).then_some(effects)
    }

    /// Free the global reference to the arguments.
    pub fn release(&mut self, env: &JniEnv) {
        if !self.args.is_null() {
            unsafe { env.delete_global_ref(self.args) };
            self.args = std::ptr::null_mut();
        }
    }
}

/// The fields of `obj` one level deep (what they hold further down is opaque), read as
/// the snapshots read them (redacted by name; no application code runs); `None` when it
/// is not recorded as an object of fields.
///
/// # Safety
/// `obj` is a live, non-null reference on this thread.
unsafe fn shallow_fields(env: &JniEnv, cx: &Context, obj: jni::jobject) -> Option<Vec<FieldValue>> {
    let one_level = snapshot::Walking {
        depth: 0,
        merged: Default::default(),
        light_mocks: false,
    };
    let special = snapshot::Special {
        callee: std::ptr::null_mut(),
        mocked_fields: &[],
        receiver: true,
        pinned: Some(&one_level),
    };
    let mut out = String::new();
    unsafe {
        snapshot::capture_special(
            env,
            cx,
            obj,
            Declared::Reference,
            None,
            None,
            special,
            &mut out,
        )
    };
    match serde_json::from_str(&out).ok()? {
        Value::Object { fields, .. } => Some(fields),
        _ => None,
    }
}

/// The fields of `after` that hold a null, a primitive, a string, a box or an enum and
/// held something else in `before` (a field is known by its name and declaring class).
fn changed_literals(before: &[FieldValue], after: Vec<FieldValue>) -> Vec<FieldValue> {
    after
        .into_iter()
        .filter(|f| f.value.is_literal() || matches!(f.value, Value::Null))
        .filter(|f| {
            !before
                .iter()
                .any(|b| b.name == f.name && b.declared_in == f.declared_in && b.value == f.value)
        })
        .collect()
}

/// How to size the text of `obj` if it is a JDK text holder
/// ([`mimic_trace::TEXT_HOLDERS`]), as the snapshot sizes it (`Kind::Text`).
///
/// # Safety
/// `obj` is a live, non-null reference on this thread.
unsafe fn holder_size(env: &JniEnv, cx: &Context, obj: jni::jobject) -> Option<TextSize> {
    let class = unsafe { env.get_object_class(obj) };
    let info = unsafe { cx.classes.info(env, cx.jvmti, cx.jdk, cx.options, class) };
    unsafe { env.delete_local_ref(class) };
    let info = info?;
    match &info.kind {
        Kind::Text(Some(size)) if is_text_holder(&info.name) => Some(*size),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, value: Value) -> FieldValue {
        FieldValue {
            name: name.into(),
            declared_in: "org.x.Content".into(),
            value,
        }
    }

    #[test]
    fn only_fields_changed_to_a_literal_are_effects() {
        let before = vec![
            field(
                "parent",
                Value::Opaque {
                    class: "org.x.Element".into(),
                    reason: "depth limit".into(),
                    implements: None,
                    length: None,
                },
            ),
            field("count", Value::Int { v: 1 }),
            field("name", Value::Str { v: "a".into() }),
        ];
        let after = vec![
            field("parent", Value::Null),
            field("count", Value::Int { v: 1 }),
            field("name", Value::Str { v: "b".into() }),
            field(
                "owner",
                Value::Opaque {
                    class: "org.x.Element".into(),
                    reason: "depth limit".into(),
                    implements: None,
                    length: None,
                },
            ),
        ];
        let changed = changed_literals(&before, after);
        let names: Vec<&str> = changed.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["parent", "name"]);
    }
}
