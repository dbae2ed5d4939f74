//! The paired pass's decisions, as functions of the processes it ran: how much it measures
//! per profile ([`settings`]) and the arguments of a `lab paired` process ([`process_args`]),
//! which comparison gets the next process ([`sample_until_decided`], the group-sequential design's scheduler: looks, budget,
//! futility), each comparison's processes combined ([`combine`], with the code-placement
//! split [`split_by_placement`]) and a killed run's passes from its journal
//! ([`fill_from_journal`], [`fill_passes_from_journal`]). The processes themselves are xtask's: the scheduler calls back
//! for each one. Method: docs/measurement.md.

use crate::analysis::verdicts::{self, decide, Comparison};
use crate::record::journal::Replay;
use lab_record::paired::{Combined, ProcessRun};
use lab_record::sequential::{bound_in_reach, in_reach_of, needs_more, Design, UNDECIDED_BOUND};
use lab_record::{Profile, Record, Verdict};

/// How much the paired pass measures, per profile (the table in docs/measurement.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Fresh processes per comparison (the layouts the interval is taken over).
    pub processes: u32,
    /// Rounds per in-process layout (fewer when the budget says so).
    pub rounds: u32,
    pub layouts_in_process: u32,
    /// Cap on one process's timed rounds, milliseconds.
    pub budget_ms: u64,
}

/// smoke (CI) checks that the pass works; quick takes 8 processes, because the 95 % t
/// interval's factor falls from t = 2.78 at 5 processes (4 degrees of freedom) to 2.36 at 8,
/// narrowing the interval of the same layout spread by about a sixth; full runs longer.
/// The times each profile takes on a measured machine are in docs/measurement.md.
pub fn settings(profile: Profile) -> Settings {
    let (processes, rounds, layouts_in_process, budget_ms) = match profile {
        Profile::Smoke => (2, 5, 2, 20),
        Profile::Quick => (8, 25, 4, 200),
        Profile::Full => (8, 30, 4, 1500),
    };
    Settings {
        processes,
        rounds,
        layouts_in_process,
        budget_ms,
    }
}

/// How many A/A twins each comparison runs: two distinct copies of the baseline's code, so
/// each can be judged against the other's band (an A/A check that can fail).
pub const AA_TWINS: u32 = 2;

/// Whether `run` (one `lab paired` process's output) measured comparison `c`: its
/// baseline, A/A rows that are the baseline's, then `c`'s rows in order.
pub fn measures(run: &ProcessRun, c: &Comparison) -> bool {
    let rows = run.rows.iter().filter(|r| r.control.is_none());
    run.baseline == c.baseline
        && rows.map(|r| &r.id).eq(c.rows.iter())
        && run
            .rows
            .iter()
            .all(|r| r.control.is_none() || r.id == c.baseline)
}

/// `lab paired` arguments of one process of comparison `c`; `seed` draws its layouts. The
/// command line names the benchmarks by criterion id (a key `lab` looks up, never splits).
pub fn process_args(profile: Profile, c: &Comparison, s: Settings, seed: u64) -> Vec<String> {
    let mut a: Vec<String> = vec![
        "paired".into(),
        "--profile".into(),
        profile.as_str().into(),
        "--baseline".into(),
        c.baseline.criterion_id(),
    ];
    for row in &c.rows {
        a.extend(["--rows".into(), row.criterion_id()]);
    }
    a.extend(["--aa".into(), AA_TWINS.to_string()]);
    for (flag, v) in [
        ("--rounds", u64::from(s.rounds)),
        ("--layouts-in-process", u64::from(s.layouts_in_process)),
        ("--budget-ms", s.budget_ms),
        ("--seed", seed),
    ] {
        a.push(flag.into());
        a.push(v.to_string());
    }
    a.push("--json".into());
    a
}

/// The time the paired pass may spend after its fixed processes, per profile, when
/// bench-all has no `--budget`: smoke none, quick 105 s, full 300 s.
pub fn default_budget_secs(profile: Profile) -> f64 {
    match profile {
        Profile::Smoke => 0.0,
        Profile::Full => 300.0,
        Profile::Quick => 105.0,
    }
}

/// A comparison's processes combined ([`decide`]); with `placement` (the processes
/// alternate between two builds that differ in code placement) split by build as
/// [`split_by_placement`] says. `None` when they have too few layouts.
pub fn combine(runs: &[ProcessRun], design: &Design, placement: bool) -> Option<Combined> {
    let mut got = decide(runs, design)?;
    if placement {
        split_by_placement(&mut got, runs, design);
    }
    Some(got)
}

