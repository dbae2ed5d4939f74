//! Messages of any length across the lanes: BLAKE3's chunk tree, batched over messages.
//!
//! A message over one chunk is a tree: its chunks (1024 bytes each, the last one shorter)
//! are compressed with the chunk index as counter and `CHUNK_START` / `CHUNK_END` on their
//! first and last blocks, then pairs of chaining values are merged into parent nodes (key
//! = IV, block = left || right, counter 0, length 64, flag `PARENT`) until two remain; the
//! root is the parent of those two (flags `PARENT | ROOT`). BLAKE3's rule (the left subtree
//! holds the largest power of two of chunks smaller than the total) is the same tree as
//! merging neighbours level by level and carrying an odd last node up unchanged, which is
//! what this file does.
//!
//! Here the chunks of all messages of a batch share the lanes, one chunk per lane with its
//! own counter, in three queues: full chunks (sixteen blocks), so their lanes never wait for
//! each other; one-chunk messages; and the shorter last chunks of longer messages. Where the
//! backend runs two compressions in lockstep, the first two queues hold two groups of lanes.
//! The parent nodes of every
//! message at one level are then compressed across the lanes, `LANES` at a time. Each
//! message ends as a [`RootBlock`] (for a one-chunk message its last block, as in
//! `lanes.rs`), and the output phase of `lanes.rs` turns it into the LtHash's 32 output
//! blocks, any length of XOF, or, for the 32-byte hash, one more compression per message,
//! again across the lanes.
//!
//! The generic code is written over [`LaneVector`]; `tree_entry_points` instantiates it
//! inside each backend's `#[target_feature]` functions (modules [`sse41`], [`avx2`],
//! [`avx512`] at the end of this file). [`portable_root`] is the scalar reference.

use crate::portable;
use crate::words::{
    block_count, words_from_le_bytes, RootBlock, BLOCK_LEN, CHUNK_END, CHUNK_LEN, CHUNK_START, IV,
    OUT_LEN, ROOT,
};

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
use crate::lanes::{self, LaneVector, MAX_LANES};
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
use crate::words::{cv_from_le_bytes, SumWords};

/// Flag of a parent node's compression.
pub(crate) const PARENT: u32 = 1 << 2;

/// Chunks of a message of `len` bytes (at least one: the empty message is one chunk).
pub(crate) fn chunk_count(len: usize) -> usize {
    len.div_ceil(CHUNK_LEN).max(1)
}

/// The root of a parent node over two chaining values stored side by side.
fn parent_root(pair: &[u8; 2 * OUT_LEN]) -> RootBlock {
    RootBlock {
        cv: IV,
        block: words_from_le_bytes(pair),
        block_len: BLOCK_LEN as u32,
        flags: PARENT | ROOT,
    }
}

