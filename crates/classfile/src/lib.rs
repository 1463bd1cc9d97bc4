//! JVM class files: parse, write back byte for byte, decode instructions, assemble new code.
//!
//! Hand-written rather than built on `ristretto_classfile`: that crate re-encodes every
//! attribute it decodes, and 0.31 writes some StackMapTable `offset_delta`s one higher
//! than read (see `docs/architecture.md`). Here attributes stay raw bytes unless a
//! rewrite touches them, so an unmodified class is written back identically by
//! construction, and only the frames of code we generate are ever encoded.
//!
//! Layers, bottom up: [`bytes`] and [`mutf8`] (encodings), [`constant_pool`],
//! [`class_file`] (the container), [`code`], [`instruction`] and [`descriptor`]
//! (decoding), [`frame`] and [`assembler`] (generating code), [`annotations`].
//! This crate knows nothing of JVMTI, jars, the trace store, probes or mutation operators:
//! transformations live in `mimic-rewrite`, policies in their callers.

pub mod access;
pub mod annotations;
pub mod assembler;
pub mod bootstrap;
pub mod bytes;
pub mod class_file;
pub mod code;
pub mod constant_pool;
pub mod descriptor;
pub mod error;
pub mod frame;
pub mod instruction;
pub mod mutf8;
pub mod opcodes;
pub mod parameters;

pub use class_file::{Attribute, ClassFile, Member};
pub use code::CodeAttribute;
pub use constant_pool::{Constant, ConstantPool, MemberRef};
pub use descriptor::{FieldType, MethodDescriptor};
pub use error::{ClassFileError, Result};
