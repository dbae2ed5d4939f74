//! The report's tables as [`Table`]s of the document model: cell texts with their kinds.

use super::doc::{Cell, CellKind, Table, TableKind};
use super::text::{self, param_text};
use super::units;
use super::verdicts;
use crate::analysis::floor::Floor;
use crate::analysis::seed::SeedRow;
use crate::analysis::stats::ChangeClass;
use crate::analysis::view::{Group, Shape};
use lab_record::{Record, ResultsFile, WorkloadInfo};

fn digest_cell(r: &Record) -> Cell {
    let kind = match r.digest_compatible {
        Some(true) => CellKind::Consensus,
        Some(false) => CellKind::Different,
        None => CellKind::Plain,
    };
    Cell::new(text::digest_text(r), kind)
}

/// Every (parameter, strategy) of a group with its time, throughput, ratio to baseline,
/// allocations and digest compatibility.
pub fn detail(group: &Group) -> Table {
    let param_header = match group.shape {
        Shape::Bars => "workload",
        _ => "data size",
    };
    let allocs_header = if group.item_unit() == "accounts" {
        "allocs per hash"
    } else {
        "allocs per item"
    };
    let mut columns = vec![
        param_header,
        "strategy",
        "time per item [95% CI]",
        "throughput",
        "ratio to baseline [95% CI]",
        allocs_header,
        "peak heap",
        "digest",
    ];
    let best_of_runs = group.has_best_of_runs();
    if best_of_runs {
        columns.push("best of N runs (whole scenario)");
    }
    let (paired, instructions) = (
        verdicts::has_paired(group),
        verdicts::has_instructions(group),
    );
    if paired {
        columns.push("verdict: paired ratio [95% CI over layouts]");
    }
    if instructions {
        columns.push("instructions per item");
    }
    let mut table = Table::new(TableKind::Detail, &columns);
    for p in &group.params {
        for label in &group.labels {
            let mut row = match group.cell(p, label) {
                Some(r) => {
                    let mut row = detail_row(group, p, label, r, best_of_runs);
                    if paired {
                        row.push(verdicts::verdict_cell(group, p, r));
                    }
                    if instructions {
                        row.push(verdicts::instructions_cell(r));
                    }
                    row
                }
                None if group.is_missing(p, label) => missing_row(group, p, label),
                None => continue,
            };
            row.resize(columns.len(), Cell::absent());
            table.rows.push(row);
        }
    }
    table
}

fn detail_row(group: &Group, p: &str, label: &str, r: &Record, best_of_runs: bool) -> Vec<Cell> {
    let t = text::time_interval(r);
    let ratio = if group.is_baseline(label) {
        Cell::plain("1 (baseline)")
    } else if r.control.is_some() {
        Cell::plain("A/A copy of the baseline")
    } else if let Some(pd) = &r.paired {
        // The paired pass's ratio: the one every ratio and verdict of the report uses.
        Cell::number(format!(
            "×{:.3} [{:.3}, {:.3}] paired",
            pd.ratio.estimate, pd.ratio.lower, pd.ratio.upper
        ))
    } else {
        group
            .ratio_to_baseline(p, label)
            .map(|q| Cell::number(format!("{} criterion", text::ratio_text(&q))))
            .unwrap_or_else(Cell::absent)
    };
    let mut row = vec![
        Cell::plain(param_text(group, p)),
        Cell::plain(label),
        Cell::number(format!("{} [{} {}]", t[1], t[0], t[2])),
        Cell::number(text::throughput_interval(r)[1].clone()),
        ratio,
        Cell::number(text::allocs_text(r)),
        Cell::number(text::peak_text(r)),
        digest_cell(r),
    ];
    if best_of_runs {
        row.push(match (r.best_ns_per_iter, r.samples) {
            (Some(b), Some(n)) => Cell::number(format!("{} (of {n})", units::time_ns(b))),
            _ => Cell::absent(),
        });
    }
    row
}

fn missing_row(group: &Group, p: &str, label: &str) -> Vec<Cell> {
    vec![
        Cell::plain(param_text(group, p)),
        Cell::plain(label),
        Cell::missing(),
        Cell::missing(),
    ]
}

/// The buffer sweep: one row per capacity, one column per data size, cell = time and the
/// ratio to the baseline capacity at that size.
pub fn sweep(group: &Group) -> Table {
    let mut table = Table::new(
        TableKind::Sweep,
        &["capacity N", "buffer 81+N", "multiple of 64"],
    );
    table.columns.extend(
        group
            .params
            .iter()
            .map(|p| format!("data {}", param_text(group, p))),
    );
    // Capacities in ascending order (the baseline row is marked in its cells).
    let mut labels: Vec<&String> = group.labels.iter().collect();
    labels.sort_by_key(|l| group.capacity(l).unwrap_or(u64::MAX));
    for label in labels {
        let cap = group.capacity(label);
        let mut row = vec![
            Cell::plain(label.clone()),
            Cell::number(cap.map(|c| format!("{} B", 81 + c)).unwrap_or_default()),
            Cell::plain(
                cap.map(|c| if (81 + c) % 64 == 0 { "yes" } else { "no" })
                    .unwrap_or_default(),
            ),
        ];
        row.extend(group.params.iter().map(|p| sweep_cell(group, p, label)));
        table.rows.push(row);
    }
    table
}

