//! Family `reconcile`: the seed PR's scenario on negentropy protocol v1 (crate
//! set-reconcile). A 100,000-item client store reconciles against a 110,000-item relay that
//! holds all of the client's items.
//!
//! - `client_build_reconcile`: insert and seal the client's items, initiate, process every
//!   relay reply (recorded once, outside timing): client side only.
//! - `full_exchange`: the client's work plus every round on the relay's side, the relay's
//!   store already sealed (as a relay keeps it).
//!
//! Rows: every accumulator × storage pair of set-reconcile, `peer:negentropy@vector` (the
//! reference crate, 0.5) on the same items, which is this family's baseline, and
//! `peer:negentropy@0.4` (its release 0.4.4, whose accumulator allocates per id: the
//! seed's "before" on its real code). The `_account_ids`
//! workloads use ids that are legacy account hashes of the lab's mainnet mix instead of
//! random ids. Every row's have/need counts are checked against the reference's.

use std::hint::black_box;
use std::sync::{Mutex, OnceLock};

use negentropy::NegentropyStorageVector;
use set_reconcile::scenario::{
    build_storage, client_build_and_reconcile, full_exchange, record_relay_replies,
    visit_combinations, CombinationVisitor, RelayReplies, Scenario, ScenarioSpec,
};
use set_reconcile::{Id, Item, PrefixStorage, Storage};

use crate::cases::row;
use crate::peers::negentropy::{self as reconcile_peer, PEER_NAME};
use crate::peers::negentropy04::{self as peer04, VARIANT as V04};
use crate::{Case, Profile, Registry};
use lab_record::{BenchId, BenchMeta, Digest, Family, Role, Setting, Workload, WorkloadKind};

pub const FAMILY: Family = Family::Reconcile;

/// Which ids the items carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ids {
    /// SplitMix64 ids (`set_reconcile::scenario::scenario_id`).
    Random,
    /// Legacy account hashes of the mainnet mix.
    AccountHashes,
}

/// The two measured operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    ClientBuildReconcile,
    FullExchange,
}

impl Op {
    fn kind(self, ids: Ids) -> WorkloadKind {
        match (self, ids) {
            (Op::ClientBuildReconcile, Ids::Random) => WorkloadKind::ClientBuildReconcile,
            (Op::FullExchange, Ids::Random) => WorkloadKind::FullExchange,
            (Op::ClientBuildReconcile, Ids::AccountHashes) => {
                WorkloadKind::ClientBuildReconcileAccountIds
            }
            (Op::FullExchange, Ids::AccountHashes) => WorkloadKind::FullExchangeAccountIds,
        }
    }
}

/// The scenario's items and the relay's recorded replies, built once per process and id
/// kind (generating 110,000 mainnet-mix accounts and hashing them takes a moment).
struct Fixture {
    scenario: Scenario,
    replies: RelayReplies,
    /// What the reference crate computes: (have, need).
    expected: (usize, usize),
}

fn fixture(ids: Ids) -> &'static Fixture {
    static RANDOM: OnceLock<Fixture> = OnceLock::new();
    static ACCOUNTS: OnceLock<Fixture> = OnceLock::new();
    let cell = match ids {
        Ids::Random => &RANDOM,
        Ids::AccountHashes => &ACCOUNTS,
    };
    cell.get_or_init(|| {
        let spec = ScenarioSpec::SEED;
        let scenario = match ids {
            Ids::Random => Scenario::generate(spec),
            Ids::AccountHashes => {
                let n = spec.client_items + spec.relay_only_items;
                let accounts = crate::workloads::mainnet_mix(n, 64 * 1024);
                let hashes: Vec<[u8; 32]> = accounts
                    .iter()
                    .map(|a| crate::reference::legacy(&a.as_ref()))
                    .collect();
                Scenario::generate_with_ids(spec, |i| Id(hashes[i]))
            }
        };
        let relay: PrefixStorage =
            build_storage(&scenario.relay).expect("scenario items are valid");
        let replies = record_relay_replies(&scenario.client, &relay, spec.frame_size_limit)
            .expect("the scenario reconciles");
        let peer_relay = reconcile_peer::build_storage(&scenario.relay).expect("reference storage");
        let reference =
            reconcile_peer::full_exchange(&scenario.client, &peer_relay, spec.frame_size_limit)
                .expect("the reference reconciles");
        Fixture {
            scenario,
            replies,
            expected: (reference.have, reference.need),
        }
    })
}

