//! The account storage reader (`account_hash::snapshot`): the committed fixtures, a round
//! trip of any accounts, sampling, and one test per kind of bad input naming the offset and
//! field it expects.
//!
//! The fixtures are written from the documented append-vec layout by [`fixture_storages`]
//! (this file is their generator), not by Agave's own writer: accounts-db and its
//! dependency tree are far too large to build in this lab's test setup. Their accounts are
//! conformance vectors (`tests/data/accounts.jsonl`, made with the validator's code), so
//! each one's expected legacy hash and LtHash checksum is known and checked after the read.
//! `HASHLAB_WRITE_FIXTURES=1 cargo test -p account-hash --features snapshot --test snapshot`
//! rewrites them.
#![cfg(feature = "copy-buffer")]

mod common;

use std::path::{Path, PathBuf};

use account_hash::snapshot::{
    read_storage_accounts, stored_size, write_storage, Sample, StorageKind,
};
use account_hash::{
    read_accounts, Account, AccountHasher, AccountRecord, CopyBuffer200, DigestBytes, InputError,
    Pubkey,
};
use proptest::prelude::*;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The vectors a storage can hold (non-zero lamports: Agave stores a zero-lamport account
/// as the default account) with data up to a vote account's 3762 bytes, to keep the
/// fixtures small.
fn fixture_vectors() -> Vec<AccountRecord> {
    read_accounts(&data_dir().join("accounts.jsonl"))
        .unwrap()
        .into_iter()
        .filter(|r| r.account.lamports != 0 && r.account.data.len() <= 3762)
        .collect()
}

/// The fixture storages `accounts/100.0` and `accounts/101.0`: the fixture vectors split in
/// two, the second storage ending with a default (zero-lamport) account.
fn fixture_storages() -> [(String, Vec<u8>); 2] {
    let vectors = fixture_vectors();
    let (a, b) = vectors.split_at(vectors.len() / 2);
    let default = Account::default();
    let mut first = Vec::new();
    write_storage(&mut first, a.iter().map(|r| r.account.as_ref())).unwrap();
    let mut second = Vec::new();
    write_storage(
        &mut second,
        b.iter()
            .map(|r| r.account.as_ref())
            .chain([default.as_ref()]),
    )
    .unwrap();
    [("100.0".into(), first), ("101.0".into(), second)]
}

#[cfg(feature = "snapshot")]
fn tar_of(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, bytes) in entries {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(0);
        header.set_entry_type(tar::EntryType::Regular);
        builder
            .append_data(&mut header, name, bytes.as_slice())
            .unwrap();
    }
    builder.into_inner().unwrap()
}

/// A snapshot archive's layout: `version`, the manifest's path (here an empty placeholder:
/// the reader does not decode the manifest), then the storages.
#[cfg(feature = "snapshot")]
fn fixture_archive_tar(storages: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut entries = vec![
        ("version".to_string(), b"1.2.0".to_vec()),
        ("snapshots/101/101".to_string(), Vec::new()),
    ];
    entries.extend(
        storages
            .iter()
            .map(|(n, b)| (format!("accounts/{n}"), b.clone())),
    );
    tar_of(&entries)
}

#[cfg(feature = "snapshot")]
const ARCHIVE: &str = "snapshot-101-fixture.tar.zst";

fn storage_dir() -> PathBuf {
    data_dir().join("storage")
}

#[test]
fn committed_fixtures_are_the_generators_output() {
    let storages = fixture_storages();
    if std::env::var_os("HASHLAB_WRITE_FIXTURES").is_some() {
        std::fs::create_dir_all(storage_dir()).unwrap();
        for (name, bytes) in &storages {
            std::fs::write(storage_dir().join(name), bytes).unwrap();
        }
        #[cfg(feature = "snapshot")]
        {
            let tar = fixture_archive_tar(&storages);
            let zst = zstd::encode_all(tar.as_slice(), 19).unwrap();
            std::fs::write(data_dir().join(ARCHIVE), zst).unwrap();
        }
    }
    for (name, bytes) in &storages {
        let committed = std::fs::read(storage_dir().join(name)).unwrap();
        assert!(
            &committed == bytes,
            "tests/data/storage/{name} differs from its generator"
        );
    }
    #[cfg(feature = "snapshot")]
    {
        // Compared decompressed: zstd's compressed bytes may differ between its versions.
        let zst = std::fs::read(data_dir().join(ARCHIVE)).unwrap();
        let tar = zstd::decode_all(zst.as_slice()).unwrap();
        assert!(tar == fixture_archive_tar(&storages), "{ARCHIVE} differs");
    }
}

