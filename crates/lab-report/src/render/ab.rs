//! The A/B report (`cargo xtask ab`), built once into a [`Document`] from `ab.json` alone:
//! the title "B vs A", the table `benchmark | A | B | B/A [interval] | verdict`, the band, the
//! machine, the rounds, what was not compared, and per-round details. `summary.md` is ready
//! to paste into a pull request.

use super::doc::{text, Block, Cell, CellKind, Document, Inline, Section, SectionKind, Table};
use super::doc::{Item, TableKind};
use super::{html, markdown, units};
use crate::analysis::ab::{self as analysis, band_range, counts};
use crate::error::{write, Result};
use lab_record::sequential::Reach;
use lab_record::{AbFile, AbRow, AbStatus, Profile, Ratio, Revision, Verdict};
use std::path::Path;

/// `index.html` and `summary.md` of an A/B comparison.
pub fn report(file: &AbFile) -> (String, String) {
    let doc = document(file);
    (html::render(&doc), markdown::render(&doc))
}

/// Writes `dir/index.html` and `dir/summary.md` of an A/B comparison; returns the summary.
pub fn write_pages(file: &AbFile, dir: &Path) -> Result<String> {
    let (html, md) = report(file);
    write(&dir.join("index.html"), html)?;
    write(&dir.join("summary.md"), &md)?;
    Ok(md)
}

/// `1.0023 [0.9950, 1.0097]`.
fn ratio_text(r: &Ratio) -> String {
    format!("{:.4} [{:.4}, {:.4}]", r.estimate, r.lower, r.upper)
}

fn rev(r: &Revision) -> String {
    format!("`{}` ({})", r.name, r.short())
}

pub fn document(file: &AbFile) -> Document {
    let mut blocks = vec![
        Block::Heading {
            level: 1,
            text: vec![
                text("B vs A: "),
                Inline::Code(file.b.name.clone()),
                text(format!(" ({}) vs ", file.b.short())),
                Inline::Code(file.a.name.clone()),
                text(format!(" ({})", file.a.short())),
            ],
        },
        Block::Meta(vec![format!(
            "A = {} {}, B = {} {}",
            rev(&file.a),
            file.a.commit,
            rev(&file.b),
            file.b.commit
        )]),
    ];
    if file.status != AbStatus::Complete || !file.failed.is_empty() {
        blocks.push(Block::Status {
            ok: false,
            text: status_text(file),
        });
    }
    blocks.push(Block::Table(table(file)));
    blocks.push(Block::Verdicts(verdict_lines(file)));
    blocks.push(Block::Paragraph(vec![text(band_text(file))]));
    blocks.push(Block::Paragraph(vec![text(machine_text(file))]));
    blocks.extend(not_compared(file));
    if !file.rows.is_empty() {
        blocks.push(Block::Details {
            summary: "Per-round ratios and the A/A control".into(),
            blocks: vec![Block::Table(details(file))],
        });
    }
    Document {
        title: format!("B vs A: {} vs {}", file.b.name, file.a.name),
        blocks,
    }
}

fn status_text(file: &AbFile) -> String {
    let state = match file.status {
        AbStatus::Complete => "complete",
        AbStatus::Running => "still running (partial results)",
        AbStatus::Interrupted => "interrupted (partial results)",
    };
    format!(
        "Run {state}: {} compared, {} not measured (below).",
        file.rows.len(),
        file.failed.len()
    )
}

fn verdict_kind(v: Verdict) -> CellKind {
    match v {
        Verdict::Faster => CellKind::Faster,
        Verdict::Slower => CellKind::Slower,
        Verdict::Equal | Verdict::Undecided => CellKind::Equal,
    }
}

/// `benchmark | A | B | B/A [interval] | verdict`.
pub fn table(file: &AbFile) -> Table {
    let mut t = Table::new(
        TableKind::Comparison,
        &["benchmark", "A", "B", "B/A [interval]", "verdict"],
    );
    for r in &file.rows {
        t.rows.push(vec![
            Cell::plain(&r.criterion_id),
            Cell::number(units::time_ns(r.a_ns)),
            Cell::number(units::time_ns(r.b_ns)),
            Cell::number(ratio_text(&r.ratio)),
            Cell::new(r.verdict.as_str(), verdict_kind(r.verdict)),
        ]);
    }
    t
}

