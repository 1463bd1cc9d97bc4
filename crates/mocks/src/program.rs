//! The test code under analysis: every class of the given test jars/directories, parsed
//! once, with its annotations, methods and bootstrap methods; the class hierarchy (test
//! classes first, then supertypes looked up lazily on the `--classpath`); and method and
//! field resolution. Only these classes are ever analysed: production classes on the
//! classpath are consulted for supertypes only, so mocks never flow into them.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use mimic_classfile::{access, ClassFile, CodeAttribute};
use serde::Serialize;

use crate::annotations::{annotation_types, parameter_annotation_types};
use crate::lambda::{bootstrap_methods, Bootstrap};

/// Something that could not be read or analysed, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// File, jar entry, class or method.
    pub location: String,
    pub message: String,
}

/// A method of a test-code class.
#[derive(Debug)]
pub struct MethodInfo {
    pub name: String,
    pub descriptor: String,
    pub access: u16,
    pub annotations: Vec<String>,
    pub parameter_annotations: Vec<Vec<String>>,
    pub code: Option<CodeAttribute>,
}

impl MethodInfo {
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }
}

/// A field of a test-code class.
#[derive(Debug)]
pub struct FieldInfo {
    pub name: String,
    pub descriptor: String,
    pub access: u16,
    pub annotations: Vec<String>,
}

/// One class of the test code.
#[derive(Debug)]
pub struct ClassInfo {
    pub name: String,
    pub super_name: Option<String>,
    pub interfaces: Vec<String>,
    pub access: u16,
    pub annotations: Vec<String>,
    pub fields: Vec<FieldInfo>,
    pub methods: Vec<MethodInfo>,
    pub file: ClassFile,
    pub bootstraps: Vec<Bootstrap>,
    /// Where it was read from (`tests.jar!com/x/FooTest.class`).
    pub origin: String,
}

impl ClassInfo {
    pub fn is_public_concrete(&self) -> bool {
        self.access & access::PUBLIC != 0
            && self.access & (access::ABSTRACT | access::INTERFACE) == 0
    }
}

/// Global method identity: index into [`Program::methods`].
pub type MethodId = u32;

/// Supertypes of a class found on the classpath.
type Supers = Option<(Option<String>, Vec<String>)>;

/// The loaded test code plus lazy access to the classpath for supertypes.
pub struct Program {
    pub classes: Vec<ClassInfo>,
    by_name: HashMap<String, usize>,
    /// (class index, method index) of every method.
    pub methods: Vec<(u32, u32)>,
    first_method: Vec<u32>,
    by_signature: HashMap<(String, String), Vec<MethodId>>,
    classpath: Vec<PathBuf>,
    jars: RefCell<HashMap<PathBuf, Option<zip::ZipArchive<File>>>>,
    external: RefCell<HashMap<String, Supers>>,
    ancestors: RefCell<HashMap<String, std::rc::Rc<Vec<String>>>>,
    pub problems: Vec<Problem>,
}

impl Program {
    /// Reads every class of `inputs` (jars or class directories). Unreadable inputs,
    /// entries and classes are recorded in `problems`; the rest is still loaded.
    pub fn load(inputs: &[PathBuf], classpath: &[PathBuf]) -> Program {
        let mut classes = Vec::new();
        let mut problems = Vec::new();
        let mut seen = HashSet::new();
        for input in inputs {
            let entry = match mimic_classpath::read_classes(input, false) {
                Ok(e) => e,
                Err(e) => {
                    problems.push(Problem {
                        location: input.display().to_string(),
                        message: e.to_string(),
                    });
                    continue;
                }
            };
            for u in entry.unreadable {
                problems.push(Problem {
                    location: format!("{}!{}", input.display(), u.name),
                    message: u.reason,
                });
            }
            for res in entry.classes {
                let origin = format!("{}!{}", input.display(), res.name);
                match parse_class(&res.bytes, origin.clone(), &mut problems) {
                    Ok(c) => {
                        if seen.insert(c.name.clone()) {
                            classes.push(c);
                        } else {
                            problems.push(Problem {
                                location: origin,
                                message: format!("duplicate class {}; first one kept", c.name),
                            });
                        }
                    }
                    Err(message) => problems.push(Problem {
                        location: origin,
                        message,
                    }),
                }
            }
        }
        Program::from_classes(classes, classpath, problems)
    }

