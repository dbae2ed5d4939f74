//! Rendering, error-path and browser tests on a fixture run
//! (`xtask/tests/fixtures/run-small/results.json`: the seed's own numbers for copy-buffer
//! cap=200 and cap=47, made-up streaming / meta-first / sweep / mix / lt-hash rows, and two
//! missing benchmarks of an interrupted run).

use crate::record::{self, ResultsFile, Status};
use crate::render::{self, doc, html, markdown, outline};
use lab_record::WorkloadKind;
use std::path::{Path, PathBuf};

fn fixture_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-small/results.json")
}

fn fixture() -> ResultsFile {
    record::load(&fixture_path()).expect("fixture loads")
}

/// `details.md`: the whole report in Markdown.
fn details(f: &ResultsFile) -> String {
    markdown::render(&outline::document(f).unwrap())
}

/// `summary.md`: a line per table.
fn summary(f: &ResultsFile) -> String {
    markdown::render_summary(&outline::document(f).unwrap())
}

fn page(f: &ResultsFile) -> String {
    html::render(&outline::document(f).unwrap())
}

/// The level-2 section `title` of a Markdown page, its heading to the next one.
fn md_section(md: &str, title: &str) -> String {
    let start = md
        .find(&format!("## {title}\n"))
        .unwrap_or_else(|| panic!("no section {title} in:\n{md}"));
    let rest = &md[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 4);
    rest[..end].to_string()
}

#[test]
fn fixture_round_trips_through_save_and_load() {
    let f = fixture();
    assert_eq!(f.results.len(), 30);
    assert_eq!(f.missing.len(), 2);
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let p = d.join("results.json");
    record::save(&f, &p).unwrap();
    assert_eq!(record::load(&p).unwrap(), f);
}

/// The interrupted fixture's status line and missing list are in its snapshots
/// (`tests_snapshots.rs`); the same run marked complete says so and has no missing section.
#[test]
fn complete_run_has_no_missing_section() {
    let mut f = fixture();
    f.missing.clear();
    f.run.status = Status::Complete;
    let md = details(&f);
    assert!(md.contains("**Status:** complete: 30 of 30 benchmarks measured"));
    assert!(!md.contains("## Missing benchmarks"));
}

#[test]
fn html_is_self_contained_with_charts_and_tables() {
    let html = page(&fixture());
    // account-hash sizes, sweep, mix; lt-hash sizes.
    assert_eq!(html.matches("<figure class=\"chart\"").count(), 4);
    assert_eq!(html.matches("<svg").count(), 4);
    assert!(html.matches("<table class=\"data").count() >= 8);
    assert!(html.contains("<text"), "axis labels are SVG text");
    assert!(html.contains("copy-buffer cap=200"));
    assert!(html.contains("<tr class=\"missing\">"));
    assert!(html.contains("id=\"missing\""));
    assert!(html.contains("class=\"status bad\""));
    for fetch in [
        "src=\"http",
        "href=\"http",
        "<link",
        "<img",
        "@import",
        "url(",
    ] {
        assert!(!html.contains(fetch), "external resource `{fetch}`");
    }
}

#[test]
fn families_are_grouped_in_design_order() {
    let f = fixture();
    let v = crate::analysis::view::View::new(&f);
    let fams: Vec<&str> = v.sections.iter().map(|s| s.family.as_str()).collect();
    assert_eq!(fams, ["account-hash", "lt-hash"]);
    let kinds: Vec<WorkloadKind> = v.sections[0].groups.iter().map(|g| g.kind).collect();
    assert_eq!(
        kinds,
        [
            WorkloadKind::DataSize,
            WorkloadKind::CapSweep,
            WorkloadKind::MainnetMix
        ]
    );
    let g = &v.sections[0].groups[0];
    assert_eq!(g.labels[0], "copy-buffer cap=200", "baseline first");
    assert_eq!(g.params, ["0", "165", "200", "1024", "1048576"]);
}

#[test]
fn sweep_table_marks_multiples_of_64() {
    let f = fixture();
    let v = crate::analysis::view::View::new(&f);
    let g = &v.sections[0].groups[1];
    let t = render::tables::sweep(g);
    let row = |label: &str| {
        let i = t.rows.iter().position(|r| r[0].text == label).unwrap();
        (1..4).map(|c| t.text(i, c).to_string()).collect::<Vec<_>>()
    };
    let cap47 = row("copy-buffer cap=47");
    assert_eq!(cap47[0], "128 B");
    assert_eq!(cap47[1], "yes");
    assert!(cap47[2].contains("(×1.050)"), "{cap47:?}");
    assert!(row("copy-buffer cap=200")[2].ends_with("(baseline)"));
}

#[test]
fn render_dir_writes_both_files() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::copy(fixture_path(), d.join("results.json")).unwrap();
    crate::render::render_dir(&d.join("results.json")).unwrap();
    assert!(std::fs::read_to_string(d.join("index.html"))
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    assert!(std::fs::read_to_string(d.join("summary.md"))
        .unwrap()
        .starts_with("# hashlab benchmarks"));
}

// ---- errors: a corrupt or foreign file names the file and the field ----

