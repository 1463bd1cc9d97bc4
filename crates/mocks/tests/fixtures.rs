//! Each pattern the analysis knows, on hand-written test classes compiled with javac
//! against the real JUnit, Mockito, EasyMock, PowerMock, JMockit and Spring jars, each
//! next to a look-alike that is not a mock.

mod common;

use std::sync::OnceLock;

use common::{fixtures, method, mock_calls};
use mimic_mocks::discovery::Role;
use mimic_mocks::report::Report;

fn inter() -> &'static Report {
    static R: OnceLock<Report> = OnceLock::new();
    R.get_or_init(|| common::report(true))
}

fn intra() -> &'static Report {
    static R: OnceLock<Report> = OnceLock::new();
    R.get_or_init(|| common::report(false))
}

fn calls(class: &str, m: &str) -> Vec<String> {
    mock_calls(inter(), class, m)
}

fn intra_calls(class: &str, m: &str) -> Vec<String> {
    mock_calls(intra(), class, m)
}

#[test]
fn mockito_locals_casts_copies_branches_handlers() {
    assert_eq!(calls("MockitoLocalsTest", "mockLocal"), ["size"]);
    assert!(calls("MockitoLocalsTest", "realLocal").is_empty());
    assert_eq!(calls("MockitoLocalsTest", "castAndCopy"), ["run"]);
    assert!(calls("MockitoLocalsTest", "castAndCopyReal").is_empty());
    assert_eq!(calls("MockitoLocalsTest", "branches"), ["run"]);
    assert!(calls("MockitoLocalsTest", "branchesReal").is_empty());
    assert_eq!(calls("MockitoLocalsTest", "spyOnReal"), ["run"]);
    assert_eq!(calls("MockitoLocalsTest", "inHandler"), ["run"]);
    // long/double slots, dup2 on a long array element: the stack stays aligned.
    assert_eq!(calls("MockitoLocalsTest", "wideValues"), ["take"]);
}

#[test]
fn calls_returning_their_mock_keep_it() {
    // when(s.get()), verify(s).run(), doReturn(..).when(s).get(), inOrder.verify(s).run()
    assert_eq!(
        calls("MockitoLocalsTest", "verifyAndWhen"),
        ["get", "run", "get", "run"]
    );
    // given(s.get()), then(s).should().run(): should() itself is not a mock call.
    assert_eq!(calls("MockitoLocalsTest", "bdd"), ["get", "run"]);
}

#[test]
fn fields_from_annotations_initializers_and_set_up() {
    assert_eq!(calls("FieldsTest", "annotatedField"), ["run"]);
    let annotated = method(inter(), "FieldsTest", "annotatedField");
    assert!(
        annotated
            .focal_candidates
            .iter()
            .any(|f| f.callee.starts_with("fx.prod.Consumer.consume")),
        "@InjectMocks is the object under test: {:?}",
        annotated.focal_candidates
    );
    assert_eq!(calls("FieldsTest", "initializedField"), ["run"]);
    assert_eq!(calls("FieldsTest", "beforeField"), ["run", "run"]);
    assert_eq!(calls("FieldsTest", "viaHelperOfSetUp"), ["run"]);
    assert!(intra_calls("FieldsTest", "viaHelperOfSetUp").is_empty());
    // Written in a test method: a mock there, not in the other tests.
    assert_eq!(calls("FieldsTest", "setInTest"), ["run"]);
    assert!(calls("FieldsTest", "readElsewhere").is_empty());
    let fields: Vec<String> = inter()
        .fields
        .iter()
        .filter(|f| f.class == "fx.FieldsTest")
        .map(|f| f.field.clone())
        .collect();
    assert_eq!(
        fields,
        [
            "annotated",
            "fromBefore",
            "initialized",
            "shared",
            "viaInit"
        ]
    );
}

