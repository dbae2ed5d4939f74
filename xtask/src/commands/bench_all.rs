//! `cargo xtask bench-all`: build the lab, plan, count allocations, time every benchmark
//! with criterion (one process per benchmark, so progress, failures and interruptions are
//! per benchmark), record `results.json`, render the report.
//!
//! Layout of a run: `reports/<run-id>/` with `results.json`, `index.html`, `summary.md`,
//! `bench.log` (criterion's output) and `criterion/` (this run's `CRITERION_HOME`; the
//! baseline is saved under the run id, so `critcmp --target-dir reports/<run-id> <run-id>`
//! reads it). `reports/latest` points at the newest run.

use crate::criterion_files;
use crate::error::{Error, Result};
use crate::json_reader::{parse, At};
use crate::meta;
use crate::results::{Interval, Missing, Record, ResultsFile, RunMeta, SCHEMA};
use crate::units;
use clap::Args;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

#[derive(Args, Debug, Clone)]
pub struct BenchAllArgs {
    /// smoke (every benchmark briefly, for CI), quick (default, < 5 min), full (criterion defaults).
    #[arg(long, default_value = "quick", value_parser = ["smoke", "quick", "full"])]
    pub profile: String,
    /// Comma-separated strategies, or strategy@variant (e.g. `copy-buffer@cap=47,streaming`).
    #[arg(long)]
    pub strategies: Option<String>,
    /// Comma-separated families (account-hash, lt-hash, accumulator, reconcile).
    #[arg(long)]
    pub families: Option<String>,
    /// Comma-separated data sizes (0,165,1KiB,10MiB); workloads without a size are left out.
    #[arg(long)]
    pub sizes: Option<String>,
    /// Comma-separated workload kinds (data_size, cap_sweep, mainnet_mix).
    #[arg(long)]
    pub workloads: Option<String>,
    /// Cargo features of bench-lab to build with (comma-separated), besides `peer-solana`,
    /// which bench-all always turns on.
    #[arg(long)]
    pub features: Option<String>,
    /// Build bench-lab without its default features (pick strategies with --features).
    #[arg(long)]
    pub no_default_features: bool,
    /// Where runs are written (relative paths are inside the workspace).
    #[arg(long, default_value = "reports")]
    pub reports_dir: PathBuf,
    /// Run id (default: UTC start time and profile).
    #[arg(long)]
    pub run_id: Option<String>,
}

/// One planned benchmark, from `lab list --json`.
#[derive(Clone, Debug)]
struct Planned {
    criterion_id: String,
    family: String,
    digest: String,
    strategy: String,
    variant: String,
    workload: String,
    data_size: Option<u64>,
    bytes_per_iter: u64,
    items_per_iter: u64,
    baseline: bool,
    claims_consensus: bool,
    expected_secs: f64,
    compressions_per_item: Option<f64>,
}

#[derive(Clone, Copy, Debug)]
struct Counted {
    allocs_per_iter: f64,
    peak_bytes: u64,
    matches_reference: Option<bool>,
}

pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

