//! The `lane-xof` strategy equals the consensus digests on every vector and on arbitrary
//! accounts (across the one-chunk fallback), on every backend this CPU has.
#![cfg(all(feature = "lane-xof", feature = "copy-buffer"))]

mod common;

use std::path::Path;

use account_hash::{
    read_accounts, Account, AccountHash, AccountHasher, CopyBuffer200, LaneXof, LtChecksum, LtHash,
    Pubkey,
};
use blake3_lanes::Backend;
use proptest::prelude::*;

/// The total checksum of the 96 vectors (all their LtHashes mixed in), as the validator's
/// code computes it.
const TOTAL_LT_CHECKSUM: &str = "6FxWX3tZcTgb7agG81JiU2YFGRQE5xqnn6eNdXCu9o5T";

fn hashers() -> Vec<LaneXof> {
    let all: Vec<_> = Backend::available()
        .map(|b| LaneXof::with_backend(b).expect("available backend"))
        .collect();
    assert!(all.iter().any(|h| h.backend() == Backend::Portable));
    all
}

#[test]
fn every_backend_reproduces_every_vector() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/accounts.jsonl");
    let records = read_accounts(&path).unwrap();
    assert_eq!(records.len(), 96);
    for hasher in hashers() {
        let mut total = LtHash::identity();
        for r in &records {
            let account = r.account.as_ref();
            assert_eq!(
                hasher.hash(&account),
                r.expected_hash.expect("vector has hash"),
                "{:?} legacy, line {}",
                hasher.backend(),
                r.line
            );
            let lt = hasher.lt_hash(&account);
            assert_eq!(
                lt.checksum(),
                r.expected_lt_checksum.expect("vector has lt checksum"),
                "{:?} lt, line {}",
                hasher.backend(),
                r.line
            );
            total.mix_in(&lt);
        }
        assert_eq!(
            total.checksum(),
            TOTAL_LT_CHECKSUM.parse::<LtChecksum>().unwrap(),
            "{:?}",
            hasher.backend()
        );
    }
}

#[test]
fn names_default_and_unsupported_backends() {
    assert_eq!(LaneXof::STRATEGY, "lane-xof");
    const { assert!(LaneXof::CONSENSUS) };
    assert_eq!(LaneXof::default().backend(), Backend::detect());
    for backend in Backend::ALL {
        match LaneXof::with_backend(backend) {
            Ok(hasher) => {
                assert!(backend.is_supported());
                assert_eq!(hasher.backend(), backend);
                assert_eq!(
                    hasher.variant().map(|v| v.to_string()).as_deref(),
                    Some(backend.name())
                );
            }
            Err(err) => {
                assert!(!backend.is_supported());
                assert_eq!(err, blake3_lanes::Error::UnsupportedBackend(backend));
            }
        }
    }
}

#[test]
fn zero_lamports_hash_to_zero_and_identity() {
    let account = Account {
        lamports: 0,
        data: vec![1; 100],
        ..Account::default()
    };
    for hasher in hashers() {
        assert_eq!(hasher.hash(&account.as_ref()), AccountHash::ZERO);
        assert!(hasher.lt_hash(&account.as_ref()).is_identity());
    }
}

fn account() -> impl Strategy<Value = Account> {
    // Data lengths around block edges and the one-chunk limits (943 legacy, 951 lt), and
    // anything up to 2048 bytes (well past the fallback).
    let len = prop_oneof![
        3 => proptest::sample::select(vec![
            0usize, 1, 63, 64, 165, 174, 175, 176, 182, 183, 184, 200, 201, 942, 943, 944, 950,
            951, 952, 1024, 2047,
        ]),
        3 => 0usize..2048,
    ];
    common::account_of(
        prop_oneof![1 => Just(0u64), 9 => any::<u64>()],
        any::<u64>(),
        len,
    )
}

/// Every data length from 0 to past one chunk, both digests, every backend: the staging
/// buffers' edges (a short-message buffer, one chunk, the fallback) among them.
#[test]
fn lane_xof_equals_copy_buffer_at_every_length() {
    for len in 0..=1100usize {
        let account = Account {
            pubkey: Pubkey([len as u8; 32]),
            lamports: 1 + len as u64,
            rent_epoch: 3,
            executable: len % 2 == 1,
            owner: Pubkey([9; 32]),
            data: (0..len).map(|i| (i * 7 + len) as u8).collect(),
        };
        let account = account.as_ref();
        let expected_hash = CopyBuffer200::default().hash(&account);
        let expected_lt = CopyBuffer200::default().lt_hash(&account);
        for hasher in hashers() {
            assert_eq!(
                hasher.hash(&account),
                expected_hash,
                "{len} {:?}",
                hasher.backend()
            );
            assert_eq!(
                hasher.lt_hash(&account),
                expected_lt,
                "{len} {:?}",
                hasher.backend()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn lane_xof_equals_copy_buffer_on_any_account(a in account()) {
        let account = a.as_ref();
        let expected_hash = CopyBuffer200::default().hash(&account);
        let expected_lt = CopyBuffer200::default().lt_hash(&account);
        for hasher in hashers() {
            prop_assert_eq!(hasher.hash(&account), expected_hash, "{:?}", hasher.backend());
            prop_assert_eq!(&hasher.lt_hash(&account), &expected_lt, "{:?}", hasher.backend());
        }
    }
}

/// With `pick-lane-xof`, `lt_hash_account` is LaneXof on the detected backend, and
/// `hash_account` stays on the legacy pick.
#[cfg(feature = "pick-lane-xof")]
#[test]
fn pick_lane_xof_backs_lt_hash_account() {
    let account = Account {
        lamports: 5,
        data: vec![9; 165],
        ..Account::default()
    };
    let account = account.as_ref();
    assert_eq!(
        account_hash::lt_hash_account(&account),
        LaneXof::default().lt_hash(&account)
    );
    assert_eq!(
        account_hash::hash_account(&account),
        account_hash::Selected::default().hash(&account)
    );
}
