//! Issue 13, item 2: the recorder never runs application code. A JDK view over an
//! application collection (`Collections.unmodifiableList(appList)`), an application
//! exception that overrides `getMessage`, and an application map behind a synchronized
//! view must be recorded without calling into them: the program's output, which counts
//! every such call, is the same with and without recording.

use std::path::Path;
use std::process::Command;

use mimic_trace::{Store, Value};

mod common;

const PROGRAM: &str = r#"
package shy;

import java.util.*;

public class Main {
    public static void main(String[] args) {
        Counting list = new Counting();
        list.add("alpha");
        list.add("beta");
        Report report = new Report(new Printer());
        System.out.println(report.render(Collections.unmodifiableList(list)));
        System.out.println(report.render(Collections.unmodifiableList(new ArrayList<>(List.of("gamma")))));
        System.out.println(report.size(Collections.synchronizedMap(new CountingMap())));
        try {
            report.fail(new Printer());
        } catch (Loud e) {
            System.out.println("caught");
        }
        System.out.println("list calls=" + Counting.calls + " map calls=" + CountingMap.calls
            + " message calls=" + Loud.calls);
    }
}

class Counting extends AbstractList<String> {
    static int calls;
    private final List<String> items = new ArrayList<>();
    public boolean add(String s) { return items.add(s); }
    public String get(int i) { calls++; return items.get(i); }
    public int size() { calls++; return items.size(); }
    public Object[] toArray() { calls++; return items.toArray(); }
    public Iterator<String> iterator() { calls++; return items.iterator(); }
}

class CountingMap extends AbstractMap<String, Integer> {
    static int calls;
    public Set<Map.Entry<String, Integer>> entrySet() {
        calls++;
        return Collections.singletonMap("one", 1).entrySet();
    }
}

class Loud extends RuntimeException {
    static int calls;
    public String getMessage() { calls++; return "loud"; }
}

class Printer {
    String print(String s) { return "[" + s + "]"; }
}

class Report {
    private final Printer printer;
    Report(Printer printer) { this.printer = printer; }
    public String render(List<String> items) { return printer.print(items.get(0)); }
    public int size(Map<String, Integer> m) { return printer.print("m").length(); }
    public void fail(Printer p) { p.print("x"); throw new Loud(); }
}
"#;

fn mimic() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mimic"))
}

fn compile(dir: &Path) -> std::path::PathBuf {
    let src = dir.join("src/shy");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("Main.java"), PROGRAM).unwrap();
    let classes = dir.join("classes");
    common::compile_dir(&dir.join("src"), &classes);
    classes
}

#[test]
fn recording_runs_no_application_code() {
    let dir = tempfile::tempdir().unwrap();
    let classes = compile(dir.path());
    let plain = Command::new(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(&classes)
        .arg("shy.Main")
        .output()
        .unwrap();
    let expected = String::from_utf8_lossy(&plain.stdout).into_owned();
    assert!(
        expected.contains("list calls=1 map calls=0 message calls=0"),
        "{expected}"
    );

    let plan = dir.path().join("plan.json");
    let out = mimic()
        .args(["targets", "-c"])
        .arg(&classes)
        .arg("-o")
        .arg(&plan)
        .output()
        .unwrap();
    assert!(out.status.success());
    let plan_text = std::fs::read_to_string(&plan).unwrap();
    for m in ["\"render\"", "\"size\"", "\"fail\""] {
        assert!(plan_text.contains(m), "{m} is a MUT: {plan_text}");
    }
    let store = dir.path().join("traces.db");
    let out = mimic()
        .arg("record")
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(&store)
        .arg("--")
        .arg(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(&classes)
        .arg("shy.Main")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        expected,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // What could be read without running application code was recorded; the rest says why.
    let s = Store::open_read(&store).unwrap();
    let run = s.latest_run().unwrap().unwrap();
    let all: Vec<_> = s
        .invocation_ids(run, None)
        .unwrap()
        .into_iter()
        .map(|id| s.invocation(run, id).unwrap().unwrap())
        .collect();
    assert_eq!(all.len(), 4);
    let rendered = serde_json::to_string(&all[0].arguments[0]).unwrap();
    assert!(
        matches!(&all[0].arguments[0], Value::Opaque { .. }) && rendered.contains("application"),
        "{rendered}"
    );
    // A view over a JDK list is read through its field: the elements are all there.
    match &all[1].arguments[0] {
        Value::Collection {
            class, elements, ..
        } => {
            assert_eq!(class, "java.util.Collections$UnmodifiableRandomAccessList");
            assert_eq!(elements, &vec![Value::Str { v: "gamma".into() }]);
        }
        other => panic!("not a collection: {other:?}"),
    }
    // An application exception's message comes from its field, not its getMessage().
    match &all[3].outcome {
        mimic_trace::Outcome::Threw {
            exception: Value::Thrown { class, message },
        } => {
            assert_eq!(class, "shy.Loud");
            assert_eq!(message, &None);
        }
        other => panic!("did not throw: {other:?}"),
    }
}
