//! The validator's lattice-hash crate, `solana-lattice-hash` 4.4.0, on hashlab's kernels.
//!
//! The public API is exactly the released crate's: `lt_hash::LtHash`,
//! `lt_hash::Checksum`, `lt_hash::SingleLtHashUpdater`, `batch::Accumulator` and
//! `batch::MessageBuilder`, behind the same feature `agave-unstable-api`. A validator takes
//! it with one line and builds unchanged:
//!
//! ```toml
//! [patch.crates-io]
//! solana-lattice-hash = { path = "../hashlab/crates/solana-lattice-hash" }
//! ```
//!
//! What differs is the work behind `batch::Accumulator`: every message, of any length,
//! is hashed across SIMD lanes by `blake3_lanes` (one message per lane up to one chunk, the
//! chunks of longer messages sharing the lanes, the 2048-byte output summed from the
//! registers), parts are written straight into the lane buffers, and the backend (AVX-512,
//! AVX2, SSE4.1) is picked at run time. A batch of one or two messages takes the
//! single-message path (input blocks one after another, output blocks across the lanes).
//! The features `max-avx2`, `max-sse41` and `max-portable` cap the backend; `max-portable`
//! hashes with the blake3 crate one message at a time, as the released crate does without
//! SIMD.
//!
//! Results are bit-identical to the released crate's for every input: its own tests run
//! against this crate (`cargo xtask upstream`), and `tests/differential` compares the two
//! on random messages, parts and call sequences.
#![cfg(feature = "agave-unstable-api")]
#![forbid(unsafe_code)]

pub mod batch;
pub mod lt_hash;
