//! No row identity is read from text in the analysis and render layers: a row's role, its
//! A/A control, the validator's row and the peers are typed questions
//! (`lab_record::identity`, `Record::control`, `BenchMeta::role`), and older files are
//! converted once, at load, in lab-record. This test reads the layers' sources (their
//! `#[cfg(test)]` parts left out) and fails on the text forms of identity.

use std::path::{Path, PathBuf};

/// What identity read from text looks like: the A/A copy's label, a capacity parsed out of
/// a variant, group lists joined with commas or split on them, and the strategy names the
/// report gives a meaning to, as whole string literals (a name inside a sentence is prose).
const FORBIDDEN: &[&str] = &[
    "\"(A/A copy)\"",
    "strip_prefix(\"cap=\")",
    ".split_once(\"cap=\")",
    "rsplit_once(\"cap=\")",
    ".join(\",\")",
    "split(',')",
    "split(\",\")",
    "\"copy-buffer\"",
    "\"streaming\"",
    "\"meta-first\"",
    "\"batch\"",
    "\"lane-xof\"",
    "\"peer:",
    "\"drop-in:",
];

/// Occurrences left in analysis/ and render/ that may only shrink (an entry that no
/// longer occurs fails the test too). Empty: every form above is gone.
const KNOWN: &[(&str, &str)] = &[];

fn sources(layer: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
}

/// `(file relative to src/, pattern)` for every forbidden pattern outside test code.
fn found() -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for layer in ["analysis", "render"] {
        for path in sources(layer) {
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            let name = format!("{layer}/{}", path.file_name().unwrap().to_string_lossy());
            for pattern in FORBIDDEN {
                if code.contains(pattern) {
                    out.push((name.clone(), *pattern));
                }
            }
        }
    }
    out
}

#[test]
fn no_identity_is_read_from_text_in_analysis_or_render() {
    let found = found();
    let new: Vec<_> = found
        .iter()
        .filter(|(f, p)| !KNOWN.contains(&(f.as_str(), *p)))
        .collect();
    assert!(
        new.is_empty(),
        "row identity read from text (use lab_record::identity, Record::control, \
         BenchMeta::role): {new:?}"
    );
    let gone: Vec<_> = KNOWN
        .iter()
        .filter(|(f, p)| !found.iter().any(|(g, q)| g == f && q == p))
        .collect();
    assert!(
        gone.is_empty(),
        "no longer occurs, take it off KNOWN: {gone:?}"
    );
}

#[test]
fn the_check_sees_a_forbidden_form() {
    let code = "let cap = v.strip_prefix(\"cap=\")?; let aa = \"(A/A copy)\";";
    let hits: Vec<_> = FORBIDDEN.iter().filter(|p| code.contains(**p)).collect();
    assert_eq!(hits.len(), 2, "{hits:?}");
}
