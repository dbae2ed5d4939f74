//! Sequential sampling of a paired comparison: more processes until the verdict is decided,
//! with an error rate that holds however the run decides to stop.
//!
//! Method: a group-sequential design with **Lan–DeMets alpha spending** (Lan & DeMets 1983,
//! "Discrete sequential boundaries for clinical trials", Biometrika 70(3)) using the
//! **O'Brien–Fleming-type spending function** `α(t) = 2 − 2Φ(z_{1−α/2} / √t)`,
//! `t = n / n_max` ([`Spending`]): almost nothing at the first look, where a shift common to
//! one burst of processes cannot be seen, and more at the looks runs reach.
//! The comparison is looked at only at the planned process counts [`Design::looks`]; look
//! `k` uses a two-sided interval at level `1 − α_k` with `α_k = α(t_k) − α(t_{k−1})`: the
//! Hodges–Lehmann interval of the Wilcoxon signed-rank test ([`IntervalMethod`]; chosen by
//! [`simulate`] over a t and a sign-test interval: it keeps its level where the lab's data
//! have a rare slow layout mode or heavy tails, at a small cost in power). Taking the increments as per-look levels is the Bonferroni
//! bound over looks: the chance that *any* look's interval misses the true ratio is at most
//! `Σ α_k = α`, for any dependence between looks and any data-dependent choice of when to
//! stop (after any look, or because a time budget ran out). It is conservative (the exact
//! group-sequential boundary is narrower) and needs no numerical integration.
//!
//! Verdicts at a look ([`decide`]), symmetric in log space with `m = ln(1 + max(band,
//! margin))`: `faster` / `slower` when the whole `1 − α_k` interval lies beyond `∓m`; `equal`
//! when the whole `1 − 2α_k` interval lies within `±ln(1 + margin)` (two one-sided tests at
//! `α_k` each, Schuirmann 1987) and the table's band is at most [`MAX_EQUAL_BAND`];
//! `undecided` otherwise. The regions are disjoint (the `1 − 2α_k` interval lies inside the
//! `1 − α_k` one) and `equal`'s edge does not move with the band, so two runs can give a row
//! different decided verdicts only if their intervals lie on opposite sides of `1 ± margin`,
//! i.e. one of them missed the true ratio. A table keeps sampling while
//! one of its rows is undecided and a planned look could still decide it ([`in_reach`], from
//! the projection [`reach`]) or its band is wider than [`Design::target_band`]
//! ([`needs_more`]). [`simulate`] runs the whole rule on synthetic per-process log ratios
//! (docs/measurement.md has its figures).

use crate::paired::{Across, Combined, LayoutUnit, ProcessRun, MIN_BAND};
use crate::Profile;
use crate::{Ratio, Verdict};
use serde::{Deserialize, Serialize};
use statrs::distribution::ContinuousCDF;

/// The two-sided error rate a comparison is allowed over all its looks.
pub const ALPHA: f64 = 0.05;

/// The nominal error rate a profile's sequential design spends over its looks
/// ([`Design::for_profile`]): below [`ALPHA`], so that on the lab's own rows (skewed the
/// slow way, with the drift between looks measured in its runs: [`Shape::LabRows`],
/// [`FITTED_DRIFT`]) each wrong side at the margin stays within `ALPHA / 2` up to the
/// design's last look, which spending [`ALPHA`] itself misses (the simulation in
/// docs/measurement.md, "A lower nominal rate for the sequential designs"); the error
/// bound for normal, independent per-process values holds at any nominal rate at or below
/// [`ALPHA`]. A design of one look (`Design::one_look`, `Design::fixed`) has no looks to
/// drift between and spends [`ALPHA`].
pub fn spent_alpha(profile: Profile) -> f64 {
    match profile {
        Profile::Smoke => ALPHA,
        Profile::Quick => 0.0375,
        Profile::Full => 0.03,
    }
}

/// The quick design's looks. Its last is the look the default run's budget, within its
/// 8 minutes of measuring, is meant to reach: a look past it would hold back error rate
/// that no table spends, and so cost every table power at the looks it takes
/// (docs/measurement.md, "The quick design ends at the look its runs reach").
pub const QUICK_LOOKS: [u32; 4] = [8, 12, 16, 20];

/// Whether `looks` can be a design's looks ([`Design::looks`]): at least one, increasing
/// process counts, the first at least 2.
pub fn valid_looks(looks: &[u32]) -> bool {
    looks.first().is_some_and(|&first| first >= 2) && looks.windows(2).all(|w| w[0] < w[1])
}

/// The quick design's looks for a results file that records no `run.looks`
/// ([`crate::RunMeta::design`]).
pub const UNRECORDED_QUICK_LOOKS: [u32; 5] = [8, 12, 16, 20, 24];

/// `equal` means the ratio lies within `1 ± EQUAL_MARGIN`: no difference that matters; a
/// `faster` or `slower` row differs by more (and by more than its table's band).
pub const EQUAL_MARGIN: f64 = 0.01;

/// A table whose A/A band is wider than this has no `equal` rows: identical code differs by
/// more between layouts than the verdict could vouch for.
pub const MAX_EQUAL_BAND: f64 = 0.02;

/// When a comparison is looked at and what its verdicts mean.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    /// Process counts at which the interval is computed, increasing, the first at least 2.
    /// The last is `n_max` of the spending function.
    pub looks: Vec<u32>,
    /// Total two-sided error rate over all looks.
    pub alpha: f64,
    /// `equal` means the ratio lies within `1 ± margin`; `faster` / `slower` beyond it and
    /// beyond the table's band.
    pub margin: f64,
    /// A table whose band is wider than this gets more processes (while looks remain).
    pub target_band: f64,
    /// How a look's intervals are taken.
    pub interval: IntervalMethod,
    /// How `alpha` is spread over the looks.
    pub spending: Spending,
}

impl Design {
    /// The design of bench-all's paired pass per profile: `smoke` one look at 2 processes;
    /// `quick` looks at 8, 12, 16, 20 ([`QUICK_LOOKS`]); `full` at 8, 12, 16, 24, 32. Equal
    /// means within ±1 % ([`EQUAL_MARGIN`]); a band above 1.5 % asks for more processes.
    /// Quick and full take Hodges–Lehmann intervals (t intervals at the first look, whose
    /// level the signed-rank statistic of 8 values cannot reach) and spend the error rate
    /// [`spent_alpha`] O'Brien–Fleming-type (almost none at the first look), smoke (two
    /// processes) t intervals.
    pub fn for_profile(profile: Profile) -> Design {
        let looks = match profile {
            Profile::Smoke => return Design::fixed(2, EQUAL_MARGIN),
            Profile::Full => vec![8, 12, 16, 24, 32],
            Profile::Quick => QUICK_LOOKS.to_vec(),
        };
        Design {
            looks,
            alpha: spent_alpha(profile),
            margin: EQUAL_MARGIN,
            target_band: 0.015,
            interval: IntervalMethod::HodgesLehmann,
            spending: Spending::OBrienFleming,
        }
    }

    /// The profile's design with one look, at `processes`: its interval method with the
    /// whole `alpha` there. For a comparison of a fixed number of rounds that never stops
    /// early (`cargo xtask ab`, `--peer-path`), which spends nothing on looks it never takes.
    pub fn one_look(profile: Profile, processes: u32) -> Design {
        Design {
            looks: vec![processes.max(2)],
            alpha: ALPHA,
            ..Design::for_profile(profile)
        }
    }

    /// One look at `processes`: the whole `alpha` at once (a fixed-sample t interval).
    pub fn fixed(processes: u32, margin: f64) -> Design {
        Design {
            looks: vec![processes],
            alpha: ALPHA,
            margin,
            target_band: 1.0,
            interval: IntervalMethod::StudentT,
            spending: Spending::Pocock,
        }
    }

    /// Cumulative alpha spent by information fraction `t` ([`Design::spending`]).
    pub fn spent(&self, t: f64) -> f64 {
        self.spending.spent(self, t)
    }

    /// The error rate of look `k` (0-based): `α(t_k) − α(t_{k−1})`.
    pub fn look_alpha(&self, k: usize) -> f64 {
        self.spending.look_alpha(self, k)
    }

    /// The look whose interval applies with `processes` processes: the last planned look at
    /// or below it (the first look when there are fewer, e.g. after a failed process).
    pub fn look_at(&self, processes: u32) -> usize {
        self.looks
            .iter()
            .rposition(|&n| n <= processes)
            .unwrap_or(0)
    }

    /// The error rate to use with `processes` processes.
    pub fn alpha_at(&self, processes: u32) -> f64 {
        self.look_alpha(self.look_at(processes))
    }

    /// The next planned process count above `processes`, if any.
    pub fn next_look(&self, processes: u32) -> Option<u32> {
        self.looks.iter().copied().find(|&n| n > processes)
    }
}

/// Student's t quantile: the workspace's one, [`crate::paired::t_quantile`].
pub use crate::paired::t_quantile;

/// Mean, sample SD, min and max of finite values; `None` with fewer than two values.
fn moments(xs: &[f64]) -> Option<(f64, f64, f64, f64)> {
    if xs.len() < 2 || xs.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let sd = (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)).sqrt();
    let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some((mean, sd, min, max))
}

/// How a look's interval over the per-process log ratios is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntervalMethod {
    /// Student's t interval of the mean (`df = n − 1`).
    StudentT,
    /// The Hodges–Lehmann interval of the Wilcoxon signed-rank test (Hollander & Wolfe,
    /// *Nonparametric Statistical Methods*, 3rd ed. 2014, §3.3): the order statistics of the
    /// Walsh averages `(x_i + x_j) / 2, i ≤ j` at the exact signed-rank critical value. Its
    /// level holds for any distribution symmetric about its centre.
    HodgesLehmann,
    /// The sign-test interval of the median (Hollander & Wolfe §3.6): two order statistics
    /// of the values at the binomial critical value. Its level holds for any distribution.
    SignMedian,
    /// The union of the Student t interval (of the mean) and the Hodges–Lehmann interval
    /// (of the pseudo-median): it covers a true mean whenever either does, so a skewed
    /// sample (a rare slow layout) whose pseudo-median lies below its mean keeps the mean's
    /// coverage where the t interval keeps it, at the cost of the wider side of the two.
    StudentTOrHodgesLehmann,
}

impl IntervalMethod {
    /// The method [`intervals_at`] takes with `n` values at level `1 − alpha`: this one, or
    /// Student t where its order statistics cannot reach the level (a Hodges–Lehmann
    /// interval of 5 values at 95 %, say).
    pub fn at(self, n: usize, alpha: f64) -> IntervalMethod {
        let reaches = match self {
            IntervalMethod::StudentT => true,
            IntervalMethod::HodgesLehmann | IntervalMethod::StudentTOrHodgesLehmann => {
                order_statistic_depth(&signed_rank_cdf(n), alpha).is_some()
            }
            IntervalMethod::SignMedian => {
                order_statistic_depth(&binomial_half_cdf(n), alpha).is_some()
            }
        };
        if reaches {
            self
        } else {
            IntervalMethod::StudentT
        }
    }

    /// The interval's name in a sentence ("a 95 % {name} interval").
    pub fn name(self) -> &'static str {
        match self {
            IntervalMethod::StudentT => "t",
            IntervalMethod::HodgesLehmann => "Hodges–Lehmann",
            IntervalMethod::SignMedian => "sign-test",
            IntervalMethod::StudentTOrHodgesLehmann => "t ∪ Hodges–Lehmann",
        }
    }
}

/// A row's intervals at one look, in log space: what [`decide`] reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Intervals {
    /// The two-sided `1 − α_k` interval: `faster` / `slower` and the reported interval.
    pub lower: f64,
    pub upper: f64,
    /// The two-sided `1 − 2α_k` interval: `equal` (two one-sided tests at `α_k` each).
    pub equal_lower: f64,
    pub equal_upper: f64,
}

impl Intervals {
    /// Both intervals from one `1 − α` ratio interval: the conservative choice where only
    /// that interval is known (an older file, a quotient of two rows).
    pub fn from_ratio(ratio: &Ratio) -> Intervals {
        let (lower, upper) = (ratio.lower.ln(), ratio.upper.ln());
        Intervals {
            lower,
            upper,
            equal_lower: lower,
            equal_upper: upper,
        }
    }
}

/// `P(W ≤ w)` for `w = 0..=n(n+1)/2` of the Wilcoxon signed-rank statistic `W` of `n`
/// values under the null (each rank's sign a fair coin), by the recurrence over ranks.
fn signed_rank_cdf(n: usize) -> Vec<f64> {
    let max = n * (n + 1) / 2;
    let mut p = vec![0.0; max + 1];
    p[0] = 1.0;
    for rank in 1..=n {
        for w in (0..=max).rev() {
            let with = if w >= rank { p[w - rank] } else { 0.0 };
            p[w] = (p[w] + with) / 2.0;
        }
    }
    let mut acc = 0.0;
    for x in &mut p {
        acc += *x;
        *x = acc;
    }
    p
}

/// `P(B ≤ k)` for `k = 0..=n` of `B ~ Binomial(n, 1/2)`.
fn binomial_half_cdf(n: usize) -> Vec<f64> {
    let mut p = vec![0.0; n + 1];
    p[0] = 1.0;
    for _ in 0..n {
        for k in (0..=n).rev() {
            let with = if k > 0 { p[k - 1] } else { 0.0 };
            p[k] = (p[k] + with) / 2.0;
        }
    }
    let mut acc = 0.0;
    for x in &mut p {
        acc += *x;
        *x = acc;
    }
    p
}

