//! Generic [`Case`]s for per-account strategies (any [`AccountHasher`]): one account, or a
//! whole set of accounts per iteration, on either digest. Families build on these.

use crate::{reference, Case};
use account_hash::{Account, AccountHasher, DigestBytes, IntoLtLanes, LtHash};
use std::hint::black_box;

/// Which digest a per-account case computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Digest {
    /// The 32-byte account hash (`AccountHasher::hash`).
    Legacy,
    /// The lattice hash (`AccountHasher::lt_hash`).
    Lt,
}

impl Digest {
    pub fn name(self) -> &'static str {
        match self {
            Digest::Legacy => "legacy",
            Digest::Lt => "lt",
        }
    }

    /// Bytes of fixed fields hashed per account: 81 for legacy, 73 for lt (no rent_epoch).
    pub fn meta_len(self) -> usize {
        match self {
            Digest::Legacy => account_hash::META_LEN,
            Digest::Lt => account_hash::LT_META_LEN,
        }
    }
}

/// Visits every per-account strategy compiled in, as a type. `baseline` marks the seed
/// PR's `copy-buffer cap=200`.
pub trait StrategyVisitor {
    fn visit<H: AccountHasher + Default + Clone + 'static>(&mut self, baseline: bool)
    where
        H::Lt: IntoLtLanes;
}

/// The per-account strategies of the seed measurements: copy-buffer at cap 47 (before the
/// PR) and cap 200 (the PR), streaming (B), meta-first (C).
pub fn seed_strategies(v: &mut impl StrategyVisitor) {
    #[cfg(feature = "copy-buffer")]
    {
        v.visit::<account_hash::copy_buffer!(47)>(false);
        v.visit::<account_hash::copy_buffer!(200)>(true);
    }
    #[cfg(feature = "streaming")]
    v.visit::<account_hash::Streaming>(false);
    #[cfg(feature = "meta-first")]
    v.visit::<account_hash::MetaFirst>(false);
    let _ = v;
}

/// Hash one account per iteration.
pub struct OneAccount<H> {
    pub hasher: H,
    pub account: Account,
    pub digest: Digest,
}

impl<H: AccountHasher> Case for OneAccount<H> {
    fn time(&mut self, b: &mut criterion::Bencher<'_>) {
        let a = self.account.as_ref();
        let h = &self.hasher;
        match self.digest {
            Digest::Legacy => b.iter(|| h.hash(black_box(&a))),
            Digest::Lt => b.iter(|| h.lt_hash(black_box(&a))),
        }
    }

    fn run_once(&mut self) {
        let a = self.account.as_ref();
        match self.digest {
            Digest::Legacy => {
                black_box(self.hasher.hash(black_box(&a)));
            }
            Digest::Lt => {
                black_box(self.hasher.lt_hash(black_box(&a)));
            }
        }
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        Some(matches(&self.hasher, &self.account, self.digest))
    }
}

/// Hash every account of a set per iteration (the mainnet mix).
pub struct ManyAccounts<H> {
    pub hasher: H,
    pub accounts: Vec<Account>,
    pub digest: Digest,
}

impl<H: AccountHasher> ManyAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    fn pass(&self) {
        let h = &self.hasher;
        match self.digest {
            Digest::Legacy => {
                for a in &self.accounts {
                    black_box(h.hash(black_box(&a.as_ref())));
                }
            }
            // Summed into the set's total, like the batch and peer rows on the same mix.
            Digest::Lt => {
                let mut total = LtHash::identity();
                for a in &self.accounts {
                    total.mix_in(&h.lt_hash(black_box(&a.as_ref())).into_lt_lanes());
                }
                black_box(total);
            }
        }
    }
}

impl<H: AccountHasher> Case for ManyAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    fn time(&mut self, b: &mut criterion::Bencher<'_>) {
        b.iter(|| self.pass())
    }

    fn run_once(&mut self) {
        self.pass()
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        // Every account would be slow for lt on big mixes; a strided sample covers every
        // category (1 in 7 of 100,000 is ~14,000 accounts).
        Some(
            self.accounts
                .iter()
                .step_by(7)
                .all(|a| matches(&self.hasher, a, self.digest)),
        )
    }
}

fn matches<H: AccountHasher>(h: &H, a: &Account, digest: Digest) -> bool {
    let r = a.as_ref();
    match digest {
        Digest::Legacy => h.hash(&r).digest_bytes() == reference::legacy(&r),
        Digest::Lt => h.lt_hash(&r).digest_bytes() == reference::lt_checksum(&r),
    }
}
