//! The failure line a kill is reported by: what its two runs (the kill and its
//! confirmation) agree on. A test that checks values it draws at random (a digest of random
//! bytes, a salted hash) fails with another message each run; the words that differ are
//! replaced by `…`, so that the line says what the test checked and runs of mimic on the
//! same input write the same `methods.json`.
//!
//! Words are the runs of characters between blanks and the punctuation JUnit, AssertJ and
//! Hamcrest put around values (`<>()[]{},;:"'=`): a random value is one word, whatever
//! characters it holds.

/// Whether `c` separates words.
fn separates(c: char) -> bool {
    c.is_whitespace() || "<>()[]{},;:\"'=".contains(c)
}

/// `line` as alternating words and separators, in order.
fn words(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_word = None;
    for (i, c) in line.char_indices() {
        let word = !separates(c);
        if in_word != Some(word) {
            if i > start {
                out.push(&line[start..i]);
            }
            start = i;
            in_word = Some(word);
        }
    }
    if start < line.len() {
        out.push(&line[start..]);
    }
    out
}

/// The line both runs' failure lines agree on: `first` with each word that differs from
/// `again`'s replaced by `…` (when the lines split alike), or their common beginning and
/// end around one `…` (when they do not).
pub fn stable_line(first: &str, again: &str) -> String {
    if first == again {
        return first.to_string();
    }
    let a = words(first);
    let b = words(again);
    if a.len() == b.len() {
        return a
            .iter()
            .zip(&b)
            .map(|(x, y)| if x == y { *x } else { "…" })
            .collect();
    }
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let rest = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(rest)
        .take_while(|(x, y)| x == y)
        .count();
    let mut out: String = a[..prefix].concat();
    out.push('…');
    out.push_str(&a[a.len() - suffix..].concat());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_value_becomes_an_ellipsis() {
        assert_eq!(
            stable_line(
                "org.opentest4j.AssertionFailedError: expected: <7db9fb02> but was: <>",
                "org.opentest4j.AssertionFailedError: expected: <7149c6ae> but was: <>"
            ),
            "org.opentest4j.AssertionFailedError: expected: <…> but was: <>"
        );
        assert_eq!(
            stable_line(
                "AssertionFailedError: Hashes differ ==> expected: <1370962094> but was: <-1443367535>",
                "AssertionFailedError: Hashes differ ==> expected: <1604264765> but was: <-1443367535>"
            ),
            "AssertionFailedError: Hashes differ ==> expected: <…> but was: <-1443367535>"
        );
    }

    #[test]
    fn a_salted_hash_is_one_word_whatever_it_holds() {
        assert_eq!(
            stable_line(
                "AssertionFailedError: expected: <null> but was: <$6$oBEX24Lh$HsO0/C.bmo4W/>",
                "AssertionFailedError: expected: <null> but was: <$6$OydJZ5AE$qBt9x2vn61>"
            ),
            "AssertionFailedError: expected: <null> but was: <…>"
        );
    }

    #[test]
    fn lines_that_split_differently_keep_their_common_ends() {
        assert_eq!(
            stable_line("boom: a b c at 1", "boom: x at 1"),
            "boom: … at 1"
        );
        assert_eq!(stable_line("same", "same"), "same");
    }
}
