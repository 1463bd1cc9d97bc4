//! What a mutation run found: per-mutant statuses (PIT's names), per-method
//! classifications (Descartes' rules), red baseline tests, and totals.

use serde::{Deserialize, Serialize};

use mimic_diagnostic::Diagnostic;

use crate::targets::TargetMethod;

/// How one mutant ended, named as PIT names detection statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MutantStatus {
    /// A covering test failed.
    Killed,
    /// Every covering test passed.
    Survived,
    /// A covering test outran its timeout.
    TimedOut,
    /// The test JVM died (e.g. `System.exit`, out of memory).
    RunError,
    /// No green test reaches the method.
    NoCoverage,
    /// A test failed against it once and passed when run against it again: the suite
    /// does not detect it reliably (counted as not detected).
    Unstable,
}

impl MutantStatus {
    /// PIT's name (`KILLED`), as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            MutantStatus::Killed => "KILLED",
            MutantStatus::Survived => "SURVIVED",
            MutantStatus::TimedOut => "TIMED_OUT",
            MutantStatus::RunError => "RUN_ERROR",
            MutantStatus::NoCoverage => "NO_COVERAGE",
            MutantStatus::Unstable => "UNSTABLE",
        }
    }

    /// Whether the test suite detected the mutant (PIT: killed, timed out, run error).
    pub fn is_detected(self) -> bool {
        matches!(
            self,
            MutantStatus::Killed | MutantStatus::TimedOut | MutantStatus::RunError
        )
    }
}

/// One mutant's outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MutantOutcome {
    pub id: u32,
    /// Descartes operator id (`void`, `null`, `0`…).
    pub operator: String,
    pub status: MutantStatus,
    /// How many tests ran against it.
    pub tests_run: usize,
    /// The test that detected it, if any.
    pub killing_test: Option<String>,
    /// How that test detected it: the first line of its failure (exception class and
    /// message), or how it timed out or took its JVM down.
    pub failure: Option<String>,
    /// Wall time of the tests run against it (they may share launches with other
    /// mutants' tests).
    pub millis: f64,
    /// Why its tests miss it (`--explain`, survivors only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagnosis: Option<crate::explain::Diagnosis>,
}

/// Descartes' method classification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Classification {
    /// Every mutant detected.
    Tested,
    /// Some mutants detected, some not.
    PartiallyTested,
    /// No mutant detected although tests reach the method.
    PseudoTested,
    /// No green test reaches the method.
    NotCovered,
}

impl Classification {
    /// The Descartes spelling (`partially-tested`).
    pub fn as_str(self) -> &'static str {
        match self {
            Classification::Tested => "tested",
            Classification::PartiallyTested => "partially-tested",
            Classification::PseudoTested => "pseudo-tested",
            Classification::NotCovered => "not-covered",
        }
    }

    /// Classify from the mutants' statuses.
    pub fn of(statuses: &[MutantStatus]) -> Classification {
        if statuses.is_empty() || statuses.contains(&MutantStatus::NoCoverage) {
            return Classification::NotCovered;
        }
        let detected = statuses.iter().filter(|s| s.is_detected()).count();
        if detected == statuses.len() {
            Classification::Tested
        } else if detected == 0 {
            Classification::PseudoTested
        } else {
            Classification::PartiallyTested
        }
    }
}

/// One mutated method's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MethodResult {
    pub method: TargetMethod,
    pub classification: Classification,
    pub mutants: Vec<MutantOutcome>,
    /// Names of the green tests that reach it, fastest first.
    pub tests: Vec<String>,
}

/// A test that fails (or hangs, or kills its JVM) without any mutant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedTest {
    pub name: String,
    /// `failed`, `timed out` or `crashed: <reason>`.
    pub reason: String,
}

