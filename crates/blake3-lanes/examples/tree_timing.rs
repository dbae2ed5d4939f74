//! Rough timing of the chunk tree against the blake3 crate, per message length: batches of
//! equal-length messages (LtHash sum and 32-byte hash) and one message alone. Best of five
//! loops; for finding the crossover, not a benchmark (the lab measures the strategies).
//!
//! `cargo run --release -p blake3-lanes --example tree_timing`

use blake3_lanes::{Backend, U16Sum, OUT_LEN};
use std::time::Instant;

/// Best per-call seconds of `iters` calls, over five loops.
fn time<F: FnMut()>(iters: usize, mut f: F) -> f64 {
    f();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / iters as f64);
    }
    best
}

fn main() {
    let b = Backend::detect();
    for len in [
        512 + 73,
        1024 + 73,
        1025 + 73,
        2048 + 73,
        3762 + 73,
        10240 + 73,
        16384 + 73,
        32768 + 73,
        65536 + 73,
    ] {
        let count = if len > 20000 { 128 } else { 1024 };
        let data: Vec<Vec<u8>> = (0..count).map(|i| vec![i as u8; len]).collect();
        let refs: Vec<&[u8]> = data.iter().map(|d| d.as_slice()).collect();
        let n = refs.len() as f64;
        let lt = time(3, || {
            let mut s = U16Sum::new();
            s.add_xof_any_len(b, &refs).unwrap();
            std::hint::black_box(&s);
        });
        let lt_crate = time(3, || {
            let mut out = [0u8; 2048];
            for r in &refs {
                blake3::Hasher::new()
                    .update(r)
                    .finalize_xof()
                    .fill(&mut out);
                std::hint::black_box(&out);
            }
        });
        let mut hashes = vec![[0u8; OUT_LEN]; refs.len()];
        let h = time(3, || {
            b.hash_many_any_len(&refs, &mut hashes).unwrap();
        });
        let h_crate = time(3, || {
            for r in &refs {
                std::hint::black_box(blake3::hash(r));
            }
        });
        println!("len {len}: lt lanes {:.0} ns crate {:.0} ns ({:.2}x) | hash lanes {:.0} ns crate {:.0} ns ({:.2}x)", lt/n*1e9, lt_crate/n*1e9, lt_crate/lt, h/n*1e9, h_crate/n*1e9, h_crate/h);
    }
    for len in [
        4096usize,
        8192,
        16384,
        32768,
        65536,
        131072,
        262144,
        1 << 20,
    ] {
        let data = vec![7u8; len];
        let mut hash = [[0u8; OUT_LEN]; 1];
        let one = time(20, || {
            b.hash_many_any_len(&[&data], &mut hash).unwrap();
        });
        let cr = time(20, || {
            std::hint::black_box(blake3::hash(&data));
        });
        println!(
            "one message {len}: lanes {:.1} us crate {:.1} us (crate/lanes {:.2})",
            one * 1e6,
            cr * 1e6,
            cr / one
        );
    }
}
