//! `mimic traces`: summarises a trace store (runs; per MUT, invocations and calls
//! recorded; bytes) or prints one recorded invocation readably (receiver before and
//! after, arguments, the mockable calls in order with the field or parameter they were
//! made on, and the result).

use std::path::PathBuf;

use anyhow::{bail, Context};
use mimic_plan::{MockableCall, Mut, Receiver};
use mimic_trace::{InvocationRecord, Outcome, Store, Value};

use crate::exit_code;

/// Arguments of `mimic traces`.
#[derive(Debug, clap::Args)]
pub struct TracesArgs {
    /// The trace store written by `mimic record` or `mimic attach`.
    #[arg(value_name = "STORE")]
    pub store: PathBuf,
    /// Which run (default: the latest).
    #[arg(long, value_name = "ID")]
    pub run: Option<i64>,
    /// Print this invocation instead of the summary.
    #[arg(long, value_name = "INVOCATION")]
    pub show: Option<u64>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &TracesArgs) -> anyhow::Result<u8> {
    let store = Store::open_read(&args.store)?;
    let runs = store.runs()?;
    let run = match args.run {
        Some(r) if runs.iter().any(|x| x.id == r) => r,
        Some(r) => bail!("{}: no run {r}", args.store.display()),
        None => match store.latest_run()? {
            Some(r) => r,
            None => bail!("{}: the store holds no run", args.store.display()),
        },
    };
    if let Some(id) = args.show {
        let inv = store
            .invocation(run, id)?
            .with_context(|| format!("run {run} has no invocation {id}"))?;
        let entry = store.mut_entry(run, inv.mut_index)?;
        if args.json {
            let out = serde_json::json!({ "run": run, "mut": entry, "invocation": inv });
            println!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            print_invocation(run, &entry, &inv);
        }
        return Ok(exit_code::SUCCESS);
    }
    let muts = store.mut_summaries(run)?;
    if args.json {
        let out = serde_json::json!({ "runs": runs, "run": run, "muts": muts });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(exit_code::SUCCESS);
    }
    for r in &runs {
        println!(
            "run {}{}: {} (pid {}, {}): {} invocations of {}/{} MUTs, {} calls, {} bytes",
            r.id,
            if r.id == run { " *" } else { "" },
            r.status,
            r.pid.map(|p| p.to_string()).unwrap_or_else(|| "?".into()),
            r.command.as_deref().unwrap_or("?"),
            r.invocations,
            r.muts_invoked,
            r.muts,
            r.calls,
            r.bytes
        );
    }
    println!();
    println!("run {run}:");
    println!("{:>11} {:>8}  MUT", "invocations", "calls");
    for m in muts.iter().filter(|m| m.invocations > 0) {
        println!(
            "{:>11} {:>8}  {}.{}{}",
            m.invocations, m.calls, m.class, m.method, m.descriptor
        );
    }
    let never = muts.iter().filter(|m| m.invocations == 0).count();
    if never > 0 {
        println!("({never} MUTs of the plan were never invoked)");
    }
    Ok(exit_code::SUCCESS)
}

fn plan_call(entry: &Mut, index: u32) -> Option<(&MockableCall, bool)> {
    let direct = entry.mockable_calls.len();
    let i = index as usize;
    if i < direct {
        Some((&entry.mockable_calls[i], false))
    } else {
        entry.deeper_calls.get(i - direct).map(|d| (&d.call, true))
    }
}

fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Returned { value } => format!("returned {}", render(value, 2)),
        Outcome::Threw { exception } => format!("threw {}", render(exception, 2)),
    }
}

