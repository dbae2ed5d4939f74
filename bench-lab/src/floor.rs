//! The hardware floor: what one BLAKE3 compression costs on this CPU and how many
//! compressions each benchmark's item needs.
//!
//! Rows of the `account-hash` family, per backend: `floor-throughput` (independent chains of
//! compressions, one or two per lane as [`blake3_lanes::Backend::floor_chains`] says,
//! nothing loaded or stored: ns per lane-compression),
//! `floor-latency` (one message's dependent chain with the single-message code: ns per
//! compression) and `input-phase` (one-block messages through the input phase: loads,
//! transpose, compression, stores), and `port-limit` (one vector operation's register-only
//! loop, workloads `op_throughput/<op>` and `op_latency/<op>`: ns per operation as
//! independent chains and as one dependent chain, from which the report derives the
//! compression's ALU bound); the `clock` row (a dependent-add chain) converts
//! their times to cycles. [`compressions_per_account`] counts the compressions one
//! account costs; a per-account floor is latency × input blocks + throughput × output
//! blocks, a batch floor throughput × all of them.
//! `lab list --json` writes [`compressions_per_item`] into bench-all's plan.

use crate::cases::{row, AccountDigest};
use crate::ProfileSettings as _;
use crate::{isa, workloads, Case, Profile, Registry};
use blake3_lanes::{dependent_ops, Backend, OpMeasure, VectorOp, BLOCK_LEN, OPS_PER_PASS, OUT_LEN};
use lab_record::{BenchId, BenchMeta, Digest, Family, Variant, Workload, WorkloadKind};
use std::hint::black_box;

/// One-block messages per iteration of the `input-phase` row.
pub const LIMIT_BLOCKS: usize = 1024;

/// BLAKE3 compressions needed to hash one account of `data_size` bytes: the message is
/// `meta + data` (81 + size for legacy, 73 + size for lt), one compression per 64-byte
/// block (at least one), one per parent node when it spans several 1024-byte chunks, and
/// for the lt digest 32 output blocks of which the first is the root compression itself.
///
/// - legacy: `blocks + parents` (165 B: 246 bytes, 4 compressions);
/// - lt: `blocks + parents - 1 + 32` (165 B: 238 bytes, 3 + 32 = 35 compressions).
///
/// Zero-lamport accounts cost nothing; this counts a hashed account.
pub fn compressions_per_account(digest: AccountDigest, data_size: u64) -> u64 {
    let len = digest.meta_len() as u64 + data_size;
    let blocks = len.div_ceil(64).max(1);
    let parents = len.div_ceil(1024).max(1) - 1;
    match digest {
        AccountDigest::Legacy => blocks + parents,
        AccountDigest::Lt => blocks + parents - 1 + (account_hash::LT_BYTES as u64).div_ceil(64),
    }
}

/// Compressions per item of a benchmark (`None` where the floor is not a compression
/// count): per-account data sizes, the lt sets of one size, and the mainnet mix (its mean).
pub fn compressions_per_item(meta: &BenchMeta, profile: Profile) -> Option<f64> {
    let digest = AccountDigest::of(meta.id.digest)?;
    let workload = &meta.id.workload;
    match workload.kind {
        WorkloadKind::DataSize | WorkloadKind::CapSweep => meta
            .data_size
            .map(|size| compressions_per_account(digest, size) as f64),
        WorkloadKind::Set1024 => workload
            .param_u64()
            .map(|size| compressions_per_account(digest, size) as f64),
        WorkloadKind::MainnetMix => workload
            .param_u64()
            .map(|n| mix_compressions_per_account(digest, n as usize, profile.mix_tail_cap())),
        _ => None,
    }
}

/// Mean compressions per account over the mainnet mix of `n` accounts (tail cap `tail_cap`),
/// for the floor of a `mainnet_mix/<n>` row.
pub fn mix_compressions_per_account(digest: AccountDigest, n: usize, tail_cap: usize) -> f64 {
    let sizes = workloads::mix_sizes(n, tail_cap);
    let total: u64 = sizes
        .iter()
        .map(|&s| compressions_per_account(digest, s as u64))
        .sum();
    total as f64 / sizes.len().max(1) as f64
}

/// The floor rows on every backend this CPU supports: `input-phase` (one-block messages through
/// the input phase: loads, transpose, one compression, stores), `floor-throughput`
/// (register-only lanes) and `floor-latency` (one message's dependent chain), plus the
/// `clock` row the cycles are counted in. Digest `blake3`: the outputs are checked against
/// the blake3 crate, not an account digest.
pub fn register_input_phase(reg: &mut Registry) {
    for backend in Backend::available() {
        register_input_phase_on(reg, backend);
        for kind in [Chain::Throughput, Chain::Latency] {
            register_chain(reg, backend, kind);
        }
        for &op in backend.port_ops() {
            for measure in [OpMeasure::Throughput, OpMeasure::Latency] {
                register_port_limit(reg, backend, op, measure);
            }
        }
    }
    register_clock(reg);
}

