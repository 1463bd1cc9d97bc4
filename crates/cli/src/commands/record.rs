//! `mimic record`: runs a Java command with the capture agent (`-agentpath:` inserted
//! right after the java executable), waits for it, exits with its exit code and prints a
//! one-line summary of what the store received. Also owns the agent flags shared with
//! `mimic attach` and how the agent library is found.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use mimic_trace::Store;

use crate::exit_code;
// Depending on the agent crate makes cargo build `libmimic_agent.so` into `deps/`
// beside the mimic executable, where `AgentFlags::library` finds it.
use mimic_agent as _;

/// The plan, the store and the recording limits, as passed to the agent.
#[derive(Debug, clap::Args)]
pub struct AgentFlags {
    /// The plan written by `mimic targets`.
    #[arg(long, value_name = "FILE")]
    pub plan: PathBuf,
    /// The trace store to record into (SQLite; created owner-only, appended to).
    #[arg(long, value_name = "FILE")]
    pub store: PathBuf,
    /// The agent's log file (default: `<store>.log`).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Record the first N invocations of each MUT (default 20)…
    #[arg(long, value_name = "N")]
    pub first: Option<u64>,
    /// …then, while fewer than D of its recorded invocations are distinct (0: regardless;
    /// default 5, or 0 when --first is given)…
    #[arg(long, value_name = "D")]
    pub distinct: Option<u64>,
    /// …every invocation up to the U-th (default 100; ignored when D is 0)…
    #[arg(long, value_name = "U")]
    pub upto: Option<u64>,
    /// …then one in K (default 100; 0: none).
    #[arg(long, value_name = "K")]
    pub sample: Option<u64>,
    /// Object-graph depth recorded below each value.
    #[arg(long, value_name = "D")]
    pub depth: Option<u64>,
    /// Objects and elements recorded per value.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Approximate bytes recorded per value.
    #[arg(long = "value-bytes", value_name = "B")]
    pub value_bytes: Option<u64>,
    /// Approximate bytes of values in the whole run; beyond it values become opaque.
    #[arg(long, value_name = "BYTES")]
    pub budget: Option<u64>,
    /// Most bytes of recorded invocations waiting to be written (default 64 MiB); beyond
    /// it invocations are dropped and counted, so the observed JVM's memory stays bounded.
    #[arg(long, value_name = "BYTES")]
    pub backlog: Option<u64>,
    /// More secret names, as phrases separated by '|' (e.g. "employee number|badge id"),
    /// matched by words like the built-in ones (see docs/security.md).
    #[arg(long, value_name = "PHRASES")]
    pub redact: Option<String>,
    /// A redaction rules file (TOML: `names = [...]` to add, `off = [...]` to turn
    /// built-in rules off by name).
    #[arg(long = "redact-rules", value_name = "FILE")]
    pub redact_rules: Option<PathBuf>,
    /// Record values in clear, secrets included (a warning is printed).
    #[arg(long = "no-redact", conflicts_with_all = ["redact", "redact_rules"])]
    pub no_redact: bool,
    /// The agent library (default: $MIMIC_AGENT, else libmimic_agent.so beside mimic).
    #[arg(long, value_name = "FILE")]
    pub agent: Option<PathBuf>,
}

/// Arguments of `mimic record`.
#[derive(Debug, clap::Args)]
pub struct RecordArgs {
    #[command(flatten)]
    pub agent: AgentFlags,
    /// After the recording, run the command once more under JaCoCo's agent alone (not
    /// mimic's) and keep its coverage data beside the store (`<store>.jacoco.exec`), for
    /// `mimic verify --coverage`. A second run, because JaCoCo must see the classes
    /// as they are on disk, and mimic's agent instruments them first.
    #[arg(long)]
    pub coverage: bool,
    /// The Java command: `java [options] <main class or -jar app.jar> [args]`.
    #[arg(last = true, required = true, value_name = "JAVA COMMAND")]
    pub command: Vec<String>,
}

fn absolute(p: &Path) -> anyhow::Result<PathBuf> {
    Ok(if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()?.join(p)
    })
}

