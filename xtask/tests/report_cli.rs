//! `cargo xtask report` / `compare` as a user runs them: exit codes and messages on good,
//! corrupt and missing input.

use std::path::{Path, PathBuf};
use std::process::Command;
use tempfile::TempDir;

fn xtask() -> Command {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/lab-report/tests/fixtures/run-small/results.json")
}

/// A run directory holding `results` as its results.json, removed when dropped.
fn temp_run(results: &str) -> TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("results.json"), results).unwrap();
    d
}

#[test]
fn report_renders_a_run_directory() {
    let d = temp_run(&std::fs::read_to_string(fixture()).unwrap());
    let out = xtask().arg("report").arg(d.path()).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(d.path().join("index.html").is_file());
    assert!(d.path().join("summary.md").is_file());
}

#[test]
fn report_on_corrupt_results_exits_2_naming_file_and_field() {
    let d = temp_run("{\"schema\": 2,\n \"run\": {\"id\": 5}, \"results\": []}");
    let out = xtask().arg("report").arg(d.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("results.json:2:"),
        "names file and line: {err}"
    );
    assert!(
        err.contains("field `run.id`: invalid type: integer `5`, expected a string"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(!d.path().join("index.html").exists());
}

#[test]
fn report_on_a_schema_1_run_says_how_to_render_it() {
    let d = temp_run(r#"{"schema": 1, "run": {}, "results": []}"#);
    let out = xtask().arg("report").arg(d.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("results.json: schema 1: written by an older hashlab"),
        "{err}"
    );
    assert!(err.contains("re-run `cargo xtask bench-all`"), "{err}");
}

#[test]
fn report_on_missing_run_exits_2() {
    let out = xtask()
        .args(["report", "no-such-run", "--reports-dir", "/nonexistent"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no results.json for run `no-such-run`"),
        "{err}"
    );
}

#[test]
fn compare_prints_text_and_markdown() {
    let a = fixture();
    let out = xtask().arg("compare").arg(&a).arg(&a).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("30 benchmarks compared: 0 regressed, 0 improved"),
        "{text}"
    );
    let out = xtask()
        .arg("compare")
        .arg(&a)
        .arg(&a)
        .arg("--markdown")
        .output()
        .unwrap();
    let md = String::from_utf8_lossy(&out.stdout);
    assert!(
        md.starts_with("### Change from `fixture-small` (A) to `fixture-small` (B)"),
        "{md}"
    );
    let bad = temp_run("[]");
    let out = xtask()
        .arg("compare")
        .arg(&a)
        .arg(bad.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected a JSON object"));
}

#[test]
fn merge_exits_1_naming_a_skipped_run_and_2_when_none_reads() {
    let base =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/lab-report/tests/fixtures/merge");
    let bad = temp_run("{\"schema\": 2, \"run\": 1}");
    let out_dir = bad.path().join("merged");
    let out = xtask()
        .args(["report", "--merge"])
        .arg(base.join("avx2-limited"))
        .arg(base.join("full/results.json"))
        .arg(bad.path())
        .arg("--out")
        .arg(&out_dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("results.json:1:"), "names the bad file: {err}");
    assert!(err.contains("skipped 1 of 3 runs"), "{err}");
    let md = std::fs::read_to_string(out_dir.join("summary.md")).unwrap();
    assert!(
        md.contains("| avx2-limited |") && md.contains("| full |"),
        "{md}"
    );
    assert!(out_dir.join("index.html").is_file());

    let out = xtask()
        .args(["report", "--merge"])
        .arg(bad.path())
        .arg(bad.path().join("missing"))
        .arg("--out")
        .arg(bad.path().join("none"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!bad.path().join("none").exists(), "nothing written");
}

/// `cargo xtask compare A B | head`: a reader gone before the first line is not an error.
#[test]
fn compare_into_a_closed_pipe_exits_0_quietly() {
    let a = fixture();
    for extra in [&[][..], &["--markdown"][..]] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = xtask()
            .arg("compare")
            .arg(&a)
            .arg(&a)
            .args(extra)
            .stdout(writer)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert_eq!(stderr, "");
    }
}

/// An `ab` killed with `kill -9` leaves ab.json `running`; `report` on its directory reads
/// it as `interrupted` (no process holds the reports directory's lock) and renders it so.
#[test]
fn report_on_a_killed_ab_reads_interrupted() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/lab-report/tests/fixtures/ab/ab.json");
    let text = std::fs::read_to_string(fixture).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["status"] = "running".into();
    let tmp = tempfile::tempdir().unwrap();
    let reports = tmp.path();
    let run = reports.join("ab-killed");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::write(run.join("ab.json"), v.to_string()).unwrap();
    // What the killed run's lock file says: no process holds it.
    std::fs::write(reports.join("run.lock"), "1\nab-killed\nab\n").unwrap();
    let out = xtask()
        .args(["report", "ab-killed", "--reports-dir"])
        .arg(reports)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("was interrupted"), "{stderr}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("ab.json")).unwrap()).unwrap();
    assert_eq!(v["status"], "interrupted");
    let html = std::fs::read_to_string(run.join("index.html")).unwrap();
    assert!(html.contains("Run interrupted"), "{html}");
}
