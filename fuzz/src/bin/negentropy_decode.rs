//! Fuzz target `negentropy_decode`: [`set_reconcile::fuzz_targets::decode`].
fn main() {
    afl::fuzz!(|data: &[u8]| set_reconcile::fuzz_targets::decode(data));
}