/// A comparison's processes cut back to the design's last look they reached.
fn cut_to_last_look(runs: &mut Vec<ProcessRun>, design: &Design) {
    let n = runs.len() as u32;
    if n >= design.looks[0] {
        runs.truncate(design.looks[design.look_at(n)] as usize);
    }
}

/// A comparison measured by two builds that differ only in code placement (processes
/// alternated, the main build's at even indices): each row's estimate and verdict from each
/// build's processes alone ([`lab_record::PlacementSplit`]), and where the two builds
/// decided a row differently, the row's verdict becomes `undecided`: its verdict depends
/// on where the code landed, which one build cannot tell. The combined interval, over
/// both builds' processes, already carries what placement moves.
pub fn split_by_placement(combined: &mut Combined, runs: &[ProcessRun], design: &Design) {
    let half = |parity: usize| -> Vec<ProcessRun> {
        runs.iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == parity)
            .map(|(_, r)| r.clone())
            .collect()
    };
    let (Some(a), Some(b)) = (decide(&half(0), design), decide(&half(1), design)) else {
        return;
    };
    // Every process has the same rows in the same order (`combine_by` checks), so the
    // halves' rows pair with the combined ones by position: the two A/A twins share the
    // baseline's criterion id and control, and only their position tells them apart.
    for (i, row) in combined.rows.iter_mut().enumerate() {
        let same = |x: &&lab_record::paired::RowResult| x.id == row.id && x.control == row.control;
        let (Some(ra), Some(rb)) = (
            a.rows.get(i).filter(same).map(|x| &x.paired),
            b.rows.get(i).filter(same).map(|x| &x.paired),
        ) else {
            continue;
        };
        let split = lab_record::PlacementSplit {
            estimates: [ra.ratio.estimate, rb.ratio.estimate],
            verdicts: [ra.verdict, rb.verdict],
        };
        // Criterion times the main build alone: each entry's own time scatters by its
        // spread within one build, which the shift between the builds would widen.
        if let Some(sd) = pooled_time_sd(ra, rb) {
            row.paired.process_time_sd = Some(sd);
        }
        if split.verdict_depends_on_placement() && row.control.is_none() {
            row.paired.verdict = Verdict::Undecided;
        }
        row.paired.placement = Some(split);
    }
}

/// The SDs of each entry's own time within a build ([`lab_record::Paired::process_time_sd`]),
/// pooled over the two placement builds' halves `a` and `b`: `√(((n_a − 1) s_a² + (n_b − 1)
/// s_b²) / (n_a + n_b − 2))` per entry, with `n` each half's processes. `None` unless both
/// halves have them.
fn pooled_time_sd(a: &lab_record::Paired, b: &lab_record::Paired) -> Option<[f64; 2]> {
    let (sa, sb) = (a.process_time_sd?, b.process_time_sd?);
    let (na, nb) = (f64::from(a.layouts?), f64::from(b.layouts?));
    if na < 2.0 || nb < 2.0 {
        return None;
    }
    let pool =
        |x: f64, y: f64| (((na - 1.0) * x * x + (nb - 1.0) * y * y) / (na + nb - 2.0)).sqrt();
    Some([pool(sa[0], sb[0]), pool(sa[1], sb[1])])
}

/// The paired pass of a killed run, from its journaled processes: each comparison's
/// processes cut back to the design's last look they reached (as [`sample_until_decided`]
/// ends) and combined (split by build when the run alternated `placement` builds, as the
/// live pass does), and the rows filled as the pass fills them. Rows already filled (a
/// run killed after its passes' updates) are left as they are. Returns the rows filled.
pub fn fill_from_journal(
    design: &Design,
    placement: bool,
    replay: &Replay,
    results: &mut Vec<Record>,
) -> usize {
    if results
        .iter()
        .any(|r| r.control.is_some() || r.paired.is_some())
    {
        return 0;
    }
    let combined: Vec<Combined> = verdicts::comparisons(&replay.plan)
        .iter()
        .filter_map(|c| rebuild(replay.paired_runs(&c.baseline), design, placement))
        .collect();
    verdicts::fill_paired(results, &combined)
}

