//! The lane algorithm, written once and generic over a vector of `u32` lanes.
//!
//! `sse41.rs`, `avx2.rs` and `avx512.rs` implement [`LaneVector`] for their register type
//! and call these `#[inline(always)]` functions from inside their
//! `#[target_feature]` entry points, so each instantiation is compiled for
//! its instruction set.
//!
//! Two ways of filling lanes:
//! - input phase: one message per lane (message words transposed in), with
//!   per-lane block counts, block lengths and flags; lanes whose message has
//!   no block at the current index keep their chaining value (blend);
//! - output phase: one message, one root output block per lane. The blocks
//!   differ only in their counter, so the message words, chaining value,
//!   length and flags are broadcast and no transpose is needed.

use core::mem::MaybeUninit;

use crate::words::{
    block_count, cv_from_le_bytes, last_block_flags, last_block_words, sub_u16_pair, word_index,
    RootBlock, SumWords, BLOCKS_PER_GROUP, BLOCK_LEN, CHUNK_END, CHUNK_LEN, CHUNK_START, IV,
    MSG_SCHEDULE, OUT_LEN, ROOT, U16_LANES, U16_SUM_XOF_LEN,
};

/// Widest lane count of any backend (sizes the scratch arrays).
pub(crate) const MAX_LANES: usize = 16;

const ZERO_BLOCK: [u8; BLOCK_LEN] = [0; BLOCK_LEN];

/// A SIMD register of `LANES` 32-bit lanes, and the few data movements the
/// algorithm needs.
///
/// # Safety
///
/// Every method requires that the CPU supports the implementing type's
/// instruction set. Lane arrays sized `MAX_LANES` are read or written only in
/// their first `LANES` entries.
pub(crate) trait LaneVector: RoundVector {
    const LANES: usize;
    /// The backend this vector type implements.
    const BACKEND: crate::backend::Backend;

    /// Compressions the output phase ([`output_blocks`]) runs in lockstep: the backend's
    /// `Backend::lockstep` (2 where the register file holds two states and their operands,
    /// 1 where it holds one).
    #[inline(always)]
    fn lockstep() -> usize {
        Self::BACKEND.lockstep()
    }

    /// Compressions the throughput floor ([`compression_chains`]) runs in lockstep:
    /// `Backend::floor_lockstep`, the faster register-only form on this CPU.
    #[inline(always)]
    fn floor_lockstep() -> usize {
        Self::BACKEND.floor_lockstep()
    }

    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn from_lanes(lanes: &[u32; MAX_LANES]) -> Self;
    /// The last block of a chunk's `input` (its words, zero-padded) and its length in bytes:
    /// [`last_block_words`] here; AVX-512 loads it with one byte-masked load, so no copy of
    /// the tail sits in a store buffer that a wide load of the block would wait on.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    #[inline(always)]
    unsafe fn last_block(input: &[u8]) -> ([u32; 16], u32) {
        last_block_words(input)
    }
    /// Lanes whose `mask` is all ones take `if_set`, the others `if_clear`.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn blend(mask: Self, if_set: Self, if_clear: Self) -> Self;
    /// Word `j` of every lane's block, as vector `j`.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn load_transposed(blocks: &[&[u8; BLOCK_LEN]; MAX_LANES]) -> [Self; 16];
    /// Inverse of a transposed load for 8 words: lane `l` to `out[l]`, for the first
    /// `min(LANES, out.len())` lanes (callers pass at least `LANES`).
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn store_transposed_cvs(cv: &[Self; 8], out: &mut [[u8; OUT_LEN]]);
    /// Inverse of [`load_transposed`](Self::load_transposed): lane `l` to `out[l]`.
    /// `out` has at least `LANES` blocks.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn store_transposed_blocks(words: &[Self; 16], out: &mut [[u8; BLOCK_LEN]]);
    /// `dst[l] += self[l]` for `l < LANES`, as two wrapping `u16` lanes per word.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn add_u16_into(self, dst: &mut [u32]);
    /// `dst[l] -= self[l]` for `l < LANES`, as two wrapping `u16` lanes per word.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn sub_u16_from(self, dst: &mut [u32]);

    /// The output words of two root compressions of `root` in lockstep, block counters
    /// `counter[0]` and `counter[1]` in the lanes (high halves 0), after the feed-forward:
    /// the backend's own schedule where it has one (AVX-512 on x86-64: `avx512_pair.rs`,
    /// inline assembly with no spills); `None` elsewhere, and [`output_blocks`] runs the
    /// generic rounds on a [`Pair`].
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    #[inline(always)]
    unsafe fn root_output_pair(_root: &RootBlock, _counter: [Self; 2]) -> Option<[[Self; 16]; 2]> {
        None
    }

    /// Whether [`add_roots_u16`](Self::add_roots_u16) is the backend's own loop over the
    /// roots (AVX-512 on x86-64: `avx512_pair.rs`); [`accumulate_roots`] then runs a
    /// subtraction through it too, and elsewhere runs [`output_blocks`] per root.
    #[inline(always)]
    fn roots_u16_loop() -> bool {
        false
    }

    /// The LtHash output phase of every root in `roots` added into `sum` (kernel word
    /// order). Here [`output_blocks`] per root; AVX-512 on x86-64 runs one assembly loop
    /// over the roots, two compressions in lockstep per root, the output words added into
    /// the sum from the registers, no spills.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    #[inline(always)]
    unsafe fn add_roots_u16(sum: &mut SumWords, roots: &[RootBlock]) {
        for root in roots {
            // SAFETY: the CPU supports `Self`'s instruction set (this function's contract).
            unsafe { accumulate_root::<Self>(sum, root, false) };
        }
    }

    /// Whether [`compress_pair_chain`](Self::compress_pair_chain) is the backend's own
    /// schedule of two compressions in lockstep (AVX-512 on x86-64: `avx512_pair.rs`); the
    /// batch's input phase runs two groups of messages together ([`pair_cvs`]), and the
    /// chunk tree two groups of whole chunks ([`whole_chunks_pair`]) or of one-chunk
    /// messages ([`root_blocks_pair`]), only then, and one group at a time elsewhere.
    #[inline(always)]
    fn input_pair() -> bool {
        false
    }

    /// Blocks of two groups of messages compressed, one `blocks` entry after the other, into
    /// their chaining values `cv[0]` and `cv[1]` (chunk counters `counter[g]`, low and high
    /// halves per lane, the same for every block; lengths and flags per lane); lanes whose
    /// `active` lane is 0 keep their chaining value; with `ALL_ACTIVE` every lane of both
    /// groups has every block and `active` is not read. Here the backend's out-of-line
    /// rounds, one group after the other; AVX-512 on x86-64 runs the two in lockstep as
    /// assembly.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    #[inline(always)]
    unsafe fn compress_pair_chain<const ALL_ACTIVE: bool>(
        cv: &mut [[Self; 8]; 2],
        counter: &[[Self; 2]; 2],
        blocks: &[PairBlocks<Self>],
    ) {
        // SAFETY: `Self`'s methods, whose one requirement (the CPU supports its instruction
        // set) is this function's own contract.
        unsafe {
            for block in blocks {
                for (group, cv) in cv.iter_mut().enumerate() {
                    let state = Self::compress(
                        cv,
                        &block.m[group],
                        counter[group][0],
                        counter[group][1],
                        block.block_len[group],
                        block.flags[group],
                    );
                    for i in 0..8 {
                        let next = state[i].xor(state[i + 8]);
                        cv[i] = if ALL_ACTIVE {
                            next
                        } else {
                            Self::blend(block.active[group], next, cv[i])
                        };
                    }
                }
            }
        }
    }

    /// [`compress_rounds`] for this backend: one out-of-line copy per backend, compiled
    /// with its target features, that every operation calls (but the output phase and the
    /// chunk tree's whole chunks, [`compress_whole_chunks`](Self::compress_whole_chunks),
    /// which inline the rounds once each). Inlining the seven rounds into every call site
    /// instead made this crate take minutes to build.
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn compress(
        cv: &[Self; 8],
        m: &[Self; 16],
        counter_lo: Self,
        counter_hi: Self,
        block_len: Self,
        flags: Self,
    ) -> [Self; 16];

