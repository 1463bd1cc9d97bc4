//! Raw class resources of one jar or directory, and copying a jar while replacing some
//! entries. "Raw" means every `*.class` file as stored, `module-info`/`package-info`
//! included and no multi-release selection: what byte-level tools (the round-trip test,
//! the batch instrumenter) want. Analyses read classes through [`crate::ClassSource`]
//! instead, which applies the naming rules of [`crate::resource`]. Unreadable entries are
//! reported by name and never stop the rest from being read.

use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;

use crate::error::{io, jar, ClasspathError};

/// One `.class` resource: its path inside the entry (`com/x/Foo.class`) and its bytes.
#[derive(Debug, Clone)]
pub struct ClassResource {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Why one resource of an entry could not be read.
#[derive(Debug, Clone)]
pub struct Unreadable {
    pub name: String,
    pub reason: String,
}

/// The classes of one classpath entry.
#[derive(Debug, Default)]
pub struct EntryClasses {
    pub classes: Vec<ClassResource>,
    pub unreadable: Vec<Unreadable>,
}

/// True for `*.class` resources outside `META-INF/` (with `with_versions`, also those under
/// `META-INF/`, multi-release versions included). `module-info.class` and
/// `package-info.class` are class files and are included.
pub fn is_class_resource(name: &str, with_versions: bool) -> bool {
    name.ends_with(".class") && (with_versions || !name.starts_with("META-INF/"))
}

/// Read every class resource of a jar or directory. `with_versions` keeps multi-release
/// and other `META-INF/` classes too (the round-trip test wants every class file).
pub fn read_classes(entry: &Path, with_versions: bool) -> Result<EntryClasses, ClasspathError> {
    if entry.is_dir() {
        read_dir_classes(entry, with_versions)
    } else {
        read_jar_classes(entry, with_versions)
    }
}

fn read_jar_classes(path: &Path, with_versions: bool) -> Result<EntryClasses, ClasspathError> {
    let file = File::open(path).map_err(|e| io(path, e))?;
    let mut archive = zip::ZipArchive::new(file).map_err(|e| jar(path, e))?;
    let mut out = EntryClasses::default();
    for i in 0..archive.len() {
        let mut entry = match archive.by_index(i) {
            Ok(e) => e,
            Err(e) => {
                out.unreadable.push(Unreadable {
                    name: format!("entry #{i}"),
                    reason: e.to_string(),
                });
                continue;
            }
        };
        let name = entry.name().to_string();
        if entry.is_dir() || !is_class_resource(&name, with_versions) {
            continue;
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        match entry.read_to_end(&mut bytes) {
            Ok(_) => out.classes.push(ClassResource { name, bytes }),
            Err(e) => out.unreadable.push(Unreadable {
                name,
                reason: e.to_string(),
            }),
        }
    }
    Ok(out)
}

fn read_dir_classes(root: &Path, with_versions: bool) -> Result<EntryClasses, ClasspathError> {
    read_dir_files(root, |name| is_class_resource(name, with_versions))
}

/// The files under `root` whose `/`-separated relative name `accept`s, read, sorted by
/// name; files that cannot be read are listed with the reason. The one directory walker
/// of the crate (raw reading and [`crate::ClassSource`] both use it).
pub(crate) fn read_dir_files(
    root: &Path,
    accept: impl Fn(&str) -> bool,
) -> Result<EntryClasses, ClasspathError> {
    let mut out = EntryClasses::default();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .map_err(|e| io(&dir, e))?
            .filter_map(|e| e.ok())
            .collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            if !accept(&name) {
                continue;
            }
            match std::fs::read(&p) {
                Ok(bytes) => out.classes.push(ClassResource { name, bytes }),
                Err(e) => out.unreadable.push(Unreadable {
                    name,
                    reason: e.to_string(),
                }),
            }
        }
    }
    out.classes.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// Signature files of signed jars: rewritten classes invalidate them, so copies drop them.
fn is_signature_file(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    upper.starts_with("META-INF/")
        && !upper[9..].contains('/')
        && [".SF", ".RSA", ".DSA", ".EC"]
            .iter()
            .any(|ext| upper.ends_with(ext))
}

/// Copy jar `input` to `output`, passing each entry to `replace`: `Some(bytes)` replaces
/// the entry's content, `None` keeps it. Signature files are dropped. `extra` entries are
/// appended (name, bytes). Entry order and names are kept.
pub fn rewrite_jar(
    input: &Path,
    output: &Path,
    mut replace: impl FnMut(&str, &[u8]) -> Option<Vec<u8>>,
    extra: &[(String, Vec<u8>)],
) -> Result<(), ClasspathError> {
    let file = File::open(input).map_err(|e| io(input, e))?;
    let mut archive = zip::ZipArchive::new(file).map_err(|e| jar(input, e))?;
    let out = File::create(output).map_err(|e| io(output, e))?;
    let mut writer = zip::ZipWriter::new(out);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| jar(input, e))?;
        let name = entry.name().to_string();
        if is_signature_file(&name) {
            continue;
        }
        if entry.is_dir() {
            writer
                .add_directory(name.as_str(), options)
                .map_err(|e| jar(output, e))?;
            continue;
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry
            .read_to_end(&mut bytes)
            .map_err(|e| jar(input, format!("{name}: {e}")))?;
        let content = replace(&name, &bytes).unwrap_or(bytes);
        writer
            .start_file(name.as_str(), options)
            .map_err(|e| jar(output, e))?;
        writer.write_all(&content).map_err(|e| io(output, e))?;
    }
    for (name, bytes) in extra {
        writer
            .start_file(name.as_str(), options)
            .map_err(|e| jar(output, e))?;
        writer.write_all(bytes).map_err(|e| io(output, e))?;
    }
    writer.finish().map_err(|e| jar(output, e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_files_are_recognised() {
        assert!(is_signature_file("META-INF/BC.SF"));
        assert!(is_signature_file("META-INF/bc.rsa"));
        assert!(!is_signature_file("META-INF/MANIFEST.MF"));
        assert!(!is_signature_file("META-INF/versions/9/X.SF"));
    }

    #[test]
    fn unreadable_jar_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("broken.jar");
        std::fs::write(&p, b"not a zip").unwrap();
        let e = read_classes(&p, false).unwrap_err().to_string();
        assert!(
            e.contains("broken.jar") && e.contains("not a readable jar"),
            "{e}"
        );
    }
}
