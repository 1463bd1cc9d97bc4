//! `mimic.EnvironmentReplay` (the helper a generated test replays the environment with)
//! is real Java: compiled here with a JUnit test (`tests/java-env`) that replays the
//! property read of an anonymous class an old compiler wrote, commons-logging 1.2's
//! `LogFactory$6` (Java 1.2 class file: `final`, its InnerClasses entry `static`), which
//! the JVM refused to redefine when Byte Buddy derived the class's access flags from its
//! modifiers ("attempted to change the class modifiers"; PDFBox's commons-logging tests).

use std::path::Path;

use mimic_generate::environment::{helper_source, ENVIRONMENT_PATH};
use mimic_jvm::pinned::COMMONS_LOGGING;
use mimic_jvm::{
    compile, java_sources_under, run_junit, Artifact, ArtifactCache, CompileOptions, JunitRuntime,
    JunitSelect, TestStatus,
};

#[test]
fn an_old_compilers_anonymous_class_has_its_environment_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    let helper = src.join(ENVIRONMENT_PATH);
    std::fs::create_dir_all(helper.parent().unwrap()).unwrap();
    std::fs::write(&helper, helper_source()).unwrap();
    let mut sources = java_sources_under(&src);
    sources.extend(java_sources_under(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java-env"),
    ));
    let jdk = mimic_test_support::jdk();
    let runtime = JunitRuntime::fetch(
        &ArtifactCache::default_location(),
        &mimic_test_support::maven(),
    )
    .unwrap();
    let mut cp = mimic_test_support::fetched(&[Artifact::parse(COMMONS_LOGGING).unwrap()]);
    cp.extend(runtime.test_classpath());
    let classes = dir.path().join("classes");
    compile(&jdk, &sources, &cp, &classes, &CompileOptions::default()).unwrap();
    cp.insert(0, classes);
    let run = run_junit(
        &jdk,
        &runtime,
        &cp,
        &JunitSelect::Classes(vec!["oldjavac.OldAnonymousClassTest".into()]),
        &dir.path().join("reports"),
        &[],
    )
    .unwrap();
    assert_eq!(run.outcomes.len(), 1, "{}", run.stdout);
    assert_eq!(
        run.outcomes[0].status,
        TestStatus::Passed,
        "{:?}\n{}",
        run.outcomes[0],
        run.stdout
    );
}
