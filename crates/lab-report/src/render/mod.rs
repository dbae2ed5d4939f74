//! Turning the analysis into documents: the document model ([`doc`]), the report's outline
//! built once ([`outline`]), its HTML and Markdown serialisers ([`html`], [`markdown`]),
//! the texts and tables they hold ([`text`], [`tables`], [`units`]), charts ([`plots`]),
//! criterion-table's relative-speed tables ([`ctable`]), the run comparison
//! ([`compare`]), the A/B comparison of two revisions ([`ab`]), the merged report of several machines ([`merged`]) and `cargo xtask verify`'s table ([`verify`]). Imports `analysis` and `record` types; never `commands`.

pub mod ab;
pub mod compare;
pub mod ctable;
pub mod doc;
pub mod html;
pub mod markdown;
pub mod merged;
pub mod outline;
pub mod overview;
pub mod plots;
pub mod tables;
pub mod text;
pub mod units;
pub mod upstream;
pub mod verdicts;
pub mod verify;

use crate::error::Result;
use lab_record::ResultsFile;
use outline::Part;
use std::path::{Path, PathBuf};

/// Declares each `mod` entry (a module of `render/`) and defines [`parts`] from the
/// entries in order.
macro_rules! sections {
    (@list [$({ [$(#[$a:meta])*] $p:path })*]) => {
        /// Every part of a run's report, in page order.
        // One push per entry: an entry may carry a `#[cfg]`, which `vec![]` cannot.
        #[allow(clippy::vec_init_then_push)]
        pub fn parts() -> Vec<Part> {
            let mut parts: Vec<Part> = Vec::new();
            $($(#[$a])* parts.push($p);)*
            parts
        }
    };
    (@list [$($done:tt)*] $(#[$attr:meta])* mod $m:ident; $($rest:tt)*) => {
        $(#[$attr])*
        pub mod $m;
        sections!(@list [$($done)* { [$(#[$attr])*] $m::part }] $($rest)*);
    };
    (@list [$($done:tt)*] $p:path; $($rest:tt)*) => {
        sections!(@list [$($done)* { [] $p }] $($rest)*);
    };
    ($($rest:tt)*) => {
        sections!(@list [] $($rest)*);
    };
}

sections! {
    // The parts of a run's report, listed once, in page order
    // (docs/adding-a-report-section.md): `mod name;` declares `render/name.rs`, whose
    // `pub fn part(run: &Run) -> Result<Vec<Block>>` builds its blocks; a path names a part
    // kept in the outline. `outline::document` builds every part in this order; the HTML
    // page, summary.md and details.md (and the page's contents) follow from that document.
    outline::header_part;
    mod decision;
    mod drop_in;
    outline::counts_part;
    mod peer_path;
    outline::claims_part;
    outline::seed_part;
    outline::floor_part;
    outline::accounts_part;
    mod sizes;
    outline::families_part;
    mod isa;
    outline::missing_part;
    #[cfg(test)] mod example_section;
    outline::method_part;
}

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

/// Loads `results_json` and writes index.html, summary.md and details.md next to it, with
/// the released drop-in crate's own tests and benchmarks where `cargo xtask upstream`
/// wrote them (`<reports>/upstream/upstream.json` beside the run's directory); returns the
/// dir.
pub fn render_dir(results_json: &Path) -> Result<PathBuf> {
    let file = crate::record::load(results_json)?;
    let dir = results_json
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let upstream = upstream::load_upstream(&dir)?;
    let doc = outline::document_with(&file, upstream.as_ref())?;
    write_pages(&dir, Pages::of(&doc))?;
    Ok(dir)
}

/// Writes a report's pages into `dir`.
pub fn write_pages(dir: &Path, pages: Pages) -> Result<()> {
    crate::error::write(&dir.join("index.html"), pages.html)?;
    crate::error::write(&dir.join("summary.md"), pages.summary)?;
    crate::error::write(&dir.join("details.md"), pages.details)
}
