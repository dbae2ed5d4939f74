//! The typed record of a hashlab lab run, shared by bench-lab (which describes and counts
//! benchmarks) and xtask (which plans, records, analyses and renders them).
//!
//! One benchmark identity ([`BenchId`]: family, digest, strategy, optional variant, typed
//! [`Workload`]), one description ([`BenchMeta`]), one result row ([`Record`]) and the file
//! that holds a run ([`ResultsFile`], `reports/<run-id>/results.json`, schema [`SCHEMA`]).
//! The JSON field names are fixed: scripts and merged reports read them (see
//! `docs/results-format.md`). Reading goes through [`serde_path_to_error`], so a bad file
//! is reported with its line and the path of the field, for example
//! ``results.json:12:27: field `results[3].ns_per_iter.lower`: ...``.

#![forbid(unsafe_code)]

pub mod ab;
pub mod callgrind;
pub mod floor_rows;
pub mod fuzz_targets;
pub mod identity;
pub mod mix;
pub mod paired;
pub mod peer_path;
pub mod process;
pub mod schema;
pub mod sequential;

pub use ab::{AbFailed, AbFile, AbRow, AbStatus, Revision, AB_FORMAT, AB_VERSION};
pub use peer_path::PeerPath;
pub use variant::{AaCopy, Setting, Staging, Storage, Variant};

use serde::{de::DeserializeOwned, Deserialize, Deserializer, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Version of the results format this crate writes. Schema 3 has the paired verdict
/// `undecided`, and its `equal` means the whole interval lies within the sequential design's
/// margin. Schema 2 (whose `equal` meant "inside the A/A band") is still read as it is;
/// schema 1 (variant `"-"`, untyped workload, no `isa`/`paired`/`machine`) is refused with
/// an explanation.
pub const SCHEMA: u64 = 3;

/// The oldest schema this crate still reads.
pub const OLDEST_READ_SCHEMA: u64 = 2;

/// The environment of every timed lab process (criterion runs and the paired pass's
/// children): glibc's mmap and trim thresholds at 1 GiB. By default glibc returns large
/// freed buffers to the kernel, so a benchmark that allocates megabytes per iteration
/// page-faults them back every time; with both thresholds raised it measures the steady
/// state of a long-running process, where freed memory is reused. No effect on benchmarks
/// that do not allocate.
pub const GLIBC_MALLOC_ENV: [(&str, &str); 2] = [
    ("MALLOC_MMAP_THRESHOLD_", "1073741824"),
    ("MALLOC_TRIM_THRESHOLD_", "1073741824"),
];

/// Declares a closed set of names that serialise as fixed strings.
macro_rules! names {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vdoc])* #[serde(rename = $text)] $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The fixed name, as written in results.json.
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<std::ffi::OsStr> for $name {
            fn as_ref(&self) -> &std::ffi::OsStr {
                self.as_str().as_ref()
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(format!(
                        "unknown {} `{s}` (expected one of: {})",
                        stringify!($name),
                        [$($text),+].join(", ")
                    )),
                }
            }
        }
    };
}

// Declared after `names!`, which it uses.
pub mod variant;

names! {
    /// Which table of the report a benchmark belongs to.
    Family {
        /// The legacy 32-byte account hash, per account and batched.
        AccountHash = "account-hash",
        /// The accounts lattice hash (SIMD-0215).
        LtHash = "lt-hash",
        /// 256-bit per-item accumulators.
        Accumulator = "accumulator",
        /// Set reconciliation (negentropy v1) scenarios.
        Reconcile = "reconcile",
    }
}

names! {
    /// What the measured code produces.
    Digest {
        /// The 32-byte account hash.
        Legacy = "legacy",
        /// The 2048-byte lattice hash.
        Lt = "lt",
        /// A 256-bit sum of 32-byte ids.
        Sum256 = "sum256",
        /// A reconciliation's have/need id lists.
        HaveNeed = "have-need",
        /// BLAKE3 of raw blocks, checked against the blake3 crate (the `limit` row).
        Blake3 = "blake3",
    }
}

names! {
    /// Which criterion statistic a time is.
    Statistic {
        /// Linear regression over iteration counts (criterion's default for short benches).
        Slope = "slope",
        /// Mean of the samples (one iteration per sample, or when no slope was fitted).
        Mean = "mean",
    }
}

names! {
    /// How a run ended.
    Status {
        /// Still measuring (a file written mid-run).
        Running = "running",
        /// Every planned benchmark was measured.
        Complete = "complete",
        /// Some benchmark failed; see `missing`.
        Incomplete = "incomplete",
        /// Stopped by a signal; what was measured is kept.
        Interrupted = "interrupted",
    }
}

names! {
    /// The widest instruction set a row's hashing code may use.
    Isa {
        /// No SIMD.
        Portable = "portable",
        /// SSE4.1 (4 lanes of 32 bits).
        Sse41 = "sse41",
        /// AVX2 (8 lanes).
        Avx2 = "avx2",
        /// AVX-512 F+BW (16 lanes).
        Avx512 = "avx512",
    }
}

names! {
    /// A paired comparison's conclusion.
    Verdict {
        /// The row's interval lies below `1 / (1 + band)`.
        Faster = "faster",
        /// The row's interval lies above `1 + band`.
        Slower = "slower",
        /// The interval lies within the design's equality margin (and the band does too):
        /// no difference that matters (`lab_record::sequential::decide`).
        Equal = "equal",
        /// None of the above within the run's budget: the interval straddles the band's or
        /// the margin's edge; the report gives the smallest effect it excludes.
        Undecided = "undecided",
    }
}

names! {
    /// How long a run measures: the `--profile` of bench-all and the lab.
    Profile {
        /// Every benchmark briefly (CI): checks that everything runs.
        Smoke = "smoke",
        /// The default: short criterion runs, verdicts from the paired pass.
        Quick = "quick",
        /// Criterion's defaults and the full paired pass.
        Full = "full",
    }
}

names! {
    /// What a row is to the table that compares its strategies (`BenchMeta::role`).
    Role {
        /// The row its table compares against: the validator's current code
        /// (`copy-buffer cap=200`) for the account hashes, the relay's current code for
        /// the others.
        Baseline = "baseline",
        /// The code the seed's pull requests replaced (`copy-buffer cap=47`,
        /// `peer:negentropy@0.4`): the "before" of the seed's before and after.
        Previous = "previous",
        /// Any other strategy, variant or peer.
        Candidate = "candidate",
        /// The A/A control: the baseline measured against a separate copy of itself.
        Control = "control",
    }
}

impl Role {
    /// The role of a row written before rows carried one (no `role` field): what the
    /// lab of that time meant by its `baseline` flag and its names. `baseline` is the
    /// row's flag, `None` where the row has none (a `missing` entry), in which case the
    /// seed's baseline name stands for it. The one place a role is read from names.
    pub fn of_older_row(baseline: Option<bool>, id: &BenchId) -> Role {
        let named = |strategy: &str, setting: Setting| {
            id.strategy == strategy && id.variant == Some(setting.into())
        };
        let capacity = |strategy, cap| named(strategy, Setting::Capacity(cap));
        let release = Setting::Release { major: 0, minor: 4 };
        if baseline.unwrap_or_else(|| capacity("copy-buffer", 200)) {
            Role::Baseline
        } else if id.variant.is_some_and(|v| v.is_aa_copy()) {
            Role::Control
        } else if capacity("copy-buffer", 47) || named("peer:negentropy", release) {
            Role::Previous
        } else {
            Role::Candidate
        }
    }
}

