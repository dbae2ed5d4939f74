//! What both negentropy peers (0.5 in [`super::negentropy`], 0.4.4 in
//! [`super::negentropy04`]) share: their error, a session's transcript, and the one
//! session loop of a full exchange, written over the message type so each crate's
//! `Negentropy` plugs in.

use core::fmt;

use set_reconcile::scenario::{ExchangeOutcome, MAX_ROUNDS};

/// Why a run of a negentropy peer failed.
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

impl From<negentropy04::Error> for PeerError {
    fn from(error: negentropy04::Error) -> Self {
        PeerError::Negentropy04(error)
    }
}

/// What one session produced: the ids, and every message (client's first).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    pub have: Vec<[u8; 32]>,
    pub need: Vec<[u8; 32]>,
    pub messages: Vec<Vec<u8>>,
}

/// A full exchange from the client's first message `to_relay`: `server` answers each
/// client message, `client` takes each answer and returns its next message or `None` when
/// done (collecting have/need itself). Counts rounds and bytes; copies every message into
/// `record` when given (never when timed). The caller fills in `have` and `need`.
#[inline(always)]
pub fn full_exchange<M: AsRef<[u8]>>(
    mut to_relay: M,
    mut server: impl FnMut(&M) -> Result<M, PeerError>,
    mut client: impl FnMut(&M) -> Result<Option<M>, PeerError>,
    mut record: Option<&mut Vec<Vec<u8>>>,
) -> Result<ExchangeOutcome, PeerError> {
    let mut outcome = ExchangeOutcome::default();
    loop {
        if outcome.rounds >= MAX_ROUNDS {
            return Err(PeerError::TooManyRounds);
        }
        outcome.rounds += 1;
        outcome.bytes_to_relay += to_relay.as_ref().len();
        let to_client = server(&to_relay)?;
        outcome.bytes_to_client += to_client.as_ref().len();
        if let Some(r) = record.as_deref_mut() {
            r.push(to_relay.as_ref().to_vec());
            r.push(to_client.as_ref().to_vec());
        }
        match client(&to_client)? {
            Some(next) => to_relay = next,
            None => return Ok(outcome),
        }
    }
}

/// The client side against recorded relay `replies`: as [`full_exchange`] with the
/// server's answers read from the recording.
#[inline(always)]
pub fn client_against_replies<'r, M: AsRef<[u8]> + 'r, R: AsRef<[u8]> + 'r>(
    mut to_relay: M,
    replies: impl IntoIterator<Item = &'r R>,
    mut client: impl FnMut(&R) -> Result<Option<M>, PeerError>,
) -> Result<ExchangeOutcome, PeerError> {
    let mut outcome = ExchangeOutcome::default();
    for reply in replies {
        outcome.rounds += 1;
        outcome.bytes_to_relay += to_relay.as_ref().len();
        outcome.bytes_to_client += reply.as_ref().len();
        match client(reply)? {
            Some(next) => to_relay = next,
            None => return Ok(outcome),
        }
    }
    Err(PeerError::RecordingTooShort(outcome.rounds))
}
