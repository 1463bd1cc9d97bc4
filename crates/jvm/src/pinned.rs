//! The exact artifact versions mimic uses — the one list of pinned Maven coordinates:
//! the JUnit/Mockito test runtime, JUnit 4 for `mimic mutate`, the mocking libraries the
//! mock-detection fixtures compile against, PDFBox (the example application) and the
//! class-file round-trip corpus. Every coordinate here has been fetched from Maven Central.
//! (Benchmark subjects with their published figures live with their benchmark, e.g.
//! `mimic_mocks::benchmarks`.)

use crate::artifact::Artifact;

/// JUnit Platform version (console launcher, commons, engine).
pub const JUNIT_PLATFORM_VERSION: &str = "1.11.4";
/// JUnit Jupiter version.
pub const JUNIT_JUPITER_VERSION: &str = "5.11.4";
/// Mockito version.
pub const MOCKITO_VERSION: &str = "5.14.2";
/// Byte Buddy version (the one Mockito 5.14.2 is built against).
pub const BYTE_BUDDY_VERSION: &str = "1.15.11";
/// The newest Java feature release the pinned Byte Buddy knows; on newer JVMs
/// `run_junit` sets `-Dnet.bytebuddy.experimental=true` so Mockito still works.
/// (Mockito 5.20.0 with Byte Buddy 1.17.7 supports Java 25 without it.)
pub const BYTE_BUDDY_NEWEST_JAVA: u32 = 24;

/// The self-contained JUnit Platform launcher (`java -jar … execute`).
pub const JUNIT_CONSOLE_STANDALONE: &str =
    "org.junit.platform:junit-platform-console-standalone:1.11.4";
/// `org.junit.jupiter.api`: `@Test`, `Assertions`.
pub const JUNIT_JUPITER_API: &str = "org.junit.jupiter:junit-jupiter-api:5.11.4";
/// The Jupiter test engine.
pub const JUNIT_JUPITER_ENGINE: &str = "org.junit.jupiter:junit-jupiter-engine:5.11.4";
/// `@ParameterizedTest`.
pub const JUNIT_JUPITER_PARAMS: &str = "org.junit.jupiter:junit-jupiter-params:5.11.4";
/// JUnit Platform commons.
pub const JUNIT_PLATFORM_COMMONS: &str = "org.junit.platform:junit-platform-commons:1.11.4";
/// JUnit Platform engine API.
pub const JUNIT_PLATFORM_ENGINE: &str = "org.junit.platform:junit-platform-engine:1.11.4";
/// `AssertionFailedError` and friends.
pub const OPENTEST4J: &str = "org.opentest4j:opentest4j:1.3.0";
/// `@API` annotations the JUnit jars reference.
pub const APIGUARDIAN_API: &str = "org.apiguardian:apiguardian-api:1.1.2";
/// Mockito (also the `-javaagent:` for its inline mock maker).
pub const MOCKITO_CORE: &str = "org.mockito:mockito-core:5.14.2";
/// `MockitoExtension` for JUnit 5.
pub const MOCKITO_JUNIT_JUPITER: &str = "org.mockito:mockito-junit-jupiter:5.14.2";
/// Byte Buddy, Mockito's code generator.
pub const BYTE_BUDDY: &str = "net.bytebuddy:byte-buddy:1.15.11";
/// Byte Buddy's attach helper.
pub const BYTE_BUDDY_AGENT: &str = "net.bytebuddy:byte-buddy-agent:1.15.11";
/// Objenesis, instantiation without constructors.
pub const OBJENESIS: &str = "org.objenesis:objenesis:3.3";

/// JUnit 4, for suites written against it (`mimic mutate` runs them through the Vintage
/// engine the console-standalone jar bundles).
pub const JUNIT4: &str = "junit:junit:4.13.2";
/// JUnit 4's one dependency.
pub const HAMCREST_CORE: &str = "org.hamcrest:hamcrest-core:1.3";
/// The JUnit 4 jars `mimic mutate` adds to every test JVM (after the user's class path).
pub const JUNIT4_RUNTIME: &[&str] = &[JUNIT4, HAMCREST_CORE];