fn cv_bytes(words: &[u32]) -> [u8; OUT_LEN] {
    let mut bytes = [0u8; OUT_LEN];
    for (dst, word) in bytes.chunks_exact_mut(4).zip(words) {
        dst.copy_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// The [`RootBlock`] of a message of any length, one compression at a time: the scalar
/// reference the lane code is tested against, and the portable backend's path.
pub(crate) fn portable_root(input: &[u8]) -> RootBlock {
    let chunks = chunk_count(input.len());
    if chunks == 1 {
        return portable::root_block(input);
    }
    let mut cvs: Vec<[u8; OUT_LEN]> = input
        .chunks(CHUNK_LEN)
        .enumerate()
        .map(|(index, chunk)| {
            let blocks = block_count(chunk.len());
            let mut cv = IV;
            for (block_index, block) in chunk.chunks(BLOCK_LEN).enumerate() {
                let mut padded = [0u8; BLOCK_LEN];
                padded[..block.len()].copy_from_slice(block);
                let mut flags = if block_index == 0 { CHUNK_START } else { 0 };
                if block_index + 1 == blocks {
                    flags |= CHUNK_END;
                }
                let out = portable::compress(
                    &cv,
                    &words_from_le_bytes(&padded),
                    index as u64,
                    block.len() as u32,
                    flags,
                );
                cv.copy_from_slice(&out[..8]);
            }
            cv_bytes(&cv)
        })
        .collect();
    while cvs.len() > 2 {
        cvs = cvs
            .chunks(2)
            .map(|pair| match pair {
                [left, right] => {
                    let mut block = [0u8; BLOCK_LEN];
                    block[..OUT_LEN].copy_from_slice(left);
                    block[OUT_LEN..].copy_from_slice(right);
                    let out = portable::compress(
                        &IV,
                        &words_from_le_bytes(&block),
                        0,
                        BLOCK_LEN as u32,
                        PARENT,
                    );
                    cv_bytes(&out[..8])
                }
                [odd] => *odd,
                _ => unreachable!("chunks(2) yields one or two"),
            })
            .collect();
    }
    parent_root(
        cvs.as_flattened()
            .first_chunk()
            .expect("a multi-chunk message has two nodes at the top"),
    )
}

/// Chunks whose roots are gathered into one window before the parent levels and the
/// output phase run: bounds the scratch memory (32 bytes per chunk) for batches of many
/// large messages while keeping enough of them together to fill the lanes.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
const WINDOW_CHUNKS: usize = 512;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
const ZERO_BLOCK: [u8; BLOCK_LEN] = [0; BLOCK_LEN];

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
static ZERO_CHUNK: [u8; CHUNK_LEN] = [0; CHUNK_LEN];

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
const EMPTY_ROOT: RootBlock = RootBlock {
    cv: [0; 8],
    block: [0; 16],
    block_len: 0,
    flags: 0,
};

/// Where a chunk's result goes.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[derive(Clone, Copy)]
enum Dest {
    /// A one-chunk message: the root block of message `i` of the window.
    Root(usize),
    /// A chunk of a multi-chunk message: chaining value `k` of the window's store.
    Cv(usize),
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[derive(Clone, Copy)]
struct ChunkJob<'a> {
    data: &'a [u8],
    counter: u64,
    dest: Dest,
}

/// A multi-chunk message of the window: its chaining values are `cvs[offset..offset +
/// nodes]` at the current level.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
struct Region {
    message: usize,
    offset: usize,
    nodes: usize,
}

/// The scratch memory of a call, reused from window to window and from call to call: each
/// thread keeps one ([`SCRATCH`]), so a call allocates only when its window is larger than
/// any before it on the thread, and small calls (a few accounts per transaction) allocate
/// nothing.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[derive(Default)]
struct Scratch {
    cvs: Vec<[u8; OUT_LEN]>,
    roots: Vec<RootBlock>,
    regions: Vec<Region>,
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
thread_local! {
    /// This thread's [`Scratch`], taken by [`Windows::new`] and put back when it drops (a
    /// nested call, which cannot happen, would find it empty and grow its own).
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::new(Scratch::default());
}

/// Which chunks a [`Pending`] queue holds.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Whole chunks of multi-chunk messages.
    Whole,
    /// One-chunk messages, compressed up to their last block (their root's).
    Roots,
    /// Last chunks of multi-chunk messages shorter than a chunk.
    Tails,
}

/// Chunks of one [`Kind`] waiting for a lane: `LANES` of them, or two groups of `LANES`
/// whole chunks or one-chunk messages where the backend compresses two groups in lockstep
/// ([`LaneVector::input_pair`]). Short last chunks stay one group at a time: as two
/// groups (`pair_cvs` with per-lane counters) they measured slower, a few blocks per call
/// against the pair's staging and the chaining values' store and masked reload per block.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
struct Pending<'a> {
    jobs: [ChunkJob<'a>; 2 * MAX_LANES],
    len: usize,
    kind: Kind,
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
impl<'a> Pending<'a> {
    fn new(kind: Kind) -> Self {
        Pending {
            jobs: [ChunkJob {
                data: &[],
                counter: 0,
                dest: Dest::Root(0),
            }; 2 * MAX_LANES],
            len: 0,
            kind,
        }
    }

    /// Queues `job`; when the queue is full, compresses its chunks.
    ///
    /// # Safety
    ///
    /// The CPU must support `V`'s instruction set.
    #[inline(always)]
    unsafe fn push<V: LaneVector>(&mut self, job: ChunkJob<'a>, window: &mut Window<'_>) {
        self.jobs[self.len] = job;
        self.len += 1;
        let capacity = if V::input_pair() && self.kind != Kind::Tails {
            2 * V::LANES
        } else {
            V::LANES
        };
        if self.len == capacity {
            // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
            unsafe { self.flush::<V>(window) };
        }
    }

    /// # Safety
    ///
    /// The CPU must support `V`'s instruction set.
    #[inline(always)]
    unsafe fn flush<V: LaneVector>(&mut self, window: &mut Window<'_>) {
        let jobs = &self.jobs[..self.len];
        // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
        unsafe {
            match (self.kind, jobs.len() > V::LANES) {
                (Kind::Whole, true) => full_chunks_pair::<V>(jobs, window),
                (Kind::Roots, true) => roots_pair::<V>(jobs, window),
                _ => {
                    for group in jobs.chunks(V::LANES) {
                        compress_chunks::<V>(group, window);
                    }
                }
            }
        }
        self.len = 0;
    }
}

/// Where compressed chunks are written.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
struct Window<'s> {
    cvs: &'s mut [[u8; OUT_LEN]],
    roots: &'s mut [RootBlock],
}

/// Compresses up to `LANES` chunks, one per lane, each with its own counter: a chunk of a
/// multi-chunk message to its chaining value, a one-chunk message to its root block (every
/// block but the last).
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
// This file's chunk and parent steps are inlined into the entry points in optimised builds
// (their vector operations need the entry points' target features). Builds with debug
// assertions (`cargo test`'s default, at opt-level 0) keep them out of line: there every
// inlined call's locals keep their own slots in the caller's frame, and the entry points'
// frames outgrew a test thread's 2 MiB stack. An optimised build with debug assertions
// (the fuzz and differential profiles) is so correct but slower: those steps' vector
// operations are calls there.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn compress_chunks<V: LaneVector>(jobs: &[ChunkJob<'_>], window: &mut Window<'_>) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own contract;
    // every array index and slice is bounds-checked.
    unsafe {
        debug_assert!(!jobs.is_empty() && jobs.len() <= V::LANES);
        if jobs.len() == V::LANES
            && jobs
                .iter()
                .all(|job| matches!(job.dest, Dest::Cv(_)) && job.data.len() == CHUNK_LEN)
        {
            full_chunks::<V>(jobs, window);
            return;
        }
        let mut to_compress = [0usize; MAX_LANES];
        let mut blocks_of = [0usize; MAX_LANES];
        let mut padded_tails = [[0u8; BLOCK_LEN]; MAX_LANES];
        let mut lo = [0u32; MAX_LANES];
        let mut hi = [0u32; MAX_LANES];
        for (lane, job) in jobs.iter().enumerate() {
            let blocks = block_count(job.data.len());
            blocks_of[lane] = blocks;
            let through_last = matches!(job.dest, Dest::Cv(_));
            to_compress[lane] = if through_last { blocks } else { blocks - 1 };
            lo[lane] = job.counter as u32;
            hi[lane] = (job.counter >> 32) as u32;
            let tail = &job.data[(blocks - 1) * BLOCK_LEN..];
            if through_last && tail.len() < BLOCK_LEN {
                padded_tails[lane][..tail.len()].copy_from_slice(tail);
            }
        }
        let rounds = to_compress[..jobs.len()].iter().copied().max().unwrap_or(0);
        // Up to the fewest blocks of any lane every lane is busy: no blend.
        let all_busy = to_compress[..jobs.len()].iter().copied().min().unwrap_or(0);
        // Before every lane's last block, every lane compresses a whole 64-byte block of
        // its input with the same flags: blocks straight from the inputs, length and flags
        // broadcast.
        let plain = blocks_of[..jobs.len()]
            .iter()
            .map(|&blocks| blocks - 1)
            .min()
            .unwrap_or(0)
            .min(all_busy);
        let counter_lo = V::from_lanes(&lo);
        let counter_hi = V::from_lanes(&hi);
        let mut cv = IV.map(|word| V::splat(word));
        let whole_block = V::splat(BLOCK_LEN as u32);
        for block_index in 0..plain {
            let offset = block_index * BLOCK_LEN;
            let mut refs: [&[u8; BLOCK_LEN]; MAX_LANES] = [&ZERO_BLOCK; MAX_LANES];
            for (slot, job) in refs.iter_mut().zip(jobs) {
                *slot = job
                    .data
                    .get(offset..)
                    .and_then(|rest| rest.first_chunk::<BLOCK_LEN>())
                    .unwrap_or(&ZERO_BLOCK);
            }
            let m = V::load_transposed(&refs);
            let flags = if block_index == 0 { CHUNK_START } else { 0 };
            let state = V::compress(
                &cv,
                &m,
                counter_lo,
                counter_hi,
                whole_block,
                V::splat(flags),
            );
            for i in 0..8 {
                cv[i] = state[i].xor(state[i + 8]);
            }
        }
        for block_index in plain..rounds {
            let mut refs: [&[u8; BLOCK_LEN]; MAX_LANES] = [&ZERO_BLOCK; MAX_LANES];
            let mut block_lens = [0u32; MAX_LANES];
            let mut flags = [0u32; MAX_LANES];
            let mut active = [0u32; MAX_LANES];
            for (lane, job) in jobs.iter().enumerate() {
                if block_index >= to_compress[lane] {
                    continue;
                }
                let rest = &job.data[block_index * BLOCK_LEN..];
                refs[lane] = rest
                    .first_chunk::<BLOCK_LEN>()
                    .unwrap_or(&padded_tails[lane]);
                block_lens[lane] = rest.len().min(BLOCK_LEN) as u32;
                let mut lane_flags = if block_index == 0 { CHUNK_START } else { 0 };
                if block_index + 1 == blocks_of[lane] {
                    // Only chunks compressed through their last block get here.
                    lane_flags |= CHUNK_END;
                }
                flags[lane] = lane_flags;
                active[lane] = u32::MAX;
            }
            let m = V::load_transposed(&refs);
            let state = V::compress(
                &cv,
                &m,
                counter_lo,
                counter_hi,
                V::from_lanes(&block_lens),
                V::from_lanes(&flags),
            );
            if block_index < all_busy {
                for i in 0..8 {
                    cv[i] = state[i].xor(state[i + 8]);
                }
            } else {
                let mask = V::from_lanes(&active);
                for i in 0..8 {
                    cv[i] = V::blend(mask, state[i].xor(state[i + 8]), cv[i]);
                }
            }
        }
        let mut out = [[0u8; OUT_LEN]; MAX_LANES];
        V::store_transposed_cvs(&cv, &mut out);
        for (lane, job) in jobs.iter().enumerate() {
            match job.dest {
                Dest::Cv(k) => window.cvs[k] = out[lane],
                Dest::Root(i) => {
                    lanes::set_last_block::<V>(&mut window.roots[i], job.data, &out[lane])
                }
            }
        }
    }
}

/// [`compress_chunks`] of `LANES` whole chunks of multi-chunk messages: every lane has
/// sixteen full blocks with the same flags, so lengths and flags are broadcast, blocks are
/// transposed straight from the inputs and no lane waits (no blend); only the counters
/// differ per lane. The sixteen blocks are one call of the backend's out-of-line loop
/// ([`LaneVector::compress_whole_chunks`]), its state in registers between blocks.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set; `jobs.len() == V::LANES`, every job a
/// `CHUNK_LEN`-byte chunk to a chaining value.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn full_chunks<V: LaneVector>(jobs: &[ChunkJob<'_>], window: &mut Window<'_>) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own contract;
    // every array index and slice is bounds-checked.
    unsafe {
        let (chunks, lo, hi) = whole_chunk_lanes(jobs);
        let cv = V::compress_whole_chunks(&chunks, V::from_lanes(&lo), V::from_lanes(&hi));
        store_chunk_cvs::<V>(&cv, jobs, window);
    }
}

