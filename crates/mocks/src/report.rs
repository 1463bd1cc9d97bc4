//! The analysis result as data (serialisable as the `--json` format of `mimic mocks`):
//! invocations on mocks, per-method facts (creation sites, container writes, focal-method
//! candidates), mock-holding fields, a summary with the paper's Table 2/3 columns, and
//! the problems met on the way.

use serde::Serialize;

use crate::discovery::Role;
use crate::program::Problem;

/// One call on a mock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MockInvocation {
    /// Test class (internal name with dots: `com.x.FooTest`).
    pub class: String,
    pub method: String,
    pub descriptor: String,
    /// Bytecode offset of the invoke instruction.
    pub offset: u32,
    pub line: Option<u16>,
    /// `owner.name(descriptor)` of the called method.
    pub callee: String,
    /// The pattern that made the receiver a mock (`Mockito.mock`, `@Mock`, `field
    /// FooTest.x ← Mockito.mock`, `argument of FooTest.helper ← …`).
    pub via: String,
    /// `invoke`, `static` (a `mockStatic`-mocked class) or `method_reference` (`mock::m`).
    pub kind: &'static str,
}

/// A call creating a mock (or a static/construction mock scope).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CreationSite {
    pub offset: u32,
    pub line: Option<u16>,
    pub api: String,
}

/// A write of a mock into an array or collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContainerWrite {
    pub offset: u32,
    pub line: Option<u16>,
    /// `array` or `collection`.
    pub container: &'static str,
}

/// A call on a non-mock object of a class under test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FocalCandidate {
    pub offset: u32,
    pub line: Option<u16>,
    pub callee: String,
}

/// Facts about one method of the test code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MethodReport {
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub role: Role,
    /// Declared in a public concrete test class (the paper's Table 2 population).
    pub in_test_class: bool,
    pub has_mocks: bool,
    pub has_mock_arrays: bool,
    pub has_mock_collections: bool,
    pub creation_sites: Vec<CreationSite>,
    pub container_writes: Vec<ContainerWrite>,
    pub instance_invocations: usize,
    pub mock_invocations: usize,
    pub focal_candidates: Vec<FocalCandidate>,
    /// Why the method could not be analysed (fully), if so.
    pub problem: Option<String>,
}

/// A field that may hold a mock or a mock-holding container.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldReport {
    pub class: String,
    pub field: String,
    /// Any of `mock`, `array`, `collection`.
    pub holds: Vec<&'static str>,
    pub via: String,
}

/// Totals, including the paper's Table 2 and Table 3 columns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub interprocedural: bool,
    pub classes: usize,
    pub test_classes: usize,
    pub methods_analysed: usize,
    /// Table 2: Test/Before/After methods declared in public concrete test classes.
    pub test_related_methods: usize,
    pub test_related_with_mocks: usize,
    pub test_related_with_mock_arrays: usize,
    pub test_related_with_mock_collections: usize,
    /// Table 3: instance invocations in the test code (constructors included).
    pub instance_invocations: usize,
    /// Instance invocations in Test/Before/After methods of any test-code class: the
    /// population closest to the paper's Table 3 "Total Number of Invocations".
    pub instance_invocations_in_test_related: usize,
    /// Table 3: instance invocations whose receiver may be a mock.
    pub mock_invocations: usize,
    /// Static calls on `mockStatic` classes and method references bound to mocks.
    pub other_mock_call_sites: usize,
    pub mock_creation_sites: usize,
    pub mock_fields: usize,
    pub focal_candidates: usize,
    /// Method analyses run by the fixpoint (≥ methods_analysed).
    pub analyses_run: usize,
    pub problems: usize,
}

/// Everything `mimic mocks` reports.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    pub mock_invocations: Vec<MockInvocation>,
    pub methods: Vec<MethodReport>,
    pub fields: Vec<FieldReport>,
    pub summary: Summary,
    pub problems: Vec<Problem>,
}
