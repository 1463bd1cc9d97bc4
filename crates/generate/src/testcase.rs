//! One recorded invocation → the test model ([`crate::model`]) of up to three test
//! methods (output, parameter and call oracles) sharing one Arrange section: the receiver
//! rebuilt with its mocked fields, the arguments, one mock per field or parameter the
//! recorded calls went through, and stubs replaying the recorded results in order.
//! [`tests_for`] builds the model ([`model_for`]) and renders it as Java
//! ([`crate::render`]).

use std::collections::{HashMap, HashSet};

use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_plan::{MethodRef, MockableCall, Mut, Receiver};
use mimic_trace::{jdk_by_fields, CallEffects, InvocationRecord, Outcome, Value, OPTIONALS};

use crate::environment::ENVIRONMENT_CLASS;
use crate::gaps::SkipReason;
use crate::java::*;
use crate::model::{
    Act, Answer, Arrange, Assertion, EnvironmentCall, InvocationTests, RecordedCall, Step, Stub,
    TestModel,
};
use crate::render::ENVIRONMENT_VAR;
use crate::values::{Builder, Names, FIXTURES};

/// The three oracles of the rick paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Oracle {
    /// Output oracle: the return value (or thrown exception) is the recorded one.
    #[serde(rename = "OO")]
    Output,
    /// Parameter oracle: each mockable call happened with the recorded arguments.
    #[serde(rename = "PO")]
    Parameters,
    /// Call oracle: the mockable calls happened in the recorded order and frequency.
    #[serde(rename = "CO")]
    Calls,
}

impl Oracle {
    pub fn suffix(self) -> &'static str {
        match self {
            Oracle::Output => "output",
            Oracle::Parameters => "parameters",
            Oracle::Calls => "calls",
        }
    }
}

/// A generated test method, with the figures `mimic verify` reports.
#[derive(Debug, Clone)]
pub struct TestMethod {
    pub name: String,
    pub oracle: Oracle,
    pub source: String,
    pub mock_objects: usize,
    pub mock_methods: usize,
    pub stubs: usize,
    pub oracle_statements: usize,
    /// It uses the `EnvironmentReplay` helper.
    pub replays_environment: bool,
}

/// Why no test could be generated for an invocation: which of the closed list of
/// reasons, and in words.
#[derive(Debug, Clone)]
pub struct Skipped {
    pub kind: SkipReason,
    pub reason: String,
}

/// Declare a new mock of `class` (dotted), named after `base`: its Arrange step, and its
/// place among the test's mocks. Returns its variable.
fn declare_mock(
    b: &mut Builder,
    steps: &mut Vec<Step>,
    mocks: &mut Vec<String>,
    base: &str,
    class: &str,
) -> String {
    let var = b.names.fresh(base);
    steps.push(Step::Mock {
        type_name: class_name(class, b.package),
        var: var.clone(),
    });
    mocks.push(var.clone());
    var
}

/// `Type var = spy(real);`: a spy of type `class` on the rebuilt object `real` (cast
/// when built by class name, a generic call, or held in a variable declared `Object`, as
/// a nested class's object is). Returns its variable.
fn declare_spy(
    b: &mut Builder,
    steps: &mut Vec<Step>,
    base: &str,
    class: &str,
    real: String,
) -> String {
    let var = b.names.fresh(base);
    let type_name = class_name(class, b.package);
    let real = if crate::values::built_by_name(&real) {
        format!("({type_name}) {real}")
    } else {
        b.as_type(&real, &type_name)
    };
    steps.push(Step::Statement(format!("{type_name} {var} = spy({real});")));
    var
}

/// What a MUT's test methods are named after: the method, or `constructor`.
fn test_name(m: &Mut) -> &str {
    if m.is_constructor() {
        "constructor"
    } else {
        &m.method
    }
}

/// A test method's name: `purchaseTickets_3_output` (method, invocation ordinal, oracle).
fn test_method_name(m: &Mut, ordinal: usize, oracle: Oracle) -> String {
    format!("{}_{ordinal}_{}", identifier(test_name(m)), oracle.suffix())
}

/// The invocation with each separately recorded value's object ids moved past those of
/// the values before it (ids are local to a recorded value): a reference then resolves
/// only within its value. The receiver before and after share theirs (one object, two
/// moments), and an argument recorded as an object of the receiver
/// ([`Value::InReceiver`]) becomes a reference to it.
fn with_disjoint_ids(inv: &InvocationRecord) -> InvocationRecord {
    let mut inv = inv.clone();
    let receiver = [&inv.receiver_before, &inv.receiver_after]
        .iter()
        .filter_map(|r| r.as_ref().map(Value::max_id))
        .max()
        .unwrap_or(0);
    let mut next = receiver;
    let mut apart = |v: &mut Value| {
        let top = v.max_id();
        v.offset_ids(next);
        next = next.saturating_add(top);
    };
    inv.arguments.iter_mut().for_each(&mut apart);
    if inv.receiver_before.is_some() {
        inv.arguments.iter_mut().for_each(Value::link_to_receiver);
    }
    inv.statics.iter_mut().for_each(&mut apart);
    for c in &mut inv.calls {
        c.arguments.iter_mut().for_each(&mut apart);
        match &mut c.outcome {
            Outcome::Returned { value } | Outcome::Threw { exception: value } => apart(value),
        }
    }
    match &mut inv.outcome {
        Outcome::Returned { value } | Outcome::Threw { exception: value } => apart(value),
    }
    inv
}

/// The mocks that answered the recorded calls at one site — (the helper the call sits
/// in, or none for the method's own body; its offset) — in order, each with the identity
/// of the object production returned there.
type Answered<'m> = HashMap<(Option<&'m MethodRef>, u32), Vec<(Option<i32>, String)>>;

fn all_calls(m: &Mut) -> Vec<&MockableCall> {
    m.plan_calls().collect()
}

fn receiver_key(r: &Receiver) -> String {
    match r {
        Receiver::Field {
            name, is_static, ..
        } => format!("{}field:{name}", if *is_static { "static " } else { "" }),
        Receiver::Param { index, .. } => format!("param:{index}"),
        Receiver::Environment { key, .. } => format!("environment:{key}"),
        Receiver::Result { call, .. } => format!("result:{call}"),
    }
}

/// A stubbed call's answer built as a collection or map (`new ArrayList<>(…)`): cast to
/// the method's raw return type, since the stub wants the declared generic type
/// (`List<? extends Object>`), which javac does not infer the built one to be.
fn raw_for_stub(e: String, value: &Value, ret: Option<&FieldType>) -> String {
    match (value, ret) {
        (Value::Collection { .. } | Value::Map { .. }, Some(FieldType::Object(t)))
            if crate::values::nameable(&t.replace('/', ".")) && !e.starts_with('(') =>
        {
            format!("({}) {e}", t.replace('/', "."))
        }
        // Generic (`<T> T create(String, …)`): among consecutive answers javac may take
        // it for `thenReturn`'s whole varargs array.
        (_, Some(FieldType::Object(t)))
            if crate::values::built_by_name(&e)
                && crate::values::nameable(&t.replace('/', ".")) =>
        {
            format!("({}) {e}", t.replace('/', "."))
        }
        _ => e,
    }
}

/// [`Value::is_literal`], or an interned constant (`COSName.DEVICERGB`): written by its name
/// and compared by `equals`, which is its identity too. Not for the fields of a result or
/// receiver, which the test's own answers may not have set (a stubbed answer's `tag` that
/// the method does not read).
fn named_like(v: &Value) -> bool {
    v.is_literal() || matches!(v, Value::Constant { .. })
}

/// A matcher for any value of a parameter type; typed for references, so that calls to
/// overloaded methods stay unambiguous (nested types may be private: plain `any()`).
fn any_matcher(t: &FieldType, package: &str) -> String {
    match t {
        FieldType::Boolean => "anyBoolean()".into(),
        FieldType::Byte => "anyByte()".into(),
        FieldType::Char => "anyChar()".into(),
        FieldType::Short => "anyShort()".into(),
        FieldType::Int => "anyInt()".into(),
        FieldType::Long => "anyLong()".into(),
        FieldType::Float => "anyFloat()".into(),
        FieldType::Double => "anyDouble()".into(),
        t if untyped(t) => "any()".into(),
        t => format!("any({}.class)", type_name(t, package)),
    }
}

/// A matcher for any value of a parameter type or null (`nullable(T.class)`; `any()`,
/// which matches null too, where the type cannot be named), for a reference type; a
/// primitive's wildcard otherwise.
fn nullable_matcher(t: &FieldType, package: &str) -> String {
    match t {
        FieldType::Object(_) | FieldType::Array(_) if !untyped(t) => {
            format!("nullable({}.class)", type_name(t, package))
        }
        _ => any_matcher(t, package),
    }
}

/// Is a matcher for `t` left untyped (`any()`, `isNull()`)? A nested type may be private
/// to the test, and an [`erased`] one does not compile typed.
fn untyped(t: &FieldType) -> bool {
    t.descriptor().contains('$') || erased(t)
}

/// Is `t` `Object`, most often a type variable erased (`<A> void accept(Visitor<A> v, A
/// arg)`): a matcher typed `Object` (`any(Object.class)`, `(Object) isNull()`) does not
/// compile where javac infers `A` from another argument, so it is left untyped.
fn erased(t: &FieldType) -> bool {
    matches!(t, FieldType::Object(n) if n == "java/lang/Object")
}

/// Does the value hold a project object (or a writer or builder), which its class may
/// not compare by meaning?
fn holds_objects(v: &Value) -> bool {
    match v {
        Value::Object { .. } | Value::Ref { .. } => true,
        Value::Text { class, .. } => mimic_trace::compares_by_identity(class),
        Value::Collection { elements, .. } | Value::Array { elements, .. } => {
            elements.iter().any(holds_objects)
        }
        Value::Map { entries, .. } => entries
            .iter()
            .any(|(k, v)| holds_objects(k) || holds_objects(v)),
        _ => false,
    }
}

/// A stub's answer that does what production's call did to its arguments
/// ([`CallEffects`]): appends the text it appended to a writer or builder it was given,
/// sets the fields it changed of the receiver under test it was handed (`parent`, null
/// once a parent removed the child), then returns the argument it returned, or
/// `returns` (`None`: nothing, a void call).
fn acting(b: &mut Builder, effects: &CallEffects, returns: Option<String>) -> Answer {
    let param = b.names.fresh("invocation");
    let mut statements: Vec<String> = effects
        .appended
        .iter()
        .map(|(i, text)| {
            format!(
                "((Appendable) {param}.getArgument({i})).append({});",
                string_literal(text)
            )
        })
        .collect();
    for (i, field) in &effects.receiver_fields {
        let value = b.expr(&field.value, None);
        statements.push(format!(
            "Fixtures.set({param}.getArgument({i}), {}, {value});",
            string_literal(&field.name)
        ));
    }
    let returns = match effects.returned_argument {
        Some(i) => Some(format!("{param}.getArgument({i})")),
        None => returns,
    };
    Answer::Act {
        param,
        statements,
        returns,
    }
}

