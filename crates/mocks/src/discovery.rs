//! Test discovery as JUnit 3, 4 and 5 (and TestNG) see it: which methods are tests,
//! which run before or after them (the methods whose field writes every test sees), and
//! which classes are test classes (superclasses from `mimic-classpath`'s hierarchy).

use mimic_classfile::access;
use serde::Serialize;

use mimic_classpath::{ClassInfo, MethodInfo};

use crate::program::Program;

/// What a method is to the test runner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Test,
    /// `@Before`/`@BeforeEach`/`@BeforeClass`/`@BeforeAll`/`setUp`.
    Before,
    /// `@After`/`@AfterEach`/`@AfterClass`/`@AfterAll`/`tearDown`.
    After,
    Constructor,
    StaticInitializer,
    /// A synthetic lambda body.
    Lambda,
    /// Anything else: helpers, overrides, utilities.
    Helper,
}

impl Role {
    /// Test, Before or After: the paper's "test-related" methods.
    pub fn is_test_related(self) -> bool {
        matches!(self, Role::Test | Role::Before | Role::After)
    }

    /// Methods whose field writes hold for every test of the class.
    pub fn initializes_fields(self) -> bool {
        matches!(
            self,
            Role::Before | Role::Constructor | Role::StaticInitializer
        )
    }
}

const TEST_ANNOTATIONS: &[&str] = &[
    "org/junit/Test",
    "org/junit/jupiter/api/Test",
    "org/junit/jupiter/params/ParameterizedTest",
    "org/junit/jupiter/api/RepeatedTest",
    "org/junit/jupiter/api/TestFactory",
    "org/junit/jupiter/api/TestTemplate",
    "org/testng/annotations/Test",
];

const BEFORE_ANNOTATIONS: &[&str] = &[
    "org/junit/Before",
    "org/junit/BeforeClass",
    "org/junit/jupiter/api/BeforeEach",
    "org/junit/jupiter/api/BeforeAll",
    "org/testng/annotations/BeforeMethod",
    "org/testng/annotations/BeforeClass",
];

const AFTER_ANNOTATIONS: &[&str] = &[
    "org/junit/After",
    "org/junit/AfterClass",
    "org/junit/jupiter/api/AfterEach",
    "org/junit/jupiter/api/AfterAll",
    "org/testng/annotations/AfterMethod",
    "org/testng/annotations/AfterClass",
];

const JUNIT3_TEST_CASE: &str = "junit/framework/TestCase";

fn has_any(annotations: &[String], names: &[&str]) -> bool {
    annotations.iter().any(|a| names.contains(&a.as_str()))
}

/// True for classes JUnit 3 runs (subclasses of `TestCase`).
pub fn is_junit3_class(program: &Program, class: &ClassInfo) -> bool {
    program.is_subtype(&class.name, JUNIT3_TEST_CASE)
}

/// The role of `method` in `class`.
pub fn role(program: &Program, class: &ClassInfo, method: &MethodInfo) -> Role {
    let a = &method.annotations;
    if has_any(a, TEST_ANNOTATIONS) {
        return Role::Test;
    }
    if has_any(a, BEFORE_ANNOTATIONS) {
        return Role::Before;
    }
    if has_any(a, AFTER_ANNOTATIONS) {
        return Role::After;
    }
    match method.name.as_str() {
        "<init>" => return Role::Constructor,
        "<clinit>" => return Role::StaticInitializer,
        _ => {}
    }
    if method.name.starts_with("lambda$") {
        return Role::Lambda;
    }
    if method.descriptor == "()V" && !method.is_static() {
        if method.name == "setUp" {
            return Role::Before;
        }
        if method.name == "tearDown" {
            return Role::After;
        }
        if method.name.starts_with("test")
            && method.access & access::PUBLIC != 0
            && method.access & access::ABSTRACT == 0
            && is_junit3_class(program, class)
        {
            return Role::Test;
        }
    }
    Role::Helper
}

/// True when `class` declares or inherits (from test code) at least one test method.
pub fn is_test_class(program: &Program, class: &ClassInfo) -> bool {
    let declares_test = |methods: &[MethodInfo]| {
        methods
            .iter()
            .any(|m| role(program, class, m) == Role::Test)
    };
    if declares_test(&class.methods) {
        return true;
    }
    for name in program.hierarchy().superclasses(&class.name) {
        match program.class(&name) {
            Some(c) if declares_test(&c.info.methods) => return true,
            Some(_) => {}
            None => break,
        }
    }
    false
}
