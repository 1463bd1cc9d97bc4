//! The test model per oracle kind, on hand-made records of a small `shop.Checkout`: what
//! each oracle asserts, what is stubbed, how the method under test is called, and the
//! key lines of the Java the renderer writes for them.

use mimic_plan::{MockableCall, Mut, Receiver, Returns};
use mimic_trace::{CallRecord, FieldValue, InvocationRecord, Outcome, Value};

use super::*;
use crate::model::{Act, Answer, Assertion, Step};

const CHECKOUT: &str = "shop.Checkout";

fn gateway_call(offset: u32, name: &str, descriptor: &str, returns: Returns) -> MockableCall {
    MockableCall {
        offset,
        line: None,
        owner: "shop.Gateway".into(),
        name: name.into(),
        descriptor: descriptor.into(),
        instruction: "invokeinterface".into(),
        receiver: Receiver::Field {
            name: "gateway".into(),
            declared_type: "shop.Gateway".into(),
            is_static: false,
        },
        returns,
        new_offset: None,
        returns_mock: None,
        discarded: false,
        mock_args: Vec::new(),
        method_reference: false,
        package_private: false,
        protected: false,
    }
}

fn checkout_mut(method: &str, descriptor: &str) -> Mut {
    Mut {
        class: CHECKOUT.into(),
        method: method.into(),
        descriptor: descriptor.into(),
        line: None,
        is_static: false,
        mockable_calls: vec![
            gateway_call(3, "connections", "()I", Returns::Primitive),
            gateway_call(9, "charge", "(I)Z", Returns::Primitive),
            gateway_call(15, "audit", "(Ljava/lang/String;)V", Returns::Void),
        ],
        deeper_calls: vec![],
        param_names: vec![],
        static_reads: vec![],
        collaborator_fields: vec![],
        delegation: false,
        constructions: Vec::new(),
        param_fields: Vec::new(),
        outer_instance: false,
        called_through: None,
        thresholds: Vec::new(),
        getters: Vec::new(),
        field_constructor: None,
        runs_params: Vec::new(),
        runs_fields: Vec::new(),
        overridden_by: Vec::new(),
        recursive: false,
        reads: None,
    }
}

fn checkout() -> Value {
    Value::Object {
        id: 1,
        class: CHECKOUT.into(),
        fields: vec![FieldValue {
            name: "gateway".into(),
            declared_in: CHECKOUT.into(),
            value: Value::Object {
                id: 2,
                class: "shop.CardGateway".into(),
                fields: vec![],
                truncated: false,
            },
        }],
        truncated: false,
    }
}

fn returned(value: Value) -> Outcome {
    Outcome::Returned { value }
}

fn call(seq: u32, plan_call: u32, arguments: Vec<Value>, outcome: Outcome) -> CallRecord {
    CallRecord {
        seq,
        plan_call,
        arguments,
        outcome,
        receiver_identity: None,
        answer_identity: None,
        effects: None,
    }
}

fn invocation(arguments: Vec<Value>, outcome: Outcome, calls: Vec<CallRecord>) -> InvocationRecord {
    InvocationRecord {
        id: 7,
        mut_index: 0,
        seq: 0,
        thread_id: 1,
        thread_name: "main".into(),
        parent: None,
        receiver_before: Some(checkout()),
        receiver_after: None,
        arguments,
        statics: vec![],
        outcome,
        calls,
        started_ns: 0,
        duration_ns: 0,
    }
}

const ALL: [Oracle; 3] = [Oracle::Output, Oracle::Parameters, Oracle::Calls];

/// pay(3): two connection checks (1, then 0), one charge of 3 that succeeds, true.
fn pay() -> (Mut, InvocationRecord) {
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![
            call(0, 0, vec![], returned(Value::Int { v: 1 })),
            call(1, 0, vec![], returned(Value::Int { v: 0 })),
            call(
                2,
                1,
                vec![Value::Int { v: 3 }],
                returned(Value::Boolean { v: true }),
            ),
        ],
    );
    (checkout_mut("pay", "(I)Z"), inv)
}

fn stubs_of(arrange: &crate::model::Arrange) -> Vec<&crate::model::Stub> {
    arrange
        .steps
        .iter()
        .filter_map(|s| match s {
            Step::Stub(s) => Some(s),
            _ => None,
        })
        .collect()
}

fn test_of(model: &InvocationTests, oracle: Oracle) -> &crate::model::TestModel {
    model
        .tests
        .iter()
        .find(|t| t.oracle == oracle)
        .unwrap_or_else(|| panic!("no {oracle:?} test in {model:#?}"))
}

fn java(model: &InvocationTests, oracle: Oracle) -> String {
    crate::render::test_method(&model.arrange, test_of(model, oracle)).source
}

#[test]
fn output_oracle_asserts_the_returned_value() {
    let (m, inv) = pay();
    let (model, resources) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    assert!(resources.is_empty());
    let test = test_of(&model, Oracle::Output);
    assert_eq!(test.name, "pay_1_output");
    assert_eq!(
        test.act,
        Act::KeepResult {
            declared: "boolean".into()
        }
    );
    assert_eq!(test.assertions, [Assertion::IsTrue]);
    assert_eq!(
        test.display,
        "pay(3) returned true after 3 mockable calls: same output"
    );
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("boolean result = receiver.pay(3);"),
        "{source}"
    );
    assert!(source.contains("assertTrue(result);"), "{source}");
    assert!(
        source.contains("// Arrange: production invocation 7 of pay"),
        "{source}"
    );
}

#[test]
fn stubs_replay_several_results_in_order_and_one_result_once() {
    let (m, inv) = pay();
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let arrange = &model.arrange;
    assert_eq!(arrange.mocks, ["gateway"]);
    assert!(matches!(&arrange.steps[0], Step::Mock { type_name, var }
        if type_name == "Gateway" && var == "gateway"));
    let stubs = stubs_of(arrange);
    assert_eq!(stubs.len(), 2);
    assert_eq!(stubs[0].method, "connections");
    assert_eq!(
        stubs[0].answers,
        [Answer::Return("1".into()), Answer::Return("0".into())]
    );
    assert_eq!(stubs[1].method, "charge");
    assert_eq!(stubs[1].matchers, ["3"]);
    assert_eq!(stubs[1].answers, [Answer::Return("true".into())]);
    assert_eq!(arrange.stub_count(), 2);
    assert_eq!(arrange.mock_methods, 2);
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("when(gateway.connections()).thenReturn(1, 0);"),
        "{source}"
    );
    assert!(
        source.contains("when(gateway.charge(3)).thenReturn(true);"),
        "{source}"
    );
    // The receiver is rebuilt with the mock in its field.
    assert!(
        source.contains("Checkout receiver = ") && source.contains("\"gateway\", gateway"),
        "{source}"
    );
}

