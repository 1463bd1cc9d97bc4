//! One module per `mimic` subcommand. Each exposes a clap `Args` struct and
//! `run(&Args) -> anyhow::Result<u8>` returning an `exit_code` constant.

pub mod attach;
pub mod coverage;
pub mod doctor;
pub mod generate;
pub mod generate_project;
pub mod mocks;
pub mod mutate;
pub mod pipeline;
pub mod project;
pub mod record;
pub mod rewrite;
pub mod store;
pub mod targets;
pub mod test_selection;
pub mod traces;
pub mod verify;
