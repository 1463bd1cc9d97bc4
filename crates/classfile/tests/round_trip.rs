//! Round trip over real jars from Maven Central: every class file parses and is written
//! back byte for byte; every Code attribute decodes, re-encodes identically and its
//! instructions decode. Prints the per-jar and total class counts.

use mimic_classfile::code::CodeAttribute;
use mimic_classfile::instruction::decode;
use mimic_classfile::ClassFile;
use mimic_jvm::{pinned, ArtifactCache, Maven};

#[test]
fn every_class_of_the_pinned_corpus_round_trips_byte_for_byte() {
    let cache = ArtifactCache::default_location();
    let maven = Maven::locate().expect("Maven is needed to fetch the corpus");
    let corpus = pinned::round_trip_corpus();
    let jars = cache
        .fetch(&maven, &corpus)
        .expect("fetch the round-trip corpus");
    let mut total = 0usize;
    let mut methods = 0usize;
    let mut failures = Vec::new();
    for (artifact, jar) in corpus.iter().zip(&jars) {
        let entry = mimic_classpath::read_classes(jar, true).expect("readable jar");
        assert!(
            entry.unreadable.is_empty(),
            "{artifact}: unreadable entries {:?}",
            entry.unreadable
        );
        for class in &entry.classes {
            match check_class(&class.bytes) {
                Ok(n) => methods += n,
                Err(e) => failures.push(format!("{artifact} {}: {e}", class.name)),
            }
        }
        println!("{artifact}: {} classes", entry.classes.len());
        total += entry.classes.len();
    }
    println!(
        "round trip: {total} classes, {methods} method bodies, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
    assert!(total >= 15_000, "only {total} classes in the corpus");
}

/// Returns the number of method bodies checked.
fn check_class(bytes: &[u8]) -> Result<usize, String> {
    let class = ClassFile::parse(bytes).map_err(|e| e.to_string())?;
    let written = class.to_bytes().map_err(|e| e.to_string())?;
    if written != bytes {
        let at = written
            .iter()
            .zip(bytes)
            .position(|(a, b)| a != b)
            .unwrap_or(written.len().min(bytes.len()));
        return Err(format!(
            "written bytes differ at offset {at} (lengths {} vs {})",
            written.len(),
            bytes.len()
        ));
    }
    let cp = &class.constant_pool;
    let mut n = 0;
    for m in &class.methods {
        if let Some(attr) = m.attribute(cp, "Code") {
            let code = CodeAttribute::parse(&attr.data, cp).map_err(|e| e.to_string())?;
            if code.to_bytes().map_err(|e| e.to_string())? != attr.data {
                return Err("Code attribute re-encodes differently".into());
            }
            decode(&code.code).map_err(|e| e.to_string())?;
            n += 1;
        }
    }
    Ok(n)
}

/// The newest class files we claim: Java 25 (major 69), taken from a JDK 25's own
/// `java.base` module (`jimage extract`). The JDK is found at `$MIMIC_JDK25` or under
/// `/usr/lib/jvm/*25*`; its absence is a failure, not a skip.
#[test]
fn java_25_class_files_of_java_base_round_trip() {
    let home = std::env::var_os("MIMIC_JDK25")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            let mut dirs: Vec<_> = std::fs::read_dir("/usr/lib/jvm")
                .ok()?
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .collect();
            dirs.sort();
            dirs.into_iter().find(|d| {
                d.file_name()
                    .is_some_and(|n| n.to_string_lossy().contains("25"))
                    && d.join("bin/jimage").exists()
            })
        })
        .expect("no JDK 25 found: set MIMIC_JDK25 to a JDK 25 home (the machine's Temurin 25)");
    let dir = tempfile::tempdir().unwrap();
    let status = std::process::Command::new(home.join("bin/jimage"))
        .args(["extract", "--dir"])
        .arg(dir.path())
        .args(["--include", "regex:/java.base/.*"])
        .arg(home.join("lib/modules"))
        .status()
        .expect("run jimage");
    assert!(status.success(), "jimage extract failed");
    let entry = mimic_classpath::read_classes(dir.path(), true).unwrap();
    let mut failures = Vec::new();
    let mut at_69 = 0;
    for class in &entry.classes {
        if class.bytes.get(7) == Some(&69) {
            at_69 += 1;
        }
        if let Err(e) = check_class(&class.bytes) {
            failures.push(format!("{}: {e}", class.name));
        }
    }
    println!(
        "java.base of {}: {} classes, {at_69} of version 69, {} failures",
        home.display(),
        entry.classes.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{:#?}",
        &failures[..failures.len().min(10)]
    );
    assert!(
        at_69 > 5_000,
        "expected Java 25 class files, found {at_69} of version 69"
    );
}
