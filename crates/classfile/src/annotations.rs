//! Reading annotation attributes (JVMS 4.7.16): the annotation types present on a class,
//! field or method, skipping over element values of any shape.

use crate::bytes::Reader;
use crate::constant_pool::ConstantPool;
use crate::error::Result;

/// Descriptors of the annotation types (`Ljava/lang/Deprecated;`) in the body of a
/// RuntimeVisibleAnnotations or RuntimeInvisibleAnnotations attribute.
pub fn annotation_types(data: &[u8], cp: &ConstantPool) -> Result<Vec<String>> {
    let mut r = Reader::new(data);
    let n = r.u2("num_annotations")?;
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        out.push(annotation(&mut r, cp)?);
    }
    Ok(out)
}

/// Read one annotation; returns its type descriptor.
fn annotation(r: &mut Reader, cp: &ConstantPool) -> Result<String> {
    let type_index = r.u2("annotation type_index")?;
    let pairs = r.u2("num_element_value_pairs")?;
    for _ in 0..pairs {
        r.u2("element_name_index")?;
        element_value(r, cp)?;
    }
    cp.utf8(type_index)
}

fn element_value(r: &mut Reader, cp: &ConstantPool) -> Result<()> {
    let tag = r.u1("element_value tag")?;
    match tag {
        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c' => {
            r.u2("const_value_index")?;
        }
        b'e' => {
            r.u2("type_name_index")?;
            r.u2("const_name_index")?;
        }
        b'@' => {
            annotation(r, cp)?;
        }
        b'[' => {
            let n = r.u2("num_values")?;
            for _ in 0..n {
                element_value(r, cp)?;
            }
        }
        other => return Err(r.error(format!("unknown element_value tag {:?}", other as char))),
    }
    Ok(())
}

/// True if the member's visible or invisible annotations include `descriptor`.
pub fn has_annotation(member: &crate::Member, cp: &ConstantPool, descriptor: &str) -> bool {
    member
        .attributes
        .iter()
        .filter(|a| {
            cp.utf8_is(a.name_index, "RuntimeVisibleAnnotations")
                || cp.utf8_is(a.name_index, "RuntimeInvisibleAnnotations")
        })
        .any(|a| annotation_types(&a.data, cp).is_ok_and(|ts| ts.iter().any(|t| t == descriptor)))
}
