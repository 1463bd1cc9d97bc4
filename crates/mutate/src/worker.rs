//! One long-lived test JVM running the shim (`MutationRunner`): started once, it discovers
//! the tests, then runs the tests it is sent with the mutant it is sent switched on. A
//! test that outruns its CPU or wall-time budget is stopped by the shim, which goes on
//! when the JVM is still sound and halts it otherwise; the caller then starts a new one.
//! A Rust-side deadline catches a JVM too stuck even for that.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::error::MutateError;
use crate::protocol::{self, parse_reply, Loader, Reply};

/// Everything needed to start a test JVM.
#[derive(Debug, Clone)]
pub struct WorkerSpec {
    pub java: PathBuf,
    /// JVM options before `-cp` (agents, system properties).
    pub jvm_args: Vec<String>,
    pub classpath: Vec<PathBuf>,
    /// The class path entries a fresh loader loads again ([`Worker::run_fresh`]): the
    /// rewritten and the original application classes and the tests.
    pub reload: Vec<PathBuf>,
    /// Size of the coverage array (number of target methods).
    pub method_count: usize,
    /// Directories scanned for test classes.
    pub test_roots: Vec<PathBuf>,
    /// The tests another JVM discovers (`<unique id>\t<name>` per line): when set, the
    /// JVM waits for this file and reads it instead of scanning `test_roots`, so it starts
    /// alongside the discovering one.
    pub tests_file: Option<PathBuf>,
    /// Where the JVM's stderr (and the tests' output) goes.
    pub log: PathBuf,
    /// How long discovery may take.
    pub startup_timeout: Duration,
    /// The JVM's working directory (relative paths in tests resolve from it); `None`:
    /// mimic's.
    pub dir: Option<PathBuf>,
    /// Discover tests in classes of any name, not only JUnit's standard test-class names.
    pub every_class_name: bool,
    /// Environment variables set for the JVM, over mimic's own environment.
    pub env: Vec<(String, String)>,
    /// JUnit tag expressions a discovered test must match one of (none: any test).
    pub include_tags: Vec<String>,
    /// JUnit tag expressions a discovered test must match none of.
    pub exclude_tags: Vec<String>,
    /// Classes the JVM initialises, with no mutant switched on, before it runs anything
    /// ([`InitList`]); `None`: none.
    pub initialise: Option<Arc<InitList>>,
    /// Counts the tests stopped past their budget in the JVMs of this spec: stopped by the
    /// watchdog (the JVM goes on), or the JVM ended for them (it could not stop them, or
    /// stopped answering).
    pub stops: Arc<AtomicUsize>,
}

/// The classes whose static initialisers reach target methods (the baseline saw them),
/// which every test JVM of the mutant phase initialises, unmutated, before it runs a
/// mutant: otherwise whether a mutant's test triggers one of them, and so whether the
/// mutant runs inside the initialisation and what the class keeps from it for the JVM's
/// life, depends on what that JVM happened to run before. (A method that only a static
/// initialiser calls is judged in a fresh class loader, where the initialisation happens
/// under its mutant.) A class whose initialisation fails there (it needs what a test sets
/// up first) is dropped from the list for every later JVM.
#[derive(Debug, Default)]
pub struct InitList {
    classes: Mutex<Vec<String>>,
    /// Classes dropped from the list, and why.
    dropped: Mutex<Vec<(String, String)>>,
}

impl InitList {
    /// Set the classes (sorted, each once).
    pub fn set(&self, mut classes: Vec<String>) {
        classes.sort();
        classes.dedup();
        *self.classes.lock().expect("lock") = classes;
    }

    /// The classes now.
    pub fn classes(&self) -> Vec<String> {
        self.classes.lock().expect("lock").clone()
    }

    /// The classes dropped from the list, and why, in the order they were.
    pub fn dropped(&self) -> Vec<(String, String)> {
        self.dropped.lock().expect("lock").clone()
    }

    fn drop_class(&self, class: &str, why: &str) {
        let mut classes = self.classes.lock().expect("lock");
        if classes.iter().any(|c| c == class) {
            classes.retain(|c| c != class);
            self.dropped
                .lock()
                .expect("lock")
                .push((class.to_string(), why.to_string()));
        }
    }

    fn clear(&self, why: &str) {
        for class in self.classes() {
            self.drop_class(&class, why);
        }
    }
}

