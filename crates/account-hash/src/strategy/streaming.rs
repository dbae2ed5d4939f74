//! Strategy B, `streaming`: never buffer; one `update` per field.

use super::{feed_each_field, legacy_hash, lt_hash, AccountHasher, Fields};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Feeds each field to BLAKE3 with its own `update` call, copying nothing. Same digest as
/// [`crate::CopyBuffer`]; the seed thread measured it slowest at 0 bytes of data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaming;

impl AccountHasher for Streaming {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "streaming";
    const CONSENSUS: bool = true;

    fn variant(&self) -> Option<super::Instance> {
        None
    }

    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        legacy_hash(account, |a| feed_each_field(a, Fields::Legacy))
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        lt_hash(account, |a| feed_each_field(a, Fields::Lt))
    }
}
