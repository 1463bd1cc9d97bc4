//! Preparing the inputs of a run in its work directory: reading the application classes
//! (through `mimic-classpath`'s `ClassSource`, as the running JDK sees them: an entry
//! named twice is read once, a class in two entries is taken from the first) and choosing
//! targets, writing the rewritten (schema) classes, and unpacking test jars into
//! directories the JUnit Platform can scan.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use mimic_classfile::ClassFile;

use crate::error::MutateError;
use crate::operators::Operator;
use crate::schema::apply_schema;
use crate::stop::StopKind;
use mimic_diagnostic::Diagnostic;

use crate::targets::Selection;

/// Read every class of `entries`, choose the targets and write the rewritten classes to
/// `schema_dir`. A class that fails to parse or rewrite is reported and left unmutated.
pub fn prepare_schema(
    entries: &[PathBuf],
    operators: &[Operator],
    stops: &[StopKind],
    schema_dir: &Path,
) -> Result<Selection, MutateError> {
    let mut selection = Selection::default();
    let mut parsed: Vec<(String, ClassFile)> = Vec::new();
    let source = mimic_classpath::ClassSource::for_running_jdk(entries);
    let mut seen = HashSet::new();
    for (i, entry) in entries.iter().enumerate() {
        let classes = source.read_input(i)?;
        for bad in classes.unreadable {
            selection.problems.push(
                Diagnostic::error(bad.reason)
                    .in_file(entry.display().to_string())
                    .at_entry(bad.name),
            );
        }
        for resource in classes.classes {
            if !seen.insert(resource.internal.clone()) {
                selection.problems.push(
                    Diagnostic::warning(format!(
                        "not mutated: {} is also in an earlier entry, which is the one mutated",
                        resource.internal
                    ))
                    .in_file(entry.display().to_string())
                    .at_entry(resource.stored),
                );
                continue;
            }
            match ClassFile::parse(&resource.bytes) {
                Ok(class) => {
                    selection.add_class(&class, operators, stops);
                    // Written where the JVM looks for the class (a versioned class of a
                    // multi-release jar as the class itself).
                    parsed.push((format!("{}.class", resource.internal), class));
                }
                Err(e) => selection.problems.push(
                    Diagnostic::error(e.to_string())
                        .in_file(entry.display().to_string())
                        .at_entry(resource.stored),
                ),
            }
        }
    }
    let mut by_class: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, m) in selection.methods.iter().enumerate() {
        by_class.entry(m.class.clone()).or_default().push(i);
    }
    let mut dropped: Vec<usize> = Vec::new();
    for (entry, mut class) in parsed {
        let Ok(name) = class.name() else { continue };
        let Some(indices) = by_class.get(&name) else {
            continue;
        };
        let targets: Vec<_> = indices.iter().map(|i| &selection.methods[*i]).collect();
        let written = apply_schema(&mut class, &targets)
            .and_then(|_| class.to_bytes())
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                let path = schema_dir.join(&entry);
                std::fs::create_dir_all(path.parent().unwrap_or(schema_dir))
                    .and_then(|_| std::fs::write(&path, bytes))
                    .map_err(|e| format!("could not write {}: {e}", path.display()))
            });
        if let Err(reason) = written {
            selection
                .problems
                .push(Diagnostic::error(format!("not mutated: {reason}")).at_entry(entry));
            dropped.extend(indices);
        }
    }
    dropped.sort_unstable();
    for i in dropped.into_iter().rev() {
        selection.methods.remove(i);
    }
    Ok(selection)
}

/// Directories holding the test classes: directories as given, jars unpacked under `work`.
pub fn test_dirs(entries: &[PathBuf], work: &Path) -> Result<Vec<PathBuf>, MutateError> {
    let mut dirs = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        if entry.is_dir() {
            dirs.push(entry.clone());
            continue;
        }
        let out = work.join(format!("tests-{i}"));
        let file = std::fs::File::open(entry).map_err(|e| MutateError::io("open", entry, e))?;
        let mut archive =
            zip::ZipArchive::new(file).map_err(|e| MutateError::io("read jar", entry, e))?;
        archive
            .extract(&out)
            .map_err(|e| MutateError::io("unpack", entry, e))?;
        dirs.push(out);
    }
    Ok(dirs)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use mimic_jvm::{compile, CompileOptions, Jdk};

    use super::*;
    use crate::operators::defaults;
    use crate::stop::ALL_STOP_KINDS;

    /// A small class with a few mutable methods, compiled into `out`.
    fn compiled_fixture(out: &Path) {
        let src = out.with_extension("src").join("demo/Counter.java");
        std::fs::create_dir_all(src.parent().unwrap()).unwrap();
        std::fs::write(
            &src,
            "package demo; public class Counter { private int n; \
             public int next(int by) { n += by; return n * 2; } \
             public boolean big() { return n > 10 && n % 2 == 0; } \
             public String label() { return \"#\" + n; } }",
        )
        .unwrap();
        let jdk = Jdk::locate().expect("a JDK 17+");
        compile(&jdk, &[src], &[], out, &CompileOptions::default()).unwrap();
    }

    #[test]
    fn the_same_classes_directory_named_twice_is_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let classes = dir.path().join("classes");
        compiled_fixture(&classes);
        let once = prepare_schema(
            std::slice::from_ref(&classes),
            &defaults(),
            ALL_STOP_KINDS,
            &dir.path().join("schema-once"),
        )
        .unwrap();
        let twice = prepare_schema(
            &[classes.clone(), classes.clone()],
            &defaults(),
            ALL_STOP_KINDS,
            &dir.path().join("schema-twice"),
        )
        .unwrap();
        assert!(!once.methods.is_empty());
        assert_eq!(twice.methods.len(), once.methods.len());
        assert_eq!(twice.skipped.len(), once.skipped.len());
        assert!(twice.problems.is_empty(), "{:?}", twice.problems);
    }

    #[test]
    fn an_unreadable_class_is_an_error_that_names_its_file_and_the_rest_is_mutated() {
        let dir = tempfile::tempdir().unwrap();
        let classes = dir.path().join("classes");
        compiled_fixture(&classes);
        std::fs::write(classes.join("demo/Broken.class"), b"\xca\xfe\xba\xbe\0\0").unwrap();
        let selection = prepare_schema(
            std::slice::from_ref(&classes),
            &defaults(),
            ALL_STOP_KINDS,
            &dir.path().join("schema"),
        )
        .unwrap();
        assert!(selection.methods.iter().any(|m| m.name == "next"));
        assert_eq!(selection.problems.len(), 1, "{:?}", selection.problems);
        let problem = &selection.problems[0];
        assert_eq!(problem.severity, mimic_diagnostic::Severity::Error);
        assert_eq!(problem.location.entry.as_deref(), Some("demo/Broken.class"));
        assert_eq!(
            problem.location.file.as_deref(),
            Some(classes.display().to_string().as_str())
        );
        assert!(
            problem.to_string().contains("demo/Broken.class"),
            "{problem}"
        );
    }
}
