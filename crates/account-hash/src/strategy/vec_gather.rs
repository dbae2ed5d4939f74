//! Strategy `vec-gather`, compiled only with the `test-strategy` feature: every field
//! gathered into a fresh heap `Vec`, hashed with one `update`. The consensus digest at one
//! allocation per account. It is the newcomer's example of `docs/adding-a-strategy.md`, and
//! the tests of bench-lab and xtask turn it on to prove that a strategy listed once in
//! [`super::list`] shows up in `lab list` and in `xtask verify`.

use super::{AccountHasher, Fields};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Gathers the account's fields into a `Vec` and hashes it in one call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VecGather;

impl VecGather {
    fn gather(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&account.lamports.to_le_bytes());
        if fields == Fields::Legacy {
            bytes.extend_from_slice(&account.rent_epoch.to_le_bytes());
        }
        bytes.extend_from_slice(account.data);
        bytes.push(u8::from(account.executable));
        bytes.extend_from_slice(account.owner.as_bytes());
        bytes.extend_from_slice(account.pubkey.as_bytes());
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

    fn variant(&self) -> Option<String> {
        None
    }

    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        if account.lamports == 0 {
            return AccountHash::ZERO;
        }
        AccountHash(Self::gather(account, Fields::Legacy).finalize().into())
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        if account.lamports == 0 {
            return LtHash::identity();
        }
        LtHash::from_hasher(&Self::gather(account, Fields::Lt))
    }
}
