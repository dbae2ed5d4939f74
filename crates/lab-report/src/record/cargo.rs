//! Cargo's `--message-format json` output, read: the executables a build reports
//! ([`executables`], [`bench_and_bin`]), its compiler messages as rustc renders them
//! ([`rendered`]) and its compiler errors ([`errors`], [`short_error`]); and a package's
//! version in a `Cargo.lock` ([`locked_version`]).

use serde_json::Value;
use std::path::{Path, PathBuf};

/// The version of package `name` in a Cargo.lock.
pub fn locked_version(lock: &Path, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(lock).ok()?;
    let needle = format!("name = \"{name}\"");
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        if l.trim() == needle {
            let v = lines.next()?.trim();
            return v
                .strip_prefix("version = \"")
                .and_then(|v| v.strip_suffix('"'))
                .map(String::from);
        }
    }
    None
}

/// A `compiler-artifact` message that names an executable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Executable {
    /// The target's name.
    pub name: String,
    /// The target's kinds (`bin`, `bench`, `lib`, ...).
    pub kinds: Vec<String>,
    /// Whether it was built as a test harness.
    pub test: bool,
    pub path: PathBuf,
}

/// One compiler error: its primary span's file and line (relative to the package) and the
/// rendered message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompilerError {
    pub file: String,
    pub line: usize,
    pub rendered: String,
}

fn json_lines(messages: &str) -> impl Iterator<Item = Value> + '_ {
    messages
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
}

/// Every executable among cargo's messages, in order.
pub fn executables(messages: &str) -> Vec<Executable> {
    json_lines(messages)
        .filter(|v| v["reason"] == "compiler-artifact")
        .filter_map(|v| {
            let path = PathBuf::from(v["executable"].as_str()?);
            let kinds = v["target"]["kind"].as_array().cloned().unwrap_or_default();
            Some(Executable {
                name: v["target"]["name"].as_str().unwrap_or_default().to_string(),
                kinds: kinds
                    .iter()
                    .filter_map(|k| Some(k.as_str()?.to_string()))
                    .collect(),
                test: v["profile"]["test"].as_bool().unwrap_or(false),
                path,
            })
        })
        .collect()
}

/// The bench and the (non-test) bin executable of target `name`: the last of each.
pub fn bench_and_bin(messages: &str, name: &str) -> Option<(PathBuf, PathBuf)> {
    let (mut bench, mut bin) = (None, None);
    for e in executables(messages).into_iter().filter(|e| e.name == name) {
        if e.kinds.iter().any(|k| k == "bench") {
            bench = Some(e.path);
        } else if e.kinds.iter().any(|k| k == "bin") && !e.test {
            bin = Some(e.path);
        }
    }
    Some((bench?, bin?))
}

/// The rendered text of every compiler message (warnings included), in order: what cargo
/// prints itself when its messages are not JSON.
pub fn rendered(messages: &str) -> Vec<String> {
    json_lines(messages)
        .filter(|v| v["reason"] == "compiler-message")
        .filter_map(|v| Some(v["message"]["rendered"].as_str()?.to_string()))
        .collect()
}

/// Every compiler message of level `error`, in order.
pub fn errors(messages: &str) -> Vec<CompilerError> {
    json_lines(messages)
        .filter(|v| v["reason"] == "compiler-message" && v["message"]["level"] == "error")
        .map(|msg| {
            let m = &msg["message"];
            let span = m["spans"]
                .as_array()
                .and_then(|s| s.iter().find(|s| s["is_primary"] == true));
            CompilerError {
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
            }
        })
        .collect()
}

/// The first line of a compiler error and its location line (`--> file:line:col`).
pub fn short_error(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let head = lines.next().unwrap_or_default();
    match lines.find(|l| l.trim_start().starts_with("-->")) {
        Some(at) => format!("{head} ({})", at.trim_start().trim_start_matches("--> ")),
        None => head.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_versions_from_a_lock_file() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let lock = dir.join("Cargo.lock");
        std::fs::write(
            &lock,
            "[[package]]\nname = \"blake3\"\nversion = \"1.8.7\"\nsource = \"x\"\n",
        )
        .unwrap();
        assert_eq!(locked_version(&lock, "blake3").as_deref(), Some("1.8.7"));
        assert_eq!(locked_version(&lock, "nope"), None);
    }

    #[test]
    fn finds_the_lab_executables_in_cargo_messages() {
        let msgs = [
            r#"{"reason":"compiler-artifact","target":{"name":"lab","kind":["bin"]},"profile":{"test":false},"executable":"/t/lab"}"#,
            r#"{"reason":"compiler-artifact","target":{"name":"lab","kind":["bin"]},"profile":{"test":true},"executable":"/t/lab-test"}"#,
            r#"{"reason":"compiler-artifact","target":{"name":"lab","kind":["bench"]},"profile":{"test":false},"executable":"/t/lab-bench"}"#,
            "not json",
        ]
        .join("\n");
        let (bench, bin) = bench_and_bin(&msgs, "lab").unwrap();
        assert_eq!(
            (bench.to_str(), bin.to_str()),
            (Some("/t/lab-bench"), Some("/t/lab"))
        );
        assert!(bench_and_bin(msgs.lines().next().unwrap(), "lab").is_none());
        assert!(bench_and_bin(&msgs, "other").is_none());
    }

    #[test]
    fn errors_name_their_primary_span_and_read_short() {
        let rendered = "error[E0425]: cannot find value `x`\\n --> src/batch.rs:12:5\\n  |";
        let msgs = [
            format!(
                r#"{{"reason":"compiler-message","message":{{"level":"error","rendered":"{rendered}","spans":[{{"is_primary":false,"file_name":"src/a.rs","line_start":1}},{{"is_primary":true,"file_name":"src/batch.rs","line_start":12}}]}}}}"#
            ),
            r#"{"reason":"compiler-message","message":{"level":"warning","rendered":"warning: unused","spans":[]}}"#.to_string(),
        ]
        .join("\n");
        let e = errors(&msgs);
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].file.as_str(), e[0].line), ("src/batch.rs", 12));
        assert_eq!(
            short_error(&e[0].rendered),
            "error[E0425]: cannot find value `x` (src/batch.rs:12:5)"
        );
        assert_eq!(short_error("error: no location"), "error: no location");
    }
}
