//! Strategy `lane-xof`: one account's LtHash with the XOF spread across SIMD lanes
//! ([`blake3_lanes`]'s single-message path).
//!
//! A validator hashes an account when a slot modifies it: its old LtHash is mixed out and
//! its new one mixed in, one account at a time, so there is no batch to fill lanes with
//! accounts. What does parallelize is the account's own 2048-byte XOF: its 32 output blocks
//! differ only in their counter. [`LaneXof::lt_hash`] stages the LtHash message on the stack,
//! compresses its input blocks one by one (a single-message, row-wise compression) and its
//! output blocks [`Backend::lanes`] at a time (counters in lanes), which is faster than the
//! batch kernel fed one account (blake3-lanes' `timing` example measures both; figures in
//! docs/measurement.md, "Figures measured during development"). Messages longer than one
//! chunk take the blake3 crate, exactly as
//! [`crate::Batch`] does; accounts with zero lamports hash to the identity without hashing.
//!
//! The legacy 32-byte hash has no XOF to spread and is latency bound; [`LaneXof::hash`]
//! hashes the staged message with the blake3 crate in one call. Both digests are the
//! consensus ones.

use blake3_lanes::{Backend, CHUNK_LEN};

use super::{feed_each_field, stage, AccountHasher, Fields};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

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
    fn variant(&self) -> Option<String> {
        Some(self.backend.name().to_string())
    }

    /// The legacy hash: the staged message hashed by the blake3 crate in one call.
    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        if account.lamports == 0 {
            return AccountHash::ZERO;
        }
        let mut buf = [0u8; CHUNK_LEN];
        match stage(account, Fields::Legacy, &mut buf) {
            Some(len) => AccountHash(blake3::hash(&buf[..len]).into()),
            None => AccountHash(feed_each_field(account, Fields::Legacy).finalize().into()),
        }
    }

    /// The LtHash: the staged message through [`Backend::xof_u16_one`].
    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        if account.lamports == 0 {
            return LtHash::identity();
        }
        let mut buf = [0u8; CHUNK_LEN];
        match stage(account, Fields::Lt, &mut buf) {
            Some(len) => {
                let mut lt = LtHash::identity();
                self.backend
                    .xof_u16_one(&buf[..len], &mut lt.0)
                    .expect("the staged message fits one chunk and the backend was checked");
                lt
            }
            None => LtHash::from_hasher(&feed_each_field(account, Fields::Lt)),
        }
    }
}
