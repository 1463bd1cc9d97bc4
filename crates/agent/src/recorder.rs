//! Per-thread recording: a stack of active MUT invocations and of open mockable calls,
//! kept in thread-locals (no lock shared between application threads on the hot path).
//! `enter` decides whether an invocation is recorded (first N — until D distinct ones
//! are recorded — then 1 in K, per MUT),
//! snapshots the receiver and arguments and pushes a frame; call probes attribute each
//! call to the innermost active invocation whose plan lists the site, and to the recorded
//! invocations below it that it continues on the same receiver (a MUT calling another MUT
//! on `this`: the outer test must replay the nested one's calls too); `exit` snapshots
//! the receiver again and the result, and hands the completed record to the writer.
//! Values are kept as their JSON text from the moment they are captured.
//! A thread-local re-entrancy flag keeps snapshotting (which runs Java code such as
//! `toString`) from ever recording itself.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ptr::null_mut;
use std::sync::atomic::Ordering;
use std::time::Instant;

use jvmti_bindings::env::JniEnv;
use jvmti_bindings::sys::jni;
use mimic_plan::ReadNode;
use mimic_trace::{json, EncodedCall, EncodedInvocation};

use crate::effects::Watched;
use crate::jdk::{self, clear};
use crate::snapshot::{self, Context, Declared};
use crate::state::State;

/// A recorded invocation in progress.
struct Recording {
    id: u64,
    seq: u64,
    /// Global reference to the receiver (null for static MUTs).
    receiver: jni::jobject,
    /// JSON of the receiver's value at entry.
    receiver_before: Option<String>,
    /// How the receiver was walked at entry (its value after the call is walked so).
    receiver_walking: Option<snapshot::Walking>,
    /// JSON array of the arguments' values.
    arguments: String,
    /// JSON array of the values of the MUT's static reads at entry (None: it has none).
    statics: Option<String>,
    calls: Vec<EncodedCall>,
    started_ns: u64,
    start: Instant,
    /// False when the byte budget was exhausted at entry: values become opaque.
    values: bool,
    /// The identity hash codes of the objects the receiver's mocked fields held at entry
    /// (`None`: null), by field name: a call on such a field made on another object is
    /// made on one the method put there ([`mimic_trace::CallEffects::receiver_replaced`]).
    entry_fields: Vec<(String, Option<i32>)>,
    /// The identity hash codes of the arguments the plan makes mockable calls on, by
    /// index: a replaced field's object may be one of them
    /// ([`mimic_trace::CallEffects::receiver_argument`]), and a nested invocation's call
    /// on a parameter belongs to this one only when made on that argument
    /// ([`on_own_argument`]).
    entry_arguments: Vec<(u32, i32)>,
    /// The calls (indices into `calls`) made on a field's object the field did not hold
    /// at entry, with the argument that object is, if it is one.
    replaced: Vec<(usize, Option<u32>)>,
}

struct Frame {
    token: i64,
    mut_index: u32,
    rec: Option<Box<Recording>>,
    /// Recorded invocations below this one on the stack that run on the same receiver
    /// (or reach this static method), connected through invocations that do too: a MUT
    /// calling another MUT on `this`. A call the nested invocation makes on the outer
    /// one's collaborators belongs to the outer record as well, when the outer plan lists
    /// the site (a deeper call through the nested method).
    outer: Vec<i64>,
}

/// An open mockable call: the frames recording it and the index of the call in each.
struct Pending {
    token: i64,
    records: Vec<(i64, usize)>,
    /// The redaction rule the value this call returns falls under (`System.getenv` of a
    /// secret's name).
    secret: Option<String>,
    /// A global reference to the object the call is made on, while its answer is to be
    /// captured (null otherwise): the answer may point back to it ([`Pending::release`]).
    callee: jni::jobject,
    /// The call's arguments, kept to see what it does to them ([`Watched`]).
    watched: Watched,
}

impl Pending {
    /// Free the global references to the callee and the arguments.
    fn release(&mut self, env: &JniEnv) {
        if !self.callee.is_null() {
            unsafe { env.delete_global_ref(self.callee) };
            self.callee = std::ptr::null_mut();
        }
        self.watched.release(env);
    }
}

#[derive(Default)]
struct Local {
    frames: Vec<Frame>,
    pending: Vec<Pending>,
    next_token: i64,
    thread: Option<(u64, String)>,
}

thread_local! {
    static BUSY: Cell<bool> = const { Cell::new(false) };
    static LOCAL: RefCell<Local> = RefCell::new(Local::default());
    /// A buffer JSON is written into, kept between captures so that it grows only once.
    static SCRATCH: Cell<String> = const { Cell::new(String::new()) };
}

/// Run `write` on an empty buffer and return what it wrote as a string of exactly that
/// size (one allocation however often the buffer grew), with the closure's result.
fn written<R>(write: impl FnOnce(&mut String) -> R) -> (String, R) {
    let mut buf = SCRATCH.try_with(Cell::take).unwrap_or_default();
    buf.clear();
    let r = write(&mut buf);
    let out = buf.as_str().to_owned();
    let _ = SCRATCH.try_with(|s| s.set(buf));
    (out, r)
}

