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

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;
use mimic_trace::{is_text_holder, CallEffects};

use crate::classinfo::{Kind, TextSize};
use crate::jdk;
use crate::snapshot::{self, Context};

/// The arguments of a call in flight, kept to compare on its exit.
pub struct Watched {
    /// A global reference to the call's `Object[]` of arguments (null: nothing kept).
    args: jni::jobject,
    /// The text holders among them: index and length of their text (UTF-16 units).
    texts: Vec<(u32, usize)>,
    /// Whether the call returns a reference (it may be one of its arguments).
    returns_reference: bool,
}

impl Watched {
    pub const NONE: Watched = Watched {
        args: std::ptr::null_mut(),
        texts: Vec::new(),
        returns_reference: false,
    };

    /// Look at a call's arguments on entry: keeps them when one holds text or when the
    /// call returns a reference.
    ///
    /// # Safety
    /// `args` is the probe's live `Object[]` (or null) on this thread.
    pub unsafe fn enter(
        env: &JniEnv,
        cx: &Context,
        args: jni::jobject,
        returns_reference: bool,
    ) -> Watched {
        if args.is_null() {
            return Watched::NONE;
        }
        let len = unsafe { env.get_array_length(args) }.max(0);
        let mut texts = Vec::new();
        for i in 0..len {
            let e = unsafe { env.get_object_array_element(args, i) };
            if jdk::clear(env) || e.is_null() {
                continue;
            }
            // Its length, from the JDK's own count: the text itself is built on exit.
            let length = unsafe { holder_size(env, cx, e) }
                .and_then(|size| unsafe { snapshot::text_units(env, e, &size) });
            if let Some(n) = length {
                texts.push((i as u32, n as usize));
            }
            unsafe { env.delete_local_ref(e) };
        }
        if texts.is_empty() && !returns_reference {
            return Watched::NONE;
        }
        Watched {
            args: unsafe { env.new_global_ref(args) },
            texts,
            returns_reference,
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
