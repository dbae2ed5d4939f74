//! The conformance check of `cargo xtask verify`: every compiled strategy of account-hash's
//! list (every backend of those that have several) on every account of a file, both
//! digests, against the expected digests the file carries and an expected LtHash total.
//! Pure functions of the accounts; reading the file and printing are the command's.

use account_hash::strategy::list;
use account_hash::{
    AccountHasher, AccountRecord, BatchHasher, DigestBytes, IntoLtLanes, LtAccumulator, LtChecksum,
    LtHash, StrategyEntry, StrategyVisitor,
};
use serde::Serialize;

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
    pub fn variant_cell(&self) -> &str {
        self.variant.as_deref().unwrap_or("-")
    }

    /// Whether the row is not a failed consensus claim.
    pub fn passes(&self) -> bool {
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
    let variant = hasher.variant().map(|v| v.to_string());
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