/// Marks the thread busy for its lifetime (also when unwinding).
struct Busy;

impl Busy {
    /// None if the thread is already inside the recorder.
    fn enter() -> Option<Busy> {
        BUSY.try_with(|b| {
            if b.get() {
                None
            } else {
                b.set(true);
                Some(Busy)
            }
        })
        .ok()
        .flatten()
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let _ = BUSY.try_with(|b| b.set(false));
    }
}

const BUDGET_REASON: &str = "recording budget exhausted";

/// The value recorded in place of each value once the budget is exhausted.
fn budget_opaque(out: &mut String) {
    json::opaque(out, "\"?\"", BUDGET_REASON);
}

fn budget_opaque_text() -> String {
    let mut out = String::new();
    budget_opaque(&mut out);
    out
}

/// A JSON array of `n` budget-exhausted values.
fn budget_opaque_array(n: usize) -> String {
    let mut out = String::from("[");
    for i in 0..n {
        if i > 0 {
            json::comma(&mut out);
        }
        budget_opaque(&mut out);
    }
    out.push(']');
    out
}

/// An outcome whose value is budget-exhausted.
fn budget_outcome(thrown: bool) -> String {
    let mut out = String::new();
    json::begin_outcome(&mut out, thrown);
    budget_opaque(&mut out);
    json::close(&mut out);
    out
}

fn now_ns() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn with_local<R>(f: impl FnOnce(&mut Local) -> R) -> Option<R> {
    LOCAL
        .try_with(|l| l.try_borrow_mut().ok().map(|mut l| f(&mut l)))
        .ok()
        .flatten()
}

/// What a snapshot needs from the agent's state, with the JVMTI and JDK handles.
fn snapshot_context<'a>(
    st: &'a State,
    jvmti: &'a jvmti_bindings::env::Jvmti,
    jdk: &'a crate::jdk::Jdk,
) -> Context<'a> {
    Context {
        jvmti,
        jdk,
        classes: &st.classes,
        options: &st.options,
        limits: &st.limits,
        redactions: &st.redactions,
    }
}

fn context(st: &State) -> Option<(jvmti_bindings::env::Jvmti, &crate::jdk::Jdk)> {
    Some((st.jvmti()?, st.jdk.get()?))
}

/// Snapshot the elements of the probe's `Object[]` from `first` on (to the end, or as
/// many as `declared` has when `bounded`), each with its declared type: the JSON array of
/// their values and its approximate size. An element that is `this` (the recorded
/// invocation's receiver, when not null) is written as `{"t":"receiver"}`, one that is
/// an object of the receiver's recorded value (`in_receiver`: ids by identity hash
/// code, [`snapshot::Captured::ids`]) as `{"t":"in_receiver","id":…}`.
#[allow(clippy::too_many_arguments)]
unsafe fn arguments(
    env: &JniEnv,
    cx: &Context,
    args: jni::jobject,
    first: usize,
    bounded: bool,
    declared: &[Declared],
    secrets: &[Option<String>],
    (this, in_receiver): (jni::jobject, Option<&HashMap<i32, u32>>),
    reads: Option<&mimic_plan::Reads>,
) -> (String, u64) {
    written(|out| {
        out.push('[');
        let len = if args.is_null() {
            0
        } else {
            unsafe { env.get_array_length(args) }.max(0) as usize
        };
        let end = if bounded {
            len.min(first + declared.len())
        } else {
            len
        };
        let mut bytes = 0;
        for (i, at) in (first..end).enumerate() {
            let (i, at) = (i as i32, at as i32);
            if i > 0 {
                json::comma(out);
            }
            let e = unsafe { env.get_object_array_element(args, at) };
            if clear(env) {
                json::opaque(out, "\"?\"", "argument could not be read");
                continue;
            }
            if !e.is_null() && !this.is_null() && unsafe { env.is_same_object(e, this) } {
                json::receiver(out);
                unsafe { env.delete_local_ref(e) };
                continue;
            }
            let held = in_receiver
                .filter(|ids| !e.is_null() && !ids.is_empty())
                .and_then(|ids| {
                    let hash = unsafe { cx.jvmti.get_object_hash_code(e) }.ok()?;
                    ids.get(&hash).copied()
                });
            if let Some(id) = held {
                json::in_receiver(out, id);
                unsafe { env.delete_local_ref(e) };
                continue;
            }
            let d = declared
                .get(i as usize)
                .copied()
                .unwrap_or(Declared::Reference);
            let secret = secrets.get(i as usize).and_then(Option::as_deref);
            let guide = reads.map(|r| {
                r.params
                    .get(i as usize)
                    .and_then(Option::as_ref)
                    .unwrap_or(&snapshot::UNUSED)
            });
            bytes += unsafe { snapshot::capture_named(env, cx, e, d, secret, guide, out) };
            if !e.is_null() {
                unsafe { env.delete_local_ref(e) };
            }
        }
        out.push(']');
        bytes
    })
}