/// The number `c` of order statistics to drop at each end of `sorted` so that the interval
/// `[sorted[c], sorted[len − 1 − c]]` has level at least `1 − alpha`, given the null CDF of
/// the count statistic: the largest `c` with `cdf[c − 1] ≤ alpha / 2`. `None` when even the
/// extremes do not reach the level (too few values).
fn order_statistic_depth(cdf: &[f64], alpha: f64) -> Option<usize> {
    let c = cdf.iter().take_while(|&&p| p <= alpha / 2.0).count();
    (c > 0).then_some(c)
}

/// The Walsh averages of `xs`: `(x_i + x_j) / 2` for every `i ≤ j`, unsorted.
fn walsh_averages(xs: &[f64]) -> Vec<f64> {
    let n = xs.len();
    let mut walsh = Vec::with_capacity(n * (n + 1) / 2);
    for i in 0..n {
        for j in i..n {
            walsh.push((xs[i] + xs[j]) / 2.0);
        }
    }
    walsh
}

/// A two-sided interval at level `1 − alpha` of `xs` (finite, at least two) by `method`,
/// in the units of `xs`; `None` when there are too few values for the level.
pub fn interval(method: IntervalMethod, xs: &[f64], alpha: f64) -> Option<(f64, f64)> {
    let (mean, sd, _, _) = moments(xs)?;
    let n = xs.len();
    match method {
        IntervalMethod::StudentT => {
            let half = t_quantile(1.0 - alpha / 2.0, n as u32 - 1) * sd / (n as f64).sqrt();
            Some((mean - half, mean + half))
        }
        IntervalMethod::HodgesLehmann => {
            let mut walsh = walsh_averages(xs);
            walsh.sort_by(f64::total_cmp);
            let c = order_statistic_depth(&signed_rank_cdf(n), alpha)?;
            Some((walsh[c - 1], walsh[walsh.len() - c]))
        }
        IntervalMethod::SignMedian => {
            let mut sorted = xs.to_vec();
            sorted.sort_by(f64::total_cmp);
            let c = order_statistic_depth(&binomial_half_cdf(n), alpha)?;
            Some((sorted[c - 1], sorted[n - c]))
        }
        IntervalMethod::StudentTOrHodgesLehmann => {
            let (tl, tu) = interval(IntervalMethod::StudentT, xs, alpha)?;
            match interval(IntervalMethod::HodgesLehmann, xs, alpha) {
                Some((hl, hu)) => Some((tl.min(hl), tu.max(hu))),
                None => Some((tl, tu)),
            }
        }
    }
}

/// The point estimate `method`'s interval of `xs` (finite, at least one) is taken around:
/// the mean for Student t and for the union of t and Hodges–Lehmann (whose interval holds
/// the t interval, so the mean), the Hodges–Lehmann estimate (the median of the Walsh
/// averages `(x_i + x_j) / 2, i ≤ j`; Hollander & Wolfe §3.2) for Hodges–Lehmann, the median
/// for the sign test. Each lies within its own method's interval at any level.
pub fn location(method: IntervalMethod, xs: &[f64]) -> f64 {
    match method {
        IntervalMethod::StudentT | IntervalMethod::StudentTOrHodgesLehmann => {
            xs.iter().sum::<f64>() / xs.len() as f64
        }
        IntervalMethod::HodgesLehmann => median(&walsh_averages(xs)),
        IntervalMethod::SignMedian => median(xs),
    }
}

/// The across-layout estimate with a two-sided t interval at level `1 − alpha`.
pub fn across_at(layout_means: &[f64], alpha: f64) -> Option<Across> {
    let (mean, sd, min_log, max_log) = moments(layout_means)?;
    let n = layout_means.len();
    let half = t_quantile(1.0 - alpha / 2.0, n as u32 - 1) * sd / (n as f64).sqrt();
    Some(Across {
        mean_log: mean,
        estimate_log: mean,
        lower_log: mean - half,
        upper_log: mean + half,
        layout_sd: sd,
        min_log,
        max_log,
        layouts: n as u32,
    })
}

/// The across-layout estimate at a look with error rate `alpha`: its `1 − alpha` interval
/// (in the [`Across`], the record's interval) and its `1 − 2·alpha` interval for `equal`, by
/// `method`. `None` with fewer than two values, a value not finite, or too few values for
/// the level. A method that cannot reach the level with so few values (Hodges–Lehmann
/// below 8 values at the quick design's first look) falls back to the t interval.
pub fn intervals_at(method: IntervalMethod, xs: &[f64], alpha: f64) -> Option<(Across, Intervals)> {
    let (mean, sd, min_log, max_log) = moments(xs)?;
    // Each interval with the method that reached its level; the estimate is the one the
    // reported (`1 − alpha`) interval is taken around.
    let at = |alpha: f64| match interval(method, xs, alpha) {
        Some(iv) => Some((iv, method)),
        None => Some((
            interval(IntervalMethod::StudentT, xs, alpha)?,
            IntervalMethod::StudentT,
        )),
    };
    let ((lower, upper), taken) = at(alpha)?;
    let ((equal_lower, equal_upper), _) = at((2.0 * alpha).min(1.0))?;
    let centre = location(taken, xs);
    let across = Across {
        mean_log: mean,
        estimate_log: centre,
        lower_log: lower,
        upper_log: upper,
        layout_sd: sd,
        min_log,
        max_log,
        layouts: xs.len() as u32,
    };
    Some((
        across,
        Intervals {
            lower,
            upper,
            equal_lower,
            equal_upper,
        },
    ))
}

/// The verdict of a row's intervals against its table's `band` and the design's `margin`
/// (module docs), symmetric in log space with `m = ln(1 + max(band, margin))`: `faster` when
/// the `1 − α_k` interval lies below `−m`, `slower` when it lies above `m`; `equal` when the
/// `1 − 2α_k` interval lies within `±ln(1 + margin)` (two one-sided tests at `α_k`) and
/// `band <= MAX_EQUAL_BAND`; else `undecided`.
pub fn decide(iv: &Intervals, band: f64, margin: f64) -> Verdict {
    let m = band.max(margin).ln_1p();
    let e = margin.ln_1p();
    if iv.upper < -m {
        Verdict::Faster
    } else if iv.lower > m {
        Verdict::Slower
    } else if band <= MAX_EQUAL_BAND && iv.equal_lower >= -e && iv.equal_upper <= e {
        Verdict::Equal
    } else {
        Verdict::Undecided
    }
}

/// The smallest relative effect a row finds (`slower`) 80 % of the time at its table's
/// `band`, the design's `margin`, its interval's half-width `half_width_log` at the look
/// it stopped at, its per-process `sd` and `processes`: `exp(ln(1 + max(band, margin)) +
/// half_width_log + t_0.8 · sd / √processes) − 1` (the interval must clear the threshold,
/// and the estimate lands that far above its truth 80 % of the time). `0.033` for
/// "finds a 3.3 % difference 80 % of the time".
pub fn detectable(band: f64, margin: f64, half_width_log: f64, sd: f64, processes: u32) -> f64 {
    let n = processes.max(2);
    let odds = t_quantile(REACH_ODDS, n - 1) * sd / f64::from(n).sqrt();
    (band.max(margin).ln_1p() + half_width_log + odds).exp() - 1.0
}

/// The smallest |effect| a ratio's interval excludes: how far from 1 it reaches, as a
/// fraction (`0.018` for "|effect| < 1.8 %").
pub fn excludes(ratio: &Ratio) -> f64 {
    (1.0 - ratio.lower).max(ratio.upper - 1.0).max(0.0)
}

/// Whether a table should get another look: one of its undecided rows is within reach of a
/// planned look ([`in_reach`]) or the band is wider than the target, and a planned look
/// remains after `processes`.
pub fn needs_more(design: &Design, processes: u32, band: f64, undecided_in_reach: bool) -> bool {
    let open = band > design.target_band || undecided_in_reach;
    open && design.next_look(processes).is_some()
}

/// The most processes [`reach`] projects to: a row that needs more sits on an edge.
pub const REACH_CAP: u32 = 10_000;

/// How many processes would decide an undecided row if its mean ratio and the spreads held
/// ([`reach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// A planned look of the design, at this many processes: more time (`--budget`)
    /// decides it.
    Look(u32),
    /// About this many processes, past the design's last look (at that look's error rate).
    Beyond(u32),
    /// Not within [`REACH_CAP`] processes: the estimate lies on the edge of `1 ± margin`
    /// (or of the band), where no run at this spread can place it.
    Edge,
}

/// Projects an undecided row to more processes. At `n` processes the row's interval is its
/// per-process mean log ratio moved `shift` standard errors (`layout_sd / √layouts`)
/// towards the verdict tried, ± `t · layout_sd / √n` at that look's error rate; the band is
/// the A/A control's |mean| moved `shift` standard errors towards 0, plus its half-width at
/// `n` (as [`crate::paired::noise_band`]); the verdict is [`decide`]'s. The answer is the
/// first planned look after `row.layouts` that decides the row, else the fewest processes
/// that would at the last look's error rate. With `odds` above one half the interval is
/// widened by the estimate's own sampling error at `n` (`t_odds · layout_sd / √n`; for
/// `equal`, which the estimate can miss on either side, the two-sided quantile): the
/// count at which a row whose true ratio is its estimate is decided with those odds (the
/// report uses [`REACH_ODDS`]; one half is the count at about even odds).
/// `shift = 0` is the plain projection (the report's figure); [`in_reach`] uses
/// [`REACH_SHIFT`] at even odds, so that a row stays open while a
/// verdict is within that many standard errors of its estimate.
pub fn reach(design: &Design, row: &Across, aa: &Across, shift: f64, odds: f64) -> Reach {
    let aa_mean = moved_towards_zero(aa, shift).abs();
    let band = |t: f64| ((aa_mean + t * aa.layout_sd).exp() - 1.0).max(MIN_BAND);
    reach_by(design, row, &band, shift, odds)
}

/// A row's or control's standard error, `layout_sd / √layouts`.
fn standard_error(a: &Across) -> f64 {
    a.layout_sd / f64::from(a.layouts.max(1)).sqrt()
}

/// `a`'s mean log ratio moved `shift` standard errors towards 0 (not past it).
fn moved_towards_zero(a: &Across, shift: f64) -> f64 {
    let mean = a.mean_log;
    mean.signum() * (mean.abs() - shift * standard_error(a)).max(0.0)
}

/// [`reach`] with the band a function of `t_{1−α/2} / √n` at the projected look (the A/A
/// interval's half-width per unit SD there).
fn reach_by(
    design: &Design,
    row: &Across,
    band_at: &dyn Fn(f64) -> f64,
    shift: f64,
    odds: f64,
) -> Reach {
    let se = standard_error;
    let moved = |mean: f64, by: f64| mean.signum() * (mean.abs() - by).max(0.0);
    let decided = |n: u32, alpha: f64| {
        let df = n.saturating_sub(1);
        let t = t_quantile(1.0 - alpha / 2.0, df) / f64::from(n).sqrt();
        let t_equal = t_quantile(1.0 - alpha, df) / f64::from(n).sqrt();
        let odds_at = |p: f64| {
            if odds > 0.5 {
                t_quantile(p, df) / f64::from(n).sqrt()
            } else {
                0.0
            }
        };
        // `equal` needs the estimate near 1 on both sides, so its odds are two-sided: exact
        // for a true ratio of 1, conservative away from it.
        let (t_odds, t_odds_equal) = (odds_at(odds), odds_at((1.0 + odds) / 2.0));
        let band = band_at(t);
        let (h, h_equal, by) = (
            (t + t_odds) * row.layout_sd,
            (t_equal + t_odds_equal) * row.layout_sd,
            shift * se(row),
        );
        let at = |mean: f64| Intervals {
            lower: mean - h,
            upper: mean + h,
            equal_lower: mean - h_equal,
            equal_upper: mean + h_equal,
        };
        let tried = [
            (row.mean_log - by, Verdict::Faster),
            (row.mean_log + by, Verdict::Slower),
            (moved(row.mean_log, by), Verdict::Equal),
        ];
        tried
            .iter()
            .any(|&(mean, v)| decide(&at(mean), band, design.margin) == v)
    };
    for (k, &n) in design.looks.iter().enumerate() {
        if n > row.layouts && decided(n, design.look_alpha(k)) {
            return Reach::Look(n);
        }
    }
    let last = design.looks.len().saturating_sub(1);
    let alpha = design.look_alpha(last);
    if !decided(REACH_CAP, alpha) {
        return Reach::Edge;
    }
    let first = design.looks.last().copied().unwrap_or(2).max(row.layouts);
    // `decided` only gains with n at one error rate (the interval and the band narrow).
    let (mut lo, mut hi) = (first, REACH_CAP);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if decided(mid, alpha) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Reach::Beyond(hi)
}

/// The odds at which the report's [`reach`] projects an undecided row: the process count
/// that decides it 80 % of the time if its estimate is the true ratio.
pub const REACH_ODDS: f64 = 0.8;

/// How many standard errors [`in_reach`] moves a row's estimate towards a verdict. With
/// 1.5 the quick design's simulated power for a 2 % effect at a 1 % spread stays within
/// 0.2 points of sampling every undecided row to the last look, while rows on the margin's
/// edge stop at about 15 processes instead of 24, the last look of the design simulated
/// (docs/measurement.md).
pub const REACH_SHIFT: f64 = 1.5;

