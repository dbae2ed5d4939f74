//! The crates `cargo xtask upstream` generates under `target/upstream/`: the checks crate
//! ([`write_checks`]: the released files' `#[cfg(test)]` items appended to the drop-in's
//! sources of the same path, [`append_items`]; an appended item that does not compile
//! against the drop-in found, [`failing`], and taken out again, [`take_out`]; the released
//! package's benches added, [`bench_targets`], [`add_benches`]) and the copy of the
//! released package ([`copy_released`]). Cargo runs in them from the command.

use super::cargo::CompilerError;
use super::peer_path::toml_string;
use super::test_items::{cfg_test_items, without_items, CfgTestItem};
use super::upstream::{checks_manifest, LeftOut, Packages};
use crate::error::{read_to_string, write, Error, Result};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// An appended item: where it came from and which lines of which generated file it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Appended {
    pub item: LeftOut,
    /// The generated file, relative to the crate root (`src/batch.rs`).
    pub file: String,
    pub first_line: usize,
    pub last_line: usize,
}

/// The items appended to the generated sources, and those left out with why.
#[derive(Debug, Default)]
pub struct Generated {
    pub appended: Vec<Appended>,
    pub left_out: Vec<LeftOut>,
}

/// Appends each released file's items (`released`: relative path and its items, read from
/// `released_dir`) to the drop-in source of the same path in `sources` (relative path ->
/// text), each after a comment naming where it came from. An item whose file has no
/// counterpart in the drop-in is left out, said so.
pub fn append_items(
    sources: &mut BTreeMap<String, String>,
    released_dir: &Path,
    released: Vec<(String, Vec<CfgTestItem>)>,
) -> Generated {
    let mut generated = Generated::default();
    for (rel, items) in released {
        for item in items {
            let entry = LeftOut {
                file: rel.clone(),
                item: item.label.clone(),
                line: item.first_line,
                reason: String::new(),
            };
            let Some(text) = sources.get_mut(&rel) else {
                generated.left_out.push(LeftOut {
                    reason: format!("{rel} has no counterpart in the drop-in"),
                    ..entry
                });
                continue;
            };
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&format!(
                "\n// {} line {}, from {}\n",
                rel,
                item.first_line,
                released_dir.display()
            ));
            let first_line = text.lines().count() + 1;
            text.push_str(&item.text);
            generated.appended.push(Appended {
                item: entry,
                file: rel.clone(),
                first_line,
                last_line: text.lines().count(),
            });
        }
    }
    generated
}

/// The appended items that have a compiler error among `errors`: each item's index and
/// its first error's head line, located in the released file.
pub fn failing(generated: &Generated, errors: &[CompilerError]) -> Vec<(usize, String)> {
    let mut removed = Vec::new();
    for (i, a) in generated.appended.iter().enumerate() {
        let first = errors
            .iter()
            .find(|e| e.file == a.file && (a.first_line..=a.last_line).contains(&e.line));
        if let Some(e) = first {
            let head = e.rendered.lines().next().unwrap_or_default();
            let line = a.item.line + (e.line - a.first_line);
            removed.push((i, format!("{head} ({}:{line})", a.item.file)));
        }
    }
    removed
}

/// Takes appended item `i` out: its lines removed from `text` (its generated file's text,
/// returned without them), the lines of the items after it in that file moved up, and the
/// item listed as left out, not compiling against the drop-in for `reason`.
pub fn take_out(generated: &mut Generated, i: usize, reason: &str, text: &str) -> String {
    let a = generated.appended.remove(i);
    let gone = CfgTestItem {
        label: String::new(),
        first_line: a.first_line,
        last_line: a.last_line,
        text: String::new(),
    };
    let n = a.last_line - a.first_line + 1;
    for b in &mut generated.appended {
        if b.file == a.file && b.first_line > a.last_line {
            b.first_line -= n;
            b.last_line -= n;
        }
    }
    generated.left_out.push(LeftOut {
        reason: format!("does not compile against the drop-in: {reason}"),
        ..a.item
    });
    without_items(text, &[gone])
}

