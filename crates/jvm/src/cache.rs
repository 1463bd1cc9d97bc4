//! `ArtifactCache`: mimic's own Maven local repository, and fetching jars into
//! it with one Maven run (none at all when everything is already there).

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::artifact::Artifact;
use crate::error::{describe_status, last_lines, JvmError};
use crate::maven::{strip_ansi, Maven};

/// The maven-dependency-plugin version the throw-away pom pins.
pub const DEPENDENCY_PLUGIN_VERSION: &str = "3.6.1";

/// A directory holding a Maven local repository (`root/repository`) plus
/// mimic's lock file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArtifactCache {
    root: PathBuf,
}

impl ArtifactCache {
    /// A cache rooted at `root` (created on first fetch).
    pub fn new(root: impl Into<PathBuf>) -> ArtifactCache {
        ArtifactCache { root: root.into() }
    }

    /// `$MIMIC_CACHE` if set, else `$XDG_CACHE_HOME/mimic`, else
    /// `$HOME/.cache/mimic` (else a directory under the system temp dir).
    pub fn default_location() -> ArtifactCache {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let root = if let Some(dir) = var("MIMIC_CACHE") {
            PathBuf::from(dir)
        } else if let Some(dir) = var("XDG_CACHE_HOME") {
            PathBuf::from(dir).join("mimic")
        } else if let Some(home) = var("HOME").or_else(|| var("USERPROFILE")) {
            PathBuf::from(home).join(".cache").join("mimic")
        } else {
            std::env::temp_dir().join("mimic-cache")
        };
        ArtifactCache::new(root)
    }

    /// The cache directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `root/repository`, laid out as a Maven local repository.
    pub fn repository(&self) -> PathBuf {
        self.root.join("repository")
    }

    /// Where the jar of `artifact` is (or will be) in the repository.
    pub fn path_of(&self, artifact: &Artifact) -> PathBuf {
        let mut path = self.repository();
        path.extend(artifact.group.split('.'));
        path.push(&artifact.artifact);
        path.push(&artifact.version);
        path.push(artifact.jar_file_name());
        path
    }

    /// Those of `artifacts` whose jar is not in the cache yet, in order.
    pub fn missing(&self, artifacts: &[Artifact]) -> Vec<Artifact> {
        artifacts
            .iter()
            .filter(|a| !self.path_of(a).is_file())
            .cloned()
            .collect()
    }

    /// The jars of `artifacts`, in order, all of which must already be cached;
    /// never runs Maven.
    pub fn cached(&self, artifacts: &[Artifact]) -> Result<Vec<PathBuf>, JvmError> {
        let missing = self.missing(artifacts);
        if !missing.is_empty() {
            return Err(JvmError::Fetch {
                missing: missing.iter().map(Artifact::to_string).collect(),
                repository: self.repository(),
                command: "(none: offline lookup)".to_string(),
                status: "was not run".to_string(),
                output_tail: "fix: run `mimic doctor --fetch` or fetch them with Maven".to_string(),
            });
        }
        Ok(artifacts.iter().map(|a| self.path_of(a)).collect())
    }

    /// The jars of `artifacts`, in order, fetching the missing ones first with a
    /// single Maven run (transitive dependencies excluded). When every jar is
    /// already cached Maven is not run at all. Safe to call from several
    /// processes at once: the Maven run happens under a lock in the cache root.
    pub fn fetch(&self, maven: &Maven, artifacts: &[Artifact]) -> Result<Vec<PathBuf>, JvmError> {
        if self.missing(artifacts).is_empty() {
            return Ok(artifacts.iter().map(|a| self.path_of(a)).collect());
        }
        let _lock = self.lock()?;
        // Another process may have fetched them while we waited for the lock.
        let mut missing = self.missing(artifacts);
        missing.sort();
        missing.dedup();
        if !missing.is_empty() {
            self.run_maven(maven, &missing)?;
        }
        Ok(artifacts.iter().map(|a| self.path_of(a)).collect())
    }

