//! Peers of the LtHash accumulation, measured on exactly the accounts of the `lt-hash`
//! set and mix rows:
//!
//! - `peer:blake3-serial`: one `blake3::Hasher` per account (one `update` per field), 2048
//!   bytes of XOF into a stack buffer, lanes summed with wrapping adds: the reference's
//!   loop ([`reference::lt_of_set`]). Always compiled.
//! - `peer:solana-lattice-hash`: the validator's batched accumulator (crate
//!   `solana-lattice-hash`, its newest release, feature `agave-unstable-api`,
//!   `batch::Accumulator`), each account fed with `start_message` / `add_part` per field /
//!   `finish`, as accounts-db feeds it. Behind the lab feature `peer-solana` (its
//!   rust-version is newer than the toolchain: build with `--ignore-rust-version`;
//!   `cargo xtask bench-all` does). The same adapter measures a working copy of any
//!   version (`--peer-path`, for example the release before, 4.3.0) in a build of its own;
//!   there is no `peer:solana-lattice-hash@4.3` row (docs/drop-in.md says why).
//! - `drop-in:solana-lattice-hash`: hashlab's drop-in for that crate
//!   (`crates/solana-lattice-hash`), fed by the same adapter. Always compiled.
//!
//! All skip zero-lamport accounts, whose LtHash is the identity, as the validator does.

use crate::cases::{AccountDigest, LtMixIn, LtSetAccumulator, Subject};
use crate::{reference, rows, Registry};
use account_hash::{Account, LtHash};
use lab_record::{Family, Role};

/// `peer:blake3-serial`: the one-at-a-time `blake3::Hasher` loop.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blake3Serial;

impl LtSetAccumulator for Blake3Serial {
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        reference::lt_of_set(accounts)
    }
}

impl LtMixIn for Blake3Serial {
    type Hash = LtHash;

    fn precompute(&self, accounts: &[Account]) -> Vec<LtHash> {
        accounts
            .iter()
            .map(|a| reference::lt_of_set(core::slice::from_ref(a)))
            .collect()
    }

    fn mix_in_all(&self, hashes: &[LtHash]) -> LtHash {
        let mut total = LtHash::identity();
        for h in hashes {
            total.mix_in(h);
        }
        total
    }
}

