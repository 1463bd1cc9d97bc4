//! The proof on real code: rewrites 1 and 2 applied to every eligible method and call
//! site of PDFBox and FontBox (pdfbox-app 2.0.24), then PDFBox's own text extraction run
//! on real PDFs under `-Xverify:all`; the extracted text must equal the unrewritten run.
//! Rewritten classes are raised from version 50 to 51 so that the JVM cannot fall back to
//! the inference verifier: every frame is checked. Every rewritten class is also loaded
//! and linked, and rewrite 3 is applied to a sample and linked the same way.

mod bodies;

use std::path::{Path, PathBuf};
use std::process::Command;

use mimic_instrument::{instrument_jar, BatchReport, Options};
use mimic_jvm::{compile, java_sources_under, pinned, ArtifactCache, CompileOptions, Jdk};
use mimic_rewrite::probe::{counting_probe_class, ProbeApi};

const PREFIXES: [&str; 2] = ["org/apache/pdfbox/", "org/apache/fontbox/"];

struct Fixture {
    jdk: Jdk,
    app: PathBuf,
    dir: tempfile::TempDir,
}

fn fixture() -> Fixture {
    let jdk = mimic_test_support::jdk();
    let maven = mimic_test_support::maven();
    let app = ArtifactCache::default_location()
        .fetch(&maven, &[pinned::pdfbox_app()])
        .expect("fetch pdfbox-app")
        .remove(0);
    Fixture {
        jdk,
        app,
        dir: tempfile::tempdir().unwrap(),
    }
}

fn repo_path(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(p)
}

/// Compile and run MakePdfs (examples/pdfbox-workload): the PDFs to extract.
fn make_pdfs(f: &Fixture) -> Vec<PathBuf> {
    let classes = f.dir.path().join("makepdfs");
    let sources = java_sources_under(repo_path("examples/pdfbox-workload/src"));
    compile(
        &f.jdk,
        &sources,
        std::slice::from_ref(&f.app),
        &classes,
        &CompileOptions::default(),
    )
    .expect("compile MakePdfs");
    let out = f.dir.path().join("pdfs");
    let cp = format!("{}:{}", f.app.display(), classes.display());
    let run = Command::new(f.jdk.java())
        .arg(format!("-Dpdfbox.fontcache={}", f.dir.path().display()))
        .args(["-cp", &cp, "se.kth.castor.pdfworkload.MakePdfs"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "MakePdfs failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut pdfs: Vec<PathBuf> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    pdfs.sort();
    assert!(pdfs.len() >= 3, "MakePdfs wrote {pdfs:?}");
    pdfs
}

fn rewrite(f: &Fixture, name: &str, options: &Options) -> (PathBuf, BatchReport) {
    let out = f.dir.path().join(name);
    let probe = counting_probe_class(&ProbeApi::default()).unwrap();
    let report = instrument_jar(
        &f.app,
        &out,
        &PREFIXES,
        options,
        &[("mimic/Probe.class".into(), probe)],
    )
    .unwrap();
    assert!(
        report.failures.is_empty(),
        "classes that could not be rewritten: {:#?}",
        report.failures
    );
    (out, report)
}

/// Run ExtractText under the verifier; returns (text, stderr).
fn extract(f: &Fixture, jar: &Path, pdf: &Path, tag: &str) -> (String, String) {
    let txt = f.dir.path().join(format!(
        "{}.{tag}.txt",
        pdf.file_name().unwrap().to_string_lossy()
    ));
    let run = Command::new(f.jdk.java())
        .args([
            "-Xverify:all",
            &format!("-Dpdfbox.fontcache={}", f.dir.path().display()),
            "-cp",
        ])
        .arg(jar)
        .args(["org.apache.pdfbox.tools.ExtractText", "-encoding", "UTF-8"])
        .arg(pdf)
        .arg(&txt)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).to_string();
    assert!(
        run.status.success(),
        "ExtractText ({tag}) failed on {}: {stderr}",
        pdf.display()
    );
    assert!(!stderr.contains("VerifyError"), "{stderr}");
    (std::fs::read_to_string(&txt).unwrap(), stderr)
}

/// Load and link every named class with LoadAll under `-Xverify:all`.
fn load_all(f: &Fixture, jar: &Path, classes: &[String]) -> String {
    let loader_dir = f.dir.path().join("loadall");
    if !loader_dir.exists() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/java/loadall/LoadAll.java");
        compile(&f.jdk, &[src], &[], &loader_dir, &CompileOptions::default()).unwrap();
    }
    let list = f.dir.path().join("classes.txt");
    std::fs::write(
        &list,
        classes
            .iter()
            .map(|c| c.replace('/', "."))
            .collect::<Vec<_>>()
            .join("\n"),
    )
    .unwrap();
    let cp = format!("{}:{}", jar.display(), loader_dir.display());
    let run = Command::new(f.jdk.java())
        .args([
            "-Xverify:all",
            &format!("-Dpdfbox.fontcache={}", f.dir.path().display()),
            "-cp",
            &cp,
            "LoadAll",
        ])
        .arg(&list)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "LoadAll failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8_lossy(&run.stdout).to_string()
}

