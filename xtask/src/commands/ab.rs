//! `cargo xtask ab REV_A REV_B`: is B faster than A? Builds the lab at both revisions in
//! git worktrees under `target/ab/<short-sha>` (one shared `--target-dir target/ab-build`,
//! so dependencies compile once; each revision's own crates are rebuilt every run, see
//! [`build_one`]; the user's tree is never touched), lists each revision's
//! benchmarks with the criterion binary's own `--list`, measures the benchmarks both have
//! in rounds of three fresh processes (A, A again, B; see [`super::ab_measure`]) and writes
//! `reports/<id>/ab.json`, `index.html` and `summary.md` (format in
//! docs/results-format.md, "The A/B format").
//!
//! Exit status: 0 when every common benchmark was measured, 1 when one failed, 130 when
//! interrupted (what was measured is written), 2 when a revision is unknown, does not
//! build or lists nothing, or a file cannot be written.

use super::ab_measure::{self, Hooks, Rng, Runner, Side, Tally};
use super::lab_build::{self, CriterionRun, LabBuild};
use crate::analysis::ab as analysis;
use crate::error::{Error, Result};
use crate::record::paths::{self, workspace_root};
use crate::record::{lock, meta};
use crate::render;
use clap::Args;
use lab_record::{AbFile, AbStatus, Revision, AB_FORMAT, AB_VERSION};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

#[derive(Args, Debug, Clone)]
#[command(
    after_help = "Revisions are anything `git rev-parse` takes (main, HEAD, my-branch~2, a sha). \
HEAD means the committed HEAD: uncommitted changes are not measured, and your working tree is \
never touched (each revision is checked out in its own worktree under target/ab/)."
)]
pub struct AbArgs {
    /// The revision compared against (e.g. main).
    pub rev_a: String,
    /// The revision under test (e.g. HEAD: the committed HEAD, not your working tree).
    pub rev_b: String,
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
    #[arg(long, default_value = "smoke", value_parser = ["smoke", "quick"])]
    pub profile: String,
    /// Where reports are written (relative paths are inside the workspace).
    #[arg(long, default_value = "reports")]
    pub reports_dir: PathBuf,
    /// Report id (default: ab-<short A>-<short B>-<UTC time>).
    #[arg(long)]
    pub run_id: Option<String>,
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
fn filters(args: &AbArgs) -> Vec<(&'static str, &str, String)> {
    [
        ("HASHLAB_FAMILIES", "--families", &args.families),
        ("HASHLAB_STRATEGIES", "--strategies", &args.strategies),
        ("HASHLAB_SIZES", "--sizes", &args.sizes),
        ("HASHLAB_WORKLOADS", "--workloads", &args.workloads),
    ]
    .into_iter()
    .filter_map(|(env, flag, v)| v.clone().map(|v| (env, flag, v)))
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
    // Both revisions are resolved before anything is built or written.
    let a = resolve(&root, &args.rev_a)?;
    let b = resolve(&root, &args.rev_b)?;
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
    let split = analysis::split(&list(&a, &env)?, &list(&b, &env)?);
    report_split(&split)?;
    let dir = paths::reports_dir(&args.reports_dir).join(&id);
    let mut file = ab_file(args, &a.rev, &b.rev, started, &split);
    let tally = measure(args, &a, &b, &env, &dir, &split, &mut file)?;
    file.status = if tally.interrupted {
        AbStatus::Interrupted
    } else {
        AbStatus::Complete
    };
    file.finished_at = Some(meta::rfc3339(SystemTime::now()));
    file.wall_seconds = Some(t0.elapsed().as_secs_f64());
    write_all(&file, &dir)?;
    println!("\n{}", render::ab::report(&file).1);
    println!(
        "ab: {} (wall time {})",
        dir.join("summary.md").display(),
        render::units::clock(t0.elapsed().as_secs_f64())
    );
    Ok(match (tally.interrupted, file.failed.is_empty()) {
        (true, _) => ExitCode::from(130),
        (false, true) => ExitCode::SUCCESS,
        (false, false) => ExitCode::from(1),
    })
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
            .any(|r| r.starts_with("HEAD"))
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
        .chain([("HASHLAB_PROFILE".into(), args.profile.clone().into())])
        .collect()
}

/// `<bench exe> --bench --list` under the filters: the criterion ids, in order.
fn list(side: &Built, env: &[(OsString, OsString)]) -> Result<Vec<String>> {
    let out = Command::new(&side.bench)
        .args(["--bench", "--list"])
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {}: {e}", side.bench.display())))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "listing the benchmarks of `{}` failed ({}): {}",
            side.rev.name,
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(parse_list(&String::from_utf8_lossy(&out.stdout)))
}

/// The ids of criterion's `--list` output (`<id>: benchmark` lines).
pub fn parse_list(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim_end().strip_suffix(": benchmark"))
        .map(str::to_string)
        .collect()
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
        profile: args.profile.clone(),
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

/// ab.json, index.html and summary.md.
fn write_all(file: &AbFile, dir: &Path) -> Result<()> {
    let path = dir.join("ab.json");
    file.save(&path)
        .map_err(|e| Error::io(&path, "cannot write", e))?;
    let (html, md) = render::ab::report(file);
    crate::error::write(&dir.join("index.html"), html)?;
    crate::error::write(&dir.join("summary.md"), md)
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
    let log_path = dir.join("ab.log");
    crate::error::write(&log_path, "")?;
    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted))
            .map_err(|e| Error::Other(format!("cannot install signal handler: {e}")))?;
    }
    let mut runner = LabRunner {
        exes: [a.bench.clone(), b.bench.clone()],
        env: env.to_vec(),
        profile: args.profile.clone(),
        log: log_path,
        homes: dir.join("criterion-tmp"),
        n: 0,
    };
    let stop = || interrupted.load(Ordering::SeqCst);
    let mut progress = |line: &str| {
        println!("{line}");
        let _ = std::io::stdout().flush();
    };
    let mut saved = |t: &Tally| {
        file.rows.clone_from(&t.rows);
        file.failed.clone_from(&t.failed);
        write_all(file, dir)
    };
    let mut hooks = Hooks {
        stop: &stop,
        progress: &mut progress,
        saved: &mut saved,
    };
    let tally = ab_measure::measure_all(
        split,
        args.rounds,
        &mut runner,
        &mut Rng::from_time(),
        &mut hooks,
    )?;
    let _ = std::fs::remove_dir_all(dir.join("criterion-tmp"));
    file.rows.clone_from(&tally.rows);
    file.failed.clone_from(&tally.failed);
    Ok(tally)
}

