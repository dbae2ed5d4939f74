//! `cargo xtask bench-all`: build the lab, plan, count allocations, time every benchmark
//! with criterion (one process per benchmark, so progress, failures and interruptions are
//! per benchmark), record `results.json`, render the report.
//!
//! Layout of a run: `reports/<run-id>/` with `results.json`, `index.html`, `summary.md`,
//! `bench.log` (criterion's output) and `criterion/` (this run's `CRITERION_HOME`; the
//! baseline is saved under the run id, so `critcmp --target-dir reports/<run-id> <run-id>`
//! reads it). `reports/latest` points at the newest run. With `--isa-builds` (default for
//! quick and full) the capped blake3 builds' re-runs follow, with their own criterion
//! homes `criterion-isa-avx2/` and `criterion-isa-sse41/` (see [`super::isa_builds`]).
//! `--accounts FILE` files are read before anything is built and passed to every lab
//! process in `HASHLAB_ACCOUNTS` (see `lab_report::record::accounts`).

use super::isa_builds::{self, CappedBuild};
use super::lab_build::{self, CriterionRun, LabBuild, Timed};
use super::{instructions_pass, paired_pass, peer_path};
use crate::meta;
use clap::Args;
use lab_record::process::{given_filters, ACCOUNTS_ENV};
use lab_record::{BenchId, Counted, PlanFile, Planned, Profile};
use lab_report::analysis::isa;
use lab_report::error::{Error, Result};
use lab_report::record::journal::{Entry, Journal};
use lab_report::record::lab::{measured, parse_counts, parse_plan};
use lab_report::record::lock;
use lab_report::record::paths::{self, workspace_root};
use lab_report::record::{self, criterion, Missing, Record, ResultsFile, RunMeta, Status, SCHEMA};
use lab_report::record::{accounts, cargo};
use lab_report::render::{text, units};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

#[derive(Args, Debug, Clone)]
pub struct BenchAllArgs {
    /// smoke (every benchmark briefly, for CI), quick (default), full (criterion defaults).
    #[arg(long, default_value = "quick")]
    pub profile: Profile,
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
    /// A label for the machine, written to `run.machine` (default: the host name).
    #[arg(long)]
    pub machine: Option<String>,
    /// Your own accounts (repeatable): RPC JSON as `verify` reads, an Agave account storage
    /// file (`<slot>.<id>`), a directory of them, or a snapshot archive (`.tar.zst`, read
    /// streaming). Each becomes a workload `user_accounts/<name>` for every strategy. Every
    /// input is read before anything is built; a bad one stops the run (exit 2, naming
    /// file, line or byte offset, and field).
    #[arg(long = "accounts", value_name = "FILE")]
    pub accounts: Vec<PathBuf>,
    /// Measure a seeded uniform sample of N accounts of each storage input (memory stays
    /// at the sample; the composition still counts every stored account).
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// Draw the mainnet-mix workloads' data sizes from the mix measured in this snapshot
    /// archive (or storage files), written to the run's `mix.json`; or from a `mix.json`
    /// of an earlier run.
    #[arg(long, value_name = "SNAPSHOT")]
    pub mix_from: Option<PathBuf>,
    /// Seed of `--sample`'s draw.
    #[arg(long, value_name = "SEED", default_value_t = 0, requires = "sample")]
    pub sample_seed: u64,
    /// Build the lab also with the blake3 crate capped at AVX2 and at SSE4.1 (before
    /// anything is timed), and after the main run re-run the benchmarks whose instruction
    /// set that changes (default: on for quick and full, off for smoke).
    #[arg(long, conflicts_with = "no_isa_builds")]
    pub isa_builds: bool,
    /// Do not make the capped instruction-set builds.
    #[arg(long)]
    pub no_isa_builds: bool,
    /// Skip the paired pass (paired, interleaved verdicts over layouts with an A/A control).
    #[arg(long)]
    pub no_paired: bool,
    /// Build the lab a second time with only its code placement changed (every function
    /// aligned to 64 bytes, in `target/placement`) and run every other paired process on
    /// it, so each row's interval includes what placement moves and a verdict that
    /// depends on it reads `undecided` (default: on for quick and full, off for smoke).
    #[arg(long, conflicts_with = "no_placement")]
    pub placement: bool,
    /// Do not make the placement build.
    #[arg(long)]
    pub no_placement: bool,
    /// Skip the instruction pass (instructions per iteration under callgrind).
    #[arg(long)]
    pub no_instructions: bool,
    /// Seconds the paired pass may spend after its fixed processes on undecided rows and
    /// noisy tables (default: quick 105, full 300, smoke 0; without it, a quick run also
    /// stops them where its measuring would pass 8 minutes).
    #[arg(long, value_name = "SECONDS", value_parser = parse_budget)]
    pub budget: Option<f64>,
    /// Your working copy of a peer crate, measured against the released one in this run:
    /// CRATE=DIR (e.g. solana-lattice-hash=../agave/lattice-hash). The lab is built a second
    /// time with a cargo patch pointing CRATE at DIR; DIR and this workspace's Cargo.lock are
    /// only read. Both builds' rows are checked against the reference digests, then timed
    /// in rounds of three processes (released, released again, yours).
    #[arg(long, value_name = "CRATE=DIR", value_parser = peer_path::parse_spec)]
    pub peer_path: Option<peer_path::Spec>,
    /// Rounds of --peer-path's comparison (each process runs the run's --profile).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..))]
    pub peer_rounds: u32,
}

