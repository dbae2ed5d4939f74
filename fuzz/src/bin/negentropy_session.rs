//! Fuzz target `negentropy_session`: [`set_reconcile::fuzz_targets::session`].
fn main() {
    afl::fuzz!(|data: &[u8]| set_reconcile::fuzz_targets::session(data));
}
