//! `peer:negentropy@0.4`: the published `negentropy` 0.4.4 (the release before 0.5), on
//! the same scenario and the same functions as [`super::negentropy`] (0.5.x).
//!
//! 0.4.4 is the seed's "before" on its real code: its `Accumulator::add` (every id of every
//! fingerprinted range) builds the sum in a fresh `Vec`. Its API differs from 0.5's:
//!
//! - `Negentropy::new(storage, frame_size_limit)` takes the storage by value; there is no
//!   borrowed mode. The relay's sealed store is kept outside timing and lent through
//!   [`Lent`], a forwarding `NegentropyStorageBase` (what 0.5's `Negentropy::borrowed`
//!   does inside the crate); fingerprints use the trait's default, as the vector's own do.
//! - Messages are `negentropy::Bytes` (a `Vec<u8>` newtype) in and out, not `&[u8]` /
//!   `Vec<u8>`: the recorded relay replies are wrapped once, outside timing (a receiver
//!   reads into a `Vec` and wraps it without a copy).
//! - `Id::new(bytes)` instead of `Id::from_byte_array`.

use lab_record::Setting;
use negentropy04::{
    Bound, Bytes, Error, Id, Item as NegItem, Negentropy, NegentropyStorageBase,
    NegentropyStorageVector,
};
use set_reconcile::scenario::{ExchangeOutcome, RelayReplies};
use set_reconcile::Item;

pub use super::session::Transcript;
use super::session::{self, PeerError};

/// The rows' variant (strategy `peer:negentropy`, the 0.5 peer's name): release `0.4`.
pub const VARIANT: Setting = Setting::Release { major: 0, minor: 4 };

/// The relay's replies as 0.4 takes them.
pub fn wrap_replies(replies: &RelayReplies) -> Vec<Bytes> {
    replies
        .replies
        .iter()
        .map(|r| Bytes::from_slice(r))
        .collect()
}

/// Inserts `items` into 0.4's vector storage (sized up front) and seals it.
pub fn build_storage(items: &[Item]) -> Result<NegentropyStorageVector, PeerError> {
    let mut storage = NegentropyStorageVector::with_capacity(items.len());
    for item in items {
        storage.insert(item.timestamp, Id::new(item.id.0))?;
    }
    storage.seal()?;
    Ok(storage)
}

/// A sealed storage lent to a 0.4 `Negentropy`, which wants its storage by value.
#[derive(Clone, Copy)]
pub struct Lent<'a>(pub &'a NegentropyStorageVector);

impl NegentropyStorageBase for Lent<'_> {
    fn size(&self) -> Result<usize, Error> {
        self.0.size()
    }

    fn get_item(&self, i: usize) -> Result<Option<NegItem>, Error> {
        self.0.get_item(i)
    }

    fn iterate(
        &self,
        begin: usize,
        end: usize,
        cb: &mut dyn FnMut(NegItem, usize) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        self.0.iterate(begin, end, cb)
    }

    fn find_lower_bound(&self, first: usize, last: usize, value: &Bound) -> usize {
        self.0.find_lower_bound(first, last, value)
    }
}

/// "Client build and reconcile" with 0.4 as the client; `replies` from [`wrap_replies`].
pub fn client_build_and_reconcile(
    client_items: &[Item],
    replies: &[Bytes],
    frame_size_limit: u64,
) -> Result<ExchangeOutcome, PeerError> {
    let storage = build_storage(client_items)?;
    let mut client = Negentropy::new(storage, frame_size_limit)?;
    let (mut have, mut need) = (Vec::new(), Vec::new());
    let first = client.initiate()?;
    let mut outcome = session::client_against_replies(first, replies, |reply| {
        Ok(client.reconcile_with_ids(reply, &mut have, &mut need)?)
    })?;
    (outcome.have, outcome.need) = (have.len(), need.len());
    Ok(outcome)
}

