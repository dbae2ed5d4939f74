//! The seed's experiment: copy-buffer cap=47 (before its PR) against cap=200 (the PR) on
//! the legacy account hash, per data size, and whether this run reproduces its direction
//! (about 5% faster at 165 and 200 B, no change at 0 B and at 1 KiB and above).

use super::stats::{self, Change, ChangeClass};
use super::view::param_order;
use lab_record::{Digest, Family, Record, ResultsFile, Role, Verdict, WorkloadKind};

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

/// A row of the seed's first experiment: the legacy hash's baseline (cap=200) or the
/// code before it (cap=47, role `previous`) at one data size.
pub fn is_seed_record(r: &Record) -> bool {
    let id = r.id();
    r.is_main_build()
        && id.family == Family::AccountHash
        && id.digest == Digest::Legacy
        && matches!(r.meta.role, Role::Baseline | Role::Previous)
        && id.workload.is(WorkloadKind::DataSize)
}

/// The seed reproduction pairs, by data size.
pub fn seed_rows(file: &ResultsFile) -> Vec<SeedRow<'_>> {
    let seed: Vec<&Record> = file.results.iter().filter(|r| is_seed_record(r)).collect();
    let find = |role: Role, size: &str| {
        seed.iter()
            .find(|r| r.meta.role == role && r.id().workload.param == size)
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
            pr: find(Role::Baseline, s),
            master: find(Role::Previous, s),
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

/// Whether one run reproduces one of the seed's claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    Reproduced,
    NotReproduced,
    /// Not measured, or too noisy to resolve the claimed effect.
    CannotTell,
}

/// The seed's claims, each checked per run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// copy-buffer cap=200 ~5% faster than cap=47 at 165 and 200 B, equal at 0 B and at
    /// 1 KiB and above (account-hash, legacy digest).
    StackBuffer,
    /// The reconcile scenario: allocations 107,033 -> 620, client build+reconcile
    /// 2345 -> 650 µs, full exchange 4617 -> 846 µs (`peer:negentropy@0.4` before,
    /// `peer:negentropy@vector` after).
    Reconcile,
}

impl Claim {
    pub const ALL: [Claim; 2] = [Claim::StackBuffer, Claim::Reconcile];

    /// The claim in a few words (the claims table's first column).
    pub fn short(self) -> &'static str {
        match self {
            Claim::StackBuffer => "seed 1: copy-buffer's stack buffer 47 → 200 bytes (legacy hash)",
            Claim::Reconcile => "seed 2: reconcile with vector storage (peer:negentropy 0.4 → 0.5)",
        }
    }

    /// What the seed measured.
    pub fn seed_measured(self) -> &'static str {
        match self {
            Claim::StackBuffer => "cap=200 ~5% faster at 165 and 200 B; equal at 0 B and at 1 KiB and above",
            Claim::Reconcile => "allocations 107,033 → 620; client build+reconcile 2345 → 650 µs; full exchange 4617 → 846 µs",
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Claim::StackBuffer => "seed 1: copy-buffer cap=200 is ~5% faster than cap=47 at 165 and 200 B, equal at 0 B and at 1 KiB and above",
            Claim::Reconcile => "seed 2: reconcile scenario, allocations 107,033 → 620, client build+reconcile 2345 → 650 µs, full exchange 4617 → 846 µs",
        }
    }
}

/// One claim on one run: the conclusion and the figures behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimResult {
    pub claim: Claim,
    pub holds: Holds,
    /// The run's figures, e.g. `165 B +5.1%, 200 B +5.7%, 0 B +1.2%`.
    pub figures: String,
}

/// Every claim of the seed, checked on one run.
pub fn claims(file: &ResultsFile) -> Vec<ClaimResult> {
    vec![stack_buffer_claim(file), reconcile_claim(file)]
}

impl Holds {
    /// What the verdict box says.
    pub fn word(self) -> &'static str {
        match self {
            Holds::Reproduced => "reproduced",
            Holds::NotReproduced => "not reproduced",
            Holds::CannotTell => "cannot tell at this band",
        }
    }
}

/// The seed's effect at 165 and 200 B: cap=47 about 5 % slower than cap=200. An interval
/// that stays below half of it rules it out; an "equal" size is confirmed when the
/// interval's half-width is below that half.
const HALF_EFFECT: f64 = 0.025;
const EFFECT: f64 = 0.05;

