//! `cargo xtask ab REV_A REV_B`: is B faster than A? Builds the lab at both revisions in
//! git worktrees under `target/ab/<short-sha>` (one shared `--target-dir target/ab-build`,
//! so dependencies compile once; each revision's own crates are rebuilt every run, see
//! [`build_one`]; the user's tree is never touched), lists each revision's
//! benchmarks with the criterion binary's own `--list`, measures the benchmarks both have
//! in rounds of three fresh processes (A, A again, B; see
//! `lab_report::analysis::ab_rounds`) and writes `reports/<id>/ab.json`, `index.html` and
//! `summary.md` (format in docs/results-format.md, "The A/B format").
//!
//! Exit status: 0 when every common benchmark was measured, 1 when one failed, 130 when
//! interrupted (what was measured is written), 2 when a revision is unknown, does not
//! build or lists nothing, or a file cannot be written.

use super::ab_pair::{self, measure_pair, Pair};
use super::lab_build::{self, LabBuild};
use super::peer_path;
use crate::meta;
use clap::Args;
use lab_record::process::{given_filters, PROFILE_ENV};
use lab_record::{AbFile, AbStatus, Profile, Revision, AB_FORMAT, AB_VERSION};
use lab_report::analysis::ab as analysis;
use lab_report::analysis::ab_rounds::Tally;
use lab_report::error::{Error, Result};
use lab_report::record::lock;
use lab_report::record::paths::{self, workspace_root};
use lab_report::render;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Instant, SystemTime};

#[derive(Args, Debug, Clone)]
#[command(
    after_help = "Revisions are anything `git rev-parse` takes (main, HEAD, my-branch~2, a sha). \
HEAD means the committed HEAD: uncommitted changes are not measured, and your working tree is \
never touched (each revision is checked out in its own worktree under target/ab/)."
)]
pub struct AbArgs {
    /// The revision compared against (e.g. main).
    #[arg(required_unless_present = "peer_path", conflicts_with = "peer_path")]
    pub rev_a: Option<String>,
    /// The revision under test (e.g. HEAD: the committed HEAD, not your working tree).
    #[arg(required_unless_present = "peer_path")]
    pub rev_b: Option<String>,
    /// Instead of two revisions: the released peer crate (A) against your working copy
    /// of it (B), CRATE=DIR, in this working tree's lab (see bench-all --peer-path).
    #[arg(long, value_name = "CRATE=DIR", value_parser = peer_path::parse_spec)]
    pub peer_path: Option<peer_path::Spec>,
    /// Comma-separated families (account-hash, lt-hash, accumulator, reconcile).
    #[arg(long)]
    pub families: Option<String>,
    /// Comma-separated strategies, or strategy@variant (e.g. `copy-buffer@cap=200,streaming`).
    #[arg(long)]
    pub strategies: Option<String>,
    /// Comma-separated data sizes (0,165,1KiB).
    #[arg(long)]
    pub sizes: Option<String>,
    /// Comma-separated workload kinds (data_size, cap_sweep, mainnet_mix).
    #[arg(long)]
    pub workloads: Option<String>,
    /// Rounds per benchmark; each round is three fresh processes (A, A again, B).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..))]
    pub rounds: u32,
    /// bench-lab's profile of every process (smoke: criterion's shortest settings).
    #[arg(long, default_value = "smoke", value_parser = profile_parser())]
    pub profile: Profile,
    /// Where reports are written (relative paths are inside the workspace).
    #[arg(long, default_value = "reports")]
    pub reports_dir: PathBuf,
    /// Report id (default: ab-<short A>-<short B>-<UTC time>).
    #[arg(long)]
    pub run_id: Option<String>,
}

/// `--profile`'s values: smoke and quick, listed in `--help` and in the error for another.
fn profile_parser() -> impl clap::builder::TypedValueParser<Value = Profile> {
    use clap::builder::{PossibleValuesParser, TypedValueParser as _};
    PossibleValuesParser::new([Profile::Smoke.as_str(), Profile::Quick.as_str()])
        .try_map(|name| name.parse::<Profile>())
}

