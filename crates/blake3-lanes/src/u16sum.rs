//! [`U16Sum`]: the lattice-hash accumulator, fused with the XOF that feeds it.

use crate::backend::Backend;
use crate::error::Error;
use crate::words::{add_u16_pair, sub_u16_pair, word_index, SumWords, SUM_WORDS, U16_LANES};
use std::fmt;

/// A sum of 1024 wrapping `u16` lanes, each term being the first 2048 bytes
/// of BLAKE3 extended output of a message (read as little-endian `u16`):
/// the shape of Solana's accounts lattice hash.
///
/// Terms are added with [`add_xof`](Self::add_xof) and removed with
/// [`sub_xof`](Self::sub_xof) without the 2048 output bytes ever being
/// written out: the kernel adds its output registers straight into the sum,
/// which it keeps in its own word order. [`to_lanes`](Self::to_lanes) and
/// [`from_lanes`](Self::from_lanes) convert to and from the canonical order.
#[derive(Clone, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct U16Sum {
    words: SumWords,
}

impl U16Sum {
    /// The empty sum (all lanes zero).
    pub const fn new() -> Self {
        U16Sum {
            words: [0; SUM_WORDS],
        }
    }

    /// Adds the 2048-byte XOF output of every input (each at most
    /// [`CHUNK_LEN`](crate::CHUNK_LEN) bytes) lane-wise, wrapping.
    /// On error the sum is left unchanged.
    pub fn add_xof(&mut self, backend: Backend, inputs: &[&[u8]]) -> Result<(), Error> {
        backend.accumulate_u16::<false>(&mut self.words, inputs)
    }

    /// Subtracts the 2048-byte XOF output of every input lane-wise, wrapping:
    /// the inverse of [`add_xof`](Self::add_xof). On error the sum is left unchanged.
    pub fn sub_xof(&mut self, backend: Backend, inputs: &[&[u8]]) -> Result<(), Error> {
        backend.accumulate_u16::<true>(&mut self.words, inputs)
    }

    /// Adds the 2048-byte XOF output of ONE message (at most
    /// [`CHUNK_LEN`](crate::CHUNK_LEN) bytes) lane-wise, wrapping: the per-account path,
    /// e.g. an account a slot modified mixed in to the accounts lattice hash.
    ///
    /// Same result as `add_xof(backend, &[input])`, computed for one message: the input
    /// blocks with a single-message (row-wise SSE4.1) compression each, instead of a
    /// wide-vector compression with one busy lane, and the 32 output blocks
    /// [`Backend::lanes`] per compression, summed from the registers. Longer messages are
    /// an [`Error::InputTooLong`] (hash them with the `blake3` crate). On error the sum is
    /// left unchanged.
    pub fn add_xof_one(&mut self, backend: Backend, input: &[u8]) -> Result<(), Error> {
        backend.accumulate_u16_one::<false>(&mut self.words, input)
    }

    /// Subtracts the 2048-byte XOF output of ONE message lane-wise, wrapping: the inverse
    /// of [`add_xof_one`](Self::add_xof_one) (an account mixed out). On error the sum is
    /// left unchanged.
    pub fn sub_xof_one(&mut self, backend: Backend, input: &[u8]) -> Result<(), Error> {
        backend.accumulate_u16_one::<true>(&mut self.words, input)
    }

    /// [`add_xof`](Self::add_xof) for messages of any length: the chunks of all inputs
    /// share the lanes, then their parent nodes, then each root's 32 output blocks (see
    /// [`Backend::hash_many_any_len`]). On error the sum is left unchanged.
    pub fn add_xof_any_len(&mut self, backend: Backend, inputs: &[&[u8]]) -> Result<(), Error> {
        backend.accumulate_u16_any_len::<false>(&mut self.words, inputs)
    }

    /// Subtracts the 2048-byte XOF output of every input (any length) lane-wise: the
    /// inverse of [`add_xof_any_len`](Self::add_xof_any_len), mixing a batch out with no
    /// second accumulator. On error the sum is left unchanged.
    pub fn sub_xof_any_len(&mut self, backend: Backend, inputs: &[&[u8]]) -> Result<(), Error> {
        backend.accumulate_u16_any_len::<true>(&mut self.words, inputs)
    }

    /// A delta in one call: adds the terms of `added` and subtracts those of `removed`
    /// (both of any length), e.g. a slot's writes, new versions in and old versions out.
    /// On error the sum is left unchanged.
    pub fn apply_delta(
        &mut self,
        backend: Backend,
        added: &[&[u8]],
        removed: &[&[u8]],
    ) -> Result<(), Error> {
        let mut words = self.words;
        backend.accumulate_u16_any_len::<false>(&mut words, added)?;
        backend.accumulate_u16_any_len::<true>(&mut words, removed)?;
        self.words = words;
        Ok(())
    }

    /// Adds another sum lane-wise (wrapping).
    pub fn add_sum(&mut self, other: &U16Sum) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a = add_u16_pair(*a, *b);
        }
    }

    /// Subtracts another sum lane-wise (wrapping).
    pub fn sub_sum(&mut self, other: &U16Sum) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a = sub_u16_pair(*a, *b);
        }
    }

    /// True when every lane is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The lanes in canonical order: lane `i` is the sum of the little-endian
    /// `u16` at bytes `2i..2i+2` of each term's XOF output.
    pub fn to_lanes(&self) -> [u16; U16_LANES] {
        let mut lanes = [0u16; U16_LANES];
        for block in 0..U16_LANES / 32 {
            for word in 0..16 {
                let value = self.words[word_index(block, word)];
                let lane = 2 * (16 * block + word);
                lanes[lane] = value as u16;
                lanes[lane + 1] = (value >> 16) as u16;
            }
        }
        lanes
    }

    /// The sum whose canonical lanes are `lanes` (inverse of [`to_lanes`](Self::to_lanes)).
    pub fn from_lanes(lanes: &[u16; U16_LANES]) -> Self {
        let mut sum = U16Sum::new();
        for block in 0..U16_LANES / 32 {
            for word in 0..16 {
                let lane = 2 * (16 * block + word);
                sum.words[word_index(block, word)] =
                    u32::from(lanes[lane]) | (u32::from(lanes[lane + 1]) << 16);
            }
        }
        sum
    }

    /// The lanes in canonical order as 2048 little-endian bytes (the input of
    /// the lattice hash checksum).
    pub fn to_le_bytes(&self) -> [u8; 2 * U16_LANES] {
        let mut bytes = [0u8; 2 * U16_LANES];
        for (pair, lane) in bytes.chunks_exact_mut(2).zip(self.to_lanes()) {
            pair.copy_from_slice(&lane.to_le_bytes());
        }
        bytes
    }
}

impl Default for U16Sum {
    fn default() -> Self {
        U16Sum::new()
    }
}

impl fmt::Debug for U16Sum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lanes = self.to_lanes();
        f.debug_struct("U16Sum")
            .field("first_lanes", &&lanes[..8])
            .finish_non_exhaustive()
    }
}
