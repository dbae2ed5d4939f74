//! The `batch` strategy equals the consensus digest on every vector and on arbitrary
//! batches, on every backend this CPU has.
#![cfg(all(feature = "batch", feature = "streaming"))]

mod common;

use std::path::Path;

use account_hash::strategy::batch::Staging;
use account_hash::{
    read_accounts, Account, AccountHash, AccountHasher, Batch, LtChecksum, LtHash, Streaming,
};
use blake3_lanes::Backend;
use proptest::prelude::*;

const TOTAL_LT_CHECKSUM: &str = "6FxWX3tZcTgb7agG81JiU2YFGRQE5xqnn6eNdXCu9o5T";

/// Every backend this CPU has, with each way of staging messages.
fn batches() -> Vec<Batch> {
    Backend::available()
        .map(|b| Batch::with_backend(b).expect("available backend"))
        .flat_map(|b| [b, b.with_staging(Staging::Gather)])
        .collect()
}

#[test]
fn every_backend_reproduces_every_vector() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/accounts.jsonl");
    let records = read_accounts(&path).unwrap();
    let accounts: Vec<_> = records.iter().map(|r| r.account.as_ref()).collect();
    for batch in batches() {
        let mut out = vec![AccountHash::ZERO; accounts.len()];
        batch.hash_batch(&accounts, &mut out).unwrap();
        let mut acc = batch.lt_accumulator();
        for (r, got) in records.iter().zip(&out) {
            assert_eq!(
                *got,
                r.expected_hash.unwrap(),
                "{:?} line {}",
                batch.backend(),
                r.line
            );
            assert_eq!(batch.hash(&r.account.as_ref()), r.expected_hash.unwrap());
            assert_eq!(
                batch.lt_hash(&r.account.as_ref()).checksum(),
                r.expected_lt_checksum.unwrap(),
                "{:?} line {}",
                batch.backend(),
                r.line
            );
            acc.add(&r.account.as_ref());
        }
        assert_eq!(
            acc.finish().checksum(),
            TOTAL_LT_CHECKSUM.parse::<LtChecksum>().unwrap(),
            "{:?}",
            batch.backend()
        );
    }
}

#[test]
fn output_slots_must_match_accounts() {
    let a = Account {
        lamports: 1,
        ..Account::default()
    };
    let err = Batch::new()
        .hash_batch(&[a.as_ref(), a.as_ref()], &mut [AccountHash::ZERO])
        .unwrap_err();
    assert_eq!((err.accounts, err.slots), (2, 1));
    assert!(err.to_string().contains("2 accounts but 1 output slots"));
}

#[test]
fn the_variant_names_the_backend_and_a_staging_other_than_parts() {
    for batch in batches() {
        let expected = match batch.staging() {
            Staging::Parts => batch.backend().name().to_string(),
            Staging::Gather => format!("{} staging=gather", batch.backend().name()),
        };
        assert_eq!(batch.variant().map(|v| v.to_string()), Some(expected));
    }
}

fn account() -> impl Strategy<Value = Account> {
    // Lengths around the one-chunk limits (943 legacy, 951 lt) and block edges.
    let len = prop_oneof![
        3 => proptest::sample::select(vec![0usize, 1, 63, 64, 165, 182, 200, 942, 943, 944, 950, 951, 952, 1100]),
        2 => 0usize..1200,
    ];
    common::account_of(prop_oneof![Just(0u64), any::<u64>()], any::<u64>(), len)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn batch_equals_streaming_on_any_batch(accounts in proptest::collection::vec(account(), 0..40)) {
        let refs: Vec<_> = accounts.iter().map(Account::as_ref).collect();
        let mut expected_total = LtHash::identity();
        for a in &refs {
            expected_total.mix_in(&Streaming.lt_hash(a));
        }
        for batch in batches() {
            let mut out = vec![AccountHash::ZERO; refs.len()];
            batch.hash_batch(&refs, &mut out).unwrap();
            for (a, got) in refs.iter().zip(&out) {
                prop_assert_eq!(*got, Streaming.hash(a));
            }
            let mut acc = batch.lt_accumulator();
            for a in &refs {
                acc.add(a);
            }
            prop_assert_eq!(&acc.finish(), &expected_total);
        }
    }
}
