//! Recorded behaviour: the value model of snapshots ([`value`]) and its streamed JSON
//! text ([`json`]), the records of MUT invocations and their mockable calls ([`record`]),
//! and the SQLite store they are
//! written to and read from ([`store`]).
//! Shared by the agent (writer), `mimic traces` and the generator (readers).

pub mod json;
pub mod private_file;
pub mod record;
pub mod store;
pub mod value;

pub use json::{EncodedCall, EncodedInvocation};
pub use record::{CallEffects, CallRecord, InvocationRecord, Outcome};
pub use store::{RunInfo, Store, StoreError, SCHEMA_VERSION};
pub use value::{
    compares_by_identity, is_text_holder, jdk_by_fields, FieldValue, Value, ELEMENTS_FIELD,
    ENTRIES_FIELD, IDENTITY_TEXTS, ITERATOR, JDK_BY_FIELDS, OPTIONALS, SET_FROM_MAP, TEXT_HOLDERS,
    UNKNOWN_CLASS,
};
