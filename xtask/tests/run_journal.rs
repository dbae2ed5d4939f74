//! bench-all survives what a machine does to it, driven against a fake lab (a `cargo` that
//! "builds" two shell scripts: a `lab` that prints a plan and a criterion bench that writes
//! criterion's files after a pause): `kill -9` at random moments loses no measured row and
//! `report` renders the partial run; a second run in the same reports directory refuses,
//! naming the first's process id, while `reports/latest` always names a complete run; a
//! full disk (a file-size limit) and an unwritable reports directory end with an error
//! naming the path, exit status 2, and the journal kept.
#![cfg(unix)]

use lab_record::{
    BenchId, BenchMeta, Digest, Family, PlanFile, Planned, ResultsFile, Role, Status,
};
use set_reconcile::splitmix::splitmix64;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BENCHES: usize = 12;
/// How long one fake benchmark of the kill test runs.
const PAUSE_MS: u64 = 200;

fn script(path: &Path, body: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

fn plan() -> PlanFile {
    let benches = (0..BENCHES)
        .map(|i| {
            let id = BenchId {
                family: Family::AccountHash,
                digest: Digest::Legacy,
                strategy: if i % 2 == 0 {
                    "streaming"
                } else {
                    "meta-first"
                }
                .into(),
                variant: None,
                workload: format!("data_size/{}", 100 + i / 2).parse().unwrap(),
            };
            Planned {
                meta: BenchMeta {
                    id,
                    data_size: Some(100 + (i / 2) as u64),
                    bytes_per_iter: 200,
                    items_per_iter: 1,
                    role: if i % 2 == 0 {
                        Role::Baseline
                    } else {
                        Role::Candidate
                    },
                    claims_consensus: i % 2 == 0,
                    isa: None,
                },
                expected_secs: 0.1,
                compressions_per_item: None,
            }
        })
        .collect();
    PlanFile {
        profile: lab_record::Profile::Smoke,
        features: vec!["peer-solana".into()],
        benches,
    }
}

/// A fake `cargo` reporting a fake lab under `d/target`; each benchmark takes `pause`
/// seconds and leaves `d/started/<n>` when it starts, `d/finished/<n>` when it ends.
fn fake_lab(d: &Path, pause: &str) -> PathBuf {
    fake_lab_with(d, pause, "0")
}

/// [`fake_lab`] whose `lab paired` processes take `paired_pause` seconds each.
fn fake_lab_with(d: &Path, pause: &str, paired_pause: &str) -> PathBuf {
    let release = d.join("target/release");
    let (lab, bench) = (release.join("lab"), release.join("deps/lab-fake"));
    std::fs::write(d.join("plan.json"), serde_json::to_string(&plan()).unwrap()).unwrap();
    for marks in ["started", "finished"] {
        let _ = std::fs::remove_dir_all(d.join(marks));
        std::fs::create_dir_all(d.join(marks)).unwrap();
    }
    script(
        &lab,
        &format!(
            "case \"$1\" in\n  list) cat {plan} ;;\n  allocs) echo '{{\"profile\":\"smoke\",\"results\":[]}}' ;;\n  paired) {paired} ;;\n  *) exit 3 ;;\nesac\n",
            plan = d.join("plan.json").display(),
            paired = fake_paired(d, paired_pause),
        ),
    );
    let estimates = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":3.0},"point_estimate":2.0,"standard_error":0.1},"slope":null}"#;
    script(
        &bench,
        &format!(
            "id=\"$3\"\ntouch {started}/$(ls {started} | wc -l)\nsleep {pause}\n\
             mkdir -p \"$CRITERION_HOME/$id/new\"\n\
             echo \"{{\\\"full_id\\\":\\\"$id\\\"}}\" > \"$CRITERION_HOME/$id/new/benchmark.json\"\n\
             echo '{estimates}' > \"$CRITERION_HOME/$id/new/estimates.json\"\n\
             touch {finished}/$(ls {finished} | wc -l)\n",
            started = d.join("started").display(),
            finished = d.join("finished").display()
        ),
    );
    let artifact = |exe: &Path, kind: &str| {
        serde_json::json!({
            "reason": "compiler-artifact",
            "target": {"name": "lab", "kind": [kind]},
            "profile": {"test": false},
            "executable": exe,
        })
        .to_string()
    };
    let cargo = d.join("fake-cargo.sh");
    script(
        &cargo,
        &format!(
            "echo '{}'\necho '{}'\n",
            artifact(&bench, "bench"),
            artifact(&lab, "bin")
        ),
    );
    cargo
}

/// The fake `lab paired` (a script beside the lab, the command that runs it): leaves
/// `d/paired-started/<n>`, pauses `pause` seconds, and prints a `ProcessRun` of its
/// baseline, an A/A twin and its rows (log ratios from its seed), each named by its
/// identity fields as the real lab writes them (looked up in `d/ids/`, one file per
/// planned criterion id).
fn fake_paired(d: &Path, pause: &str) -> String {
    let started = d.join("paired-started");
    let _ = std::fs::remove_dir_all(&started);
    std::fs::create_dir_all(&started).unwrap();
    let ids = d.join("ids");
    std::fs::create_dir_all(&ids).unwrap();
    for p in plan().benches {
        let json = serde_json::to_string(&p.meta.id).unwrap();
        let fields = &json[1..json.len() - 1];
        std::fs::write(ids.join(p.criterion_id().replace('/', "_")), fields).unwrap();
    }
    let body = r#"while [ $# -gt 0 ]; do
  case "$1" in --baseline) b="$2" ;; --rows) r="$r $2" ;; --seed) seed="$2" ;; esac
  shift
