//! Peers of the LtHash accumulation, measured on exactly the accounts of the `lt-hash`
//! set and mix rows ([`crate::batch`]):
//!
//! - `peer:blake3-serial`: one `blake3::Hasher` per account (one `update` per field), 2048
//!   bytes of XOF into a stack buffer, lanes summed with wrapping adds. Always compiled.
//! - `peer:solana-lattice-hash`: the validator's batched accumulator (crate
//!   `solana-lattice-hash` 4.3.0, feature `agave-unstable-api`, `batch::Accumulator`),
//!   each account fed with `start_message` / `add_part` per field / `finish`. Behind the
//!   lab feature `peer-solana` (its rust-version is newer than the toolchain: build with
//!   `--ignore-rust-version`; `cargo xtask bench-all` does).
//!
//! Both skip zero-lamport accounts, whose LtHash is the identity, as the validator does.

use crate::batch::{lt_mix, lt_set_meta, lt_set_workloads, set_of, LtSetAccumulator, LtSetCase};
use crate::cases::Digest;
use crate::{workloads, Case, Registry};
use account_hash::{Account, LtHash, LT_BYTES};

/// `peer:blake3-serial`: the one-at-a-time `blake3::Hasher` loop.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blake3Serial;

impl LtSetAccumulator for Blake3Serial {
    fn lt_of_set(&self, accounts: &[Account]) -> LtHash {
        let mut lanes = LtHash::identity();
        let mut xof = [0u8; LT_BYTES];
        for a in accounts.iter().filter(|a| a.lamports != 0) {
            let mut h = blake3::Hasher::new();
            h.update(&a.lamports.to_le_bytes());
            h.update(&a.data);
            h.update(&[u8::from(a.executable)]);
            h.update(&a.owner.0);
            h.update(&a.pubkey.0);
            h.finalize_xof().fill(&mut xof);
            for (lane, pair) in lanes.0.iter_mut().zip(xof.chunks_exact(2)) {
                *lane = lane.wrapping_add(u16::from_le_bytes([pair[0], pair[1]]));
            }
        }
        lanes
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

/// Registers `A` on the lt set workloads and the lt family's mix.
fn add<A: LtSetAccumulator + Copy + 'static>(reg: &mut Registry, strategy: &str, peer: A) {
    for (workload, size) in lt_set_workloads() {
        let n = crate::batch::LT_SET_ACCOUNTS;
        let m = lt_set_meta(
            strategy,
            "-".to_string(),
            workload,
            Some(size as u64),
            n as u64,
            (n * (Digest::Lt.meta_len() + size)) as u64,
            false,
            true,
        );
        reg.add(m, move || -> Box<dyn Case> {
            Box::new(LtSetCase {
                accumulator: peer,
                accounts: set_of(size, n),
            })
        });
    }
    let (n, cap) = lt_mix(reg.profile);
    let m = lt_set_meta(
        strategy,
        "-".to_string(),
        format!("mainnet_mix/{n}"),
        None,
        n as u64,
        workloads::mix_hashed_bytes(n, cap, Digest::Lt.meta_len()),
        false,
        true,
    );
    reg.add(m, move || -> Box<dyn Case> {
        Box::new(LtSetCase {
            accumulator: peer,
            accounts: workloads::mainnet_mix(n, cap),
        })
    });
}

pub fn register(reg: &mut Registry) {
    add(reg, "peer:blake3-serial", Blake3Serial);
    #[cfg(feature = "peer-solana")]
    add(reg, "peer:solana-lattice-hash", SolanaLatticeHash);
}

#[cfg(test)]
mod tests {
    use super::*;

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
