//! `cargo xtask verify --vectors FILE [--json] [--lt-total BASE58]`: runs every compiled
//! strategy on every account of FILE and says which keep the consensus digest.
//!
//! Exit status: 0 when every strategy that claims the consensus digest matched every vector
//! (and the expected LtHash total, when given), 1 when one did not, 2 on unreadable input.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use account_hash::strategy::list;
use account_hash::{
    AccountHasher, AccountRecord, BatchHasher, DigestBytes, IntoLtLanes, LtAccumulator, LtChecksum,
    LtHash, StrategyEntry, StrategyVisitor,
};
use clap::Args;
use serde::Serialize;

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

/// One strategy × digest over the whole file.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Row {
    pub strategy: &'static str,
    /// `cap=200`, a backend; `None` (JSON `null`, `-` in the table) when there is none.
    pub variant: Option<String>,
    pub digest: &'static str,
    pub claims_consensus: bool,
    pub matched: usize,
    pub mismatched: usize,
    /// `consensus` or `INCOMPATIBLE`.
    pub verdict: &'static str,
    /// Lines of the first few mismatching accounts.
    pub first_mismatch_lines: Vec<usize>,
    /// `lt` rows: checksum of every account's LtHash mixed in, in file order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_checksum: Option<String>,
    /// `lt` rows: whether that total equals `--lt-total` (absent when not given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_matched: Option<bool>,
}

impl Row {
    /// The variant as the table shows it.
    fn variant_cell(&self) -> &str {
        self.variant.as_deref().unwrap_or("-")
    }

    fn passes(&self) -> bool {
        !self.claims_consensus || (self.mismatched == 0 && self.total_matched != Some(false))
    }
}

#[derive(Serialize, Debug)]
pub struct Report {
    pub vectors: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lt_total_expected: Option<String>,
    pub strategies: Vec<Row>,
}

fn tally(
    strategy: &'static str,
    variant: Option<String>,
    digest: &'static str,
    claims_consensus: bool,
    outcomes: impl Iterator<Item = (usize, bool)>,
) -> Row {
    let (mut matched, mut mismatched, mut first_mismatch_lines) = (0, 0, Vec::new());
    for (line, ok) in outcomes {
        if ok {
            matched += 1;
        } else {
            mismatched += 1;
            if first_mismatch_lines.len() < 5 {
                first_mismatch_lines.push(line);
            }
        }
    }
    let verdict = if mismatched == 0 && matched > 0 {
        "consensus"
    } else if mismatched == 0 {
        // Account storage carries no expected digest per account.
        "not checked (no expected digests)"
    } else {
        "INCOMPATIBLE"
    };
    Row {
        strategy,
        variant,
        digest,
        claims_consensus,
        matched,
        mismatched,
        verdict,
        first_mismatch_lines,
        total_checksum: None,
        total_matched: None,
    }
}

/// Both digest rows of one strategy.
fn check<H>(hasher: H, records: &[AccountRecord], lt_total: Option<LtChecksum>) -> [Row; 2]
where
    H: AccountHasher,
    H::Lt: IntoLtLanes,
{
    let variant = hasher.variant();
    let legacy = tally(
        H::STRATEGY,
        variant.clone(),
        "legacy",
        H::CONSENSUS,
        records.iter().filter_map(|r| {
            let expected = r.expected_hash?;
            Some((
                r.line,
                hasher.hash(&r.account.as_ref()).digest_bytes() == expected.0,
            ))
        }),
    );
    let mut total = LtHash::identity();
    let mut outcomes = Vec::with_capacity(records.len());
    for r in records {
        let lt = hasher.lt_hash(&r.account.as_ref());
        if let Some(expected) = r.expected_lt_checksum {
            outcomes.push((r.line, lt.digest_bytes() == expected.0));
        }
        total.mix_in(&lt.into_lt_lanes());
    }
    let mut lt = tally(
        H::STRATEGY,
        variant,
        "lt",
        H::CONSENSUS,
        outcomes.into_iter(),
    );
    let checksum = total.checksum();
    lt.total_checksum = Some(checksum.to_string());
    lt.total_matched = lt_total.map(|expected| expected == checksum);
    if lt.total_matched == Some(false) {
        lt.verdict = "INCOMPATIBLE";
    }
    [legacy, lt]
}

/// A many-accounts strategy as it is meant to be used: all accounts through `hash_batch`,
/// the LtHash total through one accumulator; per-account LtHashes as batches of one.
fn check_batch<B>(batch: B, records: &[AccountRecord], lt_total: Option<LtChecksum>) -> [Row; 2]
where
    B: BatchHasher + Clone,
    B::Lt: IntoLtLanes,
{
    let accounts: Vec<_> = records.iter().map(|r| r.account.as_ref()).collect();
    let mut hashes = vec![account_hash::AccountHash::ZERO; accounts.len()];
    let [mut legacy, mut lt] = check(batch.clone(), records, None);
    if batch.hash_batch(&accounts, &mut hashes).is_ok() {
        legacy = tally(
            B::STRATEGY,
            legacy.variant.clone(),
            "legacy",
            B::CONSENSUS,
            records
                .iter()
                .zip(&hashes)
                .filter_map(|(r, got)| Some((r.line, *got == r.expected_hash?))),
        );
    }
    let mut acc = batch.lt_accumulator();
    for account in &accounts {
        acc.add(account);
    }
    let checksum = acc.finish().checksum();
    lt.total_checksum = Some(checksum.to_string());
    lt.total_matched = lt_total.map(|expected| expected == checksum);
    if lt.total_matched == Some(false) {
        lt.verdict = "INCOMPATIBLE";
    }
    [legacy, lt]
}

/// Collects the rows of every strategy instance in account-hash's list.
struct Verify<'a> {
    records: &'a [AccountRecord],
    lt_total: Option<LtChecksum>,
    rows: Vec<Row>,
}

impl StrategyVisitor for Verify<'_> {
    fn per_account<H>(&mut self, _: &StrategyEntry, hasher: H)
    where
        H: AccountHasher,
        H::Lt: IntoLtLanes,
    {
        self.rows.extend(check(hasher, self.records, self.lt_total));
    }

    fn batch<B>(&mut self, _: &StrategyEntry, batch: B)
    where
        B: BatchHasher + Clone,
        B::Lt: IntoLtLanes,
    {
        self.rows
            .extend(check_batch(batch, self.records, self.lt_total));
    }
}

/// Every compiled strategy (every backend of those that have several), both digests.
pub fn verify_records(records: &[AccountRecord], lt_total: Option<LtChecksum>) -> Vec<Row> {
    let mut verify = Verify {
        records,
        lt_total,
        rows: Vec::new(),
    };
    list::visit(&mut verify);
    let mut rows = verify.rows;
    // Consensus rows first, then the rest; legacy before lt within each.
    rows.sort_by_key(|r| (!r.claims_consensus, r.digest != "legacy"));
    rows
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
