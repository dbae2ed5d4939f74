//! Fuzz target `results_json`: [`lab_record::fuzz_targets::results_json`].
fn main() {
    afl::fuzz!(|data: &[u8]| lab_record::fuzz_targets::results_json(data));
}
