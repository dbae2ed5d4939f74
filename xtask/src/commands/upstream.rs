//! `cargo xtask upstream`: the released solana-lattice-hash's own tests and benchmarks, run
//! against the drop-in (`crates/solana-lattice-hash`) without copying them into the
//! repository.
//!
//! The released crate's source is Cargo's registry copy (the package `cargo metadata` of
//! `crates/solana-lattice-hash/differential` names; cargo fetches it when missing). Its
//! tests are `#[cfg(test)]` items inside its source files and reach private items, so they
//! only compile inside a crate: `target/upstream/checks/` is generated, a copy of the
//! drop-in's sources without their own `#[cfg(test)]` items, with each released file's
//! `#[cfg(test)]` items appended to the drop-in file of the same path. An item whose file
//! has no counterpart, or that does not compile against the drop-in, is left out and listed
//! with the reason; the rest runs under `cargo test`. Then the released crate's `benches/`
//! are built twice, against the drop-in (in `checks/`) and against itself (a copy of the
//! released package in `target/upstream/released/`), and run in rounds, both builds per
//! round in a random order; per benchmark the drop-in / released ratio over rounds with
//! its 95 % interval (`lab_report::analysis::upstream`, each round a fresh process of
//! each build). Writes `reports/upstream/upstream.json` and `summary.md`.

use super::ab_measure::Rng;
use lab_report::analysis::upstream::{bench_rows, RoundTimes};
use lab_report::error::{Error, Result};
use lab_report::record::paths::workspace_root;
use lab_report::record::upstream::{
    parse_bencher, parse_libtest, Benchmarks, LeftOut, TestOutcome, TestResult, UpstreamReport,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use syn::spanned::Spanned;

/// The feature both crates need to have any content.
const FEATURE: &str = "agave-unstable-api";
/// Where the generated crates and their target directories go, under the workspace root.
const WORK_DIR: &str = "target/upstream";
/// Where the report goes, under the workspace root.
const REPORT_DIR: &str = "reports/upstream";

#[derive(clap::Args, Debug)]
pub struct UpstreamArgs {
    /// Run the tests only (no benchmarks): for CI.
    #[arg(long)]
    tests_only: bool,
    /// Rounds of the benchmarks: each runs both builds' benchmarks, in a random order.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..))]
    rounds: u32,
    /// Only the benchmarks whose name contains this (criterion's filter).
    #[arg(long)]
    filter: Option<String>,
    /// Criterion's warm-up time per benchmark, in seconds.
    #[arg(long, default_value_t = 0.5)]
    warm_up_time: f64,
    /// Criterion's measurement time per benchmark, in seconds.
    #[arg(long, default_value_t = 1.0)]
    measurement_time: f64,
}

pub fn run(args: UpstreamArgs) -> ExitCode {
    match run_all(&args) {
        Ok(report) => {
            if report.tests.iter().any(|t| t.result == TestResult::Failed) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

// ---------------------------------------------------------------------------------------
// `#[cfg(test)]` items

/// A top-level item of a source file carrying `#[cfg(test)]`: what it is and where.
#[derive(Clone, Debug, PartialEq)]
pub struct CfgTestItem {
    /// `mod tests`, `impl LtHash`, `fn helper`, ...
    pub label: String,
    /// Its first and last line (1-based, inclusive), attributes and doc comments included.
    pub first_line: usize,
    pub last_line: usize,
    /// Its text, those lines whole.
    pub text: String,
}

/// The top-level `#[cfg(test)]` items of `source` (`file` names it in the error).
pub fn cfg_test_items(source: &str, file: &Path) -> Result<Vec<CfgTestItem>> {
    let parsed = syn::parse_file(source).map_err(|e| {
        let at = e.span().start();
        Error::Other(format!(
            "{}:{}:{}: cannot parse: {e}",
            file.display(),
            at.line,
            at.column + 1
        ))
    })?;
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let mut items = Vec::new();
    for item in &parsed.items {
        let attrs = match item_attrs(item) {
            Some(attrs) => attrs,
            None => continue,
        };
        if !attrs.iter().any(is_cfg_test) {
            continue;
        }
        let span = item.span();
        let (first_line, last_line) = (span.start().line, span.end().line);
        let first = attrs
            .iter()
            .map(|a| a.span().start().line)
            .chain([first_line])
            .min()
            .unwrap_or(first_line);
        items.push(CfgTestItem {
            label: item_label(item),
            first_line: first,
            last_line,
            text: lines[first - 1..last_line].concat(),
        });
    }
    Ok(items)
}

fn item_attrs(item: &syn::Item) -> Option<&[syn::Attribute]> {
    use syn::Item::*;
    Some(match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => return None,
    })
}

/// `#[cfg(test)]` exactly (not `cfg(not(test))`, not `cfg(all(test, ...))`).
fn is_cfg_test(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("cfg")
        && attr
            .parse_args::<syn::Ident>()
            .is_ok_and(|ident| ident == "test")
}

fn item_label(item: &syn::Item) -> String {
    use syn::Item::*;
    match item {
        Mod(i) => format!("mod {}", i.ident),
        Fn(i) => format!("fn {}", i.sig.ident),
        Struct(i) => format!("struct {}", i.ident),
        Enum(i) => format!("enum {}", i.ident),
        Const(i) => format!("const {}", i.ident),
        Static(i) => format!("static {}", i.ident),
        Trait(i) => format!("trait {}", i.ident),
        Type(i) => format!("type {}", i.ident),
        Impl(_) => "impl".to_string(),
        Use(_) => "use".to_string(),
        _ => "item".to_string(),
    }
}

/// `source` without the given items' lines.
pub fn without_items(source: &str, items: &[CfgTestItem]) -> String {
    source
        .split_inclusive('\n')
        .enumerate()
        .filter(|(i, _)| {
            !items
                .iter()
                .any(|it| (it.first_line..=it.last_line).contains(&(i + 1)))
        })
        .map(|(_, line)| line)
        .collect()
}

// ---------------------------------------------------------------------------------------
// The summary

fn ns(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} ms", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.2} µs", x / 1e3)
    } else {
        format!("{x:.0} ns")
    }
}

