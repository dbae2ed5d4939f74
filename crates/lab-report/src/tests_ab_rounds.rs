//! `cargo xtask ab`'s rounds without processes ([`crate::analysis::ab_rounds`]): the
//! measuring loop driven by a fake [`Runner`] whose times carry per-process layout noise
//! from a seeded RNG, and the one verdict rule shared with `--peer-path` and bench-all.
//! (The ab.json fixture's round trip and rendering: `tests_ab.rs`.)

use crate::analysis::ab::split;
use crate::analysis::ab_rounds::{measure_all, Hooks, Rng, Runner, Side, Tally};
use crate::analysis::verdicts::decide;
use crate::record::criterion::parse_list;
use lab_record::sequential::Design;
use lab_record::Verdict;
use std::collections::BTreeMap;

/// Times = base time of the benchmark × work of the side × exp(N(0, noise)): each process
/// is a fresh layout, off by a few percent. `failures` makes a (side, id) fail that many
/// times; `calls` counts processes.
struct Fake {
    rng: Rng,
    noise: f64,
    /// B's work relative to A's, per benchmark (1.0 when absent).
    b_work: BTreeMap<&'static str, f64>,
    failures: BTreeMap<(&'static str, &'static str), u32>,
    calls: u32,
}

impl Fake {
    fn new(seed: u64) -> Self {
        Fake {
            rng: Rng::new(seed),
            noise: 0.03,
            b_work: BTreeMap::new(),
            failures: BTreeMap::new(),
            calls: 0,
        }
    }

    /// A standard normal (Box–Muller).
    fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.rng.next_f64();
        let u2 = self.rng.next_f64();
        (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
    }
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::A => "A",
        Side::AControl => "A2",
        Side::B => "B",
    }
}

impl Runner for Fake {
    fn time(&mut self, side: Side, id: &str) -> Result<f64, String> {
        self.calls += 1;
        let key = self
            .failures
            .keys()
            .find(|k| k.0 == side_key(side) && k.1 == id);
        if let Some(k) = key.copied() {
            let left = self.failures.get_mut(&k).unwrap();
            if *left > 0 {
                *left -= 1;
                return Err("criterion exited with exit status: 101".into());
            }
        }
        let base = 100.0 + 50.0 * id.len() as f64;
        let work = match side {
            Side::B => self.b_work.get(id).copied().unwrap_or(1.0),
            _ => 1.0,
        };
        Ok(base * work * (self.noise * self.normal()).exp())
    }
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const IDS: [&str; 3] = [
    "account-hash/copy-buffer@cap=200/data_size/165",
    "account-hash/streaming/data_size/165",
    "account-hash/copy-buffer@cap=47/data_size/165",
];

/// Runs the loop over `a` vs `b` lists with `rounds`; `stop_after` processes, Ctrl-C.
fn run(fake: &mut Fake, a: &[&str], b: &[&str], rounds: u32, stop_after: u32) -> Tally {
    let s = split(&ids(a), &ids(b));
    let calls = std::cell::Cell::new(0u32);
    let mut saves = 0;
    let stop = || calls.get() >= stop_after;
    let mut progress = |line: &str| {
        assert!(line.starts_with('[') && line.contains(" round "), "{line}");
    };
    let mut saved = |_: &Tally| {
        saves += 1;
        Ok(())
    };
    let mut hooks = Hooks {
        stop: &stop,
        progress: &mut progress,
        saved: &mut saved,
    };
    struct Counting<'a>(&'a mut Fake, &'a std::cell::Cell<u32>);
    impl Runner for Counting<'_> {
        fn time(&mut self, side: Side, id: &str) -> Result<f64, String> {
            self.1.set(self.1.get() + 1);
            self.0.time(side, id)
        }
    }
    let mut runner = Counting(fake, &calls);
    let design = Design::for_profile(lab_record::Profile::Smoke);
    let t = measure_all(
        &s,
        rounds,
        &design,
        &mut runner,
        &mut Rng::new(7),
        &mut hooks,
    )
    .unwrap();
    if stop_after == u32::MAX {
        assert_eq!(saves, s.common.len(), "ab.json is written after each one");
    }
    t
}

fn verdicts(t: &Tally) -> Vec<(&str, Verdict)> {
    t.rows
        .iter()
        .map(|r| (r.criterion_id.as_str(), r.verdict))
        .collect()
}

