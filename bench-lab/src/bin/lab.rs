//! `lab`: bench-lab's binary: the plan, the counted passes and the paired pass.
//!
//! - `lab list [--json]`: the benchmarks the filters select (bench-all's plan).
//! - `lab allocs [--json]`: for each, allocations per iteration and peak heap bytes, from a
//!   counting global allocator, plus whether its digest matches the reference. Never timed.
//! - `lab mix`: the mainnet mix's composition.
//! - `lab paired --baseline ID --rows ID [--rows ID ...] [--aa [N]] [--rounds R] [--layouts-in-process L]
//!   [--seed S] [--budget-ms MS] [--json]`: the rows timed against the baseline, paired and
//!   interleaved, over L memory layouts in this process (one JSON object of per-layout
//!   summaries, `bench_lab::paired::ProcessRun`); with `--processes K`, K fresh processes
//!   combined at one look (`lab_record::sequential::combine_sequential_twins`: the verdict
//!   rule of bench-all's paired pass, so a row the K processes cannot settle is `undecided`;
//!   with `--aa 2` each twin is judged against the other twin's band, as bench-all runs it).
//! - `lab instructions --ids ID [--ids ID ...] --iters N [--iters-large M] [--skip-missing] [--json]`: N
//!   iterations inside one function
//!   for callgrind to count; `--valgrind` spawns valgrind itself and prints the counts.
//!
//! The counting allocator is the one `unsafe` outside SIMD kernels in the project: a
//! `GlobalAlloc` cannot be written without it. It only forwards to the system allocator.

use bench_lab::error::{LabError, Result};
use bench_lab::{enabled_features, floor, workloads, Filter, Profile, ProfileSettings, Registry};
use clap::{Args, Parser, Subcommand};
use lab_record::{sequential, CountFile, Counted, PlanFile, Planned};
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering::Relaxed};

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
/// Heap bytes allocated minus freed since counting began: signed, since memory allocated
/// before may be freed while counting.
static LIVE_BYTES: AtomicIsize = AtomicIsize::new(0);
static PEAK_BYTES: AtomicIsize = AtomicIsize::new(0);
/// Whether the allocator counts: only `lab allocs` turns it on. The timed passes (`lab
/// paired`) and the instruction counts run with it off, so an allocation there costs what
/// it costs in criterion's processes (the system allocator and one relaxed load), not three
/// atomic read-modify-writes more.
static COUNTING: AtomicBool = AtomicBool::new(false);

/// Counts allocations and live heap bytes while [`COUNTING`] is on, and forwards every call
/// to [`System`].
struct CountingAllocator;

fn counting() -> bool {
    COUNTING.load(Relaxed)
}

