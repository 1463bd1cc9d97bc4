//! The environment replay helper (`mimic.EnvironmentReplay`, issue 17) that generated tests
//! use when the method under test read the clock, randomness, files, the process, an input
//! stream or the network: a real Java file (`java/mimic/EnvironmentReplay.java`) holding
//! the replay itself, completed here with one substitute per entry of
//! [`mimic_plan::environment::METHODS`] so that the table stays the one list of what is
//! replayed; and the stand-ins for the environment's handles (streams, scanners, HTTP
//! clients and responses) whose reads the replay answers.

use mimic_classfile::descriptor::{FieldType, MethodDescriptor};
use mimic_plan::environment::{EnvMethod, METHODS};

/// Path of the helper under the test source root.
pub const ENVIRONMENT_PATH: &str = "mimic/EnvironmentReplay.java";

/// The simple name generated tests use.
pub const ENVIRONMENT_CLASS: &str = "EnvironmentReplay";

const TEMPLATE: &str = include_str!("../java/mimic/EnvironmentReplay.java");
const MARKER: &str = "    /* SUBSTITUTES */\n";

/// The helper's complete source.
pub fn helper_source() -> String {
    let mut body = String::new();
    for e in METHODS {
        body.push_str(&substitute(e));
    }
    body.push_str(
        "    private static MemberSubstitution substitutions() {\n        return MemberSubstitution.relaxed()",
    );
    for e in METHODS {
        let (kind, matcher) = if is_constructor(e) {
            ("constructor", "constructorOf")
        } else {
            ("method", "target")
        };
        body.push_str(&format!(
            "\n                .{kind}({matcher}({}.class, \"{}\", \"{}\")).replaceWith(own(\"{}\"))",
            source_type(&FieldType::Object(e.owner.to_string())),
            e.name,
            e.descriptor,
            substitute_name(e)
        ));
    }
    body.push_str(";\n    }\n");
    TEMPLATE.replace(MARKER, &body)
}

/// A Java expression that stands in for an opaque environment handle of this class (the
/// class production had, or the type an environment method returns) while the replay
/// answers every read made through it: it reads nothing real. None for other classes.
/// (Used only in tests that replay the environment, which import `EnvironmentReplay`.)
pub fn stand_in(class: &str) -> Option<&'static str> {
    Some(match class {
        "java.util.Random" => "new java.util.Random()",
        "java.security.SecureRandom" => "new java.security.SecureRandom()",
        "java.io.InputStream" => "java.io.InputStream.nullInputStream()",
        "java.io.BufferedInputStream" => {
            "new java.io.BufferedInputStream(java.io.InputStream.nullInputStream())"
        }
        "java.io.Reader" => "java.io.Reader.nullReader()",
        "java.io.BufferedReader" => "new java.io.BufferedReader(java.io.Reader.nullReader())",
        "java.io.InputStreamReader" => {
            "new java.io.InputStreamReader(java.io.InputStream.nullInputStream())"
        }
        "java.util.Scanner" => "new java.util.Scanner(java.io.InputStream.nullInputStream())",
        // A file's own stream and reader over the process's standard input descriptor,
        // which a test never reads (every read made through them is replayed) nor closes.
        "java.io.FileInputStream" => {
            "new java.io.FileInputStream(java.io.FileDescriptor.in) { @Override public void close() {} }"
        }
        "java.io.FileReader" => {
            "new java.io.FileReader(java.io.FileDescriptor.in) { @Override public void close() {} }"
        }
        "java.net.http.HttpClient" | "jdk.internal.net.http.HttpClientFacade" => {
            "java.net.http.HttpClient.newHttpClient()"
        }
        "java.net.http.HttpResponse" | "jdk.internal.net.http.HttpResponseImpl" => {
            "EnvironmentReplay.responseStandIn()"
        }
        "java.io.OutputStream" => "java.io.OutputStream.nullOutputStream()",
        "java.net.Socket" => "new java.net.Socket()",
        "java.net.InetAddress" | "java.net.Inet4Address" | "java.net.Inet6Address" => {
            "java.net.InetAddress.getLoopbackAddress()"
        }
        _ => return None,
    })
}