pub fn run(args: BenchAllArgs) -> ExitCode {
    match bench_all(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

fn filter_args(args: &BenchAllArgs) -> Vec<String> {
    let mut v = vec!["--profile".to_string(), args.profile.clone()];
    for (flag, val) in [
        ("--families", &args.families),
        ("--strategies", &args.strategies),
        ("--sizes", &args.sizes),
        ("--workloads", &args.workloads),
    ] {
        if let Some(val) = val {
            v.push(flag.into());
            v.push(val.clone());
        }
    }
    v
}

fn bench_all(args: &BenchAllArgs) -> Result<ExitCode> {
    let t0 = Instant::now();
    let started = SystemTime::now();
    let root = workspace_root();
    let reports = if args.reports_dir.is_absolute() {
        args.reports_dir.clone()
    } else {
        root.join(&args.reports_dir)
    };
    let run_id = args
        .run_id
        .clone()
        .unwrap_or_else(|| format!("{}-{}", meta::compact(started), args.profile));
    if run_id.is_empty() || run_id.contains(['/', '\\']) || run_id == "latest" {
        return Err(Error::Other(format!(
            "run id `{run_id}` must be a plain, non-empty name other than `latest`"
        )));
    }
    let dir = reports.join(&run_id);
    if dir.join("results.json").exists() {
        return Err(Error::Other(format!(
            "{} already exists; pick another --run-id",
            dir.display()
        )));
    }
    let criterion_home = dir.join("criterion");
    std::fs::create_dir_all(&criterion_home)
        .map_err(|e| Error::io(&criterion_home, "cannot create directory", e))?;

    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted))
            .map_err(|e| Error::Other(format!("cannot install signal handler: {e}")))?;
    }

    // 1. Build the criterion binary and the lab binary (cargo builds bins for benches).
    println!("bench-all: run {run_id}, profile {}", args.profile);
    println!("bench-all: building bench-lab (release) ...");
    let (bench_exe, lab_exe) = build(&root, args)?;
    let build_secs = t0.elapsed().as_secs_f64();
    println!("bench-all: built in {}", units::clock(build_secs));

    // 2. Plan.
    let (mut plan, features) = list(&lab_exe, args)?;
    // Run every strategy of one workload back to back, so slow drifts in machine load
    // (other processes, thermal state) hit the strategies being compared alike.
    let mut first_seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (i, p) in plan.iter().enumerate() {
        first_seen
            .entry((p.family.clone(), p.workload.clone()))
            .or_insert(i);
    }
    plan.sort_by_key(|p| first_seen[&(p.family.clone(), p.workload.clone())]);
    if plan.is_empty() {
        return Err(Error::Other(
            "the filters select no benchmark (see `cargo run -p bench-lab --bin lab -- list`)"
                .into(),
        ));
    }

    let mut run = RunMeta {
        id: run_id.clone(),
        started_at: meta::rfc3339(started),
        finished_at: None,
        git_commit: meta::git_commit(),
        rustc: meta::rustc_version(),
        cpu: meta::cpu_model(),
        cpu_features: meta::cpu_features(),
        profile: args.profile.clone(),
        features,
        blake3_version: meta::locked_version(&root.join("Cargo.lock"), "blake3"),
        status: "running".into(),
        wall_seconds: None,
        os: Some(meta::os()),
        filters: filter_args(args).into_iter().skip(2).collect(),
    };

    // 3. Counted pass: allocations, peak heap, digest check (never timed).
    println!(
        "bench-all: counting allocations for {} benchmarks ...",
        plan.len()
    );
    let counted = match allocs(&lab_exe, args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bench-all: warning: allocation pass failed, figures will be missing: {e}");
            BTreeMap::new()
        }
    };

    // 4. Timed pass, one criterion process per benchmark.
    let log_path = dir.join("bench.log");
    let mut log =
        std::fs::File::create(&log_path).map_err(|e| Error::io(&log_path, "cannot create", e))?;
    let mut results: Vec<Record> = Vec::new();
    let mut missing: Vec<Missing> = Vec::new();
    let timing_start = Instant::now();
    let mut expected_done = 0.0;
    let total = plan.len();
    for (i, p) in plan.iter().enumerate() {
        if interrupted.load(Ordering::SeqCst) {
            missing.push(missing_of(p, "interrupted before it ran"));
            continue;
        }
        let elapsed = timing_start.elapsed().as_secs_f64();
        let remaining: f64 = plan[i..].iter().map(|p| p.expected_secs).sum();
        let scale = if i >= 3 && expected_done > 0.0 {
            elapsed / expected_done
        } else {
            1.0
        };
        println!(
            "[{:>3}/{total}] {:<58} elapsed {}  ETA {}",
            i + 1,
            p.criterion_id,
            units::clock(t0.elapsed().as_secs_f64()),
            units::clock(remaining * scale)
        );
        let _ = std::io::stdout().flush();
        let outcome = time_one(&bench_exe, p, &run_id, &criterion_home, args, &mut log);
        expected_done += p.expected_secs;
        match outcome {
            Ok((interval_stat, best)) => results.push(record_of(
                p,
                interval_stat,
                best,
                counted.get(&p.criterion_id),
            )),
            Err(reason) => {
                let reason = if interrupted.load(Ordering::SeqCst) {
                    "interrupted while running".to_string()
                } else {
                    reason
                };
                eprintln!("bench-all: {} missing: {reason}", p.criterion_id);
                missing.push(missing_of(p, &reason));
            }
        }
        // Keep what was measured even if the process is killed.
        let partial = ResultsFile {
            schema: SCHEMA,
            run: run.clone(),
            results: results.clone(),
            missing: missing
                .iter()
                .cloned()
                .chain(plan[i + 1..].iter().map(|p| missing_of(p, "not run yet")))
                .collect(),
        };
        partial.save(&dir.join("results.json"))?;
    }

    // 5. Record and render.
    let was_interrupted = interrupted.load(Ordering::SeqCst);
    run.status = if was_interrupted {
        "interrupted".into()
    } else if missing.is_empty() {
        "complete".into()
    } else {
        "incomplete".into()
    };
    run.finished_at = Some(meta::rfc3339(SystemTime::now()));
    run.wall_seconds = Some(t0.elapsed().as_secs_f64());
    let file = ResultsFile {
        schema: SCHEMA,
        run,
        results,
        missing,
    };
    let results_path = dir.join("results.json");
    file.save(&results_path)?;
    crate::report::render_dir(&results_path)?;
    update_latest(&reports, &run_id)?;

    println!();
    println!("bench-all: {}", crate::report::status_line(&file));
    for line in crate::report::seed_direction(&crate::view::View::new(&file).seed_rows()) {
        println!("  seed {line}");
    }
    println!(
        "bench-all: wall time {} (build {}), report {}",
        units::clock(t0.elapsed().as_secs_f64()),
        units::clock(build_secs),
        dir.join("index.html").display()
    );
    println!("bench-all: summary {}", dir.join("summary.md").display());
    Ok(if was_interrupted {
        ExitCode::from(130)
    } else if file.missing.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn build(root: &Path, args: &BenchAllArgs) -> Result<(PathBuf, PathBuf)> {
    let mut cmd = Command::new(cargo());
    cmd.current_dir(root).args([
        "bench",
        "-p",
        "bench-lab",
        "--bench",
        "lab",
        "--no-run",
        "--message-format=json-render-diagnostics",
        // The peer crate solana-lattice-hash declares a rust-version newer than this
        // toolchain but compiles with it.
        "--ignore-rust-version",
    ]);
    if args.no_default_features {
        cmd.arg("--no-default-features");
    }
    // The peers are part of every bench-all run (feature `peer-solana` is off by default so
    // that `cargo test --workspace` never builds the peer crate).
    let mut features = vec!["peer-solana".to_string()];
    features.extend(args.features.clone());
    cmd.args(["--features", &features.join(",")]);
    let out = cmd
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| Error::Command(format!("cannot run cargo: {e}")))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "building bench-lab failed ({})",
            out.status
        )));
    }
    let (mut bench, mut bin) = (None, None);
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["reason"] != "compiler-artifact" || v["target"]["name"] != "lab" {
            continue;
        }
        let Some(exe) = v["executable"].as_str() else {
            continue;
        };
        let kinds = v["target"]["kind"].as_array().cloned().unwrap_or_default();
        let test_harness = v["profile"]["test"].as_bool().unwrap_or(false);
        if kinds.iter().any(|k| k == "bench") {
            bench = Some(PathBuf::from(exe));
        } else if kinds.iter().any(|k| k == "bin") && !test_harness {
            bin = Some(PathBuf::from(exe));
        }
    }
    match (bench, bin) {
        (Some(b), Some(l)) => Ok((b, l)),
        _ => Err(Error::Command(
            "cargo did not report the `lab` bench and bin executables".into(),
        )),
    }
}