/// The stubs of one mock's method for one list of argument matchers: (mock, method,
/// descriptor, matchers, the recorded outcomes each with the mock answered instead of
/// its value and what the call did to its arguments, void).
type StubGroup = (
    String,
    String,
    String,
    Vec<String>,
    Vec<(Outcome, Option<String>, Option<CallEffects>)>,
    bool,
);

/// A mock's method that handed back the same argument, and did nothing else, in every
/// call the invocation made of it (an `unwrap`, a `coerce`) does so for any argument:
/// its stubs become one, on wildcards (null matched too). Code the test runs for real —
/// a wrapper a stub answered, whose guard asks the same mock to `coerce` a scope
/// (mustache.java) — then gets what production's object gave it, not a mock's `null`.
/// The call oracle still checks the recorded calls with their own matchers. Spies run
/// the real method anyway and are left alone.
fn merge_echoes(
    groups: &mut [StubGroup],
    used_answers: &mut HashSet<usize>,
    spies: &[String],
    package: &str,
) {
    let echo = |o: &(Outcome, Option<String>, Option<CallEffects>)| match o {
        (Outcome::Returned { .. }, None, Some(e))
            if e.appended.is_empty() && e.receiver_fields.is_empty() =>
        {
            e.returned_argument
        }
        _ => None,
    };
    for first in 0..groups.len() {
        let (var, name, descriptor) = (&groups[first].0, &groups[first].1, &groups[first].2);
        if groups[first].5 || spies.contains(var) || !used_answers.contains(&first) {
            continue;
        }
        let same: Vec<usize> = (0..groups.len())
            .filter(|&i| &groups[i].0 == var && &groups[i].1 == name && &groups[i].2 == descriptor)
            .filter(|i| used_answers.contains(i))
            .collect();
        // The method's first stub (a later one was merged into it already).
        if same[0] != first {
            continue;
        }
        let index = echo(&groups[first].4[0]);
        let all_echo = index.is_some()
            && same
                .iter()
                .all(|&i| groups[i].4.iter().all(|o| echo(o) == index));
        if !all_echo {
            continue;
        }
        // `Object` parameters (an erased type variable) take `(Object) any()`: a bare
        // `any()` lets javac pick another overload (JDOM's `Filter.filter(List)` beside
        // the `filter(Object)` recorded), which the stub would then be on.
        let Ok(desc) = MethodDescriptor::parse(descriptor) else {
            continue;
        };
        groups[first].3 = desc
            .params
            .iter()
            .map(|t| match t {
                t if erased(t) => "(Object) any()".to_string(),
                t => nullable_matcher(t, package),
            })
            .collect();
        groups[first].4.truncate(1);
        for &i in &same[1..] {
            used_answers.remove(&i);
            groups[i].4.clear();
        }
    }
}

/// Matchers (or literals) for a recorded call's arguments; `mocks` names the arguments
/// that were one of the test's mocks (by index), matched by identity.
fn arg_matchers(
    b: &mut Builder,
    args: &[Value],
    params: &[FieldType],
    mocks: &HashMap<usize, String>,
) -> Vec<String> {
    let exact = mocks.is_empty() && args.iter().all(Value::is_literal);
    args.iter()
        .zip(params)
        .enumerate()
        .map(|(i, (v, t))| {
            if let Some(var) = mocks.get(&i) {
                return format!("same({var})");
            }
            if exact {
                return b.expr(v, Some(t));
            }
            match v {
                Value::Null => match t {
                    t if untyped(t) => "isNull()".to_string(),
                    t => format!("({}) isNull()", type_name(t, b.package)),
                },
                v if named_like(v) => format!("eq({})", b.expr(v, Some(t))),
                Value::Array { .. } => format!(
                    "org.mockito.AdditionalMatchers.aryEq({})",
                    b.expr(v, Some(t))
                ),
                // A writer or builder: its `equals` is identity, and its text when the
                // call was made is gone by the time Mockito compares (the code goes on
                // writing into it): any object of the type.
                // A charset's decoder or encoder, an iterator: their `equals` is identity too.
                Value::Text { class, .. } if mimic_trace::compares_by_identity(class) => {
                    any_matcher(t, b.package)
                }
                Value::Collection { class, .. } if class == mimic_trace::ITERATOR => {
                    any_matcher(t, b.package)
                }
                // Holding a project object, whose class may not define `equals`: by
                // meaning (`Fixtures.looksLike`), as production's value was recorded.
                Value::Collection { .. } | Value::Map { .. } if holds_objects(v) => {
                    match b.try_expr(v, Some(t)) {
                        // Cast to the parameter's type: an overloaded method stays
                        // unambiguous.
                        Some(e) if !t.descriptor().contains('$') => {
                            format!("({}) {FIXTURES}.looksLike({e})", type_name(t, b.package))
                        }
                        Some(e) => format!("{FIXTURES}.looksLike({e})"),
                        None => any_matcher(t, b.package),
                    }
                }
                Value::Collection { .. } | Value::Map { .. } | Value::Text { .. } => {
                    format!("eq({})", b.expr(v, Some(t)))
                }
                // Production passed the receiver itself: that very object. (Ids of other
                // objects are local to each recorded value, so they say nothing here.)
                Value::Receiver => "same(receiver)".to_string(),
                _ => match t {
                    FieldType::Object(n) if !n.contains('$') && !erased(t) => {
                        format!("any({}.class)", type_name(t, b.package))
                    }
                    _ => "any()".to_string(),
                },
            }
        })
        .collect()
}

/// Does the value hold an object's default `toString` (`LogFactoryImpl@1300109446`,
/// `Foo@1b6d3586`)? Its identity hash differs in every JVM: no test can expect it.
fn names_an_identity(v: &Value) -> bool {
    let Value::Str { v } = v else { return false };
    let bytes = v.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        b == b'@'
            && i > 0
            && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'$')
            && bytes[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_hexdigit())
                .count()
                >= 6
    })
}

/// At most this many fields of a returned object are asserted, in declaration order.
const RESULT_FIELDS: usize = 8;

/// Does `equals` of this collection class compare contents? The `List` and `Set`
/// contracts say so (and every `Map`'s); a queue or deque (`ArrayDeque`), a map's
/// `values()` view or an unmodifiable wrapper of a plain collection compare identity.
fn compares_contents(class: &str) -> bool {
    let simple = short_class(class);
    simple.contains("List") || simple.contains("Set") || matches!(simple, "Vector" | "Stack")
}

/// Is the returned value something an output oracle can assert?
fn assertable(v: &Value) -> bool {
    match v {
        Value::Null => true,
        v if named_like(v) => true,
        // A decoder or encoder is not equal to one built like it.
        Value::Text { class, .. } => !mimic_trace::IDENTITY_TEXTS.contains(&class.as_str()),
        Value::Array {
            elements,
            truncated: false,
            ..
        } => elements
            .iter()
            .all(|e| assertable(e) && !matches!(e, Value::Array { .. })),
        Value::Collection {
            elements,
            class,
            truncated: false,
            ..
        } if compares_contents(class) => elements
            .iter()
            .all(|e| assertable(e) && !matches!(e, Value::Array { .. })),
        Value::Map {
            entries,
            truncated: false,
            ..
        } => entries.iter().all(|(k, v)| assertable(k) && assertable(v)),
        _ => false,
    }
}

/// Values with more nodes than this are read from a JSON resource instead of written inline.
pub const INLINE_NODE_LIMIT: usize = 25;

/// Nodes of a value graph (every value counts one).
pub fn node_count(v: &Value) -> usize {
    1 + v.children().map(node_count).sum::<usize>()
}

/// The tests of one invocation and the resource files they read.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    pub tests: Vec<TestMethod>,
    /// (file name relative to the test class's package, JSON text)
    pub resources: Vec<(String, String)>,
}

/// Build the tests for one invocation of `m`, in test class `test_class` (simple name),
/// as Java.
pub fn tests_for(
    m: &Mut,
    inv: &InvocationRecord,
    ordinal: usize,
    oracles: &[Oracle],
    test_class: &str,
    stand_ins: StandIns,
) -> Result<Generated, Skipped> {
    let (model, resources) = model_with(m, inv, ordinal, oracles, test_class, stand_ins)?;
    Ok(Generated {
        tests: model
            .tests
            .iter()
            .map(|t| crate::render::test_method(&model.arrange, t))
            .collect(),
        resources,
    })
}

/// Move the statements the builder wrote so far into the Arrange steps.
fn flush(steps: &mut Vec<Step>, statements: &mut Vec<String>) {
    steps.extend(statements.drain(..).map(Step::Statement));
}

/// The invocation without the calls made on an object its method put in a mocked field
/// ([`CallEffects::receiver_replaced`]: `this.scanner = Scanner.of(lines)` in a helper,
/// then `scanner.peek()`), nor the calls on what those answered: a mock in the field
/// never receives them; the object the method builds does what it does for real. Unless
/// the object is one an earlier mocked call answered ([`on_stored_answer`]): the test's
/// mock of that answer receives them.
fn without_replaced_calls(m: &Mut, inv: &InvocationRecord) -> InvocationRecord {
    let mut out = inv.clone();
    let replaced = |c: &mimic_trace::CallRecord| {
        c.effects.as_ref().is_some_and(|e| e.receiver_replaced)
            && on_stored_answer(inv, c).is_none()
            && on_argument(m, c).is_none()
    };
    if !inv.calls.iter().any(replaced) {
        return out;
    }
    // (the helper a call sits in, the call's offset) of the dropped calls.
    let key =
        |plan_call: u32, offset: u32| (m.deeper_call(plan_call).map(|d| d.via.clone()), offset);
    let mut dropped: Vec<(Option<mimic_plan::MethodRef>, u32)> = Vec::new();
    out.calls.retain(|c| {
        let Some(pc) = m.plan_call(c.plan_call) else {
            return true;
        };
        let on_dropped = matches!(&pc.receiver, Receiver::Result { call, .. }
            if dropped.contains(&key(c.plan_call, *call)));
        if replaced(c) || on_dropped {
            dropped.push(key(c.plan_call, pc.offset));
            return false;
        }
        true
    });
    out
}

