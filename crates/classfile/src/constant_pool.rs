//! The constant pool: entries kept exactly as read (Utf8 as raw bytes, floats as bits) so
//! that writing is byte-identical, plus de-duplicating `add_*` methods for rewrites.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::bytes::{Reader, Writer};
use crate::error::{ClassFileError, Result};
use crate::mutf8;

/// One constant-pool entry (JVMS 4.4). `Unusable` fills the slot after a Long or Double.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Constant {
    Unusable,
    Utf8(Vec<u8>),
    Integer(i32),
    Float(u32),
    Long(i64),
    Double(u64),
    Class(u16),
    String(u16),
    Fieldref { class: u16, name_and_type: u16 },
    Methodref { class: u16, name_and_type: u16 },
    InterfaceMethodref { class: u16, name_and_type: u16 },
    NameAndType { name: u16, descriptor: u16 },
    MethodHandle { kind: u8, reference: u16 },
    MethodType(u16),
    Dynamic { bootstrap: u16, name_and_type: u16 },
    InvokeDynamic { bootstrap: u16, name_and_type: u16 },
    Module(u16),
    Package(u16),
}

impl Constant {
    fn tag(&self) -> u8 {
        match self {
            Constant::Unusable => 0,
            Constant::Utf8(_) => 1,
            Constant::Integer(_) => 3,
            Constant::Float(_) => 4,
            Constant::Long(_) => 5,
            Constant::Double(_) => 6,
            Constant::Class(_) => 7,
            Constant::String(_) => 8,
            Constant::Fieldref { .. } => 9,
            Constant::Methodref { .. } => 10,
            Constant::InterfaceMethodref { .. } => 11,
            Constant::NameAndType { .. } => 12,
            Constant::MethodHandle { .. } => 15,
            Constant::MethodType(_) => 16,
            Constant::Dynamic { .. } => 17,
            Constant::InvokeDynamic { .. } => 18,
            Constant::Module(_) => 19,
            Constant::Package(_) => 20,
        }
    }

    fn kind_name(&self) -> &'static str {
        match self {
            Constant::Unusable => "unusable slot",
            Constant::Utf8(_) => "Utf8",
            Constant::Integer(_) => "Integer",
            Constant::Float(_) => "Float",
            Constant::Long(_) => "Long",
            Constant::Double(_) => "Double",
            Constant::Class(_) => "Class",
            Constant::String(_) => "String",
            Constant::Fieldref { .. } => "Fieldref",
            Constant::Methodref { .. } => "Methodref",
            Constant::InterfaceMethodref { .. } => "InterfaceMethodref",
            Constant::NameAndType { .. } => "NameAndType",
            Constant::MethodHandle { .. } => "MethodHandle",
            Constant::MethodType(_) => "MethodType",
            Constant::Dynamic { .. } => "Dynamic",
            Constant::InvokeDynamic { .. } => "InvokeDynamic",
            Constant::Module(_) => "Module",
            Constant::Package(_) => "Package",
        }
    }
}

/// A resolved member reference: `owner.name:descriptor`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRef {
    pub owner: String,
    pub name: String,
    pub descriptor: String,
    /// True for `InterfaceMethodref`.
    pub interface: bool,
}

/// The constant pool of one class. Index 0 is never valid, as in the class file.
#[derive(Debug, Clone, Default)]
pub struct ConstantPool {
    entries: Vec<Constant>,
    /// Indexes of the entries by their hash, built at the first [`ConstantPool::add`]: a
    /// table of indexes, not of cloned constants (rewriting a class used to copy every
    /// `Utf8` entry into a map first).
    index: Option<HashTable<u16>>,
}

/// The hash of a constant in [`ConstantPool::index`].
fn hash_of(c: &Constant) -> u64 {
    FxBuildHasher.hash_one(c)
}

impl PartialEq for ConstantPool {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl ConstantPool {
    /// An empty pool (only the unusable slot 0).
    pub fn new() -> Self {
        ConstantPool {
            entries: vec![Constant::Unusable],
            index: None,
        }
    }