/// One row: `S` is hashlab's storage (which names its accumulator), or the reference.
trait Side: 'static {
    type Relay;
    fn relay(items: &[Item]) -> Self::Relay;
    fn client(items: &[Item], replies: &'static RelayReplies) -> (usize, usize);
    fn exchange(items: &[Item], relay: &Self::Relay, limit: u64) -> (usize, usize);
}

struct Ours<S>(std::marker::PhantomData<S>);

impl<S: Storage + 'static> Side for Ours<S> {
    type Relay = S;
    fn relay(items: &[Item]) -> S {
        build_storage(items).expect("scenario items are valid")
    }
    fn client(items: &[Item], replies: &'static RelayReplies) -> (usize, usize) {
        let o = client_build_and_reconcile::<S>(items, replies).expect("client reconciles");
        (o.have, o.need)
    }
    fn exchange(items: &[Item], relay: &S, limit: u64) -> (usize, usize) {
        let o = full_exchange::<S, S>(items, relay, limit).expect("exchange completes");
        (o.have, o.need)
    }
}

struct Reference;

impl Side for Reference {
    type Relay = NegentropyStorageVector;
    fn relay(items: &[Item]) -> Self::Relay {
        reconcile_peer::build_storage(items).expect("reference storage")
    }
    fn client(items: &[Item], replies: &'static RelayReplies) -> (usize, usize) {
        let o =
            reconcile_peer::client_build_and_reconcile(items, replies).expect("reference client");
        (o.have, o.need)
    }
    fn exchange(items: &[Item], relay: &Self::Relay, limit: u64) -> (usize, usize) {
        let o = reconcile_peer::full_exchange(items, relay, limit).expect("reference exchange");
        (o.have, o.need)
    }
}

/// `negentropy` 0.4.4 ([`crate::peers::negentropy04`]).
struct Reference04;

impl Side for Reference04 {
    type Relay = negentropy04::NegentropyStorageVector;
    fn relay(items: &[Item]) -> Self::Relay {
        peer04::build_storage(items).expect("reference 0.4 storage")
    }
    fn client(items: &[Item], replies: &'static RelayReplies) -> (usize, usize) {
        let wrapped = wrapped_replies(replies);
        let o = peer04::client_build_and_reconcile(items, wrapped, replies.frame_size_limit)
            .expect("reference 0.4 client");
        (o.have, o.need)
    }
    fn exchange(items: &[Item], relay: &Self::Relay, limit: u64) -> (usize, usize) {
        let o = peer04::full_exchange(items, relay, limit).expect("reference 0.4 exchange");
        (o.have, o.need)
    }
}

/// The recorded replies as 0.4's `Bytes`, wrapped once per process and recording (the
/// first run, outside timing and the counted window; a receiver reads a reply into a `Vec`
/// and wraps it without a copy).
fn wrapped_replies(replies: &'static RelayReplies) -> &'static [negentropy04::Bytes] {
    type Wrapped = Vec<(usize, &'static [negentropy04::Bytes])>;
    static CACHE: Mutex<Wrapped> = Mutex::new(Vec::new());
    let key = replies as *const RelayReplies as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, w)) = cache.iter().find(|(k, _)| *k == key) {
        return w;
    }
    let w: &'static [negentropy04::Bytes] = Vec::leak(peer04::wrap_replies(replies));
    cache.push((key, w));
    w
}

struct ReconcileCase<X: Side> {
    op: Op,
    fixture: &'static Fixture,
    /// The relay's sealed store, for `full_exchange` (built outside timing).
    relay: Option<X::Relay>,
}