fn grew(bytes: usize) {
    let bytes = bytes as isize;
    let live = LIVE_BYTES.fetch_add(bytes, Relaxed) + bytes;
    PEAK_BYTES.fetch_max(live, Relaxed);
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counters are atomics and never allocate.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract (non-zero size), passed on as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() && counting() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() && counting() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator (hence by `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        if counting() {
            LIVE_BYTES.fetch_sub(layout.size() as isize, Relaxed);
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr`/`layout` come from this allocator; the caller upholds `new_size`'s rules.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() && counting() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            LIVE_BYTES.fetch_sub(layout.size() as isize, Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[derive(Parser)]
#[command(
    name = "lab",
    about = "hashlab's counted measurements (allocations, peak heap, digests)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the selected benchmarks.
    List(Selection),
    /// Count allocations per iteration and peak heap bytes of each selected benchmark.
    Allocs(Selection),
    /// Show the mainnet mix's composition for a profile.
    Mix {
        #[arg(long, default_value = "quick")]
        profile: Profile,
    },
    /// Time rows against a baseline, paired and interleaved, over several memory layouts.
    Paired(PairedArgs),
    /// Run benchmarks for instruction counting under callgrind (see bench_lab::instructions),
    /// or with --valgrind, spawn valgrind and print the counts.
    Instructions(InstructionsArgs),
}

/// `lab instructions`: see `bench_lab::instructions`.
#[derive(Args)]
struct InstructionsArgs {
    /// smoke, quick or full (decides which ids exist).
    #[arg(long, default_value = "quick")]
    profile: Profile,
    /// Criterion ids: `--ids ID` once per benchmark (or, typed by hand, one
    /// comma-separated list).
    #[arg(long, value_delimiter = ',', required = true)]
    ids: Vec<String>,
    /// Counted iterations (after one warm-up iteration).
    #[arg(long, default_value_t = 100)]
    iters: u64,
    /// Counted iterations for benchmarks of more than 64 KiB per iteration (default: --iters).
    #[arg(long)]
    iters_large: Option<u64>,
    /// Skip ids this process does not have (under valgrind the CPU offers no AVX-512, so
    /// the avx512 variants are not registered) instead of failing; the JSON lists only what ran.
    #[arg(long)]
    skip_missing: bool,
    /// Spawn valgrind (callgrind) on this binary, one process per id, and print the counts.
    #[arg(long)]
    valgrind: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// `lab paired`: see `bench_lab::paired`.
#[derive(Args)]
struct PairedArgs {
    /// smoke, quick or full (decides which ids exist, e.g. the mix size).
    #[arg(long, default_value = "quick")]
    profile: Profile,
    /// The baseline's criterion id.
    #[arg(long)]
    baseline: String,
    /// Criterion ids of the rows: `--rows ID` once per row (or, typed by hand, one
    /// comma-separated list).
    #[arg(long, value_delimiter = ',')]
    rows: Vec<String>,
    /// Add the A/A control: the baseline against a distinct copy of itself (`--aa`), or
    /// against N distinct copies (`--aa N`, at most 3 distinct). With `--aa 2` (bench-all's)
    /// and `--processes`, the rows' band is the wider twin's offset and each twin is judged
    /// against the other's; otherwise the band is the widest control's reach.
    #[arg(long, num_args = 0..=1, default_missing_value = "1", default_value_t = 0)]
    aa: u32,
    /// Rounds per layout.
    #[arg(long, default_value_t = 60)]
    rounds: u32,
    /// Layouts (stack offset, heap placement) per process.
    #[arg(long, default_value_t = 4)]
    layouts_in_process: u32,
    /// Seed of the visiting order and layouts (default: from the clock and pid).
    #[arg(long)]
    seed: Option<u64>,
    /// Target time of one timed batch, microseconds.
    #[arg(long, default_value_t = 500)]
    batch_us: u64,
    /// Cap on each process's timed rounds, milliseconds (fewer rounds when exceeded).
    #[arg(long)]
    budget_ms: Option<u64>,
    /// Keep one stack and heap placement for every in-process layout (for experiments).
    #[arg(long)]
    fixed_layout: bool,
    /// Append every batch's time, the untimed call before it and the timed batch, to FILE
    /// as JSON lines (seed, layout, round, entry, criterion_id, copy, timed, items, ns): the raw
    /// times behind a row's ratio (for experiments).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Run in K fresh processes (seeds S..S+K) and print the combined result; 0 = measure
    /// in this process and print its per-layout summaries.
    #[arg(long, default_value_t = 0)]
    processes: u32,
    /// With --processes: `process` (one sample per process, the mean of its layouts) or
    /// `block` (every in-process layout is a sample: narrower, but under-covers when the
    /// machine's load drifts).
    #[arg(long, default_value = "process")]
    unit: String,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct Selection {
    /// smoke, quick or full (sets the mix size).
    #[arg(long, default_value = "quick")]
    profile: Profile,
    /// Comma-separated families (account-hash, lt-hash, ...).
    #[arg(long)]
    families: Option<String>,
    /// Comma-separated strategies, or strategy@variant (copy-buffer@cap=47).
    #[arg(long)]
    strategies: Option<String>,
    /// Comma-separated data sizes (165, 1KiB, 10MiB); drops workloads without a size.
    #[arg(long)]
    sizes: Option<String>,
    /// Comma-separated workload kinds (data_size, cap_sweep, mainnet_mix).
    #[arg(long)]
    workloads: Option<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

impl Selection {
    fn resolve(&self) -> Result<(Profile, Filter)> {
        Ok((
            self.profile,
            Filter::parse(
                self.families.as_deref(),
                self.strategies.as_deref(),
                self.sizes.as_deref(),
                self.workloads.as_deref(),
            )?,
        ))
    }
}

fn main() -> ExitCode {
    lab_record::process::quiet_on_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List(sel) => list(&sel),
        Command::Allocs(sel) => allocs(&sel),
        Command::Mix { profile } => mix(profile),
        Command::Paired(args) => paired(&args),
        Command::Instructions(args) => instructions(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lab: {e}");
            ExitCode::from(2)
        }
    }
}

fn list(sel: &Selection) -> Result<()> {
    let (profile, filter) = sel.resolve()?;
    let reg = Registry::with_filter(profile, &filter);
    let benches: Vec<Planned> = reg
        .select(&filter)
        .map(|b| Planned {
            meta: b.meta.clone(),
            expected_secs: profile.settings(&b.meta).expected_secs(),
            compressions_per_item: floor::compressions_per_item(&b.meta, profile),
        })
        .collect();
    if sel.json {
        let plan = PlanFile {
            profile,
            features: enabled_features(),
            benches,
        };
        println!("{}", to_json(&plan)?);
    } else {
        // `lab list | head`: a reader that stops early is not an error.
        let mut out = std::io::stdout().lock();
        for b in &benches {
            match writeln!(out, "{}", b.meta.id) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                Err(source) => {
                    return Err(LabError::Io {
                        path: "<stdout>".into(),
                        source,
                    })
                }
            }
        }
        eprintln!("{} benchmarks, profile {profile}", benches.len());
    }
    Ok(())
}

fn to_json(value: &impl serde::Serialize) -> Result<String> {
    Ok(serde_json::to_string(value)?)
}

fn allocs(sel: &Selection) -> Result<()> {
    COUNTING.store(true, Relaxed);
    let (profile, filter) = sel.resolve()?;
    let reg = Registry::with_filter(profile, &filter);
    let mut results = Vec::new();
    for b in reg.select(&filter) {
        let row = count(b);
        if !sel.json {
            println!(
                "{:<60} allocs/iter {:>8.3}  peak {:>9} B  digest {}",
                row.id,
                row.allocs_per_iter,
                row.peak_bytes,
                match row.digest_compatible {
                    Some(true) => "consensus",
                    Some(false) => "DIFFERENT",
                    None => "-",
                }
            );
        }
        results.push(row);
    }
    if sel.json {
        let file = CountFile { profile, results };
        println!("{}", to_json(&file)?);
    }
    Ok(())
}

/// Allocations per iteration and peak heap bytes of one benchmark, then its digest check.
fn count(b: &bench_lab::Bench) -> Counted {
    let mut case = b.make();
    case.run_once(); // first call: lazy CPU-feature detection and the like
    let iterations: u64 = if b.meta.items_per_iter > 1 || b.meta.bytes_per_iter >= 1 << 20 {
        3
    } else {
        1000
    };
    let base = LIVE_BYTES.load(Relaxed);
    PEAK_BYTES.store(base, Relaxed);
    let before = ALLOCATIONS.load(Relaxed);
    for _ in 0..iterations {
        case.run_once();
    }
    let count = ALLOCATIONS.load(Relaxed) - before;
    let peak = (PEAK_BYTES.load(Relaxed) - base).max(0);
    let digest_compatible = case.digest_matches_reference();
    drop(case);
    Counted {
        id: b.meta.id.clone(),
        iterations,
        allocs_per_iter: count as f64 / iterations as f64,
        peak_bytes: peak as u64,
        digest_compatible,
    }
}

fn mix(p: Profile) -> Result<()> {
    let sizes = workloads::mix_sizes(p.mix_accounts(), p.mix_tail_cap());
    println!(
        "mainnet mix, profile {p}: {} accounts, tail cap {} B",
        sizes.len(),
        p.mix_tail_cap()
    );
    for c in workloads::MAINNET_MIX {
        let n = sizes.iter().filter(|&&x| c.holds(x)).count();
        println!(
            "  {:<16} {:>8} accounts ({:.2}%, documented {:.2}%)",
            c.name,
            n,
            100.0 * n as f64 / sizes.len().max(1) as f64,
            c.ppm as f64 / 1e4
        );
    }
    let total: usize = sizes.iter().sum();
    println!(
        "  data bytes {total}, mean {:.1} B per account",
        total as f64 / sizes.len().max(1) as f64
    );
    Ok(())
}

fn paired(a: &PairedArgs) -> Result<()> {
    use bench_lab::paired::{self, Config, LayoutUnit, Request};
    let seed = a.seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        t ^ (u64::from(std::process::id()) << 32)
    });
    let request = Request {
        profile: a.profile,
        baseline: a.baseline.clone(),
        rows: a
            .rows
            .iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        aa: a.aa,
        config: Config {
            rounds: a.rounds.max(2),
            layouts: a.layouts_in_process.max(1),
            seed,
            batch_ns: a.batch_us.max(1) * 1000,
            budget_ms: a.budget_ms,
            randomize_layout: !a.fixed_layout,
        },
        trace: a.trace.clone(),
    };
    if a.processes > 0 {
        let unit = match a.unit.as_str() {
            "block" => LayoutUnit::Block,
            "process" => LayoutUnit::Process,
            u => {
                return Err(LabError::Argument(format!(
                    "--unit {u}: expected block or process"
                )))
            }
        };
        let exe = std::env::current_exe().map_err(own_exe)?;
        let start = std::time::Instant::now();
        let runs = paired::run_processes(&exe, &request, a.processes)?;
        // One look at K processes: the fixed-sample interval, and the same verdict rule as
        // bench-all's paired pass (`undecided` where the interval cannot settle it).
        let design = sequential::Design::fixed(a.processes, sequential::EQUAL_MARGIN);
        let c = sequential::combine_sequential_twins(&runs, unit, &design).ok_or_else(|| {
            LabError::Request("the processes' results cannot be combined (too few layouts?)".into())
        })?;
        if a.json {
            let out = serde_json::json!({"combined": c, "runs": runs,
                "wall_secs": start.elapsed().as_secs_f64()});
            println!("{out}");
        } else {
            println!(
                "baseline {}  band ±{:.2}%  {} processes, {:.1} s",
                c.baseline.criterion_id(),
                100.0 * c.band,
                c.processes,
                start.elapsed().as_secs_f64()
            );
            for r in &c.rows {
                let p = &r.paired;
                let [lo, hi] = p.layout_range.unwrap_or([f64::NAN; 2]);
                println!(
                    "{:<60} {:>4} {:.4} [{:.4}, {:.4}]  layouts {} sd {:.2}% range {:.4}..{:.4}  rounds sd {:.2}%  {}",
                    r.id.criterion_id(),
                    if r.control.is_some() { "A/A" } else { "" },
                    p.ratio.estimate,
                    p.ratio.lower,
                    p.ratio.upper,
                    r.across.layouts,
                    100.0 * r.across.layout_sd,
                    lo,
                    hi,
                    100.0 * r.mean_round_sd,
                    p.verdict
                );
            }
        }
        return Ok(());
    }
    let reg = Registry::new(request.profile);
    let cmp = paired::Comparison::new(&reg, &request.baseline, &request.rows, request.aa)?;
    let run = match &request.trace {
        None => paired::run(&cmp, request.config),
        Some(path) => {
            // Lines are kept in memory and written after the run, so no file I/O falls
            // between the batches.
            let mut lines = String::new();
            let mut record = |c: &paired::Call<'_>| {
                lines.push_str(&serde_json::to_string(c).expect("a Call serialises"));
                lines.push('\n');
            };
            let run = paired::run_traced(&cmp, request.config, Some(&mut record));
            let io = |source| LabError::Io {
                path: path.clone(),
                source,
            };
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(io)?
                .write_all(lines.as_bytes())
                .map_err(io)?;
            run
        }
    };
    if a.json {
        println!("{}", serde_json::to_string(&run)?);
    } else {
        for r in &run.rows {
            let means: Vec<String> = r
                .layouts
                .iter()
                .map(|l| format!("{:.4}", l.iq_mean_log.exp()))
                .collect();
            println!("{:<60} per layout {}", r.id.criterion_id(), means.join(" "));
        }
    }
    Ok(())
}