/// Whether a planned look could decide the row if its estimate were [`REACH_SHIFT`]
/// standard errors nearer a verdict: bench-all's sampling gives processes only to such rows
/// (a futility rule; the error bound holds for any stopping rule).
pub fn in_reach(design: &Design, row: &Across, aa: &Across) -> bool {
    matches!(reach(design, row, aa, REACH_SHIFT, 0.5), Reach::Look(_))
}

/// How far an undecided row's interval may reach from 1 and still be an answer: within
/// ±2 % it bounds the effect ("no more than 2 % apart") though it decides nothing.
pub const UNDECIDED_BOUND: f64 = 0.02;

/// Whether the design's last look could bring a row's interval within `1 ± bound`: at that
/// look's error rate and the row's layout spread, `|mean| + t · layout_sd / √n` stays
/// inside `ln(1 + bound)` (the plain projection of [`reach`], for a bound in place of a
/// verdict). A row that no look decides ([`in_reach`] false) can still be worth processes
/// when this holds and its interval reaches past the bound now.
pub fn bound_in_reach(design: &Design, row: &Across, bound: f64) -> bool {
    let Some(&n) = design.looks.last() else {
        return false;
    };
    let alpha = design.look_alpha(design.looks.len() - 1);
    let t = t_quantile(1.0 - alpha / 2.0, n.saturating_sub(1)) / f64::from(n).sqrt();
    row.mean_log.abs() + t * row.layout_sd <= bound.ln_1p()
}

// ---------------------------------------------------------------------------------------
// The band from two independent A/A twins.
// ---------------------------------------------------------------------------------------

/// Where a table's noise band comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BandRule {
    /// One A/A twin: the band is how far its interval reaches
    /// ([`crate::paired::noise_band`]). The twin itself cannot be decided (the band is at
    /// least its own reach), and a row needs its interval beyond the twin's interval.
    Reach,
    /// Two A/A twins, distinct copies of the baseline measured in the same processes
    /// ([`twin_rule`]): each twin's band is how far its *estimate* lies from 1
    /// ([`twin_band`]); rows are judged against the wider of the two, and each twin against
    /// the other's, so a twin that is really off is decided `faster` or `slower`.
    Twins,
    /// [`BandRule::Twins`] with the rows' band from the twins' *pooled* estimate,
    /// `exp(|mean₁ + mean₂| / 2) − 1` (at least [`MIN_BAND`]), in place of the wider of the
    /// two: averaging halves the band's own sampling noise. Each twin is still judged
    /// against the other twin's band.
    TwinsPooled,
}

/// The band one A/A twin sets under [`BandRule::Twins`]: how far its mean per-process log
/// ratio (`mean_log`, not the reported Hodges–Lehmann estimate) lies from 1,
/// `exp(|mean|) − 1`, and never below [`MIN_BAND`]. A point, not its interval: the row's
/// own interval already carries the noise, and the band stands for the offset that
/// placement gives identical code.
pub fn twin_band(twin: &Across) -> f64 {
    (twin.mean_log.abs().exp() - 1.0).max(MIN_BAND)
}

/// A table's verdicts under [`BandRule::Twins`] ([`twin_rule`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TwinVerdicts {
    /// The rows' band: the wider of the two twins' [`twin_band`]s.
    pub band: f64,
    /// Each twin's own band ([`twin_band`]).
    pub twin_bands: [f64; 2],
    /// Each twin's verdict against the *other* twin's band: `faster` or `slower` means
    /// identical code measured off by more than the margin and the other twin's offset
    /// (the A/A check failed).
    pub twins: [Verdict; 2],
    /// Each row's verdict against [`TwinVerdicts::band`], in the order given.
    pub rows: Vec<Verdict>,
}

/// The twin rule at the error rate `alpha` of the look reached (`design.alpha_at(n)`),
/// on per-process log ratios against one baseline measured in the same processes: `rows`
/// and the two A/A `twins` (distinct copies of the baseline's code). Rows are decided by
/// [`decide`] against the band `max(twin_band(twin 1), twin_band(twin 2))`; twin `i` by
/// [`decide`] against the other twin's band alone. `None` when a twin has fewer than two
/// values or a value not finite; a row without an interval is `undecided`.
///
/// Error rates: a row whose true ratio lies within `1 ± margin` is decided `faster` or
/// `slower` only when its interval misses the truth (the band only raises the threshold),
/// so the design's bound holds per row and per twin; a twin whose true offset is more than
/// `max(margin, other twin's offset)` is decided `faster` / `slower` as any row would be.
pub fn twin_rule(
    design: &Design,
    alpha: f64,
    rows: &[&[f64]],
    twins: [&[f64]; 2],
) -> Option<TwinVerdicts> {
    let at = |xs: &[f64]| intervals_at(design.interval, xs, alpha);
    twin_rule_by(design, &at, BandRule::Twins, rows, twins)
}

/// The band [`BandRule::Twins`] or [`BandRule::TwinsPooled`] gives the rows from the two
/// twins' estimates (the wider twin's [`twin_band`], or the pooled estimate's).
pub fn twins_row_band(rule: BandRule, twins: [&Across; 2]) -> f64 {
    match rule {
        BandRule::TwinsPooled => {
            let pooled = (twins[0].mean_log + twins[1].mean_log) / 2.0;
            (pooled.abs().exp() - 1.0).max(MIN_BAND)
        }
        _ => twin_band(twins[0]).max(twin_band(twins[1])),
    }
}

/// How an entry's per-process log ratios give its intervals at a look (as [`intervals_at`]).
pub type IntervalsFn<'a> = dyn Fn(&[f64]) -> Option<(Across, Intervals)> + 'a;

/// [`twin_rule`] with each entry's intervals from `at` and the rows' band by `rule`
/// ([`twins_row_band`]).
pub fn twin_rule_by(
    design: &Design,
    at: &IntervalsFn,
    rule: BandRule,
    rows: &[&[f64]],
    twins: [&[f64]; 2],
) -> Option<TwinVerdicts> {
    let (a0, iv0) = at(twins[0])?;
    let (a1, iv1) = at(twins[1])?;
    let twin_bands = [twin_band(&a0), twin_band(&a1)];
    let band = twins_row_band(rule, [&a0, &a1]);
    Some(TwinVerdicts {
        band,
        twin_bands,
        twins: [
            decide(&iv0, twin_bands[1], design.margin),
            decide(&iv1, twin_bands[0], design.margin),
        ],
        rows: rows
            .iter()
            .map(|xs| match at(xs) {
                Some((_, iv)) => decide(&iv, band, design.margin),
                None => Verdict::Undecided,
            })
            .collect(),
    })
}

/// [`reach`] under [`BandRule::Twins`]: the band is the wider twin's |mean| moved
/// `shift` standard errors towards 0 ([`twin_band`]), the same at every projected look.
pub fn reach_twins(
    design: &Design,
    row: &Across,
    twins: [&Across; 2],
    shift: f64,
    odds: f64,
) -> Reach {
    reach_twins_by(design, BandRule::Twins, row, twins, shift, odds)
}

/// [`reach_twins`] with the rows' band by `rule` ([`twins_row_band`] of the twins'
/// estimates moved `shift` standard errors towards 0).
pub fn reach_twins_by(
    design: &Design,
    rule: BandRule,
    row: &Across,
    twins: [&Across; 2],
    shift: f64,
    odds: f64,
) -> Reach {
    let moved = |t: &Across| Across {
        mean_log: moved_towards_zero(t, shift),
        ..*t
    };
    let band = twins_row_band(rule, [&moved(twins[0]), &moved(twins[1])]);
    reach_by(design, row, &|_| band, shift, odds)
}

/// [`in_reach`] under [`BandRule::Twins`].
pub fn in_reach_twins(design: &Design, row: &Across, twins: [&Across; 2]) -> bool {
    matches!(
        reach_twins(design, row, twins, REACH_SHIFT, 0.5),
        Reach::Look(_)
    )
}

/// [`in_reach`] by the rule `c` was decided with ([`combine_sequential_twins`]): with two
/// A/A twins [`in_reach_twins`], with one A/A control [`in_reach`] against it, without any
/// `true` (no band to project: the row keeps its looks).
pub fn in_reach_of(design: &Design, row: &Across, c: &Combined) -> bool {
    let aa: Vec<&Across> = c
        .rows
        .iter()
        .filter(|r| r.control == Some(crate::Control::Aa))
        .map(|r| &r.across)
        .collect();
    match aa[..] {
        [t0, t1] => in_reach_twins(design, row, [t0, t1]),
        _ => c.aa().is_none_or(|aa| in_reach(design, row, &aa)),
    }
}

/// [`combine_sequential`] under [`BandRule::Twins`] when the comparison has two A/A rows
/// (`lab paired --aa 2`; the first two are the twins): the band, each row's verdict and
/// each undecided row's reach by [`twin_rule`] / [`reach_twins`], each twin's verdict
/// against the other twin's band (its `paired.band` is that band). With fewer than two A/A
/// rows, [`combine_sequential`]'s own (the one twin's reach).
pub fn combine_sequential_twins(
    runs: &[ProcessRun],
    unit: LayoutUnit,
    design: &Design,
) -> Option<Combined> {
    let mut c = combine_sequential(runs, unit, design)?;
    let aa: Vec<usize> = (0..c.rows.len())
        .filter(|&i| c.rows[i].control == Some(crate::Control::Aa))
        .collect();
    let [t0, t1] = aa[..] else {
        return Some(c);
    };
    let alpha = design.alpha_at(c.processes);
    let rows: Vec<usize> = (0..c.rows.len()).filter(|i| !aa.contains(i)).collect();
    let ratios = |i: usize| c.rows[i].paired.layout_log_ratios.as_slice();
    let row_ratios: Vec<&[f64]> = rows.iter().map(|&i| ratios(i)).collect();
    let v = twin_rule(design, alpha, &row_ratios, [ratios(t0), ratios(t1)])?;
    let twins = [c.rows[t0].across, c.rows[t1].across];
    c.band = v.band;
    for (j, &i) in [t0, t1].iter().enumerate() {
        c.rows[i].paired.verdict = v.twins[j];
        c.rows[i].paired.band = v.twin_bands[1 - j];
    }
    for (&i, &verdict) in rows.iter().zip(&v.rows) {
        let row = &mut c.rows[i];
        row.paired.verdict = verdict;
        row.paired.band = v.band;
        row.paired.reach = (verdict == Verdict::Undecided)
            .then(|| reach_twins(design, &row.across, [&twins[0], &twins[1]], 0.0, REACH_ODDS));
    }
    Some(c)
}

// ---------------------------------------------------------------------------------------
// Simulation of the rule on synthetic tables.
// ---------------------------------------------------------------------------------------

/// SplitMix64 (Steele, Lea, Flood 2014): a small deterministic generator for the
/// simulation (lab-record depends on no other workspace crate).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    pub fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }

    /// Standard normal (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit(), self.unit());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

/// The shape of the per-process noise in a [`Scenario`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// Normal.
    Normal,
    /// Student's t with 3 degrees of freedom, scaled to the scenario's SD (heavy tails: a
    /// process now and then far off either way).
    T3,
    /// Normal, and in `share` of the processes each row's layout is slow: its log ratio
    /// `shift` higher (a layout that 4K aliasing or a cache set conflict slows). The A/A
    /// control has no slow mode (it is the baseline's own code).
    SlowLayout { share: f64, shift: f64 },
    /// The lab's own rows ([`lab_rows`]): each simulated row, and each A/A twin, takes one
    /// measured row as its donor for the table and draws every process's log ratio from that
    /// row's standardized residuals, with replacement, scaled so that a draw has the
    /// scenario's SD (a resampled row's values have variance `(n − 1) / n` of its SD's). So the
    /// simulated rows have the measured rows' skew, tails and slow modes, as often as the
    /// runs had them. Entries are drawn independently (no shared baseline term).
    LabRows,
}

/// What a scenario's effect shifts, and so what its intervals are judged against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    /// The mean of a row's per-process log ratios.
    Mean,
    /// Their location: the pseudo-median, of which the Hodges–Lehmann interval is an
    /// interval (the median of the distribution of `(x_i + x_j) / 2`; [`pseudo_median`],
    /// [`slow_layout_location`]). It is the shift of the typical layout, and the same as the
    /// mean for a symmetric shape; with a slow mode in a few processes it lies below the
    /// mean by a fraction of the SD.
    Location,
}

/// The pseudo-median of the distribution that draws one of `xs` at random: the median of
/// `(x_i + x_j) / 2` over every ordered pair, `i = j` included. It is what the
/// Hodges–Lehmann estimate of a sample drawn from that distribution tends to.
pub fn pseudo_median(xs: &[f64]) -> f64 {
    let means: Vec<f64> = xs
        .iter()
        .flat_map(|a| xs.iter().map(move |b| (a + b) / 2.0))
        .collect();
    median(&means)
}

