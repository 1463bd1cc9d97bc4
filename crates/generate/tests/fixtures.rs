//! `mimic.Fixtures` (the helper every generated test uses) is a real Java file: compiled
//! here with a JUnit test (`tests/java/fx`) that loads a value graph written by mimic's own
//! serialiser — a cycle, escapes, surrogate pairs, NaN, a collection, a map, an array, an
//! enum, a boxed value — and builds objects without running their constructors.

use std::path::Path;

use mimic_generate::fixtures::{FIXTURES_PATH, FIXTURES_SOURCE};
use mimic_jvm::{
    compile, java_sources_under, run_junit, ArtifactCache, CompileOptions, JunitRuntime,
    JunitSelect, TestStatus,
};
use mimic_trace::{FieldValue, Value};

fn field(name: &str, value: Value) -> FieldValue {
    FieldValue {
        name: name.into(),
        declared_in: "fx.Node".into(),
        value,
    }
}

#[test]
fn fixtures_compile_and_rebuild_what_mimic_records() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    let helper = src.join(FIXTURES_PATH);
    std::fs::create_dir_all(helper.parent().unwrap()).unwrap();
    std::fs::write(&helper, FIXTURES_SOURCE).unwrap();
    let mut sources = java_sources_under(&src);
    sources.extend(java_sources_under(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java"),
    ));
    let jdk = mimic_test_support::jdk();
    let runtime = JunitRuntime::fetch(
        &ArtifactCache::default_location(),
        &mimic_test_support::maven(),
    )
    .unwrap();
    let classes = dir.path().join("classes");
    compile(
        &jdk,
        &sources,
        &runtime.test_classpath(),
        &classes,
        &CompileOptions::default(),
    )
    .unwrap();

    let node = Value::Object {
        id: 1,
        class: "fx.Node".into(),
        fields: vec![
            field(
                "name",
                Value::Str {
                    v: "line\n\"quoted\" \\ é 😀 \u{1}".into(),
                },
            ),
            field("weight", Value::double(f64::NAN)),
            field("next", Value::Ref { id: 1 }),
            field(
                "tags",
                Value::Collection {
                    id: 2,
                    class: "java.util.ArrayList".into(),
                    size: 2,
                    elements: vec![Value::Str { v: "a".into() }, Value::Str { v: "b".into() }],
                    truncated: false,
                },
            ),
            field(
                "counts",
                Value::Map {
                    id: 3,
                    class: "java.util.HashMap".into(),
                    size: 1,
                    entries: vec![(
                        Value::Str { v: "x".into() },
                        Value::Boxed {
                            class: "java.lang.Integer".into(),
                            value: Box::new(Value::Int { v: 3 }),
                        },
                    )],
                    truncated: false,
                },
            ),
            field(
                "xs",
                Value::Array {
                    id: 4,
                    class: "[I".into(),
                    length: 2,
                    elements: vec![Value::Int { v: 1 }, Value::Int { v: -2 }],
                    truncated: false,
                },
            ),
            field(
                "kind",
                Value::Enum {
                    class: "fx.Kind".into(),
                    name: "B".into(),
                },
            ),
            field(
                "boxed",
                Value::Boxed {
                    class: "java.lang.Integer".into(),
                    value: Box::new(Value::Int { v: -7 }),
                },
            ),
            field(
                "seen",
                Value::Object {
                    id: 5,
                    class: "java.util.Collections$SetFromMap".into(),
                    fields: vec![FieldValue {
                        name: "m".into(),
                        declared_in: "java.util.Collections$SetFromMap".into(),
                        value: Value::Map {
                            id: 6,
                            class: "java.util.IdentityHashMap".into(),
                            size: 1,
                            entries: vec![(
                                Value::Ref { id: 1 },
                                Value::Boxed {
                                    class: "java.lang.Boolean".into(),
                                    value: Box::new(Value::Boolean { v: true }),
                                },
                            )],
                            truncated: false,
                        },
                    }],
                    truncated: false,
                },
            ),
            field(
                "journal",
                Value::Text {
                    class: "java.io.StringWriter".into(),
                    text: "opened\n".into(),
                },
            ),
            // A BitSet by its runs, a decoder by what it was made with, an iterator by
            // the elements it had yet to return (as the recorder writes them).
            field(
                "free",
                Value::Text {
                    class: "java.util.BitSet".into(),
                    text: "{0-4095, 4165}".into(),
                },
            ),
            field(
                "decoder",
                Value::Text {
                    class: "java.nio.charset.CharsetDecoder".into(),
                    text: "UTF-8 REPORT REPLACE fffd".into(),
                },
            ),
            field(
                "rest",
                Value::Collection {
                    id: 9,
                    class: mimic_trace::ITERATOR.into(),
                    size: 2,
                    elements: vec![Value::Str { v: "c".into() }, Value::Str { v: "d".into() }],
                    truncated: false,
                },
            ),
            field(
                "unit",
                Value::Constant {
                    id: 10,
                    class: "fx.Unit".into(),
                    field: "KILOGRAM".into(),
                    owner: None,
                },
            ),
            field(
                "fallback",
                Value::Constant {
                    id: 11,
                    class: "fx.Unit".into(),
                    field: "GRAM".into(),
                    owner: Some("fx.Unit".into()),
                },
            ),
        ],
        truncated: false,
    };
    std::fs::write(
        classes.join("fx/node.json"),
        serde_json::to_string_pretty(&node).unwrap(),
    )
    .unwrap();

    let mut cp = vec![classes];
    cp.extend(runtime.test_classpath());
    let run = run_junit(
        &jdk,
        &runtime,
        &cp,
        &JunitSelect::Classes(vec!["fx.FixturesTest".into()]),
        &dir.path().join("reports"),
        &[],
    )
    .unwrap();
    assert_eq!(run.outcomes.len(), 7, "{}", run.stdout);
    for o in &run.outcomes {
        assert_eq!(
            o.status,
            TestStatus::Passed,
            "{}: {:?}",
            o.method_name,
            o.status
        );
    }
}