#[test]
fn parameter_oracle_verifies_each_call_with_its_recorded_arguments() {
    let (m, inv) = pay();
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let test = test_of(&model, Oracle::Parameters);
    assert_eq!(test.act, Act::Call);
    assert_eq!(
        test.assertions,
        [
            Assertion::CalledWith {
                mock: "gateway".into(),
                method: "connections".into(),
                matchers: vec![],
            },
            Assertion::CalledWith {
                mock: "gateway".into(),
                method: "charge".into(),
                matchers: vec!["3".into()],
            },
        ]
    );
    let source = java(&model, Oracle::Parameters);
    assert!(source.contains("        receiver.pay(3);\n"), "{source}");
    assert!(
        source.contains("verify(gateway, atLeastOnce()).charge(3);"),
        "{source}"
    );
}

#[test]
fn call_oracle_verifies_order_and_consecutive_counts() {
    let (m, inv) = pay();
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let test = test_of(&model, Oracle::Calls);
    assert_eq!(
        test.assertions,
        [
            Assertion::InOrder {
                mocks: vec!["gateway".into()]
            },
            Assertion::CalledInOrder {
                mock: "gateway".into(),
                method: "connections".into(),
                times: 2,
                matchers: vec![],
                at_least: false,
            },
            Assertion::CalledInOrder {
                mock: "gateway".into(),
                method: "charge".into(),
                times: 1,
                matchers: vec!["3".into()],
                at_least: false,
            },
        ]
    );
    let source = java(&model, Oracle::Calls);
    assert!(
        source.contains("InOrder inOrder = inOrder(gateway);"),
        "{source}"
    );
    assert!(
        source.contains("inOrder.verify(gateway, times(2)).connections();"),
        "{source}"
    );
    assert!(
        source.contains("inOrder.verify(gateway, times(1)).charge(3);"),
        "{source}"
    );
    let rendered = crate::render::test_method(&model.arrange, test);
    assert_eq!(rendered.oracle_statements, 3);
    assert_eq!(rendered.stubs, 2);
    assert_eq!(rendered.mock_objects, 1);
}

/// Regression (commonmark's `CoreTextContentNodeRenderer.writeLink`: `write('(')`,
/// `write(title)`, …): consecutive calls of two overloads of one name were counted as
/// one run, `times(2).write(anyChar())`, which the second (a `write(String)`) does not
/// match. A run is one method, name and descriptor.
#[test]
fn call_oracle_keeps_overloads_of_one_name_apart() {
    let (mut m, _) = pay();
    m.mockable_calls
        .push(gateway_call(21, "audit", "(I)V", Returns::Void));
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![
            call(
                0,
                2,
                vec![Value::Str { v: "x".into() }],
                returned(Value::Null),
            ),
            call(1, 3, vec![Value::Int { v: 4 }], returned(Value::Null)),
        ],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Calls);
    assert!(
        source.contains("inOrder.verify(gateway, times(1)).audit(\"x\");"),
        "{source}"
    );
    assert!(
        source.contains("inOrder.verify(gateway, times(1)).audit(4);"),
        "{source}"
    );
}

/// Regression (PDFBox's `PDColorSpace.create`: `hasColorSpace(COSName.DEFAULT_RGB)`, then
/// `hasColorSpace(null)`): a run of calls with different arguments was counted with
/// `any(T.class)`, which does not match null, so the call oracle saw one call of two. A
/// position where a call of the run passed null is counted with `nullable(T.class)`.
#[test]
fn call_oracle_counts_a_null_argument_with_a_wildcard_that_matches_it() {
    let (mut m, _) = pay();
    m.mockable_calls.push(gateway_call(
        21,
        "audit",
        "(Ljava/lang/String;)V",
        Returns::Void,
    ));
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![
            call(
                0,
                2,
                vec![Value::Str { v: "x".into() }],
                returned(Value::Null),
            ),
            call(1, 2, vec![Value::Null], returned(Value::Null)),
        ],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Calls);
    assert!(
        source.contains("inOrder.verify(gateway, times(2)).audit(nullable(String.class));"),
        "{source}"
    );
}

/// Regression (SnakeYAML's `RepresentList.representData`: `getTag(type, defaultTag)`
/// answers the tag it was given, which the code only passes on): the plan answers such
/// a call with a mock, and the test verifies the mock is passed on; answering the
/// argument itself instead (the call's recorded effect) broke that check.
#[test]
fn a_call_answered_by_a_mock_keeps_it_even_when_it_returned_an_argument() {
    let (mut m, _) = pay();
    let mut tagged = gateway_call(
        21,
        "tag",
        "(Ljava/lang/Object;)Ljava/lang/Object;",
        Returns::Object,
    );
    tagged.returns_mock = Some("shop.Tag".into());
    m.mockable_calls.push(tagged);
    let mut c = call(
        0,
        3,
        vec![Value::Str { v: "seq".into() }],
        returned(Value::Str { v: "seq".into() }),
    );
    c.effects = Some(mimic_trace::CallEffects {
        returned_argument: Some(0),
        ..Default::default()
    });
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![c],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("when(gateway.tag(\"seq\")).thenReturn(tag);"),
        "{source}"
    );
}

/// A call made on an object the method put in the field (`receiver_replaced`) is not
/// the mock's: neither stubbed nor verified.
#[test]
fn calls_on_a_replaced_field_object_are_left_out() {
    let (m, mut inv) = pay();
    for c in &mut inv.calls[..2] {
        c.effects = Some(mimic_trace::CallEffects {
            receiver_replaced: true,
            ..Default::default()
        });
    }
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Calls);
    assert!(!source.contains("connections()"), "{source}");
    assert!(
        source.contains("inOrder.verify(gateway, times(1)).charge(3);"),
        "{source}"
    );
}

