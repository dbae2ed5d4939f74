//! `cargo xtask compare RUN_A RUN_B`: per-benchmark change from A to B with significance,
//! like criterion's change report / critcmp, as a text table and (with `--markdown`)
//! GitHub Markdown.

use crate::markdown;
use crate::results::{Record, ResultsFile};
use crate::stats::{self, ChangeClass};
use crate::tables::Table;
use crate::units;
use clap::Args;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The old run: a run id under reports/, a run directory, or a results.json file.
    pub run_a: String,
    /// The new run.
    pub run_b: String,
    /// Print GitHub Markdown instead of a text table.
    #[arg(long)]
    pub markdown: bool,
    /// Where runs live.
    #[arg(long, default_value = "reports")]
    pub reports_dir: PathBuf,
}

pub fn run(args: CompareArgs) -> ExitCode {
    let load = |r: &str| {
        crate::report::resolve_run(&args.reports_dir, r).and_then(|p| ResultsFile::load(&p))
    };
    match load(&args.run_a).and_then(|a| Ok((a, load(&args.run_b)?))) {
        Ok((a, b)) => {
            let c = compare(&a, &b);
            if args.markdown {
                print!("{}", c.markdown());
            } else {
                print!("{}", c.text());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

pub struct Comparison {
    pub run_a: String,
    pub run_b: String,
    pub table: Table,
    pub only_a: Vec<String>,
    pub only_b: Vec<String>,
    pub regressed: usize,
    pub improved: usize,
}

fn name(r: &Record) -> String {
    format!("{}/{}/{}", r.family, r.label(), r.workload)
}

pub fn compare(a: &ResultsFile, b: &ResultsFile) -> Comparison {
    let index = |f: &ResultsFile| -> BTreeMap<String, Record> {
        f.results.iter().map(|r| (r.key(), r.clone())).collect()
    };
    let (ia, ib) = (index(a), index(b));
    let mut rows = Vec::new();
    let (mut regressed, mut improved) = (0, 0);
    for (key, ra) in &ia {
        let Some(rb) = ib.get(key) else { continue };
        let c = stats::change(&rb.ns_per_item(), &ra.ns_per_item());
        match c.class {
            ChangeClass::Regressed => regressed += 1,
            ChangeClass::Improved => improved += 1,
            _ => {}
        }
        let (lo, est, hi) = c.ratio.change();
        rows.push(vec![
            name(ra),
            units::time_ns(ra.ns_per_item().estimate),
            units::time_ns(rb.ns_per_item().estimate),
            format!(
                "[{} {} {}]",
                units::pct(lo),
                units::pct(est),
                units::pct(hi)
            ),
            c.p.map(|p| format!("{p:.2}"))
                .unwrap_or_else(|| "n/a".into()),
            c.class.short().to_string(),
        ]);
    }
    let only = |x: &BTreeMap<String, Record>, y: &BTreeMap<String, Record>| {
        x.iter()
            .filter(|(k, _)| !y.contains_key(*k))
            .map(|(_, r)| name(r))
            .collect::<Vec<_>>()
    };
    Comparison {
        run_a: a.run.id.clone(),
        run_b: b.run.id.clone(),
        table: Table {
            headers: [
                "benchmark",
                "A time",
                "B time",
                "change [95% CI]",
                "p",
                "verdict",
            ]
            .map(String::from)
            .to_vec(),
            rows,
        },
        only_a: only(&ia, &ib),
        only_b: only(&ib, &ia),
        regressed,
        improved,
    }
}

impl Comparison {
    fn summary(&self) -> String {
        format!(
            "{} benchmarks compared: {} regressed, {} improved, {} unchanged or within noise (significance 0.05, noise threshold 1%)",
            self.table.rows.len(),
            self.regressed,
            self.improved,
            self.table.rows.len() - self.regressed - self.improved
        )
    }

    pub fn text(&self) -> String {
        let t = &self.table;
        let widths: Vec<usize> = (0..t.headers.len())
            .map(|i| {
                t.rows
                    .iter()
                    .map(|r| r[i].chars().count())
                    .chain([t.headers[i].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
                + "\n"
        };
        let mut out = format!("A = {}\nB = {}\n\n", self.run_a, self.run_b);
        out.push_str(&line(&t.headers));
        out.push_str(&line(
            &widths.iter().map(|w| "-".repeat(*w)).collect::<Vec<_>>(),
        ));
        for r in &t.rows {
            out.push_str(&line(r));
        }
        out.push('\n');
        out.push_str(&self.summary());
        out.push('\n');
        for (which, list) in [("A", &self.only_a), ("B", &self.only_b)] {
            if !list.is_empty() {
                out.push_str(&format!("only in {which}: {}\n", list.join(", ")));
            }
        }
        out
    }

    pub fn markdown(&self) -> String {
        let mut out = format!(
            "### Change from `{}` (A) to `{}` (B)\n\n",
            self.run_a, self.run_b
        );
        out.push_str(&markdown::table(&self.table));
        out.push('\n');
        out.push_str(&self.summary());
        out.push('\n');
        for (which, list) in [("A", &self.only_a), ("B", &self.only_b)] {
            if !list.is_empty() {
                out.push_str(&format!("\nOnly in {which}: {}\n", list.join(", ")));
            }
        }
        out
    }
}
