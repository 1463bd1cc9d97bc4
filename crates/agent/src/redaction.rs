//! Counts of what the recorder redacted: values per rule, and recorded invocations with at
//! least one redacted value. Written to the run's counts at the end (`redacted:<rule>`,
//! `redacted_invocations`) so `mimic record` can say what it hid. What is a secret is
//! `mimic_redact`'s decision; where it is applied is the snapshot walk's.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use mimic_trace::EncodedInvocation;

#[derive(Default)]
pub struct Redactions {
    per_rule: Mutex<BTreeMap<String, u64>>,
    invocations: AtomicU64,
}

/// The JSON every redacted value starts with (`mimic_trace::json::redacted`). Inside a
/// recorded string the quotes would be escaped, so this text only ever marks a value.
const MARK: &str = "{\"t\":\"redacted\"";

impl Redactions {
    /// One value was redacted by `rule`.
    pub fn count(&self, rule: &str) {
        if let Ok(mut m) = self.per_rule.lock() {
            *m.entry(rule.to_string()).or_default() += 1;
        }
    }

    /// Count `record` if any of its values was redacted.
    pub fn note(&self, record: &EncodedInvocation) {
        let values = [
            record.receiver_before.as_deref().unwrap_or(""),
            record.receiver_after.as_deref().unwrap_or(""),
            &record.arguments,
            record.statics.as_deref().unwrap_or(""),
            &record.outcome,
        ];
        let touched = values.iter().any(|v| v.contains(MARK))
            || record
                .calls
                .iter()
                .any(|c| c.arguments.contains(MARK) || c.outcome.contains(MARK));
        if touched {
            self.invocations.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The run counts to store: `redacted:<rule>` per rule and `redacted_invocations`.
    pub fn counts(&self) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .per_rule
            .lock()
            .map(|m| {
                m.iter()
                    .map(|(rule, n)| (format!("redacted:{rule}"), *n))
                    .collect()
            })
            .unwrap_or_default();
        let n = self.invocations.load(Ordering::Relaxed);
        if n > 0 || !out.is_empty() {
            out.push(("redacted_invocations".into(), n));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_is_what_redacted_values_start_with() {
        let mut out = String::new();
        mimic_trace::json::redacted(&mut out, "\"java.lang.String\"", "password");
        assert!(out.starts_with(MARK), "{out}");
        let mut s = String::new();
        mimic_trace::json::str(&mut s, MARK);
        assert!(!s.contains(MARK), "{s}");
    }

    #[test]
    fn counts_per_rule_and_invocation() {
        let r = Redactions::default();
        r.count("password");
        r.count("password");
        r.count("jwt");
        let mut out = String::new();
        mimic_trace::json::redacted(&mut out, "\"java.lang.String\"", "jwt");
        let record = EncodedInvocation {
            id: 1,
            mut_index: 0,
            seq: 0,
            thread_id: 1,
            thread_name: "main".into(),
            parent: None,
            receiver_before: None,
            receiver_after: None,
            arguments: format!("[{out}]"),
            statics: None,
            outcome: "{}".into(),
            calls: vec![],
            started_ns: 0,
            duration_ns: 0,
        };
        r.note(&record);
        r.note(&EncodedInvocation {
            arguments: "[]".into(),
            ..record
        });
        assert_eq!(
            r.counts(),
            vec![
                ("redacted:jwt".to_string(), 1),
                ("redacted:password".to_string(), 2),
                ("redacted_invocations".to_string(), 1)
            ]
        );
    }
}
