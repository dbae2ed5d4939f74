//! bench-all's paired pass: every table's rows timed against its baseline, paired and
//! interleaved, in fresh `lab paired` processes (memory layouts), with two A/A twins (two
//! distinct copies of the baseline's code) that set the table's noise band and are each
//! judged against the other twin's band; combined by
//! `lab_record::sequential::combine_sequential_twins` into each row's `paired` (method:
//! docs/measurement.md).
//!
//! xtask does not depend on bench-lab: it spawns `lab paired ... --json` and reads each
//! process's `lab_record::paired::ProcessRun`.

use lab_record::paired::{Combined, ProcessRun};
use lab_record::sequential::Design;
use lab_record::{from_json_str, BenchId, Planned, Profile, Record};
use lab_report::analysis::paired_pass::{
    self, combine, default_budget_secs, process_args, sample_until_decided, settings, Settings,
    AA_TWINS,
};
use lab_report::analysis::verdicts::{self, Comparison};
use lab_report::error::Result;
use lab_report::render::units;
use std::cell::RefCell;
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
    /// A second build of the lab that differs from `exe` only in code placement
    /// (bench-all's placement build, on in the quick and full profiles): the paired pass runs every comparison's odd-numbered
    /// processes on it ([`Lab::exe_of`]).
    pub placement: Option<&'a Path>,
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
            v.push((OsStr::new(lab_record::process::ACCOUNTS_ENV), a));
        }
        v
    }

    /// A command on `exe` (the lab binary or its placement build) with [`Lab::envs`].
    fn command_on(&self, exe: &Path) -> Command {
        let mut cmd = Command::new(exe);
        cmd.envs(self.envs());
        cmd
    }

    /// The build that runs process `i` of a comparison: with a placement build, the two
    /// builds alternate (even `i` the main build), so both see the same drift of the
    /// machine, as `cargo xtask ab` alternates its revisions.
    pub fn exe_of(&self, i: u32) -> &Path {
        match self.placement {
            Some(other) if i % 2 == 1 => other,
            _ => self.exe,
        }
    }
}

/// Runs process `i` of comparison `c`: `lab paired` with `args`, on the build
/// [`Lab::exe_of`] gives it; an output that does not measure `c`'s baseline and rows is an
/// error.
fn run_one(
    lab: &Lab,
    i: u32,
    c: &Comparison,
    args: &[String],
) -> std::result::Result<ProcessRun, String> {
    let exe = lab.exe_of(i);
    let out = lab
        .command_on(exe)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "lab {}: {}: {}",
            args.join(" "),
            out.status,
            err.trim()
        ));
    }
    let name = PathBuf::from(format!("<output of lab paired --baseline {}>", c.baseline));
    let run: ProcessRun =
        from_json_str(&name, &String::from_utf8_lossy(&out.stdout)).map_err(|e| e.to_string())?;
    paired_pass::measures(&run, c)
        .then_some(run)
        .ok_or_else(|| format!("{}: does not measure the requested rows", name.display()))
}

/// Seconds of measuring (the wall time once built) a default quick run keeps within: its
/// paired pass stops taking more processes where the rest of the run would pass it
/// ([`fill`]).
pub const MEASURING_TARGET_SECS: f64 = 480.0;

/// Whether a run's paired pass keeps within [`MEASURING_TARGET_SECS`]: quick, the default
/// profile, whose run is meant to take minutes, with its default budget. `--budget` is the
/// user's and is kept; full runs as long as its budget takes; smoke has no extra processes.
fn keeps_target(budget_secs: Option<f64>, profile: Profile) -> bool {
    budget_secs.is_none() && profile == Profile::Quick
}

/// Seconds left for more processes: the budget less the `spent` seconds, and no more than
/// `target_left` (what the run has left of its measuring target; infinite without one).
fn seconds_left(budget_secs: f64, spent: f64, target_left: f64) -> f64 {
    (budget_secs - spent).min(target_left)
}

