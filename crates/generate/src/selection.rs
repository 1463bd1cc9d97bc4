//! Which recorded invocations of a method under test become tests: identical ones once,
//! and by path — the first invocation of every path the record tells apart
//! ([`path_shape`]: outcome, mockable calls, a text's form, the side of each threshold its
//! arguments fall on), then more of the paths already tested, up to the caps.

use std::collections::HashSet;

use mimic_plan::Mut;
use mimic_trace::{InvocationRecord, Store, StoreError};

use crate::check;
use crate::gaps::SkipReason;
use crate::manifest::{skipped_invocation, Manifest};

/// At most this many times `max_per_mut` paths get tests, one invocation each.
pub const PATH_CAP_FACTOR: usize = 2;

/// An invocation's path as far as the record shows it, without its values: how it ended
/// (the exception's class and its message's [`text_shape`]; null, a boolean's value, a
/// number's sign, a string's [`text_shape`], or a value's kind when it returned) and the
/// mockable calls it made, in order, repeats of one call in a row counted once, each with
/// how it ended. Two invocations of one shape most likely took the same branches; a rare
/// branch (an error, an empty result, a call skipped, a message of another form) shows as
/// a new shape. So does an argument on another side of one of the MUT's thresholds (a
/// constant the method compares that parameter with: `quantity >= 10`), a branch the
/// record itself may not show.
pub fn path_shape(m: &mimic_plan::Mut, inv: &mimic_trace::InvocationRecord) -> String {
    fn ended(outcome: &mimic_trace::Outcome) -> String {
        match outcome {
            mimic_trace::Outcome::Threw { exception } => match exception {
                mimic_trace::Value::Thrown { class, message, .. } => format!(
                    "threw {class} {}",
                    message.as_deref().map(text_shape).unwrap_or_default()
                ),
                _ => "threw".into(),
            },
            mimic_trace::Outcome::Returned { value } => value_shape(value),
        }
    }
    fn value_shape(value: &mimic_trace::Value) -> String {
        use mimic_trace::Value as V;
        let sign = |x: f64| {
            if x == 0.0 {
                "0"
            } else if x < 0.0 {
                "-"
            } else {
                "+"
            }
        };
        match value {
            V::Null => "null".into(),
            V::Boolean { v } => v.to_string(),
            V::Byte { v } => sign(f64::from(*v)).into(),
            V::Short { v } => sign(f64::from(*v)).into(),
            V::Int { v } => sign(f64::from(*v)).into(),
            V::Long { v } => sign(*v as f64).into(),
            V::Str { v } => format!("\"{}\"", text_shape(v)),
            other => serde_json::to_value(other)
                .ok()
                .and_then(|j| j.get("t").and_then(|t| t.as_str()).map(str::to_string))
                .unwrap_or_default(),
        }
    }
    let mut calls: Vec<String> = Vec::new();
    for c in &inv.calls {
        let step = format!("{}:{}", c.plan_call, ended(&c.outcome));
        if calls.last() != Some(&step) {
            calls.push(step);
        }
    }
    let sides: Vec<String> = m
        .thresholds
        .iter()
        .filter_map(|t| {
            use mimic_trace::Value as V;
            let v = match inv.arguments.get(t.param as usize)? {
                V::Int { v } => i64::from(*v),
                V::Short { v } => i64::from(*v),
                V::Byte { v } => i64::from(*v),
                V::Char { v } => i64::from(*v),
                V::Boolean { v } => i64::from(*v),
                _ => return None,
            };
            let side = match v.cmp(&i64::from(t.value)) {
                std::cmp::Ordering::Less => '<',
                std::cmp::Ordering::Equal => '=',
                std::cmp::Ordering::Greater => '>',
            };
            Some(format!("#{}{side}{}", t.param, t.value))
        })
        .collect();
    format!(
        "{} <- {} | {}",
        ended(&inv.outcome),
        calls.join(" "),
        sides.join(" ")
    )
}

/// The form of a text without its words and numbers: every run of letters becomes `a`,
/// every number (its minus sign included) `#`, the rest (spaces, punctuation) is kept, at most
/// [`TEXT_SHAPE_CHARS`] characters of it. Texts that differ only in their words or numbers
/// (`"64 bytes from 8.8.8.8: icmp_seq=1"`, `"…=2"`) share a shape; a text of another
/// form (`"10 packets transmitted, 0% packet loss"`), most likely made by another branch,
/// does not.
pub fn text_shape(text: &str) -> String {
    let mut shape = String::new();
    let mut last = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let class = if c.is_alphabetic() || c == '_' {
            'a'
        } else if c.is_ascii_digit()
            || (c == '-' && chars.peek().is_some_and(|d| d.is_ascii_digit()))
        {
            '#'
        } else {
            c
        };
        if matches!(class, 'a' | '#') && last == Some(class) {
            continue;
        }
        last = Some(class);
        shape.push(class);
        if shape.chars().count() >= TEXT_SHAPE_CHARS {
            break;
        }
    }
    shape
}

