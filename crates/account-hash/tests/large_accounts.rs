//! The `batch` strategy on accounts longer than one chunk (the kernel's chunk tree) and its
//! subtracting API: equal to `copy-buffer` on every backend, for every vector, in a mixed
//! batch of all of them, and on random mixes with large accounts.
#![cfg(all(feature = "batch", feature = "copy-buffer"))]

mod common;

use std::path::Path;

use account_hash::strategy::batch::Staging;
use account_hash::{
    read_accounts, Account, AccountHash, AccountHasher, Batch, CopyBuffer200, LtHash, Pubkey,
};
use blake3_lanes::Backend;
use proptest::prelude::*;

/// Every backend this CPU has, with each way of staging messages.
fn batches() -> Vec<Batch> {
    Backend::available()
        .map(|b| Batch::with_backend(b).expect("available backend"))
        .flat_map(|b| [b, b.with_staging(Staging::Gather)])
        .collect()
}

fn reference_total(accounts: &[account_hash::AccountRef<'_>]) -> LtHash {
    let mut total = LtHash::identity();
    for account in accounts {
        total.mix_in(&CopyBuffer200::default().lt_hash(account));
    }
    total
}

/// Every vector's account (1025, 2048, 3762, 10000 and 65536-byte data among them) in ONE
/// batch, hashed together, equals each account hashed alone by `copy-buffer`, and the
/// vectors' expected hashes.
#[test]
fn a_mixed_batch_of_every_vector_equals_the_per_account_results() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/accounts.jsonl");
    let records = read_accounts(&path).unwrap();
    let accounts: Vec<_> = records.iter().map(|r| r.account.as_ref()).collect();
    let sizes: Vec<usize> = accounts.iter().map(|a| a.data.len()).collect();
    for size in [1025, 2048, 3762, 10000, 65536] {
        assert!(
            sizes.contains(&size),
            "the vectors have a {size}-byte account"
        );
    }
    let expected_total = reference_total(&accounts);
    for batch in batches() {
        let mut out = vec![AccountHash::ZERO; accounts.len()];
        batch.hash_batch(&accounts, &mut out).unwrap();
        for (r, got) in records.iter().zip(&out) {
            assert_eq!(
                *got,
                r.expected_hash.unwrap(),
                "{:?} line {}",
                batch.backend(),
                r.line
            );
        }
        let mut acc = batch.lt_accumulator();
        for a in &accounts {
            acc.add(a);
        }
        assert_eq!(acc.finish(), expected_total, "{:?}", batch.backend());
        let mut lt = LtHash::identity();
        batch.mix_in(&mut lt, &accounts);
        assert_eq!(lt, expected_total, "{:?} mix_in", batch.backend());
        batch.mix_out(&mut lt, &accounts);
        assert!(lt.is_identity(), "{:?} mix_out", batch.backend());
    }
}

/// A batch whose long accounts fill several staging windows (and end one mid-group, with
/// token accounts between them): `hash_batch` and `apply_delta` flush each window to the
/// right slots and sum, equal to `copy-buffer` account by account.
#[test]
fn long_accounts_over_several_staging_windows_equal_the_per_account_results() {
    use account_hash::strategy::batch::STAGING_WINDOW_LEN;
    let account = |i: usize, len: usize| Account {
        pubkey: Pubkey([i as u8; 32]),
        lamports: 1 + i as u64,
        rent_epoch: u64::MAX,
        executable: i.is_multiple_of(3),
        owner: Pubkey([(i * 7) as u8; 32]),
        data: (0..len).map(|j| (i * 31 + j * 7) as u8).collect(),
    };
    // Long accounts of 3762 to 11000 bytes between 165-byte ones, about 3.5 windows.
    let mut accounts = Vec::new();
    let mut long_bytes = 0;
    let mut i = 0;
    while long_bytes < 7 * STAGING_WINDOW_LEN / 2 {
        let len = [3762, 11_000, 5000, 1025][i % 4];
        accounts.push(account(i, len));
        accounts.push(account(i + 1, 165));
        long_bytes += len;
        i += 2;
    }
    let (old, new) = accounts.split_at(accounts.len() / 3);
    let refs: Vec<_> = new.iter().map(Account::as_ref).collect();
    let old_refs: Vec<_> = old.iter().map(Account::as_ref).collect();
    let mut expected_delta = reference_total(&refs);
    expected_delta.mix_out(&reference_total(&old_refs));
    for batch in batches() {
        let mut out = vec![AccountHash::ZERO; refs.len()];
        batch.hash_batch(&refs, &mut out).unwrap();
        for (k, (a, got)) in refs.iter().zip(&out).enumerate() {
            assert_eq!(
                *got,
                CopyBuffer200::default().hash(a),
                "{:?} account {k}",
                batch.backend()
            );
        }
        let mut lt = LtHash::identity();
        batch.apply_delta(&mut lt, &refs, &old_refs);
        assert_eq!(lt, expected_delta, "{:?} apply_delta", batch.backend());
    }
}

fn account() -> impl Strategy<Value = Account> {
    // Around the one-chunk limits, vote accounts, chunk and subtree boundaries, and on
    // both sides of the crossover to the blake3 crate (128 KiB messages: 131072 - 73 bytes
    // of LtHash data, 131072 - 81 legacy).
    let len = prop_oneof![
        3 => proptest::sample::select(vec![0usize, 165, 200, 951, 952, 1024, 1025, 2048, 3762, 8192, 10240, 16384, 65536, 131_072 - 82, 131_072 - 81, 131_072 - 74, 131_072 - 73, 140_000]),
        2 => 0usize..5000,
    ];
    common::account_of(prop_oneof![Just(0u64), any::<u64>()], any::<u64>(), len)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn batch_equals_copy_buffer_with_large_accounts(
        accounts in proptest::collection::vec(account(), 0..24),
        old in proptest::collection::vec(account(), 0..24),
    ) {
        let refs: Vec<_> = accounts.iter().map(Account::as_ref).collect();
        let old_refs: Vec<_> = old.iter().map(Account::as_ref).collect();
        let expected_total = reference_total(&refs);
        let mut expected_delta = expected_total.clone();
        expected_delta.mix_out(&reference_total(&old_refs));
        for batch in batches() {
            let mut out = vec![AccountHash::ZERO; refs.len()];
            batch.hash_batch(&refs, &mut out).unwrap();
            for (a, got) in refs.iter().zip(&out) {
                prop_assert_eq!(*got, CopyBuffer200::default().hash(a));
            }
            let mut acc = batch.lt_accumulator();
            for a in &refs {
                acc.add(a);
            }
            prop_assert_eq!(&acc.finish(), &expected_total);
            let mut lt = LtHash::identity();
            batch.apply_delta(&mut lt, &refs, &old_refs);
            prop_assert_eq!(&lt, &expected_delta);
        }
    }
}
