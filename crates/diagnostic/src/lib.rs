//! The one diagnostic type every crate uses for what it skips, warns about or fails on:
//! *what* happened ([`Diagnostic::message`]), *where* ([`Location`]: file or jar entry,
//! class, method, bytecode offset, source line, recorded invocation) and *how bad*
//! ([`Severity`]). Libraries collect diagnostics and return them next to their results
//! (failure is local: the rest carries on); only `cli` prints them, as text through
//! [`Display`](std::fmt::Display) or as JSON through serde.
//!
//! Errors that stop an operation are each crate's own `thiserror` type; a diagnostic is
//! what is left when an operation carried on past something.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// How bad it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Something was deliberately left out (a method, a class, an invocation), for a
    /// reason the user may want to know; the result is complete for what was kept.
    Skipped,
    /// Something looks wrong but the result is still right.
    Warning,
    /// Something could not be done; what depends on it is missing from the result.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Skipped => "skipped",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// Where: every part is optional, and the most precise known parts are given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Location {
    /// A file or directory on disk (a class file, a jar, a store, a test source).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// An entry inside `file` (a jar entry such as `com/x/Foo.class`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    /// A class, dotted binary name (`com.x.Foo$Inner`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// A method: name and JVM descriptor (`pay(I)Z`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// A bytecode offset inside `method`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u32>,
    /// A source line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// A recorded invocation (its id in the trace store).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invocation: Option<u64>,
}

impl Location {
    /// True when no part is known.
    pub fn is_empty(&self) -> bool {
        *self == Location::default()
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        match (&self.file, &self.entry) {
            (Some(file), Some(entry)) => parts.push(format!("{file}!{entry}")),
            (Some(file), None) => parts.push(file.clone()),
            (None, Some(entry)) => parts.push(entry.clone()),
            (None, None) => {}
        }
        match (&self.class, &self.method) {
            (Some(class), Some(method)) => parts.push(format!("{class}.{method}")),
            (Some(class), None) => parts.push(class.clone()),
            (None, Some(method)) => parts.push(method.clone()),
            (None, None) => {}
        }
        if let Some(offset) = self.offset {
            parts.push(format!("@{offset}"));
        }
        if let Some(line) = self.line {
            parts.push(format!("line {line}"));
        }
        if let Some(invocation) = self.invocation {
            parts.push(format!("invocation {invocation}"));
        }
        f.write_str(&parts.join(" "))
    }
}

/// What, where, why, how bad.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    #[serde(default, skip_serializing_if = "Location::is_empty")]
    pub location: Location,
    /// Why, in the user's words (`not public`, `opaque value at depth 3`, an I/O error).
    pub message: String,
}

impl Diagnostic {
    pub fn new(severity: Severity, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            location: Location::default(),
            message: message.into(),
        }
    }

    /// Something deliberately left out, and why.
    pub fn skipped(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Skipped, message)
    }

    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, message)
    }

    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, message)
    }

    pub fn in_file(mut self, file: impl Into<String>) -> Diagnostic {
        self.location.file = Some(file.into());
        self
    }

    pub fn at_entry(mut self, entry: impl Into<String>) -> Diagnostic {
        self.location.entry = Some(entry.into());
        self
    }

    /// `class` as a dotted binary name (internal names are converted).
    pub fn in_class(mut self, class: impl Into<String>) -> Diagnostic {
        self.location.class = Some(class.into().replace('/', "."));
        self
    }

    pub fn in_method(mut self, name: &str, descriptor: &str) -> Diagnostic {
        self.location.method = Some(format!("{name}{descriptor}"));
        self
    }

    pub fn at_offset(mut self, offset: u32) -> Diagnostic {
        self.location.offset = Some(offset);
        self
    }

    pub fn at_line(mut self, line: u32) -> Diagnostic {
        self.location.line = Some(line);
        self
    }

    pub fn for_invocation(mut self, id: u64) -> Diagnostic {
        self.location.invocation = Some(id);
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.location.is_empty() {
            write!(f, "{}: {}", self.severity, self.message)
        } else {
            write!(f, "{}: {}: {}", self.severity, self.location, self.message)
        }
    }
}

/// How many diagnostics there are per message, most frequent first (ties by message):
/// the "N skipped because …" lines of a summary.
pub fn count_by_message(diagnostics: &[Diagnostic]) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for d in diagnostics {
        *counts.entry(d.message.as_str()).or_default() += 1;
    }
    let mut counts: Vec<(String, usize)> = counts
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_the_most_precise_location_known() {
        let d = Diagnostic::skipped("stack underflow")
            .in_file("app.jar")
            .at_entry("com/x/Foo.class")
            .in_class("com/x/Foo")
            .in_method("pay", "(I)Z")
            .at_offset(12)
            .at_line(40);
        assert_eq!(
            d.to_string(),
            "skipped: app.jar!com/x/Foo.class com.x.Foo.pay(I)Z @12 line 40: stack underflow"
        );
        assert_eq!(
            Diagnostic::error("disk full").to_string(),
            "error: disk full"
        );
        assert_eq!(
            Diagnostic::warning("opaque value")
                .for_invocation(7)
                .to_string(),
            "warning: invocation 7: opaque value"
        );
    }

    #[test]
    fn json_leaves_out_unknown_parts_and_reads_back() {
        let d = Diagnostic::skipped("not public").in_class("shop.Checkout");
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(
            json,
            r#"{"severity":"skipped","location":{"class":"shop.Checkout"},"message":"not public"}"#
        );
        assert_eq!(serde_json::from_str::<Diagnostic>(&json).unwrap(), d);
        let bare = serde_json::to_string(&Diagnostic::error("x")).unwrap();
        assert_eq!(bare, r#"{"severity":"error","message":"x"}"#);
    }

    #[test]
    fn counts_group_by_message_most_frequent_first() {
        let ds = vec![
            Diagnostic::skipped("abstract"),
            Diagnostic::skipped("not public"),
            Diagnostic::skipped("not public"),
            Diagnostic::skipped("native"),
        ];
        assert_eq!(
            count_by_message(&ds),
            vec![
                ("not public".to_string(), 2),
                ("abstract".to_string(), 1),
                ("native".to_string(), 1)
            ]
        );
    }
}