pub fn run(args: AbArgs) -> ExitCode {
    match ab(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// The filters as `(env var, value)` for the lab, and as given for the record.
fn filters(args: &AbArgs) -> Vec<(&'static str, &'static str, String)> {
    given_filters([
        &args.families,
        &args.strategies,
        &args.sizes,
        &args.workloads,
    ])
    .map(|(env, flag, v)| (env, flag, v.clone()))
    .collect()
}

/// One revision, built: its record entry and its criterion bench executable.
struct Built {
    rev: Revision,
    bench: PathBuf,
}

fn ab(args: &AbArgs) -> Result<ExitCode> {
    let (t0, started) = (Instant::now(), SystemTime::now());
    let root = workspace_root();
    let (rev_a, rev_b) = match (&args.peer_path, &args.rev_a, &args.rev_b) {
        (Some(spec), _, _) => return ab_peer_path(args, spec),
        (None, Some(a), Some(b)) => (a, b),
        _ => return Err(Error::Other("give REV_A and REV_B, or --peer-path".into())),
    };
    // Both revisions are resolved before anything is built or written.
    let a = resolve(&root, rev_a)?;
    let b = resolve(&root, rev_b)?;
    let id = args
        .run_id
        .clone()
        .unwrap_or_else(|| format!("ab-{}-{}-{}", a.short(), b.short(), meta::compact(started)));
    paths::check_run_id(&id)?;
    // One measuring run at a time in a reports directory (bench-all takes the same lock).
    let _lock = lock::acquire(&paths::reports_dir(&args.reports_dir), &id, "ab")?;
    note_uncommitted(args);
    let (a, b) = build_both(&root, a, b)?;
    let env = lab_env(args);
    finish(args, (t0, started), &id, &a, &b, &env)
}

/// Lists, measures and writes an A/B of two built labs.
fn finish(
    args: &AbArgs,
    (t0, started): (Instant, SystemTime),
    id: &str,
    a: &Built,
    b: &Built,
    env: &[(OsString, OsString)],
) -> Result<ExitCode> {
    let split = analysis::split(&list(a, env)?, &list(b, env)?);
    report_split(&split)?;
    let dir = paths::reports_dir(&args.reports_dir).join(id);
    let mut file = ab_file(args, &a.rev, &b.rev, started, &split);
    let tally = measure(args, a, b, env, &dir, &split, &mut file)?;
    file.status = if tally.interrupted {
        AbStatus::Interrupted
    } else {
        AbStatus::Complete
    };
    file.finished_at = Some(meta::rfc3339(SystemTime::now()));
    file.wall_seconds = Some(t0.elapsed().as_secs_f64());
    println!("\n{}", write_all(&file, &dir)?);
    println!(
        "ab: {} (wall time {})",
        dir.join("summary.md").display(),
        render::units::clock(t0.elapsed().as_secs_f64())
    );
    Ok(exit_code(tally.interrupted, &file))
}

fn exit_code(interrupted: bool, file: &AbFile) -> ExitCode {
    match (interrupted, file.failed.is_empty()) {
        (true, _) => ExitCode::from(130),
        (false, true) => ExitCode::SUCCESS,
        (false, false) => ExitCode::from(1),
    }
}

/// `ab --peer-path CRATE=DIR`: A is this working tree's lab with the released crate, B the
/// same lab with your copy; the rows are the adapter's, checked against the reference
/// digests first (a row whose digest differs is listed as failed, not timed).
fn ab_peer_path(args: &AbArgs, spec: &peer_path::Spec) -> Result<ExitCode> {
    let (t0, started) = (Instant::now(), SystemTime::now());
    let root = workspace_root();
    let head = resolve(&root, "HEAD")?;
    let id = args
        .run_id
        .clone()
        .unwrap_or_else(|| format!("ab-peer-{}-{}", spec.adapter.krate, meta::compact(started)));
    paths::check_run_id(&id)?;
    let _lock = lock::acquire(&paths::reports_dir(&args.reports_dir), &id, "ab")?;
    println!(
        "ab: building the lab of this working tree with {} {} ...",
        spec.adapter.krate, spec.adapter.version
    );
    let released = lab_build::build(&LabBuild {
        root: &root,
        features: Vec::new(),
        no_default_features: false,
        target_dir: None,
        config: Vec::new(),
    })?;
    let released = lab_build::pin(released, &root, "ab-released")?;
    println!(
        "ab: building it with your {} at {} ...",
        spec.adapter.krate,
        spec.dir.display()
    );
    let yours = peer_path::build(&root, spec, &[], false)?;
    let dir = paths::reports_dir(&args.reports_dir).join(&id);
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, "cannot create directory", e))?;
    let filters = peer_path::Filters {
        env: filters(args)
            .into_iter()
            .map(|(env, _, v)| (OsString::from(env), OsString::from(v)))
            .collect(),
        profile: args.profile,
        rounds: args.rounds,
    };
    let builds = peer_path::Builds {
        released: &released,
        yours: &yours,
    };
    let measured = peer_path::measure(spec, &builds, &filters, &dir)?;
    let a = Revision {
        name: format!("{} {}", measured.krate, measured.released),
        commit: head.commit.clone(),
    };
    let b = Revision {
        name: measured.yours(),
        commit: head.commit,
    };
    let split = analysis::Split {
        common: Vec::new(),
        only_in_a: measured.only_released.clone(),
        only_in_b: measured.only_yours.clone(),
    };
    let mut file = ab_file(args, &a, &b, started, &split);
    file.rows = measured.rows.clone();
    file.failed = measured
        .digest_differs
        .iter()
        .map(|id| lab_record::AbFailed {
            criterion_id: id.clone(),
            reason: "digest differs from the reference: not timed".into(),
        })
        .chain(measured.failed.iter().cloned())
        .collect();
    file.status = AbStatus::Complete;
    file.finished_at = Some(meta::rfc3339(SystemTime::now()));
    file.wall_seconds = Some(t0.elapsed().as_secs_f64());
    write_all(&file, &dir)?;
    for line in render::peer_path::lines(&measured) {
        println!("ab: {line}");
    }
    println!("ab: {}", dir.join("summary.md").display());
    Ok(exit_code(false, &file))
}