/// `key=<absolute path>`; a path that is not UTF-8 or holds the option string's
/// separators (`,` `=`) travels as `key=hex:<its bytes in hex>` (an absolute path never
/// starts with `hex:`), which the agent decodes.
fn path_option(key: &str, p: &Path) -> anyhow::Result<String> {
    let path = absolute(p)?;
    match path.to_str() {
        Some(text) if !text.contains(',') && !text.contains('=') => Ok(format!("{key}={text}")),
        _ => {
            use std::os::unix::ffi::OsStrExt;
            let hex: String = path
                .as_os_str()
                .as_bytes()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            Ok(format!("{key}=hex:{hex}"))
        }
    }
}

impl AgentFlags {
    /// The agent option string.
    pub fn options(&self) -> anyhow::Result<String> {
        if !self.plan.is_file() {
            bail!(
                "{}: no such plan (write one with `mimic targets -o`)",
                self.plan.display()
            );
        }
        // Refuse a store and log the agent would refuse, and a plan it could not read,
        // before any JVM starts.
        Store::preflight(&self.store)?;
        mimic_trace::private_file::refuse_symlink(&self.log_path())
            .with_context(|| "the agent's log".to_string())?;
        let text = std::fs::read_to_string(&self.plan)
            .with_context(|| format!("reading {}", self.plan.display()))?;
        // Its format and version only: the agent reads it whole, and says in its log
        // (shown after the run) if it cannot.
        mimic_plan::Plan::check_json(&text).with_context(|| format!("{}", self.plan.display()))?;
        let mut parts = vec![
            path_option("plan", &self.plan)?,
            path_option("store", &self.store)?,
            path_option("log", &self.log_path())?,
        ];
        for (key, value) in [
            ("first", self.first),
            ("distinct", self.distinct),
            ("upto", self.upto),
            ("sample", self.sample),
            ("depth", self.depth),
            ("nodes", self.nodes),
            ("value_bytes", self.value_bytes),
            ("budget", self.budget),
            ("backlog", self.backlog),
        ] {
            if let Some(v) = value {
                parts.push(format!("{key}={v}"));
            }
        }
        if let Some(r) = &self.redact {
            if r.trim().is_empty() || r.trim() == "off" {
                bail!(
                    "--redact {r:?} names no phrase; to record secrets in clear, say --no-redact"
                );
            }
            if r.contains(',') || r.contains('=') {
                bail!("--redact {r:?}: phrases cannot contain ',' or '='");
            }
            parts.push(format!("redact={r}"));
        }
        if let Some(file) = &self.redact_rules {
            // Read here too, so that a bad file is a usage error before the JVM starts.
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("--redact-rules {}", file.display()))?;
            mimic_redact::Rules::builtin()
                .with_file(&text)
                .with_context(|| format!("--redact-rules {}", file.display()))?;
            parts.push(path_option("redact_rules", file)?);
        }
        if self.no_redact {
            eprintln!(
                "mimic: warning: --no-redact: secrets in the recorded values are kept in clear in {}",
                self.store.display()
            );
            parts.push("redact=off".into());
        }
        Ok(parts.join(","))
    }

    pub fn log_path(&self) -> PathBuf {
        self.log.clone().unwrap_or_else(|| {
            let mut s = self.store.clone().into_os_string();
            s.push(".log");
            PathBuf::from(s)
        })
    }

    /// The agent library: `--agent`, `$MIMIC_AGENT`, else the newest
    /// `libmimic_agent.so` beside the mimic executable or in its `deps/` directory.
    pub fn library(&self) -> anyhow::Result<PathBuf> {
        crate::native::library(
            self.agent.clone(),
            "MIMIC_AGENT",
            "agent library",
            "mimic_agent",
            "mimic-agent",
        )
    }
}

