//! bench-lab: everything hashlab measures, registered once and run two ways — timed by
//! criterion (`benches/lab.rs`) and counted by the `lab` binary (allocations per hash, peak
//! heap bytes, digest compatibility), never both in one pass.
//!
//! `cargo xtask bench-all` asks `lab list --json` for the plan, runs `lab allocs --json`,
//! then runs the criterion binary once per benchmark (`--exact <criterion id>`), and renders
//! the report from the recorded results.
//!
//! # Adding a family (accumulator, reconcile, peers, batch …): one file + one line
//!
//! 1. Write `src/<family>.rs` with
//!    `pub fn register(reg: &mut Registry)` that calls [`Registry::add`] once per benchmark:
//!    a [`BenchMeta`] (family, digest, strategy, variant, workload, bytes/items per
//!    iteration, `baseline` for the one its family compares against) and a closure that
//!    builds a [`Case`] (inputs are built lazily, outside any timing). Gate strategies with
//!    `#[cfg(feature = "...")]` so what is not compiled does not appear.
//! 2. Add its name to the `families!` list below. That's all: the criterion binary, the
//!    `lab` binary, the `--families/--strategies/--sizes` filters, results.json and the
//!    report pick it up. Family names are DESIGN.md's (`account-hash`, `lt-hash`,
//!    `accumulator`, `reconcile`); peers are strategies named `peer:<crate>`.
//!
//! A family may also have its own criterion target, e.g. `benches/accumulator.rs`
//! containing `bench_lab::criterion_target!(Some("accumulator"));` plus a
//! `[[bench]] name = "accumulator" harness = false` entry in Cargo.toml, for
//! `cargo bench --bench accumulator`. bench-all does not need it.
//!
//! Time budget: `quick` spends ~1.3–1.6 s per benchmark (see [`profile`]) and the whole
//! default run must stay under 5 minutes on 2 cores, build included. A family that wants
//! more than ~25 benchmarks should register the extra ones only for `Profile::Full`
//! (`reg.profile`). Criterion ids are `<family>/<strategy>[@<variant>]/<workload>`.
//!
//! Batch (`hash_batch` over a slice, LtHash accumulator) joins the `account-hash` and
//! `lt-hash` families from its own file (e.g. `src/batch.rs`, feature `batch`), using
//! [`workloads`] for the same sizes and mainnet mix so its rows sit next to the per-account
//! strategies in the same tables.

pub mod cases;
pub mod instructions;
pub mod paired;
pub mod profile;
pub mod reconcile_peer;
pub mod reference;
pub mod workloads;

use criterion::{BenchmarkId, Criterion, Throughput};
use serde::Serialize;

pub use profile::{Profile, Settings};

/// Declares the family modules and the list the registry walks. Add one name per family.
macro_rules! families {
    ($($module:ident),* $(,)?) => {
        $(pub mod $module;)*
        /// Every family's `register`, in report order.
        pub const FAMILIES: &[fn(&mut Registry)] = &[$($module::register),*];
    };
}

families! {
    account_hash,
    lt_hash,
    accumulator,
    reconcile,
    batch,
    peers,
}

/// What a benchmark measures; serialised by `lab list --json` for bench-all.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BenchMeta {
    /// `account-hash`, `lt-hash`, `accumulator`, `reconcile`.
    pub family: String,
    /// `legacy`, `lt`, or what the family produces.
    pub digest: String,
    /// `copy-buffer`, `streaming`, `meta-first`, `batch`, `peer:<crate>`.
    pub strategy: String,
    /// `cap=200`, or `-` when the strategy has no variants.
    pub variant: String,
    /// `<kind>/<parameter>`: `data_size/165`, `cap_sweep/170`, `mainnet_mix/100000`.
    pub workload: String,
    /// Data size in bytes for size-parameterised workloads.
    pub data_size: Option<u64>,
    /// Bytes hashed per iteration (criterion `Throughput::Bytes` when one item per iteration).
    pub bytes_per_iter: u64,
    /// Items (accounts) per iteration (`Throughput::Elements` when more than one).
    pub items_per_iter: u64,
    /// The record this family's ratios are computed against.
    pub baseline: bool,
    /// Whether the strategy claims the consensus digest.
    pub claims_consensus: bool,
}

impl BenchMeta {
    /// Criterion's function name: `copy-buffer@cap=200`, `streaming`.
    pub fn function(&self) -> String {
        if self.variant == "-" || self.variant.is_empty() {
            self.strategy.clone()
        } else {
            format!("{}@{}", self.strategy, self.variant)
        }
    }

