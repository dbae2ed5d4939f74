//! Strategy C, `meta-first`: all fixed fields in one buffer first, data after.
//!
//! **This is a different digest.** The bytes reach BLAKE3 in another order, so the result is
//! not the consensus account hash (it coincides with it only when the data is empty, where
//! both orders feed the same bytes). Its outputs are wrapped in [`NonConsensus`] so they
//! cannot be compared with, stored as, or passed where an [`AccountHash`] or [`LtHash`] is
//! expected. It exists to measure what the reordering would buy (seed thread, scenario C).

use smallvec::SmallVec;

use super::{legacy_hash, lt_hash, AccountHasher, Fields, Piece, META_LEN};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash, NonConsensus};

/// Hashes lamports, rent_epoch, executable, owner, pubkey with one `update`, then the data
/// with a second. NOT the consensus digest: see the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MetaFirst;

impl MetaFirst {
    fn feed(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
        let mut buffer = SmallVec::<[u8; META_LEN]>::new();
        fields.for_each_piece(account, |piece| {
            if let Piece::Meta(bytes) = piece {
                buffer.extend_from_slice(bytes);
            }
        });
        let mut hasher = blake3::Hasher::new();
        hasher.update(&buffer);
        hasher.update(account.data);
        hasher
    }
}

impl AccountHasher for MetaFirst {
    type Hash = NonConsensus<AccountHash>;
    type Lt = NonConsensus<LtHash>;
    const STRATEGY: &'static str = "meta-first";
    const CONSENSUS: bool = false;

    fn variant(&self) -> Option<super::Instance> {
        None
    }

    fn hash(&self, account: &AccountRef<'_>) -> Self::Hash {
        NonConsensus::new(legacy_hash(account, |a| Self::feed(a, Fields::Legacy)))
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> Self::Lt {
        NonConsensus::new(lt_hash(account, |a| Self::feed(a, Fields::Lt)))
    }
}
