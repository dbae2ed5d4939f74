//! The compact view of a family for `summary.md`: one line per table (family, digest,
//! workload kind) with the fastest consensus row and its paired verdict, and how many rows
//! the paired pass called faster, slower, equal or undecided. The full tables are in
//! `index.html` and `details.md`.

use super::doc::{Cell, CellKind, Table, TableKind};
use super::text::param_text;
use crate::analysis::view::{Group, Section};
use lab_record::{Record, Verdict};

/// The rows of `g` compared in the paired pass (A/A controls and the baseline excluded),
/// with their parameter.
fn compared<'a>(g: &'a Group<'a>) -> impl Iterator<Item = (&'a str, &'a Record)> + 'a {
    g.cells
        .iter()
        .filter(|(_, r)| r.control.is_none() && r.paired.is_some())
        .map(|((param, _), r)| (param.as_str(), *r))
}

/// The compared row with the smallest paired ratio among those that keep the consensus
/// digest, as "lane-xof avx2 at 165 B: faster ×0.377", with its verdict.
fn fastest(g: &Group) -> Option<(String, Verdict)> {
    let (param, r) = compared(g)
        .filter(|(_, r)| r.meta.claims_consensus && r.digest_compatible != Some(false))
        .min_by(|a, b| {
            let ratio = |r: &Record| {
                r.paired
                    .as_ref()
                    .map_or(f64::INFINITY, |p| p.ratio.estimate)
            };
            ratio(a.1).total_cmp(&ratio(b.1))
        })?;
    let p = r.paired.as_ref()?;
    let at = match param_text(g, param) {
        t if t.is_empty() => String::new(),
        t => format!(" at {t}"),
    };
    let text = format!(
        "{}{at}: {} ×{:.3}",
        r.id().label(),
        p.verdict,
        p.ratio.estimate
    );
    Some((text, p.verdict))
}

/// The range of the group's A/A bands, as "±0.5–1.5 %".
fn bands(g: &Group) -> Option<String> {
    let b: Vec<f64> = compared(g)
        .filter_map(|(_, r)| Some(r.paired.as_ref()?.band))
        .collect();
    let lo = b.iter().copied().fold(f64::INFINITY, f64::min) * 100.0;
    let hi = b.iter().copied().fold(f64::NEG_INFINITY, f64::max) * 100.0;
    match b.is_empty() {
        true => None,
        false if (hi - lo) < 0.05 => Some(format!("±{lo:.1} %")),
        false => Some(format!("±{lo:.1}–{hi:.1} %")),
    }
}

/// One family's tables, a line each.
pub fn family_table(s: &Section) -> Table {
    let mut t = Table::new(
        TableKind::Overview,
        &[
            "table",
            "baseline",
            "fastest consensus row (paired)",
            "faster",
            "slower",
            "equal",
            "undecided",
            "A/A band",
        ],
    );
    for g in &s.groups {
        let count = |v: Verdict| {
            let n = compared(g)
                .filter(|(_, r)| r.paired.as_ref().is_some_and(|p| p.verdict == v))
                .count();
            Cell::number(n.to_string())
        };
        let paired = compared(g).next().is_some();
        let mut row = vec![
            Cell::plain(format!("{} · {}", g.digest, g.kind)),
            g.baseline.clone().map_or_else(Cell::absent, Cell::plain),
        ];
        if paired {
            row.push(fastest(g).map_or_else(Cell::absent, |(f, v)| {
                let kind = match v {
                    Verdict::Faster => CellKind::Faster,
                    Verdict::Slower => CellKind::Slower,
                    Verdict::Equal | Verdict::Undecided => CellKind::Equal,
                };
                Cell::new(f, kind)
            }));
            row.extend([
                count(Verdict::Faster),
                count(Verdict::Slower),
                count(Verdict::Equal),
                count(Verdict::Undecided),
            ]);
            row.push(bands(g).map_or_else(Cell::absent, Cell::plain));
        } else {
            row.push(Cell::plain("no paired pass (criterion's times only)"));
            row.extend((0..5).map(|_| Cell::absent()));
        }
        t.rows.push(row);
    }
    t
}
