//! Choosing what to mutate: every method of the application classes with a body, minus
//! constructors and stop methods, gets one mutant per applicable operator. Mutant ids are
//! global and start at 1 (0 means "no mutant" to the switch); method ids index the
//! coverage array.

use mimic_classfile::access::{ABSTRACT, NATIVE};
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::instruction::decode;
use mimic_classfile::{ClassFile, MethodDescriptor};
use mimic_diagnostic::Diagnostic;

use crate::operators::Operator;
use crate::stop::{stop_kind, StopKind};

/// One mutant: an operator applied to a target method.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Mutant {
    /// Global id, from 1; what `MutantSwitch.active` is set to.
    pub id: u32,
    #[serde(with = "crate::operators::by_id")]
    pub operator: Operator,
}

/// A method that receives mutants.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TargetMethod {
    /// Index into the coverage array.
    pub id: u32,
    /// Internal name of the declaring class (`eu/stamp/VersionedSet`).
    pub class: String,
    pub name: String,
    pub descriptor: String,
    /// The class's SourceFile attribute, if any.
    pub file_name: Option<String>,
    /// Line of the first instruction, if the class has line numbers.
    pub line: Option<u16>,
    /// First and last line of the method's LineNumberTable, if it has one.
    pub lines: Option<(u16, u16)>,
    /// A static method (no receiver).
    pub is_static: bool,
    pub mutants: Vec<Mutant>,
}

/// Everything chosen from a set of classes.
#[derive(Debug, Default, Clone)]
pub struct Selection {
    pub methods: Vec<TargetMethod>,
    /// Methods left alone (severity `skipped`), each with its class and method, and why:
    /// `stop method: <kind>`, `static initialiser`, `no operator applies`.
    pub skipped: Vec<Diagnostic>,
    /// Classes and methods that could not be read or rewritten (severity `error`).
    pub problems: Vec<Diagnostic>,
    next_method: u32,
    next_mutant: u32,
}

impl TargetMethod {
    /// Whether `changed` touches the method's lines (a method without line numbers is
    /// never touched).
    pub fn is_touched_by(&self, changed: &crate::diff::ChangedLines) -> bool {
        let Some((first, last)) = self.lines else {
            return false;
        };
        let (package, simple) = self.class.rsplit_once('/').unwrap_or(("", &self.class));
        let file = match &self.file_name {
            Some(f) => f.clone(),
            None => format!("{}.java", simple.split('$').next().unwrap_or(simple)),
        };
        changed.touches(package, &file, u32::from(first), u32::from(last))
    }
}

impl Selection {
    /// Number of mutants chosen so far.
    pub fn mutant_count(&self) -> usize {
        self.methods.iter().map(|m| m.mutants.len()).sum()
    }

    /// Choose the target methods of one parsed class.
    pub fn add_class(&mut self, class: &ClassFile, operators: &[Operator], stops: &[StopKind]) {
        let cp = &class.constant_pool;
        let class_name = class.name().unwrap_or_default();
        if class_name.starts_with("mimic/") || class.access_flags & 0x8000 != 0 {
            return; // mimic's own classes and module-info
        }
        let file_name = class
            .attributes
            .iter()
            .find(|a| cp.utf8_is(a.name_index, "SourceFile"))
            .and_then(|a| a.data.get(0..2))
            .and_then(|b| cp.utf8(u16::from_be_bytes([b[0], b[1]])).ok());
        for method in &class.methods {
            let (Ok(name), Ok(descriptor)) = (method.name(cp), method.descriptor(cp)) else {
                continue;
            };
            if name == "<init>" || method.has_flag(ABSTRACT) || method.has_flag(NATIVE) {
                continue;
            }
            let skip = |reason: &str| {
                Diagnostic::skipped(reason)
                    .in_class(class_name.replace('/', "."))
                    .in_method(&name, &descriptor)
            };
            let unreadable = |e: String| {
                Diagnostic::error(e)
                    .in_class(class_name.replace('/', "."))
                    .in_method(&name, &descriptor)
            };
            let Some(code_attr) = method.attribute(cp, "Code") else {
                continue;
            };
            let code = match CodeAttribute::parse(&code_attr.data, cp) {
                Ok(c) => c,
                Err(e) => {
                    self.problems.push(unreadable(e.to_string()));
                    continue;
                }
            };
            let insns = match decode(&code.code) {
                Ok(i) => i,
                Err(e) => {
                    self.problems.push(unreadable(e.to_string()));
                    continue;
                }
            };
            if let Some(kind) = stop_kind(class, method, &insns, stops) {
                self.skipped
                    .push(skip(&format!("stop method: {}", kind.name())));
                continue;
            }
            if name == "<clinit>" || name.contains("$mimic") {
                self.skipped.push(skip("static initialiser"));
                continue;
            }
            let Ok(desc) = MethodDescriptor::parse(&descriptor) else {
                continue;
            };
            let applicable: Vec<&Operator> = operators
                .iter()
                .filter(|o| o.applies(desc.ret.as_ref()))
                .collect();
            if applicable.is_empty() {
                self.skipped
                    .push(skip("no operator applies to its return type"));
                continue;
            }
            let mutants = applicable
                .into_iter()
                .map(|op| {
                    self.next_mutant += 1;
                    Mutant {
                        id: self.next_mutant,
                        operator: op.clone(),
                    }
                })
                .collect();
            self.methods.push(TargetMethod {
                id: self.next_method,
                class: class_name.clone(),
                name,
                descriptor,
                file_name: file_name.clone(),
                line: code.line_of(cp, 0),
                lines: {
                    let lines: Vec<u16> = code.line_numbers(cp).iter().map(|(_, l)| *l).collect();
                    lines
                        .iter()
                        .min()
                        .zip(lines.iter().max())
                        .map(|(a, b)| (*a, *b))
                },
                is_static: method.has_flag(mimic_classfile::access::STATIC),
                mutants,
            });
            self.next_method += 1;
        }
    }
}
