//! The seed's reconcile scenario, deterministic, for the lab and the tests.
//!
//! A relay holds `client_items + relay_only_items` items; the client holds all of them but
//! the relay-only ones, which are spread evenly. Item `i` has timestamp
//! [`BASE_TIMESTAMP`]` + i / 2` (two items per second, so bounds between items of the same
//! second need an id prefix) and an id made of four [`splitmix64`] outputs of `seed` and `i`.
//! Items are listed in index order, the order a store reading its database by time inserts
//! them; ids within a second come in random order.
//!
//! The seed's numbers (100,000-item client, 110,000-item relay) are [`ScenarioSpec::SEED`].
//!
//! Two measured rows, generic over the client's (and relay's) [`Storage`], hence over the
//! accumulator inside it:
//! - [`client_build_and_reconcile`]: insert and seal the client items, initiate, process every
//!   relay reply (replayed from a [`RelayReplies`] recording): the client's work only;
//! - [`full_exchange`]: the same plus every round on the relay's side, the relay's store
//!   already sealed, as a relay keeps it.

use crate::accumulator::{Accumulator, CarryChain, DeferredCarry, InPlace, ScratchVec, U128Halves};
use crate::protocol::{Client, ClientStep, ProtocolError, Server};
use crate::splitmix::splitmix64;
use crate::storage::{Id, Item, PrefixStorage, Storage, StorageError, VecStorage};

/// First timestamp of the scenario.
pub const BASE_TIMESTAMP: u64 = 1_700_000_000;

/// A session longer than this many rounds is reported as an error rather than looping.
pub const MAX_ROUNDS: usize = 10_000;

/// Sizes and seed of a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScenarioSpec {
    /// Items the client holds (the relay holds them too).
    pub client_items: usize,
    /// Items only the relay holds.
    pub relay_only_items: usize,
    /// Seed of the ids.
    pub seed: u64,
    /// Frame size limit of both sides (0 = none).
    pub frame_size_limit: u64,
}

impl ScenarioSpec {
    /// The seed PR's scenario: 100,000-item client, 110,000-item relay, no frame limit.
    pub const SEED: ScenarioSpec = ScenarioSpec {
        client_items: 100_000,
        relay_only_items: 10_000,
        seed: 0x6e65_6765_6e74_726f,
        frame_size_limit: 0,
    };
}

/// The id of item `index` under `seed`.
pub fn scenario_id(seed: u64, index: u64) -> Id {
    let mut state = seed ^ index.wrapping_mul(0xd6e8_feb8_6659_fd93);
    let mut id = [0u8; 32];
    for chunk in id.chunks_exact_mut(8) {
        chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    Id(id)
}

/// The generated item lists.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// What generated it.
    pub spec: ScenarioSpec,
    /// The client's items, in insertion order.
    pub client: Vec<Item>,
    /// The relay's items (a superset of the client's), in insertion order.
    pub relay: Vec<Item>,
}

impl Scenario {
    /// Generates the items of `spec`, ids from [`scenario_id`].
    pub fn generate(spec: ScenarioSpec) -> Scenario {
        Self::generate_with_ids(spec, |index| scenario_id(spec.seed, index as u64))
    }

    /// Generates the items of `spec` with the ids `id_of(index)`, for index
    /// `0..client_items + relay_only_items` (for example account hashes, for the lab's
    /// variant of the scenario on real ids).
    pub fn generate_with_ids(spec: ScenarioSpec, mut id_of: impl FnMut(usize) -> Id) -> Scenario {
        let total = spec.client_items + spec.relay_only_items;
        let mut client = Vec::with_capacity(spec.client_items);
        let mut relay = Vec::with_capacity(total);
        for index in 0..total {
            let item = Item::new(BASE_TIMESTAMP + index as u64 / 2, id_of(index));
            relay.push(item);
            // Relay-only items are evenly spread: item `index` is one when the running count
            // of relay-only items steps up there.
            let relay_only = (index + 1) * spec.relay_only_items / total.max(1)
                != index * spec.relay_only_items / total.max(1);
            if !relay_only {
                client.push(item);
            }
        }
        Scenario {
            spec,
            client,
            relay,
        }
    }
}

/// Why a scenario run failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// Building a storage failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The protocol failed.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
    /// More than [`MAX_ROUNDS`] rounds.
    #[error("reconciliation did not finish within {MAX_ROUNDS} rounds")]
    TooManyRounds,
    /// A recording ran out of replies before the client was done.
    #[error("the recorded relay replies ran out after {0} rounds")]
    RecordingTooShort(usize),
}

/// What one reconciliation produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ExchangeOutcome {
    /// Ids the client has and the relay lacks.
    pub have: usize,
    /// Ids the relay has and the client lacks.
    pub need: usize,
    /// Client-to-relay messages sent.
    pub rounds: usize,
    /// Bytes the client sent.
    pub bytes_to_relay: usize,
    /// Bytes the relay sent.
    pub bytes_to_client: usize,
}

/// Inserts `items` into a new storage (sized up front) and seals it.
pub fn build_storage<S: Storage>(items: &[Item]) -> Result<S, StorageError> {
    let mut storage = S::with_capacity(items.len());
    for item in items {
        storage.insert(item.timestamp, item.id)?;
    }
    storage.seal()?;
    Ok(storage)
}

