//! Where a multi-chunk LtHash's time goes in the chunk tree, against the machine's
//! throughput floor: per message length, the LtHash sum of a batch (chunks, parents,
//! 32 output blocks), the 32-byte hash of the same batch (chunks, parents, one root
//! compression), and the floor's time for the same lane-compressions. Best of seven loops;
//! for finding what is not compression, not a benchmark (the lab measures the strategies).
//!
//! `cargo run --release -p blake3-lanes --example tree_phases`

use blake3_lanes::{Backend, U16Sum, BLOCK_LEN, CHUNK_LEN as CHUNK, OUT_LEN};
use std::hint::black_box;
use std::time::Instant;

/// Best per-call seconds of `iters` calls, over seven loops.
fn time<F: FnMut()>(iters: usize, mut f: F) -> f64 {
    f();
    let mut best = f64::MAX;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / iters as f64);
    }
    best
}

/// Compressions of the chunk phase and of the non-root parents of a `len`-byte message.
fn tree_work(len: usize) -> (usize, usize) {
    let chunks = len.div_ceil(CHUNK).max(1);
    let blocks: usize = (0..chunks)
        .map(|c| (len - c * CHUNK).min(CHUNK).div_ceil(BLOCK_LEN).max(1))
        .sum();
    // A binary tree of `chunks` leaves has `chunks - 1` parents; the root is the last.
    (blocks, chunks.saturating_sub(2))
}

fn main() {
    for backend in Backend::available().filter(|b| b.lanes() > 1) {
        let mut out = vec![[0u8; OUT_LEN]; backend.floor_chains()];
        let chain = 4096;
        let floor = time(20, || {
            backend
                .compression_chains(&[7; BLOCK_LEN], chain, &mut out)
                .unwrap();
            black_box(&out);
        }) / (chain * backend.floor_chains()) as f64;
        println!(
            "{}: throughput floor {:.2} ns per lane-compression",
            backend.name(),
            floor * 1e9
        );
        for len in [1024 + 73, 2048 + 73, 3762 + 73, 8192 + 73] {
            let count = 1024;
            let data: Vec<Vec<u8>> = (0..count).map(|i| vec![i as u8; len]).collect();
            let refs: Vec<&[u8]> = data.iter().map(Vec::as_slice).collect();
            let n = count as f64;
            let lt = time(3, || {
                let mut s = U16Sum::new();
                s.add_xof_any_len(backend, &refs).unwrap();
                black_box(&s);
            }) / n;
            let mut hashes = vec![[0u8; OUT_LEN]; count];
            let legacy = time(3, || {
                backend.hash_many_any_len(&refs, &mut hashes).unwrap();
                black_box(&hashes);
            }) / n;
            let (blocks, parents) = tree_work(len);
            let lt_work = (blocks + parents + 32) as f64;
            let legacy_work = (blocks + parents + 1) as f64;
            println!(
                "  {len:5} B: {blocks} chunk blocks + {parents} parents | LtHash {:6.0} ns = {:.2}x floor | \
                 hash {:6.0} ns = {:.2}x floor | LtHash - hash {:5.0} ns for 31 blocks = {:.2}x floor",
                lt * 1e9,
                lt / (lt_work * floor),
                legacy * 1e9,
                legacy / (legacy_work * floor),
                (lt - legacy) * 1e9,
                (lt - legacy) / (31.0 * floor),
            );
        }
    }
}
