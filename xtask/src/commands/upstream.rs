//! `cargo xtask upstream`: the released solana-lattice-hash's own tests and benchmarks, run
//! against the drop-in (`crates/solana-lattice-hash`) without copying them into the
//! repository.
//!
//! The released crate's source is Cargo's registry copy (the package `cargo metadata` of
//! `crates/solana-lattice-hash/differential` names; cargo fetches it when missing). Its
//! tests are `#[cfg(test)]` items inside its source files and reach private items, so they
//! only compile inside a crate: `target/upstream/checks/` is generated, a copy of the
//! drop-in's sources without their own `#[cfg(test)]` items, with each released file's
//! `#[cfg(test)]` items appended to the drop-in file of the same path. An item whose file
//! has no counterpart, or that does not compile against the drop-in, is left out and listed
//! with the reason; the rest runs under `cargo test`. Then the released crate's `benches/`
//! are built twice, against the drop-in (in `checks/`) and against itself (a copy of the
//! released package in `target/upstream/released/`), and run in rounds: each round runs
//! every benchmark (criterion's `--list`) in both builds, one fresh process each, the two
//! back to back in a random order, so the machine's drift between a pair's halves is
//! seconds, not a whole suite; per benchmark the drop-in / released ratio over rounds with
//! its 95 % interval (`lab_report::analysis::upstream`). Writes
//! `reports/upstream/upstream.json` and `summary.md`.

use super::lab_build;
use lab_report::analysis::ab_rounds::Rng;
use lab_report::analysis::upstream::{bench_rows, time_rounds};
use lab_report::error::{Error, Result};
use lab_report::record::cargo::{self, short_error, CompilerError};
use lab_report::record::criterion::parse_list;
use lab_report::record::paths::workspace_root;
use lab_report::record::upstream::{
    manifest_dir, parse_bencher, parse_libtest, Benchmarks, Packages, TestOutcome, TestResult,
    UpstreamReport,
};
use lab_report::record::upstream_checks::{
    add_benches, bench_targets, copy_released, failing, take_out, write_checks, Generated,
};
use lab_report::render::upstream::summary;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// The feature both crates need to have any content.
const FEATURE: &str = "agave-unstable-api";
/// Where the generated crates and their target directories go, under the workspace root.
const WORK_DIR: &str = "target/upstream";
/// Where the report goes, under the workspace root.
const REPORT_DIR: &str = "reports/upstream";

#[derive(clap::Args, Debug)]
pub struct UpstreamArgs {
    /// Run the tests only (no benchmarks): for CI.
    #[arg(long)]
    tests_only: bool,
    /// Rounds of the benchmarks: each runs every benchmark in both builds, one fresh process
    /// each, the two back to back in a random order.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..))]
    rounds: u32,
    /// Only the benchmarks whose name contains this (criterion's filter).
    #[arg(long)]
    filter: Option<String>,
    /// Criterion's warm-up time per benchmark, in seconds.
    #[arg(long, default_value_t = 0.5)]
    warm_up_time: f64,
    /// Criterion's measurement time per benchmark, in seconds.
    #[arg(long, default_value_t = 1.0)]
    measurement_time: f64,
}

pub fn run(args: UpstreamArgs) -> ExitCode {
    match run_all(&args) {
        Ok(report) => {
            if report.tests.iter().any(|t| t.result == TestResult::Failed) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

// ---------------------------------------------------------------------------------------
// The command

fn run_all(args: &UpstreamArgs) -> Result<UpstreamReport> {
    let root = workspace_root();
    let work = root.join(WORK_DIR);
    let packages = locate(&root)?;
    let released_dir = manifest_dir(&packages.released)?;
    let dropin_dir = manifest_dir(&packages.dropin)?;
    println!("released crate: {}", released_dir.display());

    let checks = work.join("checks");
    let lock = root.join("Cargo.lock");
    let mut generated = write_checks(&packages, &released_dir, &dropin_dir, &lock, &checks)?;
    let checks_target = work.join("target-checks");
    println!("building the upstream tests against the drop-in ...");
    compile_tests(&checks, &checks_target, &mut generated)?;
    println!("running the upstream tests ...");
    let tests = run_tests(&checks, &checks_target)?;

    let benchmarks = if args.tests_only {
        None
    } else {
        Some(benchmarks(args, &packages, &released_dir, &checks, &work)?)
    };
    let report = UpstreamReport {
        released: packages.released_name()?,
        released_dir,
        tests,
        left_out: generated.left_out,
        benchmarks,
    };
    let out = root.join(REPORT_DIR);
    let json = serde_json::to_string_pretty(&report)
        .map_err(|e| Error::Other(format!("cannot serialise the report: {e}")))?;
    lab_report::error::write(&out.join("upstream.json"), json + "\n")?;
    let text = summary(&report);
    lab_report::error::write(&out.join("summary.md"), &text)?;
    println!("\n{text}");
    println!("written: {}", out.display());
    Ok(report)
}

/// `cargo metadata` of the differential workspace (which depends on the released crate
/// and the drop-in): both packages. Cargo fetches the released crate when it is missing.
fn locate(root: &Path) -> Result<Packages> {
    let manifest = root.join("crates/solana-lattice-hash/differential/Cargo.toml");
    let out = Command::new(lab_build::cargo())
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(&manifest)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| Error::Command(format!("cannot run cargo metadata: {e}")))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "cargo metadata --manifest-path {} failed ({})",
            manifest.display(),
            out.status
        )));
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        Error::Command(format!(
            "cargo metadata --manifest-path {}: not JSON: {e}",
            manifest.display()
        ))
    })?;
    Packages::from_metadata(&meta, &manifest)
}

