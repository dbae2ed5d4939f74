//! `lab list --json` prints a `lab_record::PlanFile` with the registry's rows, and a
//! strategy listed once in `account_hash::strategy::list` shows up in it.

use lab_record::{Family, PlanFile, Profile, Variant};
use std::process::Command;

/// `lab list --json --profile <profile> <args>`'s one line.
fn list(profile: Profile, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lab"))
        .args(["list", "--json", "--profile", profile.as_str()])
        .args(args)
        .output()
        .expect("run lab");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    text
}

fn plan(args: &[&str]) -> PlanFile {
    let text = list(Profile::Smoke, args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not a PlanFile: {e}\n{text}"))
}

/// Every variant the registry writes, in every profile, reads into a typed `Variant` and
/// writes back byte-identical, and so does each one's A/A copies' (the baseline's text
/// and ` (A/A copy)` or ` (A/A copy 2)`); the whole plan is written back as it was printed.
#[test]
fn every_listed_variant_reads_typed_and_writes_back_in_every_profile() {
    for &profile in Profile::ALL {
        let text = list(profile, &[]);
        let plan: PlanFile = serde_json::from_str(&text).unwrap();
        assert_eq!(plan.profile, profile);
        assert_eq!(serde_json::to_string(&plan).unwrap(), text.trim_end());
        let raw: serde_json::Value = serde_json::from_str(&text).unwrap();
        let raw = raw["benches"].as_array().unwrap();
        assert_eq!(raw.len(), plan.benches.len());
        for (b, raw) in plan.benches.iter().zip(raw) {
            let written = raw["variant"].as_str();
            let variant = b.meta.id.variant;
            assert_eq!(variant.map(|v| v.to_string()).as_deref(), written);
            for (twin, mark) in [(1, "(A/A copy)"), (2, "(A/A copy 2)")] {
                let copy = b.meta.id.aa_twin(twin).variant.unwrap();
                let expected = match written {
                    Some(w) => format!("{w} {mark}"),
                    None => mark.to_string(),
                };
                assert_eq!(copy.to_string(), expected);
                assert_eq!(expected.parse::<Variant>(), Ok(copy));
            }
        }
    }
}

#[test]
fn list_json_is_a_plan_file_of_the_registry() {
    let plan = plan(&[]);
    assert_eq!(plan.profile, Profile::Smoke);
    let reg = bench_lab::Registry::new(Profile::Smoke);
    let ids: Vec<String> = reg
        .select(&bench_lab::Filter::default())
        .map(|b| b.meta.id.criterion_id())
        .collect();
    let listed: Vec<String> = plan.benches.iter().map(|b| b.criterion_id()).collect();
    assert_eq!(listed, ids);
    assert_eq!(plan.features, bench_lab::enabled_features());
}

#[test]
fn filters_select_by_typed_fields() {
    let plan = plan(&["--families", "lt-hash", "--strategies", "streaming"]);
    assert!(!plan.benches.is_empty());
    for b in &plan.benches {
        assert_eq!(b.meta.id.family, Family::LtHash);
        assert_eq!(b.meta.id.strategy, "streaming");
        assert_eq!(b.meta.id.variant, None);
    }
}

/// docs/adding-a-strategy.md's proof: account-hash's toy `vec-gather`, listed once behind
/// the `test-strategy` feature, gets rows in both account families and in the plan's
/// features, with no change to bench-lab.
/// Run with `cargo test -p bench-lab --features test-strategy`.
#[cfg(feature = "test-strategy")]
#[test]
fn a_strategy_added_to_the_list_is_planned() {
    let plan = plan(&[]);
    assert!(plan.features.iter().any(|f| f == "test-strategy"));
    let ids: Vec<String> = plan
        .benches
        .iter()
        .filter(|b| b.meta.id.strategy == "vec-gather")
        .map(|b| b.criterion_id())
        .collect();
    for id in [
        "account-hash/vec-gather/data_size/165",
        "account-hash/vec-gather/mainnet_mix/10000",
        "lt-hash/vec-gather/data_size/165",
        "lt-hash/vec-gather/mainnet_mix/1000",
        "lt-hash/vec-gather/set_1024/200",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} missing from {ids:?}");
    }
    for b in plan
        .benches
        .iter()
        .filter(|b| b.meta.id.strategy == "vec-gather")
    {
        assert!(
            b.meta.claims_consensus && !b.meta.is_baseline(),
            "{}",
            b.meta.id
        );
    }
}

#[test]
fn list_stops_quietly_when_its_reader_does() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_lab"))
        .args(["list", "--profile", "smoke"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run lab");
    // The reader is gone before the lab writes (it builds its registry first), as with
    // `lab list | head -0`: every write fails with a broken pipe.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

/// `lab list | head`, `lab list --json | head`: a reader gone before the first line is not
/// an error.
#[test]
fn list_into_a_closed_pipe_exits_0_quietly() {
    for json in [false, true] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_lab"))
            .args(["list", "--profile", "smoke", "--families", "lt-hash"])
            .args(json.then_some("--json"))
            .stdout(writer)
            .output()
            .expect("run lab");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "json {json}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "json {json}: {stderr}");
    }
}

/// The batch strategy's calls on the validator's workloads allocate nothing once a call
/// as large ran on the thread (`lab allocs` counts after one warm-up call): the multi-chunk
/// path's staging (`tree.rs`'s scratch, the batch's long messages, the accumulator's
/// buffers) is kept per thread, so a per-call heap cost does not tilt small calls.
#[test]
fn batch_calls_on_the_validator_workloads_allocate_nothing() {
    if !account_hash::strategy::list::compiled_features().contains(&"batch") {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_lab"))
        .args([
            "allocs",
            "--json",
            "--profile",
            "smoke",
            "--strategies",
            "batch",
        ])
        .args(["--workloads", "vote_1024,size_ladder,slot_delta"])
        .output()
        .expect("run lab");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let counted: lab_record::CountFile = serde_json::from_slice(&out.stdout).unwrap();
    assert!(counted.results.len() >= 3, "{:?}", counted.results);
    // The slot delta's row turns the slot's writes into two vectors of `AccountRef` per
    // call (its two allocations, the same for every strategy's delta); nothing else.
    let harness = |id: &lab_record::BenchId| {
        if id.workload.is(lab_record::WorkloadKind::SlotDelta) {
            2.0
        } else {
            0.0
        }
    };
    let allocating: Vec<(String, f64)> = counted
        .results
        .iter()
        .filter(|c| c.allocs_per_iter > harness(&c.id))
        .map(|c| (c.id.criterion_id(), c.allocs_per_iter))
        .collect();
    assert!(allocating.is_empty(), "{allocating:?}");
}
