//! The decision table on fixture records with exact numbers
//! (`xtask/tests/fixtures/run-mixed/results.json` plus paired ratios set here).

use crate::analysis::decision::{decisions, Shape};
use crate::record::{self, ResultsFile};
use lab_record::{Digest, Paired, Ratio, Record, Verdict, Workload, WorkloadKind};
use std::path::Path;

fn mixed() -> ResultsFile {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-mixed/results.json");
    record::load(&p).expect("fixture loads")
}

pub(crate) fn paired(
    baseline: &Record,
    estimate: f64,
    lower: f64,
    upper: f64,
    v: Verdict,
) -> Paired {
    Paired {
        baseline: baseline.id().clone(),
        ratio: Ratio {
            estimate,
            lower,
            upper,
        },
        band: 0.007,
        verdict: v,
        layouts: Some(8),
        layout_sd: Some(0.01),
        layout_range: None,
        layout_log_ratios: Vec::new(),
        reach: None,
        placement: None,
        process_time_sd: None,
    }
}

fn find<'a>(f: &'a mut ResultsFile, digest: Digest, label: &str, w: &str) -> &'a mut Record {
    f.results
        .iter_mut()
        .find(|r| {
            r.id().digest == digest && r.id().label() == label && r.id().workload.to_string() == w
        })
        .unwrap_or_else(|| panic!("{label} {w}"))
}

/// The fixture with paired ratios on the legacy 165 B and 1 MiB tables and the lt 165 B
/// table, and an lt `set_1024/165` table (baseline, the peer, batch) made from the lt rows.
pub(crate) fn with_paired() -> ResultsFile {
    let mut f = mixed();
    let base = find(
        &mut f,
        Digest::Legacy,
        "copy-buffer cap=200",
        "data_size/165",
    )
    .clone();
    find(
        &mut f,
        Digest::Legacy,
        "copy-buffer cap=47",
        "data_size/165",
    )
    .paired = Some(paired(&base, 1.017, 1.010, 1.023, Verdict::Slower));
    find(&mut f, Digest::Legacy, "streaming", "data_size/165").paired =
        Some(paired(&base, 0.96, 0.95, 0.97, Verdict::Faster));
    // Faster but not the consensus digest: never chosen.
    find(&mut f, Digest::Legacy, "meta-first", "data_size/165").paired =
        Some(paired(&base, 0.5, 0.49, 0.51, Verdict::Faster));
    let big = find(
        &mut f,
        Digest::Legacy,
        "copy-buffer cap=200",
        "data_size/1048576",
    )
    .clone();
    find(
        &mut f,
        Digest::Legacy,
        "copy-buffer cap=47",
        "data_size/1048576",
    )
    .paired = Some(paired(&big, 1.0, 0.998, 1.002, Verdict::Equal));
    let lt = find(&mut f, Digest::Lt, "copy-buffer cap=200", "data_size/165").clone();
    find(&mut f, Digest::Lt, "streaming", "data_size/165").paired =
        Some(paired(&lt, 1.01, 0.99, 1.03, Verdict::Undecided));
    let set: Workload = "set_1024/165".parse().unwrap();
    let mut set_base = lt.clone();
    set_base.meta.id.workload = set.clone();
    let mut peer = set_base.clone();
    peer.meta.id.strategy = "peer:solana-lattice-hash".into();
    peer.meta.id.variant = None;
    peer.meta.role = lab_record::Role::Candidate;
    peer.paired = Some(paired(&set_base, 0.80, 0.78, 0.82, Verdict::Faster));
    let mut batch = peer.clone();
    batch.meta.id.strategy = "batch".into();
    batch.meta.id.variant = Some(lab_record::Variant::backend_of(lab_record::Isa::Avx512));
    batch.paired = Some(paired(&set_base, 0.40, 0.39, 0.41, Verdict::Faster));
    batch.instructions_per_iter = Some(1024.0 * 300.0);
    peer.instructions_per_iter = Some(1024.0 * 900.0);
    batch.meta.items_per_iter = 1024;
    peer.meta.items_per_iter = 1024;
    f.results.extend([set_base, peer, batch]);
    f
}

/// The hover text of a cell.
fn title(t: &crate::render::doc::Table, r: usize, c: usize) -> &str {
    t.rows[r][c].title.as_deref().unwrap_or("")
}

