//! The report's decision table: for each digest (the LtHash first) and call shape, the
//! fastest consensus strategy of the run and its paired ratio to the validator's current
//! code. Generic over the workloads present in the record.
//!
//! The validator's current code: for the LtHash, `peer:solana-lattice-hash` on every shape
//! but one account at a time (where it is copy-buffer cap=200 through the blake3 crate, the
//! tables' baseline); for the legacy hash, copy-buffer cap=200 (the baseline).

use crate::analysis::floor::{alu_bound_of, floor_of, machine_floors, MachineFloor};
use lab_record::identity::Origin;
use lab_record::sequential::{decide, intervals_at, Design, Intervals, EQUAL_MARGIN};
use lab_record::{Digest, Family, Ratio, Record, ResultsFile, Verdict, Workload, WorkloadKind};

/// The peer that is the validator's LtHash code.
pub use lab_record::identity::VALIDATOR_LT_PEER as LT_PEER;

/// The drop-in on one line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct DropInLine {
    /// Drop-in / current code, and its verdict.
    pub to_current: (Ratio, Verdict),
    /// Drop-in / the line's chosen row (when that is not the current code).
    pub to_best: Option<(Ratio, Verdict)>,
}

/// How a validator calls the hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shape {
    /// One token-sized account per call (`data_size/165`).
    OneAtATime,
    /// A batch of token-sized accounts (`set_*/165`).
    TokenBatch,
    /// Accounts above 1 KiB (`data_size/N > 1024`, `vote_*`, `size_ladder/*`,
    /// `slot_delta/*`).
    Large,
    /// The mainnet size mix (`mainnet_mix/*`).
    MainnetMix,
    /// The user's accounts (`user_accounts/*`).
    User,
}

impl Shape {
    pub fn label(self) -> &'static str {
        match self {
            Shape::OneAtATime => "one account at a time",
            Shape::TokenBatch => "batch of token accounts",
            Shape::Large => "large accounts",
            Shape::MainnetMix => "mainnet mix",
            Shape::User => "your accounts",
        }
    }

    /// The shape a workload stands for in the table; `None` for workloads it leaves out
    /// (other single-account sizes, sweeps).
    pub fn of(w: &Workload) -> Option<Shape> {
        let size = w.param_u64();
        Some(match w.kind {
            WorkloadKind::DataSize if size == Some(165) => Shape::OneAtATime,
            WorkloadKind::DataSize if size? > 1024 => Shape::Large,
            WorkloadKind::Set1024 if size == Some(165) => Shape::TokenBatch,
            WorkloadKind::Vote1024 | WorkloadKind::SizeLadder | WorkloadKind::SlotDelta => {
                Shape::Large
            }
            WorkloadKind::MainnetMix => Shape::MainnetMix,
            WorkloadKind::UserAccounts => Shape::User,
            _ => return None,
        })
    }
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<'a> {
    pub digest: Digest,
    pub shape: Shape,
    pub workload: Workload,
    /// The fastest consensus row decided faster than the current code, or the current
    /// code itself when none is.
    pub best: &'a Record,
    pub current: &'a Record,
    /// `best / current` with its interval: the paired ratio when `current` is the table's
    /// baseline; when both rows carry their per-layout log ratios from the same processes,
    /// the paired comparison of the two rows themselves (their per-layout differences, at
    /// the error rate of the run's sequential design); otherwise the two rows' paired ratios
    /// to the baseline divided, with the conservative interval
    /// `[lower_b / upper_c, upper_b / lower_c]`. `None` when `best` is `current`.
    pub ratio: Option<Ratio>,
    pub verdict: Option<Verdict>,
    /// Whether `ratio` is a paired comparison of the two rows (not a quotient of two
    /// ratios to the baseline).
    pub direct: bool,
    /// How many rows were decided faster than the current code: `best` is the fastest of
    /// them, picked after seeing the data, and its interval is not adjusted for that pick
    /// (the report says so when there were several).
    pub selected_from: usize,
    pub reason: String,
    /// The drop-in's row of the same table, when the run has one.
    pub drop_in: Option<DropInLine>,
}

