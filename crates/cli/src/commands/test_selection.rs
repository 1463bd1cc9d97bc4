//! `--include-tests` / `--exclude-tests`, shared by the commands that run a test suite
//! (`verify`, `mutate`); the patterns' meaning is `mimic_jvm::test_filter`'s.

use mimic_jvm::TestFilter;

/// Which tests a command runs.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct TestSelectionArgs {
    /// Run only the tests matching this glob (repeatable): a test class (`*Test`,
    /// `org.acme.fast.*`) or `Class#method` (`*Test#parse*`). Default: every test.
    #[arg(long = "include-tests", value_name = "GLOB")]
    pub include: Vec<String>,
    /// Leave out the tests matching this glob (repeatable), as PIT's
    /// `excludedTestClasses`: `*IT`, `org.acme.slow.*`, `*Test#*Flaky*`.
    #[arg(long = "exclude-tests", value_name = "GLOB")]
    pub exclude: Vec<String>,
}

impl TestSelectionArgs {
    pub fn filter(&self) -> anyhow::Result<TestFilter> {
        Ok(TestFilter::new(&self.include, &self.exclude)?)
    }
}
