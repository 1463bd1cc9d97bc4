//! The MockDetector paper's eight benchmarks, with Tables 1–3 as published for
//! side-by-side comparison, and the Maven coordinates of each subject. Only three of the
//! eight publish a `tests` jar on Maven Central; the others are listed with `tests: None`.
//! (The libraries the fixtures compile against are pinned in `mimic_jvm::pinned`.)

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