/// The median of `xs` (the mean of the middle two for an even count).
pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The pseudo-median of `N(0, sd²)` with `shift` added in `share` of the draws (the
/// per-process log ratio of [`Shape::SlowLayout`] about its centre): the `m` at which
/// the mean of two draws falls below `m` half the time. That mean is `N(0, sd² / 2)` plus
/// `0`, `shift / 2` or `shift` with chances `(1 − p)²`, `2p(1 − p)`, `p²`; solved by
/// bisection. 0 without a slow mode (`share` or `shift` 0) or without spread (`sd` 0, where the
/// median of the two-draw mean is 0 while `share` is below `1 − 1/√2`).
pub fn slow_layout_location(share: f64, shift: f64, sd: f64) -> f64 {
    if share == 0.0 || shift == 0.0 {
        return 0.0;
    }
    let Ok(z) = statrs::distribution::Normal::new(0.0, sd / 2f64.sqrt()) else {
        return 0.0;
    };
    let p = share;
    let below = |m: f64| {
        (1.0 - p).powi(2) * z.cdf(m)
            + 2.0 * p * (1.0 - p) * z.cdf(m - shift / 2.0)
            + p * p * z.cdf(m - shift)
    };
    let (mut lo, mut hi) = (shift.min(0.0) - 10.0 * sd, shift.max(0.0) + 10.0 * sd);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if below(mid) < 0.5 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// Each donor row's [`pseudo_median`], in the order of [`lab_rows`].
fn lab_row_locations() -> &'static [f64] {
    static AT: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    AT.get_or_init(|| lab_rows().iter().map(|r| pseudo_median(r)).collect())
}

/// The SD of a shift common to one look's processes, fitted to default runs on an Intel
/// Xeon (`sequential_sim drift`; docs/measurement.md, "Drift and the lab's own rows"): the
/// drift of the simulation's fitted scenarios.
pub const FITTED_DRIFT: f64 = 0.0015;

/// Per-process log ratios of measured rows, standardized (each row's mean subtracted, over
/// its SD), one row per line: `data/lab-rows.txt`, written by `sequential_sim fit` from
/// default runs' results.json (its header names them).
const LAB_ROWS: &str = include_str!("../data/lab-rows.txt");

/// The donor rows of [`Shape::LabRows`], read once from `data/lab-rows.txt`.
pub fn lab_rows() -> &'static [Vec<f64>] {
    static ROWS: std::sync::OnceLock<Vec<Vec<f64>>> = std::sync::OnceLock::new();
    ROWS.get_or_init(|| {
        LAB_ROWS
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
            .map(|(i, l)| {
                l.split_whitespace()
                    .map(|v| match v.parse() {
                        Ok(x) => x,
                        Err(e) => panic!("data/lab-rows.txt:{}: `{v}`: {e}", i + 1),
                    })
                    .collect()
            })
            .collect()
    })
}

/// One process's value drawn from a donor row of [`lab_rows`] less `centre`, with unit
/// variance: the standardized values (SD 1 with `n − 1`) resampled with replacement have
/// variance `(n − 1) / n`, so the draw is rescaled by `√(n / (n − 1))`.
fn donor_draw(row: &[f64], centre: f64, rng: &mut SplitMix64) -> f64 {
    let n = row.len() as f64;
    (n / (n - 1.0)).sqrt() * (row[rng.next_u64() as usize % row.len()] - centre)
}

/// A row's per-process log ratios standardized for [`lab_rows`]: mean 0, SD 1 (`None` for
/// fewer than 8 values or no spread).
pub fn standardized(xs: &[f64]) -> Option<Vec<f64>> {
    if xs.len() < 8 {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let sd = (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    (sd > 0.0).then(|| xs.iter().map(|x| (x - mean) / sd).collect())
}

/// A synthetic table: `rows` rows and an A/A control, all against one baseline measured in
/// the same processes. Per process, every entry (baseline, A/A twin, each row) draws a
/// noise term of SD `sd / √2` of the given `shape`, and an entry's log ratio is its term
/// minus the baseline's (SD `sd`; rows and control correlated through the baseline); with
/// [`Shape::LabRows`] each entry's log ratio is drawn whole from its donor row instead. A
/// row's log ratio adds its effect, its slow layout (with [`Shape::SlowLayout`]) and the
/// drift; its mean over processes (or its location, by [`Scenario::truth`]), the truth the
/// interval is checked against, is `ln(1 + effect)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scenario {
    /// Every row's true relative effect: the mean (or location) of its per-process log
    /// ratios is `ln(1 + effect)` (`0.02` = 2 % slower).
    pub effect: f64,
    /// Per-process SD of a log ratio without the slow mode (the layout spread plus the
    /// machine's noise).
    pub sd: f64,
    pub shape: Shape,
    /// SD of a shift of the rows' log ratios common to the processes of one look and drawn
    /// again for the next look (the machine's state changing between looks run in a burst);
    /// 0 for none.
    pub drift: f64,
    /// How many rows the table has (at least 1); the table samples while any row asks.
    pub rows: u32,
    /// The most processes the time budget gives the table: it stops at the last look at or
    /// below this (`None`: the design's last look).
    pub cap: Option<u32>,
    /// Where the band comes from: one A/A twin's interval, or two twins ([`twin_rule`]).
    pub band: BandRule,
    /// The first A/A twin's true log offset from the baseline (identical code that placement
    /// slows); 0 for a twin that is what it should be. The second twin has none.
    pub twin_offset: f64,
    /// What `effect` shifts: the rows' mean, or their location.
    pub truth: Truth,
}

impl Scenario {
    /// One row, normal noise, no drift, the budget reaching the last look.
    pub fn normal(effect: f64, sd: f64) -> Scenario {
        Scenario {
            effect,
            sd,
            shape: Shape::Normal,
            drift: 0.0,
            rows: 1,
            cap: None,
            band: BandRule::Reach,
            twin_offset: 0.0,
            truth: Truth::Mean,
        }
    }

    /// One draw of an entry's noise term, unit SD before scaling.
    fn unit_draw(&self, rng: &mut SplitMix64) -> f64 {
        match self.shape {
            // `Shape::LabRows` draws from its donors in `simulate_rule`, not here.
            Shape::Normal | Shape::SlowLayout { .. } | Shape::LabRows => rng.normal(),
            Shape::T3 => {
                let chi2: f64 = (0..3).map(|_| rng.normal().powi(2)).sum();
                // t_3 = Z / sqrt(chi2_3 / 3) has variance 3.
                rng.normal() / (chi2 / 3.0).sqrt() / 3f64.sqrt()
            }
        }
    }
}

/// How often each verdict came out of [`simulate`], and the processes spent; a table of
/// several rows counts each row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub faster: u32,
    pub slower: u32,
    pub equal: u32,
    pub undecided: u32,
    /// Rows whose interval missed the true ratio at the look where the table stopped.
    pub missed: u32,
    /// Processes summed over rows.
    pub processes: u64,
    /// A/A twins judged ([`BandRule::Twins`]: two per table), and how many of them were
    /// decided `faster`, `slower` or `equal` against the other twin's band.
    pub twins: u32,
    pub twin_faster: u32,
    pub twin_slower: u32,
    pub twin_equal: u32,
}

impl Tally {
    pub fn runs(&self) -> u32 {
        self.faster + self.slower + self.equal + self.undecided
    }

    /// A count as a fraction of the runs.
    pub fn share(&self, count: u32) -> f64 {
        f64::from(count) / f64::from(self.runs().max(1))
    }

    /// Processes per row and run.
    pub fn mean_processes(&self) -> f64 {
        self.processes as f64 / f64::from(self.runs().max(1))
    }

    /// The share of A/A twins decided `faster` or `slower` (the A/A check failing).
    pub fn twin_decided(&self) -> f64 {
        f64::from(self.twin_faster + self.twin_slower) / f64::from(self.twins.max(1))
    }
}

/// Runs the design's whole stopping rule on `runs` synthetic tables of `scenario`
/// (deterministic in `seed`): at each look the A/A interval gives the band, each row's
/// interval its verdict, and the table stops at the first look where [`needs_more`] is
/// false for every row, or at the last look the scenario's budget reaches.
pub fn simulate(design: &Design, scenario: Scenario, runs: u32, seed: u64) -> Tally {
    simulate_rule(design, Rule::default(), scenario, runs, seed)
}

/// How the error rate is spread over the looks (Lan & DeMets 1983 spending functions).
/// results.json records the run's (`run.spending`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spending {
    /// Pocock-type: `α · ln(1 + (e − 1) t)`: much at the first look, less at each later one.
    Pocock,
    /// O'Brien–Fleming-type: `2 − 2 Φ(z_{1−α/2} / √t)`: almost nothing at the first
    /// look, more than Pocock's at the later ones (the quick and full designs').
    #[serde(rename = "obrien-fleming")]
    OBrienFleming,
    /// Pocock-type, with nothing spent at the first look (its share is given up, so the
    /// total is below `α`): the first look never decides, the later ones keep Pocock's
    /// levels.
    PocockAfterFirst,
}

impl Spending {
    /// The cumulative error rate spent by information fraction `t`.
    pub fn spent(self, design: &Design, t: f64) -> f64 {
        let pocock =
            |t: f64| design.alpha * (1.0 + (std::f64::consts::E - 1.0) * t.clamp(0.0, 1.0)).ln();
        match self {
            Spending::Pocock => pocock(t),
            Spending::PocockAfterFirst => {
                let first =
                    f64::from(design.looks[0]) / f64::from(*design.looks.last().unwrap_or(&1));
                if t < first {
                    0.0
                } else {
                    pocock(t) - pocock(first)
                }
            }
            Spending::OBrienFleming => {
                if t <= 0.0 {
                    return 0.0;
                }
                let Ok(z) = statrs::distribution::Normal::new(0.0, 1.0) else {
                    return pocock(t);
                };
                let edge = z.inverse_cdf(1.0 - design.alpha / 2.0) / t.min(1.0).sqrt();
                2.0 * (1.0 - z.cdf(edge))
            }
        }
    }

    /// The error rate of look `k` (0-based) of `design`: the increment spent there.
    pub fn look_alpha(self, design: &Design, k: usize) -> f64 {
        let n_max = f64::from(*design.looks.last().unwrap_or(&1));
        let t = |i: usize| f64::from(design.looks[i]) / n_max;
        let before = if k == 0 {
            0.0
        } else {
            self.spent(design, t(k - 1))
        };
        self.spent(design, t(k.min(design.looks.len() - 1))) - before
    }
}

/// A verdict rule [`simulate_rule`] compares against the design's own: whether intervals
/// are widened by the spread between looks ([`intervals_between_looks`]). The interval
/// method and the spending are the design's, the band rule the scenario's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rule {
    pub between_looks: bool,
    /// With [`Rule::between_looks`]: widen only when the looks' means differ beyond their
    /// noise at the 10 % level (the heterogeneity statistic `Q` above the 0.9 quantile of
    /// χ² with `blocks − 1` degrees of freedom), so that chance differences between looks
    /// without a drift rarely widen the interval ([`widened_between_looks`]).
    pub between_pretest: bool,
}

/// [`intervals_at`] widened by a random-effects term across looks: `xs` are the processes
/// of consecutive looks of `blocks` processes each (run in a burst, so they may share a
/// shift). With two blocks or more, the between-look variance `τ²` is the DerSimonian–Laird
/// moment estimate from the blocks' means (R. DerSimonian, N. Laird, "Meta-analysis in
/// clinical trials", *Controlled Clinical Trials* 7, 1986, 177-188) against the pooled
/// within-block variance `s²`, and each interval's half-widths grow by
/// `√(1 + τ² Σ (n_b/n)² · n / s²)`: the variance of the mean of the blocks with a shift
/// each, over the variance without. One block: [`intervals_at`] unchanged (a shift common
/// to all processes cannot be told from the effect).
pub fn intervals_between_looks(
    method: IntervalMethod,
    xs: &[f64],
    blocks: &[usize],
    alpha: f64,
) -> Option<(Across, Intervals)> {
    widened_between_looks(method, xs, blocks, alpha, false)
}

/// [`intervals_between_looks`], with `pretest` only when the heterogeneity statistic `Q`
/// of the blocks' means exceeds the 0.9 quantile of χ² with `blocks − 1` degrees of
/// freedom ([`Rule::between_pretest`]).
pub fn widened_between_looks(
    method: IntervalMethod,
    xs: &[f64],
    blocks: &[usize],
    alpha: f64,
    pretest: bool,
) -> Option<(Across, Intervals)> {
    let (mut a, mut iv) = intervals_at(method, xs, alpha)?;
    let factor = between_looks_factor(xs, blocks, pretest);
    if factor > 1.0 {
        let widen = |lo: f64, hi: f64| {
            let mid = (lo + hi) / 2.0;
            (mid - (mid - lo) * factor, mid + (hi - mid) * factor)
        };
        (iv.lower, iv.upper) = widen(iv.lower, iv.upper);
        (iv.equal_lower, iv.equal_upper) = widen(iv.equal_lower, iv.equal_upper);
        (a.lower_log, a.upper_log) = (iv.lower, iv.upper);
    }
    Some((a, iv))
}

/// How far apart the means of blocks of consecutive values lie (a row's processes split at
/// its looks): Cochran's heterogeneity statistic `Q` of the blocks' means, weighted by
/// their size over the pooled within-block variance, and the terms of the DerSimonian–Laird
/// moment estimate of the between-block variance `τ²` (DerSimonian & Laird 1986).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlockSpread {
    pub q: f64,
    /// Its degrees of freedom: non-empty blocks − 1.
    pub df: f64,
    /// `Σ w − Σ w² / Σ w` of the blocks' weights `w = size / s²`: `τ² = (Q − df) / this`.
    pub dl_denominator: f64,
    /// The pooled within-block variance.
    pub s2: f64,
    /// `Σ (size / n)²` over the blocks.
    pub share2: f64,
}