fn load_text(text: &str) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let p = d.join("results.json");
    std::fs::write(&p, text).unwrap();
    let e = ResultsFile::load(&p).unwrap_err().to_string();
    assert!(e.contains(&p.display().to_string()), "names the file: {e}");
    e
}

#[test]
fn corrupt_json_is_an_error_naming_the_file() {
    let e = load_text("{\"schema\": 2, \"run\": ");
    assert!(e.contains("results.json:1:"), "names line and column: {e}");
    assert!(e.contains("EOF while parsing"), "{e}");
}

#[test]
fn foreign_json_names_the_missing_field() {
    // A criterion estimates.json handed over by mistake.
    let e = load_text(r#"{"mean": {"point_estimate": 1.0}, "slope": null}"#);
    assert!(e.contains("missing field `schema`"), "{e}");
    let e = load_text("[1, 2, 3]");
    assert!(e.contains("field `.`: expected a JSON object"), "{e}");
}

#[test]
fn wrong_types_and_values_name_the_field_path() {
    let good = std::fs::read_to_string(fixture_path()).unwrap();
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        f(&mut v);
        serde_json::to_string_pretty(&v).unwrap()
    };
    let e = load_text(&edit(&|v| {
        v["results"][3]["ns_per_iter"]["lower"] = serde_json::json!("fast")
    }));
    assert!(
        e.contains(
            "field `results[3].ns_per_iter.lower`: invalid type: string \"fast\", expected f64"
        ),
        "{e}"
    );
    assert!(
        e.contains("results.json:")
            && e.split(':')
                .nth(1)
                .is_some_and(|l| l.parse::<u32>().is_ok()),
        "names the line: {e}"
    );

    let e = load_text(&edit(&|v| {
        v["results"][0]["ns_per_iter"]["lower"] = serde_json::json!(999.0)
    }));
    assert!(e.contains("results[0].ns_per_iter"), "{e}");
    assert!(e.contains("lower <= estimate <= upper"), "{e}");

    let e = load_text(&edit(&|v| v["schema"] = serde_json::json!(1)));
    assert!(e.contains("schema 1") && e.contains("older hashlab"), "{e}");
    let e = load_text(&edit(&|v| v["schema"] = serde_json::json!(4)));
    assert!(e.contains("schema 4") && e.contains("newer hashlab"), "{e}");

    let e = load_text(&edit(&|v| {
        v["run"].as_object_mut().unwrap().remove("cpu");
    }));
    assert!(e.contains("field `run`: missing field `cpu`"), "{e}");

    let e = load_text(&edit(&|v| {
        v["results"][1]["items_per_iter"] = serde_json::json!(0)
    }));
    assert!(e.contains("results[1]") && e.contains("at least 1"), "{e}");

    let e = load_text(&edit(&|v| {
        v["results"][2]["family"] = serde_json::json!("acount-hash")
    }));
    assert!(e.contains("results[2]") && e.contains("acount-hash"), "{e}");
}

/// A profile other than smoke, quick and full, in the run or in a `--peer-path`
/// comparison, is an error naming the file, the line and column, the field and the three.
#[test]
fn an_unknown_profile_names_the_file_line_column_and_field() {
    use lab_record::{PeerPath, Profile};
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture_path()).unwrap()).unwrap();
    let p = PeerPath::new("c", "/d", "1.0.0", "peer:c", Profile::Quick);
    v["peer_paths"] = serde_json::json!([p]);
    for (field, pointer) in [
        ("run.profile", "/run/profile"),
        ("peer_paths[0].profile", "/peer_paths/0/profile"),
    ] {
        let mut bad = v.clone();
        *bad.pointer_mut(pointer).unwrap() = "fast".into();
        let text = serde_json::to_string_pretty(&bad).unwrap();
        let (line, at) = text
            .lines()
            .enumerate()
            .find_map(|(i, l)| Some((i + 1, l.find("\"profile\": \"fast\"")?)))
            .unwrap();
        let column = at + "\"profile\": \"fast\"".len();
        let e = load_text(&text);
        assert!(
            e.ends_with(&format!(
                "results.json:{line}:{column}: field `{field}`: unknown variant `fast`, expected one of `smoke`, `quick`, `full`"
            )),
            "{e}"
        );
    }
}

#[test]
fn missing_run_is_a_clear_error() {
    let e = crate::record::paths::resolve_run(Path::new("/nonexistent-reports"), "nope")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no results.json for run `nope`"), "{e}");
}

// ---- compare ----

#[test]
fn compare_flags_regressions_with_significance() {
    let a = fixture();
    let mut b = fixture();
    b.run.id = "fixture-b".into();
    for r in &mut b.results {
        let id = &r.meta.id;
        if id.family == lab_record::Family::AccountHash
            && id.strategy == "streaming"
            && id.workload.to_string() == "data_size/165"
        {
            let t = &mut r.ns_per_iter;
            (t.estimate, t.lower, t.upper) = (t.estimate * 1.10, t.lower * 1.10, t.upper * 1.10);
        }
    }
    b.results.retain(|r| {
        r.id().workload.to_string() != "mainnet_mix/100000" || r.id().strategy != "streaming"
    });
    let c = crate::analysis::runs::compare(&a, &b);
    assert_eq!(c.regressed, 1);
    assert_eq!(c.improved, 0);
    let text = render::compare::text(&c);
    let line = text
        .lines()
        .find(|l| l.starts_with("account-hash/streaming/data_size/165"))
        .unwrap();
    assert!(line.contains("+10.000%"), "{line}");
    assert!(line.ends_with("regressed"), "{line}");
    assert!(text.contains("only in A: account-hash/streaming/mainnet_mix/100000"));
    let md = render::compare::markdown(&c);
    assert!(md.contains("| benchmark | A time | B time | change [95% CI] | p | verdict |"));
    assert!(md.contains("1 regressed, 0 improved"));
}

