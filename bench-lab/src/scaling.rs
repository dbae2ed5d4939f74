//! Rayon scaling of a many-accounts strategy (`batch@threads=<t>` rows of the
//! `account-hash` family): `hash_batch` on a pool of one thread, then two, each worker
//! pinned to its own CPU, one per physical core first, where the affinity mask has as many
//! and the OS lets a thread be pinned (Linux; `pin_worker`).

use crate::cases::{all_match, entry_isa, hash_slice, row, AccountDigest};
use crate::ProfileSettings as _;
use crate::{isa, workloads, Case, Profile, Registry};
use account_hash::strategy::list::StrategyEntry;
use account_hash::{Account, AccountHash, BatchHasher};
use lab_record::{BenchId, BenchMeta, Family, Role, Setting, Workload, WorkloadKind};
use std::hint::black_box;

/// Accounts of the scaling row in the `full` profile.
pub const SCALING_ACCOUNTS_FULL: usize = 10_000_000;
/// Accounts of the scaling row in `smoke` and `quick`.
pub const SCALING_ACCOUNTS_SHORT: usize = 100_000;
/// Largest data size in the scaling row's mix (the quick profile's tail cap in every
/// profile: with a 10 MiB tail, ten million accounts would be dominated by a few hundred
/// serial multi-megabyte hashes and take minutes per iteration).
pub const SCALING_TAIL_CAP: usize = 64 * 1024;
/// Accounts per rayon task: the pass splits into one task per `TASK` accounts
/// (`with_max_len(1)`), not rayon's adaptive few, so a worker that starts late still
/// finds tasks to steal.
const TASK: usize = 1024;

/// `batch` on one thread (the rows' baseline) and two, over the scaling mix.
pub fn register<B>(reg: &mut Registry, entry: &StrategyEntry, batch: &B)
where
    B: BatchHasher + Clone + Send + Sync + 'static,
{
    let total = if reg.profile == Profile::Full {
        SCALING_ACCOUNTS_FULL
    } else {
        SCALING_ACCOUNTS_SHORT
    };
    let pool = reg.profile.mix_accounts().min(total);
    let meta_len = AccountDigest::Legacy.meta_len();
    for threads in [1usize, 2] {
        let meta = BenchMeta {
            bytes_per_iter: workloads::mix_hashed_bytes(pool, SCALING_TAIL_CAP, meta_len)
                * (total / pool) as u64,
            items_per_iter: total as u64,
            role: if threads == 1 {
                Role::Baseline
            } else {
                Role::Candidate
            },
            claims_consensus: B::CONSENSUS,
            // The mix's tail is over one chunk: the blake3 crate hashes it.
            isa: Some(if entry.backend.is_some() {
                isa::widest(entry_isa(entry), isa::blake3())
            } else {
                entry_isa(entry)
            }),
            ..row(BenchId {
                family: Family::AccountHash,
                digest: AccountDigest::Legacy.digest(),
                strategy: B::STRATEGY.to_string(),
                variant: Some(Setting::Threads(threads).into()),
                workload: Workload::new(WorkloadKind::RayonMix, total),
            })
        };
        let batch = batch.clone();
        reg.add(meta, move || {
            Box::new(Scaling::new(batch.clone(), threads, pool, total))
        });
    }
}

/// Pins worker `index` of a pool of `threads` to the `index`-th CPU of its affinity mask
/// (inherited from the thread that builds the pool) in [`spread_over_cores`]' order, one CPU
/// per physical core first, when the mask has at least `threads` CPUs; otherwise leaves the
/// worker to the OS. So on a host with SMT whose sysfs names each CPU's hyperthread
/// siblings, two workers run on two cores, not on two hyperthreads of one, wherever the
/// mask holds two cores. On macOS `core_affinity` can only hint, so there the workers stay
/// the OS's.
///
/// Unpinned, the OS scheduler can put both workers of a two-thread pool on one CPU and
/// leave them there for a whole call of tens of milliseconds: on a two-CPU machine such a
/// call takes as long as one thread's, and a row of a few calls per process read anywhere
/// between two threads' time and one thread's. Pinned, the row times the strategy on
/// `threads` CPUs, which is what its name says.
fn pin_worker(index: usize, threads: usize) {
    let Some(cpus) = core_affinity::get_core_ids() else {
        return;
    };
    if cpus.len() >= threads {
        let ids: Vec<usize> = cpus.iter().map(|c| c.id).collect();
        let order = spread_over_cores(&ids, core_of);
        if let Some(&id) = order.get(index) {
            // A refused pin (a restricted container) leaves the worker unpinned, as the
            // OS would run it; the row still measures, only with the OS's placement.
            let _ = core_affinity::set_for_current(core_affinity::CoreId { id });
        }
    }
}

/// `cpus` (in the mask's order) with one CPU of each physical core first, in the order
/// their cores first appear, then the other hyperthreads in mask order. `core` names a
/// CPU's physical core by any key its hyperthreads share; CPUs whose core is unknown count
/// as cores of their own, so without topology the order is the mask's.
fn spread_over_cores<K: Eq + std::hash::Hash>(
    cpus: &[usize],
    core: impl Fn(usize) -> Option<K>,
) -> Vec<usize> {
    let mut seen = std::collections::HashSet::new();
    let (first, rest): (Vec<usize>, Vec<usize>) = cpus
        .iter()
        .partition(|&&cpu| core(cpu).is_none_or(|c| seen.insert(c)));
    first.into_iter().chain(rest).collect()
}

