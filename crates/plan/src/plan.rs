//! The target plan (`plan.json`): methods under test, their mockable call sites and the
//! deeper interactions in same-class helpers. Versioned; read by the agent and generator.

use mimic_diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};

/// Bumped on any incompatible change of the plan format (2: `unparsed` holds diagnostics).
pub const PLAN_SCHEMA_VERSION: u32 = 2;

/// Why a plan file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    #[error("not a mimic plan: {0}")]
    NotAPlan(String),
    #[error("plan format version {found}, this mimic reads version {expected}: write the plan again with this mimic's `mimic targets`")]
    Version { found: u64, expected: u32 },
}

impl Plan {
    /// Parse a `plan.json`, refusing other format versions with a clear message.
    pub fn from_json(text: &str) -> Result<Plan, PlanError> {
        Plan::check_json(text)?;
        serde_json::from_str(text).map_err(|e| PlanError::NotAPlan(e.to_string()))
    }

    /// Check that `text` is JSON with this format's version, without building the plan
    /// (a fifth of the time of [`Plan::from_json`]): what `mimic record` checks before
    /// it starts a JVM, whose agent then reads the plan whole.
    pub fn check_json(text: &str) -> Result<(), PlanError> {
        /// Only the version: the rest is skipped without being built.
        #[derive(Deserialize)]
        struct Version {
            schema_version: Option<u64>,
        }
        let version: Version =
            serde_json::from_str(text).map_err(|e| PlanError::NotAPlan(e.to_string()))?;
        let found = version
            .schema_version
            .ok_or_else(|| PlanError::NotAPlan("no schema_version".into()))?;
        if found != u64::from(PLAN_SCHEMA_VERSION) {
            return Err(PlanError::Version {
                found,
                expected: PLAN_SCHEMA_VERSION,
            });
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Plan {
    pub schema_version: u32,
    pub classpath: Vec<String>,
    /// Packages whose classes are project types (dotted).
    pub project_packages: Vec<String>,
    pub muts: Vec<Mut>,
    /// Classes that could not be read: reported, then skipped.
    pub unparsed: Vec<Diagnostic>,
    pub summary: Summary,
    /// With `--explain`: public project methods that are not MUTs, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_muts: Vec<NotMut>,
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
    /// Source names of the parameters (from `-parameters` or `-g`), `null` where the
    /// class file does not say; empty when none is known. The recorder redacts an
    /// argument whose name is a secret's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub param_names: Vec<Option<String>>,
    /// Static fields of the class (or a superclass) the method or its helpers read and
    /// the program may change (not `final`): the recorder captures their values on entry
    /// and a generated test sets them before it acts and restores them after (issue 17,
    /// EvoSuite's static reset), so the order tests run in never matters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub static_reads: Vec<StaticRead>,
    /// Fields the method reads directly on a collaborator it makes mockable calls on
    /// (`inventory.items.size()`): a mock has no state, so a test sets each on the mock
    /// from the recorded collaborator (issue 15).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub collaborator_fields: Vec<CollaboratorField>,
    /// The method only forwards one mockable call (its body loads, calls and returns):
    /// its tests check a forwarding, and reports count them apart (issue 15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub delegation: bool,
    /// A constructor under test (`method` is `<init>`, whole-program mode): the places in
    /// the project that build its objects, where the recorder observes it (a constructor
    /// cannot be wrapped like a method).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constructions: Vec<Construction>,
    /// A constructor's parameters that it stores in a field of the new object
    /// (`this.a = a`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub param_fields: Vec<ParamField>,
    /// A constructor of an inner (non-static member) class: its first parameter is the
    /// outer instance, and a test writes `outer.new Inner(…)`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub outer_instance: bool,
    /// A method of an anonymous or local class, which a test cannot name: the nameable
    /// supertype (dotted) that declares the method, through which a test calls it
    /// (`Feed receiver = Fixtures.create("…Main$1"); receiver.next()`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called_through: Option<String>,
    /// Constants the method compares an `int`-like parameter with (`quantity >= 10`):
    /// invocations whose arguments fall on different sides of one are on different paths
    /// for generation's selection, though their calls and results may look alike.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thresholds: Vec<Threshold>,
    /// Getters a test can read a field through (`receiver.getTotal()`), of the MUT's
    /// class and of the class it returns: the state oracle asserts through them rather
    /// than by reflection.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub getters: Vec<Getter>,
    /// A constructor of the MUT's class that only stores each parameter in a field, every
    /// field of the class: a test builds a receiver whose recorded state is exactly those
    /// fields with it (`new Meter("kg")`) rather than by reflection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_constructor: Option<FieldConstructor>,
    /// Parameters (0-based) and fields of `this` whose objects the method runs itself:
    /// it calls a method of a JDK type on them (`visitorFactory.apply(configuration)`)
    /// or hands them to JDK code (`items.forEach(action)`). A lambda there does
    /// something, so no test stands a mock of its interface in for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs_params: Vec<u16>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs_fields: Vec<String>,
    /// Project subclasses whose objects run an override of the method (dotted): those
    /// declaring it again and every class below them. Production reached the MUT on one
    /// of their objects only through `super.m(…)`, so a test calls the MUT's own body on
    /// it (`Fixtures.callSuper`), not the override a plain call would run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overridden_by: Vec<String>,
    /// The method calls itself (in its body or a helper it calls, on its own class): it
    /// walks a tree it is handed (EvalEx's `evaluateSubtree(ASTNode)` on a node's
    /// parameters) and reads each node's fields as it read the first one's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub recursive: bool,
    /// The state the method may use, found statically ([`Reads`]): the recorder captures
    /// these parts of the receiver and the arguments, to any depth, and leaves the rest
    /// out. `None`: not analysed, everything is captured within the snapshot limits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reads: Option<Reads>,
}

/// The state a method under test may use: per root (the receiver, each parameter), the
/// tree of fields it may read, through its own code, the helpers and project methods it
/// calls, and what those return. A root that is absent is not used beyond its class.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Reads {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<ReadNode>,
    /// One per declared parameter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Option<ReadNode>>,
    /// Per mocked call of the method (by its offset, as in [`MockableCall::offset`]):
    /// what the method uses of the object the call returned, which the test's stub
    /// answers with. Absent: the answer is captured within the snapshot limits.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub answers: std::collections::BTreeMap<u32, ReadNode>,
}

/// The pseudo-field of a [`ReadNode`] under which an array's elements are read
/// (`aaload`): its node says what is read of every element.
pub const ELEMENTS_READ: &str = "[]";

/// The pseudo-field of a [`ReadNode`] marking a JDK collection (or map) whose elements a
/// lambda the method hands to its `forEach` runs on (an observer list): what the lambda
/// reads is not in the tree, so the tree is all the invocation used only when the
/// collection was empty (the generator checks).
pub const EACH_RUNS: &str = "?each";

/// One object of a [`Reads`] tree: the fields read from it, or `whole` when the object is
/// used in ways the analysis does not follow (handed to JDK or unanalysed code, compared
/// by a call oracle, written, returned): then it is captured whole, within the limits,
/// and the fields below it that are read further are followed past those limits.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ReadNode {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub whole: bool,
    /// Its fields holding a primitive, a string, a box or an enum are used too: the
    /// object is returned by the method under test, whose output oracle compares them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub literals: bool,
    /// The method tests the object's class (`instanceof`, a cast): a test must pass an
    /// object of the class production had, not a mock of an interface it implements.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub typed: bool,
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fields: std::collections::BTreeMap<String, ReadNode>,
}

impl ReadNode {
    /// The node at `path` below this one, made on the way.
    pub fn at(&mut self, path: &[String]) -> &mut ReadNode {
        path.iter()
            .fold(self, |n, f| n.fields.entry(f.clone()).or_default())
    }

