//! Paired verdicts and instruction counts in the record: which comparisons the paired pass
//! runs ([`comparisons`]), how its combined results and callgrind's counts fill the rows
//! ([`fill_paired`], [`fill_instructions`]), and what a table says about them ([`bands`],
//! [`same_instructions`]). Pure functions of the record; the passes that spawn the
//! processes are xtask's `commands::paired_pass` and `commands::instructions_pass`.

use crate::record::journal::InstructionCount;
use lab_record::paired::{Combined, LayoutUnit, ProcessRun};
use lab_record::sequential::{combine_sequential_twins, Design};
use lab_record::{
    BenchId, Control, Digest, Family, Paired, Planned, Ratio, Record, Verdict, Workload,
    WorkloadKind,
};
use std::collections::BTreeMap;

/// One paired comparison: a table's baseline and its other rows, for one (family, digest,
/// workload).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub baseline: BenchId,
    pub rows: Vec<BenchId>,
}

/// The plan grouped by (family, digest, workload), in plan order: each group's baseline
/// (the entry whose role is `baseline`) and the others as rows. Groups without a baseline or
/// without another row are skipped.
pub fn comparisons(plan: &[Planned]) -> Vec<Comparison> {
    let mut order: Vec<(Family, Digest, Workload)> = Vec::new();
    let mut groups: BTreeMap<(Family, Digest, Workload), Vec<&Planned>> = BTreeMap::new();
    for p in plan {
        let id = &p.meta.id;
        let key = (id.family, id.digest, id.workload.clone());
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().push(p);
    }
    order
        .iter()
        .filter_map(|k| {
            let members = &groups[k];
            let base = members.iter().find(|p| p.meta.is_baseline())?;
            let rows: Vec<BenchId> = members
                .iter()
                .filter(|p| !p.meta.is_baseline())
                .map(|p| p.meta.id.clone())
                .collect();
            (!rows.is_empty()).then(|| Comparison {
                baseline: base.meta.id.clone(),
                rows,
            })
        })
        .collect()
}

/// An A/A control row of a table: a copy of the baseline's record (criterion's figures
/// are the baseline's), marked `control: aa` and role `control`, with the A/A comparison.
/// `twin` is which of the table's two A/A twins it is (`aa_twin`: 1 or 2, and twin 2's id
/// is [`lab_record::BenchId::aa_twin`]'s), `None` for a table's one A/A control.
pub fn aa_record(baseline: &Record, paired: Paired, twin: Option<u32>) -> Record {
    let mut r = baseline.clone();
    r.meta.id = baseline.id().aa_twin(twin.unwrap_or(1));
    r.meta.role = lab_record::Role::Control;
    r.control = Some(Control::Aa);
    r.aa_twin = twin;
    r.paired = Some(paired);
    r
}

/// Fills each compared row's `paired` (main build rows only; the baseline keeps `None`)
/// and adds the comparison's A/A control rows after its baseline's row: one, or the two
/// twins numbered 1 and 2 (`aa_twin`) in the order measured. A comparison whose baseline
/// is not among `results` is left out. Returns how many rows were filled.
pub fn fill_paired(results: &mut Vec<Record>, combined: &[Combined]) -> usize {
    let mut filled = 0;
    for c in combined {
        let Some(bpos) = results
            .iter()
            .position(|r| r.is_main_build() && r.control.is_none() && *r.id() == c.baseline)
        else {
            continue;
        };
        let controls: Vec<Paired> = c
            .rows
            .iter()
            .filter(|r| r.control == Some(Control::Aa))
            .map(|r| r.paired.clone())
            .collect();
        let aa: Vec<Record> = match controls[..] {
            [ref one] => vec![aa_record(&results[bpos], one.clone(), None)],
            [ref first, ref second] => vec![
                aa_record(&results[bpos], first.clone(), Some(1)),
                aa_record(&results[bpos], second.clone(), Some(2)),
            ],
            // More than two A/A rows (`lab paired --aa 3`): the first, as one control.
            _ => controls
                .first()
                .map(|p| aa_record(&results[bpos], p.clone(), None))
                .into_iter()
                .collect(),
        };
        for row in &c.rows {
            if row.control == Some(Control::Aa) {
                continue;
            }
            let target = results
                .iter_mut()
                .find(|r| r.is_main_build() && r.control.is_none() && *r.id() == row.id);
            if let Some(r) = target {
                r.paired = Some(row.paired.clone());
                filled += 1;
            }
        }
        for (j, aa) in aa.into_iter().enumerate() {
            results.insert(bpos + 1 + j, aa);
        }
    }
    filled
}

