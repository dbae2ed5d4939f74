//! The users' own accounts (`cargo xtask bench-all --accounts FILE`): workload
//! `user_accounts/<file stem>` in both account families, for every strategy instance the
//! lab measures on the mainnet mix (per-account strategies, `batch`, and in `lt-hash` the
//! peers), on exactly the accounts of the file.
//!
//! bench-all reads and checks every file up front and hands their absolute paths to each
//! lab process in [`ENV`] (joined with `std::env::join_paths`). Here a file is read only
//! when one of its rows is selected ([`crate::Registry::wants`]: `lab list`, `lab allocs`
//! and the criterion binary pass their filter, the criterion binary also its `--exact`
//! id), and at most once per process ([`load`] caches by path): a million accounts are
//! ~400 MB decoded, shared by every row of the file through an `Arc`.
//!
//! One iteration hashes every account of the file (like the mix rows): `items_per_iter`
//! = accounts, `bytes_per_iter` = the bytes hashed (fixed fields and data of each account
//! with non-zero lamports; a zero-lamport account hashes to zero / the identity without
//! hashing), no `data_size`. A file that cannot be read is an error naming file, line and
//! field, and the process exits with status 2.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use account_hash::Account;
use lab_record::{BenchMeta, Workload};

use crate::cases::{AccountDigest, Subject};
use crate::error::LabError;
use crate::{Case, Registry};

/// The environment variable with the account files (absolute paths, the platform's
/// path-list separator); absent or empty: none.
pub const ENV: &str = lab_record::process::ACCOUNTS_ENV;

/// The files named in [`ENV`], not read.
pub fn files() -> Vec<PathBuf> {
    match std::env::var_os(ENV) {
        Some(v) if !v.is_empty() => std::env::split_paths(&v)
            .filter(|p| !p.as_os_str().is_empty())
            .collect(),
        _ => Vec::new(),
    }
}

/// The workload of a file: `user_accounts/<file stem>`.
pub fn workload(path: &Path) -> Workload {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Workload::new(lab_record::WorkloadKind::UserAccounts, stem)
}

/// A file's accounts, decoded once.
#[derive(Debug)]
pub struct Loaded {
    pub accounts: Arc<Vec<Account>>,
}

impl Loaded {
    /// Bytes one pass hashes for `digest`: fixed fields and data of every account with
    /// non-zero lamports.
    pub fn hashed_bytes(&self, digest: AccountDigest) -> u64 {
        self.accounts
            .iter()
            .filter(|a| a.lamports != 0)
            .map(|a| (digest.meta_len() + a.data.len()) as u64)
            .sum()
    }

    /// The shortest and the longest account data of the file.
    pub fn data_len_range(&self) -> (usize, usize) {
        let lens = self.accounts.iter().map(|a| a.data.len());
        (lens.clone().min().unwrap_or(0), lens.max().unwrap_or(0))
    }
}

/// How many times this process decoded a file (for the tests of the cache).
static LOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Files decoded so far by this process.
pub fn loads() -> usize {
    LOADS.load(std::sync::atomic::Ordering::Relaxed)
}

/// The accounts of `path` (RPC JSON, or account storage), read the first time and
/// cached for the process. An unreadable or empty file is the error message to print.
pub fn try_load(path: &Path) -> Result<Arc<Loaded>, LabError> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<Loaded>>>> = OnceLock::new();
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(hit) = cache.get(path) {
        return Ok(hit.clone());
    }
    LOADS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let accounts: Vec<Account> = if account_hash::snapshot::storage_kind(path).is_some() {
        // Account storage (bench-all writes the accounts it kept from a snapshot as one
        // append-vec file).
        account_hash::snapshot::read_storage_accounts(path, None)?.accounts
    } else {
        account_hash::read_accounts(path)?
            .into_iter()
            .map(|r| r.account)
            .collect()
    };
    if accounts.is_empty() {
        return Err(LabError::NoAccounts {
            path: path.to_path_buf(),
        });
    }
    let loaded = Arc::new(Loaded {
        accounts: Arc::new(accounts),
    });
    cache.insert(path.to_path_buf(), loaded.clone());
    Ok(loaded)
}

/// [`try_load`], or the error on stderr and exit status 2 (bench-all has checked the file
/// already: this is defensive).
pub fn load(path: &Path) -> Arc<Loaded> {
    try_load(path).unwrap_or_else(|e| {
        eprintln!("hashlab: {ENV}: {e}");
        std::process::exit(2)
    })
}

/// Registers `who`'s row on every user file whose row the registry wants; `make` builds
/// the case from the file's accounts. The meta is adjusted by `adjust` (e.g. its `isa`)
/// once the file is loaded.
pub fn register(
    reg: &mut Registry,
    who: &Subject,
    adjust: impl Fn(&mut BenchMeta, &Loaded),
    make: impl Fn(Arc<Vec<Account>>) -> Box<dyn Case> + Clone + 'static,
) {
    for path in files() {
        let mut meta = who.on(workload(&path));
        if !reg.wants(&meta) {
            continue;
        }
        let loaded = load(&path);
        meta.items_per_iter = loaded.accounts.len() as u64;
        meta.bytes_per_iter = loaded.hashed_bytes(who.digest);
        adjust(&mut meta, &loaded);
        let accounts = loaded.accounts.clone();
        let make = make.clone();
        reg.add(meta, move || make(accounts.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_decoded_once_per_process() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let path = dir.join("once.jsonl");
        let vectors = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../crates/account-hash/tests/data/accounts.jsonl"
        );
        std::fs::copy(vectors, &path).unwrap();
        let before = loads();
        let a = try_load(&path).unwrap();
        let b = try_load(&path).unwrap();
        assert_eq!(loads(), before + 1);
        assert!(Arc::ptr_eq(&a.accounts, &b.accounts));
        assert_eq!(a.accounts.len(), 96);
        assert_eq!(workload(&path).to_string(), "user_accounts/once");
        // Account storage, as bench-all writes the accounts it keeps from a snapshot.
        let storage = dir.join("snapshot-101.appendvec");
        let fixture = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../crates/account-hash/tests/data/storage/100.0"
        );
        std::fs::copy(fixture, &storage).unwrap();
        let from_storage = try_load(&storage).unwrap();
        assert_eq!(from_storage.accounts.len(), 41);
        assert_eq!(workload(&storage).to_string(), "user_accounts/snapshot-101");
        let empty = dir.join("empty.jsonl");
        std::fs::write(&empty, "\n").unwrap();
        let err = try_load(&empty).unwrap_err();
        assert!(err.to_string().contains("no accounts"), "{err}");
    }
}
