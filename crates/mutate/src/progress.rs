//! What a mutation run tells its caller while it works: the phase it is in, and how much
//! of the phase is done. The CLI shows it as a progress bar on a terminal and as lines
//! when piped; the library never prints.

use std::sync::atomic::{AtomicUsize, Ordering};

/// One piece of news.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Progress {
    /// A phase begins: its name and what it works on (`baseline`, `498 tests on 2 JVMs`);
    /// `total` is how many steps it has (0: not counted).
    Phase {
        name: String,
        detail: String,
        total: usize,
    },
    /// Steps of the current phase done so far, and what was just done.
    Step { done: usize, last: String },
}

/// Where progress goes.
pub type ProgressSink<'a> = &'a (dyn Fn(Progress) + Sync);

/// A sink that drops everything.
pub fn silent(_: Progress) {}

/// Counts steps of a phase from several threads.
pub struct StepCounter<'a> {
    sink: ProgressSink<'a>,
    done: AtomicUsize,
}

impl<'a> StepCounter<'a> {
    pub fn new(sink: ProgressSink<'a>) -> Self {
        StepCounter {
            sink,
            done: AtomicUsize::new(0),
        }
    }

    /// `n` more steps are done, the last being `last`.
    pub fn add(&self, n: usize, last: impl FnOnce() -> String) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        (self.sink)(Progress::Step { done, last: last() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn counts_steps_from_threads() {
        let seen = Mutex::new(Vec::new());
        let sink = |p: Progress| seen.lock().unwrap().push(p);
        let counter = StepCounter::new(&sink);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| counter.add(2, || "x".into()));
            }
        });
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 4);
        assert!(seen.contains(&Progress::Step {
            done: 8,
            last: "x".into()
        }));
    }
}
