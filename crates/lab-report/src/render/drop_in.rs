//! The report's "Run it in your validator" section: the drop-in `solana-lattice-hash`
//! (`crates/solana-lattice-hash`), the API it mirrors, the one line that patches it in, and
//! its paired ratio to the validator's crate on each LtHash line of the decision table, and
//! the released crate's own tests and benchmarks on it where `cargo xtask upstream` wrote
//! them ([`super::upstream`], `reports/upstream/upstream.json`), else how to produce them.

use super::doc::{text, Block, Cell, Section, SectionKind, Table, TableKind};
use super::upstream::{upstream_blocks, Upstream};
use crate::analysis::decision::decisions;
use lab_record::{Digest, ResultsFile};


/// The drop-in's version: the released solana-lattice-hash whose API it mirrors.
pub const DROP_IN_VERSION: &str = "4.4.0";

/// The `[patch.crates-io]` line a validator adds.
pub const PATCH_LINE: &str =
    r#"solana-lattice-hash = { path = "<hashlab>/crates/solana-lattice-hash" }"#;

/// The section, or `None` when no LtHash line of the decision table has a drop-in row;
/// with the upstream record where there is one ([`upstream_blocks`]).
pub fn section(file: &ResultsFile, upstream: Option<&Upstream>) -> Option<Block> {
    let ds: Vec<_> = decisions(file)
        .into_iter()
        .filter(|d| d.digest == Digest::Lt && d.drop_in.is_some())
        .collect();
    if ds.is_empty() {
        return None;
    }
    let peer_version = file
        .results
        .iter()
        .find(|r| r.id().is_validator_lt_peer())
        .and_then(|r| r.id().variant);
    let mut t = Table::new(
        TableKind::Comparison,
        &[
            "workload",
            "drop-in vs current code",
            "the decision table's pick",
        ],
    );
    for d in &ds {
        t.rows.push(vec![
            Cell::plain(d.workload.to_string()),
            Cell::plain(super::decision::drop_in_text(d)),
            Cell::plain(d.best.id().label()),
        ]);
    }
    let intro = format!(
        "hashlab's kernels as the validator's own crate: crates/solana-lattice-hash is a \
         package named solana-lattice-hash, version {DROP_IN_VERSION}, whose public API is \
         exactly the released {DROP_IN_VERSION}'s (lt_hash::{{LtHash, Checksum, \
         SingleLtHashUpdater}}, batch::{{Accumulator, MessageBuilder}}, feature \
         agave-unstable-api). A validator takes it with one line in its workspace's \
         [patch.crates-io]:"
    );
    let after = format!(
        "Its features max-avx2, max-sse41 and max-portable cap the backend (default: the \
         widest this CPU has). The rows below are its paired ratio to the validator's crate{} \
         in this run. `cargo xtask upstream` runs the released crate's own tests and \
         benchmarks against it (below).",
        peer_version.map_or(String::new(), |v| format!(" ({v})"))
    );
    Some(Block::Section(Section {
        kind: SectionKind::Plain,
        id: "drop-in".into(),
        level: 2,
        title: "Run it in your validator".into(),
        blocks: vec![
            Block::Paragraph(vec![text(intro)]),
            Block::Pre(format!("[patch.crates-io]\n{PATCH_LINE}\n")),
            Block::Paragraph(vec![text(after)]),
            Block::Table(t),
        ]
        .into_iter()
        .chain(upstream_blocks(upstream, DROP_IN_VERSION))
        .collect(),
    }))
}

/// This section as a part of the report ([`super::parts`]).
pub fn part(run: &super::outline::Run) -> crate::error::Result<Vec<Block>> {
    Ok(section(run.file, run.upstream).into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_the_drop_ins_manifest_version() {
        let manifest = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../solana-lattice-hash/Cargo.toml"),
        )
        .unwrap();
        assert!(
            manifest.contains(&format!("\nversion = \"{DROP_IN_VERSION}\"\n")),
            "{manifest}"
        );
    }
}
