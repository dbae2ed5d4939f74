//! Paired verdicts: combining fixed `lab paired` outputs (`tests/fixtures/paired/
//! process-runs.json`) into the fixture run with the one verdict rule, and what the report
//! then shows (band, A/A row, verdict box, same-instructions note, undecided rows).

use crate::analysis::seed::{self, Claim, Holds};
use crate::analysis::{paired_pass, verdicts};
use crate::record::journal::InstructionCount;
use crate::record::{self, ResultsFile};
use crate::render::{markdown, outline, verdicts as rv};
use lab_record::paired::{Combined, LayoutUnit, ProcessRun};
use lab_record::sequential::{combine_sequential, Design};
use lab_record::{Control, Paired, Ratio, Verdict};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The one verdict rule at the fixture's one look (two processes: smoke's design).
fn combine(runs: &[ProcessRun], unit: LayoutUnit) -> Option<Combined> {
    combine_sequential(runs, unit, &Design::for_profile(lab_record::Profile::Smoke))
}

fn combined() -> Vec<Combined> {
    let text = std::fs::read_to_string(dir().join("paired/process-runs.json")).unwrap();
    let runs: BTreeMap<String, Vec<ProcessRun>> = serde_json::from_str(&text).unwrap();
    runs.values()
        .map(|r| combine(r, LayoutUnit::Process).unwrap())
        .collect()
}

/// The run-small fixture with the paired fixture and instruction counts filled in.
fn filled() -> ResultsFile {
    let mut f = record::load(&dir().join("run-small/results.json")).unwrap();
    assert_eq!(verdicts::fill_paired(&mut f.results, &combined()), 3);
    let id_of = |id: &str| {
        let criterion_id = format!("account-hash/{id}");
        let row = f.results.iter().find(|r| r.criterion_id() == criterion_id);
        row.expect("a row of the fixture").id().clone()
    };
    let count = |id: &str, n: f64| InstructionCount {
        id: id_of(id),
        instructions_per_iter: n,
        isa: Some(lab_record::Isa::Avx2),
    };
    let counts = [
        count("copy-buffer@cap=200/data_size/165", 3400.0),
        count("copy-buffer@cap=47/data_size/165", 3600.0),
        count("streaming/data_size/165", 3401.0),
        count("copy-buffer@cap=200/data_size/0", 1630.0),
        count("copy-buffer@cap=47/data_size/0", 1630.0),
    ];
    // Five ids, plus the two A/A rows that run their baseline's code.
    assert_eq!(verdicts::fill_instructions(&mut f.results, &counts), 7);
    f
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn combine_gives_the_documented_numbers() {
    let c = combined();
    let c165 = c
        .iter()
        .find(|c| c.baseline.workload.param == "165")
        .unwrap();
    // A/A per-process means 0 and 0.001: mean 0.0005, half-width t(1) * sd / sqrt(2)
    // = 12.706 * 0.0005; band = exp(0.0005 + 0.006353) - 1.
    let t1 = lab_record::paired::t_quantile(0.975, 1);
    assert!(
        close(c165.band, (0.0005f64 + t1 * 0.0005).exp() - 1.0),
        "{}",
        c165.band
    );
    let cap47 = &c165.rows[1].paired;
    assert!(close(cap47.ratio.estimate, 0.0525f64.exp()));
    assert!(close(cap47.ratio.lower, (0.0525f64 - t1 * 0.0025).exp()));
    assert_eq!(cap47.verdict, Verdict::Slower);
    assert_eq!(cap47.layouts, Some(2));
    let [lo, hi] = cap47.layout_range.unwrap();
    assert!(close(lo, 0.05f64.exp()) && close(hi, 0.055f64.exp()));
    // The 0 B A/A has no spread: the band is the floor; cap=47 is equal there.
    let c0 = c.iter().find(|c| c.baseline.workload.param == "0").unwrap();
    assert_eq!(c0.band, lab_record::paired::MIN_BAND);
    assert_eq!(c0.rows[1].paired.verdict, Verdict::Equal);
}

#[test]
fn fill_sets_paired_and_adds_one_aa_row_per_table() {
    let f = filled();
    let get = |key: &str| {
        f.results
            .iter()
            .filter(|r| r.key() == key)
            .collect::<Vec<_>>()
    };
    let base = get("account-hash/legacy/copy-buffer cap=200/data_size/165");
    assert_eq!(base.len(), 1);
    assert_eq!(base[0].paired, None, "the baseline keeps paired: None");
    assert_eq!(base[0].control, None);
    let aa = get("account-hash/legacy/copy-buffer cap=200 (A/A copy)/data_size/165");
    assert_eq!(aa.len(), 1);
    assert_eq!(aa[0].control, Some(Control::Aa));
    assert_eq!(aa[0].meta.role, lab_record::Role::Control);
    assert_eq!(aa[0].criterion_id(), base[0].criterion_id());
    assert_eq!(aa[0].paired.as_ref().unwrap().baseline, *base[0].id());
    let cap47 = get("account-hash/legacy/copy-buffer cap=47/data_size/165");
    assert_eq!(cap47[0].paired.as_ref().unwrap().verdict, Verdict::Slower);
    // Keys stay unique, and the record round-trips.
    let mut keys: Vec<String> = f.results.iter().map(|r| r.key()).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), f.results.len());
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("results.json");
    record::save(&f, &p).unwrap();
    let back = record::load(&p).unwrap();
    let controls = |f: &ResultsFile| f.results.iter().filter(|r| r.control.is_some()).count();
    assert_eq!((back.results.len(), controls(&back)), (f.results.len(), 2));
}

