//! What every other module shares, and imports from here only: the BLAKE3 constants, the
//! word helpers, the [`RootBlock`] a one-chunk message reduces to, the kernel word order of
//! the `u16` sum, and the two-`u16`-per-word arithmetic. This module imports nothing from
//! the crate, so no import cycle can run through it.

/// Bytes in one BLAKE3 chunk: the longest message this crate accepts.
pub const CHUNK_LEN: usize = 1024;
/// Bytes in one BLAKE3 block (one compression).
pub const BLOCK_LEN: usize = 64;
/// Bytes in a BLAKE3 hash.
pub const OUT_LEN: usize = 32;
/// Bytes of XOF output that make one [`U16Sum`](crate::U16Sum) term (1024 `u16` lanes).
pub const U16_SUM_XOF_LEN: usize = 2048;

pub(crate) const IV: [u32; 8] = [
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19,
];

/// Message word order of each of the seven rounds.
pub(crate) const MSG_SCHEDULE: [[usize; 16]; 7] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8],
    [3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1],
    [10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6],
    [12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4],
    [9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7],
    [11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13],
];

pub(crate) const CHUNK_START: u32 = 1 << 0;
pub(crate) const CHUNK_END: u32 = 1 << 1;
pub(crate) const ROOT: u32 = 1 << 3;

/// Everything needed to produce any root output block of a one-chunk
/// message: the chaining value before its last block, the last block (zero
/// padded), its length and flags (`CHUNK_END | ROOT`, plus `CHUNK_START` for
/// one-block messages). Output block `t` is `compress(cv, block, t, len, flags)`.
/// `repr(C)`, the block first: the AVX-512 output assembly (`avx512_pair.rs`) reads the
/// fields at their offsets from one pointer per root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct RootBlock {
    pub(crate) block: [u32; 16],
    pub(crate) cv: [u32; 8],
    pub(crate) block_len: u32,
    pub(crate) flags: u32,
}

impl RootBlock {
    /// The root block of a one-chunk message whose blocks before the last chained to `cv`:
    /// its last block (zero-padded), length and flags. The portable code's; the lane
    /// backends write a root in place, with their own load of the last block
    /// (`lanes::set_last_block`).
    #[inline(always)]
    pub(crate) fn of_last_block(input: &[u8], cv: [u32; 8]) -> RootBlock {
        let (block, block_len) = last_block_words(input);
        RootBlock {
            cv,
            block,
            block_len,
            flags: last_block_flags(input.len()),
        }
    }
}

/// The flags of the root block of a one-chunk message of `len` bytes: `CHUNK_END | ROOT`,
/// plus `CHUNK_START` when the last block is also the first.
#[inline(always)]
pub(crate) fn last_block_flags(len: usize) -> u32 {
    let start = if block_count(len) == 1 {
        CHUNK_START
    } else {
        0
    };
    start | CHUNK_END | ROOT
}

/// The 16 state words a compression starts from: the chaining value, the first four IV
/// words, the counter (low, high), the block length and the flags.
#[inline(always)]
pub(crate) fn initial_state(cv: &[u32; 8], counter: u64, block_len: u32, flags: u32) -> [u32; 16] {
    [
        cv[0],
        cv[1],
        cv[2],
        cv[3],
        cv[4],
        cv[5],
        cv[6],
        cv[7],
        IV[0],
        IV[1],
        IV[2],
        IV[3],
        counter as u32,
        (counter >> 32) as u32,
        block_len,
        flags,
    ]
}

/// Number of blocks a one-chunk message of `len` bytes occupies (at least one).
#[inline(always)]
pub(crate) fn block_count(len: usize) -> usize {
    if len == 0 {
        1
    } else {
        len.div_ceil(BLOCK_LEN)
    }
}

/// The last block of a message, zero padded, as words; and its length. Through a padded
/// copy: a wide load of the copy waits for its narrower stores to reach the cache, so the
/// AVX-512 lanes read the tail with one masked load instead (`LaneVector::last_block`).
#[inline(always)]
pub(crate) fn last_block_words(input: &[u8]) -> ([u32; 16], u32) {
    let start = (block_count(input.len()) - 1) * BLOCK_LEN;
    let tail = &input[start..];
    let mut padded = [0u8; BLOCK_LEN];
    padded[..tail.len()].copy_from_slice(tail);
    (words_from_le_bytes(&padded), tail.len() as u32)
}

#[inline(always)]
pub(crate) fn words_from_le_bytes(bytes: &[u8; BLOCK_LEN]) -> [u32; 16] {
    let mut words = [0u32; 16];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    words
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn cv_from_le_bytes(bytes: &[u8; OUT_LEN]) -> [u32; 8] {
    let mut words = [0u32; 8];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    words
}

/// Number of `u16` lanes in a [`U16Sum`](crate::U16Sum).
pub const U16_LANES: usize = 1024;
/// 32-bit words backing a [`U16Sum`](crate::U16Sum) (two `u16` lanes each).
pub(crate) const SUM_WORDS: usize = U16_LANES / 2;
/// Output blocks whose words share one stretch of the kernel word order.
pub(crate) const BLOCKS_PER_GROUP: usize = 16;

/// The accumulator's words in kernel order (see [`word_index`]).
pub(crate) type SumWords = [u32; SUM_WORDS];

/// Where word `word` (0..16) of XOF output block `block` (0..32) lives in the
/// kernel word order: blocks are grouped by sixteen, and inside a group the
/// same word of its sixteen blocks is contiguous. That is the order in which a
/// 16-lane kernel with block counters in lanes produces its output (an 8- or
/// 4-lane kernel writes part of each stretch), so it adds whole vectors with no
/// transpose. Lane-wise `u16` addition commutes with any permutation of
/// whole 32-bit words, so the order only matters when lanes are read out.
#[inline(always)]
pub(crate) const fn word_index(block: usize, word: usize) -> usize {
    (block / BLOCKS_PER_GROUP) * (BLOCKS_PER_GROUP * 16)
        + word * BLOCKS_PER_GROUP
        + block % BLOCKS_PER_GROUP
}

/// Lane-wise wrapping add of the two little-endian `u16` halves of a word.
#[inline(always)]
pub(crate) fn add_u16_pair(a: u32, b: u32) -> u32 {
    let lo = (a as u16).wrapping_add(b as u16);
    let hi = ((a >> 16) as u16).wrapping_add((b >> 16) as u16);
    u32::from(lo) | (u32::from(hi) << 16)
}

/// Lane-wise wrapping subtract of the two little-endian `u16` halves of a word.
#[inline(always)]
pub(crate) fn sub_u16_pair(a: u32, b: u32) -> u32 {
    let lo = (a as u16).wrapping_sub(b as u16);
    let hi = ((a >> 16) as u16).wrapping_sub((b >> 16) as u16);
    u32::from(lo) | (u32::from(hi) << 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u16_pairs_wrap_per_half() {
        assert_eq!(add_u16_pair(0x0001_FFFF, 0x0001_0001), 0x0002_0000);
        assert_eq!(sub_u16_pair(0x0000_0000, 0x0001_0001), 0xFFFF_FFFF);
    }
}
