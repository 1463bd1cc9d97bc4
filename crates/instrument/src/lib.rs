//! Applying the rewrites of `mimic-classfile` to whole classes: "everything eligible"
//! (the rewrite-and-verify proof and `mimic rewrite`), and a sample of extreme
//! transformations. Plan-driven instrumentation for the agent will live here too.
//! A class that cannot be rewritten is kept unchanged and reported with the reason.

pub mod batch;
pub mod everything;
pub mod plan;

pub use batch::{instrument_dir, instrument_jar, BatchReport};
pub use everything::{instrument_class, BodyReplacement, ClassReport, Ids, Options};
pub use plan::PlanInstrumentation;
