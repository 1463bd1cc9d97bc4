//! The `BootstrapMethods` attribute (JVMS 4.7.23): one row per bootstrap method an
//! `invokedynamic` or dynamic constant refers to, each a method-handle index and the
//! indices of its static arguments. Interpreting the rows (which ones create lambdas) is
//! the business of the analyses, not of this crate.

use crate::bytes::Reader;
use crate::class_file::ClassFile;
use crate::error::Result;

/// One row of the `BootstrapMethods` attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BootstrapMethod {
    /// Constant-pool index of the bootstrap `MethodHandle`.
    pub method_handle: u16,
    /// Constant-pool indices of the static arguments.
    pub arguments: Vec<u16>,
}

/// The rows of `class`'s `BootstrapMethods` attribute; empty when it has none, an error
/// when the attribute is malformed.
pub fn bootstrap_methods(class: &ClassFile) -> Result<Vec<BootstrapMethod>> {
    let cp = &class.constant_pool;
    let Some(attr) = class
        .attributes
        .iter()
        .find(|a| cp.utf8_is(a.name_index, "BootstrapMethods"))
    else {
        return Ok(Vec::new());
    };
    let mut r = Reader::new(&attr.data);
    let n = r.u2("num_bootstrap_methods")?;
    let mut out = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let method_handle = r.u2("bootstrap_method_ref")?;
        let count = r.u2("num_bootstrap_arguments")?;
        let arguments = (0..count)
            .map(|_| r.u2("bootstrap_argument"))
            .collect::<Result<Vec<_>>>()?;
        out.push(BootstrapMethod {
            method_handle,
            arguments,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class_file::Attribute;

    fn class_with(data: Vec<u8>) -> ClassFile {
        let mut class = ClassFile::new("p/A", "java/lang/Object", 0x21, 61).unwrap();
        let name_index = class.constant_pool.add_utf8("BootstrapMethods").unwrap();
        class.attributes.push(Attribute { name_index, data });
        class
    }

    #[test]
    fn rows_are_read_in_order() {
        let class = class_with(vec![0, 2, 0, 7, 0, 2, 0, 8, 0, 9, 0, 10, 0, 0]);
        assert_eq!(
            bootstrap_methods(&class).unwrap(),
            vec![
                BootstrapMethod {
                    method_handle: 7,
                    arguments: vec![8, 9]
                },
                BootstrapMethod {
                    method_handle: 10,
                    arguments: vec![]
                }
            ]
        );
    }

    #[test]
    fn truncated_attribute_is_an_error_and_absent_is_empty() {
        assert!(bootstrap_methods(&class_with(vec![0, 1, 0, 7, 0, 2, 0])).is_err());
        let plain = ClassFile::new("p/B", "java/lang/Object", 0x21, 61).unwrap();
        assert!(bootstrap_methods(&plain).unwrap().is_empty());
    }
}
