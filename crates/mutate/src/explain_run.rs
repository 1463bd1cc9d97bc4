//! The `--explain` phase of a run: the test classes rewritten ([`crate::test_sites`]),
//! fresh test JVMs (C1 only, patient budgets) that observe each method with surviving
//! mutants on its covering tests — split into shards of about equal baseline cost when
//! it has many, so that every JVM takes a part — and the shards' observations merged and
//! diagnosed ([`crate::explain`]), with production inputs from `--store` for the
//! no-infection ones ([`crate::production`]).

use crate::error::MutateError;
use crate::progress::{Progress, ProgressSink};
use crate::result::{MethodResult, MutantStatus};
use crate::run::MutateConfig;
use crate::worker::{Budget, Worker, WorkerSpec};

/// One shard of one method's covering tests: (method, shard, its tests).
type ShardJob = (usize, usize, Vec<(usize, Budget)>);

/// `--explain`: diagnose every surviving mutant of a covered method in fresh test JVMs
/// (as many as the run's) whose test classes are rewritten to observe the values they
/// compute ([`crate::test_sites`], [`crate::explain`]); test classes that cannot be
/// rewritten are added to `problems`. Returns the JVMs started.
#[allow(clippy::too_many_arguments)]
pub(crate) fn explain_survivors(
    methods: &mut [MethodResult],
    covering: &[Vec<usize>],
    budget: &dyn Fn(usize) -> Budget,
    names: &[String],
    config: &MutateConfig,
    spec: &WorkerSpec,
    work: &std::path::Path,
    production: Option<&crate::production::Production>,
    problems: &mut Vec<mimic_diagnostic::Diagnostic>,
    progress: ProgressSink<'_>,
) -> Result<usize, MutateError> {
    let total: usize = methods
        .iter()
        .flat_map(|m| &m.mutants)
        .filter(|o| o.status == MutantStatus::Survived)
        .count();
    progress(Progress::Phase {
        name: "explain".into(),
        detail: format!(
            "{total} surviving mutants, their tests {} times each on the original and the mutant",
            config.explain_runs
        ),
        total,
    });
    if total == 0 {
        return Ok(0);
    }
    // The rewritten test classes go first on the class path: the same tests are
    // discovered (from the original roots) and run observed.
    let observed = crate::test_sites::instrument_tests(
        &spec.test_roots,
        &work.join("explain-tests"),
        config.seed_random,
    )?;
    problems.extend(observed.problems.iter().cloned());
    let mut spec = spec.clone();
    // These JVMs run each covering test a few times, briefly: C2's compilations never pay
    // back there and take the cores from the tests (on commons-cli the first observed run
    // took 3.9 s with C2, 1.6 s with C1 only). The verdicts are in already, and every
    // test gets a patient budget, so a slower steady state cannot turn into a timeout.
    if !spec
        .jvm_args
        .iter()
        .any(|a| a.contains("TieredStopAtLevel") || a.contains("TieredCompilation"))
    {
        spec.jvm_args.push("-XX:TieredStopAtLevel=1".into());
    }
    let first_test = spec
        .classpath
        .iter()
        .position(|p| spec.test_roots.contains(p) || *p == work.join(crate::seeded_random::DIR))
        .unwrap_or(0);
    spec.classpath.insert(first_test, observed.dir.clone());
    let mut inputs = config.classes.clone();
    inputs.extend(spec.test_roots.iter().cloned());
    inputs.extend(config.classpath.iter().cloned());
    let suggester = crate::suggest::Suggester::new(&inputs);
    let setup = crate::explain::Setup {
        limits: config.limits(),
        names,
        runs: config.explain_runs,
        sites: &observed.sites,
        suggester: &suggester,
    };
    // One job per method with survivors (its original runs serve all of them), or per
    // shard of its covering tests when it has many, shared out to as many test JVMs as
    // the run uses; the shards' observations are merged and compared once all are in.
    struct Method {
        index: usize,
        target: crate::targets::TargetMethod,
        name: String,
        survivors: Vec<(usize, u32, String)>,
        tests: Vec<(usize, Budget)>,
    }
    let explained: Vec<Method> = methods
        .iter()
        .enumerate()
        .filter_map(|(mi, m)| {
            let survivors: Vec<(usize, u32, String)> = m
                .mutants
                .iter()
                .enumerate()
                .filter(|(_, o)| o.status == MutantStatus::Survived)
                .map(|(ki, o)| (ki, o.id, o.operator.clone()))
                .collect();
            // In discovery order: a class's tests together, one launch per class (the
            // order does not matter to an observation).
            let mut tests: Vec<(usize, Budget)> = covering[m.method.id as usize]
                .iter()
                .map(|i| (*i, budget(*i)))
                .collect();
            tests.sort_by_key(|(i, _)| *i);
            (!survivors.is_empty()).then(|| Method {
                index: mi,
                target: m.method.clone(),
                name: crate::report::java_name(m),
                survivors,
                tests,
            })
        })
        .collect();
    let threads = config.workers.max(1);
    // (method, shard, its tests): a method with many covering tests is split so that
    // every JVM takes a part.
    let mut jobs: Vec<ShardJob> = Vec::new();
    let mut shard_counts = Vec::new();
    for (k, m) in explained.iter().enumerate() {
        let shards = if m.tests.len() >= SHARD_TESTS * threads {
            threads
        } else {
            1
        };
        let parts = balanced_shards(&m.tests, shards);
        shard_counts.push(parts.len());
        for (s, part) in parts.into_iter().enumerate() {
            jobs.push((k, s, part));
        }
    }
    // The costliest first (baseline time × runs), so that the JVMs finish together.
    jobs.sort_by_key(|(k, _, t)| {
        std::cmp::Reverse(cost(t) * (1 + explained[*k].survivors.len() as u64))
    });
    let queue = std::sync::Mutex::new(jobs.into_iter().collect::<std::collections::VecDeque<_>>());
    type Observed = Vec<(usize, usize, Option<crate::explain::Shard>)>;
    let results: Vec<Result<(Observed, usize), MutateError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (queue, spec, setup, explained) = (&queue, &spec, &setup, &explained);
                scope.spawn(move || -> Result<(Observed, usize), MutateError> {
                    let mut found = Observed::new();
                    let mut worker: Option<Worker> = None;
                    let mut starts = 0;
                    loop {
                        let next = queue.lock().unwrap_or_else(|p| p.into_inner()).pop_front();
                        let Some((k, s, tests)) = next else { break };
                        let worker = match &mut worker {
                            Some(w) => w,
                            None => {
                                starts += 1;
                                worker.insert(Worker::start(spec)?)
                            }
                        };
                        let m = &explained[k];
                        let ids: Vec<u32> = m.survivors.iter().map(|(_, id, _)| *id).collect();
                        let patient: Vec<(usize, Budget)> =
                            tests.iter().map(|(i, b)| (*i, b.patient())).collect();
                        let (shard, restarts) = crate::explain::observe_method(
                            worker, spec, setup, &m.target, &ids, &patient,
                        )?;
                        starts += restarts;
                        found.push((k, s, shard));
                    }
                    Ok((found, starts))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|t| {
                t.join().unwrap_or_else(|_| {
                    Err(MutateError::Worker("an explain thread panicked".into()))
                })
            })
            .collect()
    });
    let mut starts = 0;
    let mut shards: Vec<Vec<Option<Option<crate::explain::Shard>>>> = shard_counts
        .iter()
        .map(|n| (0..*n).map(|_| None).collect())
        .collect();
    for result in results {
        let (found, started) = result?;
        starts += started;
        for (k, s, shard) in found {
            shards[k][s] = Some(shard);
        }
    }
    let mut done = 0;
    for (m, parts) in explained.iter().zip(shards) {
        let parts: Vec<Option<crate::explain::Shard>> =
            parts.into_iter().map(Option::flatten).collect();
        let diagnoses =
            crate::explain::diagnose_method(&setup, &m.target, &m.tests, m.survivors.len(), parts);
        for ((ki, _, operator), d) in m.survivors.iter().zip(diagnoses) {
            done += 1;
            let symptom = d.as_ref().map_or("not observed", |d| d.symptom.name());
            progress(Progress::Step {
                done,
                last: format!("{} {operator}: {symptom}", m.name),
            });
            methods[m.index].mutants[*ki].diagnosis = d;
        }
    }
    // `--store`: production inputs for the no-infection ones (the store is read here,
    // on one thread).
    if let Some(store) = production {
        for m in methods.iter_mut() {
            let name = crate::report::java_name(m);
            for o in m.mutants.iter_mut() {
                let Some(d) = o.diagnosis.as_mut() else {
                    continue;
                };
                if d.symptom != crate::explain::Symptom::NoInfection {
                    continue;
                }
                d.production = store.inputs_for(&m.method, &o.operator)?;
                if let Some(p) = &d.production {
                    d.suggestion.push(' ');
                    d.suggestion
                        .push_str(&crate::suggest::production_hint(&name, p));
                }
            }
        }
    }
    Ok(starts)
}

