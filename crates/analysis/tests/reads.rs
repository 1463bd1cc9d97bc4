//! The read analysis on the `reads` fixture: each method's tree of the receiver's and
//! arguments' fields it may use, through helpers, static helpers and what they return;
//! mocked calls use only the identity of their receiver and arguments;
//! JDK calls, writes and loops over linked structures make objects whole.

use std::path::Path;

use mimic_analysis::{find_targets, ClassIndex, TargetOptions};
use mimic_jvm::java_sources_under;
use mimic_plan::{Plan, ReadNode, Receiver};

/// `name*` for a whole node, `name+` for one whose literal fields are used,
/// `name{children}` for one with fields read below it.
fn render(node: &ReadNode) -> String {
    let mut out = String::new();
    if node.whole {
        out.push('*');
    }
    if node.literals {
        out.push('+');
    }
    if !node.fields.is_empty() {
        let inner: Vec<String> = node
            .fields
            .iter()
            .map(|(name, child)| format!("{name}{}", render(child)))
            .collect();
        out.push_str(&format!("{{{}}}", inner.join(" ")));
    }
    out
}

/// The receiver's and each parameter's tree: `-` for a root not used at all.
fn reads_of(plan: &Plan, method: &str) -> (String, Vec<String>) {
    let m = plan
        .muts
        .iter()
        .find(|m| m.method == method)
        .unwrap_or_else(|| panic!("{method} is not a MUT"));
    let reads = m.reads.as_ref().expect("analysed");
    let root = |n: &Option<ReadNode>| {
        n.as_ref()
            .map_or("-".to_string(), |n| format!("this{}", render(n)))
    };
    (
        root(&reads.receiver),
        reads.params.iter().map(root).collect(),
    )
}

