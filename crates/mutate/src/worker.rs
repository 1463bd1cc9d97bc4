//! One long-lived test JVM running the shim (`MutationRunner`): started once, it discovers
//! the tests, then runs the tests it is sent with the mutant it is sent switched on. A
//! test that outruns its timeout makes the shim halt the JVM; the caller starts a new one.
//! A Rust-side deadline catches a JVM too stuck even for that.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::error::MutateError;

/// Everything needed to start a test JVM.
#[derive(Debug, Clone)]
pub struct WorkerSpec {
    pub java: PathBuf,
    /// JVM options before `-cp` (agents, system properties).
    pub jvm_args: Vec<String>,
    pub classpath: Vec<PathBuf>,
    /// Size of the coverage array (number of target methods).
    pub method_count: usize,
    /// Directories scanned for test classes.
    pub test_roots: Vec<PathBuf>,
    /// Where the JVM's stderr (and the tests' output) goes.
    pub log: PathBuf,
    /// How long discovery may take.
    pub startup_timeout: Duration,
}

/// A test the shim discovered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveredTest {
    pub unique_id: String,
    /// `pkg.FooTest#method(params)`, or the display name.
    pub name: String,
}

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Passed,
    Failed,
    /// Nothing ran (disabled, or an assumption did not hold).
    Skipped,
}

/// One test's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestResult {
    pub index: usize,
    pub status: Status,
    pub nanos: u64,
    /// Target methods entered (only when hits were recorded).
    pub hits: Vec<u32>,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEnd {
    /// Every requested test ran (or the run stopped at the first failure).
    Done,
    /// This test outran its timeout; the JVM is gone.
    TimedOut(usize),
    /// The JVM died while running this test (e.g. `System.exit`, out of memory).
    Crashed(usize, String),
}

/// The answer to one RUN request.
#[derive(Debug, Clone)]
pub struct RunReply {
    pub results: Vec<TestResult>,
    pub end: RunEnd,
}

/// A running test JVM.
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    log: PathBuf,
    /// The tests it discovered, in its order.
    pub tests: Vec<DiscoveredTest>,
    alive: bool,
}

