//! The verdict on one test from what its runs showed: rick's categories (successfully
//! mimics, incompletely mimics, unhandled behaviour, flaky, does not compile) plus
//! `timeout` and `jvm_died`, which a test run must be able to end in. Pure: no JVM here.

use mimic_jvm::TestStatus;
use serde::Serialize;

/// The verdict on one generated test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    SuccessfullyMimics,
    IncompletelyMimics,
    Unhandled,
    Flaky,
    DoesNotCompile,
    /// Every run outran the per-test timeout (or its JVM's).
    Timeout,
    /// Every run of it, alone in a fresh JVM, ended that JVM (`System.exit`, an
    /// `OutOfMemoryError`, a crash).
    JvmDied,
}

/// What one run of one test showed.
#[derive(Debug, Clone, PartialEq)]
pub enum Observed {
    /// As JUnit reported it (a per-test timeout is turned into [`Observed::TimedOut`]).
    Reported(TestStatus),
    /// It outran its timeout: `detail` says which.
    TimedOut { detail: String },
    /// Run alone, its JVM ended abnormally: `reason` says how.
    JvmDied { reason: String },
}

impl Observed {
    /// From a JUnit report: Jupiter's timeout failure (`TimeoutException: … timed out
    /// after …`) is a timeout, everything else is the report's status.
    pub fn from_report(status: TestStatus) -> Observed {
        match &status {
            TestStatus::Errored { kind, message } | TestStatus::Failed { kind, message }
                if kind == "java.util.concurrent.TimeoutException"
                    && message
                        .as_deref()
                        .is_some_and(|m| m.contains("timed out after")) =>
            {
                Observed::TimedOut {
                    detail: message.clone().unwrap_or_default(),
                }
            }
            _ => Observed::Reported(status),
        }
    }

    fn passed(&self) -> bool {
        matches!(self, Observed::Reported(TestStatus::Passed))
    }

    /// The kind of outcome, to compare runs.
    pub(crate) fn kind(&self) -> u8 {
        match self {
            Observed::Reported(TestStatus::Passed) => 0,
            Observed::Reported(TestStatus::Failed { .. }) => 1,
            Observed::Reported(TestStatus::Errored { .. }) => 2,
            Observed::Reported(TestStatus::Skipped { .. }) => 3,
            Observed::TimedOut { .. } => 4,
            Observed::JvmDied { .. } => 5,
        }
    }

    /// A one-line description of a run that did not pass.
    pub(crate) fn failure(&self) -> Option<String> {
        match self {
            Observed::Reported(TestStatus::Passed) => None,
            Observed::Reported(
                TestStatus::Failed { kind, message } | TestStatus::Errored { kind, message },
            ) => Some(format!("{kind}: {}", message.as_deref().unwrap_or(""))),
            Observed::Reported(TestStatus::Skipped { message }) => {
                Some(format!("skipped: {}", message.as_deref().unwrap_or("")))
            }
            Observed::TimedOut { detail } => Some(format!("timed out: {detail}")),
            Observed::JvmDied { reason } => Some(format!("the test JVM died: {reason}")),
        }
    }
}

/// Exception classes that mean "an oracle failed" rather than "the MUT fell over".
pub fn is_oracle_failure(kind: &str) -> bool {
    kind.starts_with("org.opentest4j.")
        || kind.starts_with("org.mockito.exceptions.verification.")
        || kind == "java.lang.AssertionError"
        || kind.starts_with("org.junit.")
}

/// The verdict on a test from its `runs` observed outcomes (`expected` runs were asked
/// for; fewer is flaky), and the first failure seen.
pub fn classify(runs: &[Observed], expected: usize) -> (Verdict, Option<String>) {
    let failure = runs.iter().find_map(Observed::failure);
    if !runs.is_empty() && runs.iter().all(Observed::passed) && runs.len() >= expected {
        return (Verdict::SuccessfullyMimics, None);
    }
    let same = runs.windows(2).all(|w| w[0].kind() == w[1].kind());
    if runs.is_empty() || !same || runs.len() < expected {
        return (Verdict::Flaky, failure);
    }
    let verdict =
        match &runs[0] {
            Observed::TimedOut { .. } => Verdict::Timeout,
            Observed::JvmDied { .. } => Verdict::JvmDied,
            Observed::Reported(
                TestStatus::Failed { kind, .. } | TestStatus::Errored { kind, .. },
            ) if is_oracle_failure(kind) => Verdict::IncompletelyMimics,
            _ => Verdict::Unhandled,
        };
    (verdict, failure)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(kind: &str) -> Observed {
        Observed::Reported(TestStatus::Failed {
            kind: kind.into(),
            message: Some("m".into()),
        })
    }

    const PASSED: Observed = Observed::Reported(TestStatus::Passed);

    #[test]
    fn every_run_passing_is_success_and_an_oracle_failure_is_incomplete() {
        assert_eq!(
            classify(&[PASSED, PASSED], 2),
            (Verdict::SuccessfullyMimics, None)
        );
        let assertion = failed("org.opentest4j.AssertionFailedError");
        let (v, f) = classify(&[assertion.clone(), assertion], 2);
        assert_eq!(v, Verdict::IncompletelyMimics);
        assert_eq!(f.unwrap(), "org.opentest4j.AssertionFailedError: m");
        let wanted = "org.mockito.exceptions.verification.WantedButNotInvoked";
        assert_eq!(
            classify(&[failed(wanted)], 1).0,
            Verdict::IncompletelyMimics
        );
        let npe = "java.lang.NullPointerException";
        assert_eq!(classify(&[failed(npe)], 1).0, Verdict::Unhandled);
    }

    #[test]
    fn differing_or_missing_runs_are_flaky_never_green() {
        let npe = failed("java.lang.NullPointerException");
        assert_eq!(classify(&[PASSED, npe], 2).0, Verdict::Flaky);
        assert_eq!(classify(&[PASSED], 2).0, Verdict::Flaky);
        assert_eq!(classify(&[], 1).0, Verdict::Flaky);
    }

    #[test]
    fn jupiter_timeouts_and_dead_jvms_have_their_own_verdicts() {
        let timed_out = Observed::from_report(TestStatus::Errored {
            kind: "java.util.concurrent.TimeoutException".into(),
            message: Some("loops() timed out after 10 seconds".into()),
        });
        assert!(matches!(timed_out, Observed::TimedOut { .. }));
        let (v, f) = classify(&[timed_out.clone(), timed_out], 2);
        assert_eq!(v, Verdict::Timeout);
        assert_eq!(f.unwrap(), "timed out: loops() timed out after 10 seconds");
        let died = Observed::JvmDied {
            reason: "exited with status 1".into(),
        };
        assert_eq!(classify(&[died], 1).0, Verdict::JvmDied);
        // A TimeoutException thrown by the code under test is just an exception.
        let app = Observed::from_report(TestStatus::Errored {
            kind: "java.util.concurrent.TimeoutException".into(),
            message: Some("no answer".into()),
        });
        assert_eq!(classify(&[app], 1).0, Verdict::Unhandled);
    }
}
