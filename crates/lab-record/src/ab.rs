//! The record of an A/B comparison of two revisions (`cargo xtask ab REV_A REV_B`):
//! `reports/<id>/ab.json`, format `hashlab-ab` version [`AB_VERSION`], documented in
//! `docs/results-format.md` ("The A/B format").
//!
//! Each benchmark is measured in rounds; a round runs three fresh processes in a random
//! order: A, a second A (the A/A control) and B. The per-round ratios B/A and A'/A are
//! combined across rounds (each round is a fresh memory layout) with
//! the sequential design of bench-all's paired pass for the profile (the look the rounds
//! reach); the row's band comes from its own A/A control ([`crate::paired::noise_band`])
//! and its verdict from [`crate::sequential::decide`] (margin, `undecided`), the rule of
//! every paired comparison.

use crate::{from_json_str, Profile, Ratio, RecordError, Verdict};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `format` field of every ab.json.
pub const AB_FORMAT: &str = "hashlab-ab";
/// The version of the A/B format this crate writes and reads.
pub const AB_VERSION: u64 = 1;

/// `reports/<id>/ab.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbFile {
    /// Always [`AB_FORMAT`].
    pub format: String,
    /// [`AB_VERSION`].
    pub version: u64,
    /// `running` (written mid-run), `complete`, `interrupted`.
    pub status: AbStatus,
    /// The revision compared against (the old one).
    pub a: Revision,
    /// The revision under test (the new one).
    pub b: Revision,
    /// RFC 3339 UTC.
    pub started_at: String,
    pub finished_at: Option<String>,
    /// The whole command, builds included, seconds; null while running.
    pub wall_seconds: Option<f64>,
    pub machine: String,
    pub cpu: String,
    pub cpu_features: Vec<String>,
    /// `rustc -V` of the builds.
    pub rustc: String,
    /// Rounds asked for (`--rounds`); a row says how many it got.
    pub rounds: u32,
    /// bench-lab's profile of every process: `smoke`, `quick` or `full`.
    pub profile: Profile,
    /// The filters, as given (`--families account-hash`).
    #[serde(default)]
    pub filters: Vec<String>,
    /// One row per benchmark measured in both revisions, in A's order.
    pub rows: Vec<AbRow>,
    /// Criterion ids of benchmarks only revision A has (not measured).
    #[serde(default)]
    pub only_in_a: Vec<String>,
    #[serde(default)]
    pub only_in_b: Vec<String>,
    /// Benchmarks of both revisions without a row, with the reason.
    #[serde(default)]
    pub failed: Vec<AbFailed>,
}

/// A revision as given on the command line and the commit it resolved to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Revision {
    /// As given: `main`, `HEAD`, `my-branch~2`.
    pub name: String,
    /// The full commit sha.
    pub commit: String,
}

impl Revision {
    /// The first 12 hex digits of the commit.
    pub fn short(&self) -> &str {
        self.commit.get(..12).unwrap_or(&self.commit)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbStatus {
    #[serde(rename = "running")]
    Running,
    #[serde(rename = "complete")]
    Complete,
    #[serde(rename = "interrupted")]
    Interrupted,
}

/// One benchmark measured in both revisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbRow {
    pub criterion_id: String,
    /// Median over rounds of A's criterion estimate, ns per iteration.
    pub a_ns: f64,
    /// Median over rounds of B's estimate.
    pub b_ns: f64,
    /// B / A across rounds, with the 95 % interval of the profile's design at one look
    /// (`sequential::Design::one_look`) over the per-round log ratios, and the estimate
    /// that interval is taken around (`sequential::location`: the mean for a t interval,
    /// the Hodges–Lehmann estimate for a Hodges–Lehmann one).
    pub ratio: Ratio,
    /// This row's noise band (a fraction), from its own A/A control.
    pub band: f64,
    /// `faster` / `slower` (the whole interval beyond `1 ∓ max(band, 1 %)`), `equal` (the
    /// interval within ±1 % and the band at most 2 %) or `undecided`
    /// (`sequential::decide`).
    pub verdict: Verdict,
    /// Rounds that measured all three processes.
    pub rounds: u32,
    /// Per round, B's estimate / A's.
    pub round_ratios: Vec<f64>,
    /// The A/A control: the second A / A across rounds, with its interval.
    pub aa: Ratio,
    /// Per round, the second A's estimate / A's.
    pub aa_round_ratios: Vec<f64>,
}

/// A benchmark of both revisions that has no row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbFailed {
    pub criterion_id: String,
    /// Which process failed and why (criterion's exit status), or `interrupted ...`.
    pub reason: String,
}

impl AbFile {
    /// Reads an ab.json; errors name the file, line, column and field.
    pub fn load(path: &Path) -> Result<Self, RecordError> {
        let text = std::fs::read_to_string(path).map_err(|source| RecordError::Io {
            file: path.to_path_buf(),
            source,
        })?;
        Self::parse(path, &text)
    }

    /// Parses an ab.json's text, refusing another format or a newer version.
    pub fn parse(path: &Path, text: &str) -> Result<Self, RecordError> {
        #[derive(Deserialize)]
        struct Head {
            format: String,
            version: u64,
        }
        let head: Head = from_json_str(path, text)?;
        if head.format != AB_FORMAT || head.version != AB_VERSION {
            return Err(RecordError::Schema {
                file: path.to_path_buf(),
                found: head.version,
                message: format!(
                    "format `{}` version {}: this hashlab reads `{AB_FORMAT}` version {AB_VERSION}",
                    head.format, head.version
                ),
            });
        }
        from_json_str(path, text)
    }

    /// Writes the file (pretty JSON; write then rename, so a killed run keeps the last
    /// complete file), creating its directory.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text + "\n")?;
        std::fs::rename(&tmp, path)
    }
}
