//! The JVMTI agent lifecycle: `Agent_OnLoad` (options, log, capabilities and events; the
//! plan, store and instrumentation on a thread of their own while the JVM starts),
//! VMInit (that thread joined; JDK handles, the probe class, the class hook; recording
//! starts),
//! ClassFileLoadHook (plan classes only, rewritten or left untouched with the reason in
//! the log), VMDeath (recording stops, the writer drains and ends the run), and
//! `Agent_OnAttach` (the same set-up inside a running JVM; plan classes already loaded
//! are listed as not instrumented).

use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::Duration;

use jvmti_bindings::prelude::*;
use mimic_instrument::PlanInstrumentation;
use mimic_plan::Plan;
use mimic_rewrite::probe::ProbeApi;
use mimic_trace::{RunInfo, Store};

use crate::jdk::Jdk;
use crate::options::Options;
use crate::state::{self, State};
use crate::writer::Writer;
use crate::{log, probe};

#[derive(Default)]
pub struct MimicAgent;

/// What `Agent_OnLoad` (or attach) settles before the plan is read: the options, the
/// log, the JVM's command line, capabilities, callbacks and the VMDeath event.
struct Prepared {
    options: Options,
    options_text: String,
    command: Option<String>,
    jvmti: *mut jvmti::jvmtiEnv,
}

// SAFETY: a jvmtiEnv pointer is valid on every thread for the life of the VM; `Prepared`
// only carries it to the thread that reads the plan, which stores it in the state.
unsafe impl Send for Prepared {}

fn prepare(options_text: &str, jvmti: &Jvmti) -> Result<Prepared, String> {
    let options = Options::parse(options_text)?;
    log::open(&options.log).map_err(|e| format!("{}: {e}", options.log.display()))?;
    log::line(&format!("loaded with options {options_text}"));
    let mut caps = jvmti::jvmtiCapabilities::default();
    caps.set_can_tag_objects(true);
    if let Err(e) = jvmti.add_capabilities(&caps) {
        log::line(&format!(
            "no object tags ({e:?}): class layouts are not cached"
        ));
    }
    jvmti
        .set_default_agent_callbacks()
        .map_err(|e| format!("SetEventCallbacks: {e:?}"))?;
    jvmti
        .enable_events_global(&[jvmti::JVMTI_EVENT_VM_DEATH])
        .map_err(|e| format!("VMDeath events: {e:?}"))?;
    Ok(Prepared {
        options,
        options_text: options_text.to_string(),
        command: jvmti.get_system_property("sun.java.command").ok(),
        jvmti: jvmti.raw(),
    })
}

/// Read the plan, open the store, begin the run, start the writer and publish the state.
/// Needs no JVM thread: at `-agentpath` load it runs beside the JVM's start-up (see
/// [`LOADING`]), which it used to delay by 20 ms on a 2 MB plan.
fn load(p: Prepared) -> Result<(), String> {
    let Prepared {
        options,
        options_text,
        command,
        jvmti,
    } = p;
    let info = RunInfo {
        pid: Some(std::process::id()),
        command,
        plan_path: Some(
            std::fs::canonicalize(&options.plan)
                .unwrap_or_else(|_| options.plan.clone())
                .display()
                .to_string(),
        ),
        agent_version: Some(env!("CARGO_PKG_VERSION").to_string()),
        options: Some(options_text),
        ..RunInfo::default()
    };
    // The store is opened beside the plan's parsing (a 2,000-MUT plan takes 25 ms to
    // parse, the store 10 ms to open); the run begins once the plan is read.
    let store_path = options.store.clone();
    let opening = std::thread::Builder::new()
        .name("mimic-store".into())
        .spawn(move || Store::create_or_open(&store_path).map_err(|e| e.to_string()))
        .map_err(|e| format!("store thread: {e}"))?;
    let plan = std::fs::read_to_string(&options.plan)
        .map_err(|e| format!("{}: {e}", options.plan.display()))
        .and_then(|text| {
            Plan::from_json(&text).map_err(|e| format!("{}: {e}", options.plan.display()))
        });
    let opened = opening
        .join()
        .unwrap_or_else(|_| Err("the store thread failed".into()));
    let plan = plan?;
    let mut store = opened?;
    let run = store.start_run(&info).map_err(|e| e.to_string())?;
    let plan = std::sync::Arc::new(plan);
    let writer = Writer::start(store, run, options.backlog, plan.clone())
        .map_err(|e| format!("writer thread: {e}"))?;
    let instrumentation = PlanInstrumentation::new(&plan, ProbeApi::default());
    log::line(&format!(
        "run {run}: {} MUTs in {} classes, {} call sites",
        plan.muts.len(),
        instrumentation.classes().count(),
        instrumentation.site_table().sites.len()
    ));
    let st = State::new(options, plan, instrumentation, writer);
    st.jvmti.store(jvmti, Ordering::Release);
    state::set(st)?;
    Ok(())
}

