//! Fuzz target `negentropy_client`: [`set_reconcile::fuzz_targets::client`].
fn main() {
    afl::fuzz!(|data: &[u8]| set_reconcile::fuzz_targets::client(data));
}