    /// Blocks until this process holds the cache's lock file.
    fn lock(&self) -> Result<File, JvmError> {
        fs::create_dir_all(&self.root)
            .map_err(|e| JvmError::io("create cache directory", &self.root, e))?;
        let path = self.root.join(".lock");
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| JvmError::io("open lock file", &path, e))?;
        fs4::FileExt::lock(&file).map_err(|e| JvmError::io("lock", &path, e))?;
        Ok(file)
    }

    fn run_maven(&self, maven: &Maven, missing: &[Artifact]) -> Result<(), JvmError> {
        let repository = self.repository();
        fs::create_dir_all(&repository)
            .map_err(|e| JvmError::io("create directory", &repository, e))?;
        let work = tempfile::Builder::new()
            .prefix("mimic-fetch-")
            .tempdir()
            .map_err(|e| {
                JvmError::io("create a temporary directory in", std::env::temp_dir(), e)
            })?;
        let pom = work.path().join("pom.xml");
        fs::write(&pom, fetch_pom(missing)).map_err(|e| JvmError::io("write", &pom, e))?;

        let args = [
            "-B".to_string(),
            "-q".to_string(),
            "-U".to_string(),
            "-Dstyle.color=never".to_string(),
            format!("-Dmaven.repo.local={}", repository.display()),
            "-f".to_string(),
            pom.display().to_string(),
            format!("org.apache.maven.plugins:maven-dependency-plugin:{DEPENDENCY_PLUGIN_VERSION}:resolve"),
        ];
        let command = format!("{} {}", maven.mvn.display(), args.join(" "));
        let output = crate::process::run(
            Command::new(&maven.mvn)
                .args(&args)
                .current_dir(work.path()),
            Some(crate::process::TOOL_TIMEOUT),
        )
        .map(crate::process::Finished::into_output)
        .map_err(|e| JvmError::spawn(&maven.mvn, e))?;

        let still_missing = self.missing(missing);
        if output.status.success() && still_missing.is_empty() {
            return Ok(());
        }
        let text = strip_ansi(&format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
        let still_missing = if still_missing.is_empty() {
            missing.to_vec()
        } else {
            still_missing
        };
        Err(JvmError::Fetch {
            missing: still_missing.iter().map(Artifact::to_string).collect(),
            repository,
            command,
            status: describe_status(output.status),
            output_tail: last_lines(&text, 15),
        })
    }
}

/// A pom declaring `artifacts` as dependencies without their transitive ones.
fn fetch_pom(artifacts: &[Artifact]) -> String {
    let mut deps = String::new();
    for a in artifacts {
        let classifier = a
            .classifier
            .as_ref()
            .map(|c| format!("\n      <classifier>{c}</classifier>"))
            .unwrap_or_default();
        deps.push_str(&format!(
            r#"    <dependency>
      <groupId>{}</groupId>
      <artifactId>{}</artifactId>
      <version>{}</version>{classifier}
      <exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId></exclusion></exclusions>
    </dependency>
"#,
            a.group, a.artifact, a.version
        ));
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.mimic</groupId>
  <artifactId>mimic-fetch</artifactId>
  <version>0</version>
  <packaging>pom</packaging>
  <dependencies>
{deps}  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-dependency-plugin</artifactId>
        <version>{DEPENDENCY_PLUGIN_VERSION}</version>
      </plugin>
    </plugins>
  </build>
</project>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repository_layout() {
        let cache = ArtifactCache::new("/c");
        let a = Artifact::parse("org.apache.pdfbox:pdfbox:2.0.24").unwrap();
        assert_eq!(
            cache.path_of(&a),
            PathBuf::from("/c/repository/org/apache/pdfbox/pdfbox/2.0.24/pdfbox-2.0.24.jar")
        );
        let a = Artifact::parse("g:a:1:tests").unwrap();
        assert_eq!(
            cache.path_of(&a),
            PathBuf::from("/c/repository/g/a/1/a-1-tests.jar")
        );
    }

    #[test]
    fn pom_excludes_transitive_dependencies() {
        let pom = fetch_pom(&[
            Artifact::parse("g:a:1").unwrap(),
            Artifact::parse("g:b:2:tests").unwrap(),
        ]);
        assert_eq!(pom.matches("<dependency>").count(), 2);
        assert_eq!(pom.matches("<groupId>*</groupId>").count(), 2);
        assert!(pom.contains("<classifier>tests</classifier>"));
        assert!(pom.contains("<version>3.6.1</version>"));
    }
}
