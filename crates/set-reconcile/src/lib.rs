//! Set fingerprints and negentropy set reconciliation (protocol v1) for hashlab.
//!
//! Two stores (of events, of account hashes) find what each lacks with range-based set
//! reconciliation: they exchange fingerprints of ranges of their sorted items and split the
//! ranges that differ until the differences are listed. The fingerprint hashes a 256-bit sum
//! of the range's ids, so the accumulator's `add` runs once per item in the hot loop: the
//! seed PR's subject (one heap allocation per add made a 100,000-item client 3.6x slower).
//!
//! - [`accumulator`]: the 256-bit sum behind one small trait, [`Accumulator`], with the
//!   seed's before ([`ScratchVec`], lab baseline only) and after ([`InPlace`]) and faster
//!   designs ([`CarryChain`], [`U128Halves`], [`DeferredCarry`]);
//! - [`storage`]: sealed item stores behind [`Storage`]: [`VecStorage`] (linear range
//!   fingerprints, like the reference crate) and [`PrefixStorage`] (prefix sums, O(1));
//! - [`protocol`]: the v1 wire format, [`Client`] and [`Server`], byte-compatible with the
//!   `negentropy` crate and safe on any peer input;
//! - [`scenario`]: the seed's 100,000 / 110,000-item scenario for the lab;
//! - [`fuzz_targets`]: the bodies of the coverage-guided fuzz targets (`fuzz/`), replayed
//!   over the committed corpus by `tests/fuzz_corpus.rs`;
//! - [`splitmix`]: the SplitMix64 step behind every generated input (here and in the lab).
//!
//! The `negentropy-harness` binary speaks the line protocol of the reference test suite
//! (`item,<timestamp>,<hex id>`, `seal`, `initiate`, `msg,<hex>`; env `FRAMESIZELIMIT`), so
//! this implementation can run in that suite beside the others.
//!
//! Proofs, in `tests/`: `interop.rs` (byte-identical messages and equal have/need against the
//! `negentropy` crate, both roles, with and without frame limits), `fuzz.rs` (arbitrary and
//! mutated messages into both roles: errors, never panics), `accumulators.rs` (every
//! accumulator equals a byte-wise reference sum), `allocations.rs` (exact allocation counts of
//! the seed scenario), `harness.rs` (the binary driven against the reference crate).
//!
//! ```
//! use set_reconcile::{Client, ClientStep, Id, PrefixStorage, Server, Storage};
//!
//! let mut ours = PrefixStorage::<set_reconcile::CarryChain>::new();
//! ours.insert(1, Id([1; 32]))?;
//! ours.seal()?;
//! let mut theirs = PrefixStorage::<set_reconcile::CarryChain>::new();
//! theirs.insert(2, Id([2; 32]))?;
//! theirs.seal()?;
//!
//! let mut client = Client::new(&ours, 0)?;
//! let mut server = Server::new(&theirs, 0)?;
//! let (mut to_server, mut to_client) = (Vec::new(), Vec::new());
//! let (mut have, mut need) = (Vec::new(), Vec::new());
//! client.initiate(&mut to_server)?;
//! loop {
//!     server.reconcile(&to_server, &mut to_client)?;
//!     if client.reconcile(&to_client, &mut to_server, &mut have, &mut need)? == ClientStep::Done {
//!         break;
//!     }
//! }
//! assert_eq!((have, need), (vec![Id([1; 32])], vec![Id([2; 32])]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

pub mod accumulator;
pub mod fuzz_targets;
pub mod protocol;
pub mod scenario;
pub mod splitmix;
pub mod storage;
mod varint;

pub use accumulator::{
    Accumulator, CarryChain, DeferredCarry, Fingerprint, InPlace, ScratchVec, Sum256, U128Halves,
    FINGERPRINT_SIZE, ID_SIZE,
};
pub use protocol::{
    Client, ClientStep, Mode, ProtocolError, Server, BUCKETS, ID_LIST_THRESHOLD,
    MIN_FRAME_SIZE_LIMIT, PROTOCOL_VERSION,
};
pub use storage::{Id, Item, ParseIdError, PrefixStorage, Storage, StorageError, VecStorage};
