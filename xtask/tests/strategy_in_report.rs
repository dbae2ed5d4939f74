//! docs/adding-a-strategy.md's last step: a strategy added to account-hash's list reaches a
//! rendered report. The toy `vec-gather` strategy (feature `test-strategy`) is planned by the
//! real `lab list`, given synthetic times, recorded as a results.json and rendered by the real
//! `xtask report`.
#![cfg(feature = "test-strategy")]

use lab_record::{Interval, PlanFile, ResultsFile, RunMeta, Statistic, Status, SCHEMA};
use std::path::Path;
use std::process::Command;

fn lab_plan() -> PlanFile {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args([
            "run",
            "-q",
            "-p",
            "bench-lab",
            "--features",
            "test-strategy",
        ])
        .args(["--bin", "lab", "--", "list", "--json", "--profile", "smoke"])
        .args(["--families", "account-hash", "--sizes", "165"])
        .output()
        .expect("run cargo");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    lab_record::from_json_str(
        Path::new("<lab list>"),
        &String::from_utf8_lossy(&out.stdout),
    )
    .unwrap()
}

#[test]
fn a_strategy_added_to_the_list_reaches_the_report() {
    let plan = lab_plan();
    assert!(
        plan.features.iter().any(|f| f == "test-strategy"),
        "{:?}",
        plan.features
    );
    let results = plan
        .benches
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let ns = 100.0 + i as f64;
            let interval = Interval {
                estimate: ns,
                lower: ns - 1.0,
                upper: ns + 1.0,
                std_err: None,
                confidence: Some(0.95),
            };
            p.record(interval, Statistic::Slope)
        })
        .collect::<Vec<_>>();
    assert!(results.iter().any(|r| r.meta.id.strategy == "vec-gather"));
    let file = ResultsFile {
        schema: SCHEMA,
        run: serde_json::from_value::<RunMeta>(serde_json::json!({
            "id": "toy", "started_at": "2026-11-30T00:00:00Z", "finished_at": null,
            "git_commit": "test", "rustc": "rustc", "cpu": "cpu", "cpu_features": [],
            "profile": plan.profile, "features": plan.features, "status": Status::Complete,
            "machine": "test", "blake3_version": null, "wall_seconds": null, "os": null
        }))
        .unwrap(),
        results,
        missing: vec![],
        peer_paths: vec![],
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    file.save(&dir.join("results.json")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("report")
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for page in ["index.html", "details.md"] {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        assert!(
            text.contains("vec-gather"),
            "{page} does not show the new strategy"
        );
    }
}
