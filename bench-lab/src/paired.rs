//! Paired, randomized, interleaved timing of one table's rows against its baseline, over
//! many memory layouts (`lab paired`).
//!
//! Why: two benchmarks timed one after the other, each in its own process, differ by
//! several percent on a shared VM for reasons that have nothing to do with their code: CPU
//! frequency drifts between them, and each process puts stack, heap and code somewhere else
//! (4K aliasing between the stack buffer and the account data, cache sets). Measured on this
//! project's 2-core VM, cap=47 vs cap=200 at 165 B moved between +1.2 % and +13.4 % from run
//! to run. Here:
//!
//! - **Paired and interleaved**: every round visits the baseline, the A/A control and every
//!   row once, in a fresh random order, each timed for one batch of ~0.5 ms (iterations
//!   calibrated once per process). Per round, each row gives `ln(t_row / t_baseline)` (per
//!   item), so drift slower than a round cancels.
//! - **Same inputs**: per-account strategies on `data_size/*` and `mainnet_mix/*` workloads
//!   hash the SAME accounts in memory (built once per layout, shared by `Rc`), so rows differ
//!   only in code. Other rows (batch, accumulator, reconcile, sweep) build their own inputs
//!   through the [`Registry`] (same content, different addresses).
//! - **Layouts**: one layout gives a precise answer about that layout only, so each process
//!   runs `layouts` blocks, each under a different random stack offset (0..~4 KiB, by a
//!   random-depth chain of frames, see [`with_stack_offset`]) and with freshly built inputs
//!   and cases behind a random-size heap padding. xtask runs several fresh processes (ASLR
//!   moves the stack and heap bases); `lab paired --processes K` does the same itself.
//!   `lab_record::paired` turns the per-layout means into an interval over layouts.
//! - **Code placement**: ASLR moves whole pages, so every process of one binary has the
//!   same code alignment; on this VM the same instructions measured 2-16 % apart between
//!   builds. Copy-buffer entries come as [`CODE_COPIES`] monomorphized copies and each
//!   layout picks one at random, so code placement is sampled too.
//! - **A/A control** (`--aa`): the baseline against another copy of its code (a different
//!   copy-buffer copy; [`Twin`] for strategies without copies) with its own copy of the
//!   inputs. Its interval sets the table's noise band
//!   ([`lab_record::paired::noise_band`]: how far from 1 the A/A interval reaches, at
//!   least 0.5 %; with several A/A rows, the widest).
//!
//! # Defaults, and what was measured to choose them
//!
//! On the project's 2-core VM with three other engineers compiling (load average 2.5-5),
//! copy-buffer cap=47 vs cap=200 at 165 B:
//! - Within a layout, the middle of the per-round log ratios is within ±0.5 %, but rounds
//!   whose batch was preempted are off by 10-100 %: hence the interquartile mean per
//!   layout (`lab_record::paired::summarize_rounds`).
//! - In-process layouts (stack offset, heap padding, code copy) vary about as much as fresh
//!   processes do (block SD 0.8-1.3 % vs SD of process means 0.4-0.8 % over 4 blocks); with
//!   ASLR off and no in-process changes, 8 processes agreed within 0.1-0.6 %. Both are used:
//!   in-process layouts are cheap, processes add the ASLR part.
//! - Back-to-back runs of about 1 s each moved the estimate by up to 2 points, more than
//!   their intervals: the load drifts. Spreading each comparison's processes over the whole
//!   run ([`run_round_robin`]) and taking one sample per process ([`LayoutUnit::Process`])
//!   brought two runs to within 0.4 points, intervals ±0.35-1.3 %.
//! - Chosen: 8 processes x 4 layouts x 30 rounds, 0.5 ms batches, `--aa 1`, `--budget-ms
//!   1500`: ~0.2 s per process for a per-account table, ~1.6 s per comparison; the 24
//!   comparisons of the quick profile took 57 s with 4 processes each (budget 400 ms).