/// The relay's replies to a client, recorded once so a client can be timed alone.
/// Every storage here, and the reference crate, sends the same bytes, so one recording
/// serves all of them.
#[derive(Clone, Debug, Default)]
pub struct RelayReplies {
    /// The replies, in order.
    pub replies: Vec<Vec<u8>>,
    /// The frame size limit they were made with.
    pub frame_size_limit: u64,
}

/// Runs a session between `client_items` and `relay` and records the relay's replies.
pub fn record_relay_replies<R: Storage>(
    client_items: &[Item],
    relay: &R,
    frame_size_limit: u64,
) -> Result<RelayReplies, ScenarioError> {
    let storage: PrefixStorage<CarryChain> = build_storage(client_items)?;
    let mut client = Client::new(&storage, frame_size_limit)?;
    let mut server = Server::new(relay, frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let mut to_relay = Vec::new();
    let mut replies = Vec::new();
    client.initiate(&mut to_relay)?;
    loop {
        if replies.len() >= MAX_ROUNDS {
            return Err(ScenarioError::TooManyRounds);
        }
        let mut reply = Vec::new();
        server.reconcile(&to_relay, &mut reply)?;
        let step = client.reconcile(&reply, &mut to_relay, &mut have, &mut need)?;
        replies.push(reply);
        if step == ClientStep::Done {
            break;
        }
    }
    Ok(RelayReplies {
        replies,
        frame_size_limit,
    })
}

/// "Client build and reconcile": insert and seal `client_items` into an `S`, initiate, and
/// process every recorded relay reply. Client side only.
pub fn client_build_and_reconcile<S: Storage>(
    client_items: &[Item],
    replies: &RelayReplies,
) -> Result<ExchangeOutcome, ScenarioError> {
    let storage: S = build_storage(client_items)?;
    let mut client = Client::new(&storage, replies.frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let mut to_relay = Vec::new();
    let mut outcome = ExchangeOutcome::default();
    client.initiate(&mut to_relay)?;
    for reply in &replies.replies {
        outcome.rounds += 1;
        outcome.bytes_to_relay += to_relay.len();
        outcome.bytes_to_client += reply.len();
        if client.reconcile(reply, &mut to_relay, &mut have, &mut need)? == ClientStep::Done {
            outcome.have = have.len();
            outcome.need = need.len();
            return Ok(outcome);
        }
    }
    Err(ScenarioError::RecordingTooShort(outcome.rounds))
}

/// "Full exchange": the client's work (build, seal, every round) plus every round on the
/// already sealed `relay`'s side.
pub fn full_exchange<C: Storage, R: Storage>(
    client_items: &[Item],
    relay: &R,
    frame_size_limit: u64,
) -> Result<ExchangeOutcome, ScenarioError> {
    let storage: C = build_storage(client_items)?;
    let mut client = Client::new(&storage, frame_size_limit)?;
    let mut server = Server::new(relay, frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let (mut to_relay, mut to_client) = (Vec::new(), Vec::new());
    let mut outcome = ExchangeOutcome::default();
    client.initiate(&mut to_relay)?;
    loop {
        if outcome.rounds >= MAX_ROUNDS {
            return Err(ScenarioError::TooManyRounds);
        }
        outcome.rounds += 1;
        outcome.bytes_to_relay += to_relay.len();
        server.reconcile(&to_relay, &mut to_client)?;
        outcome.bytes_to_client += to_client.len();
        if client.reconcile(&to_client, &mut to_relay, &mut have, &mut need)? == ClientStep::Done {
            outcome.have = have.len();
            outcome.need = need.len();
            return Ok(outcome);
        }
    }
}

/// Something run once per accumulator × storage pair (see [`visit_combinations`]).
pub trait CombinationVisitor {
    /// Called with the storage type (which names its accumulator) and the pair's labels.
    fn visit<S: Storage + 'static>(&mut self, accumulator: &'static str, storage: &'static str);
}

fn visit_both_storages<A: Accumulator + 'static, V: CombinationVisitor>(visitor: &mut V) {
    visitor.visit::<VecStorage<A>>(A::NAME, <VecStorage<A> as Storage>::NAME);
    visitor.visit::<PrefixStorage<A>>(A::NAME, <PrefixStorage<A> as Storage>::NAME);
}

/// Calls `visitor` for every accumulator × storage pair, baseline first.
pub fn visit_combinations<V: CombinationVisitor>(visitor: &mut V) {
    visit_both_storages::<ScratchVec, V>(visitor);
    visit_both_storages::<InPlace, V>(visitor);
    visit_both_storages::<CarryChain, V>(visitor);
    visit_both_storages::<U128Halves, V>(visitor);
    visit_both_storages::<DeferredCarry, V>(visitor);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_scenario_finds_every_relay_only_item() {
        let spec = ScenarioSpec {
            client_items: 3_000,
            relay_only_items: 300,
            seed: 7,
            frame_size_limit: 0,
        };
        let scenario = Scenario::generate(spec);
        assert_eq!(scenario.client.len(), 3_000);
        assert_eq!(scenario.relay.len(), 3_300);
        let relay: PrefixStorage = build_storage(&scenario.relay).unwrap();
        let outcome = full_exchange::<VecStorage<InPlace>, _>(&scenario.client, &relay, 0).unwrap();
        assert_eq!((outcome.have, outcome.need), (0, 300));
        let replies = record_relay_replies(&scenario.client, &relay, 0).unwrap();
        let replayed =
            client_build_and_reconcile::<PrefixStorage<ScratchVec>>(&scenario.client, &replies)
                .unwrap();
        assert_eq!(replayed, outcome);
    }
}