done
id() { cat "IDS/$(echo "$1" | tr / _)"; }
touch STARTED/$(ls STARTED | wc -l)
sleep PAUSE
x=$((seed % 7))
layout="{\"iq_mean_log\":0.0$x,\"mean_log\":0.0$x,\"rounds\":5,\"sd_log\":0.01}"
rows="{$(id "$b"),\"control\":\"aa\",\"iters_per_batch\":1,\"layouts\":[$layout]}"
for i in $r; do
  rows="$rows,{$(id "$i"),\"iters_per_batch\":1,\"layouts\":[$layout]}"
done
echo "{\"baseline\":{$(id "$b")},\"baseline_iters_per_batch\":1,\"config\":{\"rounds\":5,\"layouts\":1,\"seed\":$seed,\"batch_ns\":1},\"stack_offsets\":[0],\"rows\":[$rows],\"wall_secs\":0.1}"
"#;
    let path = d.join("fake-paired.sh");
    script(
        &path,
        &body
            .replace("STARTED", &started.display().to_string())
            .replace("IDS", &ids.display().to_string())
            .replace("PAUSE", pause),
    );
    format!("exec {} \"$@\"", path.display())
}

fn bench_all(d: &Path, cargo: &Path, run_id: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xtask"));
    cmd.args([
        "bench-all",
        "--profile",
        "smoke",
        "--no-paired",
        "--no-instructions",
    ])
    .args(["--run-id", run_id, "--reports-dir"])
    .arg(d.join("reports"))
    .env("CARGO", cargo)
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::piped());
    cmd
}

fn report(d: &Path, run_id: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["report", run_id, "--reports-dir"])
        .arg(d.join("reports"))
        .output()
        .unwrap()
}

fn journal_rows(run: &Path) -> usize {
    std::fs::read_to_string(run.join("journal.jsonl"))
        .unwrap_or_default()
        .lines()
        // A line cut short (a kill or a full disk mid-write) holds no row.
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).is_ok_and(|v| v["entry"] == "row"))
        .count()
}

fn started(d: &Path) -> usize {
    std::fs::read_dir(d.join("started")).unwrap().count()
}