/// Paired verdicts from one run to the next: held, to or from undecided, or flipped.
#[test]
fn compare_counts_verdicts_that_held_and_lists_flips() {
    use lab_record::Verdict;
    let f = crate::tests_decision::with_paired();
    let mut b = f.clone();
    b.run.id = "b".into();
    let set_verdict = |r: &mut lab_record::Record, v| r.paired.as_mut().unwrap().verdict = v;
    let mut paired: Vec<usize> = (0..b.results.len())
        .filter(|&i| b.results[i].paired.is_some() && b.results[i].control.is_none())
        .collect();
    assert!(paired.len() >= 3, "fixture has paired rows");
    let (i, j) = (paired.remove(0), paired.remove(0));
    let vi = b.results[i].paired.as_ref().unwrap().verdict;
    let flipped = if vi == Verdict::Slower {
        Verdict::Faster
    } else {
        Verdict::Slower
    };
    set_verdict(&mut b.results[i], flipped);
    set_verdict(&mut b.results[j], Verdict::Undecided);
    let c = crate::analysis::runs::compare(&f, &b);
    let s = &c.verdicts;
    let n = paired.len() + 2;
    assert_eq!(
        (s.compared, s.same, s.to_or_from_undecided, s.flips.len()),
        (n, n - 2, 1, 1)
    );
    assert_eq!(s.flips[0].1, vi);
    let text = render::compare::text(&c);
    assert!(text.contains(&format!("paired verdicts in both runs: {n}; the same: {}; decided in one, undecided in the other: 1; flipped (decided in both, different): 1", n - 2)), "{text}");
    assert!(
        text.contains(&format!(
            "- flipped: {}: {vi} -> {flipped}",
            crate::analysis::runs::name(&f.results[i])
        )),
        "{text}"
    );
}

// ---- the real browser ----

/// Renders the fixture's index.html in headless Chromium and reads back what the page's
/// own check found: charts drawn with text, tables, zero fetched resources, zero errors,
/// no horizontal overflow, every collapsed block still folded after the check, and the
/// first section (the decision table, where the run has one) on the first screen of a
/// 1280 x 900 window as the page opens, the contents folded above it.
#[test]
fn chromium_renders_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::copy(fixture_path(), d.join("results.json")).unwrap();
    crate::render::render_dir(&d.join("results.json")).unwrap();
    if let Some(result) = chromium_check(&d.join("index.html")) {
        let (checks, first) = result.rsplit_once(" first=").expect("a first field");
        assert_eq!(
            checks,
            "charts=4 drawn=4 tables=9 resources=0 errors=0 overflow=0 open=0 lthash=0/0 \
             chart=0 broken=0",
            "{result}"
        );
        let top: i64 = first.parse().expect("a number");
        assert!(
            (0..900).contains(&top),
            "the first section starts {top} px down, not on the first screen: {result}"
        );
    }
}

/// The first screen of a 1280 x 900 window, as the page opens, shows every LtHash line of
/// the decision table (speed-up, reason, how to get it) and the speed-up chart beside it,
/// and no workload name breaks over lines.
#[test]
fn chromium_shows_the_lthash_lines_and_the_chart_on_the_first_screen() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let pages = crate::render::report(&crate::tests_decision::with_large_rows()).unwrap();
    std::fs::write(d.join("index.html"), pages.html).unwrap();
    if let Some(result) = chromium_check(&d.join("index.html")) {
        assert!(
            result.contains(" overflow=0 open=0 lthash=12/12 chart=1 broken=0 "),
            "{result}"
        );
    }
}

/// Loads `page` in headless Chromium and returns what the page's own check wrote into
/// `#render-check`; `None` (with a notice) when Chromium is not installed, unless
/// `HASHLAB_REQUIRE_CHROMIUM=1`.
pub fn chromium_check(page: &Path) -> Option<String> {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .map(Path::new)
        .find(|p| p.exists());
    let required = std::env::var("HASHLAB_REQUIRE_CHROMIUM").is_ok_and(|v| v == "1");
    let Some(chromium) = chromium else {
        assert!(
            !required,
            "HASHLAB_REQUIRE_CHROMIUM=1 but chromium is not installed"
        );
        println!(
            "NOTICE: chromium not found; skipping the browser test (apt-get install chromium)"
        );
        return None;
    };
    let profile = page.with_file_name("chromium-profile");
    let out = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--virtual-time-budget=3000",
            "--window-size=1280,900",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let result = dom
        .split("id=\"render-check\"")
        .nth(1)
        .and_then(|s| s.split("data-result=\"").nth(1))
        .and_then(|s| s.split('"').next())
        .unwrap_or_else(|| {
            panic!(
                "page check did not run; DOM:\n{}",
                &dom[..dom.len().min(2000)]
            )
        });
    Some(result.to_string())
}

