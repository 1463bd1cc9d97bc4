//! The agent's process-wide state, set once at load: options, the plan and its
//! instrumentation, the declared types of every MUT and call site (to unbox what the
//! probes box), per-MUT counters (with the distinct invocations recorded), the global
//! byte budget, the JDK handles (from VMInit),
//! the class-info cache and the writer.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use jvmti_bindings::env::Jvmti;
use jvmti_bindings::sys::jvmti;
use mimic_classfile::{FieldType, MethodDescriptor};
use mimic_instrument::PlanInstrumentation;
use mimic_plan::Plan;

use crate::classinfo::{Classes, Prim};
use crate::jdk::Jdk;
use crate::options::Options;
use crate::snapshot::{Declared, Limits};
use crate::writer::Writer;

/// Declared parameter and return types of a MUT or a called method.
#[derive(Debug, Clone, Default)]
pub struct Signature {
    pub params: Vec<Declared>,
    /// None for void.
    pub ret: Option<Declared>,
    /// A MUT's static reads (`Mut::static_reads`), whose values the `enter` probe's
    /// `Object[]` holds after the arguments.
    pub statics: Vec<Declared>,
}

fn declared(t: &FieldType) -> Declared {
    match t.descriptor().as_bytes() {
        [c] => Prim::from_descriptor(*c).map_or(Declared::Reference, Declared::Prim),
        _ => Declared::Reference,
    }
}

impl Signature {
    pub fn parse(descriptor: &str) -> Signature {
        match MethodDescriptor::parse(descriptor) {
            Ok(d) => Signature {
                params: d.params.iter().map(declared).collect(),
                ret: d.ret.as_ref().map(declared),
                statics: Vec::new(),
            },
            Err(_) => Signature::default(),
        }
    }

    /// A MUT's signature, its static reads' declared types included.
    pub fn of_mut(m: &mimic_plan::Mut) -> Signature {
        let parsed = Signature::parse(&m.descriptor);
        Signature {
            // A constructor's invocation ends with the object it built.
            ret: if m.is_constructor() {
                Some(Declared::Reference)
            } else {
                parsed.ret
            },
            statics: m
                .static_reads
                .iter()
                .map(|r| {
                    FieldType::parse(&r.descriptor).map_or(Declared::Reference, |t| declared(&t))
                })
                .collect(),
            ..parsed
        }
    }
}

#[derive(Default)]
pub struct MutCounter {
    /// Invocations seen (recorded or not).
    pub seen: AtomicU64,
    /// Invocations recorded: the next record's `seq`.
    pub recorded: AtomicU64,
    /// Distinct invocations recorded (as told apart by [`Distinct`]), counted up to the
    /// `distinct` option only.
    pub distinct: AtomicU64,
    pub keys: Mutex<HashSet<u64>>,
}

impl MutCounter {
    /// Count a completed recorded invocation; `limit` is the `distinct` option.
    pub fn count_distinct(&self, limit: u64, key: impl FnOnce() -> u64) {
        if limit == 0 || self.distinct.load(Ordering::Relaxed) >= limit {
            return;
        }
        let key = key();
        if let Ok(mut keys) = self.keys.lock() {
            if keys.insert(key) {
                self.distinct.store(keys.len() as u64, Ordering::Relaxed);
            }
        }
    }
}

pub struct State {
    pub options: Options,
    pub plan: std::sync::Arc<Plan>,
    pub instrumentation: PlanInstrumentation,
    pub mut_sigs: Vec<Signature>,
    pub site_sigs: Vec<Signature>,
    pub counters: Vec<MutCounter>,
    pub next_id: AtomicU64,
    pub budget_used: AtomicU64,
    /// Invocations begun once the budget was spent: recorded without their values.
    pub budget_spent_invocations: AtomicU64,
    /// True once the probe class is defined and its natives bound; false after VMDeath.
    pub recording: AtomicBool,
    /// True once the probe class exists: only then may classes be rewritten to call it.
    pub probe_ready: AtomicBool,
    pub jvmti: AtomicPtr<jvmti::jvmtiEnv>,
    pub jdk: OnceLock<Jdk>,
    pub classes: Classes,
    /// Limit reasons, formatted once.
    pub limits: Limits,
    pub writer: Writer,
    /// Per MUT, per parameter: the redaction rule its source name matches.
    pub param_secrets: Vec<Vec<Option<String>>>,
    /// Per MUT, per static read: the redaction rule the field's name matches.
    pub static_secrets: Vec<Vec<Option<String>>>,
    /// Per site: the call reads a value of the process by name (`System.getenv(name)`),
    /// so its result is redacted when the name is a secret's.
    pub site_names_value: Vec<bool>,
    pub redactions: crate::redaction::Redactions,
}

