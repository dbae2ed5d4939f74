//! `cargo xtask report [RUN]`: renders `index.html` and `summary.md` of a run from its
//! `results.json` alone. Also the pieces both renderers share (seed block, status line).

use crate::error::{Error, Result};
use crate::results::ResultsFile;
use crate::stats;
use crate::units;
use crate::view::{self, SeedRow};
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
    match resolve_run(&args.reports_dir, &target).and_then(|p| render_dir(&p)) {
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

/// A run given as an id under `reports_dir`, a directory, or a results.json path; returns
/// the results.json path.
pub fn resolve_run(reports_dir: &Path, run: &str) -> Result<PathBuf> {
    let as_path = PathBuf::from(run);
    let candidates = [
        as_path.clone(),
        as_path.join("results.json"),
        reports_dir.join(run).join("results.json"),
        // `cargo xtask` may run from a subdirectory: runs live under the workspace root.
        crate::bench_all::workspace_root()
            .join(reports_dir)
            .join(run)
            .join("results.json"),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            Error::Other(format!(
                "no results.json for run `{run}` (looked at {})",
                candidates
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

/// Loads `results_json` and writes index.html and summary.md next to it; returns the dir.
pub fn render_dir(results_json: &Path) -> Result<PathBuf> {
    let file = ResultsFile::load(results_json)?;
    let dir = results_json
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let html = crate::html::render(&file)?;
    crate::error::write(&dir.join("index.html"), html)?;
    let md = crate::markdown::render(&file)?;
    crate::error::write(&dir.join("summary.md"), md)?;
    Ok(dir)
}

/// "complete: 60 of 60 benchmarks measured" / "INCOMPLETE (interrupted): 40 of 60 ...".
pub fn status_line(file: &ResultsFile) -> String {
    let measured = file.results.len();
    let total = measured + file.missing.len();
    if file.missing.is_empty() && file.run.status == "complete" {
        format!("complete: {measured} of {total} benchmarks measured")
    } else {
        format!(
            "INCOMPLETE ({}): {measured} of {total} benchmarks measured, {} missing",
            file.run.status,
            file.missing.len()
        )
    }
}

/// One line of run metadata.
pub fn meta_line(file: &ResultsFile) -> String {
    let r = &file.run;
    let mut parts = vec![
        format!("profile `{}`", r.profile),
        format!("CPU {}", r.cpu),
        format!("SIMD {}", r.cpu_features.join(" ")),
        r.rustc.clone(),
        format!("commit {}", r.git_commit),
    ];
    if let Some(b) = &r.blake3_version {
        parts.push(format!("blake3 {b}"));
    }
    parts.push(format!(
        "features {}",
        if r.features.is_empty() {
            "(none)".to_string()
        } else {
            r.features.join(", ")
        }
    ));
    if let Some(w) = r.wall_seconds {
        parts.push(format!("wall time {}", units::clock(w)));
    }
    if !r.filters.is_empty() {
        parts.push(format!("filters {}", r.filters.join(" ")));
    }
    parts.join(" · ")
}

/// The seed's layout: `hash_account/data_size/165`, time and thrpt of cap=200, then cap=47
/// with its change relative to cap=200.
pub fn seed_criterion_text(rows: &[SeedRow]) -> String {
    let mut out = String::new();
    let block = |out: &mut String, r: &crate::results::Record| {
        let t = view::time_interval(r);
        let th = view::throughput_interval(r);
        out.push_str(&format!(
            "                        time:   [{} {} {}]\n                        thrpt:  [{} {} {}]\n",
            t[0], t[1], t[2], th[0], th[1], th[2]
        ));
    };
    out.push_str("copy-buffer cap=200 (the seed's PR)\n\n");
    for row in rows {
        if let Some(pr) = row.pr {
            out.push_str(&format!("hash_account/data_size/{}\n", row.size));
            block(&mut out, pr);
        }
    }
    out.push_str("\ncopy-buffer cap=47 (before the PR), change relative to cap=200\n\n");
    for row in rows {
        let Some(master) = row.master else { continue };
        out.push_str(&format!("hash_account/data_size/{}\n", row.size));
        block(&mut out, master);
        if let Some(pr) = row.pr {
            let c = stats::change(&master.ns_per_item(), &pr.ns_per_item());
            let (lo, est, hi) = c.ratio.change();
            let p =
                c.p.map(|p| format!("(p = {p:.2} {} 0.05)", if p < 0.05 { "<" } else { ">" }))
                    .unwrap_or_else(|| "(p = n/a)".into());
            // Throughput change is the inverse of the time ratio.
            let inv = |x: f64| 1.0 / (1.0 + x) - 1.0;
            out.push_str(&format!(
                "                 change:\n                        time:   [{} {} {}] {p}\n                        thrpt:  [{} {} {}]\n                        {}\n",
                units::pct(lo),
                units::pct(est),
                units::pct(hi),
                units::pct(inv(hi)),
                units::pct(inv(est)),
                units::pct(inv(lo)),
                c.class.sentence()
            ));
        }
    }
    out
}

/// Whether the run reproduces the seed's direction, in one sentence per size.
pub fn seed_direction(rows: &[SeedRow]) -> Vec<String> {
    rows.iter()
        .filter_map(|row| {
            let (pr, master) = (row.pr?, row.master?);
            let c = stats::change(&master.ns_per_item(), &pr.ns_per_item());
            let size = row
                .size
                .parse::<u64>()
                .map(units::size)
                .unwrap_or_else(|_| row.size.clone());
            let (_, est, _) = c.ratio.change();
            let expected_faster = matches!(row.size.as_str(), "165" | "200");
            let seen = match c.class {
                stats::ChangeClass::Regressed => "cap=200 is faster",
                stats::ChangeClass::Improved => "cap=47 is faster",
                _ => "equal within noise",
            };
            let expect = if expected_faster {
                "seed: cap=200 faster by ~5%"
            } else {
                "seed: equal within noise"
            };
            let agrees = (expected_faster && c.class == stats::ChangeClass::Regressed)
                || (!expected_faster
                    && matches!(
                        c.class,
                        stats::ChangeClass::WithinNoise | stats::ChangeClass::NoChange
                    ));
            // Relative half-width of the wider of the two intervals: above 1.5% the machine
            // was too noisy to resolve the seed's 5% effect.
            let half = |r: &crate::results::Record| {
                (r.ns_per_item().upper - r.ns_per_item().lower) / (2.0 * r.ns_per_item().estimate)
            };
            let noise = half(pr).max(half(master));
            let resolved = agrees && c.class == stats::ChangeClass::Regressed;
            let noisy = if noise > 0.015 && !resolved {
                format!(
                    " (noisy: ±{:.1}% intervals, too wide to resolve a 5% effect; rerun on a quiet machine)",
                    noise * 100.0
                )
            } else {
                String::new()
            };
            Some(format!(
                "{size}: cap=47 time {} vs cap=200 → {seen} ({expect}) — {}{noisy}",
                units::pct(est),
                if agrees { "agrees" } else { "DIFFERS" }
            ))
        })
        .collect()
}

/// Table of the seed rows shared by HTML and Markdown renderers:
/// size, cap=200 time, cap=200 thrpt, cap=47 time, cap=47 thrpt, change, p, class.
pub fn seed_table_rows(rows: &[SeedRow]) -> Vec<[String; 8]> {
    rows.iter()
        .map(|row| {
            let size = row
                .size
                .parse::<u64>()
                .map(units::size)
                .unwrap_or_else(|_| row.size.clone());
            let time = |r: Option<&crate::results::Record>| {
                r.map(|r| {
                    let t = view::time_interval(r);
                    format!("[{} {} {}]", t[0], t[1], t[2])
                })
                .unwrap_or_else(|| "missing".into())
            };
            let thrpt = |r: Option<&crate::results::Record>| {
                r.map(|r| view::throughput_interval(r)[1].clone())
                    .unwrap_or_else(|| "missing".into())
            };
            let (chg, p, class) = match (row.master, row.pr) {
                (Some(m), Some(pr)) => {
                    let c = stats::change(&m.ns_per_item(), &pr.ns_per_item());
                    let (lo, est, hi) = c.ratio.change();
                    (
                        format!(
                            "[{} {} {}]",
                            units::pct(lo),
                            units::pct(est),
                            units::pct(hi)
                        ),
                        c.p.map(|p| format!("{p:.2}"))
                            .unwrap_or_else(|| "n/a".into()),
                        c.class.sentence().to_string(),
                    )
                }
                _ => ("–".into(), "–".into(), "not comparable (missing)".into()),
            };
            [
                size,
                time(row.pr),
                thrpt(row.pr),
                time(row.master),
                thrpt(row.master),
                chg,
                p,
                class,
            ]
        })
        .collect()
}

pub const SEED_HEADERS: [&str; 8] = [
    "data size",
    "cap=200 time",
    "cap=200 thrpt",
    "cap=47 time",
    "cap=47 thrpt",
    "change (cap=47 vs cap=200)",
    "p",
    "criterion's verdict",
];

/// The method note printed under the tables.
pub const METHOD_NOTE: &str = "Times are criterion's estimates (slope of the linear regression when criterion sampled linearly, otherwise the mean) with their 95% bootstrap confidence intervals. Ratios and changes are `strategy / baseline` of those times with a 95% interval from the delta method on the two standard errors; p is a two-sided normal test on the difference. A verdict says an effect is real only when the two confidence intervals do not overlap; criterion's classes use its defaults (significance 0.05, noise threshold 1%). Allocation counts come from a separate counted pass of the `lab` binary, never from a timed run.";
