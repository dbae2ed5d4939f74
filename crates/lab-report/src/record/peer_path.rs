//! `--peer-path CRATE=DIR` as files and text (bench-all and ab; the builds and processes
//! are xtask's `commands/peer_path.rs`): which crates it takes ([`ADAPTERS`]), the argument
//! parsed ([`parse_spec`]), the shadow workspace ([`shadow_workspace`]) and its manifest
//! pointed at your directory ([`point_at_path`]), the lab processes' environment
//! ([`lab_env`]) and a failed build read in your terms ([`build_error`],
//! [`compile_errors`]).

use crate::error::{Error, Result};
use lab_record::process::{PROFILE_ENV, STRATEGIES_ENV};
use lab_record::Profile;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A peer crate the lab can build from your working copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adapter {
    /// The crate's name on crates.io (its `[workspace.dependencies]` key).
    pub krate: &'static str,
    /// The bench-lab feature that compiles the adapter.
    pub feature: &'static str,
    /// The adapter's strategy name in the rows.
    pub strategy: &'static str,
    /// The released version the adapter was written for.
    pub version: &'static str,
    /// The adapter's source, relative to the workspace root.
    pub file: &'static str,
    /// The workspace's own package of the same name (hashlab's drop-in), left out of the
    /// shadow's members, and its renamed dependency pointed at the released crate of the
    /// adapter's version: cargo can lock neither two path packages of one name and version
    /// nor one package under two names. That build measures only the adapter's rows.
    pub member: Option<&'static str>,
}

/// Every crate `--peer-path` takes.
pub const ADAPTERS: &[Adapter] = &[Adapter {
    krate: "solana-lattice-hash",
    feature: "peer-solana",
    strategy: "peer:solana-lattice-hash",
    version: "4.4.0",
    file: "bench-lab/src/peers/lattice.rs",
    member: Some("crates/solana-lattice-hash"),
}];

/// One `--peer-path CRATE=DIR`.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub adapter: Adapter,
    /// Absolute.
    pub dir: PathBuf,
}

/// Parses `CRATE=DIR` (clap's value parser): the crate must have an adapter and `DIR` a
/// `Cargo.toml` whose package is that crate.
pub fn parse_spec(text: &str) -> std::result::Result<Spec, String> {
    let (krate, dir) = text.split_once('=').ok_or_else(|| {
        format!("`{text}` is not CRATE=DIR (e.g. solana-lattice-hash=../agave/lattice-hash)")
    })?;
    let adapter = *ADAPTERS.iter().find(|a| a.krate == krate).ok_or_else(|| {
        let known: Vec<&str> = ADAPTERS.iter().map(|a| a.krate).collect();
        format!(
            "no adapter for crate `{krate}`: --peer-path takes {}",
            known.join(", ")
        )
    })?;
    let dir = std::fs::canonicalize(dir).map_err(|e| format!("{dir}: {e}"))?;
    let manifest = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest)
        .map_err(|e| format!("{}: cannot read: {e}", manifest.display()))?;
    match package_name(&text) {
        Some(name) if name == krate => Ok(Spec { adapter, dir }),
        Some(name) => Err(format!(
            "{}: field `package.name`: `{name}`, not `{krate}`",
            manifest.display()
        )),
        None => Err(format!(
            "{}: field `package.name`: missing (not a crate's manifest)",
            manifest.display()
        )),
    }
}

/// The target directory of the builds: `$CARGO_TARGET_DIR`, else `<root>/target`.
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map_or_else(|| root.join("target"), |t| root.join(t))
}

/// `<target>/hashlab-peer-path/ws`, made afresh: the root manifest and lock file copied
/// (so cargo's rewrite of the lock stays there), every other top-level entry but the
/// target directory, `.git` and `reports` a symlink.
pub fn shadow_workspace(root: &Path, target: &Path) -> Result<PathBuf> {
    let ws = target.join("hashlab-peer-path").join("ws");
    if ws.exists() {
        std::fs::remove_dir_all(&ws).map_err(|e| Error::io(&ws, "cannot remove", e))?;
    }
    std::fs::create_dir_all(&ws).map_err(|e| Error::io(&ws, "cannot create directory", e))?;
    let entries = std::fs::read_dir(root).map_err(|e| Error::io(root, "cannot list", e))?;
    for entry in entries.flatten() {
        let (path, name) = (entry.path(), entry.file_name());
        if ["target", ".git", "reports"].iter().any(|n| name == *n) || path == target {
            continue;
        }
        let to = ws.join(&name);
        if name == "Cargo.toml" || name == "Cargo.lock" {
            std::fs::copy(&path, &to).map_err(|e| Error::io(&path, "cannot copy", e))?;
        } else {
            symlink(&path, &to)?;
        }
    }
    Ok(ws)
}

