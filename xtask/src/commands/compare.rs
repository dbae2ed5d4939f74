//! `cargo xtask compare RUN_A RUN_B`: per-benchmark change from A to B with significance,
//! like criterion's change report / critcmp, as a text table and (with `--markdown`)
//! GitHub Markdown.

use clap::Args;
use lab_report::analysis::runs;
use lab_report::error::Result;
use lab_report::record::{self, paths, ResultsFile};
use lab_report::render;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The old run: a run id under reports/, a run directory, or a results.json file.
    pub run_a: String,
    /// The new run.
    pub run_b: String,
    /// Print GitHub Markdown instead of a text table.
    #[arg(long)]
    pub markdown: bool,
    /// Where runs live.
    #[arg(long, default_value = "reports")]
    pub reports_dir: PathBuf,
}

fn load(args: &CompareArgs, run: &str) -> Result<ResultsFile> {
    super::report::recover(&args.reports_dir, run)?;
    record::load(&paths::resolve_run(&args.reports_dir, run)?)
}

pub fn run(args: CompareArgs) -> ExitCode {
    match load(&args, &args.run_a).and_then(|a| Ok((a, load(&args, &args.run_b)?))) {
        Ok((a, b)) => {
            let c = runs::compare(&a, &b);
            if args.markdown {
                print!("{}", render::compare::markdown(&c));
            } else {
                print!("{}", render::compare::text(&c));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
