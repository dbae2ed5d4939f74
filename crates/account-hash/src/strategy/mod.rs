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
/// Messages from this length on hash faster through the blake3 crate (whose own chunk
/// parallelism fills the lanes with one message) than batched across messages in the
/// lanes: the `batch` strategy's crossover, measured in docs/large-accounts.md.
pub const BATCH_CROSSOVER_LEN: usize = 8 * 1024;

#[cfg(any(
    feature = "copy-buffer",
    feature = "streaming",
    feature = "meta-first",
    feature = "batch",
    feature = "test-strategy",
    feature = "lane-xof"
))]
/// Which of the two digests a gather feeds: they differ only in whether rent_epoch is hashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fields {
    /// lamports, rent_epoch, data, executable, owner, pubkey.
    Legacy,
    /// lamports, data, executable, owner, pubkey (SIMD-0215).
    Lt,
}

/// Feeds the fields with one `update` each, in consensus order, copying nothing: strategy B
/// itself, and the path of the batch and lane-xof strategies for messages longer than one
/// chunk.
#[cfg(any(feature = "streaming", feature = "batch", feature = "lane-xof"))]
pub(crate) fn feed_each_field(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
    let mut hasher = blake3::Hasher::new();
    hasher.update(&account.lamports.to_le_bytes());
    if fields == Fields::Legacy {
        hasher.update(&account.rent_epoch.to_le_bytes());
    }
    hasher.update(account.data);
    hasher.update(&[u8::from(account.executable)]);
    hasher.update(account.owner.as_bytes());
    hasher.update(account.pubkey.as_bytes());
    hasher
}

/// Writes an account's message for `fields` (the bytes [`feed_each_field`] feeds, contiguous)
/// into `buf` and returns its length, or `None`
/// when it is longer than one chunk.
#[cfg(any(feature = "batch", feature = "lane-xof"))]
#[inline(always)]
pub(crate) fn stage(
    account: &AccountRef<'_>,
    fields: Fields,
    buf: &mut [u8; blake3_lanes::CHUNK_LEN],
) -> Option<usize> {
    let meta = if fields == Fields::Legacy {
        META_LEN
    } else {
        LT_META_LEN
    };
    let len = meta + account.data.len();
    if len > blake3_lanes::CHUNK_LEN {
        return None;
    }
    let mut at = 0;
    let mut put = |bytes: &[u8]| {
        buf[at..at + bytes.len()].copy_from_slice(bytes);
        at += bytes.len();
    };
    put(&account.lamports.to_le_bytes());
    if fields == Fields::Legacy {
        put(&account.rent_epoch.to_le_bytes());
    }
    put(account.data);
    put(&[u8::from(account.executable)]);
    put(account.owner.as_bytes());
    put(account.pubkey.as_bytes());
    Some(len)
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
    /// The strategy's fixed name (`copy-buffer`, `streaming`, `meta-first`, `batch`).
    const STRATEGY: &'static str;
    /// Whether the outputs are the consensus digests.
    const CONSENSUS: bool;

    /// The variant within the strategy, e.g. `cap=200` or a backend; `None` when there is none.
    fn variant(&self) -> Option<String>;

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
