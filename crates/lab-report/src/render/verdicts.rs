//! The paired verdicts in the document: the verdict box at the top of the report (one line
//! per seed claim, [`verdict_box`]), the run's verdicts counted ([`counts_paragraph`]),
//! each table's verdict and instructions cells
//! ([`verdict_cell`], [`instructions_cell`]), its noise band and A/A control line
//! ([`band_paragraph`]), the run's A/A twins decided ([`twins_paragraph`]) and the verdict
//! lines from `paired` ([`paired_items`]).

use super::doc::{
    text, Block, Cell, CellKind, Inline, Item, Section, SectionKind, Table, TableKind,
};
use super::text::param_text;
use crate::analysis::seed::{self, Holds};
use crate::analysis::verdicts::{self, instructions_per_item, same_instructions};
use crate::analysis::view::Group;
use lab_record::sequential::{detectable, excludes, Reach, EQUAL_MARGIN};
use lab_record::{Control, Paired, Ratio, Record, ResultsFile, Verdict};

/// What a verdict cell adds when time says different but the instructions are the same.
pub const SAME_INSTRUCTIONS_NOTE: &str =
    "same instructions: layout or microarchitecture, not more work";

/// The verdict box: one line per seed claim, at the top of the report.
pub fn verdict_box(file: &ResultsFile) -> Block {
    let mut t = Table::new(
        TableKind::Claims,
        &["claim", "the seed measured", "this run measured", "verdict"],
    );
    for c in seed::claims(file) {
        let kind = match c.holds {
            Holds::Reproduced => CellKind::Faster,
            Holds::NotReproduced => CellKind::Slower,
            Holds::CannotTell => CellKind::Equal,
        };
        t.rows.push(vec![
            Cell::plain(c.claim.short()),
            Cell::plain(c.claim.seed_measured()),
            Cell::plain(c.figures),
            Cell::new(c.holds.word(), kind),
        ]);
    }
    Block::Section(Section {
        kind: SectionKind::Plain,
        id: "verdicts".into(),
        level: 2,
        title: "Verdicts on the seed's claims".into(),
        blocks: vec![
            Block::Paragraph(vec![text("The seed's claims (its legacy-hash and reconcile pull requests), each checked on this run: reproduced, not reproduced, or cannot tell at this run's noise band. Time ratios are the paired pass's (docs/measurement.md) where the run has it.")]),
            Block::Table(t),
        ],
    })
}

/// Whether any row of the group has a paired comparison (the table gets its columns).
pub fn has_paired(g: &Group) -> bool {
    g.cells.values().any(|r| r.paired.is_some())
}

/// Whether any row of the group was counted under callgrind.
pub fn has_instructions(g: &Group) -> bool {
    g.cells.values().any(|r| r.instructions_per_iter.is_some())
}

fn verdict_kind(v: Verdict) -> CellKind {
    match v {
        Verdict::Faster => CellKind::Faster,
        Verdict::Slower => CellKind::Slower,
        Verdict::Equal | Verdict::Undecided => CellKind::Equal,
    }
}

/// `slower ×1.052 [1.041, 1.063]`, with the same-instructions note when time says
/// different and the instructions equal the baseline's within 0.1 %.
pub fn paired_text(p: &Paired, same: Option<bool>) -> String {
    let mut t = format!(
        "{} ×{:.3} [{:.3}, {:.3}]",
        p.verdict, p.ratio.estimate, p.ratio.lower, p.ratio.upper
    );
    if p.verdict == Verdict::Undecided {
        t.push_str(&undecided_note(&p.ratio, p.reach));
    }
    if matches!(p.verdict, Verdict::Faster | Verdict::Slower) && same == Some(true) {
        t.push_str("; ");
        t.push_str(SAME_INSTRUCTIONS_NOTE);
    }
    if let Some(split) = p.placement.filter(|s| s.verdict_depends_on_placement()) {
        t.push_str(&format!(
            "; depends on code placement: {} ×{:.3} in the main build, {} ×{:.3} in the placement build",
            split.verdicts[0], split.estimates[0], split.verdicts[1], split.estimates[1]
        ));
    }
    t
}

