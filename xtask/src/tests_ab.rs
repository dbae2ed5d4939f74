//! `cargo xtask ab` without processes: the measuring loop driven by a fake [`Runner`] whose
//! times carry per-process layout noise from a seeded RNG, the ab.json fixture's round
//! trip and its rendering.

use crate::commands::ab_measure::{measure_all, Hooks, Rng, Runner, Side, Tally};
use crate::commands::ab_pair::parse_list;
use lab_record::{AbFile, AbStatus, Verdict};
use lab_report::analysis::ab::split;
use lab_report::render;
use std::collections::BTreeMap;
use std::path::Path;

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
    let t = measure_all(&s, rounds, &mut runner, &mut Rng::new(7), &mut hooks).unwrap();
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
fn more_work_in_b_is_slower_there_and_equal_elsewhere() {
    let mut fake = Fake::new(1);
    fake.b_work.insert(IDS[1], 1.3);
    let t = run(&mut fake, &IDS, &IDS, 8, u32::MAX);
    assert_eq!(
        verdicts(&t),
        [
            (IDS[0], Verdict::Equal),
            (IDS[1], Verdict::Slower),
            (IDS[2], Verdict::Equal)
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
fn head_vs_head_is_equal_everywhere() {
    for seed in 0..20 {
        let mut fake = Fake::new(seed);
        let t = run(&mut fake, &IDS, &IDS, 8, u32::MAX);
        for r in &t.rows {
            assert_eq!(r.verdict, Verdict::Equal, "seed {seed}: {r:?}");
            // ±3 % per process: the band is a few percent, never the 0.5 % floor.
            assert!(r.band > 0.01 && r.band < 0.15, "seed {seed}: {r:?}");
        }
        assert_eq!(t.rows.len(), 3);
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

fn fixture_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/lab-report/tests/fixtures/ab/ab.json")
}

#[test]
fn ab_json_round_trips() {
    let f = AbFile::load(&fixture_path()).unwrap();
    assert_eq!(f.status, AbStatus::Complete);
    assert_eq!(f.a.short(), "dc7d214e0c1f");
    let dir = std::env::temp_dir().join(format!("xtask-ab-rt-{}", std::process::id()));
    let path = dir.join("ab.json");
    f.save(&path).unwrap();
    assert_eq!(AbFile::load(&path).unwrap(), f);
    let _ = std::fs::remove_dir_all(&dir);
    let text = std::fs::read_to_string(fixture_path()).unwrap();
    let e = AbFile::parse(
        Path::new("ab.json"),
        &text.replace("\"slower\"", "\"worse\""),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("ab.json:") && e.contains("rows[0].verdict"),
        "{e}"
    );
    let e = AbFile::parse(
        Path::new("ab.json"),
        &text.replace("\"version\": 1", "\"version\": 2"),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("version 2") && e.contains("reads `hashlab-ab` version 1"),
        "{e}"
    );
}

#[test]
fn ab_report_is_ready_for_a_pull_request() {
    let f = AbFile::load(&fixture_path()).unwrap();
    let (html, md) = render::ab::report(&f);
    let first = md.lines().next().unwrap();
    assert_eq!(
        first,
        "# B vs A: `my-branch` (941013c0a1b2) vs `main` (dc7d214e0c1f)"
    );
    assert!(
        md.contains("| benchmark | A | B | B/A [95% interval] | verdict |"),
        "{md}"
    );
    assert!(
        md.contains("| account-hash/copy-buffer@cap=200/data_size/165 | 345.00 ns | 447.50 ns | 1.2985 [1.2712, 1.3264] | slower |"),
        "{md}"
    );
    assert!(md.contains("Band: ±1.80% to ±2.10%"), "{md}");
    assert!(md.contains("Machine: lab-vm, Intel(R) Xeon(R)"), "{md}");
    assert!(md.contains("sse2 sse4.1 avx2 avx512f avx512bw"), "{md}");
    assert!(md.contains("4 rounds per benchmark"), "{md}");
    assert!(
        md.contains("1 faster") || md.contains("0 faster, 1 slower, 1 equal"),
        "{md}"
    );
    assert!(
        md.contains("Only in A (not measured):** account-hash/meta-first"),
        "{md}"
    );
    assert!(
        md.contains("Only in B (not measured):** account-hash/lane-xof"),
        "{md}"
    );
    assert!(
        md.contains("| account-hash/batch@avx2/data_size/165 | B failed twice"),
        "{md}"
    );
    assert!(
        html.contains("<title>B vs A: my-branch vs main</title>"),
        "{html}"
    );
    assert!(
        html.contains("class=\"warn\""),
        "the slower verdict is marked"
    );
}

/// Every field ab.json holds is described in docs/results-format.md.
#[test]
fn every_ab_field_is_documented() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/results-format.md"),
    )
    .unwrap();
    let section = doc
        .split("## The A/B format")
        .nth(1)
        .expect("an A/B section");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture_path()).unwrap()).unwrap();
    let mut keys: Vec<String> = Vec::new();
    for obj in [&v, &v["a"], &v["rows"][0], &v["failed"][0]] {
        keys.extend(obj.as_object().unwrap().keys().cloned());
    }
    for k in keys {
        assert!(
            section.contains(&format!("`{k}`")),
            "`{k}` is not documented"
        );
    }
}
