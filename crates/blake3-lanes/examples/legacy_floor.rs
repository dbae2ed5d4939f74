//! Focused timing of the legacy account hash against its compression floor:
//! `hash_many` on 246-byte messages (4 compressions each, groups of 16 as the
//! lab's batch strategy calls it) vs `hash_blocks` (one compression per
//! block), per backend, best of many short repetitions. Run with
//! `cargo run --release -p blake3-lanes --example legacy_floor [backend] [mode] [reps]`
//! where `mode` is `both` (default), `many`, `blocks` or `ragged` (`hash_many` with one
//! 245-byte message per group, which takes the general path); `many`/`blocks` with a
//! small `reps` are for instruction counts under valgrind.

use blake3_lanes::{Backend, OUT_LEN};
use std::hint::black_box;
use std::time::Instant;

const GROUP: usize = 16;
const MESSAGES: usize = 256;
const LEN: usize = 246;
const COMPRESSIONS: f64 = 4.0;

fn best_ns_per_item(items: usize, repeats: usize, mut run: impl FnMut()) -> f64 {
    run();
    let mut best = f64::INFINITY;
    for _ in 0..repeats {
        let start = Instant::now();
        run();
        best = best.min(start.elapsed().as_nanos() as f64 / items as f64);
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let only = args.get(1).map(String::as_str).unwrap_or("all");
    let mode = args.get(2).map(String::as_str).unwrap_or("both");
    let repeats: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(2000);

    let messages: Vec<Vec<u8>> = (0..MESSAGES)
        .map(|i| (0..LEN).map(|j| (i * 31 + j * 7) as u8).collect())
        .collect();
    let mut inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    if mode == "ragged" {
        // One message per group of 16 one byte shorter: every group takes the general
        // (per-lane length) path instead of the one-length fast path.
        for group in inputs.chunks_mut(GROUP) {
            group[0] = &group[0][..LEN - 1];
        }
    }
    let blocks: Vec<[u8; 64]> = (0..MESSAGES).map(|i| [i as u8; 64]).collect();
    let mut hashes = vec![[0u8; OUT_LEN]; MESSAGES];

    for backend in Backend::available().filter(|b| only == "all" || b.name() == only) {
        let many = (mode != "blocks").then(|| {
            best_ns_per_item(MESSAGES, repeats, || {
                for (group, out) in inputs.chunks(GROUP).zip(hashes.chunks_mut(GROUP)) {
                    backend.hash_many(group, out).unwrap();
                }
                black_box(&hashes);
            })
        });
        let block = (mode != "many" && mode != "ragged").then(|| {
            best_ns_per_item(MESSAGES, repeats, || {
                backend.hash_blocks(&blocks, &mut hashes).unwrap();
                black_box(&hashes);
            })
        });
        match (many, block) {
            (Some(many), Some(block)) => println!(
                "{:<8} hash_many 246 B {many:6.2} ns/msg  hash_blocks {block:6.2} ns/compression  \
                 floor {:6.2}  ratio {:.3}",
                backend.name(),
                COMPRESSIONS * block,
                many / (COMPRESSIONS * block)
            ),
            (Some(many), None) => {
                println!("{:<8} hash_many 246 B {many:6.2} ns/msg", backend.name())
            }
            (None, Some(block)) => {
                println!(
                    "{:<8} hash_blocks {block:6.2} ns/compression",
                    backend.name()
                )
            }
            (None, None) => {}
        }
    }
}
