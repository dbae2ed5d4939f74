//! Comparing two measured times: ratio with an interval, a p-value, criterion-style change
//! classes and the outcome behind each one-line verdict the report prints (the sentence is
//! written by `render::text`).
//!
//! Method (stated in the report too): both times come with criterion's bootstrap standard
//! error. The ratio `a / b` gets a 95% interval from the delta method on the log scale,
//! `exp(±1.96·sqrt((sa/a)² + (sb/b)²))`; the p-value is a two-sided normal test on the
//! difference. When a record has no standard error we fall back to the conservative
//! `[a.lower / b.upper, a.upper / b.lower]`. The verdict text says whether the two
//! confidence intervals of the times overlap, which is the stricter test.

use lab_record::Interval;

/// Criterion's defaults for `--significance-level` and `--noise-threshold`.
pub const SIGNIFICANCE: f64 = 0.05;
pub const NOISE: f64 = 0.01;

/// `a / b` with an interval: the workspace's one ratio type.
pub use lab_record::Ratio;

pub fn ratio(a: &Interval, b: &Interval) -> Ratio {
    let estimate = a.estimate / b.estimate;
    match (a.std_err, b.std_err) {
        (Some(sa), Some(sb)) if sa >= 0.0 && sb >= 0.0 => {
            let rel = ((sa / a.estimate).powi(2) + (sb / b.estimate).powi(2)).sqrt();
            let spread = (1.96 * rel).exp();
            Ratio {
                estimate,
                lower: estimate / spread,
                upper: estimate * spread,
            }
        }
        _ => Ratio {
            estimate,
            lower: a.lower / b.upper,
            upper: a.upper / b.lower,
        },
    }
}

/// Do the two confidence intervals share any value?
pub fn overlap(a: &Interval, b: &Interval) -> bool {
    a.lower <= b.upper && b.lower <= a.upper
}

/// Two-sided p-value of "a and b have the same mean", normal approximation.
pub fn p_value(a: &Interval, b: &Interval) -> Option<f64> {
    let (sa, sb) = (a.std_err?, b.std_err?);
    let se = (sa * sa + sb * sb).sqrt();
    if se <= 0.0 {
        return Some(if a.estimate == b.estimate { 1.0 } else { 0.0 });
    }
    let z = (a.estimate - b.estimate).abs() / se;
    Some(erfc(z / std::f64::consts::SQRT_2).clamp(0.0, 1.0))
}

/// Complementary error function, Numerical Recipes' Chebyshev fit (`erfcc`, |error| < 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// Criterion's change classes, with its wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeClass {
    Regressed,
    Improved,
    WithinNoise,
    NoChange,
}

impl ChangeClass {
    pub fn sentence(self) -> &'static str {
        match self {
            ChangeClass::Regressed => "Performance has regressed.",
            ChangeClass::Improved => "Performance has improved.",
            ChangeClass::WithinNoise => "Change within noise threshold.",
            ChangeClass::NoChange => "No change in performance detected.",
        }
    }

    pub fn short(self) -> &'static str {
        match self {
            ChangeClass::Regressed => "regressed",
            ChangeClass::Improved => "improved",
            ChangeClass::WithinNoise => "within noise",
            ChangeClass::NoChange => "no change",
        }
    }
}

/// A timed change from `old` to `new`.
#[derive(Clone, Copy, Debug)]
pub struct Change {
    pub ratio: Ratio,
    pub p: Option<f64>,
    pub class: ChangeClass,
}

pub fn change(new: &Interval, old: &Interval) -> Change {
    let r = ratio(new, old);
    let p = p_value(new, old);
    let significant = match p {
        Some(p) => p < SIGNIFICANCE,
        None => !overlap(new, old),
    };
    let (lo, _, hi) = r.change();
    let class = if !significant {
        ChangeClass::NoChange
    } else if lo > NOISE {
        ChangeClass::Regressed
    } else if hi < -NOISE {
        ChangeClass::Improved
    } else {
        ChangeClass::WithinNoise
    };
    Change { ratio: r, p, class }
}

