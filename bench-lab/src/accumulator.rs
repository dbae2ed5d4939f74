//! Family `accumulator`: the 256-bit sum of 32-byte ids that every negentropy range
//! fingerprint is built on (crate set-reconcile), one strategy per row: `scratch-vec` (the
//! seed PR's before: one heap allocation per add), `in-place` (its after, the baseline), and
//! hashlab's own designs. One iteration adds 100,000 deterministic ids to a fresh
//! accumulator; throughput is adds per second, and the counted pass shows allocations per
//! add (1 for scratch-vec, 0 for the others).

use std::hint::black_box;

use set_reconcile::scenario::scenario_id;
use set_reconcile::{Accumulator, CarryChain, DeferredCarry, InPlace, ScratchVec, U128Halves};

use crate::cases::row;
use crate::{Case, Registry};
use lab_record::{BenchId, BenchMeta, Digest, Family, Role, Workload, WorkloadKind};

pub const FAMILY: Family = Family::Accumulator;
/// Ids added per iteration: the seed's 100,000-item client store.
pub const ADDS: usize = 100_000;

struct Adds<A> {
    /// One copy for every case holding it at once ([`crate::workloads::live`]).
    ids: std::sync::Arc<Vec<[u8; 32]>>,
    _accumulator: std::marker::PhantomData<A>,
}

impl<A: Accumulator> Adds<A> {
    fn pass(&self) -> [u8; 32] {
        let mut acc = A::default();
        for id in self.ids.iter() {
            acc.add(black_box(id));
        }
        acc.sum().to_le_bytes()
    }
}

impl<A: Accumulator> Case for Adds<A> {
    fn run_once(&mut self) {
        black_box(self.pass());
    }

    /// Against `in-place`, the seed's merged code.
    fn digest_matches_reference(&mut self) -> Option<bool> {
        let reference = Adds::<InPlace> {
            ids: self.ids.clone(),
            _accumulator: std::marker::PhantomData,
        };
        Some(self.pass() == reference.pass())
    }
}

fn ids(n: usize) -> std::sync::Arc<Vec<[u8; 32]>> {
    crate::workloads::live(("accumulator_ids", [n, 0, 0]), || {
        (0..n as u64).map(|i| scenario_id(0xacc, i).0).collect()
    })
}

fn add<A: Accumulator + 'static>(reg: &mut Registry, n: usize) {
    reg.add(
        BenchMeta {
            bytes_per_iter: (n * 32) as u64,
            items_per_iter: n as u64,
            role: if A::NAME == InPlace::NAME {
                Role::Baseline
            } else {
                Role::Candidate
            },
            ..row(BenchId {
                family: FAMILY,
                digest: Digest::Sum256,
                strategy: A::NAME.into(),
                variant: None,
                workload: Workload::new(WorkloadKind::Adds, n),
            })
        },
        move || {
            Box::new(Adds::<A> {
                ids: ids(n),
                _accumulator: std::marker::PhantomData,
            })
        },
    );
}

pub fn register(reg: &mut Registry) {
    let n = ADDS;
    add::<ScratchVec>(reg, n);
    add::<InPlace>(reg, n);
    add::<CarryChain>(reg, n);
    add::<U128Halves>(reg, n);
    add::<DeferredCarry>(reg, n);
}
