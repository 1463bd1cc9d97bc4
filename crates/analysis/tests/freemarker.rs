//! The read analysis on a real template engine, FreeMarker 2.3.35 from Maven Central:
//! its expression classes read each other's `left`, `right`, `target`, `exp`,
//! `keyExpression`, … through abstract methods, and `TemplateObject.getSource`'s tree of
//! paths that repeat no field grew to two million nodes (a 48 MB plan, five minutes of
//! `mimic targets`). Every tree is now bounded.

use mimic_analysis::reads::MAX_TREE;
use mimic_analysis::{find_targets, ClassIndex, TargetOptions};
use mimic_jvm::{pinned, Artifact, ArtifactCache, Maven};

#[test]
fn every_read_tree_of_a_template_engine_stays_within_the_bound() {
    let artifact = Artifact::parse(pinned::FREEMARKER).unwrap();
    let jars = ArtifactCache::default_location()
        .fetch(&Maven::locate().unwrap(), &[artifact])
        .unwrap();
    let index = ClassIndex::build(&jars, |_| true);
    let options = TargetOptions {
        project_packages: vec!["freemarker".into()],
        ..TargetOptions::default()
    };
    let plan = find_targets(&index, &options).unwrap();
    assert!(plan.summary.muts > 300, "{:?}", plan.summary);
    let mut largest = (0, String::new());
    for m in &plan.muts {
        let Some(reads) = &m.reads else { continue };
        let trees = reads
            .receiver
            .iter()
            .chain(reads.params.iter().flatten())
            .chain(reads.answers.values());
        for tree in trees {
            if tree.size() > largest.0 {
                largest = (tree.size(), format!("{}.{}", m.class, m.method));
            }
        }
    }
    assert!(largest.0 <= MAX_TREE, "{largest:?}");
    println!("largest read tree: {largest:?}");
}
