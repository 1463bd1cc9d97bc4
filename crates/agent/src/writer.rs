//! The background writer: a plain Rust thread (never attached to the JVM) that owns the
//! trace store and writes completed invocations (their values already JSON text) in
//! batches (every 100 records or 200 ms). Application threads only append to a queue
//! under a short lock; the writer is woken when a batch is full, not once per record.
//! The queue is bounded in bytes (`backlog`): an application thread never waits for the
//! disk, and a record that does not fit is dropped and counted (`dropped_backlog_full`
//! in the run's counts), so memory stays bounded however busy the recorded methods are.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mimic_plan::Plan;
use mimic_trace::{EncodedInvocation, Store};

use crate::log;

/// Records per batch (and per transaction) at most.
const BATCH: usize = 100;
/// Longest time a record waits before its batch is written.
const FLUSH_EVERY: Duration = Duration::from_millis(200);

struct Shutdown {
    status: String,
    counts: Vec<(String, u64)>,
    ack: Sender<()>,
}

#[derive(Default)]
struct Queue {
    records: Vec<EncodedInvocation>,
    /// Approximate bytes of `records`.
    bytes: u64,
    /// Write what is pending and these run counts, end the run with this status, then
    /// acknowledge.
    shutdown: Option<Shutdown>,
    /// The writer thread is gone: records are no longer accepted.
    closed: bool,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The writer thread's handle, shared by every probe thread.
pub struct Writer {
    shared: Arc<Shared>,
    handle: Mutex<Option<JoinHandle<()>>>,
    /// Invocations written so far.
    pub written: Arc<AtomicU64>,
    /// Invocations dropped because the backlog was full.
    pub dropped: Arc<AtomicU64>,
    /// Invocations whose batch could not be written (disk full, store not writable).
    pub lost: Arc<AtomicU64>,
    /// Most bytes of records waiting for the writer.
    backlog: u64,
}

impl Writer {
    /// Start the writer; at most `backlog` bytes of records wait for it at any time. Its
    /// first job is recording `plan`'s MUTs with the run (see [`Store::add_run_muts`]),
    /// which the JVM's start-up does not wait for; a MUT's plan entry is written with its
    /// first invocation (writing all of a 2,000-MUT plan's took 50 ms per JVM).
    pub fn start(store: Store, run: i64, backlog: u64, plan: Arc<Plan>) -> std::io::Result<Writer> {
        let shared = Arc::new(Shared::default());
        let written = Arc::new(AtomicU64::new(0));
        let dropped = Arc::new(AtomicU64::new(0));
        let lost = Arc::new(AtomicU64::new(0));
        let counts = Counts {
            written: written.clone(),
            dropped: dropped.clone(),
            lost: lost.clone(),
        };
        let s = shared.clone();
        let handle = std::thread::Builder::new()
            .name("mimic-writer".into())
            .spawn(move || {
                let mut store = store;
                if let Err(e) = store.add_run_muts(run, &plan.muts) {
                    log::line(&format!(
                        "could not record the plan's MUTs with the run: {e}"
                    ));
                }
                write_loop(store, run, &plan, &s, &counts)
            })?;
        Ok(Writer {
            shared,
            handle: Mutex::new(Some(handle)),
            written,
            dropped,
            lost,
            backlog,
        })
    }

    /// Queue a completed invocation (dropped once the writer has shut down, or counted
    /// and dropped when the backlog is full).
    pub fn push(&self, record: EncodedInvocation) {
        let size = record.approx_bytes();
        let mut q = self.shared.lock();
        if q.closed || q.shutdown.is_some() {
            return;
        }
        if !q.records.is_empty() && q.bytes + size > self.backlog {
            if self.dropped.fetch_add(1, Ordering::Relaxed) == 0 {
                log::line(&format!(
                    "writer backlog full ({} bytes): dropping invocations until it catches up",
                    self.backlog
                ));
            }
            self.shared.wake.notify_one();
            return;
        }
        q.bytes += size;
        q.records.push(record);
        if q.records.len() == BATCH {
            self.shared.wake.notify_one();
        }
    }