/// The earlier call whose mocked answer a call on a replaced field object was made on:
/// that call answered this very object and the method stored it in the field (Pebble's
/// `this.filter = registry.getFilter(name)`, then `filter.apply(…)`).
fn on_stored_answer<'i>(
    inv: &'i InvocationRecord,
    c: &mimic_trace::CallRecord,
) -> Option<&'i mimic_trace::CallRecord> {
    if !c.effects.as_ref().is_some_and(|e| e.receiver_replaced) {
        return None;
    }
    let id = c.receiver_identity?;
    inv.calls
        .iter()
        .take_while(|e| e.seq < c.seq)
        .filter(|e| e.answer_identity == Some(id))
        .last()
}

/// The mocked parameter a call on a replaced field object was made on: the method (or a
/// helper, `super.init(rs)`) stored that argument in the field
/// ([`CallEffects::receiver_argument`]), so the test's mock of it receives the call.
fn on_argument<'m>(m: &'m Mut, c: &mimic_trace::CallRecord) -> Option<&'m Receiver> {
    let effects = c.effects.as_ref().filter(|e| e.receiver_replaced)?;
    let index = effects.receiver_argument?;
    all_calls(m)
        .into_iter()
        .map(|c| &c.receiver)
        .find(|r| matches!(r, Receiver::Param { index: i, .. } if u32::from(*i) == index))
}

/// The invocation with the lambdas the method runs itself ([`Mut::runs_params`],
/// [`Mut::runs_fields`]) left opaque: a mock of their interface would answer defaults
/// where production's lambda did something.
fn without_stand_ins_for_run_lambdas(m: &Mut, inv: &InvocationRecord) -> InvocationRecord {
    let mut out = inv.clone();
    // The lambda itself, or one the JDK container holds (Pebble's `strategies` map of
    // escaping lambdas, one of which the method gets and runs).
    fn forget(v: &mut Value) {
        match v {
            Value::Opaque { implements, .. } => *implements = None,
            Value::Collection { elements, .. } | Value::Array { elements, .. } => {
                elements.iter_mut().for_each(forget)
            }
            Value::Map { entries, .. } => entries.iter_mut().for_each(|(k, v)| {
                forget(k);
                forget(v);
            }),
            _ => {}
        }
    }
    for &i in &m.runs_params {
        if let Some(v) = out.arguments.get_mut(i as usize) {
            forget(v);
        }
    }
    if let Some(Value::Object { fields, .. }) = &mut out.receiver_before {
        for f in fields
            .iter_mut()
            .filter(|f| m.runs_fields.contains(&f.name))
        {
            forget(&mut f.value);
        }
    }
    out
}

/// The test model for one invocation of `m`, with the resource files its large values
/// are read from.
#[allow(clippy::type_complexity)]
pub fn model_for(
    m: &Mut,
    inv: &InvocationRecord,
    ordinal: usize,
    oracles: &[Oracle],
    test_class: &str,
) -> Result<(InvocationTests, Vec<(String, String)>), Skipped> {
    model_with(m, inv, ordinal, oracles, test_class, StandIns::Recorded)
}

/// What may stand in for a value the recorder cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandIns {
    /// Nothing: an invocation with such a value gets no test.
    Recorded,
    /// A mock for an object of the application's that the depth limit cut, in what the
    /// test feeds the method (the receiver, arguments, stub answers). Only for a method
    /// whose invocations get no test otherwise: the mock answers defaults where
    /// production's object had state, so `verify` says whether the test still mimics.
    CutObjects,
}

