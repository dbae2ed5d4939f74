//! Project tasks for hashlab: `verify`, `bench-all`, `report`, `compare`.
//!
//! Run through the cargo alias: `cargo xtask <command>`. Measuring and rendering are
//! separate steps: `bench-all` records `reports/<run-id>/results.json`, and `report` /
//! `compare` render everything from such records.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod bench_all;
mod compare;
mod criterion_files;
mod ctable;
mod error;
mod html;
mod json_reader;
mod markdown;
mod meta;
mod plots;
mod report;
mod results;
mod stats;
mod tables;
mod units;
mod verify;
mod view;

#[cfg(test)]
mod tests;

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
    /// Measure every strategy (criterion + counted allocation pass) and write reports/<run-id>/.
    BenchAll(bench_all::BenchAllArgs),
    /// Render index.html and summary.md of a run from its results.json.
    Report(report::ReportArgs),
    /// Per-benchmark change between two runs, with significance.
    Compare(compare::CompareArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Verify(args) => verify::run(args),
        Command::BenchAll(args) => bench_all::run(args),
        Command::Report(args) => report::run(args),
        Command::Compare(args) => compare::run(args),
    }
}
