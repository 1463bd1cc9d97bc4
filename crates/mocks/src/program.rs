//! The test code under analysis: every class of the given test jars/directories, parsed
//! once, with its code and bootstrap methods beside the shared [`ClassInfo`] summary; and
//! the questions the analysis asks of the class hierarchy (supertypes, subtypes, which
//! test-code methods a call reaches, which class declares a field), answered by
//! `mimic-classpath`'s [`Hierarchy`] over the test code, then the `--classpath`, then the
//! JDK's own classes. Only the test classes are ever analysed: production classes are
//! consulted for supertypes only, so mocks never flow into them.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use mimic_classfile::bootstrap::{bootstrap_methods, BootstrapMethod};
use mimic_classfile::{access, ClassFile, CodeAttribute};
use mimic_classpath::{ClassInfo, ClassOrigin, ClassSource, Hierarchy, MethodInfo};
use mimic_diagnostic::Diagnostic;

/// Something that could not be read or analysed, and where: mimic's one diagnostic type.
pub type Problem = Diagnostic;

/// An error at `location`: `file!entry` (a class in a jar or directory) or a name.
pub(crate) fn problem_at(location: &str, message: impl Into<String>) -> Diagnostic {
    let d = Diagnostic::error(message);
    match location.split_once('!') {
        Some((file, entry)) => d.in_file(file).at_entry(entry),
        None => d.in_file(location),
    }
}

/// A method of a test-code class: its summary (by `Deref`) and its code.
#[derive(Debug)]
pub struct TestMethod {
    pub info: MethodInfo,
    pub code: Option<CodeAttribute>,
}

impl Deref for TestMethod {
    type Target = MethodInfo;
    fn deref(&self) -> &MethodInfo {
        &self.info
    }
}

/// One class of the test code: its summary (by `Deref`, shared with the hierarchy), its
/// methods with their code (same order as the summary's), the parsed class file and its
/// bootstrap methods.
#[derive(Debug)]
pub struct TestClass {
    pub info: Arc<ClassInfo>,
    pub methods: Vec<TestMethod>,
    pub file: ClassFile,
    pub bootstraps: Vec<BootstrapMethod>,
}

impl Deref for TestClass {
    type Target = ClassInfo;
    fn deref(&self) -> &ClassInfo {
        &self.info
    }
}

/// Global method identity: index into [`Program::methods`].
pub type MethodId = u32;

/// The loaded test code plus the hierarchy it lives in.
pub struct Program {
    pub classes: Vec<TestClass>,
    by_name: HashMap<String, usize>,
    /// (class index, method index) of every method.
    pub methods: Vec<(u32, u32)>,
    first_method: Vec<u32>,
    by_signature: HashMap<(String, String), Vec<MethodId>>,
    hierarchy: Hierarchy,
    ancestors: RefCell<HashMap<String, Rc<Vec<String>>>>,
    pub problems: Vec<Problem>,
}

impl Program {
    /// Reads every class of `inputs` (jars or class directories; an input named twice is
    /// read once). Unreadable inputs, entries and classes are recorded in `problems`; the
    /// rest is still loaded.
    pub fn load(inputs: &[PathBuf], classpath: &[PathBuf]) -> Program {
        let all: Vec<PathBuf> = inputs.iter().chain(classpath).cloned().collect();
        let source = ClassSource::for_running_jdk(&all);
        let mut classes = Vec::new();
        let mut problems = Vec::new();
        let mut seen = HashSet::new();
        for (i, input) in inputs.iter().enumerate() {
            let entry = match source.read_input(i) {
                Ok(e) => e,
                Err(e) => {
                    problems.push(problem_at(&input.display().to_string(), e.to_string()));
                    continue;
                }
            };
            for u in entry.unreadable {
                problems.push(
                    Diagnostic::error(u.reason)
                        .in_file(input.display().to_string())
                        .at_entry(u.name),
                );
            }
            for res in entry.classes {
                let origin = ClassOrigin {
                    input: Some(i),
                    location: format!("{}!{}", input.display(), res.stored),
                };
                match parse_class(&res.bytes, origin.clone(), &mut problems) {
                    Ok(c) => {
                        if seen.insert(c.name.clone()) {
                            classes.push(c);
                        } else {
                            let mut d = problem_at(
                                &origin.location,
                                format!("duplicate class {}; first one kept", c.name),
                            );
                            d.severity = mimic_diagnostic::Severity::Warning;
                            problems.push(d);
                        }
                    }
                    Err(message) => problems.push(problem_at(&origin.location, message)),
                }
            }
        }
        Program::from_classes(classes, Hierarchy::new(source), problems)
    }

    fn from_classes(
        classes: Vec<TestClass>,
        hierarchy: Hierarchy,
        problems: Vec<Problem>,
    ) -> Program {
        let mut by_name = HashMap::new();
        let mut methods = Vec::new();
        let mut first_method = Vec::new();
        let mut by_signature: HashMap<(String, String), Vec<MethodId>> = HashMap::new();
        for (ci, c) in classes.iter().enumerate() {
            hierarchy.insert(c.info.clone());
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
            hierarchy,
            ancestors: RefCell::new(HashMap::new()),
            problems,
        }
    }