/// [`model_for`], with what may stand in for values the recorder cut.
pub fn model_with(
    m: &Mut,
    inv: &InvocationRecord,
    ordinal: usize,
    oracles: &[Oracle],
    test_class: &str,
    stand_ins: StandIns,
) -> Result<(InvocationTests, Vec<(String, String)>), Skipped> {
    if let Some(collection) = crate::each_lambda::each_lambda_ran(m, inv) {
        return Err(Skipped {
            kind: SkipReason::LambdaRan,
            reason: format!(
                "a lambda the method hands to {collection}.forEach ran on its elements: what it read was not recorded"
            ),
        });
    }
    let inv = &with_disjoint_ids(inv);
    let inv = &without_replaced_calls(m, inv);
    let inv = &without_stand_ins_for_run_lambdas(m, inv);
    let mut resources: Vec<(String, String)> = Vec::new();
    let resource_base = format!("{test_class}-{}-{ordinal}", identifier(test_name(m)));
    let mut large = |role: &str, v: &Value| -> Option<String> {
        // A value with a part that cannot be rebuilt is written inline, where that part
        // is a named problem (the invocation is skipped), never loaded half-rebuilt; so
        // is one that refers to a mock, which only the test's code can name.
        if node_count(v) <= INLINE_NODE_LIMIT || v.has_unbuildable() || v.has_mock() {
            return None;
        }
        // The same method answered by two mocks has the same role: a file of its own.
        let mut file = format!("{resource_base}-{role}.json");
        let mut n = 1;
        while resources.iter().any(|(f, _)| *f == file) {
            n += 1;
            file = format!("{resource_base}-{role}-{n}.json");
        }
        resources.push((
            file.clone(),
            serde_json::to_string_pretty(v).unwrap_or_default(),
        ));
        Some(format!(
            "{FIXTURES}.load({test_class}.class, {})",
            string_literal(&file)
        ))
    };
    let package = package_of(&m.class).to_string();
    let desc = MethodDescriptor::parse(&m.descriptor).map_err(|e| Skipped {
        kind: SkipReason::PlanMismatch,
        reason: e.to_string(),
    })?;
    let plan_calls = all_calls(m);
    let mut names = Names::default();
    for reserved in [
        "receiver",
        "result",
        "thrown",
        "inOrder",
        "previous",
        ENVIRONMENT_VAR,
    ] {
        names.reserve(reserved);
    }

    // Which receivers are mocked: every one a recorded call went through, plus every
    // mockable receiver of the plan (so that unrecorded paths meet a mock, not a real object).
    let mut mocked: Vec<&Receiver> = Vec::new();
    let receiver_class = match &inv.receiver_before {
        Some(Value::Object { class, .. }) => Some(class.as_str()),
        _ => None,
    };
    for (i, c) in plan_calls.iter().enumerate() {
        // A call's result is mocked per recorded call, below.
        if matches!(
            c.receiver,
            Receiver::Environment { .. } | Receiver::Result { .. }
        ) {
            continue;
        }
        // A call in a subclass's override that this receiver's class does not run: its
        // field may not even exist in the object.
        if m.deeper_call(i as u32)
            .is_some_and(|d| !d.runs_for(receiver_class))
        {
            continue;
        }
        if !mocked
            .iter()
            .any(|r| receiver_key(r) == receiver_key(&c.receiver))
        {
            mocked.push(&c.receiver);
        }
    }
    // A field or parameter that was null in production, and no recorded call went
    // through, stays null: a mock there would take the test down a path production did
    // not take (`if (attributes == null) return false;`). One the method set before
    // calling it (`if (cache == null) cache = new Cache();`) keeps its mock, which
    // answers the recorded calls.
    // (A call on a mocked answer the method stored in the field went through that
    // answer's mock, not the field's.)
    let called: HashSet<String> = inv
        .calls
        .iter()
        .filter(|c| on_stored_answer(inv, c).is_none() && on_argument(m, c).is_none())
        .filter_map(|c| plan_calls.get(c.plan_call as usize))
        .map(|c| receiver_key(&c.receiver))
        .collect();
    mocked.retain(|r| {
        called.contains(&receiver_key(r)) || !matches!(recorded_receiver(inv, r), Some(Value::Null))
    });
    let mut roots: Vec<&Value> = inv.arguments.iter().collect();
    if let Some(r) = &inv.receiver_before {
        roots.push(r);
    }
    for c in &inv.calls {
        roots.extend(c.arguments.iter());
        roots.push(mimic_trace::store::outcome_value(&c.outcome));
    }
    roots.push(mimic_trace::store::outcome_value(&inv.outcome));
    let mut b = Builder::new(&package, &mut names, &roots);
    b.cut_stand_ins = stand_ins == StandIns::CutObjects;
    // In a method that calls itself, a cut object of the class of an argument is a node
    // of the tree it walks (EvalEx's `evaluateSubtree(ASTNode)` recursing into the
    // node's parameters): it reads the cut node's fields as it read the top one's, which
    // a mock does not have. No mock stands in for it. (A visitor reaches a child through
    // the child's own methods, `child.accept(this)`, which a mock answers.)
    if m.recursive {
        b.walked_classes = inv
            .arguments
            .iter()
            .filter_map(|v| b.resolved(v)?.class().map(str::to_string))
            .collect();
    }
    // Whenever the plan says the method reads the environment, its tests replay it, so
    // that a path production did not take fails instead of reading the real one; and a
    // source of randomness it holds is stood in by a fresh instance.
    let replays_environment = plan_calls.iter().any(|c| c.receiver.is_environment());
    b.environment_replayed = replays_environment;

    let mut steps: Vec<Step> = Vec::new();
    let mut restore = Vec::new();
    let mut mocks: Vec<String> = Vec::new();
    let mut spies: Vec<String> = Vec::new();
    let mut mock_of: HashMap<String, String> = HashMap::new();
    // Receivers that are production's own constants, not mocks.
    let mut constants: HashSet<String> = HashSet::new();
    let made: HashSet<usize> = inv.calls.iter().map(|c| c.plan_call as usize).collect();
    for r in &mocked {
        let (base, declared) = match r {
            Receiver::Field {
                name,
                declared_type,
                ..
            } => (name.clone(), declared_type.clone()),
            Receiver::Param { declared_type, .. } => (
                short_class(&declared_type.replace('/', ".")).to_string(),
                declared_type.clone(),
            ),
            Receiver::Environment { .. } | Receiver::Result { .. } => continue,
        };
        // Calls made after a cast (`((COSStream) base).getX()`) need a mock of the cast type:
        // when the calls this invocation made on this receiver name one owner other than
        // the declared type, mock that owner. (A cast call production did not make, on a
        // path taken for another class, says nothing of this object: JDOM's `add(int,
        // Content)` calls `((Element) child).isAncestor(…)` only when the child is one.)
        let declared_dotted = declared.replace('/', ".");
        // A JDK owner of a project-typed receiver is one of its supertypes (a
        // `COSStandardOutputStream` field handed to a helper taking an `OutputStream`):
        // the field could not hold a mock of it.
        let jdk_over_project =
            |owner: &str| owner.starts_with("java.") && !declared_dotted.starts_with("java.");
        let mut owners: Vec<&str> = plan_calls
            .iter()
            .enumerate()
            .filter(|(i, _)| made.contains(i))
            .map(|(_, c)| c)
            .filter(|c| {
                receiver_key(&c.receiver) == receiver_key(r)
                    && c.owner != declared_dotted
                    && !jdk_over_project(&c.owner)
            })
            .map(|c| c.owner.as_str())
            .collect();
        owners.dedup();
        // Otherwise the class production actually had there: the MUT may test it with
        // `instanceof`, which a mock of a supertype would fail.
        let recorded = recorded_receiver(inv, r);
        // Collaborators used only through an interface are mocked as that interface,
        // unless the method also reads their fields (Velocity's `ASTSetDirective` reads
        // `lastImage` of its `Node right`): an interface's mock has no fields; or tests
        // their class (JDOM's `ContentList.add` asks `parent instanceof Element`).
        let through_interface = plan_calls
            .iter()
            .filter(|c| receiver_key(&c.receiver) == receiver_key(r))
            .all(|c| c.instruction == "invokeinterface")
            && !m
                .collaborator_fields
                .iter()
                .any(|f| receiver_key(&f.receiver) == receiver_key(r));
        // A package-private method is not a member of a subclass in another package; a
        // protected one that the class or a superclass of it in another package than the
        // test's overrides is not visible to the test (javac would pick another overload:
        // Commons JEXL's `ScriptVisitor.visit(ASTAddNode, …)` overriding `ParserVisitor`'s,
        // seen from the parser's package through `FeatureController`, a subclass that lives
        // there again). Which classes override it is not in the plan: any subclass is
        // mocked as the owner.
        let hides_call = |class: &str| {
            plan_calls.iter().any(|c| {
                receiver_key(&c.receiver) == receiver_key(r)
                    && ((c.package_private && package_of(&c.owner) != package_of(class))
                        || (c.protected && c.owner != class))
            })
        };
        let runtime_class = match recorded {
            _ if through_interface && !class_tested(m, r) => None,
            Some(Value::Object { class, .. }) if hides_call(class) => None,
            Some(Value::Object { class, .. })
                if !class.contains('$') && !class.starts_with("java.") =>
            {
                Some(class.clone())
            }
            _ => None,
        };
        let mock_type = match (runtime_class, owners.as_slice()) {
            (Some(c), _) => c,
            (None, [one]) if !one.contains('$') => one.to_string(),
            _ => declared_dotted,
        };
        // An interned constant (`COSName.DEVICERGB`) production made no mockable call on:
        // the code may compare it by identity, which neither a mock nor a spy (a copy)
        // keeps, and no call needs stubbing or checking. The test passes the constant
        // itself. (One it did call stays a mock: its calls, stubbed as recorded, may be
        // given what a test can only stand in for, a stream, a document.)
        let called = inv.calls.iter().any(|c| {
            plan_calls
                .get(c.plan_call as usize)
                .is_some_and(|pc| receiver_key(&pc.receiver) == receiver_key(r))
        });
        if let (Some(constant @ Value::Constant { .. }), false) = (recorded, called) {
            let var = b.expr(constant, None);
            constants.insert(var.clone());
            mock_of.insert(receiver_key(r), var);
            continue;
        }
        let var = match spied_value(m, r, recorded).and_then(|v| b.try_expr(v, None)) {
            Some(real) => {
                flush(&mut steps, &mut b.statements);
                let var = declare_spy(&mut b, &mut steps, &base, &mock_type, real);
                mocks.push(var.clone());
                spies.push(var.clone());
                var
            }
            None => {
                let var = declare_mock(&mut b, &mut steps, &mut mocks, &base, &mock_type);
                read_fields_of_mock(&mut b, m, r, recorded, &mock_type, &var);
                var
            }
        };
        // Production's other references to the object (a current record's parser, which
        // is the iterator's mocked outer parser) are that mock too.
        if let Some(id) = recorded.and_then(Value::id) {
            b.alias(id, &var);
        }
        mock_of.insert(receiver_key(r), var);
    }

    // The receiving object, with its mocked fields replaced by the mocks; an anonymous or
    // local class's, declared as the supertype its method is called through.
    let class_src = class_name(m.called_through.as_ref().unwrap_or(&m.class), &package);
    // A constructor's collaborators stored in fields are mocks (the thesis's constructor
    // tests), unless the plan mocks that parameter already.
    let mut stored_mocks: Vec<(String, String)> = Vec::new();
    for pf in m.param_fields.iter().filter(|p| p.mock) {
        let key = receiver_key(&Receiver::Param {
            index: pf.index,
            declared_type: pf.declared_type.clone(),
        });
        let var = match mock_of.get(&key) {
            Some(var) => var.clone(),
            None => {
                let dotted_type = pf.declared_type.replace('/', ".");
                let var = declare_mock(
                    &mut b,
                    &mut steps,
                    &mut mocks,
                    short_class(&dotted_type),
                    &dotted_type,
                );
                mock_of.insert(key, var.clone());
                var
            }
        };
        stored_mocks.push((pf.field.clone(), var));
    }
    let target = if m.is_static || m.is_constructor() {
        class_src.clone()
    } else {
        let Some(Value::Object {
            id,
            class,
            fields,
            truncated: false,
        }) = &inv.receiver_before
        else {
            // Which limit cut it, so a user knows what to raise.
            let why = match &inv.receiver_before {
                None => "missing".to_string(),
                Some(v @ Value::Object { .. }) => format!(
                    "{}: {}",
                    v.brief(),
                    v.limit_cut()
                        .unwrap_or("fields left out past the node or byte limit")
                ),
                Some(v) => v.brief(),
            };
            return Err(Skipped {
                kind: SkipReason::ReceiverNotRecorded,
                reason: format!("the receiving object was not recorded field by field ({why})"),
            });
        };
        let mut overrides = HashMap::new();
        for r in &mocked {
            if let Receiver::Field {
                name,
                is_static: false,
                ..
            } = r
            {
                overrides.insert(name.clone(), mock_of[&receiver_key(r)].clone());
            }
        }
        b.place = "the receiver".into();
        b.stand_ins = true;
        match large(
            "receiver",
            inv.receiver_before.as_ref().expect("matched above"),
        ) {
            Some(load) => {
                b.statements.push(format!("{class_src} receiver = {load};"));
                let mut names: Vec<&String> = overrides.keys().collect();
                names.sort();
                for name in names {
                    b.statements.push(format!(
                        "{FIXTURES}.set(receiver, {}, {});",
                        string_literal(name),
                        overrides[name]
                    ));
                }
            }
            None => {
                // Its own constructor when one builds exactly the recorded state.
                let constructed = match &m.field_constructor {
                    Some(c) if *class == m.class && m.called_through.is_none() => {
                        b.construct(*id, class, fields, &overrides, c)
                    }
                    _ => None,
                };
                let create = match constructed {
                    Some(c) => c,
                    None => {
                        let e = b.object(*id, class, fields, &overrides);
                        b.as_type(&e, &class_src)
                    }
                };
                b.statements
                    .push(format!("{class_src} receiver = {create};"));
            }
        }
        "receiver".to_string()
    };
    for r in &mocked {
        if let Receiver::Field {
            name,
            is_static: true,
            ..
        } = r
        {
            let var = &mock_of[&receiver_key(r)];
            let prev = b.names.fresh(&format!("previous {name}"));
            b.statements.push(format!(
                "Object {prev} = {FIXTURES}.setStatic({class_src}.class, {}, {var});",
                string_literal(name)
            ));
            restore.push(format!(
                "{FIXTURES}.setStatic({class_src}.class, {}, {prev});",
                string_literal(name)
            ));
        }
    }

    b.place = "static state".into();
    b.stand_ins = true;
    static_state(&mut b, m, inv, &mocked, &class_src, &package, &mut restore)?;
    b.place = "a collaborator's fields".into();
    b.stand_ins = true;
    collaborator_state(&mut b, m, inv, &mock_of);

    // Arguments: mocks for mocked parameters, literals inline, other values as locals.
    let mut args = Vec::new();
    for (i, (v, t)) in inv.arguments.iter().zip(&desc.params).enumerate() {
        if let Some(var) = mock_of.get(&format!("param:{i}")) {
            args.push(var.clone());
            continue;
        }
        b.place = format!("argument {}", i + 1);
        b.stand_ins = true;
        let e = match large(&format!("arg{i}"), v) {
            Some(load) => load,
            None => b.expr(v, Some(t)),
        };
        if matches!(v, Value::Null) {
            // Typed, so that an overload of the same arity (`setModule(String)` beside
            // `setModule(ModuleDeclaration)`) does not make the call ambiguous.
            args.push(format!("({}) null", type_name(t, &package)));
        } else if named_like(v) || e.chars().all(|c| c.is_alphanumeric() || c == '_') {
            args.push(e);
        } else {
            let var = b.names.fresh(&match t {
                FieldType::Object(n) => short_class(&n.replace('/', ".")).to_string(),
                _ => format!("arg{i}"),
            });
            b.statements
                .push(format!("{} {var} = {e};", type_name(t, &package)));
            args.push(var);
        }
    }
    if inv.arguments.len() != desc.params.len() {
        return Err(Skipped {
            kind: SkipReason::PlanMismatch,
            reason: format!(
                "{} arguments recorded for {} parameters",
                inv.arguments.len(),
                desc.params.len()
            ),
        });
    }
    let call = if m.outer_instance && !args.is_empty() {
        // An inner class's constructor: its first argument is the outer instance.
        format!(
            "{}.new {}({})",
            args[0],
            short_class(&m.class),
            args[1..].join(", ")
        )
    } else if m.is_constructor() {
        format!("new {target}({})", args.join(", "))
    } else if matches!(&inv.receiver_before, Some(Value::Object { class, .. })
        if m.overridden_by.contains(class))
    {
        // Production ran the MUT through `super.m(…)` of the receiver's class, which
        // overrides it: a plain call would run the override.
        format!(
            "{FIXTURES}.callSuper({target}, {}, {}, {}, new Object[] {{{}}})",
            string_literal(&m.class),
            string_literal(&m.method),
            string_literal(&m.descriptor),
            args.join(", ")
        )
    } else {
        format!("{target}.{}({})", m.method, args.join(", "))
    };

    // Stubs: per mock, method and arguments, the recorded results in order.
    let mut groups: Vec<StubGroup> = Vec::new();
    // The groups with a call whose result the code uses (the others answer only dropped
    // results: a mock's default `null` does).
    let mut used_answers: HashSet<usize> = HashSet::new();
    let mut calls: Vec<RecordedCall> = Vec::new();
    let mut open_mocks: HashSet<String> = HashSet::new();
    let mut environment_calls = Vec::new();
    // The mocks the recorded calls at a plan call's offset answered, in order, each with
    // the identity of the object production returned (the thesis's tree of mocks): a
    // later call on a result was made on the one whose identity it records, else on the
    // latest. Keyed by the code the call sits in (a helper's offsets are its own) and the
    // offset.
    let mut answered: Answered = HashMap::new();
    // The mock answering the call whose answer the method returned
    // ([`CallEffects::answer_returned`]): the output oracle is that very object.
    let mut returned_mock: Option<String> = None;
    let answer_of = |answered: &Answered, key, identity: Option<i32>| {
        let list = answered.get(&key)?;
        let by_identity = identity.and_then(|id| list.iter().rev().find(|(i, _)| *i == Some(id)));
        by_identity.or(list.last()).map(|(_, var)| var.clone())
    };
    let via_of = |plan_call: u32| m.deeper_call(plan_call).map(|d| &d.via);
    for c in &inv.calls {
        let Some(pc) = plan_calls.get(c.plan_call as usize) else {
            return Err(Skipped {
                kind: SkipReason::PlanMismatch,
                reason: format!(
                    "call #{} refers to plan call {} which the plan does not have",
                    c.seq, c.plan_call
                ),
            });
        };
        let mut cdesc = MethodDescriptor::parse(&pc.descriptor).map_err(|e| Skipped {
            kind: SkipReason::PlanMismatch,
            reason: e.to_string(),
        })?;
        if pc.new_offset.is_some() {
            // An environment constructor answers the object it created.
            cdesc.ret = Some(FieldType::Object(pc.owner.replace('.', "/")));
        }
        if c.arguments.len() != cdesc.params.len() {
            return Err(Skipped {
                kind: SkipReason::PlanMismatch,
                reason: format!(
                    "call #{} has {} arguments for {} parameters",
                    c.seq,
                    c.arguments.len(),
                    cdesc.params.len()
                ),
            });
        }
        if let Receiver::Environment { key, .. } = &pc.receiver {
            environment_calls.push((key.clone(), c, cdesc));
            continue;
        }
        let via = via_of(c.plan_call);
        let var = match &pc.receiver {
            Receiver::Result { call, .. } => {
                match answer_of(&answered, (via, *call), c.receiver_identity) {
                    Some(var) => var,
                    None => {
                        return Err(Skipped {
                            kind: SkipReason::PlanMismatch,
                            reason: format!(
                                "call #{} is made on the result of the call at offset {call}, \
                             which was not recorded before it",
                                c.seq
                            ),
                        })
                    }
                }
            }
            // Made on an argument the method stored in the field.
            _ if on_argument(m, c).is_some() => {
                match on_argument(m, c).and_then(|a| mock_of.get(&receiver_key(a))) {
                    Some(var) => var.clone(),
                    None => {
                        return Err(Skipped {
                            kind: SkipReason::PlanMismatch,
                            reason: format!(
                                "call #{} is made on an argument the test does not mock",
                                c.seq
                            ),
                        })
                    }
                }
            }
            // Made on a mocked answer the method stored in the field.
            _ if on_stored_answer(inv, c).is_some() => {
                let answerer = on_stored_answer(inv, c).and_then(|e| {
                    let offset = plan_calls.get(e.plan_call as usize)?.offset;
                    Some((via_of(e.plan_call), offset))
                });
                match answerer.and_then(|key| answer_of(&answered, key, c.receiver_identity)) {
                    Some(var) => var,
                    None => {
                        return Err(Skipped {
                            kind: SkipReason::PlanMismatch,
                            reason: format!(
                                "call #{} is made on an answer the test does not mock",
                                c.seq
                            ),
                        })
                    }
                }
            }
            r => match mock_of.get(&receiver_key(r)) {
                Some(var) => var.clone(),
                None => {
                    return Err(Skipped {
                        kind: SkipReason::PlanMismatch,
                        reason: format!(
                            "call #{} is made on a receiver the test does not mock",
                            c.seq
                        ),
                    })
                }
            },
        };
        if constants.contains(&var) {
            continue;
        }
        let mock_args: HashMap<usize, String> = pc
            .mock_args
            .iter()
            .filter_map(|a| {
                let var = match &a.mock {
                    Receiver::Result { call, .. } => answer_of(&answered, (via, *call), None),
                    r => mock_of.get(&receiver_key(r)).cloned(),
                };
                Some((a.index as usize, var?))
            })
            .collect();
        b.place = format!("the arguments of {}", pc.name);
        b.stand_ins = false;
        let matchers = arg_matchers(&mut b, &c.arguments, &cdesc.params, &mock_args);
        // A result only ever called or passed on is answered with a mock of its own.
        let answer_mock = match (&pc.returns_mock, &c.outcome) {
            (Some(t), Outcome::Returned { value }) if !matches!(value, Value::Null) => {
                // The method tests the answer's class (`filter instanceof EscapingStrategy`
                // after `filter = registry.getFilter(name)`): a mock of the class the call
                // returned in production, not of the type it is declared to return.
                let typed = via.is_none()
                    && m.reads
                        .as_ref()
                        .and_then(|r| r.answers.get(&pc.offset))
                        .is_some_and(|n| n.typed);
                let t = match value {
                    Value::Object { class, .. }
                        if typed && !class.contains('$') && !class.starts_with("java.") =>
                    {
                        class
                    }
                    _ => t,
                };
                let var = declare_mock(&mut b, &mut steps, &mut mocks, short_class(t), t);
                answered
                    .entry((via, pc.offset))
                    .or_default()
                    .push((c.answer_identity, var.clone()));
                if c.effects.as_ref().is_some_and(|e| e.answer_returned) {
                    returned_mock = Some(var.clone());
                }
                Some(var)
            }
            _ => None,
        };
        // `any(T.class)` does not match null: a null argument's wildcard is `nullable`.
        let anys: Vec<String> = cdesc
            .params
            .iter()
            .zip(&c.arguments)
            .map(|(t, a)| match a {
                Value::Null => nullable_matcher(t, &package),
                _ => any_matcher(t, &package),
            })
            .collect();
        // Handed to code the plan does not follow, or held by what a stub answers: the
        // mock may get calls no recording saw ([`RecordedCall::open`]).
        if read_node(m, &pc.receiver).is_some_and(|n| n.whole)
            || matches!(&c.outcome, Outcome::Returned { value } if value.has_mock())
        {
            open_mocks.insert(var.clone());
        }
        calls.push(RecordedCall {
            mock: var.clone(),
            method: pc.name.clone(),
            descriptor: pc.descriptor.clone(),
            matchers: matchers.clone(),
            anys: anys.clone(),
            open: false,
        });
        // A result the code drops at once: any object answers for it.
        let dropped = pc.discarded
            && matches!(c.outcome, Outcome::Returned { .. })
            && matches!(cdesc.ret, Some(FieldType::Object(_) | FieldType::Array(_)));
        let outcome = if dropped {
            Outcome::Returned { value: Value::Null }
        } else {
            c.outcome.clone()
        };
        let at = groups
            .iter()
            .position(|g| g.0 == var && g.1 == pc.name && g.2 == pc.descriptor && g.3 == matchers);
        let at = match at {
            Some(at) => {
                groups[at].4.push((outcome, answer_mock, c.effects.clone()));
                at
            }
            None => {
                groups.push((
                    var,
                    pc.name.clone(),
                    pc.descriptor.clone(),
                    matchers,
                    vec![(outcome, answer_mock, c.effects.clone())],
                    cdesc.ret.is_none(),
                ));
                groups.len() - 1
            }
        };
        if !dropped || c.effects.is_some() {
            used_answers.insert(at);
        }
    }
    for c in calls.iter_mut() {
        c.open = open_mocks.contains(&c.mock);
    }
    merge_echoes(&mut groups, &mut used_answers, &spies, &package);
    let mut mocked_methods: Vec<(String, String, String)> = Vec::new();
    for (at, (var, name, descriptor, matchers, outcomes, void)) in groups.iter().enumerate() {
        if !mocked_methods
            .iter()
            .any(|(v, n, d)| v == var && n == name && d == descriptor)
        {
            mocked_methods.push((var.clone(), name.clone(), descriptor.clone()));
        }
        if !used_answers.contains(&at) && !spies.contains(var) {
            continue;
        }
        let ret = MethodDescriptor::parse(descriptor).ok().and_then(|d| d.ret);
        b.place = format!("the answer of {name}");
        b.stand_ins = true;
        let answers: Vec<Answer> = if *void {
            if outcomes
                .iter()
                .all(|(o, _, e)| matches!(o, Outcome::Returned { .. }) && e.is_none())
                && !spies.contains(var)
            {
                // A mock does nothing by default (a spy would run the real method).
                continue;
            }
            outcomes
                .iter()
                .map(|(o, _, effects)| match o {
                    Outcome::Returned { .. } if let Some(e) = effects => acting(&mut b, e, None),
                    Outcome::Returned { .. } => Answer::Nothing,
                    Outcome::Threw { exception } => Answer::Throw(thrown_expr(&mut b, exception)),
                })
                .collect()
        } else {
            let all_same = outcomes.windows(2).all(|w| w[0] == w[1]);
            let shown = if all_same { &outcomes[..1] } else { outcomes };
            let mut answers = Vec::new();
            for (o, mock, effects) in shown {
                answers.push(match o {
                    // The plan answers the call with a mock (its result is only called or
                    // passed on): that mock, whatever production's object was.
                    Outcome::Returned { .. } if let Some(var) = mock => Answer::Return(var.clone()),
                    // The call handed back an object it was given (after writing to it).
                    Outcome::Returned { .. }
                        if let Some(e) =
                            effects.as_ref().filter(|e| e.returned_argument.is_some()) =>
                    {
                        acting(&mut b, e, None)
                    }
                    Outcome::Returned { value } => {
                        let role = format!("{name}-returns-{}", answers.len() + 1);
                        Answer::Return(match large(&role, value) {
                            Some(load) => load,
                            None => {
                                // The answer may point back to the mock it came from.
                                b.callee_mock = Some(var.clone());
                                let e = b.expr(value, ret.as_ref());
                                b.callee_mock = None;
                                raw_for_stub(e, value, ret.as_ref())
                            }
                        })
                    }
                    Outcome::Threw { exception } => Answer::Throw(thrown_expr(&mut b, exception)),
                });
                // What the call wrote into its arguments before it returned that.
                if let (Some(e), Some(Answer::Return(value))) = (effects, answers.last()) {
                    if !e.appended.is_empty() || !e.receiver_fields.is_empty() {
                        let effects = CallEffects {
                            returned_argument: None,
                            ..e.clone()
                        };
                        let value = value.clone();
                        *answers.last_mut().unwrap() = acting(&mut b, &effects, Some(value));
                    }
                }
            }
            answers
        };
        // What building the answers wrote comes before the stub.
        flush(&mut steps, &mut b.statements);
        steps.push(Step::Stub(Stub {
            mock: var.clone(),
            method: name.clone(),
            matchers: matchers.clone(),
            void: *void,
            answers,
            spy: spies.contains(var),
        }));
    }
    // Environment calls: what production read, replayed in order by the class under
    // test's own call sites.
    let mut environment = Vec::new();
    b.place = "the environment's answers".into();
    b.stand_ins = false;
    if replays_environment {
        let mut answers = Vec::new();
        for (key, c, cdesc) in &environment_calls {
            let arguments = c
                .arguments
                .iter()
                .zip(&cdesc.params)
                .map(|(v, t)| environment_argument(&mut b, v, t))
                .collect();
            environment.push(EnvironmentCall {
                key: key.clone(),
                arguments,
            });
            let answer = match &c.outcome {
                Outcome::Returned { .. } if cdesc.ret.is_none() => Answer::Nothing,
                Outcome::Returned { value } => {
                    Answer::Return(environment_answer(&mut b, value, cdesc.ret.as_ref()))
                }
                Outcome::Threw { exception } => Answer::Throw(thrown_expr(&mut b, exception)),
            };
            answers.push(Step::EnvironmentAnswer {
                key: key.clone(),
                answer,
            });
        }
        flush(&mut steps, &mut b.statements);
        // The class whose code makes the calls: an anonymous or local class, which the
        // test cannot name, by its receiver's class, not the supertype it is called through.
        let mut replayed = if m.called_through.is_some() {
            "receiver.getClass()".to_string()
        } else {
            format!("{class_src}.class")
        };
        // The other classes whose code makes some of the calls: an inherited helper's
        // superclass, or the override of the receiver's class (`UnixFontDirFinder`'s
        // `getSearchableDirectories` reading `user.home` below `NativeFontDirFinder.find`).
        let mut helpers: Vec<&str> = m
            .deeper_calls
            .iter()
            .filter(|d| d.call.receiver.is_environment() && d.via.class != m.class)
            .filter(|d| d.runs_for(receiver_class))
            .map(|d| d.via.class.as_str())
            .collect();
        helpers.sort_unstable();
        helpers.dedup();
        for h in helpers {
            replayed.push_str(&format!(", {}", string_literal(h)));
        }
        steps.push(Step::Statement(format!(
            "{ENVIRONMENT_CLASS} {ENVIRONMENT_VAR} = {ENVIRONMENT_CLASS}.replay({replayed});"
        )));
        steps.extend(answers);
        restore.insert(0, format!("{ENVIRONMENT_VAR}.close();"));
    }
    if let Some((kind, _)) = b.problems.first() {
        return Err(Skipped {
            kind: *kind,
            reason: problems_summary(&b.problems),
        });
    }
    flush(&mut steps, &mut b.statements);
    let arrange = Arrange {
        invocation: inv.id,
        method: m.method.clone(),
        steps,
        restore,
        call,
        mocks,
        spies,
        calls,
        environment,
        replays_environment,
        mock_methods: mocked_methods.len(),
    };

    // The outcome, and how each oracle observes it (a constructor's is the new object).
    let ret = if m.is_constructor() {
        Some(FieldType::Object(m.class.replace('.', "/")))
    } else {
        desc.ret.clone()
    };
    let mut tests = Vec::new();
    for &oracle in oracles {
        let mut b2 = Builder::new(&package, b.names, &[]);
        let test = match oracle {
            Oracle::Output => {
                let built =
                    matches!(inv.outcome, Outcome::Returned { .. }) && !stored_mocks.is_empty();
                let output = match &returned_mock {
                    Some(var) if matches!(inv.outcome, Outcome::Returned { .. }) => Some((
                        act(inv, ret.as_ref(), &package, true),
                        vec![Assertion::Same {
                            expected: var.clone(),
                        }],
                    )),
                    _ => output_test(&mut b2, inv, ret.as_ref(), &package, m),
                };
                output
                    .or_else(|| built.then(|| (act(inv, ret.as_ref(), &package, true), Vec::new())))
                    .map(|(act, mut asserts)| {
                        // The mocks a constructor stored are those very objects.
                        for (field, var) in stored_mocks.iter().filter(|_| built) {
                            asserts.push(Assertion::FieldSame {
                                of: "result".into(),
                                field: field.clone(),
                                expected: var.clone(),
                                getter: getter_of(m, &m.class, Some(&m.class), field, None),
                            });
                        }
                        (act, asserts)
                    })
            }
            Oracle::Parameters => parameter_test(inv, &arrange, &package),
            Oracle::Calls => call_test(inv, &arrange, &package),
        };
        if let Some((act, assertions)) = test {
            if b2.problems.is_empty() {
                tests.push(TestModel {
                    oracle,
                    name: test_method_name(m, ordinal, oracle),
                    display: display_name(m, inv, &arrange, oracle),
                    act,
                    assertions,
                });
            }
        }
    }
    // An invocation that returned and left nothing any oracle can check (a method that
    // only prints, a result that cannot be written) is still run as production ran it:
    // it must complete without an exception (the thesis's test of such a method).
    if tests.is_empty() && matches!(inv.outcome, Outcome::Returned { .. }) {
        tests.push(TestModel {
            oracle: Oracle::Output,
            name: test_method_name(m, ordinal, Oracle::Output),
            display: format!("{}: completes", describe(m, inv, &arrange)),
            act: Act::Completes,
            assertions: Vec::new(),
        });
    }
    if tests.is_empty() {
        return Err(Skipped {
            kind: SkipReason::NoOracle,
            reason:
                "no oracle applies (the result is not assertable and no mockable call was recorded)"
                    .into(),
        });
    }
    Ok((InvocationTests { arrange, tests }, resources))
}

