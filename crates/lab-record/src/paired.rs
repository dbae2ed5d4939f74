//! Statistics of paired, interleaved comparisons: from per-round log ratios to a verdict
//! that holds across memory layouts.
//!
//! Why: the same code measured in two processes can differ by more than the effects the lab
//! looks for, mostly because of *where* stack, buffers and code land (4K aliasing, cache
//! sets, branch predictor aliasing), not because of the code. Within one layout a paired,
//! interleaved measurement is precise, but precise about that one layout
//! (docs/measurement.md, "Why layouts"). So the unit of
//! evidence is a *layout*: each layout (a fresh process, or a deliberate in-process stack /
//! heap shift) contributes one mean log ratio, and the interval is a t interval over
//! layouts, so the layout spread is inside it.
//!
//! Pipeline (pure functions, shared by bench-lab and xtask):
//! 1. [`summarize_rounds`]: one layout's per-round `ln(row / baseline)` → [`LayoutSummary`].
//! 2. [`across_layouts`]: the per-layout means → [`Across`] (mean, 95 % t interval, layout
//!    SD and range, all in log space; [`Across::ratio`] exponentiates).
//! 3. [`noise_band`]: the A/A control's [`Across`] → the table's band.
//! 4. The verdict: `crate::sequential::decide` (margin, `undecided`), through
//!    `crate::sequential::combine_sequential_twins` for `lab paired` and bench-all's paired
//!    pass (two A/A twins: the rows against the twins' band, each twin against the other's;
//!    one A/A control: against its reach, `crate::sequential::combine_sequential`), and
//!    lab-report's `analysis::ab::row` for `cargo xtask ab` and `--peer-path` (one A/A
//!    control per round: the reach rule).

use crate::{BenchId, Control, Paired, Ratio, Verdict};
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, StudentsT};

/// The smallest noise band a table gets, whatever its A/A control says: 0.5 %. Below that,
/// frequency and thermal drift between rounds are not something an A/A run of a minute
/// can rule out.
pub const MIN_BAND: f64 = 0.005;

/// One layout's paired result for one row, from its per-round log ratios
/// `ln(t_row / t_baseline)`: their interquartile mean (what is combined across layouts),
/// plain mean, count, and standard deviation (the within-layout noise; the interval does
/// not use it, it shows how precise a layout is).
///
/// Why the interquartile mean: on a loaded machine a round whose batch was preempted gives
/// a log ratio far off (either sign, since the order is random), while the middle of the
/// distribution is tight. Dropping the outer quarters on both sides removes
/// those rounds without a threshold to tune and, the tails being symmetric, without bias.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LayoutSummary {
    /// Interquartile mean: the mean of the middle half of the sorted log ratios
    /// (`n / 4` dropped at each end).
    pub iq_mean_log: f64,
    pub mean_log: f64,
    pub rounds: u32,
    /// Sample standard deviation of the per-round log ratios (0 with fewer than 2 rounds).
    pub sd_log: f64,
}

/// Mean and sample SD (n - 1) of `xs`; SD is 0 for fewer than two values.
fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let sd = if xs.len() < 2 {
        0.0
    } else {
        (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)).sqrt()
    };
    (mean, sd)
}

/// Summarises one layout's per-round log ratios; `None` when there are none or one is not
/// finite (a zero or negative time upstream).
pub fn summarize_rounds(log_ratios: &[f64]) -> Option<LayoutSummary> {
    if log_ratios.is_empty() || log_ratios.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let (mean_log, sd_log) = mean_sd(log_ratios);
    let mut sorted = log_ratios.to_vec();
    sorted.sort_by(f64::total_cmp);
    let cut = sorted.len() / 4;
    let (iq_mean_log, _) = mean_sd(&sorted[cut..sorted.len() - cut]);
    Some(LayoutSummary {
        iq_mean_log,
        mean_log,
        rounds: log_ratios.len() as u32,
        sd_log,
    })
}

/// Student's t quantile `t_p` with `df` degrees of freedom (infinite for `df = 0`): the one
/// t quantile of the workspace (statrs).
pub fn t_quantile(p: f64, df: u32) -> f64 {
    match StudentsT::new(0.0, 1.0, f64::from(df)) {
        Ok(t) if df > 0 => t.inverse_cdf(p),
        _ => f64::INFINITY,
    }
}

