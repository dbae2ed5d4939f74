//! What the timing examples share: a deterministic account and the same-binary A/B loop.

use account_hash::{Account, Pubkey};
use std::time::Instant;

/// Account `i` with `size` bytes of data, distinct keys, lamports and data per `i`.
pub fn account(i: usize, size: usize) -> Account {
    Account {
        pubkey: Pubkey([i as u8; 32]),
        lamports: 1 + i as u64,
        rent_epoch: 0,
        executable: false,
        owner: Pubkey([7; 32]),
        data: (0..size).map(|j| (i * 31 + j * 7) as u8).collect(),
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Best of `repeats` runs of `f` over `items` items, ns per item.
fn best_ns(items: usize, repeats: usize, f: &mut impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..repeats {
        let start = Instant::now();
        f();
        best = best.min(start.elapsed().as_nanos() as f64 / items as f64);
    }
    best
}

/// `a` and `b` interleaved for `rounds` rounds, the order alternating every round, each
/// round the best of `repeats` runs of each: the median ns per item of `a` and of `b` and
/// the median of the per-round ratios `b / a`.
pub fn ab(
    items: usize,
    rounds: usize,
    repeats: usize,
    mut a: impl FnMut(),
    mut b: impl FnMut(),
) -> (f64, f64, f64) {
    a();
    b();
    let (mut ta, mut tb, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (x, y) = if round % 2 == 0 {
            let x = best_ns(items, repeats, &mut a);
            (x, best_ns(items, repeats, &mut b))
        } else {
            let y = best_ns(items, repeats, &mut b);
            (best_ns(items, repeats, &mut a), y)
        };
        ta.push(x);
        tb.push(y);
        r.push(y / x);
    }
    (median(ta), median(tb), median(r))
}
