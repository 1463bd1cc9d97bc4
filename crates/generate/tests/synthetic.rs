//! Generation and verification from hand-made records of the reservations example (the
//! agent-recorded end-to-end runs are in the CLI tests): the generated tests compile,
//! pass every run, and use one mock per field with the recorded stubs.

use std::path::{Path, PathBuf};

use mimic_analysis::{find_targets, ClassIndex, TargetOptions};
use mimic_generate::{generate, Options};
use mimic_jvm::{
    compile, java_sources_under, pinned, ArtifactCache, CompileOptions, Jdk, JunitRuntime, Maven,
};
use mimic_trace::{CallRecord, FieldValue, InvocationRecord, Outcome, RunInfo, Store, Value};

fn field(name: &str, class: &str, value: Value) -> FieldValue {
    FieldValue {
        name: name.into(),
        declared_in: class.into(),
        value,
    }
}

const CENTRE: &str = "se.kth.castor.reservations.ReservationCentre";
const CARD: &str = "se.kth.castor.reservations.Card";

fn centre(tickets: i32) -> Value {
    Value::Object {
        id: 1,
        class: CENTRE.into(),
        fields: vec![
            field(
                "paymentService",
                CENTRE,
                Value::Object {
                    id: 2,
                    class: "se.kth.castor.reservations.SimulatedPaymentGateway".into(),
                    fields: vec![],
                    truncated: false,
                },
            ),
            field("basePrice", CENTRE, Value::double(21.12)),
            field("availableTickets", CENTRE, Value::Int { v: tickets }),
        ],
        truncated: false,
    }
}

fn card() -> Value {
    Value::Object {
        id: 3,
        class: CARD.into(),
        fields: vec![
            field(
                "number",
                CARD,
                Value::Str {
                    v: "4111111111111111".into(),
                },
            ),
            field(
                "holder",
                CARD,
                Value::Str {
                    v: "Alice Andersson".into(),
                },
            ),
            field("expiryYear", CARD, Value::Int { v: 2026 }),
            field("expiryMonth", CARD, Value::Int { v: 12 }),
        ],
        truncated: false,
    }
}

fn returned(v: Value) -> Outcome {
    Outcome::Returned { value: v }
}

fn records() -> Vec<InvocationRecord> {
    let base = InvocationRecord {
        id: 0,
        mut_index: 0,
        seq: 0,
        thread_id: 1,
        thread_name: "main".into(),
        parent: None,
        receiver_before: Some(centre(40)),
        receiver_after: None,
        arguments: vec![Value::Int { v: 2 }, card()],
        outcome: returned(Value::Boolean { v: true }),
        calls: vec![
            CallRecord {
                seq: 0,
                plan_call: 0,
                arguments: vec![],
                outcome: returned(Value::Int { v: 1 }),
            },
            CallRecord {
                seq: 1,
                plan_call: 1,
                arguments: vec![card(), Value::double(42.24)],
                outcome: returned(Value::Boolean { v: true }),
            },
        ],
        started_ns: 0,
        duration_ns: 0,
    };
    let no_connection = InvocationRecord {
        id: 1,
        seq: 1,
        calls: vec![CallRecord {
            seq: 0,
            plan_call: 0,
            arguments: vec![],
            outcome: returned(Value::Int { v: 0 }),
        }],
        outcome: returned(Value::Boolean { v: false }),
        ..base.clone()
    };
    let declined = InvocationRecord {
        id: 2,
        seq: 2,
        calls: vec![
            CallRecord {
                seq: 0,
                plan_call: 0,
                arguments: vec![],
                outcome: returned(Value::Int { v: 3 }),
            },
            CallRecord {
                seq: 1,
                plan_call: 1,
                arguments: vec![card(), Value::double(42.24)],
                outcome: Outcome::Threw {
                    exception: Value::Thrown {
                        class: "se.kth.castor.reservations.PaymentException".into(),
                        message: Some("card declined".into()),
                    },
                },
            },
        ],
        outcome: Outcome::Threw {
            exception: Value::Thrown {
                class: "se.kth.castor.reservations.PaymentException".into(),
                message: Some("card declined".into()),
            },
        },
        ..base.clone()
    };
    let bad_quantity = InvocationRecord {
        id: 3,
        seq: 3,
        arguments: vec![Value::Int { v: 0 }, card()],
        calls: vec![],
        outcome: Outcome::Threw {
            exception: Value::Thrown {
                class: "java.lang.IllegalArgumentException".into(),
                message: Some("quantity must be positive, was 0".into()),
            },
        },
        ..base.clone()
    };
    let opaque = InvocationRecord {
        id: 4,
        seq: 4,
        arguments: vec![
            Value::Int { v: 5 },
            Value::Opaque {
                class: CARD.into(),
                reason: "node budget exhausted".into(),
            },
        ],
        ..base.clone()
    };
    // A large receiver graph: read from a JSON resource rather than written inline.
    // A large receiver graph (its payment gateway holds many balances): read from a JSON
    // resource rather than written inline.
    let gateway = "se.kth.castor.reservations.SimulatedPaymentGateway";
    let mut big = centre(40);
    if let Value::Object { fields, .. } = &mut big {
        fields[0].value = Value::Object {
            id: 2,
            class: gateway.into(),
            fields: vec![
                field(
                    "currentMonth",
                    gateway,
                    Value::Text {
                        class: "java.time.YearMonth".into(),
                        text: "2026-11".into(),
                    },
                ),
                field(
                    "balancesInCents",
                    gateway,
                    Value::Map {
                        id: 4,
                        class: "java.util.LinkedHashMap".into(),
                        size: 15,
                        entries: (0..15)
                            .map(|i| {
                                (
                                    Value::Str {
                                        v: format!("41111111111111{i:02}"),
                                    },
                                    Value::Boxed {
                                        class: "java.lang.Long".into(),
                                        value: Box::new(Value::Long { v: 1000 * i }),
                                    },
                                )
                            })
                            .collect(),
                        truncated: false,
                    },
                ),
                field("activeConnections", gateway, Value::Int { v: 2 }),
            ],
            truncated: false,
        };
    }
    let large = InvocationRecord {
        id: 6,
        seq: 6,
        receiver_before: Some(big),
        arguments: vec![Value::Int { v: 2 }, card()],
        ..base.clone()
    };
    // A duplicate of the first: deduplicated.
    let duplicate = InvocationRecord {
        id: 5,
        seq: 5,
        ..base.clone()
    };
    vec![
        base,
        no_connection,
        declined,
        bad_quantity,
        opaque,
        duplicate,
        large,
    ]
}

