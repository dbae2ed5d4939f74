//! `cargo xtask verify`: table, JSON shape, exit codes and error messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const TOTAL: &str = "6FxWX3tZcTgb7agG81JiU2YFGRQE5xqnn6eNdXCu9o5T";

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/account-hash/tests/data/accounts.jsonl")
}

fn verify(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("verify")
        .args(args)
        .output()
        .expect("run xtask")
}

/// The cells of the table row for strategy/variant/digest, whatever the column widths.
fn row<'a>(table: &'a str, strategy: &str, variant: &str, digest: &str) -> Vec<&'a str> {
    table
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .find(|cells| cells.len() >= 6 && cells[..3] == [strategy, variant, digest])
        .unwrap_or_else(|| panic!("no row {strategy} {variant} {digest} in\n{table}"))
}

/// Writes `text` to the file `name` in `dir`.
fn scratch(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn table_reports_consensus_and_incompatible() {
    let out = verify(&[
        "--vectors",
        vectors().to_str().unwrap(),
        "--lt-total",
        TOTAL,
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("96 vectors\n"), "{text}");
    assert_eq!(
        row(&text, "copy-buffer", "cap=200", "legacy")[3..],
        ["96", "0", "consensus"]
    );
    assert_eq!(
        row(&text, "streaming", "-", "lt")[3..],
        ["96", "0", "consensus"]
    );
    assert_eq!(
        row(&text, "meta-first", "-", "legacy")[3..6],
        ["11", "85", "INCOMPATIBLE"]
    );
    assert!(
        text.contains(&format!("{TOTAL} (matches --lt-total)")),
        "{text}"
    );
}

#[test]
fn json_is_one_object_with_every_row() {
    let out = verify(&["--vectors", vectors().to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["vectors"], 96);
    let rows = v["strategies"].as_array().unwrap();
    // 8 rows for A (two capacities), B and C; 2 more per batch backend this CPU has.
    assert!(
        rows.len() >= 8 && rows.len().is_multiple_of(2),
        "{}",
        rows.len()
    );
    for r in rows.iter().filter(|r| r["strategy"] == "batch") {
        assert_eq!(r["verdict"], "consensus", "{r}");
    }
    let row = rows
        .iter()
        .find(|r| {
            r["strategy"] == "copy-buffer" && r["variant"] == "cap=200" && r["digest"] == "legacy"
        })
        .unwrap();
    assert_eq!(row["claims_consensus"], true);
    assert_eq!(
        (row["matched"].as_u64(), row["mismatched"].as_u64()),
        (Some(96), Some(0))
    );
    let mf = rows
        .iter()
        .find(|r| r["strategy"] == "meta-first" && r["digest"] == "lt")
        .unwrap();
    assert_eq!(mf["claims_consensus"], false);
    assert_eq!(mf["verdict"], "INCOMPATIBLE");
    let lt = rows
        .iter()
        .find(|r| r["strategy"] == "streaming" && r["digest"] == "lt")
        .unwrap();
    assert_eq!(lt["total_checksum"], TOTAL);
    assert_eq!(lt["variant"], serde_json::Value::Null, "{lt}");
}

#[test]
fn one_wrong_expected_hash_fails_with_exit_1() {
    let text = std::fs::read_to_string(vectors()).unwrap();
    let first = text.lines().nth(1).unwrap();
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    let hash = v["hash"].as_str().unwrap();
    // Any other valid 32-byte base58 value.
    let other = "11111111111111111111111111111112";
    let broken = text.replacen(hash, other, 1);
    let tmp = tempfile::tempdir().unwrap();
    let path = scratch(tmp.path(), "broken.jsonl", &broken);
    let out = verify(&["--vectors", path.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(
        row(&stdout, "copy-buffer", "cap=200", "legacy")[3..],
        ["95", "1", "INCOMPATIBLE"]
    );
    assert!(stdout.contains("first mismatching lines [2]"), "{stdout}");
}

#[test]
fn wrong_lt_total_fails_with_exit_1() {
    let out = verify(&[
        "--vectors",
        vectors().to_str().unwrap(),
        "--lt-total",
        "11111111111111111111111111111112",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("DIFFERS from --lt-total"));
}

#[test]
fn unreadable_input_exits_2_naming_file_line_and_field() {
    let tmp = tempfile::tempdir().unwrap();
    let path = scratch(
        tmp.path(),
        "bad.jsonl",
        "{\"pubkey\":\"2teoVg1vu4JNCQszbq5SwK5G5djoi2MWkyqNA9WewCBs\",\"account\":{}}\n",
    );
    let out = verify(&["--vectors", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bad.jsonl:1: field `account.lamports`"),
        "{stderr}"
    );

    let out = verify(&["--vectors", "/nonexistent.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    let empty = scratch(tmp.path(), "empty.jsonl", "\n");
    let out = verify(&["--vectors", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("no accounts"));
    let out = verify(&[
        "--vectors",
        vectors().to_str().unwrap(),
        "--lt-total",
        "xyz0",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// docs/adding-a-strategy.md's proof: account-hash's toy `vec-gather`, listed once in
/// `account_hash::strategy::list` behind the `test-strategy` feature, gets its rows in
/// verify's table and JSON without any change here.
/// Run with `cargo test -p xtask --features test-strategy --test verify`.
#[cfg(feature = "test-strategy")]
#[test]
fn a_strategy_added_to_the_list_is_verified() {
    let out = verify(&[
        "--vectors",
        vectors().to_str().unwrap(),
        "--lt-total",
        TOTAL,
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    for digest in ["legacy", "lt"] {
        assert_eq!(
            row(&text, "vec-gather", "-", digest)[3..],
            ["96", "0", "consensus"]
        );
    }
    assert!(
        text.contains(&format!(
            "lt total vec-gather -: {TOTAL} (matches --lt-total)"
        )),
        "{text}"
    );
}

/// The LtHash total of the snapshot fixture's 83 accounts (each account's checksum is
/// checked against its conformance vector in account-hash's `tests/snapshot.rs`).
const FIXTURE_TOTAL: &str = "6kN4LWSyHpJVEz5yrYEgSsZENGSuwBM5F85fCFSxi791";

#[test]
fn account_storage_is_verified_by_its_total() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/account-hash/tests/data");
    for input in ["snapshot-101-fixture.tar.zst", "storage"] {
        let path = data.join(input);
        let out = verify(&[
            "--vectors",
            path.to_str().unwrap(),
            "--lt-total",
            FIXTURE_TOTAL,
        ]);
        let table = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{input}: {table}");
        assert!(table.starts_with("83 vectors"), "{table}");
        assert!(!table.contains("DIFFERS"), "{table}");
        let r = row(&table, "streaming", "-", "legacy");
        assert_eq!(r[5..].join(" "), "not checked (no expected digests)");
        let wrong = verify(&["--vectors", path.to_str().unwrap(), "--lt-total", TOTAL]);
        assert_eq!(wrong.status.code(), Some(1), "{input}");
    }
}