    /// Add everything `other` holds below this node.
    pub fn graft(&mut self, other: &ReadNode) {
        self.whole |= other.whole;
        self.literals |= other.literals;
        self.typed |= other.typed;
        for (name, child) in &other.fields {
            self.fields.entry(name.clone()).or_default().graft(child);
        }
    }

    /// Nodes in the tree (this one included).
    pub fn size(&self) -> usize {
        1 + self.fields.values().map(ReadNode::size).sum::<usize>()
    }

    /// Keep the tree within `max` nodes (this one's own fields always kept, with what
    /// they say of their objects): first nothing is kept below an object deeper down
    /// that is used whole (the recorder captures it whole anyway, within its limits,
    /// only no longer following its fields past them); then, if still too large, the
    /// deepest levels go, each object at the new bottom used whole. A read analysis of a
    /// recursive structure with many fields (a template engine's expression tree: `left`,
    /// `right`, `target`, … twelve levels deep) otherwise makes trees of millions of
    /// nodes.
    pub fn bound(&mut self, max: usize) {
        if self.size() <= max {
            return;
        }
        for child in self.fields.values_mut() {
            child.drop_below_whole();
        }
        let mut levels = Vec::new();
        self.count_levels(0, &mut levels);
        let mut kept = 0;
        let mut depth = 0;
        for (d, n) in levels.iter().enumerate() {
            kept += n;
            if kept > max && d > 1 {
                break;
            }
            depth = d;
        }
        if depth + 1 < levels.len() {
            self.cut_below(depth);
        }
    }

