//! The cross-machine view of several runs (`report --merge`): per machine its CPU, OS,
//! instruction sets and the backend its hashing used; per table (family, digest,
//! workload) each strategy's ratio to THAT machine's own baseline, machines side by side;
//! per seed claim on how many machines it holds. Absolute times are never compared across
//! machines: every figure here is a ratio within one run.

use super::seed::{self, Claim, ClaimResult, Holds};
use super::stats;
use super::view::param_order;
use lab_record::{Digest, Family, Isa, Record, ResultsFile, Verdict, Workload};
use std::collections::BTreeMap;

/// One machine (one run) of the merge.
pub struct Machine<'a> {
    /// `run.machine`, else the run id.
    pub label: String,
    pub file: &'a ResultsFile,
    /// The widest `isa` among its rows: the backend the lane kernel / blake3 used.
    pub backend: Option<Isa>,
}

/// A strategy's ratio to its machine's baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrossCell {
    pub ratio: stats::Ratio,
    /// The paired measurement's verdict; `None` when the ratio is of criterion estimates
    /// (unpaired).
    pub paired: Option<Verdict>,
    /// For unpaired ratios: whether the two time intervals overlap.
    pub outcome: Option<stats::Outcome>,
}

/// One (family, digest, workload) table: rows are strategies, columns machines.
pub struct CrossTable {
    pub family: Family,
    pub digest: Digest,
    pub workload: Workload,
    /// The baseline's label (per machine the same strategy, measured on that machine).
    pub baseline: String,
    /// Strategy label -> one cell per machine (`None`: not measured there).
    pub rows: Vec<(String, Vec<Option<CrossCell>>)>,
}

/// One claim over every machine.
pub struct ClaimTally {
    pub claim: Claim,
    /// Per machine, in machine order.
    pub results: Vec<ClaimResult>,
}

impl ClaimTally {
    pub fn holds_on(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.holds == Holds::Reproduced)
            .count()
    }
}

pub struct CrossView<'a> {
    pub machines: Vec<Machine<'a>>,
    pub tables: Vec<CrossTable>,
    pub claims: Vec<ClaimTally>,
}

/// The merged view of `files`, in the order given.
pub fn cross_view(files: &[ResultsFile]) -> CrossView<'_> {
    let machines: Vec<Machine> = files.iter().map(machine).collect();
    let tables = tables(files);
    let per_machine: Vec<Vec<ClaimResult>> = files.iter().map(seed::claims).collect();
    let claims = Claim::ALL
        .iter()
        .enumerate()
        .map(|(i, c)| ClaimTally {
            claim: *c,
            results: per_machine.iter().map(|m| m[i].clone()).collect(),
        })
        .collect();
    CrossView {
        machines,
        tables,
        claims,
    }
}

fn machine(file: &ResultsFile) -> Machine<'_> {
    let label = if file.run.machine.is_empty() {
        file.run.id.clone()
    } else {
        file.run.machine.clone()
    };
    let backend = file.results.iter().filter_map(|r| r.meta.isa).max();
    Machine {
        label,
        file,
        backend,
    }
}

type TableKey = (Family, Digest, Workload);

/// Per table key, per strategy label, per machine index: the main-build row.
fn index(files: &[ResultsFile]) -> BTreeMap<TableKey, BTreeMap<String, BTreeMap<usize, &Record>>> {
    let mut by: BTreeMap<TableKey, BTreeMap<String, BTreeMap<usize, &Record>>> = BTreeMap::new();
    for (m, f) in files.iter().enumerate() {
        // A/A control rows are each machine's own noise check, not a strategy.
        for r in f
            .results
            .iter()
            .filter(|r| r.is_main_build() && r.control.is_none())
        {
            let id = r.id();
            by.entry((id.family, id.digest, id.workload.clone()))
                .or_default()
                .entry(id.label())
                .or_default()
                .insert(m, r);
        }
    }
    by
}

fn tables(files: &[ResultsFile]) -> Vec<CrossTable> {
    let mut out = Vec::new();
    for ((family, digest, workload), strategies) in index(files) {
        let Some(baseline) = strategies
            .iter()
            .find(|(_, per)| per.values().any(|r| r.meta.is_baseline()))
            .map(|(l, _)| l.clone())
        else {
            continue;
        };
        let base = &strategies[&baseline];
        let rows = strategies
            .iter()
            .filter(|(l, _)| **l != baseline)
            .map(|(l, per)| {
                let cells = (0..files.len())
                    .map(|m| cell(per.get(&m)?, base.get(&m)?))
                    .collect();
                (l.clone(), cells)
            })
            .collect::<Vec<_>>();
        if !rows.is_empty() {
            out.push(CrossTable {
                family,
                digest,
                workload,
                baseline,
                rows,
            });
        }
    }
    // Numeric parameters in numeric order (165 before 1024).
    out.sort_by(|a, b| {
        (a.family, a.digest, a.workload.kind.as_str())
            .cmp(&(b.family, b.digest, b.workload.kind.as_str()))
            .then_with(|| param_order(&a.workload.param, &b.workload.param))
    });
    out
}

/// The row's ratio to its baseline on the same machine: the paired ratio when measured,
/// else the ratio of criterion's estimates per item.
fn cell(r: &Record, base: &Record) -> Option<CrossCell> {
    if let Some(p) = &r.paired {
        return Some(CrossCell {
            ratio: stats::Ratio {
                estimate: p.ratio.estimate,
                lower: p.ratio.lower,
                upper: p.ratio.upper,
            },
            paired: Some(p.verdict),
            outcome: None,
        });
    }
    let (a, b) = (r.ns_per_item(), base.ns_per_item());
    Some(CrossCell {
        ratio: stats::ratio(&a, &b),
        paired: None,
        outcome: Some(stats::outcome(&a, &b)),
    })
}
