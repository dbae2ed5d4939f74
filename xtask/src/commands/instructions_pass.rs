//! bench-all's instruction pass: instructions per iteration under callgrind, in one
//! valgrind process per core (at most [`MAX_WORKERS`]), each counting every n-th benchmark
//! (`lab instructions --ids A --ids B ...` with `--dump-after=`[`COUNTED_FN`]: one dump per
//! benchmark, in order; format in `lab_record::callgrind`). Instruction counts do not depend
//! on what else runs, and nothing is timed during this pass, so the processes run side by
//! side. Benchmarks up to 64 KiB per iteration are counted over 100
//! iterations, larger ones over 2. Rows whose setup is heavy under valgrind (~50x slower)
//! are not counted: `lab_report::analysis::verdicts::SKIPPED_KINDS` and `SKIPPED_FAMILIES`. Without valgrind in `PATH`
//! the pass prints one notice and leaves `instructions_per_iter` null. Variants the CPU
//! that valgrind emulates does not offer (AVX-512) are skipped by the lab and stay null.

use super::paired_pass::Lab;
use lab_record::callgrind::{Ran, COUNTED_FN, ITERS_LARGE, ITERS_SMALL, TOGGLE};
use lab_record::{from_json_str, BenchId, Planned, Record};
use lab_report::analysis::verdicts;
use lab_report::error::Result;
use lab_report::record::journal::InstructionCount;
use lab_report::record::lab::read_callgrind_dumps;
use lab_report::render::units;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The notice printed when valgrind cannot be found.
pub const NO_VALGRIND: &str =
    "bench-all: valgrind not found in PATH: instruction counts skipped (instructions_per_iter: null)";

/// Most valgrind processes the pass runs at once.
pub const MAX_WORKERS: usize = 4;

/// `valgrind` in the directories of `path` (a `PATH` value), if there is one.
pub fn find_valgrind(path: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|d| d.join("valgrind"))
        .find(|p| p.is_file())
}

/// Runs valgrind once over `ids` and reads the per-call dumps written under `dir`.
fn count(
    lab: &Lab,
    valgrind: &Path,
    ids: &[BenchId],
    dir: &Path,
) -> std::result::Result<Vec<InstructionCount>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let out_file = dir.join("callgrind.out");
    let out = std::process::Command::new(valgrind)
        .envs(lab.envs())
        .args(["--tool=callgrind", "--collect-atstart=no"])
        .arg(format!("--toggle-collect={TOGGLE}"))
        .arg(format!("--dump-after={COUNTED_FN}"))
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(lab.exe)
        .args(["instructions", "--profile", lab.profile.as_str()])
        .args(
            ids.iter()
                .flat_map(|id| ["--ids".into(), id.criterion_id()]),
        )
        .args(["--iters", &ITERS_SMALL.to_string()])
        .args([
            "--iters-large",
            &ITERS_LARGE.to_string(),
            "--skip-missing",
            "--json",
        ])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", valgrind.display()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = err.lines().rev().take(5).collect();
        return Err(format!("valgrind: {}: {}", out.status, tail.join(" | ")));
    }
    let name = PathBuf::from("<output of lab instructions>");
    let ran: Vec<Ran> =
        from_json_str(&name, &String::from_utf8_lossy(&out.stdout)).map_err(|e| e.to_string())?;
    read_callgrind_dumps(&out_file, &ran)
}

/// The instruction pass: counts what `verdicts::counted_ids` selects and fills `results`. With
/// `valgrind` `None` it prints [`NO_VALGRIND`] and changes nothing; a failing valgrind run
/// is a warning. `journal(counts)` records each valgrind process's counts as it ends
/// (bench-all's run journal); its error is returned once the processes have ended.
/// Returns the notice or summary line it printed.
pub fn fill(
    lab: &Lab,
    valgrind: Option<&Path>,
    plan: &[Planned],
    results: &mut [Record],
    dir: &Path,
    journal: &(dyn Fn(&[InstructionCount]) -> Result<()> + Sync),
) -> Result<String> {
    let Some(valgrind) = valgrind else {
        println!("{NO_VALGRIND}");
        return Ok(NO_VALGRIND.into());
    };
    let ids = verdicts::counted_ids(plan);
    if ids.is_empty() {
        return Ok(String::new());
    }
    println!(
        "bench-all: instruction pass: {} benchmarks under callgrind ...",
        ids.len()
    );
    let t = Instant::now();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_WORKERS));
    let groups = verdicts::deal(&ids, workers);
    let journal_failed = std::sync::Mutex::new(None);
    let outcomes: Vec<std::result::Result<Vec<InstructionCount>, String>> =
        std::thread::scope(|s| {
            let handles: Vec<_> = groups
                .iter()
                .enumerate()
                .map(|(w, g)| {
                    let sub = dir.join(format!("worker-{w}"));
                    let journal_failed = &journal_failed;
                    s.spawn(move || {
                        let counted = count(lab, valgrind, g, &sub);
                        if let Ok(c) = &counted {
                            if let Err(e) = journal(c) {
                                if let Ok(mut f) = journal_failed.lock() {
                                    f.get_or_insert(e);
                                }
                            }
                        }
                        counted
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("a counting thread panicked".into()))
                })
                .collect()
        });
    // A failing worker loses only its own benchmarks: the others' counts are kept.
    let mut counts = Vec::new();
    let mut failures = Vec::new();
    for o in outcomes {
        match o {
            Ok(c) => counts.extend(c),
            Err(e) => failures.push(e),
        }
    }
    let mut line = format!(
        "bench-all: instruction pass: {} rows in {} ({} valgrind processes)",
        verdicts::fill_instructions(results, &counts),
        units::clock(t.elapsed().as_secs_f64()),
        groups.len()
    );
    for e in failures {
        line.push_str(&format!(
            "\nbench-all: warning: instruction pass failed: {e}"
        ));
    }
    let _ = std::fs::remove_dir_all(dir);
    println!("{line}");
    match journal_failed.into_inner() {
        Ok(Some(e)) => Err(e),
        _ => Ok(line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_valgrind_the_pass_skips_with_a_notice() {
        let tmp = tempfile::tempdir().unwrap();
        let empty = tmp.path();
        let path = std::env::join_paths([empty]).unwrap();
        assert_eq!(find_valgrind(Some(&path)), None);
        assert_eq!(find_valgrind(None), None);
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../crates/lab-report/tests/fixtures/run-small/results.json");
        let mut f = lab_report::record::load(&fixture).unwrap();
        let before = f.results.clone();
        let lab = Lab {
            exe: Path::new("/nonexistent/lab"),
            profile: lab_record::Profile::Smoke,
            accounts: None,
            placement: None,
        };
        let line = fill(&lab, None, &[], &mut f.results, empty, &|_| Ok(())).unwrap();
        assert_eq!(line, NO_VALGRIND);
        assert_eq!(f.results, before);
        assert!(f.results.iter().all(|r| r.instructions_per_iter.is_none()));
    }
}
