//! `ClassSource` on small jars and directories: multi-release selection, `module-info`
//! and `package-info` skipped, an input named twice read once, unreadable inputs and
//! entries reported without stopping the rest, and the JDK's own classes after the inputs.

mod support;

use std::path::PathBuf;

use mimic_classfile::ClassFile;
use mimic_classpath::{ClassSource, JdkImage};
use support::{class_file, jar, Class};

const MANIFEST_MR: &str = "Manifest-Version: 1.0\r\nMulti-Release: true\r\n\r\n";

/// The superclass recorded in `bytes`, to tell versions of one class apart.
fn super_of(bytes: &[u8]) -> String {
    ClassFile::parse(bytes)
        .unwrap()
        .super_name()
        .unwrap()
        .unwrap()
}

fn versioned(super_name: &str) -> Vec<u8> {
    Class {
        super_name,
        ..Class::new("p/A")
    }
    .bytes()
}

fn multi_release_jar(dir: &std::path::Path, manifest: &str) -> PathBuf {
    let path = dir.join("mr.jar");
    jar(
        &path,
        &[
            ("META-INF/MANIFEST.MF", manifest.as_bytes().to_vec()),
            ("p/A.class", versioned("p/Base")),
            ("META-INF/versions/9/p/A.class", versioned("p/Nine")),
            ("META-INF/versions/11/p/A.class", versioned("p/Eleven")),
            ("META-INF/versions/21/p/A.class", versioned("p/TwentyOne")),
            (
                "META-INF/versions/11/p/OnlyEleven.class",
                Class::new("p/OnlyEleven").bytes(),
            ),
            (
                "META-INF/versions/9/module-info.class",
                Class::new("module-info").bytes(),
            ),
        ],
    );
    path
}

#[test]
fn multi_release_jars_give_the_best_version_for_the_release() {
    let dir = tempfile::tempdir().unwrap();
    let path = multi_release_jar(dir.path(), MANIFEST_MR);
    let cases = [
        (None, "p/Base", false),
        (Some(8), "p/Base", false),
        (Some(17), "p/Eleven", true),
        (Some(25), "p/TwentyOne", true),
    ];
    for (release, expected, has_eleven_only) in cases {
        let source = ClassSource::new(std::slice::from_ref(&path)).with_release(release);
        let found = source.find("p/A").unwrap();
        assert_eq!(super_of(&found.bytes), expected, "release {release:?}");
        let all = source.read_input(0).unwrap();
        let names: Vec<&str> = all.classes.iter().map(|c| c.internal.as_str()).collect();
        let expected_names: &[&str] = if has_eleven_only {
            &["p/A", "p/OnlyEleven"]
        } else {
            &["p/A"]
        };
        assert_eq!(names, expected_names, "release {release:?}");
        assert_eq!(super_of(&all.classes[0].bytes), expected);
    }
    let source = ClassSource::new(std::slice::from_ref(&path)).with_release(Some(17));
    let a = source.read_input(0).unwrap().classes.remove(0);
    assert_eq!(a.stored, "META-INF/versions/11/p/A.class");
}

#[test]
fn versions_count_only_in_jars_that_say_multi_release() {
    let dir = tempfile::tempdir().unwrap();
    let path = multi_release_jar(dir.path(), "Manifest-Version: 1.0\r\n\r\n");
    let source = ClassSource::new(&[path]).with_release(Some(25));
    assert_eq!(super_of(&source.find("p/A").unwrap().bytes), "p/Base");
    assert!(source.find("p/OnlyEleven").is_none());
}

#[test]
fn module_and_package_descriptors_are_not_classes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.jar");
    jar(
        &path,
        &[
            ("module-info.class", Class::new("module-info").bytes()),
            ("p/package-info.class", Class::new("p/package-info").bytes()),
            ("p/A.class", Class::new("p/A").bytes()),
        ],
    );
    let classes = dir.path().join("classes");
    class_file(&classes, "module-info", &Class::new("module-info").bytes());
    class_file(
        &classes,
        "q/package-info",
        &Class::new("q/package-info").bytes(),
    );
    class_file(&classes, "q/B", &Class::new("q/B").bytes());
    let source = ClassSource::new(&[path, classes]);
    let names = |i| -> Vec<String> {
        let all = source.read_input(i).unwrap();
        all.classes.into_iter().map(|c| c.internal).collect()
    };
    assert_eq!(names(0), ["p/A"]);
    assert_eq!(names(1), ["q/B"]);
    assert!(source.find("module-info").is_none());
    assert!(source.find("q/package-info").is_none());
}

