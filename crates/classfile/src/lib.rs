//! JVM class files: parse, write back byte for byte, assemble new code, rewrite methods.
//!
//! Hand-written rather than built on `ristretto_classfile`: that crate re-encodes every
//! attribute it decodes, and 0.31 writes some StackMapTable `offset_delta`s one higher
//! than read (see `docs/architecture.md`). Here attributes stay raw bytes unless a
//! rewrite touches them, so an unmodified class is written back identically by
//! construction, and only the frames of code we generate are ever encoded.
//!
//! Layers, bottom up: [`bytes`] and [`mutf8`] (encodings), [`constant_pool`],
//! [`class_file`] (the container), [`code`], [`instruction`] and [`descriptor`]
//! (decoding), [`frame`] and [`assembler`] (generating code), [`probe`] (the probe ABI the
//! rewrites call), [`rewrite`] (method wrapping, call-site bridging, body replacement).
//! This crate knows nothing of JVMTI, jars or the trace store.

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
pub mod probe;
pub mod rewrite;

pub use class_file::{Attribute, ClassFile, Member};
pub use code::CodeAttribute;
pub use constant_pool::{Constant, ConstantPool, MemberRef};
pub use descriptor::{FieldType, MethodDescriptor};
pub use error::{ClassFileError, Result};
