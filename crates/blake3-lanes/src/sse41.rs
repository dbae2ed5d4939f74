//! SSE4.1 backend: 4 lanes of `u32` in one `__m128i`.
//!
//! Rotations by 16 and 8 are byte shuffles (`pshufb`, SSSE3), by 12 and 7 two
//! shifts and an or; lane blends use `pblendvb` (SSE4.1). The algorithm is
//! [`crate::lanes`]; this file supplies the register type and the
//! `#[target_feature(enable = "sse4.1")]` entry points.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use crate::lanes::{self, LaneVector, RoundVector, MAX_LANES};
use crate::words::{block_count, RootBlock, BLOCK_LEN, CHUNK_END, CHUNK_START, IV, OUT_LEN, ROOT};

#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Sse41Vector(__m128i);

/// 4x4 transpose of 32-bit words: `out[i]` lane `j` = `v[j]` lane `i`.
///
/// # Safety
///
/// The CPU must support this file's instruction set.
#[inline(always)]
unsafe fn transpose4(v: [__m128i; 4]) -> [__m128i; 4] {
    // SAFETY: register-only SSE4.1 shuffles; the CPU supports SSE4.1 (this function's
    // contract).
    unsafe {
        let ab_01 = _mm_unpacklo_epi32(v[0], v[1]);
        let ab_23 = _mm_unpackhi_epi32(v[0], v[1]);
        let cd_01 = _mm_unpacklo_epi32(v[2], v[3]);
        let cd_23 = _mm_unpackhi_epi32(v[2], v[3]);
        [
            _mm_unpacklo_epi64(ab_01, cd_01),
            _mm_unpackhi_epi64(ab_01, cd_01),
            _mm_unpacklo_epi64(ab_23, cd_23),
            _mm_unpackhi_epi64(ab_23, cd_23),
        ]
    }
}

/// # Safety
///
/// `src` must be valid for an unaligned read of one register; the CPU must support this
/// file's instruction set.
#[inline(always)]
unsafe fn loadu(src: *const u8) -> __m128i {
    // SAFETY: `src` is valid for an unaligned 16-byte read and the CPU supports SSE4.1
    // (this function's contract).
    unsafe { _mm_loadu_si128(src as *const __m128i) }
}

/// # Safety
///
/// `dst` must be valid for an unaligned write of one register; the CPU must support
/// this file's instruction set.
#[inline(always)]
unsafe fn storeu(dst: *mut u8, v: __m128i) {
    // SAFETY: `dst` is valid for an unaligned 16-byte write and the CPU supports SSE4.1
    // (this function's contract).
    unsafe { _mm_storeu_si128(dst as *mut __m128i, v) }
}

impl RoundVector for Sse41Vector {
    #[inline(always)]
    unsafe fn splat(x: u32) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe { Sse41Vector(_mm_set1_epi32(x as i32)) }
    }

    #[inline(always)]
    unsafe fn add(self, rhs: Self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe { Sse41Vector(_mm_add_epi32(self.0, rhs.0)) }
    }

    #[inline(always)]
    unsafe fn xor(self, rhs: Self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe { Sse41Vector(_mm_xor_si128(self.0, rhs.0)) }
    }

    #[inline(always)]
    unsafe fn rot16(self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe {
            let bytes = _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2);
            Sse41Vector(_mm_shuffle_epi8(self.0, bytes))
        }
    }

    #[inline(always)]
    unsafe fn rot12(self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe {
            Sse41Vector(_mm_or_si128(
                _mm_srli_epi32(self.0, 12),
                _mm_slli_epi32(self.0, 20),
            ))
        }
    }

    #[inline(always)]
    unsafe fn rot8(self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe {
            let bytes = _mm_set_epi8(12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1);
            Sse41Vector(_mm_shuffle_epi8(self.0, bytes))
        }
    }

    #[inline(always)]
    unsafe fn rot7(self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe {
            Sse41Vector(_mm_or_si128(
                _mm_srli_epi32(self.0, 7),
                _mm_slli_epi32(self.0, 25),
            ))
        }
    }
}

