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

use core::fmt;

use negentropy::{Id, Negentropy, NegentropyStorageVector};
use set_reconcile::scenario::{ExchangeOutcome, RelayReplies, MAX_ROUNDS};
use set_reconcile::Item;

/// The peer's name in results.
pub const PEER_NAME: &str = "peer:negentropy";

/// Why a run of the reference failed.
#[derive(Debug)]
pub enum PeerError {
    /// The reference crate reported an error.
    Negentropy(negentropy::Error),
    /// Its release 0.4.4 reported an error.
    Negentropy04(negentropy04::Error),
    /// More than `MAX_ROUNDS` rounds.
    TooManyRounds,
    /// The recording ran out of replies before the client was done.
    RecordingTooShort(usize),
}

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerError::Negentropy(error) => write!(f, "negentropy: {error}"),
            PeerError::Negentropy04(error) => write!(f, "negentropy 0.4: {error}"),
            PeerError::TooManyRounds => {
                write!(
                    f,
                    "reconciliation did not finish within {MAX_ROUNDS} rounds"
                )
            }
            PeerError::RecordingTooShort(rounds) => {
                write!(
                    f,
                    "the recorded relay replies ran out after {rounds} rounds"
                )
            }
        }
    }
}

impl std::error::Error for PeerError {}

impl From<negentropy::Error> for PeerError {
    fn from(error: negentropy::Error) -> Self {
        PeerError::Negentropy(error)
    }
}

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
    let mut to_relay = client.initiate()?;
    let mut outcome = ExchangeOutcome::default();
    for reply in &replies.replies {
        outcome.rounds += 1;
        outcome.bytes_to_relay += to_relay.len();
        outcome.bytes_to_client += reply.len();
        match client.reconcile_with_ids(reply, &mut have, &mut need)? {
            Some(next) => to_relay = next,
            None => {
                outcome.have = have.len();
                outcome.need = need.len();
                return Ok(outcome);
            }
        }
    }
    Err(PeerError::RecordingTooShort(outcome.rounds))
}

/// "Full exchange" with the reference on both sides; `relay` is already sealed.
pub fn full_exchange(
    client_items: &[Item],
    relay: &NegentropyStorageVector,
    frame_size_limit: u64,
) -> Result<ExchangeOutcome, PeerError> {
    let storage = build_storage(client_items)?;
    let mut client = Negentropy::borrowed(&storage, frame_size_limit)?;
    let mut server = Negentropy::borrowed(relay, frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let mut to_relay = client.initiate()?;
    let mut outcome = ExchangeOutcome::default();
    loop {
        if outcome.rounds >= MAX_ROUNDS {
            return Err(PeerError::TooManyRounds);
        }
        outcome.rounds += 1;
        outcome.bytes_to_relay += to_relay.len();
        let to_client = server.reconcile(&to_relay)?;
        outcome.bytes_to_client += to_client.len();
        match client.reconcile_with_ids(&to_client, &mut have, &mut need)? {
            Some(next) => to_relay = next,
            None => {
                outcome.have = have.len();
                outcome.need = need.len();
                return Ok(outcome);
            }
        }
    }
}

/// [`full_exchange`], keeping the ids and every message (client's first), for comparing
/// with [`super::negentropy04::full_exchange_transcript`].
pub fn full_exchange_transcript(
    client_items: &[Item],
    relay: &NegentropyStorageVector,
    frame_size_limit: u64,
) -> Result<super::negentropy04::Transcript, PeerError> {
    let storage = build_storage(client_items)?;
    let mut client = Negentropy::borrowed(&storage, frame_size_limit)?;
    let mut server = Negentropy::borrowed(relay, frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let mut to_relay = client.initiate()?;
    let mut messages = Vec::new();
    loop {
        if messages.len() >= 2 * MAX_ROUNDS {
            return Err(PeerError::TooManyRounds);
        }
        let to_client = server.reconcile(&to_relay)?;
        messages.push(to_relay.clone());
        messages.push(to_client.clone());
        match client.reconcile_with_ids(&to_client, &mut have, &mut need)? {
            Some(next) => to_relay = next,
            None => {
                return Ok(super::negentropy04::Transcript {
                    have: have.iter().map(|id| id.to_bytes()).collect(),
                    need: need.iter().map(|id| id.to_bytes()).collect(),
                    messages,
                })
            }
        }
    }
}
