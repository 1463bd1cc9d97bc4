//! What a snapshot's visit of an object asks to be recorded of it, and whether an
//! earlier visit of the same object already recorded that.
//!
//! A snapshot records an object once, with the read tree ([`ReadNode`]) of the path it
//! was first reached by; later paths to it are references. When two read paths of a
//! method meet at one object (a JDOM iterator's `this$0` and its filter list's `this$0`
//! are the same list, each reading other fields of it), what the second path reads
//! must be recorded too, or the test rebuilds the object without it. The walk notes
//! such a visit's demand ([`Demand`]), and [`crate::snapshot::capture_special`] walks
//! the value again with each such object guided by every demand made of it.

use mimic_plan::ReadNode;

/// A visit's guide as the walk holds it: the read tree below the object, and whether
/// an object above it is used whole; `None`: unguided (the object is used whole, its
/// fields recorded to the depth limit).
pub type Guide<'a> = Option<(&'a ReadNode, bool)>;

/// What a visit with `guide` asks of its object, as one read tree (`whole` for an
/// unguided visit or one under an object used whole).
pub fn demand(guide: Guide) -> ReadNode {
    match guide {
        None => ReadNode {
            whole: true,
            ..ReadNode::default()
        },
        Some((g, whole)) => {
            let mut d = g.clone();
            d.whole |= whole;
            d
        }
    }
}

/// Did a visit with guide `first` record everything a visit with `then` asks for?
/// (An unguided visit records every field, to the depth limit: it covers a demand that
/// names no field; one naming fields wants them followed past that limit.)
pub fn covers(first: Guide, then: Guide) -> bool {
    match (first, then) {
        (_, None) => first.is_none() || first.is_some_and(|(g, w)| w || g.whole),
        (None, Some((g, _))) => g.fields.is_empty(),
        (Some((f, fw)), Some((g, gw))) => node_covers(f, fw, g, gw),
    }
}

fn node_covers(first: &ReadNode, first_whole: bool, then: &ReadNode, then_whole: bool) -> bool {
    if std::ptr::eq(first, then) && first_whole == then_whole {
        return true;
    }
    let fw = first_whole || first.whole;
    let tw = then_whole || then.whole;
    if (tw && !fw) || (then.literals && !first.literals && !fw) {
        return false;
    }
    then.fields
        .iter()
        .all(|(name, child)| match first.fields.get(name) {
            Some(f) => node_covers(f, fw, child, tw),
            None => fw && child.fields.is_empty(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(fields: &[&str]) -> ReadNode {
        let mut n = ReadNode::default();
        for f in fields {
            n.at(&[f.to_string()]);
        }
        n
    }

    #[test]
    fn a_second_path_reading_other_fields_is_not_covered() {
        let first = tree(&["dataModiCount", "elementData"]);
        let then = tree(&["sizeModCount"]);
        assert!(!covers(Some((&first, false)), Some((&then, false))));
        assert!(covers(Some((&first, false)), Some((&first, false))));
        let both = {
            let mut d = demand(Some((&first, false)));
            d.graft(&demand(Some((&then, false))));
            d
        };
        assert!(covers(Some((&both, false)), Some((&then, false))));
    }

    #[test]
    fn a_whole_visit_covers_plain_demands_not_guided_ones() {
        let empty = ReadNode::default();
        let deep = tree(&["items"]);
        assert!(covers(None, None));
        assert!(covers(None, Some((&empty, false))));
        assert!(!covers(None, Some((&deep, false))));
        assert!(!covers(Some((&deep, false)), None));
        assert!(covers(Some((&deep, true)), None));
        assert!(demand(None).whole);
        assert!(demand(Some((&deep, true))).whole);
    }
}
