//! Fresh processes of the lab binary, each measuring one request.

use super::*;
use crate::Profile;

/// What one `lab paired` process is asked to measure; [`Request::args`] is its command
/// line, so xtask (or `lab paired --processes K`) can spawn fresh processes with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// smoke, quick or full: decides the mix sizes, hence which ids exist.
    pub profile: Profile,
    pub baseline: String,
    pub rows: Vec<String>,
    /// How many A/A twins of the baseline to add as the first rows (0: none).
    pub aa: u32,
    pub config: Config,
    /// `--trace FILE`: every batch's time appended to FILE as JSON lines ([`Call`]).
    pub trace: Option<std::path::PathBuf>,
}

impl Request {
    /// `paired --profile P --baseline B --rows R1 --rows R2 [--aa] --rounds N
    /// --layouts-in-process L --seed S --batch-us U --json`.
    pub fn args(&self) -> Vec<String> {
        let mut a: Vec<String> = vec![
            "paired".into(),
            "--profile".into(),
            self.profile.to_string(),
            "--baseline".into(),
            self.baseline.clone(),
        ];
        for row in &self.rows {
            a.extend(["--rows".into(), row.clone()]);
        }
        if self.aa > 0 {
            a.push("--aa".into());
            a.push(self.aa.to_string());
        }
        if !self.config.randomize_layout {
            a.push("--fixed-layout".into());
        }
        if let Some(path) = &self.trace {
            a.push("--trace".into());
            a.push(path.display().to_string());
        }
        if let Some(ms) = self.config.budget_ms {
            a.push("--budget-ms".into());
            a.push(ms.to_string());
        }
        for (k, v) in [
            ("--rounds", self.config.rounds as u64),
            ("--layouts-in-process", self.config.layouts as u64),
            ("--seed", self.config.seed),
            ("--batch-us", self.config.batch_ns / 1000),
        ] {
            a.push(k.into());
            a.push(v.to_string());
        }
        a.push("--json".into());
        a
    }
}

/// Runs `request` in `processes` fresh processes of the lab binary `lab_exe`, one after
/// the other: [`run_round_robin`] with one request.
pub fn run_processes(
    lab_exe: &std::path::Path,
    request: &Request,
    processes: u32,
) -> Result<Vec<ProcessRun>, LabError> {
    let mut all = run_round_robin(lab_exe, std::slice::from_ref(request), processes)?;
    Ok(all.pop().unwrap_or_default())
}

/// Runs every request in `processes` fresh processes of the lab binary `lab_exe`, round
/// robin (process 1 of every request, then process 2 of every request, ...), never two at
/// once (they would time each other). Process `i` of a request gets seed
/// `request.config.seed + i`. Returns, per request, its processes' parsed output.
///
/// Why round robin: a paired ratio cancels what slows both rows alike, but not what slows
/// one more than the other (a neighbour's compile thrashing the cache hurts the row with
/// more memory traffic), and that changes over seconds. Spreading each comparison's
/// processes over the whole run puts that drift between processes, where the interval
/// (one sample per process, [`LayoutUnit::Process`]) sees it (docs/paired-pass-defaults.md).
///
/// The children get [`lab_record::GLIBC_MALLOC_ENV`], as bench-all gives criterion, so
/// large inputs live in the heap the padding moves.
pub fn run_round_robin(
    lab_exe: &std::path::Path,
    requests: &[Request],
    processes: u32,
) -> Result<Vec<Vec<ProcessRun>>, LabError> {
    let mut out: Vec<Vec<ProcessRun>> = vec![Vec::new(); requests.len()];
    for i in 0..processes {
        for (request, runs) in requests.iter().zip(&mut out) {
            let mut r = request.clone();
            r.config.seed = request.config.seed.wrapping_add(i as u64);
            let child = std::process::Command::new(lab_exe)
                .args(r.args())
                .envs(lab_record::GLIBC_MALLOC_ENV)
                .output()
                .map_err(|source| LabError::Spawn {
                    program: lab_exe.display().to_string(),
                    source,
                })?;
            if !child.status.success() {
                return Err(LabError::Child {
                    command: format!("{} {}", lab_exe.display(), r.args().join(" ")),
                    status: child.status,
                    stderr: String::from_utf8_lossy(&child.stderr).into_owned(),
                });
            }
            runs.push(serde_json::from_slice(&child.stdout).map_err(|e| {
                LabError::ChildOutput {
                    what: "lab paired".into(),
                    detail: format!("unreadable JSON: {e}"),
                }
            })?);
        }
    }
    Ok(out)
}