/// Workload kinds not counted: building 10^5 accounts (the mixes) or reading the user's
/// file takes tens of seconds under valgrind, and `rayon_mix` runs threads.
pub const SKIPPED_KINDS: &[WorkloadKind] = &[
    WorkloadKind::MainnetMix,
    WorkloadKind::RayonMix,
    WorkloadKind::UserAccounts,
];
/// Families not counted: the reconcile scenarios build 10^5-id sets (setup dominates).
pub const SKIPPED_FAMILIES: &[Family] = &[Family::Reconcile];

/// The ids the pass counts, in plan order.
pub fn counted_ids(plan: &[Planned]) -> Vec<BenchId> {
    plan.iter()
        .filter(|p| {
            let id = &p.meta.id;
            !SKIPPED_KINDS.contains(&id.workload.kind) && !SKIPPED_FAMILIES.contains(&id.family)
        })
        .map(|p| p.meta.id.clone())
        .collect()
}

/// `ids` dealt round robin into `workers` groups (every n-th id; large and small
/// benchmarks are spread alike), empty groups dropped.
pub fn deal<T: Clone>(ids: &[T], workers: usize) -> Vec<Vec<T>> {
    let workers = workers.max(1);
    let mut groups = vec![Vec::new(); workers];
    for (i, id) in ids.iter().enumerate() {
        groups[i % workers].push(id.clone());
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// Sets `instructions_per_iter` and `instructions_isa` on the main build's rows by the code
/// they ran ([`Record::code`]: A/A rows take their baseline's). Returns how many were set.
pub fn fill_instructions(results: &mut [Record], counts: &[InstructionCount]) -> usize {
    let by_id: BTreeMap<&BenchId, &InstructionCount> = counts.iter().map(|c| (&c.id, c)).collect();
    let mut n = 0;
    for r in results.iter_mut().filter(|r| r.is_main_build()) {
        if let Some(c) = r.code().and_then(|id| by_id.get(id)).copied() {
            r.instructions_per_iter = Some(c.instructions_per_iter);
            r.instructions_isa = c.isa;
            n += 1;
        }
    }
    n
}

/// Instructions per item, when counted.
pub fn instructions_per_item(r: &Record) -> Option<f64> {
    r.instructions_per_iter
        .map(|i| i / r.meta.items_per_iter.max(1) as f64)
}

/// Two counts this close (relative) are the same work.
pub const SAME_INSTRUCTIONS: f64 = 0.001;

/// Whether `row` and `baseline` executed the same instructions per item, within 0.1 %.
/// `None` unless both were counted (on the same ISA).
pub fn same_instructions(row: &Record, baseline: &Record) -> Option<bool> {
    let (a, b) = (
        instructions_per_item(row)?,
        instructions_per_item(baseline)?,
    );
    if row.instructions_isa != baseline.instructions_isa || b <= 0.0 {
        return None;
    }
    Some(((a - b) / b).abs() <= SAME_INSTRUCTIONS)
}

/// A table's noise band at one workload: from its A/A control row, or its two A/A twins.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    pub workload: Workload,
    /// The band the table's rows were judged against: the one control's, or with two
    /// twins the wider of their bands (each twin's `paired.band` is the other's band).
    pub band: f64,
    pub layouts: Option<u32>,
    /// With two twins (`aa_twin`): each twin's number and verdict against the other twin's
    /// band, in twin order; empty for a table with one A/A control.
    pub twins: Vec<(u32, Verdict)>,
}

impl Band {
    /// The twins decided `faster` or `slower`: identical code measured off by more than the
    /// margin and the other twin's offset (the A/A check failed).
    pub fn twins_decided(&self) -> impl Iterator<Item = &(u32, Verdict)> {
        self.twins
            .iter()
            .filter(|(_, v)| matches!(v, Verdict::Faster | Verdict::Slower))
    }
}

/// The bands of the A/A rows among `records`, one per table (per baseline) in the order
/// given: a table's two twins make one band.
pub fn bands<'a>(records: impl IntoIterator<Item = &'a Record>) -> Vec<Band> {
    let mut out: Vec<(&BenchId, Band)> = Vec::new();
    for r in records
        .into_iter()
        .filter(|r| r.control == Some(Control::Aa))
    {
        let Some(p) = r.paired.as_ref() else { continue };
        let i = match out.iter().position(|(b, _)| **b == p.baseline) {
            Some(i) => i,
            None => {
                out.push((
                    &p.baseline,
                    Band {
                        workload: r.id().workload.clone(),
                        band: p.band,
                        layouts: p.layouts,
                        twins: Vec::new(),
                    },
                ));
                out.len() - 1
            }
        };
        let b = &mut out[i].1;
        b.band = b.band.max(p.band);
        if let Some(t) = r.aa_twin {
            b.twins.push((t, p.verdict));
        }
    }
    out.into_iter().map(|(_, b)| b).collect()
}

