//! Iterations per batch, calibrated once per process.

use super::*;

/// Iterations so one batch of `case` takes about `target`: doubling until it does, each
/// count timed twice and the shorter kept, so one preemption (a millisecond or more, longer
/// than a whole batch) cannot stop the doubling at a count far too small.
/// Also returns the expected time of one batch, in nanoseconds (for the budget).
pub(super) fn calibrate(case: &mut dyn Case, target: Duration) -> (u64, f64) {
    calibrate_with(
        |n| {
            let t = Instant::now();
            case.run_n(n);
            t.elapsed().as_secs_f64()
        },
        target,
    )
}

/// [`calibrate`] with `timed(n)`: the seconds `n` iterations took.
pub(super) fn calibrate_with(mut timed: impl FnMut(u64) -> f64, target: Duration) -> (u64, f64) {
    let target = target.as_secs_f64();
    let mut n = 1u64;
    loop {
        let e = timed(n);
        let e = if e >= target { e.min(timed(n)) } else { e }.max(1e-9);
        if e >= target || n >= 1 << 30 {
            // Scale to the target from the last measurement (at least 1).
            let scaled = ((n as f64 * target / e) as u64).clamp(1, n);
            return (scaled, e * 1e9 * scaled as f64 / n as f64);
        }
        n *= 2;
    }
}

/// Fewest timed rounds per layout the budget may leave: four, so that the interquartile
/// mean ([`lab_record::paired::summarize_rounds`]) drops a round at each end (a preempted
/// one). With one untimed call before each timed batch ([`super::run`]), a one-iteration
/// entry's four rounds cost eight calls.
pub(super) const MIN_ROUNDS: u32 = 4;

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

/// Below this many iterations per batch, an entry runs one iteration per batch.
pub(super) const ONE_BELOW: u64 = 16;

/// Settles the calibrated counts of one comparison's entries (`iters`, with each batch's
/// expected time `batch_ns`): every count below [`ONE_BELOW`] becomes one iteration per
/// batch, and every A/A entry (`control[i]`) runs the baseline's (entry 0's) count. Why:
/// counts that small are coarse and move with noise: the accumulator's A/A entry
/// calibrated to 1 iteration against the baseline's 3 or 4 measured 1.4-2.2x slower per
/// add on identical code. Every batch follows an untimed call of its own entry
/// ([`super::run`]), so its first iteration is no colder than the later ones; an A/A
/// entry runs the baseline's code and so its count, whatever noise calibrated.
pub(super) fn settle_counts(iters: &mut [u64], batch_ns: &mut [f64], control: &[bool]) {
    for (n, ns) in iters.iter_mut().zip(batch_ns.iter_mut()) {
        if *n < ONE_BELOW {
            *ns /= *n as f64;
            *n = 1;
        }
    }
    for (i, _) in control.iter().enumerate().filter(|(_, &c)| c) {
        iters[i] = iters[0];
        batch_ns[i] = batch_ns[0];
    }
}