impl LaneVector for Sse41Vector {
    const LANES: usize = 4;
    const BACKEND: crate::backend::Backend = crate::backend::Backend::Sse41;

    #[inline(always)]
    unsafe fn from_lanes(lanes: &[u32; MAX_LANES]) -> Self {
        // SAFETY: `lanes` is a 64-byte array, so the 16-byte load of its first
        // 4 words is in bounds; the CPU supports SSE4.1 (`LaneVector` contract).
        unsafe { Sse41Vector(loadu(lanes.as_ptr() as *const u8)) }
    }

    #[inline(always)]
    unsafe fn blend(mask: Self, if_set: Self, if_clear: Self) -> Self {
        // SAFETY: register-only SSE4.1 intrinsics; the CPU supports SSE4.1 (the `LaneVector`
        // contract of every method).
        unsafe { Sse41Vector(_mm_blendv_epi8(if_clear.0, if_set.0, mask.0)) }
    }

    #[inline(always)]
    unsafe fn load_transposed(blocks: &[&[u8; BLOCK_LEN]; MAX_LANES]) -> [Self; 16] {
        let quarter = |q: usize| {
            let rows = core::array::from_fn(|lane| {
                // SAFETY: `q < 4`, so the 16 bytes at `16 * q` lie inside the 64-byte
                // block; the CPU supports SSE4.1 (`LaneVector` contract).
                unsafe { loadu(blocks[lane].as_ptr().add(16 * q)) }
            });
            // SAFETY: register-only shuffles; the CPU supports SSE4.1.
            unsafe { transpose4(rows) }
        };
        let quarters = [quarter(0), quarter(1), quarter(2), quarter(3)];
        core::array::from_fn(|j| Sse41Vector(quarters[j / 4][j % 4]))
    }

    #[inline(always)]
    unsafe fn store_transposed_cvs(cv: &[Self; 8], out: &mut [[u8; OUT_LEN]]) {
        // SAFETY: register-only shuffles; the CPU supports SSE4.1 (`LaneVector` contract).
        let (low, high) = unsafe {
            (
                transpose4([cv[0].0, cv[1].0, cv[2].0, cv[3].0]),
                transpose4([cv[4].0, cv[5].0, cv[6].0, cv[7].0]),
            )
        };
        for (lane, dst) in out.iter_mut().take(Self::LANES).enumerate() {
            // SAFETY: two 16-byte stores at offsets 0 and 16 of the 32-byte `dst`; the CPU
            // supports SSE4.1.
            unsafe {
                storeu(dst.as_mut_ptr(), low[lane]);
                storeu(dst.as_mut_ptr().add(16), high[lane]);
            }
        }
    }

    #[inline(always)]
    unsafe fn store_transposed_blocks(words: &[Self; 16], out: &mut [[u8; BLOCK_LEN]]) {
        for q in 0..4 {
            // SAFETY: register-only shuffles; the CPU supports SSE4.1 (`LaneVector` contract).
            let lanes = unsafe { transpose4(core::array::from_fn(|i| words[4 * q + i].0)) };
            for (lane, dst) in out.iter_mut().take(Self::LANES).enumerate() {
                // SAFETY: `q < 4`: a 16-byte store at offset `16 * q` of the 64-byte `dst`;
                // the CPU supports SSE4.1.
                unsafe { storeu(dst.as_mut_ptr().add(16 * q), lanes[lane]) };
            }
        }
    }

    #[inline(always)]
    unsafe fn add_u16_into(self, dst: &mut [u32]) {
        // SAFETY: `dst` is re-sliced to exactly 4 words first (the slicing panics if it
        // is shorter), so the 16-byte load and store are in bounds; the CPU supports SSE4.1.
        unsafe {
            let dst = &mut dst[..Self::LANES];
            let sum = _mm_add_epi16(loadu(dst.as_ptr() as *const u8), self.0);
            storeu(dst.as_mut_ptr() as *mut u8, sum);
        }
    }

