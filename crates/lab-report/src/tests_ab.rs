//! The A/B record (`ab.json`): the fixture's round trip, its errors, its documentation and
//! its rendering. (The measuring loop that writes it: `tests_ab_rounds.rs`.)

use crate::render;
use lab_record::{AbFile, AbStatus};
use std::path::Path;

fn fixture_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ab/ab.json")
}

#[test]
fn ab_json_round_trips() {
    let f = AbFile::load(&fixture_path()).unwrap();
    assert_eq!(f.status, AbStatus::Complete);
    assert_eq!(f.a.short(), "dc7d214e0c1f");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ab.json");
    f.save(&path).unwrap();
    assert_eq!(AbFile::load(&path).unwrap(), f);
    let text = std::fs::read_to_string(fixture_path()).unwrap();
    let parse_error = |from: &str, to: &str| {
        AbFile::parse(Path::new("ab.json"), &text.replace(from, to))
            .unwrap_err()
            .to_string()
    };
    let e = parse_error("\"slower\"", "\"worse\"");
    assert!(
        e.starts_with("ab.json:") && e.contains("rows[0].verdict"),
        "{e}"
    );
    let e = parse_error("\"profile\": \"smoke\"", "\"profile\": \"fast\"");
    assert!(
        e.starts_with("ab.json:21:")
            && e.contains("field `profile`: unknown variant `fast`, expected one of `smoke`"),
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
        md.contains("| benchmark | A | B | B/A [interval] | verdict |"),
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
    // The interval named is the one the rows were taken with: the profile's at one look (t
    // for smoke, Hodges–Lehmann for quick), t where Hodges–Lehmann cannot reach 95 % with
    // so few rounds (4: its widest interval has level 1 − 2/16).
    assert_eq!(f.profile, lab_record::Profile::Smoke);
    assert!(
        md.contains("the interval is a 95% t interval over rounds"),
        "{md}"
    );
    let quick = |rounds| AbFile {
        profile: lab_record::Profile::Quick,
        rounds,
        ..f.clone()
    };
    let (_, md_quick) = render::ab::report(&quick(4));
    assert!(
        md_quick.contains("the interval is a 95% t interval over rounds"),
        "{md_quick}"
    );
    let (_, md_quick) = render::ab::report(&quick(8));
    assert!(
        md_quick.contains("the interval is a 95% Hodges–Lehmann interval over rounds"),
        "{md_quick}"
    );
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
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/results-format.md"),
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

/// `--peer-path`: a row whose output differs from the reference in either build is listed
/// and not timed; the others stay in the split, in order.
#[test]
fn a_row_whose_digest_differs_is_not_timed() {
    use crate::analysis::ab::{digest_split, split};
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let s = split(&ids(&["a", "b", "c", "x"]), &ids(&["a", "b", "c"]));
    let matched = |v: &[(&str, Option<bool>)]| v.iter().map(|(k, m)| (k.to_string(), *m)).collect();
    let released = matched(&[("a", Some(true)), ("b", Some(true)), ("c", None)]);
    let yours = matched(&[("a", Some(true)), ("b", Some(false)), ("c", None)]);
    let (differs, timed) = digest_split(&s, &released, &yours);
    assert_eq!(differs, ["b"]);
    assert_eq!(
        (timed.common, timed.only_in_a),
        (ids(&["a", "c"]), ids(&["x"]))
    );
}
