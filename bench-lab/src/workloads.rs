//! Inputs the lab hashes: single accounts of a given data size, the seed's sizes, the
//! buffer sweep, and a deterministic mainnet-like mix of accounts.
//!
//! # The mainnet mix
//!
//! Shares of accounts (parts per million) and sizes, with where each figure comes from.
//! Figures marked *assumption* are not measured; they keep the mix realistic in shape and
//! are easy to change here.
//!
//! | category | data size | share | source |
//! |---|---|---|---|
//! | SPL token account | 165 B | 90.0% | seed PR (the account-hash stack-buffer pull request): "approximately 431 million accounts. Of that, approximately 388 million are token accounts. That's 90%"; size: spl-token `state.rs` `Account::LEN = 165` (the PR's footnote 1) |
//! | Token-2022 / ATA with extensions | 170 B and 182 B | 1.0% each | sizes: seed PR, "Jon estimates 170-182 bytes is safe"; share: *assumption* |
//! | stake account | 200 B | 0.25% | seed PR: "~1 million stake accounts. They are 200 bytes" (1 M / 431 M ≈ 0.23%) |
//! | vote account | 3762 B | 0.01% | size: the vote program's `VoteState` size, 3762 bytes; share: *assumption* (a few thousand vote accounts) |
//! | system account (wallet) | 0 B | 7.0% | *assumption*: most of the non-token remainder are data-less wallets |
//! | token mint | 82 B | 0.3% | size: spl-token `Mint::LEN = 82`; share: *assumption* |
//! | durable nonce | 80 B | 0.05% | size: the system program's nonce `State` (80 bytes); share: *assumption* |
//! | thin tail (programs, program data, other apps) | log-uniform 256 B … profile cap | 0.39% | *assumption*; the cap is 64 KiB for smoke/quick and 10 MiB (the runtime's maximum account size) for full |
//!
//! The tail is thin by assumption. Firedancer PR #9122 (firedancer-io/firedancer, "lthash:
//! increase parallelism from 512 to 1024 bytes", 2026-04) estimated on a mainnet snapshot
//! that 54 M accounts (5.4 % of all accounts, 33 GiB, 11.3 % of the data) are between 513
//! and 1024 bytes: far more than this mix's 0.39 % tail, all of it up to 64 KiB. The mix is
//! kept as it is so its rows stay comparable from run to run; the `size_ladder/512`,
//! `size_ladder/1024` and `size_ladder/1025` rows below measure that band on its own.
//!
//! # The validator's workloads
//!
//! | workload | what it is | source |
//! |---|---|---|
//! | `vote_1024` | 1,024 vote accounts of 3762 bytes (four chunks each) | size: the vote program's `VoteState` size (3762 B); 1,024 is the size of the other sets |
//! | `size_ladder/<size>` | sets of 1,024 accounts of one size: 512, 1024, 1025, 2048, 3762, 10240, 65536 B (smoke and quick measure 1024, 1025 and 2048) | the one-chunk limits (951 B of data for the LtHash, 943 B legacy), chunk edges, the vote account, program-sized accounts; the 513-1024 B band is Firedancer PR #9122's |
//! | `slot_delta/<n>` | one slot's writes, `n` = 3,000: each write the old and the new version of one account; the LtHash delta `sum(new) - sum(old)` | writes per slot: Agave PR #12474 (anza-xyz/agave, "Updates accounts lt hash in a thread pool"), metrics of mainnet slots 422463217-422463219 (2026-05-27): `num_updates` 2,916, 3,099, 3,045; vote share: *assumption*, one third (1,000 writes) are vote accounts (about one vote per staked validator per slot); the other writes are drawn from the mainnet mix above (*assumption*: a slot writes the population's sizes); the new version differs in lamports and its first data bytes (the cost does not depend on which bytes change) |
//!
//! The generator is SplitMix64 with a fixed seed, so every run hashes the same accounts.
//! With `cargo xtask bench-all --mix-from SNAPSHOT` the data sizes are drawn from the mix
//! measured in that snapshot instead (see [`crate::measured_mix`]).

use crate::Profile;
use crate::ProfileSettings as _;
use account_hash::Account;
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Weak};

