//! `cargo xtask bench-all --accounts FILE`: every account file is read before anything is
//! built; a bad one stops the run at once with file:line:field and exit status 2.

use std::path::{Path, PathBuf};
use std::process::Command;

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/account-hash/tests/data/accounts.jsonl")
}

/// Runs bench-all with a `cargo` that must never be called: it would leave a marker.
fn bench_all(d: &Path, files: &[PathBuf]) -> std::process::Output {
    bench_all_with(d, files, &[])
}

fn bench_all_with(d: &Path, files: &[PathBuf], extra: &[&str]) -> std::process::Output {
    let fake_cargo = d.join("fake-cargo.sh");
    std::fs::write(
        &fake_cargo,
        format!(
            "#!/bin/sh\ntouch {}\nexit 3\n",
            d.join("cargo-ran").display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake_cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xtask"));
    cmd.args(["bench-all", "--profile", "smoke", "--reports-dir"])
        .arg(d.join("reports"))
        .env("CARGO", &fake_cargo);
    for f in files {
        cmd.arg("--accounts").arg(f);
    }
    cmd.args(extra);
    cmd.output().unwrap()
}

#[test]
fn a_bad_accounts_file_stops_bench_all_before_any_build() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let good = std::fs::read_to_string(vectors()).unwrap();
    let mut lines: Vec<&str> = good.lines().take(3).collect();
    let broken = lines[2].replacen("\"lamports\":", "\"lamports\":\"lots\",\"x\":", 1);
    lines[2] = &broken;
    let bad = d.join("mine.jsonl");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    // The good file first: the bad one is still found before anything runs.
    let out = bench_all(d, &[vectors(), bad.clone()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(&format!(
            "error: {}:3: field `account.lamports`",
            bad.display()
        )),
        "file:line:field as verify prints it: {err}"
    );
    assert!(!d.join("cargo-ran").exists(), "cargo was invoked");
    assert!(!d.join("reports").exists(), "no run directory was created");
    // verify prints the same message for the same file.
    let v = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["verify", "--vectors"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(v.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&v.stderr), err);
}

#[test]
fn two_files_with_one_stem_are_refused_before_any_build() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::create_dir_all(d.join("a")).unwrap();
    let twin = d.join("a/accounts.jsonl");
    std::fs::copy(vectors(), &twin).unwrap();
    let out = bench_all(d, &[vectors(), twin]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("same stem `accounts`"), "{err}");
    assert!(!d.join("cargo-ran").exists());
}

#[test]
fn good_files_are_read_then_the_build_starts() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = bench_all(d, &[vectors()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("bench-all: 96 accounts from "), "{stdout}");
    assert!(stdout.contains("(user_accounts/accounts)"), "{stdout}");
    assert!(
        d.join("cargo-ran").exists(),
        "the build comes after the accounts are read"
    );
    assert_eq!(out.status.code(), Some(2), "the fake cargo fails the build");
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/account-hash/tests/data")
        .join(name)
}

#[test]
fn a_corrupt_storage_file_stops_bench_all_with_its_byte_offset_and_field() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let mut bytes = std::fs::read(fixture("storage/100.0")).unwrap();
    // The second record starts at byte 136 (the first account has no data); its
    // executable flag is byte 96 of the record.
    bytes[136 + 96] = 5;
    let bad = d.join("100.0");
    std::fs::write(&bad, bytes).unwrap();
    let out = bench_all(d, std::slice::from_ref(&bad));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(&format!(
            "error: {} at byte 136: field `account_meta.executable`",
            bad.display()
        )),
        "{err}"
    );
    assert!(!d.join("cargo-ran").exists(), "cargo was invoked");
}

#[test]
fn a_snapshot_archive_is_sampled_and_named_after_its_slot() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = bench_all_with(
        d,
        &[fixture("snapshot-101-fixture.tar.zst")],
        &["--sample", "10", "--sample-seed", "3"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("snapshot archive (slot 101): 83 stored accounts in 2 storage file(s); measured on a uniform sample of 10 (seed 3)"),
        "{stdout}"
    );
    assert!(stdout.contains("(user_accounts/snapshot-101)"), "{stdout}");
    assert!(d.join("cargo-ran").exists(), "the build follows the read");
}

#[test]
fn a_bad_mix_source_stops_bench_all_before_any_build() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = bench_all_with(d, &[], &["--mix-from", "/nonexistent/mix.txt"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--mix-from takes a snapshot archive"), "{err}");
    assert!(!d.join("cargo-ran").exists());
    assert!(!d.join("reports").exists());
}
