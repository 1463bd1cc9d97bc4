//! `mutate --explain`, propagation analysis: the test classes rewritten so that every value
//! their code obtains from a call can be observed. Every `invokevirtual` and
//! `invokeinterface` and every `invokestatic` returning a value, in every method of every
//! class under the test roots (helpers, lambdas and generic test classes included), is
//! bridged (`mimic-rewrite`'s call-site bridges) to the shim's `mimic/mutate/TestProbe`,
//! which records the call's result or exception and its receiver after the call while a
//! method is observed. Each site is described for a developer here: class, method, source
//! file and line, and the expression (`list.size()`, with the receiver's local-variable
//! name from the LocalVariableTable, found by an interpretation on `mimic-flow`).
//!
//! Rewritten classes go to their own directory, put before the tests on the explain
//! JVM's class path, so the same tests (same discovery, same indices) run instrumented.
//! A class that cannot be rewritten is reported and runs as it is.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mimic_classfile::code::CodeAttribute;
use mimic_classfile::descriptor::MethodDescriptor;
use mimic_classfile::instruction::{decode, Instruction, Operand};
use mimic_classfile::opcodes::*;
use mimic_classfile::{ClassFile, MemberRef};
use mimic_diagnostic::Diagnostic;
use mimic_flow::{analyze, Frame, Interpreter};
use mimic_rewrite::bridge;
use mimic_rewrite::probe::ProbeApi;

use crate::error::MutateError;

/// The probe class the bridges call (part of the test-JVM shim).
pub const TEST_PROBE_CLASS: &str = "mimic/mutate/TestProbe";

/// One call site in test code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestSite {
    /// Binary name of the class (`a.b.FooTest`).
    pub class: String,
    pub method: String,
    pub file: Option<String>,
    pub line: Option<u16>,
    /// The call as source would show it: `list.size()`, `Math.max(…)`.
    pub expression: String,
    /// Whether the call returns nothing.
    pub void: bool,
}

impl TestSite {
    /// `FooTest.java:12` (or the class name when the file or line is unknown).
    pub fn place(&self) -> String {
        match (&self.file, self.line) {
            (Some(f), Some(l)) => format!("{f}:{l}"),
            _ => self.class.clone(),
        }
    }
}

/// The rewritten test classes.
#[derive(Debug, Default)]
pub struct InstrumentedTests {
    /// Where they are (first on the class path).
    pub dir: PathBuf,
    /// Site `i` reports id `i << 1 | void`.
    pub sites: Vec<TestSite>,
    pub classes: usize,
    /// Classes left as they are, and why.
    pub problems: Vec<Diagnostic>,
}

/// Rewrite every class under `roots` into `out`; with `seed_random`, their random numbers
/// are seeded too ([`crate::seeded_random`]), as in the runs whose verdicts they explain.
pub fn instrument_tests(
    roots: &[PathBuf],
    out: &Path,
    seed_random: bool,
) -> Result<InstrumentedTests, MutateError> {
    let mut result = InstrumentedTests {
        dir: out.to_path_buf(),
        ..Default::default()
    };
    let api = ProbeApi {
        class_name: TEST_PROBE_CLASS.into(),
    };
    let sites = &mut result.sites;
    let written = crate::test_classes::rewrite_test_classes(roots, out, |bytes| {
        Ok(
            instrument_class(bytes, &api, sites.len(), seed_random)?.map(|(rewritten, found)| {
                sites.extend(found);
                rewritten
            }),
        )
    })?;
    result.classes = written.classes;
    result.problems = written.problems("not observed by the propagation analysis (runs as it is)");
    Ok(result)
}

/// A rewritten class and its sites.
type Rewritten = (Vec<u8>, Vec<TestSite>);

