//! Multi-lane BLAKE3 for many small, independent messages.
//!
//! The `blake3` crate hashes one message at a time; below one chunk (1024
//! bytes) it cannot use SIMD across messages. This crate hashes up to sixteen
//! independent one-chunk messages at once, one message per SIMD lane, which is
//! what a validator needs to hash millions of small accounts. It produces
//!
//! - the 32-byte BLAKE3 hash of each message ([`Backend::hash_many`]),
//! - extended (XOF) output of each message ([`Backend::xof_many`]),
//! - the lattice-hash shape fused into one step ([`U16Sum`]): 2048 bytes of
//!   XOF output per message read as 1024 little-endian `u16` and added (or
//!   subtracted) lane-wise into an accumulator, without ever writing the
//!   2048 bytes out.
//!
//! Layout follows the `blake3` crate: [`portable`](crate::Backend::Portable)
//! is the scalar reference, `sse41.rs` (4 lanes), `avx2.rs` (8 lanes) and
//! `avx512.rs` (16 lanes, one-instruction rotates, 32 registers) hold the
//! `std::arch` code for one instruction set each, and `platform.rs` picks
//! one at run time. The lane algorithm itself (ragged message lengths, output
//! blocks with counters in lanes) is written once in `lanes.rs`, generic over
//! a vector type, and instantiated by each SIMD file inside its
//! `#[target_feature]` functions.
//!
//! Every operation takes a [`Backend`] explicitly; [`Backend::detect`] gives
//! the best one for this CPU and the free functions [`hash_many`],
//! [`xof_many`] use it. Forcing a backend the CPU lacks returns
//! [`Error::UnsupportedBackend`]; it is never undefined behaviour.
//!
//! ```
//! use blake3_lanes::{Backend, U16Sum, OUT_LEN};
//!
//! let messages: [&[u8]; 3] = [b"a", b"bc", &[7u8; 300]];
//! let mut hashes = [[0u8; OUT_LEN]; 3];
//! Backend::detect().hash_many(&messages, &mut hashes)?;
//!
//! let mut sum = U16Sum::new();
//! sum.add_xof(Backend::detect(), &messages)?;
//! sum.sub_xof(Backend::detect(), &messages)?;
//! assert!(sum.is_zero());
//! # Ok::<(), blake3_lanes::Error>(())
//! ```

#![deny(unsafe_op_in_unsafe_fn)]

mod error;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod lanes;
mod platform;
mod portable;
mod u16sum;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx512;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod sse41;

pub use error::Error;
pub use platform::Backend;
pub use u16sum::{U16Sum, U16_LANES};

/// Bytes in one BLAKE3 chunk: the longest message this crate accepts.
pub const CHUNK_LEN: usize = 1024;
/// Bytes in one BLAKE3 block (one compression).
pub const BLOCK_LEN: usize = 64;
/// Bytes in a BLAKE3 hash.
pub const OUT_LEN: usize = 32;
/// Bytes of XOF output that make one [`U16Sum`] term (1024 `u16` lanes).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RootBlock {
    pub(crate) cv: [u32; 8],
    pub(crate) block: [u32; 16],
    pub(crate) block_len: u32,
    pub(crate) flags: u32,
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

/// The last block of a message, zero padded, as words; and its length.
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

#[inline(always)]
pub(crate) fn cv_from_le_bytes(bytes: &[u8; OUT_LEN]) -> [u32; 8] {
    let mut words = [0u32; 8];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    words
}

/// Hashes every input (each at most [`CHUNK_LEN`] bytes) into `out` with the
/// best backend of this CPU. See [`Backend::hash_many`].
pub fn hash_many(inputs: &[&[u8]], out: &mut [[u8; OUT_LEN]]) -> Result<(), Error> {
    Backend::detect().hash_many(inputs, out)
}

/// Writes `out_len` bytes of extended output of every input into `out` with
/// the best backend of this CPU. See [`Backend::xof_many`].
pub fn xof_many(inputs: &[&[u8]], out_len: usize, out: &mut [u8]) -> Result<(), Error> {
    Backend::detect().xof_many(inputs, out_len, out)
}
