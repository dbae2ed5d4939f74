//! Per instruction set: a run whose blake3 rows were measured by the main build (AVX-512)
//! and by the two capped builds (AVX2, SSE4.1), with per-backend batch and limit rows.
//! The family tables keep one row per (strategy, workload); the per-ISA rows appear only in
//! "Per instruction set", with the floors per ISA.

use crate::record::{self, Record, ResultsFile};
use crate::render;
use lab_record::{Isa, Variant};
use std::path::Path;

fn template() -> ResultsFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-mixed/results.json");
    record::load(&path).unwrap()
}

/// A row like `base` with a time per account, an instruction set and a build.
fn row(base: &Record, ns: f64, isa: Isa, build: Option<&str>) -> Record {
    let mut r = base.clone();
    let n = r.meta.items_per_iter as f64;
    r.ns_per_iter.estimate = ns * n;
    r.ns_per_iter.lower = ns * n * 0.999;
    r.ns_per_iter.upper = ns * n * 1.001;
    r.ns_per_iter.std_err = Some(ns * n * 0.0005);
    r.meta.isa = Some(isa);
    r.build = build.map(String::from);
    r
}

fn find<'a>(f: &'a ResultsFile, label: &str, workload: &str) -> &'a Record {
    f.results
        .iter()
        .find(|r| r.id().label() == label && r.id().workload.to_string() == workload)
        .unwrap_or_else(|| panic!("no {label} {workload}"))
}

fn run() -> ResultsFile {
    use Isa::*;
    let mut f = template();
    let cap200 = find(&f, "copy-buffer cap=200", "data_size/165").clone();
    let stream = find(&f, "streaming", "data_size/165").clone();
    let batch = find(&f, "batch avx512", "data_size/165").clone();
    let limit = find(&f, "limit avx512", "compression/1024").clone();
    let lt = find(&f, "copy-buffer cap=200", "data_size/165").clone();
    let mut lt = lt;
    lt.meta.id.family = lab_record::Family::LtHash;
    lt.meta.id.digest = lab_record::Digest::Lt;
    lt.compressions_per_item = Some(36.0);
    let mut peer = lt.clone();
    peer.meta.id.strategy = "peer:solana-lattice-hash".into();
    peer.meta.id.variant = None;
    peer.meta.role = lab_record::Role::Candidate;
    let mut batch2 = batch.clone();
    batch2.meta.id.variant = Some(Variant::backend_of(Isa::Avx2));
    // The avx512 row under the input-phase rows' older name (`limit`), the avx2 row under
    // their name: both are read.
    let mut limit2 = limit.clone();
    limit2.meta.id.strategy = lab_record::floor_rows::INPUT_PHASE_ROW.into();
    limit2.meta.id.variant = Some(Variant::backend_of(Isa::Avx2));
    let (b5, b2) = (Some("blake3-no-avx512"), Some("blake3-no-avx2"));
    // Drop the template's own 165 B rows we re-made, keep everything else.
    f.results.retain(|r| {
        !(r.id().workload.to_string() == "data_size/165"
            && ["copy-buffer cap=200", "streaming", "batch avx512"]
                .contains(&r.id().label().as_str()))
            && r.id().strategy != "limit"
    });
    f.results.extend([
        row(&cap200, 300.0, Avx512, None),
        row(&cap200, 320.0, Avx2, b5),
        row(&cap200, 400.0, Sse41, b2),
        row(&stream, 330.0, Avx512, None),
        row(&stream, 336.0, Avx2, b5),
        row(&batch, 60.0, Avx512, None),
        row(&batch2, 96.0, Avx2, None),
        row(&limit, 40.0, Avx512, None),
        row(&limit2, 64.0, Avx2, None),
        row(&lt, 1500.0, Avx512, None),
        row(&lt, 1800.0, Avx2, b5),
        row(&peer, 1700.0, Avx2, None),
    ]);
    f
}