fn compile_example(dir: &Path) -> PathBuf {
    let out = dir.join("app");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/reservations/src");
    compile(
        &Jdk::locate().unwrap(),
        &java_sources_under(src),
        &[],
        &out,
        &CompileOptions::default(),
    )
    .unwrap();
    out
}

#[test]
fn generated_tests_compile_pass_and_read_well() {
    let dir = tempfile::tempdir().unwrap();
    let app = compile_example(dir.path());
    let plan = find_targets(
        &ClassIndex::build(std::slice::from_ref(&app), |_| true),
        &TargetOptions::default(),
    )
    .unwrap();
    let store_path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&store_path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan).unwrap();
    store.write_batch(run, &records()).unwrap();
    drop(store);

    let out = dir.path().join("tests");
    let store = Store::open_read(&store_path).unwrap();
    let options = Options {
        max_per_mut: 10,
        ..Options::default()
    };
    let manifest = generate(&store, &out, &options).unwrap();
    let source = std::fs::read_to_string(
        out.join("se/kth/castor/reservations/ReservationCentreMimicTest.java"),
    )
    .unwrap();
    println!("{source}");
    // One mock for the field, stubbed with the recorded results; the receiver rebuilt with it.
    assert!(
        source.contains("PaymentService paymentService = mock(PaymentService.class);"),
        "{source}"
    );
    assert!(
        source.contains("when(paymentService.checkActiveConnections()).thenReturn(1);"),
        "{source}"
    );
    assert!(
        source.contains(
            "when(paymentService.processPayment(any(Card.class), eq(42.24))).thenReturn(true);"
        ),
        "{source}"
    );
    assert!(
        source.contains("\"paymentService\", paymentService"),
        "{source}"
    );
    assert!(source.contains("when(paymentService.processPayment(any(Card.class), eq(42.24))).thenThrow(new PaymentException(\"card declined\"));"), "{source}");
    assert!(source.contains("assertThrows(IllegalArgumentException.class, () -> receiver.purchaseTickets(0, card));"), "{source}");
    assert!(
        source.contains("inOrder.verify(paymentService, times(1)).checkActiveConnections();"),
        "{source}"
    );
    assert!(
        source.contains("// Not generated for production invocation 4 of purchaseTickets"),
        "{source}"
    );
    assert!(
        source.contains("opaque (node budget exhausted)"),
        "{source}"
    );
    assert!(
        source.contains("verifyNoInteractions(paymentService);"),
        "{source}"
    );
    assert_eq!(manifest.skipped.len(), 1);
    // 5 distinct recordable invocations: 5 OO, 5 PO, 4 CO (the one without calls has none).
    assert_eq!(
        manifest.tests.len(),
        14,
        "{:#?}",
        manifest.tests.iter().map(|t| &t.method).collect::<Vec<_>>()
    );
    // The large receiver is read from a resource, with its mocked field set afterwards.
    assert_eq!(manifest.resources, 1);
    assert!(source.contains("ReservationCentre receiver = Fixtures.load(ReservationCentreMimicTest.class, \"ReservationCentreMimicTest-purchaseTickets-6-receiver.json\");"), "{source}");
    assert!(
        source.contains("Fixtures.set(receiver, \"paymentService\", paymentService);"),
        "{source}"
    );
    assert!(out
        .join(
            "se/kth/castor/reservations/ReservationCentreMimicTest-purchaseTickets-6-receiver.json"
        )
        .is_file());

    // Deterministic: the same store gives the same files.
    let out2 = dir.path().join("tests2");
    generate(&store, &out2, &options).unwrap();
    assert_eq!(
        source,
        std::fs::read_to_string(
            out2.join("se/kth/castor/reservations/ReservationCentreMimicTest.java")
        )
        .unwrap()
    );

    let jdk = Jdk::locate().unwrap();
    let runtime = JunitRuntime::fetch(
        &ArtifactCache::default_location(),
        &Maven::locate().unwrap(),
    )
    .unwrap();
    let _ = pinned::test_runtime();
    let report =
        mimic_verify::verify(&jdk, &runtime, &out, &[app], &dir.path().join("verify"), 2).unwrap();
    for t in &report.tests {
        println!("{} {} {:?} {:?}", t.class, t.method, t.verdict, t.failure);
    }
    assert_eq!(report.summary.tests, 14);
    assert_eq!(report.summary.successfully_mimic, 14, "{:#?}", report.tests);
}
