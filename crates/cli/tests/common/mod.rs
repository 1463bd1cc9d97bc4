//! Helpers shared by the CLI's end-to-end tests: the bundled examples and compiling them
//! come from `mimic-test-support`.

#![allow(dead_code, unused_imports)]

pub use mimic_test_support::{compile_example, example_src};

use std::path::Path;

/// Compile every Java source under `src` into `out` with the test JDK.
pub fn compile_dir(src: &Path, out: &Path) {
    mimic_test_support::compile_dir(src, &[], out);
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
pub fn sleeper_classes(dir: &Path) -> std::path::PathBuf {
    let src = dir.join("sleeper-src/sleeper");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("Main.java"), SLEEPER).unwrap();
    let classes = dir.join("sleeper-classes");
    compile_dir(&dir.join("sleeper-src"), &classes);
    classes
}
