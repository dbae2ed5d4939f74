//! Same-binary A/B timing of the per-account LtHash digest (`Backend::xof_u16_one`): the
//! current code (rounds inlined in the output loop) against the form before it (the
//! backend's out-of-line compression; the `ab` feature keeps it beside the current one),
//! interleaved in one process, the order alternating every round. Prints per message
//! length the median ns per message of each, the median of the per-round ratios
//! (before / now) and, for 64-byte messages (no input compression: the output phase
//! alone), ns, cycles and x floor per lane-compression.
//!
//! `nice -n 10 cargo run --release -p blake3-lanes --features ab --example ab_output`

use blake3_lanes::{dependent_ops, Backend, OUT_LEN, U16_LANES};
use std::hint::black_box;
use std::time::Instant;

const MESSAGES: usize = 256;
const ROUNDS: usize = 301;
const REPEATS: usize = 5;

fn messages(len: usize) -> Vec<Vec<u8>> {
    (0..MESSAGES)
        .map(|i| (0..len).map(|j| (i * 31 + j * 7) as u8).collect())
        .collect()
}

/// Best of `REPEATS` runs, ns per message.
fn ns(mut run: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..REPEATS {
        let start = Instant::now();
        run();
        best = best.min(start.elapsed().as_nanos() as f64 / MESSAGES as f64);
    }
    best
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// (median now, median before, median of before / now)
fn ab(mut now: impl FnMut(), mut before: impl FnMut()) -> (f64, f64, f64) {
    now();
    before();
    let (mut a, mut b, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let (x, y) = if round % 2 == 0 {
            let x = ns(&mut now);
            (x, ns(&mut before))
        } else {
            let y = ns(&mut before);
            (ns(&mut now), y)
        };
        a.push(x);
        b.push(y);
        r.push(y / x);
    }
    (median(a), median(b), median(r))
}

fn ns_per_cycle() -> f64 {
    const OPS: usize = 1 << 20;
    let mut best = f64::INFINITY;
    for _ in 0..50 {
        let start = Instant::now();
        black_box(dependent_ops(OPS));
        best = best.min(start.elapsed().as_nanos() as f64 / OPS as f64);
    }
    best
}

fn floor_ns(backend: Backend) -> f64 {
    const CHAIN: usize = 256;
    let block = [0x5Au8; 64];
    let mut out = vec![[0u8; OUT_LEN]; backend.floor_chains()];
    let mut best = f64::INFINITY;
    for _ in 0..400 {
        let start = Instant::now();
        backend
            .compression_chains(black_box(&block), CHAIN, &mut out)
            .unwrap();
        black_box(&out);
        best =
            best.min(start.elapsed().as_nanos() as f64 / (CHAIN * backend.floor_chains()) as f64);
    }
    best
}

fn main() {
    let cycle = ns_per_cycle();
    println!("clock {cycle:.3} ns per dependent operation");
    for backend in [Backend::Avx2, Backend::Sse41] {
        if !backend.is_supported() {
            continue;
        }
        let floor = floor_ns(backend);
        println!(
            "{}: floor throughput {floor:.2} ns ({:.1} cycles) per lane-compression",
            backend.name(),
            floor / cycle
        );
        for len in [64usize, 238] {
            let data = messages(len);
            let inputs: Vec<&[u8]> = data.iter().map(Vec::as_slice).collect();
            let report = |what: &str, (now, before, ratio): (f64, f64, f64)| {
                let per = |t: f64| {
                    if len == 64 {
                        let c = t / 32.0;
                        format!(
                            " [{c:.2} ns, {:.1} cyc, {:.3}x floor per output lane-compression]",
                            c / cycle,
                            c / floor
                        )
                    } else {
                        String::new()
                    }
                };
                println!(
                    "  {len:>3} B {what:<22} now {now:7.1}{}  before {before:7.1}{}  before/now {ratio:.3}",
                    per(now),
                    per(before)
                );
            };
            report(
                "one xof_u16_one",
                ab(
                    || {
                        let mut lanes = [0u16; U16_LANES];
                        for input in &inputs {
                            backend.xof_u16_one(input, &mut lanes).unwrap();
                            black_box(&lanes);
                        }
                    },
                    || {
                        let mut lanes = [0u16; U16_LANES];
                        for input in &inputs {
                            backend.xof_u16_one_before(input, &mut lanes).unwrap();
                            black_box(&lanes);
                        }
                    },
                ),
            );
        }
    }
}
