//! The measured mix (`cargo xtask bench-all --mix-from SNAPSHOT`): when [`ENV`] names a
//! mix file, the `mainnet_mix/*` workloads draw each account's data size from the sizes
//! measured in a snapshot (in proportion to their counts) instead of the built-in mix;
//! sizes above the profile's tail cap are cut to it, as the built-in tail is.

use std::sync::OnceLock;

use lab_record::mix::MixFile;

use crate::rng::SplitMix64;

/// The environment variable with the mix file's path; absent or empty: the built-in mix.
pub const ENV: &str = lab_record::process::MIX_ENV;

/// The mix file of [`ENV`], read once per process; a bad file exits with status 2 (bench-all
/// has checked it already: this is defensive).
pub fn get() -> Option<&'static MixFile> {
    static MIX: OnceLock<Option<MixFile>> = OnceLock::new();
    MIX.get_or_init(|| {
        let path = std::env::var_os(ENV).filter(|p| !p.is_empty())?;
        match MixFile::read(std::path::Path::new(&path)) {
            Ok(mix) => Some(mix),
            Err(e) => {
                eprintln!("hashlab: {ENV}: {e}");
                std::process::exit(2)
            }
        }
    })
    .as_ref()
}

/// `n` data sizes drawn from `mix` in proportion to its counts, capped at `tail_cap`.
pub fn sizes(mix: &MixFile, n: usize, tail_cap: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut cumulative = Vec::with_capacity(mix.sizes.len());
    let mut total = 0u64;
    for s in &mix.sizes {
        total += s.accounts;
        cumulative.push(total);
    }
    (0..n)
        .map(|_| {
            let pick = rng.below(total);
            let at = cumulative.partition_point(|&c| c <= pick);
            let len = mix.sizes.get(at).map_or(0, |s| s.data_len);
            usize::try_from(len).unwrap_or(usize::MAX).min(tail_cap)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_record::mix::{SizeCount, MIX_SCHEMA};

    #[test]
    fn sizes_follow_the_counts_and_the_cap() {
        let mix = MixFile {
            schema: MIX_SCHEMA,
            source: "measured from snapshot 1".into(),
            input: String::new(),
            slot: Some(1),
            accounts: 4,
            classes: Vec::new(),
            sizes: vec![
                SizeCount {
                    data_len: 0,
                    accounts: 1,
                },
                SizeCount {
                    data_len: 165,
                    accounts: 3,
                },
                SizeCount {
                    data_len: 1 << 30,
                    accounts: 0,
                },
            ],
        };
        let drawn = sizes(&mix, 40_000, 1024, &mut SplitMix64::new(3));
        let token = drawn.iter().filter(|&&s| s == 165).count();
        assert!((29_000..31_000).contains(&token), "{token}");
        assert!(drawn.iter().all(|&s| s == 0 || s == 165));
        let capped = MixFile {
            sizes: vec![SizeCount {
                data_len: 5000,
                accounts: 1,
            }],
            ..mix
        };
        assert_eq!(sizes(&capped, 3, 1024, &mut SplitMix64::new(3)), [1024; 3]);
    }
}
