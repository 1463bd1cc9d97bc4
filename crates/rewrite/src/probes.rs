//! Emitting probe calls: boxing arguments into an `Object[]`, and the "call, then report
//! the result or the throwable and rethrow" shape shared by wrappers and bridges.

use crate::probe::{
    ProbeApi, ARMED, CALL_ENTER, CALL_EXIT, CALL_THROW, ENTER, EXIT, EXIT_THROW, GATED, IDLE, QUIET,
};
use mimic_classfile::assembler::{CodeBuilder, Cond, Invoke};
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::error::Result;
use mimic_classfile::frame::VType;
use mimic_classfile::opcodes::BALOAD;
use mimic_classfile::MemberRef;

const OBJECT: &str = "java/lang/Object";

/// Push a new `Object[]` holding the (boxed) locals of `params`, starting at `first_slot`,
/// then the (boxed) values of the static fields `statics`.
pub fn push_boxed_args(
    b: &mut CodeBuilder,
    params: &[FieldType],
    first_slot: u16,
    statics: &[MemberRef],
) -> Result<()> {
    b.push_int((params.len() + statics.len()) as i32)
        .new_array(&FieldType::Object(OBJECT.into()));
    let mut slot = first_slot;
    for (i, p) in params.iter().enumerate() {
        b.dup_value()
            .push_int(i as i32)
            .load(p, slot)
            .box_value(p)
            .array_store(&FieldType::Object(OBJECT.into()));
        slot += p.slots();
    }
    for (i, f) in statics.iter().enumerate() {
        let t = FieldType::parse(&f.descriptor)?;
        b.dup_value()
            .push_int((params.len() + i) as i32)
            .get_static(&f.owner, &f.name, &f.descriptor)
            .box_value(&t)
            .array_store(&FieldType::Object(OBJECT.into()));
    }
    Ok(())
}

/// The names of the probes around one kind of event.
pub(crate) struct ProbeTriple {
    pub enter: (&'static str, &'static str),
    pub exit: (&'static str, &'static str),
    pub throw: (&'static str, &'static str),
    /// How the probes are skipped: a MUT's while nothing is recorded and the MUT is
    /// [`QUIET`] (its invocation may start a recording, and a recording in progress
    /// needs its frame); a call's while its site is not [`ARMED`] (it can only report to
    /// a recording whose plan lists it).
    pub skip: Skip,
}

/// See [`ProbeTriple::skip`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Skip {
    WhenIdleAndQuiet,
    WhenNotArmed,
}

/// The probes around a method under test's invocation (a wrapped method, or a bridged
/// construction of a constructor under test).
pub(crate) const METHOD_PROBES: ProbeTriple = ProbeTriple {
    enter: ENTER,
    exit: EXIT,
    throw: EXIT_THROW,
    skip: Skip::WhenIdleAndQuiet,
};

/// The probes around a bridged call.
pub(crate) const CALL_PROBES: ProbeTriple = ProbeTriple {
    enter: CALL_ENTER,
    exit: CALL_EXIT,
    throw: CALL_THROW,
    skip: Skip::WhenNotArmed,
};

/// What one probed call reports: its id, whether local 0 holds a receiver, the
/// descriptor of the call, and the static fields whose values `enter` receives after the
/// arguments.
pub(crate) struct Probed<'a> {
    pub id: i32,
    pub has_receiver: bool,
    pub desc: &'a MethodDescriptor,
    pub statics: &'a [MemberRef],
    /// The call returns a lazy `Stream` of the environment (`Files.lines`): collect it
    /// into a list (closing it), report the list and return a stream over it, so that
    /// what the program goes on to read is what the recording holds.
    pub materialize_stream: bool,
}

const STREAM: &str = "java/util/stream/Stream";
const LIST: &str = "java/util/List";

