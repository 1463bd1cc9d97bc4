//! The classes of a classpath as target selection sees them: every class of the entries,
//! summarised once ([`ClassInfo`], from `mimic-classpath`), the parsed class files of the
//! entries whose code is analysed, and the class hierarchy ([`Hierarchy`], which also
//! reaches the JDK's own classes) for subtype and field questions. Reading, multi-release
//! selection and `module-info` skipping are `mimic-classpath`'s; unparseable classes are
//! listed here, not fatal.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use mimic_classfile::access::{ABSTRACT, NATIVE};
use mimic_classfile::ClassFile;
pub use mimic_classpath::{dotted, package_of, ClassInfo, FieldInfo};
use mimic_classpath::{ClassOrigin, ClassSource, Hierarchy};
use mimic_diagnostic::Diagnostic;

/// A class file that could not be read or parsed: mimic's one diagnostic type (severity
/// `skipped`: the class is left out of the analysis, the rest goes on).
pub type Unparsed = Diagnostic;

/// All classes of a classpath, with the parsed class files of selected entries kept.
#[derive(Debug)]
pub struct ClassIndex {
    pub entries: Vec<PathBuf>,
    /// Every class of the entries by internal name (the first entry holding it wins);
    /// `ClassInfo::origin.input` is the entry's index.
    pub classes: HashMap<String, Arc<ClassInfo>>,
    /// Parsed class files of the entries whose classes are kept (the project entries).
    pub parsed: HashMap<String, ClassFile>,
    pub unparsed: Vec<Unparsed>,
    hierarchy: Hierarchy,
}

impl ClassIndex {
    /// Index every class of `entries`; keep parsed class files for entries where
    /// `keep(entry_index)` is true. Unreadable entries and classes are listed in
    /// `unparsed`; an entry named twice is read once.
    pub fn build(entries: &[PathBuf], keep: impl Fn(usize) -> bool) -> ClassIndex {
        let source = ClassSource::for_running_jdk(entries);
        let mut classes: HashMap<String, Arc<ClassInfo>> = HashMap::new();
        let mut parsed = HashMap::new();
        let mut unparsed = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            let read = match source.read_input(i) {
                Ok(r) => r,
                Err(e) => {
                    unparsed.push(
                        Diagnostic::skipped(e.to_string()).in_file(entry.display().to_string()),
                    );
                    continue;
                }
            };
            for bad in read.unreadable {
                unparsed.push(
                    Diagnostic::skipped(bad.reason)
                        .in_file(entry.display().to_string())
                        .at_entry(bad.name),
                );
            }
            for res in read.classes {
                let origin = ClassOrigin {
                    input: Some(i),
                    location: location(entry, &res.stored),
                };
                let summary = ClassFile::parse(&res.bytes).and_then(|class| {
                    Ok((ClassInfo::from_class_file(&class, origin.clone())?, class))
                });
                match summary {
                    Ok((info, class)) => {
                        if classes.contains_key(&info.name) {
                            continue;
                        }
                        if keep(i) {
                            parsed.insert(info.name.clone(), class);
                        }
                        classes.insert(info.name.clone(), Arc::new(info));
                    }
                    Err(e) => unparsed.push(
                        Diagnostic::skipped(e.to_string())
                            .in_file(entry.display().to_string())
                            .at_entry(res.stored.clone()),
                    ),
                }
            }
        }
        let hierarchy = Hierarchy::new(source);
        for info in classes.values() {
            hierarchy.insert(info.clone());
        }
        ClassIndex {
            entries: entries.to_vec(),
            classes,
            parsed,
            unparsed,
            hierarchy,
        }
    }

    /// A class of the entries (never one of the JDK's).
    pub fn get(&self, internal: &str) -> Option<&ClassInfo> {
        self.classes.get(internal).map(|c| &**c)
    }

    /// The hierarchy over the entries and the JDK.
    pub fn hierarchy(&self) -> &Hierarchy {
        &self.hierarchy
    }

    /// The field `name` that a reference through `class` resolves to (JVMS §5.4.3.2),
    /// with its declaring class, when that class is one of the entries'.
    pub fn find_field(&self, class: &str, name: &str) -> Option<(&ClassInfo, &FieldInfo)> {
        let resolved = self.hierarchy.resolve_field(class, name, None).ok()?;
        let declaring = self.get(&resolved.class.name)?;
        Some((declaring, &declaring.fields[resolved.index]))
    }

    /// The parsed class file and method index that `owner.name descriptor` resolves to,
    /// searching superclasses among the parsed classes; only a method with code (not
    /// abstract, not native).
    pub fn method_with_code(
        &self,
        owner: &str,
        name: &str,
        descriptor: &str,
    ) -> Option<(&ClassFile, usize)> {
        let mut current = owner.to_string();
        for _ in 0..32 {
            let class = self.parsed.get(&current)?;
            if let Some(i) = class.find_method(name, descriptor) {
                let m = &class.methods[i];
                return (!m.has_flag(ABSTRACT) && !m.has_flag(NATIVE)).then_some((class, i));
            }
            current = self.get(&current)?.super_name.clone()?;
        }
        None
    }

    /// True if `class` is `ancestor` or inherits from it (as far as the entries and the
    /// JDK tell).
    pub fn is_subtype(&self, class: &str, ancestor: &str) -> bool {
        self.hierarchy.is_subtype(class, ancestor)
    }
}

fn location(entry: &Path, name: &str) -> String {
    format!("{}!/{name}", entry.display())
}
