//! Reading and writing runs: the typed record ([`lab_record`]), run directories and the
//! `latest` link ([`paths`]), criterion's own files ([`criterion`], each read once per
//! run), what the lab's commands print ([`lab`]), the append-only run journal
//! ([`journal`]), the one-run-at-a-time lock of a reports directory ([`lock`]),
//! `--peer-path`'s argument, shadow workspace and compile errors ([`peer_path`]), `cargo
//! xtask upstream`'s record ([`upstream`]), the `#[cfg(test)]` items of a source file it
//! moves ([`test_items`]) and the crates it generates ([`upstream_checks`]), cargo's JSON
//! messages ([`cargo`]), the users' own accounts read ([`accounts`]) with the composition
//! a run records of them ([`composition`]) and the record's timestamps ([`time`]). This
//! layer imports nothing of the crate but [`crate::error`].

pub mod accounts;
pub mod cargo;
pub mod composition;
pub mod criterion;
pub mod journal;
pub mod lab;
pub mod lock;
pub mod paths;
pub mod peer_path;
pub mod test_items;
pub mod time;
pub mod upstream;
pub mod upstream_checks;

pub use lab_record::{Interval, Missing, Record, ResultsFile, RunMeta, Statistic, Status, SCHEMA};

use crate::error::Result;
use std::path::{Path, PathBuf};

/// A finished run's status: interrupted, else complete when nothing is missing.
pub fn final_status(interrupted: bool, missing: &[Missing]) -> Status {
    if interrupted {
        Status::Interrupted
    } else if missing.is_empty() {
        Status::Complete
    } else {
        Status::Incomplete
    }
}

/// Reads and validates `results.json` (schema [`SCHEMA`]); errors name file, line, column
/// and field path.
pub fn load(path: &Path) -> Result<ResultsFile> {
    Ok(ResultsFile::load(path)?)
}

/// Writes `results.json` (write then rename, so a killed run keeps the last complete file).
pub fn save(file: &ResultsFile, path: &Path) -> Result<()> {
    file.save(path)
        .map_err(|e| crate::error::Error::io(path, "cannot write", e))
}

/// Each argument is a run directory or a results.json file.
pub fn load_runs(args: &[PathBuf]) -> (Vec<ResultsFile>, Vec<(PathBuf, crate::error::Error)>) {
    let (mut files, mut skipped) = (Vec::new(), Vec::new());
    for a in args {
        let path = if a.is_dir() {
            a.join("results.json")
        } else {
            a.clone()
        };
        match load(&path) {
            Ok(f) => files.push(f),
            Err(e) => skipped.push((path, e)),
        }
    }
    (files, skipped)
}
