//! `ClassInfo`: what the analyses know about one class without its code — name, access,
//! superclass and interfaces, fields and methods with their access, descriptors and
//! annotation types, nesting (InnerClasses) and sealing — and where it was read from.
//! The one class summary of the workspace; users that also need code keep the parsed
//! `ClassFile` beside it.

use mimic_classfile::access::*;
use mimic_classfile::annotations::{annotation_names, parameter_annotation_names};
use mimic_classfile::bytes::Reader;
use mimic_classfile::{ClassFile, Member};

use crate::source::ClassOrigin;

/// A field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldInfo {
    pub name: String,
    pub descriptor: String,
    pub access: u16,
    /// Internal names of its annotation types.
    pub annotations: Vec<String>,
}

impl FieldInfo {
    pub fn is_static(&self) -> bool {
        self.access & STATIC != 0
    }
}

/// A method (its code, if any, stays in the class file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodInfo {
    pub name: String,
    pub descriptor: String,
    pub access: u16,
    /// Internal names of its annotation types.
    pub annotations: Vec<String>,
    /// Per parameter, the internal names of its annotation types.
    pub parameter_annotations: Vec<Vec<String>>,
}

impl MethodInfo {
    pub fn is_static(&self) -> bool {
        self.access & STATIC != 0
    }

    pub fn is_abstract(&self) -> bool {
        self.access & ABSTRACT != 0
    }

    pub fn is_private(&self) -> bool {
        self.access & PRIVATE != 0
    }
}

/// One class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassInfo {
    /// Internal name (`com/x/Foo$Bar`).
    pub name: String,
    pub access: u16,
    pub super_name: Option<String>,
    pub interfaces: Vec<String>,
    /// Internal names of its annotation types.
    pub annotations: Vec<String>,
    pub fields: Vec<FieldInfo>,
    pub methods: Vec<MethodInfo>,
    /// Access flags from the class's own InnerClasses entry, if it is nested.
    pub inner_access: Option<u16>,
    /// Anonymous or local class (InnerClasses entry without an outer class or name).
    pub anonymous_or_local: bool,
    /// Has a PermittedSubclasses attribute.
    pub sealed: bool,
    pub origin: ClassOrigin,
}

impl ClassInfo {
    /// Summarises a parsed class. Malformed names, descriptors or InnerClasses are errors;
    /// malformed annotations yield what could be read.
    pub fn from_class_file(
        class: &ClassFile,
        origin: ClassOrigin,
    ) -> mimic_classfile::Result<ClassInfo> {
        let cp = &class.constant_pool;
        let name = class.name()?;
        let fields = class
            .fields
            .iter()
            .map(|f| {
                Ok(FieldInfo {
                    name: f.name(cp)?,
                    descriptor: f.descriptor(cp)?,
                    access: f.access_flags,
                    annotations: annotation_names(&f.attributes, cp),
                })
            })
            .collect::<mimic_classfile::Result<_>>()?;
        let methods = class
            .methods
            .iter()
            .map(|m: &Member| {
                Ok(MethodInfo {
                    name: m.name(cp)?,
                    descriptor: m.descriptor(cp)?,
                    access: m.access_flags,
                    annotations: annotation_names(&m.attributes, cp),
                    parameter_annotations: parameter_annotation_names(&m.attributes, cp),
                })
            })
            .collect::<mimic_classfile::Result<_>>()?;
        let mut inner_access = None;
        let mut anonymous_or_local = false;
        let mut sealed = false;
        for a in &class.attributes {
            if cp.utf8_is(a.name_index, "PermittedSubclasses") {
                sealed = true;
            }
            if !cp.utf8_is(a.name_index, "InnerClasses") {
                continue;
            }
            let mut r = Reader::new(&a.data);
            let n = r.u2("number_of_classes")?;
            for _ in 0..n {
                let inner = r.u2("inner_class_info_index")?;
                let outer = r.u2("outer_class_info_index")?;
                let inner_name = r.u2("inner_name_index")?;
                let flags = r.u2("inner_class_access_flags")?;
                if inner != 0 && cp.class_name(inner)? == name {
                    inner_access = Some(flags);
                    anonymous_or_local = outer == 0 || inner_name == 0;
                }
            }
        }
        Ok(ClassInfo {
            access: class.access_flags,
            super_name: class.super_name()?,
            interfaces: class
                .interfaces
                .iter()
                .map(|i| cp.class_name(*i))
                .collect::<mimic_classfile::Result<_>>()?,
            annotations: annotation_names(&class.attributes, cp),
            fields,
            methods,
            inner_access,
            anonymous_or_local,
            sealed,
            origin,
            name,
        })
    }

    pub fn is_interface(&self) -> bool {
        self.access & INTERFACE != 0
    }

    pub fn is_enum(&self) -> bool {
        self.access & ENUM != 0
    }

    /// Public, neither abstract nor an interface.
    pub fn is_public_concrete(&self) -> bool {
        self.access & PUBLIC != 0 && self.access & (ABSTRACT | INTERFACE) == 0
    }

    /// The method declared here with this name and descriptor.
    pub fn method(&self, name: &str, descriptor: &str) -> Option<&MethodInfo> {
        self.methods
            .iter()
            .find(|m| m.name == name && m.descriptor == descriptor)
    }

    /// A value object, which tests rebuild rather than mock ("don't mock value objects"):
    /// a record, or a final class whose instance fields are all final and which defines
    /// `equals(Object)`.
    pub fn is_value_type(&self) -> bool {
        if self.super_name.as_deref() == Some("java/lang/Record") {
            return true;
        }
        self.access & FINAL != 0
            && self
                .fields
                .iter()
                .all(|f| f.access & STATIC != 0 || f.access & FINAL != 0)
            && self.method("equals", "(Ljava/lang/Object;)Z").is_some()
    }

    /// Package in internal form (`com/x`), empty for the default package.
    pub fn package(&self) -> &str {
        package_of(&self.name)
    }

    /// Visible to code in `package` (internal form): public (and, when nested, not
    /// private or protected outside its package), or package-private in the same package.
    pub fn accessible_from(&self, package: &str) -> bool {
        let same = self.package() == package;
        let own = self.inner_access.unwrap_or(self.access);
        if own & PRIVATE != 0 {
            return false;
        }
        own & PUBLIC != 0 || same
    }
}

/// Package of an internal class name.
pub fn package_of(internal: &str) -> &str {
    internal.rfind('/').map(|i| &internal[..i]).unwrap_or("")
}

/// `com/x/Foo$Bar` → `com.x.Foo$Bar`.
pub fn dotted(internal: &str) -> String {
    internal.replace('/', ".")
}
