//! Progress of the long commands (`mutate`, `verify`) on stderr: on a terminal, a bar
//! (indicatif) with what runs now, done/total, elapsed time and ETA, and each phase's line
//! above it; piped, a line per phase and a line at most every ten seconds within one, each
//! stamped with the time since the command began.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// `--quiet`: no progress at all, only the command's own report.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Silence (or not) every reporter of this process.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// How often a piped run says how far a phase has got.
const PIPED_EVERY: Duration = Duration::from_secs(10);

/// Progress of one command.
pub struct Reporter {
    command: &'static str,
    started: Instant,
    bar: Option<ProgressBar>,
    state: Mutex<Phase>,
}

#[derive(Default)]
struct Phase {
    name: String,
    total: usize,
    last_line: Option<Instant>,
}

impl Reporter {
    /// A bar when stderr is a terminal, lines otherwise.
    pub fn new(command: &'static str) -> Reporter {
        let quiet = QUIET.load(Ordering::Relaxed);
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{elapsed_precise}] {bar:30} {pos}/{len} (ETA {eta}) {wide_msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_prefix(command);
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Reporter {
            command,
            started: Instant::now(),
            bar,
            state: Mutex::new(Phase::default()),
        }
    }

    fn stamp(&self, text: &str) -> String {
        format!(
            "{} [{:>6.1} s] {text}",
            self.command,
            self.started.elapsed().as_secs_f64()
        )
    }

    /// A line for the reader, above the bar on a terminal.
    pub fn line(&self, text: &str) {
        if QUIET.load(Ordering::Relaxed) {
            return;
        }
        let line = self.stamp(text);
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// A phase begins; `total` steps (0: not counted).
    pub fn phase(&self, name: &str, detail: &str, total: usize) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        *state = Phase {
            name: name.to_string(),
            total,
            last_line: Some(Instant::now()),
        };
        drop(state);
        self.line(&format!("{name}: {detail}"));
        if let Some(bar) = &self.bar {
            bar.set_length(total as u64);
            bar.set_position(0);
            bar.reset_eta();
            bar.set_message(name.to_string());
        }
    }

    /// `done` steps of the current phase are done, the last being `last`.
    pub fn step(&self, done: usize, last: &str) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        match &self.bar {
            Some(bar) => {
                bar.set_position(done as u64);
                bar.set_message(format!("{}: {last}", state.name));
            }
            None => {
                let due = state.last_line.is_none_or(|t| t.elapsed() >= PIPED_EVERY);
                if due {
                    state.last_line = Some(Instant::now());
                    let line = format!("{}: {done}/{} done", state.name, state.total);
                    drop(state);
                    self.line(&line);
                }
            }
        }
    }

    /// The command is over: the bar goes, the summary line is the caller's.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piped_steps_are_rate_limited() {
        // Under `cargo test` stderr is captured, not a terminal: lines mode.
        let r = Reporter::new("mutate");
        r.phase("mutants", "3 covered mutants", 3);
        r.step(1, "a");
        let state = r.state.lock().unwrap();
        assert_eq!(state.name, "mutants");
        assert_eq!(state.total, 3);
        assert!(state.last_line.is_some());
    }
}
