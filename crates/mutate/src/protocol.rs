//! The conversation with the test JVM (`MutationRunner`), defined once for both sides.
//!
//! **Requests** (mimic → JVM, stdin), one line each, numbers only:
//! - `RUN <mutant> <stopAtFailure 0|1> <recordHits 0|1> <cpuConstMs> <wallConstMs>
//!   <test>:<cpuMs>:<wallMs>…` — the tests with `mutant` switched on (0: none), launched
//!   a test class at a time when recording or not stopping at the first failure, else the
//!   first test alone, then 2, 4… until one fails.
//! - `FRESHRUN …` — as `RUN`, its tests loaded through a class loader of the request's
//!   own that loads the application's classes and the tests again (`mimic.mutate.reload`),
//!   so that their static initialisers run again, under the mutant.
//! - `MRUN <cpuConstMs> <wallConstMs> <test>:<mutant>:<cpuMs>:<wallMs>…` — one launch of
//!   distinct tests, each with its own mutant switched on while it runs.
//! - `OBSERVE <method> <flags>` — the results of later runs carry what target method
//!   `method`'s exits showed, and with flag 1 what the test code's calls returned, with
//!   flag 2 the stack paths from the tests (`--explain`; -1 stops).
//! - `INIT <class>…` — initialise these classes (binary names), no mutant switched on:
//!   `done`, or `init_broke` naming the one whose initialisation failed (the JVM halts).
//! - `QUIT` (or the end of input) — the JVM halts.
//!
//! **Replies** (JVM → mimic, stdout), one JSON object per line with a `kind`: [`Reply`].
//! The Java side writes them with `mimic.mutate.Protocol`; the tests' own output goes to
//! the JVM's stderr, never here. Every request is answered by `result` lines (one per test
//! run, in request order), `shared` when hits were recorded, then `done`; or by a
//! `timed_out` line (or the end of output) when the JVM has to go; or, when a class failed
//! its static initialisation in a launch (it stays unusable in that JVM), `broke` then
//! `poisoned`, after which the JVM halts.

use serde::Deserialize;

use crate::worker::{Budget, Limits};

/// One line from the test JVM.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// A discovered test: `index` is the number requests use.
    Test {
        index: usize,
        id: String,
        name: String,
        /// A tag filter (`--include-tags`/`--exclude-tags`) leaves it out.
        #[serde(default)]
        left_out: bool,
    },
    /// Discovery is over.
    Ready,
    /// This test begins: a JVM that dies now was running it.
    Begin { test: usize },
    /// How one test ended.
    Result {
        test: usize,
        status: Status,
        /// Wall time, nanoseconds.
        wall: u64,
        /// CPU time of the thread that ran it, nanoseconds (-1: not measurable).
        cpu: i64,
        /// How many invocations of it ran, as JUnit counts them (a parameterised or
        /// repeated test has one per case).
        #[serde(default)]
        invocations: u32,
        /// Bytes the thread that ran it allocated (-1: not measurable).
        #[serde(default = "unmeasured")]
        alloc: i64,
        /// Target methods it entered (recording runs only).
        #[serde(default)]
        hits: Option<Vec<u32>>,
        /// The first line of its failure: exception class and message.
        #[serde(default)]
        failure: Option<String>,
        /// What the observed method's exits showed while it ran (after `OBSERVE`):
        /// `<exit ordinal> <location> <path>=<basic state>` lines.
        #[serde(default)]
        observed: Option<Vec<String>>,
    },
    /// Target methods entered outside any test (class set-up) in the last launch.
    Shared { hits: Vec<u32> },
    /// Target methods reached from a class's static initialiser (first seen in this
    /// JVM), with that class's binary name: not hits of the test that was running, since
    /// which test triggers an initialisation depends on which ran first.
    Inits { inits: Vec<(u32, String)> },
    /// This test outran its budget after `wall` nanoseconds and could not be stopped
    /// soundly: the JVM halts.
    TimedOut { test: usize, wall: u64 },
    /// A class failed its static initialisation in the last launch and stays unusable in
    /// this JVM: under the mutant `test` ran with (none: not known, the launch's failures
    /// stand). Tests reported [`Status::NotRun`] go again; [`Reply::Poisoned`] follows.
    Broke {
        #[serde(default)]
        test: Option<usize>,
    },
    /// `class` failed its static initialisation in an `INIT` request: the JVM halts.
    InitBroke { class: String },
    /// An `INIT` request initialises `class` now (a JVM that dies or hangs next died or
    /// hung in its static initialiser).
    InitBegin { class: String },
    /// A stop of an earlier launch poisoned the JVM (a test failed with a `ThreadDeath`
    /// this launch's watchdog never threw, kept in static state): the tests reported
    /// [`Status::NotRun`] go again in a new JVM; this one halts.
    Poisoned,
    /// The request is answered.
    Done,
}