/// Every `.rs` file under `dir`, relative to `base`, sorted.
fn rust_files(base: &Path, dir: &Path, out: &mut Vec<String>) -> Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, "cannot list", e))?;
    for entry in entries {
        let path = entry.map_err(|e| Error::io(dir, "cannot list", e))?.path();
        if path.is_dir() {
            rust_files(base, &path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(base).unwrap_or(&path);
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    out.sort();
    Ok(())
}

/// Writes `checks/` afresh: the drop-in's sources (under `dropin_dir`) without their
/// `#[cfg(test)]` items, the released files' (under `released_dir`) `#[cfg(test)]` items
/// appended, its Cargo.toml and a copy of `lock` (the workspace's Cargo.lock).
pub fn write_checks(
    packages: &Packages,
    released_dir: &Path,
    dropin_dir: &Path,
    lock: &Path,
    checks: &Path,
) -> Result<Generated> {
    if checks.exists() {
        std::fs::remove_dir_all(checks).map_err(|e| Error::io(checks, "cannot remove", e))?;
    }
    let mut dropin_files = Vec::new();
    rust_files(dropin_dir, &dropin_dir.join("src"), &mut dropin_files)?;
    let mut sources = BTreeMap::new();
    for rel in &dropin_files {
        let path = dropin_dir.join(rel);
        let text = read_to_string(&path)?;
        let own = cfg_test_items(&text, &path)?;
        sources.insert(rel.clone(), without_items(&text, &own));
    }
    let mut released_files = Vec::new();
    rust_files(released_dir, &released_dir.join("src"), &mut released_files)?;
    let mut released = Vec::new();
    for rel in released_files {
        let path = released_dir.join(&rel);
        let items = cfg_test_items(&read_to_string(&path)?, &path)?;
        released.push((rel, items));
    }
    let generated = append_items(&mut sources, released_dir, released);
    for (rel, text) in &sources {
        write(&checks.join(rel), text)?;
    }
    write(
        &checks.join("Cargo.toml"),
        checks_manifest(&packages.dropin, &packages.released)?,
    )?;
    std::fs::copy(lock, checks.join("Cargo.lock"))
        .map_err(|e| Error::io(lock, "cannot copy", e))?;
    Ok(generated)
}

/// Copies the released package's bench files (`benches`: name, path relative to
/// `released_dir`) into `checks/` and adds them to its Cargo.toml as `[[bench]]` targets.
pub fn add_benches(checks: &Path, released_dir: &Path, benches: &[(String, String)]) -> Result<()> {
    let mut manifest = read_to_string(&checks.join("Cargo.toml"))?;
    for (name, rel) in benches {
        let from = released_dir.join(rel);
        let to = checks.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::io(parent, "cannot create directory", e))?;
        }
        std::fs::copy(&from, &to).map_err(|e| Error::io(&from, "cannot copy", e))?;
        manifest.push_str(&format!(
            "\n[[bench]]\nname = {}\npath = {}\nharness = false\n",
            toml_string(name),
            toml_string(rel)
        ));
    }
    write(&checks.join("Cargo.toml"), manifest)
}

/// Copies the released package to `to` afresh, as its own workspace (the copy lies inside
/// hashlab's).
pub fn copy_released(released_dir: &Path, to: &Path) -> Result<()> {
    if to.exists() {
        std::fs::remove_dir_all(to).map_err(|e| Error::io(to, "cannot remove", e))?;
    }
    copy_tree(released_dir, to)?;
    let toml = to.join("Cargo.toml");
    let text = read_to_string(&toml)? + "\n[workspace]\n";
    write(&toml, text)
}

/// Copies a directory tree (files and directories only).
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to).map_err(|e| Error::io(to, "cannot create directory", e))?;
    let entries = std::fs::read_dir(from).map_err(|e| Error::io(from, "cannot list", e))?;
    for entry in entries {
        let path = entry.map_err(|e| Error::io(from, "cannot list", e))?.path();
        let dest = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_tree(&path, &dest)?;
        } else {
            std::fs::copy(&path, &dest).map_err(|e| Error::io(&path, "cannot copy", e))?;
        }
    }
    Ok(())
}

