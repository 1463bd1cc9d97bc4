//! `mimic store audit <store>`: what a trace store holds that looks like a secret, by the
//! same rules the recorder redacts with (`mimic_redact`): strings a detector trips, and
//! values in clear under a field, parameter or map key named like a secret. Findings
//! name the run, invocation and where in the value — never the value itself. Exit 1 when
//! anything is found, so an audit can gate a store before it is shared.

use std::path::PathBuf;

use anyhow::Context;
use mimic_redact::Rules;
use mimic_trace::{Outcome, Store, Value};
use serde::Serialize;

use crate::exit_code;

/// Arguments of `mimic store`.
#[derive(Debug, clap::Args)]
pub struct StoreArgs {
    #[command(subcommand)]
    pub command: StoreCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum StoreCommand {
    /// List what looks like a secret in a trace store (exit 1 if anything does).
    Audit(AuditArgs),
}

#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    /// The trace store.
    pub store: PathBuf,
    /// Extra redaction rules (TOML, as for `mimic record --redact-rules`).
    #[arg(long = "redact-rules", value_name = "FILE")]
    pub redact_rules: Option<PathBuf>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// One value that looks like a secret.
#[derive(Debug, Serialize, PartialEq)]
pub struct Finding {
    pub run: i64,
    pub invocation: u64,
    /// Where in the invocation: `argument 1`, `receiver before .credentials.passwd`,
    /// `call 0 outcome`, `outcome message`…
    pub path: String,
    pub rule: String,
}

pub fn run(args: &StoreArgs) -> anyhow::Result<u8> {
    match &args.command {
        StoreCommand::Audit(a) => audit(a),
    }
}

fn audit(args: &AuditArgs) -> anyhow::Result<u8> {
    let mut rules = Rules::builtin();
    if let Some(file) = &args.redact_rules {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("--redact-rules {}", file.display()))?;
        rules = rules.with_file(&text)?;
    }
    let store = Store::open_read(&args.store)?;
    let mut findings = Vec::new();
    let mut invocations = 0u64;
    for r in store.runs()? {
        for id in store.invocation_ids(r.id, None)? {
            let Some(inv) = store.invocation(r.id, id)? else {
                continue;
            };
            invocations += 1;
            let mut f = |path: String, rule: &str| {
                findings.push(Finding {
                    run: r.id,
                    invocation: id,
                    path,
                    rule: rule.to_string(),
                })
            };
            let mut look = |v: &Value, path: &str| scan(&rules, v, path, None, &mut f);
            if let Some(v) = &inv.receiver_before {
                look(v, "receiver before");
            }
            if let Some(v) = &inv.receiver_after {
                look(v, "receiver after");
            }
            for (i, v) in inv.arguments.iter().enumerate() {
                look(v, &format!("argument {i}"));
            }
            for (i, v) in inv.statics.iter().enumerate() {
                look(v, &format!("static {i}"));
            }
            outcome(&rules, &inv.outcome, "outcome", &mut f);
            for c in &inv.calls {
                for (i, v) in c.arguments.iter().enumerate() {
                    scan(
                        &rules,
                        v,
                        &format!("call {} argument {i}", c.seq),
                        None,
                        &mut f,
                    );
                }
                outcome(
                    &rules,
                    &c.outcome,
                    &format!("call {} outcome", c.seq),
                    &mut f,
                );
            }
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&findings)?);
    } else {
        for f in &findings {
            println!(
                "run {} invocation {}: {}: looks like a secret (rule {})",
                f.run, f.invocation, f.path, f.rule
            );
        }
        println!(
            "{} values that look like secrets in {invocations} invocations of {}",
            findings.len(),
            args.store.display()
        );
    }
    Ok(if findings.is_empty() {
        exit_code::SUCCESS
    } else {
        exit_code::FINDINGS
    })
}

fn outcome(rules: &Rules, o: &Outcome, path: &str, f: &mut impl FnMut(String, &str)) {
    match o {
        Outcome::Returned { value } => scan(rules, value, path, None, f),
        Outcome::Threw { exception } => {
            if let Value::Thrown {
                message: Some(m), ..
            } = exception
            {
                if let Some(rule) = rules.value_rule(m) {
                    f(format!("{path} message"), rule);
                }
            }
        }
    }
}

