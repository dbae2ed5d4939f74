//! `--peer-path CRATE=DIR` (bench-all and ab): your working copy of a peer crate measured
//! against the released one.
//!
//! How: the lab is built a second time from a shadow of the workspace under
//! `<target>/hashlab-peer-path/ws` (a copy of the root `Cargo.toml` and `Cargo.lock`,
//! every other top-level entry a symlink) whose root manifest names the crate by path
//! (`CRATE = { path = "DIR", ... }` in `[workspace.dependencies]`, no version requirement,
//! so a copy of any version builds: [`point_at_path`]), with the adapter's feature, into
//! the workspace's target directory (the dependencies compile once; cargo keeps a path
//! crate's artifacts apart from the released one's). Cargo rewrites the lock file of the
//! workspace it builds: the shadow's, never yours, and a path dependency gets no lock file
//! or target directory of its own, so `DIR` is only read. Then both builds' peer rows are checked
//! against the reference digests (`lab allocs`: a working copy whose digest differs is
//! listed, not timed) and the rest timed with `cargo xtask ab`'s rounds (released,
//! released again as the A/A control, yours; [`super::ab_pair::measure_pair`]).
//!
//! A crate is measurable by path when it has a row in
//! [`ADAPTERS`](lab_report::record::peer_path::ADAPTERS): the lab's feature
//! that compiles its adapter, the adapter's strategy name, the version it was written for
//! and its source file (named in the error when your copy's API differs).

pub use lab_report::record::peer_path::{parse_spec, Spec};
use lab_report::record::peer_path::{point_at_path, Adapter};

use super::ab_pair::{self, Pair};
use super::lab_build::{self, CargoOutput, LabBuild, LabExes};
use lab_record::process::{filter_flags, PROFILE_ENV, STRATEGIES_ENV};
use lab_record::{from_json_str, AbFailed, CountFile, PeerPath};
use lab_report::analysis::ab as analysis;
use lab_report::error::{Error, Result};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `git describe --always --dirty --tags` in `dir`, when it is in a git tree.
pub fn describe(dir: &Path) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["describe", "--always", "--dirty", "--tags"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// The target directory of the builds: `$CARGO_TARGET_DIR`, else `<root>/target`.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map_or_else(|| root.join("target"), |t| root.join(t))
}

/// `<target>/hashlab-peer-path/ws`, made afresh: the root manifest and lock file copied
/// (so cargo's rewrite of the lock stays there), every other top-level entry but the
/// target directory, `.git` and `reports` a symlink.
pub fn shadow_workspace(root: &Path, target: &Path) -> Result<PathBuf> {
    let ws = target.join("hashlab-peer-path").join("ws");
    if ws.exists() {
        std::fs::remove_dir_all(&ws).map_err(|e| Error::io(&ws, "cannot remove", e))?;
    }
    std::fs::create_dir_all(&ws).map_err(|e| Error::io(&ws, "cannot create directory", e))?;
    let entries = std::fs::read_dir(root).map_err(|e| Error::io(root, "cannot list", e))?;
    for entry in entries.flatten() {
        let (path, name) = (entry.path(), entry.file_name());
        if ["target", ".git", "reports"].iter().any(|n| name == *n) || path == target {
            continue;
        }
        let to = ws.join(&name);
        if name == "Cargo.toml" || name == "Cargo.lock" {
            std::fs::copy(&path, &to).map_err(|e| Error::io(&path, "cannot copy", e))?;
        } else {
            symlink(&path, &to)?;
        }
    }
    Ok(ws)
}

#[cfg(unix)]
fn symlink(from: &Path, to: &Path) -> Result<()> {
    std::os::unix::fs::symlink(from, to).map_err(|e| Error::io(to, "cannot create symlink", e))
}

#[cfg(not(unix))]
fn symlink(_from: &Path, to: &Path) -> Result<()> {
    Err(Error::Other(format!(
        "{}: --peer-path needs symlinks (a Unix system)",
        to.display()
    )))
}