use crate::cases::AccountDigest as Digest;
use crate::error::LabError;
use crate::workloads::{self, SplitMix64};
use crate::ProfileSettings as _;
use crate::{Bench, Case, Filter, Registry};
use account_hash::strategy::list;
use account_hash::{
    Account, AccountHasher, AccountRef, BatchHasher, IntoLtLanes, StrategyEntry, StrategyVisitor,
};
use lab_record::paired::summarize_rounds;
#[cfg(test)]
use lab_record::paired::{across_layouts, noise_band};
pub use lab_record::paired::{Across, LayoutSummary};
use lab_record::{BenchId, Control, Family};
use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A second, distinct copy of strategy `H`: same behaviour, but a different type, so every
/// generic function instantiated for it (the case's timing loop and whatever of `H`'s
/// hashing is inlined into it) is emitted again at a different address. The A/A control
/// times the baseline against its twin; any difference is placement, not code.
///
/// What is not inlined stays shared: copy-buffer's `gather` (the hashing proper) is one
/// out-of-line function per `CopyBuffer<CAP, BUF>`, so `Twin<copy_buffer!(200)>` would only
/// move the loop around it. Copy-buffer entries therefore use [`CODE_COPIES`] capacities
/// instead, and `Twin` serves the strategies without such copies (streaming, meta-first).
#[derive(Clone, Copy, Debug, Default)]
pub struct Twin<H>(pub H);

impl<H: AccountHasher> AccountHasher for Twin<H> {
    type Hash = H::Hash;
    type Lt = H::Lt;
    const STRATEGY: &'static str = H::STRATEGY;
    const CONSENSUS: bool = H::CONSENSUS;

    fn variant(&self) -> Option<String> {
        self.0.variant()
    }

    #[inline(always)]
    fn hash(&self, account: &AccountRef<'_>) -> Self::Hash {
        self.0.hash(account)
    }

    #[inline(always)]
    fn lt_hash(&self, account: &AccountRef<'_>) -> Self::Lt {
        self.0.lt_hash(account)
    }
}

/// A per-account strategy over inputs shared with the other rows of its comparison: one
/// account per iteration (`data_size/*`) or every account of the set (`mainnet_mix/*`,
/// lt digests summed into the set's total, as `cases::ManyAccounts` does).
pub struct SharedAccounts<H> {
    pub hasher: H,
    pub accounts: Rc<Vec<Account>>,
    pub digest: Digest,
}

impl<H: AccountHasher> SharedAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    #[inline(always)]
    fn pass(&self) {
        let h = &self.hasher;
        match (self.digest, self.accounts.as_slice()) {
            (Digest::Legacy, [one]) => {
                black_box(h.hash(black_box(&one.as_ref())));
            }
            (Digest::Lt, [one]) => {
                black_box(h.lt_hash(black_box(&one.as_ref())));
            }
            (digest, all) => crate::cases::hash_set(h, all, digest),
        }
    }
}

impl<H: AccountHasher> Case for SharedAccounts<H>
where
    H::Lt: IntoLtLanes,
{
    fn time(&mut self, b: &mut criterion::Bencher<'_>) {
        b.iter(|| self.pass())
    }

    fn run_once(&mut self) {
        self.pass()
    }

    fn run_n(&mut self, n: u64) {
        for _ in 0..n {
            self.pass()
        }
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        None
    }
}

/// What shared inputs a comparison's per-account rows hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Inputs {
    /// One account of this many data bytes.
    One(usize),
    /// The mainnet mix: accounts, tail cap.
    Mix(usize, usize),
}

impl Inputs {
    fn build(self) -> Rc<Vec<Account>> {
        Rc::new(match self {
            Inputs::One(size) => vec![workloads::account(size, 0)],
            Inputs::Mix(n, cap) => workloads::mainnet_mix(n, cap),
        })
    }
}

type MakeShared = Box<dyn Fn(Rc<Vec<Account>>) -> Box<dyn Case>>;

/// How one entry of a comparison builds its case.
enum Source<'r> {
    /// A per-account strategy on the comparison's shared inputs, as one or more distinct
    /// copies of its code (see [`CODE_COPIES`]); each layout picks one.
    Shared(Inputs, Vec<MakeShared>),
    /// The registry's own builder (its own inputs).
    Registry(&'r Bench),
    /// Any builder ([`Comparison::from_makers`]).
    Make(Box<dyn Fn() -> Box<dyn Case>>),
}

/// How many distinct copies of copy-buffer's code each entry has (see
/// [`list::visit_code_copies`]). Why: on this project's VM the SAME instructions (cap=47 and
/// cap=200 at 0 B count 1630 each under callgrind) measured 2 % to 16 % apart depending on
/// the build, because code placement, which ASLR does not change (it moves whole pages),
/// decides alignment and aliasing. Each layout picks a copy at random, so code placement is
/// sampled like stack and heap placement and its spread lands in the interval.
pub use account_hash::strategy::list::CODE_COPIES;

/// Finds the per-account strategy whose criterion function is `function`: its code copies
/// (only copy-buffer has more than one) and, for an A/A twin of a strategy with a single
/// copy, a [`Twin`] wrapper.
struct FindStrategy<'a> {
    id: &'a BenchId,
    digest: Digest,
    /// 0: the strategy itself; `j > 0`: its `j`-th twin (A/A).
    twin: u32,
    found: Option<(Vec<MakeShared>, String)>,
}

