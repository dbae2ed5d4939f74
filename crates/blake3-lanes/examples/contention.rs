//! Whether something outside this process is taking the core's integer units: samples, every
//! 200 ms for ten seconds, the scalar compression chain (`portable` backend's latency floor:
//! integer operations, about three per cycle), the widest backend's throughput floor (vector
//! operations bound by their latency) and a dependent-add loop (one integer operation per
//! cycle). On a quiet core each stays at its minimum; when another hardware thread shares
//! the physical core (a VM's neighbour on the SMT sibling, invisible from inside the VM),
//! the scalar chain slows and the vector floor does not, and every comparison of scalar
//! code against vector code moves with it.
//!
//! `cargo run --release -p blake3-lanes --example contention`

use blake3_lanes::{dependent_ops, Backend, OUT_LEN};
use std::hint::black_box;
use std::time::{Duration, Instant};

const CHAIN: usize = 256;
const ADDS: usize = 1 << 14;

/// Best of 20 calls of `f`, ns per item.
fn best_ns(items: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..20 {
        let start = Instant::now();
        f();
        best = best.min(start.elapsed().as_nanos() as f64 / items as f64);
    }
    best
}

fn main() {
    let block = [0x5Au8; 64];
    let available: Vec<Backend> = Backend::available().collect();
    let portable = available[0];
    let widest = *available.last().expect("portable is always available");
    println!(
        "ms: scalar chain ns/compression | {} throughput floor ns/lane-compression | ns per dependent operation",
        widest.name()
    );
    let mut out = vec![[0u8; OUT_LEN]; widest.floor_chains()];
    let start = Instant::now();
    let mut samples = Vec::new();
    while start.elapsed() < Duration::from_secs(10) {
        let scalar = best_ns(CHAIN, || {
            black_box(
                portable
                    .compression_chain_one(black_box(&block), CHAIN)
                    .unwrap(),
            );
        });
        let vector = best_ns(CHAIN * widest.floor_chains(), || {
            widest
                .compression_chains(black_box(&block), CHAIN, &mut out)
                .unwrap();
            black_box(&out);
        });
        let add = best_ns(ADDS, || {
            black_box(dependent_ops(ADDS));
        });
        println!(
            "{:6}: {scalar:6.1} | {vector:5.2} | {add:5.3}",
            start.elapsed().as_millis()
        );
        samples.push((scalar, vector));
        std::thread::sleep(Duration::from_millis(200));
    }
    let min_scalar = samples.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    let min_vector = samples.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
    let slowed = |i: usize, min: f64| samples.iter().filter(|s| [s.0, s.1][i] > 1.1 * min).count();
    println!(
        "{} samples: scalar chain over 1.1x its minimum ({min_scalar:.1} ns) in {}, vector floor over 1.1x its minimum ({min_vector:.2} ns) in {}",
        samples.len(),
        slowed(0, min_scalar),
        slowed(1, min_vector)
    );
}
