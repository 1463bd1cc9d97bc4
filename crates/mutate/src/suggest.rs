//! The suggestions of `mutate --explain`, worded for a developer: for no-infection, the
//! covering tests and the inputs they gave the method; for no-propagation, the method to
//! test directly (or, when the tests cannot call it, the nearest method on the stack path
//! they can) and that path; for a weak oracle, the test, line and expression and the
//! assertion to add with its expected value, through an accessible getter when the value
//! is a private field. Accessibility comes from the class files (`mimic-classpath`).

use std::collections::BTreeMap;

use mimic_classfile::access::{PRIVATE, PROTECTED, PUBLIC, STATIC};
use mimic_classpath::{ClassSource, Hierarchy};

use crate::explain::{Diagnosis, Propagated, Symptom};
use crate::targets::TargetMethod;
use crate::test_sites::TestSite;

/// Reads the classes of a run to word suggestions.
pub struct Suggester {
    hierarchy: Hierarchy,
}

impl Suggester {
    /// Over the application classes, the tests and their class path.
    pub fn new(inputs: &[std::path::PathBuf]) -> Suggester {
        Suggester {
            hierarchy: Hierarchy::new(ClassSource::for_running_jdk(inputs)),
        }
    }

    /// The suggestion for `d`, a diagnosis of a mutant of `method`. `exits` counts the
    /// exits observed, `inputs` maps each exit (test, ordinal) to the arguments it had,
    /// `values` holds the stable values of the test code on the original.
    pub fn suggest(
        &self,
        method: &TargetMethod,
        d: &Diagnosis,
        exits: usize,
        inputs: &[String],
        values: &BTreeMap<(String, u32, u32, String), String>,
        sites: &[TestSite],
    ) -> String {
        let name = format!("{}.{}", dotted(&method.class), method.name);
        match d.symptom {
            Symptom::NoInfection => {
                let called = if inputs.is_empty() {
                    String::new()
                } else {
                    format!("; they call it with {}", inputs.join("; "))
                };
                format!(
                    "No covering test makes this mutant change what {name} returns or leaves in its arguments and receiver ({exits} exit(s) compared, {} runs each){called}. Add a test that calls {name} with inputs for which the transformed body gives another result or state than the original. Covering tests: {}.",
                    d.runs,
                    d.tests.join(", ")
                )
            }
            Symptom::NoPropagation | Symptom::Infected => {
                let first = &d.infection[0];
                let change = format!(
                    "The mutant changes {} at exit {} of {name} in {} ({} instead of {})",
                    first.location, first.exit, first.test, first.mutant, first.original
                );
                let target = self.accessible_target(method, &d.stack);
                let path = if d.stack.is_empty() {
                    String::new()
                } else {
                    format!(
                        " The tests reach it {} call(s) away: {}.",
                        d.stack_distance.unwrap_or(0),
                        d.stack.join(" → ")
                    )
                };
                if d.symptom == Symptom::Infected {
                    return format!("{change}, and no test fails (the test code could not be observed): assert on that value, or test {target} more directly.{path}");
                }
                format!(
                    "{change}, but no value the test code computes differs ({} compared): the change is masked before it reaches the tests. Add a test that calls {target} directly and checks its {}.{path}",
                    d.propagation_compared,
                    what_changed(&first.location)
                )
            }
            Symptom::WeakOracle => {
                let p = &d.propagation[0];
                if p.original == crate::explain::ABSENT || p.mutant == crate::explain::ABSENT {
                    let (reached, missed) = if p.mutant == crate::explain::ABSENT {
                        ("the original", "the mutant")
                    } else {
                        ("the mutant", "the original")
                    };
                    return format!(
                        "In {}, the test code runs `{}` at {} with {reached} and not with {missed}: the mutant changes the path the test takes, and no assertion fails. Assert on the value that decides that path, before {}.",
                        p.test, p.expression, p.at, p.at
                    );
                }
                let assertion = self.assertion(p, values, sites);
                format!(
                    "In {}, after `{}` at {}: {} is {} with the original and {} with the mutant, and no assertion checks it. Add: {assertion}",
                    p.test,
                    p.expression,
                    p.at,
                    describe_location(p),
                    p.original,
                    p.mutant
                )
            }
        }
    }

    /// `method` when tests can call it (not private), else the nearest method on the
    /// stack path from the test that they can.
    fn accessible_target(&self, method: &TargetMethod, stack: &[String]) -> String {
        let own = format!("{}.{}", dotted(&method.class), method.name);
        let private = self
            .hierarchy
            .class(&method.class)
            .and_then(|c| c.method(&method.name, &method.descriptor).map(|m| m.access))
            .is_some_and(|a| a & PRIVATE != 0);
        if !private {
            return own;
        }
        // The path runs from the test down to the method: the nearest caller is last.
        for frame in stack.iter().skip(1).rev() {
            let qualified = frame.split(':').next().unwrap_or(frame);
            let Some((class, name)) = qualified.rsplit_once('.') else {
                continue;
            };
            let callable = self
                .hierarchy
                .class(&class.replace('.', "/"))
                .is_some_and(|c| {
                    c.methods
                        .iter()
                        .any(|m| m.name == name && m.access & PRIVATE == 0)
                });
            if callable {
                return format!("{qualified} (which calls the private {own})");
            }
        }
        own
    }

