//! Replays the committed fuzz corpora and every regression input (`fuzz/corpus/<target>/`,
//! `fuzz/regressions/<target>/` at the workspace root) through the target bodies the
//! coverage-guided fuzzer runs ([`lab_record::fuzz_targets`]).

use lab_record::fuzz_targets::{ab_json, lab_plan, replay, results_json};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

#[test]
fn results_json_corpus() {
    replay(&fuzz_dir(), "results_json", results_json);
}

#[test]
fn ab_json_corpus() {
    replay(&fuzz_dir(), "ab_json", ab_json);
}

#[test]
fn lab_plan_corpus() {
    replay(&fuzz_dir(), "lab_plan", lab_plan);
}
