//! The run record, `reports/<run-id>/results.json` (format in DESIGN.md, schema 1).
//!
//! Measuring and rendering are separate steps: `bench-all` writes this file, and every
//! table and plot (`report`, `compare`) is rendered from it alone, so runs from two
//! machines can be compared later. Loading validates every field and names the file and
//! the field path on error.

use crate::error::{Error, Result};
use crate::json_reader::{parse, At};
use serde::Serialize;
use std::path::Path;

pub const SCHEMA: u64 = 1;

/// The whole file.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ResultsFile {
    pub schema: u64,
    pub run: RunMeta,
    pub results: Vec<Record>,
    /// Benchmarks that were planned but produced no measurement, with the reason.
    pub missing: Vec<Missing>,
}

/// Where, when and how the run was made.
#[derive(Clone, Debug, Serialize, PartialEq, Default)]
pub struct RunMeta {
    pub id: String,
    pub started_at: String,
    pub finished_at: Option<String>,
    pub git_commit: String,
    pub rustc: String,
    pub cpu: String,
    pub cpu_features: Vec<String>,
    pub profile: String,
    pub features: Vec<String>,
    pub blake3_version: Option<String>,
    /// `complete`, `incomplete` (some benchmark failed), `interrupted`, or `running`.
    pub status: String,
    pub wall_seconds: Option<f64>,
    pub os: Option<String>,
    /// The filters the run was started with, as given on the command line.
    pub filters: Vec<String>,
}

/// A time per iteration in nanoseconds with criterion's confidence interval.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Interval {
    pub estimate: f64,
    pub lower: f64,
    pub upper: f64,
    /// Criterion's standard error of the estimate (bootstrap), when known.
    pub std_err: Option<f64>,
    /// Confidence level of [lower, upper], for example 0.95.
    pub confidence: Option<f64>,
}

/// One measured benchmark.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Record {
    pub family: String,
    pub digest: String,
    pub strategy: String,
    pub variant: String,
    pub workload: String,
    /// Account data size in bytes for size-parameterised workloads.
    pub data_size: Option<u64>,
    pub bytes_per_iter: u64,
    pub items_per_iter: u64,
    pub ns_per_iter: Interval,
    /// Which criterion statistic `ns_per_iter` is: `slope` or `mean`.
    pub statistic: String,
    pub allocs_per_iter: Option<f64>,
    pub peak_bytes: Option<u64>,
    pub digest_compatible: Option<bool>,
    /// True for the record its family compares against (copy-buffer cap=200 for account hashing).
    pub baseline: bool,
    pub criterion_id: Option<String>,
    /// BLAKE3 compressions per item (account), where the floor is a compression count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compressions_per_item: Option<f64>,
    /// The fastest of criterion's samples, time per iteration (see `samples`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_ns_per_iter: Option<f64>,
    /// How many samples criterion took.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
}

/// A planned benchmark without a measurement.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Missing {
    pub family: String,
    pub digest: String,
    pub strategy: String,
    pub variant: String,
    pub workload: String,
    pub criterion_id: Option<String>,
    pub reason: String,
}

impl Record {
    /// `copy-buffer cap=200`, `streaming`: the name a reader sees.
    pub fn label(&self) -> String {
        strategy_label(&self.strategy, &self.variant)
    }

    /// Workload kind (`data_size`) and parameter (`165`): the text before and after the last `/`.
    pub fn workload_kind(&self) -> &str {
        split_workload(&self.workload).0
    }

    pub fn workload_param(&self) -> &str {
        split_workload(&self.workload).1
    }

    /// The key that identifies the same benchmark in two runs.
    pub fn key(&self) -> String {
        bench_key(
            &self.family,
            &self.digest,
            &self.strategy,
            &self.variant,
            &self.workload,
        )
    }

    /// Time per item (account, id, compression): the iteration's time divided by
    /// `items_per_iter`. Every comparison and table uses this, so a strategy that hashes
    /// 1024 accounts per iteration (batch) sits beside one that hashes one.
    pub fn ns_per_item(&self) -> Interval {
        let n = self.items_per_iter.max(1) as f64;
        Interval {
            estimate: self.ns_per_iter.estimate / n,
            lower: self.ns_per_iter.lower / n,
            upper: self.ns_per_iter.upper / n,
            std_err: self.ns_per_iter.std_err.map(|e| e / n),
            confidence: self.ns_per_iter.confidence,
        }
    }

    /// Whether throughput is reported in bytes per second: size-parameterised workloads
    /// (whatever the items per iteration) and single-item workloads that hash bytes.
    pub fn is_byte_workload(&self) -> bool {
        self.bytes_per_iter > 0
            && (self.items_per_iter <= 1
                || matches!(self.workload_kind(), "data_size" | "cap_sweep"))
    }

    /// Bytes hashed per item.
    pub fn bytes_per_item(&self) -> f64 {
        self.bytes_per_iter as f64 / self.items_per_iter.max(1) as f64
    }

    /// Allocations per hashed item (account), when measured.
    pub fn allocs_per_item(&self) -> Option<f64> {
        self.allocs_per_iter
            .map(|a| a / self.items_per_iter.max(1) as f64)
    }
}

impl Missing {
    pub fn label(&self) -> String {
        strategy_label(&self.strategy, &self.variant)
    }
}

