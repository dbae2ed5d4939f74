//! [`Accumulator`]: the lattice hash of many messages, hashed across SIMD lanes.
//!
//! Messages of up to one chunk are staged 16 at a time (`GROUP`), one per lane buffer (a
//! message's parts are written straight into its buffer), and summed into the running
//! value by one kernel call (`blake3_lanes::U16Sum::add_xof`): the input blocks of all of
//! them across the lanes, then each one's 32 output blocks across the lanes, added from the
//! registers. A batch flushed with one or two one-chunk messages (the end of a stream, or a
//! call that hashes a few accounts) takes the single-message path
//! (`Backend::xof_u16_term`).
//!
//! A message longer than one chunk is routed at the part that makes it long. If that part
//! is its first, no other long message is gathered in the batch, and the blake3 crate
//! hashes a message of that length about as fast as the tree would alone (`tree_for_one`:
//! whole power-of-two runs of chunks, which it hashes wide), it streams into a
//! `blake3::Hasher` with no copy, as in the released crate. Otherwise it is gathered into
//! one buffer, and the gathered messages are summed together (`add_xof_any_len`: the
//! chunks of all of them share the lanes, then their parent nodes, then their roots),
//! from 192 KiB on at the first message that leaves the whole chunks a multiple of two
//! groups of lanes, or that brings them to 320 KiB (`TREE_FLUSH_LEN`, `TREE_FLUSH_MAX`);
//! a gathered message left alone goes to the blake3 crate unless `tree_for_one`. From
//! 128 KiB on (`SERIAL_FROM`) a message fills the lanes with its own chunks and the
//! blake3 crate is faster, so it streams too. The backend is the widest this CPU has under
//! the crate's `max-*` feature; on the portable backend every message goes through the
//! blake3 crate, as in the released crate.
//!
//! Group addition is commutative, so the order in which messages are summed does not
//! change the result.

use crate::lt_hash::{LtHash, SingleLtHashUpdater};
// BLAKE3's chunk length from the blake3 crate, as in the released crate's module (whose
// tests, run against this crate by `cargo xtask upstream`, reach it through `super::*`).
use blake3::CHUNK_LEN;
use blake3_lanes::{Backend, U16Sum};

/// Messages staged before one kernel call: a multiple of every backend's lane count.
pub(crate) const GROUP: usize = 16;

/// A batch of at most this many one-chunk messages takes the single-message path: fewer
/// than three messages leave most of a wide compression's lanes idle in the input phase.
const SINGLE_UP_TO: usize = 2;

/// Bytes of messages longer than one chunk gathered before one tree call, at the least:
/// the call is made at the first message from here on that leaves the gathered whole
/// chunks a multiple of [`WHOLE_CHUNK_BATCH`], or that brings the gathered bytes to
/// [`TREE_FLUSH_MAX`].
pub(crate) const TREE_FLUSH_LEN: usize = 192 * CHUNK_LEN;

/// Gathered bytes at which a tree call is made whatever the whole chunks' count (the
/// message that reaches it is in the call, so a call holds less than this plus
/// [`SERIAL_FROM`]).
pub(crate) const TREE_FLUSH_MAX: usize = 320 * CHUNK_LEN;

/// Whole chunks the tree compresses in one step on the widest backend (two groups of
/// [`GROUP`] lanes in lockstep): a tree call with a multiple of it leaves no group of
/// whole chunks partly empty, which would run block by block at a single group's slower
/// rate. (The tree queues chunks per window of its own, so a call of more chunks than a
/// window, many messages just over one chunk, can still leave some over per window.)
const WHOLE_CHUNK_BATCH: usize = 2 * GROUP;

/// The gather buffer's first allocation: a few vote-sized messages, each with the parts
/// that follow its data, without growing (growing copies what is gathered).
const LONG_FIRST_CAPACITY: usize = 8 * CHUNK_LEN;

/// The longest part that joins a gathered message inline ([`Accumulator::stage_part`]):
/// the fixed-size fields accounts-db gives after an account's data (its owner and
/// address, 32 bytes each).
const INLINE_PART: usize = 32;

