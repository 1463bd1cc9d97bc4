//! What the generator accepts from a trace store before any of it becomes Java source or
//! a path. A store is data from production and may be corrupted or crafted: every class,
//! package, method and field name that is written into generated code or used to build
//! an output path must be a Java binary name or identifier, and every descriptor must
//! parse. Anything else is rejected with a message naming what and where, and the
//! invocation is skipped (literals are escaped where they are written, in `java`).

use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_plan::{MockableCall, Mut, Receiver};
use mimic_trace::{InvocationRecord, Outcome, Value};

/// A name or descriptor from the store that cannot be used in generated code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// What it was and where (`class name of argument 1`).
    pub what: String,
    /// The offending text, escaped for display.
    pub value: String,
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the store's {} {} is not valid Java: the store is corrupted or crafted",
            self.what, self.value
        )
    }
}

fn reject(what: impl Into<String>, value: &str) -> Rejected {
    Rejected {
        what: what.into(),
        value: format!("{value:?}"),
    }
}

/// Is `s` a Java identifier (JLS §3.8): a letter, `_` or `$`, then letters, digits, `_`
/// or `$`, and neither a keyword, a literal nor `_` alone?
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_alphabetic() || first == '_' || first == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        && s != "_"
        && !crate::java::is_keyword(s)
}

/// Is `s` a dotted binary name (`com.x.Outer$Inner`) whose every part is an identifier?
pub fn is_binary_name(s: &str) -> bool {
    !s.is_empty() && s.split('.').all(is_identifier)
}

/// A class name as the store writes it: a binary name, or an array descriptor with dots
/// (`[I`, `[Ljava.lang.String;`) whose element class is a binary name.
pub fn is_class_name(s: &str) -> bool {
    if s.starts_with('[') {
        FieldType::parse(&s.replace('.', "/"))
            .map(|t| field_type_ok(&t))
            .unwrap_or(false)
    } else {
        is_binary_name(s)
    }
}

fn field_type_ok(t: &FieldType) -> bool {
    match t {
        FieldType::Object(n) => !n.contains('.') && is_binary_name(&n.replace('/', ".")),
        FieldType::Array(e) => field_type_ok(e),
        _ => true,
    }
}

/// A hidden class's name as the store writes it: a binary name, then `.0x` or `/0x` and
/// hexadecimal digits.
pub(crate) fn is_hidden_class_name(s: &str) -> bool {
    let Some(cut) = s.rfind(".0x").or_else(|| s.rfind("/0x")) else {
        return false;
    };
    let (name, suffix) = (&s[..cut], &s[cut + 3..]);
    is_binary_name(name) && !suffix.is_empty() && suffix.chars().all(|c| c.is_ascii_hexdigit())
}

/// A method descriptor that parses and names only valid classes.
pub fn is_method_descriptor(s: &str) -> bool {
    MethodDescriptor::parse(s)
        .map(|d| d.params.iter().chain(d.ret.iter()).all(field_type_ok))
        .unwrap_or(false)
}

/// A declared type as the plan writes it: a class name, dotted or in internal form
/// (`com/x/Y`, never both).
fn is_declared_type(s: &str) -> bool {
    if s.contains('/') && !s.starts_with('[') {
        !s.contains('.') && is_binary_name(&s.replace('/', "."))
    } else {
        is_class_name(s)
    }
}

fn declared_type(what: &str, s: &str) -> Result<(), Rejected> {
    if is_declared_type(s) {
        Ok(())
    } else {
        Err(reject(format!("type of {what}"), s))
    }
}

fn class(what: &str, s: &str) -> Result<(), Rejected> {
    if is_class_name(s) {
        Ok(())
    } else {
        Err(reject(format!("class name of {what}"), s))
    }
}

/// Check a MUT's plan entry as the store holds it: its class, name, descriptor and every
/// mockable and deeper call (owner, name, descriptor, receiver field and type).
pub fn mut_entry(m: &Mut) -> Result<(), Rejected> {
    if !is_binary_name(&m.class) {
        return Err(reject("class name of the MUT", &m.class));
    }
    if !is_identifier(&m.method) && m.method != "<init>" {
        return Err(reject("method name of the MUT", &m.method));
    }
    if !is_method_descriptor(&m.descriptor) {
        return Err(reject("descriptor of the MUT", &m.descriptor));
    }
    for (i, call) in m.plan_calls().enumerate() {
        mockable_call(i, call)?;
    }
    for read in &m.static_reads {
        let field_type = mimic_classfile::descriptor::FieldType::parse(&read.descriptor);
        if !is_binary_name(&read.class)
            || !is_identifier(&read.name)
            || !field_type.as_ref().is_ok_and(field_type_ok)
        {
            return Err(reject(
                "static field the MUT reads",
                &format!("{}.{}:{}", read.class, read.name, read.descriptor),
            ));
        }
    }
    for via in m.deeper_calls.iter().map(|d| &d.via) {
        // A constructor of another class the MUT hands a mock to is named `<init>`.
        if !is_binary_name(&via.class) || !(is_identifier(&via.method) || via.method == "<init>") {
            return Err(reject(
                "helper of a deeper call",
                &format!("{}.{}", via.class, via.method),
            ));
        }
    }
    Ok(())
}

