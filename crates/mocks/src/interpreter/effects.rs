//! What the mock analysis of a method records, once the engine has walked it: the
//! method's result ([`Mocks::finish`]), mock-holding values written into containers and
//! fields, lambdas that capture mocks, and the effects of calls into test code
//! (interprocedural: what the callee does with its parameters and returns).

use super::*;

impl Mocks<'_, '_> {
    /// `v`, noted as touched by the method.
    pub(super) fn seen(&mut self, v: Value) -> Value {
        self.obs.seen |= v.flags;
        v
    }

    /// The global id of a field (by its declaring class), if it holds references.
    pub(super) fn reference_field(&mut self, r: &MemberRef) -> Option<u32> {
        let t = FieldType::parse(&r.descriptor).ok()?;
        let declarer = self.ctx.program.field_declarer(&r.owner, &r.name);
        let id = self
            .ctx
            .facts
            .names
            .intern(&format!("{declarer}.{}", r.name));
        t.is_reference().then_some(id)
    }

    /// The method's result from what the engine's visits observed; `insns` are all of its
    /// instructions, reachable or not.
    pub(super) fn finish(self, insns: &[Instruction], problem: Option<String>) -> MethodResult {
        let Mocks {
            ctx,
            class,
            mut obs,
            ..
        } = self;
        let program = ctx.program;
        let cp = &program.classes[class as usize].file.constant_pool;
        let mut result = MethodResult {
            problem,
            seen: obs.seen,
            ..MethodResult::default()
        };
        let at =
            |m: &BTreeMap<u32, Value>, offset: u32| m.get(&offset).copied().unwrap_or_default();
        for (i, insn) in insns.iter().enumerate() {
            let Some(pool) = pool_index(insn) else {
                continue;
            };
            let site = |kind, r: MemberRef, receiver| Site {
                index: i,
                offset: insn.offset,
                kind,
                owner: r.owner,
                name: r.name,
                descriptor: r.descriptor,
                receiver,
            };
            match insn.opcode {
                INVOKEVIRTUAL | INVOKESPECIAL | INVOKEINTERFACE => {
                    let Ok(r) = cp.member_ref(pool) else { continue };
                    result.instance_invokes += 1;
                    if r.name == "<init>" {
                        continue;
                    }
                    result
                        .sites
                        .push(site(SiteKind::Instance, r, at(&obs.receivers, insn.offset)));
                }
                INVOKESTATIC if at(&obs.statics, insn.offset).is_mock() => {
                    let Ok(r) = cp.member_ref(pool) else { continue };
                    result.sites.push(site(
                        SiteKind::StaticMocked,
                        r,
                        at(&obs.statics, insn.offset),
                    ));
                }
                INVOKEDYNAMIC if at(&obs.method_refs, insn.offset).is_mock() => {
                    let bootstraps = &program.classes[class as usize].bootstraps;
                    let Some(t) = lambda_target(cp, bootstraps, pool) else {
                        continue;
                    };
                    result.sites.push(site(
                        SiteKind::MethodReference,
                        t.method,
                        at(&obs.method_refs, insn.offset),
                    ));
                }
                _ => {}
            }
            if let Some(&via) = obs.creations.get(&insn.offset).filter(|&&v| v != 0) {
                result.creations.push((insn.offset, via));
            }
        }
        result.container_writes = obs
            .writes
            .iter()
            .filter(|(_, &w)| w != 0)
            .map(|(&offset, &w)| (offset, w))
            .collect();
        obs.reads.sort_unstable_by_key(key_order);
        obs.reads.dedup();
        result.reads = obs.reads;
        result
    }

