//! Run profiles: how long criterion measures each benchmark and how big the mix is.
//!
//! | profile | small inputs (< 64 KiB / iteration) | large inputs (1 MiB, 10 MiB) | mix |
//! |---|---|---|---|
//! | `smoke` | every benchmark once-ish: 10 samples, 0.05 s warm-up, 0.1 s measurement, flat | same | 10,000 accounts |
//! | `quick` (default) | 0.1 s warm-up, 0.3 s measurement, 50 linear samples (slope), 20,000 resamples | 0.1 s + 0.4 s, 10 flat samples | 100,000 accounts; many items per iteration (sets, mixes): 0.1 s + 0.45 s, 10 flat samples |
//! | `full` | criterion defaults (3 s + 5 s, 100 samples, 100,000 resamples) | criterion defaults | 100,000 accounts |
//!
//! The `reconcile` family is the exception: one run of its scenario per sample, 25 samples
//! in quick and 100 in full (10 in smoke), so the report can give the seed's "best of N runs"
//! beside criterion's estimate.
//!
//! Why these quick numbers: 0.3 s of linear sampling hashes a small account millions of
//! times in 50 samples, so the slope's interval within one process is a few tenths of a
//! percent. Criterion gives the absolute times, plots and critcmp baselines; the verdicts
//! come from the paired pass over memory layouts (docs/measurement.md), whose spread
//! between layouts is far wider than criterion's within-process interval, so criterion's
//! time is kept short. Inputs of a megabyte and more take milliseconds per iteration, so
//! they use flat sampling with 10 samples. README.md gives the measured time of a whole run.

use crate::error::LabError;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, SamplingMode};
use lab_record::{BenchMeta, Family};
use std::time::Duration;

/// The run profiles are lab-record's, shared with xtask; this file says what each measures.
pub use lab_record::Profile;

/// Criterion settings for one benchmark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub warm_up: Duration,
    pub measurement: Duration,
    pub sample_size: usize,
    pub flat: bool,
    pub nresamples: usize,
    /// `full` leaves criterion's defaults alone.
    pub criterion_defaults: bool,
}

impl Settings {
    pub fn apply(&self, g: &mut BenchmarkGroup<'_, WallTime>) {
        if self.criterion_defaults {
            return;
        }
        g.warm_up_time(self.warm_up)
            .measurement_time(self.measurement)
            .sample_size(self.sample_size)
            .nresamples(self.nresamples)
            .sampling_mode(if self.flat {
                SamplingMode::Flat
            } else {
                SamplingMode::Linear
            });
    }

    /// Wall seconds one benchmark is expected to take (warm-up, measurement, analysis,
    /// process start): bench-all's ETA before it has its own measurements.
    pub fn expected_secs(&self) -> f64 {
        let analysis = self.nresamples as f64 * self.sample_size as f64 * 4e-8 + 0.05;
        self.warm_up.as_secs_f64() + self.measurement.as_secs_f64() + analysis + 0.1
    }
}

const LARGE: u64 = 64 * 1024;

/// What each [`Profile`] measures in the lab: criterion's settings and the mix's size.
pub trait ProfileSettings: Sized {
    /// `HASHLAB_PROFILE`, default `quick`; an unknown name is an error.
    fn from_env() -> Result<Self, LabError>;
    /// Accounts in the mainnet mix.
    fn mix_accounts(&self) -> usize;
    /// Largest data size of the mix's thin tail.
    fn mix_tail_cap(&self) -> usize;
    /// Criterion's settings for the benchmark `m`.
    fn settings(&self, m: &BenchMeta) -> Settings;
}

impl ProfileSettings for Profile {
    fn from_env() -> Result<Self, LabError> {
        match std::env::var(lab_record::process::PROFILE_ENV) {
            Ok(v) if !v.trim().is_empty() => v.trim().parse().map_err(LabError::Argument),
            _ => Ok(Profile::Quick),
        }
    }

    fn mix_accounts(&self) -> usize {
        match self {
            Profile::Smoke => 10_000,
            Profile::Quick | Profile::Full => 100_000,
        }
    }

    fn mix_tail_cap(&self) -> usize {
        match self {
            Profile::Smoke | Profile::Quick => 64 * 1024,
            Profile::Full => 10 * 1024 * 1024,
        }
    }

    fn settings(&self, m: &BenchMeta) -> Settings {
        let s = |w: f64, ms: f64, n: usize, flat: bool, r: usize| Settings {
            warm_up: Duration::from_secs_f64(w),
            measurement: Duration::from_secs_f64(ms),
            sample_size: n,
            flat,
            nresamples: r,
            criterion_defaults: false,
        };
        let many = m.items_per_iter > 1;
        let large = m.bytes_per_iter >= LARGE;
        // The reconcile scenario (2.5–30 ms a run) takes one run per sample, so the best
        // sample is the seed's "best of N runs" (N = 25 in quick, 100 in full); the target
        // time is far below N runs, which makes criterion take exactly one iteration each.
        let reconcile = m.id.family == Family::Reconcile;
        match self {
            Profile::Quick if reconcile => s(0.3, 0.05, 25, true, 20_000),
            Profile::Full if reconcile => s(1.0, 0.1, 100, true, 100_000),
            Profile::Smoke => s(0.05, 0.1, 10, true, 1_000),
            Profile::Quick if many => s(0.1, 0.45, 10, true, 20_000),
            Profile::Quick if large => s(0.1, 0.4, 10, true, 20_000),
            Profile::Quick => s(0.1, 0.3, 50, false, 20_000),
            Profile::Full => Settings {
                criterion_defaults: true,
                ..s(3.0, 5.0, 100, false, 100_000)
            },
        }
    }
}
