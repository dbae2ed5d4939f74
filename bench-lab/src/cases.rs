//! What the report families share: the per-account digests, the meta of a strategy's row, and the
//! generic [`Case`]s — one account or a whole set per iteration for any
//! [`AccountHasher`], and the legacy hashes / LtHash of a set for any [`BatchHasher`].
//! Every case runs the code its row names and nothing else.

use crate::{isa, reference, Case};
use account_hash::strategy::list::{StrategyEntry, ValidatorCode};
use account_hash::{
    Account, AccountHash, AccountHasher, AccountRef, BatchHasher, DigestBytes, Instance,
    IntoLtLanes, LtAccumulator, LtHash, Pubkey,
};
use lab_record::{
    BenchId, BenchMeta, Digest, Family, Isa, Role, Setting, Staging, Variant, Workload,
};
use std::hint::black_box;
use std::sync::Arc;

/// The two per-account digests (the part of [`Digest`] a strategy computes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountDigest {
    /// The 32-byte account hash (`AccountHasher::hash`).
    Legacy,
    /// The lattice hash (`AccountHasher::lt_hash`).
    Lt,
}

impl AccountDigest {
    /// As recorded.
    pub fn digest(self) -> Digest {
        match self {
            AccountDigest::Legacy => Digest::Legacy,
            AccountDigest::Lt => Digest::Lt,
        }
    }

    /// The per-account digest a recorded one is, if any.
    pub fn of(digest: Digest) -> Option<Self> {
        match digest {
            Digest::Legacy => Some(AccountDigest::Legacy),
            Digest::Lt => Some(AccountDigest::Lt),
            _ => None,
        }
    }

    /// Bytes of fixed fields hashed per account: 81 for legacy, 73 for lt (no rent_epoch).
    pub fn meta_len(self) -> usize {
        match self {
            AccountDigest::Legacy => account_hash::META_LEN,
            AccountDigest::Lt => account_hash::LT_META_LEN,
        }
    }
}

/// A row's meta with the common defaults: one item per iteration unless set, no data size,
/// a candidate, consensus claimed, no known ISA. Change fields with struct update
/// syntax: `BenchMeta { role: Role::Baseline, ..row(id) }`.
pub fn row(id: BenchId) -> BenchMeta {
    BenchMeta {
        id,
        data_size: None,
        bytes_per_iter: 0,
        items_per_iter: 1,
        role: Role::Candidate,
        claims_consensus: true,
        isa: None,
    }
}

/// Who a row measures, everything of its meta but the workload: a listed strategy
/// instance or a peer. [`Subject::on`] makes the row.
#[derive(Clone, Debug)]
pub struct Subject {
    pub family: Family,
    pub digest: AccountDigest,
    pub strategy: String,
    pub variant: Option<Variant>,
    pub role: Role,
    pub claims_consensus: bool,
    pub isa: Option<Isa>,
    /// Hashes on a blake3-lanes backend (`isa` is the backend's) messages of at most one
    /// chunk, and longer ones with the blake3 crate ([`Subject::isa_for`]).
    pub lanes: bool,
    /// A listed strategy instance: `Some(its entry's code copies)`. A per-account one's
    /// rows ([`crate::rows::one_account`], [`crate::rows::mix`]) offer the paired pass
    /// shared inputs ([`crate::shared::SharedMakers`]).
    pub listed: Option<Option<usize>>,
}

impl Subject {
    /// Strategy `H` (instance `hasher`, listed as `entry`): the role is the list's
    /// ([`role`]); the ISA is the entry's backend, else what blake3 uses here.
    pub fn strategy<H: AccountHasher>(
        family: Family,
        digest: AccountDigest,
        entry: &StrategyEntry,
        hasher: &H,
    ) -> Self {
        Subject {
            family,
            digest,
            strategy: H::STRATEGY.to_string(),
            variant: variant_of(hasher),
            role: role(entry.validator),
            claims_consensus: H::CONSENSUS,
            isa: Some(entry_isa(entry)),
            lanes: entry.backend.is_some(),
            listed: Some(entry.code_copies),
        }
    }

    /// A peer crate (`peer:<crate>`) computing the consensus digest with the blake3 crate.
    pub fn peer(family: Family, digest: AccountDigest, name: &str) -> Self {
        Subject {
            family,
            digest,
            strategy: name.to_string(),
            variant: None,
            role: Role::Candidate,
            claims_consensus: true,
            isa: Some(isa::blake3()),
            lanes: false,
            listed: None,
        }
    }

