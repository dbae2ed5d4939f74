//! Same-binary A/B timing of how an account's message is staged, interleaved in one
//! process, the order alternating every round: the median ns per account of each and the
//! median of the per-round ratios.
//!
//! - `lane-xof` at 165 bytes of data: the kernel call after staging into a 256-byte buffer
//!   against a zeroed one-chunk buffer; `LaneXof::lt_hash` against the latter; and against
//!   copy-buffer cap=200 (the blake3 crate);
//! - `batch`: the LtHash of 1024 accounts of 165 bytes through one accumulator, staging
//!   `parts` (the default) against `gather`.
//!
//! `nice -n 10 cargo run --release -p account-hash --example staging_timing`

use account_hash::strategy::batch::Staging;
use account_hash::strategy::{stage, Fields};
use account_hash::{Account, AccountHasher, Batch, CopyBuffer200, LaneXof, LtHash, Pubkey};
use blake3_lanes::{Backend, CHUNK_LEN};
use std::hint::black_box;
use std::time::Instant;

const ROUNDS: usize = 201;

fn account(i: usize, size: usize) -> Account {
    Account {
        pubkey: Pubkey([i as u8; 32]),
        lamports: 1 + i as u64,
        rent_epoch: 0,
        executable: false,
        owner: Pubkey([7; 32]),
        data: (0..size).map(|j| (i * 31 + j * 7) as u8).collect(),
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Best of five runs of `f` over `items` items, ns per item.
fn ns(items: usize, f: &mut impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        f();
        best = best.min(start.elapsed().as_nanos() as f64 / items as f64);
    }
    best
}

fn ab(items: usize, label: &str, mut a: impl FnMut(), mut b: impl FnMut()) {
    a();
    b();
    let (mut ta, mut tb, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let (x, y) = if round % 2 == 0 {
            let x = ns(items, &mut a);
            (x, ns(items, &mut b))
        } else {
            let y = ns(items, &mut b);
            (ns(items, &mut a), y)
        };
        ta.push(x);
        tb.push(y);
        r.push(y / x);
    }
    println!(
        "{label}: {:.1} ns vs {:.1} ns, second / first {:.3}",
        median(ta),
        median(tb),
        median(r)
    );
}

fn main() {
    let backend = Backend::detect();
    println!("backend {}", backend.name());
    let accounts: Vec<Account> = (0..256).map(|i| account(i, 165)).collect();
    let refs: Vec<_> = accounts.iter().map(Account::as_ref).collect();
    let lane_xof = LaneXof::with_backend(backend).unwrap();
    let one_chunk_staging = |a: &account_hash::AccountRef<'_>| {
        let mut buf = [0u8; CHUNK_LEN];
        let len = stage(a, Fields::Lt, &mut buf).unwrap();
        let mut lt = LtHash::identity();
        backend.xof_u16_one(&buf[..len], &mut lt.0).unwrap();
        lt
    };
    let sized_staging = |a: &account_hash::AccountRef<'_>| {
        let mut buf = [0u8; 256];
        let len = stage(a, Fields::Lt, &mut buf).unwrap();
        let mut lt = LtHash::identity();
        backend.xof_u16_one(&buf[..len], &mut lt.0).unwrap();
        lt
    };
    ab(
        refs.len(),
        "lane-xof kernel call, 165 B: 256-byte staging buffer vs one-chunk buffer",
        || {
            for a in &refs {
                black_box(sized_staging(black_box(a)));
            }
        },
        || {
            for a in &refs {
                black_box(one_chunk_staging(black_box(a)));
            }
        },
    );
    let lane_xof_pass = || {
        for a in &refs {
            black_box(lane_xof.lt_hash(black_box(a)));
        }
    };
    ab(
        refs.len(),
        "lane-xof 165 B: LaneXof::lt_hash vs the kernel call after a one-chunk buffer",
        lane_xof_pass,
        || {
            for a in &refs {
                black_box(one_chunk_staging(black_box(a)));
            }
        },
    );
    let copy_buffer = CopyBuffer200::default();
    ab(
        refs.len(),
        "lane-xof 165 B vs copy-buffer cap=200",
        lane_xof_pass,
        || {
            for a in &refs {
                black_box(copy_buffer.lt_hash(black_box(a)));
            }
        },
    );
    let set: Vec<Account> = (0..1024).map(|i| account(i, 165)).collect();
    let set: Vec<_> = set.iter().map(Account::as_ref).collect();
    let parts = Batch::with_backend(backend).unwrap();
    let gather = parts.with_staging(Staging::Gather);
    let sum = |batch: &Batch| {
        let mut acc = batch.lt_accumulator();
        for a in &set {
            acc.add(black_box(a));
        }
        black_box(acc.finish());
    };
    ab(
        set.len(),
        "batch set_1024/165: staging=parts vs staging=gather",
        || sum(&parts),
        || sum(&gather),
    );
}
