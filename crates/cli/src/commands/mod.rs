//! One module per `mimic` subcommand. Each exposes a clap `Args` struct and
//! `run(&Args) -> anyhow::Result<u8>` returning an `exit_code` constant.

pub mod doctor;
pub mod mutate;
pub mod rewrite;
pub mod targets;
