//! What counts as a secret in recorded production data, decided before a value leaves the
//! observed JVM:
//! - **by name** ([`words`], [`Rules::name_rule`]): a field, parameter, map key or header
//!   name is split into words (camelCase, snake_case, kebab-case, digits) and matched
//!   against word sequences (`password`, `api key`, `access token`…), never substrings: a
//!   parser's `Token` class and `reusableToken` field are not secrets, `accessToken` and
//!   `refresh_token` are;
//! - **by value** ([`Rules::value_rule`]): detectors for JWTs, `Bearer …` credentials,
//!   AWS access key ids, PEM private keys, Luhn-valid card numbers and `secret=value`
//!   assignments inside text (exception messages, log-like strings).
//!
//! The built-in rules follow the spirit of gitleaks and detect-secrets. A rules file
//! ([`Rules::with_file`], TOML) adds name phrases and turns built-in rules off by name.
//! This crate decides; the agent applies (typed placeholders, counts) and `mimic store
//! audit` reports.

use std::sync::OnceLock;

use regex::Regex;
use serde::Deserialize;

/// The words of an identifier or key, lower-case: `accessToken`, `ACCESS_TOKEN`,
/// `access-token` and `Access Token` all give `["access", "token"]`; `HTTPHeader` gives
/// `["http", "header"]`; digits are words of their own (`key2` → `["key", "2"]`).
pub fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, out: &mut Vec<String>| {
        if !current.is_empty() {
            out.push(std::mem::take(current).to_lowercase());
        }
    };
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            flush(&mut current, &mut out);
            continue;
        }
        if let Some(&prev) = i.checked_sub(1).and_then(|p| chars.get(p)) {
            let next = chars.get(i + 1).copied();
            let boundary = (prev.is_lowercase() && c.is_uppercase())
                || (prev.is_alphabetic() && c.is_ascii_digit())
                || (prev.is_ascii_digit() && c.is_alphabetic())
                // The last capital of an acronym starts the next word: HTTPHeader.
                || (prev.is_uppercase() && c.is_uppercase() && next.is_some_and(char::is_lowercase));
            if boundary {
                flush(&mut current, &mut out);
            }
        }
        current.push(c);
    }
    flush(&mut current, &mut out);
    out
}

/// A name rule: a word sequence, and the rule name it is reported under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameRule {
    pub name: String,
    pub words: Vec<String>,
}

/// Built-in name rules: (rule name, phrases). A name matches when the words of one
/// phrase appear consecutively among its words.
const BUILTIN_NAMES: &[(&str, &[&str])] = &[
    (
        "password",
        &[
            "password",
            "passwd",
            "pwd",
            "passphrase",
            "pass phrase",
            "pass word",
        ],
    ),
    ("secret", &["secret", "secrets"]),
    ("api-key", &["api key", "apikey", "api keys", "api token"]),
    (
        "private-key",
        &[
            "private key",
            "privatekey",
            "signing key",
            "encryption key",
            "master key",
            "secret key",
        ],
    ),
    ("access-key", &["access key", "accesskey", "access key id"]),
    ("credential", &["credential", "credentials"]),
    ("authorization", &["authorization", "proxy authorization"]),
    ("cookie", &["cookie", "set cookie"]),
    (
        "session",
        &[
            "session id",
            "sessionid",
            "session key",
            "session token",
            "jsessionid",
        ],
    ),
    ("bearer", &["bearer"]),
    (
        "access-token",
        &[
            "access token",
            "accesstoken",
            "auth token",
            "authtoken",
            "refresh token",
            "refreshtoken",
            "id token",
            "bearer token",
            "oauth token",
            "csrf token",
            "xsrf token",
            "security token",
        ],
    ),
    (
        "card-number",
        &[
            "card number",
            "cardnumber",
            "credit card",
            "creditcard",
            "pan",
            "cvv",
            "cvc",
            "card verification",
        ],
    ),
    ("pin", &["pin", "pin code"]),
    ("ssn", &["ssn", "social security number"]),
];