/// Pebble's `FilterExpression.evaluate`: `if (filter == null) filter =
/// registry.getFilter(name); … filter.apply(…)`. The plan answers `getFilter` with a mock
/// (the answer is stored in a field called through); the call on the field's new object
/// was made on that very answer (its receiver identity), so it is stubbed on the answer's
/// mock. Before, it was dropped as a call on an object the method made, and the real
/// filter the test built from a recording of nothing failed.
#[test]
fn calls_on_a_stored_mocked_answer_are_stubbed_on_its_mock() {
    let mut m = checkout_mut("pay", "(I)Z");
    let mut find = gateway_call(3, "processor", "()Lshop/Processor;", Returns::Object);
    find.returns_mock = Some("shop.Processor".into());
    let mut charge = gateway_call(9, "charge", "(I)Z", Returns::Primitive);
    charge.owner = "shop.Processor".into();
    charge.receiver = Receiver::Field {
        name: "processor".into(),
        declared_type: "shop/Processor".into(),
        is_static: false,
    };
    m.mockable_calls = vec![find, charge];
    let processor = Value::Object {
        id: 5,
        class: "shop.FastProcessor".into(),
        fields: vec![],
        truncated: false,
    };
    let mut first = call(0, 0, vec![], returned(processor));
    first.answer_identity = Some(77);
    let mut second = call(
        1,
        1,
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
    );
    second.receiver_identity = Some(77);
    second.effects = Some(mimic_trace::CallEffects {
        receiver_replaced: true,
        ..Default::default()
    });
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![first, second.clone()],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Calls);
    // (`processor` is the field's mock: this receiver's recording has no such field.)
    assert!(
        source.contains("when(gateway.processor()).thenReturn(processor2);"),
        "{source}"
    );
    assert!(
        source.contains("when(processor2.charge(3)).thenReturn(true);"),
        "{source}"
    );
    assert!(
        source.contains("inOrder.verify(processor2, times(1)).charge(3);"),
        "{source}"
    );
    // Made on another object than the answer: left out, as before.
    second.receiver_identity = Some(78);
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![inv.calls[0].clone(), second],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Calls);
    assert!(!source.contains("charge"), "{source}");
}

/// Regression (Velocity's `ASTSetDirective.render`: `right.value(context)` through the
/// `Node` interface, and a read of `right`'s `lastImage` field): a collaborator whose
/// fields the method reads is mocked as the class production had, not as the interface
/// its calls go through, whose mock has no fields ("could not set …lastImage", 8 tests).
#[test]
fn a_collaborator_whose_fields_are_read_is_not_mocked_as_its_interface() {
    let (mut m, inv) = pay();
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    assert!(
        java(&model, Oracle::Output).contains("Gateway gateway = mock(Gateway.class);"),
        "calls through an interface alone: its mock"
    );
    m.collaborator_fields = vec![mimic_plan::CollaboratorField {
        receiver: m.mockable_calls[0].receiver.clone(),
        name: "limit".into(),
        descriptor: "I".into(),
    }];
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(source.contains("mock(CardGateway.class)"), "{source}");
}

/// Regression (PDFBox's `COSWriter.visitFromString`, which hands its
/// `COSStandardOutputStream` field to a static helper writing to an `OutputStream`): a
/// JDK owner of a call on a project-typed field is a supertype; mocking it gave a mock
/// the field cannot hold (`IllegalArgumentException: Can not set … field`).
#[test]
fn a_field_is_mocked_as_its_project_type_not_a_jdk_supertype_of_it() {
    let (mut m, inv) = pay();
    for c in &mut m.mockable_calls {
        c.owner = "java.io.OutputStream".into();
        c.receiver = Receiver::Field {
            name: "gateway".into(),
            declared_type: "shop/FastStream".into(),
            is_static: false,
        };
    }
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(source.contains("mock(FastStream.class)"), "{source}");
}

#[test]
fn output_oracle_asserts_a_thrown_exception_and_its_message() {
    let (m, _) = pay();
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        Outcome::Threw {
            exception: Value::Thrown {
                class: "java.lang.IllegalStateException".into(),
                message: Some("declined".into()),
                message_overridden: false,
            },
        },
        vec![call(0, 0, vec![], returned(Value::Int { v: 1 }))],
    );
    let (model, _) = model_for(&m, &inv, 2, &ALL, "CheckoutMimicTest").unwrap();
    let test = test_of(&model, Oracle::Output);
    assert!(
        matches!(&test.act, Act::Throws { class, keep: true } if class.ends_with("IllegalStateException"))
    );
    assert_eq!(
        test.assertions,
        [Assertion::ThrownMessage(Some("declined".into()))]
    );
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("thrown = assertThrows(") && source.contains("() -> receiver.pay(3));"),
        "{source}"
    );
    assert!(
        source.contains("assertEquals(\"declined\", thrown.getMessage());"),
        "{source}"
    );
    // The other oracles keep the exception out of the way, without keeping it.
    let calls = test_of(&model, Oracle::Calls);
    assert!(matches!(calls.act, Act::Throws { keep: false, .. }));
    let rendered = crate::render::test_method(&model.arrange, test);
    assert_eq!(rendered.oracle_statements, 2);
}

