//! Two A/A twins per table (bench-all's paired pass runs `lab paired --aa 2`): each twin
//! judged against the other twin's band, the rows against the twins' band, through the one
//! verdict rule ([`verdicts::decide`]), into results.json (typed `aa_twin`) and the
//! report; and files with one A/A control per table still read and render as before.

use crate::analysis::verdicts::{self, decide};
use crate::record::{self, ResultsFile};
use crate::render::{self, verdicts as rv};
use lab_record::paired::{Combined, Config, LayoutSummary, ProcessRun, RowRun};
use lab_record::sequential::Design;
use lab_record::{BenchId, Control, Profile, Verdict};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

const BASE: &str = "account-hash/copy-buffer@cap=200/data_size/165";
const CAP47: &str = "account-hash/copy-buffer@cap=47/data_size/165";
const STREAMING: &str = "account-hash/streaming/data_size/165";

/// The id of the run-small fixture's row `criterion_id` (its main-build row).
fn id(criterion_id: &str) -> BenchId {
    static FIXTURE: std::sync::OnceLock<ResultsFile> = std::sync::OnceLock::new();
    let f = FIXTURE.get_or_init(|| record::load(&dir().join("run-small/results.json")).unwrap());
    let row = f
        .results
        .iter()
        .find(|r| r.is_main_build() && r.control.is_none() && r.criterion_id() == criterion_id);
    row.expect("a row of the fixture").id().clone()
}

/// `n` processes of a comparison against [`BASE`]: per entry `(criterion id, control,
/// centre, spread)`, process `i`'s log ratio `centre + spread · w(i)` with `w` cycling
/// through −1.5, −0.5, 0.5, 1.5 (mean exactly `centre`, sample SD about `1.03 · spread`).
fn runs(n: u32, entries: &[(&str, Option<Control>, f64, f64)]) -> Vec<ProcessRun> {
    (0..n)
        .map(|i| {
            let w = f64::from(i % 4) - 1.5;
            let rows = entries
                .iter()
                .map(|&(name, control, centre, spread)| {
                    let x = centre + spread * w;
                    RowRun {
                        id: id(name),
                        control,
                        twin: control.map(|_| format!("copy of {name}")),
                        iters_per_batch: 1,
                        log_ns_per_item: None,
                        layouts: vec![LayoutSummary {
                            iq_mean_log: x,
                            mean_log: x,
                            rounds: 25,
                            sd_log: 0.002,
                        }],
                    }
                })
                .collect();
            ProcessRun {
                baseline: id(BASE),
                baseline_iters_per_batch: 1,
                baseline_log_ns_per_item: None,
                config: Config::default(),
                stack_offsets: vec![0],
                rows,
                wall_secs: 0.2,
                window: None,
            }
        })
        .collect()
}

const AA: Option<Control> = Some(Control::Aa);

fn quick() -> Design {
    Design::for_profile(Profile::Quick)
}

/// 16 processes of `entries` ([`runs`]) decided by the one rule at the quick design's look.
fn decided(entries: &[(&str, Option<Control>, f64, f64)]) -> Combined {
    decide(&runs(16, entries), &quick()).unwrap()
}

fn verdict_of(c: &Combined, i: usize) -> Verdict {
    c.rows[i].paired.verdict
}

/// A twin 3 % off is decided `slower` against the other twin's band (the A/A check
/// fails), the other twin is not decided faster or slower, and the rows are judged against
/// the wider twin's band (so a 2 % row is not `slower` beside a twin 3 % off).
#[test]
fn a_twin_truly_slower_is_decided_slower_against_the_other_twins_band() {
    let c = decided(&[
        (BASE, AA, 0.0, 0.002),
        (BASE, AA, 0.03, 0.002),
        (CAP47, None, 0.02, 0.002),
    ]);
    assert_eq!(verdict_of(&c, 1), Verdict::Slower, "{:?}", c.rows[1].paired);
    assert!(!matches!(
        verdict_of(&c, 0),
        Verdict::Faster | Verdict::Slower
    ));
    // Each twin's band is the other twin's: twin 1 sits at 1 (the floor), twin 2 at +3 %.
    let off = 0.03f64.exp() - 1.0;
    assert!((c.rows[1].paired.band - lab_record::paired::MIN_BAND).abs() < 1e-12);
    assert!((c.rows[0].paired.band - off).abs() < 1e-9);
    // The rows' band is the wider twin's: a 2 % row stays inside it.
    assert!((c.band - off).abs() < 1e-9 && (c.rows[2].paired.band - off).abs() < 1e-9);
    assert_eq!(verdict_of(&c, 2), Verdict::Undecided);
    // Both twins at 1: neither decided otherwise, and the 2 % row is `slower`.
    let c = decided(&[
        (BASE, AA, 0.0, 0.002),
        (BASE, AA, 0.0, 0.002),
        (CAP47, None, 0.02, 0.002),
    ]);
    assert_eq!([verdict_of(&c, 0), verdict_of(&c, 1)], [Verdict::Equal; 2]);
    assert_eq!(verdict_of(&c, 2), Verdict::Slower);
}