#[test]
fn family_tables_keep_one_row_per_strategy_and_workload() {
    let md = render::markdown::render(&render::outline::document(&run()).unwrap());
    let family = md.split("## Per instruction set").next().unwrap();
    // The account-hash family (the lt-hash family has its own copy-buffer cap=200 row).
    let family = family.split("\n## lt-hash").next().unwrap();
    assert_eq!(
        family.matches("| 165 B | copy-buffer cap=200 |").count(),
        1,
        "{md}"
    );
    assert_eq!(family.matches("| 165 B | streaming |").count(), 1, "{md}");
    // The main build's row (300 ns), not a capped one (320 / 400 ns).
    let line = family
        .lines()
        .find(|l| l.starts_with("| 165 B | copy-buffer cap=200 |"))
        .unwrap();
    assert!(line.contains("300.00 ns"), "{line}");
    // The seed table also takes the main build's cap=200.
    assert!(
        !md.contains("320.00 ns [") && !md.contains("400.00 ns ["),
        "{md}"
    );
}

#[test]
fn per_isa_section_has_every_isa_with_ratios_to_the_same_isa_baseline() {
    let md = render::markdown::render(&render::outline::document(&run()).unwrap());
    let isa = md
        .split("## Per instruction set")
        .nth(1)
        .expect("the section");
    let legacy = isa
        .split("### account-hash · legacy digest · data_size/165")
        .nth(1)
        .unwrap();
    assert!(
        legacy.contains("| strategy | sse41 | avx2 | avx512 |"),
        "{legacy}"
    );
    let line = |start: &str| {
        legacy
            .lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start} in {legacy}"))
    };
    assert_eq!(
        line("| copy-buffer cap=200 |"),
        "| copy-buffer cap=200 | 400.00 ns (×1.000) | 320.00 ns (×1.000) | 300.00 ns (×1.000) |"
    );
    assert_eq!(
        line("| streaming |"),
        "| streaming | – | 336.00 ns (×1.050) | 330.00 ns (×1.100) |"
    );
    // batch avx2 and batch avx512 are one strategy, in their backends' columns.
    assert_eq!(
        line("| batch |"),
        "| batch | – | 96.000 ns (×0.300) | 60.000 ns (×0.200) |"
    );
    let lt = isa
        .split("### lt-hash · lt digest · data_size/165")
        .nth(1)
        .unwrap();
    assert!(
        lt.contains("| peer:solana-lattice-hash † | 1.7000 µs (×0.944) | – |"),
        "{lt}"
    );
    assert!(isa.contains("picks its own kernel at run time"), "{isa}");
}

#[test]
fn floor_per_isa_uses_each_backends_limit_row() {
    let md = render::markdown::render(&render::outline::document(&run()).unwrap());
    let isa = md.split("## Per instruction set").nth(1).unwrap();
    assert!(
        isa.contains("latency bound") && isa.contains("throughput bound"),
        "{isa}"
    );
    let row = |start: &str| {
        isa.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start} in {isa}"))
    };
    // No floor rows in this run: every compression at the limit row. avx2: 64 ns per
    // compression; legacy 3 compressions (the row says 3) = 192 ns; LtHash 36 = 2304 ns.
    assert_eq!(
        row("| avx2 | legacy, one account |"),
        "| avx2 | legacy, one account | 192.00 ns | 3 × input-phase row | 320.00 ns (copy-buffer cap=200) | 1.67× |"
    );
    assert_eq!(
        row("| avx2 | legacy, batch |"),
        "| avx2 | legacy, batch | 192.00 ns | 3 × input-phase row | 96.000 ns (batch) | 0.50× |"
    );
    assert!(row("| avx512 | LtHash, one account |").contains(
        "| 1.4400 µs | 36 × input-phase row | 1.5000 µs (copy-buffer cap=200) | 1.04× |"
    ));
    assert!(
        row("| avx2 |").contains("64.000 ns"),
        "machine table: {isa}"
    );
}