    /// The hierarchy of the test code, the classpath and the JDK.
    pub fn hierarchy(&self) -> &Hierarchy {
        &self.hierarchy
    }

    pub fn class(&self, name: &str) -> Option<&TestClass> {
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

    pub fn method(&self, id: MethodId) -> (&TestClass, &TestMethod) {
        let (c, m) = self.methods[id as usize];
        let class = &self.classes[c as usize];
        (class, &class.methods[m as usize])
    }

    /// Every known proper supertype of `name` (classes and interfaces, transitively), from
    /// the hierarchy; kept here as an `Rc` for the call-site cache that shares it.
    pub fn ancestors(&self, name: &str) -> Rc<Vec<String>> {
        if let Some(a) = self.ancestors.borrow().get(name) {
            return a.clone();
        }
        let rc = Rc::new(self.hierarchy.supertypes(name).to_vec());
        self.ancestors
            .borrow_mut()
            .insert(name.to_string(), rc.clone());
        rc
    }

    pub fn is_subtype(&self, name: &str, of: &str) -> bool {
        name == of || self.ancestors(name).iter().any(|a| a == of)
    }

    /// The test-code method a call through `owner` resolves to (JVMS §5.4.3.3 or, for an
    /// interface, §5.4.3.4): what a non-virtual call (`invokestatic`, `invokespecial`)
    /// reaches, and the inherited declaration of a virtual one. `None` when it resolves
    /// outside the test code or not at all.
    pub fn resolve_direct(&self, owner: &str, name: &str, desc: &str) -> Option<MethodId> {
        let owner_class = self.hierarchy.class(owner)?;
        let resolved = if owner_class.is_interface() {
            self.hierarchy.resolve_interface_method(owner, name, desc)
        } else {
            self.hierarchy.resolve_method(owner, name, desc)
        }
        .ok()?;
        let ci = self.class_index(&resolved.class.name)?;
        Some(self.method_id(ci, resolved.index))
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

    /// The test-code class declaring the field `name` a reference through `owner`
    /// resolves to (JVMS §5.4.3.2); `owner` itself when it resolves outside the test code
    /// or not at all.
    pub fn field_declarer<'a>(&'a self, owner: &'a str, name: &str) -> &'a str {
        self.hierarchy
            .resolve_field(owner, name, None)
            .ok()
            .and_then(|f| self.class(&f.class.name))
            .map_or(owner, |c| c.name.as_str())
    }
}

fn parse_class(
    bytes: &[u8],
    origin: ClassOrigin,
    problems: &mut Vec<Problem>,
) -> Result<TestClass, String> {
    let file = ClassFile::parse(bytes).map_err(|e| e.to_string())?;
    let info = ClassInfo::from_class_file(&file, origin).map_err(|e| e.to_string())?;
    let cp = &file.constant_pool;
    let methods = file
        .methods
        .iter()
        .zip(&info.methods)
        .map(|(m, summary)| {
            let code = match m
                .attribute(cp, "Code")
                .map(|a| CodeAttribute::parse(&a.data, cp))
            {
                Some(Ok(code)) => Some(code),
                Some(Err(e)) => {
                    problems.push(
                        problem_at(
                            &info.origin.location,
                            format!("unreadable Code attribute, method skipped: {e}"),
                        )
                        .in_class(info.name.replace('/', "."))
                        .in_method(&summary.name, &summary.descriptor),
                    );
                    None
                }
                None => None,
            };
            TestMethod {
                info: summary.clone(),
                code,
            }
        })
        .collect();
    let bootstraps = bootstrap_methods(&file).unwrap_or_else(|e| {
        problems.push(problem_at(
            &info.origin.location,
            format!("unreadable BootstrapMethods attribute, lambdas not followed: {e}"),
        ));
        Vec::new()
    });
    Ok(TestClass {
        info: Arc::new(info),
        methods,
        file,
        bootstraps,
    })
}

/// Loads classes already in memory (tests and tools); `origin` names them in problems.
pub fn program_from_bytes(classes: &[(String, Vec<u8>)], classpath: &[PathBuf]) -> Program {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (origin, bytes) in classes {
        let class_origin = ClassOrigin {
            input: None,
            location: origin.clone(),
        };
        match parse_class(bytes, class_origin, &mut problems) {
            Ok(c) => out.push(c),
            Err(message) => problems.push(problem_at(origin, message)),
        }
    }
    let hierarchy = Hierarchy::new(ClassSource::for_running_jdk(classpath));
    Program::from_classes(out, hierarchy, problems)
}

/// True when `path` looks like a jar or directory we can read.
pub fn is_readable_input(path: &Path) -> bool {
    path.is_dir() || path.is_file()
}