#[test]
fn a_void_method_has_no_output_oracle_and_stubs_only_thrown_exceptions() {
    let m = checkout_mut("log", "(Ljava/lang/String;)V");
    let said = |text: &str| Value::Str { v: text.into() };
    let inv = invocation(
        vec![said("hi")],
        returned(Value::Null),
        vec![
            call(0, 2, vec![said("hi")], returned(Value::Null)),
            call(
                1,
                2,
                vec![said("again")],
                Outcome::Threw {
                    exception: Value::Thrown {
                        class: "java.io.UncheckedIOException".into(),
                        message: None,
                        message_overridden: false,
                    },
                },
            ),
        ],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    assert!(model.tests.iter().all(|t| t.oracle != Oracle::Output));
    let stubs = stubs_of(&model.arrange);
    // audit("hi") returned: nothing to stub; audit("again") threw.
    assert_eq!(stubs.len(), 1);
    assert!(stubs[0].void);
    assert_eq!(stubs[0].matchers, ["\"again\""]);
    assert!(matches!(&stubs[0].answers[..], [Answer::Throw(_)]));
    let source = java(&model, Oracle::Parameters);
    assert!(
        source.contains("doThrow(") && source.contains(".when(gateway).audit(\"again\");"),
        "{source}"
    );
    assert!(
        source.contains("verify(gateway, atLeastOnce()).audit(\"hi\");"),
        "{source}"
    );
    assert!(
        test_of(&model, Oracle::Parameters)
            .display
            .starts_with("log(\"hi\") returned after 2 mockable calls"),
        "{:?}",
        test_of(&model, Oracle::Parameters).display
    );
}

/// The static `shop.Tax.rate(int)`, with no calls.
fn tax_rate() -> Mut {
    Mut {
        class: "shop.Tax".into(),
        method: "rate".into(),
        descriptor: "(I)I".into(),
        line: None,
        is_static: true,
        mockable_calls: vec![],
        deeper_calls: vec![],
        param_names: vec![],
        static_reads: vec![],
        collaborator_fields: vec![],
        delegation: false,
        constructions: Vec::new(),
        param_fields: Vec::new(),
        outer_instance: false,
        called_through: None,
        thresholds: Vec::new(),
        getters: Vec::new(),
        field_constructor: None,
        runs_params: Vec::new(),
        runs_fields: Vec::new(),
        overridden_by: Vec::new(),
        recursive: false,
        reads: None,
    }
}

#[test]
fn a_static_method_without_calls_gets_only_an_output_oracle() {
    let m = tax_rate();
    let inv = InvocationRecord {
        receiver_before: None,
        ..invocation(
            vec![Value::Int { v: 5 }],
            returned(Value::Int { v: 7 }),
            vec![],
        )
    };
    let (model, _) = model_for(&m, &inv, 1, &ALL, "TaxMimicTest").unwrap();
    assert_eq!(model.tests.len(), 1);
    let test = test_of(&model, Oracle::Output);
    assert_eq!(
        test.assertions,
        [Assertion::Equals {
            expected: "7".into()
        }]
    );
    assert_eq!(model.arrange.call, "Tax.rate(5)");
    assert!(model.arrange.mocks.is_empty());
    let source = java(&model, Oracle::Output);
    assert!(source.contains("int result = Tax.rate(5);"), "{source}");
    assert!(source.contains("assertEquals(7, result);"), "{source}");
}

/// Issue 17, item 4: the static fields the method read are set to their recorded values
/// before it acts and restored after; one whose value cannot be rebuilt is left, named.
#[test]
fn static_state_the_method_read_is_set_and_restored() {
    let read = |name: &str, descriptor: &str| mimic_plan::StaticRead {
        class: "shop.Tax".into(),
        name: name.into(),
        descriptor: descriptor.into(),
    };
    let m = Mut {
        static_reads: vec![read("percent", "I"), read("lock", "Ljava/lang/Object;")],
        ..tax_rate()
    };
    let inv = InvocationRecord {
        receiver_before: None,
        statics: vec![
            Value::Int { v: 25 },
            Value::Opaque {
                class: "java.lang.Object".into(),
                reason: "a lock".into(),
                implements: None,
                length: None,
            },
        ],
        ..invocation(
            vec![Value::Int { v: 4 }],
            returned(Value::Int { v: 1 }),
            vec![],
        )
    };
    let (model, _) = model_for(&m, &inv, 1, &ALL, "TaxMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("Object previousPercent = Fixtures.setStatic(Tax.class, \"percent\", 25);"),
        "{source}"
    );
    assert!(
        source.contains("Fixtures.setStatic(Tax.class, \"percent\", previousPercent);"),
        "{source}"
    );
    assert!(source.contains("// static Tax.lock is not set"), "{source}");
    // The restore runs after the act, whatever it threw.
    let act = source.find("Tax.rate(4)").unwrap();
    let restore = source.find("previousPercent);").unwrap();
    assert!(
        act < restore && source[act..restore].contains("finally"),
        "{source}"
    );
    // A recording that does not match the plan's reads is skipped, named.
    let mismatched = InvocationRecord {
        statics: vec![Value::Int { v: 25 }],
        ..inv
    };
    let skipped = model_for(&m, &mismatched, 1, &ALL, "TaxMimicTest").unwrap_err();
    assert!(
        skipped.reason.contains("1 static values recorded for 2"),
        "{}",
        skipped.reason
    );
}

/// Issue 15 item 5: a call argument that was the receiver itself is matched by identity
/// (`same(…)`), not by `any(…)`: production passed that very object.
#[test]
fn an_argument_that_was_the_receiver_is_matched_by_identity() {
    let mut m = checkout_mut("register", "()V");
    m.mockable_calls = vec![gateway_call(
        3,
        "register",
        "(Lshop/Checkout;)V",
        Returns::Void,
    )];
    let inv = invocation(
        vec![],
        returned(Value::Null),
        vec![call(0, 0, vec![Value::Receiver], returned(Value::Null))],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Parameters);
    assert!(
        source.contains("verify(gateway, atLeastOnce()).register(same(receiver));"),
        "{source}"
    );
}

/// Regression (PDFBox `MemoryTTFDataStream`): a large receiver holding a truncated array
/// (27,956 bytes, 444 recorded) was loaded from a resource half-rebuilt, and its tests
/// failed with `EOFException`; it is now skipped as truncated, like an inline one.
#[test]
fn a_large_receiver_with_a_truncated_part_is_skipped_not_loaded() {
    let (m, inv) = pay();
    let Some(Value::Object {
        id, class, fields, ..
    }) = inv.receiver_before.clone()
    else {
        panic!()
    };
    let mut fields = fields;
    fields.push(FieldValue {
        name: "data".into(),
        declared_in: CHECKOUT.into(),
        value: Value::Array {
            id: 9,
            class: "[B".into(),
            length: 27_956,
            elements: (0..40).map(|v| Value::Byte { v }).collect(),
            truncated: true,
        },
    });
    let inv = InvocationRecord {
        receiver_before: Some(Value::Object {
            id,
            class,
            fields,
            truncated: false,
        }),
        ..inv
    };
    let skipped = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap_err();
    assert!(skipped.reason.contains("truncated"), "{}", skipped.reason);
}

#[test]
fn a_receiver_not_recorded_field_by_field_is_skipped_with_the_reason() {
    let (m, inv) = pay();
    let inv = InvocationRecord {
        receiver_before: Some(Value::Opaque {
            class: CHECKOUT.into(),
            reason: "depth limit".into(),
            implements: None,
            length: None,
        }),
        ..inv
    };
    let skipped = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap_err();
    assert!(
        skipped.reason.contains("not recorded field by field"),
        "{}",
        skipped.reason
    );
}

/// Issue 16 item 3: a changed field is asserted through the class's getter of it, when
/// the receiver is exactly of that class (a subclass may override the getter); the
/// others stay read by reflection.
#[test]
fn a_receiver_is_built_by_its_constructor_and_read_through_its_getter_when_it_can_be() {
    let getter = |class: &str| mimic_plan::Getter {
        class: class.into(),
        field: "count".into(),
        declared_in: CHECKOUT.into(),
        method: "getCount".into(),
    };
    let m = Mut {
        mockable_calls: vec![],
        getters: vec![getter(CHECKOUT)],
        ..checkout_mut("reset", "()V")
    };
    let field = |name: &str, value: Value| FieldValue {
        name: name.into(),
        declared_in: CHECKOUT.into(),
        value,
    };
    let state = |class: &str, count: i32, label: &str| Value::Object {
        id: 1,
        class: class.into(),
        fields: vec![
            field("count", Value::Int { v: count }),
            field("label", Value::Str { v: label.into() }),
        ],
        truncated: false,
    };
    let inv = |class: &str| InvocationRecord {
        receiver_before: Some(state(class, 3, "open")),
        receiver_after: Some(state(class, 0, "shut")),
        ..invocation(vec![], returned(Value::Null), vec![])
    };
    let (model, _) = model_for(&m, &inv(CHECKOUT), 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("assertEquals(0, receiver.getCount());"),
        "{source}"
    );
    assert!(
        source.contains("Checkout receiver = Fixtures.create("),
        "{source}"
    );
    // Issue 16 item 2: with a constructor that only stores its parameters in every
    // field, the receiver is built by it; not when the record holds other fields.
    let constructor = mimic_plan::FieldConstructor {
        descriptor: "(Ljava/lang/String;I)V".into(),
        fields: vec!["label".into(), "count".into()],
    };
    let built = Mut {
        field_constructor: Some(constructor.clone()),
        ..m.clone()
    };
    let (model, _) = model_for(&built, &inv(CHECKOUT), 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("Checkout receiver = new Checkout(\"open\", 3);"),
        "{source}"
    );
    let other = Mut {
        field_constructor: Some(mimic_plan::FieldConstructor {
            fields: vec!["label".into(), "total".into()],
            ..constructor
        }),
        ..m.clone()
    };
    let (model, _) = model_for(&other, &inv(CHECKOUT), 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("Checkout receiver = Fixtures.create("),
        "{source}"
    );
    assert!(
        source.contains("assertEquals(\"shut\", Fixtures.get(receiver, \"label\"));"),
        "{source}"
    );
    // A receiver of a subclass: by reflection.
    let sub = format!("{CHECKOUT}$Special");
    let m = Mut {
        getters: vec![getter(CHECKOUT), getter(&sub)],
        ..m
    };
    let (model, _) = model_for(&m, &inv(&sub), 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("assertEquals(0, Fixtures.get(receiver, \"count\"));"),
        "{source}"
    );
}

#[test]
fn a_void_method_gets_a_state_oracle_on_the_fields_it_changed() {
    let m = Mut {
        mockable_calls: vec![],
        ..checkout_mut("reset", "()V")
    };
    let field = |name: &str, value: Value| FieldValue {
        name: name.into(),
        declared_in: CHECKOUT.into(),
        value,
    };
    let state = |count: i32, label: &str| Value::Object {
        id: 1,
        class: CHECKOUT.into(),
        fields: vec![
            field("count", Value::Int { v: count }),
            field("label", Value::Str { v: label.into() }),
        ],
        truncated: false,
    };
    let inv = InvocationRecord {
        receiver_before: Some(state(3, "open")),
        receiver_after: Some(state(0, "open")),
        ..invocation(vec![], returned(Value::Null), vec![])
    };
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let test = test_of(&model, Oracle::Output);
    assert_eq!(test.act, Act::Call);
    // Only the field it changed.
    assert_eq!(
        test.assertions,
        [Assertion::FieldEquals {
            of: "receiver".into(),
            field: "count".into(),
            expected: "0".into(),
            getter: None,
        }]
    );
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("assertEquals(0, Fixtures.get(receiver, \"count\"));"),
        "{source}"
    );
    // A collection of values it changed is asserted by its contents.
    let with_items = |class: &str, items: &[&str]| Value::Object {
        id: 1,
        class: CHECKOUT.into(),
        fields: vec![field(
            "items",
            Value::Collection {
                id: 2,
                class: class.into(),
                size: items.len() as u32,
                elements: items
                    .iter()
                    .map(|i| Value::Str { v: (*i).into() })
                    .collect(),
                truncated: false,
            },
        )],
        truncated: false,
    };
    let added = |class: &str| InvocationRecord {
        receiver_before: Some(with_items(class, &["a"])),
        receiver_after: Some(with_items(class, &["a", "b"])),
        ..inv.clone()
    };
    let (model, _) = model_for(
        &m,
        &added("java.util.ArrayList"),
        1,
        &ALL,
        "CheckoutMimicTest",
    )
    .unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("Fixtures.get(receiver, \"items\"));") && source.contains("\"b\""),
        "{source}"
    );
    // An `ArrayDeque` compares identity, not contents (PDFBox's
    // `PDFStreamEngine.addOperator`): its state is not asserted by `equals`.
    let (model, _) = model_for(
        &m,
        &added("java.util.ArrayDeque"),
        1,
        &ALL,
        "CheckoutMimicTest",
    )
    .unwrap();
    assert_eq!(test_of(&model, Oracle::Output).act, Act::Completes);
    // Nothing changed: the call must still complete as it did in production.
    let unchanged = InvocationRecord {
        receiver_after: Some(state(3, "open")),
        ..inv
    };
    let (model, _) = model_for(&m, &unchanged, 1, &ALL, "CheckoutMimicTest").unwrap();
    let test = test_of(&model, Oracle::Output);
    assert_eq!(test.act, Act::Completes);
    assert!(test.assertions.is_empty());
    assert!(
        java(&model, Oracle::Output).contains("assertDoesNotThrow(() -> receiver.reset());"),
        "{}",
        java(&model, Oracle::Output)
    );
}

