//! One message's input blocks in scalar code, written for the length of the dependent chain:
//! the single-message code on CPUs where a chain of integer operations is shorter than a
//! chain of vector ones ([`crate::sse41::single_message_is_scalar`]).
//!
//! A message's input blocks are a chain: each compression needs the chaining value of the
//! one before, so only its latency counts. Against the reference code of `portable.rs`
//! (which permutes the message words between rounds, as the specification describes) this
//! file differs in three ways, all on or beside that chain:
//! - the seven rounds are unrolled with the message schedule as constants
//!   ([`MSG_SCHEDULE`]): every message word is read where it is used, nothing is moved
//!   between rounds;
//! - each G adds its message word to `a` before `b`, so that `b`, the last word computed,
//!   is one addition from the new `a` instead of two;
//! - only the eight chaining-value words are produced (the input phase needs no more).
//!
//! Tested against `portable.rs` and the blake3 crate (every length of one chunk).

use crate::words::{
    block_count, initial_state, BLOCK_LEN, CHUNK_END, CHUNK_START, IV, MSG_SCHEDULE, ROOT,
};

/// The word `i` of a 64-byte block, little-endian.
#[inline(always)]
fn word(block: &[u8; BLOCK_LEN], i: usize) -> u32 {
    u32::from_le_bytes([
        block[4 * i],
        block[4 * i + 1],
        block[4 * i + 2],
        block[4 * i + 3],
    ])
}

/// One G: the message word enters `a` before `b` does.
#[inline(always)]
fn g(v: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize, mx: u32, my: u32) {
    v[a] = v[a].wrapping_add(mx).wrapping_add(v[b]);
    v[d] = (v[d] ^ v[a]).rotate_right(16);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(12);
    v[a] = v[a].wrapping_add(my).wrapping_add(v[b]);
    v[d] = (v[d] ^ v[a]).rotate_right(8);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(7);
}

/// Round `R`, its message words read from `block` through the schedule.
#[inline(always)]
fn round<const R: usize>(v: &mut [u32; 16], block: &[u8; BLOCK_LEN]) {
    let s = &MSG_SCHEDULE[R];
    let m = |i: usize| word(block, s[i]);
    g(v, 0, 4, 8, 12, m(0), m(1));
    g(v, 1, 5, 9, 13, m(2), m(3));
    g(v, 2, 6, 10, 14, m(4), m(5));
    g(v, 3, 7, 11, 15, m(6), m(7));
    g(v, 0, 5, 10, 15, m(8), m(9));
    g(v, 1, 6, 11, 12, m(10), m(11));
    g(v, 2, 7, 8, 13, m(12), m(13));
    g(v, 3, 4, 9, 14, m(14), m(15));
}

/// The chaining value out of one compression of `block` (bytes).
#[inline(always)]
pub(crate) fn compress_cv(
    cv: &[u32; 8],
    block: &[u8; BLOCK_LEN],
    counter: u64,
    block_len: u32,
    flags: u32,
) -> [u32; 8] {
    let mut v = initial_state(cv, counter, block_len, flags);
    round::<0>(&mut v, block);
    round::<1>(&mut v, block);
    round::<2>(&mut v, block);
    round::<3>(&mut v, block);
    round::<4>(&mut v, block);
    round::<5>(&mut v, block);
    round::<6>(&mut v, block);
    core::array::from_fn(|i| v[i] ^ v[i + 8])
}

/// Compresses all but the last block of a message of at most one chunk: its
/// [`RootBlock`](crate::words::RootBlock), for the tests (the x86 lanes build it from
/// [`root_cv`] with their own load of the last block).
#[cfg(test)]
pub(crate) fn root_block(input: &[u8]) -> crate::words::RootBlock {
    crate::words::RootBlock::of_last_block(input, root_cv(input))
}

/// The chaining value a message of at most one chunk starts its root block from: all but
/// its last block, compressed. The x86 lanes call it; elsewhere only its tests do.
#[cfg_attr(
    not(any(target_arch = "x86", target_arch = "x86_64")),
    allow(dead_code)
)]
pub(crate) fn root_cv(input: &[u8]) -> [u32; 8] {
    debug_assert!(input.len() <= crate::words::CHUNK_LEN);
    let blocks = block_count(input.len());
    let mut cv = IV;
    for (index, bytes) in input.as_chunks::<BLOCK_LEN>().0[..blocks - 1]
        .iter()
        .enumerate()
    {
        let flags = if index == 0 { CHUNK_START } else { 0 };
        cv = compress_cv(&cv, bytes, 0, BLOCK_LEN as u32, flags);
    }
    cv
}

/// The latency floor of this code: `compressions` compressions of `block` (counter 0,
/// flags `CHUNK_START | CHUNK_END | ROOT`) from the IV, each output chaining value the next
/// input one; equal to `portable::chain`.
pub(crate) fn compression_chain(block: &[u8; BLOCK_LEN], compressions: usize) -> [u32; 8] {
    let mut cv = IV;
    for _ in 0..compressions {
        cv = compress_cv(
            &cv,
            block,
            0,
            BLOCK_LEN as u32,
            CHUNK_START | CHUNK_END | ROOT,
        );
    }
    cv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{words_from_le_bytes, CHUNK_LEN};

    fn bytes(len: usize, seed: u32) -> Vec<u8> {
        (0..len)
            .map(|i| (i as u32).wrapping_mul(2654435761).wrapping_add(seed) as u8)
            .collect()
    }

    /// Every length of one chunk: the same root block as the reference code.
    #[test]
    fn every_length_gives_the_reference_root_block() {
        for len in 0..=CHUNK_LEN {
            let input = bytes(len, len as u32);
            assert_eq!(
                root_block(&input),
                crate::portable::root_block(&input),
                "len {len}"
            );
        }
    }

    #[test]
    fn one_compression_and_the_chain_equal_the_reference() {
        let block: [u8; BLOCK_LEN] = bytes(BLOCK_LEN, 9).try_into().unwrap();
        let words = words_from_le_bytes(&block);
        let cv: [u32; 8] = core::array::from_fn(|i| IV[i] ^ (i as u32 * 0x0101_0101));
        for (counter, block_len, flags) in [(0, 64, 0), (u64::MAX - 3, 17, 11), (1 << 33, 0, 8)] {
            let full = crate::portable::compress(&cv, &words, counter, block_len, flags);
            let ours = compress_cv(&cv, &block, counter, block_len, flags);
            assert_eq!(ours[..], full[..8], "{counter} {block_len} {flags}");
        }
        for n in [0, 1, 3, 7] {
            assert_eq!(
                compression_chain(&block, n),
                crate::portable::chain(&words, 0, n),
                "{n}"
            );
        }
    }
}
