//! `libmimic_stopper.so`: loaded into the test JVMs of `mimic mutate` and `mimic verify`
//! (`-agentpath`), it lets a shim stop a test thread that outran its budget on Java 20 and
//! later, where `Thread.stop` throws `UnsupportedOperationException`: `mutate` would
//! otherwise end and start a JVM for every looping mutant, and `verify` would leave a
//! looping test running beside the tests after it. JVMTI's `StopThread` (what debuggers
//! use, still supported for platform threads) throws the shim's `ThreadDeath`
//! in the thread, as `Thread.stop` did.
//!
//! It also counts the classes whose static initialiser failed (JVMTI's class status
//! `ERROR`): such a class is unusable for the rest of its JVM, so `mimic mutate`'s shim
//! ends a test JVM in which a launch under a mutant left one, rather than let the next
//! mutants' tests fail with `NoClassDefFoundError: Could not initialize class` and count
//! as kills (loaded into `mutate`'s test JVMs on every JDK for this).
//!
//! Its only other exports are the JNI functions behind `mimic.stopper.Stopper`, the class
//! both shims use (`mimic mutate`'s watchdog and broken-class count, `mimic verify`'s
//! per-test time limit), which HotSpot links from agent libraries like any native method.
//! Built on `jvmti-bindings`' `Agent` and `export_agent!`, as the capture agent is; that
//! agent (`mimic-agent`) is not loaded here: it records, this one stops and counts.

use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use jvmti_bindings::prelude::*;
use jvmti_bindings::sys::{jni, jvmti};

/// The agent's JVMTI environment, once `Agent_OnLoad` got it.
static JVMTI: AtomicPtr<jvmti::jvmtiEnv> = AtomicPtr::new(std::ptr::null_mut());

/// Whether [`JVMTI`] holds `can_signal_thread`.
static SIGNALLING: AtomicBool = AtomicBool::new(false);

/// The agent: at load, a JVMTI environment with `can_signal_thread`, kept for
/// [`Java_mimic_stopper_Stopper_stop0`] and [`Java_mimic_stopper_Stopper_brokenClasses0`];
/// nothing else (no events, no class hook).
#[derive(Default)]
pub struct StopperAgent;

impl Agent for StopperAgent {
    fn on_load(&self, context: AgentLoadContext<'_>) -> jni::jint {
        // Never fail the JVM's start: without the capability the shim ends the JVM instead.
        let jvmti = match context.vm().jvmti() {
            Ok(jvmti) => jvmti,
            Err(e) => {
                eprintln!("mimic: the thread stopper is not available: no JVMTI environment ({e})");
                return jni::JNI_OK;
            }
        };
        let mut caps = jvmti::jvmtiCapabilities::default();
        caps.set_can_signal_thread(true);
        match jvmti.add_capabilities(&caps) {
            Ok(()) => SIGNALLING.store(true, Ordering::Release),
            Err(e) => eprintln!(
                "mimic: the thread stopper is not available: AddCapabilities(can_signal_thread): {e:?}"
            ),
        }
        // Counting classes needs no capability.
        JVMTI.store(jvmti.raw(), Ordering::Release);
        jni::JNI_OK
    }
}

jvmti_bindings::export_agent!(StopperAgent);

/// Throw `error` in `thread` (JVMTI `StopThread`); whether it was sent.
fn stop_thread(thread: jni::jobject, error: jni::jobject) -> jni::jboolean {
    let env = JVMTI.load(Ordering::Acquire);
    if env.is_null() || !SIGNALLING.load(Ordering::Acquire) || thread.is_null() || error.is_null() {
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
    u8::from(!JVMTI.load(Ordering::Acquire).is_null() && SIGNALLING.load(Ordering::Acquire))
}

/// How many loaded classes failed their initialisation (JVMTI status `ERROR`), leaving out
/// those a class loader of type `skip` defined (null: none left out); -1 when JVMTI cannot
/// tell.
///
/// # Safety
/// `jni_env` is the calling thread's JNI environment; `skip` a valid local reference or
/// null.
unsafe fn broken_classes(jni_env: *mut jni::JNIEnv, skip: jni::jclass) -> jni::jint {
    let env = JVMTI.load(Ordering::Acquire);
    if env.is_null() || jni_env.is_null() {
        return -1;
    }
    // SAFETY: `env` is the live JVMTI environment `Agent_OnLoad` stored; `jni_env` the
    // caller's, valid for this native call.
    unsafe {
        let functions = &*(*env).functions;
        let (Some(loaded), Some(status_of), Some(loader_of), Some(deallocate)) = (
            functions.GetLoadedClasses,
            functions.GetClassStatus,
            functions.GetClassLoader,
            functions.Deallocate,
        ) else {
            return -1;
        };
        let jni = &**jni_env;
        let mut count: jni::jint = 0;
        let mut classes: *mut jni::jclass = std::ptr::null_mut();
        if loaded(env, &mut count, &mut classes) != jvmti::JVMTI_ERROR_NONE || classes.is_null() {
            return -1;
        }
        let mut broken = 0;
        for i in 0..usize::try_from(count).unwrap_or(0) {
            let class = *classes.add(i);
            let mut status: jni::jint = 0;
            if status_of(env, class, &mut status) == jvmti::JVMTI_ERROR_NONE
                && status & jvmti::JVMTI_CLASS_STATUS_ERROR != 0
            {
                let mut loader: jni::jobject = std::ptr::null_mut();
                let skipped = !skip.is_null()
                    && loader_of(env, class, &mut loader) == jvmti::JVMTI_ERROR_NONE
                    && !loader.is_null()
                    && (jni.IsInstanceOf)(jni_env, loader, skip) != 0;
                if !loader.is_null() {
                    (jni.DeleteLocalRef)(jni_env, loader);
                }
                if !skipped {
                    broken += 1;
                }
            }
            (jni.DeleteLocalRef)(jni_env, class);
        }
        deallocate(env, classes.cast());
        broken
    }
}

/// `static native int brokenClasses0(Class<?> skipLoaderType)` of
/// `mimic.stopper.Stopper`: how many loaded classes failed their initialisation, but for
/// those a loader of `skipLoaderType` defined (the mutate shim's fresh loaders, dropped
/// after their run); -1 when JVMTI cannot tell.
///
/// # Safety
/// Called by the JVM with valid local references.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn Java_mimic_stopper_Stopper_brokenClasses0(
    env: *mut jni::JNIEnv,
    _class: jni::jclass,
    skip_loader_type: jni::jclass,
) -> jni::jint {
    // SAFETY: the JVM passes the calling thread's environment and a valid reference.
    unsafe { broken_classes(env, skip_loader_type) }
}
