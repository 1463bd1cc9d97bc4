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
        statics: vec![],
        arguments: vec![Value::Int { v: 2 }, card()],
        outcome: returned(Value::Boolean { v: true }),
        calls: vec![
            CallRecord {
                seq: 0,
                plan_call: 0,
                arguments: vec![],
                outcome: returned(Value::Int { v: 1 }),
                receiver_identity: None,
                answer_identity: None,
                effects: None,
            },
            CallRecord {
                seq: 1,
                plan_call: 1,
                arguments: vec![card(), Value::double(42.24)],
                outcome: returned(Value::Boolean { v: true }),
                receiver_identity: None,
                answer_identity: None,
                effects: None,
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
            receiver_identity: None,
            answer_identity: None,
            effects: None,
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
                receiver_identity: None,
                answer_identity: None,
                effects: None,
            },
            CallRecord {
                seq: 1,
                plan_call: 1,
                arguments: vec![card(), Value::double(42.24)],
                outcome: Outcome::Threw {
                    exception: Value::Thrown {
                        class: "se.kth.castor.reservations.PaymentException".into(),
                        message: Some("card declined".into()),
                        message_overridden: false,
                    },
                },
                receiver_identity: None,
                answer_identity: None,
                effects: None,
            },
        ],
        outcome: Outcome::Threw {
            exception: Value::Thrown {
                class: "se.kth.castor.reservations.PaymentException".into(),
                message: Some("card declined".into()),
                message_overridden: false,
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
                message_overridden: false,
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
                implements: None,
                length: None,
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

/// What [`generate_reservations`] made.
struct Generated {
    manifest: mimic_generate::Manifest,
    /// The generated tests' root.
    out: PathBuf,
    /// The compiled example.
    app: PathBuf,
    store: Store,
    options: Options,
}

/// The reservations example compiled into `dir`, its plan, `records` written to a store
/// and generated into `dir/tests` with `max_per_mut`.
fn generate_reservations(
    dir: &Path,
    records: &[InvocationRecord],
    max_per_mut: usize,
) -> Generated {
    let app = compile_example(dir);
    let plan = find_targets(
        &ClassIndex::build(std::slice::from_ref(&app), |_| true),
        &TargetOptions::default(),
    )
    .unwrap();
    let store_path = dir.join("traces.db");
    let mut store = Store::create_or_open(&store_path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan).unwrap();
    store.write_batch(run, records).unwrap();
    drop(store);
    let out = dir.join("tests");
    let store = Store::open_read(&store_path).unwrap();
    let options = Options {
        max_per_mut,
        ..Options::default()
    };
    let manifest = generate(&store, &out, &options).unwrap();
    Generated {
        manifest,
        out,
        app,
        store,
        options,
    }
}

#[test]
fn generated_tests_compile_pass_and_read_well() {
    let dir = tempfile::tempdir().unwrap();
    let Generated {
        manifest,
        out,
        app,
        store,
        options,
    } = generate_reservations(dir.path(), &records(), 10);
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
    assert!(source.contains("when(paymentService.processPayment(any(Card.class), eq(42.24))).thenThrow(Fixtures.thrown(PaymentException.class, \"card declined\"));"), "{source}");
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

    // Issue 15 item 6: past `class_lines` a test class continues in the next one
    // (`…Mimic2Test`, …); the manifest names each test's class, and the split suite
    // passes the same.
    let split = dir.path().join("split");
    let small = Options {
        class_lines: 120,
        ..options.clone()
    };
    let manifest = generate(&store, &split, &small).unwrap();
    let package = split.join("se/kth/castor/reservations");
    let classes: std::collections::BTreeSet<&str> =
        manifest.tests.iter().map(|t| t.class.as_str()).collect();
    assert!(classes.len() > 2, "{classes:?}");
    for class in &classes {
        let simple = class.rsplit('.').next().unwrap();
        let file = package.join(format!("{simple}.java"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(&format!("class {simple} {{")), "{text}");
        assert!(text.lines().count() < 120 + 60, "{}", file.display());
    }
    assert!(classes.contains("se.kth.castor.reservations.ReservationCentreMimic2Test"));
    let report = mimic_verify::verify(
        &jdk,
        &runtime,
        &split,
        &[compile_example(&dir.path().join("again"))],
        &dir.path().join("verify-split"),
        1,
    )
    .unwrap();
    assert_eq!(report.summary.tests, 14);
    assert_eq!(report.summary.successfully_mimic, 14, "{:#?}", report.tests);
}

/// Issue 13, item 4: a crafted or corrupted store (class names with `/` and `..`, a
/// method name holding Java code, code in an enum constant, a class name in a value that
/// is not one, strings built to end a literal or a comment) never makes `generate` write
/// outside `--out` nor puts code in a test: the bad rows are skipped with a reason
/// naming them, and the tests of the good ones compile, pass and run nothing injected.
#[test]
fn a_crafted_store_writes_only_inside_out_and_injects_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let app = compile_example(dir.path());
    let mut plan = find_targets(
        &ClassIndex::build(std::slice::from_ref(&app), |_| true),
        &TargetOptions::default(),
    )
    .unwrap();
    let good = plan.muts[0].clone();
    let mut escaping = good.clone();
    escaping.class = "se.kth.castor.reservations/../../../../pwned.ReservationCentre".into();
    let mut code = good.clone();
    code.method = "purchaseTickets(0, null); } static { System.exit(3); } void x".into();
    let mut call_owner = good.clone();
    call_owner.mockable_calls[0].owner = "se.kth.castor.reservations.PaymentService;\nx".into();
    plan.muts.extend([escaping, code, call_owner]);

    let mut bad_records = Vec::new();
    for mut_index in 1..=3u32 {
        let mut r = records().remove(0);
        r.id = 100 + mut_index as u64;
        r.mut_index = mut_index;
        bad_records.push(r);
    }
    // On the good MUT: a value whose class is not a class name, and an enum constant
    // holding code.
    let mut bad_class = records().remove(0);
    bad_class.id = 110;
    bad_class.arguments[1] = Value::Object {
        id: 3,
        class: "se.kth.castor.reservations.Card;System.exit(5)".into(),
        fields: vec![],
        truncated: false,
    };
    let mut bad_enum = records().remove(0);
    bad_enum.id = 111;
    bad_enum.arguments[1] = Value::Enum {
        class: "java.time.DayOfWeek".into(),
        name: "MONDAY; static { System.exit(6); }".into(),
    };
    // A valid invocation whose strings try to end the literal and the comment.
    let hostile = "\"); System.exit(4); //\\u000a System.exit(7); /* \n */ \\";
    let mut strings = records().remove(0);
    strings.id = 112;
    if let Value::Object { fields, .. } = &mut strings.arguments[1] {
        fields[1].value = Value::Str { v: hostile.into() };
    }
    let mut all = records();
    all.extend(bad_records);
    all.extend([bad_class, bad_enum, strings]);

    let store_path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&store_path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan).unwrap();
    store.write_batch(run, &all).unwrap();
    drop(store);
    let before: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| !n.to_string_lossy().starts_with("traces.db"))
        .collect();

    let out = dir.path().join("deep/tests");
    let store = Store::open_read(&store_path).unwrap();
    let options = Options {
        max_per_mut: 20,
        ..Options::default()
    };
    let manifest = generate(&store, &out, &options).unwrap();

    // Nothing new beside `out`'s parent; nothing under `out` but the package, the
    // fixtures and the manifest.
    let mut after: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    after.retain(|n| n != "deep" && !n.to_string_lossy().starts_with("traces.db"));
    assert_eq!(after.len(), before.len(), "{after:?}");
    assert!(!dir.path().join("pwned").exists());
    let mut top: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    top.sort();
    assert_eq!(top, ["mimic", "mimic-tests.json", "se"]);
    let classes: Vec<_> = std::fs::read_dir(out.join("se/kth/castor/reservations"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".java"))
        .collect();
    assert_eq!(classes, ["ReservationCentreMimicTest.java"]);

    let reasons: Vec<(u64, &str)> = manifest
        .skipped
        .iter()
        .map(|s| (s.location.invocation.unwrap_or(0), s.message.as_str()))
        .collect();
    for (id, what) in [
        (101, "class name of the MUT"),
        (102, "method name of the MUT"),
        (103, "owner of mockable call 0"),
        (110, "class name of argument 1"),
        (111, "enum constant of argument 1"),
    ] {
        let reason = reasons
            .iter()
            .find(|(i, _)| *i == id)
            .unwrap_or_else(|| panic!("invocation {id} not skipped: {reasons:#?}"))
            .1;
        assert!(
            reason.contains(what) && reason.contains("corrupted or crafted"),
            "{id}: {reason}"
        );
    }
    let source = std::fs::read_to_string(
        out.join("se/kth/castor/reservations/ReservationCentreMimicTest.java"),
    )
    .unwrap();
    assert!(!source.contains("System.exit(3)"), "{source}");
    assert!(!source.contains("MONDAY;"), "{source}");

    // The good invocations' tests, the hostile strings' included, compile and pass: none
    // of the injected exits ran (the test JVM would have died).
    let jdk = Jdk::locate().unwrap();
    let runtime = JunitRuntime::fetch(
        &ArtifactCache::default_location(),
        &Maven::locate().unwrap(),
    )
    .unwrap();
    let report =
        mimic_verify::verify(&jdk, &runtime, &out, &[app], &dir.path().join("verify"), 2).unwrap();
    assert_eq!(report.summary.tests, 17, "{:#?}", report.tests);
    assert_eq!(report.summary.successfully_mimic, 17, "{:#?}", report.tests);
}

