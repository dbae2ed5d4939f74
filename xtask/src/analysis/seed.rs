//! The seed's experiment: copy-buffer cap=47 (before its PR) against cap=200 (the PR) on
//! the legacy account hash, per data size, and whether this run reproduces its direction
//! (about 5% faster at 165 and 200 B, no change at 0 B and at 1 KiB and above).

use super::stats::{self, Change, ChangeClass};
use super::view::param_order;
use lab_record::{Digest, Family, Record, ResultsFile};

pub struct SeedRow<'a> {
    /// The data size, as written in the workload (`165`).
    pub size: String,
    /// cap=200, the seed's pull request.
    pub pr: Option<&'a Record>,
    /// cap=47, the code before it.
    pub master: Option<&'a Record>,
}

impl SeedRow<'_> {
    /// cap=47's time relative to cap=200's, when both were measured.
    pub fn change(&self) -> Option<Change> {
        let (pr, master) = (self.pr?, self.master?);
        Some(stats::change(&master.ns_per_item(), &pr.ns_per_item()))
    }
}

fn is_seed_record(r: &Record) -> bool {
    let id = r.id();
    r.is_main_build()
        && id.family == Family::AccountHash
        && id.digest == Digest::Legacy
        && id.strategy == "copy-buffer"
        && matches!(id.variant.as_deref(), Some("cap=47" | "cap=200"))
        && id.workload.is("data_size")
}

/// The seed reproduction pairs, by data size.
pub fn seed_rows(file: &ResultsFile) -> Vec<SeedRow<'_>> {
    let seed: Vec<&Record> = file.results.iter().filter(|r| is_seed_record(r)).collect();
    let find = |variant: &str, size: &str| {
        seed.iter()
            .find(|r| r.id().variant.as_deref() == Some(variant) && r.id().workload.param == size)
            .copied()
    };
    let mut sizes: Vec<&str> = seed
        .iter()
        .map(|r| r.id().workload.param.as_str())
        .collect();
    sizes.sort_by(|a, b| param_order(a, b));
    sizes.dedup();
    sizes
        .into_iter()
        .map(|s| SeedRow {
            size: s.to_string(),
            pr: find("cap=200", s),
            master: find("cap=47", s),
        })
        .collect()
}

/// What one size of this run says about the seed's claim.
pub struct Direction {
    pub change: Change,
    /// The seed saw cap=200 faster at this size (165 and 200 B).
    pub expected_faster: bool,
    /// This run agrees with the seed at this size.
    pub agrees: bool,
    /// Relative half-width of the wider of the two intervals, when it is too wide (> 1.5%)
    /// to resolve the seed's 5% effect and the run did not resolve it anyway.
    pub too_noisy: Option<f64>,
}

/// Whether the run reproduces the seed's direction at a size; `None` unless both measured.
pub fn direction(row: &SeedRow) -> Option<Direction> {
    let (pr, master) = (row.pr?, row.master?);
    let change = row.change()?;
    let expected_faster = matches!(row.size.as_str(), "165" | "200");
    let agrees = (expected_faster && change.class == ChangeClass::Regressed)
        || (!expected_faster
            && matches!(
                change.class,
                ChangeClass::WithinNoise | ChangeClass::NoChange
            ));
    let half = |r: &Record| {
        let t = r.ns_per_item();
        (t.upper - t.lower) / (2.0 * t.estimate)
    };
    let noise = half(pr).max(half(master));
    let resolved = agrees && change.class == ChangeClass::Regressed;
    Some(Direction {
        change,
        expected_faster,
        agrees,
        too_noisy: (noise > 0.015 && !resolved).then_some(noise),
    })
}
