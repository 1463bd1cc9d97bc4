//! The HTML page: totals, red baseline tests, one row per pseudo- or partially-tested
//! method with the transformations that survived and the tests that cover it, then every
//! method with each transformation's fate (the test that detected it), filterable by
//! classification. One self-contained `index.html`, no scripts (the filter is CSS).

pub use crate::html_source::Sources;
use crate::report::java_signature;
use crate::result::{Classification, MutationReport};

/// Escape text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Write `dir/index.html` for `report`, and a page per mutated source file found in
/// `sources` (linked from each method's location).
pub fn write(
    report: &MutationReport,
    dir: &std::path::Path,
    sources: &Sources,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let links = crate::html_source::write_pages(report, sources, dir)?;
    std::fs::write(dir.join("index.html"), page_linked(report, &links))
}

/// The page for `report`, without source links.
pub fn page(report: &MutationReport) -> String {
    page_linked(report, &Links::new())
}

/// Source pages by (package, file).
type Links = std::collections::BTreeMap<(String, String), String>;

/// `File.java:12`, linked to its source page's line when there is one.
fn location(m: &crate::result::MethodResult, links: &Links) -> String {
    let file = m.method.file_name.as_deref().unwrap_or("?");
    let line = m.method.line.unwrap_or(0);
    let text = format!("{}:{line}", escape(file));
    let (package, _) = crate::report::split_class(&m.method.class);
    match links.get(&(package.to_string(), file.to_string())) {
        Some(page) => format!("<a href=\"{}#L{line}\">{text}</a>", escape(page)),
        None => text,
    }
}

fn page_linked(report: &MutationReport, links: &Links) -> String {
    let n = |c| report.count(c);
    let mut h = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>mimic mutate: pseudo-tested methods</title><style>\
         body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}\
         td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}\
         td code{overflow-wrap:anywhere}\
         .pseudo-tested{background:#fdd}.partially-tested{background:#ffd}\
         code{font-size:90%}\
         #all-tested:checked~table tr.m:not(.tested),\
         #all-partially:checked~table tr.m:not(.partially-tested),\
         #all-pseudo:checked~table tr.m:not(.pseudo-tested),\
         #all-not-covered:checked~table tr.m:not(.not-covered){display:none}\
         </style></head><body>\n<h1>Pseudo-tested methods</h1>\n",
    );
    h.push_str(&format!(
        "<p>{} methods mutated, {} mutants ({} detected). <b>tested</b> {}, \
         <b>partially-tested</b> {}, <b>pseudo-tested</b> {}, <b>not-covered</b> {}. \
         {} tests, {} stop methods skipped, {:.1} s.</p>\n",
        report.methods.len(),
        report.mutant_count(),
        report.detected_count(),
        n(Classification::Tested),
        n(Classification::PartiallyTested),
        n(Classification::PseudoTested),
        n(Classification::NotCovered),
        report.tests_total,
        report.skipped.len(),
        report.seconds
    ));
    if !report.red_tests.is_empty() {
        h.push_str("<h2>Red baseline tests (excluded)</h2>\n<ul>\n");
        for red in &report.red_tests {
            h.push_str(&format!(
                "<li><code>{}</code>: {}</li>\n",
                escape(&red.name),
                escape(&red.reason)
            ));
        }
        h.push_str("</ul>\n");
    }
    h.push_str(
        "<table>\n<tr><th>Classification</th><th>Method</th><th>Location</th>\
         <th>Not detected</th><th>Detected</th><th>Covering tests</th></tr>\n",
    );
    let explained = report
        .methods
        .iter()
        .any(|m| m.mutants.iter().any(|o| o.diagnosis.is_some()));
    for c in [
        Classification::PseudoTested,
        Classification::PartiallyTested,
    ] {
        for m in report.methods.iter().filter(|m| m.classification == c) {
            let ops = |detected: bool| -> String {
                m.mutants
                    .iter()
                    .filter(|o| o.status.is_detected() == detected)
                    .map(|o| format!("<code>{}</code>", escape(&o.operator)))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            // With `--explain`: each surviving transformation with its symptom and what to do.
            let diagnoses: Vec<String> = m
                .mutants
                .iter()
                .filter_map(|o| {
                    o.diagnosis.as_ref().map(|d| {
                        format!(
                            "<code>{}</code>: <b>{}</b> {}",
                            escape(&o.operator),
                            d.symptom.name(),
                            escape(&d.suggestion)
                        )
                    })
                })
                .collect();
            let tests: Vec<String> = m
                .tests
                .iter()
                .map(|t| format!("<code>{}</code>", escape(t)))
                .collect();
            h.push_str(&format!(
                "<tr class=\"{cls}\"><td>{cls}</td><td><code>{name}</code></td>\
                 <td>{loc}</td><td>{nd}</td><td>{d}</td><td>{tests}</td></tr>\n",
                cls = c.as_str(),
                name = escape(&java_signature(m)),
                loc = location(m, links),
                nd = ops(false),
                d = ops(true),
                tests = tests.join("<br>"),
            ));
            if explained && !diagnoses.is_empty() {
                h.push_str(&format!(
                    "<tr class=\"diagnosis\"><td>why</td><td colspan=\"5\">{}</td></tr>\n",
                    diagnoses.join("<br>")
                ));
            }
        }
    }
    h.push_str("</table>\n");
    all_methods(&mut h, report, links);
    h.push_str("</body></html>\n");
    h
}

/// What became of one transformation: `<code>0</code> KILLED by <code>FooTest#bar()</code>`.
pub fn fate(o: &crate::result::MutantOutcome) -> String {
    let by = match (&o.killing_test, o.status.is_detected()) {
        (Some(test), true) => format!(" by <code>{}</code>", escape(test)),
        _ => String::new(),
    };
    format!(
        "<code>{}</code> {}{by}",
        escape(&o.operator),
        o.status.as_str()
    )
}

/// Every method, tested ones too, with a CSS-only filter by classification.
fn all_methods(h: &mut String, report: &MutationReport, links: &Links) {
    h.push_str("<h2>All methods</h2>\nShow:\n");
    for (id, label) in [
        ("all", "all"),
        ("all-tested", "tested"),
        ("all-partially", "partially-tested"),
        ("all-pseudo", "pseudo-tested"),
        ("all-not-covered", "not-covered"),
    ] {
        let checked = if id == "all" { " checked" } else { "" };
        h.push_str(&format!(
            "<input type=\"radio\" name=\"show\" id=\"{id}\"{checked}><label for=\"{id}\">{label}</label>\n"
        ));
    }
    h.push_str(
        "<table>\n<tr><th>Classification</th><th>Method</th><th>Location</th>\
         <th>Transformations</th></tr>\n",
    );
    for m in &report.methods {
        let fates: Vec<String> = m.mutants.iter().map(fate).collect();
        h.push_str(&format!(
            "<tr class=\"m {cls}\"><td>{cls}</td><td><code>{name}</code></td>\
             <td>{loc}</td><td>{fates}</td></tr>\n",
            cls = m.classification.as_str(),
            name = escape(&java_signature(m)),
            loc = location(m, links),
            fates = fates.join("<br>"),
        ));
    }
    h.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