/// A strategy that hashes 1024 accounts per iteration (batch) is compared per account:
/// scaling items and time by the same factor changes no ratio, throughput or table cell.
#[test]
fn batch_rows_are_compared_per_item() {
    let file = fixture();
    let base = file
        .results
        .iter()
        .find(|r| r.meta.is_baseline() && r.id().workload.to_string() == "data_size/165")
        .expect("fixture has the baseline at 165 B")
        .clone();
    let mut batched = base.clone();
    batched.meta.id.strategy = "batch".into();
    batched.meta.id.variant = Some(lab_record::Variant::backend_of(lab_record::Isa::Avx512));
    batched.meta.role = lab_record::Role::Candidate;
    batched.meta.items_per_iter = 1024;
    batched.meta.bytes_per_iter *= 1024;
    for v in [
        &mut batched.ns_per_iter.estimate,
        &mut batched.ns_per_iter.lower,
        &mut batched.ns_per_iter.upper,
    ] {
        *v *= 1024.0;
    }
    assert!((batched.ns_per_item().estimate - base.ns_per_item().estimate).abs() < 1e-9);
    assert_eq!(
        render::text::throughput_text(&batched, batched.ns_per_item().estimate),
        render::text::throughput_text(&base, base.ns_per_item().estimate)
    );
    let mut with_batch = file.clone();
    with_batch.results.push(batched);
    let view = crate::analysis::view::View::new(&with_batch);
    let group = view
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .find(|g| g.cell("165", "batch avx512").is_some())
        .expect("batch row lands in the data_size group");
    let ratio = group.ratio_to_baseline("165", "batch avx512").unwrap();
    assert!((ratio.estimate - 1.0).abs() < 1e-9, "{}", ratio.estimate);
}

/// The floor table needs a `limit` record and compressions per item; it reports time per
/// account over compressions × the cost of one compression.
#[test]
fn floor_table_uses_the_limit_row() {
    let mut file = fixture();
    assert!(
        crate::analysis::floor::floor(&file).is_none(),
        "no limit row, no floor"
    );
    let mut limit = file.results[0].clone();
    limit.meta.id.strategy = "limit".into();
    limit.meta.id.workload = "compression/1024".parse().unwrap();
    limit.meta.items_per_iter = 1024;
    limit.ns_per_iter.estimate = 10.0 * 1024.0;
    limit.ns_per_iter.lower = 9.0 * 1024.0;
    limit.ns_per_iter.upper = 11.0 * 1024.0;
    let mut account = file.results[0].clone();
    account.compressions_per_item = Some(4.0);
    let t = account.ns_per_item().estimate;
    file.results = vec![limit, account];
    let floor = crate::analysis::floor::floor(&file).unwrap();
    assert!((floor.per_compression - 10.0).abs() < 1e-9);
    let table = render::tables::floor(&floor);
    assert_eq!(table.rows.len(), 1);
    assert_eq!(table.text(0, 7), format!("{:.2}×", t / 40.0));
    let md = details(&file);
    assert!(md.contains("## Distance to the hardware floor"), "{md}");
}

/// With the machine's floor rows, a row's floor is on its own ISA: a batch row's
/// compressions at the register-only throughput, one account's input blocks at the
/// single-message latency and an LtHash's 32 output blocks at the throughput; the clock
/// row turns them into cycles.
#[test]
fn floor_uses_the_machine_floor_rows_of_each_rows_isa() {
    let mut file = fixture();
    let base = file.results[0].clone();
    let floor_row = |strategy: &str, ns: f64| {
        let mut r = base.clone();
        r.meta.id.strategy = strategy.into();
        r.meta.id.digest = lab_record::Digest::Blake3;
        r.meta.id.workload = "compression/256".parse().unwrap();
        r.meta.isa = Some(lab_record::Isa::Avx2);
        r.meta.items_per_iter = 1;
        r.ns_per_iter.estimate = ns;
        r.compressions_per_item = None;
        r
    };
    let mut clock = floor_row("clock", 0.25);
    clock.meta.isa = None;
    let mut one = base.clone();
    one.meta.id.digest = lab_record::Digest::Lt;
    one.meta.isa = Some(lab_record::Isa::Avx2);
    one.meta.items_per_iter = 1;
    one.compressions_per_item = Some(35.0);
    let mut batch = one.clone();
    batch.meta.id.strategy = "batch".into();
    batch.meta.items_per_iter = 16;
    // A per-account strategy hashing a set is still one chain per account; the peer's
    // batch kernel is throughput bound like ours.
    let mut one_on_a_set = one.clone();
    one_on_a_set.meta.id.strategy = "streaming".into();
    one_on_a_set.meta.items_per_iter = 1024;
    let mut peer = batch.clone();
    peer.meta.id.strategy = "peer:solana-lattice-hash".into();
    file.results = vec![
        floor_row("floor-throughput", 10.0),
        floor_row("floor-latency", 60.0),
        clock,
        one,
        batch,
        one_on_a_set,
        peer,
    ];
    let floor = crate::analysis::floor::floor(&file).unwrap();
    assert_eq!(floor.per_compression, 10.0);
    assert_eq!(floor.cycle_ns, Some(0.25));
    assert_eq!(
        floor.rows.len(),
        4,
        "floor rows are not compared with themselves"
    );
    let of = |strategy: &str| {
        floor
            .rows
            .iter()
            .find(|r| r.record.id().strategy == strategy)
            .unwrap()
            .floor_ns
    };
    assert_eq!(of("batch"), 350.0);
    assert_eq!(of("peer:solana-lattice-hash"), 350.0);
    assert_eq!(of(&base.meta.id.strategy), 3.0 * 60.0 + 32.0 * 10.0);
    assert_eq!(of("streaming"), 3.0 * 60.0 + 32.0 * 10.0);
}