/// A row's ratio to the baseline across layouts, in log space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Across {
    /// Mean of the per-layout mean log ratios.
    pub mean_log: f64,
    /// The point estimate the interval is taken around, the one reported: the mean for a t
    /// interval, the Hodges–Lehmann estimate (the median of the Walsh averages) for a
    /// Hodges–Lehmann interval (`sequential::location`). It always lies within the
    /// interval, where the mean of a skewed sample can lie outside a Hodges–Lehmann one.
    pub estimate_log: f64,
    /// The interval over layouts: 95 % t of the mean (`df = layouts - 1`) here, the look's
    /// level and method in `sequential::intervals_at`.
    pub lower_log: f64,
    pub upper_log: f64,
    /// Sample SD of the per-layout mean log ratios (the layout spread).
    pub layout_sd: f64,
    /// Smallest and largest per-layout mean log ratio.
    pub min_log: f64,
    pub max_log: f64,
    /// How many layouts.
    pub layouts: u32,
}

impl Across {
    /// The estimate and interval as ratios (`exp` of the log values).
    pub fn ratio(&self) -> Ratio {
        Ratio {
            estimate: self.estimate_log.exp(),
            lower: self.lower_log.exp(),
            upper: self.upper_log.exp(),
        }
    }

    /// Half the interval's width, in log units (≈ relative half-width).
    pub fn half_width_log(&self) -> f64 {
        (self.upper_log - self.lower_log) / 2.0
    }
}

/// Combines per-layout mean log ratios into the across-layout estimate and its 95 % t
/// interval. Needs at least two layouts (one layout has no spread to put in the interval);
/// `None` otherwise or when a value is not finite.
pub fn across_layouts(layout_means: &[f64]) -> Option<Across> {
    if layout_means.len() < 2 || layout_means.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let n = layout_means.len();
    let (mean, sd) = mean_sd(layout_means);
    let half = t_quantile(0.975, n as u32 - 1) * sd / (n as f64).sqrt();
    Some(Across {
        mean_log: mean,
        estimate_log: mean,
        lower_log: mean - half,
        upper_log: mean + half,
        layout_sd: sd,
        min_log: layout_means.iter().copied().fold(f64::INFINITY, f64::min),
        max_log: layout_means
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max),
        layouts: n as u32,
    })
}

/// The table's noise band from its A/A control (the baseline against a copy of itself):
/// how far from 1 the A/A interval reaches, `exp(max(|lower|, |upper|)) - 1`, i.e. the
/// |A/A estimate| plus the half-width of its interval, and never below [`MIN_BAND`]. A row
/// is called different only when its whole interval lies beyond what two copies of the
/// same code can show.
pub fn noise_band(aa: &Across) -> f64 {
    let reach = aa.lower_log.abs().max(aa.upper_log.abs());
    (reach.exp() - 1.0).max(MIN_BAND)
}

// ---------------------------------------------------------------------------------------
// What one `lab paired --json` process prints, and how processes are combined. These are
// plain data and pure functions, here so that xtask (which does not depend on bench-lab)
// can spawn `lab paired` itself and combine its output.
// ---------------------------------------------------------------------------------------

/// How a process measures a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// Rounds per layout.
    pub rounds: u32,
    /// Layouts (stack offset + heap placement) sampled in this process.
    pub layouts: u32,
    /// Seeds the visiting order and the layouts; give each process its own.
    pub seed: u64,
    /// Target time of one batch (one case, one round), calibrated once per process.
    pub batch_ns: u64,
    /// Upper bound on the timed rounds of this process, in milliseconds: when the
    /// calibrated cost of `layouts × rounds` exceeds it, fewer rounds per layout are run
    /// (at least 5). For workloads whose single iteration takes milliseconds (the mainnet
    /// mix, reconcile), so one comparison stays within its share of the time budget.
    #[serde(default)]
    pub budget_ms: Option<u64>,
    /// Move the stack and heap between layouts (the default); `false` keeps one placement
    /// for every layout, to measure how much the in-process layout changes matter.
    #[serde(default = "yes")]
    pub randomize_layout: bool,
}

fn yes() -> bool {
    true
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rounds: 60,
            layouts: 4,
            seed: 1,
            batch_ns: 500_000,
            budget_ms: None,
            randomize_layout: true,
        }
    }
}

