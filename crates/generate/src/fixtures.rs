//! The one small helper class generated tests use: `mimic.Fixtures`, which creates objects
//! without running constructors (Objenesis, which Mockito already brings) and sets fields
//! reflectively (records through their canonical constructor). No other dependency.

/// Path of the helper under the test source root.
pub const FIXTURES_PATH: &str = "mimic/Fixtures.java";

/// Source of `mimic.Fixtures`: a real Java file (`java/mimic/Fixtures.java`), compiled
/// and exercised by this crate's tests, copied verbatim beside generated tests.
pub const FIXTURES_SOURCE: &str = include_str!("../java/mimic/Fixtures.java");
