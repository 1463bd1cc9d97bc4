//! The abstract values the interpreter tracks for every local and operand-stack slot:
//! mock bits (the value may be a mock, a mock-holding array or collection), where the
//! mockness came from (`via`), and the identity of the object (its defining instruction)
//! so that writes into an array or collection reach every copy of the reference.

/// The value may be a mock object.
pub const MOCK: u8 = 1;
/// The value is an array whose elements may be mocks.
pub const ARRAY: u8 = 2;
/// The value is a collection, map, iterator, stream or `Optional` whose elements may be mocks.
pub const COLL: u8 = 4;
/// The elements of this container may themselves be containers holding mocks.
pub const NESTED: u8 = 8;
/// `BDDMockito.then(mock)`: calling `should()` on it returns the mock.
pub const VERIFIER: u8 = 16;
/// `EasyMock.createControl()` / `partialMockBuilder(…)`: its `createMock`/`mock` return mocks.
pub const FACTORY: u8 = 32;

/// Bits that say "this holds mocks somewhere inside".
pub const CONTAINER: u8 = ARRAY | COLL | NESTED;

/// One abstract value. `Value::default()` is "nothing known": not a mock, no identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Value {
    /// Any of the bit constants above.
    pub flags: u8,
    /// Interned description of the pattern that made it a mock (0 = none).
    pub via: u32,
    /// Identity of the object: 1 + the offset of the instruction that defined it, or a
    /// parameter identity (0 = none, e.g. primitives).
    pub alloc: u32,
    /// For `ldc Foo.class`: interned class name + 1 (0 = none).
    pub class_literal: u32,
    /// For `invokedynamic` lambdas/method references into test code: global method id + 1.
    pub lambda: u32,
}

impl Value {
    pub const NONE: Value = Value {
        flags: 0,
        via: 0,
        alloc: 0,
        class_literal: 0,
        lambda: 0,
    };

    pub fn with_flags(flags: u8, via: u32) -> Value {
        Value {
            flags,
            via: if flags == 0 { 0 } else { via },
            ..Value::NONE
        }
    }

    pub fn is_mock(&self) -> bool {
        self.flags & MOCK != 0
    }

    /// Least upper bound. Identities and literals that disagree are dropped, except the
    /// allocation identity, which keeps the smaller one (a may-analysis approximation).
    pub fn join(&self, other: &Value) -> Value {
        let flags = self.flags | other.flags;
        Value {
            flags,
            via: join_via(self.via, other.via),
            alloc: match (self.alloc, other.alloc) {
                (0, b) => b,
                (a, 0) => a,
                (a, b) => a.min(b),
            },
            class_literal: if self.class_literal == other.class_literal {
                self.class_literal
            } else {
                0
            },
            lambda: self.lambda.max(other.lambda),
        }
    }

    /// Adds `flags` with `via` (keeping an existing via).
    pub fn add(&mut self, flags: u8, via: u32) {
        if flags & !self.flags != 0 {
            self.flags |= flags;
            self.via = join_via(self.via, via);
        }
    }
}

/// Deterministic, monotone choice between two vias: the earliest interned wins.
pub fn join_via(a: u32, b: u32) -> u32 {
    match (a, b) {
        (0, b) => b,
        (a, 0) => a,
        (a, b) => a.min(b),
    }
}

/// What a container object (identified by its allocation) is known to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Contents {
    /// `ARRAY`, `COLL`, `NESTED` bits.
    pub flags: u8,
    pub via: u32,
}

impl Contents {
    pub fn join(&self, other: &Contents) -> Contents {
        Contents {
            flags: self.flags | other.flags,
            via: join_via(self.via, other.via),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_is_monotone_and_commutative() {
        let a = Value::with_flags(MOCK, 3);
        let b = Value {
            alloc: 7,
            ..Value::with_flags(COLL, 2)
        };
        assert_eq!(a.join(&b), b.join(&a));
        let j = a.join(&b);
        assert_eq!(j.flags, MOCK | COLL);
        assert_eq!(j.via, 2);
        assert_eq!(j.alloc, 7);
        assert_eq!(j.join(&j), j);
        assert!(!Value::NONE.is_mock());
    }
}