    fn drop_below_whole(&mut self) {
        if self.whole {
            self.fields.clear();
        } else {
            for child in self.fields.values_mut() {
                child.drop_below_whole();
            }
        }
    }

    fn count_levels(&self, depth: usize, levels: &mut Vec<usize>) {
        if levels.len() <= depth {
            levels.push(0);
        }
        levels[depth] += 1;
        for child in self.fields.values() {
            child.count_levels(depth + 1, levels);
        }
    }

    /// Nodes `depth` levels below this one keep no fields and are used whole.
    fn cut_below(&mut self, depth: usize) {
        if depth == 0 {
            if !self.fields.is_empty() {
                self.whole = true;
                self.fields.clear();
            }
            return;
        }
        for child in self.fields.values_mut() {
            child.cut_below(depth - 1);
        }
    }
}

/// A constructor `C(T1 a, T2 b) { this.x = a; this.y = b; }` over `Object`'s: its
/// descriptor, and the field each parameter is stored in, in parameter order.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct FieldConstructor {
    pub descriptor: String,
    pub fields: Vec<String>,
}

/// A method that only returns one field of its object (`aload_0; getfield; xreturn`):
/// `method()` on an object of exactly `class` reads field `field` declared in
/// `declared_in` (both dotted binary names).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct Getter {
    pub class: String,
    pub field: String,
    pub declared_in: String,
    pub method: String,
}

/// A parameter compared with a constant (`param` 0-based, as declared).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct Threshold {
    pub param: u16,
    pub value: i32,
}

impl Mut {
    /// Is this a constructor under test?
    pub fn is_constructor(&self) -> bool {
        self.method == "<init>"
    }

    /// The instance fields of the receiver that its mockable calls (its own and its
    /// deeper ones) are made on: the objects a test mocks there.
    pub fn mocked_fields(&self) -> Vec<&str> {
        self.mocked_field_types()
            .into_iter()
            .map(|(n, _)| n)
            .collect()
    }

