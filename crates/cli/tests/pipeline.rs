//! The whole pipeline through the CLI on both examples: targets → record → generate →
//! verify, every generated test successfully mimics, none is flaky; then the paper's RQ4:
//! hand-written regressions of the reservations MUT, and which oracle kills each.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{compile_dir, example_src, run_mimic as mimic};
use mimic_jvm::{java_sources_under, Jdk};
use serde_json::Value;

/// targets → record → generate; returns (classes dir, tests dir).
fn record_and_generate(name: &str, main: &str, dir: &Path) -> (PathBuf, PathBuf) {
    let classes = dir.join("classes");
    compile_dir(&example_src(name), &classes);
    let plan = dir.join("plan.json");
    let store = dir.join("traces.db");
    let tests = dir.join("tests");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let (code, _, err) = mimic(&["targets", "-c", &s(&classes), "-o", &s(&plan)]);
    assert_eq!(code, Some(0), "{err}");

    let plain = Command::new(Jdk::locate().unwrap().java())
        .arg("-cp")
        .arg(&classes)
        .arg(main)
        .output()
        .unwrap();
    let java = Jdk::locate().unwrap().java();
    // An example may bring its own redaction rules (reservations: the paper's test cards).
    let rules = example_src(name).join("../redaction.toml");
    let rules_args: Vec<String> = if rules.is_file() {
        vec!["--redact-rules".into(), s(&rules)]
    } else {
        vec![]
    };
    let rules_args: Vec<&str> = rules_args.iter().map(String::as_str).collect();
    let (code, out, err) = mimic(
        &[
            &["record"][..],
            &rules_args,
            &[
                "--plan",
                &s(&plan),
                "--store",
                &s(&store),
                "--",
                &s(&java),
                "-cp",
                &s(&classes),
                main,
            ],
        ]
        .concat(),
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        String::from_utf8_lossy(&plain.stdout),
        "recording must not change the program's output"
    );

    let (code, out, err) = mimic(&["generate", "--store", &s(&store), "--out", &s(&tests)]);
    assert_eq!(code, Some(0), "{out}{err}");
    (classes, tests)
}

fn verify(tests: &Path, classes: &Path, runs: usize) -> Value {
    let work = tests.with_file_name(format!(
        "verify-{}",
        classes.file_name().unwrap().to_string_lossy()
    ));
    let (_, out, err) = verify_in(tests, classes, runs, &work, &[]);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"))
}

/// `mimic verify --json` of the generated tests in `tests`, working in `work`, with
/// `extra` arguments: its exit code, standard output and standard error.
fn verify_in(
    tests: &Path,
    classes: &Path,
    runs: usize,
    work: &Path,
    extra: &[&str],
) -> (Option<i32>, String, String) {
    let runs = runs.to_string();
    let args = [
        "verify",
        "--tests",
        tests.to_str().unwrap(),
        "-c",
        classes.to_str().unwrap(),
        "--runs",
        &runs,
        "--work",
        work.to_str().unwrap(),
        "--json",
    ];
    mimic(&[&args[..], extra].concat())
}

/// The `mimic-tests.json` that `mimic generate` wrote beside the tests in `tests`.
fn manifest_of(tests: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(tests.join("mimic-tests.json")).unwrap()).unwrap()
}

/// The manifest lists nothing under `key` (`skipped` invocations, `gaps`: MUTs without tests).
fn assert_none(manifest: &Value, key: &str) {
    assert_eq!(
        manifest[key].as_array().unwrap().len(),
        0,
        "{:#}",
        manifest[key]
    );
}

fn assert_all_mimic(report: &Value) {
    let s = &report["summary"];
    let tests = s["tests"].as_u64().unwrap();
    assert!(tests > 0, "{report}");
    assert_eq!(
        s["successfully_mimic"].as_u64().unwrap(),
        tests,
        "{}",
        serde_json::to_string_pretty(&report["tests"]).unwrap()
    );
    assert_eq!(s["flaky"], 0);
    assert_eq!(s["compile_errors"], 0);
}

#[test]
fn mockables_pipeline_all_tests_mimic() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("mockables", "se.kth.castor.mockables.Main", dir.path());
    let report = verify(&tests, &classes, 3);
    println!(
        "{}",
        serde_json::to_string_pretty(&report["summary"]).unwrap()
    );
    assert_all_mimic(&report);
    let source = mimic_test_support::mimic_tests_of(
        &tests.join("se/kth/castor/mockables"),
        "ClassUnderTest",
    );
    assert!(
        source
            .contains("inOrder.verify(externalTypeTwo, times(42)).mockableMethodTwo(anyFloat());"),
        "{source}"
    );
}

/// Issue 15: methods under test that call each other on the same receiver. The calls the
/// nested invocations make on the mocked source belong to the outer invocation's record
/// too, so the outer test stubs them all and mimics production.
#[test]
fn nested_methods_under_test_replay_every_call_of_the_outer_invocation() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("word-scanner", "se.kth.castor.scanner.Main", dir.path());
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let names: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["method"].as_str())
        .collect();
    assert!(
        names.iter().any(|n| n.contains("words")),
        "no test of words(): {names:?}"
    );
    // Only the nested readWord() and skipSpaces() call peek(): the test of words() stubs
    // it all the same. (WordScanner's tests fill more than one test class.)
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/scanner"), "WordScanner");
    let words = &source[source
        .find("void words_1_output")
        .expect("a test of words()")..];
    let words = &words[..words.find("@Test").unwrap_or(words.len())];
    assert!(words.contains("when(source.peek())"), "{words}");
}

/// Issue 15 item 2 (pattern 2, escaping mocks): the methods under test hand their mocked
/// source to a static helper of another class and to another class's constructor, which
/// read from it. Their calls are recorded for the invocation like the MUT's own, so the
/// tests stub them all; without them the mocked `peek()` answers `'\0'` and the words
/// come out wrong.
#[test]
fn calls_on_a_mock_handed_to_other_classes_code_are_stubbed() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("escaping", "se.kth.castor.escaping.Main", dir.path());
    let plan: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("plan.json")).unwrap())
            .unwrap();
    let helpers: BTreeSet<String> = plan["muts"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["deeper_calls"].as_array().unwrap())
        .map(|d| {
            format!(
                "{}.{}",
                d["via"]["class"].as_str().unwrap(),
                d["via"]["method"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        helpers,
        BTreeSet::from([
            "se.kth.castor.escaping.Blanks.skip".to_string(),
            "se.kth.castor.escaping.Word.<init>".to_string(),
        ])
    );
    let manifest = manifest_of(&tests);
    assert_none(&manifest, "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    assert_eq!(report["summary"]["tests"], 24, "{:#}", report["summary"]);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/escaping"), "WordCounter");
    assert!(
        source.contains("when(source.peek()).thenReturn('r', "),
        "{source}"
    );
    assert!(
        source.contains("inOrder.verify(source, times(1)).next();"),
        "{source}"
    );
}

/// A collaborator field the method mocks but its superclass also walks through a getter
/// (`labels().iterator()` beside `labels.size()`, jsoup's `Element.clearAttributes`), and
/// the same field null until a label is added (jsoup's `hasClass`, `id`): the first is a
/// spy on the recorded object (mocked calls stubbed, the iterator real), the second stays
/// null in the tests of invocations that found it null. Before, a mock stood in both
/// times: the iterator was `null` (`NullPointerException`) and `toString` printed `p#0`.
#[test]
fn a_collaborator_also_used_by_unmocked_code_is_spied_and_a_null_one_stays_null() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("labels", "se.kth.castor.labels.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let source = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/labels"), "Tag");
    assert!(
        source.contains("Labels labels = spy(Fixtures.create(Labels.class, \"names\", new String[] {\"item\", \"sold\"}, \"size\", 2));"),
        "{source}"
    );
    assert!(
        source.contains("doReturn(0).when(labels).size();"),
        "{source}"
    );
    assert!(
        source.contains("Fixtures.create(Tag.class, \"name\", \"p\", \"labels\", null)"),
        "{source}"
    );
}

/// SnakeYAML's composer in small: a private helper calls a collaborator fluently
/// (`comments.collect().consume()`, `collect()` answering the collector itself, which
/// holds the reader) and drops its answer elsewhere, recursively. What a helper's mocked
/// call answers is now a mock of its own when only called on (the helper's tree of mocks),
/// a dropped answer is answered by `null`, and a recursive helper's later call goes to the
/// mock of the answer production made it on (by identity); before, `Outline.read` had no
/// test (the collector's reader is opaque). The same run keeps a replayed class mockable:
/// `Lines` is mocked by the `Comments` and `Outline` tests and replays its reader in its
/// own, and the `Outline` tests failed after the `Lines` ones (`when()` without a call on
/// a mock) when the replay redefined the class under Mockito's hooks.
#[test]
fn a_helpers_fluent_calls_on_a_collaborator_are_a_tree_of_mocks() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("outline", "se.kth.castor.outline.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/outline"), "Outline");
    assert!(
        source.contains("Comments comments2 = mock(Comments.class);"),
        "{source}"
    );
    assert!(
        source.contains("when(comments.collect()).thenReturn(null, comments2)"),
        "{source}"
    );
    assert!(source.contains("when(comments2.consume())"), "{source}");
    let lines = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/outline"), "Lines");
    assert!(
        lines.contains("EnvironmentReplay.replay(Lines.class)"),
        "{lines}"
    );
}