/// "Full exchange" with 0.4 on both sides; `relay` is already sealed.
pub fn full_exchange(
    client_items: &[Item],
    relay: &NegentropyStorageVector,
    frame_size_limit: u64,
) -> Result<ExchangeOutcome, PeerError> {
    exchange(client_items, relay, frame_size_limit, None).map(|(outcome, _, _)| outcome)
}

/// [`full_exchange`], keeping the ids and every message.
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
    let mut client = Negentropy::new(storage, frame_size_limit)?;
    let mut server = Negentropy::new(Lent(relay), frame_size_limit)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::negentropy as v05;
    use set_reconcile::scenario::{record_relay_replies, Scenario, ScenarioSpec};
    use set_reconcile::PrefixStorage;

    /// Compares two transcripts without printing thousands of ids.
    fn same(old: &Transcript, new: &Transcript) -> Result<(), String> {
        let sorted = |v: &[[u8; 32]]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        let summary = |t: &Transcript| {
            let lens: Vec<usize> = t.messages.iter().map(Vec::len).collect();
            format!(
                "have {} need {} messages {lens:?}",
                t.have.len(),
                t.need.len()
            )
        };
        if sorted(&old.have) != sorted(&new.have) || sorted(&old.need) != sorted(&new.need) {
            return Err(format!(
                "ids differ: 0.4 {} / 0.5 {}",
                summary(old),
                summary(new)
            ));
        }
        // Both releases collect the other side's ids of an id list in a `HashSet`, so the
        // order of have/need is that set's (random per process): compared as sets.
        if old.messages != new.messages {
            let first = old
                .messages
                .iter()
                .zip(&new.messages)
                .position(|(a, b)| a != b);
            return Err(format!(
                "messages differ (first at {first:?}): 0.4 {} / 0.5 {}",
                summary(old),
                summary(new)
            ));
        }
        Ok(())
    }

    fn both(spec: ScenarioSpec) -> (Transcript, Transcript) {
        let s = Scenario::generate(spec);
        let limit = spec.frame_size_limit;
        let old =
            full_exchange_transcript(&s.client, &build_storage(&s.relay).unwrap(), limit).unwrap();
        let new =
            v05::full_exchange_transcript(&s.client, &v05::build_storage(&s.relay).unwrap(), limit)
                .unwrap();
        (old, new)
    }

    /// The seed's scenario: 0.4 and 0.5 find the same have/need ids with byte-identical
    /// messages, and 0.4 as a client of the recorded relay agrees.
    #[test]
    fn v04_and_v05_reconcile_the_seed_scenario_identically() {
        let spec = ScenarioSpec::SEED;
        let (old, new) = both(spec);
        assert_eq!(old.need.len(), spec.relay_only_items);
        assert!(old.have.is_empty());
        same(&old, &new).unwrap();

        let s = Scenario::generate(spec);
        let relay: PrefixStorage = set_reconcile::scenario::build_storage(&s.relay).unwrap();
        let replies = record_relay_replies(&s.client, &relay, 0).unwrap();
        let o = client_build_and_reconcile(&s.client, &wrap_replies(&replies), 0).unwrap();
        assert_eq!((o.have, o.need), (0, spec.relay_only_items));
        assert_eq!(o.rounds, old.messages.len() / 2);
    }

    /// Both sides of a session where each side lacks some of the other's items.
    #[test]
    fn v04_matches_v05_in_both_directions() {
        let s = Scenario::generate(ScenarioSpec {
            client_items: 3000,
            relay_only_items: 300,
            ..ScenarioSpec::SEED
        });
        // The client also holds 100 items the relay lacks: the relay's last 100 go.
        let relay = &s.relay[..s.relay.len() - 100];
        let old = full_exchange_transcript(&s.client, &build_storage(relay).unwrap(), 0).unwrap();
        let new = v05::full_exchange_transcript(&s.client, &v05::build_storage(relay).unwrap(), 0)
            .unwrap();
        same(&old, &new).unwrap();
        assert!(!old.have.is_empty() && !old.need.is_empty());
    }
}