/// Past `max_per_mut` distinct invocations of one shape, a later invocation that takes
/// another path (another result, other calls) still gets a test: the first five of a
/// method called a thousand times must not hide its rare branch.
#[test]
fn a_later_invocation_on_another_path_gets_a_test_past_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let all = records();
    let (base, no_connection) = (all[0].clone(), all[1].clone());
    // Five distinct invocations on the usual path, then the one without a connection.
    let mut batch: Vec<InvocationRecord> = (0..5)
        .map(|i| InvocationRecord {
            id: i,
            seq: i,
            arguments: vec![Value::Int { v: i as i32 + 1 }, card()],
            ..base.clone()
        })
        .collect();
    batch.push(InvocationRecord {
        id: 5,
        seq: 5,
        ..no_connection
    });
    let Generated { manifest, out, .. } = generate_reservations(dir.path(), &batch, 3);
    let source = std::fs::read_to_string(
        out.join("se/kth/castor/reservations/ReservationCentreMimicTest.java"),
    )
    .unwrap();
    assert!(
        source.contains("when(paymentService.checkActiveConnections()).thenReturn(0);"),
        "{source}"
    );
    assert_tested(&manifest, &[0, 1, 2, 5]);
}

/// Past the cap, an exception of the same class whose message has another form (most
/// likely thrown by another branch: "unknown card …" after five "card declined") is a new
/// path and gets a test; one that differs only in its numbers is not.
#[test]
fn an_exception_message_of_another_form_is_another_path() {
    let dir = tempfile::tempdir().unwrap();
    let declined = records()[2].clone();
    let with_message = |id: u64, quantity: i32, message: &str| {
        let mut inv = InvocationRecord {
            id,
            seq: id,
            arguments: vec![Value::Int { v: quantity }, card()],
            ..declined.clone()
        };
        let thrown = Value::Thrown {
            class: "se.kth.castor.reservations.PaymentException".into(),
            message: Some(message.into()),
            message_overridden: false,
        };
        inv.outcome = Outcome::Threw {
            exception: thrown.clone(),
        };
        inv.calls[1].outcome = Outcome::Threw { exception: thrown };
        inv
    };
    let mut batch: Vec<InvocationRecord> = (0..5)
        .map(|i| with_message(i, i as i32 + 1, &format!("card declined at step {i}")))
        .collect();
    batch.push(with_message(5, 7, "card declined at step 12"));
    batch.push(with_message(6, 8, "unknown card ****4242"));
    let Generated { manifest, .. } = generate_reservations(dir.path(), &batch, 3);
    // Three distinct invocations (the cap), then only the new form.
    assert_tested(&manifest, &[0, 1, 2, 6]);
}