/// The verdict cell of row `r` at `param`: the paired verdict, `baseline`, the A/A
/// control's band, or absent.
pub fn verdict_cell(g: &Group, param: &str, r: &Record) -> Cell {
    if g.is_baseline(&r.id().label()) {
        return Cell::plain("baseline");
    }
    let Some(p) = &r.paired else {
        return Cell::absent();
    };
    if let (Some(Control::Aa), Some(t)) = (r.control, r.aa_twin) {
        return Cell::new(
            format!(
                "A/A twin {t}: ×{:.3}, {} against the other twin's band ±{:.1}%",
                p.ratio.estimate,
                p.verdict,
                p.band * 100.0
            ),
            verdict_kind(p.verdict),
        );
    }
    if r.control == Some(Control::Aa) {
        return Cell::new(
            format!(
                "A/A control: ×{:.3}, band ±{:.1}%",
                p.ratio.estimate,
                p.band * 100.0
            ),
            CellKind::Equal,
        );
    }
    let base = g.baseline.as_deref().and_then(|b| g.cell(param, b));
    let same = base.and_then(|b| same_instructions(r, b));
    Cell::new(paired_text(p, same), verdict_kind(p.verdict))
}

/// What an `undecided` verdict adds: the smallest effect its interval excludes and, when
/// the run projected it, how many processes would decide it 80 % of the time at the run's
/// spread: `, |effect| < 1.4 %; 80 % odds at about 60 processes at this spread, past the
/// profile's last look`.
pub fn undecided_note(ratio: &Ratio, reach: Option<Reach>) -> String {
    let mut t = format!(", |effect| < {:.1} %", excludes(ratio) * 100.0);
    match reach {
        Some(Reach::Look(n)) => t.push_str(&format!(
            "; a look at {n} processes would decide it 80 % of the time: more `--budget`"
        )),
        Some(Reach::Beyond(n)) => t.push_str(&format!(
            "; 80 % odds at about {n} processes at this spread, past the profile's last look"
        )),
        Some(Reach::Edge) => t.push_str("; on an edge at this spread: no run decides it"),
        None => {}
    }
    t
}

/// The paired verdicts of every compared row of the run (A/A controls excluded), counted,
/// and the undecided ones by what would decide them ([`Reach`]). `None` without a paired
/// pass.
pub fn counts_paragraph(file: &ResultsFile) -> Option<Block> {
    let paired: Vec<&Paired> = file
        .results
        .iter()
        .filter(|r| r.control.is_none())
        .filter_map(|r| r.paired.as_ref())
        .collect();
    if paired.is_empty() {
        return None;
    }
    let count = |v: Verdict| paired.iter().filter(|p| p.verdict == v).count();
    let mut t = format!(
        " {} faster, {} slower, {} equal, {} undecided, of {} compared rows.",
        count(Verdict::Faster),
        count(Verdict::Slower),
        count(Verdict::Equal),
        count(Verdict::Undecided),
        paired.len()
    );
    let reaches: Vec<Reach> = paired
        .iter()
        .filter(|p| p.verdict == Verdict::Undecided)
        .filter_map(|p| p.reach)
        .collect();
    if !reaches.is_empty() {
        let looks = reaches
            .iter()
            .filter(|r| matches!(r, Reach::Look(_)))
            .count();
        let beyond: Vec<u32> = reaches
            .iter()
            .filter_map(|r| match r {
                Reach::Beyond(n) => Some(*n),
                _ => None,
            })
            .collect();
        let edge = reaches.len() - looks - beyond.len();
        let range = match (beyond.iter().min(), beyond.iter().max()) {
            (Some(lo), Some(hi)) if lo < hi => format!(": {lo}–{hi} at this run's spread"),
            (Some(n), _) => format!(": {n} at this run's spread"),
            _ => String::new(),
        };
        let last = (file.run.design().looks.last().copied())
            .map_or("the run's looks".into(), |n| {
                format!("this run's last look ({n})")
            });
        t.push_str(&format!(
            " Of the undecided, if their mean ratios and spreads held: {looks} would be decided by a later look of this profile with more time (`--budget`); {} need more processes than {last}{range}; {edge} lie on the edge of the ±{:.0} % margin or of their table's band, where no run at this spread decides them.",
            beyond.len(),
            EQUAL_MARGIN * 100.0
        ));
    }
    Some(Block::Paragraph(vec![
        Inline::Strong("Paired verdicts:".into()),
        text(t),
    ]))
}

