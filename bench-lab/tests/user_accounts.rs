//! `HASHLAB_ACCOUNTS`: a user's account file becomes workload `user_accounts/<stem>` in both
//! account families, for every strategy the lab measures on the mix, read only when one of
//! its rows is selected.

use lab_record::{CountFile, Family, PlanFile, Staging, Variant, WorkloadKind};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../crates/account-hash/tests/data/accounts.jsonl"
);

/// A JSON-lines file `<name>.jsonl` of the first `n` vectors, in `dir`.
fn user_file(dir: &Path, name: &str, n: usize) -> PathBuf {
    let text = std::fs::read_to_string(VECTORS).unwrap();
    let lines: Vec<&str> = text.lines().take(n).collect();
    let path = dir.join(format!("{name}.jsonl"));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn lab(files: &[&Path], args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab"))
        .env("HASHLAB_ACCOUNTS", std::env::join_paths(files).unwrap())
        .args(args)
        .output()
        .expect("run lab")
}

fn json<T: serde::de::DeserializeOwned>(out: Output) -> T {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn every_mix_strategy_gets_a_user_accounts_row_in_both_families() {
    let tmp = tempfile::tempdir().unwrap();
    let file = user_file(tmp.path(), "my-validator", 40);
    let plan: PlanFile = json(lab(&[&file], &["list", "--json", "--profile", "smoke"]));
    for family in [Family::AccountHash, Family::LtHash] {
        let on = |kind: WorkloadKind| -> BTreeSet<(String, Option<Variant>)> {
            plan.benches
                .iter()
                .filter(|b| b.meta.id.family == family && b.meta.id.workload.is(kind))
                .map(|b| (b.meta.id.strategy.clone(), b.meta.id.variant))
                .collect()
        };
        let users = on(WorkloadKind::UserAccounts);
        assert!(!users.is_empty(), "{family:?}");
        // The non-default instances (the narrower backends, batch's other staging) are
        // measured on the mix but not on the users' files.
        let widest = blake3_lanes::Backend::detect().name();
        let narrower = |v: &Variant| {
            v.staging() == Some(Staging::Gather) || v.backend().is_some_and(|b| b != widest)
        };
        let mix: BTreeSet<_> = on(WorkloadKind::MainnetMix)
            .into_iter()
            .filter(|(_, v)| !v.is_some_and(|v| narrower(&v)))
            .collect();
        assert_eq!(users, mix, "{family:?}");
    }
    let rows: Vec<_> = plan
        .benches
        .iter()
        .filter(|b| b.meta.id.workload.is(WorkloadKind::UserAccounts))
        .collect();
    let accounts = account_hash::read_accounts(&file).unwrap();
    for b in &rows {
        let m = &b.meta;
        assert_eq!(m.id.workload.param, "my-validator");
        assert_eq!(m.items_per_iter, 40, "{}", m.id);
        assert_eq!(m.data_size, None);
        let meta_len = if m.id.family == Family::AccountHash {
            81
        } else {
            73
        };
        let hashed: u64 = accounts
            .iter()
            .filter(|r| r.account.lamports != 0)
            .map(|r| (meta_len + r.account.data.len()) as u64)
            .sum();
        assert_eq!(m.bytes_per_iter, hashed, "{}", m.id);
    }
    assert!(rows
        .iter()
        .any(|b| b.meta.id.strategy == "peer:blake3-serial"));

    let counted: CountFile = json(lab(
        &[&file],
        &[
            "allocs",
            "--json",
            "--profile",
            "smoke",
            "--workloads",
            WorkloadKind::UserAccounts.as_str(),
        ],
    ));
    assert_eq!(counted.results.len(), rows.len());
    for (c, b) in counted.results.iter().zip(&rows) {
        assert_eq!(c.id, b.meta.id);
        assert_eq!(
            c.digest_compatible,
            Some(b.meta.claims_consensus),
            "{}",
            c.id
        );
    }
}

#[test]
fn two_files_are_two_workloads() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (
        user_file(tmp.path(), "alpha", 10),
        user_file(tmp.path(), "beta", 96),
    );
    let plan: PlanFile = json(lab(
        &[&a, &b],
        &["list", "--json", "--strategies", "streaming"],
    ));
    let items: Vec<(String, u64)> = plan
        .benches
        .iter()
        .filter(|b| b.meta.id.workload.is(WorkloadKind::UserAccounts))
        .map(|b| (b.meta.id.workload.to_string(), b.meta.items_per_iter))
        .collect();
    assert_eq!(
        items,
        [
            ("user_accounts/alpha".to_string(), 10),
            ("user_accounts/beta".to_string(), 96),
            ("user_accounts/alpha".to_string(), 10),
            ("user_accounts/beta".to_string(), 96),
        ]
    );
}

#[test]
fn a_bad_file_is_exit_2_naming_file_line_and_field_but_only_when_its_rows_are_selected() {
    let tmp = tempfile::tempdir().unwrap();
    let file = user_file(tmp.path(), "broken", 3);
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("{\"pubkey\":\"x\",\"account\":{}}\n");
    std::fs::write(&file, text).unwrap();
    let out = lab(&[&file], &["list"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}:4: field `", file.display())),
        "{err}"
    );
    // Not selected, so never read: the other rows list as usual.
    for args in [
        &["list", "--families", "reconcile"][..],
        &["list", "--sizes", "165"][..],
        &["list", "--workloads", WorkloadKind::MainnetMix.as_str()][..],
    ] {
        let out = lab(&[&file], args);
        assert!(out.status.success(), "{args:?}");
    }
}

#[test]
fn absent_or_empty_means_no_user_rows() {
    let out = Command::new(env!("CARGO_BIN_EXE_lab"))
        .env("HASHLAB_ACCOUNTS", "")
        .args(["list", "--workloads", WorkloadKind::UserAccounts.as_str()])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}
