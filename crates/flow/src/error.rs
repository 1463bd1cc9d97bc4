//! The typed errors of the dataflow engine: malformed code is reported with the bytecode
//! offset where it was found, never by a panic.

use mimic_classfile::ClassFileError;

/// Why a method body could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlowError {
    /// The bytes do not decode into instructions.
    #[error("undecodable bytecode: {0}")]
    Decode(#[from] ClassFileError),
    #[error("operand stack underflow at offset {offset}")]
    StackUnderflow { offset: u32 },
    #[error("local {local} at offset {offset} is beyond max_locals {max_locals}")]
    BadLocal {
        offset: u32,
        local: u16,
        max_locals: usize,
    },
    #[error("code falls off the end at offset {offset}")]
    FallsOffEnd { offset: u32 },
    #[error("jump from offset {offset} into the middle of an instruction at {target}")]
    BadTarget { offset: u32, target: u32 },
    #[error("stack heights {first} and {second} meet at offset {offset}")]
    HeightMismatch {
        offset: u32,
        first: usize,
        second: usize,
    },
    /// A constant-pool entry or descriptor the instruction needs is missing or malformed.
    #[error("bad constant at offset {offset}: {why}")]
    BadConstant { offset: u32, why: String },
    #[error("dataflow does not converge (at offset {offset})")]
    NoConvergence { offset: u32 },
}

impl FlowError {
    /// The bytecode offset the error names (0 for decode errors, which carry their own).
    pub fn offset(&self) -> u32 {
        match self {
            FlowError::Decode(_) => 0,
            FlowError::StackUnderflow { offset }
            | FlowError::BadLocal { offset, .. }
            | FlowError::FallsOffEnd { offset }
            | FlowError::BadTarget { offset, .. }
            | FlowError::HeightMismatch { offset, .. }
            | FlowError::BadConstant { offset, .. }
            | FlowError::NoConvergence { offset } => *offset,
        }
    }
}
