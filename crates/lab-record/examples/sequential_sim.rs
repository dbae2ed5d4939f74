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
//! effect, 10,000 by default); `cap=N` (the budget cap of the capped scenarios, in
//! processes: the last look at or below it is the last a table reaches); `location` (each
//! effect shifts the rows' location, the pseudo-median their Hodges–Lehmann interval is an
//! interval of, not their mean: `Truth::Location`; it goes with `hl`, as `t` is an interval
//! of the mean and `sign` of the median); `only=TEXT` (only the scenarios whose name
//! contains `TEXT`); `alpha=X` (the design's total error rate, `Design::alpha`);
//! `looks=N,N,...` (the process counts at which the design looks, `Design::looks`)
//!
//! `sequential_sim fit reports/<id>/results.json ...` prints the donor rows of
//! `Shape::LabRows` (`crates/lab-record/data/lab-rows.txt`) from those runs: every paired
//! row with 8 or more processes, its per-process log ratios standardized.
//!
//! `sequential_sim between reports/<id>/results.json ...` decides each paired row of those
//! runs again at the look it stopped at, with and without its intervals widened by the
//! spread between looks (`Rule::between_looks`), and counts what the widening changes.
//!
//! `sequential_sim drift reports/<id>/results.json ...` estimates the drift between looks in
//! those runs: each row's processes split into the looks' blocks, the heterogeneity
//! statistic `Q` of the blocks' means and the DerSimonian–Laird `τ²` pooled over rows (each
//! run split at its own design's looks), for
//! the order sampled and for the same processes shuffled (where no drift can be); the
//! excess is the drift.

use lab_record::sequential::{
    block_spread, decide, intervals_at, look_blocks, simulate_rule, valid_looks,
    widened_between_looks, BandRule, Design, IntervalMethod, Intervals, Rule, Scenario, Shape,
    Spending, Tally, Truth, FITTED_DRIFT,
};
use lab_record::{Profile, ResultsFile, Verdict};

/// The share of processes with a slow layout, and how much slower in units of the SD: the
/// worst tenth of rows of one run (docs/measurement.md, "Simulated scenarios"), a stress
/// case beside `Shape::LabRows`.
const SLOW_SHARE: f64 = 0.15;
const SLOW_SHIFT_SDS: f64 = 4.5;

/// The budget cap of the scenarios: the look the default run's budget, within its 8 minutes
/// of measuring, is meant to reach, which is the quick design's last (docs/measurement.md,
/// "The quick design ends at the look its runs reach"). For a design with looks past it
/// (`looks=...`, or `full`), the line "budget to the last look" is the other side.
const REAL_CAP: u32 = 20;

/// A row's per-process log ratios in the order sampled, and the looks of its run's design.
type RowOverLooks = (Vec<f64>, Vec<u32>);

/// Rows of the runs in `files` that stopped at a look past the first of their run's design
/// (`RunMeta::design`).
fn rows_over_looks(files: &[String]) -> Result<Vec<RowOverLooks>, String> {
    let mut rows = Vec::new();
    for file in files {
        let run = ResultsFile::load(std::path::Path::new(file)).map_err(|e| e.to_string())?;
        let looks = run.run.design().looks;
        for record in run.results {
            let Some(paired) = record.paired else {
                continue;
            };
            let n = paired.layout_log_ratios.len() as u32;
            if looks.iter().skip(1).any(|&l| l == n) {
                rows.push((paired.layout_log_ratios, looks.clone()));
            }
        }
    }
    Ok(rows)
}

/// `Σ Q / Σ df` and the pooled DerSimonian–Laird `τ²` (not clipped at 0) over `rows`, each
/// split at its looks (`sequential::block_spread`).
fn heterogeneity<'a>(rows: impl Iterator<Item = (&'a [f64], &'a [u32])>) -> (f64, f64) {
    let (mut q_sum, mut df_sum, mut num, mut den) = (0.0, 0.0, 0.0, 0.0);
    for (row, looks) in rows {
        let Some(b) = block_spread(row, &look_blocks(looks, row.len())) else {
            continue;
        };
        q_sum += b.q;
        df_sum += b.df;
        num += b.q - b.df;
        den += b.dl_denominator;
    }
    (q_sum / df_sum, num / den)
}

