//! Source pages of the HTML report: each mutated class's source file, lines numbered and
//! anchored (`#L12`), every mutated method's lines shaded by its classification and its
//! first line annotated with what became of each transformation, as PIT's report shows
//! mutated code. Sources come from directories (`src/main/java`) or sources jars, looked
//! up by package and the class file's `SourceFile`; a class whose source is not found
//! gets no page and its methods no link.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::html::escape;
use crate::report::split_class;
use crate::result::{MethodResult, MutationReport};

/// Where sources are: directories laid out by package, or `-sources.jar` files.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    pub roots: Vec<PathBuf>,
}

impl Sources {
    /// The text of `package/file` (`org/x`, `Foo.java`) in the first root that has it.
    pub fn read(&self, package: &str, file: &str) -> Option<String> {
        let rel = if package.is_empty() {
            file.to_string()
        } else {
            format!("{package}/{file}")
        };
        self.roots.iter().find_map(|root| {
            if root.is_dir() {
                std::fs::read_to_string(root.join(&rel)).ok()
            } else {
                let mut zip = zip::ZipArchive::new(std::fs::File::open(root).ok()?).ok()?;
                let mut entry = zip.by_name(&rel).ok()?;
                let mut text = String::new();
                entry.read_to_string(&mut text).ok()?;
                Some(text)
            }
        })
    }
}

/// The page of the source `file` of `package`, relative to the report's directory.
pub fn page_path(package: &str, file: &str) -> String {
    let stem = file.strip_suffix(".java").unwrap_or(file);
    if package.is_empty() {
        format!("src/{stem}.html")
    } else {
        format!("src/{package}/{stem}.html")
    }
}

/// Write a page per source file that has mutated methods into `dir`; returns the pages
/// written, keyed by (package, file).
pub fn write_pages(
    report: &MutationReport,
    sources: &Sources,
    dir: &Path,
) -> std::io::Result<BTreeMap<(String, String), String>> {
    let mut by_file: BTreeMap<(String, String), Vec<&MethodResult>> = BTreeMap::new();
    for m in &report.methods {
        if let Some(file) = &m.method.file_name {
            let (package, _) = split_class(&m.method.class);
            by_file
                .entry((package.to_string(), file.clone()))
                .or_default()
                .push(m);
        }
    }
    let mut written = BTreeMap::new();
    for ((package, file), methods) in by_file {
        let Some(text) = sources.read(&package, &file) else {
            continue;
        };
        let rel = page_path(&package, &file);
        let path = dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let up = "../".repeat(rel.matches('/').count());
        std::fs::write(&path, source_page(&package, &file, &text, &methods, &up))?;
        written.insert((package, file), rel);
    }
    Ok(written)
}

/// One source page: `up` leads back to index.html.
fn source_page(
    package: &str,
    file: &str,
    text: &str,
    methods: &[&MethodResult],
    up: &str,
) -> String {
    // Per line: the method whose body it is in, and whether it is that method's first line.
    let mut shade: BTreeMap<usize, (&MethodResult, bool)> = BTreeMap::new();
    for m in methods {
        let first = m.method.line.unwrap_or(0) as usize;
        let (from, to) = m
            .method
            .lines
            .map_or((first, first), |(a, b)| (a as usize, b as usize));
        for line in from.min(first)..=to.max(first) {
            shade.entry(line).or_insert((m, line == first));
        }
    }
    let title = if package.is_empty() {
        file.to_string()
    } else {
        format!("{}.{}", package.replace('/', "."), file)
    };
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title><style>\
         body{{font-family:sans-serif;margin:1em}}table{{border-collapse:collapse}}\
         td{{padding:0 6px;vertical-align:top}}td.n{{color:#888;text-align:right}}\
         pre{{margin:0;font-size:90%;white-space:pre-wrap;overflow-wrap:anywhere}}\
         .tested{{background:#dfd}}.partially-tested{{background:#ffd}}\
         .pseudo-tested{{background:#fdd}}.not-covered{{background:#eee}}\
         .note{{font-size:85%;color:#333}}</style></head><body>\n\
         <p><a href=\"{up}index.html\">mimic mutate report</a> / <code>{t}</code></p>\n<table>\n",
        t = escape(&title)
    );
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let (class, note) = match shade.get(&n) {
            Some((m, first)) => (
                m.classification.as_str(),
                if *first { note(m) } else { String::new() },
            ),
            None => ("", String::new()),
        };
        h.push_str(&format!(
            "<tr id=\"L{n}\" class=\"{class}\"><td class=\"n\"><a href=\"#L{n}\">{n}</a></td><td><pre>{}</pre>{note}</td></tr>\n",
            escape(line)
        ));
    }
    h.push_str("</table>\n</body></html>\n");
    h
}

/// What became of `m`'s transformations, under its first line.
fn note(m: &MethodResult) -> String {
    let fates: Vec<String> = m.mutants.iter().map(crate::html::fate).collect();
    format!(
        "<div class=\"note\"><b>{}</b>: {}</div>",
        m.classification.as_str(),
        fates.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_named_by_package_and_file() {
        assert_eq!(page_path("org/x", "Foo.java"), "src/org/x/Foo.html");
        assert_eq!(page_path("", "Foo.java"), "src/Foo.html");
    }
}
