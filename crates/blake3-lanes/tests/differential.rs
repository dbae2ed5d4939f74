//! Every backend this CPU has, against the `blake3` crate and against the
//! portable reference: hashes, extended output and the fused `u16` sum.

use blake3_lanes::{Backend, Error, U16Sum, CHUNK_LEN, OUT_LEN, U16_LANES, U16_SUM_XOF_LEN};
use proptest::prelude::*;

mod common;
use common::{expected_xof, test_bytes};

fn expected_lanes(terms: &[(&[u8], bool)]) -> [u16; U16_LANES] {
    let mut lanes = [0u16; U16_LANES];
    for (input, subtract) in terms {
        let xof = expected_xof(input, U16_SUM_XOF_LEN);
        for (lane, pair) in lanes.iter_mut().zip(xof.chunks_exact(2)) {
            let value = u16::from_le_bytes([pair[0], pair[1]]);
            *lane = if *subtract {
                lane.wrapping_sub(value)
            } else {
                lane.wrapping_add(value)
            };
        }
    }
    lanes
}

fn backends() -> Vec<Backend> {
    Backend::available().collect()
}

#[test]
fn every_backend_is_forced_and_runs() {
    let available = backends();
    assert!(available.contains(&Backend::Portable));
    assert_eq!(Backend::detect(), *available.last().unwrap());
    #[cfg(target_arch = "x86_64")]
    {
        // Every x86_64 CPU has SSE2; the test machine has AVX2. Print what ran.
        eprintln!("backends tested: {available:?}");
    }
    for backend in Backend::ALL {
        let input: &[u8] = b"abc";
        let mut out = [[0u8; OUT_LEN]; 1];
        let result = backend.hash_many(&[input], &mut out);
        if backend.is_supported() {
            result.unwrap();
            assert_eq!(out[0], *blake3::hash(input).as_bytes(), "{backend:?}");
        } else {
            assert_eq!(result, Err(Error::UnsupportedBackend(backend)));
        }
    }
}

