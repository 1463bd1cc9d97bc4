//! Mock detection in test bytecode (MockDetector, Liang & Lam), in Rust, on class files.
//!
//! Given test classes (jars or directories) this finds which values in each test-code
//! method may be mock objects and which invocations are calls on mocks. Mocks come from
//! the mocking libraries' APIs and annotations ([`sources`]); they flow through locals
//! and the operand stack ([`interpreter`]: per method, an interpreter on the shared
//! bytecode dataflow engine `mimic-flow`, which walks the code), casts,
//! fields set by constructors and set-up methods, arrays, collections ([`containers`]),
//! lambdas and, unless disabled, into and out of test-code helpers ([`analysis`], a
//! fixpoint over [`facts`]). Production classes are never analysed, so mocks never
//! propagate into them (the paper's Doop false positives).
//!
//! Layers: [`program`] (the test code over `mimic-classpath`'s hierarchy; lambdas are
//! resolved by `mimic_classfile::bootstrap`), [`discovery`] (JUnit 3/4/5 roles),
//! [`value`] and [`state`] (the abstract domain), [`calls`] (per-call-site facts),
//! [`interpreter`] (what instructions do to mocks, over `mimic-flow`), [`facts`],
//! [`analysis`], [`report`].

pub mod analysis;
pub mod benchmarks;
pub mod calls;
pub mod containers;
pub mod discovery;
pub mod facts;
pub mod interpreter;
pub mod program;
pub mod report;
pub mod sources;
pub mod state;
pub mod value;

use std::path::PathBuf;

pub use analysis::{analyse, Options};
pub use program::{Problem, Program};
pub use report::Report;
pub use sources::MockApis;

/// Loads the classes of `inputs` (test jars or class directories) and analyses them;
/// `classpath` (production classes and libraries) is only consulted for supertypes.
pub fn analyse_paths(inputs: &[PathBuf], classpath: &[PathBuf], options: &Options) -> Report {
    let program = Program::load(inputs, classpath);
    analyse(&program, options)
}
