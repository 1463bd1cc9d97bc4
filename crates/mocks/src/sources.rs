//! The mocking APIs the analysis knows: which calls create mocks (Mockito, BDDMockito,
//! EasyMock, EasyMockSupport, PowerMock, jMock), which return their mock argument
//! (`verify(m)`, `doReturn(…).when(m)`…), which annotations make a field or a parameter a
//! mock (Mockito, EasyMock, PowerMock, JMockit, Spring). Defaults cover the libraries
//! named in the issue; a JSON file with the same shape adds more ([`MockApis::extend`]).

use serde::{Deserialize, Serialize};

/// Calls on `owner` (or a subclass of it) named one of `names` (empty = any name).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodPattern {
    /// Internal name, e.g. `org/mockito/Mockito`.
    pub owner: String,
    #[serde(default)]
    pub names: Vec<String>,
}

/// A call whose result is its argument number `argument` (0 = first declared parameter;
/// for instance methods the receiver is not counted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassThrough {
    pub owner: String,
    pub names: Vec<String>,
    #[serde(default)]
    pub argument: usize,
}

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct MockApis {
    /// Calls returning a new mock (or spy).
    pub sources: Vec<MethodPattern>,
    /// `mockStatic(Foo.class)`: static calls on `Foo` become mock calls.
    pub static_sources: Vec<MethodPattern>,
    /// `mockConstruction(Foo.class)`: `new Foo(…)` makes mocks.
    pub construction_sources: Vec<MethodPattern>,
    /// Calls returning a mock factory (EasyMock `createControl`, `partialMockBuilder`).
    pub factories: Vec<MethodPattern>,
    /// Methods that, called on a factory, return a mock.
    pub factory_products: Vec<String>,
    /// Calls returning their (mock) argument.
    pub pass_through: Vec<PassThrough>,
    /// `BDDMockito.then(m)`: a handle whose `should…()` returns the mock.
    pub verifiers: Vec<MethodPattern>,
    /// Method names that, called on a verifier handle, return the mock.
    pub verifier_products: Vec<String>,
    /// Annotations (internal names) making a field a mock.
    pub field_annotations: Vec<String>,
    /// Annotations making a test-method parameter a mock.
    pub parameter_annotations: Vec<String>,
}

fn pattern(owner: &str, names: &[&str]) -> MethodPattern {
    MethodPattern {
        owner: owner.to_string(),
        names: names.iter().map(|s| s.to_string()).collect(),
    }
}

fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

const EASYMOCK_CREATORS: &[&str] = &[
    "createMock",
    "createNiceMock",
    "createStrictMock",
    "mock",
    "niceMock",
    "strictMock",
];

const POWERMOCK_EASYMOCK_CREATORS: &[&str] = &[
    "createMock",
    "createNiceMock",
    "createStrictMock",
    "createPartialMock",
    "createNicePartialMock",
    "createStrictPartialMock",
    "createPartialMockForAllMethodsExcept",
    "createPartialMockAndInvokeDefaultConstructor",
    "createNicePartialMockAndInvokeDefaultConstructor",
    "createStrictPartialMockAndInvokeDefaultConstructor",
    "createMockAndExpectNew",
    "createNiceMockAndExpectNew",
    "createStrictMockAndExpectNew",
];

impl MockApis {
    /// Mockito (+BDD), EasyMock (+EasyMockSupport), PowerMock (EasyMock and Mockito
    /// APIs), JMockit, jMock and Spring's mock-bean annotations.
    pub fn defaults() -> MockApis {
        MockApis {
            sources: vec![
                pattern("org/mockito/Mockito", &["mock", "spy"]),
                pattern("org/mockito/BDDMockito", &["mock", "spy"]),
                pattern("org/easymock/EasyMock", EASYMOCK_CREATORS),
                pattern("org/easymock/EasyMockSupport", EASYMOCK_CREATORS),
                pattern("org/easymock/classextension/EasyMock", EASYMOCK_CREATORS),
                pattern(
                    "org/powermock/api/easymock/PowerMock",
                    POWERMOCK_EASYMOCK_CREATORS,
                ),
                pattern("org/powermock/api/mockito/PowerMockito", &["mock", "spy"]),
                pattern("org/jmock/Mockery", &["mock"]),
            ],
            static_sources: vec![
                pattern("org/mockito/Mockito", &["mockStatic"]),
                pattern("org/mockito/BDDMockito", &["mockStatic"]),
                pattern(
                    "org/powermock/api/mockito/PowerMockito",
                    &["mockStatic", "spy"],
                ),
                pattern(
                    "org/powermock/api/easymock/PowerMock",
                    &[
                        "mockStatic",
                        "mockStaticNice",
                        "mockStaticStrict",
                        "mockStaticPartial",
                    ],
                ),
            ],
            construction_sources: vec![
                pattern(
                    "org/mockito/Mockito",
                    &["mockConstruction", "mockConstructionWithAnswer"],
                ),
                pattern(
                    "org/mockito/BDDMockito",
                    &["mockConstruction", "mockConstructionWithAnswer"],
                ),
            ],
            factories: vec![
                pattern(
                    "org/easymock/EasyMock",
                    &[
                        "createControl",
                        "createNiceControl",
                        "createStrictControl",
                        "partialMockBuilder",
                    ],
                ),
                pattern(
                    "org/easymock/EasyMockSupport",
                    &[
                        "createControl",
                        "createNiceControl",
                        "createStrictControl",
                        "partialMockBuilder",
                    ],
                ),
                pattern("org/powermock/api/easymock/PowerMock", &["createControl"]),
            ],
            factory_products: strings(&[
                "createMock",
                "createNiceMock",
                "createStrictMock",
                "mock",
            ]),
            pass_through: vec![
                PassThrough {
                    owner: "org/mockito/Mockito".into(),
                    names: strings(&["verify"]),
                    argument: 0,
                },
                PassThrough {
                    owner: "org/mockito/BDDMockito".into(),
                    names: strings(&["verify"]),
                    argument: 0,
                },
                PassThrough {
                    owner: "org/mockito/InOrder".into(),
                    names: strings(&["verify"]),
                    argument: 0,
                },
                PassThrough {
                    owner: "org/mockito/stubbing/Stubber".into(),
                    names: strings(&["when"]),
                    argument: 0,
                },
                PassThrough {
                    owner: "org/mockito/BDDMockito$BDDStubber".into(),
                    names: strings(&["given"]),
                    argument: 0,
                },
                PassThrough {
                    owner: "org/powermock/api/mockito/PowerMockito".into(),
                    names: strings(&["verify"]),
                    argument: 0,
                },
                PassThrough {
                    owner: "org/powermock/api/mockito/expectation/PowerMockitoStubber".into(),
                    names: strings(&["when"]),
                    argument: 0,
                },
            ],
            verifiers: vec![pattern("org/mockito/BDDMockito", &["then"])],
            verifier_products: strings(&["should", "shouldHaveNoInteractions"]),
            field_annotations: strings(&[
                "org/mockito/Mock",
                "org/mockito/Spy",
                "org/easymock/Mock",
                "org/powermock/api/easymock/annotation/Mock",
                "org/powermock/api/easymock/annotation/MockNice",
                "org/powermock/api/easymock/annotation/MockStrict",
                "mockit/Mocked",
                "mockit/Injectable",
                "mockit/Capturing",
                "org/springframework/boot/test/mock/mockito/MockBean",
                "org/springframework/boot/test/mock/mockito/SpyBean",
                "org/springframework/test/context/bean/override/mockito/MockitoBean",
                "org/springframework/test/context/bean/override/mockito/MockitoSpyBean",
            ]),
            parameter_annotations: strings(&[
                "org/mockito/Mock",
                "mockit/Mocked",
                "mockit/Injectable",
                "mockit/Capturing",
            ]),
        }
    }

