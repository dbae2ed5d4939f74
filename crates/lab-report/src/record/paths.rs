//! Where runs live: the workspace root, `reports/<run-id>/`, `reports/latest`, and how a
//! run named on the command line is found.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate's manifest directory, `crates/lab-report`).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or(manifest)
}

/// A run given as an id under `reports_dir`, a directory, or a results.json path; returns
/// the results.json path.
pub fn resolve_run(reports_dir: &Path, run: &str) -> Result<PathBuf> {
    let as_path = PathBuf::from(run);
    let candidates = [
        as_path.clone(),
        as_path.join("results.json"),
        reports_dir.join(run).join("results.json"),
        // `cargo xtask` may run from a subdirectory: runs live under the workspace root.
        workspace_root()
            .join(reports_dir)
            .join(run)
            .join("results.json"),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            Error::Other(format!(
                "no results.json for run `{run}` (looked at {})",
                candidates
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

/// The directory of a run given as an id under `reports_dir`, a directory, or a
/// results.json path, when it holds a run journal (a run that may have died before writing
/// its results.json).
pub fn journal_dir(reports_dir: &Path, run: &str) -> Option<PathBuf> {
    let as_path = PathBuf::from(run);
    let candidates = [
        as_path.clone(),
        as_path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| as_path.clone(), Path::to_path_buf),
        reports_dir.join(run),
        workspace_root().join(reports_dir).join(run),
    ];
    candidates
        .into_iter()
        .find(|d| d.join(super::journal::FILE).is_file())
}

/// A run id must be a plain directory name other than `latest`.
pub fn check_run_id(run_id: &str) -> Result<()> {
    if run_id.is_empty() || run_id.contains(['/', '\\']) || run_id == "latest" {
        return Err(Error::Other(format!(
            "run id `{run_id}` must be a plain, non-empty name other than `latest`"
        )));
    }
    Ok(())
}

/// `reports_dir` made absolute against the workspace root.
pub fn reports_dir(reports_dir: &Path) -> PathBuf {
    if reports_dir.is_absolute() {
        reports_dir.to_path_buf()
    } else {
        workspace_root().join(reports_dir)
    }
}

/// Creates `reports/<run-id>/criterion` for a new run; refuses a run that already has a
/// results.json. Returns the run directory.
pub fn create_run_dir(reports: &Path, run_id: &str) -> Result<PathBuf> {
    check_run_id(run_id)?;
    let dir = reports.join(run_id);
    if dir.join("results.json").exists() {
        return Err(Error::Other(format!(
            "{} already exists; pick another --run-id",
            dir.display()
        )));
    }
    let criterion_home = dir.join("criterion");
    std::fs::create_dir_all(&criterion_home)
        .map_err(|e| Error::io(&criterion_home, "cannot create directory", e))?;
    Ok(dir)
}

/// Points `reports/latest` at the run (a relative symlink; a copy where symlinks fail).
/// The symlink is made under a temporary name and renamed over `latest`, so `latest` always
/// names a complete run, even while another run switches it.
pub fn update_latest(reports: &Path, run_id: &str) -> Result<()> {
    let latest = reports.join("latest");
    #[cfg(unix)]
    {
        let tmp = reports.join(format!(".latest-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        if std::os::unix::fs::symlink(run_id, &tmp).is_ok() {
            // A directory (the copy made where symlinks failed) cannot be renamed over.
            if std::fs::symlink_metadata(&latest).is_ok_and(|m| m.is_dir()) {
                std::fs::remove_dir_all(&latest)
                    .map_err(|e| Error::io(&latest, "cannot replace", e))?;
            }
            return std::fs::rename(&tmp, &latest).map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                Error::io(&latest, "cannot replace", e)
            });
        }
    }
    if let Ok(meta) = std::fs::symlink_metadata(&latest) {
        let removed = if meta.file_type().is_symlink() || meta.is_file() {
            std::fs::remove_file(&latest)
        } else {
            std::fs::remove_dir_all(&latest)
        };
        removed.map_err(|e| Error::io(&latest, "cannot replace", e))?;
    }
    std::fs::create_dir_all(&latest).map_err(|e| Error::io(&latest, "cannot create", e))?;
    for f in ["results.json", "index.html", "summary.md", "details.md"] {
        let from = reports.join(run_id).join(f);
        std::fs::copy(&from, latest.join(f)).map_err(|e| Error::io(&from, "cannot copy", e))?;
    }
    Ok(())
}
