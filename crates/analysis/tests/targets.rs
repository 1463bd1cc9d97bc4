//! Target selection on the `shop` fixture: every public method of `Checkout` is a MUT or
//! not for exactly one documented reason, and the deeper call in its helper is found.

use std::path::{Path, PathBuf};

use mimic_analysis::{find_targets, ClassIndex, MethodFilter, TargetOptions};
use mimic_jvm::{compile, java_sources_under, CompileOptions, Jdk};
use mimic_plan::{Plan, Receiver, Returns};

fn shop_classes(dir: &Path) -> PathBuf {
    fixture_classes(dir, "shop")
}

/// Compile the fixture `tests/java/<name>` into `<dir>/classes`.
fn fixture_classes(dir: &Path, name: &str) -> PathBuf {
    compiled(
        dir,
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/java")
            .join(name),
    )
}

/// Compile the Java sources under `sources` into `<dir>/classes`.
fn compiled(dir: &Path, sources: &Path) -> PathBuf {
    let out = dir.join("classes");
    let sources = java_sources_under(sources);
    compile(
        &Jdk::locate().unwrap(),
        &sources,
        &[],
        &out,
        &CompileOptions::default(),
    )
    .unwrap();
    out
}

fn field(name: &str, t: &str) -> Receiver {
    Receiver::Field {
        name: name.into(),
        declared_type: t.into(),
        is_static: false,
    }
}

fn param(index: u16, t: &str) -> Receiver {
    Receiver::Param {
        index,
        declared_type: t.into(),
    }
}

#[test]
fn checkout_muts_sites_and_reasons() {
    let dir = tempfile::tempdir().unwrap();
    let classes = shop_classes(dir.path());
    let index = ClassIndex::build(&[classes], |_| true);
    let plan = find_targets(
        &index,
        &TargetOptions {
            explain: true,
            ..TargetOptions::default()
        },
    )
    .unwrap();

    let muts: Vec<(&str, &str)> = plan
        .muts
        .iter()
        .map(|m| (m.class.as_str(), m.method.as_str()))
        .collect();
    assert_eq!(
        muts,
        vec![
            ("shop.Checkout", "buy"),
            ("shop.Checkout", "transfer"),
            ("shop.Checkout", "sharedStock"),
            ("shop.Checkout", "staticStock")
        ]
    );
    let sites = |method: &str| -> Vec<(String, Receiver, Returns)> {
        let m = plan.muts.iter().find(|m| m.method == method).unwrap();
        m.mockable_calls
            .iter()
            .map(|c| (c.name.clone(), c.receiver.clone(), c.returns))
            .collect()
    };
    assert_eq!(
        sites("buy"),
        vec![
            (
                "stock".into(),
                field("inventory", "shop/Inventory"),
                Returns::Primitive
            ),
            (
                "take".into(),
                field("inventory", "shop/Inventory"),
                Returns::Void
            ),
            (
                "record".into(),
                field("ledger", "shop/Ledger"),
                Returns::Void
            ),
            (
                "balance".into(),
                field("ledger", "shop/Ledger"),
                Returns::Primitive
            ),
        ]
    );
    assert_eq!(
        sites("transfer"),
        vec![
            ("record".into(), param(0, "shop/Ledger"), Returns::Void),
            ("record".into(), param(1, "shop/Ledger"), Returns::Void),
            (
                "balance".into(),
                param(0, "shop/Ledger"),
                Returns::Primitive
            ),
        ]
    );
    assert_eq!(
        sites("sharedStock"),
        vec![(
            "stock".into(),
            Receiver::Field {
                name: "shared".into(),
                declared_type: "shop/Inventory".into(),
                is_static: true
            },
            Returns::Primitive
        )]
    );
    assert_eq!(
        sites("staticStock"),
        vec![(
            "stock".into(),
            param(0, "shop/Inventory"),
            Returns::Primitive
        )]
    );

    // The deeper interaction: ledger.isOpen() inside ensureOpen(ledger), attributed to the field.
    let buy = plan.muts.iter().find(|m| m.method == "buy").unwrap();
    assert_eq!(buy.deeper_calls.len(), 1);
    let d = &buy.deeper_calls[0];
    assert_eq!(
        (d.via.method.as_str(), d.call.name.as_str()),
        ("ensureOpen", "isOpen")
    );
    assert_eq!(d.call.receiver, field("ledger", "shop/Ledger"));
    assert!(buy.line.is_some() && buy.mockable_calls.iter().all(|c| c.line.is_some()));

    let reason = |method: &str| -> String {
        plan.not_muts
            .iter()
            .find(|n| n.class == "shop.Checkout" && n.method == method)
            .map(|n| n.reason.clone())
            .unwrap_or_default()
    };
    assert!(
        reason("fresh").contains("local object"),
        "{}",
        reason("fresh")
    );
    assert!(
        reason("either").contains("local object or a computed value"),
        "{}",
        reason("either")
    );
    assert!(
        reason("overwritten").contains("local object"),
        "{}",
        reason("overwritten")
    );
    assert!(reason("symbol").contains("enum"), "{}", reason("symbol"));
    assert!(
        reason("price").contains("value object"),
        "{}",
        reason("price")
    );
    assert!(
        reason("nameLength").contains("not a project type"),
        "{}",
        reason("nameLength")
    );
    assert!(
        reason("self").contains("receiver is this"),
        "{}",
        reason("self")
    );
    assert_eq!(reason("old"), "deprecated");
    assert_eq!(reason("later"), "no virtual or interface calls");
    assert!(
        !plan.not_muts.iter().any(|n| n.method == "packagePrivate"),
        "non-public methods are not candidates"
    );
}