impl FindStrategy<'_> {
    /// Whether the listed instance `hasher` is the benchmark's strategy and variant.
    fn is<H: AccountHasher>(&self, hasher: &H) -> bool {
        self.found.is_none()
            && H::STRATEGY == self.id.strategy
            && hasher.variant() == self.id.variant
    }

    /// The instance's code copies, when its entry offers them (copy-buffer).
    fn copies(&mut self, entry: &StrategyEntry) -> bool {
        let digest = self.digest;
        let Some(copies) = entry
            .code_copies
            .and_then(|cap| copy_buffer_copies(cap, digest))
        else {
            return false;
        };
        // A twin is another copy of the same list, picked with a different index.
        let label = match self.twin {
            0 => self.id.label(),
            j => format!("another copy of {} (offset {j})", self.id.label()),
        };
        self.found = Some((copies, label));
        true
    }
}

impl StrategyVisitor for FindStrategy<'_> {
    fn per_account<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + Send + Sync + 'static,
        H::Lt: IntoLtLanes,
    {
        if !self.is(&hasher) || self.copies(entry) {
            return;
        }
        let digest = self.digest;
        let label = self.id.label();
        self.found = Some(match self.twin {
            0 => (vec![shared_maker(hasher, digest)], label),
            1 => (
                vec![shared_maker(Twin(hasher), digest)],
                format!("Twin<{label}>"),
            ),
            2 => (
                vec![shared_maker(Twin(Twin(hasher)), digest)],
                format!("Twin<Twin<{label}>>"),
            ),
            _ => (
                vec![shared_maker(Twin(Twin(Twin(hasher))), digest)],
                format!("Twin<Twin<Twin<{label}>>>"),
            ),
        });
    }

    fn batch<B>(&mut self, _: &StrategyEntry, _: B)
    where
        B: BatchHasher + Clone + Send + Sync + 'static,
        B::Lt: IntoLtLanes,
    {
    }

    /// The sweep's capacities are measured only in the sweep; their code copies come from
    /// their entries.
    fn sweep<H>(&mut self, entry: &StrategyEntry, hasher: H)
    where
        H: AccountHasher + Clone + Send + Sync + 'static,
        H::Lt: IntoLtLanes,
    {
        if self.is(&hasher) {
            self.copies(entry);
        }
    }
}

/// The [`CODE_COPIES`] copies of `copy_buffer!(cap)` the strategy list offers, as makers.
fn copy_buffer_copies(cap: usize, digest: Digest) -> Option<Vec<MakeShared>> {
    struct Collect(Digest, Vec<MakeShared>);
    impl StrategyVisitor for Collect {
        fn per_account<H>(&mut self, _: &StrategyEntry, hasher: H)
        where
            H: AccountHasher + Clone + Send + Sync + 'static,
            H::Lt: IntoLtLanes,
        {
            self.1.push(shared_maker(hasher, self.0));
        }
        fn batch<B>(&mut self, _: &StrategyEntry, _: B)
        where
            B: BatchHasher + Clone + Send + Sync + 'static,
            B::Lt: IntoLtLanes,
        {
        }
    }
    let mut collect = Collect(digest, Vec::new());
    list::visit_code_copies(cap, &mut collect).then_some(collect.1)
}

fn shared_maker<H>(hasher: H, digest: Digest) -> MakeShared
where
    H: AccountHasher + Clone + 'static,
    H::Lt: IntoLtLanes,
{
    Box::new(move |accounts| {
        Box::new(SharedAccounts {
            hasher: hasher.clone(),
            accounts,
            digest,
        })
    })
}

/// One entry of a comparison: the baseline, the A/A twin or a row.
struct Entry<'r> {
    criterion_id: String,
    control: Option<Control>,
    /// What code an A/A entry runs.
    twin: Option<String>,
    /// For an A/A entry with code copies: which copy, relative to the baseline's.
    copy_offset: usize,
    items_per_iter: u64,
    source: Source<'r>,
}

