//! Same-binary A/B timing of how an account's message is staged, interleaved in one
//! process, the order alternating every round: the median ns per account of each and the
//! median of the per-round ratios.
//!
//! - `lane-xof` at 165 bytes of data: the kernel call after staging into a 256-byte buffer
//!   against a zeroed one-chunk buffer; `LaneXof::lt_hash` against the latter; and against
//!   copy-buffer cap=200 (the blake3 crate);
//! - `batch`: the LtHash of 1024 accounts of 165 bytes through one accumulator, staging
//!   `parts` (the default) against `gather`, and against the kernel alone
//!   (`U16Sum::add_xof` on the messages staged beforehand, 16 per call);
//! - legacy `batch`: `Batch::hash_batch` of the same 1024 accounts, 64 per call, against the
//!   kernel alone (`Backend::hash_many` on the messages staged beforehand, 16 per call):
//!   what staging costs on top of the kernel;
//! - `batch` on 1024 vote accounts (3762 bytes of data, four chunks): the LtHash accumulator
//!   against the kernel alone (`U16Sum::add_xof_any_len` on the messages staged beforehand,
//!   64 per call, as the accumulator flushes them) and against copy-buffer cap=200; legacy
//!   `Batch::hash_batch` against `Backend::hash_many_any_len` on staged messages and against
//!   copy-buffer cap=200.
//!
//! `nice -n 10 cargo run --release -p account-hash --example staging_timing`

use account_hash::strategy::batch::Staging;
use account_hash::strategy::{stage, Fields};
use account_hash::{Account, AccountHasher, Batch, CopyBuffer200, LaneXof, LtHash};
use blake3_lanes::{Backend, U16Sum, CHUNK_LEN};
use std::hint::black_box;

mod common;
use common::account;

const ROUNDS: usize = 201;

/// [`common::ab`] of 201 rounds, best of five, printed under `label`.
fn ab(items: usize, label: &str, a: impl FnMut(), b: impl FnMut()) {
    let (ta, tb, ratio) = common::ab(items, ROUNDS, 5, a, b);
    println!("{label}: {ta:.1} ns vs {tb:.1} ns, second / first {ratio:.3}");
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
    let lt_messages = contiguous_messages(&set, Fields::Lt);
    let lt_inputs: Vec<&[u8]> = lt_messages.iter().map(Vec::as_slice).collect();
    ab(
        set.len(),
        "batch set_1024/165: the accumulator (staging=parts) vs U16Sum::add_xof on staged messages",
        || sum(&parts),
        || {
            let mut lanes = U16Sum::new();
            for group in lt_inputs.chunks(16) {
                lanes.add_xof(backend, black_box(group)).unwrap();
            }
            black_box(lanes.to_lanes());
        },
    );
    let messages = contiguous_messages(&set, Fields::Legacy);
    let inputs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let mut hashes = vec![[0u8; 32]; set.len()];
    let mut out = vec![account_hash::AccountHash::ZERO; set.len()];
    ab(
        set.len(),
        "legacy batch 165 B: hash_batch vs hash_many on staged messages",
        || {
            for (accounts, out) in set.chunks(64).zip(out.chunks_mut(64)) {
                parts.hash_batch(black_box(accounts), out).unwrap();
            }
        },
        || {
            for (inputs, out) in inputs.chunks(16).zip(hashes.chunks_mut(16)) {
                backend.hash_many(black_box(inputs), out).unwrap();
            }
        },
    );
    let votes: Vec<Account> = (0..1024).map(|i| account(i, 3762)).collect();
    let votes: Vec<_> = votes.iter().map(Account::as_ref).collect();
    let vote_messages = contiguous_messages(&votes, Fields::Lt);
    let vote_inputs: Vec<&[u8]> = vote_messages.iter().map(Vec::as_slice).collect();
    let vote_accumulator = || {
        let mut acc = parts.lt_accumulator();
        for a in &votes {
            acc.add(black_box(a));
        }
        black_box(acc.finish());
    };
    ab(
        votes.len(),
        "batch vote_1024: the accumulator vs U16Sum::add_xof_any_len on staged messages",
        vote_accumulator,
        || {
            let mut lanes = U16Sum::new();
            for group in vote_inputs.chunks(64) {
                lanes.add_xof_any_len(backend, black_box(group)).unwrap();
            }
            black_box(lanes.to_lanes());
        },
    );
    ab(
        votes.len(),
        "batch vote_1024: the accumulator vs copy-buffer cap=200",
        vote_accumulator,
        || {
            let mut lt = LtHash::identity();
            for a in &votes {
                lt.mix_in(&copy_buffer.lt_hash(black_box(a)));
            }
            black_box(lt);
        },
    );
    let legacy_vote_messages = contiguous_messages(&votes, Fields::Legacy);
    let legacy_vote_inputs: Vec<&[u8]> = legacy_vote_messages.iter().map(Vec::as_slice).collect();
    let vote_batch = || {
        let mut out = [account_hash::AccountHash::ZERO; 64];
        for accounts in votes.chunks(64) {
            parts
                .hash_batch(black_box(accounts), &mut out[..accounts.len()])
                .unwrap();
            black_box(&out);
        }
    };
    ab(
        votes.len(),
        "legacy batch vote_1024: hash_batch vs hash_many_any_len on staged messages",
        vote_batch,
        || {
            let mut out = [[0u8; 32]; 64];
            for inputs in legacy_vote_inputs.chunks(64) {
                backend
                    .hash_many_any_len(black_box(inputs), &mut out[..inputs.len()])
                    .unwrap();
                black_box(&out);
            }
        },
    );
    ab(
        votes.len(),
        "legacy batch vote_1024: hash_batch vs copy-buffer cap=200",
        vote_batch,
        || {
            for a in &votes {
                black_box(copy_buffer.hash(black_box(a)));
            }
        },
    );
}

/// Each account's message (`fields`), contiguous: staged once before the timing.
fn contiguous_messages(accounts: &[account_hash::AccountRef<'_>], fields: Fields) -> Vec<Vec<u8>> {
    accounts
        .iter()
        .map(|a| {
            let mut message = Vec::new();
            fields.for_each_piece(a, |piece| message.extend_from_slice(piece.bytes()));
            message
        })
        .collect()
}
