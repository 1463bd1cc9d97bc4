//! Everything the interpreter needs to know about one call instruction, computed once per
//! (class, constant-pool index) and cached: the callee, its descriptor's slot layout,
//! what the mocking APIs make of it, what the collections API does with it, and which
//! test-code methods it may reach.

use std::collections::HashMap;
use std::rc::Rc;

use mimic_classfile::opcodes::{INVOKEINTERFACE, INVOKESTATIC, INVOKEVIRTUAL};
use mimic_classfile::{FieldType, MethodDescriptor};

use crate::containers::{classify, is_bulk_parameter, ContainerOp};
use crate::program::{MethodId, Program};
use crate::sources::{call_label, MockApis};

/// What the mocking APIs make of a call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiRole {
    None,
    /// Returns a new mock; the label names the API.
    Source(String),
    /// `mockStatic(Foo.class)`.
    StaticSource(String),
    /// `mockConstruction(Foo.class)`.
    ConstructionSource(String),
    /// Returns a mock factory (control, partial-mock builder).
    Factory(String),
    /// Returns its declared argument number n.
    PassThrough(usize),
    /// `BDDMockito.then(m)`.
    Verifier,
}

/// One call site's static facts.
#[derive(Debug)]
pub struct CallInfo {
    pub owner: String,
    pub name: String,
    pub descriptor: String,
    /// Slots of each declared parameter (1 or 2).
    pub arg_slots: Vec<u8>,
    /// Per declared parameter: a whole container is passed (copy) rather than an element.
    pub bulk_args: Vec<bool>,
    /// Slots of the result (0 for void).
    pub ret_slots: u8,
    pub ret_reference: bool,
    pub api: ApiRole,
    pub container: ContainerOp,
    /// `Owner.name` as a label (`IMocksControl.createMock`).
    pub label: String,
    /// Test-code methods the call may reach (empty for production and library callees).
    pub targets: Vec<MethodId>,
    /// The owner is a test-code class.
    pub owner_is_test_code: bool,
}

/// Per-analysis cache of call facts and method labels.
#[derive(Default)]
pub struct CallCache {
    calls: HashMap<(u32, u16, u8), Rc<CallInfo>>,
    labels: HashMap<MethodId, Rc<(String, String)>>,
}

impl CallCache {
    /// Facts for the call at pool `index` of class `class` with `opcode`; `None` when the
    /// constant is not a usable method reference.
    pub fn call(
        &mut self,
        program: &Program,
        apis: &MockApis,
        class: u32,
        index: u16,
        opcode: u8,
    ) -> Option<Rc<CallInfo>> {
        if let Some(c) = self.calls.get(&(class, index, opcode)) {
            return Some(c.clone());
        }
        let cp = &program.classes[class as usize].file.constant_pool;
        let r = cp.member_ref(index).ok()?;
        let md = MethodDescriptor::parse(&r.descriptor).ok()?;
        let is_static = opcode == INVOKESTATIC;
        let ancestors = program.ancestors(&r.owner);
        let api = api_role(apis, &r.owner, &r.name, &ancestors);
        let container = classify(&r.owner, &r.name, &md, is_static);
        let targets = match opcode {
            INVOKEVIRTUAL | INVOKEINTERFACE => {
                program.resolve_virtual(&r.owner, &r.name, &r.descriptor)
            }
            _ => program
                .resolve_direct(&r.owner, &r.name, &r.descriptor)
                .into_iter()
                .collect(),
        };
        let info = Rc::new(CallInfo {
            arg_slots: md.params.iter().map(|p| p.slots() as u8).collect(),
            bulk_args: md.params.iter().map(is_bulk_parameter).collect(),
            ret_slots: md.ret.as_ref().map_or(0, |t| t.slots() as u8),
            ret_reference: md.ret.as_ref().is_some_and(FieldType::is_reference),
            label: call_label(&r.owner, &r.name),
            owner_is_test_code: program.is_test_code(&r.owner),
            api,
            container,
            targets,
            owner: r.owner,
            name: r.name,
            descriptor: r.descriptor,
        });
        self.calls.insert((class, index, opcode), info.clone());
        Some(info)
    }

    /// ("return of C.m", "argument of C.m") for `m`.
    pub fn labels(&mut self, program: &Program, m: MethodId) -> Rc<(String, String)> {
        self.labels
            .entry(m)
            .or_insert_with(|| {
                let (class, method) = program.method(m);
                let simple = class.name.rsplit('/').next().unwrap_or(&class.name);
                Rc::new((
                    format!("returned by {simple}.{}", method.name),
                    format!("argument of {simple}.{}", method.name),
                ))
            })
            .clone()
    }
}

fn api_role(apis: &MockApis, owner: &str, name: &str, ancestors: &[String]) -> ApiRole {
    let label = || call_label(owner, name);
    if apis
        .sources
        .iter()
        .any(|p| p.matches(owner, name, ancestors))
    {
        return ApiRole::Source(label());
    }
    if apis
        .static_sources
        .iter()
        .any(|p| p.matches(owner, name, ancestors))
    {
        return ApiRole::StaticSource(label());
    }
    if apis
        .construction_sources
        .iter()
        .any(|p| p.matches(owner, name, ancestors))
    {
        return ApiRole::ConstructionSource(label());
    }
    if apis
        .factories
        .iter()
        .any(|p| p.matches(owner, name, ancestors))
    {
        return ApiRole::Factory(label());
    }
    if let Some(p) = apis.pass_through.iter().find(|p| {
        p.names.iter().any(|n| n == name) && (p.owner == owner || ancestors.contains(&p.owner))
    }) {
        return ApiRole::PassThrough(p.argument);
    }
    if apis
        .verifiers
        .iter()
        .any(|p| p.matches(owner, name, ancestors))
    {
        return ApiRole::Verifier;
    }
    ApiRole::None
}
