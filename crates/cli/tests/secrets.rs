//! Issue 13, item 5, end to end on `examples/secrets`: every form of secret it handles (a
//! `password` parameter, `passwd`/`pwd`/`api_key`/`API_KEY`/`privateKey` fields, an
//! `Authorization: Bearer …` header, a `password` map entry, a card number, an AWS key, a
//! JWT returned by a collaborator, an exception message quoting a password) is absent
//! from everything mimic writes — store, log, generated tests and resources — after
//! targets → record → generate; the summary counts what was redacted; and the tokenizer
//! beside it (a `Token` class, a `reusableToken` field) gets all its tests, which mimic.

use std::path::{Path, PathBuf};

use mimic_jvm::{compile, java_sources_under, CompileOptions};

mod common;

use common::files_under;
use common::run_mimic as mimic;

/// Every secret value the example's workload handles.
const SECRETS: &[&str] = &[
    "hunter2-pass",
    "guess-1234-pass",
    "s3cr3t-passwd-77",
    "pwd-value-9931",
    "key-ABCDEF-123456",
    "LEGACY-KEY-998877",
    "MIIBVwIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7",
    "5555555555554444",
    "db-pass-4455",
    "AKIAIOSFODNN7EXAMPLE",
    "tok-AbCdEfGhIjKlMnOpQrSt",
    "eyJhbGciOiJIUzI1NiJ9",
];

/// The secrets found in `bytes`, as text, as a Java char-array literal or as the
/// per-character JSON a char array is stored as.
fn leaked(bytes: &[u8]) -> Vec<&'static str> {
    let text = String::from_utf8_lossy(bytes);
    SECRETS
        .iter()
        .copied()
        .filter(|s| {
            let chars: Vec<String> = s.chars().take(6).map(|c| format!("'{c}'")).collect();
            let json_chars: Vec<String> = s
                .chars()
                .take(6)
                .map(|c| format!("\"v\":\"{c}\""))
                .collect();
            text.contains(s)
                || text.contains(&chars.join(", "))
                || text.contains(&json_chars.join("},{\"t\":\"char\","))
        })
        .collect()
}

