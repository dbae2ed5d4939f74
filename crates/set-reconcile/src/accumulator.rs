//! 256-bit set accumulators: the sum of 32-byte little-endian ids, modulo 2^256.
//!
//! Negentropy's range fingerprint hashes the sum of the ids in a range, so a store adds
//! one id into an accumulator for every item it fingerprints. Every strategy here computes
//! the same [`Sum256`]; they differ only in how the hot `add` is written:
//!
//! | name | type | how `add` works |
//! |---|---|---|
//! | `scratch-vec` | [`ScratchVec`] | the seed PR's *before*: a fresh 32-byte `Vec` per add, `Wrapping` comparisons for the carries. **Lab baseline only**: one heap allocation per add, never use it. |
//! | `in-place` | [`InPlace`] | the seed PR's *after*: each lane read from the byte buffer, added with `overflowing_add`, written straight back |
//! | `carry-chain` | [`CarryChain`] | native `u64` limbs; each limb is one 128-bit add, which the compiler lowers to a single `add`/`adc` chain |
//! | `u128-halves` | [`U128Halves`] | two `u128` halves: one carry between them, the rest is done by the 128-bit adds |
//! | `deferred-carry` | [`DeferredCarry`] | four independent 128-bit lane sums; carries between lanes are resolved only when the sum is read |
//!
//! `in-place` and `carry-chain` both compile to one `add` and three `adc` per id and tie at
//! the loop's throughput floor; `deferred-carry` and `u128-halves` execute more
//! instructions per add and are slower; `scratch-vec` pays an allocation per add
//! (`examples/scenario_timing.rs`; figures in docs/measurement.md, "Figures measured during
//! development").
//! The seed's fix already reached the floor: what is left to gain is in how many adds a
//! reconciliation needs, which is the storages' business (see `PrefixStorage`).
//!
//! The fingerprint itself ([`Sum256::fingerprint`]) is protocol v1's: the first 16 bytes of
//! SHA-256(sum as 32 little-endian bytes || varint(count)).

use core::fmt;
use core::num::Wrapping;

use sha2::digest::generic_array::GenericArray;

use crate::varint;

/// Size of an id in bytes (protocol v1).
pub const ID_SIZE: usize = 32;
/// Size of a range fingerprint in bytes (protocol v1).
pub const FINGERPRINT_SIZE: usize = 16;

/// A range fingerprint: the first 16 bytes of SHA-256(sum || varint(count)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Fingerprint(pub [u8; FINGERPRINT_SIZE]);

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint(")?;
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        write!(f, ")")
    }
}

/// A 256-bit unsigned value modulo 2^256, held as four `u64` limbs, least significant first.
///
/// This is the common output of every [`Accumulator`] and the element a prefix-sum storage
/// keeps per item: the sum over a range is `prefix[hi].wrapping_sub(prefix[lo])`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Sum256 {
    limbs: [u64; 4],
}

/// Lane `index` (0..4) of a 32-byte little-endian value.
#[inline(always)]
fn le_lane(bytes: &[u8; ID_SIZE], index: usize) -> u64 {
    let mut lane = [0u8; 8];
    lane.copy_from_slice(&bytes[index * 8..index * 8 + 8]);
    u64::from_le_bytes(lane)
}

/// The four little-endian lanes of a 32-byte id.
#[inline(always)]
fn le_lanes(bytes: &[u8; ID_SIZE]) -> [u64; 4] {
    [
        le_lane(bytes, 0),
        le_lane(bytes, 1),
        le_lane(bytes, 2),
        le_lane(bytes, 3),
    ]
}

/// `a + b` over four limbs modulo 2^256, written as 128-bit adds so that the compiler emits
/// one `add` and three `adc`.
#[inline(always)]
fn add_limbs(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut carry = 0u128;
    for i in 0..4 {
        let wide = a[i] as u128 + b[i] as u128 + carry;
        out[i] = wide as u64;
        carry = wide >> 64;
    }
    out
}

/// `a - b` over four limbs modulo 2^256.
#[inline(always)]
fn sub_limbs(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut borrow = false;
    for i in 0..4 {
        let (diff, borrow_1) = a[i].overflowing_sub(b[i]);
        let (diff, borrow_2) = diff.overflowing_sub(borrow as u64);
        out[i] = diff;
        borrow = borrow_1 | borrow_2;
    }
    out
}

