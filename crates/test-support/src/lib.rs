//! Test helpers shared by every crate's tests (a dev-dependency only): the JDK the tests
//! run on ([`jdk`], chosen by `JAVA_HOME` as mimic itself chooses it), the repository's
//! bundled examples ([`example_src`]), Java sources compiled once per test binary
//! ([`compiled_once`]), and running a program to completion with its output as text
//! ([`run`]). Failures panic with what to fix, never with a bare `unwrap` message.
//! Directories that live as long as the test binary are removed when it exits
//! ([`until_exit`]: `atexit`, since statics are never dropped), not left in the temporary
//! directory by every run of the suite.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, OnceLock};

use mimic_jvm::{compile, java_sources_under, Artifact, ArtifactCache, CompileOptions, Jdk, Maven};

/// Every file below `dir`, at any depth (directories themselves are not listed); panics
/// when `dir` cannot be listed.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    if let Err(e) = std::fs::read_dir(dir) {
        panic!("cannot list {}: {e}", dir.display());
    }
    mimic_jvm::files_under(dir)
}

/// The JDK the tests run on (the same one `mimic` would find: `JAVA_HOME`, then `PATH`).
pub fn jdk() -> Jdk {
    static JDK: OnceLock<Result<Jdk, String>> = OnceLock::new();
    JDK.get_or_init(|| Jdk::locate().map_err(|e| e.to_string()))
        .clone()
        .unwrap_or_else(|e| panic!("these tests need a JDK 17 or newer: {e}"))
}

/// Maven, for tests that fetch artifacts.
pub fn maven() -> Maven {
    Maven::locate().unwrap_or_else(|e| panic!("these tests need Maven: {e}"))
}

/// The repository's root directory.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `examples/<name>/src` of this repository.
pub fn example_src(name: &str) -> PathBuf {
    repo_root().join("examples").join(name).join("src")
}

/// Compile every Java source under `src` (against `classpath`) into `out`.
pub fn compile_dir(src: &Path, classpath: &[PathBuf], out: &Path) {
    compile(
        &jdk(),
        &java_sources_under(src),
        classpath,
        out,
        &CompileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("compiling {}: {e}", src.display()));
}

/// Compile `examples/<name>` into `<dir>/<name>`; returns that class directory.
pub fn compile_example(name: &str, dir: &Path) -> PathBuf {
    let out = dir.join(name);
    compile_dir(&example_src(name), &[], &out);
    out
}

/// The class directory of the Java sources under `src`, compiled on first use and shared
/// by every test of this test binary (the directory lives until the binary exits).
/// Tests must not write into it.
pub fn compiled_once(src: &Path, classpath: &[PathBuf]) -> PathBuf {
    static COMPILED: OnceLock<Mutex<HashMap<PathBuf, PathBuf>>> = OnceLock::new();
    let mut compiled = COMPILED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(out) = compiled.get(src) {
        return out.clone();
    }
    let dir = until_exit("mimic-test-classes-");
    compile_dir(src, classpath, &dir);
    compiled.insert(src.to_path_buf(), dir.clone());
    dir
}

/// A new temporary directory named `<prefix>…`, removed when the test binary exits (a
/// binary killed by a signal leaves it).
pub fn until_exit(prefix: &str) -> PathBuf {
    static KEPT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    static REGISTER: std::sync::Once = std::sync::Once::new();
    extern "C" fn remove_kept() {
        let kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for dir in kept.iter() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    REGISTER.call_once(|| {
        // SAFETY: `remove_kept` is a plain function that only takes a lock and removes
        // directories; the C library runs it once, at `exit` (a test binary's end).
        unsafe {
            libc::atexit(remove_kept);
        }
    });
    let dir = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .expect("a temporary directory")
        .keep();
    KEPT.lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .push(dir.clone());
    dir
}

/// The jars of `artifacts` from mimic's artifact cache, fetched from Maven Central into it
/// the first time.
pub fn fetched(artifacts: &[Artifact]) -> Vec<PathBuf> {
    ArtifactCache::default_location()
        .fetch(&maven(), artifacts)
        .unwrap_or_else(|e| panic!("fetching {artifacts:?} from Maven Central: {e}"))
}

/// Compile `sources` against `classpath` into a new directory named `<prefix>…` that lives
/// until the test binary exits, as bytecode analyses want them: release 17, debug
/// information (local variable names), no annotation processing, no warnings.
pub fn compile_for_analysis(sources: &[PathBuf], classpath: &[PathBuf], prefix: &str) -> PathBuf {
    let out = until_exit(prefix);
    let options = CompileOptions {
        release: Some(17),
        extra_args: vec!["-g".into(), "-nowarn".into(), "-proc:none".into()],
    };
    compile(&jdk(), sources, classpath, &out, &options).unwrap_or_else(|e| {
        panic!(
            "compiling {} sources into {}: {e}",
            sources.len(),
            out.display()
        )
    });
    out
}

/// What a finished program printed and how it ended.
#[derive(Debug)]
pub struct Run {
    /// Exit code (`None` when ended by a signal).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Run `command` to completion.
pub fn run(command: &mut Command) -> Run {
    command
        .output()
        .unwrap_or_else(|e| panic!("starting {command:?}: {e}"))
        .into()
}

/// Run `java -cp <classpath> <main> <args>` on the test JDK.
pub fn run_java(classpath: &[PathBuf], main: &str, args: &[&str]) -> Run {
    let cp = std::env::join_paths(classpath).expect("class path entries without separators");
    run(Command::new(jdk().java())
        .arg("-cp")
        .arg(cp)
        .arg(main)
        .args(args))
}

/// The generated tests of one class under test, `{name}MimicTest.java` and its
/// continuations `{name}Mimic2Test.java`, … (`mimic generate --class-lines`), in `dir`
/// (the package's directory), concatenated in order. Panics when there is none.
pub fn mimic_tests_of(dir: &Path, name: &str) -> String {
    let mut out = String::new();
    for k in 1.. {
        let file = if k == 1 {
            dir.join(format!("{name}MimicTest.java"))
        } else {
            dir.join(format!("{name}Mimic{k}Test.java"))
        };
        match std::fs::read_to_string(&file) {
            Ok(text) => out.push_str(&text),
            Err(_) if k > 1 => break,
            Err(e) => panic!("{}: {e}", file.display()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundled_example_compiles_once_and_runs() {
        let src = example_src("mockables");
        let first = compiled_once(&src, &[]);
        assert_eq!(compiled_once(&src, &[]), first);
        let classes: Vec<_> = java_sources_under(&src);
        assert!(!classes.is_empty());
        let out = run_java(&[first], "se.kth.castor.mockables.Main", &[]);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        assert!(!out.stdout.is_empty());
    }

    #[test]
    fn a_failing_command_reports_its_code_and_output() {
        let out = run(Command::new(jdk().java()).arg("-no-such-flag"));
        assert_ne!(out.code, Some(0));
        assert!(!out.stderr.is_empty());
    }
}