impl BlockSpread {
    /// The DerSimonian–Laird `τ²`, not clipped at 0.
    pub fn tau2_unclipped(&self) -> f64 {
        (self.q - self.df) / self.dl_denominator
    }
}

/// The sizes of the consecutive blocks that `n` processes fall into when split at `looks`
/// (the process counts of a design's looks, increasing): one block per look up to `n`, and
/// the processes past the last such look as one more.
pub fn look_blocks(looks: &[u32], n: usize) -> Vec<usize> {
    let mut blocks = Vec::new();
    let mut before = 0;
    for &look in looks.iter().take_while(|&&l| l as usize <= n) {
        blocks.push(look as usize - before);
        before = look as usize;
    }
    if before < n {
        blocks.push(n - before);
    }
    blocks
}

/// [`BlockSpread`] of `xs` split into consecutive blocks of the sizes `blocks`; `None` with
/// fewer than two non-empty blocks, blocks not summing to `xs.len()`, or no spread within
/// the blocks.
pub fn block_spread(xs: &[f64], blocks: &[usize]) -> Option<BlockSpread> {
    if blocks.iter().sum::<usize>() != xs.len() || blocks.iter().filter(|&&b| b > 0).count() < 2 {
        return None;
    }
    let mut means = Vec::new();
    let (mut within, mut df, mut start) = (0.0, 0usize, 0usize);
    for &b in blocks.iter().filter(|&&b| b > 0) {
        let block = &xs[start..start + b];
        start += b;
        let m = block.iter().sum::<f64>() / b as f64;
        within += block.iter().map(|x| (x - m) * (x - m)).sum::<f64>();
        df += b - 1;
        means.push((b as f64, m));
    }
    if df == 0 || within <= 0.0 {
        return None;
    }
    let s2 = within / df as f64;
    let n = xs.len() as f64;
    let w: Vec<f64> = means.iter().map(|(b, _)| b / s2).collect();
    let sw: f64 = w.iter().sum();
    let sw2: f64 = w.iter().map(|w| w * w).sum();
    let centre = means.iter().zip(&w).map(|((_, m), w)| w * m).sum::<f64>() / sw;
    let q: f64 = means
        .iter()
        .zip(&w)
        .map(|((_, m), w)| w * (m - centre) * (m - centre))
        .sum();
    Some(BlockSpread {
        q,
        df: (means.len() - 1) as f64,
        dl_denominator: sw - sw2 / sw,
        s2,
        share2: means.iter().map(|(b, _)| (b / n) * (b / n)).sum(),
    })
}

/// The half-width factor of [`intervals_between_looks`]; 1 with fewer than two blocks of
/// at least two values, or blocks not summing to `xs.len()`.
fn between_looks_factor(xs: &[f64], blocks: &[usize], pretest: bool) -> f64 {
    let Some(b) = block_spread(xs, blocks) else {
        return 1.0;
    };
    if pretest {
        let critical = statrs::distribution::ChiSquared::new(b.df)
            .map(|c| c.inverse_cdf(0.9))
            .unwrap_or(f64::INFINITY);
        if b.q <= critical {
            return 1.0;
        }
    }
    let tau2 = b.tau2_unclipped().max(0.0);
    (1.0 + tau2 * b.share2 * xs.len() as f64 / b.s2).sqrt()
}

/// [`simulate`] under `rule`: the design's per-look error rates (its [`Spending`]) and, with
/// [`Rule::between_looks`], intervals by [`intervals_between_looks`] over the looks'
/// process blocks.
pub fn simulate_rule(
    design: &Design,
    rule: Rule,
    scenario: Scenario,
    runs: u32,
    seed: u64,
) -> Tally {
    let mut rng = SplitMix64(seed);
    let mut tally = Tally::default();
    let n_rows = scenario.rows.max(1) as usize;
    let looks: Vec<u32> = match scenario.cap {
        Some(cap) => {
            let k = design.look_at(cap);
            design.looks[..=k].to_vec()
        }
        None => design.looks.clone(),
    };
    let truth = scenario.effect.ln_1p();
    let (slow_share, slow_shift) = match scenario.shape {
        Shape::SlowLayout { share, shift } => (share, shift),
        _ => (0.0, 0.0),
    };
    let centre = truth
        - match scenario.truth {
            Truth::Mean => slow_share * slow_shift,
            Truth::Location => slow_layout_location(slow_share, slow_shift, scenario.sd),
        };
    let entry_sd = scenario.sd / 2f64.sqrt();
    let mut rows: Vec<Vec<f64>> = vec![Vec::new(); n_rows];
    let mut aa = Vec::new();
    let mut aa2 = Vec::new();
    let two = scenario.band != BandRule::Reach;
    let lab = lab_rows();
    let centres = lab_row_locations();
    let at_location = scenario.truth == Truth::Location;
    for _ in 0..runs {
        // Donors of the A/A twins (0, 1) and the rows (2..) for this table.
        let donors: Option<Vec<usize>> = (scenario.shape == Shape::LabRows).then(|| {
            (0..2 + n_rows)
                .map(|_| rng.next_u64() as usize % lab.len())
                .collect()
        });
        rows.iter_mut().for_each(Vec::clear);
        aa.clear();
        aa2.clear();
        for (k, &n) in looks.iter().enumerate() {
            let drift = scenario.drift * rng.normal();
            while aa.len() < n as usize {
                if let Some(donors) = &donors {
                    let mut draw = |d: usize| {
                        let k = donors[d];
                        let centre = if at_location { centres[k] } else { 0.0 };
                        scenario.sd * donor_draw(&lab[k], centre, &mut rng)
                    };
                    aa.push(scenario.twin_offset + draw(0));
                    if two {
                        aa2.push(draw(1));
                    }
                    for (i, row) in rows.iter_mut().enumerate() {
                        row.push(truth + draw(2 + i) + drift);
                    }
                    continue;
                }
                let base = entry_sd * scenario.unit_draw(&mut rng);
                aa.push(scenario.twin_offset + entry_sd * scenario.unit_draw(&mut rng) - base);
                if two {
                    aa2.push(entry_sd * scenario.unit_draw(&mut rng) - base);
                }
                for row in &mut rows {
                    let slow = if rng.unit() <= slow_share {
                        slow_shift
                    } else {
                        0.0
                    };
                    row.push(
                        centre + entry_sd * scenario.unit_draw(&mut rng) - base + slow + drift,
                    );
                }
            }
            let alpha = design.look_alpha(k);
            let blocks = look_blocks(&looks, n as usize);
            let at = |xs: &[f64]| {
                if rule.between_looks {
                    widened_between_looks(design.interval, xs, &blocks, alpha, rule.between_pretest)
                } else {
                    intervals_at(design.interval, xs, alpha)
                }
            };
            let Some((a, _)) = at(&aa) else {
                break;
            };
            let rows_at: Vec<&[f64]> = rows.iter().map(Vec::as_slice).collect();
            let (band, verdicts, twins) = if two {
                let Some(v) = twin_rule_by(design, &at, scenario.band, &rows_at, [&aa, &aa2])
                else {
                    break;
                };
                let a2 = at(&aa2).map(|(a2, _)| a2);
                (v.band, v.rows, a2.map(|a2| (v.twins, a2)))
            } else {
                let band = crate::paired::noise_band(&a).max(MIN_BAND);
                let verdicts = rows_at
                    .iter()
                    .map(|row| match at(row) {
                        Some((_, iv)) => decide(&iv, band, design.margin),
                        None => Verdict::Undecided,
                    })
                    .collect();
                (band, verdicts, None)
            };
            let looked: Vec<(Across, Verdict)> = rows
                .iter()
                .zip(verdicts)
                .filter_map(|(row, v)| at(row).map(|(r, _)| (r, v)))
                .collect();
            let undecided_in_reach = looked.iter().any(|(r, v)| {
                *v == Verdict::Undecided
                    && match &twins {
                        Some((_, a2)) => matches!(
                            reach_twins_by(design, scenario.band, r, [&a, a2], REACH_SHIFT, 0.5),
                            Reach::Look(_)
                        ),
                        None => in_reach(design, r, &a),
                    }
            });
            if k + 1 < looks.len() && needs_more(design, n, band, undecided_in_reach) {
                continue;
            }
            for v in twins.iter().flat_map(|(v, _)| v) {
                tally.twins += 1;
                match v {
                    Verdict::Faster => tally.twin_faster += 1,
                    Verdict::Slower => tally.twin_slower += 1,
                    Verdict::Equal => tally.twin_equal += 1,
                    Verdict::Undecided => {}
                }
            }
            for (r, v) in looked {
                tally.processes += u64::from(n);
                if r.lower_log > truth || r.upper_log < truth {
                    tally.missed += 1;
                }
                match v {
                    Verdict::Faster => tally.faster += 1,
                    Verdict::Slower => tally.slower += 1,
                    Verdict::Equal => tally.equal += 1,
                    Verdict::Undecided => tally.undecided += 1,
                }
            }
            break;
        }
    }
    tally
}

