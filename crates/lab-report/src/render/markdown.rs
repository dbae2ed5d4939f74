//! `summary.md`: the [`Document`] in GitHub Markdown, ready to paste into a pull request.
//! Plots and the table of contents are left out; the status box becomes a bold line.

use super::doc::{Block, Document, Inline, Table};

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A GitHub Markdown table.
pub fn table(t: &Table) -> String {
    let row = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    let mut out = row(t.columns.iter().map(|h| cell(h)).collect());
    out.push_str(&format!("|{}|\n", vec!["---"; t.columns.len()].join("|")));
    for r in &t.rows {
        out.push_str(&row(r.iter().map(|c| cell(&c.text)).collect()));
    }
    out
}

/// Which Markdown file: the short `summary.md` or the whole `details.md`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Summary,
    Details,
}

/// `details.md`: the whole document.
pub fn render(doc: &Document) -> String {
    render_page(doc, Page::Details)
}

/// `summary.md`: the document with each [`Block::Full`] replaced by its
/// [`Block::SummaryOnly`] lines.
pub fn render_summary(doc: &Document) -> String {
    render_page(doc, Page::Summary)
}

fn render_page(doc: &Document, page: Page) -> String {
    let mut md = String::new();
    for b in &doc.blocks {
        block(&mut md, b, page);
    }
    let end = md.trim_end().len();
    md.truncate(end);
    md.push('\n');
    md
}

fn inlines(parts: &[Inline]) -> String {
    parts
        .iter()
        .map(|i| match i {
            Inline::Text(t) => t.clone(),
            Inline::Code(t) => format!("`{t}`"),
            Inline::Strong(t) => format!("**{t}**"),
            Inline::Em(t) => format!("_{t}_"),
        })
        .collect()
}

fn block(md: &mut String, b: &Block, page: Page) {
    match b {
        Block::Heading { level, text } => md.push_str(&format!(
            "{} {}\n\n",
            "#".repeat(usize::from(*level)),
            inlines(text)
        )),
        Block::Meta(lines) => lines.iter().for_each(|l| md.push_str(&format!("{l}\n\n"))),
        Block::Status { text, .. } => md.push_str(&format!("**Status:** {text}\n\n")),
        Block::Contents | Block::Plot { .. } => {}
        Block::Section(s) => {
            md.push_str(&format!(
                "{} {}\n\n",
                "#".repeat(usize::from(s.level)),
                s.title
            ));
            s.blocks.iter().for_each(|b| block(md, b, page));
        }
        Block::Paragraph(p) => md.push_str(&format!("{}\n\n", inlines(p))),
        Block::Table(t) => {
            md.push_str(&table(t));
            md.push('\n');
        }
        Block::Verdicts(items) => {
            for item in items {
                md.push_str(&format!("- {}\n", item.text));
            }
            md.push('\n');
        }
        Block::Details { summary, blocks } => {
            md.push_str(&format!("<details><summary>{summary}</summary>\n\n"));
            blocks.iter().for_each(|b| block(md, b, page));
            md.push_str("</details>\n\n");
        }
        Block::Pre(t) => md.push_str(&format!("```text\n{t}```\n\n")),
        Block::Beside(blocks) => blocks.iter().for_each(|b| block(md, b, page)),
        Block::MarkdownOnly(blocks) => blocks.iter().for_each(|b| block(md, b, page)),
        Block::RawMarkdown(t) => {
            md.push_str(t);
            md.push('\n');
        }
        Block::Full(blocks) if page == Page::Details => {
            blocks.iter().for_each(|b| block(md, b, page))
        }
        Block::SummaryOnly(blocks) if page == Page::Summary => {
            blocks.iter().for_each(|b| block(md, b, page))
        }
        Block::Full(_) | Block::SummaryOnly(_) => {}
    }
}
