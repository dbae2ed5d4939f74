//! `cargo xtask verify`: placeholder, filled in by the foundation work.
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct VerifyArgs {
    /// JSON lines or JSON array of accounts with expected digests.
    #[arg(long)]
    pub vectors: std::path::PathBuf,
    /// Print exactly one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(_args: VerifyArgs) -> ExitCode {
    ExitCode::from(2)
}