/// What the paired comparison of cap=47 against cap=200 says at one size: `None` unless
/// cap=47's row has `paired` against this very cap=200 row.
pub fn paired_holds(row: &SeedRow) -> Option<Holds> {
    let (pr, master) = (row.pr?, row.master?);
    let p = master.paired.as_ref().filter(|p| p.baseline == *pr.id())?;
    let expected_faster = matches!(row.size.as_str(), "165" | "200");
    Some(match (expected_faster, p.verdict) {
        (true, Verdict::Slower) => Holds::Reproduced,
        (true, Verdict::Faster) | (false, Verdict::Slower | Verdict::Faster) => {
            Holds::NotReproduced
        }
        // Ruled out only when the band is narrow enough to have called 5 % slower.
        (true, Verdict::Equal) if p.ratio.upper < 1.0 + HALF_EFFECT && p.band < EFFECT => {
            Holds::NotReproduced
        }
        (false, Verdict::Equal) if (p.ratio.upper - p.ratio.lower) / 2.0 < HALF_EFFECT => {
            Holds::Reproduced
        }
        (_, Verdict::Equal | Verdict::Undecided) => Holds::CannotTell,
    })
}

/// `165 B`, `1 KiB`, `10 MiB`: a seed size as the seed wrote it.
fn size_text(size: &str) -> String {
    match size.parse::<u64>() {
        Ok(n) if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        Ok(n) if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        _ => format!("{size} B"),
    }
}

/// One size's line of the verdict box: outcome, ratio and interval, band, layout spread,
/// instruction counts of both.
fn paired_figure(row: &SeedRow, holds: Holds) -> String {
    let (Some(pr), Some(master)) = (row.pr, row.master) else {
        return format!("{}: not measured", size_text(&row.size));
    };
    let Some(p) = &master.paired else {
        return format!(
            "{}: {} (no paired measurement)",
            size_text(&row.size),
            holds.word()
        );
    };
    let spread = match (p.layout_range, p.layout_sd) {
        (Some([lo, hi]), Some(sd)) => format!(", layouts {lo:.3}..{hi:.3} (sd {:.1}%)", sd * 100.0),
        _ => String::new(),
    };
    let instr = |r: &Record| {
        super::verdicts::instructions_per_item(r)
            .map_or("not counted".into(), |i| format!("{i:.0}"))
    };
    format!(
        "{}: {} (cap=47/cap=200 ×{:.3} [{:.3}, {:.3}], band ±{:.1}%, {} layouts{spread}; instructions {} vs {})",
        size_text(&row.size),
        holds.word(),
        p.ratio.estimate,
        p.ratio.lower,
        p.ratio.upper,
        p.band * 100.0,
        p.layouts.unwrap_or(0),
        instr(master),
        instr(pr),
    )
}

/// The claim from the paired comparisons, when every measured size has one.
fn paired_stack_buffer_claim(rows: &[SeedRow]) -> Option<ClaimResult> {
    let measured = rows.iter().filter(|r| r.pr.is_some() && r.master.is_some());
    let paired: Vec<(&SeedRow, Option<Holds>)> = measured.map(|r| (r, paired_holds(r))).collect();
    if paired.iter().all(|(_, h)| h.is_none()) {
        return None;
    }
    // A size without a paired comparison cannot tell.
    let per_size: Vec<(&SeedRow, Holds)> = paired
        .into_iter()
        .map(|(r, h)| (r, h.unwrap_or(Holds::CannotTell)))
        .collect();
    let has = |s: &str| per_size.iter().any(|(r, _)| r.size == s);
    let all = |h: Holds| per_size.iter().all(|(_, x)| *x == h);
    let holds = if !(has("165") || has("200")) {
        Holds::CannotTell
    } else if per_size.iter().any(|(_, h)| *h == Holds::NotReproduced) {
        Holds::NotReproduced
    } else if all(Holds::Reproduced) {
        Holds::Reproduced
    } else {
        Holds::CannotTell
    };
    let figures: Vec<String> = per_size.iter().map(|(r, h)| paired_figure(r, *h)).collect();
    Some(ClaimResult {
        claim: Claim::StackBuffer,
        holds,
        figures: format!("paired over layouts: {}", figures.join("; ")),
    })
}

fn stack_buffer_claim(file: &ResultsFile) -> ClaimResult {
    let rows = seed_rows(file);
    if let Some(c) = paired_stack_buffer_claim(&rows) {
        return c;
    }
    let dirs: Vec<(String, Direction)> = rows
        .iter()
        .filter_map(|r| Some((r.size.clone(), direction(r)?)))
        .collect();
    let figures = dirs
        .iter()
        .map(|(size, d)| format!("{size} B {:+.1}%", d.change.ratio.change().1 * 100.0))
        .collect::<Vec<_>>()
        .join(", ");
    let has = |s: &str| dirs.iter().any(|(size, _)| size == s);
    let holds = if !(has("165") || has("200")) {
        Holds::CannotTell
    } else if dirs.iter().any(|(_, d)| !d.agrees && d.too_noisy.is_none()) {
        Holds::NotReproduced
    } else if dirs.iter().all(|(_, d)| d.agrees) {
        Holds::Reproduced
    } else {
        Holds::CannotTell
    };
    ClaimResult {
        claim: Claim::StackBuffer,
        holds,
        figures: if figures.is_empty() {
            "not measured".into()
        } else {
            format!("cap=47 vs cap=200: {figures}")
        },
    }
}