/// Calls a collaborator receives through a bound method reference, made from the class
/// the JVM spins for the reference (the JDK's `forEach` calling `sink::send`, commons-io's
/// `Uncheck.get` calling `Relay.this::take` in an inner-class iterator, as in commons-csv),
/// are recorded for the invocation, stubbed and verified; every test mimics. Before, no
/// call site of the program made them: `send` was never verified, and the iterator's outer
/// relay, captured by the reference, was taken whole (commons-csv: 18 of 25 tests
/// unhandled, its parser rebuilt as a mock whose `nextRecord` answered `null`). An answer
/// that points back to the object the call was made on (an item's relay, a commons-csv
/// record's parser) points to the mock in the test; before, the relay was recorded
/// inside the answer, whole (the parser's reader made every such invocation opaque). So
/// does a receiver's reference to the object its mocked field holds (the iterator's
/// current item's relay, commons-csv's current record's parser). A lambda handed to
/// other code (`item -> sink.send(item.trim())`) is followed as a helper: its body's
/// calls on the sink are recorded and verified, and capturing `this` no longer makes the
/// relay whole.
#[test]
fn calls_made_through_method_references_are_stubbed_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("references", "se.kth.castor.references.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let package = tests.join("se/kth/castor/references");
    let relay = mimic_test_support::mimic_tests_of(&package, "Relay");
    assert!(
        relay.contains("verify(sink, atLeastOnce()).send(\"x\");"),
        "{relay}"
    );
    assert!(
        relay.contains("inOrder.verify(sink, times(2)).send(any(String.class));"),
        "{relay}"
    );
    let drain = mimic_test_support::mimic_tests_of(&package, "RelayDrain");
    // The item points back to the relay it came from: in the test, the mock.
    assert!(
        drain.contains("when(this0.take()).thenReturn(Fixtures.create(\"se.kth.castor.references.Relay$Item\", \"text\", \"alpha\", \"origin\", this0));"),
        "{drain}"
    );
    assert!(
        drain.contains("Relay this0 = mock(Relay.class);"),
        "{drain}"
    );
    // The receiver's current item, which `next()` returns: its literal fields, which
    // the output oracle compares (its `origin`, the relay, is not read; it was recorded
    // while a write into the project-typed field `current` took the field whole).
    assert!(
        drain.contains("\"current\", Fixtures.create(\"se.kth.castor.references.Relay$Item\", \"text\", \"alpha\"))"),
        "{drain}"
    );
    assert!(drain.contains("void next_1_output()"), "{drain}");
    // A lambda's body calls the sink (`item -> sink.send(item.trim())`): the call is
    // recorded for the invocation, and the relay is not taken whole for the capture.
    assert!(
        relay.contains("verify(sink, atLeastOnce()).send(\"w\");"),
        "{relay}"
    );
    assert!(
        relay.contains("Relay receiver = Fixtures.create(Relay.class, \"sink\", sink);"),
        "{relay}"
    );
}

/// Lambdas a method is given and only hands on (a visitor's argument of a type variable,
/// a predicate for a mocked dictionary, a listener of the class's own nested interface)
/// were opaque, and every such invocation was skipped (JavaParser's visitors: 34 MUTs):
/// the recorder names the functional interface a lambda implements and a mock of it
/// stands in. The display names say "a Predicate lambda", not the hidden class. A
/// subclass's override that walks on through `super.visit` (JavaParser's validators):
/// the superclass's body is a helper of the override, and a test of the superclass's
/// method on such an object calls that body (`Fixtures.callSuper`), not the override.
#[test]
fn lambdas_handed_on_are_stood_in_for_by_mocks_of_their_interface() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("callbacks", "se.kth.castor.callbacks.Main", dir.path());
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let walker =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/callbacks"), "Walker");
    for expected in [
        "Object object = mock(java.util.function.Consumer.class);",
        "java.util.function.Predicate predicate = mock(java.util.function.Predicate.class);",
        "Walker.Listener listener = Fixtures.mockOf(\"se.kth.castor.callbacks.Walker$Listener\");",
        "int result = receiver.count(node, predicate);",
        "count(Node, a Predicate lambda) returned 2",
    ] {
        assert!(walker.contains(expected), "{expected}\n{walker}");
    }
    assert!(!walker.contains("0x0"), "{walker}");
    // A lambda the method runs itself (its normaliser field's `apply`) or hands to the
    // JDK (`removeIf`) does something: nothing stands in for it, and the invocations are
    // skipped as before, with the reason.
    for run in ["normalise", "keep"] {
        assert!(!walker.contains(&format!("void {run}_")), "{walker}");
    }
    // A walker whose override walks on through `super.visit(node, arg)`: production
    // reached `Walker.visit` on it only that way, so its test calls that body, not the
    // override; and the override's test stubs the calls made in the superclass's body.
    assert!(
        walker.contains("Fixtures.callSuper(receiver, \"se.kth.castor.callbacks.Walker\", \"visit\", \"(Lse/kth/castor/callbacks/Node;Ljava/lang/Object;)V\", new Object[] {node, \"the walk's argument\"});"),
        "{walker}"
    );
    let counting = mimic_test_support::mimic_tests_of(
        &tests.join("se/kth/castor/callbacks"),
        "CountingWalker",
    );
    assert!(
        counting.contains("when(node.children()).thenReturn("),
        "{counting}"
    );
    assert!(
        counting.contains("receiver.visit(node, \"the walk's argument\");"),
        "{counting}"
    );
    assert!(
        counting.contains("assertEquals(2, receiver.longWords());"),
        "{counting}"
    );
    let mut gaps: Vec<String> = manifest_of(&tests)["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            format!(
                "{} {}",
                g["mut_method"].as_str().unwrap(),
                g["reason"].as_str().unwrap()
            )
        })
        .collect();
    gaps.sort();
    assert_eq!(gaps, ["keep opaque-value", "normalise opaque-value"]);
}

/// JDK values with no public state, which service code holds and returns everywhere,
/// are recorded by their fields and rebuilt through their API: a mocked catalog answers
/// `Optional.ofNullable(3)`, `OptionalInt.empty()`; a returned optional is compared whole,
/// or, holding a project object, by its presence and that object's fields; a ledger's
/// `ReentrantLock` is a new lock, its `Pattern` is compiled again, its `AtomicReference`
/// holds what it held and its JDK `Logger` is found by name, its `BitSet` of free
/// slots by its runs of set bits, its UTF-8 decoder by charset and actions, and a shelf's
/// iterator by the elements it had yet to return. Before, each was opaque ("JDK type
/// java.util.Optional is not captured by meaning") and no invocation of the cart or the
/// ledger got a test.
#[test]
fn jdk_values_are_answered_rebuilt_and_compared_by_meaning() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("jdk-values", "se.kth.castor.jdkvalues.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let package = tests.join("se/kth/castor/jdkvalues");
    let cart = mimic_test_support::mimic_tests_of(&package, "Cart");
    for expected in [
        "when(catalog.price(\"pen\")).thenReturn(java.util.Optional.ofNullable(3));",
        "when(catalog.stock(\"lamp\")).thenReturn(java.util.OptionalInt.empty());",
        "assertEquals(java.util.Optional.ofNullable(\"pen\"), result);",
        "assertEquals(true, result.isPresent());",
        "assertEquals(12, Fixtures.get(result.get(), \"price\"));",
        // EvalEx's operators divide with the configuration's `MathContext`.
        "when(catalog.rounding()).thenReturn(new java.math.MathContext(\"precision=7 roundingMode=HALF_EVEN\"));",
        "assertEquals(new java.math.BigDecimal(\"4.714286\"), result);",
    ] {
        assert!(cart.contains(expected), "{expected} in {cart}");
    }
    let ledger = mimic_test_support::mimic_tests_of(&package, "Ledger");
    for expected in [
        "\"lock\", new java.util.concurrent.locks.ReentrantLock()",
        "java.util.regex.Pattern.compile(\"[a-z]+\", 2)",
        "new java.util.concurrent.atomic.AtomicReference<>(\"none\")",
        "java.util.logging.Logger.getLogger(\"ledger\")",
        // 5,001 free slots: recorded as runs, a few bytes (before, its text was over the
        // value byte limit and the ledger had no test), rebuilt bit for bit.
        "\"freeSlots\", Fixtures.bits(\"{0-4999, 6000}\")",
        "Fixtures.bits(\"{1-4999, 6000}\")",
        // Its strict decoder: by charset and actions (before: "JDK type
        // sun.nio.cs.UTF_8$Decoder is not captured by meaning", no test of `knows`).
        "\"utf8\", java.nio.charset.Charset.forName(\"UTF-8\").newDecoder().onMalformedInput(java.nio.charset.CodingErrorAction.REPORT).onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).replaceWith(\"\u{fffd}\")",
        // The shelf's own iterator, answered by the mocked `iterator()`: the elements it had
        // yet to return (before: "JDK type java.util.ArrayList$Itr is not captured by
        // meaning", no test of `value`).
        "when(shelf.iterator()).thenReturn((java.util.ListIterator) new java.util.ArrayList<>(java.util.Arrays.asList(Fixtures.create(Product.class, \"name\", \"pen\", \"price\", 3), Fixtures.create(Product.class, \"name\", \"book\", \"price\", 12))).listIterator());",
    ] {
        assert!(ledger.contains(expected), "{expected} in {ledger}");
    }
    // Interned constants, compared by identity (`unit == Unit.KILOGRAM`, as PDFBox's
    // `PDColorSpace.create` compares `COSName`s): the very constant, as an argument of the
    // method (whose calls on it, a mocked parameter's, run for real) and as a mocked call's
    // answer. Before: a copy built field by field, and "no weight for null" (a mock) or -1.
    let scale = mimic_test_support::mimic_tests_of(&package, "Scale");
    for expected in [
        "int result = receiver.grams(Unit.KILOGRAM, 2);",
        "int result = receiver.grams(Unit.PIECE, 3);",
        "when(catalog.unitOf(\"flour\")).thenReturn(Unit.KILOGRAM);",
        "@DisplayName(\"grams(Unit.PIECE, 3) returned 750",
    ] {
        assert!(scale.contains(expected), "{expected} in {scale}");
    }
    assert!(!scale.contains("Fixtures.create(Unit"), "{scale}");
    // A transform by its six matrix entries, a soft reference by its referent and an area
    // by its outline (before: "JDK type java.awt.geom.AffineTransform is not captured by
    // meaning", and the same for `SoftReference` and `Area`: no test of the sketch's
    // methods), a returned transform asserted through its getters.
    let sketch = mimic_test_support::mimic_tests_of(&package, "Sketch");
    for expected in [
        "\"placement\", new java.awt.geom.AffineTransform(2.0, 0.0, 0.5, 2.0, 10.0, 20.0)",
        "\"label\", new java.lang.ref.SoftReference<>(\"TREE\")",
        "assertEquals(1.5, result.getShearX());",
        "assertEquals(61.5, result.getTranslateY());",
        // Its clip by its outline, the ellipse's arcs as cubic curves.
        "\"clip\", new java.awt.geom.Area(new java.awt.geom.Path2D.Double() {{ moveTo(0.0, 0.0); lineTo(0.0, 5.0); lineTo(10.0, 5.0); lineTo(10.0, 4.0); curveTo(",
    ] {
        assert!(sketch.contains(expected), "{expected} in {sketch}");
    }
    // The same, too large to write inline: loaded from a resource, whose loader rebuilds
    // them alike (before: "could not rebuild java.awt.geom.Area", as in PDFBox's
    // `PDGraphicsState.clone` tests; the run above checks they mimic).
    let gallery = mimic_test_support::mimic_tests_of(&package, "Gallery");
    assert!(
        gallery.contains(
            "java.util.List list = Fixtures.load(GalleryMimicTest.class, \"GalleryMimicTest-litAt-1-arg0.json\");"
        ),
        "{gallery}"
    );
}