#[test]
fn no_secret_leaves_the_jvm_and_the_tokenizer_keeps_its_tests() {
    let dir = tempfile::tempdir().unwrap();
    let s = |p: &Path| p.to_str().unwrap().to_string();
    // Compiled as Maven compiles by default (-g): parameter names are known.
    let classes = dir.path().join("classes");
    compile(
        &mimic_test_support::jdk(),
        &java_sources_under(common::example_src("secrets")),
        &[],
        &classes,
        &CompileOptions {
            extra_args: vec!["-g".into()],
            ..CompileOptions::default()
        },
    )
    .unwrap();
    let main = "se.kth.castor.secrets.Main";
    let plain = mimic_test_support::run_java(std::slice::from_ref(&classes), main, &[]);

    let plan = dir.path().join("plan.json");
    let (code, _, err) = mimic(&["targets", "-c", &s(&classes), "-o", &s(&plan)]);
    assert_eq!(code, Some(0), "{err}");
    let plan_text = std::fs::read_to_string(&plan).unwrap();
    for m in ["\"login\"", "\"pay\"", "\"configure\"", "\"next\""] {
        assert!(plan_text.contains(m), "{m} is a MUT");
    }

    // The plan's read trees keep what the MUTs do not read out of the store altogether;
    // to put every rule to work, the redaction is checked on the plan without them
    // (each credential field captured), then once with them.
    let guided = plan.clone();
    let plan = dir.path().join("plan-whole.json");
    let mut whole: mimic_plan::Plan = serde_json::from_str(&plan_text).unwrap();
    whole.muts.iter_mut().for_each(|m| m.reads = None);
    std::fs::write(&plan, serde_json::to_string(&whole).unwrap()).unwrap();

    let store = dir.path().join("traces.db");
    let java = mimic_test_support::jdk().java();
    // `mimic record [flags] --plan … --store <store> -- java -cp … <main>`.
    let record_with = |plan: &Path, flags: &[&str], store: &Path| {
        let (plan, store, java, classes) = (s(plan), s(store), s(&java), s(&classes));
        let fixed = [
            "--plan", &plan, "--store", &store, "--", &java, "-cp", &classes, main,
        ];
        mimic(&[&["record"][..], flags, &fixed].concat())
    };
    let record = |flags: &[&str], store: &Path| record_with(&plan, flags, store);
    let (code, out, err) = record(&[], &store);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, plain.stdout, "recording must not change the output");
    assert!(err.contains("values redacted ("), "{err}");
    for rule in [
        "password",
        "api-key",
        "private-key",
        "authorization",
        "card-number",
        "jwt",
    ] {
        assert!(
            err.contains(&format!("{rule} ")),
            "rule {rule} counted: {err}"
        );
    }

    // The audit finds nothing in the redacted store…
    let (code, out, err) = mimic(&["store", "audit", &s(&store)]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("0 values that look like secrets"), "{out}");
    // …and plenty in one recorded with --no-redact (which warns), without printing them.
    let clear = dir.path().join("clear.db");
    let (code, _, err) = record(&["--no-redact"], &clear);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("warning: --no-redact"), "{err}");
    let (code, out, _) = mimic(&["store", "audit", &s(&clear), "--json"]);
    assert_eq!(code, Some(1), "{out}");
    let findings: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    for rule in [
        "password",
        "api-key",
        "authorization",
        "card-number",
        "jwt",
        "aws-access-key",
    ] {
        assert!(
            findings.iter().any(|f| f["rule"] == rule),
            "the audit finds {rule}: {out}"
        );
    }
    assert!(
        leaked(out.as_bytes()).is_empty(),
        "the audit prints no secret: {out}"
    );
    std::fs::remove_file(&clear).unwrap();
    for side in ["clear.db-wal", "clear.db-shm", "clear.db.log"] {
        let _ = std::fs::remove_file(dir.path().join(side));
    }

    // With the read trees: still nothing the audit finds.
    let read = dir.path().join("read.db");
    let (code, out, err) = record_with(&guided, &[], &read);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, plain.stdout, "recording must not change the output");
    let (code, out, _) = mimic(&["store", "audit", &s(&read)]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 values that look like secrets"), "{out}");

    let tests = dir.path().join("tests");
    let (code, out, err) = mimic(&["generate", "--store", &s(&store), "--out", &s(&tests)]);
    assert_eq!(code, Some(0), "{out}{err}");

    // Nothing mimic wrote holds a secret, in any encoding.
    let mut written: Vec<PathBuf> = files_under(dir.path())
        .into_iter()
        .filter(|p| !p.starts_with(&classes))
        .collect();
    written.retain(|p| p.extension().is_none_or(|e| e != "class"));
    assert!(written.iter().any(|p| p.ends_with("traces.db")));
    assert!(written.iter().any(|p| p.ends_with("traces.db.log")));
    for file in &written {
        let found = leaked(&std::fs::read(file).unwrap());
        assert!(found.is_empty(), "{} holds {found:?}", file.display());
    }

    // The tokenizer's tests are all there and mimic production.
    let tokenizer_tests: Vec<PathBuf> = files_under(&tests)
        .into_iter()
        .filter(|p| p.ends_with("TokenizerMimicTest.java"))
        .collect();
    assert_eq!(tokenizer_tests.len(), 1, "{:?}", files_under(&tests));
    let text = std::fs::read_to_string(&tokenizer_tests[0]).unwrap();
    assert!(!text.contains("redact"), "{text}");
    let (_, out, err) = mimic(&[
        "verify",
        "--tests",
        &s(&tests),
        "-c",
        &s(&classes),
        "--runs",
        "1",
        "--work",
        &s(&dir.path().join("verify")),
        "--json",
    ]);
    let report: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    let tokenizer: Vec<&serde_json::Value> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t.to_string().contains("Tokenizer"))
        .collect();
    // next() ran six times (five tokens and the end); tests per distinct invocation.
    assert!(tokenizer.len() >= 5, "{report}");
    for t in &tokenizer {
        assert!(
            t.to_string().contains("successfully"),
            "a tokenizer test does not mimic: {t}"
        );
    }
}
