//! The long differential run: `differential [CASES] [SEED]` draws CASES random cases
//! (default 1,000,000; seed default 1) of up to 24 calls each, runs them on the released
//! crate and the drop-in, and prints how many disagreed. Exit status 1 on any mismatch.

use lattice_hash_differential::{random_case, run, SplitMix};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let parse = |arg: Option<String>, what: &str, default: u64| match arg {
        None => default,
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("differential: {what} `{text}` is not a whole number");
            std::process::exit(2)
        }),
    };
    let cases = parse(args.next(), "CASES", 1_000_000);
    let seed = parse(args.next(), "SEED", 1);
    let mut rng = SplitMix(seed);
    let started = Instant::now();
    let (mut mismatches, mut messages) = (0u64, 0u64);
    for i in 0..cases {
        let case = random_case(&mut rng, 24);
        messages += case.len() as u64;
        if let Err(m) = run(&case) {
            mismatches += 1;
            if mismatches <= 5 {
                eprintln!("case {i} (seed {seed}): {m}");
            }
        }
    }
    println!(
        "differential: {cases} cases ({messages} calls), {mismatches} mismatches, seed {seed}, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    std::process::exit(i32::from(mismatches != 0));
}
