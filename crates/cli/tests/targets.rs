//! `mimic targets` end to end on the paper's two examples: exactly the MUTs and mockable
//! calls the paper describes, and nothing else; the plan file is owner-only.

mod common;

use common::compile_example;
use serde_json::Value;

fn targets(args: &[&str]) -> (Option<i32>, String, String) {
    common::run_mimic(&[&["targets"][..], args].concat())
}

/// (call name, receiver kind, field name or param index)
type Site = (String, String, String);

/// (class, method, sites)
fn summary(plan: &Value) -> Vec<(String, String, Vec<Site>)> {
    plan["muts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let calls = m["mockable_calls"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let r = &c["receiver"];
                    let which = if r["kind"] == "field" {
                        r["name"].as_str().unwrap().to_string()
                    } else {
                        r["index"].to_string()
                    };
                    (
                        c["name"].as_str().unwrap().to_string(),
                        r["kind"].as_str().unwrap().to_string(),
                        which,
                    )
                })
                .collect();
            (
                m["class"].as_str().unwrap().to_string(),
                m["method"].as_str().unwrap().to_string(),
                calls,
            )
        })
        .collect()
}

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn reservations_has_exactly_purchase_tickets() {
    let dir = tempfile::tempdir().unwrap();
    let classes = compile_example("reservations", dir.path());
    let plan_file = dir.path().join("plan.json");
    let (code, stdout, stderr) = targets(&[
        "-c",
        classes.to_str().unwrap(),
        "-o",
        plan_file.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains("ReservationCentre.purchaseTickets"),
        "{stdout}"
    );
    let plan: Value = serde_json::from_slice(&std::fs::read(&plan_file).unwrap()).unwrap();
    assert_eq!(plan["schema_version"], 2);
    assert_eq!(
        summary(&plan),
        vec![(
            s("se.kth.castor.reservations.ReservationCentre"),
            s("purchaseTickets"),
            vec![
                (s("checkActiveConnections"), s("field"), s("paymentService")),
                (s("processPayment"), s("field"), s("paymentService")),
            ]
        )]
    );
    let call = &plan["muts"][0]["mockable_calls"][1];
    assert_eq!(call["owner"], "se.kth.castor.reservations.PaymentService");
    assert_eq!(call["instruction"], "invokeinterface");
    assert_eq!(call["returns"], "primitive");
    assert!(call["offset"].as_u64().unwrap() > 0 && call["line"].as_u64().unwrap() > 0);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&plan_file).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}

#[test]
fn mockables_has_the_papers_two_muts_and_three_calls() {
    let dir = tempfile::tempdir().unwrap();
    let classes = compile_example("mockables", dir.path());
    let (code, stdout, stderr) = targets(&["-c", classes.to_str().unwrap(), "--json"]);
    assert_eq!(code, Some(0), "{stderr}");
    let plan: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        summary(&plan),
        vec![
            (
                s("se.kth.castor.mockables.ClassUnderTest"),
                s("methodUnderTestOne"),
                vec![(s("mockableMethodOne"), s("field"), s("extField"))]
            ),
            (
                s("se.kth.castor.mockables.ClassUnderTest"),
                s("methodUnderTestTwo"),
                vec![
                    (s("mockableMethodTwo"), s("param"), s("1")),
                    (s("mockableMethodThree"), s("param"), s("1"))
                ]
            ),
        ]
    );
    assert_eq!(plan["muts"][1]["mockable_calls"][0]["descriptor"], "(F)I");
}

#[test]
fn bad_classpath_is_a_usage_error_and_corrupt_classes_are_skipped() {
    let (code, _, stderr) = targets(&["-c", "/no/such.jar"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr.trim(),
        "mimic: /no/such.jar: no such jar or directory"
    );

    let dir = tempfile::tempdir().unwrap();
    let classes = compile_example("mockables", dir.path());
    std::fs::write(
        classes.join("se/kth/castor/mockables/Zzz.class"),
        b"garbage",
    )
    .unwrap();
    let (code, stdout, stderr) = targets(&["-c", classes.to_str().unwrap(), "--json"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.starts_with("skipped: ")
            && stderr.contains("se/kth/castor/mockables/Zzz.class: at offset 0: bad magic"),
        "{stderr}"
    );
    let plan: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(plan["muts"].as_array().unwrap().len(), 2);
}
