//! The trace store: one SQLite file (WAL), created owner-only, holding runs, the MUTs and
//! call sites of each run's plan, and the recorded invocations with their calls. Values
//! are stored as JSON text of [`Value`](crate::value::Value). The schema is versioned;
//! `docs/trace-format.md` documents it.

use std::path::{Path, PathBuf};

use mimic_plan::Plan;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use thiserror::Error;

use crate::json::EncodedInvocation;
use crate::private_file;
use crate::record::{CallRecord, InvocationRecord, Outcome};
use crate::value::Value;

/// Bumped on any schema change (2: `invocations.statics`; 3: `receiver_after` is NULL
/// when it equals `receiver_before`; 4: `calls.receiver_identity` and
/// `calls.answer_identity`; 5: `calls.effects`). An older store is migrated when opened for writing (the
/// columns it lacks are added, [`ADDED_COLUMNS`]) and read as it is otherwise.
pub const SCHEMA_VERSION: u32 = 5;

/// SQLite `application_id` of a mimic store ("mimc"), set when the store is created, so
/// that mimic never mistakes another application's database for its own.
pub const APPLICATION_ID: u32 = u32::from_be_bytes(*b"mimc");

/// The files SQLite keeps next to a database in WAL mode (and the rollback journal).
fn side_files(path: &Path) -> Vec<PathBuf> {
    ["-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| {
            let mut name = path.as_os_str().to_os_string();
            name.push(suffix);
            PathBuf::from(name)
        })
        .collect()
}

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}: {message}")]
    Open { path: PathBuf, message: String },
    #[error("{path}: not a mimic trace store ({message})")]
    NotAStore { path: PathBuf, message: String },
    #[error(
        "{path}: trace store schema version {found}, this mimic reads version {SCHEMA_VERSION}"
    )]
    Version { path: PathBuf, found: u32 },
    #[error("trace store: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("trace store: corrupt record: {0}")]
    Corrupt(String),
}

/// The columns added after version 1, as (table, column, type): an older store gets each
/// one it lacks when opened for writing.
const ADDED_COLUMNS: [(&str, &str, &str); 4] = [
    ("invocations", "statics", "TEXT"),
    ("calls", "receiver_identity", "INTEGER"),
    ("calls", "answer_identity", "INTEGER"),
    ("calls", "effects", "TEXT"),
];

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  status TEXT NOT NULL,
  pid INTEGER,
  command TEXT,
  plan_path TEXT,
  agent_version TEXT,
  options TEXT
);
CREATE TABLE IF NOT EXISTS run_counts (
  run_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (run_id, name)
);
CREATE TABLE IF NOT EXISTS muts (
  run_id INTEGER NOT NULL,
  mut_index INTEGER NOT NULL,
  class TEXT NOT NULL,
  method TEXT NOT NULL,
  descriptor TEXT NOT NULL,
  is_static INTEGER NOT NULL,
  plan_entry TEXT NOT NULL,
  PRIMARY KEY (run_id, mut_index)
);
CREATE TABLE IF NOT EXISTS invocations (
  run_id INTEGER NOT NULL,
  id INTEGER NOT NULL,
  mut_index INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  thread_id INTEGER NOT NULL,
  thread_name TEXT NOT NULL,
  parent INTEGER,
  receiver_before TEXT,
  receiver_after TEXT,
  arguments TEXT NOT NULL,
  outcome TEXT NOT NULL,
  started_ns INTEGER NOT NULL,
  duration_ns INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  statics TEXT,
  PRIMARY KEY (run_id, id)
);
CREATE INDEX IF NOT EXISTS invocations_by_mut ON invocations (run_id, mut_index, seq);
CREATE TABLE IF NOT EXISTS calls (
  run_id INTEGER NOT NULL,
  invocation_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  plan_call INTEGER NOT NULL,
  arguments TEXT NOT NULL,
  outcome TEXT NOT NULL,
  receiver_identity INTEGER,
  answer_identity INTEGER,
  effects TEXT,
  PRIMARY KEY (run_id, invocation_id, seq)
);
";