/// How much of a text's form [`text_shape`] keeps.
pub const TEXT_SHAPE_CHARS: usize = 48;

/// The invocations of the MUT `m` (plan index `mut_index`) of `run` that get tests, in
/// recorded order. Listed invocations missing from the store or rejected by
/// [`check::invocation`] are named in `manifest` and counted in `reasons`, while the cap is
/// not reached (past it they would not have had tests anyway).
pub fn select(
    store: &Store,
    run: i64,
    mut_index: u32,
    m: &Mut,
    max_per_mut: usize,
    manifest: &mut Manifest,
    reasons: &mut Vec<SkipReason>,
) -> Result<Vec<InvocationRecord>, StoreError> {
    // Which invocations get tests: the first of every path (see `path_shape`), up to
    // `PATH_CAP_FACTOR` times the cap, and besides them the cap less one of the other
    // distinct ones, in recorded order (a method on one path gets the cap; each other
    // path adds one); tests in recorded order.
    let limit = max_per_mut * PATH_CAP_FACTOR;
    let mut seen = HashSet::new();
    let mut shapes = HashSet::new();
    let mut firsts = Vec::new();
    let mut others = Vec::new();
    for id in store.invocation_ids(run, Some(mut_index))? {
        if firsts.len() >= limit {
            break;
        }
        // Unreadable invocations are reported while the cap is not reached (past it,
        // they would not have had tests anyway).
        let report = firsts.len() + others.len() < max_per_mut;
        // A record that does not read back (damaged, or from a recorder that wrote a
        // value nested deeper than the reader takes) is that invocation's problem only.
        let read = match store.invocation(run, id) {
            Ok(read) => read.ok_or_else(|| {
                format!("invocation {id} of run {run} is listed but not in the store")
            }),
            Err(StoreError::Corrupt(why)) => Err(format!(
                "invocation {id} of run {run} does not read back: {why}"
            )),
            Err(e) => return Err(e),
        };
        let inv = match read {
            Ok(inv) => inv,
            Err(why) => {
                if report {
                    manifest.skipped.push(skipped_invocation(
                        &m.class,
                        &m.method,
                        &m.descriptor,
                        id,
                        why,
                    ));
                    reasons.push(SkipReason::RejectedStore);
                }
                continue;
            }
        };
        if let Err(rejected) = check::invocation(&inv) {
            if report {
                manifest.skipped.push(skipped_invocation(
                    &m.class,
                    &m.method,
                    &m.descriptor,
                    inv.id,
                    format!("invocation {} of run {run}: {rejected}", inv.id),
                ));
                reasons.push(SkipReason::RejectedStore);
            }
            continue;
        }
        let key = serde_json::to_string(&(
            &inv.receiver_before,
            &inv.arguments,
            &inv.outcome,
            &inv.calls
                .iter()
                .map(|c| (c.plan_call, &c.arguments, &c.outcome))
                .collect::<Vec<_>>(),
        ))
        .unwrap_or_default();
        if !seen.insert(key) {
            continue;
        }
        if shapes.insert(path_shape(m, &inv)) {
            firsts.push(inv);
        } else if others.len() < max_per_mut {
            others.push(inv);
        }
    }
    let room = max_per_mut
        .saturating_sub(1)
        .min(limit.saturating_sub(firsts.len()));
    let mut selected: Vec<InvocationRecord> = firsts
        .into_iter()
        .chain(others.into_iter().take(room))
        .collect();
    selected.sort_by_key(|inv| (inv.seq, inv.id));
    Ok(selected)
}

#[cfg(test)]
mod tests {
    use super::{text_shape, TEXT_SHAPE_CHARS};

    #[test]
    fn a_text_shape_keeps_the_form_without_words_or_numbers() {
        let line = |n| format!("64 bytes from 8.8.8.8: icmp_seq={n} ttl=117 time=12.3 ms");
        assert_eq!(text_shape(&line(1)), text_shape(&line(9)));
        assert_eq!(text_shape(&line(1)), "# a a #.#.#.#: a=# a=# a=#.# a");
        assert_ne!(
            text_shape(&line(1)),
            text_shape("10 packets transmitted, 10 received, 0% packet loss")
        );
        assert_eq!(text_shape("Gandhi"), text_shape("Tagore"));
        assert_eq!(text_shape("was -3"), text_shape("was 0"));
        assert_eq!(text_shape("a - b"), "a - a");
        assert_eq!(text_shape(""), "");
        assert_eq!(
            text_shape(&"word ".repeat(100)).chars().count(),
            TEXT_SHAPE_CHARS
        );
    }
}
