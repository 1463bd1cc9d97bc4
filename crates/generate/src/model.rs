//! The test model: what the tests of one recorded invocation do, as data — the shared
//! Arrange (mocks, the statements that rebuild values, the stubs replaying recorded
//! results), the Act, and per oracle its assertions. `testcase` builds it from a recorded
//! invocation; `render` writes it as Java. Expressions inside it (values, matchers) are
//! already Java text: the model decides *what* is asserted and stubbed, `values` and
//! `java` how a value is spelt.

use crate::testcase::Oracle;

/// One step of the Arrange section, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `Type var = mock(Type.class);`
    Mock { type_name: String, var: String },
    /// A statement that builds a value, the receiver, or swaps a static field.
    Statement(String),
    /// Recorded results replayed for one mocked method and argument matchers.
    Stub(Stub),
    /// What one environment call answered in production (`System.currentTimeMillis()`),
    /// replayed by `EnvironmentReplay` in order.
    EnvironmentAnswer { key: String, answer: Answer },
}

/// An environment call production made: the environment method's key and its
/// arguments (Java expressions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvironmentCall {
    pub key: String,
    pub arguments: Vec<String>,
}

/// A stub: `when(mock.method(matchers)).then…` (or `do…().when(mock)` for void methods).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stub {
    pub mock: String,
    pub method: String,
    pub matchers: Vec<String>,
    /// The method returns nothing: only thrown exceptions need replaying.
    pub void: bool,
    /// What the recorded calls answered, in order (one when every call answered alike).
    pub answers: Vec<Answer>,
    /// The stub is on a spy (`doReturn(a).when(spy).m()`: `when(spy.m())` would run the
    /// real method while stubbing it).
    pub spy: bool,
}

/// One recorded answer of a mocked method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Returned this expression (`Nothing` for a void method that returned).
    Return(String),
    Nothing,
    /// Threw this throwable expression.
    Throw(String),
    /// Did something to its arguments first (`statements`, on the lambda parameter
    /// `param`), then returned `returns` (`None`: a void method).
    Act {
        param: String,
        statements: Vec<String>,
        returns: Option<String>,
    },
}

impl Answer {
    /// The answer as a Mockito `Answer` lambda (only for [`Answer::Act`]).
    pub fn lambda(&self) -> Option<String> {
        let Answer::Act {
            param,
            statements,
            returns,
        } = self
        else {
            return None;
        };
        let mut body = statements.clone();
        body.push(format!("return {};", returns.as_deref().unwrap_or("null")));
        Some(format!("{param} -> {{ {} }}", body.join(" ")))
    }
}

/// A mockable call production made, in order: which mock, which method, with which
/// argument matchers (recorded values) and wildcard matchers (any value of the type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedCall {
    pub mock: String,
    pub method: String,
    /// The method's descriptor: overloads of one name are different methods.
    pub descriptor: String,
    pub matchers: Vec<String>,
    pub anys: Vec<String>,
    /// The mock may receive calls the recording did not see: it is handed to code the
    /// plan does not follow (its read tree is whole), or a stub's answer holds it (a
    /// wrapper the mock made of itself). The call oracle then checks that the recorded
    /// calls happened, in order, not that no more did.
    pub open: bool,
}

/// Everything the tests of one invocation share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrange {
    /// The recorded invocation's id, and the method under test's name.
    pub invocation: u64,
    pub method: String,
    pub steps: Vec<Step>,
    /// Statements restoring static fields, run in `finally`.
    pub restore: Vec<String>,
    /// The call under test (`receiver.pay(card, 10)`).
    pub call: String,
    /// Mock variables, in declaration order.
    pub mocks: Vec<String>,
    /// Those of them that are spies: real objects rebuilt from what production held,
    /// whose mocked calls are stubbed and whose other methods run for real.
    pub spies: Vec<String>,
    pub calls: Vec<RecordedCall>,
    /// Environment calls production made, in order (replayed, not mocked).
    pub environment: Vec<EnvironmentCall>,
    /// The method reads the environment: the test replays it through `EnvironmentReplay`
    /// (also when this invocation made no read).
    pub replays_environment: bool,
    /// Distinct mocked methods (mock, name, descriptor) the recorded calls went through.
    pub mock_methods: usize,
}