    /// The assertion that would have caught `p`, as Java.
    fn assertion(
        &self,
        p: &Propagated,
        values: &BTreeMap<(String, u32, u32, String), String>,
        sites: &[TestSite],
    ) -> String {
        if p.location == "thrown" {
            // The same exception with another message: assert the message.
            if let (Some((class, Some(message))), Some((other, _))) =
                (exception(&p.original), exception(&p.mutant))
            {
                if class == other {
                    let simple = class.rsplit(['.', '$']).next().unwrap_or(class);
                    return format!(
                        "`assertEquals({message:?}, assertThrows({simple}.class, () -> {}).getMessage());`",
                        p.expression
                    );
                }
            }
            return format!(
                "a check that `{}` {} (it throws {} with the mutant).",
                p.expression,
                if p.original == "(none)" {
                    "returns normally".to_string()
                } else {
                    format!("throws {}", p.original)
                },
                p.mutant
            );
        }
        let (base, field) = match p.location.split_once('.') {
            Some((b, f)) => (b, Some(f)),
            None => (p.location.as_str(), None),
        };
        let mut expr = match base {
            "receiver" => receiver_of(&p.expression).to_string(),
            _ => p.expression.clone(),
        };
        if let Some(field) = field {
            let site = sites
                .iter()
                .position(|s| s.place() == p.at && s.expression == p.expression);
            let owner = site.and_then(|site| {
                values
                    .get(&(p.test.clone(), site as u32, p.occurrence, base.to_string()))
                    .and_then(|v| class_of_value(v))
            });
            let test_class = site.map(|s| sites[s].class.replace('.', "/"));
            match owner.and_then(|o| self.getter(&o, field, test_class.as_deref())) {
                Some(getter) => expr = format!("{expr}.{getter}()"),
                None => {
                    return format!(
                        "an assertion on the field `{field}` of `{expr}` (expected {}); it has no getter the test can call, so assert on a method that reads it.",
                        p.original
                    )
                }
            }
        }
        java_assertion(&expr, &p.original)
    }

    /// A getter of `field` in `class` (or a superclass) the test class can call:
    /// `getField`, `isField` or `field`, no parameters, a result.
    fn getter(&self, class: &str, field: &str, test_class: Option<&str>) -> Option<String> {
        let capital = field
            .chars()
            .next()
            .map(|c| c.to_uppercase().collect::<String>() + &field[c.len_utf8()..])?;
        let names = [
            format!("get{capital}"),
            format!("is{capital}"),
            field.to_string(),
        ];
        let mut current = Some(class.to_string());
        while let Some(c) = current {
            let info = self.hierarchy.class(&c)?;
            for name in &names {
                let found = info.methods.iter().find(|m| {
                    &m.name == name
                        && m.descriptor.starts_with("()")
                        && !m.descriptor.ends_with(")V")
                        && m.access & STATIC == 0
                });
                let Some(m) = found else { continue };
                let same_package = test_class.is_some_and(|t| {
                    mimic_classpath::info::package_of(t) == mimic_classpath::info::package_of(&c)
                });
                let callable = m.access & PUBLIC != 0
                    || (m.access & PRIVATE == 0 && same_package)
                    || (m.access & PROTECTED != 0 && same_package);
                if callable {
                    return Some(name.clone());
                }
            }
            current = info.super_name.clone();
        }
        None
    }
}

/// What the production store adds to a no-infection suggestion for method `name`.
pub fn production_hint(name: &str, p: &crate::production::ProductionInputs) -> String {
    if p.infecting == 0 {
        return format!(
            "Production recorded {} invocation(s) of {name}; the mutant would change none of them either.",
            p.invocations
        );
    }
    format!(
        "Production recorded {} invocation(s) of {name}, {} of which this mutant would change: test with their inputs, e.g. {}.",
        p.invocations,
        p.infecting,
        p.examples.join("; ")
    )
}

/// `list.size()` → `list`; `System.out.println(…)` → `System.out`.
fn receiver_of(expression: &str) -> &str {
    expression
        .rsplit_once('.')
        .map_or(expression, |(receiver, _)| receiver)
}

/// An exception's basic state (`<a.b.E> message`) → (`a.b.E`, the message).
fn exception(value: &str) -> Option<(&str, Option<&str>)> {
    let rest = value.strip_prefix('<')?;
    let (class, message) = rest.split_once('>')?;
    let message = message.strip_prefix(' ');
    Some((class, message))
}