/// An invocation whose argument is on another side of a constant the method compares it
/// with (`quantity >= GROUP_SIZE`, 10) is on another path, though its calls and result
/// look like the others' (the group discount); so it gets a test before other invocations
/// of a path already tested.
#[test]
fn an_argument_past_a_threshold_of_the_method_is_another_path() {
    let dir = tempfile::tempdir().unwrap();
    let base = records()[0].clone();
    let batch: Vec<InvocationRecord> = [1, 2, 3, 4, 5, 12, 11]
        .iter()
        .enumerate()
        .map(|(i, quantity)| InvocationRecord {
            id: i as u64,
            seq: i as u64,
            arguments: vec![Value::Int { v: *quantity }, card()],
            ..base.clone()
        })
        .collect();
    let Generated { manifest, .. } = generate_reservations(dir.path(), &batch, 3);
    // The first of each path (1 ticket, 12 tickets), then two more of the first path.
    assert_tested(&manifest, &[0, 1, 2, 5]);
}

/// The invocations that got tests are exactly `expected`.
fn assert_tested(manifest: &mimic_generate::Manifest, expected: &[u64]) {
    let tested: std::collections::BTreeSet<u64> =
        manifest.tests.iter().map(|t| t.invocation).collect();
    assert_eq!(
        tested,
        expected.iter().copied().collect(),
        "{:?}",
        manifest.tests
    );
}