fn summary_line(out: &str) -> &str {
    out.lines().last().unwrap_or_default()
}

fn probe_counts(stderr: &str) -> Vec<(String, u64)> {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("mimic-probe:"))
        .expect("probe summary");
    line.split_whitespace()
        .skip(1)
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), v.parse().unwrap())
        })
        .collect()
}

#[test]
fn rewritten_pdfbox_extracts_identical_text_under_the_verifier() {
    let f = fixture();
    let pdfs = make_pdfs(&f);
    let options = Options {
        strict_verification: true,
        ..Options::default()
    };
    let (jar, report) = rewrite(&f, "pdfbox-app-rewritten.jar", &options);
    println!(
        "rewrote {} of {} classes: {} methods wrapped, {} call sites bridged",
        report.classes_rewritten, report.classes_seen, report.methods_wrapped, report.calls_bridged
    );
    assert!(
        report.methods_wrapped > 5_000 && report.calls_bridged > 10_000,
        "{report:?}"
    );

    for pdf in &pdfs {
        let (expected, _) = extract(&f, &f.app, pdf, "plain");
        let (actual, stderr) = extract(&f, &jar, pdf, "rewritten");
        assert!(!expected.trim().is_empty(), "{} has no text", pdf.display());
        assert_eq!(
            actual,
            expected,
            "text of {} differs after rewriting",
            pdf.display()
        );
        let counts = probe_counts(&stderr);
        let get = |k: &str| counts.iter().find(|(n, _)| n == k).unwrap().1;
        assert!(
            get("enter") > 1_000 && get("callEnter") > 1_000,
            "{counts:?}"
        );
        assert_eq!(get("enter"), get("exit") + get("exitThrow"), "{counts:?}");
        assert_eq!(
            get("callEnter"),
            get("callExit") + get("callThrow"),
            "{counts:?}"
        );
        println!(
            "{}: {} characters identical; probes {counts:?}",
            pdf.display(),
            actual.len()
        );
    }

    // Every rewritten class links under the verifier, with the same linkage outcome
    // (missing optional dependencies) as the original jar.
    let plain = load_all(&f, &f.app, &report.rewritten);
    let rewritten = load_all(&f, &jar, &report.rewritten);
    println!(
        "load all, original: {}\nload all, rewritten: {}",
        summary_line(&plain),
        summary_line(&rewritten)
    );
    assert!(rewritten.contains(" verify_errors=0 "), "{rewritten}");
    assert_eq!(summary_line(&plain), summary_line(&rewritten));
}

#[test]
fn replaced_bodies_in_pdfbox_link_under_the_verifier() {
    let f = fixture();
    let options = Options {
        wrap_methods: false,
        bridge_calls: false,
        replace_bodies: bodies::every_nth(7),
        strict_verification: true,
        ..Options::default()
    };
    let (jar, report) = rewrite(&f, "pdfbox-app-replaced.jar", &options);
    println!(
        "replaced {} bodies in {} classes",
        report.bodies_replaced, report.classes_rewritten
    );
    assert!(report.bodies_replaced > 1_000, "{report:?}");
    let out = load_all(&f, &jar, &report.rewritten);
    println!("load all, replaced: {}", summary_line(&out));
    assert!(out.contains(" verify_errors=0 "), "{out}");
}