    /// [`whole_chunks`] for this backend: the chaining values of `LANES` whole chunks, one
    /// out-of-line copy per backend with the rounds inlined into its block loop (the chunk
    /// tree's hot loop; the state stays in registers between blocks).
    ///
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn compress_whole_chunks(
        chunks: &[&[u8; CHUNK_LEN]; MAX_LANES],
        counter_lo: Self,
        counter_hi: Self,
    ) -> [Self; 8];
}

/// What the rounds of a compression need of a register: the words of `LANES` states, one
/// per lane, with lane-wise adds, xors and the four rotations: what every [`LaneVector`]
/// is, and a [`Pair`] of them (two states in lockstep).
///
/// # Safety
///
/// Every method requires that the CPU supports the implementing type's instruction set.
pub(crate) trait RoundVector: Copy {
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn splat(x: u32) -> Self;
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn add(self, rhs: Self) -> Self;
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn xor(self, rhs: Self) -> Self;
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn rot16(self) -> Self;
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn rot12(self) -> Self;
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn rot8(self) -> Self;
    /// # Safety
    ///
    /// The CPU must support the implementing type's instruction set (see the trait).
    unsafe fn rot7(self) -> Self;
}

/// One block of each of two groups of `LANES` messages, transposed, with their per-lane
/// block lengths, flags and active masks (all ones where the lane's message has a block at
/// this index): the operand of [`LaneVector::compress_pair_chain`]. `repr(C)`, so the
/// assembly of `avx512_pair.rs` reads its fields at fixed offsets.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct PairBlocks<V> {
    /// Word `j` of every lane's block of group `g`: `m[g][j]`.
    pub(crate) m: [[V; 16]; 2],
    pub(crate) block_len: [V; 2],
    pub(crate) flags: [V; 2],
    pub(crate) active: [V; 2],
}

/// Two registers in lockstep: every operation applies to both halves, one after the other,
/// so the rounds of two independent compressions interleave and the CPU has twice the
/// independent work per round (the rounds of one compression are a chain of dependent
/// operations, four G functions wide).
#[derive(Clone, Copy)]
pub(crate) struct Pair<V>(pub(crate) V, pub(crate) V);

impl<V: LaneVector> RoundVector for Pair<V> {
    #[inline(always)]
    unsafe fn splat(x: u32) -> Self {
        // SAFETY: the CPU supports `V`'s instruction set (this trait's contract).
        unsafe {
            let v = V::splat(x);
            Pair(v, v)
        }
    }
    pair_lanewise!(add(rhs), xor(rhs), rot16(), rot12(), rot8(), rot7());
}

/// The [`RoundVector`] operations of [`Pair`] that apply `V`'s to each half: `op(rhs)` for a
/// binary operation, `op()` for a unary one.
macro_rules! pair_lanewise {
    ($($op:ident($($rhs:ident)?)),*) => {
        $(
            #[inline(always)]
            unsafe fn $op(self $(, $rhs: Self)?) -> Self {
                // SAFETY: the CPU supports `V`'s instruction set (this trait's contract).
                unsafe { Pair(self.0.$op($($rhs.0)?), self.1.$op($($rhs.1)?)) }
            }
        )*
    };
}
use pair_lanewise;

/// One column step then one diagonal step of G, four G functions interleaved.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn round<V: RoundVector>(v: &mut [V; 16], m: &[V; 16], r: usize) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let s = &MSG_SCHEDULE[r];
        quarter_round(
            v,
            [0, 1, 2, 3],
            [4, 5, 6, 7],
            [8, 9, 10, 11],
            [12, 13, 14, 15],
            m,
            s,
            0,
        );
        quarter_round(
            v,
            [0, 1, 2, 3],
            [5, 6, 7, 4],
            [10, 11, 8, 9],
            [15, 12, 13, 14],
            m,
            s,
            8,
        );
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn quarter_round<V: RoundVector>(
    v: &mut [V; 16],
    a: [usize; 4],
    b: [usize; 4],
    c: [usize; 4],
    d: [usize; 4],
    m: &[V; 16],
    s: &[usize; 16],
    first_word: usize,
) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        for i in 0..4 {
            v[a[i]] = v[a[i]].add(m[s[first_word + 2 * i]]);
        }
        for i in 0..4 {
            v[a[i]] = v[a[i]].add(v[b[i]]);
        }
        for i in 0..4 {
            v[d[i]] = v[d[i]].xor(v[a[i]]);
        }
        for i in 0..4 {
            v[d[i]] = v[d[i]].rot16();
        }
        for i in 0..4 {
            v[c[i]] = v[c[i]].add(v[d[i]]);
        }
        for i in 0..4 {
            v[b[i]] = v[b[i]].xor(v[c[i]]);
        }
        for i in 0..4 {
            v[b[i]] = v[b[i]].rot12();
        }
        for i in 0..4 {
            v[a[i]] = v[a[i]].add(m[s[first_word + 2 * i + 1]]);
        }
        for i in 0..4 {
            v[a[i]] = v[a[i]].add(v[b[i]]);
        }
        for i in 0..4 {
            v[d[i]] = v[d[i]].xor(v[a[i]]);
        }
        for i in 0..4 {
            v[d[i]] = v[d[i]].rot8();
        }
        for i in 0..4 {
            v[c[i]] = v[c[i]].add(v[d[i]]);
        }
        for i in 0..4 {
            v[b[i]] = v[b[i]].xor(v[c[i]]);
        }
        for i in 0..4 {
            v[b[i]] = v[b[i]].rot7();
        }
    }
}

/// The state after seven rounds (before the feed-forward), through the backend's
/// out-of-line [`LaneVector::compress`].
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn compress_state<V: LaneVector>(
    cv: &[V; 8],
    m: &[V; 16],
    counter_lo: V,
    counter_hi: V,
    block_len: V,
    flags: V,
) -> [V; 16] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe { V::compress(cv, m, counter_lo, counter_hi, block_len, flags) }
}

/// The chaining values of `LANES` whole chunks (`chunks[l]` in lane `l`, with its chunk
/// counter in `counter_lo` / `counter_hi`): sixteen full blocks each, `CHUNK_START` on the
/// first and `CHUNK_END` on the last, lengths and flags broadcast. Backends instantiate it
/// once, inside their `#[target_feature]` [`LaneVector::compress_whole_chunks`].
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn whole_chunks<V: LaneVector>(
    chunks: &[&[u8; CHUNK_LEN]; MAX_LANES],
    counter_lo: V,
    counter_hi: V,
) -> [V; 8] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index and slice is bounds-checked.
    unsafe {
        const BLOCKS: usize = CHUNK_LEN / BLOCK_LEN;
        let block_len = V::splat(BLOCK_LEN as u32);
        let mut cv = IV.map(|word| V::splat(word));
        for block_index in 0..BLOCKS {
            let offset = block_index * BLOCK_LEN;
            let mut refs: [&[u8; BLOCK_LEN]; MAX_LANES] = [&ZERO_BLOCK; MAX_LANES];
            for (block, chunk) in refs.iter_mut().zip(chunks).take(V::LANES) {
                *block = chunk[offset..]
                    .first_chunk::<BLOCK_LEN>()
                    .unwrap_or(&ZERO_BLOCK);
            }
            let m = V::load_transposed(&refs);
            let flags = match block_index {
                0 => CHUNK_START,
                b if b + 1 == BLOCKS => CHUNK_END,
                _ => 0,
            };
            let state =
                compress_rounds(&cv, &m, counter_lo, counter_hi, block_len, V::splat(flags));
            for i in 0..8 {
                cv[i] = state[i].xor(state[i + 8]);
            }
        }
        cv
    }
}