/// Reflection objects a receiver holds (mustache.java's `GuardedBinding` and
/// `ReflectionWrapper`: a `Method`, a `Field`, a `Constructor`) are recorded by what
/// names them (declaring class, name, descriptor) and found again in the test
/// (`Fixtures.method(…)`). Before, they were opaque ("a reflection object") and no
/// invocation of the binding got a test.
#[test]
fn reflection_objects_are_recorded_by_name_and_found_again() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("reflection", "se.kth.castor.reflection.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/reflection"), "Binding");
    for expected in [
        "Fixtures.method(\"se.kth.castor.reflection.Person\", \"greet\", \"(Ljava/lang/String;I)Ljava/lang/String;\")",
        "Fixtures.field(\"se.kth.castor.reflection.Person\", \"age\")",
        "Fixtures.constructor(\"se.kth.castor.reflection.Person\", \"(Ljava/lang/String;I)V\")",
    ] {
        assert!(source.contains(expected), "{expected} in {source}");
    }
}

/// A collaborator the method makes anew in a helper before calling it (commonmark's
/// `InlineParserImpl.parse`: `reset()` does `this.scanner = Scanner.of(lines)`): the
/// recorder sees that the calls on the field's object are made on one the field did not
/// hold when the invocation began, and the generator leaves them out (a mock in the
/// field would never receive them; the method's own cursor does the work for real).
/// Before, 8 of the 12 tests failed: they stubbed and verified a mock nobody called.
#[test]
fn calls_on_a_collaborator_the_method_replaces_are_not_stubbed() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("resets", "se.kth.castor.resets.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);
    let source = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/resets"), "Words");
    assert!(!source.contains("when(cursor"), "{source}");
    assert!(!source.contains("verify(cursor"), "{source}");
    assert!(
        source.contains("assertEquals(new java.util.ArrayList<>(java.util.Arrays.asList(\"spaced\", \"out\")), result);"),
        "{source}"
    );
}

/// A collaborator reached through the class's own getter (`getLookup().find(name)`,
/// Commons Text's `StringSubstitutor`), or one inherited with its field (Pebble's
/// `FilterExpression`): the call is a mockable call on the field, the
/// test puts the mock in the field, and the getter hands it to the code. Before, the
/// method was no MUT and nothing was recorded.
#[test]
fn calls_through_an_own_getter_are_stubbed_on_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("own-getters", "se.kth.castor.getters.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/getters"), "Substitutor");
    for expected in [
        "when(lookup.find(\"unknown\")).thenReturn(null);",
        "assertEquals(\"Hello Ada, ?!\", result);",
    ] {
        assert!(source.contains(expected), "{expected} in {source}");
    }
    // Through a getter the class inherits, with the field, from its superclass.
    let strict = mimic_test_support::mimic_tests_of(
        &tests.join("se/kth/castor/getters"),
        "StrictSubstitutor",
    );
    for expected in [
        "when(lookup.find(\"city\")).thenReturn(\"London\");",
        "assertEquals(\"London\", result);",
        "IllegalArgumentException",
    ] {
        assert!(strict.contains(expected), "{expected} in {strict}");
    }
    // Through helpers it inherits, one calling the other (a parser's `BaseParser`
    // `skipSpaces()`): their calls on the lookup are the method's, stubbed in its test.
    // Before, only its own call was, the others answered null, and PDFBox's
    // `PDFStreamParser.parseNextToken` tests looped in `skipSpaces`.
    for expected in [
        "when(lookup.find(\"unknown\")).thenReturn(null);",
        "assertEquals(\"Ada,London,?\", result);",
    ] {
        assert!(strict.contains(expected), "{expected} in {strict}");
    }
    // A template method (PDFBox's `PDFont.getWidth`): `label` calls the abstract step
    // `name`, whose override in `LookupLabeller` calls a collaborator held in a field the
    // base class does not have. That call is the method's: stubbed in its tests. An
    // invocation on a `FixedLabeller`, whose step makes no such call and which has no
    // such field, gets no mock for it. Before, the collaborator was rebuilt from its
    // recording and the test saw "code #7" where production saw "code seven".
    let labeller =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/getters"), "Labeller");
    for expected in [
        "Fixtures.create(LookupLabeller.class, \"prefixes\", prefixes, \"names\", names);",
        "when(names.find(\"7\")).thenReturn(\"seven\");",
        "assertEquals(\"code seven\", result);",
        "when(names.find(\"8\")).thenReturn(null);",
        "Fixtures.create(FixedLabeller.class, \"prefixes\", prefixes, \"names\", new String[] {\"zero\", \"one\"});",
        "assertEquals(\"one\", result);",
    ] {
        assert!(labeller.contains(expected), "{expected} in {labeller}");
    }
}

/// An observer list (JavaParser's `Node.notifyPropertyChange`): `setLabel` tells each
/// observer through `observers.forEach(o -> o.changed(this, …))`. Followed, the lambda
/// reached the printer, which hands the node to the JDK: the node was wanted whole, its
/// history of 5,000 stamps passed the recorder's limits, and no invocation got a test
/// (receiver-not-recorded ×4). Now the lambda is left out, the observer list is checked
/// empty, and the node is recorded as the setter reads it; the one invocation on an
/// observed node is skipped with the reason, since what the observer read is missing.
#[test]
fn a_lambda_run_on_an_empty_observer_list_leaves_the_receiver_as_the_method_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("observers", "se.kth.castor.observers.Main", dir.path());
    let manifest = manifest_of(&tests);
    assert_none(&manifest, "gaps");
    let skipped = manifest["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{skipped:#?}");
    let message = skipped[0]["message"].as_str().unwrap();
    assert!(
        message.contains("this.observers.forEach ran on its elements"),
        "{message}"
    );
    let node = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/observers"), "Node");
    for expected in [
        "Node receiver = Fixtures.create(Node.class, \"label\", null, \"observers\", new java.util.ArrayList<>());",
        "verify(label, atLeastOnce()).setOwner(same(receiver));",
    ] {
        assert!(node.contains(expected), "{expected}\n{node}");
    }
    // Nothing the setter does not read: not the history, not the id source.
    assert!(
        !node.contains("history") && !node.contains("stamp"),
        "{node}"
    );
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);

    // A resource root given relative to where `generate` runs is kept absolute in the
    // manifest: `verify` and `mutate` started elsewhere find the large values' files.
    // Before, it was kept as given (`src/test/resources`), and 42 of PDFBox's tests went
    // red under a `mutate` started in another directory ("mimic resource not found").
    let store = dir.path().join("traces.db");
    let again = common::mimic()
        .current_dir(dir.path())
        .args(["generate", "--store"])
        .arg(&store)
        .args(["--out", "again", "--resources", "again-resources"])
        .output()
        .unwrap();
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let manifest = manifest_of(&dir.path().join("again"));
    assert_eq!(
        manifest["resource_root"].as_str().map(PathBuf::from),
        Some(std::path::absolute(dir.path().join("again-resources")).unwrap()),
        "{manifest:#}"
    );
}

/// A collaborator found lazily and kept in a field (`if (filter == null) filter =
/// registry.filter(name); filter.apply(input)`, Pebble's `FilterExpression`): the first
/// run's test answers the lookup with a mock and stubs the filter's call on it (the
/// recorder saw that call made on the very object the lookup answered); later runs find
/// the filter in the field (a mock: the method only calls it; a spy on the recorded
/// filter while the write into the field took it whole). Before, the call was dropped as one on an object the method
/// made, and the real filter the test built from an empty recording failed. And a
/// collaborator the method stores from its argument (in a helper) and calls through.
#[test]
fn a_collaborator_found_and_stored_by_the_method_is_a_mock_of_the_lookup() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("lazy", "se.kth.castor.lazy.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let source = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/lazy"), "Pipe");
    for expected in [
        "when(registry.filter(\"upper\")).thenReturn(filter);",
        "when(filter.apply(\"lazy\")).thenReturn(\"LAZY\");",
        "\"filter\", null",
        "when(filter.apply(\"found\")).thenReturn(\"FOUND\");",
        "assertEquals(\"<LAZY>\", result);",
    ] {
        assert!(source.contains(expected), "{expected} in {source}");
    }
    // `Stage.run` stores its argument in the field through `init(registry)` (Velocity's
    // `super.init(rs)`) and calls through the field: the recorder sees the field's new
    // object is the argument, so the calls are stubbed on the argument's mock and the
    // field stays as production had it at entry. Before, they were dropped (a `null`).
    let stage = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/lazy"), "Stage");
    for expected in [
        "\"registry\", null",
        "when(registry.filter(\"upper\")).thenReturn(Fixtures.create(Upper.class), filter);",
        "when(filter.apply(\"staged\")).thenReturn(\"STAGED\");",
        "assertEquals(\"STAGED!\", result);",
    ] {
        assert!(stage.contains(expected), "{expected} in {stage}");
    }
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);
}

