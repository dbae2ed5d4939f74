//! Strategy `vec-gather`, compiled only with the `test-strategy` feature: every field
//! gathered into a fresh heap `Vec`, hashed with one `update`. The consensus digest at one
//! allocation per account. It is the newcomer's example of `docs/adding-a-strategy.md`, and
//! the tests of bench-lab and xtask turn it on to prove that a strategy listed once in
//! [`super::list`] shows up in `lab list` and in `xtask verify`.

use super::{legacy_hash, lt_hash, AccountHasher, Fields};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Gathers the account's fields into a `Vec` and hashes it in one call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VecGather;

impl VecGather {
    fn gather(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
        let mut bytes = Vec::new();
        fields.for_each_piece(account, |piece| bytes.extend_from_slice(piece.bytes()));
        let mut hasher = blake3::Hasher::new();
        hasher.update(&bytes);
        hasher
    }
}

impl AccountHasher for VecGather {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "vec-gather";
    const CONSENSUS: bool = true;

    fn variant(&self) -> Option<super::Instance> {
        None
    }

    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        legacy_hash(account, |a| Self::gather(a, Fields::Legacy))
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        lt_hash(account, |a| Self::gather(a, Fields::Lt))
    }
}