/// [`whole_chunks`] of two groups of `LANES` whole chunks (`chunks[g][l]` in lane `l` of
/// group `g`, its chunk counter in `counter[g]`, low and high halves) in
/// [`LaneVector::compress_pair_chain`]: the chunk tree's hot loop where the backend runs two
/// compressions in lockstep (AVX-512 on x86-64). The blocks are transposed into
/// [`STAGED_BLOCKS`] staged entries at a time, lengths and flags broadcast, every lane
/// active, and the chaining values stay in registers across each call.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn whole_chunks_pair<V: LaneVector>(
    chunks: &[[&[u8; CHUNK_LEN]; MAX_LANES]; 2],
    counter: &[[V; 2]; 2],
) -> [[V; 8]; 2] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own contract;
    // every array index and slice is bounds-checked.
    unsafe {
        const BLOCKS: usize = CHUNK_LEN / BLOCK_LEN;
        let full_len = V::splat(BLOCK_LEN as u32);
        let all_lanes = V::splat(u32::MAX);
        // Loops, not closures (`array::map`): a closure would not inherit the caller's
        // target features, and the vector operations in it would stay calls.
        let mut iv = [full_len; 8];
        for (v, &word) in iv.iter_mut().zip(&IV) {
            *v = V::splat(word);
        }
        let mut cv = [iv; 2];
        let mut staged = [const { MaybeUninit::<PairBlocks<V>>::uninit() }; STAGED_BLOCKS];
        for first in (0..BLOCKS).step_by(STAGED_BLOCKS) {
            for (block_index, slot) in (first..).zip(&mut staged) {
                let offset = block_index * BLOCK_LEN;
                let mut m = [[full_len; 16]; 2];
                for (m, group) in m.iter_mut().zip(chunks) {
                    let refs: [&[u8; BLOCK_LEN]; MAX_LANES] = core::array::from_fn(|lane| {
                        group[lane][offset..]
                            .first_chunk::<BLOCK_LEN>()
                            .unwrap_or(&ZERO_BLOCK)
                    });
                    *m = V::load_transposed(&refs);
                }
                let flags = V::splat(match block_index {
                    0 => CHUNK_START,
                    b if b + 1 == BLOCKS => CHUNK_END,
                    _ => 0,
                });
                slot.write(PairBlocks {
                    m,
                    block_len: [full_len; 2],
                    flags: [flags; 2],
                    active: [all_lanes; 2],
                });
            }
            // SAFETY: the loop above wrote every entry of `staged` (`BLOCKS` is a multiple
            // of `STAGED_BLOCKS`); `MaybeUninit<T>` has `T`'s layout.
            let written =
                core::slice::from_raw_parts(staged.as_ptr() as *const PairBlocks<V>, STAGED_BLOCKS);
            V::compress_pair_chain::<true>(&mut cv, counter, written);
        }
        cv
    }
}

const _: () = assert!((CHUNK_LEN / BLOCK_LEN).is_multiple_of(STAGED_BLOCKS));

/// The state after seven rounds (before the feed-forward). Backends instantiate this once,
/// inside their `#[target_feature]` [`LaneVector::compress`].
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn compress_rounds<V: RoundVector>(
    cv: &[V; 8],
    m: &[V; 16],
    counter_lo: V,
    counter_hi: V,
    block_len: V,
    flags: V,
) -> [V; 16] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let mut v = [
            cv[0],
            cv[1],
            cv[2],
            cv[3],
            cv[4],
            cv[5],
            cv[6],
            cv[7],
            V::splat(IV[0]),
            V::splat(IV[1]),
            V::splat(IV[2]),
            V::splat(IV[3]),
            counter_lo,
            counter_hi,
            block_len,
            flags,
        ];
        round(&mut v, m, 0);
        rounds_after_first(&mut v, m);
        v
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn rounds_after_first<V: RoundVector>(v: &mut [V; 16], m: &[V; 16]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        round(v, m, 1);
        round(v, m, 2);
        round(v, m, 3);
        round(v, m, 4);
        round(v, m, 5);
        round(v, m, 6);
    }
}

/// Chaining values of a batch of at most `LANES` messages, one per lane
/// (lanes past `batch.len()` hash the empty message and are ignored).
/// With `THROUGH_LAST`, every block is compressed and the last one carries
/// `CHUNK_END | ROOT`, so the result is the hash. Without, the last block of
/// each message is left out (the caller turns it into a [`RootBlock`]).
///
/// Every compression calls the backend's out-of-line rounds: batches of one length (the
/// hot case of [`hash_many`]) take [`uniform_cvs`] instead, which inlines them. Inlining
/// them here as well makes mixed-length batches only slightly faster, for a second inlined
/// copy of the rounds per backend, which roughly doubles this crate's release build
/// (docs/measurement.md, "Figures measured during development").
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn chunk_cvs<V: LaneVector, const THROUGH_LAST: bool>(batch: &[&[u8]]) -> [V; 8] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        debug_assert!(batch.len() <= V::LANES);
        let mut inputs: [&[u8]; MAX_LANES] = [&[]; MAX_LANES];
        inputs[..batch.len()].copy_from_slice(batch);
        let mut blocks_to_compress = [0usize; MAX_LANES];
        let mut padded_tails = [[0u8; BLOCK_LEN]; MAX_LANES];
        for lane in 0..V::LANES {
            let input = inputs[lane];
            let blocks = block_count(input.len());
            blocks_to_compress[lane] = if THROUGH_LAST { blocks } else { blocks - 1 };
            let tail = input.get((blocks - 1) * BLOCK_LEN..).unwrap_or_default();
            if THROUGH_LAST && tail.len() < BLOCK_LEN {
                padded_tails[lane][..tail.len()].copy_from_slice(tail);
            }
        }
        let rounds_needed = blocks_to_compress[..V::LANES]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        // Every block but a message's last is full and carries no end flag, so
        // up to the shortest message's last block no lane needs its own length,
        // flags or blend: the whole batch when lengths are equal. Padding lanes
        // past `batch.len()` do not count; what they compute is discarded.
        let uniform_blocks = batch
            .iter()
            .map(|input| block_count(input.len()) - 1)
            .min()
            .unwrap_or(0);
        let zero = V::splat(0);
        let full_len = V::splat(BLOCK_LEN as u32);
        let mut cv = IV.map(|word| V::splat(word));
        for block_index in 0..uniform_blocks {
            let offset = block_index * BLOCK_LEN;
            let refs: [&[u8; BLOCK_LEN]; MAX_LANES] = core::array::from_fn(|lane| {
                inputs[lane]
                    .get(offset..)
                    .and_then(|rest| rest.first_chunk::<BLOCK_LEN>())
                    .unwrap_or(&ZERO_BLOCK)
            });
            let m = V::load_transposed(&refs);
            let flags = V::splat(if block_index == 0 { CHUNK_START } else { 0 });
            let state = compress_state(&cv, &m, zero, zero, full_len, flags);
            for i in 0..8 {
                cv[i] = state[i].xor(state[i + 8]);
            }
        }
        for block_index in uniform_blocks..rounds_needed {
            let mut refs: [&[u8; BLOCK_LEN]; MAX_LANES] = [&ZERO_BLOCK; MAX_LANES];
            let mut block_lens = [0u32; MAX_LANES];
            let mut flags = [0u32; MAX_LANES];
            let mut active = [0u32; MAX_LANES];
            for lane in 0..V::LANES {
                if block_index >= blocks_to_compress[lane] {
                    continue;
                }
                let input = inputs[lane];
                let offset = block_index * BLOCK_LEN;
                let remaining = input.get(offset..).unwrap_or_default();
                refs[lane] = remaining
                    .first_chunk::<BLOCK_LEN>()
                    .unwrap_or(&padded_tails[lane]);
                block_lens[lane] = remaining.len().min(BLOCK_LEN) as u32;
                let mut lane_flags = if block_index == 0 { CHUNK_START } else { 0 };
                if THROUGH_LAST && block_index + 1 == blocks_to_compress[lane] {
                    lane_flags |= CHUNK_END | ROOT;
                }
                flags[lane] = lane_flags;
                active[lane] = u32::MAX;
            }
            let m = V::load_transposed(&refs);
            let state = compress_state(
                &cv,
                &m,
                zero,
                zero,
                V::from_lanes(&block_lens),
                V::from_lanes(&flags),
            );
            let mask = V::from_lanes(&active);
            for i in 0..8 {
                cv[i] = V::blend(mask, state[i].xor(state[i + 8]), cv[i]);
            }
        }
        cv
    }
}

