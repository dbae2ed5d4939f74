//! Table contents (headers and plain-text cells) shared by the HTML and Markdown renderers.

use crate::view::{self, Group, Shape};

pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

const MISSING: &str = "missing";

/// Every (parameter, strategy) of a group with its time, throughput, ratio to baseline,
/// allocations and digest compatibility.
pub fn detail(group: &Group) -> Table {
    let param_header = match group.shape {
        Shape::Bars => "workload",
        _ => "data size",
    };
    let headers = [
        param_header,
        "strategy",
        "time per item [95% CI]",
        "throughput",
        "ratio to baseline [95% CI]",
        if group.item_unit() == "accounts" {
            "allocs per hash"
        } else {
            "allocs per item"
        },
        "peak heap",
        "digest",
    ]
    .map(String::from)
    .to_vec();
    // The reconcile family takes one iteration per sample: its best sample is the seed's
    // "best of N runs", for the whole scenario (not per item).
    let best_of_runs =
        group.family == "reconcile" && group.cells.values().any(|r| r.best_ns_per_iter.is_some());
    let mut headers = headers;
    if best_of_runs {
        headers.push("best of N runs (whole scenario)".into());
    }
    let mut rows = Vec::new();
    for p in &group.params {
        for label in &group.labels {
            let ptext = group.param_text(p);
            match group.cell(p, label) {
                Some(r) => {
                    let t = view::time_interval(r);
                    let is_base = group.baseline.as_deref() == Some(label.as_str());
                    let ratio = if is_base {
                        "1 (baseline)".to_string()
                    } else {
                        group
                            .ratio_to_baseline(p, label)
                            .map(|r| view::ratio_text(&r))
                            .unwrap_or_else(|| "–".into())
                    };
                    rows.push(vec![
                        ptext,
                        label.clone(),
                        format!("{} [{} {}]", t[1], t[0], t[2]),
                        view::throughput_interval(r)[1].clone(),
                        ratio,
                        view::allocs_text(r),
                        view::peak_text(r),
                        view::digest_text(r).to_string(),
                    ]);
                    if best_of_runs {
                        let best = match (r.best_ns_per_iter, r.samples) {
                            (Some(b), Some(n)) => format!("{} (of {n})", crate::units::time_ns(b)),
                            _ => "–".into(),
                        };
                        if let Some(row) = rows.last_mut() {
                            row.push(best);
                        }
                    }
                }
                None if group.is_missing(p, label) => rows.push(vec![
                    ptext,
                    label.clone(),
                    MISSING.into(),
                    MISSING.into(),
                    "–".into(),
                    "–".into(),
                    "–".into(),
                    "–".into(),
                ]),
                None => {}
            }
        }
    }
    for row in &mut rows {
        row.resize(headers.len(), "–".into());
    }
    Table { headers, rows }
}

/// The buffer sweep: one row per capacity, one column per data size, cell = time and the
/// ratio to the baseline capacity at that size.
pub fn sweep(group: &Group) -> Table {
    let mut headers = vec![
        "capacity N".to_string(),
        "buffer 81+N".to_string(),
        "multiple of 64".to_string(),
    ];
    headers.extend(
        group
            .params
            .iter()
            .map(|p| format!("data {}", group.param_text(p))),
    );
    let cap_of = |label: &str| {
        label
            .rsplit_once("cap=")
            .and_then(|(_, c)| c.parse::<u64>().ok())
    };
    // Capacities in ascending order (the baseline row is marked in its cells).
    let mut labels: Vec<&String> = group.labels.iter().collect();
    labels.sort_by_key(|l| cap_of(l).unwrap_or(u64::MAX));
    let rows = labels
        .into_iter()
        .map(|label| {
            let cap = cap_of(label);
            let mut row = vec![
                label.clone(),
                cap.map(|c| format!("{} B", 81 + c)).unwrap_or_default(),
                cap.map(|c| if (81 + c) % 64 == 0 { "yes" } else { "no" }.to_string())
                    .unwrap_or_default(),
            ];
            for p in &group.params {
                row.push(match group.cell(p, label) {
                    Some(r) => {
                        let t = crate::units::time_ns(r.ns_per_item().estimate);
                        let is_base = group.baseline.as_deref() == Some(label.as_str());
                        match group.ratio_to_baseline(p, label) {
                            Some(_) if is_base => format!("{t} (baseline)"),
                            Some(q) => format!("{t} (×{:.3})", q.estimate),
                            None => t,
                        }
                    }
                    None if group.is_missing(p, label) => MISSING.into(),
                    None => "–".into(),
                });
            }
            row
        })
        .collect();
    Table { headers, rows }
}

