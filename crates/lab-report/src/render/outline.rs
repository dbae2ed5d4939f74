//! The report's outline, built once into a [`Document`]: title and run metadata, status,
//! contents, the seed table, the floor table, one section per family with a group per
//! (digest, workload kind) — plot, relative-speed table, detail or sweep table, verdicts,
//! allocations — the missing list and the method note.

use super::doc::{plain_section, text, Block, Document, Inline, Item, Section, SectionKind};
use super::text::{self as sentences, param_text};
use super::{ctable, overview, plots, tables, units, verdicts};
use crate::analysis::floor;
use crate::analysis::seed::{self, SeedRow};
use crate::analysis::view::{Group, Shape, View};
use crate::error::Result;
use lab_record::{ResultsFile, WorkloadInfo};

/// The method note printed under the tables.
pub const METHOD_NOTE: &str = "Times are criterion's estimates (slope of the linear regression when criterion sampled linearly, otherwise the mean) with their 95% bootstrap confidence intervals. Ratios and changes are `strategy / baseline` of those times with a 95% interval from the delta method on the two standard errors; p is a two-sided normal test on the difference. A verdict says an effect is real only when the two confidence intervals do not overlap; criterion's classes use its defaults (significance 0.05, noise threshold 1%). Allocation counts come from a separate counted pass of the `lab` binary, never from a timed run.";

/// What each part of a run's report is built from: the run and its view.
pub struct Run<'a> {
    pub file: &'a ResultsFile,
    pub view: &'a View<'a>,
    /// The released drop-in crate's own tests and benchmarks, where `cargo xtask upstream`
    /// wrote them beside the run.
    pub upstream: Option<&'a super::upstream::Upstream>,
}

/// One part of a run's report: its blocks, none when the run has nothing for it. The parts
/// and their order are listed once, in [`super::parts`].
pub type Part = fn(&Run) -> Result<Vec<Block>>;

/// The whole report of a run: every part of [`super::parts`], in order.
pub fn document(file: &ResultsFile) -> Result<Document> {
    document_with(file, None)
}

/// The whole report of a run, with the upstream record where there is one.
pub fn document_with(
    file: &ResultsFile,
    upstream: Option<&super::upstream::Upstream>,
) -> Result<Document> {
    let view = View::new(file);
    let run = Run {
        file,
        view: &view,
        upstream,
    };
    let mut blocks = Vec::new();
    for part in super::parts() {
        blocks.extend(part(&run)?);
    }
    Ok(Document {
        title: format!("hashlab run {}", file.run.id),
        blocks,
    })
}

/// The title, the run's metadata, its status and the contents.
pub fn header_part(run: &Run) -> Result<Vec<Block>> {
    Ok(header(run.file))
}

/// How many paired verdicts the run has, how many A/A twins were decided, and where paired
/// and criterion disagree.
pub fn counts_part(run: &Run) -> Result<Vec<Block>> {
    let mut blocks: Vec<Block> = verdicts::counts_paragraph(run.file).into_iter().collect();
    blocks.extend(verdicts::twins_paragraph(run.file));
    blocks.extend(verdicts::disagreement_paragraph(run.file));
    Ok(blocks)
}

/// The verdicts on the seed's claims.
pub fn claims_part(run: &Run) -> Result<Vec<Block>> {
    Ok(vec![verdicts::verdict_box(run.file)])
}

/// The seed's reproduction: its rows in criterion's layout.
pub fn seed_part(run: &Run) -> Result<Vec<Block>> {
    let rows = seed::seed_rows(run.file);
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![seed_section(&rows, seed_group(run.view).as_ref())?])
}

/// The distance to the hardware floor.
pub fn floor_part(run: &Run) -> Result<Vec<Block>> {
    Ok(floor::floor(run.file)
        .map(|f| floor_section(&f))
        .into_iter()
        .collect())
}

/// The composition of the user's accounts (`--accounts`).
pub fn accounts_part(run: &Run) -> Result<Vec<Block>> {
    let w = &run.file.run.workloads;
    Ok(if w.is_empty() {
        Vec::new()
    } else {
        vec![accounts_section(w)]
    })
}

