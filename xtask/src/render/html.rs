//! `index.html`: one self-contained file (inline CSS, inline SVG charts, a tiny inline
//! self-check script; nothing is fetched from the network).

use crate::error::Result;
use crate::report;
use crate::results::ResultsFile;
use crate::tables::{self, Table};
use crate::view::{Shape, View};

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

fn table(t: &Table, class: &str) -> String {
    let mut h = format!("<table class=\"data {class}\">\n<thead><tr>");
    for head in &t.headers {
        h.push_str(&format!("<th>{}</th>", esc(head)));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        let missing = row.iter().any(|c| c == "missing");
        h.push_str(if missing {
            "<tr class=\"missing\">"
        } else {
            "<tr>"
        });
        for c in row {
            let cls = if c.contains("DIFFERENT") || c.contains("regressed") {
                " class=\"warn\""
            } else {
                ""
            };
            h.push_str(&format!("<td{cls}>{}</td>", esc(c)));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody></table>\n");
    h
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
table.data th,table.data td{border:1px solid #ddd;padding:4px 8px;text-align:left;white-space:nowrap}
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
"#;

/// Runs in the browser: counts charts, tables and fetched resources, records load errors,
/// and writes the result into `#render-check` (read by the headless Chromium test).
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
    var el = document.getElementById('render-check');
    el.setAttribute('data-result', 'charts=' + charts.length + ' drawn=' + drawn + ' tables=' + tables + ' resources=' + res + ' errors=' + errors);
  });
})();
"#;

pub fn render(file: &ResultsFile) -> Result<String> {
    let view = View::new(file);
    let mut body = String::new();
    let complete = file.missing.is_empty() && file.run.status == "complete";

    body.push_str(&format!(
        "<h1>hashlab benchmarks — run <code>{}</code></h1>\n<div class=\"meta\">{}<br>started {}{}</div>\n",
        esc(&file.run.id),
        esc(&report::meta_line(file)),
        esc(&file.run.started_at),
        file.run
            .finished_at
            .as_deref()
            .map(|f| format!(", finished {}", esc(f)))
            .unwrap_or_default()
    ));
    body.push_str(&format!(
        "<div class=\"status {}\" id=\"status\">{}</div>\n",
        if complete { "ok" } else { "bad" },
        esc(&report::status_line(file))
    ));

    // Table of contents.
    body.push_str("<nav><strong>Contents</strong><ul>");
    let seed = view.seed_rows();
    if !seed.is_empty() {
        body.push_str("<li><a href=\"#seed\">Seed reproduction: cap=47 vs cap=200</a></li>");
    }
    for s in &view.sections {
        body.push_str(&format!(
            "<li><a href=\"#family-{0}\">{0}</a><ul>",
            esc(&s.family)
        ));
        for g in &s.groups {
            body.push_str(&format!(
                "<li><a href=\"#{}\">{}</a></li>",
                esc(&g.anchor()),
                esc(&g.title())
            ));
        }
        body.push_str("</ul></li>");
    }
    if !file.missing.is_empty() {
        body.push_str("<li><a href=\"#missing\">Missing benchmarks</a></li>");
    }
    body.push_str("</ul></nav>\n");

    if !seed.is_empty() {
        body.push_str(
            "<section id=\"seed\"><h2>Seed reproduction: copy-buffer cap=47 vs cap=200</h2>\n",
        );
        body.push_str("<p class=\"note\">The seed PR grew the stack buffer from 47 to 200 bytes of data and measured about 5% at 165 and 200 B, no change at 0 B and at 1 KiB and above. Change is cap=47's time relative to cap=200's, as in the seed's criterion output.</p>\n");
        let rows = report::seed_table_rows(&seed);
        body.push_str("<div class=\"scroll\">");
        body.push_str(&table(
            &Table {
                headers: report::SEED_HEADERS.map(String::from).to_vec(),
                rows: rows.into_iter().map(|r| r.to_vec()).collect(),
            },
            "seed",
        ));
        body.push_str("</div><ul class=\"verdicts\">");
        for line in report::seed_direction(&seed) {
            body.push_str(&format!("<li>{}</li>", esc(&line)));
        }
        body.push_str("</ul>\n<details><summary>In the seed's criterion layout</summary><pre>");
        body.push_str(&esc(&report::seed_criterion_text(&seed)));
        body.push_str("</pre></details></section>\n");
    }

    if let Some((per_compression, t)) = tables::floor(file) {
        body.push_str("<section id=\"floor\"><h2>Distance to the hardware floor</h2>\n");
        body.push_str(&format!(
            "<p class=\"note\">One BLAKE3 compression costs {} in the widest lane backend (the <code>limit</code> row: a batch of one-block messages). Floor = compressions per account × that cost; <em>× floor</em> is how far each strategy is from it.</p>\n",
            esc(&crate::units::time_ns(per_compression))
        ));
        body.push_str("<div class=\"scroll\">");
        body.push_str(&table(&t, "detail"));
        body.push_str("</div></section>\n");
    }

    for s in &view.sections {
        body.push_str(&format!(
            "<section id=\"family-{0}\" class=\"family\"><h2>{0}</h2>\n",
            esc(&s.family)
        ));
        for g in &s.groups {
            body.push_str(&format!(
                "<div class=\"group\" id=\"{}\"><h3>{}</h3>\n",
                esc(&g.anchor()),
                esc(&g.title())
            ));
            if let Some(b) = &g.baseline {
                body.push_str(&format!(
                    "<p class=\"note\">Baseline: <strong>{}</strong>. Ratios are time / baseline time (below 1 is faster).</p>\n",
                    esc(b)
                ));
            }
            if let Some(svg) = crate::plots::chart(g)? {
                body.push_str("<figure class=\"chart\">");
                body.push_str(&svg);
                body.push_str("</figure>\n");
            }
            body.push_str("<div class=\"scroll\">");
            match g.shape {
                Shape::Sweep => body.push_str(&table(&tables::sweep(g), "sweep")),
                _ => body.push_str(&table(&tables::detail(g), "detail")),
            }
            body.push_str("</div>");
            let verdicts = g.verdicts();
            if !verdicts.is_empty() && g.shape != Shape::Sweep {
                body.push_str("<ul class=\"verdicts\">");
                for (_, lines) in &verdicts {
                    for l in lines {
                        let class = if l.contains("intervals do not overlap") {
                            " class=\"real\""
                        } else {
                            ""
                        };
                        body.push_str(&format!("<li{class}>{}</li>", esc(l)));
                    }
                }
                body.push_str("</ul>\n");
            }
            if g.shape == Shape::Sizes {
                if let Some(t) = tables::allocations(g) {
                    body.push_str("<p class=\"note\">Allocations per hash (counted pass of the <code>lab</code> binary):</p><div class=\"scroll\">");
                    body.push_str(&table(&t, "allocs"));
                    body.push_str("</div>");
                }
            }
            body.push_str("</div>\n");
        }
        body.push_str("</section>\n");
    }

    if !file.missing.is_empty() {
        body.push_str("<section id=\"missing\"><h2>Missing benchmarks</h2>\n");
        body.push_str(&table(&tables::missing(file), "missing-list"));
        body.push_str("</section>\n");
    }
    body.push_str(&format!(
        "<p class=\"note\"><em>Method.</em> {}</p>\n",
        esc(report::METHOD_NOTE)
    ));
    body.push_str("<p id=\"render-check\" hidden></p>\n");

    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>hashlab run {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n{body}</main>\n<script>{CHECK_SCRIPT}</script>\n</body>\n</html>\n",
        esc(&file.run.id)
    ))
}