/// A collaborator that writes into the writer it is given (`encoder.encode(value, out)`)
/// or appends to a builder and hands it back (`separator.after(text, i)`): the recorder
/// sees, when the call returns, the text it appended and which argument it returned, and
/// the stub does the same (`doAnswer`/`thenAnswer`). Writers and builders compare by
/// identity, so a call's writer is matched by type and a returned one asserted by its
/// text. Before, every mock did nothing: 2 of the 18 `Renderer` tests mimicked
/// (mustache.java's `ValueCode.execute` and `AbstractObjectHandler.iterate` in small).
/// And a `Loop` whose section, a lambda, loops again through the same loop: the calls
/// the nested loop makes while the outer call to the section runs are the section's
/// doing, not the outer invocation's (its test's mock makes none); they were recorded for
/// it, and 6 of its tests failed.
#[test]
fn what_a_mocked_call_writes_into_its_arguments_is_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("writers", "se.kth.castor.writers.Main", dir.path());
    assert_none(&manifest_of(&tests), "skipped");
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);
    assert_eq!(report["summary"]["tests"], 33, "{:#}", report["summary"]);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/writers"), "Renderer");
    for expected in [
        "doAnswer(invocation -> { ((Appendable) invocation.getArgument(1)).append(\"one\"); return null; })",
        "thenAnswer(invocation -> { ((Appendable) invocation.getArgument(0)).append(\", \"); return invocation.getArgument(0); })",
        "encode(eq(\"one\"), any(java.io.Writer.class))",
        "assertEquals(\"<ul><li>one</li></ul>\", String.valueOf(result));",
    ] {
        assert!(source.contains(expected), "{expected} in {source}");
    }
}

/// Issue 15 pattern 5: a project subclass of `ArrayList` (a playlist with a name) and one
/// of `HashMap` (tags with a fallback) are data: not mocked, recorded with their own
/// fields and their elements or entries, and rebuilt with both; the tests mimic. Before,
/// the playlist was a mock whose iterator could not be recorded, and neither MUT got a
/// test (a mock or a rebuilt empty list would pass or fail for the wrong reason).
/// The same for subclasses of `Properties`, `Hashtable` (whose `put` override counts
/// updates: the rebuilt entries must not run it again, or the announcement says 4 ratings
/// where production said 2) and `Vector`: before, they were opaque and their MUTs had no
/// tests. A map's `keySet()` and `values()` passed as arguments are rebuilt as the same
/// JDK views over a new map of the same class, a `ConcurrentHashMap.newKeySet()` as such
/// a set, and the `Collections.synchronized…`/`unmodifiableCollection` wrappers as the
/// same wrappers (were "cannot rebuild", no tests).
#[test]
fn collection_and_map_subclasses_are_rebuilt_with_their_contents_and_fields() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("playlist", "se.kth.castor.playlist.Main", dir.path());
    let manifest = manifest_of(&tests);
    assert_none(&manifest, "gaps");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    assert_eq!(report["summary"]["tests"], 57, "{:#}", report["summary"]);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/playlist"), "Player");
    for expected in [
        "Settings settings = Fixtures.create(Settings.class, \"profile\", \"quiet\", \"writes\", 2, \"<entries>\", Fixtures.map(new java.util.Properties(), \"volume\", \"2\", \"theme\", \"dark\"));",
        "Ratings ratings = Fixtures.create(Ratings.class, \"scale\", 4, \"updates\", 2, \"<entries>\", Fixtures.map(new java.util.Hashtable<>(), \"Sunrise\", 5, \"Coffee\", 3));",
        "History history = Fixtures.create(History.class, \"owner\", \"ana\", \"<elements>\", new java.util.Vector<>(java.util.Arrays.asList(\"Sunrise\", \"Moon\")));",
        "Fixtures.keysOf(new java.util.HashMap<>(), \"Moon\", \"Sunrise\");",
        "Fixtures.keysOf(new java.util.LinkedHashMap<>(), \"Sunrise\", \"Moon\");",
        "Fixtures.valuesOf(new java.util.LinkedHashMap<>(), 200, 240);",
        "Fixtures.valuesOf(new java.util.HashMap<>(), 180);",
        "Fixtures.withAll(java.util.concurrent.ConcurrentHashMap.newKeySet(), \"Coffee\");",
        "java.util.Collections.synchronizedSet(new java.util.LinkedHashSet<>(java.util.Arrays.asList(\"Moon\", \"Dawn\", \"Rain\")));",
        "java.util.Collections.synchronizedList(new java.util.ArrayList<>(java.util.Arrays.asList(60, 70, 80, 90)));",
        "java.util.Collections.unmodifiableCollection(new java.util.ArrayList<>(java.util.Arrays.asList(5, 6, 7, 8, 9)));",
        "java.util.Collections.synchronizedMap(Fixtures.map(new java.util.LinkedHashMap<>(), \"Moon\", \"slow\"))",
    ] {
        assert!(source.contains(expected), "{expected} in {source}");
    }
    assert!(
        source.contains("Playlist playlist = Fixtures.create(Playlist.class, \"name\", \"morning\", \"<elements>\", new java.util.ArrayList<>("),
        "{source}"
    );
    assert!(
        source.contains("\"fallback\", \"untagged\", \"<entries>\", "),
        "{source}"
    );
    assert!(
        source.contains("announce(\"7 stars, 2 ratings\")"),
        "{source}"
    );
    // The output oracle holds what only the elements give: 70 + 60 seconds played.
    assert!(source.contains("assertEquals(130, result);"), "{source}");
    assert!(!source.contains("mock(Playlist.class)"), "{source}");
}

