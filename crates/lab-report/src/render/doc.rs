//! The document model: what a report says, once, independent of its output format.
//! [`super::outline`] builds one [`Document`] per run; [`super::html`] and
//! [`super::markdown`] serialise it. Styling comes from kinds ([`CellKind`], [`TableKind`],
//! [`SectionKind`], [`Item::strong`]), never from searching the text.

/// A whole report.
pub struct Document {
    /// Plain-text title (the HTML `<title>`).
    pub title: String,
    pub blocks: Vec<Block>,
}

/// A run of text with one style.
#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    Text(String),
    Code(String),
    Strong(String),
    Em(String),
}

/// Shorthand for `Inline::Text`.
pub fn text(s: impl Into<String>) -> Inline {
    Inline::Text(s.into())
}

pub enum Block {
    /// The document heading (level 1); sections carry their own headings.
    Heading {
        level: u8,
        text: Vec<Inline>,
    },
    /// Small print under the title, one entry per line.
    Meta(Vec<String>),
    /// The run's status: complete (`ok`) or not.
    Status {
        ok: bool,
        text: String,
    },
    /// A table of contents of the sections that follow (HTML only; Markdown readers have
    /// their own outline).
    Contents,
    /// A titled section: `id` is its anchor, `level` its heading level (2 or 3).
    Section(Section),
    Paragraph(Vec<Inline>),
    Table(Table),
    /// An inline SVG chart; Markdown leaves it out.
    Plot {
        svg: String,
        caption: String,
    },
    /// Verdict lines: one conclusion per item.
    Verdicts(Vec<Item>),
    /// Collapsed content with a one-line summary.
    Details {
        summary: String,
        blocks: Vec<Block>,
    },
    /// Preformatted text.
    Pre(String),
    /// Blocks side by side where the page is wide enough (HTML), one after another in
    /// Markdown: the decision table and its chart.
    Beside(Vec<Block>),
    /// Blocks only the Markdown summary shows (criterion-table's relative-speed table,
    /// which the HTML page replaces with its plot).
    MarkdownOnly(Vec<Block>),
    /// Markdown text, already rendered (only inside [`Block::MarkdownOnly`]).
    RawMarkdown(String),
    /// The full detail: shown by `index.html` and `details.md`, left out of the short
    /// `summary.md`.
    Full(Vec<Block>),
    /// What `summary.md` shows in place of the [`Block::Full`] beside it (a line per
    /// table); the other outputs leave it out.
    SummaryOnly(Vec<Block>),
}

pub struct Section {
    pub kind: SectionKind,
    pub id: String,
    pub level: u8,
    pub title: String,
    pub blocks: Vec<Block>,
}

/// A top-level (level 2) plain section.
pub fn plain_section(id: &str, title: &str, blocks: Vec<Block>) -> Block {
    Block::Section(Section {
        kind: SectionKind::Plain,
        id: id.into(),
        level: 2,
        title: title.into(),
        blocks,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    Plain,
    /// One family of benchmarks.
    Family,
    /// One (family, digest, workload kind) group inside a family.
    Group,
}

pub struct Item {
    pub text: String,
    /// A conclusion that holds (intervals do not overlap): shown in bold in HTML.
    pub strong: bool,
}

/// What a table is: selects its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    Seed,
    Detail,
    Sweep,
    Allocations,
    Floor,
    Missing,
    Comparison,
    /// The machines of a merged report.
    Machines,
    /// Ratios to each machine's own baseline, machines side by side.
    CrossMachine,
    /// A user's accounts by size class.
    Composition,
    /// Time per account per instruction set.
    PerIsa,
    /// What to run per digest and call shape.
    Decision,
    /// The seed's claims checked on the run.
    Claims,
    /// A family's tables, one line each (summary.md).
    Overview,
}

pub struct Table {
    pub kind: TableKind,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    pub fn new(kind: TableKind, columns: &[&str]) -> Self {
        Table {
            kind,
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// The text of row `r`, column `c`.
    #[cfg(test)]
    pub fn text(&self, r: usize, c: usize) -> &str {
        &self.rows[r][c].text
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub kind: CellKind,
    /// More of the same figure, shown on hover in HTML (its `title`); Markdown leaves it
    /// out.
    pub title: Option<String>,
}

/// What a cell says, beyond its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    Plain,
    Number,
    /// A change or verdict that says faster.
    Faster,
    /// A change or verdict that says slower (a regression).
    Slower,
    /// No change that the run can tell.
    Equal,
    /// The output matched the consensus digest.
    Consensus,
    /// The output differs from the consensus digest.
    Different,
    /// Planned but not measured.
    Missing,
    /// Not available (no baseline, not counted): `–`.
    Absent,
    /// A name that never breaks inside a word (a workload such as `size_ladder/1024`).
    Name,
}

impl Cell {
    pub fn new(text: impl Into<String>, kind: CellKind) -> Self {
        Cell {
            text: text.into(),
            kind,
            title: None,
        }
    }

    /// The same cell with a hover text.
    pub fn titled(self, title: impl Into<String>) -> Self {
        Cell {
            title: Some(title.into()),
            ..self
        }
    }

    pub fn plain(text: impl Into<String>) -> Self {
        Cell::new(text, CellKind::Plain)
    }

    pub fn number(text: impl Into<String>) -> Self {
        Cell::new(text, CellKind::Number)
    }

    pub fn absent() -> Self {
        Cell::new("–", CellKind::Absent)
    }

    pub fn missing() -> Self {
        Cell::new("missing", CellKind::Missing)
    }
}