/// The chunks of up to `LANES` whole-chunk jobs, one per lane (a zero chunk past them),
/// and their counters' low and high halves.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
fn whole_chunk_lanes<'a>(
    jobs: &[ChunkJob<'a>],
) -> (
    [&'a [u8; CHUNK_LEN]; MAX_LANES],
    [u32; MAX_LANES],
    [u32; MAX_LANES],
) {
    let mut lo = [0u32; MAX_LANES];
    let mut hi = [0u32; MAX_LANES];
    let mut chunks: [&[u8; CHUNK_LEN]; MAX_LANES] = [&ZERO_CHUNK; MAX_LANES];
    for (lane, job) in jobs.iter().enumerate() {
        lo[lane] = job.counter as u32;
        hi[lane] = (job.counter >> 32) as u32;
        chunks[lane] = job.data.first_chunk::<CHUNK_LEN>().unwrap_or(&ZERO_CHUNK);
    }
    (chunks, lo, hi)
}

/// The chaining values `cv` of up to `LANES` chunk jobs, one per lane, to their places in
/// the window.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
unsafe fn store_chunk_cvs<V: LaneVector>(
    cv: &[V; 8],
    jobs: &[ChunkJob<'_>],
    window: &mut Window<'_>,
) {
    let mut out = [[0u8; OUT_LEN]; MAX_LANES];
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
    unsafe { V::store_transposed_cvs(cv, &mut out) };
    for (job, cv) in jobs.iter().zip(&out) {
        if let Dest::Cv(k) = job.dest {
            window.cvs[k] = *cv;
        }
    }
}

/// [`full_chunks`] of more than `LANES` (at most `2 * LANES`) whole chunks, as two groups
/// in [`lanes::whole_chunks_pair`]; the second group's lanes past the jobs hash a zero
/// chunk whose result is dropped.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set; every job a `CHUNK_LEN`-byte chunk to a
/// chaining value.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn full_chunks_pair<V: LaneVector>(jobs: &[ChunkJob<'_>], window: &mut Window<'_>) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and
    // `whole_chunks_pair`, whose one requirement (the CPU supports `V`'s instruction set)
    // is this function's own contract; every array index and slice is bounds-checked.
    unsafe {
        debug_assert!(jobs.len() > V::LANES && jobs.len() <= 2 * V::LANES);
        let (first, second) = jobs.split_at(V::LANES);
        let mut chunks: [[&[u8; CHUNK_LEN]; MAX_LANES]; 2] = [[&ZERO_CHUNK; MAX_LANES]; 2];
        let mut counter = [[V::splat(0); 2]; 2];
        for ((chunks, counter), group) in chunks.iter_mut().zip(&mut counter).zip([first, second]) {
            let (lanes, lo, hi) = whole_chunk_lanes(group);
            *chunks = lanes;
            *counter = [V::from_lanes(&lo), V::from_lanes(&hi)];
        }
        let cv = lanes::whole_chunks_pair::<V>(&chunks, &counter);
        store_chunk_cvs::<V>(&cv[0], first, window);
        store_chunk_cvs::<V>(&cv[1], second, window);
    }
}

/// [`compress_chunks`] of more than `LANES` (at most `2 * LANES`) one-chunk messages, as
/// two groups in [`lanes::root_blocks_pair`]: each message's blocks but its last, lengths
/// and flags per lane, into its root block.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set; every job a message of at most `CHUNK_LEN`
/// bytes to its root block.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn roots_pair<V: LaneVector>(jobs: &[ChunkJob<'_>], window: &mut Window<'_>) {
    // SAFETY: the unsafe operation here is `lanes::root_blocks_pair`, whose one requirement
    // (the CPU supports `V`'s instruction set) is this function's own contract; every array
    // index and slice is bounds-checked.
    unsafe {
        debug_assert!(jobs.len() > V::LANES && jobs.len() <= 2 * V::LANES);
        let mut inputs: [[&[u8]; MAX_LANES]; 2] = [[&[]; MAX_LANES]; 2];
        for (index, job) in jobs.iter().enumerate() {
            inputs[index / V::LANES][index % V::LANES] = job.data;
        }
        let (first, second) = jobs.split_at(V::LANES);
        let batches = [&inputs[0][..V::LANES], &inputs[1][..second.len()]];
        let mut roots = [[EMPTY_ROOT; MAX_LANES]; 2];
        let [low, high] = &mut roots;
        lanes::root_blocks_pair::<V>(&mut lanes::PairScratch::new(), batches, [low, high]);
        for (jobs, roots) in [first, second].into_iter().zip(&roots) {
            for (job, root) in jobs.iter().zip(roots) {
                if let Dest::Root(i) = job.dest {
                    window.roots[i] = *root;
                }
            }
        }
    }
}

