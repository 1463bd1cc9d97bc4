//! `mimic verify --perturb` (issue 17): after its normal runs every test runs once more
//! under each perturbation of its environment — another date, another time zone and
//! locale, another working directory, no network — and a test whose outcome changes is
//! reported `unstable` with the perturbation that changed it. A generated test that
//! replays what production read must not notice any of them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::classify::Observed;
use crate::launch::TestKey;

/// One way of changing the test JVMs' environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Perturbation {
    /// What changes, as the report says it.
    pub name: String,
    pub jvm_args: Vec<String>,
    pub env: Vec<(String, String)>,
    /// Run in a new empty directory instead of the normal working directory.
    pub fresh_dir: bool,
}

/// How far the clock moves: a year and a day.
pub const TIME_SHIFT_SECONDS: i64 = 366 * 86_400;

/// The perturbations, with the clock-shifting library or why there is none (then the
/// date perturbation is left out, and `skipped` says why).
pub fn perturbations(timeshift: Result<&Path, &String>) -> (Vec<Perturbation>, Option<String>) {
    let mut out = Vec::new();
    let mut skipped = None;
    match timeshift {
        Ok(lib) => out.push(Perturbation {
            name: "the clock a year and a day later".into(),
            jvm_args: Vec::new(),
            env: vec![
                ("LD_PRELOAD".into(), lib.display().to_string()),
                (
                    "MIMIC_TIMESHIFT_SECONDS".into(),
                    TIME_SHIFT_SECONDS.to_string(),
                ),
            ],
            fresh_dir: false,
        }),
        Err(why) => skipped = Some(format!("the clock a year later: {why}")),
    }
    out.push(Perturbation {
        name: "time zone Pacific/Kiritimati, locale tr-TR".into(),
        jvm_args: vec![
            "-Duser.timezone=Pacific/Kiritimati".into(),
            "-Duser.language=tr".into(),
            "-Duser.country=TR".into(),
        ],
        env: vec![("TZ".into(), "Pacific/Kiritimati".into())],
        fresh_dir: false,
    });
    out.push(Perturbation {
        name: "another working directory".into(),
        jvm_args: Vec::new(),
        env: Vec::new(),
        fresh_dir: true,
    });
    // Every proxy the JDK consults points at a closed local port: connections to other
    // hosts are refused at once (loopback ones are not proxied by the JDK's defaults).
    let mut no_network = Vec::new();
    for scheme in ["socksProxy", "http.proxy", "https.proxy", "ftp.proxy"] {
        no_network.push(format!("-D{scheme}Host=127.0.0.1"));
        no_network.push(format!("-D{scheme}Port=9"));
    }
    out.push(Perturbation {
        name: "no network".into(),
        jvm_args: no_network,
        env: Vec::new(),
        fresh_dir: false,
    });
    (out, skipped)
}

/// A test whose outcome under a perturbation differs from its outcome in every normal run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unstable {
    pub class: String,
    pub method: String,
    pub perturbation: String,
    /// `passed`, or the normal runs' failure.
    pub normally: String,
    /// What it did under the perturbation.
    pub perturbed: String,
}

fn shown(o: &Observed) -> String {
    o.failure().unwrap_or_else(|| "passed".into())
}

/// The tests whose perturbed outcome is of another kind than their normal one. A test
/// whose normal runs disagreed among themselves is flaky already and not compared.
pub fn unstable(
    normal: &BTreeMap<TestKey, Vec<Observed>>,
    perturbed: &BTreeMap<TestKey, Observed>,
    perturbation: &str,
) -> Vec<Unstable> {
    let mut out = Vec::new();
    for (key, runs) in normal {
        let Some(first) = runs.first() else { continue };
        if runs.iter().any(|r| r.kind() != first.kind()) {
            continue;
        }
        let differs = match perturbed.get(key) {
            Some(p) => p.kind() != first.kind(),
            None => true,
        };
        if differs {
            out.push(Unstable {
                class: key.0.clone(),
                method: key.1.clone(),
                perturbation: perturbation.to_string(),
                normally: shown(first),
                perturbed: perturbed
                    .get(key)
                    .map(shown)
                    .unwrap_or_else(|| "did not run".into()),
            });
        }
    }
    out
}

/// A new empty working directory for a perturbed run, under `work`.
pub fn fresh_dir(work: &Path, index: usize) -> std::io::Result<PathBuf> {
    let dir = work.join(format!("perturbed-dir-{index}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mimic_jvm::TestStatus;

    fn key(m: &str) -> TestKey {
        ("a.BTest".into(), m.into())
    }

    #[test]
    fn only_a_changed_outcome_is_unstable_and_flaky_tests_are_not_compared() {
        let pass = Observed::Reported(TestStatus::Passed);
        let fail = Observed::Reported(TestStatus::Failed {
            kind: "org.opentest4j.AssertionFailedError".into(),
            message: Some("expected: <2026> but was: <2027>".into()),
        });
        let normal = BTreeMap::from([
            (key("steady"), vec![pass.clone(), pass.clone()]),
            (key("dated"), vec![pass.clone(), pass.clone()]),
            (key("flaky"), vec![pass.clone(), fail.clone()]),
            (key("alwaysRed"), vec![fail.clone(), fail.clone()]),
        ]);
        let perturbed = BTreeMap::from([
            (key("steady"), pass.clone()),
            (key("dated"), fail.clone()),
            (key("flaky"), fail.clone()),
            (key("alwaysRed"), fail.clone()),
        ]);
        let found = unstable(&normal, &perturbed, "later");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].method, "dated");
        assert_eq!(found[0].normally, "passed");
        assert!(found[0].perturbed.contains("2027"), "{:?}", found[0]);
    }

    #[test]
    fn the_clock_perturbation_is_named_as_skipped_without_its_library() {
        let (with, skipped) = perturbations(Ok(Path::new("/x/libmimic_timeshift.so")));
        assert_eq!(with.len(), 4);
        assert!(skipped.is_none());
        assert!(with[0].env.iter().any(|(k, _)| k == "LD_PRELOAD"));
        let why = "libmimic_timeshift.so not found beside mimic (build it with `cargo build -p mimic-timeshift`, or set MIMIC_TIMESHIFT)".to_string();
        let (without, skipped) = perturbations(Err(&why));
        assert_eq!(without.len(), 3);
        assert!(skipped.unwrap().contains("mimic-timeshift"));
    }
}