/// Value detectors, by rule name.
pub const DETECTORS: [&str; 6] = [
    "jwt",
    "bearer",
    "aws-access-key",
    "private-key",
    "card-number",
    "secret-in-text",
];

/// Why a rules file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("redaction rules: {0}")]
    Parse(String),
    #[error("redaction rules: unknown rule {0:?} to turn off (known: {1})")]
    UnknownRule(String, String),
}

/// A rules file (TOML):
/// ```toml
/// # more names: each a phrase of words (any case or separator style)
/// names = ["employee number", "mother's maiden name"]
/// # built-in rules turned off, by rule name (name rules and value detectors alike)
/// off = ["pin", "card-number"]
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    #[serde(default)]
    names: Vec<String>,
    #[serde(default)]
    off: Vec<String>,
}

/// The rules in force.
#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    names: Vec<NameRule>,
    detectors: Vec<&'static str>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::builtin()
    }
}

impl Rules {
    /// The built-in name rules and every value detector.
    pub fn builtin() -> Rules {
        let names = BUILTIN_NAMES
            .iter()
            .flat_map(|(rule, phrases)| {
                phrases.iter().map(move |p| NameRule {
                    name: rule.to_string(),
                    words: words(p),
                })
            })
            .collect();
        Rules {
            names,
            detectors: DETECTORS.to_vec(),
        }
    }

    /// No rule at all (`--no-redact`).
    pub fn none() -> Rules {
        Rules {
            names: Vec::new(),
            detectors: Vec::new(),
        }
    }

    /// Add a name phrase, reported under its own words joined by `-`.
    pub fn add_name(&mut self, phrase: &str) {
        let w = words(phrase);
        if !w.is_empty() {
            self.names.push(NameRule {
                name: w.join("-"),
                words: w,
            });
        }
    }

    /// Every rule name (name rules, then detectors), without repeats.
    pub fn rule_names(&self) -> Vec<String> {
        let mut all: Vec<String> = Vec::new();
        for n in self.names.iter().map(|r| r.name.clone()) {
            if !all.contains(&n) {
                all.push(n);
            }
        }
        all.extend(self.detectors.iter().map(|d| d.to_string()));
        all
    }

    /// Turn a rule off by name.
    pub fn turn_off(&mut self, rule: &str) -> Result<(), RulesError> {
        let known = self.rule_names();
        if !known.iter().any(|k| k == rule) {
            return Err(RulesError::UnknownRule(rule.into(), known.join(", ")));
        }
        self.names.retain(|r| r.name != rule);
        self.detectors.retain(|d| *d != rule);
        Ok(())
    }

    /// These rules extended and restricted by a rules file's text.
    pub fn with_file(mut self, text: &str) -> Result<Rules, RulesError> {
        let file: RulesFile = toml::from_str(text).map_err(|e| RulesError::Parse(e.to_string()))?;
        for phrase in &file.names {
            self.add_name(phrase);
        }
        for rule in &file.off {
            self.turn_off(rule)?;
        }
        Ok(self)
    }

    /// The rule a field, parameter, map key or header name matches.
    pub fn name_rule(&self, name: &str) -> Option<&str> {
        if self.names.is_empty() {
            return None;
        }
        let w = words(name);
        if w.is_empty() {
            return None;
        }
        self.names
            .iter()
            .find(|r| {
                w.windows(r.words.len())
                    .any(|win| win == r.words.as_slice())
            })
            .map(|r| r.name.as_str())
    }

