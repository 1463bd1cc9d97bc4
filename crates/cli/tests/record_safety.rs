//! Issue 13, item 2: the recorder never runs application code. A JDK view over an
//! application collection (`Collections.unmodifiableList(appList)`), an application
//! exception that overrides `getMessage`, and an application map behind a synchronized
//! view must be recorded without calling into them: the program's output, which counts
//! every such call, is the same with and without recording.

use std::process::Command;

use mimic_trace::{Store, Value};

mod common;

use common::mimic;

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

#[test]
fn recording_runs_no_application_code() {
    let dir = tempfile::tempdir().unwrap();
    let classes = common::compile_program(dir.path(), "shy", PROGRAM);
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
    common::write_plan(&classes, &plan);
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
            exception: Value::Thrown { class, message, .. },
        } => {
            assert_eq!(class, "shy.Loud");
            assert_eq!(message, &None);
        }
        other => panic!("did not throw: {other:?}"),
    }
}

const HOT: &str = r#"
package hot;

public class Main {
    public static void main(String[] args) {
        Counter counter = new Counter(new Sink());
        long total = 0;
        for (int i = 0; i < 3000; i++) {
            total += counter.add(i);
        }
        System.out.println("total=" + total);
    }
}

class Sink {
    int take(int v) { return v % 7; }
}

class Counter {
    private final Sink sink;
    Counter(Sink sink) { this.sink = sink; }
    public int add(int v) { return sink.take(v) + 1; }
}
"#;

