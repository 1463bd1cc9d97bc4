//! The abstract machine state at one program point: locals, operand stack (one entry per
//! slot, so `long`/`double` take two), fields written in this method, what the method's
//! containers hold, and the classes whose statics/constructors are mocked in scope.

use crate::value::{Contents, Value};

/// Small sorted map from a key to a value; states are cloned often, so no hashing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SmallMap<V> {
    entries: Vec<(u32, V)>,
}

impl<V: Copy + PartialEq> SmallMap<V> {
    pub fn get(&self, key: u32) -> Option<V> {
        self.entries
            .binary_search_by_key(&key, |(k, _)| *k)
            .ok()
            .map(|i| self.entries[i].1)
    }

    /// Joins `value` into the entry for `key`; true if it changed.
    pub fn join_with(&mut self, key: u32, value: V, join: impl Fn(&V, &V) -> V) -> bool {
        match self.entries.binary_search_by_key(&key, |(k, _)| *k) {
            Ok(i) => {
                let j = join(&self.entries[i].1, &value);
                if j != self.entries[i].1 {
                    self.entries[i].1 = j;
                    true
                } else {
                    false
                }
            }
            Err(i) => {
                self.entries.insert(i, (key, value));
                true
            }
        }
    }

    pub fn set(&mut self, key: u32, value: V) {
        match self.entries.binary_search_by_key(&key, |(k, _)| *k) {
            Ok(i) => self.entries[i].1 = value,
            Err(i) => self.entries.insert(i, (key, value)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &(u32, V)> {
        self.entries.iter()
    }

    /// Joins every entry of `other` in; true if anything changed.
    pub fn join_all(&mut self, other: &SmallMap<V>, join: impl Fn(&V, &V) -> V) -> bool {
        let mut changed = false;
        for (k, v) in &other.entries {
            changed |= self.join_with(*k, *v, &join);
        }
        changed
    }
}

/// The state before one instruction.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct State {
    pub locals: Vec<Value>,
    pub stack: Vec<Value>,
    /// Fields (global field ids) written in this method so far, with what was written.
    pub fields: SmallMap<Value>,
    /// What the containers allocated/seen in this method hold, by allocation identity.
    pub heap: SmallMap<Contents>,
    /// Classes (interned names) mocked by `mockStatic` in scope: static calls are mock calls.
    pub static_mocks: SmallMap<u32>,
    /// Classes (interned names) mocked by `mockConstruction`: `new` makes a mock.
    pub construction_mocks: SmallMap<u32>,
    /// Allocation identity → the field (id) it was stored in or loaded from, so that
    /// filling the container later also fills the field.
    pub links: SmallMap<u32>,
}

/// Joins each of `others` into the value at the same position; true if any changed.
fn join_values(values: &mut [Value], others: &[Value]) -> bool {
    let mut changed = false;
    for (a, b) in values.iter_mut().zip(others) {
        let j = a.join(b);
        if j != *a {
            *a = j;
            changed = true;
        }
    }
    changed
}

impl State {
    /// Joins `other` into `self`; true if anything changed. Stacks of different heights
    /// (only in malformed code) keep the shorter height.
    pub fn join(&mut self, other: &State) -> bool {
        let mut changed = false;
        if self.stack.len() > other.stack.len() {
            self.stack.truncate(other.stack.len());
            changed = true;
        }
        changed |= join_values(&mut self.stack, &other.stack);
        changed | self.join_as_handler(other)
    }

    /// A fresh handler entry state: `other` with only the caught exception on the stack.
    pub fn for_handler(other: &State) -> State {
        State {
            locals: other.locals.clone(),
            stack: vec![Value::NONE],
            fields: other.fields.clone(),
            heap: other.heap.clone(),
            static_mocks: other.static_mocks.clone(),
            construction_mocks: other.construction_mocks.clone(),
            links: other.links.clone(),
        }
    }

    /// Joins `other` into this handler entry state, ignoring `other`'s stack (and, in
    /// [`State::join`], everything but the stack).
    pub fn join_as_handler(&mut self, other: &State) -> bool {
        let mut changed = false;
        if self.locals.len() < other.locals.len() {
            self.locals.resize(other.locals.len(), Value::NONE);
            changed = true;
        }
        changed |= join_values(&mut self.locals, &other.locals);
        changed |= self.fields.join_all(&other.fields, Value::join);
        changed |= self.heap.join_all(&other.heap, Contents::join);
        changed |= self.static_mocks.join_all(&other.static_mocks, |a, _| *a);
        changed |= self
            .construction_mocks
            .join_all(&other.construction_mocks, |a, _| *a);
        changed |= self.links.join_all(&other.links, |a, b| *a.min(b));
        changed
    }

    /// The container bits of `v`: its own plus what its object is known to hold here.
    pub fn contents(&self, v: &Value) -> Contents {
        let own = Contents {
            flags: v.flags & crate::value::CONTAINER,
            via: v.via,
        };
        match (v.alloc, self.heap.get(v.alloc)) {
            (0, _) | (_, None) => own,
            (_, Some(c)) => own.join(&c),
        }
    }

    /// Records that the object of `v` holds mocks (`flags` are container bits).
    pub fn fill(&mut self, v: &Value, flags: u8, via: u32) {
        if flags == 0 || v.alloc == 0 {
            return;
        }
        self.heap
            .join_with(v.alloc, Contents { flags, via }, Contents::join);
    }

    /// `v` with the container bits its object has here.
    pub fn resolved(&self, v: &Value) -> Value {
        let c = self.contents(v);
        let mut out = *v;
        out.add(c.flags, c.via);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{ARRAY, MOCK};

    #[test]
    fn join_merges_locals_and_heap() {
        let mut a = State {
            locals: vec![Value::NONE, Value::NONE],
            ..State::default()
        };
        let mut b = a.clone();
        b.locals[1] = Value::with_flags(MOCK, 1);
        b.fill(
            &Value {
                alloc: 5,
                ..Value::NONE
            },
            ARRAY,
            2,
        );
        assert!(a.join(&b));
        assert!(!a.join(&b));
        assert!(a.locals[1].is_mock());
        let arr = Value {
            alloc: 5,
            ..Value::NONE
        };
        assert_eq!(a.resolved(&arr).flags, ARRAY);
    }
}
