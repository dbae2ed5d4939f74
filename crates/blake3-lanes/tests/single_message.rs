//! The single-message path (`U16Sum::add_xof_one` / `sub_xof_one`, `Backend::xof_one`,
//! `Backend::xof_u16_one`, `Backend::xof_u16_term`) of every backend this CPU has, against the `blake3` crate and
//! against the multi-message path (`U16Sum::add_xof`, `Backend::xof_many`).

use blake3_lanes::{Backend, Error, U16Sum, CHUNK_LEN, U16_LANES, U16_SUM_XOF_LEN};
use proptest::prelude::*;

mod common;
use common::{expected_xof, test_bytes};

/// The 1024 `u16` lanes of the message's first 2048 XOF bytes, by the `blake3` crate.
fn expected_term(input: &[u8]) -> [u16; U16_LANES] {
    let xof = expected_xof(input, U16_SUM_XOF_LEN);
    core::array::from_fn(|i| u16::from_le_bytes([xof[2 * i], xof[2 * i + 1]]))
}

fn backends() -> Vec<Backend> {
    Backend::available().collect()
}

/// Every length 0..=1024 (every block count and tail length), every backend: the
/// single-message term equals the blake3 crate's and the multi-message path's, summed and
/// as a digest.
#[test]
fn every_length_equals_blake3_and_the_multi_message_path() {
    let all = backends();
    eprintln!("backends tested: {all:?}");
    for len in 0..=CHUNK_LEN {
        let message = test_bytes(len, 7000 + len as u64);
        let expected = expected_term(&message);
        for &backend in &all {
            let mut one = U16Sum::new();
            one.add_xof_one(backend, &message).unwrap();
            assert_eq!(one.to_lanes(), expected, "{backend:?}, len {len}");

            let mut many = U16Sum::new();
            many.add_xof(backend, &[&message]).unwrap();
            assert_eq!(one, many, "{backend:?}, len {len}");

            let mut digest = [0u16; U16_LANES];
            backend.xof_u16_one(&message, &mut digest).unwrap();
            assert_eq!(digest, expected, "{backend:?}, len {len}");
            assert_eq!(
                backend.xof_u16_term(&message),
                expected,
                "{backend:?}, len {len}"
            );
        }
    }
}

/// The by-value term takes any length (chunk, subtree and multi-chunk boundaries) on every
/// backend, and a backend this CPU lacks gives the same term (through the portable code)
/// instead of an error.
#[test]
fn the_term_by_value_takes_any_length_and_any_backend() {
    for len in [
        CHUNK_LEN + 1,
        2 * CHUNK_LEN,
        2 * CHUNK_LEN + 1,
        3762 + 73,
        16 * CHUNK_LEN - 1,
        16 * CHUNK_LEN + 1,
        65536,
    ] {
        let message = test_bytes(len, 9100 + len as u64);
        let expected = expected_term(&message);
        for backend in Backend::ALL {
            assert_eq!(
                backend.xof_u16_term(&message),
                expected,
                "{backend:?}, len {len}"
            );
        }
    }
    for len in [0, 1, 64, 65, 238, CHUNK_LEN] {
        let message = test_bytes(len, 9300 + len as u64);
        for backend in Backend::ALL {
            assert_eq!(
                backend.xof_u16_term(&message),
                expected_term(&message),
                "{backend:?}, len {len}"
            );
        }
    }
}

/// Sums of many single-message terms onto a non-zero accumulator, then removed again.
#[test]
fn add_sub_round_trip_on_a_running_sum() {
    let messages: Vec<Vec<u8>> = [238usize, 0, 1, 63, 64, 65, 165, 1023, 1024, 238]
        .iter()
        .enumerate()
        .map(|(i, &len)| test_bytes(len, 500 + i as u64))
        .collect();
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    for backend in backends() {
        let mut start = U16Sum::new();
        start.add_xof(Backend::Portable, &inputs[..3]).unwrap();
        let mut sum = start.clone();
        for input in &inputs {
            sum.add_xof_one(backend, input).unwrap();
        }
        let mut expected = start.clone();
        expected.add_xof(Backend::Portable, &inputs).unwrap();
        assert_eq!(sum, expected, "{backend:?}");
        for input in inputs.iter().rev() {
            sum.sub_xof_one(backend, input).unwrap();
        }
        assert_eq!(sum, start, "{backend:?}");
        // Mixed: one in through the batch path, out through the single-message path.
        sum.add_xof(backend, &inputs).unwrap();
        for input in &inputs {
            sum.sub_xof_one(backend, input).unwrap();
        }
        assert_eq!(sum, start, "{backend:?}");
    }
}

/// `xof_one` of every output length class equals the blake3 crate and `xof_many`.
#[test]
fn xof_one_every_output_length_class() {
    let message = test_bytes(238, 11);
    for out_len in [
        0, 1, 31, 32, 63, 64, 65, 255, 256, 511, 512, 1023, 1024, 1025, 2048, 3000,
    ] {
        let expected = expected_xof(&message, out_len);
        for backend in backends() {
            let mut one = vec![0u8; out_len];
            backend.xof_one(&message, &mut one).unwrap();
            assert_eq!(one, expected, "{backend:?}, out_len {out_len}");
            let mut many = vec![0u8; out_len];
            backend.xof_many(&[&message], out_len, &mut many).unwrap();
            assert_eq!(one, many, "{backend:?}, out_len {out_len}");
        }
    }
}

#[test]
fn too_long_or_unsupported_is_an_error_and_leaves_output_alone() {
    let long = vec![1u8; CHUNK_LEN + 1];
    let too_long = Err(Error::InputTooLong {
        index: 0,
        len: CHUNK_LEN + 1,
    });
    for backend in Backend::ALL {
        let expected = if backend.is_supported() {
            too_long
        } else {
            Err(Error::UnsupportedBackend(backend))
        };
        let mut sum = U16Sum::new();
        assert_eq!(sum.add_xof_one(backend, &long), expected, "{backend:?}");
        assert_eq!(sum.sub_xof_one(backend, &long), expected, "{backend:?}");
        assert!(sum.is_zero());
        let mut digest = [7u16; U16_LANES];
        assert_eq!(backend.xof_u16_one(&long, &mut digest), expected);
        assert_eq!(digest, [7u16; U16_LANES]);
        let mut out = [7u8; 10];
        assert_eq!(backend.xof_one(&long, &mut out), expected);
        assert_eq!(out, [7u8; 10]);
        if !backend.is_supported() {
            assert_eq!(
                sum.add_xof_one(backend, b"abc"),
                Err(Error::UnsupportedBackend(backend))
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_messages_match_blake3(
        messages in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..=CHUNK_LEN), 1..6),
        removed in 0usize..6,
    ) {
        let removed = removed.min(messages.len());
        let mut expected = [0u16; U16_LANES];
        for (i, message) in messages.iter().enumerate() {
            for (lane, value) in expected.iter_mut().zip(expected_term(message)) {
                *lane = if i < removed { lane.wrapping_sub(value) } else { lane.wrapping_add(value) };
            }
        }
        for backend in backends() {
            let mut sum = U16Sum::new();
            for (i, message) in messages.iter().enumerate() {
                if i < removed {
                    sum.sub_xof_one(backend, message).unwrap();
                } else {
                    sum.add_xof_one(backend, message).unwrap();
                }
            }
            prop_assert_eq!(sum.to_lanes(), expected);
            let mut digest = [0u16; U16_LANES];
            backend.xof_u16_one(&messages[0], &mut digest).unwrap();
            prop_assert_eq!(digest, expected_term(&messages[0]));
        }
    }
}