/// `--budget`: a finite, non-negative number of seconds.
fn parse_budget(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("`{s}` is not a number of seconds (0 or more)")),
    }
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

/// The lab's arguments for this run: `--profile` and [`filters`].
fn filter_args(args: &BenchAllArgs) -> Vec<String> {
    let mut v = vec!["--profile".to_string(), args.profile.to_string()];
    v.extend(filters(args));
    v
}

/// The selection flags given (`--families`, `--strategies`, `--sizes`, `--workloads`) with
/// their variables.
fn selection(args: &BenchAllArgs) -> impl Iterator<Item = (&'static str, &'static str, &String)> {
    given_filters([
        &args.families,
        &args.strategies,
        &args.sizes,
        &args.workloads,
    ])
}

/// The selection flags given, as recorded in `run.filters`.
fn filters(args: &BenchAllArgs) -> Vec<String> {
    selection(args)
        .flat_map(|(_, flag, v)| [flag.to_string(), v.clone()])
        .collect()
}

/// What every step of a run needs.
struct Session<'a> {
    args: &'a BenchAllArgs,
    run_id: String,
    reports: PathBuf,
    dir: PathBuf,
    t0: Instant,
    interrupted: Arc<AtomicBool>,
    /// `HASHLAB_ACCOUNTS` for the lab's processes, when `--accounts` was given.
    accounts: Option<OsString>,
    /// `journal.jsonl`: every row, as soon as it is measured.
    journal: Journal,
    /// One measuring run at a time in `reports`.
    _lock: lock::RunLock,
    /// Seconds spent building (the main build, then the placement and capped builds), so
    /// the wall time "once built" leaves every build out.
    builds: std::cell::Cell<f64>,
}

impl Session<'_> {
    fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }

    fn criterion_home(&self) -> PathBuf {
        self.dir.join("criterion")
    }

    fn results_path(&self) -> PathBuf {
        self.dir.join("results.json")
    }

    fn add_build(&self, secs: f64) {
        self.builds.set(self.builds.get() + secs);
    }

    /// Seconds spent measuring so far: the wall time less every build.
    fn measuring_secs(&self) -> f64 {
        self.t0.elapsed().as_secs_f64() - self.builds.get()
    }
}

