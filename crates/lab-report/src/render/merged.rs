//! The merged report of several machines (`report --merge`), built once into a
//! [`Document`]: the machines, then per (family, digest, workload) each strategy's ratio
//! to that machine's own baseline with the machines side by side, then per seed claim on
//! how many machines it holds. No absolute time of one machine is put beside another's.

use super::doc::{
    plain_section, text, Block, Cell, CellKind, Document, Inline, Item, Section, SectionKind,
};
use super::doc::{Table, TableKind};
use super::text::ratio_text;
use crate::analysis::machines::{self, CrossCell, CrossTable, CrossView};
use crate::analysis::seed::Holds;
use crate::analysis::stats::Outcome;
use lab_record::{ResultsFile, Verdict};

/// The merged report of `files` (one per machine, in the order given).
pub fn document(files: &[ResultsFile]) -> Document {
    let view = machines::cross_view(files);
    let labels: Vec<String> = view.machines.iter().map(|m| m.label.clone()).collect();
    let mut blocks = vec![
        Block::Heading {
            level: 1,
            text: vec![text(format!(
                "hashlab benchmarks — {} machines merged",
                labels.len()
            ))],
        },
        Block::Meta(vec![labels.join(" · ")]),
        Block::Contents,
        plain_section(
            "machines",
            "Machines",
            vec![Block::Table(machines_table(&view))],
        ),
    ];
    let groups: Vec<Block> = view
        .tables
        .iter()
        .map(|t| ratio_group(t, &labels))
        .collect();
    let mut ratios = vec![Block::Paragraph(vec![text(RATIO_NOTE)])];
    ratios.extend(groups);
    blocks.push(plain_section(
        "ratios",
        "Ratios to each machine's own baseline",
        ratios,
    ));
    blocks.push(plain_section(
        "claims",
        "Seed claims across machines",
        claims(&view),
    ));
    Document {
        title: format!("hashlab merged report: {}", labels.join(", ")),
        blocks,
    }
}

const RATIO_NOTE: &str = "Each cell is a strategy's time divided by the baseline's time measured on the same machine (below 1 is faster). Absolute times are never compared across machines: the machines differ in CPU, clock and memory, and only ratios within one run are comparable. A paired ratio (the interleaved measurement over several processes) carries its verdict; an unpaired ratio is of criterion's two estimates, with 'faster'/'slower' only when their intervals do not overlap.";

fn machines_table(view: &CrossView) -> Table {
    let mut t = Table::new(
        TableKind::Machines,
        &[
            "machine",
            "CPU",
            "OS",
            "instruction sets",
            "backend",
            "profile",
            "commit",
            "run",
        ],
    );
    for m in &view.machines {
        let run = &m.file.run;
        t.rows.push(vec![
            Cell::plain(m.label.clone()),
            Cell::plain(run.cpu.clone()),
            Cell::plain(run.os.clone().unwrap_or_else(|| "–".into())),
            Cell::plain(run.cpu_features.join(" ")),
            Cell::plain(m.backend.map_or("–", |i| i.as_str())),
            Cell::plain(run.profile.to_string()),
            Cell::plain(run.git_commit.clone()),
            Cell::plain(format!("{} ({})", run.id, run.status)),
        ]);
    }
    t
}

fn claims(view: &CrossView) -> Vec<Block> {
    let total = view.machines.len();
    let items = view
        .claims
        .iter()
        .map(|c| Item {
            text: format!(
                "{}: holds on {} of {total} machines",
                c.claim.text(),
                c.holds_on()
            ),
            strong: c.holds_on() == total,
        })
        .collect();
    let mut t = Table::new(
        TableKind::Machines,
        &["claim", "machine", "result", "figures"],
    );
    for c in &view.claims {
        for (m, r) in view.machines.iter().zip(&c.results) {
            let (word, kind) = match r.holds {
                Holds::Reproduced => ("reproduced", CellKind::Faster),
                Holds::NotReproduced => ("not reproduced", CellKind::Slower),
                Holds::CannotTell => ("cannot tell", CellKind::Equal),
            };
            t.rows.push(vec![
                Cell::plain(c.claim.text().split(':').next().unwrap_or_default()),
                Cell::plain(m.label.clone()),
                Cell::new(word, kind),
                Cell::plain(r.figures.clone()),
            ]);
        }
    }
    vec![Block::Verdicts(items), Block::Table(t)]
}

fn ratio_group(t: &CrossTable, labels: &[String]) -> Block {
    let mut columns = vec!["strategy".to_string()];
    columns.extend(labels.iter().map(|l| format!("{l}: ratio to its baseline")));
    let mut table = Table::new(TableKind::CrossMachine, &[]);
    table.columns = columns;
    for (label, cells) in &t.rows {
        let mut row = vec![Cell::plain(label.clone())];
        row.extend(
            cells
                .iter()
                .map(|c| c.as_ref().map_or_else(Cell::absent, cross_cell)),
        );
        table.rows.push(row);
    }
    let title = format!("{} · {} digest · {}", t.family, t.digest, t.workload);
    Block::Section(Section {
        kind: SectionKind::Group,
        id: format!("ratios-{title}")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect(),
        level: 3,
        title,
        blocks: vec![
            Block::Paragraph(vec![
                text("Baseline on each machine: "),
                Inline::Strong(t.baseline.clone()),
                text("."),
            ]),
            Block::Table(table),
        ],
    })
}

/// `0.9512 [0.9490, 0.9534] faster (paired)` / `1.0412 [...] slower (unpaired)`.
pub fn cross_cell(c: &CrossCell) -> Cell {
    let (word, kind) = match (c.paired, c.outcome) {
        (Some(Verdict::Faster), _) | (None, Some(Outcome::Faster { .. })) => {
            ("faster", CellKind::Faster)
        }
        (Some(Verdict::Slower), _) | (None, Some(Outcome::Slower { .. })) => {
            ("slower", CellKind::Slower)
        }
        _ => ("equal", CellKind::Equal),
    };
    let how = if c.paired.is_some() {
        "paired"
    } else {
        "unpaired"
    };
    Cell::new(format!("{} {word} ({how})", ratio_text(&c.ratio)), kind)
}
