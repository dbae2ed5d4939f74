//! The A/B comparison of two revisions (`cargo xtask ab`), as pure functions: which
//! benchmarks both revisions have, a row's statistics from its rounds, and the counts a
//! summary states.
//!
//! A round is three fresh processes (A, a second A, B), so each round is a fresh memory
//! layout for both sides: the per-round log ratios `ln(B/A)` and `ln(A'/A)` are the
//! per-process log ratios of bench-all's paired pass, decided by the same rule
//! ([`lab_record::sequential::decide`]: margin, `undecided`) at the same design's look,
//! with the band from the one A/A control as there ([`noise_band`]).

use lab_record::paired::{noise_band, Across};
use lab_record::sequential::{decide, intervals_at, reach, Design, Reach, REACH_ODDS};
use lab_record::{AbFile, AbRow, Profile, Verdict};
use std::collections::{BTreeMap, BTreeSet};

/// One round of one benchmark: criterion's estimate (ns per iteration) of each process.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Round {
    pub a: f64,
    /// The A/A control: the same A binary in another process.
    pub a2: f64,
    pub b: f64,
}

/// The benchmarks of two revisions: those in both (in A's order), those only A has and
/// those only B has.
#[derive(Clone, Debug)]
pub struct Split {
    pub common: Vec<String>,
    pub only_in_a: Vec<String>,
    pub only_in_b: Vec<String>,
}

pub fn split(a: &[String], b: &[String]) -> Split {
    let (in_a, in_b): (BTreeSet<&String>, BTreeSet<&String>) =
        (a.iter().collect(), b.iter().collect());
    let mut seen = BTreeSet::new();
    let common = a
        .iter()
        .filter(|id| in_b.contains(id) && seen.insert(*id))
        .cloned()
        .collect();
    Split {
        common,
        only_in_a: a.iter().filter(|id| !in_b.contains(id)).cloned().collect(),
        only_in_b: b.iter().filter(|id| !in_a.contains(id)).cloned().collect(),
    }
}

/// `--peer-path`'s check before timing: the common benchmarks whose output differs from
/// the reference digest in either build (`released` and `yours`: whether each matched, by
/// criterion id), listed and not timed, and the split left to time.
pub fn digest_split(
    split: &Split,
    released: &BTreeMap<String, Option<bool>>,
    yours: &BTreeMap<String, Option<bool>>,
) -> (Vec<String>, Split) {
    let differs =
        |id: &String| yours.get(id) == Some(&Some(false)) || released.get(id) == Some(&Some(false));
    let (differ, timed) = split.common.iter().cloned().partition(|id| differs(id));
    let timed = Split {
        common: timed,
        ..split.clone()
    };
    (differ, timed)
}

pub use lab_record::sequential::median;

/// A benchmark's row from its rounds, by `design` (the profile's paired design with one look
/// at the planned rounds, [`Design::one_look`]) at the look the rounds reach: B/A across rounds with
/// that look's interval, the band from its own A/A control ([`noise_band`]) and the verdict of [`decide`], exactly as bench-all's paired pass decides
/// a row on the same per-process log ratios. `None` with fewer than two rounds or a time
/// that is not positive and finite.
pub fn row(criterion_id: &str, rounds: &[Round], design: &Design) -> Option<AbRow> {
    let ok = |x: f64| x.is_finite() && x > 0.0;
    if rounds.iter().any(|r| !(ok(r.a) && ok(r.a2) && ok(r.b))) {
        return None;
    }
    let ba: Vec<f64> = rounds.iter().map(|r| (r.b / r.a).ln()).collect();
    let aa_logs: Vec<f64> = rounds.iter().map(|r| (r.a2 / r.a).ln()).collect();
    let alpha = design.alpha_at(rounds.len() as u32);
    let (aa, _) = intervals_at(design.interval, &aa_logs, alpha)?;
    let band = noise_band(&aa);
    let (across, iv) = intervals_at(design.interval, &ba, alpha)?;
    let column = |f: fn(&Round) -> f64| rounds.iter().map(f).collect::<Vec<f64>>();
    Some(AbRow {
        criterion_id: criterion_id.to_string(),
        a_ns: median(&column(|r| r.a)),
        b_ns: median(&column(|r| r.b)),
        ratio: across.ratio(),
        band,
        verdict: decide(&iv, band, design.margin),
        rounds: rounds.len() as u32,
        round_ratios: ba.iter().map(|x| x.exp()).collect(),
        aa: aa.ratio(),
        aa_round_ratios: aa_logs.iter().map(|x| x.exp()).collect(),
    })
}

