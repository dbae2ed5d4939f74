//! A comparison's entries: the baseline, its A/A twins and the rows, each looked up by its
//! criterion id in the registry, with the inputs, code copies and twins its row was
//! registered with ([`crate::shared::SharedMakers`]).

use super::*;
use crate::shared::{Inputs, MakeShared};
use account_hash::Account;
use lab_record::BenchId;

/// How one entry of a comparison builds its case.
pub(super) enum Source<'r> {
    /// A per-account strategy on the comparison's shared inputs, as one or more distinct
    /// copies of its code (see [`CODE_COPIES`]); each layout runs one ([`CopyRotation`]).
    Shared(Inputs, &'r [MakeShared]),
    /// The registry's own builder (its own inputs).
    Registry(&'r Bench),
    /// Any builder ([`Comparison::from_makers`]).
    Make(Box<dyn Fn() -> Box<dyn Case>>),
}

/// How many distinct copies of copy-buffer's code each entry has (see
/// `list::visit_code_copies`). Why: code placement, which ASLR does not change (it moves
/// whole pages), decides alignment and aliasing, so the same instructions can measure
/// several percent apart between builds (docs/paired-pass-defaults.md). Each entry's layouts
/// rotate through its copies from a random start (`CopyRotation`), so code placement is
/// sampled like stack and heap placement, each process covering all of it.
pub use account_hash::strategy::list::CODE_COPIES;

/// One entry of a comparison: the baseline, the A/A twin or a row.
pub(super) struct Entry<'r> {
    /// The entry's id; an A/A entry's is its baseline's (it runs the baseline's code).
    pub(super) id: BenchId,
    /// The id's criterion form, as the trace names it.
    pub(super) criterion_id: String,
    pub(super) control: Option<Control>,
    /// What code an A/A entry runs.
    pub(super) twin: Option<String>,
    /// For an A/A entry with code copies: which copy, relative to the baseline's.
    pub(super) copy_offset: usize,
    pub(super) items_per_iter: u64,
    pub(super) source: Source<'r>,
}

pub(super) fn entry<'r>(reg: &'r Registry, id: &str, twin: u32) -> Result<Entry<'r>, LabError> {
    static ALL: Filter = Filter {
        families: None,
        strategies: None,
        sizes: None,
        workloads: None,
    };
    let bench = reg
        .select(&ALL)
        .find(|b| b.meta.id.criterion_id() == id)
        .ok_or_else(|| LabError::UnknownBench {
            id: id.to_string(),
            profile: reg.profile,
        })?;
    let m = &bench.meta;
    let label = m.id.label();
    let (source, twin_label) = match bench.shared() {
        // A per-account strategy's row: its registered inputs, code copies and twins.
        Some(shared) => match (twin, shared.twins.get((twin as usize).wrapping_sub(1))) {
            (0, _) => (Source::Shared(shared.inputs, &shared.copies[..]), label),
            (_, Some((make, twin_label))) => (
                Source::Shared(shared.inputs, std::slice::from_ref(make)),
                twin_label.clone(),
            ),
            // Another of its code copies, picked with a different index.
            (j, None) => (
                Source::Shared(shared.inputs, &shared.copies[..]),
                format!("another copy of {label} (offset {j})"),
            ),
        },
        // Not a per-account strategy: the registry's builder; its A/A copy is a second
        // instance of the same code with its own inputs (placement of data and stack only).
        None => (
            Source::Registry(bench),
            format!("second instance of {label}"),
        ),
    };
    Ok(Entry {
        id: m.id.clone(),
        criterion_id: id.to_string(),
        control: (twin > 0).then_some(Control::Aa),
        twin: (twin > 0).then_some(twin_label),
        copy_offset: twin as usize,
        items_per_iter: m.items_per_iter.max(1),
        source,
    })
}

/// Which code copy each entry runs in each layout of one process: entry `i` runs copy
/// `(rotation[i] + layout) % copies`, its rotation drawn once per process. Why: the copies
/// differ by several percent, and a copy drawn at random per layout puts that spread
/// into every process's mean; rotating through them, a process of [`CODE_COPIES`] layouts
/// (when the budget keeps that many) runs every copy of every entry once, so the processes'
/// means differ only by what the copies do not explain (stratified sampling: the same mean
/// over the copies, a smaller spread). The rotations are independent per entry and per
/// process, so which copies of two entries meet in a layout is random across processes
/// (within one, their offset is fixed; the A/A entry's is its own offset from the
/// baseline's).
pub(super) struct CopyRotation(Vec<usize>);

impl CopyRotation {
    /// Rotations for `entries` entries, uniform over the copies.
    pub(super) fn draw(rng: &mut SplitMix64, entries: usize) -> CopyRotation {
        CopyRotation(
            (0..entries)
                .map(|_| rng.below(CODE_COPIES as u64) as usize)
                .collect(),
        )
    }

    /// The copy entry `i` runs in layout `layout` (0-based) of `copies` copies.
    fn copy(&self, i: usize, layout: usize, copies: usize) -> usize {
        (self.0[i] + layout) % copies
    }
}

/// The cases of one layout, in entry order, with the paddings that place them (kept alive
/// as long as the cases), how long each case's first run took, in nanoseconds, and what
/// each per-account entry was given (`None` for the others).
pub(super) struct Built {
    pub(super) cases: Vec<Box<dyn Case>>,
    pub(super) pads: Vec<Vec<u8>>,
    pub(super) first_ns: Vec<f64>,
    pub(super) given: Vec<Option<Given>>,
}