/// A returned object is asserted field by field, its literal fields only, and never a
/// text holding an identity hash (`LogFactoryImpl@1300109446`: commons-logging's
/// `LogFactory.getFactory()` on PDFBox, different in every JVM).
#[test]
fn a_returned_object_is_asserted_by_its_literal_fields_but_not_identity_hashes() {
    let m = Mut {
        mockable_calls: vec![],
        ..checkout_mut("snapshot", "()Lshop/Checkout;")
    };
    let field = |name: &str, value: Value| FieldValue {
        name: name.into(),
        declared_in: CHECKOUT.into(),
        value,
    };
    let result = Value::Object {
        id: 1,
        class: CHECKOUT.into(),
        fields: vec![
            field("count", Value::Int { v: 3 }),
            field(
                "prefix",
                Value::Str {
                    v: "[Impl@1300109446 from Loader@815033865]".into(),
                },
            ),
            field(
                "label",
                Value::Str {
                    v: "a@b.org".into(),
                },
            ),
            field(
                "gateway",
                Value::Opaque {
                    class: "x.Y".into(),
                    reason: "r".into(),
                    implements: None,
                    length: None,
                },
            ),
        ],
        truncated: false,
    };
    let inv = invocation(vec![], returned(result), vec![]);
    let (model, _) = model_for(&m, &inv, 1, &[Oracle::Output], "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(source.contains("assertNotNull(result);"), "{source}");
    assert!(
        source.contains("assertEquals(3, Fixtures.get(result, \"count\"));"),
        "{source}"
    );
    assert!(
        source.contains("assertEquals(\"a@b.org\", Fixtures.get(result, \"label\"));"),
        "{source}"
    );
    assert!(!source.contains("prefix"), "{source}");
    assert!(
        !source.contains("Fixtures.get(result, \"gateway\")"),
        "{source}"
    );
}

#[test]
fn an_anonymous_object_is_shown_by_its_outer_class_too() {
    let object = |class: &str| Value::Object {
        id: 1,
        class: class.into(),
        fields: Vec::new(),
        truncated: false,
    };
    assert_eq!(shown(&object("se.kth.castor.library.Main$1")), "Main$1");
    assert_eq!(shown(&object("se.kth.castor.library.Library")), "Library");
    assert_eq!(shown(&object("a.Outer$Inner")), "Inner");
}

/// Ids are local to each recorded value (the receiver, each argument, each call's
/// arguments and answer are captured apart): an argument's object #3 is not the
/// receiver's #3. Gson's `ReflectiveTypeAdapterFactory` test set its `reflectionFilters`
/// list to a map recorded elsewhere under the same id.
#[test]
fn a_reference_resolves_within_its_own_recorded_value() {
    let list = Value::Collection {
        id: 3,
        class: "java.util.ArrayList".into(),
        size: 1,
        elements: vec![Value::Str { v: "vip".into() }],
        truncated: false,
    };
    let receiver = Value::Object {
        id: 1,
        class: CHECKOUT.into(),
        fields: vec![
            FieldValue {
                name: "gateway".into(),
                declared_in: CHECKOUT.into(),
                // Mocked: its recorded state is not rebuilt, the list is first seen here.
                value: Value::Object {
                    id: 2,
                    class: "shop.CardGateway".into(),
                    fields: vec![FieldValue {
                        name: "tags".into(),
                        declared_in: "shop.CardGateway".into(),
                        value: list,
                    }],
                    truncated: false,
                },
            },
            FieldValue {
                name: "tags".into(),
                declared_in: CHECKOUT.into(),
                value: Value::Ref { id: 3 },
            },
        ],
        truncated: false,
    };
    let map = Value::Map {
        id: 3,
        class: "java.util.HashMap".into(),
        size: 0,
        entries: vec![],
        truncated: false,
    };
    let mut inv = invocation(
        vec![map],
        returned(Value::Boolean { v: true }),
        vec![call(0, 0, vec![], returned(Value::Int { v: 1 }))],
    );
    inv.receiver_before = Some(receiver);
    let m = checkout_mut("pay", "(Ljava/util/Map;)Z");
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(source.contains("\"vip\""), "{source}");
    assert!(!source.contains("\"tags\", hashMap"), "{source}");
}

/// Regression (jsoup's `Element.hasClass` and `Element.id`, whose `attributes` field is
/// null until an attribute is set): a collaborator field that was null in production
/// was given a mock all the same, so the test took the non-null path production did
/// not (`NullPointerException`, or `null` where production returned `""`). A field or
/// parameter recorded null stays null.
#[test]
fn a_collaborator_that_was_null_in_production_is_null_in_the_test() {
    let (m, mut inv) = pay();
    let Some(Value::Object { fields, .. }) = &mut inv.receiver_before else {
        unreachable!()
    };
    fields[0].value = Value::Null;
    inv.calls.clear();
    inv.outcome = returned(Value::Boolean { v: false });
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(!source.contains("mock("), "{source}");
    assert!(source.contains("\"gateway\", null"), "{source}");
}

/// A collaborator field null at entry that the method sets before calling it (a lazy
/// `if (gateway == null) gateway = …;`): the recorded calls went through it, so it keeps
/// its mock, which answers them (dropping it panicked: "no entry found for key", PDFBox).
#[test]
fn a_collaborator_set_by_the_method_before_its_calls_keeps_its_mock() {
    let (m, mut inv) = pay();
    let Some(Value::Object { fields, .. }) = &mut inv.receiver_before else {
        unreachable!()
    };
    fields[0].value = Value::Null;
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(source.contains("mock(Gateway.class)"), "{source}");
    assert_eq!(stubs_of(&model.arrange).len(), 2, "{source}");
}

/// jsoup's `Element.clearAttributes`: it calls `attributes.size()` (mocked) and, in its
/// superclass, `attributes().iterator()` on the same object (not mocked): a mock
/// answered `null` there (`NullPointerException`). When the read tree uses a mocked
/// collaborator beyond its identity, the test spies on the object production held:
/// the mocked calls are stubbed (`doReturn`, which does not run the real method), the
/// rest runs for real on the recorded state, and no oracle claims it was untouched.
#[test]
fn a_collaborator_also_used_by_unmocked_code_is_a_spy_on_the_recorded_object() {
    let (mut m, inv) = pay();
    let mut receiver = mimic_plan::ReadNode::default();
    receiver.at(&["gateway".to_string()]).whole = true;
    m.reads = Some(mimic_plan::Reads {
        receiver: Some(receiver),
        ..Default::default()
    });
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("Gateway gateway = spy(Fixtures.create(CardGateway.class));"),
        "{source}"
    );
    assert!(
        source.contains("doReturn(1).doReturn(0).when(gateway).connections();"),
        "{source}"
    );
    assert!(
        source.contains("doReturn(true).when(gateway).charge(3);"),
        "{source}"
    );
    assert!(!source.contains("mock("), "{source}");
    assert_eq!(model.arrange.spies, vec!["gateway".to_string()]);

    // Regression (commonmark's `CoreHtmlNodeRenderer.visit`, whose spied context's
    // `render(node)` is void): a void call that returned is stubbed `doNothing()` on a
    // spy, or the real method runs on state the recording did not follow.
    let mut audited = inv.clone();
    audited.calls.push(call(
        3,
        2,
        vec![Value::Str { v: "x".into() }],
        returned(Value::Null),
    ));
    let (model, _) = model_for(&m, &audited, 1, &ALL, "CheckoutMimicTest").expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("doNothing().when(gateway).audit(\"x\");"),
        "{source}"
    );

    // Without calls, the parameter oracle does not say the spy was untouched.
    let (m2, mut quiet) = (m.clone(), inv.clone());
    quiet.calls.clear();
    let (model, _) = model_for(&m2, &quiet, 1, &ALL, "CheckoutMimicTest").expect("a test");
    assert!(
        !model.tests.iter().any(|t| t
            .assertions
            .iter()
            .any(|a| matches!(a, Assertion::NoInteractions { .. }))),
        "{model:#?}"
    );

    // Used only by identity (the mocked calls): a mock, as before.
    m.reads = Some(mimic_plan::Reads {
        receiver: Some(mimic_plan::ReadNode::default()),
        ..Default::default()
    });
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").expect("a test");
    assert!(java(&model, Oracle::Output).contains("mock(Gateway.class)"));
}