/// Bridge every observable call of one class; `None` when it has none. Sites are numbered
/// from `first_site`.
fn instrument_class(
    bytes: &[u8],
    api: &ProbeApi,
    first_site: usize,
    seed_random: bool,
) -> Result<Option<Rewritten>, mimic_classfile::ClassFileError> {
    let mut class = ClassFile::parse(bytes)?;
    let name = class.name()?;
    if class.access_flags & mimic_classfile::access::MODULE != 0 || name.starts_with("mimic/") {
        return Ok(None);
    }
    // The same numbers as in the runs whose verdicts this explains.
    let seeded = if seed_random {
        crate::seeded_random::seed_class(&mut class)?
    } else {
        0
    };
    let file = source_file(&class);
    let mut sites = Vec::new();
    for m in 0..class.methods.len() {
        let cp = &class.constant_pool;
        let method = &class.methods[m];
        let method_name = method.name(cp)?;
        if method_name.starts_with("$mimic$") || method_name == "<clinit>" {
            continue;
        }
        let Some(code) = method
            .attribute(cp, "Code")
            .map(|a| CodeAttribute::parse(&a.data, cp))
            .transpose()?
        else {
            continue;
        };
        let descriptor = MethodDescriptor::parse(&method.descriptor(cp)?)?;
        let is_static = method.has_flag(mimic_classfile::access::STATIC);
        let receivers = receiver_expressions(&class, &code, &descriptor, is_static);
        let mut calls: Vec<(u32, MemberRef, bool)> = Vec::new();
        for insn in decode(&code.code)? {
            let Some((callee, is_static_call)) = observable_call(&class, &insn) else {
                continue;
            };
            calls.push((insn.offset, callee, is_static_call));
        }
        for (offset, callee, is_static_call) in calls {
            let returns = MethodDescriptor::parse(&callee.descriptor)?.ret.is_some();
            if is_static_call && !returns {
                continue;
            }
            let index = first_site + sites.len();
            let id = (index << 1 | usize::from(!returns)) as i32;
            bridge::bridge_call_site(&mut class, m, offset, id, api, false)?;
            let receiver = if is_static_call {
                simple_name(&callee.owner).to_string()
            } else {
                receivers
                    .get(&offset)
                    .map_or_else(|| "…".to_string(), Expr::text)
            };
            let args = if MethodDescriptor::parse(&callee.descriptor)?
                .params
                .is_empty()
            {
                "()"
            } else {
                "(…)"
            };
            sites.push(TestSite {
                class: name.replace('/', "."),
                method: method_name.clone(),
                file: file.clone(),
                line: code.line_of(&class.constant_pool, offset as u16),
                expression: format!("{receiver}.{}{args}", callee.name),
                void: !returns,
            });
        }
    }
    if sites.is_empty() && seeded == 0 {
        return Ok(None);
    }
    Ok(Some((class.to_bytes()?, sites)))
}

/// The call an instruction makes, if it is one the analysis observes (`true`: static).
fn observable_call(class: &ClassFile, insn: &Instruction) -> Option<(MemberRef, bool)> {
    let index = match (insn.opcode, &insn.operand) {
        (INVOKEVIRTUAL | INVOKESTATIC, Operand::Pool(i))
        | (INVOKEINTERFACE, Operand::Interface(i, _)) => *i,
        _ => return None,
    };
    let callee = class.constant_pool.member_ref(index).ok()?;
    if callee.owner.starts_with("java/lang/invoke/") || callee.owner.starts_with("mimic/") {
        return None;
    }
    Some((callee, insn.opcode == INVOKESTATIC))
}

fn source_file(class: &ClassFile) -> Option<String> {
    let cp = &class.constant_pool;
    class
        .attributes
        .iter()
        .find(|a| cp.utf8_is(a.name_index, "SourceFile"))
        .and_then(|a| a.data.get(0..2))
        .and_then(|b| cp.utf8(u16::from_be_bytes([b[0], b[1]])).ok())
}

fn simple_name(internal: &str) -> &str {
    internal.rsplit(['/', '$']).next().unwrap_or(internal)
}

/// What a receiver on the stack is, as far as a developer would name it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Expr {
    Unknown,
    /// Loaded from a local variable (its name, when the LocalVariableTable gives it).
    Local(Option<String>, u16),
    /// The result of a call to the method of this name.
    Result(String),
    /// A static field.
    Static(String),
    /// A new object of this class (simple name), before it is stored anywhere.
    New(String),
}

impl Expr {
    fn text(&self) -> String {
        match self {
            Expr::Unknown => "…".into(),
            Expr::Local(Some(name), _) => name.clone(),
            Expr::Local(None, slot) => format!("(local {slot})"),
            Expr::Result(name) => format!("{name}(…)"),
            Expr::Static(name) => name.clone(),
            Expr::New(class) => format!("new {class}(…)"),
        }
    }
}

/// The receiver expression of every invoke of a method (by offset). Empty when the code
/// cannot be interpreted (the sites are then described without one).
fn receiver_expressions(
    class: &ClassFile,
    code: &CodeAttribute,
    descriptor: &MethodDescriptor,
    is_static: bool,
) -> BTreeMap<u32, Expr> {
    let mut interp = Receivers {
        code,
        class,
        found: BTreeMap::new(),
    };
    let entry = Frame::entry(
        (!is_static).then_some(Expr::Unknown),
        descriptor,
        code.max_locals,
        |_| Expr::Unknown,
        Expr::Unknown,
    );
    match analyze(&mut interp, &class.constant_pool, code, entry) {
        Ok(_) => interp.found,
        Err(_) => BTreeMap::new(),
    }
}