/// `<a.b.C>` → `a/b/C`.
fn class_of_value(value: &str) -> Option<String> {
    let inner = value.strip_prefix('<')?;
    let name = &inner[..inner.find('>')?];
    Some(name.replace('.', "/"))
}

fn dotted(internal: &str) -> String {
    internal.replace('/', ".")
}

fn what_changed(location: &str) -> &'static str {
    if location.starts_with("result") {
        "result"
    } else if location.starts_with("argument") {
        "effect on its arguments"
    } else {
        "effect on the object it is called on"
    }
}

fn describe_location(p: &Propagated) -> String {
    match p.location.split_once('.') {
        Some(("receiver", field)) => {
            format!("the field `{field}` of `{}`", receiver_of(&p.expression))
        }
        Some(("result", field)) => format!("the field `{field}` of its result"),
        _ if p.location == "receiver" => format!("`{}`", receiver_of(&p.expression)),
        _ if p.location == "thrown" => "the exception it throws".into(),
        _ => "its result".into(),
    }
}

/// The assertion that `expr` has the basic value `value` (as the shim writes it), as Java.
pub fn java_assertion(expr: &str, value: &str) -> String {
    if value == "null" {
        return format!("`assertNull({expr});`");
    }
    if let Some(rest) = value.strip_prefix('<') {
        // `<java.util.ArrayList> size 3`, `<int[]> length 2`, `<a.b.C>`.
        if let Some((_, n)) = rest.split_once("> size ") {
            return format!("`assertEquals({n}, {expr}.size());`");
        }
        if let Some((_, n)) = rest.split_once("> length ") {
            return format!("`assertEquals({n}, {expr}.length);`");
        }
        return format!("`assertNotNull({expr});`");
    }
    let Some((kind, v)) = value.split_once(':') else {
        // An enum constant: `a.b.Color.RED`.
        let short = value
            .rsplitn(3, '.')
            .take(2)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join(".");
        return format!("`assertEquals({short}, {expr});`");
    };
    let literal = match kind {
        "Boolean" => {
            return format!(
                "`assert{}({expr});`",
                if v == "true" { "True" } else { "False" }
            )
        }
        "String" => format!("{v:?}"),
        "Character" => format!("'{}'", v.escape_default()),
        "Long" => format!("{v}L"),
        "Float" => format!("{v}f"),
        "Short" => format!("(short) {v}"),
        "Byte" => format!("(byte) {v}"),
        _ => v.to_string(),
    };
    format!("`assertEquals({literal}, {expr});`")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_become_java_assertions() {
        assert_eq!(
            java_assertion("s.getVersion()", "Long:1"),
            "`assertEquals(1L, s.getVersion());`"
        );
        assert_eq!(
            java_assertion("s.size()", "Integer:3"),
            "`assertEquals(3, s.size());`"
        );
        assert_eq!(
            java_assertion("s.isEmpty()", "Boolean:false"),
            "`assertFalse(s.isEmpty());`"
        );
        assert_eq!(
            java_assertion("s.name()", "String:a \"b\""),
            "`assertEquals(\"a \\\"b\\\"\", s.name());`"
        );
        assert_eq!(
            java_assertion("s.items", "<java.util.ArrayList> size 2"),
            "`assertEquals(2, s.items.size());`"
        );
        assert_eq!(
            java_assertion("s.next()", "null"),
            "`assertNull(s.next());`"
        );
        assert_eq!(
            java_assertion("s.color()", "a.b.Color.RED"),
            "`assertEquals(Color.RED, s.color());`"
        );
    }

    #[test]
    fn an_exception_with_another_message_gets_an_assertion_on_its_message() {
        let p = Propagated {
            test: "T#t()".into(),
            at: "T.java:3".into(),
            method: "T.t".into(),
            expression: "parser.parse(…)".into(),
            occurrence: 0,
            location: "thrown".into(),
            original: "<a.AmbiguousOptionException> Ambiguous option: '--ver'".into(),
            mutant: "<a.AmbiguousOptionException> A".into(),
        };
        let s = Suggester::new(&[]);
        assert_eq!(
            s.assertion(&p, &BTreeMap::new(), &[]),
            "`assertEquals(\"Ambiguous option: '--ver'\", assertThrows(AmbiguousOptionException.class, () -> parser.parse(…)).getMessage());`"
        );
        assert_eq!(describe_location(&p), "the exception it throws");
    }

    #[test]
    fn receivers_and_classes_are_read_back() {
        assert_eq!(receiver_of("list.size()"), "list");
        assert_eq!(receiver_of("System.out.println(…)"), "System.out");
        assert_eq!(class_of_value("<a.b.C>").as_deref(), Some("a/b/C"));
        assert_eq!(class_of_value("Long:1"), None);
    }
}
