//! Scalar reference implementation: one message at a time, no SIMD.
//!
//! Written for clarity; every SIMD backend is tested against it (and against
//! the `blake3` crate). It permutes the message words between rounds the way
//! the BLAKE3 specification describes, rather than using the precomputed
//! schedule the SIMD kernels use, so the two derivations check each other.

use crate::words::{
    add_u16_pair, block_count, initial_state, sub_u16_pair, word_index, words_from_le_bytes,
    RootBlock, SumWords, BLOCK_LEN, CHUNK_END, CHUNK_START, IV, OUT_LEN, ROOT, U16_SUM_XOF_LEN,
};

const MSG_PERMUTATION: [usize; 16] = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

#[inline(always)]
pub(crate) fn g(state: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize, mx: u32, my: u32) {
    state[a] = state[a].wrapping_add(state[b]).wrapping_add(mx);
    state[d] = (state[d] ^ state[a]).rotate_right(16);
    state[c] = state[c].wrapping_add(state[d]);
    state[b] = (state[b] ^ state[c]).rotate_right(12);
    state[a] = state[a].wrapping_add(state[b]).wrapping_add(my);
    state[d] = (state[d] ^ state[a]).rotate_right(8);
    state[c] = state[c].wrapping_add(state[d]);
    state[b] = (state[b] ^ state[c]).rotate_right(7);
}

#[inline(always)]
fn round(state: &mut [u32; 16], m: &[u32; 16]) {
    g(state, 0, 4, 8, 12, m[0], m[1]);
    g(state, 1, 5, 9, 13, m[2], m[3]);
    g(state, 2, 6, 10, 14, m[4], m[5]);
    g(state, 3, 7, 11, 15, m[6], m[7]);
    g(state, 0, 5, 10, 15, m[8], m[9]);
    g(state, 1, 6, 11, 12, m[10], m[11]);
    g(state, 2, 7, 8, 13, m[12], m[13]);
    g(state, 3, 4, 9, 14, m[14], m[15]);
}

/// The BLAKE3 compression function with its full 16-word output:
/// words 0..8 are the new chaining value, words 8..16 the second half of an
/// extended output block.
pub(crate) fn compress(
    cv: &[u32; 8],
    block: &[u32; 16],
    counter: u64,
    block_len: u32,
    flags: u32,
) -> [u32; 16] {
    let mut state = initial_state(cv, counter, block_len, flags);
    let mut m = *block;
    for round_index in 0..7 {
        round(&mut state, &m);
        if round_index < 6 {
            m = core::array::from_fn(|i| m[MSG_PERMUTATION[i]]);
        }
    }
    for i in 0..8 {
        state[i] ^= state[i + 8];
        state[i + 8] ^= cv[i];
    }
    state
}

/// Chain `counter`'s floor in scalar code: `compressions` compressions of `block` (length
/// 64, flags `CHUNK_START | CHUNK_END | ROOT`) from the IV, each output chaining value the
/// next input one. The reference of both floors, and the portable latency floor.
pub(crate) fn chain(block: &[u32; 16], counter: u64, compressions: usize) -> [u32; 8] {
    let mut cv = IV;
    for _ in 0..compressions {
        let out = compress(
            &cv,
            block,
            counter,
            BLOCK_LEN as u32,
            CHUNK_START | CHUNK_END | ROOT,
        );
        cv = core::array::from_fn(|i| out[i]);
    }
    cv
}

/// Compresses all but the last block of a one-chunk message.
pub(crate) fn root_block(input: &[u8]) -> RootBlock {
    debug_assert!(input.len() <= crate::words::CHUNK_LEN);
    let blocks = block_count(input.len());
    let mut cv = IV;
    for index in 0..blocks - 1 {
        let bytes: &[u8; BLOCK_LEN] = input[index * BLOCK_LEN..][..BLOCK_LEN]
            .try_into()
            .expect("slice of BLOCK_LEN bytes");
        let flags = if index == 0 { CHUNK_START } else { 0 };
        let out = compress(&cv, &words_from_le_bytes(bytes), 0, BLOCK_LEN as u32, flags);
        cv.copy_from_slice(&out[..8]);
    }
    RootBlock::of_last_block(input, cv)
}

impl RootBlock {
    /// Root output block `counter` (64 bytes as 16 words).
    pub(crate) fn output_words(&self, counter: u64) -> [u32; 16] {
        compress(&self.cv, &self.block, counter, self.block_len, self.flags)
    }
}

pub(crate) fn hash_many(inputs: &[&[u8]], out: &mut [[u8; OUT_LEN]]) {
    for (input, hash) in inputs.iter().zip(out.iter_mut()) {
        let words = root_block(input).output_words(0);
        for (bytes, word) in hash.chunks_exact_mut(4).zip(words.iter()) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
    }
}

pub(crate) fn hash_blocks(blocks: &[[u8; BLOCK_LEN]], out: &mut [[u8; OUT_LEN]]) {
    for (block, hash) in blocks.iter().zip(out.iter_mut()) {
        let flags = CHUNK_START | CHUNK_END | ROOT;
        let words = compress(&IV, &words_from_le_bytes(block), 0, BLOCK_LEN as u32, flags);
        for (bytes, word) in hash.chunks_exact_mut(4).zip(words.iter()) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
    }
}

pub(crate) fn xof_many(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) {
    if out_len == 0 {
        return;
    }
    for (input, xof) in inputs.iter().zip(out.chunks_exact_mut(out_len)) {
        let root = root_block(input);
        for (counter, block_out) in xof.chunks_mut(BLOCK_LEN).enumerate() {
            let words = root.output_words(counter as u64);
            for (bytes, word) in block_out.chunks_mut(4).zip(words.iter()) {
                bytes.copy_from_slice(&word.to_le_bytes()[..bytes.len()]);
            }
        }
    }
}

/// Adds (or with `SUBTRACT`, subtracts) the 1024 `u16` lanes of each input's
/// 2048-byte XOF output into `sum`, in the kernel word order of [`SumWords`].
pub(crate) fn accumulate_u16<const SUBTRACT: bool>(sum: &mut SumWords, inputs: &[&[u8]]) {
    const OUTPUT_BLOCKS: usize = U16_SUM_XOF_LEN / BLOCK_LEN;
    for input in inputs {
        let root = root_block(input);
        for block in 0..OUTPUT_BLOCKS {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::MSG_SCHEDULE;

    /// The SIMD kernels use the precomputed schedule, this file permutes:
    /// they must agree.
    #[test]
    fn schedule_is_the_iterated_permutation() {
        let mut order: [usize; 16] = core::array::from_fn(|i| i);
        for row in MSG_SCHEDULE {
            assert_eq!(order, row);
            order = core::array::from_fn(|i| order[MSG_PERMUTATION[i]]);
        }
    }
}
