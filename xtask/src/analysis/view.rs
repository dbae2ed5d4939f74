//! Arranges a run record into what the report shows: one section per family, inside it one
//! group per (digest, workload kind), each with its strategies, parameters and cells.
//! HTML and Markdown are both rendered from this view, so they always agree.
//!
//! A new family needs no code here: records with an unknown family or workload kind are
//! shown with the generic shapes (a size series when the workload parameter is numeric and
//! varies, bars otherwise).

use crate::results::{Missing, Record, ResultsFile};
use crate::stats::{self, Ratio};
use crate::units;
use std::collections::BTreeMap;

/// Families in the order the report shows them; unknown families follow alphabetically.
pub const FAMILY_ORDER: &[&str] = &["account-hash", "lt-hash", "accumulator", "reconcile"];

/// The seed's baseline, used when no record of a group is flagged `baseline`.
pub const DEFAULT_BASELINE: &str = "copy-buffer cap=200";

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
    pub family: String,
    pub digest: String,
    pub kind: String,
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
    pub family: String,
    pub groups: Vec<Group<'a>>,
}

pub struct View<'a> {
    pub file: &'a ResultsFile,
    pub sections: Vec<Section<'a>>,
}

fn param_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

fn family_rank(f: &str) -> (usize, String) {
    (
        FAMILY_ORDER
            .iter()
            .position(|x| *x == f)
            .unwrap_or(FAMILY_ORDER.len()),
        f.to_string(),
    )
}

/// Sort key for strategy labels: name, then numeric variant (cap=47 before cap=200).
fn label_key(label: &str) -> (String, f64, String) {
    let (name, variant) = label.split_once(' ').unwrap_or((label, ""));
    let num = variant
        .rsplit('=')
        .next()
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(f64::MAX);
    (name.to_string(), num, variant.to_string())
}

impl<'a> View<'a> {
    pub fn new(file: &'a ResultsFile) -> Self {
        type GroupKey = ((usize, String), String, String);
        let mut by_group: BTreeMap<GroupKey, (Vec<&Record>, Vec<&Missing>)> = BTreeMap::new();
        for r in &file.results {
            by_group
                .entry((
                    family_rank(&r.family),
                    r.digest.clone(),
                    r.workload_kind().to_string(),
                ))
                .or_default()
                .0
                .push(r);
        }
        for m in &file.missing {
            let kind = crate::results::split_workload(&m.workload).0.to_string();
            by_group
                .entry((family_rank(&m.family), m.digest.clone(), kind))
                .or_default()
                .1
                .push(m);
        }
        let mut sections: Vec<Section> = Vec::new();
        for ((fam, digest, kind), (records, missing)) in by_group {
            let group = build_group(fam.1.clone(), digest, kind, records, missing);
            match sections.last_mut() {
                Some(s) if s.family == fam.1 => s.groups.push(group),
                _ => sections.push(Section {
                    family: fam.1,
                    groups: vec![group],
                }),
            }
        }
        // Within a family: size series first, then sweeps, then bars.
        for s in &mut sections {
            s.groups.sort_by_key(|g| match g.shape {
                Shape::Sizes => 0,
                Shape::Sweep => 1,
                Shape::Bars => 2,
            });
        }
        View { file, sections }
    }

    /// The seed reproduction pairs: (size, cap=200 record, cap=47 record).
    pub fn seed_rows(&self) -> Vec<SeedRow<'a>> {
        let find = |variant: &str, size: &str| {
            self.file.results.iter().find(|r| {
                r.family == "account-hash"
                    && r.digest == "legacy"
                    && r.strategy == "copy-buffer"
                    && r.variant == variant
                    && r.workload_kind() == "data_size"
                    && r.workload_param() == size
            })
        };
        let mut sizes: Vec<&str> = self
            .file
            .results
            .iter()
            .filter(|r| {
                r.family == "account-hash"
                    && r.digest == "legacy"
                    && r.strategy == "copy-buffer"
                    && (r.variant == "cap=47" || r.variant == "cap=200")
                    && r.workload_kind() == "data_size"
            })
            .map(|r| r.workload_param())
            .collect();
        sizes.sort_by(|a, b| param_order(a, b));
        sizes.dedup();
        sizes
            .into_iter()
            .map(|s| SeedRow {
                size: s.to_string(),
                pr: find("cap=200", s),
                master: find("cap=47", s),
            })
            .collect()
    }
}

pub struct SeedRow<'a> {
    pub size: String,
    /// cap=200, the seed's pull request.
    pub pr: Option<&'a Record>,
    /// cap=47, the code before it.
    pub master: Option<&'a Record>,
}