#[test]
fn more_work_in_b_is_slower_there_and_not_decided_elsewhere() {
    let mut fake = Fake::new(1);
    fake.b_work.insert(IDS[1], 1.3);
    let t = run(&mut fake, &IDS, &IDS, 8, u32::MAX);
    // ±3 % per process: the A/A band is wider than `equal` allows (2 %), so the unchanged
    // rows stay undecided rather than equal.
    assert_eq!(
        verdicts(&t),
        [
            (IDS[0], Verdict::Undecided),
            (IDS[1], Verdict::Slower),
            (IDS[2], Verdict::Undecided)
        ]
    );
    let slow = &t.rows[1];
    assert!((slow.ratio.estimate - 1.3).abs() < 0.05, "{slow:?}");
    assert!(slow.ratio.lower > 1.0 + slow.band, "{slow:?}");
    assert_eq!((slow.rounds, slow.round_ratios.len()), (8, 8));
    assert_eq!(fake.calls, 3 * 8 * 3, "three processes per round");
    assert!(t.failed.is_empty() && !t.interrupted);
}

#[test]
fn head_vs_head_is_never_faster_or_slower_and_equal_when_quiet() {
    for seed in 0..20 {
        let mut fake = Fake::new(seed);
        let t = run(&mut fake, &IDS, &IDS, 8, u32::MAX);
        for r in &t.rows {
            assert_eq!(r.verdict, Verdict::Undecided, "seed {seed}: {r:?}");
            // ±3 % per process: the band is a few percent, never the 0.5 % floor.
            assert!(r.band > 0.01 && r.band < 0.15, "seed {seed}: {r:?}");
        }
        assert_eq!(t.rows.len(), 3);
        // ±0.3 % per process: the interval fits within ±1 %, equal.
        let mut quiet = Fake::new(seed);
        quiet.noise = 0.003;
        let t = run(&mut quiet, &IDS, &IDS, 8, u32::MAX);
        for r in &t.rows {
            assert_eq!(r.verdict, Verdict::Equal, "seed {seed}: {r:?}");
        }
    }
}

#[test]
fn failures_are_retried_once_then_reported_and_the_rest_measured() {
    let mut fake = Fake::new(3);
    fake.failures.insert(("B", IDS[0]), u32::MAX);
    fake.failures.insert(("A2", IDS[1]), 1);
    let t = run(&mut fake, &IDS, &IDS, 4, u32::MAX);
    assert_eq!(t.failed.len(), 1);
    assert_eq!(t.failed[0].criterion_id, IDS[0]);
    let reason = &t.failed[0].reason;
    assert!(
        reason.starts_with("B failed twice: criterion exited"),
        "{reason}"
    );
    // The transient failure was retried and the row is whole.
    let ids: Vec<&str> = t.rows.iter().map(|r| r.criterion_id.as_str()).collect();
    assert_eq!(ids, [IDS[1], IDS[2]]);
    assert!(t.rows.iter().all(|r| r.rounds == 4));
}

#[test]
fn only_in_one_revision_is_listed_and_skipped() {
    let s = split(&ids(&IDS[..2]), &ids(&IDS[1..]));
    assert_eq!(s.only_in_a, [IDS[0]]);
    assert_eq!(s.only_in_b, [IDS[2]]);
    let mut fake = Fake::new(4);
    let t = run(&mut fake, &IDS[..2], &IDS[1..], 3, u32::MAX);
    assert_eq!(verdicts(&t).len(), 1);
    assert_eq!(fake.calls, 3 * 3, "only the common benchmark is measured");
}

#[test]
fn an_interrupt_keeps_whole_rounds_and_names_the_rest() {
    let mut fake = Fake::new(5);
    // 8 rounds of 3 = 24 processes for the first benchmark, then 7 rounds of the second.
    let t = run(&mut fake, &IDS, &IDS, 8, 24 + 21);
    assert!(t.interrupted);
    assert_eq!(t.rows.len(), 2);
    assert_eq!((t.rows[0].rounds, t.rows[1].rounds), (8, 7));
    assert_eq!(t.failed.len(), 1);
    assert_eq!(t.failed[0].reason, "interrupted before it ran");
}

#[test]
fn random_order_visits_every_permutation() {
    let mut rng = Rng::new(9);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let o = rng.order();
        seen.insert(o.map(side_key).join(","));
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
}

#[test]
fn criterion_list_output_gives_the_ids() {
    let out = "account-hash/streaming/data_size/165: benchmark\nWARNING: something\n\
               lt-hash/streaming/data_size/0: benchmark\n";
    assert_eq!(
        parse_list(out),
        [
            "account-hash/streaming/data_size/165",
            "lt-hash/streaming/data_size/0"
        ]
    );
}

/// Replays fixed per-process log ratios: round `r` gives `B / A = exp(rows[id][r])` and
/// `A' / A = exp(aa[r])`, whatever the order the loop runs the sides in.
struct Replay<'a> {
    rows: &'a BTreeMap<&'static str, Vec<f64>>,
    aa: &'a [f64],
    /// Processes run per benchmark, to know the round.
    calls: BTreeMap<String, usize>,
}

