//! `cargo xtask upstream`'s benchmark rounds ([`time_rounds`], the processes run by the
//! command) and their statistics: per benchmark, the drop-in / released ratio over rounds
//! with its 95 % interval (each round a fresh process of each build;
//! [`lab_record::paired::across_layouts`]). The ratio is shown, not decided.

use crate::analysis::ab::median;
use crate::analysis::ab_rounds::Rng;
use crate::error::Result;
use crate::record::upstream::BenchRow;
use lab_record::paired::across_layouts;
use std::collections::BTreeMap;

/// Per benchmark, the times of each round: `[released, drop-in]`, ns per iteration.
pub type RoundTimes = BTreeMap<String, Vec<[Option<f64>; 2]>>;

/// What one process timed: each benchmark's name and ns per iteration.
pub type Timed = Vec<(String, f64)>;

/// The rounds: each runs every case in both builds (`run(case, side)`, side 0 the released
/// build and 1 the drop-in, gives what one process timed, by benchmark name), the two back
/// to back in a random order, so a pair is seconds apart and the machine's drift between
/// its halves is small. `progress(round)` is called as each round starts.
pub fn time_rounds<C>(
    cases: &[C],
    rounds: u32,
    rng: &mut Rng,
    progress: &mut dyn FnMut(u32),
    run: &mut dyn FnMut(&C, usize) -> Result<Timed>,
) -> Result<RoundTimes> {
    let mut times: RoundTimes = BTreeMap::new();
    for round in 0..rounds {
        progress(round);
        for case in cases {
            let order = if rng.next_u64().is_multiple_of(2) {
                [0, 1]
            } else {
                [1, 0]
            };
            for side in order {
                for (timed, ns) in run(case, side)? {
                    let all = times.entry(timed).or_default();
                    all.resize(rounds as usize, [None, None]);
                    all[round as usize][side] = Some(ns);
                }
            }
        }
    }
    Ok(times)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every round times each case in both builds; a benchmark one build lacks stays
    /// unpaired.
    #[test]
    fn each_round_times_both_builds_of_every_case() {
        let mut calls = Vec::new();
        let mut run = |case: &&str, side: usize| {
            calls.push((case.to_string(), side));
            let ns = 100.0 + side as f64 * 10.0 + calls.len() as f64 * 0.01;
            let mut timed = vec![(case.to_string(), ns)];
            if side == 1 {
                timed.push(("dropin-only".to_string(), 1.0));
            }
            Ok(timed)
        };
        let mut started = Vec::new();
        let times = time_rounds(
            &["a", "b"],
            3,
            &mut Rng::new(7),
            &mut |r| started.push(r),
            &mut run,
        )
        .unwrap();
        assert_eq!(started, [0, 1, 2]);
        assert_eq!(calls.len(), 12);
        assert!(times["a"].iter().all(|r| r[0].is_some() && r[1].is_some()));
        let (rows, unpaired) = bench_rows(&times);
        assert_eq!(rows.len(), 2);
        assert!(
            (rows[0].ratio.estimate - 1.1).abs() < 0.01,
            "{:?}",
            rows[0].ratio
        );
        assert_eq!(unpaired, ["dropin-only"]);
    }
}
