//! Peers of the LtHash accumulation, measured on exactly the accounts of the `lt-hash`
//! set and mix rows:
//!
//! - `peer:blake3-serial`: one `blake3::Hasher` per account (one `update` per field), 2048
//!   bytes of XOF into a stack buffer, lanes summed with wrapping adds: the reference's
//!   loop ([`reference::lt_of_set`]). Always compiled.
//! - `peer:solana-lattice-hash`: the validator's batched accumulator (crate
//!   `solana-lattice-hash` 4.3.0, feature `agave-unstable-api`, `batch::Accumulator`),
//!   each account fed with `start_message` / `add_part` per field / `finish`. Behind the
//!   lab feature `peer-solana` (its rust-version is newer than the toolchain: build with
//!   `--ignore-rust-version`; `cargo xtask bench-all` does).
//!
//! Both skip zero-lamport accounts, whose LtHash is the identity, as the validator does.

use crate::cases::{AccountDigest, LtSetAccumulator, Subject};
use crate::{reference, rows, Registry};
use account_hash::{Account, LtHash};
use lab_record::Family;

/// `peer:blake3-serial`: the one-at-a-time `blake3::Hasher` loop.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blake3Serial;

impl LtSetAccumulator for Blake3Serial {
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        reference::lt_of_set(accounts)
    }
}

/// `peer:solana-lattice-hash`: the validator's `batch::Accumulator`.
#[cfg(feature = "peer-solana")]
#[derive(Clone, Copy, Debug, Default)]
pub struct SolanaLatticeHash;

#[cfg(feature = "peer-solana")]
impl LtSetAccumulator for SolanaLatticeHash {
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        let mut acc = solana_lattice_hash::batch::Accumulator::new();
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

/// Every peer on the lt set workloads, on the family's mix `(n, cap)` and on the users'
/// account files.
pub fn register(reg: &mut Registry, family: Family, mix: (usize, usize)) {
    let peer = |name| Subject::peer(family, AccountDigest::Lt, name);
    rows::lt_sets(reg, &peer("peer:blake3-serial"), &Blake3Serial, Some(mix));
    // Its own SIMD kernels, whose detection the blake3-no-* features do not cap.
    #[cfg(feature = "peer-solana")]
    let solana = Subject {
        isa: Some(crate::isa::solana_lattice_hash()),
        ..peer("peer:solana-lattice-hash")
    };
    #[cfg(feature = "peer-solana")]
    rows::lt_sets(reg, &solana, &SolanaLatticeHash, Some(mix));
    rows::lt_user_accounts(reg, &peer("peer:blake3-serial"), &Blake3Serial);
    #[cfg(feature = "peer-solana")]
    rows::lt_user_accounts(reg, &solana, &SolanaLatticeHash);
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
    fn serial_peer_skips_zero_lamport_accounts() {
        let mut accounts = set_of(165, 2);
        accounts[1].lamports = 0;
        assert_eq!(
            Blake3Serial.lt_of_set(&accounts),
            Blake3Serial.lt_of_set(&accounts[..1])
        );
    }
}