/// The receiver of a MUT, guided by the MUT's read tree when the plan has one, the
/// mocked fields it does not use whole walked first; walked as `pinned` says when given
/// (after the call: as it was walked before).
///
/// # Safety
/// `receiver` must be a live reference valid on the thread that owns `env`.
unsafe fn receiver_snapshot(
    env: &JniEnv,
    cx: &Context,
    receiver: jni::jobject,
    m: Option<&mimic_plan::Mut>,
    pinned: Option<&snapshot::Walking>,
    out: &mut String,
) -> snapshot::Captured {
    let reads = m.and_then(|m| m.reads.as_ref());
    let guide = reads.map(|r| r.receiver.as_ref().unwrap_or(&snapshot::UNUSED));
    // Only those used as mocks alone: a mocked field whose object the method also uses
    // whole keeps its place (walked first, it would define every object it shares with
    // later fields, deep inside it, past the limits).
    let mocked_fields: Vec<&str> = m
        .map(mimic_plan::Mut::mocked_fields)
        .unwrap_or_default()
        .into_iter()
        .filter(|f| guide.is_some_and(|g| g.fields.get(*f).is_some_and(|n| !n.whole)))
        .collect();
    let special = snapshot::Special {
        callee: std::ptr::null_mut(),
        mocked_fields: &mocked_fields,
        receiver: true,
        pinned,
    };
    unsafe {
        snapshot::capture_special(
            env,
            cx,
            receiver,
            Declared::Reference,
            None,
            guide,
            special,
            out,
        )
    }
}

/// The current Java thread's id and name.
unsafe fn thread_identity(env: &JniEnv, jdk: &crate::jdk::Jdk) -> (u64, String) {
    let t = unsafe { env.call_static_object_method(jdk.thread.0, jdk.thread_current.0, &[]) };
    if clear(env) || t.is_null() {
        return (0, "?".into());
    }
    let id = unsafe { env.call_long_method(t, jdk.thread_get_id.0, &[]) };
    let id = if clear(env) { 0 } else { id as u64 };
    let n = unsafe { env.call_object_method(t, jdk.thread_get_name.0, &[]) };
    let name = if clear(env) {
        None
    } else {
        unsafe { jdk::string(env, n) }
    };
    unsafe { env.delete_local_ref(t) };
    if !n.is_null() {
        unsafe { env.delete_local_ref(n) };
    }
    (id, name.unwrap_or_else(|| "?".into()))
}

/// Probe `enter`: returns the frame token (0: nothing pushed).
///
/// # Safety
/// Called from the native probe with its live JNI arguments.
pub unsafe fn enter(
    env: &JniEnv,
    st: &State,
    mut_index: i32,
    receiver: jni::jobject,
    args: jni::jobject,
) -> i64 {
    if !st.recording.load(Ordering::Relaxed) {
        return 0;
    }
    let Some(_busy) = Busy::enter() else { return 0 };
    let m = mut_index as usize;
    let (Some(counter), Some(sig)) = (st.counters.get(m), st.mut_sigs.get(m)) else {
        return 0;
    };
    let n = counter.seen.fetch_add(1, Ordering::Relaxed);
    let distinct = counter.distinct.load(Ordering::Relaxed);
    let record = st.options.samples(n, distinct);
    if !record && st.options.done_sampling(n, distinct) {
        crate::gate::quiet(env, m);
    }
    let is_static = st.plan.muts[m].is_static || receiver.is_null();
    let (token, started) = with_local(|l| {
        l.next_token += 1;
        let token = l.next_token;
        let outer = unsafe { outer_frames(env, l, receiver, is_static) };
        let rec = if record {
            unsafe { start_recording(env, st, l, m, sig, receiver, args) }
        } else {
            None
        };
        let started = rec.is_some();
        l.frames.push(Frame {
            token,
            mut_index: mut_index as u32,
            rec,
            outer,
        });
        (token, started)
    })
    .unwrap_or((0, false));
    if started {
        // Before returning to Java: the probes this invocation's calls pass must run.
        crate::gate::recording_started(env, mut_index as u32);
    }
    token
}

/// The recorded frames a new invocation on `receiver` continues (see [`Frame::outer`]):
/// those of the frame below it (and that frame itself, when recorded) whose receiver is
/// the same object; all of them for a static method.
unsafe fn outer_frames(
    env: &JniEnv,
    l: &Local,
    receiver: jni::jobject,
    is_static: bool,
) -> Vec<i64> {
    let Some(below) = l.frames.last() else {
        return Vec::new();
    };
    let mut candidates: Vec<i64> = below.outer.clone();
    if below.rec.is_some() {
        candidates.push(below.token);
    }
    if is_static {
        return candidates;
    }
    candidates
        .into_iter()
        .filter(|t| {
            l.frames
                .iter()
                .find(|f| f.token == *t)
                .and_then(|f| f.rec.as_ref())
                .is_some_and(|r| {
                    !r.receiver.is_null() && unsafe { env.is_same_object(receiver, r.receiver) }
                })
        })
        .collect()
}

