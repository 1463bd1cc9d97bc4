//! The agent's log file (`<store>.log` by default, owner-only, never through a symbolic
//! link: `mimic_trace::private_file`): the only place
//! the agent writes text, so the application's stdout and stderr stay untouched. Also
//! routes Rust panic messages there instead of stderr.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

static LOG: OnceLock<Mutex<File>> = OnceLock::new();
static START: OnceLock<std::time::Instant> = OnceLock::new();

/// Open (append) the log file, owner-only, and send panic messages to it.
pub fn open(path: &Path) -> std::io::Result<()> {
    let file = mimic_trace::private_file::open_append(path)?;
    START.get_or_init(std::time::Instant::now);
    let _ = LOG.set(Mutex::new(file));
    std::panic::set_hook(Box::new(|info| {
        line(&format!("internal error (recovered): {info}"));
    }));
    Ok(())
}

pub fn is_open() -> bool {
    LOG.get().is_some()
}

/// Append one line (a no-op before `open`).
pub fn line(text: &str) {
    if let Some(log) = LOG.get() {
        if let Ok(mut f) = log.lock() {
            let ms = START.get().map_or(0, |s| s.elapsed().as_millis());
            let _ = writeln!(f, "mimic-agent: [{ms} ms] {text}");
            let _ = f.flush();
        }
    }
}