/// EasyMock.
pub const EASYMOCK: &str = "org.easymock:easymock:5.4.0";
/// JMockit.
pub const JMOCKIT: &str = "org.jmockit:jmockit:1.49";
/// PowerMock's EasyMock and Mockito 2 APIs with their support jars.
pub const POWERMOCK: &[&str] = &[
    "org.powermock:powermock-api-easymock:2.0.9",
    "org.powermock:powermock-api-mockito2:2.0.9",
    "org.powermock:powermock-api-support:2.0.9",
    "org.powermock:powermock-core:2.0.9",
    "org.powermock:powermock-reflect:2.0.9",
];
/// Spring Boot's `@MockBean`.
pub const SPRING_BOOT_TEST: &str = "org.springframework.boot:spring-boot-test:2.7.18";
/// Spring's test support.
pub const SPRING_TEST: &str = "org.springframework:spring-test:6.2.1";

/// The testing and mocking libraries the mock-detection fixtures compile against.
pub fn mock_detection_fixture_libraries() -> Vec<Artifact> {
    let mut coordinates = vec![
        JUNIT4,
        HAMCREST_CORE,
        JUNIT_JUPITER_API,
        JUNIT_JUPITER_PARAMS,
        JUNIT_PLATFORM_COMMONS,
        OPENTEST4J,
        APIGUARDIAN_API,
        MOCKITO_CORE,
        EASYMOCK,
        OBJENESIS,
        JMOCKIT,
    ];
    coordinates.extend_from_slice(POWERMOCK);
    coordinates.extend([SPRING_BOOT_TEST, SPRING_TEST]);
    artifacts(&coordinates)
}

/// What `mimic doctor --fetch` fetches: everything the commands need at run time (the
/// test runtime, JUnit 4 for `mutate`, JaCoCo for `--coverage`) and what the bundled
/// examples run on.
pub fn toolchain() -> Vec<Artifact> {
    let mut all = test_runtime();
    all.extend(artifacts(JUNIT4_RUNTIME));
    all.push(pdfbox_app());
    all.extend(artifacts(&[SQLITE_JDBC, JACOCO_CLI, JACOCO_AGENT]));
    all
}

/// JaCoCo's command-line tool (`instrument`, `report`), for `mimic verify --coverage`.
/// 0.8.15 reads class files up to Java 25.
pub const JACOCO_CLI: &str = "org.jacoco:org.jacoco.cli:0.8.15:nodeps";
/// JaCoCo's java agent, also the runtime offline-instrumented classes need
/// (`mimic record --coverage`, `mimic verify --coverage`).
pub const JACOCO_AGENT: &str = "org.jacoco:org.jacoco.agent:0.8.15:runtime";

/// The SQLite JDBC driver the thesis's DAO example (`examples/thesis`, `dao.Main`) runs on.
pub const SQLITE_JDBC: &str = "org.xerial:sqlite-jdbc:3.54.1.0";

/// PDFBox's all-in-one command-line application jar.
pub const PDFBOX_APP: &str = "org.apache.pdfbox:pdfbox-app:2.0.24";
/// PDFBox library.
pub const PDFBOX: &str = "org.apache.pdfbox:pdfbox:2.0.24";
/// PDFBox's font library.
pub const FONTBOX: &str = "org.apache.pdfbox:fontbox:2.0.24";
/// PDFBox's logging dependency.
pub const COMMONS_LOGGING: &str = "commons-logging:commons-logging:1.2";

/// Guava.
pub const GUAVA: &str = "com.google.guava:guava:33.3.1-jre";
/// Apache Commons Lang.
pub const COMMONS_LANG3: &str = "org.apache.commons:commons-lang3:3.17.0";
/// Jackson databind.
pub const JACKSON_DATABIND: &str = "com.fasterxml.jackson.core:jackson-databind:2.18.2";
/// The Scala standard library (Scala-compiled bytecode).
pub const SCALA_LIBRARY: &str = "org.scala-lang:scala-library:2.13.15";
/// The Kotlin standard library (Kotlin-compiled bytecode).
pub const KOTLIN_STDLIB: &str = "org.jetbrains.kotlin:kotlin-stdlib:2.1.0";
/// The Eclipse Java compiler (ecj-compiled bytecode).
pub const ECJ: &str = "org.eclipse.jdt:ecj:3.40.0";
/// Groovy (Groovy-compiled and javac-compiled bytecode, invokedynamic-heavy).
pub const GROOVY: &str = "org.apache.groovy:groovy:4.0.24";
/// FreeMarker, a template engine whose expression tree made read trees of millions of
/// nodes (the read analysis's bound is checked on it).
pub const FREEMARKER: &str = "org.freemarker:freemarker:2.3.35";

