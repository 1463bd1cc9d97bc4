//! Rewrites 1–3 on a class set covering every method shape, run under `-Xverify:all`
//!: output must equal the unrewritten run and the
//! probes must have fired in balanced pairs.

mod bodies;

use std::path::Path;
use std::process::Command;

use mimic_instrument::{instrument_dir, BatchReport, Options};
use mimic_rewrite::probe::{counting_probe_class, ProbeApi};

fn compile_kitchen(out: &Path) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java/kitchen/kitchen/Kitchen.java");
    let status = Command::new(mimic_test_support::jdk().javac())
        .args(["--release", "17", "-d"])
        .arg(out)
        .arg(src)
        .status()
        .unwrap();
    assert!(status.success(), "javac failed");
}

fn run(cp: &Path) -> (String, String) {
    let out = Command::new(mimic_test_support::jdk().java())
        .args(["-Xverify:all", "-cp"])
        .arg(cp)
        .arg("kitchen.Kitchen")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "java failed: {stderr}");
    (String::from_utf8_lossy(&out.stdout).to_string(), stderr)
}

fn instrument(from: &Path, to: &Path, options: &Options) -> BatchReport {
    let probe = counting_probe_class(&ProbeApi::default()).unwrap();
    let report = instrument_dir(
        from,
        to,
        &[],
        options,
        &[("mimic/Probe.class".into(), probe)],
    )
    .unwrap();
    assert!(report.failures.is_empty(), "{:#?}", report.failures);
    report
}

fn counts(stderr: &str) -> std::collections::HashMap<String, u64> {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("mimic-probe:"))
        .expect("probe summary line");
    line.split_whitespace()
        .skip(1)
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), v.parse().unwrap())
        })
        .collect()
}

#[test]
fn wrapping_and_bridging_keep_behaviour_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain");
    let rewritten = dir.path().join("rewritten");
    compile_kitchen(&plain);
    let (expected, _) = run(&plain);
    let report = instrument(&plain, &rewritten, &Options::default());
    let (wrapped, bridged) = (report.methods_wrapped, report.calls_bridged);
    assert!(wrapped > 30, "wrapped {wrapped}");
    assert!(bridged > 30, "bridged {bridged}");
    let (actual, stderr) = run(&rewritten);
    assert_eq!(actual, expected);
    let c = counts(&stderr);
    assert!(c["enter"] > 100, "{c:?}");
    assert_eq!(c["enter"], c["exit"] + c["exitThrow"], "{c:?}");
    assert_eq!(c["callEnter"], c["callExit"] + c["callThrow"], "{c:?}");
    assert!(
        c["exitThrow"] >= 1,
        "the thrown IllegalArgumentException passes a wrapper: {c:?}"
    );
}

#[test]
fn replaced_bodies_verify() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain");
    let rewritten = dir.path().join("rewritten");
    compile_kitchen(&plain);
    let options = Options {
        wrap_methods: false,
        bridge_calls: false,
        replace_bodies: bodies::every_nth(1),
        ..Options::default()
    };
    let replaced = instrument(&plain, &rewritten, &options).bodies_replaced;
    assert!(replaced > 30, "replaced {replaced}");
    // main itself is replaced by an empty body: the program must load, verify and print nothing.
    let (out, _) = run(&rewritten);
    assert_eq!(out, "");
}
