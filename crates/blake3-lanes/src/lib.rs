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
//! Messages hashed one at a time (a validator mixing out and in the accounts a
//! slot modified) have their own path: [`U16Sum::add_xof_one`] /
//! [`U16Sum::sub_xof_one`] sum one message's term, [`Backend::xof_u16_term`]
//! returns it by value (the per-account LtHash, written straight into the caller's
//! digest) and [`Backend::xof_u16_one`] into a buffer, [`Backend::xof_one`] gives any length
//! of its XOF. The message's input blocks are compressed one by one with a
//! single-message, row-wise compression (SSE4.1 rows, also used by the AVX2 and
//! AVX-512 backends) instead of taking a whole wide compression each; its
//! output blocks still fill every lane, with the block counters in lanes.
//!
//! Messages of any length have their own entry points ([`Backend::hash_many_any_len`],
//! [`Backend::xof_many_any_len`], [`U16Sum::add_xof_any_len`], [`U16Sum::sub_xof_any_len`]
//! and [`U16Sum::apply_delta`], which adds one batch and subtracts another in one call):
//! BLAKE3's chunk tree across the lanes (`tree.rs`). The chunks of every message of the
//! batch share the lanes, one chunk per lane with its own chunk counter, the parent nodes
//! of every message are compressed across the lanes level by level, and each root goes
//! through the same output phase as a one-chunk message. A single very long message fills
//! the lanes with its own chunks; the `blake3` crate's assembly is faster for that case.
//!
//! Layout follows the `blake3` crate: [`portable`](crate::Backend::Portable)
//! is the scalar reference, `sse41.rs` (4 lanes), `avx2.rs` (8 lanes) and
//! `avx512.rs` (16 lanes, one-instruction rotates, 32 registers) hold the
//! `std::arch` code for one instruction set each, `backend.rs` names the
//! backends and detects which ones the CPU has, and `platform.rs` checks the
//! arguments and dispatches to one. The lane algorithm itself (ragged message
//! lengths, output blocks with counters in lanes) is written once in
//! `lanes.rs`, generic over a vector type, and instantiated by each SIMD file
//! inside its `#[target_feature]` functions. `words.rs` holds what they all
//! share (constants, word helpers, the `u16` sum's word order) and imports
//! nothing, so the modules import each other without cycles.
//!
//! Every `unsafe` operation is in its own `unsafe` block with a `SAFETY`
//! comment (`unsafe_op_in_unsafe_fn` is denied), and only the SIMD kernel
//! files and the dispatcher have any.
//!
//! Every operation takes a [`Backend`] explicitly; [`Backend::detect`] gives
//! the best one for this CPU and the free functions [`hash_many`],
//! [`xof_many`] use it. Forcing a backend the CPU lacks returns
//! [`Error::UnsupportedBackend`]; it is never undefined behaviour.
//!
//! # Forcing the portable path: `HASHLAB_FORCE_PORTABLE=1`
//!
//! With the environment variable `HASHLAB_FORCE_PORTABLE` set to `1`
//! ([`FORCE_PORTABLE_ENV`]; read once per process, [`forced_portable`]), run-time
//! detection is off: every SIMD backend reports unsupported, [`Backend::detect`]
//! returns [`Backend::Portable`] and [`Backend::available`] lists it alone. Code
//! built on this crate then takes exactly the paths it takes on a machine
//! without SSE4.1 / AVX2 / AVX-512 or without x86, which cannot be
//! cross-compiled and run here. Only this crate's detection is affected: the
//! `blake3` crate detects on its own (its `pure` cargo feature is the
//! build-time switch). Off x86 the SIMD modules are not compiled at all: they,
//! `lanes.rs` and every dispatch arm that names them are behind
//! `cfg(any(target_arch = "x86", target_arch = "x86_64"))`.
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

mod backend;
mod error;
mod floor;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod lanes;
mod platform;
mod portable;
mod ports;
mod scalar_one;
mod tree;
mod u16sum;
mod words;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx2;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod avx512_pair;
#[cfg(all(test, target_arch = "x86_64"))]
mod pair_tests;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod sse41;

pub use backend::{forced_portable, Backend, FORCE_PORTABLE_ENV};
pub use error::Error;
pub use floor::dependent_ops;
pub use ports::{OpMeasure, VectorOp, OPS_PER_PASS, OP_CHAINS};
pub use u16sum::U16Sum;
pub use words::{BLOCK_LEN, CHUNK_LEN, OUT_LEN, U16_LANES, U16_SUM_XOF_LEN};

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