/// The seed's data sizes: 0, 165, 200, 1 KiB, 1 MiB, 10 MiB.
pub const SEED_SIZES: [usize; 6] = [0, 165, 200, 1024, 1 << 20, 10 << 20];
/// The sweep's data sizes: token (165), Token-2022 (170, 182), stake (200).
pub const SWEEP_SIZES: [usize; 4] = [165, 170, 182, 200];
/// Accounts in one `set_1024/<size>` lt workload.
pub const LT_SET_ACCOUNTS: usize = 1024;
/// The lt set workloads' data sizes: token (165 B) and stake (200 B) accounts.
pub const LT_SET_SIZES: [usize; 2] = [165, 200];

/// The `lt-hash` family's mix: a tenth of the legacy mix, same tail cap (one lt hash
/// reads 2048 bytes of XOF output, ~2 µs, so the full mix would cost a quarter second per
/// iteration).
pub fn lt_mix(profile: Profile) -> (usize, usize) {
    (profile.mix_accounts() / 10, profile.mix_tail_cap())
}

/// The `account-hash` family's mix: the profile's.
pub fn legacy_mix(profile: Profile) -> (usize, usize) {
    (profile.mix_accounts(), profile.mix_tail_cap())
}

/// Accounts per call of the `accounts_per_call` rows (a fresh accumulator each call): the
/// few accounts one call of the validator's replay hashes.
pub const ACCOUNTS_PER_CALL: [usize; 3] = [1, 2, 8];
/// Data size of the `accounts_per_call` and `mix_in` accounts (a token account).
pub const PER_CALL_SIZE: usize = 165;
/// Precomputed LtHashes of the `mix_in` row.
pub const MIX_IN_HASHES: usize = 1024;

/// Accounts in `vote_1024` and in each `size_ladder/<size>` set.
pub const LADDER_ACCOUNTS: usize = 1024;
/// Data bytes of a vote account (the vote program's `VoteState` size).
pub const VOTE_SIZE: usize = 3762;
/// The `size_ladder/<size>` data sizes.
pub const SIZE_LADDER: [usize; 7] = [512, 1024, 1025, 2048, 3762, 10240, 65536];
/// Writes in one `slot_delta` workload (Agave's `num_updates`, about 3,000 per slot).
pub const SLOT_WRITES: usize = 3000;
/// Of [`SLOT_WRITES`], the vote accounts' writes (*assumption*: one third).
pub const SLOT_VOTE_WRITES: usize = 1000;

/// The ladder sizes a profile measures: three in smoke and quick, all of them in full.
pub fn size_ladder(profile: Profile) -> &'static [usize] {
    match profile {
        Profile::Smoke | Profile::Quick => &[1024, 1025, 2048],
        Profile::Full => &SIZE_LADDER,
    }
}

/// `n` vote accounts: [`VOTE_SIZE`] bytes of data each, distinct keys and data.
pub fn vote_accounts(n: usize) -> Vec<Account> {
    (0..n as u64)
        .map(|i| account(VOTE_SIZE, 0x766F_7465_0000_0000 ^ i))
        .collect()
}

/// One slot's writes: `old[i]` and `new[i]` are the two versions of one account.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotWrites {
    /// Each written account's version before the slot.
    pub old: Vec<Account>,
    /// Each written account's version after the slot.
    pub new: Vec<Account>,
}

/// `writes` writes of one slot (documented at the top of this module): the first
/// `min(votes, writes)` vote accounts, the rest drawn from the mainnet mix (tail cap
/// `tail_cap`).
pub fn slot_writes(writes: usize, votes: usize, tail_cap: usize) -> SlotWrites {
    let votes = votes.min(writes);
    let mut old = vote_accounts(votes);
    old.extend(mainnet_mix(writes - votes, tail_cap));
    let mut rng = SplitMix64::new(SEED ^ 0x0051_0700);
    let new = old
        .iter()
        .map(|account| {
            let mut next = account.clone();
            next.lamports = 1 + rng.below(1 << 40);
            let head = next.data.len().min(64);
            rng.fill(&mut next.data[..head]);
            next
        })
        .collect();
    SlotWrites { old, new }
}

/// Fixed seed of every generated input.
pub const SEED: u64 = 0x5EED_0000_0000_0200;

pub use crate::rng::SplitMix64;

/// One account with `data_size` bytes of pseudo-random data and non-zero lamports (zero
/// lamports would skip hashing altogether).
pub fn account(data_size: usize, seed: u64) -> Account {
    drawn_account(
        &mut SplitMix64::new(SEED ^ seed ^ data_size as u64),
        data_size,
    )
}