fn mockable_call(i: usize, c: &MockableCall) -> Result<(), Rejected> {
    let at = format!("mockable call {i}");
    if !is_binary_name(&c.owner) {
        return Err(reject(format!("owner of {at}"), &c.owner));
    }
    // An environment constructor (`new Date()`) is named `<init>`, as in the class file.
    let constructor = c.name == "<init>" && c.new_offset.is_some();
    if !is_identifier(&c.name) && !constructor {
        return Err(reject(format!("method name of {at}"), &c.name));
    }
    if !is_method_descriptor(&c.descriptor) {
        return Err(reject(format!("descriptor of {at}"), &c.descriptor));
    }
    match &c.receiver {
        Receiver::Field {
            name,
            declared_type,
            ..
        } => {
            if !is_identifier(name) {
                return Err(reject(format!("receiver field of {at}"), name));
            }
            self::declared_type(&format!("the receiver of {at}"), declared_type)
        }
        Receiver::Param { declared_type, .. } | Receiver::Result { declared_type, .. } => {
            self::declared_type(&format!("the receiver of {at}"), declared_type)
        }
        // Replayed by the helper, which knows only the table's methods.
        Receiver::Environment { key, .. } => {
            if mimic_plan::environment::by_key(key).is_none() {
                return Err(reject(format!("environment method of {at}"), key));
            }
            Ok(())
        }
    }
}

/// Check every class, enum-constant and field name inside one recorded invocation.
pub fn invocation(inv: &InvocationRecord) -> Result<(), Rejected> {
    if let Some(v) = &inv.receiver_before {
        value("the receiver before", v)?;
    }
    if let Some(v) = &inv.receiver_after {
        value("the receiver after", v)?;
    }
    for (i, a) in inv.arguments.iter().enumerate() {
        value(&format!("argument {i}"), a)?;
    }
    for (i, v) in inv.statics.iter().enumerate() {
        value(&format!("static value {i}"), v)?;
    }
    outcome("the outcome", &inv.outcome)?;
    for c in &inv.calls {
        for (i, a) in c.arguments.iter().enumerate() {
            value(&format!("argument {i} of call {}", c.seq), a)?;
        }
        outcome(&format!("the outcome of call {}", c.seq), &c.outcome)?;
    }
    Ok(())
}

fn outcome(what: &str, o: &Outcome) -> Result<(), Rejected> {
    match o {
        Outcome::Returned { value: v } => value(what, v),
        Outcome::Threw { exception } => value(what, exception),
    }
}