#[test]
fn a_method_list_narrows_the_selection() {
    let dir = tempfile::tempdir().unwrap();
    let classes = shop_classes(dir.path());
    let index = ClassIndex::build(&[classes], |_| true);
    let methods = vec![MethodFilter::parse("shop.Checkout#transfer")
        .unwrap()
        .unwrap()];
    let plan = find_targets(
        &index,
        &TargetOptions {
            methods: Some(methods),
            ..TargetOptions::default()
        },
    )
    .unwrap();
    assert_eq!(plan.muts.len(), 1);
    assert_eq!(plan.muts[0].method, "transfer");
}

#[test]
fn an_unparseable_class_is_reported_and_the_rest_analysed() {
    let dir = tempfile::tempdir().unwrap();
    let classes = shop_classes(dir.path());
    std::fs::write(classes.join("shop/Broken.class"), b"\xCA\xFE\xBA\xBE\x00").unwrap();
    let index = ClassIndex::build(&[classes], |_| true);
    assert_eq!(index.unparsed.len(), 1);
    assert_eq!(
        index.unparsed[0].location.entry.as_deref(),
        Some("shop/Broken.class")
    );
    assert!(
        index.unparsed[0].message.contains("truncated"),
        "{}",
        index.unparsed[0]
    );
    let plan = find_targets(&index, &TargetOptions::default()).unwrap();
    assert_eq!(plan.muts.len(), 4);
    assert_eq!(plan.summary.unparsed, 1);
}

