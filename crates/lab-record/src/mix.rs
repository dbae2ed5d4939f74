//! A measured account mix (`cargo xtask bench-all --mix-from SNAPSHOT`): how many accounts
//! of each data size a snapshot holds. The lab's `mainnet_mix/*` workloads draw their data
//! sizes from it instead of the built-in, partly assumed, mix.

use serde::{Deserialize, Serialize};

use crate::SizeClassShare;

/// The format's version; another version is refused.
pub const MIX_SCHEMA: u64 = 1;

/// `mix.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MixFile {
    pub schema: u64,
    /// The citation the report prints: `measured from snapshot <slot>` (or from storage
    /// files when the slot is not known).
    pub source: String,
    /// The input read (absolute path).
    pub input: String,
    /// The snapshot's slot, when known.
    pub slot: Option<u64>,
    /// Stored accounts read.
    pub accounts: u64,
    /// Share per size class (the classes of the report's composition tables).
    pub classes: Vec<SizeClassShare>,
    /// Accounts per distinct data length, ascending: what the workloads draw from.
    pub sizes: Vec<SizeCount>,
}

/// Accounts of one data length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SizeCount {
    pub data_len: u64,
    pub accounts: u64,
}

impl MixFile {
    /// Reads and checks a mix file: its schema, and at least one account.
    pub fn read(path: &std::path::Path) -> Result<MixFile, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let mix: MixFile = crate::from_json_str(path, &text).map_err(|e| e.to_string())?;
        if mix.schema != MIX_SCHEMA {
            return Err(format!(
                "{}: field `schema`: {} (this lab reads mix files of schema {MIX_SCHEMA})",
                path.display(),
                mix.schema
            ));
        }
        if mix.sizes.iter().map(|s| s.accounts).sum::<u64>() == 0 {
            return Err(format!("{}: field `sizes`: no accounts", path.display()));
        }
        Ok(mix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mix() -> MixFile {
        MixFile {
            schema: MIX_SCHEMA,
            source: "measured from snapshot 7".into(),
            input: "/x/snapshot-7-h.tar.zst".into(),
            slot: Some(7),
            accounts: 3,
            classes: Vec::new(),
            sizes: vec![SizeCount {
                data_len: 165,
                accounts: 3,
            }],
        }
    }

    #[test]
    fn a_mix_file_round_trips_and_bad_ones_are_refused_naming_the_field() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let path = dir.join("mix.json");
        std::fs::write(&path, serde_json::to_string(&mix()).unwrap()).unwrap();
        assert_eq!(MixFile::read(&path).unwrap(), mix());
        let newer = MixFile { schema: 2, ..mix() };
        std::fs::write(&path, serde_json::to_string(&newer).unwrap()).unwrap();
        let e = MixFile::read(&path).unwrap_err();
        assert!(e.contains("field `schema`: 2"), "{e}");
        let empty = MixFile {
            sizes: Vec::new(),
            ..mix()
        };
        std::fs::write(&path, serde_json::to_string(&empty).unwrap()).unwrap();
        let e = MixFile::read(&path).unwrap_err();
        assert!(e.contains("field `sizes`: no accounts"), "{e}");
        std::fs::write(&path, r#"{"schema": 1, "source": 5}"#).unwrap();
        let e = MixFile::read(&path).unwrap_err();
        assert!(e.contains("source"), "{e}");
    }
}
