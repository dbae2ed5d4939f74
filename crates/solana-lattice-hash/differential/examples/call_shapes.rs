//! The call shapes the lab's set rows do not cover, the drop-in against the released crate
//! in one process, alternated: a fresh accumulator with 1, 2 or 8 token-sized messages
//! (replay hashes a few accounts per call), one message of each size from 0 B to 64 KiB
//! (around one chunk, the powers of two and either side of them), a few vote-sized ones, and
//! `mix_in` of a precomputed hash. Prints per shape the drop-in / released time ratio over
//! rounds (median, lowest, highest) and both times.
//! `cargo run --profile timing --ignore-rust-version --example call_shapes [ROUNDS [FILTER]]`
//! (the `timing` profile: release without the debug assertions and overflow checks that
//! the workspace's release profile keeps for the differential runs); `FILTER` keeps the
//! shapes whose name contains it (`"1 x 0 B"`).

use std::hint::black_box;
use std::time::Instant;

fn messages(n: usize, len: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| (0..len).map(|j| (i * 131 + j * 7) as u8).collect())
        .collect()
}

/// Best time per call of `f` over a few short repetitions.
fn time(mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let reps = 200;
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(t.elapsed().as_nanos() as f64 / reps as f64);
    }
    best
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(15);
    let mut shapes: Vec<(String, Vec<Vec<u8>>)> = [1, 2, 3, 8]
        .iter()
        .map(|&n| (format!("{n} x 238 B"), messages(n, 238)))
        .collect();
    // Around one chunk; the powers of two, just below and above them; multiples of
    // 1024 (whole chunks) and sizes with a partial last chunk, up to 64 KiB.
    for len in [
        0, 64, 1000, 1024, 1025, 1100, 1500, 1800, 2000, 2047, 2048, 2049, 2560, 2800, 3071, 3072,
        3073, 3500, 3835, 4095, 4096, 4097, 4500, 5119, 5120, 6144, 7000, 8192, 8193, 9215, 9216,
        10000, 11000, 12288, 15000, 16384, 16385, 19455, 20000, 24576, 30000, 32768, 32769, 36863,
        40000, 50000, 65535, 65536,
    ] {
        shapes.push((format!("1 x {len} B"), messages(1, len)));
    }
    for n in [2, 3, 4, 8] {
        shapes.push((format!("{n} x 3762 B"), messages(n, 3762)));
    }
    for len in [1100, 2048] {
        shapes.push((format!("2 x {len} B"), messages(2, len)));
    }
    let mut stream = messages(64, 238);
    stream[30] = messages(1, 3835).remove(0);
    shapes.push(("64 x 238 B, one 3835 B".into(), stream));
    let filter = std::env::args().nth(2).unwrap_or_default();
    shapes.retain(|(name, _)| name.contains(&filter));
    println!("| call | released ns | drop-in ns | drop-in / released: median [lowest, highest] over {rounds} rounds |");
    println!("|---|---|---|---|");
    for (name, msgs) in &shapes {
        let mut ratios = Vec::new();
        let (mut tr, mut td) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            let r = || {
                let mut acc = released::batch::Accumulator::new();
                for m in msgs {
                    acc.add_message(black_box(m));
                }
                black_box(acc.into_lt_hash());
            };
            let d = || {
                let mut acc = dropin::batch::Accumulator::new();
                for m in msgs {
                    acc.add_message(black_box(m));
                }
                black_box(acc.into_lt_hash());
            };
            let (a, b) = if round % 2 == 0 {
                let a = time(r);
                (a, time(d))
            } else {
                let b = time(d);
                (time(r), b)
            };
            tr.push(a);
            td.push(b);
            ratios.push(b / a);
        }
        report(name, &mut tr, &mut td, &mut ratios);
    }
    if !"Accumulator::mix_in".contains(&filter) {
        return;
    }
    let mut h = blake3::Hasher::new();
    h.update(b"precomputed");
    let (rh, dh) = (
        released::lt_hash::LtHash::with(&h),
        dropin::lt_hash::LtHash::with(&h),
    );
    let (mut ra, mut da) = (
        released::batch::Accumulator::new(),
        dropin::batch::Accumulator::new(),
    );
    let (mut ratios, mut tr, mut td) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let a = time(|| ra.mix_in(black_box(&rh)));
        let b = time(|| da.mix_in(black_box(&dh)));
        tr.push(a);
        td.push(b);
        ratios.push(b / a);
    }
    black_box((ra.into_lt_hash(), da.into_lt_hash()));
    report("Accumulator::mix_in", &mut tr, &mut td, &mut ratios);
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn report(name: &str, tr: &mut [f64], td: &mut [f64], ratios: &mut [f64]) {
    let m = median(ratios);
    println!(
        "| {name} | {:.0} | {:.0} | ×{m:.3} [{:.3}, {:.3}] |",
        median(tr),
        median(td),
        ratios[0],
        ratios[ratios.len() - 1]
    );
}