/// `sequential_sim drift FILE...`: the drift between looks in those runs.
fn drift(files: &[String]) -> Result<(), String> {
    let rows = rows_over_looks(files)?;
    if rows.is_empty() {
        return Err(format!(
            "no paired row of {} stopped at a look past the first",
            files.join(", ")
        ));
    }
    let view = |rows: &'_ [RowOverLooks]| -> (f64, f64) {
        heterogeneity(rows.iter().map(|(r, l)| (r.as_slice(), l.as_slice())))
    };
    let (q, tau2) = view(&rows);
    let tau = |t2: f64| t2.max(0.0).sqrt() * 100.0;
    println!(
        "{} rows: sum Q / sum df {q:.3}, pooled tau {:.3} %",
        rows.len(),
        tau(tau2)
    );
    let mut rng = lab_record::sequential::SplitMix64(0x5eed);
    let mut shuffled_tau2 = 0.0;
    const SHUFFLES: u32 = 20;
    for _ in 0..SHUFFLES {
        let shuffled: Vec<RowOverLooks> = rows
            .iter()
            .map(|(row, looks)| {
                let mut row = row.clone();
                for i in (1..row.len()).rev() {
                    row.swap(i, rng.next_u64() as usize % (i + 1));
                }
                (row, looks.clone())
            })
            .collect();
        shuffled_tau2 += view(&shuffled).1 / f64::from(SHUFFLES);
    }
    println!(
        "the same processes shuffled ({SHUFFLES} times): pooled tau {:.3} %; the drift, tau over it: {:.3} %",
        tau(shuffled_tau2),
        tau(tau2 - shuffled_tau2)
    );
    Ok(())
}

/// `sequential_sim between FILE...`: each paired row of those runs (neither an A/A twin nor
/// a capped build's) decided again at the look it stopped at, with its stored band, by its
/// run's design, and by the same with its intervals widened by the spread between looks
/// (`Rule::between_looks`): the verdicts the widening changes, and the rows left undecided
/// with an interval reaching past ±2 % either way.
fn between(files: &[String]) -> Result<(), String> {
    let past = |iv: &Intervals| iv.lower < -(0.02f64.ln_1p()) || iv.upper > 0.02f64.ln_1p();
    for file in files {
        let run = ResultsFile::load(std::path::Path::new(file)).map_err(|e| e.to_string())?;
        let design = run.run.design();
        let (mut rows, mut undecided, mut beyond) = (0, [0; 2], [0; 2]);
        let mut changed = Vec::new();
        for record in &run.results {
            let Some(paired) = &record.paired else {
                continue;
            };
            if record.control.is_some() || !record.is_main_build() {
                continue;
            }
            let xs = &paired.layout_log_ratios;
            let n = xs.len() as u32;
            let blocks = look_blocks(&design.looks, xs.len());
            let alpha = design.alpha_at(n);
            let (Some((_, plain)), Some((_, wide))) = (
                intervals_at(design.interval, xs, alpha),
                widened_between_looks(design.interval, xs, &blocks, alpha, false),
            ) else {
                continue;
            };
            rows += 1;
            let verdicts = [plain, wide].map(|iv| {
                let v = decide(&iv, paired.band, design.margin);
                (v, v == Verdict::Undecided && past(&iv))
            });
            for (k, (v, p)) in verdicts.iter().enumerate() {
                undecided[k] += usize::from(*v == Verdict::Undecided);
                beyond[k] += usize::from(*p);
            }
            if verdicts[0].0 != verdicts[1].0 {
                changed.push(format!(
                    "  {}: {} -> {}",
                    record.criterion_id(),
                    verdicts[0].0,
                    verdicts[1].0
                ));
            }
        }
        println!(
            "{file}: {rows} rows; undecided {} -> {}; undecided past ±2 % {} -> {}; {} verdicts changed",
            undecided[0],
            undecided[1],
            beyond[0],
            beyond[1],
            changed.len()
        );
        for line in changed {
            println!("{line}");
        }
    }
    Ok(())
}

