//! The JVM's "modified UTF-8" (JVMS 4.4.7): NUL as two bytes, supplementary characters as
//! surrogate pairs of three bytes each. Hand-written because no maintained crate covers
//! both directions with the JVM's exact rules; Utf8 constants are stored raw, so this is
//! only used to read names and to encode new constants.

/// Decode modified UTF-8, or `None` if the bytes are not well formed.
pub fn decode(bytes: &[u8]) -> Option<String> {
    // Fast path: plain ASCII without NUL is identical in both encodings.
    if bytes.iter().all(|&b| b != 0 && b < 0x80) {
        return std::str::from_utf8(bytes).ok().map(str::to_owned);
    }
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let a = bytes[i];
        if a == 0 || a >= 0xF0 {
            return None;
        } else if a < 0x80 {
            units.push(a as u16);
            i += 1;
        } else if a & 0xE0 == 0xC0 {
            let b = *bytes.get(i + 1)?;
            if b & 0xC0 != 0x80 {
                return None;
            }
            units.push((((a & 0x1F) as u16) << 6) | (b & 0x3F) as u16);
            i += 2;
        } else if a & 0xF0 == 0xE0 {
            let b = *bytes.get(i + 1)?;
            let c = *bytes.get(i + 2)?;
            if b & 0xC0 != 0x80 || c & 0xC0 != 0x80 {
                return None;
            }
            units
                .push((((a & 0x0F) as u16) << 12) | (((b & 0x3F) as u16) << 6) | (c & 0x3F) as u16);
            i += 3;
        } else {
            return None;
        }
    }
    // Unpaired surrogates are legal in Java strings; keep them visible rather than fail.
    Some(
        char::decode_utf16(units)
            .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect(),
    )
}

/// Encode a Rust string as modified UTF-8.
pub fn encode(s: &str) -> Vec<u8> {
    // Without NUL and supplementary characters (4-byte UTF-8 sequences, lead byte 0xF0 or
    // above) both encodings are the same bytes: nearly every name and descriptor.
    if !s.bytes().any(|b| b == 0 || b >= 0xF0) {
        return s.as_bytes().to_vec();
    }
    let mut out = Vec::with_capacity(s.len());
    for unit in s.encode_utf16() {
        match unit {
            0x0001..=0x007F => out.push(unit as u8),
            0x0000 | 0x0080..=0x07FF => {
                out.push(0xC0 | ((unit >> 6) & 0x1F) as u8);
                out.push(0x80 | (unit & 0x3F) as u8);
            }
            _ => {
                out.push(0xE0 | ((unit >> 12) & 0x0F) as u8);
                out.push(0x80 | ((unit >> 6) & 0x3F) as u8);
                out.push(0x80 | (unit & 0x3F) as u8);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_nul_accents_and_supplementary() {
        for s in ["plain", "a\0b", "café Straße", "emoji 😀 here", ""] {
            assert_eq!(decode(&encode(s)).as_deref(), Some(s));
        }
        assert_eq!(encode("\0"), vec![0xC0, 0x80]);
        // Two- and three-byte characters are the same in both encodings.
        assert_eq!(encode("café Straße €"), "café Straße €".as_bytes());
        assert_eq!(encode("😀").len(), 6);
    }

    #[test]
    fn rejects_raw_nul_and_four_byte_forms() {
        assert_eq!(decode(&[0]), None);
        assert_eq!(decode(&[0xF0, 0x9F, 0x98, 0x80]), None);
        assert_eq!(decode(&[0xC3]), None);
    }
}
