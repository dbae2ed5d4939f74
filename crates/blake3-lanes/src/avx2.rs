//! AVX2 backend: 8 lanes of `u32` in one `__m256i`.
//!
//! Rotations by 16 and 8 are byte shuffles (`vpshufb`, the control a memory operand), by
//! 12 and 7 two shifts and an or. The algorithm is [`crate::lanes`]; this file supplies
//! the register type and the `#[target_feature(enable = "avx2")]` entry points.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use crate::lanes::{self, LaneVector, RoundVector, MAX_LANES};
use crate::words::{BLOCK_LEN, OUT_LEN};

#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Avx2Vector(pub(crate) __m256i);

/// 8x8 transpose of 32-bit words: `out[i]` lane `j` = `v[j]` lane `i`.
///
/// # Safety
///
/// The CPU must support this file's instruction set.
#[inline(always)]
unsafe fn transpose8(v: [__m256i; 8]) -> [__m256i; 8] {
    // SAFETY: register-only AVX2 shuffles; the CPU supports AVX2 (this function's
    // contract).
    unsafe {
        let ab_0145 = _mm256_unpacklo_epi32(v[0], v[1]);
        let ab_2367 = _mm256_unpackhi_epi32(v[0], v[1]);
        let cd_0145 = _mm256_unpacklo_epi32(v[2], v[3]);
        let cd_2367 = _mm256_unpackhi_epi32(v[2], v[3]);
        let ef_0145 = _mm256_unpacklo_epi32(v[4], v[5]);
        let ef_2367 = _mm256_unpackhi_epi32(v[4], v[5]);
        let gh_0145 = _mm256_unpacklo_epi32(v[6], v[7]);
        let gh_2367 = _mm256_unpackhi_epi32(v[6], v[7]);

        let abcd_04 = _mm256_unpacklo_epi64(ab_0145, cd_0145);
        let abcd_15 = _mm256_unpackhi_epi64(ab_0145, cd_0145);
        let abcd_26 = _mm256_unpacklo_epi64(ab_2367, cd_2367);
        let abcd_37 = _mm256_unpackhi_epi64(ab_2367, cd_2367);
        let efgh_04 = _mm256_unpacklo_epi64(ef_0145, gh_0145);
        let efgh_15 = _mm256_unpackhi_epi64(ef_0145, gh_0145);
        let efgh_26 = _mm256_unpacklo_epi64(ef_2367, gh_2367);
        let efgh_37 = _mm256_unpackhi_epi64(ef_2367, gh_2367);

        [
            _mm256_permute2x128_si256(abcd_04, efgh_04, 0x20),
            _mm256_permute2x128_si256(abcd_15, efgh_15, 0x20),
            _mm256_permute2x128_si256(abcd_26, efgh_26, 0x20),
            _mm256_permute2x128_si256(abcd_37, efgh_37, 0x20),
            _mm256_permute2x128_si256(abcd_04, efgh_04, 0x31),
            _mm256_permute2x128_si256(abcd_15, efgh_15, 0x31),
            _mm256_permute2x128_si256(abcd_26, efgh_26, 0x31),
            _mm256_permute2x128_si256(abcd_37, efgh_37, 0x31),
        ]
    }
}

/// A `vpshufb` control vector, aligned for a memory operand.
#[repr(C, align(32))]
struct ShuffleControl([u8; 32]);

/// Rotate each 32-bit lane right by 16: byte `i` of a word takes byte `(i + 2) % 4`.
static ROT16: ShuffleControl = ShuffleControl([
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, //
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
]);

/// Rotate each 32-bit lane right by 8: byte `i` of a word takes byte `(i + 1) % 4`.
static ROT8: ShuffleControl = ShuffleControl([
    1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, //
    1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,
]);

