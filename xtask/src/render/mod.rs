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
pub mod html;
pub mod isa;
pub mod markdown;
pub mod merged;
pub mod outline;
pub mod peer_path;
pub mod plots;
pub mod tables;
pub mod text;
pub mod units;
pub mod verdicts;

use crate::error::Result;
use lab_record::ResultsFile;

/// `index.html` and `summary.md` of a run, from one document.
pub fn report(file: &ResultsFile) -> Result<(String, String)> {
    let doc = outline::document(file)?;
    Ok((html::render(&doc), markdown::render(&doc)))
}

/// `index.html` and `summary.md` of several runs merged (one per machine).
pub fn merged_report(files: &[ResultsFile]) -> (String, String) {
    let doc = merged::document(files);
    (html::render(&doc), markdown::render(&doc))
}