fn print_invocation(run: i64, entry: &Mut, inv: &InvocationRecord) {
    println!(
        "invocation {} (run {run}): {}.{}{}",
        inv.id, entry.class, entry.method, entry.descriptor
    );
    println!(
        "  #{} of this MUT, thread {:?} (id {}){}, {:.3} ms",
        inv.seq,
        inv.thread_name,
        inv.thread_id,
        inv.parent
            .map(|p| format!(", inside invocation {p}"))
            .unwrap_or_default(),
        inv.duration_ns as f64 / 1e6
    );
    if let Some(r) = &inv.receiver_before {
        println!("  receiver before: {}", render(r, 3));
    }
    for (i, a) in inv.arguments.iter().enumerate() {
        println!("  argument {i}: {}", render(a, 3));
    }
    for (read, v) in entry.static_reads.iter().zip(&inv.statics) {
        println!("  static {}.{}: {}", read.class, read.name, render(v, 3));
    }
    println!("  mockable calls: {}", inv.calls.len());
    for c in &inv.calls {
        let args = c
            .arguments
            .iter()
            .map(|a| render(a, 1))
            .collect::<Vec<_>>()
            .join(", ");
        match plan_call(entry, c.plan_call) {
            Some((call, deeper)) => {
                let owner = call.owner.rsplit('.').next().unwrap_or(&call.owner);
                println!(
                    "    {:>3}. {} {}.{}({args}) {}{}",
                    c.seq + 1,
                    Receiver::describe(&call.receiver),
                    owner,
                    call.name,
                    outcome_text(&c.outcome),
                    if deeper { "  [deeper]" } else { "" }
                );
            }
            None => println!(
                "    {:>3}. plan call {} ({args}) {}",
                c.seq + 1,
                c.plan_call,
                outcome_text(&c.outcome)
            ),
        }
        if let Some(e) = &c.effects {
            for (i, text) in &e.appended {
                println!(
                    "         appended {} to argument {i}",
                    render(&Value::Str { v: text.clone() }, 1)
                );
            }
            if let Some(i) = e.returned_argument {
                println!("         returned argument {i} itself");
            }
        }
    }
    println!("  {}", outcome_text(&inv.outcome));
    if let Some(r) = &inv.receiver_after {
        println!("  receiver after: {}", render(r, 3));
    }
}

/// A value on one line, nested `depth` levels deep.
fn render(v: &Value, depth: u32) -> String {
    const SHOWN: usize = 8;
    let list = |items: Vec<String>, total: usize, truncated: bool| {
        let mut s = items.join(", ");
        let more = total.saturating_sub(items.len());
        if more > 0 || truncated {
            s.push_str(&format!(", … {more} more"));
        }
        s
    };
    match v {
        Value::Object {
            fields, truncated, ..
        } if depth > 0 => {
            let items: Vec<String> = fields
                .iter()
                .take(SHOWN)
                .map(|f| format!("{}: {}", f.name, render(&f.value, depth - 1)))
                .collect();
            format!(
                "{} {{{}}}",
                v.brief(),
                list(items, fields.len(), *truncated)
            )
        }
        Value::Collection {
            elements,
            truncated,
            size,
            ..
        } if depth > 0 => {
            let items = elements
                .iter()
                .take(SHOWN)
                .map(|e| render(e, depth - 1))
                .collect();
            format!(
                "{} [{}]",
                v.brief(),
                list(items, *size as usize, *truncated)
            )
        }
        Value::Array {
            elements,
            truncated,
            length,
            ..
        } if depth > 0 => {
            let items = elements
                .iter()
                .take(SHOWN)
                .map(|e| render(e, depth - 1))
                .collect();
            format!(
                "{} {{{}}}",
                v.brief(),
                list(items, *length as usize, *truncated)
            )
        }
        Value::Map {
            entries,
            truncated,
            size,
            ..
        } if depth > 0 => {
            let items = entries
                .iter()
                .take(SHOWN)
                .map(|(k, e)| format!("{}: {}", render(k, depth - 1), render(e, depth - 1)))
                .collect();
            format!(
                "{} {{{}}}",
                v.brief(),
                list(items, *size as usize, *truncated)
            )
        }
        _ => v.brief(),
    }
}