fn verdict_lines(file: &AbFile) -> Vec<Item> {
    let [(_, faster), (_, slower), (_, equal), (_, undecided)] = counts(file);
    let mut items = vec![Item {
        text: format!(
            "{} benchmark{}: {faster} faster, {slower} slower, {equal} equal, {undecided} undecided (B = {}, A = {}; intervals from the profile's sequential design at the look reached).",
            file.rows.len(),
            if file.rows.len() == 1 { "" } else { "s" },
            rev(&file.b),
            rev(&file.a)
        ),
        strong: faster + slower > 0,
    }];
    for r in file.rows.iter().filter(|r| r.verdict != Verdict::Equal) {
        let more = rounds_hint(file.profile, r, Some("--rounds"));
        items.push(Item {
            text: format!(
                "{}: B is {} ({} of A's time, band ±{}{more}).",
                r.criterion_id,
                r.verdict,
                ratio_text(&r.ratio),
                units::pct(r.band).trim_start_matches('+')
            ),
            strong: true,
        });
    }
    items
}

/// For an undecided row, what more rounds would do ([`analysis::rounds_to_decide`]), e.g.
/// "; about 43 rounds would decide it 80 % of the time (`--rounds 43`)" with `option` the
/// command's flag (without it when `None`); empty for a decided row.
pub fn rounds_hint(profile: Profile, r: &AbRow, option: Option<&str>) -> String {
    match analysis::rounds_to_decide(profile, r) {
        Some(Reach::Beyond(n) | Reach::Look(n)) => {
            let flag = option.map_or(String::new(), |o| format!(" (`{o} {n}`)"));
            format!("; about {n} rounds would decide it 80 % of the time{flag}")
        }
        Some(Reach::Edge) => {
            "; on an edge at this spread: no number of rounds up to 10,000 decides it".into()
        }
        None => String::new(),
    }
}

fn band_text(file: &AbFile) -> String {
    let range = match band_range(file) {
        Some((lo, hi)) if (hi - lo).abs() < 5e-5 => format!("±{:.2}%", lo * 100.0),
        Some((lo, hi)) => format!("±{:.2}% to ±{:.2}%", lo * 100.0, hi * 100.0),
        None => "none (nothing measured)".into(),
    };
    format!(
        "Band: {range}. A row is faster or slower only when its whole B/A interval lies beyond 1 ∓ band; \
         each row's band is the reach of its own A/A control (A against a second process of the same A binary, \
         never below 0.5%), so it says how far two copies of the same code drift on this machine."
    )
}

/// The interval the rows were taken with: the profile's at one look at the rounds, or t
/// where that one cannot reach 95 % with so few rounds.
fn interval_name(file: &AbFile) -> &'static str {
    let design = lab_record::sequential::Design::one_look(file.profile, file.rounds);
    let alpha = design.alpha_at(file.rounds);
    design.interval.at(file.rounds as usize, alpha).name()
}

fn machine_text(file: &AbFile) -> String {
    format!(
        "Machine: {}, {} ({}); {}. {} rounds per benchmark, each three fresh processes (A, A again, B) \
         in a random order, profile {}; the interval is a 95% {} interval over rounds.",
        file.machine,
        file.cpu,
        file.cpu_features.join(" "),
        file.rustc,
        file.rounds,
        file.profile,
        interval_name(file)
    )
}

/// Only in A, only in B, failed: what was not compared.
fn not_compared(file: &AbFile) -> Vec<Block> {
    let mut blocks = Vec::new();
    for (which, list) in [("A", &file.only_in_a), ("B", &file.only_in_b)] {
        if !list.is_empty() {
            blocks.push(Block::Paragraph(vec![
                Inline::Strong(format!("Only in {which} (not measured):")),
                text(format!(" {}", list.join(", "))),
            ]));
        }
    }
    if !file.failed.is_empty() {
        let mut t = Table::new(TableKind::Missing, &["benchmark", "reason"]);
        for f in &file.failed {
            t.rows.push(vec![
                Cell::new(&f.criterion_id, CellKind::Missing),
                Cell::plain(&f.reason),
            ]);
        }
        blocks.push(Block::Section(Section {
            kind: SectionKind::Plain,
            id: "failed".into(),
            level: 2,
            title: "Not measured".into(),
            blocks: vec![Block::Table(t)],
        }));
    }
    blocks
}

fn details(file: &AbFile) -> Table {
    let mut t = Table::new(
        TableKind::Detail,
        &[
            "benchmark",
            "rounds",
            "band",
            "A/A [interval]",
            "B/A per round",
            "A/A per round",
        ],
    );
    let list = |xs: &[f64]| {
        xs.iter()
            .map(|x| format!("{x:.4}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for r in &file.rows {
        t.rows.push(row_details(
            r,
            list(&r.round_ratios),
            list(&r.aa_round_ratios),
        ));
    }
    t
}

fn row_details(r: &AbRow, ba: String, aa: String) -> Vec<Cell> {
    vec![
        Cell::plain(&r.criterion_id),
        Cell::number(r.rounds.to_string()),
        Cell::number(format!("±{:.2}%", r.band * 100.0)),
        Cell::number(ratio_text(&r.aa)),
        Cell::plain(ba),
        Cell::plain(aa),
    ]
}