/// Runs each process with its own, fresh `CRITERION_HOME`; criterion's output goes to
/// `ab.log`.
struct LabRunner {
    /// A's and B's bench executables.
    exes: [PathBuf; 2],
    env: Vec<(OsString, OsString)>,
    profile: String,
    log: PathBuf,
    homes: PathBuf,
    n: u64,
}

impl Runner for LabRunner {
    fn time(&mut self, side: Side, criterion_id: &str) -> std::result::Result<f64, String> {
        self.n += 1;
        let home = self.homes.join(self.n.to_string());
        let exe = match side {
            Side::A | Side::AControl => &self.exes[0],
            Side::B => &self.exes[1],
        };
        let mut log = std::fs::OpenOptions::new()
            .append(true)
            .open(&self.log)
            .map_err(|e| format!("{}: cannot open: {e}", self.log.display()))?;
        let _ = writeln!(log, "==== {criterion_id} {}", side.name());
        let (out, err) = (log.try_clone().map_err(|e| e.to_string())?, log);
        let run = CriterionRun {
            exe,
            criterion_id,
            home: &home,
            profile: &self.profile,
            baseline: None,
            env: self.env.clone(),
        };
        let timed = lab_build::run_one(&run, out.into(), err.into(), "ab.log");
        let _ = std::fs::remove_dir_all(&home);
        timed.map(|((ns, _), _)| ns.estimate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touch_sets_sources_to_now_but_not_target() {
        let d = std::env::temp_dir().join(format!("xtask-ab-touch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        let old = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
        for f in ["bench-lab/src/lib.rs", "Cargo.toml", "target/x"] {
            crate::error::write(&d.join(f), "x").unwrap();
            std::fs::File::open(d.join(f))
                .unwrap()
                .set_modified(old)
                .unwrap();
        }
        touch_tree(&d).unwrap();
        let mtime = |f: &str| std::fs::metadata(d.join(f)).unwrap().modified().unwrap();
        assert!(mtime("bench-lab/src/lib.rs") > old && mtime("Cargo.toml") > old);
        assert_eq!(mtime("target/x"), old);
        let _ = std::fs::remove_dir_all(&d);
    }
}
