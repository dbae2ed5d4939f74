//! Strategy `batch`: many accounts at once, one account per SIMD lane ([`blake3_lanes`]).
//!
//! The blake3 crate hashes one message at a time, and a message under one chunk (1024 bytes)
//! gets no SIMD across messages. A validator hashing millions of 165-byte token accounts is
//! exactly that case. [`Batch::hash_batch`] stages up to [`GROUP`] accounts' messages into
//! stack buffers and hashes them across lanes; [`BatchLtAccumulator`] does the same for the
//! lattice hash, summing each account's 2048-byte XOF into the running LtHash inside the
//! kernel. Accounts whose message is longer than one chunk go through the kernel's chunk tree
//! ([`Backend::hash_many_any_len`], [`U16Sum::add_xof_any_len`]): their chunks share the
//! lanes with those of other long accounts; only accounts of [`CROSSOVER_LEN`] bytes or more
//! (which fill the lanes alone) take the blake3 crate. Accounts with zero lamports hash to
//! zero without hashing. Both digests are the consensus ones.
//!
//! Subtracting is first-class: [`Batch::mix_out`] removes a batch of accounts from an
//! LtHash and [`Batch::apply_delta`] mixes a slot's new versions in and its old versions out
//! in one call, with no second accumulator.

use blake3_lanes::{Backend, U16Sum, CHUNK_LEN};

use super::{
    feed_each_field, message_len, stage, AccountHasher, BatchHasher, BatchLenError, Fields,
    LtAccumulator,
};
use crate::account::AccountRef;
use crate::digest::{AccountHash, LtHash};

/// Accounts staged per kernel call: a multiple of every backend's lane count.
pub const GROUP: usize = 16;

/// Accounts [`BatchLtAccumulator`] stages per kernel call: two groups of the widest
/// backend's 16 lanes, whose input blocks AVX-512 compresses in lockstep.
pub const LT_GROUP: usize = 2 * GROUP;

pub use super::{MAX_BATCHED_DATA_LEGACY, MAX_BATCHED_DATA_LT};
const _: () = assert!(super::ONE_CHUNK_LEN == CHUNK_LEN, "BLAKE3's chunk length");

/// Messages from this length on take the blake3 crate ([`super::BATCH_CROSSOVER_LEN`]).
pub const CROSSOVER_LEN: usize = super::BATCH_CROSSOVER_LEN;

/// The message of `account` for `fields` (the bytes [`feed_each_field`] feeds), appended to
/// `buf`.
fn append_message(account: &AccountRef<'_>, fields: Fields, buf: &mut Vec<u8>) {
    fields.for_each_piece(account, |piece| buf.extend_from_slice(piece.bytes()));
}

/// [`append_message`] into a `SmallVec` (the gather of [`Staging::Gather`]).
fn append_message_to(
    account: &AccountRef<'_>,
    fields: Fields,
    buf: &mut smallvec::SmallVec<[u8; CHUNK_LEN]>,
) {
    fields.for_each_piece(account, |piece| buf.extend_from_slice(piece.bytes()));
}

/// How the accumulator and [`Batch::hash_batch`] put an account's message into its lane
/// buffer (one chunk-sized buffer per lane of a group).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Staging {
    /// The fields are written part by part straight into the lane buffer (lamports, data,
    /// executable, owner, pubkey): one copy of each byte. The default.
    #[default]
    Parts,
    /// The account is first gathered into a contiguous message (a `SmallVec` on the stack,
    /// as a caller holding whole messages has them), which is then copied into the lane
    /// buffer: two copies of each byte. Measured beside [`Staging::Parts`].
    Gather,
}

/// Writes the account's message into `slot` as `staging` says; its length, or `None` when
/// it is longer than one chunk.
#[inline(always)]
fn stage_as(
    staging: Staging,
    account: &AccountRef<'_>,
    fields: Fields,
    slot: &mut [u8; CHUNK_LEN],
) -> Option<usize> {
    match staging {
        Staging::Parts => stage(account, fields, slot),
        Staging::Gather => {
            if message_len(account, fields) > CHUNK_LEN {
                return None;
            }
            let mut message = smallvec::SmallVec::<[u8; CHUNK_LEN]>::new();
            append_message_to(account, fields, &mut message);
            slot[..message.len()].copy_from_slice(&message);
            Some(message.len())
        }
    }
}

