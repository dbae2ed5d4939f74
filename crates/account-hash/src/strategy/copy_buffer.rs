//! Strategy A, `copy-buffer`: gather the fields into one stack buffer and call `update` once.

use smallvec::SmallVec;

use super::{legacy_hash, lt_hash, AccountHasher, Fields, Piece, META_LEN};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Gathers lamports, rent_epoch, data, executable, owner and pubkey into a stack buffer and
/// hashes it with one `update`, as the validator does. `CAP` is the data capacity: data longer
/// than `CAP` bytes is fed as three updates (meta head, data, meta tail) instead, so the
/// buffer never spills to the heap.
///
/// `BUF` must be `CAP + META_LEN` (stable Rust cannot compute it from `CAP`); write the type
/// with [`copy_buffer!`](crate::copy_buffer): `copy_buffer!(200)` is the seed PR's buffer,
/// `copy_buffer!(47)` the one before it. A mismatched `BUF` is a compile error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyBuffer<const CAP: usize, const BUF: usize>;

/// The type `CopyBuffer<CAP, {CAP + META_LEN}>`: `copy_buffer!(200)`.
#[macro_export]
macro_rules! copy_buffer {
    ($cap:expr) => {
        $crate::CopyBuffer<{ $cap }, { $cap + $crate::META_LEN }>
    };
}

/// The seed PR's buffer: 200 bytes of data (token and stake accounts fit).
pub type CopyBuffer200 = copy_buffer!(200);
/// The buffer before the seed PR: 128 bytes in all, 47 of them for data.
pub type CopyBuffer47 = copy_buffer!(47);

impl<const CAP: usize, const BUF: usize> CopyBuffer<CAP, BUF> {
    const BUF_IS_CAP_PLUS_META: () = assert!(
        BUF == CAP + META_LEN,
        "CopyBuffer<CAP, BUF> needs BUF == CAP + META_LEN; write the type as copy_buffer!(CAP)"
    );

    /// Feeds the account's fields in consensus order, gathered as the seed does.
    fn gather(account: &AccountRef<'_>, fields: Fields) -> blake3::Hasher {
        #[allow(clippy::let_unit_value)]
        let () = Self::BUF_IS_CAP_PLUS_META;
        let mut hasher = blake3::Hasher::new();
        let mut buffer = SmallVec::<[u8; BUF]>::new();
        fields.for_each_piece(account, |piece| match piece {
            Piece::Data(data) if data.len() > CAP => {
                hasher.update(&buffer);
                buffer.clear();
                hasher.update(data);
            }
            piece => buffer.extend_from_slice(piece.bytes()),
        });
        hasher.update(&buffer);
        hasher
    }
}

impl<const CAP: usize, const BUF: usize> AccountHasher for CopyBuffer<CAP, BUF> {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "copy-buffer";
    const CONSENSUS: bool = true;

    fn variant(&self) -> Option<super::Instance> {
        Some(super::Instance::Capacity(CAP))
    }

    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        legacy_hash(account, |a| Self::gather(a, Fields::Legacy))
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        lt_hash(account, |a| Self::gather(a, Fields::Lt))
    }
}
