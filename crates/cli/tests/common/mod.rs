//! Helpers shared by the CLI's end-to-end tests: where the bundled examples live and
//! compiling Java sources with the real JDK.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use mimic_jvm::{compile, java_sources_under, CompileOptions, Jdk};

/// `examples/<name>/src` of this repository.
pub fn example_src(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
        .join("src")
}

/// Compile every Java source under `src` into `out` with the located JDK.
pub fn compile_dir(src: &Path, out: &Path) {
    compile(
        &Jdk::locate().unwrap(),
        &java_sources_under(src),
        &[],
        out,
        &CompileOptions::default(),
    )
    .unwrap();
}

/// Compile `examples/<name>` into `<dir>/<name>`; returns that class directory.
pub fn compile_example(name: &str, dir: &Path) -> PathBuf {
    let out = dir.join(name);
    compile_dir(&example_src(name), &out);
    out
}