/// `hot.Main` compiled in `dir` and recorded with `options` before `--plan`: the store,
/// the program's stdout and mimic's stderr.
fn record_hot(dir: &std::path::Path, options: &[&str]) -> (std::path::PathBuf, String, String) {
    let classes = common::compile_program(dir, "hot", HOT);
    let plan = dir.join("plan.json");
    common::write_plan(&classes, &plan);
    let store = dir.join("traces.db");
    let out = mimic()
        .arg("record")
        .args(options)
        .arg("--plan")
        .arg(&plan)
        .arg("--store")
        .arg(&store)
        .arg("--")
        .arg(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(&classes)
        .arg("hot.Main")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (
        store,
        stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The latest run's invocations written, and its count `name` (0 when absent).
fn written_and_count(store: &std::path::Path, name: &str) -> (u64, u64) {
    let s = Store::open_read(store).unwrap();
    let run = s.latest_run().unwrap().unwrap();
    let written = s.invocation_ids(run, None).unwrap().len() as u64;
    let count = s
        .run_counts(run)
        .unwrap()
        .into_iter()
        .find(|(n, _)| n == name)
        .map_or(0, |(_, n)| n);
    (written, count)
}

/// Issue 13, item 3: recording every invocation of a hot method keeps at most the
/// writer backlog in memory; what did not fit is dropped, counted and reported, and
/// every invocation is either written or counted.
#[test]
fn a_full_writer_backlog_drops_and_counts_instead_of_growing() {
    let dir = tempfile::tempdir().unwrap();
    let (store, stdout, stderr) = record_hot(dir.path(), &["--first", "1000000", "--backlog", "1"]);
    assert_eq!(stdout, "total=11994\n", "{stderr}");
    let (written, dropped) = written_and_count(&store, "dropped_backlog_full");
    assert!(dropped > 0, "{stderr}");
    assert_eq!(written + dropped, 3000, "{stderr}");
    assert!(
        stderr.contains(&format!("{dropped} invocations dropped")),
        "{stderr}"
    );
}

/// Once the run's value budget is spent, invocations are still recorded, without their
/// values: the recording says how many, and `generate` skips them as opaque values (found
/// on PDFBox with large limits, where each was reported as a corrupted store).
#[test]
fn a_spent_value_budget_is_reported_and_its_invocations_skipped_as_opaque() {
    let dir = tempfile::tempdir().unwrap();
    let (store, stdout, stderr) = record_hot(
        dir.path(),
        &["--first", "5", "--sample", "0", "--budget", "1"],
    );
    assert_eq!(stdout, "total=11994\n", "{stderr}");
    // The first invocation spends the one byte; the others have no values.
    assert_eq!(
        written_and_count(&store, "budget_spent_invocations"),
        (5, 4),
        "{stderr}"
    );
    assert!(
        stderr.contains("4 invocations recorded without their values (the value budget, 1 bytes, was spent: raise --budget)"),
        "{stderr}"
    );
    let tests = dir.path().join("tests");
    let out = mimic()
        .args(["generate", "--json", "--store"])
        .arg(&store)
        .arg("--out")
        .arg(&tests)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    assert!(!report.contains("rejected-store"), "{report}");
    assert!(report.contains("recording budget exhausted"), "{report}");
}

const BIG: &str = r#"
package big;

import java.util.*;

public class Main {
    public static void main(String[] args) {
        List<Integer> list = new ArrayList<>();
        Map<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < 2_000_000; i++) {
            list.add(i);
        }
        for (int i = 0; i < 200_000; i++) {
            map.put(i, i);
        }
        Summer summer = new Summer(new Adder());
        System.out.println(summer.first(list) + " " + summer.count(map));
    }
}

class Adder {
    int add(int a, int b) { return a + b; }
}

class Summer {
    private final Adder adder;
    Summer(Adder adder) { this.adder = adder; }
    public int first(List<Integer> xs) { return adder.add(xs.get(0), xs.get(1)); }
    public int count(Map<Integer, Integer> m) { return adder.add(m.size(), 0); }
}
"#;

/// Issue 13, item 3: a value is recorded up to its caps without copying all of it: a
/// 2-million-element list and a 200,000-entry map keep their true sizes, their first
/// elements up to the node cap, and are marked truncated.
#[test]
fn huge_collections_are_recorded_to_their_caps_with_true_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let classes = common::compile_program(dir.path(), "big", BIG);
    let plan = dir.path().join("plan.json");
    common::write_plan(&classes, &plan);
    let store = dir.path().join("traces.db");
    let out = mimic()
        .args(["record", "--nodes", "10", "--plan"])
        .arg(&plan)
        .arg("--store")
        .arg(&store)
        .arg("--")
        .arg(mimic_test_support::jdk().java())
        .arg("-Xmx1g")
        .arg("-cp")
        .arg(&classes)
        .arg("big.Main")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 200000\n",
        "{stderr}"
    );
    let s = Store::open_read(&store).unwrap();
    let run = s.latest_run().unwrap().unwrap();
    let all: Vec<_> = s
        .invocation_ids(run, None)
        .unwrap()
        .into_iter()
        .map(|id| s.invocation(run, id).unwrap().unwrap())
        .collect();
    assert_eq!(all.len(), 2);
    match &all[0].arguments[0] {
        Value::Collection {
            size,
            elements,
            truncated,
            ..
        } => {
            assert_eq!(*size, 2_000_000);
            assert!(*truncated);
            assert!(!elements.is_empty() && elements.len() < 10, "{elements:?}");
            assert_eq!(
                elements[0],
                Value::Boxed {
                    class: "java.lang.Integer".into(),
                    value: Box::new(Value::Int { v: 0 })
                }
            );
        }
        other => panic!("not a collection: {other:?}"),
    }
    match &all[1].arguments[0] {
        Value::Map {
            size,
            entries,
            truncated,
            ..
        } => {
            assert_eq!(*size, 200_000);
            assert!(*truncated);
            assert!(!entries.is_empty() && entries.len() < 10, "{entries:?}");
        }
        other => panic!("not a map: {other:?}"),
    }
}

const PACED: &str = r#"
package paced;

public class Main {
    public static void main(String[] args) throws Exception {
        int times = Integer.parseInt(args[0]);
        Counter counter = new Counter(new Sink());
        for (int i = 0; i < times; i++) {
            counter.add(i);
        }
        Thread.sleep(Long.parseLong(args[1]));
        System.out.println("done " + times);
    }
}

class Sink {
    int take(int v) { return v; }
}

class Counter {
    private final Sink sink;
    Counter(Sink sink) { this.sink = sink; }
    public int add(int v) { return sink.take(v); }
}
"#;