/// One row's result in one process: a summary per layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowRun {
    /// The row's id (its fields written inline, as in the plan); an A/A row's is its
    /// baseline's (it runs the baseline's code).
    #[serde(flatten)]
    pub id: BenchId,
    /// `aa` for the A/A control (the baseline's twin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
    /// For an A/A row: which copy of the baseline's code it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin: Option<String>,
    /// Iterations per timed batch.
    pub iters_per_batch: u64,
    /// Per layout: `ln(t_row / t_baseline)` per item over the rounds (interquartile mean,
    /// mean, SD).
    pub layouts: Vec<LayoutSummary>,
    /// The row's own time in this process: the interquartile mean over all its timed
    /// rounds of `ln(ns per item)`. Criterion's figure of the row is one draw of it (one
    /// process), so its spread over processes says how far criterion's ratio of two
    /// processes may fall from the paired one ([`Paired::process_time_sd`]). Absent in
    /// older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_ns_per_item: Option<f64>,
}

/// What `lab paired --json` prints for one process.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProcessRun {
    pub baseline: BenchId,
    pub baseline_iters_per_batch: u64,
    /// The baseline's own time in this process, as [`RowRun::log_ns_per_item`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_log_ns_per_item: Option<f64>,
    pub config: Config,
    /// The stack offsets (bytes) of this process's layouts, in order.
    pub stack_offsets: Vec<usize>,
    pub rows: Vec<RowRun>,
    pub wall_secs: f64,
    /// When one iteration of every entry is a set far longer than a batch: the accounts of
    /// each batch, a window of the set (the same window for every entry of a round, at a
    /// random place); `None` when batches are whole iterations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<u64>,
}

/// Which samples count as independent layouts when processes are combined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LayoutUnit {
    /// Every (process, in-process layout) block is one layout sample.
    Block,
    /// One sample per process: the mean over its in-process layouts.
    Process,
}

/// One row combined over processes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RowResult {
    /// The row's id (its fields written inline); an A/A row's is its baseline's.
    #[serde(flatten)]
    pub id: BenchId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Control>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twin: Option<String>,
    /// The across-layout estimate in log space.
    pub across: Across,
    /// What goes in the record's `paired` field (verdict against the A/A band).
    pub paired: Paired,
    /// Mean within-layout SD of the per-round log ratios.
    pub mean_round_sd: f64,
}

/// A comparison combined over processes (`lab paired --processes K --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Combined {
    pub baseline: BenchId,
    pub unit: LayoutUnit,
    pub processes: u32,
    /// The table's band: from the A/A row when there is one, else [`MIN_BAND`].
    pub band: f64,
    pub rows: Vec<RowResult>,
    /// Wall time summed over the processes' measuring (build and spawn excluded).
    pub measure_secs: f64,
}

impl Combined {
    /// The A/A control that sets the band (the widest, when there are several).
    pub fn aa(&self) -> Option<Across> {
        self.rows
            .iter()
            .filter(|r| r.control == Some(Control::Aa))
            .map(|r| r.across)
            .max_by(|a, b| noise_band(a).total_cmp(&noise_band(b)))
    }
}

/// The SDs over processes of a row's and its baseline's `ln(ns per item)`
/// ([`Paired::process_time_sd`]); `None` unless both have at least two processes' times.
/// A value that is not finite (a zero time upstream) gives `None` too.
pub fn process_time_sd(row: &[f64], baseline: &[f64]) -> Option<[f64; 2]> {
    let sd =
        |xs: &[f64]| (xs.len() >= 2 && xs.iter().all(|x| x.is_finite())).then(|| mean_sd(xs).1);
    Some([sd(row)?, sd(baseline)?])
}

/// The per-layout (interquartile-mean) log ratios of `row` over all `runs`, by `unit`.
pub fn layout_means(runs: &[ProcessRun], row: usize, unit: LayoutUnit) -> Vec<f64> {
    let mut out = Vec::new();
    for r in runs {
        let Some(row) = r.rows.get(row) else { continue };
        match unit {
            LayoutUnit::Block => out.extend(row.layouts.iter().map(|l| l.iq_mean_log)),
            LayoutUnit::Process if !row.layouts.is_empty() => out.push(
                row.layouts.iter().map(|l| l.iq_mean_log).sum::<f64>() / row.layouts.len() as f64,
            ),
            LayoutUnit::Process => {}
        }
    }
    out
}

