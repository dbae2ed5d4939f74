//! `bench-all --accounts FILE`: the users' own account files, read (every one, before
//! anything is built or run) with account-hash's reader, checked, described by their
//! composition, and handed to the lab through `HASHLAB_ACCOUNTS`.

use crate::analysis::composition::composition;
use lab_record::{Workload, WorkloadInfo};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The environment variable the lab reads the account files from: absolute paths joined
/// with the platform's path separator. The lab registers a workload
/// `user_accounts/<file stem>` per file, for every strategy and both digests.
pub const ENV: &str = "HASHLAB_ACCOUNTS";

/// The workload kind of a user's accounts.
pub const KIND: &str = lab_record::WorkloadKind::UserAccounts.as_str();

/// The account files of a run: what to pass to the lab and what to record.
#[derive(Debug, Default)]
pub struct UserAccounts {
    /// Absolute paths, in the order given.
    pub paths: Vec<PathBuf>,
    pub workloads: Vec<WorkloadInfo>,
}

impl UserAccounts {
    /// `HASHLAB_ACCOUNTS`'s value; `None` without files.
    pub fn env_value(&self) -> Option<OsString> {
        if self.paths.is_empty() {
            return None;
        }
        std::env::join_paths(&self.paths).ok()
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Reads every file; the first problem is returned as the message to print (an
/// `InputError` names file, line and field, as `cargo xtask verify` prints it).
pub fn read_all(files: &[PathBuf]) -> Result<UserAccounts, String> {
    let mut seen: BTreeMap<String, &Path> = BTreeMap::new();
    for f in files {
        if let Some(first) = seen.insert(stem(f), f) {
            return Err(format!(
                "{} and {}: two account files with the same stem `{}` would be one workload; rename one",
                first.display(),
                f.display(),
                stem(f)
            ));
        }
    }
    let mut out = UserAccounts::default();
    for f in files {
        let records = account_hash::read_accounts(f).map_err(|e| e.to_string())?;
        if records.is_empty() {
            return Err(format!("{}: no accounts in file", f.display()));
        }
        let abs = std::fs::canonicalize(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let sizes: Vec<u64> = records
            .iter()
            .map(|r| r.account.data.len() as u64)
            .collect();
        out.workloads.push(composition(
            Workload::new(KIND, stem(f)),
            abs.display().to_string(),
            &sizes,
        ));
        out.paths.push(abs);
    }
    Ok(out)
}
