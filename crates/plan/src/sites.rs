//! From a plan to the ids the instrumentation uses: every physical call site (class,
//! method, offset) gets one site id for its bridge, and each site knows which MUTs it
//! belongs to and as which of their plan calls (a helper's site can serve several MUTs).

use std::collections::BTreeMap;

use crate::plan::{MockableCall, Plan};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{
        DeeperCall, MethodRef, Mut, Receiver, Returns, Summary, PLAN_SCHEMA_VERSION,
    };

    fn call(offset: u32, field: &str) -> MockableCall {
        MockableCall {
            offset,
            line: None,
            owner: "shop.Ledger".into(),
            name: "post".into(),
            descriptor: "(I)V".into(),
            instruction: "invokeinterface".into(),
            receiver: Receiver::Field {
                name: field.into(),
                declared_type: "shop.Ledger".into(),
                is_static: false,
            },
            returns: Returns::Void,
            new_offset: None,
            returns_mock: None,
            discarded: false,
            method_reference: false,
            package_private: false,
            protected: false,
            mock_args: Vec::new(),
        }
    }

    fn mut_(method: &str, direct: Vec<MockableCall>, deeper: Vec<DeeperCall>) -> Mut {
        Mut {
            class: "shop.Checkout".into(),
            method: method.into(),
            descriptor: "()V".into(),
            line: None,
            is_static: false,
            mockable_calls: direct,
            deeper_calls: deeper,
            param_names: vec![],
            static_reads: vec![],
            collaborator_fields: vec![],
            delegation: false,
            constructions: Vec::new(),
            param_fields: Vec::new(),
            outer_instance: false,
            called_through: None,
            thresholds: Vec::new(),
            getters: Vec::new(),
            field_constructor: None,
            runs_params: Vec::new(),
            runs_fields: Vec::new(),
            overridden_by: Vec::new(),
            recursive: false,
            reads: None,
        }
    }

    fn helper_call(offset: u32) -> DeeperCall {
        DeeperCall {
            via: MethodRef {
                class: "shop.Checkout".into(),
                method: "log".into(),
                descriptor: "()V".into(),
            },
            call: call(offset, "ledger"),
            only_in: Vec::new(),
        }
    }

    fn plan(muts: Vec<Mut>) -> Plan {
        Plan {
            schema_version: PLAN_SCHEMA_VERSION,
            classpath: vec![],
            project_packages: vec!["shop".into()],
            muts,
            unparsed: vec![],
            summary: Summary::default(),
            not_muts: vec![],
        }
    }

    #[test]
    fn a_helper_site_shared_by_two_muts_is_one_site_with_two_uses() {
        let p = plan(vec![
            mut_("pay", vec![call(3, "ledger")], vec![helper_call(7)]),
            mut_("refund", vec![call(5, "ledger")], vec![helper_call(7)]),
        ]);
        let table = SiteTable::from_plan(&p);
        // log()V@7 sorts before pay and refund (by method name), then pay@3, refund@5.
        let keys: Vec<(&str, u32)> = table
            .sites
            .iter()
            .map(|s| (s.key.method.as_str(), s.key.offset))
            .collect();
        assert_eq!(keys, vec![("log", 7), ("pay", 3), ("refund", 5)]);
        assert_eq!(table.sites[0].uses, vec![(0, 1), (1, 1)]);
        // The shared site is plan call 1 of both MUTs; a site of another MUT is none.
        assert_eq!(table.plan_call(0, 0), Some(1));
        assert_eq!(table.plan_call(0, 1), Some(1));
        assert_eq!(table.plan_call(1, 1), None);
        assert_eq!(table.plan_call(99, 0), None);
    }

    #[test]
    fn numbering_is_independent_of_mut_order_for_keys() {
        let a = SiteTable::from_plan(&plan(vec![
            mut_("a", vec![call(1, "x")], vec![]),
            mut_("b", vec![call(2, "y")], vec![]),
        ]));
        let b = SiteTable::from_plan(&plan(vec![
            mut_("b", vec![call(2, "y")], vec![]),
            mut_("a", vec![call(1, "x")], vec![]),
        ]));
        let keys = |t: &SiteTable| t.sites.iter().map(|s| s.key.clone()).collect::<Vec<_>>();
        assert_eq!(keys(&a), keys(&b));
    }
}
