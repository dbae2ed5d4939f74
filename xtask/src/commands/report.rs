//! `cargo xtask report [RUN]`: renders `index.html` and `summary.md` of a run from its
//! `results.json` alone. `cargo xtask report --merge DIR... [--out DIR]` renders one page
//! of several runs, one per machine (each strategy's ratio to that machine's baseline).

use clap::Args;
use lab_record::{AbFile, AbStatus};
use lab_report::analysis::paired_pass::fill_passes_from_journal;
use lab_report::error::Result;
use lab_report::record::journal;
use lab_report::record::{self, lock, paths};
use lab_report::render;
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
    let rendered = match ab_dir(&args.reports_dir, &target) {
        Some(dir) => render_ab(&dir).map(|()| dir),
        None => recover(&args.reports_dir, &target)
            .and_then(|()| paths::resolve_run(&args.reports_dir, &target))
            .and_then(|p| render::render_dir(&p)),
    };
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
    let running = lock::measuring(&dir).map(|h| h.pid);
    let recovery = journal::recover(&dir, running, fill_passes_from_journal)?;
    for line in render::text::recovery_notes(&dir, &recovery) {
        eprintln!("{line}");
    }
    Ok(())
}

/// The directory of an `ab` run named on the command line (one holding `ab.json` and no
/// `results.json`): the run id under `reports_dir`, or a directory.
fn ab_dir(reports_dir: &Path, run: &str) -> Option<PathBuf> {
    let as_path = PathBuf::from(run);
    [
        as_path.clone(),
        reports_dir.join(run),
        paths::reports_dir(reports_dir).join(run),
    ]
    .into_iter()
    .find(|d| d.join("ab.json").is_file() && !d.join("results.json").is_file())
}

/// Renders an `ab` run's pages from its `ab.json`. A run left `running` by a process that
/// no longer holds the reports directory's lock (killed with `kill -9`) reads
/// `interrupted`: its ab.json is rewritten so, and said.
fn render_ab(dir: &Path) -> Result<()> {
    let path = dir.join("ab.json");
    let mut file =
        AbFile::load(&path).map_err(|e| lab_report::error::Error::Other(e.to_string()))?;
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    if file.status == AbStatus::Running && lock::measuring(&dir).is_none() {
        file.status = AbStatus::Interrupted;
        file.save(&path)
            .map_err(|e| lab_report::error::Error::io(&path, "cannot write", e))?;
        eprintln!(
            "report: {} was interrupted (its process is gone): status `interrupted`",
            dir.display()
        );
    }
    render::ab::write_pages(&file, &dir).map(drop)
}

/// Loads every run of `--merge` (a bad or missing one is reported and skipped), writes the
/// merged index.html and summary.md. Exit status 0, 1 when a run was skipped, 2 when none
/// could be read or the report could not be written.
fn merge(args: &ReportArgs) -> ExitCode {
    let (files, skipped) = record::load_runs(&args.merge);
    for (path, e) in &skipped {
        eprintln!("error: {e} (skipped {})", path.display());
    }
    if files.is_empty() {
        eprintln!("error: none of the {} runs could be read", args.merge.len());
        return ExitCode::from(2);
    }
    let out = args.out.clone().unwrap_or_else(|| {
        let stamp = crate::meta::compact(std::time::SystemTime::now());
        paths::reports_dir(&args.reports_dir).join(format!("merged-{stamp}"))
    });
    let written = render::write_pages(&out, render::merged_report(&files));
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
