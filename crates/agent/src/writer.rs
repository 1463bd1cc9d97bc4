//! The background writer: a plain Rust thread (never attached to the JVM) that owns the
//! trace store and writes completed invocations (their values already JSON text) in
//! batches (every 100 records or 200 ms). Application threads only append to a queue
//! under a short lock; the writer is woken when a batch is full, not once per record.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mimic_trace::{EncodedInvocation, Store};

use crate::log;

/// Records per batch (and per transaction) at most.
const BATCH: usize = 100;
/// Longest time a record waits before its batch is written.
const FLUSH_EVERY: Duration = Duration::from_millis(200);

#[derive(Default)]
struct Queue {
    records: Vec<EncodedInvocation>,
    /// Write what is pending, end the run with this status, then acknowledge.
    shutdown: Option<(String, Sender<()>)>,
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
}

impl Writer {
    pub fn start(store: Store, run: i64) -> std::io::Result<Writer> {
        let shared = Arc::new(Shared::default());
        let written = Arc::new(AtomicU64::new(0));
        let (s, counter) = (shared.clone(), written.clone());
        let handle = std::thread::Builder::new()
            .name("mimic-writer".into())
            .spawn(move || write_loop(store, run, &s, &counter))?;
        Ok(Writer {
            shared,
            handle: Mutex::new(Some(handle)),
            written,
        })
    }

    /// Queue a completed invocation (dropped once the writer has shut down).
    pub fn push(&self, record: EncodedInvocation) {
        let mut q = self.shared.lock();
        if q.closed || q.shutdown.is_some() {
            return;
        }
        q.records.push(record);
        if q.records.len() == BATCH {
            self.shared.wake.notify_one();
        }
    }

    /// Drain, end the run, and wait (at most `wait`) for the writer to finish.
    pub fn shutdown(&self, status: &str, wait: Duration) {
        let (ack_tx, ack_rx) = channel();
        let sent = {
            let mut q = self.shared.lock();
            if q.closed || q.shutdown.is_some() {
                false
            } else {
                q.shutdown = Some((status.into(), ack_tx));
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

fn flush(store: &mut Store, run: i64, records: &[EncodedInvocation], counter: &AtomicU64) {
    for batch in records.chunks(BATCH) {
        match store.write_encoded_batch(run, batch) {
            Ok(()) => {
                counter.fetch_add(batch.len() as u64, Ordering::Relaxed);
            }
            Err(e) => log::line(&format!("lost a batch of {} invocations: {e}", batch.len())),
        }
    }
}

fn write_loop(mut store: Store, run: i64, shared: &Shared, counter: &AtomicU64) {
    let mut records = Vec::with_capacity(BATCH);
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
            let stop = q.shutdown.take();
            if stop.is_some() {
                q.closed = true;
            }
            stop
        };
        flush(&mut store, run, &records, counter);
        records.clear();
        if let Some((status, ack)) = stop {
            if let Err(e) = store.end_run(run, &status) {
                log::line(&format!("could not end the run: {e}"));
            }
            let _ = ack.send(());
            return;
        }
    }
}
