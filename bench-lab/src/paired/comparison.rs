//! A comparison's entries: the baseline, its A/A twins and the rows, each found by its
//! benchmark id with the inputs it shares and the code copies it offers.

use super::*;
use lab_record::WorkloadKind;

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
    pub(super) fn pass(&self) {
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
pub(super) enum Inputs {
    /// One account of this many data bytes.
    One(usize),
    /// The mainnet mix: accounts, tail cap.
    Mix(usize, usize),
}

impl Inputs {
    pub(super) fn build(self) -> Rc<Vec<Account>> {
        Rc::new(match self {
            Inputs::One(size) => vec![workloads::account(size, 0)],
            Inputs::Mix(n, cap) => workloads::mainnet_mix(n, cap),
        })
    }
}

pub(super) type MakeShared = Box<dyn Fn(Rc<Vec<Account>>) -> Box<dyn Case>>;

/// How one entry of a comparison builds its case.
pub(super) enum Source<'r> {
    /// A per-account strategy on the comparison's shared inputs, as one or more distinct
    /// copies of its code (see [`CODE_COPIES`]); each layout picks one.
    Shared(Inputs, Vec<MakeShared>),
    /// The registry's own builder (its own inputs).
    Registry(&'r Bench),
    /// Any builder ([`Comparison::from_makers`]).
    Make(Box<dyn Fn() -> Box<dyn Case>>),
}

/// How many distinct copies of copy-buffer's code each entry has (see
/// [`list::visit_code_copies`]). Why: code placement, which ASLR does not change (it moves
/// whole pages), decides alignment and aliasing, so the same instructions can measure
/// several percent apart between builds (docs/paired-pass-defaults.md). Each layout picks
/// a copy at random, so code placement is sampled like stack and heap placement and its
/// spread lands in the interval.
pub use account_hash::strategy::list::CODE_COPIES;

/// Finds the per-account strategy whose criterion function is `function`: its code copies
/// (only copy-buffer has more than one) and, for an A/A twin of a strategy with a single
/// copy, a [`Twin`] wrapper.
pub(super) struct FindStrategy<'a> {
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
pub(super) fn copy_buffer_copies(cap: usize, digest: Digest) -> Option<Vec<MakeShared>> {
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

pub(super) fn shared_maker<H>(hasher: H, digest: Digest) -> MakeShared
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
pub(super) struct Entry<'r> {
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
            profile: reg.profile.name(),
        })?;
    let m = &bench.meta;
    let digest = Digest::of(m.id.digest);
    let workload = &m.id.workload;
    let inputs = match (workload.kind, workload.param.parse::<usize>()) {
        // The sweep hashes the same `workloads::account(size, 0)` as the seed sizes.
        (WorkloadKind::DataSize | WorkloadKind::CapSweep, Ok(size)) => Some(Inputs::One(size)),
        (WorkloadKind::MainnetMix, Ok(n)) => Some(Inputs::Mix(n, reg.profile.mix_tail_cap())),
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
    pub(super) entries: Vec<Entry<'r>>,
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
    pub(super) fn build(
        &self,
        rng: &mut SplitMix64,
        pad: bool,
    ) -> (Vec<Box<dyn Case>>, Vec<Vec<u8>>) {
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
