//! The run comparison (`cargo xtask compare`) as a text table or GitHub Markdown.

use super::doc::{Cell, CellKind, Table, TableKind};
use super::{markdown, text, units};
use crate::analysis::runs::{self, RunComparison};
use crate::analysis::stats::ChangeClass;

/// One row per benchmark in both runs.
pub fn table(c: &RunComparison) -> Table {
    let mut t = Table::new(
        TableKind::Comparison,
        &[
            "benchmark",
            "A time",
            "B time",
            "change [95% CI]",
            "p",
            "verdict",
        ],
    );
    for pair in &c.pairs {
        let kind = match pair.change.class {
            ChangeClass::Regressed => CellKind::Slower,
            ChangeClass::Improved => CellKind::Faster,
            _ => CellKind::Equal,
        };
        t.rows.push(vec![
            Cell::plain(runs::name(pair.a)),
            Cell::number(units::time_ns(pair.a.ns_per_item().estimate)),
            Cell::number(units::time_ns(pair.b.ns_per_item().estimate)),
            Cell::number(text::change_text(&pair.change.ratio)),
            Cell::number(text::p_text(pair.change.p)),
            Cell::new(pair.change.class.short(), kind),
        ]);
    }
    t
}

fn summary(c: &RunComparison) -> String {
    let n = c.pairs.len();
    format!(
        "{n} benchmarks compared: {} regressed, {} improved, {} unchanged or within noise (significance 0.05, noise threshold 1%)",
        c.regressed,
        c.improved,
        n - c.regressed - c.improved
    )
}

/// The paired verdicts from A to B: how many held, and every flip.
fn stability_lines(c: &RunComparison) -> String {
    let s = &c.verdicts;
    if s.compared == 0 {
        return String::new();
    }
    let mut out = format!(
        "paired verdicts in both runs: {}; the same: {}; decided in one, undecided in the other: {}; flipped (decided in both, different): {}\n",
        s.compared,
        s.same,
        s.to_or_from_undecided,
        s.flips.len()
    );
    for (name, a, b) in &s.flips {
        out.push_str(&format!("- flipped: {name}: {a} -> {b}\n"));
    }
    out
}

fn only_lists(c: &RunComparison) -> [(&'static str, String); 2] {
    let names = |list: &[&lab_record::Record]| {
        list.iter()
            .map(|r| runs::name(r))
            .collect::<Vec<_>>()
            .join(", ")
    };
    [("A", names(&c.only_a)), ("B", names(&c.only_b))]
}

/// Columns padded to their widest cell.
pub fn text(c: &RunComparison) -> String {
    let t = table(c);
    let widths: Vec<usize> = (0..t.columns.len())
        .map(|i| {
            t.rows
                .iter()
                .map(|r| r[i].text.chars().count())
                .chain([t.columns[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = format!("A = {}\nB = {}\n\n", c.run_a, c.run_b);
    out.push_str(&line(t.columns.iter().map(String::as_str).collect()));
    let rules: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&line(rules.iter().map(String::as_str).collect()));
    for r in &t.rows {
        out.push_str(&line(r.iter().map(|c| c.text.as_str()).collect()));
    }
    out.push('\n');
    out.push_str(&summary(c));
    out.push('\n');
    out.push_str(&stability_lines(c));
    for (which, list) in only_lists(c) {
        if !list.is_empty() {
            out.push_str(&format!("only in {which}: {list}\n"));
        }
    }
    out
}

pub fn markdown(c: &RunComparison) -> String {
    let mut out = format!("### Change from `{}` (A) to `{}` (B)\n\n", c.run_a, c.run_b);
    out.push_str(&markdown::table(&table(c)));
    out.push('\n');
    out.push_str(&summary(c));
    out.push('\n');
    let verdicts = stability_lines(c);
    if !verdicts.is_empty() {
        out.push('\n');
        out.push_str(&verdicts);
    }
    for (which, list) in only_lists(c) {
        if !list.is_empty() {
            out.push_str(&format!("\nOnly in {which}: {list}\n"));
        }
    }
    out
}
