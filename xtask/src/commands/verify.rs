//! `cargo xtask verify --vectors FILE [--json] [--lt-total BASE58]`: runs every compiled
//! strategy on every account of FILE and says which keep the consensus digest.
//!
//! Exit status: 0 when every strategy that claims the consensus digest matched every vector
//! (and the expected LtHash total, when given), 1 when one did not, 2 on unreadable input.

use std::path::PathBuf;
use std::process::ExitCode;

use account_hash::LtChecksum;
use clap::Args;
use lab_report::analysis::verify::{verify_records, Report, Row};
use lab_report::record::accounts::read_records;
use lab_report::render::verify::table;

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

pub fn run(args: VerifyArgs) -> ExitCode {
    let expected_total = match args.lt_total.as_deref().map(str::parse::<LtChecksum>) {
        None => None,
        Some(Ok(total)) => Some(total),
        Some(Err(e)) => {
            eprintln!("error: --lt-total: {e}");
            return ExitCode::from(2);
        }
    };
    let records = match read_records(&args.vectors, &mut |line| eprintln!("{line}")) {
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
        print!("{}", table(&report));
    }
    if report.strategies.iter().all(Row::passes) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
