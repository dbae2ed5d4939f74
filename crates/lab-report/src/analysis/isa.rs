//! Per instruction set: which benchmarks a capped lab build (`blake3-no-avx512`,
//! `blake3-no-avx2`) re-runs, and the per-ISA tables of the report: per (family, digest,
//! workload) each strategy's time per account on every instruction set measured, and its
//! ratio to the blake3 crate's baseline (copy-buffer cap=200) on the same instruction set.
//!
//! Rows come from the main build (whose blake3 rows use the widest instruction set of the
//! machine, and whose batch / lane-xof rows are per backend: variant = backend) and from
//! the capped builds (rows with `build`, the same benchmarks on a narrower `isa`).

use super::view::param_order;
use lab_record::{
    BenchId, Digest, Family, Isa, PlanFile, Planned, Record, ResultsFile, Variant, Workload,
    WorkloadKind,
};
use std::collections::{BTreeMap, BTreeSet};

/// The benchmarks of `capped`'s plan that a capped build must re-run: those of the main
/// build's plan (same id) whose `isa` differs in the capped build, i.e. the rows
/// that call the blake3 crate, on the workloads the per-ISA tables show (see
/// [`per_isa_workload`]). Benchmarks new in `capped` are not re-run.
pub fn capped_reruns(main: &PlanFile, capped: &PlanFile, large_sizes: bool) -> Vec<Planned> {
    let main_isa: BTreeMap<&BenchId, Option<Isa>> = main
        .benches
        .iter()
        .map(|p| (&p.meta.id, p.meta.isa))
        .collect();
    capped
        .benches
        .iter()
        .filter(|p| {
            main_isa
                .get(&p.meta.id)
                .is_some_and(|isa| *isa != p.meta.isa)
                && per_isa_workload(&p.meta.id.workload, large_sizes)
        })
        .cloned()
        .collect()
}

/// Whether a workload is shown per instruction set: not the capacity sweep (a question of
/// buffer sizes, not of SIMD); the mixes and sets; of the data sizes, in the quick profile
/// only the token and stake accounts (165 and 200 B), the vote accounts always (a validator
/// hashes them every slot), and the other large-account workloads (size ladder, slot delta)
/// only when `large_sizes` (the full profile), so that the default run keeps its time.
pub fn per_isa_workload(w: &lab_record::Workload, large_sizes: bool) -> bool {
    match w.kind {
        WorkloadKind::CapSweep => false,
        WorkloadKind::DataSize => {
            large_sizes || w.param_u64().is_some_and(|n| n == 165 || n == 200)
        }
        WorkloadKind::Vote1024 => true,
        WorkloadKind::SizeLadder | WorkloadKind::SlotDelta => large_sizes,
        _ => true,
    }
}

/// The peer that picks its own kernel at run time (its `isa` is the one it picked).
pub use lab_record::identity::VALIDATOR_LT_PEER as RUNTIME_PICK;

/// One strategy on one instruction set.
pub struct IsaCell {
    /// Time per account, ns.
    pub ns: f64,
    /// Time / the baseline's on the same instruction set.
    pub ratio: Option<f64>,
}

pub struct IsaRow {
    /// The strategy, without the variant when the variant is the backend.
    pub label: String,
    /// One cell per column of [`IsaTable::isas`].
    pub cells: Vec<Option<IsaCell>>,
    /// Whether the strategy picks its kernel at run time (the validator's LtHash peer).
    runtime_pick: bool,
}

impl IsaRow {
    /// Whether the strategy picks its kernel at run time.
    pub fn runtime_pick(&self) -> bool {
        self.runtime_pick
    }
}

pub struct IsaTable {
    pub family: Family,
    pub digest: Digest,
    pub workload: Workload,
    /// The instruction sets measured, narrowest first.
    pub isas: Vec<Isa>,
    pub rows: Vec<IsaRow>,
}

/// The row label in per-ISA tables: `batch` for `batch avx2` (its variant is its backend).
pub fn isa_label(r: &Record) -> String {
    let id = r.id();
    match (id.variant, r.meta.isa) {
        (Some(v), Some(isa)) if v == Variant::backend_of(isa) => id.strategy.clone(),
        _ => id.label(),
    }
}

fn in_isa_tables(r: &Record) -> bool {
    let id = r.id();
    r.meta.isa.is_some()
        && r.control.is_none()
        && matches!(id.family, Family::AccountHash | Family::LtHash)
        && !lab_record::floor_rows::is_input_phase(&id.strategy)
        && !id.workload.is(WorkloadKind::CapSweep)
}

