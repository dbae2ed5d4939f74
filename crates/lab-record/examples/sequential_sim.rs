//! Prints what the paired pass's sequential design (`lab_record::sequential`) decides on
//! synthetic tables: 10,000 runs per scenario with the profile's own stopping rule,
//! deterministic (seed 0x5eed).
//!
//! `cargo run --release -p lab-record --example sequential_sim [quick|full|smoke]`

use lab_record::sequential::{simulate, Design, Scenario};
use lab_record::Profile;

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "quick".into());
    let profile: Profile = match arg.parse() {
        Ok(profile) => profile,
        Err(e) => {
            eprintln!("sequential_sim: {e}");
            std::process::exit(2);
        }
    };
    let design = Design::for_profile(profile);
    println!(
        "{profile}: looks {:?}, margin ±{} %, target band {} %",
        design.looks,
        design.margin * 100.0,
        design.target_band * 100.0
    );
    let levels: Vec<String> = (0..design.looks.len())
        .map(|k| format!("{}: {:.4}", design.looks[k], design.look_alpha(k)))
        .collect();
    println!("alpha per look: {}", levels.join(", "));
    println!();
    println!("| effect | SD per process | faster | slower | equal | undecided | interval missed | mean processes |");
    println!("|---|---|---|---|---|---|---|---|");
    for sd in [0.006, 0.01, 0.015, 0.03] {
        for effect in [0.0, 0.005, 0.01, 0.02, -0.02] {
            let t = simulate(&design, Scenario { effect, sd }, 10_000, 0x5eed);
            let pct = |n| format!("{:.2} %", t.share(n) * 100.0);
            println!(
                "| {:+.1} % | {:.1} % | {} | {} | {} | {} | {} | {:.1} |",
                effect * 100.0,
                sd * 100.0,
                pct(t.faster),
                pct(t.slower),
                pct(t.equal),
                pct(t.undecided),
                pct(t.missed),
                t.processes as f64 / f64::from(t.runs()),
            );
        }
    }
}
