//! The test classes rewritten into a directory of their own, which goes before the test
//! roots on the test JVMs' class path: the tests' random numbers seeded
//! ([`crate::seeded_random`]) and the calls `--explain` observes ([`crate::test_sites`]).
//! One walk over the roots serves both: the directory is emptied first (a work directory
//! used before may hold classes since changed or deleted), `META-INF` and
//! `module-info.class` stay out, and of a class in two roots only the first root's is
//! taken, as the class path would load it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use mimic_classfile::ClassFileError;
use mimic_diagnostic::Diagnostic;

use crate::error::MutateError;

/// What a rewrite of the test classes wrote, and what it could not rewrite.
#[derive(Debug, Default)]
pub struct Rewritten {
    /// Classes written.
    pub classes: usize,
    /// Class files left as they are, and why.
    pub failed: Vec<(PathBuf, ClassFileError)>,
}

impl Rewritten {
    /// A warning per class file left as it is: `consequence` (what running it unchanged
    /// means), then why, in that file.
    pub fn problems(&self, consequence: &str) -> Vec<Diagnostic> {
        self.failed
            .iter()
            .map(|(file, e)| {
                Diagnostic::warning(format!("{consequence}: {e}"))
                    .in_file(file.display().to_string())
            })
            .collect()
    }
}

/// Rewrite every class under `roots` with `rewrite` (`None`: nothing to change, the class
/// is not written) into `out`, at the path it has under its root.
pub fn rewrite_test_classes(
    roots: &[PathBuf],
    out: &Path,
    mut rewrite: impl FnMut(&[u8]) -> Result<Option<Vec<u8>>, ClassFileError>,
) -> Result<Rewritten, MutateError> {
    match std::fs::remove_dir_all(out) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(MutateError::io("remove", out, e))
        }
        _ => {}
    }
    let mut result = Rewritten::default();
    let mut seen = HashSet::new();
    for root in roots {
        for file in class_files_under(root) {
            let relative = file.strip_prefix(root).unwrap_or(&file);
            if relative.starts_with("META-INF") || !seen.insert(relative.to_path_buf()) {
                continue;
            }
            let bytes = std::fs::read(&file).map_err(|e| MutateError::io("read", &file, e))?;
            match rewrite(&bytes) {
                Ok(None) => {}
                Ok(Some(rewritten)) => {
                    let target = out.join(relative);
                    if let Some(parent) = target.parent() {
                        std::fs::create_dir_all(parent)
                            .map_err(|e| MutateError::io("create", parent, e))?;
                    }
                    std::fs::write(&target, rewritten)
                        .map_err(|e| MutateError::io("write", &target, e))?;
                    result.classes += 1;
                }
                Err(e) => result.failed.push((file.clone(), e)),
            }
        }
    }
    Ok(result)
}

/// Every class file under `root` (but `module-info.class`), sorted.
fn class_files_under(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    class_files(root, &mut files);
    files.sort();
    files
}

fn class_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            class_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "class")
            && path.file_name().is_some_and(|n| n != "module-info.class")
        {
            out.push(path);
        }
    }
}
