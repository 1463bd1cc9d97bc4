//! Small Java classes mimic compiles at run time and puts on its test JVMs' class path
//! (`mimic mutate`'s runner, `mimic verify`'s per-test time limit): compiled once per set
//! of sources and JDK into the artifact cache, and reused.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use crate::error::JvmError;
use crate::javac::{compile, CompileOptions};
use crate::jdk::Jdk;

/// `mimic.stopper.Stopper`, which both shims use to stop a test thread on Java 20+
/// through `libmimic_stopper.so` (crate `mimic-stopper`, whose JNI functions it binds).
pub const STOPPER: (&str, &str) = (
    "mimic/stopper/Stopper.java",
    include_str!("../java/mimic/stopper/Stopper.java"),
);

/// A shim: Java sources and resource files (`META-INF/services/…`), by path and text.
#[derive(Debug, Clone, Copy)]
pub struct Shim<'a> {
    /// Prefix of its directory in the cache (`mutate-shim`).
    pub name: &'a str,
    pub sources: &'a [(&'a str, &'a str)],
    pub resources: &'a [(&'a str, &'a str)],
    /// A class file whose presence says the directory is complete
    /// (`mimic/mutate/MutationRunner.class`).
    pub marker: &'a str,
}

impl Shim<'_> {
    /// The compiled shim: reused from `cache_dir/<name>-<hash>` when these sources were
    /// compiled before by this JDK against this `classpath`, else compiled there (through
    /// a temporary directory, so concurrent runs never see half-written classes).
    pub fn build(
        &self,
        jdk: &Jdk,
        classpath: &[PathBuf],
        cache_dir: &Path,
    ) -> Result<PathBuf, JvmError> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.sources.hash(&mut hasher);
        self.resources.hash(&mut hasher);
        jdk.feature_version.hash(&mut hasher);
        classpath.hash(&mut hasher);
        let out = cache_dir.join(format!("{}-{:016x}", self.name, hasher.finish()));
        if out.join(self.marker).is_file() {
            return Ok(out);
        }
        std::fs::create_dir_all(cache_dir).map_err(|e| JvmError::io("create", cache_dir, e))?;
        let staging = tempfile::Builder::new()
            .prefix(&format!("{}-", self.name))
            .tempdir_in(cache_dir)
            .map_err(|e| JvmError::io("create a directory in", cache_dir, e))?;
        let src = staging.path().join("src");
        let mut files = Vec::new();
        for (name, text) in self.sources {
            files.push(write_file(&src.join(name), text)?);
        }
        let classes = staging.path().join("classes");
        compile(
            jdk,
            &files,
            classpath,
            &classes,
            &CompileOptions {
                // mimic runs tests on Java 17 and later only; the shims use its API (`RandomGenerator`).
                release: Some(crate::jdk::MIN_FEATURE_VERSION),
                extra_args: vec!["-nowarn".into()],
            },
        )?;
        for (name, text) in self.resources {
            write_file(&classes.join(name), text)?;
        }
        if std::fs::rename(&classes, &out).is_err() && !out.join(self.marker).is_file() {
            return Err(JvmError::io(
                "move the compiled shim to",
                &out,
                std::io::Error::other("rename failed"),
            ));
        }
        Ok(out)
    }
}

/// Write `text` to `path`, creating its directory; the path written.
pub fn write_file(path: &Path, text: &str) -> Result<PathBuf, JvmError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| JvmError::io("create", parent, e))?;
    }
    std::fs::write(path, text).map_err(|e| JvmError::io("write", path, e))?;
    Ok(path.to_path_buf())
}
