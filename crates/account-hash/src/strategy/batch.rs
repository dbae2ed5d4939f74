//! Strategy `batch`: many accounts at once, one account per SIMD lane ([`blake3_lanes`]).
//!
//! The blake3 crate hashes one message at a time, and a message under one chunk (1024 bytes)
//! gets no SIMD across messages. A validator hashing millions of 165-byte token accounts is
//! exactly that case. [`Batch::hash_batch`] stages up to [`GROUP`] accounts' messages into
//! stack buffers and hashes them across lanes; [`BatchLtAccumulator`] does the same for the
//! lattice hash, summing each account's 2048-byte XOF into the running LtHash inside the
//! kernel. Accounts whose message is longer than one chunk take the blake3 crate; accounts
//! with zero lamports hash to zero without hashing. Both digests are the consensus ones.

use blake3_lanes::{Backend, U16Sum, CHUNK_LEN};

use super::{
    feed_each_field, stage, AccountHasher, BatchHasher, BatchLenError, Fields, LtAccumulator,
    LT_META_LEN, META_LEN,
};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Accounts staged per kernel call: a multiple of every backend's lane count.
pub const GROUP: usize = 16;

/// Longest data that still fits one chunk with the legacy fields (943 bytes).
pub const MAX_BATCHED_DATA_LEGACY: usize = CHUNK_LEN - META_LEN;
/// Longest data that still fits one chunk with the LtHash fields (951 bytes).
pub const MAX_BATCHED_DATA_LT: usize = CHUNK_LEN - LT_META_LEN;

/// Hashes many accounts at once across SIMD lanes. Same digests as [`crate::CopyBuffer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    backend: Backend,
}

impl Default for Batch {
    fn default() -> Self {
        Self::new()
    }
}

impl Batch {
    /// The widest backend this CPU supports.
    pub fn new() -> Self {
        Batch {
            backend: Backend::detect(),
        }
    }

