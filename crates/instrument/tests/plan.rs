//! Plan-driven instrumentation on the reservations example: only the plan's MUT is wrapped
//! and only its two call sites bridged; the program behaves identically under the
//! verifier; a class that differs from the analysed one is refused.

use std::path::{Path, PathBuf};
use std::process::Command;

use mimic_analysis::{find_targets, ClassIndex, TargetOptions};
use mimic_instrument::PlanInstrumentation;
use mimic_jvm::Jdk;
use mimic_plan::Plan;
use mimic_rewrite::probe::{counting_probe_class, ProbeApi};

const CENTRE: &str = "se/kth/castor/reservations/ReservationCentre";

fn run(jdk: &Jdk, cp: &Path) -> (String, String) {
    run_main(jdk, cp, "se.kth.castor.reservations.Main")
}

/// Run `main` under the verifier; it must succeed. (stdout, stderr)
fn run_main(jdk: &Jdk, cp: &Path, main: &str) -> (String, String) {
    let out = Command::new(jdk.java())
        .args(["-Xverify:all", "-cp"])
        .arg(cp)
        .arg(main)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Compile `src` into a temporary `classes` directory and plan it with the defaults.
fn compiled_and_planned(src: &Path) -> (tempfile::TempDir, PathBuf, Plan) {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    mimic_test_support::compile_dir(src, &[], &classes);
    let index = ClassIndex::build(std::slice::from_ref(&classes), |_| true);
    let plan = find_targets(&index, &TargetOptions::default()).unwrap();
    (dir, classes, plan)
}

/// Put the rewritten class in place of `file` and the counting probe beside it.
fn swap_in(classes: &Path, file: &Path, rewritten: &[u8]) {
    std::fs::write(file, rewritten).unwrap();
    std::fs::create_dir_all(classes.join("mimic")).unwrap();
    std::fs::write(
        classes.join("mimic/Probe.class"),
        counting_probe_class(&ProbeApi::default()).unwrap(),
    )
    .unwrap();
}

/// The counting probe's `mimic-probe: …` line.
fn probe_counts(stderr: &str) -> &str {
    stderr
        .lines()
        .find(|l| l.starts_with("mimic-probe:"))
        .unwrap()
}

#[test]
fn plan_instrumentation_of_reservations() {
    let jdk = mimic_test_support::jdk();
    let (_dir, classes, plan) = compiled_and_planned(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/reservations/src"),
    );
    let inst = PlanInstrumentation::new(&plan, ProbeApi::default());
    assert!(inst.wants(CENTRE));
    assert!(!inst.wants("se/kth/castor/reservations/Main"));
    assert_eq!(inst.site_table().sites.len(), 2);

    let file = classes.join(format!("{CENTRE}.class"));
    let original = std::fs::read(&file).unwrap();
    let (rewritten, report) = inst.instrument(CENTRE, &original).unwrap();
    assert_eq!((report.wrapped, report.bridged), (1, 2));

    let (expected, _) = run(&jdk, &classes);
    swap_in(&classes, &file, &rewritten);
    let (actual, stderr) = run(&jdk, &classes);
    assert_eq!(actual, expected);
    // Main calls purchaseTickets 15 times; 4 of them throw (2 from processPayment).
    let line = probe_counts(&stderr);
    assert!(line.contains(" enter=15 exit=11 exitThrow=4 "), "{line}");
    assert!(line.contains(" callThrow=2"), "{line}");

    // A class that is not the analysed one is refused, not half-rewritten.
    let mut other_plan = plan.clone();
    other_plan.muts[0].mockable_calls[0].offset += 1;
    let e = PlanInstrumentation::new(&other_plan, ProbeApi::default())
        .instrument(CENTRE, &original)
        .unwrap_err();
    assert!(
        e.to_string().contains("differs from the analysed one"),
        "{e}"
    );
    let mut other_plan = plan.clone();
    other_plan.muts[0].mockable_calls[0].name = "somethingElse".into();
    let e = PlanInstrumentation::new(&other_plan, ProbeApi::default())
        .instrument(CENTRE, &original)
        .unwrap_err();
    assert!(e.to_string().contains("the plan expects"), "{e}");
}

/// Issue 17: environment reads are bridged too, static ones (`System.nanoTime`,
/// `Files.exists` with its varargs array) and virtual ones on JDK objects
/// (`Runtime.availableProcessors`); the program runs the same under the verifier and
/// every bridged call reaches the probes.
#[test]
fn environment_call_sites_are_bridged_static_ones_included() {
    let jdk = mimic_test_support::jdk();
    let (_dir, classes, plan) =
        compiled_and_planned(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java/envcalls"));
    assert_eq!(plan.summary.environment_calls, 5);
    let inst = PlanInstrumentation::new(&plan, ProbeApi::default());
    let file = classes.join("envcalls/Reads.class");
    let original = std::fs::read(&file).unwrap();
    let (rewritten, report) = inst.instrument("envcalls/Reads", &original).unwrap();
    assert_eq!((report.wrapped, report.bridged), (4, 5));
    let (expected, _) = run_main(&jdk, &classes, "envcalls.Reads");
    assert_eq!(expected, "true some true true\n");
    swap_in(&classes, &file, &rewritten);
    let (actual, stderr) = run_main(&jdk, &classes, "envcalls.Reads");
    assert_eq!(actual, expected);
    let line = probe_counts(&stderr);
    assert!(line.contains(" enter=4 exit=4 "), "{line}");
    assert!(
        line.contains(" callEnter=5 callExit=5 callThrow=0"),
        "{line}"
    );
}
