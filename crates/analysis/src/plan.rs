//! The target plan (`plan.json`): methods under test, their mockable call sites and the
//! deeper interactions in same-class helpers. Versioned; read by the agent and generator.

use serde::{Deserialize, Serialize};

use crate::class_index::Unparsed;

/// Bumped on any incompatible change of the plan format.
pub const PLAN_SCHEMA_VERSION: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Plan {
    pub schema_version: u32,
    pub classpath: Vec<String>,
    /// Packages whose classes are project types (dotted).
    pub project_packages: Vec<String>,
    pub muts: Vec<Mut>,
    /// Classes that could not be read: reported, then skipped.
    pub unparsed: Vec<UnparsedClass>,
    pub summary: Summary,
    /// With `--explain`: public project methods that are not MUTs, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_muts: Vec<NotMut>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct UnparsedClass {
    pub file: String,
    pub reason: String,
}

impl From<Unparsed> for UnparsedClass {
    fn from(u: Unparsed) -> Self {
        UnparsedClass {
            file: u.file,
            reason: u.reason,
        }
    }
}

/// A method under test.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Mut {
    /// Dotted binary name (`com.x.Foo$Inner`).
    pub class: String,
    pub method: String,
    pub descriptor: String,
    /// First source line, when the class has line numbers.
    pub line: Option<u16>,
    #[serde(rename = "static")]
    pub is_static: bool,
    pub mockable_calls: Vec<MockableCall>,
    /// Calls on the same mockable objects inside private or same-class helpers.
    pub deeper_calls: Vec<DeeperCall>,
}

/// Which object a mockable call is made on.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Receiver {
    /// A field of the receiving object, or a static field of its class (`static`).
    Field {
        name: String,
        #[serde(rename = "type")]
        declared_type: String,
        #[serde(rename = "static", default)]
        is_static: bool,
    },
    /// A parameter of the MUT (0-based, `this` not counted).
    Param {
        index: u16,
        #[serde(rename = "type")]
        declared_type: String,
    },
}

/// What a mockable call returns, as the generator needs to know it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Returns {
    Void,
    Primitive,
    String,
    Boxed,
    Enum,
    Array,
    Object,
}

/// A mockable call site inside the MUT's own body.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MockableCall {
    /// Bytecode offset of the invoke instruction.
    pub offset: u32,
    pub line: Option<u16>,
    /// Owner named by the instruction (dotted).
    pub owner: String,
    pub name: String,
    pub descriptor: String,
    /// `invokevirtual` or `invokeinterface`.
    pub instruction: String,
    pub receiver: Receiver,
    pub returns: Returns,
}

/// A method of the MUT's class that a deeper call sits in.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct MethodRef {
    pub class: String,
    pub method: String,
    pub descriptor: String,
}

/// A call on one of the MUT's mockable objects made inside a helper the MUT invokes.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DeeperCall {
    pub via: MethodRef,
    #[serde(flatten)]
    pub call: MockableCall,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Summary {
    pub classes: usize,
    pub project_classes: usize,
    /// Project methods that pass every MUT rule but the mockable-call one.
    pub candidate_methods: usize,
    pub muts: usize,
    pub mockable_calls: usize,
    pub deeper_calls: usize,
    pub unparsed: usize,
}

/// A public project method that is not a MUT, with the first rule it fails.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct NotMut {
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub reason: String,
}
