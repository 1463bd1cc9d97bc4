//! Files written where the user asked (`-o`, `--explain-report`): the directories on the
//! way are created, so `-o reports/methods.json` works in a fresh checkout, and a file
//! that may hold production data (a plan names the application's classes and fields) can
//! be created readable by its owner only.

use std::io::Write;
use std::path::Path;

/// Write `bytes` to `path`, creating its parent directories.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    create_parent(path)?;
    std::fs::write(path, bytes)
}

/// Write `bytes` to `path`, creating its parent directories; a new file is created
/// readable and writable by its owner only.
pub fn write_owner_only(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    create_parent(path)?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}

fn create_parent(path: &Path) -> std::io::Result<()> {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => std::fs::create_dir_all(parent),
        _ => Ok(()),
    }
}