/// Builds the lab with your working copy (module docs); its executables, pinned under
/// `<target>/hashlab-lab/peer-<hash of DIR>/`.
pub fn build(
    root: &Path,
    spec: &Spec,
    features: &[String],
    no_default_features: bool,
) -> Result<LabExes> {
    let target = target_dir(root);
    let ws = shadow_workspace(root, &target)?;
    let manifest = ws.join("Cargo.toml");
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| Error::io(&manifest, "cannot read", e))?;
    lab_report::error::write(&manifest, &point_at_path(&text, spec)?)?;
    let mut features = features.to_vec();
    features.push(spec.adapter.feature.to_string());
    let out = lab_build::cargo_build(
        &LabBuild {
            root: &ws,
            features,
            no_default_features,
            target_dir: Some(target),
            config: Vec::new(),
        },
        "--message-format=json",
    )?;
    echo_diagnostics(&out.messages);
    check(&out, spec)?;
    let exes = lab_build::executables_of(&out)?;
    let tag = format!("peer-{:016x}", fnv1a(spec.dir.to_string_lossy().as_bytes()));
    lab_build::pin(exes, root, &tag)
}

/// The rendered compiler messages, to stderr (cargo prints none in JSON mode).
fn echo_diagnostics(messages: &str) {
    for v in messages
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["reason"] == "compiler-message")
    {
        if let Some(r) = v["message"]["rendered"].as_str() {
            eprint!("{r}");
        }
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// A build that failed, as an error saying why in your terms.
fn check(out: &CargoOutput, spec: &Spec) -> Result<()> {
    let dir = spec.dir.display();
    let a = spec.adapter;
    if !out.status.success() {
        let why = lab_report::record::peer_path::compile_errors(&out.messages, spec)
            .unwrap_or_else(|| {
                // Not a compile error: cargo's own (a manifest it cannot read, a dependency it
                // cannot resolve), its first error line.
                let first = out
                    .stderr
                    .lines()
                    .find(|l| l.trim_start().starts_with("error"))
                    .map(|l| format!(": {}", l.trim()))
                    .unwrap_or_default();
                format!(
                    "building the lab with your {} at {dir} failed ({}){first}",
                    a.krate, out.status
                )
            });
        return Err(Error::Command(why));
    }
    Ok(())
}

/// The processes' environment: the filters (strategies: the adapter's row) and accounts.
fn lab_env(filters: &Filters, adapter: &Adapter) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = filters
        .env
        .iter()
        .filter(|(k, _)| k != STRATEGIES_ENV)
        .cloned()
        .collect();
    env.push((STRATEGIES_ENV.into(), adapter.strategy.into()));
    // The profile also decides some workloads' parameters (the mix's account count): the
    // list must be made with the profile of the runs.
    env.push((PROFILE_ENV.into(), filters.profile.clone().into()));
    env
}

/// What the peer-path pass is given by its command.
pub struct Filters {
    /// `HASHLAB_FAMILIES`, `HASHLAB_SIZES`, `HASHLAB_WORKLOADS`, `HASHLAB_ACCOUNTS`, ...
    pub env: Vec<(OsString, OsString)>,
    /// bench-lab's profile of every process.
    pub profile: String,
    pub rounds: u32,
}

/// The two builds of one `--peer-path`.
pub struct Builds<'a> {
    pub released: &'a LabExes,
    pub yours: &'a LabExes,
}