fn thrown_expr(b: &mut Builder, exception: &Value) -> String {
    match exception {
        Value::Thrown { class, message, .. } => b.throwable(class, message.as_deref()),
        other => b.expr(other, None),
    }
}

fn exception_class(inv: &InvocationRecord) -> Option<(&str, Option<&str>)> {
    match &inv.outcome {
        Outcome::Threw {
            exception: Value::Thrown { class, message, .. },
        } => Some((class, message.as_deref())),
        _ => None,
    }
}

/// The Act section: `result = …`, `thrown = assertThrows(…)` or a bare call.
fn act(inv: &InvocationRecord, ret: Option<&FieldType>, package: &str, keep_result: bool) -> Act {
    if let Some((class, _)) = exception_class(inv) {
        return Act::Throws {
            class: class_name(class, package),
            keep: keep_result,
        };
    }
    match ret {
        Some(t) if keep_result => Act::KeepResult {
            // A nested result type may be private: let the compiler infer it.
            declared: match t {
                FieldType::Object(n) if n.contains('$') => "var".to_string(),
                _ => type_name(t, package),
            },
        },
        _ => Act::Call,
    }
}

/// A value as a display name shows it: objects by their class only.
fn shown(v: &Value) -> String {
    match v {
        // An anonymous class (`Main$1`) by its outer class too: `1` says nothing.
        Value::Object { class, .. }
            if short_class(class).starts_with(|c: char| c.is_ascii_digit()) =>
        {
            class.rsplit('.').next().unwrap_or(class).to_string()
        }
        Value::Object { class, .. } => short_class(class).to_string(),
        other => other.brief(),
    }
}

