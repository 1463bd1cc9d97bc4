//! `Hierarchy` on small class sets: supertypes through the JDK, missing supertypes,
//! direct subtypes, and method, interface-method and field resolution (JVMS §5.4.3)
//! through superclasses, superinterfaces and default methods.

mod support;

use mimic_classfile::access::{ABSTRACT, PRIVATE, PUBLIC, STATIC};
use mimic_classpath::{ClassSource, Hierarchy, JdkImage, ResolutionError};
use support::{class_file, Class};

const RUN: &str = "()V";

/// A hierarchy over one directory holding `classes`.
fn hierarchy(classes: &[Class]) -> (tempfile::TempDir, Hierarchy) {
    let dir = tempfile::tempdir().unwrap();
    for c in classes {
        class_file(dir.path(), c.name, &c.bytes());
    }
    let source = ClassSource::new(&[dir.path().to_path_buf()]);
    (dir, Hierarchy::new(source))
}

fn interface<'a>(
    name: &'a str,
    interfaces: &'a [&'a str],
    methods: &'a [(u16, &'a str, &'a str)],
) -> Class<'a> {
    Class {
        interfaces,
        interface: true,
        methods,
        ..Class::new(name)
    }
}

/// `I { abstract run }`, `J extends I { default run }`, `K extends I { abstract run }`,
/// `Base implements I`, `Impl extends Base implements J`, `Both implements J, K`.
fn diamond() -> (tempfile::TempDir, Hierarchy) {
    hierarchy(&[
        interface("p/I", &[], &[(PUBLIC | ABSTRACT, "run", RUN)]),
        interface("p/J", &["p/I"], &[(PUBLIC, "run", RUN)]),
        interface("p/K", &["p/I"], &[(PUBLIC | ABSTRACT, "run", RUN)]),
        Class {
            interfaces: &["p/I"],
            methods: &[(PUBLIC, "<init>", RUN)],
            ..Class::new("p/Base")
        },
        Class {
            super_name: "p/Base",
            interfaces: &["p/J"],
            ..Class::new("p/Impl")
        },
        Class {
            interfaces: &["p/J", "p/K"],
            ..Class::new("p/Both")
        },
    ])
}

#[test]
fn supertypes_subtypes_and_is_subtype() {
    let (_dir, h) = diamond();
    let mut all: Vec<String> = h.supertypes("p/Impl").to_vec();
    all.sort();
    assert_eq!(all, ["java/lang/Object", "p/Base", "p/I", "p/J"]);
    assert_eq!(h.superclasses("p/Impl"), ["p/Base", "java/lang/Object"]);
    assert!(h.is_subtype("p/Impl", "p/I"));
    assert!(h.is_subtype("p/I", "p/I"));
    assert!(!h.is_subtype("p/Base", "p/J"));
    assert_eq!(h.direct_subtypes("p/I"), ["p/Base", "p/J", "p/K"]);
    assert_eq!(h.direct_subtypes("p/J"), ["p/Both", "p/Impl"]);
    // Without the JDK, java/lang/Object is a missing supertype, named but not fatal.
    assert_eq!(h.missing_supertypes("p/Impl"), ["java/lang/Object"]);
}

#[test]
fn method_resolution_prefers_the_class_chain_then_the_maximally_specific_default() {
    let (_dir, h) = diamond();
    // Declared in a superclass.
    let r = h.resolve_method("p/Impl", "<init>", RUN).unwrap();
    assert_eq!(r.class.name, "p/Base");
    // Not in the class chain: J's default is more specific than I's abstract method.
    let r = h.resolve_method("p/Impl", "run", RUN).unwrap();
    assert_eq!(r.class.name, "p/J");
    assert!(!r.method().is_abstract());
    // J (default) and K (abstract) are both maximally specific: the one default wins.
    let r = h.resolve_method("p/Both", "run", RUN).unwrap();
    assert_eq!(r.class.name, "p/J");
    // Only abstract declarations: one of them.
    let r = h.resolve_method("p/Base", "run", RUN).unwrap();
    assert_eq!(r.class.name, "p/I");
    // An interface needs interface method resolution.
    assert!(matches!(
        h.resolve_method("p/J", "run", RUN),
        Err(ResolutionError::IncompatibleClassChange(_))
    ));
}

#[test]
fn interface_method_resolution() {
    let (_dir, h) = diamond();
    assert_eq!(
        h.resolve_interface_method("p/J", "run", RUN)
            .unwrap()
            .class
            .name,
        "p/J"
    );
    assert_eq!(
        h.resolve_interface_method("p/K", "run", RUN)
            .unwrap()
            .class
            .name,
        "p/K"
    );
    assert!(matches!(
        h.resolve_interface_method("p/Impl", "run", RUN),
        Err(ResolutionError::IncompatibleClassChange(_))
    ));
    let jdk = mimic_jvm::Jdk::locate().expect("a JDK 17+");
    let dir = tempfile::tempdir().unwrap();
    class_file(dir.path(), "p/I", &interface("p/I", &[], &[]).bytes());
    let source =
        ClassSource::new(&[dir.path().to_path_buf()]).with_jdk(JdkImage::open(&jdk.home).unwrap());
    let h = Hierarchy::new(source);
    // Public methods of Object are found through any interface.
    let r = h
        .resolve_interface_method("p/I", "hashCode", "()I")
        .unwrap();
    assert_eq!(r.class.name, "java/lang/Object");
    // Object's protected methods are not.
    assert!(h
        .resolve_interface_method("p/I", "clone", "()Ljava/lang/Object;")
        .is_err());
}

