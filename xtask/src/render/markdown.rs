//! `summary.md`: the report's tables in GitHub Markdown, ready to paste into a pull request.

use crate::error::Result;
use crate::report;
use crate::results::ResultsFile;
use crate::tables::{self, Table};
use crate::view::{Shape, View};

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

pub fn table(t: &Table) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "| {} |\n",
        t.headers
            .iter()
            .map(|h| cell(h))
            .collect::<Vec<_>>()
            .join(" | ")
    ));
    out.push_str(&format!(
        "|{}|\n",
        t.headers
            .iter()
            .map(|_| "---")
            .collect::<Vec<_>>()
            .join("|")
    ));
    for row in &t.rows {
        out.push_str(&format!(
            "| {} |\n",
            row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | ")
        ));
    }
    out
}

pub fn render(file: &ResultsFile) -> Result<String> {
    let view = View::new(file);
    let mut md = String::new();
    md.push_str(&format!("# hashlab benchmarks — run `{}`\n\n", file.run.id));
    md.push_str(&format!("{}\n\n", report::meta_line(file)));
    md.push_str(&format!("**Status:** {}\n\n", report::status_line(file)));

    let seed = view.seed_rows();
    if !seed.is_empty() {
        md.push_str("## Seed reproduction: copy-buffer cap=47 vs cap=200\n\n");
        md.push_str("The seed PR grew the stack buffer from 47 to 200 bytes of data and measured ~5% at 165 and 200 B, no change at 0 B and at 1 KiB and above.\n\n");
        let rows = report::seed_table_rows(&seed);
        md.push_str(&table(&Table {
            headers: report::SEED_HEADERS.map(String::from).to_vec(),
            rows: rows.into_iter().map(|r| r.to_vec()).collect(),
        }));
        md.push('\n');
        for line in report::seed_direction(&seed) {
            md.push_str(&format!("- {line}\n"));
        }
        md.push_str("\n<details><summary>In the seed's criterion layout</summary>\n\n```text\n");
        md.push_str(&report::seed_criterion_text(&seed));
        md.push_str("```\n\n</details>\n\n");
    }

    if let Some((per_compression, t)) = tables::floor(file) {
        md.push_str("## Distance to the hardware floor\n\n");
        md.push_str(&format!(
            "One BLAKE3 compression costs {} in the widest lane backend (the `limit` row: a batch of one-block messages). Floor = compressions per account × that cost; `× floor` is how far each strategy is from it.\n\n",
            crate::units::time_ns(per_compression)
        ));
        md.push_str(&table(&t));
        md.push('\n');
    }

    for section in &view.sections {
        md.push_str(&format!("## {}\n\n", section.family));
        for g in &section.groups {
            md.push_str(&format!("### {}\n\n", g.title()));
            if let Some(b) = &g.baseline {
                md.push_str(&format!("Baseline: **{b}**.\n\n"));
                let rel = crate::ctable::relative_speed_markdown(g)?;
                if !rel.is_empty() {
                    md.push_str("Relative speed (rendered by criterion-table; ✅ means within 10% or faster, ❌ more than 10% slower):\n\n");
                    md.push_str(&rel);
                    md.push('\n');
                }
            }
            match g.shape {
                Shape::Sweep => {
                    md.push_str(&table(&tables::sweep(g)));
                    md.push('\n');
                }
                _ => {
                    md.push_str(&table(&tables::detail(g)));
                    md.push('\n');
                }
            }
            let verdicts = g.verdicts();
            if !verdicts.is_empty() && g.shape != Shape::Sweep {
                md.push_str("Verdicts:\n\n");
                for (_, lines) in &verdicts {
                    for l in lines {
                        md.push_str(&format!("- {l}\n"));
                    }
                }
                md.push('\n');
            }
            if g.shape == Shape::Sizes {
                if let Some(t) = tables::allocations(g) {
                    md.push_str("Allocations per hash:\n\n");
                    md.push_str(&table(&t));
                    md.push('\n');
                }
            }
        }
    }

    if !file.missing.is_empty() {
        md.push_str("## Missing benchmarks\n\n");
        md.push_str(&table(&tables::missing(file)));
        md.push('\n');
    }
    md.push_str(&format!("_Method:_ {}\n", report::METHOD_NOTE));
    Ok(md)
}
