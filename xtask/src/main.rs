//! Project tasks for hashlab: `verify`, `bench-all`, `report`, `compare`.
//!
//! Run through the cargo alias: `cargo xtask <command>`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod verify;

#[derive(Parser)]
#[command(name = "xtask", about = "hashlab project tasks", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run every compiled strategy on every account of a vectors file and report which keep the consensus digest.
    Verify(verify::VerifyArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Verify(args) => verify::run(args),
    }
}