#[test]
fn private_and_static_interface_methods_are_not_inherited() {
    let (_dir, h) = hierarchy(&[
        interface(
            "p/I",
            &[],
            &[(PRIVATE, "hidden", RUN), (PUBLIC | STATIC, "util", RUN)],
        ),
        Class {
            interfaces: &["p/I"],
            ..Class::new("p/C")
        },
    ]);
    for name in ["hidden", "util"] {
        let e = h.resolve_method("p/C", name, RUN).unwrap_err();
        // Object is missing (no JDK): the lookup says which class might have held it.
        assert_eq!(e, ResolutionError::MissingClass("java/lang/Object".into()));
    }
}

#[test]
fn missing_supertypes_are_named_and_known_members_still_resolve() {
    let (_dir, h) = hierarchy(&[Class {
        super_name: "gone/Parent",
        interfaces: &["gone/Api"],
        methods: &[(PUBLIC, "own", RUN)],
        ..Class::new("p/Orphan")
    }]);
    let mut missing = h.missing_supertypes("p/Orphan");
    missing.sort();
    assert_eq!(missing, ["gone/Api", "gone/Parent"]);
    assert_eq!(h.superclasses("p/Orphan"), ["gone/Parent"]);
    assert_eq!(
        h.resolve_method("p/Orphan", "own", RUN).unwrap().class.name,
        "p/Orphan"
    );
    assert_eq!(
        h.resolve_method("p/Orphan", "inherited", RUN).unwrap_err(),
        ResolutionError::MissingClass("gone/Parent".into())
    );
    assert!(h.is_subtype("p/Orphan", "gone/Parent"));
    assert_eq!(
        h.resolve_method("p/Nowhere", "x", RUN).unwrap_err(),
        ResolutionError::MissingClass("p/Nowhere".into())
    );
}

#[test]
fn field_resolution_looks_in_superinterfaces_before_the_superclass() {
    let (_dir, h) = hierarchy(&[
        Class {
            interface: true,
            fields: &[(PUBLIC | STATIC, "X", "I")],
            ..Class::new("p/Constants")
        },
        Class {
            fields: &[(PUBLIC, "X", "I"), (PUBLIC, "y", "J")],
            ..Class::new("p/Parent")
        },
        Class {
            super_name: "p/Parent",
            interfaces: &["p/Constants"],
            ..Class::new("p/Child")
        },
    ]);
    assert_eq!(
        h.resolve_field("p/Child", "X", None).unwrap().class.name,
        "p/Constants"
    );
    let y = h.resolve_field("p/Child", "y", Some("J")).unwrap();
    assert_eq!(
        (y.class.name.as_str(), y.field().name.as_str()),
        ("p/Parent", "y")
    );
    assert!(h.resolve_field("p/Child", "y", Some("I")).is_err());
}

#[test]
fn jdk_supertypes_come_from_the_running_jdk() {
    let dir = tempfile::tempdir().unwrap();
    class_file(
        dir.path(),
        "p/MyList",
        &Class {
            super_name: "java/util/AbstractList",
            ..Class::new("p/MyList")
        }
        .bytes(),
    );
    let h = Hierarchy::new(ClassSource::for_running_jdk(&[dir.path().to_path_buf()]));
    assert!(h.is_subtype("p/MyList", "java/util/List"));
    assert!(h.is_subtype("p/MyList", "java/util/Collection"));
    assert!(h.missing_supertypes("p/MyList").is_empty());
    assert_eq!(
        h.superclasses("p/MyList"),
        [
            "java/util/AbstractList",
            "java/util/AbstractCollection",
            "java/lang/Object"
        ]
    );
    // size() is abstract in AbstractCollection; iterator() is implemented in AbstractList.
    let r = h
        .resolve_method("p/MyList", "iterator", "()Ljava/util/Iterator;")
        .unwrap();
    assert_eq!(r.class.name, "java/util/AbstractList");
    // A default method of a JDK interface, reached through the JDK's classes.
    let r = h
        .resolve_method("p/MyList", "stream", "()Ljava/util/stream/Stream;")
        .unwrap();
    assert_eq!(r.class.name, "java/util/Collection");
    assert!(h.problems().is_empty(), "{:?}", h.problems());
}

#[test]
fn one_hierarchy_can_serve_several_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Hierarchy>();
    shareable::<ClassSource>();
    let (_dir, h) = diamond();
    std::thread::scope(|s| {
        let a = s.spawn(|| {
            h.resolve_method("p/Impl", "run", RUN)
                .unwrap()
                .class
                .name
                .clone()
        });
        let b = s.spawn(|| h.is_subtype("p/Both", "p/I"));
        assert_eq!(a.join().unwrap(), "p/J");
        assert!(b.join().unwrap());
    });
}
