//! Fuzz target `negentropy_server`: [`set_reconcile::fuzz_targets::server`].
fn main() {
    afl::fuzz!(|data: &[u8]| set_reconcile::fuzz_targets::server(data));
}