names! {
    /// The kind of a [`Workload`]: the part of `kind/param` before the slash.
    WorkloadKind {
        /// One account of `param` bytes of data, hashed again and again.
        DataSize = "data_size",
        /// copy-buffer's capacities at one data size.
        CapSweep = "cap_sweep",
        /// `param` accounts drawn from the documented mainnet size mix.
        MainnetMix = "mainnet_mix",
        /// 1024 accounts of `param` bytes, their LtHashes summed.
        Set1024 = "set_1024",
        /// The accounts of the user's file `param` (its stem).
        UserAccounts = "user_accounts",
        /// `param` 32-byte ids added into an accumulator.
        Adds = "adds",
        /// `param` BLAKE3 compressions of raw blocks (the floor's `limit` row).
        Compression = "compression",
        /// `param` accounts of the mix hashed across threads.
        RayonMix = "rayon_mix",
        /// The client's first reconcile message over `param` items.
        ClientBuildReconcile = "client_build_reconcile",
        /// A whole reconciliation over `param` items.
        FullExchange = "full_exchange",
        /// As client_build_reconcile, with account hashes as ids.
        ClientBuildReconcileAccountIds = "client_build_reconcile_account_ids",
        /// As full_exchange, with account hashes as ids.
        FullExchangeAccountIds = "full_exchange_account_ids",
        /// 1,024 vote accounts (3762 bytes of data each), no parameter.
        Vote1024 = "vote_1024",
        /// A set of 1,024 accounts of `param` bytes of data (the size ladder).
        SizeLadder = "size_ladder",
        /// One slot's `param` writes: each account's old LtHash mixed out, its new one in.
        SlotDelta = "slot_delta",
        /// `param` additions in one dependent chain (the floors' clock: about one cycle each).
        DependentAdd = "dependent_add",
        /// One vector operation `param` (`add`, `xor`, `rotate`, `shift`, `shuffle`) as
        /// independent chains: time per operation is its reciprocal throughput (the
        /// `port-limit` rows).
        OpThroughput = "op_throughput",
        /// One vector operation `param` as one dependent chain: time per operation is its
        /// latency (the `port-limit` rows).
        OpLatency = "op_latency",
        /// A fresh LtHash accumulator per call, hashing `param` accounts of 165 bytes of
        /// data (the few accounts one call of the validator's replay hashes).
        AccountsPerCall = "accounts_per_call",
        /// `param` precomputed LtHashes mixed into a fresh accumulator.
        MixIn = "mix_in",
    }
}

/// What a benchmark runs on: a kind ([`WorkloadKind`]: `data_size`, `cap_sweep`,
/// `mainnet_mix`, `set_1024`, `user_accounts`, ...) and its parameter (`165`, `100000`, a
/// file stem). Written as `kind/param` in results.json; a workload with no parameter is
/// written as its kind. A kind outside [`WorkloadKind`] is refused when read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Workload {
    pub kind: WorkloadKind,
    pub param: String,
}

impl Workload {
    pub fn new(kind: WorkloadKind, param: impl fmt::Display) -> Self {
        Workload {
            kind,
            param: param.to_string(),
        }
    }

    /// The parameter as a number, when it is one.
    pub fn param_u64(&self) -> Option<u64> {
        self.param.parse().ok()
    }

    pub fn is(&self, kind: WorkloadKind) -> bool {
        self.kind == kind
    }
}

/// Ordered as the text `kind/param` sorts (kind name, then parameter), not by the
/// declaration order of [`WorkloadKind`], so sorted ids keep the order of their strings.
impl Ord for Workload {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.kind.as_str(), &self.param).cmp(&(other.kind.as_str(), &other.param))
    }
}

impl PartialOrd for Workload {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.param.is_empty() {
            f.write_str(self.kind.as_str())
        } else {
            write!(f, "{}/{}", self.kind, self.param)
        }
    }
}

impl FromStr for Workload {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (kind, param) = s.split_once('/').unwrap_or((s, ""));
        if kind.is_empty() || kind.contains(char::is_whitespace) {
            return Err(format!(
                "`{s}` is not a workload (expected kind/param, e.g. data_size/165)"
            ));
        }
        let kind = kind
            .parse::<WorkloadKind>()
            .map_err(|e| format!("`{s}` is not a workload: {e}"))?;
        Ok(Workload::new(kind, param))
    }
}

impl Serialize for Workload {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Workload {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The identity of a benchmark: the same in every run, on every machine.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BenchId {
    pub family: Family,
    pub digest: Digest,
    /// `copy-buffer`, `streaming`, `meta-first`, `batch`, `lane-xof`, `peer:<crate>`, ...
    pub strategy: String,
    /// `cap=200`, `avx2`, ...; `None` when the strategy has no variants (JSON `null`).
    pub variant: Option<Variant>,
    pub workload: Workload,
}

/// Criterion's full id ([`BenchId::criterion_id`]).
impl fmt::Display for BenchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.family, self.function(), self.workload)
    }
}

impl BenchId {
    /// Criterion's function name: `copy-buffer@cap=200`, `streaming`.
    pub fn function(&self) -> String {
        match self.variant {
            Some(v) => format!("{}@{v}", self.strategy),
            None => self.strategy.clone(),
        }
    }

    /// `lt-hash/<strategy>/data_size/165`: an id for tests and examples that need ids but
    /// no registry.
    #[doc(hidden)]
    pub fn sample(strategy: &str) -> BenchId {
        BenchId {
            family: Family::LtHash,
            digest: Digest::Lt,
            strategy: strategy.into(),
            variant: None,
            workload: Workload::new(WorkloadKind::DataSize, 165),
        }
    }

    /// Criterion's full id: `<family>/<function>/<workload>` (also its `Display`).
    pub fn criterion_id(&self) -> String {
        self.to_string()
    }

    /// `copy-buffer cap=200`: the name a reader sees.
    pub fn label(&self) -> String {
        match self.variant {
            Some(v) => format!("{} {v}", self.strategy),
            None => self.strategy.clone(),
        }
    }

    /// The key that identifies the same benchmark in two runs (and two machines).
    pub fn key(&self) -> String {
        format!(
            "{}/{}/{}/{}",
            self.family,
            self.digest,
            self.label(),
            self.workload
        )
    }
}

/// What a registered benchmark measures, as bench-lab describes it (`lab list --json`).
/// Written with `role` and, for scripts, `baseline` (`role == baseline`); a row without
/// `role` (older files) gets [`Role::of_older_row`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RawMeta", try_from = "RawMeta")]
pub struct BenchMeta {
    pub id: BenchId,
    /// Account data size in bytes for size-parameterised workloads.
    pub data_size: Option<u64>,
    /// Bytes hashed per iteration.
    pub bytes_per_iter: u64,
    /// Items (accounts, ids, adds) per iteration; at least 1.
    pub items_per_iter: u64,
    /// What the row is to its table: the baseline, the seed's "before", the A/A control
    /// or a candidate.
    pub role: Role,
    /// Whether the strategy claims the consensus digest.
    pub claims_consensus: bool,
    /// Widest instruction set the hashing code may use, when known.
    pub isa: Option<Isa>,
}

impl BenchMeta {
    /// The row its table compares against.
    pub fn is_baseline(&self) -> bool {
        self.role == Role::Baseline
    }
}

/// [`BenchMeta`] as written: `baseline` beside `role`, `role` absent in older files.
#[derive(Serialize, Deserialize)]
struct RawMeta {
    #[serde(flatten)]
    id: BenchId,
    data_size: Option<u64>,
    bytes_per_iter: u64,
    #[serde(deserialize_with = "at_least_one")]
    items_per_iter: u64,
    baseline: bool,
    #[serde(default)]
    role: Option<Role>,
    claims_consensus: bool,
    isa: Option<Isa>,
}