/// The thread reading the plan while the JVM starts (`-agentpath` only): joined at
/// VMInit, before the class hook is enabled, or at VMDeath if VMInit never came.
static LOADING: Mutex<Option<JoinHandle<Result<(), String>>>> = Mutex::new(None);

/// Wait for the plan-reading thread, if one is running; its error, if it failed.
fn finish_loading() -> Result<(), String> {
    let handle = LOADING.lock().ok().and_then(|mut h| h.take());
    match handle {
        None => Ok(()),
        Some(h) => h
            .join()
            .unwrap_or_else(|_| Err("internal error while reading the plan".to_string())),
    }
}

/// Report a set-up failure: in the log if it is open, else once on stderr (there is no
/// other place before the options are known). The JVM carries on uninstrumented.
fn report_failure(what: &str) {
    if log::is_open() {
        log::line(&format!("not recording: {what}"));
    } else {
        eprintln!("mimic-agent: not recording: {what}");
    }
}

/// JDK handles and the probe class; then recording starts. On a thread with `env`.
fn start_recording(env: &JniEnv) -> Result<(), String> {
    let st = state::get().ok_or("agent state missing")?;
    let jdk = Jdk::lookup(env)?;
    let _ = st.jdk.set(jdk);
    probe::define(env, st.plan.muts.len(), st.instrumentation.site_table())?;
    st.probe_ready.store(true, Ordering::Release);
    st.recording.store(true, Ordering::Release);
    log::line("probe class defined; recording");
    Ok(())
}

fn enable_class_hook(jvmti: &Jvmti) -> Result<(), String> {
    jvmti
        .enable_class_file_load_hook_events()
        .map_err(|e| format!("ClassFileLoadHook events: {e:?}"))
}

impl Agent for MimicAgent {
    fn on_load(&self, context: AgentLoadContext<'_>) -> jni::jint {
        let options = context.options_lossy().unwrap_or_default().to_string();
        let Ok(jvmti) = context.vm().jvmti() else {
            report_failure("no JVMTI environment");
            return jni::JNI_OK;
        };
        // The class hook is enabled at VMInit, not here: application classes load after
        // VMInit, and a hook enabled during start-up makes the JVM hand every class it
        // loads from the CDS archive through it (reading its bytes from the runtime
        // image) and give up the archived module graph — start-up cost for nothing.
        let result = prepare(&options, &jvmti).and_then(|prepared| {
            jvmti
                .enable_events_global(&[jvmti::JVMTI_EVENT_VM_INIT])
                .map_err(|e| format!("VMInit events: {e:?}"))?;
            let handle = std::thread::Builder::new()
                .name("mimic-plan".into())
                .spawn(move || load(prepared))
                .map_err(|e| format!("plan thread: {e}"))?;
            if let Ok(mut slot) = LOADING.lock() {
                *slot = Some(handle);
            }
            Ok(())
        });
        if let Err(e) = result {
            report_failure(&e);
        }
        jni::JNI_OK
    }

    fn on_attach(&self, context: AgentLoadContext<'_>) -> jni::jint {
        if state::get().is_some() {
            log::line("attach ignored: the agent is already recording in this JVM");
            return jni::JNI_OK;
        }
        let options = context.options_lossy().unwrap_or_default().to_string();
        let Ok(jvmti) = context.vm().jvmti() else {
            report_failure("no JVMTI environment");
            return jni::JNI_ERR;
        };
        let result = prepare(&options, &jvmti).and_then(load).and_then(|()| {
            let env =
                attach_env(context.vm().raw()).ok_or("no JNI environment on the attach thread")?;
            start_recording(&env)?;
            enable_class_hook(&jvmti)?;
            list_already_loaded(&env, &jvmti);
            Ok(())
        });
        match result {
            Ok(()) => jni::JNI_OK,
            Err(e) => {
                report_failure(&e);
                jni::JNI_ERR
            }
        }
    }

    fn vm_init(&self, context: CallbackContext<'_>, _event: ThreadEvent) {
        if let Err(e) = finish_loading() {
            report_failure(&e);
            return;
        }
        let Some(env) = context.jni() else {
            log::line("VMInit without a JNI environment: not recording");
            return;
        };
        if let Err(e) = start_recording(env) {
            log::line(&format!("not recording: {e}"));
            return;
        }
        let Some(jvmti) = state::get().and_then(|st| st.jvmti()) else {
            return;
        };
        if let Err(e) = enable_class_hook(&jvmti) {
            log::line(&format!("not recording: {e}"));
        }
    }

