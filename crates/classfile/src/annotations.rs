//! Reading annotation attributes (JVMS 4.7.16–4.7.19): the annotation types present on a
//! class, field, method or method parameter. Element values of any shape are walked over
//! and skipped; only the annotation types are returned. This is the one annotation reader
//! of the workspace (mock detection, target selection and the class hierarchy use it).
//!
//! Two flavours: [`annotation_types`] is strict (a malformed attribute is an error);
//! [`annotation_names`] and [`parameter_annotation_names`] are lenient (a malformed
//! attribute yields what was read before the damage), for analyses that must go on.

use crate::bytes::Reader;
use crate::class_file::Attribute;
use crate::constant_pool::ConstantPool;
use crate::error::Result;

const VISIBLE: &str = "RuntimeVisibleAnnotations";
const INVISIBLE: &str = "RuntimeInvisibleAnnotations";
const VISIBLE_PARAMS: &str = "RuntimeVisibleParameterAnnotations";
const INVISIBLE_PARAMS: &str = "RuntimeInvisibleParameterAnnotations";

/// Deepest nesting of element values accepted (arrays of annotations of arrays…).
const MAX_DEPTH: u32 = 64;

/// Descriptors of the annotation types (`Ljava/lang/Deprecated;`) in the body of a
/// RuntimeVisibleAnnotations or RuntimeInvisibleAnnotations attribute.
pub fn annotation_types(data: &[u8], cp: &ConstantPool) -> Result<Vec<String>> {
    let mut r = Reader::new(data);
    let n = r.u2("num_annotations")?;
    let mut indices = Vec::with_capacity(n as usize);
    for _ in 0..n {
        annotation(&mut r, 0, &mut |i| indices.push(i))?;
    }
    indices.into_iter().map(|i| cp.utf8(i)).collect()
}

/// Internal names (`org/junit/Test`) of the annotations among `attributes` (visible and
/// invisible). Lenient: a malformed attribute contributes what was read before the damage.
pub fn annotation_names(attributes: &[Attribute], cp: &ConstantPool) -> Vec<String> {
    let mut out = Vec::new();
    for a in attributes {
        if cp.utf8_is(a.name_index, VISIBLE) || cp.utf8_is(a.name_index, INVISIBLE) {
            let mut r = Reader::new(&a.data);
            let Ok(n) = r.u2("num_annotations") else {
                continue;
            };
            for _ in 0..n {
                if annotation(&mut r, 0, &mut |i| push_name(cp, i, &mut out)).is_err() {
                    break;
                }
            }
        }
    }
    out
}

/// Per parameter, the internal names of its annotations (visible and invisible merged).
/// Lenient like [`annotation_names`].
pub fn parameter_annotation_names(attributes: &[Attribute], cp: &ConstantPool) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for a in attributes {
        if cp.utf8_is(a.name_index, VISIBLE_PARAMS) || cp.utf8_is(a.name_index, INVISIBLE_PARAMS) {
            let mut r = Reader::new(&a.data);
            let Ok(params) = r.u1("num_parameters") else {
                continue;
            };
            if out.len() < params as usize {
                out.resize(params as usize, Vec::new());
            }
            'params: for slot in out.iter_mut().take(params as usize) {
                let Ok(n) = r.u2("num_annotations") else {
                    break;
                };
                for _ in 0..n {
                    if annotation(&mut r, 0, &mut |i| push_name(cp, i, slot)).is_err() {
                        break 'params;
                    }
                }
            }
        }
    }
    out
}

/// True if the member's visible or invisible annotations include `descriptor`.
pub fn has_annotation(member: &crate::Member, cp: &ConstantPool, descriptor: &str) -> bool {
    member
        .attributes
        .iter()
        .filter(|a| cp.utf8_is(a.name_index, VISIBLE) || cp.utf8_is(a.name_index, INVISIBLE))
        .any(|a| annotation_types(&a.data, cp).is_ok_and(|ts| ts.iter().any(|t| t == descriptor)))
}

/// Pushes the internal name of the class type whose descriptor is at `type_index`.
fn push_name(cp: &ConstantPool, type_index: u16, out: &mut Vec<String>) {
    if let Ok(desc) = cp.utf8(type_index) {
        if let Some(name) = desc.strip_prefix('L').and_then(|d| d.strip_suffix(';')) {
            out.push(name.to_string());
        }
    }
}

