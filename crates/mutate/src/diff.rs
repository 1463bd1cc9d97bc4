//! `--in-diff`: which source lines a change touches, from a unified diff (`git diff`, or a
//! patch file), and whether a method's lines are among them. Only the `+++` file names
//! and the `@@ -a,b +c,d @@` hunk headers matter: the new side's lines `c..c+d` are
//! touched, and a hunk that only deletes (`d` = 0) touches line `c` and the one after, the
//! lines around the cut. A method is touched when a touched line falls within its lines
//! (first to last line of its LineNumberTable) in a file whose path ends with the
//! method's package directory and source file name (`org/x/Foo.java`).
//!
//! Written by hand: the hunk headers are all that is needed, and the diff crates on
//! crates.io parse whole patches strictly (rejecting git's extended headers).

use std::collections::BTreeMap;

/// Touched line ranges (inclusive, 1-based) per file of the new side of a diff.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangedLines {
    files: BTreeMap<String, Vec<(u32, u32)>>,
}

impl ChangedLines {
    /// Parse a unified diff. Files deleted by it (`+++ /dev/null`) touch nothing.
    pub fn parse(text: &str) -> ChangedLines {
        let mut files: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
        let mut current: Option<String> = None;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("+++ ") {
                let name = name.split('\t').next().unwrap_or(name).trim();
                current = (name != "/dev/null")
                    .then(|| name.strip_prefix("b/").unwrap_or(name).replace('\\', "/"));
            } else if let (Some(file), Some(header)) = (&current, line.strip_prefix("@@ ")) {
                if let Some(range) = new_side(header) {
                    files.entry(file.clone()).or_default().push(range);
                }
            }
        }
        ChangedLines { files }
    }

    /// Whether the diff touches nothing at all.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// How many files the diff touches.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// Whether lines `first..=last` of the source file `file_name` of package directory
    /// `package` (`org/x`, empty for the default package) are touched.
    pub fn touches(&self, package: &str, file_name: &str, first: u32, last: u32) -> bool {
        let suffix = if package.is_empty() {
            file_name.to_string()
        } else {
            format!("{package}/{file_name}")
        };
        self.files.iter().any(|(path, ranges)| {
            (path == &suffix || path.ends_with(&format!("/{suffix}")))
                && ranges.iter().any(|(a, b)| *a <= last && first <= *b)
        })
    }
}

/// The touched lines of a hunk header's new side (`-a,b +c,d @@ …`).
fn new_side(header: &str) -> Option<(u32, u32)> {
    let plus = header.split_whitespace().find(|w| w.starts_with('+'))?;
    let mut parts = plus[1..].splitn(2, ',');
    let start: u32 = parts.next()?.parse().ok()?;
    let count: u32 = match parts.next() {
        Some(c) => c.parse().ok()?,
        None => 1,
    };
    Some(if count == 0 {
        // Only deletions: the lines around the cut.
        (start, start + 1)
    } else {
        (start, start + count - 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIT_DIFF: &str =
        "diff --git a/src/main/java/org/x/Foo.java b/src/main/java/org/x/Foo.java
index 1234567..89abcde 100644
--- a/src/main/java/org/x/Foo.java
+++ b/src/main/java/org/x/Foo.java
@@ -10,2 +10,3 @@ public class Foo {
-        return a;
+        int b = a;
+        return b;
@@ -40 +41,0 @@ public class Foo {
-        log();
diff --git a/src/main/java/org/x/Gone.java b/src/main/java/org/x/Gone.java
deleted file mode 100644
--- a/src/main/java/org/x/Gone.java
+++ /dev/null
@@ -1,3 +0,0 @@
-class Gone {}
";

    #[test]
    fn a_git_diff_touches_the_new_sides_lines() {
        let changed = ChangedLines::parse(GIT_DIFF);
        assert_eq!(changed.file_count(), 1);
        // Lines 10-12 changed.
        assert!(changed.touches("org/x", "Foo.java", 5, 10));
        assert!(changed.touches("org/x", "Foo.java", 12, 20));
        assert!(!changed.touches("org/x", "Foo.java", 13, 30));
        // A deletion touches the lines around it.
        assert!(changed.touches("org/x", "Foo.java", 42, 50));
        assert!(!changed.touches("org/x", "Foo.java", 43, 50));
        // Same file name, another package: not touched.
        assert!(!changed.touches("org/y", "Foo.java", 1, 100));
        assert!(!changed.touches("org/x", "Gone.java", 1, 100));
    }

    #[test]
    fn a_plain_patch_with_tabs_and_one_line_hunks() {
        let patch =
            "--- Foo.java.orig\t2024-01-01\n+++ Foo.java\t2024-01-02\n@@ -3 +3 @@\n-a\n+b\n";
        let changed = ChangedLines::parse(patch);
        assert!(changed.touches("", "Foo.java", 1, 3));
        assert!(!changed.touches("", "Foo.java", 4, 9));
        assert!(ChangedLines::parse("").is_empty());
    }
}