#[test]
fn an_input_named_twice_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    class_file(dir.path(), "p/A", &Class::new("p/A").bytes());
    let same = dir.path().join("p").join("..");
    let source = ClassSource::new(&[dir.path().to_path_buf(), same]);
    assert_eq!(source.duplicate_of(1), Some(0));
    assert_eq!(source.read_input(0).unwrap().classes.len(), 1);
    assert!(source.read_input(1).unwrap().classes.is_empty());
    assert_eq!(source.find("p/A").unwrap().origin.input, Some(0));
}

#[test]
fn unreadable_inputs_are_reported_and_the_rest_still_read() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.jar");
    std::fs::write(&broken, b"not a zip").unwrap();
    let good = dir.path().join("good.jar");
    jar(&good, &[("p/A.class", Class::new("p/A").bytes())]);
    let missing = dir.path().join("missing.jar");
    let source = ClassSource::new(&[broken, missing, good]);
    let e = source.read_input(0).unwrap_err().to_string();
    assert!(
        e.contains("broken.jar") && e.contains("not a readable jar"),
        "{e}"
    );
    let e = source.read_input(1).unwrap_err().to_string();
    assert!(e.contains("missing.jar"), "{e}");
    let found = source.find("p/A").unwrap();
    assert_eq!(found.origin.input, Some(2));
    assert!(
        found.origin.location.ends_with("good.jar!p/A.class"),
        "{:?}",
        found.origin
    );
}

#[test]
fn unreadable_entries_are_reported_with_path_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.jar");
    jar(
        &path,
        &[
            ("p/A.class", Class::new("p/A").bytes()),
            ("p/B.class", Class::new("p/B").bytes()),
        ],
    );
    // Damage p/B's stored bytes (the second class-file magic): its checksum fails.
    let mut bytes = std::fs::read(&path).unwrap();
    let magic = [0xCA, 0xFE, 0xBA, 0xBE];
    let second = bytes
        .windows(4)
        .enumerate()
        .filter(|(_, w)| *w == magic)
        .nth(1)
        .unwrap()
        .0;
    bytes[second + 5] ^= 0xFF;
    std::fs::write(&path, bytes).unwrap();
    let source = ClassSource::new(&[path]);
    let all = source.read_input(0).unwrap();
    assert_eq!(all.classes.len(), 1);
    assert_eq!(all.classes[0].internal, "p/A");
    assert_eq!(all.unreadable.len(), 1);
    assert_eq!(all.unreadable[0].name, "p/B.class");
    assert!(!all.unreadable[0].reason.is_empty());
    assert!(source.find("p/B").is_none());
    let problems = source.lookup_problems();
    assert!(
        problems[0].name.ends_with("damaged.jar!p/B.class"),
        "{problems:?}"
    );
}

#[test]
fn the_jdk_comes_after_the_inputs() {
    let Ok(jdk) = mimic_jvm::Jdk::locate() else {
        panic!("the tests need a JDK 17+ (JAVA_HOME or javac on PATH)");
    };
    let dir = tempfile::tempdir().unwrap();
    // An input's own java/util/AbstractList shadows the JDK's, as on a classpath.
    class_file(
        dir.path(),
        "java/util/AbstractList",
        &Class::new("java/util/AbstractList").bytes(),
    );
    let source =
        ClassSource::new(&[dir.path().to_path_buf()]).with_jdk(JdkImage::open(&jdk.home).unwrap());
    assert_eq!(
        source.find("java/util/AbstractList").unwrap().origin.input,
        Some(0)
    );
    let list = source.find("java/util/ArrayList").unwrap();
    assert_eq!(list.origin.input, None);
    assert_eq!(
        list.origin.location,
        "jrt:/java.base/java/util/ArrayList.class"
    );
    let running = ClassSource::for_running_jdk(&[]);
    assert_eq!(running.jdk_problem(), None);
    assert_eq!(running.release(), Some(jdk.feature_version));
}
