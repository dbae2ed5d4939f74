//! The merged report of two machines (`report --merge`): two fixture runs
//! (`xtask/tests/fixtures/merge/{avx2-limited,full}/results.json`, made-up figures: an
//! AVX2-limited Xeon that reproduces both seed claims, and an AVX-512 EPYC whose cap=47 is
//! not slower at 165 B and which has no before row of the reconcile scenario).

use crate::analysis::machines;
use crate::analysis::seed::Holds;
use crate::record::load_runs;
use crate::render::{self, merged};
use lab_record::ResultsFile;
use std::path::{Path, PathBuf};

fn dirs() -> Vec<PathBuf> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/merge");
    vec![base.join("avx2-limited"), base.join("full")]
}

fn runs() -> Vec<ResultsFile> {
    let (files, skipped) = load_runs(&dirs());
    assert!(skipped.is_empty());
    files
}

// The merged page's machines table, its ratio tables side by side (in numeric order of the
// data size, slower cells flagged by kind) and its claims are in its snapshots
// (`tests_snapshots.rs`, tests/snapshots/merged/).

#[test]
fn merged_page_says_on_how_many_machines_each_claim_holds() {
    let files = runs();
    let view = machines::cross_view(&files);
    let holds: Vec<Vec<Holds>> = view
        .claims
        .iter()
        .map(|c| c.results.iter().map(|r| r.holds).collect())
        .collect();
    assert_eq!(holds[0], [Holds::Reproduced, Holds::NotReproduced]);
    assert_eq!(holds[1], [Holds::Reproduced, Holds::CannotTell]);
    // Both machines reproducing a claim: N of N.
    let both = vec![files[0].clone(), files[0].clone()];
    assert!(markdown(&both).contains("holds on 2 of 2 machines"));
}

fn markdown(files: &[ResultsFile]) -> String {
    render::markdown::render(&merged::document(files))
}

/// No time of one machine is printed: every figure is a ratio within one run (the only
/// times are the seed's own, quoted in the claim sentences).
#[test]
fn merged_page_never_compares_times_across_machines() {
    let files = runs();
    let pages = render::merged_report(&files);
    let (html, md) = (pages.html, pages.details);
    for f in &files {
        for r in &f.results {
            let t = crate::render::units::time_ns(r.ns_per_item().estimate);
            assert!(!md.contains(&t) && !html.contains(&t), "time {t} printed");
        }
    }
    let times = md
        .lines()
        .filter(|l| !l.starts_with("- seed"))
        .flat_map(|l| {
            l.split(' ')
                .collect::<Vec<_>>()
                .windows(2)
                .map(|w| (w[0].to_string(), w[1].to_string()))
                .collect::<Vec<_>>()
        })
        .filter(|(n, unit)| {
            n.parse::<f64>().is_ok()
                && ["ns", "µs", "ms", "s"].contains(&unit.trim_end_matches([',', '|']))
        })
        .collect::<Vec<_>>();
    assert!(
        times.is_empty(),
        "absolute times in the merged report: {times:?}"
    );
}

#[test]
fn a_bad_run_is_named_and_skipped_the_others_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("results.json"), "{\"schema\": 2, \"run\": 1}").unwrap();
    let mut args = dirs();
    args.push(d.to_path_buf());
    args.push(d.join("no-such-run"));
    let (files, skipped) = load_runs(&args);
    assert_eq!(files.len(), 2);
    assert_eq!(skipped.len(), 2);
    assert!(
        skipped[0].1.to_string().contains("results.json:1:"),
        "{}",
        skipped[0].1
    );
    assert!(
        skipped[1].1.to_string().contains("no-such-run"),
        "{}",
        skipped[1].1
    );
}

#[test]
fn chromium_renders_the_merged_report() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let html = render::merged_report(&runs()).html;
    std::fs::write(d.join("index.html"), html).unwrap();
    if let Some(result) = crate::tests::chromium_check(&d.join("index.html")) {
        // machines, 7 ratio tables, the claims table; the first section on the first
        // screen of the 1280 x 900 window.
        let (checks, first) = result.rsplit_once(" first=").expect("a first field");
        assert_eq!(
            checks, "charts=0 drawn=0 tables=9 resources=0 errors=0 overflow=0 open=0 lthash=0/0 chart=0 broken=0",
            "{result}"
        );
        let top: i64 = first.parse().expect("a number");
        assert!(
            (0..900).contains(&top),
            "first section at {top} px: {result}"
        );
    }
}

/// One run, three outcomes of the seed's first claim: reproduced, not reproduced (cap=47
/// as fast as cap=200 at 165 B with tight intervals), cannot tell (intervals too wide to
/// resolve 5%, or no 165/200 B rows).
#[test]
fn seed_claim_on_one_run_is_reproduced_not_reproduced_or_cannot_tell() {
    use crate::analysis::seed::{claims, Claim};
    let files = runs();
    let first = |f: &ResultsFile| {
        claims(f)
            .into_iter()
            .find(|c| c.claim == Claim::StackBuffer)
            .unwrap()
    };
    assert_eq!(first(&files[0]).holds, Holds::Reproduced);
    assert!(
        first(&files[0]).figures.contains("165 B +5.1%"),
        "{}",
        first(&files[0]).figures
    );
    assert_eq!(first(&files[1]).holds, Holds::NotReproduced);
    let mut noisy = files[1].clone();
    for r in noisy
        .results
        .iter_mut()
        .filter(|r| r.id().workload.param == "165")
    {
        let t = &mut r.ns_per_iter;
        (t.lower, t.upper, t.std_err) =
            (t.estimate * 0.9, t.estimate * 1.1, Some(t.estimate * 0.05));
    }
    assert_eq!(first(&noisy).holds, Holds::CannotTell);
    let mut none = files[1].clone();
    none.results
        .retain(|r| r.id().family != lab_record::Family::AccountHash);
    assert_eq!(first(&none).holds, Holds::CannotTell);
    assert_eq!(first(&none).figures, "not measured");
}
