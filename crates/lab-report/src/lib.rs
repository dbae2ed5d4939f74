//! The report pipeline of hashlab as a library: a run is read as data ([`record`]), analysed
//! by pure functions of that data ([`analysis`]) and rendered into documents ([`render`]).
//! No argument parsing and no processes: xtask's commands build, run and print.
//!
//! Dependencies point down only: `render -> analysis -> record`; `error` is a leaf every
//! layer may use. A test (`tests_imports.rs`) checks that no module imports one above its
//! layer and that no module imports one that imports it back.

#![forbid(unsafe_code)]

pub mod analysis;
pub mod error;
pub mod record;
pub mod render;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ab;
#[cfg(test)]
mod tests_ab_rounds;
#[cfg(test)]
mod tests_decision;
#[cfg(test)]
mod tests_identity;
#[cfg(test)]
mod tests_imports;
#[cfg(test)]
mod tests_isa;
#[cfg(test)]
mod tests_merge;
#[cfg(test)]
mod tests_snapshots;
#[cfg(test)]
mod tests_twins;
#[cfg(test)]
mod tests_verdicts;
