//! The Java renderer of the test model: one `@Test` method per [`TestModel`], with the
//! shared Arrange section, the Act and the oracle's assertions, and the figures
//! `mimic verify` reports (mocks, stubs, oracle statements).

use crate::java::string_literal;
use crate::model::{Act, Answer, Arrange, Assertion, Step, Stub, TestModel};
use crate::testcase::TestMethod;

/// The Java statement(s) of one Arrange step.
pub fn step(step: &Step) -> String {
    match step {
        Step::Mock { type_name, var } => format!("{type_name} {var} = mock({type_name}.class);"),
        Step::Statement(s) => s.clone(),
        Step::Stub(s) => stub(s),
        Step::EnvironmentAnswer { key, answer } => match answer {
            Answer::Throw(e) => format!(
                "{ENVIRONMENT_VAR}.answerThrow({}, {e});",
                string_literal(key)
            ),
            Answer::Return(v) => format!("{ENVIRONMENT_VAR}.answer({}, {v});", string_literal(key)),
            Answer::Nothing | Answer::Act { .. } => {
                format!("{ENVIRONMENT_VAR}.answer({}, null);", string_literal(key))
            }
        },
    }
}

/// The variable holding the test's `EnvironmentReplay`.
pub const ENVIRONMENT_VAR: &str = "environment";

/// Varargs arguments after a key: a lone array or `null` goes inside an explicit
/// `Object[]`, which Java would otherwise take for the varargs array itself.
fn varargs(arguments: &[String]) -> String {
    match arguments {
        [] => String::new(),
        [one] if one == "null" || one.starts_with("new ") && one.contains('[') => {
            format!(", new Object[] {{{one}}}")
        }
        many => format!(", {}", many.join(", ")),
    }
}

/// `when(mock.m(args)).thenReturn(a).thenThrow(b);`, or for a void method
/// `doThrow(e).doNothing().when(mock).m(args);` (leading `doNothing()`s dropped: a mock
/// does nothing by default).
pub fn stub(s: &Stub) -> String {
    let call = format!("{}({})", s.method, s.matchers.join(", "));
    if s.spy {
        return spy_stub(s, &call);
    }
    if s.void {
        let mut chain = String::new();
        for a in &s.answers {
            match a {
                Answer::Throw(e) => chain.push_str(&format!("doThrow({e}).")),
                Answer::Return(_) | Answer::Nothing => chain.push_str("doNothing()."),
                a @ Answer::Act { .. } => {
                    chain.push_str(&format!("doAnswer({}).", a.lambda().unwrap_or_default()))
                }
            }
        }
        let chain = chain.trim_start_matches("doNothing().");
        let chain = if chain.is_empty() {
            "doNothing()."
        } else {
            chain
        };
        return format!("{chain}when({}).{call};", s.mock);
    }
    format!("when({}.{call}){};", s.mock, answers_chain(&s.answers))
}

/// A spy's stub, `doReturn(a).doReturn(b).doThrow(e).when(spy).m(args);`: each answer
/// in its own `do…` (a lone array or `null` in a varargs `doReturn` would be taken for
/// the varargs array), a void call answered by `doNothing()` (a mocked call never runs
/// the real method, whose state the recording did not follow).
fn spy_stub(s: &Stub, call: &str) -> String {
    let mut chain = String::new();
    for a in &s.answers {
        match a {
            Answer::Return(e) if !s.void => chain.push_str(&format!("doReturn({e}).")),
            Answer::Return(_) | Answer::Nothing if s.void => chain.push_str("doNothing()."),
            Answer::Return(_) | Answer::Nothing => chain.push_str("doReturn(null)."),
            Answer::Throw(e) => chain.push_str(&format!("doThrow({e}).")),
            a @ Answer::Act { .. } => {
                chain.push_str(&format!("doAnswer({}).", a.lambda().unwrap_or_default()))
            }
        }
    }
    if chain.is_empty() {
        chain.push_str(if s.void {
            "doNothing()."
        } else {
            "doReturn(null)."
        });
    }
    format!("{chain}when({}).{call};", s.mock)
}