/// What a cargo build produced: the executables (target name, path), or the compiler
/// errors.
type Built = std::result::Result<Vec<(String, PathBuf)>, Vec<CompilerError>>;

/// Runs `cargo <args> --message-format json` in `dir`: the executables it built (target
/// name, path) or its compiler errors.
fn cargo_json(dir: &Path, target: &Path, args: &[&str]) -> Result<Built> {
    let what = format!("cargo {} in {}", args.join(" "), dir.display());
    let out = Command::new(lab_build::cargo())
        .args(args)
        .args(["--message-format", "json"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {what}: {e}")))?;
    let messages = String::from_utf8_lossy(&out.stdout);
    let exes = cargo::executables(&messages)
        .into_iter()
        .map(|e| (e.name, e.path))
        .collect();
    let errors = cargo::errors(&messages);
    if out.status.success() {
        return Ok(Ok(exes));
    }
    if errors.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = stderr
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or(stderr.trim());
        return Err(Error::Command(format!(
            "{what} failed ({}): {first}",
            out.status
        )));
    }
    Ok(Err(errors))
}

/// Builds the tests; while an appended item has a compiler error, takes it out (listing
/// it with its first error) and builds again. An error outside the appended items stops.
fn compile_tests(checks: &Path, target: &Path, generated: &mut Generated) -> Result<()> {
    let args = ["test", "--lib", "--no-run", "--features", FEATURE];
    loop {
        let errors = match cargo_json(checks, target, &args)? {
            Ok(_) => return Ok(()),
            Err(errors) => errors,
        };
        let removed = failing(generated, &errors);
        if removed.is_empty() {
            let first = &errors[0];
            return Err(Error::Command(format!(
                "cargo test --no-run in {} failed outside the upstream tests: {}",
                checks.display(),
                short_error(&first.rendered)
            )));
        }
        for (i, reason) in removed.iter().rev() {
            let a = &generated.appended[*i];
            println!("left out {} {}: {reason}", a.item.file, a.item.item);
            let path = checks.join(&a.file);
            let text = lab_report::error::read_to_string(&path)?;
            lab_report::error::write(&path, take_out(generated, *i, reason, &text))?;
        }
    }
}

/// Runs the built tests: each test's result from libtest's output.
fn run_tests(checks: &Path, target: &Path) -> Result<Vec<TestOutcome>> {
    let out = Command::new(lab_build::cargo())
        .args(["test", "--lib", "--features", FEATURE])
        .current_dir(checks)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| {
            Error::Command(format!(
                "cannot run cargo test in {}: {e}",
                checks.display()
            ))
        })?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let tests = parse_libtest(&stdout);
    if tests.is_empty() {
        return Err(Error::Command(format!(
            "cargo test in {} ({}) printed no test results",
            checks.display(),
            out.status
        )));
    }
    if !out.status.success() {
        println!("{stdout}");
    }
    Ok(tests)
}

