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

use crate::lanes::{self, LaneVector, MAX_LANES};
use crate::{BLOCK_LEN, OUT_LEN};

#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Sse41Vector(__m128i);

/// 4x4 transpose of 32-bit words: `out[i]` lane `j` = `v[j]` lane `i`.
#[inline(always)]
unsafe fn transpose4(v: [__m128i; 4]) -> [__m128i; 4] {
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

#[inline(always)]
unsafe fn loadu(src: *const u8) -> __m128i {
    _mm_loadu_si128(src as *const __m128i)
}

#[inline(always)]
unsafe fn storeu(dst: *mut u8, v: __m128i) {
    _mm_storeu_si128(dst as *mut __m128i, v)
}

impl LaneVector for Sse41Vector {
    const LANES: usize = 4;

    #[inline(always)]
    unsafe fn splat(x: u32) -> Self {
        Sse41Vector(_mm_set1_epi32(x as i32))
    }

    #[inline(always)]
    unsafe fn from_lanes(lanes: &[u32; MAX_LANES]) -> Self {
        Sse41Vector(loadu(lanes.as_ptr() as *const u8))
    }

    #[inline(always)]
    unsafe fn add(self, rhs: Self) -> Self {
        Sse41Vector(_mm_add_epi32(self.0, rhs.0))
    }

    #[inline(always)]
    unsafe fn xor(self, rhs: Self) -> Self {
        Sse41Vector(_mm_xor_si128(self.0, rhs.0))
    }

    #[inline(always)]
    unsafe fn rot16(self) -> Self {
        let bytes = _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2);
        Sse41Vector(_mm_shuffle_epi8(self.0, bytes))
    }

    #[inline(always)]
    unsafe fn rot12(self) -> Self {
        Sse41Vector(_mm_or_si128(
            _mm_srli_epi32(self.0, 12),
            _mm_slli_epi32(self.0, 20),
        ))
    }

    #[inline(always)]
    unsafe fn rot8(self) -> Self {
        let bytes = _mm_set_epi8(12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1);
        Sse41Vector(_mm_shuffle_epi8(self.0, bytes))
    }

    #[inline(always)]
    unsafe fn rot7(self) -> Self {
        Sse41Vector(_mm_or_si128(
            _mm_srli_epi32(self.0, 7),
            _mm_slli_epi32(self.0, 25),
        ))
    }

    #[inline(always)]
    unsafe fn blend(mask: Self, if_set: Self, if_clear: Self) -> Self {
        Sse41Vector(_mm_blendv_epi8(if_clear.0, if_set.0, mask.0))
    }

    #[inline(always)]
    unsafe fn load_transposed(blocks: &[&[u8; BLOCK_LEN]; MAX_LANES]) -> [Self; 16] {
        let quarter = |q: usize| {
            transpose4(core::array::from_fn(|lane| {
                loadu(blocks[lane].as_ptr().add(16 * q))
            }))
        };
        let quarters = [quarter(0), quarter(1), quarter(2), quarter(3)];
        core::array::from_fn(|j| Sse41Vector(quarters[j / 4][j % 4]))
    }

    #[inline(always)]
    unsafe fn store_transposed_cvs(cv: &[Self; 8], out: &mut [[u8; OUT_LEN]; MAX_LANES]) {
        let low = transpose4([cv[0].0, cv[1].0, cv[2].0, cv[3].0]);
        let high = transpose4([cv[4].0, cv[5].0, cv[6].0, cv[7].0]);
        for (lane, dst) in out.iter_mut().take(Self::LANES).enumerate() {
            storeu(dst.as_mut_ptr(), low[lane]);
            storeu(dst.as_mut_ptr().add(16), high[lane]);
        }
    }

    #[inline(always)]
    unsafe fn store_transposed_blocks(words: &[Self; 16], out: &mut [[u8; BLOCK_LEN]; MAX_LANES]) {
        for q in 0..4 {
            let lanes = transpose4(core::array::from_fn(|i| words[4 * q + i].0));
            for (lane, dst) in out.iter_mut().take(Self::LANES).enumerate() {
                storeu(dst.as_mut_ptr().add(16 * q), lanes[lane]);
            }
        }
    }

    #[inline(always)]
    unsafe fn add_u16_into(self, dst: &mut [u32]) {
        let dst = &mut dst[..Self::LANES];
        let sum = _mm_add_epi16(loadu(dst.as_ptr() as *const u8), self.0);
        storeu(dst.as_mut_ptr() as *mut u8, sum);
    }

    #[inline(always)]
    unsafe fn sub_u16_from(self, dst: &mut [u32]) {
        let dst = &mut dst[..Self::LANES];
        let difference = _mm_sub_epi16(loadu(dst.as_ptr() as *const u8), self.0);
        storeu(dst.as_mut_ptr() as *mut u8, difference);
    }

    #[inline(always)]
    unsafe fn compress(
        cv: &[Self; 8],
        m: &[Self; 16],
        counter_lo: Self,
        counter_hi: Self,
        block_len: Self,
        flags: Self,
    ) -> [Self; 16] {
        compress(cv, m, counter_lo, counter_hi, block_len, flags)
    }
}

lanes::backend_entry_points!(Sse41Vector, "sse4.1");