/// The rows whose criterion ratio misses the range the paired pass gives it
/// ([`crate::analysis::verdicts::criterion_range`]), named with the figures; `None` when
/// every compared row agrees.
pub fn disagreement_paragraph(file: &ResultsFile) -> Option<Block> {
    let apart = crate::analysis::verdicts::disagreements(&file.results);
    if apart.is_empty() {
        return None;
    }
    let rows: Vec<String> = apart
        .iter()
        .map(|d| {
            format!(
                "`{}`: paired ×{:.3} ({:.3}–{:.3}; criterion expected {:.3}–{:.3}), criterion ×{:.3} ({:.3}–{:.3})",
                d.id,
                d.paired.estimate,
                d.paired.lower,
                d.paired.upper,
                d.expected.lower,
                d.expected.upper,
                d.criterion.estimate,
                d.criterion.lower,
                d.criterion.upper
            )
        })
        .collect();
    let suspects: Vec<String> = crate::analysis::verdicts::suspect_baselines(&file.results, &apart)
        .iter()
        .map(|s| {
            format!(
                "`{}` ({} of {} rows, all {} their range: criterion's time of the baseline is {} against its rows')",
                s.baseline,
                s.flagged,
                s.compared,
                if s.baseline_slow { "below" } else { "above" },
                if s.baseline_slow { "slow" } else { "fast" },
            )
        })
        .collect();
    let suspects = if suspects.is_empty() {
        String::new()
    } else {
        format!(
            " In {} table(s) the flagged rows share one cause, criterion's one process of the baseline, out of line with its rows' processes (a slow or fast spell of either): {}.",
            suspects.len(),
            suspects.join("; ")
        )
    };
    Some(Block::Paragraph(vec![
        Inline::Strong("Paired and criterion disagree:".into()),
        text(format!(
            " {} row(s) whose criterion interval lies outside the range the paired pass expects of criterion's ratio, though both time the same call: {}. Criterion times the row and the baseline in one process each, so the expected range is the 95 % spread of one process's time of the row over another's of the baseline, from each one's own times in the paired processes (within the main build where the run alternated placement builds), or the spread of the paired ratio where that is larger or the run has no such times, widened by the table's A/A band (docs/measurement.md). Such a row's criterion figure timed something the paired pass did not: re-measure it with `lab paired` before using it.{}",
            apart.len(),
            rows.join("; "),
            suspects
        )),
    ]))
}

/// Instructions per item (and the counted ISA), or absent.
pub fn instructions_cell(r: &Record) -> Cell {
    match instructions_per_item(r) {
        Some(i) => Cell::number(match r.instructions_isa {
            Some(isa) => format!("{i:.0} ({isa})"),
            None => format!("{i:.0}"),
        }),
        None => Cell::absent(),
    }
}

/// "Noise band ±x.x% from the A/A control, N layouts", per workload parameter when the
/// group has several.
pub fn band_paragraph(g: &Group) -> Option<Block> {
    let bands = verdicts::bands(g.params.iter().flat_map(|p| {
        g.labels
            .iter()
            .filter_map(move |l| g.cell(p, l).filter(|r| r.control.is_some()))
    }));
    if bands.is_empty() {
        return None;
    }
    let twins = bands.iter().any(|b| !b.twins.is_empty());
    let parts: Vec<String> = bands
        .iter()
        .map(|b| {
            let at = if g.params.len() > 1 {
                format!("at {}: ", param_text(g, &b.workload.param))
            } else {
                String::new()
            };
            let layouts = b
                .layouts
                .map_or(String::new(), |n| format!(", {n} layouts"));
            let finds = detectable_at(g, &b.workload.param, b.band).map_or(String::new(), |d| {
                format!(", finds a {:.1} % difference 80 % of the time", d * 100.0)
            });
            format!(
                "{at}±{:.1}%{layouts}{finds}{}",
                b.band * 100.0,
                twins_note(b)
            )
        })
        .collect();
    let source = if twins {
        " from two A/A twins (the baseline against two distinct copies of its own code; the band is the wider twin's mean offset from 1, and each twin is judged against the other twin's band)"
    } else {
        " from the A/A control (the baseline against a distinct copy of its own code)"
    };
    Some(Block::Paragraph(vec![
        Inline::Strong("Noise band".into()),
        text(format!(
            "{source}: {}. A verdict says faster or slower only when the whole paired interval lies outside 1 ± band.",
            parts.join("; ")
        )),
    ]))
}