    #[inline(always)]
    unsafe fn sub_u16_from(self, dst: &mut [u32]) {
        // SAFETY: as in `add_u16_into`: `dst` is exactly 4 words, the 16-byte load
        // and store are in bounds; the CPU supports SSE4.1.
        unsafe {
            let dst = &mut dst[..Self::LANES];
            let difference = _mm_sub_epi16(loadu(dst.as_ptr() as *const u8), self.0);
            storeu(dst.as_mut_ptr() as *mut u8, difference);
        }
    }

    lanes::lane_vector_forwarders!();
}

lanes::backend_entry_points!(
    Sse41Vector,
    "sse4.1",
    crate::sse41::root_block_single::<Sse41Vector>,
    crate::sse41::compress_rows_words,
    crate::sse41::compression_chain_single
);

// Single-message compression, row-wise.
//
// The lane kernels above put one message (or one output block) in each lane. A single
// message's input blocks have nothing to put in the other lanes, so they are compressed
// one at a time here instead: the 4x4 state is four 128-bit rows `a b c d` (words 0..4,
// 4..8, 8..12, 12..16), a column step is one G on the four rows at once, and the diagonal
// step rotates rows `a c d` against `b` first (and back after). Every
// AVX2 CPU has SSE4.1, so the AVX2 backend runs this same code for its input phase, inlined
// into its own `#[target_feature]` functions; the AVX-512 backend runs it with AVX-512VL
// rotations, or the scalar code on CPUs where that is the shorter chain (`avx512.rs`).

/// `_mm_shuffle_epi32` / `_mm_shuffle_ps` control word: output lane `i` takes source
/// lane `li`.
const fn pick(l0: i32, l1: i32, l2: i32, l3: i32) -> i32 {
    l0 | (l1 << 2) | (l2 << 4) | (l3 << 6)
}

/// `_mm_blend_epi16` control word taking 32-bit lane `lane` from the second operand.
const fn lane_mask(lane: i32) -> i32 {
    0b11 << (2 * lane)
}

