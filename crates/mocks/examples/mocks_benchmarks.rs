//! The paper's eight benchmarks (MockDetector Tables 1–3): fetches each published `tests`
//! jar (and the main jar, for supertypes) from Maven Central into mimic's artifact cache,
//! runs the analysis intraprocedurally and interprocedurally, and prints our columns next
//! to the paper's Soot and Doop figures, with the whole-analysis time (class loading
//! included) as min/median/max over repeated runs.
//!
//! `cargo run --release -p mimic-mocks --example mocks_benchmarks [-- RUNS]`

use std::path::PathBuf;
use std::time::Instant;

use mimic_jvm::{pinned, ArtifactCache, Maven};
use mimic_mocks::benchmarks::{Benchmark, BENCHMARKS};
use mimic_mocks::report::Summary;
use mimic_mocks::{analyse, MockApis, Options, Program};

struct Row {
    bench: &'static Benchmark,
    /// (intra, inter, times in seconds, intra with the paper's APIs only)
    ours: Option<(Summary, Summary, Vec<f64>, Summary)>,
    note: String,
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let maven = Maven::locate().expect("Maven is needed to fetch the benchmarks");
    let cache = ArtifactCache::default_location();
    let mut rows = Vec::new();
    for bench in BENCHMARKS {
        let Some(tests) = bench.tests else {
            rows.push(Row {
                bench,
                ours: None,
                note: "no tests/test-sources jar on Maven Central".into(),
            });
            continue;
        };
        let jars = match cache.fetch(&maven, &pinned::artifacts(&[tests, bench.main])) {
            Ok(j) => j,
            Err(e) => {
                rows.push(Row {
                    bench,
                    ours: None,
                    note: format!(
                        "fetch failed: {}",
                        e.to_string().lines().next().unwrap_or("")
                    ),
                });
                continue;
            }
        };
        let inputs: Vec<PathBuf> = vec![jars[0].clone()];
        let classpath: Vec<PathBuf> = vec![jars[1].clone()];
        let run = |interprocedural: bool, apis: MockApis| {
            let started = Instant::now();
            let program = Program::load(&inputs, &classpath);
            let report = analyse(
                &program,
                &Options {
                    interprocedural,
                    apis,
                },
            );
            (report.summary, started.elapsed().as_secs_f64())
        };
        let (intra, _) = run(false, MockApis::defaults());
        let (paper_apis, _) = run(false, MockApis::paper());
        let mut times = Vec::new();
        let mut inter = None;
        for _ in 0..runs.max(1) {
            let (s, t) = run(true, MockApis::defaults());
            times.push(t);
            inter = Some(s);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        rows.push(Row {
            bench,
            ours: Some((intra, inter.expect("at least one run"), times, paper_apis)),
            note: String::new(),
        });
    }
    print_tables(&rows, runs);
}

fn print_tables(rows: &[Row], runs: usize) {
    println!("Table 2: test-related methods (Test/Before/After in public concrete test classes)");
    println!(
        "{:<28} {:>22} | {:>22} | {:>22}",
        "benchmark", "paper Soot intra", "ours intra", "ours inter"
    );
    println!(
        "{:<28} {:>22} | {:>22} | {:>22}",
        "", "methods/mocks/arr/coll", "methods/mocks/arr/coll", "methods/mocks/arr/coll"
    );
    for r in rows {
        let p = r.bench.table2;
        let paper = format!("{}/{}/{}/{}", p[0], p[1], p[2], p[3]);
        let (a, b) = match &r.ours {
            Some((i, x, _, _)) => (t2(i), t2(x)),
            None => ("-".into(), r.note.clone()),
        };
        println!("{:<28} {:>22} | {:>22} | {:>22}", r.bench.name, paper, a, b);
    }
    println!();
    println!("Table 3: instance invocations and invocations on mocks");
    println!(
        "{:<28} {:>7} {:>6} {:>6} {:>6} | {:>7} {:>7} {:>6} {:>6} {:>6}",
        "benchmark", "total", "Soot", "Doop", "Doop", "total", "total", "ours", "ours", "ours"
    );
    println!(
        "{:<28} {:>7} {:>6} {:>6} {:>6} | {:>7} {:>7} {:>6} {:>6} {:>6}",
        "", "(paper)", "intra", "intra", "inter", "(t-rel)", "(all)", "intra", "inter", "intra*"
    );
    for r in rows {
        let p = r.bench.table3;
        match &r.ours {
            Some((i, x, _, pa)) => println!(
                "{:<28} {:>7} {:>6} {:>6} {:>6} | {:>7} {:>7} {:>6} {:>6} {:>6}",
                r.bench.name,
                p[0],
                p[1],
                p[2],
                p[3],
                x.instance_invocations_in_test_related,
                x.instance_invocations,
                i.mock_invocations,
                x.mock_invocations,
                pa.mock_invocations
            ),
            None => println!(
                "{:<28} {:>7} {:>6} {:>6} {:>6} | {}",
                r.bench.name, p[0], p[1], p[2], p[3], r.note
            ),
        }
    }
    println!("intra* = intraprocedural with only the paper's mock APIs (MockApis::paper)");
    println!();
    println!(
        "Table 1: analysis time in seconds (ours: load + analyse, interprocedural, {runs} runs)"
    );
    println!(
        "{:<28} {:>10} {:>10} | {:>8} {:>8} {:>8} {:>8} {:>8}",
        "benchmark", "Soot intra", "Doop inter", "min", "median", "max", "classes", "methods"
    );
    for r in rows {
        let (soot, doop) = r.bench.table1_seconds;
        match &r.ours {
            Some((_, x, t, _)) => println!(
                "{:<28} {:>10.3} {:>10.2} | {:>8.3} {:>8.3} {:>8.3} {:>8} {:>8}",
                r.bench.name,
                soot,
                doop,
                t[0],
                t[t.len() / 2],
                t[t.len() - 1],
                x.classes,
                x.methods_analysed
            ),
            None => println!(
                "{:<28} {:>10.3} {:>10.2} | {}",
                r.bench.name, soot, doop, r.note
            ),
        }
    }
}

fn t2(s: &Summary) -> String {
    format!(
        "{}/{}/{}/{}",
        s.test_related_methods,
        s.test_related_with_mocks,
        s.test_related_with_mock_arrays,
        s.test_related_with_mock_collections
    )
}