// ---- the document model: one outline, two serialisers ----

/// HTML classes come from the cells' kinds, not from their text: a strategy named like a
/// warning stays plain, a different digest is flagged whatever its wording.
#[test]
fn html_classes_come_from_cell_kinds() {
    use doc::{Block, Cell, CellKind, Document, Table, TableKind};
    let mut t = Table::new(TableKind::Detail, &["strategy", "digest"]);
    t.rows.push(vec![
        Cell::plain("DIFFERENT regressed"),
        Cell::new("differs", CellKind::Different),
    ]);
    t.rows.push(vec![Cell::plain("x"), Cell::missing()]);
    let d = Document {
        title: "t".into(),
        blocks: vec![Block::Table(t)],
    };
    let h = html::render(&d);
    assert!(h.contains("<td>DIFFERENT regressed</td>"), "{h}");
    assert!(h.contains("<td class=\"warn\">differs</td>"), "{h}");
    assert!(h.contains("<tr class=\"missing\"><td>x</td>"), "{h}");
    let m = markdown::render(&d);
    assert!(m.contains("| DIFFERENT regressed | differs |"), "{m}");
}

/// Both outputs hold the same prose: every paragraph and verdict of the Markdown summary
/// is in the HTML page (which adds plots and contents).
#[test]
fn html_and_markdown_say_the_same() {
    let f = fixture();
    let pages = render::report(&f).unwrap();
    let (h, m) = (pages.html, pages.details);
    for line in m.lines().filter(|l| l.starts_with("- ")) {
        let item = html::esc(&line[2..]);
        assert!(h.contains(&item), "verdict missing from HTML: {line}");
    }
    assert!(h.contains("Ratios are time / baseline time (below 1 is faster)."));
    assert!(m.contains("Ratios are time / baseline time (below 1 is faster)."));
    assert_eq!(
        h.matches("<li class=\"real\">").count(),
        m.lines()
            .filter(|l| l.starts_with("- ") && l.ends_with("intervals do not overlap"))
            .count()
    );
}

// The layering rule of main.rs is checked from real import paths in tests_imports.rs.

/// Every field a results.json holds is described in docs/results-format.md.
#[test]
fn every_written_field_is_documented() {
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/results-format.md");
    let doc = std::fs::read_to_string(doc_path).unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(&fixture()).unwrap()).unwrap();
    let mut keys: Vec<String> = Vec::new();
    for obj in [
        &v,
        &v["run"],
        &v["results"][0],
        &v["results"][0]["ns_per_iter"],
        &v["missing"][0],
    ] {
        keys.extend(obj.as_object().unwrap().keys().cloned());
    }
    for k in keys {
        assert!(doc.contains(&format!("`{k}`")), "`{k}` is not documented");
    }
}

