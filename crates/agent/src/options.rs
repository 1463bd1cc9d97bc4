//! The agent's option string (`plan=…,store=…[,log=…][,first=N][,sample=K][,depth=D]
//! [,nodes=N][,value_bytes=B][,budget=BYTES][,redact=a|b|c]`): parsing and defaults.

use std::path::PathBuf;

/// Default field-name redaction rules (substrings, case-insensitive).
pub const DEFAULT_REDACT: [&str; 5] = ["password", "secret", "token", "apikey", "credential"];

/// Recording limits and where things go.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub plan: PathBuf,
    pub store: PathBuf,
    /// Log file; default `<store>.log`.
    pub log: PathBuf,
    /// Record the first N invocations of each MUT…
    pub first: u64,
    /// …then 1 in K (0: none after the first N).
    pub sample: u64,
    /// Object-graph depth below each recorded value.
    pub depth: u32,
    /// Objects, arrays and elements per recorded value.
    pub nodes: u32,
    /// Approximate bytes per recorded value.
    pub value_bytes: u64,
    /// Approximate bytes of values in the whole run; beyond it, values become opaque
    /// but invocations and calls are still recorded.
    pub budget: u64,
    /// Lower-case field-name substrings whose values are redacted.
    pub redact: Vec<String>,
}

impl Options {
    /// Parse the `-agentpath:` option string.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut plan = None;
        let mut store = None;
        let mut log = None;
        let mut o = Options {
            plan: PathBuf::new(),
            store: PathBuf::new(),
            log: PathBuf::new(),
            first: 100,
            sample: 100,
            depth: 3,
            nodes: 100,
            value_bytes: 8 * 1024,
            budget: 256 * 1024 * 1024,
            redact: DEFAULT_REDACT.iter().map(|s| s.to_string()).collect(),
        };
        for part in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("option {part:?} is not key=value"))?;
            let number = || -> Result<u64, String> {
                value
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| format!("option {key}: {value:?} is not a non-negative integer"))
            };
            match key.trim() {
                "plan" => plan = Some(PathBuf::from(value)),
                "store" => store = Some(PathBuf::from(value)),
                "log" => log = Some(PathBuf::from(value)),
                "first" => o.first = number()?,
                "sample" => o.sample = number()?,
                "depth" => o.depth = number()?.min(u32::MAX as u64) as u32,
                "nodes" => o.nodes = number()?.clamp(1, u32::MAX as u64) as u32,
                "value_bytes" => o.value_bytes = number()?,
                "budget" => o.budget = number()?,
                "redact" => {
                    o.redact = value
                        .split('|')
                        .map(|r| r.trim().to_ascii_lowercase())
                        .filter(|r| !r.is_empty())
                        .collect()
                }
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        o.plan = plan.ok_or("missing option plan=<plan.json>")?;
        o.store = store.ok_or("missing option store=<traces.db>")?;
        o.log = log.unwrap_or_else(|| {
            let mut s = o.store.clone().into_os_string();
            s.push(".log");
            PathBuf::from(s)
        });
        Ok(o)
    }

    /// The rule a field name matches, if any.
    pub fn redaction_rule(&self, field_name: &str) -> Option<&str> {
        let lower = field_name.to_ascii_lowercase();
        self.redact
            .iter()
            .find(|r| lower.contains(r.as_str()))
            .map(String::as_str)
    }

    /// Should the `n`-th invocation (from 0) of a MUT be recorded?
    pub fn samples(&self, n: u64) -> bool {
        n < self.first || (self.sample > 0 && (n - self.first).is_multiple_of(self.sample))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_defaults_and_limits() {
        let o = Options::parse("plan=/p.json,store=/t.db").unwrap();
        assert_eq!(o.log, PathBuf::from("/t.db.log"));
        assert_eq!((o.first, o.sample), (100, 100));
        assert_eq!(o.redaction_rule("userPassword"), Some("password"));
        assert_eq!(o.redaction_rule("API_KEY"), None);
        assert_eq!(o.redaction_rule("apiKey"), Some("apikey"));
        let o = Options::parse("plan=a,store=b,first=2,sample=3,redact=pin|Cvv,log=/l").unwrap();
        assert_eq!(o.redact, vec!["pin", "cvv"]);
        assert_eq!(o.log, PathBuf::from("/l"));
        let recorded: Vec<u64> = (0..10).filter(|n| o.samples(*n)).collect();
        assert_eq!(recorded, vec![0, 1, 2, 5, 8]);
        let o = Options::parse("plan=a,store=b,first=1,sample=0").unwrap();
        assert!(o.samples(0) && !o.samples(1) && !o.samples(100));
        assert!(Options::parse("plan=a").is_err());
        assert!(Options::parse("plan=a,store=b,depth=x").is_err());
        assert!(Options::parse("plan=a,store=b,colour=red").is_err());
    }
}