#[test]
fn report_shows_band_aa_row_once_and_paired_verdicts() {
    let md = markdown::render(&outline::document(&filled()).unwrap());
    assert!(md.contains("**Noise band** from the A/A control"), "{md}");
    assert!(
        md.contains(
            "at 0 B: ±0.5%, 2 layouts, finds a 1.7 % difference 80 % of the time; \
             at 165 B: ±0.7%, 2 layouts, finds a 4.6 % difference 80 % of the time"
        ),
        "{md}"
    );
    let aa_rows: Vec<&str> = md
        .lines()
        .filter(|l| l.contains("| copy-buffer cap=200 (A/A copy) |"))
        .collect();
    assert_eq!(aa_rows.len(), 2, "one A/A row per comparison: {aa_rows:#?}");
    assert!(aa_rows.iter().all(|l| l.contains("A/A control: ×")));
    let base165 = md
        .lines()
        .find(|l| l.starts_with("| 165 B | copy-buffer cap=200 |"))
        .unwrap();
    assert!(base165.contains("| baseline |"), "{base165}");
    let cap47 = md
        .lines()
        .find(|l| l.starts_with("| 165 B | copy-buffer cap=47 |"))
        .unwrap();
    assert!(cap47.contains("slower ×1.054 [1.021, 1.088]"), "{cap47}");
    // The ratio column is the paired one too, not criterion's.
    assert!(
        cap47.contains("| ×1.054 [1.021, 1.088] paired |"),
        "{cap47}"
    );
    assert!(!cap47.contains("criterion"), "{cap47}");
    assert!(cap47.contains("| 3600 (avx2) |"), "{cap47}");
    assert!(md.contains("- copy-buffer cap=47 vs copy-buffer cap=200 at 0 B: equal ×1.002"));
}

