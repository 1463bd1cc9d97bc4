//! The plan (`plan.json`): what `mimic targets` decided to observe — methods under test,
//! their mockable call sites and deeper interactions — and the numbering of the physical
//! call sites it names ([`sites`]). `analysis` produces it; `trace`, `agent`,
//! `instrument` and `generate` consume it without depending on the analysis that made it.
//! This crate holds data and its invariants only: it reads no class and runs nothing.

pub mod environment;
pub mod plan;
pub mod sites;

pub use plan::*;
pub use sites::{Site, SiteKey, SiteTable};
