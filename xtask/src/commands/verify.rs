//! `cargo xtask verify --vectors FILE [--json] [--lt-total BASE58]`: runs every compiled
//! strategy on every account of FILE and says which keep the consensus digest.
//!
//! Exit status: 0 when every strategy that claims the consensus digest matched every vector
//! (and the expected LtHash total, when given), 1 when one did not, 2 on unreadable input.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use account_hash::{AccountRecord, LtChecksum};
use clap::Args;
use lab_report::analysis::verify::{verify_records, Report, Row};

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Accounts with expected digests: JSON lines, a JSON array, or an RPC response; or
    /// account storage (a `<slot>.<id>` file, a directory, a `.tar.zst` snapshot archive),
    /// without expected digests per account (check the total with `--lt-total`).
    #[arg(long, value_name = "FILE")]
    pub vectors: PathBuf,
    /// Print exactly one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Expected checksum (base58) of the LtHash of all accounts mixed in, in file order
    /// (for the repository's vectors, crates/account-hash/tests/data/accounts.jsonl:
    /// `6FxWX3tZcTgb7agG81JiU2YFGRQE5xqnn6eNdXCu9o5T`).
    #[arg(long, value_name = "BASE58")]
    pub lt_total: Option<String>,
}

fn render_table(report: &Report) -> String {
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

/// The accounts of `path`: RPC JSON with its expected digests, or account storage (a
/// storage file, a directory, a snapshot archive), whose accounts carry none: only
/// `--lt-total` is then checked.
fn read_records(path: &Path) -> Result<Vec<AccountRecord>, account_hash::InputError> {
    if account_hash::snapshot::storage_kind(path).is_none() {
        return account_hash::read_accounts(path);
    }
    let read = account_hash::snapshot::read_storage_accounts(path, None)?;
    for w in &read.warnings {
        eprintln!("warning: {w}");
    }
    Ok(read
        .accounts
        .into_iter()
        .enumerate()
        .map(|(i, account)| AccountRecord {
            account,
            expected_hash: None,
            expected_lt_checksum: None,
            line: i + 1,
        })
        .collect())
}

pub fn run(args: VerifyArgs) -> ExitCode {
    let expected_total = match args.lt_total.as_deref().map(str::parse::<LtChecksum>) {
        None => None,
        Some(Ok(total)) => Some(total),
        Some(Err(e)) => {
            eprintln!("error: --lt-total: {e}");
            return ExitCode::from(2);
        }
    };
    let records = match read_records(&args.vectors) {
        Ok(records) if records.is_empty() => {
            eprintln!("error: {}: no accounts in file", args.vectors.display());
            return ExitCode::from(2);
        }
        Ok(records) => records,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let report = Report {
        vectors: records.len(),
        lt_total_expected: expected_total.map(|t| t.to_string()),
        strategies: verify_records(&records, expected_total),
    };
    if args.json {
        match serde_json::to_string(&report) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("error: cannot encode the report: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        print!("{}", render_table(&report));
    }
    if report.strategies.iter().all(Row::passes) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