#[test]
fn same_instructions_note_exactly_when_equal_counts_and_time_differs() {
    let f = filled();
    let md = markdown::render(&outline::document(&f).unwrap());
    let row = |p: &str| {
        md.lines()
            .find(|l| l.starts_with(p))
            .unwrap_or_else(|| panic!("{p}"))
            .to_string()
    };
    // streaming 165: slower, 3401 vs 3400 instructions (0.03 %): the note.
    assert!(row("| 165 B | streaming |").contains(rv::SAME_INSTRUCTIONS_NOTE));
    // cap=47 165: slower but 3600 vs 3400; cap=47 0 B: same count but equal: no note.
    assert!(!row("| 165 B | copy-buffer cap=47 |").contains(rv::SAME_INSTRUCTIONS_NOTE));
    assert!(!row("| 0 B | copy-buffer cap=47 |").contains(rv::SAME_INSTRUCTIONS_NOTE));
    let p = |verdict| Paired {
        baseline: f.results[0].id().clone(),
        ratio: Ratio {
            estimate: 1.05,
            lower: 1.04,
            upper: 1.06,
        },
        band: 0.005,
        verdict,
        layouts: None,
        layout_sd: None,
        layout_range: None,
        layout_log_ratios: Vec::new(),
        reach: None,
        placement: None,
        process_time_sd: None,
    };
    let has = |v, same| rv::paired_text(&p(v), same).contains(rv::SAME_INSTRUCTIONS_NOTE);
    assert!(has(Verdict::Slower, Some(true)) && has(Verdict::Faster, Some(true)));
    assert!(!has(Verdict::Equal, Some(true)));
    assert!(!has(Verdict::Slower, Some(false)) && !has(Verdict::Slower, None));
    // A row whose two builds (code placement) decided it differently says so.
    let split = |verdicts| Paired {
        placement: Some(lab_record::PlacementSplit {
            estimates: [1.05, 1.004],
            verdicts,
        }),
        ..p(Verdict::Undecided)
    };
    let t = rv::paired_text(&split([Verdict::Slower, Verdict::Equal]), None);
    assert!(
        t.contains("depends on code placement: slower ×1.050 in the main build, equal ×1.004"),
        "{t}"
    );
    let t = rv::paired_text(&split([Verdict::Slower, Verdict::Undecided]), None);
    assert!(!t.contains("placement"), "{t}");
}

#[test]
fn same_instructions_is_within_a_tenth_of_a_percent() {
    let f = filled();
    let mut a = f.results[0].clone();
    let mut b = a.clone();
    a.instructions_per_iter = Some(1000.0);
    b.instructions_per_iter = Some(1001.0);
    assert_eq!(verdicts::same_instructions(&a, &b), Some(true));
    b.instructions_per_iter = Some(1001.5);
    assert_eq!(verdicts::same_instructions(&a, &b), Some(false));
    b.instructions_isa = Some(lab_record::Isa::Sse41);
    assert_eq!(verdicts::same_instructions(&a, &b), None, "different ISA");
    b.instructions_per_iter = None;
    assert_eq!(verdicts::same_instructions(&a, &b), None);
}

#[test]
fn verdict_box_is_at_the_top_with_one_line_per_claim() {
    let f = filled();
    let claims = seed::claims(&f);
    assert_eq!(claims[0].claim, Claim::StackBuffer);
    // 165 and 0 B reproduced; 200 B, 1 KiB and 1 MiB have no paired comparison.
    assert_eq!(claims[0].holds, Holds::CannotTell);
    let md = markdown::render(&outline::document(&f).unwrap());
    let top = md.find("Verdicts on the seed's claims").unwrap();
    assert!(top < md.find("Seed reproduction").unwrap());
    let line = md
        .lines()
        .find(|l| l.starts_with("| seed 1:"))
        .unwrap_or_else(|| panic!("{md}"));
    assert!(line.contains("| paired over layouts:"), "{line}");
    assert!(line.ends_with("| cannot tell at this band |"), "{line}");
    assert!(line.contains("165 B: reproduced (cap=47/cap=200 ×1.054 [1.021, 1.088], band ±0.7%, 2 layouts, layouts 1.051..1.057 (sd 0.4%); instructions 3600 vs 3400)"), "{line}");
    assert!(
        line.contains("0 B: reproduced (cap=47/cap=200 ×1.002"),
        "{line}"
    );
    assert!(
        line.contains("200 B: cannot tell at this band (no paired measurement)"),
        "{line}"
    );
    let seed2 = md.lines().find(|l| l.starts_with("| seed 2:")).unwrap();
    assert!(seed2.contains("not measured"), "{seed2}");
}

/// The `lab paired --json` example of docs/results-format.md is what xtask reads.
#[test]
fn documented_process_run_parses() {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/results-format.md");
    let text = std::fs::read_to_string(&doc).unwrap();
    let block = text
        .split("```json\n")
        .nth(3)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let run: ProcessRun = lab_record::from_json_str(&doc, block).unwrap();
    assert_eq!(run.rows[0].control, Some(Control::Aa));
    assert_eq!(run.config.budget_ms, Some(200));
    // One process of one layout each: too few layouts to combine, and no panic.
    assert!(combine(&[run], LayoutUnit::Process).is_none());
}

