//! `mutate --explain --store traces.db`: recorded production inputs for no-infection
//! suggestions (beyond Reneri). When the tests never make a mutant change the method's
//! state, a production trace store of the same program may hold invocations of the
//! method for which the mutant certainly would: an extreme mutant returns one constant,
//! so every recorded invocation that returned another value (or threw) is infected by it
//! in its result; an emptied `void` body infects every invocation that changed its
//! receiver or threw. Those invocations' arguments are the inputs to suggest. The store
//! is opened read-only; nothing in it runs.

use std::path::Path;

use mimic_trace::{InvocationRecord, Outcome, Store, Value};
use serde::{Deserialize, Serialize};

use crate::error::MutateError;
use crate::operators::Operator;
use crate::targets::TargetMethod;

/// What the store says about one mutant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductionInputs {
    /// Recorded invocations of the method read (at most [`READ_PER_METHOD`]).
    pub invocations: usize,
    /// How many of them the mutant would infect.
    pub infecting: usize,
    /// A few of them: their arguments, and what production got.
    pub examples: Vec<String>,
}

/// Invocations read per method.
const READ_PER_METHOD: usize = 2000;
/// Examples kept per mutant.
const EXAMPLES: usize = 3;

/// An open production store.
pub struct Production {
    store: Store,
}

impl Production {
    /// Open `path` for reading (a clear error when it is not a mimic trace store).
    pub fn open(path: &Path) -> Result<Production, MutateError> {
        let store = Store::open_read(path)
            .map_err(|e| MutateError::Usage(format!("--store {}: {e}", path.display())))?;
        Ok(Production { store })
    }

    /// The recorded invocations of `method` (every run of the store) that `operator`'s
    /// mutant would infect; `None` when the store holds no invocation of it.
    pub fn inputs_for(
        &self,
        method: &TargetMethod,
        operator: &str,
    ) -> Result<Option<ProductionInputs>, MutateError> {
        let Ok(operator) = Operator::parse(operator) else {
            return Ok(None);
        };
        let class = method.class.replace('/', ".");
        let store_error = |e: mimic_trace::StoreError| {
            MutateError::Usage(format!("--store {}: {e}", self.store.path().display()))
        };
        let mut out = ProductionInputs {
            invocations: 0,
            infecting: 0,
            examples: Vec::new(),
        };
        for run in self.store.runs().map_err(store_error)? {
            let summaries = self.store.mut_summaries(run.id).map_err(store_error)?;
            let Some(entry) = summaries.iter().find(|m| {
                m.class == class && m.method == method.name && m.descriptor == method.descriptor
            }) else {
                continue;
            };
            let ids = self
                .store
                .invocation_ids(run.id, Some(entry.mut_index))
                .map_err(store_error)?;
            for id in ids {
                if out.invocations == READ_PER_METHOD {
                    break;
                }
                let Some(record) = self.store.invocation(run.id, id).map_err(store_error)? else {
                    continue;
                };
                out.invocations += 1;
                if let Some(why) = infected(&operator, &record) {
                    out.infecting += 1;
                    if out.examples.len() < EXAMPLES {
                        let args: Vec<String> = record.arguments.iter().map(Value::brief).collect();
                        out.examples.push(format!("({}) {why}", args.join(", ")));
                    }
                }
            }
        }
        Ok((out.invocations > 0).then_some(out))
    }
}

/// Why the mutant of `operator` would change what `record` shows, if it would.
fn infected(operator: &Operator, record: &InvocationRecord) -> Option<String> {
    let returned = match &record.outcome {
        Outcome::Threw { exception } => {
            return Some(format!("threw {} in production", exception.brief()))
        }
        Outcome::Returned { value } => value,
    };
    if *operator == Operator::Void {
        let changed = match (&record.receiver_before, &record.receiver_after) {
            (Some(before), Some(after)) => before != after,
            _ => false,
        };
        return changed.then(|| "changed its receiver in production".to_string());
    }
    let value = match returned {
        Value::Boxed { value, .. } => value.as_ref(),
        v => v,
    };
    let same = match (operator, value) {
        (Operator::Null, v) => *v == Value::Null,
        (Operator::Boolean(b), Value::Boolean { v }) => b == v,
        (Operator::Int(n), Value::Int { v }) => n == v,
        (Operator::Byte(n), Value::Byte { v }) => n == v,
        (Operator::Short(n), Value::Short { v }) => n == v,
        (Operator::Long(n), Value::Long { v }) => n == v,
        (Operator::Float(x), Value::Float { bits }) => x.to_bits() == *bits,
        (Operator::Double(x), Value::Double { bits }) => x.to_bits() == *bits,
        (Operator::Char(c), Value::Char { v }) => u32::from(*c) == u32::from(*v),
        (Operator::Str(s), Value::Str { v }) => s == v,
        (Operator::EmptyArray, Value::Array { length, .. }) => *length == 0,
        // A value the recording cannot compare (redacted, opaque): not claimed.
        _ => true,
    };
    (!same).then(|| format!("returned {} in production", returned.brief()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(outcome: Outcome) -> InvocationRecord {
        InvocationRecord {
            id: 1,
            mut_index: 0,
            seq: 0,
            thread_id: 1,
            thread_name: "main".into(),
            parent: None,
            receiver_before: None,
            receiver_after: None,
            arguments: vec![Value::Int { v: 3 }],
            statics: Vec::new(),
            outcome,
            calls: Vec::new(),
            started_ns: 0,
            duration_ns: 0,
        }
    }

    #[test]
    fn a_recorded_result_other_than_the_constant_is_infected() {
        let returned = |value| record(Outcome::Returned { value });
        let t = returned(Value::Boolean { v: true });
        assert_eq!(infected(&Operator::Boolean(true), &t), None);
        assert_eq!(
            infected(&Operator::Boolean(false), &t).as_deref(),
            Some("returned true in production")
        );
        let boxed = returned(Value::Boxed {
            class: "java.lang.Integer".into(),
            value: Box::new(Value::Int { v: 0 }),
        });
        assert_eq!(infected(&Operator::Int(0), &boxed), None);
        assert!(infected(&Operator::Int(1), &boxed).is_some());
        assert!(infected(&Operator::Null, &boxed).is_some());
        let threw = record(Outcome::Threw {
            exception: Value::Thrown {
                class: "java.lang.IllegalStateException".into(),
                message: None,
                message_overridden: false,
            },
        });
        assert!(infected(&Operator::Int(0), &threw).is_some());
        let mut void = returned(Value::Null);
        assert_eq!(infected(&Operator::Void, &void), None);
        void.receiver_before = Some(Value::Int { v: 0 });
        void.receiver_after = Some(Value::Int { v: 1 });
        assert!(infected(&Operator::Void, &void).is_some());
    }
}