/// Issue 17: a method reading the environment is a MUT for that alone — directly, through
/// a subclass the instruction names (`SecureRandom.nextInt`), or in a private helper —
/// with its calls tagged by category and key; `main` and a pure method are not. The static
/// fields a MUT reads are listed for the recorder.
#[test]
fn environment_reads_make_muts_with_tagged_calls() {
    let dir = tempfile::tempdir().unwrap();
    let index = ClassIndex::build(&[fixture_classes(dir.path(), "clock")], |_| true);
    let plan = find_targets(&index, &TargetOptions::default()).unwrap();
    let muts: Vec<&str> = plan.muts.iter().map(|m| m.method.as_str()).collect();
    assert_eq!(muts, ["now", "pick", "label", "made"]);
    let key = |c: &mimic_plan::MockableCall| match &c.receiver {
        Receiver::Environment { category, key } => (category.name(), key.clone()),
        other => panic!("{other:?}"),
    };
    let now = &plan.muts[0];
    assert_eq!(now.mockable_calls[0].instruction, "invokestatic");
    assert_eq!(
        key(&now.mockable_calls[0]),
        ("time", "System.currentTimeMillis()".to_string())
    );
    let pick = &plan.muts[1];
    assert_eq!(pick.mockable_calls[0].owner, "java.security.SecureRandom");
    assert_eq!(
        key(&pick.mockable_calls[0]),
        ("randomness", "Random.nextInt(int)".to_string())
    );
    let label = &plan.muts[2];
    assert!(label.mockable_calls.is_empty());
    assert_eq!(label.deeper_calls[0].via.method, "stamp");
    assert_eq!(
        key(&label.deeper_calls[0].call),
        ("time", "System.nanoTime()".to_string())
    );
    // A constructor: the `invokespecial` with the `new` whose object it initialises.
    let made = &plan.muts[3].mockable_calls[0];
    assert_eq!(key(made), ("time", "new Date()".to_string()));
    assert_eq!(
        (made.instruction.as_str(), made.name.as_str()),
        ("new", "<init>")
    );
    assert_eq!(made.new_offset, Some(0));
    assert_eq!(plan.summary.environment_calls, 4);
    // The helper's static reads: its class's and its superclass's mutable statics, not a
    // final one nor another class's.
    let reads: Vec<(&str, &str, &str)> = label
        .static_reads
        .iter()
        .map(|r| (r.class.as_str(), r.name.as_str(), r.descriptor.as_str()))
        .collect();
    assert_eq!(
        reads,
        [
            ("env.Clocked", "calls", "I"),
            ("env.Clocked", "offset", "J")
        ]
    );
    assert!(now.static_reads.is_empty());
}

/// The thesis's tree of mocks: a call on what an earlier mockable call returned is
/// mockable too, and that call's result a mock, exactly when the object is only ever
/// called or handed to mockable calls; every other use keeps it a recorded value.
#[test]
fn calls_on_results_that_never_escape_chain_into_a_tree_of_mocks() {
    let dir = tempfile::tempdir().unwrap();
    let classes = fixture_classes(dir.path(), "chains");
    let index = ClassIndex::build(&[classes], |_| true);
    let plan = find_targets(&index, &TargetOptions::default()).unwrap();
    let calls = |method: &str| -> Vec<(String, String, Option<String>)> {
        let m = plan
            .muts
            .iter()
            .find(|m| m.class == "chains.Reader" && m.method == method)
            .unwrap_or_else(|| panic!("{method} is not a MUT"));
        m.mockable_calls
            .iter()
            .map(|c| {
                (
                    c.name.clone(),
                    c.receiver.describe(),
                    c.returns_mock.clone(),
                )
            })
            .collect()
    };
    let at = |method: &str, name: &str| {
        plan.muts
            .iter()
            .find(|m| m.method == method)
            .unwrap()
            .mockable_calls
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .offset
    };
    let session = Some("chains.Session".to_string());
    let row = Some("chains.Row".to_string());
    let first_text = calls("firstText");
    assert_eq!(
        first_text,
        [
            ("open".into(), "field store".into(), session.clone()),
            (
                "first".into(),
                format!("result of @{}", at("firstText", "open")),
                row
            ),
            (
                "close".into(),
                format!("result of @{}", at("firstText", "open")),
                None
            ),
            (
                "text".into(),
                format!("result of @{}", at("firstText", "first")),
                None
            ),
        ]
    );
    // An exception handler that never reads the session does not make it escape.
    assert_eq!(calls("guarded").len(), 2, "{:?}", calls("guarded"));
    // The calls after a cast are made on a mock of the cast type.
    let cast = plan.muts.iter().find(|m| m.method == "cast").unwrap();
    assert_eq!(cast.mockable_calls[0].returns_mock, session);
    assert_eq!(
        cast.mockable_calls[1].receiver,
        Receiver::Result {
            call: cast.mockable_calls[0].offset,
            declared_type: "chains/Session".into()
        }
    );
    // Handed to another mockable call: a mock, matched by identity.
    let passed = plan.muts.iter().find(|m| m.method == "passed").unwrap();
    assert_eq!(passed.mockable_calls[0].returns_mock, session);
    let take = &passed.mockable_calls[1];
    assert_eq!(take.name, "take");
    assert_eq!(take.mock_args.len(), 1);
    assert_eq!(take.mock_args[0].index, 0);
    assert_eq!(
        take.mock_args[0].mock,
        Receiver::Result {
            call: passed.mockable_calls[0].offset,
            declared_type: "chains/Session".into()
        }
    );
    // Every other use keeps the session a recorded value, and its calls unrecorded.
    for method in ["stores", "returns", "readsField", "printed", "merged"] {
        let found = calls(method);
        assert_eq!(
            found[0],
            ("open".into(), "field store".into(), None),
            "{method}"
        );
        assert!(
            found
                .iter()
                .all(|(_, receiver, _)| !receiver.starts_with("result")),
            "{method}: {found:?}"
        );
    }
}

