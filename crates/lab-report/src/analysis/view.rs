//! Arranges a run record into what the report shows: one section per family, inside it one
//! group per (digest, workload kind), each with its strategies, parameters and cells.
//! The document (`render::outline`) is built from this view, so HTML and Markdown agree.
//!
//! A new workload kind needs no code here: it is shown with the generic shapes (a size
//! series when the workload parameter is numeric and varies, bars otherwise).

use super::stats::{self, Outcome, Ratio};
use lab_record::{
    AaCopy, BenchId, Digest, Family, Missing, Record, ResultsFile, Role, Setting, Variant,
    WorkloadKind,
};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Workload parameter is a data size: line plot over a log size axis, verdict per size.
    Sizes,
    /// `cap_sweep`: one strategy at many buffer capacities (variants) and a few sizes.
    Sweep,
    /// One parameter (a mix, a scenario): bars.
    Bars,
}

pub struct Group<'a> {
    pub family: Family,
    pub digest: Digest,
    pub kind: WorkloadKind,
    pub shape: Shape,
    /// Strategy labels, baseline first.
    pub labels: Vec<String>,
    /// Workload parameters, numeric order where numeric.
    pub params: Vec<String>,
    pub cells: BTreeMap<(String, String), &'a Record>,
    pub missing: Vec<&'a Missing>,
    pub baseline: Option<String>,
}

pub struct Section<'a> {
    pub family: Family,
    pub groups: Vec<Group<'a>>,
}

pub struct View<'a> {
    pub sections: Vec<Section<'a>>,
}

/// One strategy against the baseline at one parameter: what a verdict line says.
pub struct VerdictRow {
    pub param: String,
    pub subject: String,
    pub baseline: String,
    pub outcome: Outcome,
}

pub fn param_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

/// Sort key for a row's label: strategy, then the variant's number (cap=47 before cap=200,
/// threads=1 before threads=2, release 0.4 before other variants), then its text; a variant
/// without a number (a backend, a storage, an A/A copy) sorts after those with one.
fn label_key(id: &BenchId) -> (String, f64, String) {
    let number = match id.variant {
        Some(Variant {
            setting: Some(setting),
            aa_copy: AaCopy::None,
        }) => match setting {
            Setting::Capacity(cap) => Some(cap as f64),
            Setting::Threads(n) => Some(n as f64),
            Setting::Release { major, minor } => {
                Some(f64::from(major) + f64::from(minor) / 10f64.powi(digits(minor)))
            }
            Setting::Backend { .. } | Setting::Storage(_) => None,
        },
        _ => None,
    };
    let text = id.variant.map(|v| v.to_string()).unwrap_or_default();
    (id.strategy.clone(), number.unwrap_or(f64::MAX), text)
}

/// Decimal digits of `n` (1 for 0).
fn digits(n: u32) -> i32 {
    n.checked_ilog10().map_or(1, |d| d as i32 + 1)
}

/// A group: its kind's name first, so groups sort by the name (as the report always
/// sorted them), then the kind.
type GroupKey = (Family, Digest, &'static str, WorkloadKind);

impl<'a> View<'a> {
    /// Families in declaration order of [`Family`]; within a family: size series first,
    /// then sweeps, then bars.
    pub fn new(file: &'a ResultsFile) -> Self {
        let mut sections: Vec<Section> = Vec::new();
        for ((family, digest, _, kind), (records, missing)) in by_group(file) {
            let group = build_group(family, digest, kind, records, missing);
            match sections.last_mut() {
                Some(s) if s.family == family => s.groups.push(group),
                _ => sections.push(Section {
                    family,
                    groups: vec![group],
                }),
            }
        }
        for s in &mut sections {
            s.groups.sort_by_key(|g| match g.shape {
                Shape::Sizes => 0,
                Shape::Sweep => 1,
                Shape::Bars => 2,
            });
        }
        View { sections }
    }
}

type Members<'a> = (Vec<&'a Record>, Vec<&'a Missing>);

fn by_group(file: &ResultsFile) -> BTreeMap<GroupKey, Members<'_>> {
    let mut by_group: BTreeMap<GroupKey, Members> = BTreeMap::new();
    // Rows of capped ISA builds repeat main-build benchmarks: they are shown only in the
    // per-instruction-set section (`analysis::isa`).
    for r in file.results.iter().filter(|r| r.is_main_build()) {
        let id = r.id();
        let kind = id.workload.kind;
        let key = (id.family, id.digest, kind.as_str(), kind);
        by_group.entry(key).or_default().0.push(r);
    }
    for m in &file.missing {
        let kind = m.id.workload.kind;
        let key = (m.id.family, m.id.digest, kind.as_str(), kind);
        by_group.entry(key).or_default().1.push(m);
    }
    by_group
}