fn entry<'r>(reg: &'r Registry, id: &str, twin: u32) -> Result<Entry<'r>, LabError> {
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
            profile: reg.profile.name(),
        })?;
    let m = &bench.meta;
    let digest = Digest::of(m.id.digest);
    let workload = &m.id.workload;
    let inputs = match (workload.kind.as_str(), workload.param.parse::<usize>()) {
        // The sweep hashes the same `workloads::account(size, 0)` as the seed sizes.
        ("data_size" | "cap_sweep", Ok(size)) => Some(Inputs::One(size)),
        ("mainnet_mix", Ok(n)) => Some(Inputs::Mix(n, reg.profile.mix_tail_cap())),
        _ => None,
    };
    let shared = match (digest, inputs) {
        (Some(digest), Some(_)) if matches!(m.id.family, Family::AccountHash | Family::LtHash) => {
            let mut find = FindStrategy {
                id: &m.id,
                digest,
                twin,
                found: None,
            };
            list::visit(&mut find);
            find.found
        }
        _ => None,
    };
    let (source, twin_label) = match shared {
        Some((make, label)) => match inputs {
            Some(inputs) => (Source::Shared(inputs, make), label),
            None => unreachable!("a shared maker is only found for shared inputs"),
        },
        // Not a per-account strategy: the registry's builder; its A/A copy is a second
        // instance of the same code with its own inputs (placement of data and stack only).
        None => (
            Source::Registry(bench),
            format!("second instance of {}", m.id.label()),
        ),
    };
    Ok(Entry {
        criterion_id: id.to_string(),
        control: (twin > 0).then_some(Control::Aa),
        twin: (twin > 0).then_some(twin_label),
        copy_offset: twin as usize,
        items_per_iter: m.items_per_iter.max(1),
        source,
    })
}

/// One comparison: a baseline, optionally its A/A twin, and rows, all by criterion id.
pub struct Comparison<'r> {
    entries: Vec<Entry<'r>>,
}

impl<'r> Comparison<'r> {
    /// Looks the ids up in `reg`. `aa` adds that many distinct copies of the baseline
    /// ([`Twin`]) as A/A control rows, first.
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

    /// A comparison of arbitrary cases (tests, experiments): `(name, control, items per
    /// iteration, builder)`, the first being the baseline. Each builder makes its own inputs.
    #[allow(clippy::type_complexity)]
    pub fn from_makers(
        makers: Vec<(String, Option<Control>, u64, Box<dyn Fn() -> Box<dyn Case>>)>,
    ) -> Comparison<'static> {
        Comparison {
            entries: makers
                .into_iter()
                .map(|(criterion_id, control, items, make)| Entry {
                    criterion_id,
                    control,
                    twin: None,
                    copy_offset: 0,
                    items_per_iter: items.max(1),
                    source: Source::Make(make),
                })
                .collect(),
        }
    }

    /// Builds every case for one layout: a random-size heap padding, then the shared
    /// inputs (once, for all rows; the A/A twin gets its own copy after another padding),
    /// then each case, each after a small random padding and, where the strategy has code
    /// copies, from a random copy (the A/A: the copy `offset` after the baseline's). Every case runs once (lazy
    /// initialisation, first touch of its inputs).
    fn build(&self, rng: &mut SplitMix64, pad: bool) -> (Vec<Box<dyn Case>>, Vec<Vec<u8>>) {
        let max = |m: u64| if pad { m } else { 0 };
        let mut pads = vec![padding(rng, max(64 << 10))];
        let mut shared: Option<(Inputs, Rc<Vec<Account>>)> = None;
        let mut twin_inputs: Option<Rc<Vec<Account>>> = None;
        let mut cases = Vec::with_capacity(self.entries.len());
        // The baseline's copy; A/A entries take the copies after it.
        let mut base_copy = 0;
        for (i, e) in self.entries.iter().enumerate() {
            pads.push(padding(rng, max(4 << 10)));
            let mut case = match &e.source {
                Source::Registry(bench) => bench.make(),
                Source::Make(make) => make(),
                Source::Shared(inputs, copies) if e.control.is_some() => {
                    pads.push(padding(rng, max(64 << 10)));
                    let make = &copies[(base_copy + e.copy_offset) % copies.len()];
                    make(twin_inputs.get_or_insert_with(|| inputs.build()).clone())
                }
                Source::Shared(inputs, copies) => {
                    let copy = if pad {
                        rng.below(copies.len() as u64) as usize
                    } else {
                        0
                    };
                    if i == 0 {
                        base_copy = copy;
                    }
                    let (_, accounts) = shared.get_or_insert_with(|| (*inputs, inputs.build()));
                    copies[copy](accounts.clone())
                }
            };
            case.run_once();
            cases.push(case);
        }
        (cases, pads)
    }
}