    /// Criterion's full id: `<family>/<function>/<workload>`, unique per benchmark.
    pub fn criterion_id(&self) -> String {
        format!("{}/{}/{}", self.family, self.function(), self.workload)
    }

    fn throughput(&self) -> Throughput {
        if self.items_per_iter > 1 || self.bytes_per_iter == 0 {
            Throughput::Elements(self.items_per_iter)
        } else {
            Throughput::Bytes(self.bytes_per_iter)
        }
    }

    /// `copy-buffer cap=200`: the name a reader sees.
    pub fn label(&self) -> String {
        if self.variant == "-" {
            self.strategy.clone()
        } else {
            format!("{} {}", self.strategy, self.variant)
        }
    }
}

/// One benchmark's inputs and the operation measured on them.
pub trait Case {
    /// Time one iteration with criterion (`b.iter(...)`); monomorphic inside.
    fn time(&mut self, b: &mut criterion::Bencher<'_>);
    /// Run one iteration untimed (the counted allocation pass).
    fn run_once(&mut self);
    /// Run `n` iterations untimed. The default body is instantiated for each case type, so
    /// a caller holding a `dyn Case` pays one dynamic call per batch, not per iteration
    /// (the paired runner times batches through it).
    fn run_n(&mut self, n: u64) {
        for _ in 0..n {
            self.run_once();
        }
    }
    /// Compare this case's output with the reference digest; `None` when there is none.
    fn digest_matches_reference(&mut self) -> Option<bool>;
}

type MakeCase = Box<dyn Fn() -> Box<dyn Case>>;

/// A registered benchmark: its description and how to build its inputs.
pub struct Bench {
    pub meta: BenchMeta,
    make: MakeCase,
}

impl Bench {
    /// Builds the inputs (outside timing and outside the counted window).
    pub fn make(&self) -> Box<dyn Case> {
        (self.make)()
    }
}

/// Which benchmarks to run: `None` in a field means "all".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Filter {
    pub families: Option<Vec<String>>,
    /// A strategy (`copy-buffer`) or strategy@variant (`copy-buffer@cap=47`).
    pub strategies: Option<Vec<String>>,
    /// Data sizes in bytes; workloads without a data size are left out when set.
    pub sizes: Option<Vec<u64>>,
    /// Workload kinds (`data_size`, `cap_sweep`, `mainnet_mix`).
    pub workloads: Option<Vec<String>>,
}

/// Parses `165`, `1KiB`, `1 KiB`, `10MiB`, `4k`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim().replace(' ', "");
    let lower = t.to_ascii_lowercase();
    let (num, mult) = [
        ("mib", 1u64 << 20),
        ("kib", 1 << 10),
        ("m", 1 << 20),
        ("k", 1 << 10),
        ("b", 1),
    ]
    .iter()
    .find_map(|(suffix, m)| lower.strip_suffix(suffix).map(|n| (n.to_string(), *m)))
    .unwrap_or((lower.clone(), 1));
    num.parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| format!("`{text}` is not a size (examples: 165, 1KiB, 10MiB)"))
}

fn split_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

impl Filter {
    /// From comma-separated lists, as given to bench-all / lab.
    pub fn parse(
        families: Option<&str>,
        strategies: Option<&str>,
        sizes: Option<&str>,
        workloads: Option<&str>,
    ) -> Result<Self, String> {
        Ok(Filter {
            families: families.map(split_list),
            strategies: strategies.map(split_list),
            sizes: sizes
                .map(|s| split_list(s).iter().map(|x| parse_size(x)).collect())
                .transpose()?,
            workloads: workloads.map(split_list),
        })
    }

    /// From the environment variables bench-all sets for the criterion binary.
    pub fn from_env() -> Result<Self, String> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        Filter::parse(
            var("HASHLAB_FAMILIES").as_deref(),
            var("HASHLAB_STRATEGIES").as_deref(),
            var("HASHLAB_SIZES").as_deref(),
            var("HASHLAB_WORKLOADS").as_deref(),
        )
    }

    pub fn accepts(&self, m: &BenchMeta) -> bool {
        let kind = m
            .workload
            .rsplit_once('/')
            .map_or(m.workload.as_str(), |x| x.0);
        self.families.as_ref().is_none_or(|f| f.contains(&m.family))
            && self.strategies.as_ref().is_none_or(|s| {
                s.iter()
                    .any(|x| *x == m.strategy || *x == m.function() || *x == m.label())
            })
            && self
                .sizes
                .as_ref()
                .is_none_or(|s| m.data_size.is_some_and(|d| s.contains(&d)))
            && self
                .workloads
                .as_ref()
                .is_none_or(|w| w.iter().any(|x| x == kind))
    }
}

