//! `Hierarchy`: the class hierarchy over a [`ClassSource`], cached for the run — each class
//! is read and summarised at most once, on first use — and member resolution as the JVM
//! specification defines it: method resolution (JVMS §5.4.3.3), interface method
//! resolution (§5.4.3.4) and field resolution (§5.4.3.2).
//!
//! Missing classes (not in any input nor in the JDK) are never fatal: the hierarchy
//! answers from what it knows, names them ([`Hierarchy::missing_supertypes`]), and a
//! resolution that finds nothing while a supertype is missing says which one.
//! Direct subtypes are answered among the classes of the inputs (the JDK is not scanned).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use mimic_classfile::access::{NATIVE, PUBLIC, VARARGS};
use mimic_classfile::ClassFile;
use thiserror::Error;

use crate::info::{ClassInfo, FieldInfo, MethodInfo};
use crate::raw::Unreadable;
use crate::source::ClassSource;

/// Longest superclass chain followed (protects against cyclic class files).
const MAX_CHAIN: usize = 1024;

/// A method found by resolution: the declaring class and the method's index in it.
#[derive(Debug, Clone)]
pub struct ResolvedMethod {
    pub class: Arc<ClassInfo>,
    pub index: usize,
}

impl ResolvedMethod {
    pub fn method(&self) -> &MethodInfo {
        &self.class.methods[self.index]
    }
}

/// A field found by resolution: the declaring class and the field's index in it.
#[derive(Debug, Clone)]
pub struct ResolvedField {
    pub class: Arc<ClassInfo>,
    pub index: usize,
}

impl ResolvedField {
    pub fn field(&self) -> &FieldInfo {
        &self.class.fields[self.index]
    }
}

/// Why a resolution failed (the JVM's `NoClassDefFoundError`, `IncompatibleClassChangeError`
/// and `NoSuchMethodError`/`NoSuchFieldError`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResolutionError {
    #[error("class {0} was not found")]
    MissingClass(String),
    #[error("{0}")]
    IncompatibleClassChange(String),
    #[error("{class} has no member {name}{descriptor}")]
    NoSuchMember {
        class: String,
        name: String,
        descriptor: String,
    },
}

/// The class hierarchy of one run.
pub struct Hierarchy {
    source: ClassSource,
    classes: Mutex<HashMap<String, Option<Arc<ClassInfo>>>>,
    supertypes: Mutex<HashMap<String, Arc<[String]>>>,
    subtypes: OnceLock<HashMap<String, Vec<String>>>,
    problems: Mutex<Vec<Unreadable>>,
}