/// A heap block of random size in `0..max` bytes, written so it is really allocated:
/// whatever is allocated after it lands at a different offset.
fn padding(rng: &mut SplitMix64, max: u64) -> Vec<u8> {
    let n = if max == 0 { 0 } else { rng.below(max) as usize };
    black_box(vec![1u8; n])
}

/// Runs `f` with the stack pointer moved down by roughly `offset` bytes (0..~4 KiB, in
/// steps of about 16): a chain of `offset / 256` frames of 256 bytes, then one frame of
/// 16, 32, ..., 240 bytes. Each frame's buffer goes through `black_box`, so neither the
/// frames nor the recursion can be optimised away. Stack arrays cannot be sized at run
/// time, hence the chain.
pub fn with_stack_offset<R>(offset: usize, f: &mut dyn FnMut() -> R) -> R {
    #[inline(never)]
    fn chain<R>(depth: usize, rest: usize, f: &mut dyn FnMut() -> R) -> R {
        if depth == 0 {
            return tail(rest, f);
        }
        let buf = [0u8; 256];
        black_box(&buf);
        let r = chain(depth - 1, rest, f);
        black_box(&buf);
        r
    }
    #[inline(never)]
    fn frame<const N: usize, R>(f: &mut dyn FnMut() -> R) -> R {
        let buf = [0u8; N];
        black_box(&buf);
        let r = f();
        black_box(&buf);
        r
    }
    fn tail<R>(rest: usize, f: &mut dyn FnMut() -> R) -> R {
        match rest / 16 {
            0 => f(),
            1 => frame::<16, R>(f),
            2 => frame::<32, R>(f),
            3 => frame::<48, R>(f),
            4 => frame::<64, R>(f),
            5 => frame::<80, R>(f),
            6 => frame::<96, R>(f),
            7 => frame::<112, R>(f),
            8 => frame::<128, R>(f),
            9 => frame::<144, R>(f),
            10 => frame::<160, R>(f),
            11 => frame::<176, R>(f),
            12 => frame::<192, R>(f),
            13 => frame::<208, R>(f),
            14 => frame::<224, R>(f),
            _ => frame::<240, R>(f),
        }
    }
    chain(offset / 256, offset % 256, f)
}

pub use lab_record::paired::{
    combine, layout_means, Combined, Config, LayoutUnit, ProcessRun, RowResult, RowRun,
};

/// Iterations so one batch of `case` takes about `target`: doubling until it does.
/// Also returns the expected time of one batch, in nanoseconds (for the budget).
fn calibrate(case: &mut dyn Case, target: Duration) -> (u64, f64) {
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        case.run_n(n);
        let e = t.elapsed().as_secs_f64().max(1e-9);
        if e >= target.as_secs_f64() || n >= 1 << 30 {
            // Scale to the target from the last measurement (at least 1).
            let scaled = ((n as f64 * target.as_secs_f64() / e) as u64).clamp(1, n);
            return (scaled, e * 1e9 * scaled as f64 / n as f64);
        }
        n *= 2;
    }
}

/// Fewest timed rounds per layout the budget may leave.
const MIN_ROUNDS: u32 = 5;

