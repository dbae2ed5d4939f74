//! bench-lab: everything hashlab measures, registered once and run in separate passes:
//! timed by criterion (`benches/lab.rs`); counted by the `lab` binary (allocations per hash,
//! peak heap bytes and digest compatibility with `lab allocs`, instructions under callgrind
//! with `lab instructions`); and paired, rows against their baseline interleaved in one
//! process (`lab paired`, [`paired`]). No pass both times and counts.
//!
//! `cargo xtask bench-all` asks `lab list --json` for the plan (a `lab_record::PlanFile`),
//! runs `lab allocs --json` (a `lab_record::CountFile`), then runs the criterion binary once
//! per benchmark (`--exact <criterion id>`), and renders the report from the recorded
//! results. Every row is described by a `lab_record::BenchMeta`.
//!
//! # Layout: one module per report family
//!
//! - [`account_hash`], [`lt_hash`], [`accumulator`], [`reconcile`]: each registers every
//!   row of its family. The strategies come from account-hash's one list
//!   (`account_hash::strategy::list`): a strategy added there gets its rows in both
//!   account families without a change here (`docs/adding-a-strategy.md`).
//! - [`peers`]: other crates on the same inputs (`peer:<crate>` rows, registered by their
//!   family); [`floor`]: the floor rows and compressions per item; [`scaling`]: the rayon
//!   rows.
//! - Shared: [`cases`] (case types, [`cases::Subject`] = who a row measures), [`rows`] (a
//!   subject's rows on the shared workloads), [`workloads`] (sizes, sweep, the cited and
//!   seeded mainnet mix), [`reference`](mod@reference) (digests written from the documented byte order),
//!   [`isa`], [`filter`], [`profile`], [`error`].
//!
//! # Adding a family: one file + one line
//!
//! 1. Write `src/<family>.rs` with `pub fn register(reg: &mut Registry)` that calls
//!    [`Registry::add`] once per benchmark: a [`BenchMeta`] (its `BenchId` — family,
//!    digest, strategy, optional variant, workload — bytes/items per iteration, `baseline`
//!    for the one its family compares against, the `isa`) and a closure that builds a
//!    [`Case`] (inputs are built lazily, outside any timing). Strategies of account-hash
//!    come from walking `account_hash::strategy::list::visit` with a `StrategyVisitor`, so
//!    what is not compiled does not appear.
//! 2. Add its name to the `families!` list below (and the family to `lab_record::Family`).
//!    That's all: the criterion binary, the `lab` binary, the
//!    `--families/--strategies/--sizes` filters, results.json and the report pick it up.
//!
//! A family may also have its own criterion target, e.g. `benches/accumulator.rs`
//! containing `bench_lab::criterion_target!(Some("accumulator"));` plus a
//! `[[bench]] name = "accumulator" harness = false` entry in Cargo.toml, for
//! `cargo bench --bench accumulator`. bench-all does not need it.
//!
//! Time budget: `quick` spends about 1.5 s per benchmark (see [`profile`]); a family that
//! wants more than ~25 benchmarks should register the extra ones only for `Profile::Full`
//! (`reg.profile`), so the default run stays a few minutes (README.md gives its time). Criterion ids are `<family>/<strategy>[@<variant>]/<workload>`.

#![forbid(unsafe_code)]

pub mod cases;
pub mod error;
pub mod filter;
pub mod floor;
pub mod instructions;
pub mod isa;
pub mod measured_mix;
pub mod paired;
pub mod peers;
pub mod profile;
pub mod reference;
pub mod rng;
pub mod rows;
pub mod scaling;
pub mod shared;
pub mod user_accounts;
pub mod validator;
pub mod workloads;

use criterion::{BenchmarkId, Criterion, Throughput};
use lab_record::BenchMeta;

pub use filter::{parse_size, Filter};
pub use profile::{Profile, ProfileSettings, Settings};

/// Declares the family modules and the list the registry walks: one name per report
/// family, each a module whose `register` adds every row of that family.
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
}

/// Criterion's throughput of a row: bytes when it hashes one item, elements otherwise.
fn throughput(m: &BenchMeta) -> Throughput {
    if m.items_per_iter > 1 || m.bytes_per_iter == 0 {
        Throughput::Elements(m.items_per_iter)
    } else {
        Throughput::Bytes(m.bytes_per_iter)
    }
}