/// The accounts-db adapter of a `solana-lattice-hash` API: every account with lamports
/// fed to one `batch::Accumulator` in five parts (lamports, data, executable, owner,
/// pubkey), the total taken once.
macro_rules! lattice_hash_adapter {
    ($(#[$attr:meta])* $name:ident, $krate:ident) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        $(#[$attr])*
        impl LtSetAccumulator for $name {
            fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
                let mut acc = $krate::batch::Accumulator::new();
                for a in accounts.iter().filter(|a| a.lamports != 0) {
                    let mut msg = acc.start_message();
                    msg.add_part(&a.lamports.to_le_bytes())
                        .add_part(&a.data)
                        .add_part(&[u8::from(a.executable)])
                        .add_part(&a.owner.0)
                        .add_part(&a.pubkey.0);
                    msg.finish();
                }
                LtHash(acc.into_lt_hash().0)
            }
        }

        $(#[$attr])*
        impl LtMixIn for $name {
            type Hash = $krate::lt_hash::LtHash;

            fn precompute(&self, accounts: &[Account]) -> Vec<Self::Hash> {
                accounts
                    .iter()
                    .map(|a| $krate::lt_hash::LtHash(self.lt_of_set(core::slice::from_ref(a)).0))
                    .collect()
            }

            fn mix_in_all(&self, hashes: &[Self::Hash]) -> LtHash {
                let mut acc = $krate::batch::Accumulator::new();
                for h in hashes {
                    acc.mix_in(h);
                }
                LtHash(acc.into_lt_hash().0)
            }
        }
    };
}

lattice_hash_adapter!(
    /// `peer:solana-lattice-hash`: the validator's `batch::Accumulator`.
    #[cfg(feature = "peer-solana")]
    SolanaLatticeHash,
    solana_lattice_hash
);

lattice_hash_adapter!(
    /// `drop-in:solana-lattice-hash`: hashlab's drop-in `batch::Accumulator`.
    DropIn,
    lattice_dropin
);

/// The drop-in's strategy name.
pub const DROP_IN: &str = "drop-in:solana-lattice-hash";

/// The drop-in's subject: its kernels' backend (blake3-lanes' widest, or what its `max-*`
/// feature allows), and the blake3 crate's for messages from 128 KiB.
pub fn drop_in(family: Family) -> Subject {
    let backend = crate::isa::backend(blake3_lanes::Backend::detect().name());
    Subject {
        isa: Some(crate::isa::widest(backend, crate::isa::blake3())),
        ..Subject::peer(family, AccountDigest::Lt, DROP_IN)
    }
}

/// `peer:solana-lattice-hash`'s subject: its own SIMD kernels, whose detection the
/// blake3-no-* features do not cap.
#[cfg(feature = "peer-solana")]
fn solana(family: Family) -> Subject {
    Subject {
        isa: Some(crate::isa::solana_lattice_hash()),
        ..Subject::peer(family, AccountDigest::Lt, "peer:solana-lattice-hash")
    }
}

/// Every peer on the lt set workloads, on the family's mix `(n, cap)` and on the users'
/// account files.
pub fn register(reg: &mut Registry, family: Family, mix: (usize, usize)) {
    let peer = |name| Subject::peer(family, AccountDigest::Lt, name);
    rows::lt_sets(reg, &peer("peer:blake3-serial"), &Blake3Serial, Some(mix));
    #[cfg(feature = "peer-solana")]
    let solana = solana(family);
    #[cfg(feature = "peer-solana")]
    rows::lt_sets(reg, &solana, &SolanaLatticeHash, Some(mix));
    rows::lt_sets(reg, &drop_in(family), &DropIn, Some(mix));
    rows::lt_user_accounts(reg, &peer("peer:blake3-serial"), &Blake3Serial);
    rows::lt_user_accounts(reg, &drop_in(family), &DropIn);
    #[cfg(feature = "peer-solana")]
    rows::lt_user_accounts(reg, &solana, &SolanaLatticeHash);
}

/// The call shapes of a validator's replay: `peer:solana-lattice-hash` and the drop-in on
/// `accounts_per_call/<n>` (the list's baseline row is [`crate::lt_hash`]'s) and on
/// `mix_in/<n>`, whose baseline is `peer:blake3-serial`'s loop (hashlab's `LtHash::mix_in`).
pub fn register_call_shapes(reg: &mut Registry, family: Family) {
    #[cfg(feature = "peer-solana")]
    rows::accounts_per_call(reg, &solana(family), &SolanaLatticeHash);
    rows::accounts_per_call(reg, &drop_in(family), &DropIn);
    let serial = Subject {
        role: Role::Baseline,
        ..Subject::peer(family, AccountDigest::Lt, "peer:blake3-serial")
    };
    rows::mix_in(reg, &serial, &Blake3Serial);
    #[cfg(feature = "peer-solana")]
    rows::mix_in(reg, &solana(family), &SolanaLatticeHash);
    rows::mix_in(reg, &drop_in(family), &DropIn);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::set_of;

    #[cfg(feature = "peer-solana")]
    #[test]
    fn solana_peer_equals_the_serial_loop_and_its_checksum_equals_ours() {
        let accounts = crate::workloads::mainnet_mix(300, 4096);
        let theirs = SolanaLatticeHash.lt_of_set(&accounts);
        assert_eq!(theirs, Blake3Serial.lt_of_set(&accounts));
        let mut lanes = solana_lattice_hash::lt_hash::LtHash::identity();
        lanes.0.copy_from_slice(&theirs.0);
        assert_eq!(lanes.checksum().0, theirs.checksum().0);
    }

    #[test]
    fn the_drop_in_equals_the_serial_loop_on_the_mix() {
        let mut accounts = crate::workloads::mainnet_mix(300, 4096);
        accounts[7].lamports = 0;
        assert_eq!(
            DropIn.lt_of_set(&accounts),
            Blake3Serial.lt_of_set(&accounts)
        );
    }

    /// Every `accounts_per_call` and `mix_in` row reproduces the reference, each table has
    /// its baseline, and the drop-in has every shape (with `peer-solana`, the released
    /// crate too).
    #[test]
    fn call_shape_rows_match_the_reference() {
        use crate::{Filter, Profile};
        use lab_record::WorkloadKind;
        let reg = Registry::new(Profile::Smoke);
        let f = Filter {
            workloads: Some(vec![WorkloadKind::AccountsPerCall, WorkloadKind::MixIn]),
            ..Filter::default()
        };
        let mut seen = Vec::new();
        for b in reg.select(&f) {
            let id = b.meta.id.criterion_id();
            assert_eq!(b.make().digest_matches_reference(), Some(true), "{id}");
            seen.push((id, b.meta.is_baseline()));
        }
        let has = |id: &str, baseline: bool| seen.contains(&(format!("lt-hash/{id}"), baseline));
        let mut strategies = vec![DROP_IN];
        if cfg!(feature = "peer-solana") {
            strategies.push("peer:solana-lattice-hash");
        }
        for s in strategies {
            for n in crate::workloads::ACCOUNTS_PER_CALL {
                assert!(
                    has(&format!("{s}/accounts_per_call/{n}"), false),
                    "{seen:?}"
                );
            }
            assert!(has(&format!("{s}/mix_in/1024"), false), "{seen:?}");
        }
        assert!(has("peer:blake3-serial/mix_in/1024", true), "{seen:?}");
        if account_hash::strategy::list::compiled_features().contains(&"copy-buffer") {
            assert!(
                has("copy-buffer@cap=200/accounts_per_call/8", true),
                "{seen:?}"
            );
        }
    }

    #[test]
    fn serial_peer_skips_zero_lamport_accounts() {
        let mut accounts = set_of(165, 2);
        accounts[1].lamports = 0;
        assert_eq!(
            Blake3Serial.lt_of_set(&accounts),
            Blake3Serial.lt_of_set(&accounts[..1])
        );
    }
}