impl Runner for Replay<'_> {
    fn time(&mut self, side: Side, id: &str) -> Result<f64, String> {
        let n = self.calls.entry(id.to_string()).or_default();
        let round = *n / 3;
        *n += 1;
        Ok(match side {
            Side::A => 100.0,
            Side::AControl => 100.0 * self.aa[round].exp(),
            Side::B => 100.0 * self.rows[id][round].exp(),
        })
    }
}

/// The same per-process log ratios through the three verdict paths: `ab` and
/// `--peer-path` (both [`measure_all`] with [`Design::one_look`] of their profile and
/// rounds) and bench-all's paired pass ([`decide`] on one `lab paired` process per
/// round, the A/A control first, under the same design). Every verdict, interval and band agrees, on rows that
/// are faster, slower, equal and undecided. `ab` runs one A/A control per round, so this
/// is bench-all's rule with one control (the reach rule, as in files written before the
/// twins); bench-all's two-twin rule is tested in `tests_twins.rs`.
#[test]
fn ab_peer_path_and_bench_all_decide_the_same_ratios_alike() {
    use lab_record::paired::{Config, LayoutSummary, ProcessRun, RowRun};
    use lab_record::{BenchId, Control, Profile};
    let mut rng = Rng::new(11);
    let mut noise = |sd: f64| sd * (rng.next_f64() - 0.5) * 3.46;
    let n = 8;
    let mut logs = |effect: f64, sd: f64| (0..n).map(|_| effect + noise(sd)).collect::<Vec<f64>>();
    let aa = logs(0.0, 0.004);
    let rows: BTreeMap<&'static str, Vec<f64>> = [
        ("faster", logs(-0.2, 0.01)),
        ("slower", logs(0.1, 0.01)),
        ("equal", logs(0.001, 0.002)),
        ("undecided", logs(0.02, 0.03)),
    ]
    .into_iter()
    .collect();
    let names = ids_of(&rows);
    let layout = |x: f64| LayoutSummary {
        iq_mean_log: x,
        mean_log: x,
        rounds: 1,
        sd_log: 0.0,
    };
    let row_run = |id: &str, control, x: f64| RowRun {
        id: BenchId::sample(id),
        control,
        twin: None,
        iters_per_batch: 1,
        log_ns_per_item: None,
        layouts: vec![layout(x)],
    };
    let processes: Vec<ProcessRun> = (0..n)
        .map(|p| ProcessRun {
            baseline: BenchId::sample("base"),
            baseline_iters_per_batch: 1,
            baseline_log_ns_per_item: None,
            config: Config::default(),
            stack_offsets: vec![0],
            rows: std::iter::once(row_run("base", Some(Control::Aa), aa[p]))
                .chain(names.iter().map(|id| row_run(id, None, rows[id][p])))
                .collect(),
            wall_secs: 1.0,
            window: None,
        })
        .collect();
    let mut seen = BTreeMap::new();
    for profile in [Profile::Smoke, Profile::Quick] {
        let design = Design::one_look(profile, n as u32);
        let bench_all = decide(&processes, &design).unwrap();
        for path in ["ab", "peer-path"] {
            let s = split(&ids(&names), &ids(&names));
            let mut replay = Replay {
                rows: &rows,
                aa: &aa,
                calls: BTreeMap::new(),
            };
            let mut hooks = Hooks {
                stop: &|| false,
                progress: &mut |_| {},
                saved: &mut |_| Ok(()),
            };
            let t = measure_all(
                &s,
                n as u32,
                &design,
                &mut replay,
                &mut Rng::new(3),
                &mut hooks,
            )
            .unwrap();
            for (r, b) in t.rows.iter().zip(&bench_all.rows[1..]) {
                assert_eq!(BenchId::sample(&r.criterion_id), b.id);
                let what = format!("{path} vs bench-all, {profile}, {}", r.criterion_id);
                assert_eq!(r.verdict, b.paired.verdict, "{what}");
                let close = |x: f64, y: f64| (x - y).abs() < 1e-9;
                assert!(close(r.band, b.paired.band), "{what}: band");
                assert!(close(r.ratio.lower, b.paired.ratio.lower), "{what}");
                assert!(close(r.ratio.upper, b.paired.ratio.upper), "{what}");
                seen.insert(r.verdict, ());
            }
        }
    }
    assert_eq!(seen.len(), 4, "every verdict occurs: {seen:?}");
}

fn ids_of(rows: &BTreeMap<&'static str, Vec<f64>>) -> Vec<&'static str> {
    rows.keys().copied().collect()
}
