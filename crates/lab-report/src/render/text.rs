//! The report's sentences and cell texts, each written once: figures of a record in
//! criterion's units, verdict sentences, the status and metadata lines, the seed's
//! direction lines and its criterion-layout block; and bench-all's progress and closing
//! lines.

use super::units;
use crate::analysis::seed::{self, SeedRow};
use crate::analysis::stats::{ChangeClass, Outcome, Ratio};
use crate::analysis::view::{self, Group, Shape};
use crate::record::journal::{self, Recovery};
use lab_record::{Planned, Record, ResultsFile, Status};
use std::path::Path;

/// The display text of a workload parameter: a size for size workloads, a count of items
/// for bars, the raw text otherwise.
pub fn param_text(group: &Group, param: &str) -> String {
    match param.parse::<u64>() {
        Ok(n) if group.shape != Shape::Bars => units::size(n),
        Ok(n) => format!("{n} {}", group.item_unit()),
        Err(_) => param.to_string(),
    }
}

/// A seed row's data size (`165 B`).
pub fn seed_size(row: &SeedRow) -> String {
    row.size
        .parse::<u64>()
        .map(units::size)
        .unwrap_or_else(|_| row.size.clone())
}

/// Bytes per second for byte workloads, accounts (items) per second for item workloads;
/// `ns` is the time per item.
pub fn throughput_text(r: &Record, ns: f64) -> String {
    if view::is_byte_workload(r) {
        units::bytes_per_sec(r.bytes_per_item() * 1e9 / ns)
    } else {
        units::elems_per_sec(1e9 / ns, view::item_unit(r.id().family))
    }
}

/// `[lo est hi]` of the throughput: note that the fastest time is the highest throughput.
pub fn throughput_interval(r: &Record) -> [String; 3] {
    let t = &r.ns_per_item();
    [
        throughput_text(r, t.upper),
        throughput_text(r, t.estimate),
        throughput_text(r, t.lower),
    ]
}

pub fn time_interval(r: &Record) -> [String; 3] {
    let t = &r.ns_per_item();
    [
        units::time_ns(t.lower),
        units::time_ns(t.estimate),
        units::time_ns(t.upper),
    ]
}

/// `0.9512 [0.9490, 0.9534]`.
pub fn ratio_text(r: &Ratio) -> String {
    format!("{:.4} [{:.4}, {:.4}]", r.estimate, r.lower, r.upper)
}

/// `[+5.0035% +5.0899% +5.1763%]`.
pub fn change_text(r: &Ratio) -> String {
    let (lo, est, hi) = r.change();
    format!(
        "[{} {} {}]",
        units::pct(lo),
        units::pct(est),
        units::pct(hi)
    )
}

pub fn p_text(p: Option<f64>) -> String {
    p.map(|p| format!("{p:.2}")).unwrap_or_else(|| "n/a".into())
}

pub fn digest_text(r: &Record) -> &'static str {
    match r.digest_compatible {
        Some(true) => "consensus ✓",
        Some(false) => "DIFFERENT digest",
        None => "not checked",
    }
}

pub fn allocs_text(r: &Record) -> String {
    match r.allocs_per_item() {
        None => "–".to_string(),
        Some(a) if a == a.trunc() => format!("{a:.0}"),
        Some(a) => format!("{a:.3}"),
    }
}

pub fn peak_text(r: &Record) -> String {
    match r.peak_bytes {
        None => "–".to_string(),
        Some(b) => units::bytes(b),
    }
}

/// "streaming is 4.1% slower than copy-buffer cap=200 at 165 B; intervals do not overlap"
/// or "streaming vs copy-buffer cap=200 at 165 B: within noise (+0.3%, intervals overlap)".
pub fn verdict(subject: &str, baseline: &str, at: &str, outcome: Outcome) -> String {
    match outcome {
        Outcome::WithinNoise { ratio } => format!(
            "{subject} vs {baseline} at {at}: within noise ({:+.1}%, intervals overlap)",
            (ratio - 1.0) * 100.0
        ),
        Outcome::Slower { ratio } if ratio >= 2.0 => format!(
            "{subject} is {ratio:.1}× slower than {baseline} at {at}; intervals do not overlap"
        ),
        Outcome::Slower { ratio } => format!(
            "{subject} is {:.1}% slower than {baseline} at {at}; intervals do not overlap",
            (ratio - 1.0) * 100.0
        ),
        Outcome::Faster { ratio } if ratio <= 0.5 => format!(
            "{subject} is {:.1}× faster than {baseline} at {at}; intervals do not overlap",
            1.0 / ratio
        ),
        Outcome::Faster { ratio } => format!(
            "{subject} is {:.1}% faster than {baseline} at {at}; intervals do not overlap",
            (1.0 - ratio) * 100.0
        ),
    }
}

/// Whether every planned benchmark was measured and the run finished.
pub fn is_complete(file: &ResultsFile) -> bool {
    file.missing.is_empty() && file.run.status == Status::Complete
}

