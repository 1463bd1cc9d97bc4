//! The `mimic` binary: parses the command line and dispatches to one module
//! per subcommand under `commands/`. Exit codes are in `exit_code`.

mod classpath_arg;
mod commands;
mod exit_code;
mod native;
mod output_file;
mod progress;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Record Java programs and generate JUnit 5 + Mockito tests from what they did.
#[derive(Debug, Parser)]
#[command(name = "mimic", version, about, arg_required_else_help = true)]
struct Cli {
    /// No progress output (bars, phase lines, one-line summaries on stderr); reports and
    /// errors still print.
    #[arg(long, short = 'q', global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

/// One variant per subcommand; each one's arguments and code live in
/// `commands/<name>.rs`.
#[derive(Debug, Subcommand)]
enum Command {
    /// The whole pipeline on a Java command: targets, record, generate, verify, with
    /// every file in one directory (`mimic run -c <classpath> -- java …`).
    Run(commands::pipeline::RunArgs),
    /// Check the Java toolchain mimic needs: JDK 17+, Maven, and the cached test runtime.
    Doctor(commands::doctor::DoctorArgs),
    /// Wrap every method and bridge every call site of a jar or class directory (the
    /// class-file rewrites the agent uses), adding a probe class.
    Rewrite(commands::rewrite::RewriteArgs),
    /// Find the methods under test and their mockable call sites; write the plan.
    Targets(commands::targets::TargetsArgs),
    /// Generate JUnit 5 + Mockito tests from the invocations in a trace store.
    Generate(commands::generate::GenerateArgs),
    /// Compile and run generated tests N times; classify each as the rick paper does.
    Verify(commands::verify::VerifyArgs),
    /// Extreme mutation: find pseudo-tested and partially-tested methods (Descartes).
    Mutate(Box<commands::mutate::MutateArgs>),
    /// Detect mock objects in existing test suites: calls on mocks, mock-creation sites,
    /// mock-holding fields and focal-method candidates (MockDetector on bytecode).
    Mocks(commands::mocks::MocksArgs),
    /// Run a Java command with the capture agent: record MUT invocations and their
    /// mockable calls into a trace store.
    Record(commands::record::RecordArgs),
    /// Load the capture agent into a running JVM (classes loaded later are recorded).
    Attach(commands::attach::AttachArgs),
    /// Summarise a trace store, or print one recorded invocation.
    Traces(commands::traces::TracesArgs),
    /// Inspect a trace store: `mimic store audit` lists what looks like a secret.
    Store(commands::store::StoreArgs),
}

/// Piped into `head` and the like, exit quietly when the reader goes away instead of
/// panicking on a failed `println!` (Rust ignores SIGPIPE by default).
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal disposition to its default at start-up, before any thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Run one subcommand.
fn run(command: Command) -> anyhow::Result<u8> {
    match command {
        Command::Doctor(args) => commands::doctor::run(&args),
        Command::Rewrite(args) => commands::rewrite::run(&args),
        Command::Targets(args) => commands::targets::run(&args),
        Command::Generate(args) => commands::generate::run(&args),
        Command::Run(args) => commands::pipeline::run(&args),
        Command::Verify(args) => commands::verify::run(&args),
        Command::Mutate(args) => commands::mutate::run(&args),
        Command::Mocks(args) => commands::mocks::run(&args),
        Command::Record(args) => commands::record::run(&args),
        Command::Attach(args) => commands::attach::run(&args),
        Command::Traces(args) => commands::traces::run(&args),
        Command::Store(args) => commands::store::run(&args),
    }
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    // Child JVMs end with mimic: an interrupt stops them before mimic exits.
    mimic_jvm::process::end_children_on_interrupt();
    // clap prints help/version and exits 0, or a usage error and exits 2.
    let cli = Cli::parse();
    progress::set_quiet(cli.quiet);
    // A panic is mimic's bug, never the user's: say so and exit 3 (the default hook
    // already printed where it happened).
    let result = std::panic::catch_unwind(move || run(cli.command));
    let result = match result {
        Ok(result) => result,
        Err(payload) => {
            eprintln!(
                "mimic: internal error (a bug in mimic, please report it): {}",
                exit_code::panic_message(payload.as_ref())
            );
            return ExitCode::from(exit_code::INTERNAL);
        }
    };

    if let Some(signal) = mimic_jvm::process::interrupted() {
        if let Err(error) = &result {
            eprintln!("mimic: {}", exit_code::one_line(error));
        }
        return ExitCode::from((128 + signal).clamp(0, 255) as u8);
    }
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("mimic: {}", exit_code::one_line(&error));
            ExitCode::from(exit_code::USAGE)
        }
    }
}
