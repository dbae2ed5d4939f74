//! Number formatting the way criterion prints it (`345.00 ns`, `1.4295 µs`, `680.01 MiB/s`),
//! so the report reads like the seed's own criterion output.

use lab_record::{Ratio, Verdict};

/// Four significant digits, criterion's `short` format.
pub fn short(n: f64) -> String {
    if n < 10.0 {
        format!("{n:.4}")
    } else if n < 100.0 {
        format!("{n:.3}")
    } else if n < 1000.0 {
        format!("{n:.2}")
    } else if n < 10000.0 {
        format!("{n:.1}")
    } else {
        format!("{n:.0}")
    }
}

/// A duration given in nanoseconds.
pub fn time_ns(ns: f64) -> String {
    if ns < 1.0 {
        format!("{} ps", short(ns * 1e3))
    } else if ns < 1e3 {
        format!("{} ns", short(ns))
    } else if ns < 1e6 {
        format!("{} µs", short(ns / 1e3))
    } else if ns < 1e9 {
        format!("{} ms", short(ns / 1e6))
    } else {
        format!("{} s", short(ns / 1e9))
    }
}

/// Bytes per second in binary units, as criterion's `Throughput::Bytes`.
pub fn bytes_per_sec(bps: f64) -> String {
    const K: f64 = 1024.0;
    if bps < K {
        format!("{} B/s", short(bps))
    } else if bps < K * K {
        format!("{} KiB/s", short(bps / K))
    } else if bps < K * K * K {
        format!("{} MiB/s", short(bps / (K * K)))
    } else {
        format!("{} GiB/s", short(bps / (K * K * K)))
    }
}

/// Elements (accounts, items) per second, as criterion's `Throughput::Elements`.
pub fn elems_per_sec(eps: f64, unit: &str) -> String {
    if eps < 1e3 {
        format!("{} {unit}/s", short(eps))
    } else if eps < 1e6 {
        format!("{} K{unit}/s", short(eps / 1e3))
    } else if eps < 1e9 {
        format!("{} M{unit}/s", short(eps / 1e6))
    } else {
        format!("{} G{unit}/s", short(eps / 1e9))
    }
}

/// A data size: `0 B`, `165 B`, `1 KiB`, `10 MiB`.
pub fn size(bytes: u64) -> String {
    const K: u64 = 1024;
    if bytes >= K * K && bytes.is_multiple_of(K * K) {
        format!("{} MiB", bytes / (K * K))
    } else if bytes >= K && bytes.is_multiple_of(K) {
        format!("{} KiB", bytes / K)
    } else {
        format!("{bytes} B")
    }
}

/// A signed percentage with criterion's four-digit style: `+5.1817%`.
pub fn pct(fraction: f64) -> String {
    let p = fraction * 100.0;
    let sign = if p >= 0.0 { "+" } else { "-" };
    format!("{sign}{}%", short(p.abs()))
}

/// Byte count for memory figures.
pub fn bytes(n: u64) -> String {
    const K: u64 = 1024;
    if n < K {
        format!("{n} B")
    } else if n < K * K {
        format!("{:.1} KiB", n as f64 / K as f64)
    } else {
        format!("{:.1} MiB", n as f64 / (K * K) as f64)
    }
}

/// Minutes and seconds: `3:07`.
pub fn clock(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// Three significant digits: `1.27`, `12.7`, `127`.
pub fn sig(x: f64) -> String {
    if x >= 99.95 {
        format!("{x:.0}")
    } else if x >= 9.995 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// A ratio `time / current` in a reader's words: `1.27x faster (1.25-1.30)`.
pub fn speed_up_text(r: &Ratio, v: Verdict) -> String {
    let (s, lo, hi) = (1.0 / r.estimate, 1.0 / r.upper, 1.0 / r.lower);
    match v {
        Verdict::Faster => format!("{}x faster ({}-{})", sig(s), sig(lo), sig(hi)),
        Verdict::Slower => format!(
            "{}x slower ({}-{})",
            sig(r.estimate),
            sig(r.lower),
            sig(r.upper)
        ),
        Verdict::Equal => format!("same speed ({}x-{}x)", sig(lo), sig(hi)),
        Verdict::Undecided => format!("undecided: {}x ({}x-{}x)", sig(s), sig(lo), sig(hi)),
    }
}

/// A ratio `time / reference` as a speed-up and its interval, with no verdict:
/// `1.26x (1.12-1.42)`.
pub fn speed_up_range(r: &Ratio) -> String {
    format!(
        "{}x ({}-{})",
        sig(1.0 / r.estimate),
        sig(1.0 / r.upper),
        sig(1.0 / r.lower)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_criterion() {
        assert_eq!(time_ns(345.0), "345.00 ns");
        assert_eq!(time_ns(1429.5), "1.4295 µs");
        assert_eq!(time_ns(2_664_800.0), "2.6648 ms");
        assert_eq!(bytes_per_sec(680.01 * 1024.0 * 1024.0), "680.01 MiB/s");
        assert_eq!(
            bytes_per_sec(3.6202 * 1024.0 * 1024.0 * 1024.0),
            "3.6202 GiB/s"
        );
        assert_eq!(pct(0.051817), "+5.1817%");
        assert_eq!(pct(-0.001373), "-0.1373%");
        assert_eq!(size(10 * 1024 * 1024), "10 MiB");
        assert_eq!(size(165), "165 B");
        assert_eq!(size(1024), "1 KiB");
        assert_eq!(clock(187.4), "3:07");
    }
}