impl Sum256 {
    /// Zero, the sum of the empty set.
    pub const ZERO: Sum256 = Sum256 { limbs: [0; 4] };

    /// Reads a 32-byte little-endian value.
    #[inline]
    pub fn from_le_bytes(bytes: &[u8; ID_SIZE]) -> Self {
        Sum256 {
            limbs: le_lanes(bytes),
        }
    }

    /// Builds a value from limbs, least significant first.
    #[inline]
    pub const fn from_limbs(limbs: [u64; 4]) -> Self {
        Sum256 { limbs }
    }

    /// The limbs, least significant first.
    #[inline]
    pub const fn limbs(&self) -> [u64; 4] {
        self.limbs
    }

    /// The value as 32 little-endian bytes (the bytes protocol v1 hashes).
    #[inline]
    pub fn to_le_bytes(&self) -> [u8; ID_SIZE] {
        let mut out = [0u8; ID_SIZE];
        for (chunk, limb) in out.chunks_exact_mut(8).zip(self.limbs) {
            chunk.copy_from_slice(&limb.to_le_bytes());
        }
        out
    }

    /// `self + other` modulo 2^256.
    #[inline]
    pub fn wrapping_add(self, other: Sum256) -> Sum256 {
        Sum256 {
            limbs: add_limbs(self.limbs, other.limbs),
        }
    }

    /// `self - other` modulo 2^256 (the range sum of two prefix sums).
    #[inline]
    pub fn wrapping_sub(self, other: Sum256) -> Sum256 {
        Sum256 {
            limbs: sub_limbs(self.limbs, other.limbs),
        }
    }

    /// Protocol v1 fingerprint of a range holding `count` items whose ids sum to `self`:
    /// the first 16 bytes of SHA-256(sum || varint(count)).
    ///
    /// The input is at most 42 bytes, so with SHA-256's padding it is exactly one 64-byte
    /// block: it is padded here and compressed once, skipping the streaming hasher's
    /// buffering.
    pub fn fingerprint(&self, count: u64) -> Fingerprint {
        const SHA256_IV: [u32; 8] = [
            0x6a09_e667,
            0xbb67_ae85,
            0x3c6e_f372,
            0xa54f_f53a,
            0x510e_527f,
            0x9b05_688c,
            0x1f83_d9ab,
            0x5be0_cd19,
        ];
        let mut count_bytes = [0u8; varint::MAX_LEN];
        let count_bytes = varint::encode_to_array(count, &mut count_bytes);
        let message_len = ID_SIZE + count_bytes.len();
        let mut block = [0u8; 64];
        block[..ID_SIZE].copy_from_slice(&self.to_le_bytes());
        block[ID_SIZE..message_len].copy_from_slice(count_bytes);
        block[message_len] = 0x80;
        block[56..].copy_from_slice(&(message_len as u64 * 8).to_be_bytes());
        let mut state = SHA256_IV;
        sha2::compress256(&mut state, &[GenericArray::from(block)]);
        let mut fingerprint = [0u8; FINGERPRINT_SIZE];
        for (chunk, word) in fingerprint.chunks_exact_mut(4).zip(state) {
            chunk.copy_from_slice(&word.to_be_bytes());
        }
        Fingerprint(fingerprint)
    }
}

/// A running 256-bit sum of ids. Every implementation yields the same [`Sum256`] for the
/// same multiset of ids, in any order.
pub trait Accumulator: Clone + Default + fmt::Debug {
    /// The strategy's fixed name, as the lab reports it (`in-place`, `carry-chain`, ...).
    const NAME: &'static str;

    /// Adds one 32-byte little-endian id, modulo 2^256.
    fn add(&mut self, id: &[u8; ID_SIZE]);

    /// The current sum.
    fn sum(&self) -> Sum256;

    /// Protocol v1 fingerprint of the current sum for a range of `count` items.
    #[inline]
    fn fingerprint(&self, count: u64) -> Fingerprint {
        self.sum().fingerprint(count)
    }
}

