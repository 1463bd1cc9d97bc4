//! Decoding bytecode into instructions with their operands (JVMS 6.5), never panicking on
//! malformed code: analysis and the call-site rewrite walk methods with it. The operand
//! layout of each opcode comes from the table in [`crate::opcodes`].

use crate::error::{ClassFileError, Result};
use crate::opcodes::*;

/// Operands of one instruction, in the forms analyses need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    None,
    /// Local variable index (loads, stores, `ret`), already widened by `wide`.
    Local(u16),
    /// `iinc`: local index and increment.
    Iinc(u16, i16),
    /// Pushed immediate (`bipush`, `sipush`) or `newarray` type code.
    Immediate(i32),
    /// Constant-pool index (ldc*, field/method refs, new, checkcast, …).
    Pool(u16),
    /// `invokeinterface`: pool index and argument count byte.
    Interface(u16, u8),
    /// `multianewarray`: pool index and dimensions.
    MultiArray(u16, u8),
    /// Absolute branch target.
    Branch(u32),
    /// `tableswitch` / `lookupswitch`: default target and (key, target) pairs.
    Switch {
        default: u32,
        targets: Vec<(i32, u32)>,
    },
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    pub offset: u32,
    pub opcode: u8,
    /// Encoded length in bytes, including any `wide` prefix and switch padding.
    pub length: u32,
    /// True if this instruction was prefixed by `wide` (`opcode` is the widened one).
    pub wide: bool,
    pub operand: Operand,
}

impl Instruction {
    pub fn mnemonic(&self) -> &'static str {
        name(self.opcode).unwrap_or("<undefined>")
    }
}

/// Decode all instructions of a method body.
pub fn decode(code: &[u8]) -> Result<Vec<Instruction>> {
    let mut out = Vec::new();
    let mut pc = 0usize;
    while pc < code.len() {
        let insn = decode_at(code, pc)?;
        pc += insn.length as usize;
        out.push(insn);
    }
    Ok(out)
}

/// The instruction that starts at `offset`, decoding only the instructions before it
/// (`None`: `offset` falls inside one or past the end). A rewrite of one call site
/// looks up its instruction this way, without decoding the whole method into a list.
pub fn at(code: &[u8], offset: u32) -> Result<Option<Instruction>> {
    let mut pc = 0usize;
    while pc < code.len() && pc <= offset as usize {
        let insn = decode_at(code, pc)?;
        if pc == offset as usize {
            return Ok(Some(insn));
        }
        pc += insn.length as usize;
    }
    Ok(None)
}

fn need(code: &[u8], pc: usize, n: usize, op: u8) -> Result<()> {
    if pc + n > code.len() {
        Err(ClassFileError::malformed(
            pc,
            format!(
                "bytecode: {} at {pc} is truncated",
                name(op).unwrap_or("instruction")
            ),
        ))
    } else {
        Ok(())
    }
}

fn u2(code: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([code[at], code[at + 1]])
}

fn i4(code: &[u8], at: usize) -> i32 {
    i32::from_be_bytes([code[at], code[at + 1], code[at + 2], code[at + 3]])
}

fn target(pc: usize, delta: i32, len: usize) -> Result<u32> {
    let t = pc as i64 + delta as i64;
    if t < 0 || t as usize >= len {
        return Err(ClassFileError::malformed(
            pc,
            format!("bytecode: branch at {pc} jumps outside the method (to {t})"),
        ));
    }
    Ok(t as u32)
}

