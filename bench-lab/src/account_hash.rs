//! Family `account-hash` (the legacy 32-byte digest), every row of it:
//!
//! | strategy | workload | what one iteration does |
//! |---|---|---|
//! | every per-account strategy of the list without backends | `data_size/<size>` | hash one account of each seed size |
//! | `lane-xof@<widest backend>` | `data_size/165` | its legacy hash (the blake3 crate on the staged message: isa the blake3 crate's) |
//! | copy-buffer at each sweep capacity | `cap_sweep/<size>` | hash one account of each sweep size |
//! | every per-account strategy without backends | `mainnet_mix/<n>` | hash every account of the profile's mix |
//! | `batch@<backend>` (widest; the others at 165 only) | `data_size/<size>` | `hash_batch` over [`batch_accounts_for`] copies of the per-account rows' account of that size (1024 while the message fits one chunk, 1 above) |
//! | `batch@<backend>` | `mainnet_mix/<n>` | `hash_batch` over the same mix |
//! | every per-account strategy without backends, `batch@<backend>` | `user_accounts/<stem>` | every account of a user's file ([`crate::user_accounts`]), as on the mix |
//! | `input-phase@<backend>`, every backend | `compression/1024` | one-block messages through the input phase ([`crate::floor`]) |
//! | `floor-throughput@<backend>`, `floor-latency@<backend>` | `compression/256` | register-only lanes; one message's dependent chain ([`crate::floor`]) |
//! | `port-limit@<backend>` | `op_throughput/<op>`, `op_latency/<op>` | one vector operation's register-only loop: ns per operation as independent chains and as one chain ([`crate::floor`]) |
//! | `clock` | `dependent_add/65536` | one cycle per add: the floors' clock ([`crate::floor`]) |
//! | `batch@threads=<t>` | `rayon_mix/<n>` | `hash_batch` on rayon with `t` threads, each pinned to its own CPU on Linux ([`crate::scaling`]) |
//! | every per-account strategy without backends, `batch@<backend>` | `vote_1024`, `size_ladder/<size>` | the validator's workloads ([`crate::validator`]) |
//!
//! Strategies come from `account_hash::strategy::list`. Strategies with backends are
//! measured on every backend this CPU supports (`isa` = the backend), the non-default
//! (narrower) ones only at 165 B to keep `quick` short; a row whose messages go over one
//! chunk has the wider of its backend's and the blake3 crate's isa
//! ([`Subject::isa_for`]). Rows with many accounts per iteration carry
//! `items_per_iter` = accounts, so per-account times are `ns_per_iter / items_per_iter`.

use crate::cases::{AccountDigest, BatchLegacy, Subject};
use crate::workloads::{self, SEED_SIZES, SWEEP_SIZES};
use crate::{floor, isa, rows, scaling, user_accounts, Registry};
use account_hash::strategy::list::{self, LaneDigests, StrategyEntry, StrategyVisitor};
use account_hash::strategy::MAX_BATCHED_DATA_LEGACY;
use account_hash::{AccountHasher, BatchHasher, IntoLtLanes};
use lab_record::{BenchMeta, Family, Workload, WorkloadKind};

pub const FAMILY: Family = Family::AccountHash;
/// The one size the non-default backends are measured at: the token account.
pub const NARROW_SIZE: usize = 165;
const DIGEST: AccountDigest = AccountDigest::Legacy;

/// Accounts per iteration of a `batch` row on the `data_size/<size>` workload: 1024 while
/// an account's message fits one chunk (the lanes need many), one above (the message then
/// takes the blake3 crate, one account at a time, and gains nothing from more).
///
/// Every one of them is the per-account rows' account (`workloads::account(size, 0)`),
/// hashed again in every slot: the rows of a `data_size` table differ in strategy only,
/// never in how much memory one iteration reads (before, batch hashed 1024 distinct
/// accounts up to 1 KiB, 4 at 1 MiB and 2 at 10 MiB, while the per-account rows re-hash
/// one).
pub fn batch_accounts_for(data_size: usize) -> usize {
    if data_size <= MAX_BATCHED_DATA_LEGACY {
        1024
    } else {
        1
    }
}

pub fn register(reg: &mut Registry) {
    for part in [Part::Sizes, Part::Sweep, Part::Mix, Part::User] {
        list::visit(&mut Rows { reg: &mut *reg, part });
    }
    floor::register_input_phase(reg);
    list::visit(&mut Rows {
        reg: &mut *reg,
        part: Part::Scaling,
    });
    crate::validator::register(reg, FAMILY);
}