/// The A/A twins of a run (rows with `aa_twin`): each judged against the other twin's
/// band, so a twin decided `faster` or `slower` is an A/A check that failed.
#[derive(Clone, Debug, PartialEq)]
pub struct TwinCheck<'a> {
    /// How many twin rows the run has (two per table).
    pub twins: usize,
    /// The twins decided `faster` or `slower`, in results order.
    pub decided: Vec<&'a Record>,
}

/// The run's A/A twins and those decided; `None` when the run has no twins (one A/A
/// control per table, as files written before the twins).
pub fn twin_check(results: &[Record]) -> Option<TwinCheck<'_>> {
    let twins: Vec<&Record> = results
        .iter()
        .filter(|r| r.control == Some(Control::Aa) && r.aa_twin.is_some())
        .collect();
    if twins.is_empty() {
        return None;
    }
    let decided = twins
        .iter()
        .copied()
        .filter(|r| {
            r.paired
                .as_ref()
                .is_some_and(|p| matches!(p.verdict, Verdict::Faster | Verdict::Slower))
        })
        .collect();
    Some(TwinCheck {
        twins: twins.len(),
        decided,
    })
}

/// A compared row whose criterion ratio lies outside the range its paired pass gives
/// criterion's ratio ([`criterion_range`]). Both time the same call (the row's workload,
/// whole, per call), so a disagreement says one of the two passes timed something else.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub id: BenchId,
    /// The row's table: the baseline both ratios divide by.
    pub baseline: BenchId,
    pub paired: Ratio,
    /// The range criterion's ratio takes, by the paired pass ([`criterion_range`]).
    pub expected: Ratio,
    pub criterion: Ratio,
}

/// The probability criterion's ratio lies inside [`criterion_range`] when the paired
/// processes' spreads hold (two-sided, 95 %).
pub const CRITERION_RANGE_LEVEL: f64 = 0.95;

/// The range criterion's ratio of a row takes, by its paired pass: the 95 % prediction
/// interval of one more draw of `ln(row's time in one process / baseline's time in
/// another)`, `mean ± t(n−1) · s · √(1 + 1/n)` over the `n` processes, never narrower than
/// the paired interval, widened on both sides by the table's A/A band.
///
/// `s` is the larger of two spreads. Where the file has each entry's own time per process
/// (`process_time_sd`): `√(sd_row² + sd_baseline²)`, since criterion times the row and the
/// baseline in two processes minutes apart, and each time scatters over processes (memory
/// layout, physical pages, the machine's state) by its own SD, which a ratio within one
/// process cancels where the two share it. Else, or where larger: the SD of the processes'
/// paired log ratios (`layout_sd`), the spread of one process's ratio. Files without either
/// (or with fewer than 2 processes) fall back to the paired interval widened by the band.
/// The centre is the mean of the per-process log ratios (`layout_log_ratios`), the point
/// their spread is taken around; without them the reported estimate.
pub fn criterion_range(p: &Paired) -> Ratio {
    let r = p.ratio;
    let (mut lower, mut upper) = (r.lower, r.upper);
    if let (Some(sd), Some(n)) = (p.layout_sd, p.layouts) {
        let two_processes = p.process_time_sd.map_or(0.0, |[row, base]| row.hypot(base));
        let s = sd.max(two_processes);
        if n >= 2 && s.is_finite() && r.estimate > 0.0 {
            let t = lab_record::paired::t_quantile(0.5 + CRITERION_RANGE_LEVEL / 2.0, n - 1);
            let half = t * s * (1.0 + 1.0 / f64::from(n)).sqrt();
            let logs = &p.layout_log_ratios;
            let centre = if logs.is_empty() {
                r.estimate.ln()
            } else {
                logs.iter().sum::<f64>() / logs.len() as f64
            };
            lower = lower.min((centre - half).exp());
            upper = upper.max((centre + half).exp());
        }
    }
    let widen = 1.0 + p.band.max(0.0);
    Ratio {
        estimate: r.estimate,
        lower: lower / widen,
        upper: upper * widen,
    }
}

