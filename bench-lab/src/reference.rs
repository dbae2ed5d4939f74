//! Reference digests written straight from DESIGN.md's byte order, independent of every
//! strategy: the lab's "digest compatible" column compares each strategy with these.

use account_hash::AccountRef;

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

/// LtHash checksum: BLAKE3 of the 2048-byte XOF output of lamports, data, executable,
/// owner, pubkey (no rent_epoch); zero lamports give the identity (all-zero lanes).
pub fn lt_checksum(a: &AccountRef<'_>) -> [u8; 32] {
    let mut lanes = [0u8; 2048];
    if a.lamports != 0 {
        let mut h = blake3::Hasher::new();
        h.update(&a.lamports.to_le_bytes());
        h.update(a.data);
        h.update(&[u8::from(a.executable)]);
        h.update(&a.owner.0);
        h.update(&a.pubkey.0);
        h.finalize_xof().fill(&mut lanes);
    }
    *blake3::hash(&lanes).as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use account_hash::Account;

    #[test]
    fn zero_lamports_rules() {
        let a = Account::default();
        assert_eq!(legacy(&a.as_ref()), [0; 32]);
        assert_eq!(
            lt_checksum(&a.as_ref()),
            *blake3::hash(&[0u8; 2048]).as_bytes()
        );
    }

    #[cfg(feature = "streaming")]
    #[test]
    fn matches_the_consensus_strategy() {
        use account_hash::{AccountHasher, DigestBytes, Streaming};
        let a = crate::workloads::account(165, 3);
        assert_eq!(
            legacy(&a.as_ref()),
            Streaming.hash(&a.as_ref()).digest_bytes()
        );
        assert_eq!(
            lt_checksum(&a.as_ref()),
            Streaming.lt_hash(&a.as_ref()).digest_bytes()
        );
    }
}
