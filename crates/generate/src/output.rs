//! Where generated files go and how they get there. Every path is relative to its root
//! and made only of plain parts (no `..`, no root, no prefix), and no part of it below the
//! root may be a symbolic link, so nothing lands outside `--out` (or `--resources`).
//! Files are first written to owner-only temporary siblings (they may hold production
//! values) and renamed into place only once every one was written: a failed `generate`
//! leaves the tree as it was, save for directories it created.

use std::io::Write;
use std::path::{Component, Path, PathBuf};

use mimic_trace::private_file;

use crate::GenerateError;

/// Files to write, checked as they are added, written all or nothing by [`Staged::commit`].
#[derive(Debug, Default)]
pub struct Staged {
    files: Vec<(PathBuf, String)>,
}

fn error(path: &Path, message: impl Into<String>) -> GenerateError {
    GenerateError::Io {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// Refuse a symbolic link at any existing level of `relative` below `root`.
fn no_link_below(root: &Path, relative: &Path) -> Result<(), GenerateError> {
    let mut at = root.to_path_buf();
    for part in relative.components() {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return Err(error(
                &at,
                "is a symbolic link: mimic writes generated files only inside the output directory",
            )),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    Ok(())
}

impl Staged {
    /// Stage `text` for `root/relative`, after proving the path stays inside `root`.
    pub fn add(&mut self, root: &Path, relative: &Path, text: String) -> Result<(), GenerateError> {
        let plain = relative.components().count() > 0
            && relative
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
        if !plain {
            return Err(error(
                relative,
                format!("not a plain relative path inside {}", root.display()),
            ));
        }
        no_link_below(root, relative)?;
        let path = root.join(relative);
        if let Ok(m) = std::fs::symlink_metadata(&path) {
            if !m.is_file() {
                return Err(error(&path, "exists and is not a regular file"));
            }
        }
        if self.files.iter().any(|(p, _)| *p == path) {
            // The second write would replace the first's temporary file, and the rename
            // of the first would fail: refused here, with its name.
            return Err(error(&path, "would be written twice"));
        }
        self.files.push((path, text));
        Ok(())
    }

    /// How many files are staged.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Write every staged file to a temporary sibling, then rename them all into place.
    /// On any failure the temporaries are removed and the error names the file.
    pub fn commit(self) -> Result<usize, GenerateError> {
        let mut written: Vec<(PathBuf, PathBuf)> = Vec::new();
        let result = (|| {
            for (path, text) in &self.files {
                let dir = path.parent().unwrap_or(Path::new("."));
                std::fs::create_dir_all(dir).map_err(|e| error(dir, e.to_string()))?;
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                let temp = dir.join(format!(".{name}.mimic-{}.tmp", std::process::id()));
                let _ = std::fs::remove_file(&temp);
                let mut file =
                    private_file::create_new(&temp).map_err(|e| error(&temp, e.to_string()))?;
                written.push((temp.clone(), path.clone()));
                file.write_all(text.as_bytes())
                    .and_then(|_| file.sync_data())
                    .map_err(|e| error(path, e.to_string()))?;
            }
            Ok(())
        })();
        if let Err(e) = result {
            for (temp, _) in &written {
                let _ = std::fs::remove_file(temp);
            }
            return Err(e);
        }
        for (temp, path) in &written {
            std::fs::rename(temp, path).map_err(|e| error(path, e.to_string()))?;
        }
        Ok(written.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_leaving_the_root_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut staged = Staged::default();
        for bad in ["../x.java", "/etc/x.java", "a/../../x.java", ""] {
            assert!(
                staged
                    .add(dir.path(), Path::new(bad), String::new())
                    .is_err(),
                "{bad}"
            );
        }
        assert!(staged.is_empty());
    }

    #[test]
    fn a_file_staged_twice_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let mut staged = Staged::default();
        staged
            .add(dir.path(), Path::new("x/A.json"), "1".into())
            .unwrap();
        let e = staged
            .add(dir.path(), Path::new("x/A.json"), "2".into())
            .unwrap_err();
        assert!(
            e.to_string().contains("A.json") && e.to_string().contains("twice"),
            "{e}"
        );
        assert_eq!(staged.commit().unwrap(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_inside_the_root_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("com")).unwrap();
        let mut staged = Staged::default();
        let e = staged
            .add(dir.path(), Path::new("com/x/T.java"), "x".into())
            .unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        std::os::unix::fs::symlink(outside.path().join("T.java"), dir.path().join("T.java"))
            .unwrap();
        assert!(staged
            .add(dir.path(), Path::new("T.java"), "x".into())
            .is_err());
        assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);
    }

    #[cfg(unix)]
    #[test]
    fn files_are_owner_only_and_all_or_nothing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mut staged = Staged::default();
        staged
            .add(dir.path(), Path::new("a/A.java"), "class A {}".into())
            .unwrap();
        staged
            .add(dir.path(), Path::new("B.java"), "class B {}".into())
            .unwrap();
        assert_eq!(staged.commit().unwrap(), 2);
        let a = dir.path().join("a/A.java");
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "class A {}");
        let mode = std::fs::metadata(&a).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // A second generation whose last file cannot be written leaves the first intact.
        let mut staged = Staged::default();
        staged
            .add(
                dir.path(),
                Path::new("a/A.java"),
                "class A { int x; }".into(),
            )
            .unwrap();
        staged
            .add(dir.path(), Path::new("B.java/inner"), "x".into())
            .unwrap();
        assert!(staged.commit().is_err());
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "class A {}");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("a"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    }
}
