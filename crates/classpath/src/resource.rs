//! The one place that decides what a resource name inside a jar or directory is: a class
//! of the base layer, a versioned class of a multi-release jar, a `module-info` or
//! `package-info` (not a class anyone analyses), or not a class at all.
//!
//! Rules (JAR File Specification, "Multi-release JAR files"):
//! - `*.class` outside `META-INF/` is a base-layer class, named by its path
//!   (`com/x/Foo.class` is `com/x/Foo`).
//! - `META-INF/versions/N/<path>.class` is the release-`N` version of `<path>`; it counts
//!   only in a jar whose manifest says `Multi-Release: true`, and only when `N` is at
//!   most the release classes are read for; the highest such `N` wins over the base layer.
//! - Any other class file under `META-INF/` is ignored (shaded leftovers, signatures).
//! - `module-info.class` and `package-info.class` (in any layer) are skipped: they describe
//!   a module or package, not a class.

/// What a resource name denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind<'a> {
    /// A base-layer class; the path without `.class` is its internal name.
    Class(&'a str),
    /// A class of release `release` in a multi-release jar.
    Versioned { release: u32, internal: &'a str },
    /// `module-info.class` or `package-info.class`.
    Descriptor,
    /// Not a class file, or a class file we never read (elsewhere under `META-INF/`).
    Other,
}

/// Classifies one resource name (`/`-separated, relative to the jar or directory root).
pub fn classify(name: &str) -> ResourceKind<'_> {
    let Some(stem) = name.strip_suffix(".class") else {
        return ResourceKind::Other;
    };
    let (release, path) = match stem.strip_prefix("META-INF/") {
        None => (None, stem),
        Some(rest) => {
            let Some((n, path)) = rest
                .strip_prefix("versions/")
                .and_then(|v| v.split_once('/'))
            else {
                return ResourceKind::Other;
            };
            match n.parse::<u32>() {
                Ok(n) => (Some(n), path),
                Err(_) => return ResourceKind::Other,
            }
        }
    };
    let simple = path.rsplit('/').next().unwrap_or(path);
    if simple == "module-info" || simple == "package-info" {
        return ResourceKind::Descriptor;
    }
    if path.is_empty() {
        return ResourceKind::Other;
    }
    match release {
        None => ResourceKind::Class(path),
        Some(release) => ResourceKind::Versioned {
            release,
            internal: path,
        },
    }
}

/// True when a jar manifest's main section says `Multi-Release: true` (case-insensitive
/// name and value, as `java.util.jar` reads it).
pub fn is_multi_release_manifest(manifest: &str) -> bool {
    manifest
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_once(':'))
        .any(|(k, v)| {
            k.trim().eq_ignore_ascii_case("Multi-Release") && v.trim().eq_ignore_ascii_case("true")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_classified_once_here() {
        assert_eq!(
            classify("com/x/Foo.class"),
            ResourceKind::Class("com/x/Foo")
        );
        assert_eq!(classify("Foo$1.class"), ResourceKind::Class("Foo$1"));
        assert_eq!(
            classify("META-INF/versions/11/com/x/Foo.class"),
            ResourceKind::Versioned {
                release: 11,
                internal: "com/x/Foo"
            }
        );
        assert_eq!(classify("module-info.class"), ResourceKind::Descriptor);
        assert_eq!(
            classify("META-INF/versions/9/module-info.class"),
            ResourceKind::Descriptor
        );
        assert_eq!(
            classify("com/x/package-info.class"),
            ResourceKind::Descriptor
        );
        assert_eq!(classify("META-INF/shaded/X.class"), ResourceKind::Other);
        assert_eq!(classify("META-INF/versions/x/X.class"), ResourceKind::Other);
        assert_eq!(classify("com/x/Foo.java"), ResourceKind::Other);
    }

    #[test]
    fn multi_release_is_read_from_the_main_section() {
        assert!(is_multi_release_manifest(
            "Manifest-Version: 1.0\r\nmulti-release: TRUE\r\n\r\n"
        ));
        assert!(!is_multi_release_manifest(
            "Manifest-Version: 1.0\n\nName: x\nMulti-Release: true\n"
        ));
    }
}