/// Blocks [`pair_cvs`] stages before it compresses them: the staging (loads, transposes,
/// per-lane lengths and flags) of a block then waits on no compression, and the chaining
/// values stay in registers across the staged blocks.
const STAGED_BLOCKS: usize = 4;

/// The buffers of [`pair_cvs`], made once per call of a batch entry point and reused for
/// every pair of batches (the chunk tree makes one per pair of groups of one-chunk
/// messages): the staged blocks (about 9 KiB, not zeroed: every block is written whole
/// before the compressions read it) and the zero-padded last blocks.
pub(crate) struct PairScratch<V> {
    staged: [MaybeUninit<PairBlocks<V>>; STAGED_BLOCKS],
    padded_tails: [[[u8; BLOCK_LEN]; MAX_LANES]; 2],
}

impl<V: LaneVector> PairScratch<V> {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        PairScratch {
            staged: [const { MaybeUninit::uninit() }; STAGED_BLOCKS],
            padded_tails: [[[0; BLOCK_LEN]; MAX_LANES]; 2],
        }
    }
}

/// [`chunk_cvs`] of two batches of at most `LANES` messages each, their blocks in
/// [`LaneVector::compress_pair_chain`] (two compressions in lockstep where the backend has
/// that schedule), up to [`STAGED_BLOCKS`] per call. Every block's length, flags and active
/// mask are per lane, so the batches' messages may have any lengths: a lane whose message
/// has no block at an index keeps its chaining value.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn pair_cvs<V: LaneVector, const THROUGH_LAST: bool>(
    scratch: &mut PairScratch<V>,
    batches: [&[&[u8]]; 2],
) -> [[V; 8]; 2] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own
    // contract; every array index and slice is bounds-checked.
    unsafe {
        let mut inputs: [[&[u8]; MAX_LANES]; 2] = [[&[]; MAX_LANES]; 2];
        let mut blocks_to_compress = [[0usize; MAX_LANES]; 2];
        let padded_tails = &mut scratch.padded_tails;
        let mut rounds_needed = 0;
        for (group, batch) in batches.iter().enumerate() {
            debug_assert!(batch.len() <= V::LANES);
            inputs[group][..batch.len()].copy_from_slice(batch);
            for lane in 0..V::LANES {
                let input = inputs[group][lane];
                let blocks = block_count(input.len());
                let count = if THROUGH_LAST { blocks } else { blocks - 1 };
                blocks_to_compress[group][lane] = count;
                rounds_needed = rounds_needed.max(count);
                let tail = input.get((blocks - 1) * BLOCK_LEN..).unwrap_or_default();
                if THROUGH_LAST && tail.len() < BLOCK_LEN {
                    let (head, rest) = padded_tails[group][lane].split_at_mut(tail.len());
                    head.copy_from_slice(tail);
                    rest.fill(0);
                }
            }
        }
        // As in `chunk_cvs`: up to the shortest message's last block (of the messages
        // given; the padding lanes' results are discarded) every lane's block is full and
        // carries no end flag, so lengths, flags and active masks are the same in every lane.
        let uniform_blocks = batches
            .iter()
            .flat_map(|batch| batch.iter())
            .map(|input| block_count(input.len()) - 1)
            .min()
            .unwrap_or(0);
        let zero = V::splat(0);
        let full_len = V::splat(BLOCK_LEN as u32);
        let all_lanes = V::splat(u32::MAX);
        let mut iv = [zero; 8];
        for (v, &word) in iv.iter_mut().zip(&IV) {
            *v = V::splat(word);
        }
        let mut cv = [iv; 2];
        let staged = &mut scratch.staged;
        for first in (0..rounds_needed).step_by(STAGED_BLOCKS) {
            let count = STAGED_BLOCKS.min(rounds_needed - first);
            for (block_index, slot) in (first..).zip(&mut staged[..count]) {
                let offset = block_index * BLOCK_LEN;
                if block_index < uniform_blocks {
                    let mut m = [[zero; 16]; 2];
                    for (m, inputs) in m.iter_mut().zip(&inputs) {
                        let refs: [&[u8; BLOCK_LEN]; MAX_LANES] = core::array::from_fn(|lane| {
                            inputs[lane]
                                .get(offset..)
                                .and_then(|rest| rest.first_chunk::<BLOCK_LEN>())
                                .unwrap_or(&ZERO_BLOCK)
                        });
                        *m = V::load_transposed(&refs);
                    }
                    let flags = V::splat(if block_index == 0 { CHUNK_START } else { 0 });
                    slot.write(PairBlocks {
                        m,
                        block_len: [full_len; 2],
                        flags: [flags; 2],
                        active: [all_lanes; 2],
                    });
                    continue;
                }
                let mut blocks = PairBlocks {
                    m: [[zero; 16]; 2],
                    block_len: [zero; 2],
                    flags: [zero; 2],
                    active: [zero; 2],
                };
                for group in 0..2 {
                    let mut refs: [&[u8; BLOCK_LEN]; MAX_LANES] = [&ZERO_BLOCK; MAX_LANES];
                    let mut block_lens = [0u32; MAX_LANES];
                    let mut flags = [0u32; MAX_LANES];
                    let mut active = [0u32; MAX_LANES];
                    for lane in 0..V::LANES {
                        let count = blocks_to_compress[group][lane];
                        if block_index >= count {
                            continue;
                        }
                        let remaining = inputs[group][lane].get(offset..).unwrap_or_default();
                        refs[lane] = remaining
                            .first_chunk::<BLOCK_LEN>()
                            .unwrap_or(&padded_tails[group][lane]);
                        block_lens[lane] = remaining.len().min(BLOCK_LEN) as u32;
                        let mut lane_flags = if block_index == 0 { CHUNK_START } else { 0 };
                        if THROUGH_LAST && block_index + 1 == count {
                            lane_flags |= CHUNK_END | ROOT;
                        }
                        flags[lane] = lane_flags;
                        active[lane] = u32::MAX;
                    }
                    blocks.m[group] = V::load_transposed(&refs);
                    blocks.block_len[group] = V::from_lanes(&block_lens);
                    blocks.flags[group] = V::from_lanes(&flags);
                    blocks.active[group] = V::from_lanes(&active);
                }
                slot.write(blocks);
            }
            // SAFETY: the loop above wrote `staged[..count]` whole; `MaybeUninit<T>` has
            // `T`'s layout.
            let written =
                core::slice::from_raw_parts(staged.as_ptr() as *const PairBlocks<V>, count);
            V::compress_pair_chain::<false>(&mut cv, &[[zero; 2]; 2], written);
        }
        cv
    }
}

