//! The report as a person reads it: `summary.md`, `details.md` and the text outline of
//! `index.html`, rendered from fixed results.json fixtures and compared whole with the
//! expected files under `tests/snapshots/` (schema 2, schema 3, an interrupted run, a merged
//! run of two machines). After a deliberate change to the report, write the new expected
//! files with `UPDATE_EXPECT=1 cargo test -p lab-report snapshot` and read their diff.

use crate::record;
use crate::render::{self, Pages};
use expect_test::{expect_file, ExpectFile};
use std::path::Path;

fn fixture(rel: &str) -> lab_record::ResultsFile {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel);
    record::load(&p).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// `&amp;` and the other escapes of [`render::html::esc`] back to text.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The value of attribute `name` in a tag's attribute text.
fn attr(attrs: &str, name: &str) -> Option<String> {
    let start = attrs.find(&format!("{name}=\""))? + name.len() + 2;
    let len = attrs[start..].find('"')?;
    Some(unescape(&attrs[start..start + len]))
}

/// The page as text, a line per heading, paragraph, list item, summary and table row:
/// `#` per heading level, `|` between cells, a cell's class (`warn`, `name`) and hover
/// text in brackets, each chart as `[chart: caption]`, folded blocks as `> summary`. The
/// style, the script and the charts' drawing are left out.
pub(crate) fn outline(html: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut skip: Option<&str> = None;
    let mut rest = html;
    let flush = |line: &mut String, lines: &mut Vec<String>| {
        let t = line.trim();
        if !t.is_empty() {
            lines.push(t.to_string());
        }
        line.clear();
    };
    while let Some(open) = rest.find('<') {
        if skip.is_none() {
            let text = unescape(&rest[..open]);
            let words: Vec<&str> = text.split_whitespace().collect();
            if !words.is_empty() {
                if text.starts_with(char::is_whitespace) && !line.ends_with(' ') {
                    line.push(' ');
                }
                line.push_str(&words.join(" "));
                if text.ends_with(char::is_whitespace) {
                    line.push(' ');
                }
            }
        }
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c);
        let tag = &rest[open + 1..close];
        rest = &rest[(close + 1).min(rest.len())..];
        let (name, attrs) = tag.split_once(' ').unwrap_or((tag, ""));
        let name = name.trim_end_matches('/').to_ascii_lowercase();
        if let Some(end) = skip {
            if name == end {
                skip = None;
            }
            continue;
        }
        match name.as_str() {
            "style" | "script" => skip = Some(if name == "style" { "/style" } else { "/script" }),
            "svg" => skip = Some("/svg"),
            "figure" => {
                flush(&mut line, &mut lines);
                lines.push(format!(
                    "[chart: {}]",
                    attr(attrs, "aria-label").unwrap_or_default()
                ));
            }
            "h1" | "h2" | "h3" | "h4" => {
                flush(&mut line, &mut lines);
                line.push_str(&"#".repeat(usize::from(name.as_bytes()[1] - b'0')));
                line.push(' ');
            }
            "summary" => {
                flush(&mut line, &mut lines);
                line.push_str("> ");
            }
            "tr" => {
                flush(&mut line, &mut lines);
                line.push('|');
            }
            "td" | "th" => {
                line.push(' ');
                let class = attr(attrs, "class");
                if let Some(c) = &class {
                    line.push_str(&format!("[{c}] "));
                }
                if let Some(t) = attr(attrs, "title") {
                    line.push_str(&format!("[title: {t}] "));
                }
            }
            "/td" | "/th" => {
                let end = line.trim_end().len();
                line.truncate(end);
                line.push_str(" |");
            }
            "p" | "/p" | "div" | "/div" | "li" | "/li" | "br" | "pre" | "/pre" | "/h1" | "/h2"
            | "/h3" | "/h4" | "/summary" | "/tr" | "table" | "/table" | "ul" | "/ul" | "nav"
            | "/nav" | "section" | "/section" | "details" | "/details" => {
                flush(&mut line, &mut lines)
            }
            _ => {}
        }
    }
    flush(&mut line, &mut lines);
    lines.join("\n") + "\n"
}

fn check(pages: &Pages, summary: ExpectFile, details: ExpectFile, html: ExpectFile) {
    summary.assert_eq(&pages.summary);
    details.assert_eq(&pages.details);
    html.assert_eq(&outline(&pages.html));
}

/// Schema 2, an interrupted run (two benchmarks missing), no paired pass.
#[test]
fn snapshot_schema2_interrupted_run_small() {
    let pages = render::report(&fixture("run-small/results.json")).unwrap();
    check(
        &pages,
        expect_file!["../tests/snapshots/run-small/summary.md"],
        expect_file!["../tests/snapshots/run-small/details.md"],
        expect_file!["../tests/snapshots/run-small/outline.txt"],
    );
}

/// Schema 2, interrupted, with floor rows, compressions per account and a batch row.
#[test]
fn snapshot_schema2_interrupted_run_mixed() {
    let pages = render::report(&fixture("run-mixed/results.json")).unwrap();
    check(
        &pages,
        expect_file!["../tests/snapshots/run-mixed/summary.md"],
        expect_file!["../tests/snapshots/run-mixed/details.md"],
        expect_file!["../tests/snapshots/run-mixed/outline.txt"],
    );
}

/// Schema 3, a complete smoke run (a part of its rows: the decision table's workloads,
/// the floor and port rows, the accumulator), with the paired pass and the decision table.
#[test]
fn snapshot_schema3_complete_run() {
    let pages = render::report(&fixture("run-schema3/results.json")).unwrap();
    check(
        &pages,
        expect_file!["../tests/snapshots/run-schema3/summary.md"],
        expect_file!["../tests/snapshots/run-schema3/details.md"],
        expect_file!["../tests/snapshots/run-schema3/outline.txt"],
    );
}

/// Two machines' runs merged into one report.
#[test]
fn snapshot_merged_run() {
    let files = [
        fixture("merge/full/results.json"),
        fixture("merge/avx2-limited/results.json"),
    ];
    let pages = render::merged_report(&files);
    check(
        &pages,
        expect_file!["../tests/snapshots/merged/summary.md"],
        expect_file!["../tests/snapshots/merged/details.md"],
        expect_file!["../tests/snapshots/merged/outline.txt"],
    );
}

/// The outline keeps what a reader sees and drops what they do not.
#[test]
fn the_outline_reads_headings_rows_classes_and_charts() {
    let html = "<html><head><style>h1{x:y}</style></head><body><h1>Run &amp; more</h1>\
                <p class=\"note\">A <em>note</em>.</p><figure class=\"chart\" aria-label=\"speeds\">\
                <svg><text>1x</text></svg></figure><details><summary>3 rows</summary>\
                <table><tr><th>a</th><th>b</th></tr><tr><td class=\"warn\" title=\"×1.1\">slower</td>\
                <td>x</td></tr></table></details><script>var a = '<b>';</script></body></html>";
    assert_eq!(
        outline(html),
        "# Run & more\nA note.\n[chart: speeds]\n> 3 rows\n| a | b |\n| [warn] [title: ×1.1] slower | x |\n"
    );
}
