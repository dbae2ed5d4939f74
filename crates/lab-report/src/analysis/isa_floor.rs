//! The machine's two limits per instruction set, from the rows, and a 165-byte account's
//! floor per call shape. One account's input blocks form a dependent chain (each block's
//! input is the previous block's output): at the single-message latency (`floor-latency`).
//! Independent compressions (an LtHash's 32 output blocks, a batch's accounts in the lanes)
//! run at the register-only throughput (`floor-throughput`). So one legacy account's floor
//! is latency × its compressions, one LtHash account's latency × input blocks + throughput
//! × 32 output blocks, and a batch's throughput × all of them. Runs without the floor rows
//! fall back to each backend's input-phase row (one-block messages through the input phase)
//! for every compression.

use crate::analysis::floor::{
    cycle_ns, is_floor_row, is_input_phase, machine_floors, port_ops, MachineFloor, PortOp,
    LT_OUTPUT_BLOCKS,
};
use lab_record::{Digest, Isa, Record, ResultsFile, WorkloadKind};

/// Legacy, 165 B: 81 fixed bytes + 165 data bytes = 246 bytes = 4 blocks, one chain.
pub const LEGACY_165_COMPRESSIONS: f64 = 4.0;
/// LtHash, 165 B: 73 + 165 = 238 bytes = 4 blocks; the first 3 compress once each, the
/// last one's root compression with counters 0..32 gives the 32 output blocks: 35 in all.
pub const LT_165_COMPRESSIONS: f64 = 35.0;

/// The best measured row of a kind, with its time per account.
#[derive(Clone, Copy)]
pub struct Best<'a> {
    pub record: &'a Record,
    pub ns: f64,
}

/// One instruction set's floors and best rows at 165 B.
pub struct IsaFloor<'a> {
    pub isa: Isa,
    /// ns per compression (the input-phase row).
    pub per_compression: f64,
    /// The machine's floor rows of this ISA (register-only throughput, single-message
    /// latency), when measured: the floors below then use them.
    pub machine: Option<MachineFloor>,
    /// ns per cycle (the clock row), when measured.
    pub cycle_ns: Option<f64>,
    /// The `port-limit` rows of this ISA (empty when not measured).
    pub ports: Vec<PortOp>,
    pub legacy_compressions: f64,
    pub lt_compressions: f64,
    pub legacy_account: Option<Best<'a>>,
    pub legacy_batch: Option<Best<'a>>,
    pub lt_account: Option<Best<'a>>,
    pub lt_batch: Option<Best<'a>>,
}

/// One call shape at 165 B on one instruction set: its floor and the best row.
pub struct FloorLine<'a> {
    pub shape: &'static str,
    pub floor_ns: f64,
    /// What the floor is made of ("4 × latency").
    pub made_of: String,
    pub best: Option<Best<'a>>,
}

impl<'a> IsaFloor<'a> {
    /// The four call shapes at 165 B (legacy and LtHash, one account and a batch), each
    /// with its own floor: latency for one account's chained input blocks, throughput for
    /// independent compressions (an LtHash's output blocks, a batch's lanes).
    pub fn lines(&self) -> Vec<FloorLine<'a>> {
        let (lc, tc) = (self.legacy_compressions, self.lt_compressions);
        let out = LT_OUTPUT_BLOCKS.min(tc);
        let line = |shape, floor_ns, made_of: String, best: &Option<Best<'a>>| FloorLine {
            shape,
            floor_ns,
            made_of,
            best: *best,
        };
        match self.machine {
            Some(m) => vec![
                line(
                    "legacy, one account",
                    m.of(Digest::Legacy, lc, false),
                    format!("{lc:.0} × latency"),
                    &self.legacy_account,
                ),
                line(
                    "legacy, batch",
                    m.of(Digest::Legacy, lc, true),
                    format!("{lc:.0} × throughput"),
                    &self.legacy_batch,
                ),
                line(
                    "LtHash, one account",
                    m.of(Digest::Lt, tc, false),
                    format!("{:.0} × latency + {out:.0} × throughput", tc - out),
                    &self.lt_account,
                ),
                line(
                    "LtHash, batch",
                    m.of(Digest::Lt, tc, true),
                    format!("{tc:.0} × throughput"),
                    &self.lt_batch,
                ),
            ],
            None => {
                let input = |c: f64| {
                    (
                        c * self.per_compression,
                        format!("{c:.0} × input-phase row"),
                    )
                };
                let (l, lm) = input(lc);
                let (t, tm) = input(tc);
                vec![
                    line("legacy, one account", l, lm.clone(), &self.legacy_account),
                    line("legacy, batch", l, lm, &self.legacy_batch),
                    line("LtHash, one account", t, tm.clone(), &self.lt_account),
                    line("LtHash, batch", t, tm, &self.lt_batch),
                ]
            }
        }
    }

    /// ns as cycles, when the clock row was measured.
    pub fn cycles(&self, ns: f64) -> Option<f64> {
        Some(ns / self.cycle_ns?)
    }
}

/// A 165-byte account: `data_size/165`, or for a batch a set of them (`set_*/165`).
fn at_165(r: &Record, digest: Digest) -> bool {
    let w = &r.id().workload;
    let set = is_batch(r) && w.is(WorkloadKind::Set1024);
    r.id().digest == digest && (w.is(WorkloadKind::DataSize) || set) && w.param == "165"
}

fn is_batch(r: &Record) -> bool {
    r.meta.items_per_iter > 1
}

/// The compressions per account the rows state at 165 B, else the default.
fn compressions(file: &ResultsFile, digest: Digest, default: f64) -> f64 {
    file.results
        .iter()
        .filter(|r| at_165(r, digest) && !is_batch(r) && r.meta.is_baseline())
        .find_map(|r| r.compressions_per_item)
        .unwrap_or(default)
}

fn best<'a>(file: &'a ResultsFile, isa: Isa, digest: Digest, batch: bool) -> Option<Best<'a>> {
    file.results
        .iter()
        .filter(|r| r.meta.isa == Some(isa) && at_165(r, digest) && is_batch(r) == batch)
        .filter(|r| !is_floor_row(r))
        .map(|r| Best {
            record: r,
            ns: r.ns_per_item().estimate,
        })
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// One entry per instruction set with an input-phase row, narrowest first.
pub fn floors(file: &ResultsFile) -> Vec<IsaFloor<'_>> {
    let mut limits: Vec<(Isa, &Record)> = file
        .results
        .iter()
        .filter(|r| is_input_phase(&r.id().strategy))
        .filter_map(|r| Some((r.isa()?, r)))
        .collect();
    limits.sort_by_key(|(isa, _)| *isa);
    limits.dedup_by_key(|(isa, _)| *isa);
    let legacy_compressions = compressions(file, Digest::Legacy, LEGACY_165_COMPRESSIONS);
    let lt_compressions = compressions(file, Digest::Lt, LT_165_COMPRESSIONS);
    let machine = machine_floors(file);
    let cycle_ns = cycle_ns(file);
    limits
        .into_iter()
        .map(|(isa, limit)| IsaFloor {
            isa,
            per_compression: limit.ns_per_item().estimate,
            machine: machine.iter().find(|m| m.isa == isa).copied(),
            cycle_ns,
            ports: port_ops(file, isa),
            legacy_compressions,
            lt_compressions,
            legacy_account: best(file, isa, Digest::Legacy, false),
            legacy_batch: best(file, isa, Digest::Legacy, true),
            lt_account: best(file, isa, Digest::Lt, false),
            lt_batch: best(file, isa, Digest::Lt, true),
        })
        .collect()
}
