//! The validator's workloads ([`crate::workloads`] documents them and their sources), in
//! both families:
//!
//! | family | strategy | workload | what one iteration does |
//! |---|---|---|---|
//! | `lt-hash` | every per-account strategy, `batch@<backend>`, the peers | `vote_1024`, `size_ladder/<size>` | the LtHash of the set (per-account strategies: `lt_hash` each, summed) |
//! | `lt-hash` | every per-account strategy, the peers | `slot_delta/<n>` | the slot's delta: each write's new version's LtHash mixed in, its old version's mixed out, one account at a time (the peers: one sum per sign, as an add-only batch API needs) |
//! | `lt-hash` | `batch@<backend>` | `slot_delta/<n>` | the delta in one call ([`BatchHasher::lt_delta`]: `Batch::apply_delta`) |
//! | `account-hash` | every per-account strategy, `batch@<backend>` | `vote_1024`, `size_ladder/<size>` | the legacy hash of every account of the set |
//!
//! Per-account strategies follow the set rows' rule: the default instances, and the list's
//! previous buffer (copy-buffer cap=47) in `full` only; `batch` on its widest backend, and
//! beside a wider one on AVX2 for the LtHash of `vote_1024`.

use crate::cases::{
    AccountDigest, Accumulated, BatchLegacy, LtSetAccumulator, LtSetCase, ManyAccounts, PerAccount,
    Subject,
};
use crate::workloads::{self, SlotWrites, LADDER_ACCOUNTS, SLOT_VOTE_WRITES, SLOT_WRITES};
use crate::{isa, reference, Case, Profile, Registry};
use account_hash::strategy::list::{self, StrategyEntry, StrategyVisitor, ValidatorCode};
use account_hash::{Account, AccountHasher, AccountRef, BatchHasher, IntoLtLanes, LtHash};
use lab_record::{BenchMeta, Family, Workload, WorkloadKind};
use std::hint::black_box;
use std::sync::Arc;

/// Whether a per-account entry gets the validator's rows in this profile.
pub fn measured(entry: &StrategyEntry, profile: Profile) -> bool {
    entry.default_instance
        && (entry.validator != ValidatorCode::Previous || profile == Profile::Full)
}

/// One set of the validator's workloads.
#[derive(Clone)]
struct SetWorkload {
    workload: Workload,
    size: usize,
    vote: bool,
}

impl SetWorkload {
    fn accounts(&self) -> Arc<Vec<Account>> {
        if self.vote {
            workloads::live_vote_accounts(LADDER_ACCOUNTS)
        } else {
            workloads::live_set_of(self.size, LADDER_ACCOUNTS)
        }
    }
}

/// The sets of the validator's workloads: `vote_1024` and the profile's ladder.
fn sets(profile: Profile) -> Vec<SetWorkload> {
    let vote = SetWorkload {
        workload: Workload::new(WorkloadKind::Vote1024, ""),
        size: workloads::VOTE_SIZE,
        vote: true,
    };
    let ladder = workloads::size_ladder(profile)
        .iter()
        .map(|&size| SetWorkload {
            workload: Workload::new(WorkloadKind::SizeLadder, size),
            size,
            vote: false,
        });
    std::iter::once(vote).chain(ladder).collect()
}

/// The row of `who` on a set of [`LADDER_ACCOUNTS`] accounts of `size` bytes. A `batch`
/// row keeps its backend's isa below the crossover to the blake3 crate
/// ([`account_hash::BATCH_CROSSOVER_LEN`]): its long messages are in the lanes.
fn set_meta(who: &Subject, workload: Workload, size: usize) -> BenchMeta {
    let message = who.digest.meta_len() + size;
    let isa = if who.strategy == "batch" && message < account_hash::BATCH_CROSSOVER_LEN {
        who.isa
    } else {
        who.isa_for(message, message)
    };
    BenchMeta {
        data_size: Some(size as u64),
        bytes_per_iter: (LADDER_ACCOUNTS * message) as u64,
        items_per_iter: LADDER_ACCOUNTS as u64,
        isa,
        ..who.on(workload)
    }
}

