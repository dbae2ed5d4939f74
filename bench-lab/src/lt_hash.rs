//! Family `lt-hash` (the lattice hash, SIMD-0215), every row of it:
//!
//! | strategy | workload | what one iteration does |
//! |---|---|---|
//! | every per-account strategy of the list | `data_size/<size>` (0, 165, 200, 1024) | `lt_hash` of one account (BLAKE3 XOF of 2048 bytes dominates at these sizes; the large sizes measure BLAKE3 itself, already covered by the legacy family) |
//! | every per-account strategy | `mainnet_mix/<n>` | `lt_hash` of every account of the lt mix (a tenth of the legacy mix), summed |
//! | every per-account strategy, `batch@<backend>`, the peers | `set_1024/165`, `set_1024/200` | the LtHash of a set of 1024 token-sized / stake-sized accounts |
//! | `batch@<backend>`, the peers | `mainnet_mix/<n>` | the LtHash of the lt mix through one accumulator |
//! | every per-account strategy (summed), `batch@<backend>`, the peers | `user_accounts/<stem>` | the LtHash of a user's file ([`crate::user_accounts`]) |
//! | every per-account strategy, `batch@<backend>`, the peers | `vote_1024`, `size_ladder/<size>`, `slot_delta/<n>` | the validator's workloads ([`crate::validator`]) |
//! | copy-buffer cap=200 (the baseline), `peer:solana-lattice-hash`, the drop-in | `accounts_per_call/<n>` (1, 2, 8) | the LtHash of `n` 165-byte accounts, a fresh accumulator per call |
//! | `peer:blake3-serial` (the baseline), `peer:solana-lattice-hash`, the drop-in | `mix_in/1024` | 1024 precomputed LtHashes mixed into a fresh accumulator |
//!
//! Strategies with backends (`lane-xof`, `batch`) have these rows on their default (widest)
//! backend; every other backend this CPU supports is measured on `data_size/165` (per
//! account), `set_1024/165` and the mix, `isa` = the backend (widened to the blake3
//! crate's where a message is over one chunk: the mix's tail, `data_size/1024`).
//!
//! On the sets, copy-buffer cap=200 (the list's baseline) is the baseline and cap=47 (the
//! list's previous buffer) runs only in `full`, to keep `quick` within its budget. The
//! peers (`peer:solana-lattice-hash`, `peer:blake3-serial`) are in [`crate::peers`].

use crate::cases::{Accumulated, AccountDigest, PerAccount, Subject};
use crate::workloads::{self, LT_SET_SIZES};
use crate::{peers, rows, Profile, Registry};
use account_hash::strategy::list::{self, StrategyEntry, StrategyVisitor, ValidatorCode};
use account_hash::{AccountHasher, BatchHasher, IntoLtLanes};
use lab_record::{Family, WorkloadKind};

pub const FAMILY: Family = Family::LtHash;
const DIGEST: AccountDigest = AccountDigest::Lt;

/// Sizes of the `data_size` rows: the seed's up to 1 KiB.
pub const LT_SIZES: [usize; 4] = [0, 165, 200, 1024];
/// The one data size of the non-default backends' `data_size` and `set_1024` rows.
pub const NARROW_SIZE: usize = 165;

pub fn register(reg: &mut Registry) {
    for part in [Part::Sizes, Part::Mix, Part::Sets, Part::User] {
        list::visit(&mut Rows {
            reg: &mut *reg,
            part,
        });
    }
    peers::lattice::register(reg, FAMILY, workloads::lt_mix(reg.profile));
    crate::validator::register(reg, FAMILY);
    list::visit(&mut Rows {
        reg: &mut *reg,
        part: Part::PerCall,
    });
    peers::lattice::register_call_shapes(reg, FAMILY);
}

/// Which rows one walk over the strategy list registers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Sizes,
    Mix,
    Sets,
    /// The users' account files ([`crate::user_accounts`]).
    User,
    /// `accounts_per_call/<n>`: the list's baseline only.
    PerCall,
}

struct Rows<'r> {
    reg: &'r mut Registry,
    part: Part,
}

impl StrategyVisitor for Rows<'_> {
    fn per_account<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + 'static,
        H::Lt: IntoLtLanes,
    {
        let who = Subject::strategy(FAMILY, DIGEST, entry, &hasher);
        let (sizes, sets): (&[usize], &[usize]) = if entry.default_instance {
            (&LT_SIZES, &LT_SET_SIZES)
        } else {
            (&[NARROW_SIZE], &[NARROW_SIZE])
        };
        match self.part {
            Part::Sizes => rows::one_account(self.reg, &who, &hasher, WorkloadKind::DataSize, sizes),
            Part::Mix => {
                let mix = workloads::lt_mix(self.reg.profile);
                rows::mix(self.reg, &who, &hasher, mix);
            }
            Part::Sets => {
                if entry.validator != ValidatorCode::Previous || self.reg.profile == Profile::Full {
                    rows::lt_sets_of(self.reg, &who, &PerAccount(hasher), sets, None);
                }
            }
            Part::User if entry.default_instance => {
                rows::user_accounts(self.reg, &who, &hasher)
            }
            Part::User => {}
            Part::PerCall if entry.validator == ValidatorCode::Current => {
                rows::accounts_per_call(self.reg, &who, &PerAccount(hasher))
            }
            Part::PerCall => {}
        }
    }

    fn batch<B>(&mut self, entry: &StrategyEntry, batch: B)
    where
        B: BatchHasher + Clone + Send + Sync + 'static,
    {
        let who = Subject::strategy(FAMILY, DIGEST, entry, &batch);
        let sets: &[usize] = if entry.default_instance {
            &LT_SET_SIZES
        } else {
            &[NARROW_SIZE]
        };
        match self.part {
            Part::Sets => {
                let mix = workloads::lt_mix(self.reg.profile);
                rows::lt_sets_of(self.reg, &who, &Accumulated(batch), sets, Some(mix));
            }
            Part::User if entry.default_instance => {
                rows::lt_user_accounts(self.reg, &who, &Accumulated(batch))
            }
            Part::Sizes | Part::Mix | Part::User | Part::PerCall => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::LT_SET_ACCOUNTS;
    use crate::Filter;

    #[test]
    fn sets_hold_the_documented_number_of_accounts() {
        let reg = Registry::new(Profile::Quick);
        let f = Filter {
            families: Some(vec![Family::LtHash]),
            workloads: Some(vec![WorkloadKind::Set1024]),
            ..Filter::default()
        };
        let mut n = 0;
        for b in reg.select(&f) {
            assert_eq!(b.meta.items_per_iter, LT_SET_ACCOUNTS as u64);
            n += 1;
        }
        assert!(n > 0);
    }
}