/// One comparison of a killed run from its journaled processes (in index order): cut back
/// to the last look reached and combined as the live pass combines them.
fn rebuild(mut runs: Vec<ProcessRun>, design: &Design, placement: bool) -> Option<Combined> {
    cut_to_last_look(&mut runs, design);
    combine(&runs, design, placement)
}

/// The paired and instruction passes of a killed run, from what its journal holds: the
/// paired pass as [`fill_from_journal`] gives it (with the run's design, when the journal
/// names the run), the instruction counts as the pass fills them.
pub fn fill_passes_from_journal(replay: &Replay, results: &mut Vec<Record>) {
    if let Some(run) = &replay.run {
        fill_from_journal(&run.design(), run.placement, replay, results);
    }
    verdicts::fill_instructions(results, &replay.instructions);
}

/// Whether `r`'s interval reaches beyond `1 ± bound` (in log terms, as the verdicts).
fn reaches_past(r: &lab_record::Ratio, bound: f64) -> bool {
    r.lower.ln() < -bound.ln_1p() || r.upper.ln() > bound.ln_1p()
}

/// Which comparisons get looks first in [`sample_until_decided`]: only those of the first
/// tier with a look that fits get a pass's looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    /// An undecided row that a look can help: a planned look could decide it
    /// (`sequential::in_reach`), or bring it within ±[`UNDECIDED_BOUND`] from an interval
    /// reaching past it (`sequential::bound_in_reach`).
    Undecided,
    /// No such row: the table's A/A band is wider than the design's target.
    Band,
}

/// Seconds one process costs beyond its own measured time (`ProcessRun::wall_secs`):
/// starting it, building the registry, reading its JSON.
const SPAWN_SECS: f64 = 0.03;

/// The expected cost of one more process of a comparison: the mean of its processes so far.
pub fn process_cost(done: &[ProcessRun]) -> f64 {
    let n = done.len().max(1) as f64;
    done.iter().map(|p| p.wall_secs).sum::<f64>() / n + SPAWN_SECS
}