/// Waits until every benchmark begun in `d` has written its last file: a killed bench-all
/// leaves its running benchmark process behind, writing into `d`.
fn wait_for_orphans(d: &Path) {
    let t = Instant::now();
    while std::fs::read_dir(d.join("finished")).unwrap().count() < started(d) {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "timed out: the killed benchmark"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn wait_for(what: &str, child: &mut Child, mut done: impl FnMut() -> bool) {
    let t = Instant::now();
    while !done() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("bench-all ended ({status}) before {what}");
        }
        assert!(t.elapsed() < Duration::from_secs(60), "timed out: {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn kill_9_at_random_moments_loses_no_measured_row() {
    // SplitMix64 of the clock: a different moment each run, printed so a failure can be told.
    let mut state = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    for round in 0..5 {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let cargo = fake_lab(d, &format!("{}", PAUSE_MS as f64 / 1000.0));
        let mut child = bench_all(d, &cargo, "killed").spawn().unwrap();
        let run = d.join("reports/killed");
        // Kill while benchmark `at` is running, `delay` ms into it: the delay stays well
        // short of the benchmark's pause, so even the last benchmark is killed mid-way
        // rather than left to finish the run.
        let at = 1 + (splitmix64(&mut state) % (BENCHES as u64 - 1)) as usize;
        let delay = splitmix64(&mut state) % (PAUSE_MS / 2);
        wait_for("the benchmark to kill at", &mut child, || started(d) > at);
        std::thread::sleep(Duration::from_millis(delay));
        if let Some(status) = child.try_wait().unwrap() {
            panic!("round {round}: bench-all ended ({status}) before the kill in benchmark {at} + {delay} ms");
        }
        child.kill().unwrap();
        child.wait().unwrap();
        // Every benchmark that was followed by another was measured before the next began.
        let begun = started(d);
        let rows = journal_rows(&run);
        eprintln!(
            "round {round}: killed in benchmark {at} + {delay} ms: {begun} begun, {rows} rows"
        );
        assert!(
            rows + 1 >= begun,
            "round {round}: {begun} benchmarks began but only {rows} rows were journaled"
        );
        let out = report(d, "killed");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "round {round}: {stderr}");
        assert!(stderr.contains("was interrupted"), "{stderr}");
        let file = ResultsFile::load(&run.join("results.json")).unwrap();
        assert_eq!(file.run.status, Status::Interrupted);
        assert_eq!(file.results.len(), rows, "round {round}: rows lost");
        assert_eq!(file.results.len() + file.missing.len(), BENCHES);
        assert!(std::fs::read_to_string(run.join("index.html"))
            .unwrap()
            .contains("interrupted"));
        // A second report reads the rebuilt file as it is.
        assert!(report(d, "killed").status.success());
        wait_for_orphans(d);
    }
}

fn journal_entries(run: &Path, entry: &str) -> Vec<serde_json::Value> {
    std::fs::read_to_string(run.join("journal.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["entry"] == entry)
        .collect()
}

/// A kill at three moments inside the paired pass (6 comparisons x 2 processes in smoke:
/// in the first process, mid-way, in the last) loses no process that had ended: each is in
/// the journal, and `report` pairs every row whose comparison had all its processes.
#[test]
fn kill_9_inside_the_paired_pass_loses_no_finished_process() {
    const PAIRED: usize = 12;
    const PAIRED_PAUSE_MS: u64 = 150;
    for at in [0, 5, PAIRED - 1] {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let cargo = fake_lab_with(d, "0", &format!("{}", PAIRED_PAUSE_MS as f64 / 1000.0));
        let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["bench-all", "--profile", "smoke", "--no-instructions"])
            .args(["--run-id", "killed", "--reports-dir"])
            .arg(d.join("reports"))
            .env("CARGO", &cargo)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let begun = || std::fs::read_dir(d.join("paired-started")).unwrap().count();
        wait_for("the paired process to kill in", &mut child, || begun() > at);
        std::thread::sleep(Duration::from_millis(PAIRED_PAUSE_MS / 3));
        assert!(
            child.try_wait().unwrap().is_none(),
            "at {at}: ended before the kill"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        let run = d.join("reports/killed");
        let paired = journal_entries(&run, "paired");
        eprintln!(
            "killed in paired process {at}: {} begun, {} journaled",
            begun(),
            paired.len()
        );
        assert_eq!(
            paired.len(),
            begun() - 1,
            "at {at}: a finished process was lost"
        );
        assert_eq!(journal_rows(&run), BENCHES);
        let out = report(d, "killed");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(
            paired.is_empty() || stderr.contains(&format!("{} paired processes", paired.len())),
            "{stderr}"
        );
        let file = ResultsFile::load(&run.join("results.json")).unwrap();
        assert_eq!(file.run.status, Status::Interrupted);
        // Every comparison whose two processes were journaled has its row paired.
        let baseline = |p: &serde_json::Value| -> BenchId {
            serde_json::from_value(p["baseline"].clone()).unwrap()
        };
        let whole: Vec<&BenchId> = file
            .results
            .iter()
            .filter(|r| r.meta.role == Role::Baseline && r.control.is_none())
            .map(|r| r.id())
            .filter(|b| paired.iter().filter(|p| baseline(p) == **b).count() == 2)
            .collect();
        assert_eq!(whole.len(), paired.len().saturating_sub(PAIRED / 2));
        for b in &whole {
            let row = file
                .results
                .iter()
                .find(|r| r.meta.role == Role::Candidate && r.id().workload == b.workload)
                .unwrap();
            assert!(row.paired.is_some(), "at {at}: {} not paired", row.id());
        }
    }
}

#[test]
fn a_run_that_finishes_ends_its_journal_and_report_keeps_its_results() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let cargo = fake_lab(d, "0");
    let out = bench_all(d, &cargo, "whole").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = d.join("reports/whole");
    assert_eq!(journal_rows(&run), BENCHES);
    let journal = std::fs::read_to_string(run.join("journal.jsonl")).unwrap();
    assert!(journal
        .lines()
        .last()
        .unwrap()
        .contains("\"entry\":\"end\""));
    let out = report(d, "whole");
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("interrupted"));
    let file = ResultsFile::load(&run.join("results.json")).unwrap();
    assert_eq!(file.run.status, Status::Complete);
    assert_eq!(file.results.len(), BENCHES);
    // The lock file names no run once its holder has ended.
    assert_eq!(
        std::fs::read_to_string(d.join("reports/run.lock")).unwrap_or_default(),
        ""
    );
}

#[test]
fn a_second_run_refuses_naming_the_first_and_latest_stays_complete() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let cargo = fake_lab(d, "0");
    assert!(bench_all(d, &cargo, "first").status().unwrap().success());
    let latest = d.join("reports/latest");
    assert_eq!(std::fs::read_link(&latest).unwrap(), Path::new("first"));
    let cargo = fake_lab(d, "0.05");
    let mut slow = bench_all(d, &cargo, "slow").spawn().unwrap();
    wait_for("the slow run's first benchmark", &mut slow, || {
        started(d) > 0
    });
    let second = bench_all(d, &cargo, "second").output().unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("process id {}", slow.id())) && stderr.contains("`slow`"),
        "{stderr}"
    );
    assert!(
        !d.join("reports/second").exists(),
        "the refused run wrote a directory"
    );
    // While the slow run measures, latest still names the complete first run.
    let file = ResultsFile::load(&latest.join("results.json")).unwrap();
    assert_eq!(
        (file.run.id.as_str(), file.run.status),
        ("first", Status::Complete)
    );
    assert!(slow.wait().unwrap().success());
    assert_eq!(std::fs::read_link(&latest).unwrap(), Path::new("slow"));
}