/// Whole-program mode's constructors under test: observed at the project's `new` sites;
/// the collaborator a constructor stores is a parameter a test mocks (calls on it through
/// the field are calls on that parameter), calls on objects the constructor makes itself
/// are not mockable, and a `static final` field is never a mock's place.
#[test]
fn constructors_are_observed_where_the_project_builds_their_objects() {
    let dir = tempfile::tempdir().unwrap();
    let plan = whole_program_plan(dir.path(), "constructors");
    let built = plan
        .muts
        .iter()
        .find(|m| m.class == "built.Built" && m.is_constructor())
        .expect("Built's constructor is a MUT");
    assert_eq!(built.constructions.len(), 1, "{:?}", built.constructions);
    assert_eq!(built.constructions[0].class, "built.Factory");
    assert_eq!(built.constructions[0].method, "make");
    let stored: Vec<(&str, bool)> = built
        .param_fields
        .iter()
        .map(|p| (p.field.as_str(), p.mock))
        .collect();
    assert_eq!(stored, [("given", true), ("name", false)]);
    let receivers: Vec<String> = built
        .mockable_calls
        .iter()
        .map(|c| c.receiver.describe())
        .collect();
    assert_eq!(receivers, ["param #0"]);
    // So in the helpers it calls.
    let deeper: Vec<String> = built
        .deeper_calls
        .iter()
        .map(|d| d.call.receiver.describe())
        .collect();
    assert_eq!(deeper, ["param #0"]);
    // Service's default constructor is built too, but stores nothing.
    assert!(plan
        .muts
        .iter()
        .any(|m| m.class == "built.Service" && m.is_constructor()));
    // Built.log's only call is on a static final field: no mockable call.
    let log = plan.muts.iter().find(|m| m.method == "log").unwrap();
    assert!(log.mockable_calls.is_empty(), "{:?}", log.mockable_calls);
    // rick's mode plans no constructor, and no MUT for log.
    let index = ClassIndex::build(&[dir.path().join("classes")], |_| true);
    let rick = find_targets(&index, &TargetOptions::default()).unwrap();
    assert!(rick
        .muts
        .iter()
        .all(|m| !m.is_constructor() && m.method != "log"));
}

/// Issue 15 pattern 2 (escaping mocks): calls on a mock the MUT hands to a static method
/// of another class are its deeper calls, unless that method is called with different
/// objects (the site would stand for all of them: on PDFBox, `IOUtils.closeAndLogException`
/// called on three fields had every `close()` filed as one field's) or names a JDK type
/// (a `java.io.Closeable` mock could not stand in the field).
#[test]
fn calls_in_another_class_that_the_mut_hands_its_mocks_to_are_deeper_calls() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan_of(dir.path(), "escaping");
    let using = plan
        .muts
        .iter()
        .find(|m| m.method == "use")
        .expect("use is a MUT");
    let deeper: Vec<(String, String, String)> = using
        .deeper_calls
        .iter()
        .map(|d| {
            (
                format!("{}.{}", d.via.class, d.via.method),
                d.call.name.clone(),
                d.call.receiver.describe(),
            )
        })
        .collect();
    assert_eq!(
        deeper,
        [(
            "esc.Util.touch".to_string(),
            "ping".to_string(),
            "field first".to_string()
        )]
    );
    // A MUT reached again through its helper is not walked as a helper of itself (its
    // calls were filed twice, as its own and as deeper calls: 32 on PDFBox).
    let count_down = plan
        .muts
        .iter()
        .find(|m| m.method == "countDown")
        .expect("countDown is a MUT");
    assert_eq!(count_down.mockable_calls.len(), 1);
    assert!(
        count_down.deeper_calls.is_empty(),
        "{:?}",
        count_down.deeper_calls
    );
    // It calls itself (through the helper): a generated test stands no mock in for a cut
    // object of its arguments' classes. `use` does not.
    assert!(count_down.recursive && !using.recursive);
}

