//! `cargo xtask verify`'s table of a [`Report`]: columns aligned, then the notes.

use crate::analysis::verify::Report;

/// The table `cargo xtask verify` prints: the vectors' count, a line per strategy x digest,
/// where a consensus strategy first went wrong and each one's LtHash total.
pub fn table(report: &Report) -> String {
    let mut out = format!("{} vectors\n", report.vectors);
    out.push_str(&aligned(&table_lines(report)));
    out.push_str(&mismatch_notes(report));
    out.push_str(&total_notes(report));
    out
}

/// The header and one line per strategy x digest.
fn table_lines(report: &Report) -> Vec<[String; 6]> {
    let header = [
        "strategy",
        "variant",
        "digest",
        "matched",
        "mismatched",
        "verdict",
    ];
    let mut lines: Vec<[String; 6]> = vec![header.map(str::to_string)];
    for r in &report.strategies {
        let verdict = match (r.claims_consensus, r.verdict) {
            (true, v) => v.to_string(),
            (false, "INCOMPATIBLE") => "INCOMPATIBLE (expected: different byte order)".into(),
            (false, v) => format!("{v} (does not claim consensus)"),
        };
        lines.push([
            r.strategy.to_string(),
            r.variant_cell().to_string(),
            r.digest.to_string(),
            r.matched.to_string(),
            r.mismatched.to_string(),
            verdict,
        ]);
    }
    lines
}

/// Columns padded to their widest cell, a rule under the header.
fn aligned(lines: &[[String; 6]]) -> String {
    let widths: Vec<usize> = (0..6)
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        let cells: Vec<String> = l
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            out.push_str(&rule.join("  "));
            out.push('\n');
        }
    }
    out
}

/// Where a consensus strategy first went wrong.
fn mismatch_notes(report: &Report) -> String {
    report
        .strategies
        .iter()
        .filter(|r| r.mismatched > 0 && r.claims_consensus)
        .map(|r| {
            format!(
                "{} {} {}: first mismatching lines {:?}\n",
                r.strategy,
                r.variant_cell(),
                r.digest,
                r.first_mismatch_lines
            )
        })
        .collect()
}

/// Each consensus strategy's LtHash total, judged against `--lt-total`.
fn total_notes(report: &Report) -> String {
    let mut out = String::new();
    for r in report.strategies.iter().filter(|r| r.claims_consensus) {
        if let Some(total) = &r.total_checksum {
            let judged = match r.total_matched {
                Some(true) => "matches --lt-total",
                Some(false) => "DIFFERS from --lt-total",
                None => "not checked (no --lt-total)",
            };
            out.push_str(&format!(
                "lt total {} {}: {total} ({judged})\n",
                r.strategy,
                r.variant_cell()
            ));
        }
    }
    out
}
