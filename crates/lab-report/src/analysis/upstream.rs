//! The statistics of `cargo xtask upstream`'s benchmark rounds: per benchmark, the drop-in /
//! released ratio over rounds with its 95 % interval (each round a fresh process of each
//! build; [`lab_record::paired::across_layouts`]). The ratio is shown, not decided.

use crate::analysis::ab::median;
use crate::record::upstream::BenchRow;
use lab_record::paired::across_layouts;
use std::collections::BTreeMap;

/// Per benchmark, the times of each round: `[released, drop-in]`, ns per iteration.
pub type RoundTimes = BTreeMap<String, Vec<[Option<f64>; 2]>>;

/// The rows of the benchmarks both builds timed in two or more rounds, and the names of
/// the rest.
pub fn bench_rows(times: &RoundTimes) -> (Vec<BenchRow>, Vec<String>) {
    let mut rows = Vec::new();
    let mut unpaired = Vec::new();
    for (name, rounds) in times {
        let both: Vec<[f64; 2]> = rounds
            .iter()
            .filter_map(|[r, d]| Some([(*r)?, (*d)?]))
            .filter(|[r, d]| *r > 0.0 && *d > 0.0)
            .collect();
        let logs: Vec<f64> = both.iter().map(|[r, d]| (d / r).ln()).collect();
        match across_layouts(&logs) {
            Some(across) => rows.push(BenchRow {
                name: name.clone(),
                released_ns: median(&both.iter().map(|t| t[0]).collect::<Vec<_>>()),
                dropin_ns: median(&both.iter().map(|t| t[1]).collect::<Vec<_>>()),
                ratio: across.ratio(),
                round_ratios: logs.iter().map(|x| x.exp()).collect(),
            }),
            None => unpaired.push(name.clone()),
        }
    }
    (rows, unpaired)
}
