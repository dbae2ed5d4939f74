//! Section "Rows per family", compiled only in tests: how many rows each family measured
//! and how many of them the paired pass compared. It is the worked example of
//! docs/adding-a-report-section.md, and shows only in a run whose id is `example-section`,
//! so that the tests prove a section added by one file and one line reaches the HTML page,
//! its contents, summary.md and details.md, while no other report changes.

use super::doc::{Block, Cell, Section, SectionKind, Table, TableKind};
use super::outline::Run;
use crate::error::Result;

/// The section's blocks: none unless the run is the example's.
pub fn part(run: &Run) -> Result<Vec<Block>> {
    if run.file.run.id != "example-section" {
        return Ok(Vec::new());
    }
    let mut t = Table::new(TableKind::Detail, &["family", "rows", "paired"]);
    for s in &run.view.sections {
        let rows: Vec<_> = s.groups.iter().flat_map(|g| g.cells.values()).collect();
        let paired = rows.iter().filter(|r| r.paired.is_some()).count();
        t.rows.push(vec![
            Cell::plain(s.family.to_string()),
            Cell::number(rows.len().to_string()),
            Cell::number(paired.to_string()),
        ]);
    }
    Ok(vec![Block::Section(Section {
        kind: SectionKind::Plain,
        id: "rows-per-family".into(),
        level: 2,
        title: "Rows per family".into(),
        blocks: vec![Block::Table(t)],
    })])
}
