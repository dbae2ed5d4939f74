//! What a per-account strategy's row offers the paired pass, registered with the row
//! ([`crate::Registry::add_shared`]): the inputs it shares with the other rows of a
//! comparison, the distinct compiled copies of its code, and its A/A twins. The paired pass
//! takes them from the row it looked up, never by matching strategy names.

use crate::cases::AccountDigest as Digest;
use crate::workloads;
use crate::Case;
use account_hash::strategy::list::{self, CODE_COPIES};
use account_hash::{
    Account, AccountHasher, AccountRef, BatchHasher, IntoLtLanes, StrategyEntry, StrategyVisitor,
};
use std::hint::black_box;
use std::sync::Arc;

/// A second, distinct copy of strategy `H`: same behaviour, but a different type, so every
/// generic function instantiated for it (the case's timing loop and whatever of `H`'s
/// hashing is inlined into it) is emitted again at a different address. The A/A control
/// times the baseline against its twin; any difference is placement, not code.
///
/// What is not inlined stays shared: copy-buffer's `gather` (the hashing proper) is one
/// out-of-line function per `CopyBuffer<CAP, BUF>`, so `Twin<copy_buffer!(200), 1>` would only
/// move the loop around it. Copy-buffer entries therefore use [`CODE_COPIES`] capacities
/// instead, and `Twin` serves the strategies without such copies (streaming, meta-first).
///
/// `N` numbers the twins: `Twin<H, 1>`, `Twin<H, 2>`, ... are distinct types, so distinct
/// copies of the same code (`twins` makes [`TWINS`] of them).
#[derive(Clone, Copy, Debug, Default)]
pub struct Twin<H, const N: usize>(pub H);

impl<H: AccountHasher, const N: usize> AccountHasher for Twin<H, N> {
    type Hash = H::Hash;
    type Lt = H::Lt;
    const STRATEGY: &'static str = H::STRATEGY;
    const CONSENSUS: bool = H::CONSENSUS;

    fn variant(&self) -> Option<account_hash::Instance> {
        self.0.variant()
    }

    #[inline(always)]
    fn hash(&self, account: &AccountRef<'_>) -> Self::Hash {
        self.0.hash(account)
    }

    #[inline(always)]
    fn lt_hash(&self, account: &AccountRef<'_>) -> Self::Lt {
        self.0.lt_hash(account)
    }
}

/// A per-account strategy over inputs shared with the other rows of its comparison: one
/// account per iteration (`data_size/*`, `cap_sweep/*`) or every account of the set
/// (`mainnet_mix/*`, lt digests summed into the set's total, as `cases::ManyAccounts` does).
/// Criterion, the allocation and instruction passes time these rows through this type too,
/// on their own copy of the inputs, so every pass runs the same loop.
pub struct SharedAccounts<H> {
    pub hasher: H,
    pub accounts: Arc<Vec<Account>>,
    pub digest: Digest,
}

impl<H: AccountHasher> SharedAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    #[inline(always)]
    pub fn pass(&self) {
        let h = &self.hasher;
        match (self.digest, self.accounts.as_slice()) {
            (Digest::Legacy, [one]) => {
                black_box(h.hash(black_box(&one.as_ref())));
            }
            (Digest::Lt, [one]) => {
                black_box(h.lt_hash(black_box(&one.as_ref())));
            }
            (digest, all) => crate::cases::hash_set(h, all, digest),
        }
    }
}

impl<H: AccountHasher> Case for SharedAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    fn run_once(&mut self) {
        self.pass()
    }

    fn run_n(&mut self, n: u64) {
        for _ in 0..n {
            self.pass()
        }
    }

    fn window_items(&self) -> usize {
        match self.accounts.len() {
            1 => 0,
            n => n,
        }
    }

    fn run_window(&mut self, start: usize, len: usize) {
        crate::cases::hash_set(
            &self.hasher,
            &self.accounts[start..start + len],
            self.digest,
        );
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        Some(crate::cases::matches_reference(
            &self.hasher,
            &self.accounts,
            self.digest,
        ))
    }
}

/// What shared inputs a comparison's per-account rows hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// One account of this many data bytes.
    One(usize),
    /// The mainnet mix: accounts, tail cap.
    Mix(usize, usize),
}

