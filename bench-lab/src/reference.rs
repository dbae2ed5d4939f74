//! Reference digests written straight from the consensus byte order (lamports, rent_epoch,
//! data, executable, owner, pubkey; the LtHash without rent_epoch), independent of every
//! strategy: the lab's "digest compatible" column compares each strategy with these. The
//! LtHash message (lamports, data, executable, owner, pubkey; no rent_epoch) and the lane
//! sum are written here once; `peer:blake3-serial` uses the same two functions.

use account_hash::{Account, AccountRef, LtHash, LT_BYTES, LT_LANES};

/// Legacy hash: BLAKE3 of lamports, rent_epoch, data, executable, owner, pubkey; zero
/// lamports give 32 zero bytes.
pub fn legacy(a: &AccountRef<'_>) -> [u8; 32] {
    if a.lamports == 0 {
        return [0; 32];
    }
    let mut bytes = Vec::with_capacity(81 + a.data.len());
    bytes.extend_from_slice(&a.lamports.to_le_bytes());
    bytes.extend_from_slice(&a.rent_epoch.to_le_bytes());
    bytes.extend_from_slice(a.data);
    bytes.push(u8::from(a.executable));
    bytes.extend_from_slice(&a.owner.0);
    bytes.extend_from_slice(&a.pubkey.0);
    *blake3::hash(&bytes).as_bytes()
}

/// A hasher fed the account's LtHash message, one `update` per field.
#[inline]
pub fn lt_message(a: &AccountRef<'_>) -> blake3::Hasher {
    let mut h = blake3::Hasher::new();
    h.update(&a.lamports.to_le_bytes());
    h.update(a.data);
    h.update(&[u8::from(a.executable)]);
    h.update(&a.owner.0);
    h.update(&a.pubkey.0);
    h
}

/// Adds 2048 bytes of XOF output to the lanes: little-endian u16s, wrapping.
#[inline]
pub fn add_lanes(lanes: &mut [u16; LT_LANES], xof: &[u8; LT_BYTES]) {
    for (lane, pair) in lanes.iter_mut().zip(xof.chunks_exact(2)) {
        *lane = lane.wrapping_add(u16::from_le_bytes([pair[0], pair[1]]));
    }
}

/// The LtHash of a set: each hashed account's 2048 bytes of XOF summed into the lanes;
/// zero-lamport accounts are the identity and skipped.
pub fn lt_of_set(accounts: &[Account]) -> LtHash {
    let mut lanes = LtHash::identity();
    let mut xof = [0u8; LT_BYTES];
    for a in accounts.iter().filter(|a| a.lamports != 0) {
        lt_message(&a.as_ref()).finalize_xof().fill(&mut xof);
        add_lanes(&mut lanes.0, &xof);
    }
    lanes
}

/// LtHash checksum of one account: BLAKE3 of its lanes (the identity, all zero, for zero
/// lamports).
pub fn lt_checksum(a: &AccountRef<'_>) -> [u8; 32] {
    let mut lanes = [0u8; LT_BYTES];
    if a.lamports != 0 {
        lt_message(a).finalize_xof().fill(&mut lanes);
    }
    *blake3::hash(&lanes).as_bytes()
}

/// The LtHash checksum of a set ([`lt_of_set`]).
pub fn set_checksum(accounts: &[Account]) -> [u8; 32] {
    lt_of_set(accounts).checksum().0
}

#[cfg(test)]
mod tests {
    use super::*;
    use account_hash::strategy::list::{self, StrategyEntry, StrategyVisitor};
    use account_hash::{AccountHasher, BatchHasher, DigestBytes, IntoLtLanes};

    #[test]
    fn zero_lamports_rules() {
        let a = Account::default();
        assert_eq!(legacy(&a.as_ref()), [0; 32]);
        assert_eq!(
            lt_checksum(&a.as_ref()),
            *blake3::hash(&[0u8; 2048]).as_bytes()
        );
    }

    /// Every per-account strategy of the list that claims the consensus digest agrees with
    /// the reference on one account of each digest.
    #[test]
    fn matches_every_listed_consensus_strategy() {
        struct Check(usize);
        impl StrategyVisitor for Check {
            fn per_account<H: AccountHasher>(&mut self, _: &StrategyEntry, h: H) {
                if H::CONSENSUS {
                    let a = crate::workloads::account(165, 3);
                    assert_eq!(legacy(&a.as_ref()), h.hash(&a.as_ref()).digest_bytes());
                    assert_eq!(
                        lt_checksum(&a.as_ref()),
                        h.lt_hash(&a.as_ref()).digest_bytes()
                    );
                    self.0 += 1;
                }
            }
            fn batch<B: BatchHasher>(&mut self, _: &StrategyEntry, _: B) {}
        }
        let mut check = Check(0);
        list::visit(&mut check);
        assert!(check.0 > 0 || list::compiled_features().is_empty());
    }

    #[test]
    fn set_checksum_is_the_sum_of_per_account_lthashes() {
        let accounts = crate::workloads::set_of(165, 3);
        let mut sum = LtHash::identity();
        for a in &accounts {
            let mut bytes = [0u8; LT_BYTES];
            let mut gathered = Vec::new();
            gathered.extend_from_slice(&a.lamports.to_le_bytes());
            gathered.extend_from_slice(&a.data);
            gathered.push(u8::from(a.executable));
            gathered.extend_from_slice(&a.owner.0);
            gathered.extend_from_slice(&a.pubkey.0);
            blake3::Hasher::new()
                .update(&gathered)
                .finalize_xof()
                .fill(&mut bytes);
            sum.mix_in(&LtHash::from_xof_bytes(&bytes).into_lt_lanes());
        }
        assert_eq!(set_checksum(&accounts), sum.checksum().0);
        assert_ne!(
            set_checksum(&accounts[..2]),
            sum.checksum().0,
            "a missing account changes the set"
        );
    }
}