fn bench_all(args: &BenchAllArgs) -> Result<ExitCode> {
    let started = SystemTime::now();
    // Every account file is read before anything is built or run.
    let Some(user) = read_accounts(args) else {
        return Ok(ExitCode::from(2));
    };
    let mix = args
        .mix_from
        .as_deref()
        .map(|p| accounts::measure_mix(p, &mut eprint_line));
    let mix = match mix {
        None => None,
        Some(Ok(mix)) => Some(mix),
        Some(Err(message)) => {
            eprintln!("error: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    let mut session = start(args, started)?;
    session.accounts = user.env_value();
    let mut workloads = user.workloads;
    if let Some(mix) = &mix {
        let written = accounts::write_mix(mix, &session.dir).map_err(Error::Other)?;
        println!(
            "bench-all: mainnet mix {} ({})",
            mix.source,
            written.display()
        );
        workloads.push(accounts::mix_workload(mix, &written));
        // Every lab process of the run inherits it (nothing else runs yet).
        std::env::set_var(lab_record::process::MIX_ENV, &written);
    }
    println!(
        "bench-all: run {}, profile {}",
        session.run_id, args.profile
    );
    println!("bench-all: building bench-lab (release) ...");
    let (bench_exe, lab_exe) = build(&workspace_root(), args, None)?;
    // Your working copy is built before anything is measured: a copy that does not build
    // with the lab's adapter stops the run here.
    let yours = args
        .peer_path
        .as_ref()
        .map(|spec| build_yours(args, spec))
        .transpose()?;
    let build_secs = session.t0.elapsed().as_secs_f64();
    session.add_build(build_secs);
    println!("bench-all: built in {}", units::clock(build_secs));
    let placement_exe = if placement_enabled(args) {
        let t = std::time::Instant::now();
        println!(
            "bench-all: building bench-lab a second time, only its code placement changed ({}) ...",
            PLACEMENT_RUSTFLAGS.join(" ")
        );
        let exe = build_placement(&workspace_root(), args)?;
        session.add_build(t.elapsed().as_secs_f64());
        println!(
            "bench-all: placement build in {}",
            units::clock(t.elapsed().as_secs_f64())
        );
        Some(exe)
    } else {
        None
    };

    let capped = build_capped(&session);

    let plan = plan(&lab_exe, &session)?;
    let mut run = run_meta(args, &session.run_id, started, plan.features.clone());
    run.workloads = workloads;
    session.journal.append(&Entry::start(&run, &plan.benches))?;
    println!(
        "bench-all: counting allocations for {} benchmarks ...",
        plan.benches.len()
    );
    let counted = count(&lab_exe, &session);
    let Tally {
        mut results,
        missing,
    } = measure(&session, &bench_exe, &plan, &counted, &run, capped)?;
    let before = results.clone();
    verdict_passes(
        &session,
        &lab_exe,
        placement_exe.as_deref(),
        &plan,
        &mut results,
    )?;
    session.journal.updates(&before, &results)?;
    let released = lab_build::LabExes {
        bench: bench_exe.clone(),
        bin: lab_exe.clone(),
    };
    let peer_paths = match (&args.peer_path, &yours) {
        (Some(spec), Some(yours)) if !session.interrupted() => {
            vec![measure_yours(&session, spec, &released, yours)?]
        }
        _ => Vec::new(),
    };

    run.status = record::final_status(session.interrupted(), &missing);
    run.finished_at = Some(meta::rfc3339(SystemTime::now()));
    run.wall_seconds = Some(session.t0.elapsed().as_secs_f64());
    let file = ResultsFile {
        schema: SCHEMA,
        run,
        results,
        missing,
        peer_paths,
    };
    record::save(&file, &session.results_path())?;
    session.journal.append(&Entry::End {
        status: file.run.status,
    })?;
    lab_report::render::render_dir(&session.results_path())?;
    paths::update_latest(&session.reports, &session.run_id)?;
    print_summary(&session, &file);
    Ok(exit_code(&file))
}

/// The lab with your working copy of a peer crate (`--peer-path`).
fn build_yours(args: &BenchAllArgs, spec: &peer_path::Spec) -> Result<lab_build::LabExes> {
    println!(
        "bench-all: building bench-lab with your {} at {} ...",
        spec.adapter.krate,
        spec.dir.display()
    );
    let features: Vec<String> = args.features.clone().into_iter().collect();
    peer_path::build(&workspace_root(), spec, &features, args.no_default_features)
}

/// `--peer-path`'s comparison, on the run's filters and accounts; each line printed.
fn measure_yours(
    session: &Session,
    spec: &peer_path::Spec,
    released: &lab_build::LabExes,
    yours: &lab_build::LabExes,
) -> Result<lab_record::PeerPath> {
    let args = session.args;
    // The strategies filter is the adapter's row (`peer_path::measure`).
    let mut env: Vec<(OsString, OsString)> = selection(args)
        .map(|(k, _, v)| (OsString::from(k), OsString::from(v)))
        .collect();
    env.extend(
        session
            .accounts
            .iter()
            .map(|v| (OsString::from(ACCOUNTS_ENV), v.clone())),
    );
    let filters = peer_path::Filters {
        env,
        profile: args.profile,
        rounds: args.peer_rounds,
    };
    let builds = peer_path::Builds { released, yours };
    let measured = peer_path::measure(spec, &builds, &filters, &session.dir)?;
    for line in lab_report::render::peer_path::lines(&measured) {
        println!("bench-all: {line}");
    }
    Ok(measured)
}

/// Seconds the instruction pass is expected to take, kept free of the paired pass's extra
/// processes in a run with a measuring target (`paired_pass::MEASURING_TARGET_SECS`): about
/// what a quick run's pass takes on a 2-core machine, with room.
const INSTRUCTIONS_SECS: f64 = 16.0;

/// Seconds after the passes: saving the results, rendering the report.
const AFTER_PAIRED_SECS: f64 = 3.0;

/// The paired pass and the instruction pass (`paired_pass`, `instructions_pass`), unless
/// turned off or interrupted; each process's result is journaled as it ends.
fn verdict_passes(
    session: &Session,
    lab_exe: &Path,
    placement_exe: Option<&Path>,
    plan: &PlanFile,
    results: &mut Vec<Record>,
) -> Result<()> {
    let args = session.args;
    let lab = paired_pass::Lab {
        exe: lab_exe,
        profile: args.profile,
        accounts: session.accounts.as_deref(),
        placement: placement_exe,
    };
    if !args.no_paired && !session.interrupted() {
        // What follows the paired pass: the instruction pass, then saving and rendering.
        let after = if args.no_instructions {
            AFTER_PAIRED_SECS
        } else {
            AFTER_PAIRED_SECS + INSTRUCTIONS_SECS
        };
        paired_pass::fill(
            &lab,
            &plan.benches,
            results,
            args.budget,
            &|| paired_pass::MEASURING_TARGET_SECS - after - session.measuring_secs(),
            &session.interrupted,
            &|baseline, index, run| {
                session.journal.append(&Entry::Paired {
                    baseline: baseline.clone(),
                    index,
                    run: Box::new(run.clone()),
                })
            },
        )?;
    }
    if !args.no_instructions && !session.interrupted() {
        let valgrind = instructions_pass::find_valgrind(std::env::var_os("PATH").as_deref());
        let dir = session.dir.join("callgrind");
        let journal = &session.journal;
        instructions_pass::fill(
            &lab,
            valgrind.as_deref(),
            &plan.benches,
            results,
            &dir,
            &|counts| {
                journal.append(&Entry::Instructions {
                    counts: counts.to_vec(),
                })
            },
        )?;
    }
    Ok(())
}

/// A reader's warning or note, to stderr.
fn eprint_line(line: &str) {
    eprintln!("{line}");
}

/// Reads every `--accounts` file; `None` (the error printed) when one cannot be read.
fn read_accounts(args: &BenchAllArgs) -> Option<accounts::UserAccounts> {
    let sample = args.sample.map(|size| account_hash::snapshot::Sample {
        size,
        seed: args.sample_seed,
    });
    match accounts::read_all(&args.accounts, sample, &mut eprint_line) {
        Ok(user) => {
            for w in &user.workloads {
                println!(
                    "bench-all: {} accounts from {} ({})",
                    w.accounts, w.file, w.workload
                );
            }
            Some(user)
        }
        Err(message) => {
            eprintln!("error: {message}");
            None
        }
    }
}

/// The timed passes: the main build's plan, then the capped builds' re-runs ([`CappedBuilt`],
/// made with the main build).
fn measure(
    session: &Session,
    bench_exe: &Path,
    plan: &PlanFile,
    counted: &BTreeMap<BenchId, Counted>,
    run: &RunMeta,
    capped: Vec<CappedBuilt>,
) -> Result<Tally> {
    let main_pass = Pass {
        home: session.criterion_home(),
        build: None,
    };
    let mut tally = Tally::default();
    time_all(
        session,
        bench_exe,
        &plan.benches,
        counted,
        run,
        &main_pass,
        &mut tally,
    )?;
    for built in capped {
        if !session.interrupted() {
            capped_pass(session, built, plan, run, &mut tally)?;
        }
    }
    Ok(tally)
}

/// Names the run, creates its directory and installs the Ctrl-C flag.
fn start(args: &BenchAllArgs, started: SystemTime) -> Result<Session<'_>> {
    let t0 = Instant::now();
    let reports = paths::reports_dir(&args.reports_dir);
    let run_id = args
        .run_id
        .clone()
        .unwrap_or_else(|| format!("{}-{}", meta::compact(started), args.profile));
    let lock = lock::acquire(&reports, &run_id, "bench-all")?;
    let dir = paths::create_run_dir(&reports, &run_id)?;
    let journal = Journal::create(&dir)?;
    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted))
            .map_err(|e| Error::Other(format!("cannot install signal handler: {e}")))?;
    }
    Ok(Session {
        args,
        run_id,
        reports,
        dir,
        t0,
        interrupted,
        accounts: None,
        journal,
        _lock: lock,
        builds: std::cell::Cell::new(0.0),
    })
}