/// `vpshufb` with its control read from memory, opaque to the optimizer. A memory operand
/// keeps the two controls out of the 16 registers the state needs; and LLVM otherwise
/// rewrites the rotate-by-16 shuffle as `vpshuflw` + `vpshufhw` and distributes the
/// rotate-by-8 shuffle over the preceding xor, adding instructions.
///
/// # Safety
///
/// The CPU must support this file's instruction set.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn shuffle_bytes(v: __m256i, control: &'static ShuffleControl) -> __m256i {
    let out: __m256i;
    // SAFETY: `vpshufb` reads `v` and the 32 bytes of `control` (a valid, aligned static,
    // never written: `pure, readonly, nostack`) and writes a register; this function is
    // compiled with AVX2, which its caller guarantees the CPU has.
    unsafe {
        core::arch::asm!(
        "vpshufb {out}, {v}, ymmword ptr [{control}]",
        out = lateout(ymm_reg) out,
        v = in(ymm_reg) v,
        control = in(reg) control,
        options(pure, readonly, nostack, preserves_flags),
        );
    }
    out
}

/// # Safety
///
/// `src` must be valid for an unaligned read of one register; the CPU must support this
/// file's instruction set.
#[inline(always)]
unsafe fn loadu(src: *const u8) -> __m256i {
    // SAFETY: `src` is valid for an unaligned 32-byte read and the CPU supports AVX2
    // (this function's contract).
    unsafe { _mm256_loadu_si256(src as *const __m256i) }
}

/// # Safety
///
/// `dst` must be valid for an unaligned write of one register; the CPU must support
/// this file's instruction set.
#[inline(always)]
unsafe fn storeu(dst: *mut u8, v: __m256i) {
    // SAFETY: `dst` is valid for an unaligned 32-byte write and the CPU supports AVX2
    // (this function's contract).
    unsafe { _mm256_storeu_si256(dst as *mut __m256i, v) }
}

