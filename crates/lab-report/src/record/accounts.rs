//! The users' own accounts, read with account-hash's readers: `bench-all --accounts FILE`
//! (every input read before anything is built, checked, described by its composition and
//! handed to the lab through [`ACCOUNTS_ENV`]), `bench-all --mix-from SNAPSHOT` (the
//! data-size mix of a snapshot, written as the run's `mix.json` for [`MIX_ENV`]) and
//! `cargo xtask verify --vectors FILE` ([`read_records`]).
//!
//! An input is RPC JSON (as `verify` reads) or account storage: an Agave append-vec file,
//! a directory of them, or a snapshot archive (`.tar.zst`, streamed, never unpacked; it
//! needs account-hash's feature `snapshot`, which xtask turns on). The accounts kept from
//! storage (all of them, or `--sample N` of them, a seeded uniform sample) are written as
//! one append-vec file under `target/hashlab-accounts/`, which the lab reads; the
//! composition describes every record read, so it is the storage's real size mix even
//! when a sample is measured. What a reader warns of goes to `note`, a line at a time, as
//! it is read.
//!
//! [`ACCOUNTS_ENV`]: lab_record::process::ACCOUNTS_ENV
//! [`MIX_ENV`]: lab_record::process::MIX_ENV

use super::composition::composition_of_counts;
use account_hash::snapshot::{self, Sample, StorageKind, StorageRead};
use account_hash::AccountRecord;
use lab_record::mix::{MixFile, SizeCount, MIX_SCHEMA};
use lab_record::{Workload, WorkloadInfo, WorkloadKind};
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
    super::paths::workspace_root()
        .join("target/hashlab-accounts")
        .join(std::process::id().to_string())
}

/// Reads every `--accounts` input; the first problem is returned as the message to print
/// (an `InputError` names file, line or byte offset, and field, as `cargo xtask verify`
/// prints it). `sample` applies to storage inputs.
pub fn read_all(
    files: &[PathBuf],
    sample: Option<Sample>,
    note: &mut dyn FnMut(&str),
) -> Result<UserAccounts, String> {
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
        let workload = Workload::new(WorkloadKind::UserAccounts, stem(f));
        if snapshot::storage_kind(f).is_some() {
            let read = read_storage(f, sample, note)?;
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
            note(&format!(
                "note: {}: --sample applies to account storage; this JSON file is measured whole",
                f.display()
            ));
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

/// Account storage read, each record cut short said to `note` as a warning.
fn read_storage(
    path: &Path,
    sample: Option<Sample>,
    note: &mut dyn FnMut(&str),
) -> Result<StorageRead, String> {
    let read = snapshot::read_storage_accounts(path, sample).map_err(|e| e.to_string())?;
    for w in &read.warnings {
        note(&format!("warning: {w}"));
    }
    Ok(read)
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

/// The accounts of `verify --vectors`: RPC JSON with its expected digests, or account
/// storage (a storage file, a directory, a snapshot archive), whose accounts carry none:
/// only `--lt-total` is then checked.
pub fn read_records(path: &Path, note: &mut dyn FnMut(&str)) -> Result<Vec<AccountRecord>, String> {
    if snapshot::storage_kind(path).is_none() {
        return account_hash::read_accounts(path).map_err(|e| e.to_string());
    }
    let read = read_storage(path, None, note)?;
    Ok(read
        .accounts
        .into_iter()
        .enumerate()
        .map(|(i, account)| AccountRecord {
            account,
            expected_hash: None,
            expected_lt_checksum: None,
            line: i + 1,
        })
        .collect())
}

/// Reads the mix of `--mix-from`'s `path`: a mix file written by an earlier run, used as it
/// is, or storage measured now (every record is read; none is kept).
pub fn measure_mix(path: &Path, note: &mut dyn FnMut(&str)) -> Result<MixFile, String> {
    if path.extension().is_some_and(|e| e == "json") {
        return MixFile::read(path);
    }
    if snapshot::storage_kind(path).is_none() {
        return Err(format!(
            "{}: --mix-from takes a snapshot archive, account storage or a mix .json file",
            path.display()
        ));
    }
    let read = read_storage(path, Some(Sample { size: 0, seed: 0 }), note)?;
    if read.records == 0 {
        return Err(format!("{}: no accounts in the storage", path.display()));
    }
    let abs = std::fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = match read.slot {
        Some(slot) => format!("measured from snapshot {slot}"),
        None => format!(
            "measured from the account storage {}",
            abs.file_name().unwrap_or_default().to_string_lossy()
        ),
    };
    let info = composition_of_counts(measured_mix(), String::new(), &read.sizes);
    Ok(MixFile {
        schema: MIX_SCHEMA,
        source,
        input: abs.display().to_string(),
        slot: read.slot,
        accounts: read.records,
        classes: info.classes,
        sizes: read
            .sizes
            .iter()
            .map(|(&data_len, &accounts)| SizeCount { data_len, accounts })
            .collect(),
    })
}

/// The composition table's name for a measured mix: `mainnet_mix/measured`.
fn measured_mix() -> Workload {
    Workload::new(WorkloadKind::MainnetMix, "measured")
}

/// Writes `mix` to `dir/mix.json`.
pub fn write_mix(mix: &MixFile, dir: &Path) -> Result<PathBuf, String> {
    let path = dir.join("mix.json");
    let text = serde_json::to_string_pretty(mix).map_err(|e| e.to_string())?;
    std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// The mix as the report's composition table shows it.
pub fn mix_workload(mix: &MixFile, written: &Path) -> WorkloadInfo {
    let counts = mix.sizes.iter().map(|s| (s.data_len, s.accounts)).collect();
    composition_of_counts(
        measured_mix(),
        format!(
            "{} ({}); the mainnet_mix/* rows of this run draw their data sizes from it ({})",
            mix.source,
            mix.input,
            written.display()
        ),
        &counts,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inputs_workload_is_named_after_its_stem_or_slot() {
        let stems = [
            "x/snapshot-101-Abc.tar.zst",
            "x/my-archive.tar.zst",
            "x/41.7",
            "x/kept.appendvec",
            "x/mine.jsonl",
        ]
        .map(|p| stem(Path::new(p)));
        assert_eq!(
            stems,
            ["snapshot-101", "my-archive", "41.7", "kept", "mine"]
        );
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        assert_eq!(stem(&dir), "src");
    }
}