/// Issue 16: the constants a method compares an unchanged `int`-like parameter with
/// (`quantity >= GROUP`, `quantity <= 0`, `if (member)`, `200 < quantity`) are its
/// thresholds; a parameter the method assigns first gives none.
#[test]
fn constants_a_method_compares_its_parameters_with_are_thresholds() {
    let dir = tempfile::tempdir().unwrap();
    let plan = whole_program_plan(dir.path(), "thresholds");
    let of = |name: &str| -> Vec<(u16, i32)> {
        plan.muts
            .iter()
            .find(|m| m.method == name)
            .unwrap_or_else(|| panic!("{name} is a MUT"))
            .thresholds
            .iter()
            .map(|t| (t.param, t.value))
            .collect()
    };
    assert_eq!(of("price"), [(0, 0), (0, 10), (0, 200), (1, 0)]);
    assert_eq!(of("clamp"), []);
}

/// The whole-program plan (`--all`) of the fixture `name`, compiled under `dir`.
/// The plan of fixture `name` in rick's mode (the defaults).
fn plan_of(dir: &Path, name: &str) -> mimic_plan::Plan {
    let classes = fixture_classes(dir, name);
    let index = ClassIndex::build(&[classes], |_| true);
    find_targets(&index, &TargetOptions::default()).unwrap()
}

fn whole_program_plan(dir: &Path, name: &str) -> mimic_plan::Plan {
    let classes = fixture_classes(dir, name);
    let index = ClassIndex::build(&[classes], |_| true);
    find_targets(
        &index,
        &TargetOptions {
            all: true,
            ..TargetOptions::default()
        },
    )
    .unwrap()
}

/// Issue 16: an anonymous class's method is a MUT in whole-program mode when a supertype
/// a test can call it through declares it (`Runnable.run`, from the JDK), and not when
/// that declaration is protected in another package (`LinkedHashMap.removeEldestEntry`);
/// an anonymous class's constructor never is (it runs where the class is declared).
#[test]
fn anonymous_classes_are_tested_through_a_supertype_a_test_can_call() {
    let dir = tempfile::tempdir().unwrap();
    let plan = whole_program_plan(dir.path(), "anonymous");
    let run = plan
        .muts
        .iter()
        .find(|m| m.method == "run")
        .expect("the anonymous Runnable's run is a MUT");
    assert_eq!(run.class, "tasks.Tasks$1");
    assert_eq!(run.called_through.as_deref(), Some("java.lang.Runnable"));
    assert!(plan.muts.iter().all(|m| m.method != "removeEldestEntry"));
    assert!(plan
        .muts
        .iter()
        .all(|m| !(m.class.starts_with("tasks.Tasks$") && m.is_constructor())));
}

/// Issue 16: whole-program mode plans the public methods; the package-private and
/// protected ones a test in the package could call are left out (measured on PDFBox:
/// 2 more covered lines of 9,290 for 260 more tests, some that cannot compile), and a
/// private method runs inside its callers.
#[test]
fn whole_program_mode_plans_the_public_methods_with_getters_and_field_constructors() {
    let dir = tempfile::tempdir().unwrap();
    let plan = whole_program_plan(dir.path(), "visibility");
    let of = |class: &str, method: &str| {
        plan.muts
            .iter()
            .find(|m| m.class == class && m.method == method)
            .unwrap_or_else(|| panic!("{class}.{method} is a MUT"))
    };
    // Issue 16 item 2: a constructor that only stores its parameters in every field builds
    // the receiver; one that checks them, or the default one of a class with fields, not.
    assert_eq!(
        of("ledger.Entry", "describe").field_constructor,
        Some(mimic_plan::FieldConstructor {
            descriptor: "(Ljava/lang/String;JZ)V".into(),
            fields: vec!["label".into(), "amount".into(), "credit".into()],
        })
    );
    assert_eq!(of("ledger.Checked", "twice").field_constructor, None);
    assert_eq!(of("ledger.Ledger", "add").field_constructor, None);
    let planned: Vec<&str> = plan
        .muts
        .iter()
        .filter(|m| m.class == "ledger.Ledger")
        .map(|m| m.method.as_str())
        .collect();
    assert_eq!(planned, ["add", "doubled"]);
    // Issue 16 item 3: the getters the state oracle reads through, package-private ones
    // included (the test is in the package); `doubled` computes, it is no getter.
    let add = plan.muts.iter().find(|m| m.method == "add").unwrap();
    assert_eq!(
        add.getters,
        [mimic_plan::Getter {
            class: "ledger.Ledger".into(),
            field: "total".into(),
            declared_in: "ledger.Ledger".into(),
            method: "balance".into(),
        }]
    );
}

