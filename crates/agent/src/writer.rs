//! The background writer: a plain Rust thread (never attached to the JVM) that owns the
//! trace store and writes completed invocations in batches (every 100 records or 200 ms),
//! so application threads only ever push onto a channel.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use mimic_trace::{InvocationRecord, Store};

use crate::log;

/// Records per batch at most.
const BATCH: usize = 100;
/// Longest time a record waits before its batch is written.
const FLUSH_EVERY: Duration = Duration::from_millis(200);

pub enum Msg {
    Record(Box<InvocationRecord>),
    /// Write what is pending, end the run with this status, then acknowledge.
    Shutdown(String, Sender<()>),
}

/// The writer thread's handle, shared by every probe thread.
pub struct Writer {
    tx: Mutex<Sender<Msg>>,
    handle: Mutex<Option<JoinHandle<()>>>,
    /// Invocations written so far.
    pub written: Arc<AtomicU64>,
}

impl Writer {
    pub fn start(store: Store, run: i64) -> std::io::Result<Writer> {
        let (tx, rx) = channel();
        let written = Arc::new(AtomicU64::new(0));
        let counter = written.clone();
        let handle = std::thread::Builder::new()
            .name("mimic-writer".into())
            .spawn(move || write_loop(store, run, rx, &counter))?;
        Ok(Writer {
            tx: Mutex::new(tx),
            handle: Mutex::new(Some(handle)),
            written,
        })
    }

    /// A sender for one probe thread to keep.
    pub fn sender(&self) -> Option<Sender<Msg>> {
        self.tx.lock().ok().map(|t| t.clone())
    }

    /// Drain, end the run, and wait (at most `wait`) for the writer to finish.
    pub fn shutdown(&self, status: &str, wait: Duration) {
        let (ack_tx, ack_rx) = channel();
        let sent = self
            .sender()
            .map(|t| t.send(Msg::Shutdown(status.into(), ack_tx)).is_ok())
            .unwrap_or(false);
        if sent && ack_rx.recv_timeout(wait).is_err() {
            log::line("the writer did not finish in time; the last batch may be missing");
            return;
        }
        if let Some(h) = self.handle.lock().ok().and_then(|mut h| h.take()) {
            let _ = h.join();
        }
    }
}

fn flush(store: &mut Store, run: i64, batch: &mut Vec<InvocationRecord>, counter: &AtomicU64) {
    if batch.is_empty() {
        return;
    }
    match store.write_batch(run, batch) {
        Ok(()) => {
            counter.fetch_add(batch.len() as u64, Ordering::Relaxed);
        }
        Err(e) => log::line(&format!("lost a batch of {} invocations: {e}", batch.len())),
    }
    batch.clear();
}

fn write_loop(mut store: Store, run: i64, rx: Receiver<Msg>, counter: &AtomicU64) {
    let mut batch: Vec<InvocationRecord> = Vec::with_capacity(BATCH);
    let mut oldest: Option<Instant> = None;
    loop {
        let wait = oldest
            .map(|t| FLUSH_EVERY.saturating_sub(t.elapsed()))
            .unwrap_or(FLUSH_EVERY);
        match rx.recv_timeout(wait) {
            Ok(Msg::Record(r)) => {
                batch.push(*r);
                oldest.get_or_insert_with(Instant::now);
                if batch.len() >= BATCH {
                    flush(&mut store, run, &mut batch, counter);
                    oldest = None;
                }
            }
            Ok(Msg::Shutdown(status, ack)) => {
                // Take whatever is already queued, then stop.
                while let Ok(Msg::Record(r)) = rx.try_recv() {
                    batch.push(*r);
                }
                flush(&mut store, run, &mut batch, counter);
                if let Err(e) = store.end_run(run, &status) {
                    log::line(&format!("could not end the run: {e}"));
                }
                let _ = ack.send(());
                return;
            }
            Err(RecvTimeoutError::Timeout) => {
                flush(&mut store, run, &mut batch, counter);
                oldest = None;
            }
            Err(RecvTimeoutError::Disconnected) => {
                flush(&mut store, run, &mut batch, counter);
                let _ = store.end_run(run, "completed");
                return;
            }
        }
    }
}
