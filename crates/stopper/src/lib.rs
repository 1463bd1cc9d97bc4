//! `libmimic_stopper.so`: loaded into the test JVMs of `mimic mutate` and `mimic verify`
//! (`-agentpath`), it lets a shim stop a test thread that outran its budget on Java 20 and
//! later, where `Thread.stop` throws `UnsupportedOperationException`: `mutate` would
//! otherwise end and start a JVM for every looping mutant, and `verify` would leave a
//! looping test running beside the tests after it. JVMTI's `StopThread` (what debuggers
//! use, still supported for platform threads) throws the shim's `ThreadDeath`
//! in the thread, as `Thread.stop` did.
//!
//! Its only other exports are the JNI functions behind `mimic.stopper.Stopper`, the class
//! both shims use (`mimic mutate`'s watchdog, `mimic verify`'s per-test time limit), which
//! HotSpot links from agent libraries like any native method. Built on `jvmti-bindings`'
//! `Agent` and `export_agent!`, as the capture agent is; that agent (`mimic-agent`) is not
//! loaded here: it records, this only stops.

use std::sync::atomic::{AtomicPtr, Ordering};

use jvmti_bindings::prelude::*;
use jvmti_bindings::sys::{jni, jvmti};

/// The JVMTI environment holding `can_signal_thread`, once `Agent_OnLoad` got it.
static JVMTI: AtomicPtr<jvmti::jvmtiEnv> = AtomicPtr::new(std::ptr::null_mut());

/// The agent: at load, a JVMTI environment with `can_signal_thread`, kept for
/// [`Java_mimic_stopper_Stopper_stop0`]; nothing else (no events, no class hook).
#[derive(Default)]
pub struct StopperAgent;

impl Agent for StopperAgent {
    fn on_load(&self, context: AgentLoadContext<'_>) -> jni::jint {
        // Never fail the JVM's start: without the capability the shim ends the JVM instead.
        let signalling = context
            .vm()
            .jvmti()
            .map_err(|e| format!("no JVMTI environment ({e})"))
            .and_then(|jvmti| {
                let mut caps = jvmti::jvmtiCapabilities::default();
                caps.set_can_signal_thread(true);
                jvmti
                    .add_capabilities(&caps)
                    .map_err(|e| format!("AddCapabilities(can_signal_thread): {e:?}"))?;
                Ok(jvmti.raw())
            });
        match signalling {
            Ok(env) => JVMTI.store(env, Ordering::Release),
            Err(why) => eprintln!("mimic: the thread stopper is not available: {why}"),
        }
        jni::JNI_OK
    }
}

jvmti_bindings::export_agent!(StopperAgent);

/// Throw `error` in `thread` (JVMTI `StopThread`); whether it was sent.
fn stop_thread(thread: jni::jobject, error: jni::jobject) -> jni::jboolean {
    let env = JVMTI.load(Ordering::Acquire);
    if env.is_null() || thread.is_null() || error.is_null() {
        return 0;
    }
    // SAFETY: `env` is the live JVMTI environment `Agent_OnLoad` stored.
    let Some(stop) = (unsafe { (*(*env).functions).StopThread }) else {
        return 0;
    };
    // SAFETY: the JVM passed valid local references to the native method calling this.
    let r = unsafe { stop(env, thread, error) };
    u8::from(r == jvmti::JVMTI_ERROR_NONE)
}

/// `static native boolean stop0(Thread thread, Throwable error)` of
/// `mimic.stopper.Stopper` (the shims' of `mimic mutate` and `mimic verify`): throw
/// `error` in `thread`; whether it was sent.
///
/// # Safety
/// Called by the JVM with valid local references.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn Java_mimic_stopper_Stopper_stop0(
    _env: *mut jni::JNIEnv,
    _class: jni::jclass,
    thread: jni::jobject,
    error: jni::jobject,
) -> jni::jboolean {
    stop_thread(thread, error)
}

/// `static native boolean available0()` of `mimic.stopper.Stopper`: whether the
/// capability was granted.
///
/// # Safety
/// Called by the JVM.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn Java_mimic_stopper_Stopper_available0(
    _env: *mut jni::JNIEnv,
    _class: jni::jclass,
) -> jni::jboolean {
    u8::from(!JVMTI.load(Ordering::Acquire).is_null())
}