unsafe fn start_recording(
    env: &JniEnv,
    st: &State,
    l: &mut Local,
    m: usize,
    sig: &crate::state::Signature,
    receiver: jni::jobject,
    args: jni::jobject,
) -> Option<Box<Recording>> {
    let (jvmti, jdk) = context(st)?;
    if l.thread.is_none() {
        l.thread = Some(unsafe { thread_identity(env, jdk) });
    }
    let cx = snapshot_context(st, &jvmti, jdk);
    let values = !st.over_budget();
    if !values {
        st.budget_spent_invocations.fetch_add(1, Ordering::Relaxed);
    }
    let is_static = st.plan.muts[m].is_static;
    let reads = st.plan.muts[m].reads.as_ref();
    let mut receiver_walking = None;
    // The receiver's objects by identity: an argument may be one of them.
    let mut receiver_ids = HashMap::new();
    let (receiver_before, arguments, statics) = if values {
        let (rb, b1) = if is_static || receiver.is_null() {
            (None, 0)
        } else {
            let (v, c) = written(|out| unsafe {
                receiver_snapshot(env, &cx, receiver, Some(&st.plan.muts[m]), None, out)
            });
            receiver_walking = Some(c.walking);
            receiver_ids = c.ids;
            (Some(v), c.bytes)
        };
        let secrets = st.param_secrets.get(m).map_or(&[][..], Vec::as_slice);
        let bounded = !sig.statics.is_empty();
        let (a, b2) = unsafe {
            arguments(
                env,
                &cx,
                args,
                0,
                bounded,
                &sig.params,
                secrets,
                (null_mut(), Some(&receiver_ids)),
                reads,
            )
        };
        let (statics, b3) = if bounded {
            let secrets = st.static_secrets.get(m).map_or(&[][..], Vec::as_slice);
            let first = sig.params.len();
            let (s, b) = unsafe {
                arguments(
                    env,
                    &cx,
                    args,
                    first,
                    true,
                    &sig.statics,
                    secrets,
                    (null_mut(), None),
                    None,
                )
            };
            (Some(s), b)
        } else {
            (None, 0)
        };
        st.budget_used.fetch_add(b1 + b2 + b3, Ordering::Relaxed);
        (rb, a, statics)
    } else {
        let n = if args.is_null() {
            0
        } else {
            unsafe { env.get_array_length(args) }.max(0)
        };
        let params = (n as usize).min(sig.params.len());
        (
            (!is_static).then(budget_opaque_text),
            budget_opaque_array(params),
            (!sig.statics.is_empty()).then(|| budget_opaque_array(sig.statics.len())),
        )
    };
    let global = if receiver.is_null() || is_static {
        std::ptr::null_mut()
    } else {
        unsafe { env.new_global_ref(receiver) }
    };
    let entry_fields = if global.is_null() {
        Vec::new()
    } else {
        unsafe { entry_fields(env, st, receiver, &st.plan.muts[m]) }
    };
    let entry_arguments = if args.is_null() {
        Vec::new()
    } else {
        unsafe { entry_arguments(env, st, args, &st.plan.muts[m]) }
    };
    let counter = &st.counters[m];
    Some(Box::new(Recording {
        id: st.next_id.fetch_add(1, Ordering::Relaxed),
        seq: counter.recorded.fetch_add(1, Ordering::Relaxed),
        receiver: global,
        receiver_before,
        receiver_walking,
        arguments,
        statics,
        calls: Vec::new(),
        started_ns: now_ns(),
        start: Instant::now(),
        entry_fields,
        entry_arguments,
        replaced: Vec::new(),
        values,
    }))
}

/// Probe `exit` / `exitThrow`: `thrown` says which.
///
/// # Safety
/// Called from the native probe with its live JNI arguments.
pub unsafe fn exit(
    env: &JniEnv,
    st: &State,
    mut_index: i32,
    token: i64,
    result: jni::jobject,
    thrown: bool,
) {
    if token == 0 {
        return;
    }
    let Some(_busy) = Busy::enter() else { return };
    let mut ended: Vec<u32> = Vec::new();
    let popped = with_local(|l| {
        let pos = l.frames.iter().rposition(|f| f.token == token)?;
        // Frames above it (left without their exit) end with it. (No list of frames is
        // built: this runs on every exit probe.)
        ended = l.frames[pos..]
            .iter()
            .filter(|f| f.rec.is_some())
            .map(|f| f.mut_index)
            .collect();
        let frame = l.frames.drain(pos..).next()?;
        // Not recorded: nothing to snapshot or send.
        frame.rec.as_ref()?;
        for p in &mut l.pending {
            p.records.retain(|(frame, _)| *frame != token);
            if p.records.is_empty() {
                p.release(env);
            }
        }
        l.pending.retain(|p| !p.records.is_empty());
        let parent = l.frames.last().and_then(|f| f.rec.as_ref()).map(|r| r.id);
        let thread = l.thread.clone().unwrap_or((0, "?".into()));
        Some((frame, parent, thread))
    })
    .flatten();
    if !ended.is_empty() {
        crate::gate::recordings_ended(env, &ended);
    }
    let Some((frame, parent, (thread_id, thread_name))) = popped else {
        return;
    };
    let Some(rec) = frame.rec else { return };
    let mut rec = *rec;
    let duration_ns = rec.start.elapsed().as_nanos() as u64;
    if !thrown && !result.is_null() {
        unsafe { mark_returned_answer(st, &mut rec.calls, result) };
    }
    let (receiver_after, outcome) = match context(st) {
        Some((jvmti, jdk)) if rec.values => {
            let cx = snapshot_context(st, &jvmti, jdk);
            let receiver_after = (!rec.receiver.is_null()).then(|| {
                let m = st.plan.muts.get(mut_index as usize);
                let (v, c) = written(|out| unsafe {
                    receiver_snapshot(
                        env,
                        &cx,
                        rec.receiver,
                        m,
                        rec.receiver_walking.as_ref(),
                        out,
                    )
                });
                st.budget_used.fetch_add(c.bytes, Ordering::Relaxed);
                v
            });
            let ret = st.mut_sigs.get(mut_index as usize).and_then(|s| s.ret);
            let outcome = unsafe {
                outcome(
                    env,
                    st,
                    &cx,
                    result,
                    thrown,
                    Returned {
                        ret,
                        secret: None,
                        guide: None,
                        callee: std::ptr::null_mut(),
                    },
                )
            };
            (receiver_after, outcome)
        }
        _ => (
            rec.receiver_before.as_ref().map(|_| budget_opaque_text()),
            budget_outcome(thrown),
        ),
    };
    if !rec.receiver.is_null() {
        unsafe { env.delete_global_ref(rec.receiver) };
    }
    let record = EncodedInvocation {
        id: rec.id,
        mut_index: frame.mut_index,
        seq: rec.seq,
        thread_id,
        thread_name,
        parent,
        receiver_before: rec.receiver_before,
        receiver_after,
        arguments: rec.arguments,
        statics: rec.statics,
        outcome,
        calls: rec.calls,
        started_ns: rec.started_ns,
        duration_ns,
    };
    if rec.values {
        if let Some(counter) = st.counters.get(mut_index as usize) {
            counter.count_distinct(st.options.distinct, || distinct_key(&record));
        }
    }
    st.redactions.note(&record);
    st.writer.push(record);
}

