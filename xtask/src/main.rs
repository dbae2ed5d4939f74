//! Project tasks for hashlab: `verify`, `bench-all`, `report`, `compare`, `ab`, `upstream`.
//!
//! Run through the cargo alias: `cargo xtask <command>`. Measuring and rendering are
//! separate steps: `bench-all` records `reports/<run-id>/results.json` (format in
//! `docs/results-format.md`), and `report` / `compare` render everything from such records.
//!
//! # Layers
//!
//! xtask holds the commands only (arguments, builds, processes, progress: `commands/`, run
//! metadata `meta`); reading, analysing and rendering runs (and the run lock) is the
//! library `lab-report` (`record`, `analysis`, `render`), so Cargo keeps the layers apart.

// The commands' doc comments are their `--help` text, where `<run-id>` is a placeholder, as
// in any command's usage line, not an HTML tag.
#![allow(rustdoc::invalid_html_tags)]
#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod commands;
mod meta;

use commands::{ab, bench_all, compare, report, upstream, verify};

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
    /// Render index.html and summary.md of a run from its results.json (or, with --merge,
    /// one report of several machines' runs).
    Report(report::ReportArgs),
    /// Per-benchmark change between two runs, with significance.
    Compare(compare::CompareArgs),
    /// Is B faster than A? Build the lab at two git revisions and compare every benchmark
    /// both have, in rounds of fresh processes with an A/A control; writes reports/<id>/.
    Ab(ab::AbArgs),
    /// The released solana-lattice-hash's own tests and benchmarks run against the drop-in
    /// (crates/solana-lattice-hash); writes reports/upstream/.
    Upstream(upstream::UpstreamArgs),
}

fn main() -> ExitCode {
    lab_record::process::quiet_on_closed_pipe();
    let cli = Cli::parse();
    match cli.command {
        Command::Verify(args) => verify::run(args),
        Command::BenchAll(args) => bench_all::run(args),
        Command::Report(args) => report::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Ab(args) => ab::run(args),
        Command::Upstream(args) => upstream::run(args),
    }
}