/// Regression: one invocation whose record does not read back (here a value nested
/// deeper than the reader's bound, as `mimic record --depth 400` wrote for a long linked
/// list) stopped `mimic generate` for the whole store ("corrupt record: recursion limit
/// exceeded"). It is skipped with its reason (`rejected-store`); the others get tests.
#[test]
fn an_invocation_that_does_not_read_back_is_skipped_and_the_rest_generated() {
    let dir = tempfile::tempdir().unwrap();
    let all = records();
    let batch: Vec<InvocationRecord> = (0..3)
        .map(|i| InvocationRecord {
            id: i,
            seq: i,
            arguments: vec![Value::Int { v: i as i32 + 1 }, card()],
            ..all[0].clone()
        })
        .collect();
    let Generated {
        out,
        store,
        options,
        ..
    } = generate_reservations(dir.path(), &batch, 5);
    drop(store);
    let store_path = dir.path().join("traces.db");
    let boxed = r#"{"t":"boxed","class":"java.lang.Integer","value":"#;
    let deep = format!(
        "[{}{{\"t\":\"int\",\"v\":1}}{}]",
        boxed.repeat(200),
        "}".repeat(200)
    );
    rusqlite::Connection::open(&store_path)
        .unwrap()
        .execute(
            "UPDATE invocations SET arguments = ?1 WHERE id = 1",
            [&deep],
        )
        .unwrap();
    let store = Store::open_read(&store_path).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
    let manifest = generate(&store, &out, &options).expect("the other invocations");
    assert_tested(&manifest, &[0, 2]);
    let skipped = manifest
        .skipped
        .iter()
        .find(|s| s.location.invocation == Some(1))
        .unwrap_or_else(|| panic!("{:?}", manifest.skipped));
    assert!(
        skipped.message.contains("does not read back"),
        "{}",
        skipped.message
    );
    assert!(
        skipped.message.contains("recursion limit"),
        "{}",
        skipped.message
    );
}
