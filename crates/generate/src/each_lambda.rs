//! Whether a lambda the plan did not follow ran: the read analysis leaves out a lambda
//! handed straight to a JDK collection's `forEach` (an observer list) when the
//! collection is a path of the receiver or an argument, and marks that collection's
//! node [`EACH_RUNS`]. The recorded tree is then all the invocation used only if the
//! collection was empty at entry (or null: `forEach` never ran the lambda); otherwise
//! what the lambda read is missing, and the invocation gets no test.

use std::collections::HashMap;

use mimic_plan::{Mut, ReadNode, EACH_RUNS};
use mimic_trace::{InvocationRecord, Value};

/// The collection (as a path from its root) whose elements a lambda the plan did not
/// follow ran on in this invocation, if any.
pub fn each_lambda_ran(m: &Mut, inv: &InvocationRecord) -> Option<String> {
    let reads = m.reads.as_ref()?;
    let mut roots: Vec<(String, &ReadNode, Option<&Value>)> = Vec::new();
    if let Some(tree) = &reads.receiver {
        roots.push(("this".into(), tree, inv.receiver_before.as_ref()));
    }
    for (i, tree) in reads.params.iter().enumerate() {
        if let Some(tree) = tree {
            roots.push((format!("argument {}", i + 1), tree, inv.arguments.get(i)));
        }
    }
    for (name, tree, value) in roots {
        let mut defined = HashMap::new();
        if let Some(v) = value {
            v.definitions(&mut defined);
        }
        if let Some(path) = ran(tree, value, &defined, &name) {
            return Some(path);
        }
    }
    None
}

/// The first node of `tree` marked [`EACH_RUNS`] whose recorded value (`value`, at path
/// `at`) held elements, or is not known to have held none.
fn ran(
    tree: &ReadNode,
    value: Option<&Value>,
    defined: &HashMap<u32, &Value>,
    at: &str,
) -> Option<String> {
    let value = match value {
        Some(Value::Ref { id }) => defined.get(id).copied(),
        v => v,
    };
    if tree.fields.contains_key(EACH_RUNS) {
        let empty = match value {
            Some(Value::Null) => true,
            Some(Value::Collection { size, .. } | Value::Map { size, .. }) => *size == 0,
            _ => false,
        };
        if !empty {
            return Some(at.to_string());
        }
    }
    let Some(Value::Object { fields, .. }) = value else {
        return None;
    };
    for (name, child) in &tree.fields {
        if child.fields.is_empty() {
            continue;
        }
        let v = fields.iter().find(|f| &f.name == name).map(|f| &f.value);
        // A field not recorded: nothing below it was recorded either (the receiver's
        // own check names that).
        if v.is_none() {
            continue;
        }
        if let Some(path) = ran(child, v, defined, &format!("{at}.{name}")) {
            return Some(path);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_trace::FieldValue;

    fn list(id: u32, size: u32) -> Value {
        Value::Collection {
            id,
            class: "java.util.ArrayList".into(),
            size,
            elements: (0..size)
                .map(|i| Value::Str { v: format!("o{i}") })
                .collect(),
            truncated: false,
        }
    }

    fn node(observers: Value) -> Value {
        Value::Object {
            id: 1,
            class: "a.Node".into(),
            fields: vec![FieldValue {
                name: "observers".into(),
                declared_in: "a.Node".into(),
                value: observers,
            }],
            truncated: false,
        }
    }

    fn ran_on(receiver: &Value) -> Option<String> {
        let mut tree = ReadNode::default();
        tree.at(&["observers".into(), EACH_RUNS.into()]);
        let mut defined = HashMap::new();
        receiver.definitions(&mut defined);
        ran(&tree, Some(receiver), &defined, "this")
    }

    #[test]
    fn a_lambda_ran_only_when_its_collection_held_elements() {
        assert_eq!(ran_on(&node(list(2, 0))), None);
        assert_eq!(ran_on(&node(Value::Null)), None);
        assert_eq!(ran_on(&node(list(2, 1))).as_deref(), Some("this.observers"));
        // Not recorded as a collection (opaque, cut short): not known to be empty.
        let opaque = Value::Opaque {
            class: "java.util.ArrayList".into(),
            reason: "depth limit 3".into(),
            implements: None,
            length: None,
        };
        assert_eq!(ran_on(&node(opaque)).as_deref(), Some("this.observers"));
    }
}