/// "complete: 60 of 60 benchmarks measured" / "INCOMPLETE (interrupted): 40 of 60 ...".
pub fn status_line(file: &ResultsFile) -> String {
    let measured = file.results.len();
    let total = measured + file.missing.len();
    if is_complete(file) {
        format!("complete: {measured} of {total} benchmarks measured")
    } else {
        format!(
            "INCOMPLETE ({}): {measured} of {total} benchmarks measured, {} missing",
            file.run.status,
            file.missing.len()
        )
    }
}

/// bench-all's progress line before benchmark `i` of `plan`: its position and id, the
/// run's elapsed time (`run_secs`) and the pass's ETA: the plan's expected times, scaled
/// once three benchmarks ran by how the pass went (`pass_secs` for `expected_done`).
pub fn progress_line(
    plan: &[Planned],
    i: usize,
    run_secs: f64,
    pass_secs: f64,
    expected_done: f64,
) -> String {
    let remaining: f64 = plan[i..].iter().map(|p| p.expected_secs).sum();
    let scale = if i >= 3 && expected_done > 0.0 {
        pass_secs / expected_done
    } else {
        1.0
    };
    format!(
        "[{:>3}/{}] {:<58} elapsed {}  ETA {}",
        i + 1,
        plan.len(),
        plan[i].criterion_id(),
        units::clock(run_secs),
        units::clock(remaining * scale)
    )
}

/// bench-all's closing lines: the status, each of the seed's claims with its figures
/// (paired over layouts when the paired pass ran), the wall time (`wall` seconds, `builds`
/// of them building) and where the run's pages are (`dir`).
pub fn end_of_run(file: &ResultsFile, wall: f64, builds: f64, dir: &Path) -> String {
    let mut lines = vec![format!("bench-all: {}", status_line(file))];
    for c in seed::claims(file) {
        lines.push(format!("  {}: {}", c.claim.text(), c.holds.word()));
        lines.push(format!("    {}", c.figures));
    }
    lines.push(format!(
        "bench-all: wall time {} (builds {}, measuring {}), report {}",
        units::clock(wall),
        units::clock(builds),
        units::clock(wall - builds),
        dir.join("index.html").display()
    ));
    lines.push(format!(
        "bench-all: summary {}",
        dir.join("summary.md").display()
    ));
    lines.join("\n")
}