/// Every account read back, in order, hashes to its vector's expected digests.
fn check_fixture_accounts(accounts: &[Account]) {
    let vectors = fixture_vectors();
    assert_eq!(accounts.len(), vectors.len() + 1);
    let hasher = CopyBuffer200::default();
    for (account, vector) in accounts.iter().zip(&vectors) {
        assert_eq!(account, &vector.account);
        let a = account.as_ref();
        assert_eq!(
            hasher.hash(&a).digest_bytes(),
            vector.expected_hash.unwrap().0
        );
        assert_eq!(
            hasher.lt_hash(&a).checksum(),
            vector.expected_lt_checksum.unwrap()
        );
    }
    assert_eq!(accounts.last(), Some(&Account::default()));
}

#[test]
fn a_storage_file_and_a_directory_read_to_the_vectors() {
    let dir = read_storage_accounts(&storage_dir(), None).unwrap();
    assert_eq!(dir.kind, StorageKind::Directory);
    assert_eq!((dir.storages, dir.warnings.len()), (2, 0));
    check_fixture_accounts(&dir.accounts);
    assert_eq!(dir.records, dir.accounts.len() as u64);
    assert_eq!(dir.sizes.values().sum::<u64>(), dir.records);
    assert_eq!(dir.sizes.get(&165), Some(&3));
    let one = read_storage_accounts(&storage_dir().join("100.0"), None).unwrap();
    assert_eq!(one.kind, StorageKind::File);
    assert_eq!(one.accounts[..], dir.accounts[..one.accounts.len()]);
}