/// One section per family, a group per (digest, workload kind); summary.md has a line per
/// table instead.
pub fn families_part(run: &Run) -> Result<Vec<Block>> {
    let mut blocks = Vec::new();
    for s in &run.view.sections {
        let groups = s.groups.iter().map(group_section).collect::<Result<_>>()?;
        blocks.push(Block::Section(Section {
            kind: SectionKind::Family,
            id: format!("family-{}", s.family),
            level: 2,
            title: s.family.to_string(),
            blocks: vec![
                Block::SummaryOnly(vec![
                    Block::Table(overview::family_table(s)),
                    Block::Paragraph(vec![text(
                        "One line per table; every row, interval, plot and verdict is in index.html and details.md.",
                    )]),
                ]),
                Block::Full(groups),
            ],
        }));
    }
    Ok(blocks)
}

/// The benchmarks a run planned but did not measure.
pub fn missing_part(run: &Run) -> Result<Vec<Block>> {
    Ok(if run.file.missing.is_empty() {
        Vec::new()
    } else {
        vec![plain_section(
            "missing",
            "Missing benchmarks",
            vec![Block::Table(tables::missing(run.file))],
        )]
    })
}

/// The method note at the end.
pub fn method_part(_: &Run) -> Result<Vec<Block>> {
    Ok(vec![Block::Paragraph(vec![
        Inline::Em("Method.".into()),
        text(format!(" {METHOD_NOTE}")),
    ])])
}

fn header(file: &ResultsFile) -> Vec<Block> {
    vec![
        Block::Heading {
            level: 1,
            text: vec![
                text("hashlab benchmarks — run "),
                Inline::Code(file.run.id.clone()),
            ],
        },
        Block::Meta(vec![
            sentences::meta_line(file),
            sentences::times_line(file),
        ]),
        Block::Status {
            ok: sentences::is_complete(file),
            text: sentences::status_line(file),
        },
        Block::Contents,
    ]
}

/// The seed's own rows (copy-buffer cap=47 and cap=200, legacy digest, by data size) as a
/// group of their own, for criterion-table's relative-speed table.
fn seed_group<'a>(view: &View<'a>) -> Option<Group<'a>> {
    let g = view
        .sections
        .iter()
        .flat_map(|s| &s.groups)
        .find(|g| g.cells.values().any(|r| seed::is_seed_record(r)))?;
    let cells: std::collections::BTreeMap<_, _> = g
        .cells
        .iter()
        .filter(|(_, r)| seed::is_seed_record(r))
        .map(|(k, r)| (k.clone(), *r))
        .collect();
    let labels = g
        .labels
        .iter()
        .filter(|l| cells.keys().any(|(_, cl)| cl == *l))
        .cloned()
        .collect();
    Some(Group {
        family: g.family,
        digest: g.digest,
        kind: g.kind,
        shape: g.shape,
        labels,
        params: g.params.clone(),
        cells,
        missing: Vec::new(),
        baseline: g.baseline.clone(),
    })
}

fn seed_section(rows: &[SeedRow], group: Option<&Group>) -> Result<Block> {
    let direction = sentences::seed_direction(rows)
        .into_iter()
        .map(|text| Item {
            text,
            strong: false,
        })
        .collect();
    let mut criterion = vec![Block::Full(vec![
        Block::Table(tables::seed(rows)),
        Block::Verdicts(direction),
        Block::Pre(sentences::seed_criterion_text(rows)),
    ])];
    if let Some(g) = group {
        criterion.extend(relative_speed(g)?);
    }
    Ok(plain_section(
        "seed",
        "Seed reproduction: copy-buffer cap=47 vs cap=200",
        vec![
            Block::Paragraph(vec![text("The seed PR grew the stack buffer from 47 to 200 bytes of data and measured about 5% at 165 and 200 B, no change at 0 B and at 1 KiB and above. This run's verdict on that claim is the paired one, in the claims table above; below, criterion's own figures, change and wording, as in the seed's criterion output (change is cap=47's time relative to cap=200's).")]),
            Block::Details {
                summary: "In the seed's criterion layout (criterion's change and verdicts)".into(),
                blocks: criterion,
            },
        ],
    ))
}