/// How a strategy's time `s` compares with its baseline's `b`: the basis of a verdict line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// The confidence intervals overlap; `ratio` is `s / b`.
    WithinNoise { ratio: f64 },
    /// The intervals do not overlap and `s` is slower (`ratio > 1`).
    Slower { ratio: f64 },
    /// The intervals do not overlap and `s` is faster (`ratio <= 1`).
    Faster { ratio: f64 },
}

impl Outcome {
    /// Whether the intervals do not overlap (a real difference).
    pub fn is_real(self) -> bool {
        !matches!(self, Outcome::WithinNoise { .. })
    }
}

pub fn outcome(s: &Interval, b: &Interval) -> Outcome {
    let ratio = s.estimate / b.estimate;
    if overlap(s, b) {
        Outcome::WithinNoise { ratio }
    } else if ratio > 1.0 {
        Outcome::Slower { ratio }
    } else {
        Outcome::Faster { ratio }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(est: f64, lo: f64, hi: f64) -> Interval {
        Interval {
            estimate: est,
            lower: lo,
            upper: hi,
            std_err: Some((hi - lo) / (2.0 * 1.96)),
            confidence: Some(0.95),
        }
    }

    #[test]
    fn seed_numbers_classify_like_criterion() {
        // The seed's 165 B row: master (cap 47) against the PR (cap 200).
        let pr = iv(345.00, 344.77, 345.26);
        let master = iv(362.56, 362.42, 362.72);
        let c = change(&master, &pr);
        assert_eq!(c.class, ChangeClass::Regressed);
        assert!((c.ratio.estimate - 1.0509).abs() < 1e-3);
        assert!(c.p.unwrap() < 0.05);
        // The seed's 1 KiB row: within noise threshold.
        let pr = iv(1429.5, 1429.2, 1430.2);
        let master = iv(1426.1, 1425.5, 1427.0);
        assert_eq!(change(&master, &pr).class, ChangeClass::WithinNoise);
    }

    #[test]
    fn overlapping_intervals_are_no_change() {
        let a = iv(100.0, 95.0, 105.0);
        let b = iv(101.0, 96.0, 106.0);
        assert_eq!(change(&a, &b).class, ChangeClass::NoChange);
        assert!(!outcome(&a, &b).is_real());
    }

    #[test]
    fn outcomes_follow_interval_overlap() {
        let base = iv(100.0, 99.9, 100.1);
        let slow = iv(104.1, 104.0, 104.2);
        assert!(
            matches!(outcome(&slow, &base), Outcome::Slower { ratio } if (ratio - 1.041).abs() < 1e-9)
        );
        let fast = iv(95.0, 94.9, 95.1);
        assert!(matches!(outcome(&fast, &base), Outcome::Faster { .. }));
        let near = iv(100.05, 99.95, 100.2);
        assert!(matches!(outcome(&near, &base), Outcome::WithinNoise { .. }));
    }

    #[test]
    fn ratio_without_std_err_is_conservative() {
        let a = Interval {
            estimate: 110.0,
            lower: 100.0,
            upper: 120.0,
            std_err: None,
            confidence: None,
        };
        let b = Interval {
            estimate: 100.0,
            lower: 90.0,
            upper: 110.0,
            std_err: None,
            confidence: None,
        };
        let r = ratio(&a, &b);
        assert!((r.lower - 100.0 / 110.0).abs() < 1e-12);
        assert!((r.upper - 120.0 / 90.0).abs() < 1e-12);
    }

    #[test]
    fn erfc_matches_known_values() {
        assert!((erfc(0.0) - 1.0).abs() < 1e-6);
        assert!((erfc(1.0) - 0.157_299_2).abs() < 1e-6);
        assert!((erfc(-1.0) - 1.842_700_8).abs() < 1e-6);
    }
}