#[test]
fn shapes_of_workloads() {
    use WorkloadKind::*;
    let s = |kind, param: &str| Shape::of(&Workload::new(kind, param));
    assert_eq!(s(DataSize, "165"), Some(Shape::OneAtATime));
    assert_eq!(s(DataSize, "1025"), Some(Shape::Large));
    assert_eq!(s(DataSize, "1024"), None);
    assert_eq!(s(DataSize, "0"), None);
    assert_eq!(s(Set1024, "165"), Some(Shape::TokenBatch));
    assert_eq!(s(Set1024, "200"), None);
    assert_eq!(s(Vote1024, ""), Some(Shape::Large));
    assert_eq!(s(SizeLadder, "16384"), Some(Shape::Large));
    assert_eq!(s(SlotDelta, "5000"), Some(Shape::Large));
    assert_eq!(s(MainnetMix, "100000"), Some(Shape::MainnetMix));
    assert_eq!(s(UserAccounts, "mine"), Some(Shape::User));
    assert_eq!(s(CapSweep, "165"), None);
}

#[test]
fn decision_table_picks_the_fastest_consensus_row_against_the_current_code() {
    let f = with_paired();
    let ds = decisions(&f);
    // How many faster rows each winner was picked from (the label "selected" when > 1).
    let picked: Vec<usize> = ds.iter().map(|d| d.selected_from).collect();
    assert_eq!(picked, [0, 1, 1, 0], "{picked:?}");
    let got: Vec<_> = ds
        .iter()
        .map(|d| {
            (
                d.digest,
                d.shape,
                d.workload.to_string(),
                d.best.id().label(),
                d.current.id().label(),
                d.verdict,
                d.direct,
            )
        })
        .collect();
    let cb = "copy-buffer cap=200".to_string();
    assert_eq!(
        got,
        [
            (
                Digest::Lt,
                Shape::OneAtATime,
                "data_size/165".into(),
                cb.clone(),
                cb.clone(),
                None,
                true
            ),
            (
                Digest::Lt,
                Shape::TokenBatch,
                "set_1024/165".into(),
                "batch avx512".into(),
                "peer:solana-lattice-hash".into(),
                Some(Verdict::Faster),
                false
            ),
            (
                Digest::Legacy,
                Shape::OneAtATime,
                "data_size/165".into(),
                "streaming".into(),
                cb.clone(),
                Some(Verdict::Faster),
                true
            ),
            (
                Digest::Legacy,
                Shape::Large,
                "data_size/1048576".into(),
                cb.clone(),
                cb,
                None,
                true
            ),
        ]
    );
    // batch / peer = 0.40 / 0.80, the interval from the two intervals' far ends.
    let r = ds[1].ratio.unwrap();
    assert!((r.estimate - 0.5).abs() < 1e-12);
    assert!((r.lower - 0.39 / 0.82).abs() < 1e-12 && (r.upper - 0.41 / 0.78).abs() < 1e-12);
    assert_eq!(ds[1].reason, "300 vs 900 instructions");
    assert_eq!(ds[2].ratio.unwrap().estimate, 0.96);
    assert_eq!(ds[0].reason, "nothing measured is decided faster");
    let t = crate::render::decision::table(&f).unwrap();
    assert_eq!(t.rows.len(), 4);
    // The speed-up in a reader's words; the ratio as the paired pass gives it on hover.
    assert_eq!(t.text(1, 2), "2.00x faster (1.90-2.10)");
    assert_eq!(
        title(&t, 1, 2),
        "time / peer:solana-lattice-hash: ×0.500 [0.476, 0.526] via baseline"
    );
    assert_eq!(t.text(2, 2), "1.04x faster (1.03-1.05)");
    assert_eq!(t.text(0, 0), "LtHash: one account at a time");
    assert_eq!(t.text(0, 2), "the current code is fastest");
    assert_eq!(t.text(3, 0), "legacy: large accounts");
    // A second faster row in the legacy 165 B table: streaming stays the pick, labelled
    // as selected from two.
    let mut f = f;
    let p = find(
        &mut f,
        Digest::Legacy,
        "copy-buffer cap=47",
        "data_size/165",
    )
    .paired
    .as_mut()
    .unwrap();
    p.verdict = Verdict::Faster;
    p.ratio = lab_record::Ratio {
        estimate: 0.98,
        lower: 0.97,
        upper: 0.99,
    };
    let ds = decisions(&f);
    assert_eq!(
        (ds[2].best.id().label(), ds[2].selected_from),
        ("streaming".into(), 2)
    );
    let t = crate::render::decision::table(&f).unwrap();
    assert!(
        title(&t, 2, 2).ends_with(", selected: the fastest of 2 faster rows"),
        "{}",
        title(&t, 2, 2)
    );
}

