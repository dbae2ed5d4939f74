//! Strategy `lane-xof`: one account's LtHash with the XOF spread across SIMD lanes
//! ([`blake3_lanes`]'s single-message path).
//!
//! A validator hashes an account when a slot modifies it: its old LtHash is mixed out and
//! its new one mixed in, one account at a time, so there is no batch to fill lanes with
//! accounts. What does parallelize is the account's own 2048-byte XOF: its 32 output blocks
//! differ only in their counter. [`LaneXof::lt_hash`] stages the LtHash message on the stack
//! (in a buffer sized to short messages when it fits), compresses its input blocks one by
//! one (a single-message, row-wise compression) and its output blocks [`Backend::lanes`] at
//! a time (counters in lanes), writing the 1024 `u16` lanes from the registers; measured in
//! docs/kernel-breakdown.md. Messages longer than one chunk take the blake3 crate, exactly as
//! [`crate::Batch`] does; accounts with zero lamports hash to the identity without hashing.
//!
//! The legacy 32-byte hash has no XOF to spread and is latency bound; [`LaneXof::hash`]
//! hashes the staged message with the blake3 crate in one call. Both digests are the
//! consensus ones.

use blake3_lanes::{Backend, CHUNK_LEN};

use super::{feed_each_field, message_len, stage, AccountHasher, Fields};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Staging buffer of messages up to this length (a token account's 165 bytes of data make
/// a 238-byte LtHash message): zeroing and holding a whole chunk's buffer for them would
/// cost more than copying the message.
const SHORT_MESSAGE: usize = 256;

/// `f` of the account's message staged contiguously on the stack (a buffer of
/// [`SHORT_MESSAGE`] bytes when it fits, one chunk otherwise); `longer()` when the message
/// is longer than one chunk. Both return their value directly (no `Option` around it), so a
/// 2048-byte digest is built in the caller's return slot.
#[inline(always)]
fn staged_or<R>(
    account: &AccountRef<'_>,
    fields: Fields,
    f: impl FnOnce(&[u8]) -> R,
    longer: impl FnOnce() -> R,
) -> R {
    let len = message_len(account, fields);
    if len <= SHORT_MESSAGE {
        let mut buf = [0u8; SHORT_MESSAGE];
        match stage(account, fields, &mut buf) {
            Some(len) => f(&buf[..len]),
            None => longer(),
        }
    } else if len <= CHUNK_LEN {
        let mut buf = [0u8; CHUNK_LEN];
        match stage(account, fields, &mut buf) {
            Some(len) => f(&buf[..len]),
            None => longer(),
        }
    } else {
        longer()
    }
}

/// Per-account LtHash with the XOF across SIMD lanes, on one [`Backend`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneXof {
    backend: Backend,
}

impl Default for LaneXof {
    /// The widest backend this CPU supports ([`Backend::detect`]).
    fn default() -> Self {
        LaneXof {
            backend: Backend::detect(),
        }
    }
}

impl LaneXof {
    /// A given backend; an error when this CPU lacks it.
    pub fn with_backend(backend: Backend) -> Result<Self, blake3_lanes::Error> {
        if backend.is_supported() {
            Ok(LaneXof { backend })
        } else {
            Err(blake3_lanes::Error::UnsupportedBackend(backend))
        }
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }
}

impl AccountHasher for LaneXof {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "lane-xof";
    const CONSENSUS: bool = true;

    /// The backend, e.g. `avx512` (as [`crate::Batch`] names it).
    fn variant(&self) -> Option<super::Instance> {
        Some(super::Instance::Backend {
            backend: self.backend.name(),
            gathered: false,
        })
    }

    /// The legacy hash: the staged message hashed by the blake3 crate in one call.
    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        if account.lamports == 0 {
            return AccountHash::ZERO;
        }
        staged_or(
            account,
            Fields::Legacy,
            |message| AccountHash(blake3::hash(message).into()),
            || AccountHash(feed_each_field(account, Fields::Legacy).finalize().into()),
        )
    }

    /// The LtHash: the staged message through [`Backend::xof_u16_term`], which writes the
    /// 1024 lanes straight into the returned digest.
    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        if account.lamports == 0 {
            return LtHash::identity();
        }
        staged_or(
            account,
            Fields::Lt,
            |message| LtHash(self.backend.xof_u16_term(message)),
            || LtHash::from_hasher(&feed_each_field(account, Fields::Lt)),
        )
    }
}