/// One comparison's processes combined (each row's across-layout interval, the band from
/// its A/A row, each row's `Paired`) under a sequential design: the intervals at the error rate of the look that
/// `runs.len()` processes reach, and verdicts by [`decide`] (which can
/// be `undecided`).
pub fn combine_sequential(
    runs: &[ProcessRun],
    unit: LayoutUnit,
    design: &Design,
) -> Option<Combined> {
    let alpha = design.alpha_at(runs.len() as u32);
    let method = design.interval;
    let mut c = crate::paired::combine_by(
        runs,
        unit,
        &|m| intervals_at(method, m, alpha).map(|(a, _)| a),
        &|m, band| match intervals_at(method, m, alpha) {
            Some((_, iv)) => decide(&iv, band, design.margin),
            None => Verdict::Undecided,
        },
    )?;
    if let Some(aa) = c.aa() {
        for row in &mut c.rows {
            if row.control.is_none() && row.paired.verdict == Verdict::Undecided {
                row.paired.reach = Some(reach(design, &row.across, &aa, 0.0, REACH_ODDS));
            }
        }
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio(lower: f64, upper: f64) -> Ratio {
        Ratio {
            estimate: (lower + upper) / 2.0,
            lower,
            upper,
        }
    }

    /// One interval for both uses (as `Intervals::from_ratio`).
    fn iv(lower: f64, upper: f64) -> Intervals {
        Intervals::from_ratio(&ratio(lower, upper))
    }

    #[test]
    fn pocock_spending_splits_alpha_over_the_looks() {
        let d = Design {
            spending: Spending::Pocock,
            alpha: ALPHA,
            ..Design::for_profile(Profile::Quick)
        };
        let a = |t: f64| 0.05 * (1.0 + (std::f64::consts::E - 1.0) * t).ln();
        assert!((d.look_alpha(0) - a(8.0 / 20.0)).abs() < 1e-15);
        assert!((d.look_alpha(1) - (a(0.6) - a(8.0 / 20.0))).abs() < 1e-15);
        let total: f64 = (0..d.looks.len()).map(|k| d.look_alpha(k)).sum();
        assert!((total - 0.05).abs() < 1e-12, "{total}");
        // One look spends everything: the plain 95 % interval.
        assert!((Design::fixed(8, 0.02).look_alpha(0) - 0.05).abs() < 1e-12);
        assert_eq!(
            (d.look_at(8), d.look_at(15), d.look_at(20), d.look_at(3)),
            (0, 1, 3, 0)
        );
        assert_eq!(
            (d.next_look(8), d.next_look(19), d.next_look(20)),
            (Some(12), Some(20), None)
        );
    }

    #[test]
    fn t_quantile_matches_the_table() {
        assert!((t_quantile(0.975, 3) - 3.182).abs() < 5e-4);
        assert!((t_quantile(0.975, 30) - 2.042).abs() < 5e-4);
        assert!((t_quantile(0.995, 7) - 3.499).abs() < 5e-4);
        assert!(t_quantile(0.975, 0).is_infinite());
        let a = across_at(&[0.01, 0.02, 0.03, 0.02], 0.05).unwrap();
        let half = t_quantile(0.975, 3) * (0.0002f64 / 3.0).sqrt() / 2.0;
        assert!((a.upper_log - 0.02 - half).abs() < 1e-15);
        assert_eq!(across_at(&[0.01], 0.05), None);
    }

    #[test]
    fn decide_needs_the_interval_beyond_the_band_and_margin_or_inside_the_margin() {
        assert_eq!(decide(&iv(1.011, 1.03), 0.005, 0.01), Verdict::Slower);
        assert_eq!(decide(&iv(0.95, 0.989), 0.005, 0.01), Verdict::Faster);
        assert_eq!(decide(&iv(0.991, 1.009), 0.005, 0.01), Verdict::Equal);
        // Beyond a narrow band but within the margin: equal, never also faster.
        assert_eq!(decide(&iv(0.991, 0.994), 0.005, 0.01), Verdict::Equal);
        // Beyond the margin, not beyond a wider band.
        assert_eq!(decide(&iv(0.975, 0.988), 0.015, 0.01), Verdict::Undecided);
        // Straddles the margin's edge.
        assert_eq!(decide(&iv(1.005, 1.025), 0.005, 0.01), Verdict::Undecided);
        // Inside the margin with a band up to MAX_EQUAL_BAND, not wider.
        assert_eq!(decide(&iv(0.995, 1.005), 0.018, 0.01), Verdict::Equal);
        assert_eq!(decide(&iv(0.995, 1.005), 0.03, 0.01), Verdict::Undecided);
        assert!((excludes(&ratio(0.99, 1.018)) - 0.018).abs() < 1e-12);
        assert!((excludes(&ratio(0.97, 1.01)) - 0.03).abs() < 1e-12);
    }

    /// No interval is both `equal` and decided otherwise under any band: two runs that
    /// disagree had intervals on opposite sides of `1 ± margin`.
    #[test]
    fn equal_and_faster_or_slower_never_share_an_interval() {
        let m = EQUAL_MARGIN;
        for band in [0.001, 0.005, 0.01, 0.015, 0.02] {
            for lo in (0..60).map(|i| 0.97 + i as f64 * 0.001) {
                for w in [0.001, 0.004, 0.01] {
                    let r = iv(lo, lo + w);
                    if decide(&r, band, m) == Verdict::Equal {
                        // Equal under this band: not faster/slower under any other band.
                        for other in [0.0, 0.001, 0.005, 0.01, 0.02, 0.05] {
                            let v = decide(&r, other, m);
                            assert!(
                                v == Verdict::Equal || v == Verdict::Undecided,
                                "{r:?} {band} {other}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Each method's point estimate: the mean, the median of the Walsh averages, the median.
    #[test]
    fn each_method_s_estimate_is_its_own_location() {
        // Walsh averages of [0, 0, 3]: 0, 0, 1.5, 0, 1.5, 3, whose median is 0.75.
        let xs = [0.0, 0.0, 3.0];
        assert_eq!(location(IntervalMethod::StudentT, &xs), 1.0);
        assert_eq!(location(IntervalMethod::StudentTOrHodgesLehmann, &xs), 1.0);
        assert_eq!(location(IntervalMethod::HodgesLehmann, &xs), 0.75);
        assert_eq!(location(IntervalMethod::SignMedian, &xs), 0.0);
        assert_eq!(
            location(IntervalMethod::SignMedian, &[0.0, 1.0, 2.0, 4.0]),
            1.5
        );
    }

    /// A sample with one slow layout, the lab's skew: its mean lies above its
    /// Hodges–Lehmann interval, and the estimate reported with that interval (the
    /// Hodges–Lehmann estimate) lies within it; with too few values for the signed-rank
    /// level the interval and the estimate fall back to the t interval and the mean. Every
    /// method's estimate lies within its interval on 2,000 skewed samples at each look's
    /// level.
    #[test]
    fn the_reported_estimate_lies_within_its_interval() {
        let mut xs: Vec<f64> = (0..19).map(|i| 0.001 * (f64::from(i) - 9.0)).collect();
        xs.push(0.5);
        let (a, _) = intervals_at(IntervalMethod::HodgesLehmann, &xs, 0.05).unwrap();
        assert!(a.mean_log > a.upper_log, "the mean lies outside: {a:?}");
        let r = a.ratio();
        assert!(r.lower <= r.estimate && r.estimate <= r.upper, "{r:?}");
        let few = &xs[15..];
        let (t, _) = intervals_at(IntervalMethod::HodgesLehmann, few, 0.05).unwrap();
        assert_eq!(t.estimate_log, t.mean_log);

        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut uniform = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let design = Design::for_profile(Profile::Quick);
        for case in 0..2_000 {
            let n = 8 + case % 25;
            let xs: Vec<f64> = (0..n)
                .map(|_| {
                    let slow = if uniform() < 0.15 { 0.04 } else { 0.0 };
                    0.01 * (uniform() - 0.5) + slow
                })
                .collect();
            let alpha = design.look_alpha(case % design.looks.len());
            for method in [
                IntervalMethod::StudentT,
                IntervalMethod::HodgesLehmann,
                IntervalMethod::SignMedian,
                IntervalMethod::StudentTOrHodgesLehmann,
            ] {
                let (a, _) = intervals_at(method, &xs, alpha).unwrap();
                assert!(
                    a.lower_log <= a.estimate_log && a.estimate_log <= a.upper_log,
                    "{method:?} at {alpha}: {a:?} of {xs:?}"
                );
            }
        }
    }

    /// At the quick design's last look (20 processes, α 1.75 %: a half-width of about
    /// 0.6 SD), a row 0.5 % off with a 2 % spread comes within ±2 %; 1 % off, or at a 4 % spread, it
    /// does not.
    #[test]
    fn a_bound_is_in_reach_when_the_last_look_would_hold_the_row_within_it() {
        let d = Design::for_profile(Profile::Quick);
        let row = |mean_log: f64, layout_sd: f64| Across {
            mean_log,
            estimate_log: mean_log,
            lower_log: mean_log - 0.05,
            upper_log: mean_log + 0.05,
            layout_sd,
            min_log: mean_log,
            max_log: mean_log,
            layouts: 8,
        };
        assert!(bound_in_reach(&d, &row(0.005, 0.02), UNDECIDED_BOUND));
        assert!(bound_in_reach(&d, &row(-0.005, 0.02), UNDECIDED_BOUND));
        assert!(!bound_in_reach(&d, &row(0.01, 0.02), UNDECIDED_BOUND));
        assert!(!bound_in_reach(&d, &row(0.0, 0.04), UNDECIDED_BOUND));
    }

    #[test]
    fn more_processes_while_undecided_or_too_noisy_and_looks_remain() {
        let d = Design::for_profile(Profile::Quick);
        assert!(!needs_more(&d, 8, 0.01, false));
        assert!(needs_more(&d, 8, 0.01, true));
        assert!(needs_more(&d, 8, 0.02, false));
        assert!(!needs_more(&d, 20, 0.02, true));
    }

    /// A row's or A/A control's per-process log ratios summarised: mean, SD, processes.
    fn across(mean: f64, sd: f64, layouts: u32) -> Across {
        Across {
            mean_log: mean,
            estimate_log: mean,
            lower_log: mean,
            upper_log: mean,
            layout_sd: sd,
            min_log: mean,
            max_log: mean,
            layouts,
        }
    }

    #[test]
    fn reach_projects_an_undecided_row_to_the_look_or_count_that_decides_it() {
        let d = Design::for_profile(Profile::Quick);
        let quiet = across(0.0, 0.005, 8);
        // 2.5 % slower at a 1.5 % spread: a planned look after 8 decides it.
        let near = across(0.025f64.ln_1p(), 0.015, 8);
        assert!(matches!(reach(&d, &near, &quiet, 0.0, 0.5), Reach::Look(n) if n > 8));
        // 1.5 % slower at 1 %: past the last look, at a count that decides and one fewer
        // that does not (the projection is exact at its error rate).
        let far = across(0.015f64.ln_1p(), 0.01, 24);
        let Reach::Beyond(n) = reach(&d, &far, &quiet, 0.0, 0.5) else {
            panic!("{:?}", reach(&d, &far, &quiet, 0.0, 0.5));
        };
        assert!((25..200).contains(&n), "{n}");
        let alpha = d.look_alpha(d.looks.len() - 1);
        let interval = |n: u32| {
            let h = t_quantile(1.0 - alpha / 2.0, n - 1) * 0.01 / f64::from(n).sqrt();
            iv((far.mean_log - h).exp(), (far.mean_log + h).exp())
        };
        assert_eq!(decide(&interval(n), MIN_BAND, d.margin), Verdict::Slower);
        assert_eq!(
            decide(&interval(n - 1), MIN_BAND, d.margin),
            Verdict::Undecided
        );
        // Exactly on the margin's edge: no count decides it.
        let edge = across(EQUAL_MARGIN.ln_1p(), 0.01, 24);
        assert_eq!(reach(&d, &edge, &quiet, 0.0, 0.5), Reach::Edge);
        // Equal rows need the band within MAX_EQUAL_BAND: an A/A 3 % off never gets there.
        let null = across(0.0, 0.01, 24);
        assert!(matches!(
            reach(&d, &null, &quiet, 0.0, 0.5),
            Reach::Beyond(_)
        ));
        assert_eq!(
            reach(&d, &null, &across(0.03, 0.01, 24), 0.0, 0.5),
            Reach::Edge
        );
        // At 80 % odds the count grows by the estimate's own sampling error, and is exact
        // for the widened interval.
        let Reach::Beyond(n80) = reach(&d, &far, &quiet, 0.0, REACH_ODDS) else {
            panic!("{:?}", reach(&d, &far, &quiet, 0.0, REACH_ODDS));
        };
        assert!(n80 > n, "{n80} {n}");
        let widened = |n: u32| {
            let q = t_quantile(1.0 - alpha / 2.0, n - 1) + t_quantile(REACH_ODDS, n - 1);
            let h = q * 0.01 / f64::from(n).sqrt();
            iv((far.mean_log - h).exp(), (far.mean_log + h).exp())
        };
        assert_eq!(decide(&widened(n80), MIN_BAND, d.margin), Verdict::Slower);
        assert_eq!(
            decide(&widened(n80 - 1), MIN_BAND, d.margin),
            Verdict::Undecided
        );
    }

    #[test]
    fn in_reach_gives_a_row_the_benefit_of_its_standard_error() {
        let d = Design::for_profile(Profile::Quick);
        let quiet = across(0.0, 0.005, 16);
        // 1.5 % slower at 1 % after 16: plainly past the design, within reach shifted.
        let row = across(0.015f64.ln_1p(), 0.01, 16);
        assert!(matches!(
            reach(&d, &row, &quiet, 0.0, 0.5),
            Reach::Beyond(_)
        ));
        assert!(in_reach(&d, &row, &quiet));
        // On the edge with a small spread: out of reach either way.
        let edge = across(EQUAL_MARGIN.ln_1p(), 0.002, 16);
        assert!(!in_reach(&d, &edge, &quiet));
    }

    /// Only undecided rows get a reach, and every one of them does.
    #[test]
    fn combined_rows_carry_their_reach_when_undecided() {
        use crate::paired::{LayoutSummary, RowRun};
        use crate::BenchId;
        let run = |i: u32| {
            let x = f64::from(i % 4) - 1.5;
            let row = |name: &str, control, mean: f64, sd: f64| RowRun {
                id: BenchId::sample(name),
                control,
                twin: None,
                iters_per_batch: 1,
                log_ns_per_item: None,
                layouts: vec![LayoutSummary {
                    iq_mean_log: mean + sd * x,
                    mean_log: mean + sd * x,
                    rounds: 10,
                    sd_log: 0.01,
                }],
            };
            ProcessRun {
                baseline: BenchId::sample("b"),
                baseline_iters_per_batch: 1,
                baseline_log_ns_per_item: None,
                config: crate::paired::Config {
                    rounds: 10,
                    layouts: 1,
                    seed: u64::from(i),
                    batch_ns: 500_000,
                    budget_ms: None,
                    randomize_layout: true,
                },
                stack_offsets: vec![0],
                rows: vec![
                    row("b", Some(crate::Control::Aa), 0.0, 0.002),
                    row("slow", None, 0.2, 0.01),
                    row("edge", None, 0.01, 0.01),
                ],
                wall_secs: 0.1,
                window: None,
            }
        };
        let runs: Vec<ProcessRun> = (0..8).map(run).collect();
        let c = combine_sequential(
            &runs,
            LayoutUnit::Process,
            &Design::for_profile(Profile::Quick),
        )
        .unwrap();
        let got: Vec<_> = c
            .rows
            .iter()
            .map(|r| (r.paired.verdict, r.paired.reach))
            .collect();
        assert_eq!(got[0].1, None, "the A/A control");
        assert_eq!(got[1], (Verdict::Slower, None));
        assert_eq!(got[2].0, Verdict::Undecided);
        assert!(got[2].1.is_some());
    }

    #[test]
    fn hodges_lehmann_and_sign_intervals_take_the_exact_order_statistics() {
        let xs: Vec<f64> = (1..=8).map(f64::from).collect();
        // n = 8: P(W <= 3) = 5/256 <= 0.025 < P(W <= 4) = 7/256, so the 4th Walsh average
        // from each end: 2 and 7.
        assert_eq!(
            interval(IntervalMethod::HodgesLehmann, &xs, 0.05),
            Some((2.0, 7.0))
        );
        // P(B <= 0) = 1/256 <= 0.025 < P(B <= 1) = 9/256: the extremes.
        assert_eq!(
            interval(IntervalMethod::SignMedian, &xs, 0.05),
            Some((1.0, 8.0))
        );
        // Too few values for the level: none, and intervals_at falls back to t.
        assert_eq!(
            interval(IntervalMethod::HodgesLehmann, &xs[..4], 0.05),
            None
        );
        let (a, iv) = intervals_at(IntervalMethod::HodgesLehmann, &xs[..4], 0.05).unwrap();
        let t = across_at(&xs[..4], 0.05).unwrap();
        assert_eq!((a.lower_log, a.upper_log), (t.lower_log, t.upper_log));
        // The equal interval is the 1 - 2 alpha one, inside the decision interval.
        let (_, iv8) = intervals_at(IntervalMethod::HodgesLehmann, &xs, 0.05).unwrap();
        assert_eq!(
            (iv8.equal_lower, iv8.equal_upper),
            interval(IntervalMethod::HodgesLehmann, &xs, 0.10).unwrap()
        );
        assert!(iv8.equal_lower >= iv8.lower && iv8.equal_upper <= iv8.upper);
        assert!(iv.equal_lower > iv.lower);
    }

    /// The stated detectable effect is found about 80 % of the time by the rule it is
    /// stated for (one look at 16 processes, normal noise).
    #[test]
    fn detectable_effect_is_found_80_percent_of_the_time() {
        let (n, sd, band) = (16u32, 0.01, 0.008);
        let alpha = 0.0072;
        let half = t_quantile(1.0 - alpha / 2.0, n - 1) * sd / f64::from(n).sqrt();
        let effect = detectable(band, EQUAL_MARGIN, half, sd, n);
        assert!((0.02..0.03).contains(&effect), "{effect}");
        let mut rng = SplitMix64(7);
        let trials = 4_000;
        let found = (0..trials)
            .filter(|_| {
                let xs: Vec<f64> = (0..n).map(|_| effect.ln_1p() + sd * rng.normal()).collect();
                let (_, iv) = intervals_at(IntervalMethod::StudentT, &xs, alpha).unwrap();
                decide(&iv, band, EQUAL_MARGIN) == Verdict::Slower
            })
            .count();
        let share = found as f64 / f64::from(trials);
        assert!((0.76..0.84).contains(&share), "{share}");
    }

    #[test]
    fn equal_is_two_one_sided_tests_and_thresholds_are_symmetric_in_log_space() {
        let e = EQUAL_MARGIN.ln_1p();
        // The 1 - alpha interval straddles the margin, the 1 - 2 alpha one lies inside.
        let tost = Intervals {
            lower: -1.2 * e,
            upper: 0.5 * e,
            equal_lower: -0.9 * e,
            equal_upper: 0.4 * e,
        };
        assert_eq!(decide(&tost, 0.005, EQUAL_MARGIN), Verdict::Equal);
        let wide = Intervals {
            equal_lower: -1.1 * e,
            ..tost
        };
        assert_eq!(decide(&wide, 0.005, EQUAL_MARGIN), Verdict::Undecided);
        // A 20 % band: faster below 1/1.2 (log -ln 1.2), slower above 1.2, mirror images.
        let at = |ratio: f64| {
            let l = f64::ln(ratio);
            Intervals {
                lower: l - 1e-6,
                upper: l + 1e-6,
                equal_lower: l,
                equal_upper: l,
            }
        };
        assert_eq!(decide(&at(0.82), 0.2, EQUAL_MARGIN), Verdict::Faster);
        assert_eq!(decide(&at(0.84), 0.2, EQUAL_MARGIN), Verdict::Undecided);
        assert_eq!(decide(&at(1.0 / 0.82), 0.2, EQUAL_MARGIN), Verdict::Slower);
        assert_eq!(
            decide(&at(1.0 / 0.84), 0.2, EQUAL_MARGIN),
            Verdict::Undecided
        );
    }

    /// One scenario's rates at the quick design with the budget capped at 16 processes,
    /// 1,000 tables per effect.
    fn rates(shape: Shape, sd: f64, rows: u32, effect: f64) -> Tally {
        let scenario = Scenario {
            shape,
            rows,
            cap: Some(16),
            ..Scenario::normal(effect, sd)
        };
        simulate(
            &Design::for_profile(Profile::Quick),
            scenario,
            1_000,
            0x5eed,
        )
    }

    /// The lab's rows under the lab's whole rule (two A/A twins), donor rows resampled
    /// (`Shape::LabRows`) with the fitted drift ([`FITTED_DRIFT`]), `tables` tables per
    /// effect, capped at `cap` processes: coverage at least 95 % (the target); each wrong side
    /// at the margin at most `wrong`; a 2 % effect found at least `found` of the time.
    fn assert_lab_rows_keep(truth: Truth, cap: u32, tables: u32, wrong: f64, found: f64) {
        assert_lab_rows_keep_in(Profile::Quick, truth, cap, tables, wrong, found);
    }

    /// [`assert_lab_rows_keep`] with `profile`'s design.
    fn assert_lab_rows_keep_in(
        profile: Profile,
        truth: Truth,
        cap: u32,
        tables: u32,
        wrong: f64,
        found: f64,
    ) {
        let run = |effect: f64| {
            let s = Scenario {
                shape: Shape::LabRows,
                drift: FITTED_DRIFT,
                band: BandRule::Twins,
                cap: Some(cap),
                truth,
                ..Scenario::normal(effect, 0.01)
            };
            simulate(&Design::for_profile(profile), s, tables, 0x5eed)
        };
        let [none, up, down, two] = [0.0, 0.01, -0.01, 0.02].map(run);
        for t in [&none, &up, &down, &two] {
            assert!(t.share(t.missed) <= 0.05, "coverage: {t:?}");
        }
        assert!(up.share(up.slower) <= wrong, "{up:?}");
        assert!(down.share(down.faster) <= wrong, "{down:?}");
        assert!(two.share(two.slower) >= found, "{two:?}");
        assert_eq!(two.faster, 0, "{two:?}");
    }

    /// Judged against their mean, at 16 processes: each wrong side within 3.5 % and a 2 %
    /// effect found at least 75 % of the time. The wrong side is above the target of 2.5 %,
    /// which the rule misses there (2.7 % at 40,000 tables, 2.9 % on these 4,000;
    /// docs/measurement.md), so this holds the rule to what it does.
    #[test]
    fn the_lab_s_own_rows_keep_their_bounds() {
        assert!(lab_rows().len() >= 300, "{} donor rows", lab_rows().len());
        assert!(lab_rows().iter().all(|r| r.len() >= 8));
        assert_lab_rows_keep(Truth::Mean, 16, 4_000, 0.035, 0.75);
    }

    /// Judged against what their Hodges–Lehmann interval is an interval of, their location
    /// ([`Truth::Location`]), at 20 processes (the simulation's cap: docs/measurement.md,
    /// "The cap real runs reach, and what a verdict is judged against"): the design's
    /// targets, each wrong side at most 2.5 % and a 2 % effect found at least 80 % of the
    /// time. Deterministic (seed 0x5eed); a change in what a table draws moves the rates by
    /// their sampling error at 4,000 tables (about 0.25 points at 2.5 %).
    #[test]
    fn the_lab_s_own_rows_at_their_location_keep_the_targets() {
        assert_lab_rows_keep(Truth::Location, 20, 4_000, 0.025, 0.80);
    }

    /// The same up to full's last look (32 processes), which a table with a row past ±2 %
    /// takes first (quick's last look is the cap above): with full's nominal rate
    /// ([`spent_alpha`]) each wrong side reads within 2.75 % on 4,000 tables (2.5 % and its
    /// sampling error there; 2.2 % at 80,000 tables, docs/measurement.md). Spending
    /// [`ALPHA`] reads 3.2 %, with a coverage of 94.1 %.
    #[test]
    fn the_lab_s_own_rows_keep_the_targets_up_to_full_s_last_look() {
        assert_lab_rows_keep_in(Profile::Full, Truth::Location, 32, 4_000, 0.0275, 0.80);
    }

    /// A slow layout (15 % of processes 4.5 SDs slower, at a 1 % spread) at 20 processes,
    /// quick's last look and the look a default run reaches: each wrong side at the margin
    /// stays within 2.5 %, and a 2 % effect is found at least 79 % of the time on these
    /// 4,000 tables (79.8 %; the target is 80 %, met with 80.0 % at 80,000 tables:
    /// docs/measurement.md, "The quick design ends at the look its runs reach"). With a
    /// fifth look at 24 that the budget does not reach, at the same rate, it reads 74.3 %.
    #[test]
    fn a_slow_layout_keeps_the_targets_at_quick_s_last_look() {
        let design = Design::for_profile(Profile::Quick);
        let run = |effect: f64| {
            let s = Scenario {
                shape: Shape::SlowLayout {
                    share: 0.15,
                    shift: 0.045,
                },
                band: BandRule::Twins,
                // The look the default run's budget reaches, kept apart from the design's
                // looks so that a design looking past it is held to it too.
                cap: Some(20),
                truth: Truth::Location,
                ..Scenario::normal(effect, 0.01)
            };
            simulate(&design, s, 4_000, 0x5eed)
        };
        let [up, down, two] = [0.01, -0.01, 0.02].map(run);
        for t in [&up, &down, &two] {
            assert!(t.share(t.missed) <= 0.05, "coverage: {t:?}");
        }
        assert!(up.share(up.slower) <= 0.025, "{up:?}");
        assert!(down.share(down.faster) <= 0.025, "{down:?}");
        assert!(two.share(two.slower) >= 0.79, "{two:?}");
    }

    /// Draws from a donor row have unit variance (its SD was taken with `n − 1`; resampling
    /// alone would give `(n − 1) / n`, 0.875 for 8 values).
    #[test]
    fn donor_draws_have_unit_variance() {
        let row = standardized(&[0.0, 1.0, 0.5, 3.0, -1.0, 0.2, 0.1, -0.4]).unwrap();
        let mut rng = SplitMix64(7);
        let n = 400_000;
        let draws: Vec<f64> = (0..n).map(|_| donor_draw(&row, 0.0, &mut rng)).collect();
        let mean = draws.iter().sum::<f64>() / n as f64;
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!((var - 1.0).abs() < 0.02, "{var}");
    }

    /// A pseudo-median is the median of the pairwise means, not the mean: on a row with one
    /// slow value it sits below the mean, and a donor centred on it draws values whose
    /// Hodges–Lehmann estimate tends to 0 while their mean does not.
    #[test]
    fn a_donor_at_its_location_has_hodges_lehmann_centre_zero() {
        assert_eq!(pseudo_median(&[1.0, 2.0, 3.0]), 2.0);
        // Pairwise means of {0, 0, 0, 4}: nine 0s, six 2s, one 4: median 0.
        assert_eq!(pseudo_median(&[0.0, 0.0, 0.0, 4.0]), 0.0);
        let row = standardized(&[0.0, 0.1, -0.1, 0.05, -0.05, 0.02, -0.02, 1.0]).unwrap();
        let centre = pseudo_median(&row);
        let mean = row.iter().sum::<f64>() / row.len() as f64;
        assert!(centre < mean - 0.2, "{centre} {mean}");
        let mut rng = SplitMix64(11);
        let draws: Vec<f64> = (0..4_000)
            .map(|_| donor_draw(&row, centre, &mut rng))
            .collect();
        let hl = pseudo_median(&draws[..200]);
        let drawn_mean = draws.iter().sum::<f64>() / draws.len() as f64;
        assert!(hl.abs() < 0.1, "{hl}");
        assert!(drawn_mean > 0.2, "{drawn_mean}");
    }

    /// The slow mode's location: 0 without one, between 0 and the mean with one, and what
    /// the pseudo-median of a large sample of the mixture reads.
    #[test]
    fn a_slow_layout_s_location_lies_between_its_centre_and_its_mean() {
        assert_eq!(slow_layout_location(0.0, 0.045, 0.01), 0.0);
        let (share, shift, sd) = (0.15, 0.045, 0.01);
        let at = slow_layout_location(share, shift, sd);
        assert!(at > 0.0 && at < share * shift, "{at}");
        let mut rng = SplitMix64(3);
        let xs: Vec<f64> = (0..1_500)
            .map(|_| sd * rng.normal() + if rng.unit() <= share { shift } else { 0.0 })
            .collect();
        let sampled = pseudo_median(&xs);
        assert!((sampled - at).abs() < 0.0008, "{sampled} {at}");
    }

    #[test]
    fn look_blocks_split_at_the_looks_and_keep_the_rest() {
        assert_eq!(look_blocks(&[8, 12, 16], 16), [8, 4, 4]);
        assert_eq!(look_blocks(&[8, 12, 16], 12), [8, 4]);
        assert_eq!(look_blocks(&[8, 12, 16], 14), [8, 4, 2]);
        assert_eq!(look_blocks(&[8, 12, 16], 5), [5]);
    }

    #[test]
    fn standardized_rows_have_mean_zero_and_unit_sd() {
        let z = standardized(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]).unwrap();
        let mean = z.iter().sum::<f64>() / 8.0;
        let var = z.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 7.0;
        assert!(mean.abs() < 1e-12 && (var - 1.0).abs() < 1e-12, "{z:?}");
        assert_eq!(standardized(&[1.0; 8]), None);
        assert_eq!(standardized(&[1.0, 2.0, 3.0]), None);
    }

    /// docs/measurement.md's scenario table, asserted: the interval's coverage and the false
    /// decisions at the margin's edge (each side's `faster` / `slower` within α/2 = 2.5 %)
    /// where the design keeps them, with normal and heavy-tailed noise and several rows on
    /// one baseline; a slow layout mode in every row and a 0.5 % drift between looks (stress
    /// cases beyond the lab's runs) are held to their measured figures (they miss the
    /// targets: docs/measurement.md).
    #[test]
    fn simulated_scenarios_keep_their_bounds() {
        let cases = [
            (Shape::Normal, 0.005, 1),
            (Shape::Normal, 0.01, 1),
            (Shape::Normal, 0.02, 1),
            (Shape::Normal, 0.03, 1),
            (Shape::T3, 0.01, 1),
            (Shape::Normal, 0.01, 4),
        ];
        for (shape, sd, rows) in cases {
            for effect in [0.0, 0.01, -0.01] {
                let t = rates(shape, sd, rows, effect);
                let what = format!("{shape:?} sd {sd} rows {rows} effect {effect}: {t:?}");
                assert!(t.share(t.missed) <= 0.05, "coverage, {what}");
                assert!(t.share(t.faster) <= 0.025, "false faster, {what}");
                assert!(t.share(t.slower) <= 0.025, "false slower, {what}");
                assert!(
                    t.share(t.equal) <= if effect == 0.0 { 1.0 } else { 0.05 },
                    "{what}"
                );
            }
        }
        let slow = Shape::SlowLayout {
            share: 0.15,
            shift: 0.045,
        };
        for effect in [0.0, 0.01, -0.01] {
            let t = rates(slow, 0.01, 1, effect);
            assert!(t.share(t.missed) <= 0.06, "slow layout {effect}: {t:?}");
            assert!(t.share(t.faster) <= 0.06, "slow layout {effect}: {t:?}");
            assert!(t.share(t.slower) <= 0.025, "slow layout {effect}: {t:?}");
        }
    }

    /// Power at the quick design: a 2 % effect at a 1 % spread, with the budget to the
    /// last look and capped at 16 processes, and the A/A-like row's `equal`.
    #[test]
    fn simulated_power_of_the_quick_design() {
        let d = Design::for_profile(Profile::Quick);
        let full = simulate(&d, Scenario::normal(0.02, 0.01), 2_000, 18);
        assert!(full.share(full.slower) >= 0.90, "{full:?}");
        assert_eq!(full.faster, 0, "{full:?}");
        let capped = rates(Shape::Normal, 0.01, 1, 0.02);
        assert!(capped.share(capped.slower) >= 0.60, "{capped:?}");
        let null = simulate(&d, Scenario::normal(0.0, 0.01), 2_000, 17);
        assert!(null.share(null.equal) >= 0.90, "{null:?}");
    }

    /// `ab` and `--peer-path` run a fixed number of rounds: the whole error rate at that one
    /// look, with the profile's interval method.
    #[test]
    fn one_look_spends_the_whole_alpha() {
        for (profile, method) in [
            (Profile::Smoke, IntervalMethod::StudentT),
            (Profile::Quick, IntervalMethod::HodgesLehmann),
            (Profile::Full, IntervalMethod::HodgesLehmann),
        ] {
            let d = Design::one_look(profile, 8);
            assert_eq!(d.looks, vec![8]);
            assert_eq!(d.interval, method);
            assert!(
                (d.alpha_at(8) - ALPHA).abs() < 1e-9,
                "{profile} {}",
                d.alpha_at(8)
            );
            assert!((d.alpha_at(5) - ALPHA).abs() < 1e-9, "{profile}");
        }
    }

    #[test]
    fn obrien_fleming_spending_saves_the_first_look_for_the_later_ones() {
        let d = Design {
            alpha: ALPHA,
            looks: UNRECORDED_QUICK_LOOKS.to_vec(),
            ..Design::for_profile(Profile::Quick)
        };
        let obf = Spending::OBrienFleming;
        let total: f64 = (0..d.looks.len()).map(|k| obf.look_alpha(&d, k)).sum();
        assert!((total - 0.05).abs() < 1e-9, "{total}");
        // 2 - 2 Φ(1.95996 / √0.5) = 2 - 2 Φ(2.77181) = 0.005575.
        assert!(
            (obf.spent(&d, 0.5) - 0.005575).abs() < 2e-6,
            "{}",
            obf.spent(&d, 0.5)
        );
        assert!(obf.look_alpha(&d, 0) < 0.001);
        let pocock = Spending::Pocock;
        assert!(obf.look_alpha(&d, 2) > pocock.look_alpha(&d, 2));
        // The quick and full designs spend O'Brien–Fleming-type.
        assert_eq!(obf.look_alpha(&d, 1), d.look_alpha(1));
        assert_eq!(Design::for_profile(Profile::Full).spending, obf);
        assert_eq!(obf.spent(&d, 0.0), 0.0);
        // Pocock-type after the first look: nothing there, Pocock's increments after.
        let after = Spending::PocockAfterFirst;
        assert_eq!(after.look_alpha(&d, 0), 0.0);
        for k in 1..d.looks.len() {
            assert!(
                (after.look_alpha(&d, k) - pocock.look_alpha(&d, k)).abs() < 1e-15,
                "{k}"
            );
        }
    }

    #[test]
    fn the_union_interval_holds_both_t_and_hodges_lehmann() {
        // A sample with one process in a slow layout: the t interval reaches lower than
        // Hodges–Lehmann's, which the slow process's Walsh averages pull up.
        let mut xs: Vec<f64> = (0..12).map(|i| 0.001 * f64::from(i % 5)).collect();
        xs.push(0.05);
        let t = interval(IntervalMethod::StudentT, &xs, 0.01).unwrap();
        let hl = interval(IntervalMethod::HodgesLehmann, &xs, 0.01).unwrap();
        let u = interval(IntervalMethod::StudentTOrHodgesLehmann, &xs, 0.01).unwrap();
        assert_eq!(u, (t.0.min(hl.0), t.1.max(hl.1)));
        assert!(
            u.0 < hl.0 && u.0 == t.0 && u.1 == hl.1,
            "{u:?} {hl:?} {t:?}"
        );
        // Too few values for Hodges–Lehmann: the t interval.
        assert_eq!(
            interval(IntervalMethod::StudentTOrHodgesLehmann, &xs[..4], 0.01),
            interval(IntervalMethod::StudentT, &xs[..4], 0.01)
        );
    }

    #[test]
    fn pooled_twin_band_averages_the_twins_estimates() {
        let (up, down) = (across(0.012, 0.01, 16), across(-0.008, 0.01, 16));
        let pooled = twins_row_band(BandRule::TwinsPooled, [&up, &down]);
        assert_eq!(pooled, MIN_BAND);
        let wider = twins_row_band(BandRule::Twins, [&up, &down]);
        assert!((wider - (0.012f64.exp() - 1.0)).abs() < 1e-15, "{wider}");
        let both = across(0.014, 0.01, 16);
        let pooled = twins_row_band(BandRule::TwinsPooled, [&up, &both]);
        assert!((pooled - (0.013f64.exp() - 1.0)).abs() < 1e-15, "{pooled}");
        // Each twin is still judged against the other's own band.
        let d = Design::for_profile(Profile::Quick);
        let xs = |c: f64| -> Vec<f64> { (0..16).map(|i| c + 0.002 * f64::from(i % 4)).collect() };
        let (a, b, row) = (xs(0.03), xs(-0.036), xs(0.02));
        let at = |v: &[f64]| intervals_at(d.interval, v, d.alpha_at(16));
        let v = twin_rule_by(&d, &at, BandRule::TwinsPooled, &[&row], [&a, &b]).unwrap();
        assert!(v.band < 0.01, "{v:?}");
        assert_eq!(v.twins, [Verdict::Undecided, Verdict::Undecided]);
        assert_eq!(v.rows, [Verdict::Slower]);
        let v = twin_rule_by(&d, &at, BandRule::Twins, &[&row], [&a, &b]).unwrap();
        assert_eq!(v.rows, [Verdict::Undecided]);
    }

    #[test]
    fn between_looks_widens_only_when_the_looks_means_differ_beyond_their_noise() {
        let noise = |i: u32| 0.01 * (f64::from(i % 4) - 1.5);
        let same: Vec<f64> = (0..16).map(noise).collect();
        let shifted: Vec<f64> = (0..16)
            .map(|i| noise(i) + if i < 8 { 0.0 } else { 0.02 })
            .collect();
        let blocks = [8, 4, 4];
        assert_eq!(between_looks_factor(&same, &blocks, false), 1.0);
        assert_eq!(between_looks_factor(&shifted, &[16], false), 1.0);
        assert_eq!(
            between_looks_factor(&shifted, &[8, 4], false),
            1.0,
            "blocks not summing"
        );
        let f = between_looks_factor(&shifted, &blocks, false);
        // The shift is far beyond the looks' noise: the pre-test widens the same.
        assert_eq!(between_looks_factor(&shifted, &blocks, true), f);
        // A small difference between the looks' means: widened without the pre-test, not
        // with it (Q = 2.6 against the χ²₂ 0.9 quantile 4.6).
        let small: Vec<f64> = (0..16)
            .map(|i| noise(i) + if i < 8 { 0.0 } else { 0.01 })
            .collect();
        assert!(between_looks_factor(&small, &blocks, false) > 1.0);
        assert_eq!(between_looks_factor(&small, &blocks, true), 1.0);
        assert!(f > 1.5, "{f}");
        let m = IntervalMethod::StudentT;
        let (_, plain) = intervals_at(m, &shifted, 0.01).unwrap();
        let (a, wide) = intervals_between_looks(m, &shifted, &blocks, 0.01).unwrap();
        let half = |l: f64, u: f64| (u - l) / 2.0;
        assert!((half(wide.lower, wide.upper) / half(plain.lower, plain.upper) - f).abs() < 1e-12);
        assert!(
            (half(wide.equal_lower, wide.equal_upper) / half(plain.equal_lower, plain.equal_upper)
                - f)
                .abs()
                < 1e-12
        );
        assert_eq!((a.lower_log, a.upper_log), (wide.lower, wide.upper));
    }

    /// The rules beside the design's, simulated (quick's five looks at [`ALPHA`], as that
    /// table was, capped at 16, 1,000 tables): each moves its target the way docs/measurement.md's
    /// session-2 table says.
    #[test]
    fn simulated_rules_move_their_targets() {
        let d = Design {
            alpha: ALPHA,
            looks: UNRECORDED_QUICK_LOOKS.to_vec(),
            ..Design::for_profile(Profile::Quick)
        };
        let run = |(spending, rule): (Spending, Rule), band, shape, drift, effect| {
            let s = Scenario {
                shape,
                drift,
                band,
                cap: Some(16),
                ..Scenario::normal(effect, 0.01)
            };
            let d = Design {
                spending,
                ..d.clone()
            };
            simulate_rule(&d, rule, s, 1_000, 0x5eed)
        };
        let pocock = (Spending::Pocock, Rule::default());
        let obf = (Spending::OBrienFleming, Rule::default());
        let between = (
            Spending::OBrienFleming,
            Rule {
                between_looks: true,
                ..Rule::default()
            },
        );
        let n = Shape::Normal;
        // O'Brien–Fleming: power for 2 % at 1 % with the twin band reaches 80 %, and the
        // drift's coverage rises.
        let p = run(obf, BandRule::Twins, n, 0.0, 0.02);
        assert!(p.share(p.slower) >= 0.78, "{p:?}");
        let p0 = run(pocock, BandRule::Twins, n, 0.0, 0.02);
        assert!(p.slower > p0.slower, "{p:?} {p0:?}");
        // Coverage under drift, at the worst of three effects.
        let missed = |rule: (Spending, Rule)| {
            [0.0, 0.01, 0.02]
                .map(|effect| {
                    let t = run(rule, BandRule::Twins, n, 0.005, effect);
                    t.share(t.missed)
                })
                .into_iter()
                .fold(0.0, f64::max)
        };
        let (m_pocock, m_obf, m_between) = (missed(pocock), missed(obf), missed(between));
        assert!(m_obf < m_pocock, "{m_obf} {m_pocock}");
        assert!(
            m_between < m_obf && m_between <= 0.07,
            "{m_between} {m_obf}"
        );
        // The union interval: fewer false `faster` at -1 % with a slow layout than
        // Hodges–Lehmann alone.
        let slow = Shape::SlowLayout {
            share: 0.15,
            shift: 0.045,
        };
        let hl = run(obf, BandRule::Twins, slow, 0.0, -0.01);
        let dt = Design {
            interval: IntervalMethod::StudentTOrHodgesLehmann,
            ..d.clone()
        };
        let s = Scenario {
            shape: slow,
            band: BandRule::Twins,
            cap: Some(16),
            ..Scenario::normal(-0.01, 0.01)
        };
        let union = simulate_rule(&dt, Rule::default(), s, 1_000, 0x5eed);
        assert!(union.faster < hl.faster, "{union:?} {hl:?}");
    }

    /// Two twins: one really off is decided against the other's band (the A/A check can
    /// fail), identical twins are not, and rows gain power over the one-twin reach rule.
    #[test]
    fn twin_rule_judges_each_twin_against_the_other() {
        let d = Design::for_profile(Profile::Quick);
        let xs = |centre: f64| -> Vec<f64> {
            (0..16)
                .map(|i| centre + 0.002 * (f64::from(i % 4) - 1.5))
                .collect()
        };
        let (off, fine, row) = (xs(0.03), xs(0.0), xs(0.02));
        let v = twin_rule(&d, d.alpha_at(16), &[&row], [&off, &fine]).unwrap();
        assert_eq!(v.twins, [Verdict::Slower, Verdict::Undecided]);
        assert!((v.band - (0.03f64.exp() - 1.0)).abs() < 1e-9, "{v:?}");
        let v = twin_rule(&d, d.alpha_at(16), &[&row], [&fine, &fine]).unwrap();
        assert_eq!(v.twins, [Verdict::Equal, Verdict::Equal]);
        assert_eq!(v.rows, [Verdict::Slower]);
        let sim = |effect: f64, twin_offset: f64| {
            let s = Scenario {
                cap: Some(16),
                band: BandRule::Twins,
                twin_offset,
                ..Scenario::normal(effect, 0.01)
            };
            simulate(&d, s, 1_000, 0x5eed)
        };
        let null = sim(0.0, 0.0);
        assert!(null.twin_decided() <= 0.05, "{null:?}");
        assert_eq!(null.twins, 2_000);
        let flagged = sim(0.0, 0.03);
        assert!(flagged.twin_decided() >= 0.4, "{flagged:?}");
        let power = sim(0.02, 0.0);
        assert!(power.share(power.slower) >= 0.75, "{power:?}");
    }
}