/// At 165 and 200 B an `equal` interval below +2.5 % rules the seed's 5 % out, unless the
/// table's band is 5 % or wider (then the run could not have called it slower).
#[test]
fn equal_rules_the_effect_out_only_at_a_narrow_band() {
    let mut f = filled();
    let cap47 = |f: &mut ResultsFile| {
        f.results
            .iter_mut()
            .find(|r| r.criterion_id() == "account-hash/copy-buffer@cap=47/data_size/165")
            .unwrap()
            .paired
            .as_mut()
            .unwrap()
            .clone()
    };
    let set = |f: &mut ResultsFile, p: Paired| {
        f.results
            .iter_mut()
            .find(|r| r.criterion_id() == "account-hash/copy-buffer@cap=47/data_size/165")
            .unwrap()
            .paired = Some(p);
    };
    let mut p = cap47(&mut f);
    p.verdict = Verdict::Equal;
    p.ratio = Ratio {
        estimate: 1.002,
        lower: 0.991,
        upper: 1.013,
    };
    p.band = 0.02;
    set(&mut f, p.clone());
    let holds = |f: &ResultsFile| {
        let rows = seed::seed_rows(f);
        let r = rows.iter().find(|r| r.size == "165").unwrap();
        seed::paired_holds(r)
    };
    assert_eq!(holds(&f), Some(Holds::NotReproduced));
    p.band = 0.05;
    set(&mut f, p.clone());
    assert_eq!(holds(&f), Some(Holds::CannotTell));
    p.band = 0.02;
    p.ratio.upper = 1.03;
    set(&mut f, p);
    assert_eq!(holds(&f), Some(Holds::CannotTell));
}

/// An undecided row says what would decide it; the report counts the undecided by that.
#[test]
fn undecided_rows_say_what_would_decide_them_and_the_report_counts_them() {
    use lab_record::sequential::Reach;
    let ratio = Ratio {
        estimate: 1.008,
        lower: 1.002,
        upper: 1.014,
    };
    let note = |reach| rv::undecided_note(&ratio, reach);
    assert_eq!(note(None), ", |effect| < 1.4 %");
    assert!(note(Some(Reach::Look(20)))
        .ends_with("a look at 20 processes would decide it 80 % of the time: more `--budget`"));
    assert!(
        note(Some(Reach::Beyond(61))).contains("80 % odds at about 61 processes at this spread")
    );
    assert!(note(Some(Reach::Edge)).contains("no run decides it"));
    let mut f = filled();
    let rows: Vec<usize> = (0..f.results.len())
        .filter(|&i| f.results[i].control.is_none() && f.results[i].paired.is_some())
        .collect();
    assert!(rows.len() >= 3, "{}", rows.len());
    for (&i, reach) in rows
        .iter()
        .zip([Reach::Look(20), Reach::Beyond(40), Reach::Edge])
    {
        let p = f.results[i].paired.as_mut().unwrap();
        p.verdict = Verdict::Undecided;
        p.reach = Some(reach);
    }
    let md = markdown::render(&outline::document(&f).unwrap());
    let line = md
        .lines()
        .find(|l| l.starts_with("**Paired verdicts:**"))
        .expect("the counts paragraph");
    let undecided = rows
        .iter()
        .filter(|&&i| f.results[i].paired.as_ref().unwrap().verdict == Verdict::Undecided)
        .count();
    let counted = format!("{undecided} undecided, of {} compared rows", rows.len());
    assert!(line.contains(&counted), "{line}");
    assert!(
        line.contains("1 would be decided by a later look"),
        "{line}"
    );
    // The fixture records no looks: its quick design looked last at 24.
    assert!(
        line.contains(
            "1 need more processes than this run's last look (24): 40 at this run's spread"
        ),
        "{line}"
    );
    assert!(line.contains("1 lie on the edge"), "{line}");
    // A run that records its looks is read with them.
    f.run.looks = Some(lab_record::sequential::QUICK_LOOKS.to_vec());
    let md = markdown::render(&outline::document(&f).unwrap());
    assert!(
        md.contains("1 need more processes than this run's last look (20): 40"),
        "{md}"
    );
}

