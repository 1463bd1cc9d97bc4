//! Issue 13, item 7: SIGTERM or SIGINT to `mimic record` ends the JVM it started (the
//! JVM used to keep running after mimic was gone).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

mod common;

fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    unsafe { libc::kill(pid, 0) == 0 }
}

/// Start `mimic record` on the sleeper, wait for the JVM's pid, send `signal` to mimic;
/// returns mimic's exit code and the JVM's pid.
fn record_then_signal(dir: &Path, signal: i32) -> (Option<i32>, i32) {
    let classes = common::sleeper_classes(dir);
    let plan = dir.join("plan.json");
    common::write_plan(&classes, &plan);
    let mut mimic = common::mimic()
        .arg("record")
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(dir.join("traces.db"))
        .arg("--")
        .arg(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(&classes)
        .arg("sleeper.Main")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(mimic.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let jvm: i32 = line.trim().parse().expect("the JVM printed its pid");
    assert!(alive(jvm));
    // SAFETY: signalling the mimic process this test started.
    unsafe {
        libc::kill(mimic.id() as i32, signal);
    }
    // Not a timing assertion: a bound so that a regression fails instead of hanging.
    let bound = Instant::now() + Duration::from_secs(120);
    let code = loop {
        if let Some(status) = mimic.try_wait().unwrap() {
            break status.code();
        }
        if Instant::now() > bound {
            let _ = mimic.kill();
            panic!("mimic did not end after signal {signal}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    while alive(jvm) && Instant::now() < bound {
        std::thread::sleep(Duration::from_millis(50));
    }
    (code, jvm)
}

#[test]
fn sigterm_to_record_ends_its_jvm() {
    let dir = tempfile::tempdir().unwrap();
    let (code, jvm) = record_then_signal(dir.path(), libc::SIGTERM);
    assert!(!alive(jvm), "the JVM {jvm} outlived mimic");
    assert_eq!(code, Some(128 + libc::SIGTERM));
}

#[test]
fn sighup_to_record_ends_its_jvm() {
    let dir = tempfile::tempdir().unwrap();
    let (code, jvm) = record_then_signal(dir.path(), libc::SIGHUP);
    assert!(!alive(jvm), "the JVM {jvm} outlived mimic");
    assert_eq!(code, Some(128 + libc::SIGHUP));
}
