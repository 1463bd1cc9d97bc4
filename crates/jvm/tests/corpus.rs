//! The pinned class-file round-trip corpus exists on Maven Central and holds
//! more than 15,000 classes.

use std::io::Read;

use mimic_jvm::{pinned, ArtifactCache, Maven};

#[test]
fn round_trip_corpus_has_over_15000_classes() {
    let maven = Maven::locate().expect("Maven");
    let cache = ArtifactCache::default_location();
    let corpus = pinned::round_trip_corpus();
    let jars = cache.fetch(&maven, &corpus).expect("fetch the corpus");
    let mut total = 0;
    for (artifact, jar) in corpus.iter().zip(&jars) {
        let mut archive = zip::ZipArchive::new(std::fs::File::open(jar).unwrap()).unwrap();
        let mut classes = 0;
        for i in 0..archive.len() {
            let mut entry = archive.by_index(i).unwrap();
            if entry.name().ends_with(".class") {
                let mut magic = [0u8; 4];
                entry.read_exact(&mut magic).unwrap();
                assert_eq!(
                    magic,
                    [0xCA, 0xFE, 0xBA, 0xBE],
                    "{artifact}: {}",
                    entry.name()
                );
                classes += 1;
            }
        }
        eprintln!("{classes:>6} {artifact}");
        total += classes;
    }
    eprintln!("{total:>6} in all");
    assert!(total > 15_000, "only {total} classes");
}