/// SnakeYAML's composer in small (`examples/outline`): a helper calls the collector
/// fluently (`comments.collect().consume()`), so what `collect()` answers there is a mock
/// whose `consume()` is stubbed, as in a method's own body; and where a result is dropped
/// at once (`comments.collect();`) the call says so, so nothing of it is recorded.
#[test]
fn a_helper_chains_calls_on_what_its_mocked_calls_answer_and_dropped_results_are_marked() {
    let dir = tempfile::tempdir().unwrap();
    let out = compiled(
        dir.path(),
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/outline/src"),
    );
    let index = ClassIndex::build(&[out], |_| true);
    let plan = find_targets(&index, &TargetOptions::default()).unwrap();
    let read = plan
        .muts
        .iter()
        .find(|m| m.class == "se.kth.castor.outline.Outline" && m.method == "read")
        .expect("Outline.read is a MUT");
    let direct: Vec<(&str, bool)> = read
        .mockable_calls
        .iter()
        .map(|c| (c.name.as_str(), c.discarded))
        .collect();
    assert_eq!(direct[0], ("collect", true), "{direct:?}");
    assert!(
        direct[1..].iter().all(|(_, dropped)| !dropped),
        "{direct:?}"
    );
    let deeper: Vec<(&str, String, Option<&str>, bool)> = read
        .deeper_calls
        .iter()
        .filter(|d| d.via.method == "section")
        .map(|d| {
            (
                d.call.name.as_str(),
                d.call.receiver.describe(),
                d.call.returns_mock.as_deref(),
                d.call.discarded,
            )
        })
        .collect();
    let producer = deeper
        .iter()
        .position(|(name, _, mock, _)| *name == "collect" && mock.is_some())
        .unwrap_or_else(|| panic!("no collect() answered with a mock: {deeper:?}"));
    assert_eq!(deeper[producer].2, Some("se.kth.castor.outline.Comments"));
    assert!(
        deeper.iter().any(|(name, receiver, _, _)| *name == "consume"
            && receiver.starts_with("result of @")),
        "{deeper:?}"
    );
    assert!(
        deeper
            .iter()
            .any(|(name, _, mock, dropped)| *name == "collect" && mock.is_none() && *dropped),
        "{deeper:?}"
    );
}

/// The plan of `examples/own-getters`, with the defaults.
fn own_getters_plan() -> Plan {
    let dir = tempfile::tempdir().unwrap();
    let out = compiled(
        dir.path(),
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/own-getters/src"),
    );
    let index = ClassIndex::build(&[out], |_| true);
    find_targets(&index, &TargetOptions::default()).unwrap()
}