/// CPU `cpu`'s physical core as Linux's sysfs names it: the list of the CPUs that share
/// its core (`core_cpus_list`, or `thread_siblings_list` on kernels before 5.6), the same
/// text for each of them; `None` elsewhere or where sysfs does not say.
fn core_of(cpu: usize) -> Option<String> {
    ["core_cpus_list", "thread_siblings_list"]
        .iter()
        .find_map(|field| {
            std::fs::read_to_string(format!("/sys/devices/system/cpu/cpu{cpu}/topology/{field}"))
                .ok()
        })
        .map(|list| list.trim().to_owned())
        .filter(|list| !list.is_empty())
}

/// `total` mix accounts hashed with `hash_batch` on a rayon pool of `threads`: the
/// profile's mix (`pool` distinct accounts, tail capped at [`SCALING_TAIL_CAP`]) hashed
/// `total / pool` times, so ten million hashes need the memory of one mix.
pub struct Scaling<B> {
    pool: rayon::ThreadPool,
    batch: B,
    accounts: Vec<Account>,
    passes: usize,
}

impl<B: BatchHasher + Sync> Scaling<B> {
    pub fn new(batch: B, threads: usize, pool: usize, total: usize) -> Self {
        Scaling {
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .start_handler(move |i| pin_worker(i, threads))
                .build()
                .unwrap_or_else(|e| panic!("cannot start a rayon pool: {e}")),
            batch,
            accounts: workloads::mainnet_mix(pool, SCALING_TAIL_CAP),
            passes: (total / pool.max(1)).max(1),
        }
    }

    fn pass(&self) {
        use rayon::prelude::*;
        let (batch, accounts) = (&self.batch, &self.accounts);
        self.pool.install(|| {
            for _ in 0..self.passes {
                accounts.par_chunks(TASK).with_max_len(1).for_each(|task| {
                    let mut out = [AccountHash::ZERO; TASK];
                    hash_slice(batch, task, &mut out[..task.len()]);
                    black_box(&out);
                });
            }
        });
    }
}

impl<B: BatchHasher + Sync> Case for Scaling<B> {
    fn run_once(&mut self) {
        self.pass()
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        use rayon::prelude::*;
        let (batch, accounts) = (&self.batch, &self.accounts);
        let mut out = vec![AccountHash([0xA5; 32]); accounts.len()];
        self.pool.install(|| {
            accounts
                .par_chunks(TASK)
                .zip(out.par_chunks_mut(TASK))
                .for_each(|(task, slots)| hash_slice(batch, task, slots));
        });
        Some(all_match(accounts, &out, 7))
    }
}

// Linux only: there `core_affinity` reads and sets the calling thread's own mask (elsewhere
// it reads the process's or all CPUs, and pins nothing a test can see).
#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use account_hash::strategy::batch::Batch;

    /// Each worker's CPUs, as the worker itself sees them.
    fn worker_cpus(threads: usize) -> Vec<Vec<usize>> {
        let scaling = Scaling::new(Batch::new(), threads, 4, 4);
        let mut cpus = scaling.pool.broadcast(|_| {
            core_affinity::get_core_ids()
                .unwrap_or_default()
                .into_iter()
                .map(|c| c.id)
                .collect::<Vec<_>>()
        });
        cpus.sort();
        cpus
    }

    #[test]
    fn each_worker_runs_on_its_own_cpu_where_there_are_enough() {
        let available = core_affinity::get_core_ids().map_or(0, |c| c.len());
        if available < 2 {
            eprintln!("one CPU: nothing to pin");
            return;
        }
        let cpus = worker_cpus(2);
        assert_eq!(cpus.len(), 2);
        assert!(
            cpus.iter().all(|c| c.len() == 1) && cpus[0] != cpus[1],
            "workers' CPUs: {cpus:?}"
        );
    }

    /// Two hyperthreads per core, numbered next to each other ("0-1", "2-3") or a core
    /// apart ("4,6", "5,7"): one CPU per core first. A CPU of unknown core keeps its place,
    /// and so does every CPU without topology. This machine's own CPUs: each once.
    #[test]
    fn workers_go_one_per_core_before_a_second_hyperthread() {
        let adjacent = |cpu: usize| Some(cpu / 2);
        assert_eq!(spread_over_cores(&[0, 1, 2, 3], adjacent), [0, 2, 1, 3]);
        let apart = |cpu: usize| Some(cpu % 2);
        assert_eq!(spread_over_cores(&[4, 5, 6, 7], apart), [4, 5, 6, 7]);
        let partly = |cpu: usize| (cpu != 1).then_some(cpu / 2);
        assert_eq!(spread_over_cores(&[0, 1, 2, 3], partly), [0, 1, 2, 3]);
        assert_eq!(spread_over_cores(&[3, 0, 2], |_| None::<usize>), [3, 0, 2]);
        let ids: Vec<usize> = core_affinity::get_core_ids()
            .unwrap_or_default()
            .iter()
            .map(|c| c.id)
            .collect();
        let mut order = spread_over_cores(&ids, core_of);
        order.sort_unstable();
        let mut want = ids.clone();
        want.sort_unstable();
        assert_eq!(order, want);
    }

    #[test]
    fn a_pool_wider_than_the_machine_is_left_to_the_os() {
        let available = core_affinity::get_core_ids().map_or(0, |c| c.len());
        let cpus = worker_cpus(available + 1);
        assert!(
            cpus.iter().all(|c| c.len() == available),
            "workers' CPUs: {cpus:?} of {available}"
        );
    }
}