/// The hashes (as chaining values, one message per lane) of a batch of at most `LANES`
/// messages that all have `len` bytes: the common case of [`hash_many`] (every token
/// account's legacy hash is 246 bytes). Every lane then has the same block count, and each
/// block the same length and flags, so none of the per-lane bookkeeping of [`chunk_cvs`]
/// is needed: no block-count masks or blends, lengths and flags are broadcast, full blocks
/// are transposed straight from the inputs, and only the last block, if partial, is copied
/// into zero-padded buffers. The rounds are inlined once, in the loop over blocks, and the
/// chaining values stay in registers from block to block. Lanes past `batch.len()` hash a
/// copy of the first message and are ignored.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn uniform_cvs<V: LaneVector>(batch: &[&[u8]], len: usize) -> [V; 8] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index and slice is bounds-checked.
    unsafe {
        debug_assert!(!batch.is_empty() && batch.len() <= V::LANES);
        debug_assert!(batch.iter().all(|input| input.len() == len));
        let inputs: [&[u8]; MAX_LANES] =
            core::array::from_fn(|lane| batch.get(lane).copied().unwrap_or(batch[0]));
        let blocks = block_count(len);
        let last = blocks - 1;
        let tail_len = len - last * BLOCK_LEN;
        let mut padded_tails = [[0u8; BLOCK_LEN]; MAX_LANES];
        if tail_len < BLOCK_LEN {
            for lane in 0..V::LANES {
                padded_tails[lane][..tail_len].copy_from_slice(&inputs[lane][last * BLOCK_LEN..]);
            }
        }
        let zero = V::splat(0);
        let mut cv = IV.map(|word| V::splat(word));
        for block_index in 0..blocks {
            let offset = block_index * BLOCK_LEN;
            let refs: [&[u8; BLOCK_LEN]; MAX_LANES] = core::array::from_fn(|lane| {
                if lane >= V::LANES {
                    &ZERO_BLOCK
                } else if block_index == last && tail_len < BLOCK_LEN {
                    &padded_tails[lane]
                } else {
                    inputs[lane][offset..]
                        .first_chunk::<BLOCK_LEN>()
                        .unwrap_or(&ZERO_BLOCK)
                }
            });
            let m = V::load_transposed(&refs);
            let mut flags = if block_index == 0 { CHUNK_START } else { 0 };
            let mut block_len = BLOCK_LEN as u32;
            if block_index == last {
                flags |= CHUNK_END | ROOT;
                block_len = tail_len as u32;
            }
            let state = compress_rounds(&cv, &m, zero, zero, V::splat(block_len), V::splat(flags));
            for i in 0..8 {
                cv[i] = state[i].xor(state[i + 8]);
            }
        }
        cv
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn hash_many<V: LaneVector>(inputs: &[&[u8]], out: &mut [[u8; OUT_LEN]]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        // Made only where two groups run in lockstep: about 9 KiB to zero.
        let mut scratch = if V::input_pair() && inputs.len() > V::LANES {
            Some(PairScratch::new())
        } else {
            None
        };
        for (batches, hashes) in inputs
            .chunks(2 * V::LANES)
            .zip(out.chunks_mut(2 * V::LANES))
        {
            if let (Some(scratch), true) = (scratch.as_mut(), batches.len() > V::LANES) {
                // Two groups: their blocks in lockstep.
                let (first, second) = batches.split_at(V::LANES);
                let cv = pair_cvs::<V, true>(scratch, [first, second]);
                let (low, high) = hashes.split_at_mut(V::LANES);
                V::store_transposed_cvs(&cv[0], low);
                store_hashes::<V>(&cv[1], high);
                continue;
            }
            for (batch, hashes) in batches.chunks(V::LANES).zip(hashes.chunks_mut(V::LANES)) {
                let len = batch[0].len();
                let cv = if batch.iter().all(|input| input.len() == len) {
                    uniform_cvs::<V>(batch, len)
                } else {
                    chunk_cvs::<V, true>(batch)
                };
                store_hashes::<V>(&cv, hashes);
            }
        }
    }
}

/// The first `hashes.len()` (at most `LANES`) lanes' chaining values to `hashes`.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn store_hashes<V: LaneVector>(cv: &[V; 8], hashes: &mut [[u8; OUT_LEN]]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods, whose one
    // requirement (the CPU supports `V`'s instruction set) is this function's own
    // contract; every slice is bounds-checked.
    unsafe {
        if hashes.len() == V::LANES {
            // A whole batch: the hashes go straight to the output.
            V::store_transposed_cvs(cv, hashes);
        } else {
            let mut lanes_out = [[0u8; OUT_LEN]; MAX_LANES];
            V::store_transposed_cvs(cv, &mut lanes_out);
            hashes.copy_from_slice(&lanes_out[..hashes.len()]);
        }
    }
}

/// Each block hashed as a one-block message: one compression per block with
/// uniform length and flags, no per-lane bookkeeping. The floor of every
/// other operation, used to measure the cost of one compression.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn hash_blocks<V: LaneVector>(
    blocks: &[[u8; BLOCK_LEN]],
    out: &mut [[u8; OUT_LEN]],
) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let zero = V::splat(0);
        let full_len = V::splat(BLOCK_LEN as u32);
        let flags = V::splat(CHUNK_START | CHUNK_END | ROOT);
        let iv = IV.map(|word| V::splat(word));
        for (group, hashes) in blocks.chunks(V::LANES).zip(out.chunks_mut(V::LANES)) {
            let refs: [&[u8; BLOCK_LEN]; MAX_LANES] =
                core::array::from_fn(|lane| group.get(lane).unwrap_or(&ZERO_BLOCK));
            let m = V::load_transposed(&refs);
            let state = compress_state(&iv, &m, zero, zero, full_len, flags);
            let cv: [V; 8] = core::array::from_fn(|i| state[i].xor(state[i + 8]));
            let mut lanes_out = [[0u8; OUT_LEN]; MAX_LANES];
            V::store_transposed_cvs(&cv, &mut lanes_out);
            hashes.copy_from_slice(&lanes_out[..hashes.len()]);
        }
    }
}

/// The [`RootBlock`] of each message of a batch (at most `LANES`), into
/// `roots[..batch.len()]`.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn root_blocks<V: LaneVector>(batch: &[&[u8]], roots: &mut [RootBlock; MAX_LANES]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let cv = chunk_cvs::<V, false>(batch);
        let mut cv_bytes = [[0u8; OUT_LEN]; MAX_LANES];
        V::store_transposed_cvs(&cv, &mut cv_bytes);
        for ((root, input), cv) in roots.iter_mut().zip(batch).zip(cv_bytes.iter()) {
            set_last_block::<V>(root, input, cv);
        }
    }
}

/// [`root_blocks`] of two batches of at most `LANES` messages each, their input blocks in
/// lockstep ([`pair_cvs`]): batch `g`'s into `roots[g][..batches[g].len()]`.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn root_blocks_pair<V: LaneVector>(
    scratch: &mut PairScratch<V>,
    batches: [&[&[u8]]; 2],
    roots: [&mut [RootBlock; MAX_LANES]; 2],
) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let cv = pair_cvs::<V, false>(scratch, batches);
        for ((cv, batch), roots) in cv.iter().zip(batches).zip(roots) {
            let mut cv_bytes = [[0u8; OUT_LEN]; MAX_LANES];
            V::store_transposed_cvs(cv, &mut cv_bytes);
            for ((root, input), cv) in roots.iter_mut().zip(batch).zip(cv_bytes.iter()) {
                set_last_block::<V>(root, input, cv);
            }
        }
    }
}

/// Writes into `root` the root block of a chunk whose blocks before the last chained to
/// `cv` (little-endian bytes): its last block ([`LaneVector::last_block`]), length and flags,
/// each field in place (a whole [`RootBlock`] built aside and copied in would be reloaded
/// across the stores of its parts).
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn set_last_block<V: LaneVector>(
    root: &mut RootBlock,
    input: &[u8],
    cv: &[u8; OUT_LEN],
) {
    root.cv = cv_from_le_bytes(cv);
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
    unsafe { set_last_block_fields::<V>(root, input) };
}

/// [`set_last_block`] except the chaining value: `root`'s last block, length and flags.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn set_last_block_fields<V: LaneVector>(root: &mut RootBlock, input: &[u8]) {
    // SAFETY: `V::last_block` needs the CPU to support `V`'s instruction set, this
    // function's own contract.
    let (block, block_len) = unsafe { V::last_block(input) };
    root.block = block;
    root.block_len = block_len;
    root.flags = last_block_flags(input.len());
}

