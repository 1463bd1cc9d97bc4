//! Where the values a method works on come from: an abstract interpretation of locals and
//! the operand stack over every path of a method body (branches, switches, exception
//! handlers), tracking for each reference whether it is `this`, a parameter, a field of
//! `this` or a static field, through copies, `dup`s, casts and stores to other locals.
//! The result is, for every invoke instruction, the origin of its receiver and arguments.
//!
//! This module is the [`Interpreter`] of that analysis over the shared engine
//! [`mimic_flow`], which owns the instruction semantics (slot-exact stack, handlers,
//! subroutines, malformed code): it says only which values keep their origin — `aload`
//! and `astore` copies, `checkcast`, `getfield` on `this`, `getstatic`, the object a `new`
//! created, the object an invoke returned — and records the invokes. Everything else is
//! [`Origin::Unknown`].
//!
//! An invoke's result is followed so that a test can mock it when it is only ever used as
//! the receiver of further calls or passed to them (the thesis's tree of mocks,
//! `connection.prepareStatement(…).executeQuery()`): every other use of it — stored in a
//! field or an array, returned, thrown, captured by a lambda, its fields read — is an
//! *escape* ([`Analysis::escapes`]). A join of an invoke's result with another value is
//! [`Origin::MaybeResult`], so a use after a branch or in an exception handler still
//! counts, while a slot that only merged and is never read again does not.

use std::collections::{BTreeMap, BTreeSet};

use mimic_classfile::bootstrap::{
    bootstrap_methods, lambda_target, BootstrapMethod, REF_INVOKE_INTERFACE, REF_INVOKE_STATIC,
    REF_INVOKE_VIRTUAL,
};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::constant_pool::{ConstantPool, MemberRef};
use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_classfile::instruction::{Instruction, Operand};
use mimic_classfile::opcodes::*;
use mimic_classfile::{ClassFile, ClassFileError};
use mimic_flow::{analyze, FlowError, Interpreter};

/// Where a value comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Anything else (computed, merged from different origins, or not a reference).
    Unknown,
    This,
    /// Declared parameter number (0-based, not counting `this`).
    Param(u16),
    /// A field read from `this` (owner as named by the `getfield`).
    Field {
        owner: String,
        name: String,
        descriptor: String,
    },
    /// A static field.
    StaticField {
        owner: String,
        name: String,
        descriptor: String,
    },
    /// The object the `new` at this offset created (until and after its constructor).
    New(u32),
    /// The object the invoke at this offset returned.
    Result(u32),
    /// A join of values some of which are invoke results (offsets, sorted): nothing is
    /// known of it, except that those results may flow on through it.
    MaybeResult(Vec<u32>),
}

impl Origin {
    /// The invokes whose results this value may be.
    pub fn results(&self) -> &[u32] {
        match self {
            Origin::Result(at) => std::slice::from_ref(at),
            Origin::MaybeResult(ats) => ats,
            _ => &[],
        }
    }

    /// Is nothing useful known of this value (unknown, or only possibly a result)?
    pub fn is_unknown(&self) -> bool {
        matches!(self, Origin::Unknown | Origin::MaybeResult(_))
    }
}

/// The fields of `this` the method has stored on the path so far, with the origin of
/// what it stored: a later read of such a field is that value (`this.out = out;
/// out.write(…)` calls the parameter, which a test passes, not the field it overwrote).
/// Where paths meet, a field stored differently on them is read as the field again.
pub type Stores = BTreeMap<String, Origin>;

/// The locals and operand stack before an instruction, one origin per slot, and the
/// fields of `this` stored so far.
pub type Frame = mimic_flow::Frame<Origin, Stores>;

/// The entry frame of a method: `this` (unless static) then one origin per
/// parameter (`params[i]`, default `Param(i)`), long/double taking two slots.
pub fn entry_frame(
    is_static: bool,
    descriptor: &MethodDescriptor,
    max_locals: u16,
    params: Option<&[Origin]>,
    this: Origin,
) -> Frame {
    mimic_flow::Frame::entry(
        (!is_static).then_some(this),
        descriptor,
        max_locals,
        |i| {
            params
                .and_then(|ps| ps.get(i as usize).cloned())
                .unwrap_or(Origin::Param(i))
        },
        Origin::Unknown,
    )
    .with_state(Stores::new())
}

