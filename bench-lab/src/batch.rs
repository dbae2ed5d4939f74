//! The `batch` strategy's rows, side by side with the per-account strategies, and the
//! hardware limit they are measured against.
//!
//! | family | strategy | workload | what one iteration does |
//! |---|---|---|---|
//! | `account-hash` | `batch@<backend>` | `data_size/<size>` | `Batch::hash_batch` over [`batch_accounts_for`] distinct accounts of that size (1024 up to 1 KiB, 4 at 1 MiB, 2 at 10 MiB) |
//! | `account-hash` | `batch@<backend>` | `mainnet_mix/<n>` | `hash_batch` over the profile's mix (same accounts as the per-account mix rows) |
//! | `account-hash` | `limit@<backend>` | `compression/1024` | `Backend::hash_blocks` on 1024 one-block messages: exactly one compression each |
//! | `account-hash` | `batch@threads=<t>` | `rayon_mix/<n>` | `hash_batch` on rayon with `t` threads over `n` mix accounts (10,000,000 in `full`, 100,000 otherwise) |
//! | `lt-hash` | every per-account strategy, `batch@<backend>` | `set_1024/165`, `set_1024/200` | the LtHash of a set of 1024 token-sized / stake-sized accounts |
//! | `lt-hash` | `batch@<backend>` | `mainnet_mix/<n>` | the LtHash of the lt family's mix |
//!
//! The peers (`peer:solana-lattice-hash`, `peer:blake3-serial`) join the same `lt-hash`
//! workloads from [`crate::peers`]. Rows with many accounts per iteration carry
//! `items_per_iter` = accounts, so per-account times are `ns_per_iter / items_per_iter`.
//!
//! # The floor
//!
//! [`compressions_per_account`] counts the BLAKE3 compressions one account costs;
//! multiplied by the `limit` row's time per compression it gives the floor any strategy
//! can reach on this CPU with this backend (ignoring staging and the LtHash lane sums).

use crate::cases::Digest;
use crate::{workloads, BenchMeta, Case, Registry};
use account_hash::{Account, IntoLtLanes, LtHash, LT_BYTES, LT_LANES};
use std::hint::black_box;

/// Accounts in one `set_1024/<size>` lt workload.
pub const LT_SET_ACCOUNTS: usize = 1024;
/// The lt set workloads' data sizes: token (165 B) and stake (200 B) accounts.
pub const LT_SET_SIZES: [usize; 2] = [165, 200];
/// One-block messages per iteration of the `limit` row.
pub const LIMIT_BLOCKS: usize = 1024;
/// Accounts of the scaling row in the `full` profile.
pub const SCALING_ACCOUNTS_FULL: usize = 10_000_000;
/// Accounts of the scaling row in `smoke` and `quick`.
pub const SCALING_ACCOUNTS_SHORT: usize = 100_000;
/// Largest data size in the scaling row's mix (the quick profile's tail cap in every
/// profile: with a 10 MiB tail, ten million accounts would be dominated by a few hundred
/// serial multi-megabyte hashes and take minutes per iteration).
pub const SCALING_TAIL_CAP: usize = 64 * 1024;

/// Accounts per iteration of a `batch` row on the `data_size/<size>` workload: many small
/// accounts, few large ones (a 10 MiB account is ~3 ms by itself).
pub fn batch_accounts_for(data_size: usize) -> usize {
    match data_size {
        0..=1024 => 1024,
        1025..=0x10_0000 => 4,
        _ => 2,
    }
}

/// BLAKE3 compressions needed to hash one account of `data_size` bytes: the message is
/// `meta + data` (81 + size for legacy, 73 + size for lt), one compression per 64-byte
/// block (at least one), one per parent node when it spans several 1024-byte chunks, and
/// for the lt digest 32 output blocks of which the first is the root compression itself.
///
/// - legacy: `blocks + parents` (165 B: 246 bytes, 4 compressions);
/// - lt: `blocks + parents - 1 + 32` (165 B: 238 bytes, 3 + 32 = 35 compressions).
///
/// Zero-lamport accounts cost nothing; this counts a hashed account.
pub fn compressions_per_account(digest: Digest, data_size: u64) -> u64 {
    let len = digest.meta_len() as u64 + data_size;
    let blocks = len.div_ceil(64).max(1);
    let parents = len.div_ceil(1024).max(1) - 1;
    match digest {
        Digest::Legacy => blocks + parents,
        Digest::Lt => blocks + parents - 1 + (LT_BYTES as u64).div_ceil(64),
    }
}

