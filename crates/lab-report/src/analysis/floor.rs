//! Distance to the hardware floor: what the compressions an account needs cost at the
//! machine's floor, against each strategy's time per account.
//!
//! The floor rows of each backend (`floor-throughput`: ns per lane-compression with
//! nothing loaded or stored; `floor-latency`: ns per compression of one message's
//! dependent chain) give a row's floor on its own instruction set: a batch row is
//! throughput bound (every compression in lanes), a per-account row pays the latency for
//! its input blocks (one dependent chain) and the throughput for an LtHash's 32
//! independent output blocks. Without floor rows (older results) every compression costs
//! the widest `limit` row (one-block messages, time per block).

use lab_record::{Digest, Isa, Record, ResultsFile, WorkloadKind};

pub use lab_record::floor_rows::{
    is_input_phase, CLOCK_ROW, LATENCY_ROW, PORT_LIMIT_ROW, THROUGHPUT_ROW,
};
/// Output blocks of an LtHash (2048 bytes): independent, throughput bound.
pub const LT_OUTPUT_BLOCKS: f64 = 32.0;

/// One backend's floor rows, ns per (lane-)compression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MachineFloor {
    pub isa: Isa,
    pub throughput_ns: f64,
    pub latency_ns: f64,
    /// The compression's ALU bound per lane-compression from the `port-limit` rows
    /// ([`lab_record::floor_rows::alu_bound_ns`]), when measured.
    pub alu_bound_ns: Option<f64>,
}

impl MachineFloor {
    /// The floor of `compressions` per item: throughput for a batch; for one account,
    /// latency for the input blocks and throughput for an LtHash's output blocks.
    pub fn of(&self, digest: Digest, compressions: f64, batch: bool) -> f64 {
        if batch {
            return compressions * self.throughput_ns;
        }
        let output = if digest == Digest::Lt {
            LT_OUTPUT_BLOCKS.min(compressions)
        } else {
            0.0
        };
        (compressions - output) * self.latency_ns + output * self.throughput_ns
    }
}

/// Each instruction set's `floor-throughput` and `floor-latency` rows (main build),
/// narrowest first; an ISA missing either row is left out.
pub fn machine_floors(file: &ResultsFile) -> Vec<MachineFloor> {
    let rows = |strategy: &str| -> Vec<(Isa, f64)> {
        file.results
            .iter()
            .filter(|r| r.is_main_build() && r.id().strategy == strategy)
            .filter_map(|r| Some((r.isa()?, r.ns_per_item().estimate)))
            .collect()
    };
    let latency = rows(LATENCY_ROW);
    let mut floors: Vec<MachineFloor> = rows(THROUGHPUT_ROW)
        .into_iter()
        .filter_map(|(isa, throughput_ns)| {
            let &(_, latency_ns) = latency.iter().find(|(i, _)| *i == isa)?;
            Some(MachineFloor {
                isa,
                throughput_ns,
                latency_ns,
                alu_bound_ns: alu_bound(file, isa),
            })
        })
        .collect();
    floors.sort_by_key(|f| f.isa);
    floors.dedup_by_key(|f| f.isa);
    floors
}

/// One vector operation's `port-limit` rows on an instruction set: ns per operation as
/// independent chains and as one dependent chain.
#[derive(Clone, Debug, PartialEq)]
pub struct PortOp {
    pub op: String,
    pub throughput_ns: Option<f64>,
    pub latency_ns: Option<f64>,
}

/// The `port-limit` rows of `isa` (main build), one entry per operation in the order measured.
pub fn port_ops(file: &ResultsFile, isa: Isa) -> Vec<PortOp> {
    let mut ops: Vec<PortOp> = Vec::new();
    for r in file
        .results
        .iter()
        .filter(|r| r.is_main_build() && r.id().strategy == PORT_LIMIT_ROW && r.isa() == Some(isa))
    {
        let w = &r.id().workload;
        let ns = Some(r.ns_per_item().estimate);
        let at = match ops.iter().position(|o| o.op == w.param) {
            Some(i) => i,
            None => {
                ops.push(PortOp {
                    op: w.param.clone(),
                    throughput_ns: None,
                    latency_ns: None,
                });
                ops.len() - 1
            }
        };
        if w.is(WorkloadKind::OpThroughput) {
            ops[at].throughput_ns = ns;
        } else if w.is(WorkloadKind::OpLatency) {
            ops[at].latency_ns = ns;
        }
    }
    ops
}

/// The compression's ALU bound on `isa` per lane-compression, ns, from its `port-limit`
/// throughput rows; `None` when one of its operations was not measured.
pub fn alu_bound(file: &ResultsFile, isa: Isa) -> Option<f64> {
    let ops = port_ops(file, isa);
    lab_record::floor_rows::alu_bound_ns(isa, |op| ops.iter().find(|o| o.op == op)?.throughput_ns)
}

