//! A user's working copy of a peer crate measured against the released one
//! (`cargo xtask bench-all --peer-path CRATE=DIR`): the `peer_paths` of results.json.
//!
//! The lab is built twice: once with the released crate, once with a cargo patch pointing
//! the crate at `DIR`. Both builds' peer rows are checked against the reference digests,
//! then timed with the A/B method of `cargo xtask ab` (rounds of three fresh processes:
//! released, released again as the A/A control, yours; [`crate::ab`]).

use crate::{AbFailed, AbRow, Profile};
use serde::{Deserialize, Serialize};

/// One `--peer-path CRATE=DIR`, measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeerPath {
    /// The crate patched (`solana-lattice-hash`).
    #[serde(rename = "crate")]
    pub krate: String,
    /// The working copy, absolute.
    pub dir: String,
    /// `git describe --always --dirty` of `dir`, when it is in a git tree.
    pub describe: Option<String>,
    /// The released version the lab's adapter was written for (`4.3.0`): the A side.
    pub released: String,
    /// The strategy name of the working copy's rows (`peer:solana-lattice-hash@path`).
    pub row: String,
    /// Rounds asked for; a row says how many it got.
    pub rounds: u32,
    /// bench-lab's profile of every process.
    pub profile: Profile,
    /// One row per workload both builds have and whose digests matched: B is the working
    /// copy, A the released crate.
    pub rows: Vec<AbRow>,
    /// Criterion ids (of the released rows) whose digest from the working copy differs from
    /// the reference: not timed.
    #[serde(default)]
    pub digest_differs: Vec<String>,
    /// Rows only one of the two builds has (not timed).
    #[serde(default)]
    pub only_released: Vec<String>,
    #[serde(default)]
    pub only_yours: Vec<String>,
    /// Rows both have without a measurement, with the reason.
    #[serde(default)]
    pub failed: Vec<AbFailed>,
}

impl PeerPath {
    /// A comparison of `krate` at `dir` (the rows' strategy `<strategy>@path`) against
    /// `released` in lab processes of `profile`, nothing measured yet.
    pub fn new(krate: &str, dir: &str, released: &str, strategy: &str, profile: Profile) -> Self {
        PeerPath {
            krate: krate.into(),
            dir: dir.into(),
            describe: None,
            released: released.into(),
            row: format!("{strategy}@path"),
            rounds: 0,
            profile,
            rows: Vec::new(),
            digest_differs: Vec::new(),
            only_released: Vec::new(),
            only_yours: Vec::new(),
            failed: Vec::new(),
        }
    }

    /// `your solana-lattice-hash (DIR, describe)`.
    pub fn yours(&self) -> String {
        match &self.describe {
            Some(d) => format!("your {} ({}, {d})", self.krate, self.dir),
            None => format!("your {} ({})", self.krate, self.dir),
        }
    }
}
