//! `Artifact`: a Maven coordinate `group:artifact:version[:classifier]`
//! naming one jar.

use std::fmt;
use std::str::FromStr;

use crate::error::JvmError;

/// One jar on Maven Central, by coordinate.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Artifact {
    /// e.g. "org.mockito".
    pub group: String,
    /// e.g. "mockito-core".
    pub artifact: String,
    /// e.g. "5.14.2".
    pub version: String,
    /// e.g. `Some("sources")`; `None` for the main jar.
    pub classifier: Option<String>,
}

impl Artifact {
    /// Parses `group:artifact:version` or `group:artifact:version:classifier`.
    pub fn parse(coordinate: &str) -> Result<Artifact, JvmError> {
        let bad = |reason: &str| JvmError::BadCoordinate {
            input: coordinate.to_string(),
            reason: reason.to_string(),
        };
        let parts: Vec<&str> = coordinate.split(':').collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad(&format!("it has {} part(s)", parts.len())));
        }
        for (part, what) in parts
            .iter()
            .zip(["group", "artifact", "version", "classifier"])
        {
            if part.is_empty() {
                return Err(bad(&format!("the {what} is empty")));
            }
            if let Some(c) = part.chars().find(|c| !allowed(*c)) {
                return Err(bad(&format!("the {what} contains {c:?}")));
            }
            if part.starts_with('.') || part.ends_with('.') || part.contains("..") {
                return Err(bad(&format!(
                    "the {what} has an empty dot-separated segment"
                )));
            }
        }
        Ok(Artifact {
            group: parts[0].to_string(),
            artifact: parts[1].to_string(),
            version: parts[2].to_string(),
            classifier: parts.get(3).map(|c| c.to_string()),
        })
    }

    /// `artifact-version[-classifier].jar`, the jar's name in a Maven repository.
    pub fn jar_file_name(&self) -> String {
        match &self.classifier {
            Some(c) => format!("{}-{}-{}.jar", self.artifact, self.version, c),
            None => format!("{}-{}.jar", self.artifact, self.version),
        }
    }
}

/// Characters accepted in a coordinate part: enough for every real coordinate,
/// and none that needs escaping in a pom or a file path.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+' | '~')
}

impl FromStr for Artifact {
    type Err = JvmError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Artifact::parse(s)
    }
}

impl fmt::Display for Artifact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.group, self.artifact, self.version)?;
        if let Some(c) = &self.classifier {
            write!(f, ":{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_three_parts() {
        let a = Artifact::parse("org.mockito:mockito-core:5.14.2").unwrap();
        assert_eq!(a.group, "org.mockito");
        assert_eq!(a.artifact, "mockito-core");
        assert_eq!(a.version, "5.14.2");
        assert_eq!(a.classifier, None);
        assert_eq!(a.to_string(), "org.mockito:mockito-core:5.14.2");
        assert_eq!(a.jar_file_name(), "mockito-core-5.14.2.jar");
    }

    #[test]
    fn parses_a_classifier() {
        let a: Artifact = "com.google.guava:guava:33.3.1-jre:sources".parse().unwrap();
        assert_eq!(a.version, "33.3.1-jre");
        assert_eq!(a.classifier.as_deref(), Some("sources"));
        assert_eq!(a.to_string(), "com.google.guava:guava:33.3.1-jre:sources");
        assert_eq!(a.jar_file_name(), "guava-33.3.1-jre-sources.jar");
    }

    #[test]
    fn display_round_trips() {
        for c in ["a:b:1", "a.b.c:d-e:1.0-SNAPSHOT", "x:y:2.0:tests"] {
            assert_eq!(Artifact::parse(c).unwrap().to_string(), c);
        }
    }

    #[test]
    fn rejects_malformed_coordinates() {
        for c in [
            "",
            "a:b",
            "a:b:c:d:e",
            "a::1",
            ":b:1",
            "a:b:",
            "a:b:1:",
            "a b:c:1",
            "a:b:<1>",
            "a..b:c:1",
            "a:b:..",
            "a/b:c:1",
        ] {
            let err = Artifact::parse(c).unwrap_err();
            assert!(matches!(err, JvmError::BadCoordinate { .. }), "{c}: {err}");
            assert!(err.to_string().contains("group:artifact:version"), "{err}");
        }
    }
}
