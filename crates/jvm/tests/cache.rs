//! ArtifactCache::fetch: offline reuse, one Maven run under a lock, and
//! errors that name what is missing. Uses small stand-in `mvn` scripts where
//! the point is what fetch does around Maven, and the real Maven otherwise.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mimic_jvm::{pinned, Artifact, ArtifactCache, JvmError, Maven};

fn artifacts() -> Vec<Artifact> {
    ["g.h:a:1", "g.h:b:2:tests"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn touch(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, b"PK").unwrap();
}

/// A Maven whose launcher is `script` (a shell script written into `dir`).
#[cfg(unix)]
fn fake_maven(dir: &Path, script: &str) -> Maven {
    use std::os::unix::fs::PermissionsExt;
    let mvn = dir.join("mvn");
    std::fs::write(&mvn, format!("#!/bin/sh\n{script}\n")).unwrap();
    std::fs::set_permissions(&mvn, std::fs::Permissions::from_mode(0o755)).unwrap();
    Maven {
        mvn,
        version: "fake".into(),
    }
}

#[test]
fn fetch_with_every_jar_present_does_not_run_maven() {
    let dir = tempfile::tempdir().unwrap();
    let cache = ArtifactCache::new(dir.path().join("cache"));
    let wanted = artifacts();
    for a in &wanted {
        touch(&cache.path_of(a));
    }
    let bogus = Maven {
        mvn: PathBuf::from("/nonexistent/bin/mvn"),
        version: "none".into(),
    };
    let jars = cache.fetch(&bogus, &wanted).expect("no Maven needed");
    assert_eq!(
        jars,
        vec![
            dir.path().join("cache/repository/g/h/a/1/a-1.jar"),
            dir.path().join("cache/repository/g/h/b/2/b-2-tests.jar"),
        ]
    );
    assert_eq!(cache.cached(&wanted).unwrap(), jars);
    assert!(cache.missing(&wanted).is_empty());
}

#[test]
fn a_missing_jar_needs_maven() {
    let dir = tempfile::tempdir().unwrap();
    let cache = ArtifactCache::new(dir.path());
    let wanted = artifacts();
    touch(&cache.path_of(&wanted[0]));
    assert_eq!(cache.missing(&wanted), vec![wanted[1].clone()]);

    let err = cache.cached(&wanted).unwrap_err().to_string();
    assert!(err.contains("g.h:b:2:tests"), "{err}");
    assert!(err.contains("mimic doctor --fetch"), "{err}");

    let bogus = Maven {
        mvn: PathBuf::from("/nonexistent/bin/mvn"),
        version: "none".into(),
    };
    let err = cache.fetch(&bogus, &wanted).unwrap_err();
    assert!(matches!(err, JvmError::Spawn { .. }), "{err}");
    assert!(err.to_string().contains("/nonexistent/bin/mvn"), "{err}");
}

#[cfg(unix)]
#[test]
fn concurrent_fetches_run_maven_once() {
    let dir = tempfile::tempdir().unwrap();
    let cache = ArtifactCache::new(dir.path().join("cache"));
    let wanted = artifacts();
    let log = dir.path().join("runs.log");
    let creates: Vec<String> = wanted
        .iter()
        .map(|a| {
            let jar = cache.path_of(a);
            format!(
                "mkdir -p '{}' && printf PK > '{}'",
                jar.parent().unwrap().display(),
                jar.display()
            )
        })
        .collect();
    let maven = fake_maven(
        dir.path(),
        &format!(
            "echo \"$@\" >> '{}'\nsleep 1\n{}",
            log.display(),
            creates.join("\n")
        ),
    );
    let shared = Arc::new((cache.clone(), maven, wanted.clone()));
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                let (cache, maven, wanted) = &*shared;
                cache.fetch(maven, wanted).unwrap()
            })
        })
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap().len(), 2);
    }
    let runs = std::fs::read_to_string(&log).unwrap();
    assert_eq!(runs.lines().count(), 1, "Maven ran more than once:\n{runs}");
    let args = runs.lines().next().unwrap();
    assert!(args.contains("-B -q"), "{args}");
    assert!(
        args.contains(&format!(
            "-Dmaven.repo.local={}",
            cache.repository().display()
        )),
        "{args}"
    );
    assert!(
        args.contains("maven-dependency-plugin:3.6.1:resolve"),
        "{args}"
    );
}

#[cfg(unix)]
#[test]
fn a_failing_maven_run_names_the_missing_artifacts_and_its_output() {
    let dir = tempfile::tempdir().unwrap();
    let cache = ArtifactCache::new(dir.path().join("cache"));
    let maven = fake_maven(
        dir.path(),
        "echo '[ERROR] Failed to execute goal: Could not find artifact g.h:a:jar:1'\nexit 1",
    );
    let err = cache.fetch(&maven, &artifacts()).unwrap_err();
    match &err {
        JvmError::Fetch {
            missing,
            output_tail,
            status,
            ..
        } => {
            assert_eq!(missing, &["g.h:a:1", "g.h:b:2:tests"]);
            assert!(
                output_tail.contains("Could not find artifact"),
                "{output_tail}"
            );
            assert_eq!(status, "exited with status 1");
        }
        other => panic!("expected a fetch error, got {other}"),
    }
}

#[test]
fn real_maven_reports_an_artifact_that_does_not_exist() {
    let maven = Maven::locate().expect("Maven");
    let cache = ArtifactCache::default_location();
    let ghost: Artifact = "dev.mimic.nonexistent:no-such-artifact:0.0.1"
        .parse()
        .unwrap();
    let err = cache.fetch(&maven, &[ghost]).unwrap_err();
    let text = err.to_string();
    eprintln!("{text}");
    assert!(
        text.contains("could not fetch 1 artifact(s) into"),
        "{text}"
    );
    assert!(
        text.contains("dev.mimic.nonexistent:no-such-artifact:0.0.1"),
        "{text}"
    );
    assert!(text.contains("no-such-artifact"), "{text}");
}

#[test]
fn pinned_test_runtime_is_fetched_into_the_default_cache() {
    let maven = Maven::locate().expect("Maven");
    let cache = ArtifactCache::default_location();
    let jars = cache.fetch(&maven, &pinned::test_runtime()).unwrap();
    assert_eq!(jars.len(), 13);
    for jar in &jars {
        let bytes = std::fs::read(jar).unwrap();
        assert!(bytes.starts_with(b"PK"), "{} is not a jar", jar.display());
    }
}
