//! The one list of strategies compiled in. The lab (`bench-lab`: its rows, `lab list`) and
//! `xtask verify` iterate it with a [`StrategyVisitor`], so a strategy listed here is
//! measured and verified everywhere; nothing else names the strategies one by one.
//!
//! Each line sits behind the cargo feature that compiles its strategy. Adding a
//! per-account strategy is one file in `src/strategy/` (declared in `mod.rs`), one line in
//! [`visit`] and one feature in Cargo.toml: `docs/adding-a-strategy.md` walks through it.

use super::*;
use crate::digest::IntoLtLanes;

/// Whether the validator runs a strategy instance: a fact about the instance, which the lab
/// turns into the row's role in its tables (`lab_record::Role`: the validator's current
/// code is every account-hash table's baseline).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValidatorCode {
    /// The validator's current code (`copy-buffer cap=200`).
    Current,
    /// What the validator ran before (`copy-buffer cap=47`).
    Previous,
    /// Any other strategy or variant.
    Other,
}

/// Which of an instance's digests are computed across SIMD lanes (the rest take the blake3
/// crate), so the lab knows which rows its backend decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneDigests {
    /// Neither: the blake3 crate, or the strategy's own scalar code.
    None,
    /// The LtHash only (its XOF across lanes); the legacy hash is the blake3 crate's.
    Lt,
    /// Both digests (many accounts across lanes).
    Both,
}

/// How one listed strategy instance is compiled and compared: its feature, whether the validator runs it and
/// what it can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrategyEntry {
    /// The cargo feature of this crate that compiles the strategy.
    pub feature: &'static str,
    /// Whether the validator runs this instance.
    pub validator: ValidatorCode,
    /// For strategies with run-time backends: this instance's backend
    /// (`blake3_lanes::Backend::name`: `portable`, `sse41`, `avx2`, `avx512`).
    pub backend: Option<&'static str>,
    /// Whether this is the instance a caller gets by default: the widest backend this CPU
    /// supports, and always true for strategies without backends. The lab measures the
    /// default instances on every workload and the others on a few; verify checks every
    /// instance.
    pub default_instance: bool,
    /// Which digests the instance computes across lanes.
    pub lane_digests: LaneDigests,
    /// For copy-buffer instances: the capacity whose [`CODE_COPIES`] distinct compiled
    /// copies [`visit_code_copies`] offers the paired pass.
    pub code_copies: Option<usize>,
}

impl StrategyEntry {
    /// A candidate strategy without backends, compiled by `feature`.
    pub const fn new(feature: &'static str) -> Self {
        StrategyEntry {
            feature,
            validator: ValidatorCode::Other,
            backend: None,
            default_instance: true,
            lane_digests: LaneDigests::None,
            code_copies: None,
        }
    }

    /// The same entry, as the validator's current or previous code.
    pub const fn validator(self, validator: ValidatorCode) -> Self {
        StrategyEntry { validator, ..self }
    }

    /// The same entry, offering the code copies of copy-buffer at `cap`.
    pub const fn copies(self, cap: usize) -> Self {
        StrategyEntry {
            code_copies: Some(cap),
            ..self
        }
    }
}

/// Receives every listed strategy instance, in list order.
pub trait StrategyVisitor {
    /// A per-account strategy (one account per call).
    fn per_account<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + Send + Sync + 'static,
        H::Lt: IntoLtLanes;

    /// A strategy that hashes many accounts per call.
    fn batch<B>(&mut self, entry: &StrategyEntry, batch: B)
    where
        B: BatchHasher + Clone + Send + Sync + 'static,
        B::Lt: IntoLtLanes;

    /// A variant measured only in its strategy's parameter sweep (copy-buffer's
    /// capacities, [`SWEEP_CAPS`]); ignored unless a visitor wants it.
    fn sweep<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + Send + Sync + 'static,
        H::Lt: IntoLtLanes,
    {
        let _ = (entry, hasher);
    }
}

