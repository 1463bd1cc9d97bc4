//! A body per return type for the replacement tests, covering every kind of constant body
//! the rewriter can emit (the real operator set is `mutate`'s; these tests check that each
//! kind of body links and verifies, not which one Descartes would pick).

use mimic_classfile::FieldType;
use mimic_instrument::BodyReplacement;
use mimic_rewrite::replace::Replacement;

fn every_kind(ret: Option<&FieldType>) -> Option<Replacement> {
    use FieldType::*;
    Some(match ret {
        None => Replacement::Empty,
        Some(Boolean) => Replacement::Int(1),
        Some(Byte | Short | Int) => Replacement::Int(0),
        Some(Char) => Replacement::Int(' ' as i32),
        Some(Long) => Replacement::Long(0),
        Some(Float) => Replacement::Float(0.1),
        Some(Double) => Replacement::Double(0.1),
        Some(Object(n)) if n == "java/lang/String" => Replacement::String("A".into()),
        Some(Array(_)) => Replacement::EmptyArray,
        Some(Object(_)) => Replacement::Null,
    })
}

/// Every `n`-th method gets a body of its return type's kind.
pub fn every_nth(n: usize) -> Option<BodyReplacement> {
    Some(BodyReplacement {
        every_nth: n,
        body_for: every_kind,
    })
}