    /// Only what the paper's analysis knew: creation calls of Mockito, EasyMock and
    /// PowerMock and the `@Mock` annotations of Mockito and EasyMock; calls returning
    /// their mock (`verify(m)`…), static/construction mocks, factories, JMockit and
    /// Spring are left out. Used to explain differences with the paper's figures.
    pub fn paper() -> MockApis {
        let d = MockApis::defaults();
        MockApis {
            sources: d
                .sources
                .into_iter()
                .filter(|p| !p.owner.starts_with("org/jmock"))
                .collect(),
            field_annotations: strings(&["org/mockito/Mock", "org/easymock/Mock"]),
            ..MockApis::default()
        }
    }

    /// Parses a JSON configuration (any subset of the fields).
    pub fn from_json(text: &str) -> Result<MockApis, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Adds every entry of `more` to `self`.
    pub fn extend(&mut self, more: MockApis) {
        self.sources.extend(more.sources);
        self.static_sources.extend(more.static_sources);
        self.construction_sources.extend(more.construction_sources);
        self.factories.extend(more.factories);
        self.factory_products.extend(more.factory_products);
        self.pass_through.extend(more.pass_through);
        self.verifiers.extend(more.verifiers);
        self.verifier_products.extend(more.verifier_products);
        self.field_annotations.extend(more.field_annotations);
        self.parameter_annotations
            .extend(more.parameter_annotations);
    }
}

impl MethodPattern {
    /// True when a call to `owner.name` matches, `ancestors_of(owner)` listing the
    /// known supertypes of `owner` (so `EasyMockSupport` methods called on a test class
    /// extending it match).
    pub fn matches(&self, owner: &str, name: &str, ancestors: &[String]) -> bool {
        (self.names.is_empty() || self.names.iter().any(|n| n == name))
            && (self.owner == owner || ancestors.contains(&self.owner))
    }
}

/// A readable label for a call: `Mockito.mock`.
pub fn call_label(owner: &str, name: &str) -> String {
    let simple = owner.rsplit('/').next().unwrap_or(owner);
    let simple = simple.rsplit('$').next().unwrap_or(simple);
    format!("{simple}.{name}")
}

/// A readable label for an annotation: `@Mock`.
pub fn annotation_label(internal_name: &str) -> String {
    format!(
        "@{}",
        internal_name.rsplit('/').next().unwrap_or(internal_name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_extends_defaults() {
        let mut apis = MockApis::defaults();
        let more = MockApis::from_json(
            r#"{"sources":[{"owner":"com/acme/Fakes","names":["fake"]}],
                "field_annotations":["com/acme/Fake"]}"#,
        )
        .unwrap();
        apis.extend(more);
        assert!(apis
            .sources
            .iter()
            .any(|p| p.matches("com/acme/Fakes", "fake", &[])));
        assert!(apis
            .field_annotations
            .contains(&"com/acme/Fake".to_string()));
        let support = &apis.sources[3];
        assert!(support.matches(
            "com/acme/MyTest",
            "createMock",
            &["org/easymock/EasyMockSupport".to_string()]
        ));
        assert!(!support.matches("com/acme/MyTest", "createMock", &[]));
        assert_eq!(
            call_label("org/mockito/BDDMockito$BDDStubber", "given"),
            "BDDStubber.given"
        );
    }
}
