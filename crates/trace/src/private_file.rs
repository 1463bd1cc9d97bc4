//! Files that may hold production data (trace stores and their SQLite side files, the
//! agent's log): created owner-only (0600), made owner-only if they already existed with
//! a wider mode, and never reached through a symbolic link, so a planted link cannot send
//! recorded data into another file. Unix semantics; elsewhere only the link check applies.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

/// Refuse `path` if it is a symbolic link (whether or not its target exists).
pub fn refuse_symlink(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is a symbolic link: mimic never writes recorded data through one",
                path.display()
            ),
        )),
        _ => Ok(()),
    }
}

/// Make an existing regular file owner-only; nothing if it does not exist.
pub fn tighten(path: &Path) -> io::Result<()> {
    refuse_symlink(path)?;
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => set_owner_only(path),
        Ok(_) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn set_owner_only(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path)?.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o700 | 0o600))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn set_owner_only(_path: &Path) -> io::Result<()> {
    Ok(())
}

fn options() -> OpenOptions {
    let mut o = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NOFOLLOW: the open fails on a link even if one is planted after our check.
        o.mode(0o600).custom_flags(libc::O_NOFOLLOW);
    }
    o
}

/// Create `path` if absent (owner-only), or tighten it if present; never via a link.
pub fn ensure(path: &Path) -> io::Result<()> {
    refuse_symlink(path)?;
    if path.exists() {
        return tighten(path);
    }
    match options().write(true).create_new(true).open(path) {
        Ok(_) => Ok(()),
        // Created by someone else in between: check what is there now.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => tighten(path),
        Err(e) => Err(e),
    }
}

/// Create `path`, which must not exist, owner-only and for writing; never via a link.
pub fn create_new(path: &Path) -> io::Result<File> {
    options().write(true).create_new(true).open(path)
}

/// Open `path` for appending, creating it owner-only; never via a link.
pub fn open_append(path: &Path) -> io::Result<File> {
    refuse_symlink(path)?;
    let file = options().create(true).append(true).open(path)?;
    tighten(path)?;
    Ok(file)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn created_and_existing_files_end_owner_only() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh");
        ensure(&fresh).unwrap();
        assert_eq!(mode(&fresh), 0o600);
        let wide = dir.path().join("wide");
        std::fs::write(&wide, b"x").unwrap();
        std::fs::set_permissions(&wide, std::fs::Permissions::from_mode(0o664)).unwrap();
        ensure(&wide).unwrap();
        assert_eq!(mode(&wide), 0o600);
        assert_eq!(std::fs::read(&wide).unwrap(), b"x");
    }

    #[test]
    fn links_are_refused_even_dangling_ones() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert!(ensure(&link).is_err());
        assert!(open_append(&link).is_err());
        assert!(!target.exists());
    }

    #[test]
    fn appending_keeps_what_was_there() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log");
        writeln!(open_append(&log).unwrap(), "one").unwrap();
        writeln!(open_append(&log).unwrap(), "two").unwrap();
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "one\ntwo\n");
        assert_eq!(mode(&log), 0o600);
    }
}