/// A row whose paired interval misses criterion's interval against the same baseline is
/// listed and named in the report; one whose intervals overlap is not.
#[test]
fn paired_and_criterion_ratios_that_disagree_are_flagged() {
    let mut f = record::load(&dir().join("run-small/results.json")).unwrap();
    for r in &mut f.results {
        r.paired = None;
    }
    let (base, row) = (f.results[0].clone(), 5);
    let c = verdicts::criterion_ratio(&f.results[row], &base).unwrap();
    assert!(c.lower <= c.estimate && c.estimate <= c.upper, "{c:?}");
    let paired = |estimate: f64| Paired {
        baseline: base.id().clone(),
        ratio: Ratio {
            estimate,
            lower: estimate * 0.99,
            upper: estimate * 1.01,
        },
        band: 0.005,
        verdict: Verdict::Undecided,
        layouts: Some(8),
        layout_sd: None,
        layout_range: None,
        layout_log_ratios: Vec::new(),
        reach: None,
        placement: None,
        process_time_sd: None,
    };
    f.results[row].paired = Some(paired(c.estimate));
    assert!(verdicts::disagreements(&f.results).is_empty());
    assert!(rv::disagreement_paragraph(&f).is_none());
    // Batch timed on a part of its set paid a per-call cost the whole set does not.
    f.results[row].paired = Some(paired(c.estimate * 1.3));
    let apart = verdicts::disagreements(&f.results);
    assert_eq!(apart.len(), 1);
    assert_eq!(&apart[0].id, f.results[row].id());
    let md = markdown::render(&outline::document(&f).unwrap());
    assert!(
        md.contains("Paired and criterion disagree:")
            && md.contains(&f.results[row].criterion_id()),
        "{md}"
    );
    // Criterion's ratio is one process of each: 4 % off the paired mean is inside the range
    // one process takes when the processes spread by 2 % (t(7) · 2 % · √(9/8) = 5.0 %),
    // though outside the paired interval; 8 % off is not.
    let spread = |estimate: f64| Paired {
        layout_sd: Some(0.02),
        ..paired(estimate)
    };
    // The range's half width in log terms is t(7) · s · √(9/8), widened by the 0.5 % band.
    let spreads_by = |p: &Paired, s: f64| {
        let range = verdicts::criterion_range(p);
        let half = (range.upper / range.estimate).ln();
        let want = s * 2.3646 * 1.125f64.sqrt() + 1.005f64.ln();
        assert!(
            (half - want).abs() < 1e-3,
            "{range:?}: {half} against {want}"
        );
    };
    f.results[row].paired = Some(spread(c.estimate * 1.04));
    spreads_by(f.results[row].paired.as_ref().unwrap(), 0.02);
    assert!(verdicts::disagreements(&f.results).is_empty());
    f.results[row].paired = Some(spread(c.estimate * 1.08));
    assert_eq!(verdicts::disagreements(&f.results).len(), 1);
    // Criterion's ratio is two processes' times, each scattering by its own SD over
    // processes: with the row's at 3 % and the baseline's at 4 % (5 % together), 8 % off
    // is inside (t(7) · 5 % · √(9/8) = 12.5 %) though the paired ratio spreads by 2 %; 16 %
    // off is not. A spread of the times below the ratio's leaves the ratio's.
    let times = |estimate: f64, sds: [f64; 2]| Paired {
        process_time_sd: Some(sds),
        ..spread(estimate)
    };
    f.results[row].paired = Some(times(c.estimate * 1.08, [0.03, 0.04]));
    spreads_by(f.results[row].paired.as_ref().unwrap(), 0.05);
    assert!(verdicts::disagreements(&f.results).is_empty());
    f.results[row].paired = Some(times(c.estimate * 1.16, [0.03, 0.04]));
    assert_eq!(verdicts::disagreements(&f.results).len(), 1);
    f.results[row].paired = Some(times(c.estimate * 1.08, [0.005, 0.005]));
    assert_eq!(verdicts::disagreements(&f.results).len(), 1);
    // The range is centred where the spread is taken, the mean of the per-process log
    // ratios, not the reported (Hodges–Lehmann) estimate: a skewed row whose estimate sits
    // 3 % below its mean gets the range about the mean.
    let mean = (c.estimate * 1.08).ln();
    let skewed = Paired {
        layout_log_ratios: vec![mean - 0.03, mean - 0.03, mean - 0.03, mean + 0.09],
        ..spread(c.estimate * 1.08 * 0.97)
    };
    let range = verdicts::criterion_range(&skewed);
    let centre = (range.lower * range.upper).sqrt();
    assert!((centre.ln() - mean).abs() < 1e-9, "{range:?} about {mean}");
}

