//! Prints what the paired pass's sequential design (`lab_record::sequential`) decides on
//! synthetic tables: the scenario table of docs/measurement.md, 10,000 tables per scenario
//! and effect with the profile's own stopping rule, deterministic (seed 0x5eed).
//!
//! `cargo run --release -p lab-record --example sequential_sim [quick|full|smoke]`, then any
//! of, in any order: the interval `t|hl|sign|thl` (Student t, Hodges–Lehmann, sign test,
//! the union of t and Hodges–Lehmann; the design's own by default); the band
//! `reach|twins|pooled` (one A/A twin's interval reach, two twins' wider estimate, their
//! pooled estimate: `BandRule`); the spending `pocock|obf|after-first` (`Spending`); `between` (intervals
//! widened by the spread between looks, `Rule::between_looks`; `pretest`: only when the looks'
//! means differ at the 10 % level, `Rule::between_pretest`); `tables=N` (per scenario and
//! effect, 10,000 by default)

use lab_record::sequential::{
    simulate_rule, BandRule, Design, IntervalMethod, Rule, Scenario, Shape, Spending, Tally,
};
use lab_record::Profile;

/// The share of processes with a slow layout, and how much slower in units of the SD, fitted
/// to the lab's own per-process log ratios (docs/measurement.md, "Simulated scenarios").
const SLOW_SHARE: f64 = 0.15;
const SLOW_SHIFT_SDS: f64 = 4.5;

/// The process count the time budget lets a default run's tables reach.
const REAL_CAP: u32 = 16;

fn scenarios() -> Vec<(String, Scenario)> {
    let at = |sd: f64| Scenario {
        cap: Some(REAL_CAP),
        ..Scenario::normal(0.0, sd)
    };
    let mut out = Vec::new();
    for sd in [0.005, 0.01, 0.02, 0.03] {
        out.push((format!("normal, SD {:.1} %", sd * 100.0), at(sd)));
    }
    out.push((
        "normal, SD 1.0 %, budget to the last look".into(),
        Scenario::normal(0.0, 0.01),
    ));
    for sd in [0.01, 0.02] {
        out.push((
            format!("slow layout, SD {:.1} %", sd * 100.0),
            Scenario {
                shape: Shape::SlowLayout {
                    share: SLOW_SHARE,
                    shift: SLOW_SHIFT_SDS * sd,
                },
                ..at(sd)
            },
        ));
    }
    out.push((
        "t3 tails, SD 1.0 %".into(),
        Scenario {
            shape: Shape::T3,
            ..at(0.01)
        },
    ));
    out.push((
        "drift 0.5 % between looks, SD 1.0 %".into(),
        Scenario {
            drift: 0.005,
            ..at(0.01)
        },
    ));
    out.push((
        "4 rows, one baseline, SD 1.0 %".into(),
        Scenario {
            rows: 4,
            ..at(0.01)
        },
    ));
    out
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "quick".into());
    let profile: Profile = match arg.parse() {
        Ok(profile) => profile,
        Err(e) => {
            eprintln!("sequential_sim: {e}");
            std::process::exit(2);
        }
    };
    let mut design = Design::for_profile(profile);
    let mut band = BandRule::Reach;
    let mut rule = Rule::default();
    let mut tables = 10_000;
    for word in std::env::args().skip(2) {
        match word.as_str() {
            "t" => design.interval = IntervalMethod::StudentT,
            "hl" => design.interval = IntervalMethod::HodgesLehmann,
            "sign" => design.interval = IntervalMethod::SignMedian,
            "thl" => design.interval = IntervalMethod::StudentTOrHodgesLehmann,
            "reach" => band = BandRule::Reach,
            "twins" => band = BandRule::Twins,
            "pooled" => band = BandRule::TwinsPooled,
            "pocock" => design.spending = Spending::Pocock,
            "obf" => design.spending = Spending::OBrienFleming,
            "after-first" => design.spending = Spending::PocockAfterFirst,
            "between" => rule.between_looks = true,
            "pretest" => {
                rule.between_looks = true;
                rule.between_pretest = true;
            }
            other => match other.strip_prefix("tables=").map(str::parse) {
                Some(Ok(n)) => tables = n,
                _ => {
                    eprintln!(
                        "sequential_sim: unknown word `{other}` (t hl sign thl, reach twins pooled, pocock obf after-first, between pretest, tables=N)"
                    );
                    std::process::exit(2);
                }
            },
        }
    }
    println!(
        "{profile}: looks {:?}, margin ±{} %, target band {} %, interval {:?}, spending {:?}, band {band:?}, {rule:?}, {tables} tables per effect; budget cap {REAL_CAP} processes unless said",
        design.looks,
        design.margin * 100.0,
        design.target_band * 100.0,
        design.interval,
        design.spending
    );
    let levels: Vec<String> = (0..design.looks.len())
        .map(|k| format!("{}: {:.4}", design.looks[k], design.look_alpha(k)))
        .collect();
    println!("alpha per look: {}", levels.join(", "));
    println!();
    println!(
        "| scenario | coverage (worst effect) | no effect: faster / slower / equal | +1 %: slower / equal | −1 %: faster / equal | found +2 % | found +3 % | processes at +2 % | A/A twins decided (no effect) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, scenario) in scenarios() {
        let run = |effect: f64| {
            simulate_rule(
                &design,
                rule,
                Scenario {
                    effect,
                    band,
                    ..scenario
                },
                tables,
                0x5eed,
            )
        };
        let tallies: Vec<(f64, Tally)> = [0.0, 0.01, -0.01, 0.02, 0.03]
            .into_iter()
            .map(|e| (e, run(e)))
            .collect();
        let pct = |t: &Tally, n: u32| format!("{:.1} %", t.share(n) * 100.0);
        let coverage = tallies
            .iter()
            .map(|(_, t)| 1.0 - t.share(t.missed))
            .fold(f64::INFINITY, f64::min);
        let [(_, aa), (_, up), (_, down), (_, two), (_, three)] = &tallies[..] else {
            unreachable!()
        };
        println!(
            "| {name} | {:.1} % | {} / {} / {} | {} / {} | {} / {} | {} | {} | {:.1} | {:.1} % |",
            coverage * 100.0,
            pct(aa, aa.faster),
            pct(aa, aa.slower),
            pct(aa, aa.equal),
            pct(up, up.slower),
            pct(up, up.equal),
            pct(down, down.faster),
            pct(down, down.equal),
            pct(two, two.slower),
            pct(three, three.slower),
            two.mean_processes(),
            aa.twin_decided() * 100.0,
        );
    }
}