/// Commons Text's `StringSubstitutor.resolveVariable`: `getStringLookup().lookup(name)`,
/// the collaborator reached through the class's own getter, or one it inherits. A call on what the getter
/// returns is a call on the field (before, the getter's result was an unknown object
/// and the method had no mockable call: none of commons-text's substitutions was
/// recorded).
#[test]
fn a_call_through_the_class_own_or_inherited_getter_is_a_call_on_its_field() {
    let plan = own_getters_plan();
    let replace = plan
        .muts
        .iter()
        .find(|m| m.method == "replace")
        .expect("replace is a MUT");
    assert_eq!(
        replace.mockable_calls.len(),
        1,
        "{:?}",
        replace.mockable_calls
    );
    assert_eq!(replace.mockable_calls[0].name, "find");
    assert_eq!(
        replace.mockable_calls[0].receiver,
        field("lookup", "se/kth/castor/getters/Lookup")
    );
    // Pebble's `FilterExpression.evaluate`: `getLeftExpression().evaluate(…)`, the getter
    // and its field declared in the superclass. Before, the call was on an unknown object
    // (no mockable call), and the test's real left expression met the unstubbed context.
    let require = plan
        .muts
        .iter()
        .find(|m| m.method == "require")
        .expect("require is a MUT");
    let calls: Vec<(&str, &Receiver)> = require
        .mockable_calls
        .iter()
        .map(|c| (c.name.as_str(), &c.receiver))
        .collect();
    assert_eq!(
        calls,
        [("find", &field("lookup", "se/kth/castor/getters/Lookup"))]
    );
    // `requireAll` goes on through `resolveAll`, which it inherits, and that through
    // `resolveOr` (named after the superclass in its body): the `find` in the latter is
    // a deeper call of the method, on the same field (a parser's `BaseParser.skipSpaces`).
    let require_all = plan
        .muts
        .iter()
        .find(|m| m.method == "requireAll")
        .expect("requireAll is a MUT");
    let deeper: Vec<(&str, &str, &str)> = require_all
        .deeper_calls
        .iter()
        .map(|d| {
            (
                d.via.class.as_str(),
                d.via.method.as_str(),
                d.call.name.as_str(),
            )
        })
        .collect();
    assert_eq!(
        deeper,
        [("se.kth.castor.getters.Substitutor", "resolveOr", "find")],
        "{:?}",
        require_all.deeper_calls
    );
}

/// A template method: `Labeller.label` calls its abstract step `name`, and the override
/// in `LookupLabeller` calls `names.find(…)` on a field only that subclass declares. The
/// call is a deeper call of `label` (through the override), for receivers of that class
/// only; `FixedLabeller`'s step makes none. Before, an abstract step was not followed
/// (PDFBox's `PDFont.getWidth` → `PDSimpleFont.getStandard14Width`), and its collaborators
/// were read whole: a font's metrics map of hundreds of entries, past the recorder's
/// limits.
#[test]
fn a_template_method_step_overridden_in_a_subclass_makes_deeper_calls_for_that_class() {
    let plan = own_getters_plan();
    let label = plan
        .muts
        .iter()
        .find(|m| m.method == "label")
        .expect("label is a MUT");
    let deeper: Vec<(&str, &str, &str, &Receiver, &[String])> = label
        .deeper_calls
        .iter()
        .map(|d| {
            (
                d.via.class.as_str(),
                d.via.method.as_str(),
                d.call.name.as_str(),
                &d.call.receiver,
                d.only_in.as_slice(),
            )
        })
        .collect();
    assert_eq!(
        deeper,
        [(
            "se.kth.castor.getters.LookupLabeller",
            "name",
            "find",
            &field("names", "se/kth/castor/getters/Lookup"),
            &["se.kth.castor.getters.LookupLabeller".to_string()][..],
        )],
        "{:?}",
        label.deeper_calls
    );
    let call = &label.deeper_calls[0];
    assert!(call.runs_for(Some("se.kth.castor.getters.LookupLabeller")));
    assert!(!call.runs_for(Some("se.kth.castor.getters.FixedLabeller")));
    // The field is a mock's identity, not read whole (the elements below it are those of
    // `FixedLabeller`'s array of the same name).
    let reads = label.reads.as_ref().expect("reads");
    let names = &reads.receiver.as_ref().expect("receiver").fields["names"];
    assert!(!names.whole, "{reads:?}");
}

