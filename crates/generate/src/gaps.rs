//! No silent gaps: why an invocation, and then a whole invoked MUT, got no test, from a
//! closed list of reasons ([`SkipReason`], documented in `docs/cli.md`), and the per-MUT
//! summary `mimic generate` ends with.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Why no test was generated for an invocation. The list is closed: every skip names one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// The receiving object was not recorded field by field (past the snapshot's depth,
    /// size or byte limits, or a JDK object the snapshots keep opaque).
    ReceiverNotRecorded,
    /// A value the test needs (an argument, a field, a stubbed result) was recorded
    /// opaque: past the depth limit, a JDK type the snapshots cannot express, a lambda.
    OpaqueValue,
    /// A value the test needs was cut short when recorded (size limits).
    TruncatedValue,
    /// A lambda the method hands to a collection's `forEach` (an observer list) ran on
    /// its elements, and what it read was not recorded (the plan reads the invocation
    /// as complete only when that collection was empty).
    LambdaRan,
    /// A value the test needs was redacted as a secret.
    RedactedValue,
    /// A value was recorded but no public API rebuilds it.
    UnbuildableValue,
    /// Neither the result can be asserted nor was a mockable call recorded.
    NoOracle,
    /// A name in the store is not valid Java, or an invocation's record is missing or
    /// does not read back (a corrupted or crafted store).
    RejectedStore,
    /// The recorded calls or arguments do not match the plan the store holds.
    PlanMismatch,
}

impl SkipReason {
    /// The stable id (`receiver-not-recorded`…), as in JSON.
    pub fn id(self) -> &'static str {
        match self {
            SkipReason::ReceiverNotRecorded => "receiver-not-recorded",
            SkipReason::OpaqueValue => "opaque-value",
            SkipReason::TruncatedValue => "truncated-value",
            SkipReason::LambdaRan => "lambda-ran",
            SkipReason::RedactedValue => "redacted-value",
            SkipReason::UnbuildableValue => "unbuildable-value",
            SkipReason::NoOracle => "no-oracle",
            SkipReason::RejectedStore => "rejected-store",
            SkipReason::PlanMismatch => "plan-mismatch",
        }
    }

    /// What it means, in a few words a reader of a report understands.
    pub fn sentence(self) -> &'static str {
        match self {
            SkipReason::ReceiverNotRecorded => {
                "its receiving object was not recorded field by field (snapshot limits or a JDK object kept opaque)"
            }
            SkipReason::OpaqueValue => {
                "a value the test needs was recorded opaque (past the depth limit, a JDK type snapshots cannot express, a lambda)"
            }
            SkipReason::TruncatedValue => "a value the test needs was cut short when recorded",
            SkipReason::LambdaRan => {
                "a lambda the method hands to a collection's forEach ran on its elements, and what it read was not recorded"
            }
            SkipReason::RedactedValue => "a value the test needs was redacted as a secret",
            SkipReason::UnbuildableValue => "a recorded value no public API rebuilds",
            SkipReason::NoOracle => "neither an assertable result nor a mockable call",
            SkipReason::RejectedStore => {
                "a record in the store does not read back, or a name in it is not valid Java"
            }
            SkipReason::PlanMismatch => "the recorded calls do not match the plan",
        }
    }
}

/// An invoked MUT without any test, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gap {
    pub mut_class: String,
    pub mut_method: String,
    pub mut_descriptor: String,
    /// The reason most of its invocations were skipped for (ties: the earlier in the list).
    pub reason: SkipReason,
    /// Its invocations skipped, per reason.
    pub invocations: BTreeMap<SkipReason, usize>,
}

impl Gap {
    /// The gap of a MUT whose skipped invocations had `reasons`.
    pub fn new(class: &str, method: &str, descriptor: &str, reasons: &[SkipReason]) -> Gap {
        let mut invocations = BTreeMap::new();
        for r in reasons {
            *invocations.entry(*r).or_insert(0) += 1;
        }
        let reason = invocations
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(r, _)| *r)
            .unwrap_or(SkipReason::NoOracle);
        Gap {
            mut_class: class.into(),
            mut_method: method.into(),
            mut_descriptor: descriptor.into(),
            reason,
            invocations,
        }
    }
}

/// MUTs without tests per reason: `(reason, MUTs, invocations)`, most MUTs first.
pub fn by_reason(gaps: &[Gap]) -> Vec<(SkipReason, usize, usize)> {
    let mut out: BTreeMap<SkipReason, (usize, usize)> = BTreeMap::new();
    for g in gaps {
        let e = out.entry(g.reason).or_default();
        e.0 += 1;
        e.1 += g.invocations.values().sum::<usize>();
    }
    let mut rows: Vec<(SkipReason, usize, usize)> =
        out.into_iter().map(|(r, (m, i))| (r, m, i)).collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mut_is_named_by_the_reason_most_of_its_invocations_had() {
        use SkipReason::*;
        let gap = Gap::new(
            "a.B",
            "m",
            "()V",
            &[OpaqueValue, ReceiverNotRecorded, OpaqueValue],
        );
        assert_eq!(gap.reason, OpaqueValue);
        assert_eq!(gap.invocations[&OpaqueValue], 2);
        // A tie goes to the earlier reason of the list.
        let tie = Gap::new("a.B", "n", "()V", &[NoOracle, ReceiverNotRecorded]);
        assert_eq!(tie.reason, ReceiverNotRecorded);
        let rows = by_reason(&[gap, tie]);
        assert_eq!(rows, [(ReceiverNotRecorded, 1, 2), (OpaqueValue, 1, 3)]);
        assert_eq!(
            serde_json::to_string(&ReceiverNotRecorded).unwrap(),
            "\"receiver-not-recorded\""
        );
    }
}