/// Emit the fast path, `if (Probe.idle != 0 && Probe.quiet[id] != 0) return <call>;` for a
/// MUT, `if (Probe.gated != 0 && Probe.armed[id] == 0) return <call>;` for a call (no
/// recording the probes could report to, see [`IDLE`] and [`ARMED`]), then
/// `token = enter(id, receiver, args)` (`args` ends with the values of `statics`);
/// `try { result = <call> }` `catch (Throwable t) { throw(id, token, t); throw t; }`
/// `exit(id, token, box(result))`; `return result`. The receiver (or null) is local 0
/// when `has_receiver`; the arguments follow. `emit_call` pushes the receiver and
/// arguments and performs the call (it is emitted twice).
pub(crate) fn emit_probed_call(
    b: &mut CodeBuilder,
    api: &ProbeApi,
    probes: &ProbeTriple,
    call: &Probed,
    emit_call: impl Fn(&mut CodeBuilder),
) -> Result<()> {
    let Probed {
        id,
        has_receiver,
        desc,
        statics,
        materialize_stream,
    } = *call;
    let probe = api.class_name.as_str();
    let receiver_slots = u16::from(has_receiver);
    let token = b.next_local();
    let probed = b.new_label();
    let (open, flags, probe_when) = match probes.skip {
        Skip::WhenIdleAndQuiet => (IDLE, QUIET, Cond::Zero),
        Skip::WhenNotArmed => (GATED, ARMED, Cond::NonZero),
    };
    b.get_static(probe, open.0, open.1)
        .if_(Cond::Zero, probed)
        .get_static(probe, flags.0, flags.1)
        .push_int(id)
        .simple(BALOAD, 2, Some(VType::Integer))
        .if_(probe_when, probed);
    emit_call(b);
    b.return_value(desc.ret.as_ref());
    b.bind(probed);
    b.push_int(id);
    if has_receiver {
        b.load(&FieldType::Object(OBJECT.into()), 0);
    } else {
        b.aconst_null();
    }
    push_boxed_args(b, &desc.params, receiver_slots, statics)?;
    b.invoke(Invoke::Static, probe, probes.enter.0, probes.enter.1, false)
        .store(&FieldType::Long, token);

    let start = b.new_label();
    let end = b.new_label();
    let handler = b.new_label();
    b.try_catch(start, end, handler, Some("java/lang/Throwable"));
    b.bind(start);
    emit_call(b);
    let result = token + 2;
    let mut ret = desc.ret.clone();
    if materialize_stream {
        let stream = FieldType::Object(STREAM.into());
        let held = result + 1;
        b.store(&stream, held)
            .load(&stream, held)
            .invoke(
                Invoke::Interface,
                STREAM,
                "toList",
                "()Ljava/util/List;",
                true,
            )
            .load(&stream, held)
            .invoke(
                Invoke::Interface,
                "java/util/stream/BaseStream",
                "close",
                "()V",
                true,
            );
        ret = Some(FieldType::Object(LIST.into()));
    }
    b.bind(end);

    match &ret {
        Some(t) => {
            b.store(t, result)
                .push_int(id)
                .load(&FieldType::Long, token)
                .load(t, result)
                .box_value(t);
        }
        None => {
            b.push_int(id).load(&FieldType::Long, token).aconst_null();
        }
    }
    b.invoke(Invoke::Static, probe, probes.exit.0, probes.exit.1, false);
    if let Some(t) = &ret {
        b.load(t, result);
    }
    if materialize_stream {
        b.invoke(
            Invoke::Interface,
            LIST,
            "stream",
            "()Ljava/util/stream/Stream;",
            true,
        );
    }
    b.return_value(desc.ret.as_ref());

    b.bind(handler);
    let thrown = FieldType::Object("java/lang/Throwable".into());
    let slot = token + 2;
    b.store(&thrown, slot)
        .push_int(id)
        .load(&FieldType::Long, token)
        .load(&thrown, slot)
        .invoke(Invoke::Static, probe, probes.throw.0, probes.throw.1, false)
        .load(&thrown, slot)
        .athrow();
    Ok(())
}

/// Push every parameter local onto the stack, from `first_slot`.
pub(crate) fn push_params(b: &mut CodeBuilder, params: &[FieldType], first_slot: u16) {
    let mut slot = first_slot;
    for p in params {
        b.load(p, slot);
        slot += p.slots();
    }
}