/// Checks both builds' digests, then times the rows that matched; `dir` is the run's
/// directory (`peer-path.log`).
pub fn measure(spec: &Spec, builds: &Builds, filters: &Filters, dir: &Path) -> Result<PeerPath> {
    let a = spec.adapter;
    let env = lab_env(filters, &a);
    println!(
        "peer-path: checking the digests of {} {} and of your copy at {} ...",
        a.krate,
        a.version,
        spec.dir.display()
    );
    let released = digests(&builds.released.bin, &env, &filters.profile)?;
    let yours = digests(&builds.yours.bin, &env, &filters.profile)?;
    let split = analysis::split(
        &ab_pair::list_ids(&builds.released.bench, &env, "the released build")?,
        &ab_pair::list_ids(&builds.yours.bench, &env, "your build")?,
    );
    let differs =
        |id: &String| yours.get(id) == Some(&Some(false)) || released.get(id) == Some(&Some(false));
    let digest_differs: Vec<String> = split
        .common
        .iter()
        .filter(|id| differs(id))
        .cloned()
        .collect();
    for id in &digest_differs {
        println!("peer-path: {id}: digest differs from the reference: not timed");
    }
    let timed = analysis::Split {
        common: split
            .common
            .iter()
            .filter(|id| !differs(id))
            .cloned()
            .collect(),
        ..split.clone()
    };
    let mut failed = Vec::new();
    let rows = if timed.common.is_empty() {
        Vec::new()
    } else {
        let pair = Pair {
            exes: [builds.released.bench.clone(), builds.yours.bench.clone()],
            env,
            profile: filters.profile.clone(),
            rounds: filters.rounds,
            dir: dir.to_path_buf(),
            log: "peer-path.log",
        };
        let tally = ab_pair::measure_pair(&pair, &timed, &mut |_| Ok(()))?;
        failed = tally.failed;
        tally.rows
    };
    if split.common.is_empty() {
        failed.push(AbFailed {
            criterion_id: a.strategy.to_string(),
            reason: "the filters select no row of the adapter in both builds".into(),
        });
    }
    let mut p = PeerPath::new(a.krate, &spec.dir.to_string_lossy(), a.version, a.strategy);
    p.describe = describe(&spec.dir);
    p.rounds = filters.rounds;
    p.profile.clone_from(&filters.profile);
    p.rows = rows;
    p.digest_differs = digest_differs;
    p.only_released = split.only_in_a;
    p.only_yours = split.only_in_b;
    p.failed = failed;
    Ok(p)
}

/// `lab allocs --json` on the adapter's rows: per criterion id, whether its output matched
/// the reference digest.
fn digests(
    lab: &Path,
    env: &[(OsString, OsString)],
    profile: &str,
) -> Result<BTreeMap<String, Option<bool>>> {
    let out = Command::new(lab)
        .args(["allocs", "--json", "--profile", profile])
        .args(filter_flags(env))
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {}: {e}", lab.display())))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "`{} allocs` failed ({})",
            lab.display(),
            out.status
        )));
    }
    let name = PathBuf::from(format!("<output of {} allocs>", lab.display()));
    let file: CountFile = from_json_str(&name, &String::from_utf8_lossy(&out.stdout))?;
    Ok(file
        .results
        .into_iter()
        .map(|c| (c.criterion_id, c.digest_compatible))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shadow_workspace_copies_the_manifest_and_lock_and_links_the_rest() {
        let d = tempdir("shadow");
        let root = d.join("root");
        for f in [
            "Cargo.toml",
            "Cargo.lock",
            "bench-lab/Cargo.toml",
            "target/x",
            "reports/r",
        ] {
            lab_report::error::write(&root.join(f), f).unwrap();
        }
        let ws = shadow_workspace(&root, &root.join("target")).unwrap();
        assert_eq!(ws, root.join("target/hashlab-peer-path/ws"));
        assert!(!ws.join("Cargo.lock").is_symlink());
        assert_eq!(
            std::fs::read_to_string(ws.join("Cargo.lock")).unwrap(),
            "Cargo.lock"
        );
        assert!(ws.join("bench-lab").is_symlink());
        assert!(!ws.join("target").exists() && !ws.join("reports").exists());
        // A second shadow starts from the workspace's lock again.
        lab_report::error::write(&ws.join("Cargo.lock"), "rewritten").unwrap();
        let ws = shadow_workspace(&root, &root.join("target")).unwrap();
        assert_eq!(
            std::fs::read_to_string(ws.join("Cargo.lock")).unwrap(),
            "Cargo.lock"
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    fn tempdir(what: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("xtask-peer-path-{what}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }
}
