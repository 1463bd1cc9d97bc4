//! Mutant schemata: every mutant of a class compiled into one rewritten class. Each target
//! method `m` becomes a private synthetic `m$mimic` (original Code untouched, so no offset
//! moves) and a new `m` with the original flags and attributes:
//!
//! ```text
//! m(args):
//!   if (!MutantSwitch.hits[methodId]) MutantSwitch.enter(methodId);
//!   if (MutantSwitch.active != 0) return m$mimic$switch(args);
//!   return m$mimic(args);                     // fast path: no mutant active
//! m$mimic$switch(args):                       // private synthetic too
//!   int a = MutantSwitch.active;
//!   if (a == mutant1) return <constant 1>;   // one test per mutant of m
//!   if (a == mutant2) return <constant 2>;
//!   return m$mimic(args);
//! ```
//!
//! The same classes therefore serve the coverage run (switch 0, hits recorded) and every
//! mutant run (switch set between tests by the test JVM). Each `return` of the switch is
//! preceded by `if (MutantSwitch.observed == methodId) MutantSwitch.exit(…)`: `--explain`
//! observes the receiver, arguments and result at every exit of one method
//! ([`crate::explain`]); its runs of the original set the switch to -1, which no mutant
//! has. The wrapper stays a few bytes long so that the JIT inlines it into hot callers
//! as it would the original: with the mutant tests and observations inline, commons-codec's
//! baseline and mutant runs took twice as long.

use mimic_classfile::access::{PRIVATE, STATIC, STRICT, SYNTHETIC};
use mimic_classfile::assembler::{CodeBuilder, Cond, Invoke};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::frame::VType;
use mimic_classfile::{Attribute, ClassFile, ClassFileError, FieldType, Member, MethodDescriptor};
use mimic_rewrite::probes::push_boxed_args;
use mimic_rewrite::replace::push_replacement_value;
use mimic_rewrite::wrap::split_method;

use crate::targets::TargetMethod;

/// Internal name of the switch class (part of the test-JVM shim).
pub const SWITCH_CLASS: &str = "mimic/mutate/MutantSwitch";
/// Suffix of the renamed original bodies.
pub const ORIGINAL_SUFFIX: &str = "$mimic";
/// Suffix of the methods holding a target's mutants (reached only while a mutant is active
/// or a method observed).
pub const SWITCH_SUFFIX: &str = "$mimic$switch";

const ISUB: u8 = 0x64;

/// Rewrite `class` so that every method in `targets` (all of this class) is guarded by
/// the switch. Fails as a whole if any method cannot be rewritten.
pub fn apply_schema(
    class: &mut ClassFile,
    targets: &[&TargetMethod],
) -> Result<(), ClassFileError> {
    for target in targets {
        wrap_target(class, target).map_err(|e| {
            e.in_file(&format!(
                "{}.{}{}",
                target.class, target.name, target.descriptor
            ))
        })?;
    }
    Ok(())
}

fn wrap_target(class: &mut ClassFile, target: &TargetMethod) -> Result<(), ClassFileError> {
    let index = class
        .find_method(&target.name, &target.descriptor)
        .ok_or_else(|| ClassFileError::rewrite("method not found"))?;
    if class.is_interface() && class.major_version < 52 {
        return Err(ClassFileError::rewrite(
            "interfaces before class version 52 cannot have private methods",
        ));
    }
    let renamed = format!("{}{ORIGINAL_SUFFIX}", target.name);
    let switch = format!("{}{SWITCH_SUFFIX}", target.name);
    for name in [&renamed, &switch] {
        if class.find_method(name, &target.descriptor).is_some() {
            return Err(ClassFileError::rewrite(format!("{name} already exists")));
        }
    }
    let class_name = class.name()?;
    let original = class.methods[index].clone();
    let desc = MethodDescriptor::parse(&target.descriptor)?;
    let is_static = original.has_flag(STATIC);
    let interface = class.is_interface();
    let emit_frames = class.major_version >= 50;
    let call = Call {
        class_name: &class_name,
        is_static,
        interface,
        desc: &desc,
        descriptor: &target.descriptor,
    };

    // The wrapper: as small as it can be, so that the JIT inlines it as it would the
    // original (the switch's mutant tests and exit observations live in `m$mimic$switch`).
    let mut b = CodeBuilder::for_method(&mut class.constant_pool, &class_name, is_static, &desc);
    // if (!hits[id]) MutantSwitch.enter(id);  (enter records the hit, or, while
    // recording, the static initialiser it came from)
    const BALOAD: u8 = 0x33;
    let entered = b.new_label();
    b.get_static(SWITCH_CLASS, "hits", "[Z")
        .push_int(target.id as i32)
        .simple(BALOAD, 2, Some(VType::Integer))
        .if_(Cond::NonZero, entered)
        .push_int(target.id as i32)
        .invoke(Invoke::Static, SWITCH_CLASS, "enter", "(I)V", false);
    b.bind(entered);
    let slow = b.new_label();
    b.get_static(SWITCH_CLASS, "active", "I")
        .if_(Cond::NonZero, slow);
    call.emit(&mut b, &renamed);
    b.return_value(desc.ret.as_ref());
    b.bind(slow);
    call.emit(&mut b, &switch);
    b.return_value(desc.ret.as_ref());
    let wrapper_code = b.finish(emit_frames)?;

    // The switch: one test per mutant, else the original body; every exit observed.
    let mut b = CodeBuilder::for_method(&mut class.constant_pool, &class_name, is_static, &desc);
    let exit = Exit {
        id: target.id as i32,
        class_name: &class_name,
        is_static,
        desc: &desc,
        result_slot: b.next_local(),
    };
    for mutant in &target.mutants {
        let next = b.new_label();
        b.get_static(SWITCH_CLASS, "active", "I")
            .push_int(mutant.id as i32)
            .simple(ISUB, 2, Some(VType::Integer))
            .if_(Cond::NonZero, next);
        push_replacement_value(&mut b, &mutant.operator.replacement(), desc.ret.as_ref())?;
        exit.emit_return(&mut b)?;
        b.bind(next);
    }
    call.emit(&mut b, &renamed);
    exit.emit_return(&mut b)?;
    let switch_code = b.finish(emit_frames)?;

    split_method(class, index, &renamed, &wrapper_code)?;
    add_private_method(class, &original, &switch, &switch_code)
}