/// `reports/upstream/summary.md`: the tests' counts, failures and what was left out; the
/// benchmark table.
pub fn summary(report: &UpstreamReport) -> String {
    let count = |r: TestResult| report.tests.iter().filter(|t| t.result == r).count();
    let mut s = format!(
        "# {}'s own tests and benchmarks against the drop-in\n\n## Tests\n\n\
         {} passed, {} failed, {} ignored; {} item(s) left out.\n",
        report.released,
        count(TestResult::Passed),
        count(TestResult::Failed),
        count(TestResult::Ignored),
        report.left_out.len()
    );
    let failed: Vec<&TestOutcome> = report
        .tests
        .iter()
        .filter(|t| t.result == TestResult::Failed)
        .collect();
    if !failed.is_empty() {
        s.push_str("\nFailed:\n\n");
        for t in failed {
            s.push_str(&format!("- `{}`\n", t.name));
        }
    }
    if !report.left_out.is_empty() {
        s.push_str("\nLeft out:\n\n");
        for l in &report.left_out {
            s.push_str(&format!(
                "- `{}` line {}, `{}`: {}\n",
                l.file, l.line, l.item, l.reason
            ));
        }
    }
    let Some(b) = &report.benchmarks else {
        return s;
    };
    s.push_str(&format!(
        "\n## Benchmarks\n\n{} rounds, both builds per round in a random order; criterion \
         warm-up {} s, measurement {} s{}. Times: median over rounds of criterion's median. \
         Ratio: drop-in / released, mean over rounds with its 95 % interval.\n\n\
         | benchmark | released | drop-in | ratio [95 % interval] | speed-up |\n\
         |---|---:|---:|---|---:|\n",
        b.rounds,
        b.warm_up_time,
        b.measurement_time,
        b.filter
            .as_deref()
            .map(|f| format!(", filter `{f}`"))
            .unwrap_or_default()
    ));
    for r in &b.rows {
        s.push_str(&format!(
            "| {} | {} | {} | {:.3} [{:.3}, {:.3}] | {:.2}x |\n",
            r.name,
            ns(r.released_ns),
            ns(r.dropin_ns),
            r.ratio.estimate,
            r.ratio.lower,
            r.ratio.upper,
            1.0 / r.ratio.estimate
        ));
    }
    if !b.unpaired.is_empty() {
        s.push_str(&format!(
            "\nNot compared (one build only, or fewer than two rounds): {}\n",
            b.unpaired.join(", ")
        ));
    }
    s
}

