//! The released solana-lattice-hash's own tests and benchmarks on the drop-in, as
//! `cargo xtask upstream` records them in `reports/upstream/upstream.json`
//! (docs/upstream.md): read beside a run's directory, shown in "Run it in your validator"
//! ([`super::drop_in`]), or how to produce them where there are none.

use super::doc::{text, Block, Cell, CellKind, Inline, Table, TableKind};
use crate::record::upstream::{TestOutcome, TestResult, UpstreamReport};
use lab_record::Ratio;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// What the report shows of `cargo xtask upstream`'s `upstream.json` (docs/upstream.md):
/// the released crate's own tests and benchmarks run on the drop-in. Fields the report does
/// not show are not read.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Upstream {
    /// The released crate's name and version.
    pub released: String,
    pub tests: Vec<UpstreamTest>,
    #[serde(default)]
    pub left_out: Vec<serde_json::Value>,
    /// `None` when the command ran the tests only.
    pub benchmarks: Option<UpstreamBenchmarks>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct UpstreamTest {
    pub name: String,
    /// `passed`, `failed` or `ignored`.
    pub result: String,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct UpstreamBenchmarks {
    pub rounds: u32,
    pub rows: Vec<UpstreamBench>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct UpstreamBench {
    /// Criterion's id in the released crate's benches.
    pub name: String,
    pub released_ns: f64,
    pub dropin_ns: f64,
    /// Drop-in / released over rounds, with its 95 % interval.
    pub ratio: Ratio,
}

/// Where `cargo xtask upstream` writes its record, for runs under `reports_dir`.
pub fn upstream_path(reports_dir: &Path) -> PathBuf {
    reports_dir.join("upstream").join("upstream.json")
}

/// The upstream record beside a run's directory (`<reports>/<run>/` and
/// `<reports>/upstream/upstream.json`): `None` when there is none, an error naming the
/// file and field when it cannot be read.
pub fn load_upstream(run_dir: &Path) -> crate::error::Result<Option<Upstream>> {
    let Some(reports) = run_dir.parent() else {
        return Ok(None);
    };
    let path = upstream_path(reports);
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::error::read_to_string(&path)?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| crate::error::Error::Other(format!("{}: {e}", path.display())))
}

/// The released crate's own tests and benchmarks on the drop-in, or how to run them;
/// `version` is the released version the drop-in mirrors.
pub fn upstream_blocks(upstream: Option<&Upstream>, version: &str) -> Vec<Block> {
    let Some(u) = upstream else {
        return vec![Block::Paragraph(vec![
            text(format!(
                "The released {version}'s own tests and benchmarks on the drop-in: \
                 not run for this report. "
            )),
            Inline::Code("cargo xtask upstream".into()),
            text(
                " runs them (docs/upstream.md) and writes reports/upstream/upstream.json, \
                 which the next report of a run under reports/ shows here.",
            ),
        ])];
    };
    let count = |r: &str| u.tests.iter().filter(|t| t.result == r).count();
    let mut blocks = vec![Block::Paragraph(vec![text(format!(
        "{}'s own tests on the drop-in: {} passed, {} failed, {} ignored, {} left out \
         (reports/upstream/upstream.json, from the last `cargo xtask upstream`, which may \
         be of another commit than this run; docs/upstream.md).",
        u.released,
        count("passed"),
        count("failed"),
        count("ignored"),
        u.left_out.len()
    ))])];
    let Some(b) = &u.benchmarks else {
        return blocks;
    };
    blocks.push(Block::Paragraph(vec![text(format!(
        "Its own benchmarks, {} rounds of each build in fresh processes; the drop-in's \
         speed-up over the released crate (released time / drop-in time) with its 95 % \
         interval over rounds:",
        b.rounds
    ))]));
    let mut t = Table::new(
        TableKind::Comparison,
        &["benchmark", "released", "drop-in", "speed-up (interval)"],
    );
    for r in &b.rows {
        t.rows.push(vec![
            Cell::new(r.name.clone(), CellKind::Name),
            Cell::number(super::units::time_ns(r.released_ns)),
            Cell::number(super::units::time_ns(r.dropin_ns)),
            Cell::number(super::units::speed_up_range(&r.ratio)).titled(format!(
                "drop-in / released: ×{:.3} [{:.3}, {:.3}]",
                r.ratio.estimate, r.ratio.lower, r.ratio.upper
            )),
        ]);
    }
    blocks.push(Block::Table(t));
    blocks
}

fn ns(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} ms", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.2} µs", x / 1e3)
    } else {
        format!("{x:.0} ns")
    }
}