fn git(root: &Path, args: &[&str]) -> std::result::Result<String, String> {
    let out = Command::new("git")
        .current_dir(root)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// `git rev-parse --verify <rev>^{commit}`; an unknown revision is an error naming it.
pub fn resolve(root: &Path, name: &str) -> Result<Revision> {
    let spec = format!("{name}^{{commit}}");
    match git(
        root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            &spec,
        ],
    ) {
        Ok(commit) if !commit.is_empty() => Ok(Revision {
            name: name.to_string(),
            commit,
        }),
        Ok(_) | Err(_) => Err(Error::Other(format!(
            "unknown revision `{name}`: `git rev-parse --verify {spec}` in {} found no commit",
            root.display()
        ))),
    }
}

fn note_uncommitted(args: &AbArgs) {
    let dirty = meta::git_commit().ends_with("+dirty");
    if dirty
        && [&args.rev_a, &args.rev_b]
            .iter()
            .any(|r| r.as_deref().is_some_and(|r| r.starts_with("HEAD")))
    {
        println!("ab: note: HEAD is the committed HEAD; your uncommitted changes are not measured");
    }
}

/// The worktree of a commit under `target/ab/<short>`: reused when it is at the commit,
/// else added (`git worktree add --detach`).
fn worktree(root: &Path, rev: &Revision) -> Result<PathBuf> {
    let dir = root.join("target").join("ab").join(rev.short());
    if dir.exists() {
        let head = git(&dir, &["rev-parse", "HEAD"]).unwrap_or_default();
        if head == rev.commit {
            return Ok(dir);
        }
        return Err(Error::Other(format!(
            "{} exists but is not a worktree at {} ({}): remove it with `git worktree remove --force {}`",
            dir.display(),
            rev.commit,
            rev.name,
            dir.display()
        )));
    }
    let path = dir.to_string_lossy();
    // --force: re-adds a worktree whose directory was deleted but is still registered.
    git(
        root,
        &["worktree", "add", "--detach", "--force", &path, &rev.commit],
    )
    .map_err(|e| {
        Error::Command(format!(
            "cannot add a worktree for `{}` at {}: {e}",
            rev.name,
            dir.display()
        ))
    })?;
    Ok(dir)
}

