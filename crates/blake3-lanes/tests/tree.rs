//! Messages of any length (the chunk tree across the lanes) on every backend this CPU has,
//! against the `blake3` crate: 32-byte hashes, 2048 bytes of XOF and the `u16` sum, at
//! chunk and subtree boundaries, in mixed batches, and over random mixes.

use blake3_lanes::{Backend, Error, U16Sum, OUT_LEN, U16_LANES, U16_SUM_XOF_LEN};
use proptest::prelude::*;

mod common;
use common::{expected_xof, test_bytes};

/// The lanes of `sum(added) - sum(removed)`, from the blake3 crate.
fn expected_lanes(added: &[&[u8]], removed: &[&[u8]]) -> [u16; U16_LANES] {
    let mut lanes = [0u16; U16_LANES];
    for (inputs, subtract) in [(added, false), (removed, true)] {
        for input in inputs {
            let xof = expected_xof(input, U16_SUM_XOF_LEN);
            for (lane, pair) in lanes.iter_mut().zip(xof.chunks_exact(2)) {
                let value = u16::from_le_bytes([pair[0], pair[1]]);
                *lane = if subtract {
                    lane.wrapping_sub(value)
                } else {
                    lane.wrapping_add(value)
                };
            }
        }
    }
    lanes
}

/// Lengths around every boundary the tree code has: one chunk, two chunks, the vote
/// account's message (3762 bytes of data + 73 of fields), subtrees of 16 and 64 chunks.
const BOUNDARIES: [usize; 17] = [
    0,
    1,
    1023,
    1024,
    1025,
    2047,
    2048,
    2049,
    3072,
    3073,
    3762 + 73,
    5 * 1024 + 1,
    16383,
    16384,
    16385,
    65536,
    65537,
];

/// Checks every operation on `inputs`, as one batch, on every backend.
fn check_batch(inputs: &[&[u8]]) {
    let expected_hashes: Vec<[u8; OUT_LEN]> = inputs
        .iter()
        .map(|input| *blake3::hash(input).as_bytes())
        .collect();
    let expected_xof_bytes: Vec<u8> = inputs
        .iter()
        .flat_map(|input| expected_xof(input, U16_SUM_XOF_LEN))
        .collect();
    let expected = expected_lanes(inputs, &[]);
    for backend in Backend::available() {
        let lens: Vec<usize> = inputs.iter().map(|input| input.len()).collect();
        let mut hashes = vec![[0u8; OUT_LEN]; inputs.len()];
        backend.hash_many_any_len(inputs, &mut hashes).unwrap();
        assert_eq!(hashes, expected_hashes, "{backend:?} hash, lens {lens:?}");

        let mut xof = vec![0u8; inputs.len() * U16_SUM_XOF_LEN];
        backend
            .xof_many_any_len(inputs, U16_SUM_XOF_LEN, &mut xof)
            .unwrap();
        assert!(xof == expected_xof_bytes, "{backend:?} xof, lens {lens:?}");

        let mut sum = U16Sum::new();
        sum.add_xof_any_len(backend, inputs).unwrap();
        assert_eq!(sum.to_lanes(), expected, "{backend:?} sum, lens {lens:?}");
        sum.sub_xof_any_len(backend, inputs).unwrap();
        assert!(sum.is_zero(), "{backend:?} sub, lens {lens:?}");
    }
}

#[test]
fn each_boundary_length_alone() {
    for (seed, len) in BOUNDARIES.into_iter().enumerate() {
        let input = test_bytes(len, seed as u64);
        check_batch(&[&input]);
    }
}

#[test]
fn all_boundary_lengths_in_one_batch() {
    let inputs: Vec<Vec<u8>> = BOUNDARIES
        .iter()
        .enumerate()
        .map(|(seed, &len)| test_bytes(len, 100 + seed as u64))
        .collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    check_batch(&refs);
    // Reversed, so each length sits in other lanes next to other neighbours.
    let reversed: Vec<&[u8]> = refs.iter().rev().copied().collect();
    check_batch(&reversed);
}

/// Whole chunks are compressed a group of lanes at a time, or two groups together where
/// the backend runs two compressions in lockstep: every count of whole chunks a call can
/// leave for its last group or pair (one group full and the other empty, partly full or
/// full), in one message (chunk counters 0 to n - 1) and as n messages of two whole chunks
/// and a short tail or none.
#[test]
fn every_count_of_whole_chunks() {
    for chunks in [1, 2, 15, 16, 17, 18, 31, 32, 33, 47, 48, 49, 64, 65] {
        let one = test_bytes(chunks * 1024, chunks as u64);
        check_batch(&[&one]);
        let two: Vec<Vec<u8>> = (0..chunks)
            .map(|i| test_bytes(2048 + i % 3, 1000 + i as u64))
            .collect();
        let refs: Vec<&[u8]> = two.iter().map(Vec::as_slice).collect();
        check_batch(&refs);
    }
}