impl Worker {
    /// Start the JVM and wait until it has discovered the tests.
    pub fn start(spec: &WorkerSpec) -> Result<Worker, MutateError> {
        let log = File::options()
            .create(true)
            .append(true)
            .open(&spec.log)
            .map_err(|e| MutateError::io("open", &spec.log, e))?;
        let argfile = spec.log.with_extension("args");
        let cp = mimic_jvm::classpath_string(&spec.classpath);
        std::fs::write(&argfile, format!("-cp\n\"{}\"\n", cp.replace('\\', "\\\\")))
            .map_err(|e| MutateError::io("write", &argfile, e))?;
        let mut command = Command::new(&spec.java);
        command
            .args(&spec.jvm_args)
            .arg(format!("@{}", argfile.display()))
            .arg("mimic.mutate.MutationRunner")
            .arg(spec.method_count.to_string())
            .args(&spec.test_roots)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log));
        let mut child = command
            .spawn()
            .map_err(|e| MutateError::io("start", &spec.java, e))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut worker = Worker {
            child,
            stdin,
            lines,
            log: spec.log.clone(),
            tests: Vec::new(),
            alive: true,
        };
        loop {
            match worker.lines.recv_timeout(spec.startup_timeout) {
                Ok(line) if line == "READY" => break,
                Ok(line) => {
                    let mut parts = line.splitn(4, '\t');
                    if parts.next() == Some("TEST") {
                        let _index = parts.next();
                        let unique_id = parts.next().unwrap_or_default().to_string();
                        let name = parts.next().unwrap_or_default().to_string();
                        worker.tests.push(DiscoveredTest { unique_id, name });
                    }
                }
                Err(e) => {
                    worker.kill();
                    let why = match e {
                        RecvTimeoutError::Timeout => "did not finish test discovery in time",
                        RecvTimeoutError::Disconnected => "exited during test discovery",
                    };
                    return Err(MutateError::Worker(format!(
                        "{why}; last lines of {}:\n{}",
                        spec.log.display(),
                        log_tail(&spec.log, 15)
                    )));
                }
            }
        }
        Ok(worker)
    }

    /// Whether the JVM can take another run.
    pub fn is_alive(&self) -> bool {
        self.alive
    }

    /// Run `tests` (index, time allowance in ms) with `mutant` switched on (0: none). The
    /// shim launches them alone or in batches; a launch may take the sum of its tests'
    /// allowances plus `constant_ms`.
    pub fn run(
        &mut self,
        mutant: u32,
        stop_at_failure: bool,
        record_hits: bool,
        constant_ms: u64,
        tests: &[(usize, u64)],
    ) -> Result<RunReply, MutateError> {
        let mut request = format!(
            "RUN {mutant} {} {} {constant_ms}",
            u8::from(stop_at_failure),
            u8::from(record_hits)
        );
        for (index, timeout) in tests {
            request.push_str(&format!(" {index}:{timeout}"));
        }
        request.push('\n');
        if let Err(e) = self
            .stdin
            .write_all(request.as_bytes())
            .and_then(|_| self.stdin.flush())
        {
            self.kill();
            return Err(MutateError::Worker(format!("could not send a run: {e}")));
        }
        // The shim enforces each test's timeout; this deadline only catches a stuck JVM.
        let budget: u64 = tests.iter().map(|(_, t)| *t + constant_ms).sum();
        let deadline = Duration::from_millis(budget + 30_000);
        let mut results = Vec::new();
        let next_test = |results: &Vec<TestResult>| {
            tests
                .get(results.len())
                .map(|(i, _)| *i)
                .unwrap_or(usize::MAX)
        };
        loop {
            match self.lines.recv_timeout(deadline) {
                Ok(line) if line == "DONE" => {
                    return Ok(RunReply {
                        results,
                        end: RunEnd::Done,
                    })
                }
                Ok(line) if line.starts_with("T ") => {
                    let index = line[2..].trim().parse().unwrap_or(next_test(&results));
                    self.kill();
                    return Ok(RunReply {
                        results,
                        end: RunEnd::TimedOut(index),
                    });
                }
                Ok(line) if line.starts_with("R ") => {
                    if let Some(r) = parse_result(&line) {
                        results.push(r);
                    }
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    let index = next_test(&results);
                    return Ok(RunReply {
                        results,
                        end: RunEnd::TimedOut(index),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.kill();
                    let index = next_test(&results);
                    return Ok(RunReply {
                        results,
                        end: RunEnd::Crashed(index, log_tail(&self.log, 5)),
                    });
                }
            }
        }
    }

    fn kill(&mut self) {
        self.alive = false;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if self.alive {
            // Closing stdin ends the shim's loop; kill in case it is stuck.
            let _ = self.stdin.write_all(b"QUIT\n");
            let _ = self.stdin.flush();
        }
        self.kill();
    }
}

/// `R <index> <P|F|S> <nanos> [hits]`.
fn parse_result(line: &str) -> Option<TestResult> {
    let mut parts = line.split(' ').skip(1);
    let index = parts.next()?.parse().ok()?;
    let status = match parts.next()? {
        "P" => Status::Passed,
        "F" => Status::Failed,
        _ => Status::Skipped,
    };
    let nanos = parts.next()?.parse().ok()?;
    let hits = match parts.next() {
        Some("-") | None => Vec::new(),
        Some(list) => list.split(',').filter_map(|h| h.parse().ok()).collect(),
    };
    Some(TestResult {
        index,
        status,
        nanos,
        hits,
    })
}

/// The last `n` lines of a log file.
pub fn log_tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_result_lines() {
        assert_eq!(
            parse_result("R 3 F 1200 0,4,7"),
            Some(TestResult {
                index: 3,
                status: Status::Failed,
                nanos: 1200,
                hits: vec![0, 4, 7]
            })
        );
        assert_eq!(parse_result("R 1 P 5 -").unwrap().hits, Vec::<u32>::new());
        assert_eq!(parse_result("R 1 S 5").unwrap().status, Status::Skipped);
        assert_eq!(parse_result("R x"), None);
    }
}