/// A [`RootBlock`] broadcast to every lane.
struct RootVectors<V> {
    cv: [V; 8],
    block: [V; 16],
    block_len: V,
    flags: V,
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn broadcast_root<V: LaneVector>(root: &RootBlock) -> RootVectors<V> {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    // Plain loops rather than `array::map`: an outlined `map` does not inherit the target
    // features and stayed a call per root, behind a `vzeroupper`.
    unsafe {
        let zero = V::splat(0);
        let mut cv = [zero; 8];
        for (v, &word) in cv.iter_mut().zip(&root.cv) {
            *v = V::splat(word);
        }
        let mut block = [zero; 16];
        for (v, &word) in block.iter_mut().zip(&root.block) {
            *v = V::splat(word);
        }
        RootVectors {
            cv,
            block,
            block_len: V::splat(root.block_len),
            flags: V::splat(root.flags),
        }
    }
}

/// `LANES` consecutive root output blocks of one message, lane `l` holding
/// the block with counter `counter_lo[l] | counter_hi[l] << 32`; vector `j`
/// is word `j` of each block.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn root_output_words<V: LaneVector>(
    root: &RootVectors<V>,
    counter_lo: V,
    counter_hi: V,
) -> [V; 16] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let state = compress_state(
            &root.cv,
            &root.block,
            counter_lo,
            counter_hi,
            root.block_len,
            root.flags,
        );
        feed_forward(state, &root.cv)
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn feed_forward<V: RoundVector>(state: [V; 16], cv: &[V; 8]) -> [V; 16] {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let mut out = state;
        for i in 0..8 {
            out[i] = state[i].xor(state[i + 8]);
            out[i + 8] = state[i + 8].xor(cv[i]);
        }
        out
    }
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn xof_many<V: LaneVector>(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        if out_len == 0 {
            return;
        }
        let mut outputs = out.chunks_exact_mut(out_len);
        let mut roots = [RootBlock {
            cv: [0; 8],
            block: [0; 16],
            block_len: 0,
            flags: 0,
        }; MAX_LANES];
        for batch in inputs.chunks(V::LANES) {
            root_blocks::<V>(batch, &mut roots);
            for (root, output) in roots[..batch.len()].iter().zip(&mut outputs) {
                xof_root::<V>(root, output);
            }
        }
    }
}

/// The output phase of one message: fills `out` (any length) with its extended output,
/// `LANES` root output blocks (counters in lanes) per compression.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn xof_root<V: LaneVector>(root: &RootBlock, out: &mut [u8]) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let root = broadcast_root::<V>(root);
        let group_bytes = V::LANES * BLOCK_LEN;
        for (group, dst) in out.chunks_mut(group_bytes).enumerate() {
            let first = (group * V::LANES) as u64;
            let mut lo = [0u32; MAX_LANES];
            let mut hi = [0u32; MAX_LANES];
            for lane in 0..V::LANES {
                let counter = first + lane as u64;
                lo[lane] = counter as u32;
                hi[lane] = (counter >> 32) as u32;
            }
            let words = root_output_words(&root, V::from_lanes(&lo), V::from_lanes(&hi));
            match dst.as_chunks_mut::<BLOCK_LEN>() {
                // A whole group: the blocks go straight to the output.
                (whole, []) if whole.len() == V::LANES => V::store_transposed_blocks(&words, whole),
                _ => {
                    let mut blocks = [[0u8; BLOCK_LEN]; MAX_LANES];
                    V::store_transposed_blocks(&words, &mut blocks);
                    dst.copy_from_slice(&blocks.as_flattened()[..dst.len()]);
                }
            }
        }
    }
}

/// [`xof_root`] of the first 2048 bytes, written straight into 1024 `u16` lanes: the
/// per-account LtHash digest. Its 32 output blocks go `LANES` per compression with the
/// rounds inlined (as in [`accumulate_root`]), each compression's words transposed back to
/// one block per lane and stored in order.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn xof_root_u16<V: LaneVector>(root: &RootBlock, out: &mut [u16; U16_LANES]) {
    // SAFETY: `[u16; U16_LANES]` is `U16_SUM_XOF_LEN` bytes with no padding, every byte
    // pattern is a valid `u16`, and `u8` needs no alignment; the borrow of `out` is moved
    // into `bytes` for its whole life. This file is compiled for x86 only, which is
    // little-endian, so bytes `2i, 2i + 1` of the output are lane `i` read as
    // little-endian, as the lanes are defined.
    let bytes = unsafe { &mut *(out as *mut [u16; U16_LANES] as *mut [u8; U16_SUM_XOF_LEN]) };
    let (blocks, _) = bytes.as_chunks_mut::<BLOCK_LEN>();
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index and slice is bounds-checked.
    unsafe {
        output_blocks::<V>(root, |first, words| {
            V::store_transposed_blocks(words, &mut blocks[first..]);
        });
    }
}

/// Adds (or subtracts) the 2048-byte XOF output of each input into `sum`,
/// kept in the kernel word order of [`word_index`].
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn accumulate_u16<V: LaneVector>(
    sum: &mut SumWords,
    inputs: &[&[u8]],
    subtract: bool,
) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let mut roots = [RootBlock {
            cv: [0; 8],
            block: [0; 16],
            block_len: 0,
            flags: 0,
        }; MAX_LANES];
        // Made only where two groups run in lockstep: about 9 KiB to zero.
        let mut scratch = if V::input_pair() && inputs.len() > V::LANES {
            Some(PairScratch::new())
        } else {
            None
        };
        for batches in inputs.chunks(2 * V::LANES) {
            if let (Some(scratch), true) = (scratch.as_mut(), batches.len() > V::LANES) {
                // Two groups: their input blocks in lockstep.
                let (first, second) = batches.split_at(V::LANES);
                let mut second_roots = roots;
                root_blocks_pair::<V>(scratch, [first, second], [&mut roots, &mut second_roots]);
                accumulate_roots::<V>(sum, &roots, subtract);
                accumulate_roots::<V>(sum, &second_roots[..second.len()], subtract);
                continue;
            }
            for batch in batches.chunks(V::LANES) {
                root_blocks::<V>(batch, &mut roots);
                accumulate_roots::<V>(sum, &roots[..batch.len()], subtract);
            }
        }
    }
}

/// The output phase of messages for the `u16` sum: each root's 32 output blocks, `LANES`
/// per compression (counters in lanes), added to (or subtracted from) `sum` straight from
/// the registers. Where the backend has its own loop over the roots
/// ([`LaneVector::add_roots_u16`], which only adds), a subtraction negates the sum's lanes
/// before and after it: `sum - t = -(-sum + t)`.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn accumulate_roots<V: LaneVector>(
    sum: &mut SumWords,
    roots: &[RootBlock],
    subtract: bool,
) {
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
    unsafe {
        if !V::roots_u16_loop() {
            for root in roots {
                accumulate_root::<V>(sum, root, subtract);
            }
            return;
        }
        if subtract {
            negate_u16(sum);
        }
        V::add_roots_u16(sum, roots);
        if subtract {
            negate_u16(sum);
        }
    }
}

/// Every `u16` lane of `sum` negated (wrapping).
#[inline(always)]
fn negate_u16(sum: &mut SumWords) {
    for word in sum.iter_mut() {
        *word = sub_u16_pair(0, *word);
    }
}

/// The output phase of one message for the `u16` sum by [`output_blocks`]: its 32 root
/// output blocks, `LANES` per compression (counters in lanes), added to (or subtracted
/// from) `sum` straight from the registers.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn accumulate_root<V: LaneVector>(sum: &mut SumWords, root: &RootBlock, subtract: bool) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        output_blocks::<V>(root, |first, words| {
            let base = word_index(first, 0);
            for (j, word) in words.iter().enumerate() {
                let dst = &mut sum[base + j * BLOCKS_PER_GROUP..];
                if subtract {
                    word.sub_u16_from(dst);
                } else {
                    word.add_u16_into(dst);
                }
            }
        });
    }
}