#[cfg(unix)]
fn symlink(from: &Path, to: &Path) -> Result<()> {
    std::os::unix::fs::symlink(from, to).map_err(|e| Error::io(to, "cannot create symlink", e))
}

#[cfg(not(unix))]
fn symlink(_from: &Path, to: &Path) -> Result<()> {
    Err(Error::Other(format!(
        "{}: --peer-path needs symlinks (a Unix system)",
        to.display()
    )))
}

/// The name of the folder your build's executables are pinned in: `peer-<FNV-1a of DIR>`.
pub fn pin_tag(spec: &Spec) -> String {
    let hash = spec
        .dir
        .to_string_lossy()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    format!("peer-{hash:016x}")
}

/// The lab processes' environment: the command's `env` (filters, accounts) with the
/// strategies filter set to the adapter's row, and the profile, which also decides some
/// workloads' parameters (the mix's account count): the list must be made with the
/// profile of the runs.
pub fn lab_env(
    env: &[(OsString, OsString)],
    adapter: &Adapter,
    profile: Profile,
) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = env
        .iter()
        .filter(|(k, _)| k != STRATEGIES_ENV)
        .cloned()
        .collect();
    env.push((STRATEGIES_ENV.into(), adapter.strategy.into()));
    env.push((PROFILE_ENV.into(), profile.as_str().into()));
    env
}

/// `name` of the `[package]` table of a manifest (a line scan: enough for a field cargo
/// itself requires to be a plain string).
fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(v) = line.strip_prefix("name") {
                let v = v.trim_start().strip_prefix('=')?.trim();
                return Some(v.trim_matches('"').to_string());
            }
        }
    }
    None
}

