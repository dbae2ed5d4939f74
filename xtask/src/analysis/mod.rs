//! What the record says, as pure functions of it: statistics ([`stats`]), the arrangement
//! into sections and groups with verdicts ([`view`]), the seed's cap=47 vs cap=200
//! comparison ([`seed`]), the distance to the hardware floor ([`floor`]) and the change
//! between two runs ([`runs`]). Imports `record` types only; never `render` or `commands`.

pub mod composition;
pub mod floor;
pub mod machines;
pub mod runs;
pub mod seed;
pub mod stats;
pub mod view;