fn describe(m: &Mut, inv: &InvocationRecord, arrange: &Arrange) -> String {
    let args: Vec<String> = inv.arguments.iter().map(shown).collect();
    let result = match &inv.outcome {
        Outcome::Returned { value }
            if m.descriptor.ends_with(")V")
                && !m.is_constructor()
                && matches!(value, Value::Null) =>
        {
            "returned".to_string()
        }
        Outcome::Returned { value } => format!("returned {}", shown(value)),
        Outcome::Threw { exception } => format!("threw {}", exception.brief()),
    };
    let mut calls = match arrange.calls.len() {
        0 if !arrange.environment.is_empty() => String::new(),
        0 => "without mockable calls".to_string(),
        1 => "after 1 mockable call".to_string(),
        n => format!("after {n} mockable calls"),
    };
    if !arrange.environment.is_empty() {
        calls.push_str(if calls.is_empty() { "after " } else { " and " });
        calls.push_str(&match arrange.environment.len() {
            1 => "1 environment read".to_string(),
            n => format!("{n} environment reads"),
        });
    }
    let method = if m.is_constructor() {
        format!("new {}", short_class(&m.class))
    } else {
        m.method.clone()
    };
    format!("{method}({}) {result} {calls}", args.join(", "))
}

/// What `@DisplayName` says of an oracle's test.
fn display_name(m: &Mut, inv: &InvocationRecord, arrange: &Arrange, oracle: Oracle) -> String {
    format!(
        "{}: {}",
        describe(m, inv, arrange),
        match oracle {
            Oracle::Output => "same output",
            Oracle::Parameters => "same call arguments",
            Oracle::Calls => "same call order and counts",
        }
    )
}

