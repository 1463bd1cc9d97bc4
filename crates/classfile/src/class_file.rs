//! The class file as a whole (JVMS 4.1): header, pool, members and attributes. Attributes
//! stay raw bytes until someone decodes them, which is what makes writing byte-identical.

use crate::bytes::{len_u16, Reader, Writer};
use crate::constant_pool::ConstantPool;
use crate::error::{ClassFileError, Result};

/// Highest class-file major version understood: Java 25.
pub const MAX_MAJOR_VERSION: u16 = 69;
/// Class files of this version or later must carry StackMapTable frames (Java 7).
pub const FRAMES_REQUIRED_FROM: u16 = 51;

/// An attribute kept as its name index and undecoded bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    pub name_index: u16,
    pub data: Vec<u8>,
}

/// A field or a method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub access_flags: u16,
    pub name_index: u16,
    pub descriptor_index: u16,
    pub attributes: Vec<Attribute>,
}

impl Member {
    pub fn name(&self, cp: &ConstantPool) -> Result<String> {
        cp.utf8(self.name_index)
    }

    pub fn descriptor(&self, cp: &ConstantPool) -> Result<String> {
        cp.utf8(self.descriptor_index)
    }

    /// The first attribute called `name`.
    pub fn attribute<'a>(&'a self, cp: &ConstantPool, name: &str) -> Option<&'a Attribute> {
        self.attribute_position(cp, name)
            .map(|i| &self.attributes[i])
    }

    /// Where the first attribute called `name` is in [`Member::attributes`] (to replace it).
    pub fn attribute_position(&self, cp: &ConstantPool, name: &str) -> Option<usize> {
        self.attributes
            .iter()
            .position(|a| cp.utf8_is(a.name_index, name))
    }

    pub fn has_flag(&self, flag: u16) -> bool {
        self.access_flags & flag != 0
    }
}

/// A parsed class file.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassFile {
    pub minor_version: u16,
    pub major_version: u16,
    pub constant_pool: ConstantPool,
    pub access_flags: u16,
    pub this_class: u16,
    pub super_class: u16,
    pub interfaces: Vec<u16>,
    pub fields: Vec<Member>,
    pub methods: Vec<Member>,
    pub attributes: Vec<Attribute>,
}

impl ClassFile {
    /// Parse a class file. Never panics: malformed input is an error with its offset.
    pub fn parse(data: &[u8]) -> Result<ClassFile> {
        let mut r = Reader::new(data);
        let magic = r.u4("magic")?;
        if magic != 0xCAFEBABE {
            return Err(ClassFileError::malformed(
                0,
                format!("bad magic 0x{magic:08X}, expected 0xCAFEBABE"),
            ));
        }
        let minor_version = r.u2("minor_version")?;
        let major_version = r.u2("major_version")?;
        if !(45..=MAX_MAJOR_VERSION).contains(&major_version) {
            return Err(ClassFileError::UnsupportedVersion {
                context: String::new(),
                major: major_version,
                minor: minor_version,
                max: MAX_MAJOR_VERSION,
            });
        }
        let constant_pool = ConstantPool::parse(&mut r)?;
        let access_flags = r.u2("access_flags")?;
        let at = r.offset();
        let this_class = r.u2("this_class")?;
        expect_kind(
            &constant_pool,
            this_class,
            at,
            "this_class",
            Kind::Class,
            false,
        )?;
        let at = r.offset();
        let super_class = r.u2("super_class")?;
        expect_kind(
            &constant_pool,
            super_class,
            at,
            "super_class",
            Kind::Class,
            true,
        )?;
        let count = r.u2("interfaces_count")?;
        let mut interfaces = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let at = r.offset();
            let i = r.u2("interface index")?;
            expect_kind(&constant_pool, i, at, "interface", Kind::Class, false)?;
            interfaces.push(i);
        }
        let fields = parse_members(&mut r, &constant_pool, "field")?;
        let methods = parse_members(&mut r, &constant_pool, "method")?;
        let attributes = parse_attributes(&mut r, &constant_pool)?;
        if r.remaining() != 0 {
            return Err(r.error(format!(
                "{} unexpected bytes after the end of the class file",
                r.remaining()
            )));
        }
        Ok(ClassFile {
            minor_version,
            major_version,
            constant_pool,
            access_flags,
            this_class,
            super_class,
            interfaces,
            fields,
            methods,
            attributes,
        })
    }

    /// Serialise. For an unmodified parse result the output equals the input byte for byte.
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut w = Writer::default();
        w.u4(0xCAFEBABE);
        w.u2(self.minor_version);
        w.u2(self.major_version);
        self.constant_pool.write(&mut w);
        w.u2(self.access_flags);
        w.u2(self.this_class);
        w.u2(self.super_class);
        w.u2(len_u16(self.interfaces.len(), "interfaces")?);
        for i in &self.interfaces {
            w.u2(*i);
        }
        for (members, what) in [(&self.fields, "fields"), (&self.methods, "methods")] {
            w.u2(len_u16(members.len(), what)?);
            for m in members {
                w.u2(m.access_flags);
                w.u2(m.name_index);
                w.u2(m.descriptor_index);
                write_attributes(&mut w, &m.attributes)?;
            }
        }
        write_attributes(&mut w, &self.attributes)?;
        Ok(w.buf)
    }

    /// Internal name of this class (`com/example/Foo`).
    pub fn name(&self) -> Result<String> {
        self.constant_pool.class_name(self.this_class)
    }

    /// Internal name of the superclass, `None` for `java/lang/Object` and modules.
    pub fn super_name(&self) -> Result<Option<String>> {
        if self.super_class == 0 {
            Ok(None)
        } else {
            self.constant_pool.class_name(self.super_class).map(Some)
        }
    }

    pub fn is_interface(&self) -> bool {
        self.access_flags & crate::access::INTERFACE != 0
    }

    /// Index of the method with this name and descriptor.
    pub fn find_method(&self, name: &str, descriptor: &str) -> Option<usize> {
        self.methods.iter().position(|m| {
            self.constant_pool.utf8_is(m.name_index, name)
                && self.constant_pool.utf8_is(m.descriptor_index, descriptor)
        })
    }

    /// Whether StackMapTable frames are mandatory for code in this class.
    pub fn requires_frames(&self) -> bool {
        self.major_version >= FRAMES_REQUIRED_FROM
    }
}

