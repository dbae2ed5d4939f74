//! One file per command: argument parsing, loading, and printing or writing what the lower
//! layers produce. A command may call another command's public function (bench-all renders
//! through `report::run`), never the other way round.

pub mod ab;
pub mod ab_pair;
pub mod bench_all;
pub mod compare;
pub mod instructions_pass;
pub mod isa_builds;
pub mod lab_build;
pub mod paired_pass;
pub mod peer_path;
pub mod report;
pub mod upstream;
pub mod verify;