/// An invoke instruction with the origins of its receiver and arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub offset: u32,
    pub opcode: u8,
    pub callee: MemberRef,
    /// `None` for `invokestatic`.
    pub receiver: Option<Origin>,
    pub args: Vec<Origin>,
    /// The call is made through a bound method reference (`this.parser::nextRecord`)
    /// created by the `invokedynamic` at `offset`: `opcode` is the call the reference
    /// makes (`invokevirtual` or `invokeinterface`) on `receiver`, the object it captured,
    /// whenever the code it is handed to invokes it; its arguments are unknown.
    pub method_reference: bool,
    /// The "call" is a lambda created here (`x -> sink.send(x)`), whose body, a method
    /// `lambda$…` of this class, runs whenever the code it is handed to calls it:
    /// `callee` is that body, `receiver` `this` when it captures it, `args` what it
    /// captures and then its own parameters (unknown). Kept only when the lambda is
    /// handed to calls, not stored, returned or thrown (its body may then run later).
    pub lambda: bool,
}

/// The origins interpretation: collects the invokes (by offset; the last visit, made
/// with the fixpoint frame, wins).
#[derive(Default)]
struct Origins<'c> {
    calls: BTreeMap<u32, Call>,
    field_reads: BTreeMap<u32, FieldRead>,
    escapes: BTreeSet<u32>,
    this_stores: BTreeMap<u32, (MemberRef, Origin)>,
    /// The class's constant pool, bootstrap methods and name, to see through method
    /// references and lambdas.
    pool: Option<(&'c ConstantPool, Vec<BootstrapMethod>, String)>,
    /// The getters of the class ([`crate::getters::own_getters`], and those it inherits):
    /// calling one on `this` reads its field.
    getters: std::collections::HashMap<(String, String), MemberRef>,
}

impl Origins<'_> {
    /// The method an `invokedynamic` binds to the single object it captures
    /// (`receiver::method`, a `LambdaMetafactory` handle of kind `invokeVirtual` or
    /// `invokeInterface`), with the invoke instruction the reference makes.
    fn bound_reference(&self, insn: &Instruction, captured: usize) -> Option<(u8, MemberRef)> {
        let (cp, bootstraps, _) = self.pool.as_ref()?;
        let Operand::Pool(index) = insn.operand else {
            return None;
        };
        let target = lambda_target(cp, bootstraps, index)?;
        let opcode = match target.kind {
            REF_INVOKE_VIRTUAL => INVOKEVIRTUAL,
            REF_INVOKE_INTERFACE => INVOKEINTERFACE,
            _ => return None,
        };
        (captured == 1).then_some((opcode, target.method))
    }

    /// The `invokedynamic` as the call of the lambda body it creates ([`Call::lambda`]):
    /// a `LambdaMetafactory` site whose implementation is a `lambda$…` method of this
    /// class, static or bound to `this`.
    fn lambda_body(&self, insn: &Instruction, captured: &[Origin]) -> Option<Call> {
        let (cp, bootstraps, class) = self.pool.as_ref()?;
        let Operand::Pool(index) = insn.operand else {
            return None;
        };
        let target = lambda_target(cp, bootstraps, index)?;
        if target.method.owner != *class || !target.method.name.starts_with("lambda$") {
            return None;
        }
        let params = MethodDescriptor::parse(&target.method.descriptor)
            .ok()?
            .params;
        let (opcode, receiver, captured) = match target.kind {
            REF_INVOKE_STATIC => (INVOKESTATIC, None, captured),
            _ if captured.first() == Some(&Origin::This) => {
                (INVOKESPECIAL, Some(Origin::This), &captured[1..])
            }
            _ => return None,
        };
        if captured.len() > params.len() {
            return None;
        }
        let mut args: Vec<Origin> = captured.to_vec();
        args.resize(params.len(), Origin::Unknown);
        // Two-slot parameters have no origin.
        for (a, p) in args.iter_mut().zip(&params) {
            if p.slots() == 2 {
                *a = Origin::Unknown;
            }
        }
        Some(Call {
            offset: insn.offset,
            opcode,
            callee: target.method,
            receiver,
            args,
            method_reference: false,
            lambda: true,
        })
    }

    /// `value` is used other than as a call's receiver or argument.
    fn escape(&mut self, value: &Origin) {
        self.escapes.extend(value.results());
    }
}

/// A `getfield` on an object the method did not create and that is not `this`: a field of
/// `this`, a static field or a parameter (a collaborator a test may mock, whose state a
/// mock would not have).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldRead {
    pub offset: u32,
    pub receiver: Origin,
    pub field: MemberRef,
}

