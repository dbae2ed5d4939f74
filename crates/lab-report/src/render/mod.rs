//! Turning the analysis into documents: the document model ([`doc`]), the report's outline
//! built once ([`outline`]), its HTML and Markdown serialisers ([`html`], [`markdown`]),
//! the texts and tables they hold ([`text`], [`tables`], [`units`]), charts ([`plots`]),
//! criterion-table's relative-speed tables ([`ctable`]), the run comparison
//! ([`compare`]), the A/B comparison of two revisions ([`ab`]) and the merged report of several machines ([`merged`]). Imports `analysis` and `record` types; never `commands`.

pub mod ab;
pub mod compare;
pub mod ctable;
pub mod decision;
pub mod doc;
pub mod drop_in;
pub mod html;
pub mod isa;
pub mod markdown;
pub mod merged;
pub mod outline;
pub mod overview;
pub mod peer_path;
pub mod plots;
pub mod sizes;
pub mod tables;
pub mod text;
pub mod units;
pub mod verdicts;

use crate::error::Result;
use lab_record::ResultsFile;
use std::path::{Path, PathBuf};

/// The pages of a report, from one document: `index.html`, the short `summary.md` and
/// the whole `details.md`.
pub struct Pages {
    pub html: String,
    pub summary: String,
    pub details: String,
}

impl Pages {
    fn of(doc: &doc::Document) -> Pages {
        Pages {
            html: html::render(doc),
            summary: markdown::render_summary(doc),
            details: markdown::render(doc),
        }
    }
}

/// The pages of a run.
pub fn report(file: &ResultsFile) -> Result<Pages> {
    Ok(Pages::of(&outline::document(file)?))
}

/// The pages of several runs merged (one per machine).
pub fn merged_report(files: &[ResultsFile]) -> Pages {
    Pages::of(&merged::document(files))
}

/// Loads `results_json` and writes index.html, summary.md and details.md next to it;
/// returns the dir.
pub fn render_dir(results_json: &Path) -> Result<PathBuf> {
    let file = crate::record::load(results_json)?;
    let dir = results_json
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    write_pages(&dir, report(&file)?)?;
    Ok(dir)
}

/// Writes a report's pages into `dir`.
pub fn write_pages(dir: &Path, pages: Pages) -> Result<()> {
    crate::error::write(&dir.join("index.html"), pages.html)?;
    crate::error::write(&dir.join("summary.md"), pages.summary)?;
    crate::error::write(&dir.join("details.md"), pages.details)
}