/// How long a JVM may stay silent on a run of tests with these budgets. The shim enforces
/// each test's budget itself; this deadline only catches a JVM too stuck even for that.
fn stuck_after<'a>(limits: Limits, budgets: impl Iterator<Item = &'a Budget>) -> Duration {
    let ms: u64 = budgets
        .map(|b| 2 * (b.wall_ms + limits.wall_const_ms) + 2_000)
        .sum();
    Duration::from_millis(ms + 30_000)
}

/// Write `tests` as a tests file for [`WorkerSpec::tests_file`].
pub fn write_tests_file(path: &Path, tests: &[DiscoveredTest]) -> Result<(), MutateError> {
    let text: String = tests
        .iter()
        .map(|t| format!("{}\t{}\n", t.unique_id, t.name))
        .collect();
    write_whole(path, text.as_bytes())
}

/// Write `bytes` to `path` under another (unique) name in its directory, then rename it:
/// a JVM reading the file never sees half of it, even when several writers race.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), MutateError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut staged = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| MutateError::io("create a file in", dir, e))?;
    staged
        .write_all(bytes)
        .map_err(|e| MutateError::io("write", staged.path(), e))?;
    staged
        .persist(path)
        .map_err(|e| MutateError::io("write", path, e.error))?;
    Ok(())
}

/// A test the shim discovered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscoveredTest {
    pub unique_id: String,
    /// `pkg.FooTest#method(params)`, or the display name.
    pub name: String,
    /// Left out by the JVM's tag filter (a build's Surefire groups/excludedGroups).
    pub left_out_by_tags: bool,
}

pub use crate::protocol::Status;

/// One test's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestResult {
    pub index: usize,
    pub status: Status,
    /// Wall time of the test.
    pub nanos: u64,
    /// CPU time of the thread that ran it (0 where the JVM cannot measure it).
    pub cpu_nanos: u64,
    /// Invocations that ran (a parameterised or repeated test has one per case).
    pub invocations: u32,
    /// Bytes the thread that ran it allocated (0 where the JVM cannot measure it).
    pub alloc_bytes: u64,
    /// Target methods entered (only when hits were recorded).
    pub hits: Vec<u32>,
    /// The first line of its failure (exception class and message), when it failed.
    pub failure: Option<String>,
    /// What the observed method's exits showed (after [`Worker::observe`]).
    pub observed: Vec<String>,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEnd {
    /// Every requested test ran (or the run stopped at the first failure).
    Done,
    /// This test outran its timeout after this many nanoseconds; the JVM is gone.
    TimedOut(usize, u64),
    /// The JVM died while running this test (e.g. `System.exit`, out of memory).
    Crashed(usize, String),
}

/// How long one test may run under a mutant, in milliseconds: CPU time of its thread
/// and wall time (on top of [`Limits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub cpu_ms: u64,
    pub wall_ms: u64,
}

/// What a patient budget adds, in milliseconds: PIT's timeout constant.
pub const PATIENT_MS: u64 = 4000;

impl Budget {
    /// The budget for a test whose first run in a JVM outran its own: four times as much
    /// and [`PATIENT_MS`] more, so that a cold JVM (classes to load, code to compile,
    /// caches to fill) does not pass for a mutant that loops.
    pub fn patient(self) -> Budget {
        Budget {
            cpu_ms: self.cpu_ms.saturating_mul(4).saturating_add(PATIENT_MS),
            wall_ms: self.wall_ms.saturating_mul(4).saturating_add(PATIENT_MS),
        }
    }
}

/// The constants added to every test's [`Budget`] (and the budget of the time between
/// tests, e.g. class setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub cpu_const_ms: u64,
    pub wall_const_ms: u64,
}

/// The answer to one RUN request.
#[derive(Debug, Clone)]
pub struct RunReply {
    pub results: Vec<TestResult>,
    pub end: RunEnd,
    /// Target methods reached outside any test (e.g. in `@BeforeAll`), when hits were
    /// recorded.
    pub shared_hits: Vec<u32>,
    /// Target methods reached from static initialisers, with the class initialised.
    pub inits: Vec<(u32, String)>,
    /// A class failed its static initialisation in the run's last launch (the JVM ended
    /// after it): `Some(Some(test))` under that test's mutant, `Some(None)` not known.
    pub broke: Option<Option<usize>>,
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
    /// Tests that have run to their end in this JVM: their classes are loaded and their
    /// code has been run once (a test's first run in a JVM can be much slower).
    warm: HashSet<usize>,
    /// Per test asked, whether it passes in a fresh class loader with no mutant.
    fresh_loader_sound: HashMap<usize, bool>,
    /// Whether it initialised the spec's [`InitList`] (a list only ever shrinks).
    initialised: bool,
    /// The spec's count of stopped tests ([`WorkerSpec::stops`]).
    stops: Arc<AtomicUsize>,
}