    /// The detector a text value trips, if any.
    pub fn value_rule(&self, text: &str) -> Option<&'static str> {
        // Every detector needs at least this much text: short values cost one comparison.
        if text.len() < 12 || self.detectors.is_empty() {
            return None;
        }
        let on = |d: &str| self.detectors.contains(&d);
        let p = patterns();
        if on("private-key") && text.contains("-----BEGIN") && p.private_key.is_match(text) {
            return Some("private-key");
        }
        if on("jwt") && text.contains("eyJ") && p.jwt.is_match(text) {
            return Some("jwt");
        }
        // Cheap literal checks first: most strings contain none of these and cost a few
        // vectorised scans, no regex.
        if on("bearer") && has_scheme_word(text) && p.bearer.is_match(text) {
            return Some("bearer");
        }
        if on("aws-access-key") && text.contains('A') && p.aws.is_match(text) {
            return Some("aws-access-key");
        }
        if on("card-number") && has_card_number(text) {
            return Some("card-number");
        }
        if on("secret-in-text") && text.contains(['=', ':']) {
            for c in p.assignment.captures_iter(text) {
                let whole = c.get(0).expect("a match");
                // A value must follow: `password=` alone is not a secret.
                let value = text[whole.end()..]
                    .trim_start_matches([' ', '"', '\''])
                    .chars()
                    .take_while(|ch| {
                        !ch.is_whitespace() && !matches!(ch, '"' | '\'' | ',' | ';' | '&')
                    })
                    .count();
                if value >= 3 && self.name_rule(&c[1]).is_some() {
                    return Some("secret-in-text");
                }
            }
        }
        None
    }
}