/// Issue 15 item 4: a method of a non-static inner class whose collaborator is, in
/// production, a lambda (a hidden class the JVM names `Meter$$Lambda$1/0x…`), an anonymous
/// class or a local class capturing the outer instance: every invocation gets tests (the
/// lambda's name is no longer taken for a crafted store; an object first recorded inside
/// the mocked collaborator is rebuilt where the receiver refers to it), and they mimic.
#[test]
fn inner_classes_and_lambda_collaborators_get_tests_that_mimic() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) =
        record_and_generate("inner-classes", "se.kth.castor.meter.Main", dir.path());
    let manifest = manifest_of(&tests);
    assert_none(&manifest, "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    assert_eq!(report["summary"]["tests"], 12, "{:#}", report["summary"]);
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/meter"), "MeterReading");
    assert!(source.contains("Meter.Reading receiver = "), "{source}");
    assert!(source.contains("Feed feed = mock(Feed.class);"), "{source}");
}

/// Values whose Java form used not to compile (found on a scripting engine's parser and
/// introspection): a stubbed exception with no message constructor (built from a node,
/// `Fixtures.thrown`), an array returned by a method declared `Object` (asserted after a
/// cast), a stub answering `Constructor<?>` (raw, as a class literal), and an array shown
/// by its Java type in display names (`Object[2]`, not `Ljava.lang.Object;[2]`). And a
/// collaborator whose class, in another package, overrides a protected overload
/// (`Doubler.visit(Leaf)`): mocked as the owner, since the test would not see the override
/// and javac would stub `visit(Node)` instead (all six `Leaf` tests failed so); the same
/// through `Tripler`, a class of the test's package whose superclass is `Doubler`. An
/// exception whose class overrides `getMessage()` (`Halt`) is recorded with its detail
/// message and that flag: its test checks the class only (`getMessage()` said
/// "halted: stop", not the "stop" recorded). A spied collaborator of a nested class held
/// in a variable declared `Object` (`Chain.Link`, shared by two fields) is cast for `spy`,
/// and so is such an object named in an array of its class (`Board.Cell[]` holding one
/// cell twice). A section whose parent lists it among its children (a cycle through an
/// array) gets that array set once the section is declared, and an `EnumSet` (its
/// classes are not public) is rebuilt with `EnumSet.copyOf`. From JDOM (session 54): a
/// ledger reached by two read paths (a cursor's and its view's) is recorded with the
/// fields both read; a shelf's `add` that casts its argument to `Crate` only when it is
/// one gets a spy of the `Box` production passed; a chain of seven links, deeper than
/// the depth limit but within the others, is recorded whole. From PDFBox's
/// `getInheritableAttribute`: `Scopes.inherited` calling itself on a scope's parent. A
/// tray's holder, used through an interface but tested with `instanceof`, is mocked as
/// the `Rack` production had. A part's `detach()` asks its bin to remove it, and the bin
/// clears the part's `bin` and counts a move: the stub does both (JDOM's
/// `Content.detach`, whose three output tests found the mock still in `parent`). A
/// face's standard glyph table, one shared object in a private static final field and
/// larger than a value may be, is that very object in its tests (PDFBox's `GlyphList`).
/// A binding's handler `coerce`s by handing back its argument, and the wrapper it
/// answers (run for real) asks it to coerce a scope no recorded call saw: the stub
/// hands back any argument (mustache.java's `GuardedBinding`, 15 tests unhandled). An
/// outliner's helper recurses into the children of its argument: the calls it makes on
/// them are not the argument's (SnakeYAML's `serializeNode`). A decoder hands its
/// cursor to a function the plan does not follow, which peeks again: its call oracle
/// checks the recorded calls happened (`calls(1)`), not that no others did (Gson's
/// `Streams.parse`, whose reader a type adapter reads). A renderer keeps the style its
/// lookup answered and asks `instanceof LoudStyle`: the answer is mocked as the class
/// production had (Pebble's `FilterExpression` and its escaping filter).
#[test]
fn exceptions_without_message_constructors_arrays_as_objects_and_constructors_compile_and_mimic() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("faults", "se.kth.castor.faults.Main", dir.path());
    let manifest = manifest_of(&tests);
    assert_none(&manifest, "skipped");
    let report = verify(&tests, &classes, 1);
    assert_all_mimic(&report);
    assert_eq!(report["summary"]["tests"], 165, "{:#}", report["summary"]);
    let package = tests.join("se/kth/castor/faults");
    // Two read paths meet at one ledger, each reading other fields of it: the ledger is
    // rebuilt with both (without, `next` threw "the ledger changed").
    let ledger = mimic_test_support::mimic_tests_of(&package, "LedgerCursor");
    assert!(
        ledger.contains(
            "Ledger ledger = Fixtures.create(Ledger.class, \"entries\", new int[] {3, 5, 0, 0}, \"sizeMod\", 42, \"dataMod\", 72);"
        ),
        "{ledger}"
    );
    // A cast the invocation did not make says nothing of its argument's class.
    let shelf = mimic_test_support::mimic_tests_of(&package, "Shelf");
    assert!(
        shelf.contains("ShelfItem shelfItem = spy(Fixtures.create(Box.class, "),
        "{shelf}"
    );
    // A static method calling itself on the parent a mocked scope answered: the nested
    // invocation's calls on that parent are not the outer test's (they were, and its
    // call oracle wanted four calls on the mock).
    let scopes = mimic_test_support::mimic_tests_of(&package, "Scopes");
    assert!(
        scopes.contains("inOrder.verify(scope, times(1)).parent();\n    }"),
        "{scopes}"
    );
    // A holder used through its interface whose class the tray tests: a mock of the
    // class production had (an interface's mock made `put` answer 0, not 1).
    let tray = mimic_test_support::mimic_tests_of(&package, "Tray");
    assert!(tray.contains("Rack holder = mock(Rack.class);"), "{tray}");
    // Also when a private helper tests it (`stack` through `onRack`).
    assert!(!tray.contains("mock(Tray.Holder.class)"), "{tray}");
    // The face's shared standard glyph table (private, far past the value limits) is
    // that very object, read reflectively: `==` finds it the standard one.
    let face = mimic_test_support::mimic_tests_of(&package, "Face");
    assert!(
        face.contains(
            "Face.Glyphs glyphs = Fixtures.constant(\"se.kth.castor.faults.Face$Glyphs\", \"STANDARD\");"
        ),
        "{face}"
    );
    // The outliner's helper recurses into the children: only the root's own calls are
    // the argument's (the children's run for real on the objects its stub answers).
    let outliner = mimic_test_support::mimic_tests_of(&package, "Outliner");
    assert!(
        outliner.contains("when(item.label()).thenReturn(\"root\");"),
        "{outliner}"
    );
    assert!(
        outliner.contains("inOrder.verify(item, times(1)).children();"),
        "{outliner}"
    );
    // The renderer asks whether the style its lookup answered is a loud one: the stub's
    // answer is a mock of that class, not of the interface.
    let renderer = mimic_test_support::mimic_tests_of(&package, "Renderer");
    assert!(
        renderer.contains("LoudStyle loudStyle = mock(LoudStyle.class);"),
        "{renderer}"
    );
    // The bundle's pairs hold a tree of pages the version lookup never looks into, past
    // the byte limit at the depth limit: walked less deep (depth 2), then mocks and arrays
    // as long (their length recorded) stand in for the styles and page lists cut (without
    // either, no test at all).
    assert_eq!(
        manifest["stand_in_muts"], 3,
        "only the bundle's version and the emitter's two need them"
    );
    let with_stand_ins: Vec<&serde_json::Value> = manifest["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["stand_ins"] == true)
        .collect();
    let of = |method: &str| {
        with_stand_ins
            .iter()
            .filter(|t| t["mut_method"] == method)
            .count()
    };
    assert!(
        with_stand_ins.len() == 12 && of("version") == 6 && of("emit") == 4 && of("decoded") == 2,
        "{with_stand_ins:?}"
    );
    // The emitter writes to the application's own stream, and wraps another without
    // reading it, which the recorder leaves opaque: a stream that keeps nothing, and one
    // with nothing in it, stand in for them, and the call oracle checks what each method
    // asked of the token (without them, no test of `emit` or `decoded`).
    let emitter = mimic_test_support::mimic_tests_of(&package, "Emitter");
    assert!(
        emitter.contains("// An output stream that keeps nothing stands in for the CountingStream production wrote to (in argument 2): what it wrote was not recorded.")
            && emitter.contains("java.io.OutputStream outputStream = java.io.OutputStream.nullOutputStream();")
            && emitter.contains("// An input stream with nothing in it stands in for the Source production read from (in argument 2): what it read was not recorded.")
            && emitter.contains("java.io.InputStream.nullInputStream()")
            && emitter.contains("inOrder.verify(token, times(1)).hex();"),
        "{emitter}"
    );
    let bundle = mimic_test_support::mimic_tests_of(&package, "Bundle");
    assert!(
        bundle.contains(
            "// A mock stands in for the Style the recorder's depth limit 2 cut (in the receiver)."
        ) && bundle.contains("\"style\", Fixtures.mockOf(\"se.kth.castor.faults.Bundle$Style\")")
            && bundle.contains("\"children\", new Bundle.Pages[12])")
            && bundle.contains("// An array as long, of default elements, stands in for each Bundle.Pages[] the recorder's depth limit 2 cut (in the receiver)."),
        "{bundle}"
    );
    // The typeface's metrics table (a mocked collaborator whose glyphs a private helper
    // reads) is far past the limits and declared first: walked whole it left the cache
    // and the fallback out, and `width` had no test. Walked one level, the receiver is
    // recorded, and the mock gets the glyph array the helper reads the length of, as
    // long as production's (without it, a NullPointerException on the mock's field).
    let typeface = mimic_test_support::mimic_tests_of(&package, "Typeface");
    assert!(
        typeface.contains("Typeface.Metrics metrics = mock(Typeface.Metrics.class);")
            && typeface.contains("\"cache\", Fixtures.map(new java.util.HashMap<>(), 40, 540.0F), \"fallback\", 250.0F);")
            && typeface.contains("Fixtures.set(metrics, \"glyphs\", new Typeface.Glyph[300]);")
            && typeface.contains("// An array as long, of default elements, stands in for each Typeface.Glyph[] the recorder's depth limit 3 cut (in the mocked metrics)."),
        "{typeface}"
    );
    // The decoder's cursor is handed to a function the plan does not follow, which peeks
    // again: the call oracle asks for the recorded peek, not for no other.
    let decoder = mimic_test_support::mimic_tests_of(&package, "Decoder");
    assert!(
        decoder.contains("inOrder.verify(cursor, calls(1)).peek();"),
        "{decoder}"
    );
    // The binding's handler handed back what it was asked to coerce: its stub does so
    // for any argument, also for the wrapper's guard, which runs for real.
    let binding = mimic_test_support::mimic_tests_of(&package, "Binding");
    assert!(
        binding.contains(
            "when(handler.coerce((Object) any())).thenAnswer(invocation -> { return invocation.getArgument(0); });"
        ),
        "{binding}"
    );
    // The picker hands back the very mock its stock's stub answered: asserted so.
    let picker = mimic_test_support::mimic_tests_of(&package, "Picker");
    assert!(picker.contains("assertSame(ware, result);"), "{picker}");
    // What the bin's `remove` did to the part handed to it, done by the stub.
    let part = mimic_test_support::mimic_tests_of(&package, "Part");
    assert!(
        part.contains("{ Fixtures.set(invocation.getArgument(0), \"bin\", null); Fixtures.set(invocation.getArgument(0), \"moves\", 2); return true; }"),
        "{part}"
    );
    // Seven links, past the depth limit of 3 that nothing else needed: recorded whole.
    let chain_links = mimic_test_support::mimic_tests_of(&package, "Chain");
    assert!(
        chain_links.contains("\"word\", \"alpha\", \"next\", null"),
        "{chain_links}"
    );
    let leaf = mimic_test_support::mimic_tests_of(&package, "Leaf");
    assert!(
        leaf.contains("Walker walker = mock(Walker.class);"),
        "{leaf}"
    );
    let node = mimic_test_support::mimic_tests_of(&package, "Node");
    assert!(
        node.contains(
            ".thenThrow(Fixtures.thrown(EvalException.class, \"cannot evaluate line 4\"));"
        ),
        "{node}"
    );
    assert!(
        node.contains("assertArrayEquals(new int[] {2, 4}, (int[]) result);"),
        "{node}"
    );
    assert!(
        node.contains("returned Object[2] after 1 mockable call"),
        "{node}"
    );
    assert!(!node.contains("Ljava.lang"), "{node}");
    let chain = mimic_test_support::mimic_tests_of(&package, "Chain");
    assert!(
        chain.contains("Chain.Link head = spy((Chain.Link) link);"),
        "{chain}"
    );
    let board = mimic_test_support::mimic_tests_of(&package, "Board");
    assert!(
        board.contains("new Board.Cell[] {(Board.Cell) cell, "),
        "{board}"
    );
    let outline = mimic_test_support::mimic_tests_of(&package, "Outline");
    assert!(
        outline.contains("Fixtures.set(section2, \"children\", new Outline.Section[] {(Outline.Section) section});"),
        "{outline}"
    );
    assert!(outline.contains("java.util.EnumSet.copyOf(java.util.Arrays.asList(Outline.Style.BOLD, Outline.Style.CODE))"), "{outline}");
    let factory = mimic_test_support::mimic_tests_of(&package, "Factory");
    assert!(
        factory.contains("assertThrows(Halt.class, () -> receiver.make(\"stop\"));"),
        "{factory}"
    );
    assert!(!factory.contains("thrown.getMessage()"), "{factory}");
    assert!(
        factory.contains("thenReturn(Fixtures.constructor(\"java.util.ArrayList\", \"()V\"));"),
        "{factory}"
    );
}

/// Issue 15 item 3: a method that reads a field of a collaborator it mocks
/// (`inventory.items.size()`, `inventory.counts[slot]++`) gets that field set on the
/// mock from the recorded collaborator; without it the mock's empty field throws
/// `NullPointerException` where production did not. Item 5: an argument that was the
/// receiver itself is matched by identity.
#[test]
fn fields_read_on_a_mocked_collaborator_are_set_from_the_recording() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("stock", "se.kth.castor.stock.Main", dir.path());
    let manifest = manifest_of(&tests);
    assert_none(&manifest, "skipped");
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);
    let source = mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/stock"), "Shop");
    assert!(
        source.contains("Inventory inventory = mock(Inventory.class);"),
        "{source}"
    );
    assert!(
        source.contains("Fixtures.set(inventory, \"items\", "),
        "{source}"
    );
    assert!(
        source.contains("Fixtures.set(inventory, \"counts\", new int[] {0, 1, 0});"),
        "{source}"
    );
    // Issue 15 item 5: the shop passed itself, so the call oracle checks that identity.
    assert!(
        source.contains("verify(inventory, atLeastOnce()).hold(eq(\"pear\"), same(receiver));"),
        "{source}"
    );
    // Item 6: `sell` only forwards one mocked call; it is counted apart.
    let plan: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("plan.json")).unwrap())
            .unwrap();
    let delegating: Vec<&str> = plan["muts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["delegation"] == true)
        .map(|m| m["method"].as_str().unwrap())
        .collect();
    assert_eq!(delegating, ["sell"]);
    assert_eq!(manifest["delegating_muts"], 1);
    // … and so does the call oracle, which no longer falls back to wildcards for a call
    // whose values it knows.
    assert!(
        source.contains("inOrder.verify(inventory, times(1)).hold(eq(\"pear\"), same(receiver));"),
        "{source}"
    );
}