#[test]
fn easymock_in_junit3() {
    assert_eq!(calls("EasyMockTest", "testCreateMock"), ["run", "get"]);
    assert_eq!(calls("EasyMockTest", "testVariants"), ["run"; 5]);
    assert_eq!(calls("EasyMockTest", "testPartial"), ["get"]);
    // control.createMock in setUp; @org.easymock.Mock; @TestSubject is not a mock.
    assert_eq!(
        calls("EasyMockTest", "testControlAndAnnotation"),
        ["run", "run"]
    );
    assert!(calls("EasyMockTest", "testReal").is_empty());
    assert_eq!(method(inter(), "EasyMockTest", "testReal").role, Role::Test);
    assert_eq!(method(inter(), "EasyMockTest", "setUp").role, Role::Before);
    let created = &method(inter(), "EasyMockTest", "testVariants").creation_sites;
    assert_eq!(created.len(), 5);
    assert!(created.iter().all(|c| c.line.is_some()));
}

#[test]
fn easymock_support_and_look_alikes() {
    assert_eq!(calls("EasyMockSupportTest", "inherited"), ["run", "get"]);
    assert!(calls("LookAlikeTest", "notMocks").is_empty());
    assert!(intra_calls("LookAlikeTest", "notMocks").is_empty());
}

#[test]
fn arrays() {
    assert_eq!(calls("ArraysTest", "localArray"), ["run", "get"]);
    assert_eq!(calls("ArraysTest", "fieldArray"), ["run"]);
    assert!(calls("ArraysTest", "realArray").is_empty());
    assert!(method(inter(), "ArraysTest", "localArray").has_mock_arrays);
    assert!(method(inter(), "ArraysTest", "setUp").has_mock_arrays);
    assert!(!method(inter(), "ArraysTest", "realArray").has_mock_arrays);
    let writes = &method(inter(), "ArraysTest", "setUp").container_writes;
    assert_eq!(writes.len(), 2);
    assert!(writes.iter().all(|w| w.container == "array"));
}

#[test]
fn collections() {
    assert_eq!(
        calls("CollectionsTest", "listOps"),
        ["run", "get", "run", "run"]
    );
    assert_eq!(calls("CollectionsTest", "mapOps"), ["run", "run", "run"]);
    assert_eq!(calls("CollectionsTest", "builders"), ["run", "run", "run"]);
    assert_eq!(calls("CollectionsTest", "fieldCollection"), ["run"]);
    assert!(calls("CollectionsTest", "realCollections").is_empty());
    assert!(method(inter(), "CollectionsTest", "listOps").has_mock_collections);
    assert!(!method(inter(), "CollectionsTest", "realCollections").has_mock_collections);
}

#[test]
fn streams_and_lambdas_over_collections() {
    // findFirst().get().run() in the test, s.get() in the forEach lambda body.
    assert_eq!(
        calls("CollectionsTest", "streamsAndLambdas"),
        ["run", "get"]
    );
    assert_eq!(intra_calls("CollectionsTest", "streamsAndLambdas"), ["run"]);
}

#[test]
fn lambdas_and_method_references() {
    assert_eq!(calls("LambdaTest", "captured"), ["run"]);
    assert!(intra_calls("LambdaTest", "captured").is_empty());
    let refs: Vec<_> = inter()
        .mock_invocations
        .iter()
        .filter(|m| m.method == "methodReference")
        .collect();
    assert_eq!(refs.len(), 1);
    assert_eq!(refs[0].kind, "method_reference");
    assert!(refs[0].callee.starts_with("fx.prod.Service.run"));
    assert!(calls("LambdaTest", "capturedReal").is_empty());
}