/// A row's verdict comes from the twins' band (how far their estimates lie from 1), not
/// from one control's reach: with noisy twins centred on 1, a tight row 2 % slower is
/// `slower` under the twins and `undecided` against one twin's reach (the same processes
/// without the second twin), which is the rule files with one A/A control were decided by.
#[test]
fn a_rows_verdict_uses_the_twins_band() {
    let entries = [
        (BASE, AA, 0.0, 0.04),
        (BASE, AA, 0.0, 0.04),
        (CAP47, None, 0.02, 0.002),
    ];
    let twins = decided(&entries);
    assert!((twins.band - lab_record::paired::MIN_BAND).abs() < 1e-12);
    assert_eq!(verdict_of(&twins, 2), Verdict::Slower);
    let one = decided(&[entries[0], entries[2]]);
    assert!(one.band > 0.02, "one control's reach: {}", one.band);
    assert_eq!(verdict_of(&one, 1), Verdict::Undecided);
}

/// The run-small fixture filled from a comparison with two twins (twin 2 really off).
fn filled() -> ResultsFile {
    let mut f = record::load(&dir().join("run-small/results.json")).unwrap();
    let c = decided(&[
        (BASE, AA, 0.0, 0.002),
        (BASE, AA, 0.03, 0.002),
        (CAP47, None, 0.05, 0.002),
        (STREAMING, None, 0.0, 0.002),
    ]);
    assert_eq!(verdicts::fill_paired(&mut f.results, &[c]), 2);
    f
}

/// The two twins are two rows after their baseline, told apart by `aa_twin` (1, 2), with
/// distinct keys (journal updates, compare and merges key rows by [`lab_record::Record::key`]),
/// and they round-trip through results.json.
#[test]
fn two_twins_round_trip_through_results_json() {
    let f = filled();
    let base = f
        .results
        .iter()
        .position(|r| r.criterion_id() == BASE && r.control.is_none())
        .unwrap();
    let twins: Vec<_> = f.results[base + 1..base + 3].iter().collect();
    assert!(twins.iter().all(|r| r.control == Some(Control::Aa)));
    assert_eq!(twins[0].aa_twin, Some(1));
    assert_eq!(twins[1].aa_twin, Some(2));
    assert_eq!(twins[0].id(), &f.results[base].id().aa_copy());
    assert_ne!(twins[0].key(), twins[1].key());
    assert_eq!(
        twins[1].paired.as_ref().map(|p| p.verdict),
        Some(Verdict::Slower)
    );
    let mut keys: Vec<String> = f.results.iter().map(|r| r.key()).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), f.results.len(), "keys stay unique");
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("results.json");
    record::save(&f, &p).unwrap();
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(text.matches("\"aa_twin\": 2").count(), 1, "typed, not text");
    let back = record::load(&p).unwrap();
    assert_eq!(back.results, f.results);
}

/// The report states the A/A evidence: the run's twins decided (in summary.md and
/// details.md) and, per table, which twin was decided.
#[test]
fn the_report_counts_the_twins_and_names_the_one_decided() {
    let f = filled();
    let pages = render::report(&f).unwrap();
    let line = "**A/A twins:** 1 of 2 decided faster or slower (each judged against the other twin's band). Decided: twin 2 of `account-hash/copy-buffer@cap=200/data_size/165` slower ×1.030";
    assert!(pages.summary.contains(line), "{}", pages.summary);
    assert!(pages.details.contains(line));
    assert!(
        pages.details.contains("**Noise band** from two A/A twins"),
        "{}",
        pages.details
    );
    assert!(pages.details.contains("A/A twin 2 decided slower"));
    assert!(pages
        .details
        .contains("A/A twin 2: ×1.030, slower against the other twin's band ±0.5%"));
    let bands = verdicts::bands(f.results.iter());
    let at165 = bands
        .iter()
        .find(|b| b.workload.to_string() == "data_size/165")
        .unwrap();
    // Twin 1 is not `equal`: the other twin's band (3 %) is wider than `equal` allows.
    assert_eq!(at165.twins, [(1, Verdict::Undecided), (2, Verdict::Slower)]);
    assert!((at165.band - (0.03f64.exp() - 1.0)).abs() < 1e-9);
}

/// A results.json with one A/A control per table (written before the twins) still loads
/// and reads as it did: no twin, one band per table, no twin line in the report.
#[test]
fn an_old_one_twin_results_json_still_loads() {
    let f = record::load(&dir().join("run-schema3/results.json")).unwrap();
    let aa: Vec<_> = f
        .results
        .iter()
        .filter(|r| r.control == Some(Control::Aa))
        .collect();
    assert!(!aa.is_empty());
    assert!(aa.iter().all(|r| r.aa_twin.is_none()));
    assert!(verdicts::twin_check(&f.results).is_none());
    assert!(rv::twins_paragraph(&f).is_none());
    let bands = verdicts::bands(f.results.iter());
    assert_eq!(bands.len(), aa.len(), "one band per A/A row, as before");
    assert!(bands.iter().all(|b| b.twins.is_empty()));
    let pages = render::report(&f).unwrap();
    assert!(!pages.summary.contains("A/A twins"));
}