/// Runs one comparison in this process: `config.layouts` layouts of `config.rounds`
/// rounds each (plus one untimed warm-up round per layout), fewer of both when
/// `config.budget_ms` says so.
pub fn run(cmp: &Comparison<'_>, config: Config) -> ProcessRun {
    let start = Instant::now();
    let mut rng = SplitMix64::new(config.seed ^ 0xA5A5_0000_5A5A);
    let k = cmp.entries.len();
    let target = Duration::from_nanos(config.batch_ns);
    let mut iters: Vec<u64> = Vec::new();
    let mut per_layout: Vec<Vec<LayoutSummary>> = vec![Vec::new(); k];
    let mut offsets = Vec::new();
    let (mut rounds, mut layouts) = (config.rounds, config.layouts);
    let mut layout = 0;
    while layout < layouts {
        layout += 1;
        let (mut cases, pads) = cmp.build(&mut rng, config.randomize_layout);
        if layout == 1 {
            let mut round_ns = 0.0;
            for c in cases.iter_mut() {
                let (n, ns) = calibrate(&mut **c, target);
                round_ns += ns;
                iters.push(n);
            }
            // Over budget: fewer layouts first (each costs a rebuild of the inputs), then
            // fewer rounds, down to one layout of MIN_ROUNDS (+1 warm-up).
            if let Some(ms) = config.budget_ms {
                let fit = (ms as f64 * 1e6 / round_ns) as u32;
                layouts = layouts.min((fit / (MIN_ROUNDS + 1)).max(1));
                rounds = rounds.min((fit / layouts).saturating_sub(1).max(MIN_ROUNDS));
            }
        }
        let offset = if config.randomize_layout {
            rng.below(4096) as usize
        } else {
            0
        };
        offsets.push(offset);
        let mut logs: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds as usize); k];
        let mut order: Vec<usize> = (0..k).collect();
        let mut ns = vec![0f64; k];
        with_stack_offset(offset, &mut || {
            for round in 0..=rounds {
                // Fisher–Yates: a fresh random visiting order every round.
                for i in (1..k).rev() {
                    order.swap(i, rng.below(i as u64 + 1) as usize);
                }
                for &i in &order {
                    let t = Instant::now();
                    cases[i].run_n(iters[i]);
                    let e = t.elapsed().as_nanos().max(1) as f64;
                    ns[i] = e / (iters[i] * cmp.entries[i].items_per_iter) as f64;
                }
                if round == 0 {
                    continue; // warm-up
                }
                for i in 1..k {
                    logs[i].push((ns[i] / ns[0]).ln());
                }
            }
        });
        for i in 1..k {
            if let Some(s) = summarize_rounds(&logs[i]) {
                per_layout[i].push(s);
            }
        }
        drop(cases);
        drop(pads);
    }
    let rows = (1..k)
        .map(|i| RowRun {
            criterion_id: cmp.entries[i].criterion_id.clone(),
            control: cmp.entries[i].control,
            twin: cmp.entries[i].twin.clone(),
            iters_per_batch: iters[i],
            layouts: std::mem::take(&mut per_layout[i]),
        })
        .collect();
    ProcessRun {
        baseline: cmp.entries[0].criterion_id.clone(),
        baseline_iters_per_batch: iters.first().copied().unwrap_or(0),
        config,
        stack_offsets: offsets,
        rows,
        wall_secs: start.elapsed().as_secs_f64(),
    }
}

/// What one `lab paired` process is asked to measure; [`Request::args`] is its command
/// line, so xtask (or `lab paired --processes K`) can spawn fresh processes with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// smoke, quick or full: decides the mix sizes, hence which ids exist.
    pub profile: String,
    pub baseline: String,
    pub rows: Vec<String>,
    /// How many A/A twins of the baseline to add as the first rows (0: none).
    pub aa: u32,
    pub config: Config,
}

impl Request {
    /// `paired --profile P --baseline B --rows R1,R2 [--aa] --rounds N
    /// --layouts-in-process L --seed S --batch-us U --json`.
    pub fn args(&self) -> Vec<String> {
        let mut a: Vec<String> = vec![
            "paired".into(),
            "--profile".into(),
            self.profile.clone(),
            "--baseline".into(),
            self.baseline.clone(),
            "--rows".into(),
            self.rows.join(","),
        ];
        if self.aa > 0 {
            a.push("--aa".into());
            a.push(self.aa.to_string());
        }
        if !self.config.randomize_layout {
            a.push("--fixed-layout".into());
        }
        if let Some(ms) = self.config.budget_ms {
            a.push("--budget-ms".into());
            a.push(ms.to_string());
        }
        for (k, v) in [
            ("--rounds", self.config.rounds as u64),
            ("--layouts-in-process", self.config.layouts as u64),
            ("--seed", self.config.seed),
            ("--batch-us", self.config.batch_ns / 1000),
        ] {
            a.push(k.into());
            a.push(v.to_string());
        }
        a.push("--json".into());
        a
    }
}

/// Runs `request` in `processes` fresh processes of the lab binary `lab_exe`, one after
/// the other: [`run_round_robin`] with one request.
pub fn run_processes(
    lab_exe: &std::path::Path,
    request: &Request,
    processes: u32,
) -> Result<Vec<ProcessRun>, LabError> {
    let mut all = run_round_robin(lab_exe, std::slice::from_ref(request), processes)?;
    Ok(all.pop().unwrap_or_default())
}