fn run_meta(
    args: &BenchAllArgs,
    run_id: &str,
    started: SystemTime,
    features: Vec<String>,
) -> RunMeta {
    let design = lab_record::sequential::Design::for_profile(args.profile);
    RunMeta {
        id: run_id.to_string(),
        started_at: meta::rfc3339(started),
        finished_at: None,
        git_commit: meta::git_commit(),
        rustc: meta::rustc_version(),
        cpu: meta::cpu_model(),
        cpu_features: meta::cpu_features(),
        profile: args.profile,
        features,
        status: Status::Running,
        machine: args.machine.clone().unwrap_or_else(meta::hostname),
        blake3_version: cargo::locked_version(&workspace_root().join("Cargo.lock"), "blake3"),
        wall_seconds: None,
        os: Some(meta::os()),
        filters: filters(args),
        workloads: Vec::new(),
        spending: Some(design.spending),
        alpha: Some(design.alpha),
        looks: Some(design.looks.clone()),
        placement: placement_enabled(args),
    }
}

fn exit_code(file: &ResultsFile) -> ExitCode {
    match file.run.status {
        Status::Interrupted => ExitCode::from(130),
        _ if file.missing.is_empty() => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
}

fn print_summary(session: &Session, file: &ResultsFile) {
    let builds = session.builds.get();
    let wall = session.t0.elapsed().as_secs_f64();
    println!("\n{}", text::end_of_run(file, wall, builds, &session.dir));
}

/// Builds the lab; a capped build adds its feature (into the same target directory, where
/// cargo keeps each feature set's artifacts apart) and is pinned under its own tag.
fn build(
    root: &Path,
    args: &BenchAllArgs,
    capped: Option<CappedBuild>,
) -> Result<(PathBuf, PathBuf)> {
    let mut features: Vec<String> = args.features.clone().into_iter().collect();
    features.extend(capped.map(|c| c.feature.to_string()));
    let exes = lab_build::build(&LabBuild {
        root,
        features,
        no_default_features: args.no_default_features,
        target_dir: None,
        config: Vec::new(),
    })?;
    let tag = capped.map_or_else(|| "main".to_string(), |c| c.tag());
    let exes = lab_build::pin(exes, root, &tag)?;
    Ok((exes.bench, exes.bin))
}

/// What the placement build changes: every function aligned to 64 bytes, so every
/// function and the code after it lands elsewhere, and nothing else.
pub const PLACEMENT_RUSTFLAGS: [&str; 2] = ["-C", "llvm-args=-align-all-functions=6"];

/// Whether this run makes the placement build (for its paired pass, so never with
/// `--no-paired`): `--placement`, or the quick and full profiles unless `--no-placement`.
pub fn placement_enabled(args: &BenchAllArgs) -> bool {
    !args.no_paired && !args.no_placement && (args.placement || args.profile != Profile::Smoke)
}

/// Builds the lab with [`PLACEMENT_RUSTFLAGS`] in its own target directory (the flags
/// change every crate's artifacts, which would otherwise replace the main build's); its
/// `lab` binary, pinned.
fn build_placement(root: &Path, args: &BenchAllArgs) -> Result<PathBuf> {
    let flags: Vec<String> = PLACEMENT_RUSTFLAGS
        .iter()
        .map(|f| format!("{f:?}"))
        .collect();
    let exes = lab_build::build(&LabBuild {
        root,
        features: args.features.clone().into_iter().collect(),
        no_default_features: args.no_default_features,
        target_dir: Some(root.join("target").join("placement")),
        config: vec![format!("build.rustflags=[{}]", flags.join(","))],
    })?;
    Ok(lab_build::pin(exes, root, "placement")?.bin)
}

/// Sets `HASHLAB_ACCOUNTS` on a lab process when the run has account files.
fn with_accounts<'c>(cmd: &'c mut Command, session: &Session) -> &'c mut Command {
    match &session.accounts {
        Some(v) => cmd.env(ACCOUNTS_ENV, v),
        None => cmd,
    }
}