#[test]
fn a_full_disk_names_the_file_exits_2_and_keeps_the_journal() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let cargo = fake_lab(d, "0");
    let xtask = env!("CARGO_BIN_EXE_xtask");
    // 8 KiB per file (RLIMIT_FSIZE); SIGXFSZ ignored, so writes fail with EFBIG.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 16 && trap '' XFSZ && exec {xtask} bench-all --profile smoke \
             --no-paired --no-instructions --run-id full --reports-dir {}",
            d.join("reports").display()
        ))
        .env("CARGO", &cargo)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let run = d.join("reports/full");
    assert!(
        stderr.contains(&run.display().to_string()) && stderr.contains("File too large"),
        "{stderr}"
    );
    let rows = journal_rows(&run);
    eprintln!("{stderr}\n{rows} rows journaled");
    assert!(rows >= 1, "the journal lost its rows: {stderr}");
    // Without the limit, report renders what the journal kept.
    let out = report(d, "full");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = ResultsFile::load(&run.join("results.json")).unwrap();
    assert_eq!(file.results.len(), rows);
    assert_eq!(file.run.status, Status::Interrupted);
}

#[test]
fn an_unwritable_reports_directory_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let cargo = fake_lab(d, "0");
    std::fs::write(d.join("a-file"), "").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["bench-all", "--profile", "smoke", "--reports-dir"])
        .arg(d.join("a-file/reports"))
        .env("CARGO", &cargo)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&d.join("a-file/reports").display().to_string())
            && stderr.contains("Not a directory"),
        "{stderr}"
    );
}