/// `sequential_sim fit FILE...`: the donor rows of `Shape::LabRows` on standard output.
fn fit(files: &[String]) -> Result<(), String> {
    let mut out = String::from(
        "# Per-process log ratios of measured paired rows (8 or more processes), each row's mean\n\
         # subtracted and divided by its SD, three decimals; one row per line. Written by\n\
         # `cargo run --release -p lab-record --example sequential_sim fit` from:\n",
    );
    let mut rows = Vec::new();
    for file in files {
        let run = ResultsFile::load(std::path::Path::new(file)).map_err(|e| e.to_string())?;
        let before = rows.len();
        for record in &run.results {
            let Some(paired) = &record.paired else {
                continue;
            };
            if let Some(z) = lab_record::sequential::standardized(&paired.layout_log_ratios) {
                rows.push(z);
            }
        }
        out += &format!(
            "# {} ({}, {}, commit {}, {}): {} rows\n",
            run.run.id,
            run.run.cpu,
            run.run.started_at,
            run.run.git_commit,
            run.run.profile,
            rows.len() - before
        );
    }
    for row in rows {
        let words: Vec<String> = row.iter().map(|z| format!("{z:.3}")).collect();
        out += &words.join(" ");
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

fn scenarios(cap: u32) -> Vec<(String, Scenario)> {
    let at = |sd: f64| Scenario {
        cap: Some(cap),
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
        format!(
            "drift {:.2} % between looks (fitted), SD 1.0 %",
            FITTED_DRIFT * 100.0
        ),
        Scenario {
            drift: FITTED_DRIFT,
            ..at(0.01)
        },
    ));
    for sd in [0.01, 0.02] {
        out.push((
            format!("the lab's rows, SD {:.1} %", sd * 100.0),
            Scenario {
                shape: Shape::LabRows,
                ..at(sd)
            },
        ));
    }
    out.push((
        format!(
            "the lab's rows and drift {:.2} %, SD 1.0 %",
            FITTED_DRIFT * 100.0
        ),
        Scenario {
            shape: Shape::LabRows,
            drift: FITTED_DRIFT,
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
    if arg == "fit" || arg == "drift" || arg == "between" {
        let files: Vec<String> = std::env::args().skip(2).collect();
        let done = match arg.as_str() {
            "fit" => fit(&files),
            "drift" => drift(&files),
            _ => between(&files),
        };
        if let Err(e) = done {
            eprintln!("sequential_sim {arg}: {e}");
            std::process::exit(2);
        }
        return;
    }
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
    let mut cap = REAL_CAP;
    let mut truth = Truth::Mean;
    let mut only = String::new();
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
            "location" => truth = Truth::Location,
            "pretest" => {
                rule.between_looks = true;
                rule.between_pretest = true;
            }
            other if other.starts_with("only=") => only = other["only=".len()..].to_string(),
            other if other.starts_with("looks=") => {
                let looks: Result<Vec<u32>, _> =
                    other["looks=".len()..].split(',').map(str::parse).collect();
                match looks {
                    Ok(l) if valid_looks(&l) => design.looks = l,
                    _ => {
                        eprintln!("sequential_sim: `{other}`: the looks are increasing process counts, the first at least 2");
                        std::process::exit(2);
                    }
                }
            }
            other if other.starts_with("alpha=") => match other["alpha=".len()..].parse() {
                Ok(a) if a > 0.0 && a < 1.0 => design.alpha = a,
                _ => {
                    eprintln!("sequential_sim: `{other}`: the error rate lies in (0, 1)");
                    std::process::exit(2);
                }
            },
            other => match (
                other.strip_prefix("tables=").map(str::parse),
                other.strip_prefix("cap=").map(str::parse),
            ) {
                (Some(Ok(n)), _) => tables = n,
                (_, Some(Ok(n))) => cap = n,
                _ => {
                    eprintln!(
                        "sequential_sim: unknown word `{other}` (t hl sign thl, reach twins pooled, pocock obf after-first, between pretest, tables=N, cap=N, location, only=TEXT, alpha=X, looks=N,N,...)"
                    );
                    std::process::exit(2);
                }
            },
        }
    }
    println!(
        "{profile}: looks {:?}, margin ±{} %, target band {} %, interval {:?}, spending {:?}, band {band:?}, {rule:?}, {tables} tables per effect; budget cap {cap} processes unless said; the truth: {truth:?}",
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
    for (name, scenario) in scenarios(cap)
        .into_iter()
        .filter(|(n, _)| n.contains(&only))
    {
        let run = |effect: f64| {
            simulate_rule(
                &design,
                rule,
                Scenario {
                    effect,
                    band,
                    truth,
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
