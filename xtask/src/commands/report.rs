//! `cargo xtask report [RUN]`: renders `index.html` and `summary.md` of a run from its
//! `results.json` alone. `cargo xtask report --merge DIR... [--out DIR]` renders one page
//! of several runs, one per machine (each strategy's ratio to that machine's baseline).

use crate::error::Result;
use crate::record::journal::{self, Recovery};
use crate::record::{self, lock, paths};
use crate::render;
use clap::Args;
use lab_record::ResultsFile;
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
    /// Merge runs of several machines into one report: run directories or results.json
    /// files (e.g. `runs/*`).
    #[arg(long, num_args = 1.., value_name = "DIR", conflicts_with = "run")]
    pub merge: Vec<PathBuf>,
    /// Where the merged report is written (default: reports/merged-<timestamp>).
    #[arg(long, requires = "merge")]
    pub out: Option<PathBuf>,
}

pub fn run(args: ReportArgs) -> ExitCode {
    if !args.merge.is_empty() {
        return merge(&args);
    }
    let target = args.run.unwrap_or_else(|| "latest".to_string());
    let rendered = recover(&args.reports_dir, &target)
        .and_then(|()| paths::resolve_run(&args.reports_dir, &target))
        .and_then(|p| render_dir(&p));
    match rendered {
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

/// Rebuilds the results.json of a run that died from its journal (see
/// [`record::journal`]), saying what was measured and what is missing; a run still being
/// measured (its lock names a live process) is left alone and said so.
pub fn recover(reports_dir: &Path, run: &str) -> Result<()> {
    let Some(dir) = paths::journal_dir(reports_dir, run) else {
        return Ok(());
    };
    // `latest` or a relative path: the run's own directory names it.
    let dir = dir.canonicalize().unwrap_or(dir);
    let reports = dir.parent().unwrap_or(Path::new("."));
    let running = lock::live_holder(reports)
        .filter(|h| dir.file_name().is_some_and(|n| *n == *h.run_id))
        .map(|h| h.pid);
    match journal::recover(&dir, running)? {
        Recovery::Nothing => {}
        Recovery::Running { pid } => eprintln!(
            "report: {} is still being measured (process id {pid}): rendering what it has",
            dir.display()
        ),
        Recovery::Rebuilt {
            measured,
            missing,
            warnings,
        } => {
            for w in warnings {
                eprintln!("warning: {w}");
            }
            eprintln!(
                "report: {} was interrupted: results.json rebuilt from {}: {measured} rows \
                 measured, {} missing",
                dir.display(),
                journal::FILE,
                missing.len()
            );
            for m in missing {
                eprintln!("  missing: {m}");
            }
        }
    }
    Ok(())
}

/// Loads `results_json` and writes index.html, summary.md and details.md next to it;
/// returns the dir.
pub fn render_dir(results_json: &Path) -> Result<PathBuf> {
    let file = record::load(results_json)?;
    let dir = results_json
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    write_pages(&dir, render::report(&file)?)?;
    Ok(dir)
}

fn write_pages(dir: &Path, pages: render::Pages) -> Result<()> {
    crate::error::write(&dir.join("index.html"), pages.html)?;
    crate::error::write(&dir.join("summary.md"), pages.summary)?;
    crate::error::write(&dir.join("details.md"), pages.details)
}

/// Loads every run of `--merge` (a bad or missing one is reported and skipped), writes the
/// merged index.html and summary.md. Exit status 0, 1 when a run was skipped, 2 when none
/// could be read or the report could not be written.
fn merge(args: &ReportArgs) -> ExitCode {
    let (files, skipped) = load_runs(&args.merge);
    for (path, e) in &skipped {
        eprintln!("error: {e} (skipped {})", path.display());
    }
    if files.is_empty() {
        eprintln!("error: none of the {} runs could be read", args.merge.len());
        return ExitCode::from(2);
    }
    let out = args.out.clone().unwrap_or_else(|| {
        let stamp = crate::record::meta::compact(std::time::SystemTime::now());
        paths::reports_dir(&args.reports_dir).join(format!("merged-{stamp}"))
    });
    let written = write_pages(&out, render::merged_report(&files));
    if let Err(e) = written {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    println!(
        "merged {} runs: {}",
        files.len(),
        out.join("index.html").display()
    );
    println!("summary: {}", out.join("summary.md").display());
    if skipped.is_empty() {
        ExitCode::SUCCESS
    } else {
        let names: Vec<String> = skipped
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect();
        eprintln!(
            "merge: skipped {} of {} runs: {}",
            skipped.len(),
            args.merge.len(),
            names.join(", ")
        );
        ExitCode::from(1)
    }
}

/// Each argument is a run directory or a results.json file.
pub fn load_runs(args: &[PathBuf]) -> (Vec<ResultsFile>, Vec<(PathBuf, crate::error::Error)>) {
    let (mut files, mut skipped) = (Vec::new(), Vec::new());
    for a in args {
        let path = if a.is_dir() {
            a.join("results.json")
        } else {
            a.clone()
        };
        match record::load(&path) {
            Ok(f) => files.push(f),
            Err(e) => skipped.push((path, e)),
        }
    }
    (files, skipped)
}
