//! Two builds of the lab timed against each other with real processes: what `cargo
//! xtask ab` (two revisions) and `--peer-path` (the released crate and your working copy)
//! share. The loop itself is `lab_report::analysis::ab_rounds`; this module runs the processes (each
//! with a fresh `CRITERION_HOME`) and lists a build's benchmarks.

use super::lab_build::{self, CriterionRun};
use lab_record::sequential::Design;
use lab_record::Profile;
use lab_report::analysis::ab as analysis;
use lab_report::analysis::ab_rounds::{self, Hooks, Rng, Runner, Side, Tally};
use lab_report::error::{Error, Result};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// `<bench exe> --bench --list` under the filters: the criterion ids, in order. `what`
/// names the build in the error.
pub fn list_ids(bench: &Path, env: &[(OsString, OsString)], what: &str) -> Result<Vec<String>> {
    let out = Command::new(bench)
        .args(["--bench", "--list"])
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {}: {e}", bench.display())))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "listing the benchmarks of {what} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(lab_report::record::criterion::parse_list(
        &String::from_utf8_lossy(&out.stdout),
    ))
}

/// Two builds of the lab to time against each other, and where the processes' output goes.
pub struct Pair {
    /// A's and B's criterion bench executables.
    pub exes: [PathBuf; 2],
    /// The environment of every process (filters, accounts).
    pub env: Vec<(OsString, OsString)>,
    pub profile: Profile,
    pub rounds: u32,
    /// Where the log (`dir/<log>`) and the processes' criterion homes go.
    pub dir: PathBuf,
    pub log: &'static str,
}

/// The rounds of [`ab_rounds::measure_all`] with real processes, Ctrl-C stopping them;
/// `saved` is called after each benchmark.
pub fn measure_pair(
    pair: &Pair,
    split: &analysis::Split,
    saved: &mut dyn FnMut(&Tally) -> Result<()>,
) -> Result<Tally> {
    let log_path = pair.dir.join(pair.log);
    lab_report::error::write(&log_path, "")?;
    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(&interrupted))
            .map_err(|e| Error::Other(format!("cannot install signal handler: {e}")))?;
    }
    let homes = pair.dir.join("criterion-tmp");
    let mut runner = LabRunner {
        exes: pair.exes.clone(),
        env: pair.env.clone(),
        profile: pair.profile,
        log: log_path,
        log_name: pair.log,
        homes: homes.clone(),
        n: 0,
    };
    let stop = || interrupted.load(Ordering::SeqCst);
    let mut progress = |line: &str| {
        println!("{line}");
        let _ = std::io::stdout().flush();
    };
    let mut hooks = Hooks {
        stop: &stop,
        progress: &mut progress,
        saved,
    };
    let tally = ab_rounds::measure_all(
        split,
        pair.rounds,
        &Design::one_look(pair.profile, pair.rounds),
        &mut runner,
        &mut Rng::from_time(),
        &mut hooks,
    )?;
    let _ = std::fs::remove_dir_all(&homes);
    Ok(tally)
}

/// Runs each process with its own, fresh `CRITERION_HOME`; criterion's output goes to
/// the log.
struct LabRunner {
    /// A's and B's bench executables.
    exes: [PathBuf; 2],
    env: Vec<(OsString, OsString)>,
    profile: Profile,
    log: PathBuf,
    log_name: &'static str,
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
            profile: self.profile,
            baseline: None,
            env: self.env.clone(),
        };
        let mut index = lab_report::record::criterion::Index::new(&home);
        let timed = lab_build::run_one(&run, &mut index, out.into(), err.into(), self.log_name);
        let _ = std::fs::remove_dir_all(&home);
        timed.map(|((ns, _), _)| ns.estimate)
    }
}