/// What the recorder knows about a run when it starts.
#[derive(Debug, Clone, Default)]
pub struct RunInfo {
    pub started_at: String,
    pub pid: Option<u32>,
    pub command: Option<String>,
    pub plan_path: Option<String>,
    pub agent_version: Option<String>,
    pub options: Option<String>,
}

/// A run as read back.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RunSummary {
    pub id: i64,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub status: String,
    pub pid: Option<i64>,
    pub command: Option<String>,
    pub muts: usize,
    pub muts_invoked: usize,
    pub invocations: u64,
    pub calls: u64,
    pub bytes: u64,
}

/// Per MUT of a run: how often it was recorded.
#[derive(Debug, Clone, serde::Serialize)]
pub struct MutSummary {
    pub run_id: i64,
    pub mut_index: u32,
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub invocations: u64,
    pub calls: u64,
}

/// An open store.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// False for a version-1 store opened read-only: it has no `invocations.statics`.
    statics_column: bool,
    /// Whether `calls` has the identity columns (schema 4; a store opened read-only is
    /// not migrated).
    identity_columns: bool,
    /// Whether `calls` has the `effects` column (schema 5).
    effects_column: bool,
}

fn now_text() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format!("{secs}")
}

impl Store {
    /// Open `path` for recording, creating it owner-only (mode 0600) if needed. An existing
    /// file must be a mimic store (it is never turned into one: another application's
    /// SQLite database is refused untouched); the store and its `-wal`/`-shm` side files
    /// are made owner-only whatever their mode was, and none may be a symbolic link.
    pub fn create_or_open(path: &Path) -> Result<Store, StoreError> {
        let open_err = |m: String| StoreError::Open {
            path: path.to_path_buf(),
            message: m,
        };
        let side_files = side_files(path);
        for file in std::iter::once(path.to_path_buf()).chain(side_files.iter().cloned()) {
            private_file::refuse_symlink(&file).map_err(|e| open_err(e.to_string()))?;
        }
        let existing = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if existing {
            Store::check_is_store(path)?;
        }
        private_file::ensure(path).map_err(|e| open_err(e.to_string()))?;
        for file in &side_files {
            private_file::tighten(file).map_err(|e| open_err(e.to_string()))?;
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NOFOLLOW,
        )
        .map_err(|e| open_err(e.to_string()))?;
        if !existing {
            conn.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(|e| open_err(e.to_string()))?;
        }
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| open_err(e.to_string()))?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| open_err(e.to_string()))?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        let store = Store {
            conn,
            path: path.to_path_buf(),
            statics_column: true,
            identity_columns: true,
            effects_column: true,
        };
        store
            .conn
            .execute_batch(SCHEMA)
            .map_err(|e| StoreError::NotAStore {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
        match store.schema_version()? {
            None => {
                store.conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?1)",
                    [SCHEMA_VERSION.to_string()],
                )?;
            }
            Some(1..=3) => {
                // The columns later versions added, each where it is missing.
                for (table, column, kind) in ADDED_COLUMNS {
                    if !store.has_column(table, column)? {
                        store.conn.execute_batch(&format!(
                            "ALTER TABLE {table} ADD COLUMN {column} {kind};"
                        ))?;
                    }
                }
                store.conn.execute(
                    "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
                    [SCHEMA_VERSION.to_string()],
                )?;
            }
            Some(v) if v != SCHEMA_VERSION => {
                return Err(StoreError::Version {
                    path: path.to_path_buf(),
                    found: v,
                })
            }
            Some(_) => {}
        }
        Ok(store)
    }

    /// What [`Store::create_or_open`] would refuse, checked without creating or changing
    /// anything (for the CLI, before it starts a JVM whose agent would open the store).
    pub fn preflight(path: &Path) -> Result<(), StoreError> {
        for file in std::iter::once(path.to_path_buf()).chain(side_files(path)) {
            private_file::refuse_symlink(&file).map_err(|e| StoreError::Open {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
        }
        if std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false)
        {
            Store::check_is_store(path)?;
        }
        Ok(())
    }

    /// Refuse an existing SQLite file that is not a mimic store, without changing it: its
    /// application id must be mimic's, or 0 with mimic's `meta` table (stores written
    /// before the id was set).
    fn check_is_store(path: &Path) -> Result<(), StoreError> {
        let not_a_store = |message: String| StoreError::NotAStore {
            path: path.to_path_buf(),
            message,
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NOFOLLOW,
        )
        .map_err(|e| not_a_store(e.to_string()))?;
        let id: u32 = conn
            .pragma_query_value(None, "application_id", |r| r.get::<_, i64>(0))
            .map_err(|e| not_a_store(e.to_string()))? as u32;
        if id == APPLICATION_ID {
            return Ok(());
        }
        let has_meta: bool = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n > 0)
            .map_err(|e| not_a_store(e.to_string()))?;
        if id == 0 && has_meta {
            return Ok(());
        }
        Err(not_a_store(format!(
            "a SQLite database of another application (application id {id:#x}); \
             name a new file for --store"
        )))
    }

    /// Open an existing store read-only.
    pub fn open_read(path: &Path) -> Result<Store, StoreError> {
        if !path.is_file() {
            return Err(StoreError::Open {
                path: path.to_path_buf(),
                message: "no such trace store".into(),
            });
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| StoreError::Open {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let mut store = Store {
            conn,
            path: path.to_path_buf(),
            statics_column: true,
            identity_columns: true,
            effects_column: true,
        };
        match store.schema_version() {
            Ok(Some(1..=SCHEMA_VERSION)) => {
                // An older store is read as it is (not migrated): without the columns
                // it does not have.
                store.statics_column = store.has_column("invocations", "statics")?;
                store.identity_columns = store.has_column("calls", "answer_identity")?;
                store.effects_column = store.has_column("calls", "effects")?;
                Ok(store)
            }
            Ok(Some(v)) => Err(StoreError::Version {
                path: path.to_path_buf(),
                found: v,
            }),
            Ok(None) => Err(StoreError::NotAStore {
                path: path.to_path_buf(),
                message: "no schema version".into(),
            }),
            Err(e) => Err(StoreError::NotAStore {
                path: path.to_path_buf(),
                message: e.to_string(),
            }),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Does `table` have `column`?
    fn has_column(&self, table: &str, column: &str) -> Result<bool, StoreError> {
        let mut st = self
            .conn
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?;
        let names = st.query_map([], |r| r.get::<_, String>(0))?;
        for name in names {
            if name? == column {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn schema_version(&self) -> Result<Option<u32>, StoreError> {
        let v: Option<String> = self
            .conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        v.map(|s| {
            s.parse()
                .map_err(|_| StoreError::Corrupt(format!("schema_version {s:?}")))
        })
        .transpose()
    }

    /// Start a run: records the plan's MUTs with their entries. Returns the run id.
    pub fn begin_run(&mut self, info: &RunInfo, plan: &Plan) -> Result<i64, StoreError> {
        let run = self.start_run(info)?;
        self.add_run_muts(run, &plan.muts)?;
        let all: Vec<(u32, &mimic_plan::Mut)> = (0u32..).zip(&plan.muts).collect();
        self.set_mut_entries(run, &all)?;
        Ok(run)
    }

    /// Start a run without its MUTs (the agent's writer thread adds them with
    /// [`Store::add_run_muts`] before the run's first invocation, off the JVM's start-up).
    pub fn start_run(&mut self, info: &RunInfo) -> Result<i64, StoreError> {
        let started = if info.started_at.is_empty() {
            now_text()
        } else {
            info.started_at.clone()
        };
        self.conn.execute(
            "INSERT INTO runs (started_at, status, pid, command, plan_path, agent_version, options) VALUES (?1, 'running', ?2, ?3, ?4, ?5, ?6)",
            params![started, info.pid, info.command, info.plan_path, info.agent_version, info.options],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Record the plan's MUTs (names only; entries come with [`Store::set_mut_entries`])
    /// for a run begun with [`Store::start_run`], in one transaction.
    pub fn add_run_muts(&mut self, run: i64, muts: &[mimic_plan::Mut]) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO muts (run_id, mut_index, class, method, descriptor, is_static, plan_entry) VALUES (?1, ?2, ?3, ?4, ?5, ?6, '')",
            )?;
            for (i, m) in muts.iter().enumerate() {
                insert.execute(params![
                    run,
                    i as i64,
                    m.class,
                    m.method,
                    m.descriptor,
                    m.is_static
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Record the plan entries (as planned: mockable and deeper calls, reads) of these
    /// MUTs of a run, in one transaction. The agent writes a MUT's entry with its first
    /// invocation: a plan of 2,000 MUTs of which a run invokes 80 then costs 80 entries,
    /// not 3 MB per run.
    pub fn set_mut_entries(
        &mut self,
        run: i64,
        entries: &[(u32, &mimic_plan::Mut)],
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        {
            let mut update = tx.prepare_cached(
                "UPDATE muts SET plan_entry = ?3 WHERE run_id = ?1 AND mut_index = ?2",
            )?;
            for (i, m) in entries {
                update.execute(params![
                    run,
                    i,
                    serde_json::to_string(m).unwrap_or_default()
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Write completed invocations in one transaction.
    pub fn write_batch(&mut self, run: i64, batch: &[InvocationRecord]) -> Result<(), StoreError> {
        let encoded: Vec<EncodedInvocation> = batch.iter().map(EncodedInvocation::encode).collect();
        self.write_encoded_batch(run, &encoded)
    }

    /// Write completed invocations whose values are already JSON text (see
    /// [`crate::json`]) in one transaction.
    pub fn write_encoded_batch(
        &mut self,
        run: i64,
        batch: &[EncodedInvocation],
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        {
            let mut inv = tx.prepare_cached(
                "INSERT OR REPLACE INTO invocations (run_id, id, mut_index, seq, thread_id, thread_name, parent, receiver_before, receiver_after, arguments, outcome, started_ns, duration_ns, bytes, statics)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            )?;
            let mut call = tx.prepare_cached(
                "INSERT OR REPLACE INTO calls (run_id, invocation_id, seq, plan_call, arguments, outcome, receiver_identity, answer_identity, effects) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?;
            for r in batch {
                // An unchanged receiver is stored once (most MUTs change nothing).
                let after = match (&r.receiver_before, &r.receiver_after) {
                    (Some(before), Some(after)) if before == after => None,
                    (_, after) => after.as_ref(),
                };
                let mut bytes = r.receiver_before.as_ref().map_or(0, String::len)
                    + after.map_or(0, String::len)
                    + r.arguments.len()
                    + r.statics.as_ref().map_or(0, String::len)
                    + r.outcome.len();
                for c in &r.calls {
                    bytes += c.arguments.len() + c.outcome.len();
                    call.execute(params![
                        run,
                        r.id as i64,
                        c.seq,
                        c.plan_call,
                        c.arguments,
                        c.outcome,
                        c.receiver_identity,
                        c.answer_identity,
                        c.effects
                    ])?;
                }
                inv.execute(params![
                    run,
                    r.id as i64,
                    r.mut_index,
                    r.seq as i64,
                    r.thread_id as i64,
                    r.thread_name,
                    r.parent.map(|p| p as i64),
                    r.receiver_before,
                    after,
                    r.arguments,
                    r.outcome,
                    r.started_ns as i64,
                    r.duration_ns as i64,
                    bytes as i64,
                    r.statics
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Set a named count of a run (what the recorder dropped or redacted, and why).
    pub fn set_run_count(&mut self, run: i64, name: &str, count: u64) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO run_counts (run_id, name, count) VALUES (?1, ?2, ?3)
             ON CONFLICT (run_id, name) DO UPDATE SET count = excluded.count",
            params![run, name, count as i64],
        )?;
        Ok(())
    }

    /// The named counts of a run, by name.
    pub fn run_counts(&self, run: i64) -> Result<Vec<(String, u64)>, StoreError> {
        let has_table: i64 = self.conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'run_counts'",
            [],
            |r| r.get(0),
        )?;
        if has_table == 0 {
            return Ok(Vec::new());
        }
        let mut st = self
            .conn
            .prepare("SELECT name, count FROM run_counts WHERE run_id = ?1 ORDER BY name")?;
        let rows = st.query_map([run], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Mark a run finished with a status (`completed`, `vm-death`, …).
    pub fn end_run(&mut self, run: i64, status: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE runs SET ended_at = ?1, status = ?2 WHERE id = ?3",
            params![now_text(), status, run],
        )?;
        Ok(())
    }

    pub fn runs(&self) -> Result<Vec<RunSummary>, StoreError> {
        let mut st = self.conn.prepare(
            "SELECT r.id, r.started_at, r.ended_at, r.status, r.pid, r.command,
                    (SELECT COUNT(*) FROM muts m WHERE m.run_id = r.id),
                    (SELECT COUNT(DISTINCT mut_index) FROM invocations i WHERE i.run_id = r.id),
                    (SELECT COUNT(*) FROM invocations i WHERE i.run_id = r.id),
                    (SELECT COUNT(*) FROM calls c WHERE c.run_id = r.id),
                    (SELECT COALESCE(SUM(bytes), 0) FROM invocations i WHERE i.run_id = r.id)
             FROM runs r ORDER BY r.id",
        )?;
        let rows = st.query_map([], |r| {
            Ok(RunSummary {
                id: r.get(0)?,
                started_at: r.get(1)?,
                ended_at: r.get(2)?,
                status: r.get(3)?,
                pid: r.get(4)?,
                command: r.get(5)?,
                muts: r.get::<_, i64>(6)? as usize,
                muts_invoked: r.get::<_, i64>(7)? as usize,
                invocations: r.get::<_, i64>(8)? as u64,
                calls: r.get::<_, i64>(9)? as u64,
                bytes: r.get::<_, i64>(10)? as u64,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Per-MUT counts of a run, MUTs with invocations first.
    pub fn mut_summaries(&self, run: i64) -> Result<Vec<MutSummary>, StoreError> {
        let mut st = self.conn.prepare(
            // One pass over the run's invocations and one over its calls (a count per
            // MUT in a correlated subquery re-read the calls for each of the plan's MUTs:
            // seconds on a 50 MB store).
            "WITH inv AS (SELECT mut_index, COUNT(*) AS n FROM invocations
                          WHERE run_id = ?1 GROUP BY mut_index),
                  cl AS (SELECT i.mut_index, COUNT(*) AS n FROM calls c
                          JOIN invocations i ON i.run_id = c.run_id AND i.id = c.invocation_id
                          WHERE c.run_id = ?1 GROUP BY i.mut_index)
             SELECT m.mut_index, m.class, m.method, m.descriptor,
                    COALESCE(inv.n, 0), COALESCE(cl.n, 0)
             FROM muts m
             LEFT JOIN inv ON inv.mut_index = m.mut_index
             LEFT JOIN cl ON cl.mut_index = m.mut_index
             WHERE m.run_id = ?1 ORDER BY 5 DESC, m.mut_index",
        )?;
        let rows = st.query_map([run], |r| {
            Ok(MutSummary {
                run_id: run,
                mut_index: r.get::<_, i64>(0)? as u32,
                class: r.get(1)?,
                method: r.get(2)?,
                descriptor: r.get(3)?,
                invocations: r.get::<_, i64>(4)? as u64,
                calls: r.get::<_, i64>(5)? as u64,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The plan entry of a MUT as the run's plan had it (stored with the MUT's first
    /// invocation: a MUT the run never invoked has none).
    pub fn mut_entry(&self, run: i64, mut_index: u32) -> Result<mimic_plan::Mut, StoreError> {
        let text: String = self.conn.query_row(
            "SELECT plan_entry FROM muts WHERE run_id = ?1 AND mut_index = ?2",
            params![run, mut_index],
            |r| r.get(0),
        )?;
        if text.is_empty() {
            return Err(StoreError::Corrupt(format!(
                "MUT {mut_index} of run {run} has no plan entry (the run did not invoke it)"
            )));
        }
        serde_json::from_str(&text)
            .map_err(|e| StoreError::Corrupt(format!("plan entry of MUT {mut_index}: {e}")))
    }

    /// Ids of the invocations of a run, optionally of one MUT, in id order.
    pub fn invocation_ids(&self, run: i64, mut_index: Option<u32>) -> Result<Vec<u64>, StoreError> {
        let mut st = self.conn.prepare(
            "SELECT id FROM invocations WHERE run_id = ?1 AND (?2 IS NULL OR mut_index = ?2) ORDER BY id",
        )?;
        let rows = st.query_map(params![run, mut_index], |r| r.get::<_, i64>(0))?;
        Ok(rows
            .map(|r| r.map(|v| v as u64))
            .collect::<Result<_, _>>()?)
    }

    /// One invocation with its calls.
    pub fn invocation(&self, run: i64, id: u64) -> Result<Option<InvocationRecord>, StoreError> {
        let statics = if self.statics_column {
            "statics"
        } else {
            "NULL"
        };
        let row = self
            .conn
            .query_row(
                &format!("SELECT mut_index, seq, thread_id, thread_name, parent, receiver_before, receiver_after, arguments, outcome, started_ns, duration_ns, {statics}
                 FROM invocations WHERE run_id = ?1 AND id = ?2"),
                params![run, id as i64],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, Option<i64>>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, Option<String>>(6)?,
                        r.get::<_, String>(7)?,
                        r.get::<_, String>(8)?,
                        r.get::<_, i64>(9)?,
                        r.get::<_, i64>(10)?,
                        r.get::<_, Option<String>>(11)?,
                    ))
                },
            )
            .optional()?;
        let Some((
            mut_index,
            seq,
            thread_id,
            thread_name,
            parent,
            rb,
            ra,
            args,
            outcome,
            started,
            duration,
            statics,
        )) = row
        else {
            return Ok(None);
        };
        let mut st = self.conn.prepare_cached(match (self.identity_columns, self.effects_column) {
            (true, true) => "SELECT seq, plan_call, arguments, outcome, receiver_identity, answer_identity, effects FROM calls WHERE run_id = ?1 AND invocation_id = ?2 ORDER BY seq",
            (true, false) => "SELECT seq, plan_call, arguments, outcome, receiver_identity, answer_identity, NULL FROM calls WHERE run_id = ?1 AND invocation_id = ?2 ORDER BY seq",
            _ => "SELECT seq, plan_call, arguments, outcome, NULL, NULL, NULL FROM calls WHERE run_id = ?1 AND invocation_id = ?2 ORDER BY seq",
        })?;
        let calls = st
            .query_map(params![run, id as i64], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<i32>>(4)?,
                    r.get::<_, Option<i32>>(5)?,
                    r.get::<_, Option<String>>(6)?,
                ))
            })?
            .map(|row| {
                let (seq, plan_call, a, o, receiver_identity, answer_identity, effects) = row?;
                Ok(CallRecord {
                    seq: seq as u32,
                    plan_call: plan_call as u32,
                    arguments: parse(&a)?,
                    outcome: parse(&o)?,
                    receiver_identity,
                    answer_identity,
                    effects: effects.as_deref().map(parse).transpose()?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(Some(InvocationRecord {
            id,
            mut_index: mut_index as u32,
            seq: seq as u64,
            thread_id: thread_id as u64,
            thread_name,
            parent: parent.map(|p| p as u64),
            receiver_after: match (&ra, &rb) {
                (Some(after), _) => Some(parse(after)?),
                // Stored once when unchanged (schema 3).
                (None, Some(before)) => Some(parse(before)?),
                (None, None) => None,
            },
            receiver_before: rb.as_deref().map(parse).transpose()?,
            arguments: parse(&args)?,
            statics: statics
                .as_deref()
                .map(parse)
                .transpose()?
                .unwrap_or_default(),
            outcome: parse(&outcome)?,
            calls,
            started_ns: started as u64,
            duration_ns: duration as u64,
        }))
    }

    /// The id of the latest run, if any.
    /// The latest run recorded by the JVM with process id `pid`.
    pub fn latest_run_of(&self, pid: u32) -> Result<Option<i64>, StoreError> {
        Ok(self.conn.query_row(
            "SELECT MAX(id) FROM runs WHERE pid = ?1",
            [i64::from(pid)],
            |r| r.get(0),
        )?)
    }

    pub fn latest_run(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT MAX(id) FROM runs", [], |r| r.get(0))?)
    }
}

fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| {
        StoreError::Corrupt(format!("{e}: {}", s.chars().take(80).collect::<String>()))
    })
}

/// The value an outcome carries: the returned value or the thrown exception.
pub fn outcome_value(o: &Outcome) -> &Value {
    match o {
        Outcome::Returned { value } => value,
        Outcome::Threw { exception } => exception,
    }
}