#[test]
fn hash_every_length_one_batch_of_mixed_lengths() {
    let messages: Vec<Vec<u8>> = (0..=CHUNK_LEN)
        .map(|len| test_bytes(len, len as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    for backend in backends() {
        let mut out = vec![[0u8; OUT_LEN]; inputs.len()];
        backend.hash_many(&inputs, &mut out).unwrap();
        for (len, (input, hash)) in inputs.iter().zip(&out).enumerate() {
            assert_eq!(
                hash,
                blake3::hash(input).as_bytes(),
                "{backend:?} len {len}"
            );
        }
    }
}

#[test]
fn hash_every_length_in_uniform_batches_with_remainder() {
    // 11 messages of one length: one full batch of 8 (or two of 4) plus a
    // remainder, in every backend.
    for len in 0..=CHUNK_LEN {
        let messages: Vec<Vec<u8>> = (0..11)
            .map(|i| test_bytes(len, 1000 * i + len as u64))
            .collect();
        assert_every_backend_hashes(&messages, &format!("len {len}"));
    }
}

/// Every backend's `hash_many` of `messages` in one call equals the blake3 crate's hashes.
fn assert_every_backend_hashes(messages: &[Vec<u8>], what: &str) {
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let expected: Vec<[u8; OUT_LEN]> = inputs.iter().map(|m| *blake3::hash(m).as_bytes()).collect();
    for backend in backends() {
        let mut out = vec![[0u8; OUT_LEN]; inputs.len()];
        backend.hash_many(&inputs, &mut out).unwrap();
        assert_eq!(out, expected, "{backend:?} {what}");
    }
}

/// `hash_many` takes a fast path for a batch whose messages all have one length and the
/// general (per-lane block count) path otherwise. Groups of 16 (as the lab's batch
/// strategy calls it) of one length, then the same group with one message a different
/// length, at every position, for lengths around every block boundary and the legacy
/// account hash (246 bytes); and every group size from 1 to 16 of one length.
#[test]
fn hash_uniform_groups_and_groups_with_one_odd_length() {
    let lens = [
        0usize, 1, 54, 63, 64, 65, 127, 128, 129, 165, 191, 192, 193, 238, 245, 246, 247, 256, 511,
        512, 513, 960, 1023, 1024,
    ];
    let odd_lens = |len: usize| [len + 1, len.saturating_sub(1), len + 64, len ^ 7, 0, 1024];
    let check = |backend: Backend, inputs: &[&[u8]], what: &str| {
        let mut out = vec![[0u8; OUT_LEN]; inputs.len()];
        backend.hash_many(inputs, &mut out).unwrap();
        for (i, (input, hash)) in inputs.iter().zip(&out).enumerate() {
            assert_eq!(
                hash,
                blake3::hash(input).as_bytes(),
                "{backend:?} {what}, message {i} of {} ({} bytes)",
                inputs.len(),
                input.len()
            );
        }
    };
    for backend in backends() {
        for &len in &lens {
            let messages: Vec<Vec<u8>> = (0..16)
                .map(|i| test_bytes(len, 77 * i + len as u64))
                .collect();
            let uniform: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
            for count in 1..=uniform.len() {
                check(backend, &uniform[..count], &format!("uniform len {len}"));
            }
            for odd_len in odd_lens(len)
                .into_iter()
                .filter(|&l| l != len && l <= CHUNK_LEN)
            {
                let odd = test_bytes(odd_len, 5 + odd_len as u64);
                for position in 0..uniform.len() {
                    let mut inputs = uniform.clone();
                    inputs[position] = &odd;
                    check(
                        backend,
                        &inputs,
                        &format!("len {len} with {odd_len} at {position}"),
                    );
                }
            }
        }
    }
}

#[test]
fn hash_batches_of_every_count_up_to_twenty() {
    let lens = [
        246usize, 0, 1, 64, 65, 1024, 128, 127, 200, 1023, 3, 638, 64, 238, 165, 512, 900, 2, 63,
        129,
    ];
    let messages: Vec<Vec<u8>> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| test_bytes(len, i as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    for backend in backends() {
        for count in 0..=inputs.len() {
            let mut out = vec![[0u8; OUT_LEN]; count];
            backend.hash_many(&inputs[..count], &mut out).unwrap();
            for (input, hash) in inputs.iter().zip(&out) {
                assert_eq!(
                    hash,
                    blake3::hash(input).as_bytes(),
                    "{backend:?} count {count}"
                );
            }
        }
    }
}

/// Two groups of 16 (and more) run their input blocks in lockstep where the backend has
/// that schedule (AVX-512): every length 0..=1024 shuffled so that each lane of each group
/// has its own block count, length and flags, and the two groups of a pair differ; batch
/// sizes around one and two groups; the hashes against the blake3 crate and the `u16` sum
/// against the crate's XOF.
#[test]
fn two_groups_of_mixed_lengths_hash_and_sum() {
    // 389 and 1025 are coprime: a permutation of 0..=1024.
    let lens: Vec<usize> = (0..=CHUNK_LEN).map(|i| i * 389 % (CHUNK_LEN + 1)).collect();
    let messages: Vec<Vec<u8>> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| test_bytes(len, 500 + i as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let expected: Vec<[u8; OUT_LEN]> = inputs.iter().map(|m| *blake3::hash(m).as_bytes()).collect();
    let terms: Vec<(&[u8], bool)> = inputs.iter().map(|m| (*m, false)).collect();
    for backend in backends() {
        for count in [
            16,
            17,
            20,
            31,
            32,
            33,
            47,
            48,
            63,
            64,
            65,
            100,
            inputs.len(),
        ] {
            let mut out = vec![[0u8; OUT_LEN]; count];
            backend.hash_many(&inputs[..count], &mut out).unwrap();
            assert_eq!(out, expected[..count], "{backend:?} count {count}");
            let mut sum = U16Sum::new();
            sum.add_xof(backend, &inputs[..count]).unwrap();
            assert_eq!(
                sum.to_lanes(),
                expected_lanes(&terms[..count]),
                "{backend:?} count {count}"
            );
        }
    }
}

/// Two groups whose messages all have one length (every length 0..=1024, 37 messages:
/// one pair of groups and a remainder), and the same with one message of the second group
/// a block longer (or, near the chunk's end, shorter): hashes against the blake3 crate.
#[test]
fn two_uniform_groups_of_every_length() {
    for len in 0..=CHUNK_LEN {
        let mut messages: Vec<Vec<u8>> = (0..37)
            .map(|i| test_bytes(len, 3000 * i + len as u64))
            .collect();
        for odd in [false, true] {
            if odd {
                messages[21] = test_bytes((len + 64) % (CHUNK_LEN + 1), len as u64);
            }
            assert_every_backend_hashes(&messages, &format!("len {len} odd {odd}"));
        }
    }
}

#[test]
fn xof_every_input_length() {
    let messages: Vec<Vec<u8>> = (0..=CHUNK_LEN)
        .map(|len| test_bytes(len, 7 + len as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let out_len = 200; // four output blocks, the last one partial
    for backend in backends() {
        let mut out = vec![0u8; inputs.len() * out_len];
        backend.xof_many(&inputs, out_len, &mut out).unwrap();
        for (len, (input, xof)) in inputs.iter().zip(out.chunks_exact(out_len)).enumerate() {
            assert_eq!(xof, expected_xof(input, out_len), "{backend:?} len {len}");
        }
    }
}

#[test]
fn xof_every_output_length_class() {
    let lens = [0usize, 1, 63, 64, 65, 165, 238, 246, 1024, 700, 333];
    let messages: Vec<Vec<u8>> = lens
        .iter()
        .enumerate()
        .map(|(i, &len)| test_bytes(len, 50 + i as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let out_lens = [
        0usize, 1, 31, 32, 33, 63, 64, 65, 127, 128, 200, 511, 512, 513, 1000, 2047, 2048, 2049,
        4096,
    ];
    for backend in backends() {
        for &out_len in &out_lens {
            let mut out = vec![0u8; inputs.len() * out_len];
            backend.xof_many(&inputs, out_len, &mut out).unwrap();
            for (input, xof) in inputs.iter().zip(out.chunks_exact(out_len.max(1))) {
                assert_eq!(
                    xof,
                    expected_xof(input, out_len),
                    "{backend:?} out_len {out_len}"
                );
            }
        }
    }
}

#[test]
fn u16_sum_matches_xof_sum_for_every_length() {
    let messages: Vec<Vec<u8>> = (0..=CHUNK_LEN)
        .map(|len| test_bytes(len, 99 + len as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let terms: Vec<(&[u8], bool)> = inputs.iter().map(|m| (*m, false)).collect();
    let expected = expected_lanes(&terms);
    for backend in backends() {
        let mut sum = U16Sum::new();
        sum.add_xof(backend, &inputs).unwrap();
        assert_eq!(sum.to_lanes(), expected, "{backend:?}");
    }
}

#[test]
fn u16_sum_add_then_sub_and_mixed() {
    let messages: Vec<Vec<u8>> = [238usize, 273, 0, 64, 1024, 5, 238, 238, 238, 100]
        .iter()
        .enumerate()
        .map(|(i, &len)| test_bytes(len, 300 + i as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let (added, removed) = inputs.split_at(7);
    let mut terms: Vec<(&[u8], bool)> = added.iter().map(|m| (*m, false)).collect();
    terms.extend(removed.iter().map(|m| (*m, true)));
    let expected = expected_lanes(&terms);
    for backend in backends() {
        let mut sum = U16Sum::new();
        sum.add_xof(backend, added).unwrap();
        sum.sub_xof(backend, removed).unwrap();
        assert_eq!(sum.to_lanes(), expected, "{backend:?}");
        assert_eq!(U16Sum::from_lanes(&expected), sum);

        sum.add_xof(backend, removed).unwrap();
        sum.sub_xof(backend, added).unwrap();
        assert!(sum.is_zero(), "{backend:?}");
    }
}

#[test]
fn u16_sum_of_sums_and_byte_order() {
    let a = test_bytes(238, 1);
    let b = test_bytes(165, 2);
    let mut left = U16Sum::new();
    left.add_xof(Backend::detect(), &[&a]).unwrap();
    let mut right = U16Sum::new();
    right.add_xof(Backend::Portable, &[&b]).unwrap();
    let mut both = left.clone();
    both.add_sum(&right);
    let expected = expected_lanes(&[(&a, false), (&b, false)]);
    assert_eq!(both.to_lanes(), expected);
    both.sub_sum(&right);
    assert_eq!(both, left);
    // A single term's bytes are the XOF output itself.
    assert_eq!(
        left.to_le_bytes().to_vec(),
        expected_xof(&a, U16_SUM_XOF_LEN)
    );
}

#[test]
fn every_simd_backend_equals_portable() {
    let messages: Vec<Vec<u8>> = (0..100)
        .map(|i| test_bytes((i * 37) % 1025, i as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let mut reference_hashes = vec![[0u8; OUT_LEN]; inputs.len()];
    Backend::Portable
        .hash_many(&inputs, &mut reference_hashes)
        .unwrap();
    let mut reference_xof = vec![0u8; inputs.len() * 300];
    Backend::Portable
        .xof_many(&inputs, 300, &mut reference_xof)
        .unwrap();
    let mut reference_sum = U16Sum::new();
    reference_sum.add_xof(Backend::Portable, &inputs).unwrap();
    for backend in backends() {
        let mut hashes = vec![[0u8; OUT_LEN]; inputs.len()];
        backend.hash_many(&inputs, &mut hashes).unwrap();
        assert_eq!(hashes, reference_hashes, "{backend:?}");
        let mut xof = vec![0u8; inputs.len() * 300];
        backend.xof_many(&inputs, 300, &mut xof).unwrap();
        assert_eq!(xof, reference_xof, "{backend:?}");
        let mut sum = U16Sum::new();
        sum.add_xof(backend, &inputs).unwrap();
        assert_eq!(sum, reference_sum, "{backend:?}");
    }
}

#[test]
fn hash_blocks_is_one_block_hash() {
    let blocks: Vec<[u8; 64]> = (0..21)
        .map(|i| test_bytes(64, i).try_into().unwrap())
        .collect();
    for backend in backends() {
        let mut out = vec![[0u8; OUT_LEN]; blocks.len()];
        backend.hash_blocks(&blocks, &mut out).unwrap();
        for (block, hash) in blocks.iter().zip(&out) {
            assert_eq!(hash, blake3::hash(block).as_bytes(), "{backend:?}");
        }
    }
}

#[test]
fn bad_arguments_are_errors_and_leave_output_alone() {
    let long = vec![0u8; CHUNK_LEN + 1];
    let short = [1u8; 10];
    for backend in backends() {
        let mut out = [[7u8; OUT_LEN]; 2];
        assert_eq!(
            backend.hash_many(&[&short, &long], &mut out),
            Err(Error::InputTooLong {
                index: 1,
                len: CHUNK_LEN + 1
            })
        );
        assert_eq!(out, [[7u8; OUT_LEN]; 2]);
        assert_eq!(
            backend.hash_many(&[&short], &mut out),
            Err(Error::OutputSize {
                expected: 1,
                actual: 2
            })
        );
        let mut bytes = [0u8; 10];
        assert_eq!(
            backend.xof_many(&[&short], 11, &mut bytes),
            Err(Error::OutputSize {
                expected: 11,
                actual: 10
            })
        );
        assert!(backend.xof_many(&[&long], 10, &mut bytes).is_err());
        let mut sum = U16Sum::new();
        assert!(sum.add_xof(backend, &[&short, &long]).is_err());
        assert!(sum.sub_xof(backend, &[&long]).is_err());
        assert!(sum.is_zero());
        let mut blocks_out = [[0u8; OUT_LEN]; 1];
        assert!(backend
            .hash_blocks(&[[0u8; 64]; 2], &mut blocks_out)
            .is_err());
    }
    let message = Error::InputTooLong {
        index: 3,
        len: 2000,
    }
    .to_string();
    assert!(
        message.contains("input 3") && message.contains("1024"),
        "{message}"
    );
}

#[test]
fn free_functions_use_detected_backend() {
    let input = test_bytes(246, 5);
    let mut out = [[0u8; OUT_LEN]; 1];
    blake3_lanes::hash_many(&[&input], &mut out).unwrap();
    assert_eq!(out[0], *blake3::hash(&input).as_bytes());
    let mut xof = [0u8; 100];
    blake3_lanes::xof_many(&[&input], 100, &mut xof).unwrap();
    assert_eq!(xof.to_vec(), expected_xof(&input, 100));
}

fn batch_strategy() -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::collection::vec(prop::collection::vec(any::<u8>(), 0..=CHUNK_LEN), 0..20)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_batches_match_blake3(messages in batch_strategy(), out_len in 0usize..300) {
        let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
        for backend in backends() {
            let mut hashes = vec![[0u8; OUT_LEN]; inputs.len()];
            backend.hash_many(&inputs, &mut hashes).unwrap();
            let mut xof = vec![0u8; inputs.len() * out_len];
            backend.xof_many(&inputs, out_len, &mut xof).unwrap();
            for (i, input) in inputs.iter().enumerate() {
                prop_assert_eq!(hashes[i], *blake3::hash(input).as_bytes());
                prop_assert_eq!(&xof[i * out_len..(i + 1) * out_len], &expected_xof(input, out_len)[..]);
            }
        }
    }

    #[test]
    fn random_batches_u16_sum(messages in batch_strategy(), removed in 0usize..20) {
        let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
        let split = removed.min(inputs.len());
        let (subtracted, added) = inputs.split_at(split);
        let mut terms: Vec<(&[u8], bool)> = added.iter().map(|m| (*m, false)).collect();
        terms.extend(subtracted.iter().map(|m| (*m, true)));
        let expected = expected_lanes(&terms);
        for backend in backends() {
            let mut sum = U16Sum::new();
            sum.add_xof(backend, added).unwrap();
            sum.sub_xof(backend, subtracted).unwrap();
            prop_assert_eq!(sum.to_lanes(), expected);
        }
    }
}

/// One compression of the floor chains is BLAKE3 of the 64-byte block: chain `k` (counter
/// `k`, one or two chains per lane) is the first 32 bytes of output block `k`, on every
/// backend, for both floors. (Both forms of the SSE4.1 and AVX2 floor, whichever this CPU
/// picks, are held to this in the crate's own tests.)
#[test]
fn floor_chains_of_one_compression_are_blake3_output_blocks() {
    for backend in backends() {
        let chains = backend.floor_chains();
        let per_lane = match backend {
            Backend::Sse41 | Backend::Avx2 => chains / backend.lanes(),
            Backend::Portable | Backend::Avx512 => 2,
        };
        assert!(
            per_lane == 1 || per_lane == 2,
            "{backend:?}: {chains} chains"
        );
        assert_eq!(chains, per_lane * backend.lanes());
        let block: [u8; 64] = test_bytes(64, backend.lanes() as u64).try_into().unwrap();
        let xof = expected_xof(&block, 64 * chains);
        let mut out = vec![[0u8; OUT_LEN]; chains];
        backend.compression_chains(&block, 1, &mut out).unwrap();
        for (chain, cv) in out.iter().enumerate() {
            assert_eq!(
                cv[..],
                xof[64 * chain..64 * chain + 32],
                "{backend:?} chain {chain}"
            );
        }
        let one = backend.compression_chain_one(&block, 1).unwrap();
        assert_eq!(one, *blake3::hash(&block).as_bytes(), "{backend:?}");
    }
}