/// `Random.nextInt(int)` → `Random_nextInt_int_`.
pub fn substitute_name(e: &EnvMethod) -> String {
    e.key
        .chars()
        .filter(|c| *c != ' ')
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// A fully qualified Java source type.
fn source_type(t: &FieldType) -> String {
    match t {
        FieldType::Object(n) => n.replace(['/', '$'], "."),
        FieldType::Array(e) => format!("{}[]", source_type(e)),
        other => other.java_name(),
    }
}

/// The type a recorded answer is cast to before it is returned.
fn answer_cast(t: &FieldType) -> String {
    match t.box_class() {
        Some(boxed) => boxed.replace('/', "."),
        None => source_type(t),
    }
}

/// Is this entry a constructor (`new Date()`)?
fn is_constructor(e: &EnvMethod) -> bool {
    e.name == "<init>"
}

/// One substitute: the real call when no replay is open, the recorded answer otherwise
/// (for a write, the recorded outcome: the write itself is never performed). A
/// constructor's substitute takes its arguments and returns the object.
fn substitute(e: &EnvMethod) -> String {
    let mut desc = MethodDescriptor::parse(e.descriptor).expect("the table's descriptors parse");
    let owner = source_type(&FieldType::Object(e.owner.to_string()));
    let mut params = Vec::new();
    if is_constructor(e) {
        desc.ret = Some(FieldType::Object(e.owner.to_string()));
    } else if !e.is_static {
        params.push(format!("{owner} receiver"));
    }
    let args: Vec<String> = (0..desc.params.len()).map(|i| format!("a{i}")).collect();
    for (t, a) in desc.params.iter().zip(&args) {
        params.push(format!("{} {a}", source_type(t)));
    }
    let real = if is_constructor(e) {
        format!("new {owner}({})", args.join(", "))
    } else if e.is_static {
        format!("{owner}.{}({})", e.name, args.join(", "))
    } else {
        format!("receiver.{}({})", e.name, args.join(", "))
    };
    let mut recorded = vec![format!("\"{}\"", e.key)];
    // A lone array argument would be taken for the varargs array itself.
    recorded.extend(args.iter().map(|a| format!("(Object) {a}")));
    let recorded = recorded.join(", ");
    let name = substitute_name(e);
    let params = params.join(", ");
    match &desc.ret {
        // A lazy stream was recorded as the list it yielded.
        Some(FieldType::Object(t)) if t == "java/util/stream/Stream" => format!(
            "    public static java.util.stream.Stream {name}({params}) throws Throwable {{\n        if (!replaying(caller())) {{\n            return {real};\n        }}\n        return ((java.util.List<?>) next({recorded})).stream();\n    }}\n\n",
        ),
        Some(ret) => format!(
            "    public static {} {name}({params}) throws Throwable {{\n        if (!replaying(caller())) {{\n            return {real};\n        }}\n        return ({}) next({recorded});\n    }}\n\n",
            source_type(ret),
            answer_cast(ret),
        ),
        None => format!(
            "    public static void {name}({params}) throws Throwable {{\n        if (!replaying(caller())) {{\n            {real};\n            return;\n        }}\n        next({recorded});\n    }}\n\n",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_table_entry_has_one_uniquely_named_substitute_and_registration() {
        let source = helper_source();
        assert!(!source.contains("/* SUBSTITUTES */"));
        let mut names = HashSet::new();
        for e in METHODS {
            let name = substitute_name(e);
            assert!(names.insert(name.clone()), "two substitutes named {name}");
            assert_eq!(
                source.matches(&format!(" {name}(")).count(),
                1,
                "{name} declared once"
            );
            assert!(
                source.contains(&format!("own(\"{name}\")")),
                "{name} registered"
            );
        }
    }

    #[test]
    fn a_substitute_calls_the_real_method_outside_a_replay_and_casts_the_answer() {
        let source = helper_source();
        assert!(source.contains(
            "public static int Random_nextInt_int_(java.util.Random receiver, int a0) throws Throwable {\n        if (!replaying(caller())) {\n            return receiver.nextInt(a0);\n        }\n        return (java.lang.Integer) next(\"Random.nextInt(int)\", (Object) a0);"
        ), "{source}");
        assert!(source.contains("return java.lang.System.currentTimeMillis();"));
        // A constructor: built for real outside a replay, the recorded object inside.
        assert!(source.contains(
            "public static java.util.Date newDate__() throws Throwable {\n        if (!replaying(caller())) {\n            return new java.util.Date();\n        }\n        return (java.util.Date) next(\"new Date()\");"
        ), "{source}");
        // A lazy stream comes back over the list production's stream yielded.
        assert!(source.contains(
            "public static java.util.stream.Stream Files_lines_Path_(java.nio.file.Path a0) throws Throwable {\n        if (!replaying(caller())) {\n            return java.nio.file.Files.lines(a0);\n        }\n        return ((java.util.List<?>) next(\"Files.lines(Path)\", (Object) a0)).stream();"
        ), "{source}");
        assert!(source.contains(".constructor(constructorOf(java.util.Date.class, \"<init>\", \"()V\")).replaceWith(own(\"newDate__\"))"), "{source}");
        assert!(source.contains("return (byte[]) next(\"Files.readAllBytes(Path)\", (Object) a0);"));
        // A write is checked, never performed, while a replay is open.
        assert!(source.contains(
            "public static void Files_delete_Path_(java.nio.file.Path a0) throws Throwable {\n        if (!replaying(caller())) {\n            java.nio.file.Files.delete(a0);\n            return;\n        }\n        next(\"Files.delete(Path)\", (Object) a0);"
        ), "{source}");
    }
}