/// Criterion's ratio of `row` to `baseline` (time per item), with the interval their two
/// intervals allow: `[row.lower / base.upper, row.upper / base.lower]`.
pub fn criterion_ratio(row: &Record, baseline: &Record) -> Option<Ratio> {
    let per_item = |r: &Record, v: f64| v / r.meta.items_per_iter.max(1) as f64;
    let (r, b) = (&row.ns_per_iter, &baseline.ns_per_iter);
    if b.estimate <= 0.0 || b.lower <= 0.0 {
        return None;
    }
    Some(Ratio {
        estimate: per_item(row, r.estimate) / per_item(baseline, b.estimate),
        lower: per_item(row, r.lower) / per_item(baseline, b.upper),
        upper: per_item(row, r.upper) / per_item(baseline, b.lower),
    })
}

/// Every main-build row (A/A controls excluded) whose criterion interval against the same
/// baseline misses the range the paired pass gives criterion's ratio
/// ([`criterion_range`]), in results order.
pub fn disagreements(results: &[Record]) -> Vec<Disagreement> {
    let main = |id: &BenchId| {
        results
            .iter()
            .find(|r| r.is_main_build() && r.control.is_none() && r.id() == id)
    };
    results
        .iter()
        .filter(|r| r.is_main_build() && r.control.is_none())
        .filter_map(|r| {
            let p = r.paired.as_ref()?;
            let c = criterion_ratio(r, main(&p.baseline)?)?;
            let range = criterion_range(p);
            let apart = c.upper < range.lower || c.lower > range.upper;
            apart.then(|| Disagreement {
                id: r.id().clone(),
                baseline: p.baseline.clone(),
                paired: p.ratio,
                expected: range,
                criterion: c,
            })
        })
        .collect()
}
/// A table whose disagreements share one cause, criterion's one process of the baseline
/// out of line with its rows' (a slow or fast spell of either): at least
/// [`SUSPECT_MIN_ROWS`] of its compared rows, and at least half of them, are flagged, all
/// with criterion's ratio on the same side of its range. The baseline's one process moves
/// every ratio of the table by the same factor, where the rows' own processes would
/// scatter both ways.
#[derive(Clone, Debug, PartialEq)]
pub struct SuspectBaseline {
    pub baseline: BenchId,
    /// Flagged rows of the table, and its compared rows (A/A controls excluded).
    pub flagged: usize,
    pub compared: usize,
    /// Every flagged row's criterion ratio lies below its range: criterion's time of the
    /// baseline is slow against its rows' (above: fast).
    pub baseline_slow: bool,
}

/// The fewest flagged rows of one table that [`suspect_baselines`] reads as its baseline's.
pub const SUSPECT_MIN_ROWS: usize = 3;

/// The tables among `apart` (from [`disagreements`] on `results`) whose flagged rows point
/// at their baseline's criterion figure ([`SuspectBaseline`]), in the order of their first
/// flagged row.
pub fn suspect_baselines(results: &[Record], apart: &[Disagreement]) -> Vec<SuspectBaseline> {
    let mut out: Vec<SuspectBaseline> = Vec::new();
    for d in apart {
        if out.iter().any(|s| s.baseline == d.baseline) {
            continue;
        }
        let table: Vec<&Disagreement> = apart.iter().filter(|x| x.baseline == d.baseline).collect();
        let below = |x: &Disagreement| x.criterion.upper < x.expected.lower;
        let slow = below(table[0]);
        if table.iter().any(|x| below(x) != slow) {
            continue;
        }
        let compared = results
            .iter()
            .filter(|r| r.is_main_build() && r.control.is_none())
            .filter(|r| r.paired.as_ref().is_some_and(|p| p.baseline == d.baseline))
            .count();
        if table.len() >= SUSPECT_MIN_ROWS && 2 * table.len() >= compared {
            out.push(SuspectBaseline {
                baseline: d.baseline.clone(),
                flagged: table.len(),
                compared,
                baseline_slow: slow,
            });
        }
    }
    out
}

/// One comparison's processes combined and decided: each process one layout sample, the
/// rule and intervals of `design` (bench-all's: [`Design::for_profile`]) at the look the
/// processes reach. With two A/A twins (bench-all's paired pass runs `lab paired --aa 2`)
/// the rows are judged against the twins' band and each twin against the other twin's
/// ([`combine_sequential_twins`]); with one A/A control, against its reach. `cargo xtask
/// ab` and `--peer-path` decide their rows by the same rule ([`super::ab::row`]).
pub fn decide(runs: &[ProcessRun], design: &Design) -> Option<Combined> {
    combine_sequential_twins(runs, LayoutUnit::Process, design)
}
