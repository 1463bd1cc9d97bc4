//! Helpers shared by the CLI's end-to-end tests: the bundled examples and compiling them
//! come from `mimic-test-support`.

#![allow(dead_code, unused_imports)]

pub use mimic_test_support::{compile_example, example_src};

use std::path::Path;

/// Compile every Java source under `src` into `out` with the test JDK.
pub fn compile_dir(src: &Path, out: &Path) {
    mimic_test_support::compile_dir(src, &[], out);
}
