//! Annotation type names of classes, fields, methods and method parameters, read from the
//! `Runtime(In)Visible(Parameter)Annotations` attributes (JVMS 4.7.16–4.7.19). Only the
//! annotation types matter here (`@Test`, `@Mock`…); element values are skipped, and a
//! malformed attribute yields what was read before the damage.

use mimic_classfile::{Attribute, ConstantPool};

const VISIBLE: &str = "RuntimeVisibleAnnotations";
const INVISIBLE: &str = "RuntimeInvisibleAnnotations";
const VISIBLE_PARAMS: &str = "RuntimeVisibleParameterAnnotations";
const INVISIBLE_PARAMS: &str = "RuntimeInvisibleParameterAnnotations";

/// Internal names (`org/junit/Test`) of the annotations among `attributes`.
pub fn annotation_types(attributes: &[Attribute], cp: &ConstantPool) -> Vec<String> {
    let mut out = Vec::new();
    for a in attributes {
        if cp.utf8_is(a.name_index, VISIBLE) || cp.utf8_is(a.name_index, INVISIBLE) {
            let mut r = Cursor {
                data: &a.data,
                at: 0,
            };
            let Some(n) = r.u2() else { continue };
            for _ in 0..n {
                if !r.annotation(cp, &mut out) {
                    break;
                }
            }
        }
    }
    out
}

/// Per parameter, the internal names of its annotations.
pub fn parameter_annotation_types(attributes: &[Attribute], cp: &ConstantPool) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for a in attributes {
        if cp.utf8_is(a.name_index, VISIBLE_PARAMS) || cp.utf8_is(a.name_index, INVISIBLE_PARAMS) {
            let mut r = Cursor {
                data: &a.data,
                at: 0,
            };
            let Some(params) = r.u1() else { continue };
            if out.len() < params as usize {
                out.resize(params as usize, Vec::new());
            }
            'params: for slot in out.iter_mut().take(params as usize) {
                let Some(n) = r.u2() else { break };
                for _ in 0..n {
                    if !r.annotation(cp, slot) {
                        break 'params;
                    }
                }
            }
        }
    }
    out
}

struct Cursor<'a> {
    data: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn u1(&mut self) -> Option<u8> {
        let b = *self.data.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn u2(&mut self) -> Option<u16> {
        let hi = self.u1()?;
        let lo = self.u1()?;
        Some(u16::from_be_bytes([hi, lo]))
    }

    /// Reads one annotation, pushing its type's internal name; false on malformed data.
    fn annotation(&mut self, cp: &ConstantPool, out: &mut Vec<String>) -> bool {
        let Some(type_index) = self.u2() else {
            return false;
        };
        if let Ok(desc) = cp.utf8(type_index) {
            if let Some(name) = desc.strip_prefix('L').and_then(|d| d.strip_suffix(';')) {
                out.push(name.to_string());
            }
        }
        let Some(pairs) = self.u2() else {
            return false;
        };
        for _ in 0..pairs {
            if self.u2().is_none() || !self.element_value(cp, 0) {
                return false;
            }
        }
        true
    }

    fn element_value(&mut self, cp: &ConstantPool, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match self.u1() {
            Some(b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c') => {
                self.u2().is_some()
            }
            Some(b'e') => self.u2().is_some() && self.u2().is_some(),
            Some(b'@') => {
                let mut nested = Vec::new();
                self.annotation(cp, &mut nested)
            }
            Some(b'[') => {
                let Some(n) = self.u2() else { return false };
                (0..n).all(|_| self.element_value(cp, depth + 1))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_types_and_skips_values() {
        let mut cp = ConstantPool::new();
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
        let attrs = [Attribute {
            name_index: name,
            data: data.clone(),
        }];
        assert_eq!(
            annotation_types(&attrs, &cp),
            vec!["org/junit/Test", "org/mockito/Mock"]
        );
        // Truncated: keeps what was read.
        let attrs = [Attribute {
            name_index: name,
            data: data[..data.len() - 3].to_vec(),
        }];
        assert_eq!(annotation_types(&attrs, &cp), vec!["org/junit/Test"]);
    }
}
