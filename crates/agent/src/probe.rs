//! The native probe class: `mimic/Probe` generated as bytes by `mimic-classfile`, defined
//! in the bootstrap loader through JNI `DefineClass` (so every class loader sees it), and
//! its six `native` methods bound with `RegisterNatives` to the `extern "system"`
//! functions below. Every native catches panics and clears pending Java exceptions: a
//! probe never throws into, or unwinds through, the application.

use std::ffi::{c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;
use mimic_rewrite::probe::{self, ProbeApi};

use crate::jdk::clear;
use crate::{recorder, state};

fn guarded<R>(
    env: *mut jni::JNIEnv,
    fallback: R,
    f: impl FnOnce(&JniEnv, &'static state::State) -> R,
) -> R {
    let Some(st) = state::get() else {
        return fallback;
    };
    if env.is_null() {
        return fallback;
    }
    // SAFETY: the JVM passes the calling thread's JNIEnv to a native method.
    let env = unsafe { JniEnv::from_raw(env) };
    let r = catch_unwind(AssertUnwindSafe(|| f(&env, st))).unwrap_or(fallback);
    clear(&env);
    r
}

extern "system" fn enter(
    env: *mut jni::JNIEnv,
    _c: jni::jclass,
    id: jni::jint,
    receiver: jni::jobject,
    args: jni::jobject,
) -> jni::jlong {
    guarded(env, 0, |env, st| unsafe {
        recorder::enter(env, st, id, receiver, args)
    })
}

extern "system" fn exit(
    env: *mut jni::JNIEnv,
    _c: jni::jclass,
    id: jni::jint,
    token: jni::jlong,
    result: jni::jobject,
) {
    guarded(env, (), |env, st| unsafe {
        recorder::exit(env, st, id, token, result, false)
    })
}

extern "system" fn exit_throw(
    env: *mut jni::JNIEnv,
    _c: jni::jclass,
    id: jni::jint,
    token: jni::jlong,
    t: jni::jobject,
) {
    guarded(env, (), |env, st| unsafe {
        recorder::exit(env, st, id, token, t, true)
    })
}

extern "system" fn call_enter(
    env: *mut jni::JNIEnv,
    _c: jni::jclass,
    site: jni::jint,
    receiver: jni::jobject,
    args: jni::jobject,
) -> jni::jlong {
    guarded(env, 0, |env, st| unsafe {
        recorder::call_enter(env, st, site, receiver, args)
    })
}

extern "system" fn call_exit(
    env: *mut jni::JNIEnv,
    _c: jni::jclass,
    site: jni::jint,
    token: jni::jlong,
    result: jni::jobject,
) {
    guarded(env, (), |env, st| unsafe {
        recorder::call_exit(env, st, site, token, result, false)
    })
}

extern "system" fn call_throw(
    env: *mut jni::JNIEnv,
    _c: jni::jclass,
    site: jni::jint,
    token: jni::jlong,
    t: jni::jobject,
) {
    guarded(env, (), |env, st| unsafe {
        recorder::call_exit(env, st, site, token, t, true)
    })
}

type Enter = extern "system" fn(
    *mut jni::JNIEnv,
    jni::jclass,
    jni::jint,
    jni::jobject,
    jni::jobject,
) -> jni::jlong;
type Exit = extern "system" fn(*mut jni::JNIEnv, jni::jclass, jni::jint, jni::jlong, jni::jobject);

/// Define `mimic/Probe` in the bootstrap loader, bind its natives and install its gate
/// for `muts` MUTs ([`crate::gate`]; without it every probe runs, and that is logged).
pub fn define(env: &JniEnv, muts: usize, sites: &mimic_plan::SiteTable) -> Result<(), String> {
    let api = ProbeApi::default();
    let bytes = probe::native_probe_class(&api).map_err(|e| format!("probe class: {e}"))?;
    // SAFETY: a null loader means the bootstrap loader.
    let class = unsafe { env.define_class(&api.class_name, std::ptr::null_mut(), &bytes) };
    if clear(env) || class.is_none() {
        return Err(format!("DefineClass({}) failed", api.class_name));
    }
    let class = class.unwrap_or(std::ptr::null_mut());
    let entries: [(&str, &str, *mut c_void); 6] = [
        (
            probe::ENTER.0,
            probe::ENTER.1,
            enter as Enter as *mut c_void,
        ),
        (probe::EXIT.0, probe::EXIT.1, exit as Exit as *mut c_void),
        (
            probe::EXIT_THROW.0,
            probe::EXIT_THROW.1,
            exit_throw as Exit as *mut c_void,
        ),
        (
            probe::CALL_ENTER.0,
            probe::CALL_ENTER.1,
            call_enter as Enter as *mut c_void,
        ),
        (
            probe::CALL_EXIT.0,
            probe::CALL_EXIT.1,
            call_exit as Exit as *mut c_void,
        ),
        (
            probe::CALL_THROW.0,
            probe::CALL_THROW.1,
            call_throw as Exit as *mut c_void,
        ),
    ];
    let names: Vec<(CString, CString)> = entries
        .iter()
        .map(|(n, d, _)| {
            (
                CString::new(*n).unwrap_or_default(),
                CString::new(*d).unwrap_or_default(),
            )
        })
        .collect();
    let methods: Vec<jni::JNINativeMethod> = entries
        .iter()
        .zip(&names)
        .map(|((_, _, f), (n, d))| jni::JNINativeMethod {
            name: n.as_ptr(),
            signature: d.as_ptr(),
            fnPtr: *f,
        })
        .collect();
    // SAFETY: every function matches the JNI signature of its Java declaration.
    let r = unsafe { env.register_natives(class, &methods) };
    clear(env);
    if r.is_ok() {
        // SAFETY: the class just defined, a live local reference on this thread.
        if let Err(e) = unsafe { crate::gate::install(env, class, muts, sites) } {
            crate::log::line(&e);
        }
    }
    unsafe { env.delete_local_ref(class) };
    r.map_err(|e| format!("RegisterNatives failed ({e})"))
}
