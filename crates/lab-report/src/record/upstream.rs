//! The record of `cargo xtask upstream` (`reports/upstream/upstream.json`): the released
//! solana-lattice-hash's own tests and benchmarks run against the drop-in, and the readers
//! of the tool output it is made from (libtest's lines, criterion's `bencher` format, the
//! two packages in `cargo metadata`'s output).

use super::peer_path::toml_string;
use crate::error::{Error, Result};
use lab_record::Ratio;
use serde::Serialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The released solana-lattice-hash and the drop-in, as `cargo metadata` of the
/// differential workspace (which depends on both) sees them.
pub struct Packages {
    pub released: Value,
    pub dropin: Value,
}

impl Packages {
    /// Both packages among `metadata`'s (the output of `cargo metadata` on `manifest`): the
    /// registry's solana-lattice-hash and the path one.
    pub fn from_metadata(metadata: &Value, manifest: &Path) -> Result<Packages> {
        let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
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

    /// `<name> <version>` of the released crate.
    pub fn released_name(&self) -> Result<String> {
        Ok(format!(
            "{} {}",
            str_field(&self.released, "name")?,
            str_field(&self.released, "version")?
        ))
    }
}

fn str_field<'a>(v: &'a Value, field: &str) -> Result<&'a str> {
    v[field]
        .as_str()
        .ok_or_else(|| Error::Other(format!("cargo metadata: package without `{field}`")))
}

/// The directory of a package's manifest.
pub fn manifest_dir(package: &Value) -> Result<PathBuf> {
    let manifest = PathBuf::from(str_field(package, "manifest_path")?);
    Ok(manifest.parent().map(Path::to_path_buf).unwrap_or_default())
}

/// What `cargo xtask upstream` wrote to `reports/upstream/upstream.json`.
#[derive(Debug, Serialize)]
pub struct UpstreamReport {
    /// The released crate's name and version, and where its source was read.
    pub released: String,
    pub released_dir: PathBuf,
    /// Every upstream test that ran, in libtest's order.
    pub tests: Vec<TestOutcome>,
    /// The `#[cfg(test)]` items that could not run against the drop-in, with why.
    pub left_out: Vec<LeftOut>,
    /// `None` with `--tests-only`.
    pub benchmarks: Option<Benchmarks>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TestResult {
    Passed,
    Failed,
    Ignored,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestOutcome {
    /// libtest's name: `lt_hash::tests::test_identity`.
    pub name: String,
    pub result: TestResult,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeftOut {
    /// The released crate's file, relative to its root (`src/batch/arch.rs`).
    pub file: String,
    /// The item, e.g. `mod tests`, and its first line in that file.
    pub item: String,
    pub line: usize,
    pub reason: String,
}

#[derive(Debug, Serialize)]
pub struct Benchmarks {
    pub rounds: u32,
    pub warm_up_time: f64,
    pub measurement_time: f64,
    pub filter: Option<String>,
    pub rows: Vec<BenchRow>,
    /// Benchmarks that ran in only one build, or in fewer than two rounds.
    pub unpaired: Vec<String>,
}

#[derive(Debug, PartialEq, Serialize)]
pub struct BenchRow {
    /// Criterion's id, e.g. `accounts_lt_hash/batched_accumulator`.
    pub name: String,
    /// Median over rounds of criterion's median, ns per iteration.
    pub released_ns: f64,
    pub dropin_ns: f64,
    /// Drop-in / released over rounds, with its 95 % t interval.
    pub ratio: Ratio,
    pub round_ratios: Vec<f64>,
}

/// Each `test NAME ... ok|FAILED|ignored` line of libtest's output.
pub fn parse_libtest(text: &str) -> Vec<TestOutcome> {
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("test ")?;
            let (name, result) = rest.split_once(" ... ")?;
            let result = match result.trim() {
                "ok" => TestResult::Passed,
                "FAILED" => TestResult::Failed,
                r if r.starts_with("ignored") => TestResult::Ignored,
                _ => return None,
            };
            Some(TestOutcome {
                name: name.trim().to_string(),
                result,
            })
        })
        .collect()
}

/// Each `test NAME ... bench: N ns/iter (+/- M)` line of criterion's `--output-format
/// bencher` (N with thousands separators): name and ns per iteration.
pub fn parse_bencher(text: &str) -> Vec<(String, f64)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("test ")?;
            let (name, rest) = rest.split_once(" ... ")?;
            let rest = rest.trim_start().strip_prefix("bench:")?;
            let (number, rest) = rest.trim_start().split_once(' ')?;
            if !rest.starts_with("ns/iter") {
                return None;
            }
            let ns: f64 = number.replace(',', "").parse().ok()?;
            Some((name.trim().to_string(), ns))
        })
        .collect()
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
        toml_string(dep["name"].as_str().unwrap_or_default())
    )];
    match dep["path"].as_str() {
        Some(path) => fields.push(format!("path = {}", toml_string(path))),
        None => fields.push(format!(
            "version = {}",
            toml_string(dep["req"].as_str().unwrap_or("*"))
        )),
    }
    if dep["uses_default_features"] == Value::Bool(false) {
        fields.push("default-features = false".to_string());
    }
    let features: Vec<String> = dep["features"]
        .as_array()
        .map(|f| {
            f.iter()
                .filter_map(Value::as_str)
                .map(toml_string)
                .collect()
        })
        .unwrap_or_default();
    if !features.is_empty() {
        fields.push(format!("features = [{}]", features.join(", ")));
    }
    if dep["optional"] == Value::Bool(true) {
        fields.push("optional = true".to_string());
    }
    format!("{} = {{ {} }}\n", toml_string(name), fields.join(", "))
}