/// Compressions per item of a benchmark, for the report's floor column (`None` where the
/// floor is not a compression count): per-account data sizes, the lt sets of one size, and
/// the mainnet mix (its mean). Written into bench-all's plan by `lab list --json`.
pub fn compressions_per_item(meta: &crate::BenchMeta, profile: crate::Profile) -> Option<f64> {
    let digest = match meta.digest.as_str() {
        "legacy" => Digest::Legacy,
        "lt" => Digest::Lt,
        _ => return None,
    };
    let (kind, param) = meta.workload.rsplit_once('/')?;
    match kind {
        "data_size" | "cap_sweep" => meta
            .data_size
            .map(|size| compressions_per_account(digest, size) as f64),
        k if k.starts_with("set_") => param
            .parse()
            .ok()
            .map(|size| compressions_per_account(digest, size) as f64),
        "mainnet_mix" => param
            .parse()
            .ok()
            .map(|n| mix_compressions_per_account(digest, n, profile.mix_tail_cap())),
        _ => None,
    }
}

/// Mean compressions per account over the mainnet mix of `n` accounts (tail cap `tail_cap`),
/// for the floor of a `mainnet_mix/<n>` row.
pub fn mix_compressions_per_account(digest: Digest, n: usize, tail_cap: usize) -> f64 {
    let sizes = workloads::mix_sizes(n, tail_cap);
    let total: u64 = sizes
        .iter()
        .map(|&s| compressions_per_account(digest, s as u64))
        .sum();
    total as f64 / sizes.len().max(1) as f64
}

pub fn register(reg: &mut Registry) {
    #[cfg(feature = "batch")]
    {
        legacy::register(reg);
        register_lt_batch(reg);
    }
    register_lt_per_account(reg);
}

/// The lt set workloads: `(workload, data_size, accounts)` for `set_1024/165`, `set_1024/200`.
pub fn lt_set_workloads() -> impl Iterator<Item = (String, usize)> {
    LT_SET_SIZES
        .into_iter()
        .map(|s| (format!("set_{LT_SET_ACCOUNTS}/{s}"), s))
}

/// `LT_SET_ACCOUNTS` distinct accounts of `size` bytes (seeds 0..n, so the first is the
/// `data_size/<size>` rows' account).
pub fn set_of(size: usize, n: usize) -> Vec<Account> {
    (0..n as u64).map(|i| workloads::account(size, i)).collect()
}

/// Meta of an lt row over a set of accounts.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lt_set_meta(
    strategy: &str,
    variant: String,
    workload: String,
    data_size: Option<u64>,
    accounts: u64,
    bytes: u64,
    baseline: bool,
    claims_consensus: bool,
) -> BenchMeta {
    BenchMeta {
        family: crate::lt_hash::FAMILY.to_string(),
        digest: Digest::Lt.name().to_string(),
        strategy: strategy.to_string(),
        variant,
        workload,
        data_size,
        bytes_per_iter: bytes,
        items_per_iter: accounts,
        baseline,
        claims_consensus,
    }
}

/// One way of computing the LtHash of a whole set: what the lt set rows time.
pub trait LtSetAccumulator {
    /// The lattice hash of every account (consensus lane order; a non-consensus strategy
    /// returns its own lanes, which then do not match the reference).
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash;
}

/// The LtHash of a set per iteration, checked against [`reference_set_checksum`].
pub struct LtSetCase<A> {
    pub accumulator: A,
    pub accounts: Vec<Account>,
}

impl<A: LtSetAccumulator> Case for LtSetCase<A> {
    fn time(&mut self, b: &mut criterion::Bencher<'_>) {
        let (acc, accounts) = (&self.accumulator, &self.accounts);
        b.iter(|| acc.lt_of_set(black_box(accounts)))
    }

    fn run_once(&mut self) {
        black_box(self.accumulator.lt_of_set(black_box(&self.accounts)));
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        let got = self.accumulator.lt_of_set(&self.accounts).checksum().0;
        Some(got == reference_set_checksum(&self.accounts))
    }
}

