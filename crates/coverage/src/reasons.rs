//! Why a method the run covered is not covered by the generated tests, from what mimic
//! knows of it, checked in this order: the program's entry point; its tests (and how
//! they fail); the gap `mimic generate` named for it; a lambda body, a static
//! initialiser, a private or compiler-generated method, an anonymous class's
//! constructor (read from its class file); planned but never recorded; not planned.

use std::collections::BTreeMap;
use std::path::PathBuf;

use mimic_classpath::{dotted, package_of, ClassSource, Hierarchy};
use mimic_generate::gaps::SkipReason;
use mimic_generate::Manifest;
use mimic_verify::{Report, Verdict};

use crate::report::MethodCoverage;
use crate::table::Why;

const ACC_PUBLIC: u16 = 0x0001;
const ACC_PRIVATE: u16 = 0x0002;
const ACC_STATIC: u16 = 0x0008;
const ACC_BRIDGE: u16 = 0x0040;
const ACC_SYNTHETIC: u16 = 0x1000;

/// What mimic knows about the methods under test.
pub struct Explainer {
    /// Verdicts of each MUT's tests, by key (`com.x.Foo.pay(I)Z`).
    tests: BTreeMap<String, Vec<(Verdict, Option<String>)>>,
    gaps: BTreeMap<String, SkipReason>,
    /// The plan's MUTs with their recorded invocations (`None`: the store is unknown).
    planned: Option<BTreeMap<String, u64>>,
    hierarchy: Hierarchy,
}

fn key(class_dotted: &str, name: &str, descriptor: &str) -> String {
    format!("{class_dotted}.{name}{descriptor}")
}