    /// Drain, store `counts` with the run, end it, and wait (at most `wait`) for the writer
    /// to finish.
    pub fn shutdown(&self, status: &str, counts: Vec<(String, u64)>, wait: Duration) {
        let (ack_tx, ack_rx) = channel();
        let sent = {
            let mut q = self.shared.lock();
            if q.closed || q.shutdown.is_some() {
                false
            } else {
                q.shutdown = Some(Shutdown {
                    status: status.into(),
                    counts,
                    ack: ack_tx,
                });
                true
            }
        };
        self.shared.wake.notify_one();
        if sent && ack_rx.recv_timeout(wait).is_err() {
            log::line("the writer did not finish in time; the last batch may be missing");
            return;
        }
        if let Some(h) = self.handle.lock().ok().and_then(|mut h| h.take()) {
            let _ = h.join();
        }
    }
}

/// The writer's counters, shared with the [`Writer`] handle.
struct Counts {
    written: Arc<AtomicU64>,
    dropped: Arc<AtomicU64>,
    lost: Arc<AtomicU64>,
}

/// The plan entries written so far (per MUT index), to write each with its MUT's first
/// invocation.
struct Entries<'p> {
    plan: &'p Plan,
    written: Vec<bool>,
}

impl Entries<'_> {
    /// Write the entries of the MUTs `batch` invokes first.
    fn write_new(&mut self, store: &mut Store, run: i64, batch: &[EncodedInvocation]) {
        let mut new: Vec<(u32, &mimic_plan::Mut)> = Vec::new();
        for r in batch {
            let i = r.mut_index as usize;
            if let (Some(false), Some(m)) = (self.written.get(i), self.plan.muts.get(i)) {
                if !new.iter().any(|(k, _)| *k == r.mut_index) {
                    new.push((r.mut_index, m));
                }
            }
        }
        if new.is_empty() {
            return;
        }
        match store.set_mut_entries(run, &new) {
            // Marked only once written: a failed write is tried again with the next batch.
            Ok(()) => new
                .iter()
                .for_each(|(k, _)| self.written[*k as usize] = true),
            Err(e) => log::line(&format!(
                "could not record {} MUTs' plan entries: {e}",
                new.len()
            )),
        }
    }
}

fn flush(
    store: &mut Store,
    run: i64,
    entries: &mut Entries<'_>,
    records: &[EncodedInvocation],
    counts: &Counts,
) {
    for batch in records.chunks(BATCH) {
        entries.write_new(store, run, batch);
        match store.write_encoded_batch(run, batch) {
            Ok(()) => {
                counts
                    .written
                    .fetch_add(batch.len() as u64, Ordering::Relaxed);
            }
            Err(e) => {
                counts.lost.fetch_add(batch.len() as u64, Ordering::Relaxed);
                log::line(&format!("lost a batch of {} invocations: {e}", batch.len()))
            }
        }
    }
}

fn write_loop(mut store: Store, run: i64, plan: &Plan, shared: &Shared, counts: &Counts) {
    let mut records = Vec::with_capacity(BATCH);
    let mut entries = Entries {
        plan,
        written: vec![false; plan.muts.len()],
    };
    loop {
        let stop = {
            let mut q = shared.lock();
            let deadline = Instant::now() + FLUSH_EVERY;
            while q.records.len() < BATCH && q.shutdown.is_none() {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                q = match shared.wake.wait_timeout(q, left) {
                    Ok((q, _)) => q,
                    Err(e) => e.into_inner().0,
                };
            }
            std::mem::swap(&mut records, &mut q.records);
            q.bytes = 0;
            let stop = q.shutdown.take();
            if stop.is_some() {
                q.closed = true;
            }
            stop
        };
        flush(&mut store, run, &mut entries, &records, counts);
        records.clear();
        if let Some(Shutdown {
            mut status,
            counts: extra,
            ack,
        }) = stop
        {
            for (name, n) in extra {
                if let Err(e) = store.set_run_count(run, &name, n) {
                    log::line(&format!("could not record {name}: {e}"));
                }
            }
            let dropped = counts.dropped.load(Ordering::Relaxed);
            if dropped > 0 {
                if let Err(e) = store.set_run_count(run, "dropped_backlog_full", dropped) {
                    log::line(&format!("could not record the dropped count: {e}"));
                }
                log::line(&format!(
                    "{dropped} invocations dropped: the writer backlog was full"
                ));
            }
            let lost = counts.lost.load(Ordering::Relaxed);
            if lost > 0 {
                // Not "completed": part of what was recorded is missing from the store.
                status = "incomplete".into();
                if let Err(e) = store.set_run_count(run, "lost_write_failed", lost) {
                    log::line(&format!("could not record the lost count: {e}"));
                }
                log::line(&format!(
                    "{lost} invocations could not be written to the store"
                ));
            }
            if let Err(e) = store.end_run(run, &status) {
                log::line(&format!("could not end the run: {e}"));
            }
            let _ = ack.send(());
            return;
        }
    }
}