/// Builds the lab of one revision in its worktree, with the shared target directory, and
/// keeps a copy of its bench executable under `target/ab-build/ab-exe/<commit>/`.
///
/// Why the copy and the touch: cargo names a workspace member's artifacts by a hash of its
/// path *relative to the workspace root*, so the lab of every worktree is built to the same
/// `deps/lab-<hash>` (checked: two revisions gave one path), and its freshness check
/// compares source mtimes with that slot's last build, so an older worktree can be taken as
/// fresh while the slot holds another revision's code. Setting the worktree's files to now
/// makes cargo rebuild this revision's own crates (dependencies stay shared), and the copy
/// keeps the result when the next build replaces the slot.
fn build_one(root: &Path, rev: Revision) -> Result<Built> {
    let dir = worktree(root, &rev)?;
    touch_tree(&dir)?;
    println!(
        "ab: building the lab of `{}` ({}) in {} ...",
        rev.name,
        rev.short(),
        dir.display()
    );
    let target = root.join("target").join("ab-build");
    let exes = lab_build::build(&LabBuild {
        root: &dir,
        features: Vec::new(),
        no_default_features: false,
        target_dir: Some(target.clone()),
        config: Vec::new(),
    })
    .map_err(|e| {
        Error::Command(format!(
            "revision `{}` ({}): the lab does not build: {e}",
            rev.name, rev.commit
        ))
    })?;
    let kept = target.join("ab-exe").join(&rev.commit).join("lab-bench");
    if let Some(parent) = kept.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Error::io(parent, "cannot create directory", e))?;
    }
    std::fs::copy(&exes.bench, &kept).map_err(|e| Error::io(&kept, "cannot copy the lab to", e))?;
    Ok(Built { rev, bench: kept })
}

/// Sets the modification time of every file of a worktree (but `target/` and `.git`) to
/// now.
fn touch_tree(dir: &Path) -> Result<()> {
    let now = SystemTime::now();
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, "cannot list", e))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        let file_type = entry
            .file_type()
            .map_err(|e| Error::io(&path, "cannot stat", e))?;
        if file_type.is_dir() {
            touch_tree(&path)?;
        } else if file_type.is_file() {
            std::fs::File::open(&path)
                .and_then(|f| f.set_modified(now))
                .map_err(|e| Error::io(&path, "cannot set the modification time of", e))?;
        }
    }
    Ok(())
}

/// Both builds; one when both revisions are the same commit.
fn build_both(root: &Path, a: Revision, b: Revision) -> Result<(Built, Built)> {
    let a = build_one(root, a)?;
    let b = if b.commit == a.rev.commit {
        Built {
            rev: b,
            bench: a.bench.clone(),
        }
    } else {
        build_one(root, b)?
    };
    Ok((a, b))
}

/// The environment of every lab process: the filters and the profile (which also decides
/// some workloads' parameters, so the list must be made with the profile of the runs).
fn lab_env(args: &AbArgs) -> Vec<(OsString, OsString)> {
    filters(args)
        .into_iter()
        .map(|(env, _, v)| (OsString::from(env), OsString::from(v)))
        .chain([(PROFILE_ENV.into(), args.profile.as_str().into())])
        .collect()
}

/// `<bench exe> --bench --list` under the filters: the criterion ids, in order.
fn list(side: &Built, env: &[(OsString, OsString)]) -> Result<Vec<String>> {
    ab_pair::list_ids(&side.bench, env, &format!("`{}`", side.rev.name))
}

fn report_split(split: &analysis::Split) -> Result<()> {
    for (which, list) in [("A", &split.only_in_a), ("B", &split.only_in_b)] {
        if !list.is_empty() {
            println!("ab: only in {which} (skipped): {}", list.join(", "));
        }
    }
    if split.common.is_empty() {
        return Err(Error::Other(
            "the two revisions have no benchmark in common under these filters".into(),
        ));
    }
    println!("ab: benchmarks in both revisions: {}", split.common.len());
    Ok(())
}

