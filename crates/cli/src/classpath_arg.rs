//! The `-c`/`--classpath` arguments as Java reads them: entries separated by `:` (also
//! across repeated flags), and an entry whose last part is `*` standing for every
//! `.jar`/`.JAR` file in that directory (`lib/*`), in name order. Without the expansion a
//! `lib/*` entry named no file, and every generated test failed to compile with
//! "cannot find symbol".

use std::path::PathBuf;

/// The class path entries the arguments name, wildcards expanded.
pub fn split(parts: &[String]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in parts.iter().flat_map(|p| p.split(':')) {
        if entry.is_empty() {
            continue;
        }
        let wildcard = entry == "*" || entry.ends_with("/*");
        if !wildcard {
            out.push(PathBuf::from(entry));
            continue;
        }
        let dir = match entry.strip_suffix('*').unwrap_or(entry) {
            "" => PathBuf::from("."),
            d => PathBuf::from(d),
        };
        let mut jars: Vec<PathBuf> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "jar" || x == "JAR"))
            .collect();
        jars.sort();
        out.extend(jars);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_star_entry_is_every_jar_of_its_directory() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.jar", "a.JAR", "notes.txt"] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        let lib = dir.path().display().to_string();
        let got = split(&[format!("classes:{lib}/*"), "more".into()]);
        assert_eq!(
            got,
            vec![
                PathBuf::from("classes"),
                dir.path().join("a.JAR"),
                dir.path().join("b.jar"),
                PathBuf::from("more"),
            ]
        );
    }
}
