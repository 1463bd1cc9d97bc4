//! The `mimic` binary.
fn main() {}