/// What a per-account entry of one layout runs: which of its code copies, on which inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Given {
    pub(super) copy: usize,
    pub(super) inputs: Arc<Vec<Account>>,
}

/// The order in which one layout builds `k` entries: a uniform random permutation with
/// `shuffle`, else entry order.
pub(super) fn build_order(rng: &mut SplitMix64, k: usize, shuffle: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..k).collect();
    if shuffle {
        for i in (1..k).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
    }
    order
}

/// One comparison: a baseline, optionally its A/A twin, and rows, each with its id (looked
/// up by criterion id in the registry).
pub struct Comparison<'r> {
    pub(super) entries: Vec<Entry<'r>>,
}

impl<'r> Comparison<'r> {
    /// Looks the ids up in `reg`. `aa` adds that many distinct copies of the baseline
    /// (another code copy or [`crate::shared::Twin`]) as A/A control rows, first.
    pub fn new(
        reg: &'r Registry,
        baseline: &str,
        rows: &[String],
        aa: u32,
    ) -> Result<Self, LabError> {
        if aa as usize >= CODE_COPIES {
            return Err(LabError::Request(format!(
                "--aa {aa}: at most {} distinct copies",
                CODE_COPIES - 1
            )));
        }
        let mut entries = vec![entry(reg, baseline, 0)?];
        for j in 1..=aa {
            entries.push(entry(reg, baseline, j)?);
        }
        for r in rows {
            if r == baseline {
                return Err(LabError::Request(format!("row `{r}` is the baseline")));
            }
            entries.push(entry(reg, r, 0)?);
        }
        Ok(Comparison { entries })
    }

    /// A comparison of arbitrary cases (tests, experiments): `(id, control, items per
    /// iteration, builder)`, the first being the baseline. Each builder makes its own inputs.
    #[allow(clippy::type_complexity)]
    pub fn from_makers(
        makers: Vec<(
            BenchId,
            Option<Control>,
            u64,
            Box<dyn Fn() -> Box<dyn Case>>,
        )>,
    ) -> Comparison<'static> {
        Comparison {
            entries: makers
                .into_iter()
                .map(|(id, control, items, make)| Entry {
                    criterion_id: id.criterion_id(),
                    id,
                    control,
                    twin: None,
                    copy_offset: 0,
                    items_per_iter: items.max(1),
                    source: Source::Make(make),
                })
                .collect(),
        }
    }

    /// Builds every case for one layout: a random-size heap padding, then each case, each
    /// after a small random padding, on inputs the first case to need them builds and the
    /// others share (every per-account entry, the A/A twin included, so the twin is
    /// measured as the rows are, and the registry's rows that build the same set:
    /// [`Inputs::build`]), and,
    /// where the strategy has code copies, from the copy `rotation` gives it in layout
    /// `layout` (the A/A: the copy `offset` after the baseline's); without `pad`, the first
    /// copy. Every case runs once (lazy initialisation, first touch of its inputs), timed
    /// ([`Built::first_ns`]).
    ///
    /// With `pad`, the entries are built in a random order ([`build_order`]), returned in
    /// entry order. Why: the first entry built takes the heap's recycled blocks and the
    /// later ones its fresh top, so a fixed order puts the baseline, built first, at a
    /// placement no row shares, and in tables whose entries build their own large inputs
    /// every row, the A/A twin included, read faster than the baseline (measured in
    /// docs/measurement.md, the 2026-12-05 session 3 section).
    pub(super) fn build(
        &self,
        rng: &mut SplitMix64,
        pad: bool,
        rotation: &CopyRotation,
        layout: usize,
    ) -> Built {
        let max = |m: u64| if pad { m } else { 0 };
        let k = self.entries.len();
        let order = build_order(rng, k, pad);
        let mut pads = vec![padding(rng, max(64 << 10))];
        let mut cases: Vec<Option<Box<dyn Case>>> = (0..k).map(|_| None).collect();
        let mut first_ns = vec![0f64; k];
        let mut ran: Vec<Option<Given>> = vec![None; k];
        // The baseline's copy; A/A entries take the copies after it.
        let base_copy = match self.entries.first().map(|e| &e.source) {
            Some(Source::Shared(_, copies)) if pad => rotation.copy(0, layout, copies.len()),
            _ => 0,
        };
        for i in order {
            let e = &self.entries[i];
            pads.push(padding(rng, max(4 << 10)));
            let (mut case, given) = match &e.source {
                Source::Registry(bench) => (bench.make(), None),
                Source::Make(make) => (make(), None),
                Source::Shared(inputs, copies) => {
                    let copy = match e.control {
                        Some(_) => (base_copy + e.copy_offset) % copies.len(),
                        None if pad => rotation.copy(i, layout, copies.len()),
                        None => 0,
                    };
                    let accounts = inputs.build();
                    let given = Given {
                        copy,
                        inputs: accounts.clone(),
                    };
                    (copies[copy](accounts), Some(given))
                }
            };
            ran[i] = given;
            let t = Instant::now();
            case.run_once();
            first_ns[i] = t.elapsed().as_nanos() as f64;
            cases[i] = Some(case);
        }
        let cases = cases
            .into_iter()
            .map(|c| c.expect("every entry built"))
            .collect();
        Built {
            cases,
            pads,
            first_ns,
            given: ran,
        }
    }
}