fn plan() -> Plan {
    let sources =
        java_sources_under(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java/reads"));
    let out = mimic_test_support::compile_for_analysis(&sources, &[], "reads");
    let index = ClassIndex::build(&[out], |_| true);
    find_targets(
        &index,
        &TargetOptions {
            all: true,
            ..TargetOptions::default()
        },
    )
    .unwrap()
}

#[test]
fn each_method_reads_only_what_its_code_reaches() {
    let plan = plan();
    // Through a private helper's result and a static helper's parameter; the string is
    // handed to the JDK (`toUpperCase`), so it is whole. `owner`, `notes`, `bulk`…
    // are never read.
    assert_eq!(
        reads_of(&plan, "holderName"),
        ("this{account{holder{name*}}}".into(), vec![])
    );
    // A primitive three fields down; a JDK call on a field; an argument's field.
    assert_eq!(
        reads_of(&plan, "score"),
        (
            "this{account{limits{daily}} notes*}".into(),
            vec!["this{amount}".into()]
        )
    );
    // The mocked call's receiver and argument only by identity (the mock reads neither;
    // the call oracle matches an object by type): an output stream or a document passed
    // through to a mock needs only to be there. A written field whole (the state oracle
    // compares it).
    assert_eq!(
        reads_of(&plan, "record"),
        ("this{audit version*}".into(), vec!["this{account}".into()])
    );
    // The same mocked call made in a private helper (a deeper call): the same.
    assert_eq!(
        reads_of(&plan, "recordVia"),
        ("this{audit}".into(), vec!["this{account}".into()])
    );
    // A returned object: its literal fields, which the output oracle compares.
    assert_eq!(
        reads_of(&plan, "account"),
        ("this{account+}".into(), vec![])
    );
    // `this` handed to a mock is compared by identity: nothing more of it is needed.
    assert_eq!(reads_of(&plan, "announce"), ("this{audit}".into(), vec![]));
    // `this` written into an argument's field: `this` is the test's own receiver,
    // needed by identity only (it was whole: jsoup's `Element.appendChild` recorded the
    // whole document for `child.parentNode = this`); the field holds a project object
    // (a `Ledger`), which the state oracle never compares, so its old value is not
    // needed either (it was whole: Velocity's `cartridge.setRuntimeServices(rsvc)`).
    assert_eq!(
        reads_of(&plan, "adopt"),
        ("this".into(), vec!["this".into()])
    );
    // The same for a field of the receiver written into an argument's project-typed
    // field; a JDK list written into one is compared: the field and the list whole.
    assert_eq!(
        reads_of(&plan, "share"),
        ("this{account notes*}".into(), vec!["this{notes*}".into()])
    );
}

#[test]
fn what_a_mocked_call_answers_is_used_as_far_as_the_method_reads_it() {
    let plan = plan();
    let m = plan.muts.iter().find(|m| m.method == "dailyOf").unwrap();
    let answers: Vec<(String, String)> = m
        .reads
        .as_ref()
        .unwrap()
        .answers
        .iter()
        .map(|(offset, node)| {
            let call = m
                .mockable_calls
                .iter()
                .find(|c| c.offset == *offset)
                .unwrap();
            (call.name.clone(), format!("answer{}", render(node)))
        })
        .collect();
    // The first answer three fields down; the second is returned: its literal fields.
    assert_eq!(
        answers,
        [
            ("lookup".to_string(), "answer{limits{daily}}".to_string()),
            ("lookup".to_string(), "answer+".to_string()),
        ]
    );
}

#[test]
fn what_is_read_of_an_array_element_is_read_of_every_element() {
    let plan = plan();
    assert_eq!(
        reads_of(&plan, "amountAt"),
        ("this{slots{[]{amount}}}".into(), vec!["-".into()])
    );
}

#[test]
fn a_linked_structure_stops_at_the_repeated_field_and_is_captured_whole_from_there() {
    let plan = plan();
    // `e` is `head`, then `head.next`, then a path repeating `next`: from there on every
    // object `e` may be is whole (the walk's usual limits), the reads seen so far kept.
    assert_eq!(
        reads_of(&plan, "entries"),
        ("this{head{amount next*{amount next*}}}".into(), vec![])
    );
}

#[test]
fn a_virtual_call_counts_the_reads_of_every_implementation_in_the_project() {
    let plan = plan();
    // `area()` is abstract in `Shape`: `Square`'s and `Rect`'s bodies are followed.
    assert_eq!(reads_of(&plan, "twice"), ("this{h side w}".into(), vec![]));
}

#[test]
fn a_virtual_call_into_a_large_hierarchy_follows_its_few_distinct_bodies() {
    let plan = plan();
    // `width()` dispatches to 41 concrete classes but only two bodies: both are
    // followed (before, past 32 classes the call was not, and `this` was whole).
    assert_eq!(
        reads_of(&plan, "measure"),
        ("this{name* width}".into(), vec![])
    );
}

#[test]
fn a_lambda_handed_to_for_each_on_a_collection_of_the_roots_marks_it_instead() {
    let plan = plan();
    // Through the helper `changed`: the lambda is left out (a listener's `changed` would
    // take the board whole) and the list, recorded whole as the JDK's receiver, is
    // marked for the generator's check.
    assert_eq!(
        reads_of(&plan, "rename"),
        ("this{listeners*{?each}}".into(), vec!["this*".into()])
    );
    // On a board the method made, nothing can check the list (it is used whole there,
    // escaping with all written into it), and nothing of the receiver is read.
    assert_eq!(reads_of(&plan, "fresh"), ("-".into(), vec!["this".into()]));
}

#[test]
fn a_recursive_call_uses_what_the_method_is_found_to_use() {
    let plan = plan();
    // `left.total()` reads `left.weight` and `left.left`, and so on down the tree: from
    // the path that repeats `left` on, the subtree is whole.
    assert_eq!(
        reads_of(&plan, "total"),
        ("this{left{left* weight} weight}".into(), vec![])
    );
}

/// PDFBox's `COSWriter.write(doc)` sets `this.pdDocument = doc` and then calls through
/// the field: the calls are on the parameter, which a test passes (a mock of the field
/// would be overwritten). A field set on one path only stays the field.
#[test]
fn a_call_through_a_field_just_set_from_a_parameter_is_a_call_on_the_parameter() {
    let plan = plan();
    let print = plan.muts.iter().find(|m| m.method == "print").unwrap();
    let receivers: Vec<&Receiver> = print.mockable_calls.iter().map(|c| &c.receiver).collect();
    assert!(
        matches!(receivers[..], [Receiver::Param { index: 0, .. }, Receiver::Field { ref name, .. }] if name == "backup"),
        "{receivers:?}"
    );
}

/// PDFBox's `new PDDocumentCatalog(this)`: the receiver handed to the constructor of an
/// object the method creates is used as far as that object reads it (in its constructor
/// and in the methods called on it), not whole; unless the object escapes to the JDK.
#[test]
fn the_receiver_handed_to_a_created_objects_constructor_is_used_as_far_as_that_object_reads_it() {
    let plan = plan();
    // Stored into the receiver and returned: the field is written (a project object,
    // which the state oracle does not compare: not whole), the output oracle compares
    // the result's literal fields, and the constructor read `header.version`;
    // `chapters` and the `pages` array are not used.
    assert_eq!(
        reads_of(&plan, "index"),
        ("this{header{version} index+}".into(), vec![])
    );
    // `count()` reads `book.chapters.count` through the field the constructor set.
    assert_eq!(
        reads_of(&plan, "chapterCount"),
        ("this{chapters{count} header{version}}".into(), vec![])
    );
    // Handed to the JDK: anything of what it holds may be read.
    assert_eq!(
        reads_of(&plan, "described"),
        ("this*{header{version}}".into(), vec![])
    );
}

/// The created object comes back from a followed method: a factory's result, or the
/// object a method cached in a field of the receiver; and one whose JDK superclass's
/// constructor receives it.
#[test]
fn an_object_created_by_a_followed_method_is_followed_in_its_caller() {
    let plan = plan();
    assert_eq!(
        reads_of(&plan, "viaFactory"),
        ("this{chapters{count} header{version}}".into(), vec![])
    );
    // `index()` may return the cached `index` (read through, as it was) or the one it
    // creates and stores there (whose reads are the book's own); the field is written.
    assert_eq!(
        reads_of(&plan, "cachedCount"),
        (
            "this{chapters{count} header{version} index{book{chapters{count}} version}}".into(),
            vec![]
        )
    );
    assert_eq!(
        reads_of(&plan, "noted"),
        ("this{chapters{count}}".into(), vec![])
    );
    // A helper that never returns normally hands nothing back: the object it cached
    // (which holds the book) is used whole, so the book is.
    let (receiver, _) = reads_of(&plan, "afterFailure");
    assert!(receiver.starts_with("this*"), "{receiver}");
}