/// Allocations per hash by strategy and workload parameter, and where each strategy starts
/// allocating.
pub fn allocations(group: &Group) -> Option<Table> {
    let any = group.cells.values().any(|r| r.allocs_per_iter.is_some());
    if !any {
        return None;
    }
    let mut headers = vec!["strategy".to_string()];
    headers.extend(group.params.iter().map(|p| group.param_text(p)));
    headers.push("starts allocating at".into());
    let rows = group
        .labels
        .iter()
        .map(|label| {
            let mut row = vec![label.clone()];
            for p in &group.params {
                row.push(
                    group
                        .cell(p, label)
                        .map(view::allocs_text)
                        .unwrap_or_else(|| "–".into()),
                );
            }
            row.push(match group.first_allocation(label) {
                None => "not measured".into(),
                Some(None) => format!(
                    "never (up to {})",
                    group
                        .params
                        .last()
                        .map(|p| group.param_text(p))
                        .unwrap_or_default()
                ),
                Some(Some(p)) => p,
            });
            row
        })
        .collect();
    Some(Table { headers, rows })
}

/// Everything that was planned but not measured.
pub fn missing(file: &crate::results::ResultsFile) -> Table {
    Table {
        headers: ["family", "digest", "strategy", "workload", "reason"]
            .map(String::from)
            .to_vec(),
        rows: file
            .missing
            .iter()
            .map(|m| {
                vec![
                    m.family.clone(),
                    m.digest.clone(),
                    m.label(),
                    m.workload.clone(),
                    m.reason.clone(),
                ]
            })
            .collect(),
    }
}

/// Distance to the hardware floor: the cost of one BLAKE3 compression in the widest lane
/// backend (the `limit` record: a batch of one-block messages, time per block) times the
/// compressions an account needs, against each strategy's time per account. `None` without
/// a `limit` record. Rows: one-chunk accounts (data sizes up to 1 KiB), the sets and the
/// mix. Returns the cost of one compression with the table.
pub fn floor(file: &crate::results::ResultsFile) -> Option<(f64, Table)> {
    let limit = file.results.iter().find(|r| r.strategy == "limit")?;
    let per_compression = limit.ns_per_item().estimate;
    let mut rows: Vec<(String, String, f64, Vec<String>)> = file
        .results
        .iter()
        .filter(|r| r.strategy != "limit")
        // The sweep repeats the data_size rows; above one chunk (1 KiB) the blake3 crate
        // hashes chunks across its own SIMD lanes, so one-block compressions are no floor.
        .filter(|r| r.workload_kind() != "cap_sweep" && r.data_size.is_none_or(|d| d <= 1024))
        .filter_map(|r| {
            let compressions = r.compressions_per_item?;
            let floor = compressions * per_compression;
            let t = r.ns_per_item().estimate;
            let row = vec![
                r.family.clone(),
                r.digest.clone(),
                r.workload.clone(),
                r.label(),
                crate::units::time_ns(t),
                format!("{compressions:.2}"),
                crate::units::time_ns(floor),
                format!("{:.2}×", t / floor),
            ];
            Some((r.digest.clone(), r.workload.clone(), t / floor, row))
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    rows.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)).then(a.2.total_cmp(&b.2)));
    Some((
        per_compression,
        Table {
            headers: [
                "family",
                "digest",
                "workload",
                "strategy",
                "time per account",
                "compressions per account",
                "floor",
                "× floor",
            ]
            .map(String::from)
            .to_vec(),
            rows: rows.into_iter().map(|r| r.3).collect(),
        },
    ))
}