fn sweep_cell(group: &Group, p: &str, label: &str) -> Cell {
    match group.cell(p, label) {
        Some(r) => {
            let t = units::time_ns(r.ns_per_item().estimate);
            Cell::number(match (group.ratio_to_baseline(p, label), &r.paired) {
                (Some(_), _) if group.is_baseline(label) => format!("{t} (baseline)"),
                (_, Some(pd)) => format!("{t} (×{:.3} {})", pd.ratio.estimate, pd.verdict),
                (Some(q), None) => format!("{t} (×{:.3})", q.estimate),
                (None, None) => t,
            })
        }
        None if group.is_missing(p, label) => Cell::missing(),
        None => Cell::absent(),
    }
}

/// Allocations per hash by strategy and workload parameter, and where each strategy starts
/// allocating. `None` when no record of the group was counted.
pub fn allocations(group: &Group) -> Option<Table> {
    if !group.has_allocations() {
        return None;
    }
    let mut table = Table::new(TableKind::Allocations, &["strategy"]);
    table
        .columns
        .extend(group.params.iter().map(|p| param_text(group, p)));
    table.columns.push("starts allocating at".into());
    for label in group.labels.iter().filter(|l| !group.is_control(l)) {
        let mut row = vec![Cell::plain(label.clone())];
        for p in &group.params {
            row.push(match group.cell(p, label) {
                Some(r) => Cell::number(text::allocs_text(r)),
                None => Cell::absent(),
            });
        }
        row.push(Cell::plain(match group.first_allocation(label) {
            None => "not measured".into(),
            Some(None) => format!(
                "never (up to {})",
                group
                    .params
                    .last()
                    .map(|p| param_text(group, p))
                    .unwrap_or_default()
            ),
            Some(Some(p)) => param_text(group, p),
        }));
        table.rows.push(row);
    }
    Some(table)
}

/// A user's account file by data size class: accounts and data bytes, with their shares.
pub fn composition(info: &WorkloadInfo) -> Table {
    let mut table = Table::new(
        TableKind::Composition,
        &[
            "data size",
            "accounts",
            "share of accounts",
            "data bytes",
            "share of data bytes",
        ],
    );
    for c in &info.classes {
        table.rows.push(vec![
            Cell::plain(c.class.clone()),
            Cell::number(c.accounts.to_string()),
            Cell::number(format!("{:.1}%", c.account_share * 100.0)),
            Cell::number(units::bytes(c.data_bytes)),
            Cell::number(format!("{:.1}%", c.byte_share * 100.0)),
        ]);
    }
    table
}

/// Everything that was planned but not measured.
pub fn missing(file: &ResultsFile) -> Table {
    let mut table = Table::new(
        TableKind::Missing,
        &["family", "digest", "strategy", "workload", "reason"],
    );
    for m in &file.missing {
        table.rows.push(vec![
            Cell::plain(m.id.family.as_str()),
            Cell::plain(m.id.digest.as_str()),
            Cell::plain(m.id.label()),
            Cell::plain(m.id.workload.to_string()),
            Cell::plain(m.reason.clone()),
        ]);
    }
    table
}

/// Distance to the hardware floor, one row per strategy and workload.
pub fn floor(floor: &Floor) -> Table {
    let mut table = Table::new(
        TableKind::Floor,
        &[
            "family",
            "digest",
            "workload",
            "strategy",
            "time per account",
            "compressions per account",
            "floor",
            "× floor",
        ],
    );
    for row in &floor.rows {
        let id = row.record.id();
        table.rows.push(vec![
            Cell::plain(id.family.as_str()),
            Cell::plain(id.digest.as_str()),
            Cell::plain(id.workload.to_string()),
            Cell::plain(id.label()),
            Cell::number(units::time_ns(row.time_ns)),
            Cell::number(format!("{:.2}", row.compressions)),
            Cell::number(units::time_ns(row.floor_ns)),
            Cell::number(format!("{:.2}×", row.times_floor)),
        ]);
    }
    table
}

/// The seed rows: size, cap=200 time and thrpt, cap=47 time and thrpt, change, p, class.
pub fn seed(rows: &[SeedRow]) -> Table {
    let mut table = Table::new(
        TableKind::Seed,
        &[
            "data size",
            "cap=200 time",
            "cap=200 thrpt",
            "cap=47 time",
            "cap=47 thrpt",
            "change (cap=47 vs cap=200)",
            "p",
            "criterion's verdict",
        ],
    );
    for row in rows {
        let mut cells = vec![Cell::plain(text::seed_size(row))];
        for r in [row.pr, row.master] {
            cells.extend(seed_figures(r));
        }
        cells.extend(seed_change(row));
        table.rows.push(cells);
    }
    table
}

fn seed_figures(r: Option<&Record>) -> [Cell; 2] {
    match r {
        Some(r) => {
            let t = text::time_interval(r);
            [
                Cell::number(format!("[{} {} {}]", t[0], t[1], t[2])),
                Cell::number(text::throughput_interval(r)[1].clone()),
            ]
        }
        None => [Cell::missing(), Cell::missing()],
    }
}

fn seed_change(row: &SeedRow) -> [Cell; 3] {
    let Some(c) = row.change() else {
        return [
            Cell::absent(),
            Cell::absent(),
            Cell::new("not comparable (missing)", CellKind::Plain),
        ];
    };
    let kind = match c.class {
        ChangeClass::Regressed => CellKind::Slower,
        ChangeClass::Improved => CellKind::Faster,
        ChangeClass::WithinNoise | ChangeClass::NoChange => CellKind::Equal,
    };
    [
        Cell::number(text::change_text(&c.ratio)),
        Cell::number(text::p_text(c.p)),
        Cell::new(c.class.sentence(), kind),
    ]
}
