//! Helpers shared by the CLI's end-to-end tests: the bundled examples and compiling them
//! come from `mimic-test-support`.

#![allow(dead_code, unused_imports)]

pub use mimic_test_support::{compile_example, example_src, files_under};

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `mimic` binary under test.
pub fn mimic() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mimic"))
}

/// Run `mimic args…` to its end: exit code, stdout, stderr.
pub fn run_mimic(args: &[&str]) -> (Option<i32>, String, String) {
    let out = mimic().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Write the plan of `classes` to `plan` with `mimic targets`; it must succeed.
pub fn write_plan(classes: &Path, plan: &Path) {
    let out = mimic()
        .args(["targets", "-c"])
        .arg(classes)
        .arg("-o")
        .arg(plan)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "mimic targets: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Compile every Java source under `src` into `out` with the test JDK.
pub fn compile_dir(src: &Path, out: &Path) {
    mimic_test_support::compile_dir(src, &[], out);
}

/// Write `source` as `<dir>/src/<package>/Main.java` and compile it into
/// `<dir>/classes`; returns that directory.
pub fn compile_program(dir: &Path, package: &str, source: &str) -> PathBuf {
    let src = dir.join("src").join(package);
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("Main.java"), source).unwrap();
    let classes = dir.join("classes");
    compile_dir(&dir.join("src"), &classes);
    classes
}

/// A Java program that prints its pid and sleeps for ten minutes.
pub const SLEEPER: &str = r#"
package sleeper;
public class Main {
    public static void main(String[] args) throws Exception {
        System.out.println(ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
"#;

/// Compile [`SLEEPER`] under `dir`; returns its class directory (main class `sleeper.Main`).
pub fn sleeper_classes(dir: &Path) -> PathBuf {
    let src = dir.join("sleeper-src/sleeper");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("Main.java"), SLEEPER).unwrap();
    let classes = dir.join("sleeper-classes");
    compile_dir(&dir.join("sleeper-src"), &classes);
    classes
}
