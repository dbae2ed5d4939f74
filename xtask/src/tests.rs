//! Rendering, error-path and browser tests on a fixture run
//! (`xtask/tests/fixtures/run-small/results.json`: the seed's own numbers for copy-buffer
//! cap=200 and cap=47, made-up streaming / meta-first / sweep / mix / lt-hash rows, and two
//! missing benchmarks of an interrupted run).

use crate::results::ResultsFile;
use std::path::{Path, PathBuf};

fn fixture_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/run-small/results.json")
}

fn fixture() -> ResultsFile {
    ResultsFile::load(&fixture_path()).expect("fixture loads")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("xtask-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn fixture_round_trips_through_save_and_load() {
    let f = fixture();
    assert_eq!(f.results.len(), 30);
    assert_eq!(f.missing.len(), 2);
    let d = temp_dir("roundtrip");
    let p = d.join("results.json");
    f.save(&p).unwrap();
    assert_eq!(ResultsFile::load(&p).unwrap(), f);
}

#[test]
fn summary_has_seed_table_in_criterion_layout_and_classes() {
    let md = crate::markdown::render(&fixture()).unwrap();
    // Seed table row at 165 B: the PR's interval, master's, and criterion's verdict.
    let row = md
        .lines()
        .find(|l| l.starts_with("| 165 B | [344.77 ns 345.00 ns 345.26 ns]"))
        .unwrap_or_else(|| panic!("no 165 B seed row in:\n{md}"));
    assert!(row.contains("[362.42 ns 362.56 ns 362.72 ns]"), "{row}");
    assert!(row.contains("Performance has regressed."), "{row}");
    assert!(
        row.contains("[+5.0035% +5.0899% +5.1763%]"),
        "change interval: {row}"
    );
    let kib = md.lines().find(|l| l.starts_with("| 1 KiB |")).unwrap();
    assert!(kib.contains("Change within noise threshold."), "{kib}");
    // The seed's criterion block.
    assert!(md.contains("hash_account/data_size/165\n                        time:   [344.77 ns 345.00 ns 345.26 ns]\n                        thrpt:  ["));
    assert!(md.contains("680.01 MiB/s"), "thrpt like the seed's: {md}");
    // Direction check.
    assert!(md.contains("165 B: cap=47 time +5.0"), "{md}");
    assert!(md.contains("— agrees"));
}

#[test]
fn summary_has_verdicts_ratios_and_criterion_table() {
    let md = crate::markdown::render(&fixture()).unwrap();
    assert!(md.contains(
        "- streaming is 4.1% slower than copy-buffer cap=200 at 165 B; intervals do not overlap"
    ), "{md}");
    assert!(
        md.contains("- streaming vs copy-buffer cap=200 at 200 B: within noise"),
        "{md}"
    );
    assert!(md.contains(
        "- streaming is 14.0% slower than copy-buffer cap=200 at 0 B; intervals do not overlap"
    ));
    // criterion-table's relative speed table: baseline column first, its ratio words.
    assert!(md.contains("| `copy-buffer cap=200`"), "{md}");
    assert!(md.contains("(✅ **1.00x**)"), "{md}");
    assert!(md.contains("1.05x slower"), "{md}");
    // Ratio with interval in our own table, allocations, digest.
    let streaming165 = md
        .lines()
        .find(|l| l.starts_with("| 165 B | streaming |"))
        .unwrap();
    assert!(
        streaming165.contains("1.0412 [1.0402, 1.0421]"),
        "{streaming165}"
    );
    assert!(md.contains("| 165 B | meta-first |"));
    assert!(md.contains("DIFFERENT digest"));
    assert!(md.contains("never (up to 1 MiB)"), "alloc summary: {md}");
    // Mix throughput in accounts per second: 100,000 accounts / 41.5 ms.
    assert!(md.contains("2.4096 Maccounts/s"), "{md}");
}

#[test]
fn incomplete_run_lists_what_is_missing() {
    let md = crate::markdown::render(&fixture()).unwrap();
    assert!(
        md.contains(
            "**Status:** INCOMPLETE (interrupted): 30 of 32 benchmarks measured, 2 missing"
        ),
        "{md}"
    );
    assert!(md.contains("## Missing benchmarks"));
    assert!(md.contains(
        "| account-hash | legacy | meta-first | data_size/200 | interrupted while running |"
    ));
    assert!(
        md.contains("| 1 MiB | streaming | missing | missing |"),
        "{md}"
    );
    // A complete run says so and has no missing section.
    let mut f = fixture();
    f.missing.clear();
    f.run.status = "complete".into();
    let md = crate::markdown::render(&f).unwrap();
    assert!(md.contains("**Status:** complete: 30 of 30 benchmarks measured"));
    assert!(!md.contains("## Missing benchmarks"));
}

#[test]
fn html_is_self_contained_with_charts_and_tables() {
    let html = crate::html::render(&fixture()).unwrap();
    // account-hash sizes, sweep, mix; lt-hash sizes.
    assert_eq!(html.matches("<figure class=\"chart\">").count(), 4);
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
    let v = crate::view::View::new(&f);
    let fams: Vec<&str> = v.sections.iter().map(|s| s.family.as_str()).collect();
    assert_eq!(fams, ["account-hash", "lt-hash"]);
    let kinds: Vec<&str> = v.sections[0]
        .groups
        .iter()
        .map(|g| g.kind.as_str())
        .collect();
    assert_eq!(kinds, ["data_size", "cap_sweep", "mainnet_mix"]);
    let g = &v.sections[0].groups[0];
    assert_eq!(g.labels[0], "copy-buffer cap=200", "baseline first");
    assert_eq!(g.params, ["0", "165", "200", "1024", "1048576"]);
}

#[test]
fn sweep_table_marks_multiples_of_64() {
    let f = fixture();
    let v = crate::view::View::new(&f);
    let g = &v.sections[0].groups[1];
    let t = crate::tables::sweep(g);
    let cap47 = t
        .rows
        .iter()
        .find(|r| r[0] == "copy-buffer cap=47")
        .unwrap();
    assert_eq!(cap47[1], "128 B");
    assert_eq!(cap47[2], "yes");
    assert!(cap47[3].contains("(×1.050)"), "{cap47:?}");
    let cap200 = t
        .rows
        .iter()
        .find(|r| r[0] == "copy-buffer cap=200")
        .unwrap();
    assert!(cap200[3].ends_with("(baseline)"));
}

#[test]
fn render_dir_writes_both_files() {
    let d = temp_dir("render");
    std::fs::copy(fixture_path(), d.join("results.json")).unwrap();
    crate::report::render_dir(&d.join("results.json")).unwrap();
    assert!(std::fs::read_to_string(d.join("index.html"))
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    assert!(std::fs::read_to_string(d.join("summary.md"))
        .unwrap()
        .starts_with("# hashlab benchmarks"));
}

// ---- errors: a corrupt or foreign file names the file and the field ----

fn load_text(name: &str, text: &str) -> String {
    let d = temp_dir(name);
    let p = d.join("results.json");
    std::fs::write(&p, text).unwrap();
    let e = ResultsFile::load(&p).unwrap_err().to_string();
    assert!(e.contains(&p.display().to_string()), "names the file: {e}");
    e
}

#[test]
fn corrupt_json_is_an_error_naming_the_file() {
    let e = load_text("corrupt", "{\"schema\": 1, \"run\": ");
    assert!(e.contains("not valid JSON"), "{e}");
}

#[test]
fn foreign_json_names_the_missing_field() {
    // A criterion estimates.json handed over by mistake.
    let e = load_text(
        "foreign",
        r#"{"mean": {"point_estimate": 1.0}, "slope": null}"#,
    );
    assert!(e.contains("field `schema`"), "{e}");
    let e = load_text("array", "[1, 2, 3]");
    assert!(e.contains("expected an object"), "{e}");
}

#[test]
fn wrong_types_and_values_name_the_field_path() {
    let good = std::fs::read_to_string(fixture_path()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["results"][3]["ns_per_iter"]["lower"] = serde_json::json!("fast");
    let e = load_text("type", &v.to_string());
    assert!(
        e.contains("field `results[3].ns_per_iter.lower`: expected a number, found a string"),
        "{e}"
    );

    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["results"][0]["ns_per_iter"]["lower"] = serde_json::json!(999.0);
    let e = load_text("order", &v.to_string());
    assert!(e.contains("results[0].ns_per_iter"), "{e}");

    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["schema"] = serde_json::json!(2);
    let e = load_text("schema", &v.to_string());
    assert!(e.contains("unsupported schema 2"), "{e}");

    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["run"].as_object_mut().unwrap().remove("cpu");
    let e = load_text("run", &v.to_string());
    assert!(e.contains("field `run.cpu`: missing"), "{e}");

    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["results"][1]["items_per_iter"] = serde_json::json!(0);
    let e = load_text("items", &v.to_string());
    assert!(e.contains("results[1].items_per_iter"), "{e}");
}

#[test]
fn missing_run_is_a_clear_error() {
    let e = crate::report::resolve_run(Path::new("/nonexistent-reports"), "nope")
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
        if r.family == "account-hash" && r.strategy == "streaming" && r.workload == "data_size/165"
        {
            let t = &mut r.ns_per_iter;
            (t.estimate, t.lower, t.upper) = (t.estimate * 1.10, t.lower * 1.10, t.upper * 1.10);
        }
    }
    b.results
        .retain(|r| r.workload != "mainnet_mix/100000" || r.strategy != "streaming");
    let c = crate::compare::compare(&a, &b);
    assert_eq!(c.regressed, 1);
    assert_eq!(c.improved, 0);
    let text = c.text();
    let line = text
        .lines()
        .find(|l| l.starts_with("account-hash/streaming/data_size/165"))
        .unwrap();
    assert!(line.contains("+10.000%"), "{line}");
    assert!(line.ends_with("regressed"), "{line}");
    assert!(text.contains("only in A: account-hash/streaming/mainnet_mix/100000"));
    let md = c.markdown();
    assert!(md.contains("| benchmark | A time | B time | change [95% CI] | p | verdict |"));
    assert!(md.contains("1 regressed, 0 improved"));
}

// ---- the real browser ----

/// Renders the fixture's index.html in headless Chromium and reads back what the page's
/// own check found: charts drawn with text, tables, zero fetched resources, zero errors.
#[test]
fn chromium_renders_the_report() {
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
        return;
    };
    let d = temp_dir("chromium");
    std::fs::copy(fixture_path(), d.join("results.json")).unwrap();
    crate::report::render_dir(&d.join("results.json")).unwrap();
    let profile = d.join("profile");
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
        .arg(format!("file://{}", d.join("index.html").display()))
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
    assert_eq!(
        result, "charts=4 drawn=4 tables=8 resources=0 errors=0",
        "{result}"
    );
}

/// A strategy that hashes 1024 accounts per iteration (batch) is compared per account:
/// scaling items and time by the same factor changes no ratio, throughput or table cell.
#[test]
fn batch_rows_are_compared_per_item() {
    let file = fixture();
    let base = file
        .results
        .iter()
        .find(|r| r.baseline && r.workload == "data_size/165")
        .expect("fixture has the baseline at 165 B")
        .clone();
    let mut batched = base.clone();
    batched.strategy = "batch".into();
    batched.variant = "avx512".into();
    batched.baseline = false;
    batched.items_per_iter = 1024;
    batched.bytes_per_iter *= 1024;
    for v in [
        &mut batched.ns_per_iter.estimate,
        &mut batched.ns_per_iter.lower,
        &mut batched.ns_per_iter.upper,
    ] {
        *v *= 1024.0;
    }
    assert!((batched.ns_per_item().estimate - base.ns_per_item().estimate).abs() < 1e-9);
    assert_eq!(
        crate::view::throughput_text(&batched, batched.ns_per_item().estimate),
        crate::view::throughput_text(&base, base.ns_per_item().estimate)
    );
    let mut with_batch = file.clone();
    with_batch.results.push(batched);
    let view = crate::view::View::new(&with_batch);
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
        crate::tables::floor(&file).is_none(),
        "no limit row, no floor"
    );
    let mut limit = file.results[0].clone();
    limit.strategy = "limit".into();
    limit.workload = "compression/1024".into();
    limit.items_per_iter = 1024;
    limit.ns_per_iter.estimate = 10.0 * 1024.0;
    limit.ns_per_iter.lower = 9.0 * 1024.0;
    limit.ns_per_iter.upper = 11.0 * 1024.0;
    let mut account = file.results[0].clone();
    account.compressions_per_item = Some(4.0);
    let t = account.ns_per_item().estimate;
    file.results = vec![limit, account];
    let (per_compression, table) = crate::tables::floor(&file).unwrap();
    assert!((per_compression - 10.0).abs() < 1e-9);
    assert_eq!(table.rows.len(), 1);
    assert_eq!(table.rows[0][7], format!("{:.2}×", t / 40.0));
}