impl From<BenchMeta> for RawMeta {
    fn from(m: BenchMeta) -> Self {
        RawMeta {
            baseline: m.is_baseline(),
            role: Some(m.role),
            id: m.id,
            data_size: m.data_size,
            bytes_per_iter: m.bytes_per_iter,
            items_per_iter: m.items_per_iter,
            claims_consensus: m.claims_consensus,
            isa: m.isa,
        }
    }
}

impl TryFrom<RawMeta> for BenchMeta {
    type Error = String;
    fn try_from(m: RawMeta) -> Result<Self, String> {
        let role = match m.role {
            Some(role) if (role == Role::Baseline) != m.baseline => {
                return Err(format!(
                    "`{}`: field `baseline` is {} but `role` is `{role}`",
                    m.id.criterion_id(),
                    m.baseline
                ))
            }
            Some(role) => role,
            None => Role::of_older_row(Some(m.baseline), &m.id),
        };
        Ok(BenchMeta {
            id: m.id,
            data_size: m.data_size,
            bytes_per_iter: m.bytes_per_iter,
            items_per_iter: m.items_per_iter,
            role,
            claims_consensus: m.claims_consensus,
            isa: m.isa,
        })
    }
}

/// A `criterion_id` as read, against the one its entry's identity gives.
fn check_criterion_id(written: &str, expected: String) -> Result<(), String> {
    if written == expected {
        return Ok(());
    }
    Err(format!(
        "criterion_id `{written}` is not the criterion id of the benchmark (`{expected}`)"
    ))
}

/// One row of `lab list --json`: a benchmark and what bench-all needs to plan it. Written
/// with its `criterion_id` (its id's), which reading checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RawPlanned", try_from = "RawPlanned")]
pub struct Planned {
    pub meta: BenchMeta,
    /// The profile's expected wall time for it (progress and ETA).
    pub expected_secs: f64,
    /// BLAKE3 compressions per item, where the floor is a compression count.
    pub compressions_per_item: Option<f64>,
}

/// [`Planned`] as written, with its `criterion_id`.
#[derive(Clone, Serialize, Deserialize)]
struct RawPlanned {
    criterion_id: String,
    #[serde(flatten)]
    meta: BenchMeta,
    expected_secs: f64,
    compressions_per_item: Option<f64>,
}

impl From<Planned> for RawPlanned {
    fn from(p: Planned) -> Self {
        RawPlanned {
            criterion_id: p.criterion_id(),
            meta: p.meta,
            expected_secs: p.expected_secs,
            compressions_per_item: p.compressions_per_item,
        }
    }
}

/// A planned benchmark whose `criterion_id` is not its id's is refused, naming both.
impl TryFrom<RawPlanned> for Planned {
    type Error = String;

    fn try_from(p: RawPlanned) -> Result<Self, String> {
        check_criterion_id(&p.criterion_id, p.meta.id.criterion_id())?;
        Ok(Planned {
            meta: p.meta,
            expected_secs: p.expected_secs,
            compressions_per_item: p.compressions_per_item,
        })
    }
}

impl Planned {
    /// Criterion's id of the benchmark (`--bench --exact` takes it).
    pub fn criterion_id(&self) -> String {
        self.meta.id.criterion_id()
    }

    /// The record of this benchmark measured at `ns_per_iter`; the counted figures, best
    /// sample and comparisons are left empty for the caller to fill in.
    pub fn record(&self, ns_per_iter: Interval, statistic: Statistic) -> Record {
        Record {
            meta: self.meta.clone(),
            ns_per_iter,
            statistic,
            allocs_per_iter: None,
            peak_bytes: None,
            digest_compatible: None,
            compressions_per_item: self.compressions_per_item,
            best_ns_per_iter: None,
            samples: None,
            paired: None,
            control: None,
            aa_twin: None,
            instructions_per_iter: None,
            instructions_isa: None,
            build: None,
        }
    }

    /// This benchmark as planned but not measured, with the reason.
    pub fn missing(&self, reason: &str) -> Missing {
        Missing {
            id: self.meta.id.clone(),
            role: self.meta.role,
            reason: reason.to_string(),
        }
    }
}

/// The whole output of `lab list --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanFile {
    pub profile: Profile,
    /// Cargo features of the lab build that listed them.
    pub features: Vec<String>,
    pub benches: Vec<Planned>,
}

/// One row of `lab allocs --json`: the counted (never timed) pass.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counted {
    /// The benchmark (its fields written inline, as in the plan).
    #[serde(flatten)]
    pub id: BenchId,
    pub iterations: u64,
    pub allocs_per_iter: f64,
    pub peak_bytes: u64,
    /// Whether the output matched the reference digest; `None` where there is none.
    pub digest_compatible: Option<bool>,
}

/// The whole output of `lab allocs --json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CountFile {
    pub profile: Profile,
    pub results: Vec<Counted>,
}

/// A time per iteration in nanoseconds with its confidence interval:
/// `0 < lower <= estimate <= upper` (checked when read).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawInterval")]
pub struct Interval {
    pub estimate: f64,
    pub lower: f64,
    pub upper: f64,
    /// Standard error of the estimate, when known.
    pub std_err: Option<f64>,
    /// Confidence level of `[lower, upper]`, for example 0.95.
    pub confidence: Option<f64>,
}

#[derive(Deserialize)]
struct RawInterval {
    estimate: f64,
    lower: f64,
    upper: f64,
    #[serde(default)]
    std_err: Option<f64>,
    #[serde(default)]
    confidence: Option<f64>,
}

impl TryFrom<RawInterval> for Interval {
    type Error = String;
    fn try_from(r: RawInterval) -> Result<Self, String> {
        if !(r.estimate > 0.0 && r.lower > 0.0 && r.lower <= r.estimate && r.estimate <= r.upper) {
            return Err(format!(
                "interval must satisfy 0 < lower <= estimate <= upper, found [{}, {}, {}]",
                r.lower, r.estimate, r.upper
            ));
        }
        Ok(Interval {
            estimate: r.estimate,
            lower: r.lower,
            upper: r.upper,
            std_err: r.std_err,
            confidence: r.confidence,
        })
    }
}

impl Interval {
    /// Every bound divided by `n` (time per item from time per iteration).
    pub fn per(self, n: f64) -> Interval {
        Interval {
            estimate: self.estimate / n,
            lower: self.lower / n,
            upper: self.upper / n,
            std_err: self.std_err.map(|e| e / n),
            confidence: self.confidence,
        }
    }
}

/// A ratio (this row's time / the baseline's) with its interval (95 % unless its producer
/// says otherwise): the workspace's one ratio type, in the record and in the report's
/// arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratio {
    pub estimate: f64,
    pub lower: f64,
    pub upper: f64,
}

impl Ratio {
    /// As a relative change (`ratio - 1`): lower, estimate, upper.
    pub fn change(&self) -> (f64, f64, f64) {
        (self.lower - 1.0, self.estimate - 1.0, self.upper - 1.0)
    }
}