/// Which rows one walk over the strategy list registers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Sizes,
    Sweep,
    Mix,
    /// The users' account files ([`crate::user_accounts`]).
    User,
    Scaling,
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
        if entry.lane_digests == LaneDigests::Lt {
            // A per-account strategy whose LtHash alone uses the lanes (lane-xof): its
            // legacy hash is the blake3 crate on the staged message whatever the backend.
            // One row: the default instance at 165 B, with the blake3 crate's isa.
            if entry.default_instance && self.part == Part::Sizes {
                let who = Subject {
                    isa: Some(isa::blake3()),
                    lanes: false,
                    ..Subject::strategy(FAMILY, DIGEST, entry, &hasher)
                };
                rows::one_account(self.reg, &who, &hasher, WorkloadKind::DataSize, &[NARROW_SIZE]);
            }
            return;
        }
        let who = Subject::strategy(FAMILY, DIGEST, entry, &hasher);
        match self.part {
            Part::Sizes => rows::one_account(self.reg, &who, &hasher, WorkloadKind::DataSize, &SEED_SIZES),
            Part::Mix => {
                let mix = workloads::legacy_mix(self.reg.profile);
                rows::mix(self.reg, &who, &hasher, mix);
            }
            Part::User => rows::user_accounts(self.reg, &who, &hasher),
            Part::Sweep | Part::Scaling => {}
        }
    }

    /// The default (widest) backend on every workload; the other backends on
    /// `data_size/165` only.
    fn batch<B>(&mut self, entry: &StrategyEntry, batch: B)
    where
        B: BatchHasher + Clone + Send + Sync + 'static,
    {
        let who = Subject::strategy(FAMILY, DIGEST, entry, &batch);
        if !entry.default_instance {
            if self.part == Part::Sizes {
                batch_sizes(self.reg, &who, &batch, &[NARROW_SIZE]);
            }
            return;
        }
        match self.part {
            Part::Sizes => batch_sizes(self.reg, &who, &batch, &SEED_SIZES),
            Part::Mix => {
                let (n, cap) = workloads::legacy_mix(self.reg.profile);
                self.reg.add(rows::mix_meta(&who, n, cap), move || {
                    Box::new(BatchLegacy::new(
                        batch.clone(),
                        workloads::live_mainnet_mix(n, cap),
                    ))
                });
            }
            Part::User => {
                let batch = batch.clone();
                user_accounts::register(self.reg, &who, rows::longest_isa(&who), move |accounts| {
                    Box::new(BatchLegacy::new(batch.clone(), accounts))
                });
            }
            Part::Scaling => scaling::register(self.reg, entry, &batch),
            Part::Sweep => {}
        }
    }

    /// copy-buffer at each sweep capacity on the sweep sizes; cap=200 is the baseline.
    fn sweep<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + 'static,
        H::Lt: IntoLtLanes,
    {
        if self.part == Part::Sweep {
            let who = Subject::strategy(FAMILY, DIGEST, entry, &hasher);
            rows::one_account(self.reg, &who, &hasher, WorkloadKind::CapSweep, &SWEEP_SIZES);
        }
    }
}

/// `hash_batch` over [`batch_accounts_for`] copies of the account of each of `sizes`.
fn batch_sizes<B: BatchHasher + Clone + 'static>(
    reg: &mut Registry,
    who: &Subject,
    batch: &B,
    sizes: &[usize],
) {
    for &size in sizes {
        let n = batch_accounts_for(size);
        let meta = BenchMeta {
            data_size: Some(size as u64),
            bytes_per_iter: (n * (DIGEST.meta_len() + size)) as u64,
            items_per_iter: n as u64,
            ..who.on_messages(
                Workload::new(WorkloadKind::DataSize, size),
                DIGEST.meta_len() + size,
                DIGEST.meta_len() + size,
            )
        };
        let batch = batch.clone();
        reg.add(meta, move || {
            Box::new(BatchLegacy::repeated(
                batch.clone(),
                workloads::live_account(size),
                n,
            ))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Filter, Profile};

    /// The sweep rows are exactly the list's sweep variants, each on every sweep size.
    #[test]
    fn sweep_covers_the_listed_caps_on_every_sweep_size() {
        struct Caps(Vec<Option<lab_record::Variant>>);
        impl StrategyVisitor for Caps {
            fn per_account<H>(&mut self, _: &StrategyEntry, _: H) {}
            fn batch<B>(&mut self, _: &StrategyEntry, _: B) {}
            fn sweep<H: AccountHasher>(&mut self, _: &StrategyEntry, h: H) {
                self.0.push(crate::cases::variant_of(&h));
            }
        }
        let mut listed = Caps(Vec::new());
        list::visit(&mut listed);
        let reg = Registry::new(Profile::Smoke);
        let f = Filter {
            workloads: Some(vec![WorkloadKind::CapSweep]),
            ..Filter::default()
        };
        let registered: Vec<_> = reg.select(&f).map(|b| b.meta.id.variant).collect();
        let mut expected = Vec::new();
        for cap in &listed.0 {
            expected.extend(SWEEP_SIZES.map(|_| *cap));
        }
        assert_eq!(registered, expected);
        let copy_buffer = list::compiled_features().contains(&"copy-buffer");
        assert_eq!(listed.0.len(), if copy_buffer { 8 } else { 0 });
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
            let id = b.meta.id.criterion_id();
            if b.meta.claims_consensus {
                assert_eq!(ok, Some(true), "{id}");
            } else if b.meta.data_size != Some(0) {
                // meta-first feeds the same bytes as the consensus order only when data is empty.
                assert_eq!(ok, Some(false), "{id}");
            }
            n += 1;
        }
        assert_eq!(n > 0, !list::compiled_features().is_empty());
    }

    #[test]
    fn seed_sizes_use_bytes_throughput_of_81_plus_size() {
        let reg = Registry::new(Profile::Quick);
        let f = Filter {
            families: Some(vec![FAMILY]),
            workloads: Some(vec![WorkloadKind::DataSize]),
            ..Filter::default()
        };
        for b in reg.select(&f) {
            // Per-account rows hash one account; `batch` rows copies of it, one above a
            // chunk (1 KiB of data and more: 81 + 1024 > 1024).
            let m = &b.meta;
            let size = m.data_size.unwrap() as usize;
            let expected = if m.id.strategy == "batch" && size <= MAX_BATCHED_DATA_LEGACY {
                1024
            } else {
                1
            };
            assert_eq!(m.items_per_iter, expected, "{}", m.id.criterion_id());
            assert_eq!(
                m.bytes_per_iter,
                m.items_per_iter * (81 + m.data_size.unwrap())
            );
        }
    }
}
