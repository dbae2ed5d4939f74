//! The report's "Per instruction set" section: per workload, each strategy's time per
//! account on every instruction set measured, with its ratio to the blake3 crate's
//! baseline on the same instruction set; then the two limits (legacy latency, LtHash
//! throughput) per instruction set against the best rows.

use super::doc::{text, Block, Cell, Inline, Section, SectionKind, Table, TableKind};
use super::units::time_ns;
use crate::analysis::isa::{self, IsaCell, IsaTable, RUNTIME_PICK};
use crate::analysis::isa_floor::{self, Best, IsaFloor};
use lab_record::ResultsFile;

const INTRO: &str = "Rows that call the blake3 crate are measured once per instruction set: by the main build (the widest the machine has) and by the capped builds (blake3-no-avx512: AVX2, blake3-no-avx2: SSE4.1). Batch and lane-xof rows are per backend already. Each cell is the time per account and, in parentheses, the ratio to copy-buffer cap=200 on the same instruction set.";

const LIMITS: &str = "Two limits. Per-account legacy hashing is latency bound: at 165 B its 4 compressions form one dependent chain, so its floor is compressions × the time of one compression (the limit row of that backend). Per-account LtHash is throughput bound: its 32 output blocks are independent and, with its input blocks, can fill SIMD lanes, so its floor is 35 compressions (3 input blocks, then the last block's root compression once per output block) at the lanes' throughput.";

/// `None` when no workload was measured on two instruction sets and there is no limit row
/// per backend.
pub fn section(file: &ResultsFile) -> Option<Block> {
    let tables = isa::per_isa(file);
    let floors = isa_floor::floors(file);
    if tables.is_empty() && floors.len() < 2 {
        return None;
    }
    let mut blocks = vec![Block::Paragraph(vec![text(INTRO)])];
    if tables
        .iter()
        .any(|t| t.rows.iter().any(|r| r.runtime_pick()))
    {
        blocks.push(Block::Paragraph(vec![
            Inline::Code(RUNTIME_PICK.into()),
            text(" (†) picks its own kernel at run time: it is shown in the column of the instruction set it picked, and capped builds do not change it."),
        ]));
    }
    blocks.extend(tables.iter().map(table_section));
    if !floors.is_empty() {
        blocks.push(Block::Paragraph(vec![text(LIMITS)]));
        blocks.push(Block::Table(floor_table(&floors)));
    }
    Some(Block::Section(Section {
        kind: SectionKind::Plain,
        id: "per-isa".into(),
        level: 2,
        title: "Per instruction set".into(),
        blocks,
    }))
}

fn cell(c: &Option<IsaCell>) -> Cell {
    match c {
        None => Cell::absent(),
        Some(c) => Cell::number(match c.ratio {
            Some(q) => format!("{} (×{q:.3})", time_ns(c.ns)),
            None => time_ns(c.ns),
        }),
    }
}

/// One workload's table: strategies by instruction set.
pub fn table(t: &IsaTable) -> Table {
    let mut table = Table::new(TableKind::PerIsa, &["strategy"]);
    table
        .columns
        .extend(t.isas.iter().map(|i| i.as_str().to_string()));
    for row in &t.rows {
        let mark = if row.runtime_pick() { " †" } else { "" };
        let mut cells = vec![Cell::plain(format!("{}{mark}", row.label))];
        cells.extend(row.cells.iter().map(cell));
        table.rows.push(cells);
    }
    table
}

fn table_section(t: &IsaTable) -> Block {
    let title = format!("{} · {} digest · {}", t.family, t.digest, t.workload);
    Block::Section(Section {
        kind: SectionKind::Group,
        id: format!("isa-{title}")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect(),
        level: 3,
        title,
        blocks: vec![Block::Table(table(t))],
    })
}

fn best_cell(b: &Option<Best>, floor: f64) -> Cell {
    match b {
        None => Cell::absent(),
        Some(b) => Cell::number(format!(
            "{} ({}, {:.1}× floor)",
            time_ns(b.ns),
            isa::isa_label(b.record),
            b.ns / floor
        )),
    }
}

/// "Floor per ISA": ns per compression, the legacy latency floor and the LtHash
/// throughput floor at 165 B, and the best per-account and batch rows beside each.
pub fn floor_table(floors: &[IsaFloor]) -> Table {
    let legacy = format!(
        "legacy 165 B floor ({:.0} compressions, latency)",
        floors[0].legacy_compressions
    );
    let lt = format!(
        "LtHash 165 B floor ({:.0} compressions, throughput)",
        floors[0].lt_compressions
    );
    let mut table = Table::new(
        TableKind::Floor,
        &[
            "ISA",
            "ns per compression (limit row)",
            &legacy,
            "best per-account legacy",
            "best batch legacy",
            &lt,
            "best per-account LtHash",
            "best batch LtHash",
            "register-only throughput per lane-compression",
            "single-message latency per compression",
            "LtHash 165 B batch floor (throughput)",
        ],
    );
    let with_cycles = |f: &IsaFloor, ns: Option<f64>| match ns {
        None => Cell::plain("–"),
        Some(ns) => Cell::number(match f.cycles(ns) {
            Some(c) => format!("{} ({c:.1} cycles)", time_ns(ns)),
            None => time_ns(ns),
        }),
    };
    for f in floors {
        let (lf, tf) = (f.legacy_floor(), f.lt_floor());
        let batch_floor = f.lt_batch_floor();
        table.rows.push(vec![
            Cell::plain(f.isa.as_str()),
            Cell::number(time_ns(f.per_compression)),
            Cell::number(time_ns(lf)),
            best_cell(&f.legacy_account, lf),
            best_cell(&f.legacy_batch, lf),
            Cell::number(time_ns(tf)),
            best_cell(&f.lt_account, tf),
            best_cell(&f.lt_batch, batch_floor.unwrap_or(tf)),
            with_cycles(f, f.machine.map(|m| m.throughput_ns)),
            with_cycles(f, f.machine.map(|m| m.latency_ns)),
            batch_floor.map_or(Cell::plain("–"), |b| Cell::number(time_ns(b))),
        ]);
    }
    table
}
