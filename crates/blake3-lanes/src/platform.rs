//! Dispatch: every operation of [`Backend`] checks the CPU and its arguments, then calls
//! one kernel file. The enum itself and run-time detection are in `backend.rs`.

use crate::backend::Backend;
use crate::error::Error;
use crate::portable;
use crate::words::{SumWords, BLOCK_LEN, CHUNK_LEN, OUT_LEN, U16_LANES, U16_SUM_XOF_LEN};

/// The match over [`Backend`] every operation ends with: the portable arm is the safe
/// expression `$portable`; each SIMD arm calls `$func($args)` in its kernel module (the
/// three modules named in braces after the path, SSE4.1, AVX2, AVX-512 in that order),
/// `unsafe` around that call alone. Off x86 the SIMD backends are never supported, so
/// their arm is unreachable. Each call site states which argument checks precede it.
/// Used here and in `floor.rs`.
macro_rules! dispatch {
    (
        $backend:expr,
        $portable:expr,
        $($path:ident)::+ :: { $sse41:ident, $avx2:ident, $avx512:ident } :: $func:ident
            ( $($arg:expr),* $(,)? ) $(,)?
    ) => {
        match $backend {
            $crate::backend::Backend::Portable => $portable,
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            // SAFETY: the caller checked `ensure_supported()` (or `is_supported()`) for this
            // backend, so the CPU has its features (SSE4.1; AVX2; AVX-512F, AVX-512BW and
            // AVX-512VL), and made the operation's own argument checks (named at the call).
            $crate::backend::Backend::Sse41 => unsafe { $($path::)+ $sse41::$func($($arg),*) },
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            // SAFETY: as for SSE4.1 above.
            $crate::backend::Backend::Avx2 => unsafe { $($path::)+ $avx2::$func($($arg),*) },
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            // SAFETY: as for SSE4.1 above.
            $crate::backend::Backend::Avx512 => unsafe { $($path::)+ $avx512::$func($($arg),*) },
            #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
            _ => unreachable!("ensure_supported rejects SIMD backends here"),
        }
    };
}
pub(crate) use dispatch;

impl Backend {
    pub(crate) fn ensure_supported(self) -> Result<(), Error> {
        if self.is_supported() {
            Ok(())
        } else {
            Err(Error::UnsupportedBackend(self))
        }
    }

    /// Hashes every input (each at most [`CHUNK_LEN`] bytes, any count) into
    /// `out`, which must have exactly one element per input. Inputs are
    /// taken [`lanes`](Self::lanes) at a time; lengths may differ freely.
    pub fn hash_many(self, inputs: &[&[u8]], out: &mut [[u8; OUT_LEN]]) -> Result<(), Error> {
        self.ensure_supported()?;
        check_inputs(inputs)?;
        check_output_size(inputs.len(), out.len())?;
        // Checked above: every input fits in one chunk; `out` has one hash per input.
        dispatch!(
            self,
            portable::hash_many(inputs, out),
            crate::{sse41, avx2, avx512}::hash_many(inputs, out),
        );
        Ok(())
    }

    /// Writes the first `out_len` bytes of the extended output (root output
    /// blocks with counters 0, 1, ...) of every input into `out`, which must
    /// be exactly `inputs.len() * out_len` bytes: input `i` owns
    /// `out[i * out_len..(i + 1) * out_len]`. `out_len` need not be a
    /// multiple of 64.
    pub fn xof_many(self, inputs: &[&[u8]], out_len: usize, out: &mut [u8]) -> Result<(), Error> {
        self.ensure_supported()?;
        check_inputs(inputs)?;
        let expected = inputs
            .len()
            .checked_mul(out_len)
            .ok_or(Error::OutputTooLarge)?;
        check_output_size(expected, out.len())?;
        // Checked above: every input fits in one chunk; `out` is `inputs.len() * out_len` bytes.
        dispatch!(
            self,
            portable::xof_many(inputs, out_len, out),
            crate::{sse41, avx2, avx512}::xof_many(inputs, out_len, out),
        );
        Ok(())
    }

    /// Hashes each 64-byte block as its own one-block message: exactly one
    /// compression per block, `lanes()` blocks per call. Equal to
    /// `blake3::hash(block)`. Meant for measuring the cost of one compression
    /// (the floor of every strategy), not for production hashing.
    pub fn hash_blocks(
        self,
        blocks: &[[u8; BLOCK_LEN]],
        out: &mut [[u8; OUT_LEN]],
    ) -> Result<(), Error> {
        self.ensure_supported()?;
        check_output_size(blocks.len(), out.len())?;
        // Checked above: `out` has one hash per block.
        dispatch!(
            self,
            portable::hash_blocks(blocks, out),
            crate::{sse41, avx2, avx512}::hash_blocks(blocks, out),
        );
        Ok(())
    }