/// For an undecided row: how many rounds would decide it 80 % of the time if its estimate
/// and both spreads held ([`reach`] with the profile's design at one look: `Beyond(n)` is
/// `--rounds n`; `Edge` when no count up to [`lab_record::sequential::REACH_CAP`] would).
/// The A/A control is the same binary in another process, so its true offset is 0: its
/// band is projected from its spread alone (what more rounds shrink), not from its
/// estimate. `None` for a decided row or one with fewer than two rounds.
pub fn rounds_to_decide(profile: Profile, row: &AbRow) -> Option<Reach> {
    if row.verdict != Verdict::Undecided {
        return None;
    }
    let design = Design::one_look(profile, row.rounds);
    let alpha = design.alpha_at(row.rounds);
    let logs = |xs: &[f64]| xs.iter().map(|x| x.ln()).collect::<Vec<f64>>();
    let (across, _) = intervals_at(design.interval, &logs(&row.round_ratios), alpha)?;
    let (aa, _) = intervals_at(design.interval, &logs(&row.aa_round_ratios), alpha)?;
    let aa = Across {
        mean_log: 0.0,
        ..aa
    };
    Some(reach(&design, &across, &aa, 0.0, REACH_ODDS))
}

/// How many rows say faster, slower, equal and undecided.
pub fn counts(file: &AbFile) -> [(Verdict, usize); 4] {
    [
        Verdict::Faster,
        Verdict::Slower,
        Verdict::Equal,
        Verdict::Undecided,
    ]
    .map(|v| (v, file.rows.iter().filter(|r| r.verdict == v).count()))
}

/// The smallest and largest band of the rows; `None` without rows.
pub fn band_range(file: &AbFile) -> Option<(f64, f64)> {
    let bands = file.rows.iter().map(|r| r.band);
    let lo = bands.clone().fold(f64::INFINITY, f64::min);
    let hi = bands.fold(f64::NEG_INFINITY, f64::max);
    (!file.rows.is_empty()).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn split_keeps_a_order_and_names_the_rest() {
        let s = split(&ids(&["x", "y", "z"]), &ids(&["z", "w", "x"]));
        assert_eq!(s.common, ["x", "z"]);
        assert_eq!(s.only_in_a, ["y"]);
        assert_eq!(s.only_in_b, ["w"]);
    }

    #[test]
    fn row_needs_two_good_rounds() {
        let r = Round {
            a: 100.0,
            a2: 101.0,
            b: 130.0,
        };
        let d = Design::for_profile(lab_record::Profile::Smoke);
        assert!(row("x", &[r], &d).is_none());
        assert!(row("x", &[r, Round { b: 0.0, ..r }], &d).is_none());
        let two = row("x", &[r, Round { a: 102.0, ..r }], &d).unwrap();
        assert_eq!(two.rounds, 2);
        assert_eq!(two.a_ns, 101.0);
        assert_eq!(two.round_ratios.len(), 2);
        assert!((two.round_ratios[0] - 1.3).abs() < 1e-12);
    }

    /// `n` rounds of a B equal to A (per-round noise ±2 %, alternating) with an A/A control
    /// whose per-round ratios are `aa_offset` off.
    fn rounds_around_one(n: usize, aa_offset: f64) -> Vec<Round> {
        (0..n)
            .map(|i| {
                let wiggle = [1.02, 0.98, 1.01, 0.99][i % 4];
                Round {
                    a: 100.0,
                    a2: 100.0 * aa_offset * [1.0, 1.015, 0.985, 1.0][i % 4],
                    b: 100.0 * wiggle,
                }
            })
            .collect()
    }

    #[test]
    fn rounds_to_decide_projects_an_undecided_row() {
        let q = Profile::Quick;
        let rounds = rounds_around_one(8, 1.0);
        let r = row("x", &rounds, &Design::one_look(q, 8)).unwrap();
        assert_eq!(r.verdict, Verdict::Undecided, "{r:?}");
        let Some(Reach::Beyond(n)) = rounds_to_decide(q, &r) else {
            panic!("{:?}", rounds_to_decide(q, &r));
        };
        assert!((9..200).contains(&n), "{n}");
        // The A/A control's estimate is not held: the same binary's true offset is 0.
        let off = row("x", &rounds_around_one(8, 1.03), &Design::one_look(q, 8)).unwrap();
        assert_eq!(rounds_to_decide(q, &off), Some(Reach::Beyond(n)));
        // At the projected count, rounds like these decide it `equal`.
        let more = row(
            "x",
            &rounds_around_one(n as usize, 1.0),
            &Design::one_look(q, n),
        );
        assert_eq!(more.map(|r| r.verdict), Some(Verdict::Equal));
        // A decided row needs no more rounds.
        let slower: Vec<Round> = rounds
            .iter()
            .map(|r| Round { b: r.b * 1.3, ..*r })
            .collect();
        let s = row("x", &slower, &Design::one_look(q, 8)).unwrap();
        assert_eq!(s.verdict, Verdict::Slower);
        assert_eq!(rounds_to_decide(q, &s), None);
    }
}