/// The seed PR's *before*: every `add` allocates a 32-byte `Vec`, computes the four lanes into
/// it with `Wrapping` arithmetic and carry comparisons, copies it over the state and frees it.
///
/// **Lab baseline only.** It exists so the lab can show what one heap allocation per add
/// costs (about 100,000 extra allocations for a 100,000-item store); nothing should use it.
#[derive(Clone, Default, Debug)]
pub struct ScratchVec {
    buf: [u8; ID_SIZE],
}

impl Accumulator for ScratchVec {
    const NAME: &'static str = "scratch-vec";

    fn add(&mut self, id: &[u8; ID_SIZE]) {
        let mut scratch: Vec<u8> = vec![0u8; ID_SIZE];
        let mut carry = Wrapping(0u64);
        for lane in 0..4 {
            let ours = Wrapping(le_lane(&self.buf, lane));
            let theirs = Wrapping(le_lane(id, lane));
            let mut next_carry = Wrapping(0u64);
            let mut next = ours + carry;
            if next < ours {
                next_carry = Wrapping(1);
            }
            next += theirs;
            if next < theirs {
                next_carry = Wrapping(1);
            }
            scratch[lane * 8..lane * 8 + 8].copy_from_slice(&next.0.to_le_bytes());
            carry = next_carry;
        }
        // The seed's allocation was real; keep the optimiser from eliding this one so the
        // baseline measures what the seed measured.
        let scratch = std::hint::black_box(scratch);
        self.buf.copy_from_slice(&scratch);
    }

    fn sum(&self) -> Sum256 {
        Sum256::from_le_bytes(&self.buf)
    }
}

/// The seed PR's *after*: the state stays a 32-byte buffer; each lane is read, added with
/// `overflowing_add` (two of them, for the operand and the incoming carry) and written back.
#[derive(Clone, Default, Debug)]
pub struct InPlace {
    buf: [u8; ID_SIZE],
}

impl Accumulator for InPlace {
    const NAME: &'static str = "in-place";

    #[inline]
    fn add(&mut self, id: &[u8; ID_SIZE]) {
        let mut carry = 0u64;
        for lane in 0..4 {
            let ours = le_lane(&self.buf, lane);
            let theirs = le_lane(id, lane);
            let (sum, carry_1) = ours.overflowing_add(theirs);
            let (sum, carry_2) = sum.overflowing_add(carry);
            self.buf[lane * 8..lane * 8 + 8].copy_from_slice(&sum.to_le_bytes());
            carry = (carry_1 | carry_2) as u64;
        }
    }

    #[inline]
    fn sum(&self) -> Sum256 {
        Sum256::from_le_bytes(&self.buf)
    }
}

/// Native `u64` limbs and one 128-bit add per limb: the compiler turns the whole add into a
/// straight `add`/`adc`/`adc`/`adc` chain with no byte shuffling and no flag materialising.
#[derive(Clone, Default, Debug)]
pub struct CarryChain {
    limbs: [u64; 4],
}

impl Accumulator for CarryChain {
    const NAME: &'static str = "carry-chain";

    #[inline]
    fn add(&mut self, id: &[u8; ID_SIZE]) {
        self.limbs = add_limbs(self.limbs, le_lanes(id));
    }

    #[inline]
    fn sum(&self) -> Sum256 {
        Sum256::from_limbs(self.limbs)
    }
}

/// The sum as two `u128` halves: the low half's overflow is the only explicit carry.
#[derive(Clone, Default, Debug)]
pub struct U128Halves {
    low: u128,
    high: u128,
}

impl Accumulator for U128Halves {
    const NAME: &'static str = "u128-halves";

    #[inline]
    fn add(&mut self, id: &[u8; ID_SIZE]) {
        let [l0, l1, l2, l3] = le_lanes(id);
        let low = (l1 as u128) << 64 | l0 as u128;
        let high = (l3 as u128) << 64 | l2 as u128;
        let (sum_low, carry) = self.low.overflowing_add(low);
        self.low = sum_low;
        self.high = self.high.wrapping_add(high).wrapping_add(carry as u128);
    }

    #[inline]
    fn sum(&self) -> Sum256 {
        Sum256::from_limbs([
            self.low as u64,
            (self.low >> 64) as u64,
            self.high as u64,
            (self.high >> 64) as u64,
        ])
    }
}