/// `bench-all --accounts`: the run records each file's composition, the report shows it,
/// and every field it writes is documented.
#[test]
fn your_accounts_composition_is_recorded_shown_and_documented() {
    use crate::record::composition::composition;
    let mut f = fixture();
    let sizes = [0, 165, 165, 200];
    f.run.workloads.push(composition(
        "user_accounts/mine".parse().unwrap(),
        "/home/me/mine.jsonl".into(),
        &sizes,
    ));
    let pages = render::report(&f).unwrap();
    expect_test::expect![[r#"
        ## Your accounts

        Your own accounts (bench-all --accounts), each file one workload measured with every strategy; its rows are in the family tables under the workload's name.

        `user_accounts/mine`: 4 accounts, 530 B of account data, from /home/me/mine.jsonl

        | data size | accounts | share of accounts | data bytes | share of data bytes |
        |---|---|---|---|---|
        | 0 B | 1 | 25.0% | 0 B | 0.0% |
        | 1-127 B | 0 | 0.0% | 0 B | 0.0% |
        | 128-165 B | 2 | 50.0% | 330 B | 62.3% |
        | 166-200 B | 1 | 25.0% | 200 B | 37.7% |
        | 201-1023 B | 0 | 0.0% | 0 B | 0.0% |
        | 1-10 KiB | 0 | 0.0% | 0 B | 0.0% |
        | > 10 KiB | 0 | 0.0% | 0 B | 0.0% |

    "#]]
    .assert_eq(&md_section(&pages.details, "Your accounts"));
    assert!(pages
        .html
        .contains("<a href=\"#your-accounts\">Your accounts</a>"));
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    record::save(&f, &d.join("results.json")).unwrap();
    assert_eq!(record::load(&d.join("results.json")).unwrap(), f);
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/results-format.md"),
    )
    .unwrap();
    let v = serde_json::to_value(&f.run.workloads[0]).unwrap();
    let keys = v
        .as_object()
        .unwrap()
        .keys()
        .chain(v["classes"][0].as_object().unwrap().keys());
    for k in keys {
        assert!(
            doc.contains(&format!("`{k}`")) || doc.contains(&format!("`classes[j].{k}`")),
            "`{k}` is not documented"
        );
    }
}

/// A table of more than `COLLAPSE_ROWS` rows is folded behind its summary line; the
/// decision table, the page's answer, never is.
#[test]
fn long_tables_fold_but_the_decision_table_stays_open() {
    use doc::{Block, Cell, Document, Table, TableKind};
    let long = |kind| {
        let mut t = Table::new(kind, &["a", "b"]);
        for _ in 0..=html::COLLAPSE_ROWS {
            t.rows.push(vec![Cell::plain("x"), Cell::plain("y")]);
        }
        html::render(&Document {
            title: "t".into(),
            blocks: vec![Block::Table(t)],
        })
    };
    let folded = "<details class=\"rows\">";
    assert!(long(TableKind::Detail).contains(folded));
    let decision = long(TableKind::Decision);
    assert!(!decision.contains(folded), "{decision}");
    assert!(
        decision.contains("<table class=\"data decision\">"),
        "{decision}"
    );
}

/// A default run's report has dozens of sections (six families and their groups, the per
/// instruction set tables): its contents are folded behind one line, so the first section,
/// the decision table, still starts on the first screen of a 1280 x 900 window.
#[test]
fn chromium_shows_the_first_section_on_the_first_screen_of_a_long_report() {
    use doc::{Block, Document, Inline, Section, SectionKind};
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let section = |id: String, level: u8, blocks: Vec<Block>| {
        Block::Section(Section {
            kind: SectionKind::Plain,
            id: id.clone(),
            level,
            title: format!("section {id}"),
            blocks,
        })
    };
    let mut blocks = vec![
        Block::Heading {
            level: 1,
            text: vec![Inline::Text("a long report".into())],
        },
        Block::Contents,
    ];
    for s in 0..12 {
        let groups = (0..5)
            .map(|g| section(format!("s{s}-g{g}"), 3, vec![]))
            .collect();
        blocks.push(section(format!("s{s}"), 2, groups));
    }
    let page = html::render(&Document {
        title: "long".into(),
        blocks,
    });
    std::fs::write(d.join("index.html"), page).unwrap();
    if let Some(result) = chromium_check(&d.join("index.html")) {
        let (_, first) = result.rsplit_once(" first=").expect("a first field");
        let top: i64 = first.parse().expect("a number");
        assert!(
            (0..900).contains(&top),
            "the first section starts {top} px down: {result}"
        );
    }
}

/// A table of many long cells (a verdict with its interval and note in every column)
/// still fits a 1280 px window: the page's check counts horizontal overflow of the page
/// and of every table's scroll box; a name cell (a workload) never breaks inside a word.
#[test]
fn chromium_finds_no_horizontal_overflow_at_1280_px() {
    use doc::{Block, Cell, Document, Table, TableKind};
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let mut t = Table::new(TableKind::Detail, &["strategy"; 12]);
    for _ in 0..3 {
        let long = "slower ×1.054 [1.021, 1.088]; same instructions: layout or microarchitecture, copy-buffer@cap=200";
        let mut row: Vec<Cell> = (0..11).map(|_| Cell::plain(long)).collect();
        row.insert(0, Cell::new("size_ladder/1024", doc::CellKind::Name));
        t.rows.push(row);
    }
    let page = html::render(&Document {
        title: "wide".into(),
        blocks: vec![Block::Table(t)],
    });
    std::fs::write(d.join("index.html"), page).unwrap();
    if let Some(result) = chromium_check(&d.join("index.html")) {
        assert!(result.contains(" overflow=0 "), "{result}");
        // The workload name in its squeezed column stays on one line.
        assert!(result.contains(" broken=0 "), "{result}");
    }
}

/// Criterion's own change and wording appear only inside the seed's criterion-layout
/// block, labelled as criterion's.
#[test]
fn criterion_wording_only_inside_the_criterion_layout_block() {
    let html = page(&fixture());
    let summary = html::esc("In the seed's criterion layout (criterion's change and verdicts)");
    let open = html
        .find(&format!("<details><summary>{summary}"))
        .unwrap_or_else(|| panic!("{html}"));
    let close = open + html[open..].find("</details>").unwrap();
    for word in [
        "criterion's verdict",
        "Performance has",
        "change (cap=47 vs cap=200)",
    ] {
        let hits: Vec<usize> = html
            .match_indices(&html::esc(word))
            .map(|(i, _)| i)
            .collect();
        assert!(!hits.is_empty(), "{word}");
        assert!(
            hits.iter().all(|&i| open < i && i < close),
            "{word} outside: {hits:?}"
        );
    }
}

/// summary.md keeps what a pull request needs (decision, claims, a line per table, the
/// floors) and leaves every group's full table to index.html and details.md.
#[test]
fn summary_has_a_line_per_table_and_details_has_the_tables() {
    let mixed = record::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-mixed/results.json"),
    )
    .unwrap();
    for f in [fixture(), mixed] {
        let (s, d) = (summary(&f), details(&f));
        assert!(
            s.lines().count() * 2 < d.lines().count(),
            "summary {} lines, details {}",
            s.lines().count(),
            d.lines().count()
        );
    }
    // The tables' lines and their overview rows are in the fixtures' snapshots
    // (`tests_snapshots.rs`).
    // The HTML page has every table and no overview.
    let h = page(&fixture());
    assert!(!h.contains("fastest consensus row (paired)"));
}