#[test]
fn a_run_without_paired_ratios_has_no_decision_table() {
    assert!(decisions(&mixed()).is_empty());
    assert!(crate::render::decision::section(&mixed()).is_none());
}

#[test]
fn rows_measured_in_the_same_processes_are_compared_directly() {
    let mut f = with_paired();
    f.run.profile = lab_record::Profile::Quick;
    let set = "set_1024/165";
    // Per-layout log ratios to the baseline; batch's are the peer's minus ln 2 plus a
    // small alternating spread, so batch / peer is 0.5 with a narrow interval.
    let peer: Vec<f64> = (0..8).map(|i| -0.2 + 0.03 * f64::from(i % 3)).collect();
    let batch: Vec<f64> = peer
        .iter()
        .enumerate()
        .map(|(i, x)| x - 2f64.ln() + if i % 2 == 0 { 0.001 } else { -0.001 })
        .collect();
    find(&mut f, Digest::Lt, "peer:solana-lattice-hash", set)
        .paired
        .as_mut()
        .unwrap()
        .layout_log_ratios = peer;
    find(&mut f, Digest::Lt, "batch avx512", set)
        .paired
        .as_mut()
        .unwrap()
        .layout_log_ratios = batch.clone();
    let ds = decisions(&f);
    let d = &ds[1];
    assert!(d.direct);
    assert_eq!(d.verdict, Some(Verdict::Faster));
    let r = d.ratio.unwrap();
    assert!((r.estimate - 0.5).abs() < 1e-12, "{r:?}");
    // Far narrower than the quotient's [0.476, 0.526]: the layouts' common spread cancels.
    assert!(r.lower > 0.498 && r.upper < 0.502, "{r:?}");
    // The fixture records no spending: it was decided Pocock-type, and so is this interval
    // (8 layouts, the first look's 0.0226); a run that records O'Brien–Fleming-type spending
    // takes that look's 0.0007 (a t interval: wider).
    let t = crate::render::decision::table(&f).unwrap();
    assert_eq!(
        title(&t, 1, 2),
        "time / peer:solana-lattice-hash: ×0.500 [0.500, 0.501]"
    );
    f.run.spending = Some(lab_record::sequential::Spending::OBrienFleming);
    let t = crate::render::decision::table(&f).unwrap();
    assert_eq!(
        title(&t, 1, 2),
        "time / peer:solana-lattice-hash: ×0.500 [0.499, 0.501]"
    );
    f.run.spending = None;
    // Layouts that do not pair (different counts) fall back to the quotient.
    find(&mut f, Digest::Lt, "batch avx512", set)
        .paired
        .as_mut()
        .unwrap()
        .layout_log_ratios = batch[..7].to_vec();
    assert!(!decisions(&f)[1].direct);
}

/// "By account size": the size ladder per digest, each strategy's fastest variant, with
/// where each kernel leaves the lanes.
#[test]
fn by_size_section_shows_the_ladder_and_where_kernels_leave_the_lanes() {
    let mut f = with_paired();
    let ladder: Workload = "size_ladder/1024".parse().unwrap();
    let moved: Vec<Record> = f
        .results
        .iter()
        .filter(|r| r.id().workload.to_string() == "set_1024/165")
        .cloned()
        .map(|mut r| {
            r.meta.id.workload = ladder.clone();
            r
        })
        .collect();
    f.results.extend(moved);
    let md =
        crate::render::markdown::render_summary(&crate::render::outline::document(&f).unwrap());
    let section = md
        .split("## By account size")
        .nth(1)
        .unwrap_or_else(|| panic!("{md}"));
    assert!(section.contains("shorter than 128.0 KiB"), "{section}");
    assert!(
        section.contains("(951 bytes of data for the LtHash)"),
        "{section}"
    );
    let row = section
        .lines()
        .find(|l| l.starts_with("| 1024 accounts |") || l.starts_with("| 1 KiB |"))
        .unwrap_or_else(|| panic!("{section}"));
    assert!(
        row.contains("(×0.400 faster) | – |"),
        "batch, no lane-xof: {row}"
    );
    assert!(row.contains("(baseline) | "), "{row}");
    assert!(row.contains("(×0.800 faster) | – |"), "the peer: {row}");
    // No ladder, no section.
    assert!(!crate::render::markdown::render(
        &crate::render::outline::document(&with_paired()).unwrap()
    )
    .contains("## By account size"));
}