fn sorted_labels(records: &[&Record], missing: &[&Missing]) -> Vec<String> {
    let mut ids: Vec<&BenchId> = records
        .iter()
        .map(|r| r.id())
        .chain(missing.iter().map(|m| &m.id))
        .collect();
    ids.sort_by(|a, b| {
        label_key(a)
            .partial_cmp(&label_key(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut labels: Vec<String> = ids.iter().map(|id| id.label()).collect();
    labels.dedup();
    labels
}

fn sorted_params(records: &[&Record], missing: &[&Missing]) -> Vec<String> {
    let mut params: Vec<String> = records
        .iter()
        .map(|r| r.id().workload.param.clone())
        .chain(missing.iter().map(|m| m.id.workload.param.clone()))
        .collect();
    params.sort_by(|a, b| param_order(a, b));
    params.dedup();
    params
}

fn shape_of(kind: WorkloadKind, params: &[String]) -> Shape {
    let numeric = params.iter().all(|p| p.parse::<f64>().is_ok());
    if kind == WorkloadKind::CapSweep {
        Shape::Sweep
    } else if numeric && params.len() > 1 && kind != WorkloadKind::MainnetMix {
        Shape::Sizes
    } else {
        Shape::Bars
    }
}

fn build_group<'a>(
    family: Family,
    digest: Digest,
    kind: WorkloadKind,
    records: Vec<&'a Record>,
    missing: Vec<&'a Missing>,
) -> Group<'a> {
    let mut labels = sorted_labels(&records, &missing);
    let params = sorted_params(&records, &missing);
    // The baseline's row, or its missing entry when it failed.
    let baseline = records
        .iter()
        .find(|r| r.meta.is_baseline())
        .map(|r| r.id().label())
        .or_else(|| {
            missing
                .iter()
                .find(|m| m.role == Role::Baseline)
                .map(|m| m.id.label())
        });
    if let Some(pos) = baseline
        .as_ref()
        .and_then(|b| labels.iter().position(|l| l == b))
    {
        let l = labels.remove(pos);
        labels.insert(0, l);
    }
    let cells = records
        .iter()
        .map(|r| ((r.id().workload.param.clone(), r.id().label()), *r))
        .collect();
    Group {
        family,
        digest,
        shape: shape_of(kind, &params),
        kind,
        labels,
        params,
        cells,
        missing,
        baseline,
    }
}

impl<'a> Group<'a> {
    pub fn title(&self) -> String {
        format!("{} · {} digest · {}", self.family, self.digest, self.kind)
    }

    pub fn anchor(&self) -> String {
        format!("{}-{}-{}", self.family, self.digest, self.kind)
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect()
    }

    pub fn cell(&self, param: &str, label: &str) -> Option<&'a Record> {
        self.cells
            .get(&(param.to_string(), label.to_string()))
            .copied()
    }

    pub fn is_missing(&self, param: &str, label: &str) -> bool {
        self.missing
            .iter()
            .any(|m| m.id.label() == label && m.id.workload.param == param)
    }

    /// Whether `label` is a control row (the A/A copy of the baseline): shown in the
    /// detail table, left out of plots, relative-speed and allocation tables.
    pub fn is_control(&self, label: &str) -> bool {
        self.cells
            .iter()
            .any(|((_, l), r)| l == label && r.control.is_some())
    }

    /// The buffer capacity of the strategy a label names (`BenchId::capacity`); `None` for
    /// the A/A control, which repeats its baseline's.
    pub fn capacity(&self, label: &str) -> Option<u64> {
        let (_, r) = self.cells.iter().find(|((_, l), _)| l == label)?;
        if r.control.is_some() {
            return None;
        }
        r.id().capacity()
    }

    pub fn is_baseline(&self, label: &str) -> bool {
        self.baseline.as_deref() == Some(label)
    }

    /// What one item of this family is called: accounts for the account hashes.
    pub fn item_unit(&self) -> &'static str {
        item_unit(self.family)
    }

    /// Ratio of `label` to the baseline at `param` (time ratio: > 1 is slower).
    pub fn ratio_to_baseline(&self, param: &str, label: &str) -> Option<Ratio> {
        let b = self.cell(param, self.baseline.as_deref()?)?;
        let r = self.cell(param, label)?;
        Some(stats::ratio(&r.ns_per_item(), &b.ns_per_item()))
    }

    /// One verdict per (parameter, non-baseline strategy), grouped by parameter.
    pub fn verdicts(&self) -> Vec<VerdictRow> {
        let Some(base_label) = self.baseline.as_deref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for p in &self.params {
            let Some(b) = self.cell(p, base_label) else {
                continue;
            };
            for l in self.labels.iter().filter(|l| l.as_str() != base_label) {
                if let Some(r) = self.cell(p, l) {
                    out.push(VerdictRow {
                        param: p.clone(),
                        subject: l.clone(),
                        baseline: base_label.to_string(),
                        outcome: stats::outcome(&r.ns_per_item(), &b.ns_per_item()),
                    });
                }
            }
        }
        out
    }

    /// For a strategy: the first parameter at which it allocated (`Some(None)`: never;
    /// `None`: not measured).
    pub fn first_allocation(&self, label: &str) -> Option<Option<&str>> {
        let mut measured = false;
        for p in &self.params {
            if let Some(a) = self.cell(p, label).and_then(Record::allocs_per_item) {
                measured = true;
                if a > 0.0 {
                    return Some(Some(p));
                }
            }
        }
        measured.then_some(None)
    }

    /// Whether any record of the group was counted for allocations.
    pub fn has_allocations(&self) -> bool {
        self.cells.values().any(|r| r.allocs_per_iter.is_some())
    }

    /// The reconcile family takes one iteration per sample: its best sample is the seed's
    /// "best of N runs", for the whole scenario (not per item).
    pub fn has_best_of_runs(&self) -> bool {
        self.family == Family::Reconcile
            && self.cells.values().any(|r| r.best_ns_per_iter.is_some())
    }
}

