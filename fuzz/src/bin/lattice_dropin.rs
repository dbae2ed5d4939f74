//! Fuzz target `lattice_dropin`: [`lattice_hash_differential::fuzz`], the drop-in
//! solana-lattice-hash against the released crate.
fn main() {
    afl::fuzz!(|data: &[u8]| lattice_hash_differential::fuzz(data));
}
