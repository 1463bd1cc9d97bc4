//! The agent loaded with `-agentpath:` into a real JVM running a fixture program
//! (`tests/fixtures/snapshots`): what snapshots capture (JDK values by meaning, enums
//! with bodies, cycles as references, redaction, opaque threads and lambdas, depth, node
//! and budget limits), recursion and nested invocations, and exceptions inside calls.

use std::path::{Path, PathBuf};
use std::process::Command;

use mimic_analysis::{find_targets, ClassIndex, TargetOptions};

use mimic_trace::{InvocationRecord, Outcome, Store, Value};

fn agent_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let name = format!(
        "{}mimic_agent{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    [deps.join(&name), deps.parent().unwrap().join(&name)]
        .into_iter()
        .find(|p| p.is_file())
        .expect("the agent library is built with the tests")
}

struct Fixture {
    dir: tempfile::TempDir,
    classes: PathBuf,
    plan: PathBuf,
}

/// The fixture and its plan, without read trees: the walk itself (by meaning, limits,
/// redaction) is what most tests here look at.
fn fixture() -> Fixture {
    fixture_with(|plan| plan.muts.iter_mut().for_each(|m| m.reads = None))
}

/// The fixture with its plan as `mimic targets` finds it, changed by `edit`.
fn fixture_with(edit: impl FnOnce(&mut mimic_plan::Plan)) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let classes = dir.path().join("classes");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshots/src");
    mimic_test_support::compile_dir(&src, &[], &classes);
    let index = ClassIndex::build(std::slice::from_ref(&classes), |_| true);
    let mut plan = find_targets(&index, &TargetOptions::default()).unwrap();
    edit(&mut plan);
    let plan_path = dir.path().join("plan.json");
    std::fs::write(&plan_path, serde_json::to_vec(&plan).unwrap()).unwrap();
    Fixture {
        dir,
        classes,
        plan: plan_path,
    }
}

/// Run the fixture under the agent with extra options; returns the stored invocations
/// (id order) and the program's stdout.
fn run(f: &Fixture, name: &str, extra: &str) -> (Vec<InvocationRecord>, String, String) {
    let store = f.dir.path().join(format!("{name}.db"));
    let mut options = format!("plan={},store={}", f.plan.display(), store.display());
    if !extra.is_empty() {
        options.push(',');
        options.push_str(extra);
    }
    let out = Command::new(mimic_test_support::jdk().java())
        .arg(format!(
            "-agentpath:{}={options}",
            agent_library().display()
        ))
        .arg("-cp")
        .arg(&f.classes)
        .arg("fixture.Main")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr, "",
        "the agent must not write to the application's stderr"
    );
    let s = Store::open_read(&store).unwrap();
    let run = s.latest_run().unwrap().unwrap();
    let all = s
        .invocation_ids(run, None)
        .unwrap()
        .into_iter()
        .map(|id| s.invocation(run, id).unwrap().unwrap())
        .collect();
    let log = std::fs::read_to_string(f.dir.path().join(format!("{name}.db.log"))).unwrap();
    (all, String::from_utf8_lossy(&out.stdout).into(), log)
}

fn field<'a>(v: &'a Value, name: &str) -> &'a Value {
    match v {
        Value::Object { fields, .. } => {
            &fields
                .iter()
                .find(|f| f.name == name)
                .unwrap_or_else(|| panic!("no field {name} in {v:?}"))
                .value
        }
        other => panic!("not an object: {other:?}"),
    }
}

fn s(v: &str) -> Value {
    Value::Str { v: v.into() }
}

fn returned(o: &Outcome) -> &Value {
    match o {
        Outcome::Returned { value } => value,
        Outcome::Threw { exception } => panic!("threw {exception:?}"),
    }
}