// ---------------------------------------------------------------------------------------
// The command

/// The two packages, as `cargo metadata` of the differential workspace sees them.
struct Packages {
    released: Value,
    dropin: Value,
}

fn run_all(args: &UpstreamArgs) -> Result<UpstreamReport> {
    let root = workspace_root();
    let work = root.join(WORK_DIR);
    let packages = locate(&root)?;
    let released_dir = manifest_dir(&packages.released)?;
    let dropin_dir = manifest_dir(&packages.dropin)?;
    println!("released crate: {}", released_dir.display());

    let checks = work.join("checks");
    let mut generated = generate_checks(&root, &packages, &released_dir, &dropin_dir, &checks)?;
    let checks_target = work.join("target-checks");
    println!("building the upstream tests against the drop-in ...");
    compile_tests(&checks, &checks_target, &mut generated)?;
    println!("running the upstream tests ...");
    let tests = run_tests(&checks, &checks_target)?;

    let benchmarks = if args.tests_only {
        None
    } else {
        Some(benchmarks(args, &packages, &released_dir, &checks, &work)?)
    };
    let report = UpstreamReport {
        released: format!(
            "{} {}",
            str_field(&packages.released, "name")?,
            str_field(&packages.released, "version")?
        ),
        released_dir,
        tests,
        left_out: generated.left_out,
        benchmarks,
    };
    let out = root.join(REPORT_DIR);
    let json = serde_json::to_string_pretty(&report)
        .map_err(|e| Error::Other(format!("cannot serialise the report: {e}")))?;
    lab_report::error::write(&out.join("upstream.json"), json + "\n")?;
    let text = summary(&report);
    lab_report::error::write(&out.join("summary.md"), &text)?;
    println!("\n{text}");
    println!("written: {}", out.display());
    Ok(report)
}

fn str_field<'a>(v: &'a Value, field: &str) -> Result<&'a str> {
    v[field]
        .as_str()
        .ok_or_else(|| Error::Other(format!("cargo metadata: package without `{field}`")))
}

fn manifest_dir(package: &Value) -> Result<PathBuf> {
    let manifest = PathBuf::from(str_field(package, "manifest_path")?);
    Ok(manifest.parent().map(Path::to_path_buf).unwrap_or_default())
}

/// `cargo metadata` of the differential workspace (which depends on the released crate
/// and the drop-in): both packages. Cargo fetches the released crate when it is missing.
fn locate(root: &Path) -> Result<Packages> {
    let manifest = root.join("crates/solana-lattice-hash/differential/Cargo.toml");
    let out = Command::new(cargo())
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(&manifest)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| Error::Command(format!("cannot run cargo metadata: {e}")))?;
    if !out.status.success() {
        return Err(Error::Command(format!(
            "cargo metadata --manifest-path {} failed ({})",
            manifest.display(),
            out.status
        )));
    }
    let meta: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        Error::Command(format!(
            "cargo metadata --manifest-path {}: not JSON: {e}",
            manifest.display()
        ))
    })?;
    let packages = meta["packages"].as_array().cloned().unwrap_or_default();
    let find = |registry: bool| {
        packages
            .iter()
            .find(|p| {
                p["name"] == "solana-lattice-hash"
                    && p["source"]
                        .as_str()
                        .is_some_and(|s| s.starts_with("registry+"))
                        == registry
            })
            .cloned()
            .ok_or_else(|| {
                Error::Command(format!(
                    "{}: no {} solana-lattice-hash among its packages",
                    manifest.display(),
                    if registry { "released" } else { "path" }
                ))
            })
    };
    Ok(Packages {
        released: find(true)?,
        dropin: find(false)?,
    })
}