impl Inputs {
    /// The inputs, one copy for every entry of the comparison (and every other case that
    /// holds them at once: [`workloads::live`]), large accounts included. Why: an entry timed
    /// right after another that read the same account finds part of it still in the cache;
    /// when every entry (the batch rows' [`crate::cases::BatchLegacy`] included) reads the
    /// same copy, each is timed as criterion's loop times it, and no entry pays for where
    /// its own copy's pages landed.
    pub fn build(self) -> Arc<Vec<Account>> {
        match self {
            Inputs::One(size) => workloads::live_account(size),
            Inputs::Mix(n, cap) => workloads::live_mainnet_mix(n, cap),
        }
    }
}

pub type MakeShared = Box<dyn Fn(Arc<Vec<Account>>) -> Box<dyn Case>>;

/// The [`CODE_COPIES`] copies of `copy_buffer!(cap)` the strategy list offers, as makers.
pub fn copy_buffer_copies(cap: usize, digest: Digest) -> Option<Vec<MakeShared>> {
    struct Collect(Digest, Vec<MakeShared>);
    impl StrategyVisitor for Collect {
        fn per_account<H>(&mut self, _: &StrategyEntry, hasher: H)
        where
            H: AccountHasher + Clone + Send + Sync + 'static,
            H::Lt: IntoLtLanes,
        {
            self.1.push(shared_maker(hasher, self.0));
        }
        fn batch<B>(&mut self, _: &StrategyEntry, _: B)
        where
            B: BatchHasher + Clone + Send + Sync + 'static,
            B::Lt: IntoLtLanes,
        {
        }
    }
    let mut collect = Collect(digest, Vec::new());
    list::visit_code_copies(cap, &mut collect).then_some(collect.1)
}

pub fn shared_maker<H>(hasher: H, digest: Digest) -> MakeShared
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    Box::new(move |accounts| {
        Box::new(SharedAccounts {
            hasher: hasher.clone(),
            accounts,
            digest,
        })
    })
}

/// How many A/A twins a strategy without code copies offers: one less than
/// [`CODE_COPIES`], as a copy-buffer baseline has that many other copies.
pub const TWINS: usize = CODE_COPIES - 1;

/// `Twin<H, 1>` ..= `Twin<H, TWINS>` of `hasher` as makers, each with its label
/// (`Twin<label>`, `Twin<Twin<label>>`, ...).
fn twins<H>(hasher: &H, digest: Digest, label: &str) -> Vec<(MakeShared, String)>
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    let named = |j: usize| format!("{}{label}{}", "Twin<".repeat(j), ">".repeat(j));
    let makers = [
        shared_maker(Twin::<H, 1>(hasher.clone()), digest),
        shared_maker(Twin::<H, 2>(hasher.clone()), digest),
        shared_maker(Twin::<H, 3>(hasher.clone()), digest),
    ];
    const { assert!(TWINS == 3, "one Twin per A/A copy") };
    makers
        .into_iter()
        .enumerate()
        .map(|(i, make)| (make, named(i + 1)))
        .collect()
}

/// What a per-account strategy's row offers the paired pass.
pub struct SharedMakers {
    /// The inputs the row shares with the other rows of its comparison.
    pub inputs: Inputs,
    /// Distinct compiled copies of the row's code (copy-buffer: [`CODE_COPIES`]; others:
    /// one); each layout runs one (`paired::CopyRotation`).
    pub copies: Vec<MakeShared>,
    /// For a row with a single copy: its A/A twins with their labels (empty otherwise,
    /// where an A/A entry takes another of `copies`).
    pub twins: Vec<(MakeShared, String)>,
}

impl SharedMakers {
    /// The makers of `hasher`'s row on `inputs`: the copies its list entry offers
    /// (`code_copies`, copy-buffer's capacity), else the instance itself and its twins.
    pub fn of<H>(
        hasher: &H,
        digest: Digest,
        inputs: Inputs,
        code_copies: Option<usize>,
        label: &str,
    ) -> Self
    where
        H: AccountHasher + Clone + 'static,
        H::Lt: IntoLtLanes,
    {
        match code_copies.and_then(|cap| copy_buffer_copies(cap, digest)) {
            Some(copies) => SharedMakers {
                inputs,
                copies,
                twins: Vec::new(),
            },
            None => SharedMakers {
                inputs,
                copies: vec![shared_maker(hasher.clone(), digest)],
                twins: twins(hasher, digest, label),
            },
        }
    }
}
