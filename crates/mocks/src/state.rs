//! What the mock analysis tracks along each path besides locals and operand stack (which
//! `mimic-flow` holds, one [`Value`] per slot): fields written in this method, what the
//! method's containers hold, and the classes whose statics/constructors are mocked in
//! scope. It is the [`mimic_flow::Interpreter::State`] of [`crate::interpreter`]: the
//! engine carries it in each frame and merges it with [`State::join`].

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

/// The path state before one instruction.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct State {
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

impl State {
    /// Joins `other` into `self`; true if anything changed. Where both name a mocked
    /// class, `self`'s via is kept; where both link an allocation, the smaller field id.
    pub fn join(&mut self, other: &State) -> bool {
        let mut changed = self.fields.join_all(&other.fields, Value::join);
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
    fn join_merges_fields_and_heap() {
        let mut a = State::default();
        let mut b = a.clone();
        b.fields.set(3, Value::with_flags(MOCK, 1));
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
        assert!(a.fields.get(3).is_some_and(|v| v.is_mock()));
        let arr = Value {
            alloc: 5,
            ..Value::NONE
        };
        assert_eq!(a.resolved(&arr).flags, ARRAY);
    }
}
