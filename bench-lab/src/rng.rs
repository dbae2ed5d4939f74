//! The lab's deterministic generator of inputs: SplitMix64 over set-reconcile's step, so
//! every generated account, size and id comes from the one SplitMix64 of the workspace.
//! It imports nothing of the lab, so every module can use it without an import circle.

use account_hash::Pubkey;
use set_reconcile::splitmix::splitmix64;

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, deterministic. The step is
/// set-reconcile's ([`splitmix64`]), which generates the reconcile scenario's ids.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// Uniform in `0..n` (n > 0), by multiply-shift.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    pub fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }

    pub(crate) fn pubkey(&mut self) -> Pubkey {
        let mut k = [0u8; 32];
        self.fill(&mut k);
        Pubkey(k)
    }
}