/// Messages of this many bytes or more are hashed by the blake3 crate.
pub(crate) const SERIAL_FROM: usize = 128 * 1024;

/// The most gathered messages one tree call takes: each is over one chunk, and the call is
/// made at the message that brings them to [`TREE_FLUSH_MAX`] bytes, so at most this many
/// wait.
const LONG_PER_CALL: usize = TREE_FLUSH_MAX / (CHUNK_LEN + 1) + 1;

/// The buffers an accumulator grows (its lane buffers, the gathered long messages and
/// their ends), handed from an accumulator consumed by [`Accumulator::into_lt_hash`] to
/// the thread's next [`Accumulator::new`]: a thread that hashes set after set allocates
/// them once, where each accumulator would allocate its lane buffers and grow the gather
/// buffer to a few hundred kilobytes again. An accumulator dropped otherwise frees its
/// own.
struct Spare {
    lanes: Box<[[u8; CHUNK_LEN]]>,
    long: Vec<u8>,
    long_ends: Vec<usize>,
}

thread_local! {
    static SPARE: core::cell::Cell<Option<Spare>> = const { core::cell::Cell::new(None) };
}

/// Where the message being built is going.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Current {
    /// Into lane buffer `count`, `cur_len` bytes so far (also: no message under way).
    Lane,
    /// Past one chunk: into `long` from byte `start`.
    Long { start: usize },
    /// Past [`SERIAL_FROM`], or on the portable backend past one chunk: into `serial`.
    Serial,
}

/// Streaming accumulator of the lattice hash of many messages.
///
/// Feed each message whole with [`add_message`](Self::add_message), or in parts with
/// [`start_message`](Self::start_message). Messages are copied into the accumulator's own
/// buffers, so the caller's may be transient. [`take_lt_hash`](Self::take_lt_hash) or
/// [`into_lt_hash`](Self::into_lt_hash) sums what is still staged and returns the total.
pub struct Accumulator {
    /// Precomputed hashes mixed in, and the terms of messages summed one at a time.
    acc: LtHash,
    /// Terms summed by the kernel, in its own word order; `None` until the first kernel
    /// call (an accumulator that hashes one or two messages neither zeroes nor moves it).
    sum: Option<Box<U16Sum>>,
    backend: Backend,
    /// [`GROUP`] lane buffers of one chunk each.
    lanes: Box<[[u8; CHUNK_LEN]]>,
    /// Lengths of the staged messages `lanes[..count]`.
    lens: [usize; GROUP],
    count: usize,
    /// Bytes of the message under way in `lanes[count]`.
    cur_len: usize,
    current: Current,
    /// Messages longer than one chunk, back to back, waiting for one tree call.
    long: Vec<u8>,
    /// End offset in `long` of each finished one.
    long_ends: Vec<usize>,
    /// Whole chunks (all but a shorter last one) of the messages in `long_ends`.
    long_whole_chunks: usize,
    /// The message under way when it goes to the blake3 crate.
    serial: blake3::Hasher,
}

impl core::fmt::Debug for Accumulator {
    // The lane buffers are left out; the staged lengths are the useful state.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Accumulator")
            .field("acc", &self.acc)
            .field("backend", &self.backend.name())
            .field("lengths", &&self.lens[..self.count])
            .field("long_messages", &self.long_ends.len())
            .field("current", &self.current)
            .finish_non_exhaustive()
    }
}

/// The widest backend this CPU has, under the `max-*` feature (picked once per process).
fn backend() -> Backend {
    static PICKED: std::sync::OnceLock<Backend> = std::sync::OnceLock::new();
    *PICKED.get_or_init(pick_backend)
}

fn pick_backend() -> Backend {
    let cap = if cfg!(feature = "max-portable") {
        Backend::Portable
    } else if cfg!(feature = "max-sse41") {
        Backend::Sse41
    } else if cfg!(feature = "max-avx2") {
        Backend::Avx2
    } else {
        Backend::Avx512
    };
    Backend::available()
        .filter(|b| *b <= cap)
        .last()
        .unwrap_or(Backend::Portable)
}

