//! `bench-all --accounts FILE`: the users' own accounts, read (every input, before
//! anything is built or run) with account-hash's readers, checked, described by their
//! composition, and handed to the lab through `HASHLAB_ACCOUNTS`.
//!
//! An input is RPC JSON (as `verify` reads) or account storage: an Agave append-vec file,
//! a directory of them, or a snapshot archive (`.tar.zst`, streamed, never unpacked). The
//! accounts kept from storage (all of them, or `--sample N` of them, a seeded uniform
//! sample) are written as one append-vec file under `target/hashlab-accounts/`, which the
//! lab reads; the composition describes every record read, so it is the storage's real
//! size mix even when a sample is measured.

use account_hash::snapshot::{self, Sample, StorageKind, StorageRead};
use lab_record::{Workload, WorkloadInfo};
use lab_report::analysis::composition::composition_of_counts;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

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

/// The workload name of an input: a JSON file's stem; for storage `snapshot-<slot>` (an
/// archive whose name gives its slot), the archive's name without `.tar.zst`, a
/// directory's name, or a storage file's name.
pub fn stem(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match snapshot::storage_kind(path) {
        Some(StorageKind::Archive) => match snapshot::archive_slot(&name) {
            Some(slot) => format!("snapshot-{slot}"),
            None => [".tar.zst", ".tar.zstd", ".tzst", ".tar"]
                .iter()
                .find_map(|ext| name.strip_suffix(ext))
                .unwrap_or(&name)
                .to_string(),
        },
        Some(StorageKind::File) => name.strip_suffix(".appendvec").unwrap_or(&name).to_string(),
        Some(StorageKind::Directory) => name,
        None => path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// Where the accounts kept from storage inputs are written for the lab.
pub fn storage_out_dir() -> PathBuf {
    lab_report::record::paths::workspace_root()
        .join("target/hashlab-accounts")
        .join(std::process::id().to_string())
}

/// Reads every input; the first problem is returned as the message to print (an
/// `InputError` names file, line or byte offset, and field, as `cargo xtask verify`
/// prints it). `sample` applies to storage inputs.
pub fn read_all(files: &[PathBuf], sample: Option<Sample>) -> Result<UserAccounts, String> {
    let mut seen: BTreeMap<String, &Path> = BTreeMap::new();
    for f in files {
        if let Some(first) = seen.insert(stem(f), f) {
            return Err(format!(
                "{} and {}: two account inputs with the same stem `{}` would be one workload; rename one",
                first.display(),
                f.display(),
                stem(f)
            ));
        }
    }
    let mut out = UserAccounts::default();
    for f in files {
        let abs = std::fs::canonicalize(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let workload = Workload::new(lab_record::WorkloadKind::UserAccounts, stem(f));
        if snapshot::storage_kind(f).is_some() {
            let read = snapshot::read_storage_accounts(f, sample).map_err(|e| e.to_string())?;
            for w in &read.warnings {
                eprintln!("warning: {w}");
            }
            if read.accounts.is_empty() {
                return Err(format!("{}: no accounts in the storage", f.display()));
            }
            let written = write_kept(&read, &stem(f))?;
            out.workloads.push(composition_of_counts(
                workload,
                describe(&abs, &read),
                &read.sizes,
            ));
            out.paths.push(written);
            continue;
        }
        if sample.is_some() {
            eprintln!(
                "note: {}: --sample applies to account storage; this JSON file is measured whole",
                f.display()
            );
        }
        let records = account_hash::read_accounts(f).map_err(|e| e.to_string())?;
        if records.is_empty() {
            return Err(format!("{}: no accounts in file", f.display()));
        }
        let mut sizes = BTreeMap::new();
        for r in &records {
            *sizes.entry(r.account.data.len() as u64).or_insert(0u64) += 1;
        }
        out.workloads.push(composition_of_counts(
            workload,
            abs.display().to_string(),
            &sizes,
        ));
        out.paths.push(abs);
    }
    Ok(out)
}

/// Where a storage input's accounts came from, for the report.
pub fn describe(abs: &Path, read: &StorageRead) -> String {
    let what = match (read.kind, read.slot) {
        (StorageKind::Archive, Some(slot)) => format!("snapshot archive (slot {slot})"),
        (StorageKind::Archive, None) => "snapshot archive".to_string(),
        (StorageKind::Directory, _) => "directory of account storage files".to_string(),
        (StorageKind::File, _) => "account storage file".to_string(),
    };
    let measured = match read.sample {
        Some(s) if (s.size as u64) < read.records => format!(
            "; measured on a uniform sample of {} (seed {})",
            read.accounts.len(),
            s.seed
        ),
        _ => String::new(),
    };
    let warnings = match read.warnings.len() {
        0 => String::new(),
        n => format!("; {n} storage(s) cut short by a record past their valid length"),
    };
    format!(
        "{}, {what}: {} stored accounts in {} storage file(s){measured}{warnings}",
        abs.display(),
        read.records,
        read.storages
    )
}

/// Writes the kept accounts as one append-vec file the lab reads.
fn write_kept(read: &StorageRead, stem: &str) -> Result<PathBuf, String> {
    let dir = storage_out_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!("{stem}.appendvec"));
    let io = |e: std::io::Error| format!("{}: cannot write: {e}", path.display());
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).map_err(io)?);
    snapshot::write_storage(&mut out, read.accounts.iter().map(|a| a.as_ref())).map_err(io)?;
    std::io::Write::flush(&mut out).map_err(io)?;
    Ok(path)
}