/// One benchmark's inputs and the operation measured on them.
pub trait Case {
    /// Run one iteration, its result kept from the optimiser (the counted allocation pass).
    fn run_once(&mut self);
    /// Run `n` iterations. The default body is instantiated for each case type, so a caller
    /// holding a `dyn Case` pays one dynamic call per batch, not per iteration. Every pass
    /// that times a case times this loop: criterion ([`time`]), the paired pass and the
    /// instruction counts, so all of them time the same machine code.
    fn run_n(&mut self, n: u64) {
        for _ in 0..n {
            self.run_once();
        }
    }
    /// How many accounts one iteration hashes when [`Case::run_window`] can run a part of
    /// them; 0 (the default) when it cannot.
    fn window_items(&self) -> usize {
        0
    }
    /// Run the part `start..start + len` of one iteration (within [`Case::window_items`]):
    /// the paired pass's batches when one iteration is far longer than a batch.
    fn run_window(&mut self, start: usize, len: usize) {
        let _ = (start, len);
        self.run_once();
    }
    /// Compare this case's output with the reference digest; `None` when there is none.
    fn digest_matches_reference(&mut self) -> Option<bool>;
    /// The case's concrete type, so a test can check that two passes time the same loop.
    fn case_type(&self) -> &'static str {
        std::any::type_name::<Self>()
    }
}

/// Times `case` with criterion: each sample is one call of [`Case::run_n`], the loop the
/// paired pass times, so criterion and the paired pass time the same machine code (a
/// closure passed to `Bencher::iter` would be inlined into a second copy of the loop).
pub fn time(case: &mut dyn Case, b: &mut criterion::Bencher<'_>) {
    b.iter_custom(|iters| {
        let start = std::time::Instant::now();
        case.run_n(iters);
        start.elapsed()
    })
}

type MakeCase = Box<dyn Fn() -> Box<dyn Case>>;

/// A registered benchmark: its description, how to build its inputs and, for a
/// per-account strategy's row, what it offers the paired pass.
pub struct Bench {
    pub meta: BenchMeta,
    make: MakeCase,
    shared: Option<shared::SharedMakers>,
}

impl Bench {
    /// Builds the inputs (outside timing and outside the counted window).
    pub fn make(&self) -> Box<dyn Case> {
        (self.make)()
    }

    /// The shared inputs, code copies and A/A twins the row was registered with
    /// ([`Registry::add_shared`]); `None` for rows that build their own inputs.
    pub fn shared(&self) -> Option<&shared::SharedMakers> {
        self.shared.as_ref()
    }
}

/// Every benchmark of every family, for one profile.
pub struct Registry {
    pub profile: Profile,
    benches: Vec<Bench>,
    /// What the caller will select ([`Registry::wants`]).
    filter: Filter,
    /// Criterion's `--exact` id, when the criterion binary runs one benchmark.
    exact: Option<String>,
}

impl Registry {
    /// All families registered for `profile`.
    pub fn new(profile: Profile) -> Self {
        Self::with_filter(profile, &Filter::default())
    }

    /// All families registered for `profile`, for a caller that selects with `filter`:
    /// rows whose inputs are expensive to describe (the users' account files, which must
    /// be read to know their size) are registered only when `filter` accepts them.
    pub fn with_filter(profile: Profile, filter: &Filter) -> Self {
        Self::build(profile, filter.clone(), None)
    }

    fn build(profile: Profile, filter: Filter, exact: Option<String>) -> Self {
        let mut reg = Registry {
            profile,
            benches: Vec::new(),
            filter,
            exact,
        };
        for register in FAMILIES {
            register(&mut reg);
        }
        reg
    }

    /// Whether the caller may select a row with this meta (its id and `data_size` are what
    /// the filter reads): a family asks before building a costly row's meta.
    pub fn wants(&self, meta: &BenchMeta) -> bool {
        self.filter.accepts(meta)
            && self
                .exact
                .as_ref()
                .is_none_or(|id| *id == meta.id.criterion_id())
    }

    /// Registers one benchmark. `make` builds its inputs when (and only when) it runs.
    pub fn add(&mut self, meta: BenchMeta, make: impl Fn() -> Box<dyn Case> + 'static) {
        self.benches.push(Bench {
            meta,
            make: Box::new(make),
            shared: None,
        });
    }