    /// The `isa` of a row whose hashed messages are `shortest..=longest` bytes: a lanes
    /// strategy's backend while every message fits one chunk; messages over one chunk take
    /// the blake3 crate (whose SIMD follows its own detection and the lab's `blake3-no-*`
    /// features), so a row with some over a chunk has the wider of the two (`batch@sse41`
    /// on the mix, whose tail is over a chunk, may use what blake3 uses) and a row with all
    /// of them over a chunk the blake3 crate's (`lane-xof@avx512` at 1 KiB of data). On
    /// `set_1024/165` a lanes row's isa is its backend in every build.
    pub fn isa_for(&self, shortest: usize, longest: usize) -> Option<Isa> {
        match self.isa {
            Some(_) if self.lanes && shortest > blake3_lanes::CHUNK_LEN => Some(isa::blake3()),
            Some(i) if self.lanes && longest > blake3_lanes::CHUNK_LEN => {
                Some(isa::widest(i, isa::blake3()))
            }
            other => other,
        }
    }

    /// [`Subject::on`] with the `isa` of [`Subject::isa_for`]`(shortest, longest)`.
    pub fn on_messages(&self, workload: Workload, shortest: usize, longest: usize) -> BenchMeta {
        BenchMeta {
            isa: self.isa_for(shortest, longest),
            ..self.on(workload)
        }
    }

    /// Its row on `workload`, one item per iteration until changed with struct update
    /// syntax: `BenchMeta { items_per_iter: n, ..subject.on(workload) }`.
    pub fn on(&self, workload: Workload) -> BenchMeta {
        BenchMeta {
            role: self.role,
            claims_consensus: self.claims_consensus,
            isa: self.isa,
            ..row(BenchId {
                family: self.family,
                digest: self.digest.digest(),
                strategy: self.strategy.clone(),
                variant: self.variant,
                workload,
            })
        }
    }
}

/// The role of a listed strategy instance's rows: the validator's current code is every
/// account-hash table's baseline, its previous code the before of the before and after.
pub fn role(validator: ValidatorCode) -> Role {
    match validator {
        ValidatorCode::Current => Role::Baseline,
        ValidatorCode::Previous => Role::Previous,
        ValidatorCode::Other => Role::Candidate,
    }
}

/// A strategy instance's variant in the record: account-hash's [`Instance`] as the
/// record's [`Setting`].
pub fn variant_of<H: AccountHasher>(hasher: &H) -> Option<Variant> {
    let setting = match hasher.variant()? {
        Instance::Capacity(cap) => Setting::Capacity(cap as u64),
        Instance::Backend { backend, gathered } => Setting::Backend {
            backend: isa::backend(backend),
            staging: if gathered {
                Staging::Gather
            } else {
                Staging::Parts
            },
        },
    };
    Some(setting.into())
}

/// The ISA of a listed instance: its backend's, or the blake3 crate's.
pub fn entry_isa(entry: &StrategyEntry) -> Isa {
    entry.backend.map_or_else(isa::blake3, isa::backend)
}

/// Hash every account of a set per iteration (the mainnet mix, a user's accounts).
pub struct ManyAccounts<H> {
    pub hasher: H,
    pub accounts: Arc<Vec<Account>>,
    pub digest: AccountDigest,
}

impl<H: AccountHasher> ManyAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    fn pass(&self) {
        hash_set(&self.hasher, &self.accounts, self.digest);
    }
}

/// One pass over a set of accounts, each hashed alone: the legacy hash of every account, or
/// every account's LtHash summed into the set's total (like the batch and peer rows on the
/// same set). Inlined into each case, so each strategy's loop is its own code.
#[inline(always)]
pub fn hash_set<H: AccountHasher>(h: &H, accounts: &[Account], digest: AccountDigest)
where
    H::Lt: IntoLtLanes,
{
    match digest {
        AccountDigest::Legacy => {
            for a in accounts {
                black_box(h.hash(black_box(&a.as_ref())));
            }
        }
        AccountDigest::Lt => {
            let mut total = LtHash::identity();
            for a in accounts {
                total.mix_in(&h.lt_hash(black_box(&a.as_ref())).into_lt_lanes());
            }
            black_box(total);
        }
    }
}

