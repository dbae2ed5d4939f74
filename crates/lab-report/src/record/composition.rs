//! What a user's account file holds (`bench-all --accounts FILE`), as the run records it
//! (`run.workloads`): its accounts and data bytes by data size class, as shares. The classes follow the sizes that matter to the
//! hash: empty accounts (system), up to one 64-byte block past the 81 fixed bytes, token
//! accounts (165 B, the seed's cap=200 buffer holds them), stake (200 B), the rest of one
//! BLAKE3 chunk, vote-sized accounts up to 10 KiB, and the tail.

use lab_record::{SizeClassShare, Workload, WorkloadInfo};
use std::collections::BTreeMap;

/// Size classes: name and inclusive data size range, in the order results.json lists them.
pub const CLASSES: [(&str, u64, u64); 7] = [
    ("0 B", 0, 0),
    ("1-127 B", 1, 127),
    ("128-165 B", 128, 165),
    ("166-200 B", 166, 200),
    ("201-1023 B", 201, 1023),
    ("1-10 KiB", 1024, 10 * 1024),
    ("> 10 KiB", 10 * 1024 + 1, u64::MAX),
];

/// The composition of one file's accounts, given their data sizes.
#[cfg(test)]
pub fn composition(workload: Workload, file: String, sizes: &[u64]) -> WorkloadInfo {
    let mut counts = BTreeMap::new();
    for &s in sizes {
        *counts.entry(s).or_insert(0u64) += 1;
    }
    composition_of_counts(workload, file, &counts)
}

/// The composition of accounts given as a count per data size (a snapshot's billion
/// accounts have a few thousand distinct sizes).
pub fn composition_of_counts(
    workload: Workload,
    file: String,
    counts: &BTreeMap<u64, u64>,
) -> WorkloadInfo {
    let accounts: u64 = counts.values().sum();
    let data_bytes: u64 = counts.iter().map(|(s, n)| s * n).sum();
    let share = |part: u64, whole: u64| {
        if whole == 0 {
            0.0
        } else {
            part as f64 / whole as f64
        }
    };
    let classes = CLASSES
        .iter()
        .map(|&(class, lo, hi)| {
            let (n, bytes) = counts
                .range(lo..=hi)
                .fold((0u64, 0u64), |(n, b), (s, c)| (n + c, b + s * c));
            SizeClassShare {
                class: class.to_string(),
                accounts: n,
                data_bytes: bytes,
                account_share: share(n, accounts),
                byte_share: share(bytes, data_bytes),
            }
        })
        .collect();
    WorkloadInfo {
        workload,
        file,
        accounts,
        data_bytes,
        classes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_record::WorkloadKind;

    #[test]
    fn shares_are_exact_on_a_small_fixture() {
        // 8 accounts: 2 empty, 4 token (165), 1 stake (200), 1 vote (3762).
        let sizes = [0, 165, 165, 0, 165, 200, 3762, 165];
        let info = composition(
            Workload::new(WorkloadKind::UserAccounts, "mine"),
            "/x/mine.jsonl".into(),
            &sizes,
        );
        assert_eq!((info.accounts, info.data_bytes), (8, 4622));
        let by: Vec<(&str, u64, u64, f64, f64)> = info
            .classes
            .iter()
            .map(|c| {
                (
                    c.class.as_str(),
                    c.accounts,
                    c.data_bytes,
                    c.account_share,
                    c.byte_share,
                )
            })
            .collect();
        assert_eq!(
            by,
            [
                ("0 B", 2, 0, 0.25, 0.0),
                ("1-127 B", 0, 0, 0.0, 0.0),
                ("128-165 B", 4, 660, 0.5, 660.0 / 4622.0),
                ("166-200 B", 1, 200, 0.125, 200.0 / 4622.0),
                ("201-1023 B", 0, 0, 0.0, 0.0),
                ("1-10 KiB", 1, 3762, 0.125, 3762.0 / 4622.0),
                ("> 10 KiB", 0, 0, 0.0, 0.0),
            ]
        );
        assert_eq!(info.workload.to_string(), "user_accounts/mine");
        // Class edges: 127/128, 1023/1024, 10240/10241.
        let edges = composition(
            Workload::new(WorkloadKind::UserAccounts, "e"),
            String::new(),
            &[127, 128, 1023, 1024, 10240, 10241],
        );
        let n: Vec<u64> = edges.classes.iter().map(|c| c.accounts).collect();
        assert_eq!(n, [0, 1, 1, 0, 1, 2, 1]);
        // No data at all: byte shares are 0, not NaN.
        let empty = composition(
            Workload::new(WorkloadKind::UserAccounts, "z"),
            String::new(),
            &[0, 0],
        );
        assert!(empty.classes.iter().all(|c| c.byte_share == 0.0));
        assert_eq!(empty.classes[0].account_share, 1.0);
    }
}
