//! The [`AccountHasher`] and [`BatchHasher`] traits and the strategies, one module each.
//!
//! Each strategy compiles behind its own cargo feature of the same name and is listed once
//! in [`list`], which every tool (the lab, `xtask verify`) iterates.

use crate::account::AccountRef;
use crate::digest::{AccountHash, DigestBytes, LtHash};

#[cfg(feature = "batch")]
pub mod batch;
#[cfg(feature = "copy-buffer")]
pub mod copy_buffer;
#[cfg(feature = "lane-xof")]
pub mod lane_xof;
pub mod list;
#[cfg(feature = "meta-first")]
pub mod meta_first;
#[cfg(feature = "streaming")]
pub mod streaming;
#[cfg(feature = "test-strategy")]
pub mod vec_gather;

/// Bytes of an account's fixed fields in the legacy hash: lamports 8, rent_epoch 8,
/// executable 1, owner 32, pubkey 32.
pub const META_LEN: usize = 8 + 8 + 1 + 32 + 32;
/// Bytes of an account's fixed fields in the LtHash, which leaves out rent_epoch.
pub const LT_META_LEN: usize = META_LEN - 8;
/// BLAKE3's chunk length (`blake3_lanes::CHUNK_LEN`, checked where that crate is built):
/// a message up to it is one chunk.
pub const ONE_CHUNK_LEN: usize = 1024;
/// Longest data whose legacy message (fields and data) fits one chunk: the batch
/// strategy hashes such accounts one per lane; longer ones have their chunks in the lanes.
pub const MAX_BATCHED_DATA_LEGACY: usize = ONE_CHUNK_LEN - META_LEN;
/// As [`MAX_BATCHED_DATA_LEGACY`], for the LtHash's message.
pub const MAX_BATCHED_DATA_LT: usize = ONE_CHUNK_LEN - LT_META_LEN;
/// Messages from this length on hash faster through the blake3 crate (whose own chunk
/// parallelism fills the lanes with one message, fed field by field as the validator feeds
/// it) than batched across messages in the lanes: the `batch` strategy's crossover,
/// measured with AVX2 and AVX-512 for both digests in docs/large-accounts.md.
pub const BATCH_CROSSOVER_LEN: usize = 128 * 1024;

/// Which of the two digests a gather feeds: they differ only in whether rent_epoch is hashed.
/// Every strategy's gather takes one (compiled whatever strategies are on, so a new strategy
/// built alone finds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fields {
    /// lamports, rent_epoch, data, executable, owner, pubkey.
    Legacy,
    /// lamports, data, executable, owner, pubkey (SIMD-0215).
    Lt,
}

/// One piece of an account's message: a fixed field's bytes, or the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// lamports, rent_epoch, executable, owner or pubkey, as hashed.
    Meta(&'a [u8]),
    /// The account's data.
    Data(&'a [u8]),
}

impl<'a> Piece<'a> {
    /// The piece's bytes.
    #[inline(always)]
    pub fn bytes(self) -> &'a [u8] {
        match self {
            Piece::Meta(b) | Piece::Data(b) => b,
        }
    }
}

impl Fields {
    /// Calls `f` with each piece of the account's message for this digest, in consensus
    /// order: lamports (u64 LE), rent_epoch (u64 LE, legacy only), data, executable (one
    /// byte), owner, pubkey. The one place the order is written; every consensus gather is
    /// this walk, and meta-first is this walk with the data moved last.
    #[inline(always)]
    pub fn for_each_piece(self, account: &AccountRef<'_>, mut f: impl FnMut(Piece<'_>)) {
        f(Piece::Meta(&account.lamports.to_le_bytes()));
        if self == Fields::Legacy {
            f(Piece::Meta(&account.rent_epoch.to_le_bytes()));
        }
        f(Piece::Data(account.data));
        f(Piece::Meta(&[u8::from(account.executable)]));
        f(Piece::Meta(account.owner.as_bytes()));
        f(Piece::Meta(account.pubkey.as_bytes()));
    }
}

