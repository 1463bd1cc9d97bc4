//! Compiling generated tests so that one bad test does not sink the others: each test
//! method javac rejects is cut out (and recorded with javac's message), a file with an
//! error outside any test method is dropped whole, and javac runs again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mimic_jvm::{compile, java_sources_under, CompileOptions, Jdk, JvmError};

use crate::VerifyError;

/// What compiled and what did not.
#[derive(Debug, Default)]
pub struct Compiled {
    /// The sources that compiled (in the working copy).
    pub good: Vec<PathBuf>,
    /// Whole files that did not compile: class, javac's errors.
    pub broken_files: Vec<(String, String)>,
    /// Test methods cut out: class, method, javac's error.
    pub broken_methods: Vec<(String, String, String)>,
}

pub fn class_of_source(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap_or(file);
    rel.with_extension("")
        .to_string_lossy()
        .replace(['/', '\\'], ".")
}

/// Copy `sources` (under `tests_dir`) to `src` and compile them into `classes` against
/// `classpath`, cutting out what does not compile.
pub fn compile_isolating(
    jdk: &Jdk,
    tests_dir: &Path,
    sources: &[PathBuf],
    classpath: &[PathBuf],
    src: &Path,
    classes: &Path,
) -> Result<Compiled, VerifyError> {
    let options = CompileOptions {
        release: None,
        extra_args: vec!["-g".into(), "-nowarn".into()],
    };
    let _ = std::fs::remove_dir_all(src);
    for s in sources {
        let target = src.join(s.strip_prefix(tests_dir).unwrap_or(s));
        let io = |e: std::io::Error| VerifyError::Io {
            path: target.clone(),
            message: e.to_string(),
        };
        std::fs::create_dir_all(target.parent().unwrap_or(src)).map_err(io)?;
        std::fs::copy(s, &target).map_err(io)?;
    }
    let mut out = Compiled {
        good: java_sources_under(src),
        ..Compiled::default()
    };
    for _attempt in 0..20 {
        let _ = std::fs::remove_dir_all(classes);
        match compile(jdk, &out.good, classpath, classes, &options) {
            Ok(_) => break,
            Err(JvmError::Compile { diagnostics, .. }) => {
                let removed = remove_failing_methods(
                    src,
                    &diagnostics,
                    &mut out.broken_methods,
                    &mut out.broken_files,
                )?;
                out.good = java_sources_under(src);
                let broken = &out.broken_files;
                out.good
                    .retain(|f| !broken.iter().any(|(c, _)| class_of_source(src, f) == *c));
                if !removed {
                    return Err(VerifyError::Io {
                        path: src.to_path_buf(),
                        message: format!("tests do not compile: {diagnostics}"),
                    });
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(out)
}

/// Parse javac's `File.java:LINE: error: …` lines; cut the enclosing `@Test` method out of
/// each file (recording it in `methods`), or give up on the whole file (`files`) when an
/// error is outside any test method. Returns whether anything was removed.
fn remove_failing_methods(
    src: &Path,
    diagnostics: &str,
    methods: &mut Vec<(String, String, String)>,
    files: &mut Vec<(String, String)>,
) -> Result<bool, VerifyError> {
    let mut by_file: BTreeMap<PathBuf, Vec<(usize, String)>> = BTreeMap::new();
    for line in diagnostics.lines() {
        let Some(at) = line.find(".java:") else {
            continue;
        };
        let file = PathBuf::from(&line[..at + 5]);
        let rest = &line[at + 6..];
        let Some((number, message)) = rest.split_once(": error: ") else {
            continue;
        };
        let Ok(n) = number.parse::<usize>() else {
            continue;
        };
        by_file
            .entry(file)
            .or_default()
            .push((n, message.to_string()));
    }
    let mut removed = false;
    for (file, errors) in by_file {
        let class = class_of_source(src, &file);
        let text = std::fs::read_to_string(&file).map_err(|e| VerifyError::Io {
            path: file.clone(),
            message: e.to_string(),
        })?;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut cut: Vec<(usize, usize, String, String)> = Vec::new();
        let mut whole_file = false;
        for (n, message) in &errors {
            let idx = n.saturating_sub(1).min(lines.len().saturating_sub(1));
            // The method header at or above the error, and its @Test line.
            let header = (0..=idx).rev().find(|&i| {
                lines[i].starts_with("    void ") && lines[i].ends_with("throws Throwable {")
            });
            let Some(h) = header else {
                whole_file = true;
                break;
            };
            let start = (0..h).rev().find(|&i| lines[i] == "    @Test").unwrap_or(h);
            let Some(end) = (h..lines.len()).find(|&i| lines[i] == "    }") else {
                whole_file = true;
                break;
            };
            if idx > end {
                whole_file = true;
                break;
            }
            let name = lines[h]
                .trim_start_matches("    void ")
                .split('(')
                .next()
                .unwrap_or("")
                .to_string();
            if !cut.iter().any(|c| c.0 == start) {
                cut.push((start, end, name, message.clone()));
            }
        }
        if whole_file {
            files.push((
                class,
                errors
                    .iter()
                    .map(|(n, m)| format!("line {n}: {m}"))
                    .collect::<Vec<_>>()
                    .join("; "),
            ));
            removed = true;
            continue;
        }
        cut.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (start, end, name, message) in cut {
            lines.splice(
                start..=end,
                [format!(
                    "    // mimic verify: {name} does not compile: {message}"
                )],
            );
            methods.push((class.clone(), name, message));
            removed = true;
        }
        write_text(&file, &(lines.join("\n") + "\n"))?;
    }
    Ok(removed)
}

/// Write `text` to `path` (a test source or the manifest), an error naming the path.
pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), VerifyError> {
    std::fs::write(path, text).map_err(|e| VerifyError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}
