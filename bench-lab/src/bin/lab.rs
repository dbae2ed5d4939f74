//! `lab`: the counted side of bench-lab.
//!
//! - `lab list [--json]`: the benchmarks the filters select (bench-all's plan).
//! - `lab allocs [--json]`: for each, allocations per iteration and peak heap bytes, from a
//!   counting global allocator, plus whether its digest matches the reference. Never timed.
//! - `lab mix`: the mainnet mix's composition.
//!
//! The counting allocator is the one `unsafe` outside SIMD kernels in the project: a
//! `GlobalAlloc` cannot be written without it. It only forwards to the system allocator.

use bench_lab::{enabled_features, floor, workloads, Filter, Profile, Registry};
use clap::{Args, Parser, Subcommand};
use lab_record::{CountFile, Counted, PlanFile, Planned};
use std::alloc::{GlobalAlloc, Layout, System};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static LIVE_BYTES: AtomicUsize = AtomicUsize::new(0);
static PEAK_BYTES: AtomicUsize = AtomicUsize::new(0);

/// Counts allocations and live heap bytes, then forwards to [`System`].
struct CountingAllocator;

fn grew(bytes: usize) {
    let live = LIVE_BYTES.fetch_add(bytes, Relaxed) + bytes;
    PEAK_BYTES.fetch_max(live, Relaxed);
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counters are atomics and never allocate.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `alloc`'s contract (non-zero size), passed on as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator (hence by `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE_BYTES.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr`/`layout` come from this allocator; the caller upholds `new_size`'s rules.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            LIVE_BYTES.fetch_sub(layout.size(), Relaxed);
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
        profile: String,
    },
}

#[derive(Args)]
struct Selection {
    /// smoke, quick or full (sets the mix size).
    #[arg(long, default_value = "quick")]
    profile: String,
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
    fn resolve(&self) -> Result<(Profile, Filter), String> {
        Ok((
            Profile::parse(&self.profile)?,
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
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List(sel) => list(&sel),
        Command::Allocs(sel) => allocs(&sel),
        Command::Mix { profile } => mix(&profile),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lab: {e}");
            ExitCode::from(2)
        }
    }
}

fn list(sel: &Selection) -> Result<(), String> {
    let (profile, filter) = sel.resolve()?;
    let reg = Registry::with_filter(profile, &filter);
    let benches: Vec<Planned> = reg
        .select(&filter)
        .map(|b| Planned {
            criterion_id: b.meta.id.criterion_id(),
            meta: b.meta.clone(),
            expected_secs: profile.settings(&b.meta).expected_secs(),
            compressions_per_item: floor::compressions_per_item(&b.meta, profile),
        })
        .collect();
    if sel.json {
        let plan = PlanFile {
            profile: profile.name().to_string(),
            features: enabled_features(),
            benches,
        };
        println!("{}", to_json(&plan)?);
    } else {
        for b in &benches {
            println!("{}", b.criterion_id);
        }
        eprintln!("{} benchmarks, profile {}", benches.len(), profile.name());
    }
    Ok(())
}

fn to_json(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| format!("cannot encode JSON: {e}"))
}

fn allocs(sel: &Selection) -> Result<(), String> {
    let (profile, filter) = sel.resolve()?;
    let reg = Registry::with_filter(profile, &filter);
    let mut results = Vec::new();
    for b in reg.select(&filter) {
        let row = count(b);
        if !sel.json {
            println!(
                "{:<60} allocs/iter {:>8.3}  peak {:>9} B  digest {}",
                row.criterion_id,
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
        let file = CountFile {
            profile: profile.name().to_string(),
            results,
        };
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
    let peak = PEAK_BYTES.load(Relaxed).saturating_sub(base);
    let digest_compatible = case.digest_matches_reference();
    drop(case);
    Counted {
        criterion_id: b.meta.id.criterion_id(),
        iterations,
        allocs_per_iter: count as f64 / iterations as f64,
        peak_bytes: peak as u64,
        digest_compatible,
    }
}

fn mix(profile: &str) -> Result<(), String> {
    let p = Profile::parse(profile)?;
    let sizes = workloads::mix_sizes(p.mix_accounts(), p.mix_tail_cap());
    println!(
        "mainnet mix, profile {}: {} accounts, tail cap {} B",
        p.name(),
        sizes.len(),
        p.mix_tail_cap()
    );
    for c in workloads::MAINNET_MIX {
        let n = match c.size {
            workloads::SizeSpec::Fixed(s) => sizes.iter().filter(|&&x| x == s).count(),
            workloads::SizeSpec::Tail => sizes.iter().filter(|&&x| x >= 256 && x != 3762).count(),
        };
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
