//! Run metadata: CPU model and SIMD features, rustc, git commit, host name, OS; the
//! timestamps are `lab_report::record::time`, blake3's version
//! `lab_report::record::cargo::locked_version`.

use std::process::Command;

pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| format!("unknown ({})", std::env::consts::ARCH))
}

/// SIMD features the CPU reports at run time (what BLAKE3's dispatcher can use).
pub fn cpu_features() -> Vec<String> {
    #[allow(unused_mut)]
    let mut f: Vec<&str> = Vec::new();
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        macro_rules! probe {
            ($($name:tt),*) => {$(
                if std::is_x86_feature_detected!($name) {
                    f.push($name);
                }
            )*};
        }
        probe!(
            "sse2", "ssse3", "sse4.1", "sse4.2", "avx", "avx2", "avx512f", "avx512bw", "avx512vl",
            "bmi2"
        );
    }
    #[cfg(target_arch = "aarch64")]
    {
        if std::arch::is_aarch64_feature_detected!("neon") {
            f.push("neon");
        }
    }
    f.into_iter().map(String::from).collect()
}

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

pub fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    output(&rustc, &["-V"]).unwrap_or_else(|| "rustc (unknown)".into())
}

/// `abc123def456`, with `+dirty` when tracked files have uncommitted changes.
pub fn git_commit() -> String {
    match output("git", &["rev-parse", "--short=12", "HEAD"]) {
        Some(c) => {
            let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{c}+dirty")
            } else {
                c
            }
        }
        None => "unknown (not a git checkout)".into(),
    }
}

/// The host name: /etc/hostname, else `hostname`, else `unknown`.
pub fn hostname() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| output("hostname", &[]).filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "unknown".into())
}

pub fn os() -> String {
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|s| format!(" {}", s.trim()))
        .unwrap_or_default();
    format!(
        "{} {}{kernel}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

pub use lab_report::record::time::{compact, rfc3339};