/// Issue 15 item 1: the library's receiver holds a catalog of a thousand books and a fee
/// policy four objects down; `lateFee` reads only the rates and the loan's day. Captured
/// along the plan's read tree, the receiver is exactly that (no catalog), its tests are
/// generated and mimic production; captured whole within the snapshot limits (a plan
/// without read trees), the same receiver is cut short and the MUT gets no test. The
/// same holds for what a mocked call answers (`graceDaysAt`: another library, of which
/// only the rates are read) and for a stream only handed to a mock (`publish`).
#[test]
fn state_past_the_snapshot_limits_is_captured_along_the_read_tree() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("library", "se.kth.castor.library.Main", dir.path());
    let manifest = manifest_of(&tests);
    assert_eq!(
        manifest["gaps"].as_array().unwrap().len(),
        0,
        "{manifest:#}"
    );
    let source =
        mimic_test_support::mimic_tests_of(&tests.join("se/kth/castor/library"), "Library");
    assert!(source.contains("\"graceDays\", 2"), "{source}");
    // `rateCard()` hands the library to a `RateCard` it makes, which reads the rates only.
    assert!(source.contains("receiver.rateCard()"), "{source}");
    // `graceDaysAt` reads the rates of the library a mocked network answers: the stub
    // answers with a library holding those (its thousand books are past the limits).
    assert!(source.contains("receiver.graceDaysAt("), "{source}");
    assert!(source.contains("\"graceDays\", 5"), "{source}");
    // `seasonalDaily` loads today's season's rates from an array: every season's daily
    // rate is recorded, nothing else of them (their caps are not read).
    assert!(source.contains("receiver.seasonalDaily()"), "{source}");
    assert!(source.contains("\"daily\", 30"), "{source}");
    assert!(!source.contains("\"cap\", 600"), "{source}");
    // `publish` hands its stream to the mock unread: an empty one of its class stands in.
    assert!(
        source.contains("Fixtures.create(\"java.io.ByteArrayOutputStream\")"),
        "{source}"
    );
    assert!(!source.contains("catalog"), "{source}");
    assert!(!source.contains("adopted"), "{source}");
    // `notice()` reads a `char[4000]` holding 17 characters: recorded up to the last
    // one, rebuilt with its length.
    assert!(
        source.contains("java.util.Arrays.copyOf(\"Closed on Sundays\".toCharArray(), 4000)"),
        "{source}"
    );
    let report = verify(&tests, &classes, 2);
    assert_all_mimic(&report);

    // The same run recorded without read trees.
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let mut plan: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("plan.json")).unwrap())
            .unwrap();
    for m in plan["muts"].as_array_mut().unwrap() {
        m.as_object_mut().unwrap().remove("reads");
    }
    let whole_plan = dir.path().join("plan-whole.json");
    std::fs::write(&whole_plan, plan.to_string()).unwrap();
    let store = dir.path().join("whole.db");
    let java = Jdk::locate().unwrap().java();
    let (code, _, err) = mimic(&[
        "record",
        "--plan",
        &s(&whole_plan),
        "--store",
        &s(&store),
        "--",
        &s(&java),
        "-cp",
        &s(&classes),
        "se.kth.castor.library.Main",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let whole_tests = dir.path().join("whole-tests");
    let (code, _, err) = mimic(&["generate", "--store", &s(&store), "--out", &s(&whole_tests)]);
    assert_eq!(code, Some(0), "{err}");
    let manifest = manifest_of(&whole_tests);
    let gaps = manifest["gaps"].as_array().unwrap();
    for method in [
        "notice",
        "lateFee",
        "rateCard",
        "graceDaysAt",
        "publish",
        "seasonalDaily",
    ] {
        assert!(
            gaps.iter()
                .any(|g| g["mut_method"] == method && g["reason"] == "receiver-not-recorded"),
            "{method}: {manifest:#}"
        );
    }
}

/// Issue 15 item 7, no silent gaps: `mimic generate` accounts for every invoked MUT —
/// the ones with tests, and every other one with its reason from the closed list, in the
/// console summary and in `mimic-tests.json`. The secrets example's redacted arguments
/// leave three MUTs without tests.
#[test]
fn every_invoked_mut_without_tests_is_counted_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (_, tests) = record_and_generate("secrets", "se.kth.castor.secrets.Main", dir.path());
    let manifest = manifest_of(&tests);
    let tested: BTreeSet<String> = manifest["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{}.{}{}",
                t["mut_class"], t["mut_method"], t["mut_descriptor"]
            )
        })
        .collect();
    let gaps = manifest["gaps"].as_array().unwrap();
    assert_eq!(
        manifest["invoked_muts"].as_u64().unwrap() as usize,
        tested.len() + gaps.len(),
        "{manifest:#}"
    );
    assert!(!gaps.is_empty());
    for gap in gaps {
        assert_eq!(gap["reason"], "redacted-value", "{gap:#}");
        assert!(gap["invocations"]["redacted-value"].as_u64().unwrap() >= 1);
    }
    // The console says the same, compactly.
    let store = dir.path().join("traces.db");
    let again = dir.path().join("again");
    let (code, out, err) = mimic(&[
        "generate",
        "--store",
        store.to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let invoked = manifest["invoked_muts"].as_u64().unwrap();
    assert!(
        out.contains(&format!(
            "tests for {} of {invoked} invoked MUTs",
            tested.len()
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{} invoked MUTs without tests, by reason",
            gaps.len()
        )),
        "{out}"
    );
    assert!(out.contains("  redacted-value "), "{out}");
}

/// `mimic run [flags] -c <classes> --out <dir>/out --runs 2 -- java … Main` on the
/// word-scanner example compiled into `dir`: (exit code, stdout, stderr, the out dir).
fn run_word_scanner(dir: &Path, flags: &[&str]) -> (Option<i32>, String, String, PathBuf) {
    run_example("word-scanner", "se.kth.castor.scanner.Main", dir, flags)
}

/// `mimic run FLAGS` on the example `name` with its main class `main` (two verify runs).
fn run_example(
    name: &str,
    main: &str,
    dir: &Path,
    flags: &[&str],
) -> (Option<i32>, String, String, PathBuf) {
    let classes = dir.join("classes");
    compile_dir(&example_src(name), &classes);
    let out = dir.join("out");
    let java = Jdk::locate().unwrap().java();
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let mut args: Vec<String> = vec!["run".into()];
    args.extend(flags.iter().map(|f| f.to_string()));
    args.extend([
        "-c".into(),
        s(&classes),
        "--out".into(),
        s(&out),
        "--runs".into(),
        "2".into(),
        "--".into(),
        s(&java),
        "-cp".into(),
        s(&classes),
        main.into(),
    ]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = mimic(&args);
    (code, stdout, stderr, out)
}

/// Whole-program mode on `examples/faults`: `new Sheet(config, scorer)` reads
/// `config.rows` before keeping `config`, which its test passes as a mock: the mock's
/// field is set from the recording (JEXL's `TemplateEngine(Engine, …)` read the engine's
/// `cacheFactory` and threw `NullPointerException` in its test), and every test of the
/// example's classes mimics.
#[test]
fn whole_program_mode_sets_the_fields_a_constructor_reads_on_a_collaborator_it_keeps() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr, out) = run_example(
        "faults",
        "se.kth.castor.faults.Main",
        dir.path(),
        &["--all"],
    );
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("successfully mimic (100.0%)"), "{stdout}");
    let sheet = mimic_test_support::mimic_tests_of(
        &out.join("src/test/java/se/kth/castor/faults"),
        "Sheet",
    );
    assert!(
        sheet.contains("Sheet.Config config = mock(Sheet.Config.class);\n        Fixtures.set(config, \"rows\", 3);"),
        "{sheet}"
    );
    // `bin.remove(part)` with a part of the bin's own list: that very part is passed
    // (recorded as an object of the receiver), or `remove` answers false.
    let bin =
        mimic_test_support::mimic_tests_of(&out.join("src/test/java/se/kth/castor/faults"), "Bin");
    assert!(
        bin.contains("\"parts\", new java.util.ArrayList<>(java.util.Arrays.asList(part)));")
            && bin.contains("boolean result = receiver.remove(part);"),
        "{bin}"
    );
}

