//! The probe ABI: the static methods that rewritten code calls, and generators for probe
//! classes implementing it (a counting one for checks, a `native` one for the agent).
//!
//! Every probe takes an `int` id chosen by whoever rewrote the code (a method id for
//! wrapped methods, a site id for bridged calls) and an opaque `long` token returned by
//! the matching enter probe, so exits pair with their entries on any thread.

use mimic_classfile::access::*;
use mimic_classfile::assembler::{CodeBuilder, Invoke};
use mimic_classfile::class_file::ClassFile;
use mimic_classfile::descriptor::MethodDescriptor;
use mimic_classfile::error::Result;
use mimic_classfile::opcodes::{LADD, LCONST_1};

/// Probe methods: name and descriptor.
pub const ENTER: (&str, &str) = ("enter", "(ILjava/lang/Object;[Ljava/lang/Object;)J");
pub const EXIT: (&str, &str) = ("exit", "(IJLjava/lang/Object;)V");
pub const EXIT_THROW: (&str, &str) = ("exitThrow", "(IJLjava/lang/Throwable;)V");
pub const CALL_ENTER: (&str, &str) = ("callEnter", "(ILjava/lang/Object;[Ljava/lang/Object;)J");
pub const CALL_EXIT: (&str, &str) = ("callExit", "(IJLjava/lang/Object;)V");
pub const CALL_THROW: (&str, &str) = ("callThrow", "(IJLjava/lang/Throwable;)V");

/// The probe class's fields that let rewritten code skip probes that could report to no
/// recording (the agent's `gate.rs` keeps them; the counting probe leaves them at 0 and
/// null, so every probe runs). `idle` (`public static volatile int`): 1 while no
/// invocation is being recorded on any thread; a MUT's wrapper then calls straight
/// through if its [`QUIET`] flag is set.
pub const IDLE: (&str, &str) = ("idle", "I");
/// `public static byte[] quiet`, per method id: 1 once the recorder will never record
/// that MUT again (its sampling is done). Read only while [`IDLE`] is 1.
pub const QUIET: (&str, &str) = ("quiet", "[B");
/// `public static volatile int gated`: 1 once the agent has set [`ARMED`]; bridges read
/// `armed` only then.
pub const GATED: (&str, &str) = ("gated", "I");
/// `public static byte[] armed`, per call-site id: 1 while an invocation being recorded
/// (on any thread) has the site in its plan; a bridge whose site is not armed calls
/// straight through.
pub const ARMED: (&str, &str) = ("armed", "[B");

/// All probe methods, in a fixed order.
pub const ALL: [(&str, &str); 6] = [ENTER, EXIT, EXIT_THROW, CALL_ENTER, CALL_EXIT, CALL_THROW];

/// Where the probe lives. The class must be visible from every class that is rewritten
/// (the agent defines it in the bootstrap loader) and declare the gate fields ([`IDLE`],
/// [`QUIET`], [`GATED`], [`ARMED`]) beside the probe methods: rewritten code reads them
/// first (a probe class that leaves them at 0 and null has every probe run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeApi {
    /// Internal name, e.g. `mimic/Probe`.
    pub class_name: String,
}

impl Default for ProbeApi {
    fn default() -> Self {
        ProbeApi {
            class_name: "mimic/Probe".to_string(),
        }
    }
}

/// Class-file version of generated probe classes (Java 8: frames, no module rules).
const PROBE_MAJOR: u16 = 52;

/// A probe class whose methods are `native`, for the agent to bind with RegisterNatives.
pub fn native_probe_class(api: &ProbeApi) -> Result<Vec<u8>> {
    let mut class = ClassFile::new(
        &api.class_name,
        "java/lang/Object",
        PUBLIC | FINAL | SUPER | SYNTHETIC,
        PROBE_MAJOR,
    )?;
    add_gate_fields(&mut class)?;
    for (name, descriptor) in ALL {
        let m = class.new_method(PUBLIC | STATIC | NATIVE, name, descriptor, None)?;
        class.methods.push(m);
    }
    class.to_bytes()
}