/// Compresses up to `LANES` parent nodes, one per lane: pair `(src, dst)` merges
/// `cvs[src]` and `cvs[src + 1]` into `cvs[dst]`.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn compress_parents<V: LaneVector>(pairs: &[(usize, usize)], cvs: &mut [[u8; OUT_LEN]]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own contract;
    // every array index and slice is bounds-checked.
    unsafe {
        let m = {
            let refs: [&[u8; BLOCK_LEN]; MAX_LANES] =
                core::array::from_fn(|lane| match pairs.get(lane) {
                    Some(&(src, _)) => cvs[src..src + 2]
                        .as_flattened()
                        .first_chunk::<BLOCK_LEN>()
                        .expect("two chaining values are one block"),
                    None => &ZERO_BLOCK,
                });
            V::load_transposed(&refs)
        };
        let zero = V::splat(0);
        let key = IV.map(|word| V::splat(word));
        let state = V::compress(
            &key,
            &m,
            zero,
            zero,
            V::splat(BLOCK_LEN as u32),
            V::splat(PARENT),
        );
        let cv: [V; 8] = core::array::from_fn(|i| state[i].xor(state[i + 8]));
        let mut out = [[0u8; OUT_LEN]; MAX_LANES];
        V::store_transposed_cvs(&cv, &mut out);
        for (&(_, dst), cv) in pairs.iter().zip(&out) {
            cvs[dst] = *cv;
        }
    }
}