fn floor_section(f: &floor::Floor) -> Block {
    plain_section(
        "floor",
        "Distance to the hardware floor",
        vec![
            Block::Paragraph(vec![
                text(format!(
                    "One BLAKE3 compression costs {}{} in the widest lane backend (the ",
                    units::time_ns(f.per_compression),
                    f.cycle_ns
                        .map(|c| format!(" ({:.1} cycles of the clock row)", f.per_compression / c))
                        .unwrap_or_default()
                )),
                Inline::Code(
                    if f.machine.is_empty() {
                        lab_record::floor_rows::INPUT_PHASE_ROW
                    } else {
                        lab_record::floor_rows::THROUGHPUT_ROW
                    }
                    .into(),
                ),
                text(if f.machine.is_empty() {
                    " row: a batch of one-block messages). Floor = compressions per account × that cost; "
                } else {
                    " row: two chains of independent compressions per lane, nothing loaded or stored). Each row's floor is on its own instruction set: a batch row's compressions at that throughput, a per-account row's input blocks at the single-message latency (floor-latency) and an LtHash's 32 output blocks at the throughput; "
                }),
                Inline::Em("× floor".into()),
                text(" is how far each strategy is from it."),
            ]),
            Block::Full(vec![Block::Table(tables::floor(f))]),
            Block::SummaryOnly(vec![Block::Paragraph(vec![text(format!(
                "{} rows against their floor: in index.html and details.md; the machine's floors per instruction set and a 165-byte account against them are under Per instruction set below.",
                f.rows.len()
            ))])]),
        ],
    )
}

/// "Your accounts": what each `--accounts` file holds, by data size class.
fn accounts_section(workloads: &[WorkloadInfo]) -> Block {
    let mut blocks = vec![Block::Paragraph(vec![text(
        "Your own accounts (bench-all --accounts), each file one workload measured with every strategy; its rows are in the family tables under the workload's name.",
    )])];
    for w in workloads {
        blocks.push(Block::Paragraph(vec![
            Inline::Code(w.workload.to_string()),
            text(format!(
                ": {} accounts, {} of account data, from {}",
                w.accounts,
                units::bytes(w.data_bytes),
                w.file
            )),
        ]));
        blocks.push(Block::Table(tables::composition(w)));
    }
    plain_section("your-accounts", "Your accounts", blocks)
}

fn group_section(g: &Group) -> Result<Block> {
    let mut blocks = Vec::new();
    if let Some(b) = &g.baseline {
        blocks.push(Block::Paragraph(vec![
            text("Baseline: "),
            Inline::Strong(b.clone()),
            text(". Ratios are time / baseline time (below 1 is faster)."),
        ]));
    }
    if let Some(chart) = plots::chart(g)? {
        blocks.push(Block::Plot {
            svg: chart.svg,
            caption: chart.caption,
        });
    }
    blocks.push(Block::Table(match g.shape {
        Shape::Sweep => tables::sweep(g),
        _ => tables::detail(g),
    }));
    blocks.extend(verdicts::band_paragraph(g));
    if g.shape != Shape::Sweep {
        blocks.extend(verdict_lines(g));
    }
    if g.shape == Shape::Sizes {
        if let Some(t) = tables::allocations(g) {
            blocks.push(Block::Paragraph(vec![
                text("Allocations per hash (counted pass of the "),
                Inline::Code("lab".into()),
                text(" binary):"),
            ]));
            blocks.push(Block::Table(t));
        }
    }
    Ok(Block::Section(Section {
        kind: SectionKind::Group,
        id: g.anchor(),
        level: 3,
        title: g.title(),
        blocks,
    }))
}

/// criterion-table's relative-speed table of the seed's rows, in criterion's own times and
/// words: Markdown only, inside the seed's criterion-layout block (every other ratio of the
/// report is the paired one).
fn relative_speed(g: &Group) -> Result<Option<Block>> {
    let rel = ctable::relative_speed_markdown(g)?;
    if rel.is_empty() {
        return Ok(None);
    }
    Ok(Some(Block::MarkdownOnly(
        vec![
            Block::Paragraph(vec![text("criterion's relative speed (rendered by criterion-table from criterion's estimates; ✅ means within 10% or faster, ❌ more than 10% slower):")]),
            Block::RawMarkdown(rel),
        ],
    )))
}

/// The group's verdict lines: from the paired comparisons where the group has them, else
/// from criterion's intervals.
fn verdict_lines(g: &Group) -> Option<Block> {
    if verdicts::has_paired(g) {
        let items = verdicts::paired_items(g);
        return (!items.is_empty()).then_some(Block::Verdicts(items));
    }
    let items: Vec<Item> = g
        .verdicts()
        .into_iter()
        .map(|v| Item {
            text: sentences::verdict(&v.subject, &v.baseline, &param_text(g, &v.param), v.outcome),
            strong: v.outcome.is_real(),
        })
        .collect();
    (!items.is_empty()).then_some(Block::Verdicts(items))
}
