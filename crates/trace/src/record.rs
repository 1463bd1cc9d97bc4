//! What the agent records: one completed MUT invocation with its mockable calls in order.

use serde::{Deserialize, Serialize};

use crate::value::Value;

/// How a method or call ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Returned normally; `Value::Null` also stands for a void return.
    Returned {
        value: Value,
    },
    Threw {
        exception: Value,
    },
}

/// One mockable call made during an invocation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallRecord {
    /// Order within the invocation, from 0.
    pub seq: u32,
    /// Index into the MUT's `mockable_calls` followed by its `deeper_calls` in the plan.
    pub plan_call: u32,
    pub arguments: Vec<Value>,
    pub outcome: Outcome,
    /// The identity hash code of the object the call was made on, recorded when the
    /// plan makes the call on what an earlier call answered (`Receiver::Result`): with
    /// [`CallRecord::answer_identity`] it says which answer, when a recursive helper
    /// makes the earlier call again before this one. Also recorded for a call on a
    /// field's object the method put there ([`CallEffects::receiver_replaced`]): it may be
    /// what a mocked call answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_identity: Option<i32>,
    /// The identity hash code of the object the call returned, recorded when the plan
    /// answers the call with a mock (`returns_mock`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_identity: Option<i32>,
    /// What the call did to the objects it was given, seen when it returned (a
    /// collaborator writing into the writer it is passed); `None` when nothing was seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<CallEffects>,
}

/// What a recorded call did to its arguments: a test's stub does the same, or the code
/// under test would not see it (`encoder.encode(value, out)` writes into `out`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CallEffects {
    /// The argument (by index) the call returned: that very object, not a copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned_argument: Option<u32>,
    /// Text the call appended to arguments that hold text (a `StringWriter`,
    /// `CharArrayWriter`, `StringBuilder` or `StringBuffer`), by argument index.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub appended: Vec<(u32, String)>,
    /// The call was made on a field's object that the field did not hold when the
    /// invocation began: the method (or a helper) put a new one there first
    /// (`this.scanner = Scanner.of(lines)`), so a mock in the field never receives it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub receiver_replaced: bool,
    /// With `receiver_replaced`: the object the method put in the field is the MUT's
    /// argument of this index (`super.init(rs)` storing `rsvc = rs`, then
    /// `rsvc.getParserConfiguration()`), so a test's mock of that argument receives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_argument: Option<u32>,
    /// Fields of the invocation's own receiver, handed to the call as the argument of
    /// this index, that the call changed, with the value each held when it returned (a
    /// null, a primitive, a string, a box or an enum): a child's `detach()` calling
    /// `parent.removeContent(this)`, which set the child's `parent` to null. A test's
    /// stub sets them on that argument.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub receiver_fields: Vec<(u32, crate::value::FieldValue)>,
    /// The invocation returned the very object this call answered (a call the plan
    /// answers with a mock, `answer_identity`): a filtered list's `get` handing back what
    /// its backing list's `get` gave it. The output oracle is that the result is the
    /// test's mock, not the fields production's object held.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub answer_returned: bool,
}

impl CallEffects {
    pub fn is_empty(&self) -> bool {
        self.returned_argument.is_none()
            && self.appended.is_empty()
            && !self.receiver_replaced
            && self.receiver_fields.is_empty()
            && !self.answer_returned
    }
}

/// One completed invocation of a MUT.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InvocationRecord {
    /// Unique in the store's run.
    pub id: u64,
    /// Index of the MUT in the plan.
    pub mut_index: u32,
    /// The n-th recorded invocation of this MUT in the run (from 0).
    pub seq: u64,
    pub thread_id: u64,
    pub thread_name: String,
    /// The enclosing MUT invocation on the same thread, if any.
    pub parent: Option<u64>,
    /// The receiving object before and after (`None` for static MUTs).
    pub receiver_before: Option<Value>,
    pub receiver_after: Option<Value>,
    pub arguments: Vec<Value>,
    /// The values of the MUT's static reads (`Mut::static_reads`, in order) on entry;
    /// empty when it reads none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub statics: Vec<Value>,
    pub outcome: Outcome,
    pub calls: Vec<CallRecord>,
    pub started_ns: u64,
    pub duration_ns: u64,
}
