//! The JSON files a run writes for another run to read (`--baseline`, `--report`):
//! written whole, read back with a usage error naming the file when it is not one.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::MutateError;

/// Write `value` to `path` as JSON.
pub fn write<T: Serialize>(path: &Path, value: &T) -> Result<(), MutateError> {
    let text = serde_json::to_string(value).map_err(|e| MutateError::io("write", path, e))?;
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| MutateError::io("write", path, e))?;
    }
    std::fs::write(path, text).map_err(|e| MutateError::io("write", path, e))
}

/// Read a `T` from `path`; a file that is not one is a usage error saying it is not
/// `what` (`a baseline file written by mimic mutate`).
pub fn read<T: DeserializeOwned>(path: &Path, what: &str) -> Result<T, MutateError> {
    let text = std::fs::read_to_string(path).map_err(|e| MutateError::io("read", path, e))?;
    serde_json::from_str(&text)
        .map_err(|e| MutateError::Usage(format!("{}: not {what}: {e}", path.display())))
}