impl std::fmt::Debug for Hierarchy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hierarchy")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Hierarchy {
    pub fn new(source: ClassSource) -> Hierarchy {
        Hierarchy {
            source,
            classes: Mutex::new(HashMap::new()),
            supertypes: Mutex::new(HashMap::new()),
            subtypes: OnceLock::new(),
            problems: Mutex::new(Vec::new()),
        }
    }

    pub fn source(&self) -> &ClassSource {
        &self.source
    }

    /// Makes a class the caller already summarised known (so it is not read again); a class
    /// already known keeps its first summary.
    pub fn insert(&self, info: Arc<ClassInfo>) {
        lock(&self.classes)
            .entry(info.name.clone())
            .or_insert(Some(info));
    }

    /// The class named `internal`, read on first use; `None` when no input and not the JDK
    /// has it, or it cannot be parsed (then listed in [`Hierarchy::problems`]).
    pub fn class(&self, internal: &str) -> Option<Arc<ClassInfo>> {
        if let Some(known) = lock(&self.classes).get(internal) {
            return known.clone();
        }
        let info = self.source.find(internal).and_then(|found| {
            let parsed = ClassFile::parse(&found.bytes)
                .and_then(|c| ClassInfo::from_class_file(&c, found.origin.clone()));
            match parsed {
                Ok(info) => Some(Arc::new(info)),
                Err(e) => {
                    lock(&self.problems).push(Unreadable {
                        name: found.origin.location,
                        reason: e.to_string(),
                    });
                    None
                }
            }
        });
        lock(&self.classes)
            .entry(internal.to_string())
            .or_insert(info)
            .clone()
    }

    /// Classes found but not parseable, and resources the source could not read.
    pub fn problems(&self) -> Vec<Unreadable> {
        let mut out = lock(&self.problems).clone();
        out.extend(self.source.lookup_problems());
        out
    }

    /// The superclasses of `internal`, nearest first, up to `java/lang/Object` or up to
    /// the first one that is missing (its name is the last element).
    pub fn superclasses(&self, internal: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut current = self.class(internal);
        while let Some(c) = current {
            let Some(s) = &c.super_name else { break };
            if out.len() >= MAX_CHAIN || out.contains(s) {
                break;
            }
            out.push(s.clone());
            current = self.class(s);
        }
        out
    }

    /// Every proper supertype of `internal` (classes and interfaces, transitively), each
    /// once, missing ones included by name but not looked past.
    pub fn supertypes(&self, internal: &str) -> Arc<[String]> {
        if let Some(s) = lock(&self.supertypes).get(internal) {
            return s.clone();
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut todo = vec![internal.to_string()];
        while let Some(n) = todo.pop() {
            if let Some(c) = self.class(&n) {
                for s in c.super_name.iter().chain(&c.interfaces) {
                    if seen.insert(s.clone()) {
                        out.push(s.clone());
                        todo.push(s.clone());
                    }
                }
            }
        }
        let out: Arc<[String]> = out.into();
        lock(&self.supertypes).insert(internal.to_string(), out.clone());
        out
    }

    /// The supertypes of `internal` that no input and not the JDK has.
    pub fn missing_supertypes(&self, internal: &str) -> Vec<String> {
        self.supertypes(internal)
            .iter()
            .filter(|s| self.class(s).is_none())
            .cloned()
            .collect()
    }

    /// `class` is `ancestor` or one of its subtypes (as far as the known classes tell).
    pub fn is_subtype(&self, class: &str, ancestor: &str) -> bool {
        class == ancestor || self.supertypes(class).iter().any(|s| s == ancestor)
    }

    /// The classes of the inputs whose superclass or one of whose interfaces is
    /// `internal`, sorted by name.
    pub fn direct_subtypes(&self, internal: &str) -> Vec<String> {
        let map = self.subtypes.get_or_init(|| {
            let mut map: HashMap<String, Vec<String>> = HashMap::new();
            for i in 0..self.source.len() {
                for name in self.source.names_in_input(i).unwrap_or_default() {
                    let Some(c) = self.class(&name) else { continue };
                    for s in c.super_name.iter().chain(&c.interfaces) {
                        map.entry(s.clone()).or_default().push(c.name.clone());
                    }
                }
            }
            for subs in map.values_mut() {
                subs.sort();
                subs.dedup();
            }
            map
        });
        map.get(internal).cloned().unwrap_or_default()
    }

    fn must_class(&self, internal: &str) -> Result<Arc<ClassInfo>, ResolutionError> {
        self.class(internal)
            .ok_or_else(|| ResolutionError::MissingClass(internal.to_string()))
    }

    /// Method resolution (JVMS §5.4.3.3) of `name descriptor` referenced through class
    /// `class`: the class and its superclasses first (a signature-polymorphic method of
    /// `MethodHandle`/`VarHandle` matches by name), then the maximally-specific
    /// superinterface methods.
    pub fn resolve_method(
        &self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<ResolvedMethod, ResolutionError> {
        let c = self.must_class(class)?;
        if c.is_interface() {
            return Err(ResolutionError::IncompatibleClassChange(format!(
                "{class} is an interface: {name}{descriptor} needs interface method resolution"
            )));
        }
        let mut current = c;
        for _ in 0..MAX_CHAIN {
            if let Some(index) = declared_method(&current, name, descriptor)
                .or_else(|| signature_polymorphic(&current, name))
            {
                return Ok(ResolvedMethod {
                    class: current,
                    index,
                });
            }
            let Some(s) = current.super_name.clone() else {
                break;
            };
            match self.class(&s) {
                Some(k) => current = k,
                // The missing superclass may declare it: say so unless an interface does.
                None => {
                    return self
                        .superinterface_method(class, name, descriptor)
                        .map_err(|_| ResolutionError::MissingClass(s))
                }
            }
        }
        self.superinterface_method(class, name, descriptor)
    }

    /// Interface method resolution (JVMS §5.4.3.4): the interface itself, then the public
    /// instance methods of `java/lang/Object`, then the maximally-specific superinterface
    /// methods.
    pub fn resolve_interface_method(
        &self,
        interface: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<ResolvedMethod, ResolutionError> {
        let c = self.must_class(interface)?;
        if !c.is_interface() {
            return Err(ResolutionError::IncompatibleClassChange(format!(
                "{interface} is not an interface: {name}{descriptor} needs method resolution"
            )));
        }
        if let Some(index) = declared_method(&c, name, descriptor) {
            return Ok(ResolvedMethod { class: c, index });
        }
        if let Some(object) = self.class("java/lang/Object") {
            if let Some(index) = object.methods.iter().position(|m| {
                m.name == name
                    && m.descriptor == descriptor
                    && m.access & PUBLIC != 0
                    && !m.is_static()
            }) {
                return Ok(ResolvedMethod {
                    class: object,
                    index,
                });
            }
        }
        self.superinterface_method(interface, name, descriptor)
    }

    /// Steps 3 of §5.4.3.3 and 4–5 of §5.4.3.4: among the superinterfaces of `class`
    /// declaring a non-private, non-static `name descriptor`, the maximally-specific ones
    /// (no subinterface among the candidates also declares it); exactly one non-abstract
    /// among them wins, else the first maximally-specific one (the specification lets the
    /// JVM choose any).
    fn superinterface_method(
        &self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<ResolvedMethod, ResolutionError> {
        let mut candidates = Vec::new();
        let mut missing = None;
        for s in self.supertypes(class).iter() {
            let Some(i) = self.class(s) else {
                missing.get_or_insert_with(|| s.clone());
                continue;
            };
            if !i.is_interface() {
                continue;
            }
            if let Some(index) = i.methods.iter().position(|m| {
                m.name == name && m.descriptor == descriptor && !m.is_private() && !m.is_static()
            }) {
                candidates.push(ResolvedMethod { class: i, index });
            }
        }
        let maximal: Vec<&ResolvedMethod> = candidates
            .iter()
            .filter(|c| {
                !candidates.iter().any(|other| {
                    other.class.name != c.class.name
                        && self.is_subtype(&other.class.name, &c.class.name)
                })
            })
            .collect();
        let concrete: Vec<&&ResolvedMethod> = maximal
            .iter()
            .filter(|c| !c.method().is_abstract())
            .collect();
        if concrete.len() == 1 {
            return Ok((*concrete[0]).clone());
        }
        if let Some(first) = maximal.first() {
            return Ok((*first).clone());
        }
        Err(match missing {
            Some(m) => ResolutionError::MissingClass(m),
            None => ResolutionError::NoSuchMember {
                class: class.to_string(),
                name: name.to_string(),
                descriptor: descriptor.to_string(),
            },
        })
    }

    /// Field resolution (JVMS §5.4.3.2) of field `name` (of type `descriptor`, or of any
    /// type when `None`) referenced through `class`: the class itself, then its direct
    /// superinterfaces recursively, in order, then its superclass recursively.
    pub fn resolve_field(
        &self,
        class: &str,
        name: &str,
        descriptor: Option<&str>,
    ) -> Result<ResolvedField, ResolutionError> {
        let mut missing = None;
        let mut seen = HashSet::new();
        self.field_lookup(class, name, descriptor, &mut seen, &mut missing)
            .ok_or_else(|| match missing {
                Some(m) => ResolutionError::MissingClass(m),
                None => ResolutionError::NoSuchMember {
                    class: class.to_string(),
                    name: name.to_string(),
                    descriptor: descriptor.unwrap_or("").to_string(),
                },
            })
    }

    fn field_lookup(
        &self,
        class: &str,
        name: &str,
        descriptor: Option<&str>,
        seen: &mut HashSet<String>,
        missing: &mut Option<String>,
    ) -> Option<ResolvedField> {
        if !seen.insert(class.to_string()) {
            return None;
        }
        let Some(c) = self.class(class) else {
            missing.get_or_insert_with(|| class.to_string());
            return None;
        };
        if let Some(index) = c
            .fields
            .iter()
            .position(|f| f.name == name && descriptor.is_none_or(|d| f.descriptor == d))
        {
            return Some(ResolvedField { class: c, index });
        }
        for i in &c.interfaces {
            if let Some(f) = self.field_lookup(i, name, descriptor, seen, missing) {
                return Some(f);
            }
        }
        let s = c.super_name.as_deref()?;
        self.field_lookup(s, name, descriptor, seen, missing)
    }
}

fn declared_method(c: &ClassInfo, name: &str, descriptor: &str) -> Option<usize> {
    c.methods
        .iter()
        .position(|m| m.name == name && m.descriptor == descriptor)
}

/// JVMS §2.9.3: in `MethodHandle` or `VarHandle`, the only method called `name` when it is
/// native, varargs and takes a single `Object[]`.
fn signature_polymorphic(c: &ClassInfo, name: &str) -> Option<usize> {
    if c.name != "java/lang/invoke/MethodHandle" && c.name != "java/lang/invoke/VarHandle" {
        return None;
    }
    let mut named = c.methods.iter().enumerate().filter(|(_, m)| m.name == name);
    let (index, m) = named.next()?;
    if named.next().is_some() {
        return None;
    }
    let polymorphic = m.access & NATIVE != 0
        && m.access & VARARGS != 0
        && m.descriptor.starts_with("([Ljava/lang/Object;)");
    polymorphic.then_some(index)
}