/// A test's baseline run: how it ended without mutants and how long it took.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BaselineTest {
    pub name: String,
    /// `green`, `red`, `skipped`, or `excluded` (left out by the test selection).
    pub status: String,
    pub millis: f64,
    /// Target methods it reaches.
    pub methods_reached: usize,
    /// Invocations that ran green (a parameterised or repeated test has one per case).
    pub invocations: u32,
}

/// Everything a run found (as JSON, `--report`: what `mimic mutate merge` reads).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct MutationReport {
    pub methods: Vec<MethodResult>,
    pub skipped: Vec<Diagnostic>,
    pub problems: Vec<Diagnostic>,
    pub red_tests: Vec<RedTest>,
    /// Tests discovered.
    pub tests_total: usize,
    /// Every test's baseline run, in discovery order.
    pub baseline: Vec<BaselineTest>,
    /// Test JVMs used for mutant runs.
    pub workers: usize,
    /// Test JVMs started for the baseline; the mutant phase may use fewer
    /// (`workers`: only as many as its expected work pays for).
    #[serde(default)]
    pub started_workers: usize,
    /// Test JVMs started in all (restarts after timeouts and crashes included).
    pub jvm_starts: usize,
    /// Tests stopped past their time budget, in every phase (a looping mutant costs one
    /// stop each time it meets a test, a cold timeout judged again one more).
    #[serde(default)]
    pub stopped_tests: usize,
    /// Wall time of the whole run.
    pub seconds: f64,
    /// Wall time of each phase: `prepare` (toolchain, rewriting, shim), `baseline`
    /// (JVM start, discovery, the coverage run), `mutants`.
    pub phases: Vec<(String, f64)>,
    /// Operators used, as Descartes ids.
    pub operators: Vec<String>,
    /// The JVM the tests ran on, and the options it was given.
    pub test_jvm: TestJvm,
    /// With `--in-diff`: how many mutable methods the diff does not touch (left out).
    pub outside_diff: Option<usize>,
    /// With `--shard k/n`: which shard this is, and how many methods the other shards
    /// take (left out).
    pub shard: Option<crate::shard::Shard>,
    pub outside_shard: Option<usize>,
}

/// The test JVMs' `java` and the options mimic gave them (beyond the class path).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestJvm {
    pub java: String,
    pub version: String,
    pub args: Vec<String>,
    /// Test classes whose `new Random()` / `Math.random()` / `Collections.shuffle` /
    /// `ThreadLocalRandom` draw seeded numbers, and how many such sites they have
    /// ([`crate::seeded_random`]).
    #[serde(default)]
    pub seeded_random_classes: usize,
    #[serde(default)]
    pub seeded_random_sites: usize,
}

impl MutationReport {
    /// How many methods have each classification.
    pub fn count(&self, c: Classification) -> usize {
        self.methods
            .iter()
            .filter(|m| m.classification == c)
            .count()
    }

    /// Number of mutants.
    pub fn mutant_count(&self) -> usize {
        self.methods.iter().map(|m| m.mutants.len()).sum()
    }

    /// Number of mutants the tests detected.
    pub fn detected_count(&self) -> usize {
        self.methods
            .iter()
            .flat_map(|m| &m.mutants)
            .filter(|o| o.status.is_detected())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MutantStatus::*;

    #[test]
    fn classifies_like_descartes() {
        assert_eq!(
            Classification::of(&[Killed, TimedOut]),
            Classification::Tested
        );
        assert_eq!(
            Classification::of(&[Killed, Survived]),
            Classification::PartiallyTested
        );
        assert_eq!(
            Classification::of(&[Survived, Survived]),
            Classification::PseudoTested
        );
        assert_eq!(
            Classification::of(&[NoCoverage]),
            Classification::NotCovered
        );
        assert_eq!(Classification::of(&[RunError]), Classification::Tested);
    }

    #[test]
    fn status_names_are_the_serialized_ones() {
        for s in [Killed, Survived, TimedOut, RunError, NoCoverage, Unstable] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
    }
}