pub(crate) type AcrossFn<'a> = &'a dyn Fn(&[f64]) -> Option<Across>;
/// A row's verdict from its per-layout log ratios and the table's band.
pub(crate) type VerdictFn<'a> = &'a dyn Fn(&[f64], f64) -> Verdict;

pub(crate) fn combine_by(
    runs: &[ProcessRun],
    unit: LayoutUnit,
    across_of: AcrossFn,
    verdict_of: VerdictFn,
) -> Option<Combined> {
    let first = runs.first()?;
    let ids: Vec<_> = first.rows.iter().map(|r| (&r.id, r.control)).collect();
    if runs.iter().any(|r| {
        r.baseline != first.baseline
            || r.rows
                .iter()
                .map(|x| (&x.id, x.control))
                .collect::<Vec<_>>()
                != ids
    }) {
        return None;
    }
    let means: Vec<Vec<f64>> = (0..ids.len())
        .map(|i| layout_means(runs, i, unit))
        .collect();
    let across: Vec<Across> = means.iter().map(|m| across_of(m)).collect::<Option<_>>()?;
    let band = first
        .rows
        .iter()
        .zip(&across)
        .filter(|(r, _)| r.control == Some(Control::Aa))
        .map(|(_, a)| noise_band(a))
        .fold(MIN_BAND, f64::max);
    let baseline_times: Vec<f64> = runs
        .iter()
        .filter_map(|p| p.baseline_log_ns_per_item)
        .collect();
    let rows = first
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let times: Vec<f64> = runs
                .iter()
                .filter_map(|p| p.rows[i].log_ns_per_item)
                .collect();
            let sds: Vec<f64> = runs
                .iter()
                .flat_map(|p| p.rows[i].layouts.iter().map(|l| l.sd_log))
                .collect();
            let a = across[i];
            let ratio = a.ratio();
            RowResult {
                id: r.id.clone(),
                control: r.control,
                twin: r.twin.clone(),
                across: a,
                paired: Paired {
                    baseline: first.baseline.clone(),
                    verdict: verdict_of(&means[i], band),
                    ratio,
                    band,
                    layouts: Some(a.layouts),
                    layout_sd: Some(a.layout_sd),
                    layout_range: Some([a.min_log.exp(), a.max_log.exp()]),
                    layout_log_ratios: means[i].clone(),
                    reach: None,
                    placement: None,
                    process_time_sd: process_time_sd(&times, &baseline_times),
                },
                mean_round_sd: sds.iter().sum::<f64>() / sds.len().max(1) as f64,
            }
        })
        .collect();
    Some(Combined {
        baseline: first.baseline.clone(),
        unit,
        processes: runs.len() as u32,
        band,
        rows,
        measure_secs: runs.iter().map(|r| r.wall_secs).sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// A process whose row and baseline took `row` and `baseline` (`ln(ns per item)`).
    fn timed(row: Option<f64>, baseline: Option<f64>) -> ProcessRun {
        ProcessRun {
            baseline: BenchId::sample("b"),
            baseline_iters_per_batch: 1,
            baseline_log_ns_per_item: baseline,
            config: Config::default(),
            stack_offsets: vec![0],
            rows: vec![RowRun {
                id: BenchId::sample("r"),
                control: None,
                twin: None,
                iters_per_batch: 1,
                log_ns_per_item: row,
                layouts: vec![summarize_rounds(&[0.01, 0.02]).unwrap()],
            }],
            wall_secs: 1.0,
            window: None,
        }
    }

    #[test]
    fn each_entrys_own_times_spread_over_processes_reach_the_record() {
        let combine = |runs: &[ProcessRun]| {
            combine_by(
                runs,
                LayoutUnit::Process,
                &|m| across_layouts(m),
                &|_, _| Verdict::Undecided,
            )
            .unwrap()
            .rows[0]
                .paired
                .process_time_sd
        };
        let (ln100, ln110, ln121) = (100f64.ln(), 110f64.ln(), 121f64.ln());
        // Row: ln 100, ln 110, ln 121 (steps of ln 1.1); baseline: ln 100 and ln 121 (one
        // process without it).
        let runs = [
            timed(Some(ln100), Some(ln100)),
            timed(Some(ln110), None),
            timed(Some(ln121), Some(ln121)),
        ];
        let [row, base] = combine(&runs).unwrap();
        assert!(close(row, 1.1f64.ln()), "{row}");
        assert!(close(base, 2f64.sqrt() * 1.1f64.ln()), "{base}");
        // One process's time, or none (older files), gives no spread.
        assert_eq!(combine(&runs[..2]), None);
        assert_eq!(combine(&[timed(None, None), timed(None, None)]), None);
        assert_eq!(process_time_sd(&[1.0, f64::NAN], &[1.0, 2.0]), None);
    }

    #[test]
    fn rounds_summary_is_mean_and_sample_sd() {
        let s = summarize_rounds(&[0.01, 0.03, 0.02, 0.04]).unwrap();
        assert!(close(s.mean_log, 0.025), "{s:?}");
        // n = 4: one dropped at each end, the middle half is 0.02 and 0.03.
        assert!(close(s.iq_mean_log, 0.025), "{s:?}");
        // Outliers on both sides do not move the interquartile mean.
        let t = summarize_rounds(&[0.9, 0.01, 0.02, 0.03, -0.7, 0.02, 0.01, 0.03]).unwrap();
        assert!(close(t.iq_mean_log, 0.02), "{t:?}");
        assert!(close(t.mean_log, 0.32 / 8.0), "{t:?}");
        // deviations ±0.015, ±0.005: sum of squares 0.0005, / 3.
        assert!(close(s.sd_log, (0.0005f64 / 3.0).sqrt()), "{s:?}");
        assert_eq!(s.rounds, 4);
        assert_eq!(summarize_rounds(&[0.5]).unwrap().sd_log, 0.0);
        assert_eq!(summarize_rounds(&[]), None);
        assert_eq!(summarize_rounds(&[0.1, f64::NAN]), None);
    }

    #[test]
    fn t_quantiles_match_the_table() {
        let t = |df| t_quantile(0.975, df);
        for (df, table) in [
            (1, 12.706),
            (3, 3.182),
            (30, 2.042),
            (40, 2.0211),
            (120, 1.9799),
        ] {
            assert!((t(df) - table).abs() < 5e-4, "t({df}) = {}", t(df));
        }
        assert!((t_quantile(0.995, 7) - 3.499).abs() < 5e-4);
        assert!(t(0).is_infinite());
    }

    #[test]
    fn across_layouts_is_a_t_interval_over_layouts() {
        // Four layouts: mean 0.02, deviations -0.01, 0, +0.01, 0 → SD sqrt(0.0002/3).
        let a = across_layouts(&[0.01, 0.02, 0.03, 0.02]).unwrap();
        let sd = (0.0002f64 / 3.0).sqrt();
        let half = t_quantile(0.975, 3) * sd / 2.0;
        assert!(close(a.mean_log, 0.02));
        assert!(close(a.layout_sd, sd));
        assert!(close(a.lower_log, 0.02 - half) && close(a.upper_log, 0.02 + half));
        assert!(close(a.half_width_log(), half));
        assert_eq!((a.min_log, a.max_log, a.layouts), (0.01, 0.03, 4));
        let r = a.ratio();
        assert!(close(r.estimate, 0.02f64.exp()));
        assert!(close(r.lower, (0.02 - half).exp()) && close(r.upper, (0.02 + half).exp()));
        assert_eq!(across_layouts(&[0.01]), None);
        assert_eq!(across_layouts(&[0.01, f64::INFINITY]), None);
    }

    #[test]
    fn band_is_the_aa_reach_with_a_floor() {
        let aa = across_layouts(&[0.001, -0.001]).unwrap();
        // SD = sqrt(0.000002) ; half = t(1) * SD / sqrt(2) = t(1) * 0.001.
        let reach: f64 = t_quantile(0.975, 1) * 0.001;
        assert!((noise_band(&aa) - (reach.exp() - 1.0)).abs() < 1e-12);
        // A tight A/A centred on 0 gets the floor.
        let tight = across_layouts(&[0.0001, 0.0001, 0.0001]).unwrap();
        assert_eq!(noise_band(&tight), MIN_BAND);
        // An off-centre A/A: the far end counts (|estimate| + half-width).
        let off = across_layouts(&[-0.02, -0.02, -0.02]).unwrap();
        assert!((noise_band(&off) - (0.02f64.exp() - 1.0)).abs() < 1e-12);
    }
}