/// Visits every strategy compiled in: per-account strategies first (the seed's order),
/// then the many-accounts ones (one instance per backend this CPU supports, and batch's
/// other staging, [`batch::Staging::Gather`], on the widest backend, measured beside the
/// default), then the sweep variants.
#[rustfmt::skip] // one line per strategy instance
pub fn visit(v: &mut impl StrategyVisitor) {
    #[cfg(feature = "copy-buffer")]
    v.per_account(&COPY_BUFFER.validator(ValidatorCode::Previous).copies(47), copy_buffer::CopyBuffer47::default());
    #[cfg(feature = "copy-buffer")]
    v.per_account(&COPY_BUFFER.validator(ValidatorCode::Current).copies(200), copy_buffer::CopyBuffer200::default());
    #[cfg(feature = "streaming")]
    v.per_account(&StrategyEntry::new("streaming"), streaming::Streaming);
    #[cfg(feature = "meta-first")]
    v.per_account(&StrategyEntry::new("meta-first"), meta_first::MetaFirst);
    #[cfg(feature = "test-strategy")]
    v.per_account(&StrategyEntry::new("test-strategy"), vec_gather::VecGather);
    #[cfg(feature = "lane-xof")]
    per_backend("lane-xof", LaneDigests::Lt, lane_xof::LaneXof::with_backend).for_each(|(e, h)| v.per_account(&e, h));
    #[cfg(feature = "batch")]
    per_backend("batch", LaneDigests::Both, batch::Batch::with_backend).for_each(|(e, b)| v.batch(&e, b));
    #[cfg(feature = "batch")]
    per_backend("batch", LaneDigests::Both, batch::Batch::with_backend).filter(|(e, _)| e.default_instance).for_each(|(e, b)| v.batch(&StrategyEntry { default_instance: false, ..e }, b.with_staging(batch::Staging::Gather)));
    #[cfg(feature = "copy-buffer")]
    visit_copy_buffer_sweep(v);
    let _ = v;
}

/// The names of the compiled strategies that hash many accounts across the lanes at once
/// (those [`visit`] offers through [`StrategyVisitor::batch`]); every other strategy hashes
/// one account at a time.
pub fn many_account_strategies() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl StrategyVisitor for Names {
        fn per_account<H>(&mut self, _: &StrategyEntry, _: H)
        where
            H: AccountHasher + Clone + Send + Sync + 'static,
            H::Lt: IntoLtLanes,
        {
        }
        fn batch<B>(&mut self, _: &StrategyEntry, _: B)
        where
            B: BatchHasher + Clone + Send + Sync + 'static,
            B::Lt: IntoLtLanes,
        {
            if !self.0.contains(&B::STRATEGY) {
                self.0.push(B::STRATEGY);
            }
        }
    }
    let mut names = Names(Vec::new());
    visit(&mut names);
    names.0
}

#[cfg(feature = "copy-buffer")]
const COPY_BUFFER: StrategyEntry = StrategyEntry::new("copy-buffer");

/// The data capacities of the lab's copy-buffer sweep (buffer = 81 + N; 47 → 128,
/// 175 → 256 and 239 → 320 are multiples of 64, the seed thread's question).
pub const SWEEP_CAPS: [usize; 8] = [0, 47, 128, 175, 200, 239, 256, 512];

/// copy-buffer at each of [`SWEEP_CAPS`] as a sweep variant: cap=200 as the validator's
/// current code, cap=47 as its previous.
#[cfg(feature = "copy-buffer")]
fn visit_copy_buffer_sweep(v: &mut impl StrategyVisitor) {
    use crate::copy_buffer;
    use ValidatorCode::{Current, Other, Previous};
    let with = |validator, cap| COPY_BUFFER.validator(validator).copies(cap);
    v.sweep(&with(Other, 0), <copy_buffer!(0)>::default());
    v.sweep(&with(Previous, 47), <copy_buffer!(47)>::default());
    v.sweep(&with(Other, 128), <copy_buffer!(128)>::default());
    v.sweep(&with(Other, 175), <copy_buffer!(175)>::default());
    v.sweep(&with(Current, 200), <copy_buffer!(200)>::default());
    v.sweep(&with(Other, 239), <copy_buffer!(239)>::default());
    v.sweep(&with(Other, 256), <copy_buffer!(256)>::default());
    v.sweep(&with(Other, 512), <copy_buffer!(512)>::default());
}