/// Which of a table's A/A twins was decided against the other twin's band: `; A/A twins:
/// neither decided`, `; A/A twin 2 decided slower`; empty for one A/A control.
fn twins_note(b: &verdicts::Band) -> String {
    if b.twins.is_empty() {
        return String::new();
    }
    let decided: Vec<String> = b
        .twins_decided()
        .map(|(t, v)| format!("A/A twin {t} decided {v}"))
        .collect();
    match decided.is_empty() {
        true => "; A/A twins: neither decided".into(),
        false => format!("; {}", decided.join(", ")),
    }
}

/// The run's A/A evidence when it has two twins per table: "A/A twins: 0 of 74 decided
/// faster or slower (each judged against the other twin's band)", naming any twin decided.
/// `None` for runs with one A/A control per table (whose control cannot be decided).
pub fn twins_paragraph(file: &ResultsFile) -> Option<Block> {
    let check = verdicts::twin_check(&file.results)?;
    let mut t = format!(
        " {} of {} decided faster or slower (each judged against the other twin's band).",
        check.decided.len(),
        check.twins
    );
    let named: Vec<String> = check
        .decided
        .iter()
        .filter_map(|r| {
            let p = r.paired.as_ref()?;
            Some(format!(
                "twin {} of `{}` {} ×{:.3} ({:.3}–{:.3}, the other twin's band ±{:.1}%)",
                r.aa_twin?,
                p.baseline.criterion_id(),
                p.verdict,
                p.ratio.estimate,
                p.ratio.lower,
                p.ratio.upper,
                p.band * 100.0
            ))
        })
        .collect();
    if !named.is_empty() {
        t.push_str(&format!(" Decided: {}.", named.join("; ")));
    }
    Some(Block::Paragraph(vec![
        Inline::Strong("A/A twins:".into()),
        text(t),
    ]))
}

/// The median over the compared rows at `param` of the smallest effect each would find 80 %
/// of the time at its measured spread, interval and process count
/// ([`lab_record::sequential::detectable`]); `None` without such rows.
fn detectable_at(g: &Group, param: &str, band: f64) -> Option<f64> {
    let mut ds: Vec<f64> = g
        .labels
        .iter()
        .filter_map(|l| g.cell(param, l))
        .filter(|r| r.control.is_none())
        .filter_map(|r| {
            let p = r.paired.as_ref()?;
            let half = (p.ratio.upper.ln() - p.ratio.lower.ln()) / 2.0;
            Some(detectable(
                band,
                EQUAL_MARGIN,
                half,
                p.layout_sd?,
                p.layouts?,
            ))
        })
        .filter(|d| d.is_finite())
        .collect();
    if ds.is_empty() {
        return None;
    }
    ds.sort_by(f64::total_cmp);
    Some(ds[ds.len() / 2])
}

/// The group's verdict lines from `paired`: one per compared row (A/A control excluded).
pub fn paired_items(g: &Group) -> Vec<Item> {
    let Some(base_label) = g.baseline.as_deref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in &g.params {
        let base = g.cell(p, base_label);
        for l in g.labels.iter().filter(|l| l.as_str() != base_label) {
            let Some(r) = g.cell(p, l).filter(|r| r.control.is_none()) else {
                continue;
            };
            let Some(pd) = &r.paired else { continue };
            let same = base.and_then(|b| same_instructions(r, b));
            out.push(Item {
                text: format!(
                    "{l} vs {base_label} at {}: {}",
                    param_text(g, p),
                    paired_text(pd, same)
                ),
                strong: matches!(pd.verdict, Verdict::Faster | Verdict::Slower),
            });
        }
    }
    out
}