fn one_slot(descriptor: &str) -> bool {
    FieldType::parse(descriptor).is_ok_and(|t| t.slots() == 1)
}

impl Interpreter for Origins<'_> {
    type Value = Origin;
    type State = Stores;

    fn unknown(&mut self) -> Origin {
        Origin::Unknown
    }

    fn merge(&mut self, a: &Origin, b: &Origin) -> Origin {
        if a == b {
            return a.clone();
        }
        let mut results: Vec<u32> = a.results().iter().chain(b.results()).copied().collect();
        results.sort_unstable();
        results.dedup();
        if results.is_empty() {
            Origin::Unknown
        } else {
            Origin::MaybeResult(results)
        }
    }

    fn merge_state(&mut self, a: &Stores, b: &Stores) -> Stores {
        a.iter()
            .filter(|(name, origin)| b.get(*name) == Some(origin))
            .map(|(n, o)| (n.clone(), o.clone()))
            .collect()
    }

    fn load(&mut self, insn: &Instruction, local: &Origin, _: &mut Stores) -> Origin {
        match insn.opcode {
            ALOAD | ALOAD_0..=ALOAD_3 => local.clone(),
            _ => Origin::Unknown,
        }
    }

    fn store(&mut self, insn: &Instruction, value: Origin, _: &mut Stores) -> Origin {
        match insn.opcode {
            ASTORE | ASTORE_0..=ASTORE_3 => value,
            _ => Origin::Unknown,
        }
    }

    fn get_field(
        &mut self,
        insn: &Instruction,
        f: &MemberRef,
        receiver: Option<&Origin>,
        stores: &mut Stores,
    ) -> Origin {
        if let Some(r) = receiver {
            self.escape(r);
        }
        if receiver == Some(&Origin::This) {
            if let Some(stored) = stores.get(&f.name) {
                return stored.clone();
            }
        }
        if let Some(r @ (Origin::Field { .. } | Origin::StaticField { .. } | Origin::Param(_))) =
            receiver
        {
            self.field_reads.insert(
                insn.offset,
                FieldRead {
                    offset: insn.offset,
                    receiver: r.clone(),
                    field: f.clone(),
                },
            );
        }
        if !one_slot(&f.descriptor) {
            return Origin::Unknown;
        }
        let (owner, name, descriptor) = (f.owner.clone(), f.name.clone(), f.descriptor.clone());
        match receiver {
            None => Origin::StaticField {
                owner,
                name,
                descriptor,
            },
            Some(Origin::This) => Origin::Field {
                owner,
                name,
                descriptor,
            },
            Some(_) => Origin::Unknown,
        }
    }

    fn put_field(
        &mut self,
        insn: &Instruction,
        f: &MemberRef,
        receiver: Option<&Origin>,
        value: &Origin,
        stores: &mut Stores,
    ) {
        if receiver == Some(&Origin::This) {
            self.this_stores
                .insert(insn.offset, (f.clone(), value.clone()));
            stores.insert(f.name.clone(), value.clone());
        }
        if let Some(r) = receiver {
            self.escape(r);
        }
        self.escape(value);
    }

    fn array_store(&mut self, _: &Instruction, values: [&Origin; 3], _: &mut Stores) {
        for v in values {
            self.escape(v);
        }
    }

    fn unary(&mut self, insn: &Instruction, value: &Origin, _: &mut Stores) -> Origin {
        // `arraylength` and `instanceof` look at the object itself.
        if matches!(insn.opcode, ARRAYLENGTH | INSTANCEOF) {
            self.escape(value);
        }
        Origin::Unknown
    }

    fn binary(&mut self, _: &Instruction, a: &Origin, _: &Origin, _: &mut Stores) -> Origin {
        // An array element load reads the array.
        self.escape(a);
        Origin::Unknown
    }

    fn exit(&mut self, _: &Instruction, value: Option<&Origin>, _: &mut Stores) {
        if let Some(v) = value {
            self.escape(v);
        }
    }

    fn invoke_dynamic(
        &mut self,
        insn: &Instruction,
        _: &str,
        _: &str,
        args: &[Origin],
        _: &mut Stores,
    ) -> Origin {
        // A bound method reference calls its captured object: like a call's receiver,
        // that is no escape. One bound to `this` (a lambda's body, `this::helper`) runs
        // the class's own code, maybe after the method returns: not a call of it.
        let on_this = args.first() == Some(&Origin::This);
        if let Some((opcode, callee)) = self.bound_reference(insn, args.len()).filter(|_| !on_this)
        {
            let params = MethodDescriptor::parse(&callee.descriptor)
                .map(|d| d.params.len())
                .unwrap_or_default();
            self.calls.insert(
                insn.offset,
                Call {
                    offset: insn.offset,
                    opcode,
                    callee,
                    receiver: args.first().cloned(),
                    args: vec![Origin::Unknown; params],
                    method_reference: true,
                    lambda: false,
                },
            );
            return Origin::Unknown;
        }
        if let Some(body) = self.lambda_body(insn, args) {
            self.calls.insert(insn.offset, body);
            // The lambda itself: whether it escapes says whether its body is kept.
            return Origin::Result(insn.offset);
        }
        for a in args {
            self.escape(a);
        }
        Origin::Unknown
    }

    fn new_object(&mut self, insn: &Instruction, _: &mut Stores) -> Origin {
        if insn.opcode == NEW {
            Origin::New(insn.offset)
        } else {
            Origin::Unknown
        }
    }

    fn invoke(
        &mut self,
        insn: &Instruction,
        callee: &MemberRef,
        receiver: Option<&Origin>,
        args: &[Origin],
        stores: &mut Stores,
    ) -> Origin {
        // Two-slot arguments (long, double) have no origin.
        let params = MethodDescriptor::parse(&callee.descriptor)
            .map(|d| d.params)
            .unwrap_or_default();
        let args = args
            .iter()
            .enumerate()
            .map(|(i, a)| match params.get(i) {
                Some(p) if p.slots() == 2 => Origin::Unknown,
                _ => a.clone(),
            })
            .collect();
        self.calls.insert(
            insn.offset,
            Call {
                offset: insn.offset,
                opcode: insn.opcode,
                callee: callee.clone(),
                receiver: receiver.cloned(),
                args,
                method_reference: false,
                lambda: false,
            },
        );
        // `this.getX()`, a getter of the class's own field `x`: that field (or what the
        // method stored in it).
        let own_class = self.pool.as_ref().map(|(_, _, name)| name.as_str());
        if receiver == Some(&Origin::This) && own_class == Some(callee.owner.as_str()) {
            if let Some(f) = self
                .getters
                .get(&(callee.name.clone(), callee.descriptor.clone()))
            {
                return match stores.get(&f.name) {
                    Some(stored) => stored.clone(),
                    None => Origin::Field {
                        owner: f.owner.clone(),
                        name: f.name.clone(),
                        descriptor: f.descriptor.clone(),
                    },
                };
            }
        }
        let returns_reference = MethodDescriptor::parse(&callee.descriptor)
            .ok()
            .and_then(|d| d.ret)
            .is_some_and(|r| matches!(r, FieldType::Object(_) | FieldType::Array(_)));
        if returns_reference {
            Origin::Result(insn.offset)
        } else {
            Origin::Unknown
        }
    }
}

