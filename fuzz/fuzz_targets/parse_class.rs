//! Fuzz the class-file parser and everything that reads a parsed class: writing back,
//! Code attributes, instruction decoding and descriptors. Nothing may panic, and a class
//! that parses must be written back byte for byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mimic_classfile::code::CodeAttribute;
use mimic_classfile::instruction::decode;
use mimic_classfile::{ClassFile, MethodDescriptor};

fuzz_target!(|data: &[u8]| {
    let Ok(class) = ClassFile::parse(data) else { return };
    let written = class.to_bytes().expect("a parsed class can be written");
    assert_eq!(written, data, "round trip must be byte-identical");
    let cp = &class.constant_pool;
    let _ = class.name();
    for m in &class.methods {
        if let Ok(d) = m.descriptor(cp) {
            let _ = MethodDescriptor::parse(&d);
        }
        if let Some(a) = m.attribute(cp, "Code") {
            if let Ok(code) = CodeAttribute::parse(&a.data, cp) {
                let _ = decode(&code.code);
                let _ = code.line_of(cp, 0);
            }
        }
    }
});
