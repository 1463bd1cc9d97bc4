//! Stop-method detection and target selection on javac output: every Descartes stop-method
//! shape the fixture has is skipped with its kind, everything else gets its operators.

use std::path::Path;

use mimic_classfile::ClassFile;
use mimic_jvm::{compile, java_sources_under, CompileOptions, Jdk};
use mimic_mutate::operators::defaults;
use mimic_mutate::stop::ALL_STOP_KINDS;
use mimic_mutate::targets::Selection;

fn select() -> Selection {
    let dir = tempfile::tempdir().unwrap();
    let jdk = Jdk::locate().expect("a JDK 17+");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/stops");
    compile(
        &jdk,
        &java_sources_under(&fixture),
        &[],
        dir.path(),
        &CompileOptions::default(),
    )
    .unwrap();
    let mut selection = Selection::default();
    for entry in mimic_classpath::read_classes(dir.path(), false)
        .unwrap()
        .classes
    {
        let class = ClassFile::parse(&entry.bytes).unwrap();
        selection.add_class(&class, &defaults(), ALL_STOP_KINDS);
    }
    selection
}

#[test]
fn skips_every_stop_method_shape_and_mutates_the_rest() {
    let selection = select();
    // Skipped methods are diagnostics: class (dotted) and method (name + descriptor), and
    // `stop method: <kind>`.
    let method_of =
        |s: &mimic_diagnostic::Diagnostic| s.location.method.clone().unwrap_or_default();
    let kind_of = |s: &mimic_diagnostic::Diagnostic| {
        s.message
            .strip_prefix("stop method: ")
            .unwrap_or(&s.message)
            .to_string()
    };
    let reason = |class: &str, name: &str| -> String {
        selection
            .skipped
            .iter()
            .find(|s| {
                s.location.class.as_deref() == Some(&class.replace('/', "."))
                    && method_of(s).starts_with(&format!("{name}("))
            })
            .map(kind_of)
            .unwrap_or_else(|| "(mutated)".into())
    };
    let shapes = "demo/Shapes";
    for (name, kind) in [
        ("getCount", "getter"),
        ("getLabel", "getter"),
        ("setCount", "setter"),
        ("withCount", "setter"),
        ("nothing", "empty"),
        ("answer", "constant"),
        ("none", "constant"),
        ("noInts", "empty_array"),
        ("self", "return_this"),
        ("echo", "return_param"),
        ("size", "delegate"),
        ("has", "delegate"),
        ("magnitude", "delegate"),
        ("old", "deprecated"),
        ("toString", "to_string"),
        ("hashCode", "hash_code"),
        ("<clinit>", "clinit"),
    ] {
        assert_eq!(reason(shapes, name), kind, "{name}");
    }
    // The bridge compare(Object, Object) is synthetic; compare(String, String) is not.
    assert!(selection
        .skipped
        .iter()
        .any(|s| method_of(s).starts_with("compare(")
            && method_of(s).contains("Object")
            && kind_of(s) == "synthetic"));
    assert_eq!(reason("demo/Shapes$Color", "values"), "enum");
    assert_eq!(reason("demo/Shapes$Color", "valueOf"), "enum");

    let ops = |name: &str| -> Vec<String> {
        let m = selection
            .methods
            .iter()
            .find(|m| m.class == shapes && m.name == name)
            .unwrap_or_else(|| panic!("{name} not mutated"));
        m.mutants.iter().map(|k| k.operator.id()).collect()
    };
    assert_eq!(ops("next"), ["0", "1"]);
    assert_eq!(ops("add"), ["void"]);
    assert_eq!(ops("initial"), ["' '", "'A'"]);
    assert_eq!(ops("half"), ["0.0", "0.1"]);
    assert_eq!(ops("lazy"), ["null"]);
    assert_eq!(ops("compare"), ["0", "1"]);
    // Lambda bodies are stop methods of their own kind.
    assert!(selection
        .skipped
        .iter()
        .any(|s| method_of(s).starts_with("lambda$lazy") && kind_of(s) == "lambda"));
    // Constructors never are.
    assert!(selection.methods.iter().all(|m| m.name != "<init>"));
    // Ids: methods from 0, mutants from 1, all distinct.
    let mut ids: Vec<u32> = selection
        .methods
        .iter()
        .flat_map(|m| m.mutants.iter().map(|k| k.id))
        .collect();
    ids.sort();
    assert_eq!(ids, (1..=ids.len() as u32).collect::<Vec<_>>());
    assert!(selection.problems.is_empty(), "{:?}", selection.problems);
}