/// Reads one annotation, reporting its `type_index` to `on_type` as soon as it is read
/// (so a lenient caller keeps it even when the element values that follow are damaged).
/// Nested annotations (element values of tag `@`) are not reported.
fn annotation(r: &mut Reader, depth: u32, on_type: &mut dyn FnMut(u16)) -> Result<()> {
    let type_index = r.u2("annotation type_index")?;
    on_type(type_index);
    let pairs = r.u2("num_element_value_pairs")?;
    for _ in 0..pairs {
        r.u2("element_name_index")?;
        element_value(r, depth)?;
    }
    Ok(())
}

fn element_value(r: &mut Reader, depth: u32) -> Result<()> {
    if depth > MAX_DEPTH {
        return Err(r.error("element values nested too deeply"));
    }
    let tag = r.u1("element_value tag")?;
    match tag {
        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c' => {
            r.u2("const_value_index")?;
        }
        b'e' => {
            r.u2("type_name_index")?;
            r.u2("const_name_index")?;
        }
        b'@' => annotation(r, depth + 1, &mut |_| {})?,
        b'[' => {
            let n = r.u2("num_values")?;
            for _ in 0..n {
                element_value(r, depth + 1)?;
            }
        }
        other => return Err(r.error(format!("unknown element_value tag {:?}", other as char))),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `@Test(timeout = {1L}) @Mock`, as a RuntimeVisibleAnnotations body.
    fn two_annotations(cp: &mut ConstantPool) -> (u16, Vec<u8>) {
        let name = cp.add_utf8(VISIBLE).unwrap();
        let test = cp.add_utf8("Lorg/junit/Test;").unwrap();
        let key = cp.add_utf8("timeout").unwrap();
        let mock = cp.add_utf8("Lorg/mockito/Mock;").unwrap();
        let mut data = vec![0, 2];
        data.extend_from_slice(&test.to_be_bytes());
        data.extend_from_slice(&[0, 1]);
        data.extend_from_slice(&key.to_be_bytes());
        data.extend_from_slice(&[b'[', 0, 1, b'J']);
        data.extend_from_slice(&key.to_be_bytes());
        data.extend_from_slice(&mock.to_be_bytes());
        data.extend_from_slice(&[0, 0]);
        (name, data)
    }

    #[test]
    fn lenient_names_skip_values_and_keep_what_was_read() {
        let mut cp = ConstantPool::new();
        let (name, data) = two_annotations(&mut cp);
        let attrs = [Attribute {
            name_index: name,
            data: data.clone(),
        }];
        assert_eq!(
            annotation_names(&attrs, &cp),
            vec!["org/junit/Test", "org/mockito/Mock"]
        );
        let attrs = [Attribute {
            name_index: name,
            data: data[..data.len() - 3].to_vec(),
        }];
        assert_eq!(annotation_names(&attrs, &cp), vec!["org/junit/Test"]);
    }

    #[test]
    fn strict_types_are_descriptors_and_damage_is_an_error() {
        let mut cp = ConstantPool::new();
        let (_, data) = two_annotations(&mut cp);
        assert_eq!(
            annotation_types(&data, &cp).unwrap(),
            vec!["Lorg/junit/Test;", "Lorg/mockito/Mock;"]
        );
        assert!(annotation_types(&data[..data.len() - 3], &cp).is_err());
    }

    #[test]
    fn parameter_annotations_per_parameter() {
        let mut cp = ConstantPool::new();
        let name = cp.add_utf8(VISIBLE_PARAMS).unwrap();
        let mock = cp.add_utf8("Lorg/mockito/Mock;").unwrap();
        // Two parameters: none on the first, @Mock on the second.
        let mut data = vec![2, 0, 0, 0, 1];
        data.extend_from_slice(&mock.to_be_bytes());
        data.extend_from_slice(&[0, 0]);
        let attrs = [Attribute {
            name_index: name,
            data,
        }];
        assert_eq!(
            parameter_annotation_names(&attrs, &cp),
            vec![Vec::<String>::new(), vec!["org/mockito/Mock".to_string()]]
        );
    }
}