/// Issue 19 item 6: `mimic run` is the whole pipeline in one command, every file in one
/// directory, ending in verify's table.
#[test]
fn mimic_run_takes_a_java_command_to_verified_tests() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr, out) = run_word_scanner(dir.path(), &["--coverage"]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    // In rick's mode, what the run covered outside the MUTs is named as not planned.
    assert!(stdout.contains("coverage: the tests cover "), "{stdout}");
    assert!(
        stdout.contains("not in the plan (`mimic targets --explain` says why"),
        "{stdout}"
    );
    for step in ["1/4 targets", "2/4 record", "3/4 generate", "4/4 verify"] {
        assert!(stderr.contains(step), "{step}: {stderr}");
    }
    // The program's own output passes through, then generate's and verify's summaries.
    assert!(stdout.contains("[jumps, over]"), "{stdout}");
    assert!(stdout.contains("for 3 of 3 invoked MUTs"), "{stdout}");
    assert!(stdout.contains("successfully mimic (100.0%)"), "{stdout}");
    for file in ["plan.json", "traces.db", "src/test/java/mimic-tests.json"] {
        assert!(out.join(file).is_file(), "{file}");
    }
    // Without a class path or a project there is nothing to plan: a usage error.
    let (code, _, stderr) = mimic(&["run", "--", "java", "-version"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("class path (-c) or --project"), "{stderr}");
}

/// `mimic run --redact-rules` records under the given rules, as `mimic record` does: the
/// reservations example's test cards are redacted by the built-in rules where they are
/// recorded (the payment calls' arguments), and in clear with its rules file. Either way
/// every invocation gets tests: `purchaseTickets` only hands its card to the mocked
/// payment service, so nothing of the card is recorded with the invocation itself.
#[test]
fn mimic_run_records_under_a_redaction_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    compile_dir(&example_src("reservations"), &classes);
    let rules = example_src("reservations").join("../redaction.toml");
    let java = Jdk::locate().unwrap().java();
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let run = |out: &Path, rules: Option<&Path>, extra: &[&str]| {
        let mut args: Vec<String> = vec!["run".into()];
        if let Some(r) = rules {
            args.extend(["--redact-rules".into(), s(r)]);
        }
        args.extend(extra.iter().map(|a| a.to_string()));
        args.extend([
            "-c".into(),
            s(&classes),
            "--out".into(),
            s(out),
            "--runs".into(),
            "1".into(),
            "--".into(),
            s(&java),
            "-cp".into(),
            s(&classes),
            "se.kth.castor.reservations.Main".into(),
        ]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        mimic(&args)
    };
    // "generated N tests": how many tests a run's generate step wrote.
    let generated = |stdout: &str| -> usize {
        stdout
            .split("generated ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no generate summary in {stdout}"))
    };
    // Whether a card number is anywhere in a run's trace store.
    let holds_card = |out: &Path| {
        ["traces.db", "traces.db-wal"].iter().any(|f| {
            std::fs::read(out.join(f))
                .is_ok_and(|bytes| bytes.windows(16).any(|w| w == b"4111111111111111"))
        })
    };
    let (code, default_out, stderr) = run(&dir.path().join("default"), None, &[]);
    assert_eq!(code, Some(0), "{default_out}\n{stderr}");
    assert!(
        default_out.contains("0 invocations skipped"),
        "{default_out}"
    );
    assert!(!holds_card(&dir.path().join("default")));
    let (code, stdout, stderr) = run(&dir.path().join("rules"), Some(&rules), &[]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(holds_card(&dir.path().join("rules")));
    assert!(stdout.contains("for 1 of 1 invoked MUTs"), "{stdout}");
    assert_eq!(
        generated(&stdout),
        generated(&default_out),
        "{default_out}\n{stdout}"
    );
    assert!(stdout.contains("successfully mimic (100.0%)"), "{stdout}");
    // `--max-per-mut` reaches generate: with room for all fifteen distinct purchases,
    // the group discounts (same calls and result kind as other paid purchases, so past
    // the default five only another path gets a test) are tested too.
    let (code, every, stderr) = run(
        &dir.path().join("every"),
        Some(&rules),
        &["--max-per-mut", "15"],
    );
    assert_eq!(code, Some(0), "{every}\n{stderr}");
    assert!(generated(&every) > generated(&stdout), "{stdout}\n{every}");
    let source = mimic_test_support::mimic_tests_of(
        &dir.path()
            .join("every/src/test/java/se/kth/castor/reservations"),
        "ReservationCentre",
    );
    assert!(source.contains("receiver.purchaseTickets(12, "), "{source}");
}

/// Issue 16, first part: with `--all` every public method with a body is a method under
/// test, also those without a mockable call (`StringSource`'s), whose tests rebuild the
/// receiver and assert the outcome; `Main.main`, the entry point, is left out, and every
/// invoked MUT gets tests.
#[test]
fn whole_program_mode_tests_methods_without_mockable_calls() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr, out) = run_word_scanner(dir.path(), &["--all"]);
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    // `main` is not a unit: whole-program mode leaves it out; the two constructors the
    // workload calls are MUTs.
    assert!(stdout.contains("for 8 of 8 invoked MUTs"), "{stdout}");
    assert!(
        stdout.contains("se.kth.castor.scanner.WordScanner.<init>("),
        "{stdout}"
    );
    assert!(stdout.contains("successfully mimic (100.0%)"), "{stdout}");
    assert!(
        stdout.contains("char se.kth.castor.scanner.StringSource.peek()"),
        "{stdout}"
    );
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("src/test/java/mimic-tests.json")).unwrap(),
    )
    .unwrap();
    let gaps = manifest["gaps"].as_array().unwrap();
    assert!(gaps.is_empty(), "{gaps:?}");
}

