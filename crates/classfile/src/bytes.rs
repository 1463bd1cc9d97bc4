//! Big-endian byte reading with bounds checks (every failure names its offset) and writing.

use crate::error::{ClassFileError, Result};

/// A cursor over class-file bytes that never panics: reads past the end are errors.
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    /// Offset of `data[0]` in the enclosing file, so errors report file offsets.
    base: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Reader::with_base(data, 0)
    }

    pub fn with_base(data: &'a [u8], base: usize) -> Self {
        Reader { data, pos: 0, base }
    }

    /// File offset of the next byte to be read.
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    pub fn error(&self, message: impl Into<String>) -> ClassFileError {
        ClassFileError::malformed(self.offset(), message)
    }

    pub fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if self.remaining() < n {
            return Err(self.error(format!(
                "truncated: {what} needs {n} bytes, only {} left",
                self.remaining()
            )));
        }
        let slice = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(slice)
    }

    pub fn u1(&mut self, what: &str) -> Result<u8> {
        Ok(self.bytes(1, what)?[0])
    }

    pub fn u2(&mut self, what: &str) -> Result<u16> {
        let b = self.bytes(2, what)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    pub fn u4(&mut self, what: &str) -> Result<u32> {
        let b = self.bytes(4, what)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn u8(&mut self, what: &str) -> Result<u64> {
        let b = self.bytes(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_be_bytes(a))
    }
}

/// Append-only big-endian writer.
#[derive(Default)]
pub struct Writer {
    pub buf: Vec<u8>,
}

impl Writer {
    pub fn u1(&mut self, v: u8) {
        self.buf.push(v);
    }
    pub fn u2(&mut self, v: u16) {
        self.buf.extend_from_slice(&v.to_be_bytes());
    }
    pub fn u4(&mut self, v: u32) {
        self.buf.extend_from_slice(&v.to_be_bytes());
    }
    pub fn u8(&mut self, v: u64) {
        self.buf.extend_from_slice(&v.to_be_bytes());
    }
    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }
}

/// Convert a length to `u16`, or fail naming what overflowed.
pub fn len_u16(len: usize, what: &str) -> Result<u16> {
    u16::try_from(len)
        .map_err(|_| ClassFileError::rewrite(format!("{what} has {len} entries, more than 65535")))
}
