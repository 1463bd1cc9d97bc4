//! From a plan to the ids the instrumentation uses: every physical call site (class,
//! method, offset) gets one site id for its bridge, and each site knows which MUTs it
//! belongs to and as which of their plan calls (a helper's site can serve several MUTs).

use std::collections::BTreeMap;

use mimic_analysis::plan::{MockableCall, Plan};

/// A bytecode location: class (dotted), method name, descriptor, offset.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SiteKey {
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub offset: u32,
}

/// One physical site and the (MUT index, plan call index) pairs it records for.
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    pub key: SiteKey,
    pub uses: Vec<(u32, u32)>,
}

/// All sites of a plan, numbered from 0 in a deterministic order.
#[derive(Debug, Clone, Default)]
pub struct SiteTable {
    pub sites: Vec<Site>,
}

impl SiteTable {
    pub fn from_plan(plan: &Plan) -> SiteTable {
        let mut by_key: BTreeMap<SiteKey, Vec<(u32, u32)>> = BTreeMap::new();
        for (m, mt) in plan.muts.iter().enumerate() {
            let direct = mt.mockable_calls.iter().map(|c| {
                (
                    mt.class.clone(),
                    mt.method.clone(),
                    mt.descriptor.clone(),
                    c,
                )
            });
            let deeper = mt.deeper_calls.iter().map(|d| {
                (
                    d.via.class.clone(),
                    d.via.method.clone(),
                    d.via.descriptor.clone(),
                    &d.call,
                )
            });
            for (k, (class, method, descriptor, call)) in direct.chain(deeper).enumerate() {
                let call: &MockableCall = call;
                let key = SiteKey {
                    class,
                    method,
                    descriptor,
                    offset: call.offset,
                };
                by_key.entry(key).or_default().push((m as u32, k as u32));
            }
        }
        SiteTable {
            sites: by_key
                .into_iter()
                .map(|(key, uses)| Site { key, uses })
                .collect(),
        }
    }

    /// The plan call a site stands for inside an invocation of MUT `mut_index`.
    pub fn plan_call(&self, site_id: u32, mut_index: u32) -> Option<u32> {
        self.sites
            .get(site_id as usize)?
            .uses
            .iter()
            .find(|(m, _)| *m == mut_index)
            .map(|(_, c)| *c)
    }
}
