//! bench-all's paired pass: every table's rows timed against its baseline, paired and
//! interleaved, in fresh `lab paired` processes (memory layouts), with an A/A control that
//! sets the table's noise band; combined with `lab_record::paired::combine` into each
//! row's `paired` (method: docs/measurement.md).
//!
//! xtask does not depend on bench-lab: it spawns `lab paired ... --json` and reads each
//! process's `lab_record::paired::ProcessRun`.

use crate::analysis::verdicts::{self, Comparison};
use crate::render::units;
use lab_record::paired::{combine, Combined, LayoutUnit, ProcessRun};
use lab_record::{from_json_str, Planned, Profile, Record};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The lab binary and what every process it runs needs.
pub struct Lab<'a> {
    pub exe: &'a Path,
    /// Decides which benchmark ids exist and how much the pass measures.
    pub profile: Profile,
    /// `HASHLAB_ACCOUNTS`, when bench-all has `--accounts`.
    pub accounts: Option<&'a OsStr>,
}

impl Lab<'_> {
    /// The environment of bench-all's criterion runs: [`lab_record::GLIBC_MALLOC_ENV`], and
    /// `HASHLAB_ACCOUNTS` when given.
    pub fn envs(&self) -> Vec<(&OsStr, &OsStr)> {
        let mut v: Vec<(&OsStr, &OsStr)> = lab_record::GLIBC_MALLOC_ENV
            .iter()
            .map(|(k, v)| (OsStr::new(*k), OsStr::new(*v)))
            .collect();
        if let Some(a) = self.accounts {
            v.push((OsStr::new(super::accounts::ENV), a));
        }
        v
    }

    /// A command on the lab binary with [`Lab::envs`].
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(self.exe);
        cmd.envs(self.envs());
        cmd
    }
}

/// How much the paired pass measures, per profile (the table in docs/measurement.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Fresh processes per comparison (the layouts the interval is taken over).
    pub processes: u32,
    /// Rounds per in-process layout (fewer when the budget says so).
    pub rounds: u32,
    pub layouts_in_process: u32,
    /// Cap on one process's timed rounds, milliseconds.
    pub budget_ms: u64,
}

/// smoke (CI, 14 s) checks that the pass works; quick takes about 80 s for its 24
/// comparisons on the 2-core VM (mostly input setup of the mix and reconcile rows): 8
/// processes, because with 5 the 95 % t interval (t = 2.78 at 4 degrees of freedom) of a
/// 1 % layout spread was ±1.1 % at 165 B, and with 8 (t = 2.36) it is about ±0.75 %; full
/// takes several minutes (docs/measurement.md).
pub fn settings(profile: Profile) -> Settings {
    let (processes, rounds, layouts_in_process, budget_ms) = match profile {
        Profile::Smoke => (2, 5, 2, 20),
        Profile::Quick => (8, 25, 4, 200),
        Profile::Full => (8, 30, 4, 1500),
    };
    Settings {
        processes,
        rounds,
        layouts_in_process,
        budget_ms,
    }
}

/// `lab paired` arguments of process `i` of a comparison.
pub fn args(profile: Profile, c: &Comparison, s: Settings, seed: u64) -> Vec<String> {
    let mut a: Vec<String> = [
        "paired",
        "--profile",
        profile.as_str(),
        "--baseline",
        &c.baseline,
    ]
    .map(String::from)
    .to_vec();
    a.extend(["--rows".into(), c.rows.join(","), "--aa".into(), "1".into()]);
    for (flag, v) in [
        ("--rounds", u64::from(s.rounds)),
        ("--layouts-in-process", u64::from(s.layouts_in_process)),
        ("--budget-ms", s.budget_ms),
        ("--seed", seed),
    ] {
        a.push(flag.into());
        a.push(v.to_string());
    }
    a.push("--json".into());
    a
}

/// Runs `lab paired` with `args`, the comparison against `baseline`.
fn run_one(lab: &Lab, baseline: &str, args: &[String]) -> Result<ProcessRun, String> {
    let out = lab
        .command()
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", lab.exe.display()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "lab {}: {}: {}",
            args.join(" "),
            out.status,
            err.trim()
        ));
    }
    let name = PathBuf::from(format!("<output of lab paired --baseline {baseline}>"));
    from_json_str(&name, &String::from_utf8_lossy(&out.stdout)).map_err(|e| e.to_string())
}

/// Runs every comparison in `s.processes` processes, round robin (process i of every
/// comparison, then i + 1), so slow drift of the machine hits all comparisons alike.
/// A comparison whose process fails is dropped with a warning (its rows stay unpaired).
fn run_all(lab: &Lab, cmps: &[Comparison], s: Settings, stop: &AtomicBool) -> Vec<Combined> {
    let mut runs: Vec<Option<Vec<ProcessRun>>> = vec![Some(Vec::new()); cmps.len()];
    for i in 0..s.processes {
        for (k, c) in cmps.iter().enumerate() {
            if stop.load(Ordering::SeqCst) {
                return Vec::new();
            }
            let Some(done) = &mut runs[k] else { continue };
            let seed = 0x5eed_0000 + (k as u64) * 1000 + u64::from(i);
            match run_one(lab, &c.baseline, &args(lab.profile, c, s, seed)) {
                Ok(run) => done.push(run),
                Err(e) => {
                    eprintln!("bench-all: warning: paired {}: {e}", c.baseline);
                    runs[k] = None;
                }
            }
        }
    }
    let combined = runs.iter().zip(cmps).filter_map(|(r, c)| {
        let got = combine(r.as_deref()?, LayoutUnit::Process);
        if got.is_none() {
            eprintln!("bench-all: warning: paired {}: too few layouts", c.baseline);
        }
        got
    });
    combined.collect()
}

/// The paired pass: measures the plan's comparisons and fills `results` (each compared
/// row's `paired`, one A/A row per table). Prints one progress line and its time.
pub fn fill(lab: &Lab, plan: &[Planned], results: &mut Vec<Record>, stop: &AtomicBool) {
    let cmps = verdicts::comparisons(plan);
    if cmps.is_empty() {
        return;
    }
    let s = settings(lab.profile);
    println!(
        "bench-all: paired pass: {} comparisons x {} processes (A/A control each) ...",
        cmps.len(),
        s.processes
    );
    let t = Instant::now();
    let combined = run_all(lab, &cmps, s, stop);
    let filled = verdicts::fill_paired(results, &combined);
    println!(
        "bench-all: paired pass: {filled} rows in {} ({} comparisons combined)",
        units::clock(t.elapsed().as_secs_f64()),
        combined.len()
    );
}