/// Passes of [`OPS_PER_PASS`] operations per iteration of a `port-limit` row.
pub const PORT_PASSES: usize = 1024;

/// A row of `strategy` on `backend`'s code: its variant and isa are the backend.
fn on_backend(backend: Backend, strategy: &str, workload: Workload) -> BenchMeta {
    let isa = isa::backend(backend.name());
    BenchMeta {
        isa: Some(isa),
        ..row(BenchId {
            family: Family::AccountHash,
            digest: Digest::Blake3,
            strategy: strategy.to_string(),
            variant: Some(Variant::backend_of(isa)),
            workload,
        })
    }
}

fn register_port_limit(reg: &mut Registry, backend: Backend, op: VectorOp, measure: OpMeasure) {
    let kind = match measure {
        OpMeasure::Throughput => WorkloadKind::OpThroughput,
        OpMeasure::Latency => WorkloadKind::OpLatency,
    };
    let meta = BenchMeta {
        items_per_iter: (PORT_PASSES * OPS_PER_PASS) as u64,
        ..on_backend(backend, PORT_LIMIT_ROW, Workload::new(kind, op.name()))
    };
    reg.add(meta, move || {
        Box::new(PortLimit {
            backend,
            op,
            measure,
        })
    });
}

/// A `port-limit` row: [`PORT_PASSES`] passes of one vector operation's register-only loop
/// ([`Backend::op_loop`]), as independent chains or one dependent chain. Time per item is
/// the operation's reciprocal throughput or its latency.
pub struct PortLimit {
    backend: Backend,
    op: VectorOp,
    measure: OpMeasure,
}

impl PortLimit {
    fn pass(&self) {
        // The backend came from `available`.
        let _ = self
            .backend
            .op_loop(self.op, self.measure, black_box(PORT_PASSES));
    }
}

impl Case for PortLimit {
    fn run_once(&mut self) {
        self.pass()
    }

    /// Nothing is computed that a reference could check: the loop's values are never read.
    fn digest_matches_reference(&mut self) -> Option<bool> {
        None
    }
}

/// Compressions per chain of the floor rows.
pub const CHAIN_COMPRESSIONS: usize = 256;
/// Dependent adds per iteration of the `clock` row.
pub const CLOCK_ADDS: usize = 1 << 16;

pub use lab_record::floor_rows::{
    CLOCK_ROW, INPUT_PHASE_ROW, LATENCY_ROW, PORT_LIMIT_ROW, THROUGHPUT_ROW,
};

/// Which floor a chain row measures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chain {
    /// `floor_chains()` independent chains in registers ([`Backend::compression_chains`]).
    Throughput,
    /// One dependent chain with the single-message code ([`Backend::compression_chain_one`]).
    Latency,
}

fn register_chain(reg: &mut Registry, backend: Backend, kind: Chain) {
    let (strategy, items) = match kind {
        Chain::Throughput => (THROUGHPUT_ROW, CHAIN_COMPRESSIONS * backend.floor_chains()),
        Chain::Latency => (LATENCY_ROW, CHAIN_COMPRESSIONS),
    };
    let meta = BenchMeta {
        bytes_per_iter: (items * BLOCK_LEN) as u64,
        items_per_iter: items as u64,
        ..on_backend(
            backend,
            strategy,
            Workload::new(WorkloadKind::Compression, CHAIN_COMPRESSIONS),
        )
    };
    reg.add(meta, move || Box::new(ChainCase::new(backend, kind)));
}

/// A floor chain: one iteration is one call of [`CHAIN_COMPRESSIONS`] compressions.
pub struct ChainCase {
    backend: Backend,
    kind: Chain,
    block: [u8; BLOCK_LEN],
    out: Vec<[u8; OUT_LEN]>,
}

impl ChainCase {
    pub fn new(backend: Backend, kind: Chain) -> Self {
        let mut block = [0u8; BLOCK_LEN];
        workloads::SplitMix64::new(workloads::SEED ^ 0xF100).fill(&mut block);
        ChainCase {
            backend,
            kind,
            block,
            out: vec![[0; OUT_LEN]; backend.floor_chains()],
        }
    }

    fn chain(&mut self, compressions: usize) {
        // The output has one entry per chain and the backend came from `available`.
        match self.kind {
            Chain::Throughput => {
                let _ = self.backend.compression_chains(
                    black_box(&self.block),
                    compressions,
                    &mut self.out,
                );
            }
            Chain::Latency => {
                if let Ok(cv) = self
                    .backend
                    .compression_chain_one(black_box(&self.block), compressions)
                {
                    self.out[0] = cv;
                }
            }
        }
        black_box(&self.out);
    }
}

impl Case for ChainCase {
    fn run_once(&mut self) {
        self.chain(CHAIN_COMPRESSIONS)
    }