struct Patterns {
    jwt: Regex,
    bearer: Regex,
    aws: Regex,
    private_key: Regex,
    digits: Regex,
    assignment: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| Patterns {
        jwt: Regex::new(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}").unwrap(),
        bearer: Regex::new(r"(?i)\b(?:bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{12,}").unwrap(),
        aws: Regex::new(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b").unwrap(),
        private_key: Regex::new(r"-----BEGIN (?:[A-Z]+ )?PRIVATE KEY(?: BLOCK)?-----").unwrap(),
        digits: Regex::new(r"\b\d(?:[ -]?\d){12,18}\b").unwrap(),
        assignment: Regex::new(r#"([A-Za-z][A-Za-z0-9_.-]{1,40})["']?\s*[:=]"#).unwrap(),
    })
}

/// Whether `text` has a word an authorization scheme starts with (`Bearer`, `Basic`,
/// `Token`, any case) followed by a space.
fn has_scheme_word(text: &str) -> bool {
    ["earer ", "EARER ", "asic ", "ASIC ", "oken ", "OKEN "]
        .iter()
        .any(|w| text.contains(w))
}

/// A 13–19 digit number (spaces or dashes allowed between digits) passing the Luhn check
/// whose first digit is a payment card's (2 to 6: Mastercard, American Express, Diners,
/// JCB, Visa, Maestro, Discover, UnionPay), so that millisecond timestamps (`17…`) are not
/// taken for one.
fn has_card_number(text: &str) -> bool {
    if text.bytes().filter(u8::is_ascii_digit).count() < 13 {
        return false;
    }
    patterns().digits.find_iter(text).any(|m| {
        let digits: Vec<u32> = m.as_str().chars().filter_map(|c| c.to_digit(10)).collect();
        (13..=19).contains(&digits.len()) && (2..=6).contains(&digits[0]) && luhn(&digits)
    })
}

/// The Luhn checksum (card numbers).
pub fn luhn(digits: &[u32]) -> bool {
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| {
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_words_in_every_style() {
        assert_eq!(words("accessToken"), ["access", "token"]);
        assert_eq!(words("ACCESS_TOKEN"), ["access", "token"]);
        assert_eq!(words("access-token"), ["access", "token"]);
        assert_eq!(words("Access Token"), ["access", "token"]);
        assert_eq!(words("HTTPHeader"), ["http", "header"]);
        assert_eq!(words("key2"), ["key", "2"]);
        assert_eq!(words("privateKey"), ["private", "key"]);
        assert_eq!(words("x-api-key"), ["x", "api", "key"]);
        assert!(words("__").is_empty());
    }

    #[test]
    fn secret_names_match_by_whole_words() {
        let r = Rules::builtin();
        for (name, rule) in [
            ("password", "password"),
            ("userPassword", "password"),
            ("passwd", "password"),
            ("pwd", "password"),
            ("api_key", "api-key"),
            ("API_KEY", "api-key"),
            ("apiKey", "api-key"),
            ("privateKey", "private-key"),
            ("accessToken", "access-token"),
            ("refresh_token", "access-token"),
            ("Authorization", "authorization"),
            ("Cookie", "cookie"),
            ("clientSecret", "secret"),
            ("cardNumber", "card-number"),
            ("JSESSIONID", "session"),
        ] {
            assert_eq!(r.name_rule(name), Some(rule), "{name}");
        }
        for name in [
            "token",
            "Token",
            "reusableToken",
            "tokens",
            "tokenizer",
            "nextToken",
            "passenger",
            "compass",
            "keyboard",
            "spinner",
            "session",
            "sessionFactory",
            "authorName",
            "secretary",
        ] {
            assert_eq!(r.name_rule(name), None, "{name}");
        }
    }

    #[test]
    fn values_are_caught_by_detectors() {
        let r = Rules::builtin();
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
        assert_eq!(r.value_rule(jwt), Some("jwt"));
        assert_eq!(r.value_rule("Bearer abcdef0123456789xyz"), Some("bearer"));
        assert_eq!(
            r.value_rule("key AKIAIOSFODNN7EXAMPLE used"),
            Some("aws-access-key")
        );
        assert_eq!(
            r.value_rule("-----BEGIN RSA PRIVATE KEY-----\nMIIE..."),
            Some("private-key")
        );
        assert_eq!(
            r.value_rule("paid with 4111 1111 1111 1111"),
            Some("card-number")
        );
        assert_eq!(r.value_rule("4111-1111-1111-1111"), Some("card-number"));
        // Regression: a millisecond timestamp of today (13 digits) passes the Luhn check
        // one time in ten; payment cards start with 2 to 6, timestamps with 1.
        assert!(luhn(&[1, 7, 9, 5, 5, 9, 0, 6, 0, 9, 6, 2, 8]));
        assert_eq!(r.value_rule("paid at 1795590609628"), None);
        assert_eq!(
            r.value_rule("login failed for alice: password=hunter22"),
            Some("secret-in-text")
        );
        assert_eq!(
            r.value_rule("api_key: 'sk_live_123456'"),
            Some("secret-in-text")
        );
    }

    #[test]
    fn ordinary_values_are_left_alone() {
        let r = Rules::builtin();
        for text in [
            "hello",
            "The quick brown fox jumps over the lazy dog",
            "order 1234567890123 shipped", // 13 digits, Luhn-invalid
            "token=IDENT",                 // 'token' alone is no secret
            "timeout=30s retries=3",
            "eyJ but not a jwt at all",
            "2026-11-24T19:53:00Z",
        ] {
            assert_eq!(r.value_rule(text), None, "{text}");
        }
        assert!(luhn(&[4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
        assert!(!luhn(&[1, 2, 3, 4]));
    }

    #[test]
    fn a_rules_file_adds_names_and_turns_rules_off() {
        let r = Rules::builtin()
            .with_file("names = [\"employee number\"]\noff = [\"pin\", \"card-number\"]\n")
            .unwrap();
        assert_eq!(r.name_rule("employeeNumber"), Some("employee-number"));
        assert_eq!(r.name_rule("pin"), None);
        assert_eq!(r.value_rule("4111 1111 1111 1111"), None);
        assert_eq!(r.name_rule("password"), Some("password"));
        let e = Rules::builtin().with_file("off = [\"nope\"]").unwrap_err();
        assert!(e.to_string().contains("unknown rule \"nope\""), "{e}");
        assert!(Rules::builtin().with_file("names = 3").is_err());
        assert!(Rules::builtin().with_file("nmes = []").is_err());
    }

    #[test]
    fn no_rules_redact_nothing() {
        let r = Rules::none();
        assert_eq!(r.name_rule("password"), None);
        assert_eq!(r.value_rule("Bearer abcdef0123456789xyz"), None);
    }
}