    /// Registers one benchmark with what the paired pass needs to time it on inputs
    /// shared with the other rows of a comparison.
    pub fn add_shared(
        &mut self,
        meta: BenchMeta,
        make: impl Fn() -> Box<dyn Case> + 'static,
        shared: shared::SharedMakers,
    ) {
        self.benches.push(Bench {
            meta,
            make: Box::new(make),
            shared: Some(shared),
        });
    }

    /// The benchmarks a filter selects, in registration order.
    pub fn select<'a>(&'a self, filter: &'a Filter) -> impl Iterator<Item = &'a Bench> + 'a {
        self.benches.iter().filter(move |b| filter.accepts(&b.meta))
    }
}

/// The features of this build: the account-hash features that compiled a listed strategy
/// (from `account_hash::strategy::list`), then the lab's own that change what is measured.
pub fn enabled_features() -> Vec<String> {
    let lab = [
        ("peer-solana", cfg!(feature = "peer-solana")),
        ("blake3-no-avx512", cfg!(feature = "blake3-no-avx512")),
        ("blake3-no-avx2", cfg!(feature = "blake3-no-avx2")),
    ];
    ::account_hash::strategy::list::compiled_features()
        .into_iter()
        .chain(lab.into_iter().filter(|f| f.1).map(|f| f.0))
        .map(str::to_string)
        .collect()
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
        match fam.parse() {
            Ok(family) => filter.families = Some(vec![family]),
            Err(e) => {
                eprintln!("bench-lab: {e}");
                std::process::exit(2);
            }
        }
    }
    // `--exact <id>` (bench-all runs one benchmark per process): only that row's inputs.
    let args: Vec<String> = std::env::args().collect();
    let exact = args
        .iter()
        .position(|a| a == "--exact")
        .and_then(|i| args.get(i + 1).cloned());
    let reg = Registry::build(profile, filter.clone(), exact);
    for bench in reg.select(&filter) {
        let m = &bench.meta;
        let s = profile.settings(m);
        let mut group = c.benchmark_group(m.id.family.as_str());
        s.apply(&mut group);
        group.throughput(throughput(m));
        let mut case: Option<Box<dyn Case>> = None;
        let id = BenchmarkId::new(m.id.function(), m.id.workload.to_string());
        group.bench_function(id, |b| {
            time(&mut **case.get_or_insert_with(|| bench.make()), b)
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

    /// Criterion times a case through [`Case::run_n`], the loop the paired pass times, and
    /// never through a closure of its own around [`Case::run_once`].
    #[test]
    fn criterion_times_the_loop_the_paired_pass_times() {
        #[derive(Default)]
        struct Calls {
            once: u64,
            loops: u64,
        }
        impl Case for Calls {
            fn run_once(&mut self) {
                self.once += 1;
            }
            fn run_n(&mut self, n: u64) {
                self.loops += 1;
                std::hint::black_box(n);
            }
            fn digest_matches_reference(&mut self) -> Option<bool> {
                None
            }
        }
        let mut calls = Calls::default();
        let mut c = criterion::Criterion::default()
            .without_plots()
            .sample_size(10)
            .warm_up_time(std::time::Duration::from_millis(1))
            .measurement_time(std::time::Duration::from_millis(5));
        c.bench_function("calls", |b| time(&mut calls, b));
        assert!(calls.loops > 0, "run_n was never called");
        assert_eq!(calls.once, 0, "criterion called run_once outside run_n");
    }
    use lab_record::WorkloadKind;

    #[test]
    fn criterion_ids_are_unique() {
        let reg = Registry::new(Profile::Quick);
        let all = Filter::default();
        let mut ids: Vec<String> = reg.select(&all).map(|b| b.meta.id.criterion_id()).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate criterion ids");
        assert!(n > 0);
    }

    /// Every workload the lab registers, in every profile, reads back from its text as
    /// itself (a kind lab-record names, the same parameter), and every kind lab-record
    /// names is registered by some profile (`user_accounts` needs `HASHLAB_ACCOUNTS`
    /// files; `rayon_mix` is batch's).
    #[test]
    fn every_workload_kind_is_a_known_kind() {
        use lab_record::Workload;
        let mut seen = std::collections::BTreeSet::new();
        for &profile in Profile::ALL {
            let reg = Registry::new(profile);
            for b in reg.select(&Filter::default()) {
                let w = &b.meta.id.workload;
                assert_eq!(
                    w.to_string().parse::<Workload>().as_ref(),
                    Ok(w),
                    "{profile}"
                );
                seen.insert(w.kind);
            }
        }
        for kind in WorkloadKind::ALL {
            let registered = match kind {
                WorkloadKind::UserAccounts => continue,
                WorkloadKind::RayonMix => has_batch(),
                _ => true,
            };
            assert_eq!(seen.contains(kind), registered, "{kind}");
        }
    }

    /// A row registered with shared inputs is timed through the same case type by every
    /// pass: criterion's case ([`Bench::make`]) is one of the paired pass's code copies, so
    /// both run the same loop around the same hashing code.
    #[test]
    fn criterion_times_the_paired_pass_case() {
        let reg = Registry::new(Profile::Smoke);
        let mut checked = 0;
        for b in reg.select(&Filter::default()) {
            let Some(shared) = b.shared() else { continue };
            let criterion = b.make().case_type();
            let paired: Vec<&str> = shared
                .copies
                .iter()
                .map(|make| make(shared.inputs.build()).case_type())
                .collect();
            assert!(
                paired.contains(&criterion),
                "{}: criterion times {criterion}, the paired pass {paired:?}",
                b.meta.id.criterion_id()
            );
            checked += 1;
        }
        assert!(checked > 20, "{checked}");
    }

    /// The rows' roles: copy-buffer cap=200 and negentropy 0.5 on its vector storage are
    /// baselines, copy-buffer cap=47 and negentropy 0.4.4 what the seed replaced; the lab
    /// never writes the A/A control's role (xtask does).
    #[test]
    fn roles_are_the_seeds() {
        use lab_record::{Role, Setting, Storage};
        let reg = Registry::new(Profile::Quick);
        for b in reg.select(&Filter::default()) {
            let id = &b.meta.id;
            let setting = id.variant.and_then(|v| v.setting);
            let expected = match (id.strategy.as_str(), setting) {
                ("copy-buffer", Some(Setting::Capacity(200)))
                | ("peer:negentropy", Some(Setting::Storage(Storage::Vector))) => Role::Baseline,
                ("copy-buffer", Some(Setting::Capacity(47)))
                | ("peer:negentropy", Some(Setting::Release { major: 0, minor: 4 })) => {
                    Role::Previous
                }
                _ if b.meta.role == Role::Baseline => continue,
                _ => Role::Candidate,
            };
            assert_eq!(b.meta.role, expected, "{}", id.criterion_id());
        }
    }

    #[test]
    fn filter_selects_by_strategy_variant_and_size() {
        let reg = Registry::new(Profile::Quick);
        let f = Filter::parse(None, Some("copy-buffer@cap=47"), Some("165"), None).unwrap();
        let picked: Vec<_> = reg.select(&f).map(|b| b.meta.id.criterion_id()).collect();
        let copy_buffer =
            ::account_hash::strategy::list::compiled_features().contains(&"copy-buffer");
        assert_eq!(!picked.is_empty(), copy_buffer);
        for id in &picked {
            assert!(
                id.contains("copy-buffer@cap=47") && id.ends_with("/165"),
                "{id}"
            );
        }
        let reconcile = Filter::parse(
            Some("reconcile"),
            None,
            None,
            Some(WorkloadKind::FullExchange.as_str()),
        )
        .unwrap();
        assert!(reg.select(&reconcile).count() > 0);
        for b in reg.select(&reconcile) {
            assert_eq!(b.meta.id.workload.kind, WorkloadKind::FullExchange);
        }
        let err = Filter::parse(Some("no-such-family"), None, None, None).unwrap_err();
        assert!(err.to_string().contains("no-such-family"), "{err}");
    }

    fn has_batch() -> bool {
        ::account_hash::strategy::list::compiled_features().contains(&"batch")
    }

    /// Every batch, peer and input-phase case (smoke profile) reproduces its reference; the
    /// per-account lt set rows match when they claim the consensus digest and differ
    /// otherwise. A wrong peer wiring (field order, missing field) fails here.
    #[test]
    fn batch_peer_and_input_phase_cases_match_the_reference() {
        let reg = Registry::new(Profile::Smoke);
        let mut checked = Vec::new();
        for b in reg.select(&Filter::default()) {
            let m = &b.meta;
            let ours = [
                "batch",
                floor::INPUT_PHASE_ROW,
                floor::THROUGHPUT_ROW,
                floor::LATENCY_ROW,
                floor::CLOCK_ROW,
            ]
            .contains(&m.id.strategy.as_str());
            let peer = m.id.strategy.starts_with("peer:");
            let lt_set = m.id.family == lab_record::Family::LtHash
                && m.id.workload.is(WorkloadKind::Set1024);
            if !(ours || peer || lt_set) || m.data_size.is_some_and(|d| d >= 1 << 20) {
                continue;
            }
            let mut case = b.make();
            case.run_once();
            let expected = m.claims_consensus;
            let id = m.id.criterion_id();
            assert_eq!(case.digest_matches_reference(), Some(expected), "{id}");
            checked.push(id);
        }
        let has = |s: &str| checked.iter().any(|id| id.contains(s));
        assert!(has("peer:blake3-serial/set_1024/165"), "{checked:?}");
        #[cfg(feature = "peer-solana")]
        assert!(has("peer:solana-lattice-hash/set_1024/200"), "{checked:?}");
        assert!(has("input-phase@"), "{checked:?}");
        assert!(has("floor-throughput@"), "{checked:?}");
        assert!(has("floor-latency@"), "{checked:?}");
        assert!(has("account-hash/clock/dependent_add/"), "{checked:?}");
        if has_batch() {
            assert!(has("account-hash/batch@"), "{checked:?}");
            assert!(has("lt-hash/batch@"), "{checked:?}");
            assert!(has("rayon_mix/100000"), "{checked:?}");
        }
    }

    #[test]
    fn batch_rows_share_the_per_account_workload_names() {
        let reg = Registry::new(Profile::Quick);
        let all: Vec<BenchMeta> = reg
            .select(&Filter::default())
            .map(|b| b.meta.clone())
            .collect();
        for m in all.iter().filter(|m| m.id.strategy == "batch") {
            // Sets hold 1024 accounts whatever their size.
            if matches!(
                m.id.workload.kind,
                WorkloadKind::RayonMix
                    | WorkloadKind::Set1024
                    | WorkloadKind::Vote1024
                    | WorkloadKind::SizeLadder
            ) {
                continue;
            }
            // Above one chunk a batch row hashes the per-account rows' one account.
            let meta_len = cases::AccountDigest::of(m.id.digest).map_or(0, |d| d.meta_len());
            let one_chunk = m
                .data_size
                .is_none_or(|d| d as usize + meta_len <= blake3_lanes::CHUNK_LEN);
            assert_eq!(m.items_per_iter > 1, one_chunk, "{}", m.id.criterion_id());
            assert!(
                all.iter().any(|o| o.id.strategy != "batch"
                    && o.id.family == m.id.family
                    && o.id.workload == m.id.workload),
                "no per-account row on {}",
                m.id.criterion_id()
            );
        }
        let rayon = all.iter().any(|m| m.id.workload.is(WorkloadKind::RayonMix));
        assert_eq!(rayon, has_batch());
    }

    /// batch and lane-xof on every backend this CPU supports: the widest on every
    /// workload, the others on the 165-byte ones and the lt mix; each matches the reference.
    #[test]
    fn every_backend_is_measured_on_the_narrow_workloads() {
        let reg = Registry::new(Profile::Quick);
        let ids: Vec<String> = reg
            .select(&Filter::default())
            .map(|b| b.meta.id.criterion_id())
            .collect();
        let lt_mix = workloads::lt_mix(Profile::Quick).0;
        let features = ::account_hash::strategy::list::compiled_features();
        for b in blake3_lanes::Backend::available() {
            let b = b.name();
            let mut expected = vec![
                format!("account-hash/input-phase@{b}/compression/1024"),
                format!("account-hash/floor-throughput@{b}/compression/256"),
                format!("account-hash/floor-latency@{b}/compression/256"),
            ];
            #[cfg(target_arch = "x86_64")]
            expected.extend([
                format!("account-hash/port-limit@{b}/op_throughput/add"),
                format!("account-hash/port-limit@{b}/op_latency/add"),
            ]);
            if features.contains(&"batch") {
                expected.push(format!("account-hash/batch@{b}/data_size/165"));
                expected.push(format!("lt-hash/batch@{b}/set_1024/165"));
                expected.push(format!("lt-hash/batch@{b}/mainnet_mix/{lt_mix}"));
            }
            if features.contains(&"lane-xof") {
                expected.push(format!("lt-hash/lane-xof@{b}/data_size/165"));
                expected.push(format!("lt-hash/lane-xof@{b}/set_1024/165"));
                expected.push(format!("lt-hash/lane-xof@{b}/mainnet_mix/{lt_mix}"));
            }
            for id in expected {
                assert!(ids.contains(&id), "{id} missing");
            }
        }
        if features.contains(&"lane-xof") {
            let widest = blake3_lanes::Backend::detect().name();
            for size in lt_hash::LT_SIZES {
                let id = format!("lt-hash/lane-xof@{widest}/data_size/{size}");
                assert!(ids.contains(&id), "{id} missing");
            }
            let legacy: Vec<_> = ids
                .iter()
                .filter(|id| id.starts_with("account-hash/lane-xof@"))
                .collect();
            assert_eq!(
                legacy,
                [&format!("account-hash/lane-xof@{widest}/data_size/165")]
            );
        }
        let f = Filter::parse(None, Some("lane-xof,batch,input-phase"), Some("165"), None).unwrap();
        let reg = Registry::new(Profile::Smoke);
        for b in reg.select(&f) {
            let mut case = b.make();
            case.run_once();
            let id = b.meta.id.criterion_id();
            assert_eq!(case.digest_matches_reference(), Some(true), "{id}");
        }
    }

    /// Every row says which instruction set its hashing code may use, except the set
    /// reconciliation families, whose code is not BLAKE3.
    #[test]
    fn isa_is_filled_on_every_hashing_row() {
        use lab_record::Family;
        let reg = Registry::new(Profile::Smoke);
        for b in reg.select(&Filter::default()) {
            let m = &b.meta;
            let hashing = matches!(m.id.family, Family::AccountHash | Family::LtHash);
            assert_eq!(m.isa.is_some(), hashing, "{}", m.id.criterion_id());
            let lanes = m.id.strategy == "batch" || m.id.strategy == "lane-xof";
            // The variant names the backend (`avx2`, `avx2 staging=gather`), else the threads.
            let Some(variant) = m.id.variant.filter(|_| lanes) else {
                continue;
            };
            let Some(backend) = variant.backend() else {
                assert!(variant.threads().is_some(), "{variant}");
                continue;
            };
            // Messages over one chunk take the blake3 crate: the mix's tail, 1 KiB and more.
            // Otherwise the isa is the backend's, whatever the blake3 crate's is.
            let meta_len = cases::AccountDigest::of(m.id.digest).map_or(0, |d| d.meta_len());
            let over_chunk = match m.id.workload.kind {
                WorkloadKind::DataSize => {
                    m.data_size.unwrap() as usize + meta_len > blake3_lanes::CHUNK_LEN
                }
                WorkloadKind::Set1024 => false,
                _ => true,
            };
            // lane-xof's legacy hash is the blake3 crate's; so is a row whose every
            // message is over a chunk.
            let legacy_lane_xof = m.id.family == Family::AccountHash && m.id.strategy == "lane-xof";
            // batch keeps the vote accounts and the size ladder (every message below the
            // crossover to the blake3 crate) in its lanes: its backend's isa, on any backend.
            let batch_set = m.id.strategy == "batch"
                && matches!(
                    m.id.workload.kind,
                    WorkloadKind::Vote1024 | WorkloadKind::SizeLadder
                );
            let expected = if batch_set {
                backend
            } else if legacy_lane_xof || (over_chunk && m.id.workload.is(WorkloadKind::DataSize)) {
                isa::blake3()
            } else if over_chunk {
                isa::widest(backend, isa::blake3())
            } else {
                backend
            };
            assert_eq!(m.isa, Some(expected), "{}", m.id.criterion_id());
        }
    }
}
