//! `bench-all --peer-path` end to end, on copies of the released solana-lattice-hash from
//! cargo's registry: an unmodified copy is measured (its directory and the workspace's
//! Cargo.lock byte-identical afterwards), a copy with a wrong digest is not timed, a copy
//! with an item renamed fails naming it. Each builds the lab twice in release mode:
//! `cargo test -p xtask --test peer_path -- --ignored --test-threads 1`. Skipped with a
//! notice when the registry holds no copy of the crate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `$CARGO_HOME/registry/src/*/solana-lattice-hash-4.3.0`.
fn released_crate() -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    std::fs::read_dir(home.join("registry/src"))
        .ok()?
        .flatten()
        .map(|e| e.path().join("solana-lattice-hash-4.3.0"))
        .find(|p| p.join("Cargo.toml").exists())
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// Every file under `dir` with its bytes (and every directory, empty or not).
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if e.file_type().unwrap().is_dir() {
            out.insert(p.clone(), Vec::new());
            out.extend(tree(&p));
        } else {
            out.insert(p.clone(), std::fs::read(&p).unwrap());
        }
    }
    out
}

/// A copy of the released crate under a fresh temp directory, `edit` applied to its
/// `src/batch.rs`.
fn fixture(name: &str, edit: impl Fn(String) -> String) -> Option<PathBuf> {
    let Some(released) = released_crate() else {
        eprintln!("skipped: no solana-lattice-hash-4.3.0 in cargo's registry (run `cargo fetch`)");
        return None;
    };
    let dir = std::env::temp_dir().join(format!("xtask-peer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&released, &dir);
    let batch = dir.join("src/batch.rs");
    let text = std::fs::read_to_string(&batch).unwrap();
    let edited = edit(text.clone());
    assert!(
        name == "same" || edited != text,
        "the edit of {name} changed nothing"
    );
    std::fs::write(&batch, edited).unwrap();
    Some(dir)
}

fn bench_all(dir: &Path, run_id: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .current_dir(root())
        .args([
            "bench-all",
            "--profile",
            "smoke",
            "--families",
            "lt-hash",
            "--strategies",
            "peer:solana-lattice-hash",
            "--workloads",
            "set_1024",
            "--sizes",
            "165",
            "--no-paired",
            "--no-instructions",
            "--no-isa-builds",
            "--peer-rounds",
            "2",
            "--reports-dir",
        ])
        .arg(std::env::temp_dir().join(format!("xtask-peer-reports-{}", std::process::id())))
        .args(["--run-id", run_id, "--peer-path"])
        .arg(format!("solana-lattice-hash={}", dir.display()))
        .output()
        .unwrap()
}

fn results(run_id: &str) -> serde_json::Value {
    let path = std::env::temp_dir()
        .join(format!("xtask-peer-reports-{}", std::process::id()))
        .join(run_id)
        .join("results.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
#[ignore]
fn an_unmodified_copy_is_measured_and_left_as_it_was() {
    let Some(dir) = fixture("same", |t| t) else {
        return;
    };
    let (before, lock) = (
        tree(&dir),
        std::fs::read(root().join("Cargo.lock")).unwrap(),
    );
    let out = bench_all(&dir, "peer-same");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(tree(&dir), before, "the working copy was written to");
    assert_eq!(
        std::fs::read(root().join("Cargo.lock")).unwrap(),
        lock,
        "the workspace's Cargo.lock changed"
    );
    let r = results("peer-same");
    let p = &r["peer_paths"][0];
    assert_eq!(p["row"], "peer:solana-lattice-hash@path");
    assert_eq!(p["rows"].as_array().unwrap().len(), 1, "{p}");
    assert_eq!(p["digest_differs"].as_array().unwrap().len(), 0, "{p}");
    assert!(
        stdout.contains("set_1024/165: your solana-lattice-hash (")
            && stdout.contains(") vs 4.3.0: ×"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore]
fn a_copy_with_another_digest_is_not_timed() {
    // Every LtHash it returns has one lane off by one.
    let Some(dir) = fixture("wrong", |t| {
        t.replacen(
            "    pub fn into_lt_hash(mut self) -> LtHash {\n",
            "    pub fn into_lt_hash(mut self) -> LtHash {\n        self.acc.0[0] = self.acc.0[0].wrapping_add(1);\n",
            1,
        )
    }) else {
        return;
    };
    let out = bench_all(&dir, "peer-wrong");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let p = &results("peer-wrong")["peer_paths"][0];
    assert_eq!(p["rows"].as_array().unwrap().len(), 0, "{p}");
    assert_eq!(
        p["digest_differs"][0],
        "lt-hash/peer:solana-lattice-hash/set_1024/165"
    );
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains("digest differs from the reference: not timed"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore]
fn a_copy_without_an_item_the_adapter_uses_fails_naming_it() {
    let Some(dir) = fixture("renamed", |t| {
        t.replacen("pub fn add_part(", "pub fn add_bytes(", 1)
    }) else {
        return;
    };
    let out = bench_all(&dir, "peer-renamed");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "error: your solana-lattice-hash at {} lacks `MessageBuilder::add_part`",
            dir.display()
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("the lab's adapter was written for solana-lattice-hash 4.3.0"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