/// `.thenReturn(a, b, c).thenThrow(e)…`: consecutive returned values in one varargs
/// `thenReturn` (a `null` after the first starts a new one: Mockito would take a lone
/// `null` for the varargs array).
fn answers_chain(answers: &[Answer]) -> String {
    let mut out = String::new();
    let mut run: Vec<&str> = Vec::new();
    let flush = |run: &mut Vec<&str>, out: &mut String| {
        if !run.is_empty() {
            out.push_str(&format!(".thenReturn({})", run.join(", ")));
            run.clear();
        }
    };
    for a in answers {
        match a {
            Answer::Return(e) => {
                if e == "null" && !run.is_empty() {
                    flush(&mut run, &mut out);
                }
                run.push(e);
            }
            Answer::Nothing => {
                flush(&mut run, &mut out);
                out.push_str(".thenReturn(null)");
            }
            Answer::Throw(e) => {
                flush(&mut run, &mut out);
                out.push_str(&format!(".thenThrow({e})"));
            }
            a @ Answer::Act { .. } => {
                flush(&mut run, &mut out);
                out.push_str(&format!(".thenAnswer({})", a.lambda().unwrap_or_default()));
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The Act line calling `call`.
pub fn act(act: &Act, call: &str) -> String {
    match act {
        Act::KeepResult { declared } => format!("{declared} result = {call};"),
        Act::Throws { class, keep } => {
            let lhs = if *keep {
                format!("{class} thrown = ")
            } else {
                String::new()
            };
            format!("{lhs}assertThrows({class}.class, () -> {call});")
        }
        Act::Call => format!("{call};"),
        Act::Completes => format!("assertDoesNotThrow(() -> {call});"),
    }
}

/// A field of `of` read through its getter, else by reflection.
fn read_field(of: &str, field: &str, getter: &Option<String>) -> String {
    match getter {
        Some(g) => format!("{of}.{g}()"),
        None => format!("Fixtures.get({of}, {})", string_literal(field)),
    }
}

/// The Java statement of one assertion.
pub fn assertion(a: &Assertion) -> String {
    match a {
        Assertion::Equals { expected } => format!("assertEquals({expected}, result);"),
        Assertion::ArrayEquals { expected, actual } => {
            format!("assertArrayEquals({expected}, {actual});")
        }
        Assertion::TextEquals { expected } => {
            format!("assertEquals({expected}, String.valueOf(result));")
        }
        Assertion::IsTrue => "assertTrue(result);".into(),
        Assertion::IsFalse => "assertFalse(result);".into(),
        Assertion::IsNull => "assertNull(result);".into(),
        Assertion::Same { expected } => format!("assertSame({expected}, result);"),
        Assertion::IsNotNull => "assertNotNull(result);".into(),
        Assertion::FieldSame {
            of,
            field,
            expected,
            getter,
        } => format!("assertSame({expected}, {});", read_field(of, field, getter)),
        Assertion::ThrownMessage(Some(message)) => format!(
            "assertEquals({}, thrown.getMessage());",
            string_literal(message)
        ),
        Assertion::ThrownMessage(None) => "assertNull(thrown.getMessage());".into(),
        Assertion::FieldEquals {
            of,
            field,
            expected,
            getter,
        } => format!(
            "assertEquals({expected}, {});",
            read_field(of, field, getter)
        ),
        Assertion::CalledWith {
            mock,
            method,
            matchers,
        } => format!(
            "verify({mock}, atLeastOnce()).{method}({});",
            matchers.join(", ")
        ),
        Assertion::NoInteractions { mocks } => {
            format!("verifyNoInteractions({});", mocks.join(", "))
        }
        Assertion::InOrder { mocks } => {
            format!("InOrder inOrder = inOrder({});", mocks.join(", "))
        }
        Assertion::EnvironmentCalledWith { key, arguments } => format!(
            "{ENVIRONMENT_VAR}.assertCalledWith({}{});",
            string_literal(key),
            varargs(arguments)
        ),
        Assertion::EnvironmentCalls { keys } => format!(
            "{ENVIRONMENT_VAR}.assertCalls({});",
            keys.iter()
                .map(|k| string_literal(k))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Assertion::CalledInOrder {
            mock,
            method,
            times,
            matchers,
            at_least,
        } => format!(
            "inOrder.verify({mock}, {}({times})).{method}({});",
            if *at_least { "calls" } else { "times" },
            matchers.join(", ")
        ),
    }
}

/// One test method: Arrange (in `try`/`finally` when static fields are swapped), Act,
/// Assert.
pub fn test_method(arrange: &Arrange, test: &TestModel) -> TestMethod {
    let mut s = String::new();
    s.push_str("    @Test\n");
    s.push_str(&format!(
        "    @DisplayName({})\n",
        string_literal(&test.display)
    ));
    s.push_str(&format!("    void {}() throws Throwable {{\n", test.name));
    s.push_str(&format!(
        "        // Arrange: production invocation {} of {}\n",
        arrange.invocation, arrange.method
    ));
    for step_ in &arrange.steps {
        s.push_str(&format!("        {}\n", step(step_)));
    }
    let restoring = !arrange.restore.is_empty();
    let indent = if restoring {
        "            "
    } else {
        "        "
    };
    if restoring {
        s.push_str("        try {\n");
    }
    if test.assertions.is_empty() {
        // The Act line is the assertion (`assertDoesNotThrow`, `assertThrows`).
        s.push_str(&format!("\n{indent}// Act and assert\n"));
    } else {
        s.push_str(&format!("\n{indent}// Act\n"));
    }
    s.push_str(&format!("{indent}{}\n", act(&test.act, &arrange.call)));
    if !test.assertions.is_empty() {
        s.push_str(&format!("\n{indent}// Assert\n"));
    }
    for a in &test.assertions {
        s.push_str(&format!("{indent}{}\n", assertion(a)));
    }
    if restoring {
        s.push_str("        } finally {\n");
        for l in &arrange.restore {
            s.push_str(&format!("            {l}\n"));
        }
        s.push_str("        }\n");
    }
    s.push_str("    }\n");
    TestMethod {
        name: test.name.clone(),
        oracle: test.oracle,
        source: s,
        mock_objects: arrange.mocks.len(),
        mock_methods: arrange.mock_methods,
        stubs: arrange.stub_count(),
        oracle_statements: test.assertions.len()
            + usize::from(matches!(test.act, Act::Throws { .. } | Act::Completes)),
        replays_environment: arrange.replays_environment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ret(e: &str) -> Answer {
        Answer::Return(e.into())
    }

    #[test]
    fn consecutive_results_share_one_then_return() {
        assert_eq!(
            answers_chain(&[ret("false"), ret("false"), ret("true")]),
            ".thenReturn(false, false, true)"
        );
        assert_eq!(
            answers_chain(&[
                ret("1"),
                Answer::Throw("new E()".into()),
                ret("2"),
                ret("3")
            ]),
            ".thenReturn(1).thenThrow(new E()).thenReturn(2, 3)"
        );
        // A null after the first value starts a new thenReturn.
        assert_eq!(
            answers_chain(&[ret("null"), ret("x"), ret("null")]),
            ".thenReturn(null, x).thenReturn(null)"
        );
    }
}
