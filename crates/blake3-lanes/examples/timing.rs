//! Plain timing loop for guidance while optimizing the kernel (the lab
//! measures with criterion). Run with
//! `cargo run --release -p blake3-lanes --example timing`.
//!
//! Prints ns per message for the legacy account hash (246-byte message),
//! the lattice-hash term (2048 XOF bytes of a 238-byte message summed as
//! u16), and ns per compression, each per backend and for the serial
//! `blake3::Hasher` loop; then the single-message LtHash (one 238-byte
//! message per call, as a validator hashes the accounts a slot modified):
//! `U16Sum::add_xof_one`, `Backend::xof_u16_one` and, for comparison, the
//! multi-message path called with one message, `add_xof(&[one])`; then the
//! machine's floors per backend (register-only throughput per lane-compression and
//! single-message latency per compression, in cycles of a dependent-add loop) and a
//! breakdown of a 165-byte account's LtHash into input blocks and output blocks with
//! the lane sum, one account at a time and in batches of 16 and of 32 (two groups, whose
//! input blocks run in lockstep where the backend has that schedule). Times are the best of
//! several repetitions.

use blake3_lanes::{dependent_ops, Backend, U16Sum, OUT_LEN, U16_LANES};
use std::hint::black_box;
use std::time::Instant;

/// Small batches, many repetitions, best time: on a shared machine the
/// minimum over short runs filters out preemption by other processes.
const MESSAGES: usize = 512;
const REPEATS: usize = 400;

fn best_ns_per_item(items: usize, mut run: impl FnMut()) -> f64 {
    run();
    let mut best = f64::INFINITY;
    for _ in 0..REPEATS {
        let start = Instant::now();
        run();
        best = best.min(start.elapsed().as_nanos() as f64 / items as f64);
    }
    best
}

fn messages(len: usize) -> Vec<Vec<u8>> {
    (0..MESSAGES)
        .map(|i| (0..len).map(|j| (i * 31 + j * 7) as u8).collect())
        .collect()
}

fn main() {
    let backends: Vec<&str> = Backend::available().map(Backend::name).collect();
    println!(
        "backends this CPU runs: {backends:?}; detected backend {}",
        Backend::detect().name()
    );

    let legacy = messages(246);
    let legacy_inputs: Vec<&[u8]> = legacy.iter().map(Vec::as_slice).collect();
    let mut hashes = vec![[0u8; OUT_LEN]; MESSAGES];
    let serial = best_ns_per_item(MESSAGES, || {
        for (input, out) in legacy_inputs.iter().zip(hashes.iter_mut()) {
            *out = *blake3::Hasher::new().update(input).finalize().as_bytes();
        }
        black_box(&hashes);
    });
    println!("legacy 246-byte message: blake3::Hasher serial {serial:8.1} ns");
    for backend in Backend::available() {
        let ns = best_ns_per_item(MESSAGES, || {
            backend.hash_many(&legacy_inputs, &mut hashes).unwrap();
            black_box(&hashes);
        });
        println!(
            "legacy 246-byte message: {:<8} {ns:8.1} ns  ({:.2}x serial)",
            backend.name(),
            serial / ns
        );
    }

    let lt = messages(238);
    let lt_inputs: Vec<&[u8]> = lt.iter().map(Vec::as_slice).collect();
    let serial = best_ns_per_item(MESSAGES, || {
        let mut lanes = [0u16; U16_LANES];
        let mut xof = [0u8; 2 * U16_LANES];
        for input in &lt_inputs {
            blake3::Hasher::new()
                .update(input)
                .finalize_xof()
                .fill(&mut xof);
            for (lane, pair) in lanes.iter_mut().zip(xof.chunks_exact(2)) {
                *lane = lane.wrapping_add(u16::from_le_bytes([pair[0], pair[1]]));
            }
        }
        black_box(&lanes);
    });
    println!("lt term, 238-byte message: blake3 XOF serial {serial:8.1} ns");
    for backend in Backend::available() {
        let ns = best_ns_per_item(MESSAGES, || {
            let mut sum = U16Sum::new();
            sum.add_xof(backend, &lt_inputs).unwrap();
            black_box(&sum);
        });
        println!(
            "lt term, 238-byte message: {:<8} {ns:8.1} ns  ({:.2}x serial, {:.2} ns/compression at 35)",
            backend.name(),
            serial / ns,
            ns / 35.0
        );
    }

    let serial = best_ns_per_item(MESSAGES, || {
        let mut xof = [0u8; 2 * U16_LANES];
        for input in &lt_inputs {
            blake3::Hasher::new()
                .update(input)
                .finalize_xof()
                .fill(&mut xof);
            black_box(&xof);
        }
    });
    println!("single-message lt, 238-byte message: blake3 2048-byte XOF {serial:8.1} ns");
    for backend in Backend::available() {
        let old = best_ns_per_item(MESSAGES, || {
            let mut sum = U16Sum::new();
            for input in &lt_inputs {
                sum.add_xof(backend, &[input]).unwrap();
            }
            black_box(&sum);
        });
        let one = best_ns_per_item(MESSAGES, || {
            let mut sum = U16Sum::new();
            for input in &lt_inputs {
                sum.add_xof_one(backend, input).unwrap();
            }
            black_box(&sum);
        });
        let digest = best_ns_per_item(MESSAGES, || {
            let mut lanes = [0u16; U16_LANES];
            for input in &lt_inputs {
                backend.xof_u16_one(input, &mut lanes).unwrap();
                black_box(&lanes);
            }
        });
        println!(
            "single-message lt, 238-byte message: {:<8} add_xof_one {one:7.1} ns  \
             xof_u16_one {digest:7.1} ns  (add_xof(&[one]) {old:7.1} ns)",
            backend.name(),
        );
    }

    floors();
    breakdown();

    let blocks: Vec<[u8; 64]> = (0..MESSAGES).map(|i| [i as u8; 64]).collect();
    for backend in Backend::available() {
        let ns = best_ns_per_item(MESSAGES, || {
            backend.hash_blocks(&blocks, &mut hashes).unwrap();
            black_box(&hashes);
        });
        println!(
            "one compression (hash_blocks): {:<8} {ns:6.2} ns",
            backend.name()
        );
    }
}

