//! Maven coordinates `mimic mutate` needs beyond the JUnit 5 runtime of `mimic-jvm`:
//! JUnit 4 (run through the Vintage engine the console-standalone jar bundles), and the
//! subjects and tools of the PIT + Descartes comparison (`bench/mutate-vs-descartes.sh`).

/// JUnit 4, for suites written against it (run by the Vintage engine).
pub const JUNIT4: &str = "junit:junit:4.13.2";
/// JUnit 4's one dependency.
pub const HAMCREST_CORE: &str = "org.hamcrest:hamcrest-core:1.3";
/// The JUnit 4 jars added to every test JVM (after the user's class path).
pub const JUNIT4_RUNTIME: &[&str] = &[JUNIT4, HAMCREST_CORE];

/// Comparison subject: Apache Commons CLI, classes and tests (its last release with JUnit 4
/// tests, which PIT runs without a JUnit 5 plugin).
pub const COMMONS_CLI: &str = "commons-cli:commons-cli:1.5.0";
/// Its tests jar.
pub const COMMONS_CLI_TESTS: &str = "commons-cli:commons-cli:1.5.0:tests";
/// PIT's command line: the newest that still loads Descartes 1.2.6 (built against PIT
/// 1.4.10, whose ASM cannot read Java 17 classes; 1.7 removed an API Descartes uses).
pub const PITEST_COMMAND_LINE: &str = "org.pitest:pitest-command-line:1.6.8";
/// Descartes: the newest release on Maven Central.
pub const DESCARTES: &str = "eu.stamp-project:descartes:1.2.6";