pub fn strategy_label(strategy: &str, variant: &str) -> String {
    if variant.is_empty() || variant == "-" {
        strategy.to_string()
    } else {
        format!("{strategy} {variant}")
    }
}

pub fn split_workload(workload: &str) -> (&str, &str) {
    match workload.rsplit_once('/') {
        Some((k, p)) => (k, p),
        None => (workload, ""),
    }
}

pub fn bench_key(
    family: &str,
    digest: &str,
    strategy: &str,
    variant: &str,
    workload: &str,
) -> String {
    format!(
        "{family}/{digest}/{}/{workload}",
        strategy_label(strategy, variant)
    )
}

impl ResultsFile {
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| Error::Other(format!("cannot serialise results: {e}")))?;
        crate::error::write(path, text + "\n")
    }

    /// Reads and validates a results file.
    pub fn load(path: &Path) -> Result<Self> {
        let text = crate::error::read_to_string(path)?;
        Self::parse(path, &text)
    }

    pub fn parse(path: &Path, text: &str) -> Result<Self> {
        let value = parse(path, text)?;
        let root = At::root(path, &value);
        let schema_at = root.field("schema")?;
        let schema = schema_at.as_u64()?;
        if schema != SCHEMA {
            return Err(schema_at.error(format!(
                "unsupported schema {schema}; this xtask reads schema {SCHEMA}"
            )));
        }
        let run = read_run(&root.field("run")?)?;
        let results = root
            .field("results")?
            .items()?
            .iter()
            .map(read_record)
            .collect::<Result<Vec<_>>>()?;
        let missing = match root.opt_field("missing")? {
            None => Vec::new(),
            Some(m) => m
                .items()?
                .iter()
                .map(read_missing)
                .collect::<Result<Vec<_>>>()?,
        };
        Ok(ResultsFile {
            schema,
            run,
            results,
            missing,
        })
    }
}

fn read_run(at: &At) -> Result<RunMeta> {
    Ok(RunMeta {
        id: at.str_field("id")?,
        started_at: at.str_field("started_at")?,
        finished_at: at.opt_str_field("finished_at")?,
        git_commit: at.str_field("git_commit")?,
        rustc: at.str_field("rustc")?,
        cpu: at.str_field("cpu")?,
        cpu_features: at.str_list_field("cpu_features")?,
        profile: at.str_field("profile")?,
        features: at.str_list_field("features")?,
        blake3_version: at.opt_str_field("blake3_version")?,
        status: at
            .opt_str_field("status")?
            .unwrap_or_else(|| "complete".to_string()),
        wall_seconds: at.opt_f64_field("wall_seconds")?,
        os: at.opt_str_field("os")?,
        filters: at.str_list_field("filters")?,
    })
}

fn read_interval(at: &At) -> Result<Interval> {
    let estimate = at.field("estimate")?.as_f64()?;
    let lower = at.field("lower")?.as_f64()?;
    let upper = at.field("upper")?.as_f64()?;
    if estimate <= 0.0 {
        return Err(at
            .field("estimate")?
            .error(format!("expected a positive time in ns, found {estimate}")));
    }
    if !(lower <= estimate && estimate <= upper) || lower <= 0.0 {
        return Err(at.error(format!(
            "interval must satisfy 0 < lower <= estimate <= upper, found [{lower}, {estimate}, {upper}]"
        )));
    }
    Ok(Interval {
        estimate,
        lower,
        upper,
        std_err: at.opt_f64_field("std_err")?,
        confidence: at.opt_f64_field("confidence")?,
    })
}

fn read_record(at: &At) -> Result<Record> {
    let items_at = at.field("items_per_iter")?;
    let items_per_iter = items_at.as_u64()?;
    if items_per_iter == 0 {
        return Err(items_at.error("must be at least 1"));
    }
    Ok(Record {
        family: at.str_field("family")?,
        digest: at.str_field("digest")?,
        strategy: at.str_field("strategy")?,
        variant: at.str_field("variant")?,
        workload: at.str_field("workload")?,
        data_size: at.opt_u64_field("data_size")?,
        bytes_per_iter: at.field("bytes_per_iter")?.as_u64()?,
        items_per_iter,
        ns_per_iter: read_interval(&at.field("ns_per_iter")?)?,
        statistic: at
            .opt_str_field("statistic")?
            .unwrap_or_else(|| "mean".to_string()),
        allocs_per_iter: at.opt_f64_field("allocs_per_iter")?,
        peak_bytes: at.opt_u64_field("peak_bytes")?,
        digest_compatible: at.opt_bool_field("digest_compatible")?,
        baseline: at.opt_bool_field("baseline")?.unwrap_or(false),
        criterion_id: at.opt_str_field("criterion_id")?,
        compressions_per_item: at.opt_f64_field("compressions_per_item")?,
        best_ns_per_iter: at.opt_f64_field("best_ns_per_iter")?,
        samples: at.opt_u64_field("samples")?,
    })
}

fn read_missing(at: &At) -> Result<Missing> {
    Ok(Missing {
        family: at.str_field("family")?,
        digest: at.str_field("digest")?,
        strategy: at.str_field("strategy")?,
        variant: at.str_field("variant")?,
        workload: at.str_field("workload")?,
        criterion_id: at.opt_str_field("criterion_id")?,
        reason: at.str_field("reason")?,
    })
}
