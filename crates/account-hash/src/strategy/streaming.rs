//! Strategy B, `streaming`: never buffer; one `update` per field.

use super::{AccountHasher, Fields};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Feeds each field to BLAKE3 with its own `update` call, copying nothing. Same digest as
/// [`crate::CopyBuffer`]; the seed thread measured it slowest at 0 bytes of data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaming;

impl Streaming {
    fn feed(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
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
}

impl AccountHasher for Streaming {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "streaming";
    const CONSENSUS: bool = true;

    fn variant(&self) -> String {
        "-".to_string()
    }

    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        if account.lamports == 0 {
            return AccountHash::ZERO;
        }
        AccountHash(Self::feed(account, Fields::Legacy).finalize().into())
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        if account.lamports == 0 {
            return LtHash::identity();
        }
        LtHash::from_hasher(&Self::feed(account, Fields::Lt))
    }
}