impl<H: AccountHasher> Case for ManyAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    fn run_once(&mut self) {
        self.pass()
    }

    fn window_items(&self) -> usize {
        self.accounts.len()
    }

    fn run_window(&mut self, start: usize, len: usize) {
        hash_set(
            &self.hasher,
            &self.accounts[start..start + len],
            self.digest,
        );
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        Some(matches_reference(&self.hasher, &self.accounts, self.digest))
    }
}

/// Whether `h` gives the reference digest on `accounts`. Every account would be slow for lt
/// on big mixes; a strided sample covers every category (1 in 7 of 100,000 is ~14,000
/// accounts), and a single account is checked itself.
pub fn matches_reference<H: AccountHasher>(
    h: &H,
    accounts: &[Account],
    digest: AccountDigest,
) -> bool {
    accounts.iter().step_by(7).all(|a| matches(h, a, digest))
}

fn matches<H: AccountHasher>(h: &H, a: &Account, digest: AccountDigest) -> bool {
    let r = a.as_ref();
    match digest {
        AccountDigest::Legacy => h.hash(&r).digest_bytes() == reference::legacy(&r),
        AccountDigest::Lt => h.lt_hash(&r).digest_bytes() == reference::lt_checksum(&r),
    }
}

/// One way of computing the LtHash of a whole set: what the lt set rows time.
pub trait LtSetAccumulator {
    /// The lattice hash of every account (consensus lane order; a non-consensus strategy
    /// returns its own lanes, which then do not match the reference).
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash;
}

/// The LtHash of a set per iteration, checked against [`reference::set_checksum`].
pub struct LtSetCase<A> {
    pub accumulator: A,
    pub accounts: Arc<Vec<Account>>,
}

impl<A: LtSetAccumulator> Case for LtSetCase<A> {
    fn run_once(&mut self) {
        black_box(self.accumulator.lt_of_set(black_box(&self.accounts[..])));
    }

    // Not windowed (`window_items` 0): one call's set-up (a batch accumulator's staging, a
    // peer's buffers) is part of the workload, and a window would pay it once per window
    // instead of once per set.

    fn digest_matches_reference(&mut self) -> Option<bool> {
        let got = self.accumulator.lt_of_set(&self.accounts).checksum().0;
        Some(got == reference::set_checksum(&self.accounts))
    }
}

/// One way of summing precomputed LtHashes: what the `mix_in` rows time.
pub trait LtMixIn {
    /// The crate's own LtHash type.
    type Hash;
    /// Each account's LtHash as that type (made outside the timing).
    fn precompute(&self, accounts: &[Account]) -> Vec<Self::Hash>;
    /// Every hash mixed into a fresh accumulator; the total.
    fn mix_in_all(&self, hashes: &[Self::Hash]) -> LtHash;
}

/// Precomputed LtHashes mixed into a fresh accumulator per iteration, checked against
/// [`reference::set_checksum`] of the accounts they were made from.
pub struct MixInCase<M: LtMixIn> {
    pub mixer: M,
    pub accounts: Arc<Vec<Account>>,
    pub hashes: Vec<M::Hash>,
}

impl<M: LtMixIn> MixInCase<M> {
    pub fn new(mixer: M, accounts: Arc<Vec<Account>>) -> Self {
        let hashes = mixer.precompute(&accounts);
        MixInCase {
            mixer,
            accounts,
            hashes,
        }
    }
}

impl<M: LtMixIn> Case for MixInCase<M> {
    fn run_once(&mut self) {
        black_box(self.mixer.mix_in_all(black_box(&self.hashes[..])));
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        let got = self.mixer.mix_in_all(&self.hashes).checksum().0;
        Some(got == reference::set_checksum(&self.accounts))
    }
}

/// A per-account strategy over a set: `lt_hash` per account, then `LtHash::mix_in`.
#[derive(Clone, Default)]
pub struct PerAccount<H>(pub H);

impl<H: AccountHasher> LtSetAccumulator for PerAccount<H>
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

/// A many-accounts strategy over a set: every account into one LtHash accumulator (for
/// `Batch`: stage accounts into lanes, sum the XOF inside the kernel).
#[derive(Clone)]
pub struct Accumulated<B>(pub B);

impl<B: BatchHasher> LtSetAccumulator for Accumulated<B> {
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        let mut acc = self.0.lt_accumulator();
        for a in accounts {
            acc.add(&a.as_ref());
        }
        acc.finish()
    }
}