fn instructions(a: &InstructionsArgs) -> Result<()> {
    use bench_lab::instructions::{self, Ran};
    let ids: Vec<String> = a
        .ids
        .iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let profile = a.profile;
    if a.valgrind {
        let exe = std::env::current_exe().map_err(own_exe)?;
        let counted = instructions::count_under_valgrind(&exe, profile, &ids, a.iters)?;
        if a.json {
            println!("{}", serde_json::to_string(&counted)?);
        } else {
            for c in &counted {
                let isa = c.isa.map_or("-", |i| i.as_str());
                println!(
                    "{:<60} {:>14.1} instructions/iter  isa {isa}",
                    c.id, c.instructions_per_iter
                );
            }
        }
        return Ok(());
    }
    let reg = Registry::new(profile);
    let all = Filter::default();
    let mut out = Vec::new();
    for id in &ids {
        let Some(bench) = reg.select(&all).find(|b| b.meta.id.criterion_id() == *id) else {
            if a.skip_missing {
                eprintln!("lab: skipped `{id}`: not available in this process");
                continue;
            }
            return Err(LabError::UnknownBench {
                id: id.clone(),
                profile,
            });
        };
        let iters = match a.iters_large {
            Some(n) if bench.meta.bytes_per_iter > lab_record::callgrind::LARGE_BYTES => n,
            _ => a.iters,
        };
        let mut case = bench.make();
        case.run_once();
        instructions::hashlab_counted_iterations(&mut *case, iters);
        out.push(Ran {
            id: bench.meta.id.clone(),
            iters,
            isa: instructions::isa_of(&bench.meta),
        });
    }
    if a.json {
        println!("{}", serde_json::to_string(&out)?);
    } else {
        for r in &out {
            println!("{:<60} ran {} iterations, isa {:?}", r.id, r.iters, r.isa);
        }
    }
    Ok(())
}

/// This process's own executable could not be found (to run its children).
fn own_exe(source: std::io::Error) -> LabError {
    LabError::Spawn {
        program: "lab (its own executable)".into(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The timed passes run uncounted: while counting is off an allocation moves no
    /// counter (an allocation costs what it costs under the system allocator); once on, as
    /// `lab allocs` sets it, each one counts.
    #[test]
    fn the_allocator_counts_only_while_counting_is_on() {
        let layout = Layout::from_size_align(64, 8).expect("a valid layout");
        let alloc_and_free = || {
            // SAFETY: `layout` has a non-zero size; the block is freed once, with the
            // layout it was allocated with.
            unsafe {
                let p = CountingAllocator.alloc(layout);
                assert!(!p.is_null());
                CountingAllocator.dealloc(p, layout);
            }
        };
        assert!(!counting(), "counting starts off");
        let before = ALLOCATIONS.load(Relaxed);
        alloc_and_free();
        assert_eq!(ALLOCATIONS.load(Relaxed), before, "counted while off");
        COUNTING.store(true, Relaxed);
        alloc_and_free();
        COUNTING.store(false, Relaxed);
        assert!(ALLOCATIONS.load(Relaxed) > before, "not counted while on");
    }
}
