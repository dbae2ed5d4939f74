//! Every consensus strategy reproduces every conformance vector (made with the validator's
//! own code), for both digests; meta-first reproduces none with non-zero lamports.
#![cfg(all(feature = "copy-buffer", feature = "streaming", feature = "meta-first"))]

use std::path::{Path, PathBuf};

use account_hash::{
    copy_buffer, read_accounts, AccountHash, AccountHasher, AccountRecord, DigestBytes, LtChecksum,
    LtHash, MetaFirst, Streaming,
};

/// The total checksum of the 96 vectors (all their LtHashes mixed in), as the validator's
/// code computes it.
const TOTAL_LT_CHECKSUM: &str = "6FxWX3tZcTgb7agG81JiU2YFGRQE5xqnn6eNdXCu9o5T";

fn repo_vectors() -> Vec<AccountRecord> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/accounts.jsonl");
    let records = read_accounts(&path).expect("in-repo vectors parse");
    assert_eq!(records.len(), 96);
    records
}

fn check_consensus<H: AccountHasher<Hash = AccountHash, Lt = LtHash>>(
    hasher: H,
    records: &[AccountRecord],
) {
    let mut total = LtHash::identity();
    for r in records {
        let account = r.account.as_ref();
        let hash = hasher.hash(&account).digest_bytes();
        let lt = hasher.lt_hash(&account);
        assert_eq!(
            hash,
            r.expected_hash.expect("vector has hash").0,
            "{} {:?} legacy, line {}",
            H::STRATEGY,
            hasher.variant(),
            r.line
        );
        assert_eq!(
            lt.digest_bytes(),
            r.expected_lt_checksum.expect("vector has lt checksum").0,
            "{} {:?} lt, line {}",
            H::STRATEGY,
            hasher.variant(),
            r.line
        );
        total.mix_in(&lt);
    }
    assert_eq!(
        total.checksum(),
        TOTAL_LT_CHECKSUM.parse::<LtChecksum>().unwrap()
    );
}

#[test]
fn copy_buffer_matches_every_vector_at_every_capacity() {
    let records = repo_vectors();
    check_consensus(<copy_buffer!(0)>::default(), &records);
    check_consensus(<copy_buffer!(47)>::default(), &records);
    check_consensus(<copy_buffer!(200)>::default(), &records);
    check_consensus(<copy_buffer!(1024)>::default(), &records);
}

#[test]
fn streaming_matches_every_vector() {
    check_consensus(Streaming, &repo_vectors());
}

#[test]
fn hash_account_matches_every_vector() {
    for r in repo_vectors() {
        assert_eq!(
            account_hash::hash_account(&r.account.as_ref()),
            r.expected_hash.unwrap()
        );
        assert_eq!(
            account_hash::lt_hash_account(&r.account.as_ref()).checksum(),
            r.expected_lt_checksum.unwrap()
        );
    }
}

#[test]
fn meta_first_is_not_the_consensus_digest() {
    let (mut zero, mut empty) = (0, 0);
    for r in repo_vectors() {
        let account = r.account.as_ref();
        let legacy = MetaFirst.hash(&account).digest_bytes();
        let lt = MetaFirst.lt_hash(&account).digest_bytes();
        if account.lamports == 0 {
            zero += 1;
            assert_eq!(legacy, [0; 32], "line {}", r.line);
            assert_eq!(lt, r.expected_lt_checksum.unwrap().0, "line {}", r.line);
        } else if account.data.is_empty() {
            // With no data both orders feed the same bytes: the digests coincide.
            empty += 1;
            assert_eq!(legacy, r.expected_hash.unwrap().0, "line {}", r.line);
            assert_eq!(lt, r.expected_lt_checksum.unwrap().0, "line {}", r.line);
        } else {
            assert_ne!(legacy, r.expected_hash.unwrap().0, "line {}", r.line);
            assert_ne!(lt, r.expected_lt_checksum.unwrap().0, "line {}", r.line);
        }
    }
    assert!(
        zero > 0 && empty > 0,
        "vectors cover zero lamports and empty data"
    );
}

#[test]
fn zero_lamport_vectors_hash_to_zero() {
    let zeros: Vec<_> = repo_vectors()
        .into_iter()
        .filter(|r| r.account.lamports == 0)
        .collect();
    assert!(!zeros.is_empty());
    for r in zeros {
        assert_eq!(r.expected_hash.unwrap().0, [0; 32]);
        assert!(Streaming.lt_hash(&r.account.as_ref()).is_identity());
    }
}

/// The project's copy is the shared set when a `shared/` folder sits beside the clone, and
/// the set with the validator's total otherwise.
#[test]
fn in_repo_copy_equals_shared_vectors() {
    let shared: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/vectors/accounts.jsonl");
    let ours =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/accounts.jsonl"))
            .unwrap();
    let Ok(shared_text) = std::fs::read(&shared) else {
        // Stand-alone: the copy is still the set whose total the validator's code gave.
        let mut total = LtHash::identity();
        for r in repo_vectors() {
            total.mix_in(&account_hash::lt_hash_account(&r.account.as_ref()));
        }
        assert_eq!(total.checksum().to_string(), TOTAL_LT_CHECKSUM);
        assert!(!ours.is_empty());
        return;
    };
    assert_eq!(
        ours, shared_text,
        "tests/data/accounts.jsonl differs from shared/vectors"
    );
}