impl Worker {
    /// Start the JVM, wait until it has discovered the tests, and have it initialise the
    /// spec's [`InitList`] (a JVM in which one of those classes fails to initialise is
    /// replaced, the class dropped from the list).
    pub fn start(spec: &WorkerSpec) -> Result<Worker, MutateError> {
        loop {
            let mut worker = Self::spawn(spec)?;
            if worker.initialise(spec)? {
                return Ok(worker);
            }
        }
    }

    /// Start the JVM and wait until it has discovered the tests, leaving the spec's
    /// [`InitList`] alone: a JVM of a mutant's own, whose classes initialise under it.
    pub fn start_uninitialised(spec: &WorkerSpec) -> Result<Worker, MutateError> {
        Self::spawn(spec)
    }

    /// Initialise the spec's [`InitList`] in this JVM, once: false when a class's
    /// initialisation failed (dropped from the list; the JVM is ended). A JVM that dies
    /// there or does not finish in its start-up time gives the list up.
    pub fn initialise(&mut self, spec: &WorkerSpec) -> Result<bool, MutateError> {
        let Some(list) = &spec.initialise else {
            return Ok(true);
        };
        let classes = list.classes();
        if classes.is_empty() || self.initialised || !self.alive {
            return Ok(true);
        }
        self.send(&protocol::init_request(&classes))?;
        // The class being initialised: a JVM that dies or hangs now does so in its
        // initialiser, and only that class is dropped.
        let mut current: Option<String> = None;
        loop {
            match self.lines.recv_timeout(spec.startup_timeout) {
                Ok(line) => match parse_reply(&line) {
                    Some(Reply::InitBegin { class }) => current = Some(class),
                    Some(Reply::Done) => {
                        self.initialised = true;
                        return Ok(true);
                    }
                    Some(Reply::InitBroke { class }) => {
                        list.drop_class(&class, "its static initialiser fails outside the tests");
                        self.kill();
                        return Ok(false);
                    }
                    _ => {}
                },
                Err(e) => {
                    let why = match e {
                        RecvTimeoutError::Timeout => format!(
                            "its static initialiser did not finish outside the tests in {} s",
                            spec.startup_timeout.as_secs()
                        ),
                        RecvTimeoutError::Disconnected => {
                            "the test JVM ended in its static initialiser, outside the tests"
                                .to_string()
                        }
                    };
                    match &current {
                        Some(class) => list.drop_class(class, &why),
                        None => list.clear(&format!("{why} (before it named a class)")),
                    }
                    self.kill();
                    return Ok(false);
                }
            }
        }
    }

