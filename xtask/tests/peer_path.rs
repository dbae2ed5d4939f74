//! `bench-all --peer-path` end to end, on copies of released solana-lattice-hash versions
//! from cargo's registry (fetched with `cargo fetch`): an unmodified copy of any version is
//! measured (its directory and the workspace's Cargo.lock byte-identical afterwards; the
//! versions are `PEER_PATH_VERSIONS`, comma-separated, default the master's pre-release
//! 4.5.0-alpha.4), a copy with a wrong digest is not timed, a copy with an item renamed
//! fails naming it. Each builds the lab twice in release mode:
//! `cargo test -p xtask --test peer_path -- --ignored --test-threads 1`. Skipped with a
//! notice when the version cannot be fetched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tempfile::TempDir;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The registry's copy of solana-lattice-hash `version`: fetched into cargo's cache through
/// a throwaway manifest, found with `cargo metadata`.
fn released_crate(version: &str) -> Option<PathBuf> {
    let tmp = tempfile::tempdir().ok()?;
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("src")).ok()?;
    std::fs::write(dir.join("src/lib.rs"), "").ok()?;
    std::fs::write(
        dir.join("Cargo.toml"),
        format!("[package]\nname = \"fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\n[workspace]\n[dependencies]\nsolana-lattice-hash = \"={version}\"\n"),
    )
    .ok()?;
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .output()
        .ok()?;
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
    meta["packages"].as_array()?.iter().find_map(|p| {
        (p["name"] == "solana-lattice-hash" && p["version"] == version)
            .then(|| {
                PathBuf::from(p["manifest_path"].as_str()?)
                    .parent()
                    .map(Path::to_path_buf)
            })
            .flatten()
    })
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

/// A fresh temp directory holding a copy of the released crate in `crate` ([`copy`]), `edit`
/// applied to its `src/batch.rs`, and the reports directory `reports` ([`results`]).
fn fixture(name: &str, version: &str, edit: impl Fn(String) -> String) -> Option<TempDir> {
    let Some(released) = released_crate(version) else {
        eprintln!("skipped: solana-lattice-hash {version} could not be fetched");
        return None;
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = copy(tmp.path());
    copy_dir(&released, &dir);
    let batch = dir.join("src/batch.rs");
    let text = std::fs::read_to_string(&batch).unwrap();
    let edited = edit(text.clone());
    assert!(
        name == "same" || edited != text,
        "the edit of {name} changed nothing"
    );
    std::fs::write(&batch, edited).unwrap();
    Some(tmp)
}

/// The copy of the crate in a [`fixture`] directory.
fn copy(fixture: &Path) -> PathBuf {
    fixture.join("crate")
}

/// Runs bench-all on the [`fixture`] directory's copy, writing to its `reports`.
fn bench_all(fixture: &Path, run_id: &str) -> Output {
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
        .arg(fixture.join("reports"))
        .args(["--run-id", run_id, "--peer-path"])
        .arg(format!("solana-lattice-hash={}", copy(fixture).display()))
        .output()
        .unwrap()
}

fn results(fixture: &Path, run_id: &str) -> serde_json::Value {
    let path = fixture.join("reports").join(run_id).join("results.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
#[ignore]
fn an_unmodified_copy_is_measured_and_left_as_it_was() {
    let versions = std::env::var("PEER_PATH_VERSIONS").unwrap_or_else(|_| "4.5.0-alpha.4".into());
    for version in versions.split(',') {
        unmodified_copy(version);
    }
}

fn unmodified_copy(version: &str) {
    let Some(tmp) = fixture("same", version, |t| t) else {
        return;
    };
    let dir = copy(tmp.path());
    let (before, lock) = (
        tree(&dir),
        std::fs::read(root().join("Cargo.lock")).unwrap(),
    );
    let run_id = format!("peer-same-{version}");
    let out = bench_all(tmp.path(), &run_id);
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
    let r = results(tmp.path(), &run_id);
    let p = &r["peer_paths"][0];
    assert_eq!(p["row"], "peer:solana-lattice-hash@path");
    assert_eq!(p["rows"].as_array().unwrap().len(), 1, "{p}");
    assert_eq!(p["digest_differs"].as_array().unwrap().len(), 0, "{p}");
    assert!(
        stdout
            .contains("lt-hash/peer:solana-lattice-hash/set_1024/165: your solana-lattice-hash (")
            && stdout.contains(") vs 4.4.0: ×"),
        "{version}: {stdout}"
    );
}

#[test]
#[ignore]
fn a_copy_with_another_digest_is_not_timed() {
    // Every LtHash it returns has one lane off by one.
    let Some(tmp) = fixture("wrong", "4.4.0", |t| {
        t.replacen(
            "    pub fn into_lt_hash(mut self) -> LtHash {\n",
            "    pub fn into_lt_hash(mut self) -> LtHash {\n        self.acc.0[0] = self.acc.0[0].wrapping_add(1);\n",
            1,
        )
    }) else {
        return;
    };
    let out = bench_all(tmp.path(), "peer-wrong");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let p = &results(tmp.path(), "peer-wrong")["peer_paths"][0];
    assert_eq!(p["rows"].as_array().unwrap().len(), 0, "{p}");
    assert_eq!(
        p["digest_differs"][0],
        "lt-hash/peer:solana-lattice-hash/set_1024/165"
    );
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains("digest differs from the reference: not timed"));
}

#[test]
#[ignore]
fn a_copy_without_an_item_the_adapter_uses_fails_naming_it() {
    let Some(tmp) = fixture("renamed", "4.4.0", |t| {
        // Every use in the crate too (its `write_part` calls it), so that only the adapter
        // misses it.
        t.replace("add_part(", "add_bytes(")
    }) else {
        return;
    };
    let out = bench_all(tmp.path(), "peer-renamed");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "error: your solana-lattice-hash at {} lacks `MessageBuilder::add_part`",
            copy(tmp.path()).display()
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("the lab's adapter was written for solana-lattice-hash 4.4.0"),
        "{stderr}"
    );
}