/// A bound method reference on a collaborator (`items.forEach(sink::send)`, an inner
/// class's `Unchecked.get(Relay.this::take)`) is a mockable call made through the
/// reference, in the method or in its helper, and the captured object is then only a
/// mock's identity: the read tree no longer takes it whole (before, the capture made the
/// iterator's outer `Relay` whole, as in commons-csv's record iterator, and the test
/// could neither stub `take` nor rebuild the relay). A lambda handed to other code is
/// followed as a helper.
#[test]
fn a_bound_method_reference_on_a_collaborator_is_a_mockable_call() {
    let dir = tempfile::tempdir().unwrap();
    let out = compiled(
        dir.path(),
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/references/src"),
    );
    let index = ClassIndex::build(&[out], |_| true);
    let plan = find_targets(&index, &TargetOptions::default()).unwrap();
    let mut_named = |class: &str, method: &str| {
        plan.muts
            .iter()
            .find(|m| m.class == class && m.method == method)
            .unwrap_or_else(|| panic!("{class}.{method} is a MUT"))
    };
    let publish = mut_named("se.kth.castor.references.Relay", "publish");
    let calls: Vec<(&str, &str, bool)> = publish
        .mockable_calls
        .iter()
        .map(|c| (c.name.as_str(), c.instruction.as_str(), c.method_reference))
        .collect();
    assert_eq!(
        calls,
        [
            ("send", "invokeinterface", true),
            ("sent", "invokeinterface", false)
        ]
    );
    assert_eq!(
        publish.mockable_calls[0].receiver,
        field("sink", "se/kth/castor/references/Sink")
    );
    assert!(!publish.mockable_calls[0].discarded);
    let has_next = mut_named("se.kth.castor.references.Relay$Drain", "hasNext");
    let take = has_next
        .mockable_calls
        .iter()
        .find(|c| c.name == "take")
        .expect("take() is called through the reference");
    assert!(take.method_reference);
    assert_eq!(
        take.receiver,
        field("this$0", "se/kth/castor/references/Relay")
    );
    let reads = has_next.reads.as_ref().expect("a read tree");
    let outer = &reads.receiver.as_ref().unwrap().fields["this$0"];
    assert!(!outer.whole, "{outer:?}");
    // A lambda handed to `forEach` is followed as a helper: the call in its body is a
    // deeper call made there, and capturing `this` does not make the relay whole.
    let trimmed = mut_named("se.kth.castor.references.Relay", "publishTrimmed");
    let send = trimmed
        .deeper_calls
        .iter()
        .find(|d| d.call.name == "send")
        .expect("send() in the lambda's body is a deeper call");
    assert!(
        send.via.method.starts_with("lambda$publishTrimmed$"),
        "{:?}",
        send.via
    );
    let receiver = trimmed.reads.as_ref().unwrap().receiver.as_ref().unwrap();
    assert!(!receiver.whole, "{receiver:?}");
    assert!(!receiver.fields["sink"].whole, "{receiver:?}");
}

/// A call to a package-private method is marked so: a test cannot mock it on a subclass
/// production had in another package (FreeMarker's `BeansWrapperConfiguration`).
#[test]
fn calls_to_package_private_methods_are_marked() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan_of(dir.path(), "access");
    let using = plan
        .muts
        .iter()
        .find(|m| m.method == "use")
        .expect("use is a MUT");
    let marks: Vec<(&str, bool)> = using
        .mockable_calls
        .iter()
        .map(|c| (c.name.as_str(), c.package_private))
        .collect();
    assert_eq!(marks, [("level", true), ("name", false)]);
}

/// A method a project subclass overrides names that subclass (a test of it on such an
/// object calls its body through `Fixtures.callSuper`), and the override's
/// `super.walk(config)` is a helper: the call in the superclass's body is a deeper call.
#[test]
fn overrides_are_named_and_super_calls_are_helpers() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan_of(dir.path(), "access");
    let of = |class: &str| {
        plan.muts
            .iter()
            .find(|m| m.class == class && m.method == "walk")
            .unwrap_or_else(|| panic!("{class}.walk is a MUT"))
    };
    // `Deeper` declares no `walk` but inherits `Counting`'s: a plain call on it runs the
    // override too.
    assert_eq!(
        of("acc.Walker").overridden_by,
        ["acc.Counting", "acc.Deeper"]
    );
    assert!(of("acc.Counting").overridden_by.is_empty());
    let deeper: Vec<(String, String)> = of("acc.Counting")
        .deeper_calls
        .iter()
        .map(|d| {
            (
                format!("{}.{}", d.via.class, d.via.method),
                d.call.name.clone(),
            )
        })
        .collect();
    assert_eq!(
        deeper,
        [("acc.Walker.walk".to_string(), "name".to_string())]
    );
}