/// What tells recorded invocations of one MUT apart (what the generator compares): the
/// receiver before, the arguments, the outcome and each call's plan index, arguments
/// and outcome.
fn distinct_key(r: &EncodedInvocation) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    r.receiver_before.hash(&mut h);
    r.arguments.hash(&mut h);
    r.statics.hash(&mut h);
    r.outcome.hash(&mut h);
    for c in &r.calls {
        c.plan_call.hash(&mut h);
        c.arguments.hash(&mut h);
        c.outcome.hash(&mut h);
    }
    h.finish()
}

/// How a returned value is captured: its declared type (none: void), the redaction
/// rule its name matched, the read tree that guides it.
#[derive(Clone, Copy)]
struct Returned<'a> {
    ret: Option<Declared>,
    secret: Option<&'a str>,
    guide: Option<&'a ReadNode>,
    /// The object the call was made on (null: none, or not a call).
    callee: jni::jobject,
}

/// The JSON of an outcome: the thrown exception, or the returned value (null for void).
unsafe fn outcome(
    env: &JniEnv,
    st: &State,
    cx: &Context,
    result: jni::jobject,
    thrown: bool,
    how: Returned<'_>,
) -> String {
    let Returned {
        ret,
        secret,
        guide,
        callee,
    } = how;
    let (out, bytes) = written(|out| {
        json::begin_outcome(out, thrown);
        let mut bytes = 0;
        if thrown {
            unsafe { snapshot::thrown(env, cx, result, out) };
        } else {
            match ret {
                None => json::null(out),
                Some(d) => {
                    let special = snapshot::Special {
                        callee,
                        mocked_fields: &[],
                        receiver: false,
                        pinned: None,
                    };
                    bytes = unsafe {
                        snapshot::capture_special(env, cx, result, d, secret, guide, special, out)
                    }
                    .bytes
                }
            }
        }
        json::close(out);
        bytes
    });
    st.budget_used.fetch_add(bytes, Ordering::Relaxed);
    out
}