/// A call from a generated method to one of the same class with the target's descriptor,
/// passing `this` (unless static) and every parameter along.
struct Call<'a> {
    class_name: &'a str,
    is_static: bool,
    interface: bool,
    desc: &'a MethodDescriptor,
    descriptor: &'a str,
}

impl Call<'_> {
    fn emit(&self, b: &mut CodeBuilder, name: &str) {
        let mut slot = 0;
        let kind = if self.is_static {
            Invoke::Static
        } else {
            b.load(&FieldType::Object(self.class_name.to_string()), 0);
            slot = 1;
            Invoke::Special
        };
        for p in &self.desc.params {
            b.load(p, slot);
            slot += p.slots();
        }
        b.invoke(kind, self.class_name, name, self.descriptor, self.interface);
    }
}

/// Add `name` with `original`'s descriptor (and staticness) as a private synthetic method
/// whose only attribute is `code`.
fn add_private_method(
    class: &mut ClassFile,
    original: &Member,
    name: &str,
    code: &CodeAttribute,
) -> Result<(), ClassFileError> {
    let cp = &mut class.constant_pool;
    let method = Member {
        access_flags: (original.access_flags & (STATIC | STRICT)) | PRIVATE | SYNTHETIC,
        name_index: cp.add_utf8(name)?,
        descriptor_index: original.descriptor_index,
        attributes: vec![Attribute {
            name_index: cp.add_utf8("Code")?,
            data: code.to_bytes()?,
        }],
    };
    class.methods.push(method);
    Ok(())
}

/// How a wrapper returns: `--explain` observes the method's exits, so before each return
/// `if (MutantSwitch.observed == id) MutantSwitch.exit(id, this|null, args, result, void)`.
struct Exit<'a> {
    id: i32,
    class_name: &'a str,
    is_static: bool,
    desc: &'a MethodDescriptor,
    /// A local free in the wrapper, for the result while it is observed.
    result_slot: u16,
}

impl Exit<'_> {
    /// Return the value on the stack (nothing for a void method), observed when asked.
    fn emit_return(&self, b: &mut CodeBuilder) -> Result<(), ClassFileError> {
        let ret = self.desc.ret.as_ref();
        if let Some(t) = ret {
            b.store(t, self.result_slot);
        }
        let skip = b.new_label();
        b.get_static(SWITCH_CLASS, "observed", "I")
            .push_int(self.id)
            .simple(ISUB, 2, Some(VType::Integer))
            .if_(Cond::NonZero, skip)
            .push_int(self.id);
        if self.is_static {
            b.aconst_null();
        } else {
            b.load(&FieldType::Object(self.class_name.to_string()), 0);
        }
        push_boxed_args(b, &self.desc.params, u16::from(!self.is_static), &[])?;
        match ret {
            Some(t) => {
                b.load(t, self.result_slot).box_value(t).push_int(0);
            }
            None => {
                b.aconst_null().push_int(1);
            }
        }
        b.invoke(
            Invoke::Static,
            SWITCH_CLASS,
            "exit",
            "(ILjava/lang/Object;[Ljava/lang/Object;Ljava/lang/Object;Z)V",
            false,
        );
        b.bind(skip);
        if let Some(t) = ret {
            b.load(t, self.result_slot);
        }
        b.return_value(ret);
        Ok(())
    }
}
