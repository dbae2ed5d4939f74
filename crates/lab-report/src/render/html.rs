//! `index.html`: the [`Document`] as one self-contained file (inline CSS, inline SVG
//! charts, a tiny inline self-check script; nothing is fetched from the network). Classes
//! come from the model's kinds, never from the text.

use super::doc::{Block, CellKind, Document, Inline, Item, Section, SectionKind, Table, TableKind};

pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = r#"
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2327;background:#fafafa}
main{max-width:1360px;margin:0 auto;padding:24px 28px 60px}
h1{font-size:26px;margin:0 0 6px} h2{margin-top:40px;border-bottom:2px solid #ddd;padding-bottom:4px}
h3{margin-top:28px;font-size:18px}
.meta{color:#555;font-size:13px;line-height:1.5}
.status{padding:10px 14px;border-radius:6px;margin:14px 0;font-weight:600}
.status.ok{background:#e6f4ea;color:#1e5631;border:1px solid #b7dfc2}
.status.bad{background:#fdecea;color:#8a1c13;border:1px solid #f5c2bd}
nav{background:#fff;border:1px solid #e3e3e3;border-radius:6px;padding:8px 16px;font-size:14px}
nav ul{margin:4px 0;padding-left:20px}
table.data{border-collapse:collapse;margin:10px 0 14px;font-size:13px;background:#fff}
table.data{max-width:100%}
table.data th,table.data td{border:1px solid #ddd;padding:4px 8px;text-align:left;overflow-wrap:anywhere;min-width:5.5em}
table.missing-list td{overflow-wrap:anywhere}
details.rows>summary{cursor:pointer;font-size:13px;color:#333;margin:8px 0}
table.data th{background:#f0f2f4}
table.data tr.missing td{color:#a33;background:#fff6f5}
td.warn{color:#a33;font-weight:600}
table.seed td:last-child{white-space:normal;min-width:170px}
ul.verdicts li.real{font-weight:600}
figure.chart{margin:12px 0;background:#fff;border:1px solid #e3e3e3;border-radius:6px;padding:6px;display:inline-block}
figure.chart svg{display:block;max-width:100%;height:auto}
ul.verdicts{font-size:14px;line-height:1.6}
pre{background:#1e1e1e;color:#ddd;padding:12px 14px;border-radius:6px;font-size:12.5px;overflow-x:auto}
.note{color:#555;font-size:13px;max-width:900px}
.scroll{overflow-x:auto}
table.data td.name{white-space:nowrap;overflow-wrap:normal}
.beside{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
.beside>.scroll{flex:1 1 760px;min-width:0}
.beside>figure.chart{flex:0 0 auto;margin:10px 0}
table.decision{font-size:12.5px}
table.decision th,table.decision td{min-width:0;overflow-wrap:normal;padding:3px 6px}
"#;

/// Runs in the browser on every load: counts charts, tables and fetched resources, records
/// load errors, measures how far down the page its first section (the decision table, where
/// the run has one) starts as the page opens (`first`, CSS pixels from the top, -1 without
/// a section), counts horizontal overflow with every collapsed block opened and then folds
/// them again (the reader sees the page as written: `open` counts the blocks left open),
/// counts the decision table's LtHash rows and how many of them end on the first screen
/// (`lthash=shown/all`), whether the speed-up chart beside it does (`chart`), and the name
/// cells whose text breaks over lines (`broken`), and writes the result into `#render-check` (read by the headless Chromium test).
const CHECK_SCRIPT: &str = r#"
(function(){
  var errors = 0;
  window.addEventListener('error', function(){ errors++; }, true);
  window.addEventListener('load', function(){
    var charts = document.querySelectorAll('figure.chart svg');
    var drawn = 0;
    charts.forEach(function(s){
      var r = s.getBoundingClientRect();
      if (r.width > 50 && r.height > 50 && s.querySelectorAll('text').length > 0) drawn++;
    });
    var tables = document.querySelectorAll('table.data').length;
    var res = (performance.getEntriesByType ? performance.getEntriesByType('resource').length : -1);
    var section = document.querySelector('h2');
    var top = section ? Math.round(section.getBoundingClientRect().top + window.scrollY) : -1;
    // The first screen of a 1280 x 900 window (headless Chromium's own viewport is shorter).
    var screen = 900;
    var onScreen = function(el){ return el.getBoundingClientRect().bottom + window.scrollY <= screen; };
    var lt = 0, ltShown = 0;
    var decision = document.querySelector('table.decision');
    if (decision) decision.querySelectorAll('tbody tr').forEach(function(tr){
      if (tr.cells[0] && tr.cells[0].textContent.indexOf('LtHash') === 0) { lt++; if (onScreen(tr)) ltShown++; }
    });
    var speedChart = document.querySelector('.beside figure.chart');
    var chartShown = speedChart && onScreen(speedChart) ? 1 : 0;
    var broken = 0;
    document.querySelectorAll('td.name').forEach(function(td){
      var range = document.createRange();
      range.selectNodeContents(td);
      var lines = {};
      Array.prototype.forEach.call(range.getClientRects(), function(r){ lines[Math.round(r.top)] = 1; });
      if (Object.keys(lines).length > 1) broken++;
    });
    var folded = [];
    document.querySelectorAll('details').forEach(function(d){
      if (!d.open) { folded.push(d); d.open = true; }
    });
    var root = document.documentElement;
    var overflow = root.scrollWidth > root.clientWidth ? 1 : 0;
    document.querySelectorAll('.scroll').forEach(function(s){
      if (s.scrollWidth > s.clientWidth + 1) overflow++;
    });
    folded.forEach(function(d){ d.open = false; });
    var open = document.querySelectorAll('details[open]').length;
    var el = document.getElementById('render-check');
    el.setAttribute('data-result', 'charts=' + charts.length + ' drawn=' + drawn + ' tables=' + tables + ' resources=' + res + ' errors=' + errors + ' overflow=' + overflow + ' open=' + open + ' lthash=' + ltShown + '/' + lt + ' chart=' + chartShown + ' broken=' + broken + ' first=' + top);
  });
})();
"#;

/// Tables with more rows than this are collapsed behind a summary line (`<details>`), but
/// the decision table, which is the page's answer.
pub const COLLAPSE_ROWS: usize = 12;

/// The whole page.
pub fn render(doc: &Document) -> String {
    let mut body = String::new();
    for b in &doc.blocks {
        block(&mut body, b, &doc.blocks);
    }
    body.push_str("<p id=\"render-check\" hidden></p>\n");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n<script>{CHECK_SCRIPT}</script>\n</body>\n</html>\n",
        esc(&doc.title)
    )
}

fn inlines(parts: &[Inline]) -> String {
    parts
        .iter()
        .map(|i| match i {
            Inline::Text(t) => esc(t),
            Inline::Code(t) => format!("<code>{}</code>", esc(t)),
            Inline::Strong(t) => format!("<strong>{}</strong>", esc(t)),
            Inline::Em(t) => format!("<em>{}</em>", esc(t)),
        })
        .collect()
}

/// One block; `top` is the document's top level (for the table of contents).
fn block(out: &mut String, b: &Block, top: &[Block]) {
    match b {
        Block::Heading { level, text } => {
            out.push_str(&format!("<h{level}>{}</h{level}>\n", inlines(text)))
        }
        Block::Meta(lines) => out.push_str(&format!(
            "<div class=\"meta\">{}</div>\n",
            lines
                .iter()
                .map(|l| esc(l))
                .collect::<Vec<_>>()
                .join("<br>")
        )),
        Block::Status { ok, text } => out.push_str(&format!(
            "<div class=\"status {}\" id=\"status\">{}</div>\n",
            if *ok { "ok" } else { "bad" },
            esc(text)
        )),
        Block::Contents => contents(out, top),
        Block::Section(s) => section(out, s, top),
        Block::Paragraph(p) => out.push_str(&format!("<p class=\"note\">{}</p>\n", inlines(p))),
        Block::Table(t) if t.kind == TableKind::Missing => table(out, t),
        Block::Table(t) if t.rows.len() > COLLAPSE_ROWS && t.kind != TableKind::Decision => {
            out.push_str(&format!(
                "<details class=\"rows\"><summary>{} rows: {}</summary><div class=\"scroll\">",
                t.rows.len(),
                esc(&t.columns.join(", "))
            ));
            table(out, t);
            out.push_str("</div></details>\n");
        }
        Block::Table(t) => {
            out.push_str("<div class=\"scroll\">");
            table(out, t);
            out.push_str("</div>\n");
        }
        Block::Plot { svg, caption } => out.push_str(&format!(
            "<figure class=\"chart\" aria-label=\"{}\">{svg}</figure>\n",
            esc(caption)
        )),
        Block::Verdicts(items) => verdicts(out, items),
        Block::Details { summary, blocks } => {
            out.push_str(&format!("<details><summary>{}</summary>", esc(summary)));
            for b in blocks {
                block(out, b, top);
            }
            out.push_str("</details>\n");
        }
        Block::Pre(t) => out.push_str(&format!("<pre>{}</pre>\n", esc(t))),
        Block::Beside(blocks) => {
            out.push_str("<div class=\"beside\">");
            blocks.iter().for_each(|b| block(out, b, top));
            out.push_str("</div>\n");
        }
        Block::Full(blocks) => blocks.iter().for_each(|b| block(out, b, top)),
        Block::MarkdownOnly(_) | Block::RawMarkdown(_) | Block::SummaryOnly(_) => {}
    }
}

fn section(out: &mut String, s: &Section, top: &[Block]) {
    let (open, close) = match s.kind {
        SectionKind::Plain => (format!("<section id=\"{}\">", esc(&s.id)), "</section>"),
        SectionKind::Family => (
            format!("<section id=\"{}\" class=\"family\">", esc(&s.id)),
            "</section>",
        ),
        SectionKind::Group => (
            format!("<div class=\"group\" id=\"{}\">", esc(&s.id)),
            "</div>",
        ),
    };
    out.push_str(&format!(
        "{open}<h{l}>{}</h{l}>\n",
        esc(&s.title),
        l = s.level
    ));
    for b in &s.blocks {
        block(out, b, top);
    }
    out.push_str(close);
    out.push('\n');
}

/// The sections among `blocks`, looking inside [`Block::Full`].
fn sections(blocks: &[Block]) -> Vec<&Section> {
    blocks
        .iter()
        .flat_map(|b| match b {
            Block::Section(s) => vec![s],
            Block::Full(inner) => sections(inner),
            _ => Vec::new(),
        })
        .collect()
}

/// Links to every top-level section and the sections directly inside it, collapsed behind
/// a one-line summary so that the page's first screen is the decision table, not the list.
fn contents(out: &mut String, top: &[Block]) {
    let count = sections(top).len();
    out.push_str(&format!(
        "<nav><details><summary><strong>Contents</strong>: {count} sections</summary><ul>"
    ));
    for s in sections(top) {
        out.push_str(&format!(
            "<li><a href=\"#{}\">{}</a>",
            esc(&s.id),
            esc(&s.title)
        ));
        let inner = sections(&s.blocks);
        if !inner.is_empty() {
            out.push_str("<ul>");
            for g in inner {
                out.push_str(&format!(
                    "<li><a href=\"#{}\">{}</a></li>",
                    esc(&g.id),
                    esc(&g.title)
                ));
            }
            out.push_str("</ul>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ul></details></nav>\n");
}

fn verdicts(out: &mut String, items: &[Item]) {
    out.push_str("<ul class=\"verdicts\">");
    for item in items {
        let class = if item.strong { " class=\"real\"" } else { "" };
        out.push_str(&format!("<li{class}>{}</li>", esc(&item.text)));
    }
    out.push_str("</ul>\n");
}

fn table_class(kind: TableKind) -> &'static str {
    match kind {
        TableKind::Seed => "seed",
        TableKind::Detail | TableKind::Floor | TableKind::Overview => "detail",
        TableKind::Sweep => "sweep",
        TableKind::Allocations => "allocs",
        TableKind::Missing => "missing-list",
        TableKind::Comparison => "comparison",
        TableKind::Machines => "machines",
        TableKind::CrossMachine => "cross-machine",
        TableKind::Composition => "composition",
        TableKind::PerIsa => "per-isa",
        TableKind::Decision => "decision",
        TableKind::Claims => "claims",
    }
}

fn cell_class(kind: CellKind) -> &'static str {
    match kind {
        CellKind::Different | CellKind::Slower => " class=\"warn\"",
        CellKind::Name => " class=\"name\"",
        _ => "",
    }
}

fn table(out: &mut String, t: &Table) {
    out.push_str(&format!(
        "<table class=\"data {}\">\n<thead><tr>",
        table_class(t.kind)
    ));
    for head in &t.columns {
        out.push_str(&format!("<th>{}</th>", esc(head)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        let missing = row.iter().any(|c| c.kind == CellKind::Missing);
        out.push_str(if missing {
            "<tr class=\"missing\">"
        } else {
            "<tr>"
        });
        for c in row {
            let title = c
                .title
                .as_ref()
                .map(|t| format!(" title=\"{}\"", esc(t)))
                .unwrap_or_default();
            out.push_str(&format!(
                "<td{}{title}>{}</td>",
                cell_class(c.kind),
                esc(&c.text)
            ));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
}
