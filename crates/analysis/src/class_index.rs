//! The classes of a classpath and the facts analyses ask about them: hierarchy, fields,
//! methods, kind (enum, interface, sealed, anonymous or local), nesting access, and
//! which classpath entry each came from. Unparseable classes are listed, not fatal.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use mimic_classfile::access::*;
use mimic_classfile::bytes::Reader;
use mimic_classfile::ClassFile;

/// Summary of one field or method.
#[derive(Debug, Clone)]
pub struct MemberInfo {
    pub name: String,
    pub descriptor: String,
    pub access: u16,
}

/// What the index knows about one class.
#[derive(Debug, Clone)]
pub struct ClassInfo {
    /// Internal name (`com/x/Foo$Bar`).
    pub name: String,
    pub access: u16,
    pub super_name: Option<String>,
    pub interfaces: Vec<String>,
    pub fields: Vec<MemberInfo>,
    pub methods: Vec<MemberInfo>,
    /// Index of the classpath entry the class came from (first wins).
    pub entry: usize,
    /// Access flags from the class's own InnerClasses entry, if it is nested.
    pub inner_access: Option<u16>,
    /// Anonymous or local class (InnerClasses entry without an outer class or name).
    pub anonymous_or_local: bool,
    /// Has a PermittedSubclasses attribute.
    pub sealed: bool,
}

impl ClassInfo {
    pub fn is_interface(&self) -> bool {
        self.access & INTERFACE != 0
    }

    pub fn is_enum(&self) -> bool {
        self.access & ENUM != 0
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
            && self
                .methods
                .iter()
                .any(|m| m.name == "equals" && m.descriptor == "(Ljava/lang/Object;)Z")
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

/// A class file that could not be read or parsed.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Unparsed {
    pub file: String,
    pub reason: String,
}

/// All classes of a classpath, with the parsed class files of selected entries kept.
#[derive(Debug, Default)]
pub struct ClassIndex {
    pub entries: Vec<PathBuf>,
    pub classes: HashMap<String, ClassInfo>,
    /// Parsed class files of the entries whose classes are kept (the project entries).
    pub parsed: HashMap<String, ClassFile>,
    pub unparsed: Vec<Unparsed>,
}

impl ClassIndex {
    /// Index every class of `entries`; keep parsed class files for entries where
    /// `keep(entry_index)` is true. Unreadable entries are errors only when no entry
    /// could be read at all; otherwise they are listed in `unparsed`.
    pub fn build(entries: &[PathBuf], keep: impl Fn(usize) -> bool) -> ClassIndex {
        let mut index = ClassIndex {
            entries: entries.to_vec(),
            ..ClassIndex::default()
        };
        for (i, entry) in entries.iter().enumerate() {
            let read = match mimic_classpath::read_classes(entry, false) {
                Ok(r) => r,
                Err(e) => {
                    index.unparsed.push(Unparsed {
                        file: entry.display().to_string(),
                        reason: e.to_string(),
                    });
                    continue;
                }
            };
            for bad in read.unreadable {
                index.unparsed.push(Unparsed {
                    file: location(entry, &bad.name),
                    reason: bad.reason,
                });
            }
            for res in read.classes {
                if res.name.ends_with("module-info.class")
                    || res.name.ends_with("package-info.class")
                {
                    continue;
                }
                let class = match ClassFile::parse(&res.bytes) {
                    Ok(c) => c,
                    Err(e) => {
                        index.unparsed.push(Unparsed {
                            file: location(entry, &res.name),
                            reason: e.to_string(),
                        });
                        continue;
                    }
                };
                match summarise(&class, i) {
                    Ok(info) => {
                        if index.classes.contains_key(&info.name) {
                            continue;
                        }
                        if keep(i) {
                            index.parsed.insert(info.name.clone(), class);
                        }
                        index.classes.insert(info.name.clone(), info);
                    }
                    Err(e) => index.unparsed.push(Unparsed {
                        file: location(entry, &res.name),
                        reason: e.to_string(),
                    }),
                }
            }
        }
        index
    }

    pub fn get(&self, internal: &str) -> Option<&ClassInfo> {
        self.classes.get(internal)
    }

    /// The declared field `name` of `class` or of its closest superclass/interface that
    /// declares it, with the declaring class.
    pub fn find_field(&self, class: &str, name: &str) -> Option<(&ClassInfo, &MemberInfo)> {
        let mut todo = vec![class.to_string()];
        let mut seen = std::collections::HashSet::new();
        while let Some(c) = todo.pop() {
            if !seen.insert(c.clone()) {
                continue;
            }
            let Some(info) = self.get(&c) else { continue };
            if let Some(f) = info.fields.iter().find(|f| f.name == name) {
                return Some((info, f));
            }
            todo.extend(info.interfaces.iter().cloned());
            todo.extend(info.super_name.iter().cloned());
        }
        None
    }

    /// True if `class` is `ancestor` or inherits from it (as far as the index knows).
    pub fn is_subtype(&self, class: &str, ancestor: &str) -> bool {
        let mut todo = vec![class.to_string()];
        let mut seen = std::collections::HashSet::new();
        while let Some(c) = todo.pop() {
            if c == ancestor {
                return true;
            }
            if !seen.insert(c.clone()) {
                continue;
            }
            if let Some(info) = self.get(&c) {
                todo.extend(info.interfaces.iter().cloned());
                todo.extend(info.super_name.iter().cloned());
            }
        }
        false
    }
}

fn location(entry: &Path, name: &str) -> String {
    format!("{}!/{name}", entry.display())
}

fn summarise(class: &ClassFile, entry: usize) -> mimic_classfile::Result<ClassInfo> {
    let cp = &class.constant_pool;
    let name = class.name()?;
    let members = |ms: &[mimic_classfile::Member]| -> mimic_classfile::Result<Vec<MemberInfo>> {
        ms.iter()
            .map(|m| {
                Ok(MemberInfo {
                    name: m.name(cp)?,
                    descriptor: m.descriptor(cp)?,
                    access: m.access_flags,
                })
            })
            .collect()
    };
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
        name,
        access: class.access_flags,
        super_name: class.super_name()?,
        interfaces: class
            .interfaces
            .iter()
            .map(|i| cp.class_name(*i))
            .collect::<mimic_classfile::Result<_>>()?,
        fields: members(&class.fields)?,
        methods: members(&class.methods)?,
        entry,
        inner_access,
        anonymous_or_local,
        sealed,
    })
}
