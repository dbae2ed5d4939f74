//! Where the `batch` strategy should leave the lanes for the blake3 crate: per message
//! length, the two paths `batch` can take for an account over one chunk, interleaved in one
//! process (the order alternating every round), median ns per account and the median of the
//! per-round ratios:
//!
//! - the blake3 crate as `batch` calls it above its crossover: one `blake3::Hasher` per
//!   account fed field by field (`feed_each_field`), then the LtHash's 2048-byte XOF mixed
//!   into a sum (`LtHash::from_hasher`) or the 32-byte hash;
//! - the lanes, as `batch` does below it: every account's message staged field by field
//!   into one buffer, then one call of the chunk tree for all of them
//!   (`U16Sum::add_xof_any_len`, `Backend::hash_many_any_len`).
//!
//! Ratio = crate / lanes: above 1 the lanes win. The backend is the widest this CPU has, or
//! the one named by `HASHLAB_CROSSOVER_BACKEND` (e.g. `avx2`; build with
//! `--features blake3/no_avx512` to cap the blake3 crate at AVX2 too).
//!
//! `cargo run --release -p account-hash --example crossover`

use account_hash::strategy::{feed_each_field, Fields};
use account_hash::{Account, LtHash, META_LEN};
use blake3_lanes::{Backend, U16Sum};
use std::hint::black_box;

mod common;
use common::{ab, account};

const ROUNDS: usize = 31;

fn main() {
    let backend = match std::env::var("HASHLAB_CROSSOVER_BACKEND") {
        Ok(name) => Backend::available()
            .find(|b| b.name() == name)
            .unwrap_or_else(|| panic!("backend {name} is not available on this CPU")),
        Err(_) => Backend::detect(),
    };
    println!(
        "backend {}; ratio = blake3 crate / lanes (above 1: the lanes win)",
        backend.name()
    );
    for message in [8, 16, 24, 32, 48, 64, 96, 128, 256, 1024].map(|k| k * 1024) {
        let size = message - META_LEN;
        let count = (4 << 20) / message;
        let accounts: Vec<Account> = (0..count).map(|i| account(i, size)).collect();
        let refs: Vec<_> = accounts.iter().map(Account::as_ref).collect();
        let mut staged = Vec::new();
        let mut ends = Vec::new();
        // As `batch` stages its long accounts: every field appended, back to back.
        let stage_all = |fields: Fields, staged: &mut Vec<u8>, ends: &mut Vec<usize>| {
            staged.clear();
            ends.clear();
            for a in &refs {
                fields.for_each_piece(a, |piece| staged.extend_from_slice(piece.bytes()));
                ends.push(staged.len());
            }
        };
        let slices = |ends: &[usize]| -> Vec<std::ops::Range<usize>> {
            let mut start = 0;
            ends.iter()
                .map(|&end| {
                    let r = start..end;
                    start = end;
                    r
                })
                .collect()
        };
        let (lt_crate, lt_lanes, lt_lanes_over_crate) = ab(
            count,
            ROUNDS,
            3,
            || {
                let mut sum = LtHash::identity();
                for a in &refs {
                    sum.mix_in(&LtHash::from_hasher(&feed_each_field(
                        black_box(a),
                        Fields::Lt,
                    )));
                }
                black_box(sum);
            },
            || {
                stage_all(Fields::Lt, &mut staged, &mut ends);
                let inputs: Vec<&[u8]> = slices(&ends).into_iter().map(|r| &staged[r]).collect();
                let mut sum = U16Sum::new();
                sum.add_xof_any_len(backend, black_box(&inputs)).unwrap();
                black_box(sum.to_lanes());
            },
        );
        let mut out = vec![[0u8; 32]; count];
        let mut staged = Vec::new();
        let mut ends = Vec::new();
        let (h_crate, h_lanes, h_lanes_over_crate) = ab(
            count,
            ROUNDS,
            3,
            || {
                for (a, o) in refs.iter().zip(out.iter_mut()) {
                    *o = feed_each_field(black_box(a), Fields::Legacy)
                        .finalize()
                        .into();
                }
                black_box(&out);
            },
            || {
                stage_all(Fields::Legacy, &mut staged, &mut ends);
                let inputs: Vec<&[u8]> = slices(&ends).into_iter().map(|r| &staged[r]).collect();
                let mut hashes = vec![[0u8; 32]; inputs.len()];
                backend
                    .hash_many_any_len(black_box(&inputs), &mut hashes)
                    .unwrap();
                black_box(hashes);
            },
        );
        println!(
            "{:5} KiB message, {count:4} accounts: LtHash crate {lt_crate:8.0} ns lanes {lt_lanes:8.0} ns ({:.2}x) | hash crate {h_crate:8.0} ns lanes {h_lanes:8.0} ns ({:.2}x)",
            message / 1024,
            1.0 / lt_lanes_over_crate,
            1.0 / h_lanes_over_crate,
        );
    }
}