/// Output oracle: the result (or thrown exception) is the recorded one (for a
/// `constructor`, the new object's fields: that it is not null goes without saying).
fn output_test(
    b: &mut Builder,
    inv: &InvocationRecord,
    ret: Option<&FieldType>,
    package: &str,
    m: &Mut,
) -> Option<(Act, Vec<Assertion>)> {
    let constructor = m.is_constructor();
    let mut asserts = Vec::new();
    match &inv.outcome {
        // An application class's own `getMessage()` may say more than the detail message
        // recorded (JEXL prefixes a location): the exception's class is what is checked.
        Outcome::Threw {
            exception:
                Value::Thrown {
                    message_overridden: true,
                    ..
                },
        } => return Some((act(inv, ret, package, false), asserts)),
        Outcome::Threw { .. } => {
            let (_, message) = exception_class(inv)?;
            asserts.push(Assertion::ThrownMessage(message.map(str::to_string)));
        }
        Outcome::Returned { .. } if ret.is_none() => {
            // A void method: what it changed in its receiver, when production's values
            // can be written.
            asserts = state_changes(b, inv, m);
            if asserts.is_empty() {
                return None;
            }
        }
        // A JDK optional: equal to production's when what it holds compares by value;
        // otherwise present, and the literal fields of what it holds.
        Outcome::Returned {
            value:
                v @ Value::Object {
                    class,
                    fields,
                    truncated: false,
                    ..
                },
        } if ret.is_some() && OPTIONALS.contains(&class.as_str()) => {
            let held = fields.iter().find(|f| f.name == "value").map(|f| &f.value);
            match held {
                Some(Value::Object {
                    fields: inner,
                    truncated: false,
                    ..
                }) if class == "java.util.Optional" => {
                    asserts.push(Assertion::FieldEquals {
                        of: "result".into(),
                        field: "present".into(),
                        expected: "true".into(),
                        getter: Some("isPresent".into()),
                    });
                    literal_fields(b, &mut asserts, "result.get()", inner, |_| None);
                }
                _ if fields.iter().all(|f| assertable(&f.value)) => {
                    asserts.push(Assertion::Equals {
                        expected: b.expr(v, ret),
                    });
                }
                _ => return None,
            }
        }
        // A pattern by what it reads back; a lock is only there.
        Outcome::Returned {
            value: Value::Object { class, fields, .. },
        } if ret.is_some() && jdk_by_fields(class).is_some() => {
            asserts.push(Assertion::IsNotNull);
            let getters = jdk_by_fields(class).unwrap_or_default();
            for f in fields.iter().filter(|f| f.value.is_literal()) {
                let Some((_, getter)) = getters.iter().find(|(name, _)| *name == f.name) else {
                    continue;
                };
                asserts.push(Assertion::FieldEquals {
                    of: "result".into(),
                    field: f.name.clone(),
                    expected: b.expr(&f.value, None),
                    getter: Some(getter.to_string()),
                });
            }
        }
        Outcome::Returned {
            value:
                Value::Object {
                    class,
                    fields,
                    truncated: false,
                    ..
                },
        } if ret.is_some() => {
            let declared = match ret {
                Some(FieldType::Object(t)) => Some(t.replace('/', ".")),
                _ => None,
            };
            // An object: not null, and the fields production's result held that can be
            // written, each asserted on the result.
            asserts.push(Assertion::IsNotNull);
            literal_fields(b, &mut asserts, "result", fields, |f| {
                getter_of(m, class, declared.as_deref(), &f.name, Some(&f.declared_in))
            });
            if constructor && asserts.len() == 1 {
                return None;
            }
        }
        Outcome::Returned { value } => {
            let t = ret?;
            if !assertable(value) {
                return None;
            }
            if let Value::Text { class, text } = value {
                if mimic_trace::is_text_holder(class) {
                    asserts.push(Assertion::TextEquals {
                        expected: string_literal(text),
                    });
                    return Some((act(inv, ret, package, true), asserts));
                }
            }
            let expected = b.expr(value, Some(t));
            asserts.push(match (value, t) {
                (Value::Null, _) => Assertion::IsNull,
                (Value::Array { class, .. }, t) => Assertion::ArrayEquals {
                    expected,
                    actual: match (t, crate::java::field_type_of_class(class)) {
                        (FieldType::Array(_), _) | (_, None) => "result".into(),
                        (_, Some(array)) => {
                            format!("({}) result", crate::java::type_name(&array, package))
                        }
                    },
                },
                (Value::Boolean { v: true }, _) => Assertion::IsTrue,
                (Value::Boolean { v: false }, _) => Assertion::IsFalse,
                _ => Assertion::Equals { expected },
            });
        }
    }
    Some((act(inv, ret, package, true), asserts))
}

/// The fields of a returned object (`of`) production's result held that can be written,
/// each asserted (up to [`RESULT_FIELDS`] assertions in all), read through `getter` or by
/// reflection.
fn literal_fields(
    b: &mut Builder,
    asserts: &mut Vec<Assertion>,
    of: &str,
    fields: &[mimic_trace::FieldValue],
    getter: impl Fn(&mimic_trace::FieldValue) -> Option<String>,
) {
    let unique = |name: &str| fields.iter().filter(|g| g.name == name).count() == 1;
    for f in fields.iter().filter(|f| {
        (f.value.is_literal() || matches!(f.value, Value::Null))
            && unique(&f.name)
            && !names_an_identity(&f.value)
    }) {
        if asserts.len() > RESULT_FIELDS {
            break;
        }
        asserts.push(Assertion::FieldEquals {
            of: of.into(),
            field: f.name.clone(),
            expected: b.expr(&f.value, None),
            getter: getter(f),
        });
    }
}

/// The receiver's fields whose value the invocation changed, with the value it left: a
/// literal (primitive, string, boxed, enum, null), or a collection or map of such values
/// small enough to write inline (compared by `equals`, as collections compare contents).
fn state_changes(b: &mut Builder, inv: &InvocationRecord, m: &Mut) -> Vec<Assertion> {
    let (
        Some(Value::Object {
            class,
            fields: before,
            ..
        }),
        Some(Value::Object {
            fields: after,
            truncated: false,
            ..
        }),
    ) = (&inv.receiver_before, &inv.receiver_after)
    else {
        return Vec::new();
    };
    // The test names the receiver by the MUT's class unless it calls it through a
    // supertype.
    let declared = m.called_through.is_none().then_some(m.class.as_str());
    let mut out = Vec::new();
    for f in after {
        let was = before
            .iter()
            .find(|g| g.name == f.name && g.declared_in == f.declared_in);
        let changed = was.is_none_or(|g| g.value != f.value);
        let contents = matches!(f.value, Value::Collection { .. } | Value::Map { .. })
            && assertable(&f.value)
            && node_count(&f.value) <= INLINE_NODE_LIMIT;
        let writable = f.value.is_literal() || matches!(f.value, Value::Null) || contents;
        // A field shadowed in a superclass is ambiguous by name: leave it.
        let unique = after.iter().filter(|g| g.name == f.name).count() == 1;
        if changed && writable && unique {
            out.push(Assertion::FieldEquals {
                of: "receiver".into(),
                field: f.name.clone(),
                expected: b.expr(&f.value, None),
                getter: getter_of(m, class, declared, &f.name, Some(&f.declared_in)),
            });
        }
    }
    out
}

/// The getter of `m`'s plan that reads `field` (declared in `declared_in`, when known) of
/// an object of class `runtime` (dotted) which the test holds as `declared`: only when the
/// two are the same class, so no subclass can have overridden the getter; and only a
/// getter that names the field unambiguously.
fn getter_of(
    m: &Mut,
    runtime: &str,
    declared: Option<&str>,
    field: &str,
    declared_in: Option<&str>,
) -> Option<String> {
    if declared != Some(runtime) {
        return None;
    }
    let mut found = m.getters.iter().filter(|g| {
        g.class == runtime && g.field == field && declared_in.is_none_or(|d| g.declared_in == d)
    });
    let first = found.next()?;
    // Two fields of that name (one shadowed) and no declaring class to choose: leave it.
    if declared_in.is_none() && found.any(|g| g.declared_in != first.declared_in) {
        return None;
    }
    Some(first.method.clone())
}

/// Parameter oracle: every recorded call happened with its recorded arguments (or no
/// mock was touched, when production made no mockable call).
fn parameter_test(
    inv: &InvocationRecord,
    arrange: &Arrange,
    package: &str,
) -> Option<(Act, Vec<Assertion>)> {
    if arrange.mocks.is_empty() && arrange.environment.is_empty() {
        return None;
    }
    let mut asserts = Vec::new();
    // A spy's own methods run for real: only mocks are checked untouched.
    let untouched: Vec<String> = (arrange.mocks.iter())
        .filter(|m| !arrange.spies.contains(m))
        .cloned()
        .collect();
    if arrange.calls.is_empty() && !untouched.is_empty() {
        asserts.push(Assertion::NoInteractions { mocks: untouched });
    }
    for c in arrange.calls.iter().filter(|c| verifiable(c)) {
        let a = Assertion::CalledWith {
            mock: c.mock.clone(),
            method: c.method.clone(),
            matchers: c.matchers.clone(),
        };
        if !asserts.contains(&a) {
            asserts.push(a);
        }
    }
    for e in &arrange.environment {
        let a = Assertion::EnvironmentCalledWith {
            key: e.key.clone(),
            arguments: e.arguments.clone(),
        };
        if !asserts.contains(&a) {
            asserts.push(a);
        }
    }
    if asserts.is_empty() {
        return None;
    }
    Some((act(inv, None, package, false), asserts))
}

/// An argument of an environment call for the parameter oracle: the recorded value; for
/// one a test cannot rebuild, its recorded text compared with the argument's
/// (`EnvironmentReplay.described`: an HTTP request by `uri method`); else
/// `EnvironmentReplay.ANY` (a stream), the call still checked by its key and the others.
fn environment_argument(b: &mut Builder, v: &Value, t: &FieldType) -> String {
    if let Some(e) = b.try_expr(v, Some(t)) {
        return e;
    }
    match v {
        Value::Text { text, .. } => {
            format!("{ENVIRONMENT_CLASS}.described({})", string_literal(text))
        }
        _ => format!("{ENVIRONMENT_CLASS}.ANY"),
    }
}

/// What an environment call answered: the recorded value, or for a handle the recording
/// could not look into (a stream, an HTTP response) a stand-in whose own reads are replayed.
///
/// A secret the recorder redacted (an environment variable named like a token) is
/// answered with `EnvironmentReplay.REDACTED`, a placeholder: what the method did with the
/// secret's presence is replayed, and a result that carried the secret itself was redacted
/// too, so its invocation is skipped before it gets here. A method whose outcome depends
/// on the secret's content fails its test, and `verify` says so.
fn environment_answer(b: &mut Builder, v: &Value, ret: Option<&FieldType>) -> String {
    match (v, ret) {
        (Value::Opaque { .. }, Some(FieldType::Object(declared))) => {
            if let Some(stand_in) = crate::environment::stand_in(&declared.replace('/', ".")) {
                return stand_in.to_string();
            }
        }
        (Value::Redacted { class, .. }, _) if class == "java.lang.String" => {
            return format!("{ENVIRONMENT_CLASS}.REDACTED");
        }
        _ => {}
    }
    b.expr(v, ret)
}