impl Explainer {
    /// From the tests' manifest, verify's report, the plan's MUTs with their invocation
    /// counts (see [`Explainer::planned_in_store`]) and the class path of the classes.
    pub fn new(
        manifest: Option<&Manifest>,
        verified: &Report,
        planned: Option<BTreeMap<String, u64>>,
        classpath: &[PathBuf],
    ) -> Explainer {
        let mut tests: BTreeMap<String, Vec<(Verdict, Option<String>)>> = BTreeMap::new();
        for t in &verified.tests {
            if let Some(k) = &t.mut_key {
                tests
                    .entry(k.clone())
                    .or_default()
                    .push((t.verdict, t.failure.clone()));
            }
        }
        let gaps = manifest
            .map(|m| {
                m.gaps
                    .iter()
                    .map(|g| {
                        (
                            key(&g.mut_class, &g.mut_method, &g.mut_descriptor),
                            g.reason,
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        Explainer {
            tests,
            gaps,
            planned,
            hierarchy: Hierarchy::new(ClassSource::new(classpath)),
        }
    }

    /// The MUTs of the run the manifest was generated from, with how many invocations of
    /// each the store holds; an error says why they cannot be read.
    pub fn planned_in_store(manifest: &Manifest) -> Result<BTreeMap<String, u64>, String> {
        let path = PathBuf::from(&manifest.store);
        let store =
            mimic_trace::Store::open_read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let muts = store
            .mut_summaries(manifest.run)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(muts
            .into_iter()
            .map(|m| (key(&m.class, &m.method, &m.descriptor), m.invocations))
            .collect())
    }

    fn tests_of(&self, k: &str) -> Option<(String, String)> {
        let verdicts = self.tests.get(k)?;
        let failing: Vec<&(Verdict, Option<String>)> = verdicts
            .iter()
            .filter(|(v, _)| *v != Verdict::SuccessfullyMimics)
            .collect();
        if failing.is_empty() {
            return Some((
                "tests-miss-it".into(),
                format!("its {} test(s) pass without running it", verdicts.len()),
            ));
        }
        let mut per: BTreeMap<String, usize> = BTreeMap::new();
        for (v, _) in &failing {
            *per.entry(format!("{v:?}")).or_default() += 1;
        }
        let per: Vec<String> = per.into_iter().map(|(v, n)| format!("{n} {v}")).collect();
        let first = failing
            .iter()
            .find_map(|(_, f)| f.as_deref())
            .map(|f| format!("; first failure: {}", f.lines().next().unwrap_or(f)))
            .unwrap_or_default();
        Some((
            "tests-fail".into(),
            format!(
                "{} of its {} test(s) do not pass ({}){first}",
                failing.len(),
                verdicts.len(),
                per.join(", ")
            ),
        ))
    }

    /// What the class file says of it: a kind and a sentence, or `None`.
    fn by_class_file(&self, class: &str, m: &MethodCoverage) -> Option<(&'static str, String)> {
        if let Some(enclosing) = m.name.strip_prefix("lambda$") {
            let enclosing = enclosing.rsplit_once('$').map_or(enclosing, |(e, _)| e);
            let enclosing = match enclosing {
                "static" => "the static initialiser",
                "new" => "a constructor",
                other => other,
            };
            return Some((
                "lambda",
                format!("a lambda body: it runs inside {enclosing}, whose tests did not run it"),
            ));
        }
        if m.name == "<clinit>" {
            return Some((
                "static-initialiser",
                "a static initialiser: it runs when the class loads, and the tests did not load the class".into(),
            ));
        }
        let info = self.hierarchy.class(class)?;
        if m.name == "<init>" && info.anonymous_or_local {
            return Some((
                "anonymous-constructor",
                "the constructor of an anonymous or local class runs where the class is declared; no test runs that code".into(),
            ));
        }
        let access = info.method(&m.name, &m.descriptor)?.access;
        if access & (ACC_BRIDGE | ACC_SYNTHETIC) != 0 {
            return Some((
                "synthetic",
                "generated by the compiler (bridge or synthetic)".into(),
            ));
        }
        if access & ACC_PRIVATE != 0 {
            return Some((
                "private",
                "private: it runs inside the methods that call it, whose tests did not reach it"
                    .into(),
            ));
        }
        if !info.accessible_from(package_of(class)) {
            return Some((
                "inaccessible-class",
                "its class cannot be named by a test in its package (private, or nested in a class that is)".into(),
            ));
        }
        if access & ACC_PUBLIC == 0 {
            return Some((
                "not-public",
                "not public: the plan takes public methods and constructors only".into(),
            ));
        }
        None
    }
}

impl Why for Explainer {
    fn why(&self, class: &str, m: &MethodCoverage) -> (String, String) {
        let k = key(&dotted(class), &m.name, &m.descriptor);
        if self.is_entry_point(class, &m.name, &m.descriptor) {
            return (
                "entry-point".into(),
                "the program's entry point: the workload, not unit-tested".into(),
            );
        }
        if let Some(found) = self.tests_of(&k) {
            return found;
        }
        if let Some(reason) = self.gaps.get(&k) {
            return (
                format!("no-test:{}", reason.id()),
                format!("no test generated: {}", reason.sentence()),
            );
        }
        if let Some((kind, sentence)) = self.by_class_file(class, m) {
            return (kind.into(), sentence);
        }
        match self.planned.as_ref().map(|p| p.get(&k)) {
            Some(Some(0)) => (
                "not-recorded".into(),
                "planned, but the recording holds no invocation of it (the recorded run did not reach it, or the agent left its class uninstrumented: see the agent's log)".into(),
            ),
            Some(Some(n)) => (
                "not-generated".into(),
                format!("{n} invocation(s) recorded, but the tests' manifest does not name it: generate the tests again from the store"),
            ),
            Some(None) => (
                "not-planned".into(),
                "not in the plan (`mimic targets --explain` says why; rick's mode takes methods with mockable calls, `--all` every public method a test can call)".into(),
            ),
            None => (
                "no-test".into(),
                "no test was generated for it (the tests' manifest or the trace store is not at hand to say why)".into(),
            ),
        }
    }

    fn is_entry_point(&self, class: &str, name: &str, descriptor: &str) -> bool {
        name == "main"
            && descriptor == "([Ljava/lang/String;)V"
            && self
                .hierarchy
                .class(class)
                .and_then(|c| {
                    c.method(name, descriptor)
                        .map(|m| m.access & ACC_STATIC != 0)
                })
                .unwrap_or(true)
    }

    /// The source lines of a method's code (its LineNumberTable), read from its class
    /// file; empty when the class or the method is not found or has no line numbers.
    fn lines(&self, class: &str, name: &str, descriptor: &str) -> Vec<u32> {
        use mimic_classfile::{ClassFile, CodeAttribute};
        let Some(found) = self.hierarchy.source().find(class) else {
            return Vec::new();
        };
        let Ok(file) = ClassFile::parse(&found.bytes) else {
            return Vec::new();
        };
        let cp = &file.constant_pool;
        let method = file.methods.iter().find(|m| {
            m.name(cp).is_ok_and(|n| n == name) && m.descriptor(cp).is_ok_and(|d| d == descriptor)
        });
        let Some(code) = method
            .and_then(|m| m.attribute(cp, "Code"))
            .and_then(|a| CodeAttribute::parse(&a.data, cp).ok())
        else {
            return Vec::new();
        };
        let mut lines: Vec<u32> = code
            .line_numbers(cp)
            .iter()
            .map(|(_, l)| *l as u32)
            .collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    }

    fn is_mut(&self, class: &str, name: &str, descriptor: &str) -> bool {
        let k = key(&dotted(class), name, descriptor);
        self.tests.contains_key(&k) || self.gaps.contains_key(&k)
    }
}
