//! The machine's floors for BLAKE3 compression, per backend: how fast the lanes compress
//! when nothing but compression runs (register-only throughput), and how long one
//! message's compression takes when each depends on the one before (single-message
//! latency). Each is a chain of compressions of one block with length 64 and flags
//! `CHUNK_START | CHUNK_END | ROOT`, starting from the IV, each output chaining value the
//! next input one, so its result is checkable: one compression in lane `l` is the first
//! 32 bytes of output block `l` of `blake3` on that 64-byte block.

use crate::backend::Backend;
use crate::error::Error;
use crate::platform::dispatch;
use crate::portable;
use crate::words::{words_from_le_bytes, BLOCK_LEN, OUT_LEN};

/// AVX-512's throughput floor: the two compressions in lockstep as assembly on x86-64
/// (`avx512_pair.rs`; the compiled form of the same loop runs about 1.7x the ALU bound,
/// this one nearer it), the compiled loop on 32-bit x86.
#[cfg(target_arch = "x86")]
use crate::avx512 as avx512_floor;
#[cfg(target_arch = "x86_64")]
use crate::avx512_pair as avx512_floor;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
use crate::{avx2, sse41};

fn cv_bytes(cv: &[u32; 8]) -> [u8; OUT_LEN] {
    let mut out = [0u8; OUT_LEN];
    for (chunk, word) in out.chunks_exact_mut(4).zip(cv) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// A chain of `ops` dependent integer operations on one register, alternately a xor and an
/// add of two opaque constants: one cycle each on any x86-64 core, so the time per
/// operation is the clock period the floors' cycles are counted in. Nothing goes through
/// memory: a value passed through `black_box` at every step would be stored and loaded
/// again, and the loop would time store-to-load forwarding instead (several cycles on Intel
/// cores, about one on AMD cores that rename memory operands). The result depends on every
/// operation.
pub fn dependent_ops(ops: usize) -> u64 {
    let xor = std::hint::black_box(0x9E37_79B9_7F4A_7C15_u64);
    let add = std::hint::black_box(1u64);
    let mut x = std::hint::black_box(0u64);
    for _ in 0..ops / 2 {
        x = (x ^ xor).wrapping_add(add);
    }
    if ops % 2 == 1 {
        x ^= xor;
    }
    x
}

impl Backend {
    /// The register-only throughput floor: [`floor_chains`](Self::floor_chains)
    /// independent chains (two interleaved per lane on AVX-512 and portable, and on every
    /// backend where vector operations take two cycles; one per lane on SSE4.1 and AVX2
    /// otherwise) of `compressions` compressions of
    /// `block`, chain `k` with counter `k`, the message words broadcast and every chaining
    /// value kept in registers. `out` must have one entry per chain and receives each
    /// chain's last chaining value. Time per call divided by `compressions *
    /// floor_chains()` is what one lane-compression costs with nothing loaded, stored or
    /// transposed. For measuring, not hashing.
    pub fn compression_chains(
        self,
        block: &[u8; BLOCK_LEN],
        compressions: usize,
        out: &mut [[u8; OUT_LEN]],
    ) -> Result<(), Error> {
        self.ensure_supported()?;
        if out.len() != self.floor_chains() {
            return Err(Error::OutputSize {
                expected: self.floor_chains(),
                actual: out.len(),
            });
        }
        let words = words_from_le_bytes(block);
        // Checked above: `out` has one entry per chain (`floor_chains`).
        dispatch!(
            self,
            {
                for (counter, cv) in out.iter_mut().enumerate() {
                    *cv = cv_bytes(&portable::chain(&words, counter as u64, compressions));
                }
            },
            self::{sse41, avx2, avx512_floor}::compression_chains(&words, compressions, out),
        );
        Ok(())
    }

    /// The single-message latency floor: one dependent chain of `compressions`
    /// compressions of `block` (counter 0) with the backend's single-message code (the
    /// input phase of [`U16Sum::add_xof_one`](crate::U16Sum::add_xof_one)); returns the
    /// last chaining value. Time per call divided by `compressions` is one compression's
    /// latency. For measuring, not hashing.
    pub fn compression_chain_one(
        self,
        block: &[u8; BLOCK_LEN],
        compressions: usize,
    ) -> Result<[u8; OUT_LEN], Error> {
        self.ensure_supported()?;
        // No argument checks: any block and number of compressions.
        let cv = dispatch!(
            self,
            crate::scalar_one::compression_chain(block, compressions),
            crate::{sse41, avx2, avx512}::compression_chain_one(block, compressions),
        );
        Ok(cv_bytes(&cv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(seed: u8) -> [u8; BLOCK_LEN] {
        core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(seed))
    }

    #[test]
    fn both_floors_equal_the_scalar_chain_on_every_backend() {
        for backend in Backend::available() {
            for compressions in [0, 1, 2, 7] {
                let b = block(compressions as u8);
                let words = words_from_le_bytes(&b);
                let mut out = vec![[0u8; OUT_LEN]; backend.floor_chains()];
                backend
                    .compression_chains(&b, compressions, &mut out)
                    .unwrap();
                for (lane, cv) in out.iter().enumerate() {
                    let expected = cv_bytes(&portable::chain(&words, lane as u64, compressions));
                    assert_eq!(*cv, expected, "{backend:?} lane {lane} n={compressions}");
                }
                let one = backend.compression_chain_one(&b, compressions).unwrap();
                assert_eq!(one, cv_bytes(&portable::chain(&words, 0, compressions)));
            }
        }
    }

    /// AVX-512's assembly chains (`avx512_pair.rs`) equal the compiled form of the same floor, chain by chain.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_pair_equals_the_compiled_floor() {
        if !crate::Backend::Avx512.is_supported() {
            return;
        }
        let block: [u32; 16] = core::array::from_fn(|i| (i as u32).wrapping_mul(0x9E37_79B9));
        for compressions in [0, 1, 3, 8] {
            let mut asm = vec![[0u8; crate::OUT_LEN]; 32];
            let mut compiled = vec![[0u8; crate::OUT_LEN]; 32];
            // SAFETY: the CPU supports AVX-512F, BW and VL (checked above); 32 outputs each.
            unsafe {
                crate::avx512_pair::compression_chains(&block, compressions, &mut asm);
                crate::avx512::compression_chains(&block, compressions, &mut compiled);
            }
            assert_eq!(asm, compiled, "{compressions} compressions");
        }
    }

    #[test]
    fn dependent_ops_does_every_operation() {
        let xor = 0x9E37_79B9_7F4A_7C15_u64;
        for ops in [0, 1, 2, 3, 10, 1001] {
            let mut x = 0u64;
            for op in 0..ops {
                x = if op % 2 == 0 {
                    x ^ xor
                } else {
                    x.wrapping_add(1)
                };
            }
            assert_eq!(dependent_ops(ops), x, "ops {ops}");
        }
    }

    #[test]
    fn wrong_output_size_is_an_error() {
        let err = Backend::Portable.compression_chains(&block(0), 1, &mut []);
        assert!(
            matches!(
                err,
                Err(Error::OutputSize {
                    expected: 2,
                    actual: 0
                })
            ),
            "{err:?}"
        );
    }
}
