//! No row identity is read from text in the analysis and render layers: a row's role, its
//! A/A control, its variant (`lab_record::Variant`: capacity, backend, staging, threads, A/A
//! copy), the validator's row and the peers are typed questions (`lab_record::identity`,
//! `Record::control`, `BenchMeta::role`), and older files are converted once, at load, in
//! lab-record. This test reads the layers' sources (their `#[cfg(test)]` items left out,
//! found with `syn`) and fails on the text forms of identity: in the code as written, and in
//! the value of every string literal, macro arguments included, whatever its spelling
//! (escapes, raw strings).

use crate::record::test_items::{cfg_test_items, without_items};
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::path::{Path, PathBuf};

/// What identity read from text looks like: the A/A copy's label, a capacity parsed out of
/// a variant, group lists joined with commas or split on them, rows joined or looked up by
/// their criterion id (a row is found by its typed id), an id cut apart at a name built
/// for the purpose, and the strategy names the report
/// gives a meaning to, as whole string literals (a name inside a sentence is prose).
const FORBIDDEN: &[&str] = &[
    "\"(A/A copy",
    "\"cap=\"",
    "strip_prefix(\"cap=\")",
    ".split_once(\"cap=\")",
    "rsplit_once(\"cap=\")",
    ".join(\",\")",
    "split(',')",
    "split(\",\")",
    "criterion_id ==",
    "criterion_id() ==",
    "== r.criterion_id",
    "criterion_id.as_str())",
    "split_once(&format!(",
    "\"copy-buffer\"",
    "\"streaming\"",
    "\"meta-first\"",
    "\"batch\"",
    "\"lane-xof\"",
    "\"peer:",
    "\"drop-in:",
];

/// What a string literal's value must not hold: the A/A copy's mark, and a variant's key
/// not followed by its number (`cap=`, `cap={c}`, `staging=gather`): the prefix a variant
/// is parsed or built with. Prose that names a variant (`cap=200 is faster`) passes.
const FORBIDDEN_IN_LITERALS: &[&str] = &["(A/A copy", "cap=", "threads=", "staging="];

/// Occurrences left in analysis/ and render/ that may only shrink (an entry that no
/// longer occurs fails the test too). Empty: every form above is gone.
const KNOWN: &[(&str, &str)] = &[];

/// Every `.rs` file under `dir`, subdirectories included.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The forbidden forms in `source` outside its `#[cfg(test)]` items: the [`FORBIDDEN`]
/// patterns of its text, and `literal "..."` for each string literal holding a
/// [`FORBIDDEN_IN_LITERALS`] form (doc comments are prose and left out).
fn findings(source: &str, file: &Path) -> Vec<String> {
    let items = cfg_test_items(source, file).unwrap();
    let code = without_items(source, &items);
    let mut out: Vec<String> = FORBIDDEN
        .iter()
        .filter(|p| code.contains(**p))
        .map(|p| p.to_string())
        .collect();
    let tokens: TokenStream = code.parse().unwrap();
    let mut literals = Vec::new();
    string_literals(tokens, &mut literals);
    out.extend(
        literals
            .into_iter()
            .filter(|value| forbidden_literal(value))
            .map(|value| format!("literal {value:?}")),
    );
    out
}

fn forbidden_literal(value: &str) -> bool {
    FORBIDDEN_IN_LITERALS.iter().any(|form| {
        value.match_indices(form).any(|(at, _)| {
            let next = value[at + form.len()..].chars().next();
            *form == "(A/A copy" || !next.is_some_and(|c| c.is_ascii_digit())
        })
    })
}

/// The values of the string literals in `tokens`, inside groups and macro arguments too,
/// except `#[doc = "..."]` (doc comments).
fn string_literals(tokens: TokenStream, out: &mut Vec<String>) {
    for tree in tokens {
        match tree {
            TokenTree::Group(g) => {
                let is_doc = g.delimiter() == Delimiter::Bracket
                    && matches!(g.stream().into_iter().next(),
                                Some(TokenTree::Ident(i)) if i == "doc");
                if !is_doc {
                    string_literals(g.stream(), out);
                }
            }
            TokenTree::Literal(l) => {
                if let syn::Lit::Str(s) = syn::Lit::new(l) {
                    out.push(s.value());
                }
            }
            TokenTree::Ident(_) | TokenTree::Punct(_) => {}
        }
    }
}

/// `(file relative to src/, finding)` for every forbidden form outside test code.
fn found() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    for layer in ["analysis", "render"] {
        for path in sources(&src.join(layer)) {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            for finding in findings(&text, &path) {
                out.push((name.clone(), finding));
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
        .filter(|(f, p)| !KNOWN.contains(&(f.as_str(), p.as_str())))
        .collect();
    assert!(
        new.is_empty(),
        "row identity read from text (use lab_record::identity, lab_record::Variant, \
         Record::control, BenchMeta::role): {new:?}"
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

/// The check sees each form however it is spelled, in macro arguments, and in code after
/// a test item; it passes doc comments, prose naming a variant and test items.
#[test]
fn the_check_sees_a_forbidden_form() {
    let code = r##"
/// The A/A copy's row (`cap=200 (A/A copy)`) is prose here.
fn a(v: &str) -> Option<u64> { v.strip_prefix("cap=")?.parse().ok() }
#[cfg(test)]
fn only_in_tests() -> &'static str { "cap=200 (A/A copy 2)" }
fn b(c: u64) -> String { format!("cap={c}") }
fn c() -> &'static str { r"(A/A copy 2)" }
fn d() -> &'static str { "\x63ap\x3d" }
fn e(v: &str) -> bool { v.contains(" staging=") || v.starts_with("threads=") }
fn f() -> &'static str { "cap=200 is faster than cap=47" }
"##;
    let hits = findings(code, Path::new("sample.rs"));
    assert_eq!(
        hits,
        [
            "\"(A/A copy",
            "\"cap=\"",
            "strip_prefix(\"cap=\")",
            "literal \"cap=\"",
            "literal \"cap={c}\"",
            "literal \"(A/A copy 2)\"",
            "literal \"cap=\"",
            "literal \" staging=\"",
            "literal \"threads=\"",
        ]
    );
}