/// `checks/Cargo.toml`: the drop-in's dependencies and features, the released crate's
/// dev-dependencies, edition 2024, its own workspace.
pub fn checks_manifest(dropin: &Value, released: &Value) -> Result<String> {
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
    let features: String = dropin["features"]
        .as_object()
        .map(|f| {
            f.iter()
                .map(|(name, list)| format!("{} = {}\n", toml_string(name), list))
                .collect()
        })
        .unwrap_or_default();
    Ok(format!(
        "# Generated by `cargo xtask upstream`: the drop-in's sources with the released\n\
         # crate's #[cfg(test)] items appended. Rewritten on every run.\n\
         [package]\nname = \"solana-lattice-hash\"\nversion = {}\nedition = \"2024\"\n\
         publish = false\n\n[workspace]\n\n[lib]\npath = \"src/lib.rs\"\n\n\
         [dependencies]\n{}\n[dev-dependencies]\n{}\n[features]\n{}",
        toml_string(str_field(dropin, "version")?),
        deps(dropin, None),
        deps(released, Some("dev")),
        features
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_packages_are_found_in_cargo_metadata() {
        let meta = serde_json::json!({"packages": [
            {"name": "blake3", "source": "registry+x", "version": "1.8.7"},
            {"name": "solana-lattice-hash", "source": "registry+x", "version": "4.4.0",
             "manifest_path": "/reg/Cargo.toml"},
            {"name": "solana-lattice-hash", "source": null, "manifest_path": "/d/Cargo.toml"},
        ]});
        let p = Packages::from_metadata(&meta, Path::new("diff/Cargo.toml")).unwrap();
        assert_eq!(p.released_name().unwrap(), "solana-lattice-hash 4.4.0");
        assert_eq!(manifest_dir(&p.dropin).unwrap(), Path::new("/d"));
        let e = Packages::from_metadata(&serde_json::json!({}), Path::new("diff/Cargo.toml"))
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("diff/Cargo.toml: no released solana-lattice-hash"),
            "{e}"
        );
    }

    #[test]
    fn the_checks_manifest_takes_the_drop_ins_dependencies_and_the_released_dev_ones() {
        let dropin = serde_json::json!({
            "version": "4.4.0",
            "features": {"std": []},
            "dependencies": [
                {"name": "blake3-lanes", "path": "/ws/crates/blake3-lanes", "kind": null,
                 "target": null, "uses_default_features": false, "features": ["std"]},
                {"name": "bytemuck", "req": "^1", "kind": null, "target": null,
                 "optional": true},
                {"name": "libc", "req": "^0.2", "kind": null, "target": "cfg(unix)"},
            ]
        });
        let released = serde_json::json!({"dependencies": [
            {"name": "rand", "rename": "rnd", "req": "^0.8", "kind": "dev", "target": null},
            {"name": "blake3", "req": "^1", "kind": null, "target": null},
        ]});
        let m = checks_manifest(&dropin, &released).unwrap();
        assert!(m.contains("version = \"4.4.0\"\n"), "{m}");
        assert!(
            m.contains(
                "[dependencies]\n\"blake3-lanes\" = { package = \"blake3-lanes\", path = \
             \"/ws/crates/blake3-lanes\", default-features = false, features = [\"std\"] }\n\
             \"bytemuck\" = { package = \"bytemuck\", version = \"^1\", optional = true }\n\n"
            ),
            "{m}"
        );
        assert!(
            m.contains(
                "[dev-dependencies]\n\"rnd\" = { package = \"rand\", version = \"^0.8\" }\n\n"
            ),
            "{m}"
        );
        assert!(m.ends_with("[features]\n\"std\" = []\n"), "{m}");
        assert!(checks_manifest(&serde_json::json!({}), &released).is_err());
    }

    #[test]
    fn libtest_lines() {
        let out = "\nrunning 3 tests\ntest lt_hash::tests::test_identity ... ok\n\
                   test batch::tests::edge_cases ... FAILED\n\
                   test batch::tests::slow ... ignored, too slow\n\
                   test result: FAILED. 1 passed; 1 failed; 1 ignored\n";
        assert_eq!(
            parse_libtest(out),
            [
                TestOutcome {
                    name: "lt_hash::tests::test_identity".into(),
                    result: TestResult::Passed
                },
                TestOutcome {
                    name: "batch::tests::edge_cases".into(),
                    result: TestResult::Failed
                },
                TestOutcome {
                    name: "batch::tests::slow".into(),
                    result: TestResult::Ignored
                },
            ]
        );
    }

    #[test]
    fn bencher_lines() {
        let out = "Gnuplot not found\n\
                   test accounts_lt_hash/batched_accumulator ... bench:      12,345 ns/iter (+/- 1,234)\n\
                   test mix_in ... bench:          95 ns/iter (+/- 3)\n\
                   test odd ... bench: fast\n";
        assert_eq!(
            parse_bencher(out),
            [
                ("accounts_lt_hash/batched_accumulator".to_string(), 12345.0),
                ("mix_in".to_string(), 95.0)
            ]
        );
    }
}
