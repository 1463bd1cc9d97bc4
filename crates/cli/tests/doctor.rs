//! `mimic doctor`, `--version` and `--help`, run as the built binary.

use std::process::{Command, Output};

fn mimic(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mimic"));
    cmd.args(args);
    cmd
}

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn doctor_finds_java_and_maven() {
    let jdk = mimic_jvm::Jdk::locate().expect("the test machine has a JDK 17+");
    let output = mimic(&["doctor"]).output().unwrap();
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("Java {}", jdk.version_string)),
        "{stdout}"
    );
    assert!(stdout.contains(&jdk.home.display().to_string()), "{stdout}");
    assert!(stdout.contains("Maven  ok"), "{stdout}");
    assert!(
        stdout.contains("junit-platform-console-standalone:1.11.4"),
        "{stdout}"
    );
}

#[test]
fn doctor_json_is_machine_readable() {
    let output = mimic(&["doctor", "--json"]).output().unwrap();
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["ok"], true);
    assert_eq!(report["java"]["found"], true);
    assert!(report["java"]["feature_version"].as_u64().unwrap() >= 17);
    assert_eq!(report["maven"]["found"], true);
    assert_eq!(
        report["cache"]["test_runtime"].as_array().unwrap().len(),
        19
    );
    // JUnit 4 (for `mimic mutate` on JUnit 4 suites) is part of what doctor checks.
    assert!(
        report["cache"]["test_runtime"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a.to_string().contains("junit:junit:4.13.2")),
        "{stdout}"
    );
}

#[test]
fn doctor_names_the_fix_for_an_empty_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let output = mimic(&["doctor"])
        .env("MIMIC_CACHE", &cache)
        .output()
        .unwrap();
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("absent   {}", cache.display())),
        "{stdout}"
    );
    assert!(stdout.contains("0 of 19 cached"), "{stdout}");
    assert!(
        stdout.contains("MISSING  org.mockito:mockito-core:5.14.2"),
        "{stdout}"
    );
    assert!(stdout.contains("mimic doctor --fetch"), "{stdout}");
}

#[test]
fn doctor_without_java_or_maven_exits_1_with_fixes() {
    let empty = tempfile::tempdir().unwrap();
    let output = mimic(&["doctor"])
        .env("PATH", empty.path())
        .env_remove("JAVA_HOME")
        .env_remove("MAVEN_HOME")
        .env_remove("M2_HOME")
        .output()
        .unwrap();
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stdout.contains("Java   MISSING"), "{stdout}");
    assert!(
        stdout.contains("apt-get install openjdk-17-jdk"),
        "{stdout}"
    );
    assert!(stdout.contains("Maven  MISSING"), "{stdout}");
    assert!(stdout.contains("apt-get install maven"), "{stdout}");
}

#[test]
fn doctor_rejects_a_jdk_older_than_17() {
    // A fake JDK 11: a `release` file and an executable bin/javac.
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("jdk-11");
    std::fs::create_dir_all(home.join("bin")).unwrap();
    std::fs::write(home.join("release"), "JAVA_VERSION=\"11.0.21\"\n").unwrap();
    let javac = home.join("bin/javac");
    std::fs::write(&javac, "#!/bin/sh\necho javac 11.0.21\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&javac, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let output = mimic(&["doctor", "--json"])
        .env("JAVA_HOME", &home)
        .output()
        .unwrap();
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let problem = report["java"]["problem"].as_str().unwrap();
    assert!(problem.contains("Java 11.0.21"), "{problem}");
    assert!(problem.contains("17 or newer"), "{problem}");
}

#[test]
fn version_and_help() {
    let output = mimic(&["--version"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output).0.trim(),
        format!("mimic {}", env!("CARGO_PKG_VERSION"))
    );

    let output = mimic(&["--help"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let (stdout, _) = text(&output);
    assert!(stdout.contains("Usage: mimic"), "{stdout}");
    assert!(stdout.contains("doctor"), "{stdout}");

    let output = mimic(&["doctor", "--help"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output).0.contains("--fetch"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["no-such-command"][..],
        &["doctor", "--bogus"][..],
    ] {
        let output = mimic(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn cache_location_follows_mimic_cache_then_xdg_then_home() {
    let dir = tempfile::tempdir().unwrap();
    let root = |cmd: &mut Command| -> String {
        let output = cmd.output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        report["cache"]["root"].as_str().unwrap().to_string()
    };
    let d = dir.path();
    let mut cmd = mimic(&["doctor", "--json"]);
    cmd.env("MIMIC_CACHE", d.join("m"))
        .env("XDG_CACHE_HOME", d.join("x"))
        .env("HOME", d.join("h"));
    assert_eq!(root(&mut cmd), d.join("m").display().to_string());
    cmd.env_remove("MIMIC_CACHE");
    assert_eq!(root(&mut cmd), d.join("x/mimic").display().to_string());
    cmd.env_remove("XDG_CACHE_HOME");
    assert_eq!(
        root(&mut cmd),
        d.join("h/.cache/mimic").display().to_string()
    );
}

#[cfg(unix)]
#[test]
fn a_failed_fetch_is_a_finding_with_mavens_reason() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("maven/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let mvn = bin.join("mvn");
    std::fs::write(
        &mvn,
        "#!/bin/sh\n\
         case \"$1\" in -v) echo 'Apache Maven 3.9.9'; exit 0;; esac\n\
         echo '[ERROR] Could not transfer artifact: network is unreachable'\n\
         exit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&mvn, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = mimic(&["doctor", "--fetch"])
        .env("MIMIC_CACHE", dir.path().join("cache"))
        .env("MAVEN_HOME", dir.path().join("maven"))
        .output()
        .unwrap();
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stdout.contains("Maven  ok       Maven 3.9.9"), "{stdout}");
    assert!(
        stdout.contains("Fetch  FAILED   could not fetch 19 artifact(s)"),
        "{stdout}"
    );
    assert!(stdout.contains("network is unreachable"), "{stdout}");
}
