//! A frame: the abstract values of the locals and the operand stack before an instruction,
//! and the interpreter's own path state there (see [`crate::Interpreter::State`]).
//! Values are held slot by slot (a `long`/`double` takes two slots: its value, then the
//! interpreter's `unknown` filler), which makes the `dup2`/`pop2` family exact without
//! type information.

use mimic_classfile::MethodDescriptor;

/// Locals and operand stack, one value per slot, and the path state.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame<V, S = ()> {
    pub locals: Vec<V>,
    pub stack: Vec<V>,
    pub state: S,
}

impl<V: Clone> Frame<V> {
    /// The entry frame of a method: `this` (unless static), then `param(i)` per declared
    /// parameter (a two-slot one followed by `filler`), then `filler` up to `max_locals`.
    /// Its state is `()`; give it another with [`Frame::with_state`].
    pub fn entry(
        this: Option<V>,
        descriptor: &MethodDescriptor,
        max_locals: u16,
        mut param: impl FnMut(u16) -> V,
        filler: V,
    ) -> Frame<V> {
        let mut locals: Vec<V> = this.into_iter().collect();
        for (i, p) in descriptor.params.iter().enumerate() {
            locals.push(param(i as u16));
            if p.slots() == 2 {
                locals.push(filler.clone());
            }
        }
        while locals.len() < max_locals as usize {
            locals.push(filler.clone());
        }
        Frame {
            locals,
            stack: Vec::new(),
            state: (),
        }
    }
}

impl<V, S> Frame<V, S> {
    /// The same locals and stack with path state `state`.
    pub fn with_state<T>(self, state: T) -> Frame<V, T> {
        Frame {
            locals: self.locals,
            stack: self.stack,
            state,
        }
    }
}