/// Messages of a batch, staged back to back in one buffer.
#[derive(Default)]
struct Messages {
    bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl Messages {
    fn push(&mut self, account: &AccountRef<'_>, fields: Fields, staging: Staging) {
        match staging {
            Staging::Parts => append_message(account, fields, &mut self.bytes),
            Staging::Gather => {
                let mut message = smallvec::SmallVec::<[u8; CHUNK_LEN]>::new();
                append_message_to(account, fields, &mut message);
                self.bytes.extend_from_slice(&message);
            }
        }
        self.ends.push(self.bytes.len());
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
    }

    /// Every staged message, into `out` (cleared first).
    fn slices_into<'m>(&'m self, out: &mut Vec<&'m [u8]>) {
        out.clear();
        let mut start = 0;
        out.extend(self.ends.iter().map(|&end| {
            let message = &self.bytes[start..end];
            start = end;
            message
        }));
    }
}

/// An empty vector of message slices with `v`'s allocation, for another lifetime: an
/// empty vector collected in place keeps its buffer, so one buffer serves call after call.
fn recycle<'b>(mut v: Vec<&[u8]>) -> Vec<&'b [u8]> {
    v.clear();
    v.into_iter()
        .map(|_| -> &'b [u8] { unreachable!("the vector is empty") })
        .collect()
}

/// The buffers of the multi-chunk path of [`Batch::hash_batch`] and
/// [`Batch::apply_delta`], kept per thread ([`REUSE`]) so that a call allocates only when
/// it stages more than any call before it on the thread: small calls, a few accounts per
/// transaction, allocate nothing.
#[derive(Default)]
struct Reuse {
    messages: Messages,
    slots: Vec<usize>,
    hashes: Vec<[u8; 32]>,
    slices: Vec<&'static [u8]>,
}

/// What [`BatchLtAccumulator`] allocates, kept per thread ([`ACCUMULATOR`]) between one
/// accumulator and the next.
struct AccumulatorBuffers {
    staging: Box<[[u8; CHUNK_LEN]; LT_GROUP]>,
    long: Messages,
    slices: Vec<&'static [u8]>,
}

thread_local! {
    static REUSE: std::cell::Cell<Reuse> = std::cell::Cell::new(Reuse::default());
    static ACCUMULATOR: std::cell::Cell<Option<AccumulatorBuffers>> =
        const { std::cell::Cell::new(None) };
}

/// Runs `f` with this thread's [`Reuse`] (a fresh one if a call on the thread holds it).
fn with_reuse<R>(f: impl FnOnce(&mut Reuse) -> R) -> R {
    let mut reuse = REUSE.take();
    let out = f(&mut reuse);
    let mut reuse = Some(reuse);
    let _ = REUSE.try_with(|slot| slot.set(reuse.take().unwrap_or_default()));
    out
}

/// Hashes many accounts at once across SIMD lanes. Same digests as [`crate::CopyBuffer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    backend: Backend,
    staging: Staging,
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
            staging: Staging::Parts,
        }
    }

    /// A given backend; an error when this CPU lacks it.
    pub fn with_backend(backend: Backend) -> Result<Self, blake3_lanes::Error> {
        if backend.is_supported() {
            Ok(Batch {
                backend,
                staging: Staging::Parts,
            })
        } else {
            Err(blake3_lanes::Error::UnsupportedBackend(backend))
        }
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The same batch with another way of staging messages (same digests).
    pub fn with_staging(self, staging: Staging) -> Self {
        Batch { staging, ..self }
    }

    /// How messages are staged.
    pub fn staging(&self) -> Staging {
        self.staging
    }

    /// The legacy hash of every account into `out` (one slot per account). Allocates nothing
    /// once a call as large ran on the thread: accounts longer than one chunk are staged in
    /// windows of [`STAGING_WINDOW_LEN`] bytes, kept per thread.
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
        with_reuse(|reuse| {
            let Reuse {
                messages: long,
                slots: long_slots,
                hashes: long_hashes,
                slices,
            } = reuse;
            // The staged long accounts through the chunk tree, their hashes into `out`.
            let mut flush_long =
                |long: &mut Messages, long_slots: &mut Vec<usize>, out: &mut [AccountHash]| {
                    long_hashes.clear();
                    long_hashes.resize(long_slots.len(), [0u8; 32]);
                    let mut messages = recycle(std::mem::take(slices));
                    long.slices_into(&mut messages);
                    self.backend
                        .hash_many_any_len(&messages, long_hashes)
                        .expect("one hash per message and the backend was checked");
                    *slices = recycle(messages);
                    for (hash, &slot) in long_hashes.iter().zip(long_slots.iter()) {
                        out[slot] = AccountHash(*hash);
                    }
                    long.clear();
                    long_slots.clear();
                };
            long.clear();
            long_slots.clear();
            for (group_index, group) in accounts.chunks(GROUP).enumerate() {
                let first = group_index * GROUP;
                let group_out = &mut out[first..first + group.len()];
                let mut staged = 0;
                for (i, (account, slot)) in group.iter().zip(group_out.iter_mut()).enumerate() {
                    if account.lamports == 0 {
                        *slot = AccountHash::ZERO;
                    } else if let Some(len) =
                        stage_as(self.staging, account, Fields::Legacy, &mut staging[staged])
                    {
                        lens[staged] = len;
                        slot_of[staged] = i;
                        staged += 1;
                    } else if message_len(account, Fields::Legacy) < CROSSOVER_LEN {
                        long.push(account, Fields::Legacy, self.staging);
                        long_slots.push(first + i);
                    } else {
                        *slot =
                            AccountHash(feed_each_field(account, Fields::Legacy).finalize().into());
                    }
                }
                let mut inputs: [&[u8]; GROUP] = [&[]; GROUP];
                for ((input, buf), &len) in inputs.iter_mut().zip(&staging).zip(&lens).take(staged)
                {
                    *input = &buf[..len];
                }
                self.backend
                    .hash_many(&inputs[..staged], &mut hashes[..staged])
                    .expect("staged messages fit one chunk and the backend was checked");
                for (hash, &i) in hashes.iter().zip(&slot_of).take(staged) {
                    group_out[i] = AccountHash(*hash);
                }
                if long.bytes.len() >= STAGING_WINDOW_LEN {
                    flush_long(long, long_slots, out);
                }
            }
            if !long_slots.is_empty() {
                flush_long(long, long_slots, out);
            }
        });
        Ok(())
    }

    /// Adds (or with `subtract`, removes) the LtHash of every account into `sum`, and those
    /// of accounts at or over [`CROSSOVER_LEN`] into `crate_terms` (always added: the
    /// caller applies the sign).
    fn sum_accounts(
        &self,
        sum: &mut U16Sum,
        crate_terms: &mut LtHash,
        accounts: &[AccountRef<'_>],
        subtract: bool,
        (messages, slices): (&mut Messages, &mut Vec<&'static [u8]>),
    ) {
        let flush = |messages: &mut Messages, sum: &mut U16Sum, slices: &mut Vec<&'static [u8]>| {
            let mut staged = recycle(std::mem::take(slices));
            messages.slices_into(&mut staged);
            let result = if subtract {
                sum.sub_xof_any_len(self.backend, &staged)
            } else {
                sum.add_xof_any_len(self.backend, &staged)
            };
            *slices = recycle(staged);
            result.expect("the backend was checked");
            messages.clear();
        };
        messages.clear();
        for account in accounts.iter().filter(|account| account.lamports != 0) {
            if message_len(account, Fields::Lt) < CROSSOVER_LEN {
                messages.push(account, Fields::Lt, self.staging);
                if messages.bytes.len() >= STAGING_WINDOW_LEN {
                    flush(messages, sum, slices);
                }
            } else {
                crate_terms.mix_in(&LtHash::from_hasher(&feed_each_field(account, Fields::Lt)));
            }
        }
        if !messages.ends.is_empty() {
            flush(messages, sum, slices);
        }
    }

    /// Mixes every account's LtHash into `lt`: [`Batch::lt_accumulator`] for a slice, in one
    /// kernel call. Allocates nothing once a call as large ran on the thread.
    pub fn mix_in(&self, lt: &mut LtHash, accounts: &[AccountRef<'_>]) {
        self.apply_delta(lt, accounts, &[]);
    }

    /// Mixes every account's LtHash out of `lt` (an account's old version, or a deleted
    /// account), with no second accumulator. Allocates nothing once a call as large ran on
    /// the thread.
    pub fn mix_out(&self, lt: &mut LtHash, accounts: &[AccountRef<'_>]) {
        self.apply_delta(lt, &[], accounts);
    }

    /// A slot's delta in one call: mixes the LtHash of every account of `new` into `lt` and
    /// that of every account of `old` out of it (each write's new and old version: a new
    /// account has no old version, a deleted one no new version). Accounts of any size;
    /// zero-lamport accounts are the identity. The staged messages are kept per thread: a call
    /// allocates only when it stages more than any call before it on the thread.
    pub fn apply_delta(&self, lt: &mut LtHash, new: &[AccountRef<'_>], old: &[AccountRef<'_>]) {
        let mut sum = U16Sum::new();
        let mut added = LtHash::identity();
        let mut removed = LtHash::identity();
        with_reuse(|reuse| {
            let buffers = (&mut reuse.messages, &mut reuse.slices);
            self.sum_accounts(&mut sum, &mut added, new, false, buffers);
            let buffers = (&mut reuse.messages, &mut reuse.slices);
            self.sum_accounts(&mut sum, &mut removed, old, true, buffers);
        });
        lt.mix_in(&LtHash(sum.to_lanes()));
        lt.mix_in(&added);
        lt.mix_out(&removed);
    }

    /// A streaming LtHash accumulator on this batch's backend.
    pub fn lt_accumulator(&self) -> BatchLtAccumulator {
        BatchLtAccumulator::new(self.backend, self.staging)
    }
}

/// Accumulates the LtHash of a stream of accounts: stages [`LT_GROUP`] accounts, then sums
/// their XOF output into the running value in one kernel call. Allocates nothing per
/// account; its staging (and, for accounts over one chunk, a buffer of
/// [`LONG_FLUSH_CHUNKS`] chunks) is kept per thread from one accumulator to the next, so
/// only a thread's first accumulator allocates it.
pub struct BatchLtAccumulator {
    backend: Backend,
    staging_as: Staging,
    sum: U16Sum,
    /// The staging, the long accounts waiting for one tree call (over one chunk and under
    /// [`CROSSOVER_LEN`]) and their slices; `None` only once dropped.
    buffers: Option<AccumulatorBuffers>,
    lens: [usize; LT_GROUP],
    staged: usize,
    /// LtHashes of accounts at or over [`CROSSOVER_LEN`], in canonical lane order.
    spilled: LtHash,
}

impl Drop for BatchLtAccumulator {
    fn drop(&mut self) {
        if let Some(mut buffers) = self.buffers.take() {
            buffers.long.clear();
            let mut buffers = Some(buffers);
            let _ = ACCUMULATOR.try_with(|slot| slot.set(buffers.take()));
        }
    }
}

/// Chunks of long accounts staged before the accumulator sums them in one kernel call.
pub const LONG_FLUSH_CHUNKS: usize = 256;

/// Bytes of messages [`Batch::apply_delta`] (and so [`Batch::mix_in`] and
/// [`Batch::mix_out`]) stages before it sums them in one kernel call, and bytes of long
/// accounts [`Batch::hash_batch`] stages before it hashes them through the chunk tree: a
/// window that stays in the core's cache between being written and being hashed, where
/// staging a whole slot's writes at once writes them out to memory and reads them back.
pub const STAGING_WINDOW_LEN: usize = LONG_FLUSH_CHUNKS * CHUNK_LEN;

impl BatchLtAccumulator {
    /// An empty set on `backend` (which the caller has checked with
    /// [`Backend::is_supported`]; [`Batch::lt_accumulator`] does).
    fn new(backend: Backend, staging_as: Staging) -> Self {
        BatchLtAccumulator {
            backend,
            staging_as,
            sum: U16Sum::new(),
            buffers: Some(
                ACCUMULATOR
                    .try_with(std::cell::Cell::take)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| AccumulatorBuffers {
                        staging: Box::new([[0u8; CHUNK_LEN]; LT_GROUP]),
                        long: Messages::default(),
                        slices: Vec::new(),
                    }),
            ),
            lens: [0; LT_GROUP],
            staged: 0,
            spilled: LtHash::identity(),
        }
    }

    fn buffers(&mut self) -> &mut AccumulatorBuffers {
        self.buffers
            .as_mut()
            .expect("an accumulator holds its buffers until dropped")
    }

    /// Mixes in one account's LtHash.
    #[inline]
    pub fn add(&mut self, account: &AccountRef<'_>) {
        if account.lamports == 0 {
            return;
        }
        let (staging_as, staged) = (self.staging_as, self.staged);
        match stage_as(
            staging_as,
            account,
            Fields::Lt,
            &mut self.buffers().staging[staged],
        ) {
            Some(len) => {
                self.lens[self.staged] = len;
                self.staged += 1;
                if self.staged == LT_GROUP {
                    self.flush();
                }
            }
            None if message_len(account, Fields::Lt) < CROSSOVER_LEN => {
                let long = &mut self.buffers().long;
                if long.bytes.capacity() == 0 {
                    // The most it holds: just under a flush, plus one message.
                    long.bytes
                        .reserve_exact(LONG_FLUSH_CHUNKS * CHUNK_LEN + CROSSOVER_LEN);
                }
                long.push(account, Fields::Lt, staging_as);
                if long.bytes.len() >= LONG_FLUSH_CHUNKS * CHUNK_LEN {
                    self.flush_long();
                }
            }
            None => self
                .spilled
                .mix_in(&LtHash::from_hasher(&feed_each_field(account, Fields::Lt))),
        }
    }

    fn flush_long(&mut self) {
        let buffers = self
            .buffers
            .as_mut()
            .expect("an accumulator holds its buffers until dropped");
        let mut messages = recycle(std::mem::take(&mut buffers.slices));
        buffers.long.slices_into(&mut messages);
        self.sum
            .add_xof_any_len(self.backend, &messages)
            .expect("the backend was checked");
        buffers.slices = recycle(messages);
        buffers.long.clear();
    }

    fn flush(&mut self) {
        let buffers = self
            .buffers
            .as_ref()
            .expect("an accumulator holds its buffers until dropped");
        let mut inputs: [&[u8]; LT_GROUP] = [&[]; LT_GROUP];
        for ((input, buf), &len) in inputs
            .iter_mut()
            .zip(buffers.staging.iter())
            .zip(&self.lens)
        {
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
        if !self.buffers().long.ends.is_empty() {
            self.flush_long();
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

    /// The backend, e.g. `avx2`, followed by ` staging=gather` for [`Staging::Gather`].
    fn variant(&self) -> Option<super::Instance> {
        Some(super::Instance::Backend {
            backend: self.backend.name(),
            gathered: self.staging == Staging::Gather,
        })
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

    /// [`Batch::apply_delta`] on the identity: one call, no second accumulator.
    fn lt_delta(&self, new: &[AccountRef<'_>], old: &[AccountRef<'_>]) -> LtHash {
        let mut delta = LtHash::identity();
        self.apply_delta(&mut delta, new, old);
        delta
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