fn slot_meta(who: &Subject, cap: usize) -> BenchMeta {
    let sizes = workloads::mix_sizes(SLOT_WRITES - SLOT_VOTE_WRITES, cap);
    let meta_len = who.digest.meta_len();
    let longest = sizes
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(workloads::VOTE_SIZE);
    let bytes: usize = sizes.iter().map(|s| meta_len + s).sum::<usize>()
        + SLOT_VOTE_WRITES * (meta_len + workloads::VOTE_SIZE);
    let isa = if who.strategy == "batch" && meta_len + longest < account_hash::BATCH_CROSSOVER_LEN {
        who.isa
    } else {
        who.isa_for(meta_len, meta_len + longest)
    };
    BenchMeta {
        // Two versions of each write are hashed.
        bytes_per_iter: 2 * bytes as u64,
        items_per_iter: SLOT_WRITES as u64,
        isa,
        ..who.on(Workload::new(WorkloadKind::SlotDelta, SLOT_WRITES))
    }
}

/// A slot's LtHash delta, `sum(new) - sum(old)`.
pub trait LtDelta {
    fn lt_delta(&self, writes: &SlotWrites) -> LtHash;
}

/// Through an LtHash set accumulator used once per sign: a per-account strategy's
/// `lt_hash` mixed in and out account by account, or a peer's two sums.
#[derive(Clone)]
pub struct TwoSums<A>(pub A);

impl<A: LtSetAccumulator> LtDelta for TwoSums<A> {
    fn lt_delta(&self, writes: &SlotWrites) -> LtHash {
        let mut delta = self.0.lt_of_set(&writes.new);
        delta.mix_out(&self.0.lt_of_set(&writes.old));
        delta
    }
}

/// Through [`BatchHasher::lt_delta`]: one call for the whole slot.
#[derive(Clone)]
pub struct OneCall<B>(pub B);

impl<B: BatchHasher> LtDelta for OneCall<B> {
    fn lt_delta(&self, writes: &SlotWrites) -> LtHash {
        let new: Vec<AccountRef<'_>> = writes.new.iter().map(Account::as_ref).collect();
        let old: Vec<AccountRef<'_>> = writes.old.iter().map(Account::as_ref).collect();
        self.0.lt_delta(&new, &old)
    }
}

/// The delta of one slot per iteration, checked against the reference.
pub struct SlotDeltaCase<D> {
    pub delta: D,
    pub writes: Arc<SlotWrites>,
}

impl<D: LtDelta> Case for SlotDeltaCase<D> {
    fn run_once(&mut self) {
        black_box(self.delta.lt_delta(black_box(&self.writes)));
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        let mut expected = reference::lt_of_set(&self.writes.new);
        expected.mix_out(&reference::lt_of_set(&self.writes.old));
        Some(self.delta.lt_delta(&self.writes) == expected)
    }
}

fn slot_cap(reg: &Registry) -> usize {
    workloads::lt_mix(reg.profile).1
}

/// The lt rows of an accumulator over sets (a per-account strategy, `batch`, a peer) on
/// `vote_1024` and the ladder, and its slot delta through `delta`.
fn lt_rows<A, D>(reg: &mut Registry, who: &Subject, acc: A, delta: D)
where
    A: LtSetAccumulator + Clone + 'static,
    D: LtDelta + Clone + 'static,
{
    for set in sets(reg.profile) {
        lt_set_row(reg, who, acc.clone(), set);
    }
    let cap = slot_cap(reg);
    reg.add(slot_meta(who, cap), move || -> Box<dyn Case> {
        Box::new(SlotDeltaCase {
            delta: delta.clone(),
            writes: workloads::live_slot_writes(SLOT_WRITES, SLOT_VOTE_WRITES, cap),
        })
    });
}

