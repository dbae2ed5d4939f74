//! Prints the A/A false-verdict rate and the power of the paired pass's sequential design
//! (`lab_record::sequential`) on synthetic tables: 10,000 runs per scenario, deterministic.
//!
//! `cargo run --release -p lab-record --example sequential_sim [looks,comma,separated]`

use lab_record::sequential::{simulate, Design, Scenario, ALPHA};

fn main() {
    let looks: Vec<u32> = std::env::args()
        .nth(1)
        .map(|a| a.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![8, 12, 16, 20, 24]);
    let design = Design {
        looks,
        alpha: ALPHA,
        margin: 0.02,
        target_band: std::env::args()
            .nth(2)
            .and_then(|a| a.parse().ok())
            .unwrap_or(0.01),
    };
    println!(
        "looks {:?}, margin {}, target band {}",
        design.looks, design.margin, design.target_band
    );
    for k in 0..design.looks.len() {
        print!(
            "  look {} alpha {:.4}",
            design.looks[k],
            design.look_alpha(k)
        );
    }
    println!();
    println!("| effect | per-process SD | faster | slower | equal | undecided | missed | mean processes |");
    println!("|---|---|---|---|---|---|---|---|");
    for sd in [0.006, 0.01, 0.015, 0.03] {
        for effect in [0.0, 0.02, -0.02, 0.01] {
            let t = simulate(&design, Scenario { effect, sd }, 10_000, 0x5eed);
            println!(
                "| {:+.1} % | {:.1} % | {:.2} % | {:.2} % | {:.2} % | {:.2} % | {:.2} % | {:.1} |",
                effect * 100.0,
                sd * 100.0,
                t.share(t.faster) * 100.0,
                t.share(t.slower) * 100.0,
                t.share(t.equal) * 100.0,
                t.share(t.undecided) * 100.0,
                t.share(t.missed) * 100.0,
                t.processes as f64 / f64::from(t.runs()),
            );
        }
    }
}
