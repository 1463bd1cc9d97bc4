//! An assembler for the code mimic generates: typed emit methods, labels and branches,
//! exception handlers, and automatic `max_stack`, `max_locals` and StackMapTable frames.
//!
//! Frames come from tracking verification types while emitting, in one forward pass:
//! every emit method knows its stack effect. That is enough for generated code, which is
//! written in order and whose locals keep their types inside a try range. Errors are
//! sticky: emit methods never fail, [`CodeBuilder::finish`] reports the first problem.

use std::collections::BTreeMap;

use crate::class_file::Attribute;
use crate::code::{CodeAttribute, ExceptionHandler};
use crate::constant_pool::ConstantPool;
use crate::descriptor::{FieldType, MethodDescriptor};
use crate::error::{ClassFileError, Result};
use crate::frame::{encode_stack_map_table, Frame, VType};
use crate::opcodes::*;

/// A position in the code, bound once with [`CodeBuilder::bind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label(usize);

/// The four invoke instructions that take a method reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invoke {
    Static,
    Virtual,
    Special,
    Interface,
}

/// Conditions for single-operand branches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cond {
    /// `ifeq`: int is zero.
    Zero,
    /// `ifne`: int is not zero.
    NonZero,
    /// `ifnull`.
    Null,
    /// `ifnonnull`.
    NonNull,
}

#[derive(Clone)]
struct State {
    locals: Vec<VType>,
    stack: Vec<VType>,
}

#[derive(Default)]
struct LabelInfo {
    offset: Option<u16>,
    /// Locals when the label was bound (used for the frames of handlers covering it).
    locals_at_bind: Option<Vec<VType>>,
    /// Merged state of all jumps seen so far / the frame once bound.
    incoming: Option<State>,
    is_target: bool,
}

struct Handler {
    start: Label,
    end: Label,
    handler: Label,
    catch_type: Option<String>,
}

/// Builds one method body. Borrow the class's constant pool while building.
pub struct CodeBuilder<'a> {
    cp: &'a mut ConstantPool,
    code: Vec<u8>,
    state: State,
    reachable: bool,
    max_stack: u16,
    max_locals: u16,
    labels: Vec<LabelInfo>,
    fixups: Vec<(usize, usize, Label)>,
    handlers: Vec<Handler>,
    frames: BTreeMap<u16, Frame>,
    error: Option<ClassFileError>,
}

impl<'a> CodeBuilder<'a> {
    /// Start a body for a method of `class` (internal name) with this descriptor.
    pub fn for_method(
        cp: &'a mut ConstantPool,
        class: &str,
        is_static: bool,
        descriptor: &MethodDescriptor,
    ) -> Self {
        let mut locals = Vec::new();
        if !is_static {
            locals.push(VType::Object(class.to_string()));
        }
        for p in &descriptor.params {
            push_slot(&mut locals, VType::of(p));
        }
        let max_locals = locals.len() as u16;
        CodeBuilder {
            cp,
            code: Vec::new(),
            state: State {
                locals,
                stack: Vec::new(),
            },
            reachable: true,
            max_stack: 0,
            max_locals,
            labels: Vec::new(),
            fixups: Vec::new(),
            handlers: Vec::new(),
            frames: BTreeMap::new(),
            error: None,
        }
    }

    /// Next free local slot.
    pub fn next_local(&self) -> u16 {
        self.state.locals.len() as u16
    }

    /// Current bytecode offset.
    pub fn offset(&self) -> usize {
        self.code.len()
    }

    /// The constant pool, for callers that need extra constants.
    pub fn constant_pool(&mut self) -> &mut ConstantPool {
        self.cp
    }

    fn fail(&mut self, message: String) {
        if self.error.is_none() {
            self.error = Some(ClassFileError::rewrite(format!("assembler: {message}")));
        }
    }

