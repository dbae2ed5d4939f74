//! `cargo xtask report [RUN]`: renders `index.html` and `summary.md` of a run from its
//! `results.json` alone.

use crate::error::Result;
use crate::record::{self, paths};
use crate::render;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Run to render: a run id under reports/, a run directory, or a results.json file.
    /// Defaults to reports/latest.
    pub run: Option<String>,
    /// Where runs live.
    #[arg(long, default_value = "reports")]
    pub reports_dir: PathBuf,
}

pub fn run(args: ReportArgs) -> ExitCode {
    let target = args.run.unwrap_or_else(|| "latest".to_string());
    match paths::resolve_run(&args.reports_dir, &target).and_then(|p| render_dir(&p)) {
        Ok(dir) => {
            println!("report: {}", dir.join("index.html").display());
            println!("summary: {}", dir.join("summary.md").display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Loads `results_json` and writes index.html and summary.md next to it; returns the dir.
pub fn render_dir(results_json: &Path) -> Result<PathBuf> {
    let file = record::load(results_json)?;
    let dir = results_json
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let (html, md) = render::report(&file)?;
    crate::error::write(&dir.join("index.html"), html)?;
    crate::error::write(&dir.join("summary.md"), md)?;
    Ok(dir)
}
