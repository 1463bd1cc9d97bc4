//! The native capture agent (`libmimic_agent.so`), loaded with
//! `java -agentpath:<lib>=plan=<plan.json>,store=<traces.db>[,…]` or attached to a running
//! JVM. At class load it rewrites the plan's classes through `mimic-instrument` (MUTs
//! wrapped, mockable call sites bridged) to call a probe class it defines in the
//! bootstrap loader, whose natives are the Rust functions of [`probe`]. Per thread it
//! records MUT invocations with their mockable calls ([`recorder`]), snapshots values
//! through JNI/JVMTI ([`snapshot`], [`classinfo`]) and hands completed records to a
//! background writer ([`writer`]) that owns the SQLite trace store.
//!
//! Never harms the application: failures leave classes unchanged and go to the log file
//! ([`log`]), panics are caught at every FFI boundary, Java exceptions raised while
//! snapshotting are cleared.

pub mod agent;
pub mod classinfo;
pub mod demand;
pub mod effects;
pub mod gate;
pub mod jdk;
pub mod log;
pub mod options;
pub mod probe;
pub mod recorder;
pub mod redaction;
pub mod snapshot;
pub mod state;
pub mod writer;

jvmti_bindings::export_agent!(agent::MimicAgent);