/// Runs every request in `processes` fresh processes of the lab binary `lab_exe`, round
/// robin (process 1 of every request, then process 2 of every request, ...), never two at
/// once (they would time each other). Process `i` of a request gets seed
/// `request.config.seed + i`. Returns, per request, its processes' parsed output.
///
/// Why round robin: a paired ratio cancels what slows both rows alike, but not what slows
/// one more than the other (a neighbour's compile thrashing the cache hurts the row with
/// more memory traffic), and that changes over seconds. Spreading each comparison's
/// processes over the whole run puts that drift between processes, where the interval
/// (one sample per process, [`LayoutUnit::Process`]) sees it; measured here, back-to-back
/// runs of 1 s each moved the 165 B estimate by 2 points, round-robin ones by 0.4.
///
/// The children get [`lab_record::GLIBC_MALLOC_ENV`], as bench-all gives criterion, so
/// large inputs live in the heap the padding moves.
pub fn run_round_robin(
    lab_exe: &std::path::Path,
    requests: &[Request],
    processes: u32,
) -> Result<Vec<Vec<ProcessRun>>, LabError> {
    let mut out: Vec<Vec<ProcessRun>> = vec![Vec::new(); requests.len()];
    for i in 0..processes {
        for (request, runs) in requests.iter().zip(&mut out) {
            let mut r = request.clone();
            r.config.seed = request.config.seed.wrapping_add(i as u64);
            let child = std::process::Command::new(lab_exe)
                .args(r.args())
                .envs(lab_record::GLIBC_MALLOC_ENV)
                .output()
                .map_err(|source| LabError::Spawn {
                    program: lab_exe.display().to_string(),
                    source,
                })?;
            if !child.status.success() {
                return Err(LabError::Child {
                    command: format!("{} {}", lab_exe.display(), r.args().join(" ")),
                    status: child.status,
                    stderr: String::from_utf8_lossy(&child.stderr).into_owned(),
                });
            }
            runs.push(serde_json::from_slice(&child.stdout).map_err(|e| {
                LabError::ChildOutput {
                    what: "lab paired".into(),
                    detail: format!("unreadable JSON: {e}"),
                }
            })?);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Profile;

    #[test]
    fn stack_offset_moves_the_stack() {
        fn here() -> usize {
            let x = 0u8;
            std::ptr::addr_of!(x) as usize
        }
        let a = with_stack_offset(0, &mut here);
        let b = with_stack_offset(4000, &mut here);
        let c = with_stack_offset(40, &mut here);
        // Deeper offsets put the callee's locals lower, by about the requested amount.
        assert!(a - b >= 3000 && a - b < 8000, "{a} {b}");
        assert!(a > c && a - c < 1000, "{a} {c}");
    }

    #[test]
    fn per_account_rows_share_inputs_and_the_twin_has_its_own() {
        let reg = Registry::new(Profile::Smoke);
        let base = "account-hash/copy-buffer@cap=200/data_size/165";
        let row = "account-hash/copy-buffer@cap=47/data_size/165".to_string();
        let cmp = Comparison::new(&reg, base, &[row], 1).unwrap();
        assert!(cmp
            .entries
            .iter()
            .all(|e| matches!(e.source, Source::Shared(..))));
        assert_eq!(cmp.entries[1].control, Some(Control::Aa));
        assert_eq!(
            cmp.entries[1].twin.as_deref(),
            Some("another copy of copy-buffer cap=200 (offset 1)")
        );
        for e in &cmp.entries {
            let Source::Shared(_, copies) = &e.source else {
                unreachable!()
            };
            assert_eq!(copies.len(), CODE_COPIES);
        }
        let mut rng = SplitMix64::new(1);
        let (mut cases, _pads) = cmp.build(&mut rng, true);
        for c in &mut cases {
            c.run_n(2);
        }
        assert!(Comparison::new(&reg, base, &["nope".into()], 0).is_err());
        assert!(Comparison::new(&reg, base, &[base.into()], 0).is_err());
    }

    #[test]
    fn sweep_rows_share_inputs_and_have_copies() {
        let reg = Registry::new(Profile::Smoke);
        let base = "account-hash/copy-buffer@cap=200/cap_sweep/170";
        let rows: Vec<String> = [0, 47, 128, 175, 239, 256, 512]
            .iter()
            .map(|c| format!("account-hash/copy-buffer@cap={c}/cap_sweep/170"))
            .collect();
        let cmp = Comparison::new(&reg, base, &rows, 1).unwrap();
        for e in &cmp.entries {
            match &e.source {
                Source::Shared(Inputs::One(170), copies) => assert_eq!(copies.len(), CODE_COPIES),
                _ => panic!("{} is not shared", e.criterion_id),
            }
        }
    }

    #[test]
    fn every_swept_capacity_has_code_copies() {
        for cap in account_hash::strategy::list::SWEEP_CAPS {
            let copies = copy_buffer_copies(cap, Digest::Legacy);
            assert_eq!(copies.map(|c| c.len()), Some(CODE_COPIES), "cap={cap}");
        }
        assert!(copy_buffer_copies(1, Digest::Legacy).is_none());
    }

    #[test]
    fn combine_uses_the_aa_band_and_layout_samples() {
        let row = |id: &str, control, logs: &[f64]| RowRun {
            criterion_id: id.into(),
            control,
            twin: None,
            iters_per_batch: 1,
            layouts: logs
                .iter()
                .map(|&m| LayoutSummary {
                    iq_mean_log: m,
                    mean_log: m,
                    rounds: 10,
                    sd_log: 0.01,
                })
                .collect(),
        };
        let run = |aa: &[f64], r: &[f64]| ProcessRun {
            baseline: "b".into(),
            baseline_iters_per_batch: 1,
            config: Config::default(),
            stack_offsets: vec![],
            rows: vec![row("b", Some(Control::Aa), aa), row("r", None, r)],
            wall_secs: 1.0,
        };
        let runs = [
            run(&[0.0, 0.002], &[0.10, 0.12]),
            run(&[-0.002, 0.0], &[0.08, 0.10]),
        ];
        let c = combine(&runs, LayoutUnit::Block).unwrap();
        assert_eq!(c.rows[1].across.layouts, 4);
        let aa = across_layouts(&[0.0, 0.002, -0.002, 0.0]).unwrap();
        assert_eq!(c.band, noise_band(&aa));
        assert!((c.rows[1].across.mean_log - 0.10).abs() < 1e-12);
        assert_eq!(c.rows[1].paired.verdict, lab_record::Verdict::Slower);
        let p = combine(&runs, LayoutUnit::Process).unwrap();
        assert_eq!(p.rows[1].across.layouts, 2);
        let m = layout_means(&runs, 1, LayoutUnit::Process);
        assert!(
            (m[0] - 0.11).abs() < 1e-12 && (m[1] - 0.09).abs() < 1e-12,
            "{m:?}"
        );
    }

    /// A test-only row that does twice the baseline's work: the baseline's hash, done twice.
    struct Twice<H>(SharedAccounts<H>);

    impl<H: AccountHasher> Case for Twice<H>
    where
        H::Lt: IntoLtLanes,
    {
        fn time(&mut self, b: &mut criterion::Bencher<'_>) {
            self.0.time(b)
        }
        fn run_once(&mut self) {
            self.0.pass();
            self.0.pass();
        }
        fn digest_matches_reference(&mut self) -> Option<bool> {
            None
        }
    }

    /// The statistic calls twice the work `slower` against the band of the A/A control in
    /// the same run, and a second copy of the baseline's code `equal`.
    #[test]
    fn paired_verdicts_detect_twice_the_work_and_not_a_copy() {
        type H = account_hash::copy_buffer!(200);
        fn shared<C>(hasher: C) -> Box<dyn Fn() -> Box<dyn Case>>
        where
            C: AccountHasher + Clone + 'static,
            C::Lt: IntoLtLanes,
        {
            Box::new(move || {
                Box::new(SharedAccounts {
                    hasher: hasher.clone(),
                    accounts: Inputs::One(1024).build(),
                    digest: Digest::Legacy,
                })
            })
        }
        let cmp = Comparison::from_makers(vec![
            ("base".into(), None, 1, shared(H::default())),
            (
                "aa".into(),
                Some(Control::Aa),
                1,
                shared(Twin(H::default())),
            ),
            ("copy".into(), None, 1, shared(Twin(Twin(H::default())))),
            (
                "twice".into(),
                None,
                1,
                Box::new(|| {
                    Box::new(Twice(SharedAccounts {
                        hasher: H::default(),
                        accounts: Inputs::One(1024).build(),
                        digest: Digest::Legacy,
                    }))
                }),
            ),
        ]);
        let config = Config {
            rounds: 40,
            layouts: 8,
            seed: 7,
            batch_ns: 200_000,
            budget_ms: None,
            randomize_layout: true,
        };
        let run = run(&cmp, config);
        let c = combine(std::slice::from_ref(&run), LayoutUnit::Block).unwrap();
        let (copy, twice) = (&c.rows[1].paired, &c.rows[2].paired);
        assert_eq!(twice.verdict, lab_record::Verdict::Slower, "{c:#?}");
        assert!(
            twice.ratio.estimate > 1.6 && twice.ratio.estimate < 2.5,
            "{c:#?}"
        );
        // Within one process the copies' code never moves, so a fixed placement offset
        // between them of several percent is possible (up to ~8 % measured between
        // cap=200 and cap=201 in release builds); the band is floored at 10 % here, still far
        // below the 2x the `twice` row must clear.
        assert_eq!(
            lab_record::paired::verdict(&copy.ratio, c.band.max(0.10)),
            lab_record::Verdict::Equal,
            "{c:#?}"
        );
    }
}