    fn pool<T>(&mut self, r: Result<T>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                if self.error.is_none() {
                    self.error = Some(e);
                }
                None
            }
        }
    }

    fn before_emit(&mut self) {
        if !self.reachable {
            self.fail(format!("unreachable code at offset {}", self.code.len()));
        }
    }

    fn push(&mut self, t: VType) {
        self.state.stack.push(t);
        let depth: u16 = self.state.stack.iter().map(VType::slots).sum();
        self.max_stack = self.max_stack.max(depth);
    }

    fn pop(&mut self) -> VType {
        match self.state.stack.pop() {
            Some(t) => t,
            None => {
                self.fail(format!(
                    "operand stack underflow at offset {}",
                    self.code.len()
                ));
                VType::Top
            }
        }
    }

    fn pop_n(&mut self, n: usize) {
        for _ in 0..n {
            self.pop();
        }
    }

    fn u1(&mut self, b: u8) {
        self.code.push(b);
    }

    fn u2(&mut self, v: u16) {
        self.code.extend_from_slice(&v.to_be_bytes());
    }

    /// Emit an opcode with a local index, using the short or `wide` form as needed.
    fn local_op(&mut self, base: u8, short_base: u8, slot: u16) {
        if slot <= 3 {
            self.u1(short_base + slot as u8);
        } else if slot <= 255 {
            self.u1(base);
            self.u1(slot as u8);
        } else {
            self.u1(WIDE);
            self.u1(base);
            self.u2(slot);
        }
    }

    /// Load a local of the given type.
    pub fn load(&mut self, t: &FieldType, slot: u16) -> &mut Self {
        self.before_emit();
        let vt = VType::of(t);
        let (base, short) = match vt {
            VType::Integer => (ILOAD, 0x1a),
            VType::Long => (LLOAD, 0x1e),
            VType::Float => (FLOAD, 0x22),
            VType::Double => (DLOAD, 0x26),
            _ => (ALOAD, 0x2a),
        };
        let actual = self.state.locals.get(slot as usize).cloned();
        let ok = match (&vt, &actual) {
            (VType::Object(_), Some(a)) => a.is_reference(),
            (want, Some(a)) => want == a,
            (_, None) => false,
        };
        if !ok {
            self.fail(format!(
                "load of {t:?} from local {slot} holding {actual:?}"
            ));
        }
        self.local_op(base, short, slot);
        // Keep the more precise type the local holds.
        let pushed = if vt.is_reference() {
            actual.unwrap_or(vt)
        } else {
            vt
        };
        self.push(pushed);
        self
    }

    /// Store the top of stack into a local of the given type.
    pub fn store(&mut self, t: &FieldType, slot: u16) -> &mut Self {
        self.before_emit();
        let vt = VType::of(t);
        let (base, short) = match vt {
            VType::Integer => (ISTORE, 0x3b),
            VType::Long => (LSTORE, 0x3f),
            VType::Float => (FSTORE, 0x43),
            VType::Double => (DSTORE, 0x47),
            _ => (ASTORE, 0x4b),
        };
        let value = self.pop();
        self.local_op(base, short, slot);
        let stored = if vt.is_reference() { value } else { vt };
        let slots = stored.slots();
        let end = slot as usize + slots as usize;
        while self.state.locals.len() < end {
            self.state.locals.push(VType::Top);
        }
        // A wide value overwritten in its second half loses its first half.
        if slot > 0
            && matches!(
                self.state.locals[slot as usize - 1],
                VType::Long | VType::Double
            )
        {
            self.state.locals[slot as usize - 1] = VType::Top;
        }
        self.state.locals[slot as usize] = stored;
        if slots == 2 {
            self.state.locals[slot as usize + 1] = VType::Top;
        }
        self.max_locals = self.max_locals.max(end as u16);
        self
    }

    /// Push an int constant with the shortest instruction.
    pub fn push_int(&mut self, v: i32) -> &mut Self {
        self.before_emit();
        match v {
            -1..=5 => self.u1((ICONST_0 as i32 + v) as u8),
            -128..=127 => {
                self.u1(BIPUSH);
                self.u1(v as i8 as u8);
            }
            -32768..=32767 => {
                self.u1(SIPUSH);
                self.u2(v as i16 as u16);
            }
            _ => {
                let r = self.cp.add_integer(v);
                if let Some(i) = self.pool(r) {
                    self.ldc(i);
                }
            }
        }
        self.push(VType::Integer);
        self
    }

    pub fn push_long(&mut self, v: i64) -> &mut Self {
        self.before_emit();
        if v == 0 || v == 1 {
            self.u1(LCONST_0 + v as u8);
        } else {
            let r = self.cp.add_long(v);
            if let Some(i) = self.pool(r) {
                self.u1(LDC2_W);
                self.u2(i);
            }
        }
        self.push(VType::Long);
        self
    }

    pub fn push_float(&mut self, v: f32) -> &mut Self {
        self.before_emit();
        if v.to_bits() == 0f32.to_bits() {
            self.u1(FCONST_0);
        } else if v == 1.0 {
            self.u1(FCONST_1);
        } else if v == 2.0 {
            self.u1(FCONST_2);
        } else {
            let r = self.cp.add_float(v);
            if let Some(i) = self.pool(r) {
                self.ldc(i);
            }
        }
        self.push(VType::Float);
        self
    }

    pub fn push_double(&mut self, v: f64) -> &mut Self {
        self.before_emit();
        if v.to_bits() == 0f64.to_bits() {
            self.u1(DCONST_0);
        } else if v == 1.0 {
            self.u1(DCONST_1);
        } else {
            let r = self.cp.add_double(v);
            if let Some(i) = self.pool(r) {
                self.u1(LDC2_W);
                self.u2(i);
            }
        }
        self.push(VType::Double);
        self
    }

    pub fn push_string(&mut self, s: &str) -> &mut Self {
        self.before_emit();
        let r = self.cp.add_string(s);
        if let Some(i) = self.pool(r) {
            self.ldc(i);
        }
        self.push(VType::Object("java/lang/String".into()));
        self
    }

    fn ldc(&mut self, index: u16) {
        if index <= 255 {
            self.u1(LDC);
            self.u1(index as u8);
        } else {
            self.u1(LDC_W);
            self.u2(index);
        }
    }

    pub fn aconst_null(&mut self) -> &mut Self {
        self.before_emit();
        self.u1(ACONST_NULL);
        self.push(VType::Null);
        self
    }

    /// Any invoke except `invokedynamic`. `interface_owner` selects InterfaceMethodref.
    pub fn invoke(
        &mut self,
        kind: Invoke,
        owner: &str,
        name: &str,
        descriptor: &str,
        interface_owner: bool,
    ) -> &mut Self {
        self.before_emit();
        let Some(desc) = self.pool(MethodDescriptor::parse(descriptor)) else {
            return self;
        };
        let r = self
            .cp
            .add_method_ref(owner, name, descriptor, interface_owner);
        let Some(index) = self.pool(r) else {
            return self;
        };
        let opcode = match kind {
            Invoke::Static => INVOKESTATIC,
            Invoke::Virtual => INVOKEVIRTUAL,
            Invoke::Special => INVOKESPECIAL,
            Invoke::Interface => INVOKEINTERFACE,
        };
        self.u1(opcode);
        self.u2(index);
        if kind == Invoke::Interface {
            self.u1((desc.param_slots() + 1) as u8);
            self.u1(0);
        }
        self.pop_n(desc.params.len());
        if kind != Invoke::Static {
            let receiver = self.pop();
            if name == "<init>" {
                self.initialize(&receiver, owner);
            }
        }
        if let Some(r) = &desc.ret {
            self.push(VType::of(r));
        }
        self
    }

    /// After a constructor call every copy of the uninitialized value becomes `owner`.
    fn initialize(&mut self, receiver: &VType, owner: &str) {
        let init = match receiver {
            VType::Uninitialized(_) => VType::Object(owner.to_string()),
            VType::UninitializedThis => match self.state.locals.first() {
                Some(VType::UninitializedThis) | None => VType::Object(owner.to_string()),
                Some(other) => other.clone(),
            },
            _ => return,
        };
        for v in self
            .state
            .stack
            .iter_mut()
            .chain(self.state.locals.iter_mut())
        {
            if v == receiver {
                *v = init.clone();
            }
        }
    }

    fn field(
        &mut self,
        opcode: u8,
        owner: &str,
        name: &str,
        descriptor: &str,
    ) -> Option<FieldType> {
        self.before_emit();
        let t = self.pool(FieldType::parse(descriptor))?;
        let r = self.cp.add_field_ref(owner, name, descriptor);
        let index = self.pool(r)?;
        self.u1(opcode);
        self.u2(index);
        Some(t)
    }

    pub fn get_static(&mut self, owner: &str, name: &str, descriptor: &str) -> &mut Self {
        if let Some(t) = self.field(GETSTATIC, owner, name, descriptor) {
            self.push(VType::of(&t));
        }
        self
    }

    pub fn put_static(&mut self, owner: &str, name: &str, descriptor: &str) -> &mut Self {
        if self.field(PUTSTATIC, owner, name, descriptor).is_some() {
            self.pop();
        }
        self
    }

    pub fn get_field(&mut self, owner: &str, name: &str, descriptor: &str) -> &mut Self {
        if let Some(t) = self.field(GETFIELD, owner, name, descriptor) {
            self.pop();
            self.push(VType::of(&t));
        }
        self
    }

    pub fn put_field(&mut self, owner: &str, name: &str, descriptor: &str) -> &mut Self {
        if self.field(PUTFIELD, owner, name, descriptor).is_some() {
            self.pop_n(2);
        }
        self
    }

    /// `new class`: pushes an uninitialized reference; follow with `dup` and `<init>`.
    pub fn new_object(&mut self, class: &str) -> &mut Self {
        self.before_emit();
        let at = self.code.len() as u16;
        let r = self.cp.add_class(class);
        if let Some(i) = self.pool(r) {
            self.u1(NEW);
            self.u2(i);
        }
        self.push(VType::Uninitialized(at));
        self
    }

    /// Pop a length, push a new array of `element`.
    pub fn new_array(&mut self, element: &FieldType) -> &mut Self {
        self.before_emit();
        self.pop();
        let code = match element {
            FieldType::Boolean => Some(T_BOOLEAN),
            FieldType::Char => Some(T_CHAR),
            FieldType::Float => Some(T_FLOAT),
            FieldType::Double => Some(T_DOUBLE),
            FieldType::Byte => Some(T_BYTE),
            FieldType::Short => Some(T_SHORT),
            FieldType::Int => Some(T_INT),
            FieldType::Long => Some(T_LONG),
            _ => None,
        };
        match code {
            Some(c) => {
                self.u1(NEWARRAY);
                self.u1(c);
            }
            None => {
                let name = element.class_constant_name().unwrap_or_default();
                let r = self.cp.add_class(&name);
                if let Some(i) = self.pool(r) {
                    self.u1(ANEWARRAY);
                    self.u2(i);
                }
            }
        }
        self.push(VType::of(&FieldType::Array(Box::new(element.clone()))));
        self
    }

    /// Store into an array of `element`: pops array, index, value.
    pub fn array_store(&mut self, element: &FieldType) -> &mut Self {
        self.before_emit();
        let op = match element {
            FieldType::Int => IASTORE,
            FieldType::Long => IASTORE + 1,
            FieldType::Float => IASTORE + 2,
            FieldType::Double => IASTORE + 3,
            FieldType::Object(_) | FieldType::Array(_) => AASTORE,
            FieldType::Boolean | FieldType::Byte => AASTORE + 1,
            FieldType::Char => AASTORE + 2,
            FieldType::Short => SASTORE,
        };
        self.u1(op);
        self.pop_n(3);
        self
    }

    /// Duplicate the top value, whatever its size (`dup` or `dup2`).
    pub fn dup_value(&mut self) -> &mut Self {
        self.before_emit();
        let top = self.pop();
        self.u1(if top.slots() == 2 { DUP2 } else { DUP });
        self.push(top.clone());
        self.push(top);
        self
    }

    /// Discard the top value, whatever its size (`pop` or `pop2`).
    pub fn pop_value(&mut self) -> &mut Self {
        self.before_emit();
        let top = self.pop();
        self.u1(if top.slots() == 2 { POP2 } else { POP });
        self
    }

    pub fn checkcast(&mut self, class: &str) -> &mut Self {
        self.before_emit();
        let r = self.cp.add_class(class);
        if let Some(i) = self.pool(r) {
            self.u1(CHECKCAST);
            self.u2(i);
        }
        self.pop();
        self.push(VType::Object(class.to_string()));
        self
    }

    /// An instruction without operands, given its stack effect. For arithmetic and such.
    pub fn simple(&mut self, opcode: u8, pops: usize, pushes: Option<VType>) -> &mut Self {
        self.before_emit();
        self.u1(opcode);
        self.pop_n(pops);
        if let Some(t) = pushes {
            self.push(t);
        }
        self
    }

    /// Box a primitive on top of the stack into its wrapper; references are left alone.
    pub fn box_value(&mut self, t: &FieldType) -> &mut Self {
        if let Some(wrapper) = t.box_class() {
            let descriptor = format!("({})L{wrapper};", t.descriptor());
            self.invoke(Invoke::Static, wrapper, "valueOf", &descriptor, false);
        }
        self
    }

    pub fn athrow(&mut self) -> &mut Self {
        self.before_emit();
        self.u1(ATHROW);
        self.pop();
        self.reachable = false;
        self
    }

    /// Return a value of the type (`None`: `return` from a void method).
    pub fn return_value(&mut self, t: Option<&FieldType>) -> &mut Self {
        self.before_emit();
        let op = match t.map(VType::of) {
            None => RETURN,
            Some(VType::Integer) => IRETURN,
            Some(VType::Long) => LRETURN,
            Some(VType::Float) => FRETURN,
            Some(VType::Double) => DRETURN,
            Some(_) => ARETURN,
        };
        self.u1(op);
        if t.is_some() {
            self.pop();
        }
        self.reachable = false;
        self
    }

    pub fn new_label(&mut self) -> Label {
        self.labels.push(LabelInfo::default());
        Label(self.labels.len() - 1)
    }

    /// Record that control reaches `label` with `state`.
    fn flow_to(&mut self, label: Label, state: State) {
        let info = &mut self.labels[label.0];
        info.is_target = true;
        if let Some(offset) = info.offset {
            // Backward jump: the label's frame is fixed; the jump must agree with it.
            let bound = info.incoming.clone().unwrap_or_else(|| state.clone());
            match merge(&bound, &state) {
                Ok(m) if m.locals == bound.locals && m.stack == bound.stack => {
                    self.frames.insert(
                        offset,
                        Frame {
                            offset,
                            locals: bound.locals,
                            stack: bound.stack,
                        },
                    );
                }
                _ => self.fail(format!(
                    "backward jump to label {} with a different frame",
                    label.0
                )),
            }
            return;
        }
        let merged = match info.incoming.take() {
            None => Ok(state),
            Some(existing) => merge(&existing, &state),
        };
        match merged {
            Ok(m) => info.incoming = Some(m),
            Err(e) => self.fail(e),
        }
    }

    fn branch(&mut self, opcode: u8, label: Label) {
        let at = self.code.len();
        self.u1(opcode);
        self.fixups.push((self.code.len(), at, label));
        self.u2(0);
        let state = self.state.clone();
        self.flow_to(label, state);
    }

    pub fn goto(&mut self, label: Label) -> &mut Self {
        self.before_emit();
        self.branch(GOTO, label);
        self.reachable = false;
        self
    }

    /// Pop one value and jump to `label` if `cond` holds.
    pub fn if_(&mut self, cond: Cond, label: Label) -> &mut Self {
        self.before_emit();
        self.pop();
        let op = match cond {
            Cond::Zero => IFEQ,
            Cond::NonZero => IFNE,
            Cond::Null => IFNULL,
            Cond::NonNull => IFNONNULL,
        };
        self.branch(op, label);
        self
    }

    /// Protect `[start, end)` with a handler catching `catch_type` (`None`: everything).
    /// Declare before binding `handler`; `start` must be bound before `handler`.
    pub fn try_catch(
        &mut self,
        start: Label,
        end: Label,
        handler: Label,
        catch_type: Option<&str>,
    ) -> &mut Self {
        self.labels[handler.0].is_target = true;
        self.handlers.push(Handler {
            start,
            end,
            handler,
            catch_type: catch_type.map(str::to_string),
        });
        self
    }

    /// Bind `label` to the current offset.
    pub fn bind(&mut self, label: Label) -> &mut Self {
        let offset = self.code.len() as u16;
        if self.labels[label.0].offset.is_some() {
            self.fail(format!("label {} bound twice", label.0));
            return self;
        }
        // Handlers starting here: the frame is the locals at their try start, stack = [exception].
        let handled: Vec<(Label, String)> = self
            .handlers
            .iter()
            .filter(|h| h.handler == label)
            .map(|h| {
                (
                    h.start,
                    h.catch_type
                        .clone()
                        .unwrap_or_else(|| "java/lang/Throwable".into()),
                )
            })
            .collect();
        for (start, exception) in handled {
            match self.labels[start.0].locals_at_bind.clone() {
                Some(locals) => self.flow_to(
                    label,
                    State {
                        locals,
                        stack: vec![VType::Object(exception)],
                    },
                ),
                None => self.fail(format!(
                    "handler label {} bound before its try start",
                    label.0
                )),
            }
        }
        if self.reachable {
            let state = self.state.clone();
            if self.labels[label.0].is_target {
                self.flow_to(label, state);
            }
        }
        let info = &mut self.labels[label.0];
        info.offset = Some(offset);
        match info.incoming.clone() {
            Some(frame) => {
                self.state = frame.clone();
                self.reachable = true;
                let depth: u16 = frame.stack.iter().map(VType::slots).sum();
                self.max_stack = self.max_stack.max(depth);
                self.frames.insert(
                    offset,
                    Frame {
                        offset,
                        locals: frame.locals,
                        stack: frame.stack,
                    },
                );
            }
            None if self.reachable => {
                // Not a target yet; a later backward jump may make it one with this frame.
                self.labels[label.0].incoming = Some(self.state.clone());
            }
            None => {}
        }
        self.labels[label.0].locals_at_bind = Some(self.state.locals.clone());
        self
    }

    /// Resolve branches and produce the Code attribute (with a StackMapTable when any
    /// frame is needed and `emit_frames` is set, i.e. class version 50 or later).
    pub fn finish(mut self, emit_frames: bool) -> Result<CodeAttribute> {
        if self.reachable && !self.code.is_empty() {
            self.fail("code falls off the end of the method".into());
        }
        for (pos, at, label) in std::mem::take(&mut self.fixups) {
            match self.labels[label.0].offset {
                Some(target) => match i16::try_from(target as i64 - at as i64) {
                    Ok(d) => self.code[pos..pos + 2].copy_from_slice(&d.to_be_bytes()),
                    Err(_) => self.fail(format!("branch at {at} is out of 16-bit range")),
                },
                None => self.fail(format!("label {} is used but never bound", label.0)),
            }
        }
        let mut exception_table = Vec::new();
        for h in std::mem::take(&mut self.handlers) {
            let offsets = (
                self.labels[h.start.0].offset,
                self.labels[h.end.0].offset,
                self.labels[h.handler.0].offset,
            );
            let (Some(start_pc), Some(end_pc), Some(handler_pc)) = offsets else {
                self.fail("a try/catch label is never bound".into());
                continue;
            };
            let catch_type = match &h.catch_type {
                None => 0,
                Some(c) => self.cp.add_class(c)?,
            };
            exception_table.push(ExceptionHandler {
                start_pc,
                end_pc,
                handler_pc,
                catch_type,
            });
        }
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.code.len() >= 65536 {
            return Err(ClassFileError::rewrite(
                "generated code is longer than 65535 bytes",
            ));
        }
        let mut attributes = Vec::new();
        if emit_frames && !self.frames.is_empty() {
            let frames: Vec<Frame> = self.frames.into_values().collect();
            let data = encode_stack_map_table(&frames, self.cp)?;
            let name_index = self.cp.add_utf8("StackMapTable")?;
            attributes.push(Attribute { name_index, data });
        }
        Ok(CodeAttribute {
            max_stack: self.max_stack,
            max_locals: self.max_locals,
            code: self.code,
            exception_table,
            attributes,
        })
    }
}

