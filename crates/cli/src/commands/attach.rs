//! `mimic attach <pid>`: loads the capture agent into a running JVM with
//! `jcmd <pid> JVMTI.agent_load <library> <options>`. Classes loaded afterwards are
//! instrumented; plan classes already loaded cannot be (retransformation cannot add the
//! wrapper methods), and are listed.

use std::process::Command;

use anyhow::Context;
use mimic_jvm::Jdk;

use crate::commands::record::{log_message, new_log_lines, AgentFlags};
use crate::exit_code;

/// Arguments of `mimic attach`.
#[derive(Debug, clap::Args)]
pub struct AttachArgs {
    /// Process id of the running JVM.
    #[arg(value_name = "PID")]
    pub pid: u32,
    #[command(flatten)]
    pub agent: AgentFlags,
}

pub fn run(args: &AttachArgs) -> anyhow::Result<u8> {
    // Refuse anything but a HotSpot JVM of this user that survives the attach signal,
    // before jcmd (or its SIGQUIT) ever reaches the process.
    mimic_jvm::target_jvm::check_attachable(args.pid)?;
    let options = args.agent.options()?;
    let library = args.agent.library()?;
    let jdk = Jdk::locate()?;
    let log = args.agent.log_path();
    let log_start = std::fs::metadata(&log).map(|m| m.len()).unwrap_or(0);
    let out = mimic_jvm::process::run(
        Command::new(jdk.tool("jcmd"))
            .arg(args.pid.to_string())
            .arg("JVMTI.agent_load")
            .arg(&library)
            // jcmd splits unquoted arguments at '=': quote the whole option string.
            .arg(format!("\"{options}\"")),
        Some(mimic_jvm::process::QUERY_TIMEOUT),
    )
    .context("running jcmd")?
    .into_output();
    // jcmd reports failures on stdout or stderr depending on the JDK: show both.
    let stdout = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = new_log_lines(&log, log_start);
    let attached = lines.iter().any(|l| l.contains("attached:"));
    if !out.status.success() || !attached {
        eprintln!("mimic: attaching to {} failed", args.pid);
        for l in stdout.lines().chain(lines.iter().map(String::as_str)) {
            if !l.trim().is_empty() {
                eprintln!("  {l}");
            }
        }
        return Ok(exit_code::FINDINGS);
    }
    let missed: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("already loaded at attach"))
        .collect();
    println!(
        "attached to {}: recording into {} (log: {})",
        args.pid,
        args.agent.store.display(),
        log.display()
    );
    if missed.is_empty() {
        println!("no plan class was loaded yet: every MUT can be recorded");
    } else {
        println!(
            "{} plan classes were already loaded and are not instrumented:",
            missed.len()
        );
        for l in missed {
            let class = log_message(l).split(':').next().unwrap_or_default();
            println!("  {}", class.replace('/', "."));
        }
    }
    Ok(exit_code::SUCCESS)
}