/// `--peer-path`'s section: one line per workload naming your copy, the released version,
/// the ratio with its interval and the verdict, in summary.md and index.html; a row whose
/// digest differed is said to be untimed.
#[test]
fn peer_path_lines_name_your_copy_the_ratio_and_the_verdict() {
    use lab_record::{AbRow, PeerPath, Ratio, Verdict};
    let mut f = fixture();
    assert!(!summary(&f).contains("Your working copy"));
    let ratio = Ratio {
        estimate: 0.9312,
        lower: 0.9204,
        upper: 0.9421,
    };
    let mut p = PeerPath::new(
        "solana-lattice-hash",
        "/src/lattice-hash",
        "4.3.0",
        "peer:solana-lattice-hash",
        lab_record::Profile::Quick,
    );
    p.describe = Some("v4.3.0-2-gabc".into());
    p.rounds = 8;
    p.rows.push(AbRow {
        criterion_id: "lt-hash/peer:solana-lattice-hash/set_1024/165".into(),
        a_ns: 100.0,
        b_ns: 93.0,
        ratio,
        band: 0.012,
        verdict: Verdict::Faster,
        rounds: 8,
        round_ratios: vec![0.93; 8],
        aa: ratio,
        aa_round_ratios: vec![1.0; 8],
    });
    // An undecided row says how many rounds would decide it (per round ±2 %).
    let wiggle = [1.02, 0.98, 1.01, 0.99, 1.02, 0.98, 1.01, 0.99];
    let round_ratios: Vec<f64> = wiggle.iter().map(|w| 1.004 * w).collect();
    let logs: Vec<f64> = round_ratios.iter().map(|r: &f64| r.ln()).collect();
    let mean = (logs.iter().sum::<f64>() / 8.0).exp();
    p.rows.push(AbRow {
        criterion_id: "lt-hash/peer:solana-lattice-hash/accounts_per_call/1".into(),
        ratio: Ratio {
            estimate: mean,
            lower: 0.985,
            upper: 1.02,
        },
        band: 0.02,
        verdict: Verdict::Undecided,
        round_ratios,
        aa_round_ratios: wiggle.to_vec(),
        ..p.rows[0].clone()
    });
    p.digest_differs = vec!["lt-hash/peer:solana-lattice-hash/mainnet_mix/10000".into()];
    f.peer_paths.push(p);
    expect_test::expect![[r#"
        ## Your working copy

        your solana-lattice-hash (/src/lattice-hash, v4.3.0-2-gabc) (rows `peer:solana-lattice-hash@path`) against the released solana-lattice-hash 4.3.0 in the same run: both checked against the reference digests, then timed in 8 rounds of three fresh processes (released, released again as the A/A control, yours; profile quick). ×: your time / the released crate's, with the profile's sequential design's interval at the look the rounds reached; faster or slower needs the interval beyond the row's A/A band (and 1 %), equal needs it inside, else undecided, as in bench-all.

        - lt-hash/peer:solana-lattice-hash/set_1024/165: your solana-lattice-hash (/src/lattice-hash, v4.3.0-2-gabc) vs 4.3.0: ×0.93 [0.92, 0.94] faster (band ±1.2%, 8 rounds)
        - lt-hash/peer:solana-lattice-hash/accounts_per_call/1: your solana-lattice-hash (/src/lattice-hash, v4.3.0-2-gabc) vs 4.3.0: ×1.00 [0.98, 1.02] undecided (band ±2.0%, 8 rounds; about 68 rounds would decide it 80 % of the time)
        - lt-hash/peer:solana-lattice-hash/mainnet_mix/10000: your solana-lattice-hash (/src/lattice-hash, v4.3.0-2-gabc) vs 4.3.0: digest differs from the reference: not timed

    "#]]
    .assert_eq(&md_section(&summary(&f), "Your working copy"));
    assert!(page(&f).contains("×0.93 [0.92, 0.94] faster"));
}

/// A section added as docs/adding-a-report-section.md says, one file and one line in
/// `sections!` (the test-only example "Rows per family", shown for the run
/// `example-section`), reaches summary.md, details.md, the HTML page and its contents.
#[test]
fn render_section_added_by_one_file_and_one_line() {
    let mut f = fixture();
    f.run.id = "example-section".into();
    let pages = render::report(&f).unwrap();
    let table = "| family | rows | paired |\n|---|---|---|\n| account-hash | 26 | 0 |\n| lt-hash | 4 | 0 |\n";
    for md in [&pages.summary, &pages.details] {
        assert!(
            md.contains(&format!("## Rows per family\n\n{table}")),
            "{md}"
        );
    }
    let outline = crate::tests_snapshots::outline(&pages.html);
    assert!(
        outline
            .contains("## Rows per family\n| family | rows | paired |\n| account-hash | 26 | 0 |"),
        "{outline}"
    );
    assert!(
        pages
            .html
            .contains("<li><a href=\"#rows-per-family\">Rows per family</a></li>"),
        "the contents link"
    );
    // Any other run: no such section.
    assert!(!summary(&fixture()).contains("Rows per family"));
    // The one line in mod.rs, and the example's name nowhere else in render/.
    let render_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render");
    let module = std::fs::read_to_string(render_dir.join("mod.rs")).unwrap();
    let lines: Vec<&str> = module
        .lines()
        .filter(|l| l.contains("example_section"))
        .collect();
    assert_eq!(lines, ["    #[cfg(test)] mod example_section;"]);
    for entry in std::fs::read_dir(&render_dir).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if name != "mod.rs" && name != "example_section.rs" {
            let text = std::fs::read_to_string(&p).unwrap();
            assert!(
                !text.contains("example_section"),
                "{name} names the example"
            );
        }
    }
    // The document's copy of the file is the file.
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/adding-a-report-section.md"),
    )
    .unwrap();
    let file = std::fs::read_to_string(render_dir.join("example_section.rs")).unwrap();
    assert!(
        doc.contains(&format!("```rust\n{file}```")),
        "docs/adding-a-report-section.md's copy differs from render/example_section.rs"
    );
}