/// A row compared with its table's baseline, interleaved in one process and sampled over
/// many processes (memory layouts). `B` is how it names the baseline: its [`BenchId`] in the
/// model; its `criterion_id` (`Paired<String>`) as a results file or journal is read, until
/// [`schema`] resolves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "B: schema::BaselineRef", deserialize = "B: From<String>"))]
pub struct Paired<B = BenchId> {
    /// The row this one was compared with; written as its `criterion_id`.
    #[serde(
        serialize_with = "schema::write_baseline",
        deserialize_with = "schema::read_baseline"
    )]
    pub baseline: B,
    /// This row's time / the baseline's; the interval includes the spread across layouts.
    pub ratio: Ratio,
    /// The table's noise band (a fraction, e.g. 0.01), from its A/A control.
    pub band: f64,
    pub verdict: Verdict,
    /// How many fresh processes (layouts) were sampled.
    #[serde(default)]
    pub layouts: Option<u32>,
    /// Standard deviation of the per-layout log ratios.
    #[serde(default)]
    pub layout_sd: Option<f64>,
    /// Smallest and largest per-layout ratio.
    #[serde(default)]
    pub layout_range: Option<[f64; 2]>,
    /// The per-layout mean log ratios, in the order sampled. Every row of one table was
    /// measured in the same processes, so two rows' lists pair index by index: the ratio of
    /// two candidates is itself a paired comparison. Empty in files that do not carry them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layout_log_ratios: Vec<f64>,
    /// For an `undecided` row of the sequential pass: how many processes would decide it
    /// 80 % of the time if its mean ratio and the spreads held ([`sequential::reach`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<sequential::Reach>,
    /// With a second build of the lab that differs only in code placement (bench-all's
    /// placement build, on in the quick and full profiles): the row as each build's
    /// processes alone measured it. The interval above is over both builds' processes, so
    /// it includes what placement moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<PlacementSplit>,
    /// The standard deviations over processes of this row's and of the baseline's own
    /// `ln(ns per item)` ([`paired::RowRun::log_ns_per_item`]), in that order. Criterion's
    /// ratio divides one process's time of the row by another's of the baseline, so it
    /// scatters by both around the paired ratio, where the paired ratio's own spread
    /// (`layout_sd`) cancels what the two share in one process. With two placement
    /// builds, the SDs within a build, pooled (criterion times one build). Absent in older
    /// files, and where fewer than two processes recorded both times.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process_time_sd: Option<[f64; 2]>,
}

/// One row measured by two builds of the lab that differ only in code placement: each
/// build's estimate and verdict, from its own processes alone (the main build first).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlacementSplit {
    pub estimates: [f64; 2],
    pub verdicts: [Verdict; 2],
}

impl PlacementSplit {
    /// Whether the verdict depends on the build: both builds decided it, differently.
    pub fn verdict_depends_on_placement(&self) -> bool {
        let [a, b] = self.verdicts;
        a != b && a != Verdict::Undecided && b != Verdict::Undecided
    }
}

/// Marks a control row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    /// The baseline against a separate copy of itself.
    #[serde(rename = "aa")]
    Aa,
}

/// One measured benchmark: a row of `results`. `B` names the baseline of its `paired`, as
/// in [`Paired`].
///
/// Written with its `criterion_id` ([`Record::criterion_id`]), which reading checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    into = "RawRecord<B>",
    try_from = "RawRecord<B>",
    bound(
        serialize = "B: schema::BaselineRef + Clone, Paired<B>: Serialize",
        deserialize = "B: schema::BaselineRef, Paired<B>: Deserialize<'de>"
    )
)]
pub struct Record<B = BenchId> {
    pub meta: BenchMeta,
    /// Criterion's estimate of the time per iteration, with its confidence interval.
    pub ns_per_iter: Interval,
    pub statistic: Statistic,
    pub allocs_per_iter: Option<f64>,
    pub peak_bytes: Option<u64>,
    /// Claims the consensus digest and matched the reference on this input.
    pub digest_compatible: Option<bool>,
    /// BLAKE3 compressions per item, where the floor is a compression count.
    pub compressions_per_item: Option<f64>,
    /// The fastest of criterion's samples, time per iteration.
    pub best_ns_per_iter: Option<f64>,
    /// How many samples criterion took.
    pub samples: Option<u64>,
    /// The paired comparison with the table's baseline; `None` on baseline rows.
    pub paired: Option<Paired<B>>,
    /// `aa` on A/A control rows; absent otherwise.
    pub control: Option<Control>,
    /// On an A/A control row of a table measured with two A/A twins: which twin, `1` or
    /// `2` (the second's id is [`BenchId::aa_twin`]`(2)`'s). Each twin's `paired` is judged
    /// against the *other* twin's band. Absent on a table's one A/A control (files written
    /// before the twins) and on every other row.
    pub aa_twin: Option<u32>,
    /// Instructions per iteration, counted under valgrind; `None` when not counted.
    pub instructions_per_iter: Option<f64>,
    /// The instruction set of the code path that was counted.
    pub instructions_isa: Option<Isa>,
    /// The capped lab build that measured this row (`blake3-no-avx512`, `blake3-no-avx2`);
    /// absent on rows of the main build. A capped build re-runs the benchmarks whose `isa`
    /// it changes, under the same criterion id: [`Record::key`] tells them apart.
    pub build: Option<String>,
}

/// [`Record`] as written, with its `criterion_id`, in the file's order.
#[derive(Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "Paired<B>: Serialize",
    deserialize = "Paired<B>: Deserialize<'de>"
))]
struct RawRecord<B> {
    #[serde(flatten)]
    meta: BenchMeta,
    criterion_id: String,
    ns_per_iter: Interval,
    statistic: Statistic,
    allocs_per_iter: Option<f64>,
    peak_bytes: Option<u64>,
    digest_compatible: Option<bool>,
    #[serde(default)]
    compressions_per_item: Option<f64>,
    #[serde(default)]
    best_ns_per_iter: Option<f64>,
    #[serde(default)]
    samples: Option<u64>,
    #[serde(default)]
    paired: Option<Paired<B>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    control: Option<Control>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    aa_twin: Option<u32>,
    #[serde(default)]
    instructions_per_iter: Option<f64>,
    #[serde(default)]
    instructions_isa: Option<Isa>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    build: Option<String>,
}

impl<B: schema::BaselineRef> Record<B> {
    /// Criterion's id of the code this row ran: its own; an A/A control's, its baseline's
    /// (a control without `paired`: its own).
    pub fn criterion_id(&self) -> String {
        match (self.control, &self.paired) {
            (Some(_), Some(p)) => p.baseline.criterion_id(),
            _ => self.meta.id.criterion_id(),
        }
    }
}

/// `$ty { $($field: $value,)* .. }` with every other field of a record moved from `$from`
/// (a [`Record`] or its [`RawRecord`]): the one list of the fields the two share besides
/// `paired`, which each caller gives.
macro_rules! with_record_fields {
    ($ty:ident { $($field:ident: $value:expr),* $(,)? }, $from:ident) => {
        $ty {
            $($field: $value,)*
            meta: $from.meta,
            ns_per_iter: $from.ns_per_iter,
            statistic: $from.statistic,
            allocs_per_iter: $from.allocs_per_iter,
            peak_bytes: $from.peak_bytes,
            digest_compatible: $from.digest_compatible,
            compressions_per_item: $from.compressions_per_item,
            best_ns_per_iter: $from.best_ns_per_iter,
            samples: $from.samples,
            control: $from.control,
            aa_twin: $from.aa_twin,
            instructions_per_iter: $from.instructions_per_iter,
            instructions_isa: $from.instructions_isa,
            build: $from.build,
        }
    };
}
pub(crate) use with_record_fields;

impl<B: schema::BaselineRef + Clone> From<Record<B>> for RawRecord<B> {
    fn from(r: Record<B>) -> Self {
        with_record_fields!(
            RawRecord {
                criterion_id: r.criterion_id(),
                paired: r.paired
            },
            r
        )
    }
}

/// A row whose `criterion_id` is not [`Record::criterion_id`] is refused, naming both (a
/// control row without `paired` is not checked).
impl<B: schema::BaselineRef> TryFrom<RawRecord<B>> for Record<B> {
    type Error = String;

