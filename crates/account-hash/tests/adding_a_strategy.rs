//! docs/adding-a-strategy.md shows real code: its strategy file is `vec_gather.rs` itself
//! (which CI builds with only the `test-strategy` feature), and its module, list and feature
//! lines are the ones in `mod.rs`, `list.rs` and Cargo.toml.

use std::path::Path;

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The fenced blocks of `lang` in the document, in order.
fn blocks<'d>(doc: &'d str, lang: &str) -> Vec<&'d str> {
    let fence = format!("```{lang}\n");
    doc.split(fence.as_str())
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect()
}

/// Every non-blank line of `snippet` occurs, trimmed, among the lines of `file`.
fn lines_are_in(snippet: &str, file: &str, name: &str) {
    let lines: Vec<&str> = file.lines().map(str::trim).collect();
    for l in snippet.lines().map(str::trim).filter(|l| !l.is_empty()) {
        assert!(lines.contains(&l), "{name} has no line `{l}`");
    }
}

#[test]
fn the_documented_strategy_file_is_vec_gather_rs() {
    let doc = read("../../docs/adding-a-strategy.md");
    let rust = blocks(&doc, "rust");
    assert_eq!(rust[0], read("src/strategy/vec_gather.rs"));
}

#[test]
fn the_documented_module_and_list_lines_are_the_real_ones() {
    let doc = read("../../docs/adding-a-strategy.md");
    let rust = blocks(&doc, "rust");
    lines_are_in(rust[1], &read("src/strategy/mod.rs"), "strategy/mod.rs");
    lines_are_in(rust[2], &read("src/strategy/list.rs"), "strategy/list.rs");
    let toml = blocks(&doc, "toml");
    let cargo = read("Cargo.toml");
    let default = toml[0]
        .lines()
        .find(|l| l.starts_with("default = "))
        .unwrap();
    let default = default
        .split("  #")
        .next()
        .unwrap()
        .replace(", \"vec-gather\"", "");
    lines_are_in(&default, &cargo, "Cargo.toml");
}
