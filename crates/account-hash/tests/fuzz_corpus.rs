//! Replays the committed fuzz corpus and every regression input of the account reader
//! (`fuzz/corpus/accounts/`, `fuzz/regressions/accounts/` at the workspace root) through the
//! target body the coverage-guided fuzzer runs ([`account_hash::fuzz_targets::accounts`]).

use std::path::Path;

#[test]
fn accounts_corpus() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    lab_record::fuzz_targets::replay(&fuzz, "accounts", account_hash::fuzz_targets::accounts);
}