#[test]
fn floor_per_isa_uses_the_machine_floor_rows_per_call_shape() {
    let mut f = run();
    let floor = |strategy: &str, isa: &str, ns: f64| {
        let mut r = f
            .results
            .iter()
            .find(|r| r.id().strategy == "limit")
            .unwrap()
            .clone();
        r.meta.id.strategy = strategy.into();
        r.meta.id.variant = Some(Variant::backend_of(isa.parse().unwrap()));
        r.meta.isa = Some(isa.parse().unwrap());
        let per_iter = ns * r.meta.items_per_iter as f64;
        r.ns_per_iter.estimate = per_iter;
        r.ns_per_iter.lower = per_iter;
        r.ns_per_iter.upper = per_iter;
        r
    };
    let rows = [
        floor("floor-throughput", "avx2", 10.0),
        floor("floor-latency", "avx2", 50.0),
    ];
    f.results.extend(rows);
    let md = render::markdown::render(&render::outline::document(&f).unwrap());
    let isa = md.split("## Per instruction set").nth(1).unwrap();
    let row = |start: &str| {
        isa.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("{start} in {isa}"))
    };
    // One legacy account: 3 × latency = 150 ns; a legacy batch 3 × throughput = 30 ns, so
    // batch's 96 ns is 3.2× its floor, not below it.
    assert!(row("| avx2 | legacy, one account |").contains("| 150.00 ns | 3 × latency |"));
    assert!(row("| avx2 | legacy, batch |")
        .contains("| 30.000 ns | 3 × throughput | 96.000 ns (batch) | 3.20× |"));
    // One LtHash account: 4 input blocks × 50 + 32 output blocks × 10 = 520 ns.
    assert!(row("| avx2 | LtHash, one account |")
        .contains("| 520.00 ns | 4 × latency + 32 × throughput |"));
    assert!(row("| avx2 | LtHash, batch |").contains("| 360.00 ns | 36 × throughput |"));
}

/// The `port-limit` rows give each ISA its operations' rates and latencies and the
/// compression's ALU bound (its 1024 AVX2 operations over the rates, per lane), and the
/// distance of the throughput floor to it.
#[test]
fn the_machine_table_shows_the_port_limit_and_the_alu_bound() {
    let mut f = run();
    let with = |strategy: &str, isa: &str, workload: &str, ns: f64| {
        let mut r = f
            .results
            .iter()
            .find(|r| r.id().strategy == "limit")
            .unwrap()
            .clone();
        r.meta.id.strategy = strategy.into();
        r.meta.id.variant = Some(Variant::backend_of(isa.parse().unwrap()));
        r.meta.id.workload = workload.parse().unwrap();
        r.meta.isa = Some(isa.parse().unwrap());
        let per_iter = ns * r.meta.items_per_iter as f64;
        r.ns_per_iter.estimate = per_iter;
        r.ns_per_iter.lower = per_iter;
        r.ns_per_iter.upper = per_iter;
        r
    };
    let mut rows = vec![
        with("floor-throughput", "avx2", "compression/256", 10.0),
        with("floor-latency", "avx2", "compression/256", 50.0),
    ];
    // 0.25 ns per add and xor (4 per cycle at 1 GHz), 0.5 per shift and shuffle; latency 2.
    for (op, t) in [
        ("add", 0.25),
        ("xor", 0.25),
        ("shift", 0.5),
        ("shuffle", 0.5),
    ] {
        rows.push(with(
            "port-limit",
            "avx2",
            &format!("op_throughput/{op}"),
            t,
        ));
        rows.push(with("port-limit", "avx2", &format!("op_latency/{op}"), 2.0));
    }
    rows.push(with("clock", "portable", "dependent_add/65536", 1.0));
    f.results.extend(rows);
    let md = render::markdown::render(&render::outline::document(&f).unwrap());
    let isa = md.split("## Per instruction set").nth(1).unwrap();
    let row = isa
        .lines()
        .find(|l| l.starts_with("| avx2 | 10.000 ns"))
        .unwrap_or_else(|| panic!("{isa}"));
    // 1024 operations × 0.25 ns = 256 ns over 8 lanes = 32 ns; the 224 shifts alone take
    // 112 ns. The throughput floor, 10 ns, sits at 0.31× of it.
    assert!(row.contains("| 32.000 ns (32.0 cycles) | 0.31× |"), "{row}");
    assert!(
        row.contains("add 4.00/cycle, 2.00 cycles; xor 4.00/cycle, 2.00 cycles; shift 2.00/cycle, 2.00 cycles; shuffle 2.00/cycle, 2.00 cycles"),
        "{row}"
    );
}
