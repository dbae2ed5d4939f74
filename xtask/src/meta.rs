//! Run metadata: CPU model and SIMD features, rustc, git commit, blake3 version, time.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

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

/// Seconds since the epoch as RFC 3339 UTC (`2026-11-29T20:15:03Z`).
pub fn rfc3339(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = civil(t);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// Compact form for run ids (`20261129T201503Z`).
pub fn compact(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = civil(t);
    format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
}

/// UTC calendar fields (Howard Hinnant's days-to-civil algorithm).
fn civil(t: SystemTime) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        m,
        d,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_format_as_rfc3339() {
        let t = UNIX_EPOCH + Duration::from_secs(1_796_000_000);
        assert_eq!(rfc3339(t), "2026-11-30T00:53:20Z");
        assert_eq!(compact(UNIX_EPOCH), "19700101T000000Z");
        assert_eq!(
            rfc3339(UNIX_EPOCH + Duration::from_secs(951_782_400)),
            "2000-02-29T00:00:00Z"
        );
    }

    #[test]
    fn reads_versions_from_a_lock_file() {
        let dir = std::env::temp_dir().join(format!("xtask-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lock = dir.join("Cargo.lock");
        std::fs::write(
            &lock,
            "[[package]]\nname = \"blake3\"\nversion = \"1.8.7\"\nsource = \"x\"\n",
        )
        .unwrap();
        assert_eq!(locked_version(&lock, "blake3").as_deref(), Some("1.8.7"));
        assert_eq!(locked_version(&lock, "nope"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