/// Builds the benches against the drop-in and the released crate, runs the rounds.
fn benchmarks(
    args: &UpstreamArgs,
    packages: &Packages,
    released_dir: &Path,
    checks: &Path,
    work: &Path,
) -> Result<Benchmarks> {
    let benches = bench_targets(&packages.released, released_dir);
    if benches.is_empty() {
        return Err(Error::Command(format!(
            "{}: the released crate has no [[bench]] targets",
            released_dir.display()
        )));
    }
    add_benches(checks, released_dir, &benches)?;
    let released = work.join("released");
    copy_released(released_dir, &released)?;

    let build_args = [
        "bench",
        "--no-run",
        "--ignore-rust-version",
        "--features",
        FEATURE,
    ];
    // Each side's bench executables by target name, so the two builds pair by name.
    let mut exes: [BTreeMap<String, PathBuf>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for (side, dir, target) in [
        (0, &released, work.join("target-released")),
        (1, &checks.to_path_buf(), work.join("target-checks")),
    ] {
        println!("building the benchmarks in {} ...", dir.display());
        match cargo_json(dir, &target, &build_args)? {
            Ok(built) => {
                exes[side] = built
                    .into_iter()
                    .filter(|(name, _)| benches.iter().any(|(b, _)| b == name))
                    .collect();
            }
            Err(errors) => {
                return Err(Error::Command(format!(
                    "cargo bench --no-run in {} failed: {}",
                    dir.display(),
                    short_error(&errors[0].rendered)
                )))
            }
        }
        if exes[side].len() != benches.len() {
            return Err(Error::Command(format!(
                "cargo bench --no-run in {} built {} of the {} bench executables",
                dir.display(),
                exes[side].len(),
                benches.len()
            )));
        }
    }
    // Every benchmark of the released build's executables (criterion's `--list`), each
    // with the two builds' executables that hold it.
    let mut cases: Vec<(String, [&Path; 2])> = Vec::new();
    for (target, exe) in &exes[0] {
        let Some(theirs) = exes[1].get(target) else {
            continue;
        };
        for name in list_benchmarks(exe, args.filter.as_deref())? {
            cases.push((name, [exe.as_path(), theirs.as_path()]));
        }
    }
    if cases.is_empty() {
        return Err(Error::Command(format!(
            "no benchmark of {} matches the filter {:?}",
            released_dir.display(),
            args.filter.as_deref().unwrap_or("")
        )));
    }

    let home = work.join("criterion-home");
    let times = time_rounds(
        &cases,
        args.rounds,
        &mut Rng::from_time(),
        &mut |round| println!("round {}/{}", round + 1, args.rounds),
        &mut |(name, sides), side| run_bench(sides[side], args, &home, name),
    )?;
    let _ = std::fs::remove_dir_all(&home);
    let (rows, unpaired) = bench_rows(&times);
    Ok(Benchmarks {
        rounds: args.rounds,
        warm_up_time: args.warm_up_time,
        measurement_time: args.measurement_time,
        filter: args.filter.clone(),
        rows,
        unpaired,
    })
}

/// The benchmarks of a criterion bench executable whose names contain `filter` (its
/// `--list` output).
fn list_benchmarks(exe: &Path, filter: Option<&str>) -> Result<Vec<String>> {
    let mut cmd = Command::new(exe);
    cmd.args(["--bench", "--list"]);
    if let Some(filter) = filter {
        cmd.arg(filter);
    }
    Ok(parse_list(&stdout_of(cmd, exe, "--bench --list")?))
}

/// One run of one benchmark (`--exact name`) of a criterion bench executable: its median,
/// ns per iteration.
fn run_bench(
    exe: &Path,
    args: &UpstreamArgs,
    home: &Path,
    name: &str,
) -> Result<Vec<(String, f64)>> {
    let _ = std::fs::remove_dir_all(home);
    let mut cmd = Command::new(exe);
    cmd.args(["--bench", "--output-format", "bencher", "--noplot"])
        .arg("--warm-up-time")
        .arg(args.warm_up_time.to_string())
        .arg("--measurement-time")
        .arg(args.measurement_time.to_string())
        .args(["--exact", name])
        .env("CRITERION_HOME", home);
    Ok(parse_bencher(&stdout_of(cmd, exe, name)?))
}

/// The standard output of `cmd` (running `exe`; `what` names the run in the error), or its
/// status and last line of standard error.
fn stdout_of(mut cmd: Command, exe: &Path, what: &str) -> Result<String> {
    let out = cmd
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {}: {e}", exe.display())))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(Error::Command(format!(
            "{} {what} failed ({}): {}",
            exe.display(),
            out.status,
            stderr.lines().last().unwrap_or_default()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole command, for real: builds and runs the released crate's tests against
    /// the drop-in (`.ci/run` runs it with `--ignored`).
    #[test]
    #[ignore = "builds two crates and runs the upstream tests: minutes"]
    fn upstream_tests_pass_against_the_drop_in() {
        let args = UpstreamArgs {
            tests_only: true,
            rounds: 2,
            filter: None,
            warm_up_time: 0.1,
            measurement_time: 0.1,
        };
        let report = run_all(&args).unwrap();
        assert!(report.tests.len() > 10, "{:?}", report.tests);
        let failed: Vec<_> = report
            .tests
            .iter()
            .filter(|t| t.result == TestResult::Failed)
            .collect();
        assert!(failed.is_empty(), "{failed:?}");
        assert!(report
            .left_out
            .iter()
            .any(|l| l.file == "src/batch/arch.rs"));
    }
}