#[cfg(feature = "snapshot")]
#[test]
fn the_snapshot_archive_reads_to_the_vectors_and_names_its_slot() {
    let read = read_storage_accounts(&data_dir().join(ARCHIVE), None).unwrap();
    assert_eq!(read.kind, StorageKind::Archive);
    assert_eq!((read.storages, read.slot), (2, Some(101)));
    assert!(read.warnings.is_empty());
    check_fixture_accounts(&read.accounts);
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn token(i: u8) -> Account {
    Account {
        pubkey: Pubkey([i; 32]),
        lamports: 2_039_280,
        rent_epoch: u64::MAX,
        executable: false,
        owner: Pubkey([9; 32]),
        data: vec![i; 165],
    }
}

fn storage_of(accounts: &[Account]) -> Vec<u8> {
    let mut out = Vec::new();
    write_storage(&mut out, accounts.iter().map(Account::as_ref)).unwrap();
    out
}

/// Reads `bytes` as storage file `1.0`, expecting an error.
fn storage_error(bytes: &[u8]) -> InputError {
    let dir = temp();
    let path = write(dir.path(), "1.0", bytes);
    let e = read_storage_accounts(&path, None).unwrap_err();
    assert_eq!(e.path, path.display().to_string());
    assert!(e
        .to_string()
        .contains(&format!("at byte {}", e.offset.unwrap())));
    e
}

const TOKEN: u64 = stored_size(165);

#[test]
fn a_header_cut_short_is_an_error_at_its_offset() {
    let bytes = storage_of(&[token(1), token(2)]);
    let e = storage_error(&bytes[..TOKEN as usize + 100]);
    assert_eq!(
        (e.offset, e.field.as_deref()),
        (Some(TOKEN), Some("stored_meta"))
    );
    assert!(e.message.contains("truncated"), "{e}");
}

#[test]
fn an_oversized_data_len_is_an_error() {
    let mut bytes = storage_of(&[token(1), token(2)]);
    let at = TOKEN as usize + 8;
    bytes[at..at + 8].copy_from_slice(&(10u64 * 1024 * 1024 + 1).to_le_bytes());
    let e = storage_error(&bytes);
    assert_eq!(
        (e.offset, e.field.as_deref()),
        (Some(TOKEN), Some("stored_meta.data_len"))
    );
}

#[test]
fn an_executable_byte_other_than_0_or_1_is_an_error() {
    let mut bytes = storage_of(&[token(1), token(2)]);
    bytes[TOKEN as usize + 96] = 2;
    let e = storage_error(&bytes);
    assert_eq!(
        (e.offset, e.field.as_deref()),
        (Some(TOKEN), Some("account_meta.executable"))
    );
}

#[test]
fn zero_lamports_on_a_non_default_account_is_an_error() {
    let mut closed = token(2);
    closed.lamports = 0;
    let e = storage_error(&storage_of(&[token(1), closed]));
    assert_eq!(
        (e.offset, e.field.as_deref()),
        (Some(TOKEN), Some("account_meta.lamports"))
    );
}

#[test]
fn bytes_after_a_zero_header_are_an_error() {
    let mut bytes = storage_of(&[token(1)]);
    bytes.extend_from_slice(&[0u8; 400]);
    bytes[TOKEN as usize + 300] = 1;
    let e = storage_error(&bytes);
    assert_eq!(
        (e.offset, e.field.as_deref()),
        (Some(TOKEN + 300), Some("unwritten tail"))
    );
}

#[test]
fn a_zero_filled_tail_ends_the_storage() {
    let mut bytes = storage_of(&[token(1), token(2)]);
    bytes.extend_from_slice(&[0u8; 4096]);
    let dir = temp();
    let read = read_storage_accounts(&write(dir.path(), "3.0", &bytes), None).unwrap();
    assert_eq!(read.accounts, [token(1), token(2)]);
    assert!(read.warnings.is_empty());
}

#[test]
fn a_record_past_the_valid_length_is_a_warning_and_the_next_file_is_read() {
    let dir = temp();
    let bytes = storage_of(&[token(1), token(2)]);
    write(dir.path(), "1.0", &bytes[..TOKEN as usize + 200]);
    write(dir.path(), "2.0", &storage_of(&[token(3)]));
    let read = read_storage_accounts(dir.path(), None).unwrap();
    assert_eq!(read.accounts, [token(1), token(3)]);
    assert_eq!(read.warnings.len(), 1);
    let w = &read.warnings[0];
    assert_eq!(w.path, dir.path().join("1.0").display().to_string());
    assert_eq!(w.offset, TOKEN);
    assert!(w.message.contains("runs past"), "{w}");
}

#[test]
fn a_directory_without_storages_and_an_unknown_name_are_errors() {
    let dir = temp();
    write(dir.path(), "notes.txt", b"x");
    let e = read_storage_accounts(dir.path(), None).unwrap_err();
    assert!(e.message.contains("no account storage files"), "{e}");
    let e = read_storage_accounts(&dir.path().join("notes.txt"), None).unwrap_err();
    assert!(e.message.contains("not account storage"), "{e}");
}

#[cfg(feature = "snapshot")]
mod archives {
    use super::*;

    fn archive(dir: &Path, name: &str, storages: &[(String, Vec<u8>)]) -> PathBuf {
        let zst = zstd::encode_all(fixture_archive_tar(storages).as_slice(), 1).unwrap();
        write(dir, name, &zst)
    }

    #[test]
    fn a_truncated_archive_is_an_error_naming_the_archive() {
        let dir = temp();
        let storages = [(
            "5.0".to_string(),
            storage_of(&[token(1), token(2), token(3)]),
        )];
        let full = std::fs::read(archive(dir.path(), "snapshot-5-x.tar.zst", &storages)).unwrap();
        let cut = write(dir.path(), "cut.tar.zst", &full[..full.len() / 2]);
        let e = read_storage_accounts(&cut, None).unwrap_err();
        // One zstd frame cut in half decodes to nothing: the error is at byte 0 of the
        // decompressed tar stream.
        assert_eq!(
            (e.path.as_str(), e.offset, e.field.as_deref()),
            (
                cut.display().to_string().as_str(),
                Some(0),
                Some("tar stream")
            ),
            "{e}"
        );
        assert!(e.message.contains("incomplete frame"), "{e}");
    }

    #[test]
    fn a_file_that_is_not_zstd_is_an_error_at_byte_0() {
        let dir = temp();
        let path = write(dir.path(), "bad.tar.zst", b"this is not zstd at all");
        let e = read_storage_accounts(&path, None).unwrap_err();
        assert_eq!(
            (e.offset, e.field.as_deref()),
            (Some(0), Some("tar stream")),
            "{e}"
        );
    }

    #[test]
    fn a_record_past_an_entrys_length_is_a_warning_naming_the_entry() {
        let dir = temp();
        let bytes = storage_of(&[token(1), token(2)]);
        let storages = [
            ("5.0".to_string(), bytes[..TOKEN as usize + 150].to_vec()),
            ("6.0".to_string(), storage_of(&[token(3)])),
        ];
        let path = archive(dir.path(), "snapshot-6-x.tar.zst", &storages);
        let read = read_storage_accounts(&path, None).unwrap();
        assert_eq!(read.accounts, [token(1), token(3)]);
        let w = &read.warnings[..];
        assert_eq!(w.len(), 1);
        assert!(w[0].path.ends_with("(entry accounts/5.0)"), "{}", w[0]);
        assert_eq!(w[0].offset, TOKEN);
    }

    #[test]
    fn a_corrupt_field_in_an_entry_names_archive_entry_offset_and_field() {
        let dir = temp();
        let mut bytes = storage_of(&[token(1), token(2)]);
        bytes[TOKEN as usize + 96] = 7;
        let path = archive(dir.path(), "snapshot-5-x.tar.zst", &[("5.0".into(), bytes)]);
        let e = read_storage_accounts(&path, None).unwrap_err();
        assert_eq!(e.path, format!("{} (entry accounts/5.0)", path.display()));
        assert_eq!(
            (e.offset, e.field.as_deref()),
            (Some(TOKEN), Some("account_meta.executable"))
        );
    }
}

#[test]
fn a_sample_is_seeded_bounded_and_drawn_from_the_input() {
    let dir = temp();
    let all: Vec<Account> = (0..90).map(token).collect();
    let path = write(dir.path(), "1.0", &storage_of(&all));
    let sample = |seed| {
        read_storage_accounts(&path, Some(Sample { size: 10, seed }))
            .unwrap()
            .accounts
    };
    let a = sample(1);
    assert_eq!(a.len(), 10);
    assert!(a.iter().all(|x| all.contains(x)));
    assert_eq!(a, sample(1));
    assert_ne!(a, sample(2));
    let read = read_storage_accounts(&path, Some(Sample { size: 10, seed: 1 })).unwrap();
    assert_eq!((read.records, read.sizes.get(&165)), (90, Some(&90)));
    // A sample larger than the input keeps every account.
    let big = read_storage_accounts(
        &path,
        Some(Sample {
            size: 1000,
            seed: 0,
        }),
    )
    .unwrap();
    assert_eq!(big.accounts, all);
}

#[test]
fn a_sample_is_uniform() {
    // 2 of 5 accounts over 5000 seeds: each account is kept 2000 times in expectation
    // (binomial, sd ~35); a reservoir biased towards early or late records (for instance
    // drawing from 0..n-1 instead of 0..n) misses these bounds by hundreds.
    let dir = temp();
    let all: Vec<Account> = (0..5).map(token).collect();
    let path = write(dir.path(), "1.0", &storage_of(&all));
    let mut kept = [0u32; 5];
    for seed in 0..5000 {
        let read = read_storage_accounts(&path, Some(Sample { size: 2, seed })).unwrap();
        for a in read.accounts {
            kept[a.pubkey.0[0] as usize] += 1;
        }
    }
    assert!(kept.iter().all(|&k| (1850..=2150).contains(&k)), "{kept:?}");
}

fn any_account() -> impl Strategy<Value = Account> {
    common::account_of(
        prop_oneof![Just(0u64), Just(1), Just(u64::MAX), any::<u64>()],
        any::<u64>(),
        prop_oneof![0usize..300, 300usize..5000],
    )
    .prop_map(|account| {
        if account.lamports > 0 {
            return account;
        }
        // Agave stores a zero-lamport account as the default account (here with a non-zero
        // pubkey: an all-zero record header marks the unwritten tail).
        let mut pubkey = account.pubkey;
        pubkey.0[0] |= 1;
        Account {
            pubkey,
            ..Account::default()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_accounts_round_trip(accounts in proptest::collection::vec(any_account(), 0..20)) {
        let bytes = storage_of(&accounts);
        let expected: u64 = accounts.iter().map(|a| stored_size(a.data.len() as u64)).sum();
        prop_assert_eq!(bytes.len() as u64, expected);
        let dir = temp();
        let read = read_storage_accounts(&write(dir.path(), "7.0", &bytes), None).unwrap();
        prop_assert!(read.warnings.is_empty());
        prop_assert_eq!(read.accounts, accounts);
    }
}

/// The process's peak resident memory (Linux `VmHWM`), in bytes.
#[cfg(all(feature = "snapshot", target_os = "linux"))]
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// Writes a snapshot archive of `storages` x `per_storage` token accounts, streamed through
/// tar and zstd into `path` (one storage in memory at a time).
#[cfg(feature = "snapshot")]
fn write_big_archive(path: &Path, storages: u64, per_storage: u64) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let encoder = zstd::Encoder::new(file, 1).unwrap();
    let mut builder = tar::Builder::new(encoder);
    let mut storage = Vec::new();
    for s in 0..storages {
        storage.clear();
        let accounts = (0..per_storage).map(|i| {
            let n = s * per_storage + i;
            let mut key = [0u8; 32];
            key[..8].copy_from_slice(&n.to_le_bytes());
            Account {
                pubkey: Pubkey(key),
                lamports: 2_039_280,
                rent_epoch: u64::MAX,
                executable: false,
                owner: Pubkey([6; 32]),
                data: vec![(n % 251) as u8; 165],
            }
        });
        for (i, a) in accounts.enumerate() {
            account_hash::snapshot::write_record(&mut storage, &a.as_ref(), i as u64).unwrap();
        }
        let mut header = tar::Header::new_gnu();
        header.set_size(storage.len() as u64);
        header.set_mode(0o644);
        header.set_entry_type(tar::EntryType::Regular);
        builder
            .append_data(&mut header, format!("accounts/{s}.0"), storage.as_slice())
            .unwrap();
    }
    builder.into_inner().unwrap().finish().unwrap();
}

/// A snapshot archive of one million token accounts, read with a sample of 100,000 in one
/// pass, stays under 300 MiB of peak memory. Heavy (a 300 MB tar stream): `cargo test -p
/// account-hash --features snapshot --release --test snapshot -- --ignored`.
/// `HASHLAB_BIG_SNAPSHOT=PATH` keeps the archive there.
#[cfg(all(feature = "snapshot", target_os = "linux"))]
#[test]
#[ignore]
fn a_million_accounts_sampled_to_100_000_stay_under_300_mib() {
    let dir = temp();
    let path = match std::env::var_os("HASHLAB_BIG_SNAPSHOT") {
        Some(p) => PathBuf::from(p),
        None => dir.path().join("snapshot-1000-big.tar.zst"),
    };
    write_big_archive(&path, 100, 10_000);
    let before = peak_rss();
    let read = read_storage_accounts(
        &path,
        Some(Sample {
            size: 100_000,
            seed: 0,
        }),
    )
    .unwrap();
    let peak = peak_rss();
    assert_eq!((read.records, read.accounts.len()), (1_000_000, 100_000));
    assert_eq!(read.sizes.get(&165), Some(&1_000_000));
    eprintln!(
        "peak resident memory: {:.1} MiB (before the read {:.1} MiB)",
        peak as f64 / (1 << 20) as f64,
        before as f64 / (1 << 20) as f64
    );
    assert!(peak < 300 << 20, "peak {peak} bytes");
}
