//! Fuzz target bodies for the files this crate reads: `results.json`, `ab.json` and the
//! lab's `list` / `allocs` output (the plan bench-all runs). The coverage-guided fuzzer
//! (`fuzz/`, outside the workspace) and the corpus replay test (`tests/fuzz_corpus.rs`)
//! call these same functions.
//!
//! Each panics only when an invariant breaks: a file that parses must serialise and parse
//! back to the same value, floats exactly (what hashlab reads, it writes back unchanged);
//! an error names the file.

use crate::{from_json_str, AbFile, CountFile, PlanFile, RecordError, ResultsFile};
use std::path::{Path, PathBuf};

const NAME: &str = "<fuzz input>";

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

fn names_the_file(e: &RecordError) {
    assert!(
        e.to_string().starts_with(NAME),
        "error without the file: {e}"
    );
}

/// `results.json`: parse, and when it parses, write back and parse again.
pub fn results_json(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match ResultsFile::parse(Path::new(NAME), text) {
        Ok(file) => {
            let again = serde_json::to_string(&file).expect("a parsed file serialises");
            match ResultsFile::parse(Path::new(NAME), &again) {
                Ok(back) => assert_eq!(back, file, "results.json changed on a round trip"),
                Err(e) => {
                    panic!("a parsed results.json does not parse after writing: {e}\n{again}")
                }
            }
        }
        Err(e) => names_the_file(&e),
    }
}

/// `ab.json`: parse, and when it parses, write back and parse again.
pub fn ab_json(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match AbFile::parse(Path::new(NAME), text) {
        Ok(file) => {
            let again = serde_json::to_string(&file).expect("a parsed file serialises");
            match AbFile::parse(Path::new(NAME), &again) {
                Ok(back) => assert_eq!(back, file, "ab.json changed on a round trip"),
                Err(e) => panic!("a parsed ab.json does not parse after writing: {e}\n{again}"),
            }
        }
        Err(e) => names_the_file(&e),
    }
}

/// The lab's plan (`lab list --json`) and counted pass (`lab allocs --json`), as bench-all
/// reads them; a parsed plan's rows must give their criterion ids, keys and missing rows.
pub fn lab_plan(data: &[u8]) {
    let Some(text) = text(data) else { return };
    match from_json_str::<PlanFile>(Path::new(NAME), text) {
        Ok(plan) => {
            for p in &plan.benches {
                let _ = (p.meta.id.criterion_id(), p.meta.id.key(), p.missing("fuzz"));
            }
            let again = serde_json::to_string(&plan).expect("a parsed plan serialises");
            match from_json_str::<PlanFile>(Path::new(NAME), &again) {
                Ok(back) => assert_eq!(back, plan, "the plan changed on a round trip"),
                Err(e) => panic!("a parsed plan does not parse after writing: {e}\n{again}"),
            }
        }
        Err(e) => names_the_file(&e),
    }
    if let Err(e) = from_json_str::<CountFile>(Path::new(NAME), text) {
        names_the_file(&e);
    }
}

/// Replays every file under `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` (`fuzz`
/// is the workspace's `fuzz/` directory) through `body`, naming each file on stderr first so
/// a failing input is named; panics when the corpus is empty (a replay of nothing proves
/// nothing). The owning crates' `tests/fuzz_corpus.rs` call it.
pub fn replay(fuzz: &Path, target: &str, body: fn(&[u8])) {
    let mut files: Vec<PathBuf> = ["corpus", "regressions"]
        .iter()
        .filter_map(|kind| std::fs::read_dir(fuzz.join(kind).join(target)).ok())
        .flatten()
        .map(|entry| entry.expect("a readable corpus directory").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(
        files.iter().any(|p| p.starts_with(fuzz.join("corpus"))),
        "no corpus for fuzz target {target} under {}",
        fuzz.display()
    );
    for path in files {
        eprintln!("replay {}", path.display());
        body(&std::fs::read(&path).expect("a readable corpus file"));
    }
}