/// The set's LtHash checksum written straight from DESIGN.md: each hashed account's
/// message gathered into one buffer, 2048 bytes of XOF, lanes summed with wrapping adds.
pub fn reference_set_checksum(accounts: &[Account]) -> [u8; 32] {
    let mut lanes = [0u16; LT_LANES];
    let mut xof = [0u8; LT_BYTES];
    let mut msg = Vec::new();
    for a in accounts.iter().filter(|a| a.lamports != 0) {
        msg.clear();
        msg.extend_from_slice(&a.lamports.to_le_bytes());
        msg.extend_from_slice(&a.data);
        msg.push(u8::from(a.executable));
        msg.extend_from_slice(&a.owner.0);
        msg.extend_from_slice(&a.pubkey.0);
        blake3::Hasher::new()
            .update(&msg)
            .finalize_xof()
            .fill(&mut xof);
        for (lane, pair) in lanes.iter_mut().zip(xof.chunks_exact(2)) {
            *lane = lane.wrapping_add(u16::from_le_bytes([pair[0], pair[1]]));
        }
    }
    LtHash(lanes).checksum().0
}

/// A per-account strategy over a set: `lt_hash` per account, then `LtHash::mix_in`.
#[derive(Clone, Default)]
pub struct PerAccount<H>(pub H);

impl<H: account_hash::AccountHasher> LtSetAccumulator for PerAccount<H>
where
    H::Lt: IntoLtLanes,
{
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        let mut sum = LtHash::identity();
        for a in accounts {
            sum.mix_in(&self.0.lt_hash(&a.as_ref()).into_lt_lanes());
        }
        sum
    }
}

/// Per-account strategies on the lt set workloads (copy-buffer cap=200 is the baseline;
/// cap=47 only in `full`, to keep `quick` within its budget).
fn register_lt_per_account(reg: &mut Registry) {
    #[cfg_attr(
        not(any(feature = "copy-buffer", feature = "streaming", feature = "meta-first")),
        allow(dead_code)
    )]
    fn add<H>(reg: &mut Registry, baseline: bool)
    where
        H: account_hash::AccountHasher + Default + 'static,
        H::Lt: IntoLtLanes,
    {
        for (workload, size) in lt_set_workloads() {
            let n = LT_SET_ACCOUNTS;
            let m = lt_set_meta(
                H::STRATEGY,
                H::default().variant().unwrap_or_else(|| "-".into()),
                workload,
                Some(size as u64),
                n as u64,
                (n * (Digest::Lt.meta_len() + size)) as u64,
                baseline,
                H::CONSENSUS,
            );
            reg.add(m, move || {
                Box::new(LtSetCase {
                    accumulator: PerAccount(H::default()),
                    accounts: set_of(size, n),
                })
            });
        }
    }
    #[cfg(feature = "copy-buffer")]
    {
        if reg.profile == crate::Profile::Full {
            add::<account_hash::copy_buffer!(47)>(reg, false);
        }
        add::<account_hash::copy_buffer!(200)>(reg, true);
    }
    #[cfg(feature = "streaming")]
    add::<account_hash::Streaming>(reg, false);
    #[cfg(feature = "meta-first")]
    add::<account_hash::MetaFirst>(reg, false);
    let _ = reg;
}

/// `BatchLtAccumulator`: stage accounts into lanes, sum the XOF inside the kernel.
#[cfg(feature = "batch")]
pub struct BatchLt(pub account_hash::Batch);

#[cfg(feature = "batch")]
impl LtSetAccumulator for BatchLt {
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        let mut acc = self.0.lt_accumulator();
        for a in accounts {
            acc.add(&a.as_ref());
        }
        acc.finish()
    }
}

/// `batch` (widest backend) on the lt set workloads and the lt family's mix.
#[cfg(feature = "batch")]
fn register_lt_batch(reg: &mut Registry) {
    use account_hash::Batch;
    let variant = Batch::new().backend().name().to_string();
    for (workload, size) in lt_set_workloads() {
        let n = LT_SET_ACCOUNTS;
        let m = lt_set_meta(
            "batch",
            variant.clone(),
            workload,
            Some(size as u64),
            n as u64,
            (n * (Digest::Lt.meta_len() + size)) as u64,
            false,
            true,
        );
        reg.add(m, move || {
            Box::new(LtSetCase {
                accumulator: BatchLt(Batch::new()),
                accounts: set_of(size, n),
            })
        });
    }
    let (n, cap) = lt_mix(reg.profile);
    let m = lt_set_meta(
        "batch",
        variant,
        format!("mainnet_mix/{n}"),
        None,
        n as u64,
        workloads::mix_hashed_bytes(n, cap, Digest::Lt.meta_len()),
        false,
        true,
    );
    reg.add(m, move || {
        Box::new(LtSetCase {
            accumulator: BatchLt(Batch::new()),
            accounts: workloads::mainnet_mix(n, cap),
        })
    });
}