/// Regression (SnakeYAML's `Serializer.serialize`, whose resolver answers a `Tag` of
/// another package many times): consecutive answers built by class name
/// (`Fixtures.create("x.Tag", …)`, generic) in `thenReturn(first, rest…)` let javac take
/// the second for the whole varargs array (`Tag[]`): `ClassCastException` at run time.
/// Such an answer is cast to the method's return type.
#[test]
fn an_answer_built_by_class_name_is_cast_to_the_return_type() {
    let object = Value::Object {
        id: 1,
        class: "x.y.Tag".into(),
        fields: Vec::new(),
        truncated: false,
    };
    let ret = mimic_classfile::descriptor::FieldType::Object("x/y/Tag".into());
    assert_eq!(
        raw_for_stub("Fixtures.create(\"x.y.Tag\")".into(), &object, Some(&ret)),
        "(x.y.Tag) Fixtures.create(\"x.y.Tag\")"
    );
    // Built by its class literal, the type is known already.
    assert_eq!(
        raw_for_stub("Fixtures.create(Tag.class)".into(), &object, Some(&ret)),
        "Fixtures.create(Tag.class)"
    );
}

/// A skip names each problem once, with how often it recurred: a recursive helper met
/// the same opaque answer at every level, and its reason repeated it hundreds of times.
#[test]
fn a_problem_met_many_times_is_named_once_with_its_count() {
    let m = Mut {
        descriptor: "(Ljava/util/List;)I".into(),
        ..tax_rate()
    };
    let lock = || Value::Opaque {
        class: "java.util.concurrent.locks.ReentrantLock".into(),
        reason: "a lock".into(),
        implements: None,
        length: None,
    };
    let other = Value::Opaque {
        class: "java.lang.Thread".into(),
        reason: "a thread".into(),
        implements: None,
        length: None,
    };
    let inv = InvocationRecord {
        receiver_before: None,
        ..invocation(
            vec![Value::Collection {
                id: 1,
                class: "java.util.ArrayList".into(),
                size: 4,
                elements: vec![lock(), lock(), other, lock()],
                truncated: false,
            }],
            returned(Value::Int { v: 1 }),
            vec![],
        )
    };
    let skipped = model_for(&m, &inv, 1, &ALL, "TaxMimicTest").unwrap_err();
    assert_eq!(
        skipped.reason,
        "argument 1: a java.util.concurrent.locks.ReentrantLock value is opaque (a lock) (×3); \
         argument 1: a java.lang.Thread value is opaque (a thread)",
    );
}