/// Check one value and everything inside it.
pub fn value(what: &str, v: &Value) -> Result<(), Rejected> {
    match v {
        // The JVM names a hidden class (a lambda's) `Outer$$Lambda$1/0x…`: an opaque
        // value keeps that name for the reader; it is never written into code. Nor is
        // the agent's `?`, a value it could not read or had no budget left for.
        Value::Opaque { class: c, .. }
            if is_hidden_class_name(c) || c == mimic_trace::UNKNOWN_CLASS => {}
        _ => {
            if let Some(c) = v.class() {
                class(what, c)?;
            }
        }
    }
    match v {
        Value::Enum { name, .. } if !is_identifier(name) => {
            Err(reject(format!("enum constant of {what}"), name))
        }
        // Written into code (`COSName.DEVICERGB`).
        Value::Constant { field, .. } if !is_identifier(field) => {
            Err(reject(format!("constant field of {what}"), field))
        }
        // Written into code (`Fixtures.constant("a.B", "F")`).
        Value::Constant {
            owner: Some(owner), ..
        } => class(&format!("the class declaring {what}"), owner),
        // Written into code (`mock(a.B.class)`, `Fixtures.mockOf("a.B$C")`).
        Value::Opaque {
            implements: Some(i),
            ..
        } => class(&format!("the interface of {what}"), i),
        Value::Boxed { value: inner, .. } => value(what, inner),
        Value::Array { elements, .. } | Value::Collection { elements, .. } => elements
            .iter()
            .enumerate()
            .try_for_each(|(i, e)| value(&format!("element {i} of {what}"), e)),
        Value::Map { entries, .. } => entries.iter().enumerate().try_for_each(|(i, (k, e))| {
            value(&format!("key {i} of {what}"), k)?;
            value(&format!("value {i} of {what}"), e)
        }),
        Value::Object { fields, .. } => fields.iter().try_for_each(|f| {
            let at = format!("field {:?} of {what}", f.name);
            let contents =
                f.name == mimic_trace::ELEMENTS_FIELD || f.name == mimic_trace::ENTRIES_FIELD;
            if !is_identifier(&f.name) && !contents {
                return Err(reject(format!("field name in {what}"), &f.name));
            }
            class(&at, &f.declared_in)?;
            value(&at, &f.value)
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_and_binary_names_follow_the_jls() {
        for ok in ["Foo", "_x", "$", "lambda$main$0", "größe", "x1"] {
            assert!(is_identifier(ok), "{ok}");
        }
        for bad in [
            "", "1x", "_", "class", "true", "a b", "a;b", "a/b", "x(){}", "a\nb",
        ] {
            assert!(!is_identifier(bad), "{bad:?}");
        }
        assert!(is_binary_name("com.x.Outer$Inner"));
        assert!(is_binary_name("Main"));
        for bad in [
            "", "../evil", "com..x", "com/x/Y", ".x", "x.", "a.b c", "a.class",
        ] {
            assert!(!is_binary_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn array_classes_and_descriptors_must_name_valid_classes() {
        assert!(is_class_name("[I"));
        assert!(is_class_name("[[Ljava.lang.String;"));
        assert!(!is_class_name("[Ljava.lang.String"));
        assert!(!is_class_name("[L../x;"));
        assert!(is_method_descriptor(
            "(I[Ljava/lang/String;)Ljava/util/List;"
        ));
        assert!(!is_method_descriptor("(I)V; System.exit(1)"));
        assert!(!is_method_descriptor("(Lx/../y;)V"));
        assert!(!is_method_descriptor("(Lx.y;)V"));
    }

    #[test]
    fn an_opaque_lambda_keeps_its_hidden_class_name_and_nothing_else_passes() {
        // What the agent records for a lambda held in a field: the JVM's name of the
        // hidden class (`Outer$$Lambda$1/0x…`, dotted).
        let lambda = |class: &str| Value::Opaque {
            class: class.into(),
            reason: "a lambda or hidden class".into(),
            implements: None,
            length: None,
        };
        assert!(value(
            "field feed",
            &lambda("demo.Meter$$Lambda$1.0x00007fb680001000")
        )
        .is_ok());
        assert!(value(
            "field feed",
            &lambda("demo.Meter$$Lambda/0x0000000800c01234")
        )
        .is_ok());
        assert!(value("field feed", &lambda("demo.Meter.0xzz")).is_err());
        assert!(value("field feed", &lambda("x.Y\n}static{.0x1")).is_err());
        // Anywhere else, such a name is not a class name.
        assert!(value(
            "argument 0",
            &Value::Object {
                id: 1,
                class: "demo.Meter$$Lambda$1.0x00007fb680001000".into(),
                fields: vec![],
                truncated: false,
            }
        )
        .is_err());
    }

    #[test]
    fn an_opaque_value_of_unknown_class_passes_and_only_an_opaque_one() {
        // What the agent records once the run's byte budget is spent, or for a value it
        // could not read (`"?"`): found on PDFBox with `--budget` reached, where every
        // such invocation was called a corrupted store.
        let unknown = Value::Opaque {
            class: "?".into(),
            reason: "recording budget exhausted".into(),
            implements: None,
            length: None,
        };
        assert!(value("the receiver before", &unknown).is_ok());
        assert!(value(
            "the receiver before",
            &Value::Object {
                id: 1,
                class: "?".into(),
                fields: vec![],
                truncated: false,
            }
        )
        .is_err());
    }

    #[test]
    fn a_crafted_name_deep_inside_a_value_is_found_and_named() {
        let v = Value::Collection {
            id: 1,
            class: "java.util.ArrayList".into(),
            size: 1,
            elements: vec![Value::Object {
                id: 2,
                class: "shop.Item".into(),
                fields: vec![mimic_trace::FieldValue {
                    name: "kind".into(),
                    declared_in: "shop.Item".into(),
                    value: Value::Enum {
                        class: "shop.Kind".into(),
                        name: "A; Runtime.getRuntime().exec(\"x\")".into(),
                    },
                }],
                truncated: false,
            }],
            truncated: false,
        };
        let r = value("argument 0", &v).unwrap_err();
        assert_eq!(
            r.what,
            "enum constant of field \"kind\" of element 0 of argument 0"
        );
        assert!(r.to_string().contains("corrupted or crafted"));
        assert!(value(
            "argument 0",
            &Value::Thrown {
                class: "x.Y\n}static{".into(),
                message: None,
                message_overridden: false,
            }
        )
        .is_err());
    }
}
