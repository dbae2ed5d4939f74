//! What bench-all and ab share: building the lab (`cargo bench -p bench-lab --bench lab
//! --no-run`, executables read from cargo's JSON messages) and running one criterion
//! benchmark in its own process (`<bench exe> --bench --exact <id>`), read back from
//! criterion's files.

use lab_record::Profile;
use lab_report::error::{Error, Result};
use lab_report::record::{cargo, criterion, Interval, Statistic};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cargo that runs xtask (`$CARGO`), else `cargo`.
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// How to build the lab.
pub struct LabBuild<'a> {
    /// The workspace to build (its `bench-lab` package).
    pub root: &'a Path,
    /// bench-lab features; `peer-solana` is always added.
    pub features: Vec<String>,
    pub no_default_features: bool,
    /// `--target-dir`, when not the workspace's own.
    pub target_dir: Option<PathBuf>,
    /// `--config` values (a peer-path build's `patch.crates-io.<crate>.path="DIR"`).
    pub config: Vec<String>,
}

/// What cargo said: its exit status, its JSON messages (stdout) and its own output
/// (stderr, also echoed to this process's stderr).
pub struct CargoOutput {
    pub status: std::process::ExitStatus,
    pub messages: String,
    pub stderr: String,
}

/// The lab's executables: the criterion bench (`bench`, `deps/lab-<hash>`) and the `lab`
/// binary (`<target>/release/lab`). Two checkouts of the workspace built into one target
/// directory share both paths (cargo hashes a member's path relative to its workspace):
/// each build replaces the last one's.
pub struct LabExes {
    pub bench: PathBuf,
    pub bin: PathBuf,
}

/// Builds the lab in release mode; cargo's diagnostics go to this process's stderr.
pub fn build(b: &LabBuild) -> Result<LabExes> {
    let out = cargo_build(b, "--message-format=json-render-diagnostics")?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "building bench-lab in {} failed ({}; cargo's errors are above)",
            b.root.display(),
            out.status
        )));
    }
    executables_of(&out)
}

/// The executables of a successful build.
pub fn executables_of(out: &CargoOutput) -> Result<LabExes> {
    let (bench, bin) = cargo::bench_and_bin(&out.messages, "lab").ok_or_else(|| {
        Error::Command("cargo did not report the `lab` bench and bin executables".into())
    })?;
    Ok(LabExes { bench, bin })
}

/// Runs `cargo bench --no-run` for the lab with `message_format`; cargo's stderr is
/// echoed and kept.
pub fn cargo_build(b: &LabBuild, message_format: &str) -> Result<CargoOutput> {
    let mut cmd = Command::new(cargo());
    cmd.current_dir(b.root).args([
        "bench",
        "-p",
        "bench-lab",
        "--bench",
        "lab",
        "--no-run",
        message_format,
        // The peer crate solana-lattice-hash declares a rust-version newer than this
        // toolchain but compiles with it.
        "--ignore-rust-version",
    ]);
    if b.no_default_features {
        cmd.arg("--no-default-features");
    }
    if let Some(dir) = &b.target_dir {
        cmd.arg("--target-dir").arg(dir);
    }
    for c in &b.config {
        cmd.arg("--config").arg(c);
    }
    // The peers are part of every measured build (feature `peer-solana` is off by default
    // so that `cargo test --workspace` never builds the peer crate).
    let mut features = vec!["peer-solana".to_string()];
    features.extend(b.features.iter().cloned());
    cmd.args(["--features", &features.join(",")]);
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Command(format!("cannot run cargo: {e}")))?;
    // stderr is echoed line by line while cargo runs (progress), stdout read after.
    let stderr = child.stderr.take().map(|pipe| {
        std::thread::spawn(move || {
            use std::io::{BufRead, Write};
            let mut kept = String::new();
            for line in std::io::BufReader::new(pipe).lines().map_while(|l| l.ok()) {
                let _ = writeln!(std::io::stderr(), "{line}");
                kept.push_str(&line);
                kept.push('\n');
            }
            kept
        })
    });
    let mut messages = String::new();
    if let Some(mut out) = child.stdout.take() {
        use std::io::Read;
        out.read_to_string(&mut messages)
            .map_err(|e| Error::Command(format!("cannot read cargo's output: {e}")))?;
    }
    let status = child
        .wait()
        .map_err(|e| Error::Command(format!("cannot wait for cargo: {e}")))?;
    let stderr = stderr.and_then(|t| t.join().ok()).unwrap_or_default();
    Ok(CargoOutput {
        status,
        messages,
        stderr,
    })
}

