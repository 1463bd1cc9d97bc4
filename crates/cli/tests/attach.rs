//! Issue 13, item 1: `mimic attach` touches nothing but a HotSpot JVM of the same user that
//! survives the attach signal; anything else is a clear error and the process lives on.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

mod common;

fn attach(pid: u32, dir: &Path) -> (Option<i32>, String) {
    let classes = common::compile_example("mockables", dir);
    let plan = dir.join("plan.json");
    common::write_plan(&classes, &plan);
    let out = common::mimic()
        .arg("attach")
        .arg(pid.to_string())
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(dir.join("attached.db"))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A sleeping JVM started with `jvm_flags`, once it has printed its pid.
fn sleeping_jvm(dir: &Path, jvm_flags: &[&str]) -> Child {
    let classes = common::sleeper_classes(dir);
    let mut child = Command::new(mimic_test_support::jdk().java())
        .args(jvm_flags)
        .arg("-cp")
        .arg(&classes)
        .arg("sleeper.Main")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line.trim(), child.id().to_string());
    child
}

fn still_alive_then_end(mut child: Child) {
    assert!(
        child.try_wait().unwrap().is_none(),
        "the process must be untouched"
    );
    child.kill().unwrap();
    let _ = child.wait();
}

#[test]
fn a_process_that_is_not_a_jvm_is_named_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let sleeper = Command::new("sleep").arg("600").spawn().unwrap();
    let (code, stderr) = attach(sleeper.id(), dir.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("'sleep'") && stderr.contains("not a HotSpot JVM"),
        "{stderr}"
    );
    still_alive_then_end(sleeper);
}

#[test]
fn a_jvm_without_a_sigquit_handler_is_not_signalled() {
    let dir = tempfile::tempdir().unwrap();
    let jvm = sleeping_jvm(dir.path(), &["-Xrs"]);
    let (code, stderr) = attach(jvm.id(), dir.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("does not handle SIGQUIT"), "{stderr}");
    still_alive_then_end(jvm);
}

#[test]
fn a_jvm_with_attach_disabled_gets_a_clear_reason() {
    let dir = tempfile::tempdir().unwrap();
    let jvm = sleeping_jvm(dir.path(), &["-XX:+DisableAttachMechanism"]);
    let (code, stderr) = attach(jvm.id(), dir.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("DisableAttachMechanism"), "{stderr}");
    still_alive_then_end(jvm);
}

#[test]
fn a_missing_process_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = attach(u32::MAX - 1, dir.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no process"), "{stderr}");
}