/// Probe `callEnter`: returns the call token (0: not recorded).
///
/// # Safety
/// Called from the native probe with its live JNI arguments.
pub unsafe fn call_enter(
    env: &JniEnv,
    st: &State,
    site: i32,
    receiver: jni::jobject,
    args: jni::jobject,
) -> i64 {
    crate::gate::CALLS_PROBED.fetch_add(1, Ordering::Relaxed);
    if !st.recording.load(Ordering::Relaxed) || site < 0 {
        return 0;
    }
    let Some(_busy) = Busy::enter() else { return 0 };
    let table = st.instrumentation.site_table();
    with_local(|l| {
        // The innermost frame whose plan lists the site, then the recorded frames that
        // invocation continues on the same receiver whose plans list it too.
        let (fi, plan_call) = l
            .frames
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, f)| table.plan_call(site as u32, f.mut_index).map(|c| (i, c)))?;
        // A call made while one of the invocation's mockable calls is still running is
        // made by that collaborator's code (an iteration calling back into the code that
        // called it): a test's mock makes no such call, so it is not the invocation's.
        let in_call = |token: i64| {
            l.pending
                .iter()
                .any(|p| p.records.iter().any(|(t, _)| *t == token))
        };
        let mut targets: Vec<(usize, u32)> = Vec::new();
        if !in_call(l.frames[fi].token)
            && unsafe { on_own_argument(st, &l.frames[fi], plan_call, receiver) }
        {
            targets.push((fi, plan_call));
        }
        for t in l.frames[fi].outer.clone() {
            let Some(i) = l.frames.iter().position(|f| f.token == t) else {
                continue;
            };
            if let Some(c) = table.plan_call(site as u32, l.frames[i].mut_index) {
                if !in_call(t) && unsafe { on_own_argument(st, &l.frames[i], c, receiver) } {
                    targets.push((i, c));
                }
            }
        }
        let declared = st
            .site_sigs
            .get(site as usize)
            .map(|s| s.params.as_slice())
            .unwrap_or(&[]);
        // The arguments as JSON, captured once for every record that takes the call.
        let mut captured: Option<(String, bool)> = None;
        let mut records = Vec::new();
        let mut values_taken = false;
        // The receivers of the invocations recording the call with values: one handed
        // to the call may have its fields changed by it ([`Watched`]).
        let mut receivers = Vec::new();
        for (i, plan_call) in targets {
            let frame_token = l.frames[i].token;
            let mut_index = l.frames[i].mut_index;
            let Some(rec) = l.frames[i].rec.as_mut() else {
                continue;
            };
            let this = rec.receiver;
            if rec.values && !this.is_null() {
                receivers.push(this);
            }
            let arguments = match &captured {
                Some((text, with_values)) if *with_values == rec.values => text.clone(),
                _ => {
                    let text = if rec.values {
                        let (jvmti, jdk) = context(st)?;
                        let cx = snapshot_context(st, &jvmti, jdk);
                        let (a, b) = unsafe {
                            arguments(env, &cx, args, 0, false, declared, &[], (this, None), None)
                        };
                        st.budget_used.fetch_add(b, Ordering::Relaxed);
                        a
                    } else {
                        budget_opaque_array(declared.len())
                    };
                    captured = Some((text.clone(), rec.values));
                    text
                }
            };
            let index = rec.calls.len();
            let mut outcome = String::new();
            json::begin_outcome(&mut outcome, true);
            json::opaque(&mut outcome, "\"?\"", "the call did not complete");
            json::close(&mut outcome);
            // Which answer of an earlier call this call is made on (a recursive helper
            // makes that earlier call again before it).
            let on_answer = plan_call_of(st, mut_index, plan_call)
                .is_some_and(|c| matches!(c.receiver, mimic_plan::Receiver::Result { .. }));
            let mut receiver_identity = on_answer
                .then(|| unsafe { identity(st, receiver) })
                .flatten();
            // Made on an object the field did not hold when the invocation began?
            let field = plan_call_of(st, mut_index, plan_call).and_then(|c| match &c.receiver {
                mimic_plan::Receiver::Field {
                    name,
                    is_static: false,
                    ..
                } => Some(name.as_str()),
                _ => None,
            });
            if let Some((_, entry)) =
                field.and_then(|f| rec.entry_fields.iter().find(|(n, _)| n == f))
            {
                let now = unsafe { identity(st, receiver) };
                if now != *entry {
                    let argument = now.and_then(|id| {
                        rec.entry_arguments
                            .iter()
                            .find(|(_, a)| *a == id)
                            .map(|(i, _)| *i)
                    });
                    rec.replaced.push((index, argument));
                    // Which object it is: maybe one a mocked call answered, which the
                    // method stored there (a test stubs the call on that mock).
                    receiver_identity = now;
                }
            }
            rec.calls.push(EncodedCall {
                seq: index as u32,
                plan_call,
                arguments,
                outcome,
                receiver_identity,
                answer_identity: None,
                effects: None,
            });
            records.push((frame_token, index));
            values_taken |= rec.values;
        }
        if records.is_empty() {
            return None;
        }
        let secret = if st.site_names_value.get(site as usize) == Some(&true) {
            unsafe { secret_name(env, st, args) }
        } else {
            None
        };
        // An answer captured by value may point back to the object the call was made
        // on; it is kept until the call returns.
        let returns_reference = st
            .site_sigs
            .get(site as usize)
            .and_then(|s| s.ret)
            .is_some_and(|d| matches!(d, Declared::Reference));
        let callee = if returns_reference && !receiver.is_null() && values_taken {
            unsafe { env.new_global_ref(receiver) }
        } else {
            std::ptr::null_mut()
        };
        // What the call does to its arguments is seen on its exit.
        let watched = match (values_taken, context(st)) {
            (true, Some((jvmti, jdk))) => {
                let cx = snapshot_context(st, &jvmti, jdk);
                unsafe { Watched::enter(env, &cx, args, returns_reference, &receivers) }
            }
            _ => Watched::NONE,
        };
        l.next_token += 1;
        let token = l.next_token;
        l.pending.push(Pending {
            token,
            records,
            secret,
            callee,
            watched,
        });
        Some(token)
    })
    .flatten()
    .unwrap_or(0)
}

