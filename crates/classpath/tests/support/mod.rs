//! Building small class files and jars for the tests, with the workspace's own class
//! writer (no javac needed).

#![allow(dead_code)]

use std::io::Write;
use std::path::Path;

use mimic_classfile::access::{ABSTRACT, INTERFACE, PUBLIC};
use mimic_classfile::ClassFile;

/// A class or interface to write.
pub struct Class<'a> {
    pub name: &'a str,
    pub super_name: &'a str,
    pub interfaces: &'a [&'a str],
    pub interface: bool,
    /// (access, name, descriptor)
    pub methods: &'a [(u16, &'a str, &'a str)],
    /// (access, name, descriptor)
    pub fields: &'a [(u16, &'a str, &'a str)],
}

impl<'a> Class<'a> {
    pub fn new(name: &'a str) -> Class<'a> {
        Class {
            name,
            super_name: "java/lang/Object",
            interfaces: &[],
            interface: false,
            methods: &[],
            fields: &[],
        }
    }

    pub fn bytes(&self) -> Vec<u8> {
        let access = if self.interface {
            PUBLIC | INTERFACE | ABSTRACT
        } else {
            PUBLIC
        };
        let mut c = ClassFile::new(self.name, self.super_name, access, 61).unwrap();
        for i in self.interfaces {
            let index = c.constant_pool.add_class(i).unwrap();
            c.interfaces.push(index);
        }
        for (access, name, desc) in self.fields {
            c.add_field(*access, name, desc).unwrap();
        }
        for (access, name, desc) in self.methods {
            let m = c.new_method(*access, name, desc, None).unwrap();
            c.methods.push(m);
        }
        c.to_bytes().unwrap()
    }
}

/// Writes a jar with `entries` (name, bytes), stored in this order.
pub fn jar(path: &Path, entries: &[(&str, Vec<u8>)]) {
    let mut w = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in entries {
        w.start_file(*name, options).unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap();
}

/// Writes `bytes` as `dir/internal.class`.
pub fn class_file(dir: &Path, internal: &str, bytes: &[u8]) {
    let p = dir.join(format!("{internal}.class"));
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}