impl RoundVector for Avx2Vector {
    #[inline(always)]
    unsafe fn splat(x: u32) -> Self {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2 (the `LaneVector`
        // contract of every method).
        unsafe { Avx2Vector(_mm256_set1_epi32(x as i32)) }
    }

    #[inline(always)]
    unsafe fn add(self, rhs: Self) -> Self {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2 (the `LaneVector`
        // contract of every method).
        unsafe { Avx2Vector(_mm256_add_epi32(self.0, rhs.0)) }
    }

    #[inline(always)]
    unsafe fn xor(self, rhs: Self) -> Self {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2 (the `LaneVector`
        // contract of every method).
        unsafe { Avx2Vector(_mm256_xor_si256(self.0, rhs.0)) }
    }

    #[inline(always)]
    unsafe fn rot16(self) -> Self {
        // SAFETY: a shuffle of a register by a static control; the CPU supports AVX2 (the
        // `LaneVector` contract of every method).
        unsafe { Avx2Vector(shuffle_bytes(self.0, &ROT16)) }
    }

    #[inline(always)]
    unsafe fn rot12(self) -> Self {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2 (the `LaneVector`
        // contract of every method).
        unsafe {
            Avx2Vector(_mm256_or_si256(
                _mm256_srli_epi32(self.0, 12),
                _mm256_slli_epi32(self.0, 20),
            ))
        }
    }

    #[inline(always)]
    unsafe fn rot8(self) -> Self {
        // SAFETY: a shuffle of a register by a static control; the CPU supports AVX2 (the
        // `LaneVector` contract of every method).
        unsafe { Avx2Vector(shuffle_bytes(self.0, &ROT8)) }
    }

    #[inline(always)]
    unsafe fn rot7(self) -> Self {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2 (the `LaneVector`
        // contract of every method).
        unsafe {
            Avx2Vector(_mm256_or_si256(
                _mm256_srli_epi32(self.0, 7),
                _mm256_slli_epi32(self.0, 25),
            ))
        }
    }
}

impl LaneVector for Avx2Vector {
    const LANES: usize = 8;
    const BACKEND: crate::backend::Backend = crate::backend::Backend::Avx2;

    #[inline(always)]
    unsafe fn from_lanes(lanes: &[u32; MAX_LANES]) -> Self {
        // SAFETY: `lanes` is a 64-byte array, so the 32-byte load of its first
        // 8 words is in bounds; the CPU supports AVX2 (`LaneVector` contract).
        unsafe { Avx2Vector(loadu(lanes.as_ptr() as *const u8)) }
    }

    #[inline(always)]
    unsafe fn blend(mask: Self, if_set: Self, if_clear: Self) -> Self {
        // SAFETY: register-only AVX2 intrinsics; the CPU supports AVX2 (the `LaneVector`
        // contract of every method).
        unsafe { Avx2Vector(_mm256_blendv_epi8(if_clear.0, if_set.0, mask.0)) }
    }

    #[inline(always)]
    unsafe fn load_transposed(blocks: &[&[u8; BLOCK_LEN]; MAX_LANES]) -> [Self; 16] {
        let low = core::array::from_fn(|lane| {
            // SAFETY: the first 32 bytes of a 64-byte block; the CPU supports AVX2
            // (`LaneVector` contract).
            unsafe { loadu(blocks[lane].as_ptr()) }
        });
        let high = core::array::from_fn(|lane| {
            // SAFETY: bytes 32..64 of a 64-byte block; the CPU supports AVX2.
            unsafe { loadu(blocks[lane].as_ptr().add(32)) }
        });
        // SAFETY: register-only shuffles; the CPU supports AVX2.
        let (low, high) = unsafe { (transpose8(low), transpose8(high)) };
        core::array::from_fn(|j| Avx2Vector(if j < 8 { low[j] } else { high[j - 8] }))
    }

    #[inline(always)]
    unsafe fn store_transposed_cvs(cv: &[Self; 8], out: &mut [[u8; OUT_LEN]]) {
        // SAFETY: register-only shuffles; the CPU supports AVX2 (`LaneVector` contract).
        let lanes = unsafe { transpose8(cv.map(|v| v.0)) };
        for (dst, lane) in out.iter_mut().zip(lanes) {
            // SAFETY: a 32-byte store into the 32-byte `dst`; the CPU supports AVX2.
            unsafe { storeu(dst.as_mut_ptr(), lane) };
        }
    }

    #[inline(always)]
    unsafe fn store_transposed_blocks(words: &[Self; 16], out: &mut [[u8; BLOCK_LEN]]) {
        // SAFETY: register-only shuffles; the CPU supports AVX2 (`LaneVector` contract).
        let (low, high) = unsafe {
            (
                transpose8(core::array::from_fn(|j| words[j].0)),
                transpose8(core::array::from_fn(|j| words[j + 8].0)),
            )
        };
        for (lane, dst) in out.iter_mut().take(Self::LANES).enumerate() {
            // SAFETY: 32-byte stores at offsets 0 and 32 of the 64-byte `dst`; the CPU
            // supports AVX2.
            unsafe {
                storeu(dst.as_mut_ptr(), low[lane]);
                storeu(dst.as_mut_ptr().add(32), high[lane]);
            }
        }
    }

    #[inline(always)]
    unsafe fn add_u16_into(self, dst: &mut [u32]) {
        // SAFETY: `dst` is re-sliced to exactly 8 words first (the slicing panics if it
        // is shorter), so the 32-byte load and store are in bounds; the CPU supports AVX2.
        unsafe {
            let dst = &mut dst[..Self::LANES];
            let sum = _mm256_add_epi16(loadu(dst.as_ptr() as *const u8), self.0);
            storeu(dst.as_mut_ptr() as *mut u8, sum);
        }
    }

    #[inline(always)]
    unsafe fn sub_u16_from(self, dst: &mut [u32]) {
        // SAFETY: as in `add_u16_into`: `dst` is exactly 8 words, the 32-byte load
        // and store are in bounds; the CPU supports AVX2.
        unsafe {
            let dst = &mut dst[..Self::LANES];
            let difference = _mm256_sub_epi16(loadu(dst.as_ptr() as *const u8), self.0);
            storeu(dst.as_mut_ptr() as *mut u8, difference);
        }
    }

    lanes::lane_vector_forwarders!();
}

lanes::backend_entry_points!(
    Avx2Vector,
    "avx2",
    crate::sse41::root_block_single::<Avx2Vector>,
    crate::sse41::compress_rows_words,
    crate::sse41::compression_chain_single
);