    /// [`Mut::mocked_fields`] with each field's declared type (internal name), sorted by
    /// name, each field once.
    pub fn mocked_field_types(&self) -> Vec<(&str, &str)> {
        let mut out: Vec<(&str, &str)> = self
            .plan_calls()
            .filter_map(|c| match &c.receiver {
                Receiver::Field {
                    name,
                    declared_type,
                    is_static: false,
                } => Some((name.as_str(), declared_type.as_str())),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup_by(|a, b| a.0 == b.0);
        out
    }

    /// The parameters (by index) the MUT's mockable and deeper calls are made on, sorted.
    pub fn mocked_params(&self) -> Vec<u16> {
        let mut out: Vec<u16> = self
            .plan_calls()
            .filter_map(|c| match &c.receiver {
                Receiver::Param { index, .. } => Some(*index),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every call of the plan, numbered as [`Mut::plan_call`] numbers them: the MUT's own
    /// mockable calls, then its deeper calls.
    pub fn plan_calls(&self) -> impl Iterator<Item = &MockableCall> {
        self.mockable_calls
            .iter()
            .chain(self.deeper_calls.iter().map(|d| &d.call))
    }

    /// The call a record's `plan_call` names: the MUT's own mockable calls are numbered
    /// first, then its deeper calls.
    pub fn plan_call(&self, index: u32) -> Option<&MockableCall> {
        self.mockable_calls
            .get(index as usize)
            .or_else(|| self.deeper_call(index).map(|d| &d.call))
    }

    /// The deeper call numbered `index` as [`Mut::plan_call`] counts, if it is one.
    pub fn deeper_call(&self, index: u32) -> Option<&DeeperCall> {
        (index as usize)
            .checked_sub(self.mockable_calls.len())
            .and_then(|i| self.deeper_calls.get(i))
    }
}

/// A `new C(…)` in javac's shape (`new`, `dup`, the arguments without a branch, the
/// `invokespecial`) somewhere in the project.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct Construction {
    /// The method holding it: class (dotted), name, descriptor.
    pub class: String,
    pub method: String,
    pub descriptor: String,
    /// Bytecode offsets of the `new` and of the `invokespecial` of the constructor.
    pub new_offset: u32,
    pub offset: u32,
}

/// A constructor parameter the constructor stores in a field of the new object.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct ParamField {
    /// 0-based, as declared.
    pub index: u16,
    pub field: String,
    /// The parameter's declared type (internal name).
    #[serde(rename = "type")]
    pub declared_type: String,
    /// A collaborator Mockito can mock: a test passes a mock and checks that the field
    /// holds that very object (the thesis's constructor tests).
    pub mock: bool,
}

/// A field read on a mocked collaborator (`getfield` on a field or parameter the MUT also
/// makes mockable calls on).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct CollaboratorField {
    pub receiver: Receiver,
    /// The field's name and descriptor, as the instruction names them.
    pub name: String,
    pub descriptor: String,
}

/// A static field a method under test reads (`getstatic`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct StaticRead {
    /// The class the instruction names (dotted): the MUT's class or a superclass.
    pub class: String,
    pub name: String,
    pub descriptor: String,
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
    /// Not an object of the program: the call reads the environment (the clock,
    /// randomness, files, the process; [`crate::environment`]). Its result is recorded and
    /// replayed by generated tests instead of being stubbed on a mock.
    Environment {
        category: crate::environment::Category,
        /// The environment method's key (`Random.nextInt(int)`).
        key: String,
    },
    /// The object an earlier mockable call in the MUT's own body returned (the call at
    /// bytecode offset `call`), used only as the receiver of further mockable calls or
    /// passed to them: a test answers that call with a mock of `declared_type` and stubs
    /// this call on it — the thesis's tree of mocks, where `connection.prepareStatement(…)`
    /// answers a mocked statement whose `executeQuery()` answers a mocked result set.
    Result {
        call: u32,
        #[serde(rename = "type")]
        declared_type: String,
    },
}

impl Receiver {
    /// In words, as `mimic targets` and `mimic traces` list it (`field inventory`,
    /// `result of @12`).
    pub fn describe(&self) -> String {
        match self {
            Receiver::Field {
                name,
                is_static: true,
                ..
            } => format!("static field {name}"),
            Receiver::Field { name, .. } => format!("field {name}"),
            Receiver::Param { index, .. } => format!("param #{index}"),
            Receiver::Environment { category, .. } => {
                format!("environment ({})", category.name())
            }
            Receiver::Result { call, .. } => format!("result of @{call}"),
        }
    }