/// The lt family's mix: a tenth of the legacy mix (as in `lt_hash.rs`), same tail cap.
pub fn lt_mix(profile: crate::Profile) -> (usize, usize) {
    (profile.mix_accounts() / 10, profile.mix_tail_cap())
}

/// Accounts per `hash_batch` call in the legacy cases: refs are staged on the stack.
#[cfg(feature = "batch")]
const REFS_PER_CALL: usize = 64;

#[cfg(feature = "batch")]
mod legacy {
    use super::*;
    use crate::reference;
    use account_hash::{AccountHash, AccountRef, Batch, Pubkey};
    use blake3_lanes::{Backend, BLOCK_LEN, OUT_LEN};

    static NO_KEY: Pubkey = Pubkey([0; 32]);

    /// Hashes `accounts` into `out` (same length) `REFS_PER_CALL` at a time, building the
    /// borrowed views on the stack: no allocation.
    pub(super) fn hash_slice(batch: &Batch, accounts: &[Account], out: &mut [AccountHash]) {
        let blank = AccountRef {
            lamports: 0,
            rent_epoch: 0,
            executable: false,
            owner: &NO_KEY,
            pubkey: &NO_KEY,
            data: &[],
        };
        let mut refs = [blank; REFS_PER_CALL];
        for (chunk, slots) in accounts
            .chunks(REFS_PER_CALL)
            .zip(out.chunks_mut(REFS_PER_CALL))
        {
            for (r, a) in refs.iter_mut().zip(chunk) {
                *r = a.as_ref();
            }
            // Equal lengths by construction: chunks of equal-length slices.
            let _ = batch.hash_batch(&refs[..chunk.len()], slots);
        }
    }

    fn all_match(accounts: &[Account], out: &[AccountHash], step: usize) -> bool {
        accounts
            .iter()
            .zip(out)
            .step_by(step)
            .all(|(a, h)| h.0 == reference::legacy(&a.as_ref()))
    }

    /// `hash_batch` over a set of accounts per iteration.
    pub struct BatchLegacy {
        batch: Batch,
        accounts: Vec<Account>,
        out: Vec<AccountHash>,
    }

    impl Case for BatchLegacy {
        fn time(&mut self, b: &mut criterion::Bencher<'_>) {
            let (batch, accounts, out) = (&self.batch, &self.accounts, &mut self.out);
            b.iter(|| {
                hash_slice(batch, black_box(accounts), out);
                black_box(&*out);
            })
        }

        fn run_once(&mut self) {
            hash_slice(&self.batch, black_box(&self.accounts), &mut self.out);
            black_box(&self.out);
        }

        fn digest_matches_reference(&mut self) -> Option<bool> {
            self.out.fill(AccountHash([0xA5; 32]));
            hash_slice(&self.batch, &self.accounts, &mut self.out);
            Some(all_match(&self.accounts, &self.out, 7))
        }
    }

