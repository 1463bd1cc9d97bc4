//! Extreme mutation (Descartes): find pseudo-tested methods, fast.
//!
//! Every method of the application classes that is not a stop method ([`stop`]) gets one
//! mutant per applicable extreme transformation ([`operators`], Reneri Table I). All
//! mutants live in one rewritten class set guarded by an active-mutant switch
//! ([`schema`]). Long-lived test JVMs ([`worker`], driving the small Java [`shim`]) share
//! the suite's baseline run, which records which test reaches which method, how long it
//! takes and which tests are red ([`baseline`]), then run each covered mutant against
//! only the tests that reach its method ([`schedule`]); [`run`] ties the phases together.
//! [`result`] classifies methods as Descartes does; [`report`] writes Descartes'
//! `methods.json`, a text summary and an HTML page. [`diff`] narrows a run to the methods
//! a change touches (`--in-diff`). [`explain`] tells, for each surviving mutant, whether
//! its tests change the state where the method exits (infection) and whether that change
//! reaches a value the test code sees (propagation, through the test classes rewritten by
//! [`test_sites`]): `--explain`; [`suggest`] words what to do and [`explain_report`]
//! writes the Markdown report; [`production`] finds recorded production inputs that
//! would infect a no-infection mutant (`--store`). The tests' random numbers are seeded
//! per test ([`seeded_random`]); both it and [`test_sites`] write their rewritten test
//! classes through [`test_classes`].

pub mod baseline;
pub mod baseline_file;
pub mod diff;
pub mod error;
pub mod explain;
pub mod explain_report;
pub mod explain_run;
pub mod html;
pub mod html_source;
pub mod inputs;
pub mod json_file;
pub mod merge;
pub mod operators;
pub mod production;
pub mod progress;
pub mod protocol;
pub mod report;
pub mod result;
pub mod run;
pub mod schedule;
pub mod schema;
pub mod seeded_random;
pub mod shard;
pub mod shard_cost;
pub mod shim;
pub mod stable_line;
pub mod stop;
pub mod suggest;
pub mod targets;
pub mod test_classes;
pub mod test_sites;
pub mod worker;

pub use error::MutateError;
pub use operators::Operator;
pub use result::{Classification, MutantStatus, MutationReport};
pub use run::{run_mutation, MutateConfig};
pub use stop::StopKind;
