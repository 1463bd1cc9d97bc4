//! Verification types and StackMapTable encoding (JVMS 4.7.4) for code we generate.
//! Every frame is written as a `full_frame`: always valid, simple to check by eye.

use crate::bytes::{len_u16, Writer};
use crate::constant_pool::ConstantPool;
use crate::descriptor::FieldType;
use crate::error::Result;

/// A verification type. Long and Double take two local slots; in `locals` vectors the
/// second slot holds `Top`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VType {
    Top,
    Integer,
    Float,
    Long,
    Double,
    Null,
    UninitializedThis,
    /// A class or array type, named as in Class constants (`java/lang/String`, `[I`).
    Object(String),
    /// The result of `new` at this bytecode offset, before its constructor ran.
    Uninitialized(u16),
}

impl VType {
    /// The verification type of a value of this field type.
    pub fn of(t: &FieldType) -> VType {
        match t {
            FieldType::Boolean
            | FieldType::Byte
            | FieldType::Char
            | FieldType::Short
            | FieldType::Int => VType::Integer,
            FieldType::Float => VType::Float,
            FieldType::Long => VType::Long,
            FieldType::Double => VType::Double,
            FieldType::Object(_) | FieldType::Array(_) => VType::Object(
                t.class_constant_name()
                    .expect("reference type has a class name"),
            ),
        }
    }

    pub fn slots(&self) -> u16 {
        match self {
            VType::Long | VType::Double => 2,
            _ => 1,
        }
    }

    pub fn is_reference(&self) -> bool {
        matches!(
            self,
            VType::Null | VType::Object(_) | VType::Uninitialized(_) | VType::UninitializedThis
        )
    }

    fn write(&self, w: &mut Writer, cp: &mut ConstantPool) -> Result<()> {
        match self {
            VType::Top => w.u1(0),
            VType::Integer => w.u1(1),
            VType::Float => w.u1(2),
            VType::Double => w.u1(3),
            VType::Long => w.u1(4),
            VType::Null => w.u1(5),
            VType::UninitializedThis => w.u1(6),
            VType::Object(name) => {
                w.u1(7);
                w.u2(cp.add_class(name)?);
            }
            VType::Uninitialized(offset) => {
                w.u1(8);
                w.u2(*offset);
            }
        }
        Ok(())
    }
}

/// The frame at one bytecode offset: local slots (with `Top` after wide values) and stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub offset: u16,
    pub locals: Vec<VType>,
    pub stack: Vec<VType>,
}

/// Encode frames (sorted by offset, distinct offsets) as a StackMapTable body.
pub fn encode_stack_map_table(frames: &[Frame], cp: &mut ConstantPool) -> Result<Vec<u8>> {
    let mut w = Writer::default();
    w.u2(len_u16(frames.len(), "stack map frames")?);
    let mut previous: Option<u16> = None;
    for f in frames {
        let delta = match previous {
            None => f.offset,
            Some(p) => f.offset - p - 1,
        };
        previous = Some(f.offset);
        w.u1(255);
        w.u2(delta);
        let locals = compact_locals(&f.locals);
        w.u2(len_u16(locals.len(), "frame locals")?);
        for l in locals {
            l.write(&mut w, cp)?;
        }
        w.u2(len_u16(f.stack.len(), "frame stack")?);
        for s in &f.stack {
            s.write(&mut w, cp)?;
        }
    }
    Ok(w.buf)
}

/// Slot list → frame entries: drop the `Top` after Long/Double and trailing `Top`s.
fn compact_locals(slots: &[VType]) -> Vec<&VType> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < slots.len() {
        out.push(&slots[i]);
        i += slots[i].slots() as usize;
    }
    while matches!(out.last(), Some(VType::Top)) {
        out.pop();
    }
    out
}
