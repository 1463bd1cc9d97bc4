//! Attributes of the XML the Java tools write (JUnit's reports, JaCoCo's), read with
//! quick-xml: one helper, so every reader unescapes and reports errors alike.

use quick_xml::events::BytesStart;

/// The unescaped value of attribute `name`, if present.
pub fn attribute(e: &BytesStart<'_>, name: &[u8]) -> Result<Option<String>, String> {
    for attr in e.attributes() {
        let attr = attr.map_err(|err| err.to_string())?;
        if attr.key.as_ref() == name {
            let value = attr.unescape_value().map_err(|err| err.to_string())?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}
