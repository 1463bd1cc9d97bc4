//! The probe class's gate fields, seen from the agent (see `mimic_rewrite::probe::IDLE`):
//! rewritten code skips the probes that could report to no recording. A call site's
//! bridge calls straight through unless its site is *armed*: listed in the plan of an
//! invocation being recorded (on any thread). A MUT's wrapper calls straight through
//! while nothing is being recorded (*idle*) and the MUT is *quiet*: the sampler will never
//! record it again. A skipped probe would have found no recording to report to on its
//! own thread, so what is recorded does not change, and the program runs unrecorded code
//! at nearly full speed (no argument array, no JNI transition).
//!
//! The counts behind `idle` and `armed` change under one lock, and the Java fields are
//! written under it, so they always end at the counts' values. A thread that ends inside
//! a recorded invocation leaves its counts up: those probes keep running (as without the
//! gate).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;
use mimic_plan::SiteTable;
use mimic_rewrite::probe::{ARMED, GATED, IDLE, QUIET};

use crate::jdk::clear;

/// Global references to the probe class and its arrays, the fields written, and per MUT
/// the call sites its plan lists.
struct Handles {
    class: jni::jclass,
    idle: jni::jfieldID,
    quiet: jni::jbyteArray,
    armed: jni::jbyteArray,
    /// Per MUT: its quiet flag is set (written once).
    flagged: Vec<AtomicBool>,
    sites_of: Vec<Vec<u32>>,
}

// SAFETY: global references and field IDs are valid on every thread for the life of the VM.
unsafe impl Send for Handles {}
unsafe impl Sync for Handles {}

static HANDLES: OnceLock<Handles> = OnceLock::new();

/// Call probes that ran (for the run's log line: the gate's effect shows in it).
pub static CALLS_PROBED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Invocations being recorded now (over all threads), and per site how many of them list it.
struct Counts {
    recording: i64,
    armed: Vec<u32>,
}

static COUNTS: Mutex<Option<Counts>> = Mutex::new(None);

/// A new global reference to a new byte array of `len` zeros.
unsafe fn global_bytes(env: &JniEnv, len: usize) -> Option<jni::jbyteArray> {
    let len = i32::try_from(len).ok()?;
    let local = env.new_byte_array(len)?;
    // SAFETY: a live local reference just created.
    let global = unsafe { env.new_global_ref(local) };
    unsafe { env.delete_local_ref(local) };
    (!global.is_null()).then_some(global)
}

/// Give the probe class (a local reference, just defined) its `quiet` array (one flag per
/// MUT) and its `armed` array (one per call site of `sites`), and open the gate. On any JNI
/// failure the gate stays shut: every probe runs.
///
/// # Safety
/// `class` is a live reference to the probe class, on the thread of `env`.
pub unsafe fn install(
    env: &JniEnv,
    class: jni::jclass,
    muts: usize,
    sites: &SiteTable,
) -> Result<(), String> {
    let fail = |what: &str| {
        clear(env);
        format!("probe gate: {what}; every probe runs")
    };
    // SAFETY: `class` is a live local reference; the names are the probe class's fields.
    unsafe {
        let field = |(name, sig): (&str, &str)| {
            env.get_static_field_id(class, name, sig)
                .ok_or_else(|| fail(&format!("no field {name}")))
        };
        let (idle, quiet_field, gated, armed_field) =
            (field(IDLE)?, field(QUIET)?, field(GATED)?, field(ARMED)?);
        let quiet = global_bytes(env, muts).ok_or_else(|| fail("no quiet array"))?;
        let armed = global_bytes(env, sites.sites.len()).ok_or_else(|| fail("no armed array"))?;
        let class = env.new_global_ref(class);
        if class.is_null() {
            return Err(fail("no global reference"));
        }
        env.set_static_object_field(class, quiet_field, quiet);
        env.set_static_object_field(class, armed_field, armed);
        if clear(env) {
            return Err(fail("arrays not set"));
        }
        let mut sites_of = vec![Vec::new(); muts];
        for (id, site) in sites.sites.iter().enumerate() {
            for &(m, _) in &site.uses {
                if let Some(list) = sites_of.get_mut(m as usize) {
                    list.push(id as u32);
                }
            }
        }
        let handles = Handles {
            class,
            idle,
            quiet,
            armed,
            flagged: (0..muts).map(|_| AtomicBool::new(false)).collect(),
            sites_of,
        };
        if HANDLES.set(handles).is_err() {
            return Err("probe gate: installed twice".into());
        }
        *lock() = Some(Counts {
            recording: 0,
            armed: vec![0; sites.sites.len()],
        });
        env.set_static_int_field(class, idle, 1);
        env.set_static_int_field(class, gated, 1);
        clear(env);
    }
    Ok(())
}

fn lock() -> std::sync::MutexGuard<'static, Option<Counts>> {
    COUNTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A recording of MUT `m` started on this thread: arm the sites its plan lists and shut
/// the idle gate, before control returns to Java.
pub fn recording_started(env: &JniEnv, m: u32) {
    changed(env, &[m], 1);
}

/// The recordings of these MUTs ended on this thread.
pub fn recordings_ended(env: &JniEnv, muts: &[u32]) {
    changed(env, muts, -1);
}

fn changed(env: &JniEnv, muts: &[u32], delta: i32) {
    let Some(h) = HANDLES.get() else { return };
    let mut guard = lock();
    let Some(counts) = guard.as_mut() else { return };
    for &m in muts {
        counts.recording += i64::from(delta);
        for &s in h.sites_of.get(m as usize).map_or(&[][..], Vec::as_slice) {
            let Some(n) = counts.armed.get_mut(s as usize) else {
                continue;
            };
            let before = *n;
            *n = n.saturating_add_signed(delta);
            if (before == 0) != (*n == 0) {
                let flag = i8::from(*n > 0);
                // SAFETY: a global reference to a byte array of one element per site.
                unsafe { env.set_byte_array_region(h.armed, s as i32, 1, &[flag]) };
            }
        }
    }
    // SAFETY: a global class reference and its static int field.
    unsafe { env.set_static_int_field(h.class, h.idle, i32::from(counts.recording <= 0)) };
    clear(env);
}

/// The sampler will never record MUT `m` again: let its probes be skipped while nothing
/// is being recorded.
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