/// The root blocks of `batch` (messages of any length) into `scratch.roots`.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
unsafe fn window_roots<V: LaneVector>(batch: &[&[u8]], scratch: &mut Scratch) {
    // SAFETY: the unsafe operations here are this file's functions over `V`, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own contract.
    unsafe {
        let Scratch {
            cvs,
            roots,
            regions,
        } = scratch;
        roots.clear();
        roots.resize(batch.len(), EMPTY_ROOT);
        regions.clear();
        let mut total = 0;
        for (message, input) in batch.iter().enumerate() {
            let nodes = chunk_count(input.len());
            if nodes > 1 {
                regions.push(Region {
                    message,
                    offset: total,
                    nodes,
                });
                total += nodes;
            }
        }
        cvs.clear();
        cvs.resize(total, [0; OUT_LEN]);
        let mut window = Window {
            cvs: cvs.as_mut_slice(),
            roots: roots.as_mut_slice(),
        };
        let mut full = Pending::new(Kind::Whole);
        let mut one_chunk = Pending::new(Kind::Roots);
        let mut tails = Pending::new(Kind::Tails);
        let mut next_region = regions.iter();
        for (message, input) in batch.iter().enumerate() {
            if input.len() <= CHUNK_LEN {
                let job = ChunkJob {
                    data: input,
                    counter: 0,
                    dest: Dest::Root(message),
                };
                one_chunk.push::<V>(job, &mut window);
                continue;
            }
            let region = next_region.next().expect("one region per long message");
            debug_assert_eq!(region.message, message);
            for (index, chunk) in input.chunks(CHUNK_LEN).enumerate() {
                let job = ChunkJob {
                    data: chunk,
                    counter: index as u64,
                    dest: Dest::Cv(region.offset + index),
                };
                if chunk.len() == CHUNK_LEN {
                    full.push::<V>(job, &mut window);
                } else {
                    tails.push::<V>(job, &mut window);
                }
            }
        }
        full.flush::<V>(&mut window);
        one_chunk.flush::<V>(&mut window);
        tails.flush::<V>(&mut window);

        // Parent levels: neighbours merge, an odd last node moves up unchanged, until each
        // message has two nodes, whose parent is its root. Writing parent `p` over node
        // `p` is safe: the nodes a later pair reads sit at `2p' >= 2p + 2`.
        let cvs = window.cvs;
        loop {
            let mut pairs = [(0usize, 0usize); MAX_LANES];
            let mut queued = 0;
            let mut any = false;
            for region in regions.iter().filter(|region| region.nodes > 2) {
                any = true;
                for p in 0..region.nodes / 2 {
                    pairs[queued] = (region.offset + 2 * p, region.offset + p);
                    queued += 1;
                    if queued == V::LANES {
                        compress_parents::<V>(&pairs[..queued], cvs);
                        queued = 0;
                    }
                }
            }
            if queued > 0 {
                compress_parents::<V>(&pairs[..queued], cvs);
            }
            if !any {
                break;
            }
            for region in regions.iter_mut().filter(|region| region.nodes > 2) {
                if region.nodes % 2 == 1 {
                    cvs[region.offset + region.nodes / 2] = cvs[region.offset + region.nodes - 1];
                }
                region.nodes = region.nodes.div_ceil(2);
            }
        }
        for region in regions.iter() {
            let root = &mut window.roots[region.message];
            // Field by field, each half of the block read as it was stored (one chaining
            // value): a root built aside, or the pair read as one block, would be loaded
            // across the stores of its parts.
            root.cv = IV;
            root.block[..8].copy_from_slice(&cv_from_le_bytes(&cvs[region.offset]));
            root.block[8..].copy_from_slice(&cv_from_le_bytes(&cvs[region.offset + 1]));
            root.block_len = BLOCK_LEN as u32;
            root.flags = PARENT | ROOT;
        }
    }
}