/// `reports/upstream/summary.md`: the tests' counts, failures and what was left out; the
/// benchmark table.
pub fn summary(report: &UpstreamReport) -> String {
    let count = |r: TestResult| report.tests.iter().filter(|t| t.result == r).count();
    let mut s = format!(
        "# {}'s own tests and benchmarks against the drop-in\n\n## Tests\n\n\
         {} passed, {} failed, {} ignored; {} item(s) left out.\n",
        report.released,
        count(TestResult::Passed),
        count(TestResult::Failed),
        count(TestResult::Ignored),
        report.left_out.len()
    );
    let failed: Vec<&TestOutcome> = report
        .tests
        .iter()
        .filter(|t| t.result == TestResult::Failed)
        .collect();
    if !failed.is_empty() {
        s.push_str("\nFailed:\n\n");
        for t in failed {
            s.push_str(&format!("- `{}`\n", t.name));
        }
    }
    if !report.left_out.is_empty() {
        s.push_str("\nLeft out:\n\n");
        for l in &report.left_out {
            s.push_str(&format!(
                "- `{}` line {}, `{}`: {}\n",
                l.file, l.line, l.item, l.reason
            ));
        }
    }
    let Some(b) = &report.benchmarks else {
        return s;
    };
    s.push_str(&format!(
        "\n## Benchmarks\n\n{} rounds, both builds per round in a random order; criterion \
         warm-up {} s, measurement {} s{}. Times: median over rounds of criterion's median. \
         Ratio: drop-in / released, mean over rounds with its 95 % interval.\n\n\
         | benchmark | released | drop-in | ratio [95 % interval] | speed-up |\n\
         |---|---:|---:|---|---:|\n",
        b.rounds,
        b.warm_up_time,
        b.measurement_time,
        b.filter
            .as_deref()
            .map(|f| format!(", filter `{f}`"))
            .unwrap_or_default()
    ));
    for r in &b.rows {
        s.push_str(&format!(
            "| {} | {} | {} | {:.3} [{:.3}, {:.3}] | {:.2}x |\n",
            r.name,
            ns(r.released_ns),
            ns(r.dropin_ns),
            r.ratio.estimate,
            r.ratio.lower,
            r.ratio.upper,
            1.0 / r.ratio.estimate
        ));
    }
    if !b.unpaired.is_empty() {
        s.push_str(&format!(
            "\nNot compared (one build only, or fewer than two rounds): {}\n",
            b.unpaired.join(", ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::upstream::{bench_rows, RoundTimes};
    use crate::record::upstream::{Benchmarks, LeftOut};

    fn times() -> RoundTimes {
        let mut t = RoundTimes::new();
        t.insert(
            "fast".into(),
            vec![
                [Some(100.0), Some(50.0)],
                [Some(110.0), Some(55.0)],
                [Some(90.0), Some(45.0)],
            ],
        );
        t.insert("only_released".into(), vec![[Some(1.0), None]; 3]);
        t
    }

    #[test]
    fn rows_pair_the_rounds() {
        let (rows, unpaired) = bench_rows(&times());
        assert_eq!(unpaired, ["only_released"]);
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.released_ns, r.dropin_ns), (100.0, 50.0));
        assert!((r.ratio.estimate - 0.5).abs() < 1e-12, "{:?}", r.ratio);
        assert!((r.ratio.upper - r.ratio.lower).abs() < 1e-12);
    }

    #[test]
    fn summary_lists_counts_failures_left_out_and_the_table() {
        let (rows, unpaired) = bench_rows(&times());
        let report = UpstreamReport {
            released: "solana-lattice-hash 4.4.0".into(),
            released_dir: PathBuf::from("/registry/solana-lattice-hash-4.4.0"),
            tests: vec![
                TestOutcome {
                    name: "a".into(),
                    result: TestResult::Passed,
                },
                TestOutcome {
                    name: "b".into(),
                    result: TestResult::Failed,
                },
            ],
            left_out: vec![LeftOut {
                file: "src/batch/arch.rs".into(),
                item: "mod tests".into(),
                line: 563,
                reason: "src/batch/arch.rs has no counterpart in the drop-in".into(),
            }],
            benchmarks: Some(Benchmarks {
                rounds: 3,
                warm_up_time: 0.5,
                measurement_time: 1.0,
                filter: None,
                rows,
                unpaired,
            }),
        };
        let s = summary(&report);
        assert!(
            s.contains("1 passed, 1 failed, 0 ignored; 1 item(s) left out."),
            "{s}"
        );
        assert!(s.contains("Failed:\n\n- `b`\n"), "{s}");
        assert!(s.contains(
            "- `src/batch/arch.rs` line 563, `mod tests`: src/batch/arch.rs has no counterpart"
        ));
        assert!(
            s.contains("| fast | 100 ns | 50 ns | 0.500 [0.500, 0.500] | 2.00x |"),
            "{s}"
        );
        assert!(
            s.contains("Not compared (one build only, or fewer than two rounds): only_released")
        );
    }
}
