//! Fuzz target `ab_json`: [`lab_record::fuzz_targets::ab_json`].
fn main() {
    afl::fuzz!(|data: &[u8]| lab_record::fuzz_targets::ab_json(data));
}
