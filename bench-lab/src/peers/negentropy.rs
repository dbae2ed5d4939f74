//! `peer:negentropy`: the `negentropy` crate (0.5.x), the reference implementation of
//! protocol v1, run on set-reconcile's scenario so the lab can put it beside hashlab's
//! accumulator × storage rows.
//!
//! The same functions
//! as `set_reconcile::scenario`, with the reference's vector storage on both sides:
//! - [`client_build_and_reconcile`]: insert and seal the client's items, initiate, process
//!   every recorded relay reply (client side only). The recording made by
//!   `set_reconcile::scenario::record_relay_replies` is valid here: both implementations
//!   write byte-identical messages (set-reconcile's interop tests prove it);
//! - [`full_exchange`]: the same plus every round on an already sealed relay.

use negentropy::{Id, Negentropy, NegentropyStorageVector};
use set_reconcile::scenario::{ExchangeOutcome, RelayReplies};
use set_reconcile::Item;

pub use super::session::PeerError;
use super::session::{self, Transcript};

/// The peer's name in results.
pub const PEER_NAME: &str = "peer:negentropy";

/// Inserts `items` into the reference's vector storage (sized up front) and seals it.
pub fn build_storage(items: &[Item]) -> Result<NegentropyStorageVector, PeerError> {
    let mut storage = NegentropyStorageVector::with_capacity(items.len());
    for item in items {
        storage.insert(item.timestamp, Id::from_byte_array(item.id.0))?;
    }
    storage.seal()?;
    Ok(storage)
}

/// "Client build and reconcile" with the reference as the client.
pub fn client_build_and_reconcile(
    client_items: &[Item],
    replies: &RelayReplies,
) -> Result<ExchangeOutcome, PeerError> {
    let storage = build_storage(client_items)?;
    let mut client = Negentropy::borrowed(&storage, replies.frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let first = client.initiate()?;
    let mut outcome = session::client_against_replies(first, &replies.replies, |reply| {
        Ok(client.reconcile_with_ids(reply, &mut have, &mut need)?)
    })?;
    (outcome.have, outcome.need) = (have.len(), need.len());
    Ok(outcome)
}

/// "Full exchange" with the reference on both sides; `relay` is already sealed.
pub fn full_exchange(
    client_items: &[Item],
    relay: &NegentropyStorageVector,
    frame_size_limit: u64,
) -> Result<ExchangeOutcome, PeerError> {
    exchange(client_items, relay, frame_size_limit, None).map(|(outcome, _, _)| outcome)
}

/// [`full_exchange`], keeping the ids and every message (client's first), for comparing
/// with [`super::negentropy04::full_exchange_transcript`].
pub fn full_exchange_transcript(
    client_items: &[Item],
    relay: &NegentropyStorageVector,
    frame_size_limit: u64,
) -> Result<Transcript, PeerError> {
    let mut messages = Vec::new();
    let (_, have, need) = exchange(client_items, relay, frame_size_limit, Some(&mut messages))?;
    Ok(Transcript {
        have: have.iter().map(|id| id.to_bytes()).collect(),
        need: need.iter().map(|id| id.to_bytes()).collect(),
        messages,
    })
}

/// The session ([`session::full_exchange`]); every message is copied into `record` when
/// given (never when timed).
fn exchange(
    client_items: &[Item],
    relay: &NegentropyStorageVector,
    frame_size_limit: u64,
    record: Option<&mut Vec<Vec<u8>>>,
) -> Result<(ExchangeOutcome, Vec<Id>, Vec<Id>), PeerError> {
    let storage = build_storage(client_items)?;
    let mut client = Negentropy::borrowed(&storage, frame_size_limit)?;
    let mut server = Negentropy::borrowed(relay, frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let first = client.initiate()?;
    let mut outcome = session::full_exchange(
        first,
        |to_relay| Ok(server.reconcile(to_relay)?),
        |to_client| Ok(client.reconcile_with_ids(to_client, &mut have, &mut need)?),
        record,
    )?;
    (outcome.have, outcome.need) = (have.len(), need.len());
    Ok((outcome, have, need))
}