/// The lt row of an accumulator on one set.
fn lt_set_row<A>(reg: &mut Registry, who: &Subject, acc: A, set: SetWorkload)
where
    A: LtSetAccumulator + Clone + 'static,
{
    let meta = set_meta(who, set.workload.clone(), set.size);
    reg.add(meta, move || -> Box<dyn Case> {
        Box::new(LtSetCase {
            accumulator: acc.clone(),
            accounts: set.accounts(),
        })
    });
}

/// A per-account strategy's lt rows.
pub fn lt_per_account<H>(reg: &mut Registry, who: &Subject, hasher: &H)
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    let each = PerAccount(hasher.clone());
    lt_rows(reg, who, each.clone(), TwoSums(each));
}

/// `batch`'s lt rows: the sets through its accumulator, the delta in one call.
pub fn lt_batch<B>(reg: &mut Registry, who: &Subject, batch: &B)
where
    B: BatchHasher + Clone + 'static,
{
    lt_rows(reg, who, Accumulated(batch.clone()), OneCall(batch.clone()));
}

/// A peer's lt rows: the sets, and the delta as one sum per sign.
pub fn lt_peer<A>(reg: &mut Registry, who: &Subject, peer: A)
where
    A: LtSetAccumulator + Clone + 'static,
{
    lt_rows(reg, who, peer.clone(), TwoSums(peer));
}

/// Every peer's lt rows (`peer:blake3-serial`, `peer:solana-lattice-hash` with the lab
/// feature `peer-solana`: its batch for messages up to one chunk and its serial fallback
/// above, as the validator runs it), and the drop-in (`drop-in:solana-lattice-hash`).
pub fn lt_peers(reg: &mut Registry, family: Family) {
    let peer = |name| Subject::peer(family, AccountDigest::Lt, name);
    lt_peer(
        reg,
        &peer("peer:blake3-serial"),
        crate::peers::lattice::Blake3Serial,
    );
    #[cfg(feature = "peer-solana")]
    lt_peer(
        reg,
        &Subject {
            isa: Some(isa::solana_lattice_hash()),
            ..peer("peer:solana-lattice-hash")
        },
        crate::peers::lattice::SolanaLatticeHash,
    );
    #[cfg(not(feature = "peer-solana"))]
    let _ = isa::blake3;
    lt_peer(
        reg,
        &crate::peers::lattice::drop_in(family),
        crate::peers::lattice::DropIn,
    );
}

/// A per-account strategy's legacy rows: every account of each set hashed alone.
pub fn legacy_per_account<H>(reg: &mut Registry, who: &Subject, hasher: &H)
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    for set in sets(reg.profile) {
        let hasher = hasher.clone();
        let meta = set_meta(who, set.workload.clone(), set.size);
        reg.add(meta, move || -> Box<dyn Case> {
            Box::new(ManyAccounts {
                hasher: hasher.clone(),
                accounts: set.accounts(),
                digest: AccountDigest::Legacy,
            })
        });
    }
}

/// `batch`'s legacy rows: `hash_batch` over each set.
pub fn legacy_batch<B>(reg: &mut Registry, who: &Subject, batch: &B)
where
    B: BatchHasher + Clone + 'static,
{
    for set in sets(reg.profile) {
        let batch = batch.clone();
        let meta = set_meta(who, set.workload.clone(), set.size);
        reg.add(meta, move || -> Box<dyn Case> {
            Box::new(BatchLegacy::new(batch.clone(), set.accounts()))
        });
    }
}

/// Registers the validator's rows of `family` (`lt-hash` or `account-hash`): every listed
/// strategy, and for `lt-hash` the peers.
pub fn register(reg: &mut Registry, family: Family) {
    list::visit(&mut Rows {
        reg: &mut *reg,
        family,
    });
    if family == Family::LtHash {
        lt_peers(reg, family);
    }
}

struct Rows<'r> {
    reg: &'r mut Registry,
    family: Family,
}