/// The before (role `previous`: `peer:negentropy@0.4`, the published 0.4.4) and after
/// (the baseline: `peer:negentropy@vector`, 0.5 on its vector storage) rows of a
/// reconcile workload kind.
fn before_after(file: &ResultsFile, kind: WorkloadKind) -> Option<(&Record, &Record)> {
    let find = |role: Role| {
        file.results.iter().find(|r| {
            let id = r.id();
            r.is_main_build()
                && id.family == Family::Reconcile
                && r.meta.role == role
                && id.workload.is(kind)
        })
    };
    Some((find(Role::Previous)?, find(Role::Baseline)?))
}

/// What the paired comparison of `before` against `after` says of the seed's speed-up, and
/// its figure (after/before, the paired ratio's inverse, with its interval): `None` unless
/// `before` has `paired` against this very `after` row. Its processes time both rows
/// interleaved, over several memory layouts, where criterion times each in its own process
/// (one layout each, minutes apart), so it is what the verdict reads when the run has it.
/// `equal` rules the seed's speed-up (3.6x and 5.5x) out at any band the lab reports.
fn paired_speed_up(
    before: &Record,
    after: &Record,
    name: &str,
    seed: f64,
) -> Option<(Holds, String)> {
    let p = before
        .paired
        .as_ref()
        .filter(|p| p.baseline == *after.id())?;
    let holds = match p.verdict {
        Verdict::Slower => Holds::Reproduced,
        Verdict::Faster | Verdict::Equal => Holds::NotReproduced,
        Verdict::Undecided => Holds::CannotTell,
    };
    let figure = format!(
        "{name} after/before {:.2} [{:.2}, {:.2}] paired over {} layouts (seed {seed:.2})",
        1.0 / p.ratio.estimate,
        1.0 / p.ratio.upper,
        1.0 / p.ratio.lower,
        p.layouts.unwrap_or(0),
    );
    Some((holds, figure))
}

/// [`paired_speed_up`] from criterion's two estimates, for a run without the paired
/// comparison.
fn criterion_speed_up(before: &Record, after: &Record, name: &str, seed: f64) -> (Holds, String) {
    let (b, a) = (before.ns_per_item(), after.ns_per_item());
    let holds = match stats::outcome(&a, &b) {
        stats::Outcome::Faster { .. } => Holds::Reproduced,
        stats::Outcome::Slower { .. } => Holds::NotReproduced,
        stats::Outcome::WithinNoise { .. } => Holds::CannotTell,
    };
    let figure = format!(
        "{name} after/before {:.2} (seed {seed:.2})",
        a.estimate / b.estimate
    );
    (holds, figure)
}

fn reconcile_claim(file: &ResultsFile) -> ClaimResult {
    let mut figures = Vec::new();
    let mut verdicts = Vec::new();
    // Ratios after / before (the seed's: 650/2345 and 846/4617), never absolute times, so
    // that machines can be listed together.
    for (kind, name, seed_ratio) in [
        (
            WorkloadKind::ClientBuildReconcile,
            "client build+reconcile",
            650.0 / 2345.0,
        ),
        (WorkloadKind::FullExchange, "full exchange", 846.0 / 4617.0),
    ] {
        let Some((before, after)) = before_after(file, kind) else {
            continue;
        };
        let (holds, figure) = paired_speed_up(before, after, name, seed_ratio)
            .unwrap_or_else(|| criterion_speed_up(before, after, name, seed_ratio));
        figures.push(figure);
        verdicts.push(holds);
        if kind == WorkloadKind::ClientBuildReconcile {
            if let (Some(x), Some(y)) = (before.allocs_per_iter, after.allocs_per_iter) {
                figures.push(format!("allocations {x:.0} → {y:.0} (seed 107033 → 620)"));
                verdicts.push(if y < x {
                    Holds::Reproduced
                } else {
                    Holds::NotReproduced
                });
            }
        }
    }
    let holds = if verdicts.is_empty() {
        Holds::CannotTell
    } else if verdicts.contains(&Holds::NotReproduced) {
        Holds::NotReproduced
    } else if verdicts.iter().all(|h| *h == Holds::Reproduced) {
        Holds::Reproduced
    } else {
        Holds::CannotTell
    };
    ClaimResult {
        claim: Claim::Reconcile,
        holds,
        figures: if figures.is_empty() {
            "not measured".into()
        } else {
            format!(
                "{} (absolute times differ per machine: compared as ratios)",
                figures.join(", ")
            )
        },
    }
}
