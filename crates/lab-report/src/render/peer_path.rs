//! "Your working copy" (`--peer-path`): per workload, your copy of a peer crate vs the
//! released one, from results.json's `peer_paths`.

use super::doc::{text, Block, Item, Section, SectionKind};
use lab_record::{AbRow, PeerPath, ResultsFile, Verdict};

/// `lt-hash/peer:solana-lattice-hash/set_1024/165: your solana-lattice-hash (DIR, describe)
/// vs 4.3.0: ×0.93 [0.92, 0.94] faster (band ±1.2%, 8 rounds)`; an undecided row adds how
/// many rounds would decide it ([`super::ab::rounds_hint`]). A row is named by its
/// criterion id, the name both builds agree on (as `lab paired --rows` takes it).
pub fn row_line(p: &PeerPath, r: &AbRow) -> String {
    format!(
        "{}: {} vs {}: ×{:.2} [{:.2}, {:.2}] {} (band ±{:.1}%, {} rounds{})",
        r.criterion_id,
        p.yours(),
        p.released,
        r.ratio.estimate,
        r.ratio.lower,
        r.ratio.upper,
        r.verdict,
        r.band * 100.0,
        r.rounds,
        super::ab::rounds_hint(p.profile, r, None)
    )
}

/// Every line of one comparison: the measured rows, then what was not timed and why.
pub fn lines(p: &PeerPath) -> Vec<String> {
    let mut out: Vec<String> = p.rows.iter().map(|r| row_line(p, r)).collect();
    for id in &p.digest_differs {
        out.push(format!(
            "{id}: {} vs {}: digest differs from the reference: not timed",
            p.yours(),
            p.released
        ));
    }
    for f in &p.failed {
        out.push(format!(
            "{}: not measured: {}",
            f.criterion_id, f.reason
        ));
    }
    for (ids, only) in [
        (&p.only_released, "the released build"),
        (&p.only_yours, "your build"),
    ] {
        if !ids.is_empty() {
            out.push(format!("only in {only} (not timed): {}", ids.join(", ")));
        }
    }
    out
}

/// The report's section, when the run has a `--peer-path`.
pub fn section(file: &ResultsFile) -> Option<Block> {
    if file.peer_paths.is_empty() {
        return None;
    }
    let mut blocks = Vec::new();
    for p in &file.peer_paths {
        blocks.push(Block::Paragraph(vec![text(format!(
            "{} (rows `{}`) against the released {} {} in the same run: both checked against the reference digests, then timed in {} rounds of three fresh processes (released, released again as the A/A control, yours; profile {}). ×: your time / the released crate's, with the profile's sequential design's interval at the look the rounds reached; faster or slower needs the interval beyond the row's A/A band (and 1 %), equal needs it inside, else undecided, as in bench-all.",
            p.yours(),
            p.row,
            p.krate,
            p.released,
            p.rounds,
            p.profile
        ))]));
        blocks.push(Block::Verdicts(
            lines(p)
                .into_iter()
                .zip(
                    p.rows
                        .iter()
                        .map(|r| r.verdict != Verdict::Equal)
                        .chain(std::iter::repeat(true)),
                )
                .map(|(text, strong)| Item { text, strong })
                .collect(),
        ));
    }
    Some(Block::Section(Section {
        kind: SectionKind::Plain,
        id: "your-working-copy".into(),
        level: 2,
        title: "Your working copy".into(),
        blocks,
    }))
}

/// This section as a part of the report ([`super::parts`]).
pub fn part(run: &super::outline::Run) -> crate::error::Result<Vec<Block>> {
    Ok(section(run.file).into_iter().collect())
}