    pub(crate) fn accumulate_u16<const SUBTRACT: bool>(
        self,
        sum: &mut SumWords,
        inputs: &[&[u8]],
    ) -> Result<(), Error> {
        self.ensure_supported()?;
        check_inputs(inputs)?;
        // Checked above: every input fits in one chunk. The portable code takes `SUBTRACT` as
        // a const generic, the SIMD kernels as an argument.
        dispatch!(
            self,
            portable::accumulate_u16::<SUBTRACT>(sum, inputs),
            crate::{sse41, avx2, avx512}::accumulate_u16(sum, inputs, SUBTRACT),
        );
        Ok(())
    }
}

impl Backend {
    /// Writes the first `out.len()` bytes of the extended output of ONE message (at most
    /// [`CHUNK_LEN`] bytes) into `out`, any length.
    ///
    /// The single-message path, for hashing accounts one at a time: the message's input
    /// blocks are compressed one by one with a single-message (row-wise SSE4.1)
    /// compression instead of occupying a whole wide-vector compression each, and its
    /// output blocks are spread over the lanes (counters in lanes), [`lanes`](Self::lanes)
    /// per compression. Equal to `xof_many(&[input], out.len(), out)`.
    pub fn xof_one(self, input: &[u8], out: &mut [u8]) -> Result<(), Error> {
        self.ensure_supported()?;
        check_inputs(&[input])?;
        // Checked above: the input fits in one chunk.
        dispatch!(
            self,
            portable::xof_many(&[input], out.len(), out),
            crate::{sse41, avx2, avx512}::xof_one(input, out),
        );
        Ok(())
    }

    /// The lattice-hash term of ONE message (at most [`CHUNK_LEN`] bytes): its first
    /// 2048 bytes of extended output read as 1024 little-endian `u16`, in canonical order,
    /// into `out` (overwritten, not summed). The per-account LtHash digest; see
    /// [`xof_one`](Self::xof_one) for how it is computed, and
    /// [`U16Sum::add_xof_one`](crate::U16Sum::add_xof_one) to sum it into an accumulator
    /// instead. On error `out` is left unchanged.
    pub fn xof_u16_one(self, input: &[u8], out: &mut [u16; U16_LANES]) -> Result<(), Error> {
        self.ensure_supported()?;
        check_inputs(&[input])?;
        *out = self.xof_u16_term(input);
        Ok(())
    }

    /// [`xof_u16_one`](Self::xof_u16_one) returned by value, for any message length and
    /// without an error: a caller that builds its digest from the term passes its own return
    /// slot down, with no zeroed buffer passed in and no copy out. A backend this CPU lacks
    /// computes the same term with the portable code; a message longer than one chunk goes
    /// through the chunk tree ([`xof_many_any_len`](Self::xof_many_any_len)).
    pub fn xof_u16_term(self, input: &[u8]) -> [u16; U16_LANES] {
        let backend = if self.is_supported() {
            self
        } else {
            Backend::Portable
        };
        if input.len() > CHUNK_LEN || backend == Backend::Portable {
            let mut bytes = [0u8; U16_SUM_XOF_LEN];
            // `backend` is supported and `bytes` is one output of one input: no error is
            // possible; the scalar tree stands in if one ever were.
            if backend
                .xof_many_any_len(&[input], U16_SUM_XOF_LEN, &mut bytes)
                .is_err()
            {
                crate::tree::scalar::xof_many(&[input], U16_SUM_XOF_LEN, &mut bytes);
            }
            return core::array::from_fn(|i| u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]));
        }
        // Checked above: `backend` is supported (else it is the portable backend, which
        // returned above) and the input fits in one chunk.
        dispatch!(
            backend,
            unreachable!("the portable backend returned above"),
            crate::{sse41, avx2, avx512}::xof_u16_term(input),
        )
    }

    /// Adds (or with `SUBTRACT`, subtracts) ONE message's 2048-byte XOF output into
    /// `sum`: the single-message path of [`xof_one`](Self::xof_one), summed from the
    /// registers.
    pub(crate) fn accumulate_u16_one<const SUBTRACT: bool>(
        self,
        sum: &mut SumWords,
        input: &[u8],
    ) -> Result<(), Error> {
        self.ensure_supported()?;
        check_inputs(&[input])?;
        // Checked above: the input fits in one chunk.
        dispatch!(
            self,
            portable::accumulate_u16::<SUBTRACT>(sum, &[input]),
            crate::{sse41, avx2, avx512}::accumulate_u16_one(sum, input, SUBTRACT),
        );
        Ok(())
    }

    /// One message's root block with this backend's single-message code (the portable
    /// code for [`Backend::Portable`]), for the tests.
    #[cfg(test)]
    pub(crate) fn root_block_one(self, input: &[u8]) -> Result<crate::words::RootBlock, Error> {
        self.ensure_supported()?;
        if input.len() > crate::words::CHUNK_LEN {
            return Err(Error::InputTooLong {
                index: 0,
                len: input.len(),
            });
        }
        Ok(dispatch!(
            self,
            portable::root_block(input),
            crate::{sse41, avx2, avx512}::root_block_one(input),
        ))
    }

    /// One compression with this backend's single-message code (the portable compression
    /// for [`Backend::Portable`]), for the tests.
    #[cfg(test)]
    pub(crate) fn compress_one(
        self,
        cv: &[u32; 8],
        block: &[u32; 16],
        counter: u64,
        block_len: u32,
        flags: u32,
    ) -> Result<[u32; 16], Error> {
        self.ensure_supported()?;
        // No argument checks: any chaining value, block, counter, length and flags.
        Ok(dispatch!(
            self,
            portable::compress(cv, block, counter, block_len, flags),
            crate::{sse41, avx2, avx512}::compress_one(cv, block, counter, block_len, flags),
        ))
    }
}

