//! Java source text: literals, string escapes, type names from binary names and
//! descriptors, and identifiers.

use mimic_classfile::descriptor::FieldType;

/// A Java string literal with escapes.
pub fn string_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if (c as u32) > 0xffff => {
                let mut buf = [0u16; 2];
                for u in c.encode_utf16(&mut buf) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text safe inside a `//` comment: line breaks and other control characters become
/// `<U+XXXX>` text and backslashes are doubled, so javac's unicode-escape translation
/// (which runs before comments are recognised) cannot end the comment.
pub fn comment_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("<U+{:04X}>", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// A Java char literal for a UTF-16 code unit. Line ends take escape sequences: javac
/// translates `\u000a` before it lexes, so that spelling would end the line inside the
/// literal.
pub fn char_literal(v: u16) -> String {
    match v {
        0x0a => "'\\n'".into(),
        0x0d => "'\\r'".into(),
        0x09 => "'\\t'".into(),
        0x27 => "'\\''".into(),
        0x5c => "'\\\\'".into(),
        0x20..=0x7e => format!("'{}'", v as u8 as char),
        _ => format!("'\\u{v:04x}'"),
    }
}

pub fn float_literal(bits: u32) -> String {
    let v = f32::from_bits(bits);
    if v.is_nan() {
        "Float.NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "Float.POSITIVE_INFINITY".into()
        } else {
            "Float.NEGATIVE_INFINITY".into()
        }
    } else {
        format!("{v:?}F")
    }
}

pub fn double_literal(bits: u64) -> String {
    let v = f64::from_bits(bits);
    if v.is_nan() {
        "Double.NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "Double.POSITIVE_INFINITY".into()
        } else {
            "Double.NEGATIVE_INFINITY".into()
        }
    } else {
        format!("{v:?}")
    }
}

pub fn long_literal(v: i64) -> String {
    if v == i64::MIN {
        "Long.MIN_VALUE".into()
    } else {
        format!("{v}L")
    }
}

pub fn int_literal(v: i32) -> String {
    if v == i32::MIN {
        "Integer.MIN_VALUE".into()
    } else {
        v.to_string()
    }
}

/// A class's simple name from its binary name: `a.b.Outer$Inner` → `Inner`.
pub fn short_class(binary: &str) -> &str {
    binary.rsplit(['.', '$']).next().unwrap_or(binary)
}

/// Package of a binary name (`com.x.Foo$Bar` → `com.x`).
pub fn package_of(binary: &str) -> &str {
    binary.rfind('.').map(|i| &binary[..i]).unwrap_or("")
}

/// Source name of a class for code in `package`: simple (with `.` for nesting) when it
/// is in that package or `java.lang`, fully qualified otherwise.
pub fn class_name(binary: &str, package: &str) -> String {
    let pkg = package_of(binary);
    let simple = &binary[if pkg.is_empty() { 0 } else { pkg.len() + 1 }..];
    let simple = simple.replace('$', ".");
    if pkg == package || (pkg == "java.lang" && !simple.contains('.')) {
        simple
    } else {
        format!("{pkg}.{simple}")
    }
}

/// Source type of a field type, for code in `package`.
pub fn type_name(t: &FieldType, package: &str) -> String {
    match t {
        FieldType::Boolean => "boolean".into(),
        FieldType::Byte => "byte".into(),
        FieldType::Char => "char".into(),
        FieldType::Short => "short".into(),
        FieldType::Int => "int".into(),
        FieldType::Long => "long".into(),
        FieldType::Float => "float".into(),
        FieldType::Double => "double".into(),
        FieldType::Object(n) => class_name(&n.replace('/', "."), package),
        FieldType::Array(e) => format!("{}[]", type_name(e, package)),
    }
}

/// The binary name of a reference type from an array-or-class descriptor-ish class name
/// as the store writes it (`[I`, `[Ljava.lang.String;`, `java.util.List`).
pub fn field_type_of_class(class: &str) -> Option<FieldType> {
    if class.starts_with('[') {
        FieldType::parse(&class.replace('.', "/")).ok()
    } else {
        Some(FieldType::Object(class.replace('.', "/")))
    }
}

/// `camelCase` identifier from a name, safe to use as a Java local.
pub fn identifier(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_alphanumeric() {
            if out.is_empty() && c.is_ascii_digit() {
                out.push('v');
            }
            if upper {
                out.push(c.to_ascii_uppercase());
                upper = false;
            } else if i == 0 || out.is_empty() {
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        } else if !out.is_empty() {
            upper = true;
        }
    }
    if out.is_empty() {
        out.push_str("value");
    }
    if JAVA_KEYWORDS.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// Is `s` a Java keyword or literal (`class`, `true`, `null`…), unusable as a name?
pub fn is_keyword(s: &str) -> bool {
    JAVA_KEYWORDS.contains(&s)
}

const JAVA_KEYWORDS: [&str; 53] = [
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "try",
    "void",
    "volatile",
    "while",
    "true",
    "false",
    "null",
];

/// Upper-case the first letter.
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_names() {
        assert_eq!(
            string_literal("a\"b\\c\n😀"),
            "\"a\\\"b\\\\c\\n\\ud83d\\ude00\""
        );
        assert_eq!(char_literal('\'' as u16), "'\\''");
        // javac reads `'\u000a'` as a line end inside the literal (escapes are translated
        // before the source is lexed): line ends need the escape sequences.
        assert_eq!(char_literal(0x0a), "'\\n'");
        assert_eq!(char_literal(0x0d), "'\\r'");
        assert_eq!(char_literal(0x09), "'\\t'");
        assert_eq!(char_literal(0x00), "'\\u0000'");
        assert_eq!(float_literal(4.2f32.to_bits()), "4.2F");
        assert_eq!(double_literal(f64::NAN.to_bits()), "Double.NaN");
        assert_eq!(double_literal(42.0f64.to_bits()), "42.0");
        assert_eq!(class_name("com.x.Outer$Inner", "com.x"), "Outer.Inner");
        assert_eq!(class_name("java.util.List", "com.x"), "java.util.List");
        assert_eq!(class_name("java.lang.String", "com.x"), "String");
        assert_eq!(identifier("paymentService"), "paymentService");
        assert_eq!(identifier("ExternalTypeTwo"), "externalTypeTwo");
        assert_eq!(identifier("class"), "class_");
        assert_eq!(comment_text("a\nb"), "a<U+000A>b");
        assert_eq!(comment_text("x\\u000a y"), "x\\\\u000a y");
    }
}