    /// One compression per chain is the 64-byte block's BLAKE3 output block of that
    /// chain's counter (the chain's first link); the full chain is held to the portable
    /// backend's scalar chain by blake3-lanes' own tests.
    fn digest_matches_reference(&mut self) -> Option<bool> {
        self.out.iter_mut().for_each(|o| *o = [0xA5; OUT_LEN]);
        self.chain(1);
        let chains = match self.kind {
            Chain::Throughput => self.backend.floor_chains(),
            Chain::Latency => 1,
        };
        let mut xof = vec![0u8; chains * BLOCK_LEN];
        blake3::Hasher::new()
            .update(&self.block)
            .finalize_xof()
            .fill(&mut xof);
        Some(
            self.out[..chains]
                .iter()
                .zip(xof.chunks_exact(BLOCK_LEN))
                .all(|(cv, block)| cv[..] == block[..OUT_LEN]),
        )
    }
}

fn register_clock(reg: &mut Registry) {
    let meta = BenchMeta {
        items_per_iter: CLOCK_ADDS as u64,
        isa: Some(isa::backend(Backend::Portable.name())),
        ..row(BenchId {
            family: Family::AccountHash,
            digest: Digest::Blake3,
            strategy: CLOCK_ROW.to_string(),
            variant: None,
            workload: Workload::new(WorkloadKind::DependentAdd, CLOCK_ADDS),
        })
    };
    reg.add(meta, || Box::new(Clock));
}

/// A chain of dependent integer operations ([`blake3_lanes::dependent_ops`]): one cycle
/// each on any x86-64 core, so its time per operation is the clock period the floor rows'
/// cycles are counted in.
pub struct Clock;

/// [`dependent_ops`] one operation at a time, each result through `black_box`.
fn dependent_ops_reference(ops: usize) -> u64 {
    let mut x = 0u64;
    for op in 0..ops {
        x = black_box(if op % 2 == 0 {
            x ^ 0x9E37_79B9_7F4A_7C15
        } else {
            x.wrapping_add(1)
        });
    }
    x
}

impl Case for Clock {
    fn run_once(&mut self) {
        black_box(dependent_ops(CLOCK_ADDS));
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        Some(dependent_ops(CLOCK_ADDS) == dependent_ops_reference(CLOCK_ADDS))
    }
}

fn register_input_phase_on(reg: &mut Registry, backend: Backend) {
    let meta = BenchMeta {
        bytes_per_iter: (LIMIT_BLOCKS * BLOCK_LEN) as u64,
        items_per_iter: LIMIT_BLOCKS as u64,
        ..on_backend(
            backend,
            INPUT_PHASE_ROW,
            Workload::new(WorkloadKind::Compression, LIMIT_BLOCKS),
        )
    };
    reg.add(meta, move || Box::new(Limit::new(backend, LIMIT_BLOCKS)));
}

/// `hash_blocks` on random one-block messages: the cost of one compression.
pub struct Limit {
    backend: Backend,
    blocks: Vec<[u8; BLOCK_LEN]>,
    out: Vec<[u8; OUT_LEN]>,
}

impl Limit {
    pub fn new(backend: Backend, n: usize) -> Self {
        let mut rng = workloads::SplitMix64::new(workloads::SEED ^ 0xB10C);
        let blocks = (0..n)
            .map(|_| {
                let mut b = [0u8; BLOCK_LEN];
                rng.fill(&mut b);
                b
            })
            .collect();
        Limit {
            backend,
            blocks,
            out: vec![[0; OUT_LEN]; n],
        }
    }

    fn pass(&mut self) {
        // Lengths match by construction and the backend came from `detect`.
        let _ = self
            .backend
            .hash_blocks(black_box(&self.blocks), &mut self.out);
        black_box(&self.out);
    }
}

impl Case for Limit {
    fn run_once(&mut self) {
        self.pass()
    }

    fn digest_matches_reference(&mut self) -> Option<bool> {
        self.out.iter_mut().for_each(|o| *o = [0xA5; OUT_LEN]);
        self.pass();
        Some(
            self.blocks
                .iter()
                .zip(&self.out)
                .all(|(b, o)| blake3::hash(b).as_bytes() == o),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressions_match_the_hand_counts() {
        use AccountDigest::{Legacy, Lt};
        // Legacy 165 B: 246 bytes = 4 blocks. Lt 165 B: 238 bytes = 4 blocks, the last is
        // the root = output block 0, plus 31 more output blocks.
        assert_eq!(compressions_per_account(Legacy, 165), 4);
        assert_eq!(compressions_per_account(Lt, 165), 35);
        assert_eq!(compressions_per_account(Legacy, 0), 2);
        assert_eq!(compressions_per_account(Lt, 0), 33);
        // 1024 + 81 bytes: two chunks (16 + 2 blocks) and one parent.
        assert_eq!(compressions_per_account(Legacy, 1024), 19);
        assert_eq!(compressions_per_account(Lt, 951), 16 - 1 + 32);
        let mix = mix_compressions_per_account(Legacy, 1000, 64 * 1024);
        assert!(mix > 4.0, "{mix}");
    }
}