    /// Start the JVM and wait until it has discovered the tests.
    fn spawn(spec: &WorkerSpec) -> Result<Worker, MutateError> {
        let log = File::options()
            .create(true)
            .append(true)
            .open(&spec.log)
            .map_err(|e| MutateError::io("open", &spec.log, e))?;
        // The JVM may run in another directory: every path it is given is absolute.
        let abs = |p: &PathBuf| std::path::absolute(p).unwrap_or_else(|_| p.clone());
        let argfile = abs(&spec.log.with_extension("args"));
        let classpath: Vec<PathBuf> = spec.classpath.iter().map(abs).collect();
        let cp = mimic_jvm::classpath_string(&classpath);
        let reload: Vec<PathBuf> = spec.reload.iter().map(abs).collect();
        let reload = mimic_jvm::classpath_string(&reload);
        let quoted = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\"));
        // JVMs started at the same time from one spec (the explain phase's) write it together.
        write_whole(
            &argfile,
            format!(
                "{}\n-cp\n{}\n",
                quoted(&format!("-Dmimic.mutate.reload={reload}")),
                quoted(&cp)
            )
            .as_bytes(),
        )?;
        let mut command = Command::new(&spec.java);
        command
            .args(&spec.jvm_args)
            .arg(format!("@{}", argfile.display()))
            .arg("mimic.mutate.MutationRunner")
            .arg(spec.method_count.to_string());
        match &spec.tests_file {
            Some(file) => command.arg("--tests").arg(abs(file)),
            None => {
                if spec.every_class_name {
                    command.arg("--every-class-name");
                }
                if !spec.include_tags.is_empty() {
                    command
                        .arg("--include-tags")
                        .arg(spec.include_tags.join(","));
                }
                if !spec.exclude_tags.is_empty() {
                    command
                        .arg("--exclude-tags")
                        .arg(spec.exclude_tags.join(","));
                }
                command.args(spec.test_roots.iter().map(abs))
            }
        };
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        command.envs(spec.env.iter().map(|(k, v)| (k, v)));
        command
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
            warm: HashSet::new(),
            fresh_loader_sound: HashMap::new(),
            initialised: false,
            stops: spec.stops.clone(),
        };
        loop {
            match worker.lines.recv_timeout(spec.startup_timeout) {
                Ok(line) => match parse_reply(&line) {
                    Some(Reply::Ready) => break,
                    Some(Reply::Test {
                        id, name, left_out, ..
                    }) => worker.tests.push(DiscoveredTest {
                        unique_id: id,
                        name,
                        left_out_by_tags: left_out,
                    }),
                    _ => {}
                },
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

    /// Whether `test` passes in a fresh class loader with no mutant, when known.
    pub fn fresh_loader_sound(&self, test: usize) -> Option<bool> {
        self.fresh_loader_sound.get(&test).copied()
    }

    /// Remember whether `test` passes in a fresh class loader with no mutant.
    pub fn set_fresh_loader_sound(&mut self, test: usize, sound: bool) {
        self.fresh_loader_sound.insert(test, sound);
    }

    /// Whether `test` has run to its end in this JVM before.
    pub fn is_warm(&self, test: usize) -> bool {
        self.warm.contains(&test)
    }

    /// Run `tests` with `mutant` switched on (0: none). The shim launches them alone or in
    /// batches; each test may use its budget plus the constants of `limits`.
    pub fn run(
        &mut self,
        mutant: u32,
        stop_at_failure: bool,
        record_hits: bool,
        limits: Limits,
        tests: &[(usize, Budget)],
    ) -> Result<RunReply, MutateError> {
        let request = protocol::run_request(
            Loader::Shared,
            mutant,
            stop_at_failure,
            record_hits,
            limits,
            tests,
        );
        self.run_request(&request, limits, tests, true)
    }

    /// As [`Worker::run`] stopping at the first failure, the tests and the application
    /// loaded again by a class loader of this run's own: their static initialisers run
    /// under `mutant`, as in a new JVM, and the JVM stays fit for other runs. Its tests do
    /// not count as warm (their classes are new).
    pub fn run_fresh(
        &mut self,
        mutant: u32,
        limits: Limits,
        tests: &[(usize, Budget)],
    ) -> Result<RunReply, MutateError> {
        let request = protocol::run_request(Loader::Fresh, mutant, true, false, limits, tests);
        self.run_request(&request, limits, tests, false)
    }

    fn run_request(
        &mut self,
        request: &str,
        limits: Limits,
        tests: &[(usize, Budget)],
        warms: bool,
    ) -> Result<RunReply, MutateError> {
        self.send(request)?;
        let deadline = stuck_after(limits, tests.iter().map(|(_, b)| b));
        let order: Vec<usize> = tests.iter().map(|(i, _)| *i).collect();
        self.read_reply(deadline, warms, |results| {
            order.get(results.len()).copied().unwrap_or(usize::MAX)
        })
    }

    /// Run distinct tests in one launch, each with its own mutant switched on while it
    /// runs: `(test, mutant, budget)`. Results come in request order.
    pub fn run_multiplexed(
        &mut self,
        limits: Limits,
        tests: &[(usize, u32, Budget)],
    ) -> Result<RunReply, MutateError> {
        let request = protocol::multiplexed_request(limits, tests);
        self.send(&request)?;
        let deadline = stuck_after(limits, tests.iter().map(|(_, _, b)| b));
        let order: Vec<usize> = tests.iter().map(|(i, _, _)| *i).collect();
        self.read_reply(deadline, true, |results| {
            order.get(results.len()).copied().unwrap_or(usize::MAX)
        })
    }

    /// Observe target method `method`'s exits (and what `what` adds) in the runs that
    /// follow (`None`: stop).
    pub fn observe(
        &mut self,
        method: Option<u32>,
        what: protocol::Observe,
        limits: Limits,
    ) -> Result<(), MutateError> {
        self.send(&protocol::observe_request(method, what))?;
        let deadline = stuck_after(limits, std::iter::empty());
        match self.read_reply(deadline, true, |_| usize::MAX)?.end {
            RunEnd::Done => Ok(()),
            _ => Err(MutateError::Worker(
                "the test JVM did not answer OBSERVE".into(),
            )),
        }
    }

    fn send(&mut self, request: &str) -> Result<(), MutateError> {
        if let Err(e) = self
            .stdin
            .write_all(request.as_bytes())
            .and_then(|_| self.stdin.flush())
        {
            self.kill();
            return Err(MutateError::Worker(format!("could not send a run: {e}")));
        }
        Ok(())
    }

    /// Read R lines until DONE. The test a JVM that stops answering was running is the
    /// last one it announced (`B <test>`), else `guess(results so far)`.
    /// Read a request's replies; `warms`: the tests that ran to their end count as warm.
    fn read_reply(
        &mut self,
        deadline: Duration,
        warms: bool,
        guess: impl Fn(&[TestResult]) -> usize,
    ) -> Result<RunReply, MutateError> {
        let running =
            |results: &[TestResult], begun: Option<usize>| begun.unwrap_or_else(|| guess(results));
        let mut reply = RunReply {
            results: Vec::new(),
            end: RunEnd::Done,
            shared_hits: Vec::new(),
            inits: Vec::new(),
            broke: None,
        };
        let mut begun: Option<usize> = None;
        loop {
            let line = match self.lines.recv_timeout(deadline) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    self.stops.fetch_add(1, Ordering::Relaxed);
                    let index = running(&reply.results, begun);
                    let waited = u64::try_from(deadline.as_nanos()).unwrap_or(u64::MAX);
                    reply.end = RunEnd::TimedOut(index, waited);
                    return Ok(reply);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.kill();
                    let index = running(&reply.results, begun);
                    reply.end = RunEnd::Crashed(index, log_tail(&self.log, 5));
                    return Ok(reply);
                }
            };
            match parse_reply(&line) {
                // The reported results stand; the JVM goes, so the next run starts anew.
                Some(Reply::Poisoned) => {
                    self.kill();
                    return Ok(reply);
                }
                Some(Reply::Done) => return Ok(reply),
                Some(Reply::TimedOut { test, wall }) => {
                    self.kill();
                    self.stops.fetch_add(1, Ordering::Relaxed);
                    reply.end = RunEnd::TimedOut(test, wall);
                    return Ok(reply);
                }
                Some(Reply::Result {
                    test,
                    status,
                    wall,
                    cpu,
                    invocations,
                    alloc,
                    hits,
                    failure,
                    observed,
                }) => {
                    if warms && matches!(status, Status::Passed | Status::Failed) {
                        self.warm.insert(test);
                    }
                    if status == Status::TimedOut {
                        self.stops.fetch_add(1, Ordering::Relaxed);
                    }
                    reply.results.push(TestResult {
                        index: test,
                        status,
                        nanos: wall,
                        cpu_nanos: cpu.max(0) as u64,
                        invocations,
                        alloc_bytes: alloc.max(0) as u64,
                        hits: hits.unwrap_or_default(),
                        failure,
                        observed: observed.unwrap_or_default(),
                    })
                }
                Some(Reply::Shared { hits }) => reply.shared_hits.extend(hits),
                Some(Reply::Inits { inits: found }) => reply.inits.extend(found),
                Some(Reply::Broke { test }) => reply.broke = Some(test),
                Some(Reply::Begin { test }) => begun = Some(test),
                Some(
                    Reply::Test { .. }
                    | Reply::Ready
                    | Reply::InitBroke { .. }
                    | Reply::InitBegin { .. },
                )
                | None => {}
            }
        }
    }

    /// End the JVM now (it may hold state no later run should see).
    pub fn retire(&mut self) {
        self.kill();
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
            let _ = self.stdin.write_all(protocol::QUIT.as_bytes());
            let _ = self.stdin.flush();
        }
        self.kill();
    }
}

/// The last `n` lines of a log file.
pub fn log_tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}