/// With floor rows in the run, the reason gives the compressions per account and how far
/// the chosen row and the current code are from that work at the machine's floor (the
/// chosen row's instruction set and call shape): a batch of 35 compressions x 5 ns = 175 ns.
#[test]
fn the_reason_says_how_far_each_row_is_from_the_floor() {
    let mut f = with_paired();
    push_floor_rows(&mut f);
    for (label, ns_per_item) in [("batch avx512", 210.0), ("peer:solana-lattice-hash", 350.0)] {
        let r = find(&mut f, Digest::Lt, label, "set_1024/165");
        r.meta.isa = Some(lab_record::Isa::Avx512);
        r.ns_per_iter.estimate = ns_per_item * 1024.0;
        r.instructions_per_iter = None;
        r.compressions_per_item = (label == "batch avx512").then_some(35.0);
    }
    let ds = decisions(&f);
    assert_eq!(ds[1].best.id().label(), "batch avx512");
    // The current code: 350 / 175. The chosen row: its paired ratio times that, not its own
    // criterion time (210 / 175 = 1.20x), which is one moment of one process.
    let ratio = ds[1].ratio.unwrap().estimate;
    assert!((ratio * 2.0 - 1.20).abs() > 0.01, "{ratio}");
    assert_eq!(
        ds[1].reason,
        format!(
            "35 compressions per account: {:.2}x their floor, current code 2.00x",
            ratio * 2.0
        )
    );
}

/// [`with_paired`] with the LtHash `set_1024/165` table copied onto the large-account and
/// mix workloads of a default run (data sizes set to match) and the machine's floor rows,
/// so that the decision table has the twelve LtHash lines of a default run.
pub(crate) fn with_large_rows() -> ResultsFile {
    let mut f = with_paired();
    let set: Vec<Record> = f
        .results
        .iter()
        .filter(|r| r.id().digest == Digest::Lt && r.id().workload.to_string() == "set_1024/165")
        .cloned()
        .collect();
    // The token batch at the same distances from the floor as the other shapes.
    for r in f
        .results
        .iter_mut()
        .filter(|r| r.id().digest == Digest::Lt && r.id().workload.to_string() == "set_1024/165")
    {
        let x = match r.id().strategy.as_str() {
            "batch" => 2.0,
            "peer:solana-lattice-hash" => 10.0,
            _ => 20.0,
        };
        r.ns_per_iter.estimate = 1024.0 * x * 5.0 * 35.0;
    }
    let workloads = LADDER
        .iter()
        .map(|n| (format!("size_ladder/{n}"), Some(*n)))
        .chain([
            ("slot_delta/3000".to_string(), None),
            ("vote_1024".to_string(), Some(3762)),
            ("mainnet_mix/1000".to_string(), None),
        ]);
    for (w, size) in workloads {
        let workload: Workload = w.parse().unwrap();
        // Times per account: the baseline 20x, the peer 10x and batch 2x the floor of
        // 5 ns per compression.
        let k = size.map_or(40, |n| crate::render::decision::compressions(n + 73, 32)) as f64;
        f.results.extend(set.iter().cloned().map(|mut r| {
            let x = match r.id().strategy.as_str() {
                "batch" => 2.0,
                "peer:solana-lattice-hash" => 10.0,
                _ => 20.0,
            };
            r.meta.id.workload = workload.clone();
            r.meta.data_size = size;
            r.instructions_per_iter = None;
            r.ns_per_iter.estimate = 1024.0 * x * 5.0 * k;
            // The lab counts a mix's compressions per account (37 for the mainnet mix).
            if r.id().workload.kind == WorkloadKind::MainnetMix {
                r.compressions_per_item = Some(37.0);
            }
            r
        }));
    }
    // The machine's floor rows, so that every reason places its row against the floor, as
    // in a default run.
    push_floor_rows(&mut f);
    f
}

