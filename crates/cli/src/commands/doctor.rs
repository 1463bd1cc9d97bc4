//! `mimic doctor`: reports the JDK, Maven and the artifact cache (which pinned
//! test-runtime jars are cached), with the fix for anything missing;
//! `--fetch` fetches the missing jars.

use std::path::Path;

use mimic_jvm::{pinned, Artifact, ArtifactCache, Jdk, Maven};
use serde::Serialize;

use crate::exit_code;

/// The fix for missing test-runtime jars.
const FETCH_FIX: &str = "run `mimic doctor --fetch` (needs Maven and access to Maven Central)";

/// Arguments of `mimic doctor`.
#[derive(Debug, clap::Args)]
pub struct DoctorArgs {
    /// Fetch the missing pinned test-runtime jars (JUnit 5, Mockito) into the cache.
    #[arg(long)]
    pub fetch: bool,
    /// Print the report as JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    /// True when Java 17+ and Maven were found (and `--fetch`, if asked, worked).
    ok: bool,
    java: JavaCheck,
    maven: MavenCheck,
    cache: CacheCheck,
}

#[derive(Debug, Serialize)]
struct JavaCheck {
    found: bool,
    home: Option<String>,
    java: Option<String>,
    version: Option<String>,
    feature_version: Option<u32>,
    /// What is wrong and how to fix it.
    problem: Option<String>,
}

#[derive(Debug, Serialize)]
struct MavenCheck {
    found: bool,
    mvn: Option<String>,
    version: Option<String>,
    problem: Option<String>,
}

#[derive(Debug, Serialize)]
struct CacheCheck {
    root: String,
    exists: bool,
    test_runtime: Vec<ArtifactCheck>,
    missing: usize,
    fix: Option<&'static str>,
    /// Why `--fetch` failed, when it did.
    fetch_error: Option<String>,
}

#[derive(Debug, Serialize)]
struct ArtifactCheck {
    coordinate: String,
    path: String,
    cached: bool,
}

/// Runs `mimic doctor`.
pub fn run(args: &DoctorArgs) -> anyhow::Result<u8> {
    let jdk = Jdk::locate();
    let maven = Maven::locate();
    let cache = ArtifactCache::default_location();
    // The test runtime, JUnit 4 for `mutate`, and what the bundled examples run on.
    let runtime = pinned::toolchain();

    let mut fetch_error = None;
    if args.fetch {
        fetch_error = fetch(&cache, maven.as_ref().ok(), &runtime).err();
    }

    let java = match &jdk {
        Ok(jdk) => JavaCheck {
            found: true,
            home: Some(display(&jdk.home)),
            java: Some(display(&jdk.java())),
            version: Some(jdk.version_string.clone()),
            feature_version: Some(jdk.feature_version),
            problem: None,
        },
        Err(e) => JavaCheck {
            found: false,
            home: None,
            java: None,
            version: None,
            feature_version: None,
            problem: Some(e.to_string()),
        },
    };
    let maven = match &maven {
        Ok(maven) => MavenCheck {
            found: true,
            mvn: Some(display(&maven.mvn)),
            version: Some(maven.version.clone()),
            problem: None,
        },
        Err(e) => MavenCheck {
            found: false,
            mvn: None,
            version: None,
            problem: Some(e.to_string()),
        },
    };
    let test_runtime: Vec<ArtifactCheck> = runtime
        .iter()
        .map(|a| {
            let path = cache.path_of(a);
            ArtifactCheck {
                coordinate: a.to_string(),
                cached: path.is_file(),
                path: display(&path),
            }
        })
        .collect();
    let missing = test_runtime.iter().filter(|a| !a.cached).count();
    let report = Report {
        ok: java.found && maven.found && fetch_error.is_none(),
        java,
        maven,
        cache: CacheCheck {
            root: display(cache.root()),
            exists: cache.root().is_dir(),
            test_runtime,
            missing,
            fix: (missing > 0).then_some(FETCH_FIX),
            fetch_error,
        },
    };

    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_human(&report);
    }
    Ok(if report.ok {
        exit_code::SUCCESS
    } else {
        exit_code::FINDINGS
    })
}

/// Fetches the missing `runtime` jars; the error is a one-line-first message.
fn fetch(cache: &ArtifactCache, maven: Option<&Maven>, runtime: &[Artifact]) -> Result<(), String> {
    let missing = cache.missing(runtime);
    if missing.is_empty() {
        return Ok(());
    }
    let Some(maven) = maven else {
        return Err("cannot fetch without Maven; install Maven (apt-get install maven)".into());
    };
    eprintln!(
        "Fetching {} artifact(s) into {} with Maven…",
        missing.len(),
        cache.repository().display()
    );
    let started = std::time::Instant::now();
    cache.fetch(maven, runtime).map_err(|e| e.to_string())?;
    eprintln!("Fetched in {:.1} s.", started.elapsed().as_secs_f64());
    Ok(())
}

fn print_human(report: &Report) {
    let java = &report.java;
    if java.found {
        println!(
            "Java   ok       Java {} (feature {}) at {}",
            java.version.as_deref().unwrap_or("?"),
            java.feature_version.unwrap_or(0),
            java.home.as_deref().unwrap_or("?")
        );
    } else {
        println!("Java   MISSING  {}", java.problem.as_deref().unwrap_or("?"));
    }
    let maven = &report.maven;
    if maven.found {
        println!(
            "Maven  ok       Maven {} at {}",
            maven.version.as_deref().unwrap_or("?"),
            maven.mvn.as_deref().unwrap_or("?")
        );
    } else {
        println!(
            "Maven  MISSING  {}",
            maven.problem.as_deref().unwrap_or("?")
        );
    }
    let cache = &report.cache;
    println!(
        "Cache  {}  {}",
        if cache.exists { "exists " } else { "absent " },
        cache.root
    );
    let total = cache.test_runtime.len();
    println!(
        "Pinned jars (JUnit 5, Mockito, pdfbox-app and sqlite-jdbc for the examples): {} of {total} cached",
        total - cache.missing
    );
    for a in &cache.test_runtime {
        println!(
            "  {}  {}",
            if a.cached { "cached " } else { "MISSING" },
            a.coordinate
        );
    }
    if let Some(fix) = cache.fix {
        println!("  fix: {fix}");
    }
    if let Some(error) = &cache.fetch_error {
        println!("Fetch  FAILED   {error}");
    }
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
