//! The hooks an analysis implements: what its abstract values are, what the
//! value-producing instructions make of them, and, optionally, what else it tracks along
//! each path (its [`Interpreter::State`]: an abstract heap, facts established so far).
//! Every instruction hook has a conservative default (`unknown`, state untouched), except
//! [`Interpreter::unknown`], [`Interpreter::merge`] and [`Interpreter::merge_state`].
//!
//! Two-slot values (`long`, `double`) are passed to and returned from hooks as one value
//! (the lower slot); the engine adds and drops the filler slot.
//!
//! Every instruction hook gets the instruction (its `offset` and `opcode` say where and
//! what it is) and the path state before it, to read and update: the engine carries that
//! state with the locals and the stack in each [`crate::Frame`], merges it with
//! [`Interpreter::merge_state`] where paths meet, and iterates until it stops changing.
//! An analysis with nothing to track besides locals and stack uses `type State = ()`.
//! A hook may run several times for one instruction (once per change of its frame); the
//! last run sees the fixpoint frame.

use mimic_classfile::instruction::Instruction;
use mimic_classfile::MemberRef;

/// An abstract interpretation plugged into [`crate::analyze`].
pub trait Interpreter {
    type Value: Clone + PartialEq;

    /// What the analysis tracks along each path besides locals and operand stack
    /// (`()` for nothing).
    type State: Clone + PartialEq;

    /// A value nothing is known about (computed values, fillers, uninitialised locals).
    fn unknown(&mut self) -> Self::Value;

    /// The join of two values meeting at a branch target or handler.
    fn merge(&mut self, a: &Self::Value, b: &Self::Value) -> Self::Value;

    /// The join of two path states meeting at a branch target or handler (`a` is the
    /// state already there, `b` the incoming one).
    fn merge_state(&mut self, a: &Self::State, b: &Self::State) -> Self::State;

    /// A pushed constant (`aconst_null`, `*const_*`, `bipush`, `sipush`, `ldc*`).
    fn constant(&mut self, _insn: &Instruction, _state: &mut Self::State) -> Self::Value {
        self.unknown()
    }

    /// The value a load pushes, given the local's value.
    fn load(
        &mut self,
        _insn: &Instruction,
        _local: &Self::Value,
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// The value a store writes into the local, given the popped value.
    fn store(
        &mut self,
        _insn: &Instruction,
        _value: Self::Value,
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// One operand, one result: negation, conversions, `arraylength`, `instanceof`,
    /// `newarray`/`anewarray` (the count), `iinc` (the local).
    fn unary(
        &mut self,
        _insn: &Instruction,
        _value: &Self::Value,
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// `checkcast`: the value that stays on the stack.
    fn cast(
        &mut self,
        _insn: &Instruction,
        value: Self::Value,
        _state: &mut Self::State,
    ) -> Self::Value {
        value
    }

    /// Two operands, one result: arithmetic, shifts, comparisons, array element loads
    /// (`a` the array, `b` the index).
    fn binary(
        &mut self,
        _insn: &Instruction,
        _a: &Self::Value,
        _b: &Self::Value,
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// Array element store: array, index, value.
    fn array_store(
        &mut self,
        _insn: &Instruction,
        _values: [&Self::Value; 3],
        _state: &mut Self::State,
    ) {
    }

    /// `getfield` (with its receiver) or `getstatic`.
    fn get_field(
        &mut self,
        _insn: &Instruction,
        _field: &MemberRef,
        _receiver: Option<&Self::Value>,
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// `putfield` (with its receiver) or `putstatic`.
    fn put_field(
        &mut self,
        _insn: &Instruction,
        _field: &MemberRef,
        _receiver: Option<&Self::Value>,
        _value: &Self::Value,
        _state: &mut Self::State,
    ) {
    }

    /// `invokevirtual`/`special`/`static`/`interface`: one value per declared parameter;
    /// the result if the method returns one.
    fn invoke(
        &mut self,
        _insn: &Instruction,
        _callee: &MemberRef,
        _receiver: Option<&Self::Value>,
        _args: &[Self::Value],
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// `invokedynamic` with its call-site name and descriptor; the result if the call
    /// site returns one.
    fn invoke_dynamic(
        &mut self,
        _insn: &Instruction,
        _name: &str,
        _descriptor: &str,
        _args: &[Self::Value],
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// `new`.
    fn new_object(&mut self, _insn: &Instruction, _state: &mut Self::State) -> Self::Value {
        self.unknown()
    }

    /// `multianewarray` with its dimension counts.
    fn new_multi_array(
        &mut self,
        _insn: &Instruction,
        _dims: &[Self::Value],
        _state: &mut Self::State,
    ) -> Self::Value {
        self.unknown()
    }

    /// `*return` (with the returned value) and `athrow` (with the exception).
    fn exit(
        &mut self,
        _insn: &Instruction,
        _value: Option<&Self::Value>,
        _state: &mut Self::State,
    ) {
    }

    /// The exception an exception handler starts with.
    fn caught(&mut self, _handler_pc: u32, _catch_type: u16) -> Self::Value {
        self.unknown()
    }

    /// The return address `jsr` pushes.
    fn return_address(&mut self, _insn: &Instruction, _state: &mut Self::State) -> Self::Value {
        self.unknown()
    }
}
