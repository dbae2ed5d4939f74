//! Family `lt-hash` (the lattice hash, SIMD-0215): every per-account strategy's `lt_hash`
//! on the seed's small sizes (BLAKE3 XOF of 2048 bytes dominates there) and on the mix.
//! Batch / accumulator forms and `peer:solana-lattice-hash` join this family from their
//! own files.

use crate::account_hash::{Mix, SeedSizes};
use crate::cases::{seed_strategies, Digest};
use crate::Registry;

pub const FAMILY: &str = "lt-hash";

/// Sizes for the lt family: the seed's up to 1 KiB (the large sizes measure BLAKE3 itself,
/// already covered by the legacy family).
pub const LT_SIZES: [usize; 4] = [0, 165, 200, 1024];

pub fn register(reg: &mut Registry) {
    seed_strategies(&mut SeedSizes {
        reg: &mut *reg,
        family: FAMILY,
        digest: Digest::Lt,
        sizes: &LT_SIZES,
    });
    // A tenth of the legacy mix: one lt hash reads 2048 bytes of XOF output (~2 µs), so the
    // full mix would cost a quarter second per iteration.
    let (n, cap) = (reg.profile.mix_accounts() / 10, reg.profile.mix_tail_cap());
    seed_strategies(&mut Mix {
        reg,
        family: FAMILY,
        digest: Digest::Lt,
        accounts: n,
        tail_cap: cap,
    });
}