/// Runs every comparison in `s.processes` processes, round robin (process i of every
/// comparison, then i + 1), so slow drift of the machine hits all comparisons alike, then
/// more as [`sample_until_decided`] schedules them within `budget_secs`, and within
/// `target_left()` seconds when given (what is left of the run's measuring target).
/// A comparison whose process fails is dropped with a warning (its rows stay unpaired).
/// `journal(baseline, i, run)` records each process as it ends; its error stops the pass.
fn run_all(
    lab: &Lab,
    cmps: &[Comparison],
    s: Settings,
    budget_secs: f64,
    target_left: Option<&dyn Fn() -> f64>,
    stop: &AtomicBool,
    journal: &dyn Fn(&BenchId, u32, &ProcessRun) -> Result<()>,
) -> Result<Vec<Combined>> {
    let journal_failed = RefCell::new(None);
    let stopped = || stop.load(Ordering::SeqCst) || journal_failed.borrow().is_some();
    let run = |k: usize, i: u32| {
        let c = &cmps[k];
        let seed = 0x5eed_0000 + (k as u64) * 1000 + u64::from(i);
        let run = run_one(lab, i, c, &process_args(lab.profile, c, s, seed))
            .map_err(|e| eprintln!("bench-all: warning: paired {}: {e}", c.baseline))?;
        if let Err(e) = journal(&c.baseline, i, &run) {
            journal_failed.replace(Some(e));
        }
        Ok(run)
    };
    let mut runs: Vec<Option<Vec<ProcessRun>>> = vec![Some(Vec::new()); cmps.len()];
    'fixed: for i in 0..s.processes {
        for (k, done) in runs.iter_mut().enumerate() {
            if stopped() {
                break 'fixed;
            }
            let Some(d) = done else { continue };
            match run(k, i) {
                Ok(p) => d.push(p),
                Err(()) => *done = None,
            }
        }
    }
    let design = Design::for_profile(lab.profile);
    let started = Instant::now();
    let left = || target_left.map_or(f64::INFINITY, |f| f());
    if left() < budget_secs && !stopped() && design.looks.len() > 1 {
        println!(
            "bench-all: paired pass: {} of the {} for more processes fit the run's {} of measuring",
            units::clock(left().max(0.0)),
            units::clock(budget_secs),
            units::clock(MEASURING_TARGET_SECS),
        );
    }
    let extra = if stopped() {
        0
    } else {
        let remaining = || {
            if stopped() {
                0.0
            } else {
                seconds_left(budget_secs, started.elapsed().as_secs_f64(), left())
            }
        };
        sample_until_decided(&mut runs, &design, remaining, run)
    };
    if let Some(e) = journal_failed.into_inner() {
        return Err(e);
    }
    if extra > 0 {
        println!(
            "bench-all: paired pass: {extra} more processes for undecided rows and noisy tables in {}",
            units::clock(started.elapsed().as_secs_f64())
        );
    }
    if stop.load(Ordering::SeqCst) {
        return Ok(Vec::new());
    }
    let combined = runs.iter().zip(cmps).filter_map(|(r, c)| {
        let got = combine(r.as_deref()?, &design, lab.placement.is_some());
        if got.is_none() {
            eprintln!("bench-all: warning: paired {}: too few layouts", c.baseline);
        }
        got
    });
    Ok(combined.collect())
}

/// The paired pass: measures the plan's comparisons and fills `results` (each compared
/// row's `paired`, two A/A twin rows per table). Prints one progress line and its time.
/// `budget_secs` (bench-all's `--budget`) replaces [`default_budget_secs`]; without it, a
/// quick run also stops the extra processes at `target_left()` seconds (what the run has
/// left of [`MEASURING_TARGET_SECS`]: [`keeps_target`]).
/// `journal(baseline, i, run)` records each process as it ends (bench-all's run journal);
/// its error stops the pass and is returned.
pub fn fill(
    lab: &Lab,
    plan: &[Planned],
    results: &mut Vec<Record>,
    budget_secs: Option<f64>,
    target_left: &dyn Fn() -> f64,
    stop: &AtomicBool,
    journal: &dyn Fn(&BenchId, u32, &ProcessRun) -> Result<()>,
) -> Result<()> {
    let cmps = verdicts::comparisons(plan);
    if cmps.is_empty() {
        return Ok(());
    }
    let s = settings(lab.profile);
    println!(
        "bench-all: paired pass: {} comparisons x {} processes ({AA_TWINS} A/A twins each) ...",
        cmps.len(),
        s.processes
    );
    let t = Instant::now();
    let budget = budget_secs.unwrap_or_else(|| default_budget_secs(lab.profile));
    let target = keeps_target(budget_secs, lab.profile).then_some(target_left);
    let combined = run_all(lab, &cmps, s, budget, target, stop, journal)?;
    let filled = verdicts::fill_paired(results, &combined);
    println!(
        "bench-all: paired pass: {filled} rows in {} ({} comparisons combined)",
        units::clock(t.elapsed().as_secs_f64()),
        combined.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A default quick run stops its extra processes at what is left of its measuring
    /// target when that comes first; `--budget`, and the other profiles, keep their budget.
    #[test]
    fn a_default_quick_run_keeps_its_measuring_target() {
        assert!(keeps_target(None, Profile::Quick));
        assert!(!keeps_target(Some(105.0), Profile::Quick));
        assert!(!keeps_target(None, Profile::Full));
        assert!(!keeps_target(None, Profile::Smoke));
        assert_eq!(seconds_left(105.0, 5.0, 90.0), 90.0);
        assert_eq!(seconds_left(105.0, 5.0, 120.0), 100.0);
        assert_eq!(seconds_left(105.0, 5.0, f64::INFINITY), 100.0);
        assert_eq!(seconds_left(105.0, 5.0, -3.0), -3.0);
    }

    /// With a placement build, the two builds alternate, the main build's at even indices.
    #[test]
    fn processes_alternate_between_the_builds() {
        let lab = Lab {
            exe: Path::new("/main/lab"),
            profile: Profile::Quick,
            accounts: None,
            placement: Some(Path::new("/placement/lab")),
        };
        let exes: Vec<&Path> = (0..4).map(|i| lab.exe_of(i)).collect();
        assert_eq!(
            exes,
            ["/main/lab", "/placement/lab", "/main/lab", "/placement/lab"].map(Path::new)
        );
    }
}
