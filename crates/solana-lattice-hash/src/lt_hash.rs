//! [`LtHash`], its [`Checksum`], and [`SingleLtHashUpdater`]: the released crate's types,
//! field for field and trait for trait.

use base64::{display::Base64Display, prelude::BASE64_STANDARD};
use std::{fmt, str};

/// A lattice hash: 1024 wrapping `u16` elements. A message's LtHash is the first 2048
/// bytes of its BLAKE3 extended output read as native-endian `u16`; sets combine by
/// element-wise wrapping addition ([`mix_in`](Self::mix_in)) and subtraction
/// ([`mix_out`](Self::mix_out)).
///
/// Not `Copy` (2 KiB) and not `Default` (a hash has no meaningful default), as upstream.
#[derive(Debug, Eq, PartialEq, Clone)]
pub struct LtHash(pub [u16; LtHash::NUM_ELEMENTS]);

impl LtHash {
    /// Elements of a lattice hash.
    pub const NUM_ELEMENTS: usize = 1024;

    /// The identity: all elements zero.
    #[must_use]
    pub const fn identity() -> Self {
        Self([0; Self::NUM_ELEMENTS])
    }

    /// The LtHash of everything `hasher` was given (its XOF read into the elements).
    #[must_use]
    pub fn with(hasher: &blake3::Hasher) -> Self {
        let mut new = Self::identity();
        hasher
            .finalize_xof()
            .fill(bytemuck::must_cast_slice_mut(new.0.as_mut_slice()));
        new
    }

    /// Adds `other` element-wise, wrapping: `other`'s set is inserted. `#[inline]`: across
    /// crates, rustc otherwise keeps this loop a call, which costs a tenth of its time.
    #[inline]
    pub fn mix_in(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.wrapping_add(*b);
        }
    }

    /// Subtracts `other` element-wise, wrapping: `other`'s set is removed.
    #[inline]
    pub fn mix_out(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.wrapping_sub(*b);
        }
    }

    /// BLAKE3 of the 2048 bytes of the elements.
    pub fn checksum(&self) -> Checksum {
        let hash = blake3::hash(bytemuck::must_cast_slice(&self.0));
        Checksum(hash.into())
    }
}

/// The elements' 2048 bytes in standard base64.
impl fmt::Display for LtHash {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let base64 = Base64Display::new(bytemuck::must_cast_slice(&self.0), &BASE64_STANDARD);
        write!(f, "{base64}")
    }
}

/// Receives the input of one [`LtHash`] in parts. Only the concatenation of the parts
/// matters.
pub trait SingleLtHashUpdater {
    fn write_part(&mut self, bytes: &[u8]);
}

impl SingleLtHashUpdater for blake3::Hasher {
    #[inline]
    fn write_part(&mut self, bytes: &[u8]) {
        self.update(bytes);
    }
}

/// A 32-byte digest of an [`LtHash`]: BLAKE3 of its elements.
#[derive(Debug, Eq, PartialEq, Clone)]
pub struct Checksum(pub [u8; Checksum::NUM_ELEMENTS]);

impl Checksum {
    /// Bytes of a checksum.
    pub const NUM_ELEMENTS: usize = 32;
}

/// The 32 bytes in base58.
impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // 32 bytes are at most 44 base58 digits.
        let mut buf = [0u8; 44];
        let len = bs58::encode(&self.0)
            .onto(buf.as_mut_slice())
            .map_err(|_| fmt::Error)?;
        let text = str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?;
        f.write_str(text)
    }
}

#[cfg(test)]
mod checks {
    use super::*;

    #[test]
    fn the_identity_checksum_is_the_released_crates() {
        assert_eq!(
            LtHash::identity().checksum().to_string(),
            "DoL6fvKuTpTQCyUh83NxQw2ewKzWYtq9gsTKp1eQiGC2"
        );
    }

    #[test]
    fn hello_starts_with_the_released_crates_elements() {
        let mut hasher = blake3::Hasher::new();
        hasher.write_part(b"hel");
        hasher.write_part(b"lo");
        let lt = LtHash::with(&hasher);
        assert_eq!(
            lt.0[..4],
            [0x8fea, 0x3d16, 0x86b3, 0x9282],
            "the first elements of the released crate's `hello` vector"
        );
        let mut twice = lt.clone();
        twice.mix_in(&lt);
        twice.mix_out(&lt);
        assert_eq!(twice, lt);
        assert_eq!(lt.to_string().len(), 2732, "2048 bytes in padded base64");
    }
}
