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
    let jars = cache.fetch(&maven, &corpus).expect("fetch the round-trip corpus");
    let mut total = 0usize;
    let mut methods = 0usize;
    let mut failures = Vec::new();
    for (artifact, jar) in corpus.iter().zip(&jars) {
        let entry = mimic_classpath::read_classes(jar, true).expect("readable jar");
        assert!(entry.unreadable.is_empty(), "{artifact}: unreadable entries {:?}", entry.unreadable);
        for class in &entry.classes {
            match check_class(&class.bytes) {
                Ok(n) => methods += n,
                Err(e) => failures.push(format!("{artifact} {}: {e}", class.name)),
            }
        }
        println!("{artifact}: {} classes", entry.classes.len());
        total += entry.classes.len();
    }
    println!("round trip: {total} classes, {methods} method bodies, {} failures", failures.len());
    assert!(failures.is_empty(), "{} failures, first: {:#?}", failures.len(), &failures[..failures.len().min(10)]);
    assert!(total >= 15_000, "only {total} classes in the corpus");
}

/// Returns the number of method bodies checked.
fn check_class(bytes: &[u8]) -> Result<usize, String> {
    let class = ClassFile::parse(bytes).map_err(|e| e.to_string())?;
    let written = class.to_bytes().map_err(|e| e.to_string())?;
    if written != bytes {
        let at = written.iter().zip(bytes).position(|(a, b)| a != b).unwrap_or(written.len().min(bytes.len()));
        return Err(format!("written bytes differ at offset {at} (lengths {} vs {})", written.len(), bytes.len()));
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