impl Accumulator {
    // No `Default`, as in the released crate: its API is this crate's.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Self::on(backend())
    }

    /// An empty accumulator on `backend`, which this CPU supports.
    pub(crate) fn on(backend: Backend) -> Self {
        let spare = SPARE
            .try_with(core::cell::Cell::take)
            .ok()
            .flatten()
            .unwrap_or_else(|| Spare {
                lanes: vec![[0u8; CHUNK_LEN]; GROUP].into_boxed_slice(),
                long: Vec::new(),
                long_ends: Vec::new(),
            });
        Self {
            acc: LtHash::identity(),
            sum: None,
            backend,
            lanes: spare.lanes,
            lens: [0; GROUP],
            count: 0,
            cur_len: 0,
            current: Current::Lane,
            long: spare.long,
            long_ends: spare.long_ends,
            long_whole_chunks: 0,
            serial: blake3::Hasher::new(),
        }
    }

    /// Mixes in the lattice hash of one whole `msg`.
    #[inline]
    pub fn add_message(&mut self, msg: &[u8]) {
        self.stage_part(msg);
        self.commit_message();
    }

    /// Starts a message given in parts; the accumulator is borrowed until the returned
    /// [`MessageBuilder`] is finished or dropped.
    #[inline]
    pub fn start_message(&mut self) -> MessageBuilder<'_> {
        MessageBuilder { acc: self }
    }

    /// Mixes in a precomputed lattice hash. `#[inline]`: with [`LtHash::mix_in`]'s loop
    /// inlined into it, rustc would otherwise keep it a call from another crate.
    #[inline]
    pub fn mix_in(&mut self, hash: &LtHash) {
        self.acc.mix_in(hash);
    }

    /// Sums what is staged and returns the total, leaving the accumulator empty and
    /// reusable (its buffers are kept).
    pub fn take_lt_hash(&mut self) -> LtHash {
        self.sum_staged();
        core::mem::replace(&mut self.acc, LtHash::identity())
    }

    /// Sums what is staged and returns the total; the thread's next accumulator takes
    /// over the buffers (`Spare`).
    pub fn into_lt_hash(mut self) -> LtHash {
        self.sum_staged();
        // Moved out: no identity written in its place.
        let Accumulator {
            acc,
            lanes,
            long,
            long_ends,
            ..
        } = self;
        // `sum_staged` emptied both.
        debug_assert!(long.is_empty() && long_ends.is_empty());
        let spare = Spare {
            lanes,
            long,
            long_ends,
        };
        let _ = SPARE.try_with(|slot| slot.set(Some(spare)));
        acc
    }

    /// Sums every staged message and the kernel's sum into `acc`.
    fn sum_staged(&mut self) {
        debug_assert!(
            self.current == Current::Lane && self.cur_len == 0,
            "take_lt_hash() called with an unfinished message in progress",
        );
        self.flush_lanes();
        self.flush_long();
        if let Some(sum) = self.sum.take() {
            self.acc.mix_in(&LtHash(sum.to_lanes()));
        }
    }

    /// Appends `bytes` to the message under way: inline where the message still fits its
    /// lane buffer, or where a part of at most [`INLINE_PART`] bytes joins a gathered
    /// message within the gather buffer's capacity (so a caller's fixed-size part, such
    /// as an account's owner after its data, is copied with a few moves), the rest out of
    /// line.
    #[inline]
    fn stage_part(&mut self, bytes: &[u8]) {
        match self.current {
            Current::Lane => {
                // `cur_len <= CHUNK_LEN` and a slice is at most `isize::MAX` bytes.
                let end = self.cur_len + bytes.len();
                if end <= CHUNK_LEN {
                    self.lanes[self.count][self.cur_len..end].copy_from_slice(bytes);
                    self.cur_len = end;
                    return;
                }
            }
            // A gathered message stays below `SERIAL_FROM` by more than `INLINE_PART`
            // here, so it stays gathered (`stage_part_past_the_lane`'s rule), and the
            // capacity check keeps the copy from reallocating.
            Current::Long { start }
                if bytes.len() <= INLINE_PART
                    && self.long.len() - start < SERIAL_FROM - INLINE_PART
                    && self.long.capacity() - self.long.len() >= bytes.len() =>
            {
                self.long.extend_from_slice(bytes);
                return;
            }
            _ => {}
        }
        self.stage_part_past_the_lane(bytes);
    }

    /// [`stage_part`](Self::stage_part) where the message does not fit its lane buffer.
    #[inline(never)]
    fn stage_part_past_the_lane(&mut self, bytes: &[u8]) {
        match self.current {
            Current::Lane => {
                // Past one chunk here (`stage_part` copied what fits): the blake3 crate
                // or the long buffer.
                let end = self.cur_len + bytes.len();
                let streams = self.streams_whole(end);
                let lane = &self.lanes[self.count];
                if self.backend == Backend::Portable || end >= SERIAL_FROM || streams {
                    self.serial.reset();
                    self.serial.update(&lane[..self.cur_len]);
                    self.serial.update(bytes);
                    self.cur_len = 0;
                    self.current = Current::Serial;
                } else {
                    if self.long.capacity() == 0 {
                        // One allocation for this message's later parts and a few more.
                        self.long.reserve(end.max(LONG_FIRST_CAPACITY));
                    }
                    let start = self.long.len();
                    self.long.extend_from_slice(&lane[..self.cur_len]);
                    self.long.extend_from_slice(bytes);
                    self.cur_len = 0;
                    self.current = Current::Long { start };
                }
            }
            Current::Long { start } => {
                if self.long.len() - start + bytes.len() >= SERIAL_FROM {
                    self.serial.reset();
                    self.serial.update(&self.long[start..]);
                    self.serial.update(bytes);
                    self.long.truncate(start);
                    self.current = Current::Serial;
                } else {
                    self.long.extend_from_slice(bytes);
                }
            }
            Current::Serial => {
                self.serial.update(bytes);
            }
        }
    }

    /// Whether a message that passes one chunk at this part, `len` bytes so far, goes
    /// straight into the blake3 crate (no copy, as in the released crate) rather than
    /// being gathered for the tree. It does when the part is its first (the blake3 crate
    /// then hashes whole subtrees of it from offset 0; behind a prefix it would compress
    /// the first chunk block by block), the tree is not estimated faster on it alone (not
    /// [`tree_for_one`]), and no long message is gathered in this batch (one that is would
    /// share the tree with it: it joins them).
    fn streams_whole(&self, len: usize) -> bool {
        self.cur_len == 0
            && self.long_ends.is_empty()
            && !tree_for_one(len, self.backend.lanes(), blake3_degree())
    }

    /// Commits the message under way: inline where it is a lane's and the group is not
    /// full yet, the rest out of line.
    #[inline]
    fn commit_message(&mut self) {
        if self.current == Current::Lane && self.count + 1 < GROUP {
            self.lens[self.count] = self.cur_len;
            self.cur_len = 0;
            self.count += 1;
        } else {
            self.commit_message_out_of_line();
        }
    }

    /// [`commit_message`](Self::commit_message) where it sums a group or is not a lane's.
    #[inline(never)]
    fn commit_message_out_of_line(&mut self) {
        match core::mem::replace(&mut self.current, Current::Lane) {
            Current::Lane => {
                self.lens[self.count] = self.cur_len;
                self.cur_len = 0;
                self.count += 1;
                if self.count == GROUP {
                    self.flush_lanes();
                }
            }
            Current::Long { start } => {
                let gathered = self.long.len();
                self.long_ends.push(gathered);
                self.long_whole_chunks += (gathered - start) / CHUNK_LEN;
                if gathered >= TREE_FLUSH_MAX
                    || (gathered >= TREE_FLUSH_LEN
                        && self.long_whole_chunks.is_multiple_of(WHOLE_CHUNK_BATCH))
                {
                    self.flush_long();
                }
            }
            Current::Serial => self.acc.mix_in(&LtHash::with(&self.serial)),
        }
    }

    /// Drops the message under way (a [`MessageBuilder`] dropped unfinished).
    fn discard_message(&mut self) {
        match core::mem::replace(&mut self.current, Current::Lane) {
            Current::Lane => self.cur_len = 0,
            Current::Long { start } => self.long.truncate(start),
            Current::Serial => {}
        }
    }

    /// Sums the staged one-chunk messages.
    fn flush_lanes(&mut self) {
        let n = self.count;
        if n == 0 {
            return;
        }
        let mut inputs: [&[u8]; GROUP] = [&[]; GROUP];
        for ((input, lane), &len) in inputs.iter_mut().zip(self.lanes.iter()).zip(&self.lens) {
            *input = &lane[..len];
        }
        let inputs = &inputs[..n];
        if self.backend == Backend::Portable {
            for input in inputs {
                self.serial.reset();
                self.serial.update(input);
                self.acc.mix_in(&LtHash::with(&self.serial));
            }
        } else if n <= SINGLE_UP_TO {
            for input in inputs {
                self.acc.mix_in(&LtHash(self.backend.xof_u16_term(input)));
            }
        } else {
            self.sum
                .get_or_insert_with(Box::default)
                .add_xof(self.backend, inputs)
                .expect("staged messages fit one chunk and the backend is supported");
        }
        self.count = 0;
    }

    /// Sums the gathered messages longer than one chunk: one through the blake3 crate
    /// (unless [`tree_for_one`]), two or more through the tree.
    fn flush_long(&mut self) {
        if self.long_ends.is_empty() {
            return;
        }
        match self.long_ends[..] {
            // One message: the blake3 crate, unless the tree is estimated faster alone
            // ([`tree_for_one`]).
            [end] if !tree_for_one(end, self.backend.lanes(), blake3_degree()) => {
                self.serial.reset();
                self.serial.update(&self.long[..end]);
                self.acc.mix_in(&LtHash::with(&self.serial));
            }
            // Two or more fill enough of the tree's lanes in the output phase that it is
            // faster.
            _ => {
                let sum = self.sum.get_or_insert_with(Box::default);
                let mut messages: [&[u8]; LONG_PER_CALL] = [&[]; LONG_PER_CALL];
                let mut start = 0;
                for ends in self.long_ends.chunks(LONG_PER_CALL) {
                    for (message, &end) in messages.iter_mut().zip(ends) {
                        *message = &self.long[start..end];
                        start = end;
                    }
                    sum.add_xof_any_len(self.backend, &messages[..ends.len()])
                        .expect("the backend is supported");
                }
            }
        }
        self.long.clear();
        self.long_ends.clear();
        self.long_whole_chunks = 0;
    }
}

