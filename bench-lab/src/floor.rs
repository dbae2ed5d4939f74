//! The hardware floor: what one BLAKE3 compression costs on this CPU (the `limit` row of
//! the `account-hash` family) and how many compressions each benchmark's item needs.
//!
//! [`compressions_per_account`] counts the BLAKE3 compressions one account costs;
//! multiplied by the `limit` row's time per compression it gives the floor any strategy
//! can reach on this CPU with this backend (ignoring staging and the LtHash lane sums).
//! `lab list --json` writes [`compressions_per_item`] into bench-all's plan.

use crate::cases::{row, AccountDigest};
use crate::ProfileSettings as _;
use crate::{isa, workloads, Case, Profile, Registry};
use blake3_lanes::{Backend, BLOCK_LEN, OUT_LEN};
use lab_record::{BenchId, BenchMeta, Digest, Family, Workload};
use std::hint::black_box;

/// One-block messages per iteration of the `limit` row.
pub const LIMIT_BLOCKS: usize = 1024;

/// BLAKE3 compressions needed to hash one account of `data_size` bytes: the message is
/// `meta + data` (81 + size for legacy, 73 + size for lt), one compression per 64-byte
/// block (at least one), one per parent node when it spans several 1024-byte chunks, and
/// for the lt digest 32 output blocks of which the first is the root compression itself.
///
/// - legacy: `blocks + parents` (165 B: 246 bytes, 4 compressions);
/// - lt: `blocks + parents - 1 + 32` (165 B: 238 bytes, 3 + 32 = 35 compressions).
///
/// Zero-lamport accounts cost nothing; this counts a hashed account.
pub fn compressions_per_account(digest: AccountDigest, data_size: u64) -> u64 {
    let len = digest.meta_len() as u64 + data_size;
    let blocks = len.div_ceil(64).max(1);
    let parents = len.div_ceil(1024).max(1) - 1;
    match digest {
        AccountDigest::Legacy => blocks + parents,
        AccountDigest::Lt => blocks + parents - 1 + (account_hash::LT_BYTES as u64).div_ceil(64),
    }
}

/// Compressions per item of a benchmark (`None` where the floor is not a compression
/// count): per-account data sizes, the lt sets of one size, and the mainnet mix (its mean).
pub fn compressions_per_item(meta: &BenchMeta, profile: Profile) -> Option<f64> {
    let digest = AccountDigest::of(meta.id.digest)?;
    let workload = &meta.id.workload;
    match workload.kind.as_str() {
        "data_size" | "cap_sweep" => meta
            .data_size
            .map(|size| compressions_per_account(digest, size) as f64),
        k if k.starts_with("set_") => workload
            .param_u64()
            .map(|size| compressions_per_account(digest, size) as f64),
        "mainnet_mix" => workload
            .param_u64()
            .map(|n| mix_compressions_per_account(digest, n as usize, profile.mix_tail_cap())),
        _ => None,
    }
}

/// Mean compressions per account over the mainnet mix of `n` accounts (tail cap `tail_cap`),
/// for the floor of a `mainnet_mix/<n>` row.
pub fn mix_compressions_per_account(digest: AccountDigest, n: usize, tail_cap: usize) -> f64 {
    let sizes = workloads::mix_sizes(n, tail_cap);
    let total: u64 = sizes
        .iter()
        .map(|&s| compressions_per_account(digest, s as u64))
        .sum();
    total as f64 / sizes.len().max(1) as f64
}

/// The `limit` rows: one compression per block on every backend this CPU supports.
/// Digest `blake3`: the output is checked against the blake3 crate, not an account digest.
pub fn register_limit(reg: &mut Registry) {
    for backend in Backend::available() {
        register_limit_on(reg, backend);
    }
}

fn register_limit_on(reg: &mut Registry, backend: Backend) {
    let meta = BenchMeta {
        bytes_per_iter: (LIMIT_BLOCKS * BLOCK_LEN) as u64,
        items_per_iter: LIMIT_BLOCKS as u64,
        isa: Some(isa::backend(backend.name())),
        ..row(BenchId {
            family: Family::AccountHash,
            digest: Digest::Blake3,
            strategy: "limit".to_string(),
            variant: Some(backend.name().to_string()),
            workload: Workload::new("compression", LIMIT_BLOCKS),
        })
    };
    reg.add(meta, move || Box::new(Limit::new(backend, LIMIT_BLOCKS)));
}

/// `hash_blocks` on random one-block messages: the cost of one compression.
pub struct Limit {
    backend: Backend,
    blocks: Vec<[u8; BLOCK_LEN]>,
    out: Vec<[u8; OUT_LEN]>,
}

impl Limit {
    pub fn new(backend: Backend, n: usize) -> Self {
        let mut rng = workloads::SplitMix64::new(workloads::SEED ^ 0xB10C);
        let blocks = (0..n)
            .map(|_| {
                let mut b = [0u8; BLOCK_LEN];
                rng.fill(&mut b);
                b
            })
            .collect();
        Limit {
            backend,
            blocks,
            out: vec![[0; OUT_LEN]; n],
        }
    }

    fn pass(&mut self) {
        // Lengths match by construction and the backend came from `detect`.
        let _ = self
            .backend
            .hash_blocks(black_box(&self.blocks), &mut self.out);
        black_box(&self.out);
    }
}

impl Case for Limit {
    fn time(&mut self, b: &mut criterion::Bencher<'_>) {
        b.iter(|| self.pass())
    }

    fn run_once(&mut self) {
        self.pass()
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        self.out.iter_mut().for_each(|o| *o = [0xA5; OUT_LEN]);
        self.pass();
        Some(
            self.blocks
                .iter()
                .zip(&self.out)
                .all(|(b, o)| blake3::hash(b).as_bytes() == o),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressions_match_the_hand_counts() {
        use AccountDigest::{Legacy, Lt};
        // Legacy 165 B: 246 bytes = 4 blocks. Lt 165 B: 238 bytes = 4 blocks, the last is
        // the root = output block 0, plus 31 more output blocks.
        assert_eq!(compressions_per_account(Legacy, 165), 4);
        assert_eq!(compressions_per_account(Lt, 165), 35);
        assert_eq!(compressions_per_account(Legacy, 0), 2);
        assert_eq!(compressions_per_account(Lt, 0), 33);
        // 1024 + 81 bytes: two chunks (16 + 2 blocks) and one parent.
        assert_eq!(compressions_per_account(Legacy, 1024), 19);
        assert_eq!(compressions_per_account(Lt, 951), 16 - 1 + 32);
        let mix = mix_compressions_per_account(Legacy, 1000, 64 * 1024);
        assert!(mix > 4.0, "{mix}");
    }
}
