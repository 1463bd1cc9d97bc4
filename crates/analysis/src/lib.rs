//! Static analysis of application bytecode: an index of the classes on a classpath
//! ([`class_index`]), the origins of receivers and arguments at every call
//! ([`origins`]), the state a method may use ([`reads`]), and target selection — methods under test and their mockable call
//! sites ([`targets`]), with the constants they compare parameters with ([`thresholds`])
//! — written out as a versioned plan (`mimic_plan`).
//! Nothing here runs Java or prints; the CLI renders plans.

pub mod class_index;
pub mod field_constructor;
pub mod getters;
pub mod origins;
pub mod reads;
pub mod targets;
pub mod thresholds;

pub use class_index::ClassIndex;
pub use mimic_plan::{Mut, Plan, Receiver, Returns};
pub use targets::{find_targets, MethodFilter, TargetOptions, TargetsError};
