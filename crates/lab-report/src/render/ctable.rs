//! The relative-speed tables of `summary.md`, rendered by the `criterion-table` crate behind
//! one function, [`relative_speed_markdown`].
//!
//! criterion-table reads cargo-criterion's JSON message format (`benchmark-complete`
//! messages, one per benchmark, id split as `table/column/row`). We convert our recorded
//! results into those messages, so the table comes from the run record, not from a live
//! benchmark. What criterion-table cannot do, and what we therefore do ourselves:
//! - it compares with the *first column seen in each row*, so we emit the baseline first
//!   and leave out rows that have no baseline (we list them under the table);
//! - it shows only the point estimate (`typical`), no confidence interval, and its ✅/❌
//!   marks use a fixed ±10% band — the interval table and verdicts next to it carry the
//!   statistics;
//! - its document wrapper (`# Benchmarks`, a table of contents, a footer) is cut away so the
//!   tables can sit inside our summary; ids may not contain `/`, so `/` becomes `∕`.

use super::text::param_text;
use crate::analysis::view::Group;
use crate::error::{Error, Result};
use lab_record::Statistic;
use serde_json::json;

/// Markdown table of every strategy's time relative to the group's baseline, one row per
/// workload parameter. Returns an empty string when the group has no baseline.
pub fn relative_speed_markdown(group: &Group) -> Result<String> {
    let Some(baseline) = group.baseline.as_deref() else {
        return Ok(String::new());
    };
    let (messages, skipped) = messages(group, baseline);
    if messages.is_empty() {
        return Ok(String::new());
    }
    let mut out = table_only(&render(&messages)?);
    if !skipped.is_empty() {
        out.push_str(&format!(
            "\n_No baseline ({baseline}) measured at: {}; those rows are left out._\n",
            skipped.join(", ")
        ));
    }
    Ok(out)
}

/// criterion-table ids may not contain `/`.
fn clean(s: &str) -> String {
    s.replace('/', "∕")
}

/// One `benchmark-complete` message per cell, baseline first in each row; and the
/// parameters left out for want of a baseline.
fn messages(group: &Group, baseline: &str) -> (String, Vec<String>) {
    let table = clean(&group.title());
    let mut messages = String::new();
    let mut skipped = Vec::new();
    for p in &group.params {
        if group.cell(p, baseline).is_none() {
            skipped.push(param_text(group, p));
            continue;
        }
        let row = clean(&param_text(group, p));
        let others = group
            .labels
            .iter()
            .map(String::as_str)
            .filter(|l| *l != baseline && !group.is_control(l));
        for label in std::iter::once(baseline).chain(others) {
            if let Some(r) = group.cell(p, label) {
                let id = format!("{table}/{}/{row}", clean(label));
                messages.push_str(&message(&id, r).to_string());
                messages.push('\n');
            }
        }
    }
    (messages, skipped)
}

/// cargo-criterion's message for one recorded result (time per item).
fn message(id: &str, r: &lab_record::Record) -> serde_json::Value {
    let t = &r.ns_per_item();
    let ci = |v: f64, lo: f64, hi: f64| json!({"estimate": v, "lower_bound": lo, "upper_bound": hi, "unit": "ns"});
    json!({
        "reason": "benchmark-complete",
        "id": id,
        "report_directory": "",
        "iteration_count": [],
        "measured_values": [],
        "unit": "ns",
        "throughput": [{"per_iteration": r.bytes_per_item().round() as u64, "unit": "bytes"}],
        "typical": ci(t.estimate, t.lower, t.upper),
        "mean": ci(t.estimate, t.lower, t.upper),
        "median": ci(t.estimate, t.lower, t.upper),
        "median_abs_dev": ci(0.0, 0.0, 0.0),
        "slope": if r.statistic == Statistic::Slope { ci(t.estimate, t.lower, t.upper) } else { serde_json::Value::Null },
        "change": null,
    })
}

/// criterion-table's whole document for the messages.
fn render(messages: &str) -> Result<String> {
    std::panic::catch_unwind(|| -> std::result::Result<String, String> {
        let raw = criterion_table::RawCriterionData::from_reader(messages.as_bytes())
            .map_err(|e| e.to_string())?;
        let data =
            criterion_table::CriterionTableData::from_raw(&raw).map_err(|e| e.to_string())?;
        let config = criterion_table::TablesConfig::default();
        Ok(data.make_tables(criterion_table::formatter::GFMFormatter, &config))
    })
    .map_err(|_| Error::Other("criterion-table panicked while rendering a table".into()))?
    .map_err(|e| Error::Other(format!("criterion-table: {e}")))
}

/// Keeps only the table: drops the document title, table of contents, section heading,
/// the table's own `### name` heading (our summary has its own) and the footer.
fn table_only(rendered: &str) -> String {
    let body = rendered
        .split_once("## Benchmark Results\n\n")
        .map(|(_, b)| b)
        .unwrap_or(rendered);
    let body = body.split("\n---\nMade with").next().unwrap_or(body);
    let mut out: String = body
        .lines()
        .filter(|l| !l.starts_with("### "))
        .skip_while(|l| l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}