impl Rows<'_> {
    fn digest(&self) -> AccountDigest {
        if self.family == Family::LtHash {
            AccountDigest::Lt
        } else {
            AccountDigest::Legacy
        }
    }
}

impl StrategyVisitor for Rows<'_> {
    fn per_account<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + Send + Sync + 'static,
        H::Lt: IntoLtLanes,
    {
        if !measured(entry, self.reg.profile) {
            return;
        }
        let who = Subject::strategy(self.family, self.digest(), entry, &hasher);
        match self.digest() {
            AccountDigest::Lt => lt_per_account(self.reg, &who, &hasher),
            // A per-account strategy with backends (lane-xof) spreads only the LtHash XOF
            // over lanes; its legacy hash is the blake3 crate's, measured once elsewhere.
            AccountDigest::Legacy if entry.backend.is_none() => {
                legacy_per_account(self.reg, &who, &hasher)
            }
            AccountDigest::Legacy => {}
        }
    }

    fn batch<B>(&mut self, entry: &StrategyEntry, batch: B)
    where
        B: BatchHasher + Clone + Send + Sync + 'static,
        B::Lt: IntoLtLanes,
    {
        let who = Subject::strategy(self.family, self.digest(), entry, &batch);
        if !entry.default_instance {
            // AVX2 beside a wider default: the LtHash of the vote accounts, the set a
            // validator without AVX-512 hashes every slot (compared, per instruction set,
            // with the per-account strategies in the build that caps the blake3 crate at
            // AVX2).
            if entry.backend == Some("avx2") && self.digest() == AccountDigest::Lt {
                let vote = sets(self.reg.profile).into_iter().filter(|s| s.vote);
                for set in vote {
                    lt_set_row(self.reg, &who, Accumulated(batch.clone()), set);
                }
            }
            return;
        }
        match self.digest() {
            AccountDigest::Lt => lt_batch(self.reg, &who, &batch),
            AccountDigest::Legacy => legacy_batch(self.reg, &who, &batch),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Filter;

    /// Every row of the validator's workloads runs once and, for consensus strategies,
    /// matches the reference (smoke: the cheap ladder sizes).
    #[test]
    fn every_row_matches_the_reference() {
        let reg = Registry::new(Profile::Smoke);
        let mut seen = std::collections::BTreeSet::new();
        for kind in [
            WorkloadKind::Vote1024,
            WorkloadKind::SizeLadder,
            WorkloadKind::SlotDelta,
        ] {
            let f = Filter {
                workloads: Some(vec![kind]),
                ..Filter::default()
            };
            for b in reg.select(&f) {
                let id = b.meta.id.criterion_id();
                let mut case = b.make();
                case.run_once();
                if b.meta.claims_consensus {
                    assert_eq!(case.digest_matches_reference(), Some(true), "{id}");
                }
                seen.insert((b.meta.id.family, b.meta.id.strategy.clone(), kind));
            }
        }
        let strategies: std::collections::BTreeSet<_> =
            seen.iter().map(|(_, s, _)| s.as_str()).collect();
        if account_hash::strategy::list::compiled_features().contains(&"batch") {
            assert!(strategies.contains("batch"), "{strategies:?}");
        }
        assert!(strategies.contains("peer:blake3-serial"), "{strategies:?}");
    }

    #[test]
    fn workload_names_are_the_fixed_ones() {
        let reg = Registry::new(Profile::Full);
        let names: std::collections::BTreeSet<String> = reg
            .select(&Filter::parse(Some("lt-hash"), None, None, None).unwrap())
            .map(|b| b.meta.id.workload.to_string())
            .collect();
        for name in [
            "vote_1024",
            "size_ladder/512",
            "size_ladder/1024",
            "size_ladder/1025",
            "size_ladder/2048",
            "size_ladder/3762",
            "size_ladder/10240",
            "size_ladder/65536",
            "slot_delta/3000",
        ] {
            assert!(names.contains(name), "{name} missing");
        }
    }
}
