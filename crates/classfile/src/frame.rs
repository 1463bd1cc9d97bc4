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

/// The bytecode offsets of the frames of a StackMapTable body (JVMS 4.7.4), without
/// decoding their types: enough to know where the verifier checks the stack.
pub fn stack_map_offsets(data: &[u8]) -> Result<Vec<u32>> {
    use crate::error::ClassFileError;
    let bad = |at: usize| ClassFileError::malformed(at, "truncated StackMapTable");
    let u1 = |at: usize| data.get(at).copied().ok_or_else(|| bad(at));
    let u2 = |at: usize| Ok::<u16, ClassFileError>(u16::from_be_bytes([u1(at)?, u1(at + 1)?]));
    // Skip one verification_type_info; Object and Uninitialized carry a u2.
    let skip_type = |at: usize| {
        Ok::<usize, ClassFileError>(if matches!(u1(at)?, 7 | 8) {
            at + 3
        } else {
            at + 1
        })
    };
    let skip_types = |mut at: usize, n: usize| {
        for _ in 0..n {
            at = skip_type(at)?;
        }
        Ok::<usize, ClassFileError>(at)
    };
    let count = u2(0)?;
    let mut at = 2;
    let mut out = Vec::with_capacity(count as usize);
    let mut previous: Option<u32> = None;
    for _ in 0..count {
        let kind = u1(at)?;
        at += 1;
        let delta = match kind {
            0..=63 => u32::from(kind),
            64..=127 => {
                at = skip_type(at)?;
                u32::from(kind - 64)
            }
            247 => {
                let d = u2(at)?;
                at = skip_type(at + 2)?;
                u32::from(d)
            }
            248..=251 => {
                at += 2;
                u32::from(u2(at - 2)?)
            }
            252..=254 => {
                let d = u2(at)?;
                at = skip_types(at + 2, usize::from(kind - 251))?;
                u32::from(d)
            }
            255 => {
                let d = u2(at)?;
                let locals = u2(at + 2)?;
                at = skip_types(at + 4, usize::from(locals))?;
                let stack = u2(at)?;
                at = skip_types(at + 2, usize::from(stack))?;
                u32::from(d)
            }
            _ => {
                return Err(ClassFileError::malformed(
                    at - 1,
                    format!("stack map frame type {kind}"),
                ))
            }
        };
        let offset = previous.map_or(delta, |p| p + delta + 1);
        out.push(offset);
        previous = Some(offset);
    }
    Ok(out)
}

#[cfg(test)]
mod offsets_tests {
    use super::*;

    #[test]
    fn frame_offsets_follow_the_deltas_of_every_frame_kind() {
        let mut cp = ConstantPool::new();
        let frames = [
            Frame {
                offset: 3,
                locals: vec![VType::Integer],
                stack: vec![
                    VType::Uninitialized(0),
                    VType::Object("java/lang/String".into()),
                ],
            },
            Frame {
                offset: 10,
                locals: vec![],
                stack: vec![],
            },
        ];
        let full = encode_stack_map_table(&frames, &mut cp).unwrap();
        assert_eq!(stack_map_offsets(&full).unwrap(), [3, 10]);
        // same (5), same_locals_1_stack_item (64+2, Integer), chop (248, delta 4),
        // append (252, delta 1, Object #1).
        let compact = [0, 4, 5, 66, 1, 248, 0, 4, 252, 0, 1, 7, 0, 1];
        assert_eq!(stack_map_offsets(&compact).unwrap(), [5, 8, 13, 15]);
        assert!(stack_map_offsets(&[0, 1, 255, 0]).is_err());
    }
}
