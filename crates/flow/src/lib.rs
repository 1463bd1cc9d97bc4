//! `mimic-flow`: the one bytecode dataflow engine of mimic, in the style of ASM's
//! `Analyzer` + `Interpreter` (`org.objectweb.asm.tree.analysis`). The engine ([`analyze`])
//! owns the JVM instruction semantics — how every opcode moves values between the locals
//! and the operand stack, branches, switches, exception-handler edges, subroutines, merging
//! at join points until a fixpoint — and an [`Interpreter`] says only what its abstract
//! values are, what the few value-producing instructions make of them, and, if it needs
//! one, what path state it carries along besides locals and stack (an abstract heap,
//! say: [`Interpreter::State`], held in each [`Frame`] and merged by the engine).
//! Analyses on it: `mimic-analysis`'s origins of call arguments, `mimic-mocks`' mock
//! detection.
//!
//! It never loads classes: everything it needs comes from the method's code and its own
//! class's constant pool.
//!
//! Written by hand: no maintained Rust crate offers a JVM bytecode dataflow framework.

mod engine;
mod error;
mod frame;
mod interpreter;

pub use engine::{analyze, Analysis};
pub use error::FlowError;
pub use frame::Frame;
pub use interpreter::Interpreter;

#[cfg(test)]
mod tests;
