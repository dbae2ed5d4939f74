//! Peers: other crates doing what a family measures, run on exactly the same inputs so
//! their rows sit beside hashlab's. Their strategy names are `peer:<crate>`.
//!
//! - [`lattice`]: `peer:solana-lattice-hash` and `peer:blake3-serial`, LtHash accumulation
//!   (`lt-hash` family);
//! - [`negentropy`]: `peer:negentropy`, the reference of protocol v1 (`reconcile` family,
//!   its baseline);
//! - [`negentropy04`]: `peer:negentropy@0.4`, the same crate's release 0.4.4;
//! - [`session`]: what the two negentropy peers share (error, transcript, session loop).

pub mod lattice;
pub mod negentropy;
pub mod negentropy04;
pub mod session;
