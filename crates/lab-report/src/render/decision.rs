//! The decision table at the top of the report ([`crate::analysis::decision`]): per digest
//! and call shape, what to run on this machine and by how much it beats the validator's
//! current code.

use super::doc::{text, Block, Cell, CellKind, Inline, Section, SectionKind, Table, TableKind};
use super::units;
use crate::analysis::decision::{decisions, Decision};
use lab_record::{Digest, Record, ResultsFile, Verdict};

fn digest_label(d: Digest) -> &'static str {
    match d {
        Digest::Lt => "LtHash (consensus)",
        Digest::Legacy => "legacy (the seed's; no longer consensus)",
        _ => "other",
    }
}

/// `165 B` for a data size, else the workload as written in results.json.
fn workload_text(w: &lab_record::Workload) -> String {
    match (w.kind, w.param_u64()) {
        (lab_record::WorkloadKind::DataSize, Some(n)) => units::size(n),
        _ => w.to_string(),
    }
}

fn row_label(r: &Record) -> String {
    match r.meta.isa {
        Some(isa) => format!("{} ({isa})", r.id().label()),
        None => r.id().label(),
    }
}

fn verdict_cell(d: &Decision) -> Cell {
    let Some(v) = d.verdict else {
        return Cell::new("current code", CellKind::Equal);
    };
    let kind = match v {
        Verdict::Faster => CellKind::Faster,
        Verdict::Slower => CellKind::Slower,
        Verdict::Equal | Verdict::Undecided => CellKind::Equal,
    };
    let mut t = v.to_string();
    if v == Verdict::Undecided {
        if let Some(r) = &d.ratio {
            t.push_str(&super::verdicts::undecided_note(r, None));
        }
    }
    Cell::new(t, kind)
}

/// The table's rows, one per decision.
pub fn table(file: &ResultsFile) -> Option<Table> {
    let ds = decisions(file);
    if ds.is_empty() {
        return None;
    }
    let mut t = Table::new(
        TableKind::Decision,
        &[
            "digest",
            "call shape",
            "workload",
            "run this",
            "current code",
            "ratio to current",
            "verdict",
            "why",
            "drop-in solana-lattice-hash",
        ],
    );
    for d in &ds {
        let ratio = match &d.ratio {
            Some(r) => format!(
                "×{:.3} [{:.3}, {:.3}]{}{}",
                r.estimate,
                r.lower,
                r.upper,
                if d.direct { "" } else { " via baseline" },
                if d.selected_from > 1 {
                    format!(", selected: the fastest of {} faster rows", d.selected_from)
                } else {
                    String::new()
                }
            ),
            None => "–".into(),
        };
        t.rows.push(vec![
            Cell::plain(digest_label(d.digest)),
            Cell::plain(d.shape.label()),
            Cell::plain(workload_text(&d.workload)),
            Cell::plain(row_label(d.best)),
            Cell::plain(d.current.id().label()),
            Cell::number(ratio),
            verdict_cell(d),
            Cell::plain(d.reason.clone()),
            Cell::plain(drop_in_text(d)),
        ]);
    }
    Some(t)
}

/// Whether the drop-in delivers the line's speed: its ratio to the current code, and to the
/// chosen row where that is another row ("delivers" unless it is decided slower than it).
pub fn drop_in_text(d: &Decision) -> String {
    let Some(line) = &d.drop_in else {
        return "–".into();
    };
    let (q, v) = &line.to_current;
    let mut t = format!("×{:.3} [{:.3}, {:.3}] {v}", q.estimate, q.lower, q.upper);
    if let Some((b, bv)) = &line.to_best {
        let word = if *bv == Verdict::Slower {
            "short of"
        } else {
            "delivers"
        };
        t.push_str(&format!(
            "; {word} the chosen row's speed (×{:.3} of it, {bv})",
            b.estimate
        ));
    }
    t
}

/// The section, or `None` when the run has no paired account tables.
pub fn section(file: &ResultsFile) -> Option<Block> {
    let t = table(file)?;
    let note = "Fastest consensus strategy per digest and call shape on this machine (the \
                widest instruction set of the main build), against the validator's current \
                code: for the LtHash the solana-lattice-hash crate on batches and mixes and \
                copy-buffer cap=200 through the blake3 crate one account at a time; for the \
                legacy hash copy-buffer cap=200. Ratios are the paired pass's (time / \
                current, interval over processes at the sequential design's error rate): \
                where the current code is not the table's baseline, the two rows' \
                per-process ratios to the baseline, measured in the same processes, are \
                compared process by process; \"via baseline\" marks the older files without \
                them, where two rows' ratios are divided with the conservative interval. \
                \"selected\" marks a row picked as the fastest of several faster rows: \
                its interval is not adjusted for that pick, so its ratio is more likely \
                optimistic than the interval says. The last column is hashlab's drop-in \
                solana-lattice-hash (next section) against the current code, and whether it \
                delivers the chosen row's speed.";
    Some(Block::Section(Section {
        kind: SectionKind::Plain,
        id: "decision".into(),
        level: 2,
        title: "What to run".into(),
        blocks: vec![
            Block::Paragraph(vec![
                Inline::Em("Decision.".into()),
                text(format!(" {note}")),
            ]),
            Block::Table(t),
        ],
    }))
}