/// Messages of any length (the chunk tree across the lanes, `tree.rs`).
impl Backend {
    /// [`hash_many`](Self::hash_many) for messages of any length: each input's 32-byte
    /// BLAKE3 hash into `out` (one element per input). Chunks of all inputs share the
    /// lanes, one chunk per lane with its own counter, then their parent nodes and the
    /// roots are compressed across the lanes too, so long and short messages mix freely in
    /// one call. A batch of one-chunk inputs takes [`hash_many`](Self::hash_many). Batches
    /// with a longer input allocate scratch memory (32 bytes per chunk of a window of
    /// inputs), once per call.
    pub fn hash_many_any_len(
        self,
        inputs: &[&[u8]],
        out: &mut [[u8; OUT_LEN]],
    ) -> Result<(), Error> {
        if check_inputs(inputs).is_ok() {
            return self.hash_many(inputs, out);
        }
        self.ensure_supported()?;
        check_output_size(inputs.len(), out.len())?;
        // Checked above: `out` has one hash per input (and some input is longer than a chunk,
        // which the tree kernels allow).
        dispatch!(
            self,
            crate::tree::scalar::hash_many(inputs, out),
            crate::tree::{sse41, avx2, avx512}::hash_many(inputs, out),
        );
        Ok(())
    }

    /// [`xof_many`](Self::xof_many) for messages of any length (see
    /// [`hash_many_any_len`](Self::hash_many_any_len) for how they share the lanes):
    /// `out` is exactly `inputs.len() * out_len` bytes, input `i` owning
    /// `out[i * out_len..(i + 1) * out_len]`.
    pub fn xof_many_any_len(
        self,
        inputs: &[&[u8]],
        out_len: usize,
        out: &mut [u8],
    ) -> Result<(), Error> {
        if check_inputs(inputs).is_ok() {
            return self.xof_many(inputs, out_len, out);
        }
        self.ensure_supported()?;
        let expected = inputs
            .len()
            .checked_mul(out_len)
            .ok_or(Error::OutputTooLarge)?;
        check_output_size(expected, out.len())?;
        // Checked above: `out` is `inputs.len() * out_len` bytes; any input length is allowed.
        dispatch!(
            self,
            crate::tree::scalar::xof_many(inputs, out_len, out),
            crate::tree::{sse41, avx2, avx512}::xof_many(inputs, out_len, out),
        );
        Ok(())
    }

    pub(crate) fn accumulate_u16_any_len<const SUBTRACT: bool>(
        self,
        sum: &mut SumWords,
        inputs: &[&[u8]],
    ) -> Result<(), Error> {
        if check_inputs(inputs).is_ok() {
            return self.accumulate_u16::<SUBTRACT>(sum, inputs);
        }
        self.ensure_supported()?;
        // No argument checks: any input length is allowed.
        dispatch!(
            self,
            crate::tree::scalar::accumulate_u16::<SUBTRACT>(sum, inputs),
            crate::tree::{sse41, avx2, avx512}::accumulate_u16(sum, inputs, SUBTRACT),
        );
        Ok(())
    }
}

