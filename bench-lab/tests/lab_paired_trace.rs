//! `lab paired --trace FILE` appends one JSON line per batch, in every process it runs, and
//! a file it cannot write is an error naming the file.

use std::process::Command;

const BASE: &str = "account-hash/copy-buffer@cap=200/data_size/0";
const ROW: &str = "account-hash/copy-buffer@cap=47/data_size/0";

fn paired(trace: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lab"))
        .args([
            "paired",
            "--profile",
            "smoke",
            "--baseline",
            BASE,
            "--rows",
            ROW,
        ])
        .args([
            "--rounds",
            "4",
            "--layouts-in-process",
            "1",
            "--budget-ms",
            "20",
        ])
        .args(["--processes", "2", "--seed", "11", "--json", "--trace"])
        .arg(trace)
        .output()
        .expect("run lab")
}

#[test]
fn every_process_appends_its_batches_untimed_then_timed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trace.jsonl");
    let out = paired(&path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let calls: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let seeds: std::collections::BTreeSet<u64> =
        calls.iter().map(|c| c["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds.into_iter().collect::<Vec<_>>(), [11, 12]);
    assert!(calls.len() >= 2 * 2 * 2 * 4, "{} lines", calls.len());
    for pair in calls.chunks(2) {
        assert_eq!(pair[0]["timed"], false, "{pair:?}");
        assert_eq!(pair[1]["timed"], true, "{pair:?}");
        assert_eq!(pair[0]["entry"], pair[1]["entry"]);
        let id = pair[1]["criterion_id"].as_str().unwrap();
        assert!(id == BASE || id == ROW, "{id}");
        // copy-buffer has code copies: each batch names the one it ran.
        let copy = pair[1]["copy"].as_u64().unwrap() as usize;
        assert!(copy < bench_lab::paired::CODE_COPIES, "{pair:?}");
        assert_eq!(pair[0]["copy"], pair[1]["copy"]);
        assert!(pair[1]["ns"].as_u64().unwrap() > 0 && pair[1]["items"].as_f64().unwrap() >= 1.0);
    }
}

#[test]
fn a_trace_file_that_cannot_be_written_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-dir").join("trace.jsonl");
    let out = paired(&path);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&path.display().to_string()), "{err}");
}
