//! "By account size": per digest, a set of 1,024 accounts of each size of the size ladder
//! through the batch kernel, one account at a time (lane-xof, copy-buffer cap=200 through
//! the blake3 crate) and the peers, with where each kernel leaves the SIMD lanes.

use super::doc::{text, Block, Cell, Section, SectionKind, Table, TableKind};
use super::text::param_text;
use super::units::time_ns;
use crate::analysis::listed::Strategies;
use crate::analysis::view::{Group, View};
use account_hash::strategy::list::LaneDigests;
use account_hash::strategy::{BATCH_CROSSOVER_LEN, LT_META_LEN};
use lab_record::identity::{Origin, SERIAL_LT_PEER, VALIDATOR_LT_PEER};
use lab_record::{Record, WorkloadKind};

/// The longest message `solana-lattice-hash`'s batch keeps in its lanes: one BLAKE3 chunk
/// (its `batch.rs` sends longer messages through one `blake3::Hasher` each).
const PEER_LANE_MESSAGE_LEN: usize = 1024;

/// A column of the table: which rows it shows. For strategies with several variants
/// (backends) the fastest variant of the main build at each size is shown.
#[derive(Clone, Copy)]
enum Column {
    /// The many-accounts strategies (all digests across the lanes).
    Lanes,
    /// The per-account strategies whose LtHash output blocks go across the lanes.
    OneAtATime,
    /// The validator's current code, the baseline.
    Baseline,
    /// The validator's LtHash crate measured as a peer.
    ValidatorPeer,
    /// The one-at-a-time `blake3::Hasher` peer.
    SerialPeer,
}

/// The columns with how each is titled (a peer's by its strategy name).
const COLUMNS: &[(Column, &str)] = &[
    (Column::Lanes, "batch (lanes)"),
    (Column::OneAtATime, "lane-xof (one at a time)"),
    (Column::Baseline, "copy-buffer cap=200 (blake3 crate)"),
    (Column::ValidatorPeer, VALIDATOR_LT_PEER),
    (Column::SerialPeer, SERIAL_LT_PEER),
];

impl Column {
    fn shows(self, r: &Record, strategies: &Strategies) -> bool {
        let id = r.id();
        let listed = || {
            strategies
                .get(&id.strategy)
                .filter(|_| id.origin() == Origin::Hashlab)
        };
        match self {
            Column::Lanes => listed().is_some_and(|l| l.many),
            Column::OneAtATime => listed().is_some_and(|l| !l.many && l.lanes == LaneDigests::Lt),
            Column::Baseline => r.meta.is_baseline(),
            Column::ValidatorPeer => id.is_validator_lt_peer(),
            Column::SerialPeer => id.is_serial_lt_peer(),
        }
    }
}

fn fastest<'a>(
    g: &Group<'a>,
    param: &str,
    column: Column,
    strategies: &Strategies,
) -> Option<&'a Record> {
    g.cells
        .iter()
        .filter(|((p, _), r)| p == param && r.control.is_none() && column.shows(r, strategies))
        .map(|(_, r)| *r)
        .min_by(|a, b| {
            a.ns_per_item()
                .estimate
                .total_cmp(&b.ns_per_item().estimate)
        })
}

fn cell(r: Option<&Record>) -> Cell {
    let Some(r) = r else { return Cell::absent() };
    let ns = time_ns(r.ns_per_item().estimate);
    Cell::number(match (&r.paired, r.meta.is_baseline()) {
        (_, true) => format!("{ns} (baseline)"),
        (Some(p), _) => format!("{ns} (×{:.3} {})", p.ratio.estimate, p.verdict),
        (None, _) => ns,
    })
}

fn table(g: &Group) -> Table {
    let mut columns = vec!["data size"];
    columns.extend(COLUMNS.iter().map(|(_, title)| *title));
    let mut t = Table::new(TableKind::Detail, &columns);
    let strategies = Strategies::compiled();
    for p in &g.params {
        let mut row = vec![Cell::plain(param_text(g, p))];
        row.extend(
            COLUMNS
                .iter()
                .map(|(c, _)| cell(fastest(g, p, *c, &strategies))),
        );
        t.rows.push(row);
    }
    t
}

/// The text on where each kernel leaves the lanes.
fn lanes_note() -> String {
    format!(
        "Where each kernel leaves the lanes. batch: every account whose message (its data and fixed fields) is shorter than {} shares the lanes (its chunks one per lane beside other accounts' chunks, parent nodes merged across lanes, then the root's output blocks); from {} on, one account at a time through the blake3 crate, whose own chunk parallelism fills the lanes from one large account. lane-xof: one account's input blocks one after another, its 32 output blocks across the lanes. peer:solana-lattice-hash: messages up to {} bytes ({} bytes of data for the LtHash) in its lanes, longer ones through one blake3::Hasher each. Cells: time per account and the paired ratio to copy-buffer cap=200 with its verdict; batch and lane-xof show their fastest backend.",
        super::units::bytes(BATCH_CROSSOVER_LEN as u64),
        super::units::bytes(BATCH_CROSSOVER_LEN as u64),
        PEER_LANE_MESSAGE_LEN,
        PEER_LANE_MESSAGE_LEN - LT_META_LEN,
    )
}

/// The section, or `None` when the run has no size ladder.
pub fn section(view: &View) -> Option<Block> {
    let groups: Vec<&Group> = view
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .filter(|g| g.kind == WorkloadKind::SizeLadder)
        .collect();
    if groups.is_empty() {
        return None;
    }
    let mut blocks = vec![Block::Paragraph(vec![text(lanes_note())])];
    for g in groups {
        blocks.push(Block::Paragraph(vec![text(format!(
            "{} digest:",
            g.digest
        ))]));
        blocks.push(Block::Table(table(g)));
    }
    Some(Block::Section(Section {
        kind: SectionKind::Plain,
        id: "by-size".into(),
        level: 2,
        title: "By account size".into(),
        blocks,
    }))
}

/// This section as a part of the report ([`super::parts`]).
pub fn part(run: &super::outline::Run) -> crate::error::Result<Vec<Block>> {
    Ok(section(run.view).into_iter().collect())
}
