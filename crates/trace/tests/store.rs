//! The store round-trips invocations, is created owner-only, and rejects what is not a store.

use mimic_plan::{Plan, Summary};
use mimic_trace::{CallRecord, InvocationRecord, Outcome, RunInfo, Store, Value};

fn plan() -> Plan {
    serde_json::from_value(serde_json::json!({
        "schema_version": 2, "classpath": [], "project_packages": ["x"], "unparsed": [],
        "summary": serde_json::to_value(Summary::default()).unwrap(),
        "muts": [{"class": "x.A", "method": "m", "descriptor": "(I)I", "line": 3, "static": false,
                  "mockable_calls": [{"offset": 4, "line": 3, "owner": "x.B", "name": "f", "descriptor": "(I)I",
                                      "instruction": "invokevirtual", "receiver": {"kind": "field", "name": "b", "type": "x/B", "static": false},
                                      "returns": "primitive"}],
                  "deeper_calls": []}]
    }))
    .unwrap()
}

fn invocation(id: u64) -> InvocationRecord {
    InvocationRecord {
        id,
        mut_index: 0,
        seq: id,
        thread_id: 1,
        thread_name: "main".into(),
        parent: None,
        receiver_before: Some(Value::Object {
            id: 1,
            class: "x.A".into(),
            fields: vec![],
            truncated: false,
        }),
        receiver_after: Some(Value::Object {
            id: 1,
            class: "x.A".into(),
            fields: vec![],
            truncated: false,
        }),
        statics: vec![],
        arguments: vec![Value::Int { v: 17 }],
        outcome: Outcome::Returned {
            value: Value::Int { v: 42 },
        },
        calls: vec![CallRecord {
            seq: 0,
            plan_call: 0,
            arguments: vec![Value::Int { v: 17 }],
            outcome: Outcome::Returned {
                value: Value::Int { v: 25 },
            },
            receiver_identity: None,
            answer_identity: None,
            effects: Some(mimic_trace::CallEffects {
                returned_argument: Some(0),
                appended: vec![(1, "<b>".into())],
                receiver_replaced: true,
                receiver_argument: Some(2),
                receiver_fields: vec![(
                    0,
                    mimic_trace::value::FieldValue {
                        name: "parent".into(),
                        declared_in: "org.x.Content".into(),
                        value: Value::Null,
                    },
                )],
                answer_returned: true,
            }),
        }],
        started_ns: 10,
        duration_ns: 5,
    }
}

#[test]
fn invocations_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&path).unwrap();
    let run = store
        .begin_run(
            &RunInfo {
                command: Some("java x.Main".into()),
                ..RunInfo::default()
            },
            &plan(),
        )
        .unwrap();
    store
        .write_batch(run, &[invocation(1), invocation(2)])
        .unwrap();
    store.end_run(run, "completed").unwrap();
    drop(store);

    let store = Store::open_read(&path).unwrap();
    let runs = store.runs().unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(
        (runs[0].invocations, runs[0].calls, runs[0].muts_invoked),
        (2, 2, 1)
    );
    assert_eq!(runs[0].status, "completed");
    assert_eq!(store.invocation(run, 2).unwrap().unwrap(), invocation(2));
    assert_eq!(store.invocation_ids(run, Some(0)).unwrap(), vec![1, 2]);
    assert_eq!(store.mut_entry(run, 0).unwrap().method, "m");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}

/// Issue 17: the static fields an invocation read are stored with it; a version-1 store
/// (before them) is read as it is and migrated when opened for writing.
#[test]
fn static_values_round_trip_and_a_version_1_store_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan()).unwrap();
    let with_statics = InvocationRecord {
        statics: vec![Value::Int { v: 3 }, Value::Null],
        ..invocation(1)
    };
    store
        .write_batch(run, std::slice::from_ref(&with_statics))
        .unwrap();
    assert_eq!(store.invocation(run, 1).unwrap().unwrap(), with_statics);
    drop(store);

    // Make it a version-1 store, as an older mimic wrote it.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "ALTER TABLE invocations DROP COLUMN statics;
         ALTER TABLE calls DROP COLUMN receiver_identity;
         ALTER TABLE calls DROP COLUMN answer_identity;
         ALTER TABLE calls DROP COLUMN effects;
         UPDATE meta SET value = '1' WHERE key = 'schema_version';",
    )
    .unwrap();
    drop(conn);
    let old = Store::open_read(&path).unwrap();
    let mut without_effects = invocation(1);
    without_effects.calls[0].effects = None;
    assert_eq!(old.invocation(run, 1).unwrap().unwrap(), without_effects);
    drop(old);
    let mut store = Store::create_or_open(&path).unwrap();
    store
        .write_batch(run, std::slice::from_ref(&with_statics))
        .unwrap();
    drop(store);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(store.invocation(run, 1).unwrap().unwrap(), with_statics);
}