fn ab_file(
    args: &AbArgs,
    a: &Revision,
    b: &Revision,
    started: SystemTime,
    split: &analysis::Split,
) -> AbFile {
    AbFile {
        format: AB_FORMAT.into(),
        version: AB_VERSION,
        status: AbStatus::Running,
        a: a.clone(),
        b: b.clone(),
        started_at: meta::rfc3339(started),
        finished_at: None,
        wall_seconds: None,
        machine: meta::hostname(),
        cpu: meta::cpu_model(),
        cpu_features: meta::cpu_features(),
        rustc: meta::rustc_version(),
        rounds: args.rounds,
        profile: args.profile,
        filters: filters(args)
            .into_iter()
            .flat_map(|(_, f, v)| [f.to_string(), v])
            .collect(),
        rows: Vec::new(),
        only_in_a: split.only_in_a.clone(),
        only_in_b: split.only_in_b.clone(),
        failed: Vec::new(),
    }
}

/// ab.json, index.html and summary.md; returns the summary.
fn write_all(file: &AbFile, dir: &Path) -> Result<String> {
    let path = dir.join("ab.json");
    file.save(&path)
        .map_err(|e| Error::io(&path, "cannot write", e))?;
    render::ab::write_pages(file, dir)
}

/// The rounds, with the real processes; ab.json is rewritten after each benchmark.
fn measure(
    args: &AbArgs,
    a: &Built,
    b: &Built,
    env: &[(OsString, OsString)],
    dir: &Path,
    split: &analysis::Split,
    file: &mut AbFile,
) -> Result<Tally> {
    let pair = Pair {
        exes: [a.bench.clone(), b.bench.clone()],
        env: env.to_vec(),
        profile: args.profile,
        rounds: args.rounds,
        dir: dir.to_path_buf(),
        log: "ab.log",
    };
    let tally = measure_pair(&pair, split, &mut |t: &Tally| {
        file.rows.clone_from(&t.rows);
        file.failed.clone_from(&t.failed);
        write_all(file, dir).map(drop)
    })?;
    file.rows.clone_from(&tally.rows);
    file.failed.clone_from(&tally.failed);
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ab` takes two revisions or `--peer-path` instead of them, never both.
    #[test]
    fn ab_takes_two_revisions_or_a_peer_path() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            args: AbArgs,
        }
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        lab_report::error::write(
            &d.join("Cargo.toml"),
            "[package]\nname = \"solana-lattice-hash\"\nversion = \"4.3.0\"\n",
        )
        .unwrap();
        let spec = format!("solana-lattice-hash={}", d.display());
        let parse = |argv: &[&str]| Cli::try_parse_from(["ab"].iter().chain(argv)).map(|c| c.args);
        let a = parse(&["--peer-path", &spec]).unwrap();
        assert_eq!(a.peer_path.unwrap().adapter.krate, "solana-lattice-hash");
        assert_eq!((a.rev_a, a.rev_b), (None, None));
        let a = parse(&["main", "HEAD"]).unwrap();
        assert_eq!((a.rev_a.as_deref(), a.peer_path), (Some("main"), None));
        assert!(parse(&["main"]).is_err());
        assert!(parse(&[]).is_err());
        assert!(parse(&["main", "HEAD", "--peer-path", &spec]).is_err());
    }

    #[test]
    fn touch_sets_sources_to_now_but_not_target() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let old = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
        for f in ["bench-lab/src/lib.rs", "Cargo.toml", "target/x"] {
            lab_report::error::write(&d.join(f), "x").unwrap();
            std::fs::File::open(d.join(f))
                .unwrap()
                .set_modified(old)
                .unwrap();
        }
        touch_tree(d).unwrap();
        let mtime = |f: &str| std::fs::metadata(d.join(f)).unwrap().modified().unwrap();
        assert!(mtime("bench-lab/src/lib.rs") > old && mtime("Cargo.toml") > old);
        assert_eq!(mtime("target/x"), old);
    }
}