fn run_lab(lab: &Path, sub: &str, session: &Session) -> Result<(PathBuf, String)> {
    let out = with_accounts(&mut Command::new(lab), session)
        .arg(sub)
        .args(filter_args(session.args))
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
    Ok((name, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// `lab list --json`, in run order.
fn plan(lab: &Path, session: &Session) -> Result<PlanFile> {
    let (name, text) = run_lab(lab, "list", session)?;
    let plan = parse_plan(&name, &text)?;
    if plan.benches.is_empty() {
        return Err(Error::Other(
            "the filters select no benchmark (see `cargo run -p bench-lab --bin lab -- list`)"
                .into(),
        ));
    }
    Ok(plan)
}

/// The counted pass (allocations, peak heap, digest check; never timed), by benchmark.
/// A failure leaves the figures out and says so.
fn count(lab: &Path, session: &Session) -> BTreeMap<BenchId, Counted> {
    let counted =
        run_lab(lab, "allocs", session).and_then(|(name, text)| parse_counts(&name, &text));
    counted.unwrap_or_else(|e| {
        eprintln!("bench-all: warning: allocation pass failed, figures will be missing: {e}");
        BTreeMap::new()
    })
}

/// The timed pass: one criterion process per benchmark, each row journaled as it ends (a
/// killed run keeps what it measured: `report` rebuilds it from the journal); results.json
/// is written once, at the end of the pass. Criterion's files are read once each
/// ([`criterion::Index`]).
fn time_all(
    session: &Session,
    bench_exe: &Path,
    plan: &[Planned],
    counted: &BTreeMap<BenchId, Counted>,
    run: &RunMeta,
    pass: &Pass,
    tally: &mut Tally,
) -> Result<()> {
    let log_path = session.dir.join("bench.log");
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log_path)
        .map_err(|e| Error::io(&log_path, "cannot open", e))?;
    // Progress and ETA: the profile's expected times, scaled by how the first benchmarks
    // actually went.
    let (start, mut expected_done) = (Instant::now(), 0.0);
    let mut index = criterion::Index::new(&pass.home);
    for (i, p) in plan.iter().enumerate() {
        if session.interrupted() {
            if pass.build.is_none() {
                tally.missing.push(p.missing("interrupted before it ran"));
            }
            continue;
        }
        let secs = [session.t0, start].map(|t| t.elapsed().as_secs_f64());
        println!(
            "{}",
            text::progress_line(plan, i, secs[0], secs[1], expected_done)
        );
        let _ = std::io::stdout().flush();
        let outcome = time_one(bench_exe, p, session, pass, &mut index, &mut log);
        expected_done += p.expected_secs;
        match outcome {
            Ok(((ns, statistic), best)) => {
                let mut r = measured(p, ns, statistic, best, counted.get(&p.meta.id));
                r.build = pass.build.clone();
                session.journal.append(&Entry::row(&r))?;
                tally.results.push(r);
            }
            // A capped build's row is extra: its failure is reported, the run stays whole.
            Err(reason) if pass.build.is_some() => {
                eprintln!(
                    "bench-all: {} ({}) not measured: {reason}",
                    p.criterion_id(),
                    pass.build.as_deref().unwrap_or_default()
                );
            }
            Err(reason) => {
                let m = failed(session, p, reason);
                session
                    .journal
                    .append(&Entry::Missing { missing: m.clone() })?;
                tally.missing.push(m);
            }
        }
    }
    save_pass(session, run, tally)
}

/// Where a timed pass writes criterion's files, and which build it measures.
struct Pass {
    home: PathBuf,
    /// `None` for the main build; a capped build's feature otherwise.
    build: Option<String>,
}

/// What the timed passes measured so far.
#[derive(Default)]
struct Tally {
    results: Vec<Record>,
    missing: Vec<Missing>,
}

/// A capped build made with the main build, before anything is timed (so every pass times
/// the working tree as it was when the run started): its criterion executable and plan.
struct CappedBuilt {
    capped: CappedBuild,
    bench_exe: PathBuf,
    plan: PlanFile,
}

/// The capped builds this run makes, in [`isa_builds::BUILDS`] order. A build that fails
/// (bench-lab without the feature, a toolchain problem) is reported and skipped; the main
/// build's rows stand. None once the run is interrupted.
fn build_capped(session: &Session) -> Vec<CappedBuilt> {
    let args = session.args;
    if !isa_builds::enabled(args.profile, args.isa_builds, args.no_isa_builds) {
        return Vec::new();
    }
    let mut built = Vec::new();
    for capped in isa_builds::BUILDS {
        if session.interrupted() {
            break;
        }
        println!(
            "bench-all: building bench-lab with {} (shared target directory; only blake3 and \
             what depends on it rebuild) ...",
            capped.feature
        );
        let t = Instant::now();
        let exes = build(&workspace_root(), args, Some(capped));
        session.add_build(t.elapsed().as_secs_f64());
        match exes.and_then(|(bench, lab)| Ok((bench, plan(&lab, session)?))) {
            Ok((bench_exe, plan)) => built.push(CappedBuilt {
                capped,
                bench_exe,
                plan,
            }),
            Err(e) => eprintln!("bench-all: warning: {} build skipped: {e}", capped.feature),
        }
    }
    built
}

/// A capped build's pass: re-run the benchmarks whose `isa` it changes.
fn capped_pass(
    session: &Session,
    built: CappedBuilt,
    main: &PlanFile,
    run: &RunMeta,
    tally: &mut Tally,
) -> Result<()> {
    let CappedBuilt {
        capped,
        bench_exe,
        plan: capped_plan,
    } = built;
    let reruns = isa::capped_reruns(main, &capped_plan, session.args.profile == Profile::Full);
    println!(
        "bench-all: {}: {} benchmarks change instruction set",
        capped.feature,
        reruns.len()
    );
    let pass = Pass {
        home: capped.criterion_home(&session.dir),
        build: Some(capped.feature.to_string()),
    };
    time_all(
        session,
        &bench_exe,
        &reruns,
        &BTreeMap::new(),
        run,
        &pass,
        tally,
    )
}

fn failed(session: &Session, p: &Planned, reason: String) -> Missing {
    let reason = if session.interrupted() {
        "interrupted while running".to_string()
    } else {
        reason
    };
    eprintln!("bench-all: {} missing: {reason}", p.criterion_id());
    p.missing(&reason)
}

/// What a timed pass measured, as results.json (status `running`) at the pass's end.
fn save_pass(session: &Session, run: &RunMeta, tally: &Tally) -> Result<()> {
    let partial = ResultsFile {
        schema: SCHEMA,
        run: run.clone(),
        results: tally.results.clone(),
        missing: tally.missing.clone(),
        peer_paths: Vec::new(),
    };
    record::save(&partial, &session.results_path())
}

/// Runs one benchmark; on success returns its estimate, on failure the reason.
fn time_one(
    exe: &Path,
    p: &Planned,
    session: &Session,
    pass: &Pass,
    index: &mut criterion::Index,
    log: &mut std::fs::File,
) -> std::result::Result<Timed, String> {
    let _ = writeln!(log, "==== {}", p.criterion_id());
    let log_out = log.try_clone().map_err(|e| e.to_string())?;
    let log_err = log.try_clone().map_err(|e| e.to_string())?;
    let run = CriterionRun {
        exe,
        criterion_id: &p.criterion_id(),
        home: &pass.home,
        profile: session.args.profile,
        baseline: Some(&session.run_id),
        env: session
            .accounts
            .iter()
            .map(|v| (OsString::from(ACCOUNTS_ENV), v.clone()))
            .collect(),
    };
    lab_build::run_one(&run, index, log_out.into(), log_err.into(), "bench.log")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// bench-all's arguments as the command line `bench-all EXTRA...` gives them.
    fn args(extra: &[&str]) -> BenchAllArgs {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            args: BenchAllArgs,
        }
        Cli::parse_from(["bench-all"].iter().chain(extra).copied()).args
    }

    /// `run.machine` is the host name unless `--machine` names it; the filters are recorded
    /// without the profile.
    #[test]
    fn run_meta_labels_the_machine_and_records_the_filters() {
        let started = SystemTime::UNIX_EPOCH;
        let m = run_meta(&args(&["--families", "lt-hash"]), "r", started, vec![]);
        assert_eq!(m.machine, meta::hostname());
        assert_eq!(m.filters, ["--families", "lt-hash"]);
        assert_eq!(m.profile, Profile::Quick);
        // The design the run decides with, so a report rebuilt from the file decides alike.
        let quick = lab_record::sequential::Design::for_profile(Profile::Quick);
        assert_eq!(
            (m.looks.as_deref(), m.alpha, m.spending),
            (
                Some(&quick.looks[..]),
                Some(quick.alpha),
                Some(quick.spending)
            )
        );
        assert_eq!(m.design(), quick);
        let named = args(&["--machine", "zen4-lab", "--profile", "smoke"]);
        let m = run_meta(&named, "r", started, vec!["batch".into()]);
        assert_eq!(m.machine, "zen4-lab");
        assert_eq!(
            (m.profile, m.features.as_slice()),
            (Profile::Smoke, &["batch".to_string()][..])
        );
        assert!(m.filters.is_empty());
        assert_eq!(record::final_status(false, &[]), Status::Complete);
    }

    /// The placement build is on by default in quick and full, off in smoke, and the run
    /// records whether its paired pass alternated the two builds.
    #[test]
    fn the_default_profiles_measure_two_placements() {
        let placement = |extra: &[&str]| {
            let a = args(extra);
            let m = run_meta(&a, "r", SystemTime::UNIX_EPOCH, vec![]);
            assert_eq!(m.placement, placement_enabled(&a) && !a.no_paired);
            m.placement
        };
        assert!(placement(&[]));
        assert!(placement(&["--profile", "full"]));
        assert!(!placement(&["--profile", "smoke"]));
        assert!(placement(&["--profile", "smoke", "--placement"]));
        assert!(!placement(&["--no-placement"]));
        assert!(!placement(&["--no-paired"]));
    }
}