fn unmeasured() -> i64 {
    -1
}

/// A test's outcome as the JVM reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Status {
    #[serde(rename = "P")]
    Passed,
    #[serde(rename = "F")]
    Failed,
    /// It skipped itself (disabled, or an assumption did not hold).
    #[serde(rename = "S")]
    Skipped,
    /// It did not run: the launch broke off before it (a stop meant for another test
    /// ended the launch), or such a stop ended it. It must run again.
    #[serde(rename = "N")]
    NotRun,
    /// It outran its budget and was stopped; the JVM went on.
    #[serde(rename = "T")]
    TimedOut,
}

/// Read one reply line; `None` for a line that is not one (a JVM's own chatter on
/// stdout before the shim redirects it).
pub fn parse_reply(line: &str) -> Option<Reply> {
    serde_json::from_str(line).ok()
}

/// The `INIT` request: initialise `classes` (binary names), no mutant switched on; the
/// JVM answers `done`, or `init_broke` naming the first class whose initialisation failed
/// and halts.
pub fn init_request(classes: &[String]) -> String {
    format!("INIT {}\n", classes.join(" "))
}

/// Which class loader a `RUN` loads its tests through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loader {
    /// The class path's, shared by every run of the JVM (`RUN`).
    Shared,
    /// A new one loading the application and the tests again (`FRESHRUN`).
    Fresh,
}

/// The `RUN` (or `FRESHRUN`) request.
pub fn run_request(
    loader: Loader,
    mutant: u32,
    stop_at_failure: bool,
    record_hits: bool,
    limits: Limits,
    tests: &[(usize, Budget)],
) -> String {
    let mut request = format!(
        "{} {mutant} {} {} {} {}",
        match loader {
            Loader::Shared => "RUN",
            Loader::Fresh => "FRESHRUN",
        },
        u8::from(stop_at_failure),
        u8::from(record_hits),
        limits.cpu_const_ms,
        limits.wall_const_ms,
    );
    for (index, budget) in tests {
        request.push_str(&format!(" {index}:{}:{}", budget.cpu_ms, budget.wall_ms));
    }
    request.push('\n');
    request
}

/// The `MRUN` request: `(test, mutant, budget)` per test.
pub fn multiplexed_request(limits: Limits, tests: &[(usize, u32, Budget)]) -> String {
    let mut request = format!("MRUN {} {}", limits.cpu_const_ms, limits.wall_const_ms);
    for (index, mutant, budget) in tests {
        request.push_str(&format!(
            " {index}:{mutant}:{}:{}",
            budget.cpu_ms, budget.wall_ms
        ));
    }
    request.push('\n');
    request
}

/// The request that ends the JVM.
pub const QUIT: &str = "QUIT\n";

/// What `OBSERVE` records besides the observed method's exits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Observe {
    /// What the test code's calls return (propagation analysis).
    pub test_values: bool,
    /// The stack path from the test to the method (first exits of each test).
    pub paths: bool,
}