/// Issue 16 on classes a test cannot name or build with a plain `new`: in whole-program
/// mode an inner class's constructor is tested as `outer.new Inner(…)`, and the methods of
/// an anonymous and a local class through the interface they implement (the receiver
/// declared as `Feed`, built by class name), so the tests run every method the workload
/// ran; a method returning an object with no literal field is asserted not null.
#[test]
fn whole_program_mode_tests_inner_anonymous_and_local_classes() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, stderr, out) = run_example(
        "inner-classes",
        "se.kth.castor.meter.Main",
        dir.path(),
        &["--all", "--coverage"],
    );
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("for 6 of 6 invoked MUTs"), "{stdout}");
    // Issue 16 item 4: the workload's coverage (a second run under JaCoCo) beside the
    // tests', per class; the tests cover every line the run covered but the entry
    // point's, and every method but `main` and the lambda that runs inside it.
    assert!(
        stderr.contains("coverage run: exit status 0; coverage data in"),
        "{stderr}"
    );
    assert!(out.join("traces.db.jacoco.exec").is_file());
    let row = |class: &str, way: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(&format!("se.kth.castor.meter.{class} {way} ")))
            .unwrap_or_else(|| panic!("no row of {class} {way}: {stdout}"))
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for class in ["Meter", "Meter$Reading", "Meter$1Countdown", "Main$1"] {
        assert_eq!(row(class, "run"), row(class, "tests"), "{stdout}");
    }
    // Methods, branches, lines (instructions differ between javac 17 and 25).
    assert!(
        row("Meter$Reading", "tests").starts_with("2/2 2/2 5/5 "),
        "{stdout}"
    );
    assert!(
        stdout.contains("the tests cover 13 of the 13 lines the run covered (100.0%; its entry points' 9 lines left out), 8 of its 10 methods; 2 method(s) the run covered are not covered (1 entry-point, 1 lambda)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("not covered by the tests: void se.kth.castor.meter.Main.main(String[]): the program's entry point"),
        "{stdout}"
    );
    // Bad coverage data of the run: named, the verify table kept, and not a green result.
    let garbage = dir.path().join("garbage.exec");
    std::fs::write(&garbage, "not JaCoCo data").unwrap();
    let tests = out.join("src/test/java");
    let classes = dir.path().join("classes");
    let work = dir.path().join("again");
    let (code, again, stderr) = mimic(&[
        "verify",
        "--tests",
        tests.to_str().unwrap(),
        "-c",
        classes.to_str().unwrap(),
        "--runs",
        "1",
        "--work",
        work.to_str().unwrap(),
        "--run-exec",
        garbage.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{again}\n{stderr}");
    assert!(
        stderr.contains("coverage: reporting the run's coverage")
            && stderr.contains("Invalid execution data file"),
        "{stderr}"
    );
    assert!(again.contains("successfully mimic (100.0%)"), "{again}");
    let (code, _, stderr) = mimic(&[
        "verify",
        "--tests",
        tests.to_str().unwrap(),
        "-c",
        classes.to_str().unwrap(),
        "--run-exec",
        "/no/such/file.exec",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--run-exec /no/such/file.exec: no such file"),
        "{stderr}"
    );
    assert!(stdout.contains("successfully mimic (100.0%)"), "{stdout}");
    let tests = out.join("src/test/java/se/kth/castor/meter");
    let reading = mimic_test_support::mimic_tests_of(&tests, "MeterReading");
    assert!(
        reading.contains("var result = meter.new Reading(feed);"),
        "{reading}"
    );
    assert!(
        reading.contains("assertSame(feed, Fixtures.get(result, \"feed\"));"),
        "{reading}"
    );
    let anonymous = mimic_test_support::mimic_tests_of(&tests, "Main1");
    assert!(
        anonymous.contains("Feed receiver = Fixtures.create(\"se.kth.castor.meter.Main$1\");"),
        "{anonymous}"
    );
    assert!(
        anonymous.contains("assertEquals(-1, result);"),
        "{anonymous}"
    );
    let local = mimic_test_support::mimic_tests_of(&tests, "Meter1Countdown");
    assert!(
        local.contains("Feed receiver = Fixtures.create(\"se.kth.castor.meter.Meter$1Countdown\""),
        "{local}"
    );
    let meter = mimic_test_support::mimic_tests_of(&tests, "Meter");
    assert!(meter.contains("receiver.countdown(2);"), "{meter}");
}

/// (name, original text, replacement) applied to ReservationCentre.java.
const REGRESSIONS: [(&str, &str, &str); 4] = [
    ("changed constant", "double amount = basePrice * quantity;", "double amount = basePrice * quantity + 1;"),
    ("dropped call", "if (paymentService.checkActiveConnections() > 0) {", "if (true) {"),
    ("changed argument", "paymentService.processPayment(card, amount);", "paymentService.processPayment(card, amount * 2);"),
    (
        "swapped call order",
        "if (paymentService.checkActiveConnections() > 0) {",
        "boolean early = paymentService.processPayment(card, amount); if (paymentService.checkActiveConnections() > 0) {",
    ),
];

#[test]
fn reservations_pipeline_and_regression_power() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate(
        "reservations",
        "se.kth.castor.reservations.Main",
        dir.path(),
    );
    let report = verify(&tests, &classes, 3);
    println!(
        "{}",
        serde_json::to_string_pretty(&report["summary"]).unwrap()
    );
    assert_all_mimic(&report);

    let source = std::fs::read_to_string(
        example_src("reservations")
            .join("main/java/se/kth/castor/reservations/ReservationCentre.java"),
    )
    .unwrap();
    let mut killed_by = Vec::new();
    for (i, (name, from, to)) in REGRESSIONS.iter().enumerate() {
        assert!(source.contains(from), "{name}: pattern not in the source");
        let mut mutated = source.replacen(from, to, 1);
        if *name == "swapped call order" {
            mutated = mutated.replacen(
                "boolean isPaymentSuccessful = paymentService.processPayment(card, amount);",
                "boolean isPaymentSuccessful = early;",
                1,
            );
        }
        let src = dir.path().join(format!("regression-{i}/src"));
        for file in java_sources_under(example_src("reservations")) {
            let rel = file.strip_prefix(example_src("reservations")).unwrap();
            let target = src.join(rel);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            let text = if file.ends_with("ReservationCentre.java") {
                mutated.clone()
            } else {
                std::fs::read_to_string(&file).unwrap()
            };
            std::fs::write(target, text).unwrap();
        }
        let mutated_classes = dir.path().join(format!("regression-{i}/classes"));
        compile_dir(&src, &mutated_classes);
        let r = verify(&tests, &mutated_classes, 1);
        let killers: BTreeSet<String> = r["tests"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["verdict"] != "successfully_mimics")
            .map(|t| t["oracle"].as_str().unwrap_or("?").to_string())
            .collect();
        println!("regression '{name}': killed by {killers:?}");
        killed_by.push((name.to_string(), killers));
    }
    let kills = |name: &str, oracle: &str| {
        killed_by
            .iter()
            .any(|(n, k)| n == name && k.contains(oracle))
    };
    assert!(
        kills("changed constant", "PO") && kills("changed constant", "OO"),
        "{killed_by:?}"
    );
    assert!(
        kills("dropped call", "PO") && kills("dropped call", "CO"),
        "{killed_by:?}"
    );
    assert!(
        kills("changed argument", "PO") && kills("changed argument", "OO"),
        "{killed_by:?}"
    );
    // The paper's RQ4: a swapped order is the call oracle's. (The parameter oracle now
    // catches it too: past the first five invocations generation also keeps the one
    // without a connection, a path on which the swapped code makes a payment production
    // never made.)
    assert!(kills("swapped call order", "CO"), "{killed_by:?}");
}

/// Issue 13, item 8: `generate --run` naming a run the store does not have is a usage
/// error, and nothing is written.
#[test]
fn generate_for_a_missing_run_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    record_and_generate("mockables", "se.kth.castor.mockables.Main", dir.path());
    let store = dir.path().join("traces.db");
    let out = dir.path().join("missing-run-tests");
    let (code, _, stderr) = mimic(&[
        "generate",
        "--store",
        store.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--run",
        "99",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no run 99"), "{stderr}");
    assert!(!out.exists());
}

/// `generate --project`: tests recorded from a workload over `examples/maven-project`
/// land in each module's `src/test/java` (Price's in core, Basket's in app), a file mimic
/// did not write is never overwritten, the missing Mockito dependency is named and then
/// added, and `mvn test` runs the generated tests green with no further edits.
#[test]
fn generate_into_a_maven_project_then_mvn_test_runs_them_green() {
    let dir = tempfile::tempdir().unwrap();
    let proj = dir.path().join("shop");
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/maven-project")
        .canonicalize()
        .unwrap();
    for file in common::files_under(&from) {
        let rel = file.strip_prefix(&from).unwrap();
        if rel.components().any(|c| c.as_os_str() == "target") {
            continue;
        }
        let dest = proj.join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&file, &dest).unwrap();
    }
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let plan = dir.path().join("plan.json");
    let store = dir.path().join("traces.db");
    let (code, _, err) = mimic(&["targets", "--project", &s(&proj), "--all", "-o", &s(&plan)]);
    assert_eq!(code, Some(0), "{err}");

    let workload = dir.path().join("workload");
    let classes = [
        proj.join("core/target/classes"),
        proj.join("app/target/classes"),
    ];
    mimic_test_support::compile_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/generate-project"),
        &classes,
        &workload,
    );
    let cp =
        std::env::join_paths([workload.clone(), classes[0].clone(), classes[1].clone()]).unwrap();
    let java = Jdk::locate().unwrap().java();
    let (code, out, err) = mimic(&[
        "record",
        "--plan",
        &s(&plan),
        "--store",
        &s(&store),
        "--",
        &s(&java),
        "-cp",
        cp.to_str().unwrap(),
        "ShopWorkload",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("cents for 14 items"), "{out}");

    let price_test = proj.join("core/src/test/java/se/kth/castor/shop/PriceMimicTest.java");
    let basket_test = proj.join("app/src/test/java/se/kth/castor/shop/app/BasketMimicTest.java");
    let generate = |extra: &[&str]| {
        mimic(
            &[
                &["generate", "--store", &s(&store), "--project", &s(&proj)][..],
                extra,
            ]
            .concat(),
        )
    };
    let (code, out, err) = generate(&[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(price_test.is_file() && basket_test.is_file(), "{out}{err}");
    for module in ["core", "app"] {
        assert!(proj
            .join(module)
            .join("src/test/java/mimic/Fixtures.java")
            .is_file());
    }
    // The modules have JUnit 5 but not Mockito: the snippet to add is named.
    assert!(err.contains("lacks test dependencies"), "{err}");
    assert!(
        err.contains("<artifactId>mockito-core</artifactId>"),
        "{err}"
    );

    // A file mimic did not write is never overwritten: nothing is written.
    std::fs::write(&price_test, "class Mine {}\n").unwrap();
    let basket_before = std::fs::read_to_string(&basket_test).unwrap();
    std::fs::remove_file(&basket_test).unwrap();
    let (code, _, err) = generate(&[]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("mimic did not generate would be overwritten"),
        "{err}"
    );
    assert!(err.contains("PriceMimicTest.java"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&price_test).unwrap(),
        "class Mine {}\n"
    );
    assert!(!basket_test.exists());
    std::fs::remove_file(&price_test).unwrap();

    let (code, out, err) = generate(&["--add-dependencies"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        std::fs::read_to_string(&basket_test).unwrap(),
        basket_before
    );
    let pom = std::fs::read_to_string(proj.join("app/pom.xml")).unwrap();
    assert!(
        pom.contains("<artifactId>mockito-core</artifactId>"),
        "{pom}"
    );

    // mvn test: the generated tests compile and pass, beside the project's own.
    let mvn = mimic_jvm::Maven::locate().unwrap();
    let run = Command::new(&mvn.mvn)
        .args(["-B", "-q", "-Dstyle.color=never", "test"])
        .current_dir(&proj)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "mvn test: {}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    for (module, class) in [
        ("core", "se.kth.castor.shop.PriceMimicTest"),
        ("app", "se.kth.castor.shop.app.BasketMimicTest"),
    ] {
        let report = proj
            .join(module)
            .join(format!("target/surefire-reports/TEST-{class}.xml"));
        let xml = std::fs::read_to_string(&report)
            .unwrap_or_else(|e| panic!("{}: {e}", report.display()));
        assert!(
            xml.contains("failures=\"0\"") && xml.contains("errors=\"0\""),
            "{xml}"
        );
        assert!(!xml.contains("tests=\"0\""), "{xml}");
    }

    // verify --project: the generated tests of each module, apart from the project's own,
    // with the module's class path, from the module's directory.
    let (code, out, err) = mimic(&["verify", "--project", &s(&proj), "--runs", "2"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("== module shop-core"), "{out}");
    assert!(out.contains("== module shop-app"), "{out}");
    assert!(err.contains("successfully mimic"), "{err}");
    assert!(!err.contains(" 0 successfully mimic"), "{err}");
    let staged = proj.join("core/target/mimic-verify/tests");
    assert!(staged
        .join("se/kth/castor/shop/PriceMimicTest.java")
        .is_file());
    // The project's own tests are not verified as mimic's.
    assert!(
        !common::files_under(&staged).iter().any(|f| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            name.ends_with("Test.java") && !name.contains("MimicTest")
        }),
        "{staged:?}"
    );
}

/// `verify --prune` takes a test that does not mimic out of the generated source (a
/// comment says why) and out of the manifest; the rest verify as before, all mimicking.
#[test]
fn prune_takes_out_the_tests_that_do_not_mimic() {
    let dir = tempfile::tempdir().unwrap();
    let (classes, tests) = record_and_generate("stock", "se.kth.castor.stock.Main", dir.path());
    let before = manifest_of(&tests)["tests"].as_array().unwrap().len();
    // Break the first test of the shop's class.
    let file = tests.join("se/kth/castor/stock/ShopMimicTest.java");
    let source = std::fs::read_to_string(&file).unwrap();
    let broken = source.replacen(
        "        // Assert\n",
        "        // Assert\n        org.junit.jupiter.api.Assertions.fail(\"broken on purpose\");\n",
        1,
    );
    assert_ne!(source, broken);
    std::fs::write(&file, &broken).unwrap();
    let first = broken
        .lines()
        .find_map(|l| l.strip_prefix("    void "))
        .and_then(|l| l.split('(').next())
        .unwrap()
        .to_string();
    let work = dir.path().join("verify-pruned");
    let (code, out, err) = verify_in(&tests, &classes, 1, &work, &["--prune"]);
    assert_eq!(code, Some(1), "a test did not mimic: {out}{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["summary"]["incompletely_mimic"], 1,
        "{:#}",
        report["summary"]
    );
    assert!(
        err.contains("pruned 1 test(s) that did not successfully mimic from 1 source file(s)"),
        "{err}"
    );
    let pruned = std::fs::read_to_string(&file).unwrap();
    assert!(
        pruned.contains(&format!(
            "    // mimic verify --prune: {first} removed (IncompletelyMimics: org.opentest4j.AssertionFailedError: broken on purpose)"
        )),
        "{pruned}"
    );
    assert!(!pruned.contains(&format!("void {first}()")), "{pruned}");
    let manifest = manifest_of(&tests);
    let listed = manifest["tests"].as_array().unwrap();
    assert_eq!(listed.len(), before - 1);
    assert!(listed.iter().all(|t| t["method"] != first.as_str()));
    // What is left verifies, every test mimicking.
    let again = verify(&tests, &classes, 1);
    assert_all_mimic(&again);
    assert_eq!(again["summary"]["tests"], before - 1);
}
