//! The decision table at the top of the report ([`crate::analysis::decision`]): per digest
//! and call shape, what to run on this machine, how much faster it is than the validator's
//! current code, why, and how to get it; beside it a chart of the speed-ups.
//!
//! Render computes two things analysis does not give: the compressions per account of rows
//! the lab did not count them for (from the row's data size, [`compressions`]), so that the
//! reason can say how far the row is from the machine's floor; and where the current code
//! leaves the SIMD lanes on large accounts.

use super::doc::{text, Block, Cell, CellKind, Inline, Section, SectionKind, Table, TableKind};
use super::plots::{speedups_chart, SpeedUp};
use super::units::{self, speed_up_text};
use crate::analysis::decision::{decisions, Decision, Shape};
use crate::analysis::floor::{floor_of, machine_floors, MachineFloor, LT_OUTPUT_BLOCKS};
use crate::analysis::listed::Strategies;
use account_hash::strategy::{
    BATCH_CROSSOVER_LEN, LT_META_LEN, MAX_BATCHED_DATA_LT, META_LEN, ONE_CHUNK_LEN,
};
use lab_record::{Digest, Family, ResultsFile, Verdict};

/// Bytes of one BLAKE3 block: one compression of input.
const BLOCK_LEN: u64 = 64;

fn digest_label(d: Digest) -> &'static str {
    match d {
        Digest::Lt => "LtHash",
        Digest::Legacy => "legacy",
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

/// Compressions BLAKE3 spends on one message of `len` bytes with `output_blocks` blocks of
/// output: every input block of every chunk, a parent node per chunk but the first, and the
/// output blocks, the root's compression being the first of them.
pub fn compressions(len: u64, output_blocks: u64) -> u64 {
    let chunk = ONE_CHUNK_LEN as u64;
    let chunks = len.div_ceil(chunk).max(1);
    let last = len - (chunks - 1) * chunk;
    let input = (chunks - 1) * (chunk / BLOCK_LEN) + last.div_ceil(BLOCK_LEN).max(1);
    input + (chunks - 1) + output_blocks.max(1) - 1
}

/// The message one account of `data` bytes is under `digest` (its data and fixed fields).
fn message_len(digest: Digest, data: u64) -> u64 {
    data + if digest == Digest::Lt {
        LT_META_LEN
    } else {
        META_LEN
    } as u64
}

/// Compressions per account of a row of accounts of one data size.
fn compressions_of(digest: Digest, data: u64) -> f64 {
    let output = if digest == Digest::Lt {
        LT_OUTPUT_BLOCKS as u64
    } else {
        1
    };
    compressions(message_len(digest, data), output) as f64
}

/// The run with each account row's compressions per account filled in from its data size
/// where the lab did not count them, so that the analysis's reason can place every row
/// against the floor.
fn with_compressions(file: &ResultsFile) -> ResultsFile {
    let mut f = file.clone();
    for r in &mut f.results {
        let family = matches!(r.id().family, Family::AccountHash | Family::LtHash);
        let digest = r.id().digest;
        if let (true, None, Some(data), Digest::Lt | Digest::Legacy) =
            (family, r.compressions_per_item, r.meta.data_size, digest)
        {
            r.compressions_per_item = Some(compressions_of(digest, data));
        }
    }
    f
}

/// The ratio as the paired pass gives it, with how it was found (`×0.787 [0.772, 0.803]`).
fn ratio_text(d: &Decision) -> String {
    match &d.ratio {
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
    }
}

fn speed_up_cell(d: &Decision) -> Cell {
    let (Some(r), Some(v)) = (&d.ratio, d.verdict) else {
        return Cell::new("the current code is fastest", CellKind::Equal);
    };
    let kind = match v {
        Verdict::Faster => CellKind::Faster,
        Verdict::Slower => CellKind::Slower,
        Verdict::Equal | Verdict::Undecided => CellKind::Equal,
    };
    Cell::new(speed_up_text(r, v), kind).titled(format!(
        "time / {}: {}",
        d.current.id().label(),
        ratio_text(d)
    ))
}

/// Where the current code and the chosen row leave the SIMD lanes on large accounts: the
/// validator's crate keeps one-chunk messages in its lanes and the copy-buffer baseline
/// none; a many-account strategy keeps accounts below [`BATCH_CROSSOVER_LEN`]. Short (the
/// current code's) and whole (both).
fn lanes_text(d: &Decision, listed: &Strategies) -> Option<(String, String)> {
    let strategy = &d.best.id().strategy;
    let many = listed.get(strategy)?.many;
    if !many || d.shape != Shape::Large {
        return None;
    }
    // A size never breaks from its unit.
    let data = units::bytes(MAX_BATCHED_DATA_LT as u64).replace(' ', "\u{a0}");
    let (short, current) = if d.current.meta.is_baseline() {
        (
            "current code: one account at a time".to_string(),
            "current code: one account at a time through the blake3 crate".to_string(),
        )
    } else {
        (
            format!("current code leaves lanes above {data}"),
            format!("current code: a blake3::Hasher per account above {data} of data"),
        )
    };
    let crossover = units::bytes(BATCH_CROSSOVER_LEN as u64);
    let mine = match d.best.meta.data_size {
        Some(n) if message_len(d.digest, n) >= BATCH_CROSSOVER_LEN as u64 => {
            format!("{strategy}: one at a time from {crossover} too")
        }
        _ => format!("{strategy}: in the lanes up to {crossover}"),
    };
    Some((short, format!("{current}; {mine}")))
}

/// The chosen row and the current code against the floor of the chosen row's work, short:
/// `35 compressions: 1.46x the floor, current code 2.06x` (the analysis's reason, with the
/// ALU bound, is the cell's hover text).
fn floor_text(d: &Decision, machine: &[MachineFloor]) -> Option<String> {
    let k = d.best.compressions_per_item?;
    let Some(floor) = floor_of(machine, d.best, k) else {
        return Some(format!("{k:.0} compressions per account"));
    };
    let current_x = d.current.ns_per_item().estimate / floor;
    let best_x = d
        .ratio
        .map_or(d.best.ns_per_item().estimate / floor, |q| q.estimate * current_x);
    Some(format!(
        "{k:.0} compressions: {}x the floor, current code {}x",
        units::sig(best_x),
        units::sig(current_x)
    ))
}

/// The reason with content, short (the cell) and whole (its hover text): compressions per
/// account against the floor, or the analysis's instruction counts, and where the code
/// leaves the lanes on large accounts.
fn why(d: &Decision, listed: &Strategies, machine: &[MachineFloor]) -> Cell {
    if std::ptr::eq(d.best, d.current) {
        return Cell::plain(d.reason.clone());
    }
    let counted = d.best.compressions_per_item.is_some()
        || (d.best.instructions_per_iter.is_some() && d.current.instructions_per_iter.is_some());
    let lanes = lanes_text(d, listed);
    let mut short: Vec<String> = floor_text(d, machine)
        .or_else(|| counted.then(|| d.reason.clone()))
        .into_iter()
        .collect();
    let mut whole: Vec<String> = counted.then(|| d.reason.clone()).into_iter().collect();
    if let Some((s, w)) = lanes {
        short.push(s);
        whole.push(w);
    }
    if short.is_empty() {
        return Cell::plain("accounts of mixed sizes: compressions not counted");
    }
    Cell::plain(short.join("; ")).titled(whole.join("; "))
}

/// What to run and how a validator gets it: the row, the crate and cargo feature of its
/// strategy, and the drop-in where it delivers the row's speed (LtHash); the drop-in's
/// interval is the cell's hover text.
fn run_this(d: &Decision, listed: &Strategies) -> Cell {
    let label = d.best.id().label();
    if std::ptr::eq(d.best, d.current) {
        return Cell::plain(format!("{label}: keep the current code"));
    }
    let strategy = &d.best.id().strategy;
    let mut short = match listed.get(strategy) {
        Some(l) => format!("{label}: account-hash feature `{}`", l.feature),
        None => label,
    };
    let mut whole = short.clone();
    if let Some(line) = &d.drop_in {
        let (q, v) = &line.to_current;
        let behind = line
            .to_best
            .as_ref()
            .is_some_and(|(_, v)| *v == Verdict::Slower);
        if *v == Verdict::Faster && !behind {
            short.push_str(&format!("; or the drop-in ({:.2}x)", 1.0 / q.estimate));
            whole.push_str(&format!(
                "; or the drop-in solana-lattice-hash (one [patch.crates-io] line, \"Run it in \
                 your validator\"), itself {}",
                speed_up_text(q, *v)
            ));
        }
    }
    Cell::plain(short).titled(whole)
}

/// The table's rows, one per decision, from the run with compressions filled in
/// ([`with_compressions`]).
fn table_of(ds: &[Decision], machine: &[MachineFloor]) -> Table {
    let listed = Strategies::compiled();
    let mut t = Table::new(
        TableKind::Decision,
        &[
            "call shape",
            "workload",
            "speed-up",
            "why",
            "run this, and how",
        ],
    );
    for d in ds {
        t.rows.push(vec![
            Cell::plain(format!("{}: {}", digest_label(d.digest), d.shape.label())),
            Cell::new(workload_text(&d.workload), CellKind::Name),
            speed_up_cell(d),
            why(d, &listed, machine),
            run_this(d, &listed),
        ]);
    }
    t
}

/// The ratios behind the speed-ups, as the paired pass gives them (details.md and a
/// folded block of the page).
fn ratios_table(ds: &[Decision]) -> Table {
    let mut t = Table::new(
        TableKind::Decision,
        &[
            "digest",
            "workload",
            "run this",
            "current code",
            "ratio to current",
            "verdict",
            "drop-in solana-lattice-hash",
        ],
    );
    for d in ds {
        t.rows.push(vec![
            Cell::plain(digest_label(d.digest)),
            Cell::new(workload_text(&d.workload), CellKind::Name),
            Cell::plain(d.best.id().label()),
            Cell::plain(d.current.id().label()),
            Cell::number(ratio_text(d)),
            Cell::plain(d.verdict.map_or("current code".into(), |v| v.to_string())),
            Cell::plain(drop_in_text(d)),
        ]);
    }
    t
}

/// The run's decisions (with compressions filled in, [`with_compressions`]) in table
/// order: the analysis's (digest, call shape), and inside a shape the workloads by kind
/// and then by their numeric parameter (`size_ladder/1025` before `size_ladder/10240`).
fn ordered(file: &ResultsFile) -> Vec<Decision<'_>> {
    let mut ds = decisions(file);
    ds.sort_by_key(|d| {
        (
            d.digest != Digest::Lt,
            d.shape,
            d.workload.kind,
            d.workload.param_u64(),
            d.workload.to_string(),
        )
    });
    ds
}

