//! Distance to the hardware floor: the cost of one BLAKE3 compression in the widest lane
//! backend (the `limit` record: a batch of one-block messages, time per block) times the
//! compressions an account needs, against each strategy's time per account.

use lab_record::{Record, ResultsFile};

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
    /// The cost of one compression, ns.
    pub per_compression: f64,
    /// By digest, workload, then distance to the floor.
    pub rows: Vec<FloorRow<'a>>,
}

/// `None` without a `limit` record or without a record that states its compressions.
/// Rows: one-chunk accounts (data sizes up to 1 KiB), the sets and the mix.
pub fn floor(file: &ResultsFile) -> Option<Floor<'_>> {
    // A/A control rows repeat their baseline.
    let main = || {
        file.results
            .iter()
            .filter(|r| r.is_main_build() && r.control.is_none())
    };
    // One limit row per lane backend: the widest is the floor.
    let limit = main()
        .filter(|r| r.id().strategy == "limit")
        .max_by_key(|r| r.meta.isa)?;
    let per_compression = limit.ns_per_item().estimate;
    let mut rows: Vec<FloorRow> = main()
        .filter(|r| r.id().strategy != "limit")
        // The sweep repeats the data_size rows; above one chunk (1 KiB) the blake3 crate
        // hashes chunks across its own SIMD lanes, so one-block compressions are no floor.
        .filter(|r| !r.id().workload.is("cap_sweep") && r.meta.data_size.is_none_or(|d| d <= 1024))
        .filter_map(|r| {
            let compressions = r.compressions_per_item?;
            let floor_ns = compressions * per_compression;
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
        rows,
    })
}