impl<X: Side> ReconcileCase<X> {
    fn pass(&self) -> (usize, usize) {
        let f = self.fixture;
        match (&self.op, &self.relay) {
            (Op::FullExchange, Some(relay)) => {
                X::exchange(&f.scenario.client, relay, f.replies.frame_size_limit)
            }
            _ => X::client(&f.scenario.client, &f.replies),
        }
    }
}

impl<X: Side> Case for ReconcileCase<X> {
    fn run_once(&mut self) {
        black_box(self.pass());
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        Some(self.pass() == self.fixture.expected)
    }
}

/// One row: `strategy@variant` in `role` on `op` over `ids`.
fn add<X: Side>(reg: &mut Registry, (strategy, variant, role): (&str, Setting, Role), ids: Ids, op: Op) {
    let spec = ScenarioSpec::SEED;
    reg.add(
        BenchMeta {
            bytes_per_iter: (spec.client_items * 40) as u64,
            items_per_iter: spec.client_items as u64,
            role,
            ..row(BenchId {
                family: FAMILY,
                digest: Digest::HaveNeed,
                strategy: strategy.into(),
                variant: Some(variant.into()),
                workload: Workload::new(op.kind(ids), spec.client_items),
            })
        },
        move || {
            let fixture = fixture(ids);
            let relay = (op == Op::FullExchange).then(|| X::relay(&fixture.scenario.relay));
            Box::new(ReconcileCase::<X> { op, fixture, relay })
        },
    );
}

/// The record's name of a set-reconcile storage, by its name (`Storage::NAME`: `vec`,
/// `prefix`, the same names as [`lab_record::Storage`]).
fn storage_setting(name: &str) -> Setting {
    Setting::Storage(
        name.parse()
            .unwrap_or_else(|e| panic!("set-reconcile storage without a record name: {e}")),
    )
}

/// Registers hashlab's accumulator × storage pairs (all of them, or the quick subset).
struct Pairs<'r> {
    reg: &'r mut Registry,
    ids: Ids,
    /// `Some(list)`: only these accumulators (quick profile keeps the run short).
    only: Option<&'static [&'static str]>,
}

impl CombinationVisitor for Pairs<'_> {
    fn visit<S: Storage + 'static>(&mut self, accumulator: &'static str, storage: &'static str) {
        if self.only.is_some_and(|only| !only.contains(&accumulator)) {
            return;
        }
        for op in [Op::ClientBuildReconcile, Op::FullExchange] {
            add::<Ours<S>>(
                self.reg,
                (accumulator, storage_setting(storage), Role::Candidate),
                self.ids,
                op,
            );
        }
    }
}

pub fn register(reg: &mut Registry) {
    // Smoke and quick keep the seed's before/after and hashlab's pick; full runs them all.
    let (random_only, account_only): (Option<&'static [&'static str]>, _) = match reg.profile {
        Profile::Smoke | Profile::Quick => (
            Some(&["scratch-vec", "in-place", "carry-chain"][..]),
            Some(&["carry-chain"][..]),
        ),
        Profile::Full => (None, None),
    };
    for (ids, only) in [
        (Ids::Random, random_only),
        (Ids::AccountHashes, account_only),
    ] {
        for op in [Op::ClientBuildReconcile, Op::FullExchange] {
            // negentropy 0.5 on its vector storage: the relay's current code.
            let vector = Setting::Storage(lab_record::Storage::Vector);
            add::<Reference>(reg, (PEER_NAME, vector, Role::Baseline), ids, op);
        }
        for op in [Op::ClientBuildReconcile, Op::FullExchange] {
            // 0.4.4: what the seed's pull request replaced.
            add::<Reference04>(reg, (PEER_NAME, V04, Role::Previous), ids, op);
        }
        visit_combinations(&mut Pairs {
            reg: &mut *reg,
            ids,
            only,
        });
    }
}
