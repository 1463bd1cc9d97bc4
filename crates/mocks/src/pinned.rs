//! Maven coordinates this crate uses: the mocking and testing libraries the hand-written
//! fixtures compile against, and the paper's eight benchmarks (with Tables 2 and 3 as
//! published, for side-by-side comparison). Only three of the eight publish a `tests`
//! jar on Maven Central; the others are listed with `tests: None`.

/// Test and mocking libraries the fixtures under `tests/fixtures` compile against.
pub const FIXTURE_LIBRARIES: &[&str] = &[
    "junit:junit:4.13.2",
    "org.hamcrest:hamcrest-core:1.3",
    "org.junit.jupiter:junit-jupiter-api:5.11.4",
    "org.junit.jupiter:junit-jupiter-params:5.11.4",
    "org.junit.platform:junit-platform-commons:1.11.4",
    "org.opentest4j:opentest4j:1.3.0",
    "org.apiguardian:apiguardian-api:1.1.2",
    "org.mockito:mockito-core:5.14.2",
    "org.easymock:easymock:5.4.0",
    "org.objenesis:objenesis:3.3",
    "org.jmockit:jmockit:1.49",
    "org.powermock:powermock-api-easymock:2.0.9",
    "org.powermock:powermock-api-mockito2:2.0.9",
    "org.powermock:powermock-api-support:2.0.9",
    "org.powermock:powermock-core:2.0.9",
    "org.powermock:powermock-reflect:2.0.9",
    "org.springframework.boot:spring-boot-test:2.7.18",
    "org.springframework:spring-test:6.2.1",
];

/// One of the paper's benchmarks with its published figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Benchmark {
    pub name: &'static str,
    /// The `tests` jar on Maven Central, when one is published.
    pub tests: Option<&'static str>,
    /// The main artifact (classpath for supertypes).
    pub main: &'static str,
    /// Table 2: test-related methods, with mocks, with mock arrays, with mock collections.
    pub table2: [u32; 4],
    /// Table 3: total invocations, Soot intra, Doop intra, Doop inter.
    pub table3: [u32; 4],
    /// Table 1: Soot intraproc mock analysis (s), Doop interproc mock analysis (s).
    pub table1_seconds: (f64, f64),
}

/// The eight benchmarks of Tables 1–3.
pub const BENCHMARKS: &[Benchmark] = &[
    Benchmark {
        name: "bootique-2.0.B1",
        tests: None,
        main: "io.bootique:bootique:2.0.B1",
        table2: [420, 32, 7, 0],
        table3: [3366, 99, 99, 122],
        table1_seconds: (0.276, 24.90),
    },
    Benchmark {
        name: "commons-collections4-4.4",
        tests: Some("org.apache.commons:commons-collections4:4.4:tests"),
        main: "org.apache.commons:commons-collections4:4.4",
        table2: [1152, 3, 1, 1],
        table3: [12753, 11, 3, 23],
        table1_seconds: (0.386, 16.64),
    },
    Benchmark {
        name: "flink-core-1.13.0",
        tests: Some("org.apache.flink:flink-core:1.13.0:tests"),
        main: "org.apache.flink:flink-core:1.13.0",
        table2: [1091, 4, 0, 0],
        table3: [11923, 40, 40, 1389],
        table1_seconds: (0.415, 62.12),
    },
    Benchmark {
        name: "jsonschema2pojo-core-1.1.1",
        tests: None,
        main: "org.jsonschema2pojo:jsonschema2pojo-core:1.1.1",
        table2: [145, 76, 1, 0],
        table3: [1896, 276, 282, 604],
        table1_seconds: (0.282, 41.05),
    },
    Benchmark {
        name: "maven-core-3.8.1",
        tests: None,
        main: "org.apache.maven:maven-core:3.8.1",
        table2: [337, 24, 0, 0],
        table3: [4072, 23, 23, 39],
        table1_seconds: (0.276, 23.42),
    },
    Benchmark {
        name: "mybatis-3.5.6",
        tests: None,
        main: "org.mybatis:mybatis:3.5.6",
        table2: [1769, 330, 3, 0],
        table3: [19232, 575, 577, 1345],
        table1_seconds: (0.662, 192.16),
    },
    Benchmark {
        name: "quartz-core-2.3.1",
        tests: None,
        main: "org.quartz-scheduler:quartz:2.3.1",
        table2: [218, 7, 0, 0],
        table3: [3436, 21, 21, 31],
        table1_seconds: (0.231, 21.92),
    },
    Benchmark {
        name: "vraptor-core-3.5.5",
        tests: Some("br.com.caelum:vraptor:3.5.5:tests"),
        main: "br.com.caelum:vraptor:3.5.5",
        table2: [1119, 565, 15, 0],
        table3: [5868, 942, 962, 1630],
        table1_seconds: (0.455, 149.38),
    },
];