#[test]
fn snapshots_capture_by_meaning_with_limits_redaction_and_recursion() {
    let f = fixture();
    let (all, stdout, log) = run(&f, "default", "depth=3");
    assert_eq!(stdout, "1: alice open 1\n2: bob frozen! 1\n39\n");
    assert!(
        log.contains("fixture/Service: instrumented (2 MUTs wrapped, 2 call sites bridged)"),
        "{log}"
    );
    assert_eq!(all.len(), 6);

    // describe(alice, chain of 60)
    let alice = &all[0].arguments[0];
    assert_eq!(field(alice, "owner"), &s("alice"));
    assert_eq!(
        field(alice, "password"),
        &Value::Redacted {
            class: "java.lang.String".into(),
            rule: "password".into()
        }
    );
    assert_eq!(
        field(alice, "apiKey"),
        &Value::Redacted {
            class: "java.lang.String".into(),
            rule: "api-key".into()
        }
    );
    assert!(
        matches!(field(alice, "tags"), Value::Collection { class, elements, size: 2, .. } if class == "java.util.ArrayList" && elements == &vec![s("vip"), s("alice")])
    );
    match field(alice, "limits") {
        Value::Map { class, entries, .. } => {
            assert_eq!(class, "java.util.TreeMap");
            let keys: Vec<&Value> = entries.iter().map(|(k, _)| k).collect();
            assert_eq!(keys, [&s("atm"), &s("daily")]);
            assert_eq!(
                entries[0].1,
                Value::Boxed {
                    class: "java.lang.Integer".into(),
                    value: Box::new(Value::Int { v: 200 })
                }
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        field(alice, "status"),
        &Value::Enum {
            class: "fixture.Status".into(),
            name: "OPEN".into()
        }
    );
    assert_eq!(
        field(alice, "opened"),
        &Value::Text {
            class: "java.time.LocalDate".into(),
            text: "2024-02-29".into()
        }
    );
    assert_eq!(
        field(alice, "balance"),
        &Value::Text {
            class: "java.math.BigDecimal".into(),
            text: "1234.50".into()
        }
    );
    assert_eq!(
        field(alice, "rounding"),
        &Value::Text {
            class: "java.math.MathContext".into(),
            text: "precision=16 roundingMode=HALF_EVEN".into()
        }
    );
    assert!(
        matches!(field(alice, "history"), Value::Array { class, length: 5, elements, .. } if class == "[I" && elements[2] == Value::Int { v: 4 })
    );
    // A primitive array's trailing zeros are left out, its length kept: a buffer costs
    // what it holds. `-0.0` is not a zero's bits.
    let chars =
        |text: &str| -> Vec<Value> { text.encode_utf16().map(|v| Value::Char { v }).collect() };
    assert!(
        matches!(field(alice, "buffer"), Value::Array { length: 4000, elements, truncated: false, .. } if *elements == chars("alice")),
        "{:?}",
        field(alice, "buffer")
    );
    assert!(
        matches!(field(alice, "unused"), Value::Array { length: 100, elements, truncated: false, .. } if elements.is_empty())
    );
    assert!(
        matches!(field(alice, "signed"), Value::Array { length: 3, elements, truncated: false, .. } if elements.len() == 3)
    );
    assert!(matches!(field(alice, "worker"), Value::Opaque { reason, .. } if reason == "a thread"));
    assert!(
        matches!(field(alice, "callback"), Value::Opaque { reason, .. } if reason.contains("lambda"))
    );
    assert!(
        matches!(field(alice, "lock"), Value::Object { class, fields, .. } if class == "java.lang.Object" && fields.is_empty())
    );
    assert_eq!(field(alice, "initial"), &Value::Char { v: 'a' as u16 });
    // A BitSet by its bits (a run of them as `first-last`: 100,000 free pages are a few
    // bytes), a point by its coordinates; a BitSet whose text would pass the value byte
    // limit (every other bit of 100,000) is opaque, its text never built past the limit.
    assert_eq!(
        field(alice, "flags"),
        &Value::Text {
            class: "java.util.BitSet".into(),
            text: "{1, 65}".into()
        }
    );
    assert_eq!(
        field(alice, "where"),
        &Value::Text {
            class: "java.awt.geom.Point2D$Float".into(),
            text: "Point2D.Float[1.5, -2.0]".into()
        }
    );
    // An in-memory writer by its text (a test appends it to a new one); one whose text
    // would pass the value byte limit is opaque, sized by its buffer, the text not built.
    assert_eq!(
        field(alice, "journal"),
        &Value::Text {
            class: "java.io.StringWriter".into(),
            text: "opened\n".into()
        }
    );
    assert!(
        matches!(field(alice, "dump"), Value::Opaque { reason, .. } if reason == "its text is over the value byte limit"),
        "{:?}",
        field(alice, "dump")
    );
    // A set a map backs, by that map (whose class says whose equality the set uses).
    let Value::Object { class, fields, .. } = field(alice, "seen") else {
        panic!("{:?}", field(alice, "seen"))
    };
    assert_eq!(class, "java.util.Collections$SetFromMap");
    assert_eq!(fields.len(), 1, "{fields:?}");
    assert!(
        matches!(&fields[0].value, Value::Map { class, entries, .. }
            if class == "java.util.IdentityHashMap" && entries.len() == 1 && entries[0].0 == s("first")),
        "{fields:?}"
    );
    // A Class object by the name Class.forName reads (a primitive type's by its keyword).
    let class = |text: &str| Value::Text {
        class: "java.lang.Class".into(),
        text: text.into(),
    };
    assert_eq!(field(alice, "kind"), &class("fixture.Account"));
    assert_eq!(field(alice, "unit"), &class("int"));
    assert_eq!(
        field(alice, "freePages"),
        &Value::Text {
            class: "java.util.BitSet".into(),
            text: "{0-99999}".into()
        }
    );
    assert!(
        matches!(field(alice, "scattered"), Value::Opaque { reason, .. } if reason.contains("value byte limit")),
        "{:?}",
        field(alice, "scattered")
    );
    // The cycle alice → bob → alice is a back-reference to the root.
    let Value::Object { id: alice_id, .. } = alice else {
        panic!()
    };
    let bob = field(alice, "partner");
    assert_eq!(field(bob, "owner"), &s("bob"));
    assert_eq!(field(bob, "partner"), &Value::Ref { id: *alice_id });
    // An enum constant with a body is recorded as its enum.
    assert_eq!(
        field(&all[1].arguments[0], "status"),
        &Value::Enum {
            class: "fixture.Status".into(),
            name: "FROZEN".into()
        }
    );
    // depth=3, a chain longer than the node limit allows: cut by depth alone, it is
    // walked again with the limit doubled (6, 12, 24) and the deepest walk the node
    // limit did not cut is kept: nodes at depths 0..=12 are captured, the fourteenth is
    // cut; the thirteenth's tag, one past the limit too, is a value object of literals
    // only: captured anyway.
    let mut node = &all[0].arguments[1];
    for expected in 1..=13 {
        assert_eq!(field(node, "value"), &Value::Int { v: expected });
        assert_eq!(
            field(field(node, "tag"), "code"),
            &Value::Int { v: expected }
        );
        node = field(node, "next");
    }
    assert!(
        matches!(node, Value::Opaque { class, reason, .. } if class == "fixture.Node" && reason == "depth limit 12"),
        "{node:?}"
    );
    // The mockable call and the receiver before/after.
    assert_eq!(all[0].calls[0].arguments, vec![s("alice open 1")]);
    assert_eq!(returned(&all[0].calls[0].outcome), &s("1: alice open 1"));
    assert_eq!(
        field(
            field(all[0].receiver_after.as_ref().unwrap(), "ledger"),
            "entries"
        ),
        &Value::Int { v: 1 }
    );

    // countdown(3): recursion nests invocations, each with its own call; the call at
    // level 2 throws and the MUT catches it. The recursion runs on the same receiver, so
    // a level's record also holds the calls of the levels it calls (a test of
    // countdown(3) runs them all for real against its mocked ledger): 3, 2, 1, 0 calls,
    // its own first.
    let levels = &all[2..];
    for (k, inv) in levels.iter().enumerate() {
        assert_eq!(inv.arguments, vec![Value::Int { v: 3 - k as i32 }]);
        assert_eq!(
            inv.parent,
            if k == 0 { None } else { Some(levels[k - 1].id) }
        );
        assert_eq!(inv.calls.len(), 3 - k, "level {k}");
        for (j, call) in inv.calls.iter().enumerate() {
            assert_eq!(call.arguments, levels[k + j].calls[0].arguments);
            assert_eq!(call.outcome, levels[k + j].calls[0].outcome);
        }
    }
    assert_eq!(returned(&levels[0].calls[0].outcome), &Value::Int { v: 30 });
    assert_eq!(
        levels[1].calls[0].outcome,
        Outcome::Threw {
            exception: Value::Thrown {
                class: "java.lang.IllegalStateException".into(),
                message: Some("tick 2 refused".into()),
                message_overridden: false,
            }
        }
    );
    let results: Vec<&Value> = levels.iter().map(|i| returned(&i.outcome)).collect();
    assert_eq!(
        results,
        [
            &Value::Int { v: 39 },
            &Value::Int { v: 9 },
            &Value::Int { v: 10 },
            &Value::Int { v: 0 }
        ]
    );
}

/// Regression: `mimic record --depth 400` on a 300-node linked list wrote a value nested
/// deeper than the trace reader takes (`serde_json`'s 128 levels), and `mimic generate`
/// stopped on "corrupt record: recursion limit exceeded". A value nested past 40 levels
/// is opaque, named so, and the invocation reads back.
#[test]
fn a_value_nested_past_the_readers_bound_is_opaque_and_reads_back() {
    let f = fixture();
    let (all, _, _) = run(&f, "nesting", "depth=100,nodes=100000,value_bytes=10000000");
    // The chain is the second argument (one level); each node's `next` one more.
    let mut node = &all[0].arguments[1];
    let mut levels = 1;
    while let Value::Object { .. } = node {
        node = field(node, "next");
        levels += 1;
    }
    assert_eq!(levels, 41, "{node:?}");
    assert!(
        matches!(node, Value::Opaque { class, reason, .. }
            if class == "fixture.Node" && reason.contains("nested deeper than 40")),
        "{node:?}"
    );
}

#[test]
fn redaction_rules_node_limits_and_the_budget_are_options() {
    let f = fixture();
    // More secret names add to the built-in rules, matched by words; a collection under
    // such a name keeps its shape and its strings are redacted.
    let (all, _, _) = run(&f, "redact", "redact=OWNER|tags");
    let alice = &all[0].arguments[0];
    assert_eq!(
        field(alice, "owner"),
        &Value::Redacted {
            class: "java.lang.String".into(),
            rule: "owner".into()
        }
    );
    match field(alice, "tags") {
        Value::Collection { elements, .. } => {
            assert!(!elements.is_empty());
            assert!(elements
                .iter()
                .all(|e| matches!(e, Value::Redacted { rule, .. } if rule == "tags")));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(field(alice, "password"), Value::Redacted { .. }));
    // redact=off records in clear.
    let (all, _, _) = run(&f, "clear", "redact=off");
    assert!(matches!(
        field(&all[0].arguments[0], "password"),
        Value::Str { .. }
    ));

    // A tiny node limit truncates the object.
    let (all, _, _) = run(&f, "nodes", "nodes=3");
    match &all[0].arguments[0] {
        Value::Object {
            truncated, fields, ..
        } => {
            assert!(*truncated);
            assert!(fields.len() < 15, "{fields:?}");
        }
        other => panic!("{other:?}"),
    }

    // Once the global budget is spent, values become opaque but invocations and calls
    // are still recorded.
    let (all, _, _) = run(&f, "budget", "budget=1");
    assert_eq!(all.len(), 6);
    assert!(matches!(&all[0].arguments[0], Value::Object { .. }));
    let budget = Value::Opaque {
        class: "?".into(),
        reason: "recording budget exhausted".into(),
        implements: None,
        length: None,
    };
    assert_eq!(all[1].arguments, vec![budget.clone(), budget.clone()]);
    assert_eq!(all[1].calls.len(), 1);
    assert_eq!(returned(&all[1].calls[0].outcome), &budget);
    // 2 + countdown's 3 + 2 + 1 (each level holds the calls of the levels below it).
    assert_eq!(all.iter().map(|i| i.calls.len()).sum::<usize>(), 8);
}

/// The fixture with `describe`'s read tree of parameter `index` set to `tree`.
fn describe_reading(index: usize, tree: mimic_plan::ReadNode) -> Fixture {
    fixture_with(|plan| {
        let describe = plan
            .muts
            .iter_mut()
            .find(|m| m.method == "describe")
            .unwrap();
        describe.reads.as_mut().unwrap().params[index] = Some(tree);
    })
}

/// An object's field names, in order.
fn field_names(v: &Value) -> Vec<&str> {
    match v {
        Value::Object {
            fields,
            truncated: false,
            ..
        } => fields.iter().map(|f| f.name.as_str()).collect(),
        other => panic!("not a whole object: {other:?}"),
    }
}

/// Issue 15: along the plan's read tree, a snapshot holds what the method may use, past
/// the depth limit, and nothing else: no unread secret leaves the JVM even redacted.
#[test]
fn a_read_tree_captures_what_the_method_uses_to_any_depth_and_nothing_else() {
    // `describe(account, chain)` reads `account.owner`, `account.status` and
    // `chain.value`; its ledger is mocked.
    let f = fixture_with(|_| {});
    let (all, _, _) = run(&f, "guided", "depth=3");
    let alice = &all[0].arguments[0];
    assert_eq!(field_names(alice), ["owner", "status"]);
    assert_eq!(field(alice, "owner"), &s("alice"));
    assert_eq!(field_names(&all[0].arguments[1]), ["value"]);
    let service = all[0].receiver_before.as_ref().unwrap();
    assert_eq!(field_names(service), ["ledger"]);
    assert_eq!(field_names(field(service, "ledger")), Vec::<&str>::new());

    // A read path six objects down the chain is followed past depth 3, and only it.
    let mut path = mimic_plan::ReadNode::default();
    let next: Vec<String> = std::iter::repeat_n("next".to_string(), 5).collect();
    path.at(&next)
        .fields
        .insert("value".into(), Default::default());
    let f = describe_reading(1, path);
    let (all, _, _) = run(&f, "deep", "depth=3");
    let mut node = &all[0].arguments[1];
    for _ in 0..5 {
        assert_eq!(field_names(node), ["next"]);
        node = field(node, "next");
    }
    assert_eq!(field_names(node), ["value"]);
    assert_eq!(field(node, "value"), &Value::Int { v: 6 });

    // A returned object's literal fields (primitives, strings, boxes, enums; secrets
    // still redacted), and nothing else of it.
    let f = describe_reading(
        0,
        mimic_plan::ReadNode {
            literals: true,
            ..Default::default()
        },
    );
    let (all, _, _) = run(&f, "literals", "depth=3");
    let alice = &all[0].arguments[0];
    assert_eq!(
        field_names(alice),
        ["owner", "password", "apiKey", "status", "boxed", "initial"]
    );
    assert!(matches!(field(alice, "password"), Value::Redacted { .. }));
}

#[test]
fn a_bad_plan_leaves_the_program_alone() {
    let f = fixture();
    std::fs::write(&f.plan, "{ not a plan").unwrap();
    let store = f.dir.path().join("bad.db");
    let out = Command::new(mimic_test_support::jdk().java())
        .arg(format!(
            "-agentpath:{}=plan={},store={}",
            agent_library().display(),
            f.plan.display(),
            store.display()
        ))
        .arg("-cp")
        .arg(&f.classes)
        .arg("fixture.Main")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1: alice open 1\n2: bob frozen! 1\n39\n"
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let log = std::fs::read_to_string(f.dir.path().join("bad.db.log")).unwrap();
    assert!(
        log.contains("not recording:") && log.contains("not a mimic plan"),
        "{log}"
    );
}