    fn try_from(r: RawRecord<B>) -> Result<Self, String> {
        let criterion_id = r.criterion_id;
        let record = with_record_fields!(Record { paired: r.paired }, r);
        // A control row without `paired` names no code to check against.
        if record.control.is_none() || record.paired.is_some() {
            check_criterion_id(&criterion_id, record.criterion_id())?;
        }
        Ok(record)
    }
}

impl<B> Record<B> {
    pub fn id(&self) -> &BenchId {
        &self.meta.id
    }

    /// Whether the row was measured by the main build (not a capped ISA build).
    pub fn is_main_build(&self) -> bool {
        self.build.is_none()
    }

    /// The row's identity in a run: [`BenchId::key`], with `@<isa>` appended on rows of a
    /// capped build (whose criterion id and bench id equal the main build's).
    pub fn key(&self) -> String {
        match (&self.build, self.meta.isa) {
            (None, _) => self.id().key(),
            (Some(_), Some(isa)) => format!("{}@{isa}", self.id().key()),
            (Some(build), None) => format!("{}@{build}", self.id().key()),
        }
    }

    /// The instruction set of the row's hashing: its [`BenchMeta::isa`], else the backend its
    /// variant names.
    pub fn isa(&self) -> Option<Isa> {
        self.meta.isa.or_else(|| self.id().variant?.backend())
    }

    /// Time per item (account, id, compression).
    pub fn ns_per_item(&self) -> Interval {
        self.ns_per_iter.per(self.meta.items_per_iter.max(1) as f64)
    }

    /// Bytes hashed per item.
    pub fn bytes_per_item(&self) -> f64 {
        self.meta.bytes_per_iter as f64 / self.meta.items_per_iter.max(1) as f64
    }

    /// Allocations per item, when counted.
    pub fn allocs_per_item(&self) -> Option<f64> {
        self.allocs_per_iter
            .map(|a| a / self.meta.items_per_iter.max(1) as f64)
    }
}

impl Record {
    /// The benchmark whose code this row ran: its own; an A/A control's, its baseline's
    /// (`None` for a control without `paired`).
    pub fn code(&self) -> Option<&BenchId> {
        match (self.control, &self.paired) {
            (None, _) => Some(self.id()),
            (Some(_), Some(p)) => Some(&p.baseline),
            (Some(_), None) => None,
        }
    }
}

/// A planned benchmark that produced no measurement, with the reason. Written with its
/// `criterion_id` (its id's), which reading checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RawMissing", try_from = "RawMissing")]
pub struct Missing {
    pub id: BenchId,
    /// The role its row would have had; without `role` in the file (older files),
    /// [`Role::of_older_row`].
    pub role: Role,
    pub reason: String,
}

impl Missing {
    /// Criterion's id of the benchmark.
    pub fn criterion_id(&self) -> String {
        self.id.criterion_id()
    }
}

/// [`Missing`] as written; `role` absent in older files.
#[derive(Serialize, Deserialize)]
struct RawMissing {
    #[serde(flatten)]
    id: BenchId,
    #[serde(default)]
    role: Option<Role>,
    criterion_id: String,
    reason: String,
}

impl From<Missing> for RawMissing {
    fn from(m: Missing) -> Self {
        RawMissing {
            criterion_id: m.criterion_id(),
            id: m.id,
            role: Some(m.role),
            reason: m.reason,
        }
    }
}

impl TryFrom<RawMissing> for Missing {
    type Error = String;

    fn try_from(m: RawMissing) -> Result<Self, String> {
        check_criterion_id(&m.criterion_id, m.id.criterion_id())?;
        Ok(Missing {
            role: m.role.unwrap_or_else(|| Role::of_older_row(None, &m.id)),
            id: m.id,
            reason: m.reason,
        })
    }
}

/// Where, when and how a run was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMeta {
    pub id: String,
    /// RFC 3339.
    pub started_at: String,
    pub finished_at: Option<String>,
    pub git_commit: String,
    pub rustc: String,
    pub cpu: String,
    pub cpu_features: Vec<String>,
    pub profile: Profile,
    pub features: Vec<String>,
    pub status: Status,
    /// A label for the machine: the host name unless `--machine NAME` was given.
    pub machine: String,
    pub blake3_version: Option<String>,
    pub wall_seconds: Option<f64>,
    pub os: Option<String>,
    /// The filters the run was started with, as given on the command line.
    #[serde(default)]
    pub filters: Vec<String>,
    /// The users' own account files measured by this run (`bench-all --accounts FILE`),
    /// with their composition.
    #[serde(default)]
    pub workloads: Vec<WorkloadInfo>,
    /// How the paired pass spent its error rate over the looks; absent in files written
    /// before runs recorded it (Pocock-type, [`RunMeta::design`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spending: Option<sequential::Spending>,
    /// The paired pass's total error rate over its looks (`sequential::spent_alpha`);
    /// absent in files written before runs recorded it, which spent
    /// [`sequential::ALPHA`] ([`RunMeta::design`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "error_rate"
    )]
    pub alpha: Option<f64>,
    /// The process counts at which the paired pass looked (`sequential::Design::looks`);
    /// absent in files written before runs recorded them, whose quick design looked at
    /// [`sequential::UNRECORDED_QUICK_LOOKS`] ([`RunMeta::design`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "look_counts"
    )]
    pub looks: Option<Vec<u32>>,
    /// Whether the paired pass alternated its processes between the main build and the
    /// placement build (even process indices the main build's): what a report rebuilt
    /// from the journal splits each row by. Absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub placement: bool,
}

impl RunMeta {
    /// The paired pass's design of this run, by the spending, error rate and looks it
    /// recorded: what a report rebuilt from it decides with. A file that records no
    /// spending was decided with the Pocock-type spending, one that records no rate at
    /// [`sequential::ALPHA`], and one that records no looks with the profile's looks of
    /// its time (quick's [`sequential::UNRECORDED_QUICK_LOOKS`]).
    pub fn design(&self) -> sequential::Design {
        let profile = sequential::Design::for_profile(self.profile);
        let looks = match (&self.looks, self.profile) {
            (Some(looks), _) => looks.clone(),
            (None, Profile::Quick) => sequential::UNRECORDED_QUICK_LOOKS.to_vec(),
            (None, _) => profile.looks.clone(),
        };
        sequential::Design {
            looks,
            spending: self.spending.unwrap_or(sequential::Spending::Pocock),
            alpha: self.alpha.unwrap_or(sequential::ALPHA),
            ..profile
        }
    }
}

/// A workload made of a user's own accounts: what it holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkloadInfo {
    /// The workload's name in the rows: `user_accounts/<file stem>`.
    pub workload: Workload,
    /// The file the accounts were read from (absolute path).
    pub file: String,
    pub accounts: u64,
    /// Total account data bytes (without the fixed fields).
    pub data_bytes: u64,
    /// The accounts by data size class, every class listed (possibly with zero accounts).
    pub classes: Vec<SizeClassShare>,
}

/// One size class of a [`WorkloadInfo`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SizeClassShare {
    /// `0 B`, `1-127 B`, `128-165 B`, `166-200 B`, `201-1023 B`, `1-10 KiB`, `> 10 KiB`.
    pub class: String,
    pub accounts: u64,
    pub data_bytes: u64,
    /// Fraction of the file's accounts in this class (0 to 1).
    pub account_share: f64,
    /// Fraction of the file's data bytes in this class (0 to 1; 0 when the file has none).
    pub byte_share: f64,
}

