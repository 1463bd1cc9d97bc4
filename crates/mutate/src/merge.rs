//! `--report FILE` and `mimic mutate merge`: a run's whole report written losslessly (JSON
//! of [`MutationReport`]), and the reports of the shards of one split run
//! ([`crate::shard`]) joined into the report one unsplit run gives: every method once, in
//! the selection's order, with the baseline, red tests, stop methods and problems every
//! shard shares. Times are the slowest shard's (the shards run side by side); JVM starts
//! add up.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::MutateError;
use crate::result::MutationReport;

const SCHEMA: u32 = 1;

#[derive(Serialize, Deserialize)]
struct ReportFile {
    #[serde(rename = "mimic-mutate-report")]
    schema: u32,
    report: MutationReport,
}

/// Write `report` to `path`.
pub fn save_report(report: &MutationReport, path: &Path) -> Result<(), MutateError> {
    let file = ReportFile {
        schema: SCHEMA,
        report: report.clone(),
    };
    crate::json_file::write(path, &file)
}

/// Read a report written by [`save_report`].
pub fn load_report(path: &Path) -> Result<MutationReport, MutateError> {
    let file: ReportFile =
        crate::json_file::read(path, "a report written by mimic mutate --report")?;
    if file.schema != SCHEMA {
        return Err(MutateError::Usage(format!(
            "{}: report schema {} (this mimic reads {SCHEMA})",
            path.display(),
            file.schema
        )));
    }
    Ok(file.report)
}

/// Join the reports of shards `1/n` … `n/n` of one run (in any order).
pub fn merge(reports: Vec<MutationReport>) -> Result<MutationReport, MutateError> {
    let usage = |m: String| Err(MutateError::Usage(format!("mutate merge: {m}")));
    let Some(first) = reports.first() else {
        return usage("no reports".into());
    };
    let Some(count) = first.shard.map(|s| s.count) else {
        return usage("the first report is not a shard's (run with --shard k/n)".into());
    };
    let mut seen = vec![false; count];
    for r in &reports {
        let Some(shard) = r.shard else {
            return usage("a report is not a shard's (run with --shard k/n)".into());
        };
        if shard.count != count {
            return usage(format!("shards of {count} and of {} mixed", shard.count));
        }
        if std::mem::replace(&mut seen[shard.index - 1], true) {
            return usage(format!("shard {shard} given twice"));
        }
        let names = |r: &MutationReport| {
            r.baseline
                .iter()
                .map(|t| t.name.clone())
                .collect::<Vec<_>>()
        };
        if r.operators != first.operators
            || r.tests_total != first.tests_total
            || names(r) != names(first)
        {
            return usage(format!(
                "shard {shard} ran other operators or tests than shard {}",
                first.shard.expect("checked")
            ));
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return usage(format!("shard {}/{count} is missing", missing + 1));
    }
    let mut merged = first.clone();
    merged.methods = reports.iter().flat_map(|r| r.methods.clone()).collect();
    merged.methods.sort_by_key(|m| m.method.id);
    if merged
        .methods
        .windows(2)
        .any(|w| w[0].method.id == w[1].method.id)
    {
        return usage("a method is in two shards (were they made from the same inputs?)".into());
    }
    // Each shard knows how many methods the run has: its own and the others'.
    let expected = first.methods.len() + first.outside_shard.unwrap_or(0);
    if merged.methods.len() != expected {
        return usage(format!(
            "the shards hold {} methods of the run's {expected}: were they all partitioned \
             the same way (the same --baseline file, or none for every shard)?",
            merged.methods.len()
        ));
    }
    merged.shard = None;
    merged.outside_shard = None;
    merged.jvm_starts = reports.iter().map(|r| r.jvm_starts).sum();
    merged.stopped_tests = reports.iter().map(|r| r.stopped_tests).sum();
    merged.seconds = reports.iter().map(|r| r.seconds).fold(0.0, f64::max);
    for (name, seconds) in &mut merged.phases {
        *seconds = reports
            .iter()
            .flat_map(|r| &r.phases)
            .filter(|(n, _)| n == name)
            .map(|(_, s)| *s)
            .fold(0.0, f64::max);
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::Shard;

    fn shard(index: usize, count: usize) -> MutationReport {
        MutationReport {
            shard: Some(Shard { index, count }),
            outside_shard: Some(0),
            seconds: index as f64,
            jvm_starts: 2,
            ..Default::default()
        }
    }

    #[test]
    fn needs_every_shard_once() {
        let merged = merge(vec![shard(2, 2), shard(1, 2)]).unwrap();
        assert_eq!(merged.shard, None);
        assert_eq!(merged.seconds, 2.0);
        assert_eq!(merged.jvm_starts, 4);
        let err = merge(vec![shard(1, 2)]).unwrap_err().to_string();
        assert!(err.contains("shard 2/2 is missing"), "{err}");
        let err = merge(vec![shard(1, 2), shard(1, 2)])
            .unwrap_err()
            .to_string();
        assert!(err.contains("shard 1/2 given twice"), "{err}");
        let err = merge(vec![shard(1, 2), shard(2, 3)])
            .unwrap_err()
            .to_string();
        assert!(err.contains("mixed"), "{err}");
        let err = merge(vec![MutationReport::default()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a shard's"), "{err}");
        // A shard that says the others hold a method nobody holds.
        let mut lost = shard(1, 2);
        lost.outside_shard = Some(1);
        let err = merge(vec![lost, shard(2, 2)]).unwrap_err().to_string();
        assert!(
            err.contains("the shards hold 0 methods of the run's 1"),
            "{err}"
        );
    }

    #[test]
    fn a_report_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        save_report(&shard(1, 2), &path).unwrap();
        let back = load_report(&path).unwrap();
        assert_eq!(back.shard, Some(Shard { index: 1, count: 2 }));
        std::fs::write(&path, "[]").unwrap();
        assert!(load_report(&path)
            .unwrap_err()
            .to_string()
            .contains("not a report written by mimic mutate --report"));
    }
}