type Key = (Family, Digest, &'static str, Workload);
type Cells<'a> = BTreeMap<String, BTreeMap<Isa, &'a Record>>;

/// Per (family, digest, workload) with rows on at least two instruction sets.
pub fn per_isa(file: &ResultsFile) -> Vec<IsaTable> {
    let mut by: BTreeMap<Key, Cells> = BTreeMap::new();
    for r in file.results.iter().filter(|r| in_isa_tables(r)) {
        let id = r.id();
        let key = (
            id.family,
            id.digest,
            id.workload.kind.as_str(),
            id.workload.clone(),
        );
        let isa = r.meta.isa.unwrap_or(Isa::Portable);
        by.entry(key)
            .or_default()
            .entry(isa_label(r))
            .or_default()
            .entry(isa)
            .or_insert(r);
    }
    let mut tables: Vec<IsaTable> = by
        .into_iter()
        .filter_map(|((family, digest, _, workload), cells)| {
            table(family, digest, workload, &cells)
        })
        .collect();
    tables.sort_by(|a, b| {
        (a.family, a.digest, a.workload.kind.as_str())
            .cmp(&(b.family, b.digest, b.workload.kind.as_str()))
            .then_with(|| param_order(&a.workload.param, &b.workload.param))
    });
    tables
}

fn table(family: Family, digest: Digest, workload: Workload, cells: &Cells) -> Option<IsaTable> {
    let isas: Vec<Isa> = cells
        .values()
        .flat_map(|m| m.keys().copied())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if isas.len() < 2 {
        return None;
    }
    let baseline = cells
        .iter()
        .find(|(_, m)| m.values().any(|r| r.meta.is_baseline()))
        .map(|(l, _)| l.as_str());
    let base = baseline.and_then(|b| cells.get(b));
    let mut labels: Vec<&String> = cells.keys().collect();
    labels.sort_by_key(|l| (Some(l.as_str()) != baseline, l.as_str()));
    let rows = labels
        .into_iter()
        .map(|label| IsaRow {
            label: label.clone(),
            runtime_pick: cells[label].values().any(|r| r.id().is_validator_lt_peer()),
            cells: isas
                .iter()
                .map(|isa| {
                    let r = *cells[label].get(isa)?;
                    let ns = r.ns_per_item().estimate;
                    let b = base.and_then(|m| m.get(isa));
                    let ratio = b.map(|b| ns / b.ns_per_item().estimate);
                    Some(IsaCell { ns, ratio })
                })
                .collect(),
        })
        .collect();
    Some(IsaTable {
        family,
        digest,
        workload,
        isas,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_record::{BenchId, BenchMeta};

    fn planned(strategy: &str, variant: Option<&str>, isa: Option<Isa>) -> Planned {
        let id = BenchId {
            family: Family::AccountHash,
            digest: Digest::Legacy,
            strategy: strategy.into(),
            variant: variant.map(|v| v.parse().unwrap()),
            workload: Workload::new(WorkloadKind::DataSize, 165),
        };
        Planned {
            meta: BenchMeta {
                id,
                data_size: Some(165),
                bytes_per_iter: 246,
                items_per_iter: 1,
                role: lab_record::Role::Candidate,
                claims_consensus: true,
                isa,
            },
            expected_secs: 1.0,
            compressions_per_item: None,
        }
    }

    fn plan(benches: Vec<Planned>) -> PlanFile {
        PlanFile {
            profile: lab_record::Profile::Quick,
            features: vec![],
            benches,
        }
    }

    /// Only benchmarks of the main plan whose `isa` the capped build changes are re-run:
    /// the blake3 crate's rows, not the per-backend batch rows, not the peer that picks its
    /// own kernel, not rows without an instruction set, not benchmarks new in the build.
    #[test]
    fn a_capped_build_reruns_the_rows_whose_isa_it_changes() {
        use Isa::*;
        let main = plan(vec![
            planned("copy-buffer", Some("cap=200"), Some(Avx512)),
            planned("streaming", None, Some(Avx512)),
            planned("batch", Some("avx2"), Some(Avx2)),
            planned("batch", Some("avx512"), Some(Avx512)),
            planned(RUNTIME_PICK, None, Some(Avx512)),
            planned("accumulator", None, None),
        ]);
        let capped = plan(vec![
            planned("copy-buffer", Some("cap=200"), Some(Avx2)),
            planned("streaming", None, Some(Avx2)),
            planned("batch", Some("avx2"), Some(Avx2)),
            planned("batch", Some("avx512"), Some(Avx512)),
            planned(RUNTIME_PICK, None, Some(Avx512)),
            planned("accumulator", None, None),
            planned("only-in-capped", None, Some(Avx2)),
        ]);
        let ids: Vec<String> = capped_reruns(&main, &capped, true)
            .into_iter()
            .map(|p| format!("{}@{:?}", p.criterion_id(), p.meta.isa))
            .collect();
        assert_eq!(
            ids,
            [
                "account-hash/copy-buffer@cap=200/data_size/165@Some(Avx2)",
                "account-hash/streaming/data_size/165@Some(Avx2)",
            ]
        );
        // A machine without AVX-512: the cap changes nothing, nothing is re-run.
        assert!(capped_reruns(&capped, &capped, true).is_empty());
    }
}

#[cfg(test)]
mod workload_tests {
    use super::per_isa_workload;

    #[test]
    fn the_sweep_is_never_rerun_vote_accounts_always_and_large_sizes_only_in_full() {
        let w = |s: &str| s.parse::<lab_record::Workload>().unwrap();
        assert!(!per_isa_workload(&w("cap_sweep/165"), true));
        assert!(per_isa_workload(&w("data_size/165"), false));
        assert!(per_isa_workload(&w("data_size/200"), false));
        assert!(!per_isa_workload(&w("data_size/1024"), false));
        assert!(per_isa_workload(&w("data_size/1024"), true));
        assert!(!per_isa_workload(&w("data_size/1048576"), false));
        assert!(per_isa_workload(&w("data_size/1048576"), true));
        assert!(per_isa_workload(&w("vote_1024"), false));
        for large in ["size_ladder/2048", "slot_delta/3000"] {
            assert!(!per_isa_workload(&w(large), false), "{large}");
            assert!(per_isa_workload(&w(large), true), "{large}");
        }
        assert!(per_isa_workload(&w("set_1024/165"), false));
        assert!(per_isa_workload(&w("mainnet_mix/100000"), false));
        assert!(per_isa_workload(&w("set_1024/165"), false));
    }
}
