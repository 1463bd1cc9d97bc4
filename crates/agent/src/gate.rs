//! The probe class's gate, seen from the agent: rewritten code skips its probes while
//! `mimic/Probe.gate` is 1 — every call's, and a MUT's own once its `quiet` flag is set
//! (see `mimic_rewrite::probe::GATE`). The agent opens the gate while no invocation is
//! being recorded on any thread (a count kept here, written to the Java field under one
//! lock so that the field always ends at the count's value) and sets a MUT's flag once
//! the sampler will never record it again. A skipped probe could only have reported to a
//! recording in progress on its own thread, and there is none, so what is recorded does
//! not change; a program whose MUTs are done sampling then runs them at nearly full speed
//! (no argument array, no JNI transition).
//!
//! A thread that ends inside a recorded invocation leaves the count above zero: the gate
//! stays shut (every probe runs, as without the gate) until the count is corrected.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;
use mimic_rewrite::probe::{GATE, QUIET};

use crate::jdk::clear;

/// Global references to the probe class and its `quiet` array, and the gate's field.
struct Handles {
    class: jni::jclass,
    gate: jni::jfieldID,
    quiet: jni::jbyteArray,
    /// Per MUT: its flag is set (written once).
    flagged: Vec<AtomicBool>,
}

// SAFETY: global references and field IDs are valid on every thread for the life of the VM.
unsafe impl Send for Handles {}
unsafe impl Sync for Handles {}

static HANDLES: OnceLock<Handles> = OnceLock::new();

/// Invocations being recorded now, over all threads.
static RECORDING: Mutex<i64> = Mutex::new(0);

/// Give the probe class (a local reference, just defined) its `quiet` array, one flag per
/// MUT, and open the gate. On any JNI failure the gate stays shut: every probe runs.
///
/// # Safety
/// `class` is a live reference to the probe class, on the thread of `env`.
pub unsafe fn install(env: &JniEnv, class: jni::jclass, muts: usize) -> Result<(), String> {
    let fail = |what: &str| {
        clear(env);
        format!("probe gate: {what}; every probe runs")
    };
    let len = i32::try_from(muts).map_err(|_| fail("too many MUTs"))?;
    // SAFETY: `class` is a live local reference; the names are the probe class's fields.
    unsafe {
        let gate = env
            .get_static_field_id(class, GATE.0, GATE.1)
            .ok_or_else(|| fail("no gate field"))?;
        let quiet_field = env
            .get_static_field_id(class, QUIET.0, QUIET.1)
            .ok_or_else(|| fail("no quiet field"))?;
        let array = env
            .new_byte_array(len)
            .ok_or_else(|| fail("no quiet array"))?;
        let quiet = env.new_global_ref(array);
        let class = env.new_global_ref(class);
        env.delete_local_ref(array);
        if quiet.is_null() || class.is_null() {
            return Err(fail("no global reference"));
        }
        env.set_static_object_field(class, quiet_field, quiet);
        if clear(env) {
            return Err(fail("quiet array not set"));
        }
        let handles = Handles {
            class,
            gate,
            quiet,
            flagged: (0..muts).map(|_| AtomicBool::new(false)).collect(),
        };
        if HANDLES.set(handles).is_err() {
            return Err("probe gate: installed twice".into());
        }
    }
    recordings_changed(env, 0);
    Ok(())
}

/// `delta` recordings started (positive) or ended (negative) on this thread: open the
/// gate when none is left, shut it otherwise.
pub fn recordings_changed(env: &JniEnv, delta: i64) {
    let Some(h) = HANDLES.get() else { return };
    let mut now = RECORDING.lock().unwrap_or_else(|e| e.into_inner());
    *now += delta;
    let open = i32::from(*now <= 0);
    // SAFETY: a global class reference and its static int field.
    unsafe { env.set_static_int_field(h.class, h.gate, open) };
    clear(env);
}

/// The sampler will never record MUT `m` again: let its probes be skipped while the gate
/// is open.
pub fn quiet(env: &JniEnv, m: usize) {
    let Some(h) = HANDLES.get() else { return };
    let Some(flag) = h.flagged.get(m) else { return };
    if flag.swap(true, Ordering::Relaxed) {
        return;
    }
    // SAFETY: a global reference to a byte array of one element per MUT; `m` is in range.
    unsafe { env.set_byte_array_region(h.quiet, m as i32, 1, &[1]) };
    clear(env);
}

/// MUTs whose probes may be skipped now (for the run's log line).
pub fn quiet_count() -> usize {
    HANDLES.get().map_or(0, |h| {
        h.flagged
            .iter()
            .filter(|f| f.load(Ordering::Relaxed))
            .count()
    })
}
