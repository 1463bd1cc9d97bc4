//! The `--explain-report` Markdown page: the surviving mutants' diagnoses grouped by
//! symptom (no-infection, no-propagation, weak-oracle), each with its suggestion, the
//! differences behind it and the stack path from the test; the symptom split beside
//! Reneri's (37% / 37% / 27% over 312 transformations), and the row of Reneri's Table III
//! (where infections show: result, arguments, receiver) for this run.

use crate::explain::{Diagnosis, Symptom};
use crate::report::java_signature;
use crate::result::{MethodResult, MutationReport};

/// Reneri Table III's counts for one run: per group of transformations (in non-void,
/// parameterised, non-static methods), how many there are, how many infect the state,
/// and how many of those show it in the result, the arguments or the receiver.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TableThree {
    pub non_void: [usize; 3],
    pub with_parameters: [usize; 3],
    pub non_static: [usize; 3],
}

/// Table III's row for the diagnosed mutants of `report`.
pub fn table_three(report: &MutationReport) -> TableThree {
    let mut t = TableThree::default();
    for (m, d) in diagnosed(report) {
        let descriptor = mimic_classfile::MethodDescriptor::parse(&m.method.descriptor).ok();
        let infected = d.symptom != Symptom::NoInfection;
        let shows = |prefix: &str| d.infection.iter().any(|x| x.location.starts_with(prefix));
        let count = |row: &mut [usize; 3], prefix: &str| {
            row[0] += 1;
            if infected {
                row[1] += 1;
                if shows(prefix) {
                    row[2] += 1;
                }
            }
        };
        if descriptor.as_ref().is_some_and(|d| d.ret.is_some()) {
            count(&mut t.non_void, "result");
        }
        if descriptor.as_ref().is_some_and(|d| !d.params.is_empty()) {
            count(&mut t.with_parameters, "argument");
        }
        if !m.method.is_static {
            count(&mut t.non_static, "receiver");
        }
    }
    t
}

fn diagnosed(report: &MutationReport) -> impl Iterator<Item = (&MethodResult, &Diagnosis)> {
    report.methods.iter().flat_map(|m| {
        m.mutants
            .iter()
            .filter_map(move |o| o.diagnosis.as_ref().map(|d| (m, d)))
    })
}

/// How many diagnoses have each symptom.
pub fn symptom_counts(report: &MutationReport) -> [(Symptom, usize); 4] {
    let all = [
        Symptom::NoInfection,
        Symptom::NoPropagation,
        Symptom::WeakOracle,
        Symptom::Infected,
    ];
    all.map(|s| (s, diagnosed(report).filter(|(_, d)| d.symptom == s).count()))
}

fn percent(n: usize, of: usize) -> String {
    if of == 0 {
        "–".into()
    } else {
        format!("{:.0}%", 100.0 * n as f64 / of as f64)
    }
}

/// The Markdown report.
pub fn markdown(report: &MutationReport) -> String {
    let counts = symptom_counts(report);
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    let mut out = String::from("# Why the surviving mutants survive\n\n");
    let survivors = report
        .methods
        .iter()
        .flat_map(|m| &m.mutants)
        .filter(|o| o.status == crate::result::MutantStatus::Survived)
        .count();
    let unobserved = survivors.saturating_sub(total);
    out.push_str(&format!(
        "{total} surviving mutants of covered methods diagnosed (`mimic mutate --explain`){}, \
         {} methods mutated, {:.1} s.\n\n",
        if unobserved == 0 {
            String::new()
        } else {
            format!(
                "; {unobserved} more not observed (their tests' JVM died or timed out under \
                 observation, or the method's exits were never seen)"
            )
        },
        report.methods.len(),
        report.seconds
    ));
    out.push_str("| Symptom | Mutants | Share | Reneri (312 transformations, 15 projects) |\n");
    out.push_str("|---|---:|---:|---:|\n");
    let reneri = ["37%", "37%", "27%", "–"];
    for ((symptom, n), paper) in counts.iter().zip(reneri) {
        if *symptom == Symptom::Infected && *n == 0 {
            continue;
        }
        out.push_str(&format!(
            "| {} | {n} | {} | {paper} |\n",
            symptom.name(),
            percent(*n, total)
        ));
    }
    let t = table_three(report);
    out.push_str(
        "\nWhere the infections show (Reneri Table III: total, infected, and infected in \
         the result / the arguments / the receiver):\n\n\
         | Non-void: total | infected | in result | Parameterised: total | infected | in arguments | Non-static: total | infected | in receiver |\n\
         |---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let row: Vec<String> = [t.non_void, t.with_parameters, t.non_static]
        .iter()
        .flatten()
        .map(|n| n.to_string())
        .collect();
    out.push_str(&format!("| {} |\n", row.join(" | ")));
    for (symptom, n) in counts {
        if n == 0 {
            continue;
        }
        out.push_str(&format!("\n## {} ({n})\n", symptom.name()));
        for m in &report.methods {
            for o in &m.mutants {
                let Some(d) = o.diagnosis.as_ref().filter(|d| d.symptom == symptom) else {
                    continue;
                };
                out.push_str(&entry(m, &o.operator, d));
            }
        }
    }
    out
}

/// Differences listed per diagnosis in the report.
const SHOWN: usize = 5;

fn entry(m: &MethodResult, operator: &str, d: &Diagnosis) -> String {
    let mut out = format!(
        "\n### `{}` → `{operator}`\n\n{}:{}. {}\n",
        java_signature(m),
        m.method.file_name.as_deref().unwrap_or("?"),
        m.method.line.unwrap_or(0),
        d.suggestion
    );
    if !d.infection.is_empty() {
        out.push_str("\nState where the method exits (original → mutant):\n\n");
        for x in d.infection.iter().take(SHOWN) {
            out.push_str(&format!(
                "- `{}` at exit {} in `{}`: `{}` → `{}`\n",
                x.location, x.exit, x.test, x.original, x.mutant
            ));
        }
    }
    if !d.propagation.is_empty() {
        out.push_str("\nValues in the test code (original → mutant):\n\n");
        for p in d.propagation.iter().take(SHOWN) {
            out.push_str(&format!(
                "- `{}` of `{}` at {} in `{}`: `{}` → `{}`\n",
                p.location, p.expression, p.at, p.test, p.original, p.mutant
            ));
        }
    }
    if !d.stack.is_empty() {
        out.push_str(&format!(
            "\nFrom the test ({} call(s) away): {}\n",
            d.stack_distance.unwrap_or(0),
            d.stack
                .iter()
                .map(|f| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(" → ")
        ));
    }
    out
}
