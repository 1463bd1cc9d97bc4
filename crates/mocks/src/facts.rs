//! What the whole-test-code fixpoint knows between method analyses: mock-holding fields,
//! what each test-code method returns, what its parameters may hold, what it writes into
//! its parameters' containers, which methods run on behalf of a set-up method; plus the
//! interned labels (`via`) and names. Each change is recorded as a [`Key`] so the driver
//! re-analyses exactly the methods that read it.

use std::collections::HashMap;

use crate::program::MethodId;
use crate::value::{Contents, Value};

/// Strings ↔ dense ids (0 is reserved for "none").
#[derive(Debug, Default)]
pub struct Interner {
    ids: HashMap<String, u32>,
    strings: Vec<String>,
}

impl Interner {
    pub fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        self.strings.push(s.to_string());
        let id = self.strings.len() as u32;
        self.ids.insert(s.to_string(), id);
        id
    }

    pub fn lookup(&self, s: &str) -> Option<u32> {
        self.ids.get(s).copied()
    }

    /// The text of `id` (empty for 0 or unknown ids).
    pub fn text(&self, id: u32) -> &str {
        if id == 0 {
            return "";
        }
        self.strings
            .get(id as usize - 1)
            .map(String::as_str)
            .unwrap_or("")
    }
}

/// A fact other methods may depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    Field(u32),
    Return(MethodId),
    Params(MethodId),
    ParamEffects(MethodId),
}

/// Interprocedural and field facts.
#[derive(Debug, Default)]
pub struct Facts {
    pub vias: Interner,
    pub names: Interner,
    derived: HashMap<(u32, u32), u32>,
    /// Field id (interned `Owner.name`) → what it may hold.
    pub fields: HashMap<u32, Value>,
    /// Per method: its return value.
    pub returns: Vec<Value>,
    /// Per method: per local slot of the entry frame, what callers pass.
    pub params: Vec<Vec<Value>>,
    /// Per method: per entry slot, mocks the method puts into that parameter's container.
    pub param_effects: Vec<Vec<Contents>>,
    /// Per method: runs on behalf of a constructor or set-up method.
    pub initializer: Vec<bool>,
    /// Per lambda body: how many entry slots hold captured values (elements go after).
    pub lambda_captured: HashMap<MethodId, usize>,
    /// Keys changed since the driver last looked.
    pub changed: Vec<Key>,
}

fn join_slot<T: Copy + PartialEq>(
    slots: &mut Vec<T>,
    slot: usize,
    value: T,
    zero: T,
    join: impl Fn(&T, &T) -> T,
) -> bool {
    if slots.len() <= slot {
        slots.resize(slot + 1, zero);
    }
    let j = join(&slots[slot], &value);
    if j != slots[slot] {
        slots[slot] = j;
        true
    } else {
        false
    }
}

/// Strips method-local identities before a value crosses a method boundary.
pub fn portable(v: Value) -> Value {
    Value {
        alloc: 0,
        class_literal: 0,
        ..v
    }
}

impl Facts {
    pub fn new(methods: usize) -> Facts {
        Facts {
            returns: vec![Value::NONE; methods],
            params: vec![Vec::new(); methods],
            param_effects: vec![Vec::new(); methods],
            initializer: vec![false; methods],
            ..Facts::default()
        }
    }

    /// `route ← base`, interned; chains stop growing after three steps.
    pub fn derive_via(&mut self, route: &str, base: u32) -> u32 {
        if base == 0 {
            return 0;
        }
        let route_id = self.vias.intern(route);
        if let Some(&id) = self.derived.get(&(route_id, base)) {
            return id;
        }
        let base_text = self.vias.text(base);
        let id = if base_text.matches(" ← ").count() >= 2 || base_text.starts_with(route) {
            base
        } else {
            let text = format!("{route} ← {base_text}");
            self.vias.intern(&text)
        };
        self.derived.insert((route_id, base), id);
        id
    }

    pub fn field(&self, id: u32) -> Value {
        self.fields.get(&id).copied().unwrap_or(Value::NONE)
    }

    pub fn write_field(&mut self, id: u32, v: Value) {
        let v = portable(v);
        if v.flags == 0 {
            return;
        }
        let e = self.fields.entry(id).or_insert(Value::NONE);
        let j = e.join(&v);
        if j != *e {
            *e = j;
            self.changed.push(Key::Field(id));
        }
    }

    pub fn write_return(&mut self, m: MethodId, v: Value) {
        let v = portable(v);
        let e = &mut self.returns[m as usize];
        let j = e.join(&v);
        if j != *e {
            *e = j;
            self.changed.push(Key::Return(m));
        }
    }

    pub fn write_param(&mut self, m: MethodId, slot: usize, v: Value) {
        let v = portable(v);
        if v.flags == 0 && v.lambda == 0 {
            return;
        }
        if join_slot(
            &mut self.params[m as usize],
            slot,
            v,
            Value::NONE,
            Value::join,
        ) {
            self.changed.push(Key::Params(m));
        }
    }

    pub fn write_param_effect(&mut self, m: MethodId, slot: usize, c: Contents) {
        if c.flags == 0 {
            return;
        }
        if join_slot(
            &mut self.param_effects[m as usize],
            slot,
            c,
            Contents::default(),
            Contents::join,
        ) {
            self.changed.push(Key::ParamEffects(m));
        }
    }

    pub fn mark_initializer(&mut self, m: MethodId) {
        if !self.initializer[m as usize] {
            self.initializer[m as usize] = true;
            self.changed.push(Key::Params(m));
        }
    }
}