fn build_group<'a>(
    family: String,
    digest: String,
    kind: String,
    records: Vec<&'a Record>,
    missing: Vec<&'a Missing>,
) -> Group<'a> {
    let mut labels: Vec<String> = records
        .iter()
        .map(|r| r.label())
        .chain(missing.iter().map(|m| m.label()))
        .collect();
    labels.sort_by(|a, b| {
        label_key(a)
            .partial_cmp(&label_key(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    labels.dedup();
    let mut params: Vec<String> = records
        .iter()
        .map(|r| r.workload_param().to_string())
        .chain(
            missing
                .iter()
                .map(|m| crate::results::split_workload(&m.workload).1.to_string()),
        )
        .collect();
    params.sort_by(|a, b| param_order(a, b));
    params.dedup();
    let baseline = records
        .iter()
        .find(|r| r.baseline)
        .map(|r| r.label())
        .or_else(|| {
            labels
                .iter()
                .find(|l| l.as_str() == DEFAULT_BASELINE)
                .cloned()
        });
    if let Some(b) = &baseline {
        if let Some(pos) = labels.iter().position(|l| l == b) {
            let l = labels.remove(pos);
            labels.insert(0, l);
        }
    }
    let numeric = params.iter().all(|p| p.parse::<f64>().is_ok());
    let shape = if kind == "cap_sweep" {
        Shape::Sweep
    } else if numeric && params.len() > 1 && kind != "mainnet_mix" {
        Shape::Sizes
    } else {
        Shape::Bars
    };
    let cells = records
        .iter()
        .map(|r| ((r.workload_param().to_string(), r.label()), *r))
        .collect();
    Group {
        family,
        digest,
        kind,
        shape,
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
            .any(|m| m.label() == label && crate::results::split_workload(&m.workload).1 == param)
    }

    /// The display text of a parameter: a size for size workloads, the raw text otherwise.
    pub fn param_text(&self, param: &str) -> String {
        match param.parse::<u64>() {
            Ok(n) if self.shape != Shape::Bars => units::size(n),
            Ok(n) => format!("{n} {}", self.item_unit()),
            Err(_) => param.to_string(),
        }
    }

    /// What one item of this family is called: accounts for the account hashes.
    pub fn item_unit(&self) -> &'static str {
        match self.family.as_str() {
            "account-hash" | "lt-hash" => "accounts",
            _ => "items",
        }
    }

    /// Ratio of `label` to the baseline at `param` (time ratio: > 1 is slower).
    pub fn ratio_to_baseline(&self, param: &str, label: &str) -> Option<Ratio> {
        let b = self.cell(param, self.baseline.as_deref()?)?;
        let r = self.cell(param, label)?;
        Some(stats::ratio(&r.ns_per_item(), &b.ns_per_item()))
    }

    /// One verdict line per (parameter, non-baseline strategy).
    pub fn verdicts(&self) -> Vec<(String, Vec<String>)> {
        let Some(base_label) = self.baseline.as_deref() else {
            return Vec::new();
        };
        self.params
            .iter()
            .filter_map(|p| {
                let b = self.cell(p, base_label)?;
                let lines: Vec<String> = self
                    .labels
                    .iter()
                    .filter(|l| l.as_str() != base_label)
                    .filter_map(|l| {
                        let r = self.cell(p, l)?;
                        Some(stats::verdict(
                            l,
                            base_label,
                            &self.param_text(p),
                            &r.ns_per_item(),
                            &b.ns_per_item(),
                        ))
                    })
                    .collect();
                (!lines.is_empty()).then(|| (self.param_text(p), lines))
            })
            .collect()
    }

    /// For each strategy: the first parameter at which it allocated (None: never).
    pub fn first_allocation(&self, label: &str) -> Option<Option<String>> {
        let mut measured = false;
        for p in &self.params {
            if let Some(r) = self.cell(p, label) {
                if let Some(a) = r.allocs_per_item() {
                    measured = true;
                    if a > 0.0 {
                        return Some(Some(self.param_text(p)));
                    }
                }
            }
        }
        measured.then_some(None)
    }
}

/// Bytes per second for byte workloads, accounts (items) per second for item workloads;
/// `ns` is the time per item.
pub fn throughput_text(r: &Record, ns: f64) -> String {
    if r.is_byte_workload() {
        units::bytes_per_sec(r.bytes_per_item() * 1e9 / ns)
    } else {
        units::elems_per_sec(1e9 / ns, item_unit(r))
    }
}

pub fn item_unit(r: &Record) -> &'static str {
    match r.family.as_str() {
        "account-hash" | "lt-hash" => "accounts",
        _ => "items",
    }
}

/// `[lo est hi]` of the throughput: note that the fastest time is the highest throughput.
pub fn throughput_interval(r: &Record) -> [String; 3] {
    let t = &r.ns_per_item();
    [
        throughput_text(r, t.upper),
        throughput_text(r, t.estimate),
        throughput_text(r, t.lower),
    ]
}

pub fn time_interval(r: &Record) -> [String; 3] {
    let t = &r.ns_per_item();
    [
        units::time_ns(t.lower),
        units::time_ns(t.estimate),
        units::time_ns(t.upper),
    ]
}

/// `0.9512 [0.9490, 0.9534]` or `1 (baseline)`.
pub fn ratio_text(r: &Ratio) -> String {
    format!("{:.4} [{:.4}, {:.4}]", r.estimate, r.lower, r.upper)
}

pub fn digest_text(r: &Record) -> &'static str {
    match r.digest_compatible {
        Some(true) => "consensus ✓",
        Some(false) => "DIFFERENT digest",
        None => "not checked",
    }
}

pub fn allocs_text(r: &Record) -> String {
    match r.allocs_per_item() {
        None => "–".to_string(),
        Some(a) if a == a.trunc() => format!("{a:.0}"),
        Some(a) => format!("{a:.3}"),
    }
}

pub fn peak_text(r: &Record) -> String {
    match r.peak_bytes {
        None => "–".to_string(),
        Some(b) => units::bytes(b),
    }
}