/// Issue 13, item 8: two recordings into one store at the same time each end with the
/// summary of their own run, not of whichever run started last.
#[test]
fn concurrent_recordings_report_their_own_runs() {
    let dir = tempfile::tempdir().unwrap();
    let classes = common::compile_program(dir.path(), "paced", PACED);
    let plan = dir.path().join("plan.json");
    common::write_plan(&classes, &plan);
    let store = dir.path().join("shared.db");
    let start = |times: &str, sleep_ms: &str| {
        mimic()
            .args(["record", "--plan"])
            .arg(&plan)
            .arg("--store")
            .arg(&store)
            .arg("--")
            .arg(mimic_test_support::jdk().java())
            .arg("-cp")
            .arg(&classes)
            .args(["paced.Main", times, sleep_ms])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    // The slow one starts first and ends last: its run is not the latest.
    let slow = start("3", "4000");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let quick = start("1", "0");
    let quick = quick.wait_with_output().unwrap();
    let slow = slow.wait_with_output().unwrap();
    let quick_err = String::from_utf8_lossy(&quick.stderr);
    let slow_err = String::from_utf8_lossy(&slow.stderr);
    assert!(quick_err.contains(": 1 invocations of"), "{quick_err}");
    assert!(slow_err.contains(": 3 invocations of"), "{slow_err}");
}

/// Issue 13, item 8: any path the OS accepts can hold the store and log, including one
/// that is not UTF-8 and one with the option string's separators `,` and `=`.
#[cfg(unix)]
#[test]
fn a_store_path_that_is_not_utf8_or_holds_separators_works() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let classes = common::compile_program(dir.path(), "paced", PACED);
    let odd = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"caf\xe9, plan=x"));
    std::fs::create_dir_all(&odd).unwrap();
    let plan = odd.join("plan.json");
    common::write_plan(&classes, &plan);
    let store = odd.join("traces.db");
    let out = mimic()
        .args(["record", "--plan"])
        .arg(&plan)
        .arg("--store")
        .arg(&store)
        .arg("--")
        .arg(mimic_test_support::jdk().java())
        .arg("-cp")
        .arg(&classes)
        .args(["paced.Main", "2", "0"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "done 2\n");
    assert!(stderr.contains(": 2 invocations of"), "{stderr}");
    let s = Store::open_read(&store).unwrap();
    let run = s.latest_run().unwrap().unwrap();
    assert_eq!(s.invocation_ids(run, None).unwrap().len(), 2);
    let mut log = store.clone().into_os_string();
    log.push(".log");
    assert!(std::path::Path::new(&log).is_file());
}

const CHATTY: &str = r#"
package chatty;

public class Main {
    public static void main(String[] args) {
        Echo echo = new Echo(new Sink());
        String big = "x".repeat(2000);
        int n = 0;
        for (int i = 0; i < 3000; i++) {
            n += echo.say(big + i);
        }
        System.out.println("said " + n);
    }
}

class Sink {
    int take(String s) { return s.length(); }
}

class Echo {
    private final Sink sink;
    Echo(Sink sink) { this.sink = sink; }
    public int say(String s) { return sink.take(s) > 0 ? 1 : 0; }
}
"#;

/// Issue 13, item 8: when the store cannot be written (a full disk, here a file-size
/// limit), the recording does not end in "completed": mimic says what was lost and what
/// was kept, and exits non-zero although the program succeeded.
#[cfg(target_os = "linux")]
#[test]
fn a_store_that_cannot_be_written_is_not_a_completed_run() {
    let dir = tempfile::tempdir().unwrap();
    let classes = common::compile_program(dir.path(), "chatty", CHATTY);
    let plan = dir.path().join("plan.json");
    common::write_plan(&classes, &plan);
    let store = dir.path().join("traces.db");
    // Files may grow to 512 KiB: the store's first pages fit, 3,000 recorded 2 KB values
    // do not.
    let script = format!(
        "ulimit -f 1024; exec '{}' record --first 1000000 --plan '{}' --store '{}' -- '{}' -cp '{}' chatty.Main",
        env!("CARGO_BIN_EXE_mimic"),
        plan.display(),
        store.display(),
        mimic_test_support::jdk().java().display(),
        classes.display()
    );
    let out = Command::new("sh").arg("-c").arg(&script).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "said 3000\n",
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("could not be written"), "{stderr}");
    assert!(!stderr.contains(" completed: "), "{stderr}");
}