struct Receivers<'a> {
    code: &'a CodeAttribute,
    class: &'a ClassFile,
    found: BTreeMap<u32, Expr>,
}

impl Interpreter for Receivers<'_> {
    type Value = Expr;
    type State = ();

    fn unknown(&mut self) -> Expr {
        Expr::Unknown
    }

    fn merge(&mut self, a: &Expr, b: &Expr) -> Expr {
        if a == b {
            a.clone()
        } else {
            Expr::Unknown
        }
    }

    fn merge_state(&mut self, _: &(), _: &()) {}

    fn load(&mut self, insn: &Instruction, _: &Expr, _: &mut ()) -> Expr {
        let slot = match (insn.opcode, &insn.operand) {
            (ALOAD, Operand::Local(s)) => *s,
            (ALOAD_0..=ALOAD_3, _) => u16::from(insn.opcode - ALOAD_0),
            _ => return Expr::Unknown,
        };
        // The variable is live just after the load (javac starts a variable's range after
        // its first store, never before a load of it).
        let name = self
            .code
            .local_name(&self.class.constant_pool, slot, insn.offset as u16)
            .or_else(|| {
                self.code.local_name(
                    &self.class.constant_pool,
                    slot,
                    (insn.offset + insn.length) as u16,
                )
            });
        Expr::Local(name, slot)
    }

    fn get_field(
        &mut self,
        _: &Instruction,
        field: &MemberRef,
        receiver: Option<&Expr>,
        _: &mut (),
    ) -> Expr {
        match receiver {
            None => Expr::Static(format!("{}.{}", simple_name(&field.owner), field.name)),
            Some(Expr::Local(Some(n), _)) if n == "this" => Expr::Static(field.name.clone()),
            Some(r) => Expr::Static(format!("{}.{}", r.text(), field.name)),
        }
    }

    fn new_object(&mut self, insn: &Instruction, _: &mut ()) -> Expr {
        match (insn.opcode, &insn.operand) {
            (NEW, Operand::Pool(i)) => self
                .class
                .constant_pool
                .class_name(*i)
                .map_or(Expr::Unknown, |c| Expr::New(simple_name(&c).to_string())),
            _ => Expr::Unknown,
        }
    }

    fn invoke(
        &mut self,
        insn: &Instruction,
        callee: &MemberRef,
        receiver: Option<&Expr>,
        _: &[Expr],
        _: &mut (),
    ) -> Expr {
        if let Some(r) = receiver {
            self.found.insert(insn.offset, r.clone());
        }
        Expr::Result(callee.name.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_jvm::{compile, CompileOptions, Jdk};

    #[test]
    fn every_observable_call_of_a_test_is_bridged_and_described() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("src/t/ATest.java");
        std::fs::create_dir_all(src.parent().unwrap()).unwrap();
        std::fs::write(
            &src,
            "package t;\n\
             public class ATest {\n\
             public void test() {\n\
               java.util.List<String> list = new java.util.ArrayList<>();\n\
               list.add(\"a\");\n\
               int n = Math.max(list.size(), 0);\n\
               System.out.println(n);\n\
               list.get(0).trim();\n\
               new StringBuilder(\"a\").append(n);\n\
             }\n\
             }\n",
        )
        .unwrap();
        let classes = dir.path().join("classes");
        let jdk = Jdk::locate().unwrap();
        compile(
            &jdk,
            &[src],
            &[],
            &classes,
            &CompileOptions {
                extra_args: vec!["-g".into()],
                ..Default::default()
            },
        )
        .unwrap();
        let out = dir.path().join("out");
        let tests = instrument_tests(&[classes], &out, false).unwrap();
        assert!(tests.problems.is_empty(), "{:?}", tests.problems);
        assert_eq!(tests.classes, 1);
        let described: Vec<(String, Option<u16>, bool)> = tests
            .sites
            .iter()
            .map(|s| (s.expression.clone(), s.line, s.void))
            .collect();
        assert_eq!(
            described,
            vec![
                ("list.add(…)".to_string(), Some(5), false),
                ("list.size()".to_string(), Some(6), false),
                ("Math.max(…)".to_string(), Some(6), false),
                ("System.out.println(…)".to_string(), Some(7), true),
                ("list.get(…)".to_string(), Some(8), false),
                ("get(…).trim()".to_string(), Some(8), false),
                ("new StringBuilder(…).append(…)".to_string(), Some(9), false),
            ]
        );
        assert_eq!(tests.sites[0].place(), "ATest.java:5");
        assert!(out.join("t/ATest.class").is_file());
    }
}
