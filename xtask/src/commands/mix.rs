//! `bench-all --mix-from SNAPSHOT`: the data-size mix of a snapshot (or of storage files),
//! written as `mix.json` in the run directory and handed to the lab in `HASHLAB_MIX`, so
//! the `mainnet_mix/*` workloads draw their sizes from it instead of the built-in mix. A
//! `.json` path is a mix file written by an earlier run, used as it is.

use account_hash::snapshot::{self, Sample};
use lab_record::mix::{MixFile, SizeCount, MIX_SCHEMA};
use lab_record::{Workload, WorkloadInfo, WorkloadKind};
use lab_report::analysis::composition::composition_of_counts;
use std::path::{Path, PathBuf};

/// Reads the mix of `path`: a mix file, or storage measured now (every record is read;
/// none is kept).
pub fn measure(path: &Path) -> Result<MixFile, String> {
    if path.extension().is_some_and(|e| e == "json") {
        return MixFile::read(path);
    }
    if snapshot::storage_kind(path).is_none() {
        return Err(format!(
            "{}: --mix-from takes a snapshot archive, account storage or a mix .json file",
            path.display()
        ));
    }
    let read = snapshot::read_storage_accounts(path, Some(Sample { size: 0, seed: 0 }))
        .map_err(|e| e.to_string())?;
    for w in &read.warnings {
        eprintln!("warning: {w}");
    }
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
    let info = composition_of_counts(measured_workload(), String::new(), &read.sizes);
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
fn measured_workload() -> Workload {
    Workload::new(WorkloadKind::MainnetMix, "measured")
}

/// Writes `mix` to `dir/mix.json`.
pub fn write(mix: &MixFile, dir: &Path) -> Result<PathBuf, String> {
    let path = dir.join("mix.json");
    let text = serde_json::to_string_pretty(mix).map_err(|e| e.to_string())?;
    std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// The mix as the report's composition table shows it.
pub fn workload_info(mix: &MixFile, written: &Path) -> WorkloadInfo {
    let counts = mix.sizes.iter().map(|s| (s.data_len, s.accounts)).collect();
    composition_of_counts(
        measured_workload(),
        format!(
            "{} ({}); the mainnet_mix/* rows of this run draw their data sizes from it ({})",
            mix.source,
            mix.input,
            written.display()
        ),
        &counts,
    )
}