/// Four independent 128-bit lane sums: an add touches no other lane, so there is no carry
/// chain across lanes in the hot loop. Carries out of each lane's low 64 bits pile up in its
/// high 64 bits and are folded in when the sum is read.
///
/// A lane's high half counts carries, at most one per add, so it is exact for fewer than
/// 2^64 adds, more than any store can hold.
#[derive(Clone, Default, Debug)]
pub struct DeferredCarry {
    lanes: [u128; 4],
}

impl Accumulator for DeferredCarry {
    const NAME: &'static str = "deferred-carry";

    #[inline]
    fn add(&mut self, id: &[u8; ID_SIZE]) {
        let lanes = le_lanes(id);
        for (sum, lane) in self.lanes.iter_mut().zip(lanes) {
            *sum = sum.wrapping_add(lane as u128);
        }
    }

    #[inline]
    fn sum(&self) -> Sum256 {
        let mut limbs = [0u64; 4];
        let mut carry = 0u128;
        for (limb, lane) in limbs.iter_mut().zip(self.lanes) {
            // lane < 2^128 and carry < 2^64 (see the type's doc), so this cannot overflow
            // unless the type's documented add limit was exceeded; wrap rather than panic.
            let wide = lane.wrapping_add(carry);
            *limb = wide as u64;
            carry = wide >> 64;
        }
        Sum256::from_limbs(limbs)
    }
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::*;

    fn all_sums(ids: &[[u8; ID_SIZE]]) -> [Sum256; 5] {
        fn run<A: Accumulator>(ids: &[[u8; ID_SIZE]]) -> Sum256 {
            let mut acc = A::default();
            for id in ids {
                acc.add(id);
            }
            acc.sum()
        }
        [
            run::<ScratchVec>(ids),
            run::<InPlace>(ids),
            run::<CarryChain>(ids),
            run::<U128Halves>(ids),
            run::<DeferredCarry>(ids),
        ]
    }

    #[test]
    fn carry_crosses_every_lane_and_wraps() {
        let mut one = [0u8; ID_SIZE];
        one[0] = 1;
        for sum in all_sums(&[[0xff; ID_SIZE], one]) {
            assert_eq!(sum, Sum256::ZERO);
        }
        for lane in 0..3 {
            let mut full = [0u8; ID_SIZE];
            full[lane * 8..lane * 8 + 8].copy_from_slice(&[0xff; 8]);
            let mut expected = [0u8; ID_SIZE];
            expected[(lane + 1) * 8] = 1;
            let mut low_one = [0u8; ID_SIZE];
            low_one[lane * 8] = 1;
            for sum in all_sums(&[full, low_one]) {
                assert_eq!(sum.to_le_bytes(), expected, "lane {lane}");
            }
        }
    }

    #[test]
    fn fingerprint_is_sha256_for_every_varint_length() {
        let sum = Sum256::from_limbs([1, 2, 3, u64::MAX]);
        for count in [0, 1, 127, 128, 1 << 20, 1 << 40, u64::MAX] {
            let mut input = sum.to_le_bytes().to_vec();
            crate::varint::encode(count, &mut input);
            let digest = Sha256::digest(&input);
            assert_eq!(sum.fingerprint(count).0[..], digest[..16], "count {count}");
        }
    }

    #[test]
    fn fingerprint_matches_protocol_definition() {
        // SHA-256 of 32 zero bytes followed by varint(0) = 0x00.
        let fingerprint = Sum256::ZERO.fingerprint(0);
        let digest = Sha256::digest([0u8; 33]);
        assert_eq!(fingerprint.0[..], digest[..16]);
        // varint(300) = 0x82 0x2c
        let mut input = [0u8; 34];
        input[32] = 0x82;
        input[33] = 0x2c;
        let digest = Sha256::digest(input);
        assert_eq!(Sum256::ZERO.fingerprint(300).0[..], digest[..16]);
    }

    #[test]
    fn sub_undoes_add() {
        let a = Sum256::from_limbs([5, 0, 0, 0]);
        let b = Sum256::from_limbs([7, 0, 0, 0]);
        let diff = a.wrapping_sub(b);
        assert_eq!(diff.limbs(), [u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX]);
        assert_eq!(diff.wrapping_add(b), a);
    }
}