/// Two mocks answering the same method with large values: each answer gets a resource
/// file of its own (they shared one name, and `generate` failed writing the second).
#[test]
fn large_answers_of_the_same_method_on_two_mocks_get_distinct_resources() {
    let names = |field: &str, offset: u32| MockableCall {
        receiver: Receiver::Field {
            name: field.into(),
            declared_type: "shop.Gateway".into(),
            is_static: false,
        },
        ..gateway_call(offset, "names", "()Ljava/util/List;", Returns::Object)
    };
    let m = Mut {
        mockable_calls: vec![names("gateway", 3), names("backup", 9)],
        ..checkout_mut("all", "()I")
    };
    let list = |word: &str| Value::Collection {
        id: 1,
        class: "java.util.ArrayList".into(),
        size: 40,
        elements: (0..40)
            .map(|i| Value::Str {
                v: format!("{word}{i}"),
            })
            .collect(),
        truncated: false,
    };
    let inv = invocation(
        vec![],
        returned(Value::Int { v: 80 }),
        vec![
            call(0, 0, vec![], returned(list("a"))),
            call(1, 1, vec![], returned(list("b"))),
        ],
    );
    let (_, resources) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let files: Vec<&str> = resources.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert_ne!(files[0], files[1]);
}

/// Regression (FreeMarker's `_BeansAPI.getClassIntrospectorBuilder`, "cannot find
/// symbol"): production's collaborator was a subclass in another package, and the
/// method called is package-private, so the subclass does not have it; the mock is of
/// the class that declares it.
#[test]
fn a_package_private_call_keeps_the_mock_in_its_declaring_package() {
    let (mut m, mut inv) = pay();
    for c in &mut m.mockable_calls {
        c.instruction = "invokevirtual".into();
        c.receiver = Receiver::Field {
            name: "gateway".into(),
            declared_type: "shop/Gateway".into(),
            is_static: false,
        };
    }
    let runtime = |inv: &mut InvocationRecord, class: &str| {
        let Some(Value::Object { fields, .. }) = &mut inv.receiver_before else {
            unreachable!()
        };
        let Value::Object { class: c, .. } = &mut fields[0].value else {
            unreachable!()
        };
        *c = class.into();
    };
    runtime(&mut inv, "elsewhere.CardGateway");
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("mock(elsewhere.CardGateway.class)"),
        "{source}"
    );
    m.mockable_calls[0].package_private = true;
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(source.contains("mock(Gateway.class)"), "{source}");
    // In its own package, the subclass has the method.
    runtime(&mut inv, "shop.CardGateway");
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Output);
    assert!(source.contains("mock(CardGateway.class)"), "{source}");
}

/// Regression (JavaParser's printer, "Mockito cannot verify toString()"): a stubbed
/// `toString()` is not verified by the parameter and call oracles; a test whose only
/// calls are such has neither.
#[test]
fn to_string_is_stubbed_but_never_verified() {
    let (mut m, _) = pay();
    m.mockable_calls[1] = gateway_call(9, "toString", "()Ljava/lang/String;", Returns::Object);
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![
            call(0, 0, vec![], returned(Value::Int { v: 1 })),
            call(1, 1, vec![], returned(Value::Str { v: "gw".into() })),
        ],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    for oracle in [Oracle::Output, Oracle::Parameters, Oracle::Calls] {
        let source = java(&model, oracle);
        assert!(
            source.contains("when(gateway.toString()).thenReturn(\"gw\");"),
            "{source}"
        );
        assert!(!source.contains(").toString()"), "{source}");
    }
    assert!(java(&model, Oracle::Calls).contains("times(1)).connections()"));
    let only_to_string = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![call(0, 1, vec![], returned(Value::Str { v: "gw".into() }))],
    );
    let (model, _) = model_for(&m, &only_to_string, 1, &ALL, "CheckoutMimicTest").unwrap();
    assert!(
        model.tests.iter().all(|t| t.oracle == Oracle::Output),
        "{model:#?}"
    );
}