/// Whether a row is throughput bound: an iteration hashes several accounts and the strategy
/// puts many accounts in the lanes at once (the strategy list's many-account strategies
/// and the peer batch kernel). A per-account strategy hashing a set still runs one dependent
/// chain of input blocks per account.
pub fn batch_bound(r: &Record) -> bool {
    r.meta.items_per_iter > 1
        && (r.id().is_validator_lt_peer()
            || account_hash::strategy::list::many_account_strategies()
                .contains(&r.id().strategy.as_str()))
}

/// A row's floor per item, ns: `compressions` on its own instruction set's floor rows (the
/// widest when its own has none), throughput bound for a batch ([`batch_bound`]), else
/// latency for the input blocks. `None` without floor rows.
pub fn floor_of(machine: &[MachineFloor], r: &Record, compressions: f64) -> Option<f64> {
    let own = r
        .isa()
        .and_then(|isa| machine.iter().find(|f| f.isa == isa))
        .or(machine.last())?;
    Some(own.of(r.id().digest, compressions, batch_bound(r)))
}

/// A row's `compressions` per item at its own instruction set's ALU bound (the widest
/// when its own has no floor rows), ns: every compression with all its operations on the
/// execution pipes, whatever the call shape. `None` without `port-limit` rows.
pub fn alu_bound_of(machine: &[MachineFloor], r: &Record, compressions: f64) -> Option<f64> {
    let own = r
        .isa()
        .and_then(|isa| machine.iter().find(|f| f.isa == isa))
        .or(machine.last())?;
    Some(compressions * own.alu_bound_ns?)
}

/// ns per cycle from the `clock` row (a dependent-add chain), when measured.
pub fn cycle_ns(file: &ResultsFile) -> Option<f64> {
    file.results
        .iter()
        .find(|r| r.is_main_build() && r.id().strategy == CLOCK_ROW)
        .map(|r| r.ns_per_item().estimate)
        .filter(|ns| *ns > 0.0)
}

/// Whether a row is one of the floor rows (not a strategy to compare with them).
pub fn is_floor_row(r: &Record) -> bool {
    lab_record::floor_rows::is_floor_row(&r.id().strategy)
}

pub struct FloorRow<'a> {
    pub record: &'a Record,
    /// Time per item, ns.
    pub time_ns: f64,
    pub compressions: f64,
    /// compressions × the cost of one compression, ns.
    pub floor_ns: f64,
    /// time / floor.
    pub times_floor: f64,
}

pub struct Floor<'a> {
    /// The cost of one compression, ns: the widest register-only throughput row, else
    /// the widest `limit` row.
    pub per_compression: f64,
    /// Each instruction set's floor rows (empty in results without them).
    pub machine: Vec<MachineFloor>,
    /// ns per cycle (the `clock` row), when measured.
    pub cycle_ns: Option<f64>,
    /// By digest, workload, then distance to the floor.
    pub rows: Vec<FloorRow<'a>>,
}

/// `None` without floor rows (or a `limit` record) or without a record that states its
/// compressions. Rows: one-chunk accounts (data sizes up to 1 KiB), the sets and the mix.
pub fn floor(file: &ResultsFile) -> Option<Floor<'_>> {
    // A/A control rows repeat their baseline.
    let main = || {
        file.results
            .iter()
            .filter(|r| r.is_main_build() && r.control.is_none())
    };
    let machine = machine_floors(file);
    let widest = machine.last().copied();
    // One limit row per lane backend: the widest is the floor when there are no floor rows.
    let limit = main()
        .filter(|r| is_input_phase(&r.id().strategy))
        .max_by_key(|r| r.meta.isa);
    let per_compression = match (widest, limit) {
        (Some(w), _) => w.throughput_ns,
        (None, Some(limit)) => limit.ns_per_item().estimate,
        (None, None) => return None,
    };
    let mut rows: Vec<FloorRow> = main()
        .filter(|r| !is_floor_row(r))
        // The sweep repeats the data_size rows; above one chunk (1 KiB) the blake3 crate
        // hashes chunks across its own SIMD lanes, so one-block compressions are no floor.
        .filter(|r| {
            !r.id().workload.is(WorkloadKind::CapSweep)
                && r.meta.data_size.is_none_or(|d| d <= 1024)
        })
        .filter_map(|r| {
            let compressions = r.compressions_per_item?;
            let floor_ns =
                floor_of(&machine, r, compressions).unwrap_or(compressions * per_compression);
            let time_ns = r.ns_per_item().estimate;
            Some(FloorRow {
                record: r,
                time_ns,
                compressions,
                floor_ns,
                times_floor: time_ns / floor_ns,
            })
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    rows.sort_by(|a, b| {
        let key = |r: &FloorRow| {
            (
                r.record.id().digest.as_str(),
                r.record.id().workload.to_string(),
            )
        };
        key(a)
            .cmp(&key(b))
            .then(a.times_floor.total_cmp(&b.times_floor))
    });
    Some(Floor {
        per_compression,
        cycle_ns: cycle_ns(file),
        machine,
        rows,
    })
}
