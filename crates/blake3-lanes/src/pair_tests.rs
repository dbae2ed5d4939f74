//! `lanes::whole_chunks_pair` against scalar code, on counters whose high halves differ per
//! lane and per group (the tree's messages never reach them): AVX-512's assembly, and the
//! generic `compress_pair_chain` through AVX2.

use crate::lanes::{whole_chunks_pair, LaneVector, MAX_LANES};
use crate::words::{words_from_le_bytes, CHUNK_END, CHUNK_START};
use crate::words::{BLOCK_LEN, CHUNK_LEN, IV, OUT_LEN};

type Cvs = [[[u8; OUT_LEN]; MAX_LANES]; 2];

/// A whole chunk's chaining value, one scalar compression per block.
fn chunk_cv(chunk: &[u8; CHUNK_LEN], counter: u64) -> [u8; OUT_LEN] {
    let mut cv = IV;
    for (index, block) in chunk.chunks_exact(BLOCK_LEN).enumerate() {
        let flags = match index {
            0 => CHUNK_START,
            15 => CHUNK_END,
            _ => 0,
        };
        let block = words_from_le_bytes(block.try_into().expect("one block"));
        let state = crate::portable::compress(&cv, &block, counter, BLOCK_LEN as u32, flags);
        cv.copy_from_slice(&state[..8]);
    }
    let mut bytes = [0u8; OUT_LEN];
    for (out, word) in bytes.chunks_exact_mut(4).zip(cv) {
        out.copy_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// # Safety
///
/// The CPU must support `V`'s instruction set.
#[inline(always)]
unsafe fn run<V: LaneVector>(
    chunks: &[[&[u8; CHUNK_LEN]; MAX_LANES]; 2],
    counters: &[[u64; MAX_LANES]; 2],
) -> Cvs {
    // SAFETY: `V`'s methods; the CPU supports its instruction set (this function's
    // contract).
    unsafe {
        let mut counter = [[V::splat(0); 2]; 2];
        for (counter, lanes) in counter.iter_mut().zip(counters) {
            let lo: [u32; MAX_LANES] = core::array::from_fn(|l| lanes[l] as u32);
            let hi: [u32; MAX_LANES] = core::array::from_fn(|l| (lanes[l] >> 32) as u32);
            *counter = [V::from_lanes(&lo), V::from_lanes(&hi)];
        }
        let cv = whole_chunks_pair::<V>(chunks, &counter);
        let mut out = [[[0u8; OUT_LEN]; MAX_LANES]; 2];
        for (out, cv) in out.iter_mut().zip(&cv) {
            V::store_transposed_cvs(cv, &mut out[..V::LANES]);
        }
        out
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn run_avx512(
    chunks: &[[&[u8; CHUNK_LEN]; MAX_LANES]; 2],
    counters: &[[u64; MAX_LANES]; 2],
) -> Cvs {
    // SAFETY: the CPU supports AVX-512F, BW and VL (this function's contract).
    unsafe { run::<crate::avx512::Avx512Vector>(chunks, counters) }
}

#[target_feature(enable = "avx2")]
unsafe fn run_avx2(
    chunks: &[[&[u8; CHUNK_LEN]; MAX_LANES]; 2],
    counters: &[[u64; MAX_LANES]; 2],
) -> Cvs {
    // SAFETY: the CPU supports AVX2 (this function's contract).
    unsafe { run::<crate::avx2::Avx2Vector>(chunks, counters) }
}

#[test]
fn the_pair_of_whole_chunks_is_the_scalar_chunk_with_any_counter() {
    let data: Vec<u8> = (0..2 * MAX_LANES * CHUNK_LEN)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_right(13) as u8)
        .collect();
    let chunks: [[&[u8; CHUNK_LEN]; MAX_LANES]; 2] = core::array::from_fn(|g| {
        core::array::from_fn(|l| {
            data[(g * MAX_LANES + l) * CHUNK_LEN..]
                .first_chunk()
                .expect("one chunk")
        })
    });
    let counters: [[u64; MAX_LANES]; 2] = core::array::from_fn(|g| {
        core::array::from_fn(|l| ((1 + 3 * g + l) as u64) << 32 | (5 + 7 * l + 100 * g) as u64)
    });
    let mut runs: Vec<(&str, usize, Cvs)> = Vec::new();
    if std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
    {
        // SAFETY: the CPU supports AVX-512F, BW and VL (detected above).
        runs.push(("avx512", 16, unsafe { run_avx512(&chunks, &counters) }));
    }
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2 (detected above).
        runs.push(("avx2", 8, unsafe { run_avx2(&chunks, &counters) }));
    }
    if runs.is_empty() {
        eprintln!("neither AVX-512 nor AVX2: the pair is not checked");
    }
    for (name, lanes, cvs) in runs {
        for group in 0..2 {
            for lane in 0..lanes {
                let expected = chunk_cv(chunks[group][lane], counters[group][lane]);
                assert_eq!(
                    cvs[group][lane], expected,
                    "{name}: group {group}, lane {lane}"
                );
            }
        }
    }
}