/// `OBSERVE <method> <flags>`: from now on, every test's result carries what target
/// method `method`'s exits showed and what `what` adds (flags: 1 test values, 2 paths;
/// `None`, sent as -1: stop observing; 0 is a method id like any other). Answered by
/// `done`.
pub fn observe_request(method: Option<u32>, what: Observe) -> String {
    let flags = u8::from(what.test_values) | u8::from(what.paths) << 1;
    match method {
        Some(id) => format!("OBSERVE {id} {flags}\n"),
        None => "OBSERVE -1 0\n".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_reply_kind() {
        assert_eq!(
            parse_reply(
                r#"{"kind":"test","index":2,"id":"[engine:x]/[method:a()]","name":"A#a()"}"#
            ),
            Some(Reply::Test {
                index: 2,
                id: "[engine:x]/[method:a()]".into(),
                name: "A#a()".into(),
                left_out: false
            })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"test","index":0,"id":"i","name":"n","left_out":true}"#),
            Some(Reply::Test {
                index: 0,
                id: "i".into(),
                name: "n".into(),
                left_out: true
            })
        );
        assert_eq!(parse_reply(r#"{"kind":"ready"}"#), Some(Reply::Ready));
        assert_eq!(
            parse_reply(r#"{"kind":"begin","test":7}"#),
            Some(Reply::Begin { test: 7 })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"broke","test":4}"#),
            Some(Reply::Broke { test: Some(4) })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"init_broke","class":"a.B"}"#),
            Some(Reply::InitBroke {
                class: "a.B".into()
            })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"init_begin","class":"a.B"}"#),
            Some(Reply::InitBegin {
                class: "a.B".into()
            })
        );
        assert_eq!(
            init_request(&["a.B".into(), "c.D".into()]),
            "INIT a.B c.D\n"
        );
        assert_eq!(
            parse_reply(r#"{"kind":"broke"}"#),
            Some(Reply::Broke { test: None })
        );
        assert_eq!(
            parse_reply(
                r#"{"kind":"result","test":3,"status":"F","wall":1200,"cpu":-1,"invocations":4,"hits":[0,4],"failure":"java.lang.AssertionError: \"x\"\tno","observed":["0 result =Boolean:true"]}"#
            ),
            Some(Reply::Result {
                test: 3,
                status: Status::Failed,
                wall: 1200,
                cpu: -1,
                invocations: 4,
                alloc: -1,
                hits: Some(vec![0, 4]),
                failure: Some("java.lang.AssertionError: \"x\"\tno".into()),
                observed: Some(vec!["0 result =Boolean:true".into()]),
            })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"result","test":1,"status":"S","wall":5,"cpu":0}"#),
            Some(Reply::Result {
                test: 1,
                status: Status::Skipped,
                wall: 5,
                cpu: 0,
                invocations: 0,
                alloc: -1,
                hits: None,
                failure: None,
                observed: None,
            })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"shared","hits":[1]}"#),
            Some(Reply::Shared { hits: vec![1] })
        );
        assert_eq!(
            parse_reply(r#"{"kind":"timed_out","test":4,"wall":1900000000}"#),
            Some(Reply::TimedOut {
                test: 4,
                wall: 1_900_000_000
            })
        );
        assert_eq!(parse_reply(r#"{"kind":"done"}"#), Some(Reply::Done));
        assert_eq!(
            parse_reply(r#"{"kind":"inits","inits":[[3,"a.B"],[9,"a.B$C"]]}"#),
            Some(Reply::Inits {
                inits: vec![(3, "a.B".into()), (9, "a.B$C".into())]
            })
        );
        assert_eq!(parse_reply("Picked up JAVA_TOOL_OPTIONS: -Xmx1g"), None);
        assert_eq!(parse_reply(r#"{"kind":"result","test":1}"#), None);
    }

    #[test]
    fn writes_requests() {
        let b = Budget {
            cpu_ms: 3,
            wall_ms: 9,
        };
        let limits = Limits {
            cpu_const_ms: 500,
            wall_const_ms: 5000,
        };
        assert_eq!(
            run_request(Loader::Shared, 7, true, false, limits, &[(1, b), (4, b)]),
            "RUN 7 1 0 500 5000 1:3:9 4:3:9\n"
        );
        assert_eq!(
            run_request(Loader::Fresh, 7, true, false, limits, &[(1, b)]),
            "FRESHRUN 7 1 0 500 5000 1:3:9\n"
        );
        assert_eq!(
            multiplexed_request(limits, &[(1, 7, b), (4, 8, b)]),
            "MRUN 500 5000 1:7:3:9 4:8:3:9\n"
        );
    }

    #[test]
    fn method_zero_is_observed_and_minus_one_stops() {
        // Regression: 0 once meant "stop", so the first target method was never observed.
        assert_eq!(
            observe_request(Some(0), Observe::default()),
            "OBSERVE 0 0\n"
        );
        let all = Observe {
            test_values: true,
            paths: true,
        };
        assert_eq!(observe_request(Some(3), all), "OBSERVE 3 3\n");
        assert_eq!(observe_request(None, all), "OBSERVE -1 0\n");
    }
}