fn push_slot(locals: &mut Vec<VType>, t: VType) {
    let wide = t.slots() == 2;
    locals.push(t);
    if wide {
        locals.push(VType::Top);
    }
}

/// Merge two states reaching the same label.
fn merge(a: &State, b: &State) -> std::result::Result<State, String> {
    if a.stack.len() != b.stack.len() {
        return Err(format!(
            "stack heights differ at a join ({} vs {})",
            a.stack.len(),
            b.stack.len()
        ));
    }
    let mut stack = Vec::with_capacity(a.stack.len());
    for (x, y) in a.stack.iter().zip(&b.stack) {
        stack.push(match merge_type(x, y) {
            Some(t) => t,
            None => return Err(format!("stack types {x:?} and {y:?} differ at a join")),
        });
    }
    let n = a.locals.len().min(b.locals.len());
    let mut locals: Vec<VType> = (0..n)
        .map(|i| merge_type(&a.locals[i], &b.locals[i]).unwrap_or(VType::Top))
        .collect();
    // A wide value whose second half was lost is no longer usable.
    for i in 0..locals.len() {
        if matches!(locals[i], VType::Long | VType::Double)
            && locals.get(i + 1) != Some(&VType::Top)
        {
            locals[i] = VType::Top;
        }
    }
    if matches!(locals.last(), Some(VType::Long | VType::Double)) {
        locals.pop();
    }
    Ok(State { locals, stack })
}

fn merge_type(x: &VType, y: &VType) -> Option<VType> {
    if x == y {
        return Some(x.clone());
    }
    match (x, y) {
        (VType::Null, VType::Object(_)) => Some(y.clone()),
        (VType::Object(_), VType::Null) => Some(x.clone()),
        (VType::Object(_), VType::Object(_)) => Some(VType::Object("java/lang/Object".into())),
        _ => None,
    }
}