/// What `report` says of a run directory (`dir`) it recovered from its journal: a run
/// still being measured, or what the rebuilt results.json holds.
pub fn recovery_notes(dir: &Path, recovery: &Recovery) -> Vec<String> {
    match recovery {
        Recovery::Nothing => Vec::new(),
        Recovery::Running { pid } => vec![format!(
            "report: {} is still being measured (process id {pid}): rendering what it has",
            dir.display()
        )],
        Recovery::Rebuilt {
            measured,
            paired_processes,
            counted,
            missing,
            warnings,
        } => {
            let mut lines: Vec<String> = warnings.iter().map(|w| format!("warning: {w}")).collect();
            lines.push(format!(
                "report: {} was interrupted: results.json rebuilt from {}: {measured} rows \
                 measured, {} missing",
                dir.display(),
                journal::FILE,
                missing.len()
            ));
            if paired_processes + counted > 0 {
                lines.push(format!(
                    "report: the passes' journaled work: {paired_processes} paired processes, \
                     {counted} benchmarks' instruction counts"
                ));
            }
            lines.extend(missing.iter().map(|m| format!("  missing: {m}")));
            lines
        }
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

/// "started 2026-11-29T20:00:00Z, finished ...".
pub fn times_line(file: &ResultsFile) -> String {
    let finished = file
        .run
        .finished_at
        .as_deref()
        .map(|f| format!(", finished {f}"))
        .unwrap_or_default();
    format!("started {}{finished}", file.run.started_at)
}

/// Whether the run reproduces the seed's direction, in one sentence per size.
pub fn seed_direction(rows: &[SeedRow]) -> Vec<String> {
    rows.iter()
        .filter_map(|row| {
            let d = seed::direction(row)?;
            let seen = match d.change.class {
                ChangeClass::Regressed => "cap=200 is faster",
                ChangeClass::Improved => "cap=47 is faster",
                _ => "equal within noise",
            };
            let expect = if d.expected_faster {
                "seed: cap=200 faster by ~5%"
            } else {
                "seed: equal within noise"
            };
            let noisy = d.too_noisy.map(|noise| format!(
                " (noisy: ±{:.1}% intervals, too wide to resolve a 5% effect; rerun on a quiet machine)",
                noise * 100.0
            )).unwrap_or_default();
            Some(format!(
                "{}: cap=47 time {} vs cap=200 → {seen} ({expect}) — {}{noisy}",
                seed_size(row),
                units::pct(d.change.ratio.change().1),
                if d.agrees { "agrees" } else { "DIFFERS" }
            ))
        })
        .collect()
}

/// The seed's layout: `hash_account/data_size/165`, time and thrpt of cap=200, then cap=47
/// with its change relative to cap=200.
pub fn seed_criterion_text(rows: &[SeedRow]) -> String {
    let mut out = String::from("copy-buffer cap=200 (the seed's PR)\n\n");
    for row in rows {
        if let Some(pr) = row.pr {
            out.push_str(&format!("hash_account/data_size/{}\n", row.size));
            out.push_str(&criterion_block(pr));
        }
    }
    out.push_str("\ncopy-buffer cap=47 (before the PR), change relative to cap=200\n\n");
    for row in rows {
        let Some(master) = row.master else { continue };
        out.push_str(&format!("hash_account/data_size/{}\n", row.size));
        out.push_str(&criterion_block(master));
        if let Some(c) = row.change() {
            out.push_str(&criterion_change(&c));
        }
    }
    out
}

fn criterion_block(r: &Record) -> String {
    let t = time_interval(r);
    let th = throughput_interval(r);
    format!(
        "                        time:   [{} {} {}]\n                        thrpt:  [{} {} {}]\n",
        t[0], t[1], t[2], th[0], th[1], th[2]
    )
}

fn criterion_change(c: &crate::analysis::stats::Change) -> String {
    let (lo, est, hi) = c.ratio.change();
    let p =
        c.p.map(|p| format!("(p = {p:.2} {} 0.05)", if p < 0.05 { "<" } else { ">" }))
            .unwrap_or_else(|| "(p = n/a)".into());
    // Throughput change is the inverse of the time ratio.
    let inv = |x: f64| 1.0 / (1.0 + x) - 1.0;
    format!(
        "                 change:\n                        time:   [{} {} {}] {p}\n                        thrpt:  [{} {} {}]\n                        {}\n",
        units::pct(lo),
        units::pct(est),
        units::pct(hi),
        units::pct(inv(hi)),
        units::pct(inv(est)),
        units::pct(inv(lo)),
        c.class.sentence()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_wording() {
        let s = |ratio| Outcome::Slower { ratio };
        let f = |ratio| Outcome::Faster { ratio };
        assert_eq!(
            verdict("streaming", "copy-buffer cap=200", "165 B", s(1.041)),
            "streaming is 4.1% slower than copy-buffer cap=200 at 165 B; intervals do not overlap"
        );
        assert!(verdict("x", "y", "0 B", f(0.95)).starts_with("x is 5.0% faster"));
        assert!(verdict("x", "y", "1 B", s(27.417)).starts_with("x is 27.4× slower"));
        assert!(verdict("x", "y", "1 B", f(0.2)).starts_with("x is 5.0× faster"));
        assert!(
            verdict("s", "b", "1 B", Outcome::WithinNoise { ratio: 0.99 })
                .contains("within noise (-1.0%, intervals overlap)")
        );
    }

    /// The ETA is the plan's expected time until three benchmarks ran, then scaled by how
    /// the pass went.
    #[test]
    fn progress_lines_scale_the_eta_once_three_ran() {
        let plan: Vec<Planned> = (0..5)
            .map(|i| {
                let id = lab_record::BenchId {
                    family: lab_record::Family::AccountHash,
                    digest: lab_record::Digest::Legacy,
                    strategy: "streaming".into(),
                    variant: None,
                    workload: format!("data_size/{i}").parse().unwrap(),
                };
                Planned {
                    meta: lab_record::BenchMeta {
                        id,
                        data_size: Some(i),
                        bytes_per_iter: 1,
                        items_per_iter: 1,
                        role: lab_record::Role::Baseline,
                        claims_consensus: true,
                        isa: None,
                    },
                    expected_secs: 60.0,
                    compressions_per_item: None,
                }
            })
            .collect();
        let line = progress_line(&plan, 1, 65.0, 30.0, 60.0);
        assert!(
            line.starts_with("[  2/5] account-hash/streaming/data_size/1 "),
            "{line}"
        );
        assert!(line.ends_with(" elapsed 1:05  ETA 4:00"), "{line}");
        // 3 ran in half their expected time: the last two take half theirs.
        assert!(progress_line(&plan, 3, 95.0, 90.0, 180.0).ends_with("ETA 1:00"));
    }

    #[test]
    fn recovery_notes_say_what_the_journal_gave() {
        let dir = Path::new("/r/run");
        assert!(recovery_notes(dir, &Recovery::Nothing).is_empty());
        assert_eq!(
            recovery_notes(dir, &Recovery::Running { pid: 7 }),
            ["report: /r/run is still being measured (process id 7): rendering what it has"]
        );
        let rebuilt = Recovery::Rebuilt {
            measured: 3,
            paired_processes: 2,
            counted: 0,
            missing: vec!["a (not measured)".into()],
            warnings: vec!["line 4 cut short".into()],
        };
        assert_eq!(
            recovery_notes(dir, &rebuilt),
            [
                "warning: line 4 cut short",
                "report: /r/run was interrupted: results.json rebuilt from journal.jsonl: 3 rows \
                 measured, 1 missing",
                "report: the passes' journaled work: 2 paired processes, 0 benchmarks' \
                 instruction counts",
                "  missing: a (not measured)",
            ]
        );
    }
}
