//! Family `account-hash` (the legacy 32-byte digest): the seed's data sizes, the copy-buffer
//! capacity sweep, and the mainnet mix, for every per-account strategy compiled in.

use crate::cases::{seed_strategies, Digest, ManyAccounts, OneAccount, StrategyVisitor};
use crate::workloads::{self, SEED_SIZES};
use crate::{BenchMeta, Registry};
use account_hash::{AccountHasher, IntoLtLanes};

pub const FAMILY: &str = "account-hash";

pub fn register(reg: &mut Registry) {
    seed_strategies(&mut SeedSizes {
        reg: &mut *reg,
        family: FAMILY,
        digest: Digest::Legacy,
        sizes: &SEED_SIZES,
    });
    #[cfg(feature = "copy-buffer")]
    register_sweep(reg);
    let (n, cap) = (reg.profile.mix_accounts(), reg.profile.mix_tail_cap());
    seed_strategies(&mut Mix {
        reg,
        family: FAMILY,
        digest: Digest::Legacy,
        accounts: n,
        tail_cap: cap,
    });
}

/// Meta of a per-account strategy `H` on one workload.
pub(crate) fn meta<H: AccountHasher + Default>(
    family: &str,
    digest: Digest,
    workload: String,
    data_size: Option<u64>,
    bytes_per_iter: u64,
    items_per_iter: u64,
    baseline: bool,
) -> BenchMeta {
    BenchMeta {
        family: family.to_string(),
        digest: digest.name().to_string(),
        strategy: H::STRATEGY.to_string(),
        variant: H::default().variant().unwrap_or_else(|| "-".into()),
        workload,
        data_size,
        bytes_per_iter,
        items_per_iter,
        baseline,
        claims_consensus: H::CONSENSUS,
    }
}

/// One account of each size per iteration, `Throughput::Bytes(meta + size)`.
pub(crate) struct SeedSizes<'a> {
    pub reg: &'a mut Registry,
    pub family: &'static str,
    pub digest: Digest,
    pub sizes: &'a [usize],
}

impl StrategyVisitor for SeedSizes<'_> {
    fn visit<H: AccountHasher + Default + Clone + 'static>(&mut self, baseline: bool)
    where
        H::Lt: IntoLtLanes,
    {
        let digest = self.digest;
        for &size in self.sizes {
            let m = meta::<H>(
                self.family,
                digest,
                format!("data_size/{size}"),
                Some(size as u64),
                (digest.meta_len() + size) as u64,
                1,
                baseline,
            );
            self.reg.add(m, move || {
                Box::new(OneAccount {
                    hasher: H::default(),
                    account: workloads::account(size, 0),
                    digest,
                })
            });
        }
    }
}

/// The mainnet mix: every account of the set per iteration, `Throughput::Elements`.
pub(crate) struct Mix<'a> {
    pub reg: &'a mut Registry,
    pub family: &'static str,
    pub digest: Digest,
    pub accounts: usize,
    pub tail_cap: usize,
}

impl StrategyVisitor for Mix<'_> {
    fn visit<H: AccountHasher + Default + Clone + 'static>(&mut self, baseline: bool)
    where
        H::Lt: IntoLtLanes,
    {
        let (digest, n, cap) = (self.digest, self.accounts, self.tail_cap);
        let bytes = workloads::mix_hashed_bytes(n, cap, digest.meta_len());
        let m = meta::<H>(
            self.family,
            digest,
            format!("mainnet_mix/{n}"),
            None,
            bytes,
            n as u64,
            baseline,
        );
        self.reg.add(m, move || {
            Box::new(ManyAccounts {
                hasher: H::default(),
                accounts: workloads::mainnet_mix(n, cap),
                digest,
            })
        });
    }
}

/// copy-buffer at each sweep capacity on the sweep sizes; cap=200 is the baseline.
#[cfg(feature = "copy-buffer")]
fn register_sweep(reg: &mut Registry) {
    use crate::workloads::SWEEP_SIZES;
    use account_hash::copy_buffer;
    fn one<H: AccountHasher + Default + Clone + 'static>(reg: &mut Registry, baseline: bool) {
        for &size in &SWEEP_SIZES {
            let m = meta::<H>(
                FAMILY,
                Digest::Legacy,
                format!("cap_sweep/{size}"),
                Some(size as u64),
                (account_hash::META_LEN + size) as u64,
                1,
                baseline,
            );
            reg.add(m, move || {
                Box::new(OneAccount {
                    hasher: H::default(),
                    account: workloads::account(size, 0),
                    digest: Digest::Legacy,
                })
            });
        }
    }
    // Keep in step with workloads::SWEEP_CAPS (a test checks).
    one::<copy_buffer!(0)>(reg, false);
    one::<copy_buffer!(47)>(reg, false);
    one::<copy_buffer!(128)>(reg, false);
    one::<copy_buffer!(175)>(reg, false);
    one::<copy_buffer!(200)>(reg, true);
    one::<copy_buffer!(239)>(reg, false);
    one::<copy_buffer!(256)>(reg, false);
    one::<copy_buffer!(512)>(reg, false);
}

#[cfg(test)]
mod tests {
    use crate::{Filter, Profile, Registry};

    #[cfg(feature = "copy-buffer")]
    #[test]
    fn sweep_covers_the_documented_caps() {
        let reg = Registry::new(Profile::Smoke);
        let f = Filter::parse(None, None, None, Some("cap_sweep")).unwrap();
        let mut caps: Vec<usize> = reg
            .select(&f)
            .filter_map(|b| b.meta.variant.strip_prefix("cap=")?.parse().ok())
            .collect();
        caps.sort();
        caps.dedup();
        assert_eq!(caps, crate::workloads::SWEEP_CAPS.to_vec());
    }

    #[test]
    fn every_case_runs_and_consensus_strategies_match_the_reference() {
        let reg = Registry::new(Profile::Smoke);
        // Skip the 1 MiB / 10 MiB inputs to keep the test fast.
        let f = Filter::parse(Some("account-hash"), None, Some("0,165,200,1KiB"), None).unwrap();
        let mut n = 0;
        for b in reg.select(&f) {
            let mut case = b.make();
            case.run_once();
            let ok = case.digest_matches_reference();
            let id = b.meta.criterion_id();
            if b.meta.claims_consensus {
                assert_eq!(ok, Some(true), "{id}");
            } else if b.meta.data_size != Some(0) {
                // meta-first feeds the same bytes as the consensus order only when data is empty.
                assert_eq!(ok, Some(false), "{id}");
            }
            n += 1;
        }
        assert!(n > 0);
    }

    #[test]
    fn seed_sizes_use_bytes_throughput_of_81_plus_size() {
        let reg = Registry::new(Profile::Quick);
        let f = Filter::parse(Some("account-hash"), None, None, Some("data_size")).unwrap();
        for b in reg.select(&f) {
            // Per-account rows hash one account; `batch` rows (src/batch.rs) many of that size.
            let m = &b.meta;
            assert!(
                m.items_per_iter == 1 || m.strategy == "batch",
                "{}",
                m.criterion_id()
            );
            assert_eq!(
                m.bytes_per_iter,
                m.items_per_iter * (81 + m.data_size.unwrap())
            );
        }
    }
}