/// A probe class that counts calls per probe method in static `long` fields (its methods
/// are `static synchronized`: application code may run on several threads, e.g. PDFBox's
/// `finalize` methods on the finalizer thread, and a lost update would make `enter` and
/// `exit` disagree) and prints the counts to stderr at JVM exit as
/// `mimic-probe: enter=… exit=… exitThrow=… callEnter=… callExit=… callThrow=…`.
/// It extends `Thread` so that an instance can be the shutdown hook.
pub fn counting_probe_class(api: &ProbeApi) -> Result<Vec<u8>> {
    let me = api.class_name.as_str();
    let mut class = ClassFile::new(
        me,
        "java/lang/Thread",
        PUBLIC | FINAL | SUPER | SYNTHETIC,
        PROBE_MAJOR,
    )?;
    add_gate_fields(&mut class)?;
    for (name, _) in ALL {
        class.add_field(PRIVATE | STATIC, &counter(name), "J")?;
    }
    // Each probe: counter += 1; return 0 (enter probes) or nothing.
    for (name, descriptor) in ALL {
        let desc = MethodDescriptor::parse(descriptor)?;
        let mut b = CodeBuilder::for_method(&mut class.constant_pool, me, true, &desc);
        b.get_static(me, &counter(name), "J")
            .simple(LCONST_1, 0, Some(mimic_classfile::frame::VType::Long))
            .simple(LADD, 2, Some(mimic_classfile::frame::VType::Long))
            .put_static(me, &counter(name), "J");
        if desc.ret.is_some() {
            b.push_long(0);
        }
        b.return_value(desc.ret.as_ref());
        let code = b.finish(true)?;
        let m = class.new_method(
            PUBLIC | STATIC | SYNCHRONIZED,
            name,
            descriptor,
            Some(&code),
        )?;
        class.methods.push(m);
    }
    // private <init>() { super(); }
    let no_args = MethodDescriptor::parse("()V")?;
    let mut b = CodeBuilder::for_method(&mut class.constant_pool, me, false, &no_args);
    b.load(&mimic_classfile::FieldType::Object(me.into()), 0)
        .invoke(Invoke::Special, "java/lang/Thread", "<init>", "()V", false)
        .return_value(None);
    let code = b.finish(true)?;
    let m = class.new_method(PRIVATE, "<init>", "()V", Some(&code))?;
    class.methods.push(m);
    // public void run() { System.err.println(new StringBuilder("mimic-probe:").append(" enter=").append(enterCount)…) }
    let mut b = CodeBuilder::for_method(&mut class.constant_pool, me, false, &no_args);
    b.get_static("java/lang/System", "err", "Ljava/io/PrintStream;")
        .new_object("java/lang/StringBuilder")
        .dup_value()
        .push_string("mimic-probe:")
        .invoke(
            Invoke::Special,
            "java/lang/StringBuilder",
            "<init>",
            "(Ljava/lang/String;)V",
            false,
        );
    for (name, _) in ALL {
        b.push_string(&format!(" {name}="))
            .invoke(
                Invoke::Virtual,
                "java/lang/StringBuilder",
                "append",
                "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                false,
            )
            .get_static(me, &counter(name), "J")
            .invoke(
                Invoke::Virtual,
                "java/lang/StringBuilder",
                "append",
                "(J)Ljava/lang/StringBuilder;",
                false,
            );
    }
    b.invoke(
        Invoke::Virtual,
        "java/lang/StringBuilder",
        "toString",
        "()Ljava/lang/String;",
        false,
    )
    .invoke(
        Invoke::Virtual,
        "java/io/PrintStream",
        "println",
        "(Ljava/lang/String;)V",
        false,
    )
    .return_value(None);
    let code = b.finish(true)?;
    let m = class.new_method(PUBLIC, "run", "()V", Some(&code))?;
    class.methods.push(m);
    // static { Runtime.getRuntime().addShutdownHook(new Probe()); }
    let mut b = CodeBuilder::for_method(&mut class.constant_pool, me, true, &no_args);
    b.invoke(
        Invoke::Static,
        "java/lang/Runtime",
        "getRuntime",
        "()Ljava/lang/Runtime;",
        false,
    )
    .new_object(me)
    .dup_value()
    .invoke(Invoke::Special, me, "<init>", "()V", false)
    .invoke(
        Invoke::Virtual,
        "java/lang/Runtime",
        "addShutdownHook",
        "(Ljava/lang/Thread;)V",
        false,
    )
    .return_value(None);
    let code = b.finish(true)?;
    let m = class.new_method(STATIC, "<clinit>", "()V", Some(&code))?;
    class.methods.push(m);
    class.to_bytes()
}

/// The [`IDLE`], [`QUIET`], [`GATED`] and [`ARMED`] fields every probe class has
/// (rewritten code reads them).
fn add_gate_fields(class: &mut ClassFile) -> Result<()> {
    class.add_field(PUBLIC | STATIC | VOLATILE, IDLE.0, IDLE.1)?;
    class.add_field(PUBLIC | STATIC, QUIET.0, QUIET.1)?;
    class.add_field(PUBLIC | STATIC | VOLATILE, GATED.0, GATED.1)?;
    class.add_field(PUBLIC | STATIC, ARMED.0, ARMED.1)
}

fn counter(probe: &str) -> String {
    format!("{probe}Count")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: the counting probe's counters raced when application code ran on two
    /// threads (PDFBox's finalizers), and `enter` came out one above `exit`.
    #[test]
    fn counting_probes_are_synchronized() {
        let bytes = counting_probe_class(&ProbeApi::default()).unwrap();
        let class = ClassFile::parse(&bytes).unwrap();
        for (name, descriptor) in ALL {
            let index = class.find_method(name, descriptor).unwrap();
            let flags = class.methods[index].access_flags;
            assert_eq!(
                flags & (STATIC | SYNCHRONIZED),
                STATIC | SYNCHRONIZED,
                "{name}"
            );
        }
    }
}
