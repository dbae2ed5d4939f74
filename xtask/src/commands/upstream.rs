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
use lab_report::analysis::upstream::{bench_rows, RoundTimes};
use lab_report::error::{Error, Result};
use lab_report::record::cargo::{self, short_error, CompilerError};
use lab_report::record::criterion::parse_list;
use lab_report::record::paths::workspace_root;
use lab_report::record::peer_path::toml_string;
use lab_report::record::test_items::{cfg_test_items, without_items};
use lab_report::record::upstream::{
    checks_manifest, parse_bencher, parse_libtest, Benchmarks, TestOutcome, TestResult,
    UpstreamReport,
};
use lab_report::record::upstream_checks::{
    append_items, bench_targets, failing, take_out, Generated,
};
use lab_report::render::upstream::summary;
use serde_json::Value;
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

/// The two packages, as `cargo metadata` of the differential workspace sees them.
struct Packages {
    released: Value,
    dropin: Value,
}

fn run_all(args: &UpstreamArgs) -> Result<UpstreamReport> {
    let root = workspace_root();
    let work = root.join(WORK_DIR);
    let packages = locate(&root)?;
    let released_dir = manifest_dir(&packages.released)?;
    let dropin_dir = manifest_dir(&packages.dropin)?;
    println!("released crate: {}", released_dir.display());

    let checks = work.join("checks");
    let mut generated = generate_checks(&root, &packages, &released_dir, &dropin_dir, &checks)?;
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
        released: format!(
            "{} {}",
            str_field(&packages.released, "name")?,
            str_field(&packages.released, "version")?
        ),
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

fn str_field<'a>(v: &'a Value, field: &str) -> Result<&'a str> {
    v[field]
        .as_str()
        .ok_or_else(|| Error::Other(format!("cargo metadata: package without `{field}`")))
}

fn manifest_dir(package: &Value) -> Result<PathBuf> {
    let manifest = PathBuf::from(str_field(package, "manifest_path")?);
    Ok(manifest.parent().map(Path::to_path_buf).unwrap_or_default())
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
    let meta: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        Error::Command(format!(
            "cargo metadata --manifest-path {}: not JSON: {e}",
            manifest.display()
        ))
    })?;
    let packages = meta["packages"].as_array().cloned().unwrap_or_default();
    let find = |registry: bool| {
        packages
            .iter()
            .find(|p| {
                p["name"] == "solana-lattice-hash"
                    && p["source"]
                        .as_str()
                        .is_some_and(|s| s.starts_with("registry+"))
                        == registry
            })
            .cloned()
            .ok_or_else(|| {
                Error::Command(format!(
                    "{}: no {} solana-lattice-hash among its packages",
                    manifest.display(),
                    if registry { "released" } else { "path" }
                ))
            })
    };
    Ok(Packages {
        released: find(true)?,
        dropin: find(false)?,
    })
}

/// Every `.rs` file under `dir`, relative to `base`, sorted.
fn rust_files(base: &Path, dir: &Path, out: &mut Vec<String>) -> Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, "cannot list", e))?;
    for entry in entries {
        let path = entry.map_err(|e| Error::io(dir, "cannot list", e))?.path();
        if path.is_dir() {
            rust_files(base, &path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(base).unwrap_or(&path);
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    out.sort();
    Ok(())
}

/// Writes `checks/`: the drop-in's sources without their `#[cfg(test)]` items, the
/// released files' `#[cfg(test)]` items appended, its Cargo.toml and the workspace's
/// Cargo.lock.
fn generate_checks(
    root: &Path,
    packages: &Packages,
    released_dir: &Path,
    dropin_dir: &Path,
    checks: &Path,
) -> Result<Generated> {
    if checks.exists() {
        std::fs::remove_dir_all(checks).map_err(|e| Error::io(checks, "cannot remove", e))?;
    }
    let mut dropin_files = Vec::new();
    rust_files(dropin_dir, &dropin_dir.join("src"), &mut dropin_files)?;
    let mut sources = BTreeMap::new();
    for rel in &dropin_files {
        let path = dropin_dir.join(rel);
        let text = lab_report::error::read_to_string(&path)?;
        let own = cfg_test_items(&text, &path)?;
        sources.insert(rel.clone(), without_items(&text, &own));
    }
    let mut released_files = Vec::new();
    rust_files(released_dir, &released_dir.join("src"), &mut released_files)?;
    let mut released = Vec::new();
    for rel in released_files {
        let path = released_dir.join(&rel);
        let items = cfg_test_items(&lab_report::error::read_to_string(&path)?, &path)?;
        released.push((rel, items));
    }
    let generated = append_items(&mut sources, released_dir, released);
    for (rel, text) in &sources {
        lab_report::error::write(&checks.join(rel), text)?;
    }
    lab_report::error::write(
        &checks.join("Cargo.toml"),
        checks_manifest(&packages.dropin, &packages.released)?,
    )?;
    let lock = root.join("Cargo.lock");
    std::fs::copy(&lock, checks.join("Cargo.lock"))
        .map_err(|e| Error::io(&lock, "cannot copy", e))?;
    Ok(generated)
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

/// Copies a directory tree (files and directories only).
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to).map_err(|e| Error::io(to, "cannot create directory", e))?;
    let entries = std::fs::read_dir(from).map_err(|e| Error::io(from, "cannot list", e))?;
    for entry in entries {
        let path = entry.map_err(|e| Error::io(from, "cannot list", e))?.path();
        let dest = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_tree(&path, &dest)?;
        } else {
            std::fs::copy(&path, &dest).map_err(|e| Error::io(&path, "cannot copy", e))?;
        }
    }
    Ok(())
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
    let mut manifest = lab_report::error::read_to_string(&checks.join("Cargo.toml"))?;
    for (name, rel) in &benches {
        let from = released_dir.join(rel);
        let to = checks.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::io(parent, "cannot create directory", e))?;
        }
        std::fs::copy(&from, &to).map_err(|e| Error::io(&from, "cannot copy", e))?;
        manifest.push_str(&format!(
            "\n[[bench]]\nname = {}\npath = {}\nharness = false\n",
            toml_string(name),
            toml_string(rel)
        ));
    }
    lab_report::error::write(&checks.join("Cargo.toml"), manifest)?;

    let released = work.join("released");
    if released.exists() {
        std::fs::remove_dir_all(&released).map_err(|e| Error::io(&released, "cannot remove", e))?;
    }
    copy_tree(released_dir, &released)?;
    // Its own workspace: the copy lies inside hashlab's.
    let toml = released.join("Cargo.toml");
    let text = lab_report::error::read_to_string(&toml)? + "\n[workspace]\n";
    lab_report::error::write(&toml, text)?;

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
    let mut times: RoundTimes = BTreeMap::new();
    let mut rng = Rng::from_time();
    for round in 0..args.rounds {
        println!("round {}/{}", round + 1, args.rounds);
        for (name, sides) in &cases {
            // Both builds of one benchmark back to back, in a random order: a pair is
            // seconds apart, so the machine's drift between its two halves is small.
            let order = if rng.next_u64().is_multiple_of(2) {
                [0, 1]
            } else {
                [1, 0]
            };
            for side in order {
                for (timed, ns) in run_bench(sides[side], args, &home, name)? {
                    let rounds = times.entry(timed).or_default();
                    rounds.resize(args.rounds as usize, [None, None]);
                    rounds[round as usize][side] = Some(ns);
                }
            }
        }
    }
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