/// Whether one message of `len` bytes, alone in its batch, is faster gathered and hashed
/// through the tree than given to the blake3 crate, the tree on `lanes` lanes and the
/// blake3 crate at SIMD degree `blake3_lanes` ([`blake3_degree`]): when the
/// tree's estimated cost ([`tree_cost`]) is at least [`TREE_MARGIN_PERCENT`] below the
/// blake3 crate's ([`blake3_cost`]). Near a tie the blake3 crate is kept: it is the released
/// crate's own path, so it cannot be slower than it. Out of line: it runs once per long
/// message, and inlined it moved the tree kernel's output loop to an address where that loop
/// ran slower (docs/drop-in.md, session 3).
#[inline(never)]
fn tree_for_one(len: usize, lanes: usize, blake3_lanes: usize) -> bool {
    let tree = tree_cost(len, lanes);
    100 * tree + TREE_MARGIN_PERCENT * tree < 100 * blake3_cost(len, blake3_lanes)
}

/// The blake3 crate's SIMD degree on this CPU (messages or chunks per compression call):
/// its own run-time choice, which the crate's `max-*` features do not cap (found once per
/// process).
fn blake3_degree() -> usize {
    static FOUND: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *FOUND.get_or_init(find_blake3_degree)
}

fn find_blake3_degree() -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vl") {
            16
        } else if is_x86_feature_detected!("avx2") {
            8
        } else {
            4
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        4
    }
}