impl Arrange {
    /// How many stubs the Arrange section holds.
    pub fn stub_count(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Stub(_) | Step::EnvironmentAnswer { .. }))
            .count()
    }
}

/// How the Act section calls the method under test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// `Type result = call;`
    KeepResult { declared: String },
    /// `[Class thrown = ]assertThrows(Class.class, () -> call);`
    Throws { class: String, keep: bool },
    /// `call;`
    Call,
    /// `assertDoesNotThrow(() -> call);`: an invocation that completed in production and
    /// left nothing else to check (the thesis's `testConstructor`; a method that only
    /// prints).
    Completes,
}

/// One assertion of an oracle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Assertion {
    /// Output oracle on a returned value.
    Equals {
        expected: String,
    },
    /// An array result, `actual` being `result` or, where the method is declared to
    /// return `Object`, `result` cast to the recorded array's type (`(int[]) result`).
    ArrayEquals {
        expected: String,
        actual: String,
    },
    /// A returned writer or builder (`equals` is identity) holds this text (a Java
    /// string literal).
    TextEquals {
        expected: String,
    },
    IsTrue,
    IsFalse,
    IsNull,
    /// The result is that very object (a mock a stub answered and the method handed
    /// back).
    Same {
        expected: String,
    },
    /// The result is an object (its fields are asserted next).
    IsNotNull,
    /// A field of `of` holds that very object (a mock a constructor was given).
    FieldSame {
        of: String,
        field: String,
        expected: String,
        /// A getter that reads the field (`of.getter()`), else by reflection.
        getter: Option<String>,
    },
    /// Output oracle on a thrown exception: its message (`None`: no message).
    ThrownMessage(Option<String>),
    /// A field of `of` (`receiver` or `result`) holds the value production left in it:
    /// the state oracle of a void method, and the output oracle of a method returning an
    /// object (field by field).
    FieldEquals {
        of: String,
        field: String,
        expected: String,
        /// A getter that reads the field (`of.getter()`), else by reflection.
        getter: Option<String>,
    },
    /// Parameter oracle: the call happened with the recorded arguments.
    CalledWith {
        mock: String,
        method: String,
        matchers: Vec<String>,
    },
    /// Parameter oracle when production made no mockable call.
    NoInteractions {
        mocks: Vec<String>,
    },
    /// Call oracle: `InOrder inOrder = inOrder(mocks…);`
    InOrder {
        mocks: Vec<String>,
    },
    /// Parameter oracle on an environment call: it happened with these arguments.
    EnvironmentCalledWith {
        key: String,
        arguments: Vec<String>,
    },
    /// Call oracle on the environment: exactly these calls, in this order.
    EnvironmentCalls {
        keys: Vec<String>,
    },
    /// Call oracle: `times` consecutive calls of the method, in order, with these
    /// arguments: the recorded values when the calls all had the same, else wildcards.
    /// `at_least`: on an open mock ([`RecordedCall::open`]), at least that many
    /// (Mockito's non-greedy `calls(n)`).
    CalledInOrder {
        mock: String,
        method: String,
        times: usize,
        matchers: Vec<String>,
        at_least: bool,
    },
}

/// One test method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestModel {
    pub oracle: Oracle,
    /// The Java method name (`pay_1_output`).
    pub name: String,
    /// What `@DisplayName` says.
    pub display: String,
    pub act: Act,
    pub assertions: Vec<Assertion>,
}

/// The tests of one recorded invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvocationTests {
    pub arrange: Arrange,
    pub tests: Vec<TestModel>,
}
