//! Compiling Java sources with the located JDK's `javac` (arguments passed
//! through an @argfile), finding sources, and building class path strings.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::JvmError;
use crate::jdk::Jdk;

/// How to compile.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompileOptions {
    /// `--release N`; `None` compiles for the JDK's own version.
    pub release: Option<u32>,
    /// Further javac arguments, e.g. `-g`, `-parameters`, `-Xlint:all`.
    pub extra_args: Vec<String>,
}

/// What a successful compilation printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompileOutput {
    /// Everything javac printed (warnings, notes).
    pub diagnostics: String,
    /// How many warnings javac reported.
    pub warnings: usize,
}

/// Compiles `sources` against `classpath` into `out_dir` (created if needed).
/// Sources are UTF-8 unless `extra_args` says `-encoding`. All arguments go
/// through an @argfile, so thousands of sources are fine.
pub fn compile(
    jdk: &Jdk,
    sources: &[PathBuf],
    classpath: &[PathBuf],
    out_dir: &Path,
    options: &CompileOptions,
) -> Result<CompileOutput, JvmError> {
    if sources.is_empty() {
        return Err(JvmError::NoSources {
            out_dir: out_dir.to_path_buf(),
        });
    }
    std::fs::create_dir_all(out_dir).map_err(|e| JvmError::io("create directory", out_dir, e))?;

    let mut args: Vec<String> = vec!["-d".into(), out_dir.display().to_string()];
    if !classpath.is_empty() {
        args.push("-cp".into());
        args.push(classpath_string(classpath));
    }
    if let Some(release) = options.release {
        args.push("--release".into());
        args.push(release.to_string());
    }
    if !options.extra_args.iter().any(|a| a == "-encoding") {
        args.push("-encoding".into());
        args.push("UTF-8".into());
    }
    args.extend(options.extra_args.iter().cloned());
    args.extend(sources.iter().map(|s| s.display().to_string()));

    let argdir = tempfile::Builder::new()
        .prefix("mimic-javac-")
        .tempdir()
        .map_err(|e| JvmError::io("create a temporary directory in", std::env::temp_dir(), e))?;
    let argfile = argdir.path().join("javac.args");
    let text: String = args.iter().map(|a| argfile_line(a)).collect();
    std::fs::write(&argfile, text).map_err(|e| JvmError::io("write", &argfile, e))?;

    let javac = jdk.javac();
    let output = crate::process::run(
        Command::new(&javac).arg(format!("@{}", argfile.display())),
        Some(crate::process::TOOL_TIMEOUT),
    )
    .map(crate::process::Finished::into_output)
    .map_err(|e| JvmError::spawn(&javac, e))?;
    let diagnostics = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    if !output.status.success() {
        let first_error = diagnostics
            .lines()
            .find(|l| l.contains("error:"))
            .or_else(|| diagnostics.lines().find(|l| !l.trim().is_empty()))
            .unwrap_or("javac exited with an error and printed nothing")
            .trim()
            .to_string();
        return Err(JvmError::Compile {
            sources: sources.len(),
            out_dir: out_dir.to_path_buf(),
            first_error,
            diagnostics,
        });
    }
    let warnings = count_warnings(&diagnostics);
    Ok(CompileOutput {
        diagnostics,
        warnings,
    })
}

/// One argument as a line of a javac @argfile: quoted, with `\` and `"` escaped.
pub(crate) fn argfile_line(arg: &str) -> String {
    let escaped = arg.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{escaped}\"\n")
}

/// javac's closing "N warning(s)" count, else the number of "warning:" lines.
fn count_warnings(diagnostics: &str) -> usize {
    let summary = diagnostics.lines().rev().find_map(|line| {
        let mut words = line.split_whitespace();
        let n = words.next()?.parse::<usize>().ok()?;
        matches!(words.next()?, "warning" | "warnings").then_some(n)
    });
    summary.unwrap_or_else(|| {
        diagnostics
            .lines()
            .filter(|l| l.contains(": warning:") || l.starts_with("warning:"))
            .count()
    })
}

/// Every `.java` file under `dir`, recursively, sorted; empty if `dir` does not exist.
pub fn java_sources_under(dir: impl AsRef<Path>) -> Vec<PathBuf> {
    files_under(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect()
}

/// Every file under `dir`, recursively (directories themselves not listed), sorted; empty
/// if `dir` does not exist; unreadable directories are left out.
pub fn files_under(dir: impl AsRef<Path>) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir.as_ref(), &mut out);
    out.sort();
    out
}

/// `entries` joined with the platform's path separator (`:` or `;`).
pub fn classpath_string(entries: &[PathBuf]) -> String {
    let separator = if cfg!(windows) { ";" } else { ":" };
    entries
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argfile_lines_are_quoted() {
        assert_eq!(argfile_line("a b"), "\"a b\"\n");
        assert_eq!(argfile_line(r#"C:\x"y"#), "\"C:\\\\x\\\"y\"\n");
    }

    #[test]
    fn counts_warnings() {
        assert_eq!(count_warnings(""), 0);
        assert_eq!(
            count_warnings("A.java:3: warning: [rawtypes] x\n1 warning\n"),
            1
        );
        assert_eq!(count_warnings("a\nb\n12 warnings\n"), 12);
        assert_eq!(
            count_warnings("A.java:3: warning: x\nB.java:4: warning: y\n"),
            2
        );
        assert_eq!(
            count_warnings("Note: Some input files use unchecked operations.\n"),
            0
        );
    }

    #[test]
    fn classpath_joins_with_separator() {
        let cp = classpath_string(&[PathBuf::from("a.jar"), PathBuf::from("b")]);
        assert_eq!(cp, if cfg!(windows) { "a.jar;b" } else { "a.jar:b" });
    }

    #[test]
    fn finds_sources_sorted() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        std::fs::create_dir_all(p.join("b/c")).unwrap();
        std::fs::write(p.join("b/c/Z.java"), "").unwrap();
        std::fs::write(p.join("A.java"), "").unwrap();
        std::fs::write(p.join("b/notes.txt"), "").unwrap();
        let found = java_sources_under(p);
        assert_eq!(found, vec![p.join("A.java"), p.join("b/c/Z.java")]);
        assert!(java_sources_under(p.join("missing")).is_empty());
    }
}
