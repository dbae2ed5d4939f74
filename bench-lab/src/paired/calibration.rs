//! Iterations per batch, calibrated once per process.

use super::*;

/// Iterations so one batch of `case` takes about `target`: doubling until it does.
/// Also returns the expected time of one batch, in nanoseconds (for the budget).
pub(super) fn calibrate(case: &mut dyn Case, target: Duration) -> (u64, f64) {
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        case.run_n(n);
        let e = t.elapsed().as_secs_f64().max(1e-9);
        if e >= target.as_secs_f64() || n >= 1 << 30 {
            // Scale to the target from the last measurement (at least 1).
            let scaled = ((n as f64 * target.as_secs_f64() / e) as u64).clamp(1, n);
            return (scaled, e * 1e9 * scaled as f64 / n as f64);
        }
        n *= 2;
    }
}

/// Fewest timed rounds per layout the budget may leave.
pub(super) const MIN_ROUNDS: u32 = 5;

/// Fewest timed rounds when every batch is one long iteration ([`LONG_BATCH`]): such a
/// batch already averages thousands of accounts or a whole scenario, so its rounds differ
/// far less than short batches do.
pub(super) const MIN_LONG_ROUNDS: u32 = 3;

/// A first, cold run at least this many batch targets long makes the batch one iteration
/// without calibrating (a warm run cannot be that much faster), and the runs of the build
/// and of the first round are warm-up enough: no untimed round.
pub(super) const LONG_BATCH: f64 = 4.0;

/// Iterations per batch and the expected batch time (ns) of a case whose first run took
/// `first_ns`: one iteration of that length when it is a [`LONG_BATCH`], else [`calibrate`].
pub(super) fn calibrate_after(case: &mut dyn Case, first_ns: f64, target: Duration) -> (u64, f64) {
    if first_ns >= LONG_BATCH * target.as_nanos() as f64 {
        (1, first_ns)
    } else {
        calibrate(case, target)
    }
}
