//! The report's "Per instruction set" section: per workload, each strategy's time per
//! account on every instruction set measured, with its ratio to the blake3 crate's
//! baseline on the same instruction set; then the two limits (legacy latency, LtHash
//! throughput) per instruction set against the best rows.

use super::doc::{text, Block, Cell, Inline, Section, SectionKind, Table, TableKind};
use super::units::time_ns;
use crate::analysis::isa::{self, IsaCell, IsaTable, RUNTIME_PICK};
use crate::analysis::isa_floor::{self, IsaFloor};
use lab_record::ResultsFile;

const INTRO: &str = "Rows that call the blake3 crate are measured once per instruction set: by the main build (the widest the machine has) and by the capped builds (blake3-no-avx512: AVX2, blake3-no-avx2: SSE4.1). Batch and lane-xof rows are per backend already. Each cell is the time per account and, in parentheses, the ratio to copy-buffer cap=200 on the same instruction set.";

const LIMITS: &str = "The machine's two limits per instruction set, and a 165-byte account against them. One account's input blocks form a dependent chain (each block's input is the previous block's output): latency bound, one message's compression after another (floor-latency). Independent compressions fill the SIMD lanes: throughput bound (floor-throughput: lanes of compressions, nothing loaded or stored). So one legacy account's floor is its 4 compressions at the latency, one LtHash account's is its 3 input blocks at the latency plus its 32 output blocks at the throughput, and a batch's is every compression at the throughput. Runs without the floor rows use the input-phase row (one-block messages through the input phase) for every compression. Below those sits the execution ports' limit (port-limit rows: each vector operation's rate and latency as register-only loops): the compression's ALU bound is its operations over those rates (800 on AVX-512, 1024 on SSE4.1 and AVX2, where a rotation is a shuffle or two shifts and an or), per lane; the machine table says how far the throughput floor is from it, and each 165-byte row's × floor is against the floor named in its made-of column.";

/// `None` when no workload was measured on two instruction sets and there is no input-phase row
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
    blocks.push(Block::Full(tables.iter().map(table_section).collect()));
    if !floors.is_empty() {
        blocks.push(Block::Paragraph(vec![text(LIMITS)]));
        blocks.push(Block::Table(machine_table(&floors)));
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

fn with_cycles(f: &IsaFloor, ns: Option<f64>) -> Cell {
    match ns {
        None => Cell::absent(),
        Some(ns) => Cell::number(match f.cycles(ns) {
            Some(c) => format!("{} ({c:.1} cycles)", time_ns(ns)),
            None => time_ns(ns),
        }),
    }
}

/// The machine's floors per instruction set: the register-only throughput per
/// lane-compression, one message's latency per compression, and the one-block input-phase
/// row (`input-phase`), with cycles where the clock row was measured.
pub fn machine_table(floors: &[IsaFloor]) -> Table {
    let mut table = Table::new(
        TableKind::Floor,
        &[
            "ISA",
            "register-only throughput per lane-compression",
            "single-message latency per compression",
            "one-block messages through the input phase (input-phase row)",
            "ALU bound per lane-compression (port-limit rows)",
            "throughput × ALU bound",
            "vector operations (port-limit rows): per cycle, latency",
        ],
    );
    for f in floors {
        let bound = f.machine.and_then(|m| m.alu_bound_ns);
        table.rows.push(vec![
            Cell::plain(f.isa.as_str()),
            with_cycles(f, f.machine.map(|m| m.throughput_ns)),
            with_cycles(f, f.machine.map(|m| m.latency_ns)),
            with_cycles(f, Some(f.per_compression)),
            with_cycles(f, bound),
            match (f.machine, bound) {
                (Some(m), Some(b)) => Cell::number(format!("{:.2}×", m.throughput_ns / b)),
                _ => Cell::absent(),
            },
            port_cell(f),
        ]);
    }
    table
}

/// Each `port-limit` operation as `add 4.05/cycle, 1.95 cycles`: its rate from the
/// throughput row and its latency from the latency row, in cycles of the clock row (ns
/// without it).
fn port_cell(f: &IsaFloor) -> Cell {
    if f.ports.is_empty() {
        return Cell::absent();
    }
    let cycles = |ns: f64| f.cycles(ns);
    let text: Vec<String> = f
        .ports
        .iter()
        .map(|p| {
            let rate = p.throughput_ns.map(|t| match cycles(t) {
                Some(c) => format!("{:.2}/cycle", 1.0 / c),
                None => format!("{:.3} ns each", t),
            });
            let latency = p.latency_ns.map(|l| match cycles(l) {
                Some(c) => format!("{c:.2} cycles"),
                None => time_ns(l),
            });
            let parts: Vec<String> = [rate, latency].into_iter().flatten().collect();
            format!("{} {}", p.op, parts.join(", "))
        })
        .collect();
    Cell::plain(text.join("; "))
}

/// A 165-byte account per instruction set and call shape: its floor, what the floor is
/// made of, and the best measured row with its distance to the floor.
pub fn floor_table(floors: &[IsaFloor]) -> Table {
    let mut table = Table::new(
        TableKind::Floor,
        &[
            "ISA",
            "165 B account",
            "floor",
            "made of",
            "best row",
            "× floor",
        ],
    );
    for f in floors {
        for line in f.lines() {
            let best = line.best;
            table.rows.push(vec![
                Cell::plain(f.isa.as_str()),
                Cell::plain(line.shape),
                Cell::number(time_ns(line.floor_ns)),
                Cell::plain(line.made_of.clone()),
                best.map_or_else(Cell::absent, |b| {
                    Cell::number(format!("{} ({})", time_ns(b.ns), isa::isa_label(b.record)))
                }),
                best.map_or_else(Cell::absent, |b| {
                    Cell::number(format!("{:.2}×", b.ns / line.floor_ns))
                }),
            ]);
        }
    }
    table
}

/// This section as a part of the report ([`super::parts`]).
pub fn part(run: &super::outline::Run) -> crate::error::Result<Vec<Block>> {
    Ok(section(run.file).into_iter().collect())
}
