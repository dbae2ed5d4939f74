//! No module of any workspace crate imports one that imports it back, read from the real
//! `crate::` / `super::` paths of every crate's `src/` (a `use` with its brace groups, or
//! a path written inline), and this crate's layers (render -> analysis -> record) only
//! import downwards (Cargo keeps the crates apart; it cannot see modules inside one).
//!
//! A module's edges to its own ancestors and descendants are left out: a parent declares
//! its children and re-exports their items, and a child reads its parent's, which is how a
//! module tree is built, not a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside one crate, e.g. `["peers", "negentropy"]`; the root is empty.
type ModPath = Vec<String>;

/// The modules of one crate and, per module, the modules its code names.
#[derive(Debug, Default)]
struct Graph {
    edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

/// The module a file under `src/` is: `lib.rs`/`main.rs` the root, `a/mod.rs` and `a.rs`
/// module `a`, `a/b.rs` module `a::b`.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "lib.rs" | "main.rs" | "mod.rs" => {}
        other => parts.push(other.trim_end_matches(".rs").to_string()),
    }
    parts
}

/// The source without comments and string literals (their text is not code).
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && i + 2 < b.len() && (b[i + 2] == b'\'' || b[i + 1] == b'\\') {
            // A char literal ('x', '\n', '\''); a lifetime is left alone.
            let end = text[i + 1..].find('\'').map_or(b.len(), |e| i + 2 + e);
            let end = if b[i + 1] == b'\\' {
                text[i + 3..].find('\'').map_or(b.len(), |e| i + 4 + e)
            } else {
                end
            };
            i = end;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Expands a `use` tree (`crate::a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p).into_iter().map(|q| format!("{prefix}{q}")))
        .collect()
}

/// Every `crate::`/`super::`/`self::` path the code names, with the inline module it sits
/// in (relative to the file's module): `use` trees expanded, inline paths as written.
fn paths_in(code: &str) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    // Inline `mod name {` blocks: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let b = code.as_bytes();
    let mut i = 0;
    let word_start = |i: usize| i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    while i < b.len() {
        let rest = &code[i..];
        if b[i] == b'{' {
            depth += 1;
        } else if b[i] == b'}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
        } else if word_start(i) && rest.starts_with("mod ") {
            let name: String = rest[4..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let after = rest[4 + name.len()..].trim_start();
            if after.starts_with('{') {
                inline.push((name, depth + 1));
            }
        } else if word_start(i) && rest.starts_with("use ") {
            let end = rest.find(';').unwrap_or(rest.len());
            let scope: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
            let tree: String = rest[4..end].split_whitespace().collect();
            for p in expand(&tree) {
                out.push((scope.clone(), p));
            }
            i += end;
            continue;
        } else if word_start(i)
            && (rest.starts_with("crate::")
                || rest.starts_with("super::")
                || rest.starts_with("self::"))
        {
            let len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let scope: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
            out.push((scope, rest[..len].to_string()));
            i += len;
            continue;
        }
        i += 1;
    }
    out
}

/// The module `path` names from module `at`, cut to the longest known module.
fn resolve(at: &[String], path: &str, known: &BTreeSet<ModPath>) -> Option<ModPath> {
    let mut segs = path.split("::").filter(|s| !s.is_empty());
    let mut m: ModPath = match segs.next()? {
        "crate" => Vec::new(),
        "self" => at.to_vec(),
        "super" => at[..at.len().checked_sub(1)?].to_vec(),
        _ => return None,
    };
    for s in segs {
        match s {
            "super" => {
                m.pop()?;
            }
            "self" => {}
            s => {
                m.push(s.to_string());
                if !known.contains(&m) {
                    m.pop();
                    break;
                }
            }
        }
    }
    Some(m)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            // Each binary in src/bin is a crate of its own (it names the library by name).
            if path.file_name().is_some_and(|n| n != "bin") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// One crate's module graph (inline modules folded into their file's module).
fn graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let known: BTreeSet<ModPath> = files.iter().map(|f| module_of(src, f)).collect();
    let mut g = Graph::default();
    for f in &files {
        let at = module_of(src, f);
        let code = code_only(&std::fs::read_to_string(f).unwrap());
        for (scope, path) in paths_in(&code) {
            let mut here = at.clone();
            here.extend(scope);
            let Some(to) = resolve(&here, &path, &known) else {
                continue;
            };
            let related = to.starts_with(&at) || at.starts_with(&to);
            if !related {
                g.edges.entry(at.clone()).or_default().insert(to);
            }
        }
    }
    g
}

/// A circle of modules in `g`, if any (depth-first search for a back edge).
fn find_cycle(g: &Graph) -> Option<Vec<ModPath>> {
    fn visit(
        g: &Graph,
        m: &ModPath,
        stack: &mut Vec<ModPath>,
        done: &mut BTreeSet<ModPath>,
    ) -> Option<Vec<ModPath>> {
        if let Some(at) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(m.clone());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.clone());
        for to in g.edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(g, to, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    for m in g.edges.keys() {
        if let Some(c) = visit(g, m, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

/// Every workspace member's `src/`, from the `members` list of the workspace's Cargo.toml.
fn member_srcs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let list = manifest.split("members = [").nth(1).unwrap();
    let list = &list[..list.find(']').unwrap()];
    list.split(',')
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(|m| root.join(m).join("src"))
        .filter(|src| src.is_dir())
        .collect()
}

fn show(m: &ModPath) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let srcs = member_srcs();
    assert!(srcs.len() >= 6, "{srcs:?}");
    let mut edges = 0;
    for src in srcs {
        let g = graph(&src);
        edges += g.edges.values().map(BTreeSet::len).sum::<usize>();
        if let Some(c) = find_cycle(&g) {
            let names: Vec<String> = c.iter().map(show).collect();
            panic!("{}: import circle {}", src.display(), names.join(" -> "));
        }
    }
    assert!(edges > 50, "only {edges} imports between modules read");
}

/// Cargo keeps xtask's commands above this crate; inside it, `render -> analysis -> record`
/// is kept here.
#[test]
fn report_layers_import_only_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let g = graph(&src);
    let order = ["record", "analysis", "render"];
    let rank = |m: &ModPath| order.iter().position(|l| m.first().is_some_and(|f| f == l));
    for (from, tos) in &g.edges {
        for to in tos {
            if let (Some(a), Some(b)) = (rank(from), rank(to)) {
                assert!(
                    b <= a,
                    "{} imports {}, a layer above its own",
                    show(from),
                    show(to)
                );
            }
        }
    }
}

/// The reader sees what a circle looks like: `use` trees, inline paths, inline modules,
/// comments and strings.
#[test]
fn the_reader_finds_real_paths_only() {
    let code = code_only(
        "use crate::a::{b::C, d::{self, E}};\n// use crate::x;\nlet s = \"crate::y\";\n\
         mod tests { use super::f::G; }\nfn h() { super::z::k(); }\n",
    );
    let paths: Vec<(Vec<String>, String)> = paths_in(&code);
    let want = [
        (vec![], "crate::a::b::C"),
        (vec![], "crate::a::d::self"),
        (vec![], "crate::a::d::E"),
        (vec!["tests".to_string()], "super::f::G"),
        (vec![], "super::z::k"),
    ];
    let want: Vec<(Vec<String>, String)> = want
        .iter()
        .map(|(s, p)| (s.clone(), p.to_string()))
        .collect();
    assert_eq!(paths, want);
    let known: BTreeSet<ModPath> = [vec![], vec!["p".into()], vec!["p".into(), "q".into()]]
        .into_iter()
        .collect();
    let at = vec!["p".to_string(), "r".to_string()];
    assert_eq!(
        resolve(&at, "super::q::T", &known),
        Some(vec!["p".into(), "q".into()])
    );
    let mut g = Graph::default();
    g.edges
        .entry(vec!["a".into()])
        .or_default()
        .insert(vec!["b".into()]);
    assert!(find_cycle(&g).is_none());
    g.edges
        .entry(vec!["b".into()])
        .or_default()
        .insert(vec!["a".into()]);
    assert!(find_cycle(&g).is_some());
}