pub fn run(args: &RecordArgs) -> anyhow::Result<u8> {
    let options = args.agent.options()?;
    let library = args.agent.library()?;
    let (java, rest) = args
        .command
        .split_first()
        .ok_or_else(|| anyhow::anyhow!("no Java command after --"))?;
    let log = args.agent.log_path();
    let log_start = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
    // The program keeps mimic's terminal (stdin, stdout, stderr); it is registered so that
    // an interrupt to mimic ends it too (SIGTERM first: the agent flushes at VM death).
    let child = mimic_jvm::process::spawn(
        Command::new(java)
            .arg(format!("-agentpath:{}={options}", library.display()))
            .args(rest),
    )
    .with_context(|| format!("starting {java}"))?;
    let pid = child.id();
    let finished = child
        .wait(None)
        .with_context(|| format!("waiting for {java}"))?;
    let elapsed = finished.elapsed;
    let status = finished
        .status
        .ok_or_else(|| anyhow::anyhow!("{java} did not end"))?;
    let code = match status.code() {
        Some(c) => c.clamp(0, 255) as u8,
        None => 1, // killed by a signal
    };
    let mut refused = false;
    for line in new_log_lines(&log, log_start) {
        if line.contains("not recording") {
            eprintln!("mimic: {}", log_message(&line));
            refused = true;
        }
    }
    let complete = match summary(&args.agent.store, Some(pid)) {
        Ok((s, complete)) => {
            eprintln!("mimic: {s} (log: {})", log.display());
            complete
        }
        Err(e) => {
            eprintln!("mimic: nothing recorded: {e:#}");
            true
        }
    };
    let covered = !args.coverage || coverage_run(java, rest, &args.agent.store, elapsed);
    // A recording that lost data, or that the agent refused to make, is a finding even
    // when the program succeeded.
    Ok(if code == 0 && (!complete || refused || !covered) {
        exit_code::FINDINGS
    } else {
        code
    })
}

/// `record --coverage`: the command once more under JaCoCo's agent, its output kept in
/// `<exec>.log`, within ten times the recorded run's time (five minutes at least);
/// whether it wrote its data.
fn coverage_run(java: &str, rest: &[String], store: &Path, recorded: std::time::Duration) -> bool {
    let exec = super::coverage::exec_beside(store);
    let mut log = exec.clone().into_os_string();
    log.push(".log");
    let log = PathBuf::from(log);
    let said = |what: &str| eprintln!("mimic: coverage run: {what}");
    let jacoco = match super::coverage::jacoco() {
        Ok(j) => j,
        Err(e) => {
            said(&format!("JaCoCo is not at hand: {e:#}"));
            return false;
        }
    };
    let _ = std::fs::remove_file(&exec);
    let timeout = (recorded * 10).max(std::time::Duration::from_secs(300));
    eprintln!(
        "mimic: coverage run: the command again under JaCoCo's agent (output in {})",
        log.display()
    );
    let finished = mimic_jvm::process::run(
        Command::new(java).arg(jacoco.agent_flag(&exec)).args(rest),
        Some(timeout),
    );
    let mut finished = match finished {
        Ok(f) => f,
        Err(e) => {
            said(&format!("cannot start {java}: {e}"));
            return false;
        }
    };
    let mut output = std::mem::take(&mut finished.stdout);
    output.extend_from_slice(&finished.stderr);
    if let Err(e) = std::fs::write(&log, &output) {
        said(&format!("cannot write {}: {e}", log.display()));
    }
    let ended = if finished.timed_out {
        format!("stopped after {} s", timeout.as_secs())
    } else {
        match finished.status.and_then(|s| s.code()) {
            Some(c) => format!("exit status {c}"),
            None => "killed by a signal".into(),
        }
    };
    if exec.is_file() {
        said(&format!("{ended}; coverage data in {}", exec.display()));
        true
    } else {
        said(&format!(
            "{ended}; it wrote no coverage data (see {})",
            log.display()
        ));
        false
    }
}

/// Log lines appended since byte `start`.
pub fn new_log_lines(log: &Path, start: u64) -> Vec<String> {
    let text = std::fs::read(log).unwrap_or_default();
    let start = (start as usize).min(text.len());
    String::from_utf8_lossy(&text[start..])
        .lines()
        .map(str::to_string)
        .collect()
}