/// Report what in `v` looks like a secret; `secret` is the rule of a secret name the
/// value sits under (its scalars should have been redacted).
fn scan(
    rules: &Rules,
    v: &Value,
    path: &str,
    secret: Option<&str>,
    f: &mut impl FnMut(String, &str),
) {
    match v {
        Value::Str { v: text } | Value::Text { text, .. } => {
            if let Some(rule) = secret.or_else(|| rules.value_rule(text)) {
                f(path.to_string(), rule);
            }
        }
        scalar if scalar.is_primitive() || matches!(scalar, Value::Boxed { .. }) => {
            if let Some(rule) = secret {
                f(path.to_string(), rule);
            }
        }
        Value::Array { elements, .. } | Value::Collection { elements, .. } => {
            // Under a secret name, a char or byte array in clear is the secret itself.
            let scalars = elements.iter().any(|e| {
                matches!(
                    e,
                    Value::Char { .. } | Value::Byte { .. } | Value::Str { .. }
                )
            });
            match secret {
                Some(rule) if scalars => f(path.to_string(), rule),
                _ => {
                    for (i, e) in elements.iter().enumerate() {
                        scan(rules, e, &format!("{path}[{i}]"), secret, f);
                    }
                }
            }
        }
        Value::Map { entries, .. } => {
            for (i, (k, val)) in entries.iter().enumerate() {
                scan(rules, k, &format!("{path} key {i}"), None, f);
                let key_rule = match k {
                    Value::Str { v } => rules.name_rule(v),
                    _ => None,
                };
                let name = match k {
                    Value::Str { v } => format!("{path}[{v:?}]"),
                    _ => format!("{path} value {i}"),
                };
                scan(rules, val, &name, key_rule.or(secret), f);
            }
        }
        Value::Object { fields, .. } => {
            for field in fields {
                scan(
                    rules,
                    &field.value,
                    &format!("{path}.{}", field.name),
                    rules.name_rule(&field.name),
                    f,
                );
            }
        }
        Value::Thrown {
            message: Some(m), ..
        } => {
            if let Some(rule) = rules.value_rule(m) {
                f(format!("{path} message"), rule);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_trace::FieldValue;

    fn found(v: &Value) -> Vec<(String, String)> {
        let mut out = Vec::new();
        scan(&Rules::builtin(), v, "argument 0", None, &mut |p, r| {
            out.push((p, r.to_string()))
        });
        out
    }

    fn field(name: &str, value: Value) -> FieldValue {
        FieldValue {
            name: name.into(),
            declared_in: "x.A".into(),
            value,
        }
    }

    #[test]
    fn secrets_in_clear_are_found_by_name_and_value_redacted_ones_are_not() {
        let v = Value::Object {
            id: 1,
            class: "x.A".into(),
            fields: vec![
                field(
                    "passwd",
                    Value::Str {
                        v: "hunter2".into(),
                    },
                ),
                field("reusableToken", Value::Str { v: "let".into() }),
                field(
                    "note",
                    Value::Str {
                        v: "Bearer abcdefghijklmnop".into(),
                    },
                ),
                field(
                    "apiKey",
                    Value::Redacted {
                        class: "java.lang.String".into(),
                        rule: "api-key".into(),
                    },
                ),
                field("pin", Value::Int { v: 1234 }),
            ],
            truncated: false,
        };
        assert_eq!(
            found(&v),
            vec![
                ("argument 0.passwd".to_string(), "password".to_string()),
                ("argument 0.note".to_string(), "bearer".to_string()),
                ("argument 0.pin".to_string(), "pin".to_string()),
            ]
        );
    }

    #[test]
    fn map_entries_under_secret_keys_are_found() {
        let v = Value::Map {
            id: 1,
            class: "java.util.HashMap".into(),
            size: 2,
            entries: vec![
                (
                    Value::Str {
                        v: "Authorization".into(),
                    },
                    Value::Str { v: "xyz".into() },
                ),
                (
                    Value::Str { v: "host".into() },
                    Value::Str { v: "a".into() },
                ),
            ],
            truncated: false,
        };
        assert_eq!(
            found(&v),
            vec![(
                "argument 0[\"Authorization\"]".to_string(),
                "authorization".to_string()
            )]
        );
    }
}
