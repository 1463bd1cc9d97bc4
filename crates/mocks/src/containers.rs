//! How calls on the Java collections API (and Guava's, `Optional`, streams, atomic and
//! future holders) move mocks in and out of containers: writes (`add`, `put`, `offer`,
//! `set`, copy constructors, `addAll`…), element reads (`get`, `next`, `poll`, `peek`,
//! `getValue`, `orElse`…), views that share contents (`iterator`, `stream`, `filter`,
//! `values`, `subList`…), `entrySet`, `toArray`, and static builders (`List.of`,
//! `Arrays.asList`, `Collections.singletonList`, `ImmutableList.of`…). Whether an argument
//! is an element or a whole container is decided by the declared parameter type.

use mimic_classfile::{FieldType, MethodDescriptor};

/// What a call does to mock contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContainerOp {
    /// Not a container operation.
    None,
    /// The receiver receives the arguments.
    Write,
    /// The result is an element of the receiver.
    Read,
    /// The result is a container sharing the receiver's contents.
    View,
    /// The result holds the receiver's entries (each a container of its elements).
    Entries,
    /// The result is an array of the receiver's elements.
    ToArray,
    /// Static: the result is a container built from the arguments.
    Build,
    /// Static: the result is an element of the first argument.
    StaticRead,
    /// Static: the first argument receives the other arguments.
    StaticWrite,
    /// Static: the result is the first argument (`Objects.requireNonNull`).
    Identity,
}

const WRITES: &[&str] = &[
    "<init>",
    "add",
    "addAll",
    "addFirst",
    "addLast",
    "offer",
    "offerFirst",
    "offerLast",
    "push",
    "put",
    "putAll",
    "putIfAbsent",
    "set",
    "setValue",
    "addElement",
    "insertElementAt",
    "setElementAt",
    "lazySet",
    "setPlain",
    "setRelease",
    "compareAndSet",
    "getAndSet",
    "complete",
    "merge",
    "replace",
    "putFirst",
    "putLast",
];

const BUILDER_PACKAGES: &[&str] = &[
    "java/util/",
    "com/google/common/collect/",
    "com/google/common/base/Optional",
];

/// Owners whose methods are container operations.
pub fn is_container_owner(owner: &str) -> bool {
    (owner.starts_with("java/util/")
        && !owner.starts_with("java/util/function/")
        && !owner.starts_with("java/util/regex/")
        && !owner.starts_with("java/util/logging/")
        && !owner.starts_with("java/util/jar/")
        && !owner.starts_with("java/util/zip/")
        && !matches!(
            owner,
            "java/util/Random" | "java/util/Date" | "java/util/Calendar" | "java/util/UUID"
        ))
        || owner == "java/lang/Iterable"
        || owner.starts_with("com/google/common/collect/")
        || owner == "com/google/common/base/Optional"
}

/// A type that holds elements: what a view's result must be.
fn is_container_type(t: &FieldType) -> bool {
    match t {
        FieldType::Object(n) => is_container_owner(n) || n == "java/lang/Iterable",
        FieldType::Array(_) => true,
        _ => false,
    }
}

/// True when a parameter of this type passes a whole container (copied element-wise)
/// rather than one element.
pub fn is_bulk_parameter(t: &FieldType) -> bool {
    match t {
        FieldType::Array(e) => e.is_reference(),
        FieldType::Object(n) => is_container_owner(n) || n == "java/lang/Iterable",
        _ => false,
    }
}

/// Classifies an instance (`is_static` false) or static call.
pub fn classify(owner: &str, name: &str, desc: &MethodDescriptor, is_static: bool) -> ContainerOp {
    if owner == "java/util/Objects" && name.starts_with("requireNonNull") {
        return ContainerOp::Identity;
    }
    if !is_container_owner(owner) {
        return ContainerOp::None;
    }
    let ret = desc.ret.as_ref();
    if is_static {
        if !BUILDER_PACKAGES.iter().any(|p| owner.starts_with(p)) {
            return ContainerOp::None;
        }
        return match ret {
            _ if matches!(name, "addAll" | "fill") => ContainerOp::StaticWrite,
            Some(FieldType::Object(n)) if n == "java/lang/Object" => ContainerOp::StaticRead,
            Some(t) if is_container_type(t) => ContainerOp::Build,
            _ => ContainerOp::None,
        };
    }
    if WRITES.contains(&name) {
        return ContainerOp::Write;
    }
    match (name, ret) {
        ("entrySet", _) => ContainerOp::Entries,
        ("toArray", Some(FieldType::Array(_))) => ContainerOp::ToArray,
        ("map" | "flatMap" | "mapToObj" | "mapToInt" | "mapToLong" | "mapToDouble", _) => {
            ContainerOp::None
        }
        ("collect", Some(_)) => ContainerOp::View,
        (_, Some(FieldType::Object(n))) if n == "java/lang/Object" => ContainerOp::Read,
        (_, Some(t)) if is_container_type(t) => ContainerOp::View,
        _ => ContainerOp::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(owner: &str, name: &str, desc: &str, is_static: bool) -> ContainerOp {
        classify(
            owner,
            name,
            &MethodDescriptor::parse(desc).unwrap(),
            is_static,
        )
    }

    #[test]
    fn classifies_the_collections_api() {
        use ContainerOp::*;
        assert_eq!(
            c("java/util/List", "add", "(Ljava/lang/Object;)Z", false),
            Write
        );
        assert_eq!(
            c("java/util/List", "get", "(I)Ljava/lang/Object;", false),
            Read
        );
        assert_eq!(
            c("java/util/Iterator", "next", "()Ljava/lang/Object;", false),
            Read
        );
        assert_eq!(
            c(
                "java/util/List",
                "iterator",
                "()Ljava/util/Iterator;",
                false
            ),
            View
        );
        assert_eq!(
            c("java/util/Map", "entrySet", "()Ljava/util/Set;", false),
            Entries
        );
        assert_eq!(
            c("java/util/List", "toArray", "()[Ljava/lang/Object;", false),
            ToArray
        );
        assert_eq!(
            c(
                "java/util/stream/Stream",
                "peek",
                "(Ljava/util/function/Consumer;)Ljava/util/stream/Stream;",
                false
            ),
            View
        );
        assert_eq!(
            c("java/util/Queue", "peek", "()Ljava/lang/Object;", false),
            Read
        );
        assert_eq!(
            c(
                "java/util/Arrays",
                "asList",
                "([Ljava/lang/Object;)Ljava/util/List;",
                true
            ),
            Build
        );
        assert_eq!(
            c(
                "java/util/Collections",
                "addAll",
                "(Ljava/util/Collection;[Ljava/lang/Object;)Z",
                true
            ),
            StaticWrite
        );
        assert_eq!(
            c(
                "java/util/Objects",
                "requireNonNull",
                "(Ljava/lang/Object;)Ljava/lang/Object;",
                true
            ),
            Identity
        );
        assert_eq!(
            c("java/util/List", "contains", "(Ljava/lang/Object;)Z", false),
            None
        );
        assert_eq!(
            c(
                "java/util/function/Supplier",
                "get",
                "()Ljava/lang/Object;",
                false
            ),
            None
        );
        assert!(is_bulk_parameter(
            &FieldType::parse("Ljava/util/Collection;").unwrap()
        ));
        assert!(!is_bulk_parameter(
            &FieldType::parse("Ljava/lang/Object;").unwrap()
        ));
    }
}