/// The machine's floor rows on AVX-512: 5 ns per lane-compression (throughput), 60 ns per
/// compression of one message's chain (latency).
fn push_floor_rows(f: &mut ResultsFile) {
    let template = f.results.last().unwrap().clone();
    for (strategy, ns) in [("floor-throughput", 5.0), ("floor-latency", 60.0)] {
        let mut r = template.clone();
        r.meta.id.strategy = strategy.into();
        r.meta.id.variant = Some(lab_record::Variant::backend_of(lab_record::Isa::Avx512));
        r.meta.id.workload = Workload::new(WorkloadKind::Compression, "256");
        r.meta.isa = Some(lab_record::Isa::Avx512);
        r.meta.items_per_iter = 1;
        r.ns_per_iter.estimate = ns;
        r.paired = None;
        r.instructions_per_iter = None;
        f.results.push(r);
    }
}

/// The data sizes of a default run's `size_ladder` workloads.
const LADDER: [u64; 7] = [512, 1024, 1025, 2048, 3762, 10240, 65536];

/// BLAKE3's compressions per account, from the message length: an LtHash of 165 B of data
/// (238-byte message: 4 input blocks, 32 output blocks, the root's compression the first
/// of them) is 35, the legacy hash's 4; longer messages add a parent node per chunk.
#[test]
fn compressions_per_account_from_the_data_size() {
    use crate::render::decision::compressions;
    assert_eq!(compressions(165 + 73, 32), 35);
    assert_eq!(compressions(165 + 81, 1), 4);
    assert_eq!(compressions(0, 1), 1);
    assert_eq!(compressions(1024, 1), 16);
    // Two chunks: 16 + 1 blocks and one parent.
    assert_eq!(compressions(1025, 1), 18);
    assert_eq!(compressions(1024 + 73, 32), 16 + 2 + 1 - 1 + 32);
    // The vote account: four chunks, 3 x 16 + 12 blocks, 3 parents.
    assert_eq!(compressions(3762 + 73, 32), 60 + 3 - 1 + 32);
}

/// Every line of the decision table gives the speed-up with its interval, a reason with
/// content (never only "faster in the paired pass") and how to get it; large accounts say
/// where the current code leaves the lanes.
#[test]
fn every_decision_line_has_a_speed_up_a_reason_and_a_way_to_get_it() {
    let f = with_large_rows();
    let t = crate::render::decision::table(&f).unwrap();
    let rows: Vec<Vec<&str>> = (0..t.rows.len())
        .map(|r| (0..t.columns.len()).map(|c| t.text(r, c)).collect())
        .collect();
    let lt: Vec<_> = rows.iter().filter(|r| r[0].starts_with("LtHash")).collect();
    assert_eq!(lt.len(), 12, "{rows:#?}");
    for r in &rows {
        assert!(!r[3].contains("faster in the paired pass"), "{r:?}");
        assert!(!r[4].contains("(avx512)"), "{r:?}");
    }
    let vote = lt.iter().find(|r| r[1] == "vote_1024").unwrap();
    assert_eq!(vote[2], "2.00x faster (1.90-2.10)");
    // Batch at 2x and the peer at 10x the floor of 94 compressions (5 ns each); the
    // size never breaks from its unit.
    assert_eq!(
        vote[3],
        "94 compressions: 5.00x the floor, current code 10.0x; current code leaves lanes \
         above 951\u{a0}B"
    );
    let vote_row = t.rows.iter().find(|r| r[1].text == "vote_1024").unwrap();
    assert_eq!(
        vote_row[3].title.as_deref(),
        Some(
            "94 compressions per account: 5.00x their floor, current code 10.00x; current \
             code: a blake3::Hasher per account above 951\u{a0}B of data; batch: in the lanes \
             up to 128.0 KiB"
        )
    );
    assert_eq!(vote[4], "batch avx512: account-hash feature `batch`");
    let slot = lt.iter().find(|r| r[1] == "slot_delta/3000").unwrap();
    assert_eq!(slot[3], "current code leaves lanes above 951\u{a0}B");
    // Workloads in numeric order inside a kind.
    let ladder: Vec<&str> = lt
        .iter()
        .map(|r| r[1])
        .filter(|w| w.starts_with("size_ladder/"))
        .collect();
    let want: Vec<String> = LADDER.iter().map(|n| format!("size_ladder/{n}")).collect();
    assert_eq!(ladder, want);
    let one = &rows[0];
    assert_eq!(one[4], "copy-buffer cap=200: keep the current code");
}
