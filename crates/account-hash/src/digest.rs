//! Digest types: the legacy 32-byte account hash, the lattice hash (LtHash), and the
//! [`NonConsensus`] wrapper that keeps a different-order digest from passing as either.

use std::fmt;
use std::str::FromStr;

use crate::account::{decode_base58_32, ParseKeyError};

/// Bytes of the legacy account hash.
pub const HASH_LEN: usize = 32;
/// Number of u16 lanes of an LtHash (SIMD-0215).
pub const LT_LANES: usize = 1024;
/// Bytes of BLAKE3 extended output read as one LtHash.
pub const LT_BYTES: usize = LT_LANES * 2;

/// Anything that reduces to 32 comparable bytes: used by `verify` and the lab to compare
/// outputs of strategies with different output types against expected vectors.
pub trait DigestBytes {
    /// The 32 bytes that the conformance vectors record for this digest.
    fn digest_bytes(&self) -> [u8; 32];
}

/// The consensus legacy account hash: BLAKE3 of lamports, rent_epoch, data, executable,
/// owner, pubkey; all zeros for an account with zero lamports.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct AccountHash(pub [u8; HASH_LEN]);

impl AccountHash {
    /// The hash of every zero-lamport account.
    pub const ZERO: AccountHash = AccountHash([0; HASH_LEN]);
}

impl DigestBytes for AccountHash {
    fn digest_bytes(&self) -> [u8; 32] {
        self.0
    }
}

impl fmt::Display for AccountHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&bs58::encode(self.0).into_string())
    }
}

impl fmt::Debug for AccountHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AccountHash({self})")
    }
}

impl FromStr for AccountHash {
    type Err = ParseKeyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        decode_base58_32(s).map(AccountHash)
    }
}

/// BLAKE3 of an LtHash's 2048 bytes: what validators compare and print.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LtChecksum(pub [u8; 32]);

impl DigestBytes for LtChecksum {
    fn digest_bytes(&self) -> [u8; 32] {
        self.0
    }
}

impl fmt::Display for LtChecksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&bs58::encode(self.0).into_string())
    }
}

impl fmt::Debug for LtChecksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LtChecksum({self})")
    }
}

impl FromStr for LtChecksum {
    type Err = ParseKeyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        decode_base58_32(s).map(LtChecksum)
    }
}

/// The accounts lattice hash (SIMD-0215): 1024 u16 lanes. A set's LtHash is the lane-wise
/// wrapping sum of its accounts' LtHashes; [`LtHash::mix_out`] removes one again.
///
/// Aligned to a cache line: the SIMD kernels write it 64 bytes at a time, and a store that
/// straddles two lines costs about two.
#[derive(Clone, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct LtHash(pub [u16; LT_LANES]);

const _: () =
    assert!(core::mem::align_of::<LtHash>() == 64 && core::mem::size_of::<LtHash>() == 2048);

impl LtHash {
    /// The identity: the LtHash of the empty set and of every zero-lamport account.
    pub const fn identity() -> Self {
        LtHash([0; LT_LANES])
    }

    /// Reads 2048 bytes of BLAKE3 extended output as 1024 little-endian u16 lanes.
    pub fn from_xof_bytes(bytes: &[u8; LT_BYTES]) -> Self {
        let mut lanes = [0u16; LT_LANES];
        for (lane, pair) in lanes.iter_mut().zip(bytes.chunks_exact(2)) {
            *lane = u16::from_le_bytes([pair[0], pair[1]]);
        }
        LtHash(lanes)
    }

    /// Reads the rest of a BLAKE3 hasher as an LtHash.
    pub fn from_hasher(hasher: &blake3::Hasher) -> Self {
        let mut bytes = [0u8; LT_BYTES];
        hasher.finalize_xof().fill(&mut bytes);
        Self::from_xof_bytes(&bytes)
    }

    /// Adds `other` lane-wise, wrapping (set union of disjoint sets).
    pub fn mix_in(&mut self, other: &LtHash) {
        // A plain zip over fixed-size arrays: the compiler turns this into packed 16-bit adds.
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.wrapping_add(*b);
        }
    }

    /// Subtracts `other` lane-wise, wrapping (removes a member).
    pub fn mix_out(&mut self, other: &LtHash) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.wrapping_sub(*b);
        }
    }

    /// The lanes as 2048 little-endian bytes.
    pub fn to_bytes(&self) -> [u8; LT_BYTES] {
        let mut bytes = [0u8; LT_BYTES];
        for (pair, lane) in bytes.chunks_exact_mut(2).zip(self.0.iter()) {
            pair.copy_from_slice(&lane.to_le_bytes());
        }
        bytes
    }

    /// BLAKE3 of the 2048 bytes.
    pub fn checksum(&self) -> LtChecksum {
        LtChecksum(*blake3::hash(&self.to_bytes()).as_bytes())
    }

    /// Whether every lane is zero.
    pub fn is_identity(&self) -> bool {
        self.0.iter().all(|&lane| lane == 0)
    }
}

impl Default for LtHash {
    fn default() -> Self {
        Self::identity()
    }
}

impl DigestBytes for LtHash {
    fn digest_bytes(&self) -> [u8; 32] {
        self.checksum().0
    }
}

/// Prints the base58 checksum, the form validators log.
impl fmt::Display for LtHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.checksum().fmt(f)
    }
}

impl fmt::Debug for LtHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LtHash(checksum {})", self.checksum())
    }
}

/// An LtHash output of any strategy as lanes to sum into a set's total: a consensus
/// [`LtHash`] as it is; a [`NonConsensus<LtHash>`] unwrapped, for timing or inspection only —
/// a total that contains one is not the consensus LtHash either.
pub trait IntoLtLanes {
    /// The lanes.
    fn into_lt_lanes(self) -> LtHash;
}

impl IntoLtLanes for LtHash {
    fn into_lt_lanes(self) -> LtHash {
        self
    }
}

impl IntoLtLanes for NonConsensus<LtHash> {
    fn into_lt_lanes(self) -> LtHash {
        self.0
    }
}

/// A digest computed in a byte order that is NOT the consensus one (strategy `meta-first`).
///
/// It wraps the same shape as the consensus type but is a different type: it cannot be
/// compared with, stored as, or converted into an [`AccountHash`] or [`LtHash`]. Reading its
/// bytes is possible only through [`NonConsensus::into_non_consensus_inner`] or
/// [`DigestBytes`], names that say what is being done.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct NonConsensus<T>(T);

impl<T> NonConsensus<T> {
    #[cfg(feature = "meta-first")]
    pub(crate) fn new(inner: T) -> Self {
        NonConsensus(inner)
    }

    /// The wrapped value. Whatever you do with it, it is not the consensus digest.
    pub fn into_non_consensus_inner(self) -> T {
        self.0
    }
}

impl<T: DigestBytes> DigestBytes for NonConsensus<T> {
    fn digest_bytes(&self) -> [u8; 32] {
        self.0.digest_bytes()
    }
}

impl<T: fmt::Display> fmt::Display for NonConsensus<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "non-consensus:{}", self.0)
    }
}

impl<T: fmt::Debug> fmt::Debug for NonConsensus<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NonConsensus({:?})", self.0)
    }
}