/// Consecutive windows of a batch, each reduced to its root blocks. A loop over
/// [`next`](Self::next) rather than a closure, so the output phase that follows stays
/// inside the caller's `#[target_feature]` function.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
struct Windows<'i, 'm> {
    inputs: &'i [&'m [u8]],
    start: usize,
    scratch: Scratch,
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
impl<'i, 'm> Windows<'i, 'm> {
    fn new(inputs: &'i [&'m [u8]]) -> Self {
        Windows {
            inputs,
            start: 0,
            scratch: SCRATCH.take(),
        }
    }

    /// The next window's first index; its root blocks are in [`roots`](Self::roots).
    ///
    /// # Safety
    ///
    /// The CPU must support `V`'s instruction set.
    #[inline(always)]
    unsafe fn next<V: LaneVector>(&mut self) -> Option<usize> {
        let start = self.start;
        if start >= self.inputs.len() {
            return None;
        }
        let mut end = start;
        let mut chunks = 0;
        while end < self.inputs.len() && (end == start || chunks < WINDOW_CHUNKS) {
            chunks += chunk_count(self.inputs[end].len());
            end += 1;
        }
        // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
        unsafe { window_roots::<V>(&self.inputs[start..end], &mut self.scratch) };
        self.start = end;
        Some(start)
    }

    fn roots(&self) -> &[RootBlock] {
        &self.scratch.roots
    }
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
impl Drop for Windows<'_, '_> {
    fn drop(&mut self) {
        // During thread teardown the slot may be gone: the scratch is then freed.
        let _ = SCRATCH.try_with(|s| s.set(std::mem::take(&mut self.scratch)));
    }
}

