//! AVX-512 backend: 16 lanes of `u32` in one `__m512i` (AVX-512F, plus AVX-512BW for the
//! 16-bit adds of the lattice-hash sum).
//!
//! Rotations are single `vprord` instructions, and the 32 vector registers hold the whole
//! state and message of a 16-lane compression without spilling. The algorithm is
//! [`crate::lanes`]; this file supplies the register type and the
//! `#[target_feature(enable = "avx512f,avx512bw,avx512vl")]` entry points (AVX-512VL for the
//! 128-bit rotations of the single-message code).

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use crate::lanes::{self, LaneVector, RoundVector, MAX_LANES};
use crate::words::{block_count, BLOCK_LEN, OUT_LEN};

#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Avx512Vector(__m512i);

/// 16x16 transpose of 32-bit words: `out[i]` lane `j` = `rows[j]` lane `i`.
///
/// Three stages: interleave words of row pairs, then 64-bit pairs of row quads (each
/// 128-bit lane now holds one word of four rows), then gather the 128-bit lanes of the four
/// quads with two rounds of `vshufi32x4`.
///
/// # Safety
///
/// The CPU must support this file's instruction set.
#[inline(always)]
unsafe fn transpose16(rows: [__m512i; 16]) -> [__m512i; 16] {
    // SAFETY: register-only AVX-512F and AVX-512BW shuffles; the CPU supports AVX-512F and
    // AVX-512BW (this function's contract).
    unsafe {
        // Stage 1: t[2k] = words (0,1),(4,5),.. of rows 2k and 2k+1 interleaved; t[2k+1] = (2,3),...
        let mut t = [_mm512_setzero_si512(); 16];
        for k in 0..8 {
            t[2 * k] = _mm512_unpacklo_epi32(rows[2 * k], rows[2 * k + 1]);
            t[2 * k + 1] = _mm512_unpackhi_epi32(rows[2 * k], rows[2 * k + 1]);
        }
        // Stage 2: for each quad q of rows (4q..4q+4), w[q][r] holds, in 128-bit lane l, word
        // 4l + r of the quad's four rows.
        let mut w = [[_mm512_setzero_si512(); 4]; 4];
        for q in 0..4 {
            let (lo, hi) = (t[4 * q], t[4 * q + 1]);
            let (lo2, hi2) = (t[4 * q + 2], t[4 * q + 3]);
            w[q][0] = _mm512_unpacklo_epi64(lo, lo2);
            w[q][1] = _mm512_unpackhi_epi64(lo, lo2);
            w[q][2] = _mm512_unpacklo_epi64(hi, hi2);
            w[q][3] = _mm512_unpackhi_epi64(hi, hi2);
        }
        // Stage 3: output word 4l + r = 128-bit lane l of w[0][r], w[1][r], w[2][r], w[3][r].
        let mut out = [_mm512_setzero_si512(); 16];
        for r in 0..4 {
            // [q0 l0, q0 l2, q1 l0, q1 l2] and [q0 l1, q0 l3, q1 l1, q1 l3]; same for quads 2, 3.
            let even01 = _mm512_shuffle_i32x4::<0b10_00_10_00>(w[0][r], w[1][r]);
            let odd01 = _mm512_shuffle_i32x4::<0b11_01_11_01>(w[0][r], w[1][r]);
            let even23 = _mm512_shuffle_i32x4::<0b10_00_10_00>(w[2][r], w[3][r]);
            let odd23 = _mm512_shuffle_i32x4::<0b11_01_11_01>(w[2][r], w[3][r]);
            out[r] = _mm512_shuffle_i32x4::<0b10_00_10_00>(even01, even23);
            out[8 + r] = _mm512_shuffle_i32x4::<0b11_01_11_01>(even01, even23);
            out[4 + r] = _mm512_shuffle_i32x4::<0b10_00_10_00>(odd01, odd23);
            out[12 + r] = _mm512_shuffle_i32x4::<0b11_01_11_01>(odd01, odd23);
        }
        out
    }
}

/// # Safety
///
/// `src` must be valid for an unaligned read of one register; the CPU must support this
/// file's instruction set.
#[inline(always)]
unsafe fn loadu(src: *const u8) -> __m512i {
    // SAFETY: `src` is valid for an unaligned 64-byte read and the CPU supports AVX-512F and
    // AVX-512BW (this function's contract).
    unsafe { _mm512_loadu_si512(src as *const __m512i) }
}

/// # Safety
///
/// `dst` must be valid for an unaligned write of one register; the CPU must support
/// this file's instruction set.
#[inline(always)]
unsafe fn storeu(dst: *mut u8, v: __m512i) {
    // SAFETY: `dst` is valid for an unaligned 64-byte write and the CPU supports AVX-512F and
    // AVX-512BW (this function's contract).
    unsafe { _mm512_storeu_si512(dst as *mut __m512i, v) }
}