/// A table whose compared rows are all flagged with criterion's ratio below their range
/// points at criterion's figure of its baseline, and the report says so; with one row
/// agreeing (2 of 3 flagged), or one flagged on the other side, it does not.
#[test]
fn a_table_flagged_on_one_side_points_at_its_baseline() {
    let mut f = record::load(&dir().join("run-small/results.json")).unwrap();
    for r in &mut f.results {
        r.paired = None;
    }
    // The table of copy-buffer cap=200 at 0 bytes: cap=47, streaming, meta-first.
    let base = f.results[0].clone();
    let rows = [5, 10, 14];
    let set = |f: &mut ResultsFile, row: usize, off: f64| {
        let c = verdicts::criterion_ratio(&f.results[row], &base).unwrap();
        f.results[row].paired = Some(crate::tests_decision::paired(
            &base,
            c.estimate * off,
            c.estimate * off * 0.99,
            c.estimate * off * 1.01,
            Verdict::Undecided,
        ));
    };
    for &row in &rows {
        set(&mut f, row, 1.3);
    }
    let apart = verdicts::disagreements(&f.results);
    assert_eq!(apart.len(), 3);
    let suspects = verdicts::suspect_baselines(&f.results, &apart);
    assert_eq!(
        suspects,
        [verdicts::SuspectBaseline {
            baseline: base.id().clone(),
            flagged: 3,
            compared: 3,
            baseline_slow: true,
        }]
    );
    let md = markdown::render(&outline::document(&f).unwrap());
    assert!(
        md.contains(&format!(
            "`{}` (3 of 3 rows, all below their range: criterion's time of the baseline is slow against its rows')",
            base.id()
        )),
        "{md}"
    );
    // One row agrees: 2 flagged, fewer than SUSPECT_MIN_ROWS.
    set(&mut f, rows[0], 1.0);
    let apart = verdicts::disagreements(&f.results);
    assert_eq!(apart.len(), 2);
    assert!(verdicts::suspect_baselines(&f.results, &apart).is_empty());
    // Three flagged, one of them on the other side.
    set(&mut f, rows[0], 0.7);
    let apart = verdicts::disagreements(&f.results);
    assert_eq!(apart.len(), 3);
    assert!(verdicts::suspect_baselines(&f.results, &apart).is_empty());
}

#[test]
fn instruction_pass_deals_every_id_once_round_robin() {
    let ids: Vec<String> = (0..7).map(|i| format!("id{i}")).collect();
    let groups = verdicts::deal(&ids, 2);
    assert_eq!(
        groups,
        [
            ["id0", "id2", "id4", "id6"].as_slice(),
            &["id1", "id3", "id5"]
        ]
    );
    // More workers than ids: no empty valgrind runs; zero workers is one.
    assert_eq!(verdicts::deal(&ids[..1], 4), [["id0"]]);
    assert_eq!(verdicts::deal(&ids[..2], 0), [["id0", "id1"]]);
}

#[test]
fn paired_requests_follow_the_plan_and_profile() {
    let f = record::load(&dir().join("run-small/results.json")).unwrap();
    let plan: Vec<lab_record::Planned> = f
        .results
        .iter()
        .map(|r| lab_record::Planned {
            meta: r.meta.clone(),
            expected_secs: 1.0,
            compressions_per_item: None,
        })
        .collect();
    let cmps = verdicts::comparisons(&plan);
    let c165 = cmps
        .iter()
        .find(|c| c.baseline.criterion_id() == "account-hash/copy-buffer@cap=200/data_size/165")
        .unwrap();
    assert_eq!(
        c165.rows
            .iter()
            .map(|r| r.criterion_id())
            .collect::<Vec<_>>(),
        [
            "account-hash/copy-buffer@cap=47/data_size/165",
            "account-hash/streaming/data_size/165",
            "account-hash/meta-first/data_size/165"
        ]
    );
    // mainnet_mix has a baseline and a row; no group lacks its baseline here.
    assert_eq!(cmps.len(), 10);
    let smoke = lab_record::Profile::Smoke;
    let s = paired_pass::settings(smoke);
    assert_eq!(s.processes, 2);
    let a = paired_pass::process_args(smoke, c165, s, 7).join(" ");
    assert!(a.starts_with("paired --profile smoke --baseline account-hash/copy-buffer@cap=200/data_size/165 --rows account-hash/copy-buffer@cap=47/data_size/165 --rows account-hash/"), "{a}");
    assert!(
        a.ends_with("--aa 2 --rounds 5 --layouts-in-process 2 --budget-ms 20 --seed 7 --json"),
        "{a}"
    );
}