/// The table of a run.
pub fn table(file: &ResultsFile) -> Option<Table> {
    let file = with_compressions(file);
    let ds = ordered(&file);
    (!ds.is_empty()).then(|| table_of(&ds, &machine_floors(&file)))
}

/// The speed-up chart: one bar per line with a speed-up, labelled by digest and workload.
fn chart(ds: &[Decision]) -> Option<Block> {
    let bars: Vec<SpeedUp> = ds
        .iter()
        .filter_map(|d| {
            let r = d.ratio.as_ref()?;
            Some(SpeedUp {
                label: format!("{} {}", digest_label(d.digest), workload_text(&d.workload)),
                estimate: 1.0 / r.estimate,
                lower: 1.0 / r.upper,
                upper: 1.0 / r.lower,
                lt: d.digest == Digest::Lt,
            })
        })
        .collect();
    if bars.is_empty() {
        return None;
    }
    let caption = "Speed-up over the current code (interval)";
    let svg = speedups_chart(&bars, caption).ok()?;
    Some(Block::Plot {
        svg,
        caption: caption.into(),
    })
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

/// The one sentence of method under the table; the rest is docs/measurement.md's.
pub const METHOD: &str =
    "Speed-up: the current code's time over the row's, both run interleaved in the same \
    processes (the paired pass), with its interval at the run's error rate; the current code is \
    solana-lattice-hash for LtHash batches and mixes, else copy-buffer cap=200 through the \
    blake3 crate (how rows are picked and decided: docs/measurement.md, \"The decision table\").";

/// The section, or `None` when the run has no paired account tables.
pub fn section(file: &ResultsFile) -> Option<Block> {
    let file = with_compressions(file);
    let ds = ordered(&file);
    if ds.is_empty() {
        return None;
    }
    let mut beside = vec![Block::Table(table_of(&ds, &machine_floors(&file)))];
    beside.extend(chart(&ds));
    Some(Block::Section(Section {
        kind: SectionKind::Plain,
        id: "decision".into(),
        level: 2,
        title: "What to run".into(),
        blocks: vec![
            Block::Beside(beside),
            Block::Paragraph(vec![
                Inline::Em("Method.".into()),
                text(format!(" {METHOD}")),
            ]),
            Block::Full(vec![Block::Details {
                summary: "The ratios behind the speed-ups (time / current code)".into(),
                blocks: vec![Block::Table(ratios_table(&ds))],
            }]),
        ],
    }))
}

/// This section as a part of the report ([`super::parts`]).
pub fn part(run: &super::outline::Run) -> crate::error::Result<Vec<Block>> {
    Ok(section(run.file).into_iter().collect())
}