/// What compiling and running generated tests needs, console launcher first.
pub const TEST_RUNTIME: &[&str] = &[
    JUNIT_CONSOLE_STANDALONE,
    JUNIT_JUPITER_API,
    JUNIT_JUPITER_ENGINE,
    JUNIT_JUPITER_PARAMS,
    JUNIT_PLATFORM_COMMONS,
    JUNIT_PLATFORM_ENGINE,
    OPENTEST4J,
    APIGUARDIAN_API,
    MOCKITO_CORE,
    MOCKITO_JUNIT_JUPITER,
    BYTE_BUDDY,
    BYTE_BUDDY_AGENT,
    OBJENESIS,
];

/// PDFBox as a library with its one runtime dependency.
pub const PDFBOX_LIBS: &[&str] = &[PDFBOX, FONTBOX, COMMONS_LOGGING];

/// Real jars whose classes the class-file round-trip test reads and rewrites:
/// 19,843 `.class` entries in all (16,938 outside `META-INF/versions`).
pub const ROUND_TRIP_CORPUS: &[&str] = &[
    GUAVA,
    COMMONS_LANG3,
    PDFBOX,
    FONTBOX,
    JACKSON_DATABIND,
    MOCKITO_CORE,
    BYTE_BUDDY,
    JUNIT_JUPITER_ENGINE,
    SCALA_LIBRARY,
    KOTLIN_STDLIB,
    ECJ,
    GROOVY,
];

/// Parses pinned coordinates (all known to be well formed).
pub fn artifacts(coordinates: &[&str]) -> Vec<Artifact> {
    coordinates
        .iter()
        .map(|c| Artifact::parse(c).expect("pinned coordinates are well formed"))
        .collect()
}

/// [`TEST_RUNTIME`] as artifacts.
pub fn test_runtime() -> Vec<Artifact> {
    artifacts(TEST_RUNTIME)
}

/// [`PDFBOX_LIBS`] as artifacts.
pub fn pdfbox_libs() -> Vec<Artifact> {
    artifacts(PDFBOX_LIBS)
}

/// [`PDFBOX_APP`] as an artifact.
pub fn pdfbox_app() -> Artifact {
    Artifact::parse(PDFBOX_APP).expect("pinned coordinates are well formed")
}

/// [`ROUND_TRIP_CORPUS`] as artifacts.
pub fn round_trip_corpus() -> Vec<Artifact> {
    artifacts(ROUND_TRIP_CORPUS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pinned_coordinate_parses() {
        assert_eq!(test_runtime().len(), 13);
        assert_eq!(pdfbox_libs().len(), 3);
        assert_eq!(round_trip_corpus().len(), 12);
        assert_eq!(pdfbox_app().artifact, "pdfbox-app");
        assert_eq!(mock_detection_fixture_libraries().len(), 18);
    }

    #[test]
    fn doctor_fetches_what_mutate_needs() {
        let all = toolchain();
        for needed in artifacts(JUNIT4_RUNTIME).into_iter().chain(test_runtime()) {
            assert!(all.contains(&needed), "{needed}");
        }
    }

    #[test]
    fn versions_agree_with_coordinates() {
        for a in test_runtime() {
            let expected = match a.group.as_str() {
                "org.junit.platform" => JUNIT_PLATFORM_VERSION,
                "org.junit.jupiter" => JUNIT_JUPITER_VERSION,
                "org.mockito" => MOCKITO_VERSION,
                "net.bytebuddy" => BYTE_BUDDY_VERSION,
                _ => continue,
            };
            assert_eq!(a.version, expected, "{a}");
        }
    }
}