    /// object to fields and to the caller's argument.
    pub(super) fn fill(&mut self, st: &mut State, v: &Value, flags: u8, via: u32) {
        if flags == 0 || v.alloc == 0 {
            return;
        }
        self.obs.seen |= flags;
        st.fill(v, flags, via);
        let contents = st.contents(v);
        if v.alloc >= PARAM_BASE && self.ctx.interprocedural {
            let slot = (v.alloc - PARAM_BASE) as usize;
            self.ctx
                .facts
                .write_param_effect(self.method, slot, contents);
        }
        if let Some(field) = st.links.get(v.alloc) {
            let fv = Value::with_flags(contents.flags, contents.via);
            st.fields.join_with(field, fv, Value::join);
            if self.initializer {
                self.ctx.facts.write_field(field, fv);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn containers(
        &mut self,
        offset: u32,
        call: &CallInfo,
        receiver: Option<&Value>,
        args: &[Value],
        resolved_args: &[Value],
        st: &mut State,
        res: &mut Value,
    ) {
        let write_flags = |k: usize, a: &Value, st: &State| -> (u8, u32) {
            if call.bulk_args.get(k).copied().unwrap_or(false) {
                let c = st.contents(a);
                (copy_flags(&c, COLL), c.via)
            } else {
                (element_write_flags(a, COLL), a.via)
            }
        };
        match call.container {
            ContainerOp::None => {}
            ContainerOp::Write => {
                if let Some(r) = receiver {
                    for (k, a) in resolved_args.iter().enumerate() {
                        let (flags, via) = write_flags(k, a, st);
                        if flags != 0 {
                            *self.obs.writes.entry(offset).or_default() |= COLL;
                            self.fill(st, r, flags, via);
                        }
                    }
                    if call.ret_reference && call.name != "<init>" {
                        let c = st.contents(r);
                        res.add(element_flags(&c), c.via);
                    }
                }
            }
            // An element read from the receiver (`list.get(i)`) or from the first argument
            // of a static helper (`Collections.max(list)`).
            op @ (ContainerOp::Read | ContainerOp::StaticRead) => {
                let source = if op == ContainerOp::Read {
                    receiver
                } else {
                    args.first()
                };
                if let Some(r) = source {
                    let c = st.contents(r);
                    let f = element_flags(&c);
                    if f != 0 {
                        let via = self.ctx.facts.derive_via("collection element", c.via);
                        res.add(f, via);
                    }
                }
            }
            ContainerOp::View => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    res.add(copy_flags(&c, COLL), c.via);
                }
            }
            ContainerOp::Entries => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    if c.flags != 0 {
                        res.add(NESTED, c.via);
                    }
                }
            }
            ContainerOp::ToArray => {
                if let Some(r) = receiver {
                    let c = st.contents(r);
                    let f = copy_flags(&c, ARRAY);
                    res.add(f, c.via);
                    if let Some(a) = args.first() {
                        self.fill(st, a, f, c.via);
                    }
                }
            }
            ContainerOp::Build => {
                for (k, a) in resolved_args.iter().enumerate() {
                    let (flags, via) = write_flags(k, a, st);
                    res.add(flags, via);
                }
            }
            ContainerOp::StaticWrite => {
                if let Some(target) = args.first() {
                    let bit = if call.owner == "java/util/Arrays" {
                        ARRAY
                    } else {
                        COLL
                    };
                    for (k, a) in resolved_args.iter().enumerate().skip(1) {
                        let (flags, via) = write_flags(k, a, st);
                        let flags = if bit == ARRAY && flags & COLL != 0 {
                            (flags & !COLL) | ARRAY
                        } else {
                            flags
                        };
                        if flags != 0 {
                            *self.obs.writes.entry(offset).or_default() |= bit;
                            self.fill(st, target, flags, via);
                        }
                    }
                }
            }
            ContainerOp::Identity => {
                if let Some(a) = resolved_args.first() {
                    *res = *a;
                    res.alloc = args[0].alloc;
                }
            }
        }
        // Lambdas handed to a container (`forEach`, `removeIf`, stream operations) see
        // its elements as their own parameters.
        if self.ctx.interprocedural {
            if let Some(r) = receiver {
                let c = st.contents(r);
                let f = element_flags(&c);
                if f != 0 {
                    for a in args.iter().filter(|a| a.lambda != 0) {
                        let via = self.ctx.facts.derive_via("collection element", c.via);
                        self.lambda_elements(a.lambda - 1, Value::with_flags(f, via));
                    }
                }
            }
        }
    }

    /// Gives the non-captured parameters of lambda body `target` the value `v`.
    pub(super) fn lambda_elements(&mut self, target: MethodId, v: Value) {
        let program = self.ctx.program;
        let (_, m) = program.method(target);
        let Ok(md) = MethodDescriptor::parse(&m.descriptor) else {
            return;
        };
        let captured = self
            .ctx
            .facts
            .lambda_captured
            .get(&target)
            .copied()
            .unwrap_or(0);
        let mut slot = usize::from(!m.is_static());
        for p in &md.params {
            if slot >= captured && p.is_reference() {
                self.ctx.facts.write_param(target, slot, v);
            }
            slot += p.slots() as usize;
        }
    }

    pub(super) fn propagate_into_test_code(
        &mut self,
        call: &Rc<CallInfo>,
        receiver: Option<&Value>,
        args: &[Value],
        resolved_args: &[Value],
        st: &mut State,
        res: &mut Value,
    ) {
        let program = self.ctx.program;
        // A call on a mock reaches the mock, not any test-code implementation.
        if receiver.is_some_and(|r| st.resolved(r).is_mock()) {
            return;
        }
        for &t in &call.targets {
            let labels = self.ctx.calls.labels(program, t);
            // The callee's `this` is never a mock: a call on a mock does not get here.
            let mut slot = usize::from(receiver.is_some());
            let mut arg_slot = Vec::with_capacity(args.len());
            for (k, a) in resolved_args.iter().enumerate() {
                arg_slot.push(slot);
                if a.flags != 0 || a.lambda != 0 {
                    let via = self.ctx.facts.derive_via(&labels.1, a.via);
                    self.ctx.facts.write_param(t, slot, Value { via, ..*a });
                }
                slot += call.arg_slots[k] as usize;
            }
            if self.initializer {
                self.ctx.facts.mark_initializer(t);
            }
            self.obs.reads.push(Key::Return(t));
            self.obs.reads.push(Key::ParamEffects(t));
            let ret = self.ctx.facts.returns[t as usize];
            if ret.flags != 0 {
                let via = self.ctx.facts.derive_via(&labels.0, ret.via);
                res.add(ret.flags, via);
            }
            let effects = self.ctx.facts.param_effects[t as usize].clone();
            for (s, c) in effects.iter().enumerate() {
                if c.flags == 0 {
                    continue;
                }
                let target = if receiver.is_some() && s == 0 {
                    receiver.copied()
                } else {
                    arg_slot.iter().position(|&x| x == s).map(|k| args[k])
                };
                if let Some(v) = target {
                    self.fill(st, &v, c.flags, c.via);
                }
            }
        }
    }
}
