//! Fuzz target `lab_plan`: [`lab_record::fuzz_targets::lab_plan`].
fn main() {
    afl::fuzz!(|data: &[u8]| lab_record::fuzz_targets::lab_plan(data));
}