/// The next account `rng` draws with `data_size` bytes of data: the data, then its pubkey,
/// lamports (non-zero) and owner, in that order.
fn drawn_account(rng: &mut SplitMix64, data_size: usize) -> Account {
    let mut data = vec![0u8; data_size];
    rng.fill(&mut data);
    Account {
        pubkey: rng.pubkey(),
        lamports: 1 + rng.below(1 << 40),
        rent_epoch: u64::MAX,
        executable: false,
        owner: rng.pubkey(),
        data,
    }
}

/// Size of one mix category.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SizeSpec {
    Fixed(usize),
    /// Log-uniform between [`TAIL_MIN`] bytes and the profile's tail cap.
    Tail,
}

/// The smallest data size of the mix's thin tail: above every fixed-size category but the
/// vote account, so the tail stands for the program-sized accounts the table does not list.
pub const TAIL_MIN: usize = 256;

impl MixCategory {
    /// Whether an account of `size` bytes of data is counted in this category: a fixed
    /// category its own size; the tail every size from [`TAIL_MIN`] that no fixed
    /// category has (the vote account's 3762 bytes is the vote category's).
    pub fn holds(&self, size: usize) -> bool {
        match self.size {
            SizeSpec::Fixed(s) => size == s,
            SizeSpec::Tail => {
                size >= TAIL_MIN && !MAINNET_MIX.iter().any(|c| c.size == SizeSpec::Fixed(size))
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct MixCategory {
    pub name: &'static str,
    pub size: SizeSpec,
    /// Share of accounts in parts per million.
    pub ppm: u32,
}

/// The distribution documented at the top of this module. Shares sum to 1,000,000.
pub const MAINNET_MIX: [MixCategory; 9] = [
    MixCategory {
        name: "spl-token",
        size: SizeSpec::Fixed(165),
        ppm: 900_000,
    },
    MixCategory {
        name: "token-2022-170",
        size: SizeSpec::Fixed(170),
        ppm: 10_000,
    },
    MixCategory {
        name: "token-2022-182",
        size: SizeSpec::Fixed(182),
        ppm: 10_000,
    },
    MixCategory {
        name: "stake",
        size: SizeSpec::Fixed(200),
        ppm: 2_500,
    },
    MixCategory {
        name: "vote",
        size: SizeSpec::Fixed(3762),
        ppm: 100,
    },
    MixCategory {
        name: "system",
        size: SizeSpec::Fixed(0),
        ppm: 70_000,
    },
    MixCategory {
        name: "mint",
        size: SizeSpec::Fixed(82),
        ppm: 3_000,
    },
    MixCategory {
        name: "nonce",
        size: SizeSpec::Fixed(80),
        ppm: 500,
    },
    MixCategory {
        name: "tail",
        size: SizeSpec::Tail,
        ppm: 3_900,
    },
];

/// `n` distinct accounts of `size` bytes (seeds 0..n, so the first is the
/// `data_size/<size>` rows' account).
pub fn set_of(size: usize, n: usize) -> Vec<Account> {
    (0..n as u64).map(|i| account(size, i)).collect()
}

/// The data sizes of the mix's `n` accounts: their own RNG stream, so the size of the
/// workload is known without generating its data.
pub fn mix_sizes(n: usize, tail_cap: usize) -> Vec<usize> {
    let mut rng = SplitMix64::new(SEED ^ 0x4D49_5800);
    let tail_cap = tail_cap.max(TAIL_MIN + 1);
    // A mix measured from a snapshot (`bench-all --mix-from`) replaces the table above.
    if let Some(mix) = crate::measured_mix::get() {
        return crate::measured_mix::sizes(mix, n, tail_cap, &mut rng);
    }
    (0..n)
        .map(|_| {
            let mut pick = rng.below(1_000_000) as u32;
            let cat = MAINNET_MIX
                .iter()
                .find(|c| {
                    if pick < c.ppm {
                        true
                    } else {
                        pick -= c.ppm;
                        false
                    }
                })
                .unwrap_or(&MAINNET_MIX[0]);
            match cat.size {
                SizeSpec::Fixed(s) => s,
                SizeSpec::Tail => {
                    // Log-uniform in [TAIL_MIN, tail_cap]: exp of a uniform in
                    // [ln TAIL_MIN, ln cap].
                    let u = rng.below(1 << 53) as f64 / (1u64 << 53) as f64;
                    let (lo, hi) = ((TAIL_MIN as f64).ln(), (tail_cap as f64).ln());
                    ((lo + u * (hi - lo)).exp() as usize).clamp(TAIL_MIN, tail_cap)
                }
            }
        })
        .collect()
}

/// `n` accounts drawn from [`MAINNET_MIX`], deterministic for a given `(n, tail_cap)`.
pub fn mainnet_mix(n: usize, tail_cap: usize) -> Vec<Account> {
    let mut rng = SplitMix64::new(SEED ^ 0xDA7A);
    mix_sizes(n, tail_cap)
        .into_iter()
        .map(|size| drawn_account(&mut rng, size))
        .collect()
}

/// Bytes one pass over the mix hashes: `meta_len` (81 legacy, 73 lt) plus data, per account.
pub fn mix_hashed_bytes(n: usize, tail_cap: usize, meta_len: usize) -> u64 {
    mix_sizes(n, tail_cap)
        .iter()
        .map(|s| (meta_len + s) as u64)
        .sum()
}

/// What a live input is built from: its generator and the generator's arguments.
pub type InputKey = (&'static str, [usize; 3]);

thread_local! {
    static LIVE: RefCell<HashMap<InputKey, Weak<dyn Any + Send + Sync>>> = Default::default();
}

/// The input `key` names, shared with every case of this thread that holds it now, else
/// built by `build` (which must be what `key` names).
///
/// Why: the paired pass builds a comparison's cases together and times them interleaved.
/// Cases with their own multi-megabyte sets (`vote_1024` is 3.9 MB per copy) evict each
/// other from the caches, so each call would read its set from memory, while criterion's
/// loop over one case reads it from the cache; cases that share one set read it warm, as
/// criterion does. A case built when none holds the input gets a fresh one: each layout's
/// cases are built after the previous layout's were dropped, at new addresses.
pub fn live<T: Any + Send + Sync>(key: InputKey, build: impl FnOnce() -> T) -> Arc<T> {
    LIVE.with(|live| {
        let mut live = live.borrow_mut();
        if let Some(held) = live.get(&key).and_then(Weak::upgrade) {
            if let Ok(input) = held.downcast::<T>() {
                return input;
            }
        }
        let input = Arc::new(build());
        live.retain(|_, w| w.strong_count() > 0);
        let erased: Arc<dyn Any + Send + Sync> = input.clone();
        live.insert(key, Arc::downgrade(&erased));
        input
    })
}

/// [`set_of`], shared while held ([`live`]).
pub fn live_set_of(size: usize, n: usize) -> Arc<Vec<Account>> {
    live(("set_of", [size, n, 0]), || set_of(size, n))
}

/// [`account`]`(size, 0)` (the `data_size/<size>` rows' account) as a set of one, shared
/// while held ([`live`]).
pub fn live_account(size: usize) -> Arc<Vec<Account>> {
    live(("account", [size, 0, 0]), || vec![account(size, 0)])
}

/// [`mainnet_mix`], shared while held ([`live`]).
pub fn live_mainnet_mix(n: usize, tail_cap: usize) -> Arc<Vec<Account>> {
    live(("mainnet_mix", [n, tail_cap, 0]), || {
        mainnet_mix(n, tail_cap)
    })
}

/// [`vote_accounts`], shared while held ([`live`]).
pub fn live_vote_accounts(n: usize) -> Arc<Vec<Account>> {
    live(("vote_accounts", [n, 0, 0]), || vote_accounts(n))
}

/// [`slot_writes`], shared while held ([`live`]).
pub fn live_slot_writes(writes: usize, votes: usize, tail_cap: usize) -> Arc<SlotWrites> {
    live(("slot_writes", [writes, votes, tail_cap]), || {
        slot_writes(writes, votes, tail_cap)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_sum_to_one_million() {
        assert_eq!(MAINNET_MIX.iter().map(|c| c.ppm).sum::<u32>(), 1_000_000);
    }

    #[test]
    fn mix_is_deterministic_and_shaped_like_mainnet() {
        let a = mainnet_mix(20_000, 64 * 1024);
        let b = mainnet_mix(20_000, 64 * 1024);
        assert_eq!(a, b);
        let token = a.iter().filter(|x| x.data.len() == 165).count() as f64 / a.len() as f64;
        assert!((0.88..0.92).contains(&token), "token share {token}");
        assert!(a.iter().all(|x| x.lamports > 0));
        assert!(a.iter().all(|x| x.data.len() <= 64 * 1024));
        assert!(a.iter().any(|x| x.data.len() > 256), "tail present");
        let sizes: Vec<usize> = a.iter().map(|x| x.data.len()).collect();
        assert_eq!(sizes, mix_sizes(20_000, 64 * 1024));
    }

    /// Every run hashes the same accounts: a digest of every field of the mix and of the
    /// sized accounts, pinned, so a change to how they are drawn shows here and not as a
    /// shift between runs.
    #[test]
    fn the_drawn_accounts_are_pinned() {
        let digest = |accounts: &[Account]| {
            let mut h = blake3::Hasher::new();
            for a in accounts {
                h.update(&a.pubkey.0);
                h.update(&a.lamports.to_le_bytes());
                h.update(&a.rent_epoch.to_le_bytes());
                h.update(&[u8::from(a.executable)]);
                h.update(&a.owner.0);
                h.update(&(a.data.len() as u64).to_le_bytes());
                h.update(&a.data);
            }
            h.finalize().to_hex().to_string()
        };
        let sized: Vec<Account> = [0, 165, 200, 1024].map(|n| account(n, 3)).into();
        assert_eq!(
            digest(&mainnet_mix(2_000, 64 * 1024)),
            "39fd96b61079d2812c023ebb1e21c0271aa0e233e52733c90a4f4d3e8f5d8c7e"
        );
        assert_eq!(
            digest(&sized),
            "b80b5a57bc301407a231ec695e0746a93348474c96cc48983ac2aefb2c494496"
        );
    }

    #[test]
    fn slot_writes_pair_two_versions_of_each_account() {
        let writes = slot_writes(300, 100, 64 * 1024);
        assert_eq!((writes.old.len(), writes.new.len()), (300, 300));
        assert!(writes.old[..100].iter().all(|a| a.data.len() == VOTE_SIZE));
        for (old, new) in writes.old.iter().zip(&writes.new) {
            assert_eq!((old.pubkey, old.data.len()), (new.pubkey, new.data.len()));
            assert!(new.lamports > 0);
        }
        assert!(writes.old.iter().zip(&writes.new).all(|(o, n)| o != n));
        assert_eq!(writes, slot_writes(300, 100, 64 * 1024));
    }

    #[test]
    fn quick_measures_part_of_the_ladder_and_full_all_of_it() {
        assert_eq!(size_ladder(Profile::Full), SIZE_LADDER);
        assert!(size_ladder(Profile::Quick).contains(&1024));
        assert!(size_ladder(Profile::Quick).len() < SIZE_LADDER.len());
        assert!(vote_accounts(3).iter().all(|a| a.data.len() == VOTE_SIZE));
    }

    #[test]
    fn accounts_have_the_requested_size() {
        for s in SEED_SIZES.iter().take(4) {
            assert_eq!(account(*s, 1).data.len(), *s);
        }
    }

    #[test]
    fn a_live_input_is_one_copy_while_held_and_fresh_after() {
        let a = live_set_of(165, 4);
        let b = live_set_of(165, 4);
        assert!(std::sync::Arc::ptr_eq(&a, &b), "held inputs are shared");
        assert_eq!(*a, set_of(165, 4));
        let other = live_set_of(165, 5);
        assert!(
            !std::ptr::eq(a.as_ptr(), other.as_ptr()),
            "another key, another input"
        );
        let votes = live_vote_accounts(4);
        assert_eq!(*votes, vote_accounts(4));
        let writes = live_slot_writes(6, 2, 1024);
        assert_eq!(*writes, slot_writes(6, 2, 1024));
        let weak = std::sync::Arc::downgrade(&a);
        drop((a, b));
        assert!(
            weak.upgrade().is_none(),
            "the cache does not keep an input alive"
        );
        let fresh = live_set_of(165, 4);
        assert_eq!(*fresh, set_of(165, 4));
        assert_eq!(std::sync::Arc::strong_count(&fresh), 1);
    }
}
