//! Extreme mutation (Descartes): find pseudo-tested methods, fast.
//!
//! Every method of the application classes that is not a stop method ([`stop`]) gets one
//! mutant per applicable extreme transformation ([`operators`], Reneri Table I). All
//! mutants live in one rewritten class set guarded by an active-mutant switch
//! ([`schema`]). Long-lived test JVMs ([`worker`], driving the small Java [`shim`]) run
//! the suite once to record which test reaches which method and which tests are red, then
//! run each covered mutant against only the tests that reach its method ([`run`]).
//! [`result`] classifies methods as Descartes does; [`report`] writes Descartes'
//! `methods.json`, a text summary and an HTML page.

pub mod error;
pub mod html;
pub mod inputs;
pub mod operators;
pub mod pinned;
pub mod report;
pub mod result;
pub mod run;
pub mod schema;
pub mod shim;
pub mod stop;
pub mod targets;
pub mod worker;

pub use error::MutateError;
pub use operators::Operator;
pub use result::{Classification, MutantStatus, MutationReport};
pub use run::{run_mutation, MutateConfig};
pub use stop::StopKind;