fn check_inputs(inputs: &[&[u8]]) -> Result<(), Error> {
    match inputs.iter().position(|input| input.len() > CHUNK_LEN) {
        Some(index) => Err(Error::InputTooLong {
            index,
            len: inputs[index].len(),
        }),
        None => Ok(()),
    }
}

fn check_output_size(expected: usize, actual: usize) -> Result<(), Error> {
    if expected == actual {
        Ok(())
    } else {
        Err(Error::OutputSize { expected, actual })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::backend::tests::DISABLED;

    #[test]
    fn an_unsupported_backend_is_an_error_not_undefined_behaviour() {
        let widest = Backend::detect();
        if widest == Backend::Portable {
            // Nothing to disable; the SIMD backends are genuinely unsupported.
            assert!(!Backend::Avx2.is_supported());
        }
        let victim = if widest == Backend::Portable {
            Backend::Avx2
        } else {
            widest
        };
        DISABLED.with(|disabled| disabled.set(Some(victim)));
        assert!(!victim.is_supported());
        assert_ne!(Backend::detect(), victim);
        assert!(Backend::available().all(|b| b != victim));

        let input: &[u8] = b"abc";
        let unsupported = Err(Error::UnsupportedBackend(victim));
        let mut hash = [[0u8; OUT_LEN]; 1];
        assert_eq!(victim.hash_many(&[input], &mut hash), unsupported);
        assert_eq!(hash, [[0u8; OUT_LEN]; 1]);
        let mut xof = [0u8; 10];
        assert_eq!(victim.xof_many(&[input], 10, &mut xof), unsupported);
        assert_eq!(
            victim.hash_blocks(&[[0u8; BLOCK_LEN]], &mut hash),
            unsupported
        );
        let mut sum = crate::U16Sum::new();
        assert_eq!(sum.add_xof(victim, &[input]), unsupported);
        assert_eq!(sum.sub_xof(victim, &[input]), unsupported);
        assert!(sum.is_zero());
        let message = Error::UnsupportedBackend(victim).to_string();
        assert!(message.contains(victim.name()), "{message}");
        // The by-value term has no error: the portable code computes the same term, short
        // or longer than a chunk.
        for len in [3, CHUNK_LEN + 5] {
            let long = vec![9u8; len];
            let mut bytes = [0u8; U16_SUM_XOF_LEN];
            blake3::Hasher::new()
                .update(&long)
                .finalize_xof()
                .fill(&mut bytes);
            let term = victim.xof_u16_term(&long);
            assert!(
                term.iter()
                    .zip(bytes.chunks_exact(2))
                    .all(|(&lane, pair)| lane == u16::from_le_bytes([pair[0], pair[1]])),
                "len {len}"
            );
        }

        // The fallback the dispatcher now picks still hashes correctly.
        Backend::detect().hash_many(&[input], &mut hash).unwrap();
        let mut reference = [[0u8; OUT_LEN]; 1];
        Backend::Portable
            .hash_many(&[input], &mut reference)
            .unwrap();
        assert_eq!(hash, reference);
        DISABLED.with(|disabled| disabled.set(None));
        assert!(victim.is_supported() || widest == Backend::Portable);
    }

    /// Deterministic pseudo-random words (xorshift).
    fn words<const N: usize>(state: &mut u64) -> [u32; N] {
        core::array::from_fn(|_| {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            (*state >> 16) as u32
        })
    }

    /// Every backend's single-message compression (row-wise SIMD) equals the portable
    /// compression, full 16-word output, over random chaining values, blocks, counters
    /// (both halves), block lengths and flags.
    #[test]
    fn single_message_compression_equals_portable() {
        let mut state = 0x0123_4567_89AB_CDEF_u64;
        for case in 0..2000 {
            let cv = words::<8>(&mut state);
            let block = words::<16>(&mut state);
            let [lo, hi, len, flags] = words::<4>(&mut state);
            let counter = match case % 3 {
                0 => u64::from(lo % 64),
                1 => u64::from(lo),
                _ => u64::from(lo) | (u64::from(hi) << 32),
            };
            let block_len = len % 65;
            let flags = flags & 0xFF;
            let expected = portable::compress(&cv, &block, counter, block_len, flags);
            for backend in Backend::available() {
                assert_eq!(
                    backend
                        .compress_one(&cv, &block, counter, block_len, flags)
                        .unwrap(),
                    expected,
                    "{backend:?}, case {case}"
                );
            }
        }
    }

    /// Every backend's single-message root block (the one the per-account LtHash and XOF
    /// calls build) is the portable one, for every length of one chunk, with the CPU taken
    /// to have one-cycle and then two-cycle vector operations: the row-wise code and the
    /// scalar code, each with the backend's load of the last block.
    #[test]
    fn every_single_message_root_block_is_the_portable_one() {
        use crate::backend::tests::TWO_CYCLE;
        let input: Vec<u8> = (0..crate::words::CHUNK_LEN)
            .map(|i| (i * 7 + 3) as u8)
            .collect();
        for two_cycle in [false, true] {
            TWO_CYCLE.with(|forced| forced.set(Some(two_cycle)));
            for backend in Backend::available() {
                for len in 0..=input.len() {
                    assert_eq!(
                        backend.root_block_one(&input[..len]).unwrap(),
                        portable::root_block(&input[..len]),
                        "{backend:?} two_cycle {two_cycle} len {len}"
                    );
                }
            }
        }
        TWO_CYCLE.with(|forced| forced.set(None));
    }

    /// Both forms of the throughput floor (one chain per lane, two in lockstep) give
    /// BLAKE3's output, whichever form this CPU picks, and the kernels whose code follows
    /// the same CPU check (AVX-512's single-message code) stay right: each backend with the
    /// CPU taken to have one-cycle and then two-cycle vector operations, the per-account
    /// LtHash term, the sum of a batch and the floor chains against the blake3 crate.
    #[test]
    fn both_floor_forms_and_the_kernels_equal_blake3() {
        use crate::backend::tests::TWO_CYCLE;
        use crate::words::{CHUNK_LEN, U16_LANES};
        let input: Vec<u8> = (0..CHUNK_LEN).map(|i| (i * 13 + 5) as u8).collect();
        let block: [u8; BLOCK_LEN] = input[..BLOCK_LEN].try_into().unwrap();
        for two_cycle in [false, true] {
            TWO_CYCLE.with(|forced| forced.set(Some(two_cycle)));
            assert_eq!(
                Backend::Sse41.floor_lockstep(),
                if two_cycle { 2 } else { 1 }
            );
            for backend in Backend::available() {
                for len in [0, 1, 64, 65, 238, 1023, 1024] {
                    let message = &input[..len];
                    let mut xof = [0u8; 2 * U16_LANES];
                    blake3::Hasher::new()
                        .update(message)
                        .finalize_xof()
                        .fill(&mut xof);
                    let term: Vec<u16> = xof
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]]))
                        .collect();
                    let mut lanes = [0u16; U16_LANES];
                    backend.xof_u16_one(message, &mut lanes).unwrap();
                    assert_eq!(
                        lanes[..],
                        term[..],
                        "{backend:?} two_cycle {two_cycle} len {len}"
                    );
                    let mut sum = crate::U16Sum::new();
                    sum.add_xof(backend, &[message; 3]).unwrap();
                    let tripled: Vec<u16> = term.iter().map(|t| t.wrapping_mul(3)).collect();
                    assert_eq!(
                        sum.to_lanes()[..],
                        tripled[..],
                        "{backend:?} two_cycle {two_cycle} len {len}"
                    );
                }
                let chains = backend.floor_chains();
                let mut xof = vec![0u8; BLOCK_LEN * chains];
                blake3::Hasher::new()
                    .update(&block)
                    .finalize_xof()
                    .fill(&mut xof);
                let mut out = vec![[0u8; OUT_LEN]; chains];
                backend.compression_chains(&block, 1, &mut out).unwrap();
                for (chain, cv) in out.iter().enumerate() {
                    assert_eq!(
                        cv[..],
                        xof[BLOCK_LEN * chain..BLOCK_LEN * chain + OUT_LEN],
                        "{backend:?} two_cycle {two_cycle} chain {chain}"
                    );
                }
            }
        }
        TWO_CYCLE.with(|forced| forced.set(None));
    }

    #[test]
    fn names_and_lanes() {
        let names: Vec<_> = Backend::ALL.iter().map(|b| (b.name(), b.lanes())).collect();
        assert_eq!(
            names,
            [("portable", 1), ("sse41", 4), ("avx2", 8), ("avx512", 16)]
        );
    }
}