fn run_lab(lab: &Path, sub: &str, args: &BenchAllArgs) -> Result<(PathBuf, serde_json::Value)> {
    let out = Command::new(lab)
        .arg(sub)
        .args(filter_args(args))
        .arg("--json")
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {}: {e}", lab.display())))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "`lab {sub}` failed ({})",
            out.status
        )));
    }
    let name = PathBuf::from(format!("<output of lab {sub}>"));
    let v = parse(&name, &String::from_utf8_lossy(&out.stdout))?;
    Ok((name, v))
}

fn list(lab: &Path, args: &BenchAllArgs) -> Result<(Vec<Planned>, Vec<String>)> {
    let (name, v) = run_lab(lab, "list", args)?;
    let root = At::root(&name, &v);
    let features = root.str_list_field("features")?;
    let plan = root
        .field("benches")?
        .items()?
        .iter()
        .map(|b| {
            Ok(Planned {
                criterion_id: b.str_field("criterion_id")?,
                family: b.str_field("family")?,
                digest: b.str_field("digest")?,
                strategy: b.str_field("strategy")?,
                variant: b.str_field("variant")?,
                workload: b.str_field("workload")?,
                data_size: b.opt_u64_field("data_size")?,
                bytes_per_iter: b.field("bytes_per_iter")?.as_u64()?,
                items_per_iter: b.field("items_per_iter")?.as_u64()?.max(1),
                baseline: b.field("baseline")?.as_bool()?,
                claims_consensus: b.field("claims_consensus")?.as_bool()?,
                expected_secs: b.opt_f64_field("expected_secs")?.unwrap_or(2.0),
                compressions_per_item: b.opt_f64_field("compressions_per_item")?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((plan, features))
}

fn allocs(lab: &Path, args: &BenchAllArgs) -> Result<BTreeMap<String, Counted>> {
    let (name, v) = run_lab(lab, "allocs", args)?;
    At::root(&name, &v)
        .field("results")?
        .items()?
        .iter()
        .map(|r| {
            Ok((
                r.str_field("criterion_id")?,
                Counted {
                    allocs_per_iter: r.field("allocs_per_iter")?.as_f64()?,
                    peak_bytes: r.field("peak_bytes")?.as_u64()?,
                    matches_reference: r.opt_bool_field("digest_compatible")?,
                },
            ))
        })
        .collect()
}

/// What one criterion run gives: the estimate and statistic, and the best sample with the
/// number of samples.
type Timed = ((Interval, &'static str), Option<(f64, u64)>);

/// Runs one benchmark; on success returns its estimate, on failure the reason.
fn time_one(
    exe: &Path,
    p: &Planned,
    run_id: &str,
    criterion_home: &Path,
    args: &BenchAllArgs,
    log: &mut std::fs::File,
) -> std::result::Result<Timed, String> {
    let _ = writeln!(log, "==== {}", p.criterion_id);
    let log_out = log.try_clone().map_err(|e| e.to_string())?;
    let log_err = log.try_clone().map_err(|e| e.to_string())?;
    let status = Command::new(exe)
        .args([
            "--bench",
            "--exact",
            &p.criterion_id,
            "--save-baseline",
            run_id,
            "--noplot",
            "--color",
            "never",
        ])
        .env("CRITERION_HOME", criterion_home)
        .env("HASHLAB_PROFILE", &args.profile)
        // glibc returns large freed buffers to the kernel (mmap threshold, trim threshold),
        // so a benchmark that allocates megabytes per iteration page-faults them back every
        // time: on this VM that was ~9 ms of a 13 ms reconcile full exchange. Raising both
        // thresholds measures the steady state of a long-running process, where freed
        // memory is reused. No effect on benchmarks that do not allocate.
        .env("MALLOC_MMAP_THRESHOLD_", "1073741824")
        .env("MALLOC_TRIM_THRESHOLD_", "1073741824")
        .stdin(Stdio::null())
        .stdout(log_out)
        .stderr(log_err)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !status.success() {
        return Err(format!("criterion exited with {status} (see bench.log)"));
    }
    let dirs = criterion_files::benchmark_dirs(criterion_home).map_err(|e| e.to_string())?;
    let dir = dirs
        .get(&p.criterion_id)
        .ok_or_else(|| "criterion wrote no benchmark.json for it".to_string())?;
    let estimate = criterion_files::read_estimate(dir).map_err(|e| e.to_string())?;
    let best = criterion_files::read_best_sample(dir).map_err(|e| e.to_string())?;
    Ok((estimate, best))
}

fn record_of(
    p: &Planned,
    (ns, statistic): (Interval, &'static str),
    best: Option<(f64, u64)>,
    c: Option<&Counted>,
) -> Record {
    Record {
        family: p.family.clone(),
        digest: p.digest.clone(),
        strategy: p.strategy.clone(),
        variant: p.variant.clone(),
        workload: p.workload.clone(),
        data_size: p.data_size,
        bytes_per_iter: p.bytes_per_iter,
        items_per_iter: p.items_per_iter,
        ns_per_iter: ns,
        statistic: statistic.to_string(),
        allocs_per_iter: c.map(|c| c.allocs_per_iter),
        peak_bytes: c.map(|c| c.peak_bytes),
        // Compatible = claims the consensus digest and matched the reference on this input.
        digest_compatible: c
            .and_then(|c| c.matches_reference)
            .map(|m| m && p.claims_consensus),
        baseline: p.baseline,
        criterion_id: Some(p.criterion_id.clone()),
        compressions_per_item: p.compressions_per_item,
        best_ns_per_iter: best.map(|b| b.0),
        samples: best.map(|b| b.1),
    }
}

fn missing_of(p: &Planned, reason: &str) -> Missing {
    Missing {
        family: p.family.clone(),
        digest: p.digest.clone(),
        strategy: p.strategy.clone(),
        variant: p.variant.clone(),
        workload: p.workload.clone(),
        criterion_id: Some(p.criterion_id.clone()),
        reason: reason.to_string(),
    }
}

/// Points `reports/latest` at the run (a relative symlink; a copy where symlinks fail).
fn update_latest(reports: &Path, run_id: &str) -> Result<()> {
    let latest = reports.join("latest");
    if let Ok(meta) = std::fs::symlink_metadata(&latest) {
        let removed = if meta.file_type().is_symlink() || meta.is_file() {
            std::fs::remove_file(&latest)
        } else {
            std::fs::remove_dir_all(&latest)
        };
        removed.map_err(|e| Error::io(&latest, "cannot replace", e))?;
    }
    #[cfg(unix)]
    if std::os::unix::fs::symlink(run_id, &latest).is_ok() {
        return Ok(());
    }
    std::fs::create_dir_all(&latest).map_err(|e| Error::io(&latest, "cannot create", e))?;
    for f in ["results.json", "index.html", "summary.md"] {
        let from = reports.join(run_id).join(f);
        std::fs::copy(&from, latest.join(f)).map_err(|e| Error::io(&from, "cannot copy", e))?;
    }
    Ok(())
}
