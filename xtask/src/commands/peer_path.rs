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

use lab_report::record::peer_path::{
    build_error, lab_env, pin_tag, point_at_path, shadow_workspace, target_dir,
};
pub use lab_report::record::peer_path::{parse_spec, Spec};

use super::ab_pair::{self, Pair};
use super::lab_build::{self, LabBuild, LabExes};
use lab_record::process::filter_flags;
use lab_record::{AbFailed, PeerPath, Profile};
use lab_report::analysis::ab as analysis;
use lab_report::error::{Error, Result};
use lab_report::record::cargo;
use lab_report::record::lab::parse_counts;
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
    // The rendered compiler messages, to stderr (cargo prints none in JSON mode).
    for r in cargo::rendered(&out.messages) {
        eprint!("{r}");
    }
    if !out.status.success() {
        let status = out.status.to_string();
        return Err(Error::Command(build_error(
            &out.messages,
            &out.stderr,
            &status,
            spec,
        )));
    }
    let exes = lab_build::executables_of(&out)?;
    lab_build::pin(exes, root, &pin_tag(spec))
}

/// What the peer-path pass is given by its command.
pub struct Filters {
    /// `HASHLAB_FAMILIES`, `HASHLAB_SIZES`, `HASHLAB_WORKLOADS`, `HASHLAB_ACCOUNTS`, ...
    pub env: Vec<(OsString, OsString)>,
    /// bench-lab's profile of every process.
    pub profile: Profile,
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
    let env = lab_env(&filters.env, &a, filters.profile);
    println!(
        "peer-path: checking the digests of {} {} and of your copy at {} ...",
        a.krate,
        a.version,
        spec.dir.display()
    );
    let released = digests(&builds.released.bin, &env, filters.profile)?;
    let yours = digests(&builds.yours.bin, &env, filters.profile)?;
    let split = analysis::split(
        &ab_pair::list_ids(&builds.released.bench, &env, "the released build")?,
        &ab_pair::list_ids(&builds.yours.bench, &env, "your build")?,
    );
    let (digest_differs, timed) = analysis::digest_split(&split, &released, &yours);
    for id in &digest_differs {
        println!("peer-path: {id}: digest differs from the reference: not timed");
    }
    let mut failed = Vec::new();
    let rows = if timed.common.is_empty() {
        Vec::new()
    } else {
        let pair = Pair {
            exes: [builds.released.bench.clone(), builds.yours.bench.clone()],
            env,
            profile: filters.profile,
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
    let yours_dir = spec.dir.to_string_lossy();
    let mut p = PeerPath::new(a.krate, &yours_dir, a.version, a.strategy, filters.profile);
    p.describe = describe(&spec.dir);
    p.rounds = filters.rounds;
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
    profile: Profile,
) -> Result<BTreeMap<String, Option<bool>>> {
    let out = Command::new(lab)
        .args(["allocs", "--json", "--profile", profile.as_str()])
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
    let counts = parse_counts(&name, &String::from_utf8_lossy(&out.stdout))?;
    Ok(counts
        .into_iter()
        .map(|(id, c)| (id.criterion_id(), c.digest_compatible))
        .collect())
}
