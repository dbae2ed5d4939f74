//! Fuzz target `accounts`: [`account_hash::fuzz_targets::accounts`].
fn main() {
    afl::fuzz!(|data: &[u8]| account_hash::fuzz_targets::accounts(data));
}
