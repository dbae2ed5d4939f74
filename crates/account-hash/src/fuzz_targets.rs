//! Fuzz target body for the account reader ([`crate::input`]): JSON lines, a JSON array and
//! an RPC response. The coverage-guided fuzzer (`fuzz/`, outside the workspace) and the
//! corpus replay test (`tests/fuzz_corpus.rs`) call this same function.
//!
//! It panics only when an invariant breaks: an error that does not name the input or points
//! past its last line, or the file reader ([`read_accounts`], line by line) and the text
//! reader ([`parse_accounts`]) accepting the same bytes with different accounts.

use crate::input::{parse_accounts, read_accounts, InputError};
use std::path::PathBuf;

const NAME: &str = "<fuzz input>";

fn check_error(e: &InputError, name: &str, text: &str) {
    assert_eq!(e.path, name, "error names another input: {e}");
    if let Some(line) = e.line {
        let lines = text.lines().count().max(1);
        assert!(
            (1..=lines + 1).contains(&line),
            "error at line {line} of {lines}: {e}"
        );
    }
}

/// Reads `data` as an accounts file, through the text reader and (written to a scratch file,
/// removed afterwards) through the file reader.
pub fn accounts(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let from_text = parse_accounts(text, NAME);
    if let Err(e) = &from_text {
        check_error(e, NAME, text);
    }
    let path = scratch_file();
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let name = path.display().to_string();
    let from_file = read_accounts(&path);
    let _ = std::fs::remove_file(&path);
    match (&from_text, &from_file) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "the two readers disagree"),
        (_, Err(e)) => check_error(e, &name, text),
        _ => {}
    }
}

/// One scratch file per process (fuzzers run one input at a time in a process).
fn scratch_file() -> PathBuf {
    std::env::temp_dir().join(format!("hashlab-fuzz-accounts-{}.json", std::process::id()))
}