/// "Run it in your validator" shows the released crate's own tests and benchmarks on the
/// drop-in where `cargo xtask upstream` wrote them (`<reports>/upstream/upstream.json`
/// beside the run's directory), and says how to produce them where it did not; a broken
/// file is an error naming it.
#[test]
fn drop_in_section_shows_the_upstream_figures_or_how_to_get_them() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let tmp = tempfile::tempdir().unwrap();
    let reports = tmp.path();
    let run = reports.join("20261205T070647Z-smoke");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::copy(
        fixtures.join("run-schema3/results.json"),
        run.join("results.json"),
    )
    .unwrap();
    let section = || {
        crate::render::render_dir(&run.join("results.json")).unwrap();
        let md = std::fs::read_to_string(run.join("summary.md")).unwrap();
        let after = md.split("## Run it in your validator\n").nth(1).unwrap();
        let end = after.find("\n**Paired verdicts:**").unwrap();
        let start = after
            .find("The released")
            .or(after.find("solana-lattice-hash 4.4.0's own"));
        after[start.unwrap()..end].to_string()
    };
    expect_test::expect![[r#"
        The released 4.4.0's own tests and benchmarks on the drop-in: not run for this report. `cargo xtask upstream` runs them (docs/upstream.md) and writes reports/upstream/upstream.json, which the next report of a run under reports/ shows here.
    "#]]
    .assert_eq(&section());
    let upstream = reports.join("upstream");
    std::fs::create_dir_all(&upstream).unwrap();
    std::fs::copy(
        fixtures.join("upstream/upstream.json"),
        upstream.join("upstream.json"),
    )
    .unwrap();
    expect_test::expect![[r#"
        solana-lattice-hash 4.4.0's own tests on the drop-in: 16 passed, 0 failed, 0 ignored, 1 left out (reports/upstream/upstream.json, from the last `cargo xtask upstream`, which may be of another commit than this run; docs/upstream.md).

        Its own benchmarks, 5 rounds of each build in fresh processes; the drop-in's speed-up over the released crate (released time / drop-in time) with its 95 % interval over rounds:

        | benchmark | released | drop-in | speed-up (interval) |
        |---|---|---|---|
        | accounts_lt_hash/baseline_one_at_a_time | 994.81 µs | 1.0400 ms | 0.97x (0.89-1.07) |
        | accounts_lt_hash/batched_accumulator | 412.73 µs | 324.49 µs | 1.26x (1.12-1.42) |
        | accounts_lt_hash/batched_per_part | 392.21 µs | 325.21 µs | 1.31x (1.05-1.63) |
        | accounts_lt_hash/serial_per_part | 1.0300 ms | 1.0300 ms | 0.97x (0.94-1.01) |
        | checksum | 2.0700 µs | 2.0200 µs | 1.02x (0.74-1.40) |
        | mix_in | 57.000 ns | 55.000 ns | 1.06x (0.74-1.52) |
        | mix_out | 56.000 ns | 57.000 ns | 0.97x (0.70-1.32) |
        | with | 350.00 ns | 345.00 ns | 1.07x (0.90-1.27) |
    "#]]
    .assert_eq(&section());
    std::fs::write(upstream.join("upstream.json"), "{\"released\": 4}").unwrap();
    let e = crate::render::render_dir(&run.join("results.json"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("upstream/upstream.json") && e.contains("line 1"),
        "{e}"
    );
}