/// How much cheaper, in percent, the tree must be estimated for one message to take it.
const TREE_MARGIN_PERCENT: usize = 3;

/// The tree's cost for one message of `len` bytes, in tenths of one block compression: a
/// fixed part (the gathering copy, parent nodes, root, the 32 output blocks across the
/// lanes), one pass of a chunk's blocks per `lanes` whole chunks, and each block of a
/// partial last chunk (the tree compresses those one after another). Fitted to the
/// measurements in docs/drop-in.md, which were made on the 16-lane backend; on narrower ones
/// only the number of passes follows `lanes`.
fn tree_cost(len: usize, lanes: usize) -> usize {
    let passes = (len / CHUNK_LEN).div_ceil(lanes);
    let tail_blocks = (len % CHUNK_LEN).div_ceil(blake3::BLOCK_LEN);
    104 + 178 * passes + 11 * tail_blocks
}

/// The blake3 crate's cost for one message of `len` bytes given in one `update`, in tenths
/// of one block compression: a fixed part (the hasher, its 2048-byte output, the sum) and
/// [`blake3_sequential_blocks`]. Fitted with [`tree_cost`].
fn blake3_cost(len: usize, lanes: usize) -> usize {
    30 + 10 * blake3_sequential_blocks(len, lanes)
}