/// The 32-byte hash of each root, `LANES` roots per compression.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set; `out.len() == roots.len()`.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
unsafe fn hash_roots<V: LaneVector>(roots: &[RootBlock], out: &mut [[u8; OUT_LEN]]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own contract;
    // every array index and slice is bounds-checked.
    unsafe {
        for (group, hashes) in roots.chunks(V::LANES).zip(out.chunks_mut(V::LANES)) {
            let mut cv_lanes = [[0u32; MAX_LANES]; 8];
            let mut blocks = [[0u8; BLOCK_LEN]; MAX_LANES];
            let mut lens = [0u32; MAX_LANES];
            let mut flags = [0u32; MAX_LANES];
            for (lane, root) in group.iter().enumerate() {
                for (word, lanes) in cv_lanes.iter_mut().enumerate() {
                    lanes[lane] = root.cv[word];
                }
                for (dst, word) in blocks[lane].chunks_exact_mut(4).zip(&root.block) {
                    dst.copy_from_slice(&word.to_le_bytes());
                }
                lens[lane] = root.block_len;
                flags[lane] = root.flags;
            }
            let cv = cv_lanes.map(|lanes| V::from_lanes(&lanes));
            let refs: [&[u8; BLOCK_LEN]; MAX_LANES] = core::array::from_fn(|lane| &blocks[lane]);
            let m = V::load_transposed(&refs);
            let zero = V::splat(0);
            let state = V::compress(
                &cv,
                &m,
                zero,
                zero,
                V::from_lanes(&lens),
                V::from_lanes(&flags),
            );
            let hash: [V; 8] = core::array::from_fn(|i| state[i].xor(state[i + 8]));
            let mut lanes_out = [[0u8; OUT_LEN]; MAX_LANES];
            V::store_transposed_cvs(&hash, &mut lanes_out);
            hashes.copy_from_slice(&lanes_out[..hashes.len()]);
        }
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set; `out.len() == inputs.len()`.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
pub(crate) unsafe fn hash_many<V: LaneVector>(inputs: &[&[u8]], out: &mut [[u8; OUT_LEN]]) {
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract); each
    // window's hashes go to the slots of its own inputs.
    unsafe {
        let mut windows = Windows::new(inputs);
        while let Some(start) = windows.next::<V>() {
            let roots = windows.roots();
            hash_roots::<V>(roots, &mut out[start..start + roots.len()]);
        }
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set; `out.len() == inputs.len() * out_len`.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
pub(crate) unsafe fn xof_many<V: LaneVector>(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) {
    if out_len == 0 {
        return;
    }
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
    unsafe {
        let mut windows = Windows::new(inputs);
        while let Some(start) = windows.next::<V>() {
            for (i, root) in windows.roots().iter().enumerate() {
                let at = (start + i) * out_len;
                lanes::xof_root::<V>(root, &mut out[at..at + out_len]);
            }
        }
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
pub(crate) unsafe fn accumulate_u16<V: LaneVector>(
    sum: &mut SumWords,
    inputs: &[&[u8]],
    subtract: bool,
) {
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
    unsafe {
        let mut windows = Windows::new(inputs);
        while windows.next::<V>().is_some() {
            lanes::accumulate_roots::<V>(sum, windows.roots(), subtract);
        }
    }
}

/// The `#[target_feature]` entry points of the tree code for one backend (each
/// instantiates the generic functions above for the backend's vector type). The dispatcher
/// (`platform.rs`) calls them only after it checked the CPU, their safety contract.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
macro_rules! tree_entry_points {
    ($vector:ty, $features:literal) => {
        /// # Safety
        /// The CPU must support this backend's features; `out.len() == inputs.len()`.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn hash_many(inputs: &[&[u8]], out: &mut [[u8; $crate::words::OUT_LEN]]) {
            // SAFETY: compiled with the backend's features, which the caller guarantees.
            unsafe { $crate::tree::hash_many::<$vector>(inputs, out) }
        }

        /// # Safety
        /// The CPU must support this backend's features;
        /// `out.len() == inputs.len() * out_len`.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn xof_many(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) {
            // SAFETY: compiled with the backend's features, which the caller guarantees.
            unsafe { $crate::tree::xof_many::<$vector>(inputs, out_len, out) }
        }

        /// # Safety
        /// The CPU must support this backend's features.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn accumulate_u16(
            sum: &mut $crate::words::SumWords,
            inputs: &[&[u8]],
            subtract: bool,
        ) {
            // SAFETY: compiled with the backend's features, which the caller guarantees.
            unsafe { $crate::tree::accumulate_u16::<$vector>(sum, inputs, subtract) }
        }
    };
}

/// SSE4.1 (4 lanes).
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub(crate) mod sse41 {
    tree_entry_points!(crate::sse41::Sse41Vector, "sse4.1");
}

/// AVX2 (8 lanes).
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub(crate) mod avx2 {
    tree_entry_points!(crate::avx2::Avx2Vector, "avx2");
}

/// AVX-512 (16 lanes).
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub(crate) mod avx512 {
    tree_entry_points!(crate::avx512::Avx512Vector, "avx512f,avx512bw,avx512vl");
}

/// The portable backend: one message at a time.
pub(crate) mod scalar {
    use super::portable_root;
    use crate::words::{
        add_u16_pair, sub_u16_pair, word_index, SumWords, BLOCK_LEN, OUT_LEN, U16_SUM_XOF_LEN,
    };

    pub(crate) fn hash_many(inputs: &[&[u8]], out: &mut [[u8; OUT_LEN]]) {
        for (input, hash) in inputs.iter().zip(out.iter_mut()) {
            *hash = super::cv_bytes(&portable_root(input).output_words(0)[..8]);
        }
    }

    pub(crate) fn xof_many(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) {
        if out_len == 0 {
            return;
        }
        for (input, xof) in inputs.iter().zip(out.chunks_exact_mut(out_len)) {
            let root = portable_root(input);
            for (counter, block_out) in xof.chunks_mut(BLOCK_LEN).enumerate() {
                let words = root.output_words(counter as u64);
                for (bytes, word) in block_out.chunks_mut(4).zip(words.iter()) {
                    bytes.copy_from_slice(&word.to_le_bytes()[..bytes.len()]);
                }
            }
        }
    }

    pub(crate) fn accumulate_u16<const SUBTRACT: bool>(sum: &mut SumWords, inputs: &[&[u8]]) {
        for input in inputs {
            let root = portable_root(input);
            for block in 0..U16_SUM_XOF_LEN / BLOCK_LEN {
                let words = root.output_words(block as u64);
                for (word_in_block, word) in words.iter().enumerate() {
                    let slot = &mut sum[word_index(block, word_in_block)];
                    *slot = if SUBTRACT {
                        sub_u16_pair(*slot, *word)
                    } else {
                        add_u16_pair(*slot, *word)
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The level-by-level merge is BLAKE3's tree: the scalar root's first output block is
    /// the blake3 crate's hash at sizes around chunk and subtree boundaries.
    #[test]
    fn portable_root_is_blake3() {
        for len in [
            0,
            1,
            1023,
            1024,
            1025,
            2048,
            2049,
            3072,
            3073,
            5 * 1024 + 7,
            8192,
        ] {
            let input: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
            let words = portable_root(&input).output_words(0);
            assert_eq!(
                cv_bytes(&words[..8]),
                *blake3::hash(&input).as_bytes(),
                "len {len}"
            );
        }
    }
}