/// Sequential sampling after the fixed processes (`lab_record::sequential`): while a
/// comparison has an undecided row that a planned look could still decide
/// (`sequential::in_reach`: not a row whose estimate sits on the margin's edge at this
/// spread) or bring within ±2 % from an interval reaching past it
/// (`sequential::bound_in_reach`, [`UNDECIDED_BOUND`]: an undecided row within ±2 % bounds
/// the effect), or an A/A band wider than the design's target, and the design has a look
/// left, it can get processes up to its next planned look. Who gets them, in passes until
/// none is open or nothing fits the time left (`remaining()`, seconds): each pass only the
/// first [`Tier`] with a look that fits (a table that is decided but noisy only when no
/// undecided row can get a look), in it the widest first (its widest undecided row's
/// paired interval, or its band), then the cheapest (by the mean time of its processes so
/// far), each a whole look at once, and only when the whole look fits the time left, so
/// the budget is not spent on processes that would be cut back. When the time runs out
/// anyway, every comparison is cut back to its last planned look, so intervals are only
/// ever taken where the design spends alpha. `run(k, i)` runs process `i` of comparison
/// `k`; a failure drops the comparison (`None`), as in the fixed pass. Returns how many
/// processes were kept beyond those given (in comparisons not dropped).
pub fn sample_until_decided(
    runs: &mut [Option<Vec<ProcessRun>>],
    design: &Design,
    mut remaining: impl FnMut() -> f64,
    mut run: impl FnMut(usize, u32) -> std::result::Result<ProcessRun, ()>,
) -> u32 {
    let given: Vec<usize> = runs
        .iter()
        .map(|r| r.as_ref().map_or(0, Vec::len))
        .collect();
    'passes: loop {
        // (comparison, its next look, its tier (`Tier`), cost of one process, width: the
        // widest paired interval of its undecided rows that a look can help, in log ratio,
        // or its band when none is undecided)
        let mut open: Vec<(usize, usize, Tier, f64, f64)> = runs
            .iter()
            .enumerate()
            .filter_map(|(k, r)| {
                let r = r.as_ref()?;
                let n = r.len() as u32;
                let c = decide(r, design)?;
                let widths: Vec<f64> = c
                    .rows
                    .iter()
                    .filter(|x| {
                        x.control.is_none()
                            && x.paired.verdict == Verdict::Undecided
                            && (in_reach_of(design, &x.across, &c)
                                || (reaches_past(&x.paired.ratio, UNDECIDED_BOUND)
                                    && bound_in_reach(design, &x.across, UNDECIDED_BOUND)))
                    })
                    .map(|x| (x.paired.ratio.upper / x.paired.ratio.lower).ln())
                    .collect();
                let tier = if widths.is_empty() {
                    Tier::Band
                } else {
                    Tier::Undecided
                };
                let width = widths.into_iter().fold(c.band, f64::max);
                needs_more(design, n, c.band, tier != Tier::Band).then(|| {
                    let next = design.next_look(n).unwrap_or(n) as usize;
                    (k, next, tier, process_cost(r), width)
                })
            })
            .collect();
        // The first tier; in it the widest first (what it would most narrow), the
        // cheapest first among equals.
        open.sort_by(|a, b| {
            a.2.cmp(&b.2)
                .then(b.4.total_cmp(&a.4))
                .then(a.3.total_cmp(&b.3))
        });
        // The tier that got a look in this pass: only its comparisons get one.
        let mut ran: Option<Tier> = None;
        for &(k, next, tier, cost, _) in &open {
            if ran.is_some_and(|t| t != tier) {
                break;
            }
            let Some(done) = &runs[k] else { continue };
            if remaining() < (next - done.len()) as f64 * cost {
                continue;
            }
            while let Some(done) = &runs[k] {
                if done.len() >= next {
                    break;
                }
                if remaining() <= 0.0 {
                    break 'passes;
                }
                let i = done.len() as u32;
                match run(k, i) {
                    Ok(p) => {
                        if let Some(d) = &mut runs[k] {
                            d.push(p);
                        }
                    }
                    Err(()) => runs[k] = None,
                }
            }
            ran = Some(tier);
        }
        if ran.is_none() {
            break;
        }
    }
    for done in runs.iter_mut().flatten() {
        cut_to_last_look(done, design);
    }
    let kept = runs
        .iter()
        .zip(given)
        .filter_map(|(r, g)| Some(r.as_ref()?.len() - g));
    kept.sum::<usize>() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_record::paired::{Config, LayoutSummary, RowRun};
    use lab_record::{BenchId, Control};

    /// One process of a comparison whose row measured `row` and whose A/A twin `aa` (log
    /// ratios, one layout each).
    fn process(row: f64, aa: f64) -> ProcessRun {
        let layout = |x: f64| LayoutSummary {
            iq_mean_log: x,
            mean_log: x,
            rounds: 5,
            sd_log: 0.0,
        };
        let row_run = |id: &str, control, x| RowRun {
            id: BenchId::sample(id),
            control,
            twin: None,
            iters_per_batch: 1,
            log_ns_per_item: None,
            layouts: vec![layout(x)],
        };
        ProcessRun {
            baseline: BenchId::sample("base"),
            baseline_iters_per_batch: 1,
            baseline_log_ns_per_item: None,
            config: Config::default(),
            stack_offsets: vec![0],
            rows: vec![
                row_run("aa", Some(Control::Aa), aa),
                row_run("row", None, row),
            ],
            wall_secs: 0.1,
            window: None,
        }
    }

    /// Comparison 0 is decided (5 % slower, tight); 1 has an undecided row within reach of
    /// the design (2 ± 2 %: a look would decide it if its estimate were a standard error
    /// or so further out, so it keeps its looks); 2 a decided row but an A/A band of about
    /// 3 %; 3 is undecided like 1 but its processes take ten times as long; 4 has an
    /// undecided row out of reach (±10 % around 1: no look of the design decides it).
    fn value(k: usize, i: u32) -> ProcessRun {
        let sign = if i.is_multiple_of(2) { 1.0 } else { -1.0 };
        match k {
            0 => process(0.05 + sign * 0.001, sign * 0.0005),
            1 => process(0.02 + sign * 0.02, sign * 0.0005),
            2 => process(0.2 + sign * 0.001, sign * 0.03),
            3 => ProcessRun {
                wall_secs: 1.0,
                ..process(0.02 + sign * 0.02, sign * 0.0005)
            },
            _ => process(sign * 0.1, sign * 0.0005),
        }
    }

    /// A process's output is taken only for the comparison it measured: the same
    /// baseline, A/A rows of the baseline's code, the rows in the order asked for.
    #[test]
    fn an_output_is_checked_against_the_comparison_asked_for() {
        let id = BenchId::sample;
        let c = Comparison {
            baseline: id("base"),
            rows: vec![id("row")],
        };
        let mut run = process(0.0, 0.0);
        run.rows[0].id = id("base");
        assert!(measures(&run, &c));
        let other = |f: &dyn Fn(&mut ProcessRun)| {
            let mut r = run.clone();
            f(&mut r);
            measures(&r, &c)
        };
        assert!(!other(&|r| r.baseline = id("row")), "another baseline");
        assert!(!other(&|r| r.rows[1].id = id("other")), "another row");
        assert!(
            !other(&|r| r.rows[0].id = id("row")),
            "an A/A row of other code"
        );
        assert!(!other(&|r| r.rows.truncate(1)), "a row missing");
        assert!(
            !other(&|r| r.rows.push(r.rows[1].clone())),
            "a row too many"
        );
        // Two twins, both the baseline's: still the comparison asked for.
        assert!(other(&|r| r.rows.insert(1, r.rows[0].clone())));
    }

    /// With a placement build, processes alternate between the builds; a row that one
    /// build's processes decide `slower` and the other's `equal` reads `undecided` with
    /// both builds' figures, and a row both builds decide alike keeps its verdict.
    #[test]
    fn a_verdict_that_depends_on_placement_is_undecided() {
        let design = Design::for_profile(Profile::Quick);
        // Main build (even) 4 % slower, placement build (odd) the same as the baseline,
        // each tight. Over both builds' processes the interval reaches from one mode to
        // the other and the row is `undecided` already; the split overrides a combined
        // verdict that is decided (here: that of 16 processes all 4 % slower).
        let wobble = |i: usize| if i % 4 < 2 { 0.001 } else { -0.001 };
        let runs: Vec<ProcessRun> = (0..16)
            .map(|i| {
                let shift = if i % 2 == 0 { 0.04 } else { 0.0 };
                process(shift + wobble(i), wobble(i) / 2.0)
            })
            .collect();
        let slower: Vec<ProcessRun> = (0..16)
            .map(|i| process(0.04 + wobble(i), wobble(i) / 2.0))
            .collect();
        let mut c = decide(&slower, &design).unwrap();
        let row = c
            .rows
            .iter()
            .find(|r| r.id == BenchId::sample("row"))
            .unwrap();
        assert_eq!(row.paired.verdict, Verdict::Slower);
        split_by_placement(&mut c, &runs, &design);
        let row = c
            .rows
            .iter()
            .find(|r| r.id == BenchId::sample("row"))
            .unwrap();
        let split = row.paired.placement.expect("split");
        assert_eq!(split.verdicts, [Verdict::Slower, Verdict::Equal]);
        assert!(split.verdict_depends_on_placement());
        assert_eq!(row.paired.verdict, Verdict::Undecided);
        // Both builds 5 % slower: decided, as without the split.
        let runs: Vec<ProcessRun> = (0..16)
            .map(|i| process(0.05 + wobble(i), wobble(i) / 2.0))
            .collect();
        let mut c = decide(&runs, &design).unwrap();
        split_by_placement(&mut c, &runs, &design);
        let row = c
            .rows
            .iter()
            .find(|r| r.id == BenchId::sample("row"))
            .unwrap();
        assert!(!row.paired.placement.unwrap().verdict_depends_on_placement());
        assert_eq!(row.paired.verdict, Verdict::Slower);
    }

    /// With two placement builds, each entry's own time spreads by its SD within a build:
    /// the main build's processes read the row at ln 100 ± 0.01 and the placement build's
    /// 20 % slower with the same wobble, so over both builds the row's SD is about 10 %
    /// and within each 1 %. The baseline's times do not move between builds.
    #[test]
    fn each_entrys_own_time_spreads_within_a_build() {
        let design = Design::for_profile(Profile::Quick);
        let runs: Vec<ProcessRun> = (0..16)
            .map(|i| {
                let wobble = if i % 4 < 2 { 0.01 } else { -0.01 };
                let build = if i % 2 == 0 { 0.0 } else { 0.2 };
                let mut p = process(0.05 + wobble / 10.0, wobble / 20.0);
                p.baseline_log_ns_per_item = Some(90f64.ln() + wobble);
                for r in &mut p.rows {
                    r.log_ns_per_item = Some(100f64.ln() + build + wobble);
                }
                p
            })
            .collect();
        let row_sd = |c: &Combined| {
            let row = c.rows.iter().find(|r| r.id == BenchId::sample("row"));
            row.unwrap().paired.process_time_sd.unwrap()
        };
        let mut c = decide(&runs, &design).unwrap();
        assert!(row_sd(&c)[0] > 0.09, "{:?}", row_sd(&c));
        split_by_placement(&mut c, &runs, &design);
        // 8 processes per build, each ±0.01: SD 0.01 · √(8/7) within a build.
        let within = 0.01 * (8.0f64 / 7.0).sqrt();
        let [row, base] = row_sd(&c);
        assert!(
            (row - within).abs() < 1e-9 && (base - within).abs() < 1e-9,
            "{row} {base}"
        );
    }

    /// A killed run's comparison, rebuilt from its journal, is split by build exactly when
    /// the run alternated the two builds, and cut back to the last look it reached.
    #[test]
    fn a_rebuilt_comparison_is_split_by_build_when_the_run_had_two() {
        let design = Design::for_profile(Profile::Quick);
        let wobble = |i: usize| if i % 4 < 2 { 0.001 } else { -0.001 };
        // 17 processes: the 17th is past the look at 16 and is dropped, as the live pass
        // drops it; the main build (even) 4 % slower, the placement build as the baseline.
        let runs: Vec<ProcessRun> = (0..17)
            .map(|i| process(if i % 2 == 0 { 0.04 } else { 0.0 } + wobble(i), 0.0))
            .collect();
        let row = |c: &Combined| {
            c.rows
                .iter()
                .find(|r| r.id == BenchId::sample("row"))
                .unwrap()
                .paired
                .clone()
        };
        let split = rebuild(runs.clone(), &design, true).unwrap();
        let p = row(&split);
        assert_eq!(p.layouts, Some(16), "cut back to the look at 16");
        assert_eq!(
            p.placement.map(|s| s.verdicts),
            Some([Verdict::Slower, Verdict::Equal])
        );
        assert_eq!(p.verdict, Verdict::Undecided);
        let pooled = rebuild(runs, &design, false).unwrap();
        assert_eq!(row(&pooled).placement, None);
    }

    /// Two A/A twins share the baseline's criterion id and control: the placement split
    /// gives each its own build figures (by position), not the first twin's twice.
    #[test]
    fn the_placement_split_tells_the_two_twins_apart() {
        let design = Design::for_profile(Profile::Quick);
        let wobble = |i: usize| if i % 4 < 2 { 0.001 } else { -0.001 };
        let runs: Vec<ProcessRun> = (0..16)
            .map(|i| {
                let mut p = process(0.05 + wobble(i), wobble(i) / 2.0);
                let mut second = p.rows[0].clone();
                second.layouts[0].iq_mean_log = 0.03 + wobble(i);
                p.rows.insert(1, second);
                p
            })
            .collect();
        let mut c = decide(&runs, &design).unwrap();
        split_by_placement(&mut c, &runs, &design);
        let twin = |k: usize| c.rows[k].paired.placement.expect("split");
        assert!((twin(0).estimates[0] - 1.0).abs() < 0.002, "{:?}", twin(0));
        assert!(
            (twin(1).estimates[0] - 0.03f64.exp()).abs() < 0.002,
            "{:?}",
            twin(1)
        );
        assert_eq!(
            c.rows[1].paired.verdict,
            Verdict::Slower,
            "twin 2 is 3 % off"
        );
    }

    fn fixed() -> Vec<Option<Vec<ProcessRun>>> {
        (0..5)
            .map(|k| Some((0..8).map(|i| value(k, i)).collect()))
            .collect()
    }

    fn lens(runs: &[Option<Vec<ProcessRun>>]) -> Vec<Option<usize>> {
        runs.iter().map(|r| r.as_ref().map(Vec::len)).collect()
    }

    #[test]
    fn undecided_rows_and_noisy_tables_get_processes_up_to_the_last_look() {
        let design = Design::for_profile(Profile::Quick);
        let mut runs = fixed();
        let mut calls = Vec::new();
        let extra = sample_until_decided(
            &mut runs,
            &design,
            || 1e9,
            |k, i| {
                calls.push((k, i));
                Ok(value(k, i))
            },
        );
        assert_eq!(extra, 36);
        assert_eq!(
            lens(&runs),
            [Some(8), Some(20), Some(20), Some(20), Some(8)]
        );
        assert!(calls.iter().all(|c| c.0 != 4), "out of reach: no process");
        // A whole look at a time, the cheap undecided comparison before the dear one...
        assert_eq!(calls[..5], [(1, 8), (1, 9), (1, 10), (1, 11), (3, 8)]);
        // ... and the decided but noisy table only when no undecided row has a look left.
        assert_eq!(calls.iter().position(|c| c.0 == 2), Some(24));
        let c = decide(runs[1].as_ref().unwrap(), &design);
        let row = &c.unwrap().rows[1].paired;
        assert_eq!(row.verdict, lab_record::Verdict::Undecided);
        // Every process's log ratio, in order, for comparisons between rows of the table.
        let expected: Vec<f64> = (0..20)
            .map(|i| value(1, i).rows[1].layouts[0].iq_mean_log)
            .collect();
        assert_eq!(row.layout_log_ratios, expected);
    }

    /// An undecided row that no look decides can still be brought within ±2 %: one at 1.0
    /// with a 2.2 % spread reaches past ±2 % at 8 processes, and gets looks until it does
    /// not (16); one at ±10 % ([`value`]'s comparison 4) never comes within, and gets none.
    #[test]
    fn undecided_rows_past_two_percent_get_processes_while_they_can_be_bounded() {
        let design = Design::for_profile(Profile::Quick);
        let wide = |i: u32| {
            let spread = [0.035, -0.035, 0.02, -0.02, 0.01, -0.01, 0.0, 0.0];
            let sign = if i.is_multiple_of(2) { 1.0 } else { -1.0 };
            process(spread[i as usize % 8], sign * 0.0005)
        };
        let mut runs = vec![
            Some((0..8).map(wide).collect::<Vec<_>>()),
            Some((0..8).map(|i| value(4, i)).collect()),
        ];
        let c = decide(runs[0].as_ref().unwrap(), &design).unwrap();
        let row = &c.rows[1];
        assert_eq!(row.paired.verdict, Verdict::Undecided);
        assert!(!in_reach_of(&design, &row.across, &c), "no look decides it");
        assert!(
            reaches_past(&row.paired.ratio, UNDECIDED_BOUND),
            "{:?}",
            row.paired.ratio
        );
        let extra = sample_until_decided(
            &mut runs,
            &design,
            || 1e9,
            |k, i| Ok(if k == 0 { wide(i) } else { value(4, i) }),
        );
        assert_eq!((extra, lens(&runs)), (8, vec![Some(16), Some(8)]));
        let c = decide(runs[0].as_ref().unwrap(), &design).unwrap();
        let r = c.rows[1].paired.ratio;
        assert!(!reaches_past(&r, UNDECIDED_BOUND), "{r:?}");
    }

    /// Runs `sample_until_decided` with no limit on time, process `i` of comparison `k`
    /// measuring `value(k, i)`; returns the processes run, in order.
    fn calls_unbounded(
        runs: &mut [Option<Vec<ProcessRun>>],
        design: &Design,
        value: impl Fn(usize, u32) -> ProcessRun,
    ) -> Vec<(usize, u32)> {
        let mut calls = Vec::new();
        sample_until_decided(
            runs,
            design,
            || 1e9,
            |k, i| {
                calls.push((k, i));
                Ok(value(k, i))
            },
        );
        calls
    }

    /// A table that is decided but noisy gets its looks only when no undecided row can
    /// get one, and then even while an undecided table's look does not fit the time left:
    /// the undecided table's processes take 1 s (a look 4.12 s) with 2 s left.
    #[test]
    fn a_noisy_table_gets_the_time_an_undecided_table_s_look_does_not_fit() {
        let design = Design::for_profile(Profile::Quick);
        let dear = |i: u32| ProcessRun {
            wall_secs: 1.0,
            ..value(1, i)
        };
        // Comparison 0 is the noisy table ([`value`]'s 2), 1 the dear undecided one.
        let measure = |k: usize, i: u32| if k == 0 { value(2, i) } else { dear(i) };
        let fresh = || -> Vec<Option<Vec<ProcessRun>>> {
            (0..2)
                .map(|k| Some((0..8).map(|i| measure(k, i)).collect()))
                .collect()
        };
        let mut runs = fresh();
        let calls = calls_unbounded(&mut runs, &design, measure);
        let first_noisy = calls.iter().position(|c| c.0 == 0);
        let last_undecided = calls.iter().rposition(|c| c.0 == 1);
        assert!(first_noisy > last_undecided, "{calls:?}");
        let mut runs = fresh();
        let spent = std::cell::Cell::new(0.0);
        sample_until_decided(
            &mut runs,
            &design,
            || 2.0 - spent.get(),
            |k, i| {
                spent.set(spent.get() + 0.13);
                Ok(measure(k, i))
            },
        );
        assert_eq!(lens(&runs), [Some(20), Some(8)]);
    }

    /// Runs `sample_until_decided` on [`fixed`] with `budget` seconds, each process
    /// charging `charge(k)` seconds to the clock.
    fn with_budget(budget: f64, charge: impl Fn(usize) -> f64) -> (Vec<Option<usize>>, u32) {
        let design = Design::for_profile(Profile::Quick);
        let mut runs = fixed();
        let spent = std::cell::Cell::new(0.0);
        let extra = sample_until_decided(
            &mut runs,
            &design,
            || budget - spent.get(),
            |k, i| {
                spent.set(spent.get() + charge(k));
                Ok(value(k, i))
            },
        );
        (lens(&runs), extra)
    }

    #[test]
    fn the_budget_goes_to_whole_looks_that_fit_and_a_spent_budget_cuts_back() {
        // Costs as estimated (0.13 s a process, 1.03 s for comparison 3): comparison 3's
        // look (4.12 s) never fits the time; comparison 1 gets two looks (0.52 s each), not
        // a third (0.46 s left of 1.5 s); the noisy table 2 waits behind the undecided rows.
        let estimated = |k: usize| if k == 3 { 1.03 } else { 0.13 };
        assert_eq!(
            with_budget(1.5, estimated),
            (vec![Some(8), Some(16), Some(8), Some(8), Some(8)], 8)
        );
        // With 2 s it gets every look, to the design's last (20).
        assert_eq!(
            with_budget(2.0, estimated),
            (vec![Some(8), Some(20), Some(8), Some(8), Some(8)], 12)
        );
        // Processes dearer than estimated: the time runs out inside a look, which is cut
        // back to the last planned one.
        assert_eq!(
            with_budget(1.0, |_| 0.5),
            (vec![Some(8), Some(8), Some(8), Some(8), Some(8)], 0)
        );
    }

    #[test]
    fn a_failed_process_drops_its_comparison_and_smoke_has_no_second_look() {
        let design = Design::for_profile(Profile::Quick);
        let mut runs = fixed();
        let extra = sample_until_decided(
            &mut runs,
            &design,
            || 1e9,
            |k, i| {
                if k == 2 {
                    Err(())
                } else {
                    Ok(value(k, i))
                }
            },
        );
        assert_eq!(lens(&runs), [Some(8), Some(20), None, Some(20), Some(8)]);
        assert_eq!(extra, 24);
        let mut two: Vec<_> = (0..5)
            .map(|k| Some((0..2).map(|i| value(k, i)).collect()))
            .collect();
        let smoke = Design::for_profile(Profile::Smoke);
        let extra = sample_until_decided(&mut two, &smoke, || 1e9, |_, _| unreachable!());
        assert_eq!((extra, lens(&two)), (0, vec![Some(2); 5]));
    }

    /// The widest undecided comparison gets its look first, even when its processes cost
    /// more: a dear one of ±4 % around 3 % before a cheap one of ±2 % around 2 %.
    #[test]
    fn the_widest_undecided_comparison_is_sampled_first() {
        let design = Design::for_profile(Profile::Quick);
        let wide = |i: u32| {
            let sign = if i.is_multiple_of(2) { 1.0 } else { -1.0 };
            ProcessRun {
                wall_secs: 1.0,
                ..process(0.03 + sign * 0.04, sign * 0.0005)
            }
        };
        let mut runs: Vec<Option<Vec<ProcessRun>>> = vec![
            Some((0..8).map(|i| value(1, i)).collect()),
            Some((0..8).map(wide).collect()),
        ];
        let calls = calls_unbounded(&mut runs, &design, |k, i| {
            if k == 0 {
                value(1, i)
            } else {
                wide(i)
            }
        });
        assert_eq!(calls.first(), Some(&(1, 8)), "{calls:?}");
        assert!(calls.contains(&(0, 8)), "{calls:?}");
    }
}