/// Decode the instruction starting at `pc`.
pub fn decode_at(code: &[u8], pc: usize) -> Result<Instruction> {
    let Some(&op) = code.get(pc) else {
        return Err(ClassFileError::malformed(
            pc,
            format!(
                "bytecode: no instruction at {pc} (code is {} bytes)",
                code.len()
            ),
        ));
    };
    let simple = |length: usize, operand: Operand| -> Result<Instruction> {
        need(code, pc, length, op)?;
        Ok(Instruction {
            offset: pc as u32,
            opcode: op,
            length: length as u32,
            wide: false,
            operand,
        })
    };
    let Some(info) = info_of(op) else {
        return Err(ClassFileError::malformed(
            pc,
            format!("bytecode: undefined opcode 0x{op:02x} at {pc}"),
        ));
    };
    match info.operands {
        Operands::None => simple(1, Operand::None),
        Operands::ImplicitLocal => simple(1, implicit_local(op)),
        Operands::Byte if op == BIPUSH => {
            need(code, pc, 2, op)?;
            simple(2, Operand::Immediate(code[pc + 1] as i8 as i32))
        }
        Operands::Byte => {
            need(code, pc, 2, op)?;
            simple(2, Operand::Immediate(code[pc + 1] as i32))
        }
        Operands::Short => {
            need(code, pc, 3, op)?;
            simple(3, Operand::Immediate(u2(code, pc + 1) as i16 as i32))
        }
        Operands::PoolByte => {
            need(code, pc, 2, op)?;
            simple(2, Operand::Pool(code[pc + 1] as u16))
        }
        Operands::Local => {
            need(code, pc, 2, op)?;
            simple(2, Operand::Local(code[pc + 1] as u16))
        }
        Operands::Iinc => {
            need(code, pc, 3, op)?;
            simple(
                3,
                Operand::Iinc(code[pc + 1] as u16, code[pc + 2] as i8 as i16),
            )
        }
        Operands::Pool | Operands::Dynamic => {
            let length = info.operands.fixed_length().unwrap_or(3) as usize;
            need(code, pc, length, op)?;
            simple(length, Operand::Pool(u2(code, pc + 1)))
        }
        Operands::Interface => {
            need(code, pc, 5, op)?;
            simple(5, Operand::Interface(u2(code, pc + 1), code[pc + 3]))
        }
        Operands::MultiArray => {
            need(code, pc, 4, op)?;
            simple(4, Operand::MultiArray(u2(code, pc + 1), code[pc + 3]))
        }
        Operands::Branch => {
            need(code, pc, 3, op)?;
            let t = target(pc, u2(code, pc + 1) as i16 as i32, code.len())?;
            simple(3, Operand::Branch(t))
        }
        Operands::BranchWide => {
            need(code, pc, 5, op)?;
            let t = target(pc, i4(code, pc + 1), code.len())?;
            simple(5, Operand::Branch(t))
        }
        Operands::TableSwitch | Operands::LookupSwitch => {
            let base = (pc + 4) & !3;
            need(code, base, 12, op)?;
            let default = target(pc, i4(code, base), code.len())?;
            let mut targets = Vec::new();
            let end = if op == TABLESWITCH {
                let low = i4(code, base + 4);
                let high = i4(code, base + 8);
                if high < low {
                    return Err(ClassFileError::malformed(
                        pc,
                        format!("bytecode: tableswitch at {pc} has high < low"),
                    ));
                }
                let n = (high as i64 - low as i64 + 1) as usize;
                need(code, base + 12, n.saturating_mul(4), op)?;
                for i in 0..n {
                    targets.push((
                        low.wrapping_add(i as i32),
                        target(pc, i4(code, base + 12 + 4 * i), code.len())?,
                    ));
                }
                base + 12 + 4 * n
            } else {
                let n = i4(code, base + 4);
                if n < 0 {
                    return Err(ClassFileError::malformed(
                        pc,
                        format!("bytecode: lookupswitch at {pc} has negative npairs"),
                    ));
                }
                let n = n as usize;
                need(code, base + 8, n.saturating_mul(8), op)?;
                for i in 0..n {
                    let at = base + 8 + 8 * i;
                    targets.push((i4(code, at), target(pc, i4(code, at + 4), code.len())?));
                }
                base + 8 + 8 * n
            };
            Ok(Instruction {
                offset: pc as u32,
                opcode: op,
                length: (end - pc) as u32,
                wide: false,
                operand: Operand::Switch { default, targets },
            })
        }
        Operands::Wide => {
            need(code, pc, 2, op)?;
            let inner = code[pc + 1];
            let (length, operand) = match info_of(inner).map(|i| i.operands) {
                Some(Operands::Iinc) => {
                    need(code, pc, 6, op)?;
                    (6, Operand::Iinc(u2(code, pc + 2), u2(code, pc + 4) as i16))
                }
                Some(Operands::Local) => {
                    need(code, pc, 4, op)?;
                    (4, Operand::Local(u2(code, pc + 2)))
                }
                _ => {
                    return Err(ClassFileError::malformed(
                        pc,
                        format!("bytecode: wide applied to opcode 0x{inner:02x}"),
                    ));
                }
            };
            Ok(Instruction {
                offset: pc as u32,
                opcode: inner,
                length,
                wide: true,
                operand,
            })
        }
    }
}