/// Covering tests per JVM from which `--explain` splits a method's tests among the JVMs.
const SHARD_TESTS: usize = 24;

/// A test's cost as its budget says (its baseline CPU time, scaled), at least 1.
fn cost(tests: &[(usize, Budget)]) -> u64 {
    tests.iter().map(|(_, b)| b.cpu_ms.max(1)).sum()
}

/// `tests` in `n` parts of about equal cost (the costliest test first into the cheapest
/// part), each in discovery order (a class's tests together: one launch per class).
fn balanced_shards(tests: &[(usize, Budget)], n: usize) -> Vec<Vec<(usize, Budget)>> {
    let mut by_cost: Vec<(usize, Budget)> = tests.to_vec();
    by_cost.sort_by_key(|(i, b)| (std::cmp::Reverse(b.cpu_ms), *i));
    let mut parts: Vec<Vec<(usize, Budget)>> = vec![Vec::new(); n.max(1)];
    for test in by_cost {
        let cheapest = (0..parts.len())
            .min_by_key(|p| (cost(&parts[*p]), *p))
            .unwrap_or(0);
        parts[cheapest].push(test);
    }
    parts.retain(|p| !p.is_empty());
    for part in &mut parts {
        part.sort_by_key(|(i, _)| *i);
    }
    parts
}