/// Regression (JavaParser's `accept(VoidVisitor<A> v, A arg)`, "no suitable method found
/// for accept(VisitorValidator,Object)"): an argument declared `Object` (an erased type
/// variable) is matched untyped, `any()` or `isNull()`, never `any(Object.class)` or
/// `(Object) isNull()`.
#[test]
fn an_argument_declared_object_is_matched_untyped() {
    let (mut m, _) = pay();
    m.mockable_calls[2] = gateway_call(
        15,
        "audit",
        "(Ljava/lang/Object;Ljava/lang/Object;)V",
        Returns::Void,
    );
    let inv = invocation(
        vec![Value::Int { v: 3 }],
        returned(Value::Boolean { v: true }),
        vec![call(
            0,
            2,
            vec![
                Value::Opaque {
                    class: "shop.Ledger".into(),
                    reason: "a thread".into(),
                    implements: None,
                    length: None,
                },
                Value::Null,
            ],
            returned(Value::Null),
        )],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let source = java(&model, Oracle::Parameters);
    assert!(source.contains(".audit(any(), isNull());"), "{source}");
}

/// Regression (Pebble's `EscapeFilter.apply`: `strategies.get(name).escape(input)`, the
/// map a field the method runs JDK code on, its values lambdas): a lambda the method gets
/// out of such a container and runs is not stood in for either (the mock escaped to
/// `null`, 3 tests incompletely mimicked); the invocation is skipped, named.
#[test]
fn a_lambda_in_a_container_the_method_runs_is_not_stood_in_for() {
    let lambda = Value::Opaque {
        class: "shop.Main$$Lambda/0x01".into(),
        reason: "a lambda or hidden class".into(),
        implements: Some("shop.Strategy".into()),
        length: None,
    };
    let (mut m, inv) = pay();
    m.runs_fields = vec!["strategies".into()];
    let mut inv = inv;
    inv.receiver_before = Some(Value::Object {
        id: 1,
        class: CHECKOUT.into(),
        fields: vec![FieldValue {
            name: "strategies".into(),
            declared_in: CHECKOUT.into(),
            value: Value::Map {
                id: 2,
                class: "java.util.HashMap".into(),
                size: 1,
                entries: vec![(Value::Str { v: "html".into() }, lambda)],
                truncated: false,
            },
        }],
        truncated: false,
    });
    let skipped = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap_err();
    assert!(skipped.reason.contains("lambda"), "{}", skipped.reason);
}

/// Regression (the environment example's `HttpClient.send(request, BodyHandlers.ofString())`:
/// the handler, a lambda, was expected to equal a fresh mock, "did not call … with"): a
/// lambda is stood in for only where the test feeds the method (here the argument),
/// never where it expects a value (a matcher, the returned value).
#[test]
fn a_lambda_is_stood_in_for_where_fed_never_where_expected() {
    let lambda = Value::Opaque {
        class: "shop.Main$$Lambda/0x01".into(),
        reason: "a lambda or hidden class".into(),
        implements: Some("java.util.function.Supplier".into()),
        length: None,
    };
    let (mut m, _) = pay();
    m.descriptor = "(Ljava/util/function/Supplier;)Ljava/util/function/Supplier;".into();
    m.mockable_calls[2] = gateway_call(
        15,
        "audit",
        "(Ljava/util/function/Supplier;)V",
        Returns::Void,
    );
    let inv = invocation(
        vec![lambda.clone()],
        returned(lambda.clone()),
        vec![call(0, 2, vec![lambda], returned(Value::Null))],
    );
    let (model, _) = model_for(&m, &inv, 1, &ALL, "CheckoutMimicTest").unwrap();
    let fed = java(&model, Oracle::Parameters);
    assert!(
        fed.contains(
            "java.util.function.Supplier supplier = mock(java.util.function.Supplier.class);"
        ),
        "{fed}"
    );
    assert!(
        fed.contains(".audit(any(java.util.function.Supplier.class));"),
        "{fed}"
    );
    // The returned lambda cannot be expected: no output oracle.
    assert!(
        model.tests.iter().all(|t| t.oracle != Oracle::Output),
        "{model:#?}"
    );
}

/// An object of the application's that the depth limit cut, in an argument: no test with
/// recorded values only; a mock of its class stands in for it when the generator tries
/// again for a method without tests, and a comment says so. A JDK object cut the same
/// way, or one the node limit cut, gets no stand-in.
#[test]
fn a_mock_stands_in_for_an_application_object_the_depth_limit_cut_only_when_asked() {
    let m = Mut {
        descriptor: "(Ljava/util/List;)I".into(),
        ..tax_rate()
    };
    let cut = |class: &str, reason: &str| Value::Opaque {
        class: class.into(),
        reason: reason.into(),
        implements: None,
        length: None,
    };
    let with = |elements: Vec<Value>| InvocationRecord {
        receiver_before: None,
        ..invocation(
            vec![Value::Collection {
                id: 1,
                class: "java.util.ArrayList".into(),
                size: elements.len() as u32,
                elements,
                truncated: false,
            }],
            returned(Value::Int { v: 1 }),
            vec![],
        )
    };
    let inv = with(vec![cut("shop.Page", "depth limit 3")]);
    let skipped = model_for(&m, &inv, 1, &ALL, "TaxMimicTest").unwrap_err();
    assert_eq!(skipped.kind, SkipReason::OpaqueValue);
    let (model, _) =
        model_with(&m, &inv, 1, &ALL, "TaxMimicTest", StandIns::CutObjects).expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(source.contains("mock(Page.class)"), "{source}");
    assert!(
        source.contains(
            "// A mock stands in for the Page the recorder's depth limit 3 cut (in argument 1)."
        ),
        "{source}"
    );
    // Of another package, where it may not be public: mocked by name.
    let inv = with(vec![cut("warehouse.Pallet", "depth limit 3")]);
    let (model, _) =
        model_with(&m, &inv, 1, &ALL, "TaxMimicTest", StandIns::CutObjects).expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(
        source.contains("Fixtures.mockOf(\"warehouse.Pallet\")"),
        "{source}"
    );
    // An array: as long as production's, of default elements.
    let ints = Value::Opaque {
        class: "[I".into(),
        reason: "depth limit 3".into(),
        implements: None,
        length: Some(5),
    };
    let (model, _) = model_with(
        &m,
        &with(vec![ints]),
        1,
        &ALL,
        "TaxMimicTest",
        StandIns::CutObjects,
    )
    .expect("a test");
    let source = java(&model, Oracle::Output);
    assert!(source.contains("new int[5]"), "{source}");
    for other in [
        cut("[Lwarehouse.Pallet;", "depth limit 3"),
        cut("java.util.LinkedList", "depth limit 3"),
        cut("shop.Page", "node limit 100"),
    ] {
        let inv = with(vec![other]);
        let skipped =
            model_with(&m, &inv, 1, &ALL, "TaxMimicTest", StandIns::CutObjects).unwrap_err();
        assert_eq!(skipped.kind, SkipReason::OpaqueValue, "{}", skipped.reason);
    }
}