/// `reports/<run-id>/results.json`. `B` names the baselines of its rows, as in [`Paired`]:
/// [`ResultsFile::parse`] reads a `ResultsFile<String>` and [`schema`] resolves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "Record<B>: Serialize",
    deserialize = "Record<B>: Deserialize<'de>"
))]
pub struct ResultsFile<B = BenchId> {
    pub schema: u64,
    pub run: RunMeta,
    pub results: Vec<Record<B>>,
    /// Planned benchmarks without a measurement.
    #[serde(default)]
    pub missing: Vec<Missing>,
    /// Working copies of peer crates measured against the released ones (`--peer-path`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub peer_paths: Vec<PeerPath>,
}

/// A file that could not be read as a record, with where and why.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{}: cannot read: {source}", file.display())]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    /// Not JSON, or a field missing or of the wrong type or value.
    #[error("{}:{line}:{column}: field `{field}`: {message}", file.display())]
    Field {
        file: PathBuf,
        line: usize,
        column: usize,
        /// The path of the field, e.g. `results[3].ns_per_iter.lower` (`.` for the root).
        field: String,
        message: String,
    },
    #[error("{}: schema {found}: {message}", file.display())]
    Schema {
        file: PathBuf,
        found: u64,
        message: String,
    },
    /// A field that reads but does not fit the rest of the file (a `paired.baseline` that
    /// names no row of it).
    #[error("{}: field `{field}`: {message}", file.display())]
    Mismatch {
        file: PathBuf,
        /// The path of the field, e.g. `results[3].paired.baseline`.
        field: String,
        message: String,
    },
}

/// Parses JSON text into `T`, naming the file, line, column and field path on error.
pub fn from_json_str<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, RecordError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let field = e.path().to_string();
        field_error(file, field, e.into_inner())
    })?;
    de.end().map_err(|e| field_error(file, ".".into(), e))?;
    Ok(value)
}

fn field_error(file: &Path, field: String, inner: serde_json::Error) -> RecordError {
    let message = inner.to_string();
    // serde_json appends " at line L column C": keep the sentence, report the position once.
    let message = match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message,
    };
    RecordError::Field {
        file: file.to_path_buf(),
        line: inner.line(),
        column: inner.column(),
        field,
        message,
    }
}

impl ResultsFile {
    /// Reads and validates a results file.
    pub fn load(path: &Path) -> Result<Self, RecordError> {
        let text = std::fs::read_to_string(path).map_err(|source| RecordError::Io {
            file: path.to_path_buf(),
            source,
        })?;
        Self::parse(path, &text)
    }

    /// Parses a results file's text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Self, RecordError> {
        #[derive(Deserialize)]
        struct SchemaOnly {
            schema: u64,
        }
        // serde reads a struct from an array too (by position): say what is expected.
        if let Some(other) = text.trim_start().chars().next().filter(|c| *c != '{') {
            let line = text.lines().take_while(|l| l.trim().is_empty()).count() + 1;
            return Err(RecordError::Field {
                file: path.to_path_buf(),
                line,
                column: 1,
                field: ".".into(),
                message: format!(
                    "expected a JSON object (a hashlab results file), found `{other}`"
                ),
            });
        }
        let SchemaOnly { schema } = from_json_str(path, text)?;
        if !(OLDEST_READ_SCHEMA..=SCHEMA).contains(&schema) {
            let message = if schema < OLDEST_READ_SCHEMA {
                format!(
                    "written by an older hashlab (variant \"-\", untyped workload); this \
                     version reads schemas {OLDEST_READ_SCHEMA} to {SCHEMA}: re-run `cargo xtask \
                     bench-all`, or render it with the hashlab commit that wrote it"
                )
            } else {
                format!("written by a newer hashlab; this version reads schema {SCHEMA}")
            };
            return Err(RecordError::Schema {
                file: path.to_path_buf(),
                found: schema,
                message,
            });
        }
        schema::resolve(path, from_json_str(path, text)?)
    }

    /// Writes the file (pretty JSON, trailing newline), creating its directory.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        // Write then rename, so a run killed mid-write keeps the previous complete file.
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text + "\n")?;
        std::fs::rename(&tmp, path)
    }
}

/// An error rate: a number strictly between 0 and 1.
fn error_rate<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let a = f64::deserialize(d)?;
    if !(a > 0.0 && a < 1.0) {
        return Err(serde::de::Error::custom(format!(
            "an error rate lies strictly between 0 and 1, found {a}"
        )));
    }
    Ok(Some(a))
}

/// A design's looks: at least one, increasing, the first at least 2 processes.
fn look_counts<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u32>>, D::Error> {
    let looks = Vec::<u32>::deserialize(d)?;
    if !sequential::valid_looks(&looks) {
        return Err(serde::de::Error::custom(format!(
            "looks are at least one look, increasing process counts, the first at least 2, found {looks:?}"
        )));
    }
    Ok(Some(looks))
}

