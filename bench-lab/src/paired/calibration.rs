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