/// Lanes 0 and 1 from `a`, lanes 2 and 3 from `b`, chosen by `pick` (`shufps`).
///
/// # Safety
///
/// The CPU must support this file's instruction set.
#[inline(always)]
unsafe fn shuffle2<const IMM: i32>(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 only; the caller runs with SSE4.1 enabled (this function's contract).
    unsafe {
        _mm_castps_si128(_mm_shuffle_ps::<IMM>(
            _mm_castsi128_ps(a),
            _mm_castsi128_ps(b),
        ))
    }
}

/// One G function on the four rows: a column step, or with the rows diagonalized a
/// diagonal step. `mx` and `my` hold the first and second message word of each G.
///
/// # Safety
///
/// The CPU must support this file's instruction set.
#[inline(always)]
unsafe fn g_rows(rows: &mut [Sse41Vector; 4], mx: __m128i, my: __m128i) {
    let [a, b, c, d] = rows;
    // SAFETY: SSE4.1 is enabled by the caller (this function's contract), which is all
    // the vector methods and intrinsics need.
    unsafe {
        *a = a.add(Sse41Vector(mx)).add(*b);
        *d = d.xor(*a).rot16();
        *c = c.add(*d);
        *b = b.xor(*c).rot12();
        *a = a.add(Sse41Vector(my)).add(*b);
        *d = d.xor(*a).rot8();
        *c = c.add(*d);
        *b = b.xor(*c).rot7();
    }
}

/// The state rows after the seven rounds (before the feed-forward) of one compression.
///
/// # Safety
///
/// The CPU must support SSE4.1.
#[inline(always)]
pub(crate) unsafe fn compress_rows(
    cv: [__m128i; 2],
    block: &[u8; BLOCK_LEN],
    counter: u64,
    block_len: u32,
    flags: u32,
) -> [__m128i; 4] {
    // SAFETY: SSE4.1 is this function's contract; the four 16-byte loads read
    // `block[0..64]`, inside the 64-byte array.
    unsafe {
        let m = [
            loadu(block.as_ptr()),
            loadu(block.as_ptr().add(16)),
            loadu(block.as_ptr().add(32)),
            loadu(block.as_ptr().add(48)),
        ];
        let mut rows = [
            Sse41Vector(cv[0]),
            Sse41Vector(cv[1]),
            Sse41Vector(_mm_set_epi32(
                IV[3] as i32,
                IV[2] as i32,
                IV[1] as i32,
                IV[0] as i32,
            )),
            Sse41Vector(_mm_set_epi32(
                flags as i32,
                block_len as i32,
                (counter >> 32) as i32,
                counter as i32,
            )),
        ];
        // The message of the current round, words split by role: `x0` the first and `y0`
        // the second word of each column G (words 0,2,4,6 and 1,3,5,7), `x1` and `y1`
        // those of each diagonal G (8,10,12,14 and 9,11,13,15).
        let mut x0 = shuffle2::<{ pick(0, 2, 0, 2) }>(m[0], m[1]);
        let mut y0 = shuffle2::<{ pick(1, 3, 1, 3) }>(m[0], m[1]);
        let mut x1 = shuffle2::<{ pick(0, 2, 0, 2) }>(m[2], m[3]);
        let mut y1 = shuffle2::<{ pick(1, 3, 1, 3) }>(m[2], m[3]);
        for round in 0..7 {
            g_rows(&mut rows, x0, y0);
            // Diagonalize by rotating rows a, c and d and leaving b in place: b is the last
            // row a G function writes and the first the next one reads, so a shuffle of b
            // would sit on the dependent chain, while a, c and d are final early enough for
            // their shuffles to run beside it. Lane `i` then holds the diagonal G of
            // `b[i]`, whose message words are lane `i + 3` (mod 4) of `x1` and `y1`.
            rows[0] = Sse41Vector(_mm_shuffle_epi32::<{ pick(3, 0, 1, 2) }>(rows[0].0));
            rows[2] = Sse41Vector(_mm_shuffle_epi32::<{ pick(1, 2, 3, 0) }>(rows[2].0));
            rows[3] = Sse41Vector(_mm_shuffle_epi32::<{ pick(2, 3, 0, 1) }>(rows[3].0));
            g_rows(
                &mut rows,
                _mm_shuffle_epi32::<{ pick(3, 0, 1, 2) }>(x1),
                _mm_shuffle_epi32::<{ pick(3, 0, 1, 2) }>(y1),
            );
            rows[0] = Sse41Vector(_mm_shuffle_epi32::<{ pick(1, 2, 3, 0) }>(rows[0].0));
            rows[2] = Sse41Vector(_mm_shuffle_epi32::<{ pick(3, 0, 1, 2) }>(rows[2].0));
            rows[3] = Sse41Vector(_mm_shuffle_epi32::<{ pick(2, 3, 0, 1) }>(rows[3].0));
            if round == 6 {
                break;
            }
            // Next round's message: word k becomes word MSG_PERMUTATION[k] =
            // [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8][k] of this one.
            // x0' = words 2,3,7,4 = x0[1], y0[1], y0[3], x0[2].
            let next_x0 =
                _mm_shuffle_epi32::<{ pick(0, 2, 3, 1) }>(shuffle2::<{ pick(1, 2, 1, 3) }>(x0, y0));
            // y0' = words 6,10,0,13 = x0[3], x1[1], x0[0], y1[2].
            let x1_y1 = _mm_blend_epi16::<{ lane_mask(2) }>(x1, y1);
            let next_y0 = _mm_shuffle_epi32::<{ pick(0, 2, 1, 3) }>(
                shuffle2::<{ pick(3, 0, 1, 2) }>(x0, x1_y1),
            );
            // x1' = words 1,12,9,15 = y0[0], x1[2], y1[0], y1[3].
            let y1_x1 = _mm_blend_epi16::<{ lane_mask(2) }>(y1, x1);
            let next_x1 = _mm_blend_epi16::<{ lane_mask(0) }>(
                _mm_shuffle_epi32::<{ pick(0, 2, 0, 3) }>(y1_x1),
                y0,
            );
            // y1' = words 11,5,14,8 = y1[1], y0[2], x1[3], x1[0].
            let mixed = _mm_blend_epi16::<{ lane_mask(2) }>(
                _mm_blend_epi16::<{ lane_mask(1) }>(x1, y1),
                y0,
            );
            let next_y1 = _mm_shuffle_epi32::<{ pick(1, 2, 3, 0) }>(mixed);
            (x0, y0, x1, y1) = (next_x0, next_y0, next_x1, next_y1);
        }
        rows.map(|row| row.0)
    }
}

// Single-message code. One message's input blocks are a dependent chain, so what counts is
// the latency of one compression, and which code has the shorter chain depends on the core:
// the row-wise code of `sse41.rs` (four 128-bit rows; compiled here with AVX-512VL, each of
// its rotations is one `vprold`; compiled with AVX2 or SSE4.1, two shifts and an or, or one
// byte shuffle) is a chain of vector operations, the scalar
// code of `scalar_one.rs` a chain of integer ones. Where a vector integer operation takes one
// cycle (Intel's AVX-512 cores) the rows are the shorter chain; on AMD Zen 5, whose vector
// integer operations take two, the scalar chain is (docs/kernel-breakdown.md).

/// Which single-message code this CPU runs: `true` for the scalar code, where vector
/// integer operations take two cycles ([`two_cycle_vector_ops`](crate::backend::two_cycle_vector_ops)).
pub(crate) fn single_message_is_scalar() -> bool {
    crate::backend::two_cycle_vector_ops()
}

/// The [`RootBlock`] of one message of at most one chunk with this
/// CPU's single-message code ([`single_message_is_scalar`]). Its last block is read with
/// `V`'s [`LaneVector::last_block`], and every field is written in place
/// ([`lanes::set_last_block_fields`]).
///
/// # Safety
///
/// The CPU must support `V`'s instruction set (every backend's implies SSE4.1);
/// `input.len() <= CHUNK_LEN`.
#[inline(always)]
pub(crate) unsafe fn root_block_single<V: LaneVector>(input: &[u8]) -> RootBlock {
    let mut root = RootBlock {
        block: [0; 16],
        cv: [0; 8],
        block_len: 0,
        flags: 0,
    };
    if single_message_is_scalar() {
        root.cv = crate::scalar_one::root_cv(input);
    } else {
        // SAFETY: the CPU supports SSE4.1 (implied by `V`'s instruction set) and `input`
        // is at most one chunk long (this function's contract); the stores write the two
        // 16-byte halves of `root.cv`.
        unsafe {
            let cv = root_cv_rows(input);
            storeu(root.cv.as_mut_ptr() as *mut u8, cv[0]);
            storeu(root.cv.as_mut_ptr().add(4) as *mut u8, cv[1]);
        }
    }
    // SAFETY: the CPU supports `V`'s instruction set (this function's contract).
    unsafe { lanes::set_last_block_fields::<V>(&mut root, input) };
    root
}

/// The latency floor of [`root_block_single`]'s code: one dependent chain of
/// `compressions` compressions of `block` (see [`compression_chain_rows`]).
///
/// # Safety
///
/// The CPU must support SSE4.1.
#[inline(always)]
pub(crate) unsafe fn compression_chain_single(
    block: &[u8; BLOCK_LEN],
    compressions: usize,
) -> [u32; 8] {
    if single_message_is_scalar() {
        crate::scalar_one::compression_chain(block, compressions)
    } else {
        // SAFETY: the CPU supports SSE4.1 (this function's contract).
        unsafe { compression_chain_rows(block, compressions) }
    }
}

/// The chaining value a root block of a message of at most one chunk starts from (all but
/// its last block compressed row-wise, one compression per block), as two 4-word rows: the
/// single-message code of every SIMD backend where vector integer operations take one
/// cycle ([`root_block_single`]).
///
/// # Safety
///
/// The CPU must support SSE4.1; `input.len() <= CHUNK_LEN`.
#[inline(always)]
unsafe fn root_cv_rows(input: &[u8]) -> [__m128i; 2] {
    debug_assert!(input.len() <= crate::words::CHUNK_LEN);
    let blocks = block_count(input.len());
    // SAFETY: SSE4.1 is this function's contract. The loads read the 32-byte `IV`, and
    // every `block` is a whole 64-byte chunk of `input`.
    unsafe {
        let mut cv = [
            loadu(IV.as_ptr() as *const u8),
            loadu(IV.as_ptr().add(4) as *const u8),
        ];
        for (index, block) in input.chunks_exact(BLOCK_LEN).take(blocks - 1).enumerate() {
            let block: &[u8; BLOCK_LEN] = block.try_into().expect("chunks_exact(BLOCK_LEN)");
            let flags = if index == 0 { CHUNK_START } else { 0 };
            let state = compress_rows(cv, block, 0, BLOCK_LEN as u32, flags);
            cv = [
                _mm_xor_si128(state[0], state[2]),
                _mm_xor_si128(state[1], state[3]),
            ];
        }
        cv
    }
}

/// One dependent chain of `compressions` row-wise compressions of `block` (counter 0,
/// length 64, flags `CHUNK_START | CHUNK_END | ROOT`) from the IV, each output chaining
/// value the next input one: the latency of the single-message code, nothing loaded or
/// stored between compressions. Returns the last chaining value.
///
/// # Safety
///
/// The CPU must support SSE4.1.
#[inline(always)]
pub(crate) unsafe fn compression_chain_rows(
    block: &[u8; BLOCK_LEN],
    compressions: usize,
) -> [u32; 8] {
    let mut cv_words = IV;
    // SAFETY: SSE4.1 is this function's contract; the loads and stores touch
    // `cv_words[0..8]`, two 16-byte halves of a 32-byte array.
    unsafe {
        let mut cv = [
            loadu(cv_words.as_ptr() as *const u8),
            loadu(cv_words.as_ptr().add(4) as *const u8),
        ];
        for _ in 0..compressions {
            let state = compress_rows(
                cv,
                block,
                0,
                BLOCK_LEN as u32,
                CHUNK_START | CHUNK_END | ROOT,
            );
            cv = [
                _mm_xor_si128(state[0], state[2]),
                _mm_xor_si128(state[1], state[3]),
            ];
        }
        storeu(cv_words.as_mut_ptr() as *mut u8, cv[0]);
        storeu(cv_words.as_mut_ptr().add(4) as *mut u8, cv[1]);
    }
    cv_words
}

/// One full compression row-wise, with its 16-word output (the new chaining value, then
/// the second half of an extended output block): the row-wise counterpart of
/// `portable::compress`, for the tests that hold the two equal.
///
/// # Safety
///
/// The CPU must support SSE4.1.
#[cfg(test)]
#[inline(always)]
pub(crate) unsafe fn compress_rows_words(
    cv: &[u32; 8],
    block: &[u32; 16],
    counter: u64,
    block_len: u32,
    flags: u32,
) -> [u32; 16] {
    let mut bytes = [0u8; BLOCK_LEN];
    for (chunk, word) in bytes.chunks_exact_mut(4).zip(block) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let mut out = [0u32; 16];
    // SAFETY: SSE4.1 is this function's contract; the loads read `cv[0..8]` and the
    // stores write `out[0..16]`, 16 bytes at a time, all in bounds.
    unsafe {
        let cv_rows = [
            loadu(cv.as_ptr() as *const u8),
            loadu(cv.as_ptr().add(4) as *const u8),
        ];
        let state = compress_rows(cv_rows, &bytes, counter, block_len, flags);
        let out_rows = [
            _mm_xor_si128(state[0], state[2]),
            _mm_xor_si128(state[1], state[3]),
            _mm_xor_si128(state[2], cv_rows[0]),
            _mm_xor_si128(state[3], cv_rows[1]),
        ];
        for (i, row) in out_rows.into_iter().enumerate() {
            storeu(out.as_mut_ptr().add(4 * i) as *mut u8, row);
        }
    }
    out
}