fn at_least_one<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let n = u64::deserialize(d)?;
    if n == 0 {
        return Err(serde::de::Error::custom("must be at least 1"));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error `ResultsFile::parse` gives for `text`, read as `r.json`.
    fn parse_error(text: &str) -> String {
        ResultsFile::parse(Path::new("r.json"), text)
            .unwrap_err()
            .to_string()
    }

    /// The closed name sets compare with and convert to their fixed strings, and refuse
    /// an unknown one naming the choices.
    #[test]
    fn names_are_their_strings() {
        assert_eq!(Profile::Quick, "quick");
        assert_eq!("full".parse::<Profile>(), Ok(Profile::Full));
        let err = "fast".parse::<Profile>().unwrap_err();
        assert!(err.contains("smoke, quick, full"), "{err}");
        let kind: &std::ffi::OsStr = WorkloadKind::UserAccounts.as_ref();
        assert_eq!(kind, "user_accounts");
        assert_eq!(
            Workload::new(WorkloadKind::DataSize, 165),
            "data_size/165".parse().unwrap()
        );
        let err = "elsewhere/1".parse::<Workload>().unwrap_err();
        assert!(
            err.contains("elsewhere") && err.contains("data_size, cap_sweep"),
            "{err}"
        );
        for r in Role::ALL {
            assert_eq!(serde_json::to_string(r).unwrap(), format!("\"{r}\""));
        }
    }

    pub(crate) fn sample() -> ResultsFile {
        let id = BenchId {
            family: Family::AccountHash,
            digest: Digest::Legacy,
            strategy: "copy-buffer".into(),
            variant: Some(Setting::Capacity(200).into()),
            workload: Workload::new(WorkloadKind::DataSize, 165),
        };
        let meta = BenchMeta {
            id: id.clone(),
            data_size: Some(165),
            bytes_per_iter: 246,
            items_per_iter: 1,
            role: Role::Baseline,
            claims_consensus: true,
            isa: Some(Isa::Avx512),
        };
        ResultsFile {
            schema: SCHEMA,
            run: RunMeta {
                id: "r".into(),
                started_at: "2026-11-30T00:00:00Z".into(),
                finished_at: None,
                git_commit: "abc".into(),
                rustc: "rustc".into(),
                cpu: "cpu".into(),
                cpu_features: vec!["avx2".into()],
                profile: Profile::Smoke,
                features: vec![],
                status: Status::Complete,
                machine: "here".into(),
                blake3_version: None,
                wall_seconds: None,
                os: None,
                filters: vec![],
                workloads: vec![],
                spending: None,
                alpha: None,
                looks: None,
                placement: false,
            },
            results: vec![Record {
                meta,
                ns_per_iter: Interval {
                    estimate: 2.0,
                    lower: 1.0,
                    upper: 3.0,
                    std_err: None,
                    confidence: Some(0.95),
                },
                statistic: Statistic::Slope,
                allocs_per_iter: Some(0.0),
                peak_bytes: Some(0),
                digest_compatible: Some(true),
                compressions_per_item: None,
                best_ns_per_iter: None,
                samples: None,
                paired: None,
                control: None,
                aa_twin: None,
                instructions_per_iter: None,
                instructions_isa: None,
                build: None,
            }],
            missing: vec![Missing {
                id: BenchId {
                    variant: None,
                    ..id
                },
                role: Role::Candidate,
                reason: "failed".into(),
            }],
            peer_paths: vec![],
        }
    }

    /// A run records its spending, error rate and looks; a file without them was decided
    /// Pocock-type at [`sequential::ALPHA`] (quick at
    /// [`sequential::UNRECORDED_QUICK_LOOKS`]), and reads so. A rate outside (0, 1), or
    /// looks that are not increasing process counts from 2, are refused, naming the field.
    #[test]
    fn a_run_records_its_spending_error_rate_and_looks() {
        use sequential::{Design, Spending, ALPHA};
        let mut f = sample();
        f.run.profile = Profile::Quick;
        let text = serde_json::to_string(&f).unwrap();
        assert!(
            !text.contains("spending") && !text.contains("alpha"),
            "{text}"
        );
        let old = ResultsFile::parse(Path::new("r.json"), &text).unwrap();
        assert_eq!(old.run.design().spending, Spending::Pocock);
        assert_eq!(old.run.design().alpha, ALPHA);
        assert_eq!(old.run.design().looks, sequential::UNRECORDED_QUICK_LOOKS);
        let quick = Design::for_profile(Profile::Quick);
        f.run.spending = Some(quick.spending);
        f.run.alpha = Some(quick.alpha);
        f.run.looks = Some(quick.looks.clone());
        let text = serde_json::to_string(&f).unwrap();
        assert!(text.contains("\"spending\":\"obrien-fleming\""), "{text}");
        assert!(text.contains("\"alpha\":0.0375"), "{text}");
        assert!(text.contains("\"looks\":[8,12,16,20]"), "{text}");
        let new = ResultsFile::parse(Path::new("r.json"), &text).unwrap();
        assert_eq!(new.run.design(), quick);
        for bad in ["[]", "[1,8]", "[8,8]", "[12,8]"] {
            let text = text.replace("\"looks\":[8,12,16,20]", &format!("\"looks\":{bad}"));
            let e = ResultsFile::parse(Path::new("r.json"), &text).unwrap_err();
            let e = e.to_string();
            assert!(e.contains("r.json") && e.contains("run.looks"), "{e}");
            assert!(e.contains("increasing process counts"), "{e}");
        }
        for bad in ["0.0", "1.0", "-0.05"] {
            let text = text.replace("\"alpha\":0.0375", &format!("\"alpha\":{bad}"));
            let e = ResultsFile::parse(Path::new("r.json"), &text).unwrap_err();
            let e = e.to_string();
            assert!(e.contains("r.json") && e.contains("run.alpha"), "{e}");
            assert!(e.contains("strictly between 0 and 1"), "{e}");
        }
    }

    /// Whether the paired pass alternated two placement builds: absent when it did not
    /// (and so in files written before runs recorded it), `true` read back.
    #[test]
    fn a_run_records_its_placement_build() {
        let mut f = sample();
        let text = serde_json::to_string(&f).unwrap();
        assert!(!text.contains("placement"), "{text}");
        f.run.placement = true;
        let text = serde_json::to_string(&f).unwrap();
        assert!(text.contains("\"placement\":true"), "{text}");
        let back = ResultsFile::parse(Path::new("r.json"), &text).unwrap();
        assert!(back.run.placement);
    }

    /// A missing benchmark's and a plan entry's `criterion_id` are written from their id,
    /// and one that is not the id's is refused, naming the entry.
    #[test]
    fn criterion_ids_are_written_from_the_id_and_checked() {
        let f = sample();
        let text = serde_json::to_string_pretty(&f).unwrap();
        let written = format!("\"criterion_id\": \"{}\"", f.missing[0].criterion_id());
        assert!(text.contains(&written), "{text}");
        let bad = text.replace(&written, "\"criterion_id\": \"x\"");
        let e = parse_error(&bad);
        assert!(
            e.contains("field `missing[0]`: criterion_id `x` is not the criterion id"),
            "{e}"
        );
        // A control row without `paired` names no code: its `criterion_id` is not checked.
        let mut g = sample();
        let mut control = g.results[0].clone();
        control.control = Some(Control::Aa);
        control.meta.role = Role::Control;
        g.results.push(control);
        let text = serde_json::to_string_pretty(&g).unwrap();
        let results_end = text.find("\"missing\"").unwrap();
        let at = text[..results_end].rfind("\"criterion_id\": \"").unwrap();
        let unchecked = format!("{}\"criterion_id\": \"y{}", &text[..at], &text[at + 17..]);
        let back = ResultsFile::parse(Path::new("r.json"), &unchecked).unwrap();
        assert_eq!(back.results, g.results);
        let p = Planned {
            meta: f.results[0].meta.clone(),
            expected_secs: 1.0,
            compressions_per_item: None,
        };
        let plan = PlanFile {
            profile: Profile::Quick,
            features: vec![],
            benches: vec![p.clone()],
        };
        let text = serde_json::to_string(&plan).unwrap();
        let written = format!("\"criterion_id\":\"{}\"", p.criterion_id());
        assert!(text.contains(&written), "{text}");
        let back: PlanFile = from_json_str(Path::new("plan"), &text).unwrap();
        assert_eq!(back.benches, [p]);
        let bad = text.replace(&written, "\"criterion_id\":\"x\"");
        let e = from_json_str::<PlanFile>(Path::new("plan"), &bad)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("field `benches[0]`: criterion_id `x` is not the criterion id"),
            "{e}"
        );
    }

    /// A row's instruction set is its `isa`, else its variant's backend, else none.
    #[test]
    fn a_rows_isa_falls_back_to_its_backend() {
        let mut r = sample().results.remove(0);
        assert_eq!(r.isa(), Some(Isa::Avx512));
        r.meta.isa = None;
        assert_eq!(r.isa(), None, "copy-buffer's capacity names no backend");
        r.meta.id.variant = Some(Variant::backend_of(Isa::Avx2));
        assert_eq!(r.isa(), Some(Isa::Avx2));
        r.meta.isa = Some(Isa::Portable);
        assert_eq!(r.isa(), Some(Isa::Portable));
    }

    /// A run with a `--peer-path` comparison reads back the same; one without writes no
    /// `peer_paths` key (older files and readers stay as they were).
    #[test]
    fn peer_paths_round_trip_and_are_absent_when_empty() {
        let mut f = sample();
        let text = serde_json::to_string_pretty(&f).unwrap();
        assert!(!text.contains("peer_paths"), "{text}");
        let mut p = PeerPath::new(
            "solana-lattice-hash",
            "/src/lattice-hash",
            "4.3.0",
            "peer:solana-lattice-hash",
            Profile::Smoke,
        );
        p.describe = Some("v4.3.0-2-gabc".into());
        p.digest_differs = vec!["lt-hash/peer:solana-lattice-hash/set_1024/165".into()];
        f.peer_paths.push(p);
        let text = serde_json::to_string_pretty(&f).unwrap();
        assert!(
            text.contains("\"crate\": \"solana-lattice-hash\""),
            "{text}"
        );
        let back = ResultsFile::parse(Path::new("r.json"), &text).unwrap();
        assert_eq!(back, f);
        assert_eq!(
            back.peer_paths[0].yours(),
            "your solana-lattice-hash (/src/lattice-hash, v4.3.0-2-gabc)"
        );
        assert_eq!(back.peer_paths[0].row, "peer:solana-lattice-hash@path");
    }

    #[test]
    fn round_trip_keeps_fixed_names() {
        let f = sample();
        let text = serde_json::to_string_pretty(&f).unwrap();
        for name in [
            "\"family\": \"account-hash\"",
            "\"workload\": \"data_size/165\"",
            "\"variant\": \"cap=200\"",
            "\"variant\": null",
            "\"isa\": \"avx512\"",
            "\"status\": \"complete\"",
            "\"paired\": null",
            "\"baseline\": true,\n      \"role\": \"baseline\"",
            "\"role\": \"candidate\"",
        ] {
            assert!(text.contains(name), "missing {name} in {text}");
        }
        assert!(
            !text.contains("control"),
            "control is absent on normal rows"
        );
        let back = ResultsFile::parse(Path::new("r.json"), &text).unwrap();
        assert_eq!(back, f);
        assert_eq!(
            f.results[0].id().criterion_id(),
            "account-hash/copy-buffer@cap=200/data_size/165"
        );
        assert_eq!(f.missing[0].id.label(), "copy-buffer");
    }

    #[test]
    fn errors_name_file_line_and_field_path() {
        let text = serde_json::to_string_pretty(&sample())
            .unwrap()
            .replace("\"lower\": 1.0", "\"lower\": \"one\"");
        let e = parse_error(&text);
        assert!(e.starts_with("r.json:"), "{e}");
        assert!(e.contains("results[0].ns_per_iter.lower"), "{e}");

        let text = serde_json::to_string_pretty(&sample())
            .unwrap()
            .replace("\"upper\": 3.0", "\"upper\": 1.5");
        let e = parse_error(&text);
        assert!(
            e.contains("results[0].ns_per_iter") && e.contains("lower <= estimate <= upper"),
            "{e}"
        );

        let text = serde_json::to_string_pretty(&sample()).unwrap().replace(
            "\"family\": \"account-hash\"",
            "\"family\": \"account-hsah\"",
        );
        let e = parse_error(&text);
        assert!(
            e.contains("results[0]") && e.contains("account-hsah"),
            "{e}"
        );

        // A workload kind outside WorkloadKind: the row's path (the id's fields are
        // flattened into it), the workload and the known kinds.
        let text = serde_json::to_string_pretty(&sample()).unwrap().replacen(
            "\"data_size/165\"",
            "\"data_sise/165\"",
            1,
        );
        let e = parse_error(&text);
        assert!(
            e.contains("field `results[0]`: `data_sise/165` is not a workload")
                && e.contains("cap_sweep"),
            "{e}"
        );

        let text = serde_json::to_string_pretty(&sample())
            .unwrap()
            .replace("\"items_per_iter\": 1", "\"items_per_iter\": 0");
        let e = parse_error(&text);
        assert!(e.contains("at least 1"), "{e}");

        let e = ResultsFile::parse(Path::new("r.json"), "{\"schema\": 1}")
            .unwrap_err()
            .to_string();
        assert!(e.contains("schema 1") && e.contains("older"), "{e}");
        // Schema 2 is still read as it is; a newer schema than this crate's is refused.
        let text = serde_json::to_string(&sample()).unwrap();
        let old = text.replace(&format!("\"schema\":{SCHEMA}"), "\"schema\":2");
        assert_ne!(old, text);
        assert_eq!(
            ResultsFile::parse(Path::new("r.json"), &old)
                .unwrap()
                .schema,
            2
        );
        let newer = text.replace(
            &format!("\"schema\":{SCHEMA}"),
            &format!("\"schema\":{}", SCHEMA + 1),
        );
        let e = parse_error(&newer);
        assert!(e.contains("newer"), "{e}");
        let e = ResultsFile::parse(Path::new("r.json"), "not json")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("r.json:1:"), "{e}");
    }

    /// A variant is written as its text and read back typed; text that is no variant is an
    /// error naming the file, the field and the text.
    #[test]
    fn variants_are_written_as_text_and_unreadable_ones_are_errors() {
        let f = sample();
        let text = serde_json::to_string_pretty(&f).unwrap();
        assert!(text.contains("\"variant\": \"cap=200\""), "{text}");
        assert_eq!(ResultsFile::parse(Path::new("r.json"), &text).unwrap(), f);
        let bad = text.replacen("\"variant\": \"cap=200\"", "\"variant\": \"cap=2OO\"", 1);
        let e = parse_error(&bad);
        assert!(
            e.starts_with("r.json:") && e.contains("results[0]") && e.contains("`cap=2OO`"),
            "{e}"
        );
    }

    /// A file written before rows had a `role` (schema 2 and 3 as written until then)
    /// reads with the role its flag and names meant; `role` and `baseline` disagreeing is
    /// an error naming the row.
    #[test]
    fn rows_without_a_role_get_the_older_rows_role() {
        let mut f = sample();
        let mut previous = f.results[0].clone();
        previous.meta.id.variant = Some(Setting::Capacity(47).into());
        previous.meta.role = Role::Previous;
        let mut control = f.results[0].clone();
        control.meta.id = control.meta.id.aa_copy();
        control.meta.role = Role::Control;
        let mut other = f.results[0].clone();
        other.meta.id.strategy = "streaming".into();
        other.meta.id.variant = None;
        other.meta.role = Role::Candidate;
        f.results.extend([previous, control, other]);
        let mut baseline_missing = f.missing[0].clone();
        baseline_missing.id.variant = Some(Setting::Capacity(200).into());
        baseline_missing.role = Role::Baseline;
        f.missing.push(baseline_missing);
        f.schema = 2;
        let text = serde_json::to_string_pretty(&f).unwrap();
        let older: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("\"role\""))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(!older.contains("role"));
        assert_eq!(ResultsFile::parse(Path::new("r.json"), &older).unwrap(), f);

        let bad = text.replacen("\"role\": \"baseline\"", "\"role\": \"candidate\"", 1);
        let e = parse_error(&bad);
        assert!(
            e.contains("results[0]") && e.contains("`baseline` is true but `role` is `candidate`"),
            "{e}"
        );
    }

    #[test]
    fn capped_build_rows_have_their_own_key() {
        let f = sample();
        let main = &f.results[0];
        let mut capped = main.clone();
        capped.build = Some("blake3-no-avx512".into());
        capped.meta.isa = Some(Isa::Avx2);
        assert!(main.is_main_build() && !capped.is_main_build());
        assert_eq!(main.key(), main.id().key());
        assert_eq!(capped.key(), format!("{}@avx2", main.id().key()));
        assert_eq!(capped.criterion_id(), main.criterion_id());
        let text = serde_json::to_string(&capped).unwrap();
        assert!(text.contains("\"build\":\"blake3-no-avx512\""), "{text}");
        assert!(!serde_json::to_string(main).unwrap().contains("build"));
    }

    #[test]
    fn names_parse_back() {
        for f in Family::ALL {
            assert_eq!(f.as_str().parse::<Family>(), Ok(*f));
        }
        for i in Isa::ALL {
            assert_eq!(i.as_str().parse::<Isa>(), Ok(*i));
        }
        assert!("fast".parse::<Verdict>().is_err());
        let w: Workload = "set_1024/165".parse().unwrap();
        assert_eq!((w.kind, w.param_u64()), (WorkloadKind::Set1024, Some(165)));
        assert_eq!(w.to_string(), "set_1024/165");
        assert!("".parse::<Workload>().is_err());
    }
}