    /// Is this call an environment interaction rather than a call on a mockable object?
    pub fn is_environment(&self) -> bool {
        matches!(self, Receiver::Environment { .. })
    }
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
    /// `invokevirtual` or `invokeinterface` (`invokestatic` for environment calls, `new`
    /// for an environment constructor such as `new Date()`).
    pub instruction: String,
    pub receiver: Receiver,
    pub returns: Returns,
    /// For `new`: the offset of the `new` instruction whose object the constructor at
    /// `offset` (the `invokespecial`) initialises.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_offset: Option<u32>,
    /// The call's result is only ever the receiver of further mockable calls or passed to
    /// them ([`Receiver::Result`]): a test answers the call with a mock of this type (dotted)
    /// instead of rebuilding the object production returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returns_mock: Option<String>,
    /// Arguments that are one of the test's mocks (a mocked collaborator, or an earlier
    /// call's mocked result): production passed that very object, so a test matches it by
    /// identity (`same(…)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mock_args: Vec<MockArg>,
    /// The method drops the call's result at once (`pop`): nothing of it is used, so the
    /// recorder keeps only its class and a test answers any value (`null` for an object).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub discarded: bool,
    /// The call is made through a bound method reference (`this.parser::nextRecord`)
    /// that the `invokedynamic` at `offset` creates: whoever the reference is handed to
    /// makes the call, any number of times. The agent bridges it in a forwarder it adds
    /// to the class, which the reference calls instead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub method_reference: bool,
    /// The called method is package-private: only classes of its declaring class's
    /// package have it, so a test mocks the owner, never a subclass production had that
    /// lives in another package (javac: "cannot find symbol").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub package_private: bool,
    /// The called method is protected: a subclass in another package than the test's
    /// may override it, and its override is not visible to the test (javac then picks
    /// another overload, or none), so a test mocks such a subclass through the owner.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub protected: bool,
}

/// An argument of a mockable call that is one of the test's mocks.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct MockArg {
    /// 0-based, as declared.
    pub index: u16,
    /// Which mock: a field or parameter the MUT makes mockable calls on, or the result of
    /// one of its calls.
    pub mock: Receiver,
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
    /// The receiver classes (dotted) whose objects run `via` when the MUT calls it on
    /// `this`: the helper is an override in a subclass of the MUT's class (a template
    /// method's step, `PDSimpleFont.getStandard14Width` below `PDFont.getWidth`), so an
    /// invocation on another class's object never makes the call, and a test of one
    /// has no field to put its mock in. Empty: whatever the receiver's class.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_in: Vec<String>,
}

impl DeeperCall {
    /// Can an invocation whose receiver is of class `class` (dotted) make this call?
    /// (Unknown: yes.)
    pub fn runs_for(&self, class: Option<&str>) -> bool {
        match class {
            Some(class) if !self.only_in.is_empty() => self.only_in.iter().any(|c| c == class),
            _ => true,
        }
    }
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
    /// Environment interactions (direct and in helpers) of the MUTs.
    #[serde(default)]
    pub environment_calls: usize,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A binary expression tree read `depth` levels down through `left` and `right`.
    fn expression_tree(depth: usize, whole: bool) -> ReadNode {
        let mut n = ReadNode {
            whole,
            ..ReadNode::default()
        };
        if depth > 0 {
            for f in ["left", "right"] {
                n.fields.insert(f.into(), expression_tree(depth - 1, whole));
            }
        }
        n
    }

    #[test]
    fn a_tree_past_the_bound_keeps_nothing_below_whole_objects_then_loses_its_deepest_levels() {
        // Small trees are kept as they are.
        let mut small = expression_tree(3, true);
        small.bound(100);
        assert_eq!(small, expression_tree(3, true));
        // Below whole objects: their fields go, the root's own fields stay.
        let mut whole = expression_tree(10, true);
        whole.fields.get_mut("left").unwrap().typed = true;
        whole.bound(100);
        assert_eq!(whole.size(), 3);
        assert!(whole.fields["left"].whole && whole.fields["left"].typed);
        // Nothing whole: the levels that fit are kept, the bottom one used whole.
        let mut read = expression_tree(10, false);
        read.bound(100);
        assert_eq!(read.size(), 63, "levels 0..=5 of a binary tree");
        let mut bottom = &read;
        for _ in 0..5 {
            assert!(!bottom.whole);
            bottom = &bottom.fields["right"];
        }
        assert!(bottom.whole && bottom.fields.is_empty());
        // However small the bound, the root's own fields stay.
        let mut tiny = expression_tree(4, false);
        tiny.bound(1);
        assert_eq!(tiny.size(), 3);
        assert!(tiny.fields.values().all(|f| f.whole && f.fields.is_empty()));
    }

