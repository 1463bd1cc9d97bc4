//! `libmimic_stopper.so`: loaded into `mimic mutate`'s test JVMs (`-agentpath`), it lets the
//! shim's watchdog stop a test thread that outran its budget on Java 20 and later, where
//! `Thread.stop` throws `UnsupportedOperationException` and the JVM would otherwise have to
//! be ended and started again for every looping mutant. JVMTI's `StopThread` (what
//! debuggers use, still supported for platform threads) throws the shim's `ThreadDeath`
//! in the thread, as `Thread.stop` did.
//!
//! Its only other export is the JNI function behind `mimic.mutate.Stopper.stop0`, which
//! HotSpot links from agent libraries like any native method. Written by hand on the
//! `jvmti-bindings` types because it is one capability and one call; the capture agent
//! (`mimic-agent`) is not loaded here: it records, this only stops.

use std::sync::atomic::{AtomicPtr, Ordering};

use jvmti_bindings::sys::jni;
use jvmti_bindings::sys::jvmti;

/// The JVMTI environment holding `can_signal_thread`, once `Agent_OnLoad` got it.
static JVMTI: AtomicPtr<jvmti::jvmtiEnv> = AtomicPtr::new(std::ptr::null_mut());

/// JVMTI 1.2's version number, what every JDK from 17 on provides.
const JVMTI_VERSION_1_2: jni::jint = 0x3001_0200;

/// # Safety
/// Called by the JVM with its `JavaVM` during start-up.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn Agent_OnLoad(
    vm: *mut jni::JavaVM,
    _options: *mut std::ffi::c_char,
    _reserved: *mut std::ffi::c_void,
) -> jni::jint {
    // Never fail the JVM's start: without the capability the shim ends the JVM instead.
    match unsafe { signalling_env(vm) } {
        Ok(env) => JVMTI.store(env, Ordering::Release),
        Err(why) => eprintln!("mimic: the thread stopper is not available: {why}"),
    }
    jni::JNI_OK
}

/// A JVMTI environment of `vm` with `can_signal_thread` added.
unsafe fn signalling_env(vm: *mut jni::JavaVM) -> Result<*mut jvmti::jvmtiEnv, String> {
    if vm.is_null() {
        return Err("no JavaVM".into());
    }
    let get_env = unsafe { (**vm).GetEnv };
    let mut env: *mut std::ffi::c_void = std::ptr::null_mut();
    let r = unsafe { get_env(vm, &mut env, JVMTI_VERSION_1_2) };
    if r != jni::JNI_OK || env.is_null() {
        return Err(format!("GetEnv(JVMTI 1.2) returned {r}"));
    }
    let env = env as *mut jvmti::jvmtiEnv;
    let add = unsafe { (*(*env).functions).AddCapabilities }.ok_or("no AddCapabilities")?;
    let mut caps = jvmti::jvmtiCapabilities::default();
    caps.set_can_signal_thread(true);
    let r = unsafe { add(env, &caps) };
    if r != jvmti::JVMTI_ERROR_NONE {
        return Err(format!("AddCapabilities(can_signal_thread) returned {r:?}"));
    }
    Ok(env)
}

/// `static native boolean stop0(Thread thread, Throwable error)` of `mimic.mutate.Stopper`:
/// throw `error` in `thread` (JVMTI `StopThread`); whether it was sent.
///
/// # Safety
/// Called by the JVM with valid local references.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn Java_mimic_mutate_Stopper_stop0(
    _env: *mut jni::JNIEnv,
    _class: jni::jclass,
    thread: jni::jobject,
    error: jni::jobject,
) -> jni::jboolean {
    let env = JVMTI.load(Ordering::Acquire);
    if env.is_null() || thread.is_null() || error.is_null() {
        return 0;
    }
    let Some(stop) = (unsafe { (*(*env).functions).StopThread }) else {
        return 0;
    };
    let r = unsafe { stop(env, thread, error) };
    u8::from(r == jvmti::JVMTI_ERROR_NONE)
}

/// `static native boolean available0()`: whether the capability was granted.
///
/// # Safety
/// Called by the JVM.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn Java_mimic_mutate_Stopper_available0(
    _env: *mut jni::JNIEnv,
    _class: jni::jclass,
) -> jni::jboolean {
    u8::from(!JVMTI.load(Ordering::Acquire).is_null())
}