impl RoundVector for Avx512Vector {
    #[inline(always)]
    unsafe fn splat(x: u32) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_set1_epi32(x as i32)) }
    }

    #[inline(always)]
    unsafe fn add(self, rhs: Self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_add_epi32(self.0, rhs.0)) }
    }

    #[inline(always)]
    unsafe fn xor(self, rhs: Self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_xor_si512(self.0, rhs.0)) }
    }

    #[inline(always)]
    unsafe fn rot16(self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_ror_epi32::<16>(self.0)) }
    }

    #[inline(always)]
    unsafe fn rot12(self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_ror_epi32::<12>(self.0)) }
    }

    #[inline(always)]
    unsafe fn rot8(self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_ror_epi32::<8>(self.0)) }
    }

    #[inline(always)]
    unsafe fn rot7(self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe { Avx512Vector(_mm512_ror_epi32::<7>(self.0)) }
    }
}

impl LaneVector for Avx512Vector {
    const LANES: usize = 16;
    const BACKEND: crate::backend::Backend = crate::backend::Backend::Avx512;

    #[inline(always)]
    unsafe fn from_lanes(lanes: &[u32; MAX_LANES]) -> Self {
        // SAFETY: `lanes` is a 64-byte array, so the 64-byte load of its first
        // 16 words is in bounds; the CPU supports AVX-512F and AVX-512BW (`LaneVector` contract).
        unsafe { Avx512Vector(loadu(lanes.as_ptr() as *const u8)) }
    }

    #[inline(always)]
    unsafe fn last_block(input: &[u8]) -> ([u32; 16], u32) {
        let tail = &input[(block_count(input.len()) - 1) * BLOCK_LEN..];
        // One mask bit per byte of the tail (at most 64 of them).
        let mask = u64::MAX
            .checked_shr(BLOCK_LEN as u32 - tail.len() as u32)
            .unwrap_or(0);
        let mut words = [0u32; 16];
        // SAFETY: the byte-masked load reads only the bytes whose mask bit is set, the
        // `tail.len()` bytes of `tail` (masked-off bytes are not accessed and cannot fault;
        // an empty tail's mask is 0, so its pointer, which may dangle, is not read);
        // `words` is 64 bytes, so the store is in bounds; the CPU supports AVX-512F and
        // AVX-512BW (`LaneVector` contract).
        unsafe {
            let block = _mm512_maskz_loadu_epi8(mask, tail.as_ptr() as *const i8);
            storeu(words.as_mut_ptr() as *mut u8, block);
        }
        (words, tail.len() as u32)
    }

    #[inline(always)]
    unsafe fn blend(mask: Self, if_set: Self, if_clear: Self) -> Self {
        // SAFETY: register-only AVX-512F and AVX-512BW intrinsics; the CPU supports AVX-512F and
        // AVX-512BW (the `LaneVector` contract of every method).
        unsafe {
            let k = _mm512_test_epi32_mask(mask.0, mask.0);
            Avx512Vector(_mm512_mask_blend_epi32(k, if_clear.0, if_set.0))
        }
    }

    #[inline(always)]
    unsafe fn load_transposed(blocks: &[&[u8; BLOCK_LEN]; MAX_LANES]) -> [Self; 16] {
        let rows = core::array::from_fn(|lane| {
            // SAFETY: one 64-byte load of a 64-byte block; the CPU supports AVX-512F
            // (`LaneVector` contract).
            unsafe { loadu(blocks[lane].as_ptr()) }
        });
        // SAFETY: register-only shuffles; the CPU supports AVX-512F.
        let words = unsafe { transpose16(rows) };
        // Not `array::map`: outlined without the target features, it stayed a call that
        // copied the 16 registers through memory, behind a `vzeroupper`, at every block.
        // SAFETY: `Avx512Vector` is `repr(transparent)` over `__m512i`: same layout.
        unsafe { core::mem::transmute::<[__m512i; 16], [Self; 16]>(words) }
    }

    #[inline(always)]
    unsafe fn store_transposed_cvs(cv: &[Self; 8], out: &mut [[u8; OUT_LEN]]) {
        // Rows 8..16 are filler; each output lane keeps only its first eight words.
        // SAFETY: register-only shuffles; the CPU supports AVX-512F (`LaneVector` contract).
        let lanes = unsafe { transpose16(core::array::from_fn(|j| cv[j % 8].0)) };
        for (dst, lane) in out.iter_mut().zip(lanes) {
            // SAFETY: a 32-byte store into the 32-byte `dst`; the CPU supports AVX-512F
            // (which implies AVX).
            unsafe {
                _mm256_storeu_si256(
                    dst.as_mut_ptr() as *mut __m256i,
                    _mm512_castsi512_si256(lane),
                )
            };
        }
    }

    #[inline(always)]
    unsafe fn store_transposed_blocks(words: &[Self; 16], out: &mut [[u8; BLOCK_LEN]]) {
        // SAFETY: register-only shuffles of the registers, read as `__m512i` (which
        // `Avx512Vector` is, `repr(transparent)`); the CPU supports AVX-512F (`LaneVector`
        // contract).
        let lanes =
            unsafe { transpose16(core::mem::transmute::<[Self; 16], [__m512i; 16]>(*words)) };
        for (dst, lane) in out.iter_mut().zip(lanes) {
            // SAFETY: a 64-byte store into the 64-byte `dst`; the CPU supports AVX-512F.
            unsafe { storeu(dst.as_mut_ptr(), lane) };
        }
    }