/// Copies a build's executables to `<target>/hashlab-lab/<tag>/` (`<target>` is the
/// target directory cargo built them in, `<root>/target` when that cannot be told), so that
/// a later build with other features into the same target directory (the capped
/// instruction-set builds share it: cargo keeps each feature set's artifacts apart, but the
/// uplifted `release/lab` binary is the last build's) cannot change what this one runs.
pub fn pin(exes: LabExes, root: &Path, tag: &str) -> Result<LabExes> {
    // `<target>/release/lab`.
    let target = exes
        .bin
        .parent()
        .and_then(Path::parent)
        .map_or_else(|| root.join("target"), Path::to_path_buf);
    let dir = target.join("hashlab-lab").join(tag);
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, "cannot create directory", e))?;
    let copy = |from: &Path, name: &str| -> Result<PathBuf> {
        let to = dir.join(name);
        std::fs::copy(from, &to).map_err(|e| Error::io(from, "cannot copy", e))?;
        Ok(to)
    };
    Ok(LabExes {
        bench: copy(&exes.bench, "lab-bench")?,
        bin: copy(&exes.bin, "lab")?,
    })
}

/// What one criterion run gives: the estimate and statistic, and the best sample with the
/// number of samples.
pub type Timed = ((Interval, Statistic), Option<(f64, u64)>);

/// One criterion benchmark in its own process.
pub struct CriterionRun<'a> {
    pub exe: &'a Path,
    pub criterion_id: &'a str,
    /// `CRITERION_HOME`: where criterion writes, and where the estimate is read back.
    pub home: &'a Path,
    /// `HASHLAB_PROFILE`.
    pub profile: Profile,
    /// `--save-baseline NAME`, when given.
    pub baseline: Option<&'a str>,
    /// More environment (`HASHLAB_ACCOUNTS`, ...).
    pub env: Vec<(OsString, OsString)>,
}

/// Runs one benchmark; on success its estimate, on failure the reason. `index` is the
/// criterion files of `run.home` read so far (each read once); `log` names where its
/// output went, for the failure message.
pub fn run_one(
    run: &CriterionRun,
    index: &mut criterion::Index,
    stdout: Stdio,
    stderr: Stdio,
    log: &str,
) -> std::result::Result<Timed, String> {
    let mut cmd = Command::new(run.exe);
    cmd.args(["--bench", "--exact", run.criterion_id]);
    if let Some(b) = run.baseline {
        cmd.args(["--save-baseline", b]);
    }
    let status = cmd
        .args(["--noplot", "--color", "never"])
        .envs(run.env.iter().map(|(k, v)| (k, v)))
        .env("CRITERION_HOME", run.home)
        .env(lab_record::process::PROFILE_ENV, run.profile)
        .envs(lab_record::GLIBC_MALLOC_ENV)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", run.exe.display()))?;
    if !status.success() {
        return Err(format!("criterion exited with {status} (see {log})"));
    }
    let dir = index
        .find(run.criterion_id)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| "criterion wrote no benchmark.json for it".to_string())?;
    let estimate = criterion::read_estimate(&dir).map_err(|e| e.to_string())?;
    let best = criterion::read_best_sample(&dir).map_err(|e| e.to_string())?;
    Ok((estimate, best))
}