    /// A given backend; an error when this CPU lacks it.
    pub fn with_backend(backend: Backend) -> Result<Self, blake3_lanes::Error> {
        if backend.is_supported() {
            Ok(Batch { backend })
        } else {
            Err(blake3_lanes::Error::UnsupportedBackend(backend))
        }
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The legacy hash of every account into `out` (one slot per account). Allocates nothing.
    pub fn hash_batch(
        &self,
        accounts: &[AccountRef<'_>],
        out: &mut [AccountHash],
    ) -> Result<(), BatchLenError> {
        if accounts.len() != out.len() {
            return Err(BatchLenError {
                accounts: accounts.len(),
                slots: out.len(),
            });
        }
        let mut staging = [[0u8; CHUNK_LEN]; GROUP];
        let mut lens = [0usize; GROUP];
        let mut slot_of = [0usize; GROUP];
        let mut hashes = [[0u8; 32]; GROUP];
        for (group, group_out) in accounts.chunks(GROUP).zip(out.chunks_mut(GROUP)) {
            let mut staged = 0;
            for (i, (account, slot)) in group.iter().zip(group_out.iter_mut()).enumerate() {
                if account.lamports == 0 {
                    *slot = AccountHash::ZERO;
                } else if let Some(len) = stage(account, Fields::Legacy, &mut staging[staged]) {
                    lens[staged] = len;
                    slot_of[staged] = i;
                    staged += 1;
                } else {
                    *slot = AccountHash(feed_each_field(account, Fields::Legacy).finalize().into());
                }
            }
            let mut inputs: [&[u8]; GROUP] = [&[]; GROUP];
            for ((input, buf), &len) in inputs.iter_mut().zip(&staging).zip(&lens).take(staged) {
                *input = &buf[..len];
            }
            self.backend
                .hash_many(&inputs[..staged], &mut hashes[..staged])
                .expect("staged messages fit one chunk and the backend was checked");
            for (hash, &i) in hashes.iter().zip(&slot_of).take(staged) {
                group_out[i] = AccountHash(*hash);
            }
        }
        Ok(())
    }

    /// A streaming LtHash accumulator on this batch's backend.
    pub fn lt_accumulator(&self) -> BatchLtAccumulator {
        BatchLtAccumulator::new(self.backend)
    }
}

/// Accumulates the LtHash of a stream of accounts: stages [`GROUP`] accounts, then sums
/// their XOF output into the running value in one kernel call. Allocates once, when
/// created; nothing per account.
pub struct BatchLtAccumulator {
    backend: Backend,
    sum: U16Sum,
    staging: Box<[[u8; CHUNK_LEN]; GROUP]>,
    lens: [usize; GROUP],
    staged: usize,
    /// LtHashes of accounts too long for one chunk, in canonical lane order.
    spilled: LtHash,
}

impl BatchLtAccumulator {
    /// An empty set on `backend` (which the caller has checked with
    /// [`Backend::is_supported`]; [`Batch::lt_accumulator`] does).
    fn new(backend: Backend) -> Self {
        BatchLtAccumulator {
            backend,
            sum: U16Sum::new(),
            staging: Box::new([[0u8; CHUNK_LEN]; GROUP]),
            lens: [0; GROUP],
            staged: 0,
            spilled: LtHash::identity(),
        }
    }

    /// Mixes in one account's LtHash.
    #[inline]
    pub fn add(&mut self, account: &AccountRef<'_>) {
        if account.lamports == 0 {
            return;
        }
        match stage(account, Fields::Lt, &mut self.staging[self.staged]) {
            Some(len) => {
                self.lens[self.staged] = len;
                self.staged += 1;
                if self.staged == GROUP {
                    self.flush();
                }
            }
            None => self
                .spilled
                .mix_in(&LtHash::from_hasher(&feed_each_field(account, Fields::Lt))),
        }
    }

    fn flush(&mut self) {
        let mut inputs: [&[u8]; GROUP] = [&[]; GROUP];
        for ((input, buf), &len) in inputs.iter_mut().zip(self.staging.iter()).zip(&self.lens) {
            *input = &buf[..len];
        }
        self.sum
            .add_xof(self.backend, &inputs[..self.staged])
            .expect("staged messages fit one chunk and the backend was checked");
        self.staged = 0;
    }

    /// The LtHash of every account added.
    pub fn finish(mut self) -> LtHash {
        if self.staged > 0 {
            self.flush();
        }
        let mut total = LtHash(self.sum.to_lanes());
        total.mix_in(&self.spilled);
        total
    }
}

impl AccountHasher for Batch {
    type Hash = AccountHash;
    type Lt = LtHash;
    const STRATEGY: &'static str = "batch";
    const CONSENSUS: bool = true;

    /// The backend, e.g. `avx2`.
    fn variant(&self) -> Option<String> {
        Some(self.backend.name().to_string())
    }

    /// One account through the batch path (a batch of one: correct, not the fast use).
    fn hash(&self, account: &AccountRef<'_>) -> AccountHash {
        let mut out = [AccountHash::ZERO];
        self.hash_batch(std::slice::from_ref(account), &mut out)
            .expect("one account, one slot");
        out[0]
    }

    fn lt_hash(&self, account: &AccountRef<'_>) -> LtHash {
        let mut acc = self.lt_accumulator();
        acc.add(account);
        acc.finish()
    }
}

impl BatchHasher for Batch {
    type LtAccumulator = BatchLtAccumulator;

    fn hash_batch(
        &self,
        accounts: &[AccountRef<'_>],
        out: &mut [AccountHash],
    ) -> Result<(), BatchLenError> {
        Batch::hash_batch(self, accounts, out)
    }

    fn lt_accumulator(&self) -> BatchLtAccumulator {
        Batch::lt_accumulator(self)
    }
}

impl LtAccumulator for BatchLtAccumulator {
    fn add(&mut self, account: &AccountRef<'_>) {
        BatchLtAccumulator::add(self, account)
    }

    fn finish(self) -> LtHash {
        BatchLtAccumulator::finish(self)
    }
}