    fn class_file_load_hook<'callback>(
        &self,
        context: CallbackContext<'callback>,
        mut event: ClassFileLoadHookEvent<'callback>,
    ) {
        let Some(st) = state::get() else { return };
        let Some(Ok(name)) = event.name().map(|n| n.to_str()) else {
            return;
        };
        if !st.instrumentation.wants(name) {
            return;
        }
        if !event.class_being_redefined().is_null() {
            log::line(&format!(
                "{name}: redefinition or retransformation left untouched"
            ));
            return;
        }
        if !st.probe_ready.load(Ordering::Acquire) {
            log::line(&format!(
                "{name}: loaded before the probe class existed; left unchanged"
            ));
            return;
        }
        let bytes = event.class_data();
        let started = std::time::Instant::now();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            st.instrumentation.instrument(name, bytes)
        }));
        REWRITE_NANOS.fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
        match result {
            Ok(Ok((rewritten, report))) => {
                match event.set_transformed_class(&context, &rewritten) {
                    Ok(()) => log::line(&format!(
                        "{name}: instrumented ({} MUTs wrapped, {} call sites bridged)",
                        report.wrapped, report.bridged
                    )),
                    Err(e) => log::line(&format!(
                        "{name}: left unchanged: could not hand over the bytes ({e:?})"
                    )),
                }
            }
            Ok(Err(e)) => log::line(&format!("{name}: left unchanged: {e}")),
            Err(_) => log::line(&format!(
                "{name}: left unchanged: internal error while rewriting"
            )),
        }
    }

    fn vm_death(&self, _context: CallbackContext<'_>) {
        // The JVM ended before VMInit: the run is still begun and ended properly.
        if let Err(e) = finish_loading() {
            report_failure(&e);
        }
        let Some(st) = state::get() else { return };
        st.recording.store(false, Ordering::Release);
        let mut counts = st.redactions.counts();
        // MUTs with parameters whose names the class files do not carry: arguments are
        // checked by value only (compile with -parameters or -g to check names too).
        let unnamed = st
            .plan
            .muts
            .iter()
            .filter(|m| m.param_names.is_empty() && !m.descriptor.starts_with("()"))
            .count() as u64;
        if unnamed > 0 && st.options.rules != mimic_redact::Rules::none() {
            counts.push(("redaction_param_names_unknown".into(), unnamed));
        }
        let without_values = st.budget_spent_invocations.load(Ordering::Relaxed);
        if without_values > 0 {
            counts.push(("budget_spent_invocations".into(), without_values));
            counts.push(("budget_bytes".into(), st.options.budget));
        }
        st.writer
            .shutdown("completed", counts, Duration::from_secs(30));
        let seen: u64 = st
            .counters
            .iter()
            .map(|c| c.seen.load(Ordering::Relaxed))
            .sum();
        log::line(&format!(
            "run ended: {seen} MUT invocations probed, {} calls probed, {} recorded and written; {} MUTs done sampling (their later invocations not probed); {} ms rewriting classes",
            crate::gate::CALLS_PROBED.load(Ordering::Relaxed),
            st.writer.written.load(Ordering::Relaxed),
            crate::gate::quiet_count(),
            REWRITE_NANOS.load(Ordering::Relaxed) / 1_000_000
        ));
    }
}

/// Time spent rewriting classes at load (for the run's log line).
static REWRITE_NANOS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The JNI environment of the (Java) thread running `Agent_OnAttach`.
fn attach_env(vm: *mut jni::JavaVM) -> Option<JniEnv> {
    if vm.is_null() {
        return None;
    }
    let mut env: *mut std::ffi::c_void = std::ptr::null_mut();
    // SAFETY: `vm` is the live JavaVM handed to Agent_OnAttach.
    let r = unsafe { ((**vm).GetEnv)(vm, &mut env, jni::JNI_VERSION_1_8) };
    (r == jni::JNI_OK && !env.is_null())
        .then(|| unsafe { JniEnv::from_raw(env as *mut jni::JNIEnv) })
}

/// Log every plan class that was loaded before the attach: its methods cannot be wrapped
/// now (retransformation cannot add methods), so it is not recorded.
fn list_already_loaded(env: &JniEnv, jvmti: &Jvmti) {
    let Some(st) = state::get() else { return };
    let mut missed = Vec::new();
    for class in jvmti.get_loaded_classes().unwrap_or_default() {
        if let Ok((sig, _)) = unsafe { jvmti.get_class_signature(class) } {
            let internal = sig.trim_start_matches('L').trim_end_matches(';');
            if st.instrumentation.wants(internal) {
                missed.push(internal.to_string());
            }
        }
        unsafe { env.delete_local_ref(class) };
    }
    missed.sort();
    for m in &missed {
        log::line(&format!("{m}: already loaded at attach; not instrumented"));
    }
    log::line(&format!(
        "attached: {} plan classes were already loaded",
        missed.len()
    ));
}