/// The LtHash output phase of one root: its 32 output blocks, `lockstep * LANES` per step
/// ([`LaneVector::lockstep`] compressions in lockstep, two as a [`Pair`]) with the block
/// counters in the lanes, each compression's 16 output words (vector `j` = word `j` of
/// blocks `first..first + LANES`) handed to `sink(first, words)` from the registers.
///
/// This is the crate's hot loop (32 of a one-chunk LtHash's 35 compressions), so it inlines
/// the rounds ([`compress_rounds`]) rather than calling the backend's out-of-line copy: the
/// call and the state passed through memory cost ~10% of an LtHash. Two compressions at a
/// time where 32 registers hold both states, because one alone is a dependent chain only
/// four G functions wide, which leaves a CPU with several vector pipes, or with more than
/// one cycle of latency per vector operation, idle between its steps. With 16 registers
/// (SSE4.1, AVX2) the second state does not fit: every other operation spills, and the
/// pair ran at about half the speed of one compression at a time where vector operations
/// take one cycle, and 13-15 % slower in the lab's AVX2 batch rows where they take two
/// (docs/kernel-breakdown.md). The part of round 0 that does not depend on the counter
/// (columns 1 to 3: the counter's high half, word 13, is 0 for all 32 blocks) is
/// loop-invariant and the compiler hoists it out of the loop; written out by hand it
/// measured no faster. On AVX-512 (x86-64) the pair runs as the backend's assembly
/// ([`LaneVector::root_output_pair`]: both states in the 32 registers, the root's words as
/// broadcast memory operands, no spills; both compressions start from the root's
/// counter-free head, computed once, `avx512_pair::RootHead`) and the generic rounds do
/// not run there; the `u16`
/// sum does not come here on that backend but runs its own loop over the roots
/// ([`LaneVector::add_roots_u16`]), because the 32 vectors of a sum held in registers
/// across the roots spill around every root's assembly.
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn output_blocks<V: LaneVector>(root: &RootBlock, mut sink: impl FnMut(usize, &[V; 16])) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        const OUTPUT_BLOCKS: usize = U16_SUM_XOF_LEN / BLOCK_LEN;
        debug_assert!(BLOCKS_PER_GROUP.is_multiple_of(V::LANES));
        let mut lane_index = [0u32; MAX_LANES];
        for (lane, index) in lane_index.iter_mut().enumerate() {
            *index = lane as u32;
        }
        let lane_index = V::from_lanes(&lane_index);
        let zero = V::splat(0);
        let root_block = root;
        if V::lockstep() == 1 {
            let root = broadcast_root::<V>(root_block);
            for first in (0..OUTPUT_BLOCKS).step_by(V::LANES) {
                let counter = V::splat(first as u32).add(lane_index);
                let state = compress_rounds(
                    &root.cv,
                    &root.block,
                    counter,
                    zero,
                    root.block_len,
                    root.flags,
                );
                sink(first, &feed_forward(state, &root.cv));
            }
            return;
        }
        // Plain loops rather than `array::map` (so no `broadcast_root` here) and one `sink`
        // call site: the closures of `map` and a second call site kept the sink and the
        // moves out of line, and an outlined `map` stays a call (without the target
        // features) even where the backend's assembly leaves its result unused.
        let mut cv = [Pair(zero, zero); 8];
        for (pair, &word) in cv.iter_mut().zip(&root_block.cv) {
            let word = V::splat(word);
            *pair = Pair(word, word);
        }
        let mut block = [Pair(zero, zero); 16];
        for (pair, &word) in block.iter_mut().zip(&root_block.block) {
            let word = V::splat(word);
            *pair = Pair(word, word);
        }
        let block_len = V::splat(root_block.block_len);
        let flags = V::splat(root_block.flags);
        for first in (0..OUTPUT_BLOCKS).step_by(2 * V::LANES) {
            let counter = Pair(
                V::splat(first as u32).add(lane_index),
                V::splat((first + V::LANES) as u32).add(lane_index),
            );
            let halves = match V::root_output_pair(root_block, [counter.0, counter.1]) {
                Some(halves) => halves,
                None => {
                    let state = compress_rounds(
                        &cv,
                        &block,
                        counter,
                        Pair(zero, zero),
                        Pair(block_len, block_len),
                        Pair(flags, flags),
                    );
                    let words = feed_forward(state, &cv);
                    let mut halves = [[zero; 16]; 2];
                    for (j, pair) in words.iter().enumerate() {
                        halves[0][j] = pair.0;
                        halves[1][j] = pair.1;
                    }
                    halves
                }
            };
            for (half, out) in halves.iter().enumerate() {
                sink(first + half * V::LANES, out);
            }
        }
    }
}

/// The register-only throughput floor: `floor_lockstep * LANES` independent chains of
/// `compressions` compressions of one broadcast `block` (length 64, flags `CHUNK_START |
/// CHUNK_END | ROOT`), [`LaneVector::floor_lockstep`] per lane in lockstep (two as a
/// [`Pair`] where that is the faster form on the CPU: the rounds of one compression alone
/// leave it waiting on their dependent chain), chain `k` with counter `k`, each output
/// chaining value the next input one. Nothing is loaded or stored between compressions but
/// what the register file cannot hold. Writes chain `k`'s last chaining value to `out[k]`
/// (`out` has at least `floor_lockstep * LANES` entries).
///
/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn compression_chains<V: LaneVector>(
    block: &[u32; 16],
    compressions: usize,
    out: &mut [[u8; OUT_LEN]],
) {
    // SAFETY: the unsafe operations here are `V`'s `LaneVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `V`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let mut first = [0u32; MAX_LANES];
        let mut second = [0u32; MAX_LANES];
        for lane in 0..V::LANES {
            first[lane] = lane as u32;
            second[lane] = (V::LANES + lane) as u32;
        }
        if V::floor_lockstep() == 1 {
            let cv = chained_cvs(block, V::from_lanes(&first), compressions);
            V::store_transposed_cvs(&cv, out);
            return;
        }
        let counter = Pair(V::from_lanes(&first), V::from_lanes(&second));
        let cv = chained_cvs(block, counter, compressions);
        let (low, high) = out.split_at_mut(V::LANES);
        V::store_transposed_cvs(&cv.map(|pair| pair.0), low);
        V::store_transposed_cvs(&cv.map(|pair| pair.1), high);
    }
}

/// The chain of [`compression_chains`] in one [`RoundVector`] (one register, or a [`Pair`]):
/// `compressions` compressions of the broadcast `block` from the IV, the counters in
/// `counter`, each output chaining value the next input one; returns the last.
///
/// # Safety
///
/// The CPU must support `R`'s instruction set.
#[inline(always)]
unsafe fn chained_cvs<R: RoundVector>(
    block: &[u32; 16],
    counter: R,
    compressions: usize,
) -> [R; 8] {
    // SAFETY: the unsafe operations here are `R`'s `RoundVector` methods and this file's
    // functions built on them, whose one requirement (the CPU supports `R`'s instruction
    // set) is this function's own contract; every array index is bounds-checked.
    unsafe {
        let zero = R::splat(0);
        let block_len = R::splat(BLOCK_LEN as u32);
        let flags = R::splat(CHUNK_START | CHUNK_END | ROOT);
        let mut m = [zero; 16];
        for (v, &word) in m.iter_mut().zip(block) {
            *v = R::splat(word);
        }
        let mut cv = [zero; 8];
        for (v, &word) in cv.iter_mut().zip(&IV) {
            *v = R::splat(word);
        }
        for _ in 0..compressions {
            let state = compress_rounds(&cv, &m, counter, zero, block_len, flags);
            for i in 0..8 {
                cv[i] = state[i].xor(state[i + 8]);
            }
        }
        cv
    }
}

/// The two [`LaneVector`] methods every backend forwards to the out-of-line,
/// `#[target_feature]` instances [`backend_entry_points!`] makes for it: `compress` and
/// `compress_whole_chunks`. Used inside a backend's `impl LaneVector`.
macro_rules! lane_vector_forwarders {
    () => {
        #[inline(always)]
        unsafe fn compress(
            cv: &[Self; 8],
            m: &[Self; 16],
            counter_lo: Self,
            counter_hi: Self,
            block_len: Self,
            flags: Self,
        ) -> [Self; 16] {
            // SAFETY: calls this backend's `#[target_feature]` `compress`; the CPU supports
            // the features it is compiled with (`LaneVector` contract).
            unsafe { compress(cv, m, counter_lo, counter_hi, block_len, flags) }
        }

        #[inline(always)]
        unsafe fn compress_whole_chunks(
            chunks: &[&[u8; $crate::words::CHUNK_LEN]; $crate::lanes::MAX_LANES],
            counter_lo: Self,
            counter_hi: Self,
        ) -> [Self; 8] {
            // SAFETY: calls this backend's `#[target_feature]` `compress_whole_chunks`; the
            // CPU supports the features it is compiled with (`LaneVector` contract).
            unsafe { compress_whole_chunks(chunks, counter_lo, counter_hi) }
        }
    };
}
pub(crate) use lane_vector_forwarders;

