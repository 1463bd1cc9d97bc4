//! A fast real check: commons-collections4 4.4's published tests jar (one of the paper's
//! benchmarks), fetched from Maven Central, with the counts this analysis gives asserted
//! and the paper's spot check (Listing 4, `NodeListIteratorTest.setUp` filling the array
//! field `nodes` with EasyMock mocks) verified.

use mimic_jvm::{pinned, ArtifactCache, Maven};
use mimic_mocks::report::Report;
use mimic_mocks::{analyse, Options, Program};

fn run(interprocedural: bool) -> Report {
    let maven = Maven::locate().expect("Maven");
    let jars = ArtifactCache::default_location()
        .fetch(
            &maven,
            &pinned::artifacts(&[
                "org.apache.commons:commons-collections4:4.4:tests",
                "org.apache.commons:commons-collections4:4.4",
            ]),
        )
        .expect("commons-collections4 4.4 from Maven Central");
    let program = Program::load(&jars[..1], &jars[1..]);
    analyse(
        &program,
        &Options {
            interprocedural,
            ..Options::default()
        },
    )
}

#[test]
fn commons_collections4_counts() {
    let intra = run(false);
    let s = &intra.summary;
    assert!(intra.problems.is_empty(), "{:?}", intra.problems);
    assert_eq!(s.classes, 402);
    assert_eq!(s.test_related_methods, 1174);
    assert_eq!(s.test_related_with_mocks, 2);
    assert_eq!(s.test_related_with_mock_arrays, 2);
    assert_eq!(s.test_related_with_mock_collections, 0);
    assert_eq!(s.mock_invocations, 3);

    let inter = run(true);
    assert_eq!(inter.summary.mock_invocations, 17);
    assert_eq!(inter.summary.test_related_with_mocks, 7);
    // Every extra interprocedural call is reached through a test-code helper.
    assert!(inter
        .mock_invocations
        .iter()
        .all(
            |m| m.class.starts_with("org.apache.commons.collections4.") && m.class.contains("Test")
        ));
}

#[test]
fn paper_listing_4_node_array_field() {
    let r = run(false);
    let nodes = r
        .fields
        .iter()
        .find(|f| f.field == "nodes" && f.class.ends_with("NodeListIteratorTest"))
        .expect("NodeListIteratorTest.nodes holds mocks");
    assert_eq!(nodes.holds, ["array"]);
    assert!(nodes.via.ends_with("EasyMock.createMock"), "{}", nodes.via);
    let set_up = r
        .methods
        .iter()
        .find(|m| m.class.ends_with("NodeListIteratorTest") && m.method == "setUp")
        .unwrap();
    assert!(set_up.has_mocks && set_up.has_mock_arrays);
    assert_eq!(set_up.creation_sites.len(), 4);
    // `new Node[] {node1, …, node4}` and the varargs arrays of four `replay(node)` calls.
    assert_eq!(set_up.container_writes.len(), 8);
}