#[test]
fn an_unchanged_receiver_is_stored_once_and_read_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan()).unwrap();
    let unchanged = invocation(1);
    let changed = InvocationRecord {
        receiver_after: Some(Value::Object {
            id: 1,
            class: "x.A".into(),
            fields: vec![mimic_trace::value::FieldValue {
                name: "n".into(),
                declared_in: "x.A".into(),
                value: Value::Int { v: 1 },
            }],
            truncated: false,
        }),
        ..invocation(2)
    };
    let static_mut = InvocationRecord {
        receiver_before: None,
        receiver_after: None,
        ..invocation(3)
    };
    store
        .write_batch(
            run,
            &[unchanged.clone(), changed.clone(), static_mut.clone()],
        )
        .unwrap();
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let stored: Vec<(Option<String>, Option<String>)> = conn
        .prepare("SELECT receiver_before, receiver_after FROM invocations ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(stored[0].0.is_some() && stored[0].1.is_none(), "{stored:?}");
    assert!(stored[1].0.is_some() && stored[1].1.is_some(), "{stored:?}");
    assert!(stored[2].0.is_none() && stored[2].1.is_none(), "{stored:?}");
    // Version 2 wrote both copies: it is read as it is, and migrated for writing.
    conn.execute(
        "UPDATE meta SET value = '2' WHERE key = 'schema_version'",
        [],
    )
    .unwrap();
    drop(conn);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(store.invocation(run, 1).unwrap().unwrap(), unchanged);
    assert_eq!(store.invocation(run, 2).unwrap().unwrap(), changed);
    assert_eq!(store.invocation(run, 3).unwrap().unwrap(), static_mut);
    drop(store);
    drop(Store::create_or_open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, mimic_trace::store::SCHEMA_VERSION.to_string());
}

#[test]
fn a_file_that_is_not_a_store_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.db");
    std::fs::write(
        &path,
        b"this is not sqlite at all, just text, long enough to be a header",
    )
    .unwrap();
    let e = Store::open_read(&path).err().unwrap().to_string();
    assert!(
        e.contains("junk.db") && e.contains("not a mimic trace store"),
        "{e}"
    );
    let e = Store::open_read(&dir.path().join("missing.db"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no such trace store"), "{e}");
}

/// Issue 13, item 6: `--store` naming another application's SQLite database must not add
/// mimic's tables to it.
#[test]
fn another_sqlite_database_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("app.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let e = Store::create_or_open(&path).err().unwrap().to_string();
    assert!(e.contains("not a mimic trace store"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let tables: Vec<String> = {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let mut q = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .unwrap();
        let names = q
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        names
    };
    assert_eq!(tables, vec!["customers".to_string()]);
}

/// Issue 13, item 6: an existing store (or its WAL files) readable by others is made
/// owner-only, and every file of the store is owner-only after recording.
#[cfg(unix)]
#[test]
fn store_files_are_owner_only_whatever_existed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traces.db");
    drop(Store::create_or_open(&path).unwrap());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut store = Store::create_or_open(&path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan()).unwrap();
    store.write_batch(run, &[invocation(1)]).unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let file = dir.path().join(format!("traces.db{suffix}"));
        if file.exists() {
            let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{}", file.display());
        }
    }
    assert!(dir.path().join("traces.db-wal").exists());
}

/// Issue 13, item 6: never write through a symlink (a planted link to another file).
#[cfg(unix)]
#[test]
fn a_symlinked_store_path_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("elsewhere.txt");
    std::fs::write(&target, b"precious").unwrap();
    let link = dir.path().join("traces.db");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let e = Store::create_or_open(&link).err().unwrap().to_string();
    assert!(e.contains("symbolic link"), "{e}");
    assert_eq!(std::fs::read(&target).unwrap(), b"precious");
    // A planted WAL link next to a real store is refused too.
    let path = dir.path().join("real.db");
    drop(Store::create_or_open(&path).unwrap());
    let _ = std::fs::remove_file(dir.path().join("real.db-wal"));
    std::os::unix::fs::symlink(&target, dir.path().join("real.db-wal")).unwrap();
    let e = Store::create_or_open(&path).err().unwrap().to_string();
    assert!(e.contains("symbolic link"), "{e}");
    assert_eq!(std::fs::read(&target).unwrap(), b"precious");
}

/// Schema 4: the identities of a call's receiver and answer (which answer of a recursive
/// helper a later call was made on) are stored with the call and read back.
#[test]
fn call_identities_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&path).unwrap();
    let run = store.begin_run(&RunInfo::default(), &plan()).unwrap();
    let mut inv = invocation(1);
    inv.calls[0].receiver_identity = Some(-17);
    inv.calls[0].answer_identity = Some(424_242);
    store.write_batch(run, std::slice::from_ref(&inv)).unwrap();
    drop(store);
    let store = Store::open_read(&path).unwrap();
    assert_eq!(store.invocation(run, 1).unwrap().unwrap(), inv);
}

/// The agent's way to begin a run: the run and its MUTs' names first, each MUT's plan
/// entry only with its first invocation. A MUT the run never invoked has no entry, and
/// asking for it says so.
#[test]
fn a_run_begun_by_parts_holds_the_entries_of_the_muts_it_invoked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("traces.db");
    let mut store = Store::create_or_open(&path).unwrap();
    let mut plan = plan();
    let mut second = plan.muts[0].clone();
    second.method = "never".into();
    plan.muts.push(second);
    let run = store.start_run(&RunInfo::default()).unwrap();
    store.add_run_muts(run, &plan.muts).unwrap();
    store.set_mut_entries(run, &[(0, &plan.muts[0])]).unwrap();
    store.write_batch(run, &[invocation(1)]).unwrap();
    store.end_run(run, "completed").unwrap();
    drop(store);

    let store = Store::open_read(&path).unwrap();
    let runs = store.runs().unwrap();
    assert_eq!((runs[0].muts, runs[0].muts_invoked), (2, 1));
    assert_eq!(store.mut_entry(run, 0).unwrap(), plan.muts[0]);
    let summaries = store.mut_summaries(run).unwrap();
    assert_eq!(summaries[1].method, "never");
    let err = store.mut_entry(run, 1).unwrap_err().to_string();
    assert!(err.contains("did not invoke it"), "{err}");
}