    /// Number of slots including slot 0: the class file's `constant_pool_count`.
    pub fn count(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn parse(r: &mut Reader) -> Result<ConstantPool> {
        let count = r.u2("constant_pool_count")? as usize;
        if count == 0 {
            return Err(r.error("constant_pool_count is 0"));
        }
        let mut entries = Vec::with_capacity(count);
        entries.push(Constant::Unusable);
        let mut positions = vec![0usize; count];
        while entries.len() < count {
            let at = r.offset();
            positions[entries.len()] = at;
            let tag = r.u1("constant tag")?;
            let c = match tag {
                1 => {
                    let len = r.u2("Utf8 length")? as usize;
                    Constant::Utf8(r.bytes(len, "Utf8 bytes")?.to_vec())
                }
                3 => Constant::Integer(r.u4("Integer")? as i32),
                4 => Constant::Float(r.u4("Float")?),
                5 => Constant::Long(r.u8("Long")? as i64),
                6 => Constant::Double(r.u8("Double")?),
                7 => Constant::Class(r.u2("Class name index")?),
                8 => Constant::String(r.u2("String index")?),
                9..=11 => {
                    let class = r.u2("ref class index")?;
                    let name_and_type = r.u2("ref name_and_type index")?;
                    match tag {
                        9 => Constant::Fieldref {
                            class,
                            name_and_type,
                        },
                        10 => Constant::Methodref {
                            class,
                            name_and_type,
                        },
                        _ => Constant::InterfaceMethodref {
                            class,
                            name_and_type,
                        },
                    }
                }
                12 => Constant::NameAndType {
                    name: r.u2("NameAndType name index")?,
                    descriptor: r.u2("NameAndType descriptor index")?,
                },
                15 => Constant::MethodHandle {
                    kind: r.u1("MethodHandle kind")?,
                    reference: r.u2("MethodHandle reference")?,
                },
                16 => Constant::MethodType(r.u2("MethodType index")?),
                17 | 18 => {
                    let bootstrap = r.u2("bootstrap method index")?;
                    let name_and_type = r.u2("name_and_type index")?;
                    if tag == 17 {
                        Constant::Dynamic {
                            bootstrap,
                            name_and_type,
                        }
                    } else {
                        Constant::InvokeDynamic {
                            bootstrap,
                            name_and_type,
                        }
                    }
                }
                19 => Constant::Module(r.u2("Module name index")?),
                20 => Constant::Package(r.u2("Package name index")?),
                other => {
                    return Err(ClassFileError::malformed(
                        at,
                        format!("constant #{} has unknown tag {other}", entries.len()),
                    ))
                }
            };
            let wide = matches!(c, Constant::Long(_) | Constant::Double(_));
            entries.push(c);
            if wide {
                if entries.len() >= count {
                    return Err(ClassFileError::malformed(
                        at,
                        "a Long or Double constant takes the last pool slot",
                    ));
                }
                entries.push(Constant::Unusable);
            }
        }
        let pool = ConstantPool {
            entries,
            index: None,
        };
        pool.validate_references(&positions)?;
        Ok(pool)
    }

    /// Check every index inside the pool points at an entry of the right kind.
    fn validate_references(&self, positions: &[usize]) -> Result<()> {
        for (i, c) in self.entries.iter().enumerate() {
            let at = positions[i];
            let check = |idx: u16, want: &[&str], what: &str| -> Result<()> {
                let kind = self.kind_at(idx);
                if want.contains(&kind) {
                    Ok(())
                } else {
                    Err(ClassFileError::malformed(
                        at,
                        format!(
                            "constant #{i} ({what}) refers to #{idx}, which is {kind}, expected {}",
                            want.join(" or ")
                        ),
                    ))
                }
            };
            match c {
                Constant::Class(n)
                | Constant::String(n)
                | Constant::MethodType(n)
                | Constant::Module(n)
                | Constant::Package(n) => check(*n, &["Utf8"], c.kind_name())?,
                Constant::Fieldref {
                    class,
                    name_and_type,
                }
                | Constant::Methodref {
                    class,
                    name_and_type,
                }
                | Constant::InterfaceMethodref {
                    class,
                    name_and_type,
                } => {
                    check(*class, &["Class"], c.kind_name())?;
                    check(*name_and_type, &["NameAndType"], c.kind_name())?;
                }
                Constant::NameAndType { name, descriptor } => {
                    check(*name, &["Utf8"], "NameAndType")?;
                    check(*descriptor, &["Utf8"], "NameAndType")?;
                }
                Constant::MethodHandle { kind, reference } => {
                    if !(1..=9).contains(kind) {
                        return Err(ClassFileError::malformed(
                            at,
                            format!("constant #{i} has MethodHandle kind {kind}"),
                        ));
                    }
                    check(
                        *reference,
                        &["Fieldref", "Methodref", "InterfaceMethodref"],
                        "MethodHandle",
                    )?;
                }
                Constant::Dynamic { name_and_type, .. }
                | Constant::InvokeDynamic { name_and_type, .. } => {
                    check(*name_and_type, &["NameAndType"], c.kind_name())?
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn kind_at(&self, idx: u16) -> &'static str {
        match self.entries.get(idx as usize) {
            None => "out of range",
            Some(_) if idx == 0 => "index 0",
            Some(c) => c.kind_name(),
        }
    }

    pub(crate) fn write(&self, w: &mut Writer) {
        w.u2(self.entries.len() as u16);
        for c in &self.entries[1..] {
            if matches!(c, Constant::Unusable) {
                continue;
            }
            w.u1(c.tag());
            match c {
                Constant::Unusable => {}
                Constant::Utf8(b) => {
                    w.u2(b.len() as u16);
                    w.bytes(b);
                }
                Constant::Integer(v) => w.u4(*v as u32),
                Constant::Float(v) => w.u4(*v),
                Constant::Long(v) => w.u8(*v as u64),
                Constant::Double(v) => w.u8(*v),
                Constant::Class(n)
                | Constant::String(n)
                | Constant::MethodType(n)
                | Constant::Module(n)
                | Constant::Package(n) => w.u2(*n),
                Constant::Fieldref {
                    class,
                    name_and_type,
                }
                | Constant::Methodref {
                    class,
                    name_and_type,
                }
                | Constant::InterfaceMethodref {
                    class,
                    name_and_type,
                } => {
                    w.u2(*class);
                    w.u2(*name_and_type);
                }
                Constant::NameAndType { name, descriptor } => {
                    w.u2(*name);
                    w.u2(*descriptor);
                }
                Constant::MethodHandle { kind, reference } => {
                    w.u1(*kind);
                    w.u2(*reference);
                }
                Constant::Dynamic {
                    bootstrap,
                    name_and_type,
                }
                | Constant::InvokeDynamic {
                    bootstrap,
                    name_and_type,
                } => {
                    w.u2(*bootstrap);
                    w.u2(*name_and_type);
                }
            }
        }
    }

    /// The entry at `idx`, or an error naming the bad index.
    pub fn get(&self, idx: u16) -> Result<&Constant> {
        match self.entries.get(idx as usize) {
            Some(Constant::Unusable) | None => Err(ClassFileError::rewrite(format!(
                "bad constant-pool index #{idx} (pool has {} slots)",
                self.entries.len()
            ))),
            Some(c) => Ok(c),
        }
    }

    /// The text of a Utf8 constant.
    pub fn utf8(&self, idx: u16) -> Result<String> {
        match self.get(idx)? {
            Constant::Utf8(b) => mutf8::decode(b).ok_or_else(|| {
                ClassFileError::rewrite(format!("constant #{idx} is not valid modified UTF-8"))
            }),
            other => Err(ClassFileError::rewrite(format!(
                "constant #{idx} is {}, expected Utf8",
                other.kind_name()
            ))),
        }
    }

    /// True when the Utf8 constant at `idx` has exactly the text `s` (no allocation for ASCII).
    pub fn utf8_is(&self, idx: u16, s: &str) -> bool {
        let Some(Constant::Utf8(b)) = self.entries.get(idx as usize) else {
            return false;
        };
        if b.as_slice() == s.as_bytes() {
            return true;
        }
        // Without NUL and supplementary characters, `s` is encoded the same in both
        // encodings, so unequal bytes mean unequal strings: no decoding (this runs for
        // every method name when a rewrite looks for a free one).
        if s.chars().all(|c| c != '\0' && (c as u32) < 0x10000) {
            return false;
        }
        mutf8::decode(b).as_deref() == Some(s)
    }

    /// The internal name of a Class constant (`java/lang/String`).
    pub fn class_name(&self, idx: u16) -> Result<String> {
        match self.get(idx)? {
            Constant::Class(n) => self.utf8(*n),
            other => Err(ClassFileError::rewrite(format!(
                "constant #{idx} is {}, expected Class",
                other.kind_name()
            ))),
        }
    }

    /// Name and descriptor of a NameAndType constant.
    pub fn name_and_type(&self, idx: u16) -> Result<(String, String)> {
        match self.get(idx)? {
            Constant::NameAndType { name, descriptor } => {
                Ok((self.utf8(*name)?, self.utf8(*descriptor)?))
            }
            other => Err(ClassFileError::rewrite(format!(
                "constant #{idx} is {}, expected NameAndType",
                other.kind_name()
            ))),
        }
    }

    /// A Fieldref, Methodref or InterfaceMethodref resolved to names.
    pub fn member_ref(&self, idx: u16) -> Result<MemberRef> {
        let (class, nat, interface) = match self.get(idx)? {
            Constant::Fieldref {
                class,
                name_and_type,
            }
            | Constant::Methodref {
                class,
                name_and_type,
            } => (*class, *name_and_type, false),
            Constant::InterfaceMethodref {
                class,
                name_and_type,
            } => (*class, *name_and_type, true),
            other => {
                return Err(ClassFileError::rewrite(format!(
                    "constant #{idx} is {}, expected a member reference",
                    other.kind_name()
                )))
            }
        };
        let (name, descriptor) = self.name_and_type(nat)?;
        Ok(MemberRef {
            owner: self.class_name(class)?,
            name,
            descriptor,
            interface,
        })
    }

    /// Add `c` unless an equal entry exists; returns its index.
    pub fn add(&mut self, c: Constant) -> Result<u16> {
        let ConstantPool { entries, index } = self;
        let table = index.get_or_insert_with(|| {
            let mut table = HashTable::with_capacity(entries.len());
            for (i, e) in entries.iter().enumerate().skip(1) {
                if matches!(e, Constant::Unusable) {
                    continue;
                }
                let h = hash_of(e);
                // The first of equal entries is the one found.
                if table.find(h, |&j| entries[j as usize] == *e).is_none() {
                    table.insert_unique(h, i as u16, |&j| hash_of(&entries[j as usize]));
                }
            }
            table
        });
        let h = hash_of(&c);
        if let Some(&i) = table.find(h, |&j| entries[j as usize] == c) {
            return Ok(i);
        }
        let wide = matches!(c, Constant::Long(_) | Constant::Double(_));
        let needed = entries.len() + if wide { 2 } else { 1 };
        if needed > 65535 {
            return Err(ClassFileError::rewrite(
                "constant pool is full (65535 entries)",
            ));
        }
        let i = entries.len() as u16;
        entries.push(c);
        if wide {
            entries.push(Constant::Unusable);
        }
        table.insert_unique(h, i, |&j| hash_of(&entries[j as usize]));
        Ok(i)
    }

    pub fn add_utf8(&mut self, s: &str) -> Result<u16> {
        let bytes = mutf8::encode(s);
        if bytes.len() > 65535 {
            return Err(ClassFileError::rewrite(
                "string constant longer than 65535 bytes",
            ));
        }
        self.add(Constant::Utf8(bytes))
    }

    pub fn add_class(&mut self, internal_name: &str) -> Result<u16> {
        let n = self.add_utf8(internal_name)?;
        self.add(Constant::Class(n))
    }

    pub fn add_string(&mut self, s: &str) -> Result<u16> {
        let n = self.add_utf8(s)?;
        self.add(Constant::String(n))
    }

    pub fn add_integer(&mut self, v: i32) -> Result<u16> {
        self.add(Constant::Integer(v))
    }

    pub fn add_float(&mut self, v: f32) -> Result<u16> {
        self.add(Constant::Float(v.to_bits()))
    }

    pub fn add_long(&mut self, v: i64) -> Result<u16> {
        self.add(Constant::Long(v))
    }

    pub fn add_double(&mut self, v: f64) -> Result<u16> {
        self.add(Constant::Double(v.to_bits()))
    }

    pub fn add_name_and_type(&mut self, name: &str, descriptor: &str) -> Result<u16> {
        let name = self.add_utf8(name)?;
        let descriptor = self.add_utf8(descriptor)?;
        self.add(Constant::NameAndType { name, descriptor })
    }

    pub fn add_field_ref(&mut self, owner: &str, name: &str, descriptor: &str) -> Result<u16> {
        let class = self.add_class(owner)?;
        let name_and_type = self.add_name_and_type(name, descriptor)?;
        self.add(Constant::Fieldref {
            class,
            name_and_type,
        })
    }

    /// A Methodref, or an InterfaceMethodref when `interface` is true.
    pub fn add_method_ref(
        &mut self,
        owner: &str,
        name: &str,
        descriptor: &str,
        interface: bool,
    ) -> Result<u16> {
        let class = self.add_class(owner)?;
        let name_and_type = self.add_name_and_type(name, descriptor)?;
        self.add(if interface {
            Constant::InterfaceMethodref {
                class,
                name_and_type,
            }
        } else {
            Constant::Methodref {
                class,
                name_and_type,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ConstantPool;

    #[test]
    fn utf8_is_compares_modified_utf8_with_rust_strings() {
        let mut cp = ConstantPool::new();
        for s in ["run", "caf\u{e9}", "a\0b", "\u{1F600}x"] {
            let i = cp.add_utf8(s).unwrap();
            assert!(cp.utf8_is(i, s), "{s:?}");
            assert!(!cp.utf8_is(i, "other"), "{s:?}");
            assert!(!cp.utf8_is(i, "a\0c"), "{s:?}");
            assert!(!cp.utf8_is(i, "\u{1F601}x"), "{s:?}");
        }
        // Not a Utf8 constant.
        let c = cp.add_class("java/lang/Object").unwrap();
        assert!(!cp.utf8_is(c, "java/lang/Object"));
    }
}