/// What one item of a family is called.
pub fn item_unit(family: Family) -> &'static str {
    match family {
        Family::AccountHash | Family::LtHash => "accounts",
        _ => "items",
    }
}

/// Whether throughput is reported in bytes per second: size-parameterised workloads
/// (whatever the items per iteration) and single-item workloads that hash bytes.
pub fn is_byte_workload(r: &Record) -> bool {
    r.meta.bytes_per_iter > 0
        && (r.meta.items_per_iter <= 1
            || matches!(
                r.id().workload.kind,
                WorkloadKind::DataSize | WorkloadKind::CapSweep
            ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Within a strategy, variants with a number in its order, then the others by text
    /// (`(A/A copy 2)` before `(A/A copy)`: a space sorts before `)`).
    #[test]
    fn labels_sort_by_strategy_then_the_variants_number_then_text() {
        let sorted = [
            "batch threads=1",
            "batch threads=2",
            "batch avx2",
            "batch avx512",
            "batch avx512 staging=gather",
            "copy-buffer cap=47",
            "copy-buffer cap=200",
            "copy-buffer cap=512",
            "copy-buffer cap=200 (A/A copy 2)",
            "copy-buffer cap=200 (A/A copy)",
            "peer:negentropy 0.4",
            "peer:negentropy vector",
            "peer:negentropy vector (A/A copy)",
            "streaming",
            "streaming (A/A copy)",
        ];
        let id = |label: &str| {
            let (strategy, variant) = label.split_once(' ').unwrap_or((label, ""));
            BenchId {
                family: Family::AccountHash,
                digest: Digest::Legacy,
                strategy: strategy.into(),
                variant: (!variant.is_empty()).then(|| variant.parse().unwrap()),
                workload: "data_size/165".parse().unwrap(),
            }
        };
        let mut ids: Vec<BenchId> = sorted.iter().rev().map(|l| id(l)).collect();
        ids.sort_by(|a, b| label_key(a).partial_cmp(&label_key(b)).unwrap());
        let labels: Vec<String> = ids.iter().map(BenchId::label).collect();
        assert_eq!(labels, sorted);
    }
}
