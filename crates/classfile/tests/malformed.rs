//! Malformed class files give a clear error with the byte offset, never a panic.

use mimic_classfile::{ClassFile, ClassFileError};

/// A minimal valid class: `public class A extends java/lang/Object {}` (Java 17).
fn minimal() -> Vec<u8> {
    ClassFile::new("A", "java/lang/Object", 0x21, 61)
        .unwrap()
        .to_bytes()
        .unwrap()
}

fn message(bytes: &[u8]) -> String {
    ClassFile::parse(bytes)
        .unwrap_err()
        .in_file("A.class")
        .to_string()
}

#[test]
fn minimal_class_round_trips() {
    let bytes = minimal();
    assert_eq!(ClassFile::parse(&bytes).unwrap().to_bytes().unwrap(), bytes);
}

#[test]
fn truncated_file_names_offset() {
    let bytes = minimal();
    for cut in 0..bytes.len() {
        let e = message(&bytes[..cut]);
        assert!(e.starts_with("A.class: at offset "), "cut {cut}: {e}");
        assert!(e.contains("truncated"), "cut {cut}: {e}");
    }
}

#[test]
fn bad_magic() {
    let mut bytes = minimal();
    bytes[0] = 0xCB;
    assert_eq!(
        message(&bytes),
        "A.class: at offset 0: bad magic 0xCBFEBABE, expected 0xCAFEBABE"
    );
}

#[test]
fn unsupported_version() {
    let mut bytes = minimal();
    bytes[6..8].copy_from_slice(&70u16.to_be_bytes());
    let e = ClassFile::parse(&bytes).unwrap_err();
    assert!(matches!(
        e,
        ClassFileError::UnsupportedVersion { major: 70, .. }
    ));
    assert_eq!(
        e.in_file("A.class").to_string(),
        "A.class: unsupported class file version 70.0 (supported: 45.0 to 69.x)"
    );
    bytes[6..8].copy_from_slice(&69u16.to_be_bytes());
    assert!(
        ClassFile::parse(&bytes).is_ok(),
        "Java 25 class files are accepted"
    );
}

#[test]
fn bad_constant_pool_index() {
    let mut bytes = minimal();
    // The pool is: #1 Utf8 "A", #2 Class #1, #3 Utf8 java/lang/Object, #4 Class #3.
    // this_class follows the pool and the access flags.
    let pool_end = bytes.len() - 2 * 7;
    let this_class_at = pool_end + 2;
    bytes[this_class_at..this_class_at + 2].copy_from_slice(&9u16.to_be_bytes());
    let e = message(&bytes);
    assert_eq!(
        e,
        format!("A.class: at offset {this_class_at}: bad constant-pool index #9 for this_class: expected a Class constant (pool has 5 slots)")
    );
    // A Class constant pointing at a Class instead of a Utf8.
    let mut bytes = minimal();
    let class_entry = 10 + 3 + 1; // after header, tag+len+"A"
    assert_eq!(bytes[class_entry], 7);
    bytes[class_entry + 1..class_entry + 3].copy_from_slice(&2u16.to_be_bytes());
    let e = message(&bytes);
    assert!(
        e.contains("constant #2 (Class) refers to #2, which is Class, expected Utf8"),
        "{e}"
    );
}

#[test]
fn unknown_constant_tag_and_trailing_bytes() {
    let mut bytes = minimal();
    bytes[10] = 2;
    assert_eq!(
        message(&bytes),
        "A.class: at offset 10: constant #1 has unknown tag 2"
    );
    let mut bytes = minimal();
    bytes.push(0);
    assert!(message(&bytes).contains("1 unexpected bytes after the end of the class file"));
}

#[test]
fn garbage_never_panics() {
    // A cheap deterministic sweep in addition to the fuzz target: flip every byte.
    let bytes = minimal();
    for i in 0..bytes.len() {
        for v in [0u8, 1, 0x7f, 0xff] {
            let mut b = bytes.clone();
            b[i] = v;
            if let Ok(c) = ClassFile::parse(&b) {
                let _ = c.to_bytes();
            }
        }
    }
}