    fn from_classes(
        classes: Vec<ClassInfo>,
        classpath: &[PathBuf],
        problems: Vec<Problem>,
    ) -> Program {
        let mut by_name = HashMap::new();
        let mut methods = Vec::new();
        let mut first_method = Vec::new();
        let mut by_signature: HashMap<(String, String), Vec<MethodId>> = HashMap::new();
        for (ci, c) in classes.iter().enumerate() {
            by_name.insert(c.name.clone(), ci);
            first_method.push(methods.len() as u32);
            for (mi, m) in c.methods.iter().enumerate() {
                by_signature
                    .entry((m.name.clone(), m.descriptor.clone()))
                    .or_default()
                    .push(methods.len() as MethodId);
                methods.push((ci as u32, mi as u32));
            }
        }
        Program {
            classes,
            by_name,
            methods,
            first_method,
            by_signature,
            classpath: classpath.to_vec(),
            jars: RefCell::new(HashMap::new()),
            external: RefCell::new(HashMap::new()),
            ancestors: RefCell::new(HashMap::new()),
            problems,
        }
    }

    pub fn class(&self, name: &str) -> Option<&ClassInfo> {
        self.by_name.get(name).map(|&i| &self.classes[i])
    }

    pub fn class_index(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    pub fn is_test_code(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    pub fn method_id(&self, class: usize, method: usize) -> MethodId {
        self.first_method[class] + method as u32
    }

    pub fn method(&self, id: MethodId) -> (&ClassInfo, &MethodInfo) {
        let (c, m) = self.methods[id as usize];
        let class = &self.classes[c as usize];
        (class, &class.methods[m as usize])
    }

    /// Superclass and interfaces of `name`, from the test code or the classpath.
    fn supers(&self, name: &str) -> Supers {
        if let Some(c) = self.class(name) {
            return Some((c.super_name.clone(), c.interfaces.clone()));
        }
        if let Some(s) = self.external.borrow().get(name) {
            return s.clone();
        }
        let found = self.read_external(name);
        self.external
            .borrow_mut()
            .insert(name.to_string(), found.clone());
        found
    }

    fn read_external(&self, name: &str) -> Supers {
        let entry_name = format!("{name}.class");
        for cp in &self.classpath {
            let bytes = if cp.is_dir() {
                std::fs::read(cp.join(&entry_name)).ok()
            } else {
                let mut jars = self.jars.borrow_mut();
                let archive = jars.entry(cp.clone()).or_insert_with(|| {
                    File::open(cp)
                        .ok()
                        .and_then(|f| zip::ZipArchive::new(f).ok())
                });
                archive.as_mut().and_then(|a| {
                    let mut e = a.by_name(&entry_name).ok()?;
                    let mut bytes = Vec::new();
                    e.read_to_end(&mut bytes).ok()?;
                    Some(bytes)
                })
            };
            if let Some(bytes) = bytes {
                if let Ok(c) = ClassFile::parse(&bytes) {
                    let cp = &c.constant_pool;
                    let interfaces = c
                        .interfaces
                        .iter()
                        .filter_map(|&i| cp.class_name(i).ok())
                        .collect();
                    return Some((c.super_name().ok().flatten(), interfaces));
                }
            }
        }
        None
    }

    /// Every known proper supertype of `name` (classes and interfaces, transitively).
    pub fn ancestors(&self, name: &str) -> std::rc::Rc<Vec<String>> {
        if let Some(a) = self.ancestors.borrow().get(name) {
            return a.clone();
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut todo = vec![name.to_string()];
        while let Some(n) = todo.pop() {
            if let Some((sup, ifaces)) = self.supers(&n) {
                for s in sup.into_iter().chain(ifaces) {
                    if seen.insert(s.clone()) {
                        out.push(s.clone());
                        todo.push(s);
                    }
                }
            }
        }
        let rc = std::rc::Rc::new(out);
        self.ancestors
            .borrow_mut()
            .insert(name.to_string(), rc.clone());
        rc
    }

    pub fn is_subtype(&self, name: &str, of: &str) -> bool {
        name == of || self.ancestors(name).iter().any(|a| a == of)
    }

    /// The test-code method a non-virtual call (`invokestatic`, `invokespecial`) reaches:
    /// declared in `owner` or inherited from a test-code superclass.
    pub fn resolve_direct(&self, owner: &str, name: &str, desc: &str) -> Option<MethodId> {
        let mut current = Some(owner.to_string());
        let mut steps = 0;
        while let Some(c) = current {
            let ci = self.class_index(&c)?;
            let class = &self.classes[ci];
            if let Some(mi) = class
                .methods
                .iter()
                .position(|m| m.name == name && m.descriptor == desc)
            {
                return Some(self.method_id(ci, mi));
            }
            current = class.super_name.clone();
            steps += 1;
            if steps > 256 {
                return None;
            }
        }
        None
    }

    /// The test-code methods a virtual call may reach: the inherited declaration plus
    /// every override in a test-code subtype of `owner` (class-hierarchy analysis).
    pub fn resolve_virtual(&self, owner: &str, name: &str, desc: &str) -> Vec<MethodId> {
        let mut out: Vec<MethodId> = self.resolve_direct(owner, name, desc).into_iter().collect();
        if let Some(candidates) = self.by_signature.get(&(name.to_string(), desc.to_string())) {
            for &id in candidates {
                let (class, method) = self.method(id);
                if method.access & access::ABSTRACT != 0 || out.contains(&id) {
                    continue;
                }
                if class.name != owner && self.is_subtype(&class.name, owner) {
                    out.push(id);
                }
            }
        }
        out
    }

    /// The class declaring field `name` as seen from `owner` (walking test-code superclasses).
    pub fn field_declarer<'a>(&'a self, owner: &'a str, name: &str) -> &'a str {
        let mut current = owner;
        for _ in 0..256 {
            let Some(class) = self.class(current) else {
                return owner;
            };
            if class.fields.iter().any(|f| f.name == name) {
                return &class.name;
            }
            match &class.super_name {
                Some(s) => current = s,
                None => return owner,
            }
        }
        owner
    }
}

fn parse_class(
    bytes: &[u8],
    origin: String,
    problems: &mut Vec<Problem>,
) -> Result<ClassInfo, String> {
    let file = ClassFile::parse(bytes).map_err(|e| e.to_string())?;
    let cp = &file.constant_pool;
    let name = file.name().map_err(|e| e.to_string())?;
    let super_name = file.super_name().map_err(|e| e.to_string())?;
    let interfaces = file
        .interfaces
        .iter()
        .map(|&i| cp.class_name(i).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut fields = Vec::new();
    for f in &file.fields {
        fields.push(FieldInfo {
            name: f.name(cp).map_err(|e| e.to_string())?,
            descriptor: f.descriptor(cp).map_err(|e| e.to_string())?,
            access: f.access_flags,
            annotations: annotation_types(&f.attributes, cp),
        });
    }
    let mut methods = Vec::new();
    for m in &file.methods {
        let mname = m.name(cp).map_err(|e| e.to_string())?;
        let descriptor = m.descriptor(cp).map_err(|e| e.to_string())?;
        let code = match m
            .attribute(cp, "Code")
            .map(|a| CodeAttribute::parse(&a.data, cp))
        {
            Some(Ok(code)) => Some(code),
            Some(Err(e)) => {
                problems.push(Problem {
                    location: format!("{origin}: {name}.{mname}{descriptor}"),
                    message: format!("unreadable Code attribute, method skipped: {e}"),
                });
                None
            }
            None => None,
        };
        methods.push(MethodInfo {
            annotations: annotation_types(&m.attributes, cp),
            parameter_annotations: parameter_annotation_types(&m.attributes, cp),
            name: mname,
            descriptor,
            access: m.access_flags,
            code,
        });
    }
    Ok(ClassInfo {
        annotations: annotation_types(&file.attributes, cp),
        bootstraps: bootstrap_methods(&file),
        name,
        super_name,
        interfaces,
        access: file.access_flags,
        fields,
        methods,
        file,
        origin,
    })
}

/// Loads classes already in memory (tests and tools); `origin` names them in problems.
pub fn program_from_bytes(classes: &[(String, Vec<u8>)], classpath: &[PathBuf]) -> Program {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (origin, bytes) in classes {
        match parse_class(bytes, origin.clone(), &mut problems) {
            Ok(c) => out.push(c),
            Err(message) => problems.push(Problem {
                location: origin.clone(),
                message,
            }),
        }
    }
    Program::from_classes(out, classpath, problems)
}

/// True when `path` looks like a jar or directory we can read.
pub fn is_readable_input(path: &Path) -> bool {
    path.is_dir() || path.is_file()
}