/// The legacy hash of `account` from the hasher `feed` fills: 32 zero bytes, without
/// hashing, for an account with zero lamports (the one place that rule is written for the
/// per-account strategies).
#[inline(always)]
pub fn legacy_hash(
    account: &AccountRef<'_>,
    feed: impl FnOnce(&AccountRef<'_>) -> blake3::Hasher,
) -> AccountHash {
    if account.lamports == 0 {
        return AccountHash::ZERO;
    }
    AccountHash(feed(account).finalize().into())
}

/// The LtHash of `account` from the hasher `feed` fills: the identity (all zeros), without
/// hashing, for an account with zero lamports.
#[inline(always)]
pub fn lt_hash(
    account: &AccountRef<'_>,
    feed: impl FnOnce(&AccountRef<'_>) -> blake3::Hasher,
) -> LtHash {
    if account.lamports == 0 {
        return LtHash::identity();
    }
    LtHash::from_hasher(&feed(account))
}

/// Feeds the fields with one `update` each, in consensus order, copying nothing: strategy B
/// itself, and the path of the batch and lane-xof strategies for messages longer than one
/// chunk.
pub fn feed_each_field(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
    let mut hasher = blake3::Hasher::new();
    fields.for_each_piece(account, |piece| {
        hasher.update(piece.bytes());
    });
    hasher
}

/// The length of an account's message for `fields` (the bytes [`feed_each_field`] feeds).
#[inline(always)]
pub fn message_len(account: &AccountRef<'_>, fields: Fields) -> usize {
    let meta = if fields == Fields::Legacy {
        META_LEN
    } else {
        LT_META_LEN
    };
    meta + account.data.len()
}

/// Writes an account's message for `fields` (the bytes [`feed_each_field`] feeds, contiguous)
/// into the front of `buf`, field by field, and returns its length, or `None` when it is
/// longer than `buf` or than one chunk.
#[cfg(feature = "lanes")]
#[inline(always)]
pub fn stage(account: &AccountRef<'_>, fields: Fields, buf: &mut [u8]) -> Option<usize> {
    let len = message_len(account, fields);
    if len > buf.len().min(blake3_lanes::CHUNK_LEN) {
        return None;
    }
    let mut at = 0;
    fields.for_each_piece(account, |piece| {
        let bytes = piece.bytes();
        buf[at..at + bytes.len()].copy_from_slice(bytes);
        at += bytes.len();
    });
    Some(len)
}

/// What sets one instance of a strategy apart from its others. Its text (`Display`) is the
/// variant in every benchmark id and report: `cap=200`, `avx512`, `avx512 staging=gather`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instance {
    /// copy-buffer's capacity for account data, in bytes.
    Capacity(usize),
    /// A blake3-lanes backend (`blake3_lanes::Backend::name`) and whether the accounts are
    /// gathered into whole messages before the lanes (`batch::Staging::Gather`) rather
    /// than staged part by part.
    Backend {
        backend: &'static str,
        gathered: bool,
    },
}

impl std::fmt::Display for Instance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Instance::Capacity(cap) => write!(f, "cap={cap}"),
            Instance::Backend {
                backend,
                gathered: false,
            } => f.write_str(backend),
            Instance::Backend {
                backend,
                gathered: true,
            } => write!(f, "{backend} staging=gather"),
        }
    }
}

/// One way of feeding an account's bytes to BLAKE3.
///
/// A strategy whose `CONSENSUS` is true produces [`crate::AccountHash`] and [`crate::LtHash`]
/// identical to the validator's; one whose `CONSENSUS` is false has its own output types
/// ([`crate::NonConsensus`]), so it cannot be mistaken for them. Hashing never allocates for
/// accounts whose data fits the strategy's buffer.
pub trait AccountHasher {
    /// Output of the legacy 32-byte digest.
    type Hash: DigestBytes;
    /// Output of the lattice-hash digest.
    type Lt: DigestBytes;
    /// The strategy's fixed name, as in every report and benchmark id (`copy-buffer`,
    /// `streaming`, `meta-first`, `batch`, `lane-xof`, ...).
    const STRATEGY: &'static str;
    /// Whether the outputs are the consensus digests.
    const CONSENSUS: bool;

    /// What sets this instance apart from the strategy's others; `None` when there is one.
    fn variant(&self) -> Option<Instance>;

    /// The legacy 32-byte account hash.
    fn hash(&self, account: &AccountRef<'_>) -> Self::Hash;

    /// The account's lattice hash.
    fn lt_hash(&self, account: &AccountRef<'_>) -> Self::Lt;
}

/// `out` does not have one slot per account.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hash_batch: {accounts} accounts but {slots} output slots")]
pub struct BatchLenError {
    /// Accounts given.
    pub accounts: usize,
    /// Output slots given.
    pub slots: usize,
}

/// A strategy that hashes many accounts per call (strategy `batch`): the legacy hash of a
/// slice, and the LtHash of a stream through an accumulator. Its per-account form
/// ([`AccountHasher`]) is a batch of one.
pub trait BatchHasher: AccountHasher {
    /// Sums the LtHash of a stream of accounts.
    type LtAccumulator: LtAccumulator;

    /// The legacy hash of every account into `out` (one slot per account).
    fn hash_batch(
        &self,
        accounts: &[AccountRef<'_>],
        out: &mut [AccountHash],
    ) -> Result<(), BatchLenError>;

    /// An empty LtHash accumulator.
    fn lt_accumulator(&self) -> Self::LtAccumulator;

    /// A slot's delta: the LtHash of `new` (each write's new version) minus that of `old`
    /// (each write's old version). By default two accumulators, one per sign, as an
    /// add-only batch API needs; a strategy that can subtract overrides it with one call.
    fn lt_delta(&self, new: &[AccountRef<'_>], old: &[AccountRef<'_>]) -> LtHash {
        let mut plus = self.lt_accumulator();
        let mut minus = self.lt_accumulator();
        new.iter().for_each(|account| plus.add(account));
        old.iter().for_each(|account| minus.add(account));
        let mut delta = plus.finish();
        delta.mix_out(&minus.finish());
        delta
    }
}

/// The LtHash of a stream of accounts, one [`add`](LtAccumulator::add) at a time.
pub trait LtAccumulator {
    /// Mixes in one account's LtHash.
    fn add(&mut self, account: &AccountRef<'_>);
    /// The LtHash of every account added.
    fn finish(self) -> LtHash;
}