/// Interpret a method body from `entry`; returns every reachable invoke with its origins.
/// Malformed code is an error naming the bytecode offset (prefixed `dataflow:`).
pub fn calls(
    class: &ClassFile,
    code: &CodeAttribute,
    entry: Frame,
) -> Result<Vec<Call>, ClassFileError> {
    analyse(class, code, entry).map(|a| a.calls)
}

/// What one interpretation of a method body found.
#[derive(Debug, Default)]
pub struct Analysis {
    /// Every reachable invoke with its origins, by offset.
    pub calls: Vec<Call>,
    /// Every field read on a collaborator ([`FieldRead`]).
    pub field_reads: Vec<FieldRead>,
    /// The invokes (offsets) whose results are used other than as the receiver or an
    /// argument of a call: stored, returned, thrown, captured, their fields read.
    pub escapes: BTreeSet<u32>,
    /// Every `putfield` on `this`: the field and the origin of the value stored.
    pub this_stores: Vec<(MemberRef, Origin)>,
}

/// [`calls`], with every field read on a collaborator and the results that escape.
pub fn analyse(
    class: &ClassFile,
    code: &CodeAttribute,
    entry: Frame,
) -> Result<Analysis, ClassFileError> {
    analyse_with_getters(class, code, entry, crate::getters::own_getters(class))
}