/// Block compressions of one message of `len` bytes that the blake3 crate makes one after
/// another when its SIMD degree is `lanes`. Given the message in one `update`, it takes the
/// largest power-of-two part that fits, then the next, while more than a chunk is left; a
/// part of up to `lanes` chunks is one SIMD pass of a chunk's blocks (a lone chunk too, in
/// one lane); the last chunk, up to 1024 bytes, is compressed block by block. (3835 B, a
/// vote account, 16 lanes: 2048 B in one pass, a lone chunk, then 763 B: 44 blocks; 4096
/// B: one pass, 16.)
fn blake3_sequential_blocks(len: usize, lanes: usize) -> usize {
    let (mut left, mut blocks) = (len, 0);
    while left > CHUNK_LEN {
        let part = 1 << left.ilog2();
        blocks += BLOCKS_PER_CHUNK * (part / CHUNK_LEN).div_ceil(lanes);
        left -= part;
    }
    blocks + left.div_ceil(blake3::BLOCK_LEN)
}

/// Blocks of one chunk.
const BLOCKS_PER_CHUNK: usize = CHUNK_LEN / blake3::BLOCK_LEN;

/// A message being given in parts, from [`Accumulator::start_message`]. It borrows the
/// accumulator until [`finish`](Self::finish); dropped unfinished, its parts are discarded.
#[must_use = "a started message does nothing until `.finish()`; dropping it discards the message"]
pub struct MessageBuilder<'a> {
    acc: &'a mut Accumulator,
}

impl MessageBuilder<'_> {
    /// Appends `bytes` to the message.
    #[inline]
    pub fn add_part(&mut self, bytes: &[u8]) -> &mut Self {
        self.acc.stage_part(bytes);
        self
    }

    /// Commits the message: its lattice hash is mixed in.
    #[inline]
    pub fn finish(self) {
        self.acc.commit_message();
        // Committed: the discarding `Drop` must not run.
        core::mem::forget(self);
    }
}

impl SingleLtHashUpdater for MessageBuilder<'_> {
    #[inline]
    fn write_part(&mut self, bytes: &[u8]) {
        self.add_part(bytes);
    }
}

impl Drop for MessageBuilder<'_> {
    fn drop(&mut self) {
        self.acc.discard_message();
    }
}

#[cfg(test)]
mod checks;
