//! The agent's option string (`plan=…,store=…[,log=…][,first=N][,distinct=D][,upto=U]
//! [,sample=K][,depth=D][,nodes=N][,value_bytes=B][,budget=BYTES][,backlog=BYTES]
//! [,redact=off|phrase|phrase…][,redact_rules=FILE]`):
//! parsing, defaults, and which invocations of a MUT are recorded.

use std::path::PathBuf;

use mimic_redact::Rules;

/// Recording limits and where things go.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub plan: PathBuf,
    pub store: PathBuf,
    /// Log file; default `<store>.log`.
    pub log: PathBuf,
    /// Record the first N invocations of each MUT…
    pub first: u64,
    /// …then, only while fewer than D distinct ones (receiver before, arguments,
    /// outcome and calls: what tells generated tests apart) are recorded (0: no such
    /// condition), every one up to the `upto`-th and one in K after that. Default 5, the
    /// generator's default number of tests per MUT; 0 when `first` is given (an
    /// explicit `first=N` records exactly the first N, then one in K).
    pub distinct: u64,
    pub upto: u64,
    /// 1 in K (0: none after the first N, or after the `upto`-th).
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
    /// Most bytes of completed invocations waiting for the writer; beyond it invocations
    /// are dropped and counted (memory stays bounded whatever the load).
    pub backlog: u64,
    /// What is redacted before a value leaves the JVM (`mimic_redact`): the built-in
    /// rules, plus `redact=` phrases and a `redact_rules=` file; none with `redact=off`.
    pub rules: Rules,
}

/// A path option: as written, or `hex:<bytes>` for a path that is not UTF-8 or holds
/// `,` or `=` (how `mimic record` passes those).
fn path(value: &str) -> Result<PathBuf, String> {
    let Some(hex) = value.strip_prefix("hex:") else {
        return Ok(PathBuf::from(value));
    };
    let bad = || format!("path option {value:?}: bad hex");
    if hex.len() % 2 != 0 {
        return Err(bad());
    }
    let bytes = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2).ok_or_else(bad)?, 16).map_err(|_| bad()))
        .collect::<Result<Vec<u8>, String>>()?;
    use std::os::unix::ffi::OsStringExt;
    Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