/// The redaction rule matched by the name a `System.getenv(name)`-like call reads (its
/// first argument), if any.
///
/// # Safety
/// `args` is the live `Object[]` of the call's arguments.
unsafe fn secret_name(env: &JniEnv, st: &State, args: jni::jobject) -> Option<String> {
    if args.is_null() || unsafe { env.get_array_length(args) } < 1 {
        return None;
    }
    let name = unsafe { env.get_object_array_element(args, 0) };
    if crate::jdk::clear(env) || name.is_null() {
        return None;
    }
    let text = unsafe { crate::jdk::string(env, name) };
    unsafe { env.delete_local_ref(name) };
    st.options.redaction_rule(&text?).map(str::to_string)
}

/// The read tree of a recorded call's answer: what the method under test uses of the
/// object its mocked call returned (nothing recorded in the tree: only that object
/// itself). A deeper call (made in a helper, on a mock passed there) whose answer the
/// helper drops, or which a test answers with a mock, needs only the object's class;
/// `None` (captured within the snapshot limits) for any other deeper call, a call made
/// through a method reference, and a MUT the plan has no read analysis of.
fn answer_guide<'s>(st: &'s State, mut_index: u32, call: &EncodedCall) -> Option<&'s ReadNode> {
    let m = st.plan.muts.get(mut_index as usize)?;
    let planned = m.plan_call(call.plan_call)?;
    // The environment's answers are replayed as recorded (a stream stays opaque: the
    // test stands in a replaying instance for it).
    if planned.receiver.is_environment() {
        return None;
    }
    // What the code the reference is handed to returns of its answer (commons-io's
    // `Uncheck.get`), the read analysis does not see: within the snapshot limits.
    if planned.method_reference && !planned.discarded {
        return None;
    }
    if m.deeper_call(call.plan_call).is_some() {
        return (planned.discarded || planned.returns_mock.is_some()).then_some(&snapshot::UNUSED);
    }
    let reads = m.reads.as_ref()?;
    Some(
        reads
            .answers
            .get(&planned.offset)
            .unwrap_or(&snapshot::UNUSED),
    )
}

/// The plan's entry for call `plan_call` of MUT `mut_index`.
fn plan_call_of(st: &State, mut_index: u32, plan_call: u32) -> Option<&mimic_plan::MockableCall> {
    st.plan.muts.get(mut_index as usize)?.plan_call(plan_call)
}

/// Is a call the invocation of `outer` (or one nested in it) makes, which `outer`'s plan
/// lists as `plan_call`, made on what that plan says, as far as arguments go? A call on
/// a parameter must be made on the argument `outer` was given: a method calling itself
/// on another object (`inherited(scope.parent(), name)`), or a helper the plan follows
/// from the parameter that recurses into the children it finds there (SnakeYAML's
/// `serializeNode(child, node)`), makes its calls on that object, which the test's mock
/// of the argument does not stand for: real code, or a mock of its own, answers them.
///
/// # Safety
/// `receiver` must be null or a live reference on this thread.
unsafe fn on_own_argument(
    st: &State,
    outer: &Frame,
    plan_call: u32,
    receiver: jni::jobject,
) -> bool {
    let Some(rec) = outer.rec.as_ref() else {
        return true;
    };
    match plan_call_of(st, outer.mut_index, plan_call).map(|c| &c.receiver) {
        Some(mimic_plan::Receiver::Param { index, .. }) => {
            let entry = rec
                .entry_arguments
                .iter()
                .find(|(i, _)| *i == u32::from(*index))
                .map(|(_, id)| *id);
            entry.is_some() && unsafe { identity(st, receiver) } == entry
        }
        _ => true,
    }
}

/// Mark the call whose mock-answered result the invocation returns
/// ([`mimic_trace::CallEffects::answer_returned`]), if one is.
///
/// # Safety
/// `result` must be a live, non-null reference on this thread.
unsafe fn mark_returned_answer(st: &State, calls: &mut [EncodedCall], result: jni::jobject) {
    if calls.iter().all(|c| c.answer_identity.is_none()) {
        return;
    }
    let Some(id) = (unsafe { identity(st, result) }) else {
        return;
    };
    let Some(c) = calls
        .iter_mut()
        .rev()
        .find(|c| c.answer_identity == Some(id))
    else {
        return;
    };
    let mut effects: mimic_trace::CallEffects = c
        .effects
        .as_deref()
        .and_then(|e| serde_json::from_str(e).ok())
        .unwrap_or_default();
    effects.answer_returned = true;
    c.effects = Some(EncodedCall::effects_json(&effects));
}

/// The identity hash codes of what the receiver's mocked fields hold (see
/// [`Recording::entry_fields`]); a field that cannot be found is left out.
///
/// # Safety
/// `receiver` must be a live, non-null reference on this thread.
unsafe fn entry_fields(
    env: &JniEnv,
    st: &State,
    receiver: jni::jobject,
    m: &mimic_plan::Mut,
) -> Vec<(String, Option<i32>)> {
    let mut out = Vec::new();
    let class = unsafe { env.get_object_class(receiver) };
    for (name, declared_type) in m.mocked_field_types() {
        let t = declared_type.replace('.', "/");
        let descriptor = if t.starts_with('[') {
            t
        } else {
            format!("L{t};")
        };
        let id = unsafe { env.get_field_id(class, name, &descriptor) };
        if clear(env) {
            continue;
        }
        let Some(id) = id else { continue };
        let value = unsafe { env.get_object_field(receiver, id) };
        out.push((name.to_string(), unsafe { identity(st, value) }));
        if !value.is_null() {
            unsafe { env.delete_local_ref(value) };
        }
    }
    unsafe { env.delete_local_ref(class) };
    out
}