/// Every benchmark of every family, for one profile.
pub struct Registry {
    pub profile: Profile,
    benches: Vec<Bench>,
}

impl Registry {
    /// All families registered for `profile`.
    pub fn new(profile: Profile) -> Self {
        let mut reg = Registry {
            profile,
            benches: Vec::new(),
        };
        for register in FAMILIES {
            register(&mut reg);
        }
        reg
    }

    /// Registers one benchmark. `make` builds its inputs when (and only when) it runs.
    pub fn add(&mut self, meta: BenchMeta, make: impl Fn() -> Box<dyn Case> + 'static) {
        self.benches.push(Bench {
            meta,
            make: Box::new(make),
        });
    }

    /// The benchmarks a filter selects, in registration order.
    pub fn select<'a>(&'a self, filter: &'a Filter) -> impl Iterator<Item = &'a Bench> + 'a {
        self.benches.iter().filter(move |b| filter.accepts(&b.meta))
    }
}

/// The cargo features this build of the lab has (mirrors account-hash's strategies).
pub fn enabled_features() -> Vec<&'static str> {
    let mut f = Vec::new();
    if cfg!(feature = "copy-buffer") {
        f.push("copy-buffer");
    }
    if cfg!(feature = "streaming") {
        f.push("streaming");
    }
    if cfg!(feature = "meta-first") {
        f.push("meta-first");
    }
    if cfg!(feature = "batch") {
        f.push("batch");
    }
    if cfg!(feature = "peer-solana") {
        f.push("peer-solana");
    }
    f
}

/// Registers every selected benchmark with criterion, each with its profile's settings.
/// `only_family` restricts to one family (for per-family bench targets).
pub fn run_criterion(c: &mut Criterion, only_family: Option<&str>) {
    let profile = match Profile::from_env() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bench-lab: {e}");
            std::process::exit(2);
        }
    };
    let mut filter = match Filter::from_env() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("bench-lab: {e}");
            std::process::exit(2);
        }
    };
    if let Some(fam) = only_family {
        filter.families = Some(vec![fam.to_string()]);
    }
    let reg = Registry::new(profile);
    for bench in reg.select(&filter) {
        let m = &bench.meta;
        let s = profile.settings(m);
        let mut group = c.benchmark_group(m.family.as_str());
        s.apply(&mut group);
        group.throughput(m.throughput());
        let mut case: Option<Box<dyn Case>> = None;
        group.bench_function(BenchmarkId::new(m.function(), &m.workload), |b| {
            case.get_or_insert_with(|| bench.make()).time(b)
        });
        group.finish();
    }
}

/// The body of a criterion bench target: `bench_lab::criterion_target!(None);` runs every
/// family, `bench_lab::criterion_target!(Some("accumulator"));` one.
#[macro_export]
macro_rules! criterion_target {
    ($family:expr) => {
        fn hashlab_benches(c: &mut ::criterion::Criterion) {
            $crate::run_criterion(c, $family);
        }
        ::criterion::criterion_group!(hashlab, hashlab_benches);
        ::criterion::criterion_main!(hashlab);
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("165"), Ok(165));
        assert_eq!(parse_size("1KiB"), Ok(1024));
        assert_eq!(parse_size("10MiB"), Ok(10 << 20));
        assert_eq!(parse_size("4k"), Ok(4096));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999999999999").is_err());
    }

    #[test]
    fn criterion_ids_are_unique() {
        let reg = Registry::new(Profile::Quick);
        let all = Filter::default();
        let mut ids: Vec<String> = reg.select(&all).map(|b| b.meta.criterion_id()).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate criterion ids");
        assert!(n > 0);
    }

    #[test]
    fn filter_selects_by_strategy_variant_and_size() {
        let reg = Registry::new(Profile::Quick);
        let f = Filter::parse(None, Some("copy-buffer@cap=47"), Some("165"), None).unwrap();
        let picked: Vec<_> = reg.select(&f).map(|b| b.meta.criterion_id()).collect();
        assert!(!picked.is_empty());
        for id in &picked {
            assert!(
                id.contains("copy-buffer@cap=47") && id.ends_with("/165"),
                "{id}"
            );
        }
        let none = Filter::parse(Some("no-such-family"), None, None, None).unwrap();
        assert_eq!(reg.select(&none).count(), 0);
    }
}
