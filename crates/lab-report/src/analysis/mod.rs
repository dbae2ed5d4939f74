//! What the record says, as pure functions of it: statistics ([`stats`]), the arrangement
//! into sections and groups with verdicts ([`view`]), the seed's cap=47 vs cap=200
//! comparison and the seed's claims per run ([`seed`]), the distance to the hardware floor
//! ([`floor`]), the A/B comparison of two revisions ([`ab`]), the change between two runs ([`runs`]), several machines side by side
//! ([`machines`]), per instruction set ([`isa`], [`isa_floor`]), `cargo xtask upstream`'s
//! rounds ([`upstream`]) and
//! the conformance check of `cargo xtask verify` ([`verify`]), and what account-hash's
//! strategy list says of a row's strategy ([`listed`]), and the paired pass's sampling and
//! combining ([`paired_pass`]). Imports `record` types only;
//! never `render`.

pub mod ab;
pub mod ab_rounds;
pub mod decision;
pub mod floor;
pub mod isa;
pub mod isa_floor;
pub mod listed;
pub mod machines;
pub mod paired_pass;
pub mod runs;
pub mod seed;
pub mod stats;
pub mod upstream;
pub mod verdicts;
pub mod verify;
pub mod view;
