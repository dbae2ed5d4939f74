//! The released solana-lattice-hash's own tests and benchmarks on the drop-in, as
//! `cargo xtask upstream` records them in `reports/upstream/upstream.json`
//! (docs/upstream.md): read beside a run's directory, shown in "Run it in your validator"
//! ([`super::drop_in`]), or how to produce them where there are none.

use super::doc::{text, Block, Cell, CellKind, Inline, Table, TableKind};
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