/// The mix of a validator's accounts: token-sized, vote-sized and 64 KiB messages in one
/// call, more than one window and more than one lane batch of each.
#[test]
fn mixed_token_vote_and_large_messages() {
    let sizes = [165 + 73, 3762 + 73, 65536, 200, 1024, 3762 + 73, 10000];
    let inputs: Vec<Vec<u8>> = (0..90)
        .map(|i| test_bytes(sizes[i % sizes.len()], i as u64))
        .collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    check_batch(&refs);
}

#[test]
fn random_lengths_up_to_one_mebibyte() {
    let mut state = 0x5EED_u64;
    let inputs: Vec<Vec<u8>> = (0..6)
        .map(|i| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (state >> 33) as usize % (1 << 20) + 1;
            test_bytes(len, i)
        })
        .collect();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    check_batch(&refs);
}

/// The longest account a validator stores (10 MiB), with the widest backend.
#[test]
fn ten_mebibytes() {
    let input = test_bytes(10 << 20, 7);
    let backend = Backend::detect();
    let mut hash = [[0u8; OUT_LEN]];
    backend.hash_many_any_len(&[&input], &mut hash).unwrap();
    assert_eq!(hash[0], *blake3::hash(&input).as_bytes());
    let mut sum = U16Sum::new();
    sum.add_xof_any_len(backend, &[&input]).unwrap();
    assert_eq!(sum.to_lanes(), expected_lanes(&[&input], &[]));
}

#[test]
fn xof_of_other_lengths() {
    let input = test_bytes(5000, 3);
    for backend in Backend::available() {
        for out_len in [0, 1, 32, 63, 64, 65, 1000, 2049] {
            let mut out = vec![0u8; 2 * out_len];
            backend
                .xof_many_any_len(&[&input, b"abc"], out_len, &mut out)
                .unwrap();
            let mut expected = expected_xof(&input, out_len);
            expected.extend(expected_xof(b"abc", out_len));
            assert_eq!(out, expected, "{backend:?} out_len {out_len}");
        }
    }
}

#[test]
fn wrong_output_sizes_are_errors() {
    let input = test_bytes(3000, 1);
    for backend in Backend::available() {
        let mut hashes = [[0u8; OUT_LEN]; 2];
        assert_eq!(
            backend.hash_many_any_len(&[&input], &mut hashes),
            Err(Error::OutputSize {
                expected: 1,
                actual: 2
            })
        );
        assert_eq!(hashes, [[0u8; OUT_LEN]; 2]);
        let mut xof = [0u8; 10];
        assert_eq!(
            backend.xof_many_any_len(&[&input], 11, &mut xof),
            Err(Error::OutputSize {
                expected: 11,
                actual: 10
            })
        );
    }
}

#[test]
fn a_delta_is_added_minus_removed() {
    let new: Vec<Vec<u8>> = (0..20)
        .map(|i| test_bytes(165 + 400 * i, i as u64))
        .collect();
    let old: Vec<Vec<u8>> = (0..20)
        .map(|i| test_bytes(3835 - 150 * i, 50 + i as u64))
        .collect();
    let new: Vec<&[u8]> = new.iter().map(Vec::as_slice).collect();
    let old: Vec<&[u8]> = old.iter().map(Vec::as_slice).collect();
    let expected = expected_lanes(&new, &old);
    for backend in Backend::available() {
        let mut sum = U16Sum::new();
        sum.apply_delta(backend, &new, &old).unwrap();
        assert_eq!(sum.to_lanes(), expected, "{backend:?}");
    }
}

fn length() -> impl Strategy<Value = usize> {
    prop_oneof![
        4 => 0usize..=1024,
        4 => 1025usize..=8192,
        1 => 8193usize..=70_000,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_mixes_equal_the_blake3_crate(
        lens in proptest::collection::vec(length(), 1..40),
        seed in any::<u64>(),
    ) {
        let inputs: Vec<Vec<u8>> = lens
            .iter()
            .enumerate()
            .map(|(i, &len)| test_bytes(len, seed ^ i as u64))
            .collect();
        let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
        check_batch(&refs);
    }
}