    #[inline(always)]
    unsafe fn add_u16_into(self, dst: &mut [u32]) {
        // SAFETY: `dst` is re-sliced to exactly 16 words first (the slicing panics if it is
        // shorter), so the 64-byte load and store are in bounds; the CPU supports AVX-512F and
        // AVX-512BW.
        unsafe {
            let dst = &mut dst[..Self::LANES];
            let sum = _mm512_add_epi16(loadu(dst.as_ptr() as *const u8), self.0);
            storeu(dst.as_mut_ptr() as *mut u8, sum);
        }
    }

    #[inline(always)]
    unsafe fn sub_u16_from(self, dst: &mut [u32]) {
        // SAFETY: as in `add_u16_into`: `dst` is exactly 16 words, the 64-byte load
        // and store are in bounds; the CPU supports AVX-512F and AVX-512BW.
        unsafe {
            let dst = &mut dst[..Self::LANES];
            let difference = _mm512_sub_epi16(loadu(dst.as_ptr() as *const u8), self.0);
            storeu(dst.as_mut_ptr() as *mut u8, difference);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn root_output_pair(
        root: &crate::words::RootBlock,
        counter: [Self; 2],
    ) -> Option<[[Self; 16]; 2]> {
        // SAFETY: the CPU supports AVX-512F, BW and VL (`LaneVector` contract).
        let words =
            unsafe { crate::avx512_pair::root_output_pair(root, counter[0].0, counter[1].0) };
        // SAFETY: `Avx512Vector` is `repr(transparent)` over `__m512i`, so the arrays have
        // the same layout.
        Some(unsafe { core::mem::transmute::<[[__m512i; 16]; 2], [[Self; 16]; 2]>(words) })
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn roots_u16_loop() -> bool {
        true
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn add_roots_u16(sum: &mut crate::words::SumWords, roots: &[crate::words::RootBlock]) {
        // SAFETY: the CPU supports AVX-512F, BW and VL (`LaneVector` contract).
        unsafe { crate::avx512_pair::add_roots_u16(sum, roots) }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn input_pair() -> bool {
        true
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn compress_pair_chain<const ALL_ACTIVE: bool>(
        cv: &mut [[Self; 8]; 2],
        counter: &[[Self; 2]; 2],
        blocks: &[lanes::PairBlocks<Self>],
    ) {
        // SAFETY: `Avx512Vector` is `repr(transparent)` over `__m512i`, so `cv`, `counter`
        // and `blocks` (`repr(C)`) have the layouts of the `__m512i` forms the assembly
        // takes; the CPU supports AVX-512F, BW and VL (`LaneVector` contract).
        unsafe {
            let cv = &mut *(cv as *mut [[Self; 8]; 2] as *mut [[__m512i; 8]; 2]);
            let counter = &*(counter as *const [[Self; 2]; 2] as *const [[__m512i; 2]; 2]);
            let blocks = core::slice::from_raw_parts(
                blocks.as_ptr() as *const lanes::PairBlocks<__m512i>,
                blocks.len(),
            );
            if ALL_ACTIVE {
                crate::avx512_pair::chain_pair(cv, counter, blocks)
            } else {
                crate::avx512_pair::input_pair(cv, counter, blocks)
            }
        }
    }

    lanes::lane_vector_forwarders!();
}

lanes::backend_entry_points!(
    Avx512Vector,
    "avx512f,avx512bw,avx512vl",
    crate::sse41::root_block_single::<Avx512Vector>,
    crate::sse41::compress_rows_words,
    crate::sse41::compression_chain_single
);

#[cfg(test)]
mod tests {
    use super::Avx512Vector;
    use crate::backend::Backend;
    use crate::lanes::LaneVector;
    use crate::words::last_block_words;

    /// # Safety
    ///
    /// The CPU must support AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    unsafe fn last_block(input: &[u8]) -> ([u32; 16], u32) {
        // SAFETY: the CPU supports this backend (this function's contract).
        unsafe { Avx512Vector::last_block(input) }
    }

    /// The byte-masked load of a last block is the zero-padded copy, on every length from
    /// empty to past one chunk and at every alignment of the tail, and for a tail that ends
    /// its allocation.
    #[test]
    fn the_masked_last_block_is_the_padded_copy() {
        if !Backend::Avx512.is_supported() {
            return;
        }
        let bytes: Vec<u8> = (0..1200u32).map(|i| (i * 7 + 3) as u8).collect();
        for offset in 0..64 {
            for len in 0..=1100 {
                let input = &bytes[offset..offset + len];
                // SAFETY: AVX-512 is supported (checked above).
                let got = unsafe { last_block(input) };
                assert_eq!(
                    got,
                    last_block_words(input),
                    "length {len}, offset {offset}"
                );
            }
        }
        for len in 0..=130 {
            let input: Box<[u8]> = bytes[..len].into();
            // SAFETY: AVX-512 is supported (checked above).
            let got = unsafe { last_block(&input) };
            assert_eq!(
                got,
                last_block_words(&input),
                "length {len} at its allocation's end"
            );
        }
    }
}