/// A row's ratio to its table's baseline (1 for the baseline itself).
fn to_baseline(r: &Record) -> Option<Ratio> {
    if r.meta.is_baseline() {
        return Some(Ratio {
            estimate: 1.0,
            lower: 1.0,
            upper: 1.0,
        });
    }
    r.paired.as_ref().map(|p| p.ratio)
}

/// `a / b` from the two ratios to a common baseline, with the conservative interval.
fn quotient(a: &Ratio, b: &Ratio) -> Ratio {
    Ratio {
        estimate: a.estimate / b.estimate,
        lower: a.lower / b.upper,
        upper: a.upper / b.lower,
    }
}

/// `cand / current` as a paired comparison: both rows compared with the same baseline in
/// the same processes, so their per-layout log ratios pair index by index and their
/// differences are the per-layout log ratios of `cand` to `current`. The interval is at the
/// error rate the run's design spends by that many layouts; `None` when the rows do not
/// carry matching layouts.
fn paired_between(cand: &Record, current: &Record, design: &Design) -> Option<(Ratio, Verdict)> {
    let (c, p) = (cand.paired.as_ref()?, current.paired.as_ref()?);
    let (a, b) = (&c.layout_log_ratios, &p.layout_log_ratios);
    if c.baseline != p.baseline || a.len() != b.len() || a.len() < 2 {
        return None;
    }
    let diffs: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let (across, iv) = intervals_at(design.interval, &diffs, design.alpha_at(diffs.len() as u32))?;
    Some((across.ratio(), decide(&iv, c.band, design.margin)))
}

/// `cand`'s ratio to `current` (same table), whether it is direct, and its verdict.
fn against(
    cand: &Record,
    current: &Record,
    band: f64,
    design: &Design,
) -> Option<(Ratio, bool, Verdict)> {
    if current.meta.is_baseline() {
        let p = cand.paired.as_ref()?;
        return Some((p.ratio, true, p.verdict));
    }
    if let Some((r, v)) = paired_between(cand, current, design) {
        return Some((r, true, v));
    }
    let q = quotient(&to_baseline(cand)?, &to_baseline(current)?);
    Some((
        q,
        false,
        decide(&Intervals::from_ratio(&q), band, EQUAL_MARGIN),
    ))
}

/// Why `best` is the row to run, in a few words: instructions per account against the
/// current code's (where counted), and its compressions per account with how far it and the
/// current code are from those compressions at the machine's floor (where the run has floor
/// rows).
fn reason(
    best: &Record,
    current: &Record,
    ratio: Option<&Ratio>,
    verdict: Option<Verdict>,
    machine: &[MachineFloor],
) -> String {
    if std::ptr::eq(best, current) {
        return "nothing measured is decided faster".into();
    }
    let mut parts = Vec::new();
    if let (Some(b), Some(c)) = (best.instructions_per_iter, current.instructions_per_iter) {
        let per = best.meta.items_per_iter.max(1) as f64;
        if (b - c).abs() <= 0.001 * c {
            parts.push("same instructions: layout, not work".to_string());
        } else {
            let per_c = current.meta.items_per_iter.max(1) as f64;
            parts.push(format!("{:.0} vs {:.0} instructions", b / per, c / per_c));
        }
    }
    if let Some(k) = best.compressions_per_item {
        // Both rows against the one floor of the chosen row's work: the same accounts at
        // the machine's floor on the chosen row's instruction set and call shape.
        parts.push(match floor_of(machine, best, k) {
            Some(floor) => {
                let current_x = current.ns_per_item().estimate / floor;
                // The chosen row through its paired ratio to the current code (interleaved,
                // over layouts), so that the two distances agree with the ratio beside
                // them; criterion's own time of the chosen row is one moment of one process.
                let best_x =
                    ratio.map_or(best.ns_per_item().estimate / floor, |q| q.estimate * current_x);
                let alu = alu_bound_of(machine, best, k)
                    .map(|bound| format!(" ({:.2}x their ALU bound)", best_x * floor / bound))
                    .unwrap_or_default();
                format!(
                    "{k:.0} compressions per account: {best_x:.2}x their floor{alu}, current code {current_x:.2}x"
                )
            }
            None => format!("{k:.0} compressions per account"),
        });
    }
    if parts.is_empty() {
        parts.push(match verdict {
            Some(Verdict::Faster) => "faster in the paired pass".into(),
            _ => "not counted".into(),
        });
    }
    parts.join("; ")
}