/// Static state the method read (issue 17, EvoSuite's static reset): each static field is
/// set to the value production had on entry before the test acts and restored after it,
/// so no test depends on the ones before it. A field the test mocks keeps its mock; one
/// whose value cannot be rebuilt is left as it is, and a comment in the test says so.
fn static_state(
    b: &mut Builder,
    m: &Mut,
    inv: &InvocationRecord,
    mocked: &[&Receiver],
    class_src: &str,
    package: &str,
    restore: &mut Vec<String>,
) -> Result<(), Skipped> {
    if inv.statics.is_empty() {
        // Recorded without them (an older agent): nothing to set.
        return Ok(());
    }
    if inv.statics.len() != m.static_reads.len() {
        return Err(Skipped {
            kind: SkipReason::PlanMismatch,
            reason: format!(
                "{} static values recorded for {} static reads",
                inv.statics.len(),
                m.static_reads.len()
            ),
        });
    }
    for (read, value) in m.static_reads.iter().zip(&inv.statics) {
        let is_mocked = mocked.iter().any(
            |r| matches!(r, Receiver::Field { name, is_static: true, .. } if *name == read.name),
        );
        if is_mocked {
            continue;
        }
        let owner = if read.class == m.class {
            class_src.to_string()
        } else {
            class_name(&read.class, package)
        };
        let t = FieldType::parse(&read.descriptor).ok();
        let Some(e) = b.try_expr(value, t.as_ref()) else {
            b.statements.push(format!(
                "// static {}.{} is not set: its recorded value ({}) cannot be rebuilt",
                short_class(&read.class),
                read.name,
                value.brief()
            ));
            continue;
        };
        let prev = b.names.fresh(&format!("previous {}", read.name));
        let name = string_literal(&read.name);
        b.statements.push(format!(
            "Object {prev} = {FIXTURES}.setStatic({owner}.class, {name}, {e});"
        ));
        restore.push(format!(
            "{FIXTURES}.setStatic({owner}.class, {name}, {prev});"
        ));
    }
    Ok(())
}

/// Does the method test the class of what receiver `r` holds (`instanceof`, a cast:
/// [`mimic_plan::ReadNode::typed`])?
fn class_tested(m: &Mut, r: &Receiver) -> bool {
    read_node(m, r).is_some_and(|n| n.typed)
}

/// The read tree of what mocked receiver `r` holds (a field of the receiver, a
/// parameter), when the plan has one.
fn read_node<'m>(m: &'m Mut, r: &Receiver) -> Option<&'m mimic_plan::ReadNode> {
    let reads = m.reads.as_ref()?;
    match r {
        Receiver::Field {
            name,
            is_static: false,
            ..
        } => reads.receiver.as_ref()?.fields.get(name),
        Receiver::Param { index, .. } => reads.params.get(*index as usize)?.as_ref(),
        _ => None,
    }
}

/// Does the method read `field` of the collaborator at `r` itself (one of its
/// [`Mut::collaborator_fields`], which a mock gets set)?
fn reads_directly(m: &Mut, r: &Receiver, field: &str) -> bool {
    m.collaborator_fields
        .iter()
        .any(|c| receiver_key(&c.receiver) == receiver_key(r) && c.name == field)
}

/// What production held at mocked receiver `r`, when the test should spy on it rather
/// than mock it: code the plan does not mock calls it too (a helper reaching the field
/// through a getter, `attributes().iterator()` beside the mocked `attributes.size()`),
/// so the read tree uses the object beyond its identity — whole, or fields of it besides
/// those the method reads directly (which a mock gets set). A spy is the recorded object
/// with the mocked calls stubbed: what else runs on it finds production's state.
fn spied_value<'v>(m: &Mut, r: &Receiver, recorded: Option<&'v Value>) -> Option<&'v Value> {
    let node = read_node(m, r)?;
    let beyond_identity = node.whole || node.fields.keys().any(|f| !reads_directly(m, r, f));
    match recorded? {
        v @ Value::Object {
            truncated: false, ..
        } if beyond_identity && !v.has_unbuildable() => Some(v),
        _ => None,
    }
}

/// What production had in a mockable receiver on entry: the argument, or the receiving
/// object's field (a static field's value is not recorded).
fn recorded_receiver<'v>(inv: &'v InvocationRecord, r: &Receiver) -> Option<&'v Value> {
    match r {
        Receiver::Param { index, .. } => inv.arguments.get(*index as usize),
        Receiver::Field {
            name,
            is_static: false,
            ..
        } => match &inv.receiver_before {
            Some(Value::Object { fields, .. }) => {
                fields.iter().find(|f| &f.name == name).map(|f| &f.value)
            }
            _ => None,
        },
        Receiver::Field { .. } | Receiver::Environment { .. } | Receiver::Result { .. } => None,
    }
}

/// The fields of a mocked collaborator that its read tree names besides those the method
/// reads directly (a private helper's `metrics.glyphs.length`): a mock's fields are
/// empty, so each one the recorded object had is set on the mock when the mock is of the
/// recorded object's class. Where only the field itself is read (its length, whether it
/// is null: a leaf of the read tree), a value the depth limit cut is stood in for as
/// [`Builder::cut_stand_in`] does (an array as long, of default elements; a mock), with
/// its comment: the recorder walks a crowded receiver's mocked fields one level only.
fn read_fields_of_mock(
    b: &mut Builder,
    m: &Mut,
    r: &Receiver,
    recorded: Option<&Value>,
    mock_type: &str,
    var: &str,
) {
    let (Some(node), Some(Value::Object { class, fields, .. })) = (read_node(m, r), recorded)
    else {
        return;
    };
    if class.replace('$', ".") != mock_type.replace('$', ".") {
        return;
    }
    for (name, child) in &node.fields {
        if name == mimic_plan::ELEMENTS_READ || reads_directly(m, r, name) {
            continue;
        }
        let Some(f) = fields.iter().find(|f| &f.name == name) else {
            continue;
        };
        let leaf = !child.whole && child.fields.is_empty();
        let saved = (b.stand_ins, b.cut_stand_ins);
        if leaf {
            (b.stand_ins, b.cut_stand_ins) = (true, true);
        }
        let place = std::mem::replace(&mut b.place, format!("the mocked {var}"));
        let e = b.try_expr(&f.value, None);
        (b.stand_ins, b.cut_stand_ins) = saved;
        b.place = place;
        if let Some(e) = e {
            b.statements.push(format!(
                "{FIXTURES}.set({var}, {}, {e});",
                string_literal(name)
            ));
        }
    }
}

/// Fields the method reads directly on a mocked collaborator (issue 15): a mock's fields
/// are empty, so each is set on the mock to the recorded collaborator's value
/// (`Fixtures.set(inventory, "items", …)`). One whose value was not recorded or cannot be
/// rebuilt is left, and a comment in the test says so.
fn collaborator_state(
    b: &mut Builder,
    m: &Mut,
    inv: &InvocationRecord,
    mock_of: &HashMap<String, String>,
) {
    for cf in &m.collaborator_fields {
        let Some(var) = mock_of.get(&receiver_key(&cf.receiver)) else {
            continue;
        };
        let recorded = recorded_receiver(inv, &cf.receiver);
        let value = recorded.and_then(|v| b.resolved(v)).and_then(|v| match v {
            Value::Object { fields, .. } => fields
                .iter()
                .find(|f| f.name == cf.name)
                .map(|f| f.value.clone()),
            _ => None,
        });
        let t = FieldType::parse(&cf.descriptor).ok();
        let expr = value.as_ref().and_then(|v| b.try_expr(v, t.as_ref()));
        match expr {
            Some(e) => b.statements.push(format!(
                "{FIXTURES}.set({var}, {}, {e});",
                string_literal(&cf.name)
            )),
            None => b.statements.push(format!(
                "// {var}.{} is not set: {}",
                cf.name,
                match &value {
                    Some(v) => format!("its recorded value ({}) cannot be rebuilt", v.brief()),
                    None => "its value was not recorded".to_string(),
                }
            )),
        }
    }
}

/// Can Mockito verify the call? It stubs `toString()` but refuses to verify it ("too
/// often used behind the scenes").
fn verifiable(c: &RecordedCall) -> bool {
    !(c.method == "toString" && c.descriptor == "()Ljava/lang/String;")
}

/// Call oracle: the recorded calls happened in order, consecutive calls of the same
/// method counted, with their recorded arguments when the run's calls all had the same.
fn call_test(
    inv: &InvocationRecord,
    arrange: &Arrange,
    package: &str,
) -> Option<(Act, Vec<Assertion>)> {
    let calls: Vec<&RecordedCall> = arrange.calls.iter().filter(|c| verifiable(c)).collect();
    let mut mocks: Vec<String> = Vec::new();
    for c in &calls {
        if !mocks.contains(&c.mock) {
            mocks.push(c.mock.clone());
        }
    }
    if mocks.is_empty() && arrange.environment.is_empty() {
        return None;
    }
    let mut asserts = Vec::new();
    if !arrange.environment.is_empty() {
        asserts.push(Assertion::EnvironmentCalls {
            keys: arrange.environment.iter().map(|e| e.key.clone()).collect(),
        });
    }
    if !mocks.is_empty() {
        asserts.push(Assertion::InOrder { mocks });
    }
    let mut i = 0;
    while i < calls.len() {
        let c = calls[i];
        let mut n = 1;
        while i + n < calls.len()
            && calls[i + n].mock == c.mock
            && calls[i + n].method == c.method
            && calls[i + n].descriptor == c.descriptor
        {
            n += 1;
        }
        // The recorded arguments when every call of the run had the same; a run of
        // calls with different arguments is counted with wildcards (the parameter oracle
        // checks each one's values).
        let same = calls[i..i + n].iter().all(|d| d.matchers == c.matchers);
        // A position where some call of the run passed null takes that call's wildcard
        // (`nullable(…)`; where the type is untyped, `any()` is every call's).
        let anys: Vec<String> = (0..c.anys.len())
            .map(|p| {
                calls[i..i + n]
                    .iter()
                    .map(|d| &d.anys[p])
                    .find(|a| a.starts_with("nullable("))
                    .unwrap_or(&c.anys[p])
                    .clone()
            })
            .collect();
        asserts.push(Assertion::CalledInOrder {
            mock: c.mock.clone(),
            method: c.method.clone(),
            times: n,
            matchers: if same { c.matchers.clone() } else { anys },
            at_least: c.open,
        });
        i += n;
    }
    Some((act(inv, None, package, false), asserts))
}

/// The problems that keep an invocation from a test, each once in the order first met,
/// with how many times it recurred (`… (×12)`): a recursive helper meets the same answer
/// at every level, and a reason that repeats it hundreds of times says nothing more.
fn problems_summary(problems: &[(SkipReason, String)]) -> String {
    let mut order: Vec<(&str, usize)> = Vec::new();
    for (_, why) in problems {
        match order.iter_mut().find(|(w, _)| *w == why.as_str()) {
            Some((_, n)) => *n += 1,
            None => order.push((why, 1)),
        }
    }
    order
        .iter()
        .map(|(why, n)| match n {
            1 => why.to_string(),
            n => format!("{why} (×{n})"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests;