/// The LtHash of a 165-byte account (a 238-byte message: 3 input blocks, then 32
/// output blocks of the root) split into its phases by differences of whole calls:
/// a 64-byte message has no input compression (its one block is the root), so
/// `238 B - 64 B` is the input phase; `add_xof_one` against `xof_u16_one` of the
/// 64-byte message is the lane sum against the plain write of the 2048 bytes; the
/// register-only floor rows say what the 32 output compressions alone cost.
fn breakdown() {
    let account = messages(238);
    let root_only = messages(64);
    let account: Vec<&[u8]> = account.iter().map(Vec::as_slice).collect();
    let root_only: Vec<&[u8]> = root_only.iter().map(Vec::as_slice).collect();
    for backend in Backend::available() {
        let one = |inputs: &[&[u8]]| {
            best_ns_per_item(MESSAGES, || {
                let mut sum = U16Sum::new();
                for input in inputs {
                    sum.add_xof_one(backend, input).unwrap();
                }
                black_box(&sum);
            })
        };
        let write = |inputs: &[&[u8]]| {
            best_ns_per_item(MESSAGES, || {
                let mut lanes = [0u16; U16_LANES];
                for input in inputs {
                    backend.xof_u16_one(input, &mut lanes).unwrap();
                    black_box(&lanes);
                }
            })
        };
        let batch = |inputs: &[&[u8]], size: usize| {
            best_ns_per_item(MESSAGES, || {
                let mut sum = U16Sum::new();
                for group in inputs.chunks(size) {
                    sum.add_xof(backend, group).unwrap();
                }
                black_box(&sum);
            })
        };
        let (total, root) = (one(&account), one(&root_only));
        let (write_total, write_root) = (write(&account), write(&root_only));
        let (batch_total, batch_root) = (batch(&account, 16), batch(&root_only, 16));
        let (pair_total, pair_root) = (batch(&account, 32), batch(&root_only, 32));
        println!(
            "breakdown lane-xof {:<8} 238 B {total:7.1} ns = input 3 blocks {:6.1} + root 32 outputs and sum {root:6.1} \
             (xof_u16_one {write_total:7.1}: root and write {write_root:6.1})",
            backend.name(),
            total - root,
        );
        println!(
            "breakdown batch16  {:<8} 238 B {batch_total:7.1} ns = input 3 blocks {:6.1} + 32 outputs and sum {batch_root:6.1}",
            backend.name(),
            batch_total - batch_root,
        );
        println!(
            "breakdown batch32  {:<8} 238 B {pair_total:7.1} ns = input 3 blocks {:6.1} + 32 outputs and sum {pair_root:6.1}",
            backend.name(),
            pair_total - pair_root,
        );
    }
}

/// ns per dependent integer operation ([`dependent_ops`]): one cycle, the clock the
/// floors are counted in.
fn ns_per_cycle() -> f64 {
    const OPS: usize = 1 << 20;
    best_ns_per_item(OPS, || {
        black_box(dependent_ops(OPS));
    })
}

/// The register-only throughput and single-message latency floors of every backend.
fn floors() {
    const CHAIN: usize = 256;
    let cycle = ns_per_cycle();
    println!(
        "clock: {cycle:.3} ns per dependent operation ({:.2} GHz)",
        1.0 / cycle
    );
    let block = [0x5Au8; 64];
    for backend in Backend::available() {
        let mut out = vec![[0u8; OUT_LEN]; backend.floor_chains()];
        let throughput = best_ns_per_item(CHAIN * backend.floor_chains(), || {
            backend
                .compression_chains(black_box(&block), CHAIN, &mut out)
                .unwrap();
            black_box(&out);
        });
        let latency = best_ns_per_item(CHAIN, || {
            black_box(
                backend
                    .compression_chain_one(black_box(&block), CHAIN)
                    .unwrap(),
            );
        });
        println!(
            "floor {:<8} throughput {throughput:6.2} ns/lane-compression ({:5.1} cycles)  \
             latency {latency:6.2} ns/compression ({:5.1} cycles)  165 B lt one {:6.1} ns, batch {:6.1} ns",
            backend.name(),
            throughput / cycle,
            latency / cycle,
            3.0 * latency + 32.0 * throughput,
            35.0 * throughput,
        );
    }
}