fn cargo() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// An appended item: where it came from and which lines of which generated file it holds.
struct Appended {
    item: LeftOut,
    /// The generated file, relative to the crate root (`src/batch.rs`).
    file: String,
    first_line: usize,
    last_line: usize,
}

struct Generated {
    appended: Vec<Appended>,
    left_out: Vec<LeftOut>,
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

/// Writes `checks/`: the drop-in's sources without their `#[cfg(test)]` items, the
/// released files' `#[cfg(test)]` items appended, its Cargo.toml and the workspace's
/// Cargo.lock.
fn generate_checks(
    root: &Path,
    packages: &Packages,
    released_dir: &Path,
    dropin_dir: &Path,
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
        let text = lab_report::error::read_to_string(&path)?;
        let own = cfg_test_items(&text, &path)?;
        sources.insert(rel.clone(), without_items(&text, &own));
    }
    let mut released_files = Vec::new();
    rust_files(released_dir, &released_dir.join("src"), &mut released_files)?;
    let mut generated = Generated {
        appended: Vec::new(),
        left_out: Vec::new(),
    };
    for rel in &released_files {
        let path = released_dir.join(rel);
        let items = cfg_test_items(&lab_report::error::read_to_string(&path)?, &path)?;
        for item in items {
            let entry = LeftOut {
                file: rel.clone(),
                item: item.label.clone(),
                line: item.first_line,
                reason: String::new(),
            };
            let Some(text) = sources.get_mut(rel) else {
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
    for (rel, text) in &sources {
        lab_report::error::write(&checks.join(rel), text)?;
    }
    lab_report::error::write(&checks.join("Cargo.toml"), checks_manifest(packages)?)?;
    let lock = root.join("Cargo.lock");
    std::fs::copy(&lock, checks.join("Cargo.lock"))
        .map_err(|e| Error::io(&lock, "cannot copy", e))?;
    Ok(generated)
}

/// A TOML string (a JSON string is a TOML basic string).
fn toml_str(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

/// One dependency line from `cargo metadata`'s entry: path dependencies get absolute
/// paths.
fn dependency_line(dep: &Value) -> String {
    let name = dep["rename"]
        .as_str()
        .or(dep["name"].as_str())
        .unwrap_or_default();
    let mut fields = vec![format!(
        "package = {}",
        toml_str(dep["name"].as_str().unwrap_or_default())
    )];
    match dep["path"].as_str() {
        Some(path) => fields.push(format!("path = {}", toml_str(path))),
        None => fields.push(format!(
            "version = {}",
            toml_str(dep["req"].as_str().unwrap_or("*"))
        )),
    }
    if dep["uses_default_features"] == Value::Bool(false) {
        fields.push("default-features = false".to_string());
    }
    let features: Vec<String> = dep["features"]
        .as_array()
        .map(|f| f.iter().filter_map(Value::as_str).map(toml_str).collect())
        .unwrap_or_default();
    if !features.is_empty() {
        fields.push(format!("features = [{}]", features.join(", ")));
    }
    if dep["optional"] == Value::Bool(true) {
        fields.push("optional = true".to_string());
    }
    format!("{} = {{ {} }}\n", toml_str(name), fields.join(", "))
}

/// `checks/Cargo.toml`: the drop-in's dependencies and features, the released crate's
/// dev-dependencies, edition 2024, its own workspace.
fn checks_manifest(packages: &Packages) -> Result<String> {
    let deps = |package: &Value, kind: Option<&str>| -> String {
        package["dependencies"]
            .as_array()
            .map(|deps| {
                deps.iter()
                    .filter(|d| d["kind"].as_str() == kind)
                    .filter(|d| d["target"].is_null())
                    .map(dependency_line)
                    .collect()
            })
            .unwrap_or_default()
    };
    let features: String = packages.dropin["features"]
        .as_object()
        .map(|f| {
            f.iter()
                .map(|(name, list)| format!("{} = {}\n", toml_str(name), list))
                .collect()
        })
        .unwrap_or_default();
    Ok(format!(
        "# Generated by `cargo xtask upstream`: the drop-in's sources with the released\n\
         # crate's #[cfg(test)] items appended. Rewritten on every run.\n\
         [package]\nname = \"solana-lattice-hash\"\nversion = {}\nedition = \"2024\"\n\
         publish = false\n\n[workspace]\n\n[lib]\npath = \"src/lib.rs\"\n\n\
         [dependencies]\n{}\n[dev-dependencies]\n{}\n[features]\n{}",
        toml_str(str_field(&packages.dropin, "version")?),
        deps(&packages.dropin, None),
        deps(&packages.released, Some("dev")),
        features
    ))
}

/// One compiler error of `cargo --message-format json`: its primary span's file and line
/// (relative to the package) and the rendered message.
struct CompilerError {
    file: String,
    line: usize,
    rendered: String,
}

/// What a cargo build produced: the executables (target name, path), or the compiler
/// errors.
type Built = std::result::Result<Vec<(String, PathBuf)>, Vec<CompilerError>>;

/// Runs `cargo <args> --message-format json` in `dir`: the executables it built (target
/// name, path) or its compiler errors.
fn cargo_json(dir: &Path, target: &Path, args: &[&str]) -> Result<Built> {
    let what = format!("cargo {} in {}", args.join(" "), dir.display());
    let out = Command::new(cargo())
        .args(args)
        .args(["--message-format", "json"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Error::Command(format!("cannot run {what}: {e}")))?;
    let mut exes = Vec::new();
    let mut errors = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        match msg["reason"].as_str() {
            Some("compiler-artifact") => {
                if let Some(exe) = msg["executable"].as_str() {
                    let name = msg["target"]["name"].as_str().unwrap_or_default();
                    exes.push((name.to_string(), PathBuf::from(exe)));
                }
            }
            Some("compiler-message") if msg["message"]["level"] == "error" => {
                let m = &msg["message"];
                let span = m["spans"]
                    .as_array()
                    .and_then(|s| s.iter().find(|s| s["is_primary"] == true));
                errors.push(CompilerError {
                    file: span
                        .and_then(|s| s["file_name"].as_str())
                        .unwrap_or_default()
                        .to_string(),
                    line: span.and_then(|s| s["line_start"].as_u64()).unwrap_or(0) as usize,
                    rendered: m["rendered"]
                        .as_str()
                        .unwrap_or_default()
                        .trim()
                        .to_string(),
                });
            }
            _ => {}
        }
    }
    if out.status.success() {
        return Ok(Ok(exes));
    }
    if errors.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = stderr
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or(stderr.trim());
        return Err(Error::Command(format!(
            "{what} failed ({}): {first}",
            out.status
        )));
    }
    Ok(Err(errors))
}

/// The first line of a compiler error and its location line (`--> file:line:col`).
fn short_error(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let head = lines.next().unwrap_or_default();
    match lines.find(|l| l.trim_start().starts_with("-->")) {
        Some(at) => format!("{head} ({})", at.trim_start().trim_start_matches("--> ")),
        None => head.to_string(),
    }
}

/// Builds the tests; while an appended item has a compiler error, takes it out (listing
/// it with its first error) and builds again. An error outside the appended items stops.
fn compile_tests(checks: &Path, target: &Path, generated: &mut Generated) -> Result<()> {
    let args = ["test", "--lib", "--no-run", "--features", FEATURE];
    loop {
        let errors = match cargo_json(checks, target, &args)? {
            Ok(_) => return Ok(()),
            Err(errors) => errors,
        };
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
        if removed.is_empty() {
            let first = &errors[0];
            return Err(Error::Command(format!(
                "cargo test --no-run in {} failed outside the upstream tests: {}",
                checks.display(),
                short_error(&first.rendered)
            )));
        }
        for (i, reason) in removed.iter().rev() {
            let a = generated.appended.remove(*i);
            let path = checks.join(&a.file);
            let text = lab_report::error::read_to_string(&path)?;
            let gone = CfgTestItem {
                label: String::new(),
                first_line: a.first_line,
                last_line: a.last_line,
                text: String::new(),
            };
            lab_report::error::write(&path, without_items(&text, &[gone]))?;
            // Lines after the removed item moved up.
            let n = a.last_line - a.first_line + 1;
            for b in &mut generated.appended {
                if b.file == a.file && b.first_line > a.last_line {
                    b.first_line -= n;
                    b.last_line -= n;
                }
            }
            println!("left out {} {}: {reason}", a.item.file, a.item.item);
            generated.left_out.push(LeftOut {
                reason: format!("does not compile against the drop-in: {reason}"),
                ..a.item
            });
        }
    }
}

/// Runs the built tests: each test's result from libtest's output.
fn run_tests(checks: &Path, target: &Path) -> Result<Vec<TestOutcome>> {
    let out = Command::new(cargo())
        .args(["test", "--lib", "--features", FEATURE])
        .current_dir(checks)
        .env("CARGO_TARGET_DIR", target)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| {
            Error::Command(format!(
                "cannot run cargo test in {}: {e}",
                checks.display()
            ))
        })?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let tests = parse_libtest(&stdout);
    if tests.is_empty() {
        return Err(Error::Command(format!(
            "cargo test in {} ({}) printed no test results",
            checks.display(),
            out.status
        )));
    }
    if !out.status.success() {
        println!("{stdout}");
    }
    Ok(tests)
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

/// The bench targets of the released package: (name, path relative to its root).
fn bench_targets(released: &Value, released_dir: &Path) -> Vec<(String, String)> {
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

/// Builds the benches against the drop-in and the released crate, runs the rounds.
fn benchmarks(
    args: &UpstreamArgs,
    packages: &Packages,
    released_dir: &Path,
    checks: &Path,
    work: &Path,
) -> Result<Benchmarks> {
    let benches = bench_targets(&packages.released, released_dir);
    if benches.is_empty() {
        return Err(Error::Command(format!(
            "{}: the released crate has no [[bench]] targets",
            released_dir.display()
        )));
    }
    let mut manifest = lab_report::error::read_to_string(&checks.join("Cargo.toml"))?;
    for (name, rel) in &benches {
        let from = released_dir.join(rel);
        let to = checks.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::io(parent, "cannot create directory", e))?;
        }
        std::fs::copy(&from, &to).map_err(|e| Error::io(&from, "cannot copy", e))?;
        manifest.push_str(&format!(
            "\n[[bench]]\nname = {}\npath = {}\nharness = false\n",
            toml_str(name),
            toml_str(rel)
        ));
    }
    lab_report::error::write(&checks.join("Cargo.toml"), manifest)?;

    let released = work.join("released");
    if released.exists() {
        std::fs::remove_dir_all(&released).map_err(|e| Error::io(&released, "cannot remove", e))?;
    }
    copy_tree(released_dir, &released)?;
    // Its own workspace: the copy lies inside hashlab's.
    let toml = released.join("Cargo.toml");
    let text = lab_report::error::read_to_string(&toml)? + "\n[workspace]\n";
    lab_report::error::write(&toml, text)?;

    let build_args = [
        "bench",
        "--no-run",
        "--ignore-rust-version",
        "--features",
        FEATURE,
    ];
    let mut exes: [Vec<PathBuf>; 2] = [Vec::new(), Vec::new()];
    for (side, dir, target) in [
        (0, &released, work.join("target-released")),
        (1, &checks.to_path_buf(), work.join("target-checks")),
    ] {
        println!("building the benchmarks in {} ...", dir.display());
        match cargo_json(dir, &target, &build_args)? {
            Ok(built) => {
                exes[side] = built
                    .into_iter()
                    .filter(|(name, _)| benches.iter().any(|(b, _)| b == name))
                    .map(|(_, exe)| exe)
                    .collect();
            }
            Err(errors) => {
                return Err(Error::Command(format!(
                    "cargo bench --no-run in {} failed: {}",
                    dir.display(),
                    short_error(&errors[0].rendered)
                )))
            }
        }
        if exes[side].len() != benches.len() {
            return Err(Error::Command(format!(
                "cargo bench --no-run in {} built {} of the {} bench executables",
                dir.display(),
                exes[side].len(),
                benches.len()
            )));
        }
    }

    let home = work.join("criterion-home");
    let mut times: RoundTimes = BTreeMap::new();
    let mut rng = Rng::from_time();
    for round in 0..args.rounds {
        let order = if rng.next_u64().is_multiple_of(2) {
            [0, 1]
        } else {
            [1, 0]
        };
        for side in order {
            println!(
                "round {}/{}: {}",
                round + 1,
                args.rounds,
                ["released", "drop-in"][side]
            );
            for exe in &exes[side] {
                for (name, ns) in run_bench(exe, args, &home)? {
                    let rounds = times.entry(name).or_default();
                    rounds.resize(args.rounds as usize, [None, None]);
                    rounds[round as usize][side] = Some(ns);
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&home);
    let (rows, unpaired) = bench_rows(&times);
    Ok(Benchmarks {
        rounds: args.rounds,
        warm_up_time: args.warm_up_time,
        measurement_time: args.measurement_time,
        filter: args.filter.clone(),
        rows,
        unpaired,
    })
}

/// One run of a criterion bench executable: each benchmark's median, ns per iteration.
fn run_bench(exe: &Path, args: &UpstreamArgs, home: &Path) -> Result<Vec<(String, f64)>> {
    let _ = std::fs::remove_dir_all(home);
    let mut cmd = Command::new(exe);
    cmd.args(["--bench", "--output-format", "bencher", "--noplot"])
        .arg("--warm-up-time")
        .arg(args.warm_up_time.to_string())
        .arg("--measurement-time")
        .arg(args.measurement_time.to_string())
        .env("CRITERION_HOME", home)
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(filter) = &args.filter {
        cmd.arg(filter);
    }
    let out = cmd
        .output()
        .map_err(|e| Error::Command(format!("cannot run {}: {e}", exe.display())))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(Error::Command(format!(
            "{} failed ({}): {}",
            exe.display(),
            out.status,
            stderr.lines().last().unwrap_or_default()
        )));
    }
    Ok(parse_bencher(&String::from_utf8_lossy(&out.stdout)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "\
//! A crate.
pub struct LtHash(pub [u16; 4]);

#[cfg(test)]
mod checks;

/// Helpers.
#[cfg(test)]
pub(super) mod test_util {
    pub fn one() -> u8 { 1 }
}

#[cfg(not(test))]
fn not_in_tests() {}

#[cfg(test)]
impl Copy for LtHash {}

#[cfg(test)]
mod tests {
    #[test]
    fn a() { assert_eq!(\"}\", \"}\"); }
}
";

    #[test]
    fn finds_the_cfg_test_items_with_their_doc_comments() {
        let items = cfg_test_items(SOURCE, Path::new("src/x.rs")).unwrap();
        let got: Vec<(&str, usize, usize)> = items
            .iter()
            .map(|i| (i.label.as_str(), i.first_line, i.last_line))
            .collect();
        assert_eq!(
            got,
            [
                ("mod checks", 4, 5),
                ("mod test_util", 7, 11),
                ("impl", 16, 17),
                ("mod tests", 19, 23)
            ]
        );
        assert!(items[1].text.starts_with("/// Helpers.\n#[cfg(test)]\n"));
        assert!(items[3].text.ends_with("}\n"));
    }

    #[test]
    fn removing_the_items_keeps_the_rest() {
        let items = cfg_test_items(SOURCE, Path::new("src/x.rs")).unwrap();
        let rest = without_items(SOURCE, &items);
        assert!(rest.contains("pub struct LtHash"));
        assert!(rest.contains("#[cfg(not(test))]\nfn not_in_tests() {}"));
        assert!(!rest.contains("cfg(test)"), "{rest}");
        assert!(cfg_test_items(&rest, Path::new("src/x.rs"))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn a_source_that_does_not_parse_names_file_and_line() {
        let err = cfg_test_items("fn a() {}\nfn b( {}\n", Path::new("src/bad.rs"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("src/bad.rs:2:"), "{err}");
    }

    fn times() -> RoundTimes {
        let mut t = RoundTimes::new();
        t.insert(
            "fast".into(),
            vec![
                [Some(100.0), Some(50.0)],
                [Some(110.0), Some(55.0)],
                [Some(90.0), Some(45.0)],
            ],
        );
        t.insert("only_released".into(), vec![[Some(1.0), None]; 3]);
        t
    }

    #[test]
    fn rows_pair_the_rounds() {
        let (rows, unpaired) = bench_rows(&times());
        assert_eq!(unpaired, ["only_released"]);
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.released_ns, r.dropin_ns), (100.0, 50.0));
        assert!((r.ratio.estimate - 0.5).abs() < 1e-12, "{:?}", r.ratio);
        assert!((r.ratio.upper - r.ratio.lower).abs() < 1e-12);
    }

    #[test]
    fn summary_lists_counts_failures_left_out_and_the_table() {
        let (rows, unpaired) = bench_rows(&times());
        let report = UpstreamReport {
            released: "solana-lattice-hash 4.4.0".into(),
            released_dir: PathBuf::from("/registry/solana-lattice-hash-4.4.0"),
            tests: vec![
                TestOutcome {
                    name: "a".into(),
                    result: TestResult::Passed,
                },
                TestOutcome {
                    name: "b".into(),
                    result: TestResult::Failed,
                },
            ],
            left_out: vec![LeftOut {
                file: "src/batch/arch.rs".into(),
                item: "mod tests".into(),
                line: 563,
                reason: "src/batch/arch.rs has no counterpart in the drop-in".into(),
            }],
            benchmarks: Some(Benchmarks {
                rounds: 3,
                warm_up_time: 0.5,
                measurement_time: 1.0,
                filter: None,
                rows,
                unpaired,
            }),
        };
        let s = summary(&report);
        assert!(
            s.contains("1 passed, 1 failed, 0 ignored; 1 item(s) left out."),
            "{s}"
        );
        assert!(s.contains("Failed:\n\n- `b`\n"), "{s}");
        assert!(s.contains(
            "- `src/batch/arch.rs` line 563, `mod tests`: src/batch/arch.rs has no counterpart"
        ));
        assert!(
            s.contains("| fast | 100 ns | 50 ns | 0.500 [0.500, 0.500] | 2.00x |"),
            "{s}"
        );
        assert!(
            s.contains("Not compared (one build only, or fewer than two rounds): only_released")
        );
    }

    /// The whole command, for real: builds and runs the released crate's tests against
    /// the drop-in (`.ci/run` runs it with `--ignored`).
    #[test]
    #[ignore = "builds two crates and runs the upstream tests: minutes"]
    fn upstream_tests_pass_against_the_drop_in() {
        let args = UpstreamArgs {
            tests_only: true,
            rounds: 2,
            filter: None,
            warm_up_time: 0.1,
            measurement_time: 0.1,
        };
        let report = run_all(&args).unwrap();
        assert!(report.tests.len() > 10, "{:?}", report.tests);
        let failed: Vec<_> = report
            .tests
            .iter()
            .filter(|t| t.result == TestResult::Failed)
            .collect();
        assert!(failed.is_empty(), "{failed:?}");
        assert!(report
            .left_out
            .iter()
            .any(|l| l.file == "src/batch/arch.rs"));
    }
}