#[derive(PartialEq)]
enum Kind {
    Class,
    Utf8,
}

fn expect_kind(
    cp: &ConstantPool,
    idx: u16,
    at: usize,
    what: &str,
    kind: Kind,
    zero_ok: bool,
) -> Result<()> {
    if idx == 0 && zero_ok {
        return Ok(());
    }
    let ok = match cp.get(idx) {
        Ok(crate::constant_pool::Constant::Class(_)) => kind == Kind::Class,
        Ok(crate::constant_pool::Constant::Utf8(_)) => kind == Kind::Utf8,
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        let want = if kind == Kind::Class { "Class" } else { "Utf8" };
        Err(ClassFileError::malformed(
            at,
            format!("bad constant-pool index #{idx} for {what}: expected a {want} constant (pool has {} slots)", cp.count()),
        ))
    }
}

fn parse_members(r: &mut Reader, cp: &ConstantPool, what: &str) -> Result<Vec<Member>> {
    let count = r.u2("member count")?;
    let mut members = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let access_flags = r.u2("access_flags")?;
        let at = r.offset();
        let name_index = r.u2("name_index")?;
        expect_kind(
            cp,
            name_index,
            at,
            &format!("{what} name"),
            Kind::Utf8,
            false,
        )?;
        let at = r.offset();
        let descriptor_index = r.u2("descriptor_index")?;
        expect_kind(
            cp,
            descriptor_index,
            at,
            &format!("{what} descriptor"),
            Kind::Utf8,
            false,
        )?;
        let attributes = parse_attributes(r, cp)?;
        members.push(Member {
            access_flags,
            name_index,
            descriptor_index,
            attributes,
        });
    }
    Ok(members)
}

/// Parse an attribute table (count, then name/length/bytes per attribute).
pub(crate) fn parse_attributes(r: &mut Reader, cp: &ConstantPool) -> Result<Vec<Attribute>> {
    let count = r.u2("attributes_count")?;
    let mut attributes = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let at = r.offset();
        let name_index = r.u2("attribute name index")?;
        expect_kind(cp, name_index, at, "attribute name", Kind::Utf8, false)?;
        let len = r.u4("attribute length")? as usize;
        let data = r.bytes(len, "attribute body")?.to_vec();
        attributes.push(Attribute { name_index, data });
    }
    Ok(attributes)
}

pub(crate) fn write_attributes(w: &mut Writer, attributes: &[Attribute]) -> Result<()> {
    w.u2(len_u16(attributes.len(), "attributes")?);
    for a in attributes {
        w.u2(a.name_index);
        let len = u32::try_from(a.data.len())
            .map_err(|_| ClassFileError::rewrite("attribute longer than 4 GiB"))?;
        w.u4(len);
        w.bytes(&a.data);
    }
    Ok(())
}

/// Building new classes and members (for callers that generate classes and methods).
impl ClassFile {
    /// An empty class `name extends super_name` with the given flags and major version.
    pub fn new(
        name: &str,
        super_name: &str,
        access_flags: u16,
        major_version: u16,
    ) -> Result<ClassFile> {
        let mut constant_pool = ConstantPool::new();
        let this_class = constant_pool.add_class(name)?;
        let super_class = constant_pool.add_class(super_name)?;
        Ok(ClassFile {
            minor_version: 0,
            major_version,
            constant_pool,
            access_flags,
            this_class,
            super_class,
            interfaces: Vec::new(),
            fields: Vec::new(),
            methods: Vec::new(),
            attributes: Vec::new(),
        })
    }

    /// Append a field without attributes.
    pub fn add_field(&mut self, access_flags: u16, name: &str, descriptor: &str) -> Result<()> {
        let name_index = self.constant_pool.add_utf8(name)?;
        let descriptor_index = self.constant_pool.add_utf8(descriptor)?;
        self.fields.push(Member {
            access_flags,
            name_index,
            descriptor_index,
            attributes: Vec::new(),
        });
        Ok(())
    }

    /// Build a method member; `code` (if any) becomes its Code attribute.
    pub fn new_method(
        &mut self,
        access_flags: u16,
        name: &str,
        descriptor: &str,
        code: Option<&crate::code::CodeAttribute>,
    ) -> Result<Member> {
        let name_index = self.constant_pool.add_utf8(name)?;
        let descriptor_index = self.constant_pool.add_utf8(descriptor)?;
        let mut attributes = Vec::new();
        if let Some(code) = code {
            attributes.push(Attribute {
                name_index: self.constant_pool.add_utf8("Code")?,
                data: code.to_bytes()?,
            });
        }
        Ok(Member {
            access_flags,
            name_index,
            descriptor_index,
            attributes,
        })
    }
}
