//! The two limits per instruction set, from the rows. Per-account legacy hashing is
//! latency bound: at 165 B its compressions form one dependent chain (each block's input
//! is the previous block's output), so its floor is compressions × the time of one
//! compression. Per-account LtHash is throughput bound: its 32 output blocks (2048 bytes)
//! are independent and, with the input blocks, fill SIMD lanes, so its floor is the same
//! product at the lanes' throughput. The time of one compression on an instruction set is
//! the `limit` row of its backend (`strategy == "limit"`, variant = backend); where the
//! machine's floor rows were measured (`floor-throughput`, `floor-latency`), a
//! per-account LtHash floor is latency × input blocks + throughput × 32 output blocks,
//! the legacy one latency × its compressions, and a batch's throughput × all of them.

use crate::analysis::floor::{cycle_ns, machine_floors, MachineFloor};
use lab_record::{Digest, Isa, Record, ResultsFile, WorkloadKind};

/// Legacy, 165 B: 81 fixed bytes + 165 data bytes = 246 bytes = 4 blocks, one chain.
pub const LEGACY_165_COMPRESSIONS: f64 = 4.0;
/// LtHash, 165 B: 73 + 165 = 238 bytes = 4 blocks; the first 3 compress once each, the
/// last one's root compression with counters 0..32 gives the 32 output blocks: 35 in all.
pub const LT_165_COMPRESSIONS: f64 = 35.0;

/// The best measured row of a kind, with its time per account.
pub struct Best<'a> {
    pub record: &'a Record,
    pub ns: f64,
}

/// One instruction set's floors and best rows at 165 B.
pub struct IsaFloor<'a> {
    pub isa: Isa,
    /// ns per compression (the limit row).
    pub per_compression: f64,
    /// The machine's floor rows of this ISA (register-only throughput, single-message
    /// latency), when measured: the floors below then use them.
    pub machine: Option<MachineFloor>,
    /// ns per cycle (the clock row), when measured.
    pub cycle_ns: Option<f64>,
    pub legacy_compressions: f64,
    pub lt_compressions: f64,
    pub legacy_account: Option<Best<'a>>,
    pub legacy_batch: Option<Best<'a>>,
    pub lt_account: Option<Best<'a>>,
    pub lt_batch: Option<Best<'a>>,
}

impl IsaFloor<'_> {
    /// One legacy account: its compressions as one dependent chain.
    pub fn legacy_floor(&self) -> f64 {
        match self.machine {
            Some(m) => m.of(Digest::Legacy, self.legacy_compressions, false),
            None => self.legacy_compressions * self.per_compression,
        }
    }

    /// One LtHash account: input blocks at the latency, 32 output blocks at the
    /// throughput (every compression at the limit row without floor rows).
    pub fn lt_floor(&self) -> f64 {
        match self.machine {
            Some(m) => m.of(Digest::Lt, self.lt_compressions, false),
            None => self.lt_compressions * self.per_compression,
        }
    }

    /// A batch of LtHash accounts: every compression at the register-only throughput.
    pub fn lt_batch_floor(&self) -> Option<f64> {
        Some(self.machine?.of(Digest::Lt, self.lt_compressions, true))
    }

    /// ns as cycles, when the clock row was measured.
    pub fn cycles(&self, ns: f64) -> Option<f64> {
        Some(ns / self.cycle_ns?)
    }
}

fn limit_isa(r: &Record) -> Option<Isa> {
    r.meta
        .isa
        .or_else(|| r.id().variant.as_deref()?.parse().ok())
}

fn at_165(r: &Record, digest: Digest) -> bool {
    r.id().digest == digest
        && r.id().workload.is(WorkloadKind::DataSize)
        && r.id().workload.param == "165"
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
        .filter(|r| r.id().strategy != "limit")
        .map(|r| Best {
            record: r,
            ns: r.ns_per_item().estimate,
        })
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// One entry per instruction set with a `limit` row, narrowest first.
pub fn floors(file: &ResultsFile) -> Vec<IsaFloor<'_>> {
    let mut limits: Vec<(Isa, &Record)> = file
        .results
        .iter()
        .filter(|r| r.id().strategy == "limit")
        .filter_map(|r| Some((limit_isa(r)?, r)))
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
            legacy_compressions,
            lt_compressions,
            legacy_account: best(file, isa, Digest::Legacy, false),
            legacy_batch: best(file, isa, Digest::Legacy, true),
            lt_account: best(file, isa, Digest::Lt, false),
            lt_batch: best(file, isa, Digest::Lt, true),
        })
        .collect()
}