impl Options {
    /// Parse the `-agentpath:` option string.
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut plan = None;
        let mut store = None;
        let mut log = None;
        let mut distinct = None;
        let mut first_given = false;
        let mut rules_file = None;
        let mut o = Options {
            plan: PathBuf::new(),
            store: PathBuf::new(),
            log: PathBuf::new(),
            first: 20,
            distinct: 5,
            upto: 100,
            sample: 100,
            depth: 3,
            nodes: 100,
            value_bytes: 8 * 1024,
            budget: 256 * 1024 * 1024,
            backlog: 64 * 1024 * 1024,
            rules: Rules::builtin(),
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
                "plan" => plan = Some(path(value)?),
                "store" => store = Some(path(value)?),
                "log" => log = Some(path(value)?),
                "first" => {
                    o.first = number()?;
                    first_given = true;
                }
                "distinct" => distinct = Some(number()?),
                "upto" => o.upto = number()?,
                "sample" => o.sample = number()?,
                "depth" => o.depth = number()?.min(u32::MAX as u64) as u32,
                "nodes" => o.nodes = number()?.clamp(1, u32::MAX as u64) as u32,
                "value_bytes" => o.value_bytes = number()?,
                "budget" => o.budget = number()?,
                "backlog" => o.backlog = number()?,
                "redact" if value.trim() == "off" => o.rules = Rules::none(),
                "redact" => {
                    for phrase in value.split('|').filter(|r| !r.trim().is_empty()) {
                        o.rules.add_name(phrase);
                    }
                }
                "redact_rules" => rules_file = Some(path(value)?),
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        if let Some(file) = rules_file {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("redaction rules {}: {e}", file.display()))?;
            o.rules = o
                .rules
                .clone()
                .with_file(&text)
                .map_err(|e| e.to_string())?;
        }
        // An explicit first=N means exactly the first N, unless distinct= is given too.
        o.distinct = distinct.unwrap_or(if first_given { 0 } else { o.distinct });
        o.plan = plan.ok_or("missing option plan=<plan.json>")?;
        o.store = store.ok_or("missing option store=<traces.db>")?;
        o.log = log.unwrap_or_else(|| {
            let mut s = o.store.clone().into_os_string();
            s.push(".log");
            PathBuf::from(s)
        });
        Ok(o)
    }

    /// The rule a field, parameter or key name matches, if any.
    pub fn redaction_rule(&self, name: &str) -> Option<&str> {
        self.rules.name_rule(name)
    }

    /// Should the `n`-th invocation (from 0) of a MUT be recorded, `distinct` distinct
    /// invocations of it having been recorded (and completed) so far? The first N
    /// always; then, while fewer than `distinct` are distinct (always if `distinct` is
    /// 0), every one up to the `upto`-th and one in K after that.
    pub fn samples(&self, n: u64, distinct: u64) -> bool {
        if n < self.first {
            return true;
        }
        if self.distinct > 0 && distinct >= self.distinct {
            return false;
        }
        let end = self.every_one_until();
        n < end || (self.sample > 0 && (n - end).is_multiple_of(self.sample))
    }

    /// Will [`Options::samples`] refuse every later invocation of a MUT, now that its
    /// `n`-th was seen with `distinct` distinct ones recorded? (Both only grow.) Then the
    /// MUT's probes may be skipped (see [`crate::gate`]).
    pub fn done_sampling(&self, n: u64, distinct: u64) -> bool {
        let next = n.saturating_add(1);
        if next < self.first {
            return false;
        }
        if self.distinct > 0 && distinct >= self.distinct {
            return true;
        }
        self.sample == 0 && next >= self.every_one_until()
    }

    /// Past the first N, every invocation is sampled up to this one (the `upto`-th while
    /// distinct ones are counted, else none more).
    fn every_one_until(&self) -> u64 {
        if self.distinct > 0 {
            self.first.max(self.upto)
        } else {
            self.first
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Done sampling means no later invocation is sampled, for any policy.
    #[test]
    fn done_sampling_only_when_no_later_invocation_would_be_recorded() {
        for text in [
            "plan=/p,store=/t",
            "plan=/p,store=/t,sample=0",
            "plan=/p,store=/t,distinct=0",
            "plan=/p,store=/t,distinct=0,sample=0",
            "plan=/p,store=/t,first=0,upto=0,sample=0",
        ] {
            let o = Options::parse(text).unwrap();
            let mut some_done = false;
            for n in 0..400 {
                for d in 0..8 {
                    if o.done_sampling(n, d) {
                        some_done = true;
                        for later in n + 1..n + 500 {
                            for more in d..d + 3 {
                                assert!(
                                    !o.samples(later, more),
                                    "{text}: {n} {d} then {later} {more}"
                                );
                            }
                        }
                    }
                }
            }
            // Every policy but one-in-K forever ends sampling somewhere.
            assert_eq!(some_done, text != "plan=/p,store=/t,distinct=0", "{text}");
        }
    }

    #[test]
    fn parses_defaults_and_limits() {
        let o = Options::parse("plan=/p.json,store=/t.db").unwrap();
        assert_eq!(o.log, PathBuf::from("/t.db.log"));
        assert_eq!((o.first, o.distinct, o.upto, o.sample), (20, 5, 100, 100));
        // The first 20 always; then up to the 100th while fewer than 5 are distinct.
        assert!(o.samples(0, 9) && o.samples(19, 9) && !o.samples(20, 5) && o.samples(20, 4));
        assert!(o.samples(99, 4) && !o.samples(99, 5));
        // Then one in 100, still only while fewer than 5 are distinct.
        assert!(o.samples(100, 4) && !o.samples(101, 0) && o.samples(200, 4));
        assert!(!o.samples(100, 5) && !o.samples(200, 5));
        assert_eq!(o.redaction_rule("userPassword"), Some("password"));
        assert_eq!(o.redaction_rule("API_KEY"), Some("api-key"));
        assert_eq!(o.redaction_rule("apiKey"), Some("api-key"));
        assert_eq!(o.redaction_rule("reusableToken"), None);
        let o =
            Options::parse("plan=a,store=b,first=2,sample=3,redact=badge id|Motto,log=/l").unwrap();
        assert_eq!(o.redaction_rule("badgeId"), Some("badge-id"));
        assert_eq!(o.redaction_rule("motto"), Some("motto"));
        assert_eq!(o.redaction_rule("password"), Some("password"));
        let off = Options::parse("plan=a,store=b,redact=off").unwrap();
        assert_eq!(off.redaction_rule("password"), None);
        assert_eq!(o.log, PathBuf::from("/l"));
        // An explicit first=N records the first N, whatever their values.
        assert_eq!(o.distinct, 0);
        let recorded: Vec<u64> = (0..10).filter(|n| o.samples(*n, 9)).collect();
        assert_eq!(recorded, vec![0, 1, 2, 5, 8]);
        let o = Options::parse("plan=a,store=b,first=1,sample=0").unwrap();
        assert!(o.samples(0, 0) && !o.samples(1, 0) && !o.samples(100, 0));
        let o = Options::parse("plan=a,store=b,first=10,distinct=2,upto=30,sample=0").unwrap();
        assert!(o.samples(3, 2) && o.samples(10, 1) && !o.samples(10, 2));
        assert!(o.samples(29, 1) && !o.samples(30, 1));
        assert!(Options::parse("plan=a").is_err());
        assert!(Options::parse("plan=a,store=b,depth=x").is_err());
        // Paths that are not UTF-8 or hold separators travel in hex.
        let o = Options::parse("plan=/p,store=hex:2f612c623d63ff").unwrap();
        use std::os::unix::ffi::OsStrExt;
        assert_eq!(o.store.as_os_str().as_bytes(), b"/a,b=c\xff");
        assert!(Options::parse("plan=/p,store=hex:2f6").is_err());
        assert!(Options::parse("plan=/p,store=hex:zz").is_err());
        assert!(Options::parse("plan=a,store=b,colour=red").is_err());
    }
}