/// How many distinct compiled copies of one copy-buffer capacity [`visit_code_copies`]
/// visits.
pub const CODE_COPIES: usize = 4;

/// Visits [`CODE_COPIES`] distinct compiled copies of `copy_buffer!(cap)` for a capacity of
/// [`SWEEP_CAPS`]: `cap`, `cap + 1`, `cap + 2`, `cap + 3`, each its own monomorphization of
/// the gather, doing the same work for every data size except `cap + 1 ..= cap + 3` bytes.
/// The lab's paired comparisons pick one copy per memory layout, so code placement (which
/// address randomization never changes: it moves whole pages) is sampled like stack and
/// heap placement. Returns false (visiting nothing) for other capacities or without the
/// `copy-buffer` feature.
pub fn visit_code_copies(cap: usize, v: &mut impl StrategyVisitor) -> bool {
    #[cfg(feature = "copy-buffer")]
    {
        use crate::copy_buffer;
        macro_rules! copies {
            ($($cap:literal),*) => {
                match cap {
                    $($cap => {
                        v.per_account(&COPY_BUFFER, <copy_buffer!($cap)>::default());
                        v.per_account(&COPY_BUFFER, <copy_buffer!($cap + 1)>::default());
                        v.per_account(&COPY_BUFFER, <copy_buffer!($cap + 2)>::default());
                        v.per_account(&COPY_BUFFER, <copy_buffer!($cap + 3)>::default());
                        true
                    })*
                    _ => false,
                }
            };
        }
        // The same capacities as SWEEP_CAPS (a test checks).
        copies!(0, 47, 128, 175, 200, 239, 256, 512)
    }
    #[cfg(not(feature = "copy-buffer"))]
    {
        let _ = (cap, v);
        false
    }
}

/// The cargo features of this crate that compiled a listed strategy, in list order, once
/// each.
pub fn compiled_features() -> Vec<&'static str> {
    struct Features(Vec<&'static str>);
    impl Features {
        fn push(&mut self, entry: &StrategyEntry) {
            if !self.0.contains(&entry.feature) {
                self.0.push(entry.feature);
            }
        }
    }
    impl StrategyVisitor for Features {
        fn per_account<H>(&mut self, entry: &StrategyEntry, _: H)
        where
            H: AccountHasher,
        {
            self.push(entry);
        }
        fn batch<B>(&mut self, entry: &StrategyEntry, _: B) {
            self.push(entry);
        }
    }
    let mut features = Features(Vec::new());
    visit(&mut features);
    features.0
}