/// The identity hash codes of the arguments (in the probe's `args` array) that the plan
/// makes mockable calls on ([`Recording::entry_arguments`]); null ones are left out.
unsafe fn entry_arguments(
    env: &JniEnv,
    st: &State,
    args: jni::jobject,
    m: &mimic_plan::Mut,
) -> Vec<(u32, i32)> {
    let length = unsafe { env.get_array_length(args) }.max(0) as u32;
    let mut out = Vec::new();
    for i in m
        .mocked_params()
        .into_iter()
        .map(u32::from)
        .filter(|i| *i < length)
    {
        // In bounds: nothing to throw.
        let value = unsafe { env.get_object_array_element(args, i as i32) };
        if let Some(id) = unsafe { identity(st, value) } {
            out.push((i, id));
        }
        if !value.is_null() {
            unsafe { env.delete_local_ref(value) };
        }
    }
    out
}

/// The identity hash code of `obj` (none for null), which tells two recorded objects
/// apart without reading them.
///
/// # Safety
/// `obj` must be null or a live reference.
unsafe fn identity(st: &State, obj: jni::jobject) -> Option<i32> {
    if obj.is_null() {
        return None;
    }
    let (jvmti, _) = context(st)?;
    unsafe { jvmti.get_object_hash_code(obj) }.ok()
}

/// The same read tree (or both none).
fn same_guide(a: Option<&ReadNode>, b: Option<&ReadNode>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => std::ptr::eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// Probe `callExit` / `callThrow`.
///
/// # Safety
/// Called from the native probe with its live JNI arguments.
pub unsafe fn call_exit(
    env: &JniEnv,
    st: &State,
    site: i32,
    token: i64,
    result: jni::jobject,
    thrown: bool,
) {
    if token == 0 {
        return;
    }
    let Some(_busy) = Busy::enter() else { return };
    with_local(|l| {
        let pos = l.pending.iter().rposition(|p| p.token == token)?;
        let mut drained: Vec<Pending> = l.pending.drain(pos..).collect();
        // Calls entered after this one and never left (their exit was skipped).
        for inner in &mut drained[1..] {
            inner.release(env);
        }
        let mut p = drained.swap_remove(0);
        let records = std::mem::take(&mut p.records);
        let (callee, secret) = (p.callee, p.secret.take());
        let effects = match (thrown, context(st)) {
            (false, Some((jvmti, jdk))) => {
                let cx = snapshot_context(st, &jvmti, jdk);
                unsafe { p.watched.exit(env, &cx, result) }
            }
            _ => None,
        };
        // The outcome as JSON, captured once for every record that took the call with
        // the same read tree.
        let mut captured: Option<(String, bool, Option<&ReadNode>)> = None;
        let record = || -> Option<()> {
            for (frame_token, index) in records {
                let Some(frame) = l.frames.iter_mut().rev().find(|f| f.token == frame_token) else {
                    continue;
                };
                let mut_index = frame.mut_index;
                let Some(rec) = frame.rec.as_mut() else {
                    continue;
                };
                let guide = rec
                    .calls
                    .get(index)
                    .and_then(|c| answer_guide(st, mut_index, c));
                let outcome = match &captured {
                    Some((text, with_values, g))
                        if *with_values == rec.values && same_guide(*g, guide) =>
                    {
                        text.clone()
                    }
                    _ => {
                        let text = if rec.values {
                            let (jvmti, jdk) = context(st)?;
                            let cx = snapshot_context(st, &jvmti, jdk);
                            let ret = st.site_sigs.get(site as usize).and_then(|s| s.ret);
                            let how = Returned {
                                ret,
                                secret: secret.as_deref(),
                                guide,
                                callee,
                            };
                            unsafe { outcome(env, st, &cx, result, thrown, how) }
                        } else {
                            budget_outcome(thrown)
                        };
                        captured = Some((text.clone(), rec.values, guide));
                        text
                    }
                };
                let answered_by_mock = plan_call_of(
                    st,
                    mut_index,
                    rec.calls.get(index).map_or(u32::MAX, |c| c.plan_call),
                )
                .is_some_and(|c| c.returns_mock.is_some());
                let answer_identity = (answered_by_mock && !thrown)
                    .then(|| unsafe { identity(st, result) })
                    .flatten();
                let mut seen = effects.clone().unwrap_or_default();
                if let Some((_, argument)) = rec.replaced.iter().find(|(i, _)| *i == index) {
                    seen.receiver_replaced = true;
                    seen.receiver_argument = *argument;
                }
                if let Some(c) = rec.calls.get_mut(index) {
                    c.outcome = outcome;
                    c.answer_identity = answer_identity;
                    c.effects = (!seen.is_empty()).then(|| EncodedCall::effects_json(&seen));
                }
            }
            Some(())
        };
        let done = record();
        p.release(env);
        done
    });
}