/// Seed 2 reads the paired comparison of the published negentropy (before) against the
/// vector storage (after) where the run has one, and criterion's two figures only where
/// it does not: criterion times each in its own process, and one slow layout of the
/// baseline moves its verdict.
#[test]
fn the_reconcile_seed_reads_the_paired_comparison_where_the_run_has_one() {
    let path = dir().join("merge/avx2-limited/results.json");
    let mut f = record::load(&path).unwrap();
    let reconcile = |f: &ResultsFile| {
        let claims = seed::claims(f);
        let c = claims
            .into_iter()
            .find(|c| c.claim == Claim::Reconcile)
            .unwrap();
        (c.holds, c.figures)
    };
    // Criterion's figures alone (the fixture's: the seed's own times).
    let (holds, figures) = reconcile(&f);
    assert_eq!(holds, Holds::Reproduced);
    assert!(
        figures.starts_with("client build+reconcile after/before 0.28 (seed 0.28)"),
        "{figures}"
    );
    // Criterion's after as slow as before (one slow layout): within its noise, but the
    // paired comparison of both kinds says before is 1.30x after's time.
    let kinds = ["client_build_reconcile/100000", "full_exchange/100000"];
    let row = |f: &ResultsFile, variant: &str, kind: &str| -> usize {
        f.results
            .iter()
            .position(|r| r.criterion_id() == format!("reconcile/peer:negentropy@{variant}/{kind}"))
            .unwrap()
    };
    for kind in kinds {
        let (before, after) = (row(&f, "0.4", kind), row(&f, "vector", kind));
        f.results[after].ns_per_iter = f.results[before].ns_per_iter;
        let p = crate::tests_decision::paired(&f.results[after], 1.30, 1.28, 1.32, Verdict::Slower);
        f.results[before].paired = Some(p);
    }
    let (holds, figures) = reconcile(&f);
    assert_eq!(holds, Holds::Reproduced, "{figures}");
    assert!(
        figures.starts_with(
            "client build+reconcile after/before 0.77 [0.76, 0.78] paired over 8 layouts (seed 0.28)"
        ),
        "{figures}"
    );
    assert!(
        figures.contains(
            "full exchange after/before 0.77 [0.76, 0.78] paired over 8 layouts (seed 0.18)"
        ),
        "{figures}"
    );
    // Undecided: cannot tell; faster or equal: not reproduced.
    let set = |f: &mut ResultsFile, v: Verdict| {
        let before = row(f, "0.4", "client_build_reconcile/100000");
        f.results[before].paired.as_mut().unwrap().verdict = v;
    };
    set(&mut f, Verdict::Undecided);
    assert_eq!(reconcile(&f).0, Holds::CannotTell);
    set(&mut f, Verdict::Equal);
    assert_eq!(reconcile(&f).0, Holds::NotReproduced);
    set(&mut f, Verdict::Faster);
    assert_eq!(reconcile(&f).0, Holds::NotReproduced);
    // A comparison against another baseline is not this one: criterion's figures again.
    for kind in kinds {
        let before = row(&f, "0.4", kind);
        let other = row(&f, "0.4", kinds[0]);
        let id = f.results[other].id().clone();
        f.results[before].paired.as_mut().unwrap().baseline = id;
    }
    let (holds, figures) = reconcile(&f);
    assert_eq!(holds, Holds::CannotTell, "{figures}");
    assert!(
        figures.starts_with("client build+reconcile after/before 1.00 (seed 0.28)"),
        "{figures}"
    );
}