/// The bench targets of the released package (its `cargo metadata` entry): name, and path
/// relative to `released_dir`.
pub fn bench_targets(released: &Value, released_dir: &Path) -> Vec<(String, String)> {
    released["targets"]
        .as_array()
        .map(|targets| {
            targets
                .iter()
                .filter(|t| {
                    t["kind"]
                        .as_array()
                        .is_some_and(|k| k.iter().any(|k| k == "bench"))
                })
                .filter_map(|t| {
                    let path = Path::new(t["src_path"].as_str()?);
                    let rel = path.strip_prefix(released_dir).ok()?;
                    Some((
                        t["name"].as_str()?.to_string(),
                        rel.to_string_lossy().replace('\\', "/"),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(label: &str, first_line: usize, text: &str) -> CfgTestItem {
        CfgTestItem {
            label: label.into(),
            first_line,
            last_line: first_line + text.lines().count() - 1,
            text: text.into(),
        }
    }

    /// Two items appended to one file, one to a file the drop-in lacks; the first fails to
    /// compile and is taken out, and the second's lines move up with it.
    #[test]
    fn items_are_appended_and_a_failing_one_is_taken_out() {
        let mut sources = BTreeMap::from([("src/a.rs".to_string(), "fn a() {}".to_string())]);
        let released = vec![
            (
                "src/a.rs".to_string(),
                vec![
                    item("mod t1", 10, "mod t1 {\n}\n"),
                    item("mod t2", 20, "mod t2 {}\n"),
                ],
            ),
            (
                "src/b.rs".to_string(),
                vec![item("mod t3", 5, "mod t3 {}\n")],
            ),
        ];
        let mut g = append_items(&mut sources, Path::new("/rel"), released);
        let text = sources["src/a.rs"].clone();
        assert_eq!(g.left_out.len(), 1);
        assert_eq!(
            g.left_out[0].reason,
            "src/b.rs has no counterpart in the drop-in"
        );
        let lines = |a: &Appended| (a.first_line, a.last_line);
        assert_eq!(
            g.appended.iter().map(lines).collect::<Vec<_>>(),
            [(4, 5), (8, 8)]
        );
        assert_eq!(text.lines().nth(2), Some("// src/a.rs line 10, from /rel"));
        let error = CompilerError {
            file: "src/a.rs".into(),
            line: 5,
            rendered: "error: no\n --> src/a.rs:5:1".into(),
        };
        let failed = failing(&g, &[error]);
        assert_eq!(failed, [(0, "error: no (src/a.rs:11)".to_string())]);
        let text = take_out(&mut g, 0, &failed[0].1, &text);
        assert!(
            !text.contains("mod t1") && text.contains("mod t2"),
            "{text}"
        );
        assert_eq!(lines(&g.appended[0]), (6, 6));
        assert_eq!(text.lines().nth(5), Some("mod t2 {}"));
        assert_eq!(
            g.left_out[1].reason,
            "does not compile against the drop-in: error: no (src/a.rs:11)"
        );
    }

    /// The released package's copy is its own workspace; its benches join the checks
    /// crate as `[[bench]]` targets.
    #[test]
    fn the_released_copy_and_the_benches_are_written() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let rel = d.join("rel");
        write(&rel.join("Cargo.toml"), "[package]\n").unwrap();
        write(&rel.join("benches/batch.rs"), "fn main() {}\n").unwrap();
        write(&d.join("checks/Cargo.toml"), "[package]\n").unwrap();
        let copy = d.join("released");
        write(&copy.join("stale"), "").unwrap();
        copy_released(&rel, &copy).unwrap();
        let toml = read_to_string(&copy.join("Cargo.toml")).unwrap();
        assert_eq!(toml, "[package]\n\n[workspace]\n");
        assert!(copy.join("benches/batch.rs").is_file() && !copy.join("stale").exists());
        let benches = [("batch".to_string(), "benches/batch.rs".to_string())];
        add_benches(&d.join("checks"), &rel, &benches).unwrap();
        let toml = read_to_string(&d.join("checks/Cargo.toml")).unwrap();
        assert!(
            toml.ends_with(
                "\n[[bench]]\nname = \"batch\"\npath = \"benches/batch.rs\"\nharness = false\n"
            ),
            "{toml}"
        );
        assert!(d.join("checks/benches/batch.rs").is_file());
    }

    #[test]
    fn bench_targets_are_relative_to_the_package() {
        let package = serde_json::json!({"targets": [
            {"name": "lib", "kind": ["lib"], "src_path": "/rel/src/lib.rs"},
            {"name": "bench_batch", "kind": ["bench"], "src_path": "/rel/benches/batch.rs"},
        ]});
        assert_eq!(
            bench_targets(&package, Path::new("/rel")),
            [("bench_batch".to_string(), "benches/batch.rs".to_string())]
        );
    }
}
