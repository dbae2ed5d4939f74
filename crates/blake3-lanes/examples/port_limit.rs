//! The machine's execution limit per backend, for guidance while writing kernels (the lab's
//! `port-limit` rows measure the same loops with criterion). Run with
//! `cargo run --release -p blake3-lanes --example port_limit`.
//!
//! Prints, per backend, each operation's time per operation as independent chains
//! (throughput) and as one dependent chain (latency), in cycles of a dependent-add loop,
//! best of several repetitions; then each backend's register-only throughput floor
//! (`Backend::compression_chains`) per lane-compression, in cycles.

use blake3_lanes::{dependent_ops, Backend, OpMeasure, OPS_PER_PASS, OUT_LEN};
use std::hint::black_box;
use std::time::Instant;

const PASSES: usize = 4096;
const REPEATS: usize = 200;

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

fn main() {
    const OPS: usize = 1 << 18;
    let cycle = best_ns_per_item(OPS, || {
        black_box(dependent_ops(OPS));
    });
    println!(
        "clock: {cycle:.4} ns per dependent operation ({:.2} GHz)",
        1.0 / cycle
    );
    for backend in Backend::available() {
        for &op in backend.port_ops() {
            let mut line = format!("{:<8} {:<8}", backend.name(), op.name());
            for measure in [OpMeasure::Throughput, OpMeasure::Latency] {
                let ns = best_ns_per_item(PASSES * OPS_PER_PASS, || {
                    backend.op_loop(op, measure, black_box(PASSES)).unwrap();
                });
                let cycles = ns / cycle;
                line += &match measure {
                    OpMeasure::Throughput => {
                        format!("  {:.2} per cycle ({cycles:.3} cycles each)", 1.0 / cycles)
                    }
                    OpMeasure::Latency => format!("  latency {cycles:.2} cycles"),
                };
            }
            println!("{line}");
        }
    }
    const CHAIN: usize = 256;
    let block = [0x5Au8; 64];
    for backend in Backend::available() {
        let mut out = vec![[0u8; OUT_LEN]; backend.floor_chains()];
        let ns = best_ns_per_item(CHAIN * backend.floor_chains(), || {
            backend
                .compression_chains(black_box(&block), CHAIN, &mut out)
                .unwrap();
            black_box(&out);
        });
        println!(
            "{:<8} floor-throughput {ns:.3} ns per lane-compression ({:.2} cycles)",
            backend.name(),
            ns / cycle
        );
    }
}