#[test]
fn interprocedural_within_test_code_only() {
    assert_eq!(calls("InterprocTest", "helperReturnsMock"), ["run"]);
    assert!(intra_calls("InterprocTest", "helperReturnsMock").is_empty());
    assert_eq!(calls("InterprocTest", "use"), ["run"]);
    assert!(calls("InterprocTest", "useReal").is_empty());
    assert!(intra_calls("InterprocTest", "use").is_empty());
    assert_eq!(calls("InterprocTest", "helperFillsList"), ["run"]);
    assert!(calls("InterprocTest", "neverIntoProduction").is_empty());
    assert!(inter()
        .mock_invocations
        .iter()
        .all(|m| !m.class.starts_with("fx.prod")));
    // A template method whose factory a subclass overrides (class-hierarchy analysis).
    assert_eq!(calls("AbstractBaseTest", "usesFactory"), ["run"]);
}

#[test]
fn static_and_construction_mocks() {
    let statics: Vec<_> = inter()
        .mock_invocations
        .iter()
        .filter(|m| m.class == "fx.StaticMocksTest")
        .map(|m| (m.method.as_str(), m.kind))
        .collect();
    assert_eq!(
        statics,
        [("staticMock", "static"), ("constructionMock", "invoke")]
    );
}

#[test]
fn jmockit_spring_and_powermock() {
    assert_eq!(calls("JMockitTest", "fields"), ["run", "get"]);
    assert_eq!(calls("JMockitTest", "parameter"), ["run"]);
    assert_eq!(calls("SpringBeansTest", "beans"), ["run", "run", "run"]);
    assert_eq!(calls("PowerMockTest", "powerEasyMock"), ["run", "get"]);
    assert_eq!(calls("PowerMockTest", "powerMockito"), ["run", "compute"]);
}

#[test]
fn junit_discovery() {
    let r = inter();
    assert_eq!(method(r, "DiscoveryTest", "parameterized").role, Role::Test);
    assert_eq!(method(r, "DiscoveryTest", "before").role, Role::Before);
    assert_eq!(method(r, "DiscoveryTest", "after").role, Role::After);
    assert!(r
        .methods
        .iter()
        .all(|m| m.method != "testLooksLikeJUnit3ButIsNot"));
    assert_eq!(method(r, "EasyMockTest", "testPartial").role, Role::Test);
    assert!(r.methods.iter().all(|m| m.method != "helperNotATest"));
    // The abstract base is not a public concrete test class; its subclass inherits tests.
    assert!(!method(r, "AbstractBaseTest", "usesFactory").in_test_class);
}

#[test]
fn offsets_point_at_invoke_instructions() {
    let dir = &fixtures().tests;
    for m in &inter().mock_invocations {
        let path = dir.join(format!("{}.class", m.class.replace('.', "/")));
        let class = mimic_classfile::ClassFile::parse(&std::fs::read(&path).unwrap()).unwrap();
        let cp = &class.constant_pool;
        let method = class
            .methods
            .iter()
            .find(|x| x.name(cp).unwrap() == m.method && x.descriptor(cp).unwrap() == m.descriptor)
            .unwrap();
        let code =
            mimic_classfile::CodeAttribute::parse(&method.attribute(cp, "Code").unwrap().data, cp)
                .unwrap();
        let op = code.code[m.offset as usize];
        assert!((0xb6..=0xba).contains(&op), "{m:?}: opcode {op:#x}");
        assert!(m.line.is_some(), "{m:?}");
        assert!(!m.via.is_empty(), "{m:?}");
    }
}

#[test]
fn summary_counts_the_fixture_suite() {
    let s = &inter().summary;
    let i = &intra().summary;
    assert!(s.interprocedural && !i.interprocedural);
    assert!(s.mock_invocations > i.mock_invocations, "{s:?} {i:?}");
    assert_eq!(
        s.mock_invocations,
        inter()
            .mock_invocations
            .iter()
            .filter(|m| m.kind == "invoke")
            .count()
    );
    assert!(s.test_related_with_mock_arrays >= 2);
    assert!(s.test_related_with_mock_collections >= 5);
    assert!(s.instance_invocations > s.mock_invocations);
    assert!(inter().problems.is_empty(), "{:?}", inter().problems);
}