static STATE: OnceLock<State> = OnceLock::new();

pub fn get() -> Option<&'static State> {
    STATE.get()
}

pub fn set(state: State) -> Result<(), &'static str> {
    STATE.set(state).map_err(|_| "the agent is already loaded")
}

impl State {
    pub fn new(
        options: Options,
        plan: std::sync::Arc<Plan>,
        instrumentation: PlanInstrumentation,
        writer: Writer,
    ) -> State {
        let mut_sigs = plan.muts.iter().map(Signature::of_mut).collect();
        let site_calls: Vec<Option<&mimic_plan::MockableCall>> = instrumentation
            .site_table()
            .sites
            .iter()
            .map(|site| {
                let (m, c) = site.uses[0];
                plan.muts[m as usize].plan_call(c)
            })
            .collect();
        let site_sigs = site_calls
            .iter()
            .map(|call| {
                call.map(|call| {
                    let sig = Signature::parse(&call.descriptor);
                    // A constructor's bridge returns the object it created.
                    if call.new_offset.is_some() {
                        Signature {
                            ret: Some(Declared::Reference),
                            ..sig
                        }
                    } else {
                        sig
                    }
                })
                .unwrap_or_default()
            })
            .collect();
        let site_names_value = site_calls
            .iter()
            .map(|call| match call.map(|c| &c.receiver) {
                Some(mimic_plan::Receiver::Environment { key, .. }) => {
                    mimic_plan::environment::by_key(key)
                        .is_some_and(mimic_plan::environment::names_its_value)
                }
                _ => false,
            })
            .collect();
        let param_secrets = plan
            .muts
            .iter()
            .map(|m| {
                m.param_names
                    .iter()
                    .map(|n| {
                        n.as_deref()
                            .and_then(|n| options.redaction_rule(n))
                            .map(str::to_string)
                    })
                    .collect()
            })
            .collect();
        let static_secrets = plan
            .muts
            .iter()
            .map(|m| {
                m.static_reads
                    .iter()
                    .map(|r| options.redaction_rule(&r.name).map(str::to_string))
                    .collect()
            })
            .collect();
        State {
            param_secrets,
            static_secrets,
            site_names_value,
            redactions: Default::default(),
            limits: Limits::new(&options),
            counters: plan.muts.iter().map(|_| MutCounter::default()).collect(),
            mut_sigs,
            site_sigs,
            options,
            plan,
            instrumentation,
            next_id: AtomicU64::new(1),
            budget_used: AtomicU64::new(0),
            budget_spent_invocations: AtomicU64::new(0),
            recording: AtomicBool::new(false),
            probe_ready: AtomicBool::new(false),
            jvmti: AtomicPtr::new(std::ptr::null_mut()),
            jdk: OnceLock::new(),
            classes: Classes::default(),
            writer,
        }
    }

    /// The JVMTI environment (valid on every thread).
    pub fn jvmti(&self) -> Option<Jvmti> {
        let p = self.jvmti.load(Ordering::Acquire);
        // SAFETY: set once from the live environment obtained at load; JVMTI environments
        // are global to the VM.
        (!p.is_null()).then(|| unsafe { Jvmti::from_raw(p) })
    }

    pub fn over_budget(&self) -> bool {
        self.budget_used.load(Ordering::Relaxed) >= self.options.budget
    }
}