/// A TOML basic string (a JSON string is one: quotes, backslashes and control characters
/// escaped).
pub fn toml_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// The shadow's root manifest with the crate's `[workspace.dependencies]` entry pointing at
/// `dir` instead of a registry version: a path dependency with no version requirement, so a
/// working copy of any version (a newer release, the master's pre-release, an older one)
/// is built; only its API must fit the adapter. The entry's other keys (its features) stay.
pub fn point_at_path(manifest: &str, spec: &Spec) -> Result<String> {
    let krate = spec.adapter.krate;
    let key = format!("{krate} = ");
    let path = format!("path = {}", toml_string(&spec.dir.to_string_lossy()));
    let member = spec.adapter.member.map(|m| format!("\"{m}\","));
    let renamed = format!("package = \"{krate}\"");
    let released = format!("version = \"={}\"", spec.adapter.version);
    let mut found = false;
    let mut out = String::with_capacity(manifest.len());
    for line in manifest.lines() {
        if member.as_deref() == Some(line.trim()) {
            continue;
        }
        let value = line.strip_prefix(&key);
        if let (Some(value), false) = (value, found) {
            if let Some(start) = value.find("version = \"") {
                found = true;
                let end = value[start + 11..]
                    .find('"')
                    .map_or(value.len(), |e| start + 11 + e + 1);
                out.push_str(&format!(
                    "{key}{}{path}{}\n",
                    &value[..start],
                    &value[end..]
                ));
                continue;
            }
        }
        match line.find("path = \"") {
            Some(start) if line.contains(&renamed) => {
                let end = line[start + 8..]
                    .find('"')
                    .map_or(line.len(), |e| start + 8 + e + 1);
                out.push_str(&format!("{}{released}{}\n", &line[..start], &line[end..]));
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    if found {
        Ok(out)
    } else {
        Err(Error::Other(format!(
            "Cargo.toml: field `workspace.dependencies.{krate}`: missing or without a \
             `version` (the lab's adapter for {krate} needs it)"
        )))
    }
}

/// Cargo's compile errors (JSON messages) in your terms: an error in the lab's adapter is
/// an item your copy lacks or has changed; an error elsewhere is your copy not compiling.
pub fn compile_errors(messages: &str, spec: &Spec) -> Option<String> {
    let a = spec.adapter;
    let mut lines = Vec::new();
    for v in messages
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["reason"] == "compiler-message" && v["message"]["level"] == "error")
    {
        let text = v["message"]["message"].as_str().unwrap_or_default();
        let spans = v["message"]["spans"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let Some(span) = spans.iter().find(|s| s["is_primary"] == true) else {
            continue;
        };
        let file = span["file_name"].as_str().unwrap_or_default();
        let at = format!("{file}:{}", span["line_start"]);
        let line = if file.ends_with(a.file) || file == a.file {
            format!(
                "your {} at {} lacks {}: {text} ({at}); the lab's adapter was written for {} {}",
                a.krate,
                spec.dir.display(),
                missing_item(text),
                a.krate,
                a.version
            )
        } else {
            format!(
                "your {} at {} does not compile: {text} ({at})",
                a.krate,
                spec.dir.display()
            )
        };
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Why the build with your copy failed (cargo's JSON `messages`, its `stderr` and exit
/// `status`): its compile errors in your terms ([`compile_errors`]), else cargo's own
/// first error line (a manifest it cannot read, a dependency it cannot resolve).
pub fn build_error(messages: &str, stderr: &str, status: &str, spec: &Spec) -> String {
    compile_errors(messages, spec).unwrap_or_else(|| {
        let first = stderr
            .lines()
            .find(|l| l.trim_start().starts_with("error"))
            .map(|l| format!(": {}", l.trim()))
            .unwrap_or_default();
        format!(
            "building the lab with your {} at {} failed ({status}){first}",
            spec.adapter.krate,
            spec.dir.display()
        )
    })
}

/// The item a rustc error names: `batch::new` from "cannot find function `new` in module
/// `batch`", `Builder::add_part` from "no method named `add_part` found for struct
/// `Builder` ...", else the first quoted name.
fn missing_item(message: &str) -> String {
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let item = match (quoted.as_slice(), message) {
        ([name, module, ..], m) if m.contains("` in module `") || m.contains("` in `") => {
            format!("{module}::{name}")
        }
        ([name, owner, ..], m)
            if [
                "no method named",
                "no function or associated item named",
                "no field",
            ]
            .iter()
            .any(|p| m.starts_with(p)) =>
        {
            // `MessageBuilder<'_>` -> `MessageBuilder`.
            // (`solana_lattice_hash::batch::MessageBuilder<'a>` from a macro's expansion.)
            let owner = owner.split('<').next().unwrap_or(owner);
            let owner = owner.rsplit("::").next().unwrap_or(owner);
            format!("{owner}::{name}")
        }
        ([name, ..], _) => (*name).to_string(),
        ([], m) => return format!("what the adapter uses ({m})"),
    };
    format!("`{item}`")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> Spec {
        Spec {
            adapter: ADAPTERS[0],
            dir: PathBuf::from("/src/lattice-hash"),
        }
    }

    fn message(file: &str, text: &str) -> String {
        serde_json::json!({
            "reason": "compiler-message",
            "package_id": "path+file:///x#bench-lab@0.1.0",
            "message": {
                "message": text,
                "level": "error",
                "spans": [
                    {"file_name": "src/lib.rs", "line_start": 1, "is_primary": false},
                    {"file_name": file, "line_start": 42, "is_primary": true},
                ],
                "rendered": "error: ...",
            },
        })
        .to_string()
    }

    #[test]
    fn an_adapter_error_names_the_missing_item_and_the_version() {
        let msgs = [
            message(
                "bench-lab/src/peers/lattice.rs",
                "cannot find function `new` in module `batch`",
            ),
            message(
                "bench-lab/src/peers/lattice.rs",
                "no method named `add_part` found for struct `solana_lattice_hash::batch::MessageBuilder<'a>` in the current scope",
            ),
            r#"{"reason":"build-finished","success":false}"#.to_string(),
        ]
        .join("\n");
        let e = compile_errors(&msgs, &spec()).unwrap();
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 2, "{e}");
        assert!(
            lines[0].starts_with("your solana-lattice-hash at /src/lattice-hash lacks `batch::new`: cannot find function"),
            "{e}"
        );
        assert!(
            lines[0].contains("(bench-lab/src/peers/lattice.rs:42)"),
            "{e}"
        );
        assert!(
            lines[0].ends_with("the lab's adapter was written for solana-lattice-hash 4.4.0"),
            "{e}"
        );
        assert!(lines[1].contains("lacks `MessageBuilder::add_part`"), "{e}");
    }

    #[test]
    fn an_error_in_your_crate_says_it_does_not_compile() {
        let msgs = message("/src/lattice-hash/src/batch.rs", "mismatched types");
        let e = compile_errors(&msgs, &spec()).unwrap();
        assert_eq!(
            e,
            "your solana-lattice-hash at /src/lattice-hash does not compile: mismatched types (/src/lattice-hash/src/batch.rs:42)"
        );
        assert_eq!(
            compile_errors("{\"reason\":\"build-finished\"}", &spec()),
            None
        );
    }

    #[test]
    fn the_shadow_manifest_points_the_crate_at_the_directory_whatever_its_version() {
        let manifest = "[workspace]\nmembers = [\n    \"crates/blake3-lanes\",\n    \"crates/solana-lattice-hash\",\n]\n[workspace.dependencies]\nblake3 = \"1.8.7\"\nsolana-lattice-hash = { version = \"4.4.0\", features = [\"agave-unstable-api\"] }\nlattice-dropin = { package = \"solana-lattice-hash\", path = \"crates/solana-lattice-hash\" }\n";
        let mut s = spec();
        let out = point_at_path(manifest, &s).unwrap();
        assert!(
            out.contains("solana-lattice-hash = { path = \"/src/lattice-hash\", features = [\"agave-unstable-api\"] }\n"),
            "{out}"
        );
        assert!(!out.contains("version = \"4.4.0\""), "{out}");
        assert!(
            out.contains(
                "lattice-dropin = { package = \"solana-lattice-hash\", version = \"=4.4.0\" }"
            ),
            "{out}"
        );
        assert!(!out.contains("\"crates/solana-lattice-hash\","), "{out}");
        assert!(out.contains("\"crates/blake3-lanes\","), "{out}");
        s.dir = PathBuf::from(r#"/a "b"\c"#);
        assert!(point_at_path(manifest, &s)
            .unwrap()
            .contains(r#"path = "/a \"b\"\\c""#));
        let e = point_at_path("[workspace.dependencies]\n", &s)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("workspace.dependencies.solana-lattice-hash"),
            "{e}"
        );
    }

    #[test]
    fn the_shadow_workspace_copies_the_manifest_and_lock_and_links_the_rest() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let root = d.join("root");
        for f in [
            "Cargo.toml",
            "Cargo.lock",
            "bench-lab/Cargo.toml",
            "target/x",
            "reports/r",
        ] {
            crate::error::write(&root.join(f), f).unwrap();
        }
        let ws = shadow_workspace(&root, &root.join("target")).unwrap();
        assert_eq!(ws, root.join("target/hashlab-peer-path/ws"));
        assert!(!ws.join("Cargo.lock").is_symlink());
        assert_eq!(
            std::fs::read_to_string(ws.join("Cargo.lock")).unwrap(),
            "Cargo.lock"
        );
        assert!(ws.join("bench-lab").is_symlink());
        assert!(!ws.join("target").exists() && !ws.join("reports").exists());
        // A second shadow starts from the workspace's lock again.
        crate::error::write(&ws.join("Cargo.lock"), "rewritten").unwrap();
        let ws = shadow_workspace(&root, &root.join("target")).unwrap();
        assert_eq!(
            std::fs::read_to_string(ws.join("Cargo.lock")).unwrap(),
            "Cargo.lock"
        );
    }

    #[test]
    fn the_lab_env_sets_the_adapters_row_and_the_profile() {
        let env: Vec<(OsString, OsString)> = [("HASHLAB_STRATEGIES", "x"), ("HASHLAB_SIZES", "1")]
            .map(|(k, v)| (k.into(), v.into()))
            .to_vec();
        let got = lab_env(&env, &ADAPTERS[0], Profile::Smoke);
        let want: Vec<(OsString, OsString)> = [
            ("HASHLAB_SIZES", "1"),
            ("HASHLAB_STRATEGIES", "peer:solana-lattice-hash"),
            ("HASHLAB_PROFILE", "smoke"),
        ]
        .map(|(k, v)| (k.into(), v.into()))
        .to_vec();
        assert_eq!(got, want);
        assert_eq!(pin_tag(&spec()), "peer-488b22a135fc032c");
    }

    #[test]
    fn specs_name_a_crate_with_an_adapter_and_its_manifest() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let manifest = "[package]\nname = \"solana-lattice-hash\"\nversion = \"4.3.0\"\n\n[dependencies.blake3]\nversion = \"1\"\n";
        crate::error::write(&d.join("ok/Cargo.toml"), manifest).unwrap();
        crate::error::write(
            &d.join("other/Cargo.toml"),
            "[package]\nname = \"blake3\"\n",
        )
        .unwrap();
        let ok = parse_spec(&format!("solana-lattice-hash={}", d.join("ok").display())).unwrap();
        assert_eq!(ok.adapter.version, "4.4.0");
        assert!(ok.dir.is_absolute());
        let e = parse_spec(&format!(
            "solana-lattice-hash={}",
            d.join("other").display()
        ))
        .unwrap_err();
        assert!(
            e.contains("other/Cargo.toml: field `package.name`: `blake3`"),
            "{e}"
        );
        let e = parse_spec(&format!("blake3={}", d.join("other").display())).unwrap_err();
        assert!(e.contains("no adapter for crate `blake3`"), "{e}");
        assert!(parse_spec("solana-lattice-hash")
            .unwrap_err()
            .contains("CRATE=DIR"));
    }
}
