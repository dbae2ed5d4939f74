//! Per-account hashing strategies for Solana accounts, behind one trait.
//!
//! A validator hashes every account: the legacy 32-byte [`AccountHash`] and the lattice hash
//! [`LtHash`] (SIMD-0215). How the account's bytes are fed to BLAKE3 decides how fast that
//! is. This crate holds the strategies hashlab measures, each proven against conformance
//! vectors made with the validator's own code:
//!
//! | strategy | type | cargo feature | digest |
//! |---|---|---|---|
//! | `copy-buffer` (A) | [`CopyBuffer`], written `copy_buffer!(200)` | `copy-buffer` | consensus |
//! | `streaming` (B) | [`Streaming`] | `streaming` | consensus |
//! | `meta-first` (C) | [`MetaFirst`] | `meta-first` | **different**: [`NonConsensus`] outputs |
//! | `batch` | [`Batch`] (many accounts across SIMD lanes) | `batch` | consensus |
//! | `lane-xof` | [`LaneXof`] (one account's LtHash XOF across SIMD lanes) | `lane-xof` | consensus |
//!
//! All are default features; `--no-default-features` builds the account, digest and input
//! types alone. Every strategy compiled in is listed once in [`strategy::list`], which the
//! lab and `xtask verify` iterate; `docs/adding-a-strategy.md` shows how to add one.
//!
//! # Picking the strategy behind [`hash_account`]
//!
//! A validator calls [`hash_account`] / [`lt_hash_account`] and picks what they compile to with
//! one feature:
//!
//! ```toml
//! account-hash = { version = "0.1", default-features = false, features = ["pick-streaming"] }
//! ```
//!
//! - `pick-copy-buffer`: [`CopyBuffer200`] (also the choice when no `pick-*` feature is on and
//!   `copy-buffer` is compiled);
//! - `pick-streaming`: [`Streaming`] (the fallback when `copy-buffer` is off);
//! - `pick-lane-xof`: [`LaneXof`] behind [`lt_hash_account`] only; [`hash_account`] stays on
//!   the legacy strategy picked above (the legacy hash has no XOF to spread over lanes).
//!   It combines with at most one of the two picks above.
//!
//! | features | `hash_account` | `lt_hash_account` |
//! |---|---|---|
//! | none, or `pick-copy-buffer` | [`CopyBuffer200`] | [`CopyBuffer200`] |
//! | `pick-streaming` | [`Streaming`] | [`Streaming`] |
//! | `pick-lane-xof` (+ one of the above) | as above | [`LaneXof`] |
//!
//! Two legacy `pick-*` features at once (`pick-copy-buffer` and `pick-streaming`) fail to
//! compile with a message saying so. `meta-first` cannot be picked: it does not produce the
//! consensus digest.
//!
//! # Example
//!
//! ```
//! use account_hash::{Account, AccountHasher, Streaming, copy_buffer};
//!
//! let account = Account { lamports: 1, data: vec![7; 165], ..Account::default() };
//! let a = <copy_buffer!(200)>::default().hash(&account.as_ref());
//! let b = Streaming.hash(&account.as_ref());
//! assert_eq!(a, b);
//! ```

#![forbid(unsafe_code)]

pub mod account;
pub mod digest;
pub mod fuzz_targets;
pub mod input;
pub mod snapshot;
pub mod strategy;

pub use account::{Account, AccountRef, ParseKeyError, Pubkey, PUBKEY_LEN};
pub use digest::{
    AccountHash, DigestBytes, IntoLtLanes, LtChecksum, LtHash, NonConsensus, HASH_LEN, LT_BYTES,
    LT_LANES,
};
pub use input::{parse_accounts, read_accounts, AccountRecord, InputError};
#[cfg(feature = "batch")]
pub use strategy::batch::{Batch, BatchLtAccumulator};
#[cfg(feature = "copy-buffer")]
pub use strategy::copy_buffer::{CopyBuffer, CopyBuffer200, CopyBuffer47};
#[cfg(feature = "lane-xof")]
pub use strategy::lane_xof::LaneXof;
pub use strategy::list::{LaneDigests, StrategyEntry, StrategyVisitor, ValidatorCode};
#[cfg(feature = "meta-first")]
pub use strategy::meta_first::MetaFirst;
#[cfg(feature = "streaming")]
pub use strategy::streaming::Streaming;
pub use strategy::{
    AccountHasher, BatchHasher, BatchLenError, Instance, LtAccumulator, BATCH_CROSSOVER_LEN,
    LT_META_LEN, META_LEN,
};

#[cfg(all(feature = "pick-copy-buffer", feature = "pick-streaming"))]
compile_error!(
    "account-hash: features `pick-copy-buffer` and `pick-streaming` are both on; \
     each picks the strategy behind hash_account: enable exactly one pick-* feature"
);

#[cfg(feature = "pick-meta-first")]
compile_error!(
    "account-hash: `meta-first` cannot back hash_account: it hashes the fields in another \
     order and does not produce the consensus digest (see account_hash::MetaFirst)"
);

/// The strategy compiled behind [`hash_account`] (see "Picking the strategy" above).
#[cfg(any(
    feature = "pick-copy-buffer",
    all(feature = "copy-buffer", not(feature = "pick-streaming"))
))]
pub type Selected = CopyBuffer200;

/// The strategy compiled behind [`hash_account`] (see "Picking the strategy" above).
#[cfg(all(
    not(feature = "pick-copy-buffer"),
    any(
        feature = "pick-streaming",
        all(feature = "streaming", not(feature = "copy-buffer"))
    )
))]
pub type Selected = Streaming;

/// The consensus legacy hash of one account, with the strategy picked by feature.
#[cfg(any(feature = "copy-buffer", feature = "streaming"))]
#[inline]
pub fn hash_account(account: &AccountRef<'_>) -> AccountHash {
    Selected::default().hash(account)
}

/// The consensus LtHash of one account, with the strategy picked by feature.
#[cfg(all(
    any(feature = "copy-buffer", feature = "streaming"),
    not(feature = "pick-lane-xof")
))]
#[inline]
pub fn lt_hash_account(account: &AccountRef<'_>) -> LtHash {
    Selected::default().lt_hash(account)
}

/// The consensus LtHash of one account, with the strategy picked by feature: [`LaneXof`]
/// on the widest backend this CPU has (`pick-lane-xof`).
#[cfg(feature = "pick-lane-xof")]
#[inline]
pub fn lt_hash_account(account: &AccountRef<'_>) -> LtHash {
    LaneXof::default().lt_hash(account)
}