/// [`analyse`], where calling one of `getters` on `this` reads its field: the class's
/// own, or with those it inherits ([`crate::getters::getters_on_this`]).
pub fn analyse_with_getters(
    class: &ClassFile,
    code: &CodeAttribute,
    entry: Frame,
    getters: std::collections::HashMap<(String, String), MemberRef>,
) -> Result<Analysis, ClassFileError> {
    let mut origins = Origins {
        pool: Some((
            &class.constant_pool,
            bootstrap_methods(class).unwrap_or_default(),
            class.name().unwrap_or_default(),
        )),
        getters,
        ..Origins::default()
    };
    match analyze(&mut origins, &class.constant_pool, code, entry) {
        Ok(_) => Ok(Analysis {
            calls: origins
                .calls
                .into_values()
                .filter(|c| !c.lambda || !origins.escapes.contains(&c.offset))
                .collect(),
            field_reads: origins.field_reads.into_values().collect(),
            escapes: origins.escapes,
            this_stores: origins.this_stores.into_values().collect(),
        }),
        Err(FlowError::Decode(e)) => Err(e),
        Err(e) => Err(ClassFileError::malformed(
            e.offset() as usize,
            format!("dataflow: {e}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(bytes: &[u8], max_locals: u16) -> CodeAttribute {
        CodeAttribute {
            max_stack: 8,
            max_locals,
            code: bytes.to_vec(),
            exception_table: Vec::new(),
            attributes: Vec::new(),
        }
    }

    #[test]
    fn receivers_and_arguments_keep_their_origins() {
        let mut class = ClassFile::new("A", "java/lang/Object", 0x21, 52).unwrap();
        let cp = &mut class.constant_pool;
        let f = cp.add_field_ref("A", "f", "LB;").unwrap();
        let s = cp.add_field_ref("A", "s", "LB;").unwrap();
        let m = cp.add_method_ref("B", "m", "(JLB;I)V", false).unwrap();
        let [f1, f2] = f.to_be_bytes();
        let [s1, s2] = s.to_be_bytes();
        let [m1, m2] = m.to_be_bytes();
        // this.f.m(p0, (B) p1, p2); s.m(p0, this.f.f?, 0)
        let body = [
            ALOAD_0,
            GETFIELD,
            f1,
            f2,
            LLOAD_1,
            ALOAD_3,
            CHECKCAST,
            0,
            2,
            ILOAD,
            4,
            INVOKEVIRTUAL,
            m1,
            m2, // 0..14
            GETSTATIC,
            s1,
            s2,
            ASTORE,
            5,
            ALOAD,
            5,
            LCONST_0,
            ALOAD,
            5,
            GETFIELD,
            f1,
            f2,
            ICONST_0,
            INVOKEVIRTUAL,
            m1,
            m2,
            RETURN,
        ];
        let desc = MethodDescriptor::parse("(JLB;I)V").unwrap();
        let entry = entry_frame(false, &desc, 6, None, Origin::This);
        assert_eq!(
            entry.locals[..5],
            [
                Origin::This,
                Origin::Param(0),
                Origin::Unknown,
                Origin::Param(1),
                Origin::Param(2)
            ]
        );
        let found = calls(&class, &code(&body, 6), entry).unwrap();
        let field = |name: &str| Origin::Field {
            owner: "A".into(),
            name: name.into(),
            descriptor: "LB;".into(),
        };
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].receiver, Some(field("f")));
        // Two-slot and primitive arguments have no origin; checkcast keeps it.
        assert_eq!(
            found[0].args,
            [Origin::Unknown, Origin::Param(1), Origin::Unknown]
        );
        let static_s = Origin::StaticField {
            owner: "A".into(),
            name: "s".into(),
            descriptor: "LB;".into(),
        };
        assert_eq!(found[1].receiver, Some(static_s));
        // A field of something other than `this` has no origin.
        assert_eq!(found[1].args[1], Origin::Unknown);
    }

    #[test]
    fn malformed_code_is_a_dataflow_error_at_its_offset() {
        let class = ClassFile::new("A", "java/lang/Object", 0x21, 52).unwrap();
        let desc = MethodDescriptor::parse("()V").unwrap();
        let entry = entry_frame(true, &desc, 0, None, Origin::Unknown);
        let e = calls(&class, &code(&[NOP, POP, RETURN], 0), entry).unwrap_err();
        assert!(
            e.to_string()
                .contains("dataflow: operand stack underflow at offset 1"),
            "{e}"
        );
    }
}
