//! The Code attribute (JVMS 4.7.3): bytecode, exception table and nested attributes.

use crate::bytes::{len_u16, Reader, Writer};
use crate::class_file::{parse_attributes, write_attributes, Attribute};
use crate::constant_pool::ConstantPool;
use crate::error::{ClassFileError, Result};

/// One exception-table row. `catch_type` 0 catches everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExceptionHandler {
    pub start_pc: u16,
    pub end_pc: u16,
    pub handler_pc: u16,
    pub catch_type: u16,
}

/// One LocalVariableTable entry: the variable in `slot` is named `name` from `start`
/// for `length` bytes of code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalVariable {
    pub start: u16,
    pub length: u16,
    pub name: String,
    pub slot: u16,
}

/// A decoded Code attribute. Nested attributes (StackMapTable, LineNumberTable…) stay raw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeAttribute {
    pub max_stack: u16,
    pub max_locals: u16,
    pub code: Vec<u8>,
    pub exception_table: Vec<ExceptionHandler>,
    pub attributes: Vec<Attribute>,
}

impl CodeAttribute {
    /// Decode the body of a Code attribute.
    pub fn parse(data: &[u8], cp: &ConstantPool) -> Result<CodeAttribute> {
        let mut r = Reader::new(data);
        let max_stack = r.u2("max_stack")?;
        let max_locals = r.u2("max_locals")?;
        let len = r.u4("code_length")? as usize;
        if len == 0 || len >= 65536 {
            return Err(r.error(format!("code_length {len} is out of range 1..65535")));
        }
        let code = r.bytes(len, "bytecode")?.to_vec();
        let n = r.u2("exception_table_length")?;
        let mut exception_table = Vec::with_capacity(n as usize);
        for _ in 0..n {
            exception_table.push(ExceptionHandler {
                start_pc: r.u2("start_pc")?,
                end_pc: r.u2("end_pc")?,
                handler_pc: r.u2("handler_pc")?,
                catch_type: r.u2("catch_type")?,
            });
        }
        let attributes = parse_attributes(&mut r, cp)?;
        if r.remaining() != 0 {
            return Err(r.error("Code attribute has trailing bytes"));
        }
        Ok(CodeAttribute {
            max_stack,
            max_locals,
            code,
            exception_table,
            attributes,
        })
    }

    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut w = Writer::default();
        w.u2(self.max_stack);
        w.u2(self.max_locals);
        if self.code.is_empty() || self.code.len() >= 65536 {
            return Err(ClassFileError::rewrite(format!(
                "code length {} is out of range",
                self.code.len()
            )));
        }
        w.u4(self.code.len() as u32);
        w.bytes(&self.code);
        w.u2(len_u16(self.exception_table.len(), "exception table")?);
        for h in &self.exception_table {
            w.u2(h.start_pc);
            w.u2(h.end_pc);
            w.u2(h.handler_pc);
            w.u2(h.catch_type);
        }
        write_attributes(&mut w, &self.attributes)?;
        Ok(w.buf)
    }

    /// The first nested attribute called `name`.
    pub fn attribute<'a>(&'a self, cp: &ConstantPool, name: &str) -> Option<&'a Attribute> {
        self.attributes
            .iter()
            .find(|a| cp.utf8_is(a.name_index, name))
    }

    /// (start_pc, line) pairs of every LineNumberTable, in table order.
    pub fn line_numbers(&self, cp: &ConstantPool) -> Vec<(u16, u16)> {
        let mut out = Vec::new();
        for a in self
            .attributes
            .iter()
            .filter(|a| cp.utf8_is(a.name_index, "LineNumberTable"))
        {
            let mut r = Reader::new(&a.data);
            let Ok(n) = r.u2("line_number_table_length") else {
                continue;
            };
            for _ in 0..n {
                match (r.u2("start_pc"), r.u2("line_number")) {
                    (Ok(start), Ok(line)) => out.push((start, line)),
                    _ => break,
                }
            }
        }
        out
    }

    /// Source line of the instruction at `offset`, from the LineNumberTable(s).
    pub fn line_of(&self, cp: &ConstantPool, offset: u16) -> Option<u16> {
        self.line_numbers(cp)
            .into_iter()
            .filter(|(start, _)| *start <= offset)
            .max_by_key(|(start, _)| *start)
            .map(|(_, line)| line)
    }

    /// Every entry of the LocalVariableTable(s) (javac `-g`), in table order; a truncated
    /// table yields the entries before the cut.
    pub fn local_variables(&self, cp: &ConstantPool) -> Vec<LocalVariable> {
        let mut out = Vec::new();
        for a in self
            .attributes
            .iter()
            .filter(|a| cp.utf8_is(a.name_index, "LocalVariableTable"))
        {
            let mut r = Reader::new(&a.data);
            let Ok(n) = r.u2("local_variable_table_length") else {
                continue;
            };
            for _ in 0..n {
                let entry = (|| {
                    let start = r.u2("start_pc").ok()?;
                    let length = r.u2("length").ok()?;
                    let name = r.u2("name_index").ok()?;
                    r.u2("descriptor_index").ok()?;
                    let slot = r.u2("index").ok()?;
                    Some((start, length, name, slot))
                })();
                let Some((start, length, name, slot)) = entry else {
                    break;
                };
                if let Ok(name) = cp.utf8(name) {
                    out.push(LocalVariable {
                        start,
                        length,
                        name,
                        slot,
                    });
                }
            }
        }
        out
    }

    /// The source name of the local variable in `slot` at `offset`: the entry whose
    /// range `[start, start + length)` holds `offset`. `None` when no table says.
    pub fn local_name(&self, cp: &ConstantPool, slot: u16, offset: u16) -> Option<String> {
        self.local_variables(cp)
            .into_iter()
            .find(|v| {
                v.slot == slot
                    && u32::from(v.start) <= u32::from(offset)
                    && u32::from(offset) < u32::from(v.start) + u32::from(v.length)
            })
            .map(|v| v.name)
    }

    /// The smallest line number of the method, if it has line numbers.
    pub fn first_line(&self, cp: &ConstantPool) -> Option<u16> {
        self.line_numbers(cp)
            .into_iter()
            .map(|(_, line)| line)
            .min()
    }
}
