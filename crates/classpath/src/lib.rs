//! The one class source and class hierarchy of the workspace.
//!
//! - [`resource`]: the naming rules (multi-release layers, `module-info`/`package-info`
//!   skipped), decided in one place.
//! - [`ClassSource`] ([`source`]): the classes of class directories and jars ([`container`])
//!   followed by the JDK's own classes ([`jdk`]), read lazily; an input named twice is
//!   read once; unreadable resources are reported, never fatal.
//! - [`ClassInfo`] ([`info`]): the one class summary (members, access, annotations,
//!   nesting) the analyses share.
//! - [`Hierarchy`] ([`hierarchy`]): supertypes, subtypes, and method, interface-method and
//!   field resolution (JVMS §5.4.3), cached per run.
//! - [`raw`]: every stored class file of one jar or directory, as bytes, and copying a jar
//!   while replacing entries (for byte-level tools).

pub mod container;
pub mod error;
pub mod hierarchy;
pub mod info;
pub mod jdk;
pub mod raw;
pub mod resource;
pub mod source;

pub use container::{InputClasses, SourceClass};
pub use error::ClasspathError;
pub use hierarchy::{Hierarchy, ResolutionError, ResolvedField, ResolvedMethod};
pub use info::{dotted, package_of, ClassInfo, FieldInfo, MethodInfo};
pub use jdk::JdkImage;
pub use raw::{
    is_class_resource, read_classes, rewrite_jar, ClassResource, EntryClasses, Unreadable,
};
pub use source::{ClassOrigin, ClassSource, FoundClass};
