//! `mimic record` and `mimic traces` end to end with the real agent in a real JVM: the
//! paper's two examples and the multi-threaded one are recorded, and every stored
//! invocation is checked against what the workload does (counts, arguments, results,
//! call order, per-field and per-parameter attribution, exceptions); threads never mix;
//! a SIGKILLed JVM leaves a readable store; a class that cannot be rewritten is left
//! untouched with the reason in the log.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mimic_plan::{Plan, Receiver};
mod common;

use common::{compile_dir, compile_example, mimic};
use mimic_trace::{InvocationRecord, Outcome, Store, Value};

/// Compile `examples/<name>` into `<dir>/<name>` and write its plan with `mimic targets`.
fn example(name: &str, dir: &Path) -> (PathBuf, PathBuf) {
    let classes = compile_example(name, dir);
    let plan = dir.join(format!("{name}.plan.json"));
    common::write_plan(&classes, &plan);
    (classes, plan)
}

fn java_output(classes: &Path, main: &str, args: &[&str]) -> String {
    let out = Command::new(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(classes)
        .arg(main)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into()
}

/// `mimic record` → (exit code, stdout, stderr).
fn record(
    plan: &Path,
    store: &Path,
    flags: &[&str],
    classes: &Path,
    main: &str,
    args: &[&str],
) -> (i32, String, String) {
    let out = mimic()
        .arg("record")
        .arg("--plan")
        .arg(plan)
        .arg("--store")
        .arg(store)
        .args(flags)
        .arg("--")
        .arg(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(classes)
        .arg(main)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Every invocation of the latest run, in id order.
fn invocations(store: &Path) -> (Store, i64, Vec<InvocationRecord>) {
    let s = Store::open_read(store).unwrap();
    let run = s.latest_run().unwrap().unwrap();
    let all = s
        .invocation_ids(run, None)
        .unwrap()
        .into_iter()
        .map(|id| s.invocation(run, id).unwrap().unwrap())
        .collect();
    (s, run, all)
}

fn read_plan(p: &Path) -> Plan {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// The plan at `p` without its MUTs' read trees (as an older plan): the recorder then
/// captures receivers and arguments whole, within its limits.
fn without_reads(p: &Path) -> PathBuf {
    let mut plan = read_plan(p);
    plan.muts.iter_mut().for_each(|m| m.reads = None);
    let out = p.with_extension("whole.json");
    std::fs::write(&out, serde_json::to_string(&plan).unwrap()).unwrap();
    out
}

/// An object's class and its fields' names, in order.
fn shape(v: &Value) -> (&str, Vec<&str>) {
    match v {
        Value::Object {
            class,
            fields,
            truncated: false,
            ..
        } => (class, fields.iter().map(|f| f.name.as_str()).collect()),
        other => panic!("not a whole object: {other:?}"),
    }
}

fn mut_index(plan: &Plan, method: &str) -> u32 {
    plan.muts.iter().position(|m| m.method == method).unwrap() as u32
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Int { v } => *v as i64,
        Value::Long { v } => *v,
        other => panic!("not an int: {other:?}"),
    }
}

fn returned(o: &Outcome) -> &Value {
    match o {
        Outcome::Returned { value } => value,
        Outcome::Threw { exception } => panic!("threw {exception:?}"),
    }
}

fn thrown(o: &Outcome) -> (String, Option<String>) {
    match o {
        Outcome::Threw {
            exception: Value::Thrown { class, message, .. },
        } => (class.clone(), message.clone()),
        other => panic!("did not throw: {other:?}"),
    }
}

fn field<'a>(v: &'a Value, name: &str) -> &'a Value {
    match v {
        Value::Object { fields, .. } => &fields.iter().find(|f| f.name == name).unwrap().value,
        other => panic!("not an object: {other:?}"),
    }
}

fn text(v: &Value) -> &str {
    match v {
        Value::Str { v } => v,
        other => panic!("not a string: {other:?}"),
    }
}

#[test]
fn reservations_are_recorded_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("reservations", dir.path());
    let plan = read_plan(&plan_path);
    let main = "se.kth.castor.reservations.Main";
    let store = dir.path().join("traces.db");
    // The example pays with published test card numbers, which the default
    // `card-number` detector would redact; its rules file turns that one detector off.
    let rules = mimic_test_support::example_src("reservations")
        .parent()
        .unwrap()
        .join("redaction.toml");
    let rules_flag = ["--redact-rules", rules.to_str().unwrap()];
    let (code, stdout, stderr) = record(&plan_path, &store, &rules_flag, &classes, main, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        java_output(&classes, main, &[]),
        "the program's output changed"
    );
    assert!(
        stderr.contains("15 invocations of 1/1 MUTs, 21 calls"),
        "{stderr}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for f in [&store, &dir.path().join("traces.db.log")] {
            assert_eq!(
                std::fs::metadata(f).unwrap().permissions().mode() & 0o777,
                0o600
            );
        }
    }

    let entry = &plan.muts[0];
    assert_eq!(entry.method, "purchaseTickets");
    for (i, name) in ["checkActiveConnections", "processPayment"]
        .iter()
        .enumerate()
    {
        assert_eq!(&entry.mockable_calls[i].name, name);
        assert!(
            matches!(&entry.mockable_calls[i].receiver, Receiver::Field { name, .. } if name == "paymentService")
        );
    }
    let (_, _, all) = invocations(&store);
    // (quantity, card number, result, mockable calls, tickets left before)
    let base_price = 21.12_f64;
    let cards = [
        "4111111111111111",
        "5500005555555559",
        "5500005555555559",
        "378282246310005",
        "4111111111111111",
        "1234567812345678",
        "4242424242424242",
        "4111111111111111",
        "378282246310005",
        "4111111111111111",
        "4012888888881881",
        "4012888888881881",
        "4111111111111111",
        "4012888888881881",
        "4111111111111111",
    ];
    let quantities = [2, 1, 1, 3, 4, 1, 2, 0, -3, 2, 12, 50, 10, 11, 1];
    let results: [Option<bool>; 15] = [
        Some(true),
        Some(true),
        Some(false),
        Some(false),
        Some(true),
        None,
        None,
        None,
        None,
        Some(false),
        Some(true),
        Some(false),
        Some(true),
        Some(true),
        Some(false),
    ];
    let calls = [2, 2, 2, 2, 2, 2, 2, 0, 0, 1, 2, 0, 2, 2, 0];
    let tickets = [40, 38, 37, 37, 37, 33, 33, 33, 33, 33, 33, 21, 21, 11, 0, 0];
    assert_eq!(all.len(), 15);
    for (i, inv) in all.iter().enumerate() {
        let what = format!("invocation {i}: {inv:?}");
        assert_eq!(
            (inv.mut_index, inv.seq, inv.parent),
            (0, i as u64, None),
            "{what}"
        );
        assert_eq!(inv.thread_name, "main");
        assert_eq!(inv.arguments.len(), 2);
        assert_eq!(inv.arguments[0], Value::Int { v: quantities[i] }, "{what}");
        // The card is only handed to the mocked payment service: of the invocation's
        // argument nothing is read (its number is recorded with the payment call).
        assert_eq!(
            shape(&inv.arguments[1]),
            ("se.kth.castor.reservations.Card", vec![]),
            "{what}"
        );
        let before = inv.receiver_before.as_ref().unwrap();
        let after = inv.receiver_after.as_ref().unwrap();
        assert_eq!(int(field(before, "availableTickets")), tickets[i], "{what}");
        assert_eq!(
            int(field(after, "availableTickets")),
            tickets[i + 1],
            "{what}"
        );
        assert_eq!(field(before, "basePrice"), &Value::double(base_price));
        match results[i] {
            Some(b) => assert_eq!(returned(&inv.outcome), &Value::Boolean { v: b }, "{what}"),
            None => {
                let (class, message) = thrown(&inv.outcome);
                let expected = match quantities[i] {
                    q if q <= 0 => (
                        "java.lang.IllegalArgumentException".to_string(),
                        format!("quantity must be positive, was {q}"),
                    ),
                    _ => (
                        "se.kth.castor.reservations.PaymentException".to_string(),
                        format!(
                            "{} card{} ****{}",
                            if i == 5 { "malformed" } else { "unknown" },
                            if i == 5 { " number" } else { "" },
                            &cards[i][cards[i].len() - 4..]
                        ),
                    ),
                };
                assert_eq!((class, message.unwrap()), expected, "{what}");
            }
        }
        assert_eq!(inv.calls.len(), calls[i], "{what}");
        for (k, c) in inv.calls.iter().enumerate() {
            assert_eq!((c.seq, c.plan_call), (k as u32, k as u32), "{what}");
        }
        if let Some(c) = inv.calls.first() {
            assert!(c.arguments.is_empty());
            // 3 connections, none during the outage (call 9), then 2.
            let connections = match i {
                0..=8 => 3,
                9 => 0,
                _ => 2,
            };
            assert_eq!(
                returned(&c.outcome),
                &Value::Int { v: connections },
                "{what}"
            );
        }
        if let Some(c) = inv.calls.get(1) {
            assert_eq!(text(field(&c.arguments[0], "number")), cards[i]);
            let q = quantities[i] as f64;
            let mut amount = base_price * q;
            if quantities[i] >= 10 {
                amount *= 1.0 - 0.10;
            }
            assert_eq!(c.arguments[1], Value::double(amount), "{what}");
            if i == 5 || i == 6 {
                assert_eq!(
                    thrown(&c.outcome).0,
                    "se.kth.castor.reservations.PaymentException"
                );
            } else {
                assert_eq!(returned(&c.outcome), returned(&inv.outcome), "{what}");
            }
        }
    }
    // The read tree: the receiver holds the fields `purchaseTickets` reads, and the
    // gateway, only ever called through mocked calls, by its class alone (a test replaces
    // it with a mock); the card, only passed to the mock, by its class alone too, and
    // whole where the payment call's argument is recorded.
    let before = all[0].receiver_before.as_ref().unwrap();
    assert_eq!(
        shape(before),
        (
            "se.kth.castor.reservations.ReservationCentre",
            vec!["paymentService", "basePrice", "availableTickets"]
        )
    );
    assert_eq!(
        shape(field(before, "paymentService")),
        ("se.kth.castor.reservations.SimulatedPaymentGateway", vec![])
    );
    assert_eq!(
        shape(&all[0].calls[1].arguments[0]).1,
        vec!["number", "holder", "expiryYear", "expiryMonth"]
    );

    // Without read trees (an older plan) the gateway is captured whole: its account map
    // by meaning, entries in insertion order.
    let whole_store = dir.path().join("whole.db");
    let (code, _, stderr) = record(
        &without_reads(&plan_path),
        &whole_store,
        &rules_flag,
        &classes,
        main,
        &[],
    );
    assert_eq!(code, 0, "{stderr}");
    let (_, _, whole) = invocations(&whole_store);
    let gateway = field(whole[0].receiver_before.as_ref().unwrap(), "paymentService");
    match field(gateway, "balancesInCents") {
        Value::Map { class, entries, .. } => {
            assert_eq!(class, "java.util.LinkedHashMap");
            assert_eq!(entries[0].0, Value::Str { v: cards[0].into() });
            assert_eq!(
                entries[0].1,
                Value::Boxed {
                    class: "java.lang.Long".into(),
                    value: Box::new(Value::Long { v: 50_000 })
                }
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        field(gateway, "currentMonth"),
        &Value::Text {
            class: "java.time.YearMonth".into(),
            text: "2024-06".into()
        }
    );

    // mimic traces: the summary and one invocation, readable and as JSON.
    let out = mimic().arg("traces").arg(&store).output().unwrap();
    let text_out = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text_out.contains("15 invocations of 1/1 MUTs, 21 calls"),
        "{text_out}"
    );
    assert!(
        text_out.contains(
            "         15       21  se.kth.castor.reservations.ReservationCentre.purchaseTickets("
        ),
        "{text_out}"
    );
    let out = mimic()
        .arg("traces")
        .arg(&store)
        .args(["--show", "6"])
        .output()
        .unwrap();
    let show = String::from_utf8_lossy(&out.stdout);
    assert!(show.contains("argument 0: 1"), "{show}");
    assert!(
        show.contains("1. field paymentService PaymentService.checkActiveConnections() returned 3"),
        "{show}"
    );
    assert!(
        show.contains("2. field paymentService PaymentService.processPayment(Card#1"),
        "{show}"
    );
    assert!(
        show.contains("threw PaymentException(\"malformed card number ****5678\")"),
        "{show}"
    );
    let out = mimic()
        .arg("traces")
        .arg(&store)
        .args(["--show", "1", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["invocation"]["calls"][1]["outcome"]["value"]["v"],
        true
    );
    let out = mimic()
        .arg("traces")
        .arg(&store)
        .args(["--show", "99"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// ExternalTypeOne: each call counts, returns base ± calls.
struct ExternalOne {
    base: i64,
    calls: i64,
}

#[test]
fn mockables_are_recorded_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("mockables", dir.path());
    let plan = read_plan(&plan_path);
    let main = "se.kth.castor.mockables.Main";
    let store = dir.path().join("traces.db");
    let (code, stdout, stderr) = record(&plan_path, &store, &[], &classes, main, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, java_output(&classes, main, &[]));
    let printed: Vec<i64> = stdout
        .lines()
        .map(|l| l.rsplit(" -> ").next().unwrap().parse().unwrap())
        .collect();
    let one = mut_index(&plan, "methodUnderTestOne");
    let two = mut_index(&plan, "methodUnderTestTwo");
    let (_, _, all) = invocations(&store);
    assert_eq!(all.len(), 13);

    // methodUnderTestOne: 8 calls; one mockable call on the field extField each.
    assert!(
        matches!(&plan.muts[one as usize].mockable_calls[0].receiver, Receiver::Field { name, .. } if name == "extField")
    );
    let params = [17, 4, 0, -8, 2023, 1, -1, i32::MAX / 2];
    let mut cut = ExternalOne { base: 26, calls: 0 };
    let mut other = ExternalOne { base: -5, calls: 0 };
    for (i, inv) in all[..8].iter().enumerate() {
        let ext = if i < 5 { &mut cut } else { &mut other };
        assert_eq!((inv.mut_index, inv.seq), (one, i as u64));
        assert_eq!(inv.arguments, vec![Value::Int { v: params[i] }]);
        assert_eq!(
            returned(&inv.outcome),
            &Value::Int {
                v: printed[i] as i32
            }
        );
        let label = if i < 5 { "cut" } else { "another label" };
        assert_eq!(
            text(field(inv.receiver_before.as_ref().unwrap(), "label")),
            label
        );
        assert_eq!(inv.calls.len(), 1);
        let odd = params[i] % 2 != 0;
        ext.calls += 1;
        let expected = if odd {
            ext.base + ext.calls
        } else {
            ext.base - ext.calls
        };
        assert_eq!(inv.calls[0].plan_call, 0);
        assert_eq!(inv.calls[0].arguments, vec![Value::Boolean { v: odd }]);
        assert_eq!(int(returned(&inv.calls[0].outcome)), expected, "call {i}");
        // The mocked field is captured by its class alone: its state is the mock's.
        assert_eq!(
            shape(field(inv.receiver_before.as_ref().unwrap(), "extField")).1,
            Vec::<&str>::new()
        );
    }
    // Without read trees the field's state is captured before and after: its call
    // counter moves.
    let whole_store = dir.path().join("whole.db");
    let (code, _, stderr) = record(
        &without_reads(&plan_path),
        &whole_store,
        &[],
        &classes,
        main,
        &[],
    );
    assert_eq!(code, 0, "{stderr}");
    let (_, _, whole) = invocations(&whole_store);
    for inv in &whole[..8] {
        let counter = |v: &Value| int(field(field(v, "extField"), "calls"));
        assert_eq!(
            counter(inv.receiver_before.as_ref().unwrap()) + 1,
            counter(inv.receiver_after.as_ref().unwrap())
        );
    }
    // The paper's first call: mockableMethodOne(true) returns 27 and the MUT returns 42.
    assert_eq!(returned(&all[0].calls[0].outcome), &Value::Int { v: 27 });
    assert_eq!(returned(&all[0].outcome), &Value::Int { v: 42 });

    // methodUnderTestTwo: 5 calls, each 42 × mockableMethodTwo then 1 × mockableMethodThree
    // on the parameter extParam (#1).
    let entry = &plan.muts[two as usize];
    let plan_call_of = |name: &str| {
        entry
            .mockable_calls
            .iter()
            .position(|c| c.name == name)
            .unwrap() as u32
    };
    let (m2, m3) = (
        plan_call_of("mockableMethodTwo"),
        plan_call_of("mockableMethodThree"),
    );
    for c in &entry.mockable_calls {
        assert!(matches!(c.receiver, Receiver::Param { index: 1, .. }));
    }
    let cases = [
        (6.2, 0.35f32, 2.0f32, 7),
        (0.0, 0.35, 0.5, -3),
        (-3.75, 0.35, -1.5, 100),
        (42.0, 1.25, 2.0, 7),
        (-100.5, 1.25, 0.5, -3),
    ];
    for (k, inv) in all[8..].iter().enumerate() {
        let (param, step, gain, bias) = cases[k];
        assert_eq!((inv.mut_index, inv.seq), (two, k as u64));
        assert_eq!(inv.arguments[0], Value::double(param));
        // A parameter only ever called through mocked calls: its class alone (the
        // read tree); without read trees, its state.
        assert_eq!(
            shape(&inv.arguments[1]),
            ("se.kth.castor.mockables.ExternalTypeTwo", vec![])
        );
        assert_eq!(
            field(&whole[8 + k].arguments[1], "gain"),
            &Value::float(gain)
        );
        assert_eq!(inv.calls.len(), 43);
        let mut returns = Vec::new();
        for (i, c) in inv.calls[..42].iter().enumerate() {
            assert_eq!((c.seq, c.plan_call), (i as u32, m2));
            let x = param as f32 + i as f32 * step;
            assert_eq!(c.arguments, vec![Value::float(x)], "call {i} of {k}");
            let r = ((x * gain) as f64 + 0.5).floor() as i64;
            assert_eq!(int(returned(&c.outcome)), r);
            returns.push(r);
        }
        let last = &inv.calls[42];
        let spread = returns.iter().max().unwrap() - returns.iter().min().unwrap();
        assert_eq!((last.seq, last.plan_call), (42, m3));
        assert_eq!(last.arguments, vec![Value::Int { v: spread as i32 }]);
        assert_eq!(int(returned(&last.outcome)), 3 * spread + bias);
        assert_eq!(
            returned(&inv.outcome),
            &Value::Int {
                v: printed[8 + k] as i32
            }
        );
    }
}

/// Quoter.quote and TableRates.rateFor from several threads at once.
fn check_concurrent(plan: &Plan, all: &[InvocationRecord], threads: usize, per_thread: usize) {
    let quote = mut_index(plan, "quote");
    let rate_for = mut_index(plan, "rateFor");
    let quotes: Vec<&InvocationRecord> = all.iter().filter(|i| i.mut_index == quote).collect();
    let rates: Vec<&InvocationRecord> = all.iter().filter(|i| i.mut_index == rate_for).collect();
    assert_eq!(quotes.len(), threads * per_thread);
    assert_eq!(rates.len(), threads * (per_thread - 1));
    let mut seqs: Vec<u64> = quotes.iter().map(|i| i.seq).collect();
    seqs.sort();
    assert_eq!(seqs, (0..quotes.len() as u64).collect::<Vec<_>>());
    let entry = &plan.muts[quote as usize];
    let rate_call = entry
        .mockable_calls
        .iter()
        .position(|c| c.name == "rateFor")
        .unwrap() as u32;
    let discount_call = entry
        .mockable_calls
        .iter()
        .position(|c| c.name == "discountFor")
        .unwrap() as u32;
    for q in &quotes {
        let customer = text(&q.arguments[0]).to_string();
        let quantity = int(&q.arguments[1]);
        // Each thread quotes only its own customers.
        assert_eq!(customer.split('/').next().unwrap(), q.thread_name, "{q:?}");
        assert_eq!(
            customer.split('/').nth(1).unwrap().parse::<i64>().unwrap(),
            quantity
        );
        assert_eq!(q.parent, None);
        if quantity == 0 {
            assert_eq!(thrown(&q.outcome).0, "java.lang.IllegalArgumentException");
            assert!(q.calls.is_empty());
            continue;
        }
        assert_eq!(q.calls.len(), 2, "{q:?}");
        assert_eq!(
            (q.calls[0].plan_call, q.calls[1].plan_call),
            (rate_call, discount_call)
        );
        assert_eq!(
            q.calls[0].arguments,
            vec![Value::Str {
                v: customer.clone()
            }]
        );
        assert_eq!(
            q.calls[1].arguments,
            vec![Value::Int { v: quantity as i32 }]
        );
        let rate = int(returned(&q.calls[0].outcome));
        let discount = int(returned(&q.calls[1].outcome));
        assert_eq!(discount, if quantity >= 20 { 10 } else { quantity % 5 });
        assert_eq!(
            int(returned(&q.outcome)),
            rate * quantity * (100 - discount) / 100
        );
        // The nested MUT invocation: inside this one, same thread, same customer.
        let nested: Vec<&&InvocationRecord> =
            rates.iter().filter(|r| r.parent == Some(q.id)).collect();
        assert_eq!(nested.len(), 1, "{q:?}");
        let r = nested[0];
        assert_eq!((r.thread_id, &r.thread_name), (q.thread_id, &q.thread_name));
        assert_eq!(
            r.arguments,
            vec![Value::Str {
                v: customer.clone()
            }]
        );
        assert_eq!(int(returned(&r.outcome)), rate);
        assert_eq!(r.calls.len(), 1);
        assert_eq!(
            r.calls[0].arguments,
            vec![Value::Int {
                v: customer.len() as i32
            }]
        );
        assert_eq!(
            int(returned(&r.calls[0].outcome)),
            100 + 7 * customer.len() as i64
        );
    }
}

#[test]
fn threads_calling_one_mut_never_mix() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("concurrent", dir.path());
    let plan = read_plan(&plan_path);
    let main = "se.kth.castor.concurrent.Main";
    let store = dir.path().join("traces.db");
    let (code, stdout, stderr) = record(
        &plan_path,
        &store,
        &["--first", "100000"],
        &classes,
        main,
        &["4", "50"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, java_output(&classes, main, &["4", "50"]));
    let (_, _, all) = invocations(&store);
    check_concurrent(&plan, &all, 4, 50);
    let mut threads: Vec<&str> = all.iter().map(|i| i.thread_name.as_str()).collect();
    threads.sort();
    threads.dedup();
    assert_eq!(threads, ["worker-0", "worker-1", "worker-2", "worker-3"]);
}

#[test]
fn first_n_then_one_in_k_per_mut() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("concurrent", dir.path());
    let plan = read_plan(&plan_path);
    let store = dir.path().join("traces.db");
    let flags = ["--first", "2", "--sample", "5"];
    let (code, _, stderr) = record(
        &plan_path,
        &store,
        &flags,
        &classes,
        "se.kth.castor.concurrent.Main",
        &["1", "20"],
    );
    assert_eq!(code, 0, "{stderr}");
    let (_, _, all) = invocations(&store);
    let quote = mut_index(&plan, "quote");
    // Invocations 0, 1, then 2, 7, 12, 17 of 20 (one thread, so in order).
    let quantities: Vec<i64> = all
        .iter()
        .filter(|i| i.mut_index == quote)
        .map(|i| int(&i.arguments[1]))
        .collect();
    assert_eq!(quantities, [0, 1, 2, 7, 12, 17]);
    let seqs: Vec<u64> = all
        .iter()
        .filter(|i| i.mut_index == quote)
        .map(|i| i.seq)
        .collect();
    assert_eq!(seqs, [0, 1, 2, 3, 4, 5]);
}

#[test]
fn sigkill_leaves_every_flushed_invocation_readable() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("concurrent", dir.path());
    let plan = read_plan(&plan_path);
    let store = dir.path().join("traces.db");
    let mut child = mimic()
        .arg("record")
        .arg("--plan")
        .arg(&plan_path)
        .arg("--store")
        .arg(&store)
        .args(["--first", "100000", "--"])
        .arg(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(&classes)
        .args(["se.kth.castor.concurrent.Main", "3", "40", "120"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    loop {
        let line = lines.next().expect("the workload ended early").unwrap();
        if line == "sleeping" {
            break;
        }
    }
    // Wait for the writer to flush everything (at most 200 ms after the last record).
    let expected = 3 * 40 + 3 * 39;
    let deadline = Instant::now() + Duration::from_secs(20);
    let pid = loop {
        if let Ok(s) = Store::open_read(&store) {
            if let Some(r) = s.runs().unwrap().last() {
                if r.invocations as usize == expected {
                    break r.pid.unwrap();
                }
            }
        }
        assert!(
            Instant::now() < deadline,
            "the store never reached {expected} invocations"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let killed = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(
        status.code(),
        Some(1),
        "mimic record exits 1 when the JVM dies by a signal"
    );

    let s = Store::open_read(&store).unwrap();
    let run = s.runs().unwrap().pop().unwrap();
    assert_eq!(run.status, "running", "the run was never ended");
    let (_, _, all) = invocations(&store);
    check_concurrent(&plan, &all, 3, 40);
}

#[test]
fn a_class_that_cannot_be_rewritten_is_left_untouched_and_logged() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("reservations", dir.path());
    // The plan no longer matches the class: the site offset points elsewhere.
    let mut plan = read_plan(&plan_path);
    plan.muts[0].mockable_calls[1].offset += 3;
    std::fs::write(&plan_path, serde_json::to_vec(&plan).unwrap()).unwrap();
    let main = "se.kth.castor.reservations.Main";
    let store = dir.path().join("traces.db");
    let (code, stdout, stderr) = record(&plan_path, &store, &[], &classes, main, &[]);
    assert_eq!(code, 0);
    assert_eq!(stdout, java_output(&classes, main, &[]));
    assert!(
        !stderr.contains("mimic-agent"),
        "the agent wrote to the app's stderr: {stderr}"
    );
    assert!(stderr.contains("0 invocations of 0/1 MUTs"), "{stderr}");
    let log = std::fs::read_to_string(dir.path().join("traces.db.log")).unwrap();
    assert!(
        log.contains("se/kth/castor/reservations/ReservationCentre: left unchanged:")
            && log.contains("differs from the analysed one"),
        "{log}"
    );
}

#[test]
fn a_plan_the_agent_cannot_read_is_reported_after_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("reservations", dir.path());
    // The right format and version (what `record` checks before the JVM starts), but
    // not a plan: the agent refuses it and the program runs unrecorded.
    let mut plan: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&plan_path).unwrap()).unwrap();
    plan["muts"] = serde_json::json!("none");
    std::fs::write(&plan_path, serde_json::to_vec(&plan).unwrap()).unwrap();
    let main = "se.kth.castor.reservations.Main";
    let store = dir.path().join("traces.db");
    let (code, stdout, stderr) = record(&plan_path, &store, &[], &classes, main, &[]);
    assert_eq!(stdout, java_output(&classes, main, &[]));
    assert_eq!(code, 1, "a refused recording is a finding: {stderr}");
    assert!(
        stderr.contains("mimic: not recording:") && stderr.contains("plan.json"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing recorded"), "{stderr}");
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = mimic()
        .args(["record", "--plan", "/nonexistent/plan.json", "--store"])
        .arg(dir.path().join("t.db"))
        .args(["--", "java", "-version"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such plan"));
    let out = mimic()
        .arg("traces")
        .arg(dir.path().join("none.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Start `java -cp <classes> <main> <args>` and wait for a line on its stdout.
fn start_and_wait(classes: &Path, main: &str, args: &[&str], line: &str) -> std::process::Child {
    let mut child = Command::new(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(classes)
        .arg(main)
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    loop {
        let l = lines.next().expect("the program ended early").unwrap();
        if l == line {
            break;
        }
    }
    // Keep draining so the program never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    child
}

#[test]
fn attach_records_classes_loaded_later_and_lists_those_loaded_before() {
    let dir = tempfile::tempdir().unwrap();
    // The agent's fixture waits for a file before loading its MUTs' class.
    let classes = dir.path().join("fixture");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../agent/tests/fixtures/snapshots/src");
    compile_dir(&src, &classes);
    let plan = dir.path().join("fixture.plan.json");
    common::write_plan(&classes, &plan);
    let go = dir.path().join("go");
    let mut child = start_and_wait(&classes, "fixture.Main", &[go.to_str().unwrap()], "waiting");
    let store = dir.path().join("attached.db");
    let out = mimic()
        .arg("attach")
        .arg(child.id().to_string())
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(&store)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("no plan class was loaded yet"), "{stdout}");
    std::fs::write(&go, "").unwrap();
    assert!(child.wait().unwrap().success());
    let (_, _, all) = invocations(&store);
    assert_eq!(all.len(), 6);
    // The agent's snapshot fixture: 2 calls, and countdown(3)'s 3 + 2 + 1 (a recursive
    // level's record holds the calls of the levels below it).
    assert_eq!(all.iter().map(|i| i.calls.len()).sum::<usize>(), 8);

    // Attached after the work: the plan's classes are loaded and cannot be instrumented.
    let (classes, plan) = example("concurrent", dir.path());
    let mut child = start_and_wait(
        &classes,
        "se.kth.castor.concurrent.Main",
        &["1", "3", "60"],
        "sleeping",
    );
    let out = mimic()
        .arg("attach")
        .arg(child.id().to_string())
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(dir.path().join("late.db"))
        .output()
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("2 plan classes were already loaded and are not instrumented:"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  se.kth.castor.concurrent.Quoter\n")
            && stdout.contains("  se.kth.castor.concurrent.TableRates\n"),
        "{stdout}"
    );
}

/// Issue 13, item 6: `--store` naming another application's SQLite database, or a
/// symbolic link, is refused before the program starts, and nothing is written.
#[test]
fn record_refuses_a_foreign_database_and_a_symlinked_store() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan) = example("mockables", dir.path());
    let foreign = dir.path().join("app.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);")
        .unwrap();
    let before = std::fs::read(&foreign).unwrap();
    let (code, stdout, stderr) = record(
        &plan,
        &foreign,
        &[],
        &classes,
        "se.kth.castor.mockables.Main",
        &[],
    );
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stderr.contains("not a mimic trace store"), "{stderr}");
    assert!(stdout.is_empty(), "the program must not have run: {stdout}");
    assert_eq!(std::fs::read(&foreign).unwrap(), before);

    #[cfg(unix)]
    {
        let target = dir.path().join("precious.txt");
        std::fs::write(&target, b"precious").unwrap();
        let link = dir.path().join("linked.db");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let (code, _, stderr) = record(
            &plan,
            &link,
            &[],
            &classes,
            "se.kth.castor.mockables.Main",
            &[],
        );
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("symbolic link"), "{stderr}");
        assert_eq!(std::fs::read(&target).unwrap(), b"precious");
    }
}

/// A program that invokes none of the plan's MUTs (a library whose entry points reach
/// their collaborators only through protected helpers, as Commons Text's substitution
/// does) gets a summary saying so and where to look, not a bare "0 invocations".
#[test]
fn a_run_that_invokes_no_mut_says_why_nothing_was_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let (_, plan) = example("own-getters", dir.path());
    let (other, _) = example("reservations", dir.path());
    let store = dir.path().join("traces.db");
    let (code, _, stderr) = record(
        &plan,
        &store,
        &[],
        &other,
        "se.kth.castor.reservations.Main",
        &[],
    );
    assert_eq!(code, 0, "{stderr}");
    // (own-getters plans `replace`, `require`, `requireAll` and `label`.)
    assert!(stderr.contains("0 invocations of 0/4 MUTs"), "{stderr}");
    assert!(
        stderr.contains("invoked none of the plan's methods under test")
            && stderr.contains("--explain")
            && stderr.contains("--all"),
        "{stderr}"
    );
}

/// The probe gate: a call site's probes run only while a recording in progress lists the
/// site, and a MUT done sampling skips its own while nothing is recorded (no JNI, no
/// argument array). What is recorded must not change: an outer invocation recorded after
/// the nested MUTs went quiet still gets every call they make on its collaborator. Two
/// recordings of the word scanner: with the default sampling (nothing goes quiet) and
/// with `--first 1 --distinct 1` (the nested `skipSpaces`/`readWord` go quiet within the
/// first line, `words` after it); the first `words()` record is the same, and the calls of
/// the three lines not recorded are not probed.
#[test]
fn mut_done_sampling_skip_their_probes_and_recordings_keep_every_call() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, plan_path) = example("word-scanner", dir.path());
    let plan = read_plan(&plan_path);
    let words = mut_index(&plan, "words");
    let main = "se.kth.castor.scanner.Main";
    let expected = java_output(&classes, main, &[]);
    let mut firsts = Vec::new();
    let mut probed = Vec::new();
    for (name, flags) in [
        ("all", &[][..]),
        ("quiet", &["--first", "1", "--distinct", "1"][..]),
    ] {
        let store = dir.path().join(format!("{name}.db"));
        let (code, stdout, stderr) = record(&plan_path, &store, flags, &classes, main, &[]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout, expected, "the program's output under the agent");
        let (_, _, all) = invocations(&store);
        let first = all
            .iter()
            .find(|i| i.mut_index == words)
            .expect("a recorded words()")
            .clone();
        let calls: Vec<String> = first
            .calls
            .iter()
            .map(|c| format!("{} {:?} {:?}", c.plan_call, c.arguments, c.outcome))
            .collect();
        firsts.push((first.arguments.clone(), first.outcome.clone(), calls));
        let log = std::fs::read_to_string(dir.path().join(format!("{name}.db.log"))).unwrap();
        let end = log
            .lines()
            .find(|l| l.contains("run ended:"))
            .unwrap_or_else(|| panic!("{log}"))
            .to_string();
        let number_before = |what: &str| -> u64 {
            let before = &end[..end.find(what).unwrap_or_else(|| panic!("{end}"))];
            before.split_whitespace().last().unwrap().parse().unwrap()
        };
        let recorded_calls: usize = all.iter().map(|i| i.calls.len()).sum();
        probed.push((
            number_before(" MUT invocations probed"),
            number_before(" MUTs done sampling"),
            number_before(" calls probed"),
            recorded_calls as u64,
        ));
    }
    assert!(!firsts[0].2.is_empty(), "words() calls the source");
    assert_eq!(
        firsts[0], firsts[1],
        "the first words() record, with and without quiet MUTs"
    );
    assert_eq!(
        probed[0].1, 0,
        "default sampling: no MUT done here {probed:?}"
    );
    assert_eq!(
        probed[1].1, 3,
        "skipSpaces, readWord and words went quiet {probed:?}"
    );
    assert!(
        probed[1].0 < probed[0].0,
        "invocations of quiet MUTs were not probed: {probed:?}"
    );
    // Every call probed was made during a recording (a nested record and its outer one
    // share a call's probe): in the quiet run most calls are made outside any.
    for (i, p) in probed.iter().enumerate() {
        assert!(
            p.2 > 0 && p.2 <= p.3,
            "run {i}: calls probed vs recorded {probed:?}"
        );
    }
    assert!(probed[1].2 < probed[0].2, "{probed:?}");
}