/// `iload_0` … `astore_3` carry their local index in the opcode.
fn implicit_local(op: u8) -> Operand {
    match op {
        ILOAD_0..=ALOAD_3 => Operand::Local(((op - ILOAD_0) % 4) as u16),
        ISTORE_0..=ASTORE_3 => Operand::Local(((op - ISTORE_0) % 4) as u16),
        _ => Operand::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `at` finds what `decode` lists at the same offset, and nothing between
    /// instructions or past the end.
    #[test]
    fn the_instruction_at_an_offset_is_the_one_decode_lists() {
        let code = switch_code();
        let all = decode(&code).unwrap();
        for offset in 0..code.len() as u32 + 2 {
            let listed = all.iter().find(|i| i.offset == offset).cloned();
            assert_eq!(at(&code, offset).unwrap(), listed, "offset {offset}");
        }
    }

    /// 0: iload_1; 1: tableswitch (pad to 4) default +19, low 0, high 0, +19; 20: return
    fn switch_code() -> Vec<u8> {
        let mut code = vec![0x1b, TABLESWITCH, 0, 0];
        code.extend_from_slice(&19i32.to_be_bytes());
        code.extend_from_slice(&0i32.to_be_bytes());
        code.extend_from_slice(&0i32.to_be_bytes());
        code.extend_from_slice(&19i32.to_be_bytes());
        code.push(RETURN);
        code
    }

    #[test]
    fn decodes_switches_wide_and_branches() {
        let code = switch_code();
        let insns = decode(&code).unwrap();
        assert_eq!(insns.len(), 3);
        assert_eq!(insns[0].operand, Operand::Local(1));
        assert_eq!(insns[1].length, 19);
        assert_eq!(
            insns[1].operand,
            Operand::Switch {
                default: 20,
                targets: vec![(0, 20)]
            }
        );
        let wide = decode(&[WIDE, IINC, 1, 0, 0xff, 0xff, RETURN]).unwrap();
        assert_eq!(wide[0].operand, Operand::Iinc(256, -1));
        assert!(decode(&[GOTO, 0x7f, 0]).is_err());
        assert!(decode(&[0xfe]).is_err());
        assert!(decode(&[SIPUSH, 1]).is_err());
    }

    #[test]
    fn every_fixed_length_opcode_decodes_to_its_table_length() {
        for info in TABLE.iter() {
            let Some(length) = info.operands.fixed_length() else {
                continue;
            };
            // Operand bytes of zero: branch offsets of 0 jump to the instruction itself.
            let mut code = vec![info.opcode];
            code.resize(length as usize, 0);
            let insn = decode_at(&code, 0).unwrap();
            assert_eq!(insn.length, length, "{}", info.mnemonic);
            assert_eq!(insn.mnemonic(), info.mnemonic);
            if length > 1 {
                assert!(decode_at(&code[..length as usize - 1], 0).is_err());
            }
        }
        assert!(decode_at(&[], 0).is_err());
        assert!(decode_at(&[WIDE, NOP, 0, 0], 0).is_err());
    }
}