/// One instance per backend this CPU supports, made by `make` (e.g. `Batch::with_backend`),
/// each with its entry: the widest backend is the default instance.
#[cfg(feature = "lanes")]
pub fn per_backend<T, E>(
    feature: &'static str,
    lane_digests: LaneDigests,
    make: impl Fn(blake3_lanes::Backend) -> Result<T, E>,
) -> impl Iterator<Item = (StrategyEntry, T)> {
    let widest = blake3_lanes::Backend::detect();
    blake3_lanes::Backend::available().filter_map(move |backend| {
        let entry = StrategyEntry {
            backend: Some(backend.name()),
            default_instance: backend == widest,
            lane_digests,
            ..StrategyEntry::new(feature)
        };
        make(backend).ok().map(|instance| (entry, instance))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_account_strategies_are_the_batch_ones() {
        let names = many_account_strategies();
        assert_eq!(
            names.contains(&"batch"),
            cfg!(feature = "batch"),
            "{names:?}"
        );
        for one_at_a_time in ["copy-buffer", "streaming", "meta-first", "lane-xof"] {
            assert!(!names.contains(&one_at_a_time), "{names:?}");
        }
    }

    /// Names of the listed instances and whether the validator runs them.
    #[derive(Default)]
    struct Names(Vec<(String, ValidatorCode, bool)>);

    impl StrategyVisitor for Names {
        fn per_account<H: AccountHasher>(&mut self, entry: &StrategyEntry, hasher: H) {
            self.0.push((label::<H>(&hasher), entry.validator, false));
        }
        fn batch<B: BatchHasher>(&mut self, entry: &StrategyEntry, batch: B) {
            let backend = match batch.variant() {
                Some(crate::Instance::Backend { backend, .. }) => Some(backend),
                _ => None,
            };
            assert_eq!(entry.backend, backend);
            self.0.push((label::<B>(&batch), entry.validator, false));
        }
        fn sweep<H: AccountHasher>(&mut self, entry: &StrategyEntry, hasher: H) {
            self.0.push((label::<H>(&hasher), entry.validator, true));
        }
    }

    fn label<H: AccountHasher>(h: &H) -> String {
        match h.variant() {
            Some(v) => format!("{} {v}", H::STRATEGY),
            None => H::STRATEGY.to_string(),
        }
    }

    #[test]
    fn each_strategy_is_listed_once_and_cap_200_is_the_only_baseline() {
        let mut names = Names::default();
        visit(&mut names);
        let listed: Vec<_> = names.0.iter().filter(|n| !n.2).collect();
        let mut labels: Vec<_> = listed.iter().map(|n| n.0.clone()).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), listed.len(), "{listed:?}");
        let baselines: Vec<_> = listed
            .iter()
            .filter(|n| n.1 == ValidatorCode::Current)
            .collect();
        if cfg!(feature = "copy-buffer") {
            assert_eq!(baselines.len(), 1);
            assert_eq!(baselines[0].0, "copy-buffer cap=200");
        } else {
            assert!(baselines.is_empty());
        }
        assert_eq!(
            labels.iter().any(|l| l == "streaming"),
            cfg!(feature = "streaming")
        );
        assert_eq!(
            labels.iter().any(|l| l.starts_with("batch ")),
            cfg!(feature = "batch")
        );
    }

    /// The strategy features of Cargo.toml and whether this build turned each on.
    const STRATEGY_FEATURES: [(&str, bool); 6] = [
        ("copy-buffer", cfg!(feature = "copy-buffer")),
        ("streaming", cfg!(feature = "streaming")),
        ("meta-first", cfg!(feature = "meta-first")),
        ("test-strategy", cfg!(feature = "test-strategy")),
        ("lane-xof", cfg!(feature = "lane-xof")),
        ("batch", cfg!(feature = "batch")),
    ];

    #[test]
    fn compiled_features_are_the_listed_ones() {
        let features = compiled_features();
        for (feature, on) in STRATEGY_FEATURES {
            assert_eq!(features.contains(&feature), on, "{feature}: {features:?}");
        }
    }

    /// An entry's feature is one of Cargo.toml's, so `lab list --json` never reports a
    /// feature cargo does not know.
    #[test]
    fn every_entry_names_a_cargo_feature() {
        let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .expect("the crate's Cargo.toml");
        let section = toml
            .split("[features]")
            .nth(1)
            .and_then(|s| s.split("\n[").next())
            .expect("a [features] section");
        let declared: Vec<&str> = section
            .lines()
            .filter_map(|l| l.split_once(" = ").map(|(k, _)| k.trim()))
            .collect();
        for f in compiled_features() {
            assert!(declared.contains(&f), "{f} is not in {declared:?}");
        }
    }

    #[test]
    fn the_sweep_visits_every_documented_cap_once() {
        let mut names = Names::default();
        visit(&mut names);
        let swept: Vec<_> = names.0.iter().filter(|n| n.2).collect();
        if !cfg!(feature = "copy-buffer") {
            assert!(swept.is_empty());
            return;
        }
        let expected: Vec<_> = SWEEP_CAPS
            .iter()
            .map(|cap| {
                let validator = match cap {
                    200 => ValidatorCode::Current,
                    47 => ValidatorCode::Previous,
                    _ => ValidatorCode::Other,
                };
                (format!("copy-buffer cap={cap}"), validator, true)
            })
            .collect();
        let swept: Vec<_> = swept.into_iter().cloned().collect();
        assert_eq!(swept, expected);
    }
}