    fn batch_case(accounts: Vec<Account>) -> Box<dyn Case> {
        let out = vec![AccountHash::ZERO; accounts.len()];
        Box::new(BatchLegacy {
            batch: Batch::new(),
            accounts,
            out,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn meta(
        strategy: &str,
        variant: String,
        digest: &str,
        workload: String,
        data_size: Option<u64>,
        items: u64,
        bytes: u64,
        baseline: bool,
    ) -> BenchMeta {
        BenchMeta {
            family: crate::account_hash::FAMILY.to_string(),
            digest: digest.to_string(),
            strategy: strategy.to_string(),
            variant,
            workload,
            data_size,
            bytes_per_iter: bytes,
            items_per_iter: items,
            baseline,
            claims_consensus: true,
        }
    }

    pub(super) fn register(reg: &mut Registry) {
        let backend = Backend::detect();
        let variant = backend.name().to_string();
        let legacy = Digest::Legacy.name();
        for size in workloads::SEED_SIZES {
            let n = batch_accounts_for(size);
            let m = meta(
                "batch",
                variant.clone(),
                legacy,
                format!("data_size/{size}"),
                Some(size as u64),
                n as u64,
                (n * (Digest::Legacy.meta_len() + size)) as u64,
                false,
            );
            reg.add(m, move || batch_case(super::set_of(size, n)));
        }
        let (n, cap) = (reg.profile.mix_accounts(), reg.profile.mix_tail_cap());
        let m = meta(
            "batch",
            variant.clone(),
            legacy,
            format!("mainnet_mix/{n}"),
            None,
            n as u64,
            workloads::mix_hashed_bytes(n, cap, Digest::Legacy.meta_len()),
            false,
        );
        reg.add(m, move || batch_case(workloads::mainnet_mix(n, cap)));

        // The limit: one compression per block, widest backend. Digest `blake3`: the
        // output is checked against the blake3 crate, not an account digest.
        let m = meta(
            "limit",
            variant,
            "blake3",
            format!("compression/{LIMIT_BLOCKS}"),
            None,
            LIMIT_BLOCKS as u64,
            (LIMIT_BLOCKS * BLOCK_LEN) as u64,
            false,
        );
        reg.add(m, move || Box::new(Limit::new(backend, LIMIT_BLOCKS)));

        // Scaling: rayon, one thread against two.
        let total = if reg.profile == crate::Profile::Full {
            SCALING_ACCOUNTS_FULL
        } else {
            SCALING_ACCOUNTS_SHORT
        };
        let pool = reg.profile.mix_accounts().min(total);
        for threads in [1usize, 2] {
            let m = meta(
                "batch",
                format!("threads={threads}"),
                legacy,
                format!("rayon_mix/{total}"),
                None,
                total as u64,
                workloads::mix_hashed_bytes(pool, SCALING_TAIL_CAP, Digest::Legacy.meta_len())
                    * (total / pool) as u64,
                threads == 1,
            );
            reg.add(m, move || Box::new(Scaling::new(threads, pool, total)));
        }
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

    /// `total` mix accounts hashed with `hash_batch` on a rayon pool of `threads`: the
    /// profile's mix (`pool` distinct accounts, tail capped at [`SCALING_TAIL_CAP`]) hashed
    /// `total / pool` times, so ten million hashes need the memory of one mix.
    pub struct Scaling {
        pool: rayon::ThreadPool,
        batch: Batch,
        accounts: Vec<Account>,
        passes: usize,
    }

    /// Accounts per rayon task.
    const TASK: usize = 1024;

    impl Scaling {
        pub fn new(threads: usize, pool: usize, total: usize) -> Self {
            Scaling {
                pool: rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap_or_else(|e| panic!("cannot start a rayon pool: {e}")),
                batch: Batch::new(),
                accounts: workloads::mainnet_mix(pool, SCALING_TAIL_CAP),
                passes: (total / pool.max(1)).max(1),
            }
        }

        fn pass(&self) {
            use rayon::prelude::*;
            let (batch, accounts) = (&self.batch, &self.accounts);
            self.pool.install(|| {
                for _ in 0..self.passes {
                    accounts.par_chunks(TASK).for_each(|task| {
                        let mut out = [AccountHash::ZERO; TASK];
                        hash_slice(batch, task, &mut out[..task.len()]);
                        black_box(&out);
                    });
                }
            });
        }
    }

    impl Case for Scaling {
        fn time(&mut self, b: &mut criterion::Bencher<'_>) {
            b.iter(|| self.pass())
        }

        fn run_once(&mut self) {
            self.pass()
        }

        fn digest_matches_reference(&mut self) -> Option<bool> {
            use rayon::prelude::*;
            let (batch, accounts) = (&self.batch, &self.accounts);
            let mut out = vec![AccountHash([0xA5; 32]); accounts.len()];
            self.pool.install(|| {
                accounts
                    .par_chunks(TASK)
                    .zip(out.par_chunks_mut(TASK))
                    .for_each(|(task, slots)| hash_slice(batch, task, slots));
            });
            Some(all_match(accounts, &out, 7))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Filter, Profile};

    #[test]
    fn compressions_match_the_hand_counts() {
        // Legacy 165 B: 246 bytes = 4 blocks. Lt 165 B: 238 bytes = 4 blocks, the last is
        // the root = output block 0, plus 31 more output blocks.
        assert_eq!(compressions_per_account(Digest::Legacy, 165), 4);
        assert_eq!(compressions_per_account(Digest::Lt, 165), 35);
        assert_eq!(compressions_per_account(Digest::Legacy, 0), 2);
        assert_eq!(compressions_per_account(Digest::Lt, 0), 33);
        // 1024 + 81 bytes: two chunks (16 + 2 blocks) and one parent.
        assert_eq!(compressions_per_account(Digest::Legacy, 1024), 19);
        assert_eq!(compressions_per_account(Digest::Lt, 951), 16 - 1 + 32);
        let mix = mix_compressions_per_account(Digest::Legacy, 1000, 64 * 1024);
        assert!(mix > 4.0, "{mix}");
    }

    #[test]
    fn reference_set_checksum_is_the_sum_of_per_account_lthashes() {
        let accounts = set_of(165, 3);
        let mut sum = LtHash::identity();
        let mut bytes = [0u8; LT_BYTES];
        for a in &accounts {
            let r = a.as_ref();
            let mut h = blake3::Hasher::new();
            h.update(&r.lamports.to_le_bytes());
            h.update(r.data);
            h.update(&[u8::from(r.executable)]);
            h.update(&r.owner.0);
            h.update(&r.pubkey.0);
            h.finalize_xof().fill(&mut bytes);
            sum.mix_in(&LtHash::from_xof_bytes(&bytes));
        }
        assert_eq!(reference_set_checksum(&accounts), sum.checksum().0);
        assert_ne!(
            reference_set_checksum(&accounts[..2]),
            sum.checksum().0,
            "a missing account changes the set"
        );
    }

    /// Every batch, peer and limit case (smoke profile) reproduces its reference; the
    /// per-account lt set rows match when they claim the consensus digest and differ
    /// otherwise. A wrong peer wiring (field order, missing field) fails here.
    #[test]
    fn batch_peer_and_limit_cases_match_the_reference() {
        let reg = Registry::new(Profile::Smoke);
        let mut checked = Vec::new();
        for b in reg.select(&Filter::default()) {
            let m = &b.meta;
            let ours = m.strategy == "batch" || m.strategy == "limit";
            let peer = m.strategy.starts_with("peer:");
            let lt_set = m.family == crate::lt_hash::FAMILY && m.workload.starts_with("set_");
            if !(ours || peer || lt_set) || m.data_size.is_some_and(|d| d >= 1 << 20) {
                continue;
            }
            let mut case = b.make();
            case.run_once();
            let expected = m.claims_consensus;
            assert_eq!(
                case.digest_matches_reference(),
                Some(expected),
                "{}",
                m.criterion_id()
            );
            checked.push(m.criterion_id());
        }
        let has = |s: &str| checked.iter().any(|id| id.contains(s));
        assert!(has("peer:blake3-serial/set_1024/165"), "{checked:?}");
        #[cfg(feature = "peer-solana")]
        assert!(has("peer:solana-lattice-hash/set_1024/200"), "{checked:?}");
        #[cfg(feature = "batch")]
        {
            assert!(has("account-hash/batch@"), "{checked:?}");
            assert!(has("lt-hash/batch@"), "{checked:?}");
            assert!(has("limit@"), "{checked:?}");
            assert!(has("rayon_mix/100000"), "{checked:?}");
        }
    }

    #[test]
    fn batch_rows_share_the_per_account_workload_names() {
        let reg = Registry::new(Profile::Quick);
        let all: Vec<BenchMeta> = reg
            .select(&Filter::default())
            .map(|b| b.meta.clone())
            .collect();
        for m in all.iter().filter(|m| m.strategy == "batch") {
            if m.workload.starts_with("rayon_mix/") || m.workload.starts_with("set_") {
                continue;
            }
            assert!(m.items_per_iter > 1, "{}", m.criterion_id());
            assert!(
                all.iter().any(|o| o.strategy != "batch"
                    && o.family == m.family
                    && o.workload == m.workload),
                "no per-account row on {}",
                m.criterion_id()
            );
        }
        assert!(all.iter().any(|m| m.workload == "rayon_mix/100000") == cfg!(feature = "batch"));
    }
}