/// The decision table of a run: LtHash rows first, then legacy; in shape order, then by
/// workload. Tables without a baseline or without paired ratios are left out.
pub fn decisions(file: &ResultsFile) -> Vec<Decision<'_>> {
    let machine = machine_floors(file);
    let design = file.run.design();
    let rows: Vec<&Record> = file
        .results
        .iter()
        .filter(|r| r.is_main_build() && r.control.is_none())
        .filter(|r| matches!(r.id().family, Family::AccountHash | Family::LtHash))
        .collect();
    let mut tables: Vec<(Digest, Shape, &Workload)> = rows
        .iter()
        .filter_map(|r| {
            Some((
                r.id().digest,
                Shape::of(&r.id().workload)?,
                &r.id().workload,
            ))
        })
        .collect();
    tables.sort_by_key(|(d, s, w)| (*d != Digest::Lt, *s, (*w).clone()));
    tables.dedup();
    let mut out = Vec::new();
    for (digest, shape, workload) in tables {
        let table: Vec<&Record> = rows
            .iter()
            .copied()
            .filter(|r| r.id().digest == digest && &r.id().workload == workload)
            .collect();
        let Some(baseline) = table.iter().copied().find(|r| r.meta.is_baseline()) else {
            continue;
        };
        let peer = table
            .iter()
            .copied()
            .find(|r| r.id().is_validator_lt_peer());
        let current = match (digest, shape, peer) {
            (Digest::Lt, s, Some(p)) if s != Shape::OneAtATime => p,
            _ => baseline,
        };
        let band = table
            .iter()
            .find_map(|r| r.paired.as_ref().map(|p| p.band))
            .unwrap_or(lab_record::paired::MIN_BAND);
        let candidates = table.iter().copied().filter(|r| {
            !std::ptr::eq(*r, current)
                && r.meta.claims_consensus
                && r.digest_compatible != Some(false)
                // Peers are the others' code; the drop-in is how a validator runs the
                // winner, not a strategy of its own (its line: [`Decision::drop_in`]).
                && r.id().origin() == Origin::Hashlab
        });
        let faster: Vec<_> = candidates
            .filter_map(|r| Some((r, against(r, current, band, &design)?)))
            .filter(|(_, (_, _, v))| *v == Verdict::Faster)
            .collect();
        let selected_from = faster.len();
        let best = faster
            .into_iter()
            .min_by(|a, b| a.1 .0.estimate.total_cmp(&b.1 .0.estimate));
        if table.iter().all(|r| r.paired.is_none()) {
            continue;
        }
        let (best, ratio, direct, verdict) = match best {
            Some((r, (q, d, v))) => (r, Some(q), d, Some(v)),
            None => (current, None, true, None),
        };
        let drop_in = table
            .iter()
            .copied()
            .find(|r| r.id().is_drop_in() && !std::ptr::eq(*r, current))
            .and_then(|d| {
                let (q, _, v) = against(d, current, band, &design)?;
                let to_best = (!std::ptr::eq(best, current))
                    .then(|| against(d, best, band, &design))
                    .flatten()
                    .map(|(q, _, v)| (q, v));
                Some(DropInLine {
                    to_current: (q, v),
                    to_best,
                })
            });
        out.push(Decision {
            digest,
            shape,
            workload: workload.clone(),
            best,
            current,
            ratio,
            verdict,
            direct,
            selected_from,
            reason: reason(best, current, ratio.as_ref(), verdict, &machine),
            drop_in,
        });
    }
    out
}