    #[test]
    fn receivers_and_deeper_calls_serialise_in_the_documented_shape() {
        let call = MockableCall {
            offset: 12,
            line: Some(40),
            owner: "shop.Inventory".into(),
            name: "reserve".into(),
            descriptor: "(Ljava/lang/String;I)Z".into(),
            instruction: "invokeinterface".into(),
            receiver: Receiver::Param {
                index: 1,
                declared_type: "shop.Inventory".into(),
            },
            returns: Returns::Primitive,
            new_offset: None,
            returns_mock: None,
            discarded: false,
            method_reference: false,
            package_private: false,
            protected: false,
            mock_args: Vec::new(),
        };
        let deeper = DeeperCall {
            via: MethodRef {
                class: "shop.Checkout".into(),
                method: "hold".into(),
                descriptor: "()V".into(),
            },
            call: call.clone(),
            only_in: Vec::new(),
        };
        let json = serde_json::to_value(&deeper).unwrap();
        // The call is flattened beside `via`; the receiver is tagged by `kind`.
        assert_eq!(json["offset"], 12);
        assert_eq!(json["via"]["method"], "hold");
        assert_eq!(json["receiver"]["kind"], "param");
        assert_eq!(json["receiver"]["type"], "shop.Inventory");
        assert_eq!(json["returns"], "primitive");
        // A call for every receiver says nothing about classes.
        assert!(json.get("only_in").is_none(), "{json}");
        let back: DeeperCall = serde_json::from_value(json).unwrap();
        assert_eq!(back, deeper);
        assert!(back.runs_for(Some("shop.Anything")) && back.runs_for(None));
        // An override's call, for its classes only (and an unknown class: maybe).
        let only = DeeperCall {
            only_in: vec!["shop.ExpressCheckout".into()],
            ..deeper
        };
        let json = serde_json::to_value(&only).unwrap();
        assert_eq!(json["only_in"][0], "shop.ExpressCheckout");
        assert_eq!(serde_json::from_value::<DeeperCall>(json).unwrap(), only);
        assert!(only.runs_for(Some("shop.ExpressCheckout")));
        assert!(!only.runs_for(Some("shop.Checkout")));
        assert!(only.runs_for(None));
    }

    #[test]
    fn a_static_field_receiver_defaults_to_instance_when_absent() {
        let r: Receiver =
            serde_json::from_str(r#"{"kind":"field","name":"clock","type":"shop.Clock"}"#).unwrap();
        assert_eq!(
            r,
            Receiver::Field {
                name: "clock".into(),
                declared_type: "shop.Clock".into(),
                is_static: false
            }
        );
    }

    #[test]
    fn another_format_version_is_refused_with_the_fix() {
        let err = Plan::from_json(r#"{"schema_version": 1, "muts": []}"#).unwrap_err();
        assert!(
            err.to_string().contains("plan format version 1")
                && err.to_string().contains("mimic targets"),
            "{err}"
        );
        assert!(matches!(
            Plan::from_json("[1, 2]"),
            Err(PlanError::NotAPlan(_))
        ));
        assert!(matches!(
            Plan::from_json("{\"schema_version\": 2}"),
            Err(PlanError::NotAPlan(_))
        ));
    }

    #[test]
    fn not_muts_are_omitted_when_empty() {
        let plan = Plan {
            schema_version: PLAN_SCHEMA_VERSION,
            classpath: vec!["app.jar".into()],
            project_packages: vec!["shop".into()],
            muts: vec![],
            unparsed: vec![],
            summary: Summary::default(),
            not_muts: vec![],
        };
        let text = serde_json::to_string(&plan).unwrap();
        assert!(!text.contains("not_muts"), "{text}");
        assert_eq!(Plan::from_json(&text).unwrap(), plan);
    }
}
