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

/// A first, cold run at least this many batch targets long makes the batch one iteration
/// (or a window of it) without calibrating: a warm run cannot be that much faster.
pub(super) const LONG_BATCH: f64 = 4.0;

/// Whether a first run of `first_ns` is a [`LONG_BATCH`] against a batch target of
/// `target_ns`.
pub(super) fn is_long(first_ns: f64, target_ns: f64) -> bool {
    first_ns >= LONG_BATCH * target_ns
}

/// Windows are whole groups of this many accounts: the legacy batch rows' calls
/// (`cases::hash_slice`, 64 accounts each, a multiple of the widest kernel's 16 lanes), so a
/// window makes the same calls as the whole set does.
pub(super) const WINDOW_ALIGN: usize = crate::cases::REFS_PER_CALL;

/// Accounts per window of a `set`-account iteration whose slowest entry took `slowest_ns`:
/// about the batch target at that entry's speed, whole [`WINDOW_ALIGN`] groups, at least
/// one group and at most the set.
pub(super) fn window_len(set: usize, slowest_ns: f64, target_ns: f64) -> usize {
    let fit = (set as f64 * target_ns / slowest_ns.max(1.0)) as usize;
    (fit / WINDOW_ALIGN * WINDOW_ALIGN).clamp(WINDOW_ALIGN.min(set), set)
}

/// Iterations per batch and the expected batch time (ns) of a case whose first run took
/// `first_ns`: one iteration of that length when it is a [`LONG_BATCH`], else [`calibrate`].
pub(super) fn calibrate_after(case: &mut dyn Case, first_ns: f64, target: Duration) -> (u64, f64) {
    if is_long(first_ns, target.as_nanos() as f64) {
        (1, first_ns)
    } else {
        calibrate(case, target)
    }
}