/// The `#[target_feature]` entry points of one backend: each instantiates the generic lane
/// algorithm for the backend's vector type, so it is compiled for that instruction set;
/// `compress` is the backend's one out-of-line copy of the rounds
/// ([`LaneVector::compress`]). The single-message entry points compress the input blocks
/// with `$root_block`, inlined into the backend's own `#[target_feature]` function, and
/// `$chain_one` is the same code's latency floor: the SSE4.1 row code of `sse41.rs` (with
/// AVX-512VL rotations when compiled for AVX-512) or the scalar code of `scalar_one.rs`,
/// whichever is the shorter dependent chain on the CPU (`sse41::single_message_is_scalar`);
/// `$compress_words` is the row code's one-compression form, for the tests. The dispatcher
/// (`platform.rs`) calls these only after it checked the CPU, which is the safety contract
/// of every function here.
macro_rules! backend_entry_points {
    ($vector:ty, $features:literal, $root_block:path, $compress_words:path, $chain_one:path) => {
        /// # Safety
        /// The CPU must support this backend's features; every input must be at most one
        /// chunk long; `out.len() == inputs.len()`.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn hash_many(inputs: &[&[u8]], out: &mut [[u8; $crate::words::OUT_LEN]]) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::hash_many::<$vector>(inputs, out) }
        }

        /// # Safety
        /// The CPU must support this backend's features; `out.len() == blocks.len()`.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn hash_blocks(
            blocks: &[[u8; $crate::words::BLOCK_LEN]],
            out: &mut [[u8; $crate::words::OUT_LEN]],
        ) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::hash_blocks::<$vector>(blocks, out) }
        }

        /// # Safety
        /// The CPU must support this backend's features; every input must be at most one
        /// chunk long; `out.len() == inputs.len() * out_len`.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn xof_many(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::xof_many::<$vector>(inputs, out_len, out) }
        }

        /// # Safety
        /// The CPU must support this backend's features; every input must be at most one
        /// chunk long.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn accumulate_u16(
            sum: &mut $crate::words::SumWords,
            inputs: &[&[u8]],
            subtract: bool,
        ) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::accumulate_u16::<$vector>(sum, inputs, subtract) }
        }

        /// The register-only throughput floor ([`$crate::lanes::compression_chains`]);
        /// AVX-512 on x86-64 runs `avx512_pair.rs`'s assembly instead (the tests compare
        /// the two).
        ///
        /// # Safety
        /// The CPU must support this backend's features; `out.len()` is at least the
        /// backend's lane count.
        #[target_feature(enable = $features)]
        #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
        pub(crate) unsafe fn compression_chains(
            block: &[u32; 16],
            compressions: usize,
            out: &mut [[u8; $crate::words::OUT_LEN]],
        ) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::compression_chains::<$vector>(block, compressions, out) }
        }

        /// The single-message latency floor: one dependent chain of `compressions`
        /// compressions with this backend's single-message (row-wise) code.
        ///
        /// # Safety
        /// The CPU must support this backend's features.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn compression_chain_one(
            block: &[u8; $crate::words::BLOCK_LEN],
            compressions: usize,
        ) -> [u32; 8] {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (SSE4.1, which every backend's features imply);
            // the scalar chain is safe code, hence the allow.
            #[allow(unused_unsafe)]
            let cv = unsafe { $chain_one(block, compressions) };
            cv
        }

        /// Adds (or subtracts) one message's 2048-byte XOF output to `sum`: its input
        /// blocks compressed one at a time, row-wise (SSE4.1), its 32
        /// output blocks across the lanes.
        ///
        /// # Safety
        /// The CPU must support this backend's features; `input` must be at most one chunk
        /// long.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn accumulate_u16_one(
            sum: &mut $crate::words::SumWords,
            input: &[u8],
            subtract: bool,
        ) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe {
                $crate::lanes::accumulate_roots::<$vector>(
                    sum,
                    core::slice::from_ref(&$root_block(input)),
                    subtract,
                )
            }
        }

        /// Fills `out` with one message's extended output: input blocks row-wise
        /// (SSE4.1), output blocks across the lanes.
        ///
        /// # Safety
        /// The CPU must support this backend's features; `input` must be at most one chunk
        /// long.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn xof_one(input: &[u8], out: &mut [u8]) {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::xof_root::<$vector>(&$root_block(input), out) }
        }

        /// One message's 1024-lane `u16` term, returned by value (not summed): input
        /// blocks row-wise (SSE4.1), output blocks across the lanes. By value, so that a
        /// caller building its digest from it hands its own return slot down instead of a
        /// zeroed buffer to copy out. The only instance of [`$crate::lanes::xof_root_u16`]
        /// per backend: with a second caller LLVM may outline its store closure, which does
        /// not inherit the target features and runs several times slower.
        ///
        /// # Safety
        /// The CPU must support this backend's features; `input` must be at most one chunk
        /// long.
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn xof_u16_term(input: &[u8]) -> [u16; $crate::words::U16_LANES] {
            let mut out = [0u16; $crate::words::U16_LANES];
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $crate::lanes::xof_root_u16::<$vector>(&$root_block(input), &mut out) };
            out
        }

        /// One message's root block with this backend's single-message code, as
        /// [`accumulate_u16_one`] and [`xof_one`] build it: for the tests that hold it equal
        /// to the portable one.
        ///
        /// # Safety
        /// The CPU must support this backend's features; `input` must be at most one chunk
        /// long.
        #[cfg(test)]
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn root_block_one(input: &[u8]) -> $crate::words::RootBlock {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them; the argument requirements are passed on unchanged.
            unsafe { $root_block(input) }
        }

        /// One compression of one message with this backend's single-message code
        /// (the input phase of [`accumulate_u16_one`] and [`xof_one`]), full 16-word
        /// output: for the tests that hold it equal to the portable compression.
        ///
        /// # Safety
        /// The CPU must support this backend's features.
        #[cfg(test)]
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn compress_one(
            cv: &[u32; 8],
            block: &[u32; 16],
            counter: u64,
            block_len: u32,
            flags: u32,
        ) -> [u32; 16] {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe { $compress_words(cv, block, counter, block_len, flags) }
        }

        /// The chunk tree's whole chunks, compiled once for this backend.
        ///
        /// # Safety
        /// The CPU must support this backend's features.
        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn compress_whole_chunks(
            chunks: &[&[u8; $crate::words::CHUNK_LEN]; $crate::lanes::MAX_LANES],
            counter_lo: $vector,
            counter_hi: $vector,
        ) -> [$vector; 8] {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code).
            unsafe { $crate::lanes::whole_chunks(chunks, counter_lo, counter_hi) }
        }

        /// The seven rounds, compiled once for this backend.
        ///
        /// # Safety
        /// The CPU must support this backend's features.
        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn compress(
            cv: &[$vector; 8],
            m: &[$vector; 16],
            counter_lo: $vector,
            counter_hi: $vector,
            block_len: $vector,
            flags: $vector,
        ) -> [$vector; 16] {
            // SAFETY: this function is compiled with the backend's features and its caller
            // guarantees the CPU has them (the `LaneVector` contract of the generic code);
            // the argument requirements are passed on unchanged.
            unsafe {
                $crate::lanes::compress_rounds(cv, m, counter_lo, counter_hi, block_len, flags)
            }
        }
    };
}
pub(crate) use backend_entry_points;