/// Accounts per `hash_batch` call in the legacy cases: refs are staged on the stack.
pub(crate) const REFS_PER_CALL: usize = 64;

static NO_KEY: Pubkey = Pubkey([0; 32]);

/// Hashes `accounts` into `out` (same length) `REFS_PER_CALL` at a time, building the
/// borrowed views on the stack: no allocation.
pub fn hash_slice<B: BatchHasher>(batch: &B, accounts: &[Account], out: &mut [AccountHash]) {
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
        batch
            .hash_batch(&refs[..chunk.len()], slots)
            .expect("chunks of equal-length slices have equal lengths");
    }
}

/// Whether every `step`-th hash equals the reference legacy hash of its account.
pub fn all_match(accounts: &[Account], out: &[AccountHash], step: usize) -> bool {
    accounts
        .iter()
        .zip(out)
        .step_by(step)
        .all(|(a, h)| h.0 == reference::legacy(&a.as_ref()))
}

/// Hashes `out.len()` copies of one account into `out`, `REFS_PER_CALL` views of it per
/// `hash_batch` call: every lane reads the same bytes, the working set of a per-account row
/// hashing that account again and again. No allocation.
pub fn hash_repeated<B: BatchHasher>(batch: &B, account: &Account, out: &mut [AccountHash]) {
    let refs = [account.as_ref(); REFS_PER_CALL];
    for slots in out.chunks_mut(REFS_PER_CALL) {
        batch
            .hash_batch(&refs[..slots.len()], slots)
            .expect("as many views as slots");
    }
}

/// What a [`BatchLegacy`] hashes per iteration.
enum BatchInput {
    /// Every account of a set, once (the mainnet mix, the user's accounts).
    Set(Arc<Vec<Account>>),
    /// One account, once per output slot (the `data_size` rows: the per-account rows'
    /// account and working set).
    Repeated(Arc<Vec<Account>>),
}

/// `hash_batch` over a set of accounts per iteration.
pub struct BatchLegacy<B> {
    batch: B,
    input: BatchInput,
    out: Vec<AccountHash>,
}

impl<B> BatchLegacy<B> {
    /// Every account of `accounts` once per iteration.
    pub fn new(batch: B, accounts: impl Into<Arc<Vec<Account>>>) -> Self {
        let accounts = accounts.into();
        let out = vec![AccountHash::ZERO; accounts.len()];
        BatchLegacy {
            batch,
            input: BatchInput::Set(accounts),
            out,
        }
    }

    /// `copies` copies of the one account of `account` per iteration (all lanes read the
    /// same account).
    pub fn repeated(batch: B, account: Arc<Vec<Account>>, copies: usize) -> Self {
        assert_eq!(account.len(), 1, "one account, repeated");
        BatchLegacy {
            batch,
            input: BatchInput::Repeated(account),
            out: vec![AccountHash::ZERO; copies],
        }
    }
}

impl<B: BatchHasher> BatchLegacy<B> {
    fn pass(&mut self) {
        match &self.input {
            BatchInput::Set(accounts) => {
                hash_slice(&self.batch, black_box(accounts), &mut self.out)
            }
            BatchInput::Repeated(account) => {
                hash_repeated(&self.batch, black_box(&account[0]), &mut self.out)
            }
        }
        black_box(&self.out);
    }
}

impl<B: BatchHasher> Case for BatchLegacy<B> {
    fn run_once(&mut self) {
        self.pass()
    }

    fn window_items(&self) -> usize {
        match &self.input {
            BatchInput::Set(accounts) => accounts.len(),
            BatchInput::Repeated(_) => 0,
        }
    }

    fn run_window(&mut self, start: usize, len: usize) {
        match &self.input {
            BatchInput::Set(accounts) => {
                let part = black_box(&accounts[start..start + len]);
                hash_slice(&self.batch, part, &mut self.out[..len]);
                black_box(&self.out);
            }
            BatchInput::Repeated(_) => self.pass(),
        }
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        self.out.fill(AccountHash([0xA5; 32]));
        self.pass();
        Some(match &self.input {
            BatchInput::Set(accounts) => all_match(accounts, &self.out, 7),
            BatchInput::Repeated(account) => {
                let expected = reference::legacy(&account[0].as_ref());
                self.out.iter().all(|h| h.0 == expected)
            }
        })
    }
}
