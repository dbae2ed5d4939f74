//! The drop-in against the released crate: random call sequences (proptest), the seeded
//! random cases of the long run, the conformance vectors fed in accounts-db's field order,
//! and the fuzz corpus replayed.

use lattice_hash_differential::{fuzz, random_case, run, Op, SplitMix};
use proptest::prelude::*;
use std::path::Path;

fn message() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        12 => 0usize..=1024,
        5 => 1025usize..=5000,
        1 => 5000usize..=65536,
    ]
    .prop_flat_map(|n| proptest::collection::vec(any::<u8>(), n))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => message().prop_map(Op::Whole),
        4 => (message(), proptest::collection::vec(any::<usize>(), 0..6), any::<bool>())
            .prop_map(|(message, cuts, by_trait)| Op::Parts { message, cuts, by_trait }),
        1 => message().prop_map(Op::Abandoned),
        1 => message().prop_map(Op::MixIn),
        1 => Just(Op::Take),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_call_sequence_gives_the_released_crates_results(case in proptest::collection::vec(op(), 0..40)) {
        if let Err(m) = run(&case) {
            prop_assert!(false, "{}", m);
        }
    }
}

#[test]
fn seeded_random_cases_agree() {
    let mut rng = SplitMix(7);
    for i in 0..2_000 {
        let case = random_case(&mut rng, 24);
        if let Err(m) = run(&case) {
            panic!("case {i}: {m}");
        }
    }
}

/// Every place the drop-in routes a long message (into the blake3 crate with no copy, or
/// gathered for the tree: at the part that makes it long, by its length so far): each size
/// either side of the powers of two and of the estimate's crossings, given whole, in two
/// parts cut at 8 bytes (accounts-db's lamports first) and at one chunk, with a short
/// message before it, alone, and after a gathered vote-sized one.
#[test]
fn long_messages_at_each_routing_boundary_and_split() {
    let sizes = [
        1025, 2047, 2048, 2049, 3071, 3072, 3073, 3835, 4095, 4096, 4097, 5119, 5120, 8192, 8193,
        9215, 16384, 16385, 19455, 20000, 32768, 40000, 50000, 65535, 65536,
    ];
    for &len in &sizes {
        let message: Vec<u8> = (0..len).map(|i| (i * 13 + len) as u8).collect();
        for cuts in [vec![], vec![8], vec![1024], vec![8, len - 65]] {
            let long = || Op::Parts {
                message: message.clone(),
                cuts: cuts.clone(),
                by_trait: false,
            };
            let vote = Op::Whole(vec![7; 3835]);
            for case in [
                vec![long()],
                vec![Op::Whole(vec![1; 165]), long(), Op::Take, long()],
                vec![
                    vote.clone(),
                    long(),
                    long(),
                    Op::Take,
                    vote,
                    Op::Whole(message.clone()),
                ],
            ] {
                if let Err(m) = run(&case) {
                    panic!("{len} B cut at {cuts:?}: {m}");
                }
            }
        }
    }
}

/// The conformance vectors (made with the validator's own code), each account's message
/// given in accounts-db's order (lamports, data, executable, owner, pubkey) as five parts:
/// both crates give the vector's checksum, one account at a time and as one batch.
#[test]
fn the_conformance_vectors_in_accounts_db_field_order() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../account-hash/tests/data/accounts.jsonl");
    let records = account_hash::read_accounts(&path).expect("the vectors read");
    assert!(records.len() >= 96, "{} vectors", records.len());
    let mut all = dropin::batch::Accumulator::new();
    let mut all_released = released::batch::Accumulator::new();
    let mut checked = 0;
    for record in &records {
        let a = &record.account;
        let parts: [&[u8]; 5] = [
            &a.lamports.to_le_bytes(),
            &a.data,
            &[u8::from(a.executable)],
            &a.owner.0,
            &a.pubkey.0,
        ];
        let mut one = dropin::batch::Accumulator::new();
        for acc in [&mut one, &mut all] {
            if a.lamports != 0 {
                let mut m = acc.start_message();
                for p in parts {
                    m.add_part(p);
                }
                m.finish();
            }
        }
        if a.lamports != 0 {
            let mut m = all_released.start_message();
            for p in parts {
                m.add_part(p);
            }
            m.finish();
        }
        let lt = one.into_lt_hash();
        if let Some(want) = &record.expected_lt_checksum {
            assert_eq!(lt.checksum().0, want.0, "line {}", record.line);
            checked += 1;
        }
    }
    assert!(checked >= 96, "{checked} checksums checked");
    assert_eq!(
        all.into_lt_hash(),
        dropin::lt_hash::LtHash(all_released.into_lt_hash().0)
    );
}

/// Every committed fuzz input (and every former crash) of the `lattice_dropin` target.
#[test]
fn the_fuzz_corpus_replays() {
    let fuzz_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../fuzz");
    let mut replayed = 0;
    for dir in ["corpus/lattice_dropin", "regressions/lattice_dropin"] {
        let Ok(entries) = std::fs::read_dir(fuzz_dir.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let data = std::fs::read(entry.path()).expect("a corpus file reads");
            fuzz(&data);
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no corpus under {}", fuzz_dir.display());
}
