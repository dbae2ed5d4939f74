//! Replays the committed fuzz corpora and every regression input (`fuzz/corpus/<target>/`,
//! `fuzz/regressions/<target>/` at the workspace root) through the same target bodies the
//! coverage-guided fuzzer runs ([`set_reconcile::fuzz_targets`]).

use lab_record::fuzz_targets::replay;
use set_reconcile::fuzz_targets;
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

#[test]
fn negentropy_decode_corpus() {
    replay(&fuzz_dir(), "negentropy_decode", fuzz_targets::decode);
}

#[test]
fn negentropy_server_corpus() {
    replay(&fuzz_dir(), "negentropy_server", fuzz_targets::server);
}

#[test]
fn negentropy_client_corpus() {
    replay(&fuzz_dir(), "negentropy_client", fuzz_targets::client);
}

#[test]
fn negentropy_session_corpus() {
    replay(&fuzz_dir(), "negentropy_session", fuzz_targets::session);
}
