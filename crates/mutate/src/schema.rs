//! Mutant schemata: every mutant of a class compiled into one rewritten class. Each target
//! method `m` becomes a private synthetic `m$mimic` (original Code untouched, so no offset
//! moves) and a new `m` with the original flags and attributes:
//!
//! ```text
//! if (!MutantSwitch.hits[methodId]) MutantSwitch.enter(methodId);
//! int a = MutantSwitch.active;
//! if (a == 0) return m$mimic(args);          // fast path: no mutant active
//! if (a == mutant1) return <constant 1>;     // one test per mutant of m
//! if (a == mutant2) return <constant 2>;
//! return m$mimic(args);
//! ```
//!
//! The same classes therefore serve the coverage run (switch 0, hits recorded) and every
//! mutant run (switch set between tests by the test JVM). Each `return` is preceded by
//! `if (MutantSwitch.observed == methodId) MutantSwitch.exit(…)`: `--explain` observes
//! the receiver, arguments and result at every exit of one method ([`crate::explain`]).

use mimic_classfile::access::STATIC;
use mimic_classfile::assembler::{CodeBuilder, Cond, Invoke};
use mimic_classfile::frame::VType;
use mimic_classfile::{ClassFile, ClassFileError, FieldType, MethodDescriptor};
use mimic_rewrite::probes::push_boxed_args;
use mimic_rewrite::replace::push_replacement_value;
use mimic_rewrite::wrap::split_method;

use crate::targets::TargetMethod;

/// Internal name of the switch class (part of the test-JVM shim).
pub const SWITCH_CLASS: &str = "mimic/mutate/MutantSwitch";
/// Suffix of the renamed original bodies.
pub const ORIGINAL_SUFFIX: &str = "$mimic";

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
    if class.find_method(&renamed, &target.descriptor).is_some() {
        return Err(ClassFileError::rewrite(format!("{renamed} already exists")));
    }
    let class_name = class.name()?;
    let original = class.methods[index].clone();
    let desc = MethodDescriptor::parse(&target.descriptor)?;
    let is_static = original.has_flag(STATIC);
    let interface = class.is_interface();

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
    let call_original = b.new_label();
    b.get_static(SWITCH_CLASS, "active", "I")
        .if_(Cond::Zero, call_original);
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
    b.bind(call_original);
    let mut slot = 0;
    let kind = if is_static {
        Invoke::Static
    } else {
        b.load(&FieldType::Object(class_name.clone()), 0);
        slot = 1;
        Invoke::Special
    };
    for p in &desc.params {
        b.load(p, slot);
        slot += p.slots();
    }
    b.invoke(kind, &class_name, &renamed, &target.descriptor, interface);
    exit.emit_return(&mut b)?;
    let wrapper_code = b.finish(class.major_version >= 50)?;

    split_method(class, index, &renamed, &wrapper_code)
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