/// A log line without its `mimic-agent: [<ms> ms] ` prefix.
pub fn log_message(line: &str) -> &str {
    let rest = line.trim_start_matches("mimic-agent: ");
    match rest.strip_prefix('[').and_then(|r| r.split_once("] ")) {
        Some((_, message)) => message,
        None => rest,
    }
}

/// One line about the run the JVM with process id `pid` recorded (another recording may
/// share the store), or the latest run of a store; and whether that run is complete
/// (ended as "completed" with nothing lost). What could not be written is said, with
/// what the store kept.
pub fn summary(store: &Path, pid: Option<u32>) -> anyhow::Result<(String, bool)> {
    let store_r = Store::open_read(store)?;
    let own = match pid {
        Some(pid) => store_r.latest_run_of(pid)?,
        None => None,
    };
    let run = match own {
        Some(run) => run,
        None => store_r
            .latest_run()?
            .ok_or_else(|| anyhow::anyhow!("{}: no run", store.display()))?,
    };
    let r = store_r
        .runs()?
        .into_iter()
        .find(|r| r.id == run)
        .ok_or_else(|| anyhow::anyhow!("run {run} vanished"))?;
    let mut line = format!(
        "run {} {}: {} invocations of {}/{} MUTs, {} calls, {} bytes in {}",
        r.id,
        r.status,
        r.invocations,
        r.muts_invoked,
        r.muts,
        r.calls,
        r.bytes,
        store.display()
    );
    if r.muts > 0 && r.muts_invoked == 0 && r.status == "completed" {
        // Say why there is nothing to generate from, and what would give something.
        line.push_str(
            "; the program invoked none of the plan's methods under test (rick's rule: a \
             method with a mockable call of its own; `mimic targets --explain` says why a \
             method is not one, `--all` plans every public method)",
        );
    }
    let mut complete = r.status == "completed";
    let mut lost_said = false;
    let counts = store_r.run_counts(run)?;
    for &(ref name, count) in &counts {
        match name.as_str() {
            "dropped_backlog_full" if count > 0 => line.push_str(&format!(
                "; {count} invocations dropped (writer backlog full: raise --backlog)"
            )),
            "redacted_invocations" if count > 0 => {
                let per_rule: Vec<String> = counts
                    .iter()
                    .filter_map(|(n, c)| n.strip_prefix("redacted:").map(|r| format!("{r} {c}")))
                    .collect();
                let values: u64 = counts
                    .iter()
                    .filter(|(n, _)| n.starts_with("redacted:"))
                    .map(|(_, c)| c)
                    .sum();
                line.push_str(&format!(
                    "; {values} values redacted ({}) in {count} invocations",
                    per_rule.join(", ")
                ));
            }
            "budget_spent_invocations" if count > 0 => {
                let budget = counts
                    .iter()
                    .find(|(n, _)| n == "budget_bytes")
                    .map_or(String::from("?"), |(_, b)| b.to_string());
                line.push_str(&format!(
                    "; {count} invocations recorded without their values (the value budget, {budget} bytes, was spent: raise --budget)"
                ))
            }
            "redaction_param_names_unknown" if count > 0 => line.push_str(&format!(
                "; {count} MUTs' parameter names unknown (compile with -g or -parameters to redact arguments by name)"
            )),
            "lost_write_failed" if count > 0 => {
                complete = false;
                lost_said = true;
                line.push_str(&format!(
                    "; {count} invocations could not be written (disk full or store not writable: see the log); the store keeps the {} above",
                    r.invocations
                ))
            }
            _ => {}
        }
    }
    if r.status == "running" {
        line.push_str(
            "; the run did not end cleanly: invocations could not be written (disk full or store not writable?) or the JVM was killed",
        );
    } else if !complete && !lost_said {
        // The status was written but the counts were not (the disk filled in between).
        line.push_str(
            "; the run did not complete: invocations could not be written (disk full or store not writable?): see the log",
        );
    }
    Ok((line, complete))
}
